#pragma once
// Sessions kept in a key-value store (the browser's localStorage on the web), one entry per
// session under "czary.session.N", "czary.last" naming the one open last.
//
// Promises: nothing stored makes a call throw (every entry is read through entry.hpp's checks;
// one that does not read is listed with the reason and skipped); an entry that cannot be read
// is never overwritten (its raw text can be exported);
// a session changed by another tab since we read it is never overwritten (revisions); a deleted
// session is kept aside for keep_deleted_ms and can be restored.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/phrase.hpp"
#include "core/session.hpp"
#include "store/entry.hpp"

namespace czary::store {

// What the platform provides (web: localStorage; tests: a map).
class KeyValueStore {
public:
    enum class WriteResult { Ok, QuotaExceeded, Failed };
    virtual ~KeyValueStore() = default;
    virtual std::optional<std::string> get(const std::string& key) = 0;
    virtual WriteResult set(const std::string& key, const std::string& value) = 0;
    virtual void remove(const std::string& key) = 0;
    virtual std::vector<std::string> keys() = 0;
};

struct StoreProblem {
    // NoRoomToKeep: a delete could not keep its 48-hour copy (the storage is full); nothing was
    // deleted, remove_permanently() frees the space if the player agrees.
    enum class Kind { Unreadable, QuotaExceeded, Failed, Conflict, Missing, NoRoomToKeep };
    Kind kind;
    Phrase text;  // what to tell the player (data/i18n "store.*"), translated by the interface
    std::string key;     // the entry it concerns (kept as it was)
};

struct SessionSummary {
    std::string key;
    EntryHeader header;                    // name, revision, time saved, steps
    std::optional<Phrase> problem;  // the entry cannot be read: why (its text is kept)
};

struct DeletedSession {
    std::string key;  // where it is kept aside
    std::string name;
    std::int64_t deleted_at = 0;
    std::optional<Phrase> problem;  // the kept copy cannot be read: why (its text is kept)
};

// Newer: another tab saved on top of our last save (show it). Diverged: another tab wrote over
// our last save without having seen it (our changes are no longer stored: keep them as a session
// of their own). Removed: deleted in another tab.
enum class ExternalChange { None, Newer, Diverged, Removed };

inline constexpr std::int64_t keep_deleted_ms = 48LL * 60 * 60 * 1000;

class SessionStore {
public:
    using Clock = std::function<std::int64_t()>;  // ms since 1970
    using Random = std::function<std::uint64_t()>;  // a new save's id
    SessionStore(KeyValueStore& store, Clock now, Random random = {});

    // The session open last, if any. A problem (corrupted entry, unknown version) is reported
    // and a fresh key chosen. Deleted sessions older than keep_deleted_ms are dropped here.
    std::optional<Session> open_last(std::optional<StoreProblem>& problem);
    std::optional<Session> open(const std::string& key, std::optional<StoreProblem>& problem);
    // The key of the session open last ("czary.last"), if it names a session's key.
    std::optional<std::string> last_key();
    // A new session will be saved under a fresh key, named "<name_prefix> <the key's number>"
    // (nothing written yet).
    void start_new(const std::string& name_prefix);

    // Saves the open session. Refused, with nothing written, when the stored entry is not the
    // save we last read or wrote (another tab saved: Conflict; told by the save's id, not only
    // its revision) or cannot be read; a full quota is reported.
    std::optional<StoreProblem> save(const Session& session);
    // Keeps the session under a key of its own (an import, a copy after a conflict), which is
    // then the open one; when it cannot be written, the one open before stays open.
    std::optional<StoreProblem> save_as_new(const Session& session, const std::string& name);

    // Every stored session, the latest saved first; unreadable ones included, with the reason.
    // Both lists are read from the store once and kept until something is written, here or by
    // another tab (forget_listing()): the Sessions tab asks for them in every frame it draws,
    // and reading means copying and checking every saved session.
    std::vector<SessionSummary> list();
    std::vector<DeletedSession> deleted();
    void forget_listing() {
        listed_.reset();
        deleted_listed_.reset();
    }
    // A stored session's new name (the open one before its first save takes it at once).
    std::optional<StoreProblem> rename(const std::string& key, const std::string& name);
    // A copy under a fresh key (the raw text, with the new name); returns the new key.
    std::optional<std::string> duplicate(const std::string& key, const std::string& name, std::optional<StoreProblem>& problem);
    // Moves the entry aside (restorable for keep_deleted_ms); raw text, readable or not. When the
    // copy does not fit even after giving up older deleted copies: NoRoomToKeep, nothing deleted.
    std::optional<StoreProblem> remove(const std::string& key);
    // Deletes the entry (a session or a deleted copy) with no copy kept: frees its space.
    void remove_permanently(const std::string& key);
    // Puts a deleted entry back (under its old key if free); returns the key.
    std::optional<std::string> restore(const std::string& deleted_key);
    // The entry's text exactly as stored (to export a corrupted one).
    std::optional<std::string> raw_text(const std::string& key) { return store_.get(key); }

    // Has another tab saved the open session since we read or wrote it?
    ExternalChange external_change();

    const std::string& current_key() const { return key_; }
    // The interface's view of the open session (tab, selection, scroll: UI state, not the game)
    // kept beside it under "czary.view", so that a reload comes back to the same screen. Read
    // with tight limits; text that is damaged, foreign or for another session gives nothing.
    // Writing never throws and a failure is not reported: a lost view costs a tap, not a game.
    std::optional<nlohmann::json> read_view();
    void write_view(const nlohmann::json& view);
    // The player's settings (text size, reduced motion) under "czary.settings": the device's,
    // not a session's. Read with tight limits like the view: damaged text gives nothing (the
    // app checks each field); writing never throws and a failure is not reported.
    std::optional<nlohmann::json> read_settings();
    void write_settings(const nlohmann::json& settings);
    const std::string& current_name() const { return name_; }
    std::int64_t current_revision() const { return revision_; }

private:
    std::string fresh_key(const std::string& prefix);
    void drop_old_deleted();
    KeyValueStore::WriteResult write_freeing_space(const std::string& key, const std::string& text);
    // Is the stored text of the open session the one we last read or wrote? (Then its revision is
    // ours, and a save or another tab's event need not parse it.)
    bool stored_is_ours(const std::string& text) const;
    void remember(const std::string& text);
    // Every write goes through these two: they forget the kept lists.
    KeyValueStore::WriteResult set(const std::string& key, const std::string& text);
    void erase(const std::string& key);

    std::string new_save_id();
    void forget_saved();  // the open session's key holds no save of ours (new, or deleted)
    std::optional<Entry> read(const std::string& key, const std::string& text, DataProblem& problem) const;

    KeyValueStore& store_;
    Clock now_;
    Random random_;
    std::string key_ = "czary.session.1";
    std::string name_;
    std::int64_t revision_ = 0;  // of the stored entry as we last read or wrote it; 0: never saved
    std::string save_id_;        // of that entry ("" for an entry written before save ids)
    std::vector<std::string> seen_;  // the saves it was made on top of
    std::size_t known_text_hash_ = 0, known_text_size_ = 0;  // of that stored text
    std::optional<std::vector<SessionSummary>> listed_;
    std::optional<std::vector<DeletedSession>> deleted_listed_;
};

}  // namespace czary::store
