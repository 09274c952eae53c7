// 10.0 (the pool, 4.1 B6) and 4.1 D (dominant sun, marked spells, use limits).
#include "table.hpp"

using test::Table;

TEST_CASE("10.0 pool: size is the largest potential number; a full pool is accepted") {
    Table t;
    t.party();
    t.ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wybuch", "zamek", "sila", "elokwencja"}}});
    CHECK(t.fig("c2").pool.size() == 4);
}

TEST_CASE("10.0 pool: more spells than the largest potential number are refused") {
    Table t;
    t.party();
    t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wybuch", "zamek", "sila", "elokwencja", "urok"}}},
              "pool_too_large", "10.0");
}

TEST_CASE("10.0 pool: a character with potential 0/0/0 has no pool") {
    Table t;
    t.ok({{"type", "add_hero"}, {"hero", "dierdra"}});
    t.refused({{"type", "set_pool"}, {"character", "c1"}, {"spells", {"wybuch"}}}, "no_magic_potential", "10.0");
}

TEST_CASE("10.8 pool: type S spells are never in the initial pool") {
    Table t;
    t.party();
    t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"gniew_bozy"}}}, "special_not_in_pool", "10.8");
    t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wskrzeszenie"}}}, "special_not_in_pool", "10.8");
}

TEST_CASE("4.1 pool: the same spell twice is refused") {
    Table t;
    t.party();
    t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wybuch", "wybuch"}}}, "spell_twice", "4.1");
}

TEST_CASE("4.1 D: the dominant sun from 1K6: 1-2 red, 3-4 yellow, 5-6 blue") {
    for (auto [die, sun] : {std::pair{1, czary::Sun::Red}, {2, czary::Sun::Red}, {3, czary::Sun::Yellow},
                            {4, czary::Sun::Yellow}, {5, czary::Sun::Blue}, {6, czary::Sun::Blue}}) {
        Table t;
        t.ok({{"type", "add_hero"}, {"hero", "dierdra"}});  // 4.1: an adventure needs a party
        auto result = t.ok({{"type", "begin_adventure"}, {"dice", {die}}});
        CHECK(t.state().adventure.sun == sun);
        REQUIRE(result.rolls.size() == 1);
        CHECK(result.rolls[0].purpose == "sun");
        CHECK(result.rolls[0].source == "table");
    }
}

TEST_CASE("4.1 D: exactly as many spells as the potential of the dominant sun are marked") {
    Table t;
    t.party();
    t.standard_pools();
    t.ok({{"type", "set_pool"}, {"character", "c1"}, {"spells", {"wybuch", "zamek", "sila", "elokwencja", "urok", "uspienie"}}});
    t.ok({{"type", "begin_adventure"}, {"dice", {6}}});  // blue: Larraka 6/5/4 -> 4
    t.refused({{"type", "mark_spells"}, {"character", "c1"}, {"spells", {"wybuch", "zamek", "sila"}}}, "wrong_mark_count", "4.1");
    t.refused({{"type", "mark_spells"}, {"character", "c1"}, {"spells", {"wybuch", "zamek", "sila", "elokwencja", "urok"}}},
              "wrong_mark_count", "4.1");
    t.refused({{"type", "mark_spells"}, {"character", "c1"}, {"spells", {"wybuch", "zamek", "sila", "blyskawica"}}},
              "not_in_pool", "4.1");
    t.ok({{"type", "mark_spells"}, {"character", "c1"}, {"spells", {"wybuch", "zamek", "sila", "urok"}}});
    CHECK(t.fig("c1").marked.size() == 4);
}

TEST_CASE("4.1 D: only marked spells are cast in this adventure") {
    Table t = Table::in_labyrinth();
    // Larraka's pool holds Zamek as its sixth spell, but it was not marked under the yellow sun.
    REQUIRE(std::find(t.fig("c1").pool.begin(), t.fig("c1").pool.end(), "zamek") != t.fig("c1").pool.end());
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "zamek"}}, "not_marked", "4.1");
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "zamek"}, {"door", "north"}});
}

