#pragma once
// Filling a sentence template of data/messages.json or data/i18n/*.json with its parts, in one
// language, with the grammar the parts need:
//   {name}            the part as it is
//   {name:acc}        Polish: the part's accusative (LocalizedText::pl_cases), e.g. "Błyskawicę";
//                     {name:gen} its genitive. English (no cases): the part as it is.
//   {name?zrobił|zrobiła|robi}   the form for the part's gender (LocalizedText::pl_cases
//                     "gender": "m" or "f"); the last form where the gender is not known.
//   {n|czar|czary|czarów}   the number n and the noun in the form the number takes: Polish has
//                     three forms (1; 2-4 but not 12-14; the rest), English two ({n|spell|spells}).
// A placeholder whose part is not given stays as it is, so a gap shows on screen.
#include <map>
#include <string>
#include <string_view>

#include "core/localized_text.hpp"

namespace czary {

enum class PluralForm { One, Few, Many };

// 1 → One; 2-4, 22-24, 102-104 … → Few; 0, 5-21, 25-31 … → Many (12-14 take Many).
PluralForm polish_plural(long long n);

// "2 użycia", "5 użyć": the number and the noun's form for it ({one, few, many} in Polish,
// {one, other} in English: `few` is used for both of English's "other" forms).
std::string counted(long long n, std::string_view language, std::string_view one, std::string_view few, std::string_view many);

std::string fill_template(std::string_view text, const Args& parts, std::string_view language);

}  // namespace czary
