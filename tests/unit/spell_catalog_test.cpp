#include <doctest/doctest.h>

#include <set>

#include "core/data_error.hpp"
#include "core/spell_catalog.hpp"
#include "data/embedded_data.hpp"

using czary::SpellCatalog;
using czary::SpellType;

namespace {
SpellCatalog shipped() { return SpellCatalog::from_json(czary::data::file("spells.json")); }
}  // namespace

TEST_CASE("10.9: the catalog holds the 26 spells of the summary table") {
    const auto catalog = shipped();
    CHECK(catalog.all().size() == 26);
    std::set<std::string> ids, abbreviations;
    for (const auto& spell : catalog.all()) {
        ids.insert(spell.id);
        abbreviations.insert(spell.abbreviation);
        CHECK_FALSE(spell.name.pl.empty());
        CHECK_FALSE(spell.name.en.empty());
        CHECK_FALSE(spell.effect.pl.empty());
        CHECK_FALSE(spell.effect.en.empty());
        CHECK_FALSE(spell.rule_text.empty());  // every spell carries its rule's own words
    }
    CHECK(ids.size() == 26);
    CHECK(abbreviations.size() == 26);
}

TEST_CASE("10.9: costs and types as the chapter gives them") {
    const auto catalog = shipped();
    const auto* lightning = catalog.find("blyskawica");
    REQUIRE(lightning != nullptr);
    CHECK(lightning->name.pl == "Błyskawica");
    CHECK(lightning->cost == 2);
    CHECK(lightning->type == SpellType::Combat);
    CHECK(lightning->dice.value_or("") == "1K3x2");

    // 10.8 says 3 where the printed table says 2: the text wins (../shared/rules/CONTEXT.md).
    const auto* wrath = catalog.find("gniew_bozy");
    REQUIRE(wrath != nullptr);
    CHECK(wrath->cost == 3);
    CHECK(wrath->type == SpellType::Special);

    CHECK(catalog.find("wskrzeszenie")->cost == 5);
    CHECK(catalog.find("psychiczny_cios")->cost == 4);
    CHECK(catalog.find("no_such_spell") == nullptr);

    int per_type[5] = {};
    for (const auto& spell : catalog.all()) ++per_type[static_cast<int>(spell.type)];
    CHECK(per_type[static_cast<int>(SpellType::Combat)] == 10);
    CHECK(per_type[static_cast<int>(SpellType::Any)] == 9);
    CHECK(per_type[static_cast<int>(SpellType::Negotiation)] == 3);
    CHECK(per_type[static_cast<int>(SpellType::Bribe)] == 2);
    CHECK(per_type[static_cast<int>(SpellType::Special)] == 2);
}

TEST_CASE("11.0: Niepewność and Zawieszenie broni cannot be resisted, wound spells can") {
    const auto catalog = shipped();
    CHECK_FALSE(catalog.find("niepewnosc")->resistible);
    CHECK_FALSE(catalog.find("zawieszenie_broni")->resistible);
    CHECK(catalog.find("wybuch")->resistible);
    CHECK(catalog.find("eksplozja")->resistible);
    CHECK(catalog.find("uwolnienie")->resistible);
}

TEST_CASE("a malformed spell file is refused with a message naming what is wrong") {
    CHECK_THROWS_WITH_AS(SpellCatalog::from_json("{not json"), "spells: not valid JSON", czary::DataError);
    CHECK_THROWS_AS(SpellCatalog::from_json(R"({"format":"other","spells":[]})"), czary::DataError);
    const char* bad_type = R"({"format":"czary-spells","spells":[{"id":"x","name":{"pl":"a","en":"b"},
        "abbr":"X","cost":1,"type":"Q","rule":"10.5","target":"none","resistible":false,"dice":null,
        "effect":{"pl":"a","en":"b"}}]})";
    CHECK_THROWS_WITH_AS(SpellCatalog::from_json(bad_type),
                         "spell 'x': unknown type 'Q' (expected W, O, N, V or S)", czary::DataError);
    const char* missing_cost = R"({"format":"czary-spells","spells":[{"id":"y","name":{"pl":"a","en":"b"}}]})";
    try {
        SpellCatalog::from_json(missing_cost);
        FAIL("accepted a spell without fields");
    } catch (const czary::DataError& e) {
        CHECK(std::string(e.what()).rfind("spell 'y':", 0) == 0);
    }
}
