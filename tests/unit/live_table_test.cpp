// A phone's side of the live table (controller/live_table.hpp) against a host that orders frames
// as src/host/table-host.mjs does (docs/table-protocol.md; the real host is tested with Node phones
// in tests/host/). Every phone's copy must stay the host's.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "app_with_store.hpp"
#include "controller/accessibility.hpp"
#include "controller/live_table.hpp"
#include "core/utf8.hpp"
#include "host/table_core.hpp"

namespace {

using czary::app::App;
using czary::app::PlatformRequest;
using czary::app::TableLink;
using nlohmann::json;

// The host's order, as the protocol says: a step only at the table's version and only when the
// rules take it; confirmed steps go to every phone, refusals to the sender.
struct Host {
    int handle = 0;
    std::vector<json> steps;
    std::vector<App*> phones;  // joined
    std::string id = std::string(32, 'a');
    // As the host does now: a phone's name taken by another phone at the table becomes "Kuba (2)"
    // (the welcome says which), and a hello with the key of a phone at the table takes that
    // phone's place (the older connection gets "replaced" and is read no more). Off: the host
    // before either.
    bool names_and_keys = true;
    std::map<const App*, std::string> names, keys;

    std::set<const App*> deaf;  // phones whose connection lost what the host sent them
    void to(App& phone, const json& frame) {
        if (!deaf.count(&phone)) czary::app::receive_from_table(phone, frame.dump());
    }
    void everyone(const json& frame) {
        for (App* phone : phones) to(*phone, frame);
    }
    bool at_table(const App& phone) const { return std::find(phones.begin(), phones.end(), &phone) != phones.end(); }
    // A phone joins: the name it has here, and the older connection of the same phone replaced.
    std::string join(App& phone, const json& frame) {
        phones.erase(std::remove(phones.begin(), phones.end(), &phone), phones.end());
        const std::string key = frame.value("phone", "");
        std::string name = frame.value("player", "");
        if (names_and_keys) {
            for (App* other : std::vector<App*>(phones))
                if (!key.empty() && keys[other] == key) {
                    to(*other, {{"t", "error"}, {"code", "replaced"}, {"pl", "Ten telefon połączył się ze stołem ponownie."}, {"en", "This phone connected again."}});
                    phones.erase(std::remove(phones.begin(), phones.end(), other), phones.end());
                }
            const auto taken = [&](const std::string& candidate) {
                return std::any_of(phones.begin(), phones.end(), [&](App* other) { return names[other] == candidate; });
            };
            for (int n = 2; taken(name); ++n) name = frame.value("player", "") + " (" + std::to_string(n) + ")";
        }
        names[&phone] = name;
        keys[&phone] = key;
        phones.push_back(&phone);
        return name;
    }
    json welcome(const std::string& name, json fields) const {
        json frame = {{"t", "welcome"}, {"table", id}, {"version", steps.size()}};
        if (names_and_keys) frame["player"] = name;
        frame.update(fields);
        return frame;
    }

    // Takes every frame the phone has queued and answers it.
    void pump(App& phone, std::string player = "") {
        auto requests = std::move(phone.platform_requests);
        phone.platform_requests.clear();
        for (const auto& request : requests) {
            if (request.kind != PlatformRequest::Kind::TableSend) continue;
            const json frame = json::parse(request.text);
            const std::string t = frame["t"];
            if (t == "open") {
                handle = json::parse(table_open(frame["session"].dump().c_str()))["table"];
                const std::string name = join(phone, frame);
                to(phone, welcome(name, {{"session", json::parse(table_file(handle))}}));
            } else if (t == "hello") {
                const std::string name = join(phone, frame);
                if (frame.contains("since") && frame["since"].get<std::size_t>() <= steps.size())
                    to(phone, welcome(name, {{"from", frame["since"]}, {"steps", json(std::vector<json>(steps.begin() + frame["since"].get<long>(), steps.end()))}}));
                else
                    to(phone, welcome(name, {{"session", json::parse(table_file(handle))}}));
            } else if (names_and_keys && !at_table(phone)) {
                continue;  // a replaced connection: its later frames are never read
            } else if (frame["v"] > steps.size()) {
                // The phone's copy is ahead of the table: no step was taken at its version.
                to(phone, {{"t", "refused"}, {"ref", frame["ref"]}, {"version", steps.size()}, {"code", "stale"}, {"pl", "Ktoś był pierwszy"}, {"en", "Somebody was first"}});
            } else if (frame["v"] != steps.size()) {
                const json& first = steps[frame["v"].get<std::size_t>()];
                to(phone, {{"t", "refused"}, {"ref", frame["ref"]}, {"version", steps.size()}, {"code", "stale"}, {"first", first}, {"pl", "Ktoś był pierwszy"}, {"en", "Somebody was first"}});
            } else if (t == "act") {
                if (names.count(&phone)) player = names[&phone];
                json action = frame["action"];
                action["player"] = player;
                const json result = json::parse(table_apply(handle, action.dump().c_str()));
                if (!result["ok"]) {
                    to(phone, {{"t", "refused"}, {"ref", frame["ref"]}, {"version", steps.size()}, {"code", "rules"}, {"refusal", result["refusal"]}});
                    continue;
                }
                // The host keeps each step's ref (its journal too): a phone back after a drop finds
                // its own step among those its welcome brings.
                steps.push_back({{"op", "act"}, {"player", player}, {"action", action}, {"ref", frame["ref"]}});
                json step = steps.back();
                step.update({{"t", "step"}, {"version", steps.size()}});
                everyone(step);
            } else {
                if (names.count(&phone)) player = names[&phone];
                const bool done = t == "undo" ? table_undo(handle) : table_redo(handle);
                REQUIRE(done);
                steps.push_back({{"op", t}, {"player", player}, {"ref", frame["ref"]}});
                json step = steps.back();
                step.update({{"t", "step"}, {"version", steps.size()}});
                everyone(step);
            }
        }
    }

