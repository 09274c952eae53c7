#pragma once
// One function per panel: each reads the model and draws; none keeps state of its own.
#include "app/app.hpp"

namespace czary::app {

void draw_title_panel(App& app);
void draw_font_check_panel(const App& app);
void draw_spell_table_panel(const App& app);

}  // namespace czary::app
