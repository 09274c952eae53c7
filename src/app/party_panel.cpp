// Party set-up and the adventure's start (4.1, 4.3, 4.4, 10.0).
#include <algorithm>
#include <array>
#include <optional>
#include <cfloat>
#include <cctype>

#include "app/panels.hpp"
#include "controller/flow.hpp"
#include "controller/search.hpp"
#include "app/widgets.hpp"

namespace czary::app {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

// The spells ticked on screen for one list (a pool or the marks), kept until sent.
std::vector<std::string>& draft_for(App& app, const std::string& key, const std::vector<std::string>& initial) {
    if (app.ui.party.pool_draft_for != key) {
        app.ui.party.pool_draft = initial;
        app.ui.party.pool_draft_for = key;
    }
    return app.ui.party.pool_draft;
}

void heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", text);
    ImGui::Separator();
}

void open_new_character(App& app);

// Real dice for the whole session; the pad for their pips is drawn right above each button
// that rolls (rolling_pad), not here, far from it.
void dice_mode(App& app) {
    checkbox(app, app.tr("dice.table_mode"), "dice:mode", &app.ui.table_dice_everywhere);
}

// One of a few choices as buttons sharing a row (radio buttons ran off a phone's edge).
void choice_row(App& app, int& value, const std::vector<std::pair<std::string, std::string>>& choices) {
    const float w = share(static_cast<int>(choices.size()));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(3, ImGui::GetStyle().FramePadding.y));
    for (int i = 0; i < static_cast<int>(choices.size()); ++i) {
        if (i) ImGui::SameLine();
        if (chosen_button(app, choices[i].first.c_str(), choices[i].second, w, value == i)) value = i;
    }
    ImGui::PopStyleVar();
}

// A potential disc's radius, and the width of the three with their gaps, at the text size.
float disc_radius() { return ImGui::GetFontSize() * 0.62f; }
float potential_width() { return 3 * (2 * disc_radius() + 4); }

// The potential for the red, yellow and blue sun as the game's coloured discs, from `right`
// leftwards; returns where they begin.
float draw_potential(ImDrawList* draw, float right, float centre_y, const std::array<int, 3>& potential) {
    const float size = ImGui::GetFontSize();
    const float r = disc_radius();
    float x = right;
    for (int sun = 2; sun >= 0; --sun) {
        const ImVec2 centre(x - r, centre_y);
        draw->AddCircleFilled(centre, r, sun_colour(static_cast<Sun>(sun)));
        const std::string n = std::to_string(potential[sun]);
        const ImVec2 extent = bold_font()->CalcTextSizeA(size * 0.8f, FLT_MAX, 0.0f, n.c_str());
        const theme::Colour ink = sun == 1 ? theme::card_ink : theme::token_text;  // dark on yellow
        draw->AddText(bold_font(), size * 0.8f, ImVec2(centre.x - extent.x / 2, centre.y - extent.y / 2), col(ink), n.c_str());
        x -= 2 * r + 4;
    }
    return x;
}

