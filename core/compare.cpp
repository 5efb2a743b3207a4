// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-system comparison: the data (compare_datasets) and its tables.
#include "core/compare.h"

#include "core/format.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace kexbench {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char *kTrialTotalsOnly = "trial totals only: no significance test";
constexpr const char *kHarnessCounter = "perf_event cpu-cycles (harness driver, user mode)";

std::string code(const std::string &s) { return std::string("`").append(s).append("`"); }

std::string join(const std::vector<std::string> &parts, const std::string &sep)
{
    std::string out;
    for (const auto &p : parts)
        out.append(out.empty() ? "" : sep).append(p);
    return out;
}

void add_unique(std::vector<std::string> &list, const std::string &item)
{
    if (std::find(list.begin(), list.end(), item) == list.end())
        list.push_back(item);
}

// A ratio only between two finite figures with a non-zero denominator.
std::optional<double> ratio_of(std::optional<double> a, std::optional<double> b)
{
    if (!a || !b || *a == 0 || !std::isfinite(*a) || !std::isfinite(*b))
        return std::nullopt;
    return *b / *a;
}

std::optional<double> as_double(const std::optional<uint64_t> &v)
{
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

std::optional<double> as_double(const std::optional<int64_t> &v)
{
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

// The environment block holds sysfs strings, sometimes numbers (core_clock_hz); null = absent.
std::optional<std::string> env_string(const Json &env, const char *key)
{
    if (!env.is_object())
        return std::nullopt;
    const auto it = env.find(key);
    if (it == env.end() || it->is_null())
        return std::nullopt;
    if (it->is_string())
        return it->get<std::string>();
    if (it->is_number())
        return it->dump();
    return std::nullopt;
}

std::optional<double> env_number(const Json &env, const char *key)
{
    const auto s = env_string(env, key);
    if (!s)
        return std::nullopt;
    try {
        size_t used = 0;
        const double d = std::stod(*s, &used);
        if (used == s->size())
            return d;
    } catch (...) {
    }
    return std::nullopt;
}

// The fixed clock of §3 of the method notes: cpufreq maximum, else the probed core clock.
std::optional<double> nominal_clock_hz(const Json &env)
{
    if (const auto khz = env_number(env, "cpufreq_max_khz"))
        return *khz * 1000;
    return env_number(env, "core_clock_hz");
}

// Harness records carry no counter name; the driver's META says whether its
// perf cpu-cycles event opened. Without META, cycles mean it did.
bool harness_counted_cycles(const Record &r)
{
    for (const auto &p : r.processes)
        for (const auto &[key, value] : p.meta)
            if (key == "cpu_cycles_available")
                return value == "yes";
    return r.mean_cycles.has_value();
}

std::string counter_text(const CounterInfo &c)
{
    return c.unit.empty() ? std::string("no counter") : c.unit + " (" + c.name + ")";
}

// Constant-rate counters (TSC, cntvct) tick at a per-machine rate, so equal
// units are comparable only at equal known rates.
bool same_tick_rate(const Record &a, const Record &b)
{
    const double ra = a.kexbench ? a.kexbench->ticks_per_second : 0;
    const double rb = b.kexbench ? b.kexbench->ticks_per_second : 0;
    if (ra <= 0 || rb <= 0)
        return ra == rb;
    return std::fabs(ra - rb) <= 1e-3 * std::max(ra, rb);
}

bool counters_comparable(const Record &ra, const Record &rb, const CounterInfo &a, const CounterInfo &b)
{
    if (a.unit.empty() || b.unit.empty())
        return false;
    if (a.core_cycles && b.core_cycles)
        return true;
    return a.core_cycles == b.core_cycles && a.unit == b.unit && a.name == b.name && same_tick_rate(ra, rb);
}

// ------------------------------------------------------------------ samples

std::vector<double> as_doubles(const std::vector<uint64_t> &v) { return {v.begin(), v.end()}; }

MedianEstimate estimate(const std::vector<double> &v, double confidence)
{
    return {v.size(), stats::median(v), stats::median_ci(v, confidence)};
}

// Lower is better for both times and counts, so "faster" = B's values tend lower.
Verdict verdict_of(const stats::MannWhitney &m, double alpha)
{
    if (!(m.p_value <= alpha))
        return Verdict::similar;
    if (m.effect_size > 0.5)
        return Verdict::faster;
    return m.effect_size < 0.5 ? Verdict::slower : Verdict::similar;
}

SampleTest sample_test(const std::vector<uint64_t> &a, const std::vector<uint64_t> &b, const std::string &unit,
                       const CompareOptions &o)
{
    const std::vector<double> da = as_doubles(a), db = as_doubles(b);
    SampleTest t;
    t.unit = unit;
    t.a = estimate(da, o.confidence);
    t.b = estimate(db, o.confidence);
    if (t.a.median != 0)
        t.median_ratio = t.b.median / t.a.median;
    t.test = stats::mann_whitney_u(da, db);
    t.verdict = verdict_of(t.test, o.alpha);
    return t;
}

void add_sample_tests(OperationComparison &row, const Record &a, const Record &b, const CompareOptions &o)
{
    if (!a.kexbench || !b.kexbench)
        return;
    const RecordSamples &ka = *a.kexbench, &kb = *b.kexbench;
    if (!ka.ns.empty() && !kb.ns.empty())
        row.time_test = sample_test(ka.ns, kb.ns, "ns", o);
    if (row.counters_comparable && !ka.ticks.empty() && !kb.ticks.empty())
        row.count_test = sample_test(ka.ticks, kb.ticks, row.counter_a.unit, o);
}

// ------------------------------------------------------------------ rows

struct Labels {
    std::string a, b;
};

void add_record_notes(std::vector<std::string> &notes, const Record &r, const std::string &system)
{
    if (r.status != "complete")
        notes.push_back(system + ": record " + (r.status.empty() ? std::string("without status") : r.status));
    if (r.kat_not_passed)
        notes.push_back("KAT not passed on " + system + " (" + (r.kat.empty() ? std::string("no status") : r.kat) + ")");
    if (r.kexbench && r.kexbench->secret_mismatches)
        notes.push_back(system + ": " + std::to_string(r.kexbench->secret_mismatches) + " secret mismatches");
}

void add_counter_notes(OperationComparison &row, const Labels &s)
{
    if (row.counters_comparable)
        return;
    if (row.counter_a.unit.empty() || row.counter_b.unit.empty()) {
        const std::string &who = row.counter_a.unit.empty() ? s.a : s.b;
        row.notes.push_back("no cycle counter on " + who + ": compare the times");
        return;
    }
    row.notes.push_back("counters differ (" + s.a + ": " + counter_text(row.counter_a) + "; " + s.b + ": " +
                        counter_text(row.counter_b) + "): the cycles ratio is not meaningful, compare the times");
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
    add_sample_tests(row, a, b, o);
    add_counter_notes(row, s);
    if (!row.time_test && !row.count_test)
        row.notes.push_back(kTrialTotalsOnly);
    add_record_notes(row.notes, a, s.a);
    add_record_notes(row.notes, b, s.b);
    return row;
}

// "hash" records differ by input size, so the key carries it.
std::string record_key(const Record &r)
{
    return r.label + '\n' + r.operation + '\n' + std::to_string(r.input_bytes);
}

bool wanted(const Record &r, const CompareOptions &o) { return o.candidate.empty() || r.candidate == o.candidate; }

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

// ------------------------------------------------------------------ sizes and memory

struct Instance {
    std::string candidate, label;
};

// Instances with at least one matched operation, in A's order.
std::vector<Instance> matched_instances(const Comparison &c)
{
    std::vector<Instance> out;
    for (const auto &row : c.operations)
        if (out.empty() || out.back().label != row.label || out.back().candidate != row.candidate)
            out.push_back({row.candidate, row.label});
    return out;
}

// Sizes do not depend on the operation (they come from the setup exchange):
// take the exchange record's, else the first record's that has any.
const Record *sizes_record(const Dataset &ds, const Instance &in, const CompareOptions &o)
{
    const Record *first = nullptr;
    for (const Record &r : ds.records) {
        if (r.label != in.label || !wanted(r, o) || r.sizes.empty())
            continue;
        if (r.operation == "exchange")
            return &r;
        if (!first)
            first = &r;
    }
    return first;
}

// msg<k>_bytes keys, by pass number.
std::map<int, std::string> message_keys(const Record *r)
{
    std::map<int, std::string> keys;
    if (!r)
        return keys;
    for (const auto &[key, value] : r->sizes) {
        if (key.size() < 10 || key.compare(0, 3, "msg") != 0 || key.compare(key.size() - 6, 6, "_bytes") != 0)
            continue;
        const std::string digits = key.substr(3, key.size() - 9);
        if (digits.size() < 4 && std::all_of(digits.begin(), digits.end(), [](unsigned char ch) { return ch >= '0' && ch <= '9'; }))
            keys.emplace(std::stoi(digits), key);
    }
    return keys;
}

std::optional<double> size_of(const Record *r, const std::string &key)
{
    return r ? as_double(r->size(key)) : std::nullopt;
}

void add_quantity(std::vector<QuantityComparison> &out, const Instance &in, const std::string &quantity,
                  std::optional<double> a, std::optional<double> b)
{
    if (a || b)
        out.push_back({in.candidate, in.label, quantity, a, b, ratio_of(a, b)});
}

void compare_sizes(Comparison &c, const Dataset &a, const Dataset &b, const Instance &in)
{
    const Record *ra = sizes_record(a, in, c.options);
    const Record *rb = sizes_record(b, in, c.options);
    add_quantity(c.bandwidth, in, "total_msg_bytes", size_of(ra, "total_msg_bytes"), size_of(rb, "total_msg_bytes"));
    add_quantity(c.bandwidth, in, "pk_bytes", size_of(ra, "pk_bytes"), size_of(rb, "pk_bytes"));
    std::map<int, std::string> keys = message_keys(ra);
    keys.merge(message_keys(rb));
    for (const auto &[pass, key] : keys)
        add_quantity(c.bandwidth, in, key, size_of(ra, key), size_of(rb, key));
}

// RSS belongs to a whole measuring process; the largest over the instance's operations.
std::optional<double> max_rss(const Dataset &ds, const Instance &in, const CompareOptions &o, bool peak)
{
    std::optional<uint64_t> best;
    for (const Record &r : ds.records) {
        const auto &v = peak ? r.peak_rss_bytes : r.baseline_rss_bytes;
        if (r.label == in.label && wanted(r, o) && v && (!best || *v > *best))
            best = v;
    }
    return as_double(best);
}

std::optional<double> elf_bytes(const Dataset &ds, const Instance &in)
{
    const BuildEntry *e = ds.build_for(in.candidate, in.label);
    return e ? as_double(e->elf_load_bytes) : std::nullopt;
}

void compare_memory(Comparison &c, const Dataset &a, const Dataset &b, const Instance &in)
{
    add_quantity(c.memory, in, "elf_load_bytes", elf_bytes(a, in), elf_bytes(b, in));
    for (const bool peak : {false, true})
        add_quantity(c.memory, in, peak ? "peak_rss_bytes" : "baseline_rss_bytes", max_rss(a, in, c.options, peak),
                     max_rss(b, in, c.options, peak));
}

// ------------------------------------------------------------------ whole-comparison notes

const Record *record_of(const Dataset &ds, const OperationComparison &row)
{
    for (const Record &r : ds.records)
        if (r.label == row.label && r.operation == row.operation)
            return &r;
    return nullptr;
}

// Clock issues over the matched records' environments (the measured state), in first-seen order.
std::vector<std::string> side_clock_issues(const Dataset &ds, const Comparison &c)
{
    std::vector<std::string> issues;
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row))
            for (const auto &issue : clock_issues(r->environment))
                add_unique(issues, issue);
    return issues;
}

