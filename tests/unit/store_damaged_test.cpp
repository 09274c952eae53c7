// Damaged or hostile stored data (a curious player, a broken sync tool, a bad disk): nothing in
// the store can make a call throw, crash or hang; every bad entry is listed with its reason and
// kept as it was; a full storage still lets a session be deleted (issue "Nothing in storage or
// in a file locks a player out or loses a game", items 1-5).
#include "table.hpp"

#include <map>

#include "core/utf8.hpp"
#include "map_store.hpp"
#include "store/session_store.hpp"

namespace {

using czary::store::KeyValueStore;
using czary::store::SessionStore;
using czary::store::StoreProblem;

using test::MapStore;

std::int64_t fixed_now() { return 1'700'000'000'000; }

std::string entry_with(const std::string& header_fields, const std::string& session = R"({"format":"czary-session","version":1})") {
    return R"({"format":"czary-store",)" + header_fields + R"(,"session":)" + session + "}";
}

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

// What start-up does: drop old deleted copies, reopen the last session, list both lists.
void start_up(SessionStore& store, std::optional<StoreProblem>& problem) {
    store.open_last(problem);
    store.list();
    store.deleted();
}

}  // namespace

TEST_CASE("store item 1: a damaged deleted copy is listed as unreadable; start-up does not throw; it is never dropped") {
    MapStore kv;
    kv.values["czary.deleted.1"] = R"({"format":"czary-deleted","key":"czary.session.1","name":5,"deleted_at":"yesterday","text":"x"})";
    kv.values["czary.deleted.2"] = R"({"format":"czary-deleted","key":7,"name":"a","deleted_at":1,"text":"x"})";
    kv.values["czary.deleted.3"] = R"({"format":"czary-deleted","key":"czary.session.3","name":"a","deleted_at":-1e300,"text":"x"})";
    kv.values["czary.deleted.4"] = "{\"format\":\"czary-deleted\",\"key\":\"czary.session.4\",\"name\":\"a\",\"deleted_at\":1,\"text\":" + nested(10000) + "}";
    kv.values["czary.deleted.5"] = R"({"format":"czary-deleted","key":"czary.session.5","name":"Dobra","deleted_at":1700000000000,"text":"x"})";
    SessionStore store(kv, fixed_now);
    std::optional<StoreProblem> problem;
    REQUIRE_NOTHROW(start_up(store, problem));
    const auto deleted = store.deleted();
    REQUIRE(deleted.size() == 5);
    int unreadable = 0;
    for (const auto& kept : deleted) {
        if (kept.key == "czary.deleted.5") {
            CHECK_FALSE(kept.problem.has_value());
            CHECK(kept.name == "Dobra");
            continue;
        }
        REQUIRE(kept.problem.has_value());
        CHECK(kept.problem->parts.at("key") == kept.key);
        ++unreadable;
        CHECK_FALSE(store.restore(kept.key).has_value());
        CHECK(kv.values.count(kept.key));  // kept as it was, never restored half-way or dropped
    }
    CHECK(unreadable == 4);
    // 48 hours later the readable copy goes; the damaged ones stay for their raw export.
    SessionStore later(kv, [] { return fixed_now() + czary::store::keep_deleted_ms + 1; });
    REQUIRE_NOTHROW(start_up(later, problem));
    CHECK(kv.values.count("czary.deleted.1"));
    CHECK_FALSE(kv.values.count("czary.deleted.5"));
}

TEST_CASE("store item 2: a header key given twice makes the entry unreadable, in the list and when opened") {
    MapStore kv;
    kv.values["czary.last"] = "czary.session.1";
    kv.values["czary.session.1"] = R"({"format":"czary-store","version":1,"session":{"format":"czary-session","version":1},"version":-5})";
    kv.values["czary.session.2"] = R"({"format":"czary-store","version":2,"version":"x","name":"a","revision":1,"saved_at":1,"steps":0,"session":{}})";
    SessionStore store(kv, fixed_now);
    std::optional<StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    REQUIRE(problem.has_value());
    CHECK(problem->text.parts.at("detail").find("given twice") != std::string::npos);
    for (const auto& summary : store.list()) {
        REQUIRE(summary.problem.has_value());
        CHECK(summary.problem->parts.at("detail").find("given twice") != std::string::npos);
    }
    CHECK_FALSE(store.open("czary.session.2", problem).has_value());
    CHECK(problem->kind == StoreProblem::Kind::Unreadable);
}

