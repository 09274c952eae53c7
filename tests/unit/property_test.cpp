// Random legal action sequences: undoing them all gives back the start; replay is exact.
#include "table.hpp"

#include <random>

#include "core/queries.hpp"

using nlohmann::json;

namespace {

std::string dump(const czary::GameState& state) { return czary::state_to_json(state).dump(); }

// A plausible next action for the state: mostly legal, sometimes not (then it must be refused
// without changing anything).
json random_action(const czary::GameState& s, std::mt19937& random) {
    auto pick = [&](const auto& list) { return list[random() % list.size()]; };
    std::vector<std::string> figures;
    for (const auto& f : s.figures) figures.push_back(f.id);
    const auto& spells = czary::GameData::builtin().spells.all();
    switch (random() % 10) {
        case 0: return {{"type", "add_monster"}, {"kind", pick(std::vector<std::string>{"ork", "troll", "wampir", "czarnoksieznik", "harpia"})},
                        {"sila", 2 + static_cast<int>(random() % 12)}};
        case 1: return {{"type", s.fight.active ? "next_phase" : "start_fight"}};
        case 2: {
            if (figures.empty()) break;
            const std::string caster = pick(figures);
            const std::string spell = pick(spells).id;
            const auto targets = czary::valid_targets(s, czary::GameData::builtin(), caster, spell);
            json action = {{"type", "cast"}, {"caster", caster}, {"spell", spell}, {"destination", "segment 1"}};
            if (!targets.empty()) action["targets"] = {pick(targets)};
            return action;
        }
        case 3: if (!figures.empty()) return {{"type", "wound"}, {"figure", pick(figures)}, {"amount", 1 + static_cast<int>(random() % 4)}};
                break;
        case 4: if (!figures.empty()) return {{"type", "move_figure"}, {"figure", pick(figures)}, {"rank", 1 + static_cast<int>(random() % 3)},
                                             {"slot", 1 + static_cast<int>(random() % 3)}};
                break;
        case 5: return {{"type", s.fight.active ? "next_phase" : "end_fight"}};
        case 6: if (!figures.empty()) return {{"type", "heal"}, {"figure", pick(figures)}, {"amount", 2}};
                break;
        case 7: if (!figures.empty()) return {{"type", "poison"}, {"character", pick(figures)}};
                break;
        case 8: return {{"type", s.fight.active ? "end_fight" : "clear_monsters"}};
        default: break;
    }
    return {{"type", "next_phase"}};
}

czary::Session prepared(std::uint64_t seed) {
    test::Table t;
    t.session = czary::Session::with_seed(seed);
    t.party();
    t.standard_adventure();
    t.c1_to_second_rank();
    return t.session;
}

}  // namespace

TEST_CASE("property: random legal sequences, all undone, give back the start; replay is exact") {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        CAPTURE(seed);
        auto session = prepared(seed);
        const auto start = dump(session.state());
        const std::size_t base = session.position();
        std::mt19937 random(static_cast<unsigned>(seed));
        int applied = 0;
        for (int i = 0; i < 400; ++i) {
            const auto before = dump(session.state());
            const auto action = random_action(session.state(), random);
            const auto result = session.apply(action);
            if (result.ok) ++applied;
            else REQUIRE(dump(session.state()) == before);
        }
        CHECK(applied > 100);
        const auto end = dump(session.state());

        // The file replays to the same state.
        const auto loaded = czary::Session::from_json(json::parse(session.to_json().dump()));
        CHECK(dump(loaded.state()) == end);

        // Undone all the way, one step at a time: the start again; redone: the end again.
        while (session.position() > base) session.undo(1);
        CHECK(dump(session.state()) == start);
        session.redo(session.steps().size() - base);
        CHECK(dump(session.state()) == end);
    }
}
