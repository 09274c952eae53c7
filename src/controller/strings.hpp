#pragma once
// The interface's words, from data/i18n/<language>.json. Polish first, English too.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace czary::app {

class Strings {
public:
    // Throws czary::DataError when the file is not a czary-strings file.
    static Strings from_json(std::string_view json_text);

    // The text for a key; the key itself when it is missing, so a gap shows on screen.
    const char* operator()(const char* key) const;
    const std::string& language() const { return language_; }
    std::vector<std::string_view> all_texts() const;

private:
    std::string language_;
    std::map<std::string, std::string, std::less<>> texts_;
};

}  // namespace czary::app
