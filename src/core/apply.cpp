#include "core/apply.hpp"

#include <map>

#include "core/handlers.hpp"

namespace czary {
namespace {

using Handler = void (*)(Turn&);

const std::map<std::string, Handler>& handlers() {
    static const std::map<std::string, Handler> table{
        {"add_hero", action_add_hero},
        {"add_initiate", action_add_initiate},
        {"add_character", action_add_character},
        {"set_pool", action_set_pool},
        {"learn_spell", action_learn_spell},
        {"begin_adventure", action_begin_adventure},
        {"mark_spells", action_mark_spells},
        {"roll_use_limit", action_roll_use_limit},
        {"enter_labyrinth", action_enter_labyrinth},
        {"end_adventure", action_end_adventure},
        {"move_figure", action_move_figure},
        {"add_monster", action_add_monster},
        {"clear_monsters", action_clear_monsters},
        {"rejoin", action_rejoin},
        {"start_fight", action_start_fight},
        {"next_phase", action_next_phase},
        {"weapon_attack", action_weapon_attack},
        {"wound", action_wound},
        {"heal", action_heal},
        {"kill_sleeping", action_kill_sleeping},
        {"end_fight", action_end_fight},
        {"set_house_rule", action_set_house_rule},
        {"cast", action_cast},
        {"negotiate", action_negotiate},
        {"bribe", action_bribe},
        {"grant_ring", action_grant_ring},
        {"resistance_ring", action_resistance_ring},
        {"altar", action_altar},
        {"bookshelf", action_bookshelf},
        {"manuscript", action_manuscript},
        {"talisman", action_talisman},
        {"poison", action_poison},
        {"petrify", action_petrify},
        {"disarm_trap", action_disarm_trap},
        {"roll_dice", action_roll_dice},
    };
    return table;
}

// "Right after" windows (10.6 poison, 10.8 a fight's end) stay open only while spells are cast.
void close_right_after_windows(GameState& s) {
    s.right_after_fight = false;
    for (auto& f : s.figures) f.poison_fresh = false;
}

}  // namespace

std::vector<std::string> action_types() {
    std::vector<std::string> types;
    for (const auto& [type, handler] : handlers()) types.push_back(type);
    return types;
}

Refusal make_refusal(const Refused& refused, const GameData& data) {
    const LocalizedText text = data.message("refuse." + refused.code, refused.args);
    return {refused.code, refused.rule, text.pl, text.en};
}

ApplyResult apply_in_place(GameState& state, const nlohmann::json& action, const GameData& data) {
    ApplyResult result;
    try {
        if (!action.is_object() || !action.contains("type") || !action.at("type").is_string())
            throw Refused("bad_action", "", {{"field", "type"}});
        const std::string type = action.at("type").get<std::string>();
        const auto handler = handlers().find(type);
        if (handler == handlers().end()) throw Refused("unknown_action", "", {{"type", type}});
        if (type != "cast") close_right_after_windows(state);
        Turn turn(state, data, action);
        handler->second(turn);
        turn.dice.check_all_used();
        result.ok = true;
        result.log = std::move(turn.log);
        result.rolls = turn.dice.records();
        result.outcome = std::move(turn.outcome);
    } catch (const Refused& refused) {
        result = {};
        result.refusal = make_refusal(refused, data);
    } catch (const nlohmann::json::exception& e) {
        result = {};
        result.refusal = make_refusal(Refused("bad_action", "", {{"field", e.what()}}), data);
    }
    return result;
}

ApplyResult apply_action(const GameState& state, const nlohmann::json& action, const GameData& data) {
    GameState next = state;
    ApplyResult result = apply_in_place(next, action, data);
    result.state = result.ok ? std::move(next) : state;
    return result;
}

}  // namespace czary
