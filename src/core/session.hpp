#pragma once
// A session: where it started, every action applied since, undo and redo of any number of
// steps, and its file. The state is always the replay of the applied actions, so a file
// (start + seed + actions) replays to an identical state.
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/actions.hpp"
#include "core/apply.hpp"

namespace czary {

inline constexpr const char* session_format = "czary-session";
inline constexpr int session_version = 1;

// Limits of a session, far above any real game (a long evening at the table is a few thousand
// actions and a few dozen figures); docs/session-format.md "Limits". A file past one is refused
// on load with a DataError naming the limit; in play, an action that would pass one is refused
// (codes "session_too_long" and "too_many_figures"), so a session that was saved always loads.
// The file's size, nesting and text lengths: session_file_limits (core/json_input.hpp).
// The figures are few enough that a step, an undo and a refusal stay well under a millisecond or
// two on a phone: checkpoints are max(64, figures) steps apart, and 9.1 re-sorts the monsters.
inline constexpr std::size_t max_session_actions = 50000;   // steps, the redo steps included
inline constexpr std::size_t max_session_figures = 250;     // figures in the state, on the board or not
inline constexpr std::size_t max_session_meta_bytes = 64 * 1024;  // "meta" as written by to_json
// Refused actions a file may hold (a session saves only accepted ones; a hand-made scenario shows
// a few): each costs a copy of the state, and a link of 50,000 would freeze a phone.
inline constexpr std::size_t max_file_refusals = 1000;
// Room the session file keeps under session_file_limits.max_bytes for what an export adds to
// `meta` (the session's name, meta.name: 200 bytes, written with escapes at most 1,200).
inline constexpr std::size_t session_file_reserve_bytes = 4 * 1024;

struct SessionStep {
    Action action;
    // The action's text in the file: the value as it came, written compactly (keys sorted, invalid
    // UTF-8 replaced; a field this version does not know, written by a newer one, is kept), or
    // to_json of a typed action. Replays use `action`. Kept as text, not as a JSON value: a
    // 50,000-step session holds 2 MB of it where the values took 20, and a save joins the texts.
    std::string written;
    // Who sent it at a live table: the action's "player" (the host's, docs/table-protocol.md; the
    // rules do not read it), "" elsewhere. Read once here: the log shows it on every row it draws.
    std::string player;
    std::vector<LogEntry> log;
    std::vector<RollRecord> rolls;
    TalkOutcome talk = TalkOutcome::None;  // a negotiation's or a bribe's result

    SessionStep() = default;
    // Built where it is kept (steps_.emplace_back): each part moved in once, not into a
    // temporary first and then again into the vector.
    SessionStep(Action&& action_, std::string&& written_, std::string&& player_, std::vector<LogEntry>&& log_,
                std::vector<RollRecord>&& rolls_, TalkOutcome talk_)
        : action(std::move(action_)), written(std::move(written_)), player(std::move(player_)), log(std::move(log_)),
          rolls(std::move(rolls_)), talk(talk_) {}
};

// One action of a replayed file and what became of it.
struct ReplayEntry {
    std::size_t index = 0;
    nlohmann::json action;
    ApplyResult result;
};

class Session {
public:
    explicit Session(GameState start = {}, const GameData& data = GameData::builtin());
    static Session with_seed(std::uint64_t seed, const GameData& data = GameData::builtin());

    const GameState& state() const { return current_; }
    const GameState& start() const { return start_; }
    const std::vector<SessionStep>& steps() const { return steps_; }
    std::size_t position() const { return position_; }  // steps applied; the rest can be redone

    // Applies an action; on success it becomes the newest step and the redo steps are dropped.
    // The new state is state(); the result's own state is left empty. A refusal restores the
    // state from a copy kept at the head (made by the first refusal after a step, from at most
    // max(64, max_session_figures) steps back), so it costs no more, however long the session.
    // Refused too, with nothing changed: an action past action_limits (it would not read back
    // from a file), or one that would make the session file larger than session_file_limits
    // allows (session_too_large), or the session longer or more crowded than the limits above.
    ApplyResult apply(const Action& action);
    // The same for JSON at the boundary (a file, the page hook, the CLI, the network): read into
    // the typed action once (read_action); what is not an action is refused as the rules refuse
    // it (bad_action, unknown_action, ...), and one past action_limits as action_too_large.
    ApplyResult apply(const nlohmann::json& action);
    bool can_undo() const { return position_ > 0; }
    bool can_redo() const { return position_ < steps_.size(); }
    bool undo(std::size_t count = 1);
    bool redo(std::size_t count = 1);

