#include "controller/accessibility.hpp"

#include <algorithm>
#include <cmath>

namespace czary::app {
namespace {

const char* tab_keys[] = {"tab.party", "tab.table", "tab.dice", "tab.log", "tab.sessions"};

// One interface text in the current language, "{name}"-style parts filled in.
std::string say(const App& app, const char* key, const std::map<std::string, std::string>& parts = {}) {
    return app.local(both(app, key, parts));
}

const char* sun_key(Sun sun) {
    switch (sun) {
        case Sun::Red: return "sun.red";
        case Sun::Yellow: return "sun.yellow";
        case Sun::Blue: return "sun.blue";
        case Sun::None: break;
    }
    return nullptr;
}

}  // namespace

float known_text_scale(const nlohmann::json& value) {
    if (!value.is_number()) return 1.0f;
    const double wanted = value.get<double>();
    if (!std::isfinite(wanted)) return 1.0f;
    float nearest = text_scales[0];
    for (float scale : text_scales)
        if (std::fabs(wanted - scale) < std::fabs(wanted - nearest)) nearest = scale;
    return nearest;
}

nlohmann::json settings_json(const App& app) {
    nlohmann::json settings = {{"text_scale", app.text_scale}};
    if (app.reduced_motion != app.system_reduced_motion) settings["reduced_motion"] = app.reduced_motion;
    add_table_settings(app, settings);
    return settings;
}

void apply_settings(App& app, const nlohmann::json& settings) {
    if (!settings.is_object()) return;
    if (const auto scale = settings.find("text_scale"); scale != settings.end()) app.text_scale = known_text_scale(*scale);
    if (const auto motion = settings.find("reduced_motion"); motion != settings.end() && motion->is_boolean())
        app.reduced_motion = motion->get<bool>();
    apply_table_settings(app, settings);
}

void restore_settings(App& app) {
    app.reduced_motion = app.system_reduced_motion;
    if (app.store) {
        if (const auto stored = app.store->read_settings()) apply_settings(app, *stored);
    }
    app.saved_settings = settings_json(app).dump();
}

void remember_settings(App& app) {
    if (!app.store) return;
    const std::string settings = settings_json(app).dump();
    if (settings == app.saved_settings) return;
    app.saved_settings = settings;
    app.store->write_settings(settings_json(app));
}

std::vector<std::string> state_description(const App& app) {
    std::vector<std::string> lines;
    const GameState& s = app.session.state();
    if (app.store) lines.push_back(say(app, "a11y.session", {{"{name}", app.store->current_name()}}));
    lines.push_back(say(app, "a11y.tab", {{"{tab}", app.tr(tab_keys[static_cast<int>(app.ui.tab)])}}));
    if (s.fight.active) {
        static const char* const phase_keys[] = {"phase.1", "phase.2", "phase.3", "phase.4", "phase.5"};
        const int phase = std::clamp(s.fight.phase, 1, 5);
        lines.push_back(say(app, "a11y.fight", {{"{round}", std::to_string(s.fight.round)}, {"{phase}", std::to_string(s.fight.phase)},
                                                {"{phase_name}", app.tr(phase_keys[phase - 1])}}));
    } else {
        lines.push_back(say(app, s.adventure.active ? "a11y.no_fight" : "a11y.before_adventure"));
    }
    if (s.adventure.active) {
        if (const char* sun = sun_key(s.adventure.sun)) lines.push_back(say(app, "a11y.sun", {{"{sun}", app.tr(sun)}}));
    }
    if (const Figure* figure = app.ui.selected.empty() ? nullptr : s.find(app.ui.selected)) {
        lines.push_back(say(app, "a11y.selected", {{"{name}", app.local(figure->name)}, {"{life}", std::to_string(std::max(0, figure->sila - figure->wounds))},
                                                   {"{sila}", std::to_string(figure->sila)}}));
    }
    if (app.ui.cast.active()) {
        if (const Spell* spell = app.data->spells.find(app.ui.cast.spell))
            lines.push_back(say(app, "a11y.cast", {{"{spell}", app.local(spell->name)}}));
    }
    return lines;
}

}  // namespace czary::app
