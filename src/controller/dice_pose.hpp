#pragma once
// Where a rolled die is and how it is turned while it tumbles and once it rests: plain math, so
// that the interface, the shader (shaders/dice.frag) and the tests agree on the face shown.
#include <array>
#include <cstdint>

namespace czary::app {

// Rotation from die space to view space (+z towards the viewer), row-major.
using Rotation = std::array<float, 9>;

inline constexpr float tumble_seconds = 1.0f;  // a roll settles in about a second

struct DiePose {
    Rotation rotation{};
    float offset_x = 0, offset_y = 0;  // CSS px from the die's resting place
    bool settled = false;
};

// The pose of a die that rolled `pip`, `seconds` after the roll; `seed` varies the tumble from
// die to die. Reduced motion: at rest at once.
DiePose die_pose(int pip, std::uint32_t seed, float seconds, bool reduced_motion);

// The face (1-6) whose pips look at the viewer under this rotation.
int face_towards_viewer(const Rotation& rotation);

Rotation transpose(const Rotation& rotation);

}  // namespace czary::app
