// Monsters (8.2, 6.7), fights (9.2), experience (12.0), leaving the labyrinth (17.2).
#include "table.hpp"

using test::Table;

TEST_CASE("8.2 / 6.7: a monster's siła rolled from its counter's code, plus the level bonus") {
    Table t;
    auto result = t.ok({{"type", "add_monster"}, {"kind", "troll"}, {"sila_code", "2+2"}, {"level", 2}, {"dice", {3, 5}}});
    const auto& troll = t.fig(result.outcome["figure"].get<std::string>());
    CHECK(troll.sila == 12);  // 3 + 5 + 2, level 2: +2
    CHECK(troll.odpornosc == 3);
    CHECK(troll.nn == 4);
    CHECK(troll.name.pl == "Troll 1");
    CHECK(result.rolls.at(0).purpose == "monster_sila");
    auto entered = t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 5}, {"level", 3}});
    CHECK(t.fig(entered.outcome["figure"].get<std::string>()).sila == 9);  // level 3: +4
    t.refused({{"type", "add_monster"}, {"kind", "smok"}, {"sila", 5}}, "unknown_monster_kind", "8.2");
    t.refused({{"type", "add_monster"}, {"kind", "ork"}, {"sila_code", "2d6"}}, "bad_dice_code", "3.1");
}

TEST_CASE("9.2: a fight runs through phases 1, 2, 4, 5 (3 only at the Black Gates) and rounds") {
    Table t;
    t.party();
    t.monster("ork", 5);
    t.refused({{"type", "next_phase"}}, "no_fight", "9.2");
    t.ok({{"type", "start_fight"}});
    std::vector<int> phases;
    for (int i = 0; i < 5; ++i) {
        t.ok({{"type", "next_phase"}});
        phases.push_back(t.state().fight.phase);
    }
    CHECK(phases == std::vector<int>{2, 4, 5, 1, 2});
    CHECK(t.state().fight.round == 2);
    t.refused({{"type", "start_fight"}}, "fight_in_progress", "9.0");
    t.refused({{"type", "weapon_attack"}, {"figure", "c1"}}, "wrong_phase_attack", "9.2");
}

TEST_CASE("12.0: experience is siła x 6 of the monsters killed, shared by the survivors, fractions dropped") {
    Table t;
    t.party();
    t.monster("ork", 5);
    t.monster("ork", 6);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 6}});
    t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 9}});  // Curvenol dies: two survivors
    t.refused({{"type", "end_fight"}, {"outcome", "victory"}}, "monsters_still_fight", "9.0");
    t.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 6}});
    auto result = t.ok({{"type", "end_fight"}, {"outcome", "victory"}});
    CHECK(result.outcome["experience"]["total"] == 66);
    CHECK(t.fig("c1").experience == 33);
    CHECK(t.fig("c3").experience == 0);
}

TEST_CASE("17.2: charmed monsters go free when the party leaves the labyrinth") {
    Table t;
    t.party();
    t.standard_adventure();
    t.ok({{"type", "move_figure"}, {"figure", "c3"}, {"rank", 2}, {"slot", 1}});
    t.monster("ork", 4);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {6}}});
    t.ok({{"type", "end_fight"}, {"outcome", "victory"}});
    CHECK(t.fig("m4").side == czary::Side::Party);
    t.ok({{"type", "end_adventure"}});
    CHECK(t.fig("m4").side == czary::Side::Monsters);
    CHECK(t.fig("m4").charmed_by.empty());
    CHECK_FALSE(czary::place_of(t.state(), "m4").on_board());
    CHECK(t.fig("c1").marked.empty());
}

TEST_CASE("8.6: a negotiation roll of 10 or more intimidates; 7-9 agrees") {
    Table t;
    t.party();
    t.monster("ork", 4);  // NN 0
    auto result = t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {5, 5}}});
    CHECK(result.outcome["result"] == "intimidation");
    Table u;
    u.party();
    u.monster("ork", 4);
    CHECK(u.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 5}}}).outcome["result"] == "agreement");
}

TEST_CASE("clear_monsters: the party moves on; the monsters left behind are dropped") {
    Table t;
    t.party();
    t.monster("ork", 4);
    t.ok({{"type", "clear_monsters"}});
    CHECK(t.state().monsters.ranks.empty());
    CHECK(t.state().figures.size() == 3);
}
