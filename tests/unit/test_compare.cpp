// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-system comparison on hand-built datasets: ratios and their direction,
// trial-level verdicts (one sample per trial, never per iteration), the caveat
// notes (counters, tick rates, clocks, KAT, disturbed trials, probe speed) and
// rows that exist on one side only. Expected values are hand arithmetic or the
// exact null distribution of U, counted independently by enumerating every
// rank assignment in a scratch Python script (not in the repo): 6 vs 6 trials
// have C(12, 6) = 924 arrangements, 19 of them with U <= 5, so the 95 % ratio
// interval takes ranks 6 and 31 with coverage 1 - 38/924; 10 vs 10 take ranks
// 24 and 77. The samples are deterministic so no verdict depends on a seed.
#include "core/analysis/compare.h"
#include "core/data/environment_facts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

using namespace kexbench;

namespace {

Record record(const std::string &label, const std::string &op, double cycles, double seconds)
{
    Record r;
    r.status = "complete";
    r.candidate = "kex-01";
    r.label = label;
    r.instance = label;
    r.operation = op;
    r.kat = "PASS";
    r.timing_scope = op == "exchange" ? "loop" : "per_call_step";
    r.mean_cycles = cycles;
    r.mean_seconds = seconds;
    return r;
}

RecordSamples samples(const std::string &counter, const std::string &unit, bool core, std::vector<uint64_t> ticks,
                      std::vector<uint64_t> ns)
{
    RecordSamples k;
    k.counter = counter;
    k.counter_unit = unit;
    k.core_cycles = core;
    k.ticks = std::move(ticks);
    k.ns = std::move(ns);
    return k;
}

RecordSamples pmu(std::vector<uint64_t> ticks, std::vector<uint64_t> ns)
{
    return samples("perf_event cpu-cycles (rdpmc)", "cycles", true, std::move(ticks), std::move(ns));
}

// One trial per median: each holds `per_trial` (odd) iterations spread
// symmetrically around its median, so the trial's median is exactly that value.
RecordSamples trials_with_medians(const std::vector<uint64_t> &medians, uint64_t per_trial = 3)
{
    std::vector<uint64_t> values;
    for (uint64_t m : medians)
        for (uint64_t i = 0; i < per_trial; ++i)
            values.push_back(m - per_trial / 2 + i);
    RecordSamples k = pmu(values, values);
    k.trial_sizes.assign(medians.size(), per_trial);
    return k;
}

Record trial_record(const std::vector<uint64_t> &medians, uint64_t per_trial = 3)
{
    Record r = record("K-128", "exchange", 1000, 1e-6);
    r.kexbench = trials_with_medians(medians, per_trial);
    return r;
}

// `n` values first, first + step, ...
std::vector<uint64_t> steps(uint64_t first, uint64_t step, size_t n)
{
    std::vector<uint64_t> v;
    for (size_t i = 0; i < n; ++i)
        v.push_back(first + i * step);
    return v;
}

// Harness trial totals: `measurements` calls per trial taking `ns_per_call` each.
std::vector<TrialTotals> harness_trials(const std::vector<double> &ns_per_call, uint64_t measurements = 1000)
{
    std::vector<TrialTotals> trials;
    for (double ns : ns_per_call)
        trials.push_back({measurements, ns * 1e-9 * static_cast<double>(measurements), std::nullopt});
    return trials;
}

Dataset dataset(const std::string &system, std::vector<Record> records)
{
    Dataset ds;
    ds.system_label = system;
    ds.records = std::move(records);
    return ds;
}

bool has_note(const std::vector<std::string> &notes, const std::string &part)
{
    return std::any_of(notes.begin(), notes.end(),
                       [&](const std::string &n) { return n.find(part) != std::string::npos; });
}

const ReportTable *table(const std::vector<ReportTable> &tables, const std::string &id)
{
    for (const auto &t : tables)
        if (t.id == id)
            return &t;
    return nullptr;
}

} // namespace

TEST(Compare, RatiosAreBOverA)
{
    const Dataset a = dataset("x86", {record("K-128", "exchange", 1000, 2e-3), record("K-128", "init_a", 300, 5e-8)});
    const Dataset b = dataset("arm", {record("K-128", "exchange", 1500, 1e-3), record("K-128", "init_a", 150, 1e-7)});
    const Comparison c = compare_datasets(a, b);
    ASSERT_EQ(c.operations.size(), 2u);
    EXPECT_EQ(c.system_a, "x86");
    EXPECT_EQ(c.system_b, "arm");
    const auto &ex = c.operations[0];
    EXPECT_EQ(ex.operation, "exchange");
    EXPECT_TRUE(ex.counters_comparable); // harness records: both the driver's perf cpu-cycles
    EXPECT_DOUBLE_EQ(*ex.cycles_ratio, 1.5);
    EXPECT_DOUBLE_EQ(*ex.time_ratio, 0.5);
    EXPECT_DOUBLE_EQ(*c.operations[1].cycles_ratio, 0.5);
    EXPECT_DOUBLE_EQ(*c.operations[1].time_ratio, 2.0);
    EXPECT_TRUE(c.one_sided.empty());
    EXPECT_TRUE(has_note(c.notes, "Ratios are B / A = arm / x86"));

    const auto tables = comparison_tables(c);
    const ReportTable *t = table(tables, "compare-timings");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->header[4], "mean cycles ratio arm / x86");
    EXPECT_EQ(t->header[7], "mean time ratio arm / x86");
    EXPECT_TRUE(has_note(t->notes, "The published method: means over all timed calls"));
    ASSERT_EQ(t->rows.size(), 2u);
    EXPECT_EQ(t->rows[0][0], "`K-128`");
    EXPECT_EQ(t->rows[0][2], "1000");
    EXPECT_EQ(t->rows[0][3], "1500");
    EXPECT_EQ(t->rows[0][4], "1.50\u00d7");
    EXPECT_EQ(t->rows[0][5], "2 ms");
    EXPECT_EQ(t->rows[0][6], "1 ms");
    EXPECT_EQ(t->rows[0][7], "0.50\u00d7");
    EXPECT_EQ(table(tables, "compare-samples"), nullptr);
}

TEST(Compare, RatioCellFormat)
{
    EXPECT_EQ(ratio_cell(1.0), "1.00\u00d7");
    EXPECT_EQ(ratio_cell(0.125), "0.12\u00d7"); // Python rounds the binary value half-even: 0.125 -> 0.12
    EXPECT_EQ(ratio_cell(12.3456), "12.35\u00d7");
    EXPECT_EQ(ratio_cell(std::nullopt), "\u2013");
}

TEST(Compare, NoTrialsNoTest)
{
    // Records with means only: no trial on either side, so nothing to test.
    const Dataset a = dataset("x86", {record("K-128", "exchange", 1000, 2e-3)});
    const Dataset b = dataset("arm", {record("K-128", "exchange", 900, 1e-3)});
    const Comparison c = compare_datasets(a, b);
    ASSERT_EQ(c.operations.size(), 1u);
    EXPECT_EQ(c.operations[0].verdict_test(), nullptr);
    EXPECT_TRUE(has_note(c.operations[0].notes, "a side has no trial values: no significance test"));
    EXPECT_TRUE(has_note(c.notes, "No row has trial values on both sides"));
    // Shared by every row: said once under the table, not in every row.
    const auto tables = comparison_tables(c);
    const ReportTable *t = table(tables, "compare-timings");
    EXPECT_TRUE(has_note(t->notes, "Every row: a side has no trial values: no significance test"));
    EXPECT_EQ(t->rows[0].back(), "\u2013");
    EXPECT_EQ(table(tables, "compare-samples"), nullptr);
}

