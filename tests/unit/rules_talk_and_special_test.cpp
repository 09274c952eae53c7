// 10.7 (N and V spells with negotiation 8.4-8.6 and bribery 8.9) and 10.8 (type S spells).
#include "table.hpp"

#include <map>

#include "core/handlers.hpp"
#include "core/queries.hpp"

using test::Table;

namespace {

// c1 Larraka: Elokwencja, Zastraszenie, Zniechęcenie, Sugestia, Pochlebstwo
// c2 Gislan: Wybuch, Zamek, Siła, Delikatne palce;  c3 Curvenol: fillers
// A troll (m4, siła 9, NN 4) waits.
Table talk() {
    Table t;
    t.party();
    t.adventure({"elokwencja", "zastraszenie", "zniechecenie", "sugestia", "pochlebstwo"}, {"wybuch"}, {});
    t.monster("troll", 9);
    return t;
}

}  // namespace

TEST_CASE("8.4 / 10.7 Elokwencja: +4 to the negotiation roll") {
    Table plain = talk();
    auto without = plain.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}});
    CHECK(without.outcome["total"] == 4);  // 8 - NN 4 + talent 0
    CHECK(without.outcome["result"] == "failure");

    Table t = talk();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "elokwencja"}});
    auto with = t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}});
    CHECK(with.outcome["total"] == 8);
    CHECK(with.outcome["result"] == "agreement");
    CHECK(with.talk == czary::TalkOutcome::Agreement);  // typed, for the talk sheet
    CHECK(t.session.steps().back().talk == czary::TalkOutcome::Agreement);
    CHECK(without.talk == czary::TalkOutcome::Failure);
    CHECK(t.state().encounter.negotiation_bonus == 0);  // used up
}

TEST_CASE("14.7 Elokwencja medallion: +3 to the negotiation of the party its living wearer is with") {
    Table worn = talk();
    worn.ok({{"type", "medallion"}, {"character", "c2"}, {"medallion", "elokwencja"}});
    auto with = worn.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}});
    CHECK(with.outcome["total"] == 7);  // 8 - NN 4 + talent 0 + medallion 3 (worn by another member)
    CHECK(with.outcome["result"] == "agreement");
    CHECK(czary::negotiation_odds(worn.state(), czary::GameData::builtin(), "c1")["refusal"]["code"] == "negotiate_once");

    Table odds = talk();
    odds.ok({{"type", "medallion"}, {"character", "c2"}, {"medallion", "elokwencja"}});
    // 2K6 - 4 + 3 >= 7 needs 8 or more: 15 of 36.
    CHECK(czary::negotiation_odds(odds.state(), czary::GameData::builtin(), "c1")["failure"].get<double>() ==
          doctest::Approx(21.0 / 36));

    Table taken_off = talk();
    taken_off.ok({{"type", "medallion"}, {"character", "c2"}, {"medallion", "elokwencja"}});
    taken_off.ok({{"type", "medallion"}, {"character", "c2"}, {"medallion", "elokwencja"}, {"worn", false}});
    CHECK(taken_off.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}}).outcome["total"] == 4);

    Table dead = talk();
    dead.ok({{"type", "medallion"}, {"character", "c2"}, {"medallion", "elokwencja"}});
    dead.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 99}});
    CHECK(dead.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}}).outcome["total"] == 4);
}

TEST_CASE("10.7: N and V spells are refused during a fight") {
    Table t = talk();
    t.to_second_rank("c1");
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "elokwencja"}}, "talk_spell_not_in_fight", "10.7");
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "pochlebstwo"}}, "talk_spell_not_in_fight", "10.7");
}

TEST_CASE("8.6 / 10.7 Zastraszenie: intimidation with no roll") {
    Table t = talk();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "zastraszenie"}});
    auto result = t.ok({{"type", "negotiate"}, {"negotiator", "c2"}});
    CHECK(result.rolls.empty());
    CHECK(result.outcome["result"] == "intimidation");
    CHECK(t.fig("c1").wounds == 2);
}

