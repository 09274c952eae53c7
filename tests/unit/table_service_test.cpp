// Issue 49: a live table kept by a table service on the internet (docs/deploy.md) that the
// installed app reaches over wss://; which service a phone uses, the link that says where a table
// is, the player's choice in the settings, and words for a service that cannot be reached
// (controller/table_service.hpp, live_table.hpp).
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "app_with_store.hpp"
#include "controller/accessibility.hpp"
#include "controller/live_table.hpp"
#include "controller/table_service.hpp"

namespace {

using czary::app::PlatformRequest;
using czary::app::table_service_url;

const std::string table_id(32, 'b');

// The service the platform was last asked to connect to (TableConnect's text), or none.
std::optional<std::string> connected_to(const czary::app::App& app) {
    std::optional<std::string> service;
    for (const auto& request : app.platform_requests)
        if (request.kind == PlatformRequest::Kind::TableConnect) service = request.text;
    return service;
}

test::AppWithStore phone_named(const std::string& name, std::uint64_t seed = 3) {
    test::AppWithStore phone{seed};
    phone.app.player_name = name;
    phone.app.page_address = "https://czary.example.org/";
    return phone;
}

}  // namespace

TEST_CASE("issue 49 table service: what a player types becomes a wss:// service's address") {
    CHECK(table_service_url("tables.example.org") == "wss://tables.example.org/table");
    CHECK(table_service_url("  Tables.Example.org  ") == "wss://tables.example.org/table");
    CHECK(table_service_url("wss://tables.example.org/table") == "wss://tables.example.org/table");
    CHECK(table_service_url("https://tables.example.org/") == "wss://tables.example.org/table");
    CHECK(table_service_url("tables.example.org:8443/czary/table") == "wss://tables.example.org:8443/czary/table");
    CHECK(table_service_url("wss://tables.example.org:443/table") == "wss://tables.example.org/table");
    CHECK(table_service_url("127.0.0.1:9443") == "wss://127.0.0.1:9443/table");
    // Not a service's address: words for the player instead.
    for (const char* bad : {"", "ws://tables.example.org/table", "http://tables.example.org", "ftp://x.org", "wss://",
                            "wss://user@tables.example.org", "tables.example.org/table?x=1", "tables.example.org/#t", "stoły.example.org",
                            "tables example.org", "tables.example.org:0", "tables.example.org:70000", "tables.example.org:",
                            ".example.org", "tables..example.org", "tables.example.org/%2e%2e"}) {
        CAPTURE(bad);
        CHECK_FALSE(table_service_url(bad).has_value());
    }
    CHECK_FALSE(table_service_url("a" + std::string(200, 'b') + ".org").has_value());  // more than the settings keep
}

TEST_CASE("issue 49 table service: a link names the service briefly, and names it back exactly") {
    for (const char* url : {"wss://tables.example.org/table", "wss://tables.example.org:8443/table", "wss://example.org/czary/table"}) {
        CAPTURE(url);
        CHECK(table_service_url(czary::app::service_in_link(url)) == url);
    }
    CHECK(czary::app::service_in_link("wss://tables.example.org/table") == "tables.example.org");
    CHECK(czary::app::service_in_link("wss://a.org") == "a.org");  // short: no "/table" to leave out
    CHECK(czary::app::service_in_link("wss://example.org/czary/table") == "example.org/czary/table");
}

TEST_CASE("issue 49 table service: a table opened at another service has a link that says where; at the site's own, none") {
    auto phone = phone_named("Łucja");
    REQUIRE(czary::app::choose_table_service(phone.app, "tables.example.org"));
    czary::app::open_table_for_others(phone.app, "Łucja");
    REQUIRE(phone.app.table);
    CHECK(phone.app.table->service == "wss://tables.example.org/table");
    CHECK(connected_to(phone.app) == "wss://tables.example.org/table");
    phone.app.table->id = table_id;  // as the host's welcome gives it
    CHECK(czary::app::table_link(phone.app) == "https://czary.example.org/#t=" + table_id + "@tables.example.org");

    // The site was published with that service: it is the default, and the link needs no "@".
    auto published = phone_named("Żaneta");
    czary::app::set_site_table_service(published.app, "wss://tables.example.org/table");
    czary::app::open_table_for_others(published.app, "Żaneta");
    REQUIRE(published.app.table);
    CHECK(published.app.table->service == "wss://tables.example.org/table");
    published.app.table->id = table_id;
    CHECK(czary::app::table_link(published.app) == "https://czary.example.org/#t=" + table_id);

    // A page served by the computer at the table: its own address, as before.
    auto lan = phone_named("Ścibor");
    lan.app.page_address = "http://192.168.1.5:8080/";
    czary::app::open_table_for_others(lan.app, "Ścibor");
    REQUIRE(lan.app.table);
    CHECK(lan.app.table->service.empty());
    CHECK(connected_to(lan.app) == "");
    lan.app.table->id = table_id;
    CHECK(czary::app::table_link(lan.app) == "http://192.168.1.5:8080/#t=" + table_id);
}

