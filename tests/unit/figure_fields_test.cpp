// A figure's fields are listed once (core/figure_fields.hpp): the state file is written and read
// from that list, and docs/session-format.md says the same (5.1's table of fields, 5.8's ranges).
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/data_error.hpp"
#include "core/figure_fields.hpp"
#include "core/state_json.hpp"

using namespace czary;
namespace ff = czary::figure_fields;

namespace {

// What the list says of each field, as the docs should say it.
struct Described {
    std::string name;                      // "wounds", "talents.traps"
    bool whole = false;
    int low = 0, high = 0;                 // for a whole number (each of a list or a map)
    std::vector<std::string> values = {};  // the names an enum or a list's items may have
};

struct Describe {
    std::vector<Described>& out;
    std::string prefix;

    void operator()(const char* key, const Talents& talents, ff::Group) {
        ff::each_talent(talents, Describe{out, prefix + key + "."});
    }
    template <class T>
    void operator()(const char* key, const T&, ff::Whole w) { out.push_back({prefix + key, true, w.low, w.high, {}}); }
    template <class E, std::size_t N>
    void operator()(const char* key, const E&, ff::Names<E, N> list) {
        Described d{prefix + key};
        for (const char* name : list.names) d.values.push_back(std::string("\"") + name + "\"");
        out.push_back(d);
    }
    void operator()(const char* key, const std::vector<std::string>&, ff::OneOf one_of) {
        Described d{prefix + key};
        for (const auto value : one_of.values()) d.values.push_back("\"" + std::string(value) + "\"");
        out.push_back(d);
    }
    template <class T, class What>
    void operator()(const char* key, const T&, What) { out.push_back({prefix + key}); }
};

std::vector<Described> described_fields() {
    std::vector<Described> fields;
    const Figure figure;
    ff::each_field(figure, Describe{fields, ""});
    return fields;
}

#ifndef __EMSCRIPTEN__  // the wasm build runs under node without the source tree
// The rows of the first table after `heading` in docs/session-format.md whose header starts with
// `header`: first cell -> the whole row.
std::vector<std::pair<std::string, std::string>> table_rows(const std::string& heading, const std::string& header) {
    std::ifstream file(std::string(CZARY_SOURCE_DIR) + "/docs/session-format.md");
    REQUIRE(file);
    std::string line;
    bool in_section = false, in_table = false;
    std::vector<std::pair<std::string, std::string>> rows;
    while (std::getline(file, line)) {
        const std::size_t start = line.find_first_not_of(' ');
        const std::string trimmed = start == std::string::npos ? "" : line.substr(start);
        if (!in_section) {
            in_section = trimmed.rfind(heading, 0) == 0;
            continue;
        }
        if (!in_table) {
            in_table = trimmed.rfind(header, 0) == 0;
            continue;
        }
        if (trimmed.rfind("| ---", 0) == 0) continue;
        if (trimmed.rfind("|", 0) != 0) break;
        const std::size_t end = trimmed.find(" |", 2);
        rows.push_back({trimmed.substr(2, end - 2), trimmed});
    }
    return rows;
}

// The `names` in backticks of a table's first cell.
std::set<std::string> ticked(const std::string& cell) {
    std::set<std::string> names;
    for (std::size_t at = cell.find('`'); at != std::string::npos; at = cell.find('`', at + 1)) {
        const std::size_t end = cell.find('`', at + 1);
        if (end == std::string::npos) break;
        names.insert(cell.substr(at + 1, end - at - 1));
        at = end;
    }
    return names;
}

// As the docs write a number: "−1000", "2000000".
std::string written(int number) { return number < 0 ? "\u2212" + std::to_string(-number) : std::to_string(number); }
#endif

}  // namespace

