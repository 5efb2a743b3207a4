// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-system comparison of two datasets (e.g. x86_1 against arm_1): every
// instance x operation present in both, as ratios B / A of the published
// method's means, a trial-level test (each trial, one fresh runner child, is
// one sample: benchstat's model), and the reasons a ratio may mislead
// (different counters, unfixed clocks, KATs not passed, disturbed trials).
// compare_datasets() returns plain data for the GUI; comparison_tables()
// formats the same data as ReportTables for the renderers.
#pragma once

#include "core/data/dataset.h"
#include "core/analysis/report.h"
#include "core/analysis/stats.h"
#include "core/analysis/trial_stats.h"

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct CompareOptions {
    std::string candidate;    // e.g. "kex-01"; empty = every candidate
    double alpha = 0.05;      // significance level of the Mann-Whitney U test (two-sided); the ratio CI is at 1 - alpha
    double confidence = 0.95; // of each side's median of trial values
    // The practical margin Δ: a ratio within [1 - Δ, 1 + Δ] is no difference an
    // analyst would act on. 0.01: ±1 %. 0 gives the bare significance test.
    double margin = 0.01;
    // Set by compare_instances for an interleaved campaign: trial k of both
    // sides ran in round k, so they are compared round by round (PairedRounds).
    bool paired = false;
    // The host's campaign-to-campaign spread (relative SD of a campaign's
    // central value; `kexbench-cli bench verdicts` measures it, VerdictCheck):
    // the level above the trials, which one campaign cannot see. Unpaired
    // comparisons of two campaigns add it to the ratio's interval: the log
    // interval's half-widths and z sqrt(2) spread combined in quadrature.
    // 0: not known (the intervals cover trials only, and a note says so).
    double campaign_spread = 0;
    std::string campaign_spread_source; // "bench verdicts on host, 2026-12-07": named in the note
    // The sides' names in every header, cell and note (e.g. the workbench's dataset
    // labels); empty: the dataset's system label. A published page's gets " (published page)".
    std::string label_a, label_b;
    std::string language = "en"; // "en" or "zh_CN": every text of the comparison and its tables (core/base/i18n.h)
};

// What produced a record's cycle figures.
struct CounterInfo {
    std::string name;         // "tsc", "perf_event cpu-cycles (harness driver, user mode)", ...; empty = no counter
    std::string unit;         // "cycles", "TSC ticks", "counter ticks", "ns"; empty = no counter
    bool core_cycles = false; // a PMU core-cycle counter
};

// B relative to A, from the ratio's 1 - alpha interval [lo, hi] and the margin
// Δ: "faster" when hi < 1 - Δ, "slower" when lo > 1 + Δ (wholly beyond the
// margin), "equivalent" when 1 - Δ <= lo and hi <= 1 + Δ (wholly inside),
// "inconclusive" when it straddles a bound, "n/a" without an interval.
enum class Verdict {
    faster,
    slower,
    equivalent,
    inconclusive,
    too_few_trials, // no interval: no outcome of this many trials can reach p <= alpha, or ties (verdict_note says)
};
Verdict margin_verdict(double ratio_low, double ratio_high, double margin);
const char *verdict_text(Verdict v); // "faster", "slower", "equivalent", "inconclusive", "n/a"
std::string verdict_text(Verdict v, const std::string &language); // the same in "en" or "zh_CN"
// The words a reader sees: "equivalent within ±1 %" names the margin, the others as verdict_text.
std::string verdict_words(Verdict v, double margin, const std::string &language);
// "±1 %", "±0.5 %".
std::string margin_text(double margin);

// Two instances measured in one interleaved campaign: trial k of each ran in
// round k, so a slow phase of the host hits both. The statistic is the
// per-round log ratio log(b_k / a_k): its Hodges-Lehmann centre and
// distribution-free interval, and the Wilcoxon signed-rank test (stats.h).
struct PairedRounds {
    size_t rounds = 0;          // pairs used: the trial slots both sides have
    stats::SignedRank test;     // of the per-round log ratios
    stats::ShiftEstimate shift; // their Hodges-Lehmann centre and its 1 - alpha interval (log scale)
};

