// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/operations.h"

namespace kexbench {

std::vector<std::string> operations_for(unsigned passes_run)
{
    std::vector<std::string> ops = {"exchange", "init_a", "init_b"};
    for (unsigned k = 1; k <= passes_run; ++k)
        ops.push_back("pass" + std::to_string(k));
    ops.push_back("derive_a");
    ops.push_back("derive_b");
    return ops;
}

} // namespace kexbench