    json file() const { return json::parse(table_file(handle)); }
};

std::size_t frames(const App& app) {
    std::size_t n = 0;
    for (const auto& request : app.platform_requests) n += request.kind == PlatformRequest::Kind::TableSend;
    return n;
}

struct Table {
    test::AppWithStore ania{1}, bartek{2};
    Host host;
    Table() {
        czary::app::join_table(ania.app, "", "Ania", "");
        ania.app.table->link = TableLink::Connecting;
        ania.app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", czary::app::open_table_frame(ania.app)});
        host.pump(ania.app, "Ania");
        czary::app::join_table(bartek.app, host.id, "Bartek", "");
        bartek.app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", czary::app::hello_frame(bartek.app)});
        host.pump(bartek.app, "Bartek");
    }
    void same_everywhere() {
        const json file = host.file();
        CHECK(ania.app.session.to_json() == file);
        CHECK(bartek.app.session.to_json() == file);
    }
};

}  // namespace

TEST_CASE("table protocol: an action goes to the host and is applied when it comes back, on every phone alike, with who made it") {
    Table t;
    REQUIRE(t.ania.app.table->link == TableLink::Joined);
    REQUIRE(t.bartek.app.table->link == TableLink::Joined);
    const std::size_t before = t.ania.app.session.steps().size();
    CHECK(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    // On its way: nothing applied yet, and the toast says so.
    CHECK(t.ania.app.session.steps().size() == before);
    CHECK(t.ania.app.ui.notice->text.pl.find("W drodze do stołu") != std::string::npos);
    CHECK(frames(t.ania.app) == 1);
    t.host.pump(t.ania.app, "Ania");
    CHECK(t.ania.app.session.steps().size() == before + 1);
    t.same_everywhere();
    // Every phone's toast names the player: "Ania: Do oddziału dołącza Larraka."
    const auto& step = t.bartek.app.session.steps().back();
    CHECK(step.player == "Ania");
    CHECK(czary::app::outcome_text(t.bartek.app, step).brief.rfind("Ania: ", 0) == 0);
    CHECK(t.bartek.app.table->version == 1);
    // A second action waits for the first to be confirmed.
    CHECK(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"gilith"}).ok);
    CHECK_FALSE(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"curvenol"}).ok);
    CHECK(t.bartek.app.ui.notice->text.pl.find("jeszcze w drodze") != std::string::npos);
    t.host.pump(t.bartek.app, "Bartek");
    t.same_everywhere();
}

TEST_CASE("table protocol: joining a table makes it a new session of the phone; the session open before stays as it was") {
    test::AppWithStore phone{3};
    REQUIRE(czary::app::dispatch(phone.app, czary::actions::AddHero{"gilith"}).ok);
    const std::string mine = phone.store.current_key();
    const auto kept = phone.app.session.to_json();
    Table t;
    czary::app::join_table(phone.app, t.host.id, "Celina", "");
    CHECK(phone.store.current_key() != mine);
    phone.app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", czary::app::hello_frame(phone.app)});
    t.host.pump(phone.app, "Celina");
    CHECK(phone.app.session.to_json() == t.host.file());
    std::optional<czary::store::StoreProblem> problem;
    const auto reopened = phone.store.open(mine, problem);
    REQUIRE(reopened);
    CHECK(reopened->to_json() == kept);
}

TEST_CASE("table protocol: two phones at one version: one step is taken, the other phone is told who was first and sends again with one tap") {
    Table t;
    CHECK(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    CHECK(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"gilith"}).ok);
    t.host.pump(t.ania.app, "Ania");
    t.host.pump(t.bartek.app, "Bartek");
    const auto& notice = *t.bartek.app.ui.notice;
    CHECK(notice.offer == czary::app::Offer::SendAgain);
    CHECK(notice.text.pl.find("(Ania)") != std::string::npos);
    CHECK(notice.text.pl.find("Twój krok „Dodanie bohatera”") != std::string::npos);
    t.same_everywhere();
    czary::app::send_again_to_table(t.bartek.app);
    t.host.pump(t.bartek.app, "Bartek");
    t.same_everywhere();
    CHECK(t.host.steps.size() == 2);
}

TEST_CASE("table protocol: without a connection a phone is read-only, and catches up on every step it missed when it is back") {
    Table t;
    czary::app::table_connection_lost(t.bartek.app);
    t.host.phones.pop_back();
    CHECK_FALSE(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"gilith"}).ok);
    CHECK(frames(t.bartek.app) == 0);
    CHECK(t.bartek.app.ui.notice->text.pl.find("Brak połączenia ze stołem") != std::string::npos);
    for (const char* hero : {"larraka", "gilith", "curvenol"}) {
        REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{hero}).ok);
        t.host.pump(t.ania.app, "Ania");
    }
    t.bartek.app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", czary::app::hello_frame(t.bartek.app)});
    CHECK(json::parse(t.bartek.app.platform_requests.back().text)["since"] == 0);
    t.host.pump(t.bartek.app, "Bartek");
    CHECK(t.bartek.app.table->link == TableLink::Joined);
    CHECK(t.bartek.app.table->version == 3);
    // What it missed, in one line: the log has every step.
    CHECK(t.bartek.app.ui.notice->text.pl == "Z powrotem przy stole: w międzyczasie 3 kroki (wszystkie są w Dzienniku).");
    t.same_everywhere();
}

