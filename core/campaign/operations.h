// SPDX-License-Identifier: GPL-3.0-or-later
// The operations a campaign measures for an instance, by the names records
// carry. Parent-side: planning needs only the pass count a runner child reported.
#pragma once

#include <string>
#include <vector>

namespace kexbench {

// exchange, init_a, init_b, pass1..passN, derive_a, derive_b for N passes run.
std::vector<std::string> operations_for(unsigned passes_run);

} // namespace kexbench
