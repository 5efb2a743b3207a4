// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-system comparison of two datasets (e.g. x86_1 against arm_1): every
// instance x operation present in both, as ratios B / A of the harness means,
// a rank test on kexbench's per-iteration samples when both sides have them,
// and the reasons a ratio may mislead (different counters, unfixed clocks,
// KATs not passed). compare_datasets() returns plain data for the GUI;
// comparison_tables() formats the same data as ReportTables for the renderers.
#pragma once

#include "core/dataset.h"
#include "core/report.h"
#include "core/stats.h"

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct CompareOptions {
    std::string candidate;    // e.g. "kex-01"; empty = every candidate
    double alpha = 0.05;      // significance level of the Mann-Whitney U test (two-sided)
    double confidence = 0.95; // of each median's interval
};

// What produced a record's cycle figures.
struct CounterInfo {
    std::string name;         // "tsc", "perf_event cpu-cycles (harness driver, user mode)", ...; empty = no counter
    std::string unit;         // "cycles", "TSC ticks", "counter ticks", "ns"; empty = no counter
    bool core_cycles = false; // a PMU core-cycle counter
};

// B relative to A: "faster" = B's values are significantly lower.
enum class Verdict { faster, slower, similar };
const char *verdict_text(Verdict v); // "faster", "slower", "~"

struct MedianEstimate {
    size_t n = 0;
    double median = stats::kNaN;
    stats::Interval ci; // distribution-free, CompareOptions::confidence
};

// A two-sample comparison of per-iteration values (ns, or counter ticks).
struct SampleTest {
    std::string unit;            // "ns" or the counter unit
    MedianEstimate a, b;
    double median_ratio = stats::kNaN; // b.median / a.median
    stats::MannWhitney test;     // of a against b: effect_size = P(A > B) + P(A = B) / 2
    Verdict verdict = Verdict::similar;
};

struct OperationComparison {
    std::string candidate, label, operation, timing_scope;
    CounterInfo counter_a, counter_b;
    bool counters_comparable = false;         // same unit, or both core cycles
    std::optional<double> cycles_a, cycles_b; // mean_cycles, in each side's own counter unit
    std::optional<double> cycles_ratio;       // b / a; only when counters_comparable
    std::optional<double> seconds_a, seconds_b, time_ratio; // mean_seconds, b / a
    std::optional<SampleTest> time_test;      // ns samples on both sides
    std::optional<SampleTest> count_test;     // tick samples on both sides, comparable counters
    std::vector<std::string> notes;           // this row only ("KAT not passed on arm_1 (MISMATCH)", ...)

    // The test the verdict comes from: time when both sides have ns samples, else counts.
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

struct Comparison {
    std::string system_a, system_b; // display labels, distinct ("host (A)" when both are "host")
    CompareOptions options;
    std::vector<OperationComparison> operations; // A's record order
    std::vector<OneSidedRow> one_sided;          // A's only rows first, then B's
    std::vector<QuantityComparison> bandwidth;   // from record sizes (API figures)
    std::vector<QuantityComparison> memory;      // ELF image from build.json; RSS, max over operations
    std::vector<std::string> notes;              // whole-comparison caveats: counters, clocks, tests
};

// Never fails: what cannot be compared is left empty and said in notes.
Comparison compare_datasets(const Dataset &a, const Dataset &b, const CompareOptions &options = {});

// The counter a record was measured with: its kexbench object, else the
// harness driver's perf cpu-cycles (META cpu_cycles_available), else none.
CounterInfo counter_of(const Record &record);

// Why a record's clock was not fixed: cpufreq min != max, governor other than
// performance, turbo/boost on. Empty when the environment shows none of these.
std::vector<std::string> clock_issues(const nlohmann::ordered_json &environment);

// Tables with ids compare-timings, compare-samples (when any row has samples on
// both sides), compare-samples-counter (likewise, counter ticks),
// compare-bandwidth, compare-memory and compare-one-sided (when any). Cycles via
// fmt::fmt_int, times via fmt::fmt_time, ratios as "1.23×". A row note shared
// by every row moves to the table's notes.
std::vector<ReportTable> comparison_tables(const Comparison &comparison);

// The same tables as a Report (one section each, notes as the intro) for render_markdown.
Report comparison_report(const Comparison &comparison);

// "1.23×" ("–" when absent or not finite).
std::string ratio_cell(std::optional<double> ratio);

} // namespace kexbench
