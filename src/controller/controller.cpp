// The controller: actions applied to the session, undo and redo, what the player is told; no
// drawing (src/app draws). Built natively and unit-tested (tests/unit/controller_test.cpp).
#include "controller/model.hpp"

#include <cstdio>

#include "controller/sessions.hpp"
#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/wording.hpp"
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

namespace {

ApplyResult sent_to_table(App& app, const Action& action) {
    ApplyResult result;
    result.ok = send_action_to_table(app, action);
    if (!result.ok) result.refusal.code = "not_sent";
    return result;
}

// JSON from the page hook: read into the typed action here, as the session would, so that what
// is not an action is refused on this phone with the rules' words and never sent.
ApplyResult sent_to_table(App& app, const nlohmann::json& json) {
    const auto read = read_action(json, *app.data);
    if (const auto* action = std::get_if<Action>(&read)) return sent_to_table(app, *action);
    ApplyResult result;
    result.refusal = std::get<Refusal>(read);
    app.ui.notice = Notice{{result.refusal.pl, result.refusal.en}, result.refusal.rule, true};
    return result;
}

// Applies a typed action or JSON from the page hook (read into one at the session's boundary).
template <class AnyAction>
ApplyResult dispatch_any(App& app, const AnyAction& action) {
    // At a live table the action goes to the host; the step comes back confirmed (or refused) and
    // is applied then, on every phone alike. `ok` here means: on its way.
    if (app.table) return sent_to_table(app, action);
    GameState before = app.session.state();
    ApplyResult result = app.session.apply(action);
    if (result.ok) {
        app.ui.notice.reset();
        app.ui.outcome_step = app.session.position() - 1;
        app.ui.before_step = std::move(before);
        if (!result.rolls.empty()) {
            app.ui.rolling_step = app.session.position() - 1;
            app.ui.tumble_clock = 0;
        }
        // A monster that died is off the table: its sheet closes with it (a dead character
        // stays selectable, for Wskrzeszenie, 10.8).
        const Figure* selected = app.session.state().find(app.ui.selected);
        if (selected && !selected->is_character() && selected->dead) app.ui.selected.clear();
        save(app);
    } else {
        const auto& r = result.refusal;
        app.ui.notice = Notice{{r.pl, r.en}, r.rule, true};
        app.ui.outcome_step.reset();
    }
    return result;
}

}  // namespace

ApplyResult dispatch(App& app, const Action& action) { return dispatch_any(app, action); }
ApplyResult dispatch_json(App& app, const nlohmann::json& action) { return dispatch_any(app, action); }

ApplyResult dispatch_text(App& app, std::string_view action_text) {
    try {
        return dispatch_json(app, parse_json_input(action_text, action_limits, "action"));
    } catch (const std::exception& e) {
        return invalid_action(e.what());  // as the table's host refuses it
    }
}

LocalizedText both(const App& app, const char* key, const std::map<std::string, std::string>& parts) {
    Args named;
    for (const auto& [part, value] : parts) {
        const bool braced = part.size() >= 2 && part.front() == '{' && part.back() == '}';
        named[braced ? part.substr(1, part.size() - 2) : part] = value;
    }
    return {fill_template(app.polish(key), named, "pl"), fill_template(app.english(key), named, "en")};
}

std::string percent(double p) {
    char text[16];
    std::snprintf(text, sizeof text, "%.0f%%", p * 100.0);
    return text;
}

LocalizedText translated(const App& app, const char* key, const Args& parts) {
    return {fill_template(app.polish(key), parts, "pl"), fill_template(app.english(key), parts, "en")};
}

LocalizedText words(const App& app, const Phrase& phrase) {
    Args named;
    for (const auto& [part, value] : phrase.parts) named[part] = value;
    for (const auto& [part, key] : phrase.keyed_parts) {
        // The keyed part's own text may name parts too ("{detail}").
        named[part] = LocalizedText{fill_template(app.polish(key.c_str()), named, "pl"), fill_template(app.english(key.c_str()), named, "en")};
    }
    return {fill_template(app.polish(phrase.key.c_str()), named, "pl"), fill_template(app.english(phrase.key.c_str()), named, "en")};
}

std::string App::local(const Phrase& phrase) const { return words(*this, phrase).in(language); }

LocalizedText problem_words(const App& app, const DataError& error) {
    Phrase phrase{data_problem_key(error.kind), error.parts, {}};
    phrase.parts["detail"] = error.what();
    return words(app, phrase);
}

LocalizedText problem_words(const App& app, const std::exception& error) {
    Phrase phrase{"problem.unexpected", {}, {}};
    phrase.parts["detail"] = error.what();
    return words(app, phrase);
}

void undo(App& app) {
    if (!app.session.can_undo()) return;
    if (app.table) {
        send_undo_to_table(app, false);
        return;
    }
    const std::string undone = step_title(app, app.session.steps()[app.session.position() - 1]);
    if (!app.session.undo()) return;
    app.ui.notice = Notice{both(app, "log.undone", {{"{step}", undone}}), "", false};
    app.ui.cast = {};
    app.ui.outcome_step.reset();
    app.ui.before_step.reset();
    save(app);
}

