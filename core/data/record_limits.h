// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the record reader: the plausibility checks it applies to what it parsed.
#pragma once

#include "core/data/record.h"

#include <string>

namespace kexbench::detail {

// Throw JsonFieldError naming the first value no measurement can produce
// (negative, not finite, or past the bounds in record_limits.cpp); path names
// the health block in the message ("kexbench.health[2]").
void check_health(const TrialHealth &h, const std::string &path);
void check_record_plausible(const Record &r);

} // namespace kexbench::detail
