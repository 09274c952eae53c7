#pragma once
#include <map>
#include <memory>
#include <string>
#include <string_view>

namespace czary {

// Words in both languages of the app: Polish first, English too.
struct LocalizedText {
    using Cases = std::map<std::string, std::string, std::less<>>;

    std::string pl;
    std::string en;

    LocalizedText() = default;
    LocalizedText(std::string both) : pl(both), en(std::move(both)) {}  // names, numbers
    LocalizedText(const char* both) : LocalizedText(std::string(both)) {}
    LocalizedText(std::string polish, std::string english) : pl(std::move(polish)), en(std::move(english)) {}

    const std::string& in(std::string_view language) const { return language == "en" ? en : pl; }
    // Polish case forms of a name used inside sentences ("acc": "Błyskawicę", "gen": "Błyskawicy")
    // and its "gender", filled into "{spell:acc}" by fill_template (core/wording.hpp); empty for
    // most texts.
    const Cases& pl_cases() const {
        static const Cases none;
        return cases_ ? *cases_ : none;
    }
    void set_pl_case(std::string grammatical_case, std::string form) {
        auto cases = cases_ ? std::make_shared<Cases>(*cases_) : std::make_shared<Cases>();
        (*cases)[std::move(grammatical_case)] = std::move(form);
        cases_ = std::move(cases);
    }
    // The Polish form for a grammatical case, the nominative when none is given.
    const std::string& pl_case(std::string_view grammatical_case) const {
        const auto it = pl_cases().find(grammatical_case);
        return it != pl_cases().end() ? it->second : pl;
    }

private:
    // Shared by the copies, never changed in place (set_pl_case makes a new one): a figure's name
    // is copied into every line of the log that names it, and a copy of the forms was a tree of
    // strings (16% of a replay's allocations).
    std::shared_ptr<const Cases> cases_;
};

}  // namespace czary
