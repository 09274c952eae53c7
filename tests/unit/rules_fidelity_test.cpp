// Issue #16: rules a line-by-line reading of the rulebook found wrong or missing (spells, items,
// altars, possession). One case where each rule applies and one where it refuses.
#include <doctest/doctest.h>

#include "core/data_error.hpp"
#include "core/queries.hpp"
#include "core/target_roll.hpp"
#include "table.hpp"

using test::Table;
using json = nlohmann::json;

namespace {


bool has(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

// The usual party; Curvenol (c3, Urok, Uwolnienie) in the second rank; an ork (m4, odporność 1)
// and a Vampire (m5, odporność 4) in the first.
Table vampire_and_ork() {
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
    t.monster("ork", 4);
    t.monster("wampir", 12);
    t.porter_in_second_rank();  // c6
    t.ok({{"type", "start_fight"}});
    return t;
}

}  // namespace

TEST_CASE("15.5 a monster's Urok takes characters: the Vampire cannot charm a monster the party charmed") {
    Table t = vampire_and_ork();
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {6}}});
    REQUIRE(t.fig("m4").side == czary::Side::Party);
    t.next_phases(1);  // phase 2: the monsters
    t.refused({{"type", "cast"}, {"caster", "m5"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {6}}},
              "monster_charms_characters", "15.5");
    CHECK_FALSE(has(czary::valid_targets(t.state(), czary::GameData::builtin(), "m5", "urok"), "m4"));
    t.ok({{"type", "cast"}, {"caster", "m5"}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}});
    CHECK(t.fig("c2").charmed_by == "m5");
}

TEST_CASE("15.5 the party's Urok cannot take a character the Vampire charmed; only Uwolnienie or its death") {
    Table t = vampire_and_ork();
    t.next_phases(1);
    t.ok({{"type", "cast"}, {"caster", "m5"}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}});
    t.next_round_porter_forward();  // round 2, phase 1
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}},
              "vampire_charm_only_freed", "15.5");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "uwolnienie"}, {"targets", {"c2"}}, {"dice", {6}}});
    CHECK(t.fig("c2").side == czary::Side::Party);
    CHECK(t.fig("c2").charmed_by.empty());
}

TEST_CASE("13.5 Avnas: Błyskawica for 1 wound whether the character knew it or not") {
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    // Curvenol has not marked Błyskawica: refused before the altar.
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "blyskawica"}, {"targets", {"m4"}}}, "not_marked", "4.1");
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 9}});
    t.ok({{"type", "end_fight"}});
    t.ok({{"type", "altar"}, {"character", "c3"}, {"altar", "avnas"}, {"dice", {1}}});  // 1 <= odporność 1
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    const auto list = czary::spell_availability(t.state(), czary::GameData::builtin(), "c3");
    const auto lightning = std::find_if(list.begin(), list.end(), [](const auto& a) { return a.spell == "blyskawica"; });
    REQUIRE(lightning != list.end());
    CHECK(lightning->castable);
    CHECK(lightning->cost == 1);
    auto cast = t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "blyskawica"}, {"targets", {"m5"}}, {"dice", {6, 2}}});
    CHECK(cast.outcome["cost"] == 1);
    CHECK(t.fig("c3").wounds == 1);
    CHECK(t.fig("m5").wounds == 2);
}

