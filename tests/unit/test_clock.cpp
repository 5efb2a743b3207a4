// SPDX-License-Identifier: GPL-3.0-or-later
// Structure, not speed: the test machines are shared and noisy, so nothing
// here asserts a timing figure.
#include "core/base/clock.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

using kexbench::ClockProbe;
using kexbench::CounterKind;
using kexbench::CycleCounter;

namespace {

const CounterKind kAllKinds[] = {CounterKind::PerfCycles, CounterKind::Tsc, CounterKind::Cntvct,
                                 CounterKind::MonotonicNs};

std::vector<CycleCounter> open_all()
{
    std::vector<CycleCounter> counters;
    for (CounterKind kind : kAllKinds)
        if (auto c = CycleCounter::open(kind))
            counters.push_back(std::move(*c));
    return counters;
}

// Spin until CLOCK_MONOTONIC_RAW has moved by at least ms milliseconds, so
// even a slow constant-rate counter (cntvct under qemu) must have ticked.
void busy_for_ms(uint64_t ms)
{
    uint64_t t0 = kexbench::now_ns();
    volatile uint64_t sink = 0;
    while (kexbench::now_ns() - t0 < ms * 1000000)
        sink = sink + 1;
}

} // namespace

TEST(ClockCounter, OpensBestAndNamesItself)
{
    std::string why;
    CycleCounter c = CycleCounter::open_best(&why);
    const std::set<std::string> names = {"perf_event cpu-cycles (rdpmc)", "perf_event cpu-cycles (read)", "tsc",
                                         "cntvct_el0", "clock_monotonic_raw"};
    EXPECT_TRUE(names.count(c.name())) << c.name();
    EXPECT_FALSE(std::string(c.unit()).empty());
    EXPECT_EQ(c.is_core_cycles(), c.kind() == CounterKind::PerfCycles);
#if defined(__x86_64__)
    EXPECT_TRUE(c.kind() == CounterKind::PerfCycles || c.kind() == CounterKind::Tsc);
#elif defined(__aarch64__)
    EXPECT_TRUE(c.kind() == CounterKind::PerfCycles || c.kind() == CounterKind::Cntvct);
#endif
}

TEST(ClockCounter, PmuWorksOrIsReportedUnsupportedWithReason)
{
    std::string why;
    CycleCounter c = CycleCounter::open_best(&why);
    std::string warning = kexbench::counter_warning(c, why);
    if (c.is_core_cycles()) {
        EXPECT_EQ(std::string(c.unit()), "cycles");
        EXPECT_TRUE(warning.empty()) << warning;
        return;
    }
    EXPECT_NE(why.find("perf_event_open cpu-cycles"), std::string::npos) << why;
    EXPECT_NE(warning.find("no PMU: "), std::string::npos) << warning;
    EXPECT_NE(warning.find(why), std::string::npos) << warning;
    EXPECT_NE(warning.find("not core cycles"), std::string::npos) << warning;
}

TEST(ClockCounter, UnavailableKindsSayWhy)
{
#if defined(__x86_64__)
    const auto missing = CycleCounter::open(CounterKind::Cntvct);
#else
    const auto missing = CycleCounter::open(CounterKind::Tsc);
#endif
    EXPECT_FALSE(missing);
    EXPECT_FALSE(missing.error().empty());
    EXPECT_TRUE(CycleCounter::open(CounterKind::MonotonicNs));
}

TEST(ClockCounter, StopMinusStartIsNonNegativeAndGrowsAcrossBusyLoop)
{
    for (const CycleCounter &c : open_all()) {
        SCOPED_TRACE(c.name());
        uint64_t a = c.start();
        uint64_t b = c.stop();
        EXPECT_GE(b, a);
        busy_for_ms(2);
        EXPECT_GT(c.stop(), a);
    }
}

TEST(ClockCounter, MovedCounterKeepsCounting)
{
    CycleCounter a = CycleCounter::open_best();
    std::string name = a.name();
    CycleCounter b = std::move(a);
    EXPECT_EQ(name, b.name());
    uint64_t t0 = b.start();
    busy_for_ms(1);
    EXPECT_GT(b.stop(), t0);
}

TEST(ClockCounter, KnownTickRates)
{
    for (const CycleCounter &c : open_all()) {
        SCOPED_TRACE(c.name());
        if (c.kind() == CounterKind::MonotonicNs) {
            EXPECT_EQ(c.ticks_per_second(), 1e9);
        } else if (c.kind() == CounterKind::Cntvct) {
            EXPECT_GT(c.ticks_per_second(), 0); // cntfrq_el0
        } else if (c.kind() == CounterKind::Tsc) {
            EXPECT_EQ(c.ticks_per_second(), 0); // unknown until probed
        }
    }
}

TEST(ClockOverhead, MinNotAboveMedianForEveryCounter)
{
    for (const CycleCounter &c : open_all()) {
        SCOPED_TRACE(c.name());
        kexbench::TimerOverhead o = kexbench::measure_overhead(c);
        EXPECT_GE(o.pairs, 100000u);
        EXPECT_LE(o.min_ticks, o.median_ticks);
        if (o.min_ticks > 0) {
            EXPECT_EQ(o.resolution_ticks, o.min_ticks);
        }
        EXPECT_LE(o.clock_min_ns, o.clock_median_ns);
        if (c.ticks_per_second() > 0) {
            EXPECT_LE(o.min_ns, o.median_ns);
        }
    }
}

