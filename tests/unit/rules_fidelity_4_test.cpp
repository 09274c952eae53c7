// Issue #48: a fourth reading of chapter 10 and the rules it points to. A charm that outlived its
// stone caster, Uśpienie on a friend, the Black Gates' reach, Niepewność after the first blow, and a
// refusal that called a character a monster.
#include <doctest/doctest.h>

#include "core/queries.hpp"
#include "table.hpp"

using test::Table;
using json = nlohmann::json;

namespace {

bool has(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

bool logged(const czary::ApplyResult& result, const std::string& key) {
    for (const auto& entry : result.log)
        if (entry.key == key) return true;
    return false;
}

// Gislan (c2) knows Ożywienie kamienia; Curvenol (c3, second rank) charms an ork (m4) in a fight,
// and a Medusa (m5) turns Curvenol to stone; the Medusa dies and the fight ends: the ork still
// fights for the party, and the moment for Ożywienie kamienia has come.
Table charmer_turned_to_stone(czary::ApplyResult* fight_end = nullptr) {
    Table t;
    t.party();
    t.adventure(Table::standard_marks(1), {"ozywienie_kamienia", "zamek", "sila", "elokwencja"}, Table::standard_marks(3));
    t.to_second_rank("c3");
    t.monster("ork", 4);
    t.monster("meduza", 8);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {6}}});  // 6 > odporność 1
    REQUIRE(t.fig("m4").charmed_by == "c3");
    t.ok({{"type", "petrify"}, {"character", "c3"}});
    t.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 8}});
    auto ended = t.ok({{"type", "end_fight"}});
    if (fight_end) *fight_end = ended;
    return t;
}

}  // namespace

TEST_CASE("10.5 / 15.3 Urok: when its caster stays stone past Ożywienie kamienia's moment, the charm breaks and the monster attacks") {
    czary::ApplyResult ended;
    Table t = charmer_turned_to_stone(&ended);
    CHECK(t.fig("m4").side == czary::Side::Party);
    // Said when the moment comes: the charm hangs on the stone.
    CHECK(logged(ended, "charm_holds_on_stone"));

    // Any step but a spell or the dice tray closes the moment: Curvenol is dead, as by any other
    // death, and the ork "natychmiast atakuje pozostałych członków oddziału".
    auto closed = t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 1}});
    CHECK(t.fig("c3").dead);
    CHECK(t.fig("m4").charmed_by.empty());
    CHECK(t.fig("m4").side == czary::Side::Monsters);
    CHECK(czary::place_of(t.state(), "m4").on_board());
    CHECK(t.state().fight.active);
    CHECK(t.state().fight.phase == 2);  // the monsters' attack first
    CHECK(logged(closed, "stone_dead"));
    CHECK(logged(closed, "charm_broken_monster"));
    CHECK(logged(closed, "freed_monster_attacks_first"));
    // The step only begins the fight: its own action waits.
    CHECK(closed.log.back().key == "step_yields_to_attack");
    CHECK(t.fig("c2").wounds == 0);
    // Then the fight goes on as any other: the ork attacks in phase 2.
    t.ok({{"type", "weapon_attack"}, {"figure", "m4"}});
}

TEST_CASE("10.5 / 15.3 Urok: Ożywienie kamienia in time keeps the charm") {
    Table t = charmer_turned_to_stone();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c3"}}});
    const int wounds = t.fig("c2").wounds;
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 1}});
    CHECK(t.fig("c3").alive());
    CHECK(t.fig("m4").charmed_by == "c3");
    CHECK(t.fig("m4").side == czary::Side::Party);
    CHECK_FALSE(t.state().fight.active);
    CHECK(t.fig("c2").wounds == wounds + 1);  // no attack came first: the step was applied
}

