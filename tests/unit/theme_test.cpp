// The theme's colours (src/controller/theme.hpp): every text readable on what it is drawn on.
#include <doctest/doctest.h>

#include "controller/theme.hpp"

using namespace czary::theme;

TEST_CASE("contrast follows WCAG 2: black on white is 21:1, a colour on itself 1:1") {
    CHECK(contrast({0, 0, 0}, {255, 255, 255}) == doctest::Approx(21.0));
    CHECK(contrast({118, 118, 118}, {255, 255, 255}) == doctest::Approx(4.54).epsilon(0.01));
    CHECK(contrast(text, text) == doctest::Approx(1.0));
}

TEST_CASE("theme: every text has a contrast of at least 4.5:1 on its background") {
    const auto pairs = text_pairs();
    REQUIRE(pairs.size() > 30);
    for (const auto& pair : pairs) {
        INFO(pair.what, ": ", contrast(pair.text, pair.background));
        CHECK(contrast(pair.text, pair.background) >= 4.5);
    }
}
