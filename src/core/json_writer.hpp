#pragma once
// JSON text written as it goes, field by field, for answers made of many fields (the page
// hooks'): building an nlohmann value from braced lists first made each field a temporary value
// with the clean-up of every half-built one, most of those functions' code in the wasm. The text
// is what compact_json_text writes of the same value (no spaces, a text that is not UTF-8
// replaced), except that an object's keys come in the order written, not sorted.
//
//   JsonWriter w;
//   w.object().field("tab", "party").key("cast").object().field("pips", pips).end().end();
//   std::string text = w.take();
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

namespace czary {

class JsonWriter {
public:
    JsonWriter& object();  // {
    JsonWriter& array();   // [
    JsonWriter& end();     // } or ], whichever was opened last
    JsonWriter& key(std::string_view name);

    JsonWriter& value(std::string_view text);
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(bool flag);
    JsonWriter& value(double number);
    template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
    JsonWriter& value(T number) {
        if constexpr (std::is_signed_v<T>) return whole(static_cast<long long>(number));
        else return whole_unsigned(static_cast<unsigned long long>(number));
    }
    JsonWriter& value(const std::vector<std::string>& texts);
    JsonWriter& value(const std::vector<int>& numbers);
    JsonWriter& value(const nlohmann::json& json);  // a value already built, as compact_json_text writes it
    JsonWriter& null();
    JsonWriter& raw(std::string_view json_text);  // a JSON text the program wrote (Session::to_text), as it is

    template <class T>
    JsonWriter& field(std::string_view name, const T& v) {
        key(name);
        return value(v);
    }

    std::string take() { return std::move(out_); }

private:
    void separate();
    JsonWriter& open(char bracket, char closing);
    JsonWriter& whole(long long number);
    JsonWriter& whole_unsigned(unsigned long long number);

    std::string out_;
    std::string open_;          // the brackets to close, innermost last
    bool needs_comma_ = false;  // a value was written at this level
};

}  // namespace czary
