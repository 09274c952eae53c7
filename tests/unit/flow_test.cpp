// Issue 25: what the interface decides without drawing (src/controller/flow): while the party is
// set up, the next character that still has to choose opens by itself; a toast stays for a
// reader's pace, longer for a refusal.
#include <doctest/doctest.h>

#include "controller/flow.hpp"
#include "table.hpp"

using czary::app::needs_marks;
using czary::app::needs_pool;
using czary::app::next_to_choose;
using czary::app::reading_time;

TEST_CASE("10.0 pools, then 4.1 D marks: the next character that still chooses, round the party; none when all have") {
    test::Table t;
    t.party();  // c1 Larraka, c2 Gislan, c3 Curvenol: none has a pool yet
    CHECK(next_to_choose(t.state(), "c1", needs_pool) == std::optional<std::string>("c2"));
    CHECK(next_to_choose(t.state(), "c3", needs_pool) == std::optional<std::string>("c1"));  // round to the start
    t.standard_pools();
    CHECK(next_to_choose(t.state(), "c1", needs_pool) == std::nullopt);
    CHECK(t.state().find("c1")->pool_size() == 6);  // the largest potential (10.0)
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
    // Gislan has marked his: after Larraka comes Curvenol.
    t.ok({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja"}}});
    CHECK_FALSE(needs_marks(t.state(), *t.state().find("c2")));
    CHECK(next_to_choose(t.state(), "c1", needs_marks) == std::optional<std::string>("c3"));
    // A dead character is not asked.
    t.ok({{"type", "wound"}, {"figure", "c3"}, {"amount", 20}});
    CHECK(next_to_choose(t.state(), "c1", needs_marks) == std::nullopt);
}

TEST_CASE("toast: five seconds and a little more for a long text; a refusal half as long again") {
    CHECK(reading_time("", false) == doctest::Approx(5.0));
    CHECK(reading_time(std::string(100, 'a'), false) == doctest::Approx(10.0));
    CHECK(reading_time("ąęó", false) == doctest::Approx(5.15));  // characters, not bytes
    CHECK(reading_time(std::string(100, 'a'), true) == doctest::Approx(15.0));
}
