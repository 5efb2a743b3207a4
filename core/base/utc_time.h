// SPDX-License-Identifier: GPL-3.0-or-later
// The one form of a wall-clock time in kexbench's files: UTC in the ISO 8601
// form Python's datetime.isoformat() gives, as the harness records carry it
// ("2026-12-08T01:40:05.123456+00:00"). Records, campaigns, ct records and the
// verdict check all stamp their times with it.
#pragma once

#include <string>

namespace kexbench {

std::string utc_now();

} // namespace kexbench
