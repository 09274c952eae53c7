#include "core/state_json.hpp"

#include <algorithm>
#include <initializer_list>
#include <set>
#include <utility>

#include "core/data_error.hpp"
#include "core/figure_fields.hpp"
#include "core/json_input.hpp"

namespace czary {
namespace {

using json = nlohmann::json;

// --- writing ------------------------------------------------------------------------------------

json text_json(const LocalizedText& t) {
    json out = json::object();
    out["pl"] = t.pl;
    out["en"] = t.en;
    return out;
}

// A figure's name: both languages, and where known the Polish genitive and the gender its
// sentences use ("pl_gen": "Larraki", "gender": "f").
constexpr const char* name_cases[] = {"gen", "acc", "ins"};

json name_json(const LocalizedText& t) {
    json out = text_json(t);
    for (const char* grammatical_case : name_cases)
        if (const auto form = t.pl_cases().find(std::string_view(grammatical_case)); form != t.pl_cases().end()) out[std::string("pl_") + grammatical_case] = form->second;
    if (const auto gender = t.pl_cases().find(std::string_view("gender")); gender != t.pl_cases().end()) out["gender"] = gender->second;
    return out;
}

// Writes each field it is given into `out` (figure_fields.hpp says which and how).
struct FieldWriter {
    json& out;

    template <class T>
    void operator()(const char* key, const T& value, figure_fields::Whole) { out[key] = value; }  // a number, [3] or {spell: n}
    void operator()(const char* key, const std::string& value, figure_fields::Id) { out[key] = value; }
    void operator()(const char* key, const std::string& value, figure_fields::Text) { out[key] = value; }
    void operator()(const char* key, const LocalizedText& value, figure_fields::Name) { out[key] = name_json(value); }
    void operator()(const char* key, bool value, figure_fields::Flag) { out[key] = value; }
    void operator()(const char* key, bool value, figure_fields::FlagWhenTrue) {
        if (value) out[key] = true;
    }
    template <class List>
    void operator()(const char* key, const std::vector<std::string>& value, List) { out[key] = value; }
    template <class E, std::size_t N>
    void operator()(const char* key, E value, figure_fields::Names<E, N> list) { out[key] = name_of(value, list.names); }
    void operator()(const char* key, const Talents& value, figure_fields::Group) {
        json group = json::object();
        figure_fields::each_talent(value, FieldWriter{group});
        out[key] = std::move(group);
    }
};

json figure_json(const Figure& f) {
    json out = json::object();
    figure_fields::each_field(f, FieldWriter{out});
    return out;
}

json formation_json(const Formation& formation) {
    json out = json::object();
    out["ranks"] = formation.ranks;
    return out;
}

// --- reading ------------------------------------------------------------------------------------

// What is wrong, where: "state: 'figures[2].wounds' must be ...".
[[noreturn]] void wrong(const std::string& path, const std::string& what) {
    throw DataError("state: '" + path + "' " + what);
}

// A value as the message shows it, cut short.
std::string shown(const json& value) {
    std::string text = value.dump();
    if (text.size() > 40) text = text.substr(0, 40) + "...";
    return text;
}

std::string item(const std::string& path, std::size_t index) { return path + "[" + std::to_string(index) + "]"; }

int read_integer(const json& value, const std::string& path, int low, int high) {
    if (const auto number = exact_integer(value, low, high)) return static_cast<int>(*number);
    wrong(path, "must be a whole number from " + std::to_string(low) + " to " + std::to_string(high) + " (is " +
                    shown(value) + ")");
}

std::string read_text(const json& value, const std::string& path) {
    if (!value.is_string()) wrong(path, "must be a text (is " + shown(value) + ")");
    return value.get<std::string>();
}

// One JSON object of the state and the path that leads to it; a field left out takes its default.
class Fields {
public:
    Fields(const json& object, std::string path) : object_(object), path_(std::move(path)) {
        if (!object_.is_object()) wrong(path_, "must be an object (is " + shown(object_) + ")");
    }