TEST_CASE("table protocol: undo and redo go through the host; every phone says who undid what") {
    Table t;
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app, "Ania");
    czary::app::undo(t.bartek.app);
    CHECK(t.bartek.app.session.can_undo());  // not yet: on its way
    t.host.pump(t.bartek.app, "Bartek");
    CHECK_FALSE(t.ania.app.session.can_undo());
    // Who undid, and whose step it was; a phone does not name its own player to itself.
    CHECK(t.ania.app.ui.notice->text.pl == "Cofnięto: Dodanie bohatera (cofa: Bartek)");
    CHECK(t.bartek.app.ui.notice->text.pl == "Cofnięto: Dodanie bohatera (krok: Ania)");
    t.same_everywhere();
    czary::app::redo(t.ania.app);
    t.host.pump(t.ania.app, "Ania");
    CHECK(t.bartek.app.session.can_undo());
    t.same_everywhere();
}

TEST_CASE("table protocol: a step the rules refuse is told on the phone that sent it, and nothing changes anywhere") {
    Table t;
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app, "Ania");
    REQUIRE(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.bartek.app, "Bartek");
    CHECK(t.bartek.app.ui.notice->refusal);
    CHECK(t.bartek.app.ui.notice->text.pl.find("Larraka") != std::string::npos);
    CHECK_FALSE(t.bartek.app.table->sent);
    CHECK(t.host.steps.size() == 1);
    t.same_everywhere();
}

TEST_CASE("table protocol: a frame the copy cannot follow makes it ask for the whole table, and it is the table's again") {
    Table t;
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app, "Ania");
    czary::app::receive_from_table(t.bartek.app, R"({"t":"step","version":7,"op":"act","player":"X","action":{"type":"add_hero","hero":"gilith"}})");
    CHECK(t.bartek.app.table->link == TableLink::Lost);
    czary::app::receive_from_table(t.bartek.app, "{not json");
    t.host.phones.pop_back();
    const json hello = json::parse(czary::app::hello_frame(t.bartek.app));
    CHECK_FALSE(hello.contains("since"));
    t.bartek.app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", hello.dump()});
    t.host.pump(t.bartek.app, "Bartek");
    t.same_everywhere();
}

TEST_CASE("table protocol: another build is refused with the host's words; 'Graj dalej sam' makes the copy this phone's own") {
    Table t;
    czary::app::receive_from_table(t.bartek.app, R"({"t":"error","code":"other_build","pl":"Ten telefon ma inną wersję Czarów niż stół. Zaktualizuj aplikację (odśwież stronę).","en":"Update the app."})");
    CHECK(t.bartek.app.table->link == TableLink::Refused);
    CHECK(t.bartek.app.table->closed == "other_build");
    CHECK(t.bartek.app.ui.notice->text.pl.find("Zaktualizuj") != std::string::npos);
    czary::app::play_on_alone(t.bartek.app);
    CHECK_FALSE(t.bartek.app.table);
    CHECK(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"gilith"}).ok);
    CHECK(t.bartek.app.session.steps().size() == t.ania.app.session.steps().size() + 1);
    CHECK(frames(t.bartek.app) == 0);
}

TEST_CASE("table protocol: opening another session leaves the table; the table's copy stays a saved session") {
    Table t;
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app, "Ania");
    const std::string at_table = t.bartek.store.current_key();
    czary::app::new_session(t.bartek.app);
    CHECK_FALSE(t.bartek.app.table);
    CHECK(t.bartek.app.platform_requests.back().kind == PlatformRequest::Kind::TableClose);
    std::optional<czary::store::StoreProblem> problem;
    const auto copy = t.bartek.store.open(at_table, problem);
    REQUIRE(copy);
    CHECK(copy->to_json() == t.host.file());
}

namespace {

// The phone after a reload: the same storage, a new app opened on it as main() opens it.
struct Reloaded {
    test::MapStore storage;
    czary::store::SessionStore store;
    App app;
    explicit Reloaded(const test::MapStore& from)
        : storage(from), store(storage, [] { return std::int64_t{1'700'000'100'000}; }), app(czary::app::make_app(9)) {
        app.store = &store;
        czary::app::open_start_session(app);
        czary::app::restore_settings(app);
        czary::app::rejoin_table_on_start(app);
    }
};

bool asked_to_connect(const App& app) {
    for (const auto& request : app.platform_requests)
        if (request.kind == PlatformRequest::Kind::TableConnect) return true;
    return false;
}

}  // namespace

TEST_CASE("table link: a phone without a player name is asked once, joins with it, and opening the link again rejoins with its own copy") {
    Table t;
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app, "Ania");
    test::AppWithStore celina{4};
    REQUIRE(czary::app::dispatch(celina.app, czary::actions::AddHero{"gislan"}).ok);  // a session of her own, stored
    const std::string before = celina.store.current_key();
    czary::app::table_link_opened(celina.app, t.host.id);
    // Asked first: no table yet, the Sessions tab with the name field and "Dołącz".
    CHECK_FALSE(celina.app.table);
    CHECK(celina.app.table_waiting->id == t.host.id);
    CHECK(celina.app.ui.tab == czary::app::Tab::Sessions);
    CHECK(celina.app.ui.notice->text.pl.find("Podaj swoje imię") != std::string::npos);
    czary::app::join_waiting_table(celina.app, "   ");
    CHECK_FALSE(celina.app.table);  // no name, no table
    czary::app::join_waiting_table(celina.app, "  Celina ");
    REQUIRE(celina.app.table);
    CHECK(celina.app.player_name == "Celina");
    CHECK(celina.app.table->player == "Celina");
    CHECK(asked_to_connect(celina.app));
    const std::string copy = celina.store.current_key();
    CHECK(copy != before);  // the table came as a new session
    celina.app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", czary::app::hello_frame(celina.app)});
    t.host.pump(celina.app, "Celina");
    REQUIRE(celina.app.table->link == TableLink::Joined);
    CHECK(celina.app.session.to_json() == t.host.file());
    REQUIRE(celina.app.known_tables.size() == 1);
    CHECK(celina.app.known_tables[0].session == copy);
    CHECK(celina.app.known_tables[0].at);

    // Another session opened: the phone leaves the table; the link opened later brings back the
    // copy (no third session, no name asked again).
    czary::app::switch_session(celina.app, before);
    CHECK_FALSE(celina.app.table);
    CHECK_FALSE(celina.app.known_tables[0].at);
    const std::size_t sessions = celina.store.list().size();
    czary::app::table_link_opened(celina.app, t.host.id);
    REQUIRE(celina.app.table);
    CHECK(celina.store.current_key() == copy);
    CHECK(celina.store.list().size() == sessions);
    CHECK_FALSE(celina.app.table_waiting);
}

