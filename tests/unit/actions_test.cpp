// The typed actions (core/actions.hpp): every action type of the rules has its struct, and
// struct and JSON turn into each other without a key more or less.
#include "table.hpp"

#include <climits>
#include <set>

#include "core/actions.hpp"
#include "core/data_error.hpp"

using test::json;
using test::Table;
namespace a = czary::actions;

namespace {

template <std::size_t I = 0>
void collect_types(std::set<std::string>& types) {
    if constexpr (I < std::variant_size_v<czary::Action>) {
        types.insert(std::variant_alternative_t<I, czary::Action>::type);
        collect_types<I + 1>(types);
    }
}

// Every type twice: every field set, and only the required ones.
std::vector<czary::Action> every_action() {
    const std::vector<int> pips{3, 4};
    return {
        a::AddHero{"larraka", "Lara"},
        a::AddHero{"larraka", std::nullopt},
        a::AddInitiate{"elf", "Elanor", "talent", "negotiation", std::vector<int>{5}},
        a::AddInitiate{"dwarf", "Borin", std::nullopt, std::nullopt, std::nullopt},
        a::AddCharacter{"Brat Jan", 8, 2, 2, std::array<int, 3>{0, 1, 2}, a::TalentPoints{1, 0, 3}},
        a::AddCharacter{"Brat Jan", 8, 2, std::nullopt, std::nullopt, a::TalentPoints{1, std::nullopt, std::nullopt}},
        a::AddCharacter{"X", 1, 0, std::nullopt, std::nullopt, std::nullopt},
        a::SetPool{"c1", std::vector<std::string>{"blyskawica", "wybuch"}},
        a::SetPool{"c1", std::nullopt},
        a::LearnSpell{"c1", "wskrzeszenie", "bookshelf"},
        a::BeginAdventure{std::vector<int>{3}},
        a::BeginAdventure{},
        a::MarkSpells{"c1", std::vector<std::string>{"wybuch"}},
        a::MarkSpells{"c1", std::vector<std::string>{}},
        a::RollUseLimit{"c1", "uzdrowienie", std::vector<int>{2}},
        a::EnterLabyrinth{},
        a::EndAdventure{},
        a::MoveFigure{"c1", 2, 1},
        a::AddMonster{"ork", 2, std::nullopt, "1+1", "Grub", std::vector<int>{4}},
        a::AddMonster{"troll", std::nullopt, 9, std::nullopt, std::nullopt, std::nullopt},
        a::ClearMonsters{},
        a::Rejoin{"c4"},
        a::StartFight{true},
        a::StartFight{},
        a::NextPhase{},
        a::WeaponAttack{"c4"},
        a::Wound{"m6", 4, "c4"},
        a::Wound{"m6", 4, std::nullopt},
        a::Heal{"c3", 1},
        a::KillSleeping{"m5", "c4"},
        a::EndFight{"fled"},
        a::EndFight{},
        a::EndFight{"victory", std::map<std::string, int>{{"c1", 40}, {"c2", 26}}},
        a::SetHouseRule{"end_fight_early", true},
        a::Cast{"c2", "teleportacja", std::vector<std::string>{"c4"}, false, "segment 7", "north door", pips},
        a::Cast{"c2", "elokwencja", std::nullopt, std::nullopt, std::nullopt, std::nullopt, std::nullopt},
        a::Cast{"c1", "blyskawica", std::vector<std::string>{}, std::nullopt, std::nullopt, std::nullopt, std::vector<int>{}},
        a::Negotiate{"c2", pips},
        a::Bribe{45, std::vector<int>{6}},
        a::GrantRing{"c1", "uzdrowienie"},
        a::ResistanceRing{"c3", 2},
        a::Altar{"c3", "alloces", std::vector<int>{1}},
        a::Bookshelf{"c3", std::vector<int>{5}},
        a::Manuscript{"c1"},
        a::Talisman{"c1", "blue", std::vector<int>{5}},
        a::Poison{"c3"},
        a::Poison{"c3", 2},
        a::Petrify{"c3"},
        a::DisarmTrap{"c1"},
        a::Possess{"c2", "statue", std::vector<int>{4}},
        a::CharmPotion{"c1", "m5", "person"},
        a::CharmPotion{"c1", "m5", "monster", std::vector<int>{2}, 2, 3},
        a::ThoughtTalisman{"c1"},
        a::UseThought{"c1", "m5", std::vector<int>{6, 3}},
        a::Medallion{"c2", "elokwencja"},
        a::Medallion{"c2", "elokwencja", false},
        a::MagicArmor{"c4", 3},
        a::Improve{"c4", "potential_red"},
        a::RollDice{"1K3x2", "trap", "c1", std::vector<int>{5}},
        a::RollDice{"2K6", std::nullopt, std::nullopt, std::nullopt},
    };
}

}  // namespace

