#pragma once
// Every JSON text that comes from outside the program (a session file, an import, a stored
// entry, a page hook) is read through here. The limits are checked while the text is read,
// before anything recursive (copying, comparing, writing, destroying a value) can meet it: a
// text nested 10,000 deep would otherwise overflow the stack, and a duplicated key would let two
// readers of one text see two different values.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace czary {

struct JsonLimits {
    std::size_t max_bytes;         // the whole text
    std::size_t max_depth = 64;    // objects and arrays inside each other
    std::size_t max_string_bytes;  // one string or key
    // Entries of one array or object: a small text of a million "{}" would otherwise be built
    // whole (3 MB of text, 180 MB of values) before anything could count them.
    std::size_t max_items = SIZE_MAX;
};

// Far above any real game (docs/session-format.md "Limits"): a long evening is a few thousand
// actions of ~100 bytes each (300 KB). 2 MiB is also what every browser can keep of one session:
// localStorage holds 5 MiB per site, and Safari counts a text with any Polish letter at two
// bytes a character, so a session of 2 MiB is 4 MiB there and still leaves room for the rest.
// No list in a session may hold more than 50,000 entries (the actions, max_session_actions);
// 100,000 lets a file of more actions than that be refused by the session with its own message,
// and one of a million at once.
inline constexpr JsonLimits session_file_limits{2u << 20, 64, 4096, 100000};
// One action, as a page tool or the interface hands it over: it stands two levels down in a
// session file ({"actions": [ACTION]}), so whatever is accepted here fits a file, and a stored
// entry (one level more, store/entry.hpp), when read back.
inline constexpr JsonLimits action_limits{session_file_limits.max_bytes, session_file_limits.max_depth - 2,
                                          session_file_limits.max_string_bytes, session_file_limits.max_items};

// The text parsed, or DataError naming `what` and the first limit it breaks: not JSON, larger
// than max_bytes, nested deeper than max_depth, a string or key longer than max_string_bytes, a
// key given twice in one object, an array or object of more than max_items entries.
nlohmann::json parse_json_input(std::string_view text, const JsonLimits& limits, const std::string& what);

// A text the program wrote or carries itself (data/, its strings, its own answers and files),
// read by the same reader as parse_json_input (so the program holds one JSON parser: nlohmann's
// DOM parse is never linked, 4 KB gzip of the wasm) with no limit but the depth; nullopt when it is
// not JSON, or gives a key twice in one object.
std::optional<nlohmann::json> parse_own_json(std::string_view text);

// The same limits checked on a value already built (an action made by the program, not read from
// a text): throws the DataError parse_json_input would for the same value written out, else
// returns that text (JSON without spaces; what a session keeps of each action).
std::string checked_json_text(const nlohmann::json& value, const JsonLimits& limits, const std::string& what);

// The value as every saved text writes it: JSON without spaces, invalid UTF-8 replaced (U+FFFD).
std::string compact_json_text(const nlohmann::json& value);

// Sets `value` to null, freeing what it held. nlohmann frees an object or array by first moving
// each of its values into a vector of its own (an allocation for every one freed, so that nothing
// recurses); here the lists and objects one level down are emptied in place first, and that
// vector is never needed for a small value such as one action (a replay frees each of its file's
// actions once replayed). Anything deeper is freed the usual way.
void release_json(nlohmann::json& value);

// A whole number of a JSON value exactly as written, if it is one within [low, high]: 4294967297
// is not 1, and 2^63 is not -1.
std::optional<std::int64_t> exact_integer(const nlohmann::json& value, std::int64_t low, std::int64_t high);

}  // namespace czary
