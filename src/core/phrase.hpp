#pragma once
// A sentence for the player that is not in any language yet: the key of its text in
// data/i18n/{pl,en}.json and the parts filled into it. Code below the interface (the session
// store, the platform) says what happened with a Phrase; the interface translates it
// (controller: words()), so every player-facing text has one place per language.
#include <map>
#include <string>

namespace czary {

struct Phrase {
    std::string key;
    // "{name}" in the text gets the part as it is (a session's name, a storage key, a number).
    std::map<std::string, std::string> parts{};
    // "{problem}" gets the text of another key, in the same language ("problem.not_json").
    std::map<std::string, std::string> keyed_parts{};
};

}  // namespace czary