std::string ghz(double hz) { return fmt::py_format(hz / 1e9, 'f', 2) + " GHz"; }

// A loop-timed record counts core cycles and seconds over one window, so their
// quotient is the clock the core actually ran at.
std::optional<double> effective_clock_hz(const Record &r)
{
    if (r.timing_scope != "loop" || !counter_of(r).core_cycles || r.trials.empty())
        return std::nullopt;
    double cycles = 0, seconds = 0;
    for (const TrialTotals &t : r.trials) {
        if (!t.cycles)
            return std::nullopt;
        cycles += *t.cycles;
        seconds += t.seconds;
    }
    return seconds > 0 ? std::optional<double>(cycles / seconds) : std::nullopt;
}

// "; its loop-timed trials ran at 2.09 GHz (cycles ÷ seconds)", empty without such records.
std::string effective_clock_text(const Dataset &ds, const Comparison &c)
{
    std::optional<double> low, high;
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row))
            if (const auto hz = effective_clock_hz(*r)) {
                low = std::min(low.value_or(*hz), *hz);
                high = std::max(high.value_or(*hz), *hz);
            }
    if (!low)
        return "";
    const std::string range = ghz(*low) == ghz(*high) ? ghz(*low) : ghz(*low) + " \u2013 " + ghz(*high);
    return "; its loop-timed trials ran at " + range + " (cycles \u00f7 seconds)";
}

