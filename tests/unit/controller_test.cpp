// The interface's controller, without drawing (src/controller): actions and their refusals,
// autosave, undo, imports, another tab's saves, the view kept beside the session, and the touch
// model that tells a tap from a swipe and a long press.
#include <doctest/doctest.h>

#include <cstdio>
#include <deque>

#include "controller/gesture.hpp"
#include "controller/model.hpp"
#include "controller/sessions.hpp"
#include "app_with_store.hpp"
#include "map_store.hpp"
#include "store/session_store.hpp"

namespace {

using czary::app::App;
using czary::app::Gesture;
using czary::app::Tab;
using czary::store::SessionStore;

struct Table : test::AppWithStore {
    // A second tab on the same storage: its own store object, as in another page.
    std::deque<SessionStore> other_stores;
    App open_again() {
        App other = czary::app::make_app(7);
        other.store = &other_stores.emplace_back(storage, [this] { return ms; });
        czary::app::open_start_session(other);
        return other;
    }
};

const czary::Action add_larraka = czary::actions::AddHero{"larraka"};

}  // namespace

TEST_CASE("controller: a refusal becomes the notice with its rule, and nothing is saved") {
    Table t;
    const auto result = czary::app::dispatch(t.app, czary::actions::StartFight{});
    CHECK_FALSE(result.ok);
    REQUIRE(t.app.ui.notice);
    CHECK(t.app.ui.notice->refusal);
    CHECK_FALSE(t.app.ui.notice->rule.empty());
    CHECK_FALSE(t.app.ui.outcome_step);
    CHECK(t.storage.values.count(t.store.current_key()) == 0);
}

TEST_CASE("controller: a page tool's action text is applied, and whatever else it holds is refused as invalid_action, never thrown") {
    Table t;
    const auto added = czary::app::dispatch_text(t.app, R"({"type": "add_hero", "hero": "larraka"})");
    CHECK(added.ok);
    CHECK(t.app.session.state().figures.size() == 1);
    const std::string too_deep = std::string(100, '[') + std::string(100, ']');
    for (const std::string& text : {std::string("not json"), std::string(R"({"type": "add_hero", "hero": )"), too_deep, std::string()}) {
        CAPTURE(text);
        czary::ApplyResult refused;
        CHECK_NOTHROW(refused = czary::app::dispatch_text(t.app, text));
        CHECK_FALSE(refused.ok);
        CHECK(refused.refusal.code == "invalid_action");
        CHECK_FALSE(refused.refusal.pl.empty());
    }
    // An action the rules refuse is the rules' refusal, not a text that did not read.
    const auto again = czary::app::dispatch_text(t.app, R"({"type": "add_hero", "hero": "larraka"})");
    CHECK_FALSE(again.ok);
    CHECK(again.refusal.code == "hero_in_party");
    CHECK(t.app.session.state().figures.size() == 1);
}

TEST_CASE("controller: an applied action is saved at once; its outcome and the state before it are kept for the board") {
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    CHECK_FALSE(t.app.ui.notice);
    REQUIRE(t.app.ui.outcome_step);
    CHECK(*t.app.ui.outcome_step == 0);
    REQUIRE(t.app.ui.before_step);
    CHECK(t.app.ui.before_step->figures.empty());
    CHECK(t.storage.values.count(t.store.current_key()) == 1);
    // Another tab opening the storage sees the same game.
    App other = t.open_again();
    CHECK(other.session.state().figures.size() == 1);
}

TEST_CASE("controller: undo says what it undoes, drops the cast being prepared, and is saved") {
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    CHECK(czary::app::step_title(t.app, t.app.session.steps().back()) == "Dodanie bohatera");
    t.app.language = "en";
    CHECK(czary::app::step_title(t.app, t.app.session.steps().back()) == "Hero added");
    t.app.ui.cast.caster = "c1";
    t.app.ui.cast.spell = "blyskawica";
    czary::app::undo(t.app);
    CHECK_FALSE(t.app.ui.cast.active());
    CHECK_FALSE(t.app.ui.outcome_step);
    CHECK(t.open_again().session.position() == 0);
}

TEST_CASE("controller: a cast's step is titled by its spell") {
    czary::SessionStep step;
    step.action = czary::actions::Cast{"c1", "blyskawica"};
    Table t;
    CHECK(czary::app::step_title(t.app, step) == "Błyskawica");
}