TEST_CASE("10.7 Zniechęcenie: as intimidation, and the monster hands over all its treasure") {
    Table t = talk();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "zniechecenie"}});
    auto result = t.ok({{"type", "negotiate"}, {"negotiator", "c2"}});
    CHECK(result.outcome["result"] == "intimidation_all_treasure");
}

TEST_CASE("8.4: no negotiation with Bezimienny or Demons, whatever the spells") {
    Table t = talk();
    t.monster("demon", 8);
    t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "zastraszenie"}}, "talk_spell_no_talk", "16.0");
    t.refused({{"type", "negotiate"}, {"negotiator", "c2"}}, "no_negotiation_with", "8.4");
}

TEST_CASE("8.9 / 10.7 Sugestia: -2 to the bribe roll") {
    // Troll: siła 9 + NN 4 = 13 -> column 13-16; 40 gold -> accepted on 1 or less.
    Table plain = talk();
    auto without = plain.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {3}}});
    CHECK(without.outcome["accepted"] == false);
    CHECK(without.outcome["needed"] == 1);

    Table t = talk();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "sugestia"}});
    auto with = t.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {3}}});
    CHECK(with.outcome["total"] == 1);
    CHECK(with.outcome["accepted"] == true);
    // The step keeps it, typed, though the group (and its encounter) is left behind (8.7).
    CHECK(t.session.steps().back().talk == czary::TalkOutcome::BribeAccepted);
    CHECK(without.talk == czary::TalkOutcome::BribeRejected);
}

TEST_CASE("8.9 / 10.7 Pochlebstwo: -4 to the bribe roll") {
    Table t = talk();
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "pochlebstwo"}});
    auto result = t.ok({{"type", "bribe"}, {"gold", 45}, {"dice", {5}}});  // 45 -> the 40 row
    CHECK(result.outcome["total"] == 1);
    CHECK(result.outcome["accepted"] == true);
}

TEST_CASE("8.8: one bribe per group") {
    Table t = talk();
    auto first = t.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {6}}});
    CHECK(first.outcome["accepted"] == false);
    t.refused({{"type", "bribe"}, {"gold", 400}, {"dice", {1}}}, "bribe_once", "8.8");
}

TEST_CASE("8.7: after an agreement or an intimidation there is no bribe, nor a V spell for one") {
    Table agreed = talk();
    CHECK(agreed.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {6, 6}}}).talk == czary::TalkOutcome::Agreement);
    const auto refusal = agreed.refused({{"type", "bribe"}, {"gold", 400}, {"dice", {1}}}, "bribe_after_agreement", "8.7");
    CHECK(refusal.pl == "Negocjacje się powiodły: oddział może iść dalej, nie ma czego wykupywać (8.7).");
    agreed.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "sugestia"}}, "bribe_after_agreement", "8.7");
    CHECK(czary::odds_of_bribe(agreed.state(), czary::GameData::builtin(), 400).refusal->code == "bribe_after_agreement");

    Table scared = talk();
    scared.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "zastraszenie"}});
    scared.ok({{"type", "negotiate"}, {"negotiator", "c2"}});
    scared.refused({{"type", "bribe"}, {"gold", 400}, {"dice", {1}}}, "bribe_after_agreement", "8.7");

    // With no negotiation first, a bribe stays the party's choice (8.0).
    Table direct = talk();
    direct.ok({{"type", "bribe"}, {"gold", 400}, {"dice", {1}}});
}

TEST_CASE("8.7: a bribe is refused for Bezimienny and the Demons") {
    Table t = talk();
    t.monster("demon", 8);
    t.refused({{"type", "bribe"}, {"gold", 400}, {"dice", {1}}}, "no_negotiation_with", "8.7");
}

TEST_CASE("8.7: an accepted bribe lets the party pass; the monsters stay behind") {
    Table t = talk();
    auto result = t.ok({{"type", "bribe"}, {"gold", 400}, {"dice", {1}}});
    CHECK(result.outcome["accepted"] == true);
    CHECK(t.state().monsters.ranks.empty());
    CHECK(t.state().encounter.outcome == czary::TalkOutcome::None);  // the next monsters are a new group
    t.refused({{"type", "start_fight"}}, "no_monsters", "9.0");
}

