#pragma once
// The interface's model: the rules session it drives, and the few choices that belong to the
// interface alone (language, tab, selection, the cast being prepared). Panels read these and
// emit actions through dispatch(); nothing here duplicates the rules' state.
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/dice_pose.hpp"
#include "app/layout.hpp"
#include "app/strings.hpp"
#include "core/game_data.hpp"
#include "core/session.hpp"
#include "store/session_store.hpp"

struct ImDrawList;
struct ImDrawCmd;

namespace czary::app {

enum class Tab { Party, Table, Dice, Log, Sessions };

// A spell being prepared: card -> targets -> dice -> confirm (issue "cast flow").
struct CastDraft {
    std::string caster;
    std::string spell;
    std::vector<std::string> targets;
    bool table_dice = false;     // the players roll real dice and enter the pips
    std::vector<int> pips;
    std::string destination;     // Teleportacja
    bool active() const { return !spell.empty(); }
};

struct Notice {
    LocalizedText text;
    std::string rule;
    bool refusal = false;
    // What the notice offers to do about itself: "export" (the storage is full),
    // "restore:<deleted key>" (undo a deletion), "delete_for_good:<key>" (no room for the
    // 48-hour copy), "leave_unsaved" (export before leaving a session that is not saved).
    std::string offer;
};

// The player asked to leave a session that is not saved (the storage is full or off): what to
// do once they have exported it or agreed to lose it.
struct LeaveUnsaved {
    enum class Kind { NewSession, Open, Import };
    Kind kind = Kind::NewSession;
    std::string key;   // Open: the session to open
    std::string text;  // Import: the file's text
};

// What the platform is asked to do after the frame (the app itself knows no browser).
struct PlatformRequest {
    enum class Kind { Download, PickFile, ApplyUpdate };
    Kind kind;
    std::string file_name;
    std::string text;
};

struct UiState {
    Tab tab = Tab::Party;
    std::string selected;        // figure id
    std::string open_card;       // spell id whose full text is shown
    CastDraft cast;
    std::optional<Notice> notice;
    std::optional<std::size_t> outcome_step;  // the step whose outcome is shown
    char hero_filter[64] = "";
    char name[64] = "";
    int race = 0;
    int initiate_bonus = 0;
    char custom_name[64] = "";
    int custom_sila = 7, custom_odpornosc = 2;
    int custom_potential[3] = {0, 0, 0};   // 0 siła, 1 weapon, 2 talent (4.4: the extra +1)
    int monster_kind = 0;
    int monster_sila = 6;
    int monster_level = 1;
    char monster_code[16] = "";
    char destination[64] = "";   // Teleportacja's segment, as typed  // the counter's siła code, e.g. "2+2" (3.1)
    int gold = 40;
    bool table_dice_everywhere = false;  // real-dice mode for the whole session
    std::vector<int> pending_pips;       // pips entered for a roll outside a cast
    std::vector<std::string> pool_draft; // spells ticked for the selected character
    std::string pool_draft_for;
    char dice_code[16] = "1K6";          // the tray's code
    bool tray_table_dice = false;        // the tray's next roll comes from real dice
    // The roll that tumbles now: the step that rolled and when (ImGui time, s). Rolls of other
    // steps (after undo, on reload) are shown at rest.
    std::size_t rolling_step = static_cast<std::size_t>(-1);
    double rolled_at = 0;
    char session_name[64] = "";          // the rename field of the Sessions tab
    std::string session_name_for;        // the session key the field was filled for
    std::string confirm_delete;          // a session key waiting for "yes, delete"
    std::optional<LeaveUnsaved> leave_unsaved;  // waiting for "export" or "leave without saving"
    // The log shows the newest steps only, more on request: laying out every step of a long
    // session each frame made frames slow (11 ms at 10,000 steps on the development machine).
    std::size_t log_steps_shown = kLogPage;
    static constexpr std::size_t kLogPage = 100;
};

struct App {
    const GameData* data = nullptr;
    Session session;
    Strings polish;
    Strings english;
    std::string language = "pl";
    UiState ui;
    Layout layout;
    store::SessionStore* store = nullptr;  // where the session is saved after every change
    std::vector<PlatformRequest> platform_requests;
    bool update_ready = false;             // a new version of the app waits for the player's consent
    // The open session's last save failed (full or switched-off storage): it lives only in this
    // tab, and leaving it asks first.
    bool session_unsaved = false;
    int failed_frames = 0;                 // frames in a row that threw (recover_from_error)
    bool offline_not_ready = false;        // the app would not start with no network now (the page says)
    std::uint64_t seed_source = 0;         // seeds of new sessions derive from it
    bool reduced_motion = false;           // dice show their result at once

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

    const Strings& text() const { return language == "en" ? english : polish; }
    const char* tr(const char* key) const { return text()(key); }
    const std::string& local(const LocalizedText& t) const { return t.in(language); }
};

// Loads the tables and translations compiled in from data/, with a new session.
App make_app(std::uint64_t seed);

// Applies an action to the session; a refusal becomes the notice shown to the player.
// Every change is saved at once (autosave).
ApplyResult dispatch(App& app, const nlohmann::json& action);
// Undo / redo one step, saved like any change.
void undo(App& app);
void redo(App& app);
// Both languages of an interface text, with "{name}"-style parts filled in.
LocalizedText both(const App& app, const char* key, const std::map<std::string, std::string>& parts = {});
// The same for an action that rolls: in real-dice mode the pips entered on the pad go with it
// (and are used up when it succeeds).
ApplyResult dispatch_rolling(App& app, nlohmann::json action);

// Draws one frame of the whole interface into the current ImGui context.
void draw_app(App& app);
// The last resort of the frame loop: a frame threw `what` (nothing stored or read should make
// it, but a dead canvas is never the answer). The player is told, in their language, and taken
// to the Sessions tab (export, another session); after repeated failures the frame draws only
// the message and the export button (draw_emergency).
void recover_from_error(App& app, const char* what);
void draw_emergency(App& app);

// Every text the interface can show in any language: the glyph check runs over all of them.
std::vector<std::string_view> all_display_texts(const App& app);

}  // namespace czary::app
