// libFuzzer harness: sequences of actions applied to a session in the middle of an adventure
// (a party of three, marks made, a fight possible). Each action is either picked from the input
// bytes (types, figures, spells, numbers, dice) or, when the input is a JSON array, taken as it
// is. Whatever comes: no crash; a refused action changes nothing; undoing everything gives back
// the start; the session file replays to the same state.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/session.hpp"
#include "core/state_json.hpp"

namespace {

using nlohmann::json;

const std::vector<std::string> action_types = czary::action_types();
const std::vector<std::string> spells = {
    "blyskawica", "wybuch", "eksplozja", "psychiczny_cios", "gniew_bozy", "uspienie", "urok", "uwolnienie", "uzdrowienie",
    "odmlodzenie", "magiczna_tarcza", "magiczna_zbroja", "sila", "zamek", "elokwencja", "teleportacja", "zawieszenie_broni",
    "niepewnosc", "delikatne_palce", "wskrzeszenie", "x"};
const std::vector<std::string> texts = {"larraka", "gislan", "zuryk", "curvenol", "troll", "ork", "wampir", "harpia",
                                        "czarnoksieznik", "elf", "krasnolud", "1K6", "2K6+2", "1K3x2", "2+2", "", "zzz"};

std::string figure(FuzzedDataProvider& in) {
    const int n = in.ConsumeIntegralInRange(0, 9);
    return n < 4 ? "c" + std::to_string(n + 1) : n < 9 ? "m" + std::to_string(n) : "nobody";
}

json field_value(FuzzedDataProvider& in) {
    switch (in.ConsumeIntegralInRange(0, 5)) {
        case 0: return in.ConsumeIntegralInRange(-3, 14);
        case 1: return figure(in);
        case 2: return spells[in.ConsumeIntegralInRange<std::size_t>(0, spells.size() - 1)];
        case 3: return texts[in.ConsumeIntegralInRange<std::size_t>(0, texts.size() - 1)];
        case 4: return json::array({figure(in), figure(in)});
        default: return in.ConsumeBool();
    }
}

json next_action(FuzzedDataProvider& in) {
    json action = {{"type", action_types[in.ConsumeIntegralInRange<std::size_t>(0, action_types.size() - 1)]}};
    const char* fields[] = {"hero", "character", "figure", "caster", "spell", "kind", "sila", "rank", "slot", "amount",
                            "gold", "race", "code", "purpose", "destination", "level", "use_ring", "altar"};
    const int count = in.ConsumeIntegralInRange(0, 4);
    for (int i = 0; i < count; ++i) action[fields[in.ConsumeIntegralInRange<std::size_t>(0, std::size(fields) - 1)]] = field_value(in);
    if (in.ConsumeBool()) action["targets"] = json::array({figure(in)});
    if (action["type"] == "cast") {
        action["caster"] = figure(in);
        action["spell"] = spells[in.ConsumeIntegralInRange<std::size_t>(0, spells.size() - 1)];
    }
    if (in.ConsumeIntegralInRange(0, 3) == 0) {
        json dice = json::array();
        const int n = in.ConsumeIntegralInRange(0, 4);
        for (int i = 0; i < n; ++i) dice.push_back(in.ConsumeIntegralInRange(0, 7));
        action["dice"] = dice;
    }
    return action;
}

czary::Session prepared() {
    auto session = czary::Session::with_seed(7);
    const json setup = json::parse(R"([
      {"type": "add_hero", "hero": "larraka"}, {"type": "add_hero", "hero": "gislan"}, {"type": "add_hero", "hero": "curvenol"},
      {"type": "set_pool", "character": "c1", "spells": ["blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "zamek"]},
      {"type": "set_pool", "character": "c2", "spells": ["magiczna_zbroja", "zamek", "sila", "elokwencja"]},
      {"type": "set_pool", "character": "c3", "spells": ["eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"]},
      {"type": "begin_adventure", "dice": [3]},
      {"type": "mark_spells", "character": "c1", "spells": ["blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie"]},
      {"type": "mark_spells", "character": "c2", "spells": ["magiczna_zbroja", "zamek", "sila", "elokwencja"]},
      {"type": "mark_spells", "character": "c3", "spells": ["eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"]},
      {"type": "roll_use_limit", "character": "c1", "spell": "uzdrowienie", "dice": [4]},
      {"type": "roll_use_limit", "character": "c3", "spell": "odmlodzenie", "dice": [2]},
      {"type": "enter_labyrinth"}, {"type": "move_figure", "figure": "c1", "rank": 2, "slot": 1}])");
    for (const auto& action : setup) session.apply(action);
    return session;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const czary::Session start = prepared();
    czary::Session session = start;
    const std::string start_state = czary::state_to_json(session.state()).dump();
    std::vector<json> actions;
    const auto parsed = json::parse(data, data + size, nullptr, false);
    if (!parsed.is_discarded() && parsed.is_array()) {
        for (const auto& action : parsed) actions.push_back(action);
    } else {
        FuzzedDataProvider in(data, size);
        while (in.remaining_bytes() > 0 && actions.size() < 64) actions.push_back(next_action(in));
    }
    for (const auto& action : actions) {
        const std::string before = czary::state_to_json(session.state()).dump();
        const auto result = session.apply(action);
        if (!result.ok && czary::state_to_json(session.state()).dump() != before) __builtin_trap();  // a refusal changed the state
        // The typed action read at the boundary writes back as it reads: JSON -> struct -> JSON is stable.
        if (result.ok) {
            const json typed = czary::to_json(session.steps().back().action);
            if (czary::to_json(czary::action_from_json(typed)) != typed) __builtin_trap();
        }
    }
    const auto replayed = czary::Session::from_text(session.to_json().dump());
    if (czary::state_to_json(replayed.state()) != czary::state_to_json(session.state())) __builtin_trap();
    session.undo(session.position() - start.position());
    if (czary::state_to_json(session.state()).dump() != start_state) __builtin_trap();
    return 0;
}
