// libFuzzer harness: any bytes as the contents of the browser's storage (a few keys of a map-backed
// KeyValueStore), then what the app does with them: start-up (open_last, the two lists) and the
// Sessions tab (rename, duplicate, open, delete, delete for good, restore, save), sometimes with the
// storage full or refusing every write, and a reload at the end (issue 13, items 1-3).
//
// The store's promises (store/session_store.hpp), each checked here with __builtin_trap:
// - nothing stored makes a call throw (no try/catch here: an exception is a crash);
// - an entry that cannot be read is never overwritten, and is gone only when the player deleted it
//   (its text then kept in a deleted copy); a deleted copy that reads goes when a write needs its
//   room or it expired, one that does not read never (issue 24, item 5); nothing else disappears
//   or changes unasked;
// - a session saved reopens to the same state; a restore puts back the text as it was deleted;
// - every name, key and message handed to the interface is valid UTF-8.
//
// Input: a first line of settings, then records "@@<key>\n<value>", the value running to the next
// "\n@@" (or the end). <key>: "l" for czary.last, "s<n>" for czary.session.<n>, "d<n>" for
// czary.deleted.<n>, anything else as it is; "!" before a key: written by another tab after start-up
// (then "!c" is the key of the session open here, and "!-<key>" removes the key). Settings:
//   0: bits 0-1 the storage (0 room, 1 a quota a little above what the input holds, 2 full, 3 every
//      write fails); bit 2: the player agrees to delete for good when no copy can be kept; bit 3:
//      the clock 49 hours later (deleted copies expire); bit 4: keys listed in reverse order;
//      bit 5: no action is applied before saving
//   1: the quota's room (x 64 bytes); 2: which Sessions-tab calls run (bits: rename, duplicate,
//      open, delete, restore; 0 = all); the rest of the line: the name given in a rename.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/session.hpp"
#include "core/state_json.hpp"
#include "core/utf8.hpp"
#include "store/entry.hpp"
#include "store/session_store.hpp"

namespace {

using czary::store::KeyValueStore;
using czary::store::SessionStore;
using czary::store::StoreProblem;

constexpr const char* session_prefix = "czary.session.";
constexpr const char* deleted_prefix = "czary.deleted.";

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// localStorage in a map: a quota in bytes (keys and values), or every write failing.
class MapStore : public KeyValueStore {
public:
    std::map<std::string, std::string> data;
    std::optional<std::size_t> quota;
    bool fail_writes = false;
    bool reverse_keys = false;
    int quota_refusals = 0;  // writes refused for room, so far

    std::size_t used() const {
        std::size_t total = 0;
        for (const auto& [key, value] : data) total += key.size() + value.size();
        return total;
    }
    std::optional<std::string> get(const std::string& key) override {
        const auto found = data.find(key);
        if (found == data.end()) return std::nullopt;
        return found->second;
    }
    WriteResult set(const std::string& key, const std::string& value) override {
        if (fail_writes) return WriteResult::Failed;
        if (quota) {
            const auto found = data.find(key);
            const std::size_t before = found == data.end() ? 0 : key.size() + found->second.size();
            if (used() - before + key.size() + value.size() > *quota) {
                ++quota_refusals;
                return WriteResult::QuotaExceeded;
            }
        }
        data[key] = value;
        return WriteResult::Ok;
    }
    void remove(const std::string& key) override { data.erase(key); }
    std::vector<std::string> keys() override {
        std::vector<std::string> all;
        for (const auto& entry : data) all.push_back(entry.first);
        if (reverse_keys) std::reverse(all.begin(), all.end());
        return all;
    }
};

// A broken promise: said on stderr (the crash report shows which), then a crash.
void check(bool ok, const char* promise) {
    if (ok) return;
    std::fprintf(stderr, "store_fuzz: broken promise: %s\n", promise);
    __builtin_trap();
}

void check_text(const czary::Phrase& text) {
    bool valid = true;
    for (const auto& [name, part] : text.parts) valid = valid && czary::is_valid_utf8(part);
    check(valid, "a message's parts are valid UTF-8");
}

void check_problem(const std::optional<StoreProblem>& problem) {
    if (problem) check_text(problem->text);
}

// The "text" of a deleted copy the store wrote (the store's own format, two levels deep).
std::optional<std::string> kept_text(const std::string& copy) {
    const auto parsed = nlohmann::json::parse(copy, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("text") || !parsed["text"].is_string()) return std::nullopt;
    return parsed["text"].get<std::string>();
}

struct Harness {
    MapStore map;
    std::int64_t clock = 1'700'000'000'000;
    SessionStore store{map, [this] { return clock += 1000; }};
    czary::Session session = czary::Session::with_seed(1);
    bool unsaved = false;
    bool agree_to_delete_for_good = false;
    bool act_before_saving = true;

