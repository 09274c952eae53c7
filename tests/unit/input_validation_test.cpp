// Issue 13, items 8 and 9: a start state is checked whole when a file is loaded (every id it
// names, ranks of three places, ids the actions will make), every integer of a file is read as
// the integer written and range-checked (no truncation to int), and the counters the actions
// raise are refused at their limits instead of overflowing. The limits are those of
// docs/session-format.md 5.8; they are written out here as numbers on purpose.
#include <random>
#include <string>

#include "table.hpp"

#include "core/data_error.hpp"
#include "core/queries.hpp"

using nlohmann::json;

namespace {

json session_file(const json& start, const json& actions = json::array()) {
    return {{"format", "czary-session"}, {"version", 1}, {"start", start}, {"actions", actions}};
}

czary::Session load(const json& start) { return czary::Session::from_text(session_file(start).dump()); }

// The message a start state is refused with, or "(accepted)".
std::string refusal_of(const json& start) {
    try {
        load(start);
    } catch (const czary::DataError& e) {
        return e.what();
    }
    return "(accepted)";
}

void refused(const json& start, const std::string& reason) {
    const std::string message = refusal_of(start);
    INFO("start: " << start.dump().substr(0, 400));
    INFO("message: " << message);
    CHECK(message.find(reason) != std::string::npos);
    CHECK(message.rfind("state: ", 0) == 0);
    CHECK(message.find("json.exception") == std::string::npos);  // our words, not the library's
}

json character(const std::string& id, int sila = 8) {
    return {{"id", id}, {"kind", "character"}, {"name", id}, {"sila", sila}, {"odpornosc", 2}, {"potential", {2, 2, 2}}};
}

json monster(const std::string& id, int sila = 9) {
    return {{"id", id},       {"kind", "monster"}, {"name", "Troll"}, {"monster_kind", "troll"}, {"side", "monsters"},
            {"sila", sila},   {"odpornosc", 3},    {"nn", 4}};
}

// Two characters and a troll in a fight that has just begun.
json fight_start() {
    return {{"next_id", 4},
            {"figures", {character("c1"), character("c2"), monster("m3")}},
            {"party", {{"ranks", {{"c1", "c2", ""}}}}},
            {"monsters", {{"ranks", {{"m3", "", ""}}}}},
            {"adventure", {{"number", 1}, {"active", true}, {"entered", true}, {"sun", "red"}}},
            {"fight", {{"number", 1}, {"active", true}, {"round", 1}, {"phase", 1}}}};
}

// A session loaded from `start` at a test table.
test::Table table_from(const json& start) {
    test::Table t;
    t.session = load(start);
    return t;
}

}  // namespace

// --- item 8: every id a start state names ----------------------------------------------------

TEST_CASE("state: fight.monsters_killed naming a figure that does not exist is refused (end_fight crashed)") {
    json start = fight_start();
    start["fight"]["monsters_killed"] = {"m7"};
    refused(start, "'fight.monsters_killed[0]' names 'm7', which is not among the figures");
    start["fight"]["monsters_killed"] = {"c1"};
    refused(start, "'fight.monsters_killed[0]' names 'c1', which is not a monster");
    start["fight"]["monsters_killed"] = {"m3", "m3"};
    refused(start, "'fight.monsters_killed[1]' names 'm3' a second time");
    // A killed troll in the list: end_fight shares its siła x 6.
    start["figures"][2]["dead"] = true;
    start["monsters"]["ranks"] = json::array();
    start["fight"]["monsters_killed"] = {"m3"};
    auto t = table_from(start);
    t.ok({{"type", "end_fight"}});
    CHECK(t.fig("c1").experience == 27);
}

