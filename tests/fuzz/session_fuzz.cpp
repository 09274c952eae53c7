// libFuzzer harness: any bytes as a session file (czary-cli replay, import in the app) and as a
// stored entry (localStorage). Bad input must be refused with a DataError, never crash, hang or
// leak; what loads must save and load again to the same state.
//
// A structure-aware mutation for start states (LLVMFuzzerCustomMutator, below): an input that is
// a JSON object has its "start" (one is put in when there is none) changed where the checks of
// docs/session-format.md 5.8 look: ids swapped, dropped, doubled or pointing at no figure, ranks of
// 0 to 5 places, integers set to the edges of int, int64 and uint64. Otherwise, and one time in
// four, libFuzzer's own byte mutations.
#include <climits>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/session.hpp"
#include "core/state_json.hpp"
#include "store/entry.hpp"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

using nlohmann::json;

// A start state with something in every list of ids (docs/examples/13-start-state.json, grown).
const char* const template_start = R"({"next_id": 7, "figures": [
  {"id": "c1", "kind": "character", "name": "Larraka", "hero": "larraka", "sila": 5, "odpornosc": 3, "potential": [6, 5, 4],
   "pool": ["blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "urok"], "marked": ["blyskawica", "uzdrowienie"],
   "uses_left": {"uzdrowienie": 1}, "wounds": 1, "experience": 3, "killed": ["m5"]},
  {"id": "c2", "kind": "character", "name": "Gislan", "hero": "gislan", "sila": 10, "odpornosc": 3, "zrecznosc": 4, "potential": [4, 4, 4], "talents": {"traps": 3}},
  {"id": "c3", "kind": "character", "name": "Lord Dil", "hero": "lord_dil", "sila": 10, "odpornosc": 3, "zrecznosc": 5},
  {"id": "m4", "kind": "monster", "name": {"pl": "Troll", "en": "Troll"}, "monster_kind": "troll", "side": "monsters", "sila": 9, "wounds": 5, "odpornosc": 3, "nn": 4, "charmed_by": "c3"},
  {"id": "m6", "kind": "monster", "name": "Ork", "monster_kind": "ork", "side": "monsters", "sila": 4, "wounds": 4, "nn": 2}],
 "party": {"ranks": [["c2", "c3", ""], ["c1", "", ""]]}, "monsters": {"ranks": [["m4", "", ""]]},
 "adventure": {"number": 2, "active": true, "entered": true, "sun": "blue"},
 "fight": {"number": 3, "active": true, "round": 2, "phase": 1, "monsters_killed": ["m6"], "ranks_moved_from": [0]},
 "notes": {"teleports": [["c2", "m4"]]}, "rng": "99"})";

bool is_id(const json& value) {
    if (!value.is_string()) return false;
    const auto& text = value.get_ref<const std::string&>();
    return text.size() >= 2 && (text[0] == 'c' || text[0] == 'm') && text.find_first_not_of("0123456789", 1) == std::string::npos;
}

// Every place of the value that an id, an integer or a list of ids/places sits in.
struct Places {
    std::vector<json*> ids, integers, id_lists;
};
void collect(json& value, Places& places) {
    if (is_id(value)) places.ids.push_back(&value);
    else if (value.is_number_integer()) places.integers.push_back(&value);
    else if (value.is_array()) {
        bool ids = !value.empty();
        for (auto& item : value) {
            collect(item, places);
            ids = ids && item.is_string();
        }
        if (ids) places.id_lists.push_back(&value);
    } else if (value.is_object()) {
        for (auto& item : value) collect(item, places);
    }
}

template <class T>
T& pick(std::vector<T>& from, std::minstd_rand& rng) { return from[rng() % from.size()]; }

json integer_edge(std::minstd_rand& rng) {
    switch (rng() % 12) {
        case 0: return 0;
        case 1: return -1;
        case 2: return INT_MAX;
        case 3: return std::int64_t{INT_MAX} + 1;
        case 4: return (std::int64_t{1} << 32) + static_cast<std::int64_t>(rng() % 8);  // 2^32 + k: k after truncation
        case 5: return INT64_MAX;
        case 6: return UINT64_MAX;
        case 7: return INT64_MIN;
        case 8: return INT_MIN;
        case 9: return 1000000000;  // the counters' limit, and one past it
        case 10: return 1000000001;
        default: return static_cast<int>(rng() % 8);
    }
}

