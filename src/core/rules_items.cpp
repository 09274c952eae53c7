// Things elsewhere in the game that change casting: rings (14.8), altars (13.5), the bookshelf
// (13.4), the manuscript (13.6), sun talismans (14.6); poison, Medusa (15.3) and traps.
#include <algorithm>

#include "core/counters.hpp"
#include "core/handlers.hpp"

namespace czary {
namespace {

Figure& character(Turn& t, const std::string& id) {
    Figure& c = t.figure(id);
    if (!c.is_character()) refuse("not_a_character", "", "figure", c.name);
    if (c.dead) refuse("already_dead", "9.7", "figure", c.name);
    return c;
}

// 13.5 Avnas, Asmoday: the spell their altars make cheap (data/spells.json's "altar_cost":
// Błyskawica), which also strikes whoever fails at Avnas' altar.
const Spell& altar_spell(Turn& t) {
    for (const auto& spell : t.data.spells.all())
        if (spell.altar_cost) return spell;
    refuse("unknown_spell", "10.9", "spell", plain("altar_cost"));
}

// 10.8: the type S spell a find teaches, as data/spells.json's "learned_from" says.
const Spell& spell_learned_from(Turn& t, const char* source) {
    for (const auto& spell : t.data.spells.all())
        if (std::find(spell.learned_from.begin(), spell.learned_from.end(), source) != spell.learned_from.end()) return spell;
    refuse("unknown_spell", "10.9", "spell", plain(source));
}

// 13.5 Asmoday's curse lowers every potential: a marked spell more than the dominant sun now
// allows is given up (the one the player names, else the last marked).
void drop_marks_over_potential(Turn& t, Figure& c, const std::optional<std::string>& drop) {
    if (t.s.adventure.sun == Sun::None) return;
    const int allowed = c.potential[static_cast<int>(t.s.adventure.sun)];
    while (static_cast<int>(c.marked.size()) > allowed && !c.marked.empty()) {
        auto it = c.marked.end() - 1;
        if (drop) {
            auto named = std::find(c.marked.begin(), c.marked.end(), *drop);
            if (named != c.marked.end()) it = named;
        }
        const Spell* spell = t.data.spells.find(*it);
        t.note("mark_dropped", "13.5", "figure", c.name, "spell", spell ? spell->name : plain(*it));
        c.marked.erase(it);
    }
}

}  // namespace

// grant_ring {character, spell}: 14.8: once per adventure, at no cost.
void apply(Turn& t, const actions::GrantRing& a) {
    Figure& c = character(t, a.character);
    const Spell& spell = t.spell(a.spell);
    if (!spell.ring)
        refuse("no_such_ring", "14.8", "spell", spell.name);
    if (std::find(c.rings.begin(), c.rings.end(), spell.id) == c.rings.end()) c.rings.push_back(spell.id);
    t.note("ring", "14.8", "figure", c.name, "spell", spell.name);
    // 10.8: a type S spell's ring teaches it (Wskrzeszenie).
    if (spell.type == SpellType::Special) learn(t, c, spell, "ring");
}

// resistance_ring {character, bonus: 1|2}: 14.8, odporność at most 5.
void apply(Turn& t, const actions::ResistanceRing& a) {
    Figure& c = character(t, a.character);
    const int bonus = Turn::in_range(a.bonus, "bonus", 1, 2);
    c.odpornosc = std::min(5, c.odpornosc + bonus);
    t.note("resistance_ring", "14.8", "figure", c.name, "odpornosc", number_text(c.odpornosc));
}

// altar {character, altar: alloces|avnas|asmoday|malthus, dice?}: 13.5, a resist roll decides.
void apply(Turn& t, const actions::Altar& a) {
    Figure& c = character(t, a.character);
    const std::string altar = a.altar;
    const auto& known = altar_names();
    if (std::find(known.begin(), known.end(), altar) == known.end()) refuse("bad_action", "", "field", "altar");
    const bool success = resists(t, c);
    t.outcome["success"] = success;
    if (success) {
        if (altar == "alloces") c.free_combat_spells_next = true;
        if (altar == "avnas" || altar == "asmoday") c.cheap_lightning = true;
        // "zręczność ... zostaje zwiększona o 3 punkty"
        if (altar == "asmoday") c.zrecznosc = raised(t, c.zrecznosc, 3, state_limits::max_points, Counter::Zrecznosc, "13.5");
        if (altar == "malthus") learn(t, c, spell_learned_from(t, "malthus_altar"), "malthus_altar");
        // Vassago: "zyskuje zdolności „pułapki” równe +3 (lub jej dotychczasowe zdolności „pułapki”
        // ulegają zwiększeniu o 3 punkty, jednak nie mogą być wyższe niż 5)" — unless lost for good.
        if (altar == "vassago" && c.talents.traps_lost) {
            t.note("altar_success_vassago_lost", "13.5", "figure", c.name);
            return;
        }
        if (altar == "vassago") c.talents.traps = std::min(5, c.talents.traps + 3);
        t.note("altar_success_" + altar, "13.5", "figure", c.name, "traps", number_text(c.talents.traps));
        return;
    }
    t.note("altar_failure_" + altar, "13.5", "figure", c.name);
    if (altar == "alloces") {
        // "zręczność postaci jest obniżona o 1 punkt do końca przygody"
        // (never below what a state file may hold: the next load must accept it)
        if (c.zrecznosc > -state_limits::max_points && c.zrecznosc_this_adventure > -state_limits::max_points) {
            c.zrecznosc -= 1;
            if (t.s.adventure.active) c.zrecznosc_this_adventure -= 1;
        }
    }
    if (altar == "avnas") deal_wounds(t, c, t.dice.roll(*altar_spell(t).dice, "damage", c.id), "");
    // 13.5 Malthus: a failure hurts as the spell its success would teach.
    if (altar == "malthus") deal_wounds(t, c, t.dice.roll(*spell_learned_from(t, "malthus_altar").dice, "damage", c.id), "");
    if (altar == "asmoday") {
        for (int& p : c.potential) p = std::max(0, p - 1);
        drop_marks_over_potential(t, c, a.drop);
    }
    // Vassago: "postać traci swe zdolności „pułapki” (jeśli je ma) na stałe, do końca całej gry".
    if (altar == "vassago") {
        c.talents.traps = 0;
        c.talents.traps_lost = true;
    }
}

// bookshelf {character, dice?}: 13.4: 1K6, 1-3 it falls (1K3 wounds), 4-6 teaches Wskrzeszenie.
void apply(Turn& t, const actions::Bookshelf& a) {
    Figure& c = character(t, a.character);
    const int roll = t.dice.roll("1K6", "bookshelf", c.id);
    t.outcome["roll"] = roll;
    if (roll <= 3) {
        t.note("bookshelf_falls", "13.4", "figure", c.name);
        deal_wounds(t, c, t.dice.roll("1K3", "damage", c.id), "");
    } else {
        learn(t, c, spell_learned_from(t, "bookshelf"), "bookshelf");
    }
}

// manuscript {character}: 13.6 teaches Gniew Boży.
void apply(Turn& t, const actions::Manuscript& a) {
    Figure& c = character(t, a.character);
    learn(t, c, spell_learned_from(t, "manuscript"), "manuscript");
}

// talisman {character, sun: red|yellow|blue|all, dice?}: 14.6: +1K3 potential.
void apply(Turn& t, const actions::Talisman& a) {
    Figure& c = character(t, a.character);
    const std::string sun = a.sun;
    if (sun != "all" && sun != "red" && sun != "yellow" && sun != "blue") refuse("bad_action", "", "field", "sun");
    // 14.6 Wszystkie słońca: "o 1K3 potencjał magiczny dla każdego ze słońc": a roll per sun.
    nlohmann::json bonuses = nlohmann::json::array();
    for (int i = 0; i < 3; ++i) {
        if (sun != "all" && sun != sun_name(static_cast<Sun>(i))) continue;
        const int bonus = t.dice.roll("1K3", "talisman", c.id);
        c.potential[i] = raised(t, c.potential[i], bonus, state_limits::max_points, Counter::Potential, "14.6");
        bonuses.push_back(bonus);
        t.note("talisman", "14.6", "figure", c.name, "amount", number_text(bonus),
               "sun", t.data.message(std::string("sun.") + sun_name(static_cast<Sun>(i))));
    }
    t.outcome["bonus"] = sun == "all" ? bonuses : bonuses[0];
}

// poison {character, wounds? | code?, dice?}: the poison's wounds (14.5, 13.1: 1K3), taken at
// once; Neutralizacja trucizny right after takes them back (10.6). The medallion (14.7) protects.
void apply(Turn& t, const actions::Poison& a) {
    Figure& c = character(t, a.character);
    if (wears_medallion(c, poison_medallion)) {
        t.outcome["wounds"] = 0;
        t.note("poison_medallion", "14.7", "figure", c.name);
        return;
    }
    int amount = 0;
    if (auto given = Turn::in_range(a.wounds, "wounds", 0, 99)) {
        if (a.code) refuse("bad_action", "", "field", "code");
        amount = *given;
    } else {
        const std::string code = a.code.value_or("1K3");
        if (!DiceCode::parse(code)) refuse("bad_dice_code", "3.1", "code", plain(code));
        amount = t.dice.roll(code, "poison", c.id);
    }
    c.poisoned = c.poison_fresh = true;
    t.note("poisoned", "10.6", "figure", c.name, "amount", number_text(amount));
    c.poison_wounds = deal_wounds(t, c, amount, "");
    t.outcome["wounds"] = c.poison_wounds;
}

// petrify {character}: 15.3 Medusa: removed from the ranks until Ożywienie kamienia.
void apply(Turn& t, const actions::Petrify& a) {
    Figure& c = character(t, a.character);
    if (c.petrified) refuse("already_petrified", "15.3", "figure", c.name);
    c.petrified = true;
    c.stone_fresh = !t.s.fight.active;  // 13.2 the statue: Ożywienie kamienia now or never
    remove_from_board(t.s, c.id);
    t.note("petrified", "15.3", "figure", c.name);
    if (c.stone_fresh) warn_charm_holds_on_stone(t, c);
}

// disarm_trap {character}: one attempt; Delikatne palce's +3 is used up by it (10.6).
void apply(Turn& t, const actions::DisarmTrap& a) {
    Figure& c = character(t, a.character);
    // 7.3: the talent "nie może przekroczyć 5", Delikatne palce's +3 included (a 6 always fails).
    const int talent = std::min(5, c.talents.traps + (c.trap_bonus ? 3 : 0));
    t.outcome["talent"] = talent;
    t.note(c.trap_bonus ? "disarm_with_bonus" : "disarm", "10.6", "figure", c.name, "talent", number_text(talent));
    c.trap_bonus = false;
}

// possess {character, source: statue|talisman, dice?}: 13.2 the Nameless One's statue, 14.6 the
// Zło talisman: the character tries to resist; failing, it attacks the party until it dies or is
// freed: the statue's victim from the monsters' first rank, facing the middle of the party's
// (13.2), the talisman's "z aktualnie zajmowanej w szyku pozycji" (14.6), where it stands. Outside a
// fight its attack opens one, the victim striking first (13.2: "musi natychmiast zaatakować [...]
// Rozpoczyna się walka").
void apply(Turn& t, const actions::Possess& a) {
    Figure& c = character(t, a.character);
    if (a.source != "statue" && a.source != "talisman") refuse("bad_action", "", "field", "source");
    const bool statue = a.source == "statue";
    const char* rule = statue ? "13.2" : "14.6";
    if (c.possessed != Possession::None || !c.charmed_by.empty()) refuse("already_possessed", rule, "figure", c.name);
    const bool resisted = resists(t, c);
    t.outcome["resisted"] = resisted;
    if (resisted) {
        t.note("possession_resisted", rule, "figure", c.name);
        return;
    }
    c.possessed = statue ? Possession::Statue : Possession::Talisman;
    c.side = Side::Monsters;
    c.asleep = false;
    if (statue) {
        remove_from_board(t.s, c.id);
        Formation& monsters = t.s.monsters;
        if (monsters.ranks.empty()) monsters.ranks.push_back({"", "", ""});
        auto& front = monsters.ranks[0];
        if (front[1].empty()) front[1] = c.id;
        else if (front[0].empty()) front[0] = c.id;
        else if (front[2].empty()) front[2] = c.id;
        else place_first_free(monsters, c.id);
    }
    t.note(statue ? "possessed_by_statue" : "possessed_by_talisman", rule, "figure", c.name);
    if (!t.s.fight.active) {
        begin_fight(t, false, true);
        t.note("possessed_attacks_first", rule, "figure", c.name);
    }
}

std::optional<PartyPlace> charm_place(Turn& t, const std::optional<int>& given_rank, const std::optional<int>& given_slot) {
    const auto rank = Turn::in_range(given_rank, "rank", 1, 99);
    const auto slot = Turn::in_range(given_slot, "slot", 1, 3);
    if (!rank && !slot) return std::nullopt;
    if (!rank || !slot) refuse("bad_action", "", "field", rank ? "slot" : "rank");
    const auto& ranks = t.s.party.ranks;
    // A free place of an existing rank, or the first place of a new rank behind the last.
    const bool new_rank = *rank == static_cast<int>(ranks.size()) + 1;
    if (*rank > static_cast<int>(ranks.size()) + 1 || (!new_rank && !ranks[*rank - 1][*slot - 1].empty()))
        refuse("place_taken", "10.5", "rank", number_text(*rank), "slot", number_text(*slot));
    return PartyPlace{*rank, *slot};
}

void charm_into_place(Turn& t, Figure& target, const Figure& caster, const std::optional<PartyPlace>& place) {
    charm(t, target, caster);
    if (target.is_character() || !place) return;
    remove_from_board(t.s, target.id);
    auto& ranks = t.s.party.ranks;
    if (place->rank > static_cast<int>(ranks.size())) ranks.push_back({"", "", ""});
    ranks[place->rank - 1][place->slot - 1] = target.id;
    t.note("placed_by_players", "10.5", "figure", target.name, "rank", number_text(place->rank), "slot", number_text(place->slot));
}

void end_possession(Turn& t, Figure& c) {
    const char* rule = c.possessed == Possession::Statue ? "13.2" : "14.6";
    c.possessed = Possession::None;
    c.side = Side::Party;
    // The talisman's victim never left its place among the party; the statue's comes back to the
    // party's first free place.
    if (!in_party_ranks(t.s, c.id)) {
        remove_from_board(t.s, c.id);
        place_first_free(t.s.party, c.id);
    }
    t.note("possession_ended", rule, "figure", c.name);
}

// charm_potion {character, target, potion: person|monster, dice?}: 14.5: "w identyczny sposób,
// jak w wypadku czaru Urok": the target resists or is charmed; the potion costs no wounds.
void apply(Turn& t, const actions::CharmPotion& a) {
    Figure& drinker = character(t, a.character);
    if (drinker.possessed != Possession::None || !drinker.charmed_by.empty()) refuse("charmed_cannot_cast", "14.5",
                                                                                     "figure", drinker.name);
    Figure& target = t.figure(a.target);
    const std::string potion = a.potion;
    if (potion != "person" && potion != "monster") refuse("bad_action", "", "field", "potion");
    if (target.dead || !place_of(t.s, target.id).on_board()) refuse("target_not_here", "14.5", "target", target.name);
    const Args args{{"figure", drinker.name}, {"target", target.name}};
    if (target.is_character()) {
        // 14.6: a character the Zło talisman holds is freed by Urok, "za pomocą czaru lub mikstury".
        if (target.possessed != Possession::Talisman) refuse("potion_not_on_character", "14.5", args);
    } else {
        if (target.side != Side::Monsters) refuse("target_not_enemy", "14.5", args);
        const MonsterKind* kind = t.data.monster_kind(target.monster_kind);
        const bool person = kind && kind->person;
        if (person != (potion == "person"))
            refuse(person ? "potion_for_monsters" : "potion_for_persons", "14.5", args);
    }
    const auto place = charm_place(t, a.rank, a.slot);  // checked before the roll
    const bool resisted = resists(t, target);
    t.outcome["resisted"] = resisted;
    if (resisted) return;
    if (target.is_character()) end_possession(t, target);
    else charm_into_place(t, target, drinker, place);
}

// thought_talisman {character, dice?}: 14.6 Myśl: "może zostać użyty tylko 1K6 razy".
void apply(Turn& t, const actions::ThoughtTalisman& a) {
    Figure& c = character(t, a.character);
    c.thought_uses = t.dice.roll("1K6", "talisman_uses", c.id);
    t.outcome["uses"] = c.thought_uses;
    t.note("thought_talisman", "14.6", "figure", c.name, "amount", number_text(c.thought_uses));
}

// use_thought {character, target, dice?}: 14.6 Myśl: "kosztem 1 rany zadać przeciwnikowi siłą
// swych myśli 1K6 ran (tylko wtedy, gdy atakowanemu ... nie uda się próba odparcia czaru)".
void apply(Turn& t, const actions::UseThought& a) {
    Figure& c = character(t, a.character);
    Figure& target = t.figure(a.target);
    const Args args{{"figure", c.name}, {"target", target.name}};
    if (c.thought_uses <= 0) refuse("no_thought_talisman", "14.6", args);
    if (c.possessed != Possession::None || !c.charmed_by.empty()) refuse("charmed_cannot_cast", "14.6", args);
    if (c.asleep || c.petrified || !c.here()) refuse("caster_cannot_act", "14.6", args);
    if (target.dead || target.side == c.side || !place_of(t.s, target.id).on_board())
        refuse("target_not_enemy", "14.6", args);
    if (t.s.fight.active && c.acted != Acted::Nothing) refuse("already_acted", "10.3", args);
    // The strike is the wearer's attack: 9.4, "Postacie mogą atakować tylko podczas fazy 1".
    if (t.s.fight.active && t.s.fight.phase != 1) refuse("wrong_phase_attack", "9.4", "phase", number_text(1));
    // As a spell's cost (10.2), the wound must not kill the wearer.
    if (c.wounds + 1 >= c.sila) refuse("thought_would_kill", "14.6", args);
    c.wounds += 1;
    --c.thought_uses;
    if (t.s.fight.active) c.acted = Acted::Attack;
    t.note("thought_used", "14.6", "figure", c.name, "target", target.name, "amount", number_text(c.thought_uses));
    const bool resisted = resists(t, target);
    t.outcome["resisted"] = resisted;
    if (resisted) return;
    const int taken = deal_wounds(t, target, t.dice.roll("1K6", "damage", target.id), c.id);
    t.outcome["wounds"] = taken;
}

// medallion {character, medallion, worn?}: 14.7: Neutralizacja trucizny (no poison harms the
// wearer), Elokwencja (+3 to the negotiation roll of the party it is with).
void apply(Turn& t, const actions::Medallion& a) {
    Figure& c = character(t, a.character);
    const std::string medallion = a.medallion;
    if (!known_medallion(medallion)) refuse("bad_action", "", "field", "medallion");
    const bool worn = a.worn.value_or(true);
    auto it = std::find(c.medallions.begin(), c.medallions.end(), medallion);
    if (worn && it == c.medallions.end()) c.medallions.push_back(medallion);
    if (!worn && it != c.medallions.end()) c.medallions.erase(it);
    t.note(worn ? "medallion_on" : "medallion_off", "14.7", "figure", c.name,
           "medallion", t.data.message("medallion." + medallion));
}

// magic_armor {character, sila}: 14.4: the armour adds its siła; 0 takes it off. Not handed over
// in a fight, a negotiation or a bribe.
void apply(Turn& t, const actions::MagicArmor& a) {
    Figure& c = character(t, a.character);
    const int sila = Turn::in_range(a.sila, "sila", 0, 99);
    if (t.s.fight.active) refuse("armor_not_in_fight", "14.4", "figure", c.name);
    const int sila_without = c.sila - c.armor_sila;
    if (sila_without + sila <= c.wounds && sila < c.armor_sila) refuse("armor_removal_kills", "14.4", "figure", c.name);
    c.sila = raised(t, sila_without, sila, state_limits::max_sila, Counter::Sila, "14.4");
    c.armor_sila = sila;
    t.note(sila > 0 ? "magic_armor_on" : "magic_armor_off", "14.4", "figure", c.name, "amount", number_text(sila),
           "sila", number_text(c.sila));
}

// improve {character, what}: 12.2, 12.3: after an adventure, 100 experience (zręczność 150; 17.5:
// 10% more for every adventure after the first) raise one of siła, odporność (at most 5, 11.0),
// zręczność, one potential or a talent ("zdolności": pułapki and Czarne Wrota at most 5, 7.3,
// 16.0) by one point, each once until the next adventure. (Gold is kept on the character sheet.)
void apply(Turn& t, const actions::Improve& a) {
    Figure& c = character(t, a.character);
    const std::string what = a.what;
    if (!improvable(what)) refuse("bad_action", "", "field", "what");
    const LocalizedText what_words = t.data.message("improve." + what);
    const Args args{{"figure", c.name}, {"what", what_words}};
    if (t.s.adventure.active) refuse("improve_after_adventure", "12.2", args);
    if (std::find(c.improved.begin(), c.improved.end(), what) != c.improved.end())
        refuse("improved_once", "12.2", args);
    if (what == "talent_traps" && c.talents.traps_lost) refuse("traps_lost_for_good", "13.5", args);
    const int price = improve_price(t.s, what);
    if (c.experience < price) refuse("not_enough_experience", what == "zrecznosc" ? "12.3" : "12.2", "figure", c.name,
                                     "what", what_words, "price", number_text(price));
    if (what == "odpornosc" && c.odpornosc >= 5) refuse("odpornosc_at_most_5", "11.0", args);
    if (what == "talent_traps" && c.talents.traps >= 5) refuse("talent_at_most_5", "7.3", args);
    if (what == "talent_black_gates" && c.talents.black_gates >= 5) refuse("talent_at_most_5", "16.0", args);
    if (what == "talent_traps") ++c.talents.traps;
    if (what == "talent_black_gates") ++c.talents.black_gates;
    if (what == "talent_negotiation") c.talents.negotiation = raised(t, c.talents.negotiation, 1, state_limits::max_points, Counter::Negotiation, "12.2");
    if (what == "sila") c.sila = raised(t, c.sila, 1, state_limits::max_sila, Counter::Sila, "12.2");
    if (what == "odpornosc") ++c.odpornosc;
    if (what == "zrecznosc") c.zrecznosc = raised(t, c.zrecznosc, 1, state_limits::max_points, Counter::Zrecznosc, "12.3");
    if (what.rfind("potential_", 0) == 0) {
        const int index = what == "potential_red" ? 0 : what == "potential_yellow" ? 1 : 2;
        c.potential[index] = raised(t, c.potential[index], 1, 9, Counter::Potential, "12.2");
    }
    c.experience -= price;
    c.improved.push_back(what);
    t.outcome["experience"] = c.experience;
    t.note("improved", what == "zrecznosc" ? "12.3" : "12.2", "figure", c.name, "what", what_words, "price", number_text(price));
}

}  // namespace czary
