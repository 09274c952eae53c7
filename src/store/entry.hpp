#pragma once
// One stored session entry: its text format, the header read without parsing the whole session,
// and the migrations that bring older entries up to the current version.
//
// Version 2 (current), fields in this order so that the header comes before the session:
//   {"format":"czary-store","version":2,"name":"…","revision":7,"saved_at":<ms>,"steps":12,
//    "session":{…}}
// Version 1 (the first release): {"format":"czary-store","session":{…},"version":1}.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace czary::store {

inline constexpr const char* store_format = "czary-store";
inline constexpr int store_version = 2;

struct EntryHeader {
    int version = 0;
    std::string name;
    std::int64_t revision = 0;
    std::int64_t saved_at = 0;  // ms since 1970, the platform's clock
    std::int64_t steps = 0;
};

// The header of an entry, read up to the session itself. Empty when the text is not a Czary
// entry at all; `reason` then says why (in English, for the message).
std::optional<EntryHeader> read_header(std::string_view text, std::string& reason);

// The whole entry brought up to store_version, or empty with the reason (bad JSON, a newer
// version than this app, a missing part). `fallback_name` names a version-1 entry.
std::optional<nlohmann::json> read_entry(std::string_view text, const std::string& fallback_name, std::string& reason);

// The text of a current-version entry.
std::string write_entry(const EntryHeader& header, const nlohmann::json& session);

}  // namespace czary::store