TEST_CASE("4.1 D: entering needs every mark and every use limit") {
    Table t;
    t.party();
    t.ok({{"type", "set_pool"}, {"character", "c1"}, {"spells", Table::pad({"uzdrowienie"}, 6)}});
    t.ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", Table::pad({"odmlodzenie"}, 4)}});
    t.ok({{"type", "set_pool"}, {"character", "c3"}, {"spells", Table::pad({}, 5)}});
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
    t.ok({{"type", "mark_spells"}, {"character", "c1"}, {"spells", Table::pad({"uzdrowienie"}, 5)}});
    t.ok({{"type", "mark_spells"}, {"character", "c2"}, {"spells", Table::pad({"odmlodzenie"}, 4)}});
    t.refused({{"type", "enter_labyrinth"}}, "marks_missing", "4.1");
    t.ok({{"type", "mark_spells"}, {"character", "c3"}, {"spells", Table::pad({}, 5)}});
    t.refused({{"type", "enter_labyrinth"}}, "use_limit_missing", "10.6");
    t.ok({{"type", "roll_use_limit"}, {"character", "c1"}, {"spell", "uzdrowienie"}, {"dice", {5}}});
    t.refused({{"type", "roll_use_limit"}, {"character", "c1"}, {"spell", "uzdrowienie"}, {"dice", {5}}},
              "limit_already_rolled", "10.6");
    t.ok({{"type", "roll_use_limit"}, {"character", "c2"}, {"spell", "odmlodzenie"}, {"dice", {1}}});
    t.ok({{"type", "enter_labyrinth"}});
    CHECK(t.fig("c1").uses_left.at("uzdrowienie") == 5);
    CHECK(t.fig("c2").uses_left.at("odmlodzenie") == 1);
    t.refused({{"type", "roll_use_limit"}, {"character", "c1"}, {"spell", "uzdrowienie"}}, "limit_already_rolled", "10.6");
    t.ok({{"type", "end_adventure"}});
    t.refused({{"type", "roll_use_limit"}, {"character", "c1"}, {"spell", "uzdrowienie"}}, "limit_before_entering", "10.6");
}

TEST_CASE("10.0 pool: fewer spells than the largest potential number are refused") {
    Table t;
    t.party();
    t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wybuch", "zamek"}}}, "pool_wrong_size", "10.0");
}

TEST_CASE("14.6: during an adventure the pool and the marks only grow, after a talisman") {
    Table t;
    t.party();
    t.standard_adventure();  // Gislan 4/4/4: Magiczna zbroja, Zamek, Siła, Elokwencja
    t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wybuch", "zamek", "sila", "elokwencja"}}},
              "pool_only_grows", "14.6");
    t.refused({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja"}}},
              "already_entered", "4.1");
    t.ok({{"type", "talisman"}, {"character", "c2"}, {"sun", "yellow"}, {"dice", {3}}});  // +2: 4/6/4
    t.ok({{"type", "set_pool"}, {"character", "c2"},
          {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja", "wybuch", "urok"}}});
    t.refused({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"zamek", "sila", "elokwencja", "wybuch", "urok", "uspienie"}}},
              "marks_only_grow", "14.6");
    t.refused({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja", "wybuch", "uspienie"}}},
              "not_in_pool", "4.1");
    t.ok({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja", "wybuch", "urok"}}});
    CHECK(t.fig("c2").marked.size() == 6);
}

TEST_CASE("10.0: the pool is chosen once, before play; between adventures it only grows") {
    Table t;
    t.party();
    // Before the first adventure the choice may still change.
    t.ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wybuch", "zamek", "sila", "elokwencja"}}});
    t.standard_adventure();  // Gislan: Magiczna zbroja, Zamek, Siła, Elokwencja
    t.ok({{"type", "end_adventure"}});
    t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"wybuch", "zamek", "sila", "elokwencja"}}},
              "pool_only_grows", "10.0");
    // The same pool again is no change; with more potential (12.2, 14.6) it grows.
    t.ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja"}}});
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
    t.ok({{"type", "talisman"}, {"character", "c2"}, {"sun", "yellow"}, {"dice", {1}}});  // +1: 4/5/4
    t.ok({{"type", "end_adventure"}});
    t.ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja", "wybuch"}}});
    CHECK(t.fig("c2").pool.size() == 5);
}

TEST_CASE("14.6 / 10.6: Uzdrowienie marked after a talisman gets its use limit then") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "talisman"}, {"character", "c2"}, {"sun", "yellow"}, {"dice", {1}}});  // +1: 4/5/4
    t.ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja", "uzdrowienie"}}});
    t.ok({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja", "uzdrowienie"}}});
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "uzdrowienie"}, {"targets", {"c1"}}}, "no_uses_left", "10.6");
    t.ok({{"type", "roll_use_limit"}, {"character", "c2"}, {"spell", "uzdrowienie"}, {"dice", {3}}});
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "uzdrowienie"}, {"targets", {"c1"}}, {"dice", {1}}});
    CHECK(t.fig("c2").uses_left.at("uzdrowienie") == 2);
}

TEST_CASE("4.4: an initiate's potential comes from 1K6 on table 4.4, plus race and the extra +1") {
    Table t;
    t.ok({{"type", "add_initiate"}, {"race", "elf"}, {"name", "Ilma"}, {"bonus", "sila"}, {"dice", {4}}});
    const auto& c = t.fig("c1");
    CHECK(c.potential == std::array<int, 3>{0, 1, 2});
    CHECK(c.sila == 6);  // elf 5 + 1
    CHECK(c.odpornosc == 2);
    CHECK(c.talents.negotiation == 1);
    t.ok({{"type", "add_initiate"}, {"race", "dwarf"}, {"name", "Borin"}, {"bonus", "talent"}, {"talent", "traps"}, {"dice", {6}}});
    CHECK(t.fig("c2").potential == std::array<int, 3>{2, 2, 2});
    CHECK(t.fig("c2").talents.traps == 2);
    t.refused({{"type", "add_initiate"}, {"race", "hobbit"}, {"name", "X"}}, "unknown_race", "4.4");
}

