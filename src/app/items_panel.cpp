// A character's "Przedmioty i zdarzenia": what happens to it outside spells (issue #16) — poison
// and Medusa's stone (14.5, 13.1, 15.3), possession (13.2, 14.6), charm potions and talismans
// (14.5, 14.6), medallions, magic armour and rings (14.4, 14.7, 14.8), altars and finds (13.4-13.6)
// and experience spent between adventures (12.2, 12.3). Collapsed by default: it is needed now and
// then, the wounds above it all the time. One group is open at a time, so that on a phone the open
// one stays in view and the dice pad above its buttons is the only one drawn.
#include <algorithm>
#include <array>

#include "app/panels.hpp"
#include "app/widgets.hpp"
#include "core/formation.hpp"

namespace czary::app {
namespace {

// One touch button of a grid: its label, layout id, and whether it is lit or may be tapped.
struct GridButton {
    std::string text;
    std::string id;
    bool chosen = false;
    bool enabled = true;
};

// Buttons in as many columns (at most `most`) as their longest label allows, so that no label
// is cut on a 360 px phone; returns the index tapped, or -1.
int button_grid(App& app, const std::vector<GridButton>& buttons, int most = 3) {
    float widest = 0;
    for (const auto& b : buttons) widest = std::max(widest, ImGui::CalcTextSize(b.text.c_str()).x);
    const float padding = 2 * ImGui::GetStyle().FramePadding.x + 2;
    int columns = std::max(1, most);
    while (columns > 1 && share(columns) < widest + padding) --columns;
    const float w = share(columns);
    int pressed = -1;
    for (int i = 0; i < static_cast<int>(buttons.size()); ++i) {
        if (i % columns) ImGui::SameLine();
        const auto& b = buttons[i];
        // A label longer than a whole row (a long monster name) is shortened rather than cut.
        const std::string text = fit_text(b.text, w - padding);
        if (chosen_button(app, text.c_str(), b.id, w, b.chosen, b.enabled)) pressed = i;
        if (text != b.text) app.layout.drawn_text(b.id, text, true);  // reported: the layout says what was cut
    }
    return pressed;
}

// A line of text that names where it is (the browser tests read it) and wraps on a phone.
void info(App& app, const std::string& text, const std::string& id, bool dim = true) {
    if (dim) ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::text_dim));
    wrapped(text);
    if (dim) ImGui::PopStyleColor();
    app.layout.add_last_item(id);
    app.layout.add_text(id, text);
}

void hint(App& app, const std::string& text, const std::string& id) {
    ImGui::PushStyleColor(ImGuiCol_Text, vec(theme::accent));
    wrapped(text);
    ImGui::PopStyleColor();
    app.layout.add_last_item(id);
    app.layout.add_text(id, text);
}

std::string with_n(const App& app, const char* key, int n) { return app.local(both(app, key, {{"{n}", std::to_string(n)}})); }

// A number typed on this sheet (poison's wounds, the armour's siła): kept by ImGui with the
// sheet, like a section's open state; it is a form field, not part of the game.
int& typed_number(const char* key) { return *ImGui::GetStateStorage()->GetIntRef(ImGui::GetID(key), 0); }

// A number field beside a button: the field a third of the row, the button the rest.
bool number_and_button(App& app, const char* key, const std::string& field_id, int max, const char* text, const std::string& id, bool enabled) {
    int& value = typed_number(key);
    const float third = share(3);
    ImGui::SetNextItemWidth(third);
    ImGui::InputInt(("##" + field_id).c_str(), &value, 0, 0);
    record_field(app, "input:" + field_id, std::to_string(value));
    value = std::clamp(value, 0, max);
    ImGui::SameLine();
    return touch_button(app, text, id, -1, enabled);
}

// Figures on the board that fight for the other side than `who`: monsters, and characters that
// are possessed or charmed by a monster.
std::vector<const Figure*> enemies_on_board(const GameState& s, const Figure& who) {
    std::vector<const Figure*> found;
    for (const auto& f : s.figures)
        if (!f.dead && f.side != who.side && place_of(s, f.id).on_board()) found.push_back(&f);
    return found;
}

// --- the groups ---

