#pragma once
#include <stdexcept>

namespace czary {

// A data file (spells, heroes, strings, a session) that cannot be used as it is.
struct DataError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace czary
