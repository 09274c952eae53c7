#include "controller/live_table.hpp"

#include <nlohmann/json.hpp>

#include "controller/model.hpp"
#include "controller/sessions.hpp"
#include "core/json_input.hpp"
#include "core/session.hpp"
#include "host/table_core.hpp"

namespace czary::app {

namespace {

void send_frame(App& app, const nlohmann::json& frame) {
    app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", frame.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)});
}

void tell(App& app, LocalizedText text, bool refusal, Offer offer = Offer::None) {
    app.ui.notice = Notice{std::move(text), "", refusal, offer};
    app.ui.outcome_step.reset();
}

// Read-only while the table is out of reach: say so where the toast is, and keep what the player
// prepared (the panel's fields stay as they are, since nothing was dispatched).
bool may_send(App& app) {
    LiveTable& table = *app.table;
    if (table.link != TableLink::Joined) {
        tell(app, both(app, "table.no_connection"), true);
        return false;
    }
    if (table.sent) {
        tell(app, both(app, "table.busy", {{"{step}", table.sent->title}}), true);
        return false;
    }
    return true;
}

std::string action_title(const App& app, const Action& action) {
    SessionStep step;
    step.action = action;
    return step_title(app, step);
}

// A confirmed step applied to this copy, as every other phone applies it; the toast says who.
void apply_confirmed(App& app, const nlohmann::json& step) {
    LiveTable& table = *app.table;
    const std::string op = step.value("op", "");
    const std::string player = step.value("player", "");
    const bool mine = table.sent && step.value("ref", "") == table.sent->ref;
    if (mine) table.sent.reset();
    if (op == "act") {
        GameState before = app.session.state();
        const ApplyResult result = app.session.apply(step.at("action"));
        if (!result.ok) throw DataError("a confirmed step does not apply to this copy");
        app.ui.outcome_step = app.session.position() - 1;
        app.ui.before_step = std::move(before);
        app.ui.notice.reset();
        if (!result.rolls.empty()) {
            app.ui.rolling_step = app.session.position() - 1;
            app.ui.tumble_clock = 0;
        }
    } else if (op == "undo" || op == "redo") {
        const bool undo = op == "undo";
        if (undo && !app.session.can_undo()) throw DataError("a confirmed undo has nothing to undo here");
        const std::string title = undo ? step_title(app, app.session.steps()[app.session.position() - 1]) : "";
        GameState before = app.session.state();
        if (!(undo ? app.session.undo() : app.session.redo())) throw DataError("a confirmed step does not apply to this copy");
        if (undo) {
            tell(app, both(app, "table.undone", {{"{step}", title}, {"{player}", player}}), false);
            app.ui.before_step.reset();
            if (mine) app.ui.cast = {};
        } else {
            app.ui.notice.reset();
            app.ui.outcome_step = app.session.position() - 1;
            app.ui.before_step = std::move(before);
        }
    } else {
        throw DataError("a step of an unknown kind");
    }
    ++table.version;
    save(app);
}

void welcome(App& app, const nlohmann::json& frame) {
    LiveTable& table = *app.table;
    table.id = frame.value("table", table.id);
    if (frame.contains("session")) {
        app.session = Session::from_json(frame.at("session"), nullptr, *app.data);
        app.ui.outcome_step.reset();
        app.ui.before_step.reset();
    } else {
        for (const auto& step : frame.at("steps")) apply_confirmed(app, step);
    }
    table.version = frame.at("version").get<std::uint64_t>();
    table.have_copy = true;
    table.link = TableLink::Joined;
    table.closed.clear();
    save(app);
}

void refused(App& app, const nlohmann::json& frame) {
    LiveTable& table = *app.table;
    std::optional<LiveTable::Sent> sent;
    if (table.sent && frame.value("ref", "") == table.sent->ref) sent.swap(table.sent);
    const std::string code = frame.value("code", "");
    if (code == "rules" && frame.contains("refusal")) {
        const auto& r = frame.at("refusal");
        app.ui.notice = Notice{{r.value("pl", ""), r.value("en", "")}, r.value("rule", ""), true};
        app.ui.outcome_step.reset();
        return;
    }
    if (code == "stale" && sent) {
        // Somebody was first: who, with what; the player's own action stays one tap away.
        const auto first = frame.value("first", nlohmann::json::object());
        std::string what;
        if (first.value("op", "") == "act" && first.contains("action")) {
            try {
                const auto action = read_action(first.at("action"), *app.data);
                if (const auto* typed = std::get_if<Action>(&action)) what = action_title(app, *typed);
            } catch (const std::exception&) {
            }
        } else {
            what = app.tr(first.value("op", "") == "redo" ? "table.op.redo" : "table.op.undo");
        }
        table.send_again = sent->step;
        tell(app, both(app, "table.first", {{"{player}", first.value("player", "")}, {"{step}", what}, {"{mine}", sent->title}}), true, Offer::SendAgain);
        return;
    }
    app.ui.notice = Notice{{frame.value("pl", ""), frame.value("en", "")}, "", true};
    app.ui.outcome_step.reset();
}

}  // namespace

std::string step_player(const SessionStep& step) {
    const auto found = step.written.find("player");
    return found != step.written.end() && found->is_string() ? found->get<std::string>() : "";
}

std::string open_table_frame(const App& app) {
    const nlohmann::json versions = nlohmann::json::parse(table_core_versions());
    return nlohmann::json{{"t", "open"}, {"protocol", table_protocol}, {"core", versions.at("core")},
                          {"player", app.table ? app.table->player : ""}, {"session", app.session.to_json()}}
        .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string hello_frame(const App& app) {
    const nlohmann::json versions = nlohmann::json::parse(table_core_versions());
    nlohmann::json hello{{"t", "hello"}, {"protocol", table_protocol}, {"core", versions.at("core")},
                         {"player", app.table ? app.table->player : ""}, {"table", app.table ? app.table->id : ""}};
    if (app.table && app.table->have_copy) hello["since"] = app.table->version;
    return hello.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void join_table(App& app, std::string id, std::string player) {
    // Joining: the table comes as a new session of this phone; the open one stays as it was.
    if (!id.empty() && !new_session(app)) return;  // asked first: the open session is not saved
    app.table = LiveTable{};
    app.table->id = std::move(id);
    app.table->player = std::move(player);
    app.platform_requests.push_back({PlatformRequest::Kind::TableConnect, "", ""});
}

std::string first_frame(App& app) {
    if (!app.table) return "";
    table_connecting(app);
    return app.table->id.empty() ? open_table_frame(app) : hello_frame(app);
}

bool send_action_to_table(App& app, const Action& action) {
    if (!may_send(app)) return false;
    LiveTable& table = *app.table;
    table.send_again.reset();
    table.sent = LiveTable::Sent{table.player + "-" + std::to_string(++table.refs), {action, false}, action_title(app, action)};
    send_frame(app, {{"t", "act"}, {"v", table.version}, {"ref", table.sent->ref}, {"action", to_json(action)}});
    tell(app, both(app, "table.on_its_way", {{"{step}", table.sent->title}}), false);
    return true;
}

bool send_undo_to_table(App& app, bool redo) {
    if (!may_send(app)) return false;
    LiveTable& table = *app.table;
    table.send_again.reset();
    const std::string title = app.tr(redo ? "log.redo" : "log.undo");
    table.sent = LiveTable::Sent{table.player + "-" + std::to_string(++table.refs), {std::nullopt, redo}, title};
    send_frame(app, {{"t", redo ? "redo" : "undo"}, {"v", table.version}, {"ref", table.sent->ref}});
    tell(app, both(app, "table.on_its_way", {{"{step}", title}}), false);
    return true;
}

void send_again_to_table(App& app) {
    if (!app.table || !app.table->send_again) return;
    const LiveTable::Step step = *app.table->send_again;
    if (step.action) send_action_to_table(app, *step.action);
    else send_undo_to_table(app, step.redo);
}

void receive_from_table(App& app, std::string_view text) {
    if (!app.table) return;
    LiveTable& table = *app.table;
    try {
        const nlohmann::json frame = parse_json_input(text, session_file_limits, "table");
        const std::string t = frame.value("t", "");
        if (t == "welcome") {
            welcome(app, frame);
        } else if (t == "step") {
            // Steps come in order on one connection; one out of order means this copy missed
            // something: it asks for the table again (the host sends it whole).
            if (frame.value("version", std::uint64_t{0}) != table.version + 1) {
                table.have_copy = false;
                table_connection_lost(app);
                return;
            }
            apply_confirmed(app, frame);
        } else if (t == "refused") {
            refused(app, frame);
        } else if (t == "phones") {
            table.phones = frame.value("phones", 0);
            table.players.clear();
            for (const auto& name : frame.value("players", nlohmann::json::array()))
                if (name.is_string()) table.players.push_back(name.get<std::string>());
        } else if (t == "error") {
            table.link = TableLink::Refused;
            table.closed = frame.value("code", "");
            table.sent.reset();
            tell(app, {frame.value("pl", ""), frame.value("en", "")}, true);
        }
    } catch (const std::exception& error) {
        // A frame this copy cannot follow: it is the table's no longer; the host sends it whole
        // on the next hello. Nothing of the copy is lost (it was saved after its last step).
        table.have_copy = false;
        table.sent.reset();
        table_connection_lost(app);
        tell(app, problem_words(app, error), true);
    }
}

void table_connection_lost(App& app) {
    if (!app.table || app.table->link == TableLink::Refused) return;
    app.table->link = TableLink::Lost;
    // What was on its way may or may not have reached the host: the welcome's steps say.
    app.table->sent.reset();
}

void table_connecting(App& app) {
    if (app.table && app.table->link != TableLink::Joined) app.table->link = TableLink::Connecting;
}

void play_on_alone(App& app) {
    if (!app.table) return;
    app.table.reset();
    app.platform_requests.push_back({PlatformRequest::Kind::TableClose, "", ""});
    tell(app, both(app, "table.alone"), false);
    save(app);
}

}  // namespace czary::app
