// 9.3: the target of a monster's attack. The rulebook's four examples, reproduced here:
//   three against three: each attacks the one straight ahead;
//   two monsters (A, B) against three characters: A attacks 1 (1-3 pips) or 2 (4-6), B 2 or 3;
//   three monsters against two characters: 1 attacks A, 3 attacks B, 2 attacks A (1-3) or B (4-6);
//   one monster against three characters: 1 (1-2 pips), 2 (3-4) or 3 (5-6).
// All four follow one reading: the figures of each front rank share the width of the front
// equally, in their order left to right, and a monster may attack the characters whose share
// overlaps its own. (Distance counted by places would send A straight at 1 and the lone monster
// straight at 2, against the book's examples.) A monster of the second rank "ustala cel ataku przy
// pomocy rzutu kostką" among the whole front rank of the party. The die is split equally among the
// targets, left to right: 1-3 / 4-6 for two, 1-2 / 3-4 / 5-6 for three.
#include "core/target_roll.hpp"

#include "core/data_error.hpp"
#include "core/formation.hpp"

namespace czary {
namespace {

// The living figures of a rank of this formation, left to right.
std::vector<std::string> front_rank(const GameState& s, const Formation& formation, int rank) {
    std::vector<std::string> ids;
    if (rank >= static_cast<int>(formation.ranks.size())) return ids;
    for (const auto& id : formation.ranks[static_cast<std::size_t>(rank)]) {
        const Figure* f = id.empty() ? nullptr : s.find(id);
        if (f && f->alive()) ids.push_back(id);
    }
    return ids;
}

}  // namespace

MonsterTargetRoll monster_target_roll(const GameState& s, const GameData&, const std::string& monster) {
    const Figure* attacker = s.find(monster);
    if (!attacker) throw DataError("no figure '" + monster + "' in this session");
    const Place place = place_of(s, monster);
    if (attacker->side != Side::Monsters || !place.on_board() || !attacker->alive())
        throw DataError("'" + monster + "' is not a figure of the monsters' side on the board");
    MonsterTargetRoll result;
    result.figure = monster;
    result.rank = place.rank + 1;
    // The Zło talisman's victim attacks the party from its own place among them (14.6): any of
    // the others on the board, as the players decide (no 9.3 roll: the formations do not face).
    if (in_party_ranks(s, monster)) {
        for (const auto& rank : s.party.ranks)
            for (const auto& id : rank)
                if (!id.empty() && id != monster) result.targets.push_back(id);
        result.roll = false;
        return result;
    }
    // 9.2 pkt 2: monsters of the first and second ranks attack a figure of the party's first rank.
    const std::vector<std::string> party = front_rank(s, s.party, 0);
    if (place.rank == 0) {
        const std::vector<std::string> monsters = front_rank(s, s.monsters, 0);
        const auto m = static_cast<long>(monsters.size());
        const auto p = static_cast<long>(party.size());
        long i = 0;
        while (i < m && monsters[static_cast<std::size_t>(i)] != monster) ++i;
        // Monster i of m holds [i/m, (i+1)/m) of the front, character j of p [j/p, (j+1)/p).
        for (long j = 0; j < p; ++j)
            if (i * p < (j + 1) * m && j * m < (i + 1) * p) result.targets.push_back(party[static_cast<std::size_t>(j)]);
    } else if (place.rank == 1) {
        result.targets = party;
    }
    result.roll = result.targets.size() > 1;
    if (!result.targets.empty())
        for (std::size_t face = 0; face < 6; ++face) result.faces[face] = result.targets[face * result.targets.size() / 6];
    return result;
}

nlohmann::json to_json(const MonsterTargetRoll& roll) {
    nlohmann::json out = nlohmann::json::object();
    out["figure"] = roll.figure;
    out["rank"] = roll.rank;
    out["targets"] = roll.targets;
    out["roll"] = roll.roll;
    if (!roll.targets.empty()) {
        nlohmann::json faces = nlohmann::json::object();
        for (std::size_t face = 0; face < 6; ++face) faces[std::to_string(face + 1)] = roll.faces[face];
        out["faces"] = faces;
    }
    return out;
}

nlohmann::json target_roll(const GameState& s, const GameData& data, const std::string& monster) {
    return to_json(monster_target_roll(s, data, monster));
}

}  // namespace czary
