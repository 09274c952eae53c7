#pragma once
#include <string>
#include <string_view>

namespace czary {

// Words in both languages of the app: Polish first, English too.
struct LocalizedText {
    std::string pl;
    std::string en;

    LocalizedText() = default;
    LocalizedText(std::string both) : pl(both), en(std::move(both)) {}  // names, numbers
    LocalizedText(const char* both) : LocalizedText(std::string(both)) {}
    LocalizedText(std::string polish, std::string english) : pl(std::move(polish)), en(std::move(english)) {}

    const std::string& in(std::string_view language) const { return language == "en" ? en : pl; }
};

}  // namespace czary
