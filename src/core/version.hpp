#pragma once

namespace czary {
// Kept in step with project(VERSION) in CMakeLists.txt by the build (CZARY_VERSION).
#ifndef CZARY_VERSION
#define CZARY_VERSION "0.0.0-dev"
#endif
inline constexpr const char* version = CZARY_VERSION;
}  // namespace czary
