#include "core/session.hpp"

#include <algorithm>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/queries.hpp"
#include "core/state_json.hpp"

namespace czary {
namespace {

// A limit in a refusal's words.
LocalizedText number(std::size_t n) { return {std::to_string(n), std::to_string(n)}; }

}  // namespace

Session::Session(GameState start, const GameData& data)
    : data_(&data), start_(std::move(start)), current_(start_), checkpoints_{{0, start_}} {
    measure_base();
}

Session Session::with_seed(std::uint64_t seed, const GameData& data) {
    GameState start;
    start.rng.state = seed;
    return Session(start, data);
}

void Session::measure_base() {
    nlohmann::json empty = nlohmann::json::object();
    empty["format"] = session_format;
    empty["version"] = session_version;
    empty["meta"] = meta_;
    empty["start"] = state_to_json(start_);
    empty["actions"] = nlohmann::json::array();
    empty["position"] = max_session_actions;
    base_bytes_ = compact_json_text(empty).size();
}

ApplyResult Session::refused(const char* code, const char* rule, Args parts) const {
    ApplyResult result;
    result.refusal = make_refusal(Refused(code, rule, std::move(parts)), *data_);
    return result;
}

std::optional<ApplyResult> Session::full() const {
    if (position_ < max_session_actions) return std::nullopt;
    return refused("session_too_long", "", {{"limit", number(max_session_actions)}});
}

ApplyResult Session::apply(const nlohmann::json& action) { return apply_json(action, nullptr, true); }

ApplyResult Session::apply_json(const nlohmann::json& action, nlohmann::json* spent, bool whole_result) {
    if (auto refusal = full()) return *refusal;  // before the action is read: a full session takes none
    std::string written;
    try {
        written = checked_json_text(action, action_limits, "action");
    } catch (const DataError&) {
        return action_too_large();
    }
    auto read = read_action(action, *data_);
    std::string player;
    if (const auto field = action.find("player"); field != action.end() && field->is_string()) player = field->get<std::string>();
    if (spent) release_json(*spent);  // `action` is not read after this
    if (auto* refusal = std::get_if<Refusal>(&read)) {
        ApplyResult result;
        result.refusal = std::move(*refusal);
        return result;
    }
    return apply(std::move(std::get<Action>(read)), std::move(written), std::move(player), whole_result);
}

ApplyResult Session::action_too_large() const {
    return refused("action_too_large", "", {{"depth", number(action_limits.max_depth)}, {"text", number(action_limits.max_string_bytes)}});
}

ApplyResult Session::apply(const Action& action) {
    if (auto refusal = full()) return *refusal;
    std::string written;
    try {
        written = checked_json_text(czary::to_json(action), action_limits, "action");
    } catch (const DataError&) {
        return action_too_large();
    }
    return apply(action, std::move(written), "", true);
}

ApplyResult Session::apply(Action action, std::string written, std::string player, bool whole_result) {
    const std::size_t bytes = written.size();
    const std::size_t room = session_file_limits.max_bytes - session_file_reserve_bytes;
    if (base_bytes_ + action_bytes_[position_] + bytes + 1 > room)
        return refused("session_too_large", "", {{"limit", number(room / 1024)}});
    ++actions_run_;
    ApplyResult result = apply_in_place(current_, action, *data_);
    if (result.ok && current_.figures.size() > max_session_figures)
        result = refused("too_many_figures", "", {{"limit", number(max_session_figures)}});
    if (!result.ok) {
        restore_head();  // undo whatever the refused action had begun to change
        return result;
    }
    head_.reset();  // the state it kept is one step behind now
    steps_.resize(position_);
    action_bytes_.resize(position_ + 1);
    while (checkpoints_.back().step > position_) checkpoints_.pop_back();  // states of dropped redo steps
    if (whole_result)
        steps_.emplace_back(std::move(action), std::move(written), std::move(player), std::vector<LogEntry>(result.log),
                            std::vector<RollRecord>(result.rolls), result.talk);
    else
        steps_.emplace_back(std::move(action), std::move(written), std::move(player), std::move(result.log), std::move(result.rolls),
                            result.talk);
    action_bytes_.push_back(action_bytes_.back() + bytes + 1);
    ++position_;
    if (checkpoint_due(position_, current_)) checkpoints_.push_back({position_, current_});
    return result;
}

void Session::restore_head() {
    // The first refusal after a step replays from the last checkpoint (at most
    // max(checkpoint_every, max_session_figures) steps back) and keeps a copy of the head; a
    // refusal after that costs one copy of the state. Refused taps in a row, or a file of
    // thousands of refused actions, cost what checking them costs, however long the session.
    if (head_ && head_->step == position_) {
        current_ = head_->state;
        return;
    }
    rebuild_to(position_);
    head_ = Checkpoint{position_, current_};
}

bool Session::checkpoint_due(std::size_t step, const GameState& state) const {
    // Every 64 steps; with many figures further apart, so that the copies together hold about as
    // many figures as the session has steps. Figures are at most max_session_figures, so an undo
    // or a redo replays at most that many steps.
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
        ++actions_run_;
        apply_in_place(state, steps_[i].action, *data_);
        if (i + 1 > checkpoints_.back().step && checkpoint_due(i + 1, state)) checkpoints_.push_back({i + 1, state});
    }
    current_ = std::move(state);
    position_ = position;
}