void redo(App& app) {
    if (app.table) {
        if (app.session.can_redo()) send_undo_to_table(app, true);
        return;
    }
    GameState before = app.session.state();
    if (!app.session.redo()) return;
    app.ui.notice.reset();
    app.ui.outcome_step = app.session.position() - 1;
    app.ui.before_step = std::move(before);
    save(app);
}

std::string with_rule(const std::string& text, const std::string& rule) {
    if (rule.empty() || text.find(rule) != std::string::npos) return text;
    return text + " [" + rule + "]";
}

OutcomeText outcome_text(const App& app, const SessionStep& step) {
    OutcomeText t;
    if (step.log.empty()) {  // a step that logs nothing is still confirmed: "✓ Pula czarów"
        t.whole = t.brief = "✓ " + step_title(app, step);
        if (!step.player.empty()) t.whole = t.brief = step.player + ": " + t.brief;
        t.more = !step.rolls.empty();
        return t;
    }
    // The rule once, at the brief's end; an Eksplozja's many rolls are behind the tap.
    std::vector<std::string> brief;
    std::string rule;
    for (std::size_t i = 0; i < step.log.size(); ++i) {
        const LogEntry& entry = step.log[i];
        t.whole += (t.whole.empty() ? "" : "\n") + with_rule(app.local(entry.text()), entry.rule);
        const bool last = i + 1 == step.log.size();
        if (entry.brief().pl.empty() && !last) continue;
        brief.push_back(app.local(entry.brief().pl.empty() ? entry.text() : entry.brief()));
        rule = entry.rule;
    }
    constexpr std::size_t brief_lines = 3;
    if (brief.size() > brief_lines) brief.erase(brief.begin() + (brief_lines - 1), brief.end() - 1);  // the first two and the end
    for (const auto& line : brief) t.brief += (t.brief.empty() ? "" : "\n") + line;
    t.brief = with_rule(t.brief, rule);
    t.more = t.brief != t.whole || !step.rolls.empty();
    // At a live table every phone sees whose step it was: "Ania: Larraka rzuca Błyskawicę…".
    if (!step.player.empty()) {
        t.brief = step.player + ": " + t.brief;
        t.whole = step.player + ": " + t.whole;
    }
    return t;
}

std::string step_title(const App& app, const SessionStep& step) {
    if (const auto* cast = std::get_if<actions::Cast>(&step.action)) {
        if (const Spell* spell = app.data->spells.find(cast->spell)) return app.local(spell->name);
    }
    const std::string key = std::string("action.") + action_type(step.action);
    return app.tr(key.c_str());
}



namespace {

// The table's pips go into the action's `dice`, for the actions that roll (the others have none).
template <class A>
auto give_dice(A& action, const std::vector<int>& pips, int) -> decltype(action.dice = pips, void()) {
    action.dice = pips;
}
template <class A>
void give_dice(A&, const std::vector<int>&, long) {}

}  // namespace

ApplyResult dispatch_rolling(App& app, Action action) {
    if (app.ui.table_dice_everywhere) std::visit([&](auto& a) { give_dice(a, app.ui.pending_pips, 0); }, action);
    ApplyResult result = dispatch(app, action);
    if (result.ok) app.ui.pending_pips.clear();
    return result;
}

void recover_from_error(App& app, const char* what) {
    ++app.failed_frames;
    app.ui.cast = {};
    app.ui.tab = Tab::Sessions;
    app.ui.outcome_step.reset();
    app.ui.notice = Notice{words(app, {"app.error", {{"detail", what}}, {}}), "", true, Offer::Export};
}

std::string offer_name(const Notice& notice) {
    switch (notice.offer) {
        case Offer::None: return "";
        case Offer::Export: return "export";
        case Offer::Restore: return "restore:" + notice.key;
        case Offer::DeleteForGood: return "delete_for_good:" + notice.key;
        case Offer::OpenShared: return "open_shared";
        case Offer::LeaveUnsaved: return "leave_unsaved";
        case Offer::SendAgain: return "send_again";
    }
    return "";
}

std::vector<std::string_view> all_display_texts(const App& app) {
    std::vector<std::string_view> texts = app.polish.all_texts();
    for (auto text : app.english.all_texts()) texts.push_back(text);
    for (const auto& spell : app.data->spells.all()) {
        texts.insert(texts.end(), {spell.name.pl, spell.name.en, spell.effect.pl, spell.effect.en, spell.short_effect.pl, spell.short_effect.en, spell.abbreviation, spell.rule_text});
    }
    for (const auto& [key, message] : app.data->messages) texts.insert(texts.end(), {message.pl, message.en});
    for (const auto& kind : app.data->monster_kinds) texts.insert(texts.end(), {kind.name.pl, kind.name.en});
    for (const auto& hero : app.data->heroes) texts.push_back(hero.name);
    return texts;
}

}  // namespace czary::app
