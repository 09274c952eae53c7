#include "controller/strings.hpp"

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/json_input.hpp"

namespace czary::app {

Strings Strings::from_json(std::string_view json_text) {
    const auto read = parse_own_json(json_text);
    if (!read || read->value("format", "") != "czary-strings") throw DataError("strings: not a czary-strings file");
    const nlohmann::json& root = *read;
    Strings strings;
    strings.language_ = root.value("language", "");
    for (const auto& [key, text] : root.at("strings").items()) strings.texts_[key] = text.get<std::string>();
    return strings;
}

const char* Strings::operator()(const char* key) const {
    const auto it = texts_.find(key);
    return it != texts_.end() ? it->second.c_str() : key;
}

std::vector<std::string_view> Strings::all_texts() const {
    std::vector<std::string_view> texts;
    for (const auto& [key, text] : texts_) texts.push_back(text);
    return texts;
}

}  // namespace czary::app