// The bug this module fixes: 3 trials of 2001 iterations each, B 20 % slower.
// Over the 6003 iterations a side the rank test is overwhelming, but there are
// only 3 independent trials a side, and 3 vs 3 can never give p <= 0.05.
TEST(Compare, ManyIterationsOfThreeTrialsAreNotSignificant)
{
    const Record ra = trial_record({10000, 10100, 10200}, 2001);
    const Record rb = trial_record({12000, 12100, 12200}, 2001);
    const std::vector<double> all_a(ra.kexbench->ns.begin(), ra.kexbench->ns.end());
    const std::vector<double> all_b(rb.kexbench->ns.begin(), rb.kexbench->ns.end());
    ASSERT_LT(stats::mann_whitney_u(all_a, all_b).p_value, 1e-100); // the old per-iteration test

    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const auto &row = c.operations[0];
    ASSERT_TRUE(row.time_test && row.count_test);
    const SampleTest &t = *row.time_test;
    EXPECT_EQ(t.a.trials(), 3u);
    EXPECT_EQ(t.b.trials(), 3u);
    EXPECT_EQ(t.a.values, (std::vector<double>{10000, 10100, 10200}));
    EXPECT_EQ(t.test.method, stats::MannWhitney::Method::exact);
    EXPECT_DOUBLE_EQ(t.test.p_value, 0.1); // 2 / C(6, 3)
    EXPECT_DOUBLE_EQ(t.min_p, 0.1);
    EXPECT_EQ(t.verdict, Verdict::too_few_trials);
    EXPECT_EQ(t.verdict_note, "n/a: 3 vs 3 trials cannot reach p \u2264 0.05");
    EXPECT_EQ(row.count_test->verdict, Verdict::too_few_trials);
    EXPECT_DOUBLE_EQ(t.median_ratio, 12100.0 / 10100.0);
    // The ratio interval cannot reach 95 % either: [min, max] covers 1 - 2/20.
    EXPECT_FALSE(t.ratio_ci.reached);
    EXPECT_DOUBLE_EQ(t.ratio_ci.confidence, 0.9);
    EXPECT_EQ(t.ratio_ci_reason, "n/a: 3 vs 3 trials reach 90.0 % only");
    EXPECT_TRUE(has_note(row.notes, "n/a: 3 vs 3 trials cannot reach p \u2264 0.05"));

    const auto tables = comparison_tables(c);
    const ReportTable *s = table(tables, "compare-samples");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->rows[0][8], "3 / 3");
    EXPECT_EQ(s->rows[0][10], "n/a: 3 vs 3 trials reach 90.0 % only");
    EXPECT_EQ(s->rows[0][11], "0.1");
    EXPECT_EQ(s->rows[0][12], "n/a: 3 vs 3 trials cannot reach p \u2264 0.05");
    EXPECT_EQ(s->rows[0][5], "n/a: 3 trials reach 75.0 % only"); // 1 - 2^(1-3)
}

// 6 vs 6 trials, B's trial medians twice A's: fully separated, so U = 0 and the
// exact two-sided p is 2 / C(12, 6) = 2 / 924.
TEST(Compare, SixSeparatedTrialsGiveTheExactP)
{
    const Record ra = trial_record(steps(1000, 100, 6));
    const Record rb = trial_record(steps(2000, 200, 6));
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const SampleTest &t = *c.operations[0].time_test;
    EXPECT_EQ(t.a.statistic, TrialStatistic::median_of_trial_medians);
    EXPECT_EQ(t.test.method, stats::MannWhitney::Method::exact);
    EXPECT_NEAR(t.test.p_value, 2.0 / 924, 1e-15);
    EXPECT_NEAR(t.test.p_value, 0.0021645, 1e-7);
    EXPECT_DOUBLE_EQ(t.a.center, 1250);
    EXPECT_DOUBLE_EQ(t.b.center, 2500);
    EXPECT_DOUBLE_EQ(t.median_ratio, 2.0);
    EXPECT_EQ(t.verdict, Verdict::slower);
    EXPECT_TRUE(t.verdict_note.empty());
    // Each side: 6 trials reach 95 % with [min, max], coverage 1 - 2^(1-6).
    EXPECT_TRUE(t.a.ci.reached);
    EXPECT_DOUBLE_EQ(t.a.ci.confidence, 1 - 1.0 / 32);
    // The ratio's interval: ranks 6 and 31 of the 36 ratios b_j / a_i = 2 a_j / a_i.
    // The 6th smallest a_j / a_i is 12 / 15, the 6th largest 15 / 12.
    ASSERT_TRUE(t.ratio_ci.reached);
    EXPECT_TRUE(t.ratio_ci.exact);
    EXPECT_EQ(t.ratio_ci.lower_rank, 6u);
    EXPECT_EQ(t.ratio_ci.upper_rank, 31u);
    EXPECT_NEAR(t.ratio_ci.confidence, 1 - 38.0 / 924, 1e-12);
    EXPECT_NEAR(t.ratio_ci.low, 1.6, 1e-12);
    EXPECT_NEAR(t.ratio_ci.high, 2.5, 1e-12);

    const auto tables = comparison_tables(c);
    const ReportTable *s = table(tables, "compare-samples");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->header[9], "trial ratio b / a");
    EXPECT_EQ(s->header[10], "95 % CI of the ratio");
    EXPECT_EQ(s->header.back(), "b vs a (\u03b1 = 0.05, margin \u00b11 %)");
    EXPECT_EQ(s->rows[0][3], "median of trial medians");
    EXPECT_EQ(s->rows[0][4], "1.25 \u00b5s");
    EXPECT_EQ(s->rows[0][5], "1 \u00b5s \u2013 1.5 \u00b5s");
    EXPECT_EQ(s->rows[0][8], "6 / 6");
    EXPECT_EQ(s->rows[0][9], "2.00\u00d7");
    EXPECT_EQ(s->rows[0][10], "1.60\u00d7 \u2013 2.50\u00d7");
    EXPECT_EQ(s->rows[0][11], "0.00216");
    EXPECT_EQ(s->rows[0][12], "slower");

    // The other way round: faster, and the interval inverts.
    const Comparison back = compare_datasets(dataset("b", {rb}), dataset("a", {ra}));
    const SampleTest &r = *back.operations[0].time_test;
    EXPECT_EQ(r.verdict, Verdict::faster);
    EXPECT_NEAR(r.test.p_value, 2.0 / 924, 1e-15);
    EXPECT_DOUBLE_EQ(r.median_ratio, 0.5);
    EXPECT_NEAR(r.ratio_ci.low, 0.4, 1e-12);
    EXPECT_NEAR(r.ratio_ci.high, 0.625, 1e-12);
}

// The ratio's interval holds 1.00x and reaches beyond the ±1 % margin on both
// sides: neither a difference nor an equivalence can be claimed.
TEST(Compare, InterleavedTrialsAreInconclusive)
{
    const Record ra = trial_record(steps(1000, 20, 6)); // 1000, 1020, ..., 1100
    const Record rb = trial_record(steps(1010, 20, 6)); // 1010, 1030, ..., 1110
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const SampleTest &t = *c.operations[0].time_test;
    // U_a = 15 of 36 pairs: P(U <= 15) = 323/924 by enumeration, p = 0.699.
    EXPECT_DOUBLE_EQ(t.test.u_a, 15);
    EXPECT_NEAR(t.test.p_value, 646.0 / 924, 1e-12);
    EXPECT_EQ(t.verdict, Verdict::inconclusive);
    EXPECT_STREQ(verdict_text(t.verdict), "inconclusive");
    ASSERT_TRUE(t.ratio_ci.reached);
    EXPECT_LT(t.ratio_ci.low, 0.99);
    EXPECT_GT(t.ratio_ci.high, 1.01);
    const auto tables = comparison_tables(c);
    EXPECT_EQ(table(tables, "compare-samples")->rows[0].back(), "inconclusive");
}

