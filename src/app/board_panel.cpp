// The formation board: the monsters' ranks facing the party's, three places a rank (4.1 C, 9.1).
// Tokens are dragged between places; a tap selects a figure, or picks it as the cast's target.
#include <algorithm>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/formation.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

constexpr float token_height = 78.0f;
const char* payload_type = "CZARY_FIGURE";

bool is_target_candidate(const App& app, const std::string& id, const std::vector<std::string>& candidates) {
    return app.ui.cast.active() && std::find(candidates.begin(), candidates.end(), id) != candidates.end();
}

// Short badges for statuses; the selected figure's panel spells them out (board_status_lines).
std::string badges(const Figure& f) {
    std::string text;
    if (f.asleep) text += "Zz ";
    if (!f.charmed_by.empty()) text += "Ur ";
    if (f.magic_shield) text += "MT ";
    if (f.armor > 0) text += "MZ" + std::to_string(f.armor) + " ";
    if (f.poisoned) text += "Tr ";
    if (f.strength_bonus_next || f.strength_bonus_active) text += "Sł ";
    return text;
}

void draw_token(App& app, const Figure& f, ImVec2 size, bool candidate) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    const bool selected = app.ui.selected == f.id;
    const bool chosen = std::find(app.ui.cast.targets.begin(), app.ui.cast.targets.end(), f.id) != app.ui.cast.targets.end();
    const ImU32 fill = f.side == Side::Party ? IM_COL32(40, 60, 90, 255) : IM_COL32(90, 40, 40, 255);
    draw->AddRectFilled(a, b, fill, 6.0f);
    if (candidate) draw->AddRect(a, b, IM_COL32(250, 220, 80, 255), 6.0f, 0, 3.0f);
    if (chosen) draw->AddRectFilled(a, b, IM_COL32(250, 220, 80, 60), 6.0f);
    if (selected) draw->AddRect(a, b, IM_COL32(255, 255, 255, 255), 6.0f, 0, 2.0f);
    const float pad = 6.0f;
    draw->PushClipRect(a, b, true);
    draw->AddText(ImVec2(a.x + pad, a.y + pad), IM_COL32_WHITE, app.local(f.name).c_str());
    // Wounds as a bar and as numbers: taken / siła.
    const float bar_y = a.y + pad + ImGui::GetTextLineHeight() + 4;
    const float bar_w = size.x - 2 * pad;
    const float left = f.sila > 0 ? std::max(0.0f, 1.0f - static_cast<float>(f.wounds) / f.sila) : 0.0f;
    draw->AddRectFilled(ImVec2(a.x + pad, bar_y), ImVec2(a.x + pad + bar_w, bar_y + 8), IM_COL32(60, 20, 20, 255), 3.0f);
    draw->AddRectFilled(ImVec2(a.x + pad, bar_y), ImVec2(a.x + pad + bar_w * left, bar_y + 8), IM_COL32(90, 200, 90, 255), 3.0f);
    const std::string numbers = std::to_string(f.wounds) + "/" + std::to_string(f.sila) + "  " + badges(f);
    draw->AddText(ImVec2(a.x + pad, bar_y + 12), IM_COL32(230, 230, 230, 255), numbers.c_str());
    draw->PopClipRect();
    (void)size;
}

void drop_target(App& app, Side side, int rank, int slot) {
    if (!ImGui::BeginDragDropTarget()) return;
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload(payload_type)) {
        const std::string id(static_cast<const char*>(payload->Data));
        const Figure* f = app.session.state().find(id);
        if (f && f->side == side)
            dispatch(app, {{"type", "move_figure"}, {"figure", id}, {"rank", rank + 1}, {"slot", slot + 1}});
        else if (f)
            app.ui.notice = Notice{app.data->message("refuse.not_on_board", {{"figure", f->name}}), "9.1", true, ""};
    }
    ImGui::EndDragDropTarget();
}

