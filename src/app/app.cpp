#include "app/app.hpp"

#include <imgui.h>

#include "app/panels.hpp"
#include "data/embedded_data.hpp"

namespace czary::app {

App make_app() {
    return App{
        SpellCatalog::from_json(data::file("spells.json")),
        Strings::from_json(data::file("i18n/pl.json")),
        Strings::from_json(data::file("i18n/en.json")),
    };
}

void draw_app(App& app) {
    // Phone first: one full-screen window; panels stack in it and the page scrolls.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->WorkPos);
    ImGui::SetNextWindowSize(viewport->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("##czary", nullptr, flags);
    draw_title_panel(app);
    draw_font_check_panel(app);
    draw_spell_table_panel(app);
    ImGui::End();
}

std::vector<std::string_view> all_display_texts(const App& app) {
    std::vector<std::string_view> texts = app.polish.all_texts();
    for (auto text : app.english.all_texts()) texts.push_back(text);
    for (const auto& spell : app.spells.all()) {
        texts.insert(texts.end(), {spell.name.pl, spell.name.en, spell.effect.pl, spell.effect.en,
                                   spell.abbreviation});
    }
    return texts;
}

}  // namespace czary::app
