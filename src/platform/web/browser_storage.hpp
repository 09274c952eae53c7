#pragma once
// localStorage as the store of sessions; errors (a full quota, storage switched off) are
// returned, never thrown into the page.
#include "store/session_store.hpp"

namespace czary::platform {

class BrowserStorage : public store::KeyValueStore {
public:
    std::optional<std::string> get(const std::string& key) override;
    WriteResult set(const std::string& key, const std::string& value) override;
    void remove(const std::string& key) override;
    std::vector<std::string> keys() override;
};

// The browser's clock, ms since 1970.
std::int64_t now_ms();

}  // namespace czary::platform
