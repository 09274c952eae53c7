// The touch model in ImGui terms (app/gesture.hpp decides; this carries it out): a swipe
// scrolls the window the press began in, from any widget, and the widget's press is cancelled
// so that nothing is tapped; a long press on a token lifts it (board_panel draws and drops it).
#include <imgui.h>
#include <imgui_internal.h>

#include "app/panels.hpp"

namespace czary::app {
namespace {

// The window a swipe moves: the innermost one under the press that can scroll.
ImGuiWindow* scrollable(ImGuiWindow* window) {
    while (window && window->ScrollMax.y <= 0.0f && (window->Flags & ImGuiWindowFlags_ChildWindow)) window = window->ParentWindow;
    return window && window->ScrollMax.y > 0.0f ? window : nullptr;
}

}  // namespace

void begin_touch_frame(App& app) {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiIO& io = g.IO;
    const bool down = io.MouseDown[ImGuiMouseButton_Left];
    if (io.MouseClicked[ImGuiMouseButton_Left]) app.touch.window = g.HoveredWindow ? g.HoveredWindow->ID : 0;
    // With no finger down, ImGui's pointer may be parked far away (main.cpp): keep the last point.
    const bool known = io.MousePos.x > -1e30f && io.MousePos.y > -1e30f;
    const float x = known ? io.MousePos.x : app.touch.gesture.x();
    const float y = known ? io.MousePos.y : app.touch.gesture.y();
    app.touch.gesture.glides = !app.reduced_motion;
    const Gesture::Frame frame = app.touch.gesture.update(down, x, y, ImGui::GetTime());
    if (frame.cancel_press && g.ActiveId != 0) ImGui::ClearActiveID();
    if (frame.lifted) app.platform_requests.push_back({PlatformRequest::Kind::Vibrate, "", ""});
    if (frame.scroll_by != 0.0f) {
        if (ImGuiWindow* window = scrollable(ImGui::FindWindowByID(app.touch.window)))
            ImGui::SetScrollY(window, ImClamp(window->Scroll.y + frame.scroll_by, 0.0f, window->ScrollMax.y));
    }
    app.touch.dropped = frame.dropped;
}

}  // namespace czary::app