// Table 4.3, one hero a row: "+" (or "✓" once in the party), the name over siła and odporność,
// and the potential in the suns' colours: a magician shows bright numbers, a fighter zeros and
// ones. An empty session opens the list (the first step is a party); adding a hero folds it and
// opens the hero's pool below, the next step.
void heroes_section(App& app) {
    const auto& s = app.session.state();
    const bool nobody = std::none_of(s.figures.begin(), s.figures.end(), [](const Figure& f) { return f.is_character(); });
    if (nobody) ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (app.ui.party.fold_heroes) {
        ImGui::SetNextItemOpen(false);
        app.ui.party.fold_heroes = false;
    }
    if (!section(app, "party.heroes", "heroes")) return;
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##hero-filter", app.tr("party.search"), app.ui.party.hero_filter, sizeof app.ui.party.hero_filter);
    app.layout.add_last_item("input:hero-filter");
    app.layout.drawn_text("input:hero-filter", app.ui.party.hero_filter[0] ? app.ui.party.hero_filter : app.tr("party.search"));
    const float line = ImGui::GetTextLineHeight();
    const float row = std::max(touch_size, 2 * line + 8);
    for (const auto& hero : app.data->heroes) {
        if (!matches_search(hero.name, app.ui.party.hero_filter)) continue;
        ImGui::PushID(hero.id.c_str());
        const Figure* joined = nullptr;
        for (const auto& f : s.figures)
            if (f.hero == hero.id) joined = &f;
        // "✓" is a button too: the core says why a hero joins once (hero_in_party, 4.1 A).
        if (touch_button(app, joined ? "✓" : "+", "hero:" + hero.id, touch_size)) {
            if (dispatch(app, actions::AddHero{hero.id}).ok) {
                app.ui.party.fold_heroes = true;
                open_new_character(app);
            }
        }
        ImGui::SameLine();
        const ImVec2 a = ImGui::GetCursorScreenPos();
        const float width = ImGui::GetContentRegionAvail().x;
        // The name over siła and odporność, left of the discs; each wraps between words where
        // it does not fit (large text on a small phone), and the row grows to hold it.
        const float size = ImGui::GetFontSize();
        const float room = width - 4 - potential_width() - 12;
        const std::string name = wrap_words(hero.name, room, bold_font(), size);
        const std::string stats = wrap_words(std::string(app.tr("stat.sila")) + " " + std::to_string(hero.sila) + " · " +
                                             app.local(both(app, "token.resistance", {{"{n}", std::to_string(hero.odpornosc)}})), room, ImGui::GetFont(), size);
        const float name_h = bold_font()->CalcTextSizeA(size, FLT_MAX, 0.0f, name.c_str()).y;
        const float stats_h = ImGui::CalcTextSize(stats.c_str()).y;
        const float height = std::max(row, name_h + stats_h + 8);
        ImGui::Dummy(ImVec2(width, height));
        app.layout.add_last_item("hero-name:" + hero.id);
        app.layout.drawn_text("hero-name:" + hero.id, name + "\n" + stats);
        ImDrawList* draw = ImGui::GetWindowDrawList();
        draw_potential(draw, a.x + width - 4, a.y + height / 2, hero.potential);
        const float top = a.y + (height - name_h - stats_h) / 2;
        draw->AddText(bold_font(), size, ImVec2(a.x + 4, top), col(joined ? theme::text_dim : theme::token_text), name.c_str());
        draw->AddText(ImVec2(a.x + 4, top + name_h), col(theme::text_dim), stats.c_str());
        app.layout.add_text("hero:" + hero.id, hero.name + " " + stats);
        ImGui::PopID();
    }
}

// He or she: asked once for a character named at the table (Polish verbs in the past take it).
// Neither chosen: the sentences use verbs that need none. A second tap on the choice undoes it.
void gender_row(App& app) {
    int& gender = app.ui.party.gender;
    const float w = share(2);
    for (int i = 0; i < 2; ++i) {
        if (i) ImGui::SameLine();
        if (chosen_button(app, app.tr(i == 0 ? "party.gender_m" : "party.gender_f"), i == 0 ? "gender:m" : "gender:f", w, gender == i))
            gender = gender == i ? -1 : i;
    }
}

std::optional<std::string> chosen_gender(const App& app) {
    if (app.ui.party.gender < 0) return std::nullopt;
    return std::string(app.ui.party.gender == 0 ? "m" : "f");
}

void initiate_section(App& app) {
    if (app.ui.party.fold_initiate) {
        ImGui::SetNextItemOpen(false);
        app.ui.party.fold_initiate = false;
    }
    if (!section(app, "party.initiate", "initiate")) return;
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##name", app.tr("party.name"), app.ui.party.name, sizeof app.ui.party.name);
    app.layout.add_last_item("input:initiate-name");
    app.layout.drawn_text("input:initiate-name", app.ui.party.name[0] ? app.ui.party.name : app.tr("party.name"));
    gender_row(app);
    const auto& races = app.data->races;
    std::vector<std::pair<std::string, std::string>> race_choices;
    for (const auto& race : races) race_choices.push_back({app.local(race.name), "initiate:race:" + race.id});
    choice_row(app, app.ui.party.race, race_choices);
    static const char* bonuses[] = {"sila", "weapon", "talent"};
    static const char* bonus_keys[] = {"party.bonus_sila", "party.bonus_weapon", "party.bonus_talent"};
    ImGui::TextUnformatted(app.tr("party.bonus"));
    std::vector<std::pair<std::string, std::string>> bonus_choices;
    for (int i = 0; i < 3; ++i) bonus_choices.push_back({app.tr(bonus_keys[i]), std::string("initiate:bonus:") + bonuses[i]});
    choice_row(app, app.ui.party.initiate_bonus, bonus_choices);
    rolling_pad(app, "initiate:pad");
    const bool named = app.ui.party.name[0] != 0;
    if (touch_button(app, app.tr("party.add_initiate"), "initiate:add", -1, named)) {
        actions::AddInitiate action{races[app.ui.party.race].id, app.ui.party.name};
        action.gender = chosen_gender(app);
        action.bonus = bonuses[app.ui.party.initiate_bonus];
        // The race's own talent gets the +1 (elf: negotiation, dwarf: traps, human: Black Gates).
        static const char* race_talents[] = {"negotiation", "traps", "black_gates"};
        if (app.ui.party.initiate_bonus == 2) action.talent = race_talents[std::min(app.ui.party.race, 2)];
        if (dispatch_rolling(app, action).ok) {
            // Like a hero: the form folds and the new initiate opens at its pool.
            app.ui.party.fold_initiate = true;
            open_new_character(app);
        }
        app.ui.party.name[0] = 0;
        app.ui.party.gender = -1;
    }
}

