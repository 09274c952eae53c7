#pragma once
// 9.3: whom a monster may attack, and which the die picks for each face. A helper for the table:
// the rules do not check weapon targets (weapon_attack has none), so nothing is refused by it.
#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_data.hpp"
#include "core/state.hpp"

namespace czary {

struct MonsterTargetRoll {
    std::string figure;                // the attacker: a figure of the monsters' side on the board
    int rank = 0;                      // its rank in the monsters' formation, 1-based
    std::vector<std::string> targets;  // whom it may attack, left to right; empty: nobody in reach
    bool roll = false;                 // more than one target: a die decides (9.3)
    std::array<std::string, 6> faces;  // faces[0] is the target for a 1 ... faces[5] for a 6; "" when no target
};

// Throws DataError for an unknown id or a figure that is not of the monsters' side on the board.
MonsterTargetRoll monster_target_roll(const GameState& s, const GameData& data, const std::string& monster);

// {figure, rank, targets, roll, faces?: {"1": id, ... "6": id}} (faces only when there are targets).
nlohmann::json to_json(const MonsterTargetRoll& roll);
nlohmann::json target_roll(const GameState& s, const GameData& data, const std::string& monster);

}  // namespace czary
