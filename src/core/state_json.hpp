#pragma once
// The state as JSON: the session file's "start", the CLI's output, the app's window.czary.state().
#include <nlohmann/json.hpp>

#include "core/state.hpp"

namespace czary {

nlohmann::json state_to_json(const GameState& state);
// Throws DataError naming the field that is wrong.
GameState state_from_json(const nlohmann::json& json);

}  // namespace czary
