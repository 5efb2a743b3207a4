// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench's own central value of a record: the trial is the unit of
// replication (one fresh runner child), so the figure is the median of the
// trials' own medians, and its 95 % interval is the distribution-free
// order-statistic CI over those trial values — never over iterations, which
// share one process's layout, frequency and co-runners (benchstat's model).
// With fewer than 6 trials no 95 % interval exists; the coverage [min, max]
// does reach is reported instead, never a made-up width.
//
// Harness records carry no per-iteration samples; their trial values are the
// per-trial means (seconds / measurements), and the statistic says so.
//
// Every page and export reads these functions, so one record has one figure.
#pragma once

#include "core/data/record.h"
#include "core/analysis/stats.h"

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// Which value stands for one trial.
enum class TrialStatistic {
    median_of_trial_medians, // kexbench samples: each trial's median per-iteration value
    median_of_trial_means,   // harness trial totals only: each trial's seconds / measurements
};
// "median of trial medians" / "median of trial means".
const char *trial_statistic_name(TrialStatistic s);

// Time (ns per call) or counter ticks per call.
enum class TrialQuantity { time_ns, ticks };

struct TrialEstimate {
    TrialStatistic statistic = TrialStatistic::median_of_trial_medians;
    TrialQuantity quantity = TrialQuantity::time_ns;
    std::vector<double> values;  // one per trial, in trial order
    double center = stats::kNaN; // median of values
    stats::Interval ci;          // over values; ci.reached false below 6 trials at 95 %
    // (high - low) / center when ci.reached; nullopt otherwise.
    std::optional<double> relative_width() const;
    size_t trials() const { return values.size(); }
};

// Each trial's median of the per-iteration samples (split by trial_sizes;
// samples without trial sizes count as one trial). Empty when the record has
// none of that quantity.
std::vector<double> trial_medians(const RecordSamples &samples, TrialQuantity quantity);

// The record's trial-level estimate of the quantity: from kexbench samples
// when present, else (time only) from the harness trial totals. nullopt when
// the record has no trial of that quantity.
std::optional<TrialEstimate> trial_estimate(const Record &record, TrialQuantity quantity = TrialQuantity::time_ns,
                                            double confidence = 0.95);

// Harness records: the median of the trials' counts per call
// (TrialTotals::mean_count_per_call), in the driver's unit (core cycles, its
// perf_event count), statistic median_of_trial_means. trial_estimate leaves
// these out because a comparison must first know both sides count alike; a
// table that names the unit beside the figure can show them. nullopt for a
// kexbench record, without a trial with measurements, or when such a trial
// has no count.
std::optional<TrialEstimate> harness_count_estimate(const Record &record, double confidence = 0.95);

// The same over given trial values (the adaptive rule and `bench stability` use it).
TrialEstimate estimate_over_trials(std::vector<double> values, TrialStatistic statistic, TrialQuantity quantity,
                                   double confidence = 0.95);

// "95 % CI 1.234 ms – 1.250 ms" style text is left to the formatters; this
// says in words why there is no interval ("n/a: 5 trials reach 93.8 % only").
std::string ci_unavailable_reason(const TrialEstimate &estimate);

} // namespace kexbench
