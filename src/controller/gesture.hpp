#pragma once
// The touch model of the table (issue "Play at the table by touch"): a swipe anywhere scrolls,
// also when it starts on a token or a button, and glides on after the finger lifts; only a
// deliberate long press (a finger held still) lifts a token to drag it; a short tap is a tap.
// No swipe ever changes the game. Plain logic, fed with the pointer once a frame: it knows no
// ImGui and is unit-tested natively (tests/unit/controller_test.cpp, the "touch: …" cases).
#include <optional>
#include <string>

namespace czary::app {

class Gesture {
public:
    enum class Phase {
        Idle,       // no finger down (or gliding has stopped)
        Pressed,    // down, not yet a swipe or a long press: a tap if it lifts now
        Scrolling,  // moved past the slop: the content follows the finger, the press is no tap
        Lifted,     // held still on a token for the long-press time: the token follows the finger
        Gliding,    // lifted after a swipe: the content glides on, slowing down
    };
    // What the interface should do in this frame.
    struct Frame {
        bool cancel_press = false;  // the press is no longer a tap (it became a swipe or a lift)
        float scroll_by = 0;        // px to add to the scroll of the window the press began in
        bool lifted = false;        // a token was lifted in this frame (a short vibration)
        bool dropped = false;       // the lifted token was let go in this frame, at (x, y)
    };

    static constexpr float slop = 10.0f;         // CSS px a finger may wander and still tap
    static constexpr double long_press = 0.35;   // s held still to lift a token
    static constexpr float stop_speed = 30.0f;   // px/s: gliding slower than this stops
    // Off with reduced motion (the player's setting): the content stops where the finger lifts.
    bool glides = true;

    // The pointer this frame: whether the button/finger is down, where, and the time (s).
    Frame update(bool down, float x, float y, double now);
    // The press of this frame began on a token that may be lifted (board_panel).
    void pressed_on(const std::string& figure) {
        if (phase_ == Phase::Pressed) figure_ = figure;
    }

    Phase phase() const { return phase_; }
    // The token lifted (or just dropped); empty otherwise.
    const std::string& lifted_figure() const { return figure_; }
    bool dragging() const { return phase_ == Phase::Lifted; }
    // Frames are needed though no input comes, one after another: to glide.
    bool wants_frames() const { return phase_ == Phase::Gliding; }
    // When a press held still on a token becomes a long press (s, the clock of update()): the
    // platform draws one frame then, not every frame until then. (Drawn frame after frame, a
    // phone at 3x density in a software renderer took 0.6 s a frame, and the token lifted only
    // at the first frame past 0.35 s: after 0.9 s.)
    std::optional<double> long_press_due() const {
        if (phase_ == Phase::Pressed && !figure_.empty()) return start_time_ + long_press;
        return std::nullopt;
    }
    float x() const { return x_; }
    float y() const { return y_; }

private:
    Phase phase_ = Phase::Idle;
    std::string figure_;
    float start_x_ = 0, start_y_ = 0, x_ = 0, y_ = 0;
    double start_time_ = 0, last_time_ = 0;
    float velocity_ = 0;  // px/s of the content (positive: the content moves up, the scroll grows)
};

}  // namespace czary::app
