// Negotiation and bribery (8.4-8.9), with the N and V spells' modifiers (10.7).
#include <algorithm>

#include "core/handlers.hpp"

namespace czary {

// The group's strongest monster (highest siła) speaks for it.
const Figure& strongest_monster(const GameState& s) {
    const Figure* strongest = nullptr;
    for (const auto& id : figures_on_board(s)) {
        const Figure* f = s.find(id);
        if (f->side != Side::Monsters || f->is_character()) continue;
        if (f->monster_kind == "bezimienny" || f->monster_kind == "demon")
            throw Refused("no_negotiation_with", "8.4", {{"figure", f->name}});
        if (!strongest || f->sila > strongest->sila) strongest = f;
    }
    if (!strongest) throw Refused("no_monsters", "8.4");
    return *strongest;
}

int negotiation_total(const GameState& s, const Figure& negotiator, const Figure& monster, int roll) {
    return roll - monster.nn + negotiator.talents.negotiation + s.encounter.negotiation_bonus;
}

std::string negotiation_result(int total) { return total <= 6 ? "failure" : total <= 9 ? "agreement" : "intimidation"; }

int bribe_needed(const GameData& data, const Figure& monster, int gold, int* offered_row) {
    const BribeRow* row = nullptr;
    for (const auto& candidate : data.bribe_rows)
        if (candidate.gold <= gold) row = &candidate;
    if (!row) throw Refused("bribe_too_small", "8.9", {{"gold", number_text(data.bribe_rows.front().gold)}});
    const int index = monster.sila + std::max(0, monster.nn);
    int column = 0;
    while (column + 1 < static_cast<int>(data.bribe_columns.size()) && index > data.bribe_columns[column][1]) ++column;
    if (offered_row) *offered_row = row->gold;
    return row->max_roll[column];
}

// negotiate {negotiator, dice?}: 2K6 - NN + talent (+4 Elokwencja): <=6 failure, 7-9 agreement,
// >=10 intimidation; Zastraszenie / Zniechęcenie give intimidation with no roll.
void action_negotiate(Turn& t) {
    if (t.s.fight.active) throw Refused("fight_in_progress", "8.4");
    Figure& negotiator = t.figure("negotiator");
    if (!negotiator.is_character() || negotiator.dead) throw Refused("not_a_character", "8.4", {{"figure", negotiator.name}});
    const Figure& monster = strongest_monster(t.s);
    Encounter& e = t.s.encounter;
    std::string result;
    if (e.intimidation) {
        result = e.all_treasure ? "intimidation_all_treasure" : "intimidation";
        t.outcome["roll"] = nullptr;
    } else {
        const int roll = t.dice.roll("2K6", "negotiation", negotiator.id);
        const int total = negotiation_total(t.s, negotiator, monster, roll);
        result = negotiation_result(total);
        t.outcome["roll"] = roll;
        t.outcome["total"] = total;
        t.note("negotiation_roll", "8.4", {{"roll", number_text(roll)}, {"nn", number_text(monster.nn)},
            {"talent", number_text(negotiator.talents.negotiation)}, {"bonus", number_text(e.negotiation_bonus)}, {"total", number_text(total)}});
    }
    e.negotiation_bonus = 0;
    e.intimidation = e.all_treasure = false;
    e.outcome = result;
    t.outcome["result"] = result;
    t.note("negotiation_result", "8.6", {{"result", t.data.message("negotiation." + result)}});
}

// bribe {gold, dice?}: once per group; table 8.9 by siła + NN of the strongest monster;
// 1K6 (-2 Sugestia, -4 Pochlebstwo) <= the table's number: accepted.
void action_bribe(Turn& t) {
    if (t.s.fight.active) throw Refused("fight_in_progress", "8.9");
    Encounter& e = t.s.encounter;
    if (e.bribe_tried) throw Refused("bribe_once", "8.9");
    const Figure& monster = strongest_monster(t.s);
    const int gold = t.number("gold", 1, 1000000);
    int offered_row = 0;
    const int needed = bribe_needed(t.data, monster, gold, &offered_row);
    const int roll = t.dice.roll("1K6", "bribe");
    const int total = roll + e.bribe_modifier;
    const bool accepted = total <= needed;
    e.bribe_tried = true;
    e.bribe_modifier = 0;
    e.outcome = accepted ? "bribe_accepted" : "bribe_rejected";
    t.outcome = {{"roll", roll}, {"total", total}, {"needed", needed}, {"accepted", accepted}, {"offered_row", offered_row}};
    t.note(accepted ? "bribe_accepted" : "bribe_rejected", "8.9",
           {{"roll", number_text(roll)}, {"total", number_text(total)}, {"needed", number_text(needed)}, {"gold", number_text(offered_row)}});
}

}  // namespace czary
