// 10.1-10.4: when, from where and at what cost spells are cast.
#include "table.hpp"

using test::Table;

static Table fight_with_troll() { return Table::fight_with_troll(); }

TEST_CASE("10.1: type W spells are cast during a fight") {
    Table t = fight_with_troll();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {6}}});
}

TEST_CASE("10.1: type W spells are refused outside a fight") {
    Table t = Table::in_labyrinth();
    t.monster("troll", 9);
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}}, "only_in_fight", "10.1");
}

TEST_CASE("10.1 / 10.6: other types may be cast at any time, in or out of a fight") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "magiczna_zbroja"}, {"targets", {"c2"}}, {"dice", {1}}});
    t.c1_to_second_rank();
    t.monster("ork", 4);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", {2}}});
}

TEST_CASE("10.2: the cost is paid in wounds by the caster") {
    Table t = fight_with_troll();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {4, 1}}});
    CHECK(t.fig("c1").wounds == 2);
    CHECK(t.fig("m4").wounds == 2);
}

TEST_CASE("10.2: a spell whose cost would kill the caster is refused; the same spell again while it does not") {
    Table t = fight_with_troll();
    // Larraka, siła 5: Błyskawica (2) leaves 2 wounds, again 4; a third would make 6 >= 5.
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {1}}});
    for (int i = 0; i < 4; ++i) t.ok({{"type", "next_phase"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {1}}});
    CHECK(t.fig("c1").wounds == 3);
    for (int i = 0; i < 4; ++i) t.ok({{"type", "next_phase"}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}}, "cost_would_kill", "10.2");
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {1}}});
    CHECK(t.fig("c1").wounds == 4);
}

TEST_CASE("10.3: a character who attacked with a weapon this round does not cast") {
    Table t = fight_with_troll();
    t.ok({{"type", "weapon_attack"}, {"figure", "c1"}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}}, "attacked_this_round", "10.3");
}

TEST_CASE("10.3: a character who cast this round makes no weapon attack; next round it may") {
    Table t = fight_with_troll();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {1}}});
    t.refused({{"type", "weapon_attack"}, {"figure", "c1"}}, "cast_this_round", "10.3");
    for (int i = 0; i < 4; ++i) t.ok({{"type", "next_phase"}});
    CHECK(t.state().fight.round == 2);
    t.ok({{"type", "weapon_attack"}, {"figure", "c1"}});
}

TEST_CASE("10.4: in a fight characters cast only from the second rank") {
    Table t = fight_with_troll();
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "psychiczny_cios"}, {"targets", {"m4"}}}, "not_second_rank", "10.4");
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {1}}});
}

TEST_CASE("10.4: outside a fight the rank does not matter") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {"c3"}}, {"dice", {5}}});
    CHECK(t.fig("c3").strength_bonus_next == 5);
}

TEST_CASE("10.4: monsters cast from the first or second rank, not from the third") {
    Table t = Table::in_labyrinth();
    // Seven monsters: three ranks; the Czarnoksiężnik (siła 3) is the weakest, in the third rank.
    for (int i = 0; i < 6; ++i) t.monster("ork", 8);
    const auto sorcerer = t.monster("czarnoksieznik", 3);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "next_phase"}});  // phase 2: monsters attack
    REQUIRE(czary::state_to_json(t.state())["monsters"]["ranks"][2][0] == sorcerer);
    t.refused({{"type", "cast"}, {"caster", sorcerer}, {"spell", "magiczna_tarcza"}, {"targets", {sorcerer}}},
              "monster_not_front_ranks", "10.4");

    Table u = Table::in_labyrinth();
    const auto front = u.monster("czarnoksieznik", 6);
    u.ok({{"type", "start_fight"}});
    u.ok({{"type", "next_phase"}});
    u.ok({{"type", "cast"}, {"caster", front}, {"spell", "blyskawica"}, {"targets", {"c2"}}, {"dice", {6, 3}}});
    CHECK(u.fig("c2").wounds == 4);   // 1K3x2 with pip 3 -> 2 x 2
    CHECK(u.fig(front).wounds == 2);  // its cost
}

TEST_CASE("9.2: in a fight the party casts in phase 1 and the monsters in phase 2") {
    Table t = fight_with_troll();
    t.ok({{"type", "next_phase"}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}}, "party_casts_in_phase_1", "9.2");
}

TEST_CASE("9.4 pkt 1: one spell per character per round") {
    Table t = fight_with_troll();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {1}}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}}, "already_cast_this_round", "9.4");
}