TEST_CASE("13.2 / 10.5 Urok: a charmer turned to stone by the Medusa statue, left so, frees the monster it charmed") {
    Table t;
    t.party();
    t.standard_adventure();
    t.to_second_rank("c3");
    t.monster("ork", 4);
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {6}}});
    t.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 9}});
    t.ok({{"type", "end_fight"}});
    t.ok({{"type", "clear_monsters"}});
    REQUIRE(t.fig("m4").side == czary::Side::Party);

    auto gaze = t.ok({{"type", "petrify"}, {"character", "c3"}});  // the statue, outside a fight
    CHECK(logged(gaze, "charm_holds_on_stone"));
    auto closed = t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 1}});
    CHECK(t.fig("c3").dead);
    CHECK(t.fig("m4").side == czary::Side::Monsters);
    CHECK(t.state().fight.active);
    CHECK(closed.log.back().key == "step_yields_to_attack");
    CHECK(t.fig("c2").wounds == 0);
}

TEST_CASE("10.5 Uśpienie takes monsters only: not the party's member the Vampire charmed") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();  // Larraka knows Uśpienie
    t.monster("wampir", 12);
    t.porter_in_second_rank();
    t.ok({{"type", "start_fight"}});
    t.next_phases(1);
    t.ok({{"type", "cast"}, {"caster", "m4"}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}});
    REQUIRE(t.fig("c2").side == czary::Side::Monsters);
    t.next_round_porter_forward();  // round 2, phase 1
    const auto refusal = t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"c2"}}, {"dice", {6}}},
                                   "sleep_monsters_only", "10.5");
    CHECK(refusal.pl.find("Gislan") != std::string::npos);
    CHECK(refusal.pl.find("(10.5)") != std::string::npos);
    CHECK_FALSE(has(czary::valid_targets(t.state(), czary::GameData::builtin(), "c1", "uspienie"), "c2"));
    CHECK(has(czary::valid_targets(t.state(), czary::GameData::builtin(), "c1", "uspienie"), "m4"));
    // Nor the party's own: a character is never a target of Uśpienie.
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"c3"}}, {"dice", {6}}},
              "sleep_monsters_only", "10.5");
}

TEST_CASE("10.5 Uśpienie takes monsters only: not a character the Nameless One's statue possessed") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();
    t.porter_in_second_rank();
    t.ok({{"type", "possess"}, {"character", "c2"}, {"source", "statue"}, {"dice", {6}}});
    t.next_round_porter_forward();
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"c2"}}, {"dice", {6}}},
              "sleep_monsters_only", "10.5");
}

TEST_CASE("10.5 kill_sleeping: the Vampire's charmed victim is named as the party's companion, not a monster") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();
    t.monster("wampir", 12);
    t.porter_in_second_rank();
    t.ok({{"type", "start_fight"}});
    t.next_phases(1);
    t.ok({{"type", "cast"}, {"caster", "m4"}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}});
    t.next_round_porter_forward();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"m4"}}, {"dice", {6}}});  // 6 > odporność 4
    REQUIRE(t.fig("m4").asleep);
    const auto refusal = t.refused({{"type", "kill_sleeping"}, {"figure", "m4"}}, "charmed_companion_still_fights", "10.5");
    CHECK(refusal.pl.find("Gislan z oddziału") != std::string::npos);
    CHECK(refusal.pl.find("Wampir") != std::string::npos);
    CHECK(refusal.pl.find("potworów: Gislan") == std::string::npos);
    CHECK(refusal.en.find("Gislan, the party's companion charmed by Vampire") != std::string::npos);
    CHECK(refusal.en.find("other monsters") == std::string::npos);
}

TEST_CASE("10.5 kill_sleeping: a possessed companion is named as the party's, not a monster") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uspienie"}, {"targets", {"m4"}}, {"dice", {6}}});  // 6 > odporność 3
    REQUIRE(t.fig("m4").asleep);
    t.ok({{"type", "possess"}, {"character", "c2"}, {"source", "talisman"}, {"dice", {6}}});  // the Zło talisman, 14.6
    const auto refusal = t.refused({{"type", "kill_sleeping"}, {"figure", "m4"}}, "possessed_companion_still_fights", "10.5");
    CHECK(refusal.pl.find("Gislan z oddziału, pod władzą zła") != std::string::npos);
    CHECK(refusal.en.find("Gislan, the party's companion possessed") != std::string::npos);
}

