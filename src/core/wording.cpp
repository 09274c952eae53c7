#include "core/wording.hpp"

#include <charconv>
#include <cstdlib>
#include <vector>

namespace czary {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> pieces;
    for (std::size_t start = 0;;) {
        const auto at = text.find(separator, start);
        pieces.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return pieces;
        start = at + 1;
    }
}

// The part's value for one placeholder's inside ("name", "name:acc", "name|one|few|many"),
// appended to `out`; false, with `out` as it was, when it names no part.
bool filled(std::string_view inside, const Args& parts, std::string_view language, std::string& out) {
    if (const auto question = inside.find('?'); question != std::string_view::npos) {
        // {figure?zaznaczył|zaznaczyła|zaznacza}: the form for the part's gender, else the last.
        const LocalizedText* part = parts.find(inside.substr(0, question));
        const auto forms = split(inside.substr(question + 1), '|');
        if (!part || forms.size() < 2) return false;
        const auto gender = part->pl_cases().find(std::string_view("gender"));
        const std::string_view known = gender == part->pl_cases().end() ? std::string_view() : std::string_view(gender->second);
        out.append(known == "m" ? forms[0] : known == "f" ? forms[1] : forms.back());
        return true;
    }
    if (inside.find('|') != std::string_view::npos) {
        const auto forms = split(inside, '|');
        const LocalizedText* part = parts.find(forms[0]);
        if (!part || forms.size() < 3) return false;
        const std::string& number = part->in(language);
        long long n = 0;
        const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), n);
        if (error != std::errc() || end != number.data() + number.size()) return false;
        const std::string_view many = forms.size() > 3 ? forms[3] : forms[2];
        out += counted(n, language, forms[1], forms[2], many);
        return true;
    }
    const auto colon = inside.find(':');
    const LocalizedText* part = parts.find(inside.substr(0, colon));
    if (!part) return false;
    out += colon != std::string_view::npos && language != "en" ? part->pl_case(inside.substr(colon + 1)) : part->in(language);
    return true;
}

}  // namespace

PluralForm polish_plural(long long n) {
    n = std::llabs(n);
    if (n == 1) return PluralForm::One;
    const long long last = n % 10, last_two = n % 100;
    if (last >= 2 && last <= 4 && !(last_two >= 12 && last_two <= 14)) return PluralForm::Few;
    return PluralForm::Many;
}

std::string counted(long long n, std::string_view language, std::string_view one, std::string_view few, std::string_view many) {
    std::string_view form;
    if (language == "en") form = std::llabs(n) == 1 ? one : few;
    else {
        switch (polish_plural(n)) {
            case PluralForm::One: form = one; break;
            case PluralForm::Few: form = few; break;
            case PluralForm::Many: form = many; break;
        }
    }
    return std::to_string(n) + " " + std::string(form);
}

std::string fill_template(std::string_view text, const Args& parts, std::string_view language) {
    std::string out;
    out.reserve(text.size() + 32);  // names put in are longer than their placeholders
    std::size_t at = 0;
    while (at < text.size()) {
        const auto open = text.find('{', at);
        const auto close = open == std::string_view::npos ? open : text.find('}', open);
        if (close == std::string_view::npos) {
            out.append(text.substr(at));
            break;
        }
        out.append(text.substr(at, open - at));
        if (!filled(text.substr(open + 1, close - open - 1), parts, language, out)) out.append(text.substr(open, close - open + 1));
        at = close + 1;
    }
    return out;
}

}  // namespace czary
