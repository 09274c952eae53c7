#include "store/entry.hpp"

#include <algorithm>
#include <functional>
#include <vector>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
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

// A save id: 1 to 32 lowercase hex digits (the app writes 16).
bool is_save_id(const nlohmann::json& value) {
    if (!value.is_string()) return false;
    const auto& text = value.get_ref<const std::string&>();
    return !text.empty() && text.size() <= 32 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// `save` and `seen`, when the entry has them (an older entry of version 2 has neither).
bool read_save_ids(const nlohmann::json& entry, EntryHeader& header, std::string& reason) {
    if (entry.contains("save")) {
        if (!is_save_id(entry["save"])) {
            reason = "'save' is not a save id";
            return false;
        }
        header.save_id = entry["save"].get<std::string>();
    }
    if (entry.contains("seen")) {
        const auto& seen = entry["seen"];
        if (!seen.is_array() || seen.size() > max_seen_saves || !std::all_of(seen.begin(), seen.end(), is_save_id)) {
            reason = "'seen' is not a list of at most " + std::to_string(max_seen_saves) + " save ids";
            return false;
        }
        for (const auto& id : seen) header.seen.push_back(id.get<std::string>());
    }
    return true;
}

}  // namespace

std::optional<Entry> read_entry(std::string_view text, const std::string& fallback_name, DataProblem& problem) {
    nlohmann::json entry;
    problem = {};
    std::string& reason = problem.detail;
    try {
        entry = parse_json_input(text, entry_limits, "entry");
    } catch (const DataError& e) {
        problem = DataProblem::of(e);
        reason = reason.substr(7);  // without "entry: "
        return std::nullopt;
    }
    if (!entry.is_object() || !entry.contains("format") || entry["format"] != store_format) {
        reason = "not a Czary entry";
        problem.kind = DataError::Kind::NotCzary;
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
        if (version) problem.kind = DataError::Kind::Newer;
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
    result.header.name = session_name(entry["name"].get<std::string>());
    if (!read_number(entry, "revision", INT64_MAX / 2, result.header.revision, reason) ||
        !read_number(entry, "saved_at", INT64_MAX / 2, result.header.saved_at, reason) ||
        !read_number(entry, "steps", INT64_MAX / 2, result.header.steps, reason))
        return std::nullopt;
    if (!read_save_ids(entry, result.header, reason)) return std::nullopt;
    result.session = std::move(entry["session"]);
    return result;
}

std::string session_name(const std::string& name) {
    std::string kept = utf8_prefix(name, max_name_bytes);
    for (char& c : kept)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
    return kept;
}

std::string write_entry(const EntryHeader& header, const nlohmann::json& session) {
    return write_entry(header, compact_json_text(session));
}

std::string write_entry(const EntryHeader& header, const std::string& session_text) {
    return std::string(R"({"format":")") + store_format + R"(","version":)" + std::to_string(store_version) +
           R"(,"name":)" + compact_json_text(header.name) + R"(,"revision":)" + std::to_string(header.revision) +
           (header.save_id.empty() ? "" : R"(,"save":)" + compact_json_text(header.save_id) + R"(,"seen":)" + compact_json_text(header.seen)) +
           R"(,"saved_at":)" + std::to_string(header.saved_at) + R"(,"steps":)" + std::to_string(header.steps) +
           R"(,"session":)" + session_text + "}";
}

}  // namespace czary::store
