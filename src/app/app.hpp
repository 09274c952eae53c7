#pragma once
// What the interface shows and the choices that belong to the interface alone (language).
// The rules live in the core; panels read them and will emit actions.
#include <string>
#include <string_view>
#include <vector>

#include "app/strings.hpp"
#include "core/spell_catalog.hpp"

namespace czary::app {

struct App {
    SpellCatalog spells;
    Strings polish;
    Strings english;
    std::string language = "pl";

    const Strings& text() const { return language == "en" ? english : polish; }
};

// Loads the catalog and translations compiled in from data/.
App make_app();

// Draws one frame of the whole interface into the current ImGui context.
void draw_app(App& app);

// Every text the interface can show in any language: the glyph check runs over all of them.
std::vector<std::string_view> all_display_texts(const App& app);

}  // namespace czary::app
