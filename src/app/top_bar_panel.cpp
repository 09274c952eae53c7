// The frame around every tab: a slim top bar (the session, the round and phase or the sun,
// undo and redo saying what they will undo) and the tab bar at the bottom, within thumb reach.
#include <algorithm>
#include <cfloat>
#include <optional>

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
        // A tablet's chip names the phase too (a phone shows it above the board, 9.2).
        const bool wide = ImGui::GetMainViewport()->WorkSize.x >= 600.0f;
        chip.text = app.local(both(app, wide ? "top.round_phase_named" : "top.round_phase", {{"{round}", std::to_string(s.fight.round)}, {"{phase}", std::to_string(s.fight.phase)},
                                                                                        {"{phase_name}", app.tr(("phase." + std::to_string(s.fight.phase)).c_str())}}));
    } else if (s.adventure.active) {
        chip.sun = true;
        chip.text = app.local(app.data->message(std::string("sun.") + sun_name(s.adventure.sun)));
    } else {
        chip.text = app.tr("top.no_adventure");
    }
    chip.size = ImGui::GetFontSize() * (chip.text.find('\n') == std::string::npos ? 1.0f : 0.78f);
    return chip;
}

// The chip's sun: its centre from the pill's left edge and its radius. The name begins clear of
// its rays (the fifth playtest read "-niebieskie", a ray touching the word).
constexpr float chip_sun_x = 18.0f, chip_sun_radius = 7.0f;
float chip_text_x(const Chip& chip) { return chip.sun ? chip_sun_x + sun_reach(chip_sun_radius) + 5.4f : 10.0f; }

// The chip's width: its text and the sun, no more (the session's name gets the rest).
float chip_width(const Chip& chip) {
    const float text = ImGui::GetFont()->CalcTextSizeA(chip.size, FLT_MAX, 0.0f, chip.text.c_str()).x;
    return text + chip_text_x(chip) + 12.0f;
}

void draw_chip(App& app, const Chip& chip, float width) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    ImGui::Dummy(ImVec2(width, touch_size));
    app.layout.add_last_item("top:chip");
    const ImVec2 end(at.x + width, at.y + touch_size);
    const float text_x = at.x + chip_text_x(chip);
    // Too wide (a small phone with large text): a little smaller, then on two lines, rather than cut.
    float size = chip.size;
    std::string text = chip.text;
    const float room = end.x - text_x - 4;
    if (ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()).x > room) size = std::min(size, ImGui::GetFontSize() * 0.78f);
    if (ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()).x > room && text.find('\n') == std::string::npos && text.find(' ') != std::string::npos)
        text[text.rfind(' ')] = '\n';
    // One word still too wide: smaller again, down to 0.6 of the text's size, rather than cut.
    float wide = ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()).x;
    if (wide > room) size = std::max(ImGui::GetFontSize() * 0.6f, size * room / wide);
    // Two lines no taller than the bar (large text: "Runda 1 / faza 1" spilled out of the pill).
    const float lines = static_cast<float>(std::count(text.begin(), text.end(), '\n') + 1);
    size = std::min(size, (touch_size - 4) / lines);
    const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
    const float text_y = at.y + (touch_size - extent.y) / 2;
    // The pill holds its text: as tall as two lines need, up to the bar's height.
    const float pill_top = std::max(at.y, std::min(at.y + 6, text_y - 3)), pill_bottom = std::min(end.y, std::max(end.y - 6, text_y + extent.y + 3));
    draw->AddRectFilled(ImVec2(at.x, pill_top), ImVec2(end.x, pill_bottom), col(theme::header), 16.0f);
    if (chip.sun) {
        const ImVec2 centre(at.x + chip_sun_x, at.y + touch_size / 2);
        const float reach = sun_reach(chip_sun_radius);
        draw_sun(draw, centre, chip_sun_radius, sun_colour(app.session.state().adventure.sun));
        app.layout.add("top:chip:sun", centre.x - reach, centre.y - reach, centre.x + reach, centre.y + reach);
    }
    draw->PushClipRect(at, end, true);
    draw->AddText(nullptr, size, ImVec2(text_x, text_y), col(theme::text), text.c_str());
    draw->PopClipRect();
    // Where the pill and its text lie, for tests: the text inside the pill, the pill in the bar.
    app.layout.add("top:chip:pill", at.x, pill_top, end.x, pill_bottom);
    app.layout.add("top:chip:text", text_x, text_y, text_x + extent.x, text_y + extent.y);
    const bool cut = extent.x > end.x - text_x || text_y < pill_top || text_y + extent.y > pill_bottom;
    if (cut) app.layout.add("top:chip:clipped", at.x, at.y, end.x, end.y, true);
    app.layout.add_text("top:chip", chip.text);
    app.layout.drawn_text("top:chip", text, false, cut);
}

// A label in a fixed slot of the top bar, never cut if it can be helped: one line at the text's
// size; else two lines a little smaller (word-wrapped); only then shortened with "…" (reported).
struct SlotText {
    std::string text;   // as drawn ("\n" between two lines)
    float size = 0;
    bool shortened = false;
};

