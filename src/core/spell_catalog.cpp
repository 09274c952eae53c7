#include "core/spell_catalog.hpp"

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"

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

LocalizedText parse_text(const nlohmann::json& node) {
    return {node.at("pl").get<std::string>(), node.at("en").get<std::string>()};
}

// A name with its Polish case forms for sentences: "pl_acc", "pl_gen" (core/wording.hpp).
LocalizedText parse_name(const nlohmann::json& node) {
    LocalizedText name = parse_text(node);
    for (const auto& [key, form] : node.items())
        if (key.rfind("pl_", 0) == 0) name.pl_cases[key.substr(3)] = form.get<std::string>();
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
    nlohmann::json root = nlohmann::json::parse(json_text, nullptr, false);
    if (root.is_discarded()) throw DataError("spells: not valid JSON");
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
            spell.target = node.at("target").get<std::string>();
            spell.resistible = node.at("resistible").get<bool>();
            spell.heals = node.value("heals", false);
            if (!node.at("dice").is_null()) spell.dice = node.at("dice").get<std::string>();
            spell.effect = parse_text(node.at("effect"));
            spell.short_effect = parse_text(node.at("short"));
            if (node.contains("rule_text")) spell.rule_text = node.at("rule_text").at("pl").get<std::string>();
            if (spell.cost < 0) throw DataError("negative cost");
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