TEST_CASE("controller: the table's dice go with a rolling action and are used up only when it is applied") {
    Table t;
    t.app.ui.table_dice_everywhere = true;
    t.app.ui.pending_pips = {3};
    CHECK_FALSE(czary::app::dispatch_rolling(t.app, czary::actions::RollDice{"2K6"}).ok);  // one die short
    CHECK(t.app.ui.pending_pips == std::vector<int>{3});
    t.app.ui.pending_pips.push_back(4);
    REQUIRE(czary::app::dispatch_rolling(t.app, czary::actions::RollDice{"2K6"}).ok);
    CHECK(t.app.ui.pending_pips.empty());
    CHECK(t.app.session.steps().back().rolls.front().total == 7);
}

TEST_CASE("controller: a damaged import is refused with its reason; a good one opens as a new session") {
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    const std::string before = t.store.current_key();
    CHECK_FALSE(czary::app::import_session(t.app, "{\"format\": \"czary-session\", "));
    REQUIRE(t.app.ui.notice);
    CHECK(t.app.ui.notice->refusal);
    // The file's own problem, as the reader said it (a DataError, told apart without RTTI in the
    // web build), not "an unexpected error".
    CHECK(t.app.ui.notice->text.pl.find("tekst jest uszkodzony albo ucięty") != std::string::npos);
    CHECK(t.store.current_key() == before);
    const std::string file = t.app.session.to_json().dump();
    const std::string before_name = t.store.current_name();
    CHECK(czary::app::import_session(t.app, file));
    CHECK(t.store.current_key() != before);
    CHECK(t.app.session.state().figures.size() == 1);
    CHECK(t.app.ui.notice->text.in("pl") == "Zaimportowano sesję jako nową: „Import 2”; sesja „" + before_name + "” pozostaje zapisana.");
}

TEST_CASE("controller: an exported file carries its session's name; imported, it keeps it, told apart from the stored one, at the table") {
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    czary::app::rename_session(t.app, "Wieczór u Ani");
    czary::app::export_session(t.app);
    REQUIRE(t.app.platform_requests.size() == 1);
    const std::string file = t.app.platform_requests.back().text;
    CHECK(nlohmann::json::parse(file)["meta"]["name"] == "Wieczór u Ani");
    t.app.ui.tab = czary::app::Tab::Sessions;
    CHECK(czary::app::import_session(t.app, file));
    CHECK(t.store.current_name() == "Wieczór u Ani (2)");
    CHECK(t.app.ui.tab == czary::app::Tab::Table);
    CHECK(t.app.ui.notice->text.in("pl") == "Zaimportowano sesję jako nową: „Wieczór u Ani (2)”; sesja „Wieczór u Ani” pozostaje zapisana.");
}

TEST_CASE("controller: an import into a fresh app does not promise that the empty, never saved session stays saved") {
    Table t;
    REQUIRE(t.store.list().empty());
    Table other;
    REQUIRE(czary::app::dispatch(other.app, add_larraka).ok);
    CHECK(czary::app::import_session(t.app, other.app.session.to_json().dump()));
    CHECK(t.app.ui.notice->text.in("pl") == "Zaimportowano sesję jako nową: „Import 1”.");
    CHECK(t.app.ui.notice->text.in("en") == "The session was imported as a new one: “Import 1”.");
    CHECK(t.store.list().size() == 1);
}

TEST_CASE("controller: an import tells how many of the file's actions the rules refused and left out") {
    Table t;
    Table other;
    REQUIRE(czary::app::dispatch(other.app, add_larraka).ok);
    nlohmann::json file = other.app.session.to_json();
    file["actions"].push_back({{"type", "add_monster"}, {"kind", "troll"}, {"sila", 8.5}});  // not a whole number
    file["actions"].push_back({{"type", "next_phase"}});                                      // no fight
    CHECK(czary::app::import_session(t.app, file.dump()));
    CHECK(t.app.session.steps().size() == 1);
    CHECK(t.app.session.refused_in_file() == 2);
    CHECK(t.app.ui.notice->text.in("pl") == "Zaimportowano sesję jako nową: „Import 1”. Kroki z pliku odrzucone przez zasady i pominięte: 2.");
    CHECK(t.app.ui.notice->text.in("en") == "The session was imported as a new one: “Import 1”. Steps of the file refused by the rules and left out: 2.");
    // A file the rules take whole says nothing of it.
    Table again;
    CHECK(czary::app::import_session(again.app, other.app.session.to_json().dump()));
    CHECK(again.app.ui.notice->text.in("pl") == "Zaimportowano sesję jako nową: „Import 1”.");
}

