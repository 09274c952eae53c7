// "Pass to another device" (src/controller/share.hpp), without a browser: what the link
// carries, what the view offers when it is too long for one QR code, and what an incoming link
// does (asks, then opens a new session; a damaged or newer one is refused like an import).
#include <doctest/doctest.h>

#include "controller/model.hpp"
#include "controller/sessions.hpp"
#include "controller/share.hpp"
#include "core/state_json.hpp"
#include "app_with_store.hpp"
#include "map_store.hpp"
#include "store/session_store.hpp"

namespace {

using czary::app::App;
using czary::app::PlatformRequest;
using czary::store::SessionStore;

// One phone: its own storage and app.
using Phone = test::AppWithStore;

std::string polish(const App& app) { return app.ui.notice ? app.ui.notice->text.in("pl") : ""; }

// A phone with Larraka in a session named `name`, whose link is about to be made.
struct PhoneWithGame : Phone {
    explicit PhoneWithGame(const char* name) : Phone(42) {
        REQUIRE(czary::app::dispatch(app, czary::actions::AddHero{"larraka"}).ok);
        czary::app::rename_session(app, name);
    }
    std::string passed(bool position_only = false) const { return czary::app::share_text(app, position_only); }
};

}  // namespace

TEST_CASE("share: the link carries the session file with its name; a short link gets a QR code, a long one the other ways") {
    Phone a(42);
    for (const char* hero : {"larraka", "gislan"}) REQUIRE(czary::app::dispatch(a.app, czary::actions::AddHero{hero}).ok);
    czary::app::rename_session(a.app, "Wieczór z trollem");
    czary::app::open_share(a.app);
    REQUIRE(a.app.platform_requests.size() == 1);
    const PlatformRequest request = a.app.platform_requests.back();
    CHECK(request.kind == PlatformRequest::Kind::ShareLink);
    const auto file = nlohmann::json::parse(request.text);
    CHECK(file["meta"]["name"] == "Wieczór z trollem");
    CHECK(file["actions"].size() == 2);
    CHECK(a.app.ui.share.waiting);

    czary::app::share_link_made(a.app, "https://example.org/czary/#s=abc");
    CHECK_FALSE(a.app.ui.share.waiting);
    REQUIRE(a.app.ui.share.qr);

    // Too long for one code: no QR, and the current position only is offered.
    czary::app::open_share(a.app);
    czary::app::share_link_made(a.app, "https://example.org/#s=" + std::string(3000, 'A'));
    CHECK_FALSE(a.app.ui.share.qr);
    CHECK(a.app.ui.share.whole_link_bytes == 3000 + 23);
    czary::app::share_position_only(a.app);
    CHECK(a.app.ui.share.position_only);
    CHECK(a.app.ui.share.steps_left_out == 2);
    const auto position = nlohmann::json::parse(a.app.platform_requests.back().text);
    CHECK(position["actions"].empty());
    CHECK(position["meta"]["name"] == "Wieczór z trollem");
    CHECK(czary::state_to_json(czary::Session::from_json(position).state()) == czary::state_to_json(a.app.session.state()));

    // A browser that cannot compress reports an empty link: no code, the file is offered.
    czary::app::open_share(a.app);
    czary::app::share_link_made(a.app, "");
    CHECK_FALSE(a.app.ui.share.waiting);
    CHECK_FALSE(a.app.ui.share.qr);
}

TEST_CASE("share: the link's file is the session's own text with its name in meta; the rest of meta goes with the whole session, not with a position") {
    PhoneWithGame a("Wieczór z trollem");
    nlohmann::json file = nlohmann::json::parse(a.passed());
    file["meta"]["written_by"] = "a newer Czary";  // a field of meta this version does not know
    REQUIRE(czary::app::import_session(a.app, file.dump()));
    czary::app::rename_session(a.app, "Piątek");

    const std::string whole = a.passed();
    CHECK(whole == a.app.session.to_text({{"name", "Piątek"}, {"written_by", "a newer Czary"}}));
    CHECK(nlohmann::json::parse(whole).dump() == whole);  // written without spaces, as a save writes it
    const auto position = nlohmann::json::parse(a.passed(true));
    CHECK(position["meta"] == nlohmann::json{{"name", "Piątek"}});
    CHECK(position["actions"].empty());
}

TEST_CASE("share: an incoming session is asked about, then opened as a new session with its name; the others stay") {
    PhoneWithGame a("Wieczór z trollem");
    const std::string text = a.passed();

    Phone b(7);
    REQUIRE(czary::app::dispatch(b.app, czary::actions::AddHero{"gislan"}).ok);
    const std::string before = b.store.current_key();
    czary::app::incoming_share(b.app, text);
    REQUIRE(b.app.ui.notice);
    CHECK(b.app.ui.notice->offer == czary::app::Offer::OpenShared);
    CHECK(polish(b.app) == "Otworzyć przekazaną sesję „Wieczór z trollem” (1 krok) jako nową? Sesje zapisane na tym urządzeniu zostaną bez zmian.");
    CHECK(b.store.current_key() == before);  // nothing happens before "yes"
    const std::string before_name = b.store.current_name();
    czary::app::accept_incoming_share(b.app);
    CHECK(b.store.current_key() != before);
    CHECK(polish(b.app) == "Otwarto przekazaną sesję jako nową: „Wieczór z trollem”; sesja „" + before_name + "” pozostaje zapisana.");
    CHECK(b.store.current_name() == "Wieczór z trollem");
    CHECK(b.store.list().size() == 2);
    CHECK(czary::state_to_json(b.app.session.state()) == czary::state_to_json(a.app.session.state()));
}

