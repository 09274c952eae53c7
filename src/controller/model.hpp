#pragma once
// The interface's model (the controller: no drawing here, built and unit-tested natively): the rules session it drives, and the few choices that belong to the
// interface alone (language, tab, selection, the cast being prepared). Panels read these and
// emit actions through dispatch(); nothing here duplicates the rules' state.
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "controller/dice_pose.hpp"
#include "controller/gesture.hpp"
#include "controller/layout.hpp"
#include "controller/live_table.hpp"
#include "controller/qr.hpp"
#include "controller/strings.hpp"
#include "core/actions.hpp"
#include "core/game_data.hpp"
#include "core/session.hpp"
#include "store/session_store.hpp"

struct ImDrawList;
struct ImDrawCmd;

namespace czary::app {

enum class Tab { Party, Table, Dice, Log, Sessions };

// A spell being prepared: card -> target -> cast (issue "Play at the table by touch").
struct CastDraft {
    std::string caster;
    std::string spell;
    std::vector<std::string> targets;
    bool table_dice = false;     // the players roll real dice and enter the pips
    std::vector<int> pips;
    std::size_t pips_shown = 0;  // the pips the sheet last scrolled for (a new pip: the confirm under the pad into view)
    std::string destination;     // Teleportacja
    int cost = 0;                // wounds it costs, as the card said when it was tapped
    bool asked_no_wounds = false;  // a healing spell on a figure with no wounds: asked once
    bool show_rule = false;      // the rule's own text is open in the cast bar
    bool active() const { return !spell.empty(); }
};

// What a notice offers to do about itself.
enum class Offer {
    None,
    Export,         // the storage is full: export the session
    Restore,        // undo a deletion (of the copy `key`)
    DeleteForGood,  // no room for the 48-hour copy: delete the session `key` for good
    OpenShared,     // a session passed in a link: open it as a new one
    LeaveUnsaved,   // export before leaving a session that is not saved
    SendAgain,      // a live table's action refused because another came first: send it again
};

struct Notice {
    LocalizedText text;
    std::string rule;
    bool refusal = false;
    Offer offer = Offer::None;
    std::string key = {};  // the stored session or copy the offer is about
};

// The offer as the page hook reports it: "export", "restore:<key>", "delete_for_good:<key>", ...
std::string offer_name(const Notice& notice);

// The player asked to leave a session that is not saved (the storage is full or off): what to
// do once they have exported it or agreed to lose it.
// Where an imported session came from: what the player is told differs ("Zaimportowano…",
// "Otwarto przekazaną…").
enum class ImportFrom { File, Link };
struct LeaveUnsaved {
    enum class Kind { NewSession, Open, Import };
    Kind kind = Kind::NewSession;
    std::string key;   // Open: the session to open
    std::string text;  // Import: the file's text
    std::string name;  // Import: the name it is stored under ("" for "Import N")
    ImportFrom from = ImportFrom::File;  // Import
};

// What the platform is asked to do after the frame (the app itself knows no browser).
struct PlatformRequest {
    // ShareLink: make the link of `text` (a session file) and report it (share.hpp);
    // ShareFile: the system's share sheet with `text` as the file `file_name`.
    // DownloadStored: the stored value under the key `text`, exactly as the platform keeps it
    // (a text that went through the app could differ: a U+0000, half of a surrogate pair).
    // TableConnect: open (or open again) the connection to the live table's host; TableSend:
    // `text` is a frame for it (live_table.hpp); TableClose: the phone leaves the table.
    enum class Kind { Download, PickFile, ApplyUpdate, Vibrate, ShareLink, ShareFile, DownloadStored, TableConnect, TableSend, TableClose };
    Kind kind;
    std::string file_name;
    std::string text;
};

// The forms of the Party tab (4.1, 4.3, 4.4).
struct PartyForms {
    char hero_filter[64] = "";
    char name[64] = "";
    int race = 0;
    int initiate_bonus = 0;
    int gender = -1;                      // the new character's: -1 not said, 0 "on", 1 "ona" (asked once)
    char custom_name[64] = "";
    int custom_sila = 7, custom_odpornosc = 2;
    int custom_potential[3] = {0, 0, 0};
    std::vector<std::string> pool_draft;  // spells ticked for the open character
    std::string pool_draft_for;
    bool scroll_to_open = false;          // a character was just opened: its heading goes to the top
    bool fold_heroes = false;             // a hero was added: table 4.3 folds (once)
    bool fold_initiate = false;           // an initiate was added: its form folds (once)
};

// The monster form of the Table tab (8.2): nothing carries over from one monster to the next.
struct MonsterForm {
    int kind = -1;       // none chosen yet
    char sila[4] = "";   // as typed, digits only; empty: none typed (a "0" in it read as a value to fix)
    int level = 1;
    char code[16] = "";  // the counter's siła code, e.g. "2+2" (3.1)
    bool scroll_to_kind = false;  // a kind was just chosen: the sheet brings it to its top
    char search[32] = "";  // a small phone: the kinds whose name holds it
};

// What the Table tab's bottom sheet shows (the board stays above it).
enum class Sheet { Figure, Monsters, Talk };

struct TableView {
    Sheet sheet = Sheet::Figure;
    bool figure_details = false;  // a character's sheet shows wounds and statuses instead of its spells
    bool show_unusable_cards = false;  // the cards out for this adventure, unfolded
    std::string sheet_shown;  // which sheet the sheet region showed last (kind, figure, cast)
    int wound_amount = 0;         // typed on the figure sheet's number field
    int gold = 40;                // the bribe offered (8.9)
    bool ending_fight = false;    // the fight's end asks "victory or flight?" in the same row
    // The board keeps its front lines mid-view until the player scrolls it (then it stays put).
    bool board_follows_player = false;
    std::optional<float> board_scroll_set;
    // Monster ranks drawn during this fight: a rank emptied by a death keeps its room, so that
    // the party's counters below the front line never jump (reset when the fight is over).
    int monster_ranks_kept = 0;
    // A phone gives the board the height of its ranks and the sheet the rest; that height is
    // set when the sheet changes (another figure, a form, a cast) and kept until the next change,
    // so that neither the sheet's buttons nor the party move while the player uses them. A new
    // monster rank meanwhile grows upwards, out of view (a swipe shows it; the next sheet too).
    std::optional<float> board_height;
    std::string board_height_for;   // the sheet the height was set for
    float board_front_at = 0;       // where the front line sat in the board then
    float board_content = 0;        // the height the ranks took last frame
    float board_front_content = 0;  // and where the front line was among them
    std::string reveal;           // a counter just dropped: the board scrolls until it is whole
    char destination[64] = "";    // Teleportacja's segment, as typed
    float talk_result_room = 0;  // the largest talk result shown: its room is kept
    std::string talk_room_for;   // the width, text size and language that room was measured for
};

struct TrayForm {
    char dice_code[16] = "1K6";
    bool table_dice = false;  // the tray's next roll comes from real dice
};

struct SessionsForm {
    char name[64] = "";           // the rename field
    std::string name_for;         // the session key the field was filled for
    std::string confirm_delete;   // a session key waiting for "yes, delete"
    char player[64] = "";         // the live table's player-name field
    bool player_filled = false;   // the field was filled from the remembered name
    // "Zmień usługę stołów": the field of a table service's address, open, and what it holds.
    bool service_open = false;
    bool service_focus = false;  // opened now: brought into view in the next frame
    char service[128] = "";
    bool confirm_alone = false;   // "Graj dalej sam" tapped: waiting for "Tak, graj sam"
    // Joined from a link's invitation (drawn first in the tab): the section moves below the open
    // session, and the page follows it once, so that the next tap lands on the table's section.
    bool bring_live_into_view = false;
    std::string table_qr_for;     // the live table's link its QR code was made for
    std::optional<QrMatrix> table_qr;
};

// "Pass to another device" (share.hpp): the link of the open session and its QR code.
struct ShareView {
    bool open = false;
    bool waiting = false;          // the platform is making the link
    bool position_only = false;    // the link carries the current position, not the history
    std::string link;
    std::optional<QrMatrix> qr;    // none: the link is longer than one QR code holds
    std::size_t whole_link_bytes = 0;  // the whole session's link, once made
    std::size_t steps_left_out = 0;    // position only: the history's steps left out
    std::string file_note;         // what the player was told about sharing or exporting the file
    // The view just opened or changed (the link is made): the page scrolls once so that the
    // code and "Zamknij" are in view (the button sat low in the tab, the view opened off-screen).
    bool bring_into_view = false;
    std::string made_for;  // the session (key, name, steps, position) the link was asked for
};
// A session that came in a link, waiting for the player's "yes".
struct IncomingShare {
    std::string text;
    std::string name;  // stored under: the link's name, or with " (2)" when one has it already
    std::size_t steps = 0;
};
struct UiState {
    Tab tab = Tab::Party;
    std::string selected;        // figure id
    CastDraft cast;
    std::optional<Notice> notice;
    std::optional<std::size_t> outcome_step;  // the step whose outcome the toast shows
    // The toast on screen: what it shows (a notice or a step), since when, its details opened by
    // a tap, and where it was drawn (a press there is the toast's, not the widget's below).
    struct ToastView {
        std::string showing;
        double since = 0;       // s, app clock; a finger on the toast keeps moving it on
        double first = 0;       // s, app clock: when it came
        bool details = false;
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        bool pressed = false;   // a press began on the toast
        double reading = 0;     // s it stays once nobody touches it
    } toast;
    // Where a toast that went by itself lay, and until when (s, app clock) a press there is
    // still the toast's: a finger on its way to it must not press what it uncovered.
    struct ToastGone {
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        double until = 0;
        bool took = false;  // it took a press (reported to the page hook)
    } toast_gone;
    // The state before the newest step this tab applied: the board shows what the step did
    // ("−6", "odpiera") on the tokens until the next change.
    std::optional<GameState> before_step;
    PartyForms party;
    MonsterForm monster;
    TableView table;
    TrayForm tray;
    SessionsForm sessions;
    bool table_dice_everywhere = false;  // real-dice mode for the whole session
    std::vector<int> pending_pips;       // pips entered for a roll outside a cast
    // The roll that tumbles now: the step that rolled and how far its tumble has gone (s). Rolls
    // of other steps (after undo, on reload) are shown at rest. The tumble's clock moves at most
    // 1/15 s a frame: however slowly a device draws, the dice are seen turning over some 15 frames.
    std::size_t rolling_step = static_cast<std::size_t>(-1);
    double tumble_clock = 0;
    std::optional<LeaveUnsaved> leave_unsaved;  // waiting for "export" or "leave without saving"
    ShareView share;
    std::optional<IncomingShare> incoming_share;
    // The log shows the newest steps only, more on request: laying out every step of a long
    // session each frame made frames slow (11 ms at 10,000 steps on the development machine).
    std::size_t log_steps_shown = kLogPage;
    static constexpr std::size_t kLogPage = 100;
    // The page's scroll, kept with the tab and selection (view.cpp; restore_view in controller/sessions.hpp) and given back after a reload.
    float page_scroll = 0;
    std::optional<float> restore_scroll;
    std::string saved_view;  // the view as last written, to write only when it changed
};

// The finger this frame (controller/gesture.hpp; touch.cpp carries it out).
struct TouchState {
    Gesture gesture;
    unsigned int window = 0;  // ImGui id of the window the press began in
    bool dropped = false;     // a lifted token was let go in this frame
};

struct App {
    const GameData* data = nullptr;
    Session session;
    Strings polish;
    Strings english;
    std::string language = "pl";
    UiState ui;
    Layout layout;
    TouchState touch;
    store::SessionStore* store = nullptr;  // where the session is saved after every change
    std::vector<PlatformRequest> platform_requests;
    bool update_ready = false;             // a new version of the app waits for the player's consent
    // A phone of a live table: the session is the table's copy (live_table.hpp), and dispatch
    // sends actions to its host instead of applying them.
    std::optional<LiveTable> table;
    std::string player_name;               // this phone's name at live tables (the settings keep it)
    // This phone's key at live tables (the settings keep it, made once): a table that hears it again
    // takes the newer connection for the same phone (live_table.hpp).
    std::string phone_key;
    std::vector<KnownTable> known_tables;  // the live tables this phone was at (the settings keep them)
    std::string page_address;              // the app's address without its fragment (from the platform)
    std::optional<WaitingTable> table_waiting;  // a table's link waiting for this phone's player name
    // Where the tables this phone opens are kept (table_service.hpp): the player's choice (the
    // settings keep it; "" follows the site), and the site's own, from the published page ("":
    // the page's own address + "table").
    std::string table_service;
    std::string site_table_service;
    // The open session's last save failed (full or switched-off storage): it lives only in this
    // tab, and leaving it asks first.
    bool session_unsaved = false;
    int failed_frames = 0;                 // frames in a row that threw (recover_from_error)
    // A test asks for a frame that throws mid-panel (the page hook czary_fail_next_frame): the
    // failure passes through the panels' code to the frame's recovery, as a real one would.
    bool fail_next_frame = false;
    bool offline_not_ready = false;        // the app would not start with no network now (the page says)
    bool can_share_files = false;          // the system's share sheet takes files (navigator.canShare)
    std::uint64_t seed_source = 0;         // seeds of new sessions derive from it
    bool reduced_motion = false;           // dice show their result at once
    // The player's settings (Sessions tab; accessibility.hpp keeps them on the device):
    bool system_reduced_motion = false;    // what the device asks (prefers-reduced-motion)
    float text_scale = 1.0f;               // large text: 1, 1.25 or 1.5 times the font
    std::string saved_settings;            // as last written, to write only when they changed
    double now = 0;                        // s, the frame's clock (rolls tumble from it)

