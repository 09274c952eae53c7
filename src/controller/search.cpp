#include "controller/search.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/game_data.hpp"
#include "core/session.hpp"

namespace czary::app {
namespace {

// The Polish letters (both cases, UTF-8) and the plain letter each is typed as.
constexpr std::pair<std::string_view, char> polish_letters[] = {
    {"ą", 'a'}, {"Ą", 'a'}, {"ć", 'c'}, {"Ć", 'c'}, {"ę", 'e'}, {"Ę", 'e'}, {"ł", 'l'}, {"Ł", 'l'}, {"ń", 'n'},
    {"Ń", 'n'}, {"ó", 'o'}, {"Ó", 'o'}, {"ś", 's'}, {"Ś", 's'}, {"ź", 'z'}, {"Ź", 'z'}, {"ż", 'z'}, {"Ż", 'z'},
};

}  // namespace

std::string search_key(std::string_view text) {
    std::string key;
    key.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        bool replaced = false;
        for (const auto& [letter, plain] : polish_letters) {
            if (text.substr(i, letter.size()) == letter) {
                key += plain;
                i += letter.size();
                replaced = true;
                break;
            }
        }
        if (replaced) continue;
        key += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
        ++i;
    }
    return key;
}

bool matches_search(std::string_view name, std::string_view typed) {
    const std::string wanted = search_key(typed);
    return wanted.empty() || search_key(name).find(wanted) != std::string::npos;
}

std::vector<int> monster_kinds_offered(const GameData& data, const Session& session, std::string_view typed) {
    // How often, and how lately, each kind was added in this session (its steps up to now).
    struct Use {
        int count = 0;
        std::size_t last = 0;
    };
    std::map<std::string, Use, std::less<>> used;
    const auto& steps = session.steps();
    for (std::size_t i = 0; i < session.position() && i < steps.size(); ++i) {
        const auto* added = std::get_if<actions::AddMonster>(&steps[i].action);
        if (!added) continue;
        Use& use = used[added->kind];
        ++use.count;
        use.last = i + 1;
    }
    std::vector<int> offered;
    for (int i = 0; i < static_cast<int>(data.monster_kinds.size()); ++i) {
        const auto& kind = data.monster_kinds[i];
        if (matches_search(kind.name.pl, typed) || matches_search(kind.name.en, typed)) offered.push_back(i);
    }
    const auto use_of = [&](int i) {
        const auto it = used.find(data.monster_kinds[i].id);
        return it == used.end() ? Use{} : it->second;
    };
    std::stable_sort(offered.begin(), offered.end(), [&](int a, int b) {
        const Use ua = use_of(a), ub = use_of(b);
        if (ua.count != ub.count) return ua.count > ub.count;
        return ua.last > ub.last;
    });
    return offered;
}

}  // namespace czary::app
