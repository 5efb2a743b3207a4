// SPDX-License-Identifier: GPL-3.0-or-later
// What a campaign records about the machine its runner children run on: the
// counter they will time with and its rate, the clock probe's verdict, and the
// environment block with its warnings. One function makes it, in the parent
// for a local runner and in `kexbench-runner host` for one that runs elsewhere
// (emulated, over ssh), so both describe a machine the same way.
#pragma once

#include "core/base/result.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// CPU pressure (PSI "some avg60", in %) from which a host counts as loaded.
inline constexpr double kCpuPressureWarningPercent = 10;

struct HostDescription {
    std::string counter;                  // CycleCounter::name() of the best counter there
    double counter_hz = 0;                // its tick rate; probed for a TSC; 0 unknown
    std::optional<bool> counter_steady;   // the clock probe's steadiness; nullopt without a probe
    std::string pmu_unavailable;          // why no PMU cycle counter is used; empty with one
    std::optional<double> fixed_clock_hz; // the core clock the PMU cycles/second rule uses (core cycles only)
    nlohmann::ordered_json environment;   // to_json(Environment), "warnings" included
    std::vector<std::string> warnings;    // the same warnings (campaign.json host_problems)
};

// Describes the machine this process runs on for a campaign whose children
// use `counter` ("auto", "perf", "tsc", "cntvct", "ns") pinned to `cpu` (the
// CPU whose frequency settings the environment reads; 0 when unpinned).
// Takes about a second: the clock probe's busy windows.
HostDescription describe_this_host(const std::string &counter, std::optional<int> cpu);

nlohmann::ordered_json to_json(const HostDescription &description);
// Checks every field's type (the answer of a runner child, which may run on
// another machine); strings are escaped for display. Errors name `origin` and the field.
Result<HostDescription> host_description_from_json(const nlohmann::json &j, const std::string &origin);

} // namespace kexbench
