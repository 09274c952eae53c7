// Issue 25, item 1: finding a name as it is typed on a phone, and the monster kinds a small
// phone offers first (those added in this session).
#include <doctest/doctest.h>

#include "controller/search.hpp"
#include "core/game_data.hpp"
#include "table.hpp"

using czary::GameData;
using czary::app::matches_search;
using czary::app::monster_kinds_offered;
using czary::app::search_key;

namespace {

std::vector<std::string> ids(const std::vector<int>& offered) {
    std::vector<std::string> out;
    for (int i : offered) out.push_back(GameData::builtin().monster_kinds[i].id);
    return out;
}

}  // namespace

TEST_CASE("search: letter case and Polish letters are ignored") {
    CHECK(search_key("Zły Duch ĄĆĘŁŃÓŚŹŻ") == "zly duch acelnoszz");
    CHECK(matches_search("Zły duch", "zly"));
    CHECK(matches_search("Kościotrup", "KOSC"));
    CHECK(matches_search("Larraka", "larr"));
    CHECK(matches_search("Wilkołak", "łak"));
    CHECK(matches_search("Troll", ""));
    CHECK_FALSE(matches_search("Troll", "ork"));
}

TEST_CASE("search: the monster form offers the kinds added in this session first, most often then latest") {
    test::Table t;
    const auto& data = GameData::builtin();
    auto all = monster_kinds_offered(data, t.session, "");
    REQUIRE(all.size() == data.monster_kinds.size());
    CHECK(ids(all).front() == "bezimienny");  // nothing added yet: the table's order
    t.monster("ork", 4);
    t.monster("troll", 9);
    t.monster("ork", 5);
    all = monster_kinds_offered(data, t.session, "");
    REQUIRE(all.size() == data.monster_kinds.size());
    CHECK(ids(all)[0] == "ork");    // added twice
    CHECK(ids(all)[1] == "troll");  // once
    CHECK(ids(all)[2] == "bezimienny");  // then the table's order
    // Undone steps do not count.
    t.session.undo();
    t.session.undo();
    CHECK(ids(monster_kinds_offered(data, t.session, ""))[0] == "ork");
    CHECK(ids(monster_kinds_offered(data, t.session, ""))[1] == "bezimienny");
    // A few letters, Polish or English: only the kinds whose name holds them.
    CHECK(ids(monster_kinds_offered(data, t.session, "tr")) == std::vector<std::string>{"kosciotrup", "troll"});
    CHECK(ids(monster_kinds_offered(data, t.session, "werew")) == std::vector<std::string>{"wilkolak"});
    CHECK(monster_kinds_offered(data, t.session, "xyz").empty());
}
