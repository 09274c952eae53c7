#include "controller/cast_bar.hpp"

#include <algorithm>

#include "core/casting.hpp"
#include "core/dice.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

std::vector<OddsLine> odds_lines(const App& app, const CastDraft& cast, const Spell& spell) {
    const auto& s = app.session.state();
    std::vector<OddsLine> lines;
    for (const TargetOdds& entry : odds_of_cast(s, *app.data, cast.caster, cast.spell, cast.targets)) {
        const Figure* target = s.find(entry.figure);
        if (!target) continue;
        if (!spell.resistible) {
            // Nothing to resist (11.0): a healing spell says how much it heals, capped by the
            // wounds there are; any other what it gives.
            const auto code = spell.dice ? DiceCode::parse(*spell.dice) : std::nullopt;
            if (spell.does == SpellEffect::Heal && code)
                lines.push_back({app.local(both(app, "odds.heals", {{"{figure}", app.local(target->name)},
                                                                    {"{from}", std::to_string(std::min(code->min(), target->wounds))},
                                                                    {"{to}", std::to_string(std::min(code->max(), target->wounds))},
                                                                    {"{wounds}", std::to_string(target->wounds)}})), ""});
            else
                lines.push_back({app.local(both(app, "odds.no_resisting", {{"{figure}", app.local(target->name)}, {"{effect}", app.local(spell.short_effect)}})), ""});
            continue;
        }
        OddsLine line{app.local(target->name) + ": " + app.tr("odds.resist") + " " + percent(entry.resist), ""};
        if (entry.kill) line.line += ", " + std::string(app.tr("odds.kill")) + " " + percent(*entry.kill);
        // The whole distribution of wounds when the spell is not resisted; "6 → 33%" kept on one
        // line (no-break spaces): a number never parts from its chance.
        if (!entry.wounds.empty()) {
            line.wounds = std::string(app.tr("odds.wounds")) + ":";
            for (const auto& [amount, p] : entry.wounds) line.wounds += "  " + std::to_string(amount) + "\u00A0→\u00A0" + percent(p);
        }
        lines.push_back(std::move(line));
    }
    return lines;
}

// The table's dice of this cast, in the order they are entered: each target's resistance, then
// the spell's own dice ("odporność — Troll: 1K6 · efekt: 1K3×2"), and how many pips they are.
void dice_needed(const App& app, const Spell& spell, const CastDraft& cast, CastBarView& view) {
    auto add = [&](const std::string& part, int pips) {
        view.dice_needed += (view.dice_needed.empty() ? "" : " · ") + part;
        view.pips_needed += static_cast<std::size_t>(pips);
    };
    if (spell.resistible)
        for (const auto& id : cast.targets)
            if (const Figure* f = app.session.state().find(id)) add(std::string(app.tr("roll.resist")) + " — " + app.local(f->name) + ": 1K6", 1);
    if (spell.dice) {
        const auto code = DiceCode::parse(*spell.dice);
        add(std::string(app.tr("cast.dice_effect")) + ": " + shown_code(*spell.dice), code ? code->count : 0);
    }
}

// Healing a figure that has no wounds costs the caster and a use and heals nothing: asked once.
bool pointless_healing(const App& app, const Spell& spell) {
    const Figure* target = app.ui.cast.targets.empty() ? nullptr : app.session.state().find(app.ui.cast.targets.front());
    return spell.heals && target && target->wounds == 0;
}

}  // namespace

std::optional<CastBarView> cast_bar_view(App& app) {
    CastDraft& cast = app.ui.cast;
    const auto& s = app.session.state();
    const Spell* spell = app.data->spells.find(cast.spell);
    const Figure* caster = find_caster(*app.data, s, cast.caster);
    if (!spell || !caster) {
        cast = {};
        return std::nullopt;
    }
    CastBarView view;
    const Figure* target = cast.targets.empty() ? nullptr : s.find(cast.targets.front());
    view.heading = app.local(caster->name) + " → " + app.local(spell->name);
    if (target) view.heading += " → " + app.local(target->name);
    view.rule = spell->rule;
    view.rule_text = spell->rule_text;
    view.cost = app.local(both(app, "cast.cost_line", {{"{cost}", std::to_string(cast.cost)},
                                                       {"{left}", std::to_string(std::max(0, caster->sila - caster->wounds))},
                                                       {"{sila}", std::to_string(caster->sila)}}));
    if (!spell->cost_note.pl.empty()) view.cost_note = "* " + app.local(spell->cost_note);
    const bool needs_target = takes_targets(*spell);
    view.pick_target = needs_target && cast.targets.empty();
    if (view.pick_target) return view;
    if (pointless_healing(app, *spell) && cast.asked_no_wounds) {
        view.confirm_key = "cast.confirm_anyway";
        view.no_wounds = app.local(both(app, "cast.no_wounds", {{"{figure}", app.local(target->name)}}));
    }
    view.shows_odds = needs_target || spell->target == TargetKind::AllEngaged;
    if (view.shows_odds) view.odds = odds_lines(app, cast, *spell);
    view.asks_destination = spell->target == TargetKind::AnyFigure;
    dice_needed(app, *spell, cast, view);
    return view;
}

std::optional<actions::Cast> confirmed_cast(App& app) {
    CastDraft& cast = app.ui.cast;
    const Spell* spell = app.data->spells.find(cast.spell);
    if (!spell) return std::nullopt;
    if (pointless_healing(app, *spell) && !cast.asked_no_wounds) {
        cast.asked_no_wounds = true;
        return std::nullopt;
    }
    actions::Cast action{cast.caster, cast.spell};
    action.targets = cast.targets;
    if (cast.table_dice) action.dice = cast.pips;
    if (!cast.destination.empty()) action.destination = cast.destination;
    return action;
}

}  // namespace czary::app
