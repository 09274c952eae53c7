// window.czary: the page's automation hook for tests and scripting (web/glue.js wraps these).
// state(): the session as JSON; dispatch(action): the core's action, returns its result;
// layout(): screen rectangles (CSS px) of every token, place, card and button by a stable id.
#include <emscripten/emscripten.h>
#include <imgui.h>

#include <string>

#include <nlohmann/json.hpp>

#include "core/json_input.hpp"
#include "core/json_writer.hpp"

#include "controller/sessions.hpp"
#include "controller/share.hpp"
#include "controller/table_service.hpp"
#include "core/state_json.hpp"
#include "platform/web/web_app.hpp"

namespace {

const char* keep(std::string text) {
    static std::string kept;
    kept = std::move(text);
    return kept.c_str();
}

// JSON for the page: a text that is not UTF-8 (it should never reach here) is replaced, not thrown
// into the page as a WebAssembly exception.
std::string page_json(const nlohmann::json& value) { return czary::compact_json_text(value); }

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* czary_state_json() {
    const auto& app = czary::platform::web_app();
    nlohmann::json out = czary::state_to_json(app.session.state());
    out["position"] = app.session.position();
    out["steps"] = app.session.steps().size();
    return keep(page_json(out));
}

EMSCRIPTEN_KEEPALIVE const char* czary_session_json() { return keep(czary::platform::web_app().session.to_text()); }

// An action from a page tool (controller dispatch_text): the answer is a result or a refusal,
// never an exception thrown into the page.
EMSCRIPTEN_KEEPALIVE const char* czary_dispatch_json(const char* action_text) {
    const auto result = czary::app::dispatch_text(czary::platform::web_app(), action_text);
    czary::platform::request_frames(3);
    return keep(page_json(czary::result_to_json(result)));
}

EMSCRIPTEN_KEEPALIVE const char* czary_layout_json() { return keep(page_json(czary::platform::web_app().layout.to_json())); }

// What the interface shows besides the session: tab, selection, the cast being prepared, texts.
EMSCRIPTEN_KEEPALIVE const char* czary_ui_json() {
    const auto& app = czary::platform::web_app();
    const auto& ui = app.ui;
    static const char* tabs[] = {"party", "table", "dice", "log", "sessions"};
    czary::JsonWriter w;
    w.object().field("tab", tabs[static_cast<int>(ui.tab)]).field("language", app.language).field("selected", ui.selected);
    w.key("cast").object().field("caster", ui.cast.caster).field("spell", ui.cast.spell).field("targets", ui.cast.targets);
    w.field("pips", ui.cast.pips).field("tableDice", ui.cast.table_dice).end();
    w.field("texts", app.layout.texts_json());
    // The toast: how long it has been shown (s, the app's clock), how long it stays once
    // nobody touches it, a finger on it, its details open.
    if (ui.toast.showing.empty()) {
        w.key("toast").null();
    } else {
        w.key("toast").object().field("age", app.now - ui.toast.since).field("shownFor", app.now - ui.toast.first);
        w.field("reading", ui.toast.reading).field("held", ui.toast.pressed).field("details", ui.toast.details).end();
    }
    // A press where a toast lay a moment after it went by itself was taken by it (toast.cpp).
    w.field("toastGoneTook", ui.toast_gone.took);
    if (ui.notice)
        w.key("notice").object().field("text", app.local(ui.notice->text)).field("offer", czary::app::offer_name(*ui.notice)).end();
    else
        w.key("notice").null();
    w.field("updateReady", app.update_ready).field("sessionUnsaved", app.session_unsaved).field("offlineReady", !app.offline_not_ready);
    w.field("reducedMotion", app.reduced_motion).field("textScale", app.text_scale).field("diceMoving", app.dice_moving);
    // The token a long press lifted (the finger carries it), or "".
    w.field("lifted", app.touch.gesture.dragging() ? app.touch.gesture.lifted_figure() : std::string());
    w.field("sheet", ui.tab == czary::app::Tab::Table ? (ui.cast.active() ? "cast" : ui.table.sheet == czary::app::Sheet::Monsters ? "monsters"
                                                         : ui.table.sheet == czary::app::Sheet::Talk ? "talk" : "figure") : "");
    // The dice on screen in the last frame: the pips the core recorded and the face the
    // animated pose shows (they agree once a die rests).
    w.key("dice").array();
    for (const auto& die : app.die_draws)
        w.object().field("id", die.id).field("pip", die.pip).field("face", die.face).field("settled", die.settled).end();
    w.end();
    // "Pass to another device": the link made (with its QR code, or too long for one).
    if (ui.share.open) {
        w.key("share").object().field("waiting", ui.share.waiting).field("link", ui.share.link).field("bytes", ui.share.link.size());
        w.field("qr", ui.share.qr.has_value()).field("qrSize", ui.share.qr ? ui.share.qr->size : 0);
        w.field("positionOnly", ui.share.position_only).field("wholeBytes", ui.share.whole_link_bytes).end();
    } else {
        w.key("share").null();
    }
    if (ui.incoming_share)
        w.key("incomingShare").object().field("name", ui.incoming_share->name).field("steps", ui.incoming_share->steps).end();
    else
        w.key("incomingShare").null();
    if (app.store) {
        w.key("storedSession").object().field("key", app.store->current_key()).field("name", app.store->current_name());
        w.field("revision", app.store->current_revision()).end();
    }
    return keep(w.end().take());
}

// A session file picked by the player (web/glue.js reads it).
EMSCRIPTEN_KEEPALIVE int czary_import_session(const char* text) {
    const bool ok = czary::app::import_session(czary::platform::web_app(), text);
    czary::platform::request_frames(3);
    return ok ? 1 : 0;
}

// "Pass to another device" (web/glue.js): the link the page made of the session file.
EMSCRIPTEN_KEEPALIVE void czary_share_link(const char* link) {
    czary::app::share_link_made(czary::platform::web_app(), link);
    czary::platform::request_frames(3);
}

// The page was opened with a session in its fragment (#s=...): its text, decompressed, or the
// fragment could not be read (damaged: bad base64url, cut-short deflate data, not UTF-8).
EMSCRIPTEN_KEEPALIVE void czary_incoming_share(const char* text) {
    czary::app::incoming_share(czary::platform::web_app(), text);
    czary::platform::request_frames(3);
}

EMSCRIPTEN_KEEPALIVE void czary_incoming_share_damaged() {
    czary::app::incoming_share_damaged(czary::platform::web_app());
    czary::platform::request_frames(3);
}

// The most a session file may hold (bytes): the page unpacks a link no further.
EMSCRIPTEN_KEEPALIVE double czary_session_max_bytes() { return static_cast<double>(czary::session_file_limits.max_bytes); }

// The link unpacked to more than a session file may hold: the page stopped unpacking it.
EMSCRIPTEN_KEEPALIVE void czary_incoming_share_too_large() {
    czary::app::incoming_share_too_large(czary::platform::web_app());
    czary::platform::request_frames(3);
}

// The page cannot decompress a link at all (a browser without DecompressionStream('deflate-raw')).
EMSCRIPTEN_KEEPALIVE void czary_incoming_share_unreadable() {
    czary::app::incoming_share_unreadable(czary::platform::web_app());
    czary::platform::request_frames(3);
}

// The browser's share sheet takes files (navigator.canShare({files})).
EMSCRIPTEN_KEEPALIVE void czary_can_share_files(int yes) {
    czary::platform::web_app().can_share_files = yes != 0;
    czary::platform::request_frames(3);
}

// Text typed on the phone's keyboard (a hidden field of the page, web/glue.js).
EMSCRIPTEN_KEEPALIVE void czary_text_input(const char* utf8) {
    czary::platform::type_text(utf8);
}

EMSCRIPTEN_KEEPALIVE void czary_text_key(const char* key) {
    const std::string name = key;
    if (name == "Backspace") czary::platform::press_key(ImGuiKey_Backspace);
    else if (name == "Enter") czary::platform::press_key(ImGuiKey_Enter);
}

EMSCRIPTEN_KEEPALIVE void czary_request_frames(int count) { czary::platform::request_frames(count); }

// Tests only: the next frame throws, to check the frame loop's last resort (main.cpp).
EMSCRIPTEN_KEEPALIVE void czary_fail_next_frame() { czary::platform::fail_next_frame(); }

// Another tab wrote to localStorage (the page's "storage" event).
EMSCRIPTEN_KEEPALIVE void czary_storage_changed() {
    czary::app::storage_changed(czary::platform::web_app());
    czary::platform::request_frames(3);
}

// The live table (controller/live_table.hpp): web/glue.js carries the frames. The first frame of
// a connection, each frame from the host, and the connection's loss (1: connect again).
EMSCRIPTEN_KEEPALIVE const char* czary_table_first_frame() {
    auto& app = czary::platform::web_app();
    czary::platform::request_frames(3);
    return keep(czary::app::first_frame(app));
}

EMSCRIPTEN_KEEPALIVE void czary_table_receive(const char* frame) {
    czary::app::receive_from_table(czary::platform::web_app(), frame);
    czary::platform::request_frames(3);
}

EMSCRIPTEN_KEEPALIVE int czary_table_lost(int online) {
    auto& app = czary::platform::web_app();
    czary::app::table_connection_lost(app, online != 0);
    czary::platform::request_frames(3);
    return czary::app::table_should_reconnect(app) ? 1 : 0;
}

// The page hook's live table (web/glue.js openTable, joinTable, table, playAlone): the name is
// kept as this phone's, as the interface keeps it.
EMSCRIPTEN_KEEPALIVE void czary_table_open(const char* player) {
    czary::app::open_table_for_others(czary::platform::web_app(), player);
    czary::platform::request_frames(3);
}

EMSCRIPTEN_KEEPALIVE void czary_table_join(const char* request) {
    // The page's own request (glue.js): {"id", "player"}.
    const auto asked = czary::parse_own_json(request);
    if (!asked || !asked->is_object()) return;
    czary::app::join_table_as(czary::platform::web_app(), asked->value("id", ""), asked->value("player", ""));
    czary::platform::request_frames(3);
}

// The page's address without its fragment (the table's link is made from it), and a table's
// link the app was opened with ("#t=<id>").
EMSCRIPTEN_KEEPALIVE void czary_page_address(const char* address) {
    czary::platform::web_app().page_address = address;
    czary::platform::request_frames(3);
}

// The site's own table service, as the published page names it (its page-config block).
EMSCRIPTEN_KEEPALIVE void czary_site_table_service(const char* url) {
    czary::app::set_site_table_service(czary::platform::web_app(), url);
    czary::platform::request_frames(3);
}

// The player names a table service (the page hook setTableService, as the Sessions tab does):
// 1 when taken, 0 when the text is not a service's address (the player is told).
EMSCRIPTEN_KEEPALIVE int czary_choose_table_service(const char* typed) {
    auto& app = czary::platform::web_app();
    const bool taken = czary::app::choose_table_service(app, typed);  // the next frame saves the settings
    czary::platform::request_frames(3);
    return taken ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void czary_table_link(const char* id) {
    czary::app::table_link_opened(czary::platform::web_app(), id);
    czary::platform::request_frames(3);
}

EMSCRIPTEN_KEEPALIVE const char* czary_table_json() {
    const auto& app = czary::platform::web_app();
    if (!app.table) return "null";
    const auto& table = *app.table;
    static constexpr const char* links[] = {"connecting", "joined", "lost", "refused"};
    czary::JsonWriter w;
    w.object().field("id", table.id).field("player", table.player).field("link", links[static_cast<int>(table.link)]);
    w.field("version", table.version).field("phones", table.phones).field("players", table.players);
    w.field("sending", table.sent.has_value()).field("send_again", table.send_again.has_value()).field("closed", table.closed);
    w.field("elsewhere", table.elsewhere);
    w.field("link_url", czary::app::table_link(app));
    w.field("service", table.service).field("reached", table.reached);
    w.key("mine").array();
    for (const auto& figure : app.session.state().figures)
        if (czary::app::plays(app, figure.id)) w.value(figure.id);
    return keep(w.end().end().take());
}

EMSCRIPTEN_KEEPALIVE void czary_table_play_alone() {
    czary::app::play_on_alone(czary::platform::web_app());
    czary::platform::request_frames(3);
}

// A new version of the app is installed and waits (web/glue.js, the service worker).
EMSCRIPTEN_KEEPALIVE void czary_update_ready() {
    czary::platform::web_app().update_ready = true;
    czary::platform::request_frames(3);
}

// Whether the app would start with no network now (web/glue.js asks the service worker).
EMSCRIPTEN_KEEPALIVE void czary_offline_ready(int ready) {
    czary::platform::web_app().offline_not_ready = ready == 0;
    czary::platform::request_frames(3);
}
}
