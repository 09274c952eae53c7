#pragma once
// A figure's fields as a state file holds them, listed once: the name each has in the file, the
// member of Figure it is, and what a file's value must be. Writing, reading and checking a state
// (state_json.cpp) come from this list, and a test holds docs/session-format.md (5.1, 5.8) to it.
#include "core/state.hpp"
#include "core/state_json.hpp"

namespace czary::figure_fields {

// What a field's value must be; the member's type says the rest (text, bool, list, enum).
struct Whole { int low, high; };  // a whole number from low to high (each of a list or map)
struct Id {};                     // the figure's id: always there
struct Name {};                   // {"pl", "en", the Polish cases, the gender} or a plain text
struct Text {};                   // any text
struct Flag {};                   // true or false
struct FlagWhenTrue {};           // true or false, written only when true (rare)
struct Texts {};                  // a list of texts (ids of what happened: checked by the state)
struct SpellIds {};               // a list of spell ids of the data (or a map's keys)
struct OneOf {                    // a list, each item one of values()
    const std::vector<std::string_view>& (*values)();
    const char* why;  // "not …" with the rule's number
    bool allows(std::string_view value) const {
        const auto& known = values();
        return std::find(known.begin(), known.end(), value) != known.end();
    }
};
template <class E, std::size_t N>
struct Names { const std::array<const char*, N>& names; };  // one of an enum's names
template <class E, std::size_t N>
Names<E, N> names(const std::array<const char*, N>& list) { return {list}; }
struct Group {};  // an object of its own fields (the talents)

inline constexpr std::array<const char*, 2> figure_kind_names{"character", "monster"};
inline constexpr std::array<const char*, 2> side_names{"party", "monsters"};

// `visit(name, member, what it must be)` for each talent, in the file's order.
template <class T, class Visit>
void each_talent(T& t, Visit&& visit) {
    visit("traps", t.traps, Whole{0, 5});
    visit("negotiation", t.negotiation, Whole{0, 99});
    visit("black_gates", t.black_gates, Whole{0, 5});
    visit("traps_lost", t.traps_lost, FlagWhenTrue{});  // 13.5 Vassago's failure
}

// `visit(name, member, what it must be)` for each field of a figure (Figure or const Figure).
// A field a file leaves out keeps Figure's default.
template <class F, class Visit>
void each_field(F& f, Visit&& visit) {
    namespace L = state_limits;
    visit("id", f.id, Id{});
    visit("kind", f.kind, names<FigureKind>(figure_kind_names));
    visit("name", f.name, Name{});
    visit("hero", f.hero, Text{});
    visit("race", f.race, Text{});
    visit("monster_kind", f.monster_kind, Text{});
    visit("level", f.level, Whole{1, 3});
    visit("nn", f.nn, Whole{-1, 99});
    visit("sila", f.sila, Whole{0, L::max_sila});
    visit("wounds", f.wounds, Whole{0, L::max_wounds});
    visit("odpornosc", f.odpornosc, Whole{0, 5});
    visit("zrecznosc", f.zrecznosc, Whole{-L::max_points, L::max_points});
    visit("talents", f.talents, Group{});
    visit("potential", f.potential, Whole{0, L::max_points});
    visit("pool", f.pool, SpellIds{});
    visit("marked", f.marked, SpellIds{});
    visit("learned", f.learned, SpellIds{});
    visit("uses_left", f.uses_left, Whole{0, L::max_points});  // its keys: spell ids
    visit("rings", f.rings, SpellIds{});
    visit("rings_used", f.rings_used, SpellIds{});
    visit("side", f.side, names<Side>(side_names));
    visit("charmed_by", f.charmed_by, Text{});  // a figure's id, checked with the others
    visit("possessed", f.possessed, names<Possession>(possession_names));
    visit("dead", f.dead, Flag{});
    visit("died_in_fight", f.died_in_fight, Whole{0, L::max_counter});  // and at most fight.number
    visit("asleep", f.asleep, Flag{});
    visit("magic_shield", f.magic_shield, Flag{});
    visit("armor", f.armor, Whole{0, L::max_points});
    visit("poisoned", f.poisoned, Flag{});
    visit("poison_fresh", f.poison_fresh, Flag{});
    visit("poison_wounds", f.poison_wounds, Whole{0, L::max_wounds});
    visit("petrified", f.petrified, Flag{});
    visit("stone_fresh", f.stone_fresh, Flag{});
    visit("away", f.away, Text{});
    visit("vanished", f.vanished, FlagWhenTrue{});  // 16.0, rare
    visit("strength_bonus_next", f.strength_bonus_next, Whole{0, L::max_points});
    visit("strength_bonus_active", f.strength_bonus_active, Whole{0, L::max_points});
    visit("trap_bonus", f.trap_bonus, Flag{});
    visit("free_combat_spells_next", f.free_combat_spells_next, Flag{});
    visit("free_combat_spells_active", f.free_combat_spells_active, Flag{});
    visit("cheap_lightning", f.cheap_lightning, Flag{});
    visit("acted", f.acted, names<Acted>(acted_names));
    visit("wounds_at_entry", f.wounds_at_entry, Whole{0, L::max_wounds});
    visit("experience", f.experience, Whole{0, L::max_counter});
    visit("killed", f.killed, Texts{});  // ids the rules made, checked with the others
    visit("improved", f.improved, OneOf{improvable_traits, "not something experience raises (12.2)"});
    visit("armor_sila", f.armor_sila, Whole{0, L::max_points});
    visit("zrecznosc_this_adventure", f.zrecznosc_this_adventure, Whole{-L::max_points, L::max_points});
    visit("thought_uses", f.thought_uses, Whole{0, L::max_points});
    visit("medallions", f.medallions, OneOf{medallion_names, "not a medallion the spells know (14.7)"});
}

}  // namespace czary::figure_fields
