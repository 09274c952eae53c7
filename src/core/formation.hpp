#pragma once
// Where figures stand: the party's ranks facing the monsters' (4.1 C, 9.1, 9.8), three places
// each. Implemented in rules_formation.cpp.
#include <string>
#include <vector>

#include "core/game_data.hpp"
#include "core/state.hpp"

namespace czary {

class Turn;

Formation& formation_of(GameState& s, Side side);
struct Place { int rank = -1; int slot = -1; bool on_board() const { return rank >= 0; } };
Place place_of(const GameState& s, const std::string& id);
// Whether `id` stands in the party's ranks (a figure of the monsters' side may: the Zło
// talisman's victim attacks from its place, 14.6).
bool in_party_ranks(const GameState& s, const std::string& id);
void remove_from_board(GameState& s, const std::string& id);
Place place_first_free(Formation& formation, const std::string& id);
void compact(Formation& formation);
void arrange_monsters_by_strength(GameState& s, const GameData& data);  // 9.1: the 3 strongest in front; 16.0: the Gates' guard
// A living character standing with the party now: on the party's side and on its board, not
// teleported away (10.6), turned to stone (15.3) or possessed by the monsters (13.2).
bool with_party(const GameState& s, const Figure& f);
int living_in_rank(const GameState& s, Side side, int rank);
int living_on_board(const GameState& s, Side side);
std::vector<std::string> figures_on_board(const GameState& s);
void check_formation_limits(const GameState& s, Side side);  // refuses when 4.1 C / 9.8 would break
void close_ranks(Turn& t, Side side);  // 9.8: the gaps a fight left close in that side's phase
void begin_party_reorganisation(Turn& t);    // 9.2 phase 4 begins: gaps close, pkt 4's move owed
void end_party_reorganisation(Turn& t);      // refuses the end of phase 4 while pkt 4's move is owed
void begin_monster_reorganisation(Turn& t);  // 9.2 phase 5 begins: gaps close
void reorganise_monsters(Turn& t);           // 9.2 phase 5 ends: what 9.8 pkt 1-2 still want

}  // namespace czary