    // Which entries a second tab's store (reading only) finds unreadable now; each (key, text) is
    // judged once per input (the lists read and check every entry).
    std::map<std::pair<std::string, std::string>, bool> judged;
    std::set<std::string> unreadable_now() {
        MapStore unjudged;
        for (const auto& entry : map.data)
            if (!judged.count(entry)) unjudged.data.insert(entry);
        if (!unjudged.data.empty()) {
            SessionStore observer(unjudged, [] { return std::int64_t{0}; });
            for (const auto& summary : observer.list()) {
                check(czary::is_valid_utf8(summary.key) && czary::is_valid_utf8(summary.header.name), "a listed name is valid UTF-8");
                if (summary.problem) check_text(*summary.problem);
                judged[{summary.key, unjudged.data.at(summary.key)}] = summary.problem.has_value();
            }
            for (const auto& kept : observer.deleted()) {
                check(czary::is_valid_utf8(kept.key) && czary::is_valid_utf8(kept.name), "a deleted copy's name is valid UTF-8");
                if (kept.problem) check_text(*kept.problem);
                judged[{kept.key, unjudged.data.at(kept.key)}] = kept.problem.has_value();
            }
        }
        std::set<std::string> keys;
        for (const auto& entry : map.data)
            if (const auto found = judged.find(entry); found != judged.end() && found->second) keys.insert(entry.first);
        return keys;
    }

    // One call of the store, and what it may have changed: `may_change` may be rewritten, `may_go`
    // removed (a session moved aside must then be in a new deleted copy, `moved`); readable deleted
    // copies may go when a write was refused for room (the store gives them up) or they expired
    // (`expiry`); unreadable ones never.
    template <class Call>
    void call(Call&& body, std::set<std::string> may_change = {}, std::set<std::string> may_go = {}, std::optional<std::string> moved = {},
              bool expiry = false) {
        const auto before = map.data;
        const auto unreadable = unreadable_now();
        const int refusals = map.quota_refusals;
        body();
        const bool freed_room = map.quota_refusals > refusals;
        for (const auto& [key, text] : before) {
            const auto now = map.data.find(key);
            const bool is_session = starts_with(key, session_prefix), is_deleted = starts_with(key, deleted_prefix);
            if (!is_session && !is_deleted) continue;  // czary.last and others: the app's own
            if (now != map.data.end()) {
                // Only what was asked for is rewritten, and never an entry that cannot be read.
                if (now->second != text) check(is_session && may_change.count(key) && !unreadable.count(key), "only the entry asked for is rewritten, never an unreadable one");
                continue;
            }
            const bool allowed = may_go.count(key) || (is_deleted && !unreadable.count(key) && (freed_room || expiry));
            check(allowed, "an entry goes only when deleted (or a deleted copy for room or expiry)");
        }
        if (moved && !map.data.count(*moved) && before.count(*moved) && starts_with(*moved, session_prefix)) {
            // Deleted (not for good): the text as it was is kept aside in a new copy.
            bool kept = false;
            for (const auto& [key, text] : map.data)
                if (starts_with(key, deleted_prefix) && !before.count(key) && kept_text(text) == before.at(*moved)) kept = true;
            check(kept, "a deleted session's text is kept in a new deleted copy");
        }
    }

    // A session the store says it saved reopens to the same state.
    void check_saved(const std::string& key) {
        const auto text = map.get(key);
        check(text.has_value(), "a saved session is stored");
        czary::DataProblem problem;
        const auto entry = czary::store::read_entry(*text, "x", problem);
        check(entry.has_value(), "a saved entry reads");
        const auto reopened = czary::Session::from_json(entry->session);
        check(czary::state_to_json(reopened.state()) == czary::state_to_json(session.state()), "a saved session reopens to the same state");
    }