    // The session file: to_text() is its text (JSON without spaces, what a save writes), to_json()
    // the same read back as a JSON value.
    std::string to_text() const { return to_text(meta_); }
    nlohmann::json to_json() const;
    // The same text with another `meta` (an export's, with the session's name).
    std::string to_text(const nlohmann::json& meta) const;
    const nlohmann::json& meta() const { return meta_; }
    // The size of to_text() at most once the redo steps are dropped (as the next step drops
    // them; while they remain, the text is longer), kept as steps are applied.
    std::size_t file_bytes() const { return base_bytes_ + action_bytes_[position_]; }
    // The actions of the file it was read from that the rules refused (left out of its steps; a
    // file may hold up to max_file_refusals); 0 for a session made in play.
    std::size_t refused_in_file() const { return refused_in_file_; }
    // How many times the rules were asked to apply an action (applied, refused, replayed by an
    // undo or a redo): what a step costs, counted, for the tests and the benchmark.
    std::size_t actions_run() const { return actions_run_; }
    // Checks format, version and the limits above and replays; refused actions are left out
    // and reported. Throws DataError saying exactly what is wrong with the file.
    static Session from_json(const nlohmann::json& json, std::vector<ReplayEntry>* report = nullptr,
                             const GameData& data = GameData::builtin());
    // The same from a value the caller gives up: without a report, each action's value is
    // released once read (the caller's value is left with its actions null).
    static Session from_json(nlohmann::json&& json, std::vector<ReplayEntry>* report = nullptr,
                             const GameData& data = GameData::builtin());
    // The same from the file's text, read with session_file_limits (size, nesting, text length).
    static Session from_text(std::string_view text, std::vector<ReplayEntry>* report = nullptr,
                             const GameData& data = GameData::builtin());

private:
    static constexpr std::size_t checkpoint_every = 64;  // steps, at least (checkpoint_due)
    struct Checkpoint {
        std::size_t step;  // the state after this many steps
        GameState state;
    };
    bool checkpoint_due(std::size_t step, const GameState& state) const;
    void rebuild_to(std::size_t position);
    void measure_base();
    void restore_head();
    ApplyResult refused(const char* code, const char* rule, Args parts) const;
    ApplyResult action_too_large() const;
    // "session_too_long" once the session holds max_session_actions steps; checked first by both entries.
    std::optional<ApplyResult> full() const;
    // The JSON entry's work. `spent`: the same value as `action`, no longer needed by the caller
    // (a file's replay), released as soon as it is read. `whole_result`: false when the caller
    // reads only `ok` (a file's replay without a report): the log, the rolls and the outcome then
    // move into the step instead of being copied there.
    ApplyResult apply_json(const nlohmann::json& action, nlohmann::json* spent, bool whole_result);
    // `written`: the action's text as the file will hold it; `player`: SessionStep::player.
    ApplyResult apply(Action action, std::string written, std::string player, bool whole_result);
    // from_json's work; `owned`: the same value as `json`, which the caller drops afterwards
    // (from_text's parse, from_json's given-up value), so each action's value is released once
    // it is read.
    static Session replay(const nlohmann::json& json, nlohmann::json* owned, std::vector<ReplayEntry>* report,
                          const GameData& data);

    const GameData* data_;
    GameState start_;
    GameState current_;
    std::vector<SessionStep> steps_;
    std::size_t position_ = 0;
    std::vector<Checkpoint> checkpoints_;  // by step; the first is the start (step 0)
    std::optional<Checkpoint> head_;       // the state at position_, kept by a refusal
    nlohmann::json meta_ = nlohmann::json::object();
    std::size_t base_bytes_ = 0;  // the file with no actions, its position at the most digits
    std::vector<std::size_t> action_bytes_{0};  // [i]: the first i steps' actions, a comma each
    std::size_t actions_run_ = 0;
    std::size_t refused_in_file_ = 0;
};

nlohmann::json log_entry_to_json(const LogEntry& entry);
nlohmann::json roll_to_json(const RollRecord& roll);
nlohmann::json result_to_json(const ApplyResult& result);

}  // namespace czary
