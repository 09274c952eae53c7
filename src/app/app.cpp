#include "app/app.hpp"

#include <algorithm>
#include <stdexcept>

#include <imgui.h>

#include "app/dice_view.hpp"
#include "app/panels.hpp"
#include "controller/accessibility.hpp"
#include "controller/sessions.hpp"
#include "app/widgets.hpp"

namespace czary::app {

void draw_app(App& app) {
    app.layout.begin_frame();
    app.die_draws.clear();
    app.dice_moving = false;
    app.frame.places.clear();
    app.frame.reveal_span.reset();
    app.now = ImGui::GetTime();
    app.ui.tumble_clock += std::min(ImGui::GetIO().DeltaTime, 1.0f / 15.0f);
    begin_touch_frame(app);
    // Buttons, fields and checkboxes are 44 px targets at every text size, their text centred:
    // the padding gives what the font leaves (13 px at 1x; at 1.5x a label would otherwise sit
    // on the bottom border, with 13 px above it and 4 below).
    ImGui::GetStyle().FramePadding.y = std::max(4.0f, (touch_size - ImGui::GetFontSize()) / 2);
    // A fixed frame: the top bar, the main view, the tab bar within thumb reach. Nothing in the
    // frame moves when content changes; outcomes and refusals come in a toast above the tab bar
    // (or above the Table tab's sheet), over the content, never pushing it.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->WorkPos);
    ImGui::SetNextWindowSize(viewport->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollWithMouse;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 4));
    ImGui::Begin("##czary", nullptr, flags);
    ImGui::PopStyleVar();
    if (app.fail_next_frame) {  // a test's failure: the window is left open, as a real one would leave it
        app.fail_next_frame = false;
        throw std::runtime_error("test: a frame made to fail");
    }
    draw_top_bar(app);
    const float tab_bar = tab_bar_height() + ImGui::GetStyle().ItemSpacing.y;
    const float page_height = ImGui::GetContentRegionAvail().y - tab_bar;
    app.frame.toast_bottom = ImGui::GetCursorScreenPos().y + page_height - 6;
    app.frame.toast_top = ImGui::GetCursorScreenPos().y + 2;
    app.frame.wake_in = 0;
    app.frame.redraw = false;
    app.frame.toast_left = app.frame.toast_width = 0;
    if (app.ui.tab == Tab::Table) {
        // The table manages its own regions (board, sheet): it does not scroll as a whole.
        ImGui::BeginChild("##table", ImVec2(0, page_height), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
        draw_table_tab(app);
        ImGui::EndChild();
    } else {
        // One page per tab: each keeps its own scroll (the log opens at its newest step).
        static const char* pages[] = {"##page-party", "##page-table", "##page-dice", "##page-log", "##page-sessions"};
        ImGui::BeginChild(pages[static_cast<int>(app.ui.tab)], ImVec2(0, page_height), false, ImGuiWindowFlags_NoScrollbar);
        keep_scroll(app);
        switch (app.ui.tab) {
            case Tab::Party: draw_party_panel(app); break;
            case Tab::Dice: draw_dice_panel(app); break;
            case Tab::Log: draw_log_panel(app); break;
            case Tab::Sessions: draw_sessions_panel(app); break;
            case Tab::Table: break;
        }
        ImGui::Dummy(ImVec2(1, std::max(120.0f, app.frame.toast_height + 16)));  // room to scroll the last widget clear of a toast
        ImGui::EndChild();
    }
    draw_tab_bar(app);
    ImGui::End();
    draw_toast(app);
    draw_lifted_token(app);
    // A press held on a token: a frame when it becomes a long press (the platform's timer).
    if (const auto due = app.touch.gesture.long_press_due()) {
        const float left = std::max(0.001f, static_cast<float>(*due - ImGui::GetTime()));
        app.frame.wake_in = app.frame.wake_in > 0 ? std::min(app.frame.wake_in, left) : left;
    }
    remember_view(app);
    remember_settings(app);
}

void keep_scroll(App& app) {
    if (app.ui.restore_scroll) {
        ImGui::SetScrollY(*app.ui.restore_scroll);
        app.ui.restore_scroll.reset();
    }
    app.ui.page_scroll = ImGui::GetScrollY();
}

void draw_emergency(App& app) {
    // Nothing but the message and the export: the rest of the interface kept failing.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->WorkPos);
    ImGui::SetNextWindowSize(viewport->WorkSize);
    ImGui::Begin("##czary-emergency", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    app.layout.begin_frame();
    if (app.ui.notice) {
        wrapped(app.local(app.ui.notice->text));
        app.layout.add_last_item("notice");
        app.layout.add_text("notice", app.local(app.ui.notice->text));
    }
    if (touch_button(app, app.tr("session.export"), "notice:offer")) export_session(app);
    ImGui::End();
}

}  // namespace czary::app
