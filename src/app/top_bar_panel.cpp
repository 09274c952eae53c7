// The frame around every tab: a slim top bar (the session, the round and phase or the sun,
// undo and redo saying what they will undo) and the tab bar at the bottom, within thumb reach.
#include <algorithm>
#include <cfloat>

#include "app/icons.hpp"
#include "app/panels.hpp"
#include "controller/sessions.hpp"
#include "app/widgets.hpp"

namespace czary::app {
namespace {

// A new version is taken only when the player agrees, and never in the middle of a cast.
void draw_update_offer(App& app) {
    if (!app.update_ready) return;
    const bool mid_action = app.ui.cast.active() || !app.ui.pending_pips.empty();
    const std::string text = std::string(app.tr("update.ready")) + (mid_action ? std::string(" ") + app.tr("update.after_cast") : "");
    const float width = ImGui::GetContentRegionAvail().x;
    ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::go));
    if (touch_button(app, (text + " — " + app.tr("update.apply")).c_str(), "update:apply", width, !mid_action)) {
        save(app);
        app.platform_requests.push_back({PlatformRequest::Kind::ApplyUpdate, "", ""});
    }
    ImGui::PopStyleColor();
    app.layout.add_last_item("update:notice");
}

// Offline start would fail now (a first visit still caching, the cache evicted): the player
// is told before going offline, in one line that does not push the page.
void draw_offline_note(App& app) {
    if (!app.offline_not_ready) return;
    ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
    ImGui::TextUnformatted(app.tr("offline.not_ready"));
    ImGui::PopStyleColor();
    app.layout.add_last_item("offline:notice");
    app.layout.add_text("offline:notice", app.tr("offline.not_ready"));
}

// "Runda 2 / faza 1" during a fight, else the dominant sun's name beside the sun drawn.
struct Chip {
    std::string text;
    bool sun = false;
    float size = 0;  // font size: two short lines a little smaller (a phone's top bar is narrow)
};

Chip chip_of(App& app) {
    const auto& s = app.session.state();
    Chip chip;
    if (s.fight.active) {
        chip.text = app.local(both(app, "top.round_phase", {{"{round}", std::to_string(s.fight.round)}, {"{phase}", std::to_string(s.fight.phase)}}));
    } else if (s.adventure.active) {
        chip.sun = true;
        chip.text = app.local(app.data->message(std::string("sun.") + sun_name(s.adventure.sun)));
    } else {
        chip.text = app.tr("top.no_adventure");
    }
    chip.size = ImGui::GetFontSize() * (chip.text.find('\n') == std::string::npos ? 1.0f : 0.78f);
    return chip;
}

// The chip's width: its text and the sun, no more (the session's name gets the rest).
float chip_width(const Chip& chip) {
    const float text = ImGui::GetFont()->CalcTextSizeA(chip.size, FLT_MAX, 0.0f, chip.text.c_str()).x;
    return text + (chip.sun ? 32.0f : 10.0f) + 12.0f;
}

void draw_chip(App& app, const Chip& chip, float width) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    ImGui::Dummy(ImVec2(width, touch_size));
    app.layout.add_last_item("top:chip");
    const ImVec2 end(at.x + width, at.y + touch_size);
    draw->AddRectFilled(ImVec2(at.x, at.y + 6), ImVec2(end.x, end.y - 6), col(theme::header), 16.0f);
    float text_x = at.x + 10;
    if (chip.sun) {
        draw_sun(draw, ImVec2(at.x + 18, at.y + touch_size / 2), 7.0f, sun_colour(app.session.state().adventure.sun));
        text_x = at.x + 32;
    }
    const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(chip.size, FLT_MAX, 0.0f, chip.text.c_str());
    draw->PushClipRect(at, end, true);
    draw->AddText(nullptr, chip.size, ImVec2(text_x, at.y + (touch_size - extent.y) / 2), col(theme::text), chip.text.c_str());
    draw->PopClipRect();
    if (extent.x > end.x - text_x) app.layout.add("top:chip:clipped", at.x, at.y, end.x, end.y, true);
    app.layout.add_text("top:chip", chip.text);
}

}  // namespace