    const json* get(const char* key) const {
        const auto found = object_.find(key);
        return found == object_.end() ? nullptr : &*found;
    }
    std::string path(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
    const std::string& where() const { return path_; }

    int integer(const char* key, int low, int high, int fallback) const {
        const json* value = get(key);
        return value ? read_integer(*value, path(key), low, high) : fallback;
    }
    bool boolean(const char* key) const {
        const json* value = get(key);
        if (!value) return false;
        if (!value->is_boolean()) wrong(path(key), "must be true or false (is " + shown(*value) + ")");
        return value->get<bool>();
    }
    std::string text(const char* key) const {
        const json* value = get(key);
        return value ? read_text(*value, path(key)) : std::string();
    }
    // One of `names` (a text, or null for the first when `null_first`); its index.
    int choice(const char* key, std::initializer_list<const char*> names, bool null_first = false) const {
        const json* value = get(key);
        if (!value || (null_first && value->is_null())) return 0;
        int index = 0;
        for (const char* name : names) {
            if (!(null_first && index == 0) && value->is_string() && value->get<std::string>() == name) return index;
            ++index;
        }
        std::string list;
        index = 0;
        for (const char* name : names) {
            list += list.empty() ? "" : ", ";
            list += null_first && index++ == 0 ? std::string("null") : "\"" + std::string(name) + "\"";
        }
        wrong(path(key), "is " + shown(*value) + ": it must be one of " + list);
    }
    // One of an enum's names (state.hpp), as that enum.
    template <class E, std::size_t N>
    E choice(const char* key, const std::array<const char*, N>& names) const {
        const json* value = get(key);
        if (!value) return E{};
        for (std::size_t i = 0; i < N; ++i)
            if (value->is_string() && value->get<std::string>() == names[i]) return static_cast<E>(i);
        std::string list;
        for (const char* name : names) list += (list.empty() ? "\"" : ", \"") + std::string(name) + "\"";
        wrong(path(key), "is " + shown(*value) + ": it must be one of " + list);
    }
    // Calls each(element, its path) for the elements of a list.
    template <class Each>
    void list(const char* key, Each each) const {
        const json* value = get(key);
        if (!value) return;
        if (!value->is_array()) wrong(path(key), "must be a list (is " + shown(*value) + ")");
        for (std::size_t i = 0; i < value->size(); ++i) each((*value)[i], item(path(key), i));
    }
    std::vector<std::string> texts(const char* key) const {
        std::vector<std::string> result;
        list(key, [&](const json& element, const std::string& at) { result.push_back(read_text(element, at)); });
        return result;
    }

private:
    const json& object_;
    std::string path_;
};

LocalizedText read_name(const Fields& f, const char* key) {
    const json* value = f.get(key);
    if (!value) return {};
    if (value->is_string()) return {value->get<std::string>()};
    const std::string what = "must be a text or {\"pl\", \"en\"} (is " + shown(*value) + ")";
    if (!value->is_object() || !value->contains("pl") || !value->at("pl").is_string()) wrong(f.path(key), what);
    LocalizedText text{value->at("pl").get<std::string>()};
    if (value->contains("en")) {
        if (!value->at("en").is_string()) wrong(f.path(key), what);
        text.en = value->at("en").get<std::string>();
    }
    LocalizedText::Cases cases;
    for (const char* grammatical_case : name_cases) {
        const std::string case_key = std::string("pl_") + grammatical_case;
        if (!value->contains(case_key)) continue;
        if (!value->at(case_key).is_string()) wrong(f.path(key) + "." + case_key, "must be a text (is " + shown(value->at(case_key)) + ")");
        cases[grammatical_case] = value->at(case_key).get<std::string>();
    }
    if (value->contains("gender")) {
        const json& gender = value->at("gender");
        if (!gender.is_string() || (gender != "m" && gender != "f")) wrong(f.path(key) + ".gender", "must be \"m\" or \"f\" (is " + shown(gender) + ")");
        cases["gender"] = gender.get<std::string>();
    }
    text.set_pl_cases(std::move(cases));
    return text;
}

// Reads each field it is given from one object of the file, checked (figure_fields.hpp); a field
// left out keeps its default.
struct FieldReader {
    const Fields& f;