void poison_group(App& app, const Figure& c) {
    if (wears_medallion(c, poison_medallion)) info(app, app.tr("items.poison_medallion"), "items:poison-medallion");
    rolling_pad(app, "pad:items");
    if (touch_button(app, app.tr("items.poison_roll"), "items:poison:roll", -1)) dispatch_rolling(app, actions::Poison{c.id});
    const int typed = typed_number("items-poison-wounds");
    if (number_and_button(app, "items-poison-wounds", "items-poison-wounds", 99, app.tr("items.poison_typed"), "items:poison:typed", typed > 0)) {
        actions::Poison poison{c.id};
        poison.wounds = typed;
        if (dispatch(app, poison).ok) typed_number("items-poison-wounds") = 0;
    }
    // 10.6: Neutralizacja trucizny only right after; the cast itself is on the caster's cards.
    if (c.poison_fresh && c.poison_wounds > 0) hint(app, with_n(app, "items.neutralise_now", c.poison_wounds), "items:neutralise-now");
    ImGui::Spacing();
    if (touch_button(app, app.tr("items.petrify"), "items:stone:petrify", -1, !c.petrified)) dispatch(app, actions::Petrify{c.id});
    if (c.stone_fresh) hint(app, app.tr("items.unpetrify_now"), "items:unpetrify-now");
}

void possession_group(App& app, const Figure& c) {
    if (c.possessed != Possession::None) {
        hint(app, app.tr(c.possessed == Possession::Statue ? "items.possessed_statue" : "items.possessed_talisman"), "items:possessed");
        return;
    }
    info(app, app.tr("items.possession_how"), "items:possession-how");
    rolling_pad(app, "pad:items");
    const bool free = c.charmed_by.empty();
    const int tapped = button_grid(app, {{app.tr("items.statue"), "items:possess:statue", false, free},
                                         {app.tr("items.evil_talisman"), "items:possess:talisman", false, free}}, 2);
    if (tapped >= 0) dispatch_rolling(app, actions::Possess{c.id, tapped == 0 ? "statue" : "talisman"});
}

// A charm potion's targets: the monsters it works on (14.5: persons or the others) and characters
// the Zło talisman holds (14.6: "Urok (za pomocą czaru lub mikstury)").
void potion_targets(App& app, const Figure& c, const char* potion, const std::vector<const Figure*>& enemies) {
    const bool person = std::string(potion) == "person";
    info(app, app.tr(person ? "items.potion_person" : "items.potion_monster"), std::string("items:potion-") + potion, false);
    std::vector<GridButton> buttons;
    std::vector<std::string> ids;
    for (const Figure* f : enemies) {
        if (f->is_character()) {
            if (f->possessed != Possession::Talisman) continue;
        } else {
            const MonsterKind* kind = app.data->monster_kind(f->monster_kind);
            if ((kind && kind->person) != person) continue;
        }
        buttons.push_back({app.local(f->name), "items:potion:" + std::string(potion) + ":" + f->id});
        ids.push_back(f->id);
    }
    if (buttons.empty()) {
        ImGui::TextDisabled("%s", app.tr("items.no_target"));
        return;
    }
    const int tapped = button_grid(app, buttons);
    if (tapped >= 0) dispatch_rolling(app, actions::CharmPotion{c.id, ids[tapped], potion});
}

void potions_group(App& app, const Figure& c) {
    const auto& s = app.session.state();
    const auto enemies = enemies_on_board(s, c);
    rolling_pad(app, "pad:items");
    potion_targets(app, c, "person", enemies);
    potion_targets(app, c, "monster", enemies);
    ImGui::Separator();
    // 14.6 Myśl: 1K6 uses; each costs the wearer a wound (the target resists or takes 1K6).
    info(app, with_n(app, "items.thought_uses", c.thought_uses), "items:thought-uses", false);
    if (touch_button(app, app.tr("items.thought_take"), "items:thought:take", -1)) dispatch_rolling(app, actions::ThoughtTalisman{c.id});
    if (c.thought_uses > 0) {
        info(app, app.tr("items.thought_target"), "items:thought-how");
        std::vector<GridButton> buttons;
        for (const Figure* f : enemies) buttons.push_back({app.local(f->name), "items:thought:" + f->id});
        if (buttons.empty()) ImGui::TextDisabled("%s", app.tr("items.no_target"));
        const int tapped = button_grid(app, buttons);
        if (tapped >= 0) dispatch_rolling(app, actions::UseThought{c.id, enemies[tapped]->id});
    }
    ImGui::Separator();
    // 14.6 the sun talismans: +1K3 to one potential, or to each.
    info(app, app.tr("items.sun_talisman"), "items:sun-talisman", false);
    static constexpr std::array<const char*, 4> suns = {"red", "yellow", "blue", "all"};
    std::vector<GridButton> buttons;
    for (const char* sun : suns) buttons.push_back({app.tr((std::string("items.sun.") + sun).c_str()), std::string("items:talisman:") + sun});
    const int tapped = button_grid(app, buttons, 2);
    if (tapped >= 0) dispatch_rolling(app, actions::Talisman{c.id, suns[tapped]});
}

