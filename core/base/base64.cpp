// SPDX-License-Identifier: GPL-3.0-or-later
// RFC 4648 base64 with padding; strict decoding.
#include "core/base/base64.h"

#include <cstdint>

namespace kexbench {

namespace {

constexpr char kBase64Alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

std::string bad_base64_char(std::string_view text, size_t at)
{
    unsigned char c = static_cast<unsigned char>(text[at]);
    std::string shown = c >= 0x21 && c < 0x7f
                            ? std::string(1, char(c))
                            : std::string("\\x") + "0123456789abcdef"[c >> 4] + "0123456789abcdef"[c & 15];
    return std::string("invalid base64: character '").append(shown).append("' at offset ").append(std::to_string(at));
}

} // namespace

std::string base64_encode(std::string_view bytes)
{
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8 | uint8_t(bytes[i + 2]);
        for (int s = 18; s >= 0; s -= 6)
            out += kBase64Alphabet[(v >> s) & 63];
    }
    size_t rest = bytes.size() - i;
    if (rest == 0)
        return out;
    uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | (rest == 2 ? uint32_t(uint8_t(bytes[i + 1])) << 8 : 0);
    out += kBase64Alphabet[(v >> 18) & 63];
    out += kBase64Alphabet[(v >> 12) & 63];
    out += rest == 2 ? kBase64Alphabet[(v >> 6) & 63] : '=';
    out += '=';
    return out;
}

Result<std::string> base64_decode(std::string_view text)
{
    if (text.size() % 4 != 0)
        return fail(std::string("invalid base64: length ")
                        .append(std::to_string(text.size()))
                        .append(" is not a multiple of 4"));
    size_t pad = 0;
    if (!text.empty() && text.back() == '=')
        pad = text[text.size() - 2] == '=' ? 2 : 1;
    std::string out;
    out.reserve(text.size() / 4 * 3);
    uint32_t acc = 0;
    for (size_t i = 0; i < text.size() - pad; ++i) {
        int v = base64_value(text[i]);
        if (v < 0)
            return fail(bad_base64_char(text, i));
        acc = acc << 6 | uint32_t(v);
        if (i % 4 == 3) {
            out += char(acc >> 16);
            out += char(acc >> 8);
            out += char(acc);
            acc = 0;
        }
    }
    if (pad == 0)
        return out;
    // Canonical form only: the bits that padding drops must be zero.
    if ((pad == 1 && (acc & 3)) || (pad == 2 && (acc & 15)))
        return fail(std::string("invalid base64: non-zero bits before the padding"));
    if (pad == 1) {
        out += char(acc >> 10);
        out += char(acc >> 2);
    } else {
        out += char(acc >> 4);
    }
    return out;
}

} // namespace kexbench
