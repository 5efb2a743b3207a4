// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runner/instance_info.h"

#include "core/base/elf_file.h"

namespace kexbench {

InstanceInfo describe_loaded(const Instance &inst)
{
    InstanceInfo info;
    info.path = inst.path();
    info.meta = inst.meta();
    info.caps = inst.capacities();
    for (unsigned k = 1; k <= kMaxPasses; ++k)
        if (inst.has_pass(k))
            info.exported_passes.push_back(k);
    if (auto elf = read_elf(inst.path())) {
        info.machine = elf->machine_name;
        info.elf_load_bytes = elf->load_bytes;
    }
    return info;
}

} // namespace kexbench
