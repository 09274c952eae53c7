#include "core/turn.hpp"

#include "core/json_input.hpp"

namespace czary {
namespace {

std::optional<std::vector<int>> checked_pips(const actions::Dice& pips) {
    if (pips)
        for (const int pip : *pips)
            if (pip < 1 || pip > 6) refuse("bad_dice", "3.1", "field", "dice");
    return pips;
}

// A roll in words for a refusal (3.1): the purpose as data/messages.json "roll.<purpose>" has it
// (a purpose it does not know, as a roll_dice's own, as it is) and whose roll it is.
LocalizedText roll_words(const GameState& s, const GameData& data, const std::string& purpose, const std::string& figure) {
    const bool known = data.messages.find("roll." + purpose) != data.messages.end();
    const LocalizedText words = known ? data.message("roll." + purpose) : plain(purpose);
    const Figure* whose = figure.empty() ? nullptr : s.find(figure);
    if (!whose) return words;
    return data.message("roll_of_figure", {{"roll", words}, {"figure", whose->name}});
}

}  // namespace

Turn::Turn(GameState& state, const GameData& game_data, const actions::Dice& pips)
    : s(state), data(game_data),
      dice(state.rng, checked_pips(pips), [&state, &game_data](const std::string& purpose, const std::string& figure) {
          return roll_words(state, game_data, purpose, figure);
      }) {}

void Turn::note(std::string key, std::string rule, Args args) {
    log.emplace_back(std::move(key), std::move(rule), std::move(args), data);
}
void Turn::note(std::string_view key, std::string_view rule) { log.emplace_back(std::string(key), std::string(rule), Args(), data); }
void Turn::note(std::string_view key, std::string_view rule, const char* name, ArgRef value) {
    log.emplace_back(std::string(key), std::string(rule), Args(name, value), data);
}
void Turn::note(std::string_view key, std::string_view rule, const char* name1, ArgRef value1, const char* name2, ArgRef value2) {
    log.emplace_back(std::string(key), std::string(rule), Args(name1, value1, name2, value2), data);
}
void Turn::note(std::string_view key, std::string_view rule, const char* name1, ArgRef value1, const char* name2, ArgRef value2,
                const char* name3, ArgRef value3) {
    log.emplace_back(std::string(key), std::string(rule), Args(name1, value1, name2, value2, name3, value3), data);
}

int Turn::in_range(int value, const char* field, int min, int max) {
    if (value < min || value > max)
        refuse("out_of_range", "", "field", field, "min", std::to_string(min), "max", std::to_string(max));
    return value;
}

std::optional<int> Turn::in_range(const std::optional<int>& value, const char* field, int min, int max) {
    if (value) in_range(*value, field, min, max);
    return value;
}

Figure& Turn::figure(const std::string& id) {
    Figure* found = s.find(id);
    if (!found) refuse("unknown_figure", "", "figure", id);
    return *found;
}

const Spell& Turn::spell(const std::string& id) const {
    const Spell* found = data.spells.find(id);
    if (!found) refuse("unknown_spell", "10.9", "spell", id);
    return *found;
}

LocalizedText name_of(const Figure& figure) { return figure.name; }
LocalizedText plain(const std::string& text) { return {text, text}; }
LocalizedText number_text(int value) { return plain(std::to_string(value)); }

}  // namespace czary
