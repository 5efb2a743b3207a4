// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-system comparison on hand-built datasets: ratios and their direction,
// verdicts from per-iteration samples, the caveat notes (counters, clocks, KAT,
// samples) and rows that exist on one side only. Expected values are hand
// arithmetic; the samples are deterministic so no verdict depends on a seed.
#include "core/compare.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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

// `n` values spread evenly over [base, base + spread): a shift of the base moves the whole distribution.
std::vector<uint64_t> spread(uint64_t base, uint64_t spread_width, size_t n)
{
    std::vector<uint64_t> v(n);
    for (size_t i = 0; i < n; ++i)
        v[i] = base + (i * spread_width) / n;
    std::reverse(v.begin(), v.end()); // order must not matter
    return v;
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

Dataset dataset(const std::string &system, std::vector<Record> records)
{
    Dataset ds;
    ds.system_label = system;
    ds.records = std::move(records);
    return ds;
}

bool has_note(const std::vector<std::string> &notes, const std::string &part)
{
    return std::any_of(notes.begin(), notes.end(), [&](const std::string &n) { return n.find(part) != std::string::npos; });
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
    EXPECT_EQ(t->header[4], "cycles ratio arm / x86");
    EXPECT_EQ(t->header[7], "time ratio arm / x86");
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

TEST(Compare, TrialTotalsOnlyWithoutSamples)
{
    const Dataset a = dataset("x86", {record("K-128", "exchange", 1000, 2e-3)});
    const Dataset b = dataset("arm", {record("K-128", "exchange", 900, 1e-3)});
    const Comparison c = compare_datasets(a, b);
    ASSERT_EQ(c.operations.size(), 1u);
    EXPECT_EQ(c.operations[0].verdict_test(), nullptr);
    EXPECT_TRUE(has_note(c.operations[0].notes, "trial totals only: no significance test"));
    // Shared by every row: said once under the table, not in every row.
    const auto tables = comparison_tables(c);
    const ReportTable *t = table(tables, "compare-timings");
    EXPECT_TRUE(has_note(t->notes, "Every row: trial totals only: no significance test"));
    EXPECT_EQ(t->rows[0].back(), "\u2013");
}

TEST(Compare, ShiftedSamplesAreSignificant)
{
    Record ra = record("K-128", "exchange", 1000, 1e-6);
    Record rb = record("K-128", "exchange", 800, 0.8e-6);
    ra.kexbench = pmu(spread(1000, 100, 200), spread(1000, 100, 200));
    rb.kexbench = pmu(spread(800, 100, 200), spread(800, 100, 200));
    const Comparison faster = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    ASSERT_EQ(faster.operations.size(), 1u);
    const auto &row = faster.operations[0];
    ASSERT_TRUE(row.time_test && row.count_test);
    EXPECT_EQ(row.verdict_test(), &*row.time_test);
    EXPECT_LT(row.time_test->test.p_value, 1e-10);
    EXPECT_EQ(row.time_test->verdict, Verdict::faster);
    EXPECT_EQ(row.count_test->verdict, Verdict::faster);
    // medians: 1000 + 99.5/2 rounded through the type-7 quantile of the even spread
    EXPECT_NEAR(row.time_test->a.median, 1049.5, 0.5);
    EXPECT_NEAR(row.time_test->b.median, 849.5, 0.5);
    EXPECT_NEAR(row.time_test->median_ratio, 849.5 / 1049.5, 1e-3);
    EXPECT_TRUE(row.time_test->a.ci.reached);
    EXPECT_LE(row.time_test->a.ci.low, row.time_test->a.median);
    EXPECT_GE(row.time_test->a.ci.high, row.time_test->a.median);
    EXPECT_FALSE(has_note(row.notes, "trial totals only"));

    const Comparison slower = compare_datasets(dataset("b", {rb}), dataset("a", {ra}));
    EXPECT_EQ(slower.operations[0].time_test->verdict, Verdict::slower);

    const auto tables = comparison_tables(faster);
    const ReportTable *t = table(tables, "compare-samples");
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->header.back(), "b vs a (\u03b1 = 0.05)");
    EXPECT_EQ(t->rows[0].back(), "faster");
    EXPECT_NE(table(tables, "compare-samples-counter"), nullptr);
    EXPECT_TRUE(has_note(faster.notes, "\u03b1 = 0.05"));
}

TEST(Compare, SameDistributionIsNotSignificant)
{
    // The even and the odd values of one range: the same distribution, interleaved.
    std::vector<uint64_t> even, odd;
    for (uint64_t v = 1000; v < 1400; v += 2) {
        even.push_back(v);
        odd.push_back(v + 1);
    }
    Record ra = record("K-128", "exchange", 1200, 1.2e-6);
    Record rb = record("K-128", "exchange", 1201, 1.2e-6);
    ra.kexbench = pmu(even, even);
    rb.kexbench = pmu(odd, odd);
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    const SampleTest &t = *c.operations[0].time_test;
    EXPECT_GT(t.test.p_value, 0.5);
    EXPECT_EQ(t.verdict, Verdict::similar);
    EXPECT_STREQ(verdict_text(t.verdict), "~");
    const auto tables = comparison_tables(c);
    EXPECT_EQ(table(tables, "compare-samples")->rows[0].back(), "~");
}

TEST(Compare, AlphaIsAnOption)
{
    Record ra = record("K-128", "exchange", 1000, 1e-6);
    Record rb = record("K-128", "exchange", 990, 1e-6);
    // A small shift: significant at 0.05, not at 1e-12.
    ra.kexbench = pmu({}, spread(1000, 100, 60));
    rb.kexbench = pmu({}, spread(985, 100, 60));
    const double p = compare_datasets(dataset("a", {ra}), dataset("b", {rb})).operations[0].time_test->test.p_value;
    ASSERT_LT(p, 0.05);
    ASSERT_GT(p, 1e-12);
    CompareOptions strict;
    strict.alpha = 1e-12;
    const Comparison c = compare_datasets(dataset("a", {ra}), dataset("b", {rb}), strict);
    EXPECT_EQ(c.operations[0].time_test->verdict, Verdict::similar);
    EXPECT_FALSE(c.operations[0].count_test); // no tick samples
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
    EXPECT_TRUE(has_note(row.notes, "counters differ (x86: TSC ticks (tsc); arm: cycles (perf_event cpu-cycles (rdpmc)))"));
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
    EXPECT_FALSE(compare_datasets(dataset("a", {ra}), dataset("b", {rb})).operations[0].counters_comparable);
    rb.kexbench->ticks_per_second = 2.1e9;
    const Comparison same = compare_datasets(dataset("a", {ra}), dataset("b", {rb}));
    EXPECT_TRUE(same.operations[0].counters_comparable);
    EXPECT_DOUBLE_EQ(*same.operations[0].cycles_ratio, 0.5);
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
    const nlohmann::ordered_json fixed = {{"cpufreq_governor", "performance"}, {"cpufreq_min_khz", "2707200"},
                                          {"cpufreq_max_khz", "2707200"}, {"cpufreq_boost", "0"},
                                          {"intel_pstate_no_turbo", nullptr}};
    EXPECT_TRUE(clock_issues(fixed).empty());
    const nlohmann::ordered_json loose = {{"cpufreq_governor", "powersave"}, {"cpufreq_min_khz", "800000"},
                                          {"cpufreq_max_khz", "2100000"}, {"intel_pstate_no_turbo", "0"},
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
    const Dataset a = dataset("x86", {record("K-128", "exchange", 1, 1), record("K-128", "pass3", 1, 1),
                                      record("K-256", "exchange", 1, 1)});
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
    ra.kexbench = pmu({}, spread(1000, 100, 50));
    rb.kexbench = pmu({}, spread(800, 100, 50));
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
    EXPECT_NE(md.find("## Per-iteration times: arm / x86"), std::string::npos);
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
