// The formation board: the monsters' ranks facing the party's, three places a rank (4.1 C, 9.1).
// A tap selects a figure (its sheet opens below) or picks it as the cast's target; a long press
// lifts a token and the finger carries it to another place (a swipe only scrolls). What the
// last step did shows on the tokens themselves: "−6", "odpiera", a new status icon.
#include <algorithm>
#include <cfloat>
#include <cmath>

#include <imgui_internal.h>

#include "app/icons.hpp"
#include "app/panels.hpp"
#include "app/theme_style.hpp"
#include "app/widgets.hpp"
#include "core/apply.hpp"
#include "core/casting.hpp"
#include "core/formation.hpp"
#include "core/queries.hpp"

namespace czary::app {

// Taller with large text (the player's setting): the name, the icons and the life line keep their
// room. On a phone no taller than they need (the name's line, the icons' row at 0.85, the numbers
// at 0.78 and the life bar: 2.63 lines and 18 px): with large text on a small phone the first rank
// of each side then fits the board together.
float token_height(const App& app) {
    if (app.frame.wide) return 88.0f * app.text_scale;
    return std::max(66.0f, 18.0f + 2.63f * ImGui::GetFontSize());
}

namespace {

constexpr float gutter = 22.0f;  // the rank's number, left of its places
constexpr float thin_rank = 26.0f;  // the empty rank behind the last: a place to start a new one

bool contains(const std::vector<std::string>& list, const std::string& id) {
    return std::find(list.begin(), list.end(), id) != list.end();
}


// A status shown on the counter: its icon (and a number or a name), spelled out for tests and
// screen readers under the layout id "status:<figure>:<what>".
struct Status {
    const char* what;
    const char* icon;
    std::string detail;  // "3" armour points, "+2" siła, the charmer's name
    std::string spelled;
};

std::vector<Status> statuses(const App& app, const Figure& f) {
    std::vector<Status> list;
    if (f.dead) list.push_back({"dead", icon::dead, "", app.tr("status.dead")});
    if (f.petrified) list.push_back({"stone", icon::stone, "", app.tr("status.stone")});
    if (f.asleep) list.push_back({"asleep", icon::asleep, "", app.tr("status.asleep")});
    if (!f.charmed_by.empty()) {
        const Figure* by = app.session.state().find(f.charmed_by);
        const std::string name = by ? app.local(by->name) : f.charmed_by;
        list.push_back({"charmed", icon::charmed, name, app.local(both(app, "status.charmed_by", {{"{caster}", name}}))});
    }
    if (f.magic_shield) list.push_back({"shield", icon::shield, "", app.tr("status.shield")});
    if (f.armor > 0)
        list.push_back({"armor", icon::armor, std::to_string(f.armor), std::string(app.tr("status.armor")) + ": " + std::to_string(f.armor)});
    const int bonus = f.strength_bonus_active ? f.strength_bonus_active : f.strength_bonus_next;
    if (bonus) list.push_back({"strength", icon::strength, "+" + std::to_string(bonus), std::string(app.tr("status.strength_next")) + ": +" + std::to_string(bonus)});
    if (f.poisoned) list.push_back({"poisoned", icon::poison, "", app.tr("status.poisoned")});
    return list;
}

// What the newest step did to this figure, shown on its token until the next change.
struct Effect {
    std::string text;
    ImU32 colour = 0;
    std::string compact = {};  // an icon in its place where the word does not fit ("odpiera": ban)
};

Effect effect_on(const App& app, const Figure& f) {
    if (!app.ui.before_step || !app.session.position() || app.ui.outcome_step != app.session.position() - 1) return {};
    const Figure* before = app.ui.before_step->find(f.id);
    if (!before) return {};
    if (f.dead && !before->dead) return {"†", col(theme::bad)};
    const int life_lost = f.wounds - before->wounds;
    if (life_lost > 0) return {"−" + std::to_string(life_lost), col(theme::bad)};
    if (life_lost < 0) return {"+" + std::to_string(-life_lost), col(theme::good)};
    for (const auto& roll : app.session.steps()[app.session.position() - 1].rolls) {
        if (roll.purpose == "resist" && roll.figure == f.id && roll.total <= before->odpornosc)
            return {app.tr("board.resists"), col(theme::info), icon::resist};
    }
    return {};
}

theme::Colour side_colour(const Figure& f) {
    if (!f.charmed_by.empty()) return theme::charmed_token;
    return f.side == Side::Party ? theme::party_token : theme::monster_token;
}

// A counter of the game: the side's colour with a dark die-cut edge and a light bevel; the name
// (bold), the statuses as icons, life left against siła and odporność (11.0), a monster's
// level (6.7), and a life bar along the bottom edge.
// `effect`: what the newest step did, as a badge at the right of the icons' row (in the level's
// place): the name above it and life and odporność below stay readable.
void draw_token_face(App& app, const Figure& f, ImVec2 a, ImVec2 b, ImDrawList* draw, bool record, const Effect& effect = {}) {
    const float r = theme::token_rounding;
    draw->AddRectFilled(a, b, col(theme::token_edge), r);
    draw->AddRectFilled(ImVec2(a.x + 2, a.y + 2), ImVec2(b.x - 2, b.y - 2), col(side_colour(f)), r - 1);
    draw->AddLine(ImVec2(a.x + 4, a.y + 3), ImVec2(b.x - 4, a.y + 3), col(theme::token_bevel), 1.0f);
    const float pad = 6.0f;
    const float width = b.x - a.x - 2 * pad;
    const float size = ImGui::GetFontSize();
    const float small = size * 0.78f;
    const float icon_size = size * (app.frame.wide ? 0.95f : 0.85f);
    draw->PushClipRect(a, b, true);
    ImFont* bold = bold_font();
    // The name a little smaller rather than cut ("Curvenol" on a 360 px phone with large text).
    const std::string full_name = app.local(f.name);
    const float name_size = bold->CalcTextSizeA(size, FLT_MAX, 0.0f, full_name.c_str()).x > width ? size * 0.84f : size;
    const std::string name = fit_text(full_name, width, bold, name_size);
    draw->AddText(bold, name_size, ImVec2(a.x + pad, a.y + 4 + (size - name_size) / 2), col(theme::token_text), name.c_str());
    // A name may be shortened on a token (its sheet has it whole): reported as such.
    if (record) {
        app.layout.drawn_text("token:" + f.id, name, name != full_name);
        const float name_w = bold->CalcTextSizeA(name_size, FLT_MAX, 0.0f, name.c_str()).x;
        app.layout.add("token-name:" + f.id, a.x + pad, a.y + 4, a.x + pad + name_w, a.y + 4 + size);
        app.layout.drawn_text("token-name:" + f.id, name, name != full_name);
    }

    // Life left against siła (the same numbers as the party's tab) and odporność ("odp. 3")
    // along the bottom. Where both do not fit (a small phone with large text) they are drawn a
    // little smaller; where even then they do not, odporność goes up to the icons' row.
    const int life = std::max(0, f.sila - f.wounds);
    const std::string life_text = std::to_string(life) + "/" + std::to_string(f.sila);
    const std::string resistance = app.local(both(app, "token.resistance", {{"{n}", std::to_string(f.odpornosc)}}));
    const auto numbers_width = [&](float at) {
        return bold->CalcTextSizeA(at, FLT_MAX, 0.0f, life_text.c_str()).x + 6 + ImGui::GetFont()->CalcTextSizeA(at, FLT_MAX, 0.0f, resistance.c_str()).x;
    };
    const float numbers_size = numbers_width(small) <= width ? small : size * 0.68f;
    const bool resistance_up = numbers_width(numbers_size) > width;
    const float numbers_y = b.y - 10 - numbers_size;
    const float life_w = bold->CalcTextSizeA(numbers_size, FLT_MAX, 0.0f, life_text.c_str()).x;
    draw->AddText(bold, numbers_size, ImVec2(a.x + pad, numbers_y), col(theme::token_text), life_text.c_str());
    const float resistance_w = ImGui::GetFont()->CalcTextSizeA(numbers_size, FLT_MAX, 0.0f, resistance.c_str()).x;
    const float icons_y = a.y + 4 + size;
    const ImVec2 resistance_at(b.x - pad - resistance_w, resistance_up ? icons_y + (icon_size - numbers_size) / 2 : numbers_y);
    draw->AddText(nullptr, numbers_size, resistance_at, col(theme::token_text), resistance.c_str());
    if (record) {
        app.layout.add("token-life:" + f.id, a.x + pad, numbers_y, a.x + pad + life_w, numbers_y + numbers_size);
        app.layout.drawn_text("token-life:" + f.id, life_text);
        app.layout.add("token-resistance:" + f.id, resistance_at.x, resistance_at.y, resistance_at.x + resistance_w, resistance_at.y + numbers_size);
        app.layout.drawn_text("token-resistance:" + f.id, resistance);
    }

    // The icons' row: from the right odporność (where it went up), what the newest step did (a
    // badge) or else a monster's level (6.7); the statuses from the left, icons with their
    // number or name, as many as the row holds.
    float icons_right = resistance_up ? resistance_at.x - 4 : b.x - pad;
    if (!effect.text.empty()) {
        const float badge_size = small;
        const float right_edge = resistance_up ? icons_right : b.x - 3;
        // The word where it fits beside odporność gone up (large text, "11/11"); else its icon.
        const bool word = !(bold->CalcTextSizeA(badge_size, FLT_MAX, 0.0f, effect.text.c_str()).x + 10 > right_edge - (a.x + 3)) || effect.compact.empty();
        const std::string& shown = word ? effect.text : effect.compact;
        ImFont* font = word ? bold : ImGui::GetFont();
        const ImVec2 extent = font->CalcTextSizeA(badge_size, FLT_MAX, 0.0f, shown.c_str());
        const ImVec2 box0(std::max(a.x + 3, right_edge - extent.x - 10), icons_y);
        const ImVec2 box1(right_edge, icons_y + extent.y + 4);
        draw->AddRectFilled(box0, box1, col(theme::token_edge, 0.95f), 5.0f);
        draw->AddRect(box0, box1, effect.colour, 5.0f, 0, 1.0f);
        draw->AddText(font, badge_size, ImVec2(box0.x + 5, box0.y + 2), effect.colour, shown.c_str());
        if (record) {
            app.layout.add("effect:" + f.id, box0.x, box0.y, box1.x, box1.y);
            app.layout.drawn_text("effect:" + f.id, shown, false, extent.x > box1.x - box0.x - 10 + 0.5f);
            app.layout.add_text("effect:" + f.id, effect.text);  // the word, for screen readers
        }
        icons_right = box0.x - 4;
    } else if (!f.is_character()) {
        const std::string level = std::string(icon::level) + std::to_string(f.level);
        const float w = ImGui::GetFont()->CalcTextSizeA(small, FLT_MAX, 0.0f, level.c_str()).x;
        draw->AddText(nullptr, small, ImVec2(icons_right - w, icons_y + (icon_size - small) / 2), col(theme::token_text), level.c_str());
        icons_right -= w + 4;
    }
    float x = a.x + pad;
    for (const Status& status : statuses(app, f)) {
        const std::string text = std::string(status.icon) + (status.detail.empty() ? "" : status.detail);
        const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(icon_size, FLT_MAX, 0.0f, text.c_str());
        const std::string shown = x + extent.x <= icons_right ? text : std::string(status.icon);
        const float w = ImGui::GetFont()->CalcTextSizeA(icon_size, FLT_MAX, 0.0f, shown.c_str()).x;
        if (x + w > icons_right) break;
        draw->AddText(nullptr, icon_size, ImVec2(x, icons_y), col(theme::token_text), shown.c_str());
        if (record) {
            const std::string id = "status:" + f.id + ":" + status.what;
            app.layout.add(id, x, icons_y, x + w, icons_y + icon_size);
            app.layout.add_text(id, status.spelled);
        }
        x += w + 5;
    }
    const float bar_y = b.y - 7;
    const float left = f.sila > 0 ? static_cast<float>(life) / f.sila : 0.0f;
    draw->AddRectFilled(ImVec2(a.x + pad, bar_y), ImVec2(b.x - pad, bar_y + 3), col(theme::life_bar_bg), 1.5f);
    draw->AddRectFilled(ImVec2(a.x + pad, bar_y), ImVec2(a.x + pad + width * left, bar_y + 3), col(theme::life_bar), 1.5f);
    draw->PopClipRect();
}

void draw_token(App& app, const Figure& f, bool candidate, bool lifted) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    if (lifted) {  // the place it was lifted from, empty but for an outline
        draw->AddRect(a, b, col(theme::accent, 0.8f), theme::token_rounding, 0, 2.0f);
        return;
    }
    draw_token_face(app, f, a, b, draw, true, effect_on(app, f));
    const float r = theme::token_rounding;
    if (candidate) draw->AddRect(a, b, col(theme::accent), r, 0, 3.0f);
    if (contains(app.ui.cast.targets, f.id)) draw->AddRectFilled(a, b, col(theme::accent, 0.25f), r);
    if (app.ui.selected == f.id) draw->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), col(theme::selected_edge), r, 0, 2.5f);
}

