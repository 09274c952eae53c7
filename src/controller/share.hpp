#pragma once
// "Pass to another device" (Sessions tab): the open session travels in a link's fragment,
// `#s=` + base64url(deflate-raw(session file)), shown as a QR code the other phone's camera
// opens (docs/session-format.md, "The link"). The platform makes the link (the browser's
// CompressionStream) and reads it when the app opens with one; the app decides what is shown,
// what is offered when the session does not fit one QR code, and what an incoming link does.
#include <string>
#include <string_view>

#include "controller/model.hpp"

namespace czary::app {

// The session file the link carries: the export's format, compact, with the stored name in
// meta.name. position_only: a session whose start is the current state, with no actions.
std::string share_text(const App& app, bool position_only);
// Opens the view and asks the platform for the whole session's link.
void open_share(App& app);
// The open view's code was made for the session as it was: after a step, an undo, a rename or
// another session opened, a new link is asked for (the other phone must get the game as it is).
void keep_share_current(App& app);
// The whole session did not fit: the current position only (no undo history, no log).
void share_position_only(App& app);
// The system's share sheet with the whole session's .json file (where the browser has one),
// or the export: the view says which is used and that nothing is left out.
void share_file(App& app);
void share_by_export(App& app);
void close_share(App& app);
// The platform made the link asked for (ignored once the view was closed); an empty one: the
// browser cannot make links (no CompressionStream), and the file is offered instead.
void share_link_made(App& app, std::string link);

// The app was opened with a link carrying a session: checked like an import (refused with the
// import's reasons), then the player is asked whether to open it as a new session.
void incoming_share(App& app, std::string_view text);
// The link's fragment could not be read at all (bad base64url, cut-short or damaged deflate data,
// text that is not UTF-8): refused the way a damaged file is.
void incoming_share_damaged(App& app);
// The link unpacks to more than a session file may hold (session_file_limits): the page stopped
// unpacking it (a hostile link would otherwise fill the memory).
void incoming_share_too_large(App& app);
// This browser cannot decompress the link (no DecompressionStream for deflate-raw): said so.
void incoming_share_unreadable(App& app);
void accept_incoming_share(App& app);
void decline_incoming_share(App& app);

}  // namespace czary::app