TEST_CASE("10.6 / 7.2 poison: its wounds are taken at once and Neutralizacja trucizny right after takes exactly them back") {
    Table t;
    t.party();
    t.adventure(Table::standard_marks(1), {"neutralizacja_trucizny", "zamek", "sila", "elokwencja"}, Table::standard_marks(3));
    t.ok({{"type", "wound"}, {"figure", "c1"}, {"amount", 1}});
    auto poisoned = t.ok({{"type", "poison"}, {"character", "c1"}, {"dice", {5}}});  // 1K3: 5 -> 3
    CHECK(poisoned.outcome["wounds"] == 3);
    CHECK(t.fig("c1").wounds == 4);
    // The dice tray does not close the "right after" window.
    t.ok({{"type", "roll_dice"}, {"code", "2K6"}, {"dice", {1, 2}}});
    auto cured = t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "neutralizacja_trucizny"}, {"targets", {"c1"}}});
    CHECK(cured.outcome["targets"][0]["healed"] == 3);
    CHECK(t.fig("c1").wounds == 1);  // the wound from before stays
    CHECK_FALSE(t.fig("c1").poisoned);
    // Later is too late: anything but a spell or the tray closes the window.
    t.ok({{"type", "poison"}, {"character", "c1"}, {"wounds", 2}});
    t.ok({{"type", "heal"}, {"figure", "c3"}, {"amount", 1}});
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "neutralizacja_trucizny"}, {"targets", {"c1"}}},
              "poison_not_fresh", "10.6");
    CHECK(t.fig("c1").wounds == 3);
}

TEST_CASE("14.7 the Neutralizacja trucizny medallion: no poison harms its wearer") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "medallion"}, {"character", "c1"}, {"medallion", "neutralizacja_trucizny"}});
    auto result = t.ok({{"type", "poison"}, {"character", "c1"}, {"wounds", 3}});
    CHECK(result.outcome["wounds"] == 0);
    CHECK(t.fig("c1").wounds == 0);
    CHECK_FALSE(t.fig("c1").poisoned);
    t.ok({{"type", "medallion"}, {"character", "c1"}, {"medallion", "neutralizacja_trucizny"}, {"worn", false}});
    t.ok({{"type", "poison"}, {"character", "c1"}, {"wounds", 3}});
    CHECK(t.fig("c1").wounds == 3);
    t.refused({{"type", "medallion"}, {"character", "c1"}, {"medallion", "dusiciel"}}, "bad_action", "");
}

namespace {

// Gislan (c2) knows Ożywienie kamienia; a Medusa (m4) turns Larraka (c1) to stone in a fight.
Table stone_after_fight() {
    Table t;
    t.party();
    t.adventure(Table::standard_marks(1), {"ozywienie_kamienia", "zamek", "sila", "elokwencja"}, Table::standard_marks(3));
    t.monster("meduza", 8);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "petrify"}, {"character", "c1"}});
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 8}});
    t.ok({{"type", "end_fight"}});
    return t;
}

}  // namespace

TEST_CASE("15.3 Ożywienie kamienia: right after the fight") {
    Table t = stone_after_fight();
    t.ok({{"type", "roll_dice"}, {"code", "1K6"}, {"dice", {4}}});
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c1"}}});
    CHECK_FALSE(t.fig("c1").petrified);
    CHECK(t.fig("c1").alive());
    CHECK(czary::place_of(t.state(), "c1").on_board());
}

TEST_CASE("15.3 Ożywienie kamienia: once the moment after the fight has passed, the stone character is dead") {
    Table t = stone_after_fight();
    auto result = t.ok({{"type", "heal"}, {"figure", "c3"}, {"amount", 1}});
    CHECK(t.fig("c1").dead);
    CHECK(result.log.front().key == "stone_dead");
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c1"}}}, "target_dead", "9.7");
}

TEST_CASE("13.2 / 15.3 a statue's Medusa outside a fight: Ożywienie kamienia at once, or never") {
    Table t;
    t.party();
    t.adventure(Table::standard_marks(1), {"ozywienie_kamienia", "zamek", "sila", "elokwencja"}, Table::standard_marks(3));
    t.ok({{"type", "petrify"}, {"character", "c3"}});
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c3"}}});
    CHECK(t.fig("c3").alive());
    t.ok({{"type", "petrify"}, {"character", "c3"}});
    t.ok({{"type", "heal"}, {"figure", "c1"}, {"amount", 1}});
    CHECK(t.fig("c3").dead);
}

