#include "app/widgets.hpp"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include <imgui_internal.h>

#include "app/theme_style.hpp"
#include "controller/sessions.hpp"
#include "controller/share.hpp"
#include "core/utf8.hpp"

namespace czary::app {

void Layout::add_last_item(const std::string& id) {
    const ImRect full(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    ImRect rect = full;
    rect.ClipWith(ImGui::GetCurrentWindow()->ClipRect);
    if (rect.GetWidth() <= 0 || rect.GetHeight() <= 0) return;  // scrolled out of sight
    // Vertical clipping only: full-width rows reach a little into the window padding.
    const bool clipped = rect.GetHeight() < full.GetHeight() - 0.5f;
    add(id, rect.Min.x, rect.Min.y, rect.Max.x, rect.Max.y, clipped);
}


namespace {

// Large text (the player's setting): the scale that fits `text` into a button `width` wide (1:
// it fits), down to about the normal size, rather than cut (90% of it: the larger font's rounded
// advances make a label a few px wider; the 1 px: ImGui rounds text widths up). At 1x nothing
// changes (a cut label is reported).
float label_fit(const App& app, const char* text, float width) {
    const float padding = 2 * ImGui::GetStyle().FramePadding.x;
    const float given = width > 0 ? width : width < 0 ? ImGui::GetContentRegionAvail().x + width : 0;
    const float label = ImGui::CalcTextSize(text).x;
    if (app.text_scale <= 1.0f || given <= padding || label <= given - padding) return 1.0f;
    return std::max((given - padding - 1) / label, 0.9f / app.text_scale);
}

float row_label_scale = 0;  // set between push_row_labels and pop_row_labels

}  // namespace

void push_row_labels(const App& app, std::initializer_list<const char*> labels, float width) {
    row_label_scale = 1.0f;
    for (const char* label : labels) row_label_scale = std::min(row_label_scale, label_fit(app, label, width));
}

void pop_row_labels() { row_label_scale = 0; }

bool touch_button(App& app, const char* text, const std::string& id, float width, bool enabled) {
    if (!enabled) ImGui::BeginDisabled();
    const float padding = 2 * ImGui::GetStyle().FramePadding.x;
    const float fit = row_label_scale > 0 ? row_label_scale : label_fit(app, text, width);
    const bool shrink = fit < 1.0f;
    if (shrink) push_text_size(fit);
    const bool pressed = ImGui::Button((std::string(text) + "###" + id).c_str(), ImVec2(width, touch_size));
    app.layout.add_last_item(id);
    app.layout.text_size(id, ImGui::GetFontSize());
    if (!enabled) app.layout.mark_disabled(id);
    const float room = ImGui::GetItemRectSize().x - padding;
    // Cut sideways, or taller than the room between the paddings (ImGui then pushes it down
    // onto the bottom border): either way a label not drawn as it should be.
    const ImVec2 label_size = ImGui::CalcTextSize(text);
    const float room_y = ImGui::GetItemRectSize().y - 2 * ImGui::GetStyle().FramePadding.y;
    app.layout.drawn_text(id, text, false, label_size.x > room + 0.5f || label_size.y > room_y + 0.5f);
    if (shrink) pop_text_size();
    if (!enabled) ImGui::EndDisabled();
    return pressed && enabled;
}

ImU32 sun_colour(Sun sun) { return col(theme::sun_colour(sun)); }

void draw_sun(ImDrawList* draw, ImVec2 centre, float radius, ImU32 colour) {
    for (int i = 0; i < 8; ++i) {
        const float angle = i * 3.14159265f / 4;
        const ImVec2 dir(std::cos(angle), std::sin(angle));
        draw->AddLine(ImVec2(centre.x + dir.x * radius * 1.3f, centre.y + dir.y * radius * 1.3f),
                      ImVec2(centre.x + dir.x * sun_reach(radius), centre.y + dir.y * sun_reach(radius)), colour, 2.0f);
    }
    draw->AddCircleFilled(centre, radius, colour);
}

void push_text_size(float factor) {
    // ImGui rounds the size after its global scales to whole pixels: the size is given so that
    // it rounds down, and a text made to fit a width still fits it.
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    const float scales = g.FontSize / g.FontSizeBase;
    ImGui::PushFont(nullptr, (std::floor(g.FontSize * factor) + 0.25f) / scales);
}

void pop_text_size() { ImGui::PopFont(); }

float content_right() { return ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x; }

ImFont* bold_font() {
    const ImVector<ImFont*>& fonts = ImGui::GetIO().Fonts->Fonts;
    return fonts.Size > 1 ? fonts[1] : ImGui::GetFont();
}

// The one thing a notice offers to do about itself. True when the offer has its own way out
// (Anuluj, Zostań): the toast then needs no "×" of its own.
bool draw_notice_offer(App& app) {
    const Offer offer = app.ui.notice->offer;
    const std::string key = app.ui.notice->key;  // the notice may be gone after a button
    if (offer == Offer::Export) {
        if (touch_button(app, app.tr("session.export"), "notice:offer")) export_session(app);
        return false;
    }
    if (offer == Offer::Restore) {
        if (touch_button(app, app.tr("session.undo_delete"), "notice:offer")) restore_session(app, key);
        return false;
    }
    if (offer == Offer::SendAgain) {  // a live table: another step came first (live_table.hpp)
        if (touch_button(app, app.tr("table.send_again"), "notice:offer")) send_again_to_table(app);
        return false;
    }
    if (offer == Offer::DeleteForGood) {
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
        ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::danger));
        const bool for_good = touch_button(app, app.tr("session.delete_for_good"), "notice:delete-for-good", half);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (touch_button(app, app.tr("session.cancel"), "notice:cancel", half)) app.ui.notice.reset();
        if (for_good) delete_session_for_good(app, key);
    } else if (offer == Offer::OpenShared) {
        // A session passed in a link (share.hpp): opened as a new one only on "yes".
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
        const bool open = touch_button(app, app.tr("share.open"), "notice:open-shared", half);
        ImGui::SameLine();
        if (touch_button(app, app.tr("session.cancel"), "notice:cancel", half)) decline_incoming_share(app);
        else if (open) accept_incoming_share(app);
    } else if (offer == Offer::LeaveUnsaved) {
        // Export first; leaving without it loses the session (the player says so, in red).
        if (touch_button(app, app.tr("session.export"), "notice:offer")) export_session(app);
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
        ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::danger));
        const bool leave = touch_button(app, app.tr("session.leave_without_saving"), "notice:leave-unsaved", half);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (touch_button(app, app.tr("session.stay"), "notice:cancel", half)) stay_in_unsaved_session(app);
        if (leave) leave_unsaved_session(app);
    }
    return true;
}