TEST_CASE("4.1 A: a hero of table 4.3 joins the game once (applies)") {
    Table t;
    t.ok({{"type", "add_hero"}, {"hero", "larraka"}});
    t.ok({{"type", "add_hero"}, {"hero", "gislan"}, {"name", "Gislan Młodszy"}});
    t.ok({{"type", "add_initiate"}, {"race", "human"}, {"name", "Larraka"}, {"dice", {5}}});  // an initiate of the same name
    t.ok({{"type", "add_character"}, {"name", "Gislan"}, {"sila", 7}, {"odpornosc", 1}});
    CHECK(t.state().figures.size() == 4);
}

TEST_CASE("4.1 A: a hero of table 4.3 joins the game once (refused: the same hero again)") {
    Table t;
    t.party();
    const auto refusal = t.refused({{"type", "add_hero"}, {"hero", "larraka"}}, "hero_in_party", "4.1");
    CHECK(refusal.pl == "Larraka jest już w grze: każdego z bohaterów tabeli 4.3 dobiera się tylko raz (4.1 A).");
    CHECK(refusal.en == "Larraka is already in the game: each hero of table 4.3 is drawn only once (4.1 A).");
    t.refused({{"type", "add_hero"}, {"hero", "gislan"}, {"name", "Inny Gislan"}}, "hero_in_party", "4.1");
    // A dead hero is not drawn again either: 17.3 brings in new characters, Wskrzeszenie the dead.
    t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 9}});
    REQUIRE(t.fig("c3").dead);
    t.refused({{"type", "add_hero"}, {"hero", "curvenol"}}, "hero_in_party", "4.1");
}

TEST_CASE("4.1 B6 / 10.0: an adventure begins once every character who can cast has its pool (applies)") {
    Table t;
    t.party();
    t.ok({{"type", "add_hero"}, {"hero", "dierdra"}});  // 0/0/0: no pool, none needed
    t.standard_pools();
    t.ok({{"type", "add_hero"}, {"hero", "zuryk"}});
    t.ok({{"type", "wound"}, {"figure", "c5"}, {"amount", 8}});  // Zuryk 3/4/5 died without a pool
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
}

TEST_CASE("4.1 B6 / 10.0: an adventure begins once every character who can cast has its pool (refused: an empty pool)") {
    Table t;
    t.party();
    t.ok({{"type", "set_pool"}, {"character", "c1"}, {"spells", Table::pad(Table::standard_marks(1), 6)}});
    const auto refusal = t.refused({{"type", "begin_adventure"}, {"dice", {3}}}, "pool_empty", "4.1");
    CHECK(refusal.pl == "Pula czarów postaci Gislana jest pusta: wybierz czary, zanim zacznie się przygoda (4.1 B6, 10.0).");
    CHECK(refusal.en == "Gislan's spell pool is empty: choose the spells before the adventure begins (4.1 B6, 10.0).");
    t.standard_pools();
    t.ok({{"type", "add_initiate"}, {"race", "elf"}, {"name", "Ilma"}, {"dice", {5}}});  // 1/1/1, no pool yet
    CHECK(t.refused({{"type", "begin_adventure"}, {"dice", {3}}}, "pool_empty", "4.1").pl.find("postaci Ilma") != std::string::npos);
    t.ok({{"type", "set_pool"}, {"character", "c4"}, {"spells", {"wybuch"}}});
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
}

// Issue 25, item 5: an adventure began with nobody in the party (the playtest's first screen
// offered it as the biggest button).
TEST_CASE("4.1 begin_adventure: with no living character in the party it is refused (party_empty)") {
    Table t;
    auto refusal = t.refused({{"type", "begin_adventure"}, {"dice", {3}}}, "party_empty", "4.1");
    CHECK(refusal.pl == "W drużynie nie ma żadnej żywej postaci: dodaj postacie, zanim rozpoczniesz przygodę (4.1).");
    t.ok({{"type", "add_hero"}, {"hero", "dierdra"}});  // potential 0/0/0: needs no pool
    t.ok({{"type", "wound"}, {"figure", "c1"}, {"amount", 99}});
    CHECK(t.fig("c1").dead);
    t.refused({{"type", "begin_adventure"}, {"dice", {3}}}, "party_empty", "4.1");
    t.ok({{"type", "add_hero"}, {"hero", "gerudirr"}});
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
}
