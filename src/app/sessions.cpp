#include "app/sessions.hpp"

#include "core/data_error.hpp"

namespace czary::app {
namespace {

std::uint64_t next_seed(App& app) {
    // splitmix64: distinct sessions get well-spread seeds from one source.
    std::uint64_t z = (app.seed_source += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void show(App& app, const char* key, const std::map<std::string, std::string>& parts, bool refusal = false, std::string offer = {}) {
    app.ui.notice = Notice{both(app, key, parts), "", refusal, std::move(offer)};
}

void show_problem(App& app, const store::StoreProblem& problem) {
    const bool offer_export = problem.kind == store::StoreProblem::Kind::QuotaExceeded || problem.kind == store::StoreProblem::Kind::Failed;
    app.ui.notice = Notice{problem.text, "", true, offer_export ? "export" : ""};
}

// The interface's choices belong to the session they were made in.
void opened(App& app, Session session) {
    app.session = std::move(session);
    const Tab tab = app.ui.tab;
    app.ui = {};
    app.ui.tab = tab;
}

std::string file_name_part(const std::string& name) {
    std::string part;
    for (unsigned char c : name) part += (std::isalnum(c) || c >= 0x80) ? static_cast<char>(c) : '-';
    return part.empty() ? "sesja" : part;
}

}  // namespace

void open_start_session(App& app) {
    if (!app.store) return;
    std::optional<store::StoreProblem> problem;
    if (auto saved = app.store->open_last(problem)) {
        app.session = std::move(*saved);
        return;
    }
    app.store->start_new(app.tr("session.default_name"));
    if (problem) show_problem(app, *problem);
}

void save(App& app) {
    if (!app.store) return;
    const auto problem = app.store->save(app.session);
    if (!problem) return;
    if (problem->kind == store::StoreProblem::Kind::Conflict || problem->kind == store::StoreProblem::Kind::Unreadable) {
        // Never write over what another tab saved: this tab's session becomes a session of its own.
        const std::string name = app.store->current_name() + " (" + app.tr("session.conflict_suffix") + ")";
        if (auto again = app.store->save_as_new(app.session, name)) return show_problem(app, *again);
        return show(app, "session.conflict_kept", {{"{name}", name}}, true);
    }
    show_problem(app, *problem);
}

void new_session(App& app) {
    opened(app, Session::with_seed(next_seed(app)));
    if (app.store) app.store->start_new(app.tr("session.default_name"));
    save(app);
    if (!app.ui.notice) show(app, "session.created", {{"{name}", app.store ? app.store->current_name() : ""}});
}

void switch_session(App& app, const std::string& key) {
    if (!app.store) return;
    std::optional<store::StoreProblem> problem;
    auto session = app.store->open(key, problem);
    if (!session) return show_problem(app, *problem);
    opened(app, std::move(*session));
    show(app, "session.opened", {{"{name}", app.store->current_name()}});
}

void rename_session(App& app, const std::string& name) {
    if (!app.store || name.empty()) return;
    if (auto problem = app.store->rename(app.store->current_key(), name)) return show_problem(app, *problem);
    app.ui.session_name_for.clear();  // the field shows the stored name again
    show(app, "session.renamed", {{"{name}", name}});
}

void duplicate_session(App& app, const std::string& key) {
    if (!app.store) return;
    std::string name = key;
    for (const auto& summary : app.store->list())
        if (summary.key == key) name = summary.header.name;
    name += " (" + std::string(app.tr("session.copy_suffix")) + ")";
    std::optional<store::StoreProblem> problem;
    if (!app.store->duplicate(key, name, problem)) return show_problem(app, *problem);
    show(app, "session.duplicated", {{"{name}", name}});
}

void delete_session(App& app, const std::string& key) {
    if (!app.store) return;
    app.ui.confirm_delete.clear();
    std::string name = key;
    for (const auto& summary : app.store->list())
        if (summary.key == key) name = summary.header.name;
    if (auto problem = app.store->remove(key)) return show_problem(app, *problem);
    if (key == app.store->current_key()) {
        // The open session went: the latest other one opens, or a new one begins.
        const auto others = app.store->list();
        std::optional<store::StoreProblem> problem;
        std::optional<Session> next;
        for (const auto& other : others)
            if (!other.problem && (next = app.store->open(other.key, problem))) break;
        if (next) opened(app, std::move(*next));
        else new_session(app);
    }
    const auto deleted = app.store->deleted();
    show(app, "session.deleted", {{"{name}", name}}, false, deleted.empty() ? "" : "restore:" + deleted.front().key);
}

void restore_session(App& app, const std::string& deleted_key) {
    if (!app.store) return;
    const auto key = app.store->restore(deleted_key);
    if (!key) return show(app, "session.restore_failed", {}, true);
    std::string name = *key;
    for (const auto& summary : app.store->list())
        if (summary.key == *key) name = summary.header.name;
    show(app, "session.restored", {{"{name}", name}});
}

bool import_session(App& app, std::string_view text) {
    try {
        Session imported = Session::from_text(text);
        opened(app, std::move(imported));
        app.ui.tab = Tab::Log;
        std::string name = app.tr("session.imported_name");
        if (app.store) {
            if (auto problem = app.store->save_as_new(app.session, name + " " + std::to_string(app.store->list().size() + 1))) {
                show_problem(app, *problem);
                return true;
            }
            name = app.store->current_name();
        }
        show(app, "session.imported", {{"{name}", name}});
        return true;
    } catch (const DataError& e) {
        show(app, "session.import_refused", {{"{reason}", e.what()}}, true);
        return false;
    }
}

void export_session(App& app) {
    const std::string name = app.store ? app.store->current_name() : "";
    app.platform_requests.push_back({PlatformRequest::Kind::Download, "czary-" + file_name_part(name) + ".json", app.session.to_json().dump(1)});
}

void export_raw_entry(App& app, const std::string& key) {
    if (!app.store) return;
    if (auto text = app.store->raw_text(key)) app.platform_requests.push_back({PlatformRequest::Kind::Download, key + ".txt", *text});
}

void storage_changed(App& app) {
    if (!app.store) return;
    app.store->forget_listing();  // another tab wrote: the kept session lists may be out of date
    switch (app.store->external_change()) {
        case store::ExternalChange::None: return;
        case store::ExternalChange::Removed: return show(app, "session.removed_elsewhere", {}, true);
        case store::ExternalChange::Newer: {
            std::optional<store::StoreProblem> problem;
            auto newer = app.store->open(app.store->current_key(), problem);
            if (!newer) return show_problem(app, *problem);
            opened(app, std::move(*newer));
            return show(app, "session.changed_elsewhere", {{"{name}", app.store->current_name()}});
        }
    }
}

}  // namespace czary::app