void tap_token(App& app, const Figure& f, const std::vector<std::string>& candidates) {
    if (app.ui.cast.active()) {
        if (contains(candidates, f.id)) {
            app.ui.cast.targets = {f.id};
            app.ui.cast.asked_no_wounds = false;
        } else {
            app.ui.notice = Notice{both(app, "cast.not_a_target", {{"{figure}", app.local(f.name)}}), "", true};
            // The rules' own reason where they give one ("Uzdrowienia nie można rzucić na siebie").
            const GameState& s = app.session.state();
            const Figure* caster = find_caster(*app.data, s, app.ui.cast.caster);
            const Spell* spell = app.data->spells.find(app.ui.cast.spell);
            if (caster && spell) {
                if (auto refused = target_refusal(s, *app.data, *caster, *spell, f)) {
                    const Refusal why = make_refusal(*refused, *app.data);
                    app.ui.notice = Notice{LocalizedText{why.pl, why.en}, why.rule, true};
                }
            }
        }
        return;
    }
    app.ui.selected = f.id;
    app.ui.table.sheet = Sheet::Figure;
    // Tapped where the board's edge cuts it (a second rank on a small phone with large text):
    // the chosen counter comes whole into view.
    app.ui.table.reveal = f.id;
    // A monster, or a character with no spell to cast (a fighter: no pool, no ring, nothing
    // learned), opens on its wounds and statuses; a caster on its hand.
    app.ui.table.figure_details = !f.is_character() || !f.knows_spells();
}

