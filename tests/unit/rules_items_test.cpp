// Things that change casting (the rulebook notes, ../shared/rules/CONTEXT.md): rings (14.8), altars (13.5), the bookshelf (13.4),
// talismans (14.6); monsters' spells (15.7) and the Black Gates (16.0).
#include "core/queries.hpp"
#include "table.hpp"

using test::Table;

namespace {

Table in_labyrinth() {
    Table t = Table::in_labyrinth();
    return t;
}

}  // namespace

TEST_CASE("14.8: a ring casts its spell once per adventure at no cost, even unmarked") {
    Table t = in_labyrinth();
    t.ok({{"type", "grant_ring"}, {"character", "c2"}, {"spell", "uzdrowienie"}});
    t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 3}});
    auto result = t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "uzdrowienie"}, {"targets", {"c3"}}, {"dice", {1}}});
    CHECK(result.outcome["cost"] == 0);
    CHECK(t.fig("c2").wounds == 0);
    CHECK(t.fig("c3").wounds == 1);
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "uzdrowienie"}, {"targets", {"c3"}}}, "not_marked", "4.1");
    // A new adventure gives the ring back.
    t.ok({{"type", "end_adventure"}});
    t.standard_adventure();  // the same pools: once chosen they only grow (10.0)
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "uzdrowienie"}, {"targets", {"c3"}}, {"dice", {1}}});
}

TEST_CASE("14.8: use_ring on a marked spell makes that cast free and spends the ring, not a use") {
    Table t = in_labyrinth();
    t.ok({{"type", "grant_ring"}, {"character", "c1"}, {"spell", "uzdrowienie"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"use_ring", true}, {"dice", {1}}});
    CHECK(t.fig("c1").wounds == 0);
    CHECK(t.fig("c1").uses_left.at("uzdrowienie") == 2);
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"use_ring", true}}, "no_ring", "14.8");
    t.refused({{"type", "grant_ring"}, {"character", "c1"}, {"spell", "wybuch"}}, "no_such_ring", "14.8");
}

TEST_CASE("13.5 Alloces: success makes type W spells free in the next fight only") {
    Table t = in_labyrinth();
    t.ok({{"type", "altar"}, {"character", "c1"}, {"altar", "alloces"}, {"dice", {2}}});  // 2 <= odporność 3
    t.c1_to_second_rank();
    t.monster("troll", 30);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {6, 6}}});
    CHECK(t.fig("c1").wounds == 0);
    t.ok({{"type", "set_house_rule"}, {"rule", "end_fight_early"}, {"on", true}});  // 9.0: only as a house rule
    t.ok({{"type", "end_fight"}, {"outcome", "fled"}});
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {1}}});
    CHECK(t.fig("c1").wounds == 2);
}

TEST_CASE("13.5 Avnas: success, Błyskawica for 1 wound; failure, Błyskawica strikes the character") {
    Table t = in_labyrinth();
    t.ok({{"type", "altar"}, {"character", "c1"}, {"altar", "avnas"}, {"dice", {1}}});
    t.c1_to_second_rank();
    t.monster("troll", 30);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {1}}});
    CHECK(t.fig("c1").wounds == 1);

    Table u = in_labyrinth();
    u.ok({{"type", "altar"}, {"character", "c2"}, {"altar", "avnas"}, {"dice", {5, 6}}});  // fails; 1K3x2 = 6
    CHECK(u.fig("c2").wounds == 6);
    CHECK_FALSE(u.fig("c2").cheap_lightning);
}

TEST_CASE("13.5 Asmoday failure: each potential number -1; Malthus success teaches Gniew Boży") {
    Table t = in_labyrinth();
    t.ok({{"type", "altar"}, {"character", "c3"}, {"altar", "asmoday"}, {"dice", {2}}});  // odporność 1: fails
    CHECK(t.fig("c3").potential == std::array<int, 3>{4, 4, 4});
    t.ok({{"type", "altar"}, {"character", "c1"}, {"altar", "malthus"}, {"dice", {3}}});
    CHECK(t.fig("c1").learned == std::vector<std::string>{"gniew_bozy"});
}

TEST_CASE("13.4: the bookshelf falls on 1-3 for 1K3 wounds") {
    Table t = in_labyrinth();
    t.ok({{"type", "bookshelf"}, {"character", "c2"}, {"dice", {2, 6}}});
    CHECK(t.fig("c2").wounds == 3);
    CHECK(t.fig("c2").learned.empty());
}

TEST_CASE("14.6: a sun talisman adds 1K3 to one potential, Wszystkie słońca 1K3 to each; the pool may grow") {
    Table t;
    t.party();
    t.ok({{"type", "talisman"}, {"character", "c2"}, {"sun", "blue"}, {"dice", {5}}});
    CHECK(t.fig("c2").potential == std::array<int, 3>{4, 4, 7});
    t.ok({{"type", "set_pool"}, {"character", "c2"},
          {"spells", {"wybuch", "zamek", "sila", "elokwencja", "urok", "uspienie", "blyskawica"}}});
    // "o 1K3 potencjał magiczny dla każdego ze słońc": a roll per sun, red, yellow, blue.
    t.refused({{"type", "talisman"}, {"character", "c1"}, {"sun", "all"}, {"dice", {1}}}, "not_enough_dice", "3.1");
    auto all = t.ok({{"type", "talisman"}, {"character", "c1"}, {"sun", "all"}, {"dice", {1, 4, 6}}});
    CHECK(t.fig("c1").potential == std::array<int, 3>{7, 7, 7});
    CHECK(all.outcome["bonus"] == nlohmann::json{1, 2, 3});
}

