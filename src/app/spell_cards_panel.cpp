// The selected figure's hand of spell cards, in the sheet under the board: lit when castable
// now, dimmed with the core's reason otherwise. A tap on a lit card starts the cast (the valid
// targets light up on the board); a tap on a dimmed one says why not.
#include <algorithm>
#include <cfloat>
#include <utility>
#include <vector>

#include "app/icons.hpp"
#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/queries.hpp"

namespace czary::app {
namespace {

bool is_own_spell(const Figure& f, const std::string& id) {
    auto has = [&](const std::vector<std::string>& list) { return std::find(list.begin(), list.end(), id) != list.end(); };
    return has(f.pool) || has(f.learned) || has(f.rings);
}

void start_cast(App& app, const Figure& caster, const Spell& spell, int cost) {
    app.ui.cast = CastDraft{};
    app.ui.cast.caster = caster.id;
    app.ui.cast.spell = spell.id;
    app.ui.cast.cost = cost;
    app.ui.cast.table_dice = app.ui.table_dice_everywhere;
    // The targets come into view: the board centres its front lines again (where the player
    // had scrolled it to reach the caster, the monsters may have been out of sight).
    app.ui.table.board_follows_player = false;
    app.ui.notice.reset();
    app.ui.outcome_step.reset();
}

// A dimmed card's reason in the player's language, and the lines it takes on the ribbon.
constexpr float ribbon_scale = 0.72f;  // of the font size
// The type band: as wide as its letter needs at the current text size (22 px at 18 px).
float band_width() { return ImGui::GetFontSize() * 1.22f; }

std::string reason_of(const App& app, const SpellAvailability& entry) {
    if (entry.castable || !entry.refusal) return {};
    return app.language == "en" ? entry.refusal->en : entry.refusal->pl;
}

constexpr float effect_scale = 0.76f;  // the one-line effect, under the name

// `text` broken between words into the lines it takes at `scale` of the font size in `width` px
// (widgets' wrap_words: what is counted is what is drawn).
std::string wrapped_at(const std::string& text, float scale, float width) {
    return wrap_words(text, width, ImGui::GetFont(), ImGui::GetFontSize() * scale);
}

int wrapped_lines(const std::string& text, float scale, float width) {
    if (text.empty()) return 0;
    const std::string lines = wrapped_at(text, scale, width);
    return 1 + static_cast<int>(std::count(lines.begin(), lines.end(), '\n'));
}

// The effect's lines on a castable card: never cut, wrapped (two lines where one does not do).
float effect_width(float card_width) { return card_width - band_width() - 14; }
int effect_lines(const App& app, const Spell& spell, float card_width) {
    return wrapped_lines(app.local(spell.short_effect), effect_scale, effect_width(card_width));
}

float ribbon_width(float card_width) { return card_width - band_width() - 10; }
int ribbon_lines(const std::string& reason, float card_width) {
    return wrapped_lines(numbers_kept_whole(reason), ribbon_scale, ribbon_width(card_width));
}

// A card's name: at the text size, a little smaller, or on two lines at the smallest.
struct CardName {
    std::string text;
    float size = 0;
    int lines = 1;
    bool cut = false;  // a single word wider than the card even so
};

// `cap`: the largest scale a name of one line may take (the hand's names of one line share one
// size: "Wybuch" large beside a smaller "Błyskawica" read as two kinds of card).
CardName card_name(const App& app, const Spell& spell, float card_width, float cap = 1.0f) {
    const std::string name = app.local(spell.name);
    const float width = card_width - band_width() - 14;
    const float big = ImGui::GetFontSize();
    for (const float scale : {1.0f, 0.86f, 0.76f})
        if (scale <= cap && bold_font()->CalcTextSizeA(big * scale, FLT_MAX, 0.0f, name.c_str()).x <= width) return {name, big * scale, 1, false};
    // Two lines, broken between words only: a word wider than the card ("Uzdrowienie" at 360 px
    // with large text) makes the name smaller still, and is reported if even that is too wide.
    const float widest = widest_word(name, bold_font(), big);
    const float size = big * std::clamp(width / std::max(1.0f, widest), 0.62f, 0.76f);
    const ImVec2 wrapped = bold_font()->CalcTextSizeA(size, FLT_MAX, width + 1, name.c_str());
    const int lines = std::max(1, static_cast<int>(wrapped.y / size + 0.5f));
    return {name, size, lines, widest * size / big > width + 0.5f};
}

// A row of cards is as tall as its longest name, reason or effect needs: none is ever cut.
float row_height(const App& app, int name, int ribbon, int effect) {
    const float size = ImGui::GetFontSize();
    const float names = (name - 1) * size * 0.76f;
    const float for_reason = 6 + size + names + 1 + ribbon * (size * ribbon_scale + 1) + 6;
    const float for_effect = 5 + size + names + 4 + effect * (size * effect_scale + 1) + 4 + size * effect_scale + 6;
    return std::max({84.0f * app.text_scale, for_reason, for_effect});
}

// Cards that cannot be used for the rest of this adventure (not marked for it, 4.1 D; its uses
// spent, 10.6): folded away under the usable ones.
bool out_for_this_adventure(const SpellAvailability& entry) {
    return !entry.castable && entry.refusal && (entry.refusal->code == "not_marked" || entry.refusal->code == "no_uses_left");
}

// The cost as wound pips (10.2): one dark red drop a wound; a free cast (a ring, 13.5) a green 0.
float draw_cost(ImDrawList* draw, ImVec2 top_right, int cost, float alpha) {
    const float r = 4.5f, step = 11.0f;
    if (cost == 0) {
        const float size = ImGui::GetFontSize() * 0.8f;
        draw->AddCircleFilled(ImVec2(top_right.x - 9, top_right.y + 10), 9, col(theme::pip_free, alpha));
        draw->AddText(bold_font(), size, ImVec2(top_right.x - 13, top_right.y + 10 - size / 2), col(theme::card_band_text, alpha), "0");
        return 20;
    }
    const int shown = std::min(cost, 5);
    for (int i = 0; i < shown; ++i)
        draw->AddCircleFilled(ImVec2(top_right.x - r - i * step, top_right.y + 10), r, col(theme::pip_wound, alpha));
    float width = shown * step;
    if (cost > shown) {  // "+2": more wounds than pips
        const std::string more = "+" + std::to_string(cost - shown);
        const float size = ImGui::GetFontSize() * 0.7f;
        const float w = ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0.0f, more.c_str()).x;
        draw->AddText(nullptr, size, ImVec2(top_right.x - width - w, top_right.y + 10 - size / 2), col(theme::pip_wound, alpha), more.c_str());
        width += w;
    }
    return width;
}

// The card itself: its shadow on the table, the parchment (dimmed when it cannot be cast now),
// the type's colour band with its letter (W, O, N, V, S), and an outline while pressed.
void card_face(ImVec2 a, ImVec2 b, const Spell& spell, bool castable) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float rounding = theme::card_rounding;
    const float band = band_width();
    draw->AddRectFilled(ImVec2(a.x + 2, a.y + 3), ImVec2(b.x + 2, b.y + 3), col(theme::shadow, 0.9f), rounding);  // lies on the table
    draw->AddRectFilled(a, b, col(castable ? theme::card_face : theme::card_face_dimmed), rounding);
    draw->AddRectFilled(a, ImVec2(a.x + band, b.y), col(theme::type_colour(spell.type), castable ? 1.0f : 0.8f), rounding, ImDrawFlags_RoundCornersLeft);
    const float size_big = ImGui::GetFontSize();
    const char letter[2] = {spell_type_letter(spell.type), 0};
    const float letter_w = bold_font()->CalcTextSizeA(size_big, FLT_MAX, 0.0f, letter).x;
    draw->AddText(bold_font(), size_big, ImVec2(a.x + (band - letter_w) / 2, a.y + 6), col(theme::card_band_text), letter);
    if (ImGui::IsItemActive()) draw->AddRect(a, b, col(theme::accent), rounding, 0, 3.0f);
}

