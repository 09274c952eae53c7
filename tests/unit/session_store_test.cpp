// Sessions kept in a key-value store: saved, listed, renamed, copied, deleted and restored,
// migrated from older versions, and never overwritten when unreadable or newer (another tab).
#include "table.hpp"

#include <algorithm>
#include <map>

#include "map_store.hpp"
#include "store/session_store.hpp"

namespace {

using czary::store::ExternalChange;
using czary::store::KeyValueStore;
using czary::store::SessionStore;
using czary::store::StoreProblem;

using test::MapStore;

struct Clock {
    std::int64_t ms = 1'700'000'000'000;
    SessionStore::Clock fn() {
        return [this] { return ms; };
    }
};

std::string dump(const czary::GameState& s) { return czary::state_to_json(s).dump(); }

test::Table played() {
    test::Table t;
    t.party();
    t.standard_pools();
    t.ok({{"type", "begin_adventure"}});
    return t;
}

}  // namespace

TEST_CASE("store: a saved session opens again with its history, position and name") {
    MapStore kv;
    Clock clock;
    test::Table t = played();
    t.session.undo(1);
    SessionStore store(kv, clock.fn());
    std::optional<StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    CHECK_FALSE(problem.has_value());
    store.start_new("Wieczór");
    CHECK_FALSE(store.save(t.session).has_value());

    SessionStore again(kv, clock.fn());
    auto opened = again.open_last(problem);
    REQUIRE(opened.has_value());
    CHECK_FALSE(problem.has_value());
    CHECK(dump(opened->state()) == dump(t.state()));
    CHECK(opened->position() == 6);
    CHECK(opened->can_redo());
    CHECK(again.current_key() == store.current_key());
    CHECK(again.current_name() == "Wieczór 1");
}

TEST_CASE("store: the entry is written in the current version with its header before the session") {
    MapStore kv;
    Clock clock;
    SessionStore store(kv, clock.fn(), [] { return std::uint64_t{0xc2a7}; });
    REQUIRE_FALSE(store.save_as_new(played().session, "A \"quoted\" name").has_value());
    const std::string text = kv.values[store.current_key()];
    CHECK(text.rfind(R"({"format":"czary-store","version":2,"name":"A \"quoted\" name","revision":1,"save":"000000000000c2a7","seen":[],"saved_at":1700000000000,"steps":7,"session":{)", 0) == 0);
    czary::DataProblem problem;
    const auto entry = czary::store::read_entry(text, "", problem);
    REQUIRE(entry.has_value());
    const auto* header = &entry->header;
    CHECK(header->name == "A \"quoted\" name");
    CHECK(header->steps == 7);
}

TEST_CASE("store: a version-1 entry is migrated: it opens, gets a name, and is saved as version 2") {
    MapStore kv;
    Clock clock;
    test::Table t = played();
    const nlohmann::json v1 = {{"format", "czary-store"}, {"version", 1}, {"session", t.session.to_json()}};
    kv.values["czary.session.4"] = v1.dump();
    kv.values["czary.last"] = "czary.session.4";
    SessionStore store(kv, clock.fn());
    std::optional<StoreProblem> problem;
    auto opened = store.open_last(problem);
    REQUIRE(opened.has_value());
    CHECK_FALSE(problem.has_value());
    CHECK(dump(opened->state()) == dump(t.state()));
    CHECK(store.current_name() == "Sesja 4");
    const auto listed = store.list();
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].header.version == 1);
    CHECK(listed[0].header.steps == 7);
    CHECK_FALSE(listed[0].problem.has_value());

    REQUIRE(opened->apply({{"type", "add_hero"}, {"hero", "zuryk"}}).ok);
    REQUIRE_FALSE(store.save(*opened).has_value());  // not a conflict: revision 0 on both sides
    const auto saved = nlohmann::json::parse(kv.values["czary.session.4"]);
    CHECK(saved["version"] == 2);
    CHECK(saved["name"] == "Sesja 4");
    CHECK(saved["revision"] == 1);
}

