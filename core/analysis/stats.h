// SPDX-License-Identifier: GPL-3.0-or-later
// Descriptive and robust statistics over per-iteration samples (cycles, ns).
// Benchmark timings are skewed and heavy-tailed, so the robust tools (median,
// MAD, order-statistic CI, rank test) matter more than mean/stddev here.
//
// Conventions shared by every function:
//  - Samples are read through std::span<const double> (a const std::vector<double>&
//    converts implicitly); the caller's data is never reordered: functions that
//    need order statistics sort a private copy.
//  - Empty input is never undefined behaviour: scalars come back NaN, containers
//    empty, and the struct fields say so (documented per function).
//  - Quantiles are R type 7 / numpy's default "linear": for sorted x[0..n-1] and
//    h = (n-1)p, Q(p) = x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]).
//  - NaN samples do not cause UB (they sort after every number) but make the
//    results meaningless; callers should not pass them.
#pragma once

#include "core/base/quantile.h" // quantile, quantile_sorted, median, sorted_copy, kNaN

#include <cstddef>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace kexbench::stats {

// MAD * 1.4826 estimates sigma for normal data (1 / Phi^-1(3/4)).
inline constexpr double kMadToSigma = 1.4826;

// Standard normal CDF as erfc(-x / sqrt 2) / 2: no 1 + erf cancellation, so the
// lower tail keeps full relative precision for tiny p-values.
double normal_cdf(double x);
// Standard normal quantile (inverse CDF): Acklam's rational approximation
// (relative error < 1.2e-9) polished by one Halley step against normal_cdf.
// p outside (0, 1) gives -inf at 0, +inf at 1, NaN otherwise.
double normal_quantile(double p);

struct Summary {
    std::size_t n = 0;
    double mean = kNaN;
    double median = kNaN;
    double min = kNaN;
    double max = kNaN;
    double stddev = kNaN; // sample (n - 1) standard deviation; NaN when n < 2
    double q1 = kNaN;     // type-7 quartiles
    double q3 = kNaN;
    double iqr = kNaN;        // q3 - q1
    double mad = kNaN;        // raw median absolute deviation: median |x - median|
    double mad_scaled = kNaN; // mad * kMadToSigma
};
// All fields NaN (n = 0) for empty input.
Summary summarize(std::span<const double> samples);

struct Interval {
    double low = kNaN;
    double high = kNaN;
    double confidence = kNaN;   // achieved coverage (>= the requested level when reached)
    bool exact = false;         // coverage from the exact binomial (false: normal approximation)
    bool reached = false;       // false: even [min, max] cannot reach the requested level
    std::size_t lower_rank = 0; // 1-based order statistics: low = x_(lower_rank)
    std::size_t upper_rank = 0; //                           high = x_(upper_rank)
};
// Largest n for which median_ci sums the binomial exactly.
inline constexpr std::size_t kMedianCiExactMaxN = 1000;
// Distribution-free CI of the median: [x_(j), x_(k)] with k = n + 1 - j and j the
// largest rank with P(j <= B < k) >= confidence, B ~ Bin(n, 1/2). n <= 1000: exact
// binomial tail in log space; larger n: j = floor(n/2 - z sqrt(n)/2),
// k = ceil(1 + n/2 + z sqrt(n)/2), coverage from the normal approximation.
// When [min, max] is not enough (n < 6 at 95%) returns it with reached = false
// and its coverage 1 - 2^(1-n). Empty input or confidence outside (0, 1):
// NaN bounds, ranks 0, reached = false.
Interval median_ci(std::span<const double> samples, double confidence = 0.95);

// (high - low) / median; IEEE semantics when median is 0 (inf or NaN).
double relative_ci_width(const Interval &ci, double median);

struct Histogram {
    std::vector<double> edges;       // bins + 1 ascending edges from min to max (all-equal input: below)
    std::vector<std::size_t> counts; // samples in [edges[i], edges[i+1]); the last bin is closed
    double bin_width = kNaN;
    bool sturges = false; // IQR was 0, so Sturges' rule chose the bin count
};
// Freedman-Diaconis: width 2 IQR n^(-1/3), bins = ceil(range / width), capped at
// max_bins (>= 1); IQR 0 falls back to Sturges (ceil(log2 n) + 1 bins). Every
// sample lands in exactly one bin. All samples equal: one bin [x - 0.5, x + 0.5]
// (as numpy does). Empty input: empty edges and counts.
Histogram freedman_diaconis(std::span<const double> samples, std::size_t max_bins = 200);

// Empirical CDF: ascending unique x with the fraction of samples <= x; the last
// fraction is exactly 1.0. Empty for empty input.
std::vector<std::pair<double, double>> ecdf(std::span<const double> samples);

