// The Sessions tab: the open session's name, new / copy / export / import, every stored session
// (open, copy, delete with a confirmation), unreadable entries (export their text), and the
// sessions deleted lately (restore).
#include <algorithm>
#include <cmath>
#include <ctime>

#include "app/icons.hpp"
#include "app/panels.hpp"
#include "controller/sessions.hpp"
#include "controller/share.hpp"
#include "controller/table_service.hpp"
#include "app/widgets.hpp"
#include "core/utf8.hpp"

namespace czary::app {
namespace {

std::string local_time(std::int64_t ms) {
    if (ms <= 0) return "";
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    char text[32] = "";
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M", std::localtime(&seconds));
    return text;
}

float half_width() { return (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2; }

// The language of the whole interface (it used to sit in the top bar). The buttons share the
// row under the label: at 1.5x text, label and buttons would not fit one 360 px row.
void draw_language_choice(App& app) {
    wrapped(app.tr("session.language"));
    const float half = half_width();
    for (const char* language : {"pl", "en"}) {
        if (chosen_button(app, language == std::string("pl") ? "Polski" : "English", std::string("language:") + language, half,
                          app.language == language))
            app.language = language;
        if (language == std::string("pl")) ImGui::SameLine();
    }
}

// Large text and reduced motion (accessibility.hpp keeps them on the device). Reduced motion
// starts from the system's prefers-reduced-motion; the dice then show their result at once
// and a swipe does not glide on.
void draw_settings(App& app) {
    wrapped(app.tr("settings.text_size"));
    static constexpr struct { float scale; const char* key; const char* id; } sizes[] = {
        {1.0f, "settings.text.1", "settings:text:1"}, {1.25f, "settings.text.1.25", "settings:text:1.25"},
        {1.5f, "settings.text.1.5", "settings:text:1.5"}};
    const float third = share(3);
    for (const auto& size : sizes) {
        if (chosen_button(app, app.tr(size.key), size.id, third, app.text_scale == size.scale)) app.text_scale = size.scale;
        if (size.scale != sizes[2].scale) ImGui::SameLine();
    }
    const std::string motion = std::string(app.tr("settings.motion")) + ": " + app.tr(app.reduced_motion ? "settings.on" : "settings.off");
    if (chosen_button(app, motion.c_str(), "settings:motion", ImGui::GetContentRegionAvail().x, app.reduced_motion))
        app.reduced_motion = !app.reduced_motion;
}

// House rules (2.3) belong to the session, not the device: an action, logged and undoable. Last
// in the tab: the device's settings and the saved sessions keep their places above.
void draw_house_rules(App& app) {
    wrapped(app.tr("settings.house_rules"));
    wrapped(app.tr("settings.house_rule.end_fight_early_note"));
    const bool early = app.session.state().house_rules.end_fight_early;
    const std::string flight = std::string(app.tr("settings.house_rule.end_fight_early")) + ": " + app.tr(early ? "settings.on" : "settings.off");
    if (chosen_button(app, flight.c_str(), "settings:house-rule:end-fight-early", ImGui::GetContentRegionAvail().x, early))
        dispatch(app, actions::SetHouseRule{"end_fight_early", !early});
}

// The QR code, dark on white with its 4-module quiet zone, `side` px wide at most: drawn module
// by module with ImGui's draw list. Modules are whole device pixels where there are two or more
// (every module the same width: a camera reads that best).
void draw_qr(App& app, const QrMatrix& qr, float side, const char* id = "share:qr") {
    const float modules = static_cast<float>(qr.size + 8);
    const float density = std::max(1.0f, ImGui::GetIO().DisplayFramebufferScale.x);
    float module = side / modules;
    if (module * density >= 2.0f) module = std::floor(module * density) / density;
    side = module * modules;
    // Centred in the column (on a tablet the code is narrower than the page).
    const float indent = std::floor((ImGui::GetContentRegionAvail().x - side) / 2);
    if (indent > 0) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + indent);
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    const ImVec2 origin(std::round(cursor.x * density) / density, std::round(cursor.y * density) / density);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + side, origin.y + side), IM_COL32(255, 255, 255, 255));
    // A run of dark modules in a row is one rectangle: a version 40 code stays well within the
    // 65,536 vertices a draw list may hold under WebGL 1 (16-bit indices, no vertex offset).
    for (int y = 0; y < qr.size; ++y)
        for (int x = 0; x < qr.size;) {
            if (!qr.at(x, y)) {
                ++x;
                continue;
            }
            int end = x;
            while (end < qr.size && qr.at(end, y)) ++end;
            draw->AddRectFilled(ImVec2(origin.x + (x + 4) * module, origin.y + (y + 4) * module),
                                ImVec2(origin.x + (end + 4) * module, origin.y + (y + 5) * module), IM_COL32(0, 0, 0, 255));
            x = end;
        }
    ImGui::Dummy(ImVec2(side, side));
    app.layout.add_last_item(id);
}

