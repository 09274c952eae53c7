#pragma once
// Screen rectangles (CSS px) of the widgets drawn this frame, by a stable id, so that tests
// and tools can tap and drag real widgets (window.czary.layout()). Text fields have ids that
// start with "input:": the page opens the phone's keyboard when one is tapped.
#include <map>
#include <string>

#include <nlohmann/json.hpp>

namespace czary::app {

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
    bool clipped = false;  // partly scrolled out of sight: only the visible part is given
    bool text_clipped = false;  // its label does not fit inside it
    bool shortened = false;     // its text was cut down to fit, ending in "…"
    std::string text;           // the text drawn in it, as drawn (empty: none reported)
    bool disabled = false;      // drawn greyed: a tap does nothing (the reason is shown beside it)
    float text_size = 0;        // the font size its label was drawn at (0: not reported)
};

class Layout {
public:
    void begin_frame() {
        rects_.clear();
        texts_.clear();
    }
    void add(const std::string& id, float x0, float y0, float x1, float y1, bool clipped = false) {
        Rect rect;
        rect.x = x0, rect.y = y0, rect.w = x1 - x0, rect.h = y1 - y0, rect.clipped = clipped;
        rects_[id] = rect;
    }
    // The rectangle of the last ImGui item, clipped to the visible part of its window.
    void add_last_item(const std::string& id);
    // The label of `id` (added already) is wider than the widget: the player would see it cut.
    void mark_text_clipped(const std::string& id) {
        if (auto it = rects_.find(id); it != rects_.end()) it->second.text_clipped = true;
    }
    // The font size (px) the label of `id` (added already) was drawn at.
    void text_size(const std::string& id, float size) {
        if (auto it = rects_.find(id); it != rects_.end()) it->second.text_size = size;
    }
    // The widget `id` (added already) is greyed out: a tap on it does nothing.
    void mark_disabled(const std::string& id) {
        if (auto it = rects_.find(id); it != rects_.end()) it->second.disabled = true;
    }
    // The text drawn in the widget `id` (added already), exactly as drawn: whether it had to be
    // shortened with "…" to fit, or does not fit whole (clipped). Tests check that nothing the
    // player must read is cut (issue 25: the session, the sun, undo, a cost).
    void drawn_text(const std::string& id, const std::string& text, bool shortened = false, bool clipped = false) {
        if (auto it = rects_.find(id); it != rects_.end()) {
            it->second.text = text;
            it->second.shortened = it->second.shortened || shortened;
            it->second.text_clipped = it->second.text_clipped || clipped;
        }
    }
    // A text shown on screen for an id (a dimmed card's reason), for tests to read.
    void add_text(const std::string& id, const std::string& text) { texts_[id] = text; }
    nlohmann::json to_json() const;
    // Changes when anything moved: the platform draws again until the page stops moving (a
    // scroll clamped after the content shrank takes ImGui a frame or two).
    std::size_t fingerprint() const;
    nlohmann::json texts_json() const { return texts_; }

private:
    std::map<std::string, Rect> rects_;
    std::map<std::string, std::string> texts_;
};

}  // namespace czary::app
