#include "core/json_input.hpp"

#include <optional>
#include <utility>
#include <vector>

#include "core/data_error.hpp"

namespace czary {
namespace {

// The limits broken, as the player is told them (DataError::parts) and as the detail says them.
DataError text_too_long(const JsonLimits& limits, const char* text_or_key) {
    const std::string max = std::to_string(limits.max_string_bytes);
    return DataError(std::string(text_or_key) + " longer than " + max + " bytes", DataError::Kind::TextTooLong, {{"max", max}});
}
DataError too_many_items(const JsonLimits& limits) {
    const std::string max = std::to_string(limits.max_items);
    return DataError("a list or object of more than " + max + " entries", DataError::Kind::TooManyItems, {{"max", max}});
}
DataError too_deep(const JsonLimits& limits) {
    const std::string max = std::to_string(limits.max_depth);
    return DataError("nested deeper than " + max + " levels", DataError::Kind::TooDeep, {{"max", max}});
}
DataError too_large(const JsonLimits& limits, std::size_t bytes, const std::string& what) {
    const std::string max = std::to_string(limits.max_bytes / 1024), found = std::to_string((bytes + 1023) / 1024);
    return DataError(what + ": larger than " + max + " KB (" + std::to_string(bytes / 1024) + " KB)", DataError::Kind::TooLarge,
                     {{"max", max}, {"found", found}});
}

// Builds the value like nlohmann's own DOM parser, refusing what breaks a limit. The parser
// drives it with an explicit stack (no recursion), so even a text nested a million deep is
// refused here without using the program's stack.
class LimitedBuilder : public nlohmann::json_sax<nlohmann::json> {
public:
    explicit LimitedBuilder(const JsonLimits& limits) : limits_(limits) {}
    nlohmann::json root;

    bool null() override { return add(nullptr) != nullptr; }
    bool boolean(bool value) override { return add(value) != nullptr; }
    bool number_integer(number_integer_t value) override { return add(value) != nullptr; }
    bool number_unsigned(number_unsigned_t value) override { return add(value) != nullptr; }
    bool number_float(number_float_t value, const string_t&) override { return add(value) != nullptr; }
    bool string(string_t& value) override {
        if (value.size() > limits_.max_string_bytes) return refuse(text_too_long(limits_, "a text"));
        return add(std::move(value)) != nullptr;
    }
    bool binary(binary_t&) override { return refuse(DataError("binary data")); }
    bool start_object(std::size_t) override { return open(nlohmann::json::object()); }
    bool start_array(std::size_t) override { return open(nlohmann::json::array()); }
    bool end_object() override { stack_.pop_back(); return true; }
    bool end_array() override { stack_.pop_back(); return true; }
    // The key's place is made here, where a key given twice is found, and its value is put there.
    bool key(string_t& value) override {
        if (value.size() > limits_.max_string_bytes) return refuse(text_too_long(limits_, "a key"));
        auto& object = stack_.back()->get_ref<nlohmann::json::object_t&>();
        if (object.size() >= limits_.max_items) return refuse(too_many_items(limits_));
        const auto [at, made] = object.emplace(std::move(value), nullptr);
        if (!made) return refuse(DataError("the key \"" + at->first + "\" given twice in one object"));
        slot_ = &at->second;
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
        if (!problem) problem = DataError("not valid JSON (at byte " + std::to_string(position) + ")", DataError::Kind::NotJson);
        return false;
    }
    std::optional<DataError> problem;  // the first limit broken (the detail without "what: ")

private:
    bool refuse(DataError error) {
        problem = std::move(error);
        return false;
    }
    bool open(nlohmann::json empty) {
        if (stack_.size() >= limits_.max_depth) return refuse(too_deep(limits_));
        nlohmann::json* value = add(std::move(empty));
        if (!value) return false;
        stack_.push_back(value);
        return true;
    }
    nlohmann::json* add(nlohmann::json value) {
        if (stack_.empty()) {
            root = std::move(value);
            return &root;
        }
        nlohmann::json& parent = *stack_.back();
        if (parent.is_array()) {
            if (parent.size() >= limits_.max_items) {
                refuse(too_many_items(limits_));
                return nullptr;
            }
            parent.push_back(std::move(value));
            return &parent.back();
        }
        return &(*slot_ = std::move(value));
    }

