#include <algorithm>
#include "core/state.hpp"

namespace czary {

Figure* GameState::find(const std::string& id) {
    for (auto& figure : figures)
        if (figure.id == id) return &figure;
    return nullptr;
}

const Figure* GameState::find(const std::string& id) const {
    return const_cast<GameState*>(this)->find(id);
}

const char* sun_name(Sun sun) {
    switch (sun) {
        case Sun::Red: return "red";
        case Sun::Yellow: return "yellow";
        case Sun::Blue: return "blue";
        case Sun::None: break;
    }
    return "none";
}

const std::vector<std::string_view>& improvable_traits() {
    static const std::vector<std::string_view> traits = {"sila", "odpornosc", "zrecznosc", "potential_red", "potential_yellow", "potential_blue",
                                                         "talent_traps", "talent_negotiation", "talent_black_gates"};
    return traits;
}

const std::vector<std::string_view>& altar_names() {
    static const std::vector<std::string_view> altars = {"alloces", "vassago", "avnas", "malthus", "asmoday"};
    return altars;
}

bool improvable(std::string_view what) {
    const auto& traits = improvable_traits();
    return std::find(traits.begin(), traits.end(), what) != traits.end();
}

int improve_price(const GameState& s, std::string_view what) {
    const int base = what == "zrecznosc" ? 150 : 100;
    // Adventures ended: the number of the last one begun, less the one under way.
    const int ended = s.adventure.number - (s.adventure.active ? 1 : 0);
    return base + base / 10 * std::max(0, ended - 1);
}

const std::vector<std::string_view>& medallion_names() {
    static const std::vector<std::string_view> medallions = {poison_medallion, eloquence_medallion};
    return medallions;
}

bool known_medallion(std::string_view medallion) {
    const auto& known = medallion_names();
    return std::find(known.begin(), known.end(), medallion) != known.end();
}

bool wears_medallion(const Figure& figure, std::string_view medallion) {
    return std::find(figure.medallions.begin(), figure.medallions.end(), medallion) != figure.medallions.end();
}

}  // namespace czary