// The whole session as a file: the system's share sheet (where the browser shares files) or a
// download; then what was done, and that nothing is left out.
void draw_file_choices(App& app) {
    const float full = ImGui::GetContentRegionAvail().x;
    if (app.can_share_files && touch_button(app, app.tr("share.file"), "share:file", full)) share_file(app);
    if (touch_button(app, app.tr("share.export"), "share:export", full)) share_by_export(app);
    if (!app.ui.share.file_note.empty()) {
        wrapped(app.ui.share.file_note);
        app.layout.add_text("share:file-note", app.ui.share.file_note);
    }
}

// "Pass to another device": the link's QR code, or, when the whole session does not fit one,
// the other ways (the current position only, the system's share sheet, the export), each
// saying what it leaves out. The code is as large as the page shows with its line above and
// "Zamknij" under it, and the page scrolls once to show all three when the view opens.
void draw_share(App& app) {
    keep_share_current(app);
    auto& share = app.ui.share;
    ImGui::Separator();
    const float top = ImGui::GetCursorPosY();  // in the page's content, scroll included
    const float page_height = ImGui::GetWindowHeight() - app.frame.toast_height;
    const ImGuiStyle& style = ImGui::GetStyle();
    auto text = [&](const char* id, const std::string& line) {
        wrapped(line);
        app.layout.add_text(id, line);
    };
    auto close_button = [&] {
        if (touch_button(app, app.tr("share.close"), "share:close", ImGui::GetContentRegionAvail().x)) close_share(app);
    };
    float shown_to = 0;  // where what must be seen ends
    if (share.waiting) {
        text("share:making", app.tr("share.making"));
        close_button();
        shown_to = ImGui::GetCursorPosY();
    } else if (share.qr) {
        // What is passed (and what is left out) above the code, where it is read before scanning.
        text("share:scan", app.local(both(app, "share.scan", {{"{name}", app.store ? app.store->current_name() : ""}})));
        const std::size_t steps = app.session.steps().size(), at = app.session.position();
        if (share.position_only) text("share:note", app.local(both(app, "share.position_note", {{"{n}", std::to_string(share.steps_left_out)}})));
        else if (at < steps) text("share:note", app.local(both(app, "share.whole_at", {{"{n}", std::to_string(steps)}, {"{at}", std::to_string(at)}})));
        else text("share:note", app.local(both(app, "share.whole", {{"{n}", std::to_string(steps)}})));
        const float width = ImGui::GetContentRegionAvail().x;
        const float height = page_height - (ImGui::GetCursorPosY() - top) - touch_size - 3 * style.ItemSpacing.y - style.WindowPadding.y;
        draw_qr(app, *share.qr, std::max(std::min(width, height), std::min(width, 200.0f)));
        close_button();
        shown_to = ImGui::GetCursorPosY();
        // The current position only was chosen because the whole did not fit: the file (the
        // whole, with its history) stays one tap away.
        if (share.position_only) {
            wrapped(app.tr("share.instead"));
            draw_file_choices(app);
        }
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
        if (share.link.empty()) text("share:too-large", app.tr("share.no_links"));
        else if (share.position_only) text("share:too-large", app.tr("share.position_too_large"));
        else text("share:too-large", app.local(both(app, "share.too_large", {{"{n}", std::to_string(app.session.steps().size())}})));
        ImGui::PopStyleColor();
        if (!share.position_only && !share.link.empty() &&
            touch_button(app, app.tr("share.position_only"), "share:position-only", ImGui::GetContentRegionAvail().x))
            share_position_only(app);
        draw_file_choices(app);
        close_button();
        shown_to = ImGui::GetCursorPosY();
    }
    if (share.bring_into_view) {
        // The least scroll that shows the view down to `shown_to`, never past its top.
        const float scroll = ImGui::GetScrollY();
        const float wanted = std::min(top - style.ItemSpacing.y, std::max(scroll, shown_to - page_height + style.ItemSpacing.y));
        if (std::abs(wanted - scroll) > 0.5f) ImGui::SetScrollY(wanted);
        share.bring_into_view = false;  // once; again when the link is made (share_link_made)
    }
}

