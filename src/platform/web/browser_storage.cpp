#include "platform/web/browser_storage.hpp"

#include <emscripten/emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include <nlohmann/json.hpp>

#include "core/json_input.hpp"

// Returns a malloc'd copy of the value: its length in UTF-8 bytes (4 bytes) and the bytes, so a
// U+0000 in it does not end it early; 0 when there is none or storage is off. Half of a surrogate
// pair (no UTF-8 for it: Emscripten's conversion took the next character along with it) is read
// as U+FFFD (glue.js _wellFormed); the exact text of an entry is exported by the page itself
// (glue.js _downloadStored), never through here.
EM_JS(char*, czary_local_storage_get, (const char* key), {
    try {
        const value = window.localStorage.getItem(UTF8ToString(key));
        if (value === null) return 0;
        const text = window.czary._wellFormed(value);
        const length = lengthBytesUTF8(text);
        const buffer = _malloc(length + 5);
        HEAPU32[buffer >> 2] = length;
        stringToUTF8(text, buffer + 4, length + 1);
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

// Every key the app can ask for again, as a JSON list (no character of a key can break it); a key
// holding U+0000 or half of a surrogate pair is left out: it would reach C++ cut or changed, and
// the app never writes one (its keys are "czary.…", plain ASCII). malloc'd, or 0.
EM_JS(char*, czary_local_storage_keys, (), {
    try {
        const text = JSON.stringify(window.czary._storageKeys());
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
    const std::string list(text);
    std::free(text);
    // The page wrote the list: a list of texts.
    if (const auto read = parse_own_json(list); read && read->is_array())
        for (const auto& key : *read)
            if (key.is_string()) keys.push_back(key.get<std::string>());
    return keys;
}

std::optional<std::string> BrowserStorage::get(const std::string& key) {
    char* value = czary_local_storage_get(key.c_str());
    if (!value) return std::nullopt;
    std::uint32_t length = 0;
    std::memcpy(&length, value, sizeof length);
    std::string text(value + sizeof length, length);
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
