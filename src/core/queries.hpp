#pragma once
// Questions the interface asks: what may this caster cast now and why not, on whom, and with
// what odds.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_data.hpp"
#include "core/state.hpp"

namespace czary {

// Every spell of table 10.9 for this caster: castable or not, its cost now, and the refusal
// (code, rule, pl, en) when it is not. Throws DataError for an unknown caster.
nlohmann::json castable_spells(const GameState& s, const GameData& data, const std::string& caster);

// Figures the spell may target now (empty for spells without a chosen target).
std::vector<std::string> valid_targets(const GameState& s, const GameData& data, const std::string& caster,
                                       const std::string& spell);

// Exact odds of a cast on each target (on everyone engaged for Eksplozja): the chance to
// resist, the distribution of wounds taken and the chance to die.
nlohmann::json cast_odds(const GameState& s, const GameData& data, const std::string& caster,
                         const std::string& spell, const std::vector<std::string>& targets);

// Exact odds of negotiating now (8.4-8.6): {"failure", "agreement", "intimidation"}, or
// {"refusal": {...}} when the action would be refused.
nlohmann::json negotiation_odds(const GameState& s, const GameData& data, const std::string& negotiator);
// Exact odds of a bribe of `gold` now (8.9): {"accepted", "needed", "modifier"}, or {"refusal"}.
nlohmann::json bribe_odds(const GameState& s, const GameData& data, int gold);

}  // namespace czary
