// core/decimal_number.hpp, the web build's strtod (platform/web/strtod.cpp), and the expected
// values checked against the C library's strtod.
#include <doctest/doctest.h>

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/decimal_number.hpp"

namespace {

struct Case {
    const char* text;
    double value;
    std::size_t read;  // how many characters strtod takes
};

// Values written as hexadecimal floats, so they do not depend on a strtod.
const Case cases[] = {
    {"0", 0.0, 1},
    {"1.25", 0x1.4p+0, 4},
    {"-0.5e3", -500.0, 6},
    {"0.1", 0x1.999999999999ap-4, 3},
    {"  7", 7.0, 3},
    {".5", 0.5, 2},
    {"5.", 5.0, 2},
    {"+3", 3.0, 2},
    {"12abc", 12.0, 2},
    {"1e", 1.0, 1},
    {"1e+", 1.0, 1},
    {"2E-2x", 0x1.47ae147ae147bp-6, 4},
    {"123456789012345", 123456789012345.0, 15},
    {"1e22", 1e22, 4},
    {"0.000001", 0x1.0c6f7a0b5ed8dp-20, 8},
    {"1e23", 0x1.52d02c7e14af6p+76, 4},
    {"0.30000000000000004", 0x1.3333333333334p-2, 19},
    {"9007199254740993", 0x1p+53, 16},
    {"2.2250738585072011e-308", 0x0.fffffffffffffp-1022, 23},
    {"1.7976931348623157e308", 0x1.fffffffffffffp+1023, 22},
    {"123456789012345678901234567890", 0x1.8ee90ff6c373ep+96, 30},
    {"0.1000000000000000055511151231257827", 0x1.999999999999ap-4, 36},
    {"-0", -0.0, 2},
    {"4.9e-324", 0x0.0000000000001p-1022, 8},
};

double not_called(const char*, std::size_t) {
    FAIL("the exact reader was asked for a number read exactly without it");
    return 0;
}

std::string asked;
double remember(const char* text, std::size_t length) {
    asked.assign(text, length);
    return 42.0;
}

double native_exact(const char* text, std::size_t length) { return std::strtod(std::string(text, length).c_str(), nullptr); }

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

#ifdef __EMSCRIPTEN__
extern "C" double czary_number_of_text(const char* text, int length);  // platform/web/strtod.cpp
namespace {
double browser_number(const char* text, std::size_t length) { return czary_number_of_text(text, static_cast<int>(length)); }
}  // namespace

// What the web app's strtod is: the browser's Number() for what is not read exactly without it.
TEST_CASE("the web build's strtod reads decimal numbers correctly rounded, and stops where the number does") {
    for (const Case& c : cases) {
        CAPTURE(c.text);
        char* end = nullptr;
        CHECK(same_bits(czary::read_decimal_number(c.text, &end, &browser_number), c.value));
        CHECK(static_cast<std::size_t>(end - c.text) == c.read);
    }
    char* end = nullptr;
    errno = 0;
    CHECK(czary::read_decimal_number("-1e400", &end, &browser_number) == -HUGE_VAL);
    CHECK(errno == ERANGE);
    errno = 0;
    CHECK(czary::read_decimal_number("1e-400", &end, &browser_number) == 0.0);
    CHECK(errno == ERANGE);
}
#endif

TEST_CASE("the expected values are the C library's: its strtod reads them so") {
    for (const Case& c : cases) {
        CAPTURE(c.text);
        char* end = nullptr;
        CHECK(same_bits(std::strtod(c.text, &end), c.value));
        CHECK(static_cast<std::size_t>(end - c.text) == c.read);
    }
    char* end = nullptr;
    const char* nothing[] = {"", ".", "-", "+.e1", "x1", "e5"};
    for (const char* text : nothing) {
        CAPTURE(text);
        CHECK(std::strtod(text, &end) == 0.0);
        CHECK(end == text);
    }
    errno = 0;
    CHECK(std::strtod("1e400", &end) == HUGE_VAL);
    CHECK(errno == ERANGE);
    CHECK(std::strtod("-1e400", &end) == -HUGE_VAL);
    errno = 0;
    CHECK(std::strtod("1e-400", &end) == 0.0);
    CHECK(errno == ERANGE);
    CHECK(std::strtod("-Infinity", &end) == -HUGE_VAL);
    CHECK(std::strlen(end) == 0);
    CHECK(std::strtod("inf", &end) == HUGE_VAL);
    CHECK(std::isnan(std::strtod("NaN", &end)));
    CHECK(std::atof("2.5") == 2.5);
}

TEST_CASE("a decimal number is read without the exact reader only where that is exact") {
    const char* exact_here[] = {"1.25", "-0.5e3", "0.1", "123456789012345", "1e22", "0.000001", "1e-22", "-0", "007.50"};
    for (const char* text : exact_here) {
        CAPTURE(text);
        char* end = nullptr;
        CHECK(same_bits(czary::read_decimal_number(text, &end, &not_called), native_exact(text, std::strlen(text))));
        CHECK(*end == '\0');
    }
    // Anything else goes to the exact reader with its text, sign included, and nothing after it.
    const char* asked_for[][2] = {{"1e23", "1e23"},
                                  {" -0.30000000000000004,", "-0.30000000000000004"},
                                  {"1234567890123456", "1234567890123456"},
                                  {"1e-23", "1e-23"},
                                  {"5e400x", "5e400"}};
    for (const auto& pair : asked_for) {
        const char* text = pair[0];
        const char* number = pair[1];
        CAPTURE(text);
        char* end = nullptr;
        asked.clear();
        CHECK(czary::read_decimal_number(text, &end, &remember) == 42.0);
        CHECK(asked == number);
        CHECK(std::string(text).find(number) + std::strlen(number) == static_cast<std::size_t>(end - text));
    }
}

#ifndef __EMSCRIPTEN__
// Natively strtod is the C library's: every number written by %.17g, %.15g and %g, and numbers of
// up to 15 digits with a point anywhere, read as it reads them.
TEST_CASE("a decimal number is read as the C library reads it") {
    std::mt19937_64 random(20261207);
    std::uniform_real_distribution<double> exponent(-330, 310);
    char text[64];
    for (int i = 0; i < 30000; ++i) {
        const double value = std::pow(10.0, exponent(random)) * (random() % 2 ? 1 : -1);
        const char* formats[] = {"%.17g", "%.15g", "%g", "%.3f"};
        for (const char* format : formats) {
            std::snprintf(text, sizeof text, format, value);
            char* ours = nullptr;
            char* theirs = nullptr;
            const double read = czary::read_decimal_number(text, &ours, &native_exact);
            const double expected = std::strtod(text, &theirs);
            if (!same_bits(read, expected) || ours != theirs) {
                CAPTURE(text);
                FAIL("read differently");
            }
        }
        std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(random() % 1000000000000000ULL));
        const std::size_t length = std::strlen(text);
        const std::size_t point = random() % (length + 1);
        std::memmove(text + point + 1, text + point, length - point + 1);
        text[point] = '.';
        if (length == 1 && point <= 1) continue;
        char* ours = nullptr;
        const double read = czary::read_decimal_number(text, &ours, &not_called);
        if (!same_bits(read, std::strtod(text, nullptr))) {
            CAPTURE(text);
            FAIL("read differently");
        }
    }
}
#endif
