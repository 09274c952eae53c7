#pragma once
// Every action type's handler: apply(Turn&, const actions::X&), chosen by apply.cpp's std::visit.
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/turn.hpp"

namespace czary {

// rules_party.cpp
void apply(Turn& t, const actions::AddHero& a);
void apply(Turn& t, const actions::AddInitiate& a);
void apply(Turn& t, const actions::AddCharacter& a);
void apply(Turn& t, const actions::SetPool& a);
void apply(Turn& t, const actions::LearnSpell& a);
// rules_adventure.cpp
void apply(Turn& t, const actions::BeginAdventure& a);
void apply(Turn& t, const actions::MarkSpells& a);
void apply(Turn& t, const actions::RollUseLimit& a);
void apply(Turn& t, const actions::EnterLabyrinth& a);
void apply(Turn& t, const actions::EndAdventure& a);
// rules_formation.cpp
void apply(Turn& t, const actions::MoveFigure& a);
// rules_fight.cpp
void apply(Turn& t, const actions::AddMonster& a);
void apply(Turn& t, const actions::ClearMonsters& a);
void apply(Turn& t, const actions::Rejoin& a);
void apply(Turn& t, const actions::StartFight& a);
void apply(Turn& t, const actions::NextPhase& a);
void apply(Turn& t, const actions::WeaponAttack& a);
void apply(Turn& t, const actions::Wound& a);
void apply(Turn& t, const actions::Heal& a);
void apply(Turn& t, const actions::KillSleeping& a);
void apply(Turn& t, const actions::EndFight& a);
void apply(Turn& t, const actions::SetHouseRule& a);
// 6.7 "Poziomy labiryntu" for a monster met on `level` (1-3).
int level_nn_bonus(int level);
int level_experience_multiplier(int level);
// rules_casting.cpp
void apply(Turn& t, const actions::Cast& a);
// rules_negotiation.cpp
void apply(Turn& t, const actions::Negotiate& a);
void apply(Turn& t, const actions::Bribe& a);
// rules_items.cpp
void apply(Turn& t, const actions::GrantRing& a);
void apply(Turn& t, const actions::ResistanceRing& a);
void apply(Turn& t, const actions::Altar& a);
void apply(Turn& t, const actions::Bookshelf& a);
void apply(Turn& t, const actions::Manuscript& a);
void apply(Turn& t, const actions::Talisman& a);
void apply(Turn& t, const actions::Poison& a);
void apply(Turn& t, const actions::Petrify& a);
void apply(Turn& t, const actions::DisarmTrap& a);
void apply(Turn& t, const actions::Possess& a);
void apply(Turn& t, const actions::CharmPotion& a);
void apply(Turn& t, const actions::ThoughtTalisman& a);
void apply(Turn& t, const actions::UseThought& a);
void apply(Turn& t, const actions::Medallion& a);
void apply(Turn& t, const actions::MagicArmor& a);
void apply(Turn& t, const actions::Improve& a);
// 10.5 "w wolnym miejscu": Urok (spell or potion) on a monster, with the place the players chose
// ({rank, slot} of the action, 1-based), checked before anything changes; the first free place by default.
struct PartyPlace {
    int rank = 1;  // 1-based
    int slot = 1;
};
// The action's place ({rank, slot}), refused when taken or beyond a new rank; none when not given.
std::optional<PartyPlace> charm_place(Turn& t, const std::optional<int>& rank, const std::optional<int>& slot);
// Charms the target; a monster takes `place` (checked by charm_place before anything changed).
void charm_into_place(Turn& t, Figure& target, const Figure& caster, const std::optional<PartyPlace>& place);
// 13.2, 14.6: the possessed character is a party member again (Urok or Uwolnienie not resisted).
void end_possession(Turn& t, Figure& c);
// shared by the negotiation actions and the odds (queries.cpp)
// The strongest monster, who speaks for the group; refuses when nobody may be talked to (Bezimienny
// or Demons, refused with `no_talk_rule`: 8.4 negotiation, 8.7 bribe; no monsters).
const Figure& strongest_monster(const GameData& data, const GameState& s, const char* no_talk_rule);
// Every check of `negotiate` / `bribe` but the negotiator and the gold: shared with the odds.
// Opens a fight in round 1: phase 1, or phase 2 when the monsters strike first (8.7, 10.5).
void begin_fight(Turn& t, bool gates, bool monsters_first);
const Figure& check_negotiation(const GameData& data, const GameState& s);  // 8.4, 8.6: once per group
void check_negotiator(const GameState& s, const Figure& negotiator);       // 8.4: a party member with the party
const Figure& check_bribe(const GameData& data, const GameState& s);        // 8.7, 8.8: once per group
// 10.7: why an N or V spell may not be cast now ({code, rule}), or nothing: no monster to talk to,
// the roll it serves already made, or the same spell already cast for that roll.
std::optional<std::pair<std::string, std::string>> talk_spell_refusal(const GameData& data, const GameState& s, const Spell& spell);
int negotiation_total(const GameState& s, const Figure& negotiator, const Figure& monster, int roll);
TalkOutcome negotiation_result(int total);            // Failure | Agreement | Intimidation (8.6)
int bribe_needed(const GameData& data, const Figure& monster, int gold, int* offered_row);  // table 8.9
// rules_dice.cpp
void apply(Turn& t, const actions::RollDice& a);

void learn(Turn& t, Figure& c, const Spell& spell, const std::string& source);
// A chosen list of spells: known ids, none twice, and (with `from`) each in that list (4.1).
// Type S spells are refused unless `special_allowed` (10.8).
void check_spell_choice(Turn& t, const Figure& c, const std::vector<std::string>& spells,
                        const std::vector<std::string>* from, bool special_allowed);
// A choice that only grows (10.0, 14.6): every spell of `before` must stay, else `code` (`rule`).
void check_keeps(const std::vector<std::string>& before, const std::vector<std::string>& after,
                 const char* code, const char* rule = "14.6");

// Shared by end_fight and Zawieszenie broni: closes the fight and shares experience (12.0):
// equally, or as `shares` (character id -> points, from end_fight) says.
void finish_fight(Turn& t, FightOutcome outcome, const std::map<std::string, int>* shares = nullptr);
// The party goes on and leaves the monsters where they are (clear_monsters, an accepted bribe).
void leave_monsters_behind(Turn& t);

}  // namespace czary
