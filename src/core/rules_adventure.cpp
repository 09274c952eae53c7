// An adventure (4.1 D): the dominant sun, the marked spells, the use limits, entering and leaving.
#include <algorithm>
#include <set>

#include "core/counters.hpp"
#include "core/handlers.hpp"

namespace czary {
namespace {

Sun sun_from_roll(int roll) { return roll <= 2 ? Sun::Red : roll <= 4 ? Sun::Yellow : Sun::Blue; }

// The sun indexes the potential: an adventure without one (a state made by hand) goes no further.
void check_sun(const Turn& t) {
    if (t.s.adventure.sun == Sun::None) refuse("no_sun", "4.1");
}

bool limited(const GameData& data, const std::string& id) {
    const Spell* spell = data.spells.find(id);
    return spell && spell->limited_uses;
}

}  // namespace

// begin_adventure {dice?}: 1K6 for the dominant sun: 1-2 red, 3-4 yellow, 5-6 blue.
void apply(Turn& t, const actions::BeginAdventure&) {
    if (t.s.adventure.active) refuse("adventure_in_progress", "4.1");
    const int number = raised(t, t.s.adventure.number, 1, state_limits::max_counter,
                              Counter::Adventures, "4.1");
    // 4.1: an adventure is the party's (it enters the labyrinth, its characters mark their
    // spells): with no living character in it there is nobody to go.
    const bool anyone = std::any_of(t.s.figures.begin(), t.s.figures.end(),
                                    [](const Figure& f) { return f.is_character() && !f.dead && f.side == Side::Party; });
    if (!anyone) refuse("party_empty", "4.1");
    // 4.1 B6 and 10.0: a character who can cast has chosen its pool before the game; the marks
    // of 4.1 D come from it, so without one nothing could be marked.
    for (const auto& c : t.s.figures)
        if (c.is_character() && !c.dead && c.pool.empty() && c.pool_size() > 0)
            refuse("pool_empty", "4.1", "figure", c.name);
    const int roll = t.dice.roll("1K6", "sun");
    t.s.adventure.number = number;
    t.s.adventure.active = true;
    t.s.adventure.entered = false;
    t.s.adventure.sun = sun_from_roll(roll);
    for (auto& f : t.s.figures) {
        f.marked.clear();
        f.uses_left.clear();
        f.rings_used.clear();
        f.improved.clear();  // 12.2: each point once per time between adventures
    }
    t.s.encounter = {};
    t.outcome["sun"] = sun_name(t.s.adventure.sun);
    t.note("sun", "4.1", "roll", number_text(roll), "sun", t.data.message(std::string("sun.") + sun_name(t.s.adventure.sun)));
}

// mark_spells {character, spells}: exactly as many pool spells as the potential of the sun.
void apply(Turn& t, const actions::MarkSpells& a) {
    Figure& c = t.figure(a.character);
    if (!t.s.adventure.active) refuse("no_adventure", "4.1");
    check_sun(t);
    const int allowed = c.potential[static_cast<int>(t.s.adventure.sun)];
    const auto spells = a.spells.value_or(std::vector<std::string>{});
    if (t.s.adventure.entered) {
        // 14.6: after a talisman more spells may be marked at once; the marked ones stay.
        if (static_cast<int>(c.marked.size()) >= allowed) refuse("already_entered", "4.1");
        check_keeps(c.marked, spells, "marks_only_grow");
    }
    check_spell_choice(t, c, spells, &c.pool, false);
    if (static_cast<int>(spells.size()) != allowed)
        refuse("wrong_mark_count", "4.1", "figure", c.name, "count", number_text(allowed),
               "sun", t.data.message(std::string("sun.") + sun_name(t.s.adventure.sun)));
    if (!t.s.adventure.entered) c.uses_left.clear();
    c.marked = spells;
    t.note("marked", "4.1", "figure", c.name, "count", number_text(allowed));
}

// roll_use_limit {character, spell, dice?}: 10.6: 1K6 uses of Uzdrowienie / Odmłodzenie.
void apply(Turn& t, const actions::RollUseLimit& a) {
    Figure& c = t.figure(a.character);
    const Spell& spell = t.spell(a.spell);
    if (!spell.limited_uses) refuse("no_use_limit", "10.6", "spell", spell.name);
    // Rolled before entering (10.6); after entering only for a spell marked later (14.6).
    if (!t.s.adventure.active) refuse("limit_before_entering", "10.6");
    if (std::find(c.marked.begin(), c.marked.end(), spell.id) == c.marked.end())
        refuse("not_marked", "4.1", "spell", spell.name, "figure", c.name);
    if (c.uses_left.count(spell.id)) refuse("limit_already_rolled", "10.6", "spell", spell.name);
    const int roll = t.dice.roll("1K6", "use_limit", c.id);
    c.uses_left[spell.id] = roll;
    t.note("use_limit", "10.6", "figure", c.name, "spell", spell.name, "count", number_text(roll));
}

// enter_labyrinth {}: every caster has its marks and use limits; wounds at entry are kept (10.8).
void apply(Turn& t, const actions::EnterLabyrinth&) {
    if (!t.s.adventure.active) refuse("no_adventure", "4.1");
    if (t.s.adventure.entered) refuse("already_entered", "4.1");
    check_sun(t);
    const int sun = static_cast<int>(t.s.adventure.sun);
    for (auto& c : t.s.figures)
        if (c.is_character() && !c.dead && static_cast<int>(c.marked.size()) != c.potential[sun] && c.potential[sun] > 0)
            refuse("marks_missing", "4.1", "figure", c.name, "count", number_text(c.potential[sun]));
    for (auto& c : t.s.figures) {
        if (!c.is_character() || c.dead) continue;
        for (const auto& spell : c.marked)
            if (limited(t.data, spell) && !c.uses_left.count(spell))
                refuse("use_limit_missing", "10.6", "figure", c.name, "spell", t.data.spells.find(spell)->name);
    }
    for (auto& c : t.s.figures) c.wounds_at_entry = c.wounds;
    t.s.adventure.entered = true;
    t.note("entered", "4.1");
}

// end_adventure {}: the party leaves the labyrinth; 17.2 charmed monsters go free; 17.5 every
// living character's wounds heal before the next adventure.
void apply(Turn& t, const actions::EndAdventure&) {
    if (!t.s.adventure.active) refuse("no_adventure", "4.1");
    if (t.s.fight.active) refuse("fight_in_progress", "9.0");
    for (auto& f : t.s.figures) {
        if (!f.is_character() && f.side == Side::Party && f.alive()) {
            remove_from_board(t.s, f.id);
            f.charmed_by.clear();
            f.side = Side::Monsters;
            t.note("charm_ends_leaving", "17.2", "figure", f.name);
        }
        f.marked.clear();
        f.uses_left.clear();
        f.rings_used.clear();
        // 13.5 Alloces' curse: zręczność lower "do końca przygody".
        f.zrecznosc -= f.zrecznosc_this_adventure;
        f.zrecznosc_this_adventure = 0;
        // The adventure's spells end with it (docs/interpretations.md, "the end of an adventure").
        f.armor = 0;
        f.strength_bonus_next = 0;
        f.trap_bonus = false;
        f.free_combat_spells_next = false;
        f.asleep = false;
        // 17.0: "Po wyleczeniu wszystkich ran oddział może ponownie wejść do labiryntu"; 17.5: in
        // the six months before the next adventure "postacie ... leczą wszystkie odniesione rany".
        if (f.is_character() && f.alive() && !f.petrified && f.wounds > 0) {
            f.wounds = 0;
            t.note("healed_between_adventures", "17.5", "figure", f.name, "sila", number_text(f.sila));
        }
    }
    t.s.adventure.active = false;
    t.s.adventure.entered = false;
    t.s.adventure.sun = Sun::None;
    t.s.monsters.ranks.clear();
    t.s.encounter = {};
    t.note("left", "4.1");
}

}  // namespace czary
