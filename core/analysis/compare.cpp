// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-system comparison: records matched operation by operation (compare_datasets, compare_instances).
#include "core/analysis/compare_internal.h"

#include "core/analysis/consistency.h"
#include "core/data/counter_unit.h"
#include "core/base/format.h"
#include "core/base/text.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace kexbench {

using namespace compare_detail;

namespace {

// ------------------------------------------------------------------ rows

// A kept trial that never got a clean attempt still counts in every figure:
// say how many there are when the record lists its trials' health.
std::string disturbed_note(const RecordSamples &k, const std::string &system, Language lang)
{
    const auto disturbed =
        std::count_if(k.health.begin(), k.health.end(), [](const TrialHealth &h) { return h.disturbed; });
    if (disturbed > 0)
        return trf(lang, "disturbed on {}: no clean trial in {} of {} trial slots",
                   {system, std::to_string(disturbed), std::to_string(k.health.size())});
    return trf(lang, "disturbed on {}: no clean trial", {system});
}

void add_record_notes(std::vector<std::string> &notes, const Record &r, const std::string &system, Language lang)
{
    if (r.status != "complete")
        notes.push_back(r.status.empty() ? trf(lang, "{}: record without status", {system})
                                         : trf(lang, "{}: record {}",
                                               {system, lang == Language::en ? r.status : "`" + r.status + "`"}));
    if (r.kat_not_passed)
        notes.push_back(trf(lang, "KAT not passed on {} ({})",
                            {system, r.kat.empty() ? tr(lang, "no status") : tr_text(lang, r.kat)}));
    if (r.kexbench && r.kexbench->secret_mismatches)
        notes.push_back(trf(lang, "{}: {} secret mismatches", {system, std::to_string(r.kexbench->secret_mismatches)}));
    if (r.kexbench && r.kexbench->disturbed)
        notes.push_back(disturbed_note(*r.kexbench, system, lang));
    if (timer_limited(r))
        notes.push_back(trf(lang, "{}: timer-limited (the step costs little more than the timer itself)", {system}));
    if (r.kexbench && r.kexbench->dropped_tick_pairs > 0)
        notes.push_back(
            trf(lang, "{}: {} tick pair(s) dropped", {system, std::to_string(r.kexbench->dropped_tick_pairs)}));
}

double tick_rate(const Record &r) { return r.kexbench ? r.kexbench->ticks_per_second : 0; }

std::string rate_text(double hz) { return hz >= 1e9 ? ghz(hz) : fmt::py_format(hz / 1e6, 'f', 1) + " MHz"; }

// The same constant-rate counter on both sides, yet not compared: its rate is
// unknown on a side, or the rates differ.
std::string tick_rate_note(const OperationComparison &row, const Record &a, const Record &b, const Labels &s)
{
    const double ra = tick_rate(a), rb = tick_rate(b);
    if (ra > 0 && rb > 0)
        return trf(s.lang, "tick rates of {} differ ({}: {}; {}: {}): its counts are not compared, compare the times",
                   {counter_text(row.counter_a, s.lang), s.a, rate_text(ra), s.b, rate_text(rb)});
    const std::string who = !(ra > 0) && !(rb > 0) ? and_text(s.lang, s.a, s.b) : (!(ra > 0) ? s.a : s.b);
    return trf(s.lang, "tick rate of {} unknown on {}: its counts are not compared, compare the times",
               {counter_text(row.counter_a, s.lang), who});
}

void add_counter_notes(OperationComparison &row, const Record &a, const Record &b, const Labels &s)
{
    if (row.counters_comparable)
        return;
    if (row.counter_a.unit.empty() || row.counter_b.unit.empty()) {
        const std::string &who = row.counter_a.unit.empty() ? s.a : s.b;
        row.notes.push_back(trf(s.lang, "no cycle counter on {}: compare the times", {who}));
        return;
    }
    if (same_counter(row.counter_a, row.counter_b)) {
        row.notes.push_back(tick_rate_note(row, a, b, s));
        return;
    }
    row.notes.push_back(trf(s.lang,
                            "counters differ ({}: {}; {}: {}): the cycles ratio is not meaningful, compare the times",
                            {s.a, counter_text(row.counter_a, s.lang), s.b, counter_text(row.counter_b, s.lang)}));
}

// A row whose test could not run, or ran on too few trials, says so.
void add_test_row_notes(OperationComparison &row, bool said, Language lang)
{
    const SampleTest *t = row.verdict_test();
    if (!t && !said)
        row.notes.push_back(tr(lang, kNoTrialValues));
    else if (t && !t->verdict_note.empty())
        row.notes.push_back(t->verdict_note);
}

MemoryFigure memory_figure(std::optional<double> a, std::optional<double> b) { return {a, b, ratio_of(a, b)}; }

// kexbench's memory per operation of both sides (heap tracker and stack thunk), B / A.
void add_operation_memory(OperationComparison &row, const Record &a, const Record &b)
{
    row.memory_a = operation_memory(a);
    row.memory_b = operation_memory(b);
    row.heap_peak = memory_figure(as_double(row.memory_a.heap_peak_bytes), as_double(row.memory_b.heap_peak_bytes));
    row.allocations = memory_figure(row.memory_a.heap_allocations, row.memory_b.heap_allocations);
    row.stack = memory_figure(as_double(row.memory_a.stack_bytes), as_double(row.memory_b.stack_bytes));
}

OperationComparison compare_records(const Record &a, const Record &b, const Labels &s, const CompareOptions &o)
{
    OperationComparison row;
    row.candidate = a.candidate;
    row.label = a.label;
    row.operation = a.operation;
    row.timing_scope = !a.timing_scope.empty() ? a.timing_scope : b.timing_scope;
    row.counter_a = counter_of(a);
    row.counter_b = counter_of(b);
    row.counters_comparable = counters_comparable(a, b, row.counter_a, row.counter_b);
    row.cycles_a = a.mean_cycles;
    row.cycles_b = b.mean_cycles;
    if (row.counters_comparable)
        row.cycles_ratio = ratio_of(a.mean_cycles, b.mean_cycles);
    row.seconds_a = a.mean_seconds;
    row.seconds_b = b.mean_seconds;
    row.time_ratio = ratio_of(a.mean_seconds, b.mean_seconds);
    bool said_no_test = false;
    add_trial_tests(row, a, b, s, o, said_no_test);
    add_counter_notes(row, a, b, s);
    add_test_row_notes(row, said_no_test, s.lang);
    add_record_notes(row.notes, a, s.a, s.lang);
    add_record_notes(row.notes, b, s.b, s.lang);
    add_operation_memory(row, a, b);
    return row;
}

// "hash" records differ by input size, so the key carries it.
std::string record_key(const Record &r) { return r.label + '\n' + r.operation + '\n' + std::to_string(r.input_bytes); }

std::map<std::string, const Record *> index_records(const Dataset &ds, const CompareOptions &o)
{
    std::map<std::string, const Record *> index;
    for (const Record &r : ds.records)
        if (wanted(r, o))
            index.emplace(record_key(r), &r);
    return index;
}

void match_records(Comparison &c, const Dataset &a, const Dataset &b, const Labels &s)
{
    const auto in_a = index_records(a, c.options);
    const auto in_b = index_records(b, c.options);
    for (const Record &r : a.records) {
        if (!wanted(r, c.options))
            continue;
        const auto it = in_b.find(record_key(r));
        if (it != in_b.end())
            c.operations.push_back(compare_records(r, *it->second, s, c.options));
        else
            c.one_sided.push_back({r.candidate, r.label, r.operation, true});
    }
    for (const Record &r : b.records)
        if (wanted(r, c.options) && !in_a.count(record_key(r)))
            c.one_sided.push_back({r.candidate, r.label, r.operation, false});
}

// The records (and build entries) of one instance of a dataset, renamed to a
// label both sides share so compare_datasets matches them operation by
// operation.
Dataset instance_side(const Dataset &d, const std::string &instance, const std::string &shared_label,
                      const std::string &shared_candidate)
{
    Dataset side;
    side.root = d.root;
    side.system_label = instance;
    side.campaign = d.campaign;
    if (side.campaign && side.campaign->raw.contains("kexbench") && side.campaign->raw["kexbench"].is_object())
        side.campaign->raw["kexbench"].erase("probe"); // one campaign, one machine: no speed-per-probe note
    side.runner_host = d.runner_host;
    side.kind = d.kind;
    for (const Record &r : d.records)
        if (r.label == instance) {
            side.records.push_back(r);
            side.records.back().label = shared_label;
            side.records.back().candidate = shared_candidate;
        }
    for (const BuildEntry &b : d.builds)
        if (b.label == instance) {
            side.builds.push_back(b);
            side.builds.back().label = shared_label;
            side.builds.back().candidate = shared_candidate;
        }
    return side;
}

// Trial k of every pair ran in round k: the campaign's order was interleaved.
bool interleaved_campaign(const Dataset &d)
{
    if (!d.campaign || !d.campaign->raw.is_object())
        return false;
    const auto kexbench = d.campaign->raw.find("kexbench");
    if (kexbench == d.campaign->raw.end() || !kexbench->is_object())
        return false;
    const auto order = kexbench->find("order");
    return order != kexbench->end() && order->is_string() && order->get<std::string>() == "interleaved";
}

std::string candidate_of(const Dataset &d, const std::string &instance)
{
    for (const Record &r : d.records)
        if (r.label == instance)
            return r.candidate;
    return {};
}

// "Paired by round: 12 interleaved rounds, ...": how many round pairs the paired rows' tests used.
std::string pairing_caption(const Comparison &c)
{
    size_t fewest = 0, most = 0;
    for (const OperationComparison &op : c.operations)
        for (const auto *test : {&op.time_test, &op.count_test})
            if (*test && (*test)->paired) {
                const size_t n = (*test)->paired->rounds;
                fewest = most == 0 ? n : std::min(fewest, n);
                most = std::max(most, n);
            }
    if (most == 0)
        return {};
    const std::string rounds =
        fewest == most ? std::to_string(most) : std::to_string(fewest) + "\u2013" + std::to_string(most);
    return trf(lang_of(c.options),
               most == 1 ? "Paired by round: {} interleaved round, trial k of {} against trial k of {}."
                         : "Paired by round: {} interleaved rounds, trial k of {} against trial k of {}.",
               {rounds, c.system_a, c.system_b});
}

} // namespace

