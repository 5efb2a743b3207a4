// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/text.h"

namespace kexbench {

std::string trimmed(std::string_view text)
{
    constexpr std::string_view space = " \t\r\n\v\f";
    const size_t first = text.find_first_not_of(space);
    if (first == std::string_view::npos)
        return {};
    return std::string(text.substr(first, text.find_last_not_of(space) - first + 1));
}

std::string joined(const std::vector<std::string> &parts, std::string_view separator)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i)
            out += separator;
        out += parts[i];
    }
    return out;
}

std::string names_or_none(const std::vector<std::string> &names)
{
    return names.empty() ? std::string("none") : joined(names, ", ");
}

} // namespace kexbench
