// The formation board: the monsters' ranks facing the party's, three places a rank (4.1 C, 9.1).
// A tap selects a figure (its sheet opens below) or picks it as the cast's target; a long press
// lifts a token and the finger carries it to another place (a swipe only scrolls). What the
// last step did shows on the tokens themselves: "−6", "odpiera", a new status badge.
#include <algorithm>
#include <cmath>

#include <imgui_internal.h>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/formation.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

constexpr float gutter = 22.0f;  // the rank's number, left of its places

bool contains(const std::vector<std::string>& list, const std::string& id) {
    return std::find(list.begin(), list.end(), id) != list.end();
}

// Taller with large text (the player's setting): the name and the life line keep their room.
float token_height(const App& app) { return (app.frame.wide ? 84.0f : 62.0f) * app.text_scale; }

// Short badges for statuses; the figure's sheet spells them out.
std::string badges(const Figure& f) {
    std::string text;
    if (f.asleep) text += "Zz ";
    if (!f.charmed_by.empty()) text += "Ur ";
    if (f.magic_shield) text += "MT ";
    if (f.armor > 0) text += "MZ" + std::to_string(f.armor) + " ";
    if (f.poisoned) text += "Tr ";
    if (f.strength_bonus_next || f.strength_bonus_active) text += "Sł ";
    if (!f.is_character() && f.level > 1) text += "P" + std::to_string(f.level) + " ";  // level (6.7)
    return text;
}

// What the newest step did to this figure, shown on its token until the next change.
struct Effect {
    std::string text;
    ImU32 colour = 0;
};

Effect effect_on(const App& app, const Figure& f) {
    if (!app.ui.before_step || !app.session.position() || app.ui.outcome_step != app.session.position() - 1) return {};
    const Figure* before = app.ui.before_step->find(f.id);
    if (!before) return {};
    if (f.dead && !before->dead) return {"†", IM_COL32(255, 120, 100, 255)};
    const int life_lost = f.wounds - before->wounds;
    if (life_lost > 0) return {"−" + std::to_string(life_lost), IM_COL32(255, 110, 90, 255)};
    if (life_lost < 0) return {"+" + std::to_string(-life_lost), IM_COL32(130, 230, 130, 255)};
    for (const auto& roll : app.session.steps()[app.session.position() - 1].rolls) {
        if (roll.purpose == "resist" && roll.figure == f.id && roll.total <= before->odpornosc)
            return {app.tr("board.resists"), IM_COL32(150, 200, 255, 255)};
    }
    return {};
}

ImU32 side_colour(const Figure& f) {
    if (!f.charmed_by.empty()) return IM_COL32(88, 52, 110, 255);
    return f.side == Side::Party ? IM_COL32(38, 62, 96, 255) : IM_COL32(104, 40, 36, 255);
}

void draw_token_face(App& app, const Figure& f, ImVec2 a, ImVec2 b, ImDrawList* draw) {
    draw->AddRectFilled(a, b, side_colour(f), 6.0f);
    const float pad = 5.0f;
    draw->PushClipRect(a, b, true);
    draw->AddText(ImVec2(a.x + pad, a.y + 3), IM_COL32_WHITE, app.local(f.name).c_str());
    // Life left against siła, as a bar and as numbers: the same convention everywhere.
    const int life = std::max(0, f.sila - f.wounds);
    const float line = ImGui::GetTextLineHeight();
    const float bar_y = a.y + 3 + line + 2;
    const float bar_w = b.x - a.x - 2 * pad;
    const float left = f.sila > 0 ? static_cast<float>(life) / f.sila : 0.0f;
    draw->AddRectFilled(ImVec2(a.x + pad, bar_y), ImVec2(a.x + pad + bar_w, bar_y + 6), IM_COL32(60, 20, 20, 255), 3.0f);
    draw->AddRectFilled(ImVec2(a.x + pad, bar_y), ImVec2(a.x + pad + bar_w * left, bar_y + 6), IM_COL32(90, 200, 90, 255), 3.0f);
    const std::string numbers = std::to_string(life) + "/" + std::to_string(f.sila) + " " + badges(f);
    draw->AddText(ImVec2(a.x + pad, bar_y + 8), IM_COL32(230, 230, 230, 255), numbers.c_str());
    draw->PopClipRect();
}

