#include "controller/live_table.hpp"

#include <algorithm>
#include <random>

#include <nlohmann/json.hpp>

#include "controller/model.hpp"
#include "controller/sessions.hpp"
#include "controller/table_service.hpp"
#include "core/json_input.hpp"
#include "core/json_writer.hpp"
#include "core/session.hpp"
#include "core/utf8.hpp"
#include "host/table_core.hpp"
#include "store/entry.hpp"

namespace czary::app {

namespace {

constexpr std::size_t max_ref_units = 64;  // the host's limit on a ref (UTF-16 code units)

void send_frame(App& app, std::string frame) {
    app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", std::move(frame)});
}

void tell(App& app, LocalizedText text, bool refusal, Offer offer = Offer::None) {
    app.ui.notice = Notice{std::move(text), "", refusal, offer};
    app.ui.outcome_step.reset();
}

void add_sentence(LocalizedText& to, const LocalizedText& more) {
    to.pl += (to.pl.empty() ? "" : " ") + more.pl;
    to.en += (to.en.empty() ? "" : " ") + more.en;
}

// Read-only while the table is out of reach or held by another tab: say so where the toast is, and
// keep what the player prepared (the panel's fields stay as they are, since nothing was dispatched).
bool may_send(App& app) {
    LiveTable& table = *app.table;
    if (table.elsewhere) {
        tell(app, both(app, "table.elsewhere_not_sent"), true);
        return false;
    }
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

// Random hexadecimal digits, 4 bits each (the browser's crypto.getRandomValues under wasm).
std::string random_hex(std::size_t digits) {
    std::random_device random;
    static constexpr char hex[] = "0123456789abcdef";
    std::string key;
    while (key.size() < digits) {
        const std::uint32_t bits = random();
        for (int shift = 28; shift >= 0 && key.size() < digits; shift -= 4) key += hex[(bits >> shift) & 0xF];
    }
    return key;
}

// 128 random bits as 32 hexadecimal digits.
std::string opening_key() { return random_hex(32); }

// The tag of this phone's next step: the player's name, a random part (no other phone's, nor
// another tab's, even with the same name) and a count: "Kuba-3f9a1c07-4". The name is cut, in whole
// characters, so that the ref stays within the host's 64 UTF-16 units.
std::string next_ref(LiveTable& table) {
    const std::string tail = "-" + table.ref_key + "-" + std::to_string(++table.refs);
    std::string name = table.player;
    while (!name.empty() && utf16_length(name) + tail.size() > max_ref_units) utf8_pop_back(name);
    return name + tail;
}

// Has another tab of this browser saved the open session (the table's copy) since this tab read
// or wrote it? Then that tab is at the table.
bool saved_elsewhere(App& app) {
    if (!app.store) return false;
    try {
        const auto change = app.store->external_change();
        return change == store::ExternalChange::Newer || change == store::ExternalChange::Diverged;
    } catch (const std::exception&) {
        return false;
    }
}

// The stored copy's revision taken as this tab's, its text left: this tab's copy is the table's
// at the version the host just gave, never older than what another tab stored, and is saved over it.
void take_stored_revision(App& app) {
    if (!saved_elsewhere(app)) return;
    try {
        std::optional<store::StoreProblem> problem;
        app.store->open(app.store->current_key(), problem);
    } catch (const std::exception&) {
    }
}

// The copy as the other tab stored it, when it is newer than this tab's (what this tab shows while
// the table is held elsewhere, and what its own saves go on from when the table comes back). The
// table's version of it is not known here: the host sends the table whole on the next hello.
void take_stored_copy(App& app) {
    if (!app.store || !app.table) return;
    if (!saved_elsewhere(app)) return;
    try {
        std::optional<store::StoreProblem> problem;
        auto stored = app.store->open(app.store->current_key(), problem);
        if (!stored) return;  // unreadable: this copy stays as it is, and nothing is written over the stored one
        app.session = std::move(*stored);
        app.ui.outcome_step.reset();
        app.ui.before_step.reset();
        app.table->have_copy = false;
    } catch (const std::exception&) {
        // The store is written not to throw; if it ever does, this copy stays as it is.
    }
}

// The copy as stored now, kept under a name of its own before the table's replaces it (the copy
// went ahead of the table: its steps the table lacks stay on the phone). The kept name, or "" when
// it could not be kept.
std::string keep_copy_aside(App& app) {
    if (!app.store || app.session_unsaved) return "";
    try {
        const std::string name = store::session_name(app.store->current_name() + " (" + app.tr("table.ahead_suffix") + ")");
        std::optional<store::StoreProblem> problem;
        if (app.store->duplicate(app.store->current_key(), name, problem)) return name;
    } catch (const std::exception&) {
    }
    return "";
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
    entry.service = app.table->service;
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

// The name the player typed, cleaned, kept as this phone's (the settings keep it; the name field
// shows it); false, and the player told, when nothing is left of it.
bool keep_player_name(App& app, std::string& player) {
    player = player_name_of(player);
    if (player.empty()) {
        tell(app, both(app, "table.name_needed"), true);
        return false;
    }
    app.player_name = player;
    app.ui.sessions.player_filled = false;
    return true;
}

// The platform connects to the table's service (its URL; "": the page's own address).
void connect(App& app) {
    app.platform_requests.push_back({PlatformRequest::Kind::TableConnect, "", app.table->service});
}

// The open session is this phone's copy of the table `id` (none yet: a table to open), kept at
// `service`: connect.
void become_phone_of(App& app, std::string id, std::string player, std::string service) {
    if (!is_phone_key(app.phone_key)) app.phone_key = random_hex(32);  // made once: the settings keep it
    app.table = LiveTable{};
    if (id.empty()) app.table->opening = opening_key();
    app.table->id = std::move(id);
    app.table->player = std::move(player);
    app.table->service = std::move(service);
    app.table->ref_key = random_hex(8);
    connect(app);
}

// Joins the table `id` kept at `service` with the session that is this phone's copy of it
// (rejoin), or as a new session when there is none.
void join_known_or_new(App& app, const std::string& id, const std::string& service) {
    const KnownTable* entry = known(app, id);
    bool stored = false;
    if (entry && app.store)
        for (const auto& summary : app.store->list()) stored = stored || (summary.key == entry->session && !summary.problem);
    if (!stored) return join_table(app, id, app.player_name, service);
    const std::string key = entry->session;
    if (app.store->current_key() != key) {
        switch_session(app, key);
        if (app.store->current_key() != key) return;  // not opened (asked first, or unreadable): said why
    }
    become_phone_of(app, id, app.player_name, service);
}

// A confirmed step applied to this copy, as every other phone applies it; the toast says who.
void apply_confirmed(App& app, const nlohmann::json& step) {
    LiveTable& table = *app.table;
    const std::string op = step.value("op", "");
    const std::string player = step.value("player", "");
    const std::string ref = step.value("ref", "");
    const bool mine = (table.sent && ref == table.sent->ref) || (table.unsure && ref == table.unsure->ref);
    if (mine) {
        table.sent.reset();
        table.unsure.reset();
    }
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
    // Saved after each step, unless another tab holds the table: that tab saves the steps, and this
    // one never writes over its saves (nor makes a copy of its own out of a conflict with them).
    if (table.elsewhere) return;
    if (saved_elsewhere(app)) return table_copy_saved_elsewhere(app);
    save(app);
}

void welcome(App& app, const nlohmann::json& frame) {
    LiveTable& table = *app.table;
    table.id = frame.value("table", table.id);
    // The name this phone has at the table: another phone there may have the one it asked for
    // ("Kuba (2)"). Kept for this table only; the name the player gave stays theirs.
    const std::string asked = table.player;
    if (const auto given = frame.find("player"); given != frame.end() && given->is_string() && !player_name_of(given->get<std::string>()).empty())
        table.player = given->get<std::string>();
    const std::uint64_t version = frame.at("version").get<std::uint64_t>();
    // A whole copy for a phone whose copy had more steps than the table (the host lost some): the
    // copy it had is kept as a session of its own, and the player told.
    std::string kept;
    const bool ahead = frame.contains("session") && table.have_copy && version < table.version;
    if (ahead) kept = keep_copy_aside(app);
    if (frame.contains("session")) {
        app.session = Session::from_json(frame.at("session"), nullptr, *app.data);
        app.ui.outcome_step.reset();
        app.ui.before_step.reset();
    } else {
        for (const auto& step : frame.at("steps")) apply_confirmed(app, step);
    }
    // What this phone missed: more than one step is said in one line (the log has them all); one
    // step's own toast says it. A whole copy, or a name other than the one asked for: where the
    // phone is, and as whom.
    const std::size_t missed = frame.contains("steps") ? frame.at("steps").size() : 0;
    if (ahead) {
        LocalizedText said = both(app, "table.ahead_joined");
        if (!kept.empty()) add_sentence(said, both(app, "table.ahead_kept", {{"{name}", kept}}));
        tell(app, said, true);
    } else if (missed > 1) {
        tell(app, both(app, "table.caught_up", {{"{n}", std::to_string(missed)}}), false);
    } else if (frame.contains("session") || table.player != asked) {
        tell(app, both(app, "table.joined", {{"{player}", table.player}}), false);
    }
    // A step on its way when the connection dropped and not among the steps that came: not made.
    // With a whole copy the steps are not named one by one: the log shows whether it is there.
    if (table.unsure) {
        const LiveTable::Sent unsent = std::move(*table.unsure);
        table.unsure.reset();
        LocalizedText said;
        if (missed > 1) said = both(app, "table.caught_up", {{"{n}", std::to_string(missed)}});
        add_sentence(said, both(app, frame.contains("steps") ? "table.not_made" : "table.maybe_made", {{"{step}", unsent.title}}));
        const bool again = frame.contains("steps") && unsent.step.action;
        if (again) table.send_again = *unsent.step.action;
        tell(app, said, true, again ? Offer::SendAgain : Offer::None);
    }
    table.version = version;
    table.have_copy = true;
    table.link = TableLink::Joined;
    table.reached = true;
    table.closed.clear();
    take_stored_revision(app);
    save(app);
    remember_table(app);
}

// The phone's copy went ahead of the table (its version is past the table's: the host lost steps).
// The step is not made; the copy is kept aside as a session, and the table's whole copy asked for.
void ahead_of_table(App& app, const LiveTable::Sent& sent) {
    LiveTable& table = *app.table;
    const std::string kept = keep_copy_aside(app);
    LocalizedText said = both(app, "table.ahead", {{"{mine}", sent.title}});
    if (!kept.empty()) add_sentence(said, both(app, "table.ahead_kept", {{"{name}", kept}}));
    tell(app, said, true);
    table.have_copy = false;
    table.send_again.reset();
    table.link = TableLink::Lost;
    connect(app);
}

// The host took a newer connection of this phone (another tab, or window, of this browser at the
// table): read-only here, and not connecting again by itself. A step on its way was not taken:
// the host answers every frame it read from this connection before saying so.
void replaced(App& app) {
    LiveTable& table = *app.table;
    const std::optional<LiveTable::Sent> unsent = std::move(table.sent);
    table.sent.reset();
    table.send_again.reset();
    table.elsewhere = true;
    table.closed = "replaced";
    table.link = TableLink::Lost;
    LocalizedText said;
    if (unsent) said = both(app, "table.not_made", {{"{step}", unsent->title}});
    add_sentence(said, both(app, "table.elsewhere"));
    tell(app, said, true);
    take_stored_copy(app);
}

// A frame's text with every escaped half of a surrogate pair standing alone ("\ud800") written as
// U+FFFD: the JSON reader refuses it, and the app's texts (UTF-8) cannot hold it. None: no such.
std::optional<std::string> lone_surrogates_replaced(std::string_view text) {
    auto unit = [&](std::size_t at) -> int {  // the code unit of a \uXXXX escape at `at`, or -1
        if (at + 6 > text.size() || text[at] != '\\' || text[at + 1] != 'u') return -1;
        int value = 0;
        for (std::size_t i = at + 2; i < at + 6; ++i) {
            const char c = text[i];
            const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (digit < 0) return -1;
            value = value * 16 + digit;
        }
        return value;
    };
    std::string out;
    bool changed = false;
    std::size_t copied = 0;
    for (std::size_t at = 0; at + 1 < text.size();) {
        if (text[at] != '\\') {
            ++at;
            continue;
        }
        const int first = unit(at);
        if (first < 0xD800 || first > 0xDFFF) {  // another escape (or not a \u one): kept as it is
            at += 2;
            continue;
        }
        const int second = first <= 0xDBFF ? unit(at + 6) : -1;
        if (second >= 0xDC00 && second <= 0xDFFF) {  // a whole pair
            at += 12;
            continue;
        }
        out.append(text.substr(copied, at - copied)).append("\\ufffd");
        at += 6;
        copied = at;
        changed = true;
    }
    if (!changed) return std::nullopt;
    return out.append(text.substr(copied));
}

nlohmann::json read_frame(std::string_view text) {
    try {
        return parse_json_input(text, session_file_limits, "table");
    } catch (const DataError&) {
        const auto repaired = lone_surrogates_replaced(text);
        if (!repaired) throw;
        return parse_json_input(*repaired, session_file_limits, "table");
    }
}

// Who is at the table: a name the app cannot show (half of a surrogate pair) is left out, never
// the frame (the count still says how many phones).
void phones_at_table(LiveTable& table, const nlohmann::json& frame) {
    if (const auto count = frame.find("phones"); count != frame.end() && count->is_number_unsigned())
        table.phones = static_cast<int>(std::min<std::uint64_t>(count->get<std::uint64_t>(), 1000));
    table.players.clear();
    const auto names = frame.find("players");
    if (names == frame.end() || !names->is_array()) return;
    for (const auto& name : *names)
        if (name.is_string() && name.get<std::string>().find("\xEF\xBF\xBD") == std::string::npos) table.players.push_back(name.get<std::string>());
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
    if (code == "stale" && sent && !frame.contains("first")) return ahead_of_table(app, *sent);
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
    // Any other code (nothing_to_undo, disk, journal_full, ...) in the host's own words.
    const LocalizedText said{frame.value("pl", ""), frame.value("en", "")};
    tell(app, said.pl.empty() ? both(app, "table.step_not_taken") : said, true);
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
    if (is_phone_key(app.phone_key)) w.field("phone", app.phone_key);
    // The session's text joined in as it is (Session::to_text), not read into a JSON value again.
    w.key("session").raw(app.session.to_text());
    return w.end().take();
}

std::string hello_frame(const App& app) {
    const nlohmann::json versions = parse_own_json(table_core_versions()).value();
    JsonWriter w;
    w.object().field("t", "hello").field("protocol", table_protocol).field("core", versions.at("core"));
    w.field("player", app.table ? app.table->player : "").field("table", app.table ? app.table->id : "");
    if (is_phone_key(app.phone_key)) w.field("phone", app.phone_key);
    if (app.table && app.table->have_copy) w.field("since", app.table->version);
    return w.end().take();
}

void join_table(App& app, std::string id, std::string player, std::string service) {
    // Joining: the table comes as a new session of this phone; the open one stays as it was.
    if (!id.empty() && !new_session(app)) return;  // asked first: the open session is not saved
    become_phone_of(app, std::move(id), std::move(player), std::move(service));
}

void join_table_as(App& app, std::string id, std::string player) {
    if (!keep_player_name(app, player)) return;
    // The page hook joins as a link without a service would: where this site keeps its tables.
    std::string service = id.empty() ? service_for_new_tables(app) : app.site_table_service;  // before `id` is moved
    join_table(app, std::move(id), std::move(player), std::move(service));
}

std::string first_frame(App& app) {
    // None while another tab holds the table: this one does not take it back by itself.
    if (!app.table || app.table->elsewhere) return "";
    table_connecting(app);
    return app.table->id.empty() ? open_table_frame(app) : hello_frame(app);
}

bool send_action_to_table(App& app, const Action& action) {
    if (!may_send(app)) return false;
    LiveTable& table = *app.table;
    table.send_again.reset();
    table.sent = LiveTable::Sent{next_ref(table), {action, false}, action_title(app, action)};
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
    table.sent = LiveTable::Sent{next_ref(table), {std::nullopt, redo}, title};
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
        const nlohmann::json frame = read_frame(text);
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
            phones_at_table(table, frame);
        } else if (t == "error") {
            const std::string code = frame.value("code", "");
            if (code == "replaced") return replaced(app);
            table.link = TableLink::Refused;
            table.closed = code;
            table.sent.reset();
            // The host's own words for every code (other_build, no_table, too_many_tables, ...).
            const LocalizedText said{frame.value("pl", ""), frame.value("en", "")};
            tell(app, said.pl.empty() ? both(app, "table.status.refused") : said, true);
        }
    } catch (const DataError& error) {
        copy_lost(app, problem_words(app, error));
    } catch (const std::exception& error) {
        copy_lost(app, problem_words(app, error));
    }
}

void table_connection_lost(App& app, bool online) {
    if (!app.table || app.table->link == TableLink::Refused) return;
    app.table->link = TableLink::Lost;
    const std::string where = app.table->service.empty() ? app.page_address : service_in_link(app.table->service);
    if (app.table->id.empty() && !app.table->reached) {
        // Opening, and the service never answered: no table is made. The session is as it was (the
        // open was never confirmed), the phone plays on alone, and the player is told what to check.
        app.table.reset();
        app.platform_requests.push_back({PlatformRequest::Kind::TableClose, "", ""});
        return tell(app, both(app, online ? "table.not_opened" : "table.not_opened_offline", {{"{service}", where}}), true);
    }
    // Never reached since this phone came to the table: the service is named, in words, once (the
    // platform goes on trying by itself); a phone without a network is told that instead, each
    // time it finds itself so. Nothing prepared here is lost: nothing was sent.
    if (!app.table->reached && !online) {
        tell(app, both(app, "table.offline", {{"{service}", where}}), true);
    } else if (!app.table->reached && !app.table->told_unreachable) {
        app.table->told_unreachable = true;
        tell(app, both(app, "table.unreachable", {{"{service}", where}}), true);
    }
    // What was on its way may or may not have reached the host: the welcome's steps say.
    if (app.table->sent) app.table->unsure = std::move(app.table->sent);
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

bool is_phone_key(std::string_view key) {
    return key.size() >= 16 && key.size() <= 64 && std::all_of(key.begin(), key.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-';
           });
}

void add_table_settings(const App& app, nlohmann::json& settings) {
    if (!app.player_name.empty()) settings["player"] = app.player_name;
    if (is_phone_key(app.phone_key)) settings["phone"] = app.phone_key;
    if (!app.table_service.empty()) settings["table_service"] = app.table_service;
    if (app.known_tables.empty()) return;
    auto& tables = settings["tables"] = nlohmann::json::array();
    for (const auto& t : app.known_tables) {
        tables.push_back({{"id", t.id}, {"session", t.session}, {"mine", t.mine}, {"at", t.at}});
        if (!t.service.empty()) tables.back()["service"] = t.service;
    }
}

void apply_table_settings(App& app, const nlohmann::json& settings) {
    if (const auto player = settings.find("player"); player != settings.end() && player->is_string())
        app.player_name = player_name_of(player->get<std::string>());
    if (const auto phone = settings.find("phone"); phone != settings.end() && phone->is_string() && is_phone_key(phone->get<std::string>()))
        app.phone_key = phone->get<std::string>();
    if (const auto service = settings.find("table_service"); service != settings.end() && service->is_string())
        app.table_service = table_service_url(service->get<std::string>()).value_or("");
    const auto tables = settings.find("tables");
    if (tables == settings.end() || !tables->is_array()) return;
    app.known_tables.clear();
    for (const auto& t : *tables) {
        if (app.known_tables.size() == max_known_tables) break;
        if (!t.is_object() || !t.contains("id") || !t["id"].is_string() || !is_table_id(t["id"].get<std::string>())) continue;
        if (!t.contains("session") || !t["session"].is_string() || known(app, t["id"].get<std::string>())) continue;
        KnownTable entry{t["id"].get<std::string>(), "", t["session"].get<std::string>(), {}, false};
        // A service that is not one (damaged settings) leaves the table where the page is.
        if (const auto service = t.find("service"); service != t.end() && service->is_string())
            entry.service = table_service_url(service->get<std::string>()).value_or("");
        if (const auto mine = t.find("mine"); mine != t.end() && mine->is_array())
            for (const auto& figure : *mine)
                if (figure.is_string() && figure.get<std::string>().size() <= 64 && entry.mine.size() < max_characters_played) entry.mine.push_back(figure.get<std::string>());
        if (const auto at = t.find("at"); at != t.end() && at->is_boolean()) entry.at = at->get<bool>();
        app.known_tables.push_back(std::move(entry));
    }
}

std::string table_link(const App& app) {
    if (!app.table || app.table->id.empty() || app.page_address.empty()) return "";
    // A link without a service means this site's own (the phone that opens it runs the same site).
    const std::string where = app.table->service == app.site_table_service ? "" : "@" + service_in_link(app.table->service);
    return app.page_address + "#t=" + app.table->id + where;
}

void open_table_for_others(App& app, std::string player) {
    if (!keep_player_name(app, player)) return;
    join_table(app, "", player, service_for_new_tables(app));
}

void table_link_opened(App& app, std::string_view link) {
    const std::size_t at = link.find('@');
    const std::string_view id = link.substr(0, at);
    std::string service = app.site_table_service;
    if (at != std::string_view::npos) {
        // "@" and a service's address: the table is kept there (a page's own plain address is
        // never named in a link: it is the page the link opens).
        const auto named = table_service_url(link.substr(at + 1));
        if (!named) return tell(app, both(app, "table.bad_link"), true);
        service = *named;
    }
    if (!is_table_id(id)) return tell(app, both(app, "table.bad_link"), true);
    if (app.table && app.table->id == id) return;  // here already
    if (app.player_name.empty()) {
        // Asked once: the Sessions tab's live-table section has the field and "Dołącz".
        app.table_waiting = WaitingTable{std::string(id), service};
        app.ui.tab = Tab::Sessions;
        return tell(app, both(app, "table.name_first"), false);
    }
    join_known_or_new(app, std::string(id), service);
}

void join_waiting_table(App& app, std::string player) {
    if (!app.table_waiting) return;
    if (!keep_player_name(app, player)) return;
    const WaitingTable waiting = *app.table_waiting;
    app.table_waiting.reset();
    join_known_or_new(app, waiting.id, waiting.service);
    app.ui.sessions.bring_live_into_view = true;
}

void decline_waiting_table(App& app) { app.table_waiting.reset(); }

void rejoin_table_on_start(App& app) {
    if (app.table || !app.store || app.player_name.empty()) return;
    for (const auto& t : app.known_tables)
        if (t.at && t.session == app.store->current_key()) return join_known_or_new(app, t.id, t.service);
}

void reconnect_table(App& app) {
    if (!app.table) return;
    LiveTable& table = *app.table;
    if (table.link == TableLink::Joined && !table.elsewhere) return;
    if (table.elsewhere) {
        // The table comes back to this tab (the other one is told by the host): this tab's saves
        // go on from what the other one stored, and the table's whole copy is asked for.
        table.elsewhere = false;
        table.closed.clear();
        take_stored_copy(app);
        table.have_copy = false;
        table.link = TableLink::Connecting;
    }
    // Said at once where the table's row is (*Łączenie ze stołem…*); the platform says if it fails.
    if (table.link == TableLink::Refused || table.link == TableLink::Lost) table.link = TableLink::Connecting;
    connect(app);
}

bool table_should_reconnect(const App& app) {
    return app.table && app.table->link != TableLink::Refused && !app.table->elsewhere;
}

void table_copy_saved_elsewhere(App& app) {
    // Connecting: this tab is taking the table (its hello goes out now; the welcome's copy is saved
    // over the other tab's, and the host tells that tab).
    if (!app.table || app.table->link == TableLink::Connecting) return;
    LiveTable& table = *app.table;
    if (!table.elsewhere) {
        table.elsewhere = true;
        tell(app, both(app, "table.elsewhere"), true);
    }
    // Connected: the steps still coming on this connection are applied in their order (the host
    // lets it go when the other tab's hello takes its place). Else the stored copy is the latest,
    // and this tab stops connecting.
    if (table.link == TableLink::Joined) return;
    if (table.link == TableLink::Lost) app.platform_requests.push_back({PlatformRequest::Kind::TableClose, "", ""});
    table.sent.reset();
    take_stored_copy(app);
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
