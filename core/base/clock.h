// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "core/base/result.h"

// Cycle counters for timed windows in runner children. The best counter is a
// user-mode-only PMU cpu-cycles event (what the published harness counts);
// without a PMU we fall back to a constant-rate counter (TSC, cntvct_el0) and
// finally to CLOCK_MONOTONIC_RAW, and the records say which one was used.

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include <linux/perf_event.h>
#include <unistd.h>

namespace kexbench {

enum class CounterKind { PerfCycles, Tsc, Cntvct, MonotonicNs };

// CLOCK_MONOTONIC_RAW in ns: not slewed by NTP, so window lengths are honest.
inline uint64_t now_ns() noexcept
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}

namespace detail {

#if defined(__x86_64__)
// lfence first so the read waits for everything before the window to issue.
inline uint64_t tsc_start() noexcept
{
    uint32_t lo = 0, hi = 0;
    asm volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return (uint64_t{hi} << 32) | lo;
}

// rdtscp waits for the window's instructions; lfence keeps later ones out.
inline uint64_t tsc_stop() noexcept
{
    uint32_t lo = 0, hi = 0, aux = 0;
    asm volatile("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux)::"memory");
    return (uint64_t{hi} << 32) | lo;
}

inline uint64_t rdpmc(uint32_t index) noexcept
{
    uint32_t lo = 0, hi = 0;
    asm volatile("lfence\n\trdpmc\n\tlfence" : "=a"(lo), "=d"(hi) : "c"(index) : "memory");
    return (uint64_t{hi} << 32) | lo;
}
#endif

#if defined(__aarch64__)
// isb: without it the counter read may be taken speculatively, before the window.
inline uint64_t cntvct() noexcept
{
    uint64_t v = 0;
    asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
    return v;
}
#endif

} // namespace detail

// Counts for the thread that opened it (the perf event is per-thread and not
// inherited): open it in the runner child that times, on the timing thread.
class CycleCounter {
public:
    // PMU, else TSC (x86-64), else cntvct_el0 (aarch64), else CLOCK_MONOTONIC_RAW.
    // It always opens one, so it has no error; why_not_pmu receives a note for
    // the record, e.g. "perf_event_open cpu-cycles failed (ENOENT)".
    static CycleCounter open_best(std::string *why_not_pmu = nullptr);
    // One specific counter, or why this machine lacks it.
    static Result<CycleCounter> open(CounterKind kind);

    CycleCounter(CycleCounter &&other) noexcept;
    CycleCounter &operator=(CycleCounter &&other) noexcept;
    CycleCounter(const CycleCounter &) = delete;
    CycleCounter &operator=(const CycleCounter &) = delete;
    ~CycleCounter();

    CounterKind kind() const { return kind_; }
    const char *name() const;
    const char *unit() const;
    bool is_core_cycles() const { return kind_ == CounterKind::PerfCycles; }
    // Ticks per second: cntfrq_el0 for cntvct, 1e9 for ns, the probed rate for
    // TSC once set_ticks_per_second() was called, else 0 (unknown, e.g. PMU).
    double ticks_per_second() const { return tick_hz_; }
    void set_ticks_per_second(double hz) { tick_hz_ = hz; }

    // Reads at the opening and the closing edge of a timed window. A switch
    // rather than virtual calls: the branch is perfectly predicted in a loop.
    uint64_t start() const noexcept { return read_edge(true); }
    uint64_t stop() const noexcept { return read_edge(false); }

private:
    explicit CycleCounter(CounterKind kind) : kind_(kind) {}
    static Result<CycleCounter> open_perf();
    void map_user_page();
    uint64_t read_edge(bool opening) const noexcept;
    uint64_t read_perf() const noexcept;
    uint64_t read_perf_syscall() const noexcept;
    void release() noexcept;

