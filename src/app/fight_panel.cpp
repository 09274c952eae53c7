// Fight controls: monsters (8.2), start and end, round and phase (9.2), quick wounds, and the
// negotiation and bribe rolls (8.4-8.9) with the N and V spells already cast.
#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

void add_monster_row(App& app) {
    const auto& kinds = app.data->monster_kinds;
    // Table 8.2 as a grid of buttons, three a row: easier for a thumb than a long drop-down.
    if (!section(app, "fight.monsters", "monsters")) return;
    const float w = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3;
    for (int i = 0; i < static_cast<int>(kinds.size()); ++i) {
        if (i % 3) ImGui::SameLine();
        const bool chosen = i == app.ui.monster_kind;
        if (chosen) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (touch_button(app, app.local(kinds[i].name).c_str(), "monster:kind:" + kinds[i].id, w)) app.ui.monster_kind = i;
        if (chosen) ImGui::PopStyleColor();
    }
    ImGui::TextUnformatted(app.tr("stat.sila"));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(150);
    ImGui::InputInt("##sila", &app.ui.monster_sila);
    app.layout.add_last_item("input:monster-sila");
    app.ui.monster_sila = std::max(1, std::min(99, app.ui.monster_sila));
    ImGui::SameLine();
    ImGui::TextUnformatted(app.tr("fight.level"));
    for (int level = 1; level <= 3; ++level) {
        ImGui::SameLine();
        ImGui::RadioButton((std::to_string(level) + "###level" + std::to_string(level)).c_str(), &app.ui.monster_level, level);
        app.layout.add_last_item("monster:level:" + std::to_string(level));
    }
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##code", app.tr("fight.sila_code"), app.ui.monster_code, sizeof app.ui.monster_code);
    app.layout.add_last_item("input:monster-code");
    nlohmann::json action = {{"type", "add_monster"}, {"kind", kinds[app.ui.monster_kind].id}, {"level", app.ui.monster_level}};
    // A code given: the app (or the table's dice) rolls siła; else the number entered counts.
    if (app.ui.monster_code[0]) action["sila_code"] = app.ui.monster_code;
    else action["sila"] = app.ui.monster_sila;
    if (touch_button(app, app.tr("fight.add_monster"), "monster:add", -1)) {
        if (app.ui.monster_code[0]) dispatch_rolling(app, action);
        else dispatch(app, action);
    }
}

void phase_row(App& app) {
    const Fight& fight = app.session.state().fight;
    const std::string phase_key = "phase." + std::to_string(fight.phase);
    ImGui::Text("%s %d · %s %d: %s", app.tr("fight.round"), fight.round, app.tr("fight.phase"), fight.phase, app.tr(phase_key.c_str()));
    app.layout.add_last_item("fight:phase");
    if (touch_button(app, app.tr("fight.next_phase"), "fight:next", -1)) dispatch(app, {{"type", "next_phase"}});
    const float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    if (touch_button(app, app.tr("fight.victory"), "fight:victory", w)) dispatch(app, {{"type", "end_fight"}, {"outcome", "victory"}});
    ImGui::SameLine();
    if (touch_button(app, app.tr("fight.fled"), "fight:fled", w)) dispatch(app, {{"type", "end_fight"}, {"outcome", "fled"}});
}

void wound_row(App& app) {
    const Figure* f = app.session.state().find(app.ui.selected);
    if (!f || f->dead) return;
    ImGui::Text("%s:", app.local(f->name).c_str());
    ImGui::SameLine();
    if (touch_button(app, "−1", "wound:minus", touch_size)) dispatch(app, {{"type", "heal"}, {"figure", f->id}, {"amount", 1}});
    ImGui::SameLine();
    if (touch_button(app, "+1", "wound:plus", touch_size)) dispatch(app, {{"type", "wound"}, {"figure", f->id}, {"amount", 1}});
    if (app.session.state().fight.active && f->is_character()) {
        ImGui::SameLine();
        if (touch_button(app, app.tr("fight.weapon_attack"), "fight:attack")) dispatch(app, {{"type", "weapon_attack"}, {"figure", f->id}});
    }
}

void talk_row(App& app) {
    const Figure* f = app.session.state().find(app.ui.selected);
    if (!f || !f->is_character()) return;
    if (touch_button(app, app.tr("talk.negotiate"), "talk:negotiate")) dispatch_rolling(app, {{"type", "negotiate"}, {"negotiator", f->id}});
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110);
    ImGui::InputInt("##gold", &app.ui.gold, 10, 50);
    app.layout.add_last_item("input:gold");
    ImGui::SameLine();
    if (touch_button(app, app.tr("talk.bribe"), "talk:bribe")) dispatch_rolling(app, {{"type", "bribe"}, {"gold", app.ui.gold}});
    // The exact odds of both, with the N and V spells already cast (8.4-8.9, 10.7).
    const auto& s = app.session.state();
    const auto talk = negotiation_odds(s, *app.data, f->id);
    std::string text;
    if (!talk.contains("refusal"))
        text = std::string(app.tr("odds.negotiation")) + " " + app.tr("odds.failure") + " " + percent(talk["failure"].get<double>()) + ", " +
               app.tr("odds.agreement") + " " + percent(talk["agreement"].get<double>()) + ", " + app.tr("odds.intimidation") + " " +
               percent(talk["intimidation"].get<double>());
    const auto bribe = bribe_odds(s, *app.data, app.ui.gold);
    if (!bribe.contains("refusal"))
        text += std::string(text.empty() ? "" : "\n") + app.tr("odds.bribe") + " " + percent(bribe["accepted"].get<double>());
    if (text.empty()) return;
    ImGui::TextDisabled("%s", text.c_str());
    app.layout.add_last_item("talk:odds");
    app.layout.add_text("talk:odds", text);
}

}  // namespace

void draw_fight_controls(App& app) {
    const auto& s = app.session.state();
    if (!s.adventure.entered) {
        ImGui::TextWrapped("%s", app.tr("table.not_entered"));
        return;
    }
    if (s.fight.active) {
        phase_row(app);
    } else {
        add_monster_row(app);
        if (touch_button(app, app.tr("fight.start"), "fight:start", -1)) dispatch(app, {{"type", "start_fight"}});
        talk_row(app);
    }
    wound_row(app);
    ImGui::Separator();
}

}  // namespace czary::app