// Five trials have no 95 % interval of their median: [min, max] covers
// 1 - 2^(1-5) = 0.9375, and that is what is shown, not a made-up width.
TEST(Compare, FiveTrialsShowTheCoverageTheyReach)
{
    const Record ra = trial_record(steps(1000, 10, 5));
    const Record rb = trial_record(steps(1100, 10, 5));
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const SampleTest &t = *c.operations[0].time_test;
    EXPECT_FALSE(t.a.ci.reached);
    EXPECT_DOUBLE_EQ(t.a.ci.confidence, 0.9375);
    EXPECT_FALSE(t.b.ci.reached);
    // 5 vs 5 can reach alpha (smallest p 2/252) and these are separated.
    EXPECT_NEAR(t.test.p_value, 2.0 / 252, 1e-15);
    EXPECT_EQ(t.verdict, Verdict::slower);
    EXPECT_TRUE(t.ratio_ci.reached);
    EXPECT_EQ(t.ratio_ci.lower_rank, 3u); // P(U <= 2) = 4/252 <= 0.025 < P(U <= 3) = 7/252
    EXPECT_NEAR(t.ratio_ci.confidence, 1 - 8.0 / 252, 1e-12);
    const auto tables = comparison_tables(c);
    const ReportTable *s = table(tables, "compare-samples");
    EXPECT_EQ(s->rows[0][5], "n/a: 5 trials reach 93.8 % only");
    EXPECT_EQ(s->rows[0][7], "n/a: 5 trials reach 93.8 % only");
}

// Significant by rank, but the medians point the other way: B's lower trials
// are far below A, its upper half sits just above A's median. The words must
// not contradict the ratio, so: inconclusive.
TEST(Compare, RatioAgainstTheTestIsInconclusive)
{
    std::vector<uint64_t> b = steps(1000, 1, 19);
    const std::vector<uint64_t> high = steps(101951, 1, 21); // above A's median 101950
    b.insert(b.end(), high.begin(), high.end());
    const Record ra = trial_record(steps(100000, 100, 40), 1);
    const Record rb = trial_record(b, 1);
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const SampleTest &t = *c.operations[0].time_test;
    EXPECT_EQ(t.test.method, stats::MannWhitney::Method::normal); // 40 trials a side
    EXPECT_DOUBLE_EQ(t.test.u_a, 21 * 20 + 19 * 40);              // B's values tend lower
    EXPECT_LT(t.test.p_value, 0.001);
    EXPECT_GT(t.median_ratio, 1.0); // but B's median is higher
    EXPECT_EQ(t.verdict, Verdict::inconclusive);
}

TEST(Compare, AlphaIsAnOption)
{
    // 10 vs 10 trials, B's 5.5 steps lower (no ties): U_a = 90 of 100, exact
    // p = 2 P(U <= 10) = 0.0015: significant at 0.05, not at 0.001.
    const Record ra = trial_record(steps(1060, 10, 10));
    const Record rb = trial_record(steps(1005, 10, 10));
    const double p = compare_datasets(dataset("a", {ra}), dataset("b", {rb})).operations[0].time_test->test.p_value;
    EXPECT_NEAR(p, 0.0015046873, 1e-9);
    const Comparison loose = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    EXPECT_EQ(loose.operations[0].time_test->verdict, Verdict::faster);
    EXPECT_EQ(loose.operations[0].time_test->ratio_ci.lower_rank, 24u); // 10 vs 10 at 95 %
    EXPECT_LT(loose.operations[0].time_test->ratio_ci.high, 1.0);
    CompareOptions strict;
    strict.alpha = 1e-3;
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}), strict);
    const SampleTest &t = *c.operations[0].time_test;
    EXPECT_EQ(t.verdict, Verdict::inconclusive);
    // At 1 - alpha = 99.9 % the ratio interval holds 1, as the test says.
    ASSERT_TRUE(t.ratio_ci.reached);
    EXPECT_GE(t.ratio_ci.high, 1.0);
    EXPECT_TRUE(has_note(c.notes, "\u03b1 = 0.001"));
}

// For untied trial values the interval of the ratio excludes 1 exactly when
// p <= alpha, exact (<= 20 trials) and normal (more) alike.
TEST(Compare, RatioIntervalAgreesWithTheTest)
{
    std::mt19937 gen(20240611);
    int significant = 0, shown = 0;
    for (int round = 0; round < 200; ++round) {
        const size_t na = 4 + gen() % 22, nb = 4 + gen() % 22;
        const uint64_t shift = gen() % 400;
        std::vector<uint64_t> a, b;
        for (size_t i = 0; i < na; ++i)
            a.push_back(100000 + 2 * (gen() % 5000)); // even: never tied with B
        for (size_t i = 0; i < nb; ++i)
            b.push_back(100001 + shift * 2 + 2 * (gen() % 5000));
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (std::adjacent_find(a.begin(), a.end()) != a.end() || std::adjacent_find(b.begin(), b.end()) != b.end())
            continue; // a tie within a side
        const SampleTest t = *compare_datasets(dataset("a", {trial_record(a, 1)}), dataset("b", {trial_record(b, 1)}))
                                  .operations[0]
                                  .time_test;
        ASSERT_TRUE(t.ratio_ci.reached) << na << " vs " << nb << ": " << t.ratio_ci_reason;
        const bool excludes_one = t.ratio_ci.low > 1 || t.ratio_ci.high < 1;
        EXPECT_EQ(excludes_one, t.test.p_value <= 0.05) << na << " vs " << nb << ", p = " << t.test.p_value;
        EXPECT_GE(t.ratio_ci.confidence, 0.95 - 1e-3);
        significant += t.test.p_value <= 0.05;
        ++shown;
    }
    EXPECT_GT(shown, 100);
    EXPECT_GT(significant, 10);
    EXPECT_LT(significant, shown);
}

TEST(Compare, HarnessTrialMeansAreTested)
{
    Record ra = record("K-128", "exchange", 1000, 1e-6);
    Record rb = record("K-128", "exchange", 1000, 2e-6);
    ra.trials = harness_trials({1000, 1010, 1020, 1030, 1040, 1050});
    rb.trials = harness_trials({2000, 2010, 2020, 2030, 2040, 2050});
    const Comparison c = compare_datasets(dataset("x86", {ra}), dataset("arm", {rb}));
    const auto &row = c.operations[0];
    ASSERT_TRUE(row.time_test);
    EXPECT_FALSE(row.count_test); // harness tick totals are not tested
    const SampleTest &t = *row.time_test;
    EXPECT_EQ(t.a.statistic, TrialStatistic::median_of_trial_means);
    ASSERT_EQ(t.a.values.size(), 6u);
    EXPECT_NEAR(t.a.values[1], 1010, 1e-9);
    EXPECT_NEAR(t.median_ratio, 2025.0 / 1025.0, 1e-12);
    EXPECT_NEAR(t.test.p_value, 2.0 / 924, 1e-15);
    EXPECT_EQ(t.verdict, Verdict::slower);
    const auto tables = comparison_tables(c);
    EXPECT_EQ(table(tables, "compare-samples")->rows[0][3], "median of trial means");
    EXPECT_EQ(table(tables, "compare-samples")->rows[0][2], "2.00\u00d7"); // the published mean ratio
}

