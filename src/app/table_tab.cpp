// The table during an adventure: the fight's controls in one row, the board, and a sheet below
// it for the selected figure (its spell cards, its wounds), the cast being prepared, the monster
// form or the talk. On a phone the board stays in view above the sheet; a tablet puts the
// board, the sheet and the latest outcomes side by side (landscape) or the board above the
// sheet and the outcomes (portrait).
#include <algorithm>
#include <cmath>

#include "app/panels.hpp"
#include "app/widgets.hpp"

namespace czary::app {
namespace {

bool sheet_has_content(const App& app) {
    return app.ui.cast.active() || app.ui.table.sheet != Sheet::Figure || app.session.state().find(app.ui.selected);
}

void board_region(App& app, ImVec2 size) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, vec(theme::board_bg));  // the table's cloth under the counters
    ImGui::BeginChild("##board", size, false, ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleColor();
    TableView& view = app.ui.table;
    // The player scrolled the board (a swipe, the wheel): from now on it stays where they put it.
    if (view.board_scroll_set && std::abs(ImGui::GetScrollY() - *view.board_scroll_set) > 0.5f) view.board_follows_player = true;
    const bool restoring = app.ui.restore_scroll.has_value();
    keep_scroll(app);
    draw_board(app);
    ImGui::Dummy(ImVec2(1, 8));
    // Until then the front lines sit mid-board: the nearest monster ranks above, the party's
    // below (on a phone two of each in view above the sheet).
    if (restoring) view.board_follows_player = true;
    if (!view.board_follows_player) {
        const float front = app.frame.board_front_y - ImGui::GetWindowPos().y + ImGui::GetScrollY();
        const float wanted = std::clamp(front - ImGui::GetWindowHeight() * 0.5f, 0.0f, ImGui::GetScrollMaxY());
        if (std::abs(ImGui::GetScrollY() - wanted) > 0.5f) ImGui::SetScrollY(wanted);
        view.board_scroll_set = wanted;
    } else {
        view.board_scroll_set.reset();
    }
    ImGui::EndChild();
}

void sheet_region(App& app, ImVec2 size) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, vec(theme::panel_bg));
    ImGui::PushStyleVar(ImGuiStyleVar_ChildRounding, 10.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 6));
    ImGui::BeginChild("##sheet", size, true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
    const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
    app.layout.add("sheet", at.x, at.y, at.x + extent.x, at.y + extent.y);

    draw_sheet(app);
    ImGui::Dummy(ImVec2(1, 8 + app.frame.toast_height));  // the sheet's last row can be scrolled clear of a toast
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor();
}

void outcomes_region(App& app, ImVec2 size) {
    ImGui::BeginChild("##outcomes", size, false, ImGuiWindowFlags_NoScrollbar);
    // On a tablet the toast comes over the latest steps (it is the newest of them): the board
    // and the hand stay clear.
    app.frame.toast_left = ImGui::GetWindowPos().x;
    app.frame.toast_width = ImGui::GetWindowSize().x;
    draw_recent_log(app);
    ImGui::EndChild();
}

}  // namespace

void draw_table_tab(App& app) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    app.frame.wide = avail.x >= 600.0f;
    draw_fight_controls(app);
    const float height = ImGui::GetContentRegionAvail().y;
    if (!app.session.state().adventure.entered) return;
    if (avail.x >= 900.0f) {  // a tablet in landscape: three columns
        const float board_w = avail.x * 0.43f, sheet_w = avail.x * 0.35f;  // the hand wide enough for two columns of cards
        board_region(app, ImVec2(board_w, height));
        ImGui::SameLine();
        sheet_region(app, ImVec2(sheet_w, height));
        ImGui::SameLine();
        outcomes_region(app, ImVec2(0, height));
        return;
    }
    if (avail.x >= 600.0f) {  // a tablet in portrait: the board above, the sheet and the outcomes below
        const float board_h = height * 0.56f;
        board_region(app, ImVec2(0, board_h));
        const float rest = ImGui::GetContentRegionAvail().y;
        sheet_region(app, ImVec2(avail.x * 0.6f, rest));
        ImGui::SameLine();
        outcomes_region(app, ImVec2(0, rest));
        (void)spacing;
        return;
    }
    // A phone: the board, and the sheet in the lower part of the screen when it has something.
    const float sheet_h = sheet_has_content(app) ? height * 0.5f : touch_size + 12.0f;
    board_region(app, ImVec2(0, height - sheet_h - ImGui::GetStyle().ItemSpacing.y));
    sheet_region(app, ImVec2(0, 0));
}

}  // namespace czary::app
