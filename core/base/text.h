// SPDX-License-Identifier: GPL-3.0-or-later
// The string helpers C++20 does not have (it has starts_with and ends_with:
// use those): trimming and joining. One copy for every layer above.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kexbench {

// Without leading and trailing white space (as std::isspace in the C locale).
std::string trimmed(std::string_view text);

// The parts with `separator` between them: joined({"a", "b"}, ", ") == "a, b".
std::string joined(const std::vector<std::string> &parts, std::string_view separator);

// Names for a message: "a, b, c", or "none" when there are none.
std::string names_or_none(const std::vector<std::string> &names);

} // namespace kexbench