TEST_CASE("store: a corrupted entry is reported, kept as it was, exportable, and a new key is used") {
    MapStore kv;
    Clock clock;
    const std::string corrupted = "{\"format\": \"czary-store\", \"version\": 2, \"session\": {";
    kv.values["czary.last"] = "czary.session.1";
    kv.values["czary.session.1"] = corrupted;
    SessionStore store(kv, clock.fn());
    std::optional<StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    REQUIRE(problem.has_value());
    CHECK(problem->kind == StoreProblem::Kind::Unreadable);
    CHECK(problem->key == "czary.session.1");
    CHECK(problem->text.key == "store.unreadable");
    CHECK(problem->text.parts.at("number") == "1");  // the player reads "sesja nr 1", not the storage key
    store.start_new("Nowa");
    CHECK(store.current_key() == "czary.session.2");
    CHECK(store.current_name() == "Nowa 2");
    CHECK_FALSE(store.save(played().session).has_value());
    CHECK(kv.values["czary.session.1"] == corrupted);
    CHECK(kv.values["czary.last"] == "czary.session.2");
    CHECK(store.raw_text("czary.session.1") == corrupted);

    const auto listed = store.list();
    REQUIRE(listed.size() == 2);
    const auto& bad = listed[0].key == "czary.session.1" ? listed[0] : listed[1];
    REQUIRE(bad.problem.has_value());
    CHECK(bad.problem->parts.at("detail").find("not valid JSON") != std::string::npos);
    CHECK(bad.problem->keyed_parts.at("problem") == "problem.not_json");
    CHECK(store.rename("czary.session.1", "x").has_value());
    CHECK(kv.values["czary.session.1"] == corrupted);
}

TEST_CASE("store: an entry from a newer version is not read and not overwritten") {
    MapStore kv;
    Clock clock;
    const std::string future = R"({"format":"czary-store","version":7,"name":"z","session":{}})";
    kv.values["czary.last"] = "czary.session.1";
    kv.values["czary.session.1"] = future;
    SessionStore store(kv, clock.fn());
    std::optional<StoreProblem> problem;
    CHECK_FALSE(store.open_last(problem).has_value());
    REQUIRE(problem.has_value());
    CHECK(problem->text.parts.at("detail").find("version 7") != std::string::npos);
    CHECK(problem->text.keyed_parts.at("problem") == "problem.newer");
    store.start_new("n");
    CHECK(store.current_key() != "czary.session.1");
    CHECK_FALSE(store.save(played().session).has_value());
    CHECK(kv.values["czary.session.1"] == future);
}

TEST_CASE("store: a full quota is reported, nothing saved before is lost, deleted sessions make room") {
    MapStore kv;
    Clock clock;
    test::Table t = played();
    SessionStore store(kv, clock.fn());
    store.start_new("a");
    REQUIRE_FALSE(store.save(t.session).has_value());
    const auto saved = kv.values[store.current_key()];
    kv.capacity = saved.size() + 10;
    t.ok({{"type", "add_hero"}, {"hero", "zuryk"}});
    const auto full = store.save(t.session);
    REQUIRE(full.has_value());
    CHECK(full->kind == StoreProblem::Kind::QuotaExceeded);
    CHECK(full->text.key == "store.quota_exceeded");
    CHECK(kv.values[store.current_key()] == saved);

    // A deleted session is dropped to make room for the one being played.
    kv.capacity = 0;
    const std::string played_key = store.current_key();
    store.start_new("b");
    REQUIRE_FALSE(store.save(played().session).has_value());
    REQUIRE_FALSE(store.remove(store.current_key()).has_value());
    REQUIRE(store.deleted().size() == 1);
    std::optional<StoreProblem> problem;
    REQUIRE(store.open(played_key, problem).has_value());
    kv.capacity = 0;
    std::size_t used = 0;
    for (const auto& [k, v] : kv.values) used += v.size();
    kv.capacity = used + 10;  // the longer session fits only once the deleted one is gone
    CHECK_FALSE(store.save(t.session).has_value());
    CHECK(store.deleted().empty());

    kv.broken = true;
    const auto failed = store.save(t.session);
    REQUIRE(failed.has_value());
    CHECK(failed->kind == StoreProblem::Kind::Failed);
}

