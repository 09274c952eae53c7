// libFuzzer harness: any bytes as a session file (czary-cli replay, import in the app) and as a
// stored entry (localStorage). Bad input must be refused with a DataError, never crash, hang or
// leak; what loads must save and load again to the same state.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/data_error.hpp"
#include "core/session.hpp"
#include "core/state_json.hpp"
#include "store/entry.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto session = czary::Session::from_text(text);
        const auto saved = session.to_json().dump();
        const auto again = czary::Session::from_text(saved);
        if (czary::state_to_json(again.state()) != czary::state_to_json(session.state())) __builtin_trap();
    } catch (const czary::DataError&) {
        // refused with a reason: fine
    }
    std::string reason;
    (void)czary::store::read_entry(text, "Sesja 1", reason);
    return 0;
}
