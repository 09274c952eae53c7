// 4.1 C, 9.1, 9.2, 9.8: ranks of three, the first rank keeps two, reorganisation in a fight.
#include "core/queries.hpp"
#include "table.hpp"

using test::Table;
using json = nlohmann::json;

TEST_CASE("4.1 C: characters fill ranks of three; swaps keep positions") {
    Table t;
    t.party();
    t.ok({{"type", "add_hero"}, {"hero", "zuryk"}});
    REQUIRE(t.state().party.ranks.size() == 2);
    CHECK(t.state().party.ranks[0] == std::array<std::string, 3>{"c1", "c2", "c3"});
    CHECK(t.state().party.ranks[1] == std::array<std::string, 3>{"c4", "", ""});
    t.ok({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 1}, {"slot", 2}});  // swap with c2
    CHECK(t.state().party.ranks[0] == std::array<std::string, 3>{"c1", "c4", "c3"});
    CHECK(t.state().party.ranks[1] == std::array<std::string, 3>{"c2", "", ""});
    t.ok({{"type", "move_figure"}, {"figure", "c2"}, {"rank", 2}, {"slot", 3}});
    CHECK(t.state().party.ranks[1] == std::array<std::string, 3>{"", "", "c2"});
}

TEST_CASE("4.1 C2: the first rank keeps two while two live") {
    Table t;
    t.party();
    t.c1_to_second_rank();
    t.refused({{"type", "move_figure"}, {"figure", "c2"}, {"rank", 2}, {"slot", 2}}, "first_rank_needs_two", "4.1 C2");
}

TEST_CASE("9.1: monsters stand strongest first, three in the first rank") {
    Table t;
    for (int sila : {3, 9, 5, 12, 7}) t.monster("ork", sila);  // m1..m5
    CHECK(t.state().monsters.ranks[0] == std::array<std::string, 3>{"m4", "m2", "m5"});
    CHECK(t.state().monsters.ranks[1] == std::array<std::string, 3>{"m3", "m1", ""});
}

TEST_CASE("9.1: the player is told where a new monster stands and why; in a fight it takes the first free place") {
    Table t;
    t.monster("ork", 3);  // m1
    t.monster("ork", 4);  // m2
    t.monster("ork", 5);  // m3
    // A stronger one comes: it stands in front, the weakest steps back, and the log says so.
    auto result = t.ok({{"type", "add_monster"}, {"kind", "troll"}, {"sila", 9}});  // m4
    REQUIRE(result.log.size() == 1);
    CHECK(result.log[0].key == "monster_added_ranked");
    CHECK(result.log[0].text().pl == "Pojawia się Troll 1 (siła 9) i staje w 1. szeregu: z przodu stoją najsilniejsze potwory.");
    CHECK(result.log[0].text().en == "Troll 1 appears (siła 9) and stands in rank 1: the strongest monsters stand in front.");
    CHECK(t.state().monsters.ranks[1][0] == "m1");
    result = t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 2}});  // m5
    CHECK(result.log[0].text().pl == "Pojawia się Ork 4 (siła 2) i staje w 2. szeregu: z przodu stoją najsilniejsze potwory.");
    t.party();
    t.ok({{"type", "start_fight"}});
    result = t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 20}});
    CHECK(result.log[0].key == "monster_added");
    CHECK(result.log[0].text().pl == "Pojawia się Ork 5 (siła 20).");
}

TEST_CASE("9.8: in a fight the party reorganises only in phase 4, one from each rank, one rank at a time") {
    Table t;
    t.party();
    t.ok({{"type", "add_character"}, {"name", "Tragarz"}, {"sila", 6}, {"odpornosc", 1}});  // c4, second rank
    t.ok({{"type", "add_character"}, {"name", "Giermek"}, {"sila", 6}, {"odpornosc", 1}});  // c5, second rank
    t.monster("ork", 20);
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 3}, {"slot", 1}}, "reorganise_only_phase_4", "9.8");
    t.ok({{"type", "next_phase"}});
    t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 4);
    t.refused({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 3}, {"slot", 1}}, "one_rank_at_a_time", "9.8");
    t.ok({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 3}, {"slot", 1}});
    t.refused({{"type", "move_figure"}, {"figure", "c5"}, {"rank", 3}, {"slot", 2}}, "rank_already_moved", "9.8");
    // From the first rank one may still step back while two stay.
    t.to_second_rank("c1");
    CHECK(t.state().party.ranks[0] == std::array<std::string, 3>{"", "c2", "c3"});
}

