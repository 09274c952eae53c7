#pragma once
// The running app, for the browser hooks (hooks.cpp).
#include "app/app.hpp"

namespace czary::platform {

app::App& web_app();
// Draw at least `count` more frames (after a change that came from outside SDL's events).
void request_frames(int count);

}  // namespace czary::platform
