// The selected figure's hand of spell cards, in the sheet under the board: lit when castable
// now, dimmed with the core's reason otherwise. A tap on a lit card starts the cast (the valid
// targets light up on the board); a tap on a dimmed one says why not.
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

ImU32 type_colour(SpellType type) {
    switch (type) {
        case SpellType::Combat: return IM_COL32(190, 60, 45, 255);
        case SpellType::Any: return IM_COL32(120, 120, 130, 255);
        case SpellType::Negotiation: return IM_COL32(60, 150, 80, 255);
        case SpellType::Bribe: return IM_COL32(200, 160, 50, 255);
        case SpellType::Special: return IM_COL32(130, 80, 170, 255);
    }
    return IM_COL32(120, 120, 130, 255);
}

void start_cast(App& app, const Figure& caster, const Spell& spell, int cost) {
    app.ui.cast = CastDraft{};
    app.ui.cast.caster = caster.id;
    app.ui.cast.spell = spell.id;
    app.ui.cast.cost = cost;
    app.ui.cast.table_dice = app.ui.table_dice_everywhere;
    app.ui.notice.reset();
    app.ui.outcome_step.reset();
}

void draw_card(App& app, const Figure& caster, const Spell& spell, const SpellAvailability& entry, ImVec2 size) {
    const bool castable = entry.castable;
    const std::string id = "card:" + spell.id;
    std::string reason;
    if (!castable && entry.refusal) reason = app.language == "en" ? entry.refusal->en : entry.refusal->pl;
    ImGui::PushID(id.c_str());
    if (ImGui::InvisibleButton("##card", size)) {
        if (castable) start_cast(app, caster, spell, entry.cost);
        else if (entry.refusal) app.ui.notice = Notice{{entry.refusal->pl, entry.refusal->en}, entry.refusal->rule, true, ""};
    }
    app.layout.add_last_item(id);
    app.layout.add_text(id, castable ? app.local(spell.name) : reason);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float alpha = castable ? 1.0f : 0.55f;
    auto faded = [&](ImU32 colour) { return (colour & 0x00FFFFFF) | (static_cast<ImU32>(((colour >> 24) & 0xFF) * alpha) << 24); };
    draw->AddRectFilled(a, b, faded(IM_COL32(58, 50, 40, 255)), 7.0f);
    draw->AddRectFilled(a, ImVec2(a.x + 7, b.y), faded(type_colour(spell.type)), 7.0f, ImDrawFlags_RoundCornersLeft);
    if (ImGui::IsItemActive()) draw->AddRect(a, b, IM_COL32(250, 220, 80, 255), 7.0f, 0, 2.0f);
    draw->PushClipRect(a, b, true);
    const float line = ImGui::GetTextLineHeight();
    draw->AddText(ImVec2(a.x + 13, a.y + 5), faded(IM_COL32(245, 235, 215, 255)), app.local(spell.name).c_str());
    const std::string second = castable ? app.local(both(app, "card.cost", {{"{cost}", std::to_string(entry.cost)}})) + " · " +
                                              spell_type_letter(spell.type) + " · " + spell.rule
                                        : reason;
    draw->AddText(nullptr, ImGui::GetFontSize() * 0.8f, ImVec2(a.x + 13, a.y + 8 + line), castable ? IM_COL32(210, 195, 160, 255) : IM_COL32(255, 160, 140, 220),
                  second.c_str());
    draw->PopClipRect();
    ImGui::PopID();
}

}  // namespace

void draw_spell_cards(App& app) {
    const Figure* caster = app.session.state().find(app.ui.selected);
    if (!caster) return;
    const auto list = spell_availability(app.session.state(), *app.data, caster->id);
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const int columns = ImGui::GetContentRegionAvail().x >= 520.0f ? 3 : 2;
    const ImVec2 size((ImGui::GetContentRegionAvail().x - (columns - 1) * spacing) / columns, 54.0f);
    int shown = 0;
    for (const auto& entry : list) {
        const Spell* spell = app.data->spells.find(entry.spell);
        // Characters: their pool, learned spells and rings; monsters: their own (8.2).
        const bool own = spell && (caster->is_character() ? is_own_spell(*caster, spell->id) : entry.castable);
        if (!own) continue;
        if (shown % columns) ImGui::SameLine();
        draw_card(app, *caster, *spell, entry, size);
        ++shown;
    }
    const bool potential = caster->potential[0] || caster->potential[1] || caster->potential[2];
    if (shown == 0 && caster->is_character()) ImGui::TextWrapped("%s", app.tr(potential ? "spells.none" : "spells.no_potential"));
}

}  // namespace czary::app