TEST_CASE("13.5 Alloces' curse: zręczność -1 until the adventure ends") {
    Table t = Table::in_labyrinth();
    const int before = t.fig("c3").zrecznosc;
    t.ok({{"type", "altar"}, {"character", "c3"}, {"altar", "alloces"}, {"dice", {6}}});  // 6 > odporność 1
    CHECK(t.fig("c3").zrecznosc == before - 1);
    t.ok({{"type", "end_adventure"}});
    CHECK(t.fig("c3").zrecznosc == before);
}

TEST_CASE("13.5 Asmoday: success raises zręczność by 3 and gives Błyskawica for 1 wound") {
    Table t = Table::in_labyrinth();
    const int before = t.fig("c3").zrecznosc;
    t.ok({{"type", "altar"}, {"character", "c3"}, {"altar", "asmoday"}, {"dice", {1}}});
    CHECK(t.fig("c3").zrecznosc == before + 3);
    CHECK(t.fig("c3").cheap_lightning);
    t.ok({{"type", "end_adventure"}});
    CHECK(t.fig("c3").zrecznosc == before + 3);  // for good
}

TEST_CASE("13.5 Asmoday's curse: every potential -1, and a marked spell over the sun's number is given up") {
    Table t;
    t.party();
    t.standard_adventure();  // yellow sun; Curvenol 5/5/5 marked 5
    t.ok({{"type", "altar"}, {"character", "c3"}, {"altar", "asmoday"}, {"dice", {6}}, {"drop", "eksplozja"}});
    CHECK(t.fig("c3").potential == std::array<int, 3>{4, 4, 4});
    CHECK(t.fig("c3").marked.size() == 4);
    CHECK_FALSE(has(t.fig("c3").marked, "eksplozja"));
    CHECK(has(t.fig("c3").pool, "eksplozja"));  // still in the pool for later adventures
}

TEST_CASE("10.5 Niepewność: healing just before the fight, from any rank, outside the round's one spell") {
    Table t;
    t.party();
    t.adventure({"niepewnosc", "uzdrowienie", "blyskawica", "wybuch", "uspienie"}, Table::standard_marks(2),
                Table::standard_marks(3));
    t.c1_to_second_rank();
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 6}});
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    // Without Niepewność Curvenol, in the first rank, heals no one (10.4).
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "odmlodzenie"}, {"targets", {"c2"}}}, "not_second_rank", "10.4");
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "niepewnosc"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", {2}}});   // 1K3+1 = 2
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "odmlodzenie"}, {"targets", {"c2"}}, {"dice", {3}}});  // 1K6+1 = 4
    CHECK(t.fig("c2").wounds == 0);
    CHECK(t.fig("c3").acted == czary::Acted::Nothing);  // its round is still to come
    // Anything else starts the fight: the time is over, and the first rank heals no one again.
    t.ok({{"type", "weapon_attack"}, {"figure", "c2"}});
    CHECK_FALSE(t.state().fight.hesitation_window);
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "odmlodzenie"}, {"targets", {"c2"}}}, "not_second_rank", "10.4");
}

TEST_CASE("10.5 Niepewność: without it, the once-per-round limit holds for healing too") {
    Table t;
    t.party();
    t.adventure({"uzdrowienie", "blyskawica", "wybuch", "uspienie", "zamek"}, Table::standard_marks(2), Table::standard_marks(3));
    t.c1_to_second_rank();
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 6}});
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", {2}}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", {2}}},
              "already_cast_this_round", "9.4");
}

