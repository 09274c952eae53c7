#pragma once
// The actions of docs/actions.md as C++ types: one struct per action type, with the fields of
// that type. Sessions, logs, the CLI and the page hook keep speaking JSON: to_json gives exactly
// the object the rules read (an absent optional is left out, nothing is added), and
// action_from_json reads such an object back, so an interface builds `actions::Cast{...}` and the
// session file still holds {"type": "cast", ...}.
//
// Values are kept as the JSON has them (ids and words as strings, numbers as int): checking them
// is the rules' work, which refuses a wrong one with its code and rule (Session::apply). The
// struct only fixes the shape: which fields exist and of which JSON type.
#include <array>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/refusal.hpp"

namespace czary {
namespace actions {

// Pips (1-6) of real dice, in the order the action rolls them; absent: the session's generator
// rolls. Only the actions that roll have it.
using Dice = std::optional<std::vector<int>>;

// Every struct has `type`, its JSON "type", and `fields`, which names the JSON field of every
// member: written once, it serves both to_json and action_from_json. A member that is not
// std::optional is a required field. The optional ones start empty ({}), so that an action may
// be written with its required fields only: actions::AddHero{"larraka"}.

// --- the party ---

struct AddHero {  // a hero of table 4.3
    static constexpr const char* type = "add_hero";
    std::string hero;                 // hero id
    std::optional<std::string> name{};  // another name
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("hero", a.hero);
        field("name", a.name);
    }
};

struct AddInitiate {  // an initiate (4.4)
    static constexpr const char* type = "add_initiate";
    std::string race;                   // elf | dwarf | human
    std::string name;
    std::optional<std::string> bonus{};   // sila (default) | weapon | talent
    std::optional<std::string> talent{};  // with bonus talent: traps | negotiation | black_gates
    Dice dice{};                          // 1K6 on table 4.4
    std::optional<std::string> gender{};  // m | f: the verbs of Polish sentences (unknown when left out)
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("race", a.race);
        field("name", a.name);
        field("gender", a.gender);
        field("bonus", a.bonus);
        field("talent", a.talent);
        field("dice", a.dice);
    }
};

// add_character's "talents": any of the three, each 0-9.
struct TalentPoints {
    std::optional<int> traps{};
    std::optional<int> negotiation{};
    std::optional<int> black_gates{};
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("traps", a.traps);
        field("negotiation", a.negotiation);
        field("black_gates", a.black_gates);
    }
};

struct AddCharacter {  // a character typed in by hand
    static constexpr const char* type = "add_character";
    std::string name;
    int sila = 1;                                 // 1-99
    int odpornosc = 0;                            // 0-5
    std::optional<int> zrecznosc{};                 // -9-20, default 0
    std::optional<std::array<int, 3>> potential{};  // red, yellow, blue; each 0-9
    std::optional<TalentPoints> talents{};
    std::optional<std::string> gender{};            // m | f, as for an initiate
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("name", a.name);
        field("gender", a.gender);
        field("sila", a.sila);
        field("odpornosc", a.odpornosc);
        field("zrecznosc", a.zrecznosc);
        field("potential", a.potential);
        field("talents", a.talents);
    }
};

struct SetPool {  // the spell pool (10.0, 4.1 B6)
    static constexpr const char* type = "set_pool";
    std::string character;
    std::optional<std::vector<std::string>> spells{};  // absent: [] (which the size check refuses)
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("spells", a.spells);
    }
};

struct LearnSpell {  // a type S spell learned during play (10.8)
    static constexpr const char* type = "learn_spell";
    std::string character;
    std::string spell;   // gniew_bozy | wskrzeszenie
    std::string source;  // manuscript | malthus_altar | ring | bookshelf
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("spell", a.spell);
        field("source", a.source);
    }
};

// --- the adventure (4.1 D) ---

struct BeginAdventure {  // the dominant sun
    static constexpr const char* type = "begin_adventure";
    Dice dice{};  // 1K6 for the sun
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("dice", a.dice); }
};

struct MarkSpells {  // the spells usable in this adventure
    static constexpr const char* type = "mark_spells";
    std::string character;
    std::optional<std::vector<std::string>> spells{};  // absent: none
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("spells", a.spells);
    }
};