// The name on its own line, a little smaller rather than cut where the card is narrow, and on two
// lines where even that does not do ("Magiczna / tarcza" at 360 px, large text). Returns the
// height its second line adds.
float name_line(App& app, const std::string& id, const Spell& spell, ImVec2 a, ImVec2 b, float cap) {
    const float left = a.x + band_width() + 7, right = b.x - 7;
    const float size_big = ImGui::GetFontSize();
    const CardName name = card_name(app, spell, b.x - a.x, cap);
    ImGui::GetWindowDrawList()->AddText(bold_font(), name.size, ImVec2(left, a.y + 5 + (name.lines == 1 ? (size_big - name.size) / 2 : 0)),
                                        col(theme::card_ink), name.text.c_str(), nullptr, right - left + 1);
    app.layout.drawn_text(id, name.text, false, name.cut);
    app.layout.text_size(id, name.size);
    return (name.lines - 1) * name.size;
}

// A castable card under its name: the effect (wrapped, never cut); the bottom line: the rule,
// then marked for this adventure (4.1 D), a ring's free cast (14.8), and the cost as wound pips at
// the right.
void castable_lines(App& app, const Figure& caster, const Spell& spell, int cost, ImVec2 a, ImVec2 b, float below_name) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float left = a.x + band_width() + 7, right = b.x - 7;
    const float size_big = ImGui::GetFontSize();
    const float size_small = size_big * effect_scale;
    const std::string effect = app.local(spell.short_effect);
    draw->AddText(nullptr, size_small, ImVec2(left, a.y + 9 + size_big + below_name), col(theme::card_ink_soft),
                  wrapped_at(effect, effect_scale, effect_width(b.x - a.x)).c_str());
    app.layout.add_text("card-effect:" + spell.id, effect);
    const float bottom_y = b.y - 6 - size_small;
    // A cost the rulebook states twice differently is starred; the cast bar says why.
    const std::string rule = spell.cost_note.pl.empty() ? spell.rule : spell.rule + " *";
    draw->AddText(nullptr, size_small, ImVec2(left, bottom_y), col(theme::card_ink_soft), rule.c_str());
    const float cost_w = draw_cost(draw, ImVec2(right, bottom_y + size_small / 2 - 10), cost, 1.0f);
    std::string marks;
    auto has = [](const std::vector<std::string>& list, const std::string& x) { return std::find(list.begin(), list.end(), x) != list.end(); };
    if (has(caster.marked, spell.id)) marks += icon::marked;
    if (has(caster.rings, spell.id) && !has(caster.rings_used, spell.id)) marks += icon::ring;
    if (!marks.empty()) {
        const float w = ImGui::GetFont()->CalcTextSizeA(size_small, FLT_MAX, 0.0f, marks.c_str()).x;
        draw->AddText(nullptr, size_small, ImVec2(right - cost_w - 6 - w, bottom_y), col(theme::card_ink_soft), marks.c_str());
    }
}

