// SPDX-License-Identifier: GPL-3.0-or-later
// Timing one operation of a loaded instance inside a runner child: the
// measuring driver. Every iteration runs a complete honest exchange on fresh
// DRNG output; only the selected step (or the whole exchange) is inside the
// counter window, and every iteration's ticks and nanoseconds are kept.
#pragma once

#include "core/base/clock.h"
#include "core/campaign/operations.h"
#include "core/runner/exchange.h"
#include "core/runner/instance.h"
#include "core/data/record.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kexbench {

// "exchange" (whole protocol), or one step: init_a, init_b, pass<k>, derive_a, derive_b.
struct Operation {
    bool whole_exchange = true;
    Step step;
    std::string name() const;
};

std::optional<Operation> parse_operation(const std::string &name);

// The 48 bytes 00 01 ... 2F the harness seeds its timing driver with.
std::vector<unsigned char> harness_seed();

struct MeasureRequest {
    std::string operation = "exchange";
    uint64_t iterations = 1;
    int warmups = 0;
    double counter_hz = 0;        // known tick rate of a constant-rate counter (probed by the parent), 0 = unknown
    std::string counter = "auto"; // auto | tsc | perf | cntvct | ns
    std::vector<unsigned char> seed = harness_seed();
};

// What the untimed setup exchange found out about the protocol.
struct ExchangeShape {
    unsigned passes_run = 0;
    std::vector<unsigned long long> msg_bytes; // actual message lengths, pass 1..passes_run
    unsigned long long total_msg_bytes = 0;
    unsigned long long ss_actual_bytes = 0;
    // What init_a / init_b wrote: a one-sided protocol leaves A's key empty
    // although pk_bytes (one capacity for both) is B's size.
    unsigned long long pk_a_actual_bytes = 0, pk_b_actual_bytes = 0;
    std::vector<std::string> audits;
};

struct MeasureResult {
    bool complete = false;
    std::string reason; // one line when not complete
    ExchangeShape shape;
    std::vector<std::pair<std::string, std::string>> meta; // harness META keys, in order
    std::vector<uint64_t> ticks, ns;                       // per timed iteration
    std::string counter, counter_unit, time_source;
    bool core_cycles = false;
    double counter_hz = 0;
    TimerOverhead overhead;
    uint64_t baseline_rss_bytes = 0, peak_rss_bytes = 0;
    uint64_t secret_mismatches = 0;
    int warmups_done = 0;
    // Iterations whose stop tick came before the start tick (a counter that
    // moved backwards, e.g. across CPUs): dropped from ticks/ns and counted.
    uint64_t dropped_tick_pairs = 0;
    // Probe, CPU time, switches, run-queue wait and steal around the timed
    // iterations; the parent judges them (core/campaign/health.h).
    TrialHealth health;
};

MeasureResult measure_operation(const Instance &inst, const MeasureRequest &request);

// Hash/DRNG profiling of a profiled build (lib linked with kex/profile/wrap.c
// and -Wl,--wrap): like measure_operation, the wrappers count only inside the
// operation's window, and the window is read with the wrappers' own tick
// counter so the shares compare like with like (harness hashprof, §8).
struct ProfileRequest {
    std::string operation = "exchange";
    uint64_t iterations = 1;
    int warmups = 0;
    std::vector<unsigned char> seed = harness_seed();
};

struct ProfileCallRow {
    std::string fn; // sm3hash, pseudohash, pseudoXOF, drng
    uint64_t in_bits = 0, out_bits = 0, calls = 0, ticks = 0;
};

struct ProfileResult {
    bool complete = false;
    std::string reason;                                    // one line when not complete
    std::vector<std::pair<std::string, std::string>> meta; // harness META keys, in order
    uint64_t operations = 0, total_ticks = 0;              // the TOTAL line
    std::vector<ProfileCallRow> calls;                     // by fn, in_bits, out_bits
    std::string tick_source;
    double tick_hz = 0;
    uint64_t overflow_calls = 0, secret_mismatches = 0;
    int warmups_done = 0;
};

ProfileResult profile_operation(const Instance &inst, const ProfileRequest &request);

// Deepest stack use of the operation in bytes, from one exchange run on a
// painted private stack, or why it cannot be measured.
Result<uint64_t> measure_stack(const Instance &inst, const Operation &op);

// The instance's own heap use in one operation, from the runner's allocator
// (core/runner/heap_tracker.h): untimed exchanges after one uncounted warm-up
// exchange, the window exactly the timing loop's. Totals are over `exchanges`.
struct HeapResult {
    bool complete = false;
    std::string reason;                                // why not, when not complete
    unsigned exchanges = 0;                            // counted exchanges
    uint64_t peak_bytes = 0;                           // the largest window's peak live requested bytes above its start
    uint64_t allocations = 0;                          // allocating calls over all counted windows
    uint64_t bytes_total = 0;                          // bytes those calls asked for
    uint64_t min_allocations = 0, max_allocations = 0; // per window
};

HeapResult measure_heap(const Instance &inst, const Operation &op, unsigned exchanges);

// The constant-time check's measurements (core/analysis/ct.h): exchanges of
// the fixed class (the harness seed every time) and of the random class (a
// fresh seed each time) in random order, the operation's ticks and class of
// each, until the budget ends, the measurement cap is reached, or |t| > 4.5
// with at least kCtMinPerClass tested measurements per class.
struct CtRequest {
    std::string operation = "exchange";
    double budget_s = 10;
    uint64_t max_measurements = 1000000;
    std::string counter = "auto";
    uint64_t rng_seed = 0; // class order and random seeds; 0 = from std::random_device
};

struct CtResult {
    bool complete = false;
    std::string reason;
    std::vector<uint64_t> ticks;
    std::vector<unsigned char> classes; // CtClass per measurement
    std::string counter, counter_unit;
    std::string stop; // "leak", "budget", "measurement cap"
    double elapsed_s = 0;
    uint64_t dropped_tick_pairs = 0;
};

CtResult ct_operation(const Instance &inst, const CtRequest &request);

// Resident set now (/proc/self/statm) and the high-water mark (VmHWM).
uint64_t current_rss_bytes();
uint64_t peak_rss_bytes();

// Name of the step running now in this process (for crash reports), or "setup".
const char *current_step_name();
void note_current_step(const Step &step);

} // namespace kexbench
