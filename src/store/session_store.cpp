#include "store/session_store.hpp"

#include <algorithm>
#include <cstdio>
#include <random>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/utf8.hpp"

namespace czary::store {
namespace {

constexpr const char* last_key_name = "czary.last";
constexpr const char* session_prefix = "czary.session.";
constexpr const char* deleted_prefix = "czary.deleted.";
constexpr const char* view_key = "czary.view";
constexpr czary::JsonLimits view_limits{4096, 4, 256, 16};
constexpr const char* settings_key = "czary.settings";
// Room for the live tables a phone remembers (controller/live_table.hpp: 12 tables of 12
// characters each, some 12 KB at most): {"tables": [{"mine": [...]}]} is four levels deep.
constexpr czary::JsonLimits settings_limits{32768, 4, 128, 32};
constexpr const char* deleted_format = "czary-deleted";

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

// The player's words for an entry that cannot be read: the kind of problem in their language,
// the technical detail (English) for the English text and for bug reports.
Phrase unreadable(const std::string& key, const DataProblem& problem) {
    const std::string number = key.substr(key.rfind('.') + 1);  // "3" of czary.session.3: no storage key on screen
    const bool deleted_copy = starts_with(key, deleted_prefix);   // listed among the deleted: "this deleted session"
    Phrase phrase{deleted_copy ? "store.unreadable_deleted" : "store.unreadable", problem.parts, {{"problem", data_problem_key(problem.kind)}}};
    phrase.parts["key"] = key;
    phrase.parts["number"] = number;
    phrase.parts["detail"] = problem.detail;
    return phrase;
}

StoreProblem unreadable_problem(const std::string& key, const DataProblem& problem) {
    return {StoreProblem::Kind::Unreadable, unreadable(key, problem), key};
}

StoreProblem write_problem(KeyValueStore::WriteResult result, const std::string& key) {
    if (result == KeyValueStore::WriteResult::QuotaExceeded) return {StoreProblem::Kind::QuotaExceeded, {"store.quota_exceeded"}, key};
    return {StoreProblem::Kind::Failed, {"store.write_failed"}, key};
}

// "Sesja 3" for czary.session.3: the name a version-1 entry gets.
std::string fallback_name(const std::string& key) { return "Sesja " + key.substr(std::string(session_prefix).size()); }

// The `seen` of a save made on top of `save_id` (whose own list is `seen`): that save first.
std::vector<std::string> on_top_of(const std::string& save_id, const std::vector<std::string>& seen) {
    std::vector<std::string> result;
    if (!save_id.empty()) result.push_back(save_id);
    for (const auto& id : seen)
        if (result.size() < max_seen_saves) result.push_back(id);
    return result;
}

std::uint64_t random_from_device() {
    static std::mt19937_64 generator{(static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}()};
    return generator();
}

}  // namespace

SessionStore::SessionStore(KeyValueStore& store, Clock now, Random random)
    : store_(store), now_(std::move(now)), random_(random ? std::move(random) : Random(random_from_device)) {}

std::string SessionStore::new_save_id() {
    char id[17];
    std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(random_()));
    return id;
}

std::optional<Entry> SessionStore::read(const std::string& key, const std::string& text, DataProblem& problem) const {
    return read_entry(text, fallback_name(key), problem);
}

std::string SessionStore::fresh_key(const std::string& prefix) {
    // The listing may miss a key (a browser's list is read through text); a key that answers is
    // taken all the same: nothing is ever written over a key that exists.
    const auto keys = store_.keys();
    const std::set<std::string> taken(keys.begin(), keys.end());
    for (int n = 1;; ++n) {
        std::string key = prefix + std::to_string(n);
        if (!taken.count(key) && !store_.get(key)) return key;
    }
}

void SessionStore::start_new(const std::string& name_prefix) {
    key_ = fresh_key(session_prefix);
    name_ = name_prefix + " " + key_.substr(std::string(session_prefix).size());
    forget_saved();
}

std::optional<std::string> SessionStore::last_key() {
    auto last = store_.get(last_key_name);
    if (!last || !starts_with(*last, session_prefix)) return std::nullopt;
    return last;
}

std::optional<Session> SessionStore::open_last(std::optional<StoreProblem>& problem) {
    problem.reset();
    drop_old_deleted();
    const auto last = last_key();
    if (!last) return std::nullopt;
    return open(*last, problem);
}

