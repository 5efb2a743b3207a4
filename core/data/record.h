// SPDX-License-Identifier: GPL-3.0-or-later
// One timing record: an instance x operation, in the field names and meanings
// of the ngcc-harness timing record (schema 2), so harness tooling reads ours
// and we read theirs. kexbench's additions (per-iteration samples, the counter
// that made them, timer overhead, stack, audits) live in the optional
// `kexbench` object, which harness records do not have.
#pragma once

#include "core/base/base64.h"
#include "core/base/json_fields.h"
#include "core/base/result.h"
#include "core/data/sample_encoding.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kexbench {

// The record reader's bounds for a cycle count and a time in nanoseconds
// (core/data/record_limits.cpp): far past anything real. A runner answer is held
// to the same bounds, so what the parent writes it can also read back.
inline constexpr double kMaxPlausibleCycles = 1e18;
inline constexpr double kMaxPlausibleNanoseconds = 1e16;

constexpr int kRecordSchema = 2;

// Totals of one trial as the harness driver prints them.
struct TrialTotals {
    uint64_t measurements = 0;
    double seconds = 0;
    std::optional<double> cycles; // counter ticks summed over the trial (null when no counter)

    // The trial's mean per call, the one figure harness data has per trial; NaN
    // without measurements (or, for the counter, without a count).
    double mean_ns_per_call() const
    {
        return measurements ? seconds * 1e9 / static_cast<double>(measurements) : std::nan("");
    }
    double mean_count_per_call() const
    {
        return measurements && cycles ? *cycles / static_cast<double>(measurements) : std::nan("");
    }
};

struct RecordPlan {
    uint64_t iterations_per_trial = 0;
    int warmups = 0;
    int trials = 0;
    bool separate_processes = true;
    double estimated_s = 0;
    double timeout_per_process_s = 0;
};

// One child process (one trial with separate processes).
struct RecordProcess {
    std::string status; // complete, partial, missing, failed, hard_timeout
    std::optional<int> exit_code;
    std::vector<std::pair<std::string, std::string>> meta; // META key -> value, in order, all strings
    std::vector<TrialTotals> trials;
    std::string stderr_tail; // JSON key "stderr", last 2000 characters
    std::vector<std::string> command;
    double wall_s = 0;
    int disturbed_retries = 0;
    std::optional<double> timeout_s; // hard_timeout entries
    // Keys this struct does not model (a reused calibration's t1_s, setup_s and
    // reused_calibration; keys a later harness adds), kept as read and written
    // back after the modelled ones, so reading and writing a record loses nothing.
    nlohmann::ordered_json extra;
};

// What a runner child measured about its own trial besides the timings, and
// the verdict on it (docs/method.md, "Disturbed trials"). The probe is a fixed
// dependent integer chain timed several times right before and right after
// the timed iterations (the fastest repeat of each); the other figures cover
// the timed iterations only.
struct TrialHealth {
    int trial = 0;   // 1-based trial slot of the record
    int attempt = 0; // 0 = first attempt, 1.. = retries
    // The campaign's round the attempt ran in (interleaved order, 1-based): trial
    // slots compared as a pair ran in one round. nullopt: harness order, older records.
    std::optional<int> round;
    int cpu = -1;                                              // the CPU the child ran on (sched_getcpu), -1 unknown
    double probe_before_ns = 0;                                // fastest probe repeat before the trial
    double probe_after_ns = 0;                                 // fastest probe repeat after it
    double wall_s = 0;                                         // wall time of the timed iterations
    double cpu_s = 0;                                          // the measuring thread's CPU time over the same span
    uint64_t voluntary_switches = 0, involuntary_switches = 0; // getrusage(RUSAGE_THREAD) deltas
    std::optional<double> runqueue_wait_s;                     // /proc/self/schedstat delta; nullopt when unreadable
    std::optional<double> steal_s;                             // /proc/stat steal of that CPU; nullopt when unreadable
    std::optional<double> cycles_per_second; // PMU cycles / seconds of the trial (only with core cycles)
    // The whole process's CPU time over the same span (CLOCK_PROCESS_CPUTIME_ID) and
    // its thread count (/proc/self/status) at both ends: CPU time beyond cpu_s was
    // used by other threads of the instance. nullopt in records made before these existed.
    std::optional<double> process_cpu_s;
    std::optional<int> threads_before, threads_after;
    bool disturbed = false;
    std::string reason; // why it was judged disturbed; empty when clean
    double slower_probe_ns() const { return std::max(probe_before_ns, probe_after_ns); }
};

// An attempt that was judged disturbed and replaced by a retry: its figures
// and samples stay in the record, outside the published-method statistics.
struct RetriedAttempt {
    TrialHealth health;
    TrialTotals totals;
    std::vector<uint64_t> ticks, ns;
};

