// The dice tray's action: roll_dice rolls any code of chapter 3 (3.1) and changes nothing else.
#include "table.hpp"

using test::Table;

TEST_CASE("3.1 roll_dice: the app's generator rolls the code; only the generator and the log change") {
    test::Table t;
    t.party();
    const auto figures_before = czary::state_to_json(t.state())["figures"].dump();
    const auto rng_before = t.state().rng.state;
    const auto result = t.ok({{"type", "roll_dice"}, {"code", "2K6+2"}, {"purpose", "trap"}});
    REQUIRE(result.rolls.size() == 1);
    const auto& roll = result.rolls[0];
    CHECK(roll.code == "2K6+2");
    CHECK(roll.purpose == "trap");
    CHECK(roll.source == "app");
    REQUIRE(roll.pips.size() == 2);
    CHECK(roll.total == roll.pips[0] + roll.pips[1] + 2);
    CHECK(result.outcome["total"] == roll.total);
    CHECK(czary::state_to_json(t.state())["figures"].dump() == figures_before);
    CHECK(t.state().rng.state != rng_before);
    REQUIRE(result.log.size() == 1);
    CHECK(result.log[0].rule == "3.1");
    CHECK(result.log[0].text().pl.find("→ " + std::to_string(roll.total)) != std::string::npos);
}

TEST_CASE("3.1 roll_dice: real dice from the table; a K3 halves the pip; the counters' 2+2 is 2K6+2") {
    test::Table t;
    t.party();
    auto result = t.ok({{"type", "roll_dice"}, {"code", "1K3x2"}, {"dice", {5}}, {"figure", "c2"}});
    CHECK(result.rolls[0].source == "table");
    CHECK(result.rolls[0].figure == "c2");
    CHECK(result.rolls[0].pips == std::vector<int>{5});
    CHECK(result.rolls[0].total == 6);  // 5 -> K3 3, x2
    result = t.ok({{"type", "roll_dice"}, {"code", "2+2"}, {"dice", {1, 4}}});
    CHECK(result.rolls[0].code == "2K6+2");
    CHECK(result.rolls[0].total == 7);
    CHECK(result.rolls[0].purpose == "tray");
    result = t.ok({{"type", "roll_dice"}, {"code", "2K3+1"}, {"dice", {2, 6}}});
    CHECK(result.rolls[0].total == 5);  // 1 + 3 + 1
}

TEST_CASE("3.1 roll_dice: a code that is not a dice code, wrong pips and unknown figures are refused") {
    test::Table t;
    t.party();
    t.refused({{"type", "roll_dice"}, {"code", "3K7"}}, "bad_dice_code", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "5"}}, "bad_dice_code", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "1K6"}, {"dice", {1, 2}}}, "too_many_dice", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "2K6"}, {"dice", {3}}}, "not_enough_dice", "3.1");
    t.refused({{"type", "roll_dice"}, {"code", "1K6"}, {"figure", "c9"}}, "unknown_figure", "");
}

TEST_CASE("3.1 roll_dice: a session of tray rolls replays to the same pips and undoes") {
    test::Table t;
    std::vector<int> pips;
    for (int i = 0; i < 20; ++i) {
        const auto result = t.ok({{"type", "roll_dice"}, {"code", "1K6"}});
        pips.push_back(result.rolls[0].pips[0]);
    }
    const auto replayed = czary::Session::from_text(t.session.to_json().dump());
    REQUIRE(replayed.steps().size() == 20);
    for (std::size_t i = 0; i < 20; ++i) CHECK(replayed.steps()[i].rolls[0].pips[0] == pips[i]);
    t.session.undo(1);
    const auto again = t.ok({{"type", "roll_dice"}, {"code", "1K6"}});
    CHECK(again.rolls[0].pips[0] == pips[19]);  // the generator went back with the undo
}

namespace {

// The refusal of an action whose table dice run out.
czary::Refusal missing_dice(test::Table& t, const test::json& action) {
    return t.refused(action, "not_enough_dice", "3.1");
}

}  // namespace

