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

bool improvable(std::string_view what) {
    for (const char* known : {"sila", "odpornosc", "zrecznosc", "potential_red", "potential_yellow", "potential_blue"})
        if (what == known) return true;
    return false;
}

bool known_medallion(std::string_view medallion) {
    return medallion == "neutralizacja_trucizny" || medallion == "elokwencja";
}

}  // namespace czary