void worn_group(App& app, const Figure& c) {
    const auto& s = app.session.state();
    // 14.7: a medallion is worn or not; a tap puts it on or takes it off.
    info(app, app.tr("items.medallions"), "items:medallions", false);
    const auto& medallions = medallion_names();
    std::vector<GridButton> buttons;
    std::string worn_names;
    for (const std::string_view medallion : medallions) {
        const std::string id(medallion);
        const bool worn = wears_medallion(c, id);
        const std::string name = app.local(app.data->message("medallion." + id));
        buttons.push_back({(worn ? "✓ " : "") + name, "items:medallion:" + id, worn});
        if (worn) worn_names += (worn_names.empty() ? "" : ", ") + name;
    }
    const int tapped = button_grid(app, buttons, 2);
    if (tapped >= 0) {
        actions::Medallion action{c.id, std::string(medallions[static_cast<std::size_t>(tapped)])};
        action.worn = !buttons[tapped].chosen;
        dispatch(app, action);
    }
    info(app, worn_names.empty() ? std::string(app.tr("items.medallions_none")) : app.local(both(app, "items.medallions_worn", {{"{names}", worn_names}})),
         "items:medallions-worn");
    ImGui::Separator();
    // 14.4: the armour's siła is part of the character's; it is not handed over in a fight.
    info(app, with_n(app, "items.armor_now", c.armor_sila), "items:armor", false);
    const bool fight = s.fight.active;
    const int typed = typed_number("items-armor-sila");
    if (number_and_button(app, "items-armor-sila", "items-armor-sila", 99, app.tr("items.armor_on"), "items:armor:on", typed > 0 && !fight)) {
        if (dispatch(app, actions::MagicArmor{c.id, typed}).ok) typed_number("items-armor-sila") = 0;
    }
    if (c.armor_sila > 0 && touch_button(app, app.tr("items.armor_off"), "items:armor:off", -1, !fight)) dispatch(app, actions::MagicArmor{c.id, 0});
    if (fight) info(app, app.tr("items.armor_not_in_fight"), "items:armor-fight");
    ImGui::Separator();
    // 14.8: a ring of a spell (once per adventure, free) or of odporność.
    info(app, app.tr("items.rings"), "items:rings", false);
    std::vector<GridButton> rings;
    std::vector<std::string> ring_spells;
    for (const auto& spell : app.data->spells.all()) {
        if (!spell.ring) continue;
        const bool has = std::find(c.rings.begin(), c.rings.end(), spell.id) != c.rings.end();
        const bool used = std::find(c.rings_used.begin(), c.rings_used.end(), spell.id) != c.rings_used.end();
        rings.push_back({(has ? (used ? "· " : "✓ ") : "") + app.local(spell.name), "items:ring:" + spell.id, has, !has});
        ring_spells.push_back(spell.id);
    }
    const int ring = button_grid(app, rings, 2);
    if (ring >= 0) dispatch(app, actions::GrantRing{c.id, ring_spells[ring]});
    info(app, with_n(app, "items.resistance_now", c.odpornosc), "items:resistance", false);
    const int bonus = button_grid(app, {{app.tr("items.resistance_1"), "items:resistance:1", false, c.odpornosc < 5},
                                        {app.tr("items.resistance_2"), "items:resistance:2", false, c.odpornosc < 5}}, 2);
    if (bonus >= 0) dispatch(app, actions::ResistanceRing{c.id, bonus + 1});
}