void add_clock_note(Comparison &c, const Dataset &ds, const std::string &system)
{
    const auto issues = side_clock_issues(ds, c);
    if (!issues.empty())
        c.notes.push_back(system + ": the clock was not fixed (" + join(issues, "; ") +
                          "), so its times depend on the frequency the CPU ran at (core-cycle counts much less so)" +
                          effective_clock_text(ds, c) + ".");
}

std::optional<double> side_clock_hz(const Dataset &ds, const Comparison &c)
{
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row))
            if (const auto hz = nominal_clock_hz(r->environment))
                return hz;
    return std::nullopt;
}

// Equal core-cycle counts at different clocks are different times: say which ratio means what.
void add_core_clock_note(Comparison &c, const Dataset &a, const Dataset &b)
{
    const bool all_core = !c.operations.empty() && std::all_of(c.operations.begin(), c.operations.end(), [](const auto &r) {
        return r.counter_a.core_cycles && r.counter_b.core_cycles;
    });
    const auto ha = side_clock_hz(a, c), hb = side_clock_hz(b, c);
    if (!all_core || !ha || !hb || std::fabs(*ha - *hb) <= 1e-3 * std::max(*ha, *hb))
        return;
    c.notes.push_back("Both sides count core cycles, at different clocks (" + c.system_a + " " + ghz(*ha) + ", " +
                      c.system_b + " " + ghz(*hb) + "): the cycles ratio compares work per clock cycle, the time "
                      "ratio also includes the clock difference.");
}

