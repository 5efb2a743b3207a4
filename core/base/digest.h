// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace kexbench {

// Lower-case hex SHA-256 of data (OpenSSL EVP).
std::string sha256_hex(std::string_view data);
// SHA-256 (hex) of a file's bytes; empty when it cannot be read.
std::string file_sha256_hex(const std::string &path);
// Upper- or lower-case hex of raw bytes.
std::string to_hex(const unsigned char *data, size_t len, bool upper = true);

} // namespace kexbench
