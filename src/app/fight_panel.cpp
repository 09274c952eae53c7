// The Table tab's controls and sheets: the fight in one row (monsters, talk, start; the phase,
// the end), and the sheets under the board: a figure's wounds and statuses, the monster form
// (8.2) and the talk (8.4-8.9) with its result shown large.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "app/panels.hpp"
#include "controller/search.hpp"
#include "app/widgets.hpp"
#include "core/dice.hpp"
#include "core/formation.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

void toggle_sheet(App& app, Sheet sheet) {
    app.ui.table.sheet = app.ui.table.sheet == sheet ? Sheet::Figure : sheet;
    app.ui.cast = {};
}

void phase_row(App& app) {
    if (!app.ui.table.ending_fight) {
        const float w = share(2);
        // No monster stands any more (9.0: the fight ends with one side's death): the victory is
        // the next step, offered where the next phase was (the fifth playtest went on through
        // empty phases until it found it behind "Koniec walki").
        if (living_on_board(app.session.state(), Side::Monsters) == 0) {
            ImGui::PushStyleColor(ImGuiCol_Button, vec(theme::go));
            const bool won = touch_button(app, app.tr("fight.victory"), "fight:victory", w);
            ImGui::PopStyleColor();
            if (won) dispatch(app, actions::EndFight{"victory"});
        } else if (touch_button(app, app.tr("fight.next_phase"), "fight:next", w)) {
            dispatch_rolling(app, actions::NextPhase{});
        }
        ImGui::SameLine();
        if (touch_button(app, app.tr("fight.end"), "fight:end", w)) app.ui.table.ending_fight = true;
        return;
    }
    // "How did it end?" in the same row; "back" lies where "end the fight" was tapped, so a
    // second tap there changes nothing. 9.0: a fight ends only with one side's death (or Zawieszenie
    // broni); flight is offered only when the players turned that house rule on (Sessions, settings).
    const bool flight = app.session.state().house_rules.end_fight_early;
    const float part = share(flight ? 3 : 2);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(2, ImGui::GetStyle().FramePadding.y));
    if (touch_button(app, app.tr("fight.victory"), "fight:victory", part)) {
        if (dispatch(app, actions::EndFight{"victory"}).ok) app.ui.table.ending_fight = false;
    }
    ImGui::SameLine();
    if (flight) {
        if (touch_button(app, app.tr("fight.fled"), "fight:fled", part)) {
            if (dispatch(app, actions::EndFight{"fled"}).ok) app.ui.table.ending_fight = false;
        }
        ImGui::SameLine();
    }
    if (touch_button(app, app.tr("fight.end_back"), "fight:end-back", part)) app.ui.table.ending_fight = false;
    ImGui::PopStyleVar();
}

// The last negotiation or bribe of this group, large: "Porozumienie!" with its dice.
bool draw_talk_result(App& app) {
    if (!app.session.position()) return false;
    const auto& step = app.session.steps()[app.session.position() - 1];
    if (step.talk == TalkOutcome::None) return false;
    const std::string key = std::string("talk.result.") + name_of(step.talk, talk_outcome_names);
    const bool good = step.talk != TalkOutcome::Failure && step.talk != TalkOutcome::BribeRejected;
    push_text_size(1.5f);
    ImGui::PushStyleColor(ImGuiCol_Text, vec(good ? theme::good : theme::bad));
    wrapped(app.tr(key.c_str()));
    ImGui::PopStyleColor();
    pop_text_size();
    app.layout.add_last_item("talk:result");
    // The dice as they fell, then how the total came about in the log's own words (NN, the
    // talent, spells and medallion; the bribe's row): "2K6: 3 + 4 = 7" alone said too little.
    std::string dice;
    for (const auto& roll : step.rolls) dice += (dice.empty() ? "" : "  ") + shown_code(roll.code) + ": " + roll_arithmetic(roll);
    if (!step.rolls.empty() && !step.log.empty()) dice += "\n" + with_rule(app.local(step.log.front().text()), step.log.front().rule);
    if (!dice.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        wrapped(dice);  // wrapped, never cut at the sheet's edge
        ImGui::PopStyleColor();
    }
    app.layout.add_text("talk:result", std::string(app.tr(key.c_str())) + " " + dice);
    return true;
}