void add_test_notes(Comparison &c)
{
    const auto tested = std::count_if(c.operations.begin(), c.operations.end(),
                                      [](const auto &r) { return r.verdict_test() != nullptr; });
    if (tested == 0) {
        if (!c.operations.empty())
            c.notes.push_back(std::string("Neither side has per-iteration samples for the same rows: ") +
                              kTrialTotalsOnly + ".");
        return;
    }
    c.notes.push_back("Significance: two-sided Mann\u2013Whitney U test of the per-iteration samples (times when "
                      "both sides have them, else counter ticks), \u03b1 = " + fmt::py_format(c.options.alpha, 'g', 3) +
                      "; \u201cfaster\u201d/\u201cslower\u201d say how " + c.system_b + " compares with " + c.system_a +
                      ", \u201c~\u201d means p > \u03b1. Iterations are treated as independent" +
                      (tested > 1 ? " and the " + std::to_string(tested) + " tests are not corrected for multiplicity"
                                  : std::string()) +
                      ": with thousands of samples tiny differences are significant, so read the median ratio for "
                      "the size.");
}

void add_step_note(Comparison &c)
{
    const bool steps = std::any_of(c.operations.begin(), c.operations.end(),
                                   [](const auto &r) { return r.timing_scope == "per_call_step"; });
    if (steps)
        c.notes.push_back("Single steps (timing scope per_call_step) include the timer's own start/stop cost in every "
                          "call, which can differ between systems: ratios of very cheap steps mostly compare those costs.");
}

