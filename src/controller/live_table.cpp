#include "controller/live_table.hpp"

#include <algorithm>
#include <random>

#include <nlohmann/json.hpp>

#include "controller/model.hpp"
#include "controller/sessions.hpp"
#include "core/json_input.hpp"
#include "core/json_writer.hpp"
#include "core/session.hpp"
#include "core/utf8.hpp"
#include "host/table_core.hpp"

namespace czary::app {

namespace {

void send_frame(App& app, std::string frame) {
    app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", std::move(frame)});
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

// 128 random bits as 32 hexadecimal digits (the browser's crypto.getRandomValues under wasm).
std::string opening_key() {
    std::random_device random;
    static constexpr char digits[] = "0123456789abcdef";
    std::string key;
    for (int i = 0; i < 4; ++i) {
        const std::uint32_t bits = random();
        for (int shift = 28; shift >= 0; shift -= 4) key += digits[(bits >> shift) & 0xF];
    }
    return key;
}

KnownTable* known(App& app, std::string_view id) {
    for (auto& table : app.known_tables)
        if (table.id == id) return &table;
    return nullptr;
}
const KnownTable* known(const App& app, std::string_view id) { return known(const_cast<App&>(app), id); }

void forget_table(App& app, const std::string& id) {
    app.known_tables.erase(std::remove_if(app.known_tables.begin(), app.known_tables.end(), [&](const KnownTable& t) { return t.id == id; }),
                           app.known_tables.end());
}

// Welcomed: this phone is at the table with the open session as its copy (remembered for a
// reload and for the link opened again). The newest table comes first; the oldest beyond
// max_known_tables is forgotten (its session stays stored).
void remember_table(App& app) {
    if (!app.store || !app.table || app.table->id.empty()) return;
    KnownTable entry;
    if (KnownTable* old = known(app, app.table->id)) entry = *old;
    entry.id = app.table->id;
    entry.session = app.store->current_key();
    entry.at = true;
    forget_table(app, entry.id);
    for (auto& other : app.known_tables) other.at = false;  // one table at a time
    app.known_tables.insert(app.known_tables.begin(), std::move(entry));
    if (app.known_tables.size() > max_known_tables) app.known_tables.resize(max_known_tables);
}

// A player's name as the host takes it: trimmed, whole characters, at most 40 of them.
std::string player_name_of(std::string_view typed) {
    const auto first = typed.find_first_not_of(" \t");
    if (first == std::string_view::npos) return "";
    typed = typed.substr(first, typed.find_last_not_of(" \t") - first + 1);
    std::string name = utf8_prefix(typed, typed.size());  // whole characters only
    while (utf8_length(name) > max_player_name_chars) utf8_pop_back(name);
    return name;
}

// The open session is this phone's copy of the table `id` (none yet: a table to open): connect.
void become_phone_of(App& app, std::string id, std::string player) {
    app.table = LiveTable{};
    if (id.empty()) app.table->opening = opening_key();
    app.table->id = std::move(id);
    app.table->player = std::move(player);
    app.platform_requests.push_back({PlatformRequest::Kind::TableConnect, "", ""});
}

// Joins the table `id` with the session `key` that is this phone's copy of it (rejoin), or as a
// new session when there is none.
void join_known_or_new(App& app, const std::string& id) {
    const KnownTable* entry = known(app, id);
    bool stored = false;
    if (entry && app.store)
        for (const auto& summary : app.store->list()) stored = stored || (summary.key == entry->session && !summary.problem);
    if (!stored) return join_table(app, id, app.player_name);
    const std::string key = entry->session;
    if (app.store->current_key() != key) {
        switch_session(app, key);
        if (app.store->current_key() != key) return;  // not opened (asked first, or unreadable): said why
    }
    become_phone_of(app, id, app.player_name);
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
        const SessionStep* undone = undo ? &app.session.steps()[app.session.position() - 1] : nullptr;
        const std::string title = undone ? step_title(app, *undone) : "";
        const std::string owner = undone ? undone->player : "";
        GameState before = app.session.state();
        if (!(undo ? app.session.undo() : app.session.redo())) throw DataError("a confirmed step does not apply to this copy");
        if (undo) {
            // Whose step it was and who undid it, each name as a label (names are not declined:
            // "krok: Celina, cofa: Bartek"); this phone's own player is not named to itself.
            const std::string me = table.player;
            LocalizedText details;
            auto add = [&](const char* key, const std::string& name) {
                if (name.empty() || name == me) return;
                const LocalizedText part = both(app, key, {{"{name}", name}});
                details.pl += (details.pl.empty() ? "" : ", ") + part.pl;
                details.en += (details.en.empty() ? "" : ", ") + part.en;
            };
            if (owner != player) add("table.undone.step_of", owner);
            add("table.undone.by", player);
            LocalizedText said = both(app, "table.undone", {{"{step}", title}});
            if (!details.pl.empty()) {
                said.pl += " (" + details.pl + ")";
                said.en += " (" + details.en + ")";
            }
            tell(app, said, false);
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
    // What this phone missed: more than one step is said in one line (the log has them all); one
    // step's own toast says it. A whole copy: where the phone is, and as whom.
    const std::size_t missed = frame.contains("steps") ? frame.at("steps").size() : 0;
    if (missed > 1) tell(app, both(app, "table.caught_up", {{"{n}", std::to_string(missed)}}), false);
    else if (frame.contains("session")) tell(app, both(app, "table.joined", {{"{player}", table.player}}), false);
    table.version = frame.at("version").get<std::uint64_t>();
    table.have_copy = true;
    table.link = TableLink::Joined;
    table.closed.clear();
    save(app);
    remember_table(app);
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
        const std::map<std::string, std::string> parts{{"{player}", first.value("player", "")}, {"{step}", what}, {"{mine}", sent->title}};
        // An undo or a redo sent again would undo (redo) another step than the one the player saw:
        // never offered; the undo button now names the step it would undo.
        if (!sent->step.action) return tell(app, both(app, "table.first_undo", parts), true);
        // The same action came first (two players tapped "Następna faza"): done already; sent
        // again it would be done twice (a phase skipped). A roll of the tray is each player's own.
        if (first.value("op", "") == "act" && first.contains("action") && !std::holds_alternative<actions::RollDice>(*sent->step.action)) {
            nlohmann::json came = first.at("action");
            came.erase("player");
            if (came == to_json(*sent->step.action)) return tell(app, both(app, "table.first_same", parts), false);
        }
        table.send_again = *sent->step.action;
        tell(app, both(app, "table.first", parts), true, Offer::SendAgain);
        return;
    }
    app.ui.notice = Notice{{frame.value("pl", ""), frame.value("en", "")}, "", true};
    app.ui.outcome_step.reset();
}

// A frame this copy cannot follow: it is the table's no longer; the host sends it whole on the
// next hello. Nothing of the copy is lost (it was saved after its last step).
void copy_lost(App& app, const LocalizedText& why) {
    app.table->have_copy = false;
    app.table->sent.reset();
    table_connection_lost(app);
    tell(app, why, true);
}

}  // namespace

std::string open_table_frame(const App& app) {
    const nlohmann::json versions = parse_own_json(table_core_versions()).value();
    JsonWriter w;
    w.object().field("t", "open").field("protocol", table_protocol).field("core", versions.at("core"));
    w.field("player", app.table ? app.table->player : "").field("opening", app.table ? app.table->opening : "");
    // The session's text joined in as it is (Session::to_text), not read into a JSON value again.
    w.key("session").raw(app.session.to_text());
    return w.end().take();
}

std::string hello_frame(const App& app) {
    const nlohmann::json versions = parse_own_json(table_core_versions()).value();
    JsonWriter w;
    w.object().field("t", "hello").field("protocol", table_protocol).field("core", versions.at("core"));
    w.field("player", app.table ? app.table->player : "").field("table", app.table ? app.table->id : "");
    if (app.table && app.table->have_copy) w.field("since", app.table->version);
    return w.end().take();
}

void join_table(App& app, std::string id, std::string player) {
    // Joining: the table comes as a new session of this phone; the open one stays as it was.
    if (!id.empty() && !new_session(app)) return;  // asked first: the open session is not saved
    become_phone_of(app, std::move(id), std::move(player));
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
    send_frame(app, JsonWriter().object().field("t", "act").field("v", table.version).field("ref", table.sent->ref)
                        .field("action", to_json(action)).end().take());
    tell(app, both(app, "table.on_its_way", {{"{step}", table.sent->title}}), false);
    return true;
}

bool send_undo_to_table(App& app, bool redo) {
    if (!may_send(app)) return false;
    LiveTable& table = *app.table;
    table.send_again.reset();
    const std::string title = app.tr(redo ? "log.redo" : "log.undo");
    table.sent = LiveTable::Sent{table.player + "-" + std::to_string(++table.refs), {std::nullopt, redo}, title};
    send_frame(app, JsonWriter().object().field("t", redo ? "redo" : "undo").field("v", table.version).field("ref", table.sent->ref)
                        .end().take());
    tell(app, both(app, "table.on_its_way", {{"{step}", title}}), false);
    return true;
}

void send_again_to_table(App& app) {
    if (!app.table || !app.table->send_again) return;
    const Action action = *app.table->send_again;
    send_action_to_table(app, action);
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
    } catch (const DataError& error) {
        copy_lost(app, problem_words(app, error));
    } catch (const std::exception& error) {
        copy_lost(app, problem_words(app, error));
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
    // The copy is this phone's own from now on: the table's link no longer opens it.
    forget_table(app, app.table->id);
    app.table.reset();
    app.platform_requests.push_back({PlatformRequest::Kind::TableClose, "", ""});
    tell(app, both(app, "table.alone"), false);
    save(app);
}

bool is_table_id(std::string_view id) {
    return id.size() == 32 && std::all_of(id.begin(), id.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

void add_table_settings(const App& app, nlohmann::json& settings) {
    if (!app.player_name.empty()) settings["player"] = app.player_name;
    if (app.known_tables.empty()) return;
    auto& tables = settings["tables"] = nlohmann::json::array();
    for (const auto& t : app.known_tables) tables.push_back({{"id", t.id}, {"session", t.session}, {"mine", t.mine}, {"at", t.at}});
}

void apply_table_settings(App& app, const nlohmann::json& settings) {
    if (const auto player = settings.find("player"); player != settings.end() && player->is_string())
        app.player_name = player_name_of(player->get<std::string>());
    const auto tables = settings.find("tables");
    if (tables == settings.end() || !tables->is_array()) return;
    app.known_tables.clear();
    for (const auto& t : *tables) {
        if (app.known_tables.size() == max_known_tables) break;
        if (!t.is_object() || !t.contains("id") || !t["id"].is_string() || !is_table_id(t["id"].get<std::string>())) continue;
        if (!t.contains("session") || !t["session"].is_string() || known(app, t["id"].get<std::string>())) continue;
        KnownTable entry{t["id"].get<std::string>(), t["session"].get<std::string>(), {}, false};
        if (const auto mine = t.find("mine"); mine != t.end() && mine->is_array())
            for (const auto& figure : *mine)
                if (figure.is_string() && figure.get<std::string>().size() <= 64 && entry.mine.size() < max_characters_played) entry.mine.push_back(figure.get<std::string>());
        if (const auto at = t.find("at"); at != t.end() && at->is_boolean()) entry.at = at->get<bool>();
        app.known_tables.push_back(std::move(entry));
    }
}

std::string table_link(const App& app) {
    if (!app.table || app.table->id.empty() || app.page_address.empty()) return "";
    return app.page_address + "#t=" + app.table->id;
}

void open_table_for_others(App& app, std::string player) {
    player = player_name_of(player);
    if (player.empty()) return tell(app, both(app, "table.name_needed"), true);
    app.player_name = player;
    join_table(app, "", player);
}

void table_link_opened(App& app, std::string_view id) {
    if (!is_table_id(id)) return tell(app, both(app, "table.bad_link"), true);
    if (app.table && app.table->id == id) return;  // here already
    if (app.player_name.empty()) {
        // Asked once: the Sessions tab's live-table section has the field and "Dołącz".
        app.table_waiting = std::string(id);
        app.ui.tab = Tab::Sessions;
        return tell(app, both(app, "table.name_first"), false);
    }
    join_known_or_new(app, std::string(id));
}

void join_waiting_table(App& app, std::string player) {
    if (!app.table_waiting) return;
    player = player_name_of(player);
    if (player.empty()) return tell(app, both(app, "table.name_needed"), true);
    app.player_name = player;
    const std::string id = *app.table_waiting;
    app.table_waiting.reset();
    join_known_or_new(app, id);
    app.ui.sessions.bring_live_into_view = true;
}

void decline_waiting_table(App& app) { app.table_waiting.reset(); }

void rejoin_table_on_start(App& app) {
    if (app.table || !app.store || app.player_name.empty()) return;
    for (const auto& t : app.known_tables)
        if (t.at && t.session == app.store->current_key()) return join_known_or_new(app, t.id);
}

void reconnect_table(App& app) {
    if (!app.table || app.table->link == TableLink::Joined) return;
    if (app.table->link == TableLink::Refused) app.table->link = TableLink::Connecting;
    app.platform_requests.push_back({PlatformRequest::Kind::TableConnect, "", ""});
}

void left_table(App& app) {
    if (!app.table) return;
    if (KnownTable* entry = known(app, app.table->id)) entry->at = false;
    app.table.reset();
    app.platform_requests.push_back({PlatformRequest::Kind::TableClose, "", ""});
}

bool plays(const App& app, const std::string& figure) {
    if (!app.table) return false;
    const KnownTable* entry = known(app, app.table->id);
    return entry && std::find(entry->mine.begin(), entry->mine.end(), figure) != entry->mine.end();
}

void toggle_plays(App& app, const std::string& figure) {
    if (!app.table) return;
    KnownTable* entry = known(app, app.table->id);
    if (!entry) return;
    if (const auto found = std::find(entry->mine.begin(), entry->mine.end(), figure); found != entry->mine.end()) {
        entry->mine.erase(found);
        return;
    }
    if (entry->mine.size() >= max_characters_played || figure.size() > 64) return;
    entry->mine.push_back(figure);
    // Its hand is what this phone shows when nothing else is chosen.
    if (!app.session.state().find(app.ui.selected)) app.ui.selected = figure;
}

std::vector<std::string> characters_mine_first(const App& app) {
    std::vector<std::string> ids;
    for (const auto& f : app.session.state().figures)
        if (f.is_character()) ids.push_back(f.id);
    std::stable_partition(ids.begin(), ids.end(), [&](const std::string& id) { return plays(app, id); });
    return ids;
}

}  // namespace czary::app