namespace compare_detail {

bool wanted(const Record &r, const CompareOptions &o) { return o.candidate.empty() || r.candidate == o.candidate; }

} // namespace compare_detail

CounterInfo counter_of(const Record &record)
{
    if (record.kexbench) {
        const RecordSamples &k = *record.kexbench;
        return {k.counter.empty() ? std::string("unknown counter") : k.counter, counter_unit(k), k.core_cycles};
    }
    if (harness_counted_cycles(record))
        return {kHarnessCounter, counter_unit(record), true};
    return {}; // no counter: name and unit empty
}

Comparison compare_datasets(const Dataset &a, const Dataset &b, const CompareOptions &options)
{
    Comparison c;
    const Labels labels = display_labels(a, b, options);
    c.system_a = labels.a;
    c.system_b = labels.b;
    c.options = options;
    match_records(c, a, b, labels);
    for (const Instance &in : matched_instances(c)) {
        compare_sizes(c, a, b, in);
        compare_memory(c, a, b, in);
    }
    summarize_ratios(c);
    c.probe = probe_speed(a, b);
    c.harness_a = harness_side(a, c);
    c.harness_b = harness_side(b, c);
    add_published_page_figures(c, a, b); // a published page: figures side by side, no verdict
    add_notes(c, a, b);
    return c;
}

