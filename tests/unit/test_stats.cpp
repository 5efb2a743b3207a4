// SPDX-License-Identifier: GPL-3.0-or-later
// Tests for core/stats. Reference values are independent of the code under test:
//  - hand arithmetic (shown next to the value) for quantiles, MAD, histograms;
//  - exact rational arithmetic in a scratch pure-Python script (fractions.Fraction,
//    math.comb; not in the repo) for binomial median-CI ranks and coverages, and
//    for exact Mann-Whitney p-values by brute-force enumeration of every rank
//    assignment (itertools.combinations) and, for n = 20, a memoized recursion
//    on the *smallest* pooled value (the C++ recurses on the largest);
//  - Python's statistics.NormalDist (CPython's port of Wichura's AS241) for
//    normal quantiles and the tie-corrected normal-approximation p-values;
//  - published R outputs where they exist (?wilcox.test examples).
#include "core/analysis/stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

using namespace kexbench::stats;

namespace {

std::vector<double> iota_vec(std::size_t n, double first = 1.0)
{
    std::vector<double> v(n);
    std::iota(v.begin(), v.end(), first);
    return v;
}

// 1..100 in scrambled order: i -> 37 i mod 101 permutes 1..100 (101 is prime).
std::vector<double> scrambled_1_to_100()
{
    std::vector<double> v;
    for (int i = 1; i <= 100; ++i)
        v.push_back(static_cast<double>((37 * i) % 101));
    return v;
}

// Deterministic pseudo-random data (no <random>: its distributions differ between
// standard libraries, and the aarch64 run must see the same numbers).
std::vector<double> lcg_samples(std::size_t n)
{
    std::uint64_t s = 0x9E3779B97F4A7C15ull;
    std::vector<double> v(n);
    for (double &x : v) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        x = 1000.0 + static_cast<double>(s >> 40) / 65536.0; // skewless, 1000 .. 1256
    }
    return v;
}

} // namespace

// ---------------------------------------------------------------- quantiles

TEST(StatsQuantile, MatchesNumpyLinearOnSmallVectors)
{
    // Type 7: h = (n-1)p, x[floor h] + frac(h) * (x[floor h + 1] - x[floor h]).
    const std::vector<double> four{4, 1, 3, 2};   // sorted 1 2 3 4
    EXPECT_DOUBLE_EQ(quantile(four, 0.25), 1.75); // h = 0.75: 1 + 0.75
    EXPECT_DOUBLE_EQ(quantile(four, 0.5), 2.5);
    EXPECT_DOUBLE_EQ(quantile(four, 0.75), 3.25); // h = 2.25: 3 + 0.25
    const auto ten = iota_vec(10);
    EXPECT_DOUBLE_EQ(quantile(ten, 0.9), 9.1); // h = 8.1: 9 + 0.1
    EXPECT_DOUBLE_EQ(quantile(ten, 0.0), 1.0);
    EXPECT_DOUBLE_EQ(quantile(ten, 1.0), 10.0);
}

TEST(StatsQuantile, EmptyAndOutOfRangeGiveNaN)
{
    EXPECT_TRUE(std::isnan(quantile(std::vector<double>{}, 0.5)));
    EXPECT_TRUE(std::isnan(median(std::vector<double>{})));
    EXPECT_TRUE(std::isnan(quantile(iota_vec(3), -0.1)));
    EXPECT_TRUE(std::isnan(quantile(iota_vec(3), 1.1)));
    EXPECT_TRUE(std::isnan(quantile(iota_vec(3), kNaN)));
    EXPECT_DOUBLE_EQ(quantile(std::vector<double>{7.0}, 0.3), 7.0);
}

// ---------------------------------------------------------------- summary

TEST(StatsSummary, TextbookVector)
{
    // 2 4 4 4 5 5 7 9: mean 5, sum of squares 32 -> sample sd sqrt(32/7).
    const std::vector<double> x{9, 2, 5, 4, 4, 7, 4, 5};
    const Summary s = summarize(x);
    EXPECT_EQ(s.n, 8u);
    EXPECT_DOUBLE_EQ(s.mean, 5.0);
    EXPECT_DOUBLE_EQ(s.stddev, 2.138089935299395); // python: math.sqrt(32/7)
    EXPECT_DOUBLE_EQ(s.min, 2.0);
    EXPECT_DOUBLE_EQ(s.max, 9.0);
    EXPECT_DOUBLE_EQ(s.median, 4.5);
    EXPECT_DOUBLE_EQ(s.q1, 4.0); // h = 1.75 between 4 and 4
    EXPECT_DOUBLE_EQ(s.q3, 5.5); // h = 5.25: 5 + 0.25 * (7 - 5)
    EXPECT_DOUBLE_EQ(s.iqr, 1.5);
    // |x - 4.5| sorted: 0.5 x5, 2.5, 2.5, 4.5 -> median 0.5
    EXPECT_DOUBLE_EQ(s.mad, 0.5);
    EXPECT_DOUBLE_EQ(s.mad_scaled, 0.5 * 1.4826);
}

