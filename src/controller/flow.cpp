#include "controller/flow.hpp"

#include <algorithm>

#include "core/utf8.hpp"

namespace czary::app {

bool needs_pool(const GameState&, const Figure& f) {
    return f.pool_size() > 0 && static_cast<int>(f.pool.size()) != f.pool_size();
}

bool needs_marks(const GameState& s, const Figure& f) {
    return static_cast<int>(f.marked.size()) != f.potential[static_cast<int>(s.adventure.sun)];
}

std::optional<std::string> next_to_choose(const GameState& s, const std::string& done, bool (*needs)(const GameState&, const Figure&)) {
    const auto& figures = s.figures;
    const auto at = std::find_if(figures.begin(), figures.end(), [&](const Figure& f) { return f.id == done; });
    const std::size_t from = at == figures.end() ? 0 : static_cast<std::size_t>(at - figures.begin());
    for (std::size_t k = 1; k <= figures.size(); ++k) {
        const Figure& f = figures[(from + k) % figures.size()];
        if (f.id != done && f.is_character() && f.side == Side::Party && !f.dead && needs(s, f)) return f.id;
    }
    return std::nullopt;
}

double reading_time(const std::string& text, bool refusal) {
    const double plain = 5.0 + 0.05 * static_cast<double>(utf8_length(text));
    return refusal ? plain * 1.5 : plain;
}

}  // namespace czary::app
