#pragma once
// Finding a name as a player types it on a phone: letter case and Polish letters ignored
// ("zly" finds "Zły duch", "kosc" finds "Kościotrup", "LARR" finds "Larraka").
#include <string>
#include <string_view>
#include <vector>

namespace czary {
struct GameData;
class Session;
}  // namespace czary

namespace czary::app {

// The text as it is compared: lower case, "ą" as "a", "Ł" as "l" and so on.
std::string search_key(std::string_view text);
// Does the name hold what was typed (nothing typed: every name does)?
bool matches_search(std::string_view name, std::string_view typed);

// Table 8.2's kinds as the monster form offers them, as indices into GameData::monster_kinds:
// those added in this session first (the most often added first, then the latest), then the
// others in the table's order; with something typed, only the kinds whose Polish or English name
// holds it. A small phone shows the kinds in use without a swipe.
std::vector<int> monster_kinds_offered(const GameData& data, const Session& session, std::string_view typed);

}  // namespace czary::app
