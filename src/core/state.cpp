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

}  // namespace czary
