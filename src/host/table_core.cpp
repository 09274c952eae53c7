// The rules core for the live table's host (src/host/table-host.mjs), compiled to wasm and run
// under Node: the host orders the phones' actions and asks the same core the phones run whether
// each is accepted. A table is a Session; this file only passes text in and out (JSON at the
// edge), the rules and the file format are the core's.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <nlohmann/json.hpp>
#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/session.hpp"
#include "core/version.hpp"
#include "host/core_id.hpp"
#include "host/table_core.hpp"

namespace {

std::map<int, std::unique_ptr<czary::Session>> tables;
int next_table = 1;
std::string answer;  // what the last call returned, kept until the next one

const char* give(std::string text) {
    answer = std::move(text);
    return answer.c_str();
}

czary::Session* table(int id) {
    const auto found = tables.find(id);
    return found == tables.end() ? nullptr : found->second.get();
}

nlohmann::json where(const czary::Session& s) {
    return {{"position", s.position()}, {"length", s.steps().size()}};
}

}  // namespace

extern "C" {

const char* table_core_versions() {
    return give(czary::compact_json_text({{"core", CZARY_CORE_ID}, {"version", czary::version}, {"protocol", czary::table_protocol},
                                          {"session_version", czary::session_version}}));
}

// A session file's text -> {"table": id, "position", "length"} or {"error": "what is wrong"}.
const char* table_open(const char* session_text) {
    try {
        auto session = std::make_unique<czary::Session>(czary::Session::from_text(session_text));
        nlohmann::json out = where(*session);
        out["table"] = next_table;
        tables.emplace(next_table++, std::move(session));
        return give(czary::compact_json_text(out));
    } catch (const std::exception& error) {
        return give(czary::compact_json_text({{"error", error.what()}}));
    }
}

// An action's JSON text -> the core's result (result_to_json: ok, log, rolls, outcome, or the
// refusal with its code, rule and both languages) with the table's position and length.
const char* table_apply(int id, const char* action_text) {
    czary::Session* s = table(id);
    if (!s) return give(R"({"error":"no such table"})");
    nlohmann::json out;
    try {
        out = czary::result_to_json(s->apply(czary::parse_json_input(action_text, czary::action_limits, "action")));
    } catch (const czary::DataError& error) {  // not JSON, or past the limits of one action
        out = czary::result_to_json(czary::invalid_action(error.what()));
    }
    out.update(where(*s));
    return give(czary::compact_json_text(out));
}

int table_undo(int id) {
    czary::Session* s = table(id);
    return s && s->undo() ? 1 : 0;
}

int table_redo(int id) {
    czary::Session* s = table(id);
    return s && s->redo() ? 1 : 0;
}

const char* table_where(int id) {
    czary::Session* s = table(id);
    return give(s ? czary::compact_json_text(where(*s)) : R"({"error":"no such table"})");
}

// The session file as the app writes it (Session::to_text).
const char* table_file(int id) {
    czary::Session* s = table(id);
    return give(s ? s->to_text() : "");
}

void table_close(int id) { tables.erase(id); }

}  // extern "C"