TEST_CASE("13.2 the Nameless One's statue: the possessed character faces the middle of the party; only Uwolnienie frees it") {
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
    t.porter_in_second_rank();
    auto possessed = t.ok({{"type", "possess"}, {"character", "c2"}, {"source", "statue"}, {"dice", {6}}});  // 6 > odporność 3
    CHECK(t.fig("c2").possessed == czary::Possession::Statue);
    CHECK(t.fig("c2").side == czary::Side::Monsters);
    CHECK(t.state().monsters.ranks[0][1] == "c2");
    // "musi natychmiast zaatakować [...] Rozpoczyna się walka": the fight opens with its attack.
    CHECK(t.state().fight.active);
    CHECK(t.state().fight.phase == 2);
    CHECK(possessed.log.back().key == "possessed_attacks_first");
    t.next_round_porter_forward();  // round 2, phase 1: the party's casters
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}},
              "statue_only_freed", "13.2");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "uwolnienie"}, {"targets", {"c2"}}, {"dice", {6}}});
    CHECK(t.fig("c2").possessed == czary::Possession::None);
    CHECK(t.fig("c2").side == czary::Side::Party);
}

TEST_CASE("13.2 / 15.5 a possessed character does not cast; its death ends the possession") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "possess"}, {"character", "c2"}, {"source", "statue"}, {"dice", {6}}});
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "magiczna_zbroja"}, {"targets", {"c2"}}},
              "charmed_cannot_cast", "15.5");
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 99}});
    CHECK(t.fig("c2").dead);
    CHECK(t.fig("c2").possessed == czary::Possession::None);
    CHECK(t.fig("c2").side == czary::Side::Party);
}

TEST_CASE("14.6 the Zło talisman: resisted, nothing happens; else Urok, by spell or potion, ends it") {
    Table t = Table::in_labyrinth();
    auto resisted = t.ok({{"type", "possess"}, {"character", "c2"}, {"source", "talisman"}, {"dice", {2}}});
    CHECK(resisted.outcome["resisted"] == true);
    CHECK(t.fig("c2").possessed == czary::Possession::None);
    t.ok({{"type", "possess"}, {"character", "c2"}, {"source", "talisman"}, {"dice", {5}}});
    CHECK(t.fig("c2").possessed == czary::Possession::Talisman);
    t.refused({{"type", "possess"}, {"character", "c2"}, {"source", "talisman"}}, "already_possessed", "14.6");
    // 14.6: "Atak następuje z aktualnie zajmowanej w szyku pozycji": Gislan stays where he stood,
    // a foe among the party, and attacks at once; the players pick whom.
    CHECK(t.state().party.ranks[0][1] == "c2");
    CHECK(t.fig("c2").side == czary::Side::Monsters);
    CHECK(t.state().fight.active);
    CHECK(t.state().fight.phase == 2);
    const auto roll = czary::monster_target_roll(t.state(), czary::GameData::builtin(), "c2");
    CHECK(roll.targets == std::vector<std::string>{"c1", "c3"});
    CHECK_FALSE(roll.roll);
    // The potion: Gislan resists once (3 <= 3), then not.
    t.ok({{"type", "charm_potion"}, {"character", "c1"}, {"target", "c2"}, {"potion", "person"}, {"dice", {3}}});
    CHECK(t.fig("c2").possessed == czary::Possession::Talisman);
    t.ok({{"type", "charm_potion"}, {"character", "c1"}, {"target", "c2"}, {"potion", "person"}, {"dice", {4}}});
    CHECK(t.fig("c2").possessed == czary::Possession::None);
    CHECK(t.fig("c2").side == czary::Side::Party);
    CHECK(t.state().party.ranks[0][1] == "c2");  // freed where he stood
}

TEST_CASE("14.5 charm potions: Urok (osoba) over the Black Knight, the Sorcerer, the Orc and the Troll, Urok (potwór) over the rest") {
    Table t = Table::in_labyrinth();
    const std::string ork = t.monster("ork", 4);
    const std::string warg = t.monster("warg", 6);
    t.refused({{"type", "charm_potion"}, {"character", "c1"}, {"target", ork}, {"potion", "monster"}},
              "potion_for_monsters", "14.5");
    t.refused({{"type", "charm_potion"}, {"character", "c1"}, {"target", warg}, {"potion", "person"}},
              "potion_for_persons", "14.5");
    auto charmed = t.ok({{"type", "charm_potion"}, {"character", "c1"}, {"target", ork}, {"potion", "person"}, {"dice", {2}}});
    CHECK(charmed.outcome["resisted"] == false);
    CHECK(t.fig(ork).side == czary::Side::Party);
    CHECK(t.fig(ork).charmed_by == "c1");
    CHECK(t.fig("c1").wounds == 0);  // a potion costs nothing
    t.ok({{"type", "charm_potion"}, {"character", "c1"}, {"target", warg}, {"potion", "monster"}, {"dice", {2}}});
    CHECK(t.fig(warg).side == czary::Side::Party);
}

