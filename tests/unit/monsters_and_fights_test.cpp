// Monsters (8.2, 6.7), fights (9.2), experience (12.0), leaving the labyrinth (17.2).
#include "table.hpp"

using test::Table;
using test::json;

namespace {

// The usual party fighting two orcs, m4 (siła 5) and m5 (siła 6): 66 points of experience.
Table fight_with_two_orcs() {
    Table t;
    t.party();
    t.monster("ork", 5);
    t.monster("ork", 6);
    t.ok({{"type", "start_fight"}});
    return t;
}

}  // namespace

TEST_CASE("8.2 / 6.7: a monster's siła rolled from its counter's code, plus the level bonus") {
    Table t;
    auto result = t.ok({{"type", "add_monster"}, {"kind", "troll"}, {"sila_code", "2+2"}, {"level", 2}, {"dice", {3, 5}}});
    const auto& troll = t.fig(result.outcome["figure"].get<std::string>());
    CHECK(troll.sila == 12);  // 3 + 5 + 2, level 2: +2
    CHECK(troll.odpornosc == 3);
    CHECK(troll.nn == 5);  // NN 4, level 2: +1 (6.8)
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
    Table t = fight_with_two_orcs();
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
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
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

TEST_CASE("17.5: between adventures every living character's wounds heal; the dead stay dead") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 6}});   // Gislan 4/10
    t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 20}});  // Curvenol dies
    auto result = t.ok({{"type", "end_adventure"}});
    CHECK(t.fig("c2").wounds == 0);
    CHECK(t.fig("c1").wounds == 0);
    CHECK(t.fig("c3").dead);
    bool told = false;
    for (const auto& entry : result.log)
        if (entry.key == "healed_between_adventures") {
            told = true;
            CHECK(entry.rule == "17.5");
            CHECK(entry.text().pl == "Poza labiryntem Gislan leczy wszystkie rany: życie 10/10.");
        }
    CHECK(told);
    // The next adventure: 10.2 counts from full life (Gislan may cast what costs up to 9 wounds).
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
    CHECK(t.fig("c2").wounds == 0);
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

TEST_CASE("6.8: NN grows with the level (+1 on level 2, +2 on level 3); a kind never talked to stays so") {
    Table t;
    const auto level = [&](int n) {
        auto result = t.ok({{"type", "add_monster"}, {"kind", "troll"}, {"sila", 9}, {"level", n}});
        return t.fig(result.outcome["figure"].get<std::string>()).nn;
    };
    CHECK(level(1) == 4);
    CHECK(level(2) == 5);
    CHECK(level(3) == 6);
    auto demon = t.ok({{"type", "add_monster"}, {"kind", "demon"}, {"sila", 9}, {"level", 3}});
    CHECK(t.fig(demon.outcome["figure"].get<std::string>()).nn == -1);
}

TEST_CASE("6.8: the level's NN changes the negotiation and the bribe") {
    Table t;
    t.party();
    t.ok({{"type", "add_monster"}, {"kind", "troll"}, {"sila", 7}, {"level", 3}});  // siła 7 + 4, NN 4 + 2
    auto talk = t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {5, 5}}});
    CHECK(talk.outcome["total"] == 4);  // 10 - 6: on level 1 it would be 6
    // siła 11 + NN 6 = 17: column 17-20 of table 8.9 (with NN 4 it would be 13-16: 2 for 60 gold).
    auto bribe = t.ok({{"type", "bribe"}, {"gold", 60}, {"dice", {6}}});
    CHECK(bribe.outcome["needed"] == 1);
}

TEST_CASE("6.8: experience for a level-3 monster is doubled; level 1 and 2 count once") {
    Table t;
    t.party();
    t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 2}, {"level", 3}});  // siła 2 + 4 = 6
    t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 4}, {"level", 2}});  // siła 4 + 2 = 6
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 6}});
    t.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 6}});
    auto result = t.ok({{"type", "end_fight"}});
    CHECK(result.outcome["experience"]["total"] == 6 * 6 * 2 + 6 * 6);
}

TEST_CASE("10.5 Uśpienie: a sleeping monster makes no weapon attack") {
    Table t = Table::fight_with_troll();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"m4"}}, {"dice", {6}}});
    REQUIRE(t.fig("m4").asleep);
    t.ok({{"type", "next_phase"}});
    t.refused({{"type", "weapon_attack"}, {"figure", "m4"}}, "asleep_cannot_attack", "10.5");

    Table awake = Table::fight_with_troll();
    awake.ok({{"type", "next_phase"}});
    awake.ok({{"type", "weapon_attack"}, {"figure", "m4"}});
}

