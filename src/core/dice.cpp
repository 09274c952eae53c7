#include "core/dice.hpp"

#include <cctype>

#include "core/refusal.hpp"

namespace czary {
namespace {

bool read_number(std::string_view text, std::size_t& at, int& value) {
    const std::size_t start = at;
    value = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) {
        value = value * 10 + (text[at] - '0');
        if (value > 1000) return false;
        ++at;
    }
    return at > start;
}

}  // namespace

int k3_from_pip(int pip) { return (pip + 1) / 2; }

std::optional<DiceCode> DiceCode::parse(std::string_view text) {
    DiceCode code;
    std::size_t at = 0;
    int first = 0;
    if (!read_number(text, at, first)) return std::nullopt;
    if (at == text.size()) {  // a fixed number, as Wybuch's 2 wounds
        code.count = 0;
        code.add = first;
        return code;
    }
    if (first == 0) return std::nullopt;
    code.count = first;
    if (at < text.size() && (text[at] == 'K' || text[at] == 'k')) {
        ++at;
        if (!read_number(text, at, code.sides) || (code.sides != 6 && code.sides != 3)) return std::nullopt;
    } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
        code.sides = 6;  // counters' short form: "2+2" is 2K6+2
    } else {
        return std::nullopt;
    }
    if (at < text.size()) {
        const char op = text[at++];
        int number = 0;
        if (!read_number(text, at, number)) return std::nullopt;
        if (op == '+') code.add = number;
        else if (op == '-') code.add = -number;
        else if (op == 'x' || op == 'X' || op == '*') code.multiply = number;
        else return std::nullopt;
    }
    if (at != text.size() || code.count > 20) return std::nullopt;
    return code;
}

std::string shown_code(std::string code) {
    for (std::size_t at = code.find_first_of("xX"); at != std::string::npos; at = code.find_first_of("xX", at)) code.replace(at, 1, "×");
    return code;
}

std::string DiceCode::to_string() const {
    if (count == 0) return std::to_string(add);
    std::string text = std::to_string(count) + "K" + std::to_string(sides);
    if (multiply != 1) text += "x" + std::to_string(multiply);
    if (add > 0) text += "+" + std::to_string(add);
    if (add < 0) text += std::to_string(add);
    return text;
}

int DiceCode::min() const { return count * multiply + add; }
int DiceCode::max() const { return count * sides * multiply + add; }

std::map<int, double> DiceCode::distribution() const {
    std::map<int, double> sums{{0, 1.0}};
    for (int die = 0; die < count; ++die) {
        std::map<int, double> next;
        for (const auto& [sum, p] : sums)
            for (int face = 1; face <= sides; ++face) next[sum + face] += p / sides;
        sums = std::move(next);
    }
    std::map<int, double> totals;
    for (const auto& [sum, p] : sums) totals[sum * multiply + add] += p;
    return totals;
}

int DiceCode::total(const std::vector<int>& pips) const {
    int sum = 0;
    for (int pip : pips) sum += sides == 3 ? k3_from_pip(pip) : pip;
    return sum * multiply + add;
}

namespace {

// The modifier of a code, as it is applied after the dice: " × 2", " + 2", " − 1".
std::string modifiers(const DiceCode& code) {
    std::string text;
    if (code.multiply != 1) text += " × " + std::to_string(code.multiply);
    if (code.add > 0) text += " + " + std::to_string(code.add);
    if (code.add < 0) text += " − " + std::to_string(-static_cast<long long>(code.add));
    return text;
}

}  // namespace

std::string roll_arithmetic(const RollRecord& roll) {
    const auto code = DiceCode::parse(roll.code);
    const bool k3 = code && code->sides == 3;
    std::string dice;
    for (int pip : roll.pips)
        dice += (dice.empty() ? "" : " + ") + std::to_string(pip) + (k3 ? "→" + std::to_string(k3_from_pip(pip)) : "");
    if (code && code->multiply != 1 && roll.pips.size() > 1) dice = "(" + dice + ")";
    return dice + (code ? modifiers(*code) : "") + " = " + std::to_string(roll.total);
}

std::string roll_tail(const RollRecord& roll) {
    const auto code = DiceCode::parse(roll.code);
    const std::string before = code ? modifiers(*code) : "";
    return (before.empty() ? "" : before.substr(1) + " ") + "= " + std::to_string(roll.total);
}

std::uint64_t Rng::next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int Rng::d6() {
    // Rejection keeps the six faces exactly equally likely.
    constexpr std::uint64_t limit = UINT64_MAX - UINT64_MAX % 6;
    std::uint64_t value;
    do value = next(); while (value >= limit);
    return static_cast<int>(value % 6) + 1;
}

int DiceSource::roll(const DiceCode& code, const std::string& purpose, const std::string& figure) {
    if (code.count == 0) return code.add;
    RollRecord record{purpose, figure, code.to_string(), {}, 0, supplied_ ? "table" : "app"};
    for (int die = 0; die < code.count; ++die) {
        if (supplied_) {
            if (next_supplied_ >= supplied_->size()) {
                const int missing = code.count - die;
                refuse("not_enough_dice", "3.1", "roll", words_ ? words_(purpose, figure) : LocalizedText(purpose),
                       "code", shown_code(code.to_string()), "missing", std::to_string(missing));
            }
            record.pips.push_back((*supplied_)[next_supplied_++]);
        } else {
            record.pips.push_back(rng_.d6());
        }
    }
    const int total = record.total = code.total(record.pips);
    records_.push_back(std::move(record));
    return total;
}

int DiceSource::roll(std::string_view code, const std::string& purpose, const std::string& figure) {
    return roll(*DiceCode::parse(code), purpose, figure);
}

void DiceSource::check_all_used() const {
    if (supplied_ && next_supplied_ < supplied_->size())
        refuse("too_many_dice", "3.1", "used", std::to_string(next_supplied_), "given", std::to_string(supplied_->size()));
}

}  // namespace czary
