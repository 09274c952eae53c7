// The tab, the selected figure (and whether its sheet shows its wounds), the table's sheet, the page's scroll and the dice
// tray's code are the interface's own state, not the
// game's: they are kept beside the session (SessionStore::write_view) whenever they change, so
// that a reload, or a phone that evicted the page, comes back to the same screen.
#include <cmath>
#include <cstdio>

#include "controller/sessions.hpp"

namespace czary::app {
namespace {

constexpr const char* tab_names[] = {"party", "table", "dice", "log", "sessions"};
constexpr const char* sheet_names[] = {"figure", "monsters", "talk"};  // Sheet's order

nlohmann::json view_of(const App& app) {
    nlohmann::json view = nlohmann::json::object();
    view["tab"] = tab_names[static_cast<int>(app.ui.tab)];
    view["selected"] = app.ui.selected;
    view["scroll"] = std::lround(app.ui.page_scroll);
    view["dice"] = app.ui.tray.dice_code;
    view["wounds"] = app.ui.table.figure_details;
    view["sheet"] = sheet_names[static_cast<int>(app.ui.table.sheet)];
    return view;
}

}  // namespace

void remember_view(App& app) {
    if (!app.store || app.touch.gesture.phase() != Gesture::Phase::Idle) return;  // not mid-swipe
    const std::string view = view_of(app).dump();
    if (view == app.ui.saved_view) return;
    app.ui.saved_view = view;
    app.store->write_view(view_of(app));
}

void restore_view(App& app) {
    if (!app.store) return;
    const auto view = app.store->read_view();
    if (!view) return;
    const auto tab = view->find("tab");
    for (int i = 0; i < 5 && tab != view->end() && tab->is_string(); ++i)
        if (*tab == tab_names[i]) app.ui.tab = static_cast<Tab>(i);
    const auto selected = view->find("selected");
    if (selected != view->end() && selected->is_string() && app.session.state().find(selected->get<std::string>()))
        app.ui.selected = selected->get<std::string>();
    // The tray's code, as typed (a code that does not read is only shown as refused there).
    const auto dice = view->find("dice");
    if (dice != view->end() && dice->is_string() && dice->get<std::string>().size() < sizeof app.ui.tray.dice_code)
        std::snprintf(app.ui.tray.dice_code, sizeof app.ui.tray.dice_code, "%s", dice->get<std::string>().c_str());
    // The selected figure's sheet on its wounds (Rany) rather than its spells.
    // The table's sheet: the figure's, the monster form or the talk (the fourth playtest came back
    // from a reload to the figure's sheet with the talk open before).
    const auto sheet = view->find("sheet");
    for (int i = 0; i < 3 && sheet != view->end() && sheet->is_string(); ++i)
        if (*sheet == sheet_names[i]) app.ui.table.sheet = static_cast<Sheet>(i);
    const auto wounds = view->find("wounds");
    if (wounds != view->end() && wounds->is_boolean()) app.ui.table.figure_details = wounds->get<bool>();
    const auto scroll = view->find("scroll");
    if (scroll != view->end() && scroll->is_number() && *scroll >= 0 && *scroll < 1e6) app.ui.restore_scroll = scroll->get<float>();
    app.ui.saved_view = view_of(app).dump();
}

}  // namespace czary::app
