#include "core/session.hpp"

#include <algorithm>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/state_json.hpp"

namespace czary {

Session::Session(GameState start, const GameData& data)
    : data_(&data), start_(std::move(start)), current_(start_), checkpoints_{{0, start_}} {}

Session Session::with_seed(std::uint64_t seed, const GameData& data) {
    GameState start;
    start.rng.state = seed;
    return Session(start, data);
}

ApplyResult Session::apply(const nlohmann::json& action) {
    // The limits a file is read with hold in play too: what was saved always loads again.
    if (position_ >= max_session_actions) {
        ApplyResult refused;
        refused.refusal = make_refusal(Refused("session_too_long", "", {{"limit", LocalizedText{std::to_string(max_session_actions), std::to_string(max_session_actions)}}}), *data_);
        return refused;
    }
    ApplyResult result = apply_in_place(current_, action, *data_);
    if (result.ok && current_.figures.size() > max_session_figures) {
        result = {};
        result.refusal = make_refusal(Refused("too_many_figures", "", {{"limit", LocalizedText{std::to_string(max_session_figures), std::to_string(max_session_figures)}}}), *data_);
    }
    if (!result.ok) {
        rebuild_to(position_);  // undo whatever the refused action had begun to change
        return result;
    }
    steps_.resize(position_);
    while (checkpoints_.back().step > position_) checkpoints_.pop_back();  // states of dropped redo steps
    steps_.push_back({action, result.log, result.rolls, result.outcome});
    ++position_;
    if (checkpoint_due(position_, current_)) checkpoints_.push_back({position_, current_});
    return result;
}

ApplyResult Session::apply(const Action& action) { return apply(czary::to_json(action)); }

bool Session::checkpoint_due(std::size_t step, const GameState& state) const {
    // Every 64 steps; with many figures further apart, so that the copies together hold about as
    // many figures as the session has steps (5,000 figures and 50,000 steps would otherwise keep
    // 780 copies of 5,000 figures, some 2 GB). A refused action replays at most that far.
    const std::size_t every = std::max(checkpoint_every, state.figures.size());
    return step >= checkpoints_.back().step + every;
}

void Session::rebuild_to(std::size_t position) {
    // The last checkpoint at or before `position`; the first one (step 0) always is.
    auto checkpoint = std::upper_bound(checkpoints_.begin(), checkpoints_.end(), position,
                                       [](std::size_t step, const Checkpoint& c) { return step < c.step; });
    --checkpoint;
    GameState state = checkpoint->state;
    for (std::size_t i = checkpoint->step; i < position; ++i) {
        apply_in_place(state, steps_[i].action, *data_);
        if (i + 1 > checkpoints_.back().step && checkpoint_due(i + 1, state)) checkpoints_.push_back({i + 1, state});
    }
    current_ = std::move(state);
    position_ = position;
}

bool Session::undo(std::size_t count) {
    if (count == 0 || count > position_) return false;
    rebuild_to(position_ - count);
    return true;
}

bool Session::redo(std::size_t count) {
    if (count == 0 || position_ + count > steps_.size()) return false;
    rebuild_to(position_ + count);
    return true;
}

nlohmann::json Session::to_json() const {
    nlohmann::json actions = nlohmann::json::array();
    for (const auto& step : steps_) actions.push_back(step.action);
    return {
        {"format", session_format},
        {"version", session_version},
        {"meta", meta_},
        {"start", state_to_json(start_)},
        {"actions", std::move(actions)},
        {"position", position_},
    };
}

namespace {

// What a file may hold before anything is built from it (the actions are counted where they are
// read). Meta is kept as it is and written back with every save, so its size counts as saved.
void check_size_limits(const nlohmann::json& json) {
    if (json.contains("start") && json.at("start").is_object() && json.at("start").contains("figures")) {
        const auto& figures = json.at("start").at("figures");
        if (figures.is_array() && figures.size() > max_session_figures)
            throw DataError("session: the start state has " + std::to_string(figures.size()) + " figures, more than the " +
                            std::to_string(max_session_figures) + " a session may have");
    }
    if (json.contains("meta") && json.at("meta").is_object()) {
        const std::size_t bytes = json.at("meta").dump().size();
        if (bytes > max_session_meta_bytes)
            throw DataError("session: 'meta' is " + std::to_string(bytes / 1024) + " KB, more than the " +
                            std::to_string(max_session_meta_bytes / 1024) + " KB a session may carry");
    }
}

}  // namespace

Session Session::from_json(const nlohmann::json& json, std::vector<ReplayEntry>* report, const GameData& data) {
    if (!json.is_object()) throw DataError("session: the file is not a JSON object", DataError::Kind::NotCzary);
    if (!json.contains("format")) throw DataError("session: 'format' is missing (expected \"czary-session\")", DataError::Kind::NotCzary);
    if (json.at("format") != session_format)
        throw DataError("session: 'format' is " + json.at("format").dump() + ", expected \"czary-session\"", DataError::Kind::NotCzary);
    if (!json.contains("version") || !json.at("version").is_number_integer())
        throw DataError("session: 'version' is missing or not a whole number");
    // As written (4294967297 is not 1): the number itself in the messages.
    const auto& version = json.at("version");
    if (!exact_integer(version, INT64_MIN, session_version))
        throw DataError("session: version " + version.dump() + " is newer than this program reads (" +
                        std::to_string(session_version) + ")",
                        DataError::Kind::Newer);
    if (!exact_integer(version, 1, session_version)) throw DataError("session: version " + version.dump() + " is not valid");
    check_size_limits(json);
    GameState start = json.contains("start") ? state_from_json(json.at("start"), data) : GameState{};
    if (json.contains("seed")) {
        const auto& seed = json.at("seed");
        if (seed.is_number_unsigned()) start.rng.state = seed.get<std::uint64_t>();
        else if (seed.is_string()) {
            const std::string text = seed.get<std::string>();
            if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
                throw DataError("session: 'seed' must be a whole number");
            try {
                start.rng.state = std::stoull(text);
            } catch (const std::exception&) {
                throw DataError("session: 'seed' must be a whole number");
            }
        } else throw DataError("session: 'seed' must be a whole number");
    }
    static const nlohmann::json no_actions = nlohmann::json::array();
    const nlohmann::json& actions = json.contains("actions") ? json.at("actions") : no_actions;  // not copied
    if (!actions.is_array()) throw DataError("session: 'actions' must be a list");
    if (actions.size() > max_session_actions)
        throw DataError("session: " + std::to_string(actions.size()) + " actions, more than the " +
                        std::to_string(max_session_actions) + " a session may have");
    std::size_t position = actions.size();
    if (json.contains("position")) {
        // Read as written: in wasm a size_t is 32 bits, and 4294967297 would become 1.
        const auto written = exact_integer(json.at("position"), 0, static_cast<std::int64_t>(actions.size()));
        if (!written) throw DataError("session: 'position' must be a number from 0 to the number of actions");
        position = static_cast<std::size_t>(*written);
    }

    Session session(start, data);
    if (json.contains("meta") && json.at("meta").is_object()) session.meta_ = json.at("meta");
    std::size_t accepted_before_position = 0;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        ApplyResult result = session.apply(actions[i]);
        if (result.ok && i < position) ++accepted_before_position;
        if (report) {
            result.state = {};
            report->push_back({i, actions[i], std::move(result)});
        }
    }
    session.undo(session.position_ - accepted_before_position);
    return session;
}

