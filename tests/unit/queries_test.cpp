// What may this character cast now and why not; targets; exact odds.
#include "table.hpp"

#include "core/data_error.hpp"
#include "core/queries.hpp"

using test::Table;

namespace {
const nlohmann::json& entry(const nlohmann::json& list, const std::string& spell) {
    for (const auto& item : list)
        if (item["spell"] == spell) return item;
    FAIL("no entry for " << spell);
    static nlohmann::json none;
    return none;
}
}  // namespace

TEST_CASE("castable_spells lists all 26 spells with the reason and rule of each refusal") {
    Table t;
    t.party();
    t.standard_adventure();
    t.monster("troll", 9);
    const auto list = czary::castable_spells(t.state(), czary::GameData::builtin(), "c1");
    CHECK(list.size() == 26);
    CHECK(entry(list, "blyskawica")["castable"] == false);
    CHECK(entry(list, "blyskawica")["refusal"]["rule"] == "10.1");
    CHECK(entry(list, "urok")["refusal"]["code"] == "not_marked");
    CHECK(entry(list, "gniew_bozy")["refusal"]["code"] == "special_not_learned");
    CHECK(entry(list, "uzdrowienie")["castable"] == true);
    CHECK(entry(list, "uzdrowienie")["cost"] == 1);
    CHECK_THROWS_AS(czary::castable_spells(t.state(), czary::GameData::builtin(), "c99"), czary::DataError);
}

TEST_CASE("valid_targets: first-rank monsters for Błyskawica, others for Uzdrowienie") {
    Table t;
    t.party();
    t.standard_adventure();
    t.c1_to_second_rank();
    for (int sila : {9, 8, 7, 6}) t.monster("ork", sila);  // m7 behind
    t.ok({{"type", "start_fight"}});
    const auto& data = czary::GameData::builtin();
    CHECK(czary::valid_targets(t.state(), data, "c1", "blyskawica") == std::vector<std::string>{"m4", "m5", "m6"});
    CHECK(czary::valid_targets(t.state(), data, "c1", "uspienie") == std::vector<std::string>{"m4", "m5", "m6", "m7"});
    CHECK(czary::valid_targets(t.state(), data, "c1", "uzdrowienie") == std::vector<std::string>{"c2", "c3"});
}

TEST_CASE("cast_odds: Psychiczny cios on a troll with siła 9, 3 wounds taken, odporność 3") {
    Table t;
    t.party();
    t.standard_adventure();
    const auto troll = t.monster("troll", 9);
    t.ok({{"type", "wound"}, {"figure", troll}, {"amount", 3}});
    const auto odds = czary::cast_odds(t.state(), czary::GameData::builtin(), "c3", "psychiczny_cios", {troll});
    REQUIRE(odds.size() == 1);
    CHECK(odds[0]["resist"].get<double>() == doctest::Approx(0.5));
    // It dies on 2K6+2 >= 6, i.e. 2K6 >= 4: 33/36; times 1/2 for not resisting.
    CHECK(odds[0]["kill"].get<double>() == doctest::Approx(0.5 * 33.0 / 36.0));
    CHECK(odds[0]["wounds"]["14"].get<double>() == doctest::Approx(1.0 / 36.0));
}

TEST_CASE("cast_odds: Magiczna zbroja lowers the wounds; Magiczna tarcza stops them") {
    Table t;
    t.party();
    t.standard_adventure();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "magiczna_zbroja"}, {"targets", {"c3"}}, {"dice", {6}}});  // 4
    const auto odds = czary::cast_odds(t.state(), czary::GameData::builtin(), "c1", "blyskawica", {"c3"});
    CHECK(odds[0]["wounds"]["0"].get<double>() == doctest::Approx(2.0 / 3.0));  // 2 and 4 absorbed
    CHECK(odds[0]["wounds"]["2"].get<double>() == doctest::Approx(1.0 / 3.0));
}
