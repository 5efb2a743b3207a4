// SPDX-License-Identifier: GPL-3.0-or-later
// Cross-system comparison: the data (compare_datasets) and its tables.
#include "core/analysis/compare.h"

#include "core/data/counter_unit.h"
#include "core/data/environment_facts.h"

#include "core/analysis/consistency.h"
#include "core/base/format.h"
#include "core/base/i18n.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

namespace kexbench {

namespace {

using Json = nlohmann::ordered_json;

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

std::string ghz(double hz) { return fmt::py_format(hz / 1e9, 'f', 2) + " GHz"; }

Language lang_of(const CompareOptions &o) { return parse_language(o.language).value_or(Language::en); }

// Joiners too short for the catalogue (whose templates also match stored texts): by language.
std::string and_text(Language lang, const std::string &a, const std::string &b)
{
    return lang == Language::en ? a + " and " + b : a + " \u548c " + b;
}

std::string paren_text(Language lang, const std::string &inner)
{
    return lang == Language::en ? " (" + inner + ")" : "\uff08" + inner + "\uff09";
}

std::string list_sep(Language lang) { return lang == Language::en ? "; " : "\uff1b"; }

// A counter's name is the evidence's own text: code in the Chinese text (the harness driver's has a translation).
std::string counter_text(const CounterInfo &c, Language lang)
{
    if (c.unit.empty())
        return tr(lang, "no counter");
    if (lang == Language::en)
        return c.unit + " (" + c.name + ")";
    const std::string name =
        c.name == kHarnessCounter || c.name == "unknown counter" ? tr(lang, c.name) : "`" + c.name + "`";
    return tr_text(lang, c.unit) + paren_text(lang, name);
}

// Constant-rate counters (TSC, cntvct) tick at a per-machine rate, so equal
// units are comparable only at rates both records state and that agree. An
// unknown rate (0) matches nothing, not even another unknown one: two TSCs of
// unknown rate may tick at 2.1 and 3.0 GHz.
bool same_known_tick_rate(const Record &a, const Record &b)
{
    const double ra = a.kexbench ? a.kexbench->ticks_per_second : 0;
    const double rb = b.kexbench ? b.kexbench->ticks_per_second : 0;
    if (!(ra > 0) || !(rb > 0))
        return false;
    return std::fabs(ra - rb) <= 1e-3 * std::max(ra, rb);
}

bool same_counter(const CounterInfo &a, const CounterInfo &b)
{
    return a.core_cycles == b.core_cycles && a.unit == b.unit && a.name == b.name;
}

bool counters_comparable(const Record &ra, const Record &rb, const CounterInfo &a, const CounterInfo &b)
{
    if (a.unit.empty() || b.unit.empty())
        return false;
    if (a.core_cycles && b.core_cycles) // core cycles are the same unit on every machine
        return true;
    return same_counter(a, b) && same_known_tick_rate(ra, rb);
}

// ------------------------------------------------------------------ trial-level tests

struct Labels {
    std::string a, b;
    Language lang = Language::en;
};

constexpr const char *kNoTrialValues = "a side has no trial values: no significance test";

std::string alpha_text(double alpha) { return fmt::py_format(alpha, 'g', 3); }

std::string percent_text(double fraction) { return fmt::py_format(100 * fraction, 'f', 1); }

// The most extreme arrangement of n_a against n_b untied values has probability
// 1 / C(n_a + n_b, n_a) under the null hypothesis, so no two-sided exact p is
// below twice that (ties only make the distribution coarser). Each step of the
// product is the integer C(n_b + i, i), exact in a double up to 2^53.
double smallest_exact_p(size_t na, size_t nb)
{
    if (na == 0 || nb == 0)
        return 1.0;
    double arrangements = 1;
    for (size_t i = 1; i <= na; ++i)
        arrangements = arrangements * static_cast<double>(nb + i) / static_cast<double>(i);
    return std::min(1.0, 2.0 / arrangements);
}

// How many of the C(n_a + n_b, n_a) equally likely arrangements give each U
// (the number of (A, B) pairs with A's value above B's). Built by appending the
// largest value of the pool: an A value lies above all j B values so far (U
// grows by j), a B value lies above no A value. ways[j][u] holds the count for
// the current number of A values and j B values; u descends so that each
// ways[j][u - j] read is still the previous A count's.
std::vector<uint64_t> u_arrangements(size_t na, size_t nb)
{
    const size_t top = na * nb;
    std::vector<std::vector<uint64_t>> ways(nb + 1, std::vector<uint64_t>(top + 1, 0));
    for (auto &row : ways)
        row[0] = 1; // no A value yet: U = 0 whatever j is
    for (size_t i = 1; i <= na; ++i)
        for (size_t j = 1; j <= nb; ++j)
            for (size_t u = top + 1; u-- > 0;)
                ways[j][u] = (u >= j ? ways[j][u - j] : 0) + ways[j - 1][u];
    return ways[nb];
}

// The interval [r_(k), r_(N+1-k)] of the N sorted pairwise ratios; k = 0 when
// even [min, max] does not reach the level. coverage is for rank k (or for
// [min, max] when k = 0).
struct RatioRanks {
    size_t k = 0;
    double coverage = stats::kNaN;
};

// The largest k with 2 P(U <= k - 1) <= alpha, summed as exact_p() in
// core/analysis/stats.cpp sums its tail (2 * count / total), so the interval excludes
// ratio 1 exactly when that exact p is <= alpha.
RatioRanks exact_ratio_ranks(size_t na, size_t nb, double alpha)
{
    const std::vector<uint64_t> counts = u_arrangements(na, nb);
    uint64_t total = 0;
    for (uint64_t c : counts)
        total += c;
    RatioRanks r;
    r.coverage = 1.0 - 2.0 * static_cast<double>(counts[0]) / static_cast<double>(total);
    uint64_t below = 0;
    for (size_t u = 0; u < counts.size(); ++u) {
        below += counts[u];
        const double two_tails = 2.0 * static_cast<double>(below) / static_cast<double>(total);
        if (two_tails > alpha)
            break;
        r.k = u + 1;
        r.coverage = 1.0 - two_tails;
    }
    return r;
}

// The normal approximation of the test (continuity-corrected, without ties):
// it rejects U <= N/2 - 0.5 - z sigma, so k - 1 is the largest such U.
RatioRanks normal_ratio_ranks(size_t na, size_t nb, double alpha)
{
    const double n = static_cast<double>(na) * static_cast<double>(nb);
    const double sigma = std::sqrt(n * static_cast<double>(na + nb + 1) / 12.0);
    const double edge = std::floor(n / 2 - 0.5 - stats::normal_quantile(1 - alpha / 2) * sigma);
    RatioRanks r;
    if (edge < 0) {
        r.coverage = 1.0 - 2.0 * stats::normal_cdf(-(n / 2 - 0.5) / sigma);
        return r;
    }
    r.k = static_cast<size_t>(edge) + 1;
    r.coverage = 1.0 - 2.0 * stats::normal_cdf(-(n / 2 - edge - 0.5) / sigma);
    return r;
}

// log(b_j / a_i) of every pair, ascending; empty when a value is not positive.
std::vector<double> sorted_log_ratios(const std::vector<double> &a, const std::vector<double> &b)
{
    std::vector<double> logs;
    logs.reserve(a.size() * b.size());
    for (double x : a)
        for (double y : b) {
            if (!(x > 0) || !(y > 0))
                return {};
            logs.push_back(std::log(y / x));
        }
    std::sort(logs.begin(), logs.end());
    return logs;
}

bool significant(const SampleTest &t, double alpha) { return t.min_p <= alpha && t.test.p_value <= alpha; }

// The Hodges-Lehmann-style interval of B / A from the order statistics of the
// pairwise log-ratios, at 1 - alpha so that it is the test inverted: it holds
// the ratios c for which "A scaled by c" would not differ significantly from B.
void set_ratio_ci(SampleTest &t, double alpha, Language lang)
{
    const size_t na = t.a.values.size(), nb = t.b.values.size();
    const std::vector<double> logs = sorted_log_ratios(t.a.values, t.b.values);
    if (logs.empty()) {
        t.ratio_ci_reason = tr(lang, "n/a: a trial value is not positive");
        return;
    }
    const bool exact = na <= stats::kMannWhitneyExactMaxN && nb <= stats::kMannWhitneyExactMaxN;
    const RatioRanks r = exact ? exact_ratio_ranks(na, nb, alpha) : normal_ratio_ranks(na, nb, alpha);
    const size_t n = logs.size(), k = std::max<size_t>(r.k, 1);
    stats::Interval &ci = t.ratio_ci;
    ci.exact = exact;
    ci.confidence = r.coverage;
    ci.lower_rank = k;
    ci.upper_rank = n + 1 - k;
    ci.low = std::exp(logs[k - 1]);
    ci.high = std::exp(logs[n - k]);
    ci.reached = r.k > 0;
    if (!ci.reached) {
        t.ratio_ci_reason = trf(lang, "n/a: {} vs {} trials reach {} % only",
                                {std::to_string(na), std::to_string(nb), percent_text(ci.confidence)});
        return;
    }
    // Ties between the sides count half in U but whole in the order
    // statistics; an interval that then disagrees with the test is not shown.
    const bool excludes_one = logs[k - 1] > 0 || logs[n - k] < 0;
    if (excludes_one != significant(t, alpha)) {
        ci.reached = false;
        t.ratio_ci_reason = tr(lang, "n/a: tied trial values make the interval disagree with the test");
    }
}

// The verdict reads the ratio's interval against the margin (margin_verdict);
// the rank test stays beside it as p. Lower is better for times and counts, so
// "faster" = B's interval lies below 1 - Δ. A direction is named only when the
// ratio of the medians, the table's trial ratio, points the same way, so the
// words never contradict the ratio printed beside them.
void read_interval(SampleTest &t, double margin)
{
    t.verdict = margin_verdict(t.ratio_ci.low, t.ratio_ci.high, margin);
    if ((t.verdict == Verdict::faster && !(t.median_ratio < 1)) ||
        (t.verdict == Verdict::slower && !(t.median_ratio > 1)))
        t.verdict = Verdict::inconclusive;
}

void set_verdict(SampleTest &t, const CompareOptions &o, Language lang)
{
    if (!(t.min_p <= o.alpha)) {
        t.verdict = Verdict::too_few_trials;
        t.verdict_note =
            t.paired ? trf(lang, "n/a: {} rounds cannot reach p \u2264 {}",
                           {std::to_string(t.paired->rounds), alpha_text(o.alpha)})
                     : trf(lang, "n/a: {} vs {} trials cannot reach p \u2264 {}",
                           {std::to_string(t.a.values.size()), std::to_string(t.b.values.size()), alpha_text(o.alpha)});
        return;
    }
    if (!t.ratio_ci.reached) {
        t.verdict = Verdict::too_few_trials;
        t.verdict_note = t.ratio_ci_reason;
        return;
    }
    read_interval(t, o.margin);
}

// Two campaigns differ by the host's campaign-to-campaign spread with nothing
// changed (issue 34: one twin in consecutive campaigns was called different 27 %
// of the time). Each side's central value carries it once, so the log ratio
// gets a variance 2 sigma^2 beyond the trials': the interval's log half-widths
// (about the ratio of the medians) and z sqrt(2) log(1 + sigma) combine in
// quadrature. A verdict the trials alone would give but the wider interval
// does not is "inconclusive: below this host's campaign-to-campaign spread".
void add_campaign_spread(SampleTest &t, const CompareOptions &o, Language lang)
{
    if (o.paired || !(o.campaign_spread > 0) || t.verdict == Verdict::too_few_trials || !(t.median_ratio > 0))
        return;
    const Verdict trials_only = t.verdict;
    t.trial_ratio_ci = t.ratio_ci;
    const double centre = std::log(t.median_ratio);
    const double level = stats::normal_quantile(1 - o.alpha / 2) * std::sqrt(2.0) * std::log1p(o.campaign_spread);
    const double below = std::max(0.0, centre - std::log(t.ratio_ci.low));
    const double above = std::max(0.0, std::log(t.ratio_ci.high) - centre);
    t.ratio_ci.low = std::exp(centre - std::hypot(below, level));
    t.ratio_ci.high = std::exp(centre + std::hypot(above, level));
    t.ratio_ci.exact = false;
    read_interval(t, o.margin);
    if (t.verdict == Verdict::inconclusive && trials_only != Verdict::inconclusive)
        t.verdict_note = trf(lang, "inconclusive: below this host's campaign-to-campaign spread of {}",
                             {fmt::py_format(100 * o.campaign_spread, 'f', 1) + " %"});
}

SampleTest trial_test(TrialEstimate a, TrialEstimate b, const std::string &unit, const CompareOptions &o)
{
    const Language lang = lang_of(o);
    SampleTest t;
    t.unit = unit;
    t.a = std::move(a);
    t.b = std::move(b);
    if (t.a.center != 0 && std::isfinite(t.a.center) && std::isfinite(t.b.center))
        t.median_ratio = t.b.center / t.a.center;
    t.test = stats::mann_whitney_u(t.a.values, t.b.values);
    t.min_p = smallest_exact_p(t.a.values.size(), t.b.values.size());
    set_ratio_ci(t, o.alpha, lang);
    set_verdict(t, o, lang);
    add_campaign_spread(t, o, lang);
    return t;
}

// The per-round log ratios log(b_k / a_k) of the trial slots both sides have;
// nullopt when a trial value is not positive.
std::optional<std::vector<double>> round_log_ratios(const TrialEstimate &a, const TrialEstimate &b)
{
    std::vector<double> logs;
    for (size_t k = 0; k < std::min(a.values.size(), b.values.size()); ++k) {
        if (!(a.values[k] > 0) || !(b.values[k] > 0))
            return std::nullopt;
        logs.push_back(std::log(b.values[k] / a.values[k]));
    }
    return logs;
}

// The interval of B / A from the Hodges-Lehmann interval of the round log
// ratios; not shown when too few rounds reach the level, or when ties make
// it disagree with the signed-rank test.
void set_paired_ratio_ci(SampleTest &t, double alpha, Language lang)
{
    const stats::Interval &log_ci = t.paired->shift.ci;
    stats::Interval &ci = t.ratio_ci;
    ci = log_ci;
    ci.low = std::exp(log_ci.low);
    ci.high = std::exp(log_ci.high);
    if (!log_ci.reached) {
        t.ratio_ci_reason = trf(lang, "n/a: {} rounds reach {} % only",
                                {std::to_string(t.paired->rounds), percent_text(log_ci.confidence)});
        return;
    }
    const bool excludes_one = log_ci.low > 0 || log_ci.high < 0;
    if (excludes_one != (t.paired->test.p_value <= alpha)) {
        ci.reached = false;
        t.ratio_ci_reason = tr(lang, "n/a: tied round ratios make the interval disagree with the test");
    }
}

// Round by round: trial k of A against trial k of B (compare_instances).
SampleTest paired_test(TrialEstimate a, TrialEstimate b, const std::string &unit, const CompareOptions &o)
{
    const Language lang = lang_of(o);
    SampleTest t;
    t.unit = unit;
    t.a = std::move(a);
    t.b = std::move(b);
    const auto logs = round_log_ratios(t.a, t.b);
    if (!logs) {
        t.ratio_ci_reason = tr(lang, "n/a: a trial value is not positive");
        t.verdict_note = t.ratio_ci_reason;
        return t;
    }
    PairedRounds p;
    p.rounds = logs->size();
    p.test = stats::wilcoxon_signed_rank(*logs);
    p.shift = stats::hodges_lehmann(*logs, 1 - o.alpha);
    t.paired = p;
    t.median_ratio = std::exp(p.shift.estimate);
    // The smallest two-sided signed-rank p of n rounds: every sign alike, 2 / 2^n.
    t.min_p = p.rounds ? std::min(1.0, std::ldexp(2.0, -static_cast<int>(p.rounds))) : stats::kNaN;
    set_paired_ratio_ci(t, o.alpha, lang);
    set_verdict(t, o, lang);
    return t;
}

SampleTest side_test(TrialEstimate a, TrialEstimate b, const std::string &unit, const CompareOptions &o)
{
    return o.paired ? paired_test(std::move(a), std::move(b), unit, o)
                    : trial_test(std::move(a), std::move(b), unit, o);
}

// A copy holding only the trial totals, so trial_estimate() takes the trial means.
Record trial_totals_only(const Record &r)
{
    Record totals;
    totals.trials = r.trials;
    return totals;
}

struct TrialPair {
    TrialEstimate a, b;
};

// Both sides' trial times by one statistic: the trial medians when both have
// samples, the trial means when both have only trial totals. When only one
// side has samples, both sides fall back to their trial means: a median on one
// side against a mean on the other would compare statistics, not machines.
std::optional<TrialPair> trial_times(const Record &a, const Record &b, const Labels &s, const CompareOptions &o,
                                     std::vector<std::string> &notes, bool &said_no_test)
{
    auto ea = trial_estimate(a, TrialQuantity::time_ns, o.confidence);
    auto eb = trial_estimate(b, TrialQuantity::time_ns, o.confidence);
    if (!ea || !eb)
        return std::nullopt;
    if (ea->statistic == eb->statistic)
        return TrialPair{std::move(*ea), std::move(*eb)};
    auto ma = trial_estimate(trial_totals_only(a), TrialQuantity::time_ns, o.confidence);
    auto mb = trial_estimate(trial_totals_only(b), TrialQuantity::time_ns, o.confidence);
    const std::string only = ea->statistic == TrialStatistic::median_of_trial_medians ? s.a : s.b;
    if (!ma || !mb) {
        notes.push_back(trf(s.lang,
                            "only {} has per-iteration samples: no trial totals to test both sides alike, no "
                            "significance test",
                            {only}));
        said_no_test = true;
        return std::nullopt;
    }
    notes.push_back(
        trf(s.lang, "only {} has per-iteration samples: both sides are tested on their trial means", {only}));
    return TrialPair{std::move(*ma), std::move(*mb)};
}

void add_trial_tests(OperationComparison &row, const Record &a, const Record &b, const Labels &s,
                     const CompareOptions &o, bool &said_no_test)
{
    if (auto times = trial_times(a, b, s, o, row.notes, said_no_test))
        row.time_test = side_test(std::move(times->a), std::move(times->b), "ns", o);
    if (!row.counters_comparable)
        return;
    auto ta = trial_estimate(a, TrialQuantity::ticks, o.confidence);
    auto tb = trial_estimate(b, TrialQuantity::ticks, o.confidence);
    if (ta && tb)
        row.count_test = side_test(std::move(*ta), std::move(*tb), row.counter_a.unit, o);
}

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
        if (digits.size() < 4 &&
            std::all_of(digits.begin(), digits.end(), [](unsigned char ch) { return ch >= '0' && ch <= '9'; }))
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

// Records pair by label across datasets whatever their candidate ids, so each
// side's build entry is the one of the candidate that side measured the label under.
std::optional<double> elf_bytes(const Dataset &ds, const Instance &in, const CompareOptions &o)
{
    for (const Record &r : ds.records)
        if (r.label == in.label && wanted(r, o))
            if (const BuildEntry *e = ds.build_for(r.candidate, r.label))
                return as_double(e->elf_load_bytes);
    const BuildEntry *e = ds.build_for(in.candidate, in.label);
    return e ? as_double(e->elf_load_bytes) : std::nullopt;
}

void compare_memory(Comparison &c, const Dataset &a, const Dataset &b, const Instance &in)
{
    add_quantity(c.memory, in, "elf_load_bytes", elf_bytes(a, in, c.options), elf_bytes(b, in, c.options));
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
    return trf(lang_of(c.options), "; its loop-timed trials ran at {} (cycles \u00f7 seconds)", {range});
}

void add_clock_note(Comparison &c, const Dataset &ds, const std::string &system)
{
    const Language lang = lang_of(c.options);
    std::vector<std::string> issues = side_clock_issues(ds, c);
    for (auto &issue : issues)
        issue = tr_text(lang, issue);
    if (!issues.empty())
        c.notes.push_back(trf(lang,
                              "{}: the clock was not fixed ({}), so its times depend on the frequency the CPU ran at "
                              "(core-cycle counts much less so){}.",
                              {system, join(issues, list_sep(lang)), effective_clock_text(ds, c)}));
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
    const bool all_core = !c.operations.empty() &&
                          std::all_of(c.operations.begin(), c.operations.end(),
                                      [](const auto &r) { return r.counter_a.core_cycles && r.counter_b.core_cycles; });
    const auto ha = side_clock_hz(a, c), hb = side_clock_hz(b, c);
    if (!all_core || !ha || !hb || std::fabs(*ha - *hb) <= 1e-3 * std::max(*ha, *hb))
        return;
    c.notes.push_back(trf(lang_of(c.options),
                          "Both sides count core cycles, at different clocks ({} {}, {} {}): the cycles ratio compares "
                          "work per clock cycle, the time ratio also includes the clock difference.",
                          {c.system_a, ghz(*ha), c.system_b, ghz(*hb)}));
}

// What an unpaired interval covers: the campaign level when it is known.
std::string campaign_spread_note(const CompareOptions &o, Language lang)
{
    if (o.campaign_spread > 0)
        return trf(lang,
                   "Each interval also carries this host's campaign-to-campaign spread of {} ({}): two campaigns of "
                   "the same code differ by about that much, which the trials of one campaign cannot show; it was "
                   "measured on this machine, so a campaign from another machine may vary more or less.",
                   {fmt::py_format(100 * o.campaign_spread, 'f', 2) + " %", o.campaign_spread_source});
    return tr(lang, "The intervals cover the trials of each campaign only: this host's campaign-to-campaign spread "
                    "has not been measured (`kexbench-cli bench verdicts` measures it), and two campaigns of the same "
                    "code can differ by more than the trials show.");
}

// Round by round (compare_instances of an interleaved campaign).
std::string paired_test_note(const Comparison &c)
{
    return trf(lang_of(c.options),
               "Paired by round: {} and {} ran in one interleaved campaign, trial k of each in round k, so a slow "
               "phase of the host hits both. Each round gives one ratio of their trial values (median per-iteration "
               "time, else mean time) {} \u00f7 {}; the figure is the Hodges\u2013Lehmann centre of the rounds' log "
               "ratios, its {} % interval the signed-rank interval over rounds (exact up to 50 rounds), the test the "
               "two-sided Wilcoxon signed-rank test, \u03b1 = {}. The verdict reads that interval against a practical "
               "margin of {}: \u201cfaster\u201d/\u201cslower\u201d when it lies wholly beyond the margin, "
               "\u201cequivalent\u201d when it lies wholly inside, \u201cinconclusive\u201d when it straddles a bound; "
               "fewer than 6 rounds cannot reach \u03b1 = 0.05.",
               {c.system_a, c.system_b, c.system_b, c.system_a, fmt::py_format(100 * (1 - c.options.alpha), 'g', 3),
                alpha_text(c.options.alpha), margin_text(c.options.margin)});
}

void add_test_notes(Comparison &c)
{
    const Language lang = lang_of(c.options);
    const auto tested = std::count_if(c.operations.begin(), c.operations.end(),
                                      [](const auto &r) { return r.verdict_test() != nullptr; });
    if (tested == 0) {
        if (!c.operations.empty() && c.figures.empty()) // beside a published page its own note says why
            c.notes.push_back(tr(lang, "No row has trial values on both sides: no significance test."));
        return;
    }
    const std::string alpha = alpha_text(c.options.alpha);
    const std::string level = fmt::py_format(100 * (1 - c.options.alpha), 'g', 3);
    // The one place the test is explained: the sample tables' notes only add what is their own.
    std::string note =
        c.options.paired ? paired_test_note(c)
                         : trf(lang,
                               "Significance: the trial (one fresh runner child process) is the unit of replication, "
                               "so each trial gives "
                               "one value: its median per-iteration time (kexbench samples), else its mean time "
                               "(harness trial totals, "
                               "seconds \u00f7 measurements); counter ticks likewise where both sides' counters are "
                               "comparable. The two "
                               "sides' trial values go into a two-sided Mann\u2013Whitney U test, exact when both "
                               "sides have at most 20 "
                               "trials and no tied values, else the normal approximation with tie and continuity "
                               "correction; \u03b1 = {}. "
                               "The ratio's {} % interval comes from the order statistics of the pairwise trial ratios "
                               "{} \u00f7 {}, ranked "
                               "by the same U distribution, so it excludes 1.00\u00d7 exactly when the test is "
                               "significant. The verdict "
                               "reads that interval against a practical margin of {}: "
                               "\u201cfaster\u201d/\u201cslower\u201d when it lies "
                               "wholly beyond the margin (and the ratio of the medians points the same way), "
                               "\u201cequivalent\u201d when it "
                               "lies wholly inside, \u201cinconclusive\u201d when it straddles a bound. With few "
                               "trials no outcome can "
                               "reach \u03b1 (3 vs 3 trials: p \u2265 0.1), and the row says so instead of a verdict.",
                               {alpha, level, c.system_b, c.system_a, margin_text(c.options.margin)});
    if (tested > 1)
        note += trf(lang,
                    " The {} tests are not corrected for multiplicity: at \u03b1 = {} some rows without a real "
                    "difference beyond the margin can still read faster or slower.",
                    {std::to_string(tested), alpha});
    if (!c.options.paired)
        note += " " + campaign_spread_note(c.options, lang);
    c.notes.push_back(std::move(note));
}

std::string geomean_text(const RatioMean &m, bool trial_level, Language lang)
{
    const char *one = trial_level ? "trial-level time ratio (median of trial values) {} over {} row"
                                  : "mean time ratio (published method) {} over {} row";
    const char *many = trial_level ? "trial-level time ratio (median of trial values) {} over {} rows"
                                   : "mean time ratio (published method) {} over {} rows";
    return trf(lang, m.rows == 1 ? one : many, {ratio_cell(m.value), std::to_string(m.rows)});
}

void add_geomean_note(Comparison &c)
{
    const Language lang = lang_of(c.options);
    std::vector<std::string> parts;
    if (c.trial_time_ratio.value)
        parts.push_back(geomean_text(c.trial_time_ratio, true, lang));
    if (c.mean_time_ratio.value)
        parts.push_back(geomean_text(c.mean_time_ratio, false, lang));
    if (!parts.empty())
        c.notes.push_back(trf(lang, "Geometric mean of the ratios {} / {}: {}.",
                              {c.system_b, c.system_a, join(parts, list_sep(lang))}));
}

void add_probe_note(Comparison &c)
{
    if (!c.probe)
        return;
    const Language lang = lang_of(c.options);
    const ProbeSpeed &p = *c.probe;
    const double percent = (p.ratio - 1) * 100;
    const std::string figures =
        trf(lang,
            "median probe {} against {}, {}; the probe is a fixed reference kernel timed in "
            "every runner child, so it measures the machines, not the code",
            {fmt::fmt_time(p.median_ns_b * 1e-9), fmt::fmt_time(p.median_ns_a * 1e-9), ratio_cell(p.ratio)});
    if (std::fabs(percent) < 0.5)
        c.notes.push_back(
            trf(lang, "{} ran at the same speed per probe as {} ({}).", {c.system_b, c.system_a, figures}));
    else
        c.notes.push_back(trf(lang,
                              percent > 0 ? "{} ran {} % slower per probe than {} ({})."
                                          : "{} ran {} % faster per probe than {} ({}).",
                              {c.system_b, fmt::py_format(std::fabs(percent), 'f', 0), c.system_a, figures}));
}

void add_step_note(Comparison &c)
{
    const bool steps = std::any_of(c.operations.begin(), c.operations.end(),
                                   [](const auto &r) { return r.timing_scope == "per_call_step"; });
    if (steps)
        c.notes.push_back(tr(lang_of(c.options),
                             "Single steps (timing scope per_call_step) include the timer's own start/stop cost in "
                             "every call, which can differ between systems: ratios of very cheap steps mostly "
                             "compare those costs."));
}

// The same checks the report and the Results page show, per side.
void add_consistency_notes(Comparison &c, const Dataset &ds, const std::string &system)
{
    const Language lang = lang_of(c.options);
    for (const StepSumCheck &check : exchange_vs_steps(ds.records))
        if (check.inconsistent && (c.options.candidate.empty() || check.candidate == c.options.candidate))
            c.notes.push_back(lang == Language::en ? system + ": " + code(check.label) + " " + check.text() + "."
                                                   : system + "\uff1a" + code(check.label) + " " +
                                                         tr_text(lang, check.text()) + "\u3002");
    for (const auto &w : measured_host_warnings(ds))
        c.notes.push_back(trf(lang, "{} measured host load: {}.", {system, tr_text(lang, w)}));
}

// An emulated side's timings measure the emulator on its host, so a ratio against it says nothing of hardware.
void add_emulation_note(Comparison &c, const Dataset &ds, const std::string &system)
{
    const RunnerHostInfo &host = ds.runner_host;
    if (host.emulated())
        c.notes.push_back(
            trf(lang_of(c.options), "{} was {}; its ratios compare an emulator, not two machines.",
                {system,
                 tr_text(lang_of(c.options), emulation_warning(host.where.empty() ? "an emulator" : host.where,
                                                               host.machine.empty() ? "the target" : host.machine))}));
}

void add_published_page_note(Comparison &c); // below, with the rest of a published page

void add_notes(Comparison &c, const Dataset &a, const Dataset &b)
{
    const Language lang = lang_of(c.options);
    c.notes.push_back(trf(lang,
                          "Ratios are B / A = {} / {}: below 1.00\u00d7 {} needs fewer cycles or less time than {}.",
                          {c.system_b, c.system_a, c.system_b, c.system_a}));
    add_emulation_note(c, a, c.system_a);
    add_emulation_note(c, b, c.system_b);
    if (!c.options.candidate.empty())
        c.notes.push_back(trf(lang, "Only candidate {} is compared.", {code(c.options.candidate)}));
    if (c.operations.empty())
        c.notes.push_back(tr(lang, "No instance \u00d7 operation is present on both sides."));
    add_published_page_note(c);
    add_core_clock_note(c, a, b);
    add_clock_note(c, a, c.system_a);
    add_clock_note(c, b, c.system_b);
    add_probe_note(c);
    add_geomean_note(c);
    add_test_notes(c);
    add_step_note(c);
    add_consistency_notes(c, a, c.system_a);
    add_consistency_notes(c, b, c.system_b);
}

// campaign.json kexbench.probe.median_ns, when it is a positive number.
std::optional<double> probe_median_ns(const Dataset &ds)
{
    if (!ds.campaign || !ds.campaign->raw.is_object())
        return std::nullopt;
    const Json &raw = ds.campaign->raw;
    const auto kexbench = raw.find("kexbench");
    if (kexbench == raw.end() || !kexbench->is_object())
        return std::nullopt;
    const auto probe = kexbench->find("probe");
    if (probe == kexbench->end() || !probe->is_object())
        return std::nullopt;
    const auto median = probe->find("median_ns");
    if (median == probe->end() || !median->is_number())
        return std::nullopt;
    const double ns = median->get<double>();
    return ns > 0 && std::isfinite(ns) ? std::optional<double>(ns) : std::nullopt;
}

std::optional<ProbeSpeed> probe_speed(const Dataset &a, const Dataset &b)
{
    const auto pa = probe_median_ns(a), pb = probe_median_ns(b);
    if (!pa || !pb)
        return std::nullopt;
    return ProbeSpeed{*pa, *pb, *pb / *pa};
}

void summarize_ratios(Comparison &c)
{
    std::vector<double> trial, mean;
    for (const auto &row : c.operations) {
        if (row.time_test && std::isfinite(row.time_test->median_ratio))
            trial.push_back(row.time_test->median_ratio);
        if (row.time_ratio)
            mean.push_back(*row.time_ratio);
    }
    c.trial_time_ratio = geometric_mean(trial);
    c.mean_time_ratio = geometric_mean(mean);
}

// The sides' names, as every header, cell and note of the comparison gives them.
Labels display_labels(const Dataset &a, const Dataset &b, const CompareOptions &o)
{
    const Language lang = lang_of(o);
    const std::string page = paren_text(lang, tr(lang, kPublishedPageKind)); // said in every header and note
    auto label = [&](const Dataset &ds, const std::string &given, const char *fallback) {
        std::string l = !given.empty() ? given : (ds.system_label.empty() ? std::string(fallback) : ds.system_label);
        if (ds.kind == kPublishedPageKind && l.find(page) == std::string::npos)
            l += page;
        return l;
    };
    const std::string la = label(a, o.label_a, "A"), lb = label(b, o.label_b, "B");
    if (la != lb)
        return {la, lb, lang};
    return {la + " (A)", lb + " (B)", lang};
}

// Harness data: records without kexbench's per-iteration samples (the harness
// driver's trial totals), or a published page of harness figures.
bool harness_side(const Dataset &ds, const Comparison &c)
{
    if (ds.kind == kPublishedPageKind)
        return true;
    bool any = false;
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row)) {
            if (r->kexbench)
                return false;
            any = true;
        }
    return any;
}

