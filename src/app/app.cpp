#include "app/app.hpp"

#include <imgui.h>

#include "app/dice_view.hpp"
#include "app/panels.hpp"
#include "app/sessions.hpp"
#include "app/widgets.hpp"
#include "data/embedded_data.hpp"

namespace czary::app {

App make_app(std::uint64_t seed) {
    App app;
    app.data = &GameData::builtin();
    app.session = Session::with_seed(seed);
    app.seed_source = seed;
    app.polish = Strings::from_json(data::file("i18n/pl.json"));
    app.english = Strings::from_json(data::file("i18n/en.json"));
    return app;
}

ApplyResult dispatch(App& app, const nlohmann::json& action) {
    ApplyResult result = app.session.apply(action);
    if (result.ok) {
        app.ui.notice.reset();
        app.ui.outcome_step = app.session.position() - 1;
        if (!result.rolls.empty()) {
            app.ui.rolling_step = app.session.position() - 1;
            app.ui.rolled_at = ImGui::GetTime();
        }
        save(app);
    } else {
        const auto& r = result.refusal;
        app.ui.notice = Notice{{r.pl, r.en}, r.rule, true, ""};
    }
    return result;
}

LocalizedText both(const App& app, const char* key, const std::map<std::string, std::string>& parts) {
    LocalizedText text{app.polish(key), app.english(key)};
    for (std::string* t : {&text.pl, &text.en}) {
        for (const auto& [part, value] : parts) {
            for (auto at = t->find(part); at != std::string::npos; at = t->find(part, at + value.size())) t->replace(at, part.size(), value);
        }
    }
    return text;
}

void undo(App& app) {
    if (!app.session.undo()) return;
    app.ui.notice.reset();
    app.ui.cast = {};
    app.ui.outcome_step.reset();
    save(app);
}

void redo(App& app) {
    if (!app.session.redo()) return;
    app.ui.notice.reset();
    save(app);
}

ApplyResult dispatch_rolling(App& app, nlohmann::json action) {
    if (app.ui.table_dice_everywhere) action["dice"] = app.ui.pending_pips;
    ApplyResult result = dispatch(app, action);
    if (result.ok) app.ui.pending_pips.clear();
    return result;
}

void draw_app(App& app) {
    app.layout.begin_frame();
    app.die_draws.clear();
    app.dice_moving = false;
    // Phone first: one full-screen window; panels stack in it and it scrolls by dragging.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->WorkPos);
    ImGui::SetNextWindowSize(viewport->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("##czary", nullptr, flags);
    draw_top_bar(app);
    ImGui::BeginChild("##page", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
    draw_notice(app);
    if (app.ui.tab == Tab::Party || app.ui.tab == Tab::Table) draw_last_rolls(app);
    switch (app.ui.tab) {
        case Tab::Party: draw_party_panel(app); break;
        case Tab::Table: draw_table_tab(app); break;
        case Tab::Dice: draw_dice_panel(app); break;
        case Tab::Log: draw_log_panel(app); break;
        case Tab::Sessions: draw_sessions_panel(app); break;
    }
    scroll_by_drag();
    ImGui::EndChild();
    ImGui::End();
}

void recover_from_error(App& app, const char* what) {
    ++app.failed_frames;
    app.ui.cast = {};
    app.ui.tab = Tab::Sessions;
    app.ui.notice = Notice{both(app, "app.error", {{"{reason}", what}}), "", true, "export"};
}

void draw_emergency(App& app) {
    // Nothing but the message and the export: the rest of the interface kept failing.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(viewport->WorkPos);
    ImGui::SetNextWindowSize(viewport->WorkSize);
    ImGui::Begin("##czary-emergency", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    app.layout.begin_frame();
    if (app.ui.notice) {
        ImGui::TextWrapped("%s", app.local(app.ui.notice->text).c_str());
        app.layout.add_last_item("notice");
        app.layout.add_text("notice", app.local(app.ui.notice->text));
    }
    if (touch_button(app, app.tr("session.export"), "notice:offer")) export_session(app);
    ImGui::End();
}

std::vector<std::string_view> all_display_texts(const App& app) {
    std::vector<std::string_view> texts = app.polish.all_texts();
    for (auto text : app.english.all_texts()) texts.push_back(text);
    for (const auto& spell : app.data->spells.all()) {
        texts.insert(texts.end(), {spell.name.pl, spell.name.en, spell.effect.pl, spell.effect.en, spell.abbreviation, spell.rule_text});
    }
    for (const auto& [key, message] : app.data->messages) texts.insert(texts.end(), {message.pl, message.en});
    for (const auto& kind : app.data->monster_kinds) texts.insert(texts.end(), {kind.name.pl, kind.name.en});
    for (const auto& hero : app.data->heroes) texts.push_back(hero.name);
    return texts;
}

}  // namespace czary::app
