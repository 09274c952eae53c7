// The QR codes the app draws for "Pass to another device" (controller/qr.hpp) decode back to
// the same link: each matrix is rendered to a PGM image here and read by Debian's zbarimg
// (zbar-tools, installed by scripts/setup.sh). Natively only: the wasm build has no processes.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "controller/qr.hpp"

using czary::app::qr_code;
using czary::app::qr_max_bytes;

namespace {

std::string link_of_length(std::size_t length) {
    // A link like the app's: the page, then "#s=" and base64url.
    std::string link = "https://example.org/czary/index.html#s=";
    const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::uint32_t x = 12345;
    while (link.size() < length) {
        x = x * 1103515245u + 12345u;
        link += alphabet[(x >> 16) % 64];
    }
    return link;
}

#ifndef __EMSCRIPTEN__
bool have_zbarimg() { return std::system("command -v zbarimg >/dev/null 2>&1") == 0; }

// The code as a grey-level image: `scale` pixels a module and the 4-module quiet zone.
std::string write_pgm(const czary::app::QrMatrix& qr, const std::string& name, int scale = 4) {
    const int side = (qr.size + 8) * scale;
    const std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/czary-qr-" + name + ".pgm";
    std::ofstream out(path, std::ios::binary);
    out << "P5\n" << side << " " << side << "\n255\n";
    for (int py = 0; py < side; ++py)
        for (int px = 0; px < side; ++px) {
            const int x = px / scale - 4, y = py / scale - 4;
            const bool dark = x >= 0 && y >= 0 && x < qr.size && y < qr.size && qr.at(x, y);
            out.put(static_cast<char>(dark ? 0 : 255));
        }
    return path;
}

std::string zbar_decode(const std::string& path) {
    const std::string command = "zbarimg --quiet --raw -Sdisable -Sqrcode.enable '" + path + "' 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe != nullptr);
    std::string text;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) text.append(buffer, n);
    pclose(pipe);
    if (!text.empty() && text.back() == '\n') text.pop_back();
    return text;
}
#endif

}  // namespace

TEST_CASE("qr: a link past what version 40 at error correction L holds gets no code") {
    CHECK(qr_code(link_of_length(qr_max_bytes)).has_value());
    CHECK_FALSE(qr_code(link_of_length(qr_max_bytes + 1)).has_value());
    const auto small = qr_code(link_of_length(60));
    REQUIRE(small);
    CHECK(small->size == 21 + 4 * 3);  // 60 bytes: version 4 at L
    CHECK(qr_code(link_of_length(qr_max_bytes))->size == 177);
}

#ifndef __EMSCRIPTEN__
TEST_CASE("qr: the codes of a small and of a large link decode back to the same link (zbarimg)") {
    if (!have_zbarimg()) {
        MESSAGE("SKIPPED: zbarimg is not installed (Debian package zbar-tools; scripts/setup.sh installs it)");
        return;
    }
    for (const std::size_t length : {std::size_t{80}, std::size_t{1500}, qr_max_bytes}) {
        CAPTURE(length);
        const std::string link = link_of_length(length);
        const auto qr = qr_code(link);
        REQUIRE(qr);
        const std::string decoded = zbar_decode(write_pgm(*qr, std::to_string(length)));
        CHECK(decoded.size() == link.size());
        CHECK(decoded == link);
    }
}
#endif