Session Session::from_text(std::string_view text, std::vector<ReplayEntry>* report, const GameData& data) {
    return from_json(parse_json_input(text, session_file_limits, "session"), report, data);
}

nlohmann::json log_entry_to_json(const LogEntry& entry) {
    return {{"key", entry.key}, {"rule", entry.rule}, {"pl", entry.text.pl}, {"en", entry.text.en}};
}

nlohmann::json roll_to_json(const RollRecord& roll) {
    return {{"purpose", roll.purpose}, {"figure", roll.figure}, {"code", roll.code},
            {"pips", roll.pips}, {"total", roll.total}, {"source", roll.source}};
}

nlohmann::json result_to_json(const ApplyResult& result) {
    nlohmann::json json = {{"ok", result.ok}};
    if (!result.ok) {
        json["refusal"] = {{"code", result.refusal.code}, {"rule", result.refusal.rule},
                           {"pl", result.refusal.pl}, {"en", result.refusal.en}};
        return json;
    }
    json["log"] = nlohmann::json::array();
    for (const auto& entry : result.log) json["log"].push_back(log_entry_to_json(entry));
    json["rolls"] = nlohmann::json::array();
    for (const auto& roll : result.rolls) json["rolls"].push_back(roll_to_json(roll));
    json["outcome"] = result.outcome;
    return json;
}

}  // namespace czary