void pip_pad(App& app, std::vector<int>& pips, const std::string& prefix) {
    const float w = (ImGui::GetContentRegionAvail().x - 5 * ImGui::GetStyle().ItemSpacing.x) / 6;
    // A pip already entered shows in the chosen colour: the tap was taken.
    for (int pip = 1; pip <= 6; ++pip) {
        const bool entered = std::find(pips.begin(), pips.end(), pip) != pips.end();
        if (chosen_button(app, std::to_string(pip).c_str(), prefix + ":" + std::to_string(pip), w, entered)) pips.push_back(pip);
        if (pip < 6) ImGui::SameLine();
    }
    std::string entered;
    for (int pip : pips) entered += std::to_string(pip) + " ";
    ImGui::Text("%s %s", app.tr("dice.entered"), entered.c_str());
    ImGui::SameLine();
    if (touch_button(app, app.tr("dice.clear"), prefix + ":clear", 0, !pips.empty())) pips.clear();
}

float share(int count) {
    return (ImGui::GetContentRegionAvail().x - (count - 1) * ImGui::GetStyle().ItemSpacing.x) / count;
}

bool chosen_button(App& app, const char* text, const std::string& id, float width, bool chosen, bool enabled) {
    if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::chosen));
    const bool pressed = touch_button(app, text, id, width, enabled);
    if (chosen) ImGui::PopStyleColor();
    return pressed;
}

void rolling_pad(App& app, const std::string& prefix) {
    if (!app.ui.table_dice_everywhere) return;
    ImGui::TextUnformatted(app.tr("dice.enter_pips"));
    pip_pad(app, app.ui.pending_pips, prefix);
}

void record_field(App& app, const std::string& id, const std::string& value, const char* hint) {
    app.layout.add_last_item(id);
    const std::string shown = value.empty() && hint ? std::string(hint) : value;
    const float room = ImGui::GetItemRectSize().x - 2 * ImGui::GetStyle().FramePadding.x;
    app.layout.drawn_text(id, shown, false, ImGui::CalcTextSize(shown.c_str()).x > room + 0.5f);
}

bool checkbox(App& app, const std::string& text, const std::string& id, bool* value) {
    // A label wider than the room right of the box (large text on a small phone) goes on as
    // many lines as it needs, broken between words: the whole of it stays a target.
    const float box = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
    const float room = ImGui::GetContentRegionAvail().x - box;
    const std::string shown = ImGui::CalcTextSize(text.c_str()).x <= room ? text : wrap_words(text, room, ImGui::GetFont(), ImGui::GetFontSize());
    const bool changed = ImGui::Checkbox((shown + "###" + id).c_str(), value);
    app.layout.add_last_item(id);
    app.layout.drawn_text(id, shown, false, ImGui::CalcTextSize(shown.c_str()).x > room + 0.5f);
    return changed;
}

