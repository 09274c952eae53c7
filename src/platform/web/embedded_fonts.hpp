#pragma once
// The fonts the web app draws with, cut down by the build (src/web_app.cmake) and compiled in
// (scripts/embed_data.cmake): the web build has no file system.
#include <string_view>

namespace czary::fonts {

// A font's bytes by its file name ("DejaVuSans.ttf"); empty if there is no such file.
std::string_view file(std::string_view name);

}  // namespace czary::fonts
