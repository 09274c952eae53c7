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
    Table t = Table::in_labyrinth();
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
    Table t = Table::in_labyrinth();
    t.c1_to_second_rank();
    for (int sila : {9, 8, 7, 6}) t.monster("ork", sila);  // m7 behind
    t.ok({{"type", "start_fight"}});
    const auto& data = czary::GameData::builtin();
    CHECK(czary::valid_targets(t.state(), data, "c1", "blyskawica") == std::vector<std::string>{"m4", "m5", "m6"});
    CHECK(czary::valid_targets(t.state(), data, "c1", "uspienie") == std::vector<std::string>{"m4", "m5", "m6", "m7"});
    CHECK(czary::valid_targets(t.state(), data, "c1", "uzdrowienie") == std::vector<std::string>{"c2", "c3"});
}

TEST_CASE("cast_odds: Psychiczny cios on a troll with siła 9, 3 wounds taken, odporność 3") {
    Table t = Table::in_labyrinth();
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
    Table t = Table::in_labyrinth();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "magiczna_zbroja"}, {"targets", {"c3"}}, {"dice", {6}}});  // 4
    const auto odds = czary::cast_odds(t.state(), czary::GameData::builtin(), "c1", "blyskawica", {"c3"});
    CHECK(odds[0]["wounds"]["0"].get<double>() == doctest::Approx(2.0 / 3.0));  // 2 and 4 absorbed
    CHECK(odds[0]["wounds"]["2"].get<double>() == doctest::Approx(1.0 / 3.0));
}

TEST_CASE("spell_availability: the typed answer behind castable_spells, refusal and all") {
    Table t = Table::in_labyrinth();
    t.monster("troll", 9);
    const auto& data = czary::GameData::builtin();
    const std::vector<czary::SpellAvailability> list = czary::spell_availability(t.state(), data, "c1");
    REQUIRE(list.size() == 26);
    const auto json_list = czary::castable_spells(t.state(), data, "c1");
    for (std::size_t i = 0; i < list.size(); ++i) CHECK(czary::to_json(list[i], data) == json_list[i]);
    const auto lightning = std::find_if(list.begin(), list.end(), [](const auto& s) { return s.spell == "blyskawica"; });
    REQUIRE(lightning != list.end());
    CHECK_FALSE(lightning->castable);
    CHECK(lightning->cost == 2);
    REQUIRE(lightning->refusal.has_value());
    CHECK(lightning->refusal->code == "only_in_fight");
    CHECK(lightning->refusal->rule == "10.1");
    const auto heal = std::find_if(list.begin(), list.end(), [](const auto& s) { return s.spell == "uzdrowienie"; });
    CHECK(heal->castable);
    CHECK_FALSE(heal->refusal.has_value());
    CHECK_THROWS_AS(czary::spell_availability(t.state(), data, "c99"), czary::DataError);
}

TEST_CASE("odds_of_cast: the typed answer behind cast_odds: kill and wounds only for a wounding spell not shielded") {
    Table t = Table::fight_with_troll();
    const auto& data = czary::GameData::builtin();
    const auto odds = czary::odds_of_cast(t.state(), data, "c1", "blyskawica", {"m4"});
    REQUIRE(odds.size() == 1);
    CHECK(odds[0].figure == "m4");
    CHECK(odds[0].resist == doctest::Approx(0.5));
    CHECK_FALSE(odds[0].shielded);
    REQUIRE(odds[0].kill.has_value());
    CHECK(*odds[0].kill == doctest::Approx(0.0));  // at most 6 of siła 9
    CHECK(odds[0].wounds == std::map<int, double>{{2, 1.0 / 3}, {4, 1.0 / 3}, {6, 1.0 / 3}});
    CHECK(czary::to_json(odds[0]) == czary::cast_odds(t.state(), data, "c1", "blyskawica", {"m4"})[0]);
    const auto sleep = czary::odds_of_cast(t.state(), data, "c1", "uspienie", {"m4"});
    CHECK_FALSE(sleep[0].kill.has_value());
    CHECK(sleep[0].wounds.empty());
    CHECK(czary::to_json(sleep[0]) == nlohmann::json{{"figure", "m4"}, {"resist", 0.5}, {"shielded", false}});
    CHECK_THROWS_AS(czary::odds_of_cast(t.state(), data, "c1", "fireball", {"m4"}), czary::DataError);
}

TEST_CASE("odds_of_negotiation / odds_of_bribe: the typed answers, and a refusal in place of the odds") {
    Table t;
    t.party();
    t.monster("troll", 9);  // NN 4
    const auto& data = czary::GameData::builtin();
    const czary::NegotiationOdds talk = czary::odds_of_negotiation(t.state(), data, "c1");
    CHECK_FALSE(talk.refusal.has_value());
    CHECK(talk.agreement == doctest::Approx(3.0 / 36));      // 2K6 - 4 of 7-9: 11, 12
    CHECK(talk.intimidation == doctest::Approx(0.0));
    CHECK(talk.failure + talk.agreement + talk.intimidation == doctest::Approx(1.0));
    CHECK(czary::to_json(talk) == czary::negotiation_odds(t.state(), data, "c1"));
    const czary::BribeOdds bribe = czary::odds_of_bribe(t.state(), data, 40);
    CHECK_FALSE(bribe.refusal.has_value());
    CHECK(bribe.needed == 1);  // table 8.9, 40 gold, siła + NN 13
    CHECK(bribe.modifier == 0);
    CHECK(bribe.accepted == doctest::Approx(1.0 / 6));
    CHECK(czary::to_json(bribe) == czary::bribe_odds(t.state(), data, 40));

    const auto too_small = czary::odds_of_bribe(t.state(), data, 10);
    REQUIRE(too_small.refusal.has_value());
    CHECK(too_small.refusal->code == "bribe_too_small");
    CHECK(czary::to_json(too_small) == nlohmann::json{{"refusal", czary::to_json(*too_small.refusal)}});
    const auto monster = czary::odds_of_negotiation(t.state(), data, "m4");
    REQUIRE(monster.refusal.has_value());
    CHECK(monster.refusal->code == "not_a_character");
    CHECK(monster.agreement == 0.0);
}
