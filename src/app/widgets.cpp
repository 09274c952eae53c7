#include "app/widgets.hpp"

#include <cstdio>

#include "app/sessions.hpp"

namespace czary::app {

bool touch_button(App& app, const char* text, const std::string& id, float width, bool enabled) {
    if (!enabled) ImGui::BeginDisabled();
    const bool pressed = ImGui::Button((std::string(text) + "###" + id).c_str(), ImVec2(width, touch_size));
    app.layout.add_last_item(id);
    if (!enabled) ImGui::EndDisabled();
    return pressed && enabled;
}

ImU32 sun_colour(Sun sun) {
    switch (sun) {
        case Sun::Red: return IM_COL32(200, 60, 50, 255);
        case Sun::Yellow: return IM_COL32(225, 180, 40, 255);
        case Sun::Blue: return IM_COL32(60, 110, 210, 255);
        case Sun::None: break;
    }
    return IM_COL32(120, 120, 120, 255);
}

// The one thing a notice offers to do about itself.
void draw_notice_offer(App& app) {
    const std::string offer = app.ui.notice->offer;
    if (offer == "export") {
        if (touch_button(app, app.tr("session.export"), "notice:offer")) export_session(app);
    } else if (offer.rfind("restore:", 0) == 0) {
        if (touch_button(app, app.tr("session.undo_delete"), "notice:offer")) restore_session(app, offer.substr(8));
    } else if (offer.rfind("delete_for_good:", 0) == 0) {
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.55f, 0.18f, 0.16f, 1));
        const bool for_good = touch_button(app, app.tr("session.delete_for_good"), "notice:delete-for-good", half);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (touch_button(app, app.tr("session.cancel"), "notice:cancel", half)) app.ui.notice.reset();
        if (for_good) delete_session_for_good(app, offer.substr(16));
    } else if (offer == "leave_unsaved") {
        // Export first; leaving without it loses the session (the player says so, in red).
        if (touch_button(app, app.tr("session.export"), "notice:offer")) export_session(app);
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
        ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.55f, 0.18f, 0.16f, 1));
        const bool leave = touch_button(app, app.tr("session.leave_without_saving"), "notice:leave-unsaved", half);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (touch_button(app, app.tr("session.stay"), "notice:cancel", half)) stay_in_unsaved_session(app);
        if (leave) leave_unsaved_session(app);
    }
}

void draw_notice(App& app) {
    if (!app.ui.notice) return;
    const Notice& notice = *app.ui.notice;
    const ImVec4 colour = notice.refusal ? ImVec4(0.95f, 0.55f, 0.45f, 1) : ImVec4(0.6f, 0.9f, 0.6f, 1);
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", app.local(notice.text).c_str());
    ImGui::PopStyleColor();
    app.layout.add_last_item("notice");
    app.layout.add_text("notice", app.local(notice.text) + (notice.rule.empty() ? "" : " [" + notice.rule + "]"));
    // Most messages name their rule already; the others get it on a line of its own.
    if (!notice.rule.empty() && app.local(notice.text).find("(" + notice.rule) == std::string::npos)
        ImGui::TextDisabled("[%s]", notice.rule.c_str());
    draw_notice_offer(app);
}

void pip_pad(App& app, std::vector<int>& pips, const std::string& prefix) {
    const float w = (ImGui::GetContentRegionAvail().x - 5 * ImGui::GetStyle().ItemSpacing.x) / 6;
    for (int pip = 1; pip <= 6; ++pip) {
        if (touch_button(app, std::to_string(pip).c_str(), prefix + ":" + std::to_string(pip), w)) pips.push_back(pip);
        if (pip < 6) ImGui::SameLine();
    }
    std::string entered;
    for (int pip : pips) entered += std::to_string(pip) + " ";
    ImGui::Text("%s %s", app.tr("dice.entered"), entered.c_str());
    ImGui::SameLine();
    if (touch_button(app, app.tr("dice.clear"), prefix + ":clear", 0, !pips.empty())) pips.clear();
}

bool section(App& app, const char* key, const std::string& id) {
    const bool open = ImGui::CollapsingHeader(label(app, key, id).c_str());
    app.layout.add_last_item("section:" + id);
    return open;
}

std::string percent(double p) {
    char text[16];
    std::snprintf(text, sizeof text, "%.0f%%", p * 100.0);
    return text;
}

std::string label(const App& app, const char* key, const std::string& id) {
    return std::string(app.tr(key)) + "###" + id;
}

}  // namespace czary::app