// Why the rules refuse a talk now (one negotiation per group, no bribe after an agreement),
// greyed where its odds would stand.
void refusal_line(App& app, const Refusal& refusal, const std::string& id) {
    const std::string why = app.language == "en" ? refusal.en : refusal.pl;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    wrapped(why);
    ImGui::PopStyleColor();
    app.layout.add_last_item(id);
    app.layout.drawn_text(id, why);
}

// Who negotiates, and the odds, or why there is no negotiation now.
void draw_negotiation_odds(App& app, const Figure& negotiator, const NegotiationOdds& talk) {
    wrapped(app.local(both(app, "talk.negotiator", {{"{name}", app.local(negotiator.name)}})));
    if (!talk.refusal) {
        const std::string odds = std::string(app.tr("odds.failure")) + " " + percent(talk.failure) + " · " + app.tr("odds.agreement") + " " +
                                 percent(talk.agreement) + " · " + app.tr("odds.intimidation") + " " + percent(talk.intimidation);
        wrapped(odds);
        app.layout.add_last_item("talk:odds");
        app.layout.add_text("talk:odds", odds);
    } else {
        refusal_line(app, *talk.refusal, "talk:no-odds");
    }
}

// The room a talk result takes at this width and text size: its large line (the longest of them;
// a long one wraps on a phone), the dice, and the longest line of how the total came about, a
// negotiation's sum or a bribe's (a refused bribe's is the longest).
float talk_result_room(const App& app) {
    const float width = ImGui::GetContentRegionAvail().x;
    float result_height = 0;
    for (const char* outcome : talk_outcome_names) {
        if (!*outcome) continue;  // TalkOutcome::None has no line
        const std::string key = std::string("talk.result.") + outcome;
        result_height = std::max(result_height, 1.5f * ImGui::CalcTextSize(app.tr(key.c_str()), nullptr, false, width / 1.5f).y);
    }
    const auto n = [](const char* number) { return LocalizedText{number, number}; };
    const std::string samples[] = {
        "2K6: 6 + 6 = 12\n" + with_rule(app.local(app.data->message("log.negotiation_roll", {
            {"roll", n("12")}, {"nn", n("10")}, {"talent", n("2")}, {"bonus", n("10")}, {"medallion", n("2")}, {"total", n("16")}})), "8.4"),
        "1K6: 6\n" + with_rule(app.local(app.data->message("log.bribe_accepted", {
            {"roll", n("6")}, {"total", n("-4")}, {"needed", n("6")}, {"gold", n("1000")}})), "8.7"),
        "1K6: 6\n" + with_rule(app.local(app.data->message("log.bribe_rejected", {
            {"roll", n("6")}, {"total", n("6")}, {"needed", n("5")}, {"gold", n("1000")}})), "8.7"),
    };
    float dice_height = 0;
    for (const auto& sample : samples)
        dice_height = std::max(dice_height, ImGui::CalcTextSize(numbers_kept_whole(sample).c_str(), nullptr, false, width).y);
    return result_height + dice_height + 2 * ImGui::GetStyle().ItemSpacing.y;
}

}  // namespace

void draw_fight_controls(App& app) {
    const auto& s = app.session.state();
    if (!s.adventure.entered) {
        wrapped(app.tr("table.not_entered"));
        return;
    }
    if (s.fight.active) {
        phase_row(app);
        return;
    }
    const float w = share(3);
    push_row_labels(app, {app.tr("fight.monsters_button"), app.tr("talk.heading"), app.tr("fight.start")}, w);
    if (chosen_button(app, app.tr("fight.monsters_button"), "sheet:monsters", w, app.ui.table.sheet == Sheet::Monsters)) toggle_sheet(app, Sheet::Monsters);
    ImGui::SameLine();
    if (chosen_button(app, app.tr("talk.heading"), "sheet:talk", w, app.ui.table.sheet == Sheet::Talk)) toggle_sheet(app, Sheet::Talk);
    ImGui::SameLine();
    // Greyed with no monster to fight (9.0), as the rules would refuse it.
    const bool start = touch_button(app, app.tr("fight.start"), "fight:start", w, living_on_board(s, Side::Monsters) > 0);
    pop_row_labels();
    if (start && dispatch(app, actions::StartFight{}).ok) app.ui.table.sheet = Sheet::Figure;
}

