// SPDX-License-Identifier: GPL-3.0-or-later
// What a runner child reports about an instance library, as plain data the
// CLI and the GUI can hold without loading the library themselves.
#pragma once

#include "core/instance.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace kexbench {

struct InstanceInfo {
    std::string path;
    InstanceMeta meta;
    Capacities caps;
    std::vector<unsigned> exported_passes; // k = 1..16 that the library exports
    std::string machine;                   // ELF e_machine name
    uint64_t elf_load_bytes = 0;           // static image size (sum of PT_LOAD p_memsz)
};

InstanceInfo describe_loaded(const Instance &inst);

void to_json(nlohmann::json &j, const InstanceMeta &m);
void from_json(const nlohmann::json &j, InstanceMeta &m);
void to_json(nlohmann::json &j, const Capacities &c);
void from_json(const nlohmann::json &j, Capacities &c);
void to_json(nlohmann::json &j, const InstanceInfo &info);
void from_json(const nlohmann::json &j, InstanceInfo &info);

} // namespace kexbench
