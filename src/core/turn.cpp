#include "core/turn.hpp"

#include "core/json_input.hpp"

namespace czary {
namespace {

std::optional<std::vector<int>> supplied_dice(const nlohmann::json& action) {
    if (!action.is_object() || !action.contains("dice")) return std::nullopt;
    const auto& dice = action.at("dice");
    if (!dice.is_array()) throw Refused("bad_dice", "3.1", {{"field", "dice"}});
    std::vector<int> pips;
    for (const auto& pip : dice) {
        // As written: 4294967299 is not a 3.
        const auto value = exact_integer(pip, 1, 6);
        if (!value) throw Refused("bad_dice", "3.1", {{"field", "dice"}});
        pips.push_back(static_cast<int>(*value));
    }
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

Turn::Turn(GameState& state, const GameData& game_data, const nlohmann::json& action_)
    : s(state), data(game_data), action(action_),
      dice(state.rng, supplied_dice(action_), [&state, &game_data](const std::string& purpose, const std::string& figure) {
          return roll_words(state, game_data, purpose, figure);
      }) {}

void Turn::note(const std::string& key, const std::string& rule, const Args& args) {
    log.push_back({key, rule, data.message("log." + key, args)});
}

std::string Turn::text(const char* field) const {
    if (!action.contains(field) || !action.at(field).is_string())
        throw Refused("bad_action", "", {{"field", field}});
    return action.at(field).get<std::string>();
}

std::optional<std::string> Turn::optional_text(const char* field) const {
    if (!action.contains(field) || action.at(field).is_null()) return std::nullopt;
    return text(field);
}

int Turn::number(const char* field, int min, int max) const {
    if (!action.contains(field) || !action.at(field).is_number_integer())
        throw Refused("bad_action", "", {{"field", field}});
    const auto value = exact_integer(action.at(field), min, max);  // 4294967297 is not 1
    if (!value)
        throw Refused("out_of_range", "", {{"field", field}, {"min", std::to_string(min)}, {"max", std::to_string(max)}});
    return static_cast<int>(*value);
}

std::optional<int> Turn::optional_number(const char* field, int min, int max) const {
    if (!action.contains(field) || action.at(field).is_null()) return std::nullopt;
    return number(field, min, max);
}

std::vector<std::string> Turn::text_list(const char* field) const {
    if (!action.contains(field)) return {};
    const auto& list = action.at(field);
    if (!list.is_array()) throw Refused("bad_action", "", {{"field", field}});
    std::vector<std::string> items;
    for (const auto& item : list) {
        if (!item.is_string()) throw Refused("bad_action", "", {{"field", field}});
        items.push_back(item.get<std::string>());
    }
    return items;
}

Figure& Turn::figure(const char* field) {
    const std::string id = text(field);
    Figure* found = s.find(id);
    if (!found) throw Refused("unknown_figure", "", {{"figure", id}});
    return *found;
}

const Spell& Turn::spell(const char* field) const {
    const std::string id = text(field);
    const Spell* found = data.spells.find(id);
    if (!found) throw Refused("unknown_spell", "10.9", {{"spell", id}});
    return *found;
}

LocalizedText name_of(const Figure& figure) { return figure.name; }
LocalizedText plain(const std::string& text) { return {text, text}; }
LocalizedText number_text(int value) { return plain(std::to_string(value)); }

}  // namespace czary
