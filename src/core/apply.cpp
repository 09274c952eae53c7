#include "core/apply.hpp"

#include <algorithm>
#include <type_traits>

#include "core/handlers.hpp"

namespace czary {

// A line's words are filled on the first read, from its key and values; its copies share them
// (a replayed file shows a page of its lines, not all of them).
const LogEntry::Words& LogEntry::words() const {
    if (!words_) {
        std::string name = "log." + key;
        Words words{data_->message(name, args_), {}};
        name += ".brief";
        if (auto brief = data_->message_if(name, args_)) words.brief = std::move(*brief);
        words_ = std::make_shared<const Words>(std::move(words));
    }
    return *words_;
}

namespace {

template <class A, class... Of>
constexpr bool is_one_of = (std::is_same_v<A, Of> || ...);

// The actions that roll have "dice": the table's pips, or none.
template <class A, class = void>
struct has_dice : std::false_type {};
template <class A>
struct has_dice<A, std::void_t<decltype(std::declval<A>().dice)>> : std::true_type {};

template <class A>
actions::Dice dice_of(const A& action) {
    if constexpr (has_dice<A>::value) return action.dice;
    else return std::nullopt;
}

// 13.2, the Medusa statue: "Reszta oddziału postępuje tak, jak przy normalnym spotkaniu z potworem
// (patrz 15.3)": the living Medusa is met (added, talked to, bribed, the ranks set, a fight begun),
// and the stone character waits for that encounter's end.
template <class A>
constexpr bool statue_encounter_goes_on =
    is_one_of<A, actions::AddMonster, actions::Negotiate, actions::Bribe, actions::MoveFigure, actions::StartFight>;

// "Right after" windows (10.6 poison, 10.8 and 15.3 a fight's end, 15.3 a statue's gaze) stay
// open while spells are cast or dice rolled on the tray; any other action closes them (the
// statue's gaze stays open through the encounter it begins).
template <class A>
constexpr bool keeps_right_after = is_one_of<A, actions::Cast, actions::RollDice>;

// 10.5 Niepewność gives time for healing before the fight starts: spells (the cast action closes
// it for anything but healing), healing and the dice tray keep it; anything else starts the fight.
template <class A>
constexpr bool keeps_hesitation = is_one_of<A, actions::Cast, actions::Heal, actions::RollDice>;

// 10.5 Niepewność: an attack, a wound, a kill or a spell of the fight puts it on record that the
// fight is under way.
template <class A>
constexpr bool strikes_a_blow = is_one_of<A, actions::WeaponAttack, actions::Wound, actions::KillSleeping, actions::Cast>;

// Returns whether the windows' close began a fight: a stone charmer died, and the monster it
// charmed attacks at once (10.5).
bool close_right_after_windows(Turn& t, bool statue_waits) {
    GameState& s = t.s;
    const bool fight_before = s.fight.active;
    for (auto& f : s.figures) {
        const bool waits = f.stone_fresh && statue_waits;
        // 15.3: "Jeżeli nikt nie zna tego czaru postać ta jest uważana za martwą." A death like
        // any other (10.5: "Jeżeli postać, która rzuciła urok zostaje zabita czar traci moc").
        if (f.petrified && !f.dead && (s.right_after_fight || f.stone_fresh) && !waits) {
            t.note("stone_dead", "15.3", "figure", f.name);
            apply_death(t, f, "");
        }
        f.poison_fresh = false;
        if (!waits) f.stone_fresh = false;
    }
    s.right_after_fight = false;
    return s.fight.active && !fight_before;
}

template <class... A>
std::vector<std::string> type_names(const std::variant<A...>*) {
    return {A::type...};
}

}  // namespace

std::vector<std::string> action_types() {
    std::vector<std::string> types = type_names(static_cast<const Action*>(nullptr));
    std::sort(types.begin(), types.end());
    return types;
}

ApplyResult invalid_action(const std::string& what) {
    ApplyResult result;
    result.refusal = {"invalid_action", "", what, what};
    return result;
}

Refusal make_refusal(const Refused& refused, const GameData& data) {
    const LocalizedText text = data.message("refuse." + refused.code, refused.args);
    return {refused.code, refused.rule, text.pl, text.en};
}

ApplyResult apply_in_place(GameState& state, const Action& action, const GameData& data) {
    ApplyResult result;
    try {
        std::visit(
            [&](const auto& a) {
                using A = std::decay_t<decltype(a)>;
                Turn turn(state, data, dice_of(a));
                // 10.5: "potwór natychmiast atakuje": a monster freed by its charmer's stone death
                // attacks before anything else, so the step that closed the window is only that
                // (the action is not applied; the players do it again once the fight allows).
                const bool freed_monster_attacks = !keeps_right_after<A> && close_right_after_windows(turn, statue_encounter_goes_on<A>);
                if (freed_monster_attacks) {
                    turn.note("step_yields_to_attack", "10.5");
                } else {
                    if (!keeps_hesitation<A>) state.fight.hesitation_window = false;
                    apply(turn, a);
                    turn.dice.check_all_used();
                    // 10.5 Niepewność comes "tuż przed rozpoczęciem walki": not after a blow of it.
                    if (strikes_a_blow<A> && state.fight.active) state.fight.under_way = true;
                }
                result.ok = true;
                result.log = std::move(turn.log);
                result.rolls = turn.dice.take_records();
                result.outcome = std::move(turn.outcome);
                result.talk = turn.talk;
            },
            action);
    } catch (const Refused& refused) {
        result = {};
        result.refusal = make_refusal(refused, data);
    } catch (const nlohmann::json::exception& e) {  // a rule reading its data wrongly: refused, never a crash
        result = {};
        result.refusal = make_refusal(Refused("bad_action", "", "field", e.what()), data);
    }
    return result;
}

ApplyResult apply_in_place(GameState& state, const nlohmann::json& action, const GameData& data) {
    const auto read = read_action(action, data);
    if (const auto* refusal = std::get_if<Refusal>(&read)) {
        ApplyResult result;
        result.refusal = *refusal;
        return result;
    }
    return apply_in_place(state, std::get<Action>(read), data);
}

std::variant<Action, Refusal> read_action(const nlohmann::json& action, const GameData& data) {
    try {
        return action_from_json(action);
    } catch (const ActionShapeError& e) {
        return make_refusal(e.refusal, data);
    }
}

Applied apply_action(const GameState& state, const nlohmann::json& action, const GameData& data) {
    GameState next = state;
    ApplyResult result = apply_in_place(next, action, data);
    return {result.ok ? std::move(next) : state, std::move(result)};
}

}  // namespace czary
