#pragma once
// Sessions kept in a key-value store (the browser's localStorage on the web): the current one
// saved after every change, found again on start. A stored entry that cannot be read is never
// overwritten: its text stays where it is and a new session starts under another key.
#include <optional>
#include <string>

#include "core/localized_text.hpp"
#include "core/session.hpp"

namespace czary::store {

// What the platform provides (web: localStorage; tests: a map).
class KeyValueStore {
public:
    enum class WriteResult { Ok, QuotaExceeded, Failed };
    virtual ~KeyValueStore() = default;
    virtual std::optional<std::string> get(const std::string& key) = 0;
    virtual WriteResult set(const std::string& key, const std::string& value) = 0;
};

inline constexpr const char* store_format = "czary-store";
inline constexpr int store_version = 1;

struct StoreProblem {
    LocalizedText text;  // what to tell the player
    std::string key;     // the entry it concerns (kept as it was)
};

class SessionStore {
public:
    explicit SessionStore(KeyValueStore& store) : store_(store) {}

    // The session saved last, if any; a problem (corrupted entry, unknown version) is reported
    // and a fresh key is chosen so that the entry is not overwritten.
    std::optional<Session> open_last(std::optional<StoreProblem>& problem);
    // Saves the session under the current key; a problem (full quota) is reported.
    std::optional<StoreProblem> save(const Session& session);
    const std::string& current_key() const { return key_; }
    // Keeps the session under a key of its own (an import never replaces a saved session).
    std::optional<StoreProblem> save_as_new(const Session& session);

private:
    std::string fresh_key();

    KeyValueStore& store_;
    std::string key_ = "czary.session.1";
};

}  // namespace czary::store