void draw_formation(App& app, Side side, const std::vector<std::string>& candidates) {
    const auto& s = app.session.state();
    const Formation& formation = side == Side::Party ? s.party : s.monsters;
    const char* side_name = side == Side::Party ? "party" : "monsters";
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const float height = token_height(app);
    const ImVec2 size((ImGui::GetContentRegionAvail().x - gutter - 2 * spacing) / 3, height);
    const std::string& lifted = app.touch.gesture.dragging() ? app.touch.gesture.lifted_figure() : std::string();
    const int used = static_cast<int>(formation.ranks.size());
    // Full-height ranks: those in use; on the monsters' side at least one (the first monster
    // comes to a place already drawn) and, during a fight, every rank drawn since it began (a
    // rank emptied by a death keeps its room). Nothing above the front line moves the party.
    // Once no monster stands (the last one fell, the fight not ended yet) the board shows what
    // is left: one empty rank, the party whole below it (the fourth playtest saw three empty
    // ranks and a cut second rank of the party).
    int full = used;
    if (side == Side::Monsters) {
        const bool standing = living_on_board(s, Side::Monsters) > 0;
        int& kept = app.ui.table.monster_ranks_kept;
        kept = s.fight.active && standing ? std::max(kept, used) : used;
        full = standing ? std::max({used, kept, 1}) : 1;
    }
    // One thin empty rank behind the last, so that a lifted token can start a new rank.
    const int ranks = full + 1;
    // The monsters face the party: their first rank is drawn last, nearest the party.
    for (int i = 0; i < ranks; ++i) {
        const int rank = side == Side::Party ? i : ranks - 1 - i;
        const bool extra = rank >= used;
        const float row_height = rank >= full ? thin_rank : height;
        const ImVec2 row(ImGui::GetCursorScreenPos());
        const std::string number = std::to_string(rank + 1);
        ImGui::GetWindowDrawList()->AddText(ImVec2(row.x + 4, row.y + (row_height - ImGui::GetTextLineHeight()) / 2),
                                            col(theme::rank_number), number.c_str());
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
                ImGui::GetWindowDrawList()->AddRect(a, b, lifted.empty() ? col(theme::border, 0.55f) : col(theme::accent, 0.8f), theme::token_rounding);
                // A thin place is a finger's height to drop on: its target reaches over the gaps.
                const float reach = row_height < touch_size ? (touch_size - row_height) / 2 : 0.0f;
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
            if (f->id == app.ui.table.reveal) app.frame.reveal_span = std::make_pair(a.y, b.y);
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
    ImGui::GetWindowDrawList()->AddLine(ImVec2(at.x, at.y + 3), ImVec2(at.x + width, at.y + 3), col(theme::front_line), 2.0f);
    ImGui::Dummy(ImVec2(width, 6));
    draw_formation(app, Side::Party, candidates);
    draw_off_board(app, candidates);
}

// A toast of one line (its padding included).
float toast_strip_height() { return ImGui::GetFontSize() + 18.0f; }

// A phone's toast hangs from the board's top edge over this strip, which does not scroll with
// the board: a toast of one line covers no counter however the board is scrolled (a second line
// lies over the empty rank behind the far monsters while the board is not scrolled). Under it,
// during a fight, the round and the phase by name (9.2): the top bar has room for numbers only.
void draw_toast_strip(App& app) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x, height = toast_strip_height();
    ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + width, at.y + height), col(theme::board_bg));
    ImGui::Dummy(ImVec2(width, height));
    const Fight& fight = app.session.state().fight;
    if (!fight.active) return;
    const std::string phase = app.local(both(app, "board.phase", {{"{round}", std::to_string(fight.round)}, {"{phase}", std::to_string(fight.phase)},
                                                                {"{phase_name}", app.tr(("phase." + std::to_string(fight.phase)).c_str())}}));
    // A little smaller where the line would not fit (a small phone, large text).
    const float room = width - 8;
    float size = ImGui::GetFontSize();
    const float wide = ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0.0f, phase.c_str()).x;
    if (wide > room) size *= std::max(0.7f, room / wide);
    const ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0.0f, phase.c_str());
    const float y = at.y + (height - extent.y) / 2;
    ImGui::GetWindowDrawList()->AddText(nullptr, size, ImVec2(at.x + 4, y), col(theme::text_dim), phase.c_str());
    app.layout.add("board:phase", at.x + 4, y, at.x + 4 + std::min(extent.x, room), y + extent.y);
    app.layout.drawn_text("board:phase", phase, false, extent.x > room + 0.5f);
    app.layout.add_text("board:phase", phase);
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
        // Let go where no place is (past the board's edge): it stays, and the player is told
        // why (the playtests saw a drag that did nothing, silently).
        const bool on_a_place = std::any_of(app.frame.places.begin(), app.frame.places.end(), [&](const auto& place) {
            return gesture.x() >= place.x0 && gesture.x() < place.x1 && gesture.y() >= place.y0 && gesture.y() < place.y1;
        });
        if (!on_a_place) app.ui.notice = Notice{both(app, "board.dropped_outside", {{"{figure}", app.local(f->name)}}), "", true};
        for (const auto& place : app.frame.places) {
            if (gesture.x() < place.x0 || gesture.x() >= place.x1 || gesture.y() < place.y0 || gesture.y() >= place.y1) continue;
            const Place from = place_of(s, f->id);
            if (from.rank + 1 == place.rank && from.slot + 1 == place.slot) break;  // put back where it was
            if (place.side != f->side) {
                app.ui.notice = Notice{app.data->message("refuse.not_on_board", {{"figure", f->name}}), "9.1", true};
            } else if (dispatch(app, actions::MoveFigure{f->id, place.rank, place.slot}).ok) {
                app.ui.table.reveal = f->id;  // dropped where the board's edge cuts it: brought whole into view
                app.frame.redraw = true;
            }
            break;
        }
        return;
    }
    const float width = std::min(120.0f, ImGui::GetMainViewport()->WorkSize.x / 3.2f);
    const ImVec2 a(gesture.x() - width / 2, gesture.y() - token_height(app) * 0.8f);
    const ImVec2 b(a.x + width, a.y + token_height(app));
    ImDrawList* draw = ImGui::GetForegroundDrawList();
    draw->AddRectFilled(ImVec2(a.x + 5, a.y + 7), ImVec2(b.x + 5, b.y + 7), col(theme::shadow), 8.0f);  // lifted: a shadow
    draw_token_face(app, *f, a, b, draw, false);
    draw->AddRect(a, b, col(theme::accent), theme::token_rounding, 0, 2.5f);
    app.layout.add("lifted:" + f->id, a.x, a.y, b.x, b.y);
}

}  // namespace czary::app
