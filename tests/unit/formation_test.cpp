// 4.1 C, 9.1, 9.2, 9.8: ranks of three, the first rank keeps two, reorganisation in a fight.
#include "table.hpp"

using test::Table;

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
    CHECK(result.log[0].text.pl == "Pojawia się Troll 1 (siła 9) i staje w 1. szeregu: z przodu stoją najsilniejsze potwory.");
    CHECK(result.log[0].text.en == "Troll 1 appears (siła 9) and stands in rank 1: the strongest monsters stand in front.");
    CHECK(t.state().monsters.ranks[1][0] == "m1");
    result = t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 2}});  // m5
    CHECK(result.log[0].text.pl == "Pojawia się Ork 4 (siła 2) i staje w 2. szeregu: z przodu stoją najsilniejsze potwory.");
    t.party();
    t.ok({{"type", "start_fight"}});
    result = t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 20}});
    CHECK(result.log[0].key == "monster_added");
    CHECK(result.log[0].text.pl == "Pojawia się Ork 5 (siła 20).");
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

TEST_CASE("9.8: with one left alive in the first rank, the one legal move brings someone forward") {
    Table t;
    t.party();
    t.ok({{"type", "add_character"}, {"name", "Tragarz"}, {"sila", 6}, {"odpornosc", 1}});  // c4
    t.c1_to_second_rank();  // [-, c2, c3] [c1, c4]
    t.monster("ork", 20);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 10}});  // Gislan dies
    t.ok({{"type", "next_phase"}});
    t.ok({{"type", "next_phase"}});
    t.refused({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 2}, {"slot", 3}}, "first_rank_needs_two", "9.8");
    t.ok({{"type", "move_figure"}, {"figure", "c4"}, {"rank", 1}, {"slot", 1}});
}

TEST_CASE("9.2 phase 5: monsters fill the first rank from behind, strongest first") {
    Table t;
    t.party();
    for (int sila : {9, 8, 7, 6, 5}) t.monster("ork", sila);  // m4..m8: [m4 m5 m6] [m7 m8]
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "m5"}, {"amount", 8}});
    for (int i = 0; i < 3; ++i) t.ok({{"type", "next_phase"}});
    REQUIRE(t.state().fight.phase == 5);
    CHECK(t.state().monsters.ranks[0] == std::array<std::string, 3>{"m4", "m7", "m6"});
    CHECK(t.state().monsters.ranks[1] == std::array<std::string, 3>{"", "m8", ""});
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