TEST_CASE("table link: a damaged link is refused with words and joins nothing") {
    test::AppWithStore phone{5};
    phone.app.player_name = "Dawid";
    for (const char* id : {"", "xyz", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "../../etc/passwd", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}) {
        czary::app::table_link_opened(phone.app, id);
        CHECK_FALSE(phone.app.table);
        REQUIRE(phone.app.ui.notice);
        CHECK(phone.app.ui.notice->refusal);
        CHECK(phone.app.ui.notice->text.pl == "Ten link do stołu jest uszkodzony: poproś o nowy kod QR.");
    }
}

TEST_CASE("table on reload: the player's name and the tables are kept with the settings, and a phone that was at a table joins it again") {
    Table t;
    t.ania.app.player_name = "Ania";
    czary::app::remember_settings(t.ania.app);
    Reloaded again(t.ania.storage);
    CHECK(again.app.player_name == "Ania");
    REQUIRE(again.app.table);
    CHECK(again.app.table->id == t.host.id);
    CHECK(again.app.table->player == "Ania");
    CHECK(asked_to_connect(again.app));
    CHECK(again.store.current_key() == t.ania.store.current_key());
    // The whole table comes again (the copy may have missed a step while the page was away).
    again.app.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", czary::app::hello_frame(again.app)});
    t.host.pump(again.app, "Ania");
    CHECK(again.app.table->link == TableLink::Joined);
    CHECK(again.app.session.to_json() == t.host.file());

    // "Graj dalej sam": the table is forgotten, a reload stays alone.
    czary::app::play_on_alone(t.ania.app);
    CHECK(t.ania.app.known_tables.empty());
    czary::app::remember_settings(t.ania.app);
    Reloaded alone(t.ania.storage);
    CHECK_FALSE(alone.app.table);
}

TEST_CASE("table settings: damaged entries are left out one by one and never stop the start") {
    test::AppWithStore phone{6};
    const std::string good(32, 'b');
    phone.app.player_name = "x";
    czary::app::apply_settings(phone.app, json::parse(R"({"player": 5, "tables": [1, null, {"id": "../x", "session": "k"},
        {"id": ")" + good + R"(", "session": "k", "mine": [1, "larraka", {}], "at": "yes"},
        {"id": ")" + good + R"(", "session": "other"}, {"id": ")" + std::string(32, 'c') + R"("}]})"));
    CHECK(phone.app.player_name == "x");
    REQUIRE(phone.app.known_tables.size() == 1);
    CHECK(phone.app.known_tables[0].id == good);
    CHECK(phone.app.known_tables[0].mine == std::vector<std::string>{"larraka"});
    CHECK_FALSE(phone.app.known_tables[0].at);
    czary::app::apply_settings(phone.app, json::parse(R"({"player": "  Ola  ", "tables": "no"})"));
    CHECK(phone.app.player_name == "Ola");
    // A name longer than the host takes is cut to 40 whole characters.
    std::string long_name;
    for (int i = 0; i < 50; ++i) long_name += "ź";
    czary::app::apply_settings(phone.app, json{{"player", long_name}});
    CHECK(czary::utf8_length(phone.app.player_name) == 40);

    // As many tables and characters as a phone keeps, with the longest ids, are read back whole.
    phone.app.known_tables.clear();
    for (std::size_t i = 0; i < czary::app::max_known_tables; ++i) {
        czary::app::KnownTable entry{std::string(31, 'd') + "0123456789abcdef"[i], "", "czary.session." + std::string(50, '9'), {}, i == 0};
        for (std::size_t c = 0; c < czary::app::max_characters_played; ++c) entry.mine.push_back(std::string(62, 'x') + std::to_string(10 + c));
        phone.app.known_tables.push_back(entry);
    }
    czary::app::remember_settings(phone.app);
    Reloaded again(phone.storage);
    CHECK(again.app.player_name == phone.app.player_name);
    REQUIRE(again.app.known_tables.size() == czary::app::max_known_tables);
    CHECK(again.app.known_tables.back().mine == phone.app.known_tables.back().mine);
}

TEST_CASE("table: each phone chooses the characters it plays; they come first on it and one is shown when nothing is chosen") {
    Table t;
    for (const char* hero : {"larraka", "gilith", "curvenol"}) {
        REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{hero}).ok);
        t.host.pump(t.ania.app, "Ania");
    }
    const auto ids = czary::app::characters_mine_first(t.bartek.app);
    REQUIRE(ids.size() == 3);
    t.bartek.app.ui.selected.clear();
    czary::app::toggle_plays(t.bartek.app, ids[2]);
    CHECK(czary::app::plays(t.bartek.app, ids[2]));
    CHECK_FALSE(czary::app::plays(t.ania.app, ids[2]));  // this phone's choice only
    CHECK(t.bartek.app.ui.selected == ids[2]);
    CHECK(czary::app::characters_mine_first(t.bartek.app) == std::vector<std::string>{ids[2], ids[0], ids[1]});
    czary::app::toggle_plays(t.bartek.app, ids[2]);
    CHECK_FALSE(czary::app::plays(t.bartek.app, ids[2]));
    CHECK(czary::app::characters_mine_first(t.bartek.app) == ids);
}

