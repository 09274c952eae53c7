#include "controller/dice_pose.hpp"

#include <cmath>

namespace czary::app {
namespace {

constexpr float pi = 3.14159265358979f;

Rotation multiply(const Rotation& a, const Rotation& b) {
    Rotation r{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            for (int k = 0; k < 3; ++k) r[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
    return r;
}

// Rodrigues: a turn by `angle` about the unit axis (x, y, z).
Rotation about(float x, float y, float z, float angle) {
    const float c = std::cos(angle), s = std::sin(angle), t = 1 - c;
    return {t * x * x + c,     t * x * y - s * z, t * x * z + s * y,
            t * x * y + s * z, t * y * y + c,     t * y * z - s * x,
            t * x * z - s * y, t * y * z + s * x, t * z * z + c};
}

// Brings the face showing `pip` to the viewer (faces: 1 +z, 6 -z, 2 +x, 5 -x, 3 +y, 4 -y).
Rotation face_to_viewer(int pip) {
    switch (pip) {
        case 6: return about(1, 0, 0, pi);
        case 2: return about(0, 1, 0, -pi / 2);
        case 5: return about(0, 1, 0, pi / 2);
        case 3: return about(1, 0, 0, pi / 2);
        case 4: return about(1, 0, 0, -pi / 2);
        default: return about(0, 0, 1, 0);
    }
}

float unit(std::uint32_t& seed) {  // 0..1, xorshift
    seed ^= seed << 13;
    seed ^= seed >> 17;
    seed ^= seed << 5;
    return static_cast<float>(seed % 10000) / 10000.0f;
}

}  // namespace

DiePose die_pose(int pip, std::uint32_t seed, float seconds, bool reduced_motion) {
    std::uint32_t state = seed * 2654435761u + 1u;
    const float twist = (unit(state) - 0.5f) * 0.5f;  // the die rests a little askew
    const Rotation rest = multiply(about(0, 0, 1, twist), face_to_viewer(pip));
    DiePose pose;
    const float t = reduced_motion ? 1.0f : std::fmin(std::fmax(seconds / tumble_seconds, 0.0f), 1.0f);
    pose.settled = t >= 1.0f;
    if (pose.settled) {
        pose.rotation = rest;
        return pose;
    }
    // Tumbles about a tilted axis, slowing down (ease-out) to rest exactly on `pip`.
    float x = unit(state) - 0.5f, y = unit(state) - 0.5f, z = 0.3f * (unit(state) - 0.5f);
    const float length = std::sqrt(x * x + y * y + z * z) + 1e-6f;
    x /= length, y /= length, z /= length;
    const float remaining = 1 - (1 - (1 - t) * (1 - t) * (1 - t));  // (1 - t)^3
    const float turns = 2.0f + unit(state);
    pose.rotation = multiply(about(0, 0, 1, twist), multiply(about(x, y, z, remaining * turns * 2 * pi), face_to_viewer(pip)));
    // Thrown in from the left, bouncing lower each time.
    pose.offset_x = -90.0f * remaining;
    pose.offset_y = -std::fabs(std::sin(3 * pi * t)) * 26.0f * (1 - t);
    return pose;
}

int face_towards_viewer(const Rotation& r) {
    // The view-space z of each face normal is the third row of r times the normal.
    const float z[7] = {0, r[8], r[6], r[7], -r[7], -r[6], -r[8]};
    int best = 1;
    for (int face = 2; face <= 6; ++face)
        if (z[face] > z[best]) best = face;
    return best;
}

Rotation transpose(const Rotation& r) { return {r[0], r[3], r[6], r[1], r[4], r[7], r[2], r[5], r[8]}; }

}  // namespace czary::app