TEST_CASE("9.0: a fight is not ended by flight or agreement unless the house rule is on") {
    Table t = Table::fight_with_troll();
    t.refused({{"type", "end_fight"}, {"outcome", "fled"}}, "fight_cannot_be_broken_off", "9.0");
    t.refused({{"type", "end_fight"}, {"outcome", "agreement"}}, "fight_cannot_be_broken_off", "9.0");
    CHECK_FALSE(t.state().house_rules.end_fight_early);
    t.ok({{"type", "set_house_rule"}, {"rule", "end_fight_early"}, {"on", true}});
    CHECK(czary::state_to_json(t.state())["house_rules"]["end_fight_early"] == true);
    auto ended = t.ok({{"type", "end_fight"}, {"outcome", "fled"}});
    bool labelled = false;
    for (const auto& entry : ended.log)
        labelled = labelled || (entry.key == "house_rule_used" && entry.text().pl.find("Zasada domowa") != std::string::npos &&
                                entry.text().en.find("House rule") != std::string::npos);
    CHECK(labelled);
    CHECK(t.state().fight.outcome == czary::FightOutcome::Fled);
    t.refused({{"type", "set_house_rule"}, {"rule", "no_such_rule"}, {"on", true}}, "unknown_house_rule", "2.3");
    // Read back from a state file, and off again.
    const auto back = czary::state_from_json(czary::state_to_json(t.state()), czary::GameData::builtin());
    CHECK(back.house_rules.end_fight_early);
    t.ok({{"type", "set_house_rule"}, {"rule", "end_fight_early"}, {"on", false}});
    CHECK_FALSE(t.state().house_rules.end_fight_early);
}

TEST_CASE("9.2: away from the Black Gates phase 3 is skipped, and the log says so") {
    Table t = Table::fight_with_troll();
    auto to_phase_2 = t.ok({{"type", "next_phase"}});
    auto to_phase_4 = t.ok({{"type", "next_phase"}});
    CHECK(t.state().fight.phase == 4);
    bool said = false;
    for (const auto& entry : to_phase_4.log) said = said || entry.key == "phase_3_skipped";
    CHECK(said);
    for (const auto& entry : to_phase_2.log) CHECK(entry.key != "phase_3_skipped");
}

TEST_CASE("9.4 pkt 1: a figure attacks once a round, a character or a monster alike; next round again") {
    Table t = Table::fight_with_troll();
    t.ok({{"type", "weapon_attack"}, {"figure", "c2"}});
    auto refusal = t.refused({{"type", "weapon_attack"}, {"figure", "c2"}}, "already_attacked_this_round", "9.4");
    CHECK(refusal.en.find("Gislan") != std::string::npos);
    t.ok({{"type", "weapon_attack"}, {"figure", "c3"}});  // another figure still may
    t.ok({{"type", "next_phase"}});
    t.ok({{"type", "weapon_attack"}, {"figure", "m4"}});
    t.refused({{"type", "weapon_attack"}, {"figure", "m4"}}, "already_attacked_this_round", "9.4");
    for (int i = 0; i < 3; ++i) t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.round == 2);
    t.ok({{"type", "weapon_attack"}, {"figure", "c2"}});
}

