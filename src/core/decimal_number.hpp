#pragma once

#include <cstddef>

namespace czary {

// A decimal number read from text as C's strtod reads it: spaces first, a sign, digits with or
// without a point, an exponent ("e-3"), or "inf", "infinity", "nan". `end` (may be null) is set
// after what was read, or to `text` when nothing was. Hexadecimal ("0x1p3") is not read: the web
// build's strtod (platform/web/strtod.cpp) is this function, and nothing there gives one (JSON's
// numbers, SDL's hints).
//
// Exact without big numbers where that is exact (Clinger): up to 15 significant digits and a
// power of ten up to 10^22. Any other number is handed to `exact` (its text from the sign to the
// last digit read), which must round it correctly: the browser's Number() on the web, strtod
// natively in the tests. Too large gives +-HUGE_VAL and too small 0, with errno ERANGE.
double read_decimal_number(const char* text, char** end, double (*exact)(const char* number, std::size_t length));

}  // namespace czary
