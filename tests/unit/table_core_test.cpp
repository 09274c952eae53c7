// The live table's host asks the core through src/host/table_core.hpp (wasm under Node). The same
// functions natively: what the host relies on (docs/table-protocol.md).
#include <string>
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include "host/table_core.hpp"

namespace {
nlohmann::json call(const char* text) { return nlohmann::json::parse(text); }
const char* empty_session = R"({"format":"czary-session","version":1,"seed":7,"actions":[]})";
}  // namespace

TEST_CASE("table protocol: a table is opened from a session file and applies what the rules accept") {
    const auto opened = call(table_open(empty_session));
    REQUIRE(opened.contains("table"));
    const int id = opened["table"];
    CHECK(opened["position"] == 0);

    const auto added = call(table_apply(id, R"({"type":"add_hero","hero":"larraka","player":"Ania"})"));
    CHECK(added["ok"] == true);
    CHECK(added["position"] == 1);
    CHECK(added["log"][0]["key"] == "character_added");

    // A refusal changes nothing and says why in both languages.
    const auto refused = call(table_apply(id, R"({"type":"add_hero","hero":"larraka"})"));
    CHECK(refused["ok"] == false);
    CHECK(refused["refusal"]["code"] == "hero_in_party");
    CHECK_FALSE(refused["refusal"]["pl"].get<std::string>().empty());
    CHECK(refused["position"] == 1);

    // The author written by the host stays in the file with the action.
    const auto file = call(table_file(id));
    CHECK(file["actions"][0]["player"] == "Ania");

    CHECK(table_undo(id) == 1);
    CHECK(call(table_where(id))["position"] == 0);
    CHECK(call(table_where(id))["length"] == 1);
    CHECK(table_undo(id) == 0);
    CHECK(table_redo(id) == 1);
    CHECK(table_redo(id) == 0);
    CHECK(call(table_where(id))["position"] == 1);
    table_close(id);
    CHECK(call(table_where(id)).contains("error"));
}

TEST_CASE("table protocol: what is not a session or not an action is refused, never applied") {
    CHECK(call(table_open("{")).contains("error"));
    CHECK(call(table_open(R"({"format":"czary-session","version":9,"actions":[]})")).contains("error"));
    const int id = call(table_open(empty_session))["table"];
    const auto junk = call(table_apply(id, "not json"));
    CHECK(junk["ok"] == false);
    CHECK(junk["refusal"]["code"] == "invalid_action");
    std::string deep;
    for (int i = 0; i < 100; ++i) deep += "{\"a\":";
    deep += "1";
    for (int i = 0; i < 100; ++i) deep += "}";
    CHECK(call(table_apply(id, deep.c_str()))["refusal"]["code"] == "invalid_action");
    CHECK(call(table_apply(id, R"({"type":"no_such"})"))["refusal"]["code"] == "unknown_action");
    CHECK(call(table_where(id))["length"] == 0);
    CHECK(call(table_apply(12345, "{}")).contains("error"));
    table_close(id);
}

TEST_CASE("table protocol: the versions a phone's hello is checked against") {
    const auto versions = call(table_core_versions());
    CHECK(versions["protocol"] == czary::table_protocol);
    CHECK(versions["core"].get<std::string>().size() == 16);
}
