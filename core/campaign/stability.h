// SPDX-License-Identifier: GPL-3.0-or-later
// Figures of `kexbench-cli bench stability`: K independent campaigns of one
// instance x operation, each reduced to its trial-level estimate, and how far
// those estimates agree with each other. A CI that is honest about
// run-to-run variation should cover most other runs' central values, and
// consecutive runs under the same conditions should rarely differ
// significantly; this is where that claim is checked, without Qt or I/O, so
// the arithmetic is unit tested apart from the campaigns.
#pragma once

#include "core/analysis/compare.h"
#include "core/analysis/trial_stats.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// One campaign's result, in run order.
struct StabilityRun {
    TrialEstimate estimate;
    bool loaded = false;    // a background load ran on another CPU during this run
    bool disturbed = false; // the run's record is marked disturbed (a trial never ran clean)
    int number = 0;         // 1-based run number, for printing a subset of the runs
};

// How many of the other runs' central values one run's claimed CI covers.
struct RunCoverage {
    bool has_ci = false; // false: the run reached no interval at the requested level
    std::size_t covered = 0;
    std::size_t others = 0; // other runs with a central value (0 when !has_ci)
};

// Run `first` against run `first + 1` (0-based), as `compare` reads two
// campaigns (compare_trial_values): Mann-Whitney U over their trial values,
// the ratio's interval against the practical margin.
struct ConsecutiveVerdict {
    std::size_t first = 0;
    Verdict kind = Verdict::too_few_trials; // of the later run against the earlier
    std::string verdict; // its words: "slower", "equivalent within ±1 %", "inconclusive", "n/a: ..."
    double p_value = stats::kNaN;
    bool load_changed = false; // the two runs differ in load
    bool significant() const { return kind == Verdict::faster || kind == Verdict::slower; } // called different
};

struct StabilitySummary {
    std::size_t runs = 0;
    // (max - min) / median of the runs' central values; NaN without a central value.
    double spread = stats::kNaN;
    // The same over the runs without load and over the loaded runs (NaN when the group has < 2 runs).
    double spread_unloaded = stats::kNaN;
    double spread_loaded = stats::kNaN;
    // median of the loaded runs' central values / median of the unloaded ones; nullopt unless both exist.
    std::optional<double> load_ratio;

    std::vector<RunCoverage> coverage; // one per run
    std::size_t covered = 0;           // summed over the runs that have a CI
    std::size_t coverable = 0;
    std::optional<double> coverage_fraction() const;

    std::vector<ConsecutiveVerdict> consecutive; // runs - 1 entries
    std::size_t consecutive_not_called = 0;      // pairs not called faster or slower
};

// Runs without trials (center NaN) take part in nothing but the run count.
StabilitySummary summarize_stability(const std::vector<StabilityRun> &runs, double alpha = 0.05, double margin = 0.01);

} // namespace kexbench
