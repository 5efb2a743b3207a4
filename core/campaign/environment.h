// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The host description stored with every timing record: the same keys as the
// published harness's environment block, so records can be compared and a
// reader can tell a quiet fixed-clock host from a noisy shared VM.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace kexbench {

class CycleCounter;
struct ClockProbe;

struct Environment {
    std::optional<std::string> hostname;
    std::optional<std::string> architecture; // "x86_64", "aarch64"
    std::optional<std::string> cpu_model;
    std::optional<std::string> machine; // device-tree model or DMI product name
    int cpu_number = 0;                 // the CPU the environment describes
    std::optional<int> logical_cpus_online;
    bool virtualized = false;
    std::optional<uint64_t> memory_total_kib;
    std::optional<std::string> os; // os-release PRETTY_NAME
    std::optional<std::string> kernel;
    std::string compiler;
    std::string cmake; // empty when the build did not record it

    // Raw sysfs/procfs strings, nullopt when the file is absent.
    std::optional<std::string> perf_event_paranoid;
    std::optional<std::string> cpufreq_governor;
    std::optional<std::string> cpufreq_driver;
    std::optional<std::string> cpufreq_min_khz;
    std::optional<std::string> cpufreq_max_khz;
    std::optional<std::string> cpufreq_avg_khz;
    std::optional<std::string> intel_pstate_no_turbo;
    std::optional<std::string> cpufreq_boost;
    std::optional<std::string> smt_control;
    std::optional<std::string> thread_siblings_list; // evidence for the SMT warning

    // From a core-clock probe (set_core_clock); nullopt without one.
    std::optional<double> core_clock_hz;
    std::optional<double> core_clock_min_hz;
    std::optional<double> core_clock_max_hz;
    std::optional<long> core_clock_mhz;

    std::optional<std::array<double, 3>> load_average; // 1, 5, 15 minutes

    std::vector<std::string> warnings;
};

// Reads /proc and /sys below root ("" = this machine; a temp dir in tests) for
// one CPU. compiler overrides the build's own compiler string when non-empty.
// Spawns no processes. warnings stay empty: see environment_warnings().
Environment read_environment(const std::string &root = "", int cpu = 0, const std::string &compiler = "");

// The compiler that built kexbench, e.g. "gcc 12.2.0".
std::string build_compiler();

// 50 x round(hz / 50e6): 2694810952 Hz gives 2700.
long core_clock_mhz(double hz);

// Copies a probe's core clock (median, min, max, MHz) when it has one.
void set_core_clock(Environment &env, const ClockProbe &probe);

// Conditions that make timings noisy or not comparable: frequency scaling,
// turbo/boost, SMT siblings, no PMU (counter_warning, empty when there is a
// PMU) and virtualisation. The load average is recorded, never a warning on
// its own: load is judged from what a campaign measures (core/campaign/health.h).
std::vector<std::string> environment_warnings(const Environment &env, const std::string &counter_warning);
std::vector<std::string> environment_warnings(const Environment &env, const CycleCounter &counter,
                                              const std::string &why_not_pmu);

// The harness key names; absent values are null.
nlohmann::json to_json(const Environment &env);

} // namespace kexbench