// ------------------------------------------------------------------ a published page

bool is_page(const Dataset &ds) { return ds.kind == kPublishedPageKind && ds.page; }

const PublishedTiming *timing_of(const Dataset &ds, const Record &r)
{
    if (!is_page(ds))
        return nullptr;
    for (const auto &t : ds.page->timings)
        if (t.label == r.label && t.operation == r.operation)
            return &t;
    return nullptr;
}

PublishedSideFigures side_figures(const Dataset &ds, const Record &r, bool in_a, Language lang)
{
    PublishedSideFigures f;
    f.candidate = r.candidate;
    f.label = r.label;
    f.operation = r.operation;
    f.in_a = in_a;
    f.cycles = r.mean_cycles;
    f.seconds = r.mean_seconds;
    f.ops_per_second = r.operations_per_second;
    if (!f.ops_per_second && r.mean_seconds && *r.mean_seconds > 0)
        f.ops_per_second = 1.0 / *r.mean_seconds;
    if (const PublishedTiming *t = timing_of(ds, r)) {
        f.published = true;
        std::vector<std::string> precision;
        f.cycles_text = t->mean_cycles ? t->mean_cycles->text : fmt::kMissing;
        f.seconds_text = t->mean_seconds ? t->mean_seconds->text : fmt::kMissing;
        f.ops_text = t->ops_per_second ? t->ops_per_second->text : fmt::kMissing;
        if (t->mean_cycles)
            precision.push_back(published_precision_text(*t->mean_cycles, tr(lang, "cycles")));
        if (t->mean_seconds)
            precision.push_back(published_time_precision_text(*t->mean_seconds));
        if (t->ops_per_second)
            precision.push_back(published_precision_text(*t->ops_per_second, tr(lang, "ops/s")));
        f.precision = join(precision, list_sep(lang));
        f.trials = t->trials > 0 ? trf(lang, "{} \u00d7 {} (no trial values)",
                                       {std::to_string(t->trials), std::to_string(t->iterations_per_trial)})
                                 : tr(lang, "no trial values");
    } else {
        f.cycles_text = fmt::fmt_int(f.cycles);
        f.seconds_text = fmt::fmt_time(f.seconds);
        f.ops_text = f.ops_per_second ? fmt::fmt_ops(*f.ops_per_second) : std::string(fmt::kMissing);
        f.precision = fmt::kMissing;
        f.trials = trf(lang, r.trials.size() == 1 ? "{} trial" : "{} trials", {std::to_string(r.trials.size())});
    }
    return f;
}