// kexbench's additions to a record.
struct RecordSamples {
    std::string counter;         // "tsc", "perf_event cpu-cycles (rdpmc)", "cntvct_el0", "clock_monotonic_raw"
    std::string counter_unit;    // "cycles", "TSC ticks", "counter ticks", "ns"
    bool core_cycles = false;    // true only for a PMU cycle counter
    double ticks_per_second = 0; // for constant-rate counters; 0 = unknown
    std::string time_source;     // how nanoseconds were obtained ("tsc-derived", "clock_monotonic_raw")
    double overhead_ticks = 0;   // minimum of empty start/stop pairs, subtracted in the *_subtracted figures
    double overhead_ns = 0;
    std::vector<uint64_t> ticks; // every timed iteration, all trials in order
    std::vector<uint64_t> ns;
    std::vector<uint64_t> trial_sizes;       // iterations per trial, to split ticks/ns back into trials
    std::string mode;                        // "fixed" or "adaptive"
    std::optional<double> ci_relative_width; // of the median, when computed
    std::optional<uint64_t> stack_bytes;     // deepest stack use of the operation below its entry stack pointer
    // The operation's own heap (core/runner/heap_tracker.h), from a separate
    // untimed pass: the peak of live requested bytes above the level at the
    // step's start (largest over heap_exchanges), and per operation the
    // allocating calls and the bytes they asked for (means over heap_exchanges).
    std::optional<uint64_t> heap_peak_bytes;
    std::optional<double> heap_allocations, heap_bytes_total;
    std::optional<uint64_t> heap_exchanges;
    uint64_t secret_mismatches = 0;      // exchanges whose two secrets differed
    std::vector<std::string> audits;     // e.g. "pass4 never wrote its message length"
    std::string reason;                  // human-readable, when status is not complete
    std::vector<TrialHealth> health;     // one per kept trial, in trial order
    std::vector<RetriedAttempt> retried; // disturbed attempts that were run again
    bool disturbed = false;              // some kept trial never got a clean attempt
    uint64_t dropped_tick_pairs = 0;     // iterations whose stop tick came before the start tick
    double probe_fastest_ns = 0;         // the campaign's fastest probe on this record's CPU when judged
    nlohmann::ordered_json extra;        // anything else, kept as read
};

struct Record {
    int schema = kRecordSchema;
    std::string status; // complete | failed_or_partial
    std::string candidate, label, instance, variant, flags;
    std::string operation; // exchange, init_a, init_b, pass<k>, derive_a, derive_b
    uint64_t input_bytes = 0;
    RecordPlan plan;
    std::string kat; // PASS, MISMATCH, NOKAT, ...
    bool kat_not_passed = false;
    int disturbed_retries = 0;
    std::string library, library_sha256, kat_log, kat_log_sha256;
    std::string started_utc, ended_utc;
    std::optional<std::array<double, 3>> load_average_start, load_average_end;
    nlohmann::ordered_json environment;
    std::vector<RecordProcess> processes;

    // Present only when there are trials.
    std::vector<TrialTotals> trials;
    uint64_t measurements = 0;
    bool guide_100_measurements_met = false;
    std::optional<double> mean_seconds, median_trial_seconds, min_trial_seconds, max_trial_seconds;
    std::optional<double> mean_cycles, median_trial_cycles;
    std::optional<double> operations_per_second, throughput_MB_per_second;
    std::vector<std::pair<std::string, int64_t>> sizes; // in META order
    std::vector<std::pair<std::string, int64_t>> kex;   // kex_passes, kex_passes_run
    std::string build_flags;
    std::optional<uint64_t> baseline_rss_bytes, peak_rss_bytes;
    std::string timing_scope; // loop | per_call_step

    // Top-level keys this struct does not model, kept as read (written before `kexbench`).
    nlohmann::ordered_json extra;

    std::optional<RecordSamples> kexbench;

    // File it was read from (not serialized): the path given to read_record_file,
    // or the path relative to Dataset::root when load_dataset read it (a bundle's
    // files have no lasting path of their own).
    std::string source_path;

    std::optional<int64_t> size(const std::string &key) const;
};

// The harness statistics over trial totals (mean = sum/sum, median of per-trial means, ...).
void compute_trial_statistics(Record &record);

// Reading and writing; errors name the origin and the problem, on one line.
// Absent and null optional fields read as their defaults; a field present
// with another type is an error naming it ("processes[1].trials[0].seconds").
// A status other than complete is not an error. The ordered_json overload
// keeps META, `sizes` and `environment` in file order (nlohmann::json sorts keys).
Result<Record> record_from_json(const nlohmann::json &j, const std::string &origin);
Result<Record> record_from_json(const nlohmann::ordered_json &j, const std::string &origin);
// Harness field order (§7 of the method notes), `kexbench` last and only when present.
nlohmann::ordered_json record_to_json(const Record &record);
// One trial's health block as records and runner answers carry it.
nlohmann::ordered_json trial_health_json(const TrialHealth &health);
Result<TrialHealth> trial_health_from_json(const nlohmann::ordered_json &j, const std::string &origin);
// Reads (refusing files above max_bytes before reading them) and parses one
// record file; errors name the file.
Result<Record> read_record_file(const std::string &path, size_t max_bytes = size_t{256} << 20);

// records/<candidate>/<label>__<op>.json relative to a campaign folder.
std::string record_relative_path(const std::string &candidate, const std::string &label, const std::string &operation);

// Operation order of the published tables: keygen, enc, dec, sign, verify,
// exchange, init_a, init_b, pass1 ... pass16, derive_a, derive_b; -1 when unknown.
// `hash` ranks after all of them.
int operation_rank(const std::string &operation);

} // namespace kexbench