TEST_CASE("table protocol: every open of one table carries the same random opening key, so that an open sent again finds its table") {
    test::AppWithStore ania{7}, bartek{8};
    czary::app::join_table(ania.app, "", "Ania", "");
    czary::app::join_table(bartek.app, "", "Bartek", "");
    const std::string key = json::parse(czary::app::first_frame(ania.app))["opening"];
    CHECK(czary::app::is_table_id(key));
    CHECK(json::parse(czary::app::first_frame(ania.app))["opening"] == key);  // sent again: the same
    CHECK(json::parse(czary::app::first_frame(bartek.app))["opening"] != key);
}

TEST_CASE("table protocol: what a stale step offers: the same action done already is not sent twice, an undo is never sent again, a roll of the tray is") {
    Table t;
    // Both tap the same (two players, "Następna faza" say): one is done, the other told so.
    CHECK(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    CHECK(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app, "Ania");
    t.host.pump(t.bartek.app, "Bartek");
    CHECK(t.bartek.app.ui.notice->offer == czary::app::Offer::None);
    CHECK(t.bartek.app.ui.notice->text.pl == "To samo dotarło już do stołu: Dodanie bohatera (Ania). Twój krok nie był potrzebny.");
    CHECK_FALSE(t.bartek.app.table->send_again);
    // An undo that came late would undo another step than the one its player saw.
    CHECK(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"gilith"}).ok);
    czary::app::undo(t.bartek.app);
    t.host.pump(t.ania.app, "Ania");
    t.host.pump(t.bartek.app, "Bartek");
    CHECK(t.bartek.app.ui.notice->offer == czary::app::Offer::None);
    CHECK(t.bartek.app.ui.notice->text.pl.find("Twoje cofnięcie nie zostało wykonane") != std::string::npos);
    CHECK_FALSE(t.bartek.app.table->send_again);
    // Two rolls of the tray: each player's own, offered again.
    CHECK(czary::app::dispatch(t.ania.app, czary::actions::RollDice{"2K6", "tray"}).ok);
    CHECK(czary::app::dispatch(t.bartek.app, czary::actions::RollDice{"2K6", "tray"}).ok);
    t.host.pump(t.ania.app, "Ania");
    t.host.pump(t.bartek.app, "Bartek");
    CHECK(t.bartek.app.ui.notice->offer == czary::app::Offer::SendAgain);
    t.same_everywhere();
    CHECK(t.host.steps.size() == 3);
}

namespace {

// A phone joining `host` as the platform does it: the first frame of the connection, answered.
void connect(Host& host, App& phone) {
    phone.platform_requests.push_back({PlatformRequest::Kind::TableSend, "", czary::app::first_frame(phone)});
    host.pump(phone);
}

// The refs of the steps a phone has sent and not yet had answered.
std::vector<std::string> refs_sent(const App& app) {
    std::vector<std::string> refs;
    for (const auto& request : app.platform_requests)
        if (request.kind == PlatformRequest::Kind::TableSend) refs.push_back(json::parse(request.text).value("ref", ""));
    return refs;
}

// A second tab of the same browser: the same storage (and so the same settings and phone key),
// its own session store and app, opened as main() opens it.
struct SecondTab {
    czary::store::SessionStore store;
    App app;
    explicit SecondTab(test::MapStore& shared) : store(shared, [] { return std::int64_t{1'700'000'200'000}; }), app(czary::app::make_app(77)) {
        app.store = &store;
        czary::app::open_start_session(app);
        czary::app::restore_settings(app);
        czary::app::rejoin_table_on_start(app);
    }
};

}  // namespace

TEST_CASE("table protocol: two phones named alike each keep their own steps: the host names the second 'Kuba (2)', every ref has a random part, and each loser of a race is offered 'Wyślij ponownie'") {
    for (const bool newer_host : {true, false}) {
        CAPTURE(newer_host);
        Host host;
        host.names_and_keys = newer_host;
        test::AppWithStore first{21}, second{22};
        czary::app::open_table_for_others(first.app, "Kuba");
        connect(host, first.app);
        czary::app::join_table_as(second.app, host.id, "Kuba");
        connect(host, second.app);
        REQUIRE(second.app.table->link == TableLink::Joined);
        // The name this phone has at the table, for this table only; the player's own stays.
        CHECK(second.app.player_name == "Kuba");
        CHECK(second.app.table->player == (newer_host ? "Kuba (2)" : "Kuba"));
        CHECK(second.app.ui.notice->text.pl == (newer_host ? "Jesteś przy stole jako Kuba (2)." : "Jesteś przy stole jako Kuba."));
        CHECK(first.app.table->player == "Kuba");
        // Each of the two loses one race and is offered its own step again.
        for (App* loser : {&second.app, &first.app}) {
            App* winner = loser == &second.app ? &first.app : &second.app;
            REQUIRE(czary::app::dispatch(*winner, czary::actions::RollDice{"2K6", "tray"}).ok);
            REQUIRE(czary::app::dispatch(*loser, czary::actions::RollDice{"2K6", "tray"}).ok);
            CHECK(refs_sent(*winner) != refs_sent(*loser));  // the same name, never the same ref
            CHECK(refs_sent(*loser).at(0).rfind(loser->table->player + "-", 0) == 0);
            host.pump(*winner);
            CHECK(loser->table->sent);  // the winner's step is not taken for the loser's own
            host.pump(*loser);
            REQUIRE(loser->ui.notice);
            CHECK(loser->ui.notice->offer == czary::app::Offer::SendAgain);
            CHECK(loser->ui.notice->text.pl.rfind("Wcześniej dotarło do stołu: Rzut", 0) == 0);
            CHECK(loser->table->send_again);
            czary::app::send_again_to_table(*loser);
            host.pump(*loser);
            CHECK_FALSE(loser->table->sent);
        }
        CHECK(host.steps.size() == 4);
        CHECK(first.app.session.to_json() == host.file());
        CHECK(second.app.session.to_json() == host.file());
        // The log says who made each: two distinct names with the newer host.
        if (newer_host) CHECK(host.steps.back()["player"] == "Kuba");
        if (newer_host) CHECK(host.steps[0]["player"] == "Kuba");
        if (newer_host) CHECK(host.steps[1]["player"] == "Kuba (2)");
    }
}

