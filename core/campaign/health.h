// SPDX-License-Identifier: GPL-3.0-or-later
// Is a trial's measurement trustworthy? A runner child takes the figures
// (speed probe, CPU time against wall time, context switches, run-queue
// wait, steal) around its timed iterations; the parent judges them against
// the whole campaign, because "slow" only means something relative to the
// fastest the same CPU managed. See docs/method.md, "Disturbed trials".
#pragma once

#include "core/data/record.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kexbench {

// The fixed reference kernel: a dependent chain of integer multiply-adds
// whose length never changes, so its duration measures how fast this CPU
// runs right now (host frequency, SMT co-runners, throttling). Returns the
// fastest of `repeats` timings in nanoseconds.
double run_speed_probe(int repeats);
inline constexpr int kProbeRepeats = 7;

// The child's counters at one moment, for its measuring thread.
struct HealthSnapshot {
    uint64_t wall_ns = 0;                     // CLOCK_MONOTONIC_RAW
    uint64_t thread_cpu_ns = 0;               // CLOCK_THREAD_CPUTIME_ID
    uint64_t process_cpu_ns = 0;              // CLOCK_PROCESS_CPUTIME_ID: every thread of the child
    std::optional<int> threads;               // "Threads:" of /proc/self/status
    long voluntary = 0, involuntary = 0;      // getrusage(RUSAGE_THREAD)
    std::optional<uint64_t> runqueue_wait_ns; // /proc/thread-self/schedstat, 2nd field
    std::optional<uint64_t> steal_ticks;      // /proc/stat "cpu<N>" steal (USER_HZ)
    int cpu = -1;
};
HealthSnapshot take_health_snapshot();

// The figures of the span between two snapshots, with the probes around it
// (verdict fields left for judge_trial).
TrialHealth health_between(const HealthSnapshot &before, const HealthSnapshot &after, double probe_before_ns,
                           double probe_after_ns);

// The rules of docs/method.md. A trial is disturbed when its slower probe is
// more than probe_slowdown slower than the campaign's fastest probe on that
// CPU, or when it lost more than lost_share of its wall time to preemption
// (run-queue wait), steal or not running at all (wall - thread CPU time), or
// (PMU only) when its cycles per second fall below min_clock_share of the
// fixed clock (the harness's rule), or when other threads of the instance
// used more than other_threads_share of a CPU during it: a thread the
// instance leaves running competes with the measured one for the core, its
// caches and memory bandwidth even when it runs on another CPU.
struct DisturbanceRules {
    double probe_slowdown = 0.03;
    double lost_share = 0.01;
    double min_clock_share = 0.95;
    double other_threads_share = 0.05;
};

// Sets health.disturbed and health.reason (one line; empty when clean).
// fastest_probe_ns <= 0: no probe verdict. fixed_clock_hz: only with core cycles.
void judge_trial(TrialHealth &health, double fastest_probe_ns, std::optional<double> fixed_clock_hz,
                 const DisturbanceRules &rules = {});

// "some avg60" of /proc/pressure/cpu: the share (in %) of the last minute in
// which runnable tasks waited for a CPU; nullopt without PSI.
std::optional<double> cpu_pressure_some_avg60(const std::string &file = "/proc/pressure/cpu");

// The fastest single probe of a trial (the better of its two ends).
inline double fastest_probe_of(const TrialHealth &h)
{
    if (h.probe_before_ns > 0 && h.probe_after_ns > 0)
        return std::min(h.probe_before_ns, h.probe_after_ns);
    return std::max(h.probe_before_ns, h.probe_after_ns);
}

} // namespace kexbench
