// czary-cli: the rules core from the command line.
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/game_data.hpp"
#include "core/json_input.hpp"
#include "core/queries.hpp"
#include "core/session.hpp"
#include "core/state_json.hpp"
#include "core/target_roll.hpp"
#include "core/version.hpp"

namespace {

constexpr int exit_usage = 2;

void print_usage(std::FILE* out) {
    std::fprintf(out,
                 "usage: czary-cli COMMAND [ARGS]\n"
                 "  --version                     print the version\n"
                 "  spells                        the spell table (10.9) as JSON\n"
                 "  actions                       the action types the rules know\n"
                 "  replay FILE                   apply a session file; per-action results and the final state\n"
                 "  legal FILE CASTER             what CASTER may cast now, and why not (rule numbers)\n"
                 "  targets FILE CASTER SPELL     valid targets of SPELL now\n"
                 "  odds FILE CASTER SPELL [TARGET...]  exact odds of a cast\n"
                 "  target-roll FILE MONSTER      whom MONSTER may attack (9.3) and the die face for each\n"
                 "FILE may be '-' for standard input. Exit 2 on an unreadable or invalid file.\n");
}

nlohmann::json spell_to_json(const czary::Spell& spell) {
    return {
        {"id", spell.id},
        {"name", {{"pl", spell.name.pl}, {"en", spell.name.en}}},
        {"abbr", spell.abbreviation},
        {"cost", spell.cost},
        {"type", std::string(1, czary::spell_type_letter(spell.type))},
        {"rule", spell.rule},
        {"target", spell.target_name},
        {"resistible", spell.resistible},
        {"dice", spell.dice ? nlohmann::json(*spell.dice) : nlohmann::json()},
        {"effect", {{"pl", spell.effect.pl}, {"en", spell.effect.en}}},
    };
}

// The file's text, read no further than the size a session file may have (session_file_limits)
// and one byte: a larger file (or an endless stream) is refused without reading it to its end.
std::string read_file(const std::string& path) {
    std::ifstream file;
    std::istream* in = &std::cin;
    if (path != "-") {
        file.open(path, std::ios::binary);
        if (!file) throw czary::DataError("cannot read '" + path + "'");
        in = &file;
    }
    const std::size_t max_bytes = czary::session_file_limits.max_bytes;
    std::string text(max_bytes + 1, '\0');
    in->read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in->gcount()));
    if (in->bad()) throw czary::DataError("cannot read '" + path + "'");
    // Nothing more is read: /dev/zero or `yes |` would never end.
    if (text.size() > max_bytes) throw czary::DataError("session: larger than " + std::to_string(max_bytes / 1024) + " KB");
    return text;
}

czary::Session load(const std::string& path, std::vector<czary::ReplayEntry>* report = nullptr) {
    return czary::Session::from_text(read_file(path), report);
}

int replay(const std::string& path) {
    std::vector<czary::ReplayEntry> report;
    const czary::Session session = load(path, &report);
    nlohmann::json results = nlohmann::json::array();
    for (const auto& entry : report) {
        nlohmann::json item = czary::result_to_json(entry.result);
        item["index"] = entry.index;
        const bool has_type = entry.action.is_object() && entry.action.contains("type") && entry.action["type"].is_string();
        item["type"] = has_type ? entry.action["type"] : nlohmann::json();
        results.push_back(item);
    }
    const nlohmann::json out = {{"results", results},
                                {"position", session.position()},
                                {"state", czary::state_to_json(session.state())}};
    std::cout << out.dump(1) << '\n';
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    const std::string command = args.empty() ? "" : args[0];
    try {
        const auto& data = czary::GameData::builtin();
        if (command == "--version") {
            std::printf("czary-cli %s\n", czary::version);
            return 0;
        }
        if (command == "--help" || command == "-h") {
            print_usage(stdout);
            return 0;
        }
        if (command == "spells") {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& spell : data.spells.all()) list.push_back(spell_to_json(spell));
            std::cout << list.dump(1) << '\n';
            return 0;
        }
        if (command == "actions") {
            std::cout << nlohmann::json(czary::action_types()).dump(1) << '\n';
            return 0;
        }
        if (command == "replay" && args.size() == 2) return replay(args[1]);
        if (command == "legal" && args.size() == 3) {
            const auto session = load(args[1]);
            std::cout << czary::castable_spells(session.state(), data, args[2]).dump(1) << '\n';
            return 0;
        }
        if (command == "targets" && args.size() == 4) {
            const auto session = load(args[1]);
            std::cout << nlohmann::json(czary::valid_targets(session.state(), data, args[2], args[3])).dump(1) << '\n';
            return 0;
        }
        if (command == "odds" && args.size() >= 4) {
            const auto session = load(args[1]);
            const std::vector<std::string> targets(args.begin() + 4, args.end());
            std::cout << czary::cast_odds(session.state(), data, args[2], args[3], targets).dump(1) << '\n';
            return 0;
        }
        if (command == "target-roll" && args.size() == 3) {
            const auto session = load(args[1]);
            std::cout << czary::target_roll(session.state(), data, args[2]).dump(1) << '\n';
            return 0;
        }
    } catch (const czary::DataError& e) {
        std::fprintf(stderr, "czary-cli: %s\n", e.what());
        return exit_usage;
    } catch (const std::exception& e) {  // not expected: said rather than left to abort()
        std::fprintf(stderr, "czary-cli: unexpected error: %s\n", e.what());
        return 1;
    }
    std::fprintf(stderr, "czary-cli: unknown command or wrong arguments: '%s'\n", command.c_str());
    print_usage(stderr);
    return exit_usage;
}