TEST_CASE("5.1: a figure written from its field list is read back the same, field by field") {
    Figure figure;
    figure.id = "m7";
    figure.kind = FigureKind::Monster;
    figure.name = {"Troll 1", "Troll 1"};
    figure.monster_kind = "troll";
    figure.level = 3;
    figure.nn = 4;
    figure.sila = 9;
    figure.wounds = 13;
    figure.zrecznosc = -2;
    figure.talents.traps = 2;
    figure.talents.traps_lost = true;
    figure.potential = {1, 2, 3};
    figure.pool = {"wybuch"};
    figure.uses_left = {{"uzdrowienie", 2}};
    figure.side = Side::Party;
    figure.possessed = Possession::Talisman;
    figure.acted = Acted::Attack;
    figure.improved = {"talent_traps"};
    figure.medallions = {"elokwencja"};
    figure.thought_uses = 5;
    figure.vanished = true;
    GameState state;
    state.next_id = 8;
    state.figures.push_back(figure);
    const auto written = state_to_json(state);
    CHECK(written["figures"][0].size() == described_fields().size() - 3);  // the talents are one object of four
    CHECK(written["figures"][0]["vanished"] == true);
    CHECK(written["figures"][0]["talents"]["traps_lost"] == true);
    CHECK(written["figures"][0]["possessed"] == "talisman");
    const GameState read = state_from_json(written);
    CHECK(state_to_json(read) == written);
    CHECK(read.figures[0].wounds == 13);
    CHECK(read.figures[0].possessed == Possession::Talisman);
    CHECK(read.figures[0].uses_left.at("uzdrowienie") == 2);
    // A rare flag is left out while false; a field left out keeps the figure's default.
    figure.talents.traps_lost = false;
    figure.vanished = false;
    state.figures[0] = figure;
    CHECK_FALSE(state_to_json(state)["figures"][0]["talents"].contains("traps_lost"));
    CHECK_FALSE(state_to_json(state)["figures"][0].contains("vanished"));
    const GameState bare = state_from_json(nlohmann::json::parse(R"({"figures": [{"id": "c1"}]})"));
    CHECK(bare.figures[0].nn == -1);
    CHECK(bare.figures[0].sila == 1);
    CHECK(bare.figures[0].level == 1);
}

TEST_CASE("5.8: each limit of the field list is the one the file is refused past") {
    for (const auto& field : described_fields()) {
        if (!field.whole || field.name == "potential" || field.name == "uses_left") continue;
        CAPTURE(field.name);
        const auto dot = field.name.find('.');
        auto state = nlohmann::json::parse(R"({"figures": [{"id": "c1", "talents": {}}]})");
        auto& where = dot == std::string::npos ? state["figures"][0] : state["figures"][0]["talents"];
        const std::string key = dot == std::string::npos ? field.name : field.name.substr(dot + 1);
        where[key] = field.low;
        if (field.name != "died_in_fight") CHECK_NOTHROW(state_from_json(state));
        where[key] = static_cast<long long>(field.high) + 1;
        CHECK_THROWS_AS(state_from_json(state), DataError);
        where[key] = static_cast<long long>(field.low) - 1;
        CHECK_THROWS_AS(state_from_json(state), DataError);
    }
}

#ifndef __EMSCRIPTEN__
TEST_CASE("5.1, 5.8: docs/session-format.md lists every field of a figure, with the names and ranges the file is read with") {
    const auto fields = described_fields();
    const auto field_rows = table_rows("### 5.1 Figures", "| field | type | meaning |");
    const auto range_rows = table_rows("### 5.8 Writing a start state", "| field | range |");
    REQUIRE(field_rows.size() > 40);
    REQUIRE(range_rows.size() > 10);

    // 5.1: one row or a shared row per field, and no row for a field the program does not have.
    std::map<std::string, std::string> row_of;
    for (const auto& [cell, row] : field_rows)
        for (const auto& name : ticked(cell)) row_of[name] = row;
    std::set<std::string> listed;
    for (const auto& field : fields) {
        const std::string top = field.name.substr(0, field.name.find('.'));
        listed.insert(top);
        CAPTURE(field.name);
        REQUIRE(row_of.count(top));
        // Its names: each value an enum or a list's items may take is in the row.
        for (const auto& value : field.values) {
            CAPTURE(value);
            CHECK(row_of[top].find(value) != std::string::npos);
        }
    }
    for (const auto& [name, row] : row_of) {
        CAPTURE(name);
        CHECK(listed.count(name));
    }

    // 5.8: each whole number's range, as written ("0 to 2000000", "−1000 to 1000").
    for (const auto& field : fields) {
        if (!field.whole) continue;
        CAPTURE(field.name);
        std::string range_row;
        for (const auto& [cell, row] : range_rows)
            if (ticked(cell).count(field.name)) range_row = row;
        REQUIRE_FALSE(range_row.empty());
        const std::string range = range_row.substr(range_row.rfind(" | ") + 3);
        // died_in_fight's upper limit is another field (fight.number), checked with the state.
        const std::string high = field.name == "died_in_fight" ? "`fight.number`" : written(field.high);
        CHECK(range.find(written(field.low) + " to " + high) != std::string::npos);
    }
}
#endif