// Every instance x operation of both sides with its figures; no verdict: the page has no trials.
void add_published_page_figures(Comparison &c, const Dataset &a, const Dataset &b)
{
    if (!is_page(a) && !is_page(b))
        return;
    const Language lang = lang_of(c.options);
    for (const auto *side : {&a, &b})
        for (const Record &r : side->records)
            if (c.options.candidate.empty() || r.candidate == c.options.candidate || is_page(*side))
                c.figures.push_back(side_figures(*side, r, side == &a, lang));
    const std::string who =
        is_page(a) && is_page(b) ? and_text(lang, c.system_a, c.system_b) : (is_page(a) ? c.system_a : c.system_b);
    const std::string verdict = trf(lang, "no verdict: {} has no trials", {who});
    for (OperationComparison &row : c.operations) {
        auto &notes = row.notes;
        notes.erase(std::remove(notes.begin(), notes.end(), tr(lang, kNoTrialValues)), notes.end());
        if (std::find(notes.begin(), notes.end(), verdict) == notes.end())
            notes.push_back(verdict);
    }
}

void add_published_page_note(Comparison &c)
{
    if (c.figures.empty())
        return;
    const Language lang = lang_of(c.options);
    auto page = [&](bool in_a) {
        return std::any_of(c.figures.begin(), c.figures.end(),
                           [&](const auto &f) { return f.published && f.in_a == in_a; });
    };
    const bool page_a = page(true), page_b = page(false);
    const std::string who =
        page_a && page_b ? and_text(lang, c.system_a, c.system_b) : (page_a ? c.system_a : c.system_b);
    c.notes.push_back(trf(lang,
                          "{}: trial-level figures only (the page's means as printed, no per-trial values, no "
                          "per-iteration samples), so no verdict is possible (one side has no trials) and no "
                          "significance is given.",
                          {who}));
}

} // namespace