TEST_CASE("14.6 the Myśl talisman: 1 wound, a resist roll, 1K6 wounds, 1K6 uses") {
    Table t = Table::fight_with_troll();
    t.refused({{"type", "use_thought"}, {"character", "c2"}, {"target", "m4"}}, "no_thought_talisman", "14.6");
    t.ok({{"type", "thought_talisman"}, {"character", "c2"}, {"dice", {1}}});
    CHECK(t.fig("c2").thought_uses == 1);
    auto hit = t.ok({{"type", "use_thought"}, {"character", "c2"}, {"target", "m4"}, {"dice", {6, 5}}});  // 6 > odp 3
    CHECK(hit.outcome["wounds"] == 5);
    CHECK(t.fig("m4").wounds == 5);
    CHECK(t.fig("c2").wounds == 1);
    CHECK(t.fig("c2").thought_uses == 0);
    t.next_phases(4);  // round 2, phase 1
    t.refused({{"type", "use_thought"}, {"character", "c2"}, {"target", "m4"}}, "no_thought_talisman", "14.6");
}

TEST_CASE("14.4 magic armour adds its siła, and with it the 10.2 cost check moves") {
    Table t;
    t.party();
    t.adventure({"psychiczny_cios", "blyskawica", "wybuch", "uspienie", "zamek"}, Table::standard_marks(2), Table::standard_marks(3));
    t.c1_to_second_rank();
    // Larraka, siła 5, 1 wound: Psychiczny cios (4) would kill her.
    t.ok({{"type", "wound"}, {"figure", "c1"}, {"amount", 1}});
    const std::string first = t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "psychiczny_cios"}, {"targets", {first}}}, "cost_would_kill", "10.2");
    t.refused({{"type", "magic_armor"}, {"character", "c1"}, {"sila", 2}}, "armor_not_in_fight", "14.4");
    t.ok({{"type", "wound"}, {"figure", first}, {"amount", 9}});
    t.ok({{"type", "end_fight"}});
    t.ok({{"type", "magic_armor"}, {"character", "c1"}, {"sila", 2}});
    CHECK(t.fig("c1").sila == 7);
    const std::string second = t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "psychiczny_cios"}, {"targets", {second}}, {"dice", {1}}});
    CHECK(t.fig("c1").wounds == 5);
    t.ok({{"type", "wound"}, {"figure", second}, {"amount", 9}});
    t.ok({{"type", "end_fight"}});
    // Taken off, the armour's siła goes with it, unless the wounds would then reach siła.
    t.refused({{"type", "magic_armor"}, {"character", "c1"}, {"sila", 0}}, "armor_removal_kills", "14.4");
}

