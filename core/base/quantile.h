// SPDX-License-Identifier: GPL-3.0-or-later
// The one median and its quantiles (R type 7), below every layer that needs
// them: records compute the harness's median of trial means with it (data),
// the statistics of core/analysis/stats.h build on it. For even n the median
// is the mean of the two middle values, as Python's statistics.median.
#pragma once

#include <cmath>
#include <limits>
#include <span>
#include <vector>

namespace kexbench::stats {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Strict weak order with NaN after every number: std::sort with plain < is UB
// once a NaN is present, and a stray NaN must not crash a benchmark report.
inline bool nan_last_less(double a, double b) { return !std::isnan(a) && (std::isnan(b) || a < b); }

// Ascending copy; NaNs (which make every result meaningless, but must not be
// undefined behaviour) sort after every number.
std::vector<double> sorted_copy(std::span<const double> samples);

// Type-7 quantile, p in [0, 1]. NaN for empty input or p outside [0, 1].
double quantile(std::span<const double> samples, double p);
// Same on data the caller has already sorted ascending (no copy).
double quantile_sorted(std::span<const double> sorted, double p);
// Median (type-7 quantile at 0.5). NaN for empty input.
double median(std::span<const double> samples);

} // namespace kexbench::stats
