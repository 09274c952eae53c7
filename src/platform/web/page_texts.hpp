#pragma once
// What the page gives screen readers (the canvas says nothing to them): the toast's text in an
// aria-live region and the state's description in a status region (web/index.html, glue.js).
#include "app/app.hpp"

namespace czary::platform {

// After each frame: hands the page the texts that changed since the last call, and only those.
void update_page_texts(const app::App& app);

}  // namespace czary::platform
