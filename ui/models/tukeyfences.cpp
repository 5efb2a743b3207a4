// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/tukeyfences.h"

#include "core/analysis/stats.h"

#include <algorithm>

namespace kexbench::ui {

SortedFences tukeyFencesSorted(std::span<const double> sorted, double k)
{
    SortedFences f;
    f.q1 = stats::quantile_sorted(sorted, 0.25);
    f.q3 = stats::quantile_sorted(sorted, 0.75);
    f.low = f.q1 - k * (f.q3 - f.q1);
    f.high = f.q3 + k * (f.q3 - f.q1);
    f.firstIn = static_cast<std::size_t>(std::lower_bound(sorted.begin(), sorted.end(), f.low) - sorted.begin());
    f.endIn = static_cast<std::size_t>(std::upper_bound(sorted.begin(), sorted.end(), f.high) - sorted.begin());
    return f;
}

} // namespace kexbench::ui
