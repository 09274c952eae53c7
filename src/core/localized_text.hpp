#pragma once
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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
    // All the forms at once (the ones set before are replaced): one map, not a copy per form.
    void set_pl_cases(Cases cases) {
        if (cases.empty()) cases_.reset();
        else cases_ = std::make_shared<const Cases>(std::move(cases));
    }
    // One form added to those set: a copy of the map (it is shared), so names are made with
    // set_pl_cases where they have several.
    void set_pl_case(std::string grammatical_case, std::string form) {
        Cases cases = pl_cases();
        cases[std::move(grammatical_case)] = std::move(form);
        set_pl_cases(std::move(cases));
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

// The values filled into a message template by name ("{figure}", "{spell:acc}"; core/wording.hpp).
// A handful per message in a flat list, not a tree: a line of the log keeps its values until its
// words are first read, and a tree of them cost an allocation per value.
// One value for a message's template as a rule has it at hand (a name, an id, a number's words):
// referred to, not copied, until the message's Args are made out of line. Building Args from a
// braced list where each refusal or line of the log is written was most of that line's code,
// with the clean-up of each half-built value: about 9 KB of the gzipped wasm for the rules' 238.
class ArgRef {
public:
    ArgRef(const LocalizedText& text) : text_(&text) {}
    ArgRef(const std::string& text) : plain_(text) {}
    ArgRef(const char* text) : plain_(text) {}
    ArgRef(std::string_view text) : plain_(text) {}
    LocalizedText value() const;

private:
    const LocalizedText* text_ = nullptr;
    std::string_view plain_;
};

class Args {
public:
    using Value = std::pair<std::string, LocalizedText>;

    Args() = default;
    Args(std::initializer_list<Value> values) : values_(values) {}
    // One to three named values (core/localized_text.cpp): what nearly every message has.
    Args(const char* name, ArgRef value);
    Args(const char* name1, ArgRef value1, const char* name2, ArgRef value2);
    Args(const char* name1, ArgRef value1, const char* name2, ArgRef value2, const char* name3, ArgRef value3);

    // The value of a name, or none (the first given when a name is given twice).
    const LocalizedText* find(std::string_view name) const {
        for (const auto& [given, value] : values_)
            if (given == name) return &value;
        return nullptr;
    }
    // The value of a name, added (empty) where there is none.
    LocalizedText& operator[](std::string_view name) {
        for (auto& [given, value] : values_)
            if (given == name) return value;
        return values_.emplace_back(std::string(name), LocalizedText{}).second;
    }

private:
    std::vector<Value> values_;
};

}  // namespace czary