TEST_CASE("table protocol: a phone's key is made once, sent in every open and hello, and kept with the settings") {
    Table t;
    const std::string key = t.ania.app.phone_key;
    CHECK(czary::app::is_phone_key(key));
    CHECK(key.size() == 32);
    CHECK(t.bartek.app.phone_key != key);
    CHECK(json::parse(czary::app::open_table_frame(t.ania.app))["phone"] == key);
    CHECK(json::parse(czary::app::hello_frame(t.ania.app))["phone"] == key);
    // The next table of this phone: the same key.
    czary::app::play_on_alone(t.ania.app);
    czary::app::join_table(t.ania.app, t.host.id, "Ania", "");
    CHECK(json::parse(czary::app::first_frame(t.ania.app))["phone"] == key);
    czary::app::remember_settings(t.ania.app);
    Reloaded again(t.ania.storage);
    CHECK(again.app.phone_key == key);
    for (const char* bad : {"short", "spaces are not allowed here ok", "żółwżółwżółwżółwżółw"}) {
        test::AppWithStore phone{23};
        czary::app::apply_settings(phone.app, json{{"phone", bad}});
        CHECK(phone.app.phone_key.empty());
    }
    CHECK(czary::app::is_phone_key("abcdefghijklmnop"));
    CHECK(czary::app::is_phone_key("A-b_9" + std::string(59, 'x')));
    CHECK_FALSE(czary::app::is_phone_key(std::string(65, 'x')));
}

TEST_CASE("table protocol: a second tab of the same phone takes the table; the first says so in words, is read-only, shows no step the table did not confirm, and 'Połącz ponownie' brings the table back") {
    Table t;
    t.bartek.app.player_name = "Bartek";
    czary::app::remember_settings(t.bartek.app);
    // A roll on its way from the first tab when the second opens.
    REQUIRE(czary::app::dispatch(t.bartek.app, czary::actions::RollDice{"2K6", "tray"}).ok);
    const std::size_t steps_before = t.bartek.app.session.steps().size();
    SecondTab second(t.bartek.storage);
    REQUIRE(second.app.table);
    connect(t.host, second.app);
    REQUIRE(second.app.table->link == TableLink::Joined);
    CHECK(second.app.table->player == "Bartek");
    // The first tab: told why, and that its roll was not made; read-only, not connecting again.
    auto& first = t.bartek.app;
    REQUIRE(first.table);
    CHECK(first.table->elsewhere);
    CHECK(first.table->closed == "replaced");
    CHECK_FALSE(first.table->sent);
    CHECK_FALSE(czary::app::table_should_reconnect(first));
    CHECK(czary::app::first_frame(first).empty());
    CHECK(first.ui.notice->refusal);
    CHECK(first.ui.notice->text.pl.rfind("Twój krok „Rzut", 0) == 0);
    CHECK(first.ui.notice->text.pl.find("nie dotarł do stołu i nie został wykonany. Ten stół jest teraz otwarty w innej karcie lub oknie Czarów") != std::string::npos);
    // Its roll's frame reaches nothing (the host reads no more of a replaced connection).
    t.host.pump(first);
    CHECK(t.host.steps.empty());
    CHECK(first.session.steps().size() == steps_before);
    CHECK_FALSE(czary::app::dispatch(first, czary::actions::AddHero{"gilith"}).ok);
    CHECK(first.ui.notice->text.pl.find("krok nie został wysłany") != std::string::npos);
    CHECK(frames(first) == 0);
    // The second tab plays; the first shows what it saved, never leaving the table.
    REQUIRE(czary::app::dispatch(second.app, czary::actions::AddHero{"gilith"}).ok);
    t.host.pump(second.app);
    czary::app::storage_changed(first);
    REQUIRE(first.table);
    CHECK(first.table->elsewhere);
    CHECK(first.session.to_json() == t.host.file());
    const std::size_t stored = t.bartek.store.list().size();
    // "Połącz ponownie" in the first tab: the table comes back to it, the second is told.
    czary::app::reconnect_table(first);
    CHECK_FALSE(first.table->elsewhere);
    connect(t.host, first);
    REQUIRE(first.table->link == TableLink::Joined);
    CHECK(second.app.table->elsewhere);
    CHECK(second.app.ui.notice->text.pl.find("otwarty w innej karcie") != std::string::npos);
    REQUIRE(czary::app::dispatch(first, czary::actions::AddHero{"curvenol"}).ok);
    t.host.pump(first);
    CHECK(first.session.to_json() == t.host.file());
    // Saved where it was, no copy of its own made by a conflict with the other tab's saves.
    CHECK(t.bartek.store.list().size() == stored);
    CHECK_FALSE((first.ui.notice && first.ui.notice->refusal));
    czary::app::storage_changed(second.app);
    CHECK(second.app.session.to_json() == t.host.file());
}