struct RollUseLimit {  // uses of Uzdrowienie / Odmłodzenie (10.6)
    static constexpr const char* type = "roll_use_limit";
    std::string character;
    std::string spell;  // uzdrowienie | odmlodzenie
    Dice dice{};          // 1K6
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("spell", a.spell);
        field("dice", a.dice);
    }
};

struct EnterLabyrinth {
    static constexpr const char* type = "enter_labyrinth";
    template <class Self, class Field> static void fields(Self&, Field&&) {}
};

struct EndAdventure {
    static constexpr const char* type = "end_adventure";
    template <class Self, class Field> static void fields(Self&, Field&&) {}
};

// --- the formation ---

struct MoveFigure {  // march order (4.1 C) and reorganisation (9.8)
    static constexpr const char* type = "move_figure";
    std::string figure;
    int rank = 1;  // 1-based; one past the last opens a new rank
    int slot = 1;  // 1-based: 1-3
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("figure", a.figure);
        field("rank", a.rank);
        field("slot", a.slot);
    }
};

// --- fights (9.0) ---

struct AddMonster {  // a monster of table 8.2: one of sila / sila_code
    static constexpr const char* type = "add_monster";
    std::string kind;
    std::optional<int> level{};              // 1-3, default 1 (6.7)
    std::optional<int> sila{};               // 1-99, before the level bonus
    std::optional<std::string> sila_code{};  // the counter's dice code, rolled
    std::optional<std::string> name{};
    Dice dice{};                             // sila_code's dice
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("kind", a.kind);
        field("level", a.level);
        field("sila", a.sila);
        field("sila_code", a.sila_code);
        field("name", a.name);
        field("dice", a.dice);
    }
};

struct ClearMonsters {
    static constexpr const char* type = "clear_monsters";
    template <class Self, class Field> static void fields(Self&, Field&&) {}
};

struct Rejoin {  // a teleported figure is back in the ranks (10.6)
    static constexpr const char* type = "rejoin";
    std::string figure;
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("figure", a.figure); }
};

struct StartFight {
    static constexpr const char* type = "start_fight";
    std::optional<bool> black_gates{};  // the fight at the Black Gates (16.0)
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("black_gates", a.black_gates); }
};

struct NextPhase {
    static constexpr const char* type = "next_phase";
    Dice dice{};  // 9.8 pkt 3: the die for a monster stepping into a rank with two free places
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("dice", a.dice); }
};

struct WeaponAttack {  // a figure attacks with a weapon this round (10.3)
    static constexpr const char* type = "weapon_attack";
    std::string figure;
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("figure", a.figure); }
};

struct Wound {
    static constexpr const char* type = "wound";
    static constexpr int max_amount = 99;  // wounds dealt or healed at once (Heal too)
    std::string figure;
    int amount = 1;                 // 1-max_amount
    std::optional<std::string> by{};  // credited with the kill
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("figure", a.figure);
        field("amount", a.amount);
        field("by", a.by);
    }
};

struct Heal {  // healing that is not a spell
    static constexpr const char* type = "heal";
    std::string figure;
    int amount = 1;  // 1-Wound::max_amount
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("figure", a.figure);
        field("amount", a.amount);
    }
};

struct KillSleeping {  // 10.5 Uśpienie
    static constexpr const char* type = "kill_sleeping";
    std::string figure;
    std::optional<std::string> by{};
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("figure", a.figure);
        field("by", a.by);
    }
};

struct EndFight {
    static constexpr const char* type = "end_fight";
    std::optional<std::string> outcome{};  // victory (default) | agreement | fled
    std::optional<std::map<std::string, int>> shares{};  // 12.0: character id -> experience points
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("outcome", a.outcome);
        field("shares", a.shares);
    }
};

struct SetHouseRule {
    static constexpr const char* type = "set_house_rule";
    std::string rule;  // end_fight_early
    bool on = false;
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("rule", a.rule);
        field("on", a.on);
    }
};

// --- casting ---