// A character made by hand: name, siła, odporność and the three potential numbers.
void custom_section(App& app) {
    if (!section(app, "party.custom", "custom")) return;
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##custom-name", app.tr("party.name"), app.ui.party.custom_name, sizeof app.ui.party.custom_name);
    app.layout.add_last_item("input:custom-name");
    app.layout.drawn_text("input:custom-name", app.ui.party.custom_name[0] ? app.ui.party.custom_name : app.tr("party.name"));
    gender_row(app);
    auto number = [&](const char* key, const char* id, int* value, int min, int max) {
        ImGui::SetNextItemWidth(170);
        ImGui::InputInt((std::string(app.tr(key)) + "###" + id).c_str(), value);
        app.layout.add_last_item(std::string("input:") + id);
        const float label_room = content_right() - 170 - ImGui::GetStyle().ItemInnerSpacing.x;
        app.layout.drawn_text(std::string("input:") + id, std::to_string(*value) + " " + app.tr(key), false, ImGui::CalcTextSize(app.tr(key)).x > label_room + 0.5f);
        *value = std::max(min, std::min(max, *value));
    };
    number("stat.sila", "custom-sila", &app.ui.party.custom_sila, 1, 99);
    number("stat.odpornosc", "custom-odpornosc", &app.ui.party.custom_odpornosc, 0, 5);
    number("sun.red", "custom-red", &app.ui.party.custom_potential[0], 0, 9);
    number("sun.yellow", "custom-yellow", &app.ui.party.custom_potential[1], 0, 9);
    number("sun.blue", "custom-blue", &app.ui.party.custom_potential[2], 0, 9);
    if (touch_button(app, app.tr("party.add_custom"), "custom:add", -1, app.ui.party.custom_name[0] != 0)) {
        const auto& p = app.ui.party.custom_potential;
        actions::AddCharacter action{app.ui.party.custom_name, app.ui.party.custom_sila, app.ui.party.custom_odpornosc};
        action.gender = chosen_gender(app);
        action.potential = std::array<int, 3>{p[0], p[1], p[2]};
        if (dispatch(app, action).ok) {
            app.ui.party.custom_name[0] = 0;
            app.ui.party.gender = -1;
        }
    }
}

// The next character that still has to choose (its pool, or its marks): opened once this one
// is done, so that the party is set up without hunting for whom. Everyone has chosen: the list
// folds, the page is short again (the forms above and the adventure's button below in view);
// the toast confirms the choice.
void open_next(App& app, const Figure& done, bool (*needs)(const GameState&, const Figure&)) {
    if (const auto next = next_to_choose(app.session.state(), done.id, needs)) {
        app.ui.selected = *next;
        app.ui.party.scroll_to_open = true;
    } else {
        app.ui.selected.clear();
    }
}

// A character just added opens at its pool when it has one to choose (a fighter stays folded).
void open_new_character(App& app) {
    const auto& figures = app.session.state().figures;
    const auto newest = std::find_if(figures.rbegin(), figures.rend(), [](const Figure& f) { return f.is_character(); });
    if (newest == figures.rend() || !needs_pool(app.session.state(), *newest)) {
        app.ui.selected.clear();
        return;
    }
    app.ui.selected = newest->id;
    app.ui.party.scroll_to_open = true;
}