void draw_token(App& app, const Figure& f, bool candidate, bool lifted) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    if (lifted) {  // the place it was lifted from, empty but for an outline
        draw->AddRect(a, b, IM_COL32(250, 220, 80, 200), 6.0f, 0, 2.0f);
        return;
    }
    draw_token_face(app, f, a, b, draw);
    if (candidate) draw->AddRect(a, b, IM_COL32(250, 220, 80, 255), 6.0f, 0, 3.0f);
    if (contains(app.ui.cast.targets, f.id)) draw->AddRectFilled(a, b, IM_COL32(250, 220, 80, 60), 6.0f);
    if (app.ui.selected == f.id) draw->AddRect(a, b, IM_COL32(255, 255, 255, 255), 6.0f, 0, 2.0f);
    const Effect effect = effect_on(app, f);
    if (!effect.text.empty()) {
        const ImVec2 size = ImGui::CalcTextSize(effect.text.c_str());
        const ImVec2 at(b.x - size.x - 8, b.y - size.y - 4);  // lower right: the name stays readable
        draw->AddRectFilled(ImVec2(at.x - 4, at.y), ImVec2(b.x - 2, at.y + size.y + 2), IM_COL32(20, 16, 14, 230), 5.0f);
        draw->AddText(at, effect.colour, effect.text.c_str());
        app.layout.add("effect:" + f.id, at.x - 4, at.y, b.x - 2, at.y + size.y + 2);
        app.layout.add_text("effect:" + f.id, effect.text);
    }
}

void tap_token(App& app, const Figure& f, const std::vector<std::string>& candidates) {
    if (app.ui.cast.active()) {
        if (contains(candidates, f.id)) {
            app.ui.cast.targets = {f.id};
            app.ui.cast.asked_no_wounds = false;
        } else {
            app.ui.notice = Notice{both(app, "cast.not_a_target", {{"{figure}", app.local(f.name)}}), "", true, ""};
        }
        return;
    }
    app.ui.selected = f.id;
    app.ui.table.sheet = Sheet::Figure;
    app.ui.table.figure_details = !f.is_character();
}

void draw_formation(App& app, Side side, const std::vector<std::string>& candidates) {
    const auto& s = app.session.state();
    const Formation& formation = side == Side::Party ? s.party : s.monsters;
    const char* side_name = side == Side::Party ? "party" : "monsters";
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float height = token_height(app);
    const ImVec2 size((ImGui::GetContentRegionAvail().x - gutter - 2 * spacing) / 3, height);
    const std::string& lifted = app.touch.gesture.dragging() ? app.touch.gesture.lifted_figure() : std::string();
    // One thin empty rank behind the last, so that a lifted token can start a new rank.
    const int ranks = static_cast<int>(formation.ranks.size()) + 1;
    // The monsters face the party: their first rank is drawn last, nearest the party.
    for (int i = 0; i < ranks; ++i) {
        const int rank = side == Side::Party ? i : ranks - 1 - i;
        const bool extra = rank >= static_cast<int>(formation.ranks.size());
        const float row_height = extra ? 26.0f : height;
        const ImVec2 row(ImGui::GetCursorScreenPos());
        const std::string number = std::to_string(rank + 1);
        ImGui::GetWindowDrawList()->AddText(ImVec2(row.x + 4, row.y + (row_height - ImGui::GetTextLineHeight()) / 2),
                                            IM_COL32(150, 140, 120, 255), number.c_str());
        ImGui::Dummy(ImVec2(gutter - spacing, row_height));
        for (int slot = 0; slot < 3; ++slot) {
            ImGui::SameLine();
            const std::string place_id = std::string("place:") + side_name + ":" + number + ":" + std::to_string(slot + 1);
            const std::string id = extra ? "" : formation.ranks[rank][slot];
            const Figure* f = id.empty() ? nullptr : s.find(id);
            ImGui::PushID(place_id.c_str());
            if (!f) {
                ImGui::Dummy(ImVec2(size.x, row_height));
                const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
                ImGui::GetWindowDrawList()->AddRect(a, b, lifted.empty() ? IM_COL32(110, 100, 90, 140) : IM_COL32(250, 220, 80, 200), 6.0f);
                // A thin place is a finger's height to drop on: its target reaches over the gaps.
                const float reach = extra ? (touch_size - row_height) / 2 : 0.0f;
                app.layout.add(place_id, a.x, a.y - reach, b.x, b.y + reach);
                app.frame.places.push_back({side, rank + 1, slot + 1, a.x, a.y - reach, b.x, b.y + reach});
                ImGui::PopID();
                continue;
            }
            const bool candidate = app.ui.cast.active() && contains(candidates, f->id);
            if (ImGui::InvisibleButton("##token", size)) tap_token(app, *f, candidates);
            if (ImGui::IsItemActivated()) app.touch.gesture.pressed_on(f->id);
            const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
            app.layout.add_last_item(place_id);
            app.layout.add_last_item("token:" + f->id);
            app.frame.places.push_back({side, rank + 1, slot + 1, a.x, a.y, b.x, b.y});
            draw_token(app, *f, candidate, f->id == lifted);
            ImGui::PopID();
        }
    }
}