TEST_CASE("15.7 / 8.2: monsters cast only their own spells") {
    Table t = in_labyrinth();
    const auto troll = t.monster("troll", 9);
    const auto nameless = t.monster("bezimienny", 15);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "next_phase"}});
    t.refused({{"type", "cast"}, {"caster", troll}, {"spell", "wybuch"}, {"targets", {"c1"}}}, "monster_lacks_spell", "8.2");
    t.ok({{"type", "cast"}, {"caster", nameless}, {"spell", "blyskawica"}, {"targets", {"c1"}}, {"dice", {6, 2}}});
    CHECK(t.fig("c1").wounds == 2);
    CHECK(t.fig(nameless).wounds == 2);
}

TEST_CASE("16.0: the Black Gates cast Wybuch three times for free in phase 3, while Bezimienny lives") {
    Table t = in_labyrinth();
    const auto nameless = t.monster("bezimienny", 15);
    t.ok({{"type", "start_fight"}, {"black_gates", true}});
    t.refused({{"type", "cast"}, {"caster", "black_gates"}, {"spell", "wybuch"}, {"targets", {"c1"}}}, "gates_cast_in_phase_3", "16.0");
    t.ok({{"type", "next_phase"}});
    t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 3);
    for (const char* target : {"c1", "c2", "c3"})
        t.ok({{"type", "cast"}, {"caster", "black_gates"}, {"spell", "wybuch"}, {"targets", {target}}, {"dice", {6}}});
    CHECK(t.fig("c1").wounds == 2);
    CHECK(t.fig("c3").wounds == 2);
    t.refused({{"type", "cast"}, {"caster", "black_gates"}, {"spell", "wybuch"}, {"targets", {"c1"}}}, "gates_blasts_used", "16.0");
    t.ok({{"type", "wound"}, {"figure", nameless}, {"amount", 15}});
    for (int i = 0; i < 5; ++i) t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 3);
    t.refused({{"type", "cast"}, {"caster", "black_gates"}, {"spell", "wybuch"}, {"targets", {"c1"}}}, "gates_need_nameless", "16.0");
}

TEST_CASE("16.0: the Demons vanish when Bezimienny dies") {
    Table t = in_labyrinth();
    const auto nameless = t.monster("bezimienny", 15);
    const auto demon = t.monster("demon", 8);
    t.ok({{"type", "start_fight"}, {"black_gates", true}});
    t.ok({{"type", "wound"}, {"figure", nameless}, {"amount", 15}});
    CHECK_FALSE(czary::place_of(t.state(), demon).on_board());
    CHECK(t.fig(demon).vanished);
    CHECK(t.fig(demon).away.empty());
    t.refused({{"type", "rejoin"}, {"figure", demon}}, "vanished", "16.0");
    t.ok({{"type", "end_fight"}, {"outcome", "victory"}});
}

TEST_CASE("16.0: Bezimienny stands in the Demons' last rank or behind them, out of the first rank's reach") {
    Table t = in_labyrinth();
    t.c1_to_second_rank();
    for (int sila : {8, 7}) t.monster("demon", sila);  // m4, m5
    auto added = t.ok({{"type", "add_monster"}, {"kind", "bezimienny"}, {"sila", 15}});  // m6
    // Two Demons: their rank has a place left, and he takes it, strongest though he is.
    CHECK(t.state().monsters.ranks[0] == std::array<std::string, 3>{"m4", "m5", "m6"});
    CHECK(added.log[0].key == "monster_added_among_demons");
    CHECK(added.log[0].text().pl == "Pojawia się Bezimienny 1 (siła 15) i staje w 1. szeregu, ostatnim szeregu Demonów.");
    // A third Demon takes the front; he steps behind them.
    t.monster("demon", 6);  // m7
    CHECK(t.state().monsters.ranks[0] == std::array<std::string, 3>{"m4", "m5", "m7"});
    CHECK(t.state().monsters.ranks[1] == std::array<std::string, 3>{"m6", "", ""});
    t.ok({{"type", "start_fight"}, {"black_gates", true}});
    const auto reach = czary::valid_targets(t.state(), czary::GameData::builtin(), "c1", "wybuch");
    CHECK(std::find(reach.begin(), reach.end(), "m6") == reach.end());
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m6"}}, {"dice", {6}}}, "target_not_first_rank", "10.5");

    // Added after three Demons, the log says he stands behind them.
    Table u = in_labyrinth();
    for (int sila : {8, 7, 6}) u.monster("demon", sila);
    added = u.ok({{"type", "add_monster"}, {"kind", "bezimienny"}, {"sila", 15}});
    CHECK(added.log[0].text().pl == "Pojawia się Bezimienny 1 (siła 15) i staje w 2. szeregu, za Demonami.");
}