TEST_CASE("state: every other id a start state names is one the rules made, and exists where they look it up") {
    auto with = [](const std::string& pointer, const json& value) {
        json start = fight_start();
        start[json::json_pointer(pointer)] = value;
        return start;
    };
    refused(with("/figures/0/charmed_by", "c1"), "figure 'c1' is charmed by itself");
    refused(with("/figures/0/charmed_by", "m9"), "figure 'c1' is charmed by 'm9', who is not among the figures");
    // Lists of what happened: the figure may have been left behind since, but it was made.
    refused(with("/figures/0/killed", {"m99"}), "'figures[0].killed[0]' names 'm99', which no action has made (next_id is 4)");
    refused(with("/figures/0/killed", {"troll"}), "'figures[0].killed[0]' is 'troll', which is not an id");
    refused(with("/notes/teleports", json::array({json::array({"m99", "hall"})})), "'notes.teleports[0][0]' names 'm99', which no action has made");
    refused(with("/notes/teleports", json::array({json::array({"c1"})})), "'notes.teleports[0]' must be a list of [id, destination]");
    refused(with("/notes/teleports", json::array({json::array({"c1", 5})})), "'notes.teleports[0][1]' must be a text");
    refused(with("/fight/ranks_moved_from", {-1}), "'fight.ranks_moved_from[0]' must be a whole number from 0 to 2");
    refused(with("/fight/ranks_moved_from", {4294967296}), "'fight.ranks_moved_from[0]' must be a whole number from 0 to 2");
    refused(with("/figures/0/pool", {"smok"}), "'figures[0].pool[0]' names the spell 'smok', which does not exist");
    refused(with("/figures/0/uses_left", {{"smok", 1}}), "'figures[0].uses_left' names the spell 'smok', which does not exist");
    refused(with("/figures/2/monster_kind", "smok"), "'figures[2].monster_kind' is 'smok', which is not a monster kind of table 8.2");
    refused(with("/figures/0/hero", "nobody"), "'figures[0].hero' is 'nobody', which is not a hero of table 4.3");
    // History ids of figures left behind load: c1 killed m2, which clear_monsters dropped.
    json start = with("/figures/0/killed", {"m2"});
    start["notes"]["teleports"] = json::array({json::array({"m2", "hall"})});
    CHECK(refusal_of(start) == "(accepted)");
}

TEST_CASE("state: figure ids are c<number> for characters and m<number> for monsters") {
    auto with_id = [](const json& id) {
        json start = fight_start();
        start["figures"][0]["id"] = id;
        start["party"]["ranks"][0][0] = "";
        return start;
    };
    refused(with_id("black_gates"), "'figures[0].id' is 'black_gates', which is not an id");
    refused(with_id("c01"), "'figures[0].id' is 'c01', which is not an id");
    refused(with_id("c0"), "'figures[0].id' is 'c0', which is not an id");
    refused(with_id("c4294967297"), "'figures[0].id' is 'c4294967297', which is not an id");
    refused(with_id("m1"), "figure 'm1' is a character: its id must begin with 'c'");
    refused(with_id(5), "'figures[0].id' must be a text");
}

TEST_CASE("state: a formation rank has exactly 3 places (100 were cut to 3, 1 gave a library exception)") {
    json start = fight_start();
    json hundred = json::array({"c1", "c2"});
    while (hundred.size() < 100) hundred.push_back("");
    start["party"]["ranks"] = json::array({hundred});
    refused(start, "'party.ranks[0]' must be a list of exactly 3 places (ids or \"\"), not 100");
    start["party"]["ranks"] = json::array({json::array({"c1"})});
    refused(start, "'party.ranks[0]' must be a list of exactly 3 places (ids or \"\"), not 1");
    start["party"]["ranks"] = json::array({json::array({"c1", "c2", "", ""})});
    refused(start, "not 4");
    start["party"]["ranks"] = json::array({json::array({"c1", 2, ""})});
    refused(start, "'party.ranks[0][1]' must be a text");
    start["party"]["ranks"] = "c1";
    refused(start, "'party.ranks' must be a list");
}

TEST_CASE("state: next_id cannot give an id that is already used; left out, it starts after them") {
    json start = fight_start();
    start["next_id"] = 1;
    refused(start, "'next_id' is 1, but 'c1' is already used: next_id must be above the number of every id");
    start["next_id"] = 3;
    refused(start, "'next_id' is 3, but 'm3' is already used");
    start["figures"][0]["killed"] = {"m5"};
    start["next_id"] = 4;
    refused(start, "'figures[0].killed[0]' names 'm5', which no action has made (next_id is 4)");
    // Without next_id the first new figure gets the number after the highest one named.
    start.erase("next_id");
    start["fight"]["active"] = false;
    auto t = table_from(start);
    CHECK(t.ok({{"type", "add_hero"}, {"hero", "gislan"}}).outcome["figure"] == "c6");
    CHECK(t.ok({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 3}}).outcome["figure"] == "m7");
}