// A two-sample comparison at the trial level: one value per trial and side
// (trial_estimate), a Mann-Whitney U test over those values, and the interval
// of the ratio B / A from the same rank statistic.
struct SampleTest {
    std::string unit;                  // "ns" or the counter unit
    TrialEstimate a, b;                // per side: the trial values, their median (center) and its CI
    double median_ratio = stats::kNaN; // b.center / a.center
    // Of B / A at 1 - alpha: [r_(k), r_(N+1-k)] of the N = n_a n_b sorted
    // pairwise ratios b_j / a_i, k from the U null distribution (exact up to
    // 20 trials a side, else normal). It excludes 1 exactly when the test is
    // significant; when it would not (ties), or no k exists, reached = false.
    stats::Interval ratio_ci;
    std::string ratio_ci_reason; // why ratio_ci is not reached ("n/a: 3 vs 3 trials reach 90.0 % only"); else empty
    // Unpaired with a known campaign spread: ratio_ci over trials alone, before
    // the spread widened ratio_ci (the interval the verdict reads); else unset.
    std::optional<stats::Interval> trial_ratio_ci;
    stats::MannWhitney test;    // of a's against b's trial values: effect_size = P(A > B) + P(A = B) / 2
    double min_p = stats::kNaN; // smallest exact two-sided p of n_a vs n_b trials: 2 / C(n_a + n_b, n_a)
    // Set: paired rounds (compare_instances); median_ratio and ratio_ci are then
    // exp of the Hodges-Lehmann centre and interval, and `test` is not run.
    std::optional<PairedRounds> paired;
    double p_value() const { return paired ? paired->test.p_value : test.p_value; }
    Verdict verdict = Verdict::too_few_trials;
    std::string
        verdict_note; // too_few_trials: "n/a: 3 vs 3 trials cannot reach p ≤ 0.05" (or the interval's reason); else empty
};

// One of kexbench's per-operation memory figures (OperationMemory, report.h) on both sides.
struct MemoryFigure {
    std::optional<double> a, b;
    std::optional<double> ratio; // b / a: both present and a above 0
};

struct OperationComparison {
    std::string candidate, label, operation, timing_scope;
    CounterInfo counter_a, counter_b;
    bool counters_comparable = false;         // both core cycles, or the same counter at the same known tick rate
    std::optional<double> cycles_a, cycles_b; // mean_cycles, in each side's own counter unit
    std::optional<double> cycles_ratio;       // b / a of the published method's means; only when counters_comparable
    std::optional<double> seconds_a, seconds_b, time_ratio; // mean_seconds, b / a
    std::optional<SampleTest> time_test;  // trial times on both sides (ns samples, else harness trial means)
    std::optional<SampleTest> count_test; // trial counter ticks on both sides, comparable counters only
    std::vector<std::string> notes;       // this row only ("KAT not passed on arm_1 (MISMATCH)", ...)
    // kexbench's memory pass: heap peak (bytes), allocating calls per operation,
    // stack peak (bytes); each side's figures and why one is missing in memory_a/_b.
    MemoryFigure heap_peak, allocations, stack;
    OperationMemory memory_a, memory_b;

    // The test the verdict comes from: time when both sides have trial times, else counts.
    const SampleTest *verdict_test() const;
};

struct OneSidedRow {
    std::string candidate, label, operation;
    bool in_a = false; // true: only in A; false: only in B
};

// One size or memory figure of one instance on both sides.
struct QuantityComparison {
    std::string candidate, label;
    std::string quantity; // "total_msg_bytes", "pk_bytes", "msg1_bytes", "elf_load_bytes", "peak_rss_bytes", ...
    std::optional<double> a, b, ratio; // bytes; ratio = b / a
};

// A geometric mean of per-row ratios and how many rows it is over.
struct RatioMean {
    std::optional<double> value; // nullopt when no row has the ratio
    size_t rows = 0;
};

// The fixed reference kernel every runner child times (campaign.json
// kexbench.probe.median_ns): how fast each machine ran while measuring.
struct ProbeSpeed {
    double median_ns_a = 0, median_ns_b = 0;
    double ratio = 0; // b / a: above 1, B was slower per probe
};

// One instance x operation of one side of a comparison with a published page.
struct PublishedSideFigures {
    std::string candidate, label, operation;
    bool in_a = false;      // the row is A's (else B's)
    bool published = false; // this side is the published page
    std::optional<double> cycles, seconds, ops_per_second;
    std::string cycles_text, seconds_text, ops_text; // cells: as printed on the page, else formatted
    std::string precision;                           // "± 50 cycles; ± 0.5 µs; ± 0.05 ops/s" for page figures
    std::string trials; // "5 × 46 (no trial values)" for the page, "6 trials" for a campaign
};