// A dimmed card's ribbon: everything under the name is the reason, in as many lines as the card
// holds (its rule number is in it, never broken); a reason still longer ends in "…" and its whole
// text is in the toast on a tap.
void ribbon(App& app, const Spell& spell, const std::string& reason, ImVec2 a, ImVec2 b, float below_name) {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float size_big = ImGui::GetFontSize();
    const ImVec2 r0(a.x + band_width(), a.y + 6 + size_big + below_name), r1(b.x, b.y - 4);
    draw->AddRectFilled(r0, r1, col(theme::ribbon));
    const float ribbon_size = size_big * ribbon_scale;
    const float line_h = ribbon_size + 1;
    const int room = std::max(1, static_cast<int>((r1.y - r0.y - 2) / line_h));
    const float width = ribbon_width(b.x - a.x);
    const std::string text = numbers_kept_whole(reason);  // drawn so; the layout keeps the plain reason
    const std::string lines = wrapped_at(text, ribbon_scale, width);
    std::size_t from = 0;
    bool cut_short = false;
    for (int line = 0; line < room && from <= lines.size(); ++line) {
        const std::size_t end = std::min(lines.find('\n', from), lines.size());
        std::string piece = lines.substr(from, end - from);
        if (line == room - 1 && end < lines.size()) {  // the last room, and more to say: "…"
            piece = fit_text(piece + " " + lines.substr(end + 1), width, ImGui::GetFont(), ribbon_size);
            cut_short = true;
        }
        draw->AddText(nullptr, ribbon_size, ImVec2(r0.x + 5, r0.y + 1 + line * line_h), col(theme::ribbon_text), piece.c_str());
        from = end + 1;
    }
    app.layout.add("card-reason:" + spell.id, r0.x, r0.y, r1.x, r1.y);
    app.layout.add_text("card-reason:" + spell.id, reason);
    if (cut_short) app.layout.mark_text_clipped("card-reason:" + spell.id);
}