TEST_CASE("state: names of kinds, sides, suns and outcomes are one of the known ones") {
    auto with = [](const std::string& pointer, const json& value) {
        json start = fight_start();
        start[json::json_pointer(pointer)] = value;
        return start;
    };
    refused(with("/figures/0/kind", "dragon"), "'figures[0].kind' is \"dragon\": it must be one of \"character\", \"monster\"");
    refused(with("/figures/0/side", "nobody"), "'figures[0].side' is \"nobody\": it must be one of \"party\", \"monsters\"");
    refused(with("/adventure/sun", "green"), "'adventure.sun' is \"green\": it must be one of null, \"red\", \"yellow\", \"blue\"");
    refused(with("/figures/0/acted", "dance"), "'figures[0].acted' is \"dance\"");
    refused(with("/fight/outcome", "won"), "'fight.outcome' is \"won\"");
    refused(with("/encounter/outcome", "x"), "'encounter.outcome' is \"x\"");
    refused(with("/figures/0/name", 5), "'figures[0].name' must be a text or {\"pl\", \"en\"}");
    refused(with("/figures/0/dead", 1), "'figures[0].dead' must be true or false");
}

TEST_CASE("state: the sun is given exactly while an adventure is on (sun null + enter_labyrinth read potential[-1])") {
    json start = fight_start();
    start["fight"] = {{"number", 0}};
    start["adventure"] = {{"number", 1}, {"active", true}, {"sun", nullptr}};
    refused(start, "'adventure.sun' is null, but an adventure is on: it must be \"red\", \"yellow\" or \"blue\"");
    start["adventure"].erase("sun");
    refused(start, "'adventure.sun' is null, but an adventure is on");
    start["adventure"] = {{"number", 1}, {"active", false}, {"sun", "red"}};
    refused(start, "'adventure.sun' is \"red\", but no adventure is on: it must be null");
    start["adventure"] = {{"number", 1}, {"active", false}, {"entered", true}};
    refused(start, "'adventure.entered' is true, but no adventure is on");
    start["adventure"] = {{"number", 1}, {"sun", nullptr}};
    CHECK(refusal_of(start) == "(accepted)");

    // The rules refuse too, for a state made in code.
    czary::GameState state;
    czary::Figure c;
    c.id = "c1";
    c.potential = {1, 1, 1};
    c.pool = {"zamek"};
    state.figures.push_back(c);
    state.next_id = 2;
    state.adventure.active = true;
    const auto& data = czary::GameData::builtin();
    for (const json& action : {json{{"type", "mark_spells"}, {"character", "c1"}, {"spells", {"zamek"}}},
                               json{{"type", "enter_labyrinth"}}}) {
        const auto [next, result] = czary::apply_action(state, action, data);
        CHECK(czary::state_to_json(next) == czary::state_to_json(state));  // refused: the same state
        CHECK_FALSE(result.ok);
        CHECK(result.refusal.code == "no_sun");
        CHECK(result.refusal.rule == "4.1");
        CHECK(result.refusal.pl.rfind("refuse.", 0) != 0);
    }
}

TEST_CASE("state: a fight going on has a round from 1 and a phase from 1 to 5; the dead died in a fight there was") {
    json start = fight_start();
    start["fight"]["round"] = 0;
    refused(start, "'fight.round' is 0, but a fight is on: round and phase start at 1");
    start["fight"]["round"] = 1;
    start["fight"]["phase"] = 0;
    refused(start, "'fight.phase' is 0, but a fight is on");
    start["fight"]["phase"] = 1;
    start["figures"][0]["died_in_fight"] = 2;
    refused(start, "'figures[0].died_in_fight' must be a whole number from 0 to 1 (is 2)");
}

// --- item 9: integers as written, in range ----------------------------------------------------

