// One source of player-facing text, checked: data/i18n/{pl,en}.json (the interface's words) and
// data/messages.json (the rules' refusals and log lines) define every key in both languages, the
// code uses only keys they define, they define no key the code never uses, and Polish texts hold
// no internal ids (snake_case) and no English words. Also the grammar helpers of core/wording.hpp.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "controller/model.hpp"
#include "core/apply.hpp"
#include "core/counters.hpp"
#include "core/game_data.hpp"
#include "core/wording.hpp"
#include "data/embedded_data.hpp"
#include "table.hpp"

using czary::LocalizedText;
using nlohmann::json;

namespace {

struct Texts {
    std::map<std::string, std::string> pl, en;  // i18n key -> text
    std::map<std::string, LocalizedText> messages;
};

Texts shipped_texts() {
    Texts texts;
    const auto read = [](const char* file) { return json::parse(czary::data::file(file)).at("strings").get<std::map<std::string, std::string>>(); };
    texts.pl = read("i18n/pl.json");
    texts.en = read("i18n/en.json");
    const json messages = json::parse(czary::data::file("messages.json"));
    for (const auto& [key, text] : messages.at("messages").items()) texts.messages[key] = {text.value("pl", ""), text.value("en", "")};
    return texts;
}

// Every Polish text a player can read, named for the failure message.
std::vector<std::pair<std::string, std::string>> polish_texts(const Texts& texts) {
    std::vector<std::pair<std::string, std::string>> all;
    for (const auto& [key, text] : texts.pl) all.push_back({"i18n/pl.json " + key, text});
    for (const auto& [key, text] : texts.messages) all.push_back({"messages.json " + key, text.pl});
    const auto& data = czary::GameData::builtin();
    for (const auto& spell : data.spells.all()) {
        all.push_back({"spells.json " + spell.id + " name", spell.name.pl});
        for (const auto& [grammatical_case, form] : spell.name.pl_cases()) all.push_back({"spells.json " + spell.id + " pl_" + grammatical_case, form});
        all.push_back({"spells.json " + spell.id + " effect", spell.effect.pl});
        all.push_back({"spells.json " + spell.id + " rule_text", spell.rule_text});
    }
    for (const auto& kind : data.monster_kinds) all.push_back({"monsters.json " + kind.id, kind.name.pl});
    for (const auto& race : data.races) all.push_back({"initiates.json " + race.id, race.name.pl});
    return all;
}

// The words of a text as a player reads them: a placeholder's part name ("{spell:acc}") is not
// read, the noun forms of a count ("{n|czar|czary|czarów}") are.
std::vector<std::string> words_of(const std::string& text) {
    std::string readable;
    for (std::size_t at = 0; at < text.size(); ++at) {
        if (text[at] != '{') {
            readable += text[at];
            continue;
        }
        const auto close = text.find('}', at);
        if (close == std::string::npos) break;
        const auto bar = text.find('|', at);
        if (bar < close) readable += " " + text.substr(bar + 1, close - bar - 1) + " ";
        at = close;
    }
    std::vector<std::string> words;
    std::string word;
    for (const char c : readable) {
        // Letters, digits, '_' and every byte of a UTF-8 sequence (Polish letters) make words.
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80) word += c;
        else if (!word.empty()) words.push_back(std::exchange(word, {}));
    }
    if (!word.empty()) words.push_back(word);
    return words;
}

// English words that must not appear in a Polish text. Words that are also Polish are left out
// on purpose: "a", "to", "on", "no", "limit", "step" (step, a steppe), "tab".
const std::set<std::string> english_words = {
    "the", "and", "of", "is", "not", "with", "for", "from", "cannot", "must", "you", "your", "this", "that", "yes",
    "resist", "resists", "roll", "rolls", "cast", "casts", "spell", "spells", "wound", "wounds", "dice", "die",
    "session", "sessions", "undo", "redo", "save", "error", "tray", "figure", "target", "targets", "party", "monster",
    "monsters", "hero", "heroes", "fight", "phase", "round", "rank", "cost", "damage", "odds", "log", "none", "null",
    "true", "false", "undefined", "todo", "fixme"};

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace

TEST_CASE("i18n: every interface key is defined in both languages, every message has both") {
    const Texts texts = shipped_texts();
    // (No structured bindings: doctest's CAPTURE cannot take them with clang's C++17.)
    for (const auto& entry : texts.pl) {
        const std::string& key = entry.first;
        CAPTURE(key);
        CHECK(texts.en.count(key) == 1);
        CHECK_FALSE(entry.second.empty());
    }
    for (const auto& entry : texts.en) {
        const std::string& key = entry.first;
        CAPTURE(key);
        CHECK(texts.pl.count(key) == 1);
        CHECK_FALSE(entry.second.empty());
    }
    for (const auto& entry : texts.messages) {
        const std::string& key = entry.first;
        CAPTURE(key);
        CHECK_FALSE(entry.second.pl.empty());
        CHECK_FALSE(entry.second.en.empty());
    }
}

TEST_CASE("i18n: Polish texts hold no internal ids (snake_case) and no English words") {
    for (const auto& entry : polish_texts(shipped_texts())) {
        const std::string& where = entry.first;
        const std::string& text = entry.second;
        for (const auto& word : words_of(text)) {
            INFO(where << ": " << text);
            CHECK_MESSAGE(word.find('_') == std::string::npos, "an internal id: " << word);
            CHECK_MESSAGE(english_words.count(lower(word)) == 0, "an English word: " << word);
        }
    }
    // The check itself sees what it must.
    CHECK(words_of("Rzuć {n|czar|czary|czarów} na {spell:acc}") == std::vector<std::string>{"Rzuć", "czar", "czary", "czarów", "na"});
    CHECK(words_of("resist use_limit") == std::vector<std::string>{"resist", "use_limit"});
}

TEST_CASE("i18n: every action type and every roll the rules make has its words") {
    const Texts texts = shipped_texts();
    for (const auto& type : czary::action_types()) {
        CAPTURE(type);
        CHECK(texts.pl.count("action." + type) == 1);  // the log's step title (controller step_title)
    }
}

TEST_CASE("wording: Polish counts take the form their number needs (1 / 2-4 / 5+, 12-14 as 5+)") {
    using czary::counted;
    CHECK(counted(1, "pl", "użycie", "użycia", "użyć") == "1 użycie");
    CHECK(counted(2, "pl", "użycie", "użycia", "użyć") == "2 użycia");
    CHECK(counted(4, "pl", "użycie", "użycia", "użyć") == "4 użycia");
    CHECK(counted(5, "pl", "użycie", "użycia", "użyć") == "5 użyć");
    CHECK(counted(0, "pl", "użycie", "użycia", "użyć") == "0 użyć");
    for (int n : {12, 13, 14, 112}) CHECK(czary::polish_plural(n) == czary::PluralForm::Many);
    for (int n : {22, 23, 24, 102, 1004}) CHECK(czary::polish_plural(n) == czary::PluralForm::Few);
    for (int n : {11, 21, 25, 101, 111}) CHECK(czary::polish_plural(n) == czary::PluralForm::Many);
    CHECK(counted(1, "en", "use", "uses", "uses") == "1 use");
    CHECK(counted(2, "en", "use", "uses", "uses") == "2 uses");

    const czary::Args parts{{"n", LocalizedText("3")}, {"who", LocalizedText("Larraka")}};
    CHECK(czary::fill_template("{who}: {n|rana|rany|ran}", parts, "pl") == "Larraka: 3 rany");
    CHECK(czary::fill_template("{who}: {n|wound|wounds}", parts, "en") == "Larraka: 3 wounds");
    CHECK(czary::fill_template("{missing} stays", parts, "pl") == "{missing} stays");  // a gap shows
    // A name given twice fills with its first value; [] changes a value given and adds one not given.
    czary::Args twice{{"who", LocalizedText("Larraka")}, {"who", LocalizedText("Gislan")}};
    CHECK(czary::fill_template("{who}", twice, "pl") == "Larraka");
    twice["who"] = LocalizedText("Curvenol");
    twice["n"] = LocalizedText("2");
    CHECK(czary::fill_template("{who}: {n}", twice, "en") == "Curvenol: 2");
}