std::string some_id(std::minstd_rand& rng) {
    static const char* const odd[] = {"m999", "c99", "c0", "m01", "x1", "", "c", "c1000000000", "m4294967297"};
    if (rng() % 2) return odd[rng() % std::size(odd)];
    return std::string(rng() % 2 ? "c" : "m") + std::to_string(1 + rng() % 8);
}

// One change of the start state (or of an integer anywhere in the file).
void mutate_start(json& file, std::minstd_rand& rng) {
    json& start = file["start"];
    Places in_start, in_file;
    collect(start, in_start);
    switch (rng() % 8) {
        case 0:  // two ids swap places
            if (in_start.ids.size() >= 2) std::swap(*pick(in_start.ids, rng), *pick(in_start.ids, rng));
            return;
        case 1:  // an id points at no figure, or at another kind
            if (!in_start.ids.empty()) *pick(in_start.ids, rng) = some_id(rng);
            return;
        case 2:  // an id given twice
            if (!in_start.ids.empty()) *pick(in_start.ids, rng) = *pick(in_start.ids, rng);
            return;
        case 3:  // an id dropped from its list
            if (!in_start.id_lists.empty()) {
                json& list = *pick(in_start.id_lists, rng);
                list.erase(rng() % list.size());
            }
            return;
        case 4: {  // a rank of 0 to 5 places
            json& formation = start[rng() % 2 ? "party" : "monsters"]["ranks"];
            if (!formation.is_array()) formation = json::array();
            if (formation.empty() || rng() % 4 == 0) formation.push_back(json::array());
            json& rank = formation[rng() % formation.size()];
            if (!rank.is_array()) rank = json::array();
            const std::size_t length = rng() % 6;
            while (rank.size() > length) rank.erase(rank.size() - 1);
            while (rank.size() < length) rank.push_back(rng() % 2 ? json("") : json(some_id(rng)));
            return;
        }
        case 5:  // an id list grows
            if (!in_start.id_lists.empty()) pick(in_start.id_lists, rng)->push_back(some_id(rng));
            else start["fight"]["monsters_killed"] = json::array({some_id(rng)});
            return;
        case 6:  // an integer anywhere in the file (version, dice, position, an action's numbers)
            collect(file, in_file);
            if (!in_file.integers.empty()) *pick(in_file.integers, rng) = integer_edge(rng);
            return;
        default:  // an integer of the start state
            if (!in_start.integers.empty()) *pick(in_start.integers, rng) = integer_edge(rng);
            return;
    }
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size, unsigned int seed) {
    std::minstd_rand rng(seed);
    if (rng() % 4 == 0) return LLVMFuzzerMutate(data, size, max_size);
    json file;
    try {
        file = czary::parse_json_input(std::string_view(reinterpret_cast<const char*>(data), size), czary::session_file_limits, "input");
    } catch (const czary::DataError&) {
        return LLVMFuzzerMutate(data, size, max_size);
    }
    if (!file.is_object()) return LLVMFuzzerMutate(data, size, max_size);
    if (!file.contains("start") || !file["start"].is_object() || rng() % 16 == 0) file["start"] = json::parse(template_start);
    const int changes = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < changes; ++i) mutate_start(file, rng);
    const std::string text = file.dump(-1, ' ', false, json::error_handler_t::replace);
    if (text.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
    std::memcpy(data, text.data(), text.size());
    return text.size();
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto session = czary::Session::from_text(text);
        const auto saved = session.to_json().dump();
        const auto again = czary::Session::from_text(saved);
        if (czary::state_to_json(again.state()) != czary::state_to_json(session.state())) __builtin_trap();
    } catch (const czary::DataError&) {
        // refused with a reason: fine
    }
    czary::DataProblem problem;
    (void)czary::store::read_entry(text, "Sesja 1", problem);
    return 0;
}