// What the fight's phase asks of the players before it ends, at the sheet's top: 9.8 pkt 4's
// move offered, one button a figure of the second rank; 9.8 pkt 3's die with the table's dice.
void draw_phase_duties(App& app) {
    const GameState& s = app.session.state();
    if (!s.fight.active) return;
    if (s.fight.phase == 4 && s.fight.first_rank_move == Fight::FirstRankMove::Owed && s.party.ranks.size() > 1) {
        wrapped(app.tr("fight.first_rank_owed"));
        app.layout.add_last_item("fight:first-rank-owed");
        app.layout.add_text("fight:first-rank-owed", app.tr("fight.first_rank_owed"));
        const auto& front = s.party.ranks[0];
        int shown = 0;
        for (int slot = 0; slot < 3; ++slot) {
            const Figure* f = s.find(s.party.ranks[1][slot]);
            if (!f) continue;
            // The free place of the first rank nearest to where it stands.
            int to = -1;
            for (int d = 0; d < 3 && to < 0; ++d)
                for (int at : {slot - d, slot + d})
                    if (to < 0 && at >= 0 && at < 3 && front[at].empty()) to = at;
            if (to < 0) continue;
            if (shown++ % 2) ImGui::SameLine();
            if (touch_button(app, app.local(f->name).c_str(), "fight:step-forward:" + f->id, share(2))) dispatch(app, actions::MoveFigure{f->id, 1, to + 1});
        }
    }
    if (s.fight.phase == 5 && app.ui.table_dice_everywhere) {
        wrapped(app.tr("fight.monster_place_die"));
        app.layout.add_last_item("fight:monster-place-die");
        app.layout.add_text("fight:monster-place-die", app.tr("fight.monster_place_die"));
        pip_pad(app, app.ui.pending_pips, "phase");
    }
}

namespace {
// At a live table, with nothing chosen: the characters this phone plays, one tap from their hands.
void draw_my_characters(App& app) {
    std::vector<const Figure*> mine;
    for (const auto& f : app.session.state().figures)
        if (plays(app, f.id)) mine.push_back(&f);
    if (mine.empty()) return;
    wrapped(app.tr("table.mine_row"));
    app.layout.add_last_item("sheet:mine");
    const float half = share(2);
    for (std::size_t i = 0; i < mine.size(); ++i) {
        if (i % 2) ImGui::SameLine();
        if (touch_button(app, app.local(mine[i]->name).c_str(), "sheet:mine:" + mine[i]->id, half)) app.ui.selected = mine[i]->id;
    }
}
}  // namespace

void draw_sheet(App& app) {
    draw_phase_duties(app);
    if (app.ui.cast.active()) return draw_cast_panel(app);
    if (app.ui.table.sheet == Sheet::Monsters) return draw_monster_form(app);
    if (app.ui.table.sheet == Sheet::Talk) return draw_talk_sheet(app);
    const Figure* f = app.session.state().find(app.ui.selected);
    if (!f) {
        draw_my_characters(app);
        wrapped(app.tr("table.tap_token"));
        app.layout.add_last_item("sheet:hint");
        app.layout.drawn_text("sheet:hint", app.tr("table.tap_token"));
        return;
    }
    // Header: the figure, its life, and the two views of a character (its spells; its wounds).
    const int life = std::max(0, f->sila - f->wounds);
    const std::string head = app.local(f->name) + " · " + app.local(both(app, "figure.life", {{"{left}", std::to_string(life)}, {"{sila}", std::to_string(f->sila)}}));
    if (f->is_character() && !f->knows_spells()) {  // a fighter: his wounds, no spells to switch to
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(head.c_str());
        app.layout.add_last_item("sheet:figure");
        app.layout.add_text("sheet:figure", head);
        draw_figure_sheet(app, *f);
    } else if (f->is_character()) {
        const float w = std::min(130.0f, share(3));
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(head.c_str());
        app.layout.add_last_item("sheet:figure");
        app.layout.add_text("sheet:figure", head);
        ImGui::SameLine(content_right() - w);
        const bool details = app.ui.table.figure_details;
        if (touch_button(app, app.tr(details ? "figure.show_spells" : "figure.show_wounds"), "figure:toggle", w)) app.ui.table.figure_details = !details;
        if (details) draw_figure_sheet(app, *f);
        else draw_spell_cards(app);
    } else {
        ImGui::TextUnformatted(head.c_str());
        app.layout.add_last_item("sheet:figure");
        app.layout.add_text("sheet:figure", head);
        draw_figure_sheet(app, *f);
        draw_spell_cards(app);
    }
}

