// 10.6: spells of type O, cast at any time but useful in their own situations.
#include "table.hpp"
#include "core/queries.hpp"

using test::Table;

namespace {

// c1 Larraka: Zamek, Magiczna zbroja, Neutralizacja trucizny, Uzdrowienie, Odmłodzenie
// c2 Gislan (traps 3): Delikatne palce, Siła, Teleportacja, Ożywienie kamienia
// c3 Curvenol: Uzdrowienie, Odmłodzenie, Teleportacja, Elokwencja, Sugestia
// Every use limit rolled as 2.
Table adventure() {
    Table t;
    t.party();
    t.adventure({"zamek", "magiczna_zbroja", "neutralizacja_trucizny", "uzdrowienie", "odmlodzenie"},
                {"delikatne_palce", "sila", "teleportacja", "ozywienie_kamienia"},
                {"uzdrowienie", "odmlodzenie", "teleportacja", "elokwencja", "sugestia"});
    return t;
}

}  // namespace

TEST_CASE("10.6 Zamek: the door is locked for ever and recorded") {
    Table t = adventure();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "zamek"}, {"door", "segment 12, north door"}});
    REQUIRE(t.state().notes.locked_doors.size() == 1);
    CHECK(t.state().notes.locked_doors[0] == "segment 12, north door");
    CHECK(t.fig("c1").wounds == 1);
}

TEST_CASE("10.6 Zamek: refused to a character who did not mark it") {
    Table t = adventure();
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "zamek"}}, "not_marked", "4.1");
}

TEST_CASE("10.6 Magiczna zbroja: 1K3+1 points take wounds, not casting costs") {
    Table t = adventure();
    auto result = t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "magiczna_zbroja"}, {"targets", {"c2"}}, {"dice", {6}}});
    CHECK(t.fig("c2").armor == 4);  // K3 of 6 = 3, +1
    CHECK(result.rolls[0].code == "1K3+1");
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 3}});
    CHECK(t.fig("c2").armor == 1);
    CHECK(t.fig("c2").wounds == 0);
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 2}});
    CHECK(t.fig("c2").armor == 0);
    CHECK(t.fig("c2").wounds == 1);
    // The caster's own armour does not pay for its spells.
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "magiczna_zbroja"}, {"targets", {"c1"}}, {"dice", {1}}});
    CHECK(t.fig("c1").armor == 2);
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "zamek"}});
    CHECK(t.fig("c1").armor == 2);
    CHECK(t.fig("c1").wounds == 3);
}

TEST_CASE("10.6 Magiczna zbroja: absorbs wound spells but not Urok; refused on a monster") {
    Table t = adventure();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "magiczna_zbroja"}, {"targets", {"c2"}}, {"dice", {3}}});  // 3
    const auto vampire = t.monster("wampir", 12);
    const auto sorcerer = t.monster("czarnoksieznik", 9);
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "magiczna_zbroja"}, {"targets", {vampire}}}, "target_not_character", "10.6");
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "next_phase"}});
    t.ok({{"type", "cast"}, {"caster", sorcerer}, {"spell", "blyskawica"}, {"targets", {"c2"}}, {"dice", {6, 1}}});  // 2 wounds
    CHECK(t.fig("c2").armor == 1);
    CHECK(t.fig("c2").wounds == 0);
    t.ok({{"type", "cast"}, {"caster", vampire}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}});
    CHECK(t.fig("c2").charmed_by == vampire);
    CHECK(t.fig("c2").armor == 1);
}

TEST_CASE("10.6 Neutralizacja trucizny: right after the poisoning it removes the poison") {
    Table t = adventure();
    t.ok({{"type", "poison"}, {"character", "c3"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "neutralizacja_trucizny"}, {"targets", {"c3"}}});
    CHECK_FALSE(t.fig("c3").poisoned);
}

TEST_CASE("10.6 Neutralizacja trucizny: refused once anything else has happened, or with no poison") {
    Table t = adventure();
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "neutralizacja_trucizny"}, {"targets", {"c3"}}}, "target_not_poisoned", "10.6");
    t.ok({{"type", "poison"}, {"character", "c3"}});
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 1}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "neutralizacja_trucizny"}, {"targets", {"c3"}}}, "poison_not_fresh", "10.6");
    CHECK(t.fig("c3").poisoned);
}

TEST_CASE("10.6 Ożywienie kamienia: brings back a petrified character with the wounds it had") {
    Table t = adventure();
    t.ok({{"type", "wound"}, {"figure", "c1"}, {"amount", 2}});
    t.ok({{"type", "petrify"}, {"character", "c1"}});
    CHECK_FALSE(czary::place_of(t.state(), "c1").on_board());
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c1"}}});
    CHECK_FALSE(t.fig("c1").petrified);
    CHECK(t.fig("c1").wounds == 2);
    CHECK(czary::place_of(t.state(), "c1").on_board());
}

