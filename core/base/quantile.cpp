// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/quantile.h"

#include <algorithm>

namespace kexbench::stats {

std::vector<double> sorted_copy(std::span<const double> samples)
{
    std::vector<double> x(samples.begin(), samples.end());
    std::sort(x.begin(), x.end(), nan_last_less);
    return x;
}

double quantile_sorted(std::span<const double> sorted, double p)
{
    if (sorted.empty() || !(p >= 0.0 && p <= 1.0))
        return kNaN;
    const double h = static_cast<double>(sorted.size() - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    if (lo + 1 >= sorted.size())
        return sorted.back();
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[lo + 1] - sorted[lo]);
}

double quantile(std::span<const double> samples, double p) { return quantile_sorted(sorted_copy(samples), p); }

double median(std::span<const double> samples) { return quantile(samples, 0.5); }

} // namespace kexbench::stats
