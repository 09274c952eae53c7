#include "controller/layout.hpp"

#include <algorithm>
#include <functional>


namespace czary::app {

std::size_t Layout::fingerprint() const {
    std::size_t hash = rects_.size();
    auto mix = [&hash](std::size_t value) { hash ^= value + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2); };
    for (const auto& [id, r] : rects_) {
        mix(std::hash<std::string>()(id));
        for (float v : {r.x, r.y, r.w, r.h}) mix(std::hash<float>()(v));
    }
    return hash;
}

nlohmann::json Layout::to_json() const {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [id, r] : rects_) {
        out[id] = {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}};
        if (r.clipped) out[id]["clipped"] = true;
        if (r.text_clipped) out[id]["textClipped"] = true;
        if (r.shortened) out[id]["shortened"] = true;
        if (r.disabled) out[id]["disabled"] = true;
        if (r.text_size > 0) out[id]["textSize"] = r.text_size;
        // The text drawn in it: as reported with the widget, else the text given for its id.
        if (!r.text.empty()) out[id]["text"] = r.text;
        else if (const auto said = texts_.find(id); said != texts_.end() && !said->second.empty()) out[id]["text"] = said->second;
    }
    return out;
}

}  // namespace czary::app
