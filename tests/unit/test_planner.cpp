// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/planner.h"

#include <gtest/gtest.h>

using namespace kexbench;

TEST(PlannerFixed, ReproducesThePublishedArmPlanForAdkex128Pass1)
{
    // arm_1 used a 0.5 s trial target and a 300 s budget; its exchange
    // calibration took about 390.5 us, giving 1281 iterations, 3 warm-ups and
    // 5 separate processes with a 301.508 s timeout (harness slack 300 s).
    PlanningConstants c;
    c.trial_target_s = 0.5;
    c.op_budget_s = 300;
    c.timeout_slack_s = 300;
    Plan p = plan_fixed(1e-4, 0.5, 390.5e-6, c);
    EXPECT_EQ(p.iterations_per_trial, 1281u);
    EXPECT_EQ(p.warmups, 3);
    EXPECT_EQ(p.trials, 5);
    EXPECT_TRUE(p.separate_processes);
    EXPECT_NEAR(p.timeout_per_process_s, 3 * (1281 + 3) * 390.5e-6 + 1.5 + 300, 1e-9);
}

TEST(PlannerFixed, KeepsAtLeastTwentyCallsPerTrialAndCapsAt20000)
{
    PlanningConstants c;
    EXPECT_EQ(plan_fixed(0.2, 0.1, std::nullopt, c).iterations_per_trial, 20u); // 1 s / 0.2 s = 5 < 20
    EXPECT_EQ(plan_fixed(1e-9, 0.1, std::nullopt, c).iterations_per_trial, 20000u);
}

TEST(PlannerFixed, ShrinksToTheBudget)
{
    PlanningConstants c;
    c.op_budget_s = 10;
    Plan p = plan_fixed(1.0, 0.1, std::nullopt, c);
    EXPECT_EQ(p.iterations_per_trial, 2u); // floor(10 / (5 * 1))
    EXPECT_EQ(p.trials, 5);
    EXPECT_EQ(p.warmups, 1);
    Plan slow = plan_fixed(4.0, 0.1, std::nullopt, c);
    EXPECT_EQ(slow.trials, 2); // 5 * 4 s > 10 s: floor(10 / 4)
    EXPECT_EQ(slow.iterations_per_trial, 1u);
    EXPECT_EQ(plan_fixed(6.0, 0.1, std::nullopt, c).warmups, 0);
}

TEST(PlannerFixed, SlowSetupSharesOneProcess)
{
    PlanningConstants c;
    Plan p = plan_fixed(1e-3, 61, std::nullopt, c);
    EXPECT_FALSE(p.separate_processes);
    EXPECT_NEAR(p.estimated_s, 5 * 1000 * 1e-3 + 1 * (3 * 1e-3 + 61), 1e-9);
}

TEST(PlannerAdaptive, StopsOnPrecisionOnlyAfterMinimumTrials)
{
    AdaptiveSettings s;
    EXPECT_FALSE(adaptive_should_stop(s, 5, 1, 0.001).stop);
    auto v = adaptive_should_stop(s, 6, 1, 0.001);
    EXPECT_TRUE(v.stop);
    EXPECT_EQ(v.why, "precision reached");
    EXPECT_FALSE(adaptive_should_stop(s, 10, 1, 0.02).stop);
    EXPECT_EQ(adaptive_should_stop(s, 10, 61, 0.02).why, "budget spent");
    EXPECT_EQ(adaptive_should_stop(s, 200, 1, std::nullopt).why, "trial limit");
}

// Under 6 trials there is no 95 % interval over trials, so neither the
// precision nor the budget may end an adaptive operation before 6.
TEST(PlannerAdaptive, NeverStopsBeforeSixTrialsWhateverItIsGiven)
{
    AdaptiveSettings s;
    s.min_trials = 2;
    EXPECT_FALSE(adaptive_should_stop(s, 5, 1e9, 0.0).stop);
    EXPECT_EQ(adaptive_should_stop(s, 6, 1e9, 0.5).why, "budget spent");
    s.max_trials = 4; // a lower trial limit still ends it
    EXPECT_EQ(adaptive_should_stop(s, 4, 1, std::nullopt).why, "trial limit");
}