void draw_formation(App& app, Side side, const std::vector<std::string>& candidates) {
    const auto& s = app.session.state();
    const Formation& formation = side == Side::Party ? s.party : s.monsters;
    const char* side_name = side == Side::Party ? "party" : "monsters";
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const ImVec2 size((ImGui::GetContentRegionAvail().x - 2 * spacing) / 3, token_height);
    // One empty rank behind the last, so that a token can be dragged into a new rank.
    const int ranks = static_cast<int>(formation.ranks.size()) + 1;
    // The monsters face the party: their first rank is drawn last, nearest the party.
    for (int i = 0; i < ranks; ++i) {
        const int rank = side == Side::Party ? i : ranks - 1 - i;
        ImGui::TextDisabled("%s %d", app.tr(side == Side::Party ? "board.party_rank" : "board.monster_rank"), rank + 1);
        for (int slot = 0; slot < 3; ++slot) {
            if (slot) ImGui::SameLine();
            const std::string place_id = std::string("place:") + side_name + ":" + std::to_string(rank + 1) + ":" + std::to_string(slot + 1);
            const std::string id = rank < static_cast<int>(formation.ranks.size()) ? formation.ranks[rank][slot] : "";
            const Figure* f = id.empty() ? nullptr : s.find(id);
            ImGui::PushID(place_id.c_str());
            if (!f) {
                ImGui::InvisibleButton("##place", size);
                ImGui::GetWindowDrawList()->AddRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), IM_COL32(110, 110, 110, 160), 6.0f);
                app.layout.add_last_item(place_id);
                drop_target(app, side, rank, slot);
                ImGui::PopID();
                continue;
            }
            const bool candidate = is_target_candidate(app, f->id, candidates);
            if (ImGui::InvisibleButton("##token", size)) {
                if (app.ui.cast.active() && candidate) app.ui.cast.targets = {f->id};
                else app.ui.selected = f->id;
            }
            app.layout.add_last_item(place_id);
            app.layout.add_last_item("token:" + f->id);
            draw_token(app, *f, size, candidate);
            if (ImGui::BeginDragDropSource(ImGuiDragDropFlags_SourceAllowNullID)) {
                ImGui::SetDragDropPayload(payload_type, f->id.c_str(), f->id.size() + 1);
                ImGui::TextUnformatted(app.local(f->name).c_str());
                ImGui::EndDragDropSource();
            }
            drop_target(app, side, rank, slot);
            ImGui::PopID();
        }
    }
}

void status_lines(App& app, const Figure& f) {
    auto line = [&](bool on, const char* key) {
        if (on) ImGui::BulletText("%s", app.tr(key));
    };
    ImGui::Text("%s — %s %d/%d, %s %d", app.local(f.name).c_str(), app.tr("stat.wounds"), f.wounds, f.sila, app.tr("stat.odpornosc"), f.odpornosc);
    app.layout.add_last_item("details:" + f.id);
    line(f.asleep, "status.asleep");
    line(!f.charmed_by.empty(), "status.charmed");
    line(f.magic_shield, "status.shield");
    if (f.armor > 0) ImGui::BulletText("%s: %d", app.tr("status.armor"), f.armor);
    line(f.poisoned, "status.poisoned");
    line(f.petrified, "status.stone");
    line(f.dead, "status.dead");
    if (f.strength_bonus_next) ImGui::BulletText("%s: +%d", app.tr("status.strength_next"), f.strength_bonus_next);
}

}  // namespace

void draw_board(App& app) {
    std::vector<std::string> candidates;
    if (app.ui.cast.active())
        candidates = valid_targets(app.session.state(), *app.data, app.ui.cast.caster, app.ui.cast.spell);
    draw_formation(app, Side::Monsters, candidates);
    ImGui::Separator();
    draw_formation(app, Side::Party, candidates);
    if (const Figure* f = app.session.state().find(app.ui.selected)) status_lines(app, *f);
    // Figures off the board: the dead, stone, the teleported.
    for (const auto& f : app.session.state().figures) {
        if (place_of(app.session.state(), f.id).on_board() || (!f.is_character() && f.dead)) continue;
        ImGui::PushID(f.id.c_str());
        if (ImGui::Selectable((app.local(f.name) + " — " + app.tr(f.dead ? "status.dead" : f.petrified ? "status.stone" : "status.away") + "###off").c_str(),
                              app.ui.selected == f.id, 0, ImVec2(0, touch_size))) {
            if (is_target_candidate(app, f.id, candidates)) app.ui.cast.targets = {f.id};
            else app.ui.selected = f.id;
        }
        app.layout.add_last_item("token:" + f.id);
        ImGui::PopID();
    }
}

}  // namespace czary::app