// Samples on one side, trial totals only on the other: both sides by their trial means.
TEST(Compare, SamplesAgainstTotalsUseTrialMeans)
{
    Record ra = trial_record(steps(1000, 10, 6));
    ra.trials = harness_trials({1001, 1011, 1021, 1031, 1041, 1051});
    Record rb = record("K-128", "exchange", 1000, 1e-6);
    rb.trials = harness_trials({900, 910, 920, 930, 940, 950});
    const Comparison c = compare_datasets(dataset("mine", {ra}), dataset("published", {rb}));
    const auto &row = c.operations[0];
    ASSERT_TRUE(row.time_test);
    EXPECT_EQ(row.time_test->a.statistic, TrialStatistic::median_of_trial_means);
    EXPECT_NEAR(row.time_test->a.center, 1026, 1e-9);
    EXPECT_EQ(row.time_test->verdict, Verdict::faster);
    EXPECT_TRUE(has_note(row.notes, "only mine has per-iteration samples: both sides are tested on their trial means"));
}

TEST(Compare, DifferentCountersMakeTheCyclesRatioMeaningless)
{
    Record ra = record("K-128", "exchange", 2000, 1e-6);
    Record rb = record("K-128", "exchange", 1000, 1e-6);
    ra.kexbench = samples("tsc", "TSC ticks", false, {2000, 2001}, {1000, 1001});
    ra.kexbench->ticks_per_second = 2.1e9;
    rb.kexbench = pmu({1000, 1001}, {1000, 1001});
    const Comparison c = compare_datasets(dataset("x86", {ra}), dataset("arm", {rb}));
    const auto &row = c.operations[0];
    EXPECT_FALSE(row.counters_comparable);
    EXPECT_FALSE(row.cycles_ratio);
    EXPECT_TRUE(row.time_ratio);
    EXPECT_TRUE(row.time_test);
    EXPECT_FALSE(row.count_test);
    EXPECT_TRUE(
        has_note(row.notes, "counters differ (x86: TSC ticks (tsc); arm: cycles (perf_event cpu-cycles (rdpmc)))"));
    EXPECT_TRUE(has_note(row.notes, "cycles ratio is not meaningful"));
    const auto tables = comparison_tables(c);
    const ReportTable *t = table(tables, "compare-timings");
    EXPECT_EQ(t->rows[0][2], "2000 TSC ticks");
    EXPECT_EQ(t->rows[0][4], "\u2013");
    EXPECT_TRUE(has_note(t->notes, "Every row: counters differ"));
}

TEST(Compare, ConstantRateCountersNeedTheSameRate)
{
    Record ra = record("K-128", "exchange", 2000, 1e-6);
    Record rb = record("K-128", "exchange", 1000, 1e-6);
    ra.kexbench = samples("tsc", "TSC ticks", false, {2000}, {1000});
    rb.kexbench = samples("tsc", "TSC ticks", false, {1000}, {1000});
    ra.kexbench->ticks_per_second = 2.1e9;
    rb.kexbench->ticks_per_second = 3.0e9;
    const Comparison differ = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    EXPECT_FALSE(differ.operations[0].counters_comparable);
    EXPECT_FALSE(differ.operations[0].cycles_ratio);
    EXPECT_FALSE(differ.operations[0].count_test);
    EXPECT_TRUE(
        has_note(differ.operations[0].notes,
                 "tick rates of TSC ticks (tsc) differ (a: 2.10 GHz; b: 3.00 GHz): its counts are not compared"));
    rb.kexbench->ticks_per_second = 2.1e9;
    const Comparison same = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    EXPECT_TRUE(same.operations[0].counters_comparable);
    EXPECT_DOUBLE_EQ(*same.operations[0].cycles_ratio, 0.5);
    EXPECT_TRUE(same.operations[0].count_test);
}

// Two TSCs of unknown rate may tick at 2.1 and 3.0 GHz: never a cycles ratio.
TEST(Compare, UnknownTickRatesGiveNoCycleRatio)
{
    Record ra = record("K-128", "exchange", 2000, 1e-6);
    Record rb = record("K-128", "exchange", 1000, 1e-6);
    ra.kexbench = samples("tsc", "TSC ticks", false, {2000, 2002}, {1000, 1001});
    rb.kexbench = samples("tsc", "TSC ticks", false, {1000, 1002}, {1000, 1001});
    const Comparison both = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const auto &row = both.operations[0];
    EXPECT_FALSE(row.counters_comparable);
    EXPECT_FALSE(row.cycles_ratio);
    EXPECT_FALSE(row.count_test);
    EXPECT_TRUE(row.time_test); // the times still are
    EXPECT_TRUE(has_note(row.notes, "tick rate of TSC ticks (tsc) unknown on a and b: its counts are not compared, "
                                    "compare the times"));
    const auto tables = comparison_tables(both);
    EXPECT_EQ(table(tables, "compare-timings")->rows[0][4], "\u2013");
    EXPECT_EQ(table(tables, "compare-samples-counter"), nullptr);

    rb.kexbench->ticks_per_second = 2.1e9; // known on one side only
    const Comparison one = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    EXPECT_FALSE(one.operations[0].cycles_ratio);
    EXPECT_TRUE(has_note(one.operations[0].notes, "tick rate of TSC ticks (tsc) unknown on a:"));

    // Core cycles need no rate: PMU counters on both sides stay comparable.
    ra.kexbench = pmu({2000}, {1000});
    rb.kexbench = pmu({1000}, {1000});
    const Comparison core = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    EXPECT_TRUE(core.operations[0].counters_comparable);
    EXPECT_DOUBLE_EQ(*core.operations[0].cycles_ratio, 0.5);
}

TEST(Compare, GeometricMeanOfRatios)
{
    const RatioMean m = geometric_mean({2.0, 0.5});
    ASSERT_TRUE(m.value);
    EXPECT_DOUBLE_EQ(*m.value, 1.0);
    EXPECT_EQ(m.rows, 2u);
    EXPECT_NEAR(*geometric_mean({2.0, 8.0, 0.0, -1.0}).value, 4.0, 1e-12); // non-positive ratios are skipped
    EXPECT_FALSE(geometric_mean({}).value);

    // Two rows, B twice as slow on one and twice as fast on the other, by
    // trial medians and by means alike: both geometric means are 1.
    Record ax = trial_record(steps(1000, 10, 6)), bx = trial_record(steps(2000, 20, 6));
    Record ai = trial_record(steps(1000, 10, 6)), bi = trial_record(steps(500, 5, 6));
    ai.operation = bi.operation = "init_a";
    ax.mean_seconds = 1e-6;
    bx.mean_seconds = 2e-6;
    ai.mean_seconds = 2e-6;
    bi.mean_seconds = 1e-6;
    const Comparison c = compare_datasets(dataset("x86", {ax, ai}), dataset("arm", {bx, bi}));
    ASSERT_EQ(c.operations.size(), 2u);
    EXPECT_DOUBLE_EQ(c.operations[0].time_test->median_ratio, 2.0);
    EXPECT_DOUBLE_EQ(c.operations[1].time_test->median_ratio, 0.5);
    ASSERT_TRUE(c.trial_time_ratio.value && c.mean_time_ratio.value);
    EXPECT_DOUBLE_EQ(*c.trial_time_ratio.value, 1.0);
    EXPECT_EQ(c.trial_time_ratio.rows, 2u);
    EXPECT_DOUBLE_EQ(*c.mean_time_ratio.value, 1.0);
    EXPECT_EQ(c.mean_time_ratio.rows, 2u);
    EXPECT_TRUE(has_note(c.notes,
                         "Geometric mean of the ratios arm / x86: trial-level time ratio (median of trial "
                         "values) 1.00\u00d7 over 2 rows; mean time ratio (published method) 1.00\u00d7 over 2 rows."));
    const Report report = comparison_report(c);
    EXPECT_TRUE(has_note(report.intro, "Geometric mean of the ratios arm / x86"));
    // Several tested rows: the multiplicity caveat is said.
    EXPECT_TRUE(has_note(c.notes, "The 2 tests are not corrected for multiplicity"));
}

