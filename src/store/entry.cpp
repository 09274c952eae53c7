#include "store/entry.hpp"

#include <functional>
#include <vector>

namespace czary::store {
namespace {

// Reads the top-level scalars of an entry and stops at "session", so that listing sessions
// does not parse every stored action.
class HeaderReader : public nlohmann::json_sax<nlohmann::json> {
public:
    EntryHeader header;
    std::string format;
    bool reached_session = false;
    bool is_object = false;

    bool null() override { return scalar(nlohmann::json()); }
    bool boolean(bool value) override { return scalar(value); }
    bool number_integer(number_integer_t value) override { return scalar(value); }
    bool number_unsigned(number_unsigned_t value) override { return scalar(value); }
    bool number_float(number_float_t value, const string_t&) override { return scalar(value); }
    bool string(string_t& value) override { return scalar(value); }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override {
        if (depth_ == 0) is_object = true;
        ++depth_;
        if (depth_ == 2 && key_ == "session") {
            reached_session = true;
            return false;  // the header is complete
        }
        return true;
    }
    bool end_object() override { --depth_; return true; }
    bool start_array(std::size_t) override { ++depth_; return true; }
    bool end_array() override { --depth_; return true; }
    bool key(string_t& value) override {
        if (depth_ == 1) key_ = value;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool scalar(const nlohmann::json& value) {
        if (depth_ != 1) return true;
        if (key_ == "format" && value.is_string()) format = value.get<std::string>();
        if (key_ == "version" && value.is_number_integer()) header.version = value.get<int>();
        if (key_ == "name" && value.is_string()) header.name = value.get<std::string>();
        if (key_ == "revision" && value.is_number_integer()) header.revision = value.get<std::int64_t>();
        if (key_ == "saved_at" && value.is_number_integer()) header.saved_at = value.get<std::int64_t>();
        if (key_ == "steps" && value.is_number_integer()) header.steps = value.get<std::int64_t>();
        return true;
    }
    int depth_ = 0;
    std::string key_;
};

// migrations[v - 1] turns a version-v entry into a version-(v + 1) one.
using Migration = std::function<void(nlohmann::json& entry, const std::string& fallback_name)>;
const std::vector<Migration>& migrations() {
    static const std::vector<Migration> all = {
        // 1 -> 2: entries get a name, a revision (two tabs), the time saved and the step count.
        [](nlohmann::json& entry, const std::string& fallback_name) {
            entry["name"] = fallback_name;
            entry["revision"] = 0;  // what read_header reports for a version-1 text
            entry["saved_at"] = 0;
            entry["steps"] = entry["session"].value("actions", nlohmann::json::array()).size();
            entry["version"] = 2;
        },
    };
    return all;
}

}  // namespace

std::optional<EntryHeader> read_header(std::string_view text, std::string& reason) {
    HeaderReader reader;
    const bool finished = nlohmann::json::sax_parse(text, &reader);
    if (!finished && !reader.reached_session) {
        reason = "not valid JSON";
        return std::nullopt;
    }
    if (!reader.is_object || reader.format != store_format) {
        reason = "not a Czary entry";
        return std::nullopt;
    }
    if (reader.header.version == 0 && reader.reached_session) {
        // Version 1 wrote "version" after "session": read the whole text for it.
        const auto entry = nlohmann::json::parse(text, nullptr, false);
        if (entry.is_discarded()) {
            reason = "not valid JSON";
            return std::nullopt;
        }
        const auto version = entry.value("version", nlohmann::json());
        if (version.is_number_integer()) reader.header.version = version.get<int>();
        reader.header.steps = static_cast<std::int64_t>(entry.value("session", nlohmann::json::object()).value("actions", nlohmann::json::array()).size());
    }
    if (reader.header.version < 1) {
        reason = "no version";
        return std::nullopt;
    }
    if (reader.header.version > store_version) {
        reason = "version " + std::to_string(reader.header.version) + " is newer than this app";
        return std::nullopt;
    }
    return reader.header;
}

std::optional<nlohmann::json> read_entry(std::string_view text, const std::string& fallback_name, std::string& reason) {
    if (!read_header(text, reason)) return std::nullopt;
    auto entry = nlohmann::json::parse(text, nullptr, false);
    if (entry.is_discarded()) {
        reason = "not valid JSON";
        return std::nullopt;
    }
    if (!entry.contains("session") || !entry["session"].is_object()) {
        reason = "no session in the entry";
        return std::nullopt;
    }
    for (int version = entry["version"].get<int>(); version < store_version; ++version) migrations()[static_cast<std::size_t>(version - 1)](entry, fallback_name);
    return entry;
}

std::string write_entry(const EntryHeader& header, const nlohmann::json& session) {
    // Written by hand so that the header precedes the session (read_header stops there).
    return std::string(R"({"format":")") + store_format + R"(","version":)" + std::to_string(store_version) +
           R"(,"name":)" + nlohmann::json(header.name).dump() + R"(,"revision":)" + std::to_string(header.revision) +
           R"(,"saved_at":)" + std::to_string(header.saved_at) + R"(,"steps":)" + std::to_string(header.steps) +
           R"(,"session":)" + session.dump() + "}";
}

}  // namespace czary::store