TEST_CASE("store item 2: every version is checked against the known range as the number written") {
    MapStore kv;
    kv.values["czary.session.1"] = entry_with(R"("version":4294967297,"name":"a","revision":1,"saved_at":1,"steps":0)");
    kv.values["czary.session.2"] = entry_with(R"("version":9223372036854775807,"name":"a","revision":1,"saved_at":1,"steps":0)");
    kv.values["czary.session.3"] = entry_with(R"("version":0,"name":"a","revision":1,"saved_at":1,"steps":0)");
    kv.values["czary.session.4"] = entry_with(R"("version":-5,"name":"a","revision":1,"saved_at":1,"steps":0)");
    kv.values["czary.session.5"] = entry_with(R"("version":2.0,"name":"a","revision":1,"saved_at":1,"steps":0)");
    SessionStore store(kv, fixed_now);
    std::optional<StoreProblem> problem;
    for (const auto& summary : store.list()) {
        CAPTURE(summary.key);
        CHECK(summary.problem.has_value());
        CHECK_FALSE(store.open(summary.key, problem).has_value());
    }
    CHECK(store.list()[0].problem->parts.at("detail").find("newer than this app") != std::string::npos);
    CHECK(store.list()[0].problem->keyed_parts.at("problem") == "problem.newer");
}

TEST_CASE("store item 3: with the storage full, a delete asks to delete for good, and that frees the space") {
    MapStore kv;
    SessionStore store(kv, fixed_now);
    test::Table t;
    t.party();
    REQUIRE_FALSE(store.save_as_new(t.session, "Pierwsza").has_value());
    const std::string first = store.current_key();
    REQUIRE_FALSE(store.save_as_new(t.session, "Druga").has_value());
    kv.capacity = kv.used() + 20;  // full: a copy of either session does not fit

    const auto refused = store.remove(first);
    REQUIRE(refused.has_value());
    CHECK(refused->kind == StoreProblem::Kind::NoRoomToKeep);
    CHECK(refused->text.key == "store.no_room_to_keep");
    CHECK(refused->text.parts.at("name") == "Pierwsza");
    CHECK(kv.values.count(first));  // nothing deleted without the player's word

    store.remove_permanently(first);
    CHECK_FALSE(kv.values.count(first));
    CHECK(store.deleted().empty());
    // The space is free: the open session, grown, saves again.
    t.ok({{"type", "add_hero"}, {"hero", "zuryk"}});
    CHECK_FALSE(store.save(t.session).has_value());
}

TEST_CASE("store item 3: a delete that cannot keep its copy gives up older deleted copies first") {
    MapStore kv;
    SessionStore store(kv, fixed_now);
    test::Table t;
    t.party();
    REQUIRE_FALSE(store.save_as_new(t.session, "Stara").has_value());
    REQUIRE_FALSE(store.remove(store.current_key()).has_value());
    REQUIRE(store.deleted().size() == 1);
    REQUIRE_FALSE(store.save_as_new(t.session, "Nowa").has_value());
    kv.capacity = kv.used() + 20;
    CHECK_FALSE(store.remove(store.current_key()).has_value());
    const auto deleted = store.deleted();
    REQUIRE(deleted.size() == 1);
    CHECK(deleted[0].name == "Nowa");
}

