// The dice tray's action: roll_dice rolls any code of chapter 3 (3.1) and changes nothing else.
#include "table.hpp"

TEST_CASE("3.1 roll_dice: the app's generator rolls the code; only the generator and the log change") {
    test::Table t;
    t.party();
    const auto figures_before = czary::state_to_json(t.state())["figures"].dump();
    const auto rng_before = t.state().rng.state;
    const auto result = t.ok({{"type", "roll_dice"}, {"code", "2K6+2"}, {"purpose", "trap"}});
    REQUIRE(result.rolls.size() == 1);
    const auto& roll = result.rolls[0];
    CHECK(roll.code == "2K6+2");
    CHECK(roll.purpose == "trap");
    CHECK(roll.source == "app");
    REQUIRE(roll.pips.size() == 2);
    CHECK(roll.total == roll.pips[0] + roll.pips[1] + 2);
    CHECK(result.outcome["total"] == roll.total);
    CHECK(czary::state_to_json(t.state())["figures"].dump() == figures_before);
    CHECK(t.state().rng.state != rng_before);
    REQUIRE(result.log.size() == 1);
    CHECK(result.log[0].rule == "3.1");
    CHECK(result.log[0].text.pl.find("→ " + std::to_string(roll.total)) != std::string::npos);
}

TEST_CASE("3.1 roll_dice: real dice from the table; a K3 halves the pip; the counters' 2+2 is 2K6+2") {
    test::Table t;
    t.party();
    auto result = t.ok({{"type", "roll_dice"}, {"code", "1K3x2"}, {"dice", {5}}, {"figure", "c2"}});
    CHECK(result.rolls[0].source == "table");
    CHECK(result.rolls[0].figure == "c2");
    CHECK(result.rolls[0].pips == std::vector<int>{5});
    CHECK(result.rolls[0].total == 6);  // 5 -> K3 3, x2
    result = t.ok({{"type", "roll_dice"}, {"code", "2+2"}, {"dice", {1, 4}}});
    CHECK(result.rolls[0].code == "2K6+2");
    CHECK(result.rolls[0].total == 7);
    CHECK(result.rolls[0].purpose == "tray");
    result = t.ok({{"type", "roll_dice"}, {"code", "2K3+1"}, {"dice", {2, 6}}});
    CHECK(result.rolls[0].total == 5);  // 1 + 3 + 1
}

TEST_CASE("3.1 roll_dice: a code that is not a dice code, wrong pips and unknown figures are refused") {
    test::Table t;
    t.party();
    t.refused({{"type", "roll_dice"}, {"code", "3K7"}}, "bad_dice_code", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "5"}}, "bad_dice_code", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "1K6"}, {"dice", {1, 2}}}, "too_many_dice", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "2K6"}, {"dice", {3}}}, "not_enough_dice", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "1K6"}, {"figure", "c9"}}, "unknown_figure", "");
}

TEST_CASE("3.1 roll_dice: a session of tray rolls replays to the same pips and undoes") {
    test::Table t;
    std::vector<int> pips;
    for (int i = 0; i < 20; ++i) {
        const auto result = t.ok({{"type", "roll_dice"}, {"code", "1K6"}});
        pips.push_back(result.rolls[0].pips[0]);
    }
    const auto replayed = czary::Session::from_text(t.session.to_json().dump());
    REQUIRE(replayed.steps().size() == 20);
    for (std::size_t i = 0; i < 20; ++i) CHECK(replayed.steps()[i].rolls[0].pips[0] == pips[i]);
    t.session.undo(1);
    const auto again = t.ok({{"type", "roll_dice"}, {"code", "1K6"}});
    CHECK(again.rolls[0].pips[0] == pips[19]);  // the generator went back with the undo
}
