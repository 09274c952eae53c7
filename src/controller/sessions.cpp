#include "controller/sessions.hpp"

#include <algorithm>

#include "core/data_error.hpp"
#include "core/json_input.hpp"
#include "core/utf8.hpp"

namespace czary::app {
namespace {

std::uint64_t next_seed(App& app) {
    // splitmix64: distinct sessions get well-spread seeds from one source.
    std::uint64_t z = (app.seed_source += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void show(App& app, const char* key, const std::map<std::string, std::string>& parts, bool refusal = false, Offer offer = Offer::None,
          std::string about = {}) {
    app.ui.notice = Notice{both(app, key, parts), "", refusal, offer, std::move(about)};
}

void show_problem(App& app, const store::StoreProblem& problem) {
    const bool offer_export = problem.kind == store::StoreProblem::Kind::QuotaExceeded || problem.kind == store::StoreProblem::Kind::Failed;
    app.ui.notice = Notice{words(app, problem.text), "", true, offer_export ? Offer::Export : Offer::None};
}

// Every call into the store from the app goes through here: the store is written not to throw
// on anything stored, and this is the fence if it ever does (the tab goes on, the player is told).
template <class Body>
void guarded(App& app, Body&& body) {
    try {
        body();
    } catch (const std::exception& e) {
        app.ui.notice = Notice{words(app, {"session.unexpected", {{"detail", e.what()}}, {}}), "", true, Offer::Export};
    }
}

// Leaving a session that lives only in this tab loses it: ask first (export, or leave).
bool ask_before_leaving(App& app, LeaveUnsaved leave) {
    if (!app.session_unsaved) return false;
    app.ui.leave_unsaved = std::move(leave);
    show(app, "session.leave_unsaved", {{"{name}", app.store ? app.store->current_name() : ""}}, true, Offer::LeaveUnsaved);
    return true;
}

// After a deletion freed space: the session that could not be saved is saved now if it fits.
void save_if_unsaved(App& app) {
    if (app.session_unsaved) save(app);
}

std::string stored_name(App& app, const std::string& key) {
    for (const auto& summary : app.store->list())
        if (summary.key == key) return summary.header.name;
    return key;
}

// The interface's choices belong to the session they were made in.
void opened(App& app, Session session) {
    // Another session opened here: this phone leaves the live table it was at (the table's copy
    // stays saved as a session of its own).
    left_table(app);
    app.session = std::move(session);
    const Tab tab = app.ui.tab;
    app.ui = {};
    app.ui.tab = tab;
}

// The open session was deleted: the latest other one opens, or a new one begins.
void open_another(App& app) {
    std::optional<store::StoreProblem> problem;
    std::optional<Session> next;
    for (const auto& other : app.store->list())
        if (!other.problem && (next = app.store->open(other.key, problem))) break;
    app.session_unsaved = false;  // the player deleted it
    if (next) opened(app, std::move(*next));
    else new_session(app);
}

std::string file_name_part(const std::string& name) {
    std::string part;
    for (unsigned char c : name) part += (std::isalnum(c) || c >= 0x80) ? static_cast<char>(c) : '-';
    return part.empty() ? "sesja" : part;
}

}  // namespace

void open_start_session(App& app) {
    if (!app.store) return;
    guarded(app, [&] {
        // A session this long could keep the app from being ready for seconds on a phone: it
        // opens when the player asks (Sessions tab), never as the one that holds up the start.
        if (const auto last = app.store->last_key()) {
            for (const auto& summary : app.store->list())
                if (summary.key == *last && !summary.problem && summary.header.steps > max_steps_opened_at_start) {
                    app.store->start_new(app.tr("session.default_name"));
                    app.ui.tab = Tab::Sessions;
                    return show(app, "session.long_not_opened",
                                {{"{name}", summary.header.name}, {"{n}", std::to_string(summary.header.steps)}});
                }
        }
        std::optional<store::StoreProblem> problem;
        if (auto saved = app.store->open_last(problem)) {
            app.session = std::move(*saved);
            restore_view(app);
            return;
        }
        app.store->start_new(app.tr("session.default_name"));
        if (problem) show_problem(app, *problem);
    });
}

namespace {

// Never write over what another tab saved: this tab's session becomes a session of its own,
// "… (z tej karty)".
void keep_as_this_tabs(App& app) {
    const std::string name = app.store->current_name() + " (" + app.tr("session.conflict_suffix") + ")";
    const auto problem = app.store->save_as_new(app.session, name);
    app.session_unsaved = problem.has_value();
    if (problem) return show_problem(app, *problem);
    show(app, "session.conflict_kept", {{"{name}", name}}, true);
}

}  // namespace

void save(App& app) {
    if (!app.store) return;
    guarded(app, [&] {
        auto problem = app.store->save(app.session);
        if (problem && (problem->kind == store::StoreProblem::Kind::Conflict || problem->kind == store::StoreProblem::Kind::Unreadable))
            return keep_as_this_tabs(app);
        app.session_unsaved = problem.has_value();
        if (problem) show_problem(app, *problem);
    });
}

bool new_session(App& app) {
    if (ask_before_leaving(app, {LeaveUnsaved::Kind::NewSession, "", "", ""})) return false;
    opened(app, Session::with_seed(next_seed(app)));
    if (app.store) app.store->start_new(app.tr("session.default_name"));
    save(app);
    if (!app.ui.notice) show(app, "session.created", {{"{name}", app.store ? app.store->current_name() : ""}});
    return true;
}

void switch_session(App& app, const std::string& key) {
    if (!app.store) return;
    if (ask_before_leaving(app, {LeaveUnsaved::Kind::Open, key, "", ""})) return;
    guarded(app, [&] {
        std::optional<store::StoreProblem> problem;
        auto session = app.store->open(key, problem);
        if (!session) return show_problem(app, *problem);
        app.session_unsaved = false;
        opened(app, std::move(*session));
        show(app, "session.opened", {{"{name}", app.store->current_name()}});
    });
}

void rename_session(App& app, const std::string& typed) {
    const std::string name = store::session_name(typed);
    if (!app.store || name.empty()) return;
    guarded(app, [&] {
        if (auto problem = app.store->rename(app.store->current_key(), name)) return show_problem(app, *problem);
        if (app.store->current_revision() == 0) save(app);  // a new session, stored under its name
        app.ui.sessions.name_for.clear();  // the field shows the stored name again
        show(app, "session.renamed", {{"{name}", app.store->current_name()}});
    });
}

void duplicate_session(App& app, const std::string& key) {
    if (!app.store) return;
    guarded(app, [&] {
        const std::string name = stored_name(app, key) + " (" + std::string(app.tr("session.copy_suffix")) + ")";
        std::optional<store::StoreProblem> problem;
        if (!app.store->duplicate(key, name, problem)) return show_problem(app, *problem);
        show(app, "session.duplicated", {{"{name}", store::session_name(name)}});
    });
}

void delete_session(App& app, const std::string& key) {
    if (!app.store) return;
    app.ui.sessions.confirm_delete.clear();
    guarded(app, [&] {
        const std::string name = stored_name(app, key);
        if (auto problem = app.store->remove(key)) {
            // No room for the 48-hour copy: the player decides whether to delete it for good.
            if (problem->kind == store::StoreProblem::Kind::NoRoomToKeep)
                return void(app.ui.notice = Notice{words(app, problem->text), "", true, Offer::DeleteForGood, key});
            return show_problem(app, *problem);
        }
        if (key == app.store->current_key()) open_another(app);
        else save_if_unsaved(app);
        const auto deleted = app.store->deleted();
        if (!app.ui.notice || !app.ui.notice->refusal)
            show(app, "session.deleted", {{"{name}", name}}, false, deleted.empty() ? Offer::None : Offer::Restore, deleted.empty() ? "" : deleted.front().key);
    });
}

void delete_session_for_good(App& app, const std::string& key) {
    if (!app.store) return;
    guarded(app, [&] {
        const std::string name = stored_name(app, key);
        app.store->remove_permanently(key);
        if (key == app.store->current_key()) open_another(app);
        else save_if_unsaved(app);
        if (!app.ui.notice || !app.ui.notice->refusal || app.ui.notice->offer == Offer::DeleteForGood)
            show(app, "session.deleted_for_good", {{"{name}", name}});
    });
}

void restore_session(App& app, const std::string& deleted_key) {
    if (!app.store) return;
    guarded(app, [&] {
        const auto key = app.store->restore(deleted_key);
        if (!key) return show(app, "session.restore_failed", {}, true);
        show(app, "session.restored", {{"{name}", stored_name(app, *key)}});
    });
}

bool import_session(App& app, std::string_view text, const std::string& given_name, ImportFrom from) {
    std::optional<Session> imported;
    const auto refuse_file = [&](const LocalizedText& reason) {
        app.ui.notice = Notice{translated(app, "session.import_refused", {{"reason", reason}}), "", true};
        return false;
    };
    try {
        imported = Session::from_text(text);
    } catch (const DataError& e) {  // says what is wrong
        return refuse_file(problem_words(app, e));
    } catch (const std::exception& e) {  // anything else is refused too
        return refuse_file(problem_words(app, e));
    }
    if (ask_before_leaving(app, {LeaveUnsaved::Kind::Import, "", std::string(text), given_name, from})) return true;
    // The session open before stays saved only if it ever was: a fresh "Sesja 1" with no step
    // was never written, and the notice does not promise it.
    std::string previous;
    if (app.store) guarded(app, [&] {
        if (app.store->raw_text(app.store->current_key())) previous = app.store->current_name();
    });
    const std::size_t imported_bytes = imported->file_bytes();
    Session previous_session = std::move(app.session);
    opened(app, std::move(*imported));
    app.session_unsaved = false;
    app.ui.tab = Tab::Table;  // the game goes on at the table
    std::string name = store::session_name(given_name);
    bool numbered = false;  // "Import N": a file with no name of its own
    if (name.empty()) {
        name = name_in_meta(app.session);  // the imported one, read with it: the text is not parsed again
        if (!name.empty()) guarded(app, [&] { name = free_session_name(app, name); });
    }
    if (name.empty()) {
        name = app.tr("session.imported_name");
        numbered = true;
    }
    auto tell_imported = [&](const std::string& stored_as) {
        const bool link = from == ImportFrom::Link;
        if (previous.empty()) show(app, link ? "share.opened" : "session.imported", {{"{name}", stored_as}});
        else show(app, link ? "share.opened_previous_kept" : "session.imported_previous_kept", {{"{name}", stored_as}, {"{previous}", previous}});
        // Steps the rules refused are not in the game: the player is told how many.
        if (const std::size_t refused = app.session.refused_in_file()) {
            const LocalizedText left_out = both(app, "session.refused_steps", {{"{n}", std::to_string(refused)}});
            app.ui.notice->text = {app.ui.notice->text.pl + " " + left_out.pl, app.ui.notice->text.en + " " + left_out.en};
        }
    };
    if (!app.store) {
        tell_imported(name);
        return true;
    }
    guarded(app, [&] {
        if (numbered) name += " " + std::to_string(app.store->list().size() + 1);
        const auto problem = app.store->save_as_new(app.session, name);
        if (!problem) return tell_imported(app.store->current_name());
        // Not kept: the player is not left playing a session that is saved nowhere. The session
        // open before comes back (the store still has it open), and the notice says why.
        app.session = std::move(previous_session);
        app.ui.tab = Tab::Sessions;
        const bool quota = problem->kind == store::StoreProblem::Kind::QuotaExceeded;
        const LocalizedText why = quota ? both(app, "session.no_room_for", {{"{kb}", std::to_string((imported_bytes + 1023) / 1024)}})
                                        : words(app, problem->text);
        app.ui.notice = Notice{translated(app, from == ImportFrom::Link ? "share.refused" : "session.import_refused", {{"reason", why}}), "", true};
    });
    return true;
}

void leave_unsaved_session(App& app) {
    if (!app.ui.leave_unsaved) return;
    const LeaveUnsaved leave = std::move(*app.ui.leave_unsaved);
    app.ui.leave_unsaved.reset();
    app.ui.notice.reset();
    app.session_unsaved = false;  // the player chose to leave it
    switch (leave.kind) {
        case LeaveUnsaved::Kind::NewSession: new_session(app); return;
        case LeaveUnsaved::Kind::Open: return switch_session(app, leave.key);
        case LeaveUnsaved::Kind::Import: import_session(app, leave.text, leave.name, leave.from); return;
    }
}

void stay_in_unsaved_session(App& app) {
    app.ui.leave_unsaved.reset();
    app.ui.notice.reset();
}

std::string session_file_name(const App& app) {
    return "czary-" + file_name_part(app.store ? app.store->current_name() : "") + ".json";
}

std::string session_file(const App& app, bool position_only) {
    const Session& session = app.session;
    // A position's file starts afresh: its meta holds the name alone.
    const nlohmann::json unnamed = !position_only && session.meta().is_object() ? session.meta() : nlohmann::json::object();
    nlohmann::json meta = unnamed;
    meta["name"] = app.store && !app.store->current_name().empty() ? app.store->current_name() : std::string(app.tr("session.imported_name"));
    // The name goes with the file unless it would carry `meta` past what a file may hold (the
    // file would then not import): an export always imports. Only a whole session's meta can be
    // that large; a position's is the name alone.
    const nlohmann::json& kept = compact_json_text(meta).size() <= max_session_meta_bytes ? meta : unnamed;
    // The steps' texts joined as they are (Session::to_text), not read into a JSON value again.
    return position_only ? Session(session.state(), *app.data).to_text(kept) : session.to_text(kept);
}

std::string name_in_meta(const Session& session) {
    const nlohmann::json& meta = session.meta();
    const auto name = meta.is_object() ? meta.find("name") : meta.end();
    return name != meta.end() && name->is_string() ? store::session_name(name->get<std::string>()) : "";
}

std::string free_session_name(App& app, const std::string& name) {
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

void export_session(App& app) {
    std::string text = session_file(app);
    // Indented for a person to read, unless that would pass the size a file may have: written
    // compactly it always fits (the session refuses a step past it), so an export always imports.
    if (std::string indented = parse_own_json(text).value().dump(1, ' ', false, nlohmann::json::error_handler_t::replace);
        indented.size() <= session_file_limits.max_bytes)
        text = std::move(indented);
    app.platform_requests.push_back({PlatformRequest::Kind::Download, session_file_name(app), std::move(text)});
}

void export_raw_entry(App& app, const std::string& key) {
    if (!app.store) return;
    guarded(app, [&] {
        if (app.store->raw_text(key)) app.platform_requests.push_back({PlatformRequest::Kind::DownloadStored, key + ".txt", key});
    });
}

void storage_changed(App& app) {
    if (!app.store) return;
    guarded(app, [&] {
        app.store->forget_listing();  // another tab wrote: the kept session lists may be out of date
        const auto change = app.store->external_change();
        // At a live table the open session is the table's copy: the tab that saved it is at the
        // table now (live_table.hpp). This one stays with the table, read-only, never leaving it.
        if (app.table && (change == store::ExternalChange::Newer || change == store::ExternalChange::Diverged))
            return table_copy_saved_elsewhere(app);
        switch (change) {
            case store::ExternalChange::None: return;
            case store::ExternalChange::Removed: return show(app, "session.removed_elsewhere", {}, true);
            // Another tab wrote over this tab's last save without having seen it: what this tab
            // played is no longer stored anywhere but here.
            case store::ExternalChange::Diverged: return keep_as_this_tabs(app);
            case store::ExternalChange::Newer: {
                // This tab's unsaved changes would go: the newer save is not taken over them.
                if (app.session_unsaved) return show(app, "session.changed_elsewhere_unsaved", {}, true, Offer::Export);
                std::optional<store::StoreProblem> problem;
                auto newer = app.store->open(app.store->current_key(), problem);
                if (!newer) return show_problem(app, *problem);
                opened(app, std::move(*newer));
                return show(app, "session.changed_elsewhere", {{"{name}", app.store->current_name()}});
            }
        }
    });
}

std::vector<store::SessionSummary> stored_sessions(App& app) {
    std::vector<store::SessionSummary> sessions;
    if (app.store) guarded(app, [&] { sessions = app.store->list(); });
    return sessions;
}

std::vector<store::DeletedSession> deleted_sessions(App& app) {
    std::vector<store::DeletedSession> deleted;
    if (app.store) guarded(app, [&] { deleted = app.store->deleted(); });
    return deleted;
}

}  // namespace czary::app
