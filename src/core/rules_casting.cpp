// The cast action: checks of 10.1-10.4 and 10.8 (casting.cpp), the cost (10.2), resisting (11.0)
// and every spell's effect (10.5-10.8).
#include <algorithm>

#include "core/casting.hpp"
#include "core/counters.hpp"
#include "core/handlers.hpp"

namespace czary {
namespace {

struct Cast {
    Turn& t;
    Figure& caster;  // the Black Gates' pseudo-figure is a copy, never stored
    const Spell& spell;
    nlohmann::json& report;  // outcome.targets[i]
};

void wound_spell(Turn& t, const Figure& caster, const Spell& spell, Figure& target, nlohmann::json& report) {
    // 10.5 Magiczna tarcza: immune to wound-dealing spells for this fight.
    if (target.magic_shield) {
        report["shielded"] = true;
        t.note("shield_protects", "10.5", {{"figure", target.name}});
        return;
    }
    const bool resisted = spell.resistible && resists(t, target);
    report["resisted"] = resisted;
    if (resisted) return;
    const int amount = t.dice.roll(*spell.dice, "damage", target.id);
    const int taken = deal_wounds(t, target, amount, caster.id);
    report["wounds"] = taken;
    report["died"] = target.dead;
}

void apply_effect(Turn& t, Figure& caster, const Spell& spell, Figure* target, nlohmann::json& report) {
    const std::string& id = spell.id;
    if (id == "wybuch" || id == "blyskawica" || id == "psychiczny_cios" || id == "gniew_bozy" || id == "eksplozja") {
        wound_spell(t, caster, spell, *target, report);
    } else if (id == "urok") {
        const bool resisted = resists(t, *target);
        report["resisted"] = resisted;
        if (!resisted) charm(t, *target, caster);
    } else if (id == "uspienie") {
        const bool resisted = resists(t, *target);
        report["resisted"] = resisted;
        if (!resisted) {
            target->asleep = true;
            t.note("asleep", "10.5", {{"figure", target->name}});
        }
    } else if (id == "uwolnienie") {
        // 10.5: the charmed character must try to resist; failing frees it.
        const bool resisted = resists(t, *target);
        report["resisted"] = resisted;
        if (!resisted) break_charm(t, *target);
    } else if (id == "magiczna_tarcza") {
        target->magic_shield = true;
        t.note("shielded", "10.5", {{"figure", target->name}});
    } else if (id == "niepewnosc") {
        t.s.fight.hesitation = true;
        t.note("hesitation", "10.5");
    } else if (id == "zawieszenie_broni") {
        finish_fight(t, "cease_fire");
    } else if (id == "zamek") {
        const std::string door = t.optional_text("door").value_or("");
        t.s.notes.locked_doors.push_back(door);
        t.note("door_locked", "10.6", {{"door", door}});
    } else if (id == "magiczna_zbroja") {
        target->armor = t.dice.roll("1K3+1", "armor", target->id);
        report["armor"] = target->armor;
        t.note("armor", "10.6", {{"figure", target->name}, {"amount", number_text(target->armor)}});
    } else if (id == "neutralizacja_trucizny") {
        target->poisoned = target->poison_fresh = false;
        t.note("poison_neutralised", "10.6", {{"figure", target->name}});
    } else if (id == "ozywienie_kamienia") {
        target->petrified = false;
        place_first_free(t.s.party, target->id);
        t.note("unpetrified", "10.6", {{"figure", target->name}, {"wounds", number_text(target->wounds)}});
    } else if (id == "sila") {
        target->strength_bonus_next = t.dice.roll("1K6", "strength", target->id);
        report["bonus"] = target->strength_bonus_next;
        t.note("strength", "10.6", {{"figure", target->name}, {"amount", number_text(target->strength_bonus_next)}});
    } else if (id == "uzdrowienie" || id == "odmlodzenie") {
        const int amount = t.dice.roll(*spell.dice, "healing", target->id);
        const int healed = std::min(amount, target->wounds);  // never below zero wounds
        target->wounds -= healed;
        report["healed"] = healed;
        t.note("healed_by_spell", "10.6", {{"figure", target->name}, {"amount", number_text(healed)}, {"rolled", number_text(amount)}});
    } else if (id == "teleportacja") {
        const std::string destination = t.text("destination");
        if (destination.empty()) throw Refused("bad_action", "", {{"field", "destination"}});
        remove_from_board(t.s, target->id);
        target->away = destination;
        t.s.notes.teleports.push_back({target->id, destination});
        t.note("teleported", "10.6", {{"figure", target->name}, {"destination", destination}});
    } else if (id == "delikatne_palce") {
        target->trap_bonus = true;
        t.note("delicate_fingers", "10.6", {{"figure", target->name}});
    } else if (id == "elokwencja") {
        t.s.encounter.negotiation_bonus = raised(t.s.encounter.negotiation_bonus, 4, state_limits::max_talk_bonus,
                                                 {"premia do negocjacji", "the negotiation bonus"}, "10.7");
        t.note("negotiation_bonus", "10.7", {{"amount", number_text(t.s.encounter.negotiation_bonus)}});
    } else if (id == "zastraszenie" || id == "zniechecenie") {
        t.s.encounter.intimidation = true;
        if (id == "zniechecenie") t.s.encounter.all_treasure = true;
        t.note(id == "zastraszenie" ? "intimidation_ready" : "daunt_ready", "10.7");
    } else if (id == "sugestia" || id == "pochlebstwo") {
        t.s.encounter.bribe_modifier = -raised(-std::int64_t{t.s.encounter.bribe_modifier}, id == "sugestia" ? 2 : 4,
                                               state_limits::max_talk_bonus,
                                               {"obniżka rzutu na łapówkę", "the bribe roll's reduction"}, "10.7");
        t.note("bribe_modifier", "10.7", {{"amount", number_text(t.s.encounter.bribe_modifier)}});
    } else if (id == "wskrzeszenie") {
        target->dead = false;
        target->died_in_fight = 0;
        target->wounds = target->wounds_at_entry;
        place_first_free(t.s.party, target->id);
        t.note("resurrected", "10.8", {{"figure", target->name}, {"wounds", number_text(target->wounds)}});
    }
}

}  // namespace

// cast {caster, spell, targets?, use_ring?, destination?, door?, dice?}
void action_cast(Turn& t) {
    const std::string caster_id = t.text("caster");
    const Figure* found = find_caster(t.s, caster_id);
    if (!found) throw Refused("unknown_figure", "", {{"figure", caster_id}});
    const Spell& spell = t.spell("spell");
    const bool use_ring = t.action.value("use_ring", false);
    if (auto refusal = cast_refusal(t.s, t.data, *found, spell, use_ring)) throw *refusal;

    // Targets, checked before anything changes.
    std::vector<std::string> target_ids = t.text_list("targets");
    if (spell.target == "all_engaged") {
        target_ids = figures_on_board(t.s);
    } else if (spell.target == "none") {
        target_ids.clear();
    } else {
        if (target_ids.size() != 1) throw Refused("one_target", "10.5", {{"spell", spell.name}});
        const Figure* target = t.s.find(target_ids[0]);
        if (!target) throw Refused("unknown_figure", "", {{"figure", target_ids[0]}});
        if (auto refusal = target_refusal(t.s, *found, spell, *target)) throw *refusal;
    }

    // The cost, in wounds, through no armour (10.2, 10.6).
    Figure gates_copy = black_gates_figure();
    Figure& caster = caster_id == black_gates_id ? gates_copy : *t.s.find(caster_id);
    const CastPlan plan = plan_cast(t.s, caster, spell, use_ring);
    caster.wounds += plan.cost;
    if (plan.by_ring) caster.rings_used.push_back(spell.id);
    if ((spell.id == "uzdrowienie" || spell.id == "odmlodzenie") && !plan.by_ring) --caster.uses_left[spell.id];
    if (t.s.fight.active) caster.acted = "cast";
    if (caster_id == black_gates_id) --t.s.fight.gates_blasts_left;
    t.note(plan.free ? "cast_free" : "cast", spell.rule,
           {{"figure", caster.name}, {"spell", spell.name}, {"cost", number_text(plan.cost)}});
    t.outcome["caster"] = caster_id;
    t.outcome["spell"] = spell.id;
    t.outcome["cost"] = plan.cost;
    t.outcome["targets"] = nlohmann::json::array();

    if (target_ids.empty()) {
        nlohmann::json report = nlohmann::json::object();
        apply_effect(t, caster, spell, nullptr, report);
        return;
    }
    for (const auto& id : target_ids) {
        Figure* target = t.s.find(id);
        nlohmann::json report = {{"figure", id}};
        // Only Wskrzeszenie works on the dead.
        if (!target->dead || spell.target == "dead_character") apply_effect(t, caster, spell, target, report);
        t.outcome["targets"].push_back(report);
    }
}

}  // namespace czary