    // Dice drawn this frame by the platform's shader (ImGui draw callbacks point into this);
    // `dice_moving` asks the platform for the next frame.
    struct DieDraw {
        std::string id;                // "die:<where>:<roll>:<die>"
        int pip = 0;                   // what the core recorded
        int face = 0;                  // what the pose shows (face_towards_viewer)
        bool settled = false;
        float x = 0, y = 0, size = 0;  // CSS px
        Rotation rotation{};
        float body_colour[3] = {0, 0, 0};
        float pip_colour[3] = {0, 0, 0};
    };
    std::deque<DieDraw> die_draws;
    void (*draw_die)(const ImDrawList*, const ImDrawCmd*) = nullptr;
    bool dice_moving = false;
    // Frames are wanted though nothing comes in: a long press being timed, a glide.
    // Where this frame's toast sits: its bottom edge (CSS px), above the tab bar or the sheet.
    struct FrameRegions {
        float toast_bottom = 0;
        float toast_top = 0;    // a phone's toast hangs from here: under the top bar or the fight's buttons
        float toast_left = 0, toast_width = 0;  // 0: the screen's width
        float wake_in = 0;      // s: the toast goes by itself then (the platform draws a frame)
        bool redraw = false;    // a change asked for this frame shows in the next (a scroll set)
        float board_front_y = 0;
        float toast_height = 0;   // of the toast shown last frame: the pages leave that much room under their end  // where the monsters' ranks meet the party's (screen px)
        bool wide = false;  // a tablet's width: bigger tokens, side-by-side regions
        struct DropPlace {
            Side side;
            int rank, slot;  // 1-based, as in move_figure
            float x0, y0, x1, y1;
        };
        std::vector<DropPlace> places;  // the board's places drawn this frame, for a drop
        std::optional<std::pair<float, float>> reveal_span;  // TableView::reveal's top and bottom this frame
        // The toast's text this frame, as plain text (empty without a toast): the page mirrors
        // it for screen readers.
        std::string announcement;
    } frame;
    bool wants_frames() const { return dice_moving || frame.redraw || touch.gesture.wants_frames(); }

