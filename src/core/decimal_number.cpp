#include "core/decimal_number.hpp"

#include <cerrno>
#include <cmath>
#include <cstdint>

namespace czary {
namespace {

bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// How many letters of `word` begin `text`, case aside.
std::size_t matching(const char* text, const char* word) {
    std::size_t n = 0;
    while (word[n] && lower(text[n]) == word[n]) ++n;
    return n;
}

constexpr double powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

}  // namespace

double read_decimal_number(const char* text, char** end, double (*exact)(const char* number, std::size_t length)) {
    const char* p = text;
    while (is_space(*p)) ++p;
    const char* start = p;
    const bool negative = *p == '-';
    if (*p == '-' || *p == '+') ++p;
    const auto finish = [&](const char* at, double value) {
        if (end) *end = const_cast<char*>(at);
        return negative ? -value : value;
    };

    if (!is_digit(*p) && !(*p == '.' && is_digit(p[1]))) {
        if (matching(p, "inf") == 3) return finish(p + (matching(p, "infinity") == 8 ? 8 : 3), HUGE_VAL);
        if (matching(p, "nan") == 3) return finish(p + 3, NAN);
        if (end) *end = const_cast<char*>(text);
        return 0.0;
    }

    // The significant digits (leading zeros aside) into `digits`, as many as it holds exactly;
    // `scale` is the power of ten that puts the point where the text has it.
    std::uint64_t digits = 0;
    int significant = 0, scale = 0;
    bool dropped = false;  // a digit other than 0 did not fit in `digits`
    bool point = false;
    for (;; ++p) {
        if (*p == '.' && !point) {
            point = true;
            continue;
        }
        if (!is_digit(*p)) break;
        if (digits == 0 && *p == '0') {
            if (point) --scale;
            continue;
        }
        if (significant < 19) {
            digits = digits * 10 + static_cast<std::uint64_t>(*p - '0');
            ++significant;
            if (point) --scale;
        } else {
            dropped = dropped || *p != '0';
            if (!point) ++scale;
        }
    }
    // An exponent counts only with a digit after it ("1e" is 1, and "e" is left unread).
    if (lower(*p) == 'e') {
        const char* q = p + 1;
        const bool exponent_negative = *q == '-';
        if (*q == '-' || *q == '+') ++q;
        if (is_digit(*q)) {
            int exponent = 0;
            for (; is_digit(*q); ++q)
                if (exponent < 100000) exponent = exponent * 10 + (*q - '0');
            scale += exponent_negative ? -exponent : exponent;
            p = q;
        }
    }

    if (digits == 0) return finish(p, 0.0);
    if (significant <= 15 && !dropped && scale >= -22 && scale <= 22) {
        const double whole = static_cast<double>(digits);  // exact: below 2^53
        return finish(p, scale < 0 ? whole / powers_of_ten[-scale] : whole * powers_of_ten[scale]);
    }
    const double value = exact(start, static_cast<std::size_t>(p - start));
    if (std::isinf(value) || value == 0.0) errno = ERANGE;
    if (end) *end = const_cast<char*>(p);
    return value;  // the sign is in the text given to `exact`
}

}  // namespace czary