TEST_CASE("issue 49 table service: a phone that opens a link joins the service the link names") {
    auto phone = phone_named("Gżegżółka");
    czary::app::table_link_opened(phone.app, table_id + "@tables.example.org:8443");
    REQUIRE(phone.app.table);
    CHECK(phone.app.table->id == table_id);
    CHECK(phone.app.table->service == "wss://tables.example.org:8443/table");
    CHECK(connected_to(phone.app) == "wss://tables.example.org:8443/table");

    // Without "@": the site's own service, whatever this player chose for new tables.
    auto other = phone_named("Kuba");
    czary::app::set_site_table_service(other.app, "wss://site.example.org/table");
    REQUIRE(czary::app::choose_table_service(other.app, "mine.example.org"));
    czary::app::table_link_opened(other.app, table_id);
    REQUIRE(other.app.table);
    CHECK(other.app.table->service == "wss://site.example.org/table");

    // With no name yet, the invitation waits with its service, and the Sessions tab says where.
    test::AppWithStore anonymous{5};
    czary::app::table_link_opened(anonymous.app, table_id + "@tables.example.org");
    REQUIRE(anonymous.app.table_waiting);
    CHECK(anonymous.app.table_waiting->service == "wss://tables.example.org/table");
    czary::app::join_waiting_table(anonymous.app, "Ania");
    REQUIRE(anonymous.app.table);
    CHECK(anonymous.app.table->service == "wss://tables.example.org/table");

    // A link whose service is not one: refused in words, nothing joined.
    auto damaged = phone_named("Ola");
    czary::app::table_link_opened(damaged.app, table_id + "@ws://evil.example.org");
    CHECK_FALSE(damaged.app.table);
    REQUIRE(damaged.app.ui.notice);
    CHECK(damaged.app.ui.notice->refusal);
    CHECK(damaged.app.ui.notice->text.pl.find("uszkodzony") != std::string::npos);
}

TEST_CASE("issue 49 table service: the player's choice and each known table's service are kept in the settings") {
    auto phone = phone_named("Łucja");
    REQUIRE(czary::app::choose_table_service(phone.app, "tables.example.org"));
    czary::app::open_table_for_others(phone.app, "Łucja");
    phone.app.table->id = table_id;
    phone.app.known_tables.push_back({table_id, "wss://tables.example.org/table", phone.store.current_key(), {}, true});
    nlohmann::json settings = nlohmann::json::object();
    czary::app::add_table_settings(phone.app, settings);
    CHECK(settings.at("table_service") == "wss://tables.example.org/table");
    CHECK(settings.at("tables").at(0).at("service") == "wss://tables.example.org/table");

    test::AppWithStore later{7};
    czary::app::apply_table_settings(later.app, settings);
    CHECK(later.app.table_service == "wss://tables.example.org/table");
    REQUIRE(later.app.known_tables.size() == 1);
    CHECK(later.app.known_tables.front().service == "wss://tables.example.org/table");

    // Damaged settings: a service that is not one is forgotten, the rest kept.
    settings["table_service"] = "javascript:alert(1)";
    settings["tables"][0]["service"] = 17;
    test::AppWithStore damaged{8};
    czary::app::apply_table_settings(damaged.app, settings);
    CHECK(damaged.app.table_service.empty());
    REQUIRE(damaged.app.known_tables.size() == 1);
    CHECK(damaged.app.known_tables.front().service.empty());
}

TEST_CASE("issue 49 table service: naming a service that is not one says so; naming the site's own follows the site") {
    auto phone = phone_named("Łucja");
    czary::app::set_site_table_service(phone.app, "wss://site.example.org/table");
    CHECK_FALSE(czary::app::choose_table_service(phone.app, "ws://192.168.1.5:8080/table"));
    REQUIRE(phone.app.ui.notice);
    CHECK(phone.app.ui.notice->refusal);
    CHECK(phone.app.ui.notice->text.pl.find("tylko bezpiecznie (wss://)") != std::string::npos);
    CHECK(phone.app.table_service.empty());
    REQUIRE(czary::app::choose_table_service(phone.app, "site.example.org"));
    CHECK(phone.app.table_service.empty());
    CHECK(czary::app::service_for_new_tables(phone.app) == "wss://site.example.org/table");
    REQUIRE(czary::app::choose_table_service(phone.app, "mine.example.org"));
    CHECK(czary::app::service_for_new_tables(phone.app) == "wss://mine.example.org/table");
    REQUIRE(czary::app::choose_table_service(phone.app, ""));
    CHECK(czary::app::service_for_new_tables(phone.app) == "wss://site.example.org/table");
    // A page-config naming anything but a wss:// service is ignored: the page's own address.
    czary::app::set_site_table_service(phone.app, "http://evil.example.org/table");
    CHECK(phone.app.site_table_service.empty());
}