void draw_open_session(App& app) {
    auto& ui = app.ui.sessions;
    if (ui.name_for != app.store->current_key()) {
        // Cut on a character boundary: half a "ż" is not a name (and not UTF-8).
        std::snprintf(ui.name, sizeof ui.name, "%s", utf8_prefix(app.store->current_name(), sizeof ui.name - 1).c_str());
        ui.name_for = app.store->current_key();
    }
    wrapped(app.tr("session.name"));
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    // Enter (the keyboard's "Gotowe") renames as the button does.
    const bool entered = ImGui::InputText("##session-name", ui.name, sizeof ui.name, ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_EnterReturnsTrue);
    app.layout.add_last_item("input:session-name");
    app.layout.drawn_text("input:session-name", ui.name);
    const bool changed = app.store->current_name() != ui.name && ui.name[0] != '\0';
    if (touch_button(app, app.tr("session.rename"), "session:rename", half_width(), changed) || (entered && changed)) rename_session(app, ui.name);

    const float half = half_width();
    if (touch_button(app, app.tr("session.new"), "session:new", half)) new_session(app);
    ImGui::SameLine();
    if (touch_button(app, app.tr("session.duplicate"), "session:duplicate", half)) duplicate_session(app, app.store->current_key());
    if (touch_button(app, app.tr("session.export"), "session:export", half)) export_session(app);
    ImGui::SameLine();
    if (touch_button(app, app.tr("session.import"), "session:import", half)) app.platform_requests.push_back({PlatformRequest::Kind::PickFile, "", ""});
    if (touch_button(app, app.tr("session.share"), "session:share", ImGui::GetContentRegionAvail().x, !app.ui.share.waiting)) open_share(app);
    if (app.ui.share.open) draw_share(app);
}

// The player's name at live tables: filled once from the remembered one. Enter (the keyboard's
// "Gotowe") does what the button under it does.
bool draw_player_name_field(App& app) {
    auto& form = app.ui.sessions;
    if (!form.player_filled) {
        std::snprintf(form.player, sizeof form.player, "%s", utf8_prefix(app.player_name, sizeof form.player - 1).c_str());
        form.player_filled = true;
    }
    wrapped(app.tr("table.your_name"));
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    const bool entered = ImGui::InputText("##player-name", form.player, sizeof form.player, ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_EnterReturnsTrue);
    app.layout.add_last_item("input:player-name");
    app.layout.drawn_text("input:player-name", form.player);
    return entered;
}

bool has_name(const App& app) {
    const std::string typed = app.ui.sessions.player;
    return typed.find_first_not_of(" \t") != std::string::npos;
}

// A table service as the player reads it: its address ("tables.example.org"), or the computer
// the page comes from.
std::string service_words(const App& app, const std::string& service) {
    return service.empty() ? app.tr("table.service.this_page") : service_in_link(service);
}

// Which service keeps new tables, and "Zmień usługę stołów": a field for another one's address
// (kept in the settings; an empty field goes back to the site's own).
void draw_service_choice(App& app) {
    auto& form = app.ui.sessions;
    const std::string line = app.local(both(app, "table.service.new", {{"{service}", service_words(app, service_for_new_tables(app))}}));
    wrapped(line);
    app.layout.add_last_item("live:service");
    app.layout.add_text("live:service", line);
    if (!form.service_open) {
        if (touch_button(app, app.tr("table.service.change"), "live:service-change", ImGui::GetContentRegionAvail().x)) {
            form.service_open = true;
            form.service_focus = true;
            std::snprintf(form.service, sizeof form.service, "%s", service_in_link(app.table_service).c_str());
        }
        return;
    }
    wrapped(app.tr("table.service.field"));
    // Just opened: the field comes into view (it may open below the fold at 360 px with large
    // text). The keyboard opens with the player's own tap on it, which selects what is there (a
    // phone opens its keyboard only for a tap, and a field focused before it would take the tap
    // as a move of the cursor).
    if (form.service_focus) {
        ImGui::SetScrollHereY(0.25f);
        app.frame.redraw = true;
        form.service_focus = false;
    }
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    const bool entered = ImGui::InputText("##table-service", form.service, sizeof form.service,
                                          ImGuiInputTextFlags_AutoSelectAll | ImGuiInputTextFlags_EnterReturnsTrue);
    app.layout.add_last_item("input:table-service");
    app.layout.drawn_text("input:table-service", form.service);
    const float half = half_width();
    const bool save = touch_button(app, app.tr("table.service.save"), "live:service-save", half);
    ImGui::SameLine();
    if (touch_button(app, app.tr("session.cancel"), "live:service-cancel", half)) form.service_open = false;
    if ((save || entered) && choose_table_service(app, form.service)) {
        form.service_open = false;
        app.ui.notice = Notice{both(app, "table.service.saved", {{"{service}", service_words(app, service_for_new_tables(app))}}), "", false};
        app.ui.outcome_step.reset();
    }
}

