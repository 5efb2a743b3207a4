// SPDX-License-Identifier: GPL-3.0-or-later
// The comparison as ReportTables: timings, trial samples, sizes, memory; and its report.
#include "core/analysis/compare_internal.h"

#include "core/data/counter_unit.h"
#include "core/base/format.h"
#include "core/base/text.h"

#include <algorithm>
#include <cmath>

namespace kexbench {

using namespace compare_detail;

namespace {

using Row = std::vector<std::string>;

std::string per(const Comparison &c) { return c.system_b + " / " + c.system_a; }

using compare_detail::lang_of; // the options' overload beside this one

Language lang_of(const Comparison &c) { return lang_of(c.options); }

// Counts in another unit than cycles say so in the cell.
std::string count_cell(std::optional<double> v, const CounterInfo &counter, Language lang)
{
    if (!v)
        return fmt::kMissing;
    const std::string cell = fmt::fmt_int(v);
    return counter.unit.empty() || counter.unit == "cycles" ? cell : cell + " " + tr_text(lang, counter.unit);
}

// A note every row carries is said once, under the table; one the
// comparison's own notes already say (no verdict beside a published page) is
// not said again.
void hoist_common_notes(ReportTable &t, std::vector<std::vector<std::string>> &row_notes, const Comparison &c)
{
    if (row_notes.empty())
        return;
    const Language lang = lang_of(c);
    const std::string said = tr(lang, "no verdict: ");
    for (const std::string &note : std::vector<std::string>(row_notes.front())) {
        const bool everywhere = std::all_of(row_notes.begin(), row_notes.end(), [&](const auto &notes) {
            return std::find(notes.begin(), notes.end(), note) != notes.end();
        });
        if (!everywhere)
            continue;
        if (!(!c.figures.empty() && note.rfind(said, 0) == 0))
            t.notes.push_back(trf(lang, "Every row: {}.", {note}));
        for (auto &notes : row_notes)
            notes.erase(std::find(notes.begin(), notes.end(), note));
    }
}

using DataRow = std::vector<DataValue>;

// A side's counter as a column word (counter_unit.h). No counter at all
// (CounterInfo.unit empty) keeps the cycles column: its mean is empty there.
std::string counter_column_word(const CounterInfo &c)
{
    return c.unit.empty() ? std::string("cycles") : unit_column_word(c.unit);
}

// One value per unit column: the value under its own unit, empty elsewhere.
void push_by_unit(DataRow &row, const std::vector<std::string> &units, const std::string &unit, const DataValue &v)
{
    for (const auto &u : units)
        row.push_back(u == unit ? v : DataValue());
}

// compare-timings.csv: the means in each side's own counter unit (mean_cycles_a, mean_tsc_ticks_b), seconds, ratios.
void timings_data(const Comparison &c, const std::vector<std::vector<std::string>> &row_notes, ReportTable &t)
{
    std::vector<std::string> units_a, units_b;
    for (const auto &r : c.operations) {
        add_unit_column_word(units_a, counter_column_word(r.counter_a));
        add_unit_column_word(units_b, counter_column_word(r.counter_b));
    }
    t.data_header = {"candidate", "instance", "operation", "system_a", "system_b"};
    for (const auto &u : units_a)
        t.data_header.push_back("mean_" + u + "_a");
    for (const auto &u : units_b)
        t.data_header.push_back("mean_" + u + "_b");
    t.data_header.insert(t.data_header.end(),
                         {"mean_count_ratio", "mean_seconds_a", "mean_seconds_b", "mean_time_ratio", "notes"});
    for (size_t i = 0; i < c.operations.size(); ++i) {
        const OperationComparison &r = c.operations[i];
        DataRow row{r.candidate, r.label, r.operation, c.system_a, c.system_b};
        push_by_unit(row, units_a, counter_column_word(r.counter_a), data_value(r.cycles_a));
        push_by_unit(row, units_b, counter_column_word(r.counter_b), data_value(r.cycles_b));
        row.insert(row.end(), {data_value(r.cycles_ratio), data_value(r.seconds_a), data_value(r.seconds_b),
                               data_value(r.time_ratio)});
        row.push_back(row_notes[i].empty() ? DataValue() : DataValue(joined(row_notes[i], "; ")));
        t.data_rows.push_back(std::move(row));
    }
}

Row timing_row(const OperationComparison &r, Language lang)
{
    return {code(r.label),
            r.operation,
            count_cell(r.cycles_a, r.counter_a, lang),
            count_cell(r.cycles_b, r.counter_b, lang),
            ratio_cell(r.cycles_ratio),
            fmt::fmt_time(r.seconds_a),
            fmt::fmt_time(r.seconds_b),
            ratio_cell(r.time_ratio)};
}

// "(the harness figures)" only of the sides that are harness data.
std::string timings_note(const Comparison &c)
{
    const Language lang = lang_of(c);
    if (c.harness_a && c.harness_b)
        return trf(lang, "The published method: means over all timed calls (the harness figures of {} and {}).",
                   {c.system_a, c.system_b});
    if (c.harness_a || c.harness_b)
        return trf(lang, "The published method: means over all timed calls (the harness figures of {}).",
                   {c.harness_a ? c.system_a : c.system_b});
    return tr(lang, "The published method: means over all timed calls.");
}

// The row notes the table shows: the verdict's reason is in the verdict column of the sample tables.
std::vector<std::string> shown_row_notes(const OperationComparison &r)
{
    std::vector<std::string> notes = r.notes;
    if (const SampleTest *t = r.verdict_test(); t && !t->verdict_note.empty())
        notes.erase(std::remove(notes.begin(), notes.end(), t->verdict_note), notes.end());
    return notes;
}

ReportTable timings_table(const Comparison &c)
{
    const Language lang = lang_of(c);
    ReportTable t{"compare-timings",
                  trf(lang, "Timings: {}", {per(c)}),
                  {tr(lang, "instance"), tr(lang, "operation"), trf(lang, "mean cycles {}", {c.system_a}),
                   trf(lang, "mean cycles {}", {c.system_b}), trf(lang, "mean cycles ratio {}", {per(c)}),
                   trf(lang, "mean time {}", {c.system_a}), trf(lang, "mean time {}", {c.system_b}),
                   trf(lang, "mean time ratio {}", {per(c)}), tr(lang, "notes")},
                  {},
                  {}};
    if (!c.operations.empty())
        t.notes.push_back(timings_note(c));
    std::vector<std::vector<std::string>> row_notes;
    for (const auto &r : c.operations)
        row_notes.push_back(shown_row_notes(r));
    hoist_common_notes(t, row_notes, c);
    for (size_t i = 0; i < c.operations.size(); ++i) {
        Row row = timing_row(c.operations[i], lang);
        row.push_back(row_notes[i].empty() ? fmt::kMissing : joined(row_notes[i], list_sep(lang)));
        t.rows.push_back(std::move(row));
    }
    timings_data(c, row_notes, t);
    return t;
}

// Values of a SampleTest are in ns (shown as times) or in counter ticks.
std::string value_cell(double v, const std::string &unit)
{
    if (!std::isfinite(v))
        return fmt::kMissing;
    return unit == "ns" ? fmt::fmt_time(v * 1e-9) : fmt::fmt_int(v);
}

// The interval over trials, or why there is none (never a made-up width).
std::string ci_cell(const TrialEstimate &e, const std::string &unit, Language lang)
{
    if (e.values.empty())
        return fmt::kMissing;
    if (!e.ci.reached)
        return tr_text(lang, ci_unavailable_reason(e));
    return value_cell(e.ci.low, unit) + " \u2013 " + value_cell(e.ci.high, unit);
}

std::string ratio_ci_cell(const SampleTest &s)
{
    if (!s.ratio_ci.reached)
        return s.ratio_ci_reason.empty() ? std::string(fmt::kMissing) : s.ratio_ci_reason;
    return ratio_cell(s.ratio_ci.low) + " \u2013 " + ratio_cell(s.ratio_ci.high);
}

std::string p_cell(double p)
{
    if (!std::isfinite(p))
        return fmt::kMissing;
    return p < 1e-300 ? std::string("< 1e-300") : fmt::py_format(p, 'g', 3);
}

std::string verdict_cell(const SampleTest &s, const CompareOptions &o)
{
    return s.verdict_note.empty() ? verdict_words(s.verdict, o.margin, o.language) : s.verdict_note;
}

std::optional<double> finite_or_none(double v) { return std::isfinite(v) ? std::optional<double>(v) : std::nullopt; }

Row sample_row(const OperationComparison &r, const SampleTest &s, bool by_time, const CompareOptions &o)
{
    const Language lang = lang_of(o);
    return {code(r.label),
            r.operation,
            ratio_cell(by_time ? r.time_ratio : r.cycles_ratio),
            tr(lang, trial_statistic_name(s.a.statistic)),
            value_cell(s.a.center, s.unit),
            ci_cell(s.a, s.unit, lang),
            value_cell(s.b.center, s.unit),
            ci_cell(s.b, s.unit, lang),
            std::to_string(s.a.trials()) + " / " + std::to_string(s.b.trials()),
            ratio_cell(finite_or_none(s.median_ratio)),
            ratio_ci_cell(s),
            p_cell(s.p_value()),
            verdict_cell(s, o)};
}

std::vector<std::string> samples_header(const Comparison &c, bool by_time)
{
    const Language lang = lang_of(c);
    const std::string conf = fmt::py_format(c.options.confidence * 100, 'g', 3);
    const std::string level = fmt::py_format((1 - c.options.alpha) * 100, 'g', 3);
    const char *what = by_time ? "median time {}" : "median count {}";
    return {tr(lang, "instance"),
            tr(lang, "operation"),
            trf(lang, by_time ? "mean time ratio {} (published method)" : "mean cycles ratio {} (published method)",
                {per(c)}),
            tr(lang, "statistic"),
            trf(lang, what, {c.system_a}),
            trf(lang, "{} % CI {}", {conf, c.system_a}),
            trf(lang, what, {c.system_b}),
            trf(lang, "{} % CI {}", {conf, c.system_b}),
            trf(lang, "trials {} / {}", {c.system_a, c.system_b}),
            trf(lang, "trial ratio {}", {per(c)}),
            trf(lang, "{} % CI of the ratio", {level}),
            tr(lang, c.options.paired ? "p (Wilcoxon signed-rank over rounds)" : "p (Mann\u2013Whitney U over trials)"),
            trf(lang, "{} vs {} (\u03b1 = {}, margin {})",
                {c.system_b, c.system_a, alpha_text(c.options.alpha), margin_text(c.options.margin)})};
}

// What the comparison's significance note does not say: the columns of a side and the ratio's.
std::vector<std::string> samples_notes(const Comparison &c)
{
    const std::string conf = fmt::py_format(c.options.confidence * 100, 'g', 3);
    return {trf(lang_of(c),
                "Each side shows the median of its trial values with the distribution-free order-statistic {} % "
                "interval over trials; with too few trials (under 6 at 95 %) none exists and the coverage [min, max] "
                "reaches is said instead. The trial ratio is the quotient of the two medians; where ties between the "
                "sides would make its interval disagree with the test, the interval is not shown.",
                {conf})};
}

// compare-samples*.csv: the trial-level figures, times in seconds, counts in
// the columns of their unit (median_cycles_a, ci_low_tsc_ticks_b, ...).
void samples_data(const Comparison &c, bool by_time, ReportTable &t)
{
    std::vector<std::string> units;
    for (const auto &r : c.operations)
        if (const auto &s = by_time ? r.time_test : r.count_test)
            add_unit_column_word(units, s->unit == "ns" ? std::string("seconds") : unit_column_word(s->unit));
    t.data_header = {"candidate", "instance", "operation",
                     "system_a",  "system_b", by_time ? "mean_time_ratio" : "mean_count_ratio",
                     "statistic"};
    for (const char *side : {"_a", "_b"})
        for (const char *what : {"median_", "ci_low_", "ci_high_"})
            for (const auto &u : units)
                t.data_header.push_back(what + u + side);
    t.data_header.insert(t.data_header.end(), {"n_trials_a", "n_trials_b", "trial_ratio", "trial_ratio_ci_low",
                                               "trial_ratio_ci_high", "p_value", "verdict"});
    for (const auto &r : c.operations) {
        const auto &s = by_time ? r.time_test : r.count_test;
        if (!s)
            continue;
        const bool ns = s->unit == "ns";
        const std::string unit = ns ? std::string("seconds") : unit_column_word(s->unit);
        auto v = [&](double x) { return std::isfinite(x) ? DataValue(ns ? x * 1e-9 : x) : DataValue(); };
        DataRow row{r.candidate,
                    r.label,
                    r.operation,
                    c.system_a,
                    c.system_b,
                    data_value(by_time ? r.time_ratio : r.cycles_ratio),
                    std::string(trial_statistic_name(s->a.statistic))};
        for (const TrialEstimate *e : {&s->a, &s->b}) {
            const bool ci = !e->values.empty() && e->ci.reached;
            push_by_unit(row, units, unit, e->values.empty() ? DataValue() : v(e->center));
            push_by_unit(row, units, unit, ci ? v(e->ci.low) : DataValue());
            push_by_unit(row, units, unit, ci ? v(e->ci.high) : DataValue());
        }
        row.insert(row.end(),
                   {static_cast<int64_t>(s->a.trials()), static_cast<int64_t>(s->b.trials()),
                    data_value(s->median_ratio), s->ratio_ci.reached ? data_value(s->ratio_ci.low) : DataValue(),
                    s->ratio_ci.reached ? data_value(s->ratio_ci.high) : DataValue(), data_value(s->p_value()),
                    verdict_data(*s, c.options)});
        t.data_rows.push_back(std::move(row));
    }
}

// by_time: the trial times; else the trial counter ticks of comparable counters.
// with_notes: the first sample table says what its columns are; the second is read the same way.
std::optional<ReportTable> samples_table(const Comparison &c, bool by_time, bool with_notes)
{
    const Language lang = lang_of(c);
    ReportTable t{by_time ? "compare-samples" : "compare-samples-counter",
                  trf(lang, by_time ? "Trial-level times: {}" : "Trial-level counter ticks: {}", {per(c)}),
                  samples_header(c, by_time),
                  {},
                  {}};
    for (const auto &r : c.operations)
        if (const auto &s = by_time ? r.time_test : r.count_test)
            t.rows.push_back(sample_row(r, *s, by_time, c.options));
    if (t.rows.empty())
        return std::nullopt;
    if (with_notes)
        t.notes = samples_notes(c);
    samples_data(c, by_time, t);
    return t;
}

std::string bytes_cell(std::optional<double> v)
{
    return v ? std::to_string(static_cast<long long>(*v)) : std::string(fmt::kMissing);
}

std::optional<ReportTable> quantity_table(const Comparison &c, const std::vector<QuantityComparison> &rows,
                                          const char *id, const char *title, const char *note)
{
    if (rows.empty())
        return std::nullopt;
    const Language lang = lang_of(c);
    ReportTable t{
        id,
        tr(lang, title),
        {tr(lang, "instance"), tr(lang, "quantity (bytes)"), c.system_a, c.system_b, trf(lang, "ratio {}", {per(c)})},
        {},
        {tr(lang, note)}};
    for (const auto &q : rows)
        t.rows.push_back({code(q.label), q.quantity, bytes_cell(q.a), bytes_cell(q.b), ratio_cell(q.ratio)});
    t.data_header = {"candidate", "instance", "quantity", "system_a", "system_b", "bytes_a", "bytes_b", "ratio"};
    for (const auto &q : rows)
        t.data_rows.push_back({q.candidate, q.label, q.quantity, c.system_a, c.system_b,
                               q.a ? DataValue(static_cast<int64_t>(*q.a)) : DataValue(),
                               q.b ? DataValue(static_cast<int64_t>(*q.b)) : DataValue(), data_value(q.ratio)});
    return t;
}

// ------------------------------------------------------------------ memory per operation

// As report section 5: shown when a side is a kexbench record, so a figure
// that is n/a (an ASan build, --no-stack) is shown with its reason; harness
// data alone gives no table.
bool has_operation_memory(const Comparison &c)
{
    for (const auto &r : c.operations)
        if (r.memory_a.kexbench_record || r.memory_b.kexbench_record)
            return true;
    return false;
}

std::string memory_value_cell(const std::optional<double> &v, Language lang)
{
    return v ? memory_count_text(*v) : tr(lang, "n/a");
}

std::string memory_ratio_cell(const MemoryFigure &f, Language lang)
{
    return f.ratio ? ratio_cell(f.ratio) : tr(lang, "n/a");
}

// One side's missing figures, each reason once with the rows it holds for.
struct MissingMemory {
    std::string what, reason;
    std::vector<std::string> rows;
};

void add_missing(std::vector<MissingMemory> &out, const std::string &what, const std::string &reason,
                 const std::string &row)
{
    for (auto &m : out)
        if (m.what == what && m.reason == reason) {
            m.rows.push_back(row);
            return;
        }
    out.push_back({what, reason, {row}});
}

std::vector<MissingMemory> missing_memory(const Comparison &c, bool side_a)
{
    std::vector<MissingMemory> out;
    for (const auto &r : c.operations) {
        const OperationMemory &m = side_a ? r.memory_a : r.memory_b;
        const std::string row = code(r.label) + " " + r.operation;
        if (!m.heap_reason.empty() && m.heap_reason == m.stack_reason) {
            add_missing(out, "heap peak, allocations/op and stack peak", m.heap_reason, row);
            continue;
        }
        if (!m.heap_reason.empty())
            add_missing(out, "heap peak and allocations/op", m.heap_reason, row);
        if (!m.stack_reason.empty())
            add_missing(out, "stack peak", m.stack_reason, row);
    }
    return out;
}

std::vector<std::string> operation_memory_notes(const Comparison &c)
{
    const Language lang = lang_of(c);
    std::vector<std::string> notes{
        tr(lang, "Heap peak (bytes), allocations/op (allocating calls per operation) and stack peak (bytes) are "
                 "kexbench's measurement of each operation alone, in an untimed pass (`docs/method.md`, "
                 "\u201cMemory per operation\u201d). A ratio needs the figure on both sides and A's above 0; "
                 "otherwise it is n/a.")};
    for (const bool side_a : {true, false})
        for (const auto &m : missing_memory(c, side_a)) {
            const std::string rows =
                m.rows.size() == c.operations.size() ? tr(lang, "every operation") : joined(m.rows, list_sep(lang));
            notes.push_back(trf(lang, "{}: {} n/a for {}: {}.",
                                {side_a ? c.system_a : c.system_b, tr(lang, m.what), rows, tr_text(lang, m.reason)}));
        }
    return notes;
}

std::string memory_notes_data(const OperationComparison &r)
{
    std::vector<std::string> parts;
    for (const auto &[side, m] : {std::pair{"A", &r.memory_a}, std::pair{"B", &r.memory_b}}) {
        if (!m->heap_reason.empty())
            parts.push_back(std::string(side) + " heap: " + m->heap_reason);
        if (!m->stack_reason.empty())
            parts.push_back(std::string(side) + " stack: " + m->stack_reason);
    }
    return joined(parts, "; ");
}

void operation_memory_data(const Comparison &c, ReportTable &t)
{
    t.data_header = {"candidate",
                     "instance",
                     "operation",
                     "system_a",
                     "system_b",
                     "heap_peak_bytes_a",
                     "heap_peak_bytes_b",
                     "heap_peak_ratio",
                     "heap_allocations_per_operation_a",
                     "heap_allocations_per_operation_b",
                     "heap_allocations_ratio",
                     "stack_bytes_a",
                     "stack_bytes_b",
                     "stack_ratio",
                     "notes"};
    for (const auto &r : c.operations) {
        DataRow row{r.candidate, r.label, r.operation, c.system_a, c.system_b};
        for (const MemoryFigure *f : {&r.heap_peak, &r.allocations, &r.stack})
            row.insert(row.end(), {data_value(f->a), data_value(f->b), data_value(f->ratio)});
        const std::string notes = memory_notes_data(r);
        row.push_back(notes.empty() ? DataValue() : DataValue(notes));
        t.data_rows.push_back(std::move(row));
    }
}

// Every matched row, so the GUI's row i is c.operations[i].
std::optional<ReportTable> operation_memory_table(const Comparison &c)
{
    if (!has_operation_memory(c))
        return std::nullopt;
    const Language lang = lang_of(c);
    ReportTable t{"compare-operation-memory",
                  trf(lang, "Memory per operation: {}", {per(c)}),
                  {tr(lang, "instance"), tr(lang, "operation"), trf(lang, "heap peak {}", {c.system_a}),
                   trf(lang, "heap peak {}", {c.system_b}), trf(lang, "heap peak ratio {}", {per(c)}),
                   trf(lang, "allocations/op {}", {c.system_a}), trf(lang, "allocations/op {}", {c.system_b}),
                   trf(lang, "allocations/op ratio {}", {per(c)}), trf(lang, "stack peak {}", {c.system_a}),
                   trf(lang, "stack peak {}", {c.system_b}), trf(lang, "stack peak ratio {}", {per(c)})},
                  {},
                  operation_memory_notes(c)};
    for (const auto &r : c.operations) {
        Row row{code(r.label), r.operation};
        for (const MemoryFigure *f : {&r.heap_peak, &r.allocations, &r.stack})
            row.insert(row.end(),
                       {memory_value_cell(f->a, lang), memory_value_cell(f->b, lang), memory_ratio_cell(*f, lang)});
        t.rows.push_back(std::move(row));
    }
    operation_memory_data(c, t);
    return t;
}

std::optional<ReportTable> one_sided_table(const Comparison &c)
{
    if (c.one_sided.empty())
        return std::nullopt;
    const Language lang = lang_of(c);
    ReportTable t{"compare-one-sided",
                  tr(lang, "Present on one side only"),
                  {tr(lang, "instance"), tr(lang, "operation"), tr(lang, "only in")},
                  {},
                  {}};
    for (const auto &r : c.one_sided)
        t.rows.push_back({code(r.label), r.operation, r.in_a ? c.system_a : c.system_b});
    t.data_header = {"candidate", "instance", "operation", "only_in"};
    for (const auto &r : c.one_sided)
        t.data_rows.push_back({r.candidate, r.label, r.operation, r.in_a ? c.system_a : c.system_b});
    return t;
}

// Beside a published page: both sides' figures, each as its side gives them (the page's as printed).
std::optional<ReportTable> figures_table(const Comparison &c)
{
    if (c.figures.empty())
        return std::nullopt;
    const Language lang = lang_of(c);
    ReportTable t{"compare-figures",
                  trf(lang, "Figures side by side: {} and {}", {c.system_a, c.system_b}),
                  {tr(lang, "instance"), tr(lang, "operation"), tr(lang, "dataset"), tr(lang, "mean cycles"),
                   tr(lang, "mean time"), tr(lang, "ops/s"), tr(lang, "trials"), tr(lang, "precision (published page)"),
                   tr(lang, "verdict")},
                  {},
                  {tr(lang, "Every instance \u00d7 operation of both sides with its own figures. A published page's "
                            "cells are shown as printed; their precision is half a unit of the last printed digit.")}};
    const std::string verdict = tr(lang, "n/a: no verdict (a side has no trials)");
    for (const auto &f : c.figures)
        t.rows.push_back({code(f.label), f.operation, f.in_a ? c.system_a : c.system_b, f.cycles_text, f.seconds_text,
                          f.ops_text, f.trials, f.precision, verdict});
    t.data_header = {"candidate",   "instance",     "operation",      "dataset",   "published",
                     "mean_cycles", "mean_seconds", "ops_per_second", "precision", "trials"};
    for (const auto &f : c.figures)
        t.data_rows.push_back({f.candidate, f.label, f.operation, f.in_a ? c.system_a : c.system_b,
                               static_cast<int64_t>(f.published ? 1 : 0), data_value(f.cycles), data_value(f.seconds),
                               data_value(f.ops_per_second), plain_text(f.precision), plain_text(f.trials)});
    return t;
}

} // namespace

std::vector<ReportTable> comparison_tables(const Comparison &c)
{
    std::vector<ReportTable> tables{timings_table(c)};
    bool first = true;
    for (const bool by_time : {true, false})
        if (auto t = samples_table(c, by_time, first)) {
            tables.push_back(std::move(*t));
            first = false;
        }
    if (auto t = quantity_table(c, c.bandwidth, "compare-bandwidth", "Message and key sizes",
                                "The API's sizes from the timing records (the setup exchange's message lengths, "
                                "pk_bytes capacity); the same code gives 1.00\u00d7."))
        tables.push_back(std::move(*t));
    if (auto t = quantity_table(c, c.memory, "compare-memory", "Memory",
                                "elf_load_bytes: the library's loadable ELF segments (build.json). RSS: the whole "
                                "measuring process, largest over the instance's operations."))
        tables.push_back(std::move(*t));
    if (auto t = operation_memory_table(c))
        tables.push_back(std::move(*t));
    if (c.figures.empty()) // beside a published page the figures table lists every row with its side
        if (auto t = one_sided_table(c))
            tables.push_back(std::move(*t));
    if (auto t = figures_table(c))
        tables.push_back(std::move(*t));
    return tables;
}

Report comparison_report(const Comparison &c)
{
    const Language lang = lang_of(c);
    Report report;
    report.title = trf(lang, "Comparison: {} vs {}", {c.system_b, c.system_a});
    report.system = c.system_a + " / " + c.system_b;
    report.candidate = c.options.candidate;
    report.language = language_name(lang);
    report.intro = c.notes;
    for (ReportTable &t : comparison_tables(c)) {
        ReportSection s{t.id, "", t.title, {}, {}, {}};
        t.title.clear(); // the section heading says it
        s.tables.push_back(std::move(t));
        report.sections.push_back(std::move(s));
    }
    return report;
}

} // namespace kexbench
