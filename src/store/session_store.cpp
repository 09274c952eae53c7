#include "store/session_store.hpp"

#include <nlohmann/json.hpp>

#include "core/data_error.hpp"

namespace czary::store {
namespace {

constexpr const char* last_key = "czary.last";

LocalizedText unreadable(const std::string& key, const std::string& reason) {
    return {"Zapisanej sesji nie da się odczytać (" + reason + "). Jej tekst zostaje w pamięci przeglądarki pod kluczem " + key +
                ": nic go nie nadpisze. Zaczynamy nową sesję.",
            "The saved session cannot be read (" + reason + "). Its text stays in the browser's storage under the key " + key +
                ": nothing overwrites it. A new session begins."};
}

}  // namespace

std::string SessionStore::fresh_key() {
    for (int n = 1;; ++n) {
        const std::string key = "czary.session." + std::to_string(n);
        if (!store_.get(key)) return key;
    }
}

std::optional<Session> SessionStore::open_last(std::optional<StoreProblem>& problem) {
    problem.reset();
    const auto last = store_.get(last_key);
    if (!last) {
        key_ = fresh_key();
        return std::nullopt;
    }
    key_ = *last;
    const auto text = store_.get(key_);
    if (!text) return std::nullopt;
    const auto entry = nlohmann::json::parse(*text, nullptr, false);
    std::string reason;
    if (entry.is_discarded() || !entry.is_object()) reason = "not valid JSON";
    else if (entry.value("format", "") != store_format) reason = "not a Czary entry";
    else if (!entry.value("version", nlohmann::json()).is_number_integer() || entry["version"].get<int>() > store_version)
        reason = "version " + entry.value("version", nlohmann::json()).dump() + " is newer than this app";
    if (reason.empty()) {
        try {
            return Session::from_json(entry.at("session"));
        } catch (const DataError& e) {
            reason = e.what();
        } catch (const nlohmann::json::exception& e) {
            reason = e.what();
        }
    }
    problem = StoreProblem{unreadable(key_, reason), key_};
    key_ = fresh_key();
    return std::nullopt;
}

std::optional<StoreProblem> SessionStore::save_as_new(const Session& session) {
    key_ = fresh_key();
    return save(session);
}

std::optional<StoreProblem> SessionStore::save(const Session& session) {
    const nlohmann::json entry = {{"format", store_format}, {"version", store_version}, {"session", session.to_json()}};
    switch (store_.set(key_, entry.dump())) {
        case KeyValueStore::WriteResult::Ok:
            store_.set(last_key, key_);
            return std::nullopt;
        case KeyValueStore::WriteResult::QuotaExceeded:
            return StoreProblem{{"Pamięć przeglądarki jest pełna: sesja NIE została zapisana, ale trwa w tej karcie. Wyeksportuj ją, zanim zamkniesz stronę.",
                                 "The browser's storage is full: the session was NOT saved, but it goes on in this tab. Export it before you close the page."},
                                key_};
        case KeyValueStore::WriteResult::Failed: break;
    }
    return StoreProblem{{"Przeglądarka nie pozwala zapisać sesji (tryb prywatny?). Sesja trwa w tej karcie.",
                         "The browser does not let the session be saved (private mode?). The session goes on in this tab."},
                        key_};
}

}  // namespace czary::store
