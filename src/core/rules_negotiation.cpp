// Negotiation and bribery (8.4-8.9), with the N and V spells' modifiers (10.7).
#include <algorithm>

#include "core/handlers.hpp"

namespace czary {

// The group's strongest monster (highest siła) speaks for it. Bezimienny and the Demons (the
// kinds flagged so in monsters.json) are never talked to: 8.4 for negotiation, 8.7 for a bribe.
const Figure& strongest_monster(const GameData& data, const GameState& s, const char* no_talk_rule) {
    const Figure* strongest = nullptr;
    for (const auto& id : figures_on_board(s)) {
        const Figure* f = s.find(id);
        if (f->side != Side::Monsters || f->is_character()) continue;
        const MonsterKind* kind = data.monster_kind(f->monster_kind);
        if (kind && (kind->nameless || kind->demon))
            refuse("no_negotiation_with", no_talk_rule, "figure", f->name);
        if (!strongest || f->sila > strongest->sila) strongest = f;
    }
    if (!strongest) refuse("no_monsters", "8.4");
    return *strongest;
}


const Figure& check_negotiation(const GameData& data, const GameState& s) {
    if (s.fight.active) refuse("fight_in_progress", "8.4");
    // 8.6: after a failure the party may bribe or fight, nothing else; after an agreement or an
    // intimidation there is nothing left to talk about. One negotiation per group (6.9: only a
    // group met again is "new").
    if (s.encounter.outcome != TalkOutcome::None) refuse("negotiate_once", "8.6");
    return strongest_monster(data, s, "8.4");
}

const Figure& check_bribe(const GameData& data, const GameState& s) {
    // Once refused, the fight has begun (8.7): "only once" is the reason to give.
    if (s.encounter.bribe_tried) refuse("bribe_once", "8.8");
    if (s.fight.active) refuse("fight_in_progress", "8.7");
    // 8.7: "Jeżeli negocjacje zawiodą oddział może usiłować kupić wolność": after an agreement or
    // an intimidation the party is free to go on already; there is nothing to buy.
    if (party_may_go_on(s.encounter.outcome)) refuse("bribe_after_agreement", "8.7");
    // 8.7: "nie dotyczy to Bezimiennego i Demonów".
    return strongest_monster(data, s, "8.7");
}

std::optional<std::pair<std::string, std::string>> talk_spell_refusal(const GameData& data, const GameState& s, const Spell& spell) {
    using Reason = std::pair<std::string, std::string>;
    if (spell.type != SpellType::Negotiation && spell.type != SpellType::Bribe) return std::nullopt;
    // 10.7: N spells "przed rzutem kostką, przesądzającym o wyniku negocjacji", V spells "podczas
    // próby wykupienia się": with no monster to talk to, or the roll made, they do nothing.
    bool monster_present = false;
    for (const auto& id : figures_on_board(s)) {
        const Figure* f = s.find(id);
        if (f->side == Side::Monsters && !f->is_character()) monster_present = true;
    }
    if (!monster_present) return Reason{"talk_spell_no_monster", "10.7"};
    // Bezimienny and the Demons are never talked to (8.4, 8.7, 16.0): with them on the board there
    // is no negotiation or bribe for a talk spell to serve, as with no monster at all.
    try {
        strongest_monster(data, s, "16.0");
    } catch (const Refused&) {
        return Reason{"talk_spell_no_talk", "16.0"};
    }
    const Encounter& e = s.encounter;
    if (spell.type == SpellType::Negotiation && e.outcome != TalkOutcome::None) return Reason{"talk_spell_after_roll", "10.7"};
    if (spell.type == SpellType::Bribe && e.bribe_tried) return Reason{"talk_spell_after_roll", "10.7"};
    // No bribe follows an agreement or an intimidation (8.7), so no V spell serves one.
    if (spell.type == SpellType::Bribe && party_may_go_on(e.outcome)) return Reason{"bribe_after_agreement", "8.7"};
    // Each spell counts once for the one roll: a second Elokwencja adds nothing.
    bool already_working = false;
    switch (spell.does) {
        case SpellEffect::NegotiationBonus: already_working = e.negotiation_bonus > 0; break;
        case SpellEffect::Intimidation: already_working = e.intimidation; break;
        case SpellEffect::IntimidationAllTreasure: already_working = e.all_treasure; break;
        // bribe_modifier sums the reductions cast so far (Sugestia 2, Pochlebstwo 4: distinct bits).
        case SpellEffect::BribeModifier: already_working = ((-e.bribe_modifier) & spell.bonus) != 0; break;
        default: break;
    }
    if (already_working) return Reason{"talk_spell_once", "10.7"};
    return std::nullopt;
}

// 14.7 Elokwencja: "dodanie 3 punktów do liczby oczek [...] Postać, nosząca medalion nie musi być
// tą, która prowadzi negocjacje — wystarczy, że znajduje się ona w tym samym segmencie": a living
// wearer on the board on the party's side (a teleported, petrified or possessed one is not). Once.
int medallion_negotiation_bonus(const GameState& s) {
    for (const auto& id : figures_on_board(s)) {
        const Figure* f = s.find(id);
        if (f->is_character() && !f->dead && f->side == Side::Party &&
            wears_medallion(*f, eloquence_medallion))
            return 3;
    }
    return 0;
}

int negotiation_total(const GameState& s, const Figure& negotiator, const Figure& monster, int roll) {
    return roll - monster.nn + negotiator.talents.negotiation + s.encounter.negotiation_bonus + medallion_negotiation_bonus(s);
}

TalkOutcome negotiation_result(int total) {
    return total <= 6 ? TalkOutcome::Failure : total <= 9 ? TalkOutcome::Agreement : TalkOutcome::Intimidation;
}

int bribe_needed(const GameData& data, const Figure& monster, int gold, int* offered_row) {
    const BribeRow* row = nullptr;
    for (const auto& candidate : data.bribe_rows)
        if (candidate.gold <= gold) row = &candidate;
    if (!row) refuse("bribe_too_small", "8.9", "gold", number_text(data.bribe_rows.front().gold));
    const int index = monster.sila + std::max(0, monster.nn);
    int column = 0;
    while (column + 1 < static_cast<int>(data.bribe_columns.size()) && index > data.bribe_columns[column][1]) ++column;
    if (offered_row) *offered_row = row->gold;
    return row->max_roll[column];
}

void check_negotiator(const GameState& s, const Figure& negotiator) {
    if (!negotiator.is_character() || negotiator.dead) refuse("not_a_character", "8.4", "figure", negotiator.name);
    // 8.4: the talent of "dowolnego członka oddziału": one who is with the party now.
    if (!with_party(s, negotiator))
        refuse("negotiator_not_with_party", "8.4", "figure", negotiator.name);
}

// negotiate {negotiator, dice?}: 2K6 - NN + talent (+4 Elokwencja): <=6 failure, 7-9 agreement,
// >=10 intimidation; Zastraszenie / Zniechęcenie give intimidation with no roll. Once per group.
void apply(Turn& t, const actions::Negotiate& a) {
    if (t.s.fight.active) refuse("fight_in_progress", "8.4");
    Figure& negotiator = t.figure(a.negotiator);
    check_negotiator(t.s, negotiator);
    const Figure& monster = check_negotiation(t.data, t.s);
    Encounter& e = t.s.encounter;
    TalkOutcome result;
    if (e.intimidation) {
        result = e.all_treasure ? TalkOutcome::IntimidationAllTreasure : TalkOutcome::Intimidation;
        t.outcome["roll"] = nullptr;
    } else {
        const int roll = t.dice.roll("2K6", "negotiation", negotiator.id);
        const int total = negotiation_total(t.s, negotiator, monster, roll);
        result = negotiation_result(total);
        t.outcome["roll"] = roll;
        t.outcome["total"] = total;
        t.note("negotiation_roll", "8.4", {{"roll", number_text(roll)}, {"nn", number_text(monster.nn)},
            {"talent", number_text(negotiator.talents.negotiation)}, {"bonus", number_text(e.negotiation_bonus)},
            {"medallion", number_text(medallion_negotiation_bonus(t.s))}, {"total", number_text(total)}});
    }
    e.negotiation_bonus = 0;
    e.intimidation = e.all_treasure = false;
    e.outcome = t.talk = result;
    t.outcome["result"] = name_of(result, talk_outcome_names);
    t.note("negotiation_result", "8.6",
           "result", t.data.message(std::string("negotiation.") + name_of(result, talk_outcome_names)));
}

// bribe {gold, dice?}: once per group (8.8); table 8.9 by siła + NN of the strongest monster;
// 1K6 (-2 Sugestia, -4 Pochlebstwo) <= the table's number: accepted, and the party passes on (the
// monsters stay behind, 6.9); refused: the fight that follows begins with the monsters (8.7).
void apply(Turn& t, const actions::Bribe& a) {
    const Figure& monster = check_bribe(t.data, t.s);
    Encounter& e = t.s.encounter;
    const int gold = Turn::in_range(a.gold, "gold", 1, actions::Bribe::max_gold);
    int offered_row = 0;
    const int needed = bribe_needed(t.data, monster, gold, &offered_row);
    const int roll = t.dice.roll("1K6", "bribe");
    const int total = roll + e.bribe_modifier;
    const bool accepted = total <= needed;
    e.bribe_tried = true;
    e.bribe_modifier = 0;
    e.outcome = t.talk = accepted ? TalkOutcome::BribeAccepted : TalkOutcome::BribeRejected;
    t.outcome["roll"] = roll;
    t.outcome["total"] = total;
    t.outcome["needed"] = needed;
    t.outcome["accepted"] = accepted;
    t.outcome["offered_row"] = offered_row;
    t.note(accepted ? "bribe_accepted" : "bribe_rejected", "8.7",
           {{"roll", number_text(roll)}, {"total", number_text(total)}, {"needed", number_text(needed)}, {"gold", number_text(offered_row)}});
    if (accepted) {
        // 8.7: an accepted bribe buys the party's way on ("kupić wolność"), as an agreement
        // would (8.6): the party goes on and the monsters stay in their segment (6.9).
        leave_monsters_behind(t);
        t.note("bribe_party_passes", "8.7");
    } else {
        // 8.7: "Jeżeli potwór nie przyjmie wykupu atakuje on oddział jako pierwszy (opuszczana jest
        // faza ataku oddziału)": the fight begins at once, in the monsters' phase.
        begin_fight(t, false, true);
        t.note("monsters_attack_first", "8.7");
    }
}

}  // namespace czary