std::optional<Session> SessionStore::open(const std::string& key, std::optional<StoreProblem>& problem) {
    problem.reset();
    const auto text = store_.get(key);
    if (!text) {
        problem = StoreProblem{StoreProblem::Kind::Missing, {"store.missing", {{"key", key}}}, key};
        return std::nullopt;
    }
    DataProblem unread;
    if (auto entry = read(key, *text, unread)) {
        try {
            Session session = Session::from_json(std::move(entry->session));
            key_ = key;
            name_ = entry->header.name;
            revision_ = entry->header.revision;
            save_id_ = entry->header.save_id;
            seen_ = entry->header.seen;
            remember(*text);
            set(last_key_name, key_);
            return session;
        } catch (const DataError& e) {
            unread = DataProblem::of(e);
        } catch (const std::exception& e) {  // anything else a damaged entry leads to
            unread = {e.what(), DataError::Kind::Damaged, {}};
        }
    }
    problem = unreadable_problem(key, unread);
    return std::nullopt;
}

bool SessionStore::stored_is_ours(const std::string& text) const {
    return revision_ > 0 && text.size() == known_text_size_ && std::hash<std::string>{}(text) == known_text_hash_;
}

void SessionStore::remember(const std::string& text) {
    known_text_size_ = text.size();
    known_text_hash_ = std::hash<std::string>{}(text);
}

KeyValueStore::WriteResult SessionStore::write_freeing_space(const std::string& key, const std::string& text) {
    auto result = set(key, text);
    if (result != KeyValueStore::WriteResult::QuotaExceeded) return result;
    // The session being played matters more than sessions deleted a moment ago; a deleted copy
    // that cannot be read is never given up (it may be the only copy of a game that is damaged).
    bool freed = false;
    for (const auto& kept : deleted()) {
        if (kept.problem) continue;
        erase(kept.key);
        freed = true;
    }
    return freed ? set(key, text) : result;
}

std::optional<StoreProblem> SessionStore::save(const Session& session) {
    if (const auto stored = store_.get(key_); stored && !stored_is_ours(*stored)) {
        DataProblem unread;
        const auto entry = read(key_, *stored, unread);
        if (!entry) return unreadable_problem(key_, unread);
        // Another save than ours: never written over, even when it has our revision number (two
        // tabs that both saved revision 8 on top of 7).
        if (entry->header.revision != revision_ || entry->header.save_id != save_id_)
            return StoreProblem{StoreProblem::Kind::Conflict, {"store.conflict"}, key_};
    }
    EntryHeader header{store_version, name_, revision_ + 1, new_save_id(), on_top_of(save_id_, seen_), now_(),
                       static_cast<std::int64_t>(session.steps().size())};
    const std::string text = write_entry(header, session.to_text());
    const auto result = write_freeing_space(key_, text);
    if (result != KeyValueStore::WriteResult::Ok) return write_problem(result, key_);
    revision_ = header.revision;
    save_id_ = header.save_id;
    seen_ = header.seen;
    remember(text);
    set(last_key_name, key_);
    return std::nullopt;
}

std::optional<StoreProblem> SessionStore::save_as_new(const Session& session, const std::string& name) {
    // Written whole or not at all: when the write fails, the session open before stays the open one.
    const auto before = std::make_tuple(key_, name_, revision_, save_id_, seen_, known_text_hash_, known_text_size_);
    start_new("");
    name_ = session_name(name);
    auto problem = save(session);
    if (problem) std::tie(key_, name_, revision_, save_id_, seen_, known_text_hash_, known_text_size_) = before;
    return problem;
}

KeyValueStore::WriteResult SessionStore::set(const std::string& key, const std::string& text) {
    forget_listing();
    return store_.set(key, text);
}

void SessionStore::erase(const std::string& key) {
    forget_listing();
    store_.remove(key);
}

std::vector<SessionSummary> SessionStore::list() {
    if (listed_) return *listed_;
    std::vector<SessionSummary> sessions;
    for (const auto& key : store_.keys()) {
        if (!starts_with(key, session_prefix)) continue;
        const auto text = store_.get(key);
        if (!text) continue;
        SessionSummary summary{key, {}, std::nullopt};
        DataProblem unread;
        if (const auto entry = read(key, *text, unread)) {
            summary.header = entry->header;
            if (summary.header.name.empty()) summary.header.name = fallback_name(key);
        } else {
            summary.header.name = fallback_name(key);  // "Sesja 1", as a version-1 entry is named: no storage key on screen
            summary.problem = unreadable(key, unread);
        }
        sessions.push_back(std::move(summary));
    }
    std::sort(sessions.begin(), sessions.end(), [](const SessionSummary& a, const SessionSummary& b) {
        if (a.header.saved_at != b.header.saved_at) return a.header.saved_at > b.header.saved_at;
        return a.key < b.key;
    });
    listed_ = sessions;
    return sessions;
}

