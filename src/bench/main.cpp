// czary-bench: speed figures of the rules core (not a test). Prints actions applied per second,
// the time to replay and save a 10,000-action session, and what a crowd of monsters at the
// figures' limit costs (adding 250, a refused action among them, loading the session). A figure
// past its target is marked MISSED (docs/benchmark.md).
//   czary-bench                              the figures
//   czary-bench --write-session N FILE       writes the N-action session (the browser benchmark's)
//   czary-bench --open FILE                  opens a session file, replays and saves it: time and
//                                            peak memory of that alone (the 50,000-action game)
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#else
#include <sys/resource.h>
#endif

#include <nlohmann/json.hpp>

#include "core/session.hpp"

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// A long evening at the table: a party, then fight after fight with spells, wounds and phases.
json long_session(std::size_t length) {
    czary::Session session = czary::Session::with_seed(2026);
    auto add = [&](const json& action) { return session.apply(action).ok; };
    // Fleeing ends a fight only under this house rule (9.0, since 112095b): without it every
    // end_fight and clear_monsters below was refused, and the "evening" became one fight of 6,000
    // rounds with monsters piling up to the 250-figure limit (checkpoints then 250 steps apart,
    // each a copy of 250 figures): not the session this benchmark is meant to measure.
    add({{"type", "set_house_rule"}, {"rule", "end_fight_early"}, {"on", true}});
    add({{"type", "add_hero"}, {"hero", "larraka"}});
    add({{"type", "add_hero"}, {"hero", "gislan"}});
    add({{"type", "add_hero"}, {"hero", "curvenol"}});
    add({{"type", "set_pool"}, {"character", "c1"}, {"spells", {"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie", "zamek"}}});
    add({{"type", "set_pool"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja"}}});
    add({{"type", "set_pool"}, {"character", "c3"}, {"spells", {"eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"}}});
    add({{"type", "begin_adventure"}, {"dice", {3}}});
    add({{"type", "mark_spells"}, {"character", "c1"}, {"spells", {"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie"}}});
    add({{"type", "mark_spells"}, {"character", "c2"}, {"spells", {"magiczna_zbroja", "zamek", "sila", "elokwencja"}}});
    add({{"type", "mark_spells"}, {"character", "c3"}, {"spells", {"eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"}}});
    add({{"type", "roll_use_limit"}, {"character", "c1"}, {"spell", "uzdrowienie"}, {"dice", {6}}});
    add({{"type", "roll_use_limit"}, {"character", "c3"}, {"spell", "odmlodzenie"}, {"dice", {6}}});
    add({{"type", "enter_labyrinth"}});
    add({{"type", "move_figure"}, {"figure", "c1"}, {"rank", 2}, {"slot", 1}});
    int fight = 0;
    // Until `length`, or until the session takes no more (a file's size limit comes first for
    // some lengths): a fight that added nothing ends the evening.
    for (std::size_t before = std::size_t(-1); session.position() < length && session.position() != before;) {
        before = session.position();
        ++fight;
        add({{"type", "add_monster"}, {"kind", "troll"}, {"sila", 40}});
        add({{"type", "add_monster"}, {"kind", "ork"}, {"sila", 40}});
        add({{"type", "start_fight"}});
        for (int round = 0; round < 6 && session.position() < length; ++round) {
            const auto& s = session.state();
            const std::string monster = s.monsters.ranks.at(0).at(0);
            add({{"type", "cast"}, {"caster", "c1"}, {"spell", "wybuch"}, {"targets", {monster}}});
            add({{"type", "weapon_attack"}, {"figure", "c2"}});
            add({{"type", "wound"}, {"figure", monster}, {"amount", 1}});
            add({{"type", "next_phase"}});
            add({{"type", "wound"}, {"figure", "c2"}, {"amount", 1}});
            add({{"type", "next_phase"}});
            add({{"type", "next_phase"}});
            add({{"type", "next_phase"}});
            add({{"type", "heal"}, {"figure", "c1"}, {"amount", 1}});
            add({{"type", "heal"}, {"figure", "c2"}, {"amount", 1}});
        }
        add({{"type", "end_fight"}, {"outcome", "fled"}});
        add({{"type", "clear_monsters"}});
    }
    length = std::min(length, session.position());
    session.undo(session.position() - length);
    json file = session.to_json();
    file["actions"].erase(file["actions"].begin() + static_cast<long>(length), file["actions"].end());
    file["position"] = length;
    return file;
}

// Monsters of varied strength added one by one outside a fight (each one re-arranges the
// ranks, 9.1), as a session holding a crowd of them does on every start.
czary::Session crowd(std::size_t monsters) {
    czary::Session session = czary::Session::with_seed(7);
    for (std::size_t i = 0; i < monsters; ++i)
        session.apply({{"type", "add_monster"}, {"kind", i % 2 ? "troll" : "ork"}, {"sila", 1 + (i * 37) % 99}});
    return session;
}

// The most memory the process has held, in MB.
double peak_memory_mb() {
#ifdef __EMSCRIPTEN__
    return static_cast<double>(emscripten_get_heap_size()) / (1024 * 1024);  // wasm memory only grows
#else
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024;
#endif
}

// "ok" or a loud "MISSED" beside a figure and its target.
const char* verdict(bool met) { return met ? "ok" : "MISSED <<<<<<<<"; }

int open_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const auto start = Clock::now();
    const auto loaded = czary::Session::from_text(text);
    const double replay_ms = ms_since(start);
    const auto saving = Clock::now();
    const std::string saved = loaded.to_text();
    const double save_ms = ms_since(saving);
    const double ms = replay_ms + save_ms, mb = peak_memory_mb();
    std::printf("open %zu actions (%zu bytes): replay %.1f ms + save %.1f ms = %.1f ms  (aim: 500 ms: %s)\n",
                loaded.steps().size(), text.size(), replay_ms, save_ms, ms, verdict(ms <= 500));
    std::printf("peak memory:                 %.1f MB  (aim: 100 MB: %s)\n", mb, verdict(mb <= 100));
    return saved.empty() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--open") return open_file(argv[2]);
    // --write-session N FILE: only write the session (the browser benchmark imports it).
    if (argc == 4 && std::string(argv[1]) == "--write-session") {
        const std::string text = long_session(std::stoul(argv[2])).dump();
        std::FILE* out = std::fopen(argv[3], "wb");
        if (!out || std::fwrite(text.data(), 1, text.size(), out) != text.size()) return 2;
        std::fclose(out);
        return 0;
    }
    const std::size_t length = 10000;
    const json file = long_session(length);
    const std::string text = file.dump();

    // Actions applied per second (the session keeps its history and checkpoints as in the app).
    auto start = Clock::now();
    czary::Session session = czary::Session::with_seed(2026);
    std::size_t applied = 0;
    for (const auto& action : file["actions"]) applied += session.apply(action).ok;
    const double apply_ms = ms_since(start);

    // Replay of the file and saving it again: what loading and autosaving cost.
    start = Clock::now();
    const auto loaded = czary::Session::from_text(text);
    const double replay_ms = ms_since(start);
    start = Clock::now();
    const std::string saved = loaded.to_text();
    const double save_ms = ms_since(start);

    std::printf("actions in the session:      %zu (%zu applied)\n", file["actions"].size(), applied);
    std::printf("session file:                %zu bytes\n", text.size());
    std::printf("actions applied per second:  %.0f\n", applied / (apply_ms / 1000.0));
    std::printf("replay of the file:          %.1f ms\n", replay_ms);
    std::printf("save (serialise) the session: %.1f ms\n", save_ms);
#ifdef __EMSCRIPTEN__
    const double aim = 78;  // docs/benchmark.md: wasm under node before the regression issue 29 found
#else
    const double aim = 64;  // natively, the same
#endif
    std::printf("replay + save:               %.1f ms  (aim: %.0f ms: %s)\n", replay_ms + save_ms, aim, verdict(replay_ms + save_ms <= aim));

    // A crowd at the figures' limit (250): adding them, a refused action after thousands of steps
    // (a copy of the head, not a replay), and loading the session.
    start = Clock::now();
    auto crowded = crowd(czary::max_session_figures);
    std::printf("add %zu monsters:             %.1f ms\n", czary::max_session_figures, ms_since(start));
    for (int i = 0; i < 3000; ++i) crowded.apply(json{{"type", "roll_dice"}, {"code", "1K6"}});
    start = Clock::now();
    for (int i = 0; i < 1000; ++i) crowded.apply(json{{"type", "add_monster"}, {"kind", "ork"}, {"sila", 3}});
    std::printf("a refused action, 250 figures: %.3f ms  (mean of 1,000 after 3,250 steps)\n", ms_since(start) / 1000);
    const std::string crowd_text = crowd(czary::max_session_figures).to_text();
    start = Clock::now();
    const auto crowd_loaded = czary::Session::from_text(crowd_text);
    std::printf("load a 250-monster session:   %.1f ms\n", ms_since(start));
    return saved.size() == text.size() ? 0 : 1;
}