TEST_CASE("12.2 / 12.3 experience spent after an adventure raises siła, odporność, zręczność or a potential, each by one") {
    Table t = Table::in_labyrinth();
    const std::string troll = t.monster("troll", 50);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", troll}, {"amount", 50}});
    t.ok({{"type", "end_fight"}});  // 300 experience, 100 each
    REQUIRE(t.fig("c1").experience == 100);
    t.refused({{"type", "improve"}, {"character", "c1"}, {"what", "sila"}}, "improve_after_adventure", "12.2");
    t.ok({{"type", "end_adventure"}});
    t.ok({{"type", "improve"}, {"character", "c1"}, {"what", "potential_red"}});
    CHECK(t.fig("c1").potential[0] == 7);
    CHECK(t.fig("c1").experience == 0);
    t.refused({{"type", "improve"}, {"character", "c2"}, {"what", "zrecznosc"}}, "not_enough_experience", "12.3");
    t.ok({{"type", "improve"}, {"character", "c2"}, {"what", "sila"}});
    CHECK(t.fig("c2").sila == 11);
    t.refused({{"type", "improve"}, {"character", "c2"}, {"what", "sila"}}, "improved_once", "12.2");
    // The larger potential lets the pool grow (4.1 B6: as many spells as the largest potential).
    t.ok({{"type", "set_pool"}, {"character", "c1"},
          {"spells", Table::pad(json{"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "urok"}, 7)}});
    CHECK(t.fig("c1").pool.size() == 7);
}

TEST_CASE("data: a spell's target kind, effect and timing are read once; an unknown one is refused") {
    const auto& spells = czary::GameData::builtin().spells;
    CHECK(czary::is_wounding(*spells.find("gniew_bozy")));
    CHECK_FALSE(czary::is_wounding(*spells.find("urok")));
    CHECK(spells.find("wskrzeszenie")->when == czary::SpellTiming::RightAfterFight);
    CHECK(spells.find("ozywienie_kamienia")->when == czary::SpellTiming::NotInFight);
    const char* spell = R"({"format": "czary-spells", "spells": [{"id": "x", "name": {"pl": "X", "en": "X"}, "abbr": "X",
        "cost": 1, "type": "W", "rule": "10.5", "target": "TARGET", "does": "DOES", "resistible": false, "dice": "1K6",
        "effect": {"pl": "", "en": ""}, "short": {"pl": "", "en": ""}}]})";
    auto with = [&](const std::string& target, const std::string& does) {
        std::string text = spell;
        text.replace(text.find("TARGET"), 6, target);
        text.replace(text.find("DOES"), 4, does);
        return czary::SpellCatalog::from_json(text);
    };
    CHECK(with("monster_rank_1", "wound").all().front().target == czary::TargetKind::EnemyFirstRank);
    CHECK_THROWS_WITH_AS(with("monster_rank_9", "wound"), doctest::Contains("unknown target 'monster_rank_9'"), czary::DataError);
    CHECK_THROWS_WITH_AS(with("none", "explode"), doctest::Contains("unknown does 'explode'"), czary::DataError);
}

TEST_CASE("10.5 Urok: the players choose the free place the charmed monster takes") {
    Table t = vampire_and_ork();  // party: c1 c2 _ / c3 _ _
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"rank", 1}, {"slot", 1}},
              "place_taken", "10.5");
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {"m4"}}, {"dice", {6}}, {"rank", 2}, {"slot", 3}});
    CHECK(t.state().party.ranks[1][2] == "m4");
    CHECK(t.state().party.ranks[0][2].empty());
}

TEST_CASE("10.4 a monster charmed into the party casts as the party does: from the second rank only") {
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
    const std::string sorcerer = t.monster("czarnoksieznik", 8);
    t.monster("troll", 9);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "urok"}, {"targets", {sorcerer}}, {"dice", {6}}, {"rank", 1}, {"slot", 3}});
    t.next_phases(4);  // round 2, phase 1
    t.refused({{"type", "cast"}, {"caster", sorcerer}, {"spell", "magiczna_tarcza"}, {"targets", {"c1"}}}, "not_second_rank", "10.4");
}

TEST_CASE("10.6 Siła cast during a fight counts for that fight") {
    Table u = Table::in_labyrinth();
    u.to_second_rank("c2");
    u.monster("troll", 9);
    u.ok({{"type", "start_fight"}});
    u.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {"c1"}}, {"dice", {4}}});
    CHECK(u.fig("c1").strength_bonus_active == 4);
    CHECK(u.fig("c1").strength_bonus_next == 0);
}

