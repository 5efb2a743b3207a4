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
    // The campaign's, not the library's: the label it is filed under when it is
    // measured as a variant ("TriQ-KEX-128@opt", run --instance NAME@opt=PATH);
    // empty: its instance name. Not part of the runner's answer.
    std::string label;
};

// The name a campaign files an instance under (records, KAT, build.json key,
// the record's label): its variant label, else its instance name.
inline const std::string &label_of(const InstanceInfo &info) { return info.label.empty() ? info.meta.instance : info.label; }
// A variant label is "<instance>@<variant>" ("TriQ-KEX-128@opt"): two builds
// of one algorithm side by side in one campaign. Why `label` is not one for a
// library that describes itself as `instance` ("the library is instance X, not
// Y named in Y@opt", "variant name '' ..."); empty when it is.
std::string variant_label_problem(const std::string &label, const std::string &instance);

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