TEST_CASE("store: save_as_new keeps the session open before under its own key") {
    MapStore kv;
    Clock clock;
    SessionStore store(kv, clock.fn());
    store.start_new("first");
    REQUIRE_FALSE(store.save(played().session).has_value());
    const std::string first_key = store.current_key();
    const auto first_text = kv.values[first_key];
    test::Table second;
    REQUIRE_FALSE(store.save_as_new(second.session, "imported").has_value());
    CHECK(store.current_key() != first_key);
    CHECK(kv.values[first_key] == first_text);
    CHECK(kv.values["czary.last"] == store.current_key());
    CHECK(store.current_name() == "imported");
}

TEST_CASE("store: sessions are listed latest first; rename and duplicate keep the session itself") {
    MapStore kv;
    Clock clock;
    SessionStore store(kv, clock.fn());
    REQUIRE_FALSE(store.save_as_new(test::Table().session, "older").has_value());
    const std::string older = store.current_key();
    clock.ms += 1000;
    test::Table t = played();
    REQUIRE_FALSE(store.save_as_new(t.session, "newer").has_value());
    const std::string newer = store.current_key();

    auto listed = store.list();
    REQUIRE(listed.size() == 2);
    CHECK(listed[0].header.name == "newer");
    CHECK(listed[1].header.name == "older");

    clock.ms += 1000;
    REQUIRE_FALSE(store.rename(older, "renamed").has_value());
    listed = store.list();
    CHECK(listed[0].header.name == "renamed");
    CHECK(store.current_name() == "newer");

    std::optional<StoreProblem> problem;
    const auto copy = store.duplicate(newer, "newer (copy)", problem);
    REQUIRE(copy.has_value());
    CHECK_FALSE(problem.has_value());
    CHECK(store.current_key() == newer);  // the copy is listed, not opened
    auto opened = store.open(*copy, problem);
    REQUIRE(opened.has_value());
    CHECK(dump(opened->state()) == dump(t.state()));
    CHECK(opened->steps().size() == t.session.steps().size());
    CHECK(store.current_name() == "newer (copy)");
    CHECK(store.list().size() == 3);
}

// Found at 360 px: renaming the first session before anything was done in it said "Zapisanej
// sesji nr 1 nie da się odczytać: zapis jest uszkodzony" and kept the old name.
TEST_CASE("store: a new session renamed before its first save takes the name, and its save keeps it") {
    MapStore kv;
    Clock clock;
    SessionStore store(kv, clock.fn());
    store.start_new("Sesja");
    REQUIRE(store.current_revision() == 0);
    CHECK_FALSE(store.rename(store.current_key(), "Środowy wieczór").has_value());
    CHECK(store.current_name() == "Środowy wieczór");
    CHECK(kv.get(store.current_key()) == std::nullopt);  // nothing written that is not a save
    REQUIRE_FALSE(store.save(test::Table().session).has_value());
    const auto listed = store.list();
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].header.name == "Środowy wieczór");
    // Another key that holds nothing is still refused: it is not the open session.
    CHECK(store.rename("czary.session.99", "x").has_value());
}

TEST_CASE("store: a deleted session is kept aside, restorable, and dropped after 48 hours") {
    MapStore kv;
    Clock clock;
    SessionStore store(kv, clock.fn());
    REQUIRE_FALSE(store.save_as_new(played().session, "doomed").has_value());
    const std::string key = store.current_key();
    const std::string text = kv.values[key];
    REQUIRE_FALSE(store.remove(key).has_value());
    CHECK_FALSE(kv.values.count(key));
    CHECK(store.list().empty());
    auto deleted = store.deleted();
    REQUIRE(deleted.size() == 1);
    CHECK(deleted[0].name == "doomed");

    const auto restored = store.restore(deleted[0].key);
    REQUIRE(restored.has_value());
    CHECK(*restored == key);
    CHECK(kv.values[key] == text);
    CHECK(store.deleted().empty());

    // A corrupted entry can be deleted too; its text is kept as it was.
    kv.values["czary.session.9"] = "garbage";
    REQUIRE_FALSE(store.remove("czary.session.9").has_value());
    deleted = store.deleted();
    REQUIRE(deleted.size() == 1);
    clock.ms += czary::store::keep_deleted_ms - 1;
    std::optional<StoreProblem> problem;
    store.open_last(problem);
    CHECK(store.deleted().size() == 1);
    CHECK(store.restore(deleted[0].key) == std::optional<std::string>("czary.session.9"));
    CHECK(kv.values["czary.session.9"] == "garbage");
    REQUIRE_FALSE(store.remove("czary.session.9").has_value());
    clock.ms += czary::store::keep_deleted_ms + 1;
    store.open_last(problem);
    CHECK(store.deleted().empty());
}

