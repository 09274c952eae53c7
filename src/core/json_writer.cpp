#include "core/json_writer.hpp"

#include "core/json_input.hpp"
#include "core/utf8.hpp"

namespace czary {

void JsonWriter::separate() {
    if (needs_comma_) out_ += ',';
    needs_comma_ = true;
}

JsonWriter& JsonWriter::open(char bracket, char closing) {
    separate();
    out_ += bracket;
    open_ += closing;
    needs_comma_ = false;
    return *this;
}

JsonWriter& JsonWriter::object() { return open('{', '}'); }

JsonWriter& JsonWriter::array() { return open('[', ']'); }

JsonWriter& JsonWriter::end() {
    out_ += open_.back();
    open_.pop_back();
    needs_comma_ = true;
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    value(name);
    out_ += ':';
    needs_comma_ = false;  // the value that follows belongs to the key
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    if (!is_valid_utf8(text)) return value(nlohmann::json(std::string(text)));  // replaced as the saved texts replace it
    separate();
    out_ += '"';
    for (const char c : text) {
        switch (c) {
            case '"': out_ += "\\\""; break;
            case '\\': out_ += "\\\\"; break;
            case '\b': out_ += "\\b"; break;
            case '\f': out_ += "\\f"; break;
            case '\n': out_ += "\\n"; break;
            case '\r': out_ += "\\r"; break;
            case '\t': out_ += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    static const char digits[] = "0123456789abcdef";
                    out_ += "\\u00";
                    out_ += digits[(c >> 4) & 0xF];
                    out_ += digits[c & 0xF];
                } else {
                    out_ += c;
                }
        }
    }
    out_ += '"';
    return *this;
}

JsonWriter& JsonWriter::value(bool flag) {
    separate();
    out_ += flag ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::value(double number) { return value(nlohmann::json(number)); }  // 0.1 as 0.1, 2 as 2.0, NaN as null

JsonWriter& JsonWriter::whole(long long number) {
    separate();
    out_ += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::whole_unsigned(unsigned long long number) {
    separate();
    out_ += std::to_string(number);
    return *this;
}

JsonWriter& JsonWriter::value(const std::vector<std::string>& texts) {
    array();
    for (const auto& text : texts) value(text);
    return end();
}

JsonWriter& JsonWriter::value(const std::vector<int>& numbers) {
    array();
    for (const int number : numbers) value(number);
    return end();
}

JsonWriter& JsonWriter::value(const nlohmann::json& json) {
    separate();
    out_ += compact_json_text(json);
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_ += "null";
    return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json_text) {
    separate();
    out_ += json_text;
    return *this;
}

}  // namespace czary
