#include "core/session.hpp"

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/state_json.hpp"

namespace czary {

Session::Session(GameState start, const GameData& data)
    : data_(&data), start_(std::move(start)), current_(start_), checkpoints_{start_} {}

Session Session::with_seed(std::uint64_t seed, const GameData& data) {
    GameState start;
    start.rng.state = seed;
    return Session(start, data);
}

ApplyResult Session::apply(const nlohmann::json& action) {
    ApplyResult result = apply_in_place(current_, action, *data_);
    if (!result.ok) {
        rebuild_to(position_);  // undo whatever the refused action had begun to change
        return result;
    }
    steps_.resize(position_);
    checkpoints_.resize(position_ / checkpoint_every + 1);
    steps_.push_back({action, result.log, result.rolls, result.outcome});
    ++position_;
    if (position_ % checkpoint_every == 0) checkpoints_.push_back(current_);
    return result;
}

void Session::rebuild_to(std::size_t position) {
    const std::size_t checkpoint = std::min(position / checkpoint_every, checkpoints_.size() - 1);
    GameState state = checkpoints_[checkpoint];
    for (std::size_t i = checkpoint * checkpoint_every; i < position; ++i) {
        apply_in_place(state, steps_[i].action, *data_);
        if ((i + 1) % checkpoint_every == 0 && checkpoints_.size() == (i + 1) / checkpoint_every)
            checkpoints_.push_back(state);
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

Session Session::from_json(const nlohmann::json& json, std::vector<ReplayEntry>* report, const GameData& data) {
    if (!json.is_object()) throw DataError("session: the file is not a JSON object");
    if (!json.contains("format")) throw DataError("session: 'format' is missing (expected \"czary-session\")");
    if (json.at("format") != session_format)
        throw DataError("session: 'format' is " + json.at("format").dump() + ", expected \"czary-session\"");
    if (!json.contains("version") || !json.at("version").is_number_integer())
        throw DataError("session: 'version' is missing or not a whole number");
    // As written (4294967297 is not 1): the number itself in the messages.
    const auto& version = json.at("version");
    if (!exact_integer(version, INT64_MIN, session_version))
        throw DataError("session: version " + version.dump() + " is newer than this program reads (" +
                        std::to_string(session_version) + ")");
    if (!exact_integer(version, 1, session_version)) throw DataError("session: version " + version.dump() + " is not valid");
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
    const auto actions = json.value("actions", nlohmann::json::array());
    if (!actions.is_array()) throw DataError("session: 'actions' must be a list");
    std::size_t position = actions.size();
    if (json.contains("position")) {
        if (!json.at("position").is_number_unsigned() || json.at("position").get<std::size_t>() > actions.size())
            throw DataError("session: 'position' must be a number from 0 to the number of actions");
        position = json.at("position").get<std::size_t>();
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
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded()) throw DataError("session: the file is not valid JSON");
    return from_json(json, report, data);
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