TEST_CASE("10.6 Ożywienie kamienia: not during a fight; not on a character who is not stone") {
    Table t = adventure();
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c1"}}}, "target_not_petrified", "10.6");
    t.ok({{"type", "petrify"}, {"character", "c1"}});
    t.monster("meduza", 8);
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c1"}}}, "not_in_fight", "10.6");
}

TEST_CASE("10.6 Siła: +1K6 combat bonus for the next fight only") {
    Table t = adventure();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {"c3"}}, {"dice", {5}}});
    CHECK(t.fig("c3").strength_bonus_next == 5);
    t.monster("ork", 3);
    t.ok({{"type", "start_fight"}});
    CHECK(t.fig("c3").strength_bonus_active == 5);
    CHECK(t.fig("c3").strength_bonus_next == 0);
    t.ok({{"type", "set_house_rule"}, {"rule", "end_fight_early"}, {"on", true}});  // 9.0: only as a house rule
    t.ok({{"type", "end_fight"}, {"outcome", "fled"}});
    CHECK(t.fig("c3").strength_bonus_active == 0);
}

// Issue 25: the card of Siła said "na następną walkę" while the program, as 14.5 reads ("tylko
// w czasie najbliższej walki"), gives a bonus cast during a fight to that fight.
TEST_CASE("10.6 Siła: the card says what the program applies: this fight, or the next when cast outside one") {
    Table t = adventure();
    const czary::Spell* sila = czary::GameData::builtin().spells.find("sila");
    REQUIRE(sila);
    CHECK(sila->effect.pl.find("w tej walce") != std::string::npos);
    CHECK(sila->effect.pl.find("poza walką") != std::string::npos);
    CHECK(sila->effect.en.find("in this fight") != std::string::npos);
    t.ok({{"type", "move_figure"}, {"figure", "c2"}, {"rank", 2}, {"slot", 1}});  // 10.4: casts from the second rank
    t.monster("ork", 3);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {"c3"}}, {"dice", {4}}});  // phase 1 (9.2)
    CHECK(t.fig("c3").strength_bonus_active == 4);  // this fight
    CHECK(t.fig("c3").strength_bonus_next == 0);
}

TEST_CASE("10.6 Siła: refused on a monster") {
    Table t = adventure();
    const auto orc = t.monster("ork", 3);
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {orc}}}, "target_not_character", "10.6");
}

TEST_CASE("10.6 Uzdrowienie: heals 1K3+1, never below zero wounds, limited uses (an exception to 10.2)") {
    Table t = adventure();
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 5}});
    auto result = t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", {4}}});
    CHECK(result.outcome["targets"][0]["healed"] == 3);  // K3 of 4 = 2, +1
    CHECK(t.fig("c2").wounds == 2);
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", {6}}});
    CHECK(t.fig("c2").wounds == 0);  // 4 rolled, only 2 to heal
    CHECK(t.fig("c1").uses_left.at("uzdrowienie") == 0);
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}}, "no_uses_left", "10.6");
    // Odmłodzenie is counted separately.
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "odmlodzenie"}, {"targets", {"c2"}}, {"dice", {1}}});
    CHECK(t.fig("c1").uses_left.at("odmlodzenie") == 1);
}

TEST_CASE("10.6 Uzdrowienie on a figure with no wounds: the log says nothing was healed, not '0 ran wyleczonych'") {
    Table t = adventure();
    const auto result = t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", {4}}});
    CHECK(result.outcome["targets"][0]["healed"] == 0);
    bool said = false;
    for (const auto& line : result.log) said = said || line.text().pl == "Gislan: bez ran, nic nie wyleczono (wyrzucono 3).";
    CHECK(said);
    const auto potion = t.ok({{"type", "heal"}, {"figure", "c2"}, {"amount", 2}});
    CHECK(potion.log.back().text().pl == "Gislan: bez ran, nic nie wyleczono.");
    CHECK(potion.log.back().text().en == "Gislan: no wounds, nothing healed.");
}

TEST_CASE("10.6 Uzdrowienie and Odmłodzenie: not on oneself") {
    Table t = adventure();
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c1"}}}, "not_on_self", "10.6");
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "odmlodzenie"}, {"targets", {"c3"}}}, "not_on_self", "10.6");
}

TEST_CASE("10.6 Odmłodzenie: heals 1K6+1") {
    Table t = adventure();
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 8}});
    auto result = t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "odmlodzenie"}, {"targets", {"c2"}}, {"dice", {5}}});
    CHECK(result.outcome["targets"][0]["healed"] == 6);
    CHECK(t.fig("c2").wounds == 2);
    CHECK(t.fig("c3").wounds == 2);
}