std::string verdict_text(Verdict v, const std::string &language)
{
    return tr(parse_language(language).value_or(Language::en), verdict_text(v));
}

const char *verdict_text(Verdict v)
{
    switch (v) {
    case Verdict::faster:
        return "faster";
    case Verdict::slower:
        return "slower";
    case Verdict::equivalent:
        return "equivalent";
    case Verdict::inconclusive:
        return "inconclusive";
    case Verdict::too_few_trials:
        break;
    }
    return "n/a";
}

Verdict margin_verdict(double ratio_low, double ratio_high, double margin)
{
    if (!(ratio_low <= ratio_high) || !(margin >= 0))
        return Verdict::too_few_trials;
    const double below = 1 - margin, above = 1 + margin;
    if (ratio_high < below)
        return Verdict::faster;
    if (ratio_low > above)
        return Verdict::slower;
    if (ratio_low >= below && ratio_high <= above)
        return Verdict::equivalent;
    return Verdict::inconclusive;
}

std::string margin_text(double margin) { return "\u00b1" + fmt::py_format(100 * margin, 'g', 3) + " %"; }

std::string verdict_words(Verdict v, double margin, const std::string &language)
{
    const Language lang = parse_language(language).value_or(Language::en);
    if (v == Verdict::equivalent)
        return trf(lang, "equivalent within {}", {margin_text(margin)});
    return tr(lang, verdict_text(v));
}

