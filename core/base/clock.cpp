// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/clock.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <utility>

namespace kexbench {

namespace {

std::string errno_name(int err)
{
    if (const char *name = ::strerrorname_np(err))
        return name;
    return "errno " + std::to_string(err);
}

void set_reason(std::string *out, std::string text)
{
    if (out)
        *out = std::move(text);
}

// Work the optimiser cannot delete: the asm makes acc opaque each round.
void busy_chunk()
{
    uint64_t acc = 0;
    for (uint64_t i = 0; i < 10000; ++i) {
        acc += i;
        asm volatile("" : "+r"(acc));
    }
}

uint64_t ticks_between(uint64_t a, uint64_t b) { return b >= a ? b - a : 0; }

#if defined(__aarch64__)
double read_cntfrq()
{
    uint64_t v = 0;
    asm volatile("mrs %0, cntfrq_el0" : "=r"(v));
    return static_cast<double>(v);
}
#endif

std::string format_rate(double hz)
{
    if (hz <= 0)
        return "an unprobed rate";
    char buf[48];
    if (hz >= 1e9)
        std::snprintf(buf, sizeof buf, "%.2f GHz", hz / 1e9);
    else
        std::snprintf(buf, sizeof buf, "%.2f MHz", hz / 1e6);
    return buf;
}

} // namespace

CycleCounter::CycleCounter(CycleCounter &&other) noexcept
    : kind_(other.kind_), fd_(std::exchange(other.fd_, -1)), page_(std::exchange(other.page_, nullptr)),
      page_len_(std::exchange(other.page_len_, 0)), rdpmc_(std::exchange(other.rdpmc_, false)), tick_hz_(other.tick_hz_)
{
}

CycleCounter &CycleCounter::operator=(CycleCounter &&other) noexcept
{
    if (this != &other) {
        release();
        kind_ = other.kind_;
        fd_ = std::exchange(other.fd_, -1);
        page_ = std::exchange(other.page_, nullptr);
        page_len_ = std::exchange(other.page_len_, 0);
        rdpmc_ = std::exchange(other.rdpmc_, false);
        tick_hz_ = other.tick_hz_;
    }
    return *this;
}

CycleCounter::~CycleCounter() { release(); }

void CycleCounter::release() noexcept
{
    if (page_)
        ::munmap(const_cast<perf_event_mmap_page *>(page_), page_len_);
    if (fd_ >= 0)
        ::close(fd_);
    page_ = nullptr;
    fd_ = -1;
    rdpmc_ = false;
}

const char *CycleCounter::name() const
{
    switch (kind_) {
    case CounterKind::PerfCycles:
        return rdpmc_ ? "perf_event cpu-cycles (rdpmc)" : "perf_event cpu-cycles (read)";
    case CounterKind::Tsc:
        return "tsc";
    case CounterKind::Cntvct:
        return "cntvct_el0";
    case CounterKind::MonotonicNs:
        return "clock_monotonic_raw";
    }
    return "unknown";
}

const char *CycleCounter::unit() const
{
    switch (kind_) {
    case CounterKind::PerfCycles:
        return "cycles";
    case CounterKind::Tsc:
        return "TSC ticks";
    case CounterKind::Cntvct:
        return "counter ticks";
    case CounterKind::MonotonicNs:
        return "ns";
    }
    return "";
}

uint64_t CycleCounter::read_perf_syscall() const noexcept
{
    uint64_t value = 0;
    if (::read(fd_, &value, sizeof value) != static_cast<ssize_t>(sizeof value))
        return 0;
    return value;
}

// rdpmc is only legal while the kernel advertises it in the event's user page
// (it also depends on /sys/bus/event_source/devices/cpu/rdpmc); otherwise read().
void CycleCounter::map_user_page()
{
#if defined(__x86_64__)
    size_t len = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    void *p = ::mmap(nullptr, len, PROT_READ, MAP_SHARED, fd_, 0);
    if (p == MAP_FAILED)
        return;
    page_ = static_cast<const volatile perf_event_mmap_page *>(p);
    page_len_ = len;
    rdpmc_ = page_->cap_user_rdpmc != 0;
#endif
}

Result<CycleCounter> CycleCounter::open_perf()
{
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1; // user mode only, like the published harness
    attr.exclude_hv = 1;
    long fd = ::syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
        return fail("perf_event_open cpu-cycles failed (" + errno_name(errno) + ")");
    }
    CycleCounter counter(CounterKind::PerfCycles);
    counter.fd_ = static_cast<int>(fd);
    // Some hypervisors hand out an event that never counts: insist on progress.
    uint64_t before = counter.read_perf_syscall();
    busy_chunk();
    if (counter.read_perf_syscall() <= before) {
        return fail("perf_event_open cpu-cycles opened but the counter does not advance");
    }
    counter.map_user_page();
    return counter;
}