TEST(StatsSummary, QuartilesOddAndEvenLikeNumpy)
{
    // n = 11: q1 h = 2.5 -> 15 + 0.5 * 21; median x[5]; q3 h = 7.5 -> 42 + 0.5 * 1.
    const Summary odd = summarize(std::vector<double>{6, 7, 15, 36, 39, 40, 41, 42, 43, 47, 49});
    EXPECT_DOUBLE_EQ(odd.q1, 25.5);
    EXPECT_DOUBLE_EQ(odd.median, 40.0);
    EXPECT_DOUBLE_EQ(odd.q3, 42.5);
    // n = 6: q1 h = 1.25 -> 15 + 0.25 * 21; median 36 + 0.5 * 3; q3 h = 3.75 -> 39 + 0.75.
    const Summary even = summarize(std::vector<double>{7, 15, 36, 39, 40, 41});
    EXPECT_DOUBLE_EQ(even.q1, 20.25);
    EXPECT_DOUBLE_EQ(even.median, 37.5);
    EXPECT_DOUBLE_EQ(even.q3, 39.75);
}

TEST(StatsSummary, MadOfKnownVector)
{
    // 1 1 2 2 4 6 9: median 2, |x - 2| = 1 1 0 0 2 4 7 -> median 1.
    const Summary s = summarize(std::vector<double>{1, 1, 2, 2, 4, 6, 9});
    EXPECT_DOUBLE_EQ(s.median, 2.0);
    EXPECT_DOUBLE_EQ(s.mad, 1.0);
    EXPECT_DOUBLE_EQ(s.mad_scaled, 1.4826);
}

TEST(StatsSummary, LargeOffsetKeepsMeanAndSpread)
{
    // Cycle counts near 1e9 differing by a few units: all values exact in double.
    const Summary s = summarize(std::vector<double>{1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4});
    EXPECT_DOUBLE_EQ(s.mean, 1e9 + 2.5);
    EXPECT_DOUBLE_EQ(s.stddev, std::sqrt(5.0 / 3.0)); // squares 2.25 + .25 + .25 + 2.25 = 5
}

TEST(StatsSummary, EmptyAndSingle)
{
    const Summary e = summarize(std::vector<double>{});
    EXPECT_EQ(e.n, 0u);
    EXPECT_TRUE(std::isnan(e.mean));
    EXPECT_TRUE(std::isnan(e.median));
    EXPECT_TRUE(std::isnan(e.mad));
    const Summary one = summarize(std::vector<double>{3.0});
    EXPECT_EQ(one.n, 1u);
    EXPECT_DOUBLE_EQ(one.mean, 3.0);
    EXPECT_DOUBLE_EQ(one.median, 3.0);
    EXPECT_DOUBLE_EQ(one.mad, 0.0);
    EXPECT_TRUE(std::isnan(one.stddev)); // n - 1 = 0
}

// ---------------------------------------------------------------- normal distribution

TEST(StatsNormal, QuantileMatchesAs241)
{
    // python3: statistics.NormalDist().inv_cdf(p)
    EXPECT_NEAR(normal_quantile(0.975), 1.9599639845400536, 1e-13);
    EXPECT_NEAR(normal_quantile(0.995), 2.5758293035489, 1e-13);
    EXPECT_NEAR(normal_quantile(0.9), 1.2815515655446008, 1e-13);
    EXPECT_NEAR(normal_quantile(0.001), -3.090232306167813, 1e-13);
    EXPECT_NEAR(normal_quantile(1e-10), -6.361340902404056, 1e-12);
    EXPECT_EQ(normal_quantile(0.5), 0.0);
    EXPECT_NEAR(normal_quantile(0.025), -normal_quantile(0.975), 1e-14); // 0.975 is not exactly 1 - 0.025
    EXPECT_EQ(normal_quantile(0.0), -INFINITY);
    EXPECT_EQ(normal_quantile(1.0), INFINITY);
    EXPECT_TRUE(std::isnan(normal_quantile(1.5)));
}

TEST(StatsNormal, CdfKnownValuesAndRoundTrip)
{
    EXPECT_NEAR(normal_cdf(1.96), 0.9750021048517795, 1e-15);    // standard table value
    EXPECT_NEAR(normal_cdf(-3.0), 0.0013498980316300946, 1e-17); // standard table value
    EXPECT_DOUBLE_EQ(normal_cdf(0.0), 0.5);
    for (double p : {1e-8, 0.01, 0.2, 0.5, 0.7, 0.99, 1 - 1e-6})
        EXPECT_NEAR(normal_cdf(normal_quantile(p)), p, 1e-14 + 1e-12 * p) << p;
}

// ---------------------------------------------------------------- median CI

TEST(StatsMedianCi, N100MatchesExactBinomialRanks)
{
    // Exact (Fraction) search: largest j with 1 - 2 P(B <= j - 1) >= 0.95, B ~ Bin(100, 1/2):
    // j = 40, k = 101 - 40 = 61, coverage 0.96479979978229513 (P(B <= 39) = 0.0176).
    const auto x = scrambled_1_to_100();
    const Interval ci = median_ci(x);
    EXPECT_EQ(ci.lower_rank, 40u);
    EXPECT_EQ(ci.upper_rank, 61u);
    EXPECT_DOUBLE_EQ(ci.low, 40.0); // the data are 1..100, so x_(r) = r
    EXPECT_DOUBLE_EQ(ci.high, 61.0);
    EXPECT_NEAR(ci.confidence, 0.96479979978229513, 1e-12);
    EXPECT_TRUE(ci.exact);
    EXPECT_TRUE(ci.reached);
    EXPECT_NEAR(relative_ci_width(ci, median(x)), 21.0 / 50.5, 1e-15);
}