    void operator()(const char* key, int& value, figure_fields::Whole w) { value = f.integer(key, w.low, w.high, value); }
    void operator()(const char* key, std::array<int, 3>& value, figure_fields::Whole w) {
        const json* list = f.get(key);
        if (!list) return;
        if (!list->is_array() || list->size() != 3)
            wrong(f.path(key), "must be a list of 3 numbers [red, yellow, blue] (is " + shown(*list) + ")");
        for (std::size_t i = 0; i < 3; ++i) value[i] = read_integer((*list)[i], item(f.path(key), i), w.low, w.high);
    }
    void operator()(const char* key, std::map<std::string, int>& value, figure_fields::Whole w) {
        const json* map = f.get(key);
        if (!map) return;
        if (!map->is_object()) wrong(f.path(key), "must be an object {spell: uses} (is " + shown(*map) + ")");
        for (const auto& [name, count] : map->items()) value[name] = read_integer(count, f.path(key) + "." + name, w.low, w.high);
    }
    void operator()(const char* key, std::string& value, figure_fields::Id) {
        if (!f.get(key)) throw DataError("state: '" + f.where() + "': a figure has no '" + key + "'");
        value = f.text(key);
    }
    void operator()(const char* key, std::string& value, figure_fields::Text) { value = f.text(key); }
    void operator()(const char* key, LocalizedText& value, figure_fields::Name) {
        if (f.get(key)) value = read_name(f, key);
    }
    void operator()(const char* key, bool& value, figure_fields::Flag) { value = f.boolean(key); }
    void operator()(const char* key, bool& value, figure_fields::FlagWhenTrue) { value = f.boolean(key); }
    void operator()(const char* key, std::vector<std::string>& value, figure_fields::Texts) { value = f.texts(key); }
    void operator()(const char* key, std::vector<std::string>& value, figure_fields::SpellIds) { value = f.texts(key); }
    void operator()(const char* key, std::vector<std::string>& value, figure_fields::OneOf one_of) {
        value = f.texts(key);
        for (std::size_t i = 0; i < value.size(); ++i)
            if (!one_of.allows(value[i])) wrong(item(f.path(key), i), "is \"" + value[i] + "\": " + one_of.why);
    }
    template <class E, std::size_t N>
    void operator()(const char* key, E& value, figure_fields::Names<E, N> list) {
        if (f.get(key)) value = f.choice<E>(key, list.names);
    }
    void operator()(const char* key, Talents& value, figure_fields::Group) {
        const json* group = f.get(key);
        if (!group) return;
        const Fields fields(*group, f.path(key));
        figure_fields::each_talent(value, FieldReader{fields});
    }
};

Figure read_figure(const json& value, const std::string& path) {
    const Fields f(value, path);
    Figure figure;
    figure_fields::each_field(figure, FieldReader{f});
    return figure;
}

Formation read_formation(const Fields& state, const char* key) {
    Formation formation;
    const json* value = state.get(key);
    if (!value) return formation;
    const Fields f(*value, key);
    f.list("ranks", [&](const json& rank, const std::string& at) {
        if (!rank.is_array() || rank.size() != 3)
            wrong(at, "must be a list of exactly 3 places (ids or \"\"), not " +
                          (rank.is_array() ? std::to_string(rank.size()) : shown(rank)));
        std::array<std::string, 3> places;
        for (std::size_t i = 0; i < 3; ++i) places[i] = read_text(rank[i], item(at, i));
        formation.ranks.push_back(places);
    });
    return formation;
}

// "c12" -> 12 for a character, "m3" -> 3 for a monster; 0 for anything else.
int id_number(const std::string& id) {
    if (id.size() < 2 || id.size() > 10 || (id[0] != 'c' && id[0] != 'm') || id[1] == '0') return 0;
    std::int64_t number = 0;
    for (std::size_t i = 1; i < id.size(); ++i) {
        if (id[i] < '0' || id[i] > '9') return 0;
        number = number * 10 + (id[i] - '0');
    }
    return number < state_limits::max_counter ? static_cast<int>(number) : 0;
}

int checked_id_number(const std::string& id, const std::string& path) {
    const int number = id_number(id);
    if (number == 0)
        wrong(path, "is '" + id + "', which is not an id: 'c' (a character) or 'm' (a monster) and a number from 1 to " +
                        std::to_string(state_limits::max_counter - 1));
    return number;
}

// The whole state, cross-checked: the rules look figures up by the ids they hold, and make new
// ones from next_id.
class Check {
public:
    Check(const GameState& state, const GameData& data) : s_(state), data_(data) {}

    void figures() {
        for (std::size_t i = 0; i < s_.figures.size(); ++i) {
            const Figure& f = s_.figures[i];
            const std::string path = item("figures", i);
            if (f.id.empty()) throw DataError("state: '" + path + "': a figure has no 'id'");
            checked_id_number(f.id, path + ".id");
            const char letter = f.is_character() ? 'c' : 'm';
            if (f.id[0] != letter)
                throw DataError("state: figure '" + f.id + "' is a " + (f.is_character() ? "character" : "monster") +
                                ": its id must begin with '" + letter + "'");
            if (!ids_.insert(f.id).second) throw DataError("state: two figures have the id '" + f.id + "'");
        }
    }