std::optional<StoreProblem> SessionStore::rename(const std::string& key, const std::string& name) {
    const auto text = store_.get(key);
    // The open session before its first save (a new one, nothing done in it yet): the name is
    // its own at once and written with that save (it is not a damaged entry).
    if (key == key_ && !text) {
        name_ = session_name(name);
        return std::nullopt;
    }
    DataProblem unread{"missing", DataError::Kind::Damaged, {}};
    auto entry = text ? read(key, *text, unread) : std::nullopt;
    if (!entry) return unreadable_problem(key, unread);
    // The open session renamed on top of a save this tab has not seen: a conflict like a save's.
    if (key == key_ && text && !stored_is_ours(*text) && (entry->header.revision != revision_ || entry->header.save_id != save_id_))
        return StoreProblem{StoreProblem::Kind::Conflict, {"store.conflict"}, key_};
    EntryHeader header{store_version, session_name(name), entry->header.revision + 1, new_save_id(),
                       on_top_of(entry->header.save_id, entry->header.seen), now_(), entry->header.steps};
    const std::string written = write_entry(header, entry->session);
    const auto result = write_freeing_space(key, written);
    if (result != KeyValueStore::WriteResult::Ok) return write_problem(result, key);
    if (key == key_) {
        name_ = header.name;
        revision_ = header.revision;
        save_id_ = header.save_id;
        seen_ = header.seen;
        remember(written);
    }
    return std::nullopt;
}

std::optional<std::string> SessionStore::duplicate(const std::string& key, const std::string& name, std::optional<StoreProblem>& problem) {
    problem.reset();
    const auto text = store_.get(key);
    DataProblem unread{"missing", DataError::Kind::Damaged, {}};
    auto entry = text ? read(key, *text, unread) : std::nullopt;
    if (!entry) {
        problem = unreadable_problem(key, unread);
        return std::nullopt;
    }
    const std::string copy = fresh_key(session_prefix);
    EntryHeader header{store_version, session_name(name), 1, new_save_id(), {}, now_(), entry->header.steps};
    const auto result = write_freeing_space(copy, write_entry(header, entry->session));
    if (result != KeyValueStore::WriteResult::Ok) {
        problem = write_problem(result, copy);
        return std::nullopt;
    }
    return copy;
}

std::optional<StoreProblem> SessionStore::remove(const std::string& key) {
    const auto text = store_.get(key);
    if (!text) return std::nullopt;
    DataProblem unread;
    const auto entry = read(key, *text, unread);
    const std::string name = entry ? (entry->header.name.empty() ? fallback_name(key) : entry->header.name) : key;
    const nlohmann::json kept = {{"format", deleted_format}, {"key", key}, {"name", name}, {"deleted_at", now_()}, {"text", *text}};
    // Kept aside first, removed after: a failure leaves the session where it was. Older deleted
    // copies are given up first when the storage is full.
    const auto result = write_freeing_space(fresh_key(deleted_prefix), compact_json_text(kept));
    if (result == KeyValueStore::WriteResult::QuotaExceeded)
        return StoreProblem{StoreProblem::Kind::NoRoomToKeep, {"store.no_room_to_keep", {{"name", name}}}, key};
    if (result != KeyValueStore::WriteResult::Ok) return write_problem(result, key);
    erase(key);
    if (key == key_) forget_saved();
    return std::nullopt;
}

void SessionStore::remove_permanently(const std::string& key) {
    erase(key);
    if (key == key_) forget_saved();
}

void SessionStore::forget_saved() {
    revision_ = 0;
    save_id_.clear();
    seen_.clear();
}

namespace {

// A deleted copy: {"format":"czary-deleted","key":"czary.session.N","name":"…","deleted_at":<ms>,
// "text":"<the entry as it was stored>"}, every field checked.
constexpr JsonLimits deleted_limits{2 * entry_limits.max_bytes, 2, entry_limits.max_bytes, 16};

struct DeletedEntry {
    std::string key, name, text;
    std::int64_t deleted_at = 0;
};

std::optional<DeletedEntry> read_deleted(const std::string& text, DataProblem& problem) {
    nlohmann::json entry;
    std::string& reason = problem.detail;
    try {
        entry = parse_json_input(text, deleted_limits, "deleted copy");
    } catch (const DataError& e) {
        problem = DataProblem::of(e);
        return std::nullopt;
    }
    const auto is_string = [&](const char* field) { return entry.contains(field) && entry[field].is_string(); };
    if (!entry.is_object() || !is_string("format") || entry["format"] != deleted_format) {
        reason = "not a deleted Czary session";
        problem.kind = DataError::Kind::NotCzary;
        return std::nullopt;
    }
    if (!is_string("key") || !is_string("name") || !is_string("text")) {
        reason = "'key', 'name' or 'text' is not a text";
        return std::nullopt;
    }
    const auto deleted_at = entry.contains("deleted_at") ? exact_integer(entry["deleted_at"], 0, INT64_MAX / 2) : std::nullopt;
    if (!deleted_at) {
        reason = "'deleted_at' is not a whole number of milliseconds";
        return std::nullopt;
    }
    return DeletedEntry{entry["key"].get<std::string>(), session_name(entry["name"].get<std::string>()),
                        entry["text"].get<std::string>(), *deleted_at};
}

}  // namespace