// Where a list of ticks stands: kept (the session has it), or not yet, and what it waits for.
void choice_state(App& app, const char* what, int ticked, int wanted, bool kept) {
    const auto text = [&](bool as_kept, int left) {
        return app.local(both(app, as_kept ? "party.choice_kept" : "party.choice_waiting",
                              {{"{what}", app.tr(what)}, {"{n}", std::to_string(ticked)}, {"{of}", std::to_string(wanted)}, {"{left}", std::to_string(left)}}));
    };
    const std::string line = text(kept, std::max(0, wanted - ticked));
    ImGui::PushStyleColor(ImGuiCol_Text, vec(kept ? theme::good : theme::accent));
    // The list under it stays put when the line turns from waiting to kept.
    wrapped_in_room(line, {text(true, 0), text(false, std::max(1, wanted - ticked))});
    ImGui::PopStyleColor();
    app.layout.add_last_item(std::string(what) == "party.pool" ? "pool:state" : "marks:state");
    app.layout.add_text(std::string(what) == "party.pool" ? "pool:state" : "marks:state", line);
}

// Pool and marks behave alike: each tick is kept as it is made once the list is complete (the
// core takes exactly that many, 10.0 and 4.1 D); until then the line above the list says
// plainly that nothing is kept yet, and how many are missing.
void pool_section(App& app, const Figure& c) {
    const int size = c.pool_size();
    if (size == 0) {
        ImGui::TextDisabled("%s", app.tr("party.no_potential"));
        return;
    }
    auto& draft = draft_for(app, "pool:" + c.id, c.pool);
    choice_state(app, "party.pool", static_cast<int>(draft.size()), size, draft == c.pool && static_cast<int>(c.pool.size()) == size);
    bool changed = false;
    for (const auto& spell : app.data->spells.all()) {
        if (spell.type == SpellType::Special) continue;  // 10.8: never in the initial pool
        bool ticked = contains(draft, spell.id);
        const bool full = static_cast<int>(draft.size()) >= size && !ticked;
        if (full) ImGui::BeginDisabled();
        if (checkbox(app, app.local(spell.name) + " (" + spell_type_letter(spell.type) + ", " + std::to_string(spell.cost) + ")", "pool:" + spell.id, &ticked)) {
            if (ticked) draft.push_back(spell.id);
            else draft.erase(std::find(draft.begin(), draft.end(), spell.id));
            changed = true;
        }
        if (full) ImGui::EndDisabled();
    }
    if (changed && static_cast<int>(draft.size()) == size && draft != c.pool) {
        const std::vector<std::string> chosen = draft;
        if (dispatch(app, actions::SetPool{c.id, chosen}).ok) {
            if (const Figure* now = app.session.state().find(c.id)) open_next(app, *now, needs_pool);
        }
    }
}

void marks_section(App& app, const Figure& c) {
    const Sun sun = app.session.state().adventure.sun;
    const int allowed = c.potential[static_cast<int>(sun)];
    auto& marked = draft_for(app, "marks:" + c.id, c.marked);
    choice_state(app, "party.marked", static_cast<int>(marked.size()), allowed, marked == c.marked && static_cast<int>(c.marked.size()) == allowed);
    bool changed = false;
    // The sun allows the whole pool: no choice to make, one tap marks it all.
    if (allowed > 0 && allowed == static_cast<int>(c.pool.size()) && c.marked.size() != c.pool.size() &&
        touch_button(app, app.local(both(app, "party.mark_all", {{"{n}", std::to_string(allowed)}})).c_str(), "marks:all", -1)) {
        marked = c.pool;
        changed = true;
    }
    for (const auto& id : c.pool) {
        bool ticked = contains(marked, id);
        const bool full = static_cast<int>(marked.size()) >= allowed && !ticked;
        if (full) ImGui::BeginDisabled();
        if (checkbox(app, app.local(app.data->spells.find(id)->name), "mark:" + id, &ticked)) {
            if (ticked) marked.push_back(id);
            else marked.erase(std::find(marked.begin(), marked.end(), id));
            changed = true;
        }
        if (full) ImGui::EndDisabled();
    }
    // Marks are sent when complete (4.1 D: exactly that many); until then they live on screen.
    // A character with a use limit to roll stays open for it; else the next one opens.
    if (changed && static_cast<int>(marked.size()) == allowed) {
        const std::vector<std::string> chosen = marked;
        if (dispatch(app, actions::MarkSpells{c.id, chosen}).ok) {
            const bool limit_to_roll = std::any_of(chosen.begin(), chosen.end(), [&](const std::string& id) {
                const Spell* spell = app.data->spells.find(id);
                return spell && spell->limited_uses;
            });
            if (!limit_to_roll)
                if (const Figure* now = app.session.state().find(c.id)) open_next(app, *now, needs_marks);
            return;
        }
    }
    bool pad_shown = false;
    for (const auto& spell : app.data->spells.all()) {
        if (!spell.limited_uses || !contains(c.marked, spell.id)) continue;
        const std::string& limited = spell.id;
        if (!pad_shown && !c.uses_left.count(limited)) {
            rolling_pad(app);
            pad_shown = true;
        }
        const auto it = c.uses_left.find(limited);
        if (it != c.uses_left.end()) {
            ImGui::Text("%s: %d", app.local(spell.name).c_str(), it->second);
        } else if (touch_button(app, (std::string(app.tr("party.roll_limit")) + " " + app.local(spell.name)).c_str(),
                                "limit:" + limited, -1)) {
            if (dispatch_rolling(app, actions::RollUseLimit{c.id, limited}).ok) {
                // Every limit rolled: on to the next character that still marks.
                const Figure* now = app.session.state().find(c.id);
                const bool more = now && std::any_of(now->marked.begin(), now->marked.end(), [&](const std::string& id) {
                    const Spell* other = app.data->spells.find(id);
                    return other && other->limited_uses && !now->uses_left.count(id);
                });
                if (now && !more) open_next(app, *now, needs_marks);
                return;
            }
        }
    }
}