Result<CycleCounter> CycleCounter::open(CounterKind kind)
{
    switch (kind) {
    case CounterKind::PerfCycles:
        return open_perf();
    case CounterKind::Tsc:
#if defined(__x86_64__)
        return CycleCounter(CounterKind::Tsc); // rate unknown until probed
#else
        return fail("tsc exists only on x86-64");
#endif
    case CounterKind::Cntvct: {
#if defined(__aarch64__)
        CycleCounter counter(CounterKind::Cntvct);
        counter.tick_hz_ = read_cntfrq();
        return counter;
#else
        return fail("cntvct_el0 exists only on aarch64");
#endif
    }
    case CounterKind::MonotonicNs: {
        CycleCounter counter(CounterKind::MonotonicNs);
        counter.tick_hz_ = 1e9;
        return counter;
    }
    }
    return fail("unknown counter kind");
}

CycleCounter CycleCounter::open_best(std::string *why_not_pmu)
{
    auto pmu = open(CounterKind::PerfCycles);
    set_reason(why_not_pmu, pmu ? std::string() : pmu.error());
    if (pmu)
        return std::move(*pmu);
    for (CounterKind kind : {CounterKind::Tsc, CounterKind::Cntvct})
        if (auto counter = open(kind))
            return std::move(*counter);
    return std::move(*open(CounterKind::MonotonicNs));
}

