#pragma once
// The browser's localStorage as the store tests see it: a map, with a quota and a switch that
// makes every write fail (private mode).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "store/session_store.hpp"

namespace test {

struct MapStore : czary::store::KeyValueStore {
    std::map<std::string, std::string> values;
    std::size_t capacity = 0;  // bytes of values, 0: unlimited
    bool broken = false;       // every write fails (private mode)
    std::optional<std::string> get(const std::string& key) override {
        const auto it = values.find(key);
        return it == values.end() ? std::nullopt : std::optional<std::string>(it->second);
    }
    WriteResult set(const std::string& key, const std::string& value) override {
        if (broken) return WriteResult::Failed;
        std::size_t used = value.size();
        for (const auto& [k, v] : values) used += k == key ? 0 : v.size();
        if (capacity && used > capacity) return WriteResult::QuotaExceeded;
        values[key] = value;
        return WriteResult::Ok;
    }
    void remove(const std::string& key) override { values.erase(key); }
    std::vector<std::string> keys() override {
        std::vector<std::string> all;
        for (const auto& [k, v] : values) all.push_back(k);
        return all;
    }
    std::size_t used() const {
        std::size_t total = 0;
        for (const auto& [k, v] : values) total += v.size();
        return total;
    }
};

}  // namespace test
