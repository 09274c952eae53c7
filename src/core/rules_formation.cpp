// Formations: ranks of three places, the party's facing the monsters' (4.1 C, 9.1, 9.8).
#include <algorithm>
#include <cstdint>
#include <limits>
#include <string_view>
#include <functional>

#include "core/handlers.hpp"
#include "core/turn.hpp"

namespace czary {

Formation& formation_of(GameState& s, Side side) { return side == Side::Party ? s.party : s.monsters; }

Place place_of(const GameState& s, const std::string& id) {
    for (const Formation* formation : {&s.party, &s.monsters})
        for (int rank = 0; rank < static_cast<int>(formation->ranks.size()); ++rank)
            for (int slot = 0; slot < 3; ++slot)
                if (formation->ranks[rank][slot] == id) return {rank, slot};
    return {};
}

bool in_party_ranks(const GameState& s, const std::string& id) {
    for (const auto& rank : s.party.ranks)
        for (const auto& place : rank)
            if (place == id) return true;
    return false;
}

void remove_from_board(GameState& s, const std::string& id) {
    for (Formation* formation : {&s.party, &s.monsters}) {
        for (auto& rank : formation->ranks)
            for (auto& place : rank)
                if (place == id) place.clear();
        // 9.8: "Dokonuje się ona w czasie odpowiedniej fazy": in a fight a rank emptied stays on
        // the board, a gap, until its side's reorganisation (phase 4, phase 5: close_ranks).
        if (!s.fight.active) compact(*formation);
    }
}

Place place_first_free(Formation& formation, const std::string& id) {
    for (int rank = 0; rank < static_cast<int>(formation.ranks.size()); ++rank)
        for (int slot = 0; slot < 3; ++slot)
            if (formation.ranks[rank][slot].empty()) {
                formation.ranks[rank][slot] = id;
                return {rank, slot};
            }
    // Every rank is full: a new rank opens behind the last.
    formation.ranks.push_back({id, "", ""});
    return {static_cast<int>(formation.ranks.size()) - 1, 0};
}

void close_ranks(Turn& t, Side side) {
    Formation& formation = formation_of(t.s, side);
    bool gap = false, behind = false;
    for (auto rank = formation.ranks.rbegin(); rank != formation.ranks.rend(); ++rank) {
        const bool empty = (*rank)[0].empty() && (*rank)[1].empty() && (*rank)[2].empty();
        if (empty && behind) gap = true;
        behind = behind || !empty;
    }
    compact(formation);
    if (gap) t.note(side == Side::Party ? "party_ranks_close_up" : "monster_ranks_close_up", "9.8");
}

void compact(Formation& formation) {
    auto empty = [](const std::array<std::string, 3>& rank) {
        return rank[0].empty() && rank[1].empty() && rank[2].empty();
    };
    formation.ranks.erase(std::remove_if(formation.ranks.begin(), formation.ranks.end(), empty), formation.ranks.end());
}

namespace {

// Figures by id for one pass over a large board: open addressing over their indices, built in one
// pass without an allocation per figure. Like GameState::find, the first figure of an id wins.
class FigureIndex {
public:
    explicit FigureIndex(const std::vector<Figure>& figures) : figures_(figures) {
        std::size_t size = 16;
        while (size < 2 * figures.size()) size *= 2;
        slots_.assign(size, -1);
        mask_ = size - 1;
        for (std::size_t i = 0; i < figures.size(); ++i) {
            std::size_t at = std::hash<std::string_view>{}(figures[i].id) & mask_;
            while (slots_[at] >= 0 && figures_[static_cast<std::size_t>(slots_[at])].id != figures[i].id) at = (at + 1) & mask_;
            if (slots_[at] < 0) slots_[at] = static_cast<std::ptrdiff_t>(i);
        }
    }
    const Figure* find(std::string_view id) const {
        for (std::size_t at = std::hash<std::string_view>{}(id) & mask_; slots_[at] >= 0; at = (at + 1) & mask_) {
            const Figure& figure = figures_[static_cast<std::size_t>(slots_[at])];
            if (figure.id == id) return &figure;
        }
        return nullptr;
    }

private:
    const std::vector<Figure>& figures_;
    std::vector<std::ptrdiff_t> slots_;
    std::size_t mask_ = 0;
};

}  // namespace

void arrange_monsters_by_strength(GameState& s, const GameData& data) {
    // In time proportional to the monsters (and one sort): a table of 4,000 used to cost seconds
    // per monster added, searching every figure for each monster and scanning the ranks from the
    // front for each place. The sorted monsters are laid into the ranks in one pass, three to a
    // rank, as placing each in the first free place of emptied ranks did.
    const FigureIndex figures(s.figures);
    // 16.0: "Demony zajmują pierwsze szeregi, Bezimienny ustawiany jest w ostatnim szeregu Demonów
    // lub za nimi": with Demons on the board they come first, then Bezimienny (in the last Demons'
    // rank where it has a place, else in the rank behind), then any other monster.
    enum Group { demons = 0, nameless = 1, others = 2 };
    struct Standing {
        int group;
        std::int64_t strength;
        std::string* id;
    };
    std::vector<Standing> monsters;
    bool any_demon = false;
    for (auto& rank : s.monsters.ranks)
        for (auto& id : rank)
            if (!id.empty()) {
                // An id with no figure (a start state holds none once checked) stands at the back
                // rather than being read through a null pointer.
                const Figure* figure = figures.find(id);
                const MonsterKind* kind = figure && !figure->is_character() ? data.monster_kind(figure->monster_kind) : nullptr;
                const int group = kind && kind->demon ? demons : kind && kind->nameless ? nameless : others;
                any_demon = any_demon || group == demons;
                monsters.push_back({group, figure ? std::int64_t{figure->sila} - figure->wounds : std::numeric_limits<std::int64_t>::min(), &id});
            }
    if (!any_demon)  // no Gates' guard: Bezimienny stands by his strength like any monster (9.1)
        for (auto& m : monsters) m.group = others;
    std::stable_sort(monsters.begin(), monsters.end(), [](const Standing& a, const Standing& b) {
        return a.group != b.group ? a.group < b.group : a.strength > b.strength;
    });
    std::vector<std::array<std::string, 3>> ranks((monsters.size() + 2) / 3);
    for (std::size_t i = 0; i < monsters.size(); ++i) ranks[i / 3][i % 3] = std::move(*monsters[i].id);
    s.monsters.ranks = std::move(ranks);
}

bool with_party(const GameState& s, const Figure& f) {
    return f.is_character() && !f.dead && f.side == Side::Party && f.here() && !f.petrified && place_of(s, f.id).on_board();
}

int living_in_rank(const GameState& s, Side side, int rank) {
    const Formation& formation = side == Side::Party ? s.party : s.monsters;
    if (rank >= static_cast<int>(formation.ranks.size())) return 0;
    int count = 0;
    for (const auto& id : formation.ranks[rank])
        if (!id.empty()) ++count;
    return count;
}

int living_on_board(const GameState& s, Side side) {
    const Formation& formation = side == Side::Party ? s.party : s.monsters;
    int count = 0;
    for (const auto& rank : formation.ranks)
        for (const auto& id : rank)
            if (!id.empty()) ++count;
    return count;
}

std::vector<std::string> figures_on_board(const GameState& s) {
    std::vector<std::string> ids;
    for (const Formation* formation : {&s.party, &s.monsters})
        for (const auto& rank : formation->ranks)
            for (const auto& id : rank)
                if (!id.empty()) ids.push_back(id);
    return ids;
}

void check_formation_limits(const GameState& s, Side side) {
    if (side != Side::Party) return;
    // 4.1 C2: "W pierwszym szeregu szyku muszą być co najmniej dwie postacie (o ile aż tyle pozostaje
    // przy życiu)"; in a fight 9.8 pkt 4 and 5 say the same of reorganisation.
    const int needed = std::min(2, living_on_board(s, Side::Party));
    if (living_in_rank(s, Side::Party, 0) < needed) refuse("first_rank_needs_two", s.fight.active ? "9.8" : "4.1 C2");
}

void begin_party_reorganisation(Turn& t) {
    Fight& fight = t.s.fight;
    fight.ranks_moved_from.clear();
    close_ranks(t, Side::Party);
    // 9.8 pkt 4: "Jeżeli w pierwszym szeregu została przy życiu tylko jedna postać, to jedyny ruch,
    // jaki może (i musi) być wykonany polega na przesunięciu postaci z drugiego szeregu do pierwszego."
    fight.first_rank_move = Fight::FirstRankMove::None;
    if (living_in_rank(t.s, Side::Party, 0) == 1 && living_in_rank(t.s, Side::Party, 1) > 0) {
        fight.first_rank_move = Fight::FirstRankMove::Owed;
        for (const auto& id : t.s.party.ranks[0])
            if (const Figure* lone = id.empty() ? nullptr : t.s.find(id)) t.note("first_rank_move_owed", "9.8",
                                                                                 "figure", lone->name);
    }
}

void end_party_reorganisation(Turn& t) {
    // (A state read from a file may say "owed" over any formation: only a lone figure in front owes.)
    if (t.s.fight.first_rank_move != Fight::FirstRankMove::Owed || t.s.party.ranks.empty()) return;
    for (const auto& id : t.s.party.ranks[0])
        if (const Figure* lone = id.empty() ? nullptr : t.s.find(id)) refuse("first_rank_move_owed", "9.8", "figure", lone->name);
}

void begin_monster_reorganisation(Turn& t) {
    close_ranks(t, Side::Monsters);
    t.s.fight.monster_front_full = living_in_rank(t.s, Side::Monsters, 0) == 3;
    t.s.fight.monsters_stepped = 0;
}

namespace {

// The strongest (siła − wounds) monster of rank `from`, or nullptr.
const Figure* strongest_in(const GameState& s, int from, int& slot) {
    const Figure* best = nullptr;
    if (from >= static_cast<int>(s.monsters.ranks.size())) return nullptr;
    for (int other = 0; other < 3; ++other) {
        const Figure* candidate = s.find(s.monsters.ranks[from][other]);
        if (candidate && (!best || candidate->sila - candidate->wounds > best->sila - best->wounds)) {
            best = candidate;
            slot = other;
        }
    }
    return best;
}

// 9.8 (monsters) pkt 3: "jeżeli jest w nim dwie wolne pozycje rzut kostką decyduje, którą z nich
// potwór zajmie" (1-3 the left one, 4-6 the right one; with three free, two pips each).
void step_forward(Turn& t, const Figure& monster, Place from, int rank) {
    auto& ranks = t.s.monsters.ranks;
    std::vector<int> free;
    for (int slot = 0; slot < 3; ++slot)
        if (ranks[rank][slot].empty()) free.push_back(slot);
    int slot = free.front();
    if (free.size() > 1) {
        const int pips = t.dice.roll("1K6", "monster_place", monster.id);
        slot = free[static_cast<std::size_t>((pips - 1) * static_cast<int>(free.size()) / 6)];
    }
    ranks[rank][slot] = monster.id;
    ranks[from.rank][from.slot].clear();
    t.note("monster_steps_forward", "9.8", "figure", monster.name, "rank", number_text(rank + 1));
}

}  // namespace

void reorganise_monsters(Turn& t) {
    // At the end of phase 5 (9.2), what the players left undone, strongest first: pkt 1 "Jeżeli w
    // pierwszym szeregu jest mniej niż trzy potwory jeden lub dwa muszą zostać przesunięte z drugiego
    // szeregu"; pkt 2, the first rank full when the phase began and no monster moved by the players:
    // "jeden potwór z dalszego szeregu może zostać przesunięty do przodu" (the suggestion: the
    // strongest of the rank behind the first gap).
    Formation& formation = t.s.monsters;
    compact(formation);
    if (formation.ranks.size() < 2) return;
    if (living_in_rank(t.s, Side::Monsters, 0) < 3) {
        int slot = 0;
        while (living_in_rank(t.s, Side::Monsters, 0) < 3)
            if (const Figure* best = strongest_in(t.s, 1, slot)) step_forward(t, *best, {1, slot}, 0);
            else break;
    } else if (t.s.fight.monster_front_full && t.s.fight.monsters_stepped == 0) {
        for (int rank = 1; rank + 1 < static_cast<int>(formation.ranks.size()); ++rank) {
            if (living_in_rank(t.s, Side::Monsters, rank) == 3) continue;
            int slot = 0;
            if (const Figure* best = strongest_in(t.s, rank + 1, slot)) step_forward(t, *best, {rank + 1, slot}, rank);
            break;
        }
    }
    compact(formation);
}

// move_figure {figure, rank, slot}: both 1-based; one rank past the last opens a new rank.
// Onto an occupied place it swaps the two.
void apply(Turn& t, const actions::MoveFigure& a) {
    Figure& figure = t.figure(a.figure);
    const Place from = place_of(t.s, figure.id);
    if (!from.on_board()) refuse("not_on_board", "9.1", "figure", figure.name);
    Formation& formation = formation_of(t.s, figure.side);
    const int rank = Turn::in_range(a.rank, "rank", 1, static_cast<int>(formation.ranks.size()) + 1) - 1;
    // 4.1 C2: "w żadnym z nich nie może być więcej niż trzy postacie".
    const int slot = Turn::in_range(a.slot, "slot", 1, 99) - 1;
    if (slot > 2) refuse("rank_holds_three", "4.1 C2");
    if (rank == from.rank && slot == from.slot) return;
    if (rank == static_cast<int>(formation.ranks.size())) formation.ranks.push_back({"", "", ""});
    std::string& destination = formation.ranks[rank][slot];
    Figure* other = destination.empty() ? nullptr : t.s.find(destination);

    if (t.s.fight.active) {
        if (figure.side == Side::Party) {
            // 9.8: in phase 4 one figure from each rank moves one rank.
            if (t.s.fight.phase != 4) refuse("reorganise_only_phase_4", "9.8");
            // 9.8 pkt 4: with one left in the first rank the only move is one from the second
            // rank to the first, and nothing after it.
            auto& owed = t.s.fight.first_rank_move;
            if (owed == Fight::FirstRankMove::Made) refuse("first_rank_move_was_the_only", "9.8");
            if (owed == Fight::FirstRankMove::Owed && (from.rank != 1 || rank != 0)) refuse("first_rank_move_first", "9.8");
            // 9.8 pkt 1: within a rank a figure may move only so that the order stays: "postacie,
            // stojące w tym samym szeregu nie mogą się zamieniać miejscami".
            if (rank == from.rank) {
                bool passes = other != nullptr;
                for (int between = std::min(slot, from.slot) + 1; between < std::max(slot, from.slot); ++between)
                    passes = passes || !formation.ranks[rank][between].empty();
                if (passes) refuse("no_swap_in_rank", "9.8");
            }
            if (std::abs(rank - from.rank) > 1) refuse("one_rank_at_a_time", "9.8");
            auto& moved = t.s.fight.ranks_moved_from;
            auto used = [&](int r) { return std::find(moved.begin(), moved.end(), r) != moved.end(); };
            if (rank != from.rank && used(from.rank)) refuse("rank_already_moved", "9.8", "rank", number_text(from.rank + 1));
            if (other && rank != from.rank && used(rank)) refuse("rank_already_moved", "9.8", "rank", number_text(rank + 1));
            // 9.8 pkt 5: "Jeżeli w pierwszym szeregu zostały dwie postacie żadna z nich nie może zostać
            // wycofana do drugiego szeregu" (a swap withdraws the one it displaces).
            const bool leaves_front = (from.rank == 0 && rank > 0) || (other && rank == 0 && from.rank > 0);
            if (leaves_front && living_in_rank(t.s, Side::Party, 0) <= 2) refuse("first_rank_needs_two", "9.8");
            if (rank != from.rank) {
                moved.push_back(from.rank);
                if (other) moved.push_back(rank);
            }
            if (owed == Fight::FirstRankMove::Owed) owed = Fight::FirstRankMove::Made;
        } else {
            // 9.2 phase 5: monsters only step forward.
            if (t.s.fight.phase != 5) refuse("monsters_move_only_phase_5", "9.2");
            // 9.8 (monsters) pkt 4: "Potwory nie mogą zamieniać się miejscami w tym samym szeregu, ani
            // przesuwać się do tyłu".
            if (rank > from.rank || other) refuse("monsters_never_step_back", "9.8");
            // 9.8 (monsters) pkt 2: the first rank full, one monster from further back steps forward.
            if (rank < from.rank) {
                if (t.s.fight.monster_front_full && t.s.fight.monsters_stepped >= 1) refuse("one_monster_steps_forward", "9.8");
                ++t.s.fight.monsters_stepped;
            }
        }
    }

    formation.ranks[from.rank][from.slot] = other ? other->id : "";
    destination = figure.id;
    compact(formation);
    // In a fight 9.8 pkt 4-5 above say what the first rank must keep (a rank emptied by deaths
    // is made good one move a round); outside one, 4.1 C2.
    if (!t.s.fight.active) check_formation_limits(t.s, figure.side);
    const Place now = place_of(t.s, figure.id);
    t.note("moved", "9.8", "figure", figure.name, "rank", number_text(now.rank + 1), "slot", number_text(now.slot + 1));
}

}  // namespace czary
