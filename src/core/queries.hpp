#pragma once
// Questions the interface asks: what may this caster cast now and why not, on whom, and with
// what odds. Each answer as a struct (spell_availability, odds_of_cast, odds_of_negotiation,
// odds_of_bribe) and as the JSON that czary-cli prints (castable_spells, cast_odds,
// negotiation_odds, bribe_odds: the structs through to_json).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_data.hpp"
#include "core/refusal.hpp"
#include "core/state.hpp"

namespace czary {

// One spell of table 10.9 for one caster now.
struct SpellAvailability {
    std::string spell;               // spell id
    bool castable = false;
    int cost = 0;                    // what the cast would cost now without use_ring (0 if free)
    std::optional<Refusal> refusal;  // why not, when !castable
};

// The odds of a cast on one target.
struct TargetOdds {
    std::string figure;
    double resist = 0;      // the chance to resist (1 for a shielded target of a wounding spell)
    bool shielded = false;  // Magiczna tarcza against a wounding spell
    // Wounding spells on a target not shielded: the chance to die from this cast (resisting
    // included), and the wounds taken if not resisted (after Magiczna zbroja) -> their chance.
    std::optional<double> kill;
    std::map<int, double> wounds;
};

// The odds of negotiating now (8.4-8.6), or why it would be refused.
struct NegotiationOdds {
    double failure = 0;
    double agreement = 0;
    double intimidation = 0;
    std::optional<Refusal> refusal;  // set: the action would be refused; the odds are 0
};

// The odds of a bribe now (8.9), or why it would be refused.
struct BribeOdds {
    double accepted = 0;  // the chance that the roll + modifier is at most `needed`
    int needed = 0;       // the highest total accepted (table 8.9)
    int modifier = 0;     // Sugestia / Pochlebstwo, added to the roll
    std::optional<Refusal> refusal;  // set: the action would be refused; the rest is 0
};

// Every spell of table 10.9 for this caster (table order): castable or not, its cost now, and
// the refusal when it is not. Throws DataError for an unknown caster.
std::vector<SpellAvailability> spell_availability(const GameState& s, const GameData& data, const std::string& caster);

// Figures the spell may target now (empty for spells without a chosen target).
std::vector<std::string> valid_targets(const GameState& s, const GameData& data, const std::string& caster,
                                       const std::string& spell);

// Exact odds of a cast on each target (on everyone engaged for Eksplozja). Throws DataError for
// an unknown caster, spell or target.
std::vector<TargetOdds> odds_of_cast(const GameState& s, const GameData& data, const std::string& caster,
                                     const std::string& spell, const std::vector<std::string>& targets);

// Exact odds of negotiating now (8.4-8.6) with this negotiator.
NegotiationOdds odds_of_negotiation(const GameState& s, const GameData& data, const std::string& negotiator);
// Exact odds of a bribe of `gold` now (8.9).
BribeOdds odds_of_bribe(const GameState& s, const GameData& data, int gold);

// --- the same as JSON (czary-cli legal / odds; docs/actions.md "Queries") ---

// {code, rule, pl, en}
nlohmann::json to_json(const Refusal& refusal);
// {spell, name: {pl, en}, type, rule, castable, cost, refusal?}: the spell's name, type and rule
// come from the table of `data`.
nlohmann::json to_json(const SpellAvailability& availability, const GameData& data);
// {figure, resist, shielded, kill?, wounds?: {"<wounds>": chance}}
nlohmann::json to_json(const TargetOdds& odds);
// {failure, agreement, intimidation} or {refusal}
nlohmann::json to_json(const NegotiationOdds& odds);
// {accepted, needed, modifier} or {refusal}
nlohmann::json to_json(const BribeOdds& odds);

// The lists above as JSON arrays; the same throws.
nlohmann::json castable_spells(const GameState& s, const GameData& data, const std::string& caster);
nlohmann::json cast_odds(const GameState& s, const GameData& data, const std::string& caster,
                         const std::string& spell, const std::vector<std::string>& targets);
nlohmann::json negotiation_odds(const GameState& s, const GameData& data, const std::string& negotiator);
nlohmann::json bribe_odds(const GameState& s, const GameData& data, int gold);

}  // namespace czary
