// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/operations.h"

#include <algorithm>

namespace kexbench {

unsigned timed_passes(unsigned long long claimed, unsigned passes_run)
{
    return static_cast<unsigned>(std::min<unsigned long long>(claimed, passes_run));
}

std::vector<std::string> operations_for(unsigned timed_passes)
{
    std::vector<std::string> ops = {"exchange", "init_a", "init_b"};
    for (unsigned k = 1; k <= timed_passes; ++k)
        ops.push_back("pass" + std::to_string(k));
    ops.push_back("derive_a");
    ops.push_back("derive_b");
    return ops;
}

} // namespace kexbench