TEST_CASE("12.0: the players may split the experience their own way, the whole total among the survivors") {
    // Two orcs (siła 5 and 6): 66 points; Curvenol (c3) dies, Larraka and Gislan survive.
    auto fought = [] {
        Table t = fight_with_two_orcs();
        t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 6}});
        t.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 6}});
        t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 9}});
        return t;
    };
    Table t = fought();
    t.refused({{"type", "end_fight"}, {"shares", {{"c1", 40}, {"c2", 20}}}}, "shares_wrong_sum", "12.0");
    t.refused({{"type", "end_fight"}, {"shares", {{"c1", 40}, {"c2", 30}}}}, "shares_wrong_sum", "12.0");
    auto dead = t.refused({{"type", "end_fight"}, {"shares", {{"c1", 40}, {"c3", 26}}}}, "share_not_survivor", "12.0");
    CHECK(dead.en.find("Curvenol") != std::string::npos);
    t.refused({{"type", "end_fight"}, {"shares", {{"c1", 40}, {"m4", 26}}}}, "share_not_survivor", "12.0");
    t.refused({{"type", "end_fight"}, {"shares", {{"c1", 40}, {"c9", 26}}}}, "share_not_survivor", "12.0");
    t.refused({{"type", "end_fight"}, {"shares", {{"c1", -1}, {"c2", 67}}}}, "out_of_range", "");
    t.refused({{"type", "end_fight"}, {"shares", {{"c1", "40"}, {"c2", 26}}}}, "bad_action", "");
    t.refused({{"type", "end_fight"}, {"shares", json::array({40, 26})}}, "bad_action", "");
    auto result = t.ok({{"type", "end_fight"}, {"shares", {{"c1", 40}, {"c2", 26}}}});
    CHECK(result.outcome["experience"]["total"] == 66);
    CHECK(result.outcome["experience"]["shares"] == json{{"c1", 40}, {"c2", 26}});
    CHECK(t.fig("c1").experience == 40);
    CHECK(t.fig("c2").experience == 26);
    CHECK(t.fig("c3").experience == 0);
    bool logged = false;
    for (const auto& entry : result.log)
        logged = logged || (entry.key == "fight_ended_shares" && entry.text().en.find("Larraka 40, Gislan 26") != std::string::npos);
    CHECK(logged);

    // A survivor left out gets nothing; without shares the split is equal, fractions dropped.
    Table all_to_one = fought();
    all_to_one.ok({{"type", "end_fight"}, {"shares", {{"c2", 66}}}});
    CHECK(all_to_one.fig("c1").experience == 0);
    CHECK(all_to_one.fig("c2").experience == 66);
    Table equal = fought();
    auto equal_result = equal.ok({{"type", "end_fight"}});
    CHECK(equal_result.outcome["experience"]["share"] == 33);
    CHECK(equal.fig("c1").experience == 33);
    CHECK(equal.fig("c2").experience == 33);
}

// Issue 25, item 8: wounds taken and life left were opposite numbers ("3/9" on the token,
// "+6 ran (6/9)" in the message; "+1 rana (5/5)" as Larraka died read as full health). Every
// text counts life left against siła, as the counters do.
TEST_CASE("9.7: a wound's message gives life left against siła, as the counter shows it") {
    Table t;
    t.party();
    const std::string troll = t.monster("troll", 9);
    auto hit = t.ok({{"type", "wound"}, {"figure", troll}, {"amount", 6}});
    const czary::LogEntry* wounded = nullptr;
    for (const auto& entry : hit.log)
        if (entry.key == "wounded") wounded = &entry;
    REQUIRE(wounded);
    CHECK(wounded->text().pl == "Troll 1: +6 ran, życie 3/9.");
    CHECK(wounded->text().en == "Troll 1: +6 wounds, life 3/9.");
    auto death = t.ok({{"type", "wound"}, {"figure", "c1"}, {"amount", 5}});
    for (const auto& entry : death.log)
        if (entry.key == "wounded") CHECK(entry.text().pl == "Larraka: +5 ran, życie 0/5.");
}

TEST_CASE("15.4 the Troll regenerates: one wound less after every third monsters' attack (phase 2 of rounds 3, 6, ...)") {
    Table t = Table::fight_with_troll();  // m4, siła 9
    const std::string orc = t.monster("ork", 4);  // joins the fight: no regeneration
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 5}});
    t.ok({{"type", "wound"}, {"figure", orc}, {"amount", 2}});
    t.next_phases(2);                          // round 1: past phase 2
    t.next_phases(4);                          // round 2: past phase 2 (phase 4)
    CHECK(t.fig("m4").wounds == 5);
    t.next_phases(3);                          // round 3, phase 2
    REQUIRE(t.state().fight.round == 3);
    REQUIRE(t.state().fight.phase == 2);
    auto third = t.ok({{"type", "next_phase"}});  // the third monsters' attack ends
    CHECK(t.fig("m4").wounds == 4);
    CHECK(t.fig(orc).wounds == 2);
    CHECK(third.log.front().key == "regenerates");
    CHECK(third.log.front().text().pl == "Troll 1 regeneruje się: jedna rana mniej, życie 5/9.");
    t.next_phases(5);                          // round 4's phase 2 ends: nothing
    CHECK(t.fig("m4").wounds == 4);
}