std::vector<DeletedSession> SessionStore::deleted() {
    if (deleted_listed_) return *deleted_listed_;
    std::vector<DeletedSession> result;
    for (const auto& key : store_.keys()) {
        if (!starts_with(key, deleted_prefix)) continue;
        const auto text = store_.get(key);
        if (!text) continue;
        DataProblem unread;
        if (const auto entry = read_deleted(*text, unread)) result.push_back({key, entry->name, entry->deleted_at, std::nullopt});
        else result.push_back({key, key, 0, unreadable(key, unread)});
    }
    std::sort(result.begin(), result.end(), [](const DeletedSession& a, const DeletedSession& b) {
        if (a.deleted_at != b.deleted_at) return a.deleted_at > b.deleted_at;
        return a.key < b.key;
    });
    deleted_listed_ = result;
    return result;
}

std::optional<std::string> SessionStore::restore(const std::string& deleted_key) {
    const auto text = store_.get(deleted_key);
    DataProblem unread;
    const auto entry = text ? read_deleted(*text, unread) : std::nullopt;
    if (!entry) return std::nullopt;
    std::string key = entry->key;
    if (!starts_with(key, session_prefix) || key.size() > 40 || store_.get(key)) key = fresh_key(session_prefix);
    if (set(key, entry->text) != KeyValueStore::WriteResult::Ok) return std::nullopt;
    erase(deleted_key);
    return key;
}

void SessionStore::drop_old_deleted() {
    const auto now = now_();
    for (const auto& kept : deleted())
        if (!kept.problem && now - kept.deleted_at > keep_deleted_ms) erase(kept.key);  // an unreadable copy is never dropped
}

ExternalChange SessionStore::external_change() {
    const auto text = store_.get(key_);
    if (!text) return revision_ > 0 ? ExternalChange::Removed : ExternalChange::None;
    if (stored_is_ours(*text)) return ExternalChange::None;
    DataProblem unread;
    const auto entry = read(key_, *text, unread);
    if (!entry) return ExternalChange::None;  // reported when we next save
    const auto& stored = entry->header;
    if (stored.revision == revision_ && stored.save_id == save_id_) return ExternalChange::None;
    // Nothing of ours was stored yet (a new session), or ours was written before save ids: the
    // stored save is simply newer.
    if (revision_ == 0 || save_id_.empty() || stored.save_id.empty()) return ExternalChange::Newer;
    const bool includes_ours = std::find(stored.seen.begin(), stored.seen.end(), save_id_) != stored.seen.end();
    return includes_ours ? ExternalChange::Newer : ExternalChange::Diverged;
}

std::optional<nlohmann::json> SessionStore::read_view() {
    try {
        const auto text = store_.get(view_key);
        if (!text) return std::nullopt;
        const auto stored = parse_json_input(*text, view_limits, "view");
        if (!stored.is_object() || !stored.contains("session") || !stored["session"].is_string() || stored["session"] != key_) return std::nullopt;
        if (!stored.contains("view") || !stored["view"].is_object()) return std::nullopt;
        return stored["view"];
    } catch (const std::exception&) {
        return std::nullopt;  // a damaged view is only forgotten: the session itself is untouched
    }
}

void SessionStore::write_view(const nlohmann::json& view) {
    try {
        const nlohmann::json stored = {{"session", key_}, {"view", view}};
        store_.set(view_key, compact_json_text(stored));
    } catch (const std::exception&) {
    }
}

std::optional<nlohmann::json> SessionStore::read_settings() {
    try {
        const auto text = store_.get(settings_key);
        if (!text) return std::nullopt;
        auto stored = parse_json_input(*text, settings_limits, "settings");
        if (!stored.is_object()) return std::nullopt;
        return stored;
    } catch (const std::exception&) {
        return std::nullopt;  // damaged settings are only forgotten: the defaults apply
    }
}

void SessionStore::write_settings(const nlohmann::json& settings) {
    try {
        store_.set(settings_key, compact_json_text(settings));
    } catch (const std::exception&) {
    }
}

}  // namespace czary::store
