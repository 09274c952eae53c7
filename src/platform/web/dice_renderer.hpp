#pragma once
// Draws the app's dice (App::DieDraw) with our own shaders (shaders/dice.vert, dice.frag),
// inside ImGui's rendering as draw callbacks.
#include <imgui.h>

namespace czary::platform {

// Compiles the shaders; false (and a message on the console) if the GPU refuses them, in which
// case the app draws plain numbered squares.
bool init_dice_renderer();
// The ImDrawCallback the app adds for each die (UserCallbackData: an App::DieDraw).
void draw_die(const ImDrawList* list, const ImDrawCmd* command);

}  // namespace czary::platform