TEST(StatsMedianCi, OtherLevelsAndSizesMatchExactBinomial)
{
    // Same Fraction search: n = 100 at 99% -> (37, 64), coverage 0.9933628794840739.
    const Interval c99 = median_ci(scrambled_1_to_100(), 0.99);
    EXPECT_EQ(c99.lower_rank, 37u);
    EXPECT_EQ(c99.upper_rank, 64u);
    EXPECT_NEAR(c99.confidence, 0.9933628794840739, 1e-12);
    // n = 20 -> (6, 15), coverage 0.95861053466796875; n = 10 -> (2, 9), 0.978515625.
    const Interval c20 = median_ci(iota_vec(20));
    EXPECT_EQ(c20.lower_rank, 6u);
    EXPECT_EQ(c20.upper_rank, 15u);
    EXPECT_NEAR(c20.confidence, 0.95861053466796875, 1e-12);
    const Interval c10 = median_ci(iota_vec(10));
    EXPECT_EQ(c10.lower_rank, 2u);
    EXPECT_NEAR(c10.confidence, 0.978515625, 1e-12);
    // n = 1000, the last exact size -> (469, 532), coverage 0.95370880263950186.
    const Interval c1000 = median_ci(iota_vec(1000));
    EXPECT_TRUE(c1000.exact);
    EXPECT_EQ(c1000.lower_rank, 469u);
    EXPECT_EQ(c1000.upper_rank, 532u);
    EXPECT_NEAR(c1000.confidence, 0.95370880263950186, 1e-10);
}

TEST(StatsMedianCi, LargeNUsesNormalApproximation)
{
    // n = 1001: n/2 - z sqrt(n)/2 = 469.4948 -> j = 469, k = ceil(532.505) = 533;
    // continuity-corrected coverage 0.95691102747136259 (python NormalDist;
    // the exact binomial coverage of these ranks is 0.95696476121228014).
    const Interval ci = median_ci(iota_vec(1001));
    EXPECT_FALSE(ci.exact);
    EXPECT_TRUE(ci.reached);
    EXPECT_EQ(ci.lower_rank, 469u);
    EXPECT_EQ(ci.upper_rank, 533u);
    EXPECT_NEAR(ci.confidence, 0.95691102747136259, 1e-9);
    // n = 5000: 2430.7048 -> (2430, 2571).
    const Interval big = median_ci(iota_vec(5000));
    EXPECT_EQ(big.lower_rank, 2430u);
    EXPECT_EQ(big.upper_rank, 2571u);
}

TEST(StatsMedianCi, TooFewSamplesReturnMinMaxAndAchievedLevel)
{
    // [x_(1), x_(n)] covers the median with 1 - 2 * 2^-n: 0.9375 at n = 5 < 0.95.
    const Interval c5 = median_ci(std::vector<double>{5, 3, 9, 1, 7});
    EXPECT_FALSE(c5.reached);
    EXPECT_TRUE(c5.exact);
    EXPECT_DOUBLE_EQ(c5.low, 1.0);
    EXPECT_DOUBLE_EQ(c5.high, 9.0);
    EXPECT_DOUBLE_EQ(c5.confidence, 0.9375);
    EXPECT_DOUBLE_EQ(median_ci(iota_vec(2)).confidence, 0.5);
    EXPECT_DOUBLE_EQ(median_ci(iota_vec(4)).confidence, 0.875);
    // Asking for exactly what n = 5 can give is reached; n = 6 reaches 95% (0.96875).
    EXPECT_TRUE(median_ci(iota_vec(5), 0.9375).reached);
    const Interval c6 = median_ci(iota_vec(6));
    EXPECT_TRUE(c6.reached);
    EXPECT_DOUBLE_EQ(c6.confidence, 0.96875);
    EXPECT_EQ(c6.lower_rank, 1u);
    EXPECT_EQ(c6.upper_rank, 6u);
}

TEST(StatsMedianCi, DegenerateInputs)
{
    const Interval one = median_ci(std::vector<double>{4.0});
    EXPECT_FALSE(one.reached);
    EXPECT_DOUBLE_EQ(one.low, 4.0);
    EXPECT_DOUBLE_EQ(one.high, 4.0);
    EXPECT_DOUBLE_EQ(one.confidence, 0.0);
    const Interval empty = median_ci(std::vector<double>{});
    EXPECT_FALSE(empty.reached);
    EXPECT_TRUE(std::isnan(empty.low));
    EXPECT_TRUE(std::isnan(empty.high));
    EXPECT_EQ(empty.lower_rank, 0u);
    EXPECT_TRUE(std::isnan(median_ci(iota_vec(10), 1.0).low));
    EXPECT_TRUE(std::isnan(median_ci(iota_vec(10), 0.0).low));
}

TEST(StatsMedianCi, RelativeWidth)
{
    Interval ci;
    ci.low = 90.0;
    ci.high = 110.0;
    EXPECT_DOUBLE_EQ(relative_ci_width(ci, 100.0), 0.2);
}

// ---------------------------------------------------------------- histogram

namespace {

void expect_consistent(const Histogram &h, const std::vector<double> &x)
{
    ASSERT_EQ(h.edges.size(), h.counts.size() + 1);
    const Summary s = summarize(x);
    EXPECT_EQ(h.edges.front(), s.min);
    EXPECT_EQ(h.edges.back(), s.max);
    EXPECT_EQ(std::accumulate(h.counts.begin(), h.counts.end(), std::size_t{0}), x.size());
    // Recount from the edges alone: half-open bins, the last one closed.
    std::vector<std::size_t> recount(h.counts.size(), 0);
    for (double v : x)
        for (std::size_t b = 0; b < h.counts.size(); ++b)
            if (v >= h.edges[b] && (v < h.edges[b + 1] || b + 1 == h.counts.size())) {
                ++recount[b];
                break;
            }
    EXPECT_EQ(recount, h.counts);
}

} // namespace

