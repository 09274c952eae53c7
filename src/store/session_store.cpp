#include "store/session_store.hpp"

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/utf8.hpp"

namespace czary::store {
namespace {

constexpr const char* last_key = "czary.last";
constexpr const char* session_prefix = "czary.session.";
constexpr const char* deleted_prefix = "czary.deleted.";
constexpr const char* view_key = "czary.view";
constexpr czary::JsonLimits view_limits{4096, 4, 256, 16};
constexpr const char* settings_key = "czary.settings";
constexpr czary::JsonLimits settings_limits{1024, 2, 64, 16};
constexpr const char* deleted_format = "czary-deleted";

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

LocalizedText unreadable(const std::string& key, const std::string& reason) {
    return {"Zapisanej sesji " + key + " nie da się odczytać (" + reason +
                "). Jej tekst zostaje w pamięci przeglądarki: nic go nie nadpisze, a w zakładce Sesje można go wyeksportować.",
            "The saved session " + key + " cannot be read (" + reason +
                "). Its text stays in the browser's storage: nothing overwrites it, and it can be exported from the Sessions tab."};
}

StoreProblem write_problem(KeyValueStore::WriteResult result, const std::string& key) {
    if (result == KeyValueStore::WriteResult::QuotaExceeded)
        return {StoreProblem::Kind::QuotaExceeded,
                {"Pamięć przeglądarki jest pełna: sesja NIE została zapisana, ale trwa w tej karcie. Wyeksportuj ją, zanim zamkniesz stronę.",
                 "The browser's storage is full: the session was NOT saved, but it goes on in this tab. Export it before you close the page."},
                key};
    return {StoreProblem::Kind::Failed,
            {"Przeglądarka nie pozwala zapisać sesji (tryb prywatny?). Sesja trwa w tej karcie; wyeksportuj ją, aby jej nie stracić.",
             "The browser does not let the session be saved (private mode?). The session goes on in this tab; export it to keep it."},
            key};
}

// "Sesja 3" for czary.session.3: the name a version-1 entry gets.
std::string fallback_name(const std::string& key) { return "Sesja " + key.substr(std::string(session_prefix).size()); }

}  // namespace

std::string SessionStore::fresh_key(const std::string& prefix) {
    const auto keys = store_.keys();
    const std::set<std::string> taken(keys.begin(), keys.end());
    for (int n = 1;; ++n) {
        std::string key = prefix + std::to_string(n);
        if (!taken.count(key)) return key;
    }
}

void SessionStore::start_new(const std::string& name_prefix) {
    key_ = fresh_key(session_prefix);
    name_ = name_prefix + " " + key_.substr(std::string(session_prefix).size());
    revision_ = 0;
}

std::optional<Session> SessionStore::open_last(std::optional<StoreProblem>& problem) {
    problem.reset();
    drop_old_deleted();
    const auto last = store_.get(last_key);
    if (!last || !starts_with(*last, session_prefix)) return std::nullopt;
    return open(*last, problem);
}

std::optional<Session> SessionStore::open(const std::string& key, std::optional<StoreProblem>& problem) {
    problem.reset();
    const auto text = store_.get(key);
    if (!text) {
        problem = StoreProblem{StoreProblem::Kind::Missing,
                               {"Sesji " + key + " już nie ma (usunięta w innej karcie?).", "The session " + key + " is gone (deleted in another tab?)."},
                               key};
        return std::nullopt;
    }
    std::string reason;
    if (auto entry = read_entry(*text, fallback_name(key), reason)) {
        try {
            Session session = Session::from_json(entry->session);
            key_ = key;
            name_ = entry->header.name;
            revision_ = entry->header.revision;
            remember(*text);
            set(last_key, key_);
            return session;
        } catch (const std::exception& e) {  // DataError, or anything else a damaged entry leads to
            reason = e.what();
        }
    }
    problem = StoreProblem{StoreProblem::Kind::Unreadable, unreadable(key, reason), key};
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
    // The session being played matters more than sessions deleted a moment ago.
    bool freed = false;
    for (const auto& k : store_.keys()) {
        if (starts_with(k, deleted_prefix)) {
            erase(k);
            freed = true;
        }
    }
    return freed ? set(key, text) : result;
}

std::optional<StoreProblem> SessionStore::save(const Session& session) {
    if (const auto stored = store_.get(key_); stored && !stored_is_ours(*stored)) {
        std::string reason;
        const auto entry = read_entry(*stored, fallback_name(key_), reason);
        if (!entry) return StoreProblem{StoreProblem::Kind::Unreadable, unreadable(key_, reason), key_};
        if (entry->header.revision != revision_)
            return StoreProblem{StoreProblem::Kind::Conflict,
                                {"Ta sesja została zmieniona w innej karcie; jej nowszy zapis nie został nadpisany.",
                                 "This session was changed in another tab; its newer save was not overwritten."},
                                key_};
    }
    const nlohmann::json session_json = session.to_json();
    EntryHeader header{store_version, name_, revision_ + 1, now_(), static_cast<std::int64_t>(session.steps().size())};
    const std::string text = write_entry(header, session_json);
    const auto result = write_freeing_space(key_, text);
    if (result != KeyValueStore::WriteResult::Ok) return write_problem(result, key_);
    revision_ = header.revision;
    remember(text);
    set(last_key, key_);
    return std::nullopt;
}

std::optional<StoreProblem> SessionStore::save_as_new(const Session& session, const std::string& name) {
    start_new("");
    name_ = name;
    return save(session);
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
        std::string reason;
        if (const auto entry = read_entry(*text, fallback_name(key), reason)) {
            summary.header = entry->header;
            if (summary.header.name.empty()) summary.header.name = fallback_name(key);
        } else {
            summary.header.name = key;
            summary.problem = unreadable(key, reason);
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
    std::string reason;
    auto entry = text ? read_entry(*text, fallback_name(key), reason) : std::nullopt;
    if (!entry) return StoreProblem{StoreProblem::Kind::Unreadable, unreadable(key, reason.empty() ? "missing" : reason), key};
    EntryHeader header{store_version, utf8_prefix(name, max_name_bytes), entry->header.revision + 1, now_(), entry->header.steps};
    const std::string written = write_entry(header, entry->session);
    const auto result = write_freeing_space(key, written);
    if (result != KeyValueStore::WriteResult::Ok) return write_problem(result, key);
    if (key == key_) {
        name_ = header.name;
        revision_ = header.revision;
        remember(written);
    }
    return std::nullopt;
}

std::optional<std::string> SessionStore::duplicate(const std::string& key, const std::string& name, std::optional<StoreProblem>& problem) {
    problem.reset();
    const auto text = store_.get(key);
    std::string reason;
    auto entry = text ? read_entry(*text, fallback_name(key), reason) : std::nullopt;
    if (!entry) {
        problem = StoreProblem{StoreProblem::Kind::Unreadable, unreadable(key, reason.empty() ? "missing" : reason), key};
        return std::nullopt;
    }
    const std::string copy = fresh_key(session_prefix);
    EntryHeader header{store_version, utf8_prefix(name, max_name_bytes), 1, now_(), entry->header.steps};
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
    std::string reason;
    const auto entry = read_entry(*text, fallback_name(key), reason);
    const std::string name = entry ? (entry->header.name.empty() ? fallback_name(key) : entry->header.name) : key;
    const nlohmann::json kept = {{"format", deleted_format}, {"key", key}, {"name", name}, {"deleted_at", now_()}, {"text", *text}};
    // Kept aside first, removed after: a failure leaves the session where it was. Older deleted
    // copies are given up first when the storage is full.
    const auto result = write_freeing_space(fresh_key(deleted_prefix), kept.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (result == KeyValueStore::WriteResult::QuotaExceeded)
        return StoreProblem{StoreProblem::Kind::NoRoomToKeep,
                            {"Pamięć przeglądarki jest pełna: nie ma miejsca na kopię sesji „" + name + "” na 48 godzin. Usunąć ją na stałe?",
                             "The browser's storage is full: there is no room to keep a copy of “" + name + "” for 48 hours. Delete it for good?"},
                            key};
    if (result != KeyValueStore::WriteResult::Ok) return write_problem(result, key);
    erase(key);
    if (key == key_) revision_ = 0;
    return std::nullopt;
}

void SessionStore::remove_permanently(const std::string& key) {
    erase(key);
    if (key == key_) revision_ = 0;
}

namespace {

// A deleted copy: {"format":"czary-deleted","key":"czary.session.N","name":"…","deleted_at":<ms>,
// "text":"<the entry as it was stored>"}, every field checked.
constexpr JsonLimits deleted_limits{2 * entry_limits.max_bytes, 2, entry_limits.max_bytes, 16};

struct DeletedEntry {
    std::string key, name, text;
    std::int64_t deleted_at = 0;
};

std::optional<DeletedEntry> read_deleted(const std::string& text, std::string& reason) {
    nlohmann::json entry;
    try {
        entry = parse_json_input(text, deleted_limits, "deleted copy");
    } catch (const DataError& e) {
        reason = e.what();
        return std::nullopt;
    }
    const auto is_string = [&](const char* field) { return entry.contains(field) && entry[field].is_string(); };
    if (!entry.is_object() || !is_string("format") || entry["format"] != deleted_format) {
        reason = "not a deleted Czary session";
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
    return DeletedEntry{entry["key"].get<std::string>(), utf8_prefix(entry["name"].get<std::string>(), max_name_bytes),
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
        std::string reason;
        if (const auto entry = read_deleted(*text, reason)) result.push_back({key, entry->name, entry->deleted_at, std::nullopt});
        else result.push_back({key, key, 0, unreadable(key, reason)});
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
    std::string reason;
    const auto entry = text ? read_deleted(*text, reason) : std::nullopt;
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
    std::string reason;
    const auto entry = read_entry(*text, fallback_name(key_), reason);
    if (!entry) return ExternalChange::None;  // reported when we next save
    return entry->header.revision != revision_ ? ExternalChange::Newer : ExternalChange::None;
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
        store_.set(view_key, stored.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
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
        store_.set(settings_key, settings.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    } catch (const std::exception&) {
    }
}

}  // namespace czary::store