TEST_CASE("log: a line's words are its message filled with its values, both languages and the short form, whenever they are read") {
    const auto& data = czary::GameData::builtin();
    const czary::LogEntry line("not_resisted", "11.0", {{"figure", LocalizedText("Troll 1")}, {"roll", LocalizedText("5")}, {"odpornosc", LocalizedText("3")}}, data);
    const czary::LogEntry copied_unread = line;
    CHECK(line.text().pl == "Troll 1 nie odpiera czaru (rzut 5 > odporność 3).");
    CHECK(line.text().en == "Troll 1 fails to resist (roll 5 > resistance 3).");
    CHECK(line.brief().pl == "Troll 1 nie odpiera czaru (5 > 3).");
    const czary::LogEntry copied_read = line;
    for (const auto* copy : {&copied_unread, &copied_read}) {
        CHECK(copy->text().pl == line.text().pl);
        CHECK(copy->brief().en == "Troll 1 fails to resist (5 > 3).");
    }
    // A message with no short form has none: the interface shows the whole line.
    const czary::LogEntry wounded("wounded", "", {{"figure", LocalizedText("Larraka")}, {"amount", LocalizedText("2")}, {"life", LocalizedText("3")}, {"sila", LocalizedText("5")}}, data);
    CHECK(wounded.text().pl == "Larraka: +2 rany, życie 3/5.");
    CHECK(wounded.brief().pl.empty());
}

TEST_CASE("10.5 the spell's name takes its case in a sentence: Błyskawicę można rzucić, Larraka rzuca Błyskawicę") {
    const auto& data = czary::GameData::builtin();
    const czary::Spell& lightning = *data.spells.find("blyskawica");
    CHECK(data.message("refuse.only_in_fight", {{"spell", lightning.name}}).pl == "Błyskawicę można rzucić tylko podczas walki.");
    CHECK(data.message("refuse.only_in_fight", {{"spell", lightning.name}}).en == "Lightning can be cast only during a fight.");
    CHECK(data.message("refuse.not_on_self", {{"spell", lightning.name}}).pl == "Błyskawicy nie można rzucić na siebie (10.6).");
    // Every spell has both case forms (data/spells.json pl_acc, pl_gen).
    for (const auto& spell : data.spells.all()) {
        CAPTURE(spell.id);
        CHECK(spell.name.pl_cases().count("acc") == 1);
        CHECK(spell.name.pl_cases().count("gen") == 1);
    }

    test::Table t = test::Table::fight_with_troll();
    const auto result = t.ok({{"type", "cast"}, {"caster", "c1"}, {"spell", "blyskawica"}, {"targets", {"m4"}}, {"dice", {5, 6}}});
    REQUIRE_FALSE(result.log.empty());
    // Larraka is a woman: a present-tense verb needs no gender ("rzuca", not "rzucił").
    CHECK(result.log[0].text().pl == "Larraka rzuca Błyskawicę (koszt: 2 rany).");
    CHECK(result.log[0].text().en == "Larraka casts Lightning (cost: 2 wounds).");
}