// Figures off the board: the dead, stone, the teleported.
void draw_off_board(App& app, const std::vector<std::string>& candidates) {
    const auto& s = app.session.state();
    for (const auto& f : s.figures) {
        if (place_of(s, f.id).on_board() || (!f.is_character() && f.dead)) continue;
        ImGui::PushID(f.id.c_str());
        const char* where = f.dead ? "status.dead" : f.petrified ? "status.stone" : "status.away";
        if (ImGui::Selectable((app.local(f.name) + " — " + app.tr(where) + "###off").c_str(), app.ui.selected == f.id, 0, ImVec2(0, touch_size)))
            tap_token(app, f, candidates);
        app.layout.add_last_item("token:" + f.id);
        ImGui::PopID();
    }
}

}  // namespace

void draw_board(App& app) {
    std::vector<std::string> candidates;
    if (app.ui.cast.active())
        candidates = valid_targets(app.session.state(), *app.data, app.ui.cast.caster, app.ui.cast.spell);
    draw_formation(app, Side::Monsters, candidates);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    app.frame.board_front_y = at.y + 3;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(at.x, at.y + 3), ImVec2(at.x + width, at.y + 3), IM_COL32(200, 160, 70, 160), 2.0f);
    ImGui::Dummy(ImVec2(width, 6));
    draw_formation(app, Side::Party, candidates);
    draw_off_board(app, candidates);
}

// The lifted token follows the finger, above everything; let go over a place, it moves there
// (the core refuses what 4.1 C and 9.8 forbid, and the toast says why).
void draw_lifted_token(App& app) {
    const Gesture& gesture = app.touch.gesture;
    if (!gesture.dragging() && !app.touch.dropped) return;
    const auto& s = app.session.state();
    const Figure* f = s.find(gesture.lifted_figure());
    if (!f) return;
    if (app.touch.dropped) {
        for (const auto& place : app.frame.places) {
            if (gesture.x() < place.x0 || gesture.x() >= place.x1 || gesture.y() < place.y0 || gesture.y() >= place.y1) continue;
            const Place from = place_of(s, f->id);
            if (from.rank + 1 == place.rank && from.slot + 1 == place.slot) break;  // put back where it was
            if (place.side == f->side)
                dispatch(app, actions::MoveFigure{f->id, place.rank, place.slot});
            else
                app.ui.notice = Notice{app.data->message("refuse.not_on_board", {{"figure", f->name}}), "9.1", true, ""};
            break;
        }
        return;
    }
    const float width = std::min(120.0f, ImGui::GetMainViewport()->WorkSize.x / 3.2f);
    const ImVec2 a(gesture.x() - width / 2, gesture.y() - token_height(app) * 0.8f);
    const ImVec2 b(a.x + width, a.y + token_height(app));
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(a.x + 5, a.y + 7), ImVec2(b.x + 5, b.y + 7), IM_COL32(0, 0, 0, 110), 8.0f);  // lifted: a shadow
    draw_token_face(app, *f, a, b, draw);
    draw->AddRect(a, b, IM_COL32(250, 220, 80, 255), 6.0f, 0, 2.5f);
    app.layout.add("lifted:" + f->id, a.x, a.y, b.x, b.y);
}

}  // namespace czary::app