TEST_CASE("controller: what another tab saved meanwhile is never overwritten; this tab's game is kept as a new session") {
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    App other = t.open_again();
    REQUIRE(czary::app::dispatch(other, czary::actions::AddHero{"gislan"}).ok);
    const std::string key = t.store.current_key();
    const std::string theirs = t.storage.values.at(key);
    REQUIRE(czary::app::dispatch(t.app, czary::actions::AddHero{"curvenol"}).ok);
    CHECK(t.storage.values.at(key) == theirs);
    CHECK(t.store.current_key() != key);
    REQUIRE(t.app.ui.notice);
}

TEST_CASE("controller: the tab, the selected figure (on its wounds), the scroll and the tray's code come back with the session") {
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    t.app.ui.tab = Tab::Table;
    t.app.ui.selected = "c1";
    t.app.ui.table.figure_details = true;  // Rany, not the spells (a playtest lost it on a reload)
    t.app.ui.page_scroll = 120;
    std::snprintf(t.app.ui.tray.dice_code, sizeof t.app.ui.tray.dice_code, "2K6");
    czary::app::remember_view(t.app);
    App other = t.open_again();
    CHECK(std::string(other.ui.tray.dice_code) == "2K6");
    CHECK(other.ui.tab == Tab::Table);
    CHECK(other.ui.selected == "c1");
    CHECK(other.ui.table.figure_details);
    REQUIRE(other.ui.restore_scroll);
    CHECK(*other.ui.restore_scroll == doctest::Approx(120));
}

TEST_CASE("controller: the table's sheet (the talk, the monster form) comes back with the session") {
    for (const auto sheet : {czary::app::Sheet::Talk, czary::app::Sheet::Monsters}) {
        Table t;
        REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
        t.app.ui.tab = Tab::Table;
        t.app.ui.table.sheet = sheet;
        czary::app::remember_view(t.app);
        App other = t.open_again();
        CHECK(other.ui.table.sheet == sheet);
    }
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    t.storage.values["czary.view"] = "{\"session\": \"czary.session.1\", \"view\": {\"sheet\": \"cards\"}}";
    CHECK(t.open_again().ui.table.sheet == czary::app::Sheet::Figure);  // an unknown sheet: the figure's
}

TEST_CASE("controller: a damaged or foreign view is ignored and the session still opens") {
    for (const std::string& view : std::vector<std::string>{"{{{", "[1,2]", "{\"session\": \"czary.session.99\", \"view\": {\"tab\": \"table\"}}",
                                    "{\"session\": \"czary.session.1\", \"view\": {\"tab\": 5, \"selected\": [], \"scroll\": -3, \"dice\": 7, \"wounds\": \"yes\"}}",
                                    "{\"session\": \"czary.session.1\", \"view\": {\"dice\": \"1K6 and a very long text past the field\"}}",
                                    std::string(5000, '[')}) {
        Table t;
        REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
        t.storage.values["czary.view"] = view;
        App other = t.open_again();
        CHECK(other.session.state().figures.size() == 1);
        CHECK(other.ui.tab == Tab::Party);
        CHECK(other.ui.selected.empty());
        CHECK_FALSE(other.ui.table.figure_details);
        CHECK_FALSE(other.ui.restore_scroll);
        CHECK(std::string(other.ui.tray.dice_code) == "1K6");
        CHECK_FALSE(other.ui.notice);
    }
}

TEST_CASE("touch: a press that lifts within the slop is a tap, never a scroll or a lift") {
    Gesture g;
    auto f = g.update(true, 100, 100, 0.0);
    g.pressed_on("c1");
    f = g.update(true, 104, 103, 0.1);  // a finger wanders a little
    CHECK_FALSE(f.cancel_press);
    CHECK(f.scroll_by == 0.0f);
    f = g.update(false, 104, 103, 0.15);
    CHECK_FALSE(f.cancel_press);
    CHECK_FALSE(f.dropped);
    CHECK(g.phase() == Gesture::Phase::Idle);
}

