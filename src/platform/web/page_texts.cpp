#include "platform/web/page_texts.hpp"

#include <emscripten/emscripten.h>

#include <string>

#include "controller/accessibility.hpp"

namespace czary::platform {
namespace {

// web/glue.js puts them in the page: the language on <html lang>, the announcement in
// #announce, the description's lines in #state.
EM_JS(void, set_page_texts, (const char* language, const char* announcement, const char* description), {
    window.czary._speak(UTF8ToString(language), UTF8ToString(announcement), UTF8ToString(description));
});

struct Sent {
    std::string language, announcement, description;
    bool any = false;
};

}  // namespace

void update_page_texts(const app::App& app) {
    static Sent sent;
    std::string description;
    for (const auto& line : app::state_description(app)) description += (description.empty() ? "" : "\n") + line;
    if (sent.any && app.language == sent.language && app.frame.announcement == sent.announcement && description == sent.description) return;
    sent = {app.language, app.frame.announcement, description, true};
    set_page_texts(sent.language.c_str(), sent.announcement.c_str(), sent.description.c_str());
}

}  // namespace czary::platform
