// One place for outcomes: a toast for every result and refusal of the last tap. On a phone it
// hangs from the top of the page (under the top bar; on the table under the fight's buttons,
// over the far ranks), away from the sheet, the hand and the buttons below the thumb; on a
// tablet's table it lies over the latest steps. It is as short as it can be: the step's first
// and last lines (a refusal whole); a tap on it shows every line and the dice. It goes by
// itself after a reading time (longer for a refusal, kept while a finger is on it) and at the
// next press elsewhere; one that offers something (export, restore) waits. Screen readers get
// the whole text at once.
#include <algorithm>
#include <array>

#include <imgui.h>
#include <imgui_internal.h>

#include "app/dice_view.hpp"
#include "app/panels.hpp"
#include "controller/flow.hpp"
#include "app/widgets.hpp"
#include "controller/share.hpp"
#include "core/utf8.hpp"

namespace czary::app {
namespace {

constexpr std::size_t lines_shown = 8;  // in the details; the rest is in the log
constexpr std::size_t rolls_shown = 3;

bool has_outcome(const App& app) {
    return app.ui.outcome_step && *app.ui.outcome_step < app.session.position();
}

// A press that lands where a toast was a moment ago was meant for it (the player reached for it
// as it went by itself): it presses nothing under it.
constexpr double gone_grace = 0.6;  // s

void dismiss(App& app) {
    // Closing the question of a passed session is "Anuluj": it must not stay waiting unseen.
    if (app.ui.notice && app.ui.notice->offer == Offer::OpenShared) decline_incoming_share(app);
    app.ui.notice.reset();
    app.ui.outcome_step.reset();
    app.ui.toast = {};
}


// What the toast says: `whole` for screen readers and the details, `brief` as shown folded.
using ToastText = OutcomeText;

ToastText notice_text(const App& app, const Notice& notice) {
    const std::string text = with_rule(app.local(notice.text), notice.rule);
    return {text, text, false};
}

void draw_lines(const std::string& text, ImVec4 colour) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    std::size_t from = 0;
    while (from <= text.size()) {
        const std::size_t end = std::min(text.find('\n', from), text.size());
        wrapped(text.substr(from, end - from));
        from = end + 1;
    }
    ImGui::PopStyleColor();
}

void draw_outcome_details(App& app) {
    const std::size_t index = *app.ui.outcome_step;
    const auto& step = app.session.steps()[index];
    for (std::size_t i = 0; i < step.log.size() && i < lines_shown; ++i) wrapped(with_rule(app.local(step.log[i].text()), step.log[i].rule));
    if (step.log.size() > lines_shown) ImGui::TextDisabled("%s", app.local(both(app, "toast.more", {{"{n}", std::to_string(step.log.size() - lines_shown)}})).c_str());
    for (std::size_t i = 0; i < step.rolls.size() && i < rolls_shown; ++i) draw_roll(app, index, i, step.rolls[i], 30.0f, "last");
    if (step.rolls.size() > rolls_shown)
        ImGui::TextDisabled("%s", app.local(both(app, "roll.more", {{"{n}", std::to_string(step.rolls.size() - rolls_shown)}})).c_str());
}

// An empty window where the toast lay, for a moment after it went: it takes the press (the
// window under the pointer gets it in ImGui), and a swipe on it scrolls the page (touch.cpp).
void draw_toast_gone(App& app) {
    UiState::ToastGone& gone = app.ui.toast_gone;
    if (gone.until <= app.now) return;
    // A frame when the moment is over, so that the place is given back (and layout() says so)
    // even if nothing else happens.
    const float left = std::max(0.001f, static_cast<float>(gone.until - app.now));
    app.frame.wake_in = app.frame.wake_in > 0 ? std::min(app.frame.wake_in, left) : left;
    app.layout.add("toast:gone", gone.x0, gone.y0, gone.x1, gone.y1);
    ImGui::SetNextWindowPos(ImVec2(gone.x0, gone.y0), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(gone.x1 - gone.x0, gone.y1 - gone.y0), ImGuiCond_Always);
    ImGui::Begin("##toast-gone", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                                             ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoMove);
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    if (ImGui::IsWindowHovered() && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {  // that press was the toast's
        gone.until = 0;
        gone.took = true;
    }
    ImGui::End();
}

}  // namespace

void draw_toast(App& app) {
    const bool notice = app.ui.notice.has_value();
    app.frame.toast_height = 0;
    app.frame.announcement.clear();
    if (!notice && !has_outcome(app)) {
        app.ui.toast = {};
        return draw_toast_gone(app);
    }
    if (app.ui.toast_gone.until > 0 || app.ui.toast_gone.took) app.ui.toast_gone = {};
    UiState::ToastView& toast = app.ui.toast;
    const bool offers = notice && app.ui.notice->offer != Offer::None;
    const bool refusal = notice && app.ui.notice->refusal;
    const ToastText text = notice ? notice_text(app, *app.ui.notice) : outcome_text(app, app.session.steps()[*app.ui.outcome_step]);
    const std::string showing = notice ? "notice:" + text.whole : "step:" + std::to_string(*app.ui.outcome_step);
    if (toast.showing != showing) toast = {showing, app.now, app.now};

    // A press on the toast is the toast's: it never reaches a widget hidden under it. Let go,
    // it opens the details (if there are more) or closes. A press elsewhere closes a plain
    // toast and does what it does.
    const ImGuiIO& io = ImGui::GetIO();
    const bool over = io.MousePos.x >= toast.x0 && io.MousePos.x < toast.x1 && io.MousePos.y >= toast.y0 && io.MousePos.y < toast.y1;
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        if (over) toast.pressed = true;
        else if (!offers) return dismiss(app);
    }
    // A swipe that began on the toast scrolls the page under it: it neither opens nor closes it.
    if (toast.pressed && app.touch.gesture.phase() == Gesture::Phase::Scrolling) toast.pressed = false;
    if (toast.pressed) {
        toast.since = app.now;  // kept while the finger is on it
        app.frame.wake_in = 0.5f;  // (and the clock kept going: it goes once the finger lifts)
        if (!io.MouseDown[ImGuiMouseButton_Left]) {
            toast.pressed = false;
            if (!offers) {
                if (!text.more || toast.details) return dismiss(app);
                toast.details = true;
            }
        }
    }
    const double reading = reading_time(toast.details ? text.whole : text.brief, refusal);
    if (!offers && !toast.pressed) {
        const double left = reading - (app.now - toast.since);
        if (left <= 0) {
            const UiState::ToastGone gone{toast.x0, toast.y0, toast.x1, toast.y1, app.now + gone_grace};
            dismiss(app);
            app.ui.toast_gone = gone;
            // A frame after it that lets presses through again.
            app.frame.wake_in = app.frame.wake_in > 0 ? std::min(app.frame.wake_in, float(gone_grace)) : float(gone_grace);
            return draw_toast_gone(app);
        }
        app.frame.wake_in = static_cast<float>(left);
    }

    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    float width = std::min(viewport->WorkSize.x - 12.0f, 560.0f);
    float x = viewport->WorkPos.x + (viewport->WorkSize.x - width) / 2;
    const bool over_outcomes = app.frame.toast_width > 0 && viewport->WorkSize.x >= 600.0f;  // a tablet's table
    if (over_outcomes) {
        width = app.frame.toast_width;
        x = app.frame.toast_left;
        ImGui::SetNextWindowPos(ImVec2(x, app.frame.toast_bottom), ImGuiCond_Always, ImVec2(0, 1));
    } else {
        ImGui::SetNextWindowPos(ImVec2(x, app.frame.toast_top), ImGuiCond_Always, ImVec2(0, 0));
    }
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, viewport->WorkSize.y * 0.45f));
    ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                             ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoMove;
    ImGui::PushStyleColor(ImGuiCol_WindowBg, vec(refusal ? theme::toast_refusal_bg : theme::toast_outcome_bg));
    ImGui::PushStyleColor(ImGuiCol_Border, vec(refusal ? theme::toast_refusal_edge : theme::toast_outcome_edge));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 1.5f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 8));
    ImGui::Begin("##toast", nullptr, flags);
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    const ImVec4 colour = notice ? vec(refusal ? theme::toast_refusal_text : theme::toast_outcome_text) : ImGui::GetStyle().Colors[ImGuiCol_Text];
    std::string shown;
    if (toast.details && !notice) {
        draw_outcome_details(app);
        shown = text.whole;
    } else {
        // Folded with more to show: a chevron at the right edge says a tap opens it (its
        // words are for screen readers: "Dotknij: szczegóły i kości").
        const float chevron = text.more ? ImGui::GetFontSize() * 0.9f : 0.0f;
        if (chevron > 0) ImGui::PushTextWrapPos(content_right() - chevron);
        draw_lines(text.brief, colour);
        if (chevron > 0) {
            ImGui::PopTextWrapPos();
            const float cx = ImGui::GetWindowPos().x + ImGui::GetWindowSize().x - 12 - chevron * 0.35f, cy = ImGui::GetWindowPos().y + ImGui::GetWindowSize().y * 0.5f;
            const float r = chevron * 0.28f;
            ImGui::GetWindowDrawList()->AddPolyline(std::array<ImVec2, 3>{ImVec2(cx - r, cy - 2 * r), ImVec2(cx + r, cy), ImVec2(cx - r, cy + 2 * r)}.data(), 3,
                                                    ImGui::GetColorU32(ImGuiCol_TextDisabled), 0, 2.0f);
        }
        shown = text.brief;
    }
    if (offers && !draw_notice_offer(app) && app.ui.notice) {
        // A single offer: "×" beside it (not on a row of its own) closes the toast.
        ImGui::SameLine();
        if (touch_button(app, "×", "toast:close", touch_size)) dismiss(app);
    }
    const ImGuiWindow* window = ImGui::GetCurrentWindow();
    toast.x0 = window->Pos.x;
    toast.y0 = window->Pos.y;
    toast.x1 = window->Pos.x + window->Size.x;
    toast.y1 = window->Pos.y + window->Size.y;
    toast.reading = reading;
    app.frame.toast_height = window->Size.y;
    app.layout.add("toast", toast.x0, toast.y0, toast.x1, toast.y1);
    app.layout.add_text("toast", text.whole);  // the whole message, as screen readers get it
    app.layout.add_text("toast:shown", shown);  // what is drawn now
    if (text.more && !toast.details) app.layout.add_text("toast:more", app.tr("toast.details"));
    app.frame.announcement = text.whole;  // plain text: "[10.6]", not the dot leader drawn on screen
    // Older tests and tools read the refusal or message under "notice".
    if (notice) {
        app.layout.add("notice", toast.x0, toast.y0, toast.x1, toast.y1);
        app.layout.add_text("notice", text.whole);
    }
    ImGui::End();
    ImGui::PopStyleVar(3);
    ImGui::PopStyleColor(2);
}

}  // namespace czary::app
