// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace kexbench::stats {

namespace {

// Two passes: the second adds the mean of the residuals, which recovers most of
// the rounding error of the plain sum when the values share a large offset
// (cycle counts around 1e9 that differ by a few hundred).
double mean_of(std::span<const double> x)
{
    double sum = 0.0;
    for (double v : x)
        sum += v;
    const double n = static_cast<double>(x.size());
    const double m = sum / n;
    double residual = 0.0;
    for (double v : x)
        residual += v - m;
    return m + residual / n;
}

double sample_stddev(std::span<const double> x, double mean)
{
    if (x.size() < 2)
        return kNaN;
    double ss = 0.0;
    for (double v : x)
        ss += (v - mean) * (v - mean);
    return std::sqrt(ss / static_cast<double>(x.size() - 1));
}

double mad_of_sorted(std::span<const double> sorted, double med)
{
    std::vector<double> dev;
    dev.reserve(sorted.size());
    for (double v : sorted)
        dev.push_back(std::fabs(v - med));
    std::sort(dev.begin(), dev.end(), nan_last_less);
    return quantile_sorted(dev, 0.5);
}

} // namespace

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

namespace {

// Acklam's coefficients (P. J. Acklam, "An algorithm for computing the inverse
// normal cumulative distribution function", 2003).
constexpr double kA[] = {-3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
                         1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
constexpr double kB[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
                         -1.328068155288572e+01};
constexpr double kC[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                         -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
constexpr double kD[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
constexpr double kAcklamLow = 0.02425;

// Lower-tail rational function in q = sqrt(-2 log p).
double acklam_tail(double q)
{
    const double num = ((((kC[0] * q + kC[1]) * q + kC[2]) * q + kC[3]) * q + kC[4]) * q + kC[5];
    const double den = (((kD[0] * q + kD[1]) * q + kD[2]) * q + kD[3]) * q + 1.0;
    return num / den;
}

double acklam_central(double q)
{
    const double r = q * q;
    const double num = (((((kA[0] * r + kA[1]) * r + kA[2]) * r + kA[3]) * r + kA[4]) * r + kA[5]) * q;
    const double den = ((((kB[0] * r + kB[1]) * r + kB[2]) * r + kB[3]) * r + kB[4]) * r + 1.0;
    return num / den;
}

double acklam(double p)
{
    if (p < kAcklamLow)
        return acklam_tail(std::sqrt(-2.0 * std::log(p)));
    if (p > 1.0 - kAcklamLow)
        return -acklam_tail(std::sqrt(-2.0 * std::log1p(-p)));
    return acklam_central(p - 0.5);
}

} // namespace

double normal_quantile(double p)
{
    if (p == 0.0)
        return -std::numeric_limits<double>::infinity();
    if (p == 1.0)
        return std::numeric_limits<double>::infinity();
    if (!(p > 0.0 && p < 1.0))
        return kNaN;
    const double x = acklam(p);
    // One Halley step on Phi(x) - p brings 1e-9 down to about machine precision.
    const double e = normal_cdf(x) - p;
    const double u = e * std::sqrt(2.0 * std::numbers::pi) * std::exp(0.5 * x * x);
    return x - u / (1.0 + 0.5 * x * u);
}

Summary summarize(std::span<const double> samples)
{
    Summary s;
    if (samples.empty())
        return s;
    const std::vector<double> x = sorted_copy(samples);
    s.n = x.size();
    s.min = x.front();
    s.max = x.back();
    s.mean = mean_of(x);
    s.stddev = sample_stddev(x, s.mean);
    s.median = quantile_sorted(x, 0.5);
    s.q1 = quantile_sorted(x, 0.25);
    s.q3 = quantile_sorted(x, 0.75);
    s.iqr = s.q3 - s.q1;
    s.mad = mad_of_sorted(x, s.median);
    s.mad_scaled = kMadToSigma * s.mad;
    return s;
}

namespace {

struct RankChoice {
    std::size_t lower = 1; // j, 1-based
    double coverage = 0.0; // P(j <= B < n + 1 - j)
    bool exact = false;
    bool reached = false;
};

double log_add(double a, double b)
{
    if (a == -std::numeric_limits<double>::infinity())
        return b;
    const double hi = std::max(a, b), lo = std::min(a, b);
    return hi + std::log1p(std::exp(lo - hi));
}

// Walks the lower binomial tail P(B <= i) upward in log space (2^-n underflows
// to denormals near n = 1075, and lgamma keeps C(n, i) finite) and keeps the
// largest j = i + 1 whose two tails together stay within 1 - confidence.
RankChoice exact_ranks(std::size_t n, double confidence)
{
    const double nd = static_cast<double>(n);
    const double log_half_alpha = std::log((1.0 - confidence) / 2.0);
    // Tolerance so that a requested level equal to an attainable coverage
    // (e.g. 0.9375 at n = 5) is not missed by the last bit of rounding.
    const double tol = 1e-12;
    const double log_norm = std::lgamma(nd + 1.0) - nd * std::numbers::ln2;
    RankChoice r{1, 0.0, true, false};
    double log_cdf = -std::numeric_limits<double>::infinity();
    double log_tail_at_min = kNaN; // log P(B <= 0): the tail for j = 1
    for (std::size_t i = 0; 2 * (i + 1) <= n; ++i) {
        const double id = static_cast<double>(i);
        log_cdf = log_add(log_cdf, log_norm - std::lgamma(id + 1.0) - std::lgamma(nd - id + 1.0));
        if (i == 0)
            log_tail_at_min = log_cdf;
        if (log_cdf > log_half_alpha + tol)
            break;
        r.lower = i + 1;
        r.coverage = 1.0 - 2.0 * std::exp(log_cdf);
        r.reached = true;
    }
    if (!r.reached) // [min, max] is the best there is; report what it achieves
        r.coverage = n < 2 ? 0.0 : 1.0 - 2.0 * std::exp(log_tail_at_min);
    return r;
}

// Large n: ranks from the normal approximation, coverage with continuity correction.
RankChoice normal_ranks(std::size_t n, double confidence)
{
    const double nd = static_cast<double>(n);
    const double half_width = normal_quantile(0.5 + confidence / 2.0) * std::sqrt(nd) / 2.0;
    const double j = std::max(1.0, std::floor(nd / 2.0 - half_width));
    RankChoice r{static_cast<std::size_t>(j), 0.0, false, false};
    // k = n + 1 - j equals ceil(1 + n/2 + half_width) by symmetry; P(B <= j - 1):
    const double lower_tail = normal_cdf((j - 0.5 - nd / 2.0) / (std::sqrt(nd) / 2.0));
    r.coverage = 1.0 - 2.0 * lower_tail;
    r.reached = r.coverage >= confidence;
    return r;
}

} // namespace

Interval median_ci(std::span<const double> samples, double confidence)
{
    Interval ci;
    if (samples.empty() || !(confidence > 0.0 && confidence < 1.0))
        return ci;
    const std::vector<double> x = sorted_copy(samples);
    const std::size_t n = x.size();
    const RankChoice r = n <= kMedianCiExactMaxN ? exact_ranks(n, confidence) : normal_ranks(n, confidence);
    ci.lower_rank = r.lower;
    ci.upper_rank = n + 1 - r.lower;
    ci.low = x[ci.lower_rank - 1];
    ci.high = x[ci.upper_rank - 1];
    ci.confidence = r.coverage;
    ci.exact = r.exact;
    ci.reached = r.reached;
    return ci;
}

double relative_ci_width(const Interval &ci, double median) { return (ci.high - ci.low) / median; }

namespace {

// Bin count from the rule's real-valued estimate; NaN/inf (NaN or infinite
// samples) saturate to max_bins instead of an undefined float-to-size_t cast.
std::size_t clamp_bins(double bins, std::size_t max_bins)
{
    if (!(bins < static_cast<double>(max_bins)))
        return max_bins;
    return std::max<std::size_t>(1, static_cast<std::size_t>(bins));
}

std::size_t histogram_bins(std::span<const double> sorted, std::size_t max_bins, bool &sturges)
{
    const double n = static_cast<double>(sorted.size());
    const double iqr = quantile_sorted(sorted, 0.75) - quantile_sorted(sorted, 0.25);
    sturges = !(iqr > 0.0);
    if (sturges)
        return clamp_bins(std::ceil(std::log2(n)) + 1.0, max_bins);
    const double width = 2.0 * iqr / std::cbrt(n);
    return clamp_bins(std::ceil((sorted.back() - sorted.front()) / width), max_bins);
}

// Edges from min to max exactly (the last one is max itself, not min + bins * width,
// so rounding can never leave the maximum outside).
std::vector<double> even_edges(double lo, double hi, std::size_t bins)
{
    std::vector<double> edges(bins + 1);
    for (std::size_t i = 0; i < bins; ++i)
        edges[i] = lo + (hi - lo) * (static_cast<double>(i) / static_cast<double>(bins));
    edges[bins] = hi;
    return edges;
}

// One sweep over sorted data: a sample goes to the last bin whose lower edge it
// reaches, so the counts agree with the stored edges bit for bit.
std::vector<std::size_t> count_sorted(std::span<const double> sorted, const std::vector<double> &edges)
{
    const std::size_t bins = edges.size() - 1;
    std::vector<std::size_t> counts(bins, 0);
    std::size_t b = 0;
    for (double v : sorted) {
        while (b + 1 < bins && v >= edges[b + 1])
            ++b;
        ++counts[b];
    }
    return counts;
}

} // namespace

Histogram freedman_diaconis(std::span<const double> samples, std::size_t max_bins)
{
    Histogram h;
    if (samples.empty())
        return h;
    const std::vector<double> x = sorted_copy(samples);
    const double lo = x.front(), hi = x.back();
    if (lo == hi) { // no spread to divide: one unit-wide bin around the value, like numpy
        h.edges = {lo - 0.5, hi + 0.5};
        h.counts = {x.size()};
        h.bin_width = 1.0;
        return h;
    }
    const std::size_t bins = histogram_bins(x, std::max<std::size_t>(1, max_bins), h.sturges);
    h.edges = even_edges(lo, hi, bins);
    h.counts = count_sorted(x, h.edges);
    h.bin_width = (hi - lo) / static_cast<double>(bins);
    return h;
}

std::vector<std::pair<double, double>> ecdf(std::span<const double> samples)
{
    const std::vector<double> x = sorted_copy(samples);
    const double n = static_cast<double>(x.size());
    std::vector<std::pair<double, double>> out;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (i + 1 == x.size() || x[i] != x[i + 1]) // last of a run of ties
            out.emplace_back(x[i], static_cast<double>(i + 1) / n);
    return out;
}

std::vector<bool> tukey_outliers(std::span<const double> samples, double k)
{
    const std::vector<double> x = sorted_copy(samples);
    const double q1 = quantile_sorted(x, 0.25), q3 = quantile_sorted(x, 0.75);
    const double low = q1 - k * (q3 - q1), high = q3 + k * (q3 - q1);
    std::vector<bool> flags(samples.size());
    for (std::size_t i = 0; i < samples.size(); ++i)
        flags[i] = samples[i] < low || samples[i] > high;
    return flags;
}

namespace {

struct RankSums {
    double rank_sum_a = 0.0;
    double tie_term = 0.0;                  // sum over tie groups of t^3 - t
    std::vector<std::size_t> doubled_ranks; // 2 x mid-rank of every pooled value: whole numbers
    std::size_t doubled_sum_a = 0;          // 2 x rank_sum_a
};

// Mid-ranks of the pooled sample; ties share the average of the ranks they span.
RankSums rank_sums(std::span<const double> a, std::span<const double> b)
{
    std::vector<std::pair<double, bool>> pooled; // value, from a
    pooled.reserve(a.size() + b.size());
    for (double v : a)
        pooled.emplace_back(v, true);
    for (double v : b)
        pooled.emplace_back(v, false);
    std::sort(pooled.begin(), pooled.end(),
              [](const auto &l, const auto &r) { return nan_last_less(l.first, r.first); });
    RankSums s;
    s.doubled_ranks.reserve(pooled.size());
    for (std::size_t i = 0, j = 0; i < pooled.size(); i = j) {
        j = i + 1;
        while (j < pooled.size() && !nan_last_less(pooled[i].first, pooled[j].first))
            ++j;
        const double t = static_cast<double>(j - i);
        const std::size_t doubled_mid_rank = i + 1 + j; // twice the mean of i+1 .. j
        for (std::size_t m = i; m < j; ++m) {
            s.doubled_ranks.push_back(doubled_mid_rank);
            if (pooled[m].second)
                s.doubled_sum_a += doubled_mid_rank;
        }
        s.tie_term += t * t * t - t;
    }
    s.rank_sum_a = static_cast<double>(s.doubled_sum_a) / 2.0;
    return s;
}

// Null distribution of a's (doubled) rank sum given the pooled mid-ranks, ties
// included: counts[s] = the number of ways n1 of the pooled values can carry
// rank sum s / 2. Conditioning on the tie pattern keeps p an honest permutation
// probability, so 2 against 2 trials never give less than 2 / C(4, 2) even when
// two trial values tie (a normal approximation there gave 0.19). Counts stay
// below C(40, 20) < 2^53, exact in uint64.
std::vector<std::uint64_t> rank_sum_null_counts(const std::vector<std::size_t> &doubled_ranks, std::size_t n1)
{
    std::size_t max_sum = 0;
    for (std::size_t r : doubled_ranks)
        max_sum += r;
    const std::size_t width = max_sum + 1;
    // ways[k * width + s]: subsets of the values seen so far with k members and doubled rank sum s.
    std::vector<std::uint64_t> ways((n1 + 1) * width, 0);
    ways[0] = 1;
    std::size_t seen = 0;
    for (std::size_t r : doubled_ranks) {
        ++seen;
        for (std::size_t k = std::min(n1, seen); k >= 1; --k) // downwards: each value joins a subset once
            for (std::size_t s = max_sum; s >= r; --s)
                ways[k * width + s] += ways[(k - 1) * width + s - r];
    }
    return {ways.begin() + static_cast<std::ptrdiff_t>(n1 * width), ways.end()};
}

// Two-sided exact p as R's wilcox.test: twice the smaller tail at the observed
// rank sum, capped at 1. The mid-rank distribution is symmetric, so without ties
// this is R's exact p.
double exact_p(const RankSums &s, std::size_t n1)
{
    const std::vector<std::uint64_t> counts = rank_sum_null_counts(s.doubled_ranks, n1);
    std::uint64_t lower = 0, upper = 0, total = 0;
    for (std::size_t v = 0; v < counts.size(); ++v) {
        total += counts[v];
        if (v <= s.doubled_sum_a)
            lower += counts[v];
        if (v >= s.doubled_sum_a)
            upper += counts[v];
    }
    return std::min(1.0, 2.0 * static_cast<double>(std::min(lower, upper)) / static_cast<double>(total));
}

void normal_approximation(MannWhitney &r, double tie_term)
{
    const double n1 = static_cast<double>(r.n1), n2 = static_cast<double>(r.n2), n = n1 + n2;
    const double variance = n1 * n2 / 12.0 * ((n + 1.0) - tie_term / (n * (n - 1.0)));
    if (!(variance > 0.0)) { // every value equal: no evidence either way
        r.z = 0.0;
        r.p_value = 1.0;
        return;
    }
    double d = r.u_a - n1 * n2 / 2.0;
    d -= d > 0.0 ? 0.5 : (d < 0.0 ? -0.5 : 0.0); // continuity correction toward 0
    r.z = d / std::sqrt(variance);
    r.p_value = std::min(1.0, 2.0 * normal_cdf(-std::fabs(r.z)));
}

} // namespace

MannWhitney mann_whitney_u(std::span<const double> a, std::span<const double> b)
{
    MannWhitney r;
    r.n1 = a.size();
    r.n2 = b.size();
    if (a.empty() || b.empty())
        return r;
    const RankSums s = rank_sums(a, b);
    const double n1 = static_cast<double>(r.n1), n2 = static_cast<double>(r.n2);
    r.u_a = s.rank_sum_a - n1 * (n1 + 1.0) / 2.0;
    r.u_b = n1 * n2 - r.u_a;
    r.effect_size = r.u_a / (n1 * n2);
    r.ties = s.tie_term > 0.0;
    if (r.n1 <= kMannWhitneyExactMaxN && r.n2 <= kMannWhitneyExactMaxN) {
        r.method = MannWhitney::Method::exact;
        r.p_value = exact_p(s, r.n1);
    } else {
        r.method = MannWhitney::Method::normal;
        normal_approximation(r, s.tie_term);
    }
    return r;
}

namespace {

// counts[s]: how many of the 2^n sign patterns give the positive differences a
// doubled rank sum of s (each rank is in the sum or not).
std::vector<std::uint64_t> signed_rank_null_counts(const std::vector<std::size_t> &doubled_ranks)
{
    std::size_t max_sum = 0;
    for (std::size_t r : doubled_ranks)
        max_sum += r;
    std::vector<std::uint64_t> ways(max_sum + 1, 0);
    ways[0] = 1;
    for (std::size_t r : doubled_ranks)
        for (std::size_t s = max_sum; s >= r; --s) // downwards: each rank is added once
            ways[s] += ways[s - r];
    return ways;
}

struct SignedRanks {
    std::vector<std::size_t> doubled_ranks; // of |d|, mid-ranks for ties, twice over to stay integral
    std::size_t doubled_v = 0;              // their sum over the positive d
    double tie_term = 0.0;                  // sum of t^3 - t over the tie groups
};

SignedRanks signed_ranks(std::span<const double> nonzero)
{
    std::vector<std::pair<double, bool>> sorted; // |d|, d > 0
    sorted.reserve(nonzero.size());
    for (double d : nonzero)
        sorted.emplace_back(std::fabs(d), d > 0.0);
    std::sort(sorted.begin(), sorted.end(), [](const auto &x, const auto &y) { return x.first < y.first; });
    SignedRanks s;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i + 1;
        while (j < sorted.size() && sorted[j].first == sorted[i].first)
            ++j;
        const std::size_t doubled_mid_rank = i + 1 + j;
        for (std::size_t m = i; m < j; ++m) {
            s.doubled_ranks.push_back(doubled_mid_rank);
            if (sorted[m].second)
                s.doubled_v += doubled_mid_rank;
        }
        const double t = static_cast<double>(j - i);
        s.tie_term += t * t * t - t;
        i = j;
    }
    return s;
}

double signed_rank_exact_p(const SignedRanks &s)
{
    const std::vector<std::uint64_t> counts = signed_rank_null_counts(s.doubled_ranks);
    std::uint64_t lower = 0, upper = 0, total = 0;
    for (std::size_t v = 0; v < counts.size(); ++v) {
        total += counts[v];
        if (v <= s.doubled_v)
            lower += counts[v];
        if (v >= s.doubled_v)
            upper += counts[v];
    }
    return std::min(1.0, 2.0 * static_cast<double>(std::min(lower, upper)) / static_cast<double>(total));
}

void signed_rank_normal(SignedRank &r, double tie_term)
{
    const double n = static_cast<double>(r.n);
    const double variance = n * (n + 1.0) * (2.0 * n + 1.0) / 24.0 - tie_term / 48.0;
    double d = r.v - n * (n + 1.0) / 4.0;
    d -= d > 0.0 ? 0.5 : (d < 0.0 ? -0.5 : 0.0); // continuity correction toward 0
    r.z = d / std::sqrt(variance);
    r.p_value = std::min(1.0, 2.0 * normal_cdf(-std::fabs(r.z)));
}

// k of the Walsh-average interval [W_(k), W_(M+1-k)] of n differences, and its
// coverage; k = 0 when even [min, max] cannot reach the level.
std::pair<std::size_t, double> walsh_rank(std::size_t n, double confidence, bool &exact)
{
    const double tail = (1.0 - confidence) / 2.0;
    const double m = static_cast<double>(n) * static_cast<double>(n + 1) / 2.0;
    exact = n <= kSignedRankExactMaxN;
    if (exact) {
        std::vector<std::size_t> doubled(n);
        for (std::size_t i = 0; i < n; ++i)
            doubled[i] = 2 * (i + 1);
        const std::vector<std::uint64_t> counts = signed_rank_null_counts(doubled);
        const double total = std::ldexp(1.0, static_cast<int>(n));
        std::uint64_t below = 0; // sign patterns with V <= v
        std::size_t k = 0;
        double coverage = 1.0 - 2.0 / total;
        for (std::size_t v = 0; 2 * v < counts.size(); ++v) {
            below += counts[2 * v];
            if (static_cast<double>(below) / total > tail)
                break;
            k = v + 1;
            coverage = 1.0 - 2.0 * static_cast<double>(below) / total;
        }
        return {k, coverage};
    }
    const double sd = std::sqrt(static_cast<double>(n) * (n + 1.0) * (2.0 * n + 1.0) / 24.0);
    const double k = std::floor(m / 2.0 - normal_quantile(1.0 - tail) * sd);
    if (k < 1.0)
        return {0, kNaN};
    return {static_cast<std::size_t>(k), 1.0 - 2.0 * normal_cdf((k - 0.5 - m / 2.0) / sd)};
}

} // namespace

SignedRank wilcoxon_signed_rank(std::span<const double> differences)
{
    SignedRank r;
    std::vector<double> nonzero;
    for (double d : differences)
        if (d == 0.0)
            ++r.zeros;
        else
            nonzero.push_back(d);
    r.n = nonzero.size();
    if (nonzero.empty())
        return r;
    const SignedRanks s = signed_ranks(nonzero);
    r.v = static_cast<double>(s.doubled_v) / 2.0;
    r.ties = s.tie_term > 0.0;
    if (r.n <= kSignedRankExactMaxN) {
        r.method = SignedRank::Method::exact;
        r.p_value = signed_rank_exact_p(s);
    } else {
        r.method = SignedRank::Method::normal;
        signed_rank_normal(r, s.tie_term);
    }
    return r;
}

ShiftEstimate hodges_lehmann(std::span<const double> differences, double confidence)
{
    ShiftEstimate e;
    const std::size_t n = differences.size();
    if (n == 0 || !(confidence > 0.0 && confidence < 1.0))
        return e;
    std::vector<double> walsh;
    walsh.reserve(n * (n + 1) / 2);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i; j < n; ++j)
            walsh.push_back((differences[i] + differences[j]) / 2.0);
    std::sort(walsh.begin(), walsh.end());
    e.estimate = quantile_sorted(walsh, 0.5);
    bool exact = false;
    const auto [k, coverage] = walsh_rank(n, confidence, exact);
    const std::size_t m = walsh.size();
    e.ci.exact = exact;
    e.ci.reached = k > 0;
    e.ci.lower_rank = k > 0 ? k : 1;
    e.ci.upper_rank = m + 1 - e.ci.lower_rank;
    e.ci.low = walsh[e.ci.lower_rank - 1];
    e.ci.high = walsh[e.ci.upper_rank - 1];
    e.ci.confidence = coverage;
    return e;
}

void RunningStats::push(double x)
{
    min_ = n_ == 0 ? x : std::min(min_, x);
    max_ = n_ == 0 ? x : std::max(max_, x);
    ++n_;
    const double delta = x - mean_;
    mean_ += delta / static_cast<double>(n_);
    m2_ += delta * (x - mean_);
}

void RunningStats::merge(const RunningStats &other)
{
    if (other.n_ == 0)
        return;
    if (n_ == 0) {
        *this = other;
        return;
    }
    const double na = static_cast<double>(n_), nb = static_cast<double>(other.n_), n = na + nb;
    const double delta = other.mean_ - mean_;
    mean_ += delta * nb / n;
    m2_ += other.m2_ + delta * delta * na * nb / n;
    n_ += other.n_;
    min_ = std::min(min_, other.min_);
    max_ = std::max(max_, other.max_);
}

double RunningStats::mean() const { return n_ == 0 ? kNaN : mean_; }

double RunningStats::variance() const { return n_ < 2 ? kNaN : m2_ / static_cast<double>(n_ - 1); }

double RunningStats::stddev() const { return std::sqrt(variance()); }

double RunningStats::min() const { return n_ == 0 ? kNaN : min_; }

double RunningStats::max() const { return n_ == 0 ? kNaN : max_; }

namespace {

// P(X <= k) for X ~ Bin(n, p), summed in log space (n in the thousands at most here).
double binomial_cdf(std::size_t k, std::size_t n, double p)
{
    if (p <= 0)
        return 1;
    if (p >= 1)
        return k >= n ? 1 : 0;
    const double lp = std::log(p), lq = std::log1p(-p), ln = std::lgamma(static_cast<double>(n) + 1);
    double sum = 0;
    for (std::size_t j = 0; j <= k && j <= n; ++j)
        sum += std::exp(ln - std::lgamma(static_cast<double>(j) + 1) - std::lgamma(static_cast<double>(n - j) + 1) +
                        static_cast<double>(j) * lp + static_cast<double>(n - j) * lq);
    return std::min(1.0, sum);
}

// The p in [0, 1] where the decreasing function f(p) crosses `target`, by bisection.
template <class F>
double crossing(F f, double target)
{
    double lo = 0, hi = 1;
    for (int i = 0; i < 200 && hi - lo > 1e-12; ++i) {
        const double mid = (lo + hi) / 2;
        (f(mid) > target ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

} // namespace

Interval clopper_pearson(std::size_t k, std::size_t n, double confidence)
{
    Interval ci;
    if (n == 0 || k > n)
        return ci;
    const double tail = (1 - confidence) / 2;
    // P(X >= k | p) = 1 - P(X <= k - 1 | p) grows with p; P(X <= k | p) falls with it.
    ci.low = k == 0 ? 0 : crossing([&](double p) { return binomial_cdf(k - 1, n, p); }, 1 - tail);
    ci.high = k == n ? 1 : crossing([&](double p) { return binomial_cdf(k, n, p); }, tail);
    ci.confidence = confidence;
    ci.exact = true;
    ci.reached = true;
    return ci;
}

} // namespace kexbench::stats