const SampleTest *OperationComparison::verdict_test() const
{
    if (time_test)
        return &*time_test;
    return count_test ? &*count_test : nullptr;
}

SampleTest compare_trial_values(TrialEstimate a, TrialEstimate b, const std::string &unit,
                                const CompareOptions &options)
{
    CompareOptions unpaired = options;
    unpaired.paired = false;
    return trial_test(std::move(a), std::move(b), unit, unpaired);
}

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

namespace {

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

// ------------------------------------------------------------------ tables

namespace {

using Row = std::vector<std::string>;

std::string per(const Comparison &c) { return c.system_b + " / " + c.system_a; }

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

// A counter unit as a column-name word: "cycles", "TSC ticks" -> "tsc_ticks"; no counter -> "".
std::string unit_slug(const std::string &unit)
{
    std::string out;
    for (unsigned char ch : unit)
        out += std::isalnum(ch) ? static_cast<char>(std::tolower(ch)) : '_';
    return out;
}

std::string counter_slug(const CounterInfo &c) { return c.unit.empty() ? std::string("cycles") : unit_slug(c.unit); }

void add_unit(std::vector<std::string> &units, const std::string &u)
{
    if (std::find(units.begin(), units.end(), u) == units.end())
        units.push_back(u);
    std::stable_partition(units.begin(), units.end(), [](const std::string &x) { return x == "cycles"; });
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
        add_unit(units_a, counter_slug(r.counter_a));
        add_unit(units_b, counter_slug(r.counter_b));
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
        push_by_unit(row, units_a, counter_slug(r.counter_a), data_value(r.cycles_a));
        push_by_unit(row, units_b, counter_slug(r.counter_b), data_value(r.cycles_b));
        row.insert(row.end(), {data_value(r.cycles_ratio), data_value(r.seconds_a), data_value(r.seconds_b),
                               data_value(r.time_ratio)});
        row.push_back(row_notes[i].empty() ? DataValue() : DataValue(join(row_notes[i], "; ")));
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
        row.push_back(row_notes[i].empty() ? fmt::kMissing : join(row_notes[i], list_sep(lang)));
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

// The CSV's verdict: the English words, whatever the language (a value to filter on, as the column names).
std::string verdict_data(const SampleTest &s, const CompareOptions &o)
{
    if (s.verdict != Verdict::too_few_trials)
        return verdict_words(s.verdict, o.margin, "en");
    if (o.paired && !s.paired)
        return "n/a: a trial value is not positive";
    SampleTest english = s; // the reason again, in English
    english.ratio_ci = {};
    english.ratio_ci_reason.clear();
    if (english.paired)
        set_paired_ratio_ci(english, o.alpha, Language::en);
    else
        set_ratio_ci(english, o.alpha, Language::en);
    set_verdict(english, o, Language::en);
    return english.verdict_note;
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
            add_unit(units,
                     s->unit == "ns" ? std::string("seconds") : unit_slug(s->unit.empty() ? "counter ticks" : s->unit));
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
        const std::string unit = ns ? std::string("seconds") : unit_slug(s->unit.empty() ? "counter ticks" : s->unit);
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
                m.rows.size() == c.operations.size() ? tr(lang, "every operation") : join(m.rows, list_sep(lang));
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
    return join(parts, "; ");
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
