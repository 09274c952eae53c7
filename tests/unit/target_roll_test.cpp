// 9.3: the helper that names a monster's target and the die faces for it (czary-cli target-roll).
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "core/data_error.hpp"
#include "core/game_data.hpp"
#include "core/target_roll.hpp"

namespace {

using Faces = std::array<std::string, 6>;

// Characters "1", "2", "3" and monsters "A", "B", "C" are not the book's lettering: there the
// numbers and letters swap sides from one example to the next. Here the party's front rank and
// the monsters' front rank are given place by place ("" = empty).
czary::GameState front(const std::array<std::string, 3>& party, const std::array<std::string, 3>& monsters,
                       const std::array<std::string, 3>& monsters_second = {"", "", ""}) {
    czary::GameState s;
    auto add = [&](const std::string& id, czary::Side side) {
        if (id.empty()) return;
        czary::Figure f;
        f.id = id;
        f.kind = side == czary::Side::Party ? czary::FigureKind::Character : czary::FigureKind::Monster;
        f.side = side;
        s.figures.push_back(f);
    };
    for (const auto& id : party) add(id, czary::Side::Party);
    for (const auto& id : monsters) add(id, czary::Side::Monsters);
    for (const auto& id : monsters_second) add(id, czary::Side::Monsters);
    s.party.ranks = {party};
    s.monsters.ranks = {monsters, monsters_second};
    return s;
}

czary::MonsterTargetRoll roll_for(const czary::GameState& s, const std::string& monster) {
    return czary::monster_target_roll(s, czary::GameData::builtin(), monster);
}

}  // namespace

TEST_CASE("9.3: three against three: each monster attacks the character straight ahead, no roll") {
    const auto s = front({"c1", "c2", "c3"}, {"m1", "m2", "m3"});
    CHECK(roll_for(s, "m1").targets == std::vector<std::string>{"c1"});
    CHECK(roll_for(s, "m2").targets == std::vector<std::string>{"c2"});
    CHECK_FALSE(roll_for(s, "m3").roll);
    CHECK(roll_for(s, "m3").faces == Faces{"c3", "c3", "c3", "c3", "c3", "c3"});
}

TEST_CASE("9.3: two monsters against three characters: the left one 1 (1-3) or 2 (4-6), the right one 2 or 3") {
    // "Jeżeli wyrzucono 1, 2 lub 3 oczka, to celem ataku A jest 1, zaś celem B jest 2. Jeżeli
    // wyrzucono 4, 5 lub 6 oczek, to celem ataku A jest 2, zaś B — 3."
    const auto s = front({"c1", "c2", "c3"}, {"mA", "", "mB"});
    const auto a = roll_for(s, "mA");
    CHECK(a.roll);
    CHECK(a.targets == std::vector<std::string>{"c1", "c2"});
    CHECK(a.faces == Faces{"c1", "c1", "c1", "c2", "c2", "c2"});
    CHECK(roll_for(s, "mB").faces == Faces{"c2", "c2", "c2", "c3", "c3", "c3"});
    CHECK(roll_for(s, "mA").rank == 1);
}

TEST_CASE("9.3: three monsters against two characters: the outer ones straight ahead, the middle one rolls") {
    // "Jeżeli potworami są 1, 2 i 3, to 1 zaatakuje A, 3 zaatakuje B, zaś 2 zaatakuje A (1, 2 lub 3
    // oczka) lub B (4, 5 lub 6 oczek)."
    const auto s = front({"cA", "", "cB"}, {"m1", "m2", "m3"});
    CHECK(roll_for(s, "m1").targets == std::vector<std::string>{"cA"});
    CHECK_FALSE(roll_for(s, "m1").roll);
    CHECK(roll_for(s, "m3").targets == std::vector<std::string>{"cB"});
    CHECK(roll_for(s, "m2").faces == Faces{"cA", "cA", "cA", "cB", "cB", "cB"});
}

TEST_CASE("9.3: one monster against three characters: 1 (1-2 pips), 2 (3-4) or 3 (5-6)") {
    const auto s = front({"c1", "c2", "c3"}, {"", "mA", ""});
    const auto a = roll_for(s, "mA");
    CHECK(a.targets == std::vector<std::string>{"c1", "c2", "c3"});
    CHECK(a.faces == Faces{"c1", "c1", "c2", "c2", "c3", "c3"});
}

TEST_CASE("9.3: a monster of the second rank rolls among the whole front rank; the third rank attacks nobody") {
    auto s = front({"c1", "", "c3"}, {"m1", "m2", "m3"}, {"m4", "", ""});
    s.monsters.ranks.push_back({"m5", "", ""});
    czary::Figure deep;
    deep.id = "m5";
    deep.kind = czary::FigureKind::Monster;
    deep.side = czary::Side::Monsters;
    s.figures.push_back(deep);
    const auto second = roll_for(s, "m4");
    CHECK(second.rank == 2);
    CHECK(second.faces == Faces{"c1", "c1", "c1", "c3", "c3", "c3"});
    const auto third = roll_for(s, "m5");
    CHECK(third.rank == 3);
    CHECK(third.targets.empty());
    CHECK_FALSE(czary::to_json(third).contains("faces"));
    CHECK(czary::to_json(second)["faces"]["4"] == "c3");
}

TEST_CASE("9.3: the dead do not count in the front ranks; a figure of the party's side is not asked about") {
    auto s = front({"c1", "c2", "c3"}, {"m1", "m2", "m3"});
    s.find("m2")->dead = true;  // two monsters left at the ends, as in the book's second example
    s.monsters.ranks[0][1] = "";
    CHECK(roll_for(s, "m1").faces == Faces{"c1", "c1", "c1", "c2", "c2", "c2"});
    CHECK_THROWS_AS(roll_for(s, "c1"), czary::DataError);
    CHECK_THROWS_AS(roll_for(s, "m9"), czary::DataError);
    CHECK_THROWS_AS(roll_for(s, "m2"), czary::DataError);
}
