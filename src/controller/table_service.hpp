#pragma once
// Where a live table is kept (docs/table-protocol.md, "Which service a phone uses"): the computer
// at the table that serves this page (scripts/serve.sh --lan: the page's own address + "table"),
// or a table service on the internet reached over wss:// (docs/deploy.md). A service is kept as
// its URL, "wss://tables.example.org/table"; the empty text is the page's own address.
#include <optional>
#include <string>
#include <string_view>

namespace czary::app {

struct App;

// The settings keep a service's URL as one text of at most this many bytes (store/session_store.cpp
// reads settings texts of up to 128 bytes).
inline constexpr std::size_t max_service_url_bytes = 120;

// What a player typed (or a link or the site named) as a service's URL: "tables.example.org",
// "tables.example.org:8443/czary/table", "https://…" or "wss://…" all become
// "wss://host[:port]/path" (path "/table" when none is given). None for anything else: another
// scheme (a plain ws:// is the page's own address only), no host, a user name or a query, a
// character a host or a path does not take, or more than max_service_url_bytes.
std::optional<std::string> table_service_url(std::string_view typed);

// How a link names the service, after "#t=<id>@", and how the app shows it:
// "tables.example.org", "tables.example.org:8443", "example.org/czary/table" (the path only when
// it is not "/table"). table_service_url(service_in_link(url)) == url.
std::string service_in_link(std::string_view url);

// The service a table this phone opens now is kept at: the player's choice (the settings), else
// the one the site was published with, else the page's own address ("").
std::string service_for_new_tables(const App& app);

// The player names a service for the tables this phone opens ("" goes back to the site's own).
// False, and the player told why, when the text is not a service's address.
bool choose_table_service(App& app, std::string_view typed);

// The site's own service, as the published page names it (its page-config, web/index.html): ""
// or a wss:// URL; anything else is ignored (the page's own address stays the default).
void set_site_table_service(App& app, std::string_view url);

}  // namespace czary::app
