#include "core/spell_catalog.hpp"

#include <array>

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/json_input.hpp"

namespace czary {
namespace {

SpellType parse_type(const std::string& letter, const std::string& id) {
    if (letter == "W") return SpellType::Combat;
    if (letter == "O") return SpellType::Any;
    if (letter == "N") return SpellType::Negotiation;
    if (letter == "V") return SpellType::Bribe;
    if (letter == "S") return SpellType::Special;
    throw DataError("spell '" + id + "': unknown type '" + letter + "' (expected W, O, N, V or S)");
}

// One of `names`, by its index in the enum's order; anything else is a DataError.
template <class Enum, std::size_t N>
Enum parse_choice(const nlohmann::json& node, const char* field, const std::array<const char*, N>& names,
                  const std::string& id) {
    const std::string value = node.at(field).get<std::string>();
    for (std::size_t i = 0; i < N; ++i)
        if (value == names[i]) return static_cast<Enum>(i);
    std::string list;
    for (const char* name : names) list += (list.empty() ? "" : ", ") + std::string(name);
    throw DataError("spell '" + id + "': unknown " + field + " '" + value + "' (expected one of " + list + ")");
}

constexpr std::array<const char*, 14> target_names{
    "none", "all_engaged", "monster_rank_1", "monster_rank_1_2", "any_monster", "charmed_party_member",
    "friendly_figure", "any_character", "other_character", "poisoned_character", "petrified_character",
    "dead_character", "trap_talent_character", "any_figure"};
constexpr std::array<const char*, 20> effect_names{
    "wound", "charm", "sleep", "free_from_charm", "shield", "hesitation", "cease_fire", "lock_door", "armor",
    "neutralise_poison", "unpetrify", "strength", "heal", "teleport", "delicate_fingers", "negotiation_bonus",
    "intimidation", "intimidation_all_treasure", "bribe_modifier", "resurrect"};
constexpr std::array<const char*, 5> timing_names{"any", "fight", "not_in_fight", "right_after_fight", "fight_start"};

LocalizedText parse_text(const nlohmann::json& node) {
    return {node.at("pl").get<std::string>(), node.at("en").get<std::string>()};
}

// A name with its Polish case forms for sentences: "pl_acc", "pl_gen" (core/wording.hpp).
LocalizedText parse_name(const nlohmann::json& node) {
    LocalizedText name = parse_text(node);
    LocalizedText::Cases cases;
    for (const auto& [key, form] : node.items())
        if (key.rfind("pl_", 0) == 0) cases[key.substr(3)] = form.get<std::string>();
    name.set_pl_cases(std::move(cases));
    return name;
}

}  // namespace

char spell_type_letter(SpellType type) {
    switch (type) {
        case SpellType::Combat: return 'W';
        case SpellType::Any: return 'O';
        case SpellType::Negotiation: return 'N';
        case SpellType::Bribe: return 'V';
        case SpellType::Special: return 'S';
    }
    return '?';
}

SpellCatalog SpellCatalog::from_json(std::string_view json_text) {
    const std::optional<nlohmann::json> read = parse_own_json(json_text);
    if (!read) throw DataError("spells: not valid JSON");
    const nlohmann::json& root = *read;
    if (root.value("format", "") != "czary-spells") throw DataError("spells: format is not 'czary-spells'");

    SpellCatalog catalog;
    for (const auto& node : root.at("spells")) {
        const std::string id = node.value("id", "");
        try {
            Spell spell;
            spell.id = id;
            spell.name = parse_name(node.at("name"));
            spell.abbreviation = node.at("abbr").get<std::string>();
            spell.cost = node.at("cost").get<int>();
            spell.type = parse_type(node.at("type").get<std::string>(), id);
            spell.rule = node.at("rule").get<std::string>();
            spell.target = parse_choice<TargetKind>(node, "target", target_names, id);
            spell.target_name = node.at("target").get<std::string>();
            spell.does = parse_choice<SpellEffect>(node, "does", effect_names, id);
            if (node.contains("when")) spell.when = parse_choice<SpellTiming>(node, "when", timing_names, id);
            spell.resistible = node.at("resistible").get<bool>();
            spell.heals = spell.does == SpellEffect::Heal;
            spell.limited_uses = node.value("limited_uses", false);
            spell.ring = node.value("ring", false);
            spell.black_gates = node.value("black_gates", false);
            spell.bonus = node.value("bonus", 0);
            if (node.contains("altar_cost")) spell.altar_cost = node.at("altar_cost").get<int>();
            if (node.contains("learned_from")) spell.learned_from = node.at("learned_from").get<std::vector<std::string>>();
            if (!node.at("dice").is_null()) spell.dice = node.at("dice").get<std::string>();
            spell.effect = parse_text(node.at("effect"));
            spell.short_effect = parse_text(node.at("short"));
            if (node.contains("cost_note")) spell.cost_note = parse_text(node.at("cost_note"));
            if (node.contains("rule_text")) spell.rule_text = node.at("rule_text").at("pl").get<std::string>();
            if (spell.cost < 0) throw DataError("negative cost");
            if (spell.does == SpellEffect::Wound && !spell.dice) throw DataError("a wounding spell needs dice");
            catalog.spells_.push_back(std::move(spell));
        } catch (const nlohmann::json::exception& e) {
            throw DataError("spell '" + id + "': " + e.what());
        }
    }
    return catalog;
}

const Spell* SpellCatalog::find(std::string_view id) const {
    for (const auto& spell : spells_)
        if (spell.id == id) return &spell;
    return nullptr;
}

}  // namespace czary
