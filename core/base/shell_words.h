// SPDX-License-Identifier: GPL-3.0-or-later
// Words of a command or flag string as a shell would split them, without
// expanding anything: build flags (core/build/builder.h) and runner wrappers
// (core/campaign/runner_host.h) are read by this one rule.
#pragma once

#include "core/base/result.h"

#include <string>
#include <vector>

namespace kexbench {

// White space separates, '...' and "..." group, \ escapes (inside "..." only
// before " and \). An unterminated quote is an error naming `what` and the text:
// "unterminated ' in flags '-DX='a'".
Result<std::vector<std::string>> split_shell_words(const std::string &text, const std::string &what);

} // namespace kexbench
