// SPDX-License-Identifier: GPL-3.0-or-later
// The compact encoding of a record's per-iteration samples (LEB128, zlib, base64).
#pragma once

#include "core/base/result.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kexbench {

// Compact sample encoding: zigzag-free unsigned LEB128 varints, zlib, base64
// (RFC 4648, padded). Decoding refuses bad base64, bad or truncated zlib data,
// trailing bytes, malformed varints and more than max_values values, and stops
// inflating at max_values * 10 bytes (the longest varint), so a zlib bomb costs
// at most that much memory.
std::string encode_samples(const std::vector<uint64_t> &values);
Result<std::vector<uint64_t>> decode_samples(const std::string &text, size_t max_values = size_t{1} << 26);

} // namespace kexbench