    void next_id() {
        for (const auto& f : s_.figures)
            if (id_number(f.id) >= s_.next_id)
                throw DataError("state: 'next_id' is " + std::to_string(s_.next_id) + ", but '" + f.id +
                                "' is already used: next_id must be above the number of every id");
    }

    // An id of a figure made before: it may have been left behind since (clear_monsters).
    void made(const std::string& id, const std::string& path) {
        if (checked_id_number(id, path) >= s_.next_id)
            wrong(path, "names '" + id + "', which no action has made (next_id is " + std::to_string(s_.next_id) + ")");
    }

    // An id the rules look up: the figure must be there.
    void exists(const std::string& id, const std::string& path) {
        if (!ids_.count(id)) wrong(path, "names '" + id + "', which is not among the figures");
    }

    void spell(const std::string& id, const std::string& path) {
        if (!data_.spells.find(id)) wrong(path, "names the spell '" + id + "', which does not exist");
    }

    // The spell ids a figure's fields hold (figure_fields.hpp: SpellIds, and uses_left's keys).
    struct SpellsKnown {
        Check& check;
        const std::string& path;
        void operator()(const char* key, const std::vector<std::string>& list, figure_fields::SpellIds) {
            for (std::size_t k = 0; k < list.size(); ++k) check.spell(list[k], item(path + "." + key, k));
        }
        void operator()(const char* key, const std::map<std::string, int>& uses, figure_fields::Whole) {
            for (const auto& [id, count] : uses) check.spell(id, path + "." + key);
        }
        template <class T, class What>
        void operator()(const char*, const T&, What) {}  // no spell ids
    };

    void figure_references() {
        for (std::size_t i = 0; i < s_.figures.size(); ++i) {
            const Figure& f = s_.figures[i];
            const std::string path = item("figures", i);
            if (!f.hero.empty() && !data_.hero(f.hero))
                wrong(path + ".hero", "is '" + f.hero + "', which is not a hero of table 4.3");
            if (!f.monster_kind.empty() && !data_.monster_kind(f.monster_kind))
                wrong(path + ".monster_kind", "is '" + f.monster_kind + "', which is not a monster kind of table 8.2");
            figure_fields::each_field(f, SpellsKnown{*this, path});
            if (!f.charmed_by.empty()) {
                if (f.charmed_by == f.id) throw DataError("state: figure '" + f.id + "' is charmed by itself");
                if (!ids_.count(f.charmed_by))
                    throw DataError("state: figure '" + f.id + "' is charmed by '" + f.charmed_by +
                                    "', who is not among the figures");
            }
            if (f.died_in_fight > s_.fight.number)
                wrong(path + ".died_in_fight", "must be a whole number from 0 to " + std::to_string(s_.fight.number) +
                                                   " (is " + std::to_string(f.died_in_fight) + "): fight.number is " +
                                                   std::to_string(s_.fight.number));
            for (std::size_t k = 0; k < f.killed.size(); ++k) made(f.killed[k], item(path + ".killed", k));
        }
    }

    void formations() {
        std::set<std::string> placed;
        for (const auto& [name, formation] : {std::pair{"party", &s_.party}, std::pair{"monsters", &s_.monsters}}) {
            for (std::size_t r = 0; r < formation->ranks.size(); ++r) {
                for (std::size_t p = 0; p < 3; ++p) {
                    const std::string& id = formation->ranks[r][p];
                    if (id.empty()) continue;
                    exists(id, item(item(std::string(name) + ".ranks", r), p));
                    if (!placed.insert(id).second) throw DataError("state: '" + id + "' stands in two places");
                }
            }
        }
    }