TEST_CASE("16.0 / 9.2 pkt 3 the Black Gates cast from any rank, but Wybuch reaches the party's first rank only") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();
    t.monster("bezimienny", 15);
    t.ok({{"type", "start_fight"}, {"black_gates", true}});
    t.next_phases(2);
    REQUIRE(t.state().fight.phase == 3);
    const auto refusal = t.refused({{"type", "cast"}, {"caster", "black_gates"}, {"spell", "wybuch"}, {"targets", {"c1"}}, {"dice", {6}}},
                                   "target_not_first_rank", "10.5");
    CHECK(refusal.pl.find("(10.5)") != std::string::npos);
    CHECK_FALSE(has(czary::valid_targets(t.state(), czary::GameData::builtin(), "black_gates", "wybuch"), "c1"));
    CHECK(has(czary::valid_targets(t.state(), czary::GameData::builtin(), "black_gates", "wybuch"), "c2"));
    t.ok({{"type", "cast"}, {"caster", "black_gates"}, {"spell", "wybuch"}, {"targets", {"c2"}}, {"dice", {6}}});
    CHECK(t.fig("c2").wounds == 2);
    CHECK(t.fig("c1").wounds == 0);
    CHECK(t.state().fight.gates_blasts_left == 2);  // the refused blast cost none of the three
}

namespace {

// Larraka (c1, second rank) knows Niepewność; a troll (m4) is fought.
Table hesitation_fight() {
    Table t;
    t.party();
    t.adventure({"niepewnosc", "uzdrowienie", "blyskawica", "wybuch", "uspienie"}, Table::standard_marks(2),
                Table::standard_marks(3));
    t.c1_to_second_rank();
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    return t;
}

// What the spell card says of Niepewność for Larraka.
std::optional<czary::Refusal> why_not_hesitation(const Table& t) {
    for (const auto& spell : czary::spell_availability(t.state(), czary::GameData::builtin(), "c1"))
        if (spell.spell == "niepewnosc") return spell.refusal;
    FAIL("Niepewność is not on Larraka's list");
    return std::nullopt;
}

}  // namespace

TEST_CASE("10.5 Niepewność comes before the fight's first blow: refused once an attack, a wound or a spell is on record") {
    for (const json& first : {json{{"type", "weapon_attack"}, {"figure", "c2"}},
                              json{{"type", "wound"}, {"figure", "m4"}, {"amount", 1}},
                              json{{"type", "wound"}, {"figure", "c2"}, {"amount", 1}},
                              json{{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m4"}}, {"dice", {6}}}}) {
        CAPTURE(first.dump());
        Table t = hesitation_fight();
        CHECK_FALSE(why_not_hesitation(t).has_value());
        t.ok(first);
        const auto refusal = t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "niepewnosc"}}, "hesitation_after_first_blow", "10.5");
        CHECK(refusal.pl.find("(10.5)") != std::string::npos);
        // The spell card says it too, with the rule.
        const auto card = why_not_hesitation(t);
        REQUIRE(card.has_value());
        CHECK(card->code == "hesitation_after_first_blow");
        CHECK(card->rule == "10.5");
    }
}

TEST_CASE("10.5 Niepewność before any blow: accepted, and the fight's record survives a save") {
    Table t = hesitation_fight();
    CHECK_FALSE(t.state().fight.under_way);
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "niepewnosc"}});
    CHECK(t.state().fight.under_way);
    const auto saved = czary::state_to_json(t.state());
    CHECK(saved.at("fight").at("under_way") == true);
    CHECK(czary::state_from_json(saved, czary::GameData::builtin()).fight.under_way);
}
