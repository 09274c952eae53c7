#include "core/queries.hpp"

#include <algorithm>

#include "core/apply.hpp"
#include "core/casting.hpp"
#include "core/data_error.hpp"
#include "core/handlers.hpp"
#include "core/turn.hpp"

namespace czary {
namespace {

const Figure& caster_or_throw(const GameData& data, const GameState& s, const std::string& id) {
    const Figure* caster = find_caster(data, s, id);
    if (!caster) throw DataError("no figure '" + id + "' in this session");
    return *caster;
}

}  // namespace

std::vector<SpellAvailability> spell_availability(const GameState& s, const GameData& data, const std::string& caster_id) {
    const Figure& caster = caster_or_throw(data, s, caster_id);
    std::vector<SpellAvailability> list;
    for (const auto& spell : data.spells.all()) {
        auto refusal = cast_refusal(s, data, caster, spell);
        if (!refusal && takes_targets(spell) && valid_targets(s, data, caster_id, spell.id).empty())
            refusal = Refused("no_valid_target", spell.rule, "spell", spell.name);
        SpellAvailability entry;
        entry.spell = spell.id;
        entry.castable = !refusal;
        entry.cost = plan_cast(data, caster, spell, false).cost;
        if (refusal) entry.refusal = make_refusal(*refusal, data);
        list.push_back(std::move(entry));
    }
    return list;
}

std::vector<std::string> valid_targets(const GameState& s, const GameData& data, const std::string& caster_id,
                                       const std::string& spell_id) {
    const Figure& caster = caster_or_throw(data, s, caster_id);
    const Spell* spell = data.spells.find(spell_id);
    if (!spell || !takes_targets(*spell)) return {};
    std::vector<std::string> targets;
    for (const auto& figure : s.figures)
        if (!target_refusal(s, data, caster, *spell, figure)) targets.push_back(figure.id);
    return targets;
}

std::vector<TargetOdds> odds_of_cast(const GameState& s, const GameData& data, const std::string& caster_id,
                                     const std::string& spell_id, const std::vector<std::string>& target_ids) {
    caster_or_throw(data, s, caster_id);
    const Spell* spell = data.spells.find(spell_id);
    if (!spell) throw DataError("no spell '" + spell_id + "'");
    std::vector<std::string> ids = spell->target == TargetKind::AllEngaged ? figures_on_board(s) : target_ids;
    std::vector<TargetOdds> list;
    const bool wounding = is_wounding(*spell);
    for (const auto& id : ids) {
        const Figure* target = s.find(id);
        if (!target) throw DataError("no figure '" + id + "' in this session");
        const int odpornosc = std::min(target->odpornosc, 5);
        TargetOdds entry;
        entry.figure = id;
        entry.shielded = wounding && target->magic_shield;
        entry.resist = entry.shielded ? 1.0 : spell->resistible ? std::max(0, odpornosc) / 6.0 : 0.0;
        if (wounding && !entry.shielded) {
            // Wounds taken after Magiczna zbroja, when the spell is not resisted.
            for (const auto& [amount, p] : DiceCode::parse(*spell->dice)->distribution())
                entry.wounds[std::max(0, amount - target->armor)] += p;
            double kill = 0;
            for (const auto& [wounds, p] : entry.wounds)
                if (target->wounds + wounds >= target->sila) kill += p;
            entry.kill = (1.0 - entry.resist) * kill;
        }
        list.push_back(std::move(entry));
    }
    return list;
}

NegotiationOdds odds_of_negotiation(const GameState& s, const GameData& data, const std::string& negotiator_id) {
    NegotiationOdds odds;
    try {
        const Figure& monster = check_negotiation(data, s);
        const Figure* negotiator = s.find(negotiator_id);
        if (!negotiator) refuse("not_a_character", "8.4", "figure", plain(negotiator_id));
        check_negotiator(s, *negotiator);
        if (s.encounter.intimidation) {  // Zastraszenie / Zniechęcenie: no roll (10.7)
            odds.intimidation = 1.0;
            return odds;
        }
        for (const auto& [roll, p] : DiceCode::parse("2K6")->distribution()) {
            const TalkOutcome result = negotiation_result(negotiation_total(s, *negotiator, monster, roll));
            (result == TalkOutcome::Failure ? odds.failure : result == TalkOutcome::Agreement ? odds.agreement : odds.intimidation) += p;
        }
    } catch (const Refused& refused) {
        odds = {};
        odds.refusal = make_refusal(refused, data);
    }
    return odds;
}

BribeOdds odds_of_bribe(const GameState& s, const GameData& data, int gold) {
    BribeOdds odds;
    try {
        const Figure& monster = check_bribe(data, s);
        odds.needed = bribe_needed(data, monster, gold, nullptr);
        odds.modifier = s.encounter.bribe_modifier;
        for (int roll = 1; roll <= 6; ++roll)
            if (roll + odds.modifier <= odds.needed) odds.accepted += 1.0 / 6.0;
    } catch (const Refused& refused) {
        odds = {};
        odds.refusal = make_refusal(refused, data);
    }
    return odds;
}

// --- JSON ---

nlohmann::json to_json(const Refusal& refusal) {
    nlohmann::json json = nlohmann::json::object();
    json["code"] = refusal.code;
    json["rule"] = refusal.rule;
    json["pl"] = refusal.pl;
    json["en"] = refusal.en;
    return json;
}

nlohmann::json to_json(const SpellAvailability& availability, const GameData& data) {
    const Spell* spell = data.spells.find(availability.spell);
    if (!spell) throw DataError("no spell '" + availability.spell + "'");
    nlohmann::json entry = nlohmann::json::object();
    entry["spell"] = spell->id;
    entry["name"]["pl"] = spell->name.pl;
    entry["name"]["en"] = spell->name.en;
    entry["type"] = std::string(1, spell_type_letter(spell->type));
    entry["rule"] = spell->rule;
    entry["castable"] = availability.castable;
    entry["cost"] = availability.cost;
    if (availability.refusal) entry["refusal"] = to_json(*availability.refusal);
    return entry;
}

nlohmann::json to_json(const TargetOdds& odds) {
    nlohmann::json entry = nlohmann::json::object();
    entry["figure"] = odds.figure;
    entry["resist"] = odds.resist;
    entry["shielded"] = odds.shielded;
    if (odds.kill) {
        nlohmann::json distribution = nlohmann::json::object();
        for (const auto& [wounds, p] : odds.wounds) distribution[std::to_string(wounds)] = p;
        entry["wounds"] = distribution;
        entry["kill"] = *odds.kill;
    }
    return entry;
}

nlohmann::json to_json(const NegotiationOdds& odds) {
    nlohmann::json json = nlohmann::json::object();
    if (odds.refusal) {
        json["refusal"] = to_json(*odds.refusal);
    } else {
        json["failure"] = odds.failure;
        json["agreement"] = odds.agreement;
        json["intimidation"] = odds.intimidation;
    }
    return json;
}

nlohmann::json to_json(const BribeOdds& odds) {
    nlohmann::json json = nlohmann::json::object();
    if (odds.refusal) {
        json["refusal"] = to_json(*odds.refusal);
    } else {
        json["accepted"] = odds.accepted;
        json["needed"] = odds.needed;
        json["modifier"] = odds.modifier;
    }
    return json;
}

nlohmann::json castable_spells(const GameState& s, const GameData& data, const std::string& caster) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& entry : spell_availability(s, data, caster)) list.push_back(to_json(entry, data));
    return list;
}

nlohmann::json cast_odds(const GameState& s, const GameData& data, const std::string& caster,
                         const std::string& spell, const std::vector<std::string>& targets) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& entry : odds_of_cast(s, data, caster, spell, targets)) list.push_back(to_json(entry));
    return list;
}

nlohmann::json negotiation_odds(const GameState& s, const GameData& data, const std::string& negotiator) {
    return to_json(odds_of_negotiation(s, data, negotiator));
}

nlohmann::json bribe_odds(const GameState& s, const GameData& data, int gold) {
    return to_json(odds_of_bribe(s, data, gold));
}

}  // namespace czary
