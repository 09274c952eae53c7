// The dice tray's animation: every die comes to rest showing the pips the core recorded, it is
// in motion before that, and reduced motion shows the result at once.
#include <doctest/doctest.h>

#include <cmath>

#include "controller/dice_pose.hpp"

using czary::app::die_pose;
using czary::app::face_towards_viewer;

TEST_CASE("a rolled die rests on its pips, whatever its tumble") {
    for (int pip = 1; pip <= 6; ++pip) {
        for (std::uint32_t seed : {0u, 1u, 77u, 123456u}) {
            const auto rest = die_pose(pip, seed, czary::app::tumble_seconds, false);
            CHECK(rest.settled);
            CHECK(face_towards_viewer(rest.rotation) == pip);
            CHECK(rest.offset_x == 0.0f);
            CHECK(rest.offset_y == 0.0f);
            // The rotation stays a rotation (the shader takes its transpose as the inverse).
            const auto& r = rest.rotation;
            const float determinant = r[0] * (r[4] * r[8] - r[5] * r[7]) - r[1] * (r[3] * r[8] - r[5] * r[6]) + r[2] * (r[3] * r[7] - r[4] * r[6]);
            CHECK(determinant == doctest::Approx(1.0f).epsilon(1e-4));
        }
    }
}

TEST_CASE("a die tumbles before it rests: its pose changes and it is not settled") {
    const auto early = die_pose(4, 9, 0.2f, false);
    const auto later = die_pose(4, 9, 0.5f, false);
    CHECK_FALSE(early.settled);
    CHECK_FALSE(later.settled);
    CHECK(early.rotation != later.rotation);
    CHECK(early.offset_x < later.offset_x);  // thrown in from the left
    // Over the tumble more than one face is seen.
    int faces_seen = 0;
    bool seen[7] = {};
    for (float t = 0; t < 1.0f; t += 0.02f) {
        const int face = face_towards_viewer(die_pose(4, 9, t, false).rotation);
        if (!seen[face]) ++faces_seen;
        seen[face] = true;
    }
    CHECK(faces_seen >= 3);
}

TEST_CASE("reduced motion: the die rests at once") {
    const auto pose = die_pose(2, 5, 0.0f, true);
    CHECK(pose.settled);
    CHECK(face_towards_viewer(pose.rotation) == 2);
}
