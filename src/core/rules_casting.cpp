// The cast action: checks of 10.1-10.4 and 10.8 (casting.cpp), the cost (10.2), resisting (11.0)
// and every spell's effect (10.5-10.8).
#include <algorithm>

#include "core/casting.hpp"
#include "core/counters.hpp"
#include "core/handlers.hpp"

namespace czary {
namespace {

// 11.0: the target of a resistible spell rolls; the outcome says whether it resisted. True when the
// spell takes effect.
bool takes_effect(Turn& t, const Spell& spell, Figure& target, nlohmann::json& report) {
    const bool resisted = spell.resistible && resists(t, target);
    report["resisted"] = resisted;
    return !resisted;
}

void wound_spell(Turn& t, const Figure& caster, const Spell& spell, Figure& target, nlohmann::json& report) {
    // 10.5 Magiczna tarcza: immune to wound-dealing spells for this fight.
    if (target.magic_shield) {
        report["shielded"] = true;
        t.note("shield_protects", "10.5", "figure", target.name);
        return;
    }
    if (!takes_effect(t, spell, target, report)) return;
    const int amount = t.dice.roll(*spell.dice, "damage", target.id);
    const int taken = deal_wounds(t, target, amount, caster.id);
    report["wounds"] = taken;
    report["died"] = target.dead;
}

// The effect on one target (none for spells without one); `cast` is the action (a door, a
// destination), `place` where a charmed monster goes (checked before the cost was paid).
void apply_effect(Turn& t, const actions::Cast& cast, const std::optional<PartyPlace>& place, Figure& caster, const Spell& spell,
                  Figure* target, nlohmann::json& report) {
    switch (spell.does) {
        case SpellEffect::Wound: wound_spell(t, caster, spell, *target, report); break;
        case SpellEffect::Charm: {
            if (!takes_effect(t, spell, *target, report)) break;
            if (target->possessed != Possession::None) end_possession(t, *target);  // 14.6, 13.2: Urok ends a possession
            else charm_into_place(t, *target, caster, place);
            break;
        }
        case SpellEffect::Sleep:
            if (!takes_effect(t, spell, *target, report)) break;
            target->asleep = true;
            t.note("asleep", "10.5", "figure", target->name);
            break;
        case SpellEffect::FreeFromCharm: {
            // 10.5: the charmed character must try to resist; failing frees it.
            if (!takes_effect(t, spell, *target, report)) break;
            if (target->possessed != Possession::None) end_possession(t, *target);
            else break_charm(t, *target);
            break;
        }
        case SpellEffect::Shield:
            target->magic_shield = true;
            t.note("shielded", "10.5", "figure", target->name);
            break;
        case SpellEffect::Hesitation:
            t.s.fight.hesitation = t.s.fight.hesitation_window = true;
            t.note("hesitation", "10.5");
            break;
        case SpellEffect::CeaseFire: finish_fight(t, FightOutcome::CeaseFire); break;
        case SpellEffect::LockDoor: {
            const std::string door = cast.door.value_or("");
            t.s.notes.locked_doors.push_back(door);
            t.note("door_locked", "10.6", "door", door);
            break;
        }
        case SpellEffect::Armor:
            target->armor = t.dice.roll(*spell.dice, "armor", target->id);
            report["armor"] = target->armor;
            t.note("armor", "10.6", "figure", target->name, "amount", number_text(target->armor));
            break;
        case SpellEffect::NeutralisePoison: {
            // 10.6: "Neutralizuje wszelkie ujemne skutki działania trucizny": the poison's wounds go.
            const int healed = std::min(target->poison_wounds, target->wounds);
            target->wounds -= healed;
            target->poisoned = target->poison_fresh = false;
            target->poison_wounds = 0;
            report["healed"] = healed;
            t.note("poison_neutralised", "10.6", "figure", target->name, "amount", number_text(healed));
            break;
        }
        case SpellEffect::Unpetrify:
            target->petrified = false;
            place_first_free(t.s.party, target->id);
            t.note("unpetrified", "10.6", {{"figure", target->name}, {"wounds", number_text(target->wounds)},
                                      {"life", number_text(std::max(0, target->sila - target->wounds))}, {"sila", number_text(target->sila)}});
            break;
        case SpellEffect::Strength: {
            // 10.6 / 14.5: "tylko w czasie najbliższej walki": cast during a fight, that one.
            const int bonus = t.dice.roll(*spell.dice, "strength", target->id);
            (t.s.fight.active ? target->strength_bonus_active : target->strength_bonus_next) = bonus;
            report["bonus"] = bonus;
            t.note(t.s.fight.active ? "strength_now" : "strength", "10.6", "figure", target->name, "amount", number_text(bonus));
            break;
        }
        case SpellEffect::Heal: {
            const int amount = t.dice.roll(*spell.dice, "healing", target->id);
            const int healed = std::min(amount, target->wounds);  // never below zero wounds
            target->wounds -= healed;
            report["healed"] = healed;
            if (healed == 0) t.note("healed_nothing_by_spell", "10.6", "figure", target->name, "rolled", number_text(amount));
            else t.note("healed_by_spell", "10.6", "figure", target->name, "amount", number_text(healed),
                        "rolled", number_text(amount));
            break;
        }
        case SpellEffect::Teleport: {
            const std::string destination = cast.destination.value_or("");
            if (destination.empty()) refuse("bad_action", "", "field", "destination");
            remove_from_board(t.s, target->id);
            target->away = destination;
            t.s.notes.teleports.push_back({target->id, destination});
            t.note("teleported", "10.6", "figure", target->name, "destination", destination);
            break;
        }
        case SpellEffect::DelicateFingers:
            target->trap_bonus = true;
            t.note("delicate_fingers", "10.6", "figure", target->name);
            break;
        case SpellEffect::NegotiationBonus:
            t.s.encounter.negotiation_bonus = raised(t, t.s.encounter.negotiation_bonus, spell.bonus, state_limits::max_talk_bonus,
                                                     Counter::NegotiationBonus, "10.7");
            t.note("negotiation_bonus", "10.7", "amount", number_text(t.s.encounter.negotiation_bonus));
            break;
        case SpellEffect::Intimidation:
        case SpellEffect::IntimidationAllTreasure: {
            const bool all_treasure = spell.does == SpellEffect::IntimidationAllTreasure;
            t.s.encounter.intimidation = true;
            if (all_treasure) t.s.encounter.all_treasure = true;
            t.note(all_treasure ? "daunt_ready" : "intimidation_ready", "10.7");
            break;
        }
        case SpellEffect::BribeModifier:
            t.s.encounter.bribe_modifier = -raised(t, -std::int64_t{t.s.encounter.bribe_modifier}, spell.bonus,
                                                   state_limits::max_talk_bonus,
                                                   Counter::BribeReduction, "10.7");
            t.note("bribe_modifier", "10.7", "amount", number_text(t.s.encounter.bribe_modifier));
            break;
        case SpellEffect::Resurrect:
            target->dead = false;
            target->died_in_fight = 0;
            target->wounds = target->wounds_at_entry;
            place_first_free(t.s.party, target->id);
            t.note("resurrected", "10.8", {{"figure", target->name}, {"wounds", number_text(target->wounds)},
                                      {"life", number_text(std::max(0, target->sila - target->wounds))}, {"sila", number_text(target->sila)}});
            break;
    }
}

}  // namespace

// cast {caster, spell, targets?, use_ring?, destination?, door?, dice?}
void apply(Turn& t, const actions::Cast& a) {
    const std::string& caster_id = a.caster;
    const Figure* found = find_caster(t.data, t.s, caster_id);
    if (!found) refuse("unknown_figure", "", "figure", caster_id);
    const Spell& spell = t.spell(a.spell);
    const bool use_ring = a.use_ring.value_or(false);
    if (auto refusal = cast_refusal(t.s, t.data, *found, spell, use_ring)) throw *refusal;

    // Targets, checked before anything changes.
    std::vector<std::string> target_ids = a.targets.value_or(std::vector<std::string>{});
    if (spell.target == TargetKind::AllEngaged) {
        target_ids = figures_on_board(t.s);
    } else if (spell.target == TargetKind::None) {
        target_ids.clear();
    } else {
        if (target_ids.size() != 1) refuse("one_target", "10.5", "spell", spell.name);
        const Figure* target = t.s.find(target_ids[0]);
        if (!target) refuse("unknown_figure", "", "figure", target_ids[0]);
        if (auto refusal = target_refusal(t.s, t.data, *found, spell, *target)) throw *refusal;
    }
    const auto place = spell.does == SpellEffect::Charm ? charm_place(t, a.rank, a.slot) : std::nullopt;  // checked before the cost is paid

    // The cost, in wounds, through no armour (10.2, 10.6).
    Figure gates_copy = t.data.black_gates;
    Figure& caster = caster_id == black_gates_id ? gates_copy : *t.s.find(caster_id);
    const CastPlan plan = plan_cast(t.data, caster, spell, use_ring);
    caster.wounds += plan.cost;
    if (plan.by_ring) caster.rings_used.push_back(spell.id);
    if (spell.limited_uses && !plan.by_ring) --caster.uses_left[spell.id];
    // 10.5 Niepewność: healing before the fight starts is no one's action of the round; anything
    // else starts the fight and ends that time.
    const bool before_the_fight = t.s.fight.hesitation_window && spell.does == SpellEffect::Heal && caster.side == Side::Party;
    if (!before_the_fight) t.s.fight.hesitation_window = false;
    if (t.s.fight.active && !before_the_fight) caster.acted = Acted::Cast;
    if (caster_id == black_gates_id) --t.s.fight.gates_blasts_left;
    t.note(plan.free ? "cast_free" : "cast", spell.rule, "figure", caster.name, "spell", spell.name,
           "cost", number_text(plan.cost));
    t.outcome["caster"] = caster_id;
    t.outcome["spell"] = spell.id;
    t.outcome["cost"] = plan.cost;
    t.outcome["targets"] = nlohmann::json::array();

    if (target_ids.empty()) {
        nlohmann::json report = nlohmann::json::object();
        apply_effect(t, a, place, caster, spell, nullptr, report);
        return;
    }
    for (const auto& id : target_ids) {
        Figure* target = t.s.find(id);
        nlohmann::json report = nlohmann::json::object();
        report["figure"] = id;
        // Only Wskrzeszenie works on the dead.
        if (!target->dead || spell.target == TargetKind::DeadCharacter) apply_effect(t, a, place, caster, spell, target, report);
        t.outcome["targets"].push_back(report);
    }
}

}  // namespace czary