TEST_CASE("session: version is read as the integer written (4294967297 loaded as version 1, 2^63-1 as -1)") {
    auto message = [](const std::string& version) {
        try {
            czary::Session::from_text(R"({"format": "czary-session", "version": )" + version + "}");
        } catch (const czary::DataError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    CHECK(message("4294967297") == "session: version 4294967297 is newer than this program reads (1)");
    CHECK(message("9223372036854775807") == "session: version 9223372036854775807 is newer than this program reads (1)");
    CHECK(message("18446744073709551615") == "session: version 18446744073709551615 is newer than this program reads (1)");
    CHECK(message("-9223372036854775808") == "session: version -9223372036854775808 is not valid");
    CHECK(message("-4294967295") == "session: version -4294967295 is not valid");
    CHECK(message("0") == "session: version 0 is not valid");
    CHECK(message("1.0") == "session: 'version' is missing or not a whole number");
    CHECK(message("1") == "(accepted)");
}

TEST_CASE("session: position is read as the integer written (in wasm 4294967297 was taken as 1)") {
    auto message = [](const std::string& position) {
        try {
            const auto session = czary::Session::from_text(
                R"({"format": "czary-session", "version": 1, "actions": [{"type": "add_hero", "hero": "gislan"}], "position": )" + position + "}");
            return "(accepted at " + std::to_string(session.position()) + ")";
        } catch (const czary::DataError& e) {
            return std::string(e.what());
        }
    };
    const std::string refused = "session: 'position' must be a number from 0 to the number of actions";
    CHECK(message("4294967297") == refused);
    CHECK(message("4294967296") == refused);
    CHECK(message("18446744073709551615") == refused);
    CHECK(message("-1") == refused);
    CHECK(message("2") == refused);
    CHECK(message("1") == "(accepted at 1)");
    CHECK(message("0") == "(accepted at 0)");
}

TEST_CASE("3.1: dice given with an action are read as written (4294967299 was taken as a 3)") {
    test::Table t;
    t.party();
    t.standard_pools();
    for (const json& pip : {json(4294967299ULL), json(-4294967291LL), json(9223372036854775807LL), json(18446744073709551615ULL)})
        t.refused({{"type", "begin_adventure"}, {"dice", {pip}}}, "bad_dice", "3.1");
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
}

TEST_CASE("numbers of an action are read as written: a huge one is out of range, not cut to a small one") {
    test::Table t;
    t.party();
    t.monster("troll", 9);
    CHECK(t.refused({{"type", "wound"}, {"figure", "m4"}, {"amount", 4294967297ULL}}, "out_of_range", "").en ==
          "Field 'amount' must be from 1 to 99.");
    t.refused({{"type", "wound"}, {"figure", "m4"}, {"amount", -4294967295LL}}, "out_of_range", "");
    t.refused({{"type", "add_character"}, {"name", "X"}, {"sila", 4294967301ULL}, {"odpornosc", 1}}, "out_of_range", "");
    t.refused({{"type", "add_character"}, {"name", "X"}, {"sila", 5}, {"odpornosc", 1}, {"talents", {{"traps", 4294967299ULL}}}},
              "bad_action", "");
    t.refused({{"type", "add_character"}, {"name", "X"}, {"sila", 5}, {"odpornosc", 1}, {"potential", {4294967297ULL, 1, 1}}},
              "bad_action", "");
    t.refused({{"type", "bribe"}, {"gold", 4294967396ULL}}, "out_of_range", "");
    t.refused({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 4294967297ULL}, {"slot", 1}}, "out_of_range", "");
    CHECK(t.fig("m4").wounds == 0);
}

TEST_CASE("state: every integer of a start state is a whole number in its range, as written") {
    struct Case {
        const char* pointer;
        json value;
        const char* message;
    };
    const Case cases[] = {
        {"/next_id", 4294967297ULL, "'next_id' must be a whole number from 1 to 1000000000 (is 4294967297)"},
        {"/next_id", 2147483647, "'next_id' must be a whole number from 1 to 1000000000"},
        {"/next_id", 0, "'next_id' must be a whole number from 1 to 1000000000"},
        {"/figures/0/wounds", 4294967297ULL, "'figures[0].wounds' must be a whole number from 0 to 2000000 (is 4294967297)"},
        {"/figures/0/wounds", 2147483647, "'figures[0].wounds' must be a whole number from 0 to 2000000"},
        {"/figures/0/wounds", -1, "'figures[0].wounds' must be a whole number from 0 to 2000000 (is -1)"},
        {"/figures/0/wounds", 1.5, "'figures[0].wounds' must be a whole number from 0 to 2000000 (is 1.5)"},
        {"/figures/0/wounds", "2", "'figures[0].wounds' must be a whole number from 0 to 2000000 (is \"2\")"},
        {"/figures/0/wounds_at_entry", 2147483647, "'figures[0].wounds_at_entry' must be a whole number from 0 to 2000000"},
        {"/figures/2/sila", 4294967305ULL, "'figures[2].sila' must be a whole number from 0 to 1000000"},
        {"/figures/2/sila", 2147483647, "'figures[2].sila' must be a whole number from 0 to 1000000"},
        {"/figures/2/level", 4, "'figures[2].level' must be a whole number from 1 to 3"},
        {"/figures/2/nn", -2, "'figures[2].nn' must be a whole number from -1 to 99"},
        {"/figures/0/odpornosc", 6, "'figures[0].odpornosc' must be a whole number from 0 to 5"},
        {"/figures/0/zrecznosc", 4294967296ULL, "'figures[0].zrecznosc' must be a whole number from -1000 to 1000"},
        {"/figures/0/potential/1", 4294967297ULL, "'figures[0].potential[1]' must be a whole number from 0 to 1000"},
        {"/figures/0/potential", {1, 2}, "'figures[0].potential' must be a list of 3 numbers [red, yellow, blue]"},
        {"/figures/0/talents/traps", 6, "'figures[0].talents.traps' must be a whole number from 0 to 5"},
        {"/figures/0/talents/negotiation", 4294967297ULL, "'figures[0].talents.negotiation' must be a whole number from 0 to 99"},
        {"/figures/0/armor", 2147483647, "'figures[0].armor' must be a whole number from 0 to 1000"},
        {"/figures/0/strength_bonus_next", -1, "'figures[0].strength_bonus_next' must be a whole number from 0 to 1000"},
        {"/figures/0/uses_left", {{"uzdrowienie", 4294967297ULL}}, "'figures[0].uses_left.uzdrowienie' must be a whole number from 0 to 1000"},
        {"/figures/0/experience", 2147483647, "'figures[0].experience' must be a whole number from 0 to 1000000000"},
        {"/fight/number", 2147483647, "'fight.number' must be a whole number from 0 to 1000000000"},
        {"/fight/round", 4294967297ULL, "'fight.round' must be a whole number from 0 to 1000000000"},
        {"/fight/phase", 6, "'fight.phase' must be a whole number from 0 to 5"},
        {"/fight/gates_blasts_left", 4, "'fight.gates_blasts_left' must be a whole number from 0 to 3"},
        {"/adventure/number", 2147483647, "'adventure.number' must be a whole number from 0 to 1000000000"},
        {"/encounter/negotiation_bonus", 2147483647, "'encounter.negotiation_bonus' must be a whole number from 0 to 1000000"},
        {"/encounter/bribe_modifier", -2147483648LL, "'encounter.bribe_modifier' must be a whole number from -1000000 to 0"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.pointer);
        json start = fight_start();
        start[json::json_pointer(c.pointer)] = c.value;
        refused(start, c.message);
    }
    CHECK(refusal_of(fight_start()) == "(accepted)");
}

// --- item 9: counters the actions raise stop at their limit with a refusal ---------------------

TEST_CASE("ids: at next_id 1000000000 no figure can be added (next_id++ overflowed at INT_MAX)") {
    json start = fight_start();
    start["fight"]["active"] = false;
    start["next_id"] = 1000000000;
    auto t = table_from(start);
    const auto refusal = t.refused({{"type", "add_hero"}, {"hero", "gislan"}}, "counter_limit", "");
    CHECK(refusal.en == "This action would pass a limit: the next figure's number can be at most 999999999.");
    CHECK(refusal.pl == "Ta akcja przekroczyłaby granicę: numer kolejnej postaci może wynosić najwyżej 999999999.");
    t.refused({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 3}}, "counter_limit", "");
    t.refused({{"type", "add_character"}, {"name", "X"}, {"sila", 3}, {"odpornosc", 1}}, "counter_limit", "");
}