void draw_figure_sheet(App& app, const Figure& f) {
    auto line = [&](bool on, const char* key) {
        if (on) ImGui::BulletText("%s", app.tr(key));
    };
    ImGui::TextDisabled("%s %d · %s %d", app.tr("stat.wounds"), f.wounds, app.tr("stat.odpornosc"), f.odpornosc);
    app.layout.add_last_item("details:" + f.id);
    line(f.asleep, "status.asleep");
    if (const Figure* by = app.session.state().find(f.charmed_by))
        ImGui::BulletText("%s", app.local(both(app, "status.charmed_by", {{"{caster}", app.local(by->name)}})).c_str());
    line(f.magic_shield, "status.shield");
    if (f.armor > 0) ImGui::BulletText("%s: %d", app.tr("status.armor"), f.armor);
    line(f.poisoned, "status.poisoned");
    line(f.petrified, "status.stone");
    line(f.possessed != Possession::None, "status.possessed");
    line(f.dead, "status.dead");
    if (f.strength_bonus_next) ImGui::BulletText("%s: +%d", app.tr("status.strength_next"), f.strength_bonus_next);
    if (f.dead) return;
    // 10.5 Uśpienie: killed without a roll, once the others are dealt with (the core says so).
    if (f.asleep && app.session.state().fight.active && touch_button(app, app.tr("fight.kill_sleeping"), "fight:kill-sleeping", -1))
        dispatch(app, actions::KillSleeping{f.id});
    // Wounds from weapons or anything else, 1-6 at a tap or any number typed; healing (not a
    // spell) only when there is something to heal.
    ImGui::TextUnformatted(app.tr("figure.add_wounds"));
    const float sixth = share(6);
    for (int amount = 1; amount <= 6; ++amount) {
        if (amount > 1) ImGui::SameLine();
        const std::string text = "−" + std::to_string(amount);
        if (touch_button(app, text.c_str(), "wound:" + std::to_string(amount), sixth))
            dispatch(app, actions::Wound{f.id, amount});
    }
    // The number a third of the row, its button the rest ("Add these wounds" whole at 360 px).
    const float half = share(2);
    ImGui::SetNextItemWidth(share(3));
    ImGui::InputInt("##wound-amount", &app.ui.table.wound_amount, 0, 0);
    record_field(app, "input:wound-amount", std::to_string(app.ui.table.wound_amount));
    app.ui.table.wound_amount = std::clamp(app.ui.table.wound_amount, 0, actions::Wound::max_amount);
    ImGui::SameLine();
    const int typed = app.ui.table.wound_amount;
    if (touch_button(app, app.tr("figure.wound_typed"), "wound:typed", -1, typed > 0)) {
        if (dispatch(app, actions::Wound{f.id, typed}).ok) app.ui.table.wound_amount = 0;
    }
    const bool wounded = f.wounds > 0;
    if (touch_button(app, app.tr("figure.heal_one"), "wound:heal", half, wounded)) dispatch(app, actions::Heal{f.id, 1});
    ImGui::SameLine();
    if (touch_button(app, app.tr("figure.heal_all"), "wound:heal-all", half, wounded))
        dispatch(app, actions::Heal{f.id, f.wounds});
    if (app.session.state().fight.active && f.is_character() && f.side == Side::Party) {
        if (touch_button(app, app.tr("fight.weapon_attack"), "fight:attack", -1)) dispatch(app, actions::WeaponAttack{f.id});
    }
    if (f.is_character()) draw_items_section(app, f);
}

