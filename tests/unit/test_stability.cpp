// SPDX-License-Identifier: GPL-3.0-or-later
// The summary figures of `bench stability` from known run estimates.
#include "core/campaign/stability.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace kexbench;

namespace {

// A run with the given trial values, center and (reached) CI; the CI is given
// rather than computed so each test states exactly what the run claims.
StabilityRun run_with(std::vector<double> values, double center, double low, double high, bool loaded = false)
{
    StabilityRun r;
    r.estimate.values = std::move(values);
    r.estimate.center = center;
    r.estimate.ci.low = low;
    r.estimate.ci.high = high;
    r.estimate.ci.reached = true;
    r.estimate.ci.confidence = 0.95;
    r.loaded = loaded;
    return r;
}

// A run estimated the way trial_stats does it, over the given trial values.
StabilityRun estimated(std::vector<double> values, bool loaded = false)
{
    return {estimate_over_trials(std::move(values), TrialStatistic::median_of_trial_medians, TrialQuantity::time_ns),
            loaded};
}

std::vector<double> range_values(double first, double step, int n)
{
    std::vector<double> v;
    for (int i = 0; i < n; ++i)
        v.push_back(first + step * i);
    return v;
}

} // namespace

TEST(Stability, SpreadIsRangeOverMedianOfCentres)
{
    const std::vector<StabilityRun> runs = {run_with({100}, 100, 99, 101.5), run_with({101}, 101, 100.5, 101.5),
                                            run_with({102}, 102, 101.8, 103)};
    const StabilitySummary s = summarize_stability(runs);
    EXPECT_EQ(s.runs, 3u);
    EXPECT_DOUBLE_EQ(s.spread, 2.0 / 101.0);
    EXPECT_TRUE(std::isnan(s.spread_loaded)); // no loaded run
    EXPECT_DOUBLE_EQ(s.spread_unloaded, 2.0 / 101.0);
    EXPECT_FALSE(s.load_ratio.has_value());
}

TEST(Stability, CoverageCountsOtherRunsCentresInsideEachCi)
{
    // Run 1 [99, 101.5] covers 101, not 102; run 2 [100.5, 101.5] covers neither
    // 100 nor 102; run 3 [100, 103] covers both (bounds are inclusive).
    const std::vector<StabilityRun> runs = {run_with({100}, 100, 99, 101.5), run_with({101}, 101, 100.5, 101.5),
                                            run_with({102}, 102, 100, 103)};
    const StabilitySummary s = summarize_stability(runs);
    ASSERT_EQ(s.coverage.size(), 3u);
    EXPECT_EQ(s.coverage[0].covered, 1u);
    EXPECT_EQ(s.coverage[1].covered, 0u);
    EXPECT_EQ(s.coverage[2].covered, 2u);
    for (const RunCoverage &c : s.coverage) {
        EXPECT_TRUE(c.has_ci);
        EXPECT_EQ(c.others, 2u);
    }
    EXPECT_EQ(s.covered, 3u);
    EXPECT_EQ(s.coverable, 6u);
    ASSERT_TRUE(s.coverage_fraction().has_value());
    EXPECT_DOUBLE_EQ(*s.coverage_fraction(), 0.5);
}

TEST(Stability, RunWithoutCiIsLeftOutOfCoverageButItsCentreIsCovered)
{
    std::vector<StabilityRun> runs = {run_with({100}, 100, 99, 102), run_with({101}, 101, 0, 0)};
    runs[1].estimate.ci.reached = false; // e.g. 5 trials: [min, max] reaches 93.8 % only
    const StabilitySummary s = summarize_stability(runs);
    EXPECT_TRUE(s.coverage[0].has_ci);
    EXPECT_EQ(s.coverage[0].covered, 1u);
    EXPECT_FALSE(s.coverage[1].has_ci);
    EXPECT_EQ(s.coverage[1].others, 0u);
    EXPECT_EQ(s.covered, 1u);
    EXPECT_EQ(s.coverable, 1u);

    runs[0].estimate.ci.reached = false;
    EXPECT_FALSE(summarize_stability(runs).coverage_fraction().has_value());
}

