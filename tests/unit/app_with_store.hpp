#pragma once
// The interface's controller without drawing, at a table: an App with its session store on an
// in-memory localStorage and a clock the test moves, opened on the start session.
#include <cstdint>

#include "controller/model.hpp"
#include "controller/sessions.hpp"
#include "map_store.hpp"
#include "store/session_store.hpp"

namespace test {

struct AppWithStore {
    MapStore storage;
    std::int64_t ms = 1'700'000'000'000;
    czary::store::SessionStore store{storage, [this] { return ms; }};
    czary::app::App app;
    explicit AppWithStore(std::uint64_t seed = 42) : app(czary::app::make_app(seed)) {
        app.store = &store;
        czary::app::open_start_session(app);
    }
};

}  // namespace test
