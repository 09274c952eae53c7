#include "core/state_json.hpp"

#include <set>

#include "core/data_error.hpp"

namespace czary {

NLOHMANN_JSON_SERIALIZE_ENUM(FigureKind, {{FigureKind::Character, "character"}, {FigureKind::Monster, "monster"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Side, {{Side::Party, "party"}, {Side::Monsters, "monsters"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Sun, {{Sun::None, nullptr}, {Sun::Red, "red"}, {Sun::Yellow, "yellow"}, {Sun::Blue, "blue"}})

void to_json(nlohmann::json& j, const LocalizedText& t) { j = {{"pl", t.pl}, {"en", t.en}}; }
void from_json(const nlohmann::json& j, LocalizedText& t) {
    if (j.is_string()) {
        t.pl = t.en = j.get<std::string>();
        return;
    }
    t.pl = j.at("pl").get<std::string>();
    t.en = j.value("en", t.pl);
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Talents, traps, negotiation, black_gates)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(
    Figure, id, kind, name, hero, race, monster_kind, level, nn, sila, wounds, odpornosc, zrecznosc, talents,
    potential, pool, marked, learned, uses_left, rings, rings_used, side, charmed_by, dead, died_in_fight, asleep,
    magic_shield, armor, poisoned, poison_fresh, petrified, away, strength_bonus_next, strength_bonus_active,
    trap_bonus, free_combat_spells_next, free_combat_spells_active, cheap_lightning, acted, wounds_at_entry,
    experience, killed)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Formation, ranks)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Adventure, number, active, entered, sun)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Fight, number, active, round, phase, black_gates,
                                                gates_blasts_left, hesitation, ranks_moved_from, monsters_killed,
                                                outcome)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Encounter, negotiation_bonus, intimidation, all_treasure,
                                                bribe_modifier, bribe_tried, outcome)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Notes, locked_doors, teleports)

nlohmann::json state_to_json(const GameState& state) {
    return {
        {"next_id", state.next_id},
        {"figures", state.figures},
        {"party", state.party},
        {"monsters", state.monsters},
        {"adventure", state.adventure},
        {"fight", state.fight},
        {"right_after_fight", state.right_after_fight},
        {"encounter", state.encounter},
        {"notes", state.notes},
        // A string: JavaScript numbers cannot hold 64 bits.
        {"rng", std::to_string(state.rng.state)},
    };
}

namespace {

// A written start state must hang together: the rules look figures up by the ids they hold.
void check_references(const GameState& state) {
    std::set<std::string> ids;
    for (const auto& figure : state.figures) {
        if (figure.id.empty()) throw DataError("state: a figure has no 'id'");
        if (!ids.insert(figure.id).second) throw DataError("state: two figures have the id '" + figure.id + "'");
        if (figure.wounds < 0 || figure.sila < 0 || figure.odpornosc < 0)
            throw DataError("state: figure '" + figure.id + "' has a negative siła, odporność or wounds");
    }
    std::set<std::string> placed;
    for (const Formation* formation : {&state.party, &state.monsters}) {
        for (const auto& rank : formation->ranks) {
            for (const auto& id : rank) {
                if (id.empty()) continue;
                if (!ids.count(id)) throw DataError("state: a formation names '" + id + "', which is not among the figures");
                if (!placed.insert(id).second) throw DataError("state: '" + id + "' stands in two places");
            }
        }
    }
    for (const auto& figure : state.figures)
        if (!figure.charmed_by.empty() && !ids.count(figure.charmed_by))
            throw DataError("state: figure '" + figure.id + "' is charmed by '" + figure.charmed_by + "', who is not among the figures");
}

}  // namespace

GameState state_from_json(const nlohmann::json& json) {
    if (!json.is_object()) throw DataError("state: expected an object");
    try {
        GameState state;
        state.next_id = json.value("next_id", 1);
        state.figures = json.value("figures", std::vector<Figure>{});
        state.party = json.value("party", Formation{});
        state.monsters = json.value("monsters", Formation{});
        state.adventure = json.value("adventure", Adventure{});
        state.fight = json.value("fight", Fight{});
        state.right_after_fight = json.value("right_after_fight", false);
        state.encounter = json.value("encounter", Encounter{});
        state.notes = json.value("notes", Notes{});
        const std::string rng = json.value("rng", std::string("0"));
        if (rng.empty() || rng.size() > 20 || rng.find_first_not_of("0123456789") != std::string::npos)
            throw std::invalid_argument("rng");
        state.rng.state = std::stoull(rng);
        check_references(state);
        return state;
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("state: ") + e.what());
    } catch (const std::logic_error&) {
        throw DataError("state: 'rng' must be a decimal number in a string");
    }
}

}  // namespace czary
