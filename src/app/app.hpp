#pragma once
// The interface drawn with Dear ImGui: one function per panel reads the model
// (controller/model.hpp) and emits actions through the controller's dispatch().
#include "controller/model.hpp"

namespace czary::app {

// Draws one frame of the whole interface into the current ImGui context.
void draw_app(App& app);
// After repeated failures (recover_from_error) the frame draws only the message and the export.
void draw_emergency(App& app);

}  // namespace czary::app