TEST_CASE("share: a session opened from a link on a fresh phone: no session stood before it, and none is said to stay") {
    PhoneWithGame a("Wieczór z trollem");
    Phone b(7);
    REQUIRE(b.store.list().empty());  // "Sesja 1", empty, never written
    czary::app::incoming_share(b.app, a.passed());
    CHECK(polish(b.app) == "Otworzyć przekazaną sesję „Wieczór z trollem” (1 krok) jako nową?");  // no saved sessions to reassure about
    czary::app::accept_incoming_share(b.app);
    CHECK(polish(b.app) == "Otwarto przekazaną sesję jako nową: „Wieczór z trollem”.");
    CHECK(b.store.list().size() == 1);
}

TEST_CASE("share: a damaged or newer link is refused like an import, and the open session stays") {
    Phone b(7);
    REQUIRE(czary::app::dispatch(b.app, czary::actions::AddHero{"gislan"}).ok);
    const std::string before = b.store.current_key();
    czary::app::incoming_share(b.app, R"({"format": "czary-session", "version": 2, "actions": []})");
    CHECK(b.app.ui.notice->refusal);
    CHECK(polish(b.app) == "Nie otwarto przekazanej sesji: link pochodzi z nowszej wersji Czarów; uaktualnij aplikację.");
    CHECK_FALSE(b.app.ui.incoming_share);
    czary::app::incoming_share(b.app, R"({"format": "czary-session", "vers)");
    CHECK(polish(b.app) == "Nie otwarto przekazanej sesji: link jest uszkodzony albo ucięty; zeskanuj kod jeszcze raz.");
    czary::app::incoming_share(b.app, R"({"format": "czary-session", "version": 1, "actions": 5})");
    CHECK(polish(b.app) == "Nie otwarto przekazanej sesji: link jest uszkodzony albo ucięty; zeskanuj kod jeszcze raz.");
    czary::app::incoming_share(b.app, R"({"format": "something else", "version": 1})");
    CHECK(polish(b.app) == "Nie otwarto przekazanej sesji: to nie jest sesja Czarów.");
    czary::app::incoming_share_damaged(b.app);
    CHECK(polish(b.app) == "Nie otwarto przekazanej sesji: link jest uszkodzony albo ucięty; zeskanuj kod jeszcze raz.");
    czary::app::incoming_share_too_large(b.app);
    CHECK(polish(b.app) == "Nie otwarto przekazanej sesji: sesja w linku jest większa niż dozwolone 2048 KB.");
    CHECK(b.app.ui.notice->refusal);
    czary::app::incoming_share_unreadable(b.app);
    CHECK(polish(b.app) == "Nie otwarto przekazanej sesji: ta przeglądarka nie umie rozpakować linku; uaktualnij ją albo przekaż plik sesji.");
    CHECK(b.store.current_key() == before);
    CHECK(b.store.list().size() == 1);
}

TEST_CASE("share: an open code follows the game: after a step, an undo or a rename a new link is asked for") {
    Phone a(42);
    REQUIRE(czary::app::dispatch(a.app, czary::actions::AddHero{"larraka"}).ok);
    czary::app::open_share(a.app);
    czary::app::share_link_made(a.app, "https://example.org/#s=one");
    a.app.platform_requests.clear();
    czary::app::keep_share_current(a.app);
    CHECK(a.app.platform_requests.empty());  // nothing changed: the code stays
    REQUIRE(czary::app::dispatch(a.app, czary::actions::AddHero{"gislan"}).ok);
    czary::app::keep_share_current(a.app);
    REQUIRE(a.app.platform_requests.size() == 1);
    CHECK(a.app.ui.share.waiting);
    CHECK(nlohmann::json::parse(a.app.platform_requests.back().text)["actions"].size() == 2);
    czary::app::share_link_made(a.app, "https://example.org/#s=two");
    czary::app::undo(a.app);
    czary::app::keep_share_current(a.app);
    CHECK(a.app.ui.share.waiting);
    czary::app::share_link_made(a.app, "https://example.org/#s=three");
    czary::app::rename_session(a.app, "Piątek");
    czary::app::keep_share_current(a.app);
    CHECK(a.app.ui.share.waiting);
    CHECK(nlohmann::json::parse(a.app.platform_requests.back().text)["meta"]["name"] == "Piątek");
}

TEST_CASE("share: the same code opened twice gives a second session named apart; the current position only is asked about as such") {
    PhoneWithGame a("Piątek u Oli");
    const std::string text = a.passed();
    Phone b(7);
    czary::app::incoming_share(b.app, text);
    czary::app::accept_incoming_share(b.app);
    CHECK(b.app.ui.tab == czary::app::Tab::Table);  // the game goes on at the table
    czary::app::incoming_share(b.app, text);
    CHECK(polish(b.app) == "Otworzyć przekazaną sesję „Piątek u Oli” (1 krok) jako nową? Sesje zapisane na tym urządzeniu zostaną bez zmian. "
                           "Sesja o tej nazwie już tu jest: przekazana będzie nazwana „Piątek u Oli (2)”.");
    czary::app::accept_incoming_share(b.app);
    CHECK(b.store.current_name() == "Piątek u Oli (2)");
    CHECK(polish(b.app) == "Otwarto przekazaną sesję jako nową: „Piątek u Oli (2)”; sesja „Piątek u Oli” pozostaje zapisana.");
    CHECK(b.store.list().size() == 2);

    czary::app::incoming_share(b.app, a.passed(true));
    CHECK(polish(b.app).find("Otworzyć przekazaną sesję „Piątek u Oli” (tylko obecna pozycja, bez historii) jako nową?") == 0);
    CHECK(polish(b.app).find("„Piątek u Oli (3)”") != std::string::npos);
}
