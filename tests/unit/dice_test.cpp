// 3.1, 3.2: dice codes, K3, distributions, the generator.
#include <doctest/doctest.h>

#include <cmath>

#include "core/dice.hpp"

using czary::DiceCode;

TEST_CASE("3.1: dice codes parse, with the counters' short form") {
    auto code = DiceCode::parse("2K6+2");
    REQUIRE(code);
    CHECK(code->count == 2);
    CHECK(code->sides == 6);
    CHECK(code->add == 2);
    CHECK(DiceCode::parse("1K3x2")->multiply == 2);
    CHECK(DiceCode::parse("2+2")->to_string() == "2K6+2");
    CHECK(DiceCode::parse("1+1")->sides == 6);
    CHECK(DiceCode::parse("2K3+1")->max() == 7);
    CHECK(DiceCode::parse("2")->min() == 2);
    CHECK_FALSE(DiceCode::parse("1K4"));
    CHECK_FALSE(DiceCode::parse("K6"));
    CHECK_FALSE(DiceCode::parse("1K6+"));
    CHECK_FALSE(DiceCode::parse("2K6 + 2"));
}

TEST_CASE("3.1: a K3 is a six-sided die halved, rounded up") {
    CHECK(czary::k3_from_pip(1) == 1);
    CHECK(czary::k3_from_pip(2) == 1);
    CHECK(czary::k3_from_pip(3) == 2);
    CHECK(czary::k3_from_pip(4) == 2);
    CHECK(czary::k3_from_pip(5) == 3);
    CHECK(czary::k3_from_pip(6) == 3);
    CHECK(DiceCode::parse("1K3x2")->total({5}) == 6);
    CHECK(DiceCode::parse("1K3+1")->total({2}) == 2);
}

TEST_CASE("exact distributions: 2K6+2 and 1K3x2") {
    auto two = DiceCode::parse("2K6+2")->distribution();
    CHECK(two.size() == 11);
    CHECK(two[9] == doctest::Approx(6.0 / 36));
    CHECK(two[4] == doctest::Approx(1.0 / 36));
    auto lightning = DiceCode::parse("1K3x2")->distribution();
    CHECK(lightning.size() == 3);
    CHECK(lightning[2] == doctest::Approx(1.0 / 3));
    CHECK(lightning[6] == doctest::Approx(1.0 / 3));
}

TEST_CASE("the generator's six faces are fair (chi-square, 5 degrees of freedom)") {
    czary::Rng rng{20261202};
    const int rolls = 60000;
    int counts[7] = {};
    for (int i = 0; i < rolls; ++i) ++counts[rng.d6()];
    double chi_square = 0;
    for (int face = 1; face <= 6; ++face) {
        const double expected = rolls / 6.0;
        chi_square += (counts[face] - expected) * (counts[face] - expected) / expected;
    }
    CHECK(chi_square < 20.5);  // p = 0.001
}
