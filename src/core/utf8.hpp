#pragma once
// Names typed by players or read from files are cut to a size in bytes (a text field, a stored
// header). A cut inside a character would leave bytes that are not UTF-8, and writing them as
// JSON throws: every cut goes through here.
#include <cstddef>
#include <string>
#include <string_view>

namespace czary {

// The longest start of `text` of at most `max_bytes` bytes that ends on a character boundary;
// invalid bytes are dropped (a name read back is always valid UTF-8).
std::string utf8_prefix(std::string_view text, std::size_t max_bytes);

bool is_valid_utf8(std::string_view text);

// The number of characters (code points) of valid UTF-8 text.
inline std::size_t utf8_length(std::string_view text) {
    std::size_t count = 0;
    for (unsigned char c : text) count += (c & 0xC0) != 0x80;
    return count;
}

// The number of UTF-16 code units of valid UTF-8 text (as JavaScript counts a string's length):
// two for a character past U+FFFF (a four-byte sequence), one for any other.
inline std::size_t utf16_length(std::string_view text) {
    std::size_t units = 0;
    for (unsigned char c : text)
        if ((c & 0xC0) != 0x80) units += c >= 0xF0 ? 2 : 1;
    return units;
}

// Drops the last character of `text` (all its bytes: a shortened label must stay UTF-8).
void utf8_pop_back(std::string& text);

}  // namespace czary