    void adventure_and_fight() {
        const Adventure& a = s_.adventure;
        if (a.active && a.sun == Sun::None)
            wrong("adventure.sun", "is null, but an adventure is on: it must be \"red\", \"yellow\" or \"blue\"");
        if (!a.active && a.sun != Sun::None)
            wrong("adventure.sun", std::string("is \"") + sun_name(a.sun) + "\", but no adventure is on: it must be null");
        if (a.entered && !a.active) wrong("adventure.entered", "is true, but no adventure is on");

        const Fight& fight = s_.fight;
        if (fight.active && fight.round < 1) wrong("fight.round", "is 0, but a fight is on: round and phase start at 1");
        if (fight.active && fight.phase < 1) wrong("fight.phase", "is 0, but a fight is on: round and phase start at 1");
        std::set<std::string> killed;
        for (std::size_t k = 0; k < fight.monsters_killed.size(); ++k) {
            const std::string& id = fight.monsters_killed[k];
            const std::string path = item("fight.monsters_killed", k);
            // end_fight adds up the siła of these: while the fight is on they are all here. After
            // it they are history, and clear_monsters may have dropped them.
            if (fight.active) {
                exists(id, path);
                if (s_.find(id)->is_character()) wrong(path, "names '" + id + "', which is not a monster");
            } else {
                made(id, path);
            }
            if (!killed.insert(id).second) wrong(path, "names '" + id + "' a second time");
        }
    }