bool Session::undo(std::size_t count) {
    if (count == 0 || count > position_) return false;
    head_.reset();
    rebuild_to(position_ - count);
    return true;
}

bool Session::redo(std::size_t count) {
    if (count == 0 || position_ + count > steps_.size()) return false;
    head_.reset();
    rebuild_to(position_ + count);
    return true;
}

std::string Session::to_text(const nlohmann::json& meta) const {
    // The file's keys in nlohmann::json's order (sorted: "actions" first), the steps' texts joined
    // into it as they are: {"actions":[...],"format":...,"meta":...,"position":...,"start":...}.
    nlohmann::json rest = nlohmann::json::object();
    rest["format"] = session_format;
    rest["version"] = session_version;
    rest["meta"] = meta;
    rest["start"] = state_to_json(start_);
    rest["position"] = position_;
    const std::string tail = compact_json_text(rest);
    std::string text;
    text.reserve(tail.size() + action_bytes_[steps_.size()] + 16);
    text += R"({"actions":[)";
    for (std::size_t i = 0; i < steps_.size(); ++i) {
        if (i > 0) text += ',';
        text += steps_[i].written;
    }
    text += "],";
    text.append(tail, 1);  // without its "{"
    return text;
}

nlohmann::json Session::to_json() const { return parse_own_json(to_text()).value(); }

namespace {

// What a file may hold before anything is built from it (the actions are counted where they are
// read). Meta is kept as it is and written back with every save, so its size counts as saved.
void check_size_limits(const nlohmann::json& json) {
    if (json.contains("start") && json.at("start").is_object() && json.at("start").contains("figures")) {
        const auto& figures = json.at("start").at("figures");
        if (figures.is_array() && figures.size() > max_session_figures)
            throw DataError("session: the start state has " + std::to_string(figures.size()) + " figures, more than the " +
                                std::to_string(max_session_figures) + " a session may have",
                            DataError::Kind::TooManyFigures,
                            {{"found", std::to_string(figures.size())}, {"max", std::to_string(max_session_figures)}});
    }
    if (json.contains("meta") && json.at("meta").is_object()) {
        const std::size_t bytes = json.at("meta").dump().size();
        if (bytes > max_session_meta_bytes)
            throw DataError("session: 'meta' is " + std::to_string(bytes / 1024) + " KB, more than the " +
                                std::to_string(max_session_meta_bytes / 1024) + " KB a session may carry",
                            DataError::Kind::MetaTooLarge,
                            {{"found", std::to_string((bytes + 1023) / 1024)}, {"max", std::to_string(max_session_meta_bytes / 1024)}});
    }
}

}  // namespace

Session Session::from_json(const nlohmann::json& json, std::vector<ReplayEntry>* report, const GameData& data) {
    return replay(json, nullptr, report, data);
}

Session Session::from_json(nlohmann::json&& json, std::vector<ReplayEntry>* report, const GameData& data) {
    return replay(json, &json, report, data);
}

