#pragma once
// Who may cast what, on whom, and at what cost (10.1-10.8): used by the cast action and by the
// queries that explain to the player why a spell is dimmed.
#include <optional>
#include <string>

#include "core/game_data.hpp"
#include "core/refusal.hpp"
#include "core/state.hpp"

namespace czary {

// The Black Gates cast Wybuch in phase 3 (16.0); they act as this caster id (GameData::black_gates).
inline constexpr const char* black_gates_id = "black_gates";

struct CastPlan {
    int cost = 0;          // wounds the caster takes
    bool free = false;     // ring, Alloces, Black Gates, Vampire's first two rounds
    bool by_ring = false;  // 14.8
};

// Resolves the caster id, the pseudo-caster of the Black Gates included; nullptr if unknown.
const Figure* find_caster(const GameData& data, const GameState& s, const std::string& id);

// Why the caster may not cast the spell now, ignoring targets; nullopt if it may.
std::optional<Refused> cast_refusal(const GameState& s, const GameData& data, const Figure& caster,
                                    const Spell& spell, bool use_ring = false);
// Why the target is not valid for this spell; nullopt if it is.
std::optional<Refused> target_refusal(const GameState& s, const GameData& data, const Figure& caster,
                                      const Spell& spell, const Figure& target);
CastPlan plan_cast(const GameData& data, const Figure& caster, const Spell& spell, bool use_ring);

}  // namespace czary