    void save() {
        std::optional<StoreProblem> problem;
        const std::string key = store.current_key();
        call([&] { problem = store.save(session); }, {key});
        check_problem(problem);
        if (!problem) check_saved(key);
        if (problem && (problem->kind == StoreProblem::Kind::Conflict || problem->kind == StoreProblem::Kind::Unreadable)) {
            call([&] { problem = store.save_as_new(session, store.current_name() + " (konflikt)"); });
            check_problem(problem);
            if (!problem) check_saved(store.current_key());
        }
        unsaved = problem.has_value();
    }

    void start() {
        std::optional<StoreProblem> problem;
        std::optional<czary::Session> saved;
        call([&] { saved = store.open_last(problem); }, {}, {}, {}, true);
        check_problem(problem);
        if (saved) session = std::move(*saved);
        else store.start_new("Sesja");
        check(czary::is_valid_utf8(store.current_name()), "the current name is valid UTF-8");
    }

    void open(const std::string& key) {
        std::optional<StoreProblem> problem;
        std::optional<czary::Session> opened;
        call([&] { opened = store.open(key, problem); });
        check_problem(problem);
        check(opened.has_value() != problem.has_value(), "open gives a session or a problem");
        if (opened) {
            session = std::move(*opened);
            unsaved = false;
        }
    }

    std::string stored_name(const std::string& key) {
        for (const auto& summary : store.list())
            if (summary.key == key) return summary.header.name;
        return key;
    }

    void rename(const std::string& key, const std::string& name) {
        std::optional<StoreProblem> problem;
        call([&] { problem = store.rename(key, name); }, {key});
        check_problem(problem);
        check(czary::is_valid_utf8(store.current_name()), "the current name is valid UTF-8");
    }

    void duplicate(const std::string& key) {
        std::optional<StoreProblem> problem;
        std::optional<std::string> copy;
        const auto before = map.data;
        call([&] { copy = store.duplicate(key, stored_name(key) + " (kopia)", problem); });
        check_problem(problem);
        check(copy.has_value() != problem.has_value(), "duplicate gives a key or a problem");
        if (copy) check(starts_with(*copy, session_prefix) && !before.count(*copy) && map.data.count(*copy), "a copy goes under a free session key");
    }

    // The open session was deleted: the latest other one opens, or a new one begins.
    void open_another() {
        for (const auto& other : store.list()) {
            if (other.problem) continue;
            std::optional<StoreProblem> problem;
            std::optional<czary::Session> next;
            call([&] { next = store.open(other.key, problem); });
            check_problem(problem);
            if (next) {
                session = std::move(*next);
                unsaved = false;
                return;
            }
        }
        session = czary::Session::with_seed(2);
        store.start_new("Sesja");
        save();
    }

    void remove(const std::string& key) {
        std::optional<StoreProblem> problem;
        call([&] { problem = store.remove(key); }, {}, {key}, key);
        check_problem(problem);
        if (problem && problem->kind == StoreProblem::Kind::NoRoomToKeep) {
            if (!agree_to_delete_for_good) return;
            call([&] { store.remove_permanently(key); }, {}, {key});
        } else if (problem) {
            return;
        }
        check(!map.data.count(key), "a deleted session is gone");
        if (key == store.current_key()) open_another();
        else if (unsaved) save();
    }

