// SPDX-License-Identifier: GPL-3.0-or-later
// The consistency checks every page shows: exchange against the sum of its
// steps, timer-limited steps, flags of disturbed records.
#include "core/analysis/compare.h"
#include "core/analysis/consistency.h"

#include <gtest/gtest.h>

using namespace kexbench;

namespace {

Record timed(const std::string &label, const std::string &op, double mean_s)
{
    Record r;
    r.status = "complete";
    r.candidate = "cand";
    r.label = label;
    r.operation = op;
    r.mean_seconds = mean_s;
    r.timing_scope = op == "exchange" ? "loop" : "per_call_step";
    r.kex = {{"kex_passes", 2}, {"kex_passes_run", 2}};
    return r;
}

// A 2-pass instance: exchange plus its six steps, which add up to 16.8 ms.
std::vector<Record> instance_records(double exchange_s)
{
    std::vector<Record> v = {timed("K", "exchange", exchange_s)};
    const std::pair<const char *, double> steps[] = {{"init_a", 2e-3}, {"init_b", 2e-3},     {"pass1", 5e-3},
                                                     {"pass2", 5e-3},  {"derive_a", 1.4e-3}, {"derive_b", 1.4e-3}};
    for (const auto &[op, s] : steps)
        v.push_back(timed("K", op, s));
    return v;
}

} // namespace

// The case: an exchange of 40.4 ms whose steps add up to 16.8 ms.
TEST(Consistency, AnExchangeFarFromTheSumOfItsStepsIsFlaggedWithBothFigures)
{
    const auto checks = exchange_vs_steps(instance_records(40.4e-3));
    ASSERT_EQ(checks.size(), 1u);
    EXPECT_TRUE(checks[0].inconsistent);
    EXPECT_EQ(checks[0].steps, 6);
    EXPECT_NEAR(checks[0].steps_s, 16.8e-3, 1e-12);
    EXPECT_EQ(checks[0].text(), "exchange 40.4 ms vs 16.8 ms for the sum of its 6 steps (+140 %, mean over calls)");
}

TEST(Consistency, WithinFifteenPercentIsConsistentAndAMissingStepGivesNoCheck)
{
    const auto close = exchange_vs_steps(instance_records(19.0e-3)); // +13 %
    ASSERT_EQ(close.size(), 1u);
    EXPECT_FALSE(close[0].inconsistent);
    const auto below = exchange_vs_steps(instance_records(14.0e-3)); // -17 %
    ASSERT_EQ(below.size(), 1u);
    EXPECT_TRUE(below[0].inconsistent);
    EXPECT_NE(below[0].text().find("\u221217 %"), std::string::npos) << below[0].text();

    std::vector<Record> missing = instance_records(40.4e-3);
    missing.pop_back(); // no derive_b
    EXPECT_TRUE(exchange_vs_steps(missing).empty());
    std::vector<Record> failed = instance_records(40.4e-3);
    failed[3].status = "failed_or_partial";
    EXPECT_TRUE(exchange_vs_steps(failed).empty());
}

// Median per-call ticks within 20 of the timer overhead: the timer measures itself.
TEST(Consistency, AStepWithinTwentyTicksOfTheTimerOverheadIsTimerLimited)
{
    Record r = timed("K", "pass1", 1e-8);
    RecordSamples k;
    k.overhead_ticks = 22;
    k.ticks = {40, 41, 42, 41, 40, 41};
    k.ns = {20, 20, 20, 20, 20, 20};
    k.trial_sizes = {3, 3};
    r.kexbench = k;
    EXPECT_TRUE(timer_limited(r));
    EXPECT_EQ(record_flags(r), (std::vector<std::string>{"timer-limited (median 41 ticks, timer overhead 22 ticks)"}));
    r.kexbench->ticks = {60, 61, 62, 61, 60, 61};
    EXPECT_FALSE(timer_limited(r));
    EXPECT_TRUE(record_flags(r).empty());
    r.timing_scope = "loop"; // a whole exchange is never timer-limited by this rule
    r.kexbench->ticks = {40, 41, 42, 41, 40, 41};
    EXPECT_FALSE(timer_limited(r));
}

TEST(Consistency, DisturbedAndDroppedPairsAreFlagged)
{
    Record r = timed("K", "exchange", 1e-3);
    RecordSamples k;
    k.disturbed = true;
    k.reason = "disturbed: no clean attempt of trial 2 in 4 attempts (lost 5.0 % of its wall time)";
    k.dropped_tick_pairs = 3;
    r.kexbench = k;
    EXPECT_EQ(record_flags(r), (std::vector<std::string>{k.reason, "3 tick pair(s) dropped (stop before start)"}));
}

// Compare shows the same check for each side.
TEST(Consistency, CompareNotesAnInconsistentExchangeOnEachSide)
{
    Dataset a, b;
    a.system_label = "x86";
    b.system_label = "arm";
    a.records = instance_records(17.0e-3);
    b.records = instance_records(40.4e-3);
    const Comparison c = compare_datasets(a, b);
    const std::string wanted =
        "arm: `K` exchange 40.4 ms vs 16.8 ms for the sum of its 6 steps (+140 %, mean over calls).";
    EXPECT_NE(std::find(c.notes.begin(), c.notes.end(), wanted), c.notes.end());
    for (const auto &n : c.notes)
        EXPECT_EQ(n.find("x86: `K` exchange"), std::string::npos) << n;
}
