#pragma once
// The GLSL sources of shaders/, compiled into the app (scripts/embed_data.cmake).
#include <string_view>

namespace czary::shaders {

// A shader's source by its file name ("dice.frag"); empty if there is no such file.
std::string_view file(std::string_view name);

}  // namespace czary::shaders