TEST(StatsHistogram, FreedmanDiaconisOnOneToHundred)
{
    // IQR = 75.25 - 25.75 = 49.5, width 2 * 49.5 / 100^(1/3) = 21.33, range 99
    // -> ceil(4.64) = 5 bins of 19.8: [1, 20.8) [20.8, 40.6) ... [80.2, 100].
    const auto x = iota_vec(100);
    const Histogram h = freedman_diaconis(x);
    EXPECT_FALSE(h.sturges);
    ASSERT_EQ(h.counts.size(), 5u);
    EXPECT_EQ(h.counts, (std::vector<std::size_t>{20, 20, 20, 20, 20}));
    EXPECT_NEAR(h.bin_width, 19.8, 1e-12);
    expect_consistent(h, x);
}

TEST(StatsHistogram, SturgesWhenIqrIsZero)
{
    // Sorted 1 5 5 5 5 5 5 5 9: q1 = q3 = 5. Sturges: ceil(log2 9) + 1 = 5 bins of 1.6,
    // edges 1 2.6 4.2 5.8 7.4 9.
    const std::vector<double> x{5, 5, 1, 5, 5, 9, 5, 5, 5};
    const Histogram h = freedman_diaconis(x);
    EXPECT_TRUE(h.sturges);
    EXPECT_EQ(h.counts, (std::vector<std::size_t>{1, 0, 7, 0, 1}));
    expect_consistent(h, x);
}

TEST(StatsHistogram, CapsBinsAndKeepsMaximum)
{
    auto x = iota_vec(100);
    x.push_back(1e6); // FD would want ~47000 bins
    const Histogram h = freedman_diaconis(x, 200);
    EXPECT_EQ(h.counts.size(), 200u);
    EXPECT_EQ(h.counts.back(), 1u);
    expect_consistent(h, x);
    EXPECT_EQ(freedman_diaconis(x, 0).counts.size(), 1u); // max_bins 0 is read as 1
}

TEST(StatsHistogram, EveryPseudoRandomSampleCountedOnce)
{
    const auto x = lcg_samples(10007);
    const Histogram h = freedman_diaconis(x);
    EXPECT_GT(h.counts.size(), 10u);
    EXPECT_LE(h.counts.size(), 200u);
    expect_consistent(h, x);
}

TEST(StatsHistogram, ConstantAndEmpty)
{
    const Histogram c = freedman_diaconis(std::vector<double>{3, 3, 3});
    EXPECT_EQ(c.edges, (std::vector<double>{2.5, 3.5}));
    EXPECT_EQ(c.counts, (std::vector<std::size_t>{3}));
    const Histogram e = freedman_diaconis(std::vector<double>{});
    EXPECT_TRUE(e.edges.empty());
    EXPECT_TRUE(e.counts.empty());
}

// ---------------------------------------------------------------- ECDF, Tukey

TEST(StatsEcdf, CollapsesTiesAndEndsAtOne)
{
    const auto f = ecdf(std::vector<double>{3, 1, 2, 2});
    ASSERT_EQ(f.size(), 3u);
    EXPECT_EQ(f[0], (std::pair<double, double>{1.0, 0.25}));
    EXPECT_EQ(f[1], (std::pair<double, double>{2.0, 0.75}));
    EXPECT_EQ(f[2], (std::pair<double, double>{3.0, 1.0}));
    const auto g = ecdf(lcg_samples(7777));
    EXPECT_EQ(g.back().second, 1.0); // exactly, not 0.9999...
    for (std::size_t i = 1; i < g.size(); ++i) {
        EXPECT_LT(g[i - 1].first, g[i].first);
        EXPECT_LT(g[i - 1].second, g[i].second);
    }
    EXPECT_TRUE(ecdf(std::vector<double>{}).empty());
}

