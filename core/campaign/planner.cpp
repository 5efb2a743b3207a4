// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/planner.h"

#include <algorithm>
#include <cmath>

namespace kexbench {

Plan plan_fixed(double t1, double setup, std::optional<double> iter_cost, const PlanningConstants &c)
{
    Plan p;
    const double t = std::max({iter_cost.value_or(t1), t1, 1e-8});
    const uint64_t min_per_trial =
        (c.min_total + static_cast<uint64_t>(c.trials) - 1) / static_cast<uint64_t>(c.trials);
    uint64_t iters = std::max(static_cast<uint64_t>(std::ceil(c.trial_target_s / t)), min_per_trial);
    iters = std::min(iters, c.max_iters_per_trial);
    if (c.trials * static_cast<double>(iters) * t > c.op_budget_s)
        iters = std::max<uint64_t>(1, static_cast<uint64_t>(std::floor(c.op_budget_s / (c.trials * t))));
    p.iterations_per_trial = iters;
    p.trials = c.trials * t <= c.op_budget_s ? c.trials : std::max(1, static_cast<int>(std::floor(c.op_budget_s / t)));
    p.warmups = t < 0.05 ? 3 : t < 5 ? 1 : 0;
    p.separate_processes = setup < c.separate_process_setup_s;
    const int processes = p.separate_processes ? p.trials : 1;
    p.estimated_s = p.trials * static_cast<double>(iters) * t + processes * (p.warmups * t + setup);
    const double per_process_iters = static_cast<double>(iters) * (p.separate_processes ? 1 : p.trials);
    p.timeout_per_process_s = 3 * (per_process_iters + p.warmups) * t + 3 * setup + c.timeout_slack_s;
    return p;
}

AdaptiveVerdict adaptive_should_stop(const AdaptiveSettings &s, int trials_done, double elapsed_s,
                                     std::optional<double> relative_ci_width)
{
    if (trials_done >= s.max_trials)
        return {true, "trial limit"};
    if (trials_done < std::max(s.min_trials, kAdaptiveMinTrials))
        return {};
    if (relative_ci_width && *relative_ci_width <= s.precision)
        return {true, "precision reached"};
    if (elapsed_s >= s.budget_s)
        return {true, "budget spent"};
    return {};
}

} // namespace kexbench