bool section(App& app, const char* key, const std::string& id) {
    ImGui::PushFont(bold_font(), 0.0f);
    // The arrow and the padding around the title: the rest is the title's room. A title wider
    // than that (large text on a small phone) is drawn a little smaller rather than cut.
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetFontSize() - 4 * ImGui::GetStyle().FramePadding.x;
    const float title = ImGui::CalcTextSize(app.tr(key)).x;
    push_text_size(title > room ? std::max(0.75f, (room - 1) / title) : 1.0f);
    const bool open = ImGui::CollapsingHeader(label(app, key, id).c_str());
    app.layout.add_last_item("section:" + id);
    const float drawn_room = ImGui::GetItemRectSize().x - ImGui::GetFontSize() - 4 * ImGui::GetStyle().FramePadding.x;
    app.layout.drawn_text("section:" + id, app.tr(key), false, ImGui::CalcTextSize(app.tr(key)).x > drawn_room + 0.5f);
    pop_text_size();
    ImGui::PopFont();
    return open;
}

std::string numbers_kept_whole(std::string text) {
    // ImGui wraps after a full stop; "10.6" drawn with U+2024 (one dot leader, the same dot to
    // the eye) is never broken into "[10." and "6]".
    for (std::size_t at = 1; at + 1 < text.size(); ++at) {
        if (text[at] == '.' && std::isdigit(static_cast<unsigned char>(text[at - 1])) && std::isdigit(static_cast<unsigned char>(text[at + 1])))
            text.replace(at, 1, "\xE2\x80\xA4");
    }
    return text;
}

void wrapped(const std::string& text) { ImGui::TextWrapped("%s", numbers_kept_whole(text).c_str()); }

void wrapped_in_room(const std::string& text, const std::vector<std::string>& could_be) {
    const float width = ImGui::GetContentRegionAvail().x;
    float room = 0;
    for (const auto& other : could_be) room = std::max(room, ImGui::CalcTextSize(numbers_kept_whole(other).c_str(), nullptr, false, width).y);
    // One group: the last item's rect (what layout() reports) is the text and its room, not the
    // 1 px filler under it.
    ImGui::BeginGroup();
    const float top = ImGui::GetCursorPosY();
    wrapped(text);
    const float used = ImGui::GetCursorPosY() - top - ImGui::GetStyle().ItemSpacing.y;
    if (used + 0.5f < room) {  // the rest of the room, with the usual spacing after it
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y);
        ImGui::Dummy(ImVec2(1, room - used));
    }
    ImGui::EndGroup();
}

std::string fit_text(const std::string& text, float width, ImFont* font, float size) {
    if (!font) font = ImGui::GetFont();
    if (size <= 0) size = ImGui::GetFontSize();
    auto fits = [&](const std::string& t) { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, t.c_str()).x <= width; };
    if (fits(text)) return text;
    std::string cut = text;
    while (!cut.empty()) {
        utf8_pop_back(cut);  // one character, all its bytes ("ó" is two)
        while (!cut.empty() && cut.back() == ' ') cut.pop_back();
        if (fits(cut + "…")) return cut + "…";
    }
    return "…";
}

float widest_word(const std::string& text, ImFont* font, float size) {
    float widest = 0;
    for (std::size_t from = 0; from <= text.size();) {
        const std::size_t end = std::min(text.find(' ', from), text.size());
        const std::string word = text.substr(from, end - from);
        widest = std::max(widest, font->CalcTextSizeA(size, FLT_MAX, 0.0f, word.c_str()).x);
        from = end + 1;
    }
    return widest;
}

std::string wrap_words(const std::string& text, float width, ImFont* font, float size) {
    auto fits = [&](const std::string& t) { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, t.c_str()).x <= width; };
    std::string wrapped, line;
    auto end_line = [&] {
        wrapped += (wrapped.empty() ? "" : "\n") + line;
        line.clear();
    };
    for (std::size_t from = 0; from <= text.size();) {
        const std::size_t end = std::min(text.find(' ', from), text.size());
        std::string word = text.substr(from, end - from);
        from = end + 1;
        if (word.empty()) continue;
        if (!line.empty() && fits(line + " " + word)) {
            line += " " + word;
            continue;
        }
        if (!line.empty()) end_line();
        // A word wider than a line on its own: as many whole characters as a line holds.
        while (!fits(word)) {
            std::string head = word;
            while (!fits(head)) {  // at least one character a line, however narrow
                std::string shorter = head;
                utf8_pop_back(shorter);
                if (shorter.empty()) break;
                head = shorter;
            }
            line = head;
            end_line();
            word = word.substr(head.size());
        }
        line = word;
    }
    if (!line.empty() || wrapped.empty()) end_line();
    return wrapped;
}

std::string label(const App& app, const char* key, const std::string& id) {
    return std::string(app.tr(key)) + "###" + id;
}

}  // namespace czary::app
