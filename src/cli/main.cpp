// czary-cli: the rules core from the command line.
#include <cstdio>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"
#include "core/spell_catalog.hpp"
#include "core/version.hpp"
#include "data/embedded_data.hpp"

namespace {

constexpr int exit_usage = 2;

void print_usage(std::FILE* out) {
    std::fprintf(out,
                 "usage: czary-cli COMMAND\n"
                 "  --version   print the version\n"
                 "  spells      print the spell table (10.9) as JSON\n");
}

nlohmann::json spell_to_json(const czary::Spell& spell) {
    nlohmann::json node = {
        {"id", spell.id},
        {"name", {{"pl", spell.name.pl}, {"en", spell.name.en}}},
        {"abbr", spell.abbreviation},
        {"cost", spell.cost},
        {"type", std::string(1, czary::spell_type_letter(spell.type))},
        {"rule", spell.rule},
        {"target", spell.target},
        {"resistible", spell.resistible},
        {"dice", spell.dice ? nlohmann::json(*spell.dice) : nlohmann::json()},
        {"effect", {{"pl", spell.effect.pl}, {"en", spell.effect.en}}},
    };
    return node;
}

int print_spells() {
    const auto catalog = czary::SpellCatalog::from_json(czary::data::file("spells.json"));
    nlohmann::json list = nlohmann::json::array();
    for (const auto& spell : catalog.all()) list.push_back(spell_to_json(spell));
    std::cout << list.dump(1) << '\n';
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    try {
        if (command == "--version") {
            std::printf("czary-cli %s\n", czary::version);
            return 0;
        }
        if (command == "spells") return print_spells();
        if (command == "--help" || command == "-h") {
            print_usage(stdout);
            return 0;
        }
    } catch (const czary::DataError& e) {
        std::fprintf(stderr, "czary-cli: %s\n", e.what());
        return exit_usage;
    }
    std::fprintf(stderr, "czary-cli: unknown command '%s'\n", command.c_str());
    print_usage(stderr);
    return exit_usage;
}