TEST_CASE("9.0 / 4.1 / 9.2: fight and adventure numbers and rounds stop at 1000000000 (overflowed at INT_MAX)") {
    json start = fight_start();
    start["fight"] = {{"number", 1000000000}};
    start["adventure"] = {{"number", 1000000000}};
    auto t = table_from(start);
    t.refused({{"type", "start_fight"}}, "counter_limit", "9.0");
    t.refused({{"type", "begin_adventure"}, {"dice", {3}}}, "counter_limit", "4.1");

    start = fight_start();
    start["fight"]["round"] = 1000000000;
    start["fight"]["phase"] = 5;
    auto u = table_from(start);
    const auto refusal = u.refused({{"type", "next_phase"}}, "counter_limit", "9.2");
    CHECK(refusal.en == "This action would pass a limit: the round number can be at most 1000000000.");
}

TEST_CASE("12.0: experience stops at 1000000000; a huge siła x 6 is summed without overflow") {
    json start = fight_start();
    start["figures"][2]["dead"] = true;
    start["monsters"]["ranks"] = json::array();
    start["fight"]["monsters_killed"] = {"m3"};
    start["figures"][0]["experience"] = 999999990;  // + 27 from the troll (siła 9 x 6 / 2)
    auto t = table_from(start);
    const auto refusal = t.refused({{"type", "end_fight"}}, "counter_limit", "12.0");
    CHECK(refusal.en == "This action would pass a limit: experience can be at most 1000000000.");

    // 248 dead monsters of siła 1000000 (a session holds at most 250 figures): 1.49e9 points,
    // 744000000 a survivor, on top of 300000000: past the limit.
    json many = fight_start();
    many["monsters"]["ranks"] = json::array();
    many["figures"] = {character("c1"), character("c2")};
    many["figures"][0]["experience"] = 300000000;
    for (int i = 3; i < 251; ++i) {
        json m = monster("m" + std::to_string(i), 1000000);
        m["dead"] = true;
        many["figures"].push_back(m);
        many["fight"]["monsters_killed"].push_back("m" + std::to_string(i));
    }
    many["next_id"] = 251;
    auto u = table_from(many);
    u.refused({{"type", "end_fight"}}, "counter_limit", "12.0");
    many["fight"]["monsters_killed"] = {"m3", "m4"};  // 2 x 1000000 x 6 / 2 each: fits
    auto v = table_from(many);
    CHECK(v.ok({{"type", "end_fight"}}).outcome["experience"] == json{{"total", 12000000}, {"share", 6000000}});
}

