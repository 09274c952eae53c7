#include "controller/qr.hpp"

#include <qrcodegen.hpp>

namespace czary::app {

std::optional<QrMatrix> qr_code(std::string_view text) {
    if (text.size() > qr_max_bytes) return std::nullopt;
    try {
        const std::vector<std::uint8_t> bytes(text.begin(), text.end());
        const std::vector<qrcodegen::QrSegment> segments{qrcodegen::QrSegment::makeBytes(bytes)};
        // boostEcl off: the code stays at L, the smallest for the link.
        const auto code = qrcodegen::QrCode::encodeSegments(segments, qrcodegen::QrCode::Ecc::LOW, 1, 40, -1, false);
        QrMatrix matrix;
        matrix.size = code.getSize();
        matrix.dark.resize(static_cast<std::size_t>(matrix.size) * matrix.size);
        for (int y = 0; y < matrix.size; ++y)
            for (int x = 0; x < matrix.size; ++x) matrix.dark[static_cast<std::size_t>(y) * matrix.size + x] = code.getModule(x, y) ? 1 : 0;
        return matrix;
    } catch (const qrcodegen::data_too_long&) {
        return std::nullopt;
    }
}

}  // namespace czary::app
