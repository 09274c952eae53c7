// Sessions kept in a key-value store: saved, found again, and never overwritten when unreadable.
#include "table.hpp"

#include <map>

#include "store/session_store.hpp"

namespace {

using czary::store::KeyValueStore;
using czary::store::SessionStore;

struct MapStore : KeyValueStore {
    std::map<std::string, std::string> values;
    bool full = false;
    std::optional<std::string> get(const std::string& key) override {
        const auto it = values.find(key);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    }
    WriteResult set(const std::string& key, const std::string& value) override {
        if (full) return WriteResult::QuotaExceeded;
        values[key] = value;
        return WriteResult::Ok;
    }
};

std::string dump(const czary::GameState& s) { return czary::state_to_json(s).dump(); }

}  // namespace

TEST_CASE("store: a saved session opens again with its history and position") {
    MapStore kv;
    test::Table t;
    t.party();
    t.ok({{"type", "begin_adventure"}});
    t.session.undo(1);
    SessionStore store(kv);
    std::optional<czary::store::StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    CHECK_FALSE(store.save(t.session).has_value());

    SessionStore again(kv);
    auto opened = again.open_last(problem);
    REQUIRE(opened.has_value());
    CHECK_FALSE(problem.has_value());
    CHECK(dump(opened->state()) == dump(t.state()));
    CHECK(opened->position() == 3);
    CHECK(opened->can_redo());
    CHECK(again.current_key() == store.current_key());
}

TEST_CASE("store: a corrupted entry is reported, kept as it was, and a new key is used") {
    MapStore kv;
    kv.values["czary.last"] = "czary.session.1";
    kv.values["czary.session.1"] = "{\"format\": \"czary-store\", \"version\": 1, \"session\": {";
    SessionStore store(kv);
    std::optional<czary::store::StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    REQUIRE(problem.has_value());
    CHECK(problem->key == "czary.session.1");
    CHECK(problem->text.pl.find("czary.session.1") != std::string::npos);
    CHECK(store.current_key() == "czary.session.2");
    test::Table t;
    t.party();
    CHECK_FALSE(store.save(t.session).has_value());
    CHECK(kv.values["czary.session.1"] == "{\"format\": \"czary-store\", \"version\": 1, \"session\": {");
    CHECK(kv.values["czary.last"] == "czary.session.2");
}

TEST_CASE("store: an entry from a newer version is not read and not overwritten") {
    MapStore kv;
    kv.values["czary.last"] = "czary.session.1";
    kv.values["czary.session.1"] = R"({"format": "czary-store", "version": 7, "session": {}})";
    SessionStore store(kv);
    std::optional<czary::store::StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    REQUIRE(problem.has_value());
    CHECK(problem->text.en.find("version 7") != std::string::npos);
    CHECK(store.current_key() != "czary.session.1");
}

TEST_CASE("store: a full quota is reported and nothing saved before is lost") {
    MapStore kv;
    test::Table t;
    t.party();
    SessionStore store(kv);
    std::optional<czary::store::StoreProblem> problem;
    store.open_last(problem);
    REQUIRE_FALSE(store.save(t.session).has_value());
    const auto saved = kv.values[store.current_key()];
    kv.full = true;
    t.ok({{"type", "add_hero"}, {"hero", "zuryk"}});
    const auto full = store.save(t.session);
    REQUIRE(full.has_value());
    CHECK(full->text.pl.find("pełna") != std::string::npos);
    CHECK(kv.values[store.current_key()] == saved);
}

TEST_CASE("store: save_as_new keeps the session open before under its own key") {
    MapStore kv;
    test::Table first;
    first.party();
    SessionStore store(kv);
    std::optional<czary::store::StoreProblem> problem;
    store.open_last(problem);
    REQUIRE_FALSE(store.save(first.session).has_value());
    const std::string first_key = store.current_key();
    const auto first_text = kv.values[first_key];
    test::Table second;
    REQUIRE_FALSE(store.save_as_new(second.session).has_value());
    CHECK(store.current_key() != first_key);
    CHECK(kv.values[first_key] == first_text);
    CHECK(kv.values["czary.last"] == store.current_key());
}
