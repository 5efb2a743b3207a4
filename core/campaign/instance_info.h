// SPDX-License-Identifier: GPL-3.0-or-later
// What a runner child reports about an instance library, as plain data the
// CLI and the GUI can hold without loading the library themselves.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace kexbench {

// Getter values, all in bytes (kex_get_*).
struct Capacities {
    unsigned long long passes = 0;
    unsigned long long pk = 0;
    unsigned long long sk = 0;
    unsigned long long sta = 0;
    unsigned long long stb = 0;
    unsigned long long ss = 0;
    unsigned long long total_msg = 0;
};

// "passes 2, pk 32 B, sk 32 B, sta 32 B, stb 64 B, ss 32 B, total msg 64 B"
std::string describe_capacities(const Capacities &caps);

// Copied out of the library's kexbench_meta block by the runner child that loaded it
// (core/runner/instance.h); plain data from then on.
struct InstanceMeta {
    std::string instance;
    std::string display_name;
    std::string family;
    std::string parameter_set;
    std::string group;
    std::string variant;
    std::string compiler;
    std::string build_flags;
    unsigned claimed_security_bits = 0;
    unsigned abi_version = 0;
};

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
inline const std::string &label_of(const InstanceInfo &info)
{
    return info.label.empty() ? info.meta.instance : info.label;
}
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
