// The protocol: actions, refusals, undo/redo, the session file and its replay.
#include "table.hpp"

#include "core/data_error.hpp"

using test::Table;
using nlohmann::json;

namespace {
std::string dump(const czary::GameState& state) { return czary::state_to_json(state).dump(); }
}  // namespace

TEST_CASE("a refused action changes nothing and says why in Polish and English, with the rule") {
    Table t;
    t.party();
    const auto refusal = t.refused({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"gniew_bozy"}}},
                                   "special_not_in_pool", "10.8");
    CHECK(refusal.pl.find("Gniew Boży") != std::string::npos);
    CHECK(refusal.en.find("Wrath of God") != std::string::npos);
    CHECK(t.session.position() == 3);
}

TEST_CASE("unknown and malformed actions are refused with stable codes") {
    Table t;
    t.refused({{"type", "fly"}}, "unknown_action", "");
    t.refused(json::array(), "bad_action", "");
    t.refused({{"type", "add_hero"}}, "bad_action", "");
    t.refused({{"type", "add_hero"}, {"hero", 7}}, "bad_action", "");
    t.ok({{"type", "add_hero"}, {"hero", "dierdra"}});  // 4.1: an adventure needs a party
    t.refused({{"type", "begin_adventure"}, {"dice", {7}}}, "bad_dice", "3.1");
    t.refused({{"type", "begin_adventure"}, {"dice", {3, 4}}}, "too_many_dice", "3.1");
    t.refused({{"type", "begin_adventure"}, {"dice", json::array()}}, "not_enough_dice", "3.1");
}

TEST_CASE("dice: supplied pips are marked 'table', the generator's 'app', each with its purpose") {
    Table t;
    t.ok({{"type", "add_hero"}, {"hero", "dierdra"}});
    auto table_roll = t.ok({{"type", "begin_adventure"}, {"dice", {5}}});
    CHECK(table_roll.rolls.at(0).source == "table");
    CHECK(table_roll.rolls.at(0).purpose == "sun");
    t.ok({{"type", "end_adventure"}});
    auto app_roll = t.ok({{"type", "begin_adventure"}});
    CHECK(app_roll.rolls.at(0).source == "app");
    CHECK(app_roll.rolls.at(0).pips.at(0) >= 1);
    CHECK(app_roll.rolls.at(0).pips.at(0) <= 6);
}

TEST_CASE("undo and redo any number of steps") {
    Table t;
    const auto empty = dump(t.state());
    t.party();
    t.standard_pools();
    const auto with_party = dump(t.state());
    t.ok({{"type", "begin_adventure"}});
    const auto adventuring = dump(t.state());
    CHECK(t.session.undo(1));
    CHECK(dump(t.state()) == with_party);
    CHECK(t.session.undo(6));  // three heroes and their pools
    CHECK(dump(t.state()) == empty);
    CHECK_FALSE(t.session.undo(1));
    CHECK(t.session.redo(7));
    CHECK(dump(t.state()) == adventuring);  // the same die, from the same generator state
    CHECK_FALSE(t.session.redo(1));
    t.session.undo(2);
    t.ok({{"type", "add_hero"}, {"hero", "zuryk"}});  // a new branch drops the redo steps
    CHECK_FALSE(t.session.can_redo());
    CHECK(t.session.steps().size() == 6);
}

TEST_CASE("a session file replays to an identical state, position and redo steps included") {
    Table t = Table::fight_with_troll();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}});  // the app's dice
    t.session.undo(1);
    const auto file = t.session.to_json();
    CHECK(file["format"] == "czary-session");
    CHECK(file["version"] == 1);
    auto loaded = czary::Session::from_json(json::parse(file.dump()));
    CHECK(dump(loaded.state()) == dump(t.state()));
    CHECK(loaded.position() == t.session.position());
    CHECK(loaded.redo(1));
    t.session.redo(1);
    CHECK(dump(loaded.state()) == dump(t.state()));
}

TEST_CASE("the session file's text is its JSON written without spaces, each action as it came") {
    Table t = Table::fight_with_troll();
    // A field this version does not know (a newer one's, or a table's player) stays in the file.
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"player", "Ola"}, {"later", {1, 2}}});
    CHECK(t.session.apply(czary::Action{czary::actions::NextPhase{}}).ok);
    t.session.undo(1);
    const std::string text = t.session.to_text();
    CHECK(text == json::parse(text).dump());  // the keys in the order a JSON writer gives them
    const json file = t.session.to_json();
    const json& cast = file["actions"][file["actions"].size() - 2];
    CHECK(cast["player"] == "Ola");
    CHECK(cast["later"] == json{1, 2});
    CHECK(file["position"] == t.session.position());
    json given_up = file;
    const auto loaded = czary::Session::from_json(std::move(given_up));
    CHECK(loaded.to_text() == text);
    CHECK(dump(loaded.state()) == dump(t.state()));
    // Who sent a step at a live table, read once from the action (the log shows it on each row).
    const auto& steps = loaded.steps();
    CHECK(steps[steps.size() - 2].player == "Ola");
    CHECK(steps.back().player.empty());
    t.session.redo(1);
    CHECK(t.session.to_text().size() <= t.session.file_bytes());  // counted as steps are applied
}