TEST(Compare, ProbeSpeedOfTheTwoMachines)
{
    Dataset a = dataset("x86", {record("K-128", "exchange", 1, 1)});
    Dataset b = dataset("arm", {record("K-128", "exchange", 1, 1)});
    EXPECT_FALSE(compare_datasets(a, b).probe); // no campaign.json
    a.campaign = CampaignInfo{};
    b.campaign = CampaignInfo{};
    a.campaign->raw = {{"kexbench", {{"probe", {{"fastest_ns", 95.0}, {"median_ns", 100.0}}}}}};
    b.campaign->raw = {{"kexbench", {{"probe", {{"fastest_ns", 120.0}, {"median_ns", 123.0}}}}}};
    const Comparison c = compare_datasets(a, b);
    ASSERT_TRUE(c.probe);
    EXPECT_DOUBLE_EQ(c.probe->median_ns_a, 100);
    EXPECT_DOUBLE_EQ(c.probe->median_ns_b, 123);
    EXPECT_DOUBLE_EQ(c.probe->ratio, 1.23);
    EXPECT_TRUE(
        has_note(c.notes, "arm ran 23 % slower per probe than x86 (median probe 123 ns against 100 ns, 1.23\u00d7;"));
    const Comparison back = compare_datasets(b, a);
    EXPECT_TRUE(has_note(back.notes, "x86 ran 19 % faster per probe than arm")); // 100 / 123 = 0.813
    b.campaign->raw["kexbench"]["probe"].erase("median_ns");
    EXPECT_FALSE(compare_datasets(a, b).probe);
}

TEST(Compare, DisturbedRecordsAreNoted)
{
    Record ra = trial_record(steps(1000, 10, 6));
    Record rb = trial_record(steps(1000, 10, 6));
    rb.kexbench->disturbed = true;
    rb.kexbench->health.resize(6);
    rb.kexbench->health[2].disturbed = true;
    rb.kexbench->health[4].disturbed = true;
    const Comparison c = compare_datasets(dataset("x86", {ra}), dataset("arm", {rb}));
    EXPECT_TRUE(has_note(c.operations[0].notes, "disturbed on arm: no clean trial in 2 of 6 trial slots"));
    EXPECT_FALSE(has_note(c.operations[0].notes, "disturbed on x86"));
    rb.kexbench->health.clear();
    const Comparison bare = compare_datasets(dataset("x86", {ra}), dataset("arm", {rb}));
    EXPECT_TRUE(has_note(bare.operations[0].notes, "disturbed on arm: no clean trial"));
}

TEST(Compare, CounterOfHarnessRecords)
{
    Record r = record("K-128", "exchange", 1000, 1e-6);
    EXPECT_TRUE(counter_of(r).core_cycles); // cycles without META: the driver's perf counter
    r.processes.push_back({});
    r.processes[0].meta = {{"cpu_cycles_available", "no"}};
    r.mean_cycles.reset();
    const CounterInfo none = counter_of(r);
    EXPECT_TRUE(none.unit.empty());
    EXPECT_TRUE(none.name.empty());
    const Record other = record("K-128", "exchange", 1000, 1e-6);
    const Comparison c = compare_datasets(dataset("a", {other}), dataset("b", {r}));
    EXPECT_FALSE(c.operations[0].counters_comparable);
    EXPECT_TRUE(has_note(c.operations[0].notes, "no cycle counter on b"));
}

TEST(Compare, ClockIssuesFromTheEnvironment)
{
    const nlohmann::ordered_json fixed = {{"cpufreq_governor", "performance"},
                                          {"cpufreq_min_khz", "2707200"},
                                          {"cpufreq_max_khz", "2707200"},
                                          {"cpufreq_boost", "0"},
                                          {"intel_pstate_no_turbo", nullptr}};
    EXPECT_TRUE(clock_issues(fixed).empty());
    const nlohmann::ordered_json loose = {{"cpufreq_governor", "powersave"},
                                          {"cpufreq_min_khz", "800000"},
                                          {"cpufreq_max_khz", "2100000"},
                                          {"intel_pstate_no_turbo", "0"},
                                          {"cpufreq_boost", "1"}};
    const auto issues = clock_issues(loose);
    ASSERT_EQ(issues.size(), 4u);
    EXPECT_EQ(issues[0], "cpufreq minimum 800000 kHz \u2260 maximum 2100000 kHz");
    EXPECT_EQ(issues[1], "governor powersave");
    EXPECT_EQ(issues[2], "turbo on");
    EXPECT_EQ(issues[3], "boost on");
    EXPECT_TRUE(clock_issues(nlohmann::ordered_json()).empty());

    Record ra = record("K-128", "exchange", 1000, 1e-6);
    Record rb = record("K-128", "exchange", 1000, 1e-6);
    ra.environment = loose;
    rb.environment = fixed;
    // Loop-timed trials count cycles and seconds over one window: 4.18e9 / 2 s = 2.09 GHz.
    ra.trials = {{10, 1.0, 2.09e9}, {10, 1.0, 2.09e9}};
    const Comparison c = compare_datasets(dataset("x86", {ra}), dataset("arm", {rb}));
    EXPECT_TRUE(has_note(c.notes, "x86: the clock was not fixed (cpufreq minimum 800000 kHz"));
    EXPECT_TRUE(has_note(c.notes, "its loop-timed trials ran at 2.09 GHz (cycles \u00f7 seconds)"));
    EXPECT_FALSE(has_note(c.notes, "arm: the clock was not fixed"));
    // Both core cycles, at 2.10 and 2.71 GHz: the two ratios mean different things.
    EXPECT_TRUE(has_note(c.notes, "at different clocks (x86 2.10 GHz, arm 2.71 GHz)"));
}

TEST(Compare, KatAndStatusNotes)
{
    Record ra = record("K-128", "exchange", 1000, 1e-6);
    Record rb = record("K-128", "exchange", 1000, 1e-6);
    rb.kat = "MISMATCH";
    rb.kat_not_passed = true;
    rb.status = "failed_or_partial";
    const Comparison c = compare_datasets(dataset("x86", {ra}), dataset("arm", {rb}));
    EXPECT_TRUE(has_note(c.operations[0].notes, "KAT not passed on arm (MISMATCH)"));
    EXPECT_TRUE(has_note(c.operations[0].notes, "arm: record failed_or_partial"));
    EXPECT_FALSE(has_note(c.operations[0].notes, "on x86"));
}

TEST(Compare, OneSidedRowsAreListed)
{
    const Dataset a = dataset(
        "x86", {record("K-128", "exchange", 1, 1), record("K-128", "pass3", 1, 1), record("K-256", "exchange", 1, 1)});
    const Dataset b = dataset("arm", {record("K-128", "exchange", 1, 1), record("K-512", "init_a", 1, 1)});
    const Comparison c = compare_datasets(a, b);
    ASSERT_EQ(c.operations.size(), 1u);
    ASSERT_EQ(c.one_sided.size(), 3u);
    EXPECT_EQ(c.one_sided[0].label + "/" + c.one_sided[0].operation, "K-128/pass3");
    EXPECT_TRUE(c.one_sided[0].in_a);
    EXPECT_EQ(c.one_sided[1].label, "K-256");
    EXPECT_EQ(c.one_sided[2].label + "/" + c.one_sided[2].operation, "K-512/init_a");
    EXPECT_FALSE(c.one_sided[2].in_a);
    const auto tables = comparison_tables(c);
    const ReportTable *t = table(tables, "compare-one-sided");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->rows[0], (std::vector<std::string>{"`K-128`", "pass3", "x86"}));
    EXPECT_EQ(t->rows[2], (std::vector<std::string>{"`K-512`", "init_a", "arm"}));
}

