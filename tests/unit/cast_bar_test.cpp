// The cast bar's view, worked out without drawing (controller/cast_bar.hpp): what the player sees
// between tapping a card and casting (10.2 the cost, 11.0 the odds, 3.0 the table's dice) and the
// cast a confirmation sends.
#include <doctest/doctest.h>

#include "app_with_store.hpp"
#include "controller/cast_bar.hpp"
#include "table.hpp"

namespace {

using czary::app::cast_bar_view;
using czary::app::confirmed_cast;

// An app at the table of `scene`: the same steps dispatched as the interface does.
struct Bar : test::AppWithStore {
    explicit Bar(const test::Table& scene) {
        for (const auto& step : scene.session.steps()) REQUIRE(czary::app::dispatch(app, step.action).ok);
    }
    void prepare(const std::string& caster, const std::string& spell, std::vector<std::string> targets, int cost) {
        app.ui.cast = {};
        app.ui.cast.caster = caster;
        app.ui.cast.spell = spell;
        app.ui.cast.targets = std::move(targets);
        app.ui.cast.cost = cost;
    }
};

}  // namespace

TEST_CASE("10.2, 11.0 the cast bar: caster, spell and target, the cost beside the caster's life, the target's odds") {
    Bar bar(test::Table::fight_with_troll());
    bar.prepare("c1", "blyskawica", {"m4"}, 2);
    const auto view = cast_bar_view(bar.app);
    REQUIRE(view);
    CHECK(view->heading == "Larraka → Błyskawica → Troll 1");
    CHECK(view->rule == "10.5");
    CHECK(view->cost == "Koszt w ranach: 2 · życie rzucającego: 5/5");
    CHECK_FALSE(view->pick_target);
    CHECK(std::string(view->confirm_key) == "cast.confirm");
    REQUIRE(view->shows_odds);
    REQUIRE(view->odds.size() == 1);
    // Troll: odporność 3, so 1-3 on 1K6 resists (11.0); 1K3×2 wounds never kill siła 9.
    CHECK(view->odds[0].line.rfind("Troll 1: odeprze 50%", 0) == 0);
    CHECK(view->odds[0].wounds == "rany, jeśli nie odeprze:  2\u00A0→\u00A033%  4\u00A0→\u00A033%  6\u00A0→\u00A033%");
    CHECK(view->dice_needed == "odparcie czaru — Troll 1: 1K6 · efekt: 1K3×2");
    CHECK(view->pips_needed == 2);
    const auto cast = confirmed_cast(bar.app);
    REQUIRE(cast);
    CHECK(cast->caster == "c1");
    CHECK(cast->targets == std::vector<std::string>{"m4"});
    CHECK_FALSE(cast->dice);
}

TEST_CASE("10.5 the cast bar waits for a target: nothing but the heading and the cost until one is tapped") {
    Bar bar(test::Table::fight_with_troll());
    bar.prepare("c1", "blyskawica", {}, 2);
    const auto view = cast_bar_view(bar.app);
    REQUIRE(view);
    CHECK(view->heading == "Larraka → Błyskawica");
    CHECK(view->pick_target);
    CHECK(view->odds.empty());
}

TEST_CASE("10.6 healing a figure with no wounds is asked once, then sent by the second tap") {
    Bar bar(test::Table::fight_with_troll());
    bar.prepare("c1", "uzdrowienie", {"c2"}, 2);
    auto view = cast_bar_view(bar.app);
    REQUIRE(view);
    CHECK(view->no_wounds.empty());
    CHECK(view->odds.at(0).line == "Gislan: wyleczy od 0 do 0 (rany: 0)");
    CHECK_FALSE(confirmed_cast(bar.app));  // the first tap asks
    view = cast_bar_view(bar.app);
    CHECK(std::string(view->confirm_key) == "cast.confirm_anyway");
    CHECK(view->no_wounds.rfind("Gislan nie ma ran", 0) == 0);
    const auto cast = confirmed_cast(bar.app);
    REQUIRE(cast);
    CHECK(cast->spell == "uzdrowienie");
}

TEST_CASE("3.0 with the table's dice the cast carries the pips entered, in the order the bar names them") {
    Bar bar(test::Table::fight_with_troll());
    bar.prepare("c1", "blyskawica", {"m4"}, 2);
    bar.app.ui.cast.table_dice = true;
    bar.app.ui.cast.pips = {5, 6};
    const auto cast = confirmed_cast(bar.app);
    REQUIRE(cast);
    REQUIRE(cast->dice);
    CHECK(*cast->dice == std::vector<int>{5, 6});
    REQUIRE(czary::app::dispatch(bar.app, *cast).ok);
    CHECK(bar.app.session.state().find("m4")->wounds == 6);  // not resisted (5 > 3); a 6 is 3 on 1K3, ×2
}

TEST_CASE("the cast bar drops a draft whose caster is gone") {
    Bar bar(test::Table::fight_with_troll());
    bar.prepare("c9", "blyskawica", {"m4"}, 2);
    CHECK_FALSE(cast_bar_view(bar.app));
    CHECK_FALSE(bar.app.ui.cast.active());
}