    CounterKind kind_;
    int fd_ = -1;
    const volatile perf_event_mmap_page *page_ = nullptr;
    size_t page_len_ = 0;
    bool rdpmc_ = false;
    double tick_hz_ = 0;
};

inline uint64_t CycleCounter::read_edge(bool opening) const noexcept
{
    switch (kind_) {
    case CounterKind::PerfCycles:
        return read_perf();
    case CounterKind::Tsc:
#if defined(__x86_64__)
        return opening ? detail::tsc_start() : detail::tsc_stop();
#else
        break;
#endif
    case CounterKind::Cntvct:
#if defined(__aarch64__)
        return detail::cntvct();
#else
        break;
#endif
    case CounterKind::MonotonicNs:
        return now_ns();
    }
    (void)opening;
    return 0;
}

// The perf mmap page is a seqlock: retry if the kernel rescheduled the event
// while we were reading offset + the live hardware counter.
inline uint64_t CycleCounter::read_perf() const noexcept
{
#if defined(__x86_64__)
    if (rdpmc_) {
        for (;;) {
            uint32_t seq = page_->lock;
            asm volatile("" ::: "memory");
            uint32_t index = page_->index;
            int64_t count = page_->offset;
            uint16_t width = page_->pmc_width;
            if (index == 0 || width == 0 || width > 64)
                break; // not on the PMU right now: ask the kernel
            int64_t pmc = static_cast<int64_t>(detail::rdpmc(index - 1) << (64 - width));
            count += pmc >> (64 - width); // sign-extend the width-bit counter
            asm volatile("" ::: "memory");
            if (page_->lock == seq)
                return static_cast<uint64_t>(count);
        }
    }
#endif
    return read_perf_syscall();
}

struct TimerOverhead {
    size_t pairs = 0;
    uint64_t min_ticks = 0; // empty start()/stop() pair on the counter
    uint64_t median_ticks = 0;
    double min_ns = 0; // the same in ns, 0 when the tick rate is unknown
    double median_ns = 0;
    // Smallest non-zero pair: an upper bound on the counter's granularity
    // (AMD Zen TSCs, for one, advance in steps of ~P0 MHz / 100 ticks).
    uint64_t resolution_ticks = 0;
    uint64_t clock_min_ns = 0; // empty now_ns() pair
    uint64_t clock_median_ns = 0;
};

// Minimum and median over `pairs` empty pairs (at least 100000).
TimerOverhead measure_overhead(const CycleCounter &counter, size_t pairs = 100000);

struct ClockProbe {
    std::vector<double> hz; // ticks per second of each window, sorted ascending
    double median_hz = 0;   // element n/2
    double min_hz = 0;
    double max_hz = 0;
    double iqr_hz = 0; // element 3n/4 minus element n/4 (integer indices)
    int windows = 0;
    double core_clock_hz = 0;    // only when the counter counts core cycles
    std::string core_clock_note; // why core_clock_hz is 0
    // The harness's "steady clock" test: IQR <= 0.5 % of the median.
    bool steady() const { return median_hz > 0 && iqr_hz <= 0.005 * median_hz; }
};

// Busy windows of window_s seconds against CLOCK_MONOTONIC_RAW after one
// untimed warm-up window. For TSC the median is the TSC rate, for cntvct it
// reproduces cntfrq_el0, for the PMU it is the (user-mode) core clock.
ClockProbe probe_clock(const CycleCounter &counter, int windows = 21, double window_s = 0.05);

// The order statistics of probe_clock from raw per-window rates.
ClockProbe summarize_windows(std::vector<double> hz);

// Core clock without a PMU: a chain of dependent register adds retires one
// add per cycle on every x86-64 and Armv8-A core, so adds/second = core Hz.
// Used to scale TSC/cntvct ticks to cycles; meaningless under emulation.
ClockProbe probe_core_clock(int windows = 21, double window_s = 0.05);

// Counter ticks to core cycles: PMU values pass through; constant-rate ticks
// are scaled by core_hz / ticks_per_second(); 0 when a rate is unknown.
double ticks_to_core_cycles(const CycleCounter &counter, double ticks, double core_hz);

// Empty for a PMU counter, else e.g. "no PMU: perf_event_open cpu-cycles
// failed (ENOENT); figures are TSC ticks at 2.60 GHz, not core cycles".
std::string counter_warning(const CycleCounter &counter, const std::string &why_not_pmu);
std::string counter_warning(CounterKind kind, double ticks_per_second, const std::string &why_not_pmu);

} // namespace kexbench