void draw_monster_form(App& app) {
    const auto& kinds = app.data->monster_kinds;
    MonsterForm& form = app.ui.monster;
    const bool monsters_present = std::any_of(app.session.state().figures.begin(), app.session.state().figures.end(),
                                              [](const Figure& f) { return !f.is_character() && f.side == Side::Monsters; });
    // Table 8.2 as a grid of buttons, three a row where the names fit (a little smaller if need
    // be): all twenty kinds in view without a swipe. No kind is chosen for the player: the
    // counter on the table says which. Once chosen, the grid folds to that kind's button (a tap
    // opens it again) and siła, level and "Dodaj" stand right under it.
    const bool chosen = form.kind >= 0 && form.kind < static_cast<int>(kinds.size());
    if (chosen) {
        if (chosen_button(app, app.local(kinds[form.kind].name).c_str(), "monster:chosen", -1, true)) form.kind = -1;
        // Just chosen (the grid folded): the kind at the sheet's top, siła and "Dodaj" under it
        // in view on a small phone too.
        if (form.scroll_to_kind) {
            ImGui::SetScrollHereY(0.0f);
            form.scroll_to_kind = false;
        }
    } else {
        float widest = 0;
        for (const auto& kind : kinds) widest = std::max(widest, ImGui::CalcTextSize(app.local(kind.name).c_str()).x);
        const float scale = std::min(1.0f, (share(3) - 8) / std::max(1.0f, widest));
        const int columns = scale >= 0.8f ? 3 : 2;  // "Czarnoksiężnik" whole on a small phone
        const float w = share(columns);
        // Where the whole table does not fit the sheet (a small phone, large text): the kinds
        // added in this session first, and a field to find one by a few letters ("tr").
        const int rows = (static_cast<int>(kinds.size()) + columns - 1) / columns;
        const bool fits = rows * (touch_size + ImGui::GetStyle().ItemSpacing.y) <= ImGui::GetContentRegionAvail().y;
        std::vector<int> offered;
        if (fits) {
            for (int i = 0; i < static_cast<int>(kinds.size()); ++i) offered.push_back(i);
        } else {
            ImGui::SetNextItemWidth(-1);
            ImGui::InputTextWithHint("##monster-search", app.tr("fight.search_kind"), form.search, sizeof form.search);
            record_field(app, "input:monster-search", form.search, app.tr("fight.search_kind"));
            offered = monster_kinds_offered(*app.data, app.session, form.search);
            if (offered.empty()) wrapped(app.local(both(app, "fight.no_kind_found", {{"{typed}", form.search}})));
        }
        push_text_size(columns == 3 ? scale : 1.0f);
        ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(3, ImGui::GetStyle().FramePadding.y));
        for (std::size_t n = 0; n < offered.size(); ++n) {
            const int i = offered[n];
            if (n % columns) ImGui::SameLine();
            if (chosen_button(app, app.local(kinds[i].name).c_str(), "monster:kind:" + kinds[i].id, w, false)) {
                form.kind = i;
                form.scroll_to_kind = true;
            }
        }
        ImGui::PopStyleVar();
        pop_text_size();
    }
    // Siła as on the counter (a number or a code the dice decide), the level as three buttons.
    const float half = share(2);
    ImGui::SetNextItemWidth(half);
    // Empty until typed, the hint saying what goes there (a "0" left from the last monster read
    // as a value to fix, the fourth playtest).
    ImGui::InputTextWithHint("##monster-sila", app.tr("fight.sila_number"), form.sila, 3, ImGuiInputTextFlags_CharsDecimal);
    record_field(app, "input:monster-sila", form.sila, app.tr("fight.sila_number"));
    const int sila = std::clamp(std::atoi(form.sila), 0, 99);
    // The code's field beside it, or under it where its hint would not fit (large text).
    const float hint_width = ImGui::CalcTextSize(app.tr("fight.sila_code")).x + 2 * ImGui::GetStyle().FramePadding.x + 2;
    ImGui::SameLine();
    if (ImGui::GetContentRegionAvail().x < hint_width) ImGui::NewLine();
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##code", app.tr("fight.sila_code"), form.code, sizeof form.code);
    record_field(app, "input:monster-code", form.code, app.tr("fight.sila_code"));
    ImGui::TextUnformatted(app.tr("fight.level"));
    const float third = share(3);
    for (int level = 1; level <= 3; ++level) {
        if (level > 1) ImGui::SameLine();
        if (chosen_button(app, std::to_string(level).c_str(), "monster:level:" + std::to_string(level), third, form.level == level)) form.level = level;
    }
    // 6.8: the level's siła is added to the counter's (a troll typed 8 on level 2 has siła 10):
    // said plainly under the field, with the sum the monster will have.
    const auto bonus_of = app.data->level_sila_bonus.find(form.level);
    const int bonus = bonus_of == app.data->level_sila_bonus.end() ? 0 : bonus_of->second;
    // The counter's short code spelled out: "2+2" is rolled as 2K6+2 (3.1).
    const auto code = DiceCode::parse(form.code);
    const std::string code_shown = code ? code->to_string() : std::string(form.code);
    const std::map<std::string, std::string> parts = {{"{sila}", std::to_string(sila)}, {"{code}", code_shown},
        {"{bonus}", std::to_string(bonus)}, {"{level}", std::to_string(form.level)}, {"{total}", std::to_string(sila + bonus)}};
    const char* sum_key = form.code[0] ? "fight.sila_code_plus_level" : sila > 0 ? "fight.sila_plus_level" : "fight.sila_level_bonus";
    const std::string sum = app.local(both(app, sum_key, parts));
    // "Dodaj" below stays put whichever of the three lines stands here.
    wrapped_in_room(sum, {app.local(both(app, "fight.sila_code_plus_level", parts)), app.local(both(app, "fight.sila_plus_level", parts)),
                          app.local(both(app, "fight.sila_level_bonus", parts))});
    app.layout.add_last_item("monster:sila-sum");
    app.layout.add_text("monster:sila-sum", sum);
    const bool sila_given = form.code[0] || sila > 0;
    if (form.code[0]) rolling_pad(app);
    if (touch_button(app, app.tr("fight.add_monster"), "monster:add", -1, chosen && sila_given)) {
        actions::AddMonster action{kinds[form.kind].id};
        action.level = form.level;
        // A code given: the app (or the table's dice) rolls siła; else the number entered counts.
        if (form.code[0]) action.sila_code = std::string(form.code);
        else action.sila = sila;
        const bool added = (form.code[0] ? dispatch_rolling(app, action) : dispatch(app, action)).ok;
        if (added) form = MonsterForm{};  // the next counter is another monster: nothing carries over
    }
    if (!chosen) {  // with a kind chosen, the line above already asks for siła
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        wrapped(app.tr("fight.choose_kind"));
        ImGui::PopStyleColor();
    }
    // The party leaves this group behind (or it is beaten): the next monsters are a new group,
    // with negotiation and a bribe of their own (8.4-8.9). Last: its coming does not move the
    // buttons above.
    if (monsters_present && touch_button(app, app.tr("fight.leave_group"), "monster:clear", -1)) dispatch(app, actions::ClearMonsters{});
}

