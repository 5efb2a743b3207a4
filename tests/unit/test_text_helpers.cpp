// SPDX-License-Identifier: GPL-3.0-or-later
// The base helpers that replaced per-file copies: trimming, joining, kexbench's
// percent, the clock-reading duration of the CLI's and the Run page's ETA, the
// one median, and the one UTC time stamp.
#include "core/base/format.h"
#include "core/base/quantile.h"
#include "core/base/text.h"
#include "core/base/utc_time.h"

#include <gtest/gtest.h>

#include <regex>

using namespace kexbench;

TEST(TextHelpers, TrimAndJoin)
{
    EXPECT_EQ(trimmed("  a b\t\r\n"), "a b");
    EXPECT_EQ(trimmed("\v\f x \f"), "x");
    EXPECT_EQ(trimmed(" \t\n"), "");
    EXPECT_EQ(trimmed(""), "");
    EXPECT_EQ(joined({"a", "b", "c"}, ", "), "a, b, c");
    EXPECT_EQ(joined({"a"}, " "), "a");
    EXPECT_EQ(joined({}, " "), "");
    EXPECT_EQ(names_or_none({"x", "y"}), "x, y");
    EXPECT_EQ(names_or_none({}), "none");
}

TEST(TextHelpers, PercentAndClockDuration)
{
    EXPECT_EQ(fmt::percent(0.1234), "12.3 %");
    EXPECT_EQ(fmt::percent(0.05281, 2), "5.28 %");
    EXPECT_EQ(fmt::percent(0.8, 0), "80 %");
    EXPECT_EQ(fmt::clock_duration(-1), "--:--");
    EXPECT_EQ(fmt::clock_duration(0), "0:00");
    EXPECT_EQ(fmt::clock_duration(245.4), "4:05");
    EXPECT_EQ(fmt::clock_duration(3599.6), "1:00:00");
    EXPECT_EQ(fmt::clock_duration(3723), "1:02:03");
}

TEST(TextHelpers, OneMedianForEveryLayer)
{
    // Even n: the mean of the two middle values (Python's statistics.median, R type 7).
    EXPECT_EQ(stats::median(std::vector<double>{4, 1, 3, 2}), 2.5);
    EXPECT_EQ(stats::median(std::vector<double>{5, 1, 3}), 3.0);
    EXPECT_TRUE(std::isnan(stats::median(std::vector<double>{})));
}

TEST(TextHelpers, UtcTimeHasTheHarnessForm)
{
    EXPECT_TRUE(std::regex_match(utc_now(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00)")))
        << utc_now();
}