TEST_CASE("store item 4: an entry nested 10,000 deep is unreadable, with the documented limit") {
    MapStore kv;
    kv.values["czary.last"] = "czary.session.1";
    kv.values["czary.session.1"] = entry_with(R"("version":2,"name":"a","revision":1,"saved_at":1,"steps":0)", R"({"meta":)" + nested(10000) + "}");
    kv.values["czary.session.2"] = entry_with(R"("version":2,"name":"a","revision":1,"saved_at":1,"steps":0)", R"({"meta":)" + nested(70) + "}");
    SessionStore store(kv, fixed_now);
    std::optional<StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    REQUIRE(problem.has_value());
    CHECK(problem->text.parts.at("detail").find("nested deeper than") != std::string::npos);
    CHECK(problem->text.keyed_parts.at("problem") == "problem.too_deep");
    for (const auto& summary : store.list()) CHECK(summary.problem.has_value());
    CHECK_FALSE(store.open("czary.session.2", problem).has_value());
}

TEST_CASE("store item 5: header fields are type-checked: duplicate and rename refuse a damaged entry without throwing") {
    MapStore kv;
    kv.values["czary.session.1"] = entry_with(R"("version":2,"name":"a","revision":1,"saved_at":1,"steps":"x")");
    kv.values["czary.session.2"] = entry_with(R"("version":2,"name":["a"],"revision":1,"saved_at":1,"steps":0)");
    kv.values["czary.session.3"] = entry_with(R"("version":2,"name":"a","revision":-1,"saved_at":1,"steps":0)");
    kv.values["czary.session.4"] = entry_with(R"("version":2,"name":"a","revision":1,"saved_at":null,"steps":0)");
    const auto before = kv.values;
    SessionStore store(kv, fixed_now);
    std::optional<StoreProblem> problem;
    for (const auto& stored : before) {
        const std::string& key = stored.first;  // (clang: a structured binding cannot be captured)
        CAPTURE(key);
        std::optional<std::string> copy;
        REQUIRE_NOTHROW(copy = store.duplicate(key, "kopia", problem));
        CHECK_FALSE(copy.has_value());
        REQUIRE(problem.has_value());
        CHECK(problem->kind == StoreProblem::Kind::Unreadable);
        std::optional<StoreProblem> renamed;
        REQUIRE_NOTHROW(renamed = store.rename(key, "nowa"));
        CHECK(renamed.has_value());
    }
    CHECK(kv.values == before);
}

TEST_CASE("store item 5: a name cut inside a character is cut on the character boundary, and renaming works") {
    MapStore kv;
    SessionStore store(kv, fixed_now);
    test::Table t;
    REQUIRE_FALSE(store.save_as_new(t.session, "Wieczór").has_value());
    // "Żółw" cut after the first byte of "ł" (a fixed-size text field cuts so).
    const std::string cut = std::string("\xC5\xBB\xC3\xB3\xC5", 5);
    std::optional<StoreProblem> problem;
    REQUIRE_NOTHROW(problem = store.rename(store.current_key(), cut));
    CHECK_FALSE(problem.has_value());
    CHECK(store.current_name() == "\xC5\xBB\xC3\xB3");  // "Żó"
    const auto listed = store.list();
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].header.name == "\xC5\xBB\xC3\xB3");
    CHECK_FALSE(listed[0].problem.has_value());
    // A copy under a long name keeps whole characters within the limit.
    std::string long_name;
    for (int i = 0; i < 150; ++i) long_name += "ż";
    const auto copy = store.duplicate(store.current_key(), long_name, problem);
    REQUIRE(copy.has_value());
    REQUIRE(store.open(*copy, problem).has_value());
    CHECK(store.current_name().size() == czary::store::max_name_bytes);
    CHECK(czary::is_valid_utf8(store.current_name()));
}

TEST_CASE("a label shortened character by character stays UTF-8 (\"Wieczór\" cut after \"ó\" was \"Wiecz\\xC3\")") {
    for (const std::string word : {"Wieczór", "Rzut kośćmi", "żółć", "a€b😀"}) {
        std::string cut = word;
        while (!cut.empty()) {
            czary::utf8_pop_back(cut);
            INFO(word, " -> ", cut);
            CHECK(czary::is_valid_utf8(cut));
            CHECK(word.rfind(cut, 0) == 0);
        }
    }
    std::string two = "ąb";
    czary::utf8_pop_back(two);
    CHECK(two == "ą");
    czary::utf8_pop_back(two);
    CHECK(two.empty());
}