    const Strings& text() const { return language == "en" ? english : polish; }
    const char* tr(const char* key) const { return text()(key); }
    const std::string& local(const LocalizedText& t) const { return t.in(language); }
    // A sentence from below the interface (the store, the platform) in the chosen language.
    std::string local(const Phrase& phrase) const;
};

// Loads the tables and translations compiled in from data/, with a new session.
App make_app(std::uint64_t seed);

// Applies an action to the session; a refusal becomes the notice shown to the player.
// Every change is saved at once (autosave). The interface speaks in typed actions
// (core/actions.hpp); the JSON form is for the page hook and tools.
ApplyResult dispatch(App& app, const Action& action);
ApplyResult dispatch_json(App& app, const nlohmann::json& action);
// An action's JSON text from a page tool, read with the limits of an action in a session file
// (what is accepted here is always read back): whatever it holds, a result or a refusal
// ("invalid_action" with what was wrong), never an exception.
ApplyResult dispatch_text(App& app, std::string_view action_text);
// Undo / redo one step, saved like any change.
void undo(App& app);
void redo(App& app);
// Both languages of an interface text, with "{name}"-style parts filled in (parts are named
// with their braces, {{"{name}", value}}; the text's grammar, {n|…} counts included, is
// core/wording.hpp's).
LocalizedText both(const App& app, const char* key, const std::map<std::string, std::string>& parts = {});
// The same with parts that are in both languages already (a problem's words, a spell's name).
LocalizedText translated(const App& app, const char* key, const Args& parts);
// "58%": a probability for the odds lines.
std::string percent(double p);
// Both languages of a Phrase (data/i18n/<language>.json), its keyed parts translated too.
LocalizedText words(const App& app, const Phrase& phrase);
// The player's words for data that cannot be used ("problem.not_json" …, with the technical
// detail in the English text): an import refused, a frame that failed. Any other exception is
// "problem.unexpected" (the web build has no dynamic_cast: a caller catches DataError first).
LocalizedText problem_words(const App& app, const DataError& error);
LocalizedText problem_words(const App& app, const std::exception& error);
// The same for an action that rolls: in real-dice mode the pips entered on the pad go with it
// (and are used up when it succeeds).
ApplyResult dispatch_rolling(App& app, Action action);

// A log line with its rule: "… [10.4]" (no space inside: a rule number never breaks across
// lines), unless the text names the rule already.
std::string with_rule(const std::string& text, const std::string& rule);

// What a step's toast says: `whole` (every line with its rule) for screen readers and the
// details, `brief` as shown folded: the short forms of the lines that have one (a resist roll,
// a bribe's sum, where a monster stands), then the last line, how it ended; at most three.
struct OutcomeText {
    std::string whole, brief;
    bool more = false;  // the details show more than the brief (lines, dice)
};
OutcomeText outcome_text(const App& app, const SessionStep& step);

// What a step did, in a word or two: the spell's name for a cast, else the kind of action
// ("Cofnij: Błyskawica").
std::string step_title(const App& app, const SessionStep& step);

// The last resort of the frame loop: a frame threw `what` (nothing stored or read should make
// it, but a dead canvas is never the answer). The player is told, in their language, and taken
// to the Sessions tab (export, another session); after repeated failures the frame draws only
// the message and the export button (draw_emergency).
void recover_from_error(App& app, const char* what);

// Every text the interface can show in any language: the glyph check runs over all of them.
std::vector<std::string_view> all_display_texts(const App& app);

}  // namespace czary::app
