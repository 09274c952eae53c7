// 10.5: the effects of the type W spells, with resisting (11.0).
#include "table.hpp"

using test::Table;

namespace {

// The party in a fight with a troll (m4, siła 9, odporność 3) and an orc (m5, siła 4,
// odporność 1). `behind` steps to the second rank before the fight, so that it may cast;
// the other two keep the first rank.
Table fight(const char* behind = "c1") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "move_figure"}, {"figure", behind}, {"rank", 2}, {"slot", 1}});
    t.monster("troll", 9);
    t.monster("ork", 4);
    t.ok({{"type", "start_fight"}});
    return t;
}


// A Vampire (m4, siła 12) in phase 2 of round 1; Curvenol (c3) in the second rank.
Table vampire_fight() {
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
    t.monster("wampir", 12);
    t.porter_in_second_rank();  // c5
    t.ok({{"type", "start_fight"}});
    t.next_phases(1);
    return t;
}

}  // namespace

TEST_CASE("10.5 Wybuch: a first-rank monster that fails to resist takes 2 wounds") {
    Table t = fight();
    auto result = t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {4}}});
    CHECK(t.fig("m4").wounds == 2);
    CHECK(result.outcome["targets"][0]["resisted"] == false);
    CHECK(result.outcome["targets"][0]["wounds"] == 2);
    REQUIRE(result.rolls.size() == 1);  // the resist roll; 2 wounds need no die
    CHECK(result.rolls[0].purpose == "resist");
}

TEST_CASE("10.5 Wybuch / 11.0: resisted on a roll <= odporność: no effect, the cost is paid") {
    Table t = fight();
    auto result = t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {3}}});
    CHECK(t.fig("m4").wounds == 0);
    CHECK(result.outcome["targets"][0]["resisted"] == true);
    CHECK(t.fig("c1").wounds == 1);
}

TEST_CASE("10.5 Wybuch: refused against a monster behind the first rank or a party member") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();
    for (int i = 0; i < 4; ++i) t.monster("ork", 8 - i);  // m4..m7; m7, the weakest, stands behind
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m7"}}}, "target_not_first_rank", "10.5");
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"c2"}}}, "target_not_enemy", "10.5");
}

TEST_CASE("10.5 Błyskawica: 1K3x2 wounds to a first-rank monster") {
    Table t = fight();
    // resist 5 > 3; damage pip 6 -> K3 3 -> x2 = 6
    auto result = t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {5, 6}}});
    CHECK(t.fig("m4").wounds == 6);
    REQUIRE(result.rolls.size() == 2);
    CHECK(result.rolls[1].code == "1K3x2");
    CHECK(result.rolls[1].pips == std::vector<int>{6});
    CHECK(result.rolls[1].total == 6);
}

TEST_CASE("10.5 Błyskawica: refused outside a fight") {
    Table t = Table::in_labyrinth();
    t.monster("troll", 9);
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}}, "only_in_fight", "10.1");
}

TEST_CASE("10.5 Psychiczny cios: 2K6+2 wounds; death at siła takes the monster off the board") {
    Table t = fight("c3");
    // resist 6 > 3; 2K6 = 3 + 4, +2 = 9 = the troll's siła
    auto result = t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "psychiczny_cios"}, {"targets", {"m4"}}, {"dice", {6, 3, 4}}});
    CHECK(t.fig("m4").dead);
    CHECK(result.outcome["targets"][0]["died"] == true);
    CHECK(t.fig("c3").wounds == 4);
    CHECK_FALSE(czary::place_of(t.state(), "m4").on_board());
}

TEST_CASE("10.5 Psychiczny cios: refused when its cost of 4 would kill") {
    Table t = fight("c3");
    t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 5}});  // Curvenol, siła 9: 5 + 4 = 9
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "psychiczny_cios"}, {"targets", {"m4"}}}, "cost_would_kill", "10.2");
}

TEST_CASE("10.5 Eksplozja: everyone engaged, party included, resists separately; 1 wound each") {
    Table t = fight("c3");
    // Board: party rank 1 [c1, c2, -], rank 2 [c3]; monsters [m4, m5]. Rolls go front to back,
    // the party's formation first. Odporność: c1 3, c2 3, c3 1, m4 3, m5 1.
    REQUIRE(czary::figures_on_board(t.state()) == std::vector<std::string>{"c1", "c2", "c3", "m4", "m5"});
    auto result = t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "eksplozja"}, {"dice", {1, 6, 1, 4, 2}}});
    CHECK(t.fig("c2").wounds == 1);  // 6 > 3
    CHECK(t.fig("c1").wounds == 0);  // 1 <= 3: resisted
    CHECK(t.fig("c3").wounds == 1);  // its cost; 1 <= 1: resisted
    CHECK(t.fig("m4").wounds == 1);
    CHECK(t.fig("m5").wounds == 1);
    CHECK(result.outcome["targets"].size() == 5);
}

