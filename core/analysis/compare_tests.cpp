// SPDX-License-Identifier: GPL-3.0-or-later
// Trial-level tests of a comparison: rank tests, ratio intervals, verdicts against the margin.
#include "core/analysis/compare_internal.h"

#include "core/base/format.h"
#include "core/base/text.h"

#include <algorithm>
#include <cmath>

namespace kexbench {

using namespace compare_detail;

namespace {

// ------------------------------------------------------------------ trial-level tests

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
                             {fmt::percent(o.campaign_spread, 1)});
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

} // namespace

namespace compare_detail {

std::string alpha_text(double alpha) { return fmt::py_format(alpha, 'g', 3); }

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

} // namespace compare_detail

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

} // namespace kexbench
