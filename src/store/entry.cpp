#include "store/entry.hpp"

#include <functional>
#include <vector>

#include "core/data_error.hpp"
#include "core/utf8.hpp"

namespace czary::store {
namespace {

// migrations[v - 1] turns a version-v entry into a version-(v + 1) one.
using Migration = std::function<void(nlohmann::json& entry, const std::string& fallback_name)>;
const std::vector<Migration>& migrations() {
    static const std::vector<Migration> all = {
        // 1 -> 2: entries get a name, a revision (two tabs), the time saved and the step count.
        [](nlohmann::json& entry, const std::string& fallback_name) {
            entry["name"] = fallback_name;
            entry["revision"] = 0;
            entry["saved_at"] = 0;
            const auto& actions = entry["session"].contains("actions") ? entry["session"]["actions"] : nlohmann::json();
            entry["steps"] = actions.is_array() ? actions.size() : 0;
            entry["version"] = 2;
        },
    };
    return all;
}
static_assert(store_version >= 1);

// A whole-number header field within its range, or a reason.
bool read_number(const nlohmann::json& entry, const char* field, std::int64_t high, std::int64_t& out, std::string& reason) {
    if (!entry.contains(field)) {
        reason = std::string("'") + field + "' is missing";
        return false;
    }
    const auto number = exact_integer(entry[field], 0, high);
    if (!number) {
        reason = std::string("'") + field + "' is not a whole number from 0 to " + std::to_string(high);
        return false;
    }
    out = *number;
    return true;
}

}  // namespace

std::optional<Entry> read_entry(std::string_view text, const std::string& fallback_name, std::string& reason) {
    DataError::Kind kind{};
    return read_entry(text, fallback_name, reason, kind);
}

std::optional<Entry> read_entry(std::string_view text, const std::string& fallback_name, std::string& reason, DataError::Kind& kind) {
    nlohmann::json entry;
    kind = DataError::Kind::Damaged;
    try {
        entry = parse_json_input(text, entry_limits, "entry");
    } catch (const DataError& e) {
        reason = std::string(e.what()).substr(7);  // without "entry: "
        kind = e.kind;
        return std::nullopt;
    }
    if (!entry.is_object() || !entry.contains("format") || entry["format"] != store_format) {
        reason = "not a Czary entry";
        kind = DataError::Kind::NotCzary;
        return std::nullopt;
    }
    if (!entry.contains("version") || !entry["version"].is_number_integer()) {
        reason = "no version";
        return std::nullopt;
    }
    // Compared as written: 4294967297 is not version 1.
    if (!exact_integer(entry["version"], 1, store_version)) {
        const auto version = exact_integer(entry["version"], store_version + 1, INT64_MAX);
        reason = version ? "version " + std::to_string(*version) + " is newer than this app"
                         : "version " + entry["version"].dump() + " is not valid";
        if (version) kind = DataError::Kind::Newer;
        return std::nullopt;
    }
    Entry result;
    result.header.version = static_cast<int>(*exact_integer(entry["version"], 1, store_version));
    if (!entry.contains("session") || !entry["session"].is_object()) {
        reason = "no session in the entry";
        return std::nullopt;
    }
    for (int version = result.header.version; version < store_version; ++version) migrations()[static_cast<std::size_t>(version - 1)](entry, fallback_name);

    if (!entry["name"].is_string()) {
        reason = "'name' is not a text";
        return std::nullopt;
    }
    result.header.name = utf8_prefix(entry["name"].get<std::string>(), max_name_bytes);
    if (!read_number(entry, "revision", INT64_MAX / 2, result.header.revision, reason) ||
        !read_number(entry, "saved_at", INT64_MAX / 2, result.header.saved_at, reason) ||
        !read_number(entry, "steps", INT64_MAX / 2, result.header.steps, reason))
        return std::nullopt;
    result.session = std::move(entry["session"]);
    return result;
}

std::string write_entry(const EntryHeader& header, const nlohmann::json& session) {
    const auto dump = [](const nlohmann::json& value) { return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); };
    return std::string(R"({"format":")") + store_format + R"(","version":)" + std::to_string(store_version) +
           R"(,"name":)" + dump(header.name) + R"(,"revision":)" + std::to_string(header.revision) +
           R"(,"saved_at":)" + std::to_string(header.saved_at) + R"(,"steps":)" + std::to_string(header.steps) +
           R"(,"session":)" + dump(session) + "}";
}

}  // namespace czary::store
