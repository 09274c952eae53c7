// The frame loop's last resort, in a file of its own: the rest of the interface (src/app, and the
// platform's files that catch nothing) is compiled without the clean-up code of exceptions
// (src/web_app.cmake), and a failure that passes through it is caught here.
#include <imgui.h>

#include <exception>

#include "platform/web/web_app.hpp"
#include "platform/web/web_status.hpp"

namespace czary::platform {

// Nothing stored or read should make a frame throw, but if anything does, the player gets a
// message in their language and a way to export, never a dead canvas. ImGui's windows and stacks
// left open by the exception are closed by its own error recovery at the frame's end
// (io.ConfigErrorRecovery, on by default; main.cpp turns its asserts off), so the frame can still
// be rendered.
void draw_app_or_recover(app::App& app) {
    const auto recover = [&](const char* what) {
        app::recover_from_error(app, what);
        ++web_status().frame_errors;
        request_frames(2);
    };
    try {
        if (app.failed_frames >= 3) {
            app::draw_emergency(app);  // until the page is reloaded
        } else {
            app::draw_app(app);
            app.failed_frames = 0;
        }
    } catch (const std::exception& e) {
        recover(e.what());
    } catch (...) {
        recover("?");
    }
}

}  // namespace czary::platform
