// Accessibility (issue 15) without drawing: the settings kept on the device (large text,
// reduced motion) read back whatever is stored, and the state's description for screen readers.
#include <doctest/doctest.h>

#include <algorithm>

#include "controller/accessibility.hpp"
#include "controller/gesture.hpp"
#include "controller/sessions.hpp"
#include "map_store.hpp"
#include "store/session_store.hpp"

namespace {

using czary::app::App;
using czary::store::SessionStore;

struct Device {
    test::MapStore storage;
    std::deque<SessionStore> stores;
    // The app as it starts on this device: the system's prefers-reduced-motion, then the settings.
    App start(bool system_reduced_motion = false) {
        App app = czary::app::make_app(42);
        app.store = &stores.emplace_back(storage, [] { return std::int64_t{1'700'000'000'000}; });
        czary::app::open_start_session(app);
        app.system_reduced_motion = system_reduced_motion;
        czary::app::restore_settings(app);
        return app;
    }
};

bool has_line(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

void play(App& app, const char* actions) {
    for (const auto& action : nlohmann::json::parse(actions)) REQUIRE_MESSAGE(czary::app::dispatch_json(app, action).ok, action.dump());
}

}  // namespace

TEST_CASE("settings: a stored text scale is one the app offers; anything else gives the nearest or 1x") {
    using czary::app::known_text_scale;
    CHECK(known_text_scale(1.25) == 1.25f);
    CHECK(known_text_scale(1.5) == 1.5f);
    CHECK(known_text_scale(1.3) == 1.25f);
    CHECK(known_text_scale(1.45) == 1.5f);
    CHECK(known_text_scale(40) == 1.5f);
    CHECK(known_text_scale(0) == 1.0f);
    CHECK(known_text_scale(-2) == 1.0f);
    CHECK(known_text_scale("1.5") == 1.0f);
    CHECK(known_text_scale(nullptr) == 1.0f);
    CHECK(known_text_scale(nlohmann::json::array({1.5})) == 1.0f);
}

TEST_CASE("settings: large text and reduced motion are kept on the device and come back after a restart") {
    Device device;
    App app = device.start();
    CHECK(app.text_scale == 1.0f);
    CHECK_FALSE(app.reduced_motion);
    czary::app::remember_settings(app);
    CHECK(device.storage.values.count("czary.settings") == 0);  // nothing chosen, nothing written
    app.text_scale = 1.5f;
    app.reduced_motion = true;
    czary::app::remember_settings(app);
    REQUIRE(device.storage.values.count("czary.settings") == 1);
    const App again = device.start();
    CHECK(again.text_scale == 1.5f);
    CHECK(again.reduced_motion);
}

TEST_CASE("settings: reduced motion follows the system until the player chooses otherwise") {
    Device device;
    App app = device.start(true);
    CHECK(app.reduced_motion);  // the system asks for it
    app.reduced_motion = false;
    czary::app::remember_settings(app);
    CHECK_FALSE(device.start(true).reduced_motion);  // the player's choice wins over the system's
    app.reduced_motion = true;                       // back to what the system asks: follow it again
    czary::app::remember_settings(app);
    CHECK_FALSE(nlohmann::json::parse(device.storage.values["czary.settings"]).contains("reduced_motion"));
    CHECK_FALSE(device.start(false).reduced_motion);
    CHECK(device.start(true).reduced_motion);
}

TEST_CASE("settings: damaged settings never stop the start; each field falls back to its default") {
    for (const char* stored : {"{not json", "[1.5]", "\"1.5\"", "{\"text_scale\": \"huge\", \"reduced_motion\": \"yes\"}",
                               "{\"text_scale\": {\"a\": {\"b\": {\"c\": 1}}}}", "{\"text_scale\": 1e999}"}) {
        CAPTURE(stored);
        Device device;
        device.storage.values["czary.settings"] = stored;
        App app = device.start();
        CHECK(app.text_scale == 1.0f);
        CHECK_FALSE(app.reduced_motion);
        CHECK(czary::app::dispatch_json(app, {{"type", "add_hero"}, {"hero", "larraka"}}).ok);  // the session works
    }
    Device device;
    device.storage.values["czary.settings"] = R"({"text_scale": 1.3, "reduced_motion": 1, "future": [1, 2]})";
    const App app = device.start();
    CHECK(app.text_scale == 1.25f);  // the nearest one offered
    CHECK_FALSE(app.reduced_motion);
}

TEST_CASE("state description: the session, the tab, the fight's round and phase by name, the sun and the selection") {
    Device device;
    App app = device.start();
    auto lines = czary::app::state_description(app);
    CHECK(has_line(lines, "Sesja „" + app.store->current_name() + "”."));
    CHECK(has_line(lines, "Zakładka: Oddział."));
    CHECK(has_line(lines, "Przed przygodą."));
    play(app, R"([{"type": "add_hero", "hero": "larraka"}, {"type": "add_hero", "hero": "gislan"},
                  {"type": "set_pool", "character": "c1", "spells": ["blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "zamek"]},
                  {"type": "set_pool", "character": "c2", "spells": ["magiczna_zbroja", "zamek", "sila", "elokwencja"]},
                  {"type": "begin_adventure", "dice": [3]},
                  {"type": "mark_spells", "character": "c1", "spells": ["blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie"]},
                  {"type": "roll_use_limit", "character": "c1", "spell": "uzdrowienie", "dice": [4]},
                  {"type": "mark_spells", "character": "c2", "spells": ["magiczna_zbroja", "zamek", "sila", "elokwencja"]},
                  {"type": "enter_labyrinth"},
                  {"type": "add_monster", "kind": "troll", "level": 1, "sila": 9}])");
    lines = czary::app::state_description(app);
    CHECK(has_line(lines, "Przygoda trwa, poza walką."));
    const auto sun = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.rfind("Dominujące słońce: ", 0) == 0; });
    REQUIRE(sun != lines.end());
    CHECK((*sun == "Dominujące słońce: czerwone." || *sun == "Dominujące słońce: żółte." || *sun == "Dominujące słońce: niebieskie."));