TEST_CASE("8.7: after a refused bribe the monsters attack first: the fight begins in phase 2") {
    Table t = talk();
    t.to_second_rank("c2");  // Gislan: Wybuch
    auto result = t.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {6}}});
    CHECK(result.outcome["accepted"] == false);
    // The monster attacks: the fight begins with the bribe, no start_fight needed.
    CHECK(t.state().fight.active);
    CHECK(t.state().fight.round == 1);
    CHECK(t.state().fight.phase == 2);
    bool said = false;
    for (const auto& entry : result.log) said = said || entry.key == "monsters_attack_first";
    CHECK(said);
    t.refused({{"type", "start_fight"}}, "fight_in_progress", "9.0");
    // The party's phase 1 is skipped: no weapon attack, no spell in round 1.
    t.refused({{"type", "weapon_attack"}, {"figure", "c1"}}, "wrong_phase_attack", "9.2");
    t.refused({{"type", "cast"}, {"caster", "c2"}, {"spell", "wybuch"}, {"targets", {"m4"}}}, "party_casts_in_phase_1", "9.2");

    Table plain = talk();  // with no bribe refused the party attacks first
    plain.ok({{"type", "start_fight"}});
    CHECK(plain.state().fight.phase == 1);
}

TEST_CASE("8.6: one negotiation per group") {
    Table t = talk();
    auto first = t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}});
    CHECK(first.outcome["result"] == "failure");
    t.refused({{"type", "negotiate"}, {"negotiator", "c2"}, {"dice", {6, 6}}}, "negotiate_once", "8.6");
    // After a failure a bribe is still open; accepted, the party passes the group.
    t.ok({{"type", "bribe"}, {"gold", 400}, {"dice", {1}}});
    // A new group (6.9) may be talked to again.
    t.monster("troll", 9);
    t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}});
}

TEST_CASE("10.7: N spells only before the negotiation roll, V spells only before the bribe; each once") {
    const czary::GameData& data = czary::GameData::builtin();
    const czary::Spell& eloquence = *data.spells.find("elokwencja");
    const czary::Spell& sway = *data.spells.find("sugestia");
    const czary::Spell& cajole = *data.spells.find("pochlebstwo");
    const czary::Spell& cow = *data.spells.find("zastraszenie");
    Table t = talk();
    CHECK_FALSE(czary::talk_spell_refusal(data, t.state(), eloquence));
    CHECK_FALSE(czary::talk_spell_refusal(data, t.state(), *data.spells.find("wybuch")));  // not a talk spell
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "elokwencja"}});
    CHECK(czary::talk_spell_refusal(data, t.state(), eloquence)->first == "talk_spell_once");
    CHECK_FALSE(czary::talk_spell_refusal(data, t.state(), cow));
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "sugestia"}});
    CHECK(czary::talk_spell_refusal(data, t.state(), sway)->first == "talk_spell_once");
    CHECK_FALSE(czary::talk_spell_refusal(data, t.state(), cajole));  // Pochlebstwo is another spell
    t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {1, 1}}});
    CHECK(*czary::talk_spell_refusal(data, t.state(), cow) == std::pair<std::string, std::string>{"talk_spell_after_roll", "10.7"});
    t.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {6}}});
    CHECK(czary::talk_spell_refusal(data, t.state(), cajole)->first == "talk_spell_after_roll");
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 99}});  // the bribe refused, the fight: no monster left
    CHECK(t.state().encounter.negotiation_bonus == 0);
    CHECK(*czary::talk_spell_refusal(data, t.state(), eloquence) == std::pair<std::string, std::string>{"talk_spell_no_monster", "10.7"});
}

TEST_CASE("6.9 / 8.6: after a fight won, the next monsters are a new group to talk to") {
    Table t = talk();
    t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {1, 1}}});  // failure
    t.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {6}}});                 // refused: the fight
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 99}});
    t.ok({{"type", "end_fight"}, {"outcome", "victory"}});
    t.monster("ork", 4);
    t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "elokwencja"}});
    t.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {1, 1}}});  // failure again: a bribe may follow (8.7)
    t.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {6}}});
}

