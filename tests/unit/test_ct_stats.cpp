// SPDX-License-Identifier: GPL-3.0-or-later
// The constant-time check's statistics (core/analysis/ct.h) on hand-made data.
#include "core/analysis/ct.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace kexbench;

TEST(CtStats, WelchTMatchesTheHandComputedValue)
{
    WelchTest w;
    for (double x : {1.0, 2.0, 3.0})
        w.add(CtClass::Fixed, x);
    for (double x : {4.0, 5.0, 6.0, 7.0, 8.0})
        w.add(CtClass::Random, x);
    // means 2 and 6, variances 1 and 2.5: t = -4 / sqrt(1/3 + 2.5/5)
    ASSERT_TRUE(w.t().has_value());
    EXPECT_NEAR(*w.t(), -4.0 / std::sqrt(1.0 / 3 + 0.5), 1e-12);
    EXPECT_EQ(w.count(CtClass::Fixed), 3u);
    EXPECT_NEAR(w.variance(CtClass::Random), 2.5, 1e-12);
}

TEST(CtStats, NoTWithoutTwoValuesPerClassOrWithoutVariance)
{
    WelchTest w;
    w.add(CtClass::Fixed, 1);
    w.add(CtClass::Random, 2);
    w.add(CtClass::Random, 3);
    EXPECT_FALSE(w.t().has_value());
    WelchTest flat;
    for (int i = 0; i < 4; ++i)
        flat.add(i % 2 ? CtClass::Random : CtClass::Fixed, 7);
    EXPECT_FALSE(flat.t().has_value());
}

TEST(CtStats, CropsFollowTheCalibrationPercentiles)
{
    std::vector<double> calibration;
    for (int i = 0; i <= 1000; ++i)
        calibration.push_back(i);
    CtBattery b(calibration);
    ASSERT_EQ(b.crops().size(), 11u);
    EXPECT_FALSE(b.crops()[0].percentile.has_value());
    EXPECT_DOUBLE_EQ(*b.crops()[1].percentile, 0.5);
    EXPECT_DOUBLE_EQ(b.crops()[1].threshold, 500);
    EXPECT_NEAR(*b.crops()[10].percentile, 1 - 1.0 / 1024, 1e-12);
    // A value above a crop's threshold reaches the uncropped test only.
    b.add(CtClass::Fixed, 2000);
    EXPECT_EQ(b.crops()[0].test.count(CtClass::Fixed), 1u);
    EXPECT_EQ(b.crops()[10].test.count(CtClass::Fixed), 0u);
}

// A class whose times sit higher in a tail the uncropped test barely sees is
// found by a crop, and identical classes are not flagged.
TEST(CtStats, BatteryFlagsADifferenceAndNotItsAbsence)
{
    std::vector<uint64_t> times;
    std::vector<unsigned char> classes;
    uint64_t state = 12345;
    auto next = [&] { return (state = state * 6364136223846793005ull + 1442695040888963407ull) >> 33; };
    for (int i = 0; i < 20000; ++i) {
        const unsigned char c = next() & 1;
        const uint64_t noise = next() % 100;
        times.push_back(1000 + noise + (c ? 5 : 0));
        classes.push_back(c);
    }
    auto leak = ct_battery_over(times, classes);
    ASSERT_TRUE(leak.has_value());
    EXPECT_TRUE(leak->leak());
    EXPECT_EQ(ct_verdict(leak), CtVerdict::leak);

    // Fresh times that ignore the class: no difference by construction.
    for (size_t i = 0; i < times.size(); ++i)
        times[i] = 1000 + next() % 100;
    auto same = ct_battery_over(times, classes);
    ASSERT_TRUE(same.has_value());
    EXPECT_LT(same->max_abs_t(), kCtLeakThreshold);
    EXPECT_EQ(ct_verdict(same), CtVerdict::no_leak_detected);
    EXPECT_EQ(ct_verdict(std::nullopt), CtVerdict::not_available);
}

// The verdict's words have one table: the untranslated word files carry, and its zh_CN text.
TEST(CtStats, VerdictWordsComeFromOneTable)
{
    EXPECT_EQ(ct_verdict_word(CtVerdict::leak), "leak");
    EXPECT_EQ(ct_verdict_word(CtVerdict::no_leak_detected), "no leak detected");
    EXPECT_EQ(ct_verdict_word(CtVerdict::not_available), "n/a");
    EXPECT_EQ(ct_verdict_text(CtVerdict::leak, Language::zh_CN), "\u6cc4\u6f0f");
    EXPECT_EQ(ct_verdict_text(CtVerdict::no_leak_detected, Language::zh_CN), "\u672a\u53d1\u73b0\u6cc4\u6f0f");
    EXPECT_EQ(ct_verdict_text(CtVerdict::not_available, Language::en), "n/a");
}