void draw_top_bar(App& app) {
    const float width = ImGui::GetContentRegionAvail().x;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const std::string name = app.store ? app.store->current_name() : std::string(app.tr("app.title"));
    // Undo says what it will undo: "↶ Błyskawica".
    std::string undo_label = icon::undo;
    if (app.session.can_undo()) undo_label += " " + step_title(app, app.session.steps()[app.session.position() - 1]);
    const float redo_width = touch_size;
    // Fixed slots: the bar never moves when the undo label changes (it is shortened instead).
    const float undo_width = std::min(width * 0.36f, 240.0f);
    const Chip chip = chip_of(app);
    const float chip_w = std::min(chip_width(chip), std::min(width * 0.34f, 170.0f));
    const float name_width = width - undo_width - redo_width - chip_w - 3 * spacing;

    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(6, ImGui::GetStyle().FramePadding.y));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(name_width, touch_size));
    app.layout.add_last_item("top:session");
    app.layout.add_text("top:session", name);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(at, ImVec2(at.x + name_width, at.y + touch_size), true);
    draw->AddText(bold_font(), ImGui::GetFontSize(), ImVec2(at.x + 2, at.y + (touch_size - ImGui::GetTextLineHeight()) / 2), col(theme::text),
                  fit_text(name, name_width - 4, bold_font()).c_str());
    draw->PopClipRect();
    ImGui::SameLine();
    draw_chip(app, chip, chip_w);
    ImGui::SameLine();
    undo_label = fit_text(undo_label, undo_width - 2 * ImGui::GetStyle().FramePadding.x);
    if (touch_button(app, undo_label.c_str(), "undo", undo_width, app.session.can_undo())) undo(app);
    app.layout.add_text("undo", undo_label);
    ImGui::SameLine();
    if (touch_button(app, icon::redo, "redo", redo_width, app.session.can_redo())) redo(app);
    ImGui::PopStyleVar();
    draw_update_offer(app);
    draw_offline_note(app);
}

// Five tabs: an icon over a short label, the chosen one in gold.
void draw_tab_bar(App& app) {
    struct TabButton { Tab tab; const char* key; const char* id; const char* icon; };
    static constexpr TabButton tabs[] = {{Tab::Party, "tab.party", "tab:party", icon::party},
                                         {Tab::Table, "tab.table", "tab:table", icon::table},
                                         {Tab::Dice, "tab.dice", "tab:dice", icon::dice},
                                         {Tab::Log, "tab.log", "tab:log", icon::log},
                                         {Tab::Sessions, "tab.sessions", "tab:sessions", icon::sessions}};
    const float width = ImGui::GetContentRegionAvail().x;
    const float spacing = 2.0f;
    const float tab_width = (width - 4 * spacing) / 5;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // A small phone: the labels a little smaller rather than cut ("Dziennik" at 360 px).
    float widest = 0;
    for (const TabButton& tab : tabs) widest = std::max(widest, ImGui::CalcTextSize(app.tr(tab.key)).x);
    const float label_size = ImGui::GetFontSize() * std::min(0.78f, (tab_width - 4) / widest);
    const float icon_size = ImGui::GetFontSize() * 1.05f;
    const float bar_height = tab_bar_height();
    for (int i = 0; i < 5; ++i) {
        const TabButton& tab = tabs[i];
        const bool selected = app.ui.tab == tab.tab;
        const ImVec2 a(origin.x + i * (tab_width + spacing), origin.y);
        const ImVec2 b(a.x + tab_width, a.y + bar_height);
        ImGui::SetCursorScreenPos(a);
        if (ImGui::InvisibleButton(tab.id, ImVec2(tab_width, bar_height))) {
            if (app.ui.tab != tab.tab) app.ui.table.board_follows_player = false;  // the board centres its front again
            app.ui.tab = tab.tab;
        }
        app.layout.add_last_item(tab.id);
        app.layout.add_text(tab.id, app.tr(tab.key));
        draw->AddRectFilled(a, b, col(selected ? theme::chosen : ImGui::IsItemActive() ? theme::button_active : theme::tab_bar_bg), theme::rounding);
        const theme::Colour ink = selected ? theme::text : theme::text_dim;
        const float icon_w = ImGui::GetFont()->CalcTextSizeA(icon_size, FLT_MAX, 0.0f, tab.icon).x;
        draw->AddText(nullptr, icon_size, ImVec2(a.x + (tab_width - icon_w) / 2, a.y + 5), col(ink), tab.icon);
        const float label_w = ImGui::GetFont()->CalcTextSizeA(label_size, FLT_MAX, 0.0f, app.tr(tab.key)).x;
        draw->AddText(nullptr, label_size, ImVec2(a.x + (tab_width - label_w) / 2, b.y - label_size - 5), col(ink), app.tr(tab.key));
        // Cut sideways, or run into the icon above it (large text): a label that cannot be read.
        const float icon_bottom = a.y + 5 + ImGui::GetFont()->CalcTextSizeA(icon_size, FLT_MAX, 0.0f, tab.icon).y;
        if (label_w > tab_width || b.y - label_size - 5 < icon_bottom - 0.5f) app.layout.mark_text_clipped(tab.id);
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + bar_height));
    ImGui::Dummy(ImVec2(0, 0));
}

}  // namespace czary::app