struct Cast {
    static constexpr const char* type = "cast";
    std::string caster;  // a figure id or "black_gates"
    std::string spell;
    std::optional<std::vector<std::string>> targets{};  // one id for spells that take a target
    std::optional<bool> use_ring{};                     // 14.8
    std::optional<std::string> destination{};           // Teleportacja
    std::optional<std::string> door{};                  // Zamek
    Dice dice{};                                        // resist and effect dice, target by target
    std::optional<int> rank{};  // Urok: the free place (1-based) a charmed monster takes; default
    std::optional<int> slot{};  // the first free one of the party
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("caster", a.caster);
        field("spell", a.spell);
        field("targets", a.targets);
        field("use_ring", a.use_ring);
        field("destination", a.destination);
        field("door", a.door);
        field("dice", a.dice);
        field("rank", a.rank);
        field("slot", a.slot);
    }
};

// --- talk (8.4-8.9) ---

struct Negotiate {
    static constexpr const char* type = "negotiate";
    std::string negotiator;
    Dice dice{};  // 2K6, none after Zastraszenie / Zniechęcenie
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("negotiator", a.negotiator);
        field("dice", a.dice);
    }
};

struct Bribe {
    static constexpr const char* type = "bribe";
    static constexpr int max_gold = 1000000;
    int gold = 0;  // 1-max_gold
    Dice dice{};     // 1K6
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("gold", a.gold);
        field("dice", a.dice);
    }
};

// --- things found in the labyrinth ---

struct GrantRing {  // 14.8
    static constexpr const char* type = "grant_ring";
    std::string character;
    std::string spell;  // uspienie | neutralizacja_trucizny | uzdrowienie | wskrzeszenie
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("spell", a.spell);
    }
};

struct ResistanceRing {  // 14.8
    static constexpr const char* type = "resistance_ring";
    std::string character;
    int bonus = 1;  // 1-2
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("bonus", a.bonus);
    }
};

struct Altar {  // 13.5
    static constexpr const char* type = "altar";
    std::string character;
    std::string altar;  // alloces | avnas | asmoday | malthus
    Dice dice{};          // the resist roll, then a failure's damage
    std::optional<std::string> drop{};  // Asmoday's curse: the marked spell given up (default: the last)
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("altar", a.altar);
        field("drop", a.drop);
        field("dice", a.dice);
    }
};

struct Bookshelf {  // 13.4
    static constexpr const char* type = "bookshelf";
    std::string character;
    Dice dice{};  // 1K6, on 1-3 then 1K3
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("dice", a.dice);
    }
};

struct Manuscript {  // 13.6
    static constexpr const char* type = "manuscript";
    std::string character;
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("character", a.character); }
};

struct Talisman {  // 14.6
    static constexpr const char* type = "talisman";
    std::string character;
    std::string sun;  // red | yellow | blue | all
    Dice dice{};        // 1K3
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("sun", a.sun);
        field("dice", a.dice);
    }
};

struct Poison {  // poison's wounds (14.5, 13.1: 1K3); Neutralizacja trucizny may follow at once (10.6)
    static constexpr const char* type = "poison";
    std::string character;
    std::optional<int> wounds{};  // the wounds, when known; absent: rolled
    std::optional<std::string> code{};  // the dice code rolled when `wounds` is absent, default 1K3
    Dice dice{};
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("wounds", a.wounds);
        field("code", a.code);
        field("dice", a.dice);
    }
};

struct Possess {  // 13.2 the Nameless One's statue, 14.6 the Zło talisman: a resist roll
    static constexpr const char* type = "possess";
    std::string character;
    std::string source;  // statue | talisman
    Dice dice{};          // 1K6 to resist
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("source", a.source);
        field("dice", a.dice);
    }
};

struct CharmPotion {  // 14.5 Urok (osoba) / Urok (potwór): as the spell Urok, at no cost
    static constexpr const char* type = "charm_potion";
    std::string character;  // who drinks it
    std::string target;
    std::string potion;     // person | monster
    Dice dice{};            // the target's 1K6 to resist
    std::optional<int> rank{};  // as Cast: the free place a charmed monster takes (10.5)
    std::optional<int> slot{};
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("target", a.target);
        field("potion", a.potion);
        field("dice", a.dice);
        field("rank", a.rank);
        field("slot", a.slot);
    }
};

struct ThoughtTalisman {  // 14.6 Myśl: taken; 1K6 uses
    static constexpr const char* type = "thought_talisman";
    std::string character;
    Dice dice{};
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("dice", a.dice);
    }
};