struct Comparison {
    std::string system_a, system_b; // display labels, distinct ("host (A)" when both are "host")
    CompareOptions options;
    std::vector<OperationComparison> operations; // A's record order
    std::vector<OneSidedRow> one_sided;          // A's only rows first, then B's
    std::vector<QuantityComparison> bandwidth;   // from record sizes (API figures)
    std::vector<QuantityComparison> memory;      // ELF image from build.json; RSS, max over operations
    RatioMean trial_time_ratio;                  // geometric mean of time_test->median_ratio, rows with one
    RatioMean mean_time_ratio;                   // geometric mean of time_ratio (the published method's means)
    std::optional<ProbeSpeed> probe;             // when both campaigns carry kexbench.probe.median_ns
    std::vector<std::string> notes;              // whole-comparison caveats: counters, clocks, probe, tests
    // Only when a side is a published page (Dataset::kind, core/data/published_page.h): every
    // instance x operation of both sides with its figures (table compare-figures); no verdicts.
    std::vector<PublishedSideFigures> figures;
    bool harness_a = false,
         harness_b = false; // the side's records are harness data (no kexbench samples), or a published page
    // compare_instances only (else empty), one line for a caption: "Paired by round: 12 interleaved rounds, ..." when the
    // trials were paired (the rounds of the paired rows, "8–12" when they differ), else the note in `notes`
    // that says they were compared as two samples and why.
    std::string pairing;
};

// Never fails: what cannot be compared is left empty and said in notes.
Comparison compare_datasets(const Dataset &a, const Dataset &b, const CompareOptions &options = {});

// Two instances (labels) of one dataset, B against A, with every table of
// compare_datasets. In an interleaved campaign the trials are paired by round
// (options.paired, PairedRounds); otherwise (the harness order, harness data)
// they are two samples and a note says why. The sides are named after the
// instances unless options.label_a/_b say otherwise. An instance the dataset
// lacks gives no rows and a note.
Comparison compare_instances(const Dataset &dataset, const std::string &instance_a, const std::string &instance_b,
                             const CompareOptions &options = {});

// The unpaired trial-level test behind every row of compare_datasets: B's
// trial values against A's (Mann-Whitney U, the ratio's interval, the campaign
// spread when options carry one, the verdict against the margin). For figures
// that are not records, e.g. `bench stability`'s consecutive runs.
SampleTest compare_trial_values(TrialEstimate a, TrialEstimate b, const std::string &unit,
                                const CompareOptions &options = {});

// The counter a record was measured with: its kexbench object, else the
// harness driver's perf cpu-cycles (META cpu_cycles_available), else none.
CounterInfo counter_of(const Record &record);

// Tables with ids compare-timings (the published method's means), compare-samples
// (when any row has a trial-level time test), compare-samples-counter (likewise,
// counter ticks), compare-bandwidth and compare-memory (when they have rows),
// compare-operation-memory (when a side of any row has a kexbench memory figure:
// instance, operation, then heap peak, allocations/op and stack peak each as A,
// B and ratio B / A, "n/a" where a side has none, the reasons in its notes),
// compare-one-sided (when any) and compare-figures (a side is a published page:
// every instance x operation of both sides with its own figures). Every note is
// said once: the comparison's notes (the report's intro) explain the ratios and
// the test, the tables' notes only what is their own. Texts in options.language. The sample tables' columns: instance, operation, mean ratio (published
// method), statistic, median A, its CI, median B, its CI, trials A / B, trial
// ratio, its CI, p, verdict (or the "n/a: ..." reason). Cycles via
// fmt::fmt_int, times via fmt::fmt_time, ratios as "1.23×". A row note shared
// by every row moves to the table's notes.
std::vector<ReportTable> comparison_tables(const Comparison &comparison);

// The same tables as a Report (one section each, notes as the intro) for render_markdown.
Report comparison_report(const Comparison &comparison);

// "1.23×" ("–" when absent or not finite).
std::string ratio_cell(std::optional<double> ratio);

// Geometric mean of positive finite ratios (others are skipped); nullopt when none.
RatioMean geometric_mean(const std::vector<double> &ratios);

} // namespace kexbench