TEST_CASE("actions: a struct for every action type the rules know, and no other") {
    std::set<std::string> types;
    collect_types(types);
    const auto known = czary::action_types();
    CHECK(types == std::set<std::string>(known.begin(), known.end()));
    CHECK(std::variant_size_v<czary::Action> == known.size());
}

TEST_CASE("actions: every type goes struct -> JSON -> struct -> the same JSON") {
    std::set<std::string> covered;
    for (const auto& action : every_action()) {
        const json written = czary::to_json(action);
        INFO(written.dump());
        CHECK(written.at("type") == czary::action_type(action));
        const czary::Action read = czary::action_from_json(written);
        CHECK(read.index() == action.index());
        CHECK(czary::to_json(read) == written);
        CHECK(czary::to_json(read).dump() == written.dump());
        covered.insert(czary::action_type(action));
    }
    CHECK(covered.size() == czary::action_types().size());
}

TEST_CASE("actions: an absent optional is left out; nothing is added") {
    CHECK(czary::to_json(a::AddHero{"larraka", std::nullopt}) == json{{"type", "add_hero"}, {"hero", "larraka"}});
    CHECK(czary::to_json(a::BeginAdventure{}) == json{{"type", "begin_adventure"}});
    CHECK(czary::to_json(a::EndFight{"victory"}) == json{{"type", "end_fight"}, {"outcome", "victory"}});
    // An empty list is a list: "targets": [] stays (the app sends it so).
    CHECK(czary::to_json(a::Cast{"c1", "zamek", std::vector<std::string>{}, std::nullopt, std::nullopt, std::nullopt, std::nullopt}) ==
          json{{"type", "cast"}, {"caster", "c1"}, {"spell", "zamek"}, {"targets", json::array()}});
    CHECK(czary::to_json(a::AddCharacter{"X", 5, 1, std::nullopt, std::nullopt, a::TalentPoints{}}) ==
          json{{"type", "add_character"}, {"name", "X"}, {"sila", 5}, {"odpornosc", 1}, {"talents", json::object()}});
}