TEST_CASE("8.9: an offer below the table's smallest row is refused") {
    Table t = talk();
    t.refused({{"type", "bribe"}, {"gold", 10}, {"dice", {1}}}, "bribe_too_small", "8.9");
}

namespace {

// Curvenol (c3) in the second rank; a troll in front.
Table special() {
    Table t = Table::in_labyrinth();
    t.to_second_rank("c3");
    t.monster("troll", 9);
    return t;
}

}  // namespace

TEST_CASE("10.8 Gniew Boży: learned from a manuscript; only in a fight; 2K6+2 wounds") {
    Table t = special();
    t.ok({{"type", "manuscript"}, {"character", "c3"}});
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "gniew_bozy"}, {"targets", {"m4"}}}, "only_in_fight", "10.8");
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "gniew_bozy"}, {"targets", {"m4"}}, {"dice", {4, 1, 2}}});
    CHECK(t.fig("m4").wounds == 5);
    CHECK(t.fig("c3").wounds == 3);  // 10.8 says cost 3 (the printed table's 2 is wrong)
}

TEST_CASE("10.8 Gniew Boży: refused to a character who has not learned it") {
    Table t = special();
    t.ok({{"type", "start_fight"}});
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "gniew_bozy"}, {"targets", {"m4"}}}, "special_not_learned", "10.8");
}

TEST_CASE("10.8: type S spells are learned only from the sources the rules name") {
    Table t = special();
    t.refused({{"type", "learn_spell"}, {"character", "c1"}, {"spell", "gniew_bozy"}, {"source", "bookshelf"}}, "wrong_source", "10.8");
    t.refused({{"type", "learn_spell"}, {"character", "c1"}, {"spell", "wskrzeszenie"}, {"source", "manuscript"}}, "wrong_source", "10.8");
    t.refused({{"type", "learn_spell"}, {"character", "c1"}, {"spell", "wybuch"}, {"source", "manuscript"}}, "learn_only_special", "10.8");
    t.ok({{"type", "learn_spell"}, {"character", "c1"}, {"spell", "gniew_bozy"}, {"source", "malthus_altar"}});
    t.ok({{"type", "learn_spell"}, {"character", "c1"}, {"spell", "wskrzeszenie"}, {"source", "bookshelf"}});
    CHECK(t.fig("c1").learned == std::vector<std::string>{"gniew_bozy", "wskrzeszenie"});
}

TEST_CASE("10.8 Wskrzeszenie: right after the fight in which the character died; wounds as at entry") {
    Table t = special();
    t.ok({{"type", "bookshelf"}, {"character", "c3"}, {"dice", {5}}});  // 4-6: a book teaches it
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 10}});
    CHECK(t.fig("c2").dead);
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 9}});
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "wskrzeszenie"}, {"targets", {"c2"}}}, "not_in_fight", "10.8");
    t.ok({{"type", "end_fight"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "wskrzeszenie"}, {"targets", {"c2"}}});
    CHECK_FALSE(t.fig("c2").dead);
    CHECK(t.fig("c2").wounds == t.fig("c2").wounds_at_entry);
    CHECK(t.fig("c3").wounds == 5);
}

TEST_CASE("10.8 Wskrzeszenie: too late once anything else has happened") {
    Table t = special();
    t.ok({{"type", "learn_spell"}, {"character", "c3"}, {"spell", "wskrzeszenie"}, {"source", "ring"}});
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 10}});
    t.ok({{"type", "wound"}, {"figure", "m4"}, {"amount", 9}});
    t.ok({{"type", "end_fight"}});
    t.ok({{"type", "clear_monsters"}});
    t.refused({{"type", "cast"}, {"caster", "c3"}, {"spell", "wskrzeszenie"}, {"targets", {"c2"}}}, "only_right_after_fight", "10.8");
}