TEST_CASE("4.1 D the end of an adventure ends its spells: armour points, a waiting Siła, sleep, Delikatne palce") {
    Table t = Table::in_labyrinth();
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "magiczna_zbroja"}, {"targets", {"c1"}}, {"dice", {4}}});
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {"c1"}}, {"dice", {4}}});
    REQUIRE(t.fig("c1").armor == 3);
    REQUIRE(t.fig("c1").strength_bonus_next == 4);
    t.ok({{"type", "end_adventure"}});
    CHECK(t.fig("c1").armor == 0);
    CHECK(t.fig("c1").strength_bonus_next == 0);
}

TEST_CASE("17.5 experience prices rise 10% after every adventure from the second; 12.2 talents are raised too") {
    Table t = Table::in_labyrinth();  // adventure 1
    std::vector<std::string> trolls;
    for (int sila : {99, 99, 99, 3}) trolls.push_back(t.monster("troll", sila));
    t.ok({{"type", "start_fight"}});
    for (const auto& troll : trolls) t.ok({{"type", "wound"}, {"figure", troll}, {"amount", 99}});
    t.ok({{"type", "end_fight"}});  // 300 × 6 = 1800 experience, 600 each
    t.ok({{"type", "end_adventure"}});
    // After the first adventure: 100 (zręczność 150).
    CHECK(czary::improve_price(t.state(), "sila") == 100);
    CHECK(czary::improve_price(t.state(), "zrecznosc") == 150);
    auto raised = t.ok({{"type", "improve"}, {"character", "c2"}, {"what", "talent_traps"}});  // Gislan: traps 3 → 4
    CHECK(t.fig("c2").talents.traps == 4);
    CHECK(t.fig("c2").experience == 500);
    CHECK(raised.log[0].text().pl == "Gislan podnosi cechę: zdolność „pułapki” o 1 (koszt: 100 punktów doświadczenia i tyle samo złota).");
    t.ok({{"type", "improve"}, {"character", "c1"}, {"what", "talent_negotiation"}});
    CHECK(t.fig("c1").talents.negotiation == 1);
    t.ok({{"type", "improve"}, {"character", "c3"}, {"what", "talent_black_gates"}});  // Curvenol: 2 → 3
    CHECK(t.fig("c3").talents.black_gates == 3);
    // The second adventure ends: 110 (zręczność 165).
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
    t.ok({{"type", "end_adventure"}});
    CHECK(czary::improve_price(t.state(), "sila") == 110);
    CHECK(czary::improve_price(t.state(), "zrecznosc") == 165);
    t.ok({{"type", "improve"}, {"character", "c2"}, {"what", "talent_traps"}});  // 4 → 5
    CHECK(t.fig("c2").experience == 390);
    t.ok({{"type", "improve"}, {"character", "c1"}, {"what", "zrecznosc"}});
    CHECK(t.fig("c1").experience == 600 - 100 - 165);
    // During the third adventure the price stays that of the second's end; after it, 120 (180).
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
    CHECK(czary::improve_price(t.state(), "sila") == 110);
    t.ok({{"type", "end_adventure"}});
    CHECK(czary::improve_price(t.state(), "sila") == 120);
    CHECK(czary::improve_price(t.state(), "zrecznosc") == 180);
    // 7.3: "Poziom zdolności „pułapki” postaci nie może przekroczyć poziomu 5".
    t.refused({{"type", "improve"}, {"character", "c2"}, {"what", "talent_traps"}}, "talent_at_most_5", "7.3");
    t.ok({{"type", "improve"}, {"character", "c2"}, {"what", "odpornosc"}});
    CHECK(t.fig("c2").experience == 270);
}

TEST_CASE("14.6 / 9.4 the Myśl talisman's strike is the wearer's attack: in a fight, phase 1 only") {
    Table t = Table::fight_with_troll();
    t.ok({{"type", "thought_talisman"}, {"character", "c2"}, {"dice", {3}}});
    t.next_phases(1);  // phase 2: the monsters' attack
    t.refused({{"type", "use_thought"}, {"character", "c2"}, {"target", "m4"}, {"dice", {6, 5}}}, "wrong_phase_attack", "9.4");
    t.next_phases(3);  // round 2, phase 1
    t.ok({{"type", "use_thought"}, {"character", "c2"}, {"target", "m4"}, {"dice", {6, 5}}});
    CHECK(t.fig("m4").wounds == 5);
}

