// SPDX-License-Identifier: GPL-3.0-or-later
// The operations a campaign measures for an instance, by the names records
// carry. Parent-side: planning needs only the pass counts a runner child reported.
#pragma once

#include <string>
#include <vector>

namespace kexbench {

// The passes whose steps are timed: P = min(claimed passes, passes the setup
// exchange reached) (MEASUREMENT-METHOD, planning of KEX steps). A 0-pass NIKE
// runs the driver's three empty passes but has no pass step of its own.
unsigned timed_passes(unsigned long long claimed, unsigned passes_run);

// exchange, init_a, init_b, pass1..passP, derive_a, derive_b for P timed passes.
std::vector<std::string> operations_for(unsigned timed_passes);

} // namespace kexbench