// A character's row as a strip of its counter: the name, life left against siła (as on the
// board), odporność, and the potential for the red, yellow and blue sun as coloured discs. Where
// the name would not fit whole beside them (large text on a small phone), the strip has two
// lines: the name and the discs, then life and odporność.
struct Strip {
    std::string numbers;
    bool two_lines = false;
    float height = touch_size;
};

Strip strip_of(const App& app, const Figure& f, float width) {
    Strip strip;
    strip.numbers = std::to_string(std::max(0, f.sila - f.wounds)) + "/" + std::to_string(f.sila) + "  " +
                    app.local(both(app, "token.resistance", {{"{n}", std::to_string(f.odpornosc)}}));
    const float size = ImGui::GetFontSize();
    const float discs = potential_width();
    const float name = bold_font()->CalcTextSizeA(size, FLT_MAX, 0.0f, app.local(f.name).c_str()).x;
    strip.two_lines = 10 + name + 12 + ImGui::CalcTextSize(strip.numbers.c_str()).x + 6 + discs + 8 > width;
    if (strip.two_lines) strip.height = std::max(touch_size, 2 * size + 16);
    return strip;
}

void draw_character_strip(App& app, const Figure& f, const Strip& strip, bool open) {
    const ImVec2 a(ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y + 2), b(ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y - 2);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(a, b, col(theme::party_token), theme::token_rounding);
    if (open) draw->AddRect(a, b, col(theme::accent), theme::token_rounding, 0, 2.0f);
    const float size = ImGui::GetFontSize();
    const float first_y = strip.two_lines ? a.y + 6 : a.y + (b.y - a.y - size) / 2;
    // From the right: three potential discs, then (on the same line or the next) life and odporność.
    float x = draw_potential(draw, b.x - 8, first_y + size / 2, f.potential);
    const float numbers_w = ImGui::CalcTextSize(strip.numbers.c_str()).x;
    float name_right = x - 6;
    if (strip.two_lines) {
        draw->AddText(ImVec2(a.x + 10, first_y + size + 2), col(theme::token_text), strip.numbers.c_str());
    } else {
        x -= 6 + numbers_w;
        draw->AddText(ImVec2(x, first_y), col(theme::token_text), strip.numbers.c_str());
        name_right = x - 8;
    }
    const std::string full = app.local(f.name);
    const std::string name = fit_text(full, name_right - a.x - 10, bold_font());
    draw->AddText(bold_font(), size, ImVec2(a.x + 10, first_y), col(theme::token_text), name.c_str());
    app.layout.add_text("character:" + f.id, full + " " + strip.numbers);
    app.layout.drawn_text("character:" + f.id, name + " " + strip.numbers, name != full);
}