TEST(Compare, CandidateFilter)
{
    Record other = record("N-1", "exchange", 1, 1);
    other.candidate = "kex-05";
    const Dataset a = dataset("x86", {record("K-128", "exchange", 1, 1), other});
    const Dataset b = dataset("arm", {record("K-128", "exchange", 2, 1)});
    CompareOptions o;
    o.candidate = "kex-01";
    const Comparison c = compare_datasets(a, b, o);
    EXPECT_EQ(c.operations.size(), 1u);
    EXPECT_TRUE(c.one_sided.empty()); // kex-05's row is filtered out, not one-sided
    EXPECT_EQ(compare_datasets(a, b).one_sided.size(), 1u);
}

TEST(Compare, SizesAndMemorySideBySide)
{
    Record ra = record("K-128", "exchange", 1, 1);
    Record rb = record("K-128", "exchange", 1, 1);
    ra.sizes = {{"pk_bytes", 800}, {"msg1_bytes", 1600}, {"msg2_bytes", 800}, {"total_msg_bytes", 2400}};
    rb.sizes = {{"pk_bytes", 800}, {"msg1_bytes", 1600}, {"msg2_bytes", 1000}, {"total_msg_bytes", 2600}};
    ra.baseline_rss_bytes = 1000;
    ra.peak_rss_bytes = 2000;
    rb.baseline_rss_bytes = 1500;
    rb.peak_rss_bytes = 3000;
    Record step = record("K-128", "init_a", 1, 1);
    step.peak_rss_bytes = 4000; // the largest peak over the operations counts
    Dataset a = dataset("x86", {ra});
    Dataset b = dataset("arm", {rb, step});
    a.builds.push_back({});
    a.builds[0].candidate = "kex-01";
    a.builds[0].label = "K-128";
    a.builds[0].elf_load_bytes = 40000;
    b.builds = a.builds;
    b.builds[0].elf_load_bytes = 50000;
    const Comparison c = compare_datasets(a, b);

    ASSERT_EQ(c.bandwidth.size(), 4u);
    EXPECT_EQ(c.bandwidth[0].quantity, "total_msg_bytes");
    EXPECT_DOUBLE_EQ(*c.bandwidth[0].ratio, 2600.0 / 2400.0);
    EXPECT_EQ(c.bandwidth[1].quantity, "pk_bytes");
    EXPECT_DOUBLE_EQ(*c.bandwidth[1].ratio, 1.0);
    EXPECT_EQ(c.bandwidth[2].quantity, "msg1_bytes");
    EXPECT_EQ(c.bandwidth[3].quantity, "msg2_bytes");
    EXPECT_DOUBLE_EQ(*c.bandwidth[3].ratio, 1.25);

    ASSERT_EQ(c.memory.size(), 3u);
    EXPECT_EQ(c.memory[0].quantity, "elf_load_bytes");
    EXPECT_DOUBLE_EQ(*c.memory[0].ratio, 1.25);
    EXPECT_EQ(c.memory[1].quantity, "baseline_rss_bytes");
    EXPECT_DOUBLE_EQ(*c.memory[1].ratio, 1.5);
    EXPECT_EQ(c.memory[2].quantity, "peak_rss_bytes");
    EXPECT_DOUBLE_EQ(*c.memory[2].b, 4000);
    EXPECT_DOUBLE_EQ(*c.memory[2].ratio, 2.0);

    const auto tables = comparison_tables(c);
    const ReportTable *bw = table(tables, "compare-bandwidth");
    ASSERT_NE(bw, nullptr);
    EXPECT_EQ(bw->header, (std::vector<std::string>{"instance", "quantity (bytes)", "x86", "arm", "ratio arm / x86"}));
    EXPECT_EQ(bw->rows[0], (std::vector<std::string>{"`K-128`", "total_msg_bytes", "2400", "2600", "1.08\u00d7"}));
    const ReportTable *mem = table(tables, "compare-memory");
    ASSERT_NE(mem, nullptr);
    EXPECT_EQ(mem->rows[0], (std::vector<std::string>{"`K-128`", "elf_load_bytes", "40000", "50000", "1.25\u00d7"}));
}

// Records pair by label whatever their candidate ids (a campaign that derived
// "triq-kex" against one built as kex-09): each side's ELF size comes from its
// own build entry, not from a lookup under A's id that B does not have.
TEST(Compare, ElfSizeOfEachSideUnderItsOwnCandidateId)
{
    Record ra = record("TriQ-KEX-128", "exchange", 1, 1);
    Record rb = record("TriQ-KEX-128", "exchange", 1, 1);
    ra.candidate = "triq-kex";
    rb.candidate = "kex-09";
    Dataset a = dataset("x86", {ra});
    Dataset b = dataset("arm", {rb});
    a.builds.push_back({});
    a.builds[0].candidate = "triq-kex";
    a.builds[0].label = "TriQ-KEX-128";
    a.builds[0].elf_load_bytes = 40000;
    b.builds = a.builds;
    b.builds[0].candidate = "kex-09";
    b.builds[0].elf_load_bytes = 50000;
    const Comparison c = compare_datasets(a, b);
    ASSERT_EQ(c.operations.size(), 1u);
    const auto tables = comparison_tables(c);
    const ReportTable *mem = table(tables, "compare-memory");
    ASSERT_NE(mem, nullptr);
    EXPECT_EQ(mem->rows[0],
              (std::vector<std::string>{"`TriQ-KEX-128`", "elf_load_bytes", "40000", "50000", "1.25\u00d7"}));
}

TEST(Compare, EqualSystemLabelsAreTold)
{
    const Comparison c = compare_datasets(dataset("host", {record("K", "exchange", 1, 1)}),
                                          dataset("host", {record("K", "exchange", 1, 1)}));
    EXPECT_EQ(c.system_a, "host (A)");
    EXPECT_EQ(c.system_b, "host (B)");
}

TEST(Compare, ReportHasOneSectionPerTable)
{
    Record ra = record("K-128", "exchange", 1000, 1e-6);
    Record rb = record("K-128", "exchange", 800, 1e-6);
    ra.kexbench = trials_with_medians(steps(1000, 10, 6));
    rb.kexbench = trials_with_medians(steps(800, 10, 6));
    ra.kexbench->ticks.clear();
    rb.kexbench->ticks.clear();
    const Comparison c = compare_datasets(dataset("x86", {ra}), dataset("arm", {rb}));
    const Report report = comparison_report(c);
    EXPECT_EQ(report.title, "Comparison: arm vs x86");
    EXPECT_EQ(report.intro, c.notes);
    ASSERT_NE(report.table("compare-timings"), nullptr);
    ASSERT_NE(report.table("compare-samples"), nullptr);
    EXPECT_EQ(report.table("compare-samples-counter"), nullptr);
    EXPECT_EQ(report.sections.size(), comparison_tables(c).size());
    const std::string md = render_markdown(report);
    EXPECT_EQ(md.rfind("# Comparison: arm vs x86\n", 0), 0u);
    EXPECT_NE(md.find("## Trial-level times: arm / x86"), std::string::npos);
    EXPECT_NE(md.find("Significance: the trial (one fresh runner child process) is the unit of replication"),
              std::string::npos);
    EXPECT_EQ(md.find("multiplicity"), std::string::npos); // one test only
    EXPECT_NE(md.find("| `K-128` | exchange |"), std::string::npos);
}