    play(app, R"([{"type": "start_fight"}])");
    app.ui.tab = czary::app::Tab::Table;
    app.ui.selected = "c1";
    lines = czary::app::state_description(app);
    CHECK(has_line(lines, "Zakładka: Stół."));
    CHECK(has_line(lines, "Walka: runda 1, faza 1, atak oddziału."));
    const auto& larraka = *app.session.state().find("c1");
    CHECK(has_line(lines, "Wybrana postać: Larraka, życie " + std::to_string(larraka.sila - larraka.wounds) + " z " + std::to_string(larraka.sila) + "."));
    app.ui.cast.caster = "c1";
    app.ui.cast.spell = "blyskawica";
    CHECK(has_line(czary::app::state_description(app), "Przygotowywany czar: Błyskawica."));
    app.ui.cast = {};

    play(app, R"([{"type": "next_phase"}])");
    app.language = "en";
    lines = czary::app::state_description(app);
    CHECK(has_line(lines, "Tab: Table."));
    CHECK(has_line(lines, "Fight: round 1, phase 2, monster attack."));
    CHECK(has_line(lines, "Selected: Larraka, life " + std::to_string(larraka.sila - larraka.wounds) + " of " + std::to_string(larraka.sila) + "."));
}

TEST_CASE("settings: with reduced motion a swipe stops where the finger lifts, it does not glide on") {
    czary::app::Gesture g;
    g.glides = false;
    g.update(true, 100, 400, 0.0);
    double t = 0;
    float scrolled = 0;
    for (float y = 380; y >= 200; y -= 20) scrolled += g.update(true, 100, y, t += 0.016).scroll_by;
    CHECK(scrolled == doctest::Approx(200));  // the content followed the finger
    CHECK(g.update(false, 100, 200, t += 0.016).scroll_by == 0.0f);
    CHECK(g.phase() == czary::app::Gesture::Phase::Idle);
    CHECK_FALSE(g.wants_frames());
}
