#pragma once
// The spells of chapter 10 (table 10.9), read from data/spells.json.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/localized_text.hpp"

namespace czary {

// 10.1, 10.9: the type decides when a spell may be cast.
enum class SpellType { Combat /*W*/, Any /*O*/, Negotiation /*N*/, Bribe /*V*/, Special /*S*/ };

char spell_type_letter(SpellType type);


struct Spell {
    std::string id;
    LocalizedText name;
    std::string abbreviation;
    int cost = 0;  // wounds the caster takes (10.0, 10.2)
    SpellType type = SpellType::Any;
    std::string rule;    // "10.5" ... "10.8"
    std::string target;  // targeting kind, see docs/session-format.md
    bool resistible = false;  // 11.0
    bool heals = false;       // takes wounds off its target (Uzdrowienie, Odmłodzenie)
    std::optional<std::string> dice;  // dice code of its effect, e.g. "1K3x2"
    LocalizedText effect;
    LocalizedText short_effect;  // one line on its card
    std::string rule_text;  // the rule's own words (10-czary.txt), Polish
};

class SpellCatalog {
public:
    // Throws DataError with a message naming the spell and field that is wrong.
    static SpellCatalog from_json(std::string_view json_text);

    const std::vector<Spell>& all() const { return spells_; }
    const Spell* find(std::string_view id) const;

private:
    std::vector<Spell> spells_;
};

}  // namespace czary