SlotText fit_slot(const std::string& text, float width, ImFont* font) {
    const float size = ImGui::GetFontSize();
    if (font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()).x <= width) return {text, size, false};
    // Two lines fit 44 px down to 0.6 of the largest text size (1.5x: two lines of 16 px), but
    // not with a short word alone on a line ("Sesja / 1" once the sun's chip took its room: one
    // line smaller reads better). 0.6 is for a long word alone: undo's "Przekupstwo" at 1.5x on
    // a 360 px phone was cut at 0.68.
    std::optional<SlotText> lone;  // two lines, one of them a short word: if nothing else fits
    for (const float scale : {0.78f, 0.68f, 0.6f}) {
        const float small = size * scale;
        if (font->CalcTextSizeA(small, FLT_MAX, 0.0f, text.c_str()).x <= width) return {text, small, false};
        const std::string two = wrap_words(text, width, font, small);
        if (std::count(two.begin(), two.end(), '\n') != 1 || widest_word(text, font, small) > width) continue;
        const std::size_t cut = two.find('\n');
        if (cut >= 4 && two.size() - cut - 1 >= 4) return {two, small, false};
        if (!lone) lone = SlotText{two, small, false};
    }
    if (lone) return *lone;
    const float smallest = size * 0.6f;
    return {fit_text(text, width, font, smallest), smallest, true};
}

void draw_slot_text(ImDrawList* draw, ImFont* font, const SlotText& slot, ImVec2 a, ImVec2 b, ImU32 colour, bool centred) {
    const ImVec2 extent = font->CalcTextSizeA(slot.size, FLT_MAX, 0.0f, slot.text.c_str());
    std::size_t from = 0;
    float y = a.y + (b.y - a.y - extent.y) / 2;
    while (from <= slot.text.size()) {
        const std::size_t end = std::min(slot.text.find('\n', from), slot.text.size());
        const std::string line = slot.text.substr(from, end - from);
        const float w = font->CalcTextSizeA(slot.size, FLT_MAX, 0.0f, line.c_str()).x;
        draw->AddText(font, slot.size, ImVec2(centred ? (a.x + b.x - w) / 2 : a.x, y), colour, line.c_str());
        y += slot.size;
        from = end + 1;
    }
}

// The session's name over the bar's whole width, on as many lines as it needs: a name too
// long for its slot even on two lines (up to 200 bytes) is never shortened.
void draw_name_row(App& app, const std::string& name, float width) {
    const float size = ImGui::GetFontSize() * 0.78f;
    const SlotText lines{wrap_words(name, width - 4, bold_font(), size), size, false};
    const float height = std::max(touch_size * 0.75f, bold_font()->CalcTextSizeA(size, FLT_MAX, 0.0f, lines.text.c_str()).y + 6);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(width, height));
    app.layout.add_last_item("top:session");
    app.layout.add_text("top:session", name);
    draw_slot_text(ImGui::GetWindowDrawList(), bold_font(), lines, ImVec2(at.x + 2, at.y), ImVec2(at.x + width, at.y + height), col(theme::text), false);
    app.layout.drawn_text("top:session", lines.text);
}

// The live table, in a row under the bar while this phone is at one, always as tall (nothing
// moves when the connection drops): at the table and how many phones; a red "Brak połączenia ze
// stołem" with "Połącz ponownie"; "Stół w innej karcie" with the same (another tab of this browser
// holds the table); the host's refusal with "Graj dalej sam".
void draw_table_status(App& app) {
    if (!app.table) return;
    const LiveTable& table = *app.table;
    const float width = ImGui::GetContentRegionAvail().x;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    std::string text;
    const char* button = nullptr;
    const char* button_id = nullptr;
    switch (table.link) {
        case TableLink::Joined:
            text = app.local(both(app, "table.status.joined", {{"{n}", std::to_string(std::max(1, table.phones))}}));
            break;
        case TableLink::Connecting: text = app.tr("table.status.connecting"); break;
        case TableLink::Lost:
            text = app.tr("table.status.lost");
            button = app.tr("table.reconnect");
            button_id = "table:reconnect";
            break;
        case TableLink::Refused:
            text = app.tr("table.status.refused");
            button = app.tr("table.play_alone");
            button_id = "table:play-alone";
            break;
    }
    // Another tab of this browser holds the table: read-only here, one tap brings it back.
    if (table.elsewhere) {
        text = app.tr("table.status.elsewhere");
        button = app.tr("table.reconnect");
        button_id = "table:reconnect";
    }
    const bool alarm = table.link == TableLink::Lost || table.link == TableLink::Refused || table.elsewhere;
    const float pad = ImGui::GetStyle().FramePadding.x * 2;
    const float button_w = button ? std::min(width * 0.45f, ImGui::CalcTextSize(button).x + 2 * pad) : 0.0f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(at, ImVec2(at.x + width, at.y + touch_size), col(alarm ? theme::alarm : theme::header), theme::rounding);
    float text_x = at.x + 8;
    if (table.link == TableLink::Joined && !table.elsewhere) {  // a green light: the table hears this phone
        draw->AddCircleFilled(ImVec2(text_x + 5, at.y + touch_size / 2), 5, col(theme::good));
        text_x += 16;
    }
    const float room = at.x + width - button_w - (button ? 6 : 0) - text_x - 4;
    const SlotText shown = fit_slot(text, room, bold_font());
    draw_slot_text(draw, bold_font(), shown, ImVec2(text_x, at.y), ImVec2(text_x + room, at.y + touch_size), col(theme::text), false);
    app.layout.add("top:table", at.x, at.y, at.x + width, at.y + touch_size);
    app.layout.add_text("top:table", text);
    app.layout.drawn_text("top:table", shown.text, shown.shortened);
    if (button) {
        ImGui::SetCursorScreenPos(ImVec2(at.x + width - button_w, at.y));
        if (touch_button(app, button, button_id, button_w)) {
            if (table.link == TableLink::Lost || table.elsewhere) reconnect_table(app);
            else play_on_alone(app);
        }
    } else {
        ImGui::Dummy(ImVec2(width, touch_size));
    }
}

}  // namespace