TEST_CASE("10.5 Eksplozja: refused outside a fight") {
    Table t = Table::in_labyrinth();
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "eksplozja"}}, "only_in_fight", "10.1");
}

TEST_CASE("10.5 Urok: the monster joins the party in a free place; the caster's death breaks it") {
    Table t = fight("c3");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m5"}}, {"dice", {2}}});  // 2 > 1
    CHECK(t.fig("m5").side == czary::Side::Party);
    CHECK(t.fig("m5").charmed_by == "c3");
    CHECK(t.state().party.ranks[0][2] == "m5");  // the free place of the first rank
    // Curvenol dies: the orc returns to the monsters' ranks, as near the party as it can.
    auto result = t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 9}});
    CHECK(t.fig("c3").dead);
    CHECK(t.fig("m5").side == czary::Side::Monsters);
    CHECK(t.fig("m5").charmed_by.empty());
    CHECK(t.state().monsters.ranks[0][1] == "m5");
    bool announced = false;
    for (const auto& entry : result.log) announced |= entry.key == "charm_broken_monster" && entry.rule == "10.5";
    CHECK(announced);
}

TEST_CASE("10.5 Urok: a monster freed outside a fight attacks at once: the fight begins in round 1, phase 2") {
    Table t = fight("c3");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m5"}}, {"dice", {2}}});
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 9}});
    t.ok({{"type", "end_fight"}});
    REQUIRE_FALSE(t.state().fight.active);
    REQUIRE(t.fig("m5").side == czary::Side::Party);
    // Curvenol dies of a trap between fights: the orc is free and attacks "natychmiast".
    auto result = t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 9}});
    CHECK(t.fig("m5").side == czary::Side::Monsters);
    CHECK(t.state().fight.active);
    CHECK(t.state().fight.number == 2);
    CHECK(t.state().fight.round == 1);
    CHECK(t.state().fight.phase == 2);
    bool announced = false;
    for (const auto& entry : result.log)
        announced |= entry.key == "freed_monster_attacks_first" && entry.rule == "10.5" && entry.text().en.find("Orc") != std::string::npos;
    CHECK(announced);
    // No time to talk or bribe, and the party's attack phase of round 1 is skipped.
    t.refused({{"type", "negotiate"}, {"negotiator", "c2"}, {"dice", {6, 6}}}, "fight_in_progress", "8.4");
    t.refused({{"type", "bribe"}, {"gold", 50}, {"dice", {1}}}, "fight_in_progress", "8.7");
    t.refused({{"type", "weapon_attack"}, {"figure", "c2"}}, "wrong_phase_attack", "9.2");
    t.ok({{"type", "weapon_attack"}, {"figure", "m5"}});

    // Freed during a fight, it joins the fight under way: no new fight, the phase stays.
    Table in_fight = fight("c3");
    in_fight.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m5"}}, {"dice", {2}}});
    in_fight.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 9}});
    CHECK(in_fight.state().fight.number == 1);
    CHECK(in_fight.state().fight.phase == 1);
}

TEST_CASE("10.5 Urok: resisted, nothing changes but the cost") {
    Table t = fight("c3");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {2}}});  // 2 <= 3
    CHECK(t.fig("m4").side == czary::Side::Monsters);
    CHECK(t.fig("c3").wounds == 3);
}

TEST_CASE("10.5 Urok: reaches the first and second ranks, not the third") {
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
    for (int i = 0; i < 7; ++i) t.monster("ork", 10 - i);  // m4..m10; m10 in the third rank
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m10"}}}, "target_too_far", "10.5");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m7"}}, {"dice", {6}}});  // second rank
    CHECK(t.fig("m7").charmed_by == "c3");
}

