#pragma once
// The running app, for the browser hooks (hooks.cpp).
#include <imgui.h>

#include "app/app.hpp"

namespace czary::platform {

app::App& web_app();
// Draw at least `count` more frames (after a change that came from outside SDL's events).
void request_frames(int count);
// A key pressed on the phone's keyboard (Backspace, Enter) and text typed there, into ImGui's
// input queue in the order they came (it takes a key's press and release in two frames).
void press_key(ImGuiKey key);
void type_text(const char* utf8);
// For the browser test of the frame loop's last resort: the next frame throws.
void fail_next_frame();
// One frame of the app, or its last resort when the frame throws (frame_guard.cpp).
void draw_app_or_recover(app::App& app);

}  // namespace czary::platform
