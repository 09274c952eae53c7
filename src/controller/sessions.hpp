#pragma once
// The app's side of keeping sessions: what happens to the open session when the player creates,
// switches, renames, copies, deletes, restores, imports or exports one, and when another tab
// saves it. The store (src/store) decides what is written; these keep the interface in step.
#include <string>
#include <string_view>

#include "controller/model.hpp"

namespace czary::app {

// Every function here catches what the store might throw and tells the player: no stored byte
// reaches the frame loop as an exception.
//
// On start: the session open last, or a new one (an unreadable entry is reported, kept), with
// the tab, selection and scroll it was left at (restore_view). A session of more than
// max_steps_opened_at_start steps is not opened at start: the Sessions tab says so, and it
// opens there on request.
inline constexpr std::int64_t max_steps_opened_at_start = 20000;
void open_start_session(App& app);
void restore_view(App& app);
// The tab, selection and scroll are saved next to the session when they change (view.cpp);
// called once a frame, it writes only what changed and never mid-swipe.
void remember_view(App& app);
// Saves the open session; a full quota offers export; a newer save by another tab is never
// overwritten: this tab's session is kept as a new one.
void save(App& app);
bool new_session(App& app);  // false: the player was asked first (an unsaved session) and nothing changed yet
void switch_session(App& app, const std::string& key);
void rename_session(App& app, const std::string& name);
void duplicate_session(App& app, const std::string& key);
// After the player confirmed; the notice offers to restore it. With no room for the 48-hour
// copy, the notice asks whether to delete it for good instead.
void delete_session(App& app, const std::string& key);
void delete_session_for_good(App& app, const std::string& key);
void restore_session(App& app, const std::string& deleted_key);
// A session file chosen by the player: refused with the reason, or opened as a new session
// (the one open before stays saved under its own key; the notice names it when there was one).
// A name names the new session; "" for the file's own (meta.name, told apart from a stored one
// of that name), or "Import N" when it has none. It opens at the table.
bool import_session(App& app, std::string_view text, const std::string& name = "", ImportFrom from = ImportFrom::File);
void export_session(App& app);
// The session file of the open session (an export, a link), its text as a save writes it: with the
// stored name in meta.name; position_only: a session whose start is the current state, with no actions.
std::string session_file(const App& app, bool position_only = false);
// The name a session carries in meta.name, as its file had it (cut to a stored name's size), or "".
std::string name_in_meta(const Session& session);
// `name`, or "<name> (2)", "(3)", … when a stored session has it already: an imported or passed
// session is told apart from the one it came from.
std::string free_session_name(App& app, const std::string& name);
// The export's file name: "czary-<the session's name>.json".
std::string session_file_name(const App& app);
// An entry's text exactly as stored (an unreadable one too): the platform reads and downloads it
// itself (PlatformRequest::DownloadStored), so nothing in it is changed on its way.
void export_raw_entry(App& app, const std::string& key);
// The browser said another tab wrote to the storage.
void storage_changed(App& app);
// Leaving a session that is not saved (new, open, import) waits for one of these.
void leave_unsaved_session(App& app);
void stay_in_unsaved_session(App& app);
// The store's lists for the Sessions tab (empty, with a notice, if the store failed).
std::vector<store::SessionSummary> stored_sessions(App& app);
std::vector<store::DeletedSession> deleted_sessions(App& app);

}  // namespace czary::app