Session Session::replay(const nlohmann::json& json, nlohmann::json* owned, std::vector<ReplayEntry>* report, const GameData& data) {
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
                            std::to_string(max_session_actions) + " a session may have",
                        DataError::Kind::TooManyActions,
                        {{"found", std::to_string(actions.size())}, {"max", std::to_string(max_session_actions)}});
    std::size_t position = actions.size();
    if (json.contains("position")) {
        // Read as written: in wasm a size_t is 32 bits, and 4294967297 would become 1.
        const auto written = exact_integer(json.at("position"), 0, static_cast<std::int64_t>(actions.size()));
        if (!written) throw DataError("session: 'position' must be a number from 0 to the number of actions");
        position = static_cast<std::size_t>(*written);
    }

    Session session(start, data);
    if (json.contains("meta") && json.at("meta").is_object()) {
        session.meta_ = json.at("meta");
        session.measure_base();
    }
    // The start state as the program writes it (every field, each name in both languages) can be
    // larger than the text it was read from: past the room a session has, nothing could be played
    // and the saved form would not read back.
    const std::size_t room = session_file_limits.max_bytes - session_file_reserve_bytes;
    if (session.base_bytes_ > room)
        throw DataError("session: its start state, as saved, is " + std::to_string(session.base_bytes_ / 1024) + " KB, more than the " +
                            std::to_string(room / 1024) + " KB a session may take",
                        DataError::Kind::TooLarge,
                        {{"found", std::to_string((session.base_bytes_ + 1023) / 1024)}, {"max", std::to_string(room / 1024)}});
    // Room for every step at once: growing a vector of 10,000 steps moves them 14 times, and its
    // doubling leaves up to half of it unused (2 MB of a 10,000-step session at 3.3 MB).
    session.steps_.reserve(actions.size());
    session.action_bytes_.reserve(actions.size() + 1);
    // A report keeps each action as written: those are not released.
    nlohmann::json* spent = owned && !report && owned->contains("actions") ? &owned->at("actions") : nullptr;
    std::size_t accepted_before_position = 0, refusals = 0;
    for (std::size_t i = 0; i < actions.size(); ++i) {
        ApplyResult result = session.apply_json(actions[i], spent ? &(*spent)[i] : nullptr, report != nullptr);
        if (result.ok && i < position) ++accepted_before_position;
        if (!result.ok && ++refusals > max_file_refusals)
            throw DataError("session: more than " + std::to_string(max_file_refusals) + " of its actions are refused",
                            DataError::Kind::TooManyRefusals, {{"max", std::to_string(max_file_refusals)}});
        if (report) report->push_back({i, actions[i], std::move(result)});
    }
    session.undo(session.position_ - accepted_before_position);
    session.refused_in_file_ = refusals;
    return session;
}

Session Session::from_text(std::string_view text, std::vector<ReplayEntry>* report, const GameData& data) {
    nlohmann::json json = parse_json_input(text, session_file_limits, "session");
    return replay(json, &json, report, data);
}

nlohmann::json log_entry_to_json(const LogEntry& entry) {
    nlohmann::json json = nlohmann::json::object();
    json["key"] = entry.key;
    json["rule"] = entry.rule;
    json["pl"] = entry.text().pl;
    json["en"] = entry.text().en;
    return json;
}

nlohmann::json roll_to_json(const RollRecord& roll) {
    nlohmann::json json = nlohmann::json::object();
    json["purpose"] = roll.purpose;
    json["figure"] = roll.figure;
    json["code"] = roll.code;
    json["pips"] = roll.pips;
    json["total"] = roll.total;
    json["source"] = roll.source;
    return json;
}

nlohmann::json result_to_json(const ApplyResult& result) {
    nlohmann::json json = nlohmann::json::object();
    json["ok"] = result.ok;
    if (!result.ok) {
        json["refusal"] = to_json(result.refusal);
        return json;
    }
    json["log"] = nlohmann::json::array();
    for (const auto& entry : result.log) json["log"].push_back(log_entry_to_json(entry));
    json["rolls"] = nlohmann::json::array();
    for (const auto& roll : result.rolls) json["rolls"].push_back(roll_to_json(roll));
    json["outcome"] = result.outcome.is_null() ? nlohmann::json::object() : result.outcome;  // {} when nothing
    return json;
}

}  // namespace czary
