#pragma once
// A phone at a live table (docs/table-protocol.md): the open session is a copy of a table the
// computer at the table hosts. An action is not applied here when the player makes it: it goes to
// the host, which orders it and sends it back, with every other phone's, as a confirmed step; only
// then does this copy apply it, exactly as every other copy does. The platform carries the frames
// (PlatformRequest::Kind::TableSend out, receive_from_table in) and reconnects; this decides.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/actions.hpp"
#include "core/session.hpp"

namespace czary::app {

struct App;

enum class TableLink {
    Connecting,  // the platform is opening the connection (first time or again)
    Joined,      // welcomed: the copy is the table's
    Lost,        // the connection dropped: read-only until it is back
    Refused,     // the host said no (another build, no such table...): `closed` says why
};

struct LiveTable {
    std::string id;      // the table's key: 32 hexadecimal digits, from the host
    // The service that keeps the table (table_service.hpp): a wss:// URL, or "" for the page's own
    // address (the computer at the table that serves this page).
    std::string service;
    // Whether the service has answered this phone since it became a phone of the table (a welcome):
    // until then a lost connection is said in words, naming the service, once.
    bool reached = false;
    bool told_unreachable = false;
    // This phone's name at this table, shown beside its steps on every phone: the one it asked for,
    // until the host's welcome gives the one it has there ("Kuba (2)" when another phone is Kuba).
    std::string player;
    // Opening a table: a random key sent with every "open" of this table, so that an "open" sent
    // again (the connection dropped before the welcome) finds the table it made, not a second one.
    std::string opening;
    TableLink link = TableLink::Connecting;
    std::uint64_t version = 0;  // steps confirmed since the table opened, as this copy has them
    bool have_copy = false;     // this copy is the table's at `version` (else the host sends it whole)
    int phones = 0;
    std::vector<std::string> players;
    // The one action on its way: sent, not yet confirmed or refused. Kept after a refusal for
    // being first by somebody else, so that it is one tap from being sent again.
    struct Step {
        std::optional<Action> action;  // none: an undo or a redo
        bool redo = false;
    };
    struct Sent {
        std::string ref;
        Step step;
        std::string title;  // what it is, for the toasts ("Błyskawica", "Cofnij")
    };
    std::optional<Sent> sent;
    // On its way when the connection dropped: it may or may not have reached the host. The next
    // welcome says: among the steps it brings (done), or not (the player is told it was not made,
    // and offered to send it again).
    std::optional<Sent> unsure;
    std::optional<Action> send_again;  // refused as stale: the player may send it again
    std::string closed;  // the host's reason for refusing this phone (other_build, no_table, replaced, ...)
    // Another tab (or window) of this browser holds the table: it saved the table's copy, or the
    // host took its newer connection for this phone ("replaced"). Read-only here, never connecting
    // again by itself (it would take the table back from the tab the player is in); "Połącz
    // ponownie" brings the table back here. Steps still arriving on this connection are applied
    // (the other tab saves them).
    bool elsewhere = false;
    // The tags of this phone's steps: the player's name, a random part made when it became a phone
    // of the table, and a count ("Kuba-3f9a1c07-1"), so that no other phone (nor another tab) sends
    // the same ref.
    std::string ref_key;
    std::uint64_t refs = 0;
};

// What this phone remembers of the tables it was at (kept with the device's settings, "tables"):
// the stored session that is each table's copy, the characters this phone plays there, and
// whether it was at the table when the app closed (it joins again when the app opens).
struct KnownTable {
    std::string id;
    std::string service;            // where the table is kept (LiveTable::service)
    std::string session;            // the stored session's key
    std::vector<std::string> mine;  // the figures this phone plays: their hands come first here
    bool at = false;
};
inline constexpr std::size_t max_known_tables = 12;  // the oldest is forgotten (its session stays)
inline constexpr std::size_t max_characters_played = 12;  // a phone's choice at one table
// (The stored settings' limits, store/session_store.cpp, hold 12 tables of 12 characters.)
inline constexpr std::size_t max_player_name_chars = 40;  // the host's limit (table-host.mjs)

// A table's link waiting for the player's name: the table and the service that keeps it.
struct WaitingTable {
    std::string id;
    std::string service;
};

// A phone's key as the protocol takes it: 16-64 characters of [A-Za-z0-9_-].
bool is_phone_key(std::string_view key);

// A table's id as the host makes it: 32 lowercase hexadecimal digits (128 random bits).
bool is_table_id(std::string_view id);
// The player's name and the known tables, as the settings keep them; read back field by field
// (damaged or unknown entries are left out, never stop the start).
void add_table_settings(const App& app, nlohmann::json& settings);
void apply_table_settings(App& app, const nlohmann::json& settings);

// The link other phones open to join: this page's address + "#t=" + the table's id ("" before
// the host gave the id), + "@" + the service (service_in_link) when the table is not kept where
// this site keeps its tables by default: "https://czary.example.org/#t=<id>@tables.example.org".
std::string table_link(const App& app);

// "Otwórz ten stół dla innych": the open session (its whole history) becomes a table; `player`
// is remembered as this phone's name.
void open_table_for_others(App& app, std::string player);
// The app was opened with a table's link (what follows "#t=": "<id>" or "<id>@<service>"): this
// phone joins it (as a new session), or rejoins with the session that is its copy; with no player
// name yet, it asks for one first.
void table_link_opened(App& app, std::string_view link);
// The player gave their name for the waiting link ("Dołącz"), or declined ("Nie teraz").
void join_waiting_table(App& app, std::string player);
void decline_waiting_table(App& app);
// On start: the phone was at a table with the session that opened: it joins again.
void rejoin_table_on_start(App& app);
// "Połącz ponownie": the platform connects at once (its backoff starts again). From a tab where the
// table is held elsewhere, the table comes back to this one (its copy as last stored first).
void reconnect_table(App& app);
// Whether the platform connects again by itself after the connection dropped: not after the host
// refused this phone, nor while another tab holds the table.
bool table_should_reconnect(const App& app);
// Another tab of this browser saved the open session, which is this phone's copy of a table: that
// tab is at the table now. This one says so and becomes read-only; once its own connection is
// over, it shows the copy as the other tab stored it, and stops connecting. (A tab connecting
// now takes the table instead: its welcome is saved over the other tab's copy.)
void table_copy_saved_elsewhere(App& app);
// Another session opened on this phone: it leaves the table (the copy stays a stored session,
// and the table's link opens it again).
void left_table(App& app);

// The characters this phone plays at its table (none away from a table), and the choice.
bool plays(const App& app, const std::string& figure);
void toggle_plays(App& app, const std::string& figure);
// This phone's living characters first, the rest in the formation's order (ids).
std::vector<std::string> characters_mine_first(const App& app);

// The frames a phone sends first: make the open session a table, or join (rejoin) one.
std::string open_table_frame(const App& app);
std::string hello_frame(const App& app);

// Becomes a phone of the table `id` kept at `service` (or of a new one, when `id` is empty:
// open_table_frame, at service_for_new_tables) and asks the platform to connect.
void join_table(App& app, std::string id, std::string player, std::string service);
// The same for the page hook (joinTable): the name is kept as this phone's, as the interface's
// "Dołącz" keeps it.
void join_table_as(App& app, std::string id, std::string player);
// What the platform sends first on every (re)connection: open or hello.
std::string first_frame(App& app);

// An action (or an undo, a redo) made on this phone at a live table: sent to the host, not
// applied. False, with a notice saying why, when nothing could be sent (no connection, another
// action still on its way).
bool send_action_to_table(App& app, const Action& action);
bool send_undo_to_table(App& app, bool redo);
// The stale step (an action, an undo, a redo) sent again at the table's new version (the
// notice's offer).
void send_again_to_table(App& app);

// A frame from the host (the platform passes every one): a welcome, a confirmed step, a refusal,
// the phones at the table, an error.
void receive_from_table(App& app, std::string_view frame);
// The connection is gone (the platform reconnects, with backoff, and sends hello_frame again).
// `online`: the device says it has a network (a phone offline is told so, not that the service
// failed). A table being opened whose service never answered is not opened at all: the phone
// plays on alone, and the player is told why (no table is left waiting for a service that may
// not exist).
void table_connection_lost(App& app, bool online = true);
// The platform is connecting again.
void table_connecting(App& app);

// "Graj dalej sam": the copy becomes an ordinary session of this phone.
void play_on_alone(App& app);

}  // namespace czary::app
