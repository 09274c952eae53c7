// Spell cards of the selected character: lit when castable now, dimmed with the core's reason
// otherwise; a tap shows the full rule text and the button that starts the cast.
#include <algorithm>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

bool is_own_spell(const Figure& f, const std::string& id) {
    auto has = [&](const std::vector<std::string>& list) { return std::find(list.begin(), list.end(), id) != list.end(); };
    return has(f.pool) || has(f.learned) || has(f.rings);
}

void draw_card(App& app, const Figure& caster, const Spell& spell, const nlohmann::json& entry) {
    const bool castable = entry.at("castable").get<bool>();
    const std::string id = "card:" + spell.id;
    ImGui::PushID(id.c_str());
    if (!castable) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.5f);
    const std::string title = app.local(spell.name) + "  [" + spell_type_letter(spell.type) + "]  " + app.tr("spells.cost") + " " +
                              std::to_string(entry.at("cost").get<int>()) + "  (" + spell.rule + ")";
    if (ImGui::Selectable((title + "###title").c_str(), app.ui.open_card == spell.id, 0, ImVec2(0, touch_size)))
        app.ui.open_card = app.ui.open_card == spell.id ? "" : spell.id;
    app.layout.add_last_item(id);
    if (!castable) {
        const auto& refusal = entry.at("refusal");
        const std::string reason = refusal.at(app.language == "en" ? "en" : "pl").get<std::string>();
        ImGui::TextWrapped("%s", reason.c_str());
        app.layout.add_text(id, reason);
    }
    ImGui::TextWrapped("%s", app.local(spell.effect).c_str());
    if (!castable) ImGui::PopStyleVar();
    if (app.ui.open_card == spell.id) {
        ImGui::TextDisabled("%s %s", app.tr("spells.rule_text"), spell.rule.c_str());
        ImGui::TextWrapped("%s", spell.rule_text.c_str());
        app.layout.add_last_item("rule-text:" + spell.id);
        app.layout.add_text("rule-text:" + spell.id, spell.rule_text);
        if (castable && touch_button(app, app.tr("cast.start"), "cast:" + spell.id, -1)) {
            app.ui.cast = {caster.id, spell.id, {}, app.ui.table_dice_everywhere, {}, ""};
            app.ui.outcome_step.reset();
        }
    }
    ImGui::Separator();
    ImGui::PopID();
}

}  // namespace

void draw_spell_cards(App& app) {
    const Figure* caster = app.session.state().find(app.ui.selected);
    if (!caster) {
        ImGui::TextWrapped("%s", app.tr("spells.select_caster"));
        return;
    }
    ImGui::TextDisabled("%s: %s", app.tr("spells.heading"), app.local(caster->name).c_str());
    const auto list = castable_spells(app.session.state(), *app.data, caster->id);
    for (const auto& entry : list) {
        const Spell* spell = app.data->spells.find(entry.at("spell").get<std::string>());
        // Characters: their pool, learned spells and rings; monsters: their own (8.2).
        const bool shown = caster->is_character() ? is_own_spell(*caster, spell->id) : entry.at("castable").get<bool>();
        if (shown) draw_card(app, *caster, *spell, entry);
    }
}

}  // namespace czary::app
