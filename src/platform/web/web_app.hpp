#pragma once
// The running app, for the browser hooks (hooks.cpp).
#include "app/app.hpp"

namespace czary::platform {

app::App& web_app();
// Draw at least `count` more frames (after a change that came from outside SDL's events).
void request_frames(int count);
// A key pressed on the phone's keyboard (Backspace, Enter): down now, up a frame later, so
// that ImGui 1.86 (no input queue) sees it.
void press_key(int scancode);

}  // namespace czary::platform
