// SPDX-License-Identifier: GPL-3.0-or-later
// The harness statistics over a record's trial totals.
#include "core/data/record.h"

#include "core/base/quantile.h"

#include <algorithm>

namespace kexbench {

namespace {

void clear_statistics(Record &r)
{
    r.measurements = 0;
    r.guide_100_measurements_met = false;
    r.mean_seconds = r.median_trial_seconds = r.min_trial_seconds = r.max_trial_seconds = std::nullopt;
    r.mean_cycles = r.median_trial_cycles = std::nullopt;
    r.operations_per_second = r.throughput_MB_per_second = std::nullopt;
}

} // namespace

void compute_trial_statistics(Record &r)
{
    // The harness flattens the processes' trials; do the same when the caller has not.
    if (r.trials.empty())
        for (const auto &p : r.processes)
            r.trials.insert(r.trials.end(), p.trials.begin(), p.trials.end());
    clear_statistics(r);
    uint64_t n = 0;
    double seconds = 0, cycles = 0;
    bool all_cycles = true;
    std::vector<double> per_call_s, per_call_c;
    for (const auto &t : r.trials) {
        n += t.measurements;
        seconds += t.seconds;
        all_cycles = all_cycles && t.cycles && *t.cycles != 0;
        cycles += t.cycles.value_or(0);
        if (t.measurements == 0)
            continue; // no per-call figure for an empty trial
        per_call_s.push_back(t.seconds / double(t.measurements));
        per_call_c.push_back(t.cycles.value_or(0) / double(t.measurements));
    }
    r.measurements = n;
    r.guide_100_measurements_met = n >= 100;
    if (n == 0)
        return;
    r.mean_seconds = seconds / double(n);
    if (all_cycles)
        r.mean_cycles = cycles / double(n);
    if (!per_call_s.empty()) {
        r.median_trial_seconds = stats::median(per_call_s);
        r.min_trial_seconds = *std::min_element(per_call_s.begin(), per_call_s.end());
        r.max_trial_seconds = *std::max_element(per_call_s.begin(), per_call_s.end());
        if (all_cycles)
            r.median_trial_cycles = stats::median(per_call_c);
    }
    if (seconds > 0) {
        r.operations_per_second = double(n) / seconds;
        if (r.input_bytes > 0)
            r.throughput_MB_per_second = double(r.input_bytes) * double(n) / seconds / 1e6;
    }
}

} // namespace kexbench
