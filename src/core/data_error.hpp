#pragma once
#include <stdexcept>
#include <string>

namespace czary {

// A data file (spells, heroes, strings, a session) that cannot be used as it is. what() is the
// technical detail, in English (for tools and bug reports); `kind` is what the player is told,
// in their language, through data/i18n "problem.<kind>" (data_problem_key).
struct DataError : std::runtime_error {
    enum class Kind { Damaged, NotJson, TooLarge, TooDeep, NotCzary, Newer };
    Kind kind = Kind::Damaged;
    explicit DataError(const std::string& detail, Kind kind_ = Kind::Damaged) : std::runtime_error(detail), kind(kind_) {}
};

// "problem.damaged", "problem.not_json", …: the key of the player's words for a kind.
inline const char* data_problem_key(DataError::Kind kind) {
    switch (kind) {
        case DataError::Kind::NotJson: return "problem.not_json";
        case DataError::Kind::TooLarge: return "problem.too_large";
        case DataError::Kind::TooDeep: return "problem.too_deep";
        case DataError::Kind::NotCzary: return "problem.not_czary";
        case DataError::Kind::Newer: return "problem.newer";
        case DataError::Kind::Damaged: break;
    }
    return "problem.damaged";
}

}  // namespace czary
