#include "controller/gesture.hpp"

#include <cmath>

namespace czary::app {

Gesture::Frame Gesture::update(bool down, float x, float y, double now) {
    Frame frame;
    const float dy = y - y_;
    const double dt = now - last_time_;
    x_ = x;
    y_ = y;
    last_time_ = now;
    switch (phase_) {
        case Phase::Idle:
        case Phase::Gliding:
            if (down) {  // a new press stops any glide where it is
                phase_ = Phase::Pressed;
                figure_.clear();
                start_x_ = x;
                start_y_ = y;
                start_time_ = now;
                velocity_ = 0;
            } else if (phase_ == Phase::Gliding) {
                const float step = static_cast<float>(dt);
                frame.scroll_by = velocity_ * step;
                velocity_ *= std::exp(-4.0f * step);  // about a third of a second to halve
                if (std::fabs(velocity_) < stop_speed) phase_ = Phase::Idle;
            }
            return frame;
        case Phase::Pressed:
            if (!down) {  // a tap: the widget under the finger takes it
                phase_ = Phase::Idle;
                figure_.clear();
                return frame;
            }
            if (std::hypot(x - start_x_, y - start_y_) > slop) {
                phase_ = Phase::Scrolling;
                figure_.clear();
                frame.cancel_press = true;
                frame.scroll_by = start_y_ - y;  // the content catches up with the finger
                return frame;
            }
            if (!figure_.empty() && now - start_time_ >= long_press) {
                phase_ = Phase::Lifted;
                frame.cancel_press = true;
                frame.lifted = true;
            }
            return frame;
        case Phase::Scrolling:
            frame.scroll_by = -dy;
            if (dt > 0) velocity_ = 0.6f * velocity_ + 0.4f * static_cast<float>(-dy / dt);  // smoothed
            if (!down) phase_ = glides && std::fabs(velocity_) >= stop_speed ? Phase::Gliding : Phase::Idle;
            return frame;
        case Phase::Lifted:
            if (!down) {
                phase_ = Phase::Idle;
                frame.dropped = true;  // figure_ stays readable in this frame
            }
            return frame;
    }
    return frame;
}

}  // namespace czary::app