// At a table: its link as a QR code for the next phone, who is here, the characters this phone
// plays (their hands come first on it), and "Graj dalej sam".
void draw_at_table(App& app) {
    const LiveTable& table = *app.table;
    auto text = [&](const char* id, const std::string& line) {
        wrapped(line);
        app.layout.add_last_item(id);
        app.layout.add_text(id, line);
    };
    text("live:you", app.local(both(app, "table.you_are", {{"{player}", table.player}})));
    text("live:service", app.local(both(app, "table.service.at", {{"{service}", service_words(app, table.service)}})));
    if (!table.players.empty()) {
        std::string names;
        for (const auto& name : table.players) names += (names.empty() ? "" : ", ") + name;
        text("live:players", app.local(both(app, "table.players", {{"{names}", names}})));
    }
    const std::string link = table_link(app);
    auto& form = app.ui.sessions;
    if (form.table_qr_for != link) {
        form.table_qr_for = link;
        form.table_qr = link.empty() ? std::nullopt : qr_code(link);
    }
    if (form.table_qr) {
        text("live:scan", app.tr("table.scan"));
        const float width = ImGui::GetContentRegionAvail().x;
        draw_qr(app, *form.table_qr, std::min(width, 260.0f), "live:qr");
    }
    ImGui::Separator();
    text("live:mine", app.tr("table.mine"));
    // In the formation's order here: a choice does not move the list under the finger.
    bool any = false;
    for (const auto& f : app.session.state().figures) {
        if (!f.is_character()) continue;
        any = true;
        const bool mine = plays(app, f.id);
        const std::string label = (mine ? std::string(icon::check) + " " : std::string()) + app.local(f.name);
        if (chosen_button(app, label.c_str(), "live:mine:" + f.id, ImGui::GetContentRegionAvail().x, mine)) toggle_plays(app, f.id);
    }
    if (!any) text("live:mine-none", app.tr("table.mine_none"));
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text("live:alone-note", app.tr("table.play_alone_note"));
    ImGui::PopStyleColor();
    // Asked once more: the phone leaves the table (its link opens a new copy after that).
    if (!form.confirm_alone) {
        if (touch_button(app, app.tr("table.play_alone"), "live:play-alone", ImGui::GetContentRegionAvail().x)) form.confirm_alone = true;
        return;
    }
    const float half = half_width();
    ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::danger));
    const bool alone = touch_button(app, app.tr("table.yes_alone"), "live:confirm-alone", half);
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (touch_button(app, app.tr("session.cancel"), "live:cancel-alone", half)) form.confirm_alone = false;
    if (alone) {
        form.confirm_alone = false;
        play_on_alone(app);
    }
}

// "Stół na żywo" (live_table.hpp): the open session made a table for the other phones, a table
// a link invited this phone to, or the table this phone is at.
void draw_live_table(App& app) {
    if (app.ui.sessions.bring_live_into_view && !app.table_waiting) {
        ImGui::SetScrollHereY(0.0f);
        app.frame.redraw = true;  // ImGui scrolls in the next frame
        app.ui.sessions.bring_live_into_view = false;
    }
    ImGui::PushFont(bold_font(), 0.0f);
    wrapped(app.tr("table.live"));
    ImGui::PopFont();
    app.layout.add_last_item("live:heading");
    if (app.table) return draw_at_table(app);
    const float half = half_width();
    if (app.table_waiting) {
        ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
        wrapped(app.tr("table.invited"));
        ImGui::PopStyleColor();
        app.layout.add_last_item("live:invited");
        const std::string where = app.local(both(app, "table.service.at", {{"{service}", service_words(app, app.table_waiting->service)}}));
        wrapped(where);
        app.layout.add_last_item("live:service");
        app.layout.add_text("live:service", where);
        const bool entered = draw_player_name_field(app);
        ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::go));
        const bool join = touch_button(app, app.tr("table.join"), "live:join", half, has_name(app));
        ImGui::PopStyleColor();
        ImGui::SameLine();
        if (touch_button(app, app.tr("table.not_now"), "live:not-now", half)) return decline_waiting_table(app);
        if (join || (entered && has_name(app))) join_waiting_table(app, app.ui.sessions.player);
        return;
    }
    wrapped(app.tr("table.live_about"));
    app.layout.add_last_item("live:about");
    const bool entered = draw_player_name_field(app);
    if (touch_button(app, app.tr("table.open_for_others"), "live:open", ImGui::GetContentRegionAvail().x, has_name(app)) || (entered && has_name(app)))
        open_table_for_others(app, app.ui.sessions.player);
    draw_service_choice(app);
}