void draw_top_bar(App& app) {
    const float width = ImGui::GetContentRegionAvail().x;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const std::string name = app.store ? app.store->current_name() : std::string(app.tr("app.title"));
    // Undo says what it will undo: "↶ Błyskawica"; the newest step, whatever it was (a tray
    // roll too: it is a step of the session, replayed with it).
    std::string undo_label = icon::undo;
    if (app.session.can_undo()) undo_label += " " + step_title(app, app.session.steps()[app.session.position() - 1]);
    const float redo_width = touch_size;
    // Fixed slots: the bar never moves when the undo label changes (it wraps instead).
    float undo_width = std::min(width * 0.36f, 240.0f);
    const Chip chip = chip_of(app);
    float chip_w = std::min(chip_width(chip), std::min(width * 0.34f, width >= 600.0f ? 260.0f : 170.0f));
    float name_width = width - undo_width - redo_width - chip_w - 3 * spacing;
    // The session's name is never cut: its longest word at the smallest size gets its room from
    // undo (which wraps to two lines) where the bar is narrow; a name that still needs more than
    // two lines gets a row of its own above the bar.
    // A name of two words ("Sesja 1") asks for room for both on one line: broken, its number
    // would stand alone on the second line.
    const bool two_words = std::count(name.begin(), name.end(), ' ') <= 1;
    const float longest = (two_words ? bold_font()->CalcTextSizeA(ImGui::GetFontSize() * 0.68f, FLT_MAX, 0.0f, name.c_str()).x
                                     : widest_word(name, bold_font(), ImGui::GetFontSize() * 0.68f)) + 6;
    const float taken = std::clamp(longest - name_width, 0.0f, std::max(0.0f, undo_width - 2 * touch_size));
    name_width += taken;
    undo_width -= taken;
    const SlotText name_shown = fit_slot(name, name_width - 4, bold_font());
    const bool own_row = name_shown.shortened;
    if (own_row) {
        draw_name_row(app, name, width);
        // The name's slot goes to the chip as far as its text needs ("niebieskie" whole with
        // large text on a small phone), the rest to undo.
        chip_w = std::min(chip_width(chip), width * 0.45f);
        undo_width = width - redo_width - chip_w - 2 * spacing;
    }

    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(6, ImGui::GetStyle().FramePadding.y));
    if (!own_row) {
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::Dummy(ImVec2(name_width, touch_size));
        app.layout.add_last_item("top:session");
        app.layout.add_text("top:session", name);
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw->PushClipRect(at, ImVec2(at.x + name_width, at.y + touch_size), true);
        draw_slot_text(draw, bold_font(), name_shown, ImVec2(at.x + 2, at.y), ImVec2(at.x + name_width, at.y + touch_size), col(theme::text), false);
        draw->PopClipRect();
        app.layout.drawn_text("top:session", name_shown.text, name_shown.shortened);
        ImGui::SameLine();
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw_chip(app, chip, chip_w);
    ImGui::SameLine();
    {
        const bool can = app.session.can_undo();
        if (!can) ImGui::BeginDisabled();
        const bool pressed = ImGui::Button("###undo", ImVec2(undo_width, touch_size));
        app.layout.add_last_item("undo");
        const float pad = ImGui::GetStyle().FramePadding.x;
        const SlotText shown = fit_slot(undo_label, undo_width - 2 * pad, ImGui::GetFont());
        draw_slot_text(draw, ImGui::GetFont(), shown, ImVec2(ImGui::GetItemRectMin().x + pad, ImGui::GetItemRectMin().y),
                       ImVec2(ImGui::GetItemRectMax().x - pad, ImGui::GetItemRectMax().y), ImGui::GetColorU32(ImGuiCol_Text), true);
        if (!can) ImGui::EndDisabled();
        if (pressed && can) undo(app);
        app.layout.add_text("undo", undo_label);
        app.layout.drawn_text("undo", shown.text, shown.shortened);
    }
    ImGui::SameLine();
    if (touch_button(app, icon::redo, "redo", redo_width, app.session.can_redo())) redo(app);
    ImGui::PopStyleVar();
    draw_table_status(app);
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
