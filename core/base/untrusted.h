// SPDX-License-Identifier: GPL-3.0-or-later
// Text and names that come from candidate code (instance metadata, runner
// answers, a child's stderr) before they reach a terminal, a file name or a
// table. One rule for names everywhere they become paths; one escaping rule
// for text shown to a user.
#pragma once

#include <string>
#include <string_view>

namespace kexbench {

// Longest instance (or family) name kexbench accepts.
inline constexpr size_t kMaxNameLength = 64;

// Why `name` cannot be an instance name (which becomes a file and folder
// name): empty, longer than kMaxNameLength, a leading '.', or a character
// outside [A-Za-z0-9._-]. Empty when the name is acceptable. `what` names
// the field in the message ("instance name", "family").
std::string name_problem(std::string_view name, std::string_view what = "instance name");

// The text with every control character (C0, DEL, and the C1 range of
// UTF-8) and every invalid UTF-8 byte written as \xNN, so a terminal shows
// it and is never driven by it. Newlines are escaped too: one instance
// message stays one line. Backslashes are kept, so escaping twice (the
// child escapes its message, the parent escapes what it receives) changes
// nothing: printable(printable(t)) == printable(t).
std::string printable(std::string_view text);

} // namespace kexbench
