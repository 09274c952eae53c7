#include "core/queries.hpp"

#include <algorithm>

#include "core/apply.hpp"
#include "core/casting.hpp"
#include "core/data_error.hpp"
#include "core/handlers.hpp"
#include "core/turn.hpp"

namespace czary {
namespace {

const Figure& caster_or_throw(const GameState& s, const std::string& id) {
    const Figure* caster = find_caster(s, id);
    if (!caster) throw DataError("no figure '" + id + "' in this session");
    return *caster;
}

}  // namespace

nlohmann::json castable_spells(const GameState& s, const GameData& data, const std::string& caster_id) {
    const Figure& caster = caster_or_throw(s, caster_id);
    nlohmann::json list = nlohmann::json::array();
    for (const auto& spell : data.spells.all()) {
        nlohmann::json entry = {{"spell", spell.id}, {"name", {{"pl", spell.name.pl}, {"en", spell.name.en}}},
                                {"type", std::string(1, spell_type_letter(spell.type))}, {"rule", spell.rule}};
        auto refusal = cast_refusal(s, data, caster, spell);
        if (!refusal && spell_takes_targets(spell) && valid_targets(s, data, caster_id, spell.id).empty())
            refusal = Refused("no_valid_target", spell.rule, {{"spell", spell.name}});
        entry["castable"] = !refusal;
        entry["cost"] = plan_cast(s, caster, spell, false).cost;
        if (refusal) {
            const Refusal r = make_refusal(*refusal, data);
            entry["refusal"] = {{"code", r.code}, {"rule", r.rule}, {"pl", r.pl}, {"en", r.en}};
        }
        list.push_back(entry);
    }
    return list;
}

std::vector<std::string> valid_targets(const GameState& s, const GameData& data, const std::string& caster_id,
                                       const std::string& spell_id) {
    const Figure& caster = caster_or_throw(s, caster_id);
    const Spell* spell = data.spells.find(spell_id);
    if (!spell || !spell_takes_targets(*spell)) return {};
    std::vector<std::string> targets;
    for (const auto& figure : s.figures)
        if (!target_refusal(s, caster, *spell, figure)) targets.push_back(figure.id);
    return targets;
}

nlohmann::json cast_odds(const GameState& s, const GameData& data, const std::string& caster_id,
                         const std::string& spell_id, const std::vector<std::string>& target_ids) {
    caster_or_throw(s, caster_id);
    const Spell* spell = data.spells.find(spell_id);
    if (!spell) throw DataError("no spell '" + spell_id + "'");
    std::vector<std::string> ids = spell->target == "all_engaged" ? figures_on_board(s) : target_ids;
    nlohmann::json list = nlohmann::json::array();
    const bool wounding = spell->dice && (spell->id == "wybuch" || spell->id == "eksplozja" || spell->id == "blyskawica" ||
                                          spell->id == "psychiczny_cios" || spell->id == "gniew_bozy");
    for (const auto& id : ids) {
        const Figure* target = s.find(id);
        if (!target) throw DataError("no figure '" + id + "' in this session");
        const int odpornosc = std::min(target->odpornosc, 5);
        const bool shielded = wounding && target->magic_shield;
        const double resist = shielded ? 1.0 : spell->resistible ? std::max(0, odpornosc) / 6.0 : 0.0;
        nlohmann::json entry = {{"figure", id}, {"resist", resist}, {"shielded", shielded}};
        if (wounding && !shielded) {
            // Wounds taken after Magiczna zbroja, when the spell is not resisted.
            std::map<int, double> taken;
            for (const auto& [amount, p] : DiceCode::parse(*spell->dice)->distribution())
                taken[std::max(0, amount - target->armor)] += p;
            double kill = 0;
            nlohmann::json distribution = nlohmann::json::object();
            for (const auto& [wounds, p] : taken) {
                distribution[std::to_string(wounds)] = p;
                if (target->wounds + wounds >= target->sila) kill += p;
            }
            entry["wounds"] = distribution;
            entry["kill"] = (1.0 - resist) * kill;
        }
        list.push_back(entry);
    }
    return list;
}

}  // namespace czary

namespace czary {
namespace {

nlohmann::json refusal_json(const Refused& refused, const GameData& data) {
    const Refusal r = make_refusal(refused, data);
    return {{"refusal", {{"code", r.code}, {"rule", r.rule}, {"pl", r.pl}, {"en", r.en}}}};
}

}  // namespace

nlohmann::json negotiation_odds(const GameState& s, const GameData& data, const std::string& negotiator_id) {
    try {
        if (s.fight.active) throw Refused("fight_in_progress", "8.4");
        const Figure* negotiator = s.find(negotiator_id);
        if (!negotiator || !negotiator->is_character() || negotiator->dead)
            throw Refused("not_a_character", "8.4", {{"figure", plain(negotiator_id)}});
        const Figure& monster = strongest_monster(s);
        nlohmann::json odds = {{"failure", 0.0}, {"agreement", 0.0}, {"intimidation", 0.0}};
        if (s.encounter.intimidation) {  // Zastraszenie / Zniechęcenie: no roll (10.7)
            odds["intimidation"] = 1.0;
            return odds;
        }
        for (const auto& [roll, p] : DiceCode::parse("2K6")->distribution()) {
            auto& share = odds[negotiation_result(negotiation_total(s, *negotiator, monster, roll))];
            share = share.get<double>() + p;
        }
        return odds;
    } catch (const Refused& refused) {
        return refusal_json(refused, data);
    }
}

nlohmann::json bribe_odds(const GameState& s, const GameData& data, int gold) {
    try {
        if (s.fight.active) throw Refused("fight_in_progress", "8.9");
        if (s.encounter.bribe_tried) throw Refused("bribe_once", "8.9");
        const Figure& monster = strongest_monster(s);
        const int needed = bribe_needed(data, monster, gold, nullptr);
        const int modifier = s.encounter.bribe_modifier;
        double accepted = 0;
        for (int roll = 1; roll <= 6; ++roll)
            if (roll + modifier <= needed) accepted += 1.0 / 6.0;
        return {{"accepted", accepted}, {"needed", needed}, {"modifier", modifier}};
    } catch (const Refused& refused) {
        return refusal_json(refused, data);
    }
}

}  // namespace czary
