// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench's central value: the median of trial medians with its
// distribution-free CI over trials, against values worked out by hand.
#include "core/analysis/trial_stats.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace kexbench;

namespace {

// A record whose trial t holds `per_trial` samples around centers[t] (center - 1, center, center + 1, ...).
Record record_with_trials(const std::vector<double> &centers, uint64_t per_trial)
{
    Record r;
    RecordSamples s;
    for (double c : centers) {
        for (uint64_t i = 0; i < per_trial; ++i) {
            const auto v = static_cast<uint64_t>(c) + (i % 3) - 1; // median of each trial = c
            s.ns.push_back(v);
            s.ticks.push_back(2 * v);
        }
        s.trial_sizes.push_back(per_trial);
    }
    r.kexbench = s;
    return r;
}

} // namespace

TEST(TrialStats, SplitsSamplesIntoTrialsAndTakesEachMedian)
{
    const Record r = record_with_trials({100, 300, 200}, 3);
    EXPECT_EQ(trial_medians(*r.kexbench, TrialQuantity::time_ns), (std::vector<double>{100, 300, 200}));
    EXPECT_EQ(trial_medians(*r.kexbench, TrialQuantity::ticks), (std::vector<double>{200, 600, 400}));
}

// n = 6: [min, max] covers 1 - 2 * 2^-6 = 0.96875, the first n that reaches 95 %.
TEST(TrialStats, SixTrialsGiveTheMinMaxIntervalWithItsExactCoverage)
{
    const Record r = record_with_trials({105, 101, 103, 100, 104, 102}, 1001);
    auto e = trial_estimate(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->statistic, TrialStatistic::median_of_trial_medians);
    EXPECT_EQ(e->trials(), 6u);
    EXPECT_DOUBLE_EQ(e->center, 102.5);
    EXPECT_TRUE(e->ci.reached);
    EXPECT_DOUBLE_EQ(e->ci.low, 100);
    EXPECT_DOUBLE_EQ(e->ci.high, 105);
    EXPECT_NEAR(e->ci.confidence, 0.96875, 1e-12);
    ASSERT_TRUE(e->relative_width());
    EXPECT_NEAR(*e->relative_width(), 5 / 102.5, 1e-12);
}

// The bug this replaces: 5 trials of 1001 iterations are still 5 samples.
// No 95 % interval exists; the coverage [min, max] does reach is 1 - 2^-4.
TEST(TrialStats, FiveTrialsGiveNoIntervalHoweverManyIterations)
{
    const Record r = record_with_trials({105, 101, 103, 100, 104}, 1001);
    auto e = trial_estimate(r);
    ASSERT_TRUE(e);
    EXPECT_FALSE(e->ci.reached);
    EXPECT_NEAR(e->ci.confidence, 0.9375, 1e-12);
    EXPECT_FALSE(e->relative_width().has_value());
    EXPECT_EQ(ci_unavailable_reason(*e), "n/a: 5 trials reach 93.8 % only");
}

// n = 10: ranks 2 and 9, coverage 1 - 2 P(B <= 1) = 1 - 22/1024.
TEST(TrialStats, TenTrialsUseTheSecondAndNinthOrderStatistics)
{
    std::vector<double> values = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
    TrialEstimate e = estimate_over_trials(values, TrialStatistic::median_of_trial_medians, TrialQuantity::time_ns);
    EXPECT_DOUBLE_EQ(e.center, 5.5);
    EXPECT_DOUBLE_EQ(e.ci.low, 2);
    EXPECT_DOUBLE_EQ(e.ci.high, 9);
    EXPECT_NEAR(e.ci.confidence, 1 - 22.0 / 1024, 1e-12);
    EXPECT_EQ(e.values, values) << "trial order is kept";
}

TEST(TrialStats, HarnessRecordsUseTheirTrialMeans)
{
    Record r;
    r.trials = {{100, 0.001, std::nullopt}, {200, 0.004, std::nullopt}, {50, 0.0005, std::nullopt}};
    auto e = trial_estimate(r);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->statistic, TrialStatistic::median_of_trial_means);
    EXPECT_EQ(std::string(trial_statistic_name(e->statistic)), "median of trial means");
    ASSERT_EQ(e->values.size(), 3u);
    EXPECT_NEAR(e->values[1], 20000, 1e-6); // 0.004 s / 200 calls = 20 µs
    EXPECT_NEAR(e->center, 10000, 1e-6);
    EXPECT_FALSE(trial_estimate(r, TrialQuantity::ticks).has_value());
    EXPECT_EQ(ci_unavailable_reason(*e), "n/a: 3 trials reach 75.0 % only");
}

TEST(TrialStats, RecordsWithoutTrialsHaveNoEstimate)
{
    EXPECT_FALSE(trial_estimate(Record{}).has_value());
    TrialEstimate one = estimate_over_trials({42}, TrialStatistic::median_of_trial_medians, TrialQuantity::time_ns);
    EXPECT_EQ(ci_unavailable_reason(one), "n/a: 1 trial");
}