// Tukey fences: flags[i] = samples[i] < q1 - k IQR or > q3 + k IQR. Empty for empty input.
std::vector<bool> tukey_outliers(std::span<const double> samples, double k = 1.5);

struct MannWhitney {
    enum class Method { none, exact, normal };
    std::size_t n1 = 0;
    std::size_t n2 = 0;
    double u_a = kNaN;         // #(a_i > b_j) + #(a_i == b_j)/2 (R's W for wilcox.test(a, b))
    double u_b = kNaN;         // n1 n2 - u_a
    double p_value = kNaN;     // two-sided
    double z = kNaN;           // continuity- and tie-corrected z (normal method only)
    double effect_size = kNaN; // probability of superiority u_a / (n1 n2): P(A > B) + P(A = B)/2
    bool ties = false;         // any value shared between or within the samples
    Method method = Method::none;
};
// Both samples at most this size: exact null distribution of U, conditional on the ties.
inline constexpr std::size_t kMannWhitneyExactMaxN = 20;
// Two-sided Mann-Whitney U (Wilcoxon rank-sum) test of a against b. Exact p
// (min(1, 2 * the smaller tail), R's without ties) when n1, n2 <= 20, from the
// permutation distribution of the mid-rank sum when there are ties; otherwise the
// normal approximation with tie and continuity correction. All values equal:
// p = 1 (z = 0 on the normal path). Either sample empty: method none, NaN fields.
MannWhitney mann_whitney_u(std::span<const double> a, std::span<const double> b);

struct SignedRank {
    enum class Method { none, exact, normal };
    std::size_t n = 0;     // non-zero differences: the ones ranked
    std::size_t zeros = 0; // differences of exactly 0, left out (Wilcoxon's rule, as R does)
    double v = kNaN;       // sum of the ranks of |d| over the positive d (R's V), mid-ranks for ties
    double p_value = kNaN; // two-sided
    double z = kNaN;       // continuity- and tie-corrected z (normal method only)
    bool ties = false;     // two |d| equal
    Method method = Method::none;
};
// Up to this many non-zero differences: exact null distribution of V (2^n sign
// patterns, conditional on the tie pattern): counts up to 2^50, exact in uint64.
inline constexpr std::size_t kSignedRankExactMaxN = 50;
// Two-sided Wilcoxon signed-rank test that the differences d are centred on 0:
// twice the smaller tail of V's permutation distribution, capped at 1 (exact
// up to 50 differences, ties included), else the normal approximation with tie
// and continuity correction. No non-zero difference: method none, p NaN.
SignedRank wilcoxon_signed_rank(std::span<const double> differences);

struct ShiftEstimate {
    double estimate = kNaN; // Hodges-Lehmann: the median of the n(n+1)/2 Walsh averages (d_i + d_j) / 2, i <= j
    Interval ci;            // [W_(k), W_(M+1-k)] of the sorted Walsh averages, ranks into them
};
// The Hodges-Lehmann centre of paired differences and its distribution-free
// interval from the signed-rank null distribution (Tukey's construction): k - 1
// is the largest v with P(V <= v) <= (1 - confidence) / 2 over the 2^n sign
// patterns (n <= 50, without ties; the normal approximation beyond), so the
// interval excludes 0 exactly when the exact test rejects at that level (for
// differences without ties or zeros). When no k exists (n < 6 at 95 %) it is [min, max] of the Walsh averages
// with reached = false and coverage 1 - 2^(1-n). Empty input: NaN fields.
ShiftEstimate hodges_lehmann(std::span<const double> differences, double confidence = 0.95);

// The Clopper-Pearson ("exact") interval of a binomial proportion: k successes
// in n trials, [L, U] with P(X >= k | L) = P(X <= k | U) = (1 - confidence) / 2
// (L = 0 when k = 0, U = 1 when k = n). Its coverage is at least `confidence`
// for every true proportion. n = 0: not reached. `exact` is true.
Interval clopper_pearson(std::size_t k, std::size_t n, double confidence = 0.95);

// Welford's online mean/variance: one pass, no sample storage, numerically stable.
class RunningStats {
public:
    void push(double x);
    // Chan et al.'s pairwise combination, so per-thread accumulators can be merged.
    void merge(const RunningStats &other);
    std::size_t count() const { return n_; }
    double mean() const;     // NaN when empty
    double variance() const; // sample (n - 1) variance; NaN when n < 2
    double stddev() const;
    double min() const; // NaN when empty
    double max() const;

private:
    std::size_t n_ = 0;
    double mean_ = 0.0;
    double m2_ = 0.0; // sum of squared deviations from the running mean
    double min_ = 0.0;
    double max_ = 0.0;
};

} // namespace kexbench::stats
