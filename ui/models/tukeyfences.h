// SPDX-License-Identifier: GPL-3.0-or-later
// Tukey's fences on samples that are already sorted: the rule of
// stats::tukey_outliers (core/analysis/stats.h) without sorting a copy again,
// for the Distributions page, which keeps its samples sorted. No Qt: it belongs
// in core/analysis next to tukey_outliers and waits here only because core was
// being edited elsewhere when it was split out of computeDistribution.
#pragma once

#include <cstddef>
#include <span>

namespace kexbench::ui {

struct SortedFences {
    double q1 = 0, q3 = 0;    // the quartiles (stats::quantile_sorted)
    double low = 0, high = 0; // q1 - k IQR, q3 + k IQR
    std::size_t firstIn = 0;  // index of the first sample >= low
    std::size_t endIn = 0;    // one past the last sample <= high
};

// `sorted` ascending and not empty. Outliers are the prefix [0, firstIn) and
// the suffix [endIn, size): the same samples tukey_outliers flags.
SortedFences tukeyFencesSorted(std::span<const double> sorted, double k = 1.5);

} // namespace kexbench::ui
