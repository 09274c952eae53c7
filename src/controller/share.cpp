#include "controller/share.hpp"

#include <algorithm>

#include "controller/sessions.hpp"
#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/utf8.hpp"

namespace czary::app {
namespace {

// What the link depends on: the session (another one opened), its name and its steps.
std::string share_made_for(const App& app) {
    return (app.store ? app.store->current_key() + '\n' + app.store->current_name() : std::string()) + '\n' +
           std::to_string(app.session.steps().size()) + '/' + std::to_string(app.session.position());
}

void ask_for_link(App& app, bool position_only) {
    auto& share = app.ui.share;
    share.open = true;
    share.waiting = true;
    share.position_only = position_only;
    share.link.clear();
    share.qr.reset();
    share.file_note.clear();
    share.steps_left_out = position_only ? app.session.steps().size() : 0;
    share.bring_into_view = true;
    share.made_for = share_made_for(app);
    app.platform_requests.push_back({PlatformRequest::Kind::ShareLink, "", share_text(app, position_only)});
}

// What is wrong with a link, in the link's words: a file's "zapis jest uszkodzony" or "plik jest
// za duży" would name something the player never saw.
void refuse_link(App& app, const char* problem_key) {
    app.ui.notice = Notice{translated(app, "share.refused", {{"reason", words(app, {problem_key, {}, {}})}}), "", true, ""};
}

const char* link_problem_key(DataError::Kind kind) {
    switch (kind) {
        case DataError::Kind::TooLarge: return "problem.link_too_large";
        case DataError::Kind::Newer: return "problem.link_newer";
        case DataError::Kind::NotCzary: return "problem.not_czary";
        case DataError::Kind::NotJson:
        case DataError::Kind::TooDeep:
        case DataError::Kind::Damaged: break;
    }
    return "problem.link_damaged";
}

std::string name_of(const App& app) {
    return app.store && !app.store->current_name().empty() ? app.store->current_name() : std::string(app.tr("session.imported_name"));
}

// The name a passed session is stored under: its own, or "<name> (2)", "(3)", … when a stored
// session has it already (the same code scanned twice gives two sessions told apart).
std::string free_name(App& app, const std::string& name) {
    if (!app.store) return name;
    std::vector<std::string> taken;
    for (const auto& summary : app.store->list()) taken.push_back(summary.header.name);
    const auto is_taken = [&](const std::string& candidate) { return std::find(taken.begin(), taken.end(), candidate) != taken.end(); };
    if (!is_taken(name)) return name;
    for (int n = 2;; ++n) {
        const std::string suffix = " (" + std::to_string(n) + ")";
        const std::string candidate = utf8_prefix(name, store::max_name_bytes - suffix.size()) + suffix;
        if (!is_taken(candidate)) return candidate;
    }
}

LocalizedText joined(LocalizedText first, const LocalizedText& second) {
    first.pl += " " + second.pl;
    first.en += " " + second.en;
    return first;
}

}  // namespace

std::string share_text(const App& app, bool position_only) {
    nlohmann::json file = position_only ? Session(app.session.state(), *app.data).to_json() : app.session.to_json();
    if (!file["meta"].is_object()) file["meta"] = nlohmann::json::object();
    file["meta"]["name"] = name_of(app);
    return file.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void keep_share_current(App& app) {
    auto& share = app.ui.share;
    if (share.open && !share.waiting && share.made_for != share_made_for(app)) ask_for_link(app, share.position_only);
}

void open_share(App& app) { ask_for_link(app, false); }

void share_position_only(App& app) { ask_for_link(app, true); }

void share_file(App& app) {
    app.platform_requests.push_back({PlatformRequest::Kind::ShareFile, session_file_name(app), share_text(app, false)});
    app.ui.share.file_note = app.local(both(app, "share.file_note", {{"{file}", session_file_name(app)}}));
    app.ui.share.bring_into_view = true;
}

void share_by_export(App& app) {
    export_session(app);
    app.ui.share.file_note = app.local(both(app, "share.export_note", {{"{file}", session_file_name(app)}}));
    app.ui.share.bring_into_view = true;
}

void close_share(App& app) { app.ui.share = {}; }

void share_link_made(App& app, std::string link) {
    auto& share = app.ui.share;
    if (!share.open || !share.waiting) return;
    share.waiting = false;
    share.bring_into_view = true;
    share.link = std::move(link);
    if (!share.link.empty()) share.qr = qr_code(share.link);
    if (!share.position_only) share.whole_link_bytes = share.link.size();
}

void incoming_share(App& app, std::string_view text) {
    std::size_t steps = 0;
    std::string name;
    try {
        steps = Session::from_text(text).steps().size();
        const auto file = parse_json_input(text, session_file_limits, "session");
        if (file.contains("meta") && file["meta"].is_object() && file["meta"].contains("name") && file["meta"]["name"].is_string())
            name = utf8_prefix(file["meta"]["name"].get<std::string>(), store::max_name_bytes);
    } catch (const DataError& e) {  // the import's reasons, said of a link
        return refuse_link(app, link_problem_key(e.kind));
    } catch (const std::exception& e) {
        app.ui.notice = Notice{translated(app, "share.refused", {{"reason", problem_words(app, e)}}), "", true, ""};
        return;
    }
    if (name.empty()) name = app.tr("session.imported_name");
    std::string stored_as;
    try {
        stored_as = free_name(app, name);
    } catch (const std::exception&) {  // the store is read to list the names: its problems are told elsewhere
        stored_as = name;
    }
    app.ui.incoming_share = IncomingShare{std::string(text), stored_as, steps};
    // The current position only has no steps: said so, not "0 kroków".
    LocalizedText question = steps == 0 ? both(app, "share.incoming_position", {{"{name}", name}})
                                        : both(app, "share.incoming", {{"{name}", name}, {"{n}", std::to_string(steps)}});
    if (stored_as != name) question = joined(question, both(app, "share.name_taken", {{"{name}", stored_as}}));
    app.ui.notice = Notice{question, "", false, "open_shared"};
}

void incoming_share_damaged(App& app) { refuse_link(app, "problem.link_damaged"); }

void incoming_share_too_large(App& app) { refuse_link(app, "problem.link_too_large"); }

void incoming_share_unreadable(App& app) { refuse_link(app, "share.old_browser"); }

void accept_incoming_share(App& app) {
    if (!app.ui.incoming_share) return;
    const IncomingShare incoming = std::move(*app.ui.incoming_share);
    app.ui.incoming_share.reset();
    app.ui.notice.reset();
    import_session(app, incoming.text, incoming.name, ImportFrom::Link);
}

void decline_incoming_share(App& app) {
    app.ui.incoming_share.reset();
    app.ui.notice.reset();
}

}  // namespace czary::app