TEST_CASE("9.8 party pkt 4: with one left alive in the first rank, the one move there is, and must be, from the second rank to the first") {
    Table t;
    t.party();
    t.ok({{"type", "add_character"}, {"name", "Tragarz"}, {"sila", 6}, {"odpornosc", 1}});  // c4
    t.ok({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 2}, {"slot", 2}});  // [-, c2, c3] [c4, c1]
    t.monster("ork", 20);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 10}});  // Gislan dies
    t.ok({{"type", "next_phase"}});
    auto phase4 = t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 4);
    // The phase says what is owed, and will not end without it.
    CHECK(phase4.log.back().key == "first_rank_move_owed");
    CHECK(phase4.log.back().text().pl == "Curvenol został w 1. szeregu sam: jedna postać z 2. szeregu musi przejść do 1. szeregu i to jedyny ruch w tej fazie.");
    t.refused({{"type", "next_phase"}}, "first_rank_move_owed", "9.8");
    t.refused({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 2}, {"slot", 3}}, "first_rank_move_first", "9.8");
    t.refused({{"type", "move_figure"}, {"figure", "c3"}, {"rank", 1}, {"slot", 1}}, "first_rank_move_first", "9.8");
    t.ok({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 1}, {"slot", 1}});
    // "jedyny ruch": nothing after it in this phase.
    t.refused({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 2}, {"slot", 3}}, "first_rank_move_was_the_only", "9.8");
    t.ok({{"type", "next_phase"}});
    CHECK(t.state().party.ranks[0] == std::array<std::string, 3>{"c4", "", "c3"});
}

TEST_CASE("9.8 party pkt 5: of two in the first rank neither steps back; of three one may") {
    Table t;
    t.party();
    t.ok({{"type", "add_character"}, {"name", "Tragarz"}, {"sila", 6}, {"odpornosc", 1}});  // c4, second rank
    t.monster("ork", 20);
    t.ok({{"type", "start_fight"}});
    t.next_phases(2);
    REQUIRE(t.state().fight.phase == 4);
    t.ok({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 2}, {"slot", 2}});  // three: one may
    t.next_phases(4);  // the next round's phase 4
    REQUIRE(t.state().fight.phase == 4);
    t.refused({{"type", "move_figure"}, {"figure", "c2"}, {"rank", 2}, {"slot", 3}}, "first_rank_needs_two", "9.8");
    // A swap withdraws the one it displaces.
    t.refused({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 1}, {"slot", 2}}, "first_rank_needs_two", "9.8");
}

TEST_CASE("9.8 / 9.2: a rank emptied in a fight stays, a gap, until its side's phase: 4 for the party, 5 for the monsters") {
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();  // [-, c2, c3] [c1]
    for (int sila : {9, 8, 7, 6}) t.monster("ork", sila);  // [m4 m5 m6] [m7]
    t.ok({{"type", "start_fight"}});
    for (const char* ork : {"m4", "m5", "m6"}) t.ok({{"type", "wound"}, {"figure", ork}, {"amount", 20}});
    // Phase 1 goes on against an empty first rank: m7 stands in the second, out of Wybuch's reach.
    REQUIRE(t.state().monsters.ranks.size() == 2);
    CHECK(t.state().monsters.ranks[0] == std::array<std::string, 3>{"", "", ""});
    CHECK(t.state().monsters.ranks[1][0] == "m7");
    CHECK(czary::valid_targets(t.state(), czary::GameData::builtin(), "c1", "wybuch").empty());
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {"m7"}}, {"dice", {6}}}, "target_not_first_rank", "10.5");
    t.next_phases(1);  // phase 2: the party's first rank dies
    for (const char* id : {"c2", "c3"}) t.ok({{"type", "wound"}, {"figure", id}, {"amount", 20}});
    REQUIRE(t.state().party.ranks.size() == 2);
    CHECK(t.state().party.ranks[0] == std::array<std::string, 3>{"", "", ""});
    auto phase4 = t.ok({{"type", "next_phase"}});
    CHECK(t.state().party.ranks.size() == 1);
    CHECK(t.state().party.ranks[0][0] == "c1");
    CHECK(t.state().monsters.ranks.size() == 2);  // the monsters' gap waits for phase 5
    CHECK(phase4.log.back().key == "party_ranks_close_up");
    auto phase5 = t.ok({{"type", "next_phase"}});
    CHECK(t.state().monsters.ranks.size() == 1);
    CHECK(t.state().monsters.ranks[0][0] == "m7");
    CHECK(phase5.log.back().key == "monster_ranks_close_up");
}