Comparison compare_instances(const Dataset &dataset, const std::string &instance_a, const std::string &instance_b,
                             const CompareOptions &options)
{
    CompareOptions o = options;
    o.candidate.clear(); // the two instances are the selection
    o.paired = interleaved_campaign(dataset);
    if (o.label_a.empty())
        o.label_a = instance_a;
    if (o.label_b.empty())
        o.label_b = instance_b;
    const std::string shared = instance_b + " / " + instance_a;
    const std::string candidate = candidate_of(dataset, instance_a);
    Comparison c = compare_datasets(instance_side(dataset, instance_a, shared, candidate),
                                    instance_side(dataset, instance_b, shared, candidate), o);
    const Language lang = lang_of(o);
    if (!o.paired && !c.operations.empty()) {
        c.pairing = tr(lang, "Not paired: the campaign did not run its trials in interleaved rounds (harness order "
                             "or harness data), so the two instances are compared as two samples.");
        c.notes.insert(c.notes.begin() + 1, c.pairing);
    }
    if (o.paired)
        c.pairing = pairing_caption(c);
    return c;
}

std::string ratio_cell(std::optional<double> ratio)
{
    if (!ratio || !std::isfinite(*ratio))
        return fmt::kMissing;
    return fmt::py_format(*ratio, 'f', 2) + "\u00d7";
}

RatioMean geometric_mean(const std::vector<double> &ratios)
{
    double log_sum = 0;
    size_t rows = 0;
    for (double r : ratios)
        if (r > 0 && std::isfinite(r)) {
            log_sum += std::log(r);
            ++rows;
        }
    if (rows == 0)
        return {};
    return {std::exp(log_sum / static_cast<double>(rows)), rows};
}

} // namespace kexbench