namespace {

uint64_t min_nonzero(const std::vector<uint64_t> &v)
{
    uint64_t best = 0;
    for (uint64_t x : v)
        if (x != 0 && (best == 0 || x < best))
            best = x;
    return best;
}

// The upper median (the element at n / 2 of the sorted values): an observed
// tick count, never the mean of two, as a calibration wants.
uint64_t upper_median(std::vector<uint64_t> &v)
{
    auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

template <typename Pair>
void sample_pairs(std::vector<uint64_t> &out, Pair pair)
{
    for (size_t i = 0; i < 1000; ++i) // warm caches and branch predictors
        (void)pair();
    for (auto &x : out)
        x = pair();
}

} // namespace

TimerOverhead measure_overhead(const CycleCounter &counter, size_t pairs)
{
    pairs = std::max<size_t>(pairs, 100000); // fewer pairs miss the true minimum
    std::vector<uint64_t> d(pairs);
    TimerOverhead o;
    o.pairs = pairs;

    sample_pairs(d, [&] {
        uint64_t a = counter.start();
        return ticks_between(a, counter.stop());
    });
    o.min_ticks = *std::min_element(d.begin(), d.end());
    o.resolution_ticks = min_nonzero(d);
    o.median_ticks = upper_median(d);
    if (double hz = counter.ticks_per_second(); hz > 0) {
        o.min_ns = static_cast<double>(o.min_ticks) * 1e9 / hz;
        o.median_ns = static_cast<double>(o.median_ticks) * 1e9 / hz;
    }

    sample_pairs(d, [] {
        uint64_t a = now_ns();
        return ticks_between(a, now_ns());
    });
    o.clock_min_ns = *std::min_element(d.begin(), d.end());
    o.clock_median_ns = upper_median(d);
    return o;
}

ClockProbe summarize_windows(std::vector<double> hz)
{
    ClockProbe p;
    std::sort(hz.begin(), hz.end());
    size_t n = hz.size();
    p.windows = static_cast<int>(n);
    if (n > 0) {
        p.median_hz = hz[n / 2];
        p.min_hz = hz.front();
        p.max_hz = hz.back();
        p.iqr_hz = hz[3 * n / 4] - hz[n / 4];
    }
    p.hz = std::move(hz);
    return p;
}

namespace {

// One busy window: ticks between the edges per second of CLOCK_MONOTONIC_RAW. The
// clock is re-read between chunks so the window overshoots by < one chunk.
template <typename Open, typename Close, typename Work>
double busy_window(double window_s, Open open_edge, Close close_edge, Work work)
{
    uint64_t len = static_cast<uint64_t>(window_s * 1e9);
    uint64_t t0 = now_ns();
    uint64_t c0 = open_edge();
    do
        work();
    while (now_ns() - t0 < len);
    uint64_t c1 = close_edge();
    uint64_t t1 = now_ns();
    double seconds = static_cast<double>(t1 - t0) / 1e9;
    return seconds > 0 ? static_cast<double>(ticks_between(c0, c1)) / seconds : 0;
}

template <typename Open, typename Close, typename Work>
ClockProbe probe_windows(int windows, double window_s, Open open_edge, Close close_edge, Work work)
{
    windows = std::max(windows, 1);
    (void)busy_window(window_s, open_edge, close_edge, work); // warm-up, untimed
    std::vector<double> hz;
    hz.reserve(static_cast<size_t>(windows));
    for (int i = 0; i < windows; ++i)
        hz.push_back(busy_window(window_s, open_edge, close_edge, work));
    return summarize_windows(std::move(hz));
}

} // namespace

ClockProbe probe_clock(const CycleCounter &counter, int windows, double window_s)
{
    ClockProbe p = probe_windows(
        windows, window_s, [&] { return counter.start(); }, [&] { return counter.stop(); }, busy_chunk);
    if (counter.is_core_cycles())
        p.core_clock_hz = p.median_hz;
    else
        p.core_clock_note =
            std::string("no PMU: ") + counter.name() + " runs at a constant rate, so it cannot show the core clock";
    return p;
}

namespace {

constexpr uint64_t kAddsPerChunk = 1000000;

// 100 dependent adds per iteration: the chain latency (1 cycle each) dominates
// the loop's own compare/branch, which run in parallel on other ports. The
// addend is a register, not an immediate: some renamers (Golden Cove) fold
// small add-immediate chains and would report more than one add per cycle.
#define KEXBENCH_X10(s) s s s s s s s s s s
#if defined(__x86_64__)
#define KEXBENCH_ADD_CHAIN KEXBENCH_X10(KEXBENCH_X10("add %1, %0\n\t"))
#elif defined(__aarch64__)
#define KEXBENCH_ADD_CHAIN KEXBENCH_X10(KEXBENCH_X10("add %0, %0, %1\n\t"))
#endif

#if defined(KEXBENCH_ADD_CHAIN)
uint64_t add_chain_chunk(uint64_t one)
{
    uint64_t x = 0;
    for (uint64_t i = 0; i < kAddsPerChunk / 100; ++i)
        asm volatile(KEXBENCH_ADD_CHAIN : "+r"(x) : "r"(one));
    return x;
}
#endif

} // namespace

ClockProbe probe_core_clock(int windows, double window_s)
{
#if defined(KEXBENCH_ADD_CHAIN)
    uint64_t adds = 0;         // "ticks" of this probe are retired dependent adds
    volatile uint64_t one = 1; // opaque to the compiler, so the chain stays a chain
    ClockProbe p = probe_windows(
        windows, window_s, [&] { return adds; }, [&] { return adds; }, [&] { adds += add_chain_chunk(one); });
    p.core_clock_hz = p.median_hz;
    return p;
#else
    ClockProbe p = summarize_windows({});
    p.core_clock_note = "no dependent-add probe for this architecture";
    (void)windows;
    (void)window_s;
    return p;
#endif
}
#undef KEXBENCH_ADD_CHAIN
#undef KEXBENCH_X10

double ticks_to_core_cycles(const CycleCounter &counter, double ticks, double core_hz)
{
    if (counter.is_core_cycles())
        return ticks;
    double tick_hz = counter.ticks_per_second();
    return tick_hz > 0 && core_hz > 0 ? ticks * core_hz / tick_hz : 0;
}

std::string counter_warning(CounterKind kind, double ticks_per_second, const std::string &why_not_pmu)
{
    std::string figures;
    switch (kind) {
    case CounterKind::PerfCycles:
        return "";
    case CounterKind::Tsc:
        figures = "TSC ticks at " + format_rate(ticks_per_second);
        break;
    case CounterKind::Cntvct:
        figures = "cntvct_el0 counter ticks at " + format_rate(ticks_per_second);
        break;
    case CounterKind::MonotonicNs:
        figures = "CLOCK_MONOTONIC_RAW ns";
        break;
    }
    std::string why = why_not_pmu.empty() ? "perf_event_open cpu-cycles unavailable" : why_not_pmu;
    return "no PMU: " + why + "; figures are " + figures + ", not core cycles";
}

std::string counter_warning(const CycleCounter &counter, const std::string &why_not_pmu)
{
    return counter_warning(counter.kind(), counter.ticks_per_second(), why_not_pmu);
}

} // namespace kexbench
