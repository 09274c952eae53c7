#pragma once
// Where figures stand: the party's ranks facing the monsters' (4.1 C, 9.1, 9.8), three places
// each. Implemented in rules_formation.cpp.
#include <string>
#include <vector>

#include "core/state.hpp"

namespace czary {

class Turn;

Formation& formation_of(GameState& s, Side side);
struct Place { int rank = -1; int slot = -1; bool on_board() const { return rank >= 0; } };
Place place_of(const GameState& s, const std::string& id);
void remove_from_board(GameState& s, const std::string& id);
Place place_first_free(Formation& formation, const std::string& id);
void compact(Formation& formation);
void arrange_monsters_by_strength(GameState& s);  // 9.1: the 3 strongest in front
// A living character standing with the party now: on the party's side and on its board, not
// teleported away (10.6), turned to stone (15.3) or possessed by the monsters (13.2).
bool with_party(const GameState& s, const Figure& f);
int living_in_rank(const GameState& s, Side side, int rank);
int living_on_board(const GameState& s, Side side);
std::vector<std::string> figures_on_board(const GameState& s);
void check_formation_limits(const GameState& s, Side side);  // refuses when 4.1 C / 9.8 would break
void reorganise_monsters(Turn& t);  // 9.2 phase 5

}  // namespace czary