void add_notes(Comparison &c, const Dataset &a, const Dataset &b)
{
    c.notes.push_back("Ratios are B / A = " + c.system_b + " / " + c.system_a + ": below 1.00\u00d7 " + c.system_b +
                      " needs fewer cycles or less time than " + c.system_a + ".");
    if (!c.options.candidate.empty())
        c.notes.push_back("Only candidate " + code(c.options.candidate) + " is compared.");
    if (c.operations.empty())
        c.notes.push_back("No instance \u00d7 operation is present on both sides.");
    add_core_clock_note(c, a, b);
    add_clock_note(c, a, c.system_a);
    add_clock_note(c, b, c.system_b);
    add_test_notes(c);
    add_step_note(c);
}

Labels display_labels(const Dataset &a, const Dataset &b)
{
    const std::string la = a.system_label.empty() ? "A" : a.system_label;
    const std::string lb = b.system_label.empty() ? "B" : b.system_label;
    if (la != lb)
        return {la, lb};
    return {la + " (A)", lb + " (B)"};
}

} // namespace

const char *verdict_text(Verdict v)
{
    switch (v) {
    case Verdict::faster:
        return "faster";
    case Verdict::slower:
        return "slower";
    case Verdict::similar:
        break;
    }
    return "~";
}

const SampleTest *OperationComparison::verdict_test() const
{
    if (time_test)
        return &*time_test;
    return count_test ? &*count_test : nullptr;
}

CounterInfo counter_of(const Record &record)
{
    if (record.kexbench) {
        const RecordSamples &k = *record.kexbench;
        const std::string unit = k.core_cycles ? "cycles" : k.counter_unit.empty() ? "counter ticks" : k.counter_unit;
        return {k.counter.empty() ? std::string("unknown counter") : k.counter, unit, k.core_cycles};
    }
    if (harness_counted_cycles(record))
        return {kHarnessCounter, "cycles", true};
    return {}; // no counter: name and unit empty
}

std::vector<std::string> clock_issues(const nlohmann::ordered_json &env)
{
    std::vector<std::string> issues;
    const auto min_khz = env_number(env, "cpufreq_min_khz"), max_khz = env_number(env, "cpufreq_max_khz");
    if (min_khz && max_khz && *min_khz != *max_khz)
        issues.push_back("cpufreq minimum " + *env_string(env, "cpufreq_min_khz") + " kHz \u2260 maximum " +
                         *env_string(env, "cpufreq_max_khz") + " kHz");
    if (const auto governor = env_string(env, "cpufreq_governor"); governor && *governor != "performance")
        issues.push_back("governor " + *governor);
    if (env_string(env, "intel_pstate_no_turbo") == std::optional<std::string>("0"))
        issues.push_back("turbo on");
    if (env_string(env, "cpufreq_boost") == std::optional<std::string>("1"))
        issues.push_back("boost on");
    return issues;
}

Comparison compare_datasets(const Dataset &a, const Dataset &b, const CompareOptions &options)
{
    Comparison c;
    const Labels labels = display_labels(a, b);
    c.system_a = labels.a;
    c.system_b = labels.b;
    c.options = options;
    match_records(c, a, b, labels);
    for (const Instance &in : matched_instances(c)) {
        compare_sizes(c, a, b, in);
        compare_memory(c, a, b, in);
    }
    add_notes(c, a, b);
    return c;
}

