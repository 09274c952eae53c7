#include "controller/share.hpp"

#include "controller/sessions.hpp"
#include "core/data_error.hpp"
#include "core/json_input.hpp"

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
void refuse_link(App& app, const LocalizedText& reason) {
    app.ui.incoming_share.reset();  // a question this notice replaces goes with the session it asked about
    app.ui.notice = Notice{translated(app, "share.refused", {{"reason", reason}}), "", true};
}

void refuse_link(App& app, const char* problem_key, std::map<std::string, std::string> parts = {}) {
    refuse_link(app, words(app, {problem_key, std::move(parts), {}}));
}

const char* link_problem_key(DataError::Kind kind) {
    switch (kind) {
        case DataError::Kind::Newer: return "problem.link_newer";
        case DataError::Kind::NotCzary: return "problem.not_czary";
        default: return "problem.link_damaged";
    }
}

LocalizedText joined(LocalizedText first, const LocalizedText& second) {
    first.pl += " " + second.pl;
    first.en += " " + second.en;
    return first;
}

}  // namespace

std::string share_text(const App& app, bool position_only) {
    return session_file(app, position_only);
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
        const Session shared = Session::from_text(text);
        steps = shared.steps().size();
        name = name_in_meta(shared);
    } catch (const DataError& e) {
        // A limit is said as it is (which one, and by how much): scanning again would not help.
        // Other reasons are the import's, said of a link.
        if (is_limit(e.kind)) return refuse_link(app, problem_words(app, e));
        return refuse_link(app, link_problem_key(e.kind));
    } catch (const std::exception& e) {
        return refuse_link(app, problem_words(app, e));
    }
    if (name.empty()) name = app.tr("session.imported_name");
    std::string stored_as = name;
    try {
        stored_as = free_session_name(app, name);
    } catch (const std::exception&) {  // the store is read to list the names: its problems are told elsewhere
    }
    app.ui.incoming_share = IncomingShare{std::string(text), stored_as, steps};
    // The current position only has no steps: said so, not "0 kroków".
    LocalizedText question = steps == 0 ? both(app, "share.incoming_position", {{"{name}", name}})
                                        : both(app, "share.incoming", {{"{name}", name}, {"{n}", std::to_string(steps)}});
    // Said where there are saved sessions to worry about (a fresh phone has none).
    bool others_saved = false;
    try {
        others_saved = app.store && !app.store->list().empty();
    } catch (const std::exception&) {
    }
    if (others_saved) question = joined(question, both(app, "share.saved_stay"));
    if (stored_as != name) question = joined(question, both(app, "share.name_taken", {{"{name}", stored_as}}));
    app.ui.notice = Notice{question, "", false, Offer::OpenShared};
}

void incoming_share_damaged(App& app) { refuse_link(app, "problem.link_damaged"); }

void incoming_share_too_large(App& app) {
    refuse_link(app, "problem.link_too_large", {{"max", std::to_string(session_file_limits.max_bytes / 1024)}});
}

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