TEST_CASE("table protocol: a tab whose table copy another tab saved stays at the table, read-only, never leaving it nor saving over the other tab; its step on its way is done only when the table confirms it") {
    Table t;
    t.host.names_and_keys = false;  // a host that lets both tabs be at the table
    t.bartek.app.player_name = "Bartek";
    czary::app::remember_settings(t.bartek.app);
    auto& first = t.bartek.app;
    REQUIRE(czary::app::dispatch(first, czary::actions::RollDice{"2K6", "tray"}).ok);
    SecondTab second(t.bartek.storage);
    connect(t.host, second.app);
    REQUIRE(second.app.table->link == TableLink::Joined);
    // The second tab saved the table's copy: the first one's storage event.
    czary::app::storage_changed(first);
    REQUIRE(first.table);  // the table is not left
    CHECK(first.table->elsewhere);
    CHECK(first.table->link == TableLink::Joined);
    CHECK(first.ui.notice->text.pl.find("otwarty w innej karcie") != std::string::npos);
    CHECK(first.table->sent);  // still on its way: not shown as done, not said lost
    t.host.pump(first);
    CHECK_FALSE(first.table->sent);  // confirmed: now done, on both tabs
    CHECK(first.session.to_json() == t.host.file());
    CHECK(second.app.session.to_json() == t.host.file());
    czary::app::storage_changed(first);
    CHECK(first.session.to_json() == t.host.file());
    CHECK_FALSE(czary::app::dispatch(first, czary::actions::AddHero{"gilith"}).ok);
    CHECK_FALSE(czary::app::table_should_reconnect(first));
    // The second tab's saves were never written over: it saves its next step without a conflict.
    const std::size_t stored = t.bartek.store.list().size();
    REQUIRE(czary::app::dispatch(second.app, czary::actions::AddHero{"gilith"}).ok);
    t.host.pump(second.app);
    CHECK(second.store.list().size() == stored);
    CHECK(first.session.to_json() == t.host.file());
}

TEST_CASE("table protocol: a name the app cannot read in the phones at the table is left out, never the frame: the phone stays at the table and may act") {
    Table t;
    czary::app::receive_from_table(t.ania.app, R"({"t":"phones","phones":4,"players":["Ania","\ud800","Żaneta \ud83d\ude00","x\udc00y"]})");
    CHECK(t.ania.app.table->link == TableLink::Joined);
    CHECK(t.ania.app.table->phones == 4);
    CHECK(t.ania.app.table->players == std::vector<std::string>{"Ania", "Żaneta 😀"});
    czary::app::receive_from_table(t.ania.app, R"({"t":"phones","phones":"x","players":{"a":1}})");
    CHECK(t.ania.app.table->link == TableLink::Joined);
    CHECK(t.ania.app.table->players.empty());
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app);
    t.same_everywhere();
    // An escaped backslash before "u" is no escape of a code unit: that name reads as it is.
    czary::app::receive_from_table(t.ania.app, R"({"t":"phones","phones":2,"players":["a\\ud800","\ud800"]})");
    CHECK(t.ania.app.table->link == TableLink::Joined);
    CHECK(t.ania.app.table->players == std::vector<std::string>{"a\\ud800"});
}

TEST_CASE("table protocol: a copy ahead of the table: the stale step says so in words, keeps the copy as a session and asks for the whole table") {
    Table t;
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app);
    // The host lost its last step (a damaged journal): Bartek's copy is a step ahead.
    t.host.steps.pop_back();
    REQUIRE(table_undo(t.host.handle));
    const std::size_t sessions = t.bartek.store.list().size();
    REQUIRE(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"gilith"}).ok);
    t.bartek.app.platform_requests.erase(t.bartek.app.platform_requests.begin(), t.bartek.app.platform_requests.end() - 1);
    t.host.pump(t.bartek.app);
    const auto& notice = *t.bartek.app.ui.notice;
    CHECK(notice.refusal);
    CHECK(notice.offer == czary::app::Offer::None);
    CHECK(notice.text.pl.rfind("Kopia gry na tym telefonie wyprzedziła stół (ma kroki, których stół nie ma), więc twój krok „Dodanie bohatera” nie został wykonany. Telefon pobiera teraz grę ze stołu. Dotychczasowa kopia z tego telefonu jest zapisana jako sesja „", 0) == 0);
    CHECK(notice.text.pl.find("(z tego telefonu)”.") != std::string::npos);
    CHECK(t.bartek.store.list().size() == sessions + 1);
    CHECK_FALSE(t.bartek.app.table->send_again);
    CHECK(asked_to_connect(t.bartek.app));
    CHECK_FALSE(json::parse(czary::app::first_frame(t.bartek.app)).contains("since"));
    t.bartek.app.platform_requests.clear();
    connect(t.host, t.bartek.app);
    CHECK(t.bartek.app.table->link == TableLink::Joined);
    CHECK(t.bartek.app.session.to_json() == t.host.file());
}

TEST_CASE("table protocol: a phone coming back to a table that has fewer steps than its copy is told, and its copy is kept as a session") {
    Table t;
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.host.pump(t.ania.app);
    czary::app::table_connection_lost(t.bartek.app);
    t.host.phones.pop_back();
    t.host.steps.pop_back();
    REQUIRE(table_undo(t.host.handle));
    const std::size_t sessions = t.bartek.store.list().size();
    CHECK(json::parse(czary::app::first_frame(t.bartek.app))["since"] == 1);
    connect(t.host, t.bartek.app);
    REQUIRE(t.bartek.app.table->link == TableLink::Joined);
    CHECK(t.bartek.app.ui.notice->text.pl.rfind("Stół ma mniej kroków niż kopia gry na tym telefonie: telefon pokazuje teraz grę ze stołu. Dotychczasowa kopia z tego telefonu jest zapisana jako sesja „", 0) == 0);
    CHECK(t.bartek.store.list().size() == sessions + 1);
    CHECK(t.bartek.app.session.to_json() == t.host.file());
}

