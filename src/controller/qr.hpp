#pragma once
// QR codes of the links that pass a session to another device (share.hpp). The encoder is the
// C++ library of Debian's qr-code-generator (compiled in, like ImGui); this says only what the
// app needs: the modules of a code, drawn by the interface.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace czary::app {

// Byte mode, error correction L: version 40 holds at most this many bytes (ISO/IEC 18004).
inline constexpr std::size_t qr_max_bytes = 2953;

struct QrMatrix {
    int size = 0;                     // modules a side (21 for version 1 ... 177 for version 40)
    std::vector<std::uint8_t> dark;   // row by row, 1 for a dark module
    bool at(int x, int y) const { return dark[static_cast<std::size_t>(y) * size + x] != 0; }
};

// The smallest code (byte mode, error correction L, the best mask) that holds `text`; nothing
// when the text is longer than qr_max_bytes.
std::optional<QrMatrix> qr_code(std::string_view text);

}  // namespace czary::app
