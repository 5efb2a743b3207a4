// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/progress_plan.h"

#include "core/campaign/campaign.h"

#include <algorithm>

namespace kexbench {

namespace {
// KAT vectors, describe and calibration of an instance of typical cost.
constexpr double kInstancePreparationS = 2, kInstancePreparationNoKatS = 1;
} // namespace

double instance_preparation_s(const CampaignOptions &o)
{
    return o.kat ? kInstancePreparationS : kInstancePreparationNoKatS;
}

double trial_work_s(const Plan &plan) { return plan.estimated_s / std::max(1, plan.trials); }

double stack_child_s(const CampaignOptions &o, double t1, double setup_s)
{
    return o.stack || o.heap ? setup_s + t1 : 0;
}

double profile_child_s(const CampaignOptions &o, double t1, double setup_s)
{
    if (!o.profile)
        return 0;
    const ProfilePlan p = plan_profile(t1, setup_s, 0, o.profile_iterations);
    return setup_s + static_cast<double>(p.iterations + static_cast<uint64_t>(p.warmups)) * t1;
}

int planned_trials(const CampaignOptions &o, const Plan &plan)
{
    return o.mode == "adaptive" ? std::max(o.adaptive.min_trials, kAdaptiveMinTrials) : plan.trials;
}

double assumed_operation_s(const CampaignOptions &o, bool adaptive_high)
{
    const double stack = stack_child_s(o, kAssumedCallS, kAssumedChildSetupS);
    if (o.mode == "adaptive") {
        const int trials = std::max(o.adaptive.min_trials, kAdaptiveMinTrials);
        const double low = trials * (o.adaptive.trial_target_s + kAssumedChildSetupS);
        return stack + (adaptive_high ? std::max(o.adaptive.budget_s, low) : low);
    }
    return stack + plan_fixed(kAssumedCallS, kAssumedChildSetupS, kAssumedCallS, o.planning).estimated_s;
}

} // namespace kexbench