TEST(Compare, EmptyDatasetsGiveEmptyComparison)
{
    const Comparison c = compare_datasets(Dataset{}, Dataset{});
    EXPECT_TRUE(c.operations.empty());
    EXPECT_TRUE(c.one_sided.empty());
    EXPECT_EQ(c.system_a, "A");
    EXPECT_EQ(c.system_b, "B");
    EXPECT_FALSE(comparison_tables(c).empty());
}

// Issue 34: a verdict has a practical margin. The ratio's interval [lo, hi]
// against [1 - Δ, 1 + Δ]: wholly below "faster", wholly above "slower",
// wholly inside "equivalent", touching or straddling a bound "inconclusive".
TEST(Compare, MarginVerdictAtEveryBoundary)
{
    const double d = 0.01, below = 1 - d, above = 1 + d;
    EXPECT_EQ(margin_verdict(0.95, std::nextafter(below, 0.0), d), Verdict::faster);
    EXPECT_EQ(margin_verdict(0.95, below, d), Verdict::inconclusive); // touches the band: not wholly beyond
    EXPECT_EQ(margin_verdict(below, above, d), Verdict::equivalent);  // the band itself is inside
    EXPECT_EQ(margin_verdict(std::nextafter(below, 0.0), 1.0, d), Verdict::inconclusive);
    EXPECT_EQ(margin_verdict(1.0, std::nextafter(above, 2.0), d), Verdict::inconclusive);
    EXPECT_EQ(margin_verdict(above, 1.05, d), Verdict::inconclusive);
    EXPECT_EQ(margin_verdict(std::nextafter(above, 2.0), 1.05, d), Verdict::slower);
    EXPECT_EQ(margin_verdict(0.9, 1.1, d), Verdict::inconclusive);
    // No margin: the bare test (the interval excludes 1 or holds it).
    EXPECT_EQ(margin_verdict(0.9, 0.999, 0), Verdict::faster);
    EXPECT_EQ(margin_verdict(0.999, 1.001, 0), Verdict::inconclusive);
    EXPECT_EQ(margin_verdict(1.0, 1.0, 0), Verdict::equivalent);
    // No interval: n/a.
    EXPECT_EQ(margin_verdict(std::nan(""), 1.0, d), Verdict::too_few_trials);
    EXPECT_EQ(margin_verdict(1.1, 1.0, d), Verdict::too_few_trials);
    EXPECT_EQ(margin_text(0.01), "\u00b11 %");
    EXPECT_EQ(verdict_words(Verdict::equivalent, 0.01, "en"), "equivalent within \u00b11 %");
    EXPECT_EQ(verdict_words(Verdict::slower, 0.01, "en"), "slower");
}

// Two builds 0.3 % apart, 20 tight trials each: the rank test finds the
// difference (p far below 0.05), but it lies inside ±1 %, so the verdict is
// "equivalent within ±1 %"; without a margin it is the bare "slower".
TEST(Compare, ASignificantDifferenceInsideTheMarginIsEquivalent)
{
    const Record ra = trial_record(steps(100000, 20, 20)); // 100000 .. 100380
    const Record rb = trial_record(steps(100300, 20, 20)); // 0.3 % more
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const SampleTest &t = *c.operations[0].time_test;
    EXPECT_LT(t.test.p_value, 0.05);
    ASSERT_TRUE(t.ratio_ci.reached);
    EXPECT_GT(t.ratio_ci.low, 1.0);
    EXPECT_LT(t.ratio_ci.high, 1.01);
    EXPECT_EQ(t.verdict, Verdict::equivalent);
    const auto tables = comparison_tables(c);
    EXPECT_EQ(table(tables, "compare-samples")->rows[0].back(), "equivalent within \u00b11 %");
    EXPECT_TRUE(has_note(c.notes, "practical margin of \u00b11 %"));

    CompareOptions bare;
    bare.margin = 0;
    EXPECT_EQ(compare_datasets(dataset("a", {ra}), dataset("b", {rb}), bare).operations[0].time_test->verdict,
              Verdict::slower);
    // 5 % more work is beyond the margin: slower.
    const Record rc = trial_record(steps(105000, 20, 20));
    EXPECT_EQ(compare_datasets(dataset("a", {ra}), dataset("c", {rc})).operations[0].time_test->verdict,
              Verdict::slower);
}

// Issue 34 item 3: two campaigns carry the host's campaign-to-campaign spread.
// 3 % apart with tight trials is "slower" over the trials alone; with a spread
// of 2 % (sigma sqrt 2 z = 5.5 % in log terms) the interval reaches below 1 + the
// margin, and the verdict says the difference is below the host's spread.
// 10 % apart stays "slower". Without a spread the note says it was not measured.
TEST(Compare, CampaignSpreadWidensUnpairedIntervals)
{
    const Record ra = trial_record(steps(100000, 20, 20));
    const Record rb = trial_record(steps(103000, 20, 20));
    const Comparison bare = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const SampleTest &t0 = *bare.operations[0].time_test;
    EXPECT_EQ(t0.verdict, Verdict::slower);
    EXPECT_FALSE(t0.trial_ratio_ci);
    EXPECT_TRUE(has_note(bare.notes, "campaign-to-campaign spread has not been measured"));

    CompareOptions o;
    o.campaign_spread = 0.02;
    o.campaign_spread_source = "bench verdicts on vm, 2026-12-07";
    const Comparison spread = compare_datasets(dataset("a", {ra}), dataset("b", {rb}), o);
    const SampleTest &t = *spread.operations[0].time_test;
    ASSERT_TRUE(t.trial_ratio_ci);
    EXPECT_DOUBLE_EQ(t.trial_ratio_ci->low, t0.ratio_ci.low);
    const double z = stats::normal_quantile(0.975), centre = std::log(t.median_ratio);
    const double level = z * std::sqrt(2.0) * std::log(1.02);
    EXPECT_NEAR(std::log(t.ratio_ci.low), centre - std::hypot(centre - std::log(t0.ratio_ci.low), level), 1e-12);
    EXPECT_NEAR(std::log(t.ratio_ci.high), centre + std::hypot(std::log(t0.ratio_ci.high) - centre, level), 1e-12);
    EXPECT_LT(t.ratio_ci.low, 1.01);
    EXPECT_EQ(t.verdict, Verdict::inconclusive);
    EXPECT_EQ(t.verdict_note, "inconclusive: below this host's campaign-to-campaign spread of 2.0 %");
    EXPECT_TRUE(has_note(spread.notes, "campaign-to-campaign spread of 2.00 % (bench verdicts on vm, 2026-12-07)"));
    const auto tables = comparison_tables(spread);
    EXPECT_EQ(table(tables, "compare-samples")->rows[0].back(), t.verdict_note);

    const Record far = trial_record(steps(110000, 20, 20));
    EXPECT_EQ(compare_datasets(dataset("a", {ra}), dataset("c", {far}), o).operations[0].time_test->verdict,
              Verdict::slower);
    // Inside one interleaved campaign the rounds cancel the phases: no spread is added.
    Dataset both = dataset("camp", {ra, rb});
    both.records[1].label = both.records[1].instance = "K-128B";
    both.campaign = CampaignInfo{};
    both.campaign->raw = {{"kexbench", {{"order", "interleaved"}}}};
    const Comparison inside = compare_instances(both, "K-128", "K-128B", o);
    ASSERT_FALSE(inside.operations.empty());
    ASSERT_TRUE(inside.operations[0].time_test->paired);
    EXPECT_FALSE(inside.operations[0].time_test->trial_ratio_ci);
    EXPECT_FALSE(has_note(inside.notes, "campaign-to-campaign spread"));
}

