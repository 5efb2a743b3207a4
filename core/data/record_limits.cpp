// SPDX-License-Identifier: GPL-3.0-or-later
// The record reader's plausibility bounds and the checks that hold a parsed record to them.
//
// Plausibility: valid JSON can still hold numbers no measurement can produce
// (a negative cycle count, 1e308 seconds, a sample of 2^64 ticks). The bounds
// below are far past anything real, so only corrupt or forged records cross
// them, and such a record is refused whole: its value never reaches a figure.
#include "core/data/record_limits.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

namespace kexbench::detail {

namespace {

struct Plausible {
    const char *kind; // "a plausible <kind>"
    double max;
};

// 1e7 s is 116 days; a trial, a process and a campaign step are bounded by
// their timeouts to hours.
constexpr Plausible kSeconds{"time in seconds", 1e7};
// A 10 GHz counter running for 1e7 s counts 1e17; ten times that is unreachable.
constexpr Plausible kCycles{"cycle count", kMaxPlausibleCycles};
// Nanosecond figures (samples, probes, overheads) of at most 1e7 s.
constexpr Plausible kNanoseconds{"time in nanoseconds", kMaxPlausibleNanoseconds};
// One operation per nanosecond for 1e7 s.
constexpr Plausible kCount{"count", 1e16};
// 1 PiB: far above any machine's memory, key or message size.
constexpr Plausible kBytes{"byte count", 1125899906842624.0};
// Operations (or MB, or counter ticks) per second: one per picosecond is beyond any CPU.
constexpr Plausible kRate{"rate", 1e12};
// A load average of a million runnable tasks.
constexpr Plausible kLoad{"load average", 1e6};

std::string number_text(double v)
{
    if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

void check_plausible(double v, const std::string &what, const Plausible &p)
{
    if (std::isfinite(v) && v >= 0 && v <= p.max)
        return;
    throw JsonFieldError{
        std::string(what).append(" ").append(number_text(v)).append(" is not a plausible ").append(p.kind)};
}

void check_plausible(const std::optional<double> &v, const std::string &what, const Plausible &p)
{
    if (v)
        check_plausible(*v, what, p);
}

// what_trial: "trial 2", "processes[0] trial 1", "kexbench.retried[3].totals".
void check_trial_totals(const TrialTotals &t, const std::string &what_trial)
{
    check_plausible(static_cast<double>(t.measurements), what_trial + " measurements", kCount);
    check_plausible(t.seconds, what_trial + " seconds", kSeconds);
    check_plausible(t.cycles, what_trial + " cycles", kCycles);
}

void check_trials(const std::vector<TrialTotals> &trials, const std::string &prefix)
{
    for (size_t i = 0; i < trials.size(); ++i)
        check_trial_totals(trials[i], prefix + "trial " + std::to_string(i + 1));
}

void check_sample_values(const std::vector<uint64_t> &values, const std::string &what, const Plausible &p)
{
    for (size_t i = 0; i < values.size(); ++i)
        if (static_cast<double>(values[i]) > p.max)
            throw JsonFieldError{std::string(what)
                                     .append(" sample ")
                                     .append(std::to_string(i + 1))
                                     .append(" ")
                                     .append(std::to_string(values[i]))
                                     .append(" is not a plausible ")
                                     .append(p.kind)};
}

} // namespace

void check_health(const TrialHealth &h, const std::string &path)
{
    check_plausible(h.probe_before_ns, path + ".probe_before_ns", kNanoseconds);
    check_plausible(h.probe_after_ns, path + ".probe_after_ns", kNanoseconds);
    check_plausible(h.wall_s, path + ".wall_s", kSeconds);
    check_plausible(h.cpu_s, path + ".cpu_s", kSeconds);
    check_plausible(h.process_cpu_s, path + ".process_cpu_s", kSeconds);
    check_plausible(h.runqueue_wait_s, path + ".runqueue_wait_s", kSeconds);
    check_plausible(h.steal_s, path + ".steal_s", kSeconds);
    check_plausible(h.cycles_per_second, path + ".cycles_per_second", kRate);
    for (const auto &[name, n] :
         {std::pair{".threads_before", h.threads_before}, std::pair{".threads_after", h.threads_after}})
        if (n && *n < 1)
            throw JsonFieldError{path + name + " " + std::to_string(*n) + " is not a plausible thread count"};
    if (h.round && *h.round < 1)
        throw JsonFieldError{path + ".round " + std::to_string(*h.round) + " is not a round (1, 2, ...)"};
}

namespace {

void check_samples_plausible(const RecordSamples &s)
{
    check_plausible(s.ticks_per_second, "kexbench.ticks_per_second", kRate);
    check_plausible(s.overhead_ticks, "kexbench.overhead_ticks", kCycles);
    check_plausible(s.overhead_ns, "kexbench.overhead_ns", kNanoseconds);
    check_plausible(s.probe_fastest_ns, "kexbench.probe_fastest_ns", kNanoseconds);
    if (s.stack_bytes)
        check_plausible(static_cast<double>(*s.stack_bytes), "kexbench.stack_bytes", kBytes);
    if (s.heap_peak_bytes)
        check_plausible(static_cast<double>(*s.heap_peak_bytes), "kexbench.heap_peak_bytes", kBytes);
    if (s.heap_bytes_total)
        check_plausible(*s.heap_bytes_total, "kexbench.heap_bytes_total", kBytes);
    if (s.heap_allocations)
        check_plausible(*s.heap_allocations, "kexbench.heap_allocations", kCount);
    check_sample_values(s.ticks, "kexbench.ticks", kCycles);
    check_sample_values(s.ns, "kexbench.ns", kNanoseconds);
    for (size_t i = 0; i < s.retried.size(); ++i) {
        const std::string at = "kexbench.retried[" + std::to_string(i) + "]";
        check_trial_totals(s.retried[i].totals, at + ".totals");
        check_sample_values(s.retried[i].ticks, at + ".ticks", kCycles);
        check_sample_values(s.retried[i].ns, at + ".ns", kNanoseconds);
    }
}

} // namespace

void check_record_plausible(const Record &r)
{
    check_plausible(static_cast<double>(r.input_bytes), "input_bytes", kBytes);
    check_plausible(static_cast<double>(r.plan.iterations_per_trial), "plan.iterations_per_trial", kCount);
    check_plausible(r.plan.warmups, "plan.warmups", kCount);
    check_plausible(r.plan.trials, "plan.trials", kCount);
    check_plausible(r.plan.estimated_s, "plan.estimated_s", kSeconds);
    check_plausible(r.plan.timeout_per_process_s, "plan.timeout_per_process_s", kSeconds);
    for (const auto &[name, load] :
         {std::pair{"load_average_start", r.load_average_start}, std::pair{"load_average_end", r.load_average_end}})
        if (load)
            for (double v : *load)
                check_plausible(v, name, kLoad);
    for (size_t i = 0; i < r.processes.size(); ++i) {
        const RecordProcess &p = r.processes[i];
        const std::string at = "process " + std::to_string(i + 1);
        check_plausible(p.wall_s, at + " wall_s", kSeconds);
        check_plausible(p.timeout_s, at + " timeout_s", kSeconds);
        check_trials(p.trials, at + " ");
    }
    check_trials(r.trials, "");
    check_plausible(static_cast<double>(r.measurements), "measurements", kCount);
    for (const auto &[name, v] :
         {std::pair{"mean_seconds", r.mean_seconds}, std::pair{"median_trial_seconds", r.median_trial_seconds},
          std::pair{"min_trial_seconds", r.min_trial_seconds}, std::pair{"max_trial_seconds", r.max_trial_seconds}})
        check_plausible(v, name, kSeconds);
    check_plausible(r.mean_cycles, "mean_cycles", kCycles);
    check_plausible(r.median_trial_cycles, "median_trial_cycles", kCycles);
    check_plausible(r.operations_per_second, "operations_per_second", kRate);
    check_plausible(r.throughput_MB_per_second, "throughput_MB_per_second", kRate);
    for (const auto &[key, v] : r.sizes)
        check_plausible(static_cast<double>(v), "sizes." + key, kBytes);
    for (const auto &[key, v] : r.kex)
        check_plausible(static_cast<double>(v), "kex." + key, kCount);
    for (const auto &[name, v] :
         {std::pair{"baseline_rss_bytes", r.baseline_rss_bytes}, std::pair{"peak_rss_bytes", r.peak_rss_bytes}})
        if (v)
            check_plausible(static_cast<double>(*v), name, kBytes);
    if (r.kexbench)
        check_samples_plausible(*r.kexbench);
}

} // namespace kexbench::detail