TEST_CASE("9.8 / 9.2: a newcomer in a fight takes the gap; a fight's gaps close when it ends") {
    Table t = Table::in_labyrinth();
    for (int sila : {9, 8, 7, 6}) t.monster("ork", sila);
    t.ok({{"type", "start_fight"}});
    for (const char* ork : {"m4", "m5", "m6"}) t.ok({{"type", "wound"}, {"figure", ork}, {"amount", 20}});
    const std::string newcomer = t.monster("ork", 3);
    CHECK(t.state().monsters.ranks[0][0] == newcomer);
    t.ok({{"type", "wound"}, {"figure", newcomer}, {"amount", 20}});
    REQUIRE(t.state().monsters.ranks.size() == 2);
    t.ok({{"type", "wound"}, {"figure", "m7"}, {"amount", 20}});
    t.ok({{"type", "end_fight"}});
    CHECK(t.state().monsters.ranks.empty());
}

TEST_CASE("9.8 monsters pkt 1: at the end of phase 5 the first rank is filled from the second, strongest first") {
    Table t;
    t.party();
    for (int sila : {9, 8, 7, 6, 5, 4}) t.monster("ork", sila);  // m4..m9: [m4 m5 m6] [m7 m8 m9]
    t.monster("ork", 3);  // m10: [m10]
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 8}});
    for (int i = 0; i < 3; ++i) t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 5);
    CHECK(t.state().monsters.ranks[0] == std::array<std::string, 3>{"m4", "", "m6"});  // the players may still choose
    auto round2 = t.ok({{"type", "next_phase"}});
    CHECK(round2.log.front().key == "monster_steps_forward");
    CHECK(t.state().monsters.ranks[0] == std::array<std::string, 3>{"m4", "m7", "m6"});
    // From the second rank only: m10 does not step into the second rank's gap in the same phase.
    CHECK(t.state().monsters.ranks[1] == std::array<std::string, 3>{"", "m8", "m9"});
    CHECK(t.state().monsters.ranks[2] == std::array<std::string, 3>{"m10", "", ""});
}

TEST_CASE("9.8 monsters pkt 2-3: with the first rank full one monster from further back steps forward; two free places, a die") {
    Table t;
    t.party();
    for (int sila : {9, 8, 7, 6, 5, 4, 3, 2, 1}) t.monster("ork", sila);  // [m4 m5 m6] [m7 m8 m9] [m10 m11 m12]
    t.ok({{"type", "start_fight"}});
    for (const char* ork : {"m8", "m9"}) t.ok({{"type", "wound"}, {"figure", ork}, {"amount", 20}});
    t.next_phases(3);
    REQUIRE(t.state().fight.phase == 5);
    // The players move one forward; a second is refused.
    t.ok({{"type", "move_figure"}, {"figure", "m11"}, {"rank", 2}, {"slot", 2}});
    t.refused({{"type", "move_figure"}, {"figure", "m12"}, {"rank", 2}, {"slot", 3}}, "one_monster_steps_forward", "9.8");
    auto round2 = t.ok({{"type", "next_phase"}});  // and nothing more is added for them
    CHECK(round2.log.front().key == "phase");
    CHECK(t.state().monsters.ranks[1] == std::array<std::string, 3>{"m7", "m11", ""});

    // Left to the program, the strongest of the rank behind steps forward, one only; of the two free
    // places the die picks (5: the right one).
    Table u;
    u.party();
    for (int sila : {9, 8, 7, 6, 5, 4, 3, 2, 1}) u.monster("ork", sila);
    u.ok({{"type", "start_fight"}});
    for (const char* ork : {"m8", "m9"}) u.ok({{"type", "wound"}, {"figure", ork}, {"amount", 20}});
    u.next_phases(3);
    u.refused({{"type", "next_phase"}, {"dice", json::array()}}, "not_enough_dice", "3.1");
    auto stepped = u.ok({{"type", "next_phase"}, {"dice", {5}}});
    CHECK(stepped.log.front().key == "monster_steps_forward");
    CHECK(u.state().monsters.ranks[1] == std::array<std::string, 3>{"m7", "", "m10"});
    CHECK(u.state().monsters.ranks[2] == std::array<std::string, 3>{"", "m11", "m12"});
}