TEST_CASE("10.8 / 15.5 Wskrzeszenie: a character who died charmed comes back to the party") {
    Table t = special();
    t.ok({{"type", "learn_spell"}, {"character", "c3"}, {"spell", "wskrzeszenie"}, {"source", "ring"}});
    const auto vampire = t.monster("wampir", 12);
    t.ok({{"type", "start_fight"}});
    t.ok({{"type", "next_phase"}});
    t.ok({{"type", "cast"}, {"caster", vampire}, {"spell", "urok"}, {"targets", {"c2"}}, {"dice", {6}}});
    t.ok({{"type", "wound"}, {"figure", "c2"}, {"amount", 10}});
    CHECK(t.fig("c2").side == czary::Side::Party);
    CHECK(t.fig("c2").charmed_by.empty());
    t.ok({{"type", "set_house_rule"}, {"rule", "end_fight_early"}, {"on", true}});  // 9.0: only as a house rule
    t.ok({{"type", "end_fight"}, {"outcome", "fled"}});
    t.ok({{"type", "cast"}, {"caster", "c3"}, {"spell", "wskrzeszenie"}, {"targets", {"c2"}}});
    CHECK(czary::place_of(t.state(), "c2").rank == 0);
}

// The odds the app shows before a negotiation or a bribe are exactly what the actions do: every
// face of the dice is tried through the action and counted.
TEST_CASE("8.4-8.9 odds: negotiation and bribe odds match the actions for every roll") {
    for (bool eloquent : {false, true}) {
        Table t = talk();
        if (eloquent) t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "elokwencja"}});
        const auto odds = czary::negotiation_odds(t.state(), czary::GameData::builtin(), "c1");
        std::map<std::string, double> counted;
        for (int a = 1; a <= 6; ++a) {
            for (int b = 1; b <= 6; ++b) {
                Table again = t;
                const auto result = again.ok({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {a, b}}});
                counted[result.outcome["result"].get<std::string>()] += 1.0 / 36.0;
            }
        }
        for (const char* result : {"failure", "agreement", "intimidation"})
            CHECK(odds[result].get<double>() == doctest::Approx(counted[result]));
        // 2K6 - NN 4: agreement on 11-13, i.e. 11 or 12 (3/36); with +4: 7-9 -> 3-5 ... and so on.
        CHECK(odds["agreement"].get<double>() == doctest::Approx(eloquent ? 15.0 / 36 : 3.0 / 36));
    }
    for (bool suggestion : {false, true}) {
        Table t = talk();
        if (suggestion) t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "sugestia"}});
        const auto odds = czary::bribe_odds(t.state(), czary::GameData::builtin(), 40);
        double accepted = 0;
        for (int pip = 1; pip <= 6; ++pip) {
            Table again = t;
            accepted += again.ok({{"type", "bribe"}, {"gold", 40}, {"dice", {pip}}}).outcome["accepted"].get<bool>() ? 1.0 / 6 : 0.0;
        }
        CHECK(odds["accepted"].get<double>() == doctest::Approx(accepted));
        CHECK(odds["accepted"].get<double>() == doctest::Approx(suggestion ? 3.0 / 6 : 1.0 / 6));
    }
    Table t = talk();
    t.ok({{"type", "start_fight"}});
    CHECK(czary::negotiation_odds(t.state(), czary::GameData::builtin(), "c1")["refusal"]["code"] == "fight_in_progress");
    CHECK(czary::bribe_odds(t.state(), czary::GameData::builtin(), 40)["refusal"]["rule"] == "8.7");
}

TEST_CASE("8.4 / 8.7 / 16.0: talk spells are refused with Bezimienny or the Demons, as with no monster: nobody to talk to") {
    for (const char* kind : {"demon", "bezimienny"}) {
        Table t;
        t.party();
        t.adventure({"elokwencja", "zastraszenie", "zniechecenie", "sugestia", "pochlebstwo"}, {"wybuch"}, {});
        t.monster(kind, 8);
        t.refused({{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4, 4}}}, "no_negotiation_with", "8.4");
        t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "elokwencja"}}, "talk_spell_no_talk", "16.0");
        t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "sugestia"}}, "talk_spell_no_talk", "16.0");
    }
}