TEST_CASE("13.5 Vassago: success gives pułapki +3 (at most 5); failure takes them for good") {
    Table t = Table::in_labyrinth();
    auto won = t.ok({{"type", "altar"}, {"character", "c1"}, {"altar", "vassago"}, {"dice", {2}}});  // 2 <= odp 3
    CHECK(won.outcome["success"] == true);
    CHECK(t.fig("c1").talents.traps == 3);
    t.ok({{"type", "altar"}, {"character", "c2"}, {"altar", "vassago"}, {"dice", {1}}});  // Gislan: 3 + 3 → 5
    CHECK(t.fig("c2").talents.traps == 5);
    auto lost = t.ok({{"type", "altar"}, {"character", "c2"}, {"altar", "vassago"}, {"dice", {6}}});  // 6 > 3
    CHECK(lost.outcome["success"] == false);
    CHECK(t.fig("c2").talents.traps == 0);
    CHECK(t.fig("c2").talents.traps_lost);
    // For good: neither the altar nor experience brings it back, and a saved game keeps it.
    t.ok({{"type", "altar"}, {"character", "c2"}, {"altar", "vassago"}, {"dice", {1}}});
    CHECK(t.fig("c2").talents.traps == 0);
    const auto reread = czary::state_from_json(czary::state_to_json(t.state()), czary::GameData::builtin());
    CHECK(reread.find("c2")->talents.traps_lost);
    t.ok({{"type", "end_adventure"}});
    t.refused({{"type", "improve"}, {"character", "c2"}, {"what", "talent_traps"}}, "traps_lost_for_good", "13.5");
}

TEST_CASE("13.2 / 15.3 the Medusa statue: the living Medusa is met as any monster; Ożywienie kamienia right after that fight") {
    Table t;
    t.party();
    t.adventure(Table::standard_marks(1), {"ozywienie_kamienia", "zamek", "sila", "elokwencja"}, Table::standard_marks(3));
    t.ok({{"type", "petrify"}, {"character", "c3"}});  // the statue's gaze, outside a fight
    const std::string medusa = t.monster("meduza", 8);  // "tak, jak przy normalnym spotkaniu z potworem"
    CHECK(t.fig("c3").petrified);
    CHECK_FALSE(t.fig("c3").dead);
    t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {1, 1}}});  // failure: a fight
    t.ok({{"type", "start_fight"}});
    CHECK_FALSE(t.fig("c3").dead);
    t.ok({{"type", "wound"}, {"figure", medusa}, {"amount", 8}});
    auto ended = t.ok({{"type", "end_fight"}});
    CHECK_FALSE(t.fig("c3").dead);
    // The moment is said, last, where the toast shows it.
    CHECK(ended.log.back().key == "stone_revival_now");
    t.ok({{"type", "cast"}, {"caster", "c2"}, {"spell", "ozywienie_kamienia"}, {"targets", {"c3"}}});
    CHECK(t.fig("c3").alive());
    CHECK_FALSE(t.fig("c3").petrified);

    // Left as stone past that moment, it is dead.
    Table u;
    u.party();
    u.adventure(Table::standard_marks(1), {"ozywienie_kamienia", "zamek", "sila", "elokwencja"}, Table::standard_marks(3));
    u.ok({{"type", "petrify"}, {"character", "c3"}});
    const std::string other = u.monster("meduza", 8);
    u.ok({{"type", "start_fight"}});
    u.ok({{"type", "wound"}, {"figure", other}, {"amount", 8}});
    u.ok({{"type", "end_fight"}});
    u.ok({{"type", "heal"}, {"figure", "c1"}, {"amount", 1}});
    CHECK(u.fig("c3").dead);
}
