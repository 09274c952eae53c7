#pragma once
// The game's tables, read from data/: spells (10.9), heroes (4.3), initiates (4.4),
// monster kinds (8.2), the bribe table (8.9) and the words of refusals and log entries.
#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/spell_catalog.hpp"
#include "core/state.hpp"

namespace czary {

struct HeroTemplate {
    std::string id;
    std::string name;
    // The name's Polish genitive and the hero's gender ("m"/"f"), where known: messages decline
    // the name ("pula postaci Larraki") and put verbs in its gender ("zaznaczyła").
    std::map<std::string, std::string, std::less<>> pl_cases;  // "gen", "acc", "ins"
    std::string gender;
    std::string race;
    int sila = 0;
    std::array<int, 3> potential{};
    int odpornosc = 0;
    int zrecznosc = 0;
    Talents talents;
};

struct RaceTemplate {
    std::string id;
    LocalizedText name;
    int sila = 0;
    int odpornosc = 0;
    Talents talents;
};

struct MonsterKind {
    std::string id;
    LocalizedText name;
    int odpornosc = 0;
    int nn = -1;  // -1: no negotiation (Bezimienny, Demon)
    std::vector<std::string> spells;
    bool nameless = false;  // Bezimienny
    bool demon = false;
    bool vampire = false;
    bool medusa = false;
    bool regenerates = false;  // 15.4 the Troll: a wound less after every third monsters' attack
    bool person = false;  // 14.5: Urok (osoba) works on it; Urok (potwór) on the others
};

struct BribeRow {
    int gold = 0;
    std::array<int, 6> max_roll{};
};

struct GameData {
    SpellCatalog spells;
    std::vector<HeroTemplate> heroes;
    std::vector<RaceTemplate> races;
    std::map<int, std::array<int, 3>> initiate_potential;  // 1K6 -> potential (table 4.4)
    std::vector<MonsterKind> monster_kinds;
    std::map<int, int> level_sila_bonus;                   // 6.7
    std::vector<std::array<int, 2>> bribe_columns;         // siła + NN ranges
    std::vector<BribeRow> bribe_rows;
    std::map<std::string, LocalizedText, std::less<>> messages;
    // 16.0: the Black Gates cast as a figure that is never on the board (its name: the message
    // "figure.black_gates").
    Figure black_gates;

    // The tables compiled in from data/. Throws DataError if one is malformed.
    static const GameData& builtin();
    static GameData from_files(std::string_view (*file)(std::string_view path));

    const HeroTemplate* hero(std::string_view id) const;
    const RaceTemplate* race(std::string_view id) const;
    const MonsterKind* monster_kind(std::string_view id) const;
    // A message template with {name} placeholders filled in; the key itself when missing.
    LocalizedText message(std::string_view key, const Args& args = {}) const;
    // The same, or nothing where messages.json has no such key.
    std::optional<LocalizedText> message_if(std::string_view key, const Args& args = {}) const;
};

}  // namespace czary