TEST(Stability, SeparatedTrialsAreSignificantInBothDirections)
{
    // 8 trials each, no overlap: the exact two-sided p is 2 / C(16, 8) = 1 / 6435.
    const std::vector<StabilityRun> runs = {estimated(range_values(100, 1, 8)), estimated(range_values(200, 1, 8)),
                                            estimated(range_values(50, 1, 8))};
    const StabilitySummary s = summarize_stability(runs);
    ASSERT_EQ(s.consecutive.size(), 2u);
    EXPECT_EQ(s.consecutive[0].first, 0u);
    EXPECT_EQ(s.consecutive[0].verdict, "slower"); // run 2 takes longer than run 1
    EXPECT_NEAR(s.consecutive[0].p_value, 1.0 / 6435, 1e-12);
    EXPECT_EQ(s.consecutive[1].first, 1u);
    EXPECT_EQ(s.consecutive[1].verdict, "faster"); // run 3 takes less than run 2
    EXPECT_TRUE(s.consecutive[1].significant());
    EXPECT_EQ(s.consecutive_not_called, 0u);
}

TEST(Stability, InterleavedTrialsShowNoSignificantDifference)
{
    // 100, 102, ... against 101, 103, ...: perfectly interleaved ranks.
    const std::vector<StabilityRun> runs = {estimated(range_values(100, 2, 8)), estimated(range_values(101, 2, 8)),
                                            estimated(range_values(100, 2, 8))};
    const StabilitySummary s = summarize_stability(runs);
    ASSERT_EQ(s.consecutive.size(), 2u);
    for (const ConsecutiveVerdict &v : s.consecutive) {
        EXPECT_EQ(v.verdict, "inconclusive"); // the ratio's interval straddles 1 + 1 %
        EXPECT_EQ(v.kind, Verdict::inconclusive);
        EXPECT_GT(v.p_value, 0.05);
        EXPECT_FALSE(v.significant());
    }
    EXPECT_EQ(s.consecutive_not_called, 2u);
    // The estimates are real ones here: 8 trials reach a 95 % CI, which covers the neighbours' centres.
    EXPECT_EQ(s.covered, s.coverable);
    EXPECT_EQ(s.coverable, 6u);
}

TEST(Stability, LoadGroupsAndTheLoadChangeOfEachPair)
{
    const std::vector<StabilityRun> runs = {run_with({100}, 100, 99, 101, false), run_with({110}, 110, 109, 111, true),
                                            run_with({102}, 102, 101, 103, false),
                                            run_with({116}, 116, 115, 117, true)};
    const StabilitySummary s = summarize_stability(runs);
    EXPECT_DOUBLE_EQ(s.spread, 16.0 / 106.0);
    EXPECT_DOUBLE_EQ(s.spread_unloaded, 2.0 / 101.0);
    EXPECT_DOUBLE_EQ(s.spread_loaded, 6.0 / 113.0);
    ASSERT_TRUE(s.load_ratio.has_value());
    EXPECT_DOUBLE_EQ(*s.load_ratio, 113.0 / 101.0);
    for (const ConsecutiveVerdict &v : s.consecutive)
        EXPECT_TRUE(v.load_changed);
}

TEST(Stability, RunsWithoutTrialsTakePartInNothing)
{
    std::vector<StabilityRun> runs = {estimated({}), run_with({100}, 100, 99, 101)};
    const StabilitySummary s = summarize_stability(runs);
    EXPECT_EQ(s.runs, 2u);
    EXPECT_DOUBLE_EQ(s.spread, 0.0); // one centre: no range
    EXPECT_EQ(s.coverage[1].others, 0u);
    ASSERT_EQ(s.consecutive.size(), 1u);
    EXPECT_EQ(s.consecutive[0].kind, Verdict::too_few_trials);
    EXPECT_EQ(s.consecutive[0].verdict.rfind("n/a: ", 0), 0u) << s.consecutive[0].verdict;
    EXPECT_EQ(s.consecutive_not_called, 1u);

    EXPECT_TRUE(std::isnan(summarize_stability({}).spread));
}