TEST_CASE("table protocol: the host's refusals and errors without words of the app's own are shown in the host's words") {
    Table t;
    REQUIRE(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"larraka"}).ok);
    const std::string ref = refs_sent(t.bartek.app).at(0);
    czary::app::receive_from_table(t.bartek.app, json{{"t", "refused"}, {"ref", ref}, {"version", 0}, {"code", "journal_full"},
                                                      {"pl", "Dziennik stołu jest pełny: stół nie przyjmuje już kroków."}, {"en", "The table's journal is full."}}.dump());
    CHECK(t.bartek.app.ui.notice->text.pl == "Dziennik stołu jest pełny: stół nie przyjmuje już kroków.");
    CHECK_FALSE(t.bartek.app.table->sent);
    CHECK(t.bartek.app.table->link == TableLink::Joined);
    for (const char* code : {"too_many_tables", "disk_table", "host_full"}) {
        Table other;
        czary::app::receive_from_table(other.bartek.app, json{{"t", "error"}, {"code", code}, {"pl", std::string("Słowa hosta: ") + code}, {"en", "Host's words"}}.dump());
        CHECK(other.bartek.app.table->link == TableLink::Refused);
        CHECK(other.bartek.app.table->closed == code);
        CHECK(other.bartek.app.ui.notice->text.pl == std::string("Słowa hosta: ") + code);
        CHECK_FALSE(czary::app::table_should_reconnect(other.bartek.app));
    }
}

TEST_CASE("table: the page hook's join keeps the player's name as the interface does, and refuses an empty one") {
    test::AppWithStore phone{24};
    czary::app::join_table_as(phone.app, std::string(32, 'a'), "   ");
    CHECK_FALSE(phone.app.table);
    CHECK(phone.app.ui.notice->text.pl.find("Podaj swoje imię") != std::string::npos);
    czary::app::join_table_as(phone.app, std::string(32, 'a'), "  Łucja ");
    REQUIRE(phone.app.table);
    CHECK(phone.app.table->player == "Łucja");
    CHECK(phone.app.player_name == "Łucja");
    test::AppWithStore opener{25};
    czary::app::open_table_for_others(opener.app, "Żaneta");
    CHECK(opener.app.player_name == "Żaneta");
}

TEST_CASE("table protocol: a ref is the player's name, a random part and a count, within the host's 64 UTF-16 units whatever the name") {
    for (const std::string& name : {std::string("Łucja"), std::string(40, 'x'), [] {
             std::string emoji;
             for (int i = 0; i < 40; ++i) emoji += "😀";
             return emoji;
         }()}) {
        test::AppWithStore phone{26};
        czary::app::join_table(phone.app, std::string(32, 'a'), name, "");
        phone.app.table->link = TableLink::Joined;
        REQUIRE(czary::app::dispatch(phone.app, czary::actions::RollDice{"2K6", "tray"}).ok);
        const std::string ref = refs_sent(phone.app).at(0);
        std::size_t units = 0;
        for (const char c : ref) units += (static_cast<unsigned char>(c) & 0xC0) == 0x80 ? 0 : static_cast<unsigned char>(c) >= 0xF0 ? 2 : 1;
        CAPTURE(ref);
        CHECK(units <= 64);
        CHECK(ref.size() > 11);
        CHECK(ref.substr(ref.size() - 11) .find_first_not_of("0123456789abcdef-") == std::string::npos);
        CHECK(ref.compare(ref.size() - 2, 2, "-1") == 0);
        CHECK(name.rfind(ref.substr(0, ref.size() - 11), 0) == 0);  // the name, or its first characters
    }
}

TEST_CASE("table protocol: a step on its way when the connection drops is done if the welcome brings it; if not, the player is told it was not made and may send it again") {
    Table t;
    const auto drop = [&](App& phone) {
        czary::app::table_connection_lost(phone);
        t.host.phones.erase(std::remove(t.host.phones.begin(), t.host.phones.end(), &phone), t.host.phones.end());
    };
    // The frame is lost with the connection: the host never read it.
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"larraka"}).ok);
    t.ania.app.platform_requests.clear();
    drop(t.ania.app);
    REQUIRE(czary::app::dispatch(t.bartek.app, czary::actions::AddHero{"gilith"}).ok);
    t.host.pump(t.bartek.app, "Bartek");
    connect(t.host, t.ania.app);
    REQUIRE(t.ania.app.table->link == TableLink::Joined);
    CHECK(t.ania.app.table->version == 1);
    REQUIRE(t.ania.app.ui.notice);
    CHECK(t.ania.app.ui.notice->text.pl.find("nie dotarł do stołu i nie został wykonany") != std::string::npos);
    CHECK(t.ania.app.ui.notice->refusal);
    REQUIRE(t.ania.app.table->send_again);
    czary::app::send_again_to_table(t.ania.app);
    t.host.pump(t.ania.app, "Ania");
    CHECK(t.host.steps.size() == 2);
    t.same_everywhere();

    // The host read it and the connection dropped before the step came back: the welcome brings
    // it, applied as this phone's own, and nothing is said to be lost.
    REQUIRE(czary::app::dispatch(t.ania.app, czary::actions::AddHero{"curvenol"}).ok);
    t.host.deaf.insert(&t.ania.app);
    t.host.pump(t.ania.app, "Ania");
    drop(t.ania.app);
    t.host.deaf.clear();
    connect(t.host, t.ania.app);
    CHECK(t.host.steps.size() == 3);
    CHECK(t.ania.app.table->version == 3);
    CHECK_FALSE(t.ania.app.table->unsure);
    CHECK_FALSE(t.ania.app.table->send_again);
    CHECK((!t.ania.app.ui.notice || t.ania.app.ui.notice->text.pl.find("nie dotarł") == std::string::npos));
    t.same_everywhere();
}

TEST_CASE("table protocol: 'Połącz ponownie' after the connection is lost says at once that the phone is connecting") {
    Table t;
    czary::app::table_connection_lost(t.bartek.app);
    REQUIRE(t.bartek.app.table->link == TableLink::Lost);
    czary::app::reconnect_table(t.bartek.app);
    CHECK(t.bartek.app.table->link == TableLink::Connecting);
    CHECK(t.bartek.app.platform_requests.back().kind == PlatformRequest::Kind::TableConnect);
}