TEST_CASE("10.7 / 14.6: Elokwencja, Sugestia and talismans stop at their limits") {
    json start = fight_start();
    start["fight"] = {{"number", 1}};
    start["figures"][0]["potential"] = {2, 2, 2};
    start["figures"][0]["pool"] = {"elokwencja", "sugestia"};
    start["figures"][0]["marked"] = {"elokwencja", "sugestia"};
    start["encounter"] = {{"negotiation_bonus", 999999}, {"bribe_modifier", -999999}};
    auto t = table_from(start);
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "elokwencja"}}, "talk_spell_once", "10.7");
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "sugestia"}}, "talk_spell_once", "10.7");

    start["figures"][0]["potential"] = {1000, 2, 2};
    auto u = table_from(start);
    u.refused({{"type", "talisman"}, {"character", "c1"}, {"sun", "red"}, {"dice", {1}}}, "counter_limit", "14.6");
    u.refused({{"type", "talisman"}, {"character", "c1"}, {"sun", "all"}, {"dice", {1}}}, "counter_limit", "14.6");
    u.ok({{"type", "talisman"}, {"character", "c1"}, {"sun", "blue"}, {"dice", {1}}});
    CHECK(u.fig("c1").potential[2] == 3);
}

TEST_CASE("wounds past siła stop at 2000000; a figure at the limit still dies") {
    json start = fight_start();
    start["figures"][2]["wounds"] = 1999990;  // an inconsistent troll: alive with wounds past its siła
    auto t = table_from(start);
    t.ok({{"type", "wound"}, {"figure", "m3"}, {"amount", 99}});
    CHECK(t.fig("m3").wounds == 2000000);
    CHECK(t.fig("m3").dead);
}