TEST_CASE("9.8 pkt 1: in a fight two figures of one rank may not swap places or pass each other") {
    Table t;
    t.party();
    t.monster("ork", 20);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "next_phase"}});
    t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 4);
    t.refused({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 1}, {"slot", 2}}, "no_swap_in_rank", "9.8");
    t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 20}});  // Curvenol dies: [c1, c2, -]
    t.refused({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 1}, {"slot", 3}}, "no_swap_in_rank", "9.8");
    // Moving within the rank keeping the order is allowed ("ich odległość od siebie może się zmieniać").
    t.ok({{"type", "move_figure"}, {"figure", "c2"}, {"rank", 1}, {"slot", 3}});
    CHECK(t.state().party.ranks[0] == std::array<std::string, 3>{"c1", "", "c2"});
}

TEST_CASE("4.1 C2: a rank has three places; before a fight figures of a rank may swap") {
    Table t;
    t.party();
    t.refused({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 1}, {"slot", 4}}, "rank_holds_three", "4.1 C2");
    t.ok({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 1}, {"slot", 2}});
    CHECK(t.state().party.ranks[0] == std::array<std::string, 3>{"c2", "c1", "c3"});
}

TEST_CASE("9.8 (monsters) pkt 4: monsters never step back") {
    Table t;
    t.party();
    for (int sila : {9, 8, 7, 6}) t.monster("ork", sila);  // [m4 m5 m6] [m7]
    t.ok({{"type", "start_fight"}});
    for (int i = 0; i < 3; ++i) t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 5);
    t.refused({{"type", "move_figure"}, {"figure", "m4"}, {"rank", 2}, {"slot", 2}}, "monsters_never_step_back", "9.8");
}

TEST_CASE("9.2 pkt 1-2: weapons strike from the party's first two ranks and the monsters' first only") {
    Table t;
    t.party();
    t.ok({{"type", "add_character"}, {"name", "Tragarz"}, {"sila", 6}, {"odpornosc", 1}});  // c4, rank 2
    t.ok({{"type", "add_character"}, {"name", "Kucharz"}, {"sila", 6}, {"odpornosc", 1}});  // c5, rank 2
    t.ok({{"type", "move_figure"}, {"figure", "c5"}, {"rank", 3}, {"slot", 1}});  // rank 3
    for (int sila : {9, 8, 7, 6}) t.monster("ork", sila);  // [m6 m7 m8] [m9]
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "weapon_attack"}, {"figure", "c1"}});  // rank 1: any weapon but a bow or a knife
    t.ok({{"type", "weapon_attack"}, {"figure", "c4"}});  // rank 2: a bow or a knife
    const auto far = t.refused({{"type", "weapon_attack"}, {"figure", "c5"}}, "weapon_attack_rank_party", "9.2");
    CHECK(far.pl == "Kucharz stoi w 3. szeregu: bronią atakuje się z 1. szeregu, a z 2. łukiem lub nożem (9.2).");
    t.next_phases(1);
    t.ok({{"type", "weapon_attack"}, {"figure", "m6"}});
    t.refused({{"type", "weapon_attack"}, {"figure", "m9"}}, "weapon_attack_rank_monster", "9.2");
}

TEST_CASE("9.8 pkt 4: a state read from a file that says a move is owed over an empty formation ends phase 4 safely") {
    Table t;
    t.party();
    t.monster("ork", 5);
    t.ok({{"type", "start_fight"}});
    t.next_phases(2);
    auto state = czary::state_to_json(t.state());
    state["party"]["ranks"] = json::array();
    state["fight"]["first_rank_move"] = "owed";
    const auto read = czary::state_from_json(state, czary::GameData::builtin());
    const auto applied = czary::apply_action(read, {{"type", "next_phase"}}, czary::GameData::builtin());
    CHECK(applied.result.ok);
    CHECK(applied.state.fight.phase == read.fight.phase + 1);  // the next state, `read` left as it was
}
