#include "core/json_input.hpp"

#include <vector>

#include "core/data_error.hpp"

namespace czary {
namespace {

// Builds the value like nlohmann's own DOM parser, refusing what breaks a limit. The parser
// drives it with an explicit stack (no recursion), so even a text nested a million deep is
// refused here without using the program's stack.
class LimitedBuilder : public nlohmann::json_sax<nlohmann::json> {
public:
    explicit LimitedBuilder(const JsonLimits& limits) : limits_(limits) {}
    nlohmann::json root;
    std::string problem;

    bool null() override { return add(nullptr) != nullptr; }
    bool boolean(bool value) override { return add(value) != nullptr; }
    bool number_integer(number_integer_t value) override { return add(value) != nullptr; }
    bool number_unsigned(number_unsigned_t value) override { return add(value) != nullptr; }
    bool number_float(number_float_t value, const string_t&) override { return add(value) != nullptr; }
    bool string(string_t& value) override {
        if (value.size() > limits_.max_string_bytes) return refuse("a text longer than " + std::to_string(limits_.max_string_bytes) + " bytes");
        return add(std::move(value)) != nullptr;
    }
    bool binary(binary_t&) override { return refuse("binary data"); }
    bool start_object(std::size_t) override { return open(nlohmann::json::object()); }
    bool start_array(std::size_t) override { return open(nlohmann::json::array()); }
    bool end_object() override { stack_.pop_back(); return true; }
    bool end_array() override { stack_.pop_back(); return true; }
    bool key(string_t& value) override {
        if (value.size() > limits_.max_string_bytes) return refuse("a key longer than " + std::to_string(limits_.max_string_bytes) + " bytes");
        if (stack_.back()->contains(value)) return refuse("the key \"" + value + "\" given twice in one object");
        if (stack_.back()->size() >= limits_.max_items) return refuse(too_many_items());
        key_ = std::move(value);
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
        if (problem.empty()) problem = "not valid JSON (at byte " + std::to_string(position) + ")";
        return false;
    }

private:
    bool refuse(const std::string& what) {
        problem = what;
        return false;
    }
    std::string too_many_items() const {
        return "a list or object of more than " + std::to_string(limits_.max_items) + " entries";
    }
    bool open(nlohmann::json empty) {
        if (stack_.size() >= limits_.max_depth) return refuse("nested deeper than " + std::to_string(limits_.max_depth) + " levels");
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
                refuse(too_many_items());
                return nullptr;
            }
            parent.push_back(std::move(value));
            return &parent.back();
        }
        return &(parent[key_] = std::move(value));
    }

    const JsonLimits& limits_;
    std::vector<nlohmann::json*> stack_;
    std::string key_;
};

}  // namespace

nlohmann::json parse_json_input(std::string_view text, const JsonLimits& limits, const std::string& what) {
    if (text.size() > limits.max_bytes)
        throw DataError(what + ": larger than " + std::to_string(limits.max_bytes / 1024) + " KB (" + std::to_string(text.size() / 1024) + " KB)",
                        DataError::Kind::TooLarge);
    LimitedBuilder builder(limits);
    bool finished = false;
    try {
        finished = nlohmann::json::sax_parse(text, &builder);
    } catch (const nlohmann::json::exception&) {
        finished = false;
    }
    if (!finished) {
        // Past a limit of the builder (depth, sizes, a key twice) or not JSON at all.
        const bool not_json = builder.problem.empty() || builder.problem.rfind("not valid JSON", 0) == 0;
        const bool too_deep = builder.problem.rfind("nested deeper", 0) == 0;
        throw DataError(what + ": " + (builder.problem.empty() ? std::string("not valid JSON") : builder.problem),
                        not_json ? DataError::Kind::NotJson : too_deep ? DataError::Kind::TooDeep : DataError::Kind::Damaged);
    }
    return std::move(builder.root);
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
