#pragma once
// A session at a test table: apply actions, expect them to pass or be refused with a rule.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "core/formation.hpp"
#include "core/session.hpp"
#include "core/state_json.hpp"

namespace test {

using json = nlohmann::json;

struct Table {
    czary::Session session = czary::Session::with_seed(1234);

    const czary::GameState& state() const { return session.state(); }
    const czary::Figure& fig(const std::string& id) const {
        const auto* f = session.state().find(id);
        REQUIRE_MESSAGE(f != nullptr, "no figure " << id);
        return *f;
    }

    czary::ApplyResult ok(const json& action) {
        auto result = session.apply(action);
        INFO("action: " << action.dump());
        INFO("refused: " << result.refusal.code << " " << result.refusal.en);
        REQUIRE(result.ok);
        for (const auto& entry : result.log) {  // every placeholder of the message filled
            CHECK_MESSAGE(entry.text().pl.find('{') == std::string::npos, entry.text().pl);
            CHECK_MESSAGE(entry.text().en.find('{') == std::string::npos, entry.text().en);
        }
        return result;
    }

    // Expects a refusal with this code and rule; checks that the state did not change.
    czary::Refusal refused(const json& action, const std::string& code, const std::string& rule) {
        const auto before = czary::state_to_json(session.state()).dump();
        auto result = session.apply(action);
        INFO("action: " << action.dump());
        REQUIRE_FALSE(result.ok);
        CHECK(result.refusal.code == code);
        CHECK(result.refusal.rule == rule);
        CHECK_FALSE(result.refusal.pl.empty());
        CHECK(result.refusal.pl.rfind("refuse.", 0) != 0);  // a real message, not the bare key
        CHECK_MESSAGE(result.refusal.pl.find('{') == std::string::npos, result.refusal.pl);  // every placeholder filled
        CHECK_MESSAGE(result.refusal.en.find('{') == std::string::npos, result.refusal.en);
        CHECK(czary::state_to_json(session.state()).dump() == before);
        return result.refusal;
    }

    // Party used by most tests (ids c1.., then monsters m..):
    //   c1 Larraka  siła 5, odp 3, potential 6/5/4
    //   c2 Gislan   siła 10, odp 3, 4/4/4, traps 3
    //   c3 Curvenol siła 9, odp 1, 5/5/5
    // Sun yellow (die 3): c1 marks 5, c2 marks 4, c3 marks 5.
    void party() {
        ok({{"type", "add_hero"}, {"hero", "larraka"}});
        ok({{"type", "add_hero"}, {"hero", "gislan"}});
        ok({{"type", "add_hero"}, {"hero", "curvenol"}});
    }

    void adventure(const json& c1_marks, const json& c2_marks, const json& c3_marks) {
        ok({{"type", "set_pool"}, {"character", "c1"}, {"spells", pad(c1_marks, 6)}});
        ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", pad(c2_marks, 4)}});
        ok({{"type", "set_pool"}, {"character", "c3"}, {"spells", pad(c3_marks, 5)}});
        ok({{"type", "begin_adventure"}, {"dice", {3}}});
        ok({{"type", "mark_spells"}, {"character", "c1"}, {"spells", pad(c1_marks, 5)}});
        ok({{"type", "mark_spells"}, {"character", "c2"}, {"spells", pad(c2_marks, 4)}});
        ok({{"type", "mark_spells"}, {"character", "c3"}, {"spells", pad(c3_marks, 5)}});
        for (const char* id : {"c1", "c2", "c3"})
            for (const char* limited : {"uzdrowienie", "odmlodzenie"})
                if (std::find(fig(id).marked.begin(), fig(id).marked.end(), limited) != fig(id).marked.end())
                    ok({{"type", "roll_use_limit"}, {"character", id}, {"spell", limited}, {"dice", {2}}});
        ok({{"type", "enter_labyrinth"}});
    }

    // The usual: everyone's pool filled up to its size with spells of the list below.
    static json standard_marks(int character) {
        if (character == 1) return {"blyskawica", "wybuch", "uzdrowienie", "magiczna_tarcza", "uspienie"};
        if (character == 2) return {"magiczna_zbroja", "zamek", "sila", "elokwencja"};
        return {"eksplozja", "urok", "uwolnienie", "odmlodzenie", "psychiczny_cios"};
    }
    void standard_adventure() { adventure(standard_marks(1), standard_marks(2), standard_marks(3)); }

    // Only the pools of standard_adventure(): the party may then begin an adventure (4.1 B6, 10.0).
    void standard_pools() {
        ok({{"type", "set_pool"}, {"character", "c1"}, {"spells", pad(standard_marks(1), 6)}});
        ok({{"type", "set_pool"}, {"character", "c2"}, {"spells", pad(standard_marks(2), 4)}});
        ok({{"type", "set_pool"}, {"character", "c3"}, {"spells", pad(standard_marks(3), 5)}});
    }

    // The usual party in the labyrinth after standard_adventure(), the usual start of a test.
    static Table in_labyrinth() {
        Table t;
        t.party();
        t.standard_adventure();
        return t;
    }

    // A figure steps back to the first place of rank 2 (the others keep the first rank).
    void to_second_rank(const std::string& id) { ok({{"type", "move_figure"}, {"figure", id}, {"rank", 2}, {"slot", 1}}); }
    void c1_to_second_rank() { to_second_rank("c1"); }

    // A fourth character, Tragarz, behind the first rank: someone to step forward when 9.8
    // pkt 4 wants one (a charm or a death leaves one alone in the first rank).
    void porter_in_second_rank() {
        porter = ok({{"type", "add_character"}, {"name", "Tragarz"}, {"sila", 6}, {"odpornosc", 1}}).outcome.at("figure").get<std::string>();
        ok({{"type", "move_figure"}, {"figure", porter}, {"rank", 2}, {"slot", 2}});
    }
    std::string porter;

    // From phase 2 to the next round's phase 1, the porter stepping into the first rank in phase 4
    // (9.8 pkt 4: owed when one is left there).
    void next_round_porter_forward() {
        next_phases(1);
        ok({{"type", "move_figure"}, {"figure", porter}, {"rank", 1}, {"slot", 2}});
        next_phases(2);
    }

    void next_phases(int count) {
        for (int i = 0; i < count; ++i) ok({{"type", "next_phase"}});
    }

    // The usual party in a fight with a troll (m4, siła 9, odporność 3); Larraka (c1) behind.
    static Table fight_with_troll() {
        Table t = in_labyrinth();
        t.c1_to_second_rank();
        t.monster("troll", 9);
        t.ok({{"type", "start_fight"}});
        return t;
    }

    std::string monster(const std::string& kind, int sila) {
        auto result = ok({{"type", "add_monster"}, {"kind", kind}, {"sila", sila}});
        return result.outcome.at("figure").get<std::string>();
    }

    static json pad(json spells, std::size_t size) {
        static const char* fillers[] = {"zamek",           "sila",         "delikatne_palce", "elokwencja",
                                        "sugestia",        "pochlebstwo",  "zastraszenie",    "zniechecenie",
                                        "neutralizacja_trucizny", "teleportacja", "ozywienie_kamienia",
                                        "niepewnosc",      "zawieszenie_broni"};
        for (const char* filler : fillers) {
            if (spells.size() >= size) break;
            if (std::find(spells.begin(), spells.end(), filler) == spells.end()) spells.push_back(filler);
        }
        while (spells.size() > size) spells.erase(spells.end() - 1);
        return spells;
    }
};

}  // namespace test