TEST_CASE("actions: the examples of docs/actions.md and the interface's actions go JSON -> struct -> the same JSON") {
    const char* samples[] = {
        // docs/actions.md, section by section
        R"({"type": "add_hero", "hero": "larraka"})",
        R"({"type": "add_initiate", "race": "elf", "name": "Elanor", "bonus": "talent", "talent": "negotiation", "dice": [5]})",
        R"({"type": "add_character", "name": "Brat Jan", "sila": 8, "odpornosc": 2, "zrecznosc": 2, "potential": [0, 1, 2], "talents": {"traps": 1}})",
        R"({"type": "set_pool", "character": "c1", "spells": ["blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "urok"]})",
        R"({"type": "learn_spell", "character": "c1", "spell": "wskrzeszenie", "source": "bookshelf"})",
        R"({"type": "begin_adventure", "dice": [3]})",
        R"({"type": "mark_spells", "character": "c1", "spells": ["blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie"]})",
        R"({"type": "roll_use_limit", "character": "c1", "spell": "uzdrowienie", "dice": [2]})",
        R"({"type": "enter_labyrinth"})",
        R"({"type": "end_adventure"})",
        R"({"type": "move_figure", "figure": "c1", "rank": 2, "slot": 1})",
        R"({"type": "add_monster", "kind": "troll", "sila": 9})",
        R"({"type": "add_monster", "kind": "ork", "sila_code": "1+1", "level": 2, "dice": [4]})",
        R"({"type": "clear_monsters"})",
        R"({"type": "rejoin", "figure": "c4"})",
        R"({"type": "start_fight", "black_gates": true})",
        R"({"type": "next_phase"})",
        R"({"type": "weapon_attack", "figure": "c4"})",
        R"({"type": "wound", "figure": "m6", "amount": 4, "by": "c4"})",
        R"({"type": "heal", "figure": "c3", "amount": 1})",
        R"({"type": "kill_sleeping", "figure": "m5", "by": "c4"})",
        R"({"type": "end_fight", "outcome": "fled"})",
        R"({"type": "end_fight", "shares": {"c1": 40, "c2": 26}})",
        R"({"type": "set_house_rule", "rule": "end_fight_early", "on": true})",
        R"({"type": "cast", "caster": "c1", "spell": "blyskawica", "targets": ["m5"], "dice": [5, 6]})",
        R"({"type": "cast", "caster": "c3", "spell": "eksplozja", "dice": [6, 2, 4, 6, 5, 6]})",
        R"({"type": "cast", "caster": "m5", "spell": "urok", "targets": ["c2"], "dice": [6]})",
        R"({"type": "cast", "caster": "black_gates", "spell": "wybuch", "targets": ["c5"]})",
        R"({"type": "cast", "caster": "c1", "spell": "uzdrowienie", "targets": ["c4"], "use_ring": true, "dice": [1]})",
        R"({"type": "cast", "caster": "c2", "spell": "teleportacja", "targets": ["c4"], "destination": "segment 7"})",
        R"({"type": "cast", "caster": "c4", "spell": "zamek", "door": "north door of segment 12"})",
        R"({"type": "cast", "caster": "c2", "spell": "elokwencja"})",
        R"({"type": "negotiate", "negotiator": "c2", "dice": [3, 4]})",
        R"({"type": "bribe", "gold": 45, "dice": [6]})",
        R"({"type": "grant_ring", "character": "c1", "spell": "uzdrowienie"})",
        R"({"type": "resistance_ring", "character": "c3", "bonus": 2})",
        R"({"type": "altar", "character": "c3", "altar": "alloces", "dice": [1]})",
        R"({"type": "bookshelf", "character": "c3", "dice": [5]})",
        R"({"type": "manuscript", "character": "c1"})",
        R"({"type": "talisman", "character": "c1", "sun": "blue", "dice": [5]})",
        R"({"type": "poison", "character": "c3"})",
        R"({"type": "petrify", "character": "c3"})",
        R"({"type": "disarm_trap", "character": "c1"})",
        R"({"type": "roll_dice", "code": "1K3x2", "purpose": "trap", "figure": "c1", "dice": [5]})",
        // as the interface builds them (src/app)
        R"({"type": "add_initiate", "race": "human", "name": "Jan", "bonus": "sila"})",
        R"({"type": "add_character", "name": "Ktoś", "sila": 7, "odpornosc": 1, "zrecznosc": 0, "potential": [1, 1, 1], "talents": {"traps": 0, "negotiation": 0, "black_gates": 0}})",
        R"({"type": "add_monster", "kind": "ork", "level": 1, "sila": 5})",
        R"({"type": "cast", "caster": "c1", "spell": "niepewnosc", "targets": []})",
        R"({"type": "end_fight", "outcome": "victory"})",
        R"({"type": "roll_use_limit", "character": "c1", "spell": "odmlodzenie", "dice": []})",
        R"({"type": "roll_dice", "code": "2K6"})",
    };
    for (const char* text : samples) {
        const json sample = json::parse(text);
        INFO(text);
        CHECK(czary::to_json(czary::action_from_json(sample)) == sample);
        CHECK(czary::to_json(czary::action_from_json(sample)).dump() == sample.dump());
    }
}