TEST_CASE("store: two tabs on one session: the newer save is noticed and never overwritten by the older") {
    MapStore kv;
    Clock clock;
    SessionStore first(kv, clock.fn());
    first.start_new("shared");
    test::Table a = played();
    REQUIRE_FALSE(first.save(a.session).has_value());

    SessionStore second(kv, clock.fn());
    std::optional<StoreProblem> problem;
    auto b = second.open_last(problem);
    REQUIRE(b.has_value());
    CHECK(second.external_change() == ExternalChange::None);

    a.ok({{"type", "add_hero"}, {"hero", "zuryk"}});
    REQUIRE_FALSE(first.save(a.session).has_value());
    const std::string newer = kv.values[first.current_key()];
    CHECK(second.external_change() == ExternalChange::Newer);
    CHECK(first.external_change() == ExternalChange::None);

    // The second tab acts on its older copy: refused, the newer save stays.
    REQUIRE(b->apply({{"type", "add_hero"}, {"hero", "alryk"}}).ok);
    const auto conflict = second.save(*b);
    REQUIRE(conflict.has_value());
    CHECK(conflict->kind == StoreProblem::Kind::Conflict);
    CHECK(kv.values[first.current_key()] == newer);

    // Reading again takes the newer save; saving then works.
    auto reread = second.open(second.current_key(), problem);
    REQUIRE(reread.has_value());
    CHECK(dump(reread->state()) == dump(a.state()));
    CHECK(second.external_change() == ExternalChange::None);
    CHECK_FALSE(second.save(*reread).has_value());
    CHECK(first.external_change() == ExternalChange::Newer);

    REQUIRE_FALSE(second.remove(second.current_key()).has_value());
    CHECK(first.external_change() == ExternalChange::Removed);
}

TEST_CASE("store: the session lists are read once and read again after any write or another tab's change") {
    struct CountingStore : MapStore {
        int reads = 0;
        std::optional<std::string> get(const std::string& key) override {
            ++reads;
            return MapStore::get(key);
        }
    } kv;
    Clock clock;
    SessionStore store(kv, clock.fn());
    REQUIRE_FALSE(store.save_as_new(played().session, "Pierwsza").has_value());
    REQUIRE_FALSE(store.save_as_new(played().session, "Druga").has_value());
    REQUIRE(store.list().size() == 2);
    store.deleted();
    const int after_first_listing = kv.reads;
    for (int frame = 0; frame < 5; ++frame) {
        CHECK(store.list().size() == 2);
        CHECK(store.deleted().empty());
    }
    CHECK(kv.reads == after_first_listing);  // drawn frames do not read the store

    REQUIRE_FALSE(store.rename(store.current_key(), "Druga, zmieniona").has_value());
    const auto renamed = store.list();
    CHECK(std::any_of(renamed.begin(), renamed.end(), [](const auto& s) { return s.header.name == "Druga, zmieniona"; }));
    REQUIRE_FALSE(store.remove(store.current_key()).has_value());
    CHECK(store.list().size() == 1);
    CHECK(store.deleted().size() == 1);

    // Another tab writes straight into the store: seen once told so.
    kv.values["czary.session.9"] = kv.values[store.list()[0].key];
    CHECK(store.list().size() == 1);
    store.forget_listing();
    CHECK(store.list().size() == 2);
}
