// Things elsewhere in the game that change casting: rings (14.8), altars (13.5), the bookshelf
// (13.4), the manuscript (13.6), sun talismans (14.6); poison, Medusa (15.3) and traps.
#include <algorithm>

#include "core/counters.hpp"
#include "core/handlers.hpp"

namespace czary {
namespace {

Figure& character(Turn& t, const char* field) {
    Figure& c = t.figure(field);
    if (!c.is_character()) throw Refused("not_a_character", "", {{"figure", c.name}});
    if (c.dead) throw Refused("already_dead", "9.7", {{"figure", c.name}});
    return c;
}

const Spell& spell_by_id(Turn& t, const char* id) { return *t.data.spells.find(id); }

}  // namespace

// grant_ring {character, spell}: 14.8: once per adventure, at no cost.
void action_grant_ring(Turn& t) {
    Figure& c = character(t, "character");
    const Spell& spell = t.spell("spell");
    static const char* ring_spells[] = {"uspienie", "neutralizacja_trucizny", "uzdrowienie", "wskrzeszenie"};
    if (std::none_of(std::begin(ring_spells), std::end(ring_spells), [&](const char* id) { return spell.id == id; }))
        throw Refused("no_such_ring", "14.8", {{"spell", spell.name}});
    if (std::find(c.rings.begin(), c.rings.end(), spell.id) == c.rings.end()) c.rings.push_back(spell.id);
    t.note("ring", "14.8", {{"figure", c.name}, {"spell", spell.name}});
    if (spell.id == "wskrzeszenie") learn(t, c, spell, "ring");  // 10.8
}

// resistance_ring {character, bonus: 1|2}: 14.8, odporność at most 5.
void action_resistance_ring(Turn& t) {
    Figure& c = character(t, "character");
    const int bonus = t.number("bonus", 1, 2);
    c.odpornosc = std::min(5, c.odpornosc + bonus);
    t.note("resistance_ring", "14.8", {{"figure", c.name}, {"odpornosc", number_text(c.odpornosc)}});
}

// altar {character, altar: alloces|avnas|asmoday|malthus, dice?}: 13.5, a resist roll decides.
void action_altar(Turn& t) {
    Figure& c = character(t, "character");
    const std::string altar = t.text("altar");
    if (altar != "alloces" && altar != "avnas" && altar != "asmoday" && altar != "malthus")
        throw Refused("bad_action", "", {{"field", "altar"}});
    const bool success = resists(t, c);
    t.outcome["success"] = success;
    if (success) {
        if (altar == "alloces") c.free_combat_spells_next = true;
        if (altar == "avnas" || altar == "asmoday") c.cheap_lightning = true;
        if (altar == "malthus") learn(t, c, spell_by_id(t, "gniew_bozy"), "malthus_altar");
        t.note("altar_success_" + altar, "13.5", {{"figure", c.name}});
        return;
    }
    t.note("altar_failure_" + altar, "13.5", {{"figure", c.name}});
    if (altar == "avnas") deal_wounds(t, c, t.dice.roll("1K3x2", "damage", c.id), "");
    if (altar == "malthus") deal_wounds(t, c, t.dice.roll("2K6+2", "damage", c.id), "");
    if (altar == "asmoday")
        for (int& p : c.potential) p = std::max(0, p - 1);
}

// bookshelf {character, dice?}: 13.4: 1K6, 1-3 it falls (1K3 wounds), 4-6 teaches Wskrzeszenie.
void action_bookshelf(Turn& t) {
    Figure& c = character(t, "character");
    const int roll = t.dice.roll("1K6", "bookshelf", c.id);
    t.outcome["roll"] = roll;
    if (roll <= 3) {
        t.note("bookshelf_falls", "13.4", {{"figure", c.name}});
        deal_wounds(t, c, t.dice.roll("1K3", "damage", c.id), "");
    } else {
        learn(t, c, spell_by_id(t, "wskrzeszenie"), "bookshelf");
    }
}

// manuscript {character}: 13.6 teaches Gniew Boży.
void action_manuscript(Turn& t) {
    Figure& c = character(t, "character");
    learn(t, c, spell_by_id(t, "gniew_bozy"), "manuscript");
}

// talisman {character, sun: red|yellow|blue|all, dice?}: 14.6: +1K3 potential.
void action_talisman(Turn& t) {
    Figure& c = character(t, "character");
    const std::string sun = t.text("sun");
    const int bonus = t.dice.roll("1K3", "talisman", c.id);
    auto raise = [&](int& potential) {
        potential = raised(potential, bonus, state_limits::max_points, {"potencjał magiczny", "magic potential"}, "14.6");
    };
    if (sun == "all") {
        for (int& p : c.potential) raise(p);
    } else if (sun == "red" || sun == "yellow" || sun == "blue") {
        raise(c.potential[sun == "red" ? 0 : sun == "yellow" ? 1 : 2]);
    } else {
        throw Refused("bad_action", "", {{"field", "sun"}});
    }
    t.outcome["bonus"] = bonus;
    t.note("talisman", "14.6", {{"figure", c.name}, {"amount", number_text(bonus)}});
}

// poison {character}: the character is poisoned; Neutralizacja trucizny must follow at once.
void action_poison(Turn& t) {
    Figure& c = character(t, "character");
    c.poisoned = c.poison_fresh = true;
    t.note("poisoned", "10.6", {{"figure", c.name}});
}

// petrify {character}: 15.3 Medusa: removed from the ranks until Ożywienie kamienia.
void action_petrify(Turn& t) {
    Figure& c = character(t, "character");
    if (c.petrified) throw Refused("already_petrified", "15.3", {{"figure", c.name}});
    c.petrified = true;
    remove_from_board(t.s, c.id);
    t.note("petrified", "15.3", {{"figure", c.name}});
}

// disarm_trap {character}: one attempt; Delikatne palce's +3 is used up by it (10.6).
void action_disarm_trap(Turn& t) {
    Figure& c = character(t, "character");
    const int talent = c.talents.traps + (c.trap_bonus ? 3 : 0);
    t.outcome["talent"] = talent;
    t.note(c.trap_bonus ? "disarm_with_bonus" : "disarm", "10.6", {{"figure", c.name}, {"talent", number_text(talent)}});
    c.trap_bonus = false;
}

}  // namespace czary
