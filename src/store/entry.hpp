#pragma once
// One stored session entry: its text format, its header, and the migrations that bring older
// entries up to the current version.
//
// Version 2 (current), fields in this order (the header first, for a person reading it):
//   {"format":"czary-store","version":2,"name":"…","revision":7,"save":"<16 hex>",
//    "seen":["<16 hex>",…],"saved_at":<ms>,"steps":12,"session":{…}}
// `save` and `seen` (added within version 2; an entry without them reads as before): each save
// has an id of its own, and lists the saves it was made on top of, the newest first: two tabs
// that both write revision 8 are told apart by the id, and a tab learns whether a save it has
// not made includes its own (docs/storage.md, Two tabs).
// Version 1 (the first release): {"format":"czary-store","session":{…},"version":1}.
//
// An entry is read in one parse (core/json_input: size, nesting and string limits, no key given
// twice), and the header is taken from that one value, each field checked for its type and
// range: what lists a session and what opens it can never read two different versions.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/json_input.hpp"

#include "core/data_error.hpp"

namespace czary::store {

inline constexpr const char* store_format = "czary-store";
inline constexpr int store_version = 2;

// A session file's limits, one level deeper (the entry holds the session), and room for the header.
inline constexpr JsonLimits entry_limits{session_file_limits.max_bytes + (64u << 10), session_file_limits.max_depth + 1,
                                         session_file_limits.max_string_bytes, session_file_limits.max_items};
// The longest session name kept (bytes, cut on a character boundary).
inline constexpr std::size_t max_name_bytes = 200;
// A session's name as it is kept and shown: cut to max_name_bytes, and a control character
// (a U+0000 ended the name on screen and the screen reader's text) made a space.
std::string session_name(const std::string& name);

// How many earlier saves an entry lists in `seen`.
inline constexpr std::size_t max_seen_saves = 16;

struct EntryHeader {
    int version = 0;
    std::string name;
    std::int64_t revision = 0;
    std::string save_id;            // "" in an entry written before save ids
    std::vector<std::string> seen;  // the saves this one was made on top of, newest first
    std::int64_t saved_at = 0;  // ms since 1970, the platform's clock
    std::int64_t steps = 0;
};

struct Entry {
    EntryHeader header;      // of the entry as stored (version: as stored, before migration)
    nlohmann::json session;  // brought up to store_version
};

// The whole entry, or empty when it cannot be read; `problem` then says why: the detail in
// English (not JSON, a limit broken, not a Czary entry, a version this app does not know, a
// header field of the wrong type, no session), the kind and the limit's numbers for the player's
// words. `fallback_name` names a version-1 entry.
std::optional<Entry> read_entry(std::string_view text, const std::string& fallback_name, DataProblem& problem);

// The text of a current-version entry. Never throws: a name that is not UTF-8 is written
// with its bad bytes replaced.
std::string write_entry(const EntryHeader& header, const nlohmann::json& session);
// The same with the session file's text (Session::to_text()).
std::string write_entry(const EntryHeader& header, const std::string& session_text);

}  // namespace czary::store