    const JsonLimits& limits_;
    std::vector<nlohmann::json*> stack_;
    nlohmann::json* slot_ = nullptr;  // the value of the object's last key
};

// Whether the builder has the whole value of the text.
bool build(std::string_view text, LimitedBuilder& builder) {
    try {
        return nlohmann::json::sax_parse(text, &builder);
    } catch (const nlohmann::json::exception&) {
        return false;
    }
}

}  // namespace

nlohmann::json parse_json_input(std::string_view text, const JsonLimits& limits, const std::string& what) {
    if (text.size() > limits.max_bytes) throw too_large(limits, text.size(), what);
    LimitedBuilder builder(limits);
    if (!build(text, builder)) {
        // Past a limit of the builder (depth, sizes, a key twice) or not JSON at all.
        const DataError problem = builder.problem.value_or(DataError("not valid JSON", DataError::Kind::NotJson));
        throw DataError(what + ": " + problem.what(), problem.kind, problem.parts);
    }
    return std::move(builder.root);
}

std::optional<nlohmann::json> parse_own_json(std::string_view text) {
    static constexpr JsonLimits own{SIZE_MAX, 64, SIZE_MAX, SIZE_MAX};
    LimitedBuilder builder(own);
    if (!build(text, builder)) return std::nullopt;
    return std::move(builder.root);
}

std::string checked_json_text(const nlohmann::json& value, const JsonLimits& limits, const std::string& what) {
    // Depth first with an explicit stack: no recursion however the value was built. One stack
    // kept for every call (a replay checks each action of its file): it keeps its room, unless a
    // value of thousands of entries grew it.
    static thread_local std::vector<std::pair<const nlohmann::json*, std::size_t>> stack;
    if (stack.capacity() > 1024) stack = {};
    stack.clear();
    stack.push_back({&value, 1});
    const auto refuse = [&](const DataError& problem) { throw DataError(what + ": " + problem.what(), problem.kind, problem.parts); };
    while (!stack.empty()) {
        const auto [node, depth] = stack.back();
        stack.pop_back();
        if (node->is_string() && node->get_ref<const std::string&>().size() > limits.max_string_bytes) refuse(text_too_long(limits, "a text"));
        if (!node->is_structured()) continue;
        if (depth > limits.max_depth) refuse(too_deep(limits));
        if (node->size() > limits.max_items) refuse(too_many_items(limits));
        if (node->is_object())
            for (const auto& [key, child] : node->items()) {
                if (key.size() > limits.max_string_bytes) refuse(text_too_long(limits, "a key"));
                stack.push_back({&child, depth + 1});
            }
        else
            for (const auto& child : *node) stack.push_back({&child, depth + 1});
    }
    std::string text = compact_json_text(value);
    if (text.size() > limits.max_bytes) throw too_large(limits, text.size(), what);
    return text;
}

std::string compact_json_text(const nlohmann::json& value) {
    // What value.dump(-1, ' ', false, replace) writes, through one writer kept for every call:
    // dump() makes a new one each time, with a 512-byte indent string (never used without
    // indentation) and a shared output adapter. Replaying a file writes each of its actions, and
    // making and filling that indent string was half the time writing them took.
    static thread_local std::string written;
    static thread_local nlohmann::detail::serializer<nlohmann::json> writer(nlohmann::detail::output_adapter<char>(written), ' ',
                                                                            nlohmann::json::error_handler_t::replace);
    written.clear();
    writer.dump(value, false, false, 0);
    // A small text is copied and the buffer keeps its room for the next; a large one (a whole
    // session) is handed over, so that no megabytes stay held between calls.
    if (written.capacity() > 64 * 1024) return std::move(written);
    return written;
}

void release_json(nlohmann::json& value) {
    if (value.is_object()) {
        for (auto& [key, child] : value.get_ref<nlohmann::json::object_t&>()) {
            if (child.is_array()) child.get_ref<nlohmann::json::array_t&>().clear();
            else if (child.is_object()) child.get_ref<nlohmann::json::object_t&>().clear();
        }
        value.get_ref<nlohmann::json::object_t&>().clear();
    } else if (value.is_array()) {
        value.get_ref<nlohmann::json::array_t&>().clear();
    }
    value = nullptr;
}

std::optional<std::int64_t> exact_integer(const nlohmann::json& value, std::int64_t low, std::int64_t high) {
    std::int64_t number = 0;
    if (value.is_number_unsigned()) {
        const auto unsigned_number = value.get<std::uint64_t>();
        if (unsigned_number > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
        number = static_cast<std::int64_t>(unsigned_number);
    } else if (value.is_number_integer()) {
        number = value.get<std::int64_t>();
    } else {
        return std::nullopt;
    }
    if (number < low || number > high) return std::nullopt;
    return number;
}

}  // namespace czary
