#pragma once
// A refused action: a stable code, the rule that forbids it, and words for the player.
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/localized_text.hpp"

namespace czary {

struct Refusal {
    std::string code;   // stable, e.g. "not_second_rank"
    std::string rule;   // e.g. "10.4"
    std::string pl;
    std::string en;
};

// Thrown by the rules while applying an action; the session turns it into a result and
// keeps the state as it was.
struct Refused : std::runtime_error {
    std::string code;
    std::string rule;
    Args args;  // filled into the message templates
    Refused(std::string code_, std::string rule_, Args args_)
        : std::runtime_error(code_), code(std::move(code_)), rule(std::move(rule_)), args(std::move(args_)) {}
    // What nearly every rule throws: a code and a rule as written, and up to three named values
    // (out of line, core/refusal.cpp: a call where each is thrown, not a copy of the building).
    Refused(std::string_view code_, std::string_view rule_);
    Refused(std::string_view code_, std::string_view rule_, const char* name, ArgRef value);
    Refused(std::string_view code_, std::string_view rule_, const char* name1, ArgRef value1, const char* name2, ArgRef value2);
    Refused(std::string_view code_, std::string_view rule_, const char* name1, ArgRef value1, const char* name2, ArgRef value2,
            const char* name3, ArgRef value3);
};

// Refuses: throws Refused(...). One call where a rule refuses; the exception is made out of line
// (core/refusal.cpp), not where each of the rules' 150 refusals is written.
[[noreturn]] void refuse(std::string_view code, std::string_view rule);
[[noreturn]] void refuse(std::string_view code, std::string_view rule, const char* name, ArgRef value);
[[noreturn]] void refuse(std::string_view code, std::string_view rule, const char* name1, ArgRef value1, const char* name2,
                         ArgRef value2);
[[noreturn]] void refuse(std::string_view code, std::string_view rule, const char* name1, ArgRef value1, const char* name2,
                         ArgRef value2, const char* name3, ArgRef value3);
[[noreturn]] void refuse(std::string_view code, std::string_view rule, const Args& args);

}  // namespace czary
