// SPDX-License-Identifier: GPL-3.0-or-later
// RFC 4648 base64 (padded), as records carry their encoded samples.
#pragma once

#include "core/base/result.h"

#include <string>
#include <string_view>

namespace kexbench {

// RFC 4648 base64 with padding; decoding is strict (no whitespace, canonical padding).
std::string base64_encode(std::string_view bytes);
Result<std::string> base64_decode(std::string_view text);

} // namespace kexbench
