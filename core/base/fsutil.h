// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base/result.h"

#include <string>

namespace kexbench {

// Writes data to a temporary file beside path, fsyncs it and renames it over
// path, so readers see the old file or the whole new one, never a torn write.
Result<void> write_file_atomic(const std::string &path, const std::string &data);

// Writes all of data to fd, retrying short writes and EINTR; false on an error.
bool write_all(int fd, const void *data, size_t size);

// Reads a whole file, refusing files above max_bytes with a message naming it.
Result<std::string> read_file(const std::string &path, size_t max_bytes = size_t{1} << 30);

} // namespace kexbench
