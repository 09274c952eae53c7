#include "platform/web/browser_storage.hpp"

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdlib>

// Returns a malloc'd UTF-8 copy of the value, or 0 when there is none or storage is off.
EM_JS(char*, czary_local_storage_get, (const char* key), {
    try {
        const value = window.localStorage.getItem(UTF8ToString(key));
        if (value === null) return 0;
        const length = lengthBytesUTF8(value) + 1;
        const buffer = _malloc(length);
        stringToUTF8(value, buffer, length);
        return buffer;
    } catch (error) {
        return 0;
    }
});

// 0 saved, 1 the quota is full, 2 any other failure (private mode, storage switched off).
EM_JS(int, czary_local_storage_set, (const char* key, const char* value), {
    try {
        window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value));
        return 0;
    } catch (error) {
        const quota = error && (error.name === 'QuotaExceededError' || error.code === 22 || error.code === 1014);
        return quota ? 1 : 2;
    }
});

EM_JS(void, czary_local_storage_remove, (const char* key), {
    try {
        window.localStorage.removeItem(UTF8ToString(key));
    } catch (error) {
    }
});

// Every key, joined by newlines (keys of ours never contain one); malloc'd, or 0.
EM_JS(char*, czary_local_storage_keys, (), {
    try {
        const keys = [];
        for (let i = 0; i < window.localStorage.length; ++i) keys.push(window.localStorage.key(i));
        const text = keys.join('\n');
        const length = lengthBytesUTF8(text) + 1;
        const buffer = _malloc(length);
        stringToUTF8(text, buffer, length);
        return buffer;
    } catch (error) {
        return 0;
    }
});

// Milliseconds since 1970 (the time a session was saved or deleted).
EM_JS(double, czary_date_now, (), { return Date.now(); });

namespace czary::platform {

std::int64_t now_ms() { return static_cast<std::int64_t>(czary_date_now()); }

void BrowserStorage::remove(const std::string& key) { czary_local_storage_remove(key.c_str()); }

std::vector<std::string> BrowserStorage::keys() {
    std::vector<std::string> keys;
    char* text = czary_local_storage_keys();
    if (!text) return keys;
    std::string all(text);
    std::free(text);
    for (std::size_t start = 0; start <= all.size();) {
        const auto end = std::min(all.find('\n', start), all.size());
        if (end > start) keys.push_back(all.substr(start, end - start));
        start = end + 1;
    }
    return keys;
}

std::optional<std::string> BrowserStorage::get(const std::string& key) {
    char* value = czary_local_storage_get(key.c_str());
    if (!value) return std::nullopt;
    std::string text(value);
    std::free(value);
    return text;
}

store::KeyValueStore::WriteResult BrowserStorage::set(const std::string& key, const std::string& value) {
    switch (czary_local_storage_set(key.c_str(), value.c_str())) {
        case 0: return WriteResult::Ok;
        case 1: return WriteResult::QuotaExceeded;
        default: return WriteResult::Failed;
    }
}

}  // namespace czary::platform
