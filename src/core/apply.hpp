#pragma once
// The game as a pure function: (state, action) -> new state + log entries, or a refusal that
// changes nothing. Actions are the structs of core/actions.hpp (JSON objects {"type": ..., ...} in
// files; docs/actions.md lists them).
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/actions.hpp"
#include "core/dice.hpp"
#include "core/game_data.hpp"
#include "core/refusal.hpp"
#include "core/state.hpp"

namespace czary {

// A line of the log: its message (data/messages.json "log.<key>"), the rule it applies and the
// values its words are filled with. The words are filled when first read, not when the action is
// applied: a replayed file of thousands of actions shows a page of them, and filling both
// languages' texts and short forms for every line was a third of a replay's time in wasm.
class LogEntry {
public:
    LogEntry(std::string key_, std::string rule_, Args args, const GameData& data)
        : key(std::move(key_)), rule(std::move(rule_)), args_(std::move(args)), data_(&data) {}

    std::string key;   // message key in data/messages.json
    std::string rule;  // rule number it applies, "" if none

    const LocalizedText& text() const { return words().text; }
    // Its short form for a glance ("Troll 1 nie odpiera (5 > 3)."), where messages.json gives
    // one under "log.<key>.brief"; empty otherwise. Not written to files: the text is the record.
    const LocalizedText& brief() const { return words().brief; }

private:
    struct Words {
        LocalizedText text, brief;
    };
    const Words& words() const;

    Args args_;
    const GameData* data_;  // outlives the entry, as it outlives the session that holds it
    // Filled once, then shared by the entry's copies; the core runs on one thread.
    mutable std::shared_ptr<const Words> words_;
};

// What applying an action gave. Not the state itself: the session changes its own in place, and
// an empty GameState built and destroyed with every result cost a replay 3-4% of its time.
struct ApplyResult {
    bool ok = false;
    std::vector<LogEntry> log;
    std::vector<RollRecord> rolls;
    nlohmann::json outcome;         // what happened, for the interface (who resisted, wounds, deaths); null when nothing
    TalkOutcome talk = TalkOutcome::None;  // a negotiation's or a bribe's result, typed
    Refusal refusal;                // when !ok
};

// (state, action) -> the next state (the same one when refused) and what happened.
struct Applied {
    GameState state;
    ApplyResult result;
};
Applied apply_action(const GameState& state, const nlohmann::json& action, const GameData& data);

// The typed action applied where `state` is (std::visit chooses its handler). After a refusal
// `state` may be half-changed and must be restored by the caller (the session replays from a
// checkpoint): this saves copying the whole state for every action.
ApplyResult apply_in_place(GameState& state, const Action& action, const GameData& data);

// The boundary (a file, the page hook, the CLI, the network): JSON read into the typed action
// once, or the refusal the rules give what is not an action (bad_action, unknown_action,
// bad_dice, too_many_dice).
std::variant<Action, Refusal> read_action(const nlohmann::json& action, const GameData& data);

// The same for JSON read at the boundary (read_action), changing `state` where it is.
ApplyResult apply_in_place(GameState& state, const nlohmann::json& action, const GameData& data);

// An action's text that does not read (not JSON, past the limits of one action): refused as
// "invalid_action" with what was wrong, in the words of the reader. The page's tools and the live
// table's host answer it the same.
ApplyResult invalid_action(const std::string& what);

// Refusal words for a code (data/messages.json "refuse.<code>").
Refusal make_refusal(const Refused& refused, const GameData& data);

// The action types the rules know.
std::vector<std::string> action_types();

}  // namespace czary