// A card of the game: a tap on a castable one starts the cast, on a dimmed one says why not; its
// face, its name, and what it does (castable) or the ribbon with its reason (dimmed).
void draw_card(App& app, const Figure& caster, const Spell& spell, const SpellAvailability& entry, ImVec2 size, float name_cap) {
    const bool castable = entry.castable;
    const std::string id = "card:" + spell.id;
    const std::string reason = reason_of(app, entry);
    ImGui::PushID(id.c_str());
    if (ImGui::InvisibleButton("##card", size)) {
        if (castable) start_cast(app, caster, spell, entry.cost);
        else if (entry.refusal) app.ui.notice = Notice{{entry.refusal->pl, entry.refusal->en}, entry.refusal->rule, true};
    }
    app.layout.add_last_item(id);
    app.layout.add_text(id, castable ? app.local(spell.name) : reason);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    card_face(a, b, spell, castable);
    ImGui::GetWindowDrawList()->PushClipRect(a, b, true);
    const float below_name = name_line(app, id, spell, a, b, name_cap);
    if (castable) castable_lines(app, caster, spell, entry.cost, a, b, below_name);
    else if (!reason.empty()) ribbon(app, spell, reason, a, b, below_name);
    ImGui::GetWindowDrawList()->PopClipRect();
    ImGui::PopID();
}

}  // namespace

void draw_spell_cards(App& app) {
    const Figure* caster = app.session.state().find(app.ui.selected);
    if (!caster) return;
    const auto list = spell_availability(app.session.state(), *app.data, caster->id);
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const int columns = ImGui::GetContentRegionAvail().x >= 520.0f ? 3 : 2;
    const float card_width = (ImGui::GetContentRegionAvail().x - (columns - 1) * spacing) / columns;
    // Characters: their pool, learned spells and rings; monsters: their own (8.2).
    std::vector<std::pair<const Spell*, const SpellAvailability*>> hand;
    for (const auto& entry : list) {
        const Spell* spell = app.data->spells.find(entry.spell);
        if (spell && (caster->is_character() ? is_own_spell(*caster, spell->id) : entry.castable)) hand.push_back({spell, &entry});
    }
    // Castable cards first; then those that wait for another moment (a rank, a phase); those
    // out for this adventure folded under a button (one tap shows them).
    std::stable_partition(hand.begin(), hand.end(), [](const auto& card) { return card.second->castable; });
    const auto folded = std::stable_partition(hand.begin(), hand.end(), [](const auto& card) { return !out_for_this_adventure(*card.second); });
    const std::size_t usable = static_cast<std::size_t>(folded - hand.begin());
    // The names of one line at one size: the smallest any of them needs.
    float name_cap = 1.0f;
    for (const auto& card : hand) {
        const CardName name = card_name(app, *card.first, card_width);
        if (name.lines == 1) name_cap = std::min(name_cap, name.size / ImGui::GetFontSize());
    }
    auto draw_rows = [&](std::size_t from, std::size_t to) {
        for (std::size_t row = from; row < to; row += columns) {
            int name = 1, ribbon = 0, effect = 0;
            for (std::size_t i = row; i < std::min(to, row + columns); ++i) {
                name = std::max(name, card_name(app, *hand[i].first, card_width, name_cap).lines);
                ribbon = std::max(ribbon, ribbon_lines(reason_of(app, *hand[i].second), card_width));
                if (hand[i].second->castable) effect = std::max(effect, effect_lines(app, *hand[i].first, card_width));
            }
            const ImVec2 size(card_width, row_height(app, name, ribbon, effect));
            for (std::size_t i = row; i < std::min(to, row + columns); ++i) {
                if (i > row) ImGui::SameLine();
                draw_card(app, *caster, *hand[i].first, *hand[i].second, size, name_cap);
            }
        }
    };
    draw_rows(0, usable);
    if (usable < hand.size()) {
        bool& open = app.ui.table.show_unusable_cards;
        const std::string label = app.local(both(app, open ? "cards.hide_unusable" : "cards.show_unusable", {{"{n}", std::to_string(hand.size() - usable)}}));
        if (touch_button(app, label.c_str(), "cards:unusable", -1)) open = !open;
        if (open) draw_rows(usable, hand.size());
    }
    const int shown = static_cast<int>(hand.size());
    const bool potential = caster->potential[0] || caster->potential[1] || caster->potential[2];
    if (shown == 0 && caster->is_character()) wrapped(app.tr(potential ? "spells.none" : "spells.no_potential"));
}

}  // namespace czary::app
