// The touch model in ImGui terms (controller/gesture.hpp decides; this carries it out): a swipe
// scrolls the window the press began in, from any widget, and the widget's press is cancelled
// so that nothing is tapped; a long press on a token lifts it (board_panel draws and drops it).
#include <string_view>

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

// The window under the toast at a point: a swipe that starts on the toast scrolls the page it
// lies over (children come after their parents in ImGui's list: the last one holding the point).
ImGuiWindow* under_toast(ImGuiContext& g, ImVec2 at) {
    for (int i = g.Windows.Size - 1; i >= 0; --i) {
        ImGuiWindow* window = g.Windows[i];
        if (!window->WasActive || window->Hidden || std::string_view(window->Name).find("##toast") != std::string_view::npos) continue;
        if (window->Rect().Contains(at)) return window;
    }
    return nullptr;
}

}  // namespace

void begin_touch_frame(App& app) {
    ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiIO& io = g.IO;
    const bool down = io.MouseDown[ImGuiMouseButton_Left];
    if (io.MouseClicked[ImGuiMouseButton_Left]) {
        ImGuiWindow* hovered = g.HoveredWindow;
        if (hovered && std::string_view(hovered->Name).find("##toast") != std::string_view::npos) hovered = under_toast(g, io.MousePos);
        app.touch.window = hovered ? hovered->ID : 0;
    }
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