// Issue 25: names are declined where the sentence needs it ("postaci Larraki", "postaci
// Gislana"), from the forms the data gives for the heroes; a verb in the past takes the
// character's gender ("które Larraka zaznaczyła"); a name whose forms are not known (an
// initiate's, typed at the table) stays as it is, with a verb that needs no gender.
TEST_CASE("i18n: heroes' names decline and verbs take their gender; a name of unknown form stays as typed") {
    test::Table t;
    t.party();  // Larraka, Gislan, Curvenol
    const auto& empty_pool = t.refused({{"type", "begin_adventure"}, {"dice", {3}}}, "pool_empty", "4.1");
    CHECK(empty_pool.pl == "Pula czarów postaci Larraki jest pusta: wybierz czary, zanim zacznie się przygoda (4.1 B6, 10.0).");
    t.ok({{"type", "set_pool"}, {"character", "c1"}, {"spells", {"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "zamek"}}});
    CHECK(t.refused({{"type", "begin_adventure"}, {"dice", {3}}}, "pool_empty", "4.1").pl.find("postaci Gislana") != std::string::npos);
    t.ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja"}}});
    t.ok({{"type", "set_pool"}, {"character", "c3"}, {"spells", {"eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"}}});
    t.ok({{"type", "add_initiate"}, {"race", "human"}, {"name", "Ewa"}, {"bonus", "sila"}, {"dice", {3}}});
    t.ok({{"type", "set_pool"}, {"character", "c4"}, {"spells", {"wybuch", "zamek"}}});
    t.ok({{"type", "begin_adventure"}, {"dice", {3}}});  // yellow
    t.ok({{"type", "mark_spells"}, {"character", "c1"}, {"spells", {"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie"}}});
    t.ok({{"type", "mark_spells"}, {"character", "c4"}, {"spells", {"wybuch"}}});
    t.ok({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja"}}});
    t.ok({{"type", "mark_spells"}, {"character", "c3"}, {"spells", {"eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"}}});
    t.ok({{"type", "roll_use_limit"}, {"character", "c1"}, {"spell", "uzdrowienie"}, {"dice", {4}}});
    t.ok({{"type", "roll_use_limit"}, {"character", "c3"}, {"spell", "odmlodzenie"}, {"dice", {2}}});
    t.ok({{"type", "enter_labyrinth"}});
    const auto zamek = t.refused({{"type", "cast"}, {"caster", "c1"}, {"spell", "zamek"}}, "not_marked", "4.1");
    CHECK(zamek.pl == "Zamek nie należy do czarów, które Larraka zaznaczyła na tę przygodę (4.1 D).");
    const auto ewa = t.refused({{"type", "cast"}, {"caster", "c4"}, {"spell", "zamek"}}, "not_marked", "4.1");
    CHECK(ewa.pl == "Zamek nie należy do czarów, które Ewa zaznacza na tę przygodę (4.1 D).");
    // The forms travel with the session: saved and read back.
    const auto saved = czary::state_to_json(t.state());
    CHECK(saved["figures"][0]["name"]["pl_gen"] == "Larraki");
    CHECK(saved["figures"][0]["name"]["gender"] == "f");
    CHECK_FALSE(saved["figures"][3]["name"].contains("pl_gen"));
    const auto back = czary::state_from_json(saved);
    CHECK(back.figures[1].name.pl_case("gen") == "Gislana");
    // Other cases where a sentence needs them: "chroni postać Larrakę", "nad postacią Gislanem".
    const auto& data = czary::GameData::builtin();
    CHECK(data.message("log.shield_protects", {{"figure", t.fig("c1").name}}).pl.find("postać Larrakę") != std::string::npos);
    CHECK(data.message("refuse.statue_only_freed", {{"target", t.fig("c2").name}}).pl.find("nad postacią Gislanem") != std::string::npos);
}

TEST_CASE("i18n: the gender of a character named at the table is asked once and kept; a wrong one is refused") {
    test::Table t;
    t.ok({{"type", "add_initiate"}, {"race", "elf"}, {"name", "Ola"}, {"gender", "f"}, {"dice", {6}}});
    t.ok({{"type", "add_character"}, {"name", "Brat Jan"}, {"gender", "m"}, {"sila", 8}, {"odpornosc", 2}, {"potential", {1, 1, 1}}});
    t.refused({{"type", "add_initiate"}, {"race", "elf"}, {"name", "X"}, {"gender", "k"}, {"dice", {6}}}, "bad_action", "");
    CHECK(t.fig("c1").name.pl_cases().at("gender") == "f");
    CHECK(t.fig("c2").name.pl_cases().at("gender") == "m");
    CHECK(t.fig("c1").name.pl_cases().count("gen") == 0);  // its forms are not known: "postaci Ola"
    const auto& data = czary::GameData::builtin();
    const czary::Spell& zamek = *data.spells.find("zamek");
    CHECK(data.message("refuse.not_marked", {{"spell", zamek.name}, {"figure", t.fig("c1").name}}).pl ==
          "Zamek nie należy do czarów, które Ola zaznaczyła na tę przygodę (4.1 D).");
    CHECK(data.message("refuse.not_marked", {{"spell", zamek.name}, {"figure", t.fig("c2").name}}).pl ==
          "Zamek nie należy do czarów, które Brat Jan zaznaczył na tę przygodę (4.1 D).");
}

TEST_CASE("i18n: a store's problem reaches the player in their language, with no storage key") {
    czary::app::App app = czary::app::make_app(1);
    const czary::Phrase unreadable{"store.unreadable", {{"key", "czary.session.3"}, {"number", "3"}, {"detail", "not valid JSON (at byte 9)"}},
                                   {{"problem", "problem.not_json"}}};
    const LocalizedText text = czary::app::words(app, unreadable);
    CHECK(text.pl.find("Zapisanej sesji nr 3 nie da się odczytać: tekst jest uszkodzony albo ucięty.") == 0);
    CHECK(text.pl.find("czary.session") == std::string::npos);
    CHECK(text.pl.find("JSON") == std::string::npos);  // the technical detail is for the English text
    CHECK(text.en.find("not valid JSON (at byte 9)") != std::string::npos);
    app.language = "en";
    CHECK(app.local(unreadable) == text.en);
}

#ifndef __EMSCRIPTEN__  // the wasm build runs under node without the source tree
namespace {

struct Literal {
    std::string text;
    std::string before;  // the code just before its opening quote, on the same line
    std::string file;
};

// The string literals of a C++ file, outside comments, character literals and raw strings.
std::vector<Literal> literals_of(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string code = buffer.str();
    std::vector<Literal> found;
    for (std::size_t at = 0; at < code.size();) {
        if (code.compare(at, 2, "//") == 0) {
            at = code.find('\n', at);
        } else if (code.compare(at, 2, "/*") == 0) {
            at = code.find("*/", at);
            if (at != std::string::npos) at += 2;
        } else if (code.compare(at, 3, "R\"(") == 0) {
            at = code.find(")\"", at);
            if (at != std::string::npos) at += 2;
        } else if (code[at] == '\'' || code[at] == '"') {
            const char quote = code[at];
            std::size_t end = at + 1;
            std::string text;
            while (end < code.size() && code[end] != quote) {
                if (code[end] == '\\') text += code[end++];
                text += code[end++];
            }
            if (quote == '"') {
                const auto line_start = code.rfind('\n', at);
                const std::size_t from = line_start == std::string::npos ? 0 : line_start + 1;
                found.push_back({text, code.substr(from, at - from), path.generic_string()});
            }
            at = end + 1;
        } else {
            ++at;
        }
        if (at == std::string::npos) break;
    }
    return found;
}

std::vector<Literal> literals_under(const std::string& folder) {
    std::vector<Literal> all;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(CZARY_SOURCE_DIR) + "/" + folder)) {
        const auto extension = entry.path().extension();
        if (extension != ".cpp" && extension != ".hpp") continue;
        for (auto& literal : literals_of(entry.path())) all.push_back(std::move(literal));
    }
    return all;
}

bool ends_with(const std::string& text, const std::string& end) {
    return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

// "tab.party", "roll.purpose.": lower-case words joined by dots (a trailing dot: a prefix).
bool looks_like_key(const std::string& text) {
    static const std::regex key(R"(^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*\.?$)");
    return text.find('.') != std::string::npos && std::regex_match(text, key);
}

}  // namespace

// What the scan covers (src/, comments and raw strings skipped):
//  1. Interface keys: in src/app, src/controller, src/platform, src/store and core/data_error.hpp,
//     every literal that looks like a key ("tab.party") and starts with a namespace the text
//     files use ("tab", "store", "problem", …), whatever call it is in: tr("…"), both(app, "…"),
//     label(app, "…"), section(app, "…"), Phrase{"…"}, tables of keys, a key in a variable.
//     File names ("spells.json", "dice.frag") are not keys.
//  2. The rules' keys in src/core: message("k") -> k, note("k") -> log.k, Refused("k") and
//     refuse("k") -> refuse.k (also note(c ? "a" : "b")), dice.roll("<code>", "k") -> roll.k
//     (messages.json) and roll.purpose.k (i18n).
//  3. Keys made of a prefix literal and a value ("action." + type, "refuse." + code, "sun." +
//     name …): a key "<prefix><rest>" counts as used when "<prefix>" is a literal in src/ and
//     <rest> is a literal too; the few built otherwise are listed in built_keys below.
TEST_CASE("i18n: the code uses only keys the text files define, and they define none it does not use") {
    const Texts texts = shipped_texts();
    std::set<std::string> defined, namespaces;
    for (const auto* table : {&texts.pl, &texts.en})
        for (const auto& [key, text] : *table) defined.insert(key);
    for (const auto& [key, text] : texts.messages) defined.insert(key);
    for (const auto& key : defined) namespaces.insert(key.substr(0, key.find('.')));

    std::vector<Literal> interface_literals;
    for (const char* folder : {"src/app", "src/controller", "src/platform", "src/store"})
        for (auto& literal : literals_under(folder)) interface_literals.push_back(std::move(literal));
    for (auto& literal : literals_of(std::string(CZARY_SOURCE_DIR) + "/src/core/data_error.hpp")) interface_literals.push_back(std::move(literal));
    const std::vector<Literal> core_literals = literals_under("src/core");

    std::set<std::string> used, prefixes, all_literals;
    const auto use = [&](const std::string& key, const Literal& where) {
        INFO(where.file << ": " << where.before << "\"" << where.text << "\"");
        CHECK_MESSAGE(defined.count(key) == 1, "a key no text file defines: " << key);
        used.insert(key);
    };
    // 1.
    for (const auto& literal : interface_literals) {
        all_literals.insert(literal.text);
        if (!looks_like_key(literal.text) || !namespaces.count(literal.text.substr(0, literal.text.find('.')))) continue;
        const bool file_name = std::regex_search(literal.text, std::regex(R"(\.(json|ttf|wasm|js|html|frag|vert|glsl)$)"));
        if (file_name) continue;
        if (ends_with(literal.text, ".")) prefixes.insert(literal.text);
        else use(literal.text, literal);
    }
    // 2.
    static const std::regex dice_roll(R"(roll\(\s*"[^"]*",\s*$)");
    // The literal is the call's first argument, or a branch of a choice there.
    const auto first_argument = [](const char* call) {
        const std::string c = call;
        return std::regex(c + R"(\(\s*$|)" + c + R"(\([^,;]*\?\s*$|)" + c + R"(\([^,;]*\?\s*"[^"]*"\s*:\s*$)");
    };
    static const std::regex message_call = first_argument("message");
    static const std::regex note_call = first_argument("note");
    static const std::regex refusal_call = first_argument("(Refused|refuse)");
    static const std::regex code_id(R"(^[a-z][a-z0-9_]*$)");
    for (const auto& literal : core_literals) {
        all_literals.insert(literal.text);
        if (looks_like_key(literal.text) && ends_with(literal.text, ".") && namespaces.count(literal.text.substr(0, literal.text.find('.'))))
            prefixes.insert(literal.text);
        // An id ("cast", "only_in_fight"): not a prefix the code completes ("altar_success_" +
        // altar: built_keys), not a sentence of a technical message.
        const bool id = std::regex_match(literal.text, code_id) && !ends_with(literal.text, "_");
        if (!id && !looks_like_key(literal.text)) continue;
        if (ends_with(literal.text, ".")) continue;
        // The first argument of the call, a choice between literals included (note(free ? "a" : "b")).
        if (std::regex_search(literal.before, message_call)) use(literal.text, literal);
        if (std::regex_search(literal.before, note_call)) use("log." + literal.text, literal);
        if (std::regex_search(literal.before, refusal_call)) use("refuse." + literal.text, literal);
        if (std::regex_search(literal.before, dice_roll)) {
            use("roll." + literal.text, literal);
            use("roll.purpose." + literal.text, literal);
        }
    }
    // The roll a roll_dice action makes without a purpose of its own (rules_dice.cpp value_or).
    used.insert({"roll.tray", "roll.purpose.tray"});

    // 3. Keys the code builds in a way the scan cannot follow, with where.
    // rules_items.cpp: t.note("altar_success_" + altar) / ("altar_failure_" + altar), 13.5, for
    // each altar the core knows.
    std::set<std::string> built_keys;
    for (const auto altar : czary::altar_names()) {
        built_keys.insert("log.altar_success_" + std::string(altar));
        built_keys.insert("log.altar_failure_" + std::string(altar));
    }
    // counters.hpp raised(): "counter." + the counter's name; fight_panel.cpp: "talk.result." + a
    // talk outcome's name; rules_negotiation.cpp: "negotiation." + a negotiation's outcome.
    for (const char* counter : czary::counter_names) built_keys.insert(std::string("counter.") + counter);
    for (const char* outcome : czary::talk_outcome_names) {
        if (!*outcome) continue;
        built_keys.insert(std::string("talk.result.") + outcome);
        if (std::string(outcome).rfind("bribe_", 0) != 0) built_keys.insert(std::string("negotiation.") + outcome);
    }
    // apply.cpp LogEntry::words(): "log.<key>.brief", a log line's short form, where messages.json gives one.
    for (const auto& key : used)
        if (defined.count(key + ".brief")) built_keys.insert(key + ".brief");
    for (const auto& key : built_keys) CHECK_MESSAGE(defined.count(key) == 1, "a key the code builds is missing: " << key);
    for (const auto& key : defined) {
        if (used.count(key) || built_keys.count(key) || all_literals.count(key)) continue;
        bool built = false;
        for (const auto& prefix : prefixes)
            built = built || (key.rfind(prefix, 0) == 0 && all_literals.count(key.substr(prefix.size())));
        CHECK_MESSAGE(built, "a key the code never uses: " << key);
    }
    // The scan itself finds what it must.
    CHECK(used.count("tab.party"));          // app.tr("tab.party") in a table of tabs
    CHECK(used.count("store.unreadable"));   // a Phrase in the store
    CHECK(used.count("refuse.only_in_fight"));
    CHECK(used.count("log.cast"));
    CHECK(used.count("roll.purpose.use_limit"));
    CHECK(prefixes.count("action."));
}
// Rule numbers kept whole: ImGui wraps after a full stop, so "(8.9)" at the end of a line broke
// into "(8." and "9)" (the playtest of 7 December, the bribe's odds at 1.5x text). Every wrapped
// text of the panels goes through wrapped() (app/widgets.hpp), which keeps "8.9" together.
TEST_CASE("i18n: the panels wrap text only through wrapped(), which keeps rule numbers whole") {
    std::vector<std::string> raw;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(CZARY_SOURCE_DIR) + "/src/app")) {
        std::ifstream in(entry.path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number)
            if (line.find("ImGui::TextWrapped(") != std::string::npos && line.find("numbers_kept_whole(") == std::string::npos)
                raw.push_back(entry.path().filename().string() + ":" + std::to_string(number));
    }
    CHECK(raw.empty());
    for (const auto& where : raw) MESSAGE(where);
}
#endif