TEST_CASE("issue 49 table service: a table opened at a service that never answers is not opened; the phone plays on alone and is told why") {
    auto phone = phone_named("Łucja");
    REQUIRE(czary::app::choose_table_service(phone.app, "tables.example.org"));
    REQUIRE(czary::app::dispatch(phone.app, czary::actions::AddHero{"larraka"}).ok);
    const auto before = phone.app.session.to_json();
    czary::app::open_table_for_others(phone.app, "Łucja");
    REQUIRE(phone.app.table);
    phone.app.platform_requests.clear();
    czary::app::table_connection_lost(phone.app);
    CHECK_FALSE(phone.app.table);  // no table waits for a service that may not exist
    CHECK(phone.app.platform_requests.back().kind == PlatformRequest::Kind::TableClose);
    REQUIRE(phone.app.ui.notice);
    CHECK(phone.app.ui.notice->refusal);
    CHECK(phone.app.ui.notice->text.pl.find("Stół nie został otwarty: usługa stołów tables.example.org nie odpowiada") == 0);
    CHECK(phone.app.ui.notice->text.pl.find("Zmień usługę stołów") != std::string::npos);
    CHECK(phone.app.session.to_json() == before);
    // The game goes on here, alone.
    CHECK(czary::app::dispatch(phone.app, czary::actions::AddHero{"gislan"}).ok);
    CHECK(phone.app.session.to_json() != before);

    // Without a network, the phone says so, not that the service failed.
    auto offline = phone_named("Żaneta");
    czary::app::open_table_for_others(offline.app, "Żaneta");
    czary::app::table_connection_lost(offline.app, false);
    CHECK_FALSE(offline.app.table);
    REQUIRE(offline.app.ui.notice);
    CHECK(offline.app.ui.notice->text.pl.find("ten telefon nie ma teraz połączenia z siecią") != std::string::npos);
}

TEST_CASE("issue 49 table service: joining a service that never answers names it in words, once; offline says offline; nothing prepared is lost") {
    auto joining = phone_named("Żaneta");
    czary::app::table_link_opened(joining.app, table_id + "@tables.example.org");
    REQUIRE(joining.app.table);
    const auto before = joining.app.session.to_json();
    czary::app::table_connection_lost(joining.app, false);
    REQUIRE(joining.app.ui.notice);
    CHECK(joining.app.ui.notice->text.pl.find("Ten telefon nie ma teraz połączenia z siecią") == 0);
    joining.app.ui.notice.reset();
    czary::app::table_connection_lost(joining.app);
    REQUIRE(joining.app.ui.notice);
    CHECK(joining.app.ui.notice->refusal);
    CHECK(joining.app.ui.notice->text.pl.find("Nie da się połączyć z usługą stołów tables.example.org") == 0);
    CHECK(czary::app::table_should_reconnect(joining.app));  // the platform goes on trying
    joining.app.ui.notice.reset();
    czary::app::table_connection_lost(joining.app);
    CHECK_FALSE(joining.app.ui.notice);  // said once
    CHECK(joining.app.table);
    CHECK(joining.app.session.to_json() == before);
}

TEST_CASE("issue 49 table service: an address refused says why: a plain ws:// or http:// one, a Polish letter or a space") {
    auto phone = phone_named("Łucja");
    CHECK_FALSE(czary::app::choose_table_service(phone.app, "ws://192.168.1.5:8080/table"));
    CHECK(phone.app.ui.notice->text.pl.find("tylko bezpiecznie (wss://)") != std::string::npos);
    CHECK_FALSE(czary::app::choose_table_service(phone.app, "http://192.168.1.5:8080/"));
    CHECK(phone.app.ui.notice->text.pl.find("tylko bezpiecznie (wss://)") != std::string::npos);
    CHECK_FALSE(czary::app::choose_table_service(phone.app, "stoły.pl"));
    CHECK(phone.app.ui.notice->text.pl.find("bez polskich liter i spacji") != std::string::npos);
    CHECK_FALSE(czary::app::choose_table_service(phone.app, "wss://user@tables.example.org"));
    CHECK(phone.app.ui.notice->text.pl.find("To nie jest adres usługi stołów") == 0);
}
