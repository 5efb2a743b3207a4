// SPDX-License-Identifier: GPL-3.0-or-later
// What a runner child reports about an instance library, as plain data the
// CLI and the GUI can hold without loading the library themselves.
#pragma once

#include "core/runner/instance.h"

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

// Why the metadata cannot be used: its instance name (and family, when set)
// become folder and file names of a campaign, so both follow name_problem()
// (core/base/untrusted.h). Empty when both are fine. Checked where the library is
// loaded and again where the parent takes a child's answer: a child can lie.
std::string meta_name_problem(const InstanceMeta &meta);
// The same, as one error naming the library: "<path>: instance name '...' ...".
std::string info_name_problem(const InstanceInfo &info);

void to_json(nlohmann::json &j, const InstanceMeta &m);
void from_json(const nlohmann::json &j, InstanceMeta &m);
void to_json(nlohmann::json &j, const Capacities &c);
void from_json(const nlohmann::json &j, Capacities &c);
void to_json(nlohmann::json &j, const InstanceInfo &info);
void from_json(const nlohmann::json &j, InstanceInfo &info);

} // namespace kexbench
