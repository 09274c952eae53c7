#include "core/game_data.hpp"

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/wording.hpp"
#include "data/embedded_data.hpp"

namespace czary {
namespace {

nlohmann::json parse(std::string_view text, std::string_view format) {
    auto root = parse_own_json(text);
    if (!root || root->value("format", "") != format) throw DataError(std::string(format) + ": missing or not valid JSON");
    return std::move(*root);
}

Talents parse_talents(const nlohmann::json& j) {
    return {j.value("traps", 0), j.value("negotiation", 0), j.value("black_gates", 0)};
}

LocalizedText parse_text(const nlohmann::json& j) { return {j.at("pl").get<std::string>(), j.at("en").get<std::string>()}; }

}  // namespace

GameData GameData::from_files(std::string_view (*file)(std::string_view path)) {
    GameData data;
    try {
        data.spells = SpellCatalog::from_json(file("spells.json"));

        const auto heroes = parse(file("heroes.json"), "czary-heroes");
        for (const auto& h : heroes.at("heroes")) {
            HeroTemplate hero{h.at("id"), h.at("name"), {}, h.value("gender", ""), h.at("race"), h.at("sila"),
                              h.at("potential"), h.at("odpornosc"), h.at("zrecznosc"), parse_talents(h.at("talents"))};
            for (const char* grammatical_case : {"gen", "acc", "ins"})
                if (h.contains(std::string("pl_") + grammatical_case)) hero.pl_cases[grammatical_case] = h.at(std::string("pl_") + grammatical_case);
            data.heroes.push_back(hero);
        }

        const auto initiates = parse(file("initiates.json"), "czary-initiates");
        for (const auto& r : initiates.at("races"))
            data.races.push_back({r.at("id"), parse_text(r.at("name")), r.at("sila"), r.at("odpornosc"),
                                  parse_talents(r.at("talents"))});
        for (const auto& [roll, potential] : initiates.at("potential_by_roll").items())
            data.initiate_potential[std::stoi(roll)] = potential.get<std::array<int, 3>>();

        const auto monsters = parse(file("monsters.json"), "czary-monsters");
        for (const auto& [level, bonus] : monsters.at("level_sila_bonus").items())
            data.level_sila_bonus[std::stoi(level)] = bonus.get<int>();
        for (const auto& k : monsters.at("kinds")) {
            MonsterKind kind{k.at("id"), parse_text(k.at("name")), k.at("odpornosc"),
                             k.at("nn").is_null() ? -1 : k.at("nn").get<int>(), k.at("spells")};
            for (const auto& flag : k.at("flags")) {
                bool* known = flag == "nameless" ? &kind.nameless : flag == "demon"  ? &kind.demon
                            : flag == "vampire"  ? &kind.vampire  : flag == "medusa" ? &kind.medusa
                            : flag == "person"   ? &kind.person   : flag == "regenerates" ? &kind.regenerates : nullptr;
                if (!known) throw DataError("monster '" + kind.id + "': unknown flag " + flag.dump());
                *known = true;
            }
            data.monster_kinds.push_back(kind);
        }

        const auto bribes = parse(file("bribe_table.json"), "czary-bribe-table");
        data.bribe_columns = bribes.at("columns").get<std::vector<std::array<int, 2>>>();
        for (const auto& row : bribes.at("rows")) data.bribe_rows.push_back({row.at("gold"), row.at("max_roll")});

        const auto messages = parse(file("messages.json"), "czary-messages");
        for (const auto& [key, text] : messages.at("messages").items())
            data.messages[key] = parse_text(text);
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("game data: ") + e.what());
    }
    data.black_gates.id = "black_gates";
    data.black_gates.kind = FigureKind::Monster;
    data.black_gates.side = Side::Monsters;
    data.black_gates.name = data.message("figure.black_gates");
    data.black_gates.sila = 1000;  // beyond any cost (10.2)
    return data;
}

const GameData& GameData::builtin() {
    static const GameData data = from_files(&data::file);
    return data;
}

const HeroTemplate* GameData::hero(std::string_view id) const {
    for (const auto& hero : heroes)
        if (hero.id == id) return &hero;
    return nullptr;
}

const RaceTemplate* GameData::race(std::string_view id) const {
    for (const auto& race : races)
        if (race.id == id) return &race;
    return nullptr;
}

const MonsterKind* GameData::monster_kind(std::string_view id) const {
    for (const auto& kind : monster_kinds)
        if (kind.id == id) return &kind;
    return nullptr;
}

LocalizedText GameData::message(std::string_view key, const Args& args) const {
    if (auto text = message_if(key, args)) return std::move(*text);
    return {std::string(key), std::string(key)};
}

std::optional<LocalizedText> GameData::message_if(std::string_view key, const Args& args) const {
    const auto it = messages.find(key);
    if (it == messages.end()) return std::nullopt;
    return LocalizedText{fill_template(it->second.pl, args, "pl"), fill_template(it->second.en, args, "en")};
}

}  // namespace czary