TEST(StatsTukey, FlagsObviousOutliersOnly)
{
    std::vector<double> x = iota_vec(10);
    x.push_back(100.0);
    x.insert(x.begin() + 3, -50.0);
    // Sorted -50 1..10 100, n = 12: q1 h = 2.75 -> 2 + 0.75 = 2.75; q3 h = 8.25 -> 8.25;
    // fences 2.75 - 8.25 = -5.5 and 8.25 + 8.25 = 16.5.
    const auto flags = tukey_outliers(x);
    ASSERT_EQ(flags.size(), x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
        EXPECT_EQ(static_cast<bool>(flags[i]), x[i] == 100.0 || x[i] == -50.0) << x[i];
}

TEST(StatsTukey, NothingInUniformData)
{
    // 0..99: q1 = 24.75, q3 = 74.25, fences -49.5 and 148.5.
    const auto flags = tukey_outliers(iota_vec(100, 0.0));
    EXPECT_EQ(std::count(flags.begin(), flags.end(), true), 0);
    const auto lcg = tukey_outliers(lcg_samples(5000));
    EXPECT_EQ(std::count(lcg.begin(), lcg.end(), true), 0);
    EXPECT_TRUE(tukey_outliers(std::vector<double>{}).empty());
}

// ---------------------------------------------------------------- Mann-Whitney

TEST(StatsMannWhitney, ExactMatchesRDocumentationExample)
{
    // R ?wilcox.test (Hollander & Wolfe p. 110): W = 35, one-sided p = 0.1272.
    // Two-sided by brute-force enumeration of all C(15, 5) = 3003 rank sets: 764/3003.
    const std::vector<double> x{0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
    const std::vector<double> y{1.15, 0.88, 0.90, 0.74, 1.21};
    const MannWhitney r = mann_whitney_u(x, y);
    EXPECT_EQ(r.method, MannWhitney::Method::exact);
    EXPECT_FALSE(r.ties);
    EXPECT_DOUBLE_EQ(r.u_a, 35.0);
    EXPECT_DOUBLE_EQ(r.u_b, 15.0);
    EXPECT_NEAR(r.p_value, 764.0 / 3003.0, 1e-15);
    EXPECT_NEAR(r.p_value / 2, 0.1272, 5e-5);
    EXPECT_DOUBLE_EQ(r.effect_size, 0.7);
    const MannWhitney swapped = mann_whitney_u(y, x);
    EXPECT_DOUBLE_EQ(swapped.u_a, 15.0);
    EXPECT_NEAR(swapped.p_value, 764.0 / 3003.0, 1e-15);
}

TEST(StatsMannWhitney, ExactMatchesEnumeration)
{
    // Brute-force enumeration (scratch Python): complete separation 5/5 -> 2/252 = 1/126;
    // perfect interleave 1 3 5 7 9 | 2 4 6 8 10 -> U = 10, p = 29/42; 7/6 case -> U = 31, 155/858.
    const MannWhitney sep = mann_whitney_u(std::vector<double>{6, 7, 8, 9, 10}, std::vector<double>{1, 2, 3, 4, 5});
    EXPECT_DOUBLE_EQ(sep.u_a, 25.0);
    EXPECT_NEAR(sep.p_value, 1.0 / 126.0, 1e-15);
    EXPECT_DOUBLE_EQ(sep.effect_size, 1.0);
    const MannWhitney mix = mann_whitney_u(std::vector<double>{1, 3, 5, 7, 9}, std::vector<double>{2, 4, 6, 8, 10});
    EXPECT_DOUBLE_EQ(mix.u_a, 10.0);
    EXPECT_NEAR(mix.p_value, 29.0 / 42.0, 1e-15);
    const MannWhitney odd = mann_whitney_u(std::vector<double>{0.3, 1.7, 2.2, 4.1, 5.9, 6.0, 7.3},
                                           std::vector<double>{0.1, 0.9, 1.2, 2.5, 3.3, 3.8});
    EXPECT_DOUBLE_EQ(odd.u_a, 31.0);
    EXPECT_NEAR(odd.p_value, 155.0 / 858.0, 1e-15);
    // 3 vs 1, a all below b: U = 0, P(U <= 0) = 1/4, two-sided 1/2.
    EXPECT_NEAR(mann_whitney_u(std::vector<double>{1, 2, 3}, std::vector<double>{4}).p_value, 0.5, 1e-15);
}

TEST(StatsMannWhitney, ExactAtTwentyEach)
{
    // a = 4.5 .. 23.5, b = 0 .. 19: U = 280. Two-sided exact p 0.030411256038764864
    // from a memoized Python recursion on the smallest pooled value, summing C(40,20) arrangements.
    std::vector<double> a = iota_vec(20, 4.5), b = iota_vec(20, 0.0);
    const MannWhitney r = mann_whitney_u(a, b);
    EXPECT_EQ(r.method, MannWhitney::Method::exact);
    EXPECT_DOUBLE_EQ(r.u_a, 280.0);
    EXPECT_NEAR(r.p_value, 0.030411256038764864, 1e-14);
    EXPECT_NEAR(mann_whitney_u(b, a).p_value, 0.030411256038764864, 1e-14);
    a.push_back(100.5); // 21 values: past the exact limit
    EXPECT_EQ(mann_whitney_u(a, b).method, MannWhitney::Method::normal);
}

TEST(StatsMannWhitney, SmallSamplesWithTiesUseTheExactConditionalDistribution)
{
    // R ?wilcox.test depression data, unpaired: y has ties. R falls back to the normal
    // approximation there (p = 0.1329); kexbench enumerates instead. Brute force over
    // all C(18, 9) = 48620 splits of the pooled mid-ranks (scratch Python, Fractions):
    // W = 58, two-sided p = 2 x min(tail) = 1579/12155.
    const std::vector<double> x{1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
    const std::vector<double> y{0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
    const MannWhitney r = mann_whitney_u(x, y);
    EXPECT_EQ(r.method, MannWhitney::Method::exact);
    EXPECT_TRUE(r.ties);
    EXPECT_DOUBLE_EQ(r.u_a, 58.0);
    EXPECT_NEAR(r.p_value, 1579.0 / 12155.0, 1e-15);
}

TEST(StatsMannWhitney, TwoAgainstTwoTrialsNeverGoBelowOneThirdWithTies)
{
    // The smallest two-sided p of 2 vs 2 is 2 / C(4, 2) = 1/3; a tie must not push it
    // lower (the normal approximation gave 0.19 for two tied trial medians). Enumerated:
    // {5, 6} vs {6, 7}: U = 1/2, p = 2/3; {5, 5} vs {6, 7}: U = 0, p = 1/3.
    const MannWhitney one_tie = mann_whitney_u(std::vector<double>{5, 6}, std::vector<double>{6, 7});
    EXPECT_EQ(one_tie.method, MannWhitney::Method::exact);
    EXPECT_DOUBLE_EQ(one_tie.u_a, 0.5);
    EXPECT_NEAR(one_tie.p_value, 2.0 / 3.0, 1e-15);
    const MannWhitney tied_side = mann_whitney_u(std::vector<double>{5, 5}, std::vector<double>{6, 7});
    EXPECT_DOUBLE_EQ(tied_side.u_a, 0.0);
    EXPECT_NEAR(tied_side.p_value, 1.0 / 3.0, 1e-15);
    EXPECT_NEAR(mann_whitney_u(std::vector<double>{6, 7}, std::vector<double>{5, 5}).p_value, 1.0 / 3.0, 1e-15);
}

TEST(StatsMannWhitney, TiesAcrossSamplesCountHalf)
{
    // Pairwise count (1 for a > b, 1/2 for equal) in Python: U = 8.5. Exact over all
    // C(15, 7) = 6435 splits of the mid-ranks: p = 172/6435.
    const std::vector<double> a{1, 2, 2, 3, 3, 3, 4};
    const std::vector<double> b{2, 3, 4, 4, 5, 5, 6, 7};
    const MannWhitney r = mann_whitney_u(a, b);
    EXPECT_TRUE(r.ties);
    EXPECT_EQ(r.method, MannWhitney::Method::exact);
    EXPECT_DOUBLE_EQ(r.u_a, 8.5);
    EXPECT_DOUBLE_EQ(r.u_b, 47.5);
    EXPECT_NEAR(r.p_value, 172.0 / 6435.0, 1e-15);
    EXPECT_DOUBLE_EQ(r.effect_size, 8.5 / 56.0);
}

TEST(StatsMannWhitney, LargeSamplesWithTiesUseTheCorrectedNormalApproximation)
{
    // a = floor(i / 2) for i < 25, b = floor(i / 2) + 3 for i < 22: past the exact limit.
    // Python with the tie-corrected variance n1 n2 / 12 (N + 1 - sum(t^3 - t) / (N (N - 1)))
    // and continuity correction: U = 181, z = -1.9990982383857627, p = 0.04559772570629107.
    std::vector<double> a, b;
    for (int i = 0; i < 25; ++i)
        a.push_back(i / 2);
    for (int i = 0; i < 22; ++i)
        b.push_back(i / 2 + 3);
    const MannWhitney r = mann_whitney_u(a, b);
    EXPECT_EQ(r.method, MannWhitney::Method::normal);
    EXPECT_TRUE(r.ties);
    EXPECT_DOUBLE_EQ(r.u_a, 181.0);
    EXPECT_NEAR(r.z, -1.9990982383857627, 1e-12);
    EXPECT_NEAR(r.p_value, 0.04559772570629107, 1e-12);
}

TEST(StatsMannWhitney, SameDistributionLargePShiftedTinyP)
{
    // 0 2 4 .. 58 vs 1 3 5 .. 59: U = 435, p = 0.8302552839111963 (python, no ties).
    std::vector<double> even, odd;
    for (int i = 0; i < 30; ++i) {
        even.push_back(2.0 * i);
        odd.push_back(2.0 * i + 1);
    }
    const MannWhitney same = mann_whitney_u(even, odd);
    EXPECT_EQ(same.method, MannWhitney::Method::normal);
    EXPECT_DOUBLE_EQ(same.u_a, 435.0);
    EXPECT_NEAR(same.p_value, 0.8302552839111963, 1e-12);
    // 0..29 vs 100..129: U = 0, z = -6.64559922588161 (python), p = 2 Phi(z) =
    // 3.01985935916214978e-11 from a 60-digit decimal Taylor series of erf (NormalDist.cdf
    // goes through 1 + erf and loses six digits this far out).
    const MannWhitney shifted = mann_whitney_u(iota_vec(30, 0.0), iota_vec(30, 100.0));
    EXPECT_DOUBLE_EQ(shifted.u_a, 0.0);
    EXPECT_NEAR(shifted.z, -6.64559922588161, 1e-10);
    EXPECT_NEAR(shifted.p_value, 3.01985935916214978e-11, 1e-24);
    EXPECT_DOUBLE_EQ(shifted.effect_size, 0.0);
}

TEST(StatsMannWhitney, UaPlusUbIsN1N2)
{
    const auto x = lcg_samples(57);
    const std::vector<std::pair<std::vector<double>, std::vector<double>>> cases{
        {{1, 2, 3}, {2, 3, 4, 5}},
        {std::vector<double>(x.begin(), x.begin() + 25), std::vector<double>(x.begin() + 25, x.end())},
        {iota_vec(20), iota_vec(15, 3.5)},
    };
    for (const auto &[a, b] : cases) {
        const MannWhitney r = mann_whitney_u(a, b);
        const MannWhitney s = mann_whitney_u(b, a);
        EXPECT_DOUBLE_EQ(r.u_a + r.u_b, static_cast<double>(a.size() * b.size()));
        EXPECT_DOUBLE_EQ(r.u_a, s.u_b);
        EXPECT_NEAR(r.p_value, s.p_value, 1e-15);
        EXPECT_GE(r.p_value, 0.0);
        EXPECT_LE(r.p_value, 1.0);
    }
}

TEST(StatsMannWhitney, DegenerateInputs)
{
    const MannWhitney equal = mann_whitney_u(std::vector<double>{5, 5, 5, 5}, std::vector<double>{5, 5, 5});
    EXPECT_EQ(equal.method, MannWhitney::Method::exact); // every split has the same rank sum
    EXPECT_TRUE(equal.ties);
    EXPECT_DOUBLE_EQ(equal.u_a, 6.0);
    EXPECT_DOUBLE_EQ(equal.p_value, 1.0);
    const MannWhitney empty = mann_whitney_u(std::vector<double>{}, std::vector<double>{1, 2});
    EXPECT_EQ(empty.method, MannWhitney::Method::none);
    EXPECT_EQ(empty.n2, 2u);
    EXPECT_TRUE(std::isnan(empty.u_a));
    EXPECT_TRUE(std::isnan(empty.p_value));
}

// ---------------------------------------------------------------- running stats, inputs

TEST(StatsRunning, WelfordMatchesSummaryAndMerges)
{
    const std::vector<double> x{9, 2, 5, 4, 4, 7, 4, 5};
    RunningStats all, left, right;
    for (std::size_t i = 0; i < x.size(); ++i) {
        all.push(x[i]);
        (i < 3 ? left : right).push(x[i]);
    }
    EXPECT_EQ(all.count(), 8u);
    EXPECT_DOUBLE_EQ(all.mean(), 5.0);
    EXPECT_DOUBLE_EQ(all.variance(), 32.0 / 7.0);
    EXPECT_DOUBLE_EQ(all.min(), 2.0);
    EXPECT_DOUBLE_EQ(all.max(), 9.0);
    left.merge(right);
    EXPECT_EQ(left.count(), 8u);
    EXPECT_DOUBLE_EQ(left.mean(), 5.0);
    EXPECT_DOUBLE_EQ(left.variance(), 32.0 / 7.0);
    EXPECT_DOUBLE_EQ(left.min(), 2.0);
    EXPECT_DOUBLE_EQ(left.max(), 9.0);
    RunningStats empty;
    EXPECT_TRUE(std::isnan(empty.mean()));
    EXPECT_TRUE(std::isnan(empty.variance()));
    empty.merge(all);
    EXPECT_DOUBLE_EQ(empty.stddev(), all.stddev());
}

TEST(StatsInputs, CallerDataIsNeverReordered)
{
    const std::vector<double> a{5, 3, 9, 1, 7, 3, 2, 8, 6, 4};
    const std::vector<double> b{2, 9, 1, 4, 4, 0};
    const std::vector<double> a0 = a, b0 = b;
    (void)summarize(a);
    (void)quantile(a, 0.3);
    (void)median(a);
    (void)median_ci(a);
    (void)freedman_diaconis(a);
    (void)ecdf(a);
    (void)tukey_outliers(a);
    (void)mann_whitney_u(a, b);
    EXPECT_EQ(a, a0);
    EXPECT_EQ(b, b0);
}

TEST(StatsInputs, NaNSamplesDoNotCrash)
{
    // Meaningless results are fine; undefined behaviour (a NaN in std::sort) is not.
    const std::vector<double> x{3, kNaN, 1, 2, kNaN, 5};
    EXPECT_EQ(summarize(x).n, 6u);
    EXPECT_EQ(ecdf(x).back().second, 1.0);
    EXPECT_EQ(tukey_outliers(x).size(), 6u);
    const Histogram h = freedman_diaconis(x);
    EXPECT_EQ(std::accumulate(h.counts.begin(), h.counts.end(), std::size_t{0}), 6u);
    (void)median_ci(x);
    (void)mann_whitney_u(x, x);
}

// ---------------------------------------------------------------- paired differences (issue 34)

// R's wilcox.test(x, y, paired = TRUE) example (depression scores, Hollander &
// Wolfe): V = 40, two-sided p = 0.03906 (= 2 * 10 / 512, exact). The
// Hodges-Lehmann interval takes k = qsignrank(0.025, 9) = 6: [W_(6), W_(40)].
TEST(SignedRank, KnownPairedExample)
{
    const std::vector<double> d = {0.952, -0.147, 1.022, 0.43, 0.62, 0.59, 0.49, -0.08, 0.01};
    const auto t = wilcoxon_signed_rank(d);
    EXPECT_EQ(t.method, SignedRank::Method::exact);
    EXPECT_EQ(t.n, 9u);
    EXPECT_EQ(t.zeros, 0u);
    EXPECT_FALSE(t.ties);
    EXPECT_DOUBLE_EQ(t.v, 40.0);
    EXPECT_DOUBLE_EQ(t.p_value, 20.0 / 512.0);

    const auto hl = hodges_lehmann(d);
    EXPECT_NEAR(hl.estimate, 0.46, 1e-12);
    EXPECT_TRUE(hl.ci.reached);
    EXPECT_TRUE(hl.ci.exact);
    EXPECT_EQ(hl.ci.lower_rank, 6u);
    EXPECT_EQ(hl.ci.upper_rank, 40u);
    EXPECT_NEAR(hl.ci.low, 0.01, 1e-12);
    EXPECT_NEAR(hl.ci.high, 0.786, 1e-12);
    EXPECT_DOUBLE_EQ(hl.ci.confidence, 1.0 - 2.0 * 10.0 / 512.0);
}

// Zeros are left out of the test, tied |d| share mid-ranks, and p comes from
// the permutation distribution of those mid-ranks: of the 512 sign patterns,
// 21 give V >= 38 (found by enumerating them all), so p = 2 * 21 / 512.
TEST(SignedRank, ZerosAreDroppedAndTiesShareMidRanks)
{
    const std::vector<double> d = {1, 1, -1, 2, 2, 3, 0, 4, -2, 5};
    const auto t = wilcoxon_signed_rank(d);
    EXPECT_EQ(t.method, SignedRank::Method::exact);
    EXPECT_EQ(t.zeros, 1u);
    EXPECT_EQ(t.n, 9u);
    EXPECT_TRUE(t.ties);
    EXPECT_DOUBLE_EQ(t.v, 38.0);
    EXPECT_DOUBLE_EQ(t.p_value, 42.0 / 512.0);
}

// Five pairs cannot reach 95 %: the interval is every Walsh average, marked not
// reached, with its true coverage 1 - 2^-4; the test's smallest p is 2 / 32.
TEST(SignedRank, FivePairsCannotReachNinetyFivePercent)
{
    const std::vector<double> d = {0.3, 0.1, 0.5, 0.2, 0.4};
    const auto hl = hodges_lehmann(d);
    EXPECT_FALSE(hl.ci.reached);
    EXPECT_DOUBLE_EQ(hl.ci.low, 0.1);
    EXPECT_DOUBLE_EQ(hl.ci.high, 0.5);
    EXPECT_DOUBLE_EQ(hl.ci.confidence, 1.0 - 1.0 / 16.0);
    EXPECT_DOUBLE_EQ(hl.estimate, 0.3);
    EXPECT_DOUBLE_EQ(wilcoxon_signed_rank(d).p_value, 2.0 / 32.0);
}

// The interval and the test are one statistic: without ties or zeros the 95 %
// interval excludes 0 exactly when p <= 0.05, for every n from 6 to 40.
TEST(SignedRank, IntervalExcludesZeroExactlyWhenTheTestRejects)
{
    std::mt19937_64 rng(34);
    std::normal_distribution<double> noise(0.0, 1.0);
    int rejected = 0, kept = 0;
    for (std::size_t n = 6; n <= 40; ++n)
        for (double shift : {0.0, 0.3, 0.8}) {
            std::vector<double> d(n);
            for (double &x : d)
                x = shift + noise(rng);
            const auto t = wilcoxon_signed_rank(d);
            const auto hl = hodges_lehmann(d);
            ASSERT_TRUE(hl.ci.reached) << n;
            const bool excludes = hl.ci.low > 0.0 || hl.ci.high < 0.0;
            EXPECT_EQ(excludes, t.p_value <= 0.05)
                << "n " << n << ", p " << t.p_value << ", ci [" << hl.ci.low << ", " << hl.ci.high << "]";
            EXPECT_GE(hl.ci.confidence, 0.95);
            EXPECT_LE(hl.ci.low, hl.estimate);
            EXPECT_GE(hl.ci.high, hl.estimate);
            (excludes ? rejected : kept)++;
        }
    EXPECT_GT(rejected, 10); // both outcomes were seen
    EXPECT_GT(kept, 10);
}

// Beyond 50 pairs: the normal approximation. Symmetric differences give V = n(n+1)/4,
// p = 1 and a centre of 0 inside its interval; a clear shift is found.
TEST(SignedRank, ManyPairsUseTheNormalApproximation)
{
    std::vector<double> symmetric;
    for (int i = 1; i <= 30; ++i) {
        symmetric.push_back(i);
        symmetric.push_back(-i - 0.5);
    }
    const auto t = wilcoxon_signed_rank(symmetric);
    EXPECT_EQ(t.method, SignedRank::Method::normal);
    EXPECT_EQ(t.n, 60u);
    EXPECT_GT(t.p_value, 0.5);
    const auto hl = hodges_lehmann(symmetric);
    EXPECT_FALSE(hl.ci.exact);
    EXPECT_TRUE(hl.ci.reached);
    EXPECT_LT(hl.ci.low, 0.0);
    EXPECT_GT(hl.ci.high, 0.0);

    std::vector<double> shifted;
    for (int i = 1; i <= 60; ++i)
        shifted.push_back(1.0 + 0.01 * i);
    const auto s = wilcoxon_signed_rank(shifted);
    EXPECT_EQ(s.method, SignedRank::Method::normal);
    EXPECT_DOUBLE_EQ(s.v, 60.0 * 61.0 / 2.0);
    EXPECT_LT(s.p_value, 1e-10);
    EXPECT_GT(hodges_lehmann(shifted).ci.low, 1.0);
}

TEST(SignedRank, EmptyOrAllZeroGivesNoTest)
{
    EXPECT_EQ(wilcoxon_signed_rank(std::vector<double>{}).method, SignedRank::Method::none);
    const auto zeros = wilcoxon_signed_rank(std::vector<double>{0.0, 0.0});
    EXPECT_EQ(zeros.method, SignedRank::Method::none);
    EXPECT_EQ(zeros.zeros, 2u);
    EXPECT_TRUE(std::isnan(zeros.p_value));
    EXPECT_TRUE(std::isnan(hodges_lehmann(std::vector<double>{}).estimate));
}

// Issue 34: the verdict self-check's rates carry Clopper-Pearson intervals.
// Known values (the textbook 0/10 and 5/10, and the beta quantiles for the others).
TEST(ClopperPearson, KnownIntervals)
{
    struct Case {
        std::size_t k, n;
        double low, high;
    };
    for (const Case &c :
         {Case{0, 10, 0, 0.308497}, Case{5, 10, 0.187086, 0.812914}, Case{2, 40, 0.006114, 0.169197},
          Case{38, 40, 0.830803, 0.993886}, Case{40, 40, 0.911903, 1}, Case{1, 24, 0.001054, 0.211202}}) {
        const Interval ci = clopper_pearson(c.k, c.n, 0.95);
        EXPECT_TRUE(ci.reached && ci.exact);
        EXPECT_NEAR(ci.low, c.low, 1e-6) << c.k << "/" << c.n;
        EXPECT_NEAR(ci.high, c.high, 1e-6) << c.k << "/" << c.n;
    }
    EXPECT_FALSE(clopper_pearson(0, 0).reached);
    // A wider level gives a wider interval around the same count.
    const auto c90 = clopper_pearson(3, 30, 0.90), c99 = clopper_pearson(3, 30, 0.99);
    EXPECT_LT(c99.low, c90.low);
    EXPECT_GT(c99.high, c90.high);
}