TEST_CASE("10.5 Urok: with every place of the party taken, a new rank opens behind") {
    Table t = Table::in_labyrinth();
    for (const char* name : {"Tragarz", "Giermek"})
        t.ok({{"type", "add_character"}, {"name", name}, {"sila", 6}, {"odpornosc", 1}});
    // [c1 c2 c3] [c4 c5 -]: Curvenol swaps with the first porter and the last place is taken.
    t.to_second_rank("c3");
    t.ok({{"type", "add_character"}, {"name", "Paź"}, {"sila", 6}, {"odpornosc", 1}});
    REQUIRE(t.state().party.ranks.size() == 2);
    const auto orc = t.monster("ork", 4);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {orc}}, {"dice", {6}}});
    REQUIRE(t.state().party.ranks.size() == 3);
    CHECK(t.state().party.ranks[2][0] == orc);
}

TEST_CASE("12.1: a charmed monster's kills give experience to the characters, none to it") {
    Table t = fight("c3");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m5"}}, {"dice", {2}}});
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 9}, {"by", "m5"}});
    CHECK(t.fig("m5").killed == std::vector<std::string>{"m4"});
    auto result = t.ok({{"type", "end_fight"}, {"outcome", "victory"}});
    // 12.0: 9 x 6 = 54 shared by the three characters.
    CHECK(result.outcome["experience"]["total"] == 54);
    CHECK(t.fig("c1").experience == 18);
    CHECK(t.fig("c2").experience == 18);
    CHECK(t.fig("c3").experience == 18);
    CHECK(t.fig("m5").experience == 0);
}

TEST_CASE("10.5 / 15.5 Urok by the Vampire: free in rounds 1-2, the victim joins the monsters' first rank, cannot cast") {
    Table t = vampire_fight();
    const std::string vampire = "m4";
    t.ok({{"type", "cast"}, {"caster", vampire}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {5}}});  // 5 > 3
    CHECK(t.fig(vampire).wounds == 0);
    CHECK(t.fig("c2").side == czary::Side::Monsters);
    CHECK(t.state().monsters.ranks[0][1] == "c2");
    CHECK(t.state().party.ranks[0][1].empty());
    // Round 2, phase 1: Gislan cannot cast for anyone now.
    t.next_round_porter_forward();
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {"c2"}}}, "charmed_cannot_cast", "15.5");
    // Round 3, phase 2: "tylko podczas dwóch pierwszych rund walki": no Urok any more (15.5).
    t.next_phases(5);
    CHECK(t.state().fight.round == 3);
    t.refused({{"type", "cast"}, {"caster", vampire}, {"spell", "urok"}, {"targets", {"c1"}}, {"dice", {1}}},
              "vampire_charms_two_rounds", "15.5");
    CHECK(t.fig(vampire).wounds == 0);
    // The Vampire's death frees Gislan.
    t.ok({{"type", "wound"}, {"figure", vampire}, {"amount", 20}});
    CHECK(t.fig("c2").side == czary::Side::Party);
    CHECK(t.fig("c2").charmed_by.empty());
}

TEST_CASE("10.5 Uwolnienie: the charmed character must try to resist; failing frees it") {
    Table t = vampire_fight();
    const std::string vampire = "m4";
    t.ok({{"type", "cast"}, {"caster", vampire}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}});
    t.next_round_porter_forward();  // round 2, phase 1
    // Gislan (odporność 3) resists the freeing spell with a 2: still charmed.
    auto kept = t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "uwolnienie"}, {"targets", {"c2"}}, {"dice", {2}}});
    CHECK(kept.outcome["targets"][0]["resisted"] == true);
    CHECK(t.fig("c2").charmed_by == vampire);
    t.next_phases(4);  // round 3, phase 1
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "uwolnienie"}, {"targets", {"c2"}}, {"dice", {4}}});
    CHECK(t.fig("c2").charmed_by.empty());
    CHECK(t.fig("c2").side == czary::Side::Party);
    CHECK(czary::place_of(t.state(), "c2").on_board());
}

TEST_CASE("10.5 Uwolnienie: refused on a character who is not charmed") {
    Table t = fight("c3");
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "uwolnienie"}, {"targets", {"c1"}}}, "target_not_charmed", "10.5");
}

TEST_CASE("10.5 Uśpienie: a monster in any rank falls asleep; killed without a roll once the others are gone") {
    Table t = fight();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"m5"}}, {"dice", {3}}});  // 3 > 1
    CHECK(t.fig("m5").asleep);
    t.refused({{"type", "kill_sleeping"}, {"figure", "m5"}}, "others_still_fight", "10.5");
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 9}});
    t.ok({{"type", "kill_sleeping"}, {"figure", "m5"}});
    CHECK(t.fig("m5").dead);
}