// --- what the rules make must load back ---------------------------------------------------------

TEST_CASE("state: every state the actions reach loads back as a start state unchanged") {
    std::mt19937 random(13);
    auto pick = [&](const auto& list) { return list[random() % list.size()]; };
    const auto& data = czary::GameData::builtin();
    int checked = 0;
    for (int game = 0; game < 6; ++game) {
        test::Table t = test::Table::fight_with_troll();
        for (int i = 0; i < 250; ++i) {
            const auto& s = t.state();
            std::vector<std::string> ids;
            for (const auto& f : s.figures) ids.push_back(f.id);
            json action;
            switch (random() % 12) {
                case 0: action = {{"type", "add_monster"}, {"kind", pick(std::vector<std::string>{"ork", "troll", "wampir", "harpia"})},
                                  {"sila", 2 + static_cast<int>(random() % 9)}}; break;
                case 1: action = {{"type", s.fight.active ? "next_phase" : "start_fight"}}; break;
                case 2: case 3: {
                    const std::string caster = pick(ids);
                    const std::string spell = pick(data.spells.all()).id;
                    action = {{"type", "cast"}, {"caster", caster}, {"spell", spell}, {"destination", "hall"}, {"door", "north"}};
                    const auto targets = czary::valid_targets(s, data, caster, spell);
                    if (!targets.empty()) action["targets"] = {pick(targets)};
                    break;
                }
                case 4: action = {{"type", "wound"}, {"figure", pick(ids)}, {"amount", 1 + static_cast<int>(random() % 6)}, {"by", pick(ids)}}; break;
                case 5: action = {{"type", "move_figure"}, {"figure", pick(ids)}, {"rank", 1 + static_cast<int>(random() % 3)},
                                  {"slot", 1 + static_cast<int>(random() % 3)}}; break;
                case 6: action = {{"type", s.fight.active ? "end_fight" : "clear_monsters"}}; break;
                case 7: action = {{"type", "rejoin"}, {"figure", pick(ids)}}; break;
                case 8: action = {{"type", s.adventure.active ? "end_adventure" : "begin_adventure"}}; break;
                case 9: action = {{"type", "heal"}, {"figure", pick(ids)}, {"amount", 3}}; break;
                case 10: action = {{"type", "talisman"}, {"character", pick(ids)}, {"sun", "all"}}; break;
                default: action = {{"type", "next_phase"}}; break;
            }
            t.session.apply(action);
            if (i % 5 != 0) continue;
            const json written = czary::state_to_json(t.state());
            INFO("state: " << written.dump());
            json file = session_file(written);
            czary::Session again = czary::Session::from_text(file.dump());
            CHECK(czary::state_to_json(again.state()) == written);
            ++checked;
        }
    }
    CHECK(checked == 300);
}

TEST_CASE("13.5 / 12.3: zręczność changed by the altars stays within what a state file may hold") {
    json start = fight_start();
    start["fight"] = {{"number", 1}};
    start["figures"][0]["zrecznosc"] = -1000;
    auto low = table_from(start);
    low.ok({{"type", "altar"}, {"character", "c1"}, {"altar", "alloces"}, {"dice", {6}}});  // 6 > odporność: a failure
    CHECK(low.fig("c1").zrecznosc == -1000);
    CHECK(czary::state_from_json(czary::state_to_json(low.state())).find("c1")->zrecznosc == -1000);

    start["figures"][0]["zrecznosc"] = 999;
    auto high = table_from(start);
    high.refused({{"type", "altar"}, {"character", "c1"}, {"altar", "asmoday"}, {"dice", {1}}}, "counter_limit", "13.5");
    CHECK(high.fig("c1").zrecznosc == 999);
}
