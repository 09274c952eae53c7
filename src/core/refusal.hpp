#pragma once
// A refused action: a stable code, the rule that forbids it, and words for the player.
#include <map>
#include <stdexcept>
#include <string>

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
    Refused(std::string code_, std::string rule_, Args args_ = {})
        : std::runtime_error(code_), code(std::move(code_)), rule(std::move(rule_)), args(std::move(args_)) {}
};

}  // namespace czary