// ---------------------------------------------------------------- two instances of one campaign (issue 34)

namespace {

// The host's phases: round k runs every instance at its own speed factor
// (0.7 .. 1.3, from a fixed sequence), a drift far larger than the 0.3 %
// between twins and common to every instance of the round.
double phase(size_t round) { return 1.0 + 0.3 * std::sin(1.7 * static_cast<double>(round) + 0.4); }

// An instance's trial medians over `rounds` rounds: `base` ns times its round's
// phase, times `factor`, with a small per-trial jitter of its own (±0.05 %).
std::vector<uint64_t> phased(double base, double factor, size_t rounds, unsigned jitter_seed)
{
    std::vector<uint64_t> medians;
    for (size_t k = 0; k < rounds; ++k) {
        const double jitter = 1.0 + 0.0005 * std::sin(static_cast<double>(jitter_seed * 31 + k * 7));
        medians.push_back(static_cast<uint64_t>(base * phase(k) * factor * jitter));
    }
    return medians;
}

Record instance_record(const std::string &label, const std::vector<uint64_t> &medians)
{
    Record r = record(label, "exchange", 1000, 1e-6);
    r.kexbench = trials_with_medians(medians);
    return r;
}

Dataset one_campaign(const std::string &order, size_t rounds)
{
    Dataset d = dataset("vm", {instance_record("TWIN-1", phased(1e6, 1.0, rounds, 1)),
                               instance_record("TWIN-2", phased(1e6, 1.003, rounds, 2)),
                               instance_record("WORK-5", phased(1e6, 1.05, rounds, 3))});
    CampaignInfo info;
    info.raw = {{"kexbench", {{"order", order}}}};
    d.campaign = info;
    return d;
}

} // namespace

// Twins 0.3 % apart under phases of ±30 %: as two samples the phases drown
// the difference (inconclusive); paired by round they are "equivalent within
// ±1 %", and the 5 % sibling is "slower".
TEST(CompareInstances, PairedRoundsSeeThroughTheHostsPhases)
{
    const Dataset interleaved = one_campaign("interleaved", 12);
    const Comparison twins = compare_instances(interleaved, "TWIN-1", "TWIN-2");
    ASSERT_EQ(twins.operations.size(), 1u);
    EXPECT_TRUE(twins.options.paired);
    EXPECT_EQ(twins.system_a, "TWIN-1");
    EXPECT_EQ(twins.system_b, "TWIN-2");
    const SampleTest &t = *twins.operations[0].time_test;
    ASSERT_TRUE(t.paired);
    EXPECT_EQ(t.paired->rounds, 12u);
    EXPECT_EQ(t.paired->test.method, stats::SignedRank::Method::exact);
    ASSERT_TRUE(t.ratio_ci.reached);
    EXPECT_GT(t.ratio_ci.low, 0.99);
    EXPECT_LT(t.ratio_ci.high, 1.01);
    EXPECT_NEAR(t.median_ratio, 1.003, 0.001);
    EXPECT_EQ(t.verdict, Verdict::equivalent);
    const auto tables = comparison_tables(twins);
    const ReportTable *s = table(tables, "compare-samples");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->header[11], "p (Wilcoxon signed-rank over rounds)");
    EXPECT_EQ(s->rows[0].back(), "equivalent within \u00b11 %");
    EXPECT_TRUE(has_note(twins.notes, "Paired by round"));
    CompareOptions zh;
    zh.language = "zh_CN";
    const Comparison chinese = compare_instances(interleaved, "TWIN-1", "TWIN-2", zh);
    EXPECT_TRUE(has_note(chinese.notes, "按轮配对")); // 按轮配对
    EXPECT_EQ(table(comparison_tables(chinese), "compare-samples")->rows[0].back(), "在 ±1 % 之内等效");

    const Comparison sibling = compare_instances(interleaved, "TWIN-1", "WORK-5");
    const SampleTest &slower = *sibling.operations[0].time_test;
    EXPECT_EQ(slower.verdict, Verdict::slower);
    EXPECT_NEAR(slower.median_ratio, 1.05, 0.002);

    // The same trials as two samples: the phases make the interval far wider than the margin.
    const Comparison unpaired = compare_instances(one_campaign("harness", 12), "TWIN-1", "TWIN-2");
    EXPECT_FALSE(unpaired.options.paired);
    const SampleTest &u = *unpaired.operations[0].time_test;
    EXPECT_FALSE(u.paired);
    EXPECT_EQ(u.verdict, Verdict::inconclusive);
    EXPECT_GT(u.ratio_ci.high / u.ratio_ci.low, 1.2);
    EXPECT_TRUE(has_note(unpaired.notes, "Not paired"));
}

// The per-round ratios are the statistic: with five rounds no signed-rank
// outcome reaches p <= 0.05 (2 / 2^5 = 0.0625), so the verdict is n/a and says so.
TEST(CompareInstances, FiveRoundsCannotReachAlpha)
{
    const Comparison c = compare_instances(one_campaign("interleaved", 5), "TWIN-1", "WORK-5");
    const SampleTest &t = *c.operations[0].time_test;
    ASSERT_TRUE(t.paired);
    EXPECT_DOUBLE_EQ(t.min_p, 2.0 / 32.0);
    EXPECT_EQ(t.verdict, Verdict::too_few_trials);
    EXPECT_EQ(t.verdict_note, "n/a: 5 rounds cannot reach p \u2264 0.05");
    EXPECT_EQ(t.ratio_ci_reason, "n/a: 5 rounds reach 93.8 % only");
}

// The one line a caption shows (the Compare page's instance mode): paired by
// round with the rounds counted, else the note saying why the trials are two samples.
TEST(CompareInstances, ThePairingLineSaysHowTheTrialsWereCompared)
{
    const Comparison paired = compare_instances(one_campaign("interleaved", 12), "TWIN-1", "WORK-5");
    EXPECT_EQ(paired.pairing, "Paired by round: 12 interleaved rounds, trial k of TWIN-1 against trial k of WORK-5.");
    CompareOptions zh;
    zh.language = "zh_CN";
    EXPECT_EQ(compare_instances(one_campaign("interleaved", 12), "TWIN-1", "WORK-5", zh)
                  .pairing.rfind("按轮配对：12 个交错轮次", 0),
              0u);
    const Comparison unpaired = compare_instances(one_campaign("harness", 12), "TWIN-1", "WORK-5");
    EXPECT_EQ(unpaired.pairing.rfind("Not paired: ", 0), 0u) << unpaired.pairing;
    EXPECT_NE(std::find(unpaired.notes.begin(), unpaired.notes.end(), unpaired.pairing), unpaired.notes.end());
    const Dataset d = one_campaign("interleaved", 12);
    EXPECT_EQ(compare_datasets(d, d).pairing, "");
}

// An instance the dataset lacks: no rows, said.
TEST(CompareInstances, AMissingInstanceGivesNoRows)
{
    const Comparison c = compare_instances(one_campaign("interleaved", 8), "TWIN-1", "NOPE-1");
    EXPECT_TRUE(c.operations.empty());
    EXPECT_TRUE(has_note(c.notes, "No instance \u00d7 operation is present on both sides."));
}