TEST_CASE("actions: an unknown type, a missing field or a field of the wrong JSON type is a DataError") {
    auto message = [](const json& j) {
        try {
            czary::action_from_json(j);
        } catch (const czary::DataError& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    CHECK(message({{"type", "fireball"}}) == "unknown action type 'fireball'");
    CHECK(message(json::array()) == "an action must be a JSON object");
    CHECK(message({{"hero", "larraka"}}) == "an action needs a text 'type'");
    CHECK(message({{"type", 7}}) == "an action needs a text 'type'");
    CHECK(message({{"type", "add_hero"}}) == "action 'add_hero': field 'hero' is missing");
    CHECK(message({{"type", "add_hero"}, {"hero", 3}}) == "action 'add_hero': field 'hero' must be a text");
    CHECK(message({{"type", "wound"}, {"figure", "m1"}, {"amount", 1.5}}) == "action 'wound': field 'amount' must be a whole number");
    // Past an int, a whole number is its end on that side: the rules refuse it as out of the
    // field's own range (input_validation_test: "out_of_range", 1-99), never as 1.
    CHECK(std::get<a::Wound>(czary::action_from_json({{"type", "wound"}, {"figure", "m1"}, {"amount", 4294967297ULL}})).amount == INT_MAX);
    CHECK(std::get<a::Wound>(czary::action_from_json({{"type", "wound"}, {"figure", "m1"}, {"amount", -4294967295LL}})).amount == INT_MIN);
    CHECK(message({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {1}}}) ==
          "action 'cast': field 'targets' must be a list of texts");
    CHECK(message({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"use_ring", "yes"}}) ==
          "action 'cast': field 'use_ring' must be true or false");
    CHECK(message({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", nullptr}}) ==
          "action 'cast': field 'targets' must not be null");
    CHECK(message({{"type", "begin_adventure"}, {"dice", {"six"}}}) == "action 'begin_adventure': field 'dice' must be a list of whole numbers");
    CHECK(message({{"type", "add_character"}, {"name", "X"}, {"sila", 5}, {"odpornosc", 1}, {"potential", {1, 2}}}) ==
          "action 'add_character': field 'potential' must be a list of three whole numbers");
    CHECK(message({{"type", "add_character"}, {"name", "X"}, {"sila", 5}, {"odpornosc", 1}, {"talents", {{"magic", 1}}}}) ==
          "action 'add_character': field 'talents.magic' is not a talent (traps, negotiation, black_gates)");
    CHECK(message({{"type", "heal"}, {"figure", "c1"}, {"amount", 1}, {"dice", {3}}}) ==
          "action 'heal': rolls no dice, but 'dice' holds some");
}

TEST_CASE("actions: read as the rules read them: null text or number is left out, unknown fields ignored") {
    const json sent = {{"type", "add_hero"}, {"hero", "larraka"}, {"name", nullptr}, {"comment", "ignored"}};
    CHECK(czary::to_json(czary::action_from_json(sent)) == json{{"type", "add_hero"}, {"hero", "larraka"}});
    const json no_dice = {{"type", "heal"}, {"figure", "c1"}, {"amount", 1}, {"dice", json::array()}};
    CHECK(czary::to_json(czary::action_from_json(no_dice)) == json{{"type", "heal"}, {"figure", "c1"}, {"amount", 1}});
}

TEST_CASE("actions: Session::apply of a struct keeps the same JSON step and the same result as the JSON") {
    Table typed;
    Table plain;
    const std::vector<czary::Action> play = {
        a::AddHero{"larraka", std::nullopt},
        a::AddHero{"gislan", std::nullopt},
        a::SetPool{"c1", std::vector<std::string>{"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "zamek"}},
        a::SetPool{"c2", std::vector<std::string>{"magiczna_zbroja", "zamek", "sila", "elokwencja"}},
        a::BeginAdventure{std::vector<int>{3}},
        a::MarkSpells{"c1", std::vector<std::string>{"blyskawica", "wybuch", "zamek", "magiczna_tarcza", "uspienie"}},
        a::MarkSpells{"c2", std::vector<std::string>{"magiczna_zbroja", "zamek", "sila", "elokwencja"}},
        a::EnterLabyrinth{},
        a::Cast{"c2", "magiczna_zbroja", std::vector<std::string>{"c1"}, std::nullopt, std::nullopt, std::nullopt, std::vector<int>{6}},
        a::Cast{"c2", "wybuch", std::vector<std::string>{"c1"}, std::nullopt, std::nullopt, std::nullopt, std::nullopt},  // refused
    };
    for (const auto& action : play) {
        const auto from_struct = typed.session.apply(action);
        const auto from_json = plain.session.apply(czary::to_json(action));
        CHECK(czary::result_to_json(from_struct) == czary::result_to_json(from_json));
    }
    CHECK(typed.session.to_json() == plain.session.to_json());
    CHECK(typed.session.steps().size() == 9);
    CHECK(czary::to_json(typed.session.steps().back().action) ==
          json{{"type", "cast"}, {"caster", "c2"}, {"spell", "magiczna_zbroja"}, {"targets", {"c1"}}, {"dice", {6}}});
    CHECK(typed.fig("c1").armor == 4);
}

TEST_CASE("result_to_json: an accepted action always has an outcome object, {} when it had nothing to say; the rolls come with it") {
    Table t;
    // add_hero says which figure it added; begin_adventure rolls the sun; end_adventure says nothing.
    const auto added = czary::result_to_json(t.ok({{"type", "add_hero"}, {"hero", "dierdra"}}));
    CHECK(added.at("outcome") == json{{"figure", "c1"}});
    const auto sun = czary::result_to_json(t.ok({{"type", "begin_adventure"}, {"dice", {5}}}));
    REQUIRE(sun.at("rolls").size() == 1);
    CHECK(sun.at("rolls")[0].at("pips") == json{5});
    CHECK(sun.at("rolls")[0].at("source") == "table");
    const auto ended = czary::result_to_json(t.ok({{"type", "end_adventure"}}));
    CHECK(ended.at("outcome").is_object());
    CHECK(ended.at("outcome").empty());
    CHECK(ended.at("rolls") == json::array());
}