    void notes() {
        for (std::size_t k = 0; k < s_.notes.teleports.size(); ++k) made(s_.notes.teleports[k][0], item(item("notes.teleports", k), 0));
    }

private:
    const GameState& s_;
    const GameData& data_;
    std::set<std::string> ids_;
};

}  // namespace

nlohmann::json state_to_json(const GameState& state) {
    json out = json::object();
    json& figures = out["figures"] = json::array();
    for (const auto& figure : state.figures) figures.push_back(figure_json(figure));
    const Adventure& a = state.adventure;
    const Fight& f = state.fight;
    const Encounter& e = state.encounter;
    static const char* const first_rank_move_names[] = {"", "owed", "made"};
    out["next_id"] = state.next_id;
    out["party"] = formation_json(state.party);
    out["monsters"] = formation_json(state.monsters);
    json& adventure = out["adventure"];
    adventure["number"] = a.number;
    adventure["active"] = a.active;
    adventure["entered"] = a.entered;
    adventure["sun"] = a.sun == Sun::None ? json(nullptr) : json(sun_name(a.sun));
    json& fight = out["fight"];
    fight["number"] = f.number;
    fight["active"] = f.active;
    fight["round"] = f.round;
    fight["phase"] = f.phase;
    fight["black_gates"] = f.black_gates;
    fight["gates_blasts_left"] = f.gates_blasts_left;
    fight["hesitation"] = f.hesitation;
    fight["hesitation_window"] = f.hesitation_window;
    fight["under_way"] = f.under_way;
    fight["ranks_moved_from"] = f.ranks_moved_from;
    fight["first_rank_move"] = first_rank_move_names[static_cast<int>(f.first_rank_move)];
    fight["monster_front_full"] = f.monster_front_full;
    fight["monsters_stepped"] = f.monsters_stepped;
    fight["monsters_killed"] = f.monsters_killed;
    fight["outcome"] = name_of(f.outcome, fight_outcome_names);
    out["right_after_fight"] = state.right_after_fight;
    json& encounter = out["encounter"];
    encounter["negotiation_bonus"] = e.negotiation_bonus;
    encounter["intimidation"] = e.intimidation;
    encounter["all_treasure"] = e.all_treasure;
    encounter["bribe_modifier"] = e.bribe_modifier;
    encounter["bribe_tried"] = e.bribe_tried;
    encounter["outcome"] = name_of(e.outcome, talk_outcome_names);
    json& notes = out["notes"];
    notes["locked_doors"] = state.notes.locked_doors;
    notes["teleports"] = state.notes.teleports;
    out["house_rules"]["end_fight_early"] = state.house_rules.end_fight_early;
    // A string: JavaScript numbers cannot hold 64 bits.
    out["rng"] = std::to_string(state.rng.state);
    return out;
}

GameState state_from_json(const nlohmann::json& value, const GameData& data) {
    namespace L = state_limits;
    if (!value.is_object()) throw DataError("state: expected an object");
    const Fields root(value, "");
    GameState state;
    root.list("figures", [&](const json& figure, const std::string& at) { state.figures.push_back(read_figure(figure, at)); });
    state.party = read_formation(root, "party");
    state.monsters = read_formation(root, "monsters");

    if (const json* adventure = root.get("adventure")) {
        const Fields a(*adventure, "adventure");
        state.adventure.number = a.integer("number", 0, L::max_counter, 0);
        state.adventure.active = a.boolean("active");
        state.adventure.entered = a.boolean("entered");
        static const Sun suns[] = {Sun::None, Sun::Red, Sun::Yellow, Sun::Blue};
        state.adventure.sun = suns[a.choice("sun", {"", "red", "yellow", "blue"}, true)];
    }
    if (const json* fight = root.get("fight")) {
        const Fields f(*fight, "fight");
        state.fight.number = f.integer("number", 0, L::max_counter, 0);
        state.fight.active = f.boolean("active");
        state.fight.round = f.integer("round", 0, L::max_counter, 0);
        state.fight.phase = f.integer("phase", 0, 5, 0);
        state.fight.black_gates = f.boolean("black_gates");
        state.fight.gates_blasts_left = f.integer("gates_blasts_left", 0, 3, 0);
        state.fight.hesitation = f.boolean("hesitation");
        state.fight.hesitation_window = f.boolean("hesitation_window");
        state.fight.under_way = f.boolean("under_way");
        // 0-based indexes of party ranks (kept after a rank closes); never more ranks than figures.
        const int most_ranks = std::max(static_cast<int>(state.figures.size()) - 1, 0);
        f.list("ranks_moved_from", [&](const json& index, const std::string& at) {
            state.fight.ranks_moved_from.push_back(read_integer(index, at, 0, most_ranks));
        });
        state.fight.first_rank_move = static_cast<Fight::FirstRankMove>(f.choice("first_rank_move", {"", "owed", "made"}));
        state.fight.monster_front_full = f.boolean("monster_front_full");
        state.fight.monsters_stepped = f.integer("monsters_stepped", 0, 3, 0);
        state.fight.monsters_killed = f.texts("monsters_killed");
        state.fight.outcome = f.choice<FightOutcome>("outcome", fight_outcome_names);
    }
    state.right_after_fight = root.boolean("right_after_fight");
    if (const json* encounter = root.get("encounter")) {
        const Fields e(*encounter, "encounter");
        state.encounter.negotiation_bonus = e.integer("negotiation_bonus", 0, L::max_talk_bonus, 0);
        state.encounter.intimidation = e.boolean("intimidation");
        state.encounter.all_treasure = e.boolean("all_treasure");
        state.encounter.bribe_modifier = e.integer("bribe_modifier", -L::max_talk_bonus, 0, 0);
        state.encounter.bribe_tried = e.boolean("bribe_tried");
        state.encounter.outcome = e.choice<TalkOutcome>("outcome", talk_outcome_names);
    }
    if (const json* notes = root.get("notes")) {
        const Fields n(*notes, "notes");
        state.notes.locked_doors = n.texts("locked_doors");
        n.list("teleports", [&](const json& pair, const std::string& at) {
            if (!pair.is_array() || pair.size() != 2) wrong(at, "must be a list of [id, destination] (is " + shown(pair) + ")");
            state.notes.teleports.push_back({read_text(pair[0], item(at, 0)), read_text(pair[1], item(at, 1))});
        });
    }
    if (const json* house_rules = root.get("house_rules")) {
        const Fields h(*house_rules, "house_rules");
        state.house_rules.end_fight_early = h.boolean("end_fight_early");
    }
    if (const json* rng = root.get("rng")) {
        const std::string text = rng->is_string() ? rng->get<std::string>() : std::string();
        if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos)
            throw DataError("state: 'rng' must be a decimal number in a string");
        try {
            state.rng.state = std::stoull(text);
        } catch (const std::exception&) {
            throw DataError("state: 'rng' must be a decimal number in a string");
        }
    }

    Check check(state, data);
    check.figures();
    // Left out, next_id starts after every number named anywhere, so new ids never collide.
    const bool given = root.get("next_id") != nullptr;
    if (given) {
        state.next_id = root.integer("next_id", 1, L::max_counter, 1);
    } else {
        int highest = 0;
        for (const auto& f : state.figures) highest = std::max(highest, id_number(f.id));
        for (const auto& f : state.figures)
            for (const auto& id : f.killed) highest = std::max(highest, id_number(id));
        for (const auto& id : state.fight.monsters_killed) highest = std::max(highest, id_number(id));
        for (const auto& teleport : state.notes.teleports) highest = std::max(highest, id_number(teleport[0]));
        state.next_id = highest + 1;
    }
    if (given) check.next_id();
    check.figure_references();
    check.formations();
    check.adventure_and_fight();
    check.notes();
    return state;
}

}  // namespace czary