TEST_CASE("10.6 Teleportacja: a figure goes to a visited segment, recorded in the notes") {
    Table t = adventure();
    const auto orc = t.monster("ork", 3);
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "teleportacja"}, {"targets", {orc}}, {"destination", "segment 4"}});
    CHECK(t.fig(orc).away == "segment 4");
    CHECK_FALSE(czary::place_of(t.state(), orc).on_board());
    REQUIRE(t.state().notes.teleports.size() == 1);
    CHECK(t.state().notes.teleports[0][1] == "segment 4");
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "teleportacja"}, {"targets", {"c1"}}}, "bad_action", "");  // no destination
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "teleportacja"}, {"targets", {"c1"}}, {"destination", ""}}, "bad_action", "");
}

TEST_CASE("10.6 Teleportacja: a segment the players call \"vanished\" is a segment: the figure rejoins from it") {
    Table t = adventure();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "teleportacja"}, {"targets", {"c1"}}, {"destination", "vanished"}});
    CHECK(t.fig("c1").away == "vanished");
    CHECK_FALSE(t.fig("c1").vanished);  // 16.0's vanishing is its own field, not a segment's name
    t.ok({{"type", "rejoin"}, {"figure", "c1"}});
    CHECK(czary::place_of(t.state(), "c1").on_board());
}

TEST_CASE("10.6 Teleportacja: not during a fight; never against Bezimienny or Demons") {
    Table t = adventure();
    const auto demon = t.monster("demon", 8);
    const auto nameless = t.monster("bezimienny", 15);
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "teleportacja"}, {"targets", {demon}}, {"destination", "x"}},
              "teleport_forbidden", "10.6");
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "teleportacja"}, {"targets", {nameless}}, {"destination", "x"}},
              "teleport_forbidden", "10.6");
    t.to_second_rank("c2");
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "teleportacja"}, {"targets", {"c1"}}, {"destination", "x"}},
              "not_in_fight", "10.6");
}

TEST_CASE("10.6 / 7.3 Delikatne palce: +3 to the trap talent for one attempt, never past 5") {
    Table t = adventure();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "delikatne_palce"}, {"targets", {"c2"}}});
    auto first = t.ok({{"type", "disarm_trap"}, {"character", "c2"}});
    CHECK(first.outcome["talent"] == 5);  // 3 + 3, but "nie może przekroczyć 5" (7.3)
    auto second = t.ok({{"type", "disarm_trap"}, {"character", "c2"}});
    CHECK(second.outcome["talent"] == 3);
}

TEST_CASE("10.6 Delikatne palce: not on a character without the trap talent") {
    Table t = adventure();
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "delikatne_palce"}, {"targets", {"c1"}}}, "no_trap_talent", "10.6");
}

TEST_CASE("10.6 Teleportacja: a teleported character rejoins the ranks when the party gets there") {
    Table t = adventure();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "teleportacja"}, {"targets", {"c1"}}, {"destination", "segment 7"}});
    CHECK_FALSE(czary::place_of(t.state(), "c1").on_board());
    t.ok({{"type", "rejoin"}, {"figure", "c1"}});
    CHECK(t.fig("c1").away.empty());
    CHECK(czary::place_of(t.state(), "c1").on_board());
    t.refused({{"type", "rejoin"}, {"figure", "c1"}}, "not_away", "10.6");
}

TEST_CASE("8.4: only a party member with the party negotiates (not one teleported away, nor possessed)") {
    Table t = adventure();
    const auto orc = t.monster("ork", 3);
    // Curvenol teleports Larraka to a segment already seen: she is not with the party.
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "teleportacja"}, {"targets", {"c1"}}, {"destination", "segment 4"}});
    const auto refusal = t.refused({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {6, 6}}}, "negotiator_not_with_party", "8.4");
    CHECK(refusal.pl == "Larraka nie jest teraz z oddziałem, więc nie może negocjować (8.4).");
    // The odds say the same.
    const auto odds = czary::odds_of_negotiation(t.state(), czary::GameData::builtin(), "c1");
    REQUIRE(odds.refusal);
    CHECK(odds.refusal->code == "negotiator_not_with_party");
    // Gislan, possessed at the statue (13.2), stands with the monsters; the fight his attack opens
    // is left by the house rule's flight (2.3), and he is still possessed.
    t.ok({{"type", "set_house_rule"}, {"rule", "end_fight_early"}, {"on", true}});
    t.ok({{"type", "possess"}, {"character", "c2"}, {"source", "statue"}, {"dice", {6}}});
    t.ok({{"type", "end_fight"}, {"outcome", "fled"}});
    t.refused({{"type", "negotiate"}, {"negotiator", "c2"}, {"dice", {6, 6}}}, "negotiator_not_with_party", "8.4");
    (void)orc;
}
