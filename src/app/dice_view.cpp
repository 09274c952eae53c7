#include "app/dice_view.hpp"

#include <imgui.h>

#include "app/widgets.hpp"

namespace czary::app {
namespace {

constexpr float app_body[3] = {0.95f, 0.92f, 0.84f}, app_pips[3] = {0.13f, 0.10f, 0.15f};
constexpr float table_body[3] = {0.72f, 0.17f, 0.15f}, table_pips[3] = {0.98f, 0.96f, 0.92f};

float seconds_since(const App& app, std::size_t step) {
    if (step != app.ui.rolling_step) return 1e6f;  // not the roll that was just made: at rest
    return static_cast<float>(app.ui.tumble_clock);
}

// Returns whether the die rests.
bool draw_die(App& app, const std::string& id, int pip, std::uint32_t seed, float seconds, float size, bool from_table) {
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(size, size));
    app.layout.add_last_item(id);
    const DiePose pose = die_pose(pip, seed, seconds, app.reduced_motion);
    if (!pose.settled) app.dice_moving = true;
    App::DieDraw die;
    die.id = id;
    die.pip = pip;
    die.face = face_towards_viewer(pose.rotation);
    die.settled = pose.settled;
    die.x = corner.x + pose.offset_x;
    die.y = corner.y + pose.offset_y;
    die.size = size;
    die.rotation = pose.rotation;
    for (int i = 0; i < 3; ++i) {
        die.body_colour[i] = from_table ? table_body[i] : app_body[i];
        die.pip_colour[i] = from_table ? table_pips[i] : app_pips[i];
    }
    app.die_draws.push_back(die);
    ImDrawList* draw_list = ImGui::GetWindowDrawList();
    if (app.draw_die) {
        draw_list->AddCallback(app.draw_die, &app.die_draws.back());
        draw_list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    } else {  // no shader on this platform: the number on a square
        const ImVec2 min(die.x, die.y), max(die.x + size, die.y + size);
        draw_list->AddRectFilled(min, max, col(theme::die_face), size * 0.18f);
        draw_list->AddText(ImVec2(min.x + size * 0.4f, min.y + size * 0.3f), col(theme::die_pip), std::to_string(die.face).c_str());
    }
    return pose.settled;
}

}  // namespace

std::string roll_heading(const App& app, const RollRecord& roll) {
    const std::string key = "roll.purpose." + roll.purpose;
    std::string heading = app.tr(key.c_str());
    if (heading == key) heading = roll.purpose;  // a label the player typed
    if (const Figure* figure = app.session.state().find(roll.figure)) heading += " — " + app.local(figure->name);
    return heading;
}

void draw_roll(App& app, std::size_t step, std::size_t index, const RollRecord& roll, float die_size, const std::string& where) {
    const bool from_table = roll.source == "table";
    wrapped(roll_heading(app, roll) + ": " + shown_code(roll.code));
    const float seconds = seconds_since(app, step);
    const bool k3 = roll.code.find("K3") != std::string::npos;
    const std::string prefix = "die:" + where + ":" + std::to_string(index) + ":";
    bool all_rest = true;
    for (std::size_t die = 0; die < roll.pips.size(); ++die) {
        if (die > 0) ImGui::SameLine();
        ImGui::BeginGroup();
        const auto seed = static_cast<std::uint32_t>(step * 131 + index * 17 + die);
        const bool rests = draw_die(app, prefix + std::to_string(die), roll.pips[die], seed, seconds, die_size, from_table);
        all_rest = all_rest && rests;
        // Numbers only once the die rests (no spoiling the throw). A K3 is the six-sided die
        // halved, rounded up (3.1): both numbers are shown.
        const std::string under = !rests ? "…"
                                  : k3   ? std::to_string(roll.pips[die]) + " → " + std::to_string((roll.pips[die] + 1) / 2)
                                         : std::to_string(roll.pips[die]);
        ImGui::TextUnformatted(under.c_str());
        ImGui::EndGroup();
    }
    ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::Dummy(ImVec2(1, die_size * 0.25f));
    if (all_rest) ImGui::TextUnformatted(roll_tail(roll).c_str());  // the code's modifier too: "+ 2 = 6"
    else ImGui::TextUnformatted("= …");
    ImGui::TextDisabled("%s", app.tr(from_table ? "roll.source.table" : "roll.source.app"));
    ImGui::EndGroup();
    app.layout.add_text(prefix + "total", roll_tail(roll));
}

void draw_last_rolls(App& app) {
    const std::size_t position = app.session.position();
    if (position == 0 || app.ui.rolling_step != position - 1) return;
    const auto& rolls = app.session.steps()[position - 1].rolls;
    constexpr std::size_t shown = 4;  // a big Eksplozja rolls for everyone: the rest on the Dice tab
    for (std::size_t i = 0; i < rolls.size() && i < shown; ++i) draw_roll(app, position - 1, i, rolls[i], 44.0f, "last");
    if (rolls.size() > shown) ImGui::TextDisabled("%s", app.local(both(app, "roll.more", {{"{n}", std::to_string(rolls.size() - shown)}})).c_str());
    ImGui::Separator();
}

}  // namespace czary::app