// The bribe (8.7-8.9): the gold in steps along table 8.9's offers or typed, and Przekup, in one
// row; under it the chance it is taken, or why there is no bribe now.
void draw_bribe(App& app) {
    const auto& s = app.session.state();
    ImGui::TextUnformatted(app.tr("talk.gold"));
    app.layout.add_last_item("talk:gold");
    app.layout.drawn_text("talk:gold", app.tr("talk.gold"));
    // Steps along the offers of table 8.9: an offer between two rows counts as the lower one.
    static constexpr int offers[] = {20, 40, 60, 80, 100, 150, 200, 300, 400};
    int& gold = app.ui.table.gold;
    const float field = std::max(3.2f * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x * 0.2f);
    // The offer is changed only while a bribe may be offered (a too small one is changed to fit).
    const int asked = gold;
    const BribeOdds now = odds_of_bribe(s, *app.data, gold);
    const bool offering = !now.refusal || now.refusal->code == "bribe_too_small";
    if (touch_button(app, "−", "talk:gold-less", touch_size, offering)) {
        int lower = offers[0];
        for (int offer : offers)
            if (offer < gold) lower = offer;
        gold = lower;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(field);
    ImGui::InputInt("##gold", &gold, 0, 0);
    record_field(app, "input:gold", std::to_string(gold));
    gold = std::clamp(gold, 0, actions::Bribe::max_gold);
    ImGui::SameLine();
    if (touch_button(app, "+", "talk:gold-more", touch_size, offering)) {
        int higher = gold < offers[8] ? offers[8] : std::min(gold + 100, actions::Bribe::max_gold);
        for (int i = 8; i >= 0; --i)
            if (offers[i] > gold) higher = offers[i];
        gold = higher;
    }
    ImGui::SameLine();
    // Asked again only when a button or the field changed the gold this frame.
    const BribeOdds bribe = gold == asked ? now : odds_of_bribe(s, *app.data, gold);
    if (touch_button(app, app.tr("talk.bribe"), "talk:bribe", -1, !bribe.refusal)) dispatch_rolling(app, actions::Bribe{gold});
    if (!bribe.refusal) {
        const std::string odds = std::string(app.tr("odds.bribe")) + " " + percent(bribe.accepted);
        wrapped(odds);
        app.layout.add_last_item("talk:bribe-odds");
        app.layout.add_text("talk:bribe-odds", odds);
    } else {
        refusal_line(app, *bribe.refusal, "talk:no-bribe");
    }
}

void draw_talk_sheet(App& app) {
    const auto& s = app.session.state();
    // The negotiator: the selected character, else the first living one.
    const Figure* negotiator = s.find(app.ui.selected);
    if (!negotiator || !negotiator->is_character() || negotiator->dead) {
        negotiator = nullptr;
        for (const auto& f : s.figures)
            if (with_party(s, f)) {  // 8.4: a member of the party who is with it
                negotiator = &f;
                break;
            }
    }
    if (!negotiator) {
        wrapped(app.tr("talk.no_negotiator"));
        return;
    }
    // Negocjuj first, then the bribe (the gold and Przekup in one row), then one block whose room
    // is kept: who negotiates and the odds (or why there is no negotiation now, 8.4: one per
    // group) until a result takes their place: the newest negotiation's or bribe's result, large,
    // with its dice and how the total came about. Both buttons stay where they are, and both come
    // before the result (the fifth playtest found Przekup pushed off a small phone at 1.5x by the
    // result of the failed negotiation that suggests it; the toast has the result in brief).
    rolling_pad(app);
    // What the rules refuse now is greyed, its reason in its place (one negotiation per group, no
    // bribe after an agreement, neither in a fight: 8.4-8.8).
    const NegotiationOdds talk = odds_of_negotiation(s, *app.data, negotiator->id);
    if (touch_button(app, app.tr("talk.negotiate"), "talk:negotiate", -1, !talk.refusal))
        dispatch_rolling(app, actions::Negotiate{negotiator->id});
    draw_bribe(app);
    float& room = app.ui.table.talk_result_room;
    // Measured when the width, the text size or the language changes, not in every frame.
    const std::string measured_for = std::to_string(static_cast<int>(ImGui::GetContentRegionAvail().x)) + ":" +
                                     std::to_string(ImGui::GetFontSize()) + ":" + app.language;
    if (app.ui.table.talk_room_for != measured_for) {
        app.ui.table.talk_room_for = measured_for;
        room = std::max(room, talk_result_room(app));
    }
    const float top = ImGui::GetCursorPosY();
    if (!draw_talk_result(app)) draw_negotiation_odds(app, *negotiator, talk);
    const float used = ImGui::GetCursorPosY() - top;
    room = std::max(room, used);
    if (used < room) ImGui::Dummy(ImVec2(1, room - used - ImGui::GetStyle().ItemSpacing.y));
    // 8.6: after an agreement or an intimidation the party "może [...] pójść dalej": the group is
    // left behind at a tap (as after an accepted bribe), from the end of the sheet, where nothing
    // was pressed a moment ago.
    if (party_may_go_on(s.encounter.outcome) && touch_button(app, app.tr("talk.go_on"), "talk:go-on", -1))
        dispatch(app, actions::ClearMonsters{});
}

}  // namespace czary::app
