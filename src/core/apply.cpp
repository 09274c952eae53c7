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
        {"possess", action_possess},
        {"charm_potion", action_charm_potion},
        {"thought_talisman", action_thought_talisman},
        {"use_thought", action_use_thought},
        {"medallion", action_medallion},
        {"magic_armor", action_magic_armor},
        {"improve", action_improve},
        {"roll_dice", action_roll_dice},
    };
    return table;
}

// 13.2, the Medusa statue: "Reszta oddziału postępuje tak, jak przy normalnym spotkaniu z potworem
// (patrz 15.3)": the living Medusa is met (added, talked to, bribed, the ranks set, a fight begun),
// and the stone character waits for that encounter's end.
bool statue_encounter_goes_on(const std::string& type) {
    return type == "add_monster" || type == "negotiate" || type == "bribe" || type == "move_figure" || type == "start_fight";
}

// "Right after" windows (10.6 poison, 10.8 and 15.3 a fight's end, 15.3 a statue's gaze) stay
// open while spells are cast or dice rolled on the tray; any other action closes them (the
// statue's gaze stays open through the encounter it begins).
void close_right_after_windows(Turn& t, const std::string& type) {
    GameState& s = t.s;
    const bool statue_waits = statue_encounter_goes_on(type);
    for (auto& f : s.figures) {
        const bool waits = f.stone_fresh && statue_waits;
        // 15.3: "Jeżeli nikt nie zna tego czaru postać ta jest uważana za martwą."
        if (f.petrified && !f.dead && (s.right_after_fight || f.stone_fresh) && !waits) {
            f.dead = true;
            t.note("stone_dead", "15.3", {{"figure", f.name}});
        }
        f.poison_fresh = false;
        if (!waits) f.stone_fresh = false;
    }
    s.right_after_fight = false;
}

// 10.5 Niepewność gives time for healing before the fight starts: spells (the cast action closes
// it for anything but healing), healing and the dice tray keep it; anything else starts the fight.
bool keeps_hesitation(const std::string& type) { return type == "cast" || type == "heal" || type == "roll_dice"; }

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
        Turn turn(state, data, action);
        if (type != "cast" && type != "roll_dice") close_right_after_windows(turn, type);
        if (!keeps_hesitation(type)) state.fight.hesitation_window = false;
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
