// Fights (9.0): monsters, rounds and phases, wounds and death, charms, experience (12.0).
#include <algorithm>
#include <map>
#include <optional>

#include "core/counters.hpp"
#include "core/handlers.hpp"
#include "core/json_input.hpp"

namespace czary {

// 6.7 "Poziomy labiryntu": NN +0/+1/+2, experience x1/x1/x2 (siła comes from monsters.json).
int level_nn_bonus(int level) { return level >= 3 ? 2 : level == 2 ? 1 : 0; }
int level_experience_multiplier(int level) { return level >= 3 ? 2 : 1; }


bool fight_has_nameless(const GameData& data, const GameState& s) {
    for (const auto& f : s.figures) {
        if (f.is_character() || !f.alive()) continue;
        const MonsterKind* kind = data.monster_kind(f.monster_kind);
        if (kind && kind->nameless && place_of(s, f.id).on_board()) return true;
    }
    return false;
}


bool resists(Turn& t, const Figure& target) {
    const int odpornosc = std::min(target.odpornosc, 5);
    if (odpornosc <= 0) {
        t.note("cannot_resist", "11.0", "figure", target.name);
        return false;
    }
    const int roll = t.dice.roll("1K6", "resist", target.id);
    const bool resisted = roll <= odpornosc;
    t.note(resisted ? "resisted" : "not_resisted", "11.0", "figure", target.name, "roll", number_text(roll),
           "odpornosc", number_text(odpornosc));
    return resisted;
}

int deal_wounds(Turn& t, Figure& target, int amount, const std::string& by) {
    if (amount <= 0 || target.dead) return 0;
    // 10.6 Magiczna zbroja: each wound takes a point of armour instead, until none is left.
    const int absorbed = std::min(target.armor, amount);
    if (absorbed > 0) {
        target.armor -= absorbed;
        t.note("armor_absorbs", "10.6", "figure", target.name, "amount", number_text(absorbed), "left", number_text(target.armor));
    }
    const int taken = amount - absorbed;
    // Wounds past siła are kept, up to a limit far past any siła: the figure dies all the same.
    target.wounds = static_cast<int>(std::min<std::int64_t>(state_limits::max_wounds, std::int64_t{target.wounds} + taken));
    if (taken > 0)
        // Life left against siła, as the counters and the sheet show it (wounds taken and life
        // left were opposite numbers in one evening's texts).
        t.note("wounded", "", {{"figure", target.name}, {"amount", number_text(taken)}, {"wounds", number_text(target.wounds)},
                               {"life", number_text(std::max(0, target.sila - target.wounds))}, {"sila", number_text(target.sila)}});
    if (target.wounds >= target.sila) kill(t, target, by);
    return taken;
}

void kill(Turn& t, Figure& figure, const std::string& by) {
    if (figure.dead) return;
    t.note("died", "9.7", "figure", figure.name);
    apply_death(t, figure, by);
}

void apply_death(Turn& t, Figure& figure, const std::string& by) {
    if (figure.dead) return;
    figure.dead = true;
    figure.asleep = false;
    const bool was_monster_side = figure.side == Side::Monsters;
    // The dead obey nobody: a raised character (10.8) comes back to its own side.
    figure.charmed_by.clear();
    figure.possessed = Possession::None;
    figure.side = figure.is_character() ? Side::Party : Side::Monsters;
    remove_from_board(t.s, figure.id);
    if (t.s.fight.active) {
        if (figure.is_character()) figure.died_in_fight = t.s.fight.number;
        // 12.1: a monster killed in the fight counts for the party, whoever killed it.
        if (!figure.is_character() && was_monster_side) t.s.fight.monsters_killed.push_back(figure.id);
    }
    if (Figure* killer = by.empty() ? nullptr : t.s.find(by)) killer->killed.push_back(figure.id);
    t.outcome["died"].push_back(figure.id);
    const MonsterKind* kind = figure.is_character() ? nullptr : t.data.monster_kind(figure.monster_kind);
    if (kind && kind->nameless) {
        // 16.0: his death makes the Demons vanish.
        for (auto& demon : t.s.figures) {
            const MonsterKind* demon_kind = demon.is_character() ? nullptr : t.data.monster_kind(demon.monster_kind);
            if (demon_kind && demon_kind->demon && demon.alive() && place_of(t.s, demon.id).on_board()) {
                remove_from_board(t.s, demon.id);
                demon.vanished = true;
                t.note("demon_vanishes", "16.0", "figure", demon.name);
            }
        }
    }
    // 10.5: the caster's death breaks its charms (15.5: the Vampire's too).
    for (auto& other : t.s.figures)
        if (other.charmed_by == figure.id && other.alive()) break_charm(t, other);
}

void warn_charm_holds_on_stone(Turn& t, const Figure& stone) {
    for (const auto& other : t.s.figures)
        if (other.charmed_by == stone.id && other.alive()) t.note("charm_holds_on_stone", "10.5", "figure", stone.name, "charmed", other.name);
}

void break_charm(Turn& t, Figure& charmed) {
    charmed.charmed_by.clear();
    remove_from_board(t.s, charmed.id);
    if (charmed.is_character()) {
        charmed.side = Side::Party;
        place_first_free(t.s.party, charmed.id);
        t.note("charm_broken_character", "10.5", "figure", charmed.name);
    } else {
        // 10.5: the monster attacks the party at once; in a fight it stands as near the party
        // as it can, in the monsters' formation.
        charmed.side = Side::Monsters;
        place_first_free(t.s.monsters, charmed.id);
        t.note("charm_broken_monster", "10.5", "figure", charmed.name);
        // 10.5: "potwór natychmiast atakuje pozostałych członków oddziału". Outside a fight that
        // leaves no time to talk or bribe: the fight begins at once with the monsters' attack
        // (round 1, phase 2), as after a refused bribe (8.7). In a fight it attacks in phase 2.
        if (!t.s.fight.active) {
            begin_fight(t, false, true);
            t.note("freed_monster_attacks_first", "10.5", "figure", charmed.name);
        }
    }
}

void charm(Turn& t, Figure& target, const Figure& caster) {
    remove_from_board(t.s, target.id);
    target.charmed_by = caster.id;
    target.asleep = false;
    if (target.is_character()) {
        // 15.5: the Vampire's victim joins the monsters' first rank.
        target.side = Side::Monsters;
        Formation& monsters = t.s.monsters;
        bool placed = false;
        if (monsters.ranks.empty()) monsters.ranks.push_back({"", "", ""});
        for (auto& place : monsters.ranks[0])
            if (!placed && place.empty()) place = target.id, placed = true;
        if (!placed) place_first_free(monsters, target.id);
    } else {
        target.side = Side::Party;
        const Place place = place_first_free(t.s.party, target.id);
        t.note("joins_party_at", "10.5", "figure", target.name, "rank", number_text(place.rank + 1),
               "slot", number_text(place.slot + 1));
    }
    t.note("charmed", "10.5", "figure", target.name, "caster", caster.name);
}

// add_monster {kind, sila | sila_code, level, name}
void apply(Turn& t, const actions::AddMonster& a) {
    const std::string& kind_id = a.kind;
    const MonsterKind* kind = t.data.monster_kind(kind_id);
    if (!kind) refuse("unknown_monster_kind", "8.2", "kind", kind_id);
    const int level = Turn::in_range(a.level, "level", 1, 3).value_or(1);
    // 6.9: the first monster after the last group died or was passed is a new group: its talk
    // (one negotiation, one bribe, the N/V spells) starts afresh.
    if (!t.s.fight.active && living_on_board(t.s, Side::Monsters) == 0) t.s.encounter = {};
    int sila = 0;
    if (auto given = Turn::in_range(a.sila, "sila", 1, 99)) {
        sila = *given;
    } else {
        if (!a.sila_code) refuse("bad_action", "", "field", "sila_code");
        const std::string& code_text = *a.sila_code;
        const auto code = DiceCode::parse(code_text);
        if (!code) refuse("bad_dice_code", "3.1", "code", code_text);
        sila = std::max(1, t.dice.roll(*code, "monster_sila"));
    }
    sila += t.data.level_sila_bonus.count(level) ? t.data.level_sila_bonus.at(level) : 0;  // 6.7
    Figure monster;
    monster.id = "m" + std::to_string(take_id(t));
    monster.kind = FigureKind::Monster;
    monster.monster_kind = kind->id;
    int same_kind = 1;
    for (const auto& f : t.s.figures) same_kind += f.monster_kind == kind->id;
    const auto custom = a.name;
    monster.name = custom ? plain(*custom)
                          : LocalizedText{kind->name.pl + " " + std::to_string(same_kind), kind->name.en + " " + std::to_string(same_kind)};
    monster.level = level;
    monster.sila = sila;
    monster.odpornosc = kind->odpornosc;
    // 6.8: "Niechęć do negocjacji — dodawana do normalnego współczynnika NN"; a kind that is
    // never talked to (NN "—") stays so.
    monster.nn = kind->nn < 0 ? kind->nn : kind->nn + level_nn_bonus(level);
    monster.side = Side::Monsters;
    t.s.figures.push_back(monster);
    place_first_free(t.s.monsters, monster.id);
    t.outcome["figure"] = monster.id;
    if (t.s.fight.active) {  // a monster that comes during a fight takes the first free place
        t.note("monster_added", "8.2", "figure", monster.name, "sila", number_text(sila));
        return;
    }
    // 9.1: the strongest stand in front; the player is told where the new one stands and why
    // (a weaker one added before may have stepped back).
    arrange_monsters_by_strength(t.s, t.data);
    const Args where = {{"figure", monster.name}, {"sila", number_text(sila)}, {"rank", number_text(place_of(t.s, monster.id).rank + 1)}};
    // 16.0: Bezimienny behind the Demons, in their last rank or the one after it. (Looked for only
    // when he comes: adding a monster stays linear on a large board.)
    int last_demon_rank = -1;
    if (kind->nameless)
        for (const auto& f : t.s.figures) {
            const MonsterKind* k = f.is_character() ? nullptr : t.data.monster_kind(f.monster_kind);
            if (k && k->demon) last_demon_rank = std::max(last_demon_rank, place_of(t.s, f.id).rank);
        }
    if (kind->nameless && last_demon_rank >= 0)
        t.note(place_of(t.s, monster.id).rank == last_demon_rank ? "monster_added_among_demons" : "monster_added_behind_demons", "16.0", where);
    else t.note("monster_added_ranked", "9.1", where);
}

void leave_monsters_behind(Turn& t) {
    for (auto& f : t.s.figures)
        if (!f.is_character() && f.side == Side::Monsters) remove_from_board(t.s, f.id);
    for (auto& f : t.s.figures)
        if (f.is_character() && f.side == Side::Monsters && f.alive()) {
            // A charmed character cannot be left behind silently: the charm must end first.
            refuse("charmed_character_with_monsters", "15.5", "figure", f.name);
        }
    t.s.monsters.ranks.clear();
    t.s.encounter = {};
    // Monsters left behind (or dead) play no further part; dropping them keeps the state small.
    auto& figures = t.s.figures;
    figures.erase(std::remove_if(figures.begin(), figures.end(),
                                 [&](const Figure& f) { return !f.is_character() && !place_of(t.s, f.id).on_board(); }),
                  figures.end());
}

// clear_monsters {}: the party leaves the monsters behind (new group for 8.4-8.9).
void apply(Turn& t, const actions::ClearMonsters&) {
    if (t.s.fight.active) refuse("fight_in_progress", "9.0");
    leave_monsters_behind(t);
    t.note("monsters_cleared", "");
}

// rejoin {figure}: a teleported figure (10.6) is back where the party is, in its side's ranks.
void apply(Turn& t, const actions::Rejoin& a) {
    Figure& figure = t.figure(a.figure);
    if (figure.vanished) refuse("vanished", "16.0", "figure", figure.name);
    if (figure.away.empty() || figure.dead) refuse("not_away", "10.6", "figure", figure.name);
    figure.away.clear();
    place_first_free(formation_of(t.s, figure.side), figure.id);
    t.note("rejoined", "10.6", "figure", figure.name);
}

// Opens a fight: round 1, phase 1 — or phase 2 when the monsters strike first (8.7 a refused
// bribe, 10.5 a monster freed from a charm outside a fight), the party's phase skipped.
void begin_fight(Turn& t, bool gates, bool monsters_first) {
    const int number = raised(t, t.s.fight.number, 1, state_limits::max_counter, Counter::Fights, "9.0");
    t.s.fight = {};
    t.s.fight.number = number;
    t.s.fight.active = true;
    t.s.fight.round = 1;
    t.s.fight.phase = monsters_first ? 2 : 1;
    t.s.fight.black_gates = gates;
    t.s.right_after_fight = false;
    for (auto& f : t.s.figures) {
        f.acted = Acted::Nothing;
        f.magic_shield = false;
        // 13.2 / 15.3: the statue's stone now waits for this fight's end, as one turned in a fight.
        f.stone_fresh = false;
        // 10.6 Siła / 14.5, 13.5 Alloces: "for the next fight" is this one.
        f.strength_bonus_active = f.strength_bonus_next;
        f.strength_bonus_next = 0;
        f.free_combat_spells_active = f.free_combat_spells_next;
        f.free_combat_spells_next = false;
    }
    t.note("fight_started", "9.2", "number", number_text(number), "phase", number_text(t.s.fight.phase));
}

// start_fight {black_gates?}
void apply(Turn& t, const actions::StartFight& a) {
    if (t.s.fight.active) refuse("fight_in_progress", "9.0");
    if (living_on_board(t.s, Side::Monsters) == 0) refuse("no_monsters", "9.0");
    const bool gates = a.black_gates.value_or(false);
    // 8.7: "Jeżeli potwór nie przyjmie wykupu atakuje on oddział jako pierwszy (opuszczana jest faza
    // ataku oddziału)": the first round begins with the monsters' phase.
    const bool monsters_first = t.s.encounter.outcome == TalkOutcome::BribeRejected;
    begin_fight(t, gates, monsters_first);
    if (monsters_first) t.note("monsters_attack_first", "8.7");
}

// 15.4: "Po zakończeniu każdej trzeciej fazy „atak potwora” Troll zmniejsza o jeden liczbę ran,
// które odniósł": one phase 2 a round, so at the end of phase 2 of rounds 3, 6, 9…, every living
// kind that regenerates, on the board, on whichever side.
static void regenerate(Turn& t) {
    for (auto& f : t.s.figures) {
        const MonsterKind* kind = f.is_character() ? nullptr : t.data.monster_kind(f.monster_kind);
        if (!kind || !kind->regenerates || !f.alive() || f.wounds == 0 || !place_of(t.s, f.id).on_board()) continue;
        --f.wounds;
        t.note("regenerates", "15.4", "figure", f.name, "life", number_text(f.sila - f.wounds), "sila", number_text(f.sila));
    }
}

// next_phase {}: 9.2 phases 1-5; phase 3 only at the Black Gates.
void apply(Turn& t, const actions::NextPhase&) {
    Fight& fight = t.s.fight;
    if (!fight.active) refuse("no_fight", "9.2");
    if (fight.phase >= 5) raised(t, fight.round, 1, state_limits::max_counter, Counter::Round, "9.2");
    if (fight.phase == 2 && fight.round % 3 == 0) regenerate(t);
    if (fight.phase == 4) end_party_reorganisation(t);
    if (fight.phase == 5) reorganise_monsters(t);
    ++fight.phase;
    if (fight.phase == 3 && !fight.black_gates) {
        // 9.2 phase 3 is the Black Gates' attack: away from them it is passed over, and said so.
        t.note("phase_3_skipped", "16.0");
        ++fight.phase;
    }
    if (fight.phase > 5) {
        fight.phase = 1;
        ++fight.round;
        for (auto& f : t.s.figures) f.acted = Acted::Nothing;
    }
    if (fight.phase == 3) fight.gates_blasts_left = 3;  // 16.0
    t.note("phase", "9.2", "round", number_text(fight.round), "phase", number_text(fight.phase));
    if (fight.phase == 4) begin_party_reorganisation(t);
    if (fight.phase == 5) begin_monster_reorganisation(t);
}

// weapon_attack {figure}: records the attack (10.3, 9.4); its wounds are entered with "wound".
void apply(Turn& t, const actions::WeaponAttack& a) {
    Figure& figure = t.figure(a.figure);
    if (!t.s.fight.active) refuse("no_fight", "9.2");
    if (!figure.alive() || !place_of(t.s, figure.id).on_board()) refuse("not_on_board", "9.1", "figure", figure.name);
    // 10.5 Uśpienie: the monster "zapada w sen"; asleep, it attacks nobody.
    if (figure.asleep) refuse("asleep_cannot_attack", "10.5", "figure", figure.name);
    if (figure.acted == Acted::Cast) refuse("cast_this_round", "10.3", "figure", figure.name);
    // 9.4 pkt 1: "Atakować można tylko raz w ciągu jednej rundy", for both sides (the Black Gates'
    // three attacks are spells, not weapon attacks).
    if (figure.acted == Acted::Attack) refuse("already_attacked_this_round", "9.4", "figure", figure.name);
    const int phase = figure.side == Side::Party ? 1 : 2;
    if (t.s.fight.phase != phase) refuse("wrong_phase_attack", "9.2", "phase", number_text(phase));
    // 9.2 pkt 1: "Postacie z pierwszego szeregu szyku oddziału mogą atakować tylko przy pomocy broni
    // (z wyjątkiem łuków i noży), zaś postacie, stojące w drugim szeregu szyku mogą strzelać z łuków,
    // rzucać nożami lub rzucać czary"; pkt 2: "Potwory z drugiego szeregu szyku mogą rzucać czary".
    // (Which weapon is the players' to say; the program keeps no weapons.) The Zło talisman's victim
    // attacks from its place among the party (14.6), wherever that is.
    const Place place = place_of(t.s, figure.id);
    const Args where{{"figure", figure.name}, {"rank", number_text(place.rank + 1)}};
    const bool among_party = in_party_ranks(t.s, figure.id);
    if (among_party && figure.side == Side::Party && place.rank > 1) refuse("weapon_attack_rank_party", "9.2", where);
    if (!among_party && place.rank > 0) refuse("weapon_attack_rank_monster", "9.2", where);
    figure.acted = Acted::Attack;
    t.note("attacked", "10.3", "figure", figure.name);
}

// wound {figure, amount, by?}: weapon hits and other wounds; Magiczna zbroja absorbs them.
void apply(Turn& t, const actions::Wound& a) {
    Figure& figure = t.figure(a.figure);
    if (figure.dead) refuse("already_dead", "9.7", "figure", figure.name);
    const int amount = Turn::in_range(a.amount, "amount", 1, actions::Wound::max_amount);
    const std::string by = a.by.value_or("");
    if (!by.empty() && !t.s.find(by)) refuse("unknown_figure", "", "figure", by);
    t.outcome["wounds"] = deal_wounds(t, figure, amount, by);
}

// heal {figure, amount}: healing that is not a spell (potions); never below zero wounds.
void apply(Turn& t, const actions::Heal& a) {
    Figure& figure = t.figure(a.figure);
    if (figure.dead) refuse("already_dead", "9.7", "figure", figure.name);
    const int amount = Turn::in_range(a.amount, "amount", 1, actions::Wound::max_amount);
    const int healed = std::min(amount, figure.wounds);
    figure.wounds -= healed;
    if (healed == 0) t.note("healed_nothing", "", "figure", figure.name);
    else t.note("healed", "", "figure", figure.name, "amount", number_text(healed));
}

// kill_sleeping {figure, by?}: 10.5 Uśpienie: no roll, once the other monsters are dealt with.
void apply(Turn& t, const actions::KillSleeping& a) {
    Figure& monster = t.figure(a.figure);
    if (!monster.asleep || monster.dead) refuse("not_asleep", "10.5", "figure", monster.name);
    for (const auto& id : figures_on_board(t.s)) {
        const Figure* other = t.s.find(id);
        if (other->id == monster.id || other->side != monster.side || other->asleep) continue;
        // A character on the monsters' side is the party's companion under a charm or possessed,
        // never "another monster".
        if (other->is_character() && !other->charmed_by.empty()) {
            const Figure* charmer = t.s.find(other->charmed_by);
            refuse("charmed_companion_still_fights", "10.5", "figure", other->name, "charmer", charmer ? charmer->name : other->name);
        }
        if (other->is_character()) refuse("possessed_companion_still_fights", "10.5", "figure", other->name);
        refuse("others_still_fight", "10.5", "figure", other->name);
    }
    kill(t, monster, a.by.value_or(""));
}

// 12.0: the characters the experience of a fight goes to, "pozostałych przy życiu członków
// oddziału": alive, on the party's side, not stone, not teleported away. Charmed monsters get none (12.1).
static bool shares_experience(const Figure& f) {
    return f.is_character() && f.alive() && !f.petrified && f.side == Side::Party && f.here();
}

void finish_fight(Turn& t, FightOutcome outcome, const std::map<std::string, int>* shares) {
    Fight& fight = t.s.fight;
    // 12.0: (sum of siła of the monsters killed) x 6, split among the surviving characters.
    // Summed in 64 bits: a state may hold many monsters of a siła up to state_limits::max_sila.
    // 6.8: the experience for a monster is multiplied by its level's number (x2 on level 3).
    std::int64_t total = 0;
    for (const auto& id : fight.monsters_killed)
        if (const Figure* monster = t.s.find(id)) total += std::int64_t{monster->sila} * 6 * level_experience_multiplier(monster->level);
    std::vector<Figure*> survivors;
    for (auto& f : t.s.figures)
        if (shares_experience(f)) survivors.push_back(&f);
    // 12.0: "Ta ogólna suma jest dzielona (w sposób, ustalony przez graczy)": the players' shares,
    // each to a survivor, the whole total and no more; without them equal shares, fractions dropped.
    std::map<std::string, std::int64_t> points;
    const std::int64_t share = survivors.empty() ? 0 : total / static_cast<std::int64_t>(survivors.size());
    if (shares) {
        std::int64_t given = 0;
        for (const auto& [id, amount] : *shares) {
            const Figure* f = t.s.find(id);
            if (!f || !shares_experience(*f))
                refuse("share_not_survivor", "12.0", "figure", f ? f->name : plain(id));
            given += amount;
        }
        if (given != total)
            refuse("shares_wrong_sum", "12.0", "sum", plain(std::to_string(given)), "total", plain(std::to_string(total)));
        for (Figure* f : survivors) points[f->id] = shares->count(f->id) ? shares->at(f->id) : 0;
    } else {
        for (Figure* f : survivors) points[f->id] = share;
    }
    for (Figure* f : survivors)
        raised(t, f->experience, points[f->id], state_limits::max_counter, Counter::Experience, "12.0");
    for (Figure* f : survivors) f->experience += static_cast<int>(points[f->id]);
    fight.active = false;
    fight.outcome = outcome;
    // Outside a fight the players set the march order as they like (4.1 C3): no gaps stay.
    compact(t.s.party);
    compact(t.s.monsters);
    for (auto& f : t.s.figures) {
        f.acted = Acted::Nothing;
        f.magic_shield = false;  // 10.5: for one fight
        f.strength_bonus_active = 0;
        f.free_combat_spells_active = false;
    }
    t.s.right_after_fight = true;  // 10.8 Wskrzeszenie
    // 10.5 Zawieszenie broni: "Jego skutek jest analogiczny do porozumienia w czasie negocjacji
    // (patrz 8.6)": the group is under an agreement now, so there is nothing left to talk about.
    if (outcome == FightOutcome::CeaseFire) t.s.encounter.outcome = TalkOutcome::Agreement;
    // 10.7: N and V spells cast for a talk lapse; after a fight there is none to come.
    t.s.encounter.negotiation_bonus = 0;
    t.s.encounter.intimidation = t.s.encounter.all_treasure = false;
    t.s.encounter.bribe_modifier = 0;
    const LocalizedText outcome_text = t.data.message(std::string("outcome.") + name_of(outcome, fight_outcome_names));
    if (shares) {
        // "Larraka 40, Gislan 26": the players' split, in the order of the party's figures.
        LocalizedText list{"", ""};
        for (Figure* f : survivors) {
            const std::string sep = list.pl.empty() ? "" : ", ";
            list.pl += sep + f->name.pl + " " + std::to_string(points[f->id]);
            list.en += sep + f->name.en + " " + std::to_string(points[f->id]);
        }
        nlohmann::json each = nlohmann::json::object();
        for (const auto& [id, amount] : points) each[id] = amount;
        t.outcome["experience"]["total"] = total;
        t.outcome["experience"]["shares"] = std::move(each);
        t.note("fight_ended_shares", "12.0", "outcome", outcome_text, "total", plain(std::to_string(total)), "shares", list);
    } else {
        t.outcome["experience"]["total"] = total;
        t.outcome["experience"]["share"] = share;
        t.note("fight_ended", "12.0", "outcome", outcome_text, "total", plain(std::to_string(total)),
               "share", plain(std::to_string(share)));
    }
    // 15.3: "bezpośrednio po zakończeniu walki": the moment for Ożywienie kamienia, said last (the
    // toast's line), while it lasts.
    for (const auto& f : t.s.figures)
        if (f.is_character() && f.petrified && !f.dead) {
            t.note("stone_revival_now", "15.3", "figure", f.name);
            warn_charm_holds_on_stone(t, f);
        }
}

// end_fight {outcome: victory | agreement | fled, shares?}: "agreement" and "fled" only under the house
// rule end_fight_early (9.0: "Rozpoczęta walka nie może zostać przerwana do chwili śmierci jednej
// ze stron"; 2.3 lets the players add their own rules).
void apply(Turn& t, const actions::EndFight& a) {
    if (!t.s.fight.active) refuse("no_fight", "9.2");
    const std::string said = a.outcome.value_or("victory");
    if (said != "victory" && said != "agreement" && said != "fled") refuse("bad_action", "", "field", "outcome");
    const FightOutcome outcome = said == "victory" ? FightOutcome::Victory : said == "agreement" ? FightOutcome::Agreement : FightOutcome::Fled;
    if (outcome != FightOutcome::Victory) {
        if (!t.s.house_rules.end_fight_early) refuse("fight_cannot_be_broken_off", "9.0");
        t.note("house_rule_used", "2.3", "rule", t.data.message("house_rule.end_fight_early"));
    }
    // 9.0: "nie może zostać przerwana do chwili śmierci jednej ze stron"; a monster asleep on the
    // board (10.5 Uśpienie) is alive: it is killed without a roll, and then the fight is won.
    if (outcome == FightOutcome::Victory)
        for (const auto& id : figures_on_board(t.s))
            if (const Figure* monster = t.s.find(id); monster->side == Side::Monsters)
                refuse(monster->asleep ? "sleeping_monster_remains" : "monsters_still_fight", "9.0", "figure", monster->name);
    // shares {character id: points}: the players' split of the experience (12.0), checked there.
    if (a.shares)
        for (const auto& [id, amount] : *a.shares) Turn::in_range(amount, "shares", 0, static_cast<int>(state_limits::max_counter));
    finish_fight(t, outcome, a.shares ? &*a.shares : nullptr);
}

// set_house_rule {rule, on}: a rule the players add (2.3), off until they turn it on. The one there
// is: "end_fight_early" lets end_fight close a fight as "agreement" or "fled" (9.0 does not).
void apply(Turn& t, const actions::SetHouseRule& a) {
    const std::string& rule = a.rule;
    if (rule != "end_fight_early") refuse("unknown_house_rule", "2.3", "rule", rule);
    const bool on = a.on;
    t.s.house_rules.end_fight_early = on;
    t.note(on ? "house_rule_on" : "house_rule_off", "2.3", "rule", t.data.message("house_rule." + rule));
}

}  // namespace czary