void finds_group(App& app, const Figure& c) {
    // 13.5: the altar's resist roll decides; a failure's damage is rolled after it.
    info(app, app.tr("items.altars"), "items:altars", false);
    rolling_pad(app, "pad:items");
    const auto& altars = altar_names();
    std::vector<GridButton> buttons;
    for (const std::string_view altar : altars) buttons.push_back({app.tr(("items.altar." + std::string(altar)).c_str()), "items:altar:" + std::string(altar)});
    const int altar = button_grid(app, buttons, 2);
    if (altar >= 0) dispatch_rolling(app, actions::Altar{c.id, std::string(altars[static_cast<std::size_t>(altar)])});
    ImGui::Separator();
    // 13.4 the bookshelf (1K6: it falls, or teaches Wskrzeszenie), 13.6 the manuscript (Gniew Boży).
    const int find = button_grid(app, {{app.tr("items.bookshelf"), "items:find:bookshelf"}, {app.tr("items.manuscript"), "items:find:manuscript"}}, 2);
    if (find == 0) dispatch_rolling(app, actions::Bookshelf{c.id});
    if (find == 1) dispatch(app, actions::Manuscript{c.id});
    if (!c.learned.empty()) {
        std::string names;
        for (const auto& id : c.learned)
            if (const Spell* spell = app.data->spells.find(id)) names += (names.empty() ? "" : ", ") + app.local(spell->name);
        info(app, app.local(both(app, "items.learned", {{"{names}", names}})), "items:learned");
    }
}

void experience_group(App& app, const Figure& c) {
    const auto& s = app.session.state();
    info(app, with_n(app, "items.experience_now", c.experience), "items:experience", false);
    info(app, app.local(both(app, "items.prices", {{"{price}", std::to_string(improve_price(s, "sila"))}, {"{price_dex}", std::to_string(improve_price(s, "zrecznosc"))}})),
         "items:prices");
    // 12.2: between adventures only, each by one point until the next adventure.
    const bool between = !s.adventure.active;
    if (!between) hint(app, app.tr("items.improve_between"), "items:improve-between");
    const auto& traits = improvable_traits();
    std::vector<GridButton> buttons;
    for (const std::string_view what : traits) {
        const std::string trait(what);
        const bool done = std::find(c.improved.begin(), c.improved.end(), trait) != c.improved.end();
        const std::string text = (done ? "✓ " : "") + std::string(app.tr(("items.improve." + trait).c_str()));
        buttons.push_back({text, "items:improve:" + trait, done, between && !done && c.experience >= improve_price(s, what)});
    }
    const int tapped = button_grid(app, buttons, 3);
    if (tapped >= 0) dispatch(app, actions::Improve{c.id, std::string(traits[static_cast<std::size_t>(tapped)])});
}

struct Group {
    const char* id;
    const char* key;
    void (*draw)(App&, const Figure&);
};

constexpr std::array<Group, 6> groups = {{
    {"poison", "items.group.poison", poison_group},
    {"possession", "items.group.possession", possession_group},
    {"potions", "items.group.potions", potions_group},
    {"worn", "items.group.worn", worn_group},
    {"finds", "items.group.finds", finds_group},
    {"experience", "items.group.experience", experience_group},
}};

}  // namespace

void draw_items_section(App& app, const Figure& c) {
    if (!c.is_character() || c.dead) return;
    ImGui::PushID(("items-" + c.id).c_str());
    if (section(app, "items.heading", "items")) {
        // Which group is open (1-based; 0: none), kept by ImGui with the sheet like a header's state.
        int& open = *ImGui::GetStateStorage()->GetIntRef(ImGui::GetID("open-group"), 0);
        ImGui::Indent(4);
        for (int i = 0; i < static_cast<int>(groups.size()); ++i) {
            const bool was_open = open == i + 1;
            ImGui::SetNextItemOpen(was_open, ImGuiCond_Always);
            const bool now_open = section(app, groups[i].key, std::string("items-") + groups[i].id);
            if (now_open != was_open) open = now_open ? i + 1 : 0;
            if (now_open) {
                ImGui::PushID(groups[i].id);
                groups[i].draw(app, c);
                ImGui::PopID();
            }
        }
        ImGui::Unindent(4);
    }
    ImGui::PopID();
}

}  // namespace czary::app
