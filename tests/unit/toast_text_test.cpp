// What a step's toast says, worked out without drawing (controller: outcome_text). Issue 25: a
// toast is as short as its text needs and never hides what the player wants at a glance: the
// resist roll of a cast and how it ended, where a monster stands, whether a bribe was taken. The
// whole (every line with its rule) stays for screen readers and the details.
#include <doctest/doctest.h>

#include "app_with_store.hpp"
#include "table.hpp"

namespace {

using czary::app::outcome_text;

// An app at the table of `scene`, then `action` dispatched as the interface does.
czary::app::OutcomeText toast_after(const test::Table& scene, const test::json& action) {
    test::AppWithStore a;
    for (const auto& step : scene.session.steps()) REQUIRE(czary::app::dispatch(a.app, step.action).ok);
    REQUIRE(czary::app::dispatch(a.app, czary::action_from_json(action)).ok);
    return outcome_text(a.app, a.app.session.steps().back());
}

}  // namespace

TEST_CASE("issue 25 toast: a cast shows its resist roll and how it ended; the whole has every line") {
    // Troll 1: odporność 3. The table's dice: 5 (not resisted), 6 (K3 = 3, × 2 = 6 wounds).
    const auto t = toast_after(test::Table::fight_with_troll(),
                               {{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {5, 6}}});
    MESSAGE(t.brief);
    CHECK(t.brief == "Troll 1 nie odpiera czaru (5 > 3).\nTroll 1: +6 ran, życie 3/9.");
    CHECK(t.whole.find("Larraka rzuca Błyskawicę (koszt: 2 rany).") == 0);
    CHECK(t.whole.find("Troll 1 nie odpiera czaru (rzut 5 > odporność 3).") != std::string::npos);
    CHECK(t.more);
    const auto resisted = toast_after(test::Table::fight_with_troll(),
                                      {{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {2}}});
    MESSAGE(resisted.brief);
    CHECK(resisted.brief.rfind("Troll 1 odpiera czar (2 ≤ 3).", 0) == 0);
    CHECK(resisted.brief.find('\n') == std::string::npos);
}

TEST_CASE("issue 25 toast: a monster added says where it stands in one short line (9.1), the reason behind the tap") {
    test::Table scene = test::Table::in_labyrinth();
    for (int i = 0; i < 3; ++i) scene.monster("ork", 4);
    const auto t = toast_after(scene, {{"type", "add_monster"}, {"kind", "troll"}, {"sila", 9}});
    MESSAGE(t.whole);
    MESSAGE(t.brief);
    CHECK(t.brief.find('\n') == std::string::npos);
    CHECK(t.brief.find("najsilniejsze") == std::string::npos);
    CHECK(t.whole.find("najsilniejsze") != std::string::npos);
    CHECK(t.more);
}

TEST_CASE("issue 25 toast: a refused bribe: the sum and the fight, short (8.7)") {
    test::Table scene = test::Table::in_labyrinth();
    scene.monster("troll", 9);
    const auto t = toast_after(scene, {{"type", "bribe"}, {"gold", 40}, {"dice", {6}}});
    MESSAGE(t.brief);
    CHECK(t.brief == "Łapówka odrzucona (6 > 1).\nWalka: potwory atakują pierwsze. [8.7]");
}

TEST_CASE("issue 25 toast: a step of one line shows it whole, with nothing behind a tap but its dice") {
    const auto t = toast_after(test::Table::in_labyrinth(), {{"type", "move_figure"}, {"figure", "c1"}, {"rank", 2}, {"slot", 1}});
    CHECK(t.brief == t.whole);
    CHECK_FALSE(t.more);
}

TEST_CASE("issue 48 toast: the step that turns a stone charmer dead says so first and the monster's attack last (15.3, 10.5)") {
    test::Table scene;
    scene.party();
    scene.standard_adventure();
    scene.to_second_rank("c3");
    scene.monster("ork", 4);
    scene.monster("meduza", 8);
    scene.ok({{"type", "start_fight"}});
    scene.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {6}}});
    scene.ok({{"type", "petrify"}, {"character", "c3"}});
    scene.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 8}});
    scene.ok({{"type", "end_fight"}});
    const auto t = toast_after(scene, {{"type", "wound"}, {"figure", "c2"}, {"amount", 1}});
    MESSAGE(t.brief);
    CHECK(t.brief == "Curvenol zostaje kamieniem: postać jest martwa.\nUrok pryska: Ork 1 atakuje oddział.\n"
                     "Najpierw walka: ten krok musi poczekać. [10.5]");
    CHECK(t.whole.find("Urok pryska: Ork 1 wraca do szyku potworów") != std::string::npos);
    CHECK(t.whole.find("Uwolniony potwór atakuje, zanim stanie się cokolwiek innego") != std::string::npos);
}
