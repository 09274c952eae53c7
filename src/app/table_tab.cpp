// The table during an adventure: the fight's controls in one row, the board, and a sheet below
// it for the selected figure (its spell cards, its wounds), the cast being prepared, the monster
// form or the talk. On a phone the board stays in view above the sheet; a tablet puts the
// board, the sheet and the latest outcomes side by side (landscape) or the board above the
// sheet and the outcomes (portrait).
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/formation.hpp"

namespace czary::app {
namespace {

// What the phone's board height is kept for: the kind of sheet, a fight on or not, the width
// and the text size (a turned phone or larger text measures the ranks again).
std::string board_height_key(const App& app, float width) {
    const GameState& s = app.session.state();
    // A new party rank (a drag) measures again: the board grows at its bottom, above the sheet,
    // and nothing above it moves. (A new monster rank does not: it would push the party down.)
    // So does the fall of the last monster: the board then frames what is left.
    const bool standing = living_on_board(s, Side::Monsters) > 0;
    return std::to_string(static_cast<int>(app.ui.table.sheet)) + (s.fight.active ? "|fight|" : "|") + (standing ? "" : "clear|") +
           std::to_string(static_cast<int>(width)) + "|" + std::to_string(app.text_scale) + "|" + std::to_string(s.party.ranks.size());
}

// A token carried to the board's top or bottom edge scrolls the board (a rank out of view on a
// small phone), faster the nearer the finger is to the edge; frames keep coming while it waits
// there. The places to drop on are measured in the frame drawn, so a drop lands where it shows.
void carried_to_edge(App& app) {
    const Gesture& gesture = app.touch.gesture;
    if (!gesture.dragging() || gesture.x() < ImGui::GetWindowPos().x || gesture.x() > ImGui::GetWindowPos().x + ImGui::GetWindowWidth()) return;
    const float top = ImGui::GetWindowPos().y, bottom = top + ImGui::GetWindowHeight();
    const float edge = std::min(48.0f, ImGui::GetWindowHeight() * 0.2f);
    float depth = 0;  // -1 at the top edge (or above it) .. 1 at the bottom edge
    if (gesture.y() < top + edge && gesture.y() > top - 80) depth = -std::min(1.0f, (top + edge - gesture.y()) / edge);
    if (gesture.y() > bottom - edge && gesture.y() < bottom + 80) depth = std::min(1.0f, (gesture.y() - bottom + edge) / edge);
    if (depth == 0) return;
    const float step = depth * 600.0f * std::min(ImGui::GetIO().DeltaTime, 1.0f / 20);
    const float to = std::clamp(ImGui::GetScrollY() + step, 0.0f, ImGui::GetScrollMaxY());
    if (to == ImGui::GetScrollY()) return;
    ImGui::SetScrollY(to);
    app.ui.table.board_follows_player = true;  // the player moved it: it stays where it is put
    const float next = 1.0f / 60;
    app.frame.wake_in = app.frame.wake_in > 0 ? std::min(app.frame.wake_in, next) : next;
}

// The board scrolls so that its front line sits `front_at` below its top edge (by default mid-
// board: the nearest monster ranks above, the party's below), until the player scrolls it.
void board_region(App& app, ImVec2 size, std::optional<float> front_at = std::nullopt) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, vec(theme::board_bg));  // the table's cloth under the counters
    ImGui::BeginChild("##board", size, ImGuiChildFlags_None, ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleColor();
    const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
    app.layout.add("board", at.x, at.y, at.x + extent.x, at.y + extent.y);  // where it scrolls
    TableView& view = app.ui.table;
    // The player scrolled the board (a swipe, the wheel): from now on it stays where they put it.
    if (view.board_scroll_set && std::abs(ImGui::GetScrollY() - *view.board_scroll_set) > 0.5f) view.board_follows_player = true;
    const bool restoring = app.ui.restore_scroll.has_value();
    keep_scroll(app);
    draw_board(app);
    const float content = ImGui::GetCursorPosY();
    const float front = app.frame.board_front_y - ImGui::GetWindowPos().y + ImGui::GetScrollY();
    view.board_content = content;
    view.board_front_content = front;
    const float height = ImGui::GetWindowHeight();
    float wanted = std::max(0.0f, front - front_at.value_or(height * 0.5f));
    // Room below the last rank for the front line to stay where it is while ranks grow above it.
    ImGui::Dummy(ImVec2(1, std::max(8.0f, wanted + height - content)));
    if (restoring) view.board_follows_player = true;
    carried_to_edge(app);
    // A counter just dropped half out of view (a rank at the board's edge) comes whole into it;
    // the board then stays where that puts it, as after a swipe.
    if (const auto span = app.frame.reveal_span) {
        // Where the board is about to scroll (a new rank keeps the front line put), then as
        // little more as shows the counter whole.
        const float scroll = view.board_follows_player ? ImGui::GetScrollY() : wanted;
        const float shift = scroll - ImGui::GetScrollY();
        const float top = ImGui::GetWindowPos().y, bottom = top + height;
        const float a = span->first - shift, b = span->second - shift;
        float by = 0;
        if (a < top) by = a - top - 4;
        else if (b > bottom) by = std::min(b - bottom + 4, a - top);
        if (by != 0) {
            const float most = std::max(content, wanted + height) + 8 - height;
            ImGui::SetScrollY(std::clamp(scroll + by, 0.0f, std::max(0.0f, most)));
            view.board_follows_player = true;
            app.frame.redraw = true;
        }
        view.reveal.clear();
        app.frame.reveal_span.reset();
    }
    if (!view.board_follows_player) {
        wanted = std::min(wanted, ImGui::GetScrollMaxY());
        if (std::abs(ImGui::GetScrollY() - wanted) > 0.5f) {
            ImGui::SetScrollY(wanted);
            app.frame.redraw = true;  // ImGui scrolls in the next frame: it must come before a tap
        }
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
    ImGui::BeginChild("##sheet", size, ImGuiChildFlags_Borders | ImGuiChildFlags_AlwaysUseWindowPadding, ImGuiWindowFlags_NoScrollbar);
    const ImVec2 at = ImGui::GetWindowPos(), extent = ImGui::GetWindowSize();
    app.layout.add("sheet", at.x, at.y, at.x + extent.x, at.y + extent.y);
    // Another sheet (another figure, a form, a cast begun or ended) opens at its top with the
    // cards out for this adventure folded: nothing of the last one's scroll or toggles carries over.
    TableView& view = app.ui.table;
    const std::string showing = std::to_string(static_cast<int>(view.sheet)) + ":" + app.ui.selected + (app.ui.cast.active() ? ":cast" : "");
    if (view.sheet_shown != showing) {
        view.sheet_shown = showing;
        view.show_unusable_cards = false;
        ImGui::SetScrollY(0.0f);
    }

    draw_sheet(app);
    ImGui::Dummy(ImVec2(1, 8 + app.frame.toast_height));  // the sheet's last row can be scrolled clear of a toast
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor();
}

void outcomes_region(App& app, ImVec2 size) {
    ImGui::BeginChild("##outcomes", size, ImGuiChildFlags_None, ImGuiWindowFlags_NoScrollbar);
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
    app.frame.wide = avail.x >= 600.0f;
    draw_fight_controls(app);
    app.frame.toast_top = ImGui::GetCursorScreenPos().y + 2;  // over the far ranks, not the fight's buttons
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
        return;
    }
    // A phone: the toast's strip, then the board as tall as its ranks (the two at most 55% of
    // the page), the sheet the rest.
    // The height is set when the sheet changes and kept while it is in use (TableView).
    TableView& view = app.ui.table;
    draw_toast_strip(app);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y);  // the strip and the board are one cloth
    // At most 55% of the page. Before a fight a little more where the first rank of each side
    // would not be whole in that (a small phone, large text, a long name above): the monsters as
    // they are set up, while the sheet keeps two rows of buttons. In a fight the hand and the cast
    // bar need the room.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float strip = toast_strip_height();
    float most = height * 0.55f - strip;
    if (!app.session.state().fight.active) {
        const float both_fronts = 2 * (token_height(app) + 2 * style.ItemSpacing.y) + 6 + 2;
        const float sheet_least = 2 * (touch_size + style.ItemSpacing.y) + 2 * style.WindowPadding.y;
        most = std::max(most, std::min(both_fronts, height - strip - sheet_least));
    }
    const std::string key = board_height_key(app, avail.x);
    if ((view.board_height_for != key || !view.board_height) && view.board_content > 0) {
        const float fitted = std::min(view.board_content + 2.0f, most);
        view.board_height = fitted;
        // Not all ranks fit: the front line mid-board, or higher so that the party's first rank
        // is whole (the player's own counters come first).
        const float front_mid = std::min(fitted * 0.5f, fitted - token_height(app) - 2 * ImGui::GetStyle().ItemSpacing.y);
        view.board_front_at = view.board_content + 2.0f <= fitted ? view.board_front_content : std::min(view.board_front_content, front_mid);
        view.board_height_for = key;
    }
    const float board_h = view.board_height.value_or(most);
    board_region(app, ImVec2(0, board_h), view.board_height ? std::optional<float>(view.board_front_at) : std::nullopt);
    sheet_region(app, ImVec2(0, 0));
}

}  // namespace czary::app
