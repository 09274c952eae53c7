#pragma once
// One action being applied: the state it changes, its dice, its log. Shared by the rule files
// (rules_*.cpp); not part of the core's public interface.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/actions.hpp"
#include "core/apply.hpp"
#include "core/formation.hpp"

namespace czary {

class Turn {
public:
    // `pips`: the action's "dice" (the table's dice), or none: the generator rolls. Pips outside
    // 1-6 are refused (bad_dice, 3.1).
    Turn(GameState& state, const GameData& data, const actions::Dice& pips);

    GameState& s;
    const GameData& data;
    DiceSource dice;
    std::vector<LogEntry> log;
    // Null until a rule writes a field (operator[] makes it an object): most actions have no
    // outcome, and an empty object is an allocation for every action of a replay.
    nlohmann::json outcome;
    TalkOutcome talk = TalkOutcome::None;  // what a negotiation or a bribe came to (the interface reads it)

    void note(std::string key, std::string rule, Args args);
    // A line as nearly every rule writes it: a key and a rule as written, up to three values.
    void note(std::string_view key, std::string_view rule);
    void note(std::string_view key, std::string_view rule, const char* name, ArgRef value);
    void note(std::string_view key, std::string_view rule, const char* name1, ArgRef value1, const char* name2, ArgRef value2);
    void note(std::string_view key, std::string_view rule, const char* name1, ArgRef value1, const char* name2, ArgRef value2,
              const char* name3, ArgRef value3);

    Figure& figure(const std::string& id);             // refuses "unknown_figure"
    const Spell& spell(const std::string& id) const;   // refuses "unknown_spell"
    // A whole number of the action within its range, else "out_of_range" naming `field`.
    static int in_range(int value, const char* field, int min, int max);
    static std::optional<int> in_range(const std::optional<int>& value, const char* field, int min, int max);
};

LocalizedText name_of(const Figure& figure);
LocalizedText plain(const std::string& text);
LocalizedText number_text(int value);

// --- wounds, death, charms (rules_fight.cpp) ---
// Wounds through Magiczna zbroja; kills at siła. Returns wounds actually taken.
int deal_wounds(Turn& t, Figure& target, int amount, const std::string& by);
// A death (9.7 "X dies"), and what every death brings: apply_death.
void kill(Turn& t, Figure& figure, const std::string& by);
// Every death's consequences, whatever the cause and however the log says it (9.7 wounds at siła,
// 15.3 stone for good): the figure off the board, its charms broken (10.5), the Nameless One's
// Demons gone (16.0), the fight's record of it.
void apply_death(Turn& t, Figure& figure, const std::string& by);
void break_charm(Turn& t, Figure& charmed);
// 10.5 with 15.3: a stone caster's charms hold until Ożywienie kamienia's moment has passed: said
// when that moment comes (the statue's gaze, a fight's end).
void warn_charm_holds_on_stone(Turn& t, const Figure& stone);
void charm(Turn& t, Figure& target, const Figure& caster);
// Bezimienny (the kind flagged `nameless` in monsters.json) stands on the board.
bool fight_has_nameless(const GameData& data, const GameState& s);
// 11.0: one 1K6 per target, resisted on <= odporność (at most 5).
bool resists(Turn& t, const Figure& target);

}  // namespace czary
