// C's strtod for the web build, in place of the C library's: its own reads every number through
// scanf's machinery with 128-bit long doubles in software, 6 KB gzip of the wasm for what here
// reads JSON's numbers (nlohmann) and SDL's hints. The exact cases are read in C++
// (core/decimal_number.hpp), the rest by the browser's Number(), which rounds correctly.
// strtof and strtold are defined with it: the C library's object holds all three, and taking
// it for one would bring the other strtod too. All three are weak: a program that takes that
// object for another of its symbols (the unit tests' iostreams read through strtold_l) uses the
// C library's whole; the app's link has the same check (the wasm's size, scripts/bench.sh).
#include <emscripten.h>

#include <cstddef>
#include <cstdlib>

#include "core/decimal_number.hpp"

EM_JS(double, czary_number_of_text, (const char* text, int length), { return Number(UTF8ToString(text, length)); });

namespace {

double number_of_text(const char* text, std::size_t length) { return czary_number_of_text(text, static_cast<int>(length)); }

}  // namespace

extern "C" {
__attribute__((weak)) double strtod(const char* text, char** end) { return czary::read_decimal_number(text, end, &number_of_text); }
// Rounded twice (to double, then to float); nothing here reads a float or a long double from text.
__attribute__((weak)) float strtof(const char* text, char** end) { return static_cast<float>(strtod(text, end)); }
__attribute__((weak)) long double strtold(const char* text, char** end) { return strtod(text, end); }
}