    void restore(const std::string& deleted_key) {
        const auto copy = map.get(deleted_key);
        const auto before = map.data;
        std::optional<std::string> key;
        call([&] { key = store.restore(deleted_key); }, {}, {deleted_key});
        if (!key) return check(map.get(deleted_key) == copy, "a refused restore keeps the copy");  // refused: the copy stays as it was
        // Back under a key that was free, exactly as it was deleted.
        check(starts_with(*key, session_prefix) && !before.count(*key) && copy && map.get(*key) == kept_text(*copy), "a restore puts the text back under a free key");
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const std::size_t first_record = input.rfind("@@", 0) == 0 ? 0 : input.find("\n@@");
    const std::string settings = input.substr(0, first_record == std::string::npos ? input.size() : first_record);
    const auto setting = [&](std::size_t i) { return i < settings.size() ? static_cast<unsigned char>(settings[i]) : 0u; };

    Harness h;
    h.map.reverse_keys = setting(0) & 16;
    h.agree_to_delete_for_good = setting(0) & 4;
    h.act_before_saving = !(setting(0) & 32);
    if (setting(0) & 8) h.clock += czary::store::keep_deleted_ms + 3'600'000;
    const unsigned calls = setting(2) & 31 ? setting(2) & 31 : 31;
    const std::string name = settings.size() > 3 ? settings.substr(3) : "Nowa nazwa";

    // Another tab's writes, after start-up.
    std::vector<std::pair<std::string, std::optional<std::string>>> later;

    // The records, at most 12. Keys and values as the browser hands them over: valid UTF-8 (its
    // stringToUTF8 makes even a lone UTF-16 surrogate a valid sequence), so bytes that are not
    // UTF-8 are dropped here; the session harness gives read_entry any bytes.
    for (std::size_t at = first_record; at != std::string::npos && h.map.data.size() < 12;) {
        at += input[at] == '\n' ? 3 : 2;
        const std::size_t next = input.find("\n@@", at);
        const std::string record = input.substr(at, next == std::string::npos ? std::string::npos : next - at);
        at = next;
        const std::size_t line = record.find('\n');
        std::string key = record.substr(0, line);
        const std::string value = line == std::string::npos ? "" : record.substr(line + 1);
        const bool is_later = !key.empty() && key[0] == '!';
        const bool removes = is_later && key.size() > 1 && key[1] == '-';
        if (is_later) key.erase(0, removes ? 2 : 1);
        if (key == "l") key = "czary.last";
        else if (key.size() > 1 && key[0] == 's' && key.find_first_not_of("0123456789", 1) == std::string::npos) key = session_prefix + key.substr(1);
        else if (key.size() > 1 && key[0] == 'd' && key.find_first_not_of("0123456789", 1) == std::string::npos) key = deleted_prefix + key.substr(1);
        key = czary::utf8_prefix(key, 64);
        if (is_later) later.push_back({key, removes ? std::nullopt : std::optional(czary::utf8_prefix(value, value.size()))});
        else h.map.data[key] = czary::utf8_prefix(value, value.size());
    }
    switch (setting(0) & 3) {
        case 1: h.map.quota = h.map.used() + 64 * setting(1); break;
        case 2: h.map.quota = h.map.used(); break;
        case 3: h.map.fail_writes = true; break;
        default: break;
    }

    // Start-up, and the Sessions tab drawn.
    h.start();
    (void)h.store.list();
    (void)h.store.deleted();
    if (h.act_before_saving) (void)h.session.apply({{"type", "add_hero"}, {"hero", "larraka"}});
    h.save();

    // Another tab writes (it may damage the session open here), and this tab hears of it.
    if (!later.empty()) {
        for (const auto& [key, value] : later) {
            const std::string& at = key == "c" ? h.store.current_key() : key;
            if (value) h.map.data[at] = *value;
            else h.map.data.erase(at);
        }
        h.store.forget_listing();
        czary::store::ExternalChange change = czary::store::ExternalChange::None;
        h.call([&] { change = h.store.external_change(); });
        if (change == czary::store::ExternalChange::Newer && !h.unsaved) h.open(h.store.current_key());
        if (h.act_before_saving) (void)h.session.apply({{"type", "add_hero"}, {"hero", "curvenol"}});
        h.save();
    }

    // The Sessions tab's calls on every listed session.
    std::vector<std::string> listed;
    for (const auto& summary : h.store.list()) listed.push_back(summary.key);
    for (const auto& key : listed) {
        if (calls & 1) h.rename(key, name);
        if (calls & 2) h.duplicate(key);
        if (calls & 4) {
            h.open(key);
            if (h.act_before_saving) (void)h.session.apply({{"type", "add_hero"}, {"hero", "gislan"}});
            h.save();
        }
    }
    if (calls & 8) {
        listed.clear();
        for (const auto& summary : h.store.list()) listed.push_back(summary.key);
        for (const auto& key : listed) h.remove(key);
    }
    if (calls & 16) {
        std::vector<std::string> kept;
        for (const auto& deleted : h.store.deleted()) kept.push_back(deleted.key);
        for (const auto& key : kept) h.restore(key);
    }
    h.call([&] { (void)h.store.external_change(); });
    h.save();

    // A reload: another store over what is left.
    SessionStore again(h.map, [] { return std::int64_t{1'800'000'000'000}; });
    std::optional<StoreProblem> problem;
    h.call([&] { (void)again.open_last(problem); }, {}, {}, {}, true);
    check_problem(problem);
    (void)again.list();
    (void)again.deleted();
    return 0;
}