struct UseThought {  // 14.6 Myśl: 1 wound to the wearer, 1K6 wounds to an enemy who does not resist
    static constexpr const char* type = "use_thought";
    std::string character;
    std::string target;
    Dice dice{};  // the target's 1K6 to resist, then 1K6 wounds
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("target", a.target);
        field("dice", a.dice);
    }
};

struct Medallion {  // 14.7
    static constexpr const char* type = "medallion";
    std::string character;
    std::string medallion;         // neutralizacja_trucizny | elokwencja
    std::optional<bool> worn{};    // false: taken off; default true
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("medallion", a.medallion);
        field("worn", a.worn);
    }
};

struct MagicArmor {  // 14.4: the armour's siła; 0 takes it off
    static constexpr const char* type = "magic_armor";
    std::string character;
    int sila = 0;
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("sila", a.sila);
    }
};

struct Improve {  // 12.2, 12.3: experience spent after an adventure
    static constexpr const char* type = "improve";
    std::string character;
    std::string what;  // sila | odpornosc | zrecznosc | potential_red | potential_yellow | potential_blue
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("character", a.character);
        field("what", a.what);
    }
};

struct Petrify {  // 15.3 Medusa
    static constexpr const char* type = "petrify";
    std::string character;
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("character", a.character); }
};

struct DisarmTrap {  // 10.6 Delikatne palce
    static constexpr const char* type = "disarm_trap";
    std::string character;
    template <class Self, class Field> static void fields(Self& a, Field&& field) { field("character", a.character); }
};

// --- the dice tray (3.1) ---

struct RollDice {
    static constexpr const char* type = "roll_dice";
    std::string code;                    // any dice code of chapter 3
    std::optional<std::string> purpose{};  // 1-40 characters, default "tray"
    std::optional<std::string> figure{};   // whose roll
    Dice dice{};
    template <class Self, class Field> static void fields(Self& a, Field&& field) {
        field("code", a.code);
        field("purpose", a.purpose);
        field("figure", a.figure);
        field("dice", a.dice);
    }
};

}  // namespace actions

// Every action type the rules know (action_types()), in the order of docs/actions.md.
using Action = std::variant<
    actions::AddHero, actions::AddInitiate, actions::AddCharacter, actions::SetPool, actions::LearnSpell,
    actions::BeginAdventure, actions::MarkSpells, actions::RollUseLimit, actions::EnterLabyrinth, actions::EndAdventure,
    actions::MoveFigure,
    actions::AddMonster, actions::ClearMonsters, actions::Rejoin, actions::StartFight, actions::NextPhase,
    actions::WeaponAttack, actions::Wound, actions::Heal, actions::KillSleeping, actions::EndFight, actions::SetHouseRule,
    actions::Cast,
    actions::Negotiate, actions::Bribe,
    actions::GrantRing, actions::ResistanceRing, actions::Altar, actions::Bookshelf, actions::Manuscript,
    actions::Talisman, actions::Poison, actions::Petrify, actions::DisarmTrap,
    actions::Possess, actions::CharmPotion, actions::ThoughtTalisman, actions::UseThought, actions::Medallion,
    actions::MagicArmor, actions::Improve,
    actions::RollDice>;

// The action's "type".
const char* action_type(const Action& action);

// The JSON object of the action: "type" and every field that is set, nothing else.
nlohmann::json to_json(const Action& action);

// Why a JSON object is not an action: what() is the detail (for tools), `refusal` what the rules
// answer a player who sent it (bad_action naming the field, unknown_action, 3.1's bad_dice or
// too_many_dice).
struct ActionShapeError : DataError {
    Refused refusal;
    ActionShapeError(const std::string& detail, Refused refusal_) : DataError(detail), refusal(std::move(refusal_)) {}
};

// The action of a JSON object as the rules read it. Throws ActionShapeError saying what is wrong when
// it is not an object, has no text "type", names a type the rules do not know, lacks a required
// field, or has a field of the wrong JSON type (a list of pips that are not whole numbers, a
// number that is not whole, ...); a whole number past an int is read as the int's end on its
// side, which every field's range refuses. As the rules do, it ignores fields the
// type does not have and takes an optional text or number that is null as left out (so the JSON
// written back leaves it out); an optional list or true/false that is null is an error. A
// "dice" on an action that rolls nothing is accepted only empty (and then left out), as the
// rules accept it only empty.
Action action_from_json(const nlohmann::json& json);

}  // namespace czary