TEST_CASE("3.1: table dice that run out are refused naming the roll in words and the dice it still needs") {
    test::Table t = test::Table::fight_with_troll();  // troll m4, odporność 3
    auto refusal = missing_dice(t, {{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", test::json::array()}});
    CHECK(refusal.pl == "Brakuje oczek: odparcie czaru — Troll 1 (1K6); na ten rzut potrzeba jeszcze 1 kość.");
    CHECK(refusal.en == "Dice missing: resisting the spell — Troll 1 (1K6); this roll needs 1 more die.");
    refusal = missing_dice(t, {{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {6}}});
    CHECK(refusal.pl == "Brakuje oczek: obrażenia — Troll 1 (1K3×2); na ten rzut potrzeba jeszcze 1 kość.");
    CHECK(refusal.en == "Dice missing: damage — Troll 1 (1K3×2); this roll needs 1 more die.");

    test::Table u;
    u.ok({{"type", "add_hero"}, {"hero", "dierdra"}});  // 4.1: an adventure needs a party
    refusal = missing_dice(u, {{"type", "roll_dice"}, {"code", "3K6"}, {"dice", {3}}});
    CHECK(refusal.pl == "Brakuje oczek: rzut na tacy (3K6); na ten rzut potrzeba jeszcze 2 kości.");
    CHECK(refusal.en == "Dice missing: tray roll (3K6); this roll needs 2 more dice.");
    refusal = missing_dice(u, {{"type", "begin_adventure"}, {"dice", test::json::array()}});
    CHECK(refusal.pl == "Brakuje oczek: słońce (1K6); na ten rzut potrzeba jeszcze 1 kość.");
    // A purpose of the table's own stays as written.
    refusal = missing_dice(u, {{"type", "roll_dice"}, {"code", "1K6"}, {"purpose", "pułapka"}, {"dice", test::json::array()}});
    CHECK(refusal.pl == "Brakuje oczek: pułapka (1K6); na ten rzut potrzeba jeszcze 1 kość.");
}

TEST_CASE("3.1: every roll the rules make is named in Polish words when its table dice are missing") {
    // One action per purpose of a roll, each with no pips.
    test::Table t;
    t.party();
    t.standard_adventure();  // entered; c1 marked Uzdrowienie, c2 Magiczna zbroja and Siła
    const auto none = test::json::array();
    std::vector<test::json> actions = {
        {{"type", "add_initiate"}, {"race", "elf"}, {"name", "Ilma"}, {"dice", none}},                                 // initiate_potential
        {{"type", "add_monster"}, {"kind", "ork"}, {"sila_code", "1+1"}, {"dice", none}},                              // monster_sila
        {{"type", "cast"}, {"caster", "c2"}, {"spell", "magiczna_zbroja"}, {"targets", {"c3"}}, {"dice", none}},        // armor
        {{"type", "cast"}, {"caster", "c2"}, {"spell", "sila"}, {"targets", {"c3"}}, {"dice", none}},                   // strength
        {{"type", "cast"}, {"caster", "c1"}, {"spell", "uzdrowienie"}, {"targets", {"c2"}}, {"dice", none}},            // healing
        {{"type", "bookshelf"}, {"character", "c1"}, {"dice", none}},                                                  // bookshelf
        {{"type", "talisman"}, {"character", "c1"}, {"sun", "red"}, {"dice", none}},                                   // talisman
        {{"type", "altar"}, {"character", "c1"}, {"altar", "avnas"}, {"dice", none}},                                  // resist
        {{"type", "altar"}, {"character", "c1"}, {"altar", "avnas"}, {"dice", {6}}},                                   // damage
        {{"type", "roll_dice"}, {"code", "1K6"}, {"dice", none}},                                                      // tray
    };
    std::vector<std::string> texts;
    for (const auto& action : actions) texts.push_back(missing_dice(t, action).pl);
    t.monster("troll", 9);
    texts.push_back(missing_dice(t, {{"type", "negotiate"}, {"negotiator", "c1"}, {"dice", {4}}}).pl);  // negotiation
    texts.push_back(missing_dice(t, {{"type", "bribe"}, {"gold", 40}, {"dice", none}}).pl);           // bribe
    t.ok({{"type", "end_adventure"}});
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});
    t.ok({{"type", "mark_spells"}, {"character", "c1"}, {"spells", Table::pad(Table::standard_marks(1), 5)}});
    texts.push_back(missing_dice(t, {{"type", "roll_use_limit"}, {"character", "c1"}, {"spell", "uzdrowienie"}, {"dice", none}}).pl);
    const char* words[] = {"potencjał magiczny ucznia", "siła potwora", "zbroja — Curvenol", "siła — Curvenol",
                           "leczenie — Gislan", "regał z księgami — Larraka", "talizman — Larraka",
                           "odparcie czaru — Larraka", "obrażenia — Larraka", "rzut na tacy",
                           "negocjacje — Larraka", "łapówka", "limit użyć — Larraka"};
    REQUIRE(texts.size() == std::size(words));
    for (std::size_t i = 0; i < texts.size(); ++i) {
        INFO(texts[i]);
        CHECK(texts[i].find(std::string("Brakuje oczek: ") + words[i] + " (") == 0);
        CHECK(texts[i].find('_') == std::string::npos);  // no ids such as use_limit
    }
    CHECK(texts[10].find("(2K6); na ten rzut potrzeba jeszcze 1 kość.") != std::string::npos);
}

TEST_CASE("3.1 roll_dice: a purpose has 1 to 40 characters, counted as characters, not bytes") {
    test::Table t;
    t.party();
    std::string forty;
    for (int i = 0; i < 40; ++i) forty += "ó";  // 80 bytes
    CHECK(t.ok({{"type", "roll_dice"}, {"code", "1K6"}, {"purpose", forty}}).rolls[0].purpose == forty);
    t.refused({{"type", "roll_dice"}, {"code", "1K6"}, {"purpose", forty + "a"}}, "bad_purpose", "");
    CHECK(t.refused({{"type", "roll_dice"}, {"code", "1K6"}, {"purpose", ""}}, "bad_purpose", "").pl == "Opis rzutu musi mieć od 1 do 40 znaków.");
}
