#pragma once
// Dice codes of chapter 3 and the rolls of a session: from real dice at the table or from the
// session's own seeded generator, every roll recorded with its purpose.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/localized_text.hpp"

namespace czary {

// nKm[+a|-a|xa]: n dice of m sides (6, or 3 = a six-sided die halved, rounded up); a number
// added, subtracted or multiplied. The counters' short form "2+2" means 2K6+2 (3.1, 3.2).
struct DiceCode {
    int count = 0;
    int sides = 6;
    int add = 0;
    int multiply = 1;

    static std::optional<DiceCode> parse(std::string_view text);
    std::string to_string() const;
    int min() const;
    int max() const;
    // Exact distribution of the total: value -> probability.
    std::map<int, double> distribution() const;
    // The total for the given six-sided pips (one per die; a K3 halves its pip).
    int total(const std::vector<int>& pips) const;
};

// A dice code as the cards write it: "1K3×2" (typed and stored as "1K3x2", 3.1).
std::string shown_code(std::string code);

// A K3 is a six-sided die halved, rounded up: 1-2 -> 1, 3-4 -> 2, 5-6 -> 3.
int k3_from_pip(int pip);

// splitmix64: tiny, fast, and its whole state is one number kept in the session.
struct Rng {
    std::uint64_t state = 0;
    std::uint64_t next();
    int d6();
};

struct RollRecord {
    std::string purpose;  // "resist", "damage", "sun", "use_limit", ...
    std::string figure;   // whose roll it is, if anyone's
    std::string code;     // "1K6", "1K3x2", ...
    std::vector<int> pips;
    int total = 0;
    std::string source;   // "table" (real dice supplied) or "app" (the session's generator)
};

// A roll's arithmetic as the player checks it against the dice: "3 + 1 + 2 = 6" for 2K6+2,
// "5→3 × 2 = 6" for 1K3x2 (a K3 shows its pip and its value), "(2 + 6) × 4 = 32". roll_tail is
// what follows dice already drawn with their numbers: "+ 2 = 6", "× 2 = 6", "= 4".
std::string roll_arithmetic(const RollRecord& roll);
std::string roll_tail(const RollRecord& roll);

// Words for a roll in a refusal: what it is for and whose it is ("odporność postaci Troll 1"),
// from a roll's purpose and figure id.
using RollWords = std::function<LocalizedText(const std::string& purpose, const std::string& figure)>;

// Hands out pips: first those supplied with the action (real dice), else the generator's.
class DiceSource {
public:
    DiceSource(Rng& rng, std::optional<std::vector<int>> supplied, RollWords words = {})
        : rng_(rng), supplied_(std::move(supplied)), words_(std::move(words)) {}

    // Rolls a code; throws Refused("not_enough_dice") when supplied dice run out, naming the roll
    // in words (RollWords; without them its purpose as it is) and the dice it still lacks.
    int roll(const DiceCode& code, const std::string& purpose, const std::string& figure = {});
    int roll(std::string_view code, const std::string& purpose, const std::string& figure = {});
    const std::vector<RollRecord>& records() const { return records_; }
    // The rolls handed over once the action is done (each holds four texts and its pips).
    std::vector<RollRecord> take_records() { return std::move(records_); }
    bool from_table() const { return supplied_.has_value(); }
    // Refuses ("too_many_dice") if supplied dice were left unused.
    void check_all_used() const;

private:
    Rng& rng_;
    std::optional<std::vector<int>> supplied_;
    RollWords words_;
    std::size_t next_supplied_ = 0;
    std::vector<RollRecord> records_;
};

}  // namespace czary