void characters_section(App& app) {
    const auto& s = app.session.state();
    heading(app.tr("party.characters"));
    // At a live table this phone's characters come first.
    for (const auto& id : characters_mine_first(app)) {
        const Figure& f = *s.find(id);
        ImGui::PushID(f.id.c_str());
        const bool open = app.ui.selected == f.id;
        const Strip strip = strip_of(app, f, ImGui::GetContentRegionAvail().x);
        if (ImGui::Selectable("###sel", open, 0, ImVec2(0, strip.height))) {
            app.ui.selected = open ? "" : f.id;
            app.ui.party.scroll_to_open = !open;
        }
        app.layout.add_last_item("character:" + f.id);
        draw_character_strip(app, f, strip, open);
        // (Not in the frame of the tap that folds a form above: the heading moves up once it has.)
        if (open && app.ui.party.scroll_to_open && !app.ui.party.fold_heroes && !app.ui.party.fold_initiate) {
            // The opened character's heading near the top, not mid-list; above it room for two
            // lines of a toast (it hangs from the top there), so that the toast covers no tick.
            const float toast = 2 * ImGui::GetTextLineHeightWithSpacing() + 20.0f;
            ImGui::SetScrollY(std::max(0.0f, ImGui::GetItemRectMin().y - ImGui::GetWindowPos().y + ImGui::GetScrollY() - toast));
            app.ui.party.scroll_to_open = false;
        }
        if (open) {
            ImGui::Indent();
            if (!s.adventure.active) pool_section(app, f);
            else if (!s.adventure.entered) marks_section(app, f);
            // Between adventures the Table tab is empty: experience is spent here (12.2).
            draw_items_section(app, f);
            ImGui::Unindent();
        }
        ImGui::PopID();
    }
}

void adventure_section(App& app) {
    const auto& s = app.session.state();
    heading(app.tr("adventure.heading"));
    if (!s.adventure.active) {
        // 4.1: nobody to go yet: the way on is adding characters, not a button the core refuses.
        const bool anyone = std::any_of(s.figures.begin(), s.figures.end(),
                                        [](const Figure& f) { return f.is_character() && !f.dead && f.side == Side::Party; });
        if (!anyone) {
            wrapped(app.tr("adventure.needs_party"));  // "4.1" not broken after its dot
            app.layout.add_last_item("adventure:needs-party");
            app.layout.drawn_text("adventure:needs-party", app.tr("adventure.needs_party"));
            return;
        }
        rolling_pad(app);
        if (touch_button(app, app.tr("adventure.begin"), "adventure:begin", -1) && dispatch_rolling(app, actions::BeginAdventure{}).ok) {
            // The sun is known: the first character that marks its spells opens.
            const GameState& now = app.session.state();
            app.ui.selected.clear();
            for (const auto& f : now.figures) {
                if (f.is_character() && f.side == Side::Party && !f.dead && needs_marks(now, f)) {
                    app.ui.selected = f.id;
                    app.ui.party.scroll_to_open = true;
                    break;
                }
            }
        }
        return;
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(at.x + 14, at.y + 14), 12, sun_colour(s.adventure.sun));
    ImGui::Dummy(ImVec2(30, 28));
    ImGui::SameLine();
    const std::string sun = std::string(app.tr("adventure.sun")) + ": " + app.local(app.data->message(std::string("sun.") + sun_name(s.adventure.sun)));
    ImGui::TextUnformatted(sun.c_str());
    app.layout.add_last_item("adventure:sun");
    app.layout.drawn_text("adventure:sun", sun);
    if (!s.adventure.entered) {
        if (touch_button(app, app.tr("adventure.enter"), "adventure:enter", -1)) {
            if (dispatch(app, actions::EnterLabyrinth{}).ok) app.ui.tab = Tab::Table;
        }
    } else if (touch_button(app, app.tr("adventure.leave"), "adventure:leave", -1)) {
        dispatch(app, actions::EndAdventure{});
    }
}

}  // namespace

void draw_party_panel(App& app) {
    const bool setting_up = !app.session.state().adventure.active;
    // A tablet: the party and its adventure on the left, the ways to add characters on the right.
    const bool columns = setting_up && ImGui::GetContentRegionAvail().x >= 700.0f;
    // Two child windows as tall as their content (the page scrolls both together): the app's one
    // pair of columns, without ImGui's tables (their code is about 8 KB of the wasm).
    if (columns) {
        const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
        ImGui::BeginChild("##party-left", ImVec2(half, 0), ImGuiChildFlags_AutoResizeY);
        dice_mode(app);
        characters_section(app);
        adventure_section(app);
        ImGui::EndChild();
        ImGui::SameLine();
        ImGui::BeginChild("##party-right", ImVec2(half, 0), ImGuiChildFlags_AutoResizeY);
        heroes_section(app);
        initiate_section(app);
        custom_section(app);
        ImGui::EndChild();
        return;
    }
    dice_mode(app);
    if (setting_up) {
        heroes_section(app);
        initiate_section(app);
        custom_section(app);
    }
    characters_section(app);
    adventure_section(app);
}

}  // namespace czary::app
