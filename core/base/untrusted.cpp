// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/untrusted.h"

#include <cstdio>

namespace kexbench {

namespace {

bool name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
}

std::string hex_escape(unsigned char c)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02X", c);
    return buf;
}

// Length of the valid UTF-8 sequence starting at text[i], or 0 when it is not one.
size_t utf8_length(std::string_view text, size_t i)
{
    const auto b = static_cast<unsigned char>(text[i]);
    size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > text.size())
        return 0;
    for (size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2)
            return 0;
    return n;
}

} // namespace

std::string name_problem(std::string_view name, std::string_view what)
{
    const std::string shown = printable(name.substr(0, 80));
    const std::string field(what);
    if (name.empty())
        return "the " + field + " is empty";
    if (name.size() > kMaxNameLength)
        return field + " '" + shown + "' is longer than " + std::to_string(kMaxNameLength) + " characters";
    // Characters first: "../x" is refused for its '/', the clearer reason.
    for (char c : name)
        if (!name_char(c))
            return field + " '" + shown + "' may only hold letters, digits, '.', '-' and '_'";
    if (name.front() == '.')
        return field + " '" + shown + "' starts with '.'";
    return {};
}

std::string printable(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const size_t n = utf8_length(text, i);
        if (n == 0) {
            out += hex_escape(c);
            ++i;
        } else if (n == 1 && (c < 0x20 || c == 0x7F)) {
            out += hex_escape(c);
            ++i;
        } else if (n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
            out += hex_escape(c) + hex_escape(static_cast<unsigned char>(text[i + 1])); // C1 controls
            i += 2;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

} // namespace kexbench