void draw_delete_confirmation(App& app, const std::string& key, const std::string& name) {
    ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
    wrapped(app.local(both(app, "session.confirm_delete", {{"{name}", name}})));
    ImGui::PopStyleColor();
    const float half = half_width();
    ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::danger));
    if (touch_button(app, app.tr("session.yes_delete"), "session:confirm-delete", half)) delete_session(app, key);
    ImGui::PopStyleColor();
    ImGui::SameLine();
    if (touch_button(app, app.tr("session.cancel"), "session:cancel-delete", half)) app.ui.sessions.confirm_delete.clear();
}

void draw_stored_sessions(App& app) {
    ImGui::Separator();
    wrapped(app.tr("session.list"));
    const float half = half_width();
    for (const auto& summary : stored_sessions(app)) {
        const std::string& key = summary.key;
        const bool open = key == app.store->current_key();
        ImGui::PushID(key.c_str());
        ImGui::Separator();
        // Wrapped: with large text a long name would run past the screen's edge.
        if (open) {
            ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::good));
            wrapped(summary.header.name + "  (" + app.tr("session.open_now") + ")");
            ImGui::PopStyleColor();
        } else {
            wrapped(summary.header.name);
        }
        app.layout.add_last_item("session-row:" + key);
        app.layout.add_text("session-row:" + key, summary.header.name);
        if (summary.problem) {
            ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::bad));
            wrapped(app.local(*summary.problem));
            ImGui::PopStyleColor();
            if (touch_button(app, app.tr("session.export_raw"), "session:raw:" + key, half)) export_raw_entry(app, key);
        } else {
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            wrapped(std::string(app.tr("session.steps")) + ": " + std::to_string(summary.header.steps) + " · " +
                    local_time(summary.header.saved_at));
            ImGui::PopStyleColor();
            if (touch_button(app, app.tr("session.open"), "session:open:" + key, half, !open)) switch_session(app, key);
        }
        ImGui::SameLine();
        if (touch_button(app, app.tr("session.delete"), "session:delete:" + key, half)) app.ui.sessions.confirm_delete = key;
        if (app.ui.sessions.confirm_delete == key) draw_delete_confirmation(app, key, summary.header.name);
        ImGui::PopID();
    }
}

void draw_deleted_sessions(App& app) {
    const auto deleted = deleted_sessions(app);
    if (deleted.empty()) return;
    ImGui::Separator();
    wrapped(app.tr("session.deleted_list"));
    for (const auto& kept : deleted) {
        ImGui::PushID(kept.key.c_str());
        wrapped(kept.name);
        app.layout.add_last_item("deleted-row:" + kept.key);
        if (kept.problem) {
            // A damaged copy: never restored half-way nor dropped; its text can be taken out.
            ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::bad));
            wrapped(app.local(*kept.problem));
            ImGui::PopStyleColor();
            app.layout.add_text("deleted-row:" + kept.key, app.local(*kept.problem));
            if (touch_button(app, app.tr("session.export_raw"), "session:raw:" + kept.key, half_width())) export_raw_entry(app, kept.key);
        } else {
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            wrapped(std::string(app.tr("session.deleted_at")) + " " + local_time(kept.deleted_at));
            ImGui::PopStyleColor();
            if (touch_button(app, app.tr("session.restore"), "session:restore:" + kept.key, half_width())) restore_session(app, kept.key);
        }
        ImGui::PopID();
    }
}

}  // namespace

void draw_sessions_panel(App& app) {
    // A link's invitation to a live table waits first, where the link opened the tab. Decided
    // once a frame: "Dołącz" tapped above must not draw the section twice in this frame.
    const bool invited = app.table_waiting.has_value();
    if (app.store && invited) {
        draw_live_table(app);
        ImGui::Separator();
    }
    draw_language_choice(app);
    draw_settings(app);
    ImGui::Separator();
    if (!app.store) {
        wrapped(app.tr("session.no_storage"));
    } else {
        draw_open_session(app);
        if (!invited) {
            ImGui::Separator();
            draw_live_table(app);
        }
        draw_stored_sessions(app);
        draw_deleted_sessions(app);
    }
    ImGui::Separator();
    draw_house_rules(app);
}

}  // namespace czary::app
