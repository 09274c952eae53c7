// The cast flow: spell chosen -> targets tapped on the board -> odds -> dice (the app's, or the
// pips of real dice) -> confirm -> the outcome in plain words; one undo reverts the whole cast.
#include <cstdio>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/casting.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

void odds_lines(App& app, const CastDraft& cast) {
    const auto& s = app.session.state();
    const auto odds = cast_odds(s, *app.data, cast.caster, cast.spell, cast.targets);
    std::string texts;
    for (const auto& entry : odds) {
        const Figure* target = s.find(entry.at("figure").get<std::string>());
        std::string line = app.local(target->name) + ": " + app.tr("odds.resist") + " " + percent(entry.at("resist").get<double>());
        if (entry.contains("kill")) line += ", " + std::string(app.tr("odds.kill")) + " " + percent(entry.at("kill").get<double>());
        ImGui::BulletText("%s", line.c_str());
        // The whole distribution of wounds when the spell is not resisted.
        if (entry.contains("wounds")) {
            std::string wounds = std::string(app.tr("odds.wounds")) + ":";
            for (const auto& [amount, p] : entry.at("wounds").items()) wounds += "  " + amount + " → " + percent(p.get<double>());
            ImGui::Indent();
            ImGui::TextDisabled("%s", wounds.c_str());
            ImGui::Unindent();
            texts += line + " | " + wounds + "\n";
        } else {
            texts += line + "\n";
        }
    }
    app.layout.add_last_item("cast:odds");
    app.layout.add_text("cast:odds", texts);
}

void dice_entry(App& app, CastDraft& cast) {
    ImGui::Checkbox((std::string(app.tr("dice.table_mode")) + "###cast-dice-mode").c_str(), &cast.table_dice);
    app.layout.add_last_item("cast:dice-mode");
    if (!cast.table_dice) return;
    ImGui::TextWrapped("%s", app.tr("dice.cast_order"));
    pip_pad(app, cast.pips, "cast:pip");
}

void outcome_lines(App& app) {
    if (!app.ui.outcome_step || *app.ui.outcome_step >= app.session.position()) return;
    const auto& step = app.session.steps()[*app.ui.outcome_step];
    if (step.action.value("type", "") != "cast") return;
    ImGui::TextDisabled("%s", app.tr("cast.outcome"));
    for (const auto& entry : step.log) {
        if (entry.rule.empty()) ImGui::TextWrapped("%s", app.local(entry.text).c_str());
        else ImGui::TextWrapped("%s  [%s]", app.local(entry.text).c_str(), entry.rule.c_str());
    }
    for (const auto& roll : step.rolls) {
        std::string pips;
        for (int pip : roll.pips) pips += std::to_string(pip) + " ";
        ImGui::TextDisabled("%s %s: %s= %d (%s)", app.tr(("roll." + roll.purpose).c_str()), roll.code.c_str(), pips.c_str(), roll.total,
                            app.tr(roll.source == "table" ? "dice.source_table" : "dice.source_app"));
    }
    app.layout.add_last_item("cast:outcome");
}

}  // namespace

void draw_cast_panel(App& app) {
    CastDraft& cast = app.ui.cast;
    if (!cast.active()) {
        outcome_lines(app);
        return;
    }
    const auto& s = app.session.state();
    const Spell* spell = app.data->spells.find(cast.spell);
    const Figure* caster = find_caster(s, cast.caster);
    if (!spell || !caster) {
        cast = {};
        return;
    }
    ImGui::Text("%s: %s → %s", app.tr("cast.heading"), app.local(caster->name).c_str(), app.local(spell->name).c_str());
    app.layout.add_last_item("cast:heading");
    const bool needs_target = spell_takes_targets(*spell);
    if (needs_target && cast.targets.empty()) {
        ImGui::TextWrapped("%s", app.tr("cast.pick_target"));
    } else {
        if (needs_target || spell->target == "all_engaged") odds_lines(app, cast);
        if (spell->id == "teleportacja") {
            ImGui::InputTextWithHint("##destination", app.tr("cast.destination"), app.ui.destination, sizeof app.ui.destination);
            app.layout.add_last_item("input:destination");
            cast.destination = app.ui.destination;
        }
        dice_entry(app, cast);
    }
    const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
    const bool ready = !needs_target || !cast.targets.empty();
    if (touch_button(app, app.tr("cast.confirm"), "cast:confirm", half, ready)) {
        nlohmann::json action = {{"type", "cast"}, {"caster", cast.caster}, {"spell", cast.spell}, {"targets", cast.targets}};
        if (cast.table_dice) action["dice"] = cast.pips;
        if (!cast.destination.empty()) action["destination"] = cast.destination;
        if (dispatch(app, action).ok) cast = {};
    }
    ImGui::SameLine();
    if (touch_button(app, app.tr("cast.cancel"), "cast:cancel", half)) {
        cast = {};
        app.ui.notice.reset();
    }
    ImGui::Separator();
}

}  // namespace czary::app
