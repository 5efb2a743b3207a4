// SPDX-License-Identifier: GPL-3.0-or-later
// How many iterations, trials and warm-ups an operation gets. `fixed` follows
// the published harness plan so figures are comparable; `adaptive` keeps
// adding trials until the median is known to a set precision or the budget
// ends. See docs/method.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kexbench {

struct PlanningConstants {
    int trials = 5;
    double trial_target_s = 1.0; // the harness default; its arm_1 campaign used 0.5
    uint64_t min_total = 100;    // the guide's "at least 100 measurements"
    uint64_t max_iters_per_trial = 20000;
    double op_budget_s = 900;
    double separate_process_setup_s = 60;
    double timeout_slack_s = 30; // added to every child's timeout (the harness adds 300 s)
};

struct Plan {
    uint64_t iterations_per_trial = 1;
    int warmups = 0;
    int trials = 1;
    bool separate_processes = true;
    double estimated_s = 0;
    double timeout_per_process_s = 0;
};

// t1: one call of the operation (s); setup: a child's time outside the timed
// calls (s); iter_cost: for a KEX step, one whole exchange, because every
// iteration runs the complete protocol.
Plan plan_fixed(double t1, double setup, std::optional<double> iter_cost, const PlanningConstants &c);

// Fewer trials give no distribution-free 95 % interval of the median at all
// (6 is the first n where [min, max] covers 1 - 2^-5 >= 95 %).
inline constexpr int kAdaptiveMinTrials = 6;

struct AdaptiveSettings {
    double precision = 0.005; // stop when the trial-level 95 % CI of the median is this wide relative to it
    double budget_s = 60;     // per operation (its children's wall time)
    double trial_target_s = 0.2;
    int min_trials = kAdaptiveMinTrials; // raised to kAdaptiveMinTrials when lower
    int max_trials = 200;
};

// Whether an adaptive operation may stop: the relative CI width reached the
// precision, the budget is spent, or max_trials, and never before
// max(min_trials, kAdaptiveMinTrials) trials (unless max_trials is lower).
struct AdaptiveVerdict {
    bool stop = false;
    std::string why; // "precision reached", "budget spent", "trial limit"
};
AdaptiveVerdict adaptive_should_stop(const AdaptiveSettings &s, int trials_done, double elapsed_s,
                                     std::optional<double> relative_ci_width);

} // namespace kexbench
