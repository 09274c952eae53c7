// The party: heroes (4.3), initiates (4.4), characters by hand, spell pools (10.0, 4.1 B6).
#include <algorithm>
#include <set>

#include "core/counters.hpp"
#include "core/handlers.hpp"
#include "core/json_input.hpp"

namespace czary {
namespace {

Figure& add_to_party(Turn& t, Figure character) {
    if (t.s.fight.active) refuse("fight_in_progress", "9.0");
    character.id = "c" + std::to_string(take_id(t));
    character.kind = FigureKind::Character;
    character.side = Side::Party;
    t.s.figures.push_back(std::move(character));
    Figure& added = t.s.figures.back();
    place_first_free(t.s.party, added.id);
    t.outcome["figure"] = added.id;
    t.note("character_added", "4.1", "figure", added.name);
    return added;
}

// Each talent 0-9; traps and the Black Gates count up to 5.
Talents read_talents(const std::optional<actions::TalentPoints>& given) {
    Talents talents;
    if (!given) return talents;
    const auto points = [](const std::optional<int>& value, const char* field) {
        if (value && (*value < 0 || *value > 9)) refuse("bad_action", "", "field", std::string("talents.") + field);
        return value.value_or(0);
    };
    talents.traps = std::min(5, points(given->traps, "traps"));
    talents.negotiation = points(given->negotiation, "negotiation");
    talents.black_gates = std::min(5, points(given->black_gates, "black_gates"));
    return talents;
}

}  // namespace

// add_hero {hero, name?}
void apply(Turn& t, const actions::AddHero& a) {
    const std::string& id = a.hero;
    const HeroTemplate* hero = t.data.hero(id);
    if (!hero) refuse("unknown_hero", "4.3", "hero", id);
    // 4.1 A: every hero is one counter, drawn once; a dead hero is not drawn again (17.3 brings
    // in new characters, and Wskrzeszenie the dead one). docs/interpretations.md.
    for (const auto& f : t.s.figures)
        if (f.is_character() && f.hero == hero->id) refuse("hero_in_party", "4.1", "hero", plain(hero->name));
    Figure c;
    c.hero = hero->id;
    const auto& other_name = a.name;
    c.name = plain(other_name.value_or(hero->name));
    // The hero's own name declines as the data says; another name is kept as typed.
    if (!other_name || *other_name == hero->name) {
        LocalizedText::Cases cases = hero->pl_cases;
        if (!hero->gender.empty()) cases["gender"] = hero->gender;
        c.name.set_pl_cases(std::move(cases));
    }
    c.race = hero->race;
    c.sila = hero->sila;
    c.potential = hero->potential;
    c.odpornosc = hero->odpornosc;
    c.zrecznosc = hero->zrecznosc;
    c.talents = hero->talents;
    add_to_party(t, c);
}

// The gender of a character named at the table ("m" or "f", asked once when it is made): Polish
// sentences put a verb in the past in it ("zaznaczyła"). Left out: unknown, and the sentences use
// verbs that need none.
void read_gender(const std::optional<std::string>& gender, LocalizedText& name) {
    if (!gender) return;
    if (*gender != "m" && *gender != "f") refuse("bad_action", "", "field", "gender");
    name.set_pl_case("gender", *gender);
}

// add_initiate {race, name, gender?, bonus: sila | weapon | talent, talent?, dice?}: 1K6 on table 4.4.
void apply(Turn& t, const actions::AddInitiate& a) {
    const std::string& race_id = a.race;
    const RaceTemplate* race = t.data.race(race_id);
    if (!race) refuse("unknown_race", "4.4", "race", race_id);
    Figure c;
    c.name = plain(a.name);
    read_gender(a.gender, c.name);
    c.race = race->id;
    c.sila = race->sila;
    c.odpornosc = race->odpornosc;
    c.talents = race->talents;
    const std::string bonus = a.bonus.value_or("sila");
    if (bonus == "sila") {
        ++c.sila;
    } else if (bonus == "talent") {
        if (!a.talent) refuse("bad_action", "", "field", "talent");
        const std::string& talent = *a.talent;
        if (talent == "traps") c.talents.traps = std::min(5, c.talents.traps + 1);
        else if (talent == "negotiation") ++c.talents.negotiation;
        else if (talent == "black_gates") c.talents.black_gates = std::min(5, c.talents.black_gates + 1);
        else refuse("bad_action", "", "field", "talent");
    } else if (bonus != "weapon") {
        refuse("bad_action", "", "field", "bonus");
    }
    const int roll = t.dice.roll("1K6", "initiate_potential");
    c.potential = t.data.initiate_potential.at(roll);
    Figure& added = add_to_party(t, c);
    t.note("initiate_potential", "4.4", "figure", added.name, "roll", number_text(roll),
           "potential", plain(std::to_string(c.potential[0]) + "/" + std::to_string(c.potential[1]) + "/" + std::to_string(c.potential[2])));
}

// add_character {name, gender?, sila, odpornosc, zrecznosc?, potential: [r,y,b], talents?}
void apply(Turn& t, const actions::AddCharacter& a) {
    Figure c;
    c.name = plain(a.name);
    read_gender(a.gender, c.name);
    c.sila = Turn::in_range(a.sila, "sila", 1, 99);
    c.odpornosc = Turn::in_range(a.odpornosc, "odpornosc", 0, 5);
    c.zrecznosc = Turn::in_range(a.zrecznosc, "zrecznosc", -9, 20).value_or(0);
    c.talents = read_talents(a.talents);
    if (a.potential) {
        for (int i = 0; i < 3; ++i) {
            const int points = (*a.potential)[i];
            if (points < 0 || points > 9) refuse("bad_action", "", "field", "potential");
            c.potential[i] = points;
        }
    }
    add_to_party(t, c);
}

// set_pool {character, spells: [...]}: 10.0 and 4.1 B6.
void apply(Turn& t, const actions::SetPool& a) {
    Figure& c = t.figure(a.character);
    if (!c.is_character()) refuse("not_a_character", "10.0", "figure", c.name);
    const auto spells = a.spells.value_or(std::vector<std::string>{});
    const int size = c.pool_size();
    if (size == 0) refuse("no_magic_potential", "10.0", "figure", c.name);
    // 10.0: the pool is chosen "Przed rozpoczęciem gry", once; each adventure re-chooses only the
    // marks (4.1 D). Until the first adventure begins it may still be changed. After that it only
    // grows: 14.6 (a talisman's extra potential, "nowych, dodatkowych czarów", at once, even in an
    // adventure) and 12.2 (potential bought with experience, between adventures). A character that
    // joins later (17.3) chooses its pool when it joins, outside an adventure.
    if (t.s.adventure.active) {
        if (c.pool.empty()) refuse("pool_only_grows", "14.6");
        check_keeps(c.pool, spells, "pool_only_grows", "14.6");
    } else if (t.s.adventure.number > 0 && !c.pool.empty()) {
        check_keeps(c.pool, spells, "pool_only_grows", "10.0");
    }
    check_spell_choice(t, c, spells, nullptr, false);
    if (static_cast<int>(spells.size()) > size)
        refuse("pool_too_large", "10.0", "figure", c.name, "size", number_text(size));
    if (static_cast<int>(spells.size()) != size)
        refuse("pool_wrong_size", "10.0", "figure", c.name, "size", number_text(size));
    c.pool = spells;
    t.note("pool_set", "10.0", "figure", c.name, "count", number_text(static_cast<int>(spells.size())), "size", number_text(size));
}

void check_spell_choice(Turn& t, const Figure& c, const std::vector<std::string>& spells,
                        const std::vector<std::string>* from, bool special_allowed) {
    std::set<std::string> seen;
    for (const auto& id : spells) {
        const Spell* spell = t.data.spells.find(id);
        if (!spell) refuse("unknown_spell", "10.9", "spell", id);
        if (spell->type == SpellType::Special && !special_allowed)
            refuse("special_not_in_pool", "10.8", "spell", spell->name);
        if (from && std::find(from->begin(), from->end(), id) == from->end())
            refuse("not_in_pool", "4.1", "spell", spell->name, "figure", c.name);
        if (!seen.insert(id).second) refuse("spell_twice", "4.1", "spell", spell->name);
    }
}

void check_keeps(const std::vector<std::string>& before, const std::vector<std::string>& after, const char* code,
                 const char* rule) {
    for (const auto& id : before)
        if (std::find(after.begin(), after.end(), id) == after.end()) refuse(code, rule);
}

void learn(Turn& t, Figure& c, const Spell& spell, const std::string& source) {
    if (std::find(c.learned.begin(), c.learned.end(), spell.id) == c.learned.end()) c.learned.push_back(spell.id);
    t.note("learned", "10.8", "figure", c.name, "spell", spell.name, "source", t.data.message("source." + source));
}

// learn_spell {character, spell, source}: 10.8: type S only, from the source the rules name.
void apply(Turn& t, const actions::LearnSpell& a) {
    Figure& c = t.figure(a.character);
    if (!c.is_character()) refuse("not_a_character", "10.8", "figure", c.name);
    const Spell& spell = t.spell(a.spell);
    const std::string& source = a.source;
    if (spell.type != SpellType::Special) refuse("learn_only_special", "10.8", "spell", spell.name);
    const bool allowed = std::find(spell.learned_from.begin(), spell.learned_from.end(), source) != spell.learned_from.end();
    if (!allowed) refuse("wrong_source", "10.8", "spell", spell.name);
    learn(t, c, spell, source);
}

}  // namespace czary