std::string ratio_cell(std::optional<double> ratio)
{
    if (!ratio || !std::isfinite(*ratio))
        return fmt::kMissing;
    return fmt::py_format(*ratio, 'f', 2) + "\u00d7";
}

// ------------------------------------------------------------------ tables

namespace {

using Row = std::vector<std::string>;

std::string per(const Comparison &c) { return c.system_b + " / " + c.system_a; }

// Counts in another unit than cycles say so in the cell.
std::string count_cell(std::optional<double> v, const CounterInfo &counter)
{
    if (!v)
        return fmt::kMissing;
    const std::string cell = fmt::fmt_int(v);
    return counter.unit.empty() || counter.unit == "cycles" ? cell : cell + " " + counter.unit;
}

// A note every row carries is said once, under the table.
void hoist_common_notes(ReportTable &t, std::vector<std::vector<std::string>> &row_notes)
{
    if (row_notes.empty())
        return;
    for (const std::string &note : std::vector<std::string>(row_notes.front())) {
        const bool everywhere = std::all_of(row_notes.begin(), row_notes.end(), [&](const auto &notes) {
            return std::find(notes.begin(), notes.end(), note) != notes.end();
        });
        if (!everywhere)
            continue;
        t.notes.push_back("Every row: " + note + ".");
        for (auto &notes : row_notes)
            notes.erase(std::find(notes.begin(), notes.end(), note));
    }
}

Row timing_row(const OperationComparison &r)
{
    return {code(r.label),
            r.operation,
            count_cell(r.cycles_a, r.counter_a),
            count_cell(r.cycles_b, r.counter_b),
            ratio_cell(r.cycles_ratio),
            fmt::fmt_time(r.seconds_a),
            fmt::fmt_time(r.seconds_b),
            ratio_cell(r.time_ratio)};
}

ReportTable timings_table(const Comparison &c)
{
    ReportTable t{"compare-timings",
                  "Timings: " + per(c),
                  {"instance", "operation", "cycles " + c.system_a, "cycles " + c.system_b, "cycles ratio " + per(c),
                   "time " + c.system_a, "time " + c.system_b, "time ratio " + per(c), "notes"},
                  {},
                  {"Means over all timed calls (the harness figures). A ratio below 1.00\u00d7 means " + c.system_b +
                   " needs less than " + c.system_a + "."}};
    std::vector<std::vector<std::string>> row_notes;
    for (const auto &r : c.operations)
        row_notes.push_back(r.notes);
    hoist_common_notes(t, row_notes);
    for (size_t i = 0; i < c.operations.size(); ++i) {
        Row row = timing_row(c.operations[i]);
        row.push_back(row_notes[i].empty() ? fmt::kMissing : join(row_notes[i], "; "));
        t.rows.push_back(std::move(row));
    }
    return t;
}

// Values of a SampleTest are in ns (shown as times) or in counter ticks.
std::string value_cell(double v, const std::string &unit)
{
    if (!std::isfinite(v))
        return fmt::kMissing;
    return unit == "ns" ? fmt::fmt_time(v * 1e-9) : fmt::fmt_int(v);
}

std::string ci_cell(const MedianEstimate &e, const std::string &unit)
{
    if (e.n == 0)
        return fmt::kMissing;
    std::string cell = value_cell(e.ci.low, unit) + " \u2013 " + value_cell(e.ci.high, unit);
    if (!e.ci.reached) // too few samples: [min, max] with the coverage it has
        cell += " (" + fmt::pct(e.ci.confidence) + " only)";
    return cell;
}

std::string p_cell(double p)
{
    if (!std::isfinite(p))
        return fmt::kMissing;
    return p < 1e-300 ? std::string("< 1e-300") : fmt::py_format(p, 'g', 3);
}

Row sample_row(const OperationComparison &r, const SampleTest &s)
{
    return {code(r.label),
            r.operation,
            value_cell(s.a.median, s.unit),
            ci_cell(s.a, s.unit),
            value_cell(s.b.median, s.unit),
            ci_cell(s.b, s.unit),
            ratio_cell(std::isfinite(s.median_ratio) ? std::optional<double>(s.median_ratio) : std::nullopt),
            p_cell(s.test.p_value),
            verdict_text(s.verdict)};
}

// by_time: the ns samples; else the counter ticks of comparable counters.
std::optional<ReportTable> samples_table(const Comparison &c, bool by_time)
{
    const std::string what = by_time ? "median time " : "median count ";
    const std::string conf = fmt::py_format(c.options.confidence * 100, 'g', 3) + " % CI ";
    ReportTable t{by_time ? "compare-samples" : "compare-samples-counter",
                  by_time ? "Per-iteration times: " + per(c) : "Per-iteration counter ticks: " + per(c),
                  {"instance", "operation", what + c.system_a, conf + c.system_a, what + c.system_b,
                   conf + c.system_b, "median ratio " + per(c), "p (Mann\u2013Whitney U)",
                   c.system_b + " vs " + c.system_a + " (\u03b1 = " + fmt::py_format(c.options.alpha, 'g', 3) + ")"},
                  {},
                  {}};
    for (const auto &r : c.operations)
        if (const auto &s = by_time ? r.time_test : r.count_test)
            t.rows.push_back(sample_row(r, *s));
    if (t.rows.empty())
        return std::nullopt;
    t.notes.push_back("The intervals are distribution-free order-statistic intervals of each median. "
                      "\u201cfaster\u201d: " + c.system_b + "'s values are significantly lower; \u201c~\u201d: p > \u03b1.");
    return t;
}

std::string bytes_cell(std::optional<double> v)
{
    return v ? std::to_string(static_cast<long long>(*v)) : std::string(fmt::kMissing);
}

ReportTable quantity_table(const Comparison &c, const std::vector<QuantityComparison> &rows, const char *id,
                           const std::string &title, std::string note)
{
    ReportTable t{id, title, {"instance", "quantity (bytes)", c.system_a, c.system_b, "ratio " + per(c)}, {}, {std::move(note)}};
    for (const auto &q : rows)
        t.rows.push_back({code(q.label), q.quantity, bytes_cell(q.a), bytes_cell(q.b), ratio_cell(q.ratio)});
    return t;
}

std::optional<ReportTable> one_sided_table(const Comparison &c)
{
    if (c.one_sided.empty())
        return std::nullopt;
    ReportTable t{"compare-one-sided", "Present on one side only", {"instance", "operation", "only in"}, {}, {}};
    for (const auto &r : c.one_sided)
        t.rows.push_back({code(r.label), r.operation, r.in_a ? c.system_a : c.system_b});
    return t;
}

} // namespace

std::vector<ReportTable> comparison_tables(const Comparison &c)
{
    std::vector<ReportTable> tables{timings_table(c)};
    for (const bool by_time : {true, false})
        if (auto t = samples_table(c, by_time))
            tables.push_back(std::move(*t));
    tables.push_back(quantity_table(c, c.bandwidth, "compare-bandwidth", "Message and key sizes",
                                    "The API's sizes from the timing records (the setup exchange's message lengths, "
                                    "pk_bytes capacity); the same code gives 1.00\u00d7."));
    tables.push_back(quantity_table(c, c.memory, "compare-memory", "Memory",
                                    "elf_load_bytes: the library's loadable ELF segments (build.json). RSS: the whole "
                                    "measuring process, largest over the instance's operations."));
    if (auto t = one_sided_table(c))
        tables.push_back(std::move(*t));
    return tables;
}

Report comparison_report(const Comparison &c)
{
    Report report;
    report.title = "Comparison: " + c.system_b + " vs " + c.system_a;
    report.system = c.system_a + " / " + c.system_b;
    report.candidate = c.options.candidate;
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
