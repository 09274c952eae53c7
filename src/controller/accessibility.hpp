#pragma once
// Accessibility (issue 15): the player's settings kept on the device (large text, reduced
// motion) and a short text of the current state for screen readers; the canvas itself says
// nothing to them. No drawing here: built and unit-tested natively.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "controller/model.hpp"

namespace czary::app {

// The font scales the Sessions tab offers (1x, 1.25x, 1.5x).
inline constexpr float text_scales[] = {1.0f, 1.25f, 1.5f};

// A stored text scale as one of text_scales: the nearest one, 1 for anything that is not a
// finite number (damaged settings never stop the start).
float known_text_scale(const nlohmann::json& value);

// The settings as stored under "czary.settings": {"text_scale": 1.25, "reduced_motion": true}.
// "reduced_motion" only when the player chose other than the system asks (then the app follows
// the system again once the two agree).
nlohmann::json settings_json(const App& app);
// Applies stored settings field by field; what is missing, of the wrong type or unknown keeps
// its default.
void apply_settings(App& app, const nlohmann::json& settings);
// On start (after app.system_reduced_motion is known): the stored settings, if any.
void restore_settings(App& app);
// Once a frame: writes the settings when they changed.
void remember_settings(App& app);

// The current state in a few short lines, in the interface's language: the session, the tab,
// the fight's round and phase (by name) or the adventure, the dominant sun, the selected figure
// and the spell being prepared. The page gives it to screen readers (a status region).
std::vector<std::string> state_description(const App& app);

}  // namespace czary::app
