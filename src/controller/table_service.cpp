#include "controller/table_service.hpp"

#include <algorithm>
#include <cctype>

#include "controller/model.hpp"

namespace czary::app {

namespace {

bool host_character(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.';
}

// A path's characters: unreserved ones and "/" (no query, no fragment, no percent-escapes: a
// table service's path is a plain one, "/table" or "/czary/table").
bool path_character(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~';
}

std::string lowercase(std::string_view text) {
    std::string out(text);
    for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool starts_with(std::string_view text, std::string_view start) { return text.substr(0, start.size()) == start; }

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

}  // namespace

std::optional<std::string> table_service_url(std::string_view typed) {
    std::string_view rest = trimmed(typed);
    const std::string scheme = lowercase(rest.substr(0, std::min<std::size_t>(rest.size(), 8)));
    if (starts_with(scheme, "wss://")) rest.remove_prefix(6);
    else if (starts_with(scheme, "https://")) rest.remove_prefix(8);
    else if (rest.find("://") != std::string_view::npos) return std::nullopt;  // ws://, http://, anything else
    const std::size_t slash = rest.find('/');
    const std::string_view authority = rest.substr(0, slash);
    std::string path = slash == std::string_view::npos ? "/table" : std::string(rest.substr(slash));
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    if (path == "/") path = "/table";
    const std::size_t colon = authority.rfind(':');
    const std::string host = lowercase(authority.substr(0, colon));
    if (host.empty() || host.front() == '.' || host.front() == '-' || host.back() == '.' || host.find("..") != std::string::npos) return std::nullopt;
    for (const char c : host)
        if (!host_character(c)) return std::nullopt;
    std::string port;
    if (colon != std::string_view::npos) {
        port = std::string(authority.substr(colon + 1));
        if (port.empty() || port.size() > 5) return std::nullopt;
        for (const char c : port)
            if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        const long number = std::stol(port);
        if (number < 1 || number > 65535) return std::nullopt;
        if (number == 443) port.clear();
        else port = std::to_string(number);  // "08443" is 8443
    }
    for (const char c : path)
        if (!path_character(c)) return std::nullopt;
    std::string url = "wss://" + host + (port.empty() ? "" : ":" + port) + path;
    if (url.size() > max_service_url_bytes) return std::nullopt;
    return url;
}

std::string service_in_link(std::string_view url) {
    if (!starts_with(url, "wss://")) return std::string(url);
    std::string_view rest = url.substr(6);
    // "/table" alone is the path a service's address gets when none is given: left out.
    if (rest.size() > 6 && rest.find('/') == rest.size() - 6 && rest.substr(rest.size() - 6) == "/table") rest.remove_suffix(6);
    return std::string(rest);
}

std::string service_for_new_tables(const App& app) {
    return app.table_service.empty() ? app.site_table_service : app.table_service;
}

bool choose_table_service(App& app, std::string_view typed) {
    if (trimmed(typed).empty()) {
        app.table_service.clear();
        return true;
    }
    const auto url = table_service_url(typed);
    if (!url) {
        // Why, where it can be said: a plain ws:// or http:// address (the computer at a table,
        // reached from its own page), a Polish letter or a space; else what an address looks like.
        const std::string lower = lowercase(trimmed(typed));
        const bool plain = starts_with(lower, "ws://") || starts_with(lower, "http://");
        const std::string_view text = trimmed(typed);
        const bool letters = std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80 || c == ' '; });
        app.ui.notice = Notice{both(app, plain ? "table.service_plain" : letters ? "table.service_letters" : "table.service_bad"), "", true};
        app.ui.outcome_step.reset();
        return false;
    }
    // The site's own service named again is no choice of the player's: it follows the site.
    app.table_service = *url == app.site_table_service ? "" : *url;
    return true;
}

void set_site_table_service(App& app, std::string_view url) {
    const auto service = table_service_url(url);
    app.site_table_service = service && starts_with(trimmed(url), "wss://") ? *service : "";
}

}  // namespace czary::app
