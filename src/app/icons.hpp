#pragma once
// Icons for actions and statuses: Fork Awesome 1.2 glyphs (Debian fonts-fork-awesome) merged
// into the UI font's atlas, so an icon is just text ("\uf186" draws a moon). The build cuts the
// icon font down to exactly these code points (src/web_app.cmake, CZARY_ICON_GLYPHS); the
// smoke test's glyph check fails when one here is missing there.
#include <array>
#include <string_view>

namespace czary::app::icon {

// Statuses on a token (10.5, 10.6, 15.3).
inline constexpr const char* asleep = "\uf186";     // moon: Uśpienie
inline constexpr const char* charmed = "\uf004";    // heart: Urok
inline constexpr const char* shield = "\uf132";     // shield: Magiczna tarcza
inline constexpr const char* armor = "\uf219";      // diamond: Magiczna zbroja (+ its points)
inline constexpr const char* strength = "\uf255";   // fist: Siła
inline constexpr const char* stone = "\uf1b2";      // cube: turned to stone
inline constexpr const char* poison = "\uf0c3";     // flask: poisoned
inline constexpr const char* dead = "\uf00d";       // a cross: dead
inline constexpr const char* resist = "\uf05e";     // ban: resisted a spell (11.0)
// Actions and places.
inline constexpr const char* undo = "\uf0e2";
inline constexpr const char* redo = "\uf01e";
inline constexpr const char* party = "\uf0c0";      // users
inline constexpr const char* table = "\uf00a";      // the board's grid
inline constexpr const char* dice = "\uf074";       // random
inline constexpr const char* log = "\uf02d";        // book
inline constexpr const char* sessions = "\uf07c";   // folder-open
inline constexpr const char* cast = "\uf0d0";       // magic wand
inline constexpr const char* ring = "\uf10c";       // circle: a ring's spell (14.8)
inline constexpr const char* marked = "\uf02e";     // bookmark: marked for the adventure (4.1 D)
inline constexpr const char* attack = "\uf0e3";     // gavel: a weapon attack
inline constexpr const char* talk = "\uf086";       // comments: negotiation
inline constexpr const char* monsters = "\uf1b0";   // paw
inline constexpr const char* sun = "\uf185";
inline constexpr const char* check = "\uf00c";
inline constexpr const char* level = "\uf005";      // star: a monster's level (6.7)

inline constexpr std::array<std::string_view, 25> all = {
    asleep, charmed, shield, armor, strength, stone, poison, dead, resist, undo, redo, party, table,
    dice, log, sessions, cast, ring, marked, attack, talk, monsters, sun, check, level};

}  // namespace czary::app::icon