TEST(ClockProbe, ReturnsSortedWindowsAndPositiveMedian)
{
    std::string why;
    CycleCounter c = CycleCounter::open_best(&why);
    ClockProbe p = kexbench::probe_clock(c, 21, 0.01);
    ASSERT_EQ(p.windows, 21);
    ASSERT_EQ(p.hz.size(), 21u);
    EXPECT_TRUE(std::is_sorted(p.hz.begin(), p.hz.end()));
    EXPECT_GT(p.median_hz, 0);
    EXPECT_LE(p.min_hz, p.median_hz);
    EXPECT_LE(p.median_hz, p.max_hz);
    EXPECT_GE(p.iqr_hz, 0);
    if (c.is_core_cycles()) {
        EXPECT_EQ(p.core_clock_hz, p.median_hz);
    } else {
        EXPECT_EQ(p.core_clock_hz, 0);
        EXPECT_FALSE(p.core_clock_note.empty());
    }
    if (c.kind() == CounterKind::Tsc) {
        c.set_ticks_per_second(p.median_hz);
        EXPECT_EQ(c.ticks_per_second(), p.median_hz);
    }
}

// Not a speed check: both sides are wall-clock time, so preemption by other
// load stretches them alike and the ratio stays ~1 even on a busy machine.
TEST(ClockProbe, ConstantRateCounterReproducesItsNominalRate)
{
    for (const CycleCounter &c : open_all()) {
        if (c.kind() != CounterKind::Cntvct && c.kind() != CounterKind::MonotonicNs)
            continue;
        SCOPED_TRACE(c.name());
        ClockProbe p = kexbench::probe_clock(c, 5, 0.01);
        EXPECT_NEAR(p.median_hz / c.ticks_per_second(), 1.0, 0.1);
    }
}

TEST(ClockProbe, SummaryUsesIntegerQuartileIndices)
{
    std::vector<double> hz;
    for (int v = 21; v >= 1; --v) // reversed: summarize_windows must sort
        hz.push_back(v);
    ClockProbe p = kexbench::summarize_windows(hz);
    EXPECT_EQ(p.windows, 21);
    EXPECT_EQ(p.median_hz, 11); // element 10
    EXPECT_EQ(p.min_hz, 1);
    EXPECT_EQ(p.max_hz, 21);
    EXPECT_EQ(p.iqr_hz, 16 - 6); // element 15 minus element 5
    EXPECT_TRUE(kexbench::summarize_windows({}).hz.empty());
}

TEST(ClockProbe, SteadyMeansIqrWithinHalfPercentOfMedian)
{
    ClockProbe p;
    p.median_hz = 1e9;
    p.iqr_hz = 5e6;
    EXPECT_TRUE(p.steady());
    p.iqr_hz = 5.1e6;
    EXPECT_FALSE(p.steady());
    EXPECT_FALSE(ClockProbe{}.steady());
}

TEST(ClockProbe, CoreClockByAddChainIsPositive)
{
    ClockProbe p = kexbench::probe_core_clock(5, 0.01);
#if defined(__x86_64__) || defined(__aarch64__)
    EXPECT_EQ(p.windows, 5);
    EXPECT_GT(p.core_clock_hz, 0);
#else
    EXPECT_FALSE(p.core_clock_note.empty());
#endif
}

TEST(ClockProbe, TicksToCoreCyclesScalesConstantRateCounters)
{
    CycleCounter ns = *CycleCounter::open(CounterKind::MonotonicNs);
    EXPECT_DOUBLE_EQ(kexbench::ticks_to_core_cycles(ns, 100, 2e9), 200);
    EXPECT_EQ(kexbench::ticks_to_core_cycles(ns, 100, 0), 0);
}

TEST(ClockWarning, NamesCounterAndRate)
{
    EXPECT_EQ(kexbench::counter_warning(CounterKind::Tsc, 2.6e9, "perf_event_open cpu-cycles failed (ENOENT)"),
              "no PMU: perf_event_open cpu-cycles failed (ENOENT); figures are TSC ticks at "
              "2.60 GHz, not core cycles");
    EXPECT_EQ(kexbench::counter_warning(CounterKind::Cntvct, 24e6, "x"),
              "no PMU: x; figures are cntvct_el0 counter ticks at 24.00 MHz, not core cycles");
    EXPECT_NE(kexbench::counter_warning(CounterKind::Tsc, 0, "x").find("unprobed"), std::string::npos);
    EXPECT_EQ(kexbench::counter_warning(CounterKind::PerfCycles, 0, ""), "");
}

TEST(ClockNow, IsMonotonic)
{
    uint64_t prev = kexbench::now_ns();
    EXPECT_GT(prev, 0u);
    for (int i = 0; i < 10000; ++i) {
        uint64_t t = kexbench::now_ns();
        ASSERT_GE(t, prev);
        prev = t;
    }
}