TEST_CASE("loading checks the format and the version and says exactly what is wrong") {
    using czary::DataError;
    using czary::Session;
    CHECK_THROWS_WITH_AS(Session::from_text("{"), "session: not valid JSON (at byte 2)", DataError);
    CHECK_THROWS_WITH_AS(Session::from_text("[]"), "session: the file is not a JSON object", DataError);
    CHECK_THROWS_WITH_AS(Session::from_text("{}"), "session: 'format' is missing (expected \"czary-session\")", DataError);
    CHECK_THROWS_WITH_AS(Session::from_text(R"({"format":"chess"})"),
                         "session: 'format' is \"chess\", expected \"czary-session\"", DataError);
    CHECK_THROWS_WITH_AS(Session::from_text(R"({"format":"czary-session"})"),
                         "session: 'version' is missing or not a whole number", DataError);
    CHECK_THROWS_WITH_AS(Session::from_text(R"({"format":"czary-session","version":2})"),
                         "session: version 2 is newer than this program reads (1)", DataError);
    CHECK_THROWS_WITH_AS(Session::from_text(R"({"format":"czary-session","version":1,"actions":{}})"),
                         "session: 'actions' must be a list", DataError);
    CHECK_THROWS_WITH_AS(Session::from_text(R"({"format":"czary-session","version":1,"seed":"x"})"),
                         "session: 'seed' must be a whole number", DataError);
    CHECK_THROWS_AS(Session::from_text(R"({"format":"czary-session","version":1,"start":{"figures":7}})"), DataError);
}

TEST_CASE("replaying a file reports refused actions and leaves them out") {
    std::vector<czary::ReplayEntry> report;
    auto session = czary::Session::from_text(R"({"format":"czary-session","version":1,"seed":7,"actions":[
        {"type":"add_hero","hero":"gislan"},
        {"type":"set_pool","character":"c1","spells":["gniew_bozy"]},
        {"type":"add_hero","hero":"zuryk"}]})", &report);
    REQUIRE(report.size() == 3);
    CHECK(report[0].result.ok);
    CHECK_FALSE(report[1].result.ok);
    CHECK(report[1].result.refusal.code == "special_not_in_pool");
    CHECK(report[2].result.ok);
    CHECK(session.steps().size() == 2);
}

TEST_CASE("the same seed and actions give the same dice; another seed other dice") {
    auto roll_suns = [](std::uint64_t seed) {
        auto session = czary::Session::with_seed(seed);
        session.apply({{"type", "add_hero"}, {"hero", "dierdra"}});
        std::vector<int> suns;
        for (int i = 0; i < 20; ++i) {
            suns.push_back(session.apply({{"type", "begin_adventure"}}).rolls.at(0).pips.at(0));
            session.apply({{"type", "end_adventure"}});
        }
        return suns;
    };
    CHECK(roll_suns(99) == roll_suns(99));
    CHECK(roll_suns(99) != roll_suns(100));
}

// Found by fuzzing (tests/fuzz/regressions/session/figure-without-id.json): a written start
// state whose formation names a figure that does not exist crashed the next fight action.
TEST_CASE("a start state that does not hang together is refused with the reason") {
    auto file = [](const nlohmann::json& start) {
        return nlohmann::json{{"format", "czary-session"}, {"version", 1}, {"start", start}, {"actions", nlohmann::json::array()}}.dump();
    };
    const nlohmann::json troll = {{"id", "m1"}, {"kind", "monster"}, {"name", "Troll"}, {"sila", 9}, {"side", "monsters"}};
    auto refused = [&](const nlohmann::json& start, const std::string& reason) {
        try {
            czary::Session::from_text(file(start));
            FAIL("accepted: " << start.dump());
        } catch (const czary::DataError& e) {
            CHECK(std::string(e.what()).find(reason) != std::string::npos);
        }
    };
    refused({{"figures", {{{"name", "Nobody"}}}}}, "a figure has no 'id'");
    refused({{"figures", {troll, troll}}}, "two figures have the id 'm1'");
    refused({{"figures", {troll}}, {"monsters", {{"ranks", {{"m1", "m7", ""}}}}}}, "names 'm7', which is not among the figures");
    refused({{"figures", {troll}}, {"monsters", {{"ranks", {{"m1", "m1", ""}}}}}}, "'m1' stands in two places");
    nlohmann::json charmed = troll;
    charmed["charmed_by"] = "c9";
    refused({{"figures", {charmed}}}, "charmed by 'c9'");
    nlohmann::json wounded = troll;
    wounded["wounds"] = -2;
    refused({{"figures", {wounded}}}, "must be a whole number from 0 to 2000000 (is -2)");
    CHECK_NOTHROW(czary::Session::from_text(file({{"figures", {troll}}, {"monsters", {{"ranks", {{"m1", "", ""}}}}}})));
}
