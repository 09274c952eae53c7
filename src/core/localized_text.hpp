#pragma once
#include <map>
#include <string>
#include <string_view>

namespace czary {

// Words in both languages of the app: Polish first, English too.
struct LocalizedText {
    std::string pl;
    std::string en;
    // Polish case forms of a name used inside sentences ("acc": "Błyskawicę", "gen": "Błyskawicy"),
    // filled into "{spell:acc}" by fill_template (core/wording.hpp); empty for most texts.
    std::map<std::string, std::string, std::less<>> pl_cases;

    LocalizedText() = default;
    LocalizedText(std::string both) : pl(both), en(std::move(both)) {}  // names, numbers
    LocalizedText(const char* both) : LocalizedText(std::string(both)) {}
    LocalizedText(std::string polish, std::string english) : pl(std::move(polish)), en(std::move(english)) {}

    const std::string& in(std::string_view language) const { return language == "en" ? en : pl; }
    // The Polish form for a grammatical case, the nominative when none is given.
    const std::string& pl_case(std::string_view grammatical_case) const {
        const auto it = pl_cases.find(grammatical_case);
        return it != pl_cases.end() ? it->second : pl;
    }
};

}  // namespace czary
