#pragma once
#include <map>
#include <stdexcept>
#include <string>

namespace czary {

// A data file (spells, heroes, strings, a session) that cannot be used as it is. what() is the
// technical detail, in English (for tools and bug reports); `kind` is what the player is told,
// in their language, through data/i18n "problem.<kind>" (data_problem_key), with `parts` filled
// in: a broken limit names the limit and what was found ("found", "max"), so that the player is
// told which limit it was, not only that something is wrong.
struct DataError : std::runtime_error {
    enum class Kind {
        Damaged,
        NotJson,
        TooLarge,        // the text's size: found, max (KB)
        TooDeep,         // nesting: max (levels)
        TextTooLong,     // one string or key: max (bytes)
        TooManyItems,    // one list or object: max (entries)
        TooManyActions,  // a session's actions: found, max
        TooManyFigures,  // a start state's figures: found, max
        MetaTooLarge,    // a session's meta: found, max (KB)
        TooManyRefusals, // a session file's refused actions: max
        NotCzary,
        Newer,
    };
    Kind kind = Kind::Damaged;
    std::map<std::string, std::string> parts;
    explicit DataError(const std::string& detail, Kind kind_ = Kind::Damaged, std::map<std::string, std::string> parts_ = {})
        : std::runtime_error(detail), kind(kind_), parts(std::move(parts_)) {}
};

// What was wrong with a text that did not read (a stored entry, a deleted copy): the same three
// facts as a DataError, kept where no exception is thrown.
struct DataProblem {
    std::string detail;
    DataError::Kind kind = DataError::Kind::Damaged;
    std::map<std::string, std::string> parts;

    static DataProblem of(const DataError& error) { return {error.what(), error.kind, error.parts}; }
};

// "problem.damaged", "problem.not_json", …: the key of the player's words for a kind.
inline const char* data_problem_key(DataError::Kind kind) {
    switch (kind) {
        case DataError::Kind::NotJson: return "problem.not_json";
        case DataError::Kind::TooLarge: return "problem.too_large";
        case DataError::Kind::TooDeep: return "problem.too_deep";
        case DataError::Kind::TextTooLong: return "problem.text_too_long";
        case DataError::Kind::TooManyItems: return "problem.too_many_items";
        case DataError::Kind::TooManyActions: return "problem.too_many_actions";
        case DataError::Kind::TooManyFigures: return "problem.too_many_figures";
        case DataError::Kind::MetaTooLarge: return "problem.meta_too_large";
        case DataError::Kind::TooManyRefusals: return "problem.too_many_refusals";
        case DataError::Kind::NotCzary: return "problem.not_czary";
        case DataError::Kind::Newer: return "problem.newer";
        case DataError::Kind::Damaged: break;
    }
    return "problem.damaged";
}

// Is it a limit of the program (the data may be whole, only too much of it), not damage?
inline bool is_limit(DataError::Kind kind) {
    switch (kind) {
        case DataError::Kind::TooLarge:
        case DataError::Kind::TooDeep:
        case DataError::Kind::TextTooLong:
        case DataError::Kind::TooManyItems:
        case DataError::Kind::TooManyActions:
        case DataError::Kind::TooManyFigures:
        case DataError::Kind::MetaTooLarge:
        case DataError::Kind::TooManyRefusals: return true;
        default: return false;
    }
}

}  // namespace czary
