// SPDX-License-Identifier: GPL-3.0-or-later
// Tukey's fences on sorted samples (ui/models/tukeyfences.h), which the
// Distributions page uses so as not to sort again: the samples outside them
// must be exactly those stats::tukey_outliers flags.
#include "models/tukeyfences.h"

#include "core/analysis/stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace kexbench;
using namespace kexbench::ui;

namespace {

void expectSameAsTukeyOutliers(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    const SortedFences f = tukeyFencesSorted(samples);
    const std::vector<bool> flags = stats::tukey_outliers(samples);
    for (std::size_t i = 0; i < samples.size(); ++i)
        EXPECT_EQ(flags[i], i < f.firstIn || i >= f.endIn) << "sample " << i << " = " << samples[i];
}

} // namespace

TEST(TukeyFencesSorted, OutsideTheFencesIsWhatTukeyOutliersFlags)
{
    expectSameAsTukeyOutliers({1, 2, 3, 4, 5, 6, 7, 8, 9, 100});
    expectSameAsTukeyOutliers({-50, 10, 10, 11, 11, 12, 12, 12, 13, 500, 501});
    expectSameAsTukeyOutliers({5, 5, 5, 5});
    expectSameAsTukeyOutliers({42});
}

TEST(TukeyFencesSorted, FencesAreOneAndAHalfIqrBeyondTheQuartiles)
{
    const std::vector<double> sorted{1, 2, 3, 4, 5, 6, 7, 8, 9, 100};
    const SortedFences f = tukeyFencesSorted(sorted);
    EXPECT_DOUBLE_EQ(f.q1, stats::quantile_sorted(sorted, 0.25));
    EXPECT_DOUBLE_EQ(f.q3, stats::quantile_sorted(sorted, 0.75));
    EXPECT_DOUBLE_EQ(f.low, f.q1 - 1.5 * (f.q3 - f.q1));
    EXPECT_DOUBLE_EQ(f.high, f.q3 + 1.5 * (f.q3 - f.q1));
    EXPECT_EQ(f.firstIn, 0u);
    EXPECT_EQ(f.endIn, 9u); // 100 is the one high outlier
}