TEST_CASE("touch: a swipe that starts on a token scrolls, cancels the press and lifts nothing") {
    Gesture g;
    g.update(true, 100, 300, 0.0);
    g.pressed_on("c1");
    auto f = g.update(true, 100, 280, 0.05);
    CHECK(f.cancel_press);
    CHECK(f.scroll_by == doctest::Approx(20));  // the content follows the finger up
    f = g.update(true, 100, 200, 0.10);
    CHECK(f.scroll_by == doctest::Approx(80));
    CHECK_FALSE(f.lifted);
    f = g.update(true, 100, 200, 1.0);  // held still after moving: still a scroll, no lift
    CHECK_FALSE(f.lifted);
    CHECK(g.lifted_figure().empty());
}

TEST_CASE("touch: a swipe glides on after the finger lifts, slows down and stops") {
    Gesture g;
    g.update(true, 100, 400, 0.0);
    double t = 0;
    for (float y = 380; y >= 200; y -= 20) g.update(true, 100, y, t += 0.016);
    g.update(false, 100, 200, t += 0.016);
    REQUIRE(g.phase() == Gesture::Phase::Gliding);
    CHECK(g.wants_frames());
    float glided = 0;
    for (int frame = 0; frame < 600 && g.phase() == Gesture::Phase::Gliding; ++frame) glided += g.update(false, 100, 200, t += 0.016).scroll_by;
    CHECK(g.phase() == Gesture::Phase::Idle);
    CHECK(glided > 50.0f);
    // A new press stops a glide at once.
    Gesture h = g;
    h.update(true, 100, 400, 0.0);
    CHECK(h.phase() == Gesture::Phase::Pressed);
}

TEST_CASE("touch: only a long press on a token lifts it; it is dropped where the finger lifts") {
    Gesture g;
    g.update(true, 50, 50, 0.0);
    g.pressed_on("c2");
    // The press is timed though no input comes: one frame when it is due, not frame after frame.
    CHECK_FALSE(g.wants_frames());
    REQUIRE(g.long_press_due());
    CHECK(*g.long_press_due() == doctest::Approx(Gesture::long_press));
    auto f = g.update(true, 51, 50, Gesture::long_press - 0.05);
    CHECK_FALSE(f.lifted);
    f = g.update(true, 51, 50, Gesture::long_press + 0.01);
    CHECK(f.lifted);
    CHECK(f.cancel_press);
    CHECK(g.dragging());
    CHECK(g.lifted_figure() == "c2");
    f = g.update(true, 200, 400, 1.0);  // carried: no scroll
    CHECK(f.scroll_by == 0.0f);
    f = g.update(false, 200, 400, 1.1);
    CHECK(f.dropped);
    CHECK(g.lifted_figure() == "c2");
    CHECK(g.x() == 200.0f);
    CHECK_FALSE(g.dragging());

    Gesture empty;  // a long press on anything else lifts nothing
    empty.update(true, 50, 50, 0.0);
    CHECK_FALSE(empty.update(true, 50, 50, 2.0).lifted);
}

TEST_CASE("controller: a selected monster that dies is no longer selected; a dead character stays selected (10.8)") {
    Table t;
    REQUIRE(czary::app::dispatch(t.app, add_larraka).ok);
    czary::actions::AddMonster orc;
    orc.kind = "ork";
    orc.sila = 4;
    REQUIRE(czary::app::dispatch(t.app, orc).ok);
    const std::string orc_id = t.app.session.state().figures.back().id;
    t.app.ui.selected = orc_id;
    REQUIRE(czary::app::dispatch(t.app, czary::actions::Wound{orc_id, 4}).ok);
    CHECK(t.app.session.state().find(orc_id)->dead);
    CHECK(t.app.ui.selected.empty());
    t.app.ui.selected = "c1";
    REQUIRE(czary::app::dispatch(t.app, czary::actions::Wound{"c1", 99}).ok);
    CHECK(t.app.session.state().find("c1")->dead);
    CHECK(t.app.ui.selected == "c1");
}
