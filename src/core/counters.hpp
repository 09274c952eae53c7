#pragma once
// The numbers the actions raise (ids, fights, rounds, adventures, experience, bonuses) stop at
// the limits of state_limits: an action that would pass one is refused ("counter_limit") and
// nothing overflows. Shared by the rule files (rules_*.cpp).
#include <array>
#include <cstdint>
#include <string>

#include "core/state_json.hpp"
#include "core/turn.hpp"

namespace czary {

// The counters a refusal may name; their words are data/messages.json "counter.<name>".
enum class Counter { Adventures, Fights, Round, Experience, NegotiationBonus, BribeReduction, Zrecznosc, Potential, Sila, Negotiation, NextFigure };
inline constexpr std::array<const char*, 11> counter_names{"adventures", "fights", "round", "experience", "negotiation_bonus", "bribe_reduction",
                                                           "zrecznosc", "potential", "sila", "negotiation", "next_figure"};

// `value + by`, or a refusal (with `rule`) naming the counter when that would pass `max`.
inline int raised(const Turn& t, std::int64_t value, std::int64_t by, int max, Counter counter, const char* rule) {
    const std::int64_t next = value + by;
    if (next > max)
        refuse("counter_limit", rule,
               "counter", t.data.message(std::string("counter.") + name_of(counter, counter_names)),
               "max", std::to_string(max));
    return static_cast<int>(next);
}

// The number of a new figure's id ("c" or "m" + it); next_id goes up by one.
inline int take_id(Turn& t) {
    // Ids go up to max_counter - 1, so next_id stays within 1..max_counter.
    const int id = raised(t, t.s.next_id, 0, state_limits::max_counter - 1,
                          Counter::NextFigure, "");
    ++t.s.next_id;
    return id;
}

}  // namespace czary