TEST_CASE("10.5 Uśpienie: refused on a party member; kill_sleeping refused on a monster awake") {
    Table t = fight();
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"c2"}}}, "sleep_monsters_only", "10.5");
    t.refused({{"type", "kill_sleeping"}, {"figure", "m5"}}, "not_asleep", "10.5");
}

TEST_CASE("10.5 Magiczna tarcza: immune to wound-dealing spells for this fight, then gone") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();
    const auto sorcerer = t.monster("czarnoksieznik", 8);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "magiczna_tarcza"}, {"targets", {"c2"}}});
    CHECK(t.fig("c2").magic_shield);
    t.next_phases(1);
    auto result = t.ok({{"type", "cast"}, {"caster", sorcerer}, {"spell", "blyskawica"}, {"targets", {"c2"}}});
    CHECK(result.rolls.empty());  // no resist roll, no damage roll
    CHECK(result.outcome["targets"][0]["shielded"] == true);
    CHECK(t.fig("c2").wounds == 0);
    t.ok({{"type", "wound"}, {"figure", sorcerer}, {"amount", 8}});
    t.ok({{"type", "end_fight"}});
    CHECK_FALSE(t.fig("c2").magic_shield);
}

TEST_CASE("10.5 Magiczna tarcza: refused outside a fight") {
    Table t = Table::in_labyrinth();
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "magiczna_tarcza"}, {"targets", {"c2"}}}, "only_in_fight", "10.1");
}

namespace {
// Gislan (c2) marks Niepewność and Zawieszenie broni and stands in the second rank.
Table fight_with_gislan_behind(const char* kind, int sila) {
    Table t;
    t.party();
    t.adventure({"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie"},
                {"niepewnosc", "zawieszenie_broni", "zamek", "sila"},
                {"eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"});
    t.to_second_rank("c2");
    t.monster(kind, sila);
    return t;
}
}  // namespace

TEST_CASE("10.5 Niepewność: just before the fight; cannot be resisted") {
    Table t = fight_with_gislan_behind("troll", 9);
    t.ok({{"type", "start_fight"}});
    auto result = t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "niepewnosc"}});
    CHECK(result.rolls.empty());
    CHECK(t.state().fight.hesitation);
}

TEST_CASE("10.5 Niepewność: refused once the fight is under way") {
    Table t = fight_with_gislan_behind("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.next_phases(4);
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "niepewnosc"}}, "hesitation_at_start", "10.5");
}

TEST_CASE("10.5 Zawieszenie broni: ends the fight at once as an agreement, in any phase, no resisting") {
    Table t = fight_with_gislan_behind("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.next_phases(2);  // phase 4
    auto result = t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "zawieszenie_broni"}});
    CHECK(result.rolls.empty());
    CHECK_FALSE(t.state().fight.active);
    CHECK(t.state().fight.outcome == czary::FightOutcome::CeaseFire);
}

TEST_CASE("10.5 Zawieszenie broni: \"analogiczny do porozumienia\": the group is under an agreement (8.6), no second negotiation") {
    Table t = fight_with_gislan_behind("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "zawieszenie_broni"}});
    CHECK(t.state().encounter.outcome == czary::TalkOutcome::Agreement);
    t.refused({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {6, 6}}}, "negotiate_once", "8.6");
}


TEST_CASE("10.5 Zawieszenie broni: never against Bezimienny") {
    Table t = fight_with_gislan_behind("bezimienny", 15);
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "zawieszenie_broni"}}, "not_against_nameless", "10.5");
}

TEST_CASE("9.0 / 10.5 Uśpienie: the fight is not won while a monster sleeps on the board; killed in it, it counts for experience") {
    Table t = fight();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"m5"}}, {"dice", {3}}});
    REQUIRE(t.fig("m5").asleep);
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 9}});
    t.refused({{"type", "end_fight"}}, "sleeping_monster_remains", "9.0");
    t.ok({{"type", "kill_sleeping"}, {"figure", "m5"}});
    auto ended = t.ok({{"type", "end_fight"}});
    const int sila_m4 = t.fig("m4").sila, sila_m5 = t.fig("m5").sila;
    CHECK(ended.outcome["experience"]["total"] == (sila_m4 + sila_m5) * 6);
}
