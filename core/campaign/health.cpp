// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/health.h"

#include "core/base/format.h"

#include <sched.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

namespace kexbench {

namespace {

uint64_t clock_ns(clockid_t id)
{
    timespec ts{};
    ::clock_gettime(id, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000ull + static_cast<uint64_t>(ts.tv_nsec);
}

// About 0.2 ms on a 2.5 GHz x86-64 core: long enough to dwarf the clock
// reads, short enough that 2 x 7 repeats cost a few milliseconds per trial.
constexpr uint64_t kProbeSteps = 100000;

// Each step needs the previous one's result, so the chain cannot be
// vectorised or overlapped; the asm barrier keeps the compiler from
// folding the loop.
uint64_t probe_chain(uint64_t x)
{
    for (uint64_t i = 0; i < kProbeSteps; ++i) {
        x = x * 6364136223846793005ull + (x >> 29);
        __asm__ volatile("" : "+r"(x));
    }
    return x;
}

std::optional<uint64_t> runqueue_wait_ns()
{
    std::ifstream in("/proc/thread-self/schedstat");
    uint64_t on_cpu = 0, waiting = 0;
    if (!(in >> on_cpu >> waiting))
        return std::nullopt;
    return waiting;
}

// Field 8 of the "cpu<N>" line of /proc/stat.
std::optional<uint64_t> steal_ticks(int cpu)
{
    if (cpu < 0)
        return std::nullopt;
    std::ifstream in("/proc/stat");
    const std::string want = "cpu" + std::to_string(cpu);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string name;
        fields >> name;
        if (name != want)
            continue;
        uint64_t v[8] = {};
        for (uint64_t &x : v)
            if (!(fields >> x))
                return std::nullopt;
        return v[7];
    }
    return std::nullopt;
}

// The "Threads:" line of /proc/self/status.
std::optional<int> thread_count()
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("Threads:", 0) == 0)
            return std::atoi(line.c_str() + 8);
    return std::nullopt;
}

// "lost 12.3 % of its wall time (run-queue wait 11.9 %)"; empty when within the rule.
std::string lost_time_reason(const TrialHealth &h, double limit)
{
    if (!(h.wall_s > 0))
        return {};
    const double off_cpu = std::max(0.0, h.wall_s - h.cpu_s) / h.wall_s;
    const double waiting = h.runqueue_wait_s.value_or(0) / h.wall_s;
    const double stolen = h.steal_s.value_or(0) / h.wall_s;
    const double lost = std::max({off_cpu, waiting, stolen});
    if (!(lost > limit))
        return {};
    std::string why = "lost " + fmt::percent(lost) + " of its wall time (not running " + fmt::percent(off_cpu);
    if (h.runqueue_wait_s)
        why += ", run-queue wait " + fmt::percent(waiting);
    if (h.steal_s)
        why += ", steal " + fmt::percent(stolen);
    return why + ")";
}

std::string probe_reason(const TrialHealth &h, double fastest, double limit)
{
    if (!(fastest > 0) || !(h.slower_probe_ns() > 0))
        return {};
    const double slowdown = h.slower_probe_ns() / fastest - 1;
    if (!(slowdown > limit))
        return {};
    return "speed probe " + fmt::percent(slowdown) + " slower than the campaign's fastest on CPU " +
           std::to_string(h.cpu);
}

// "other threads of the instance used 48.0 % of a CPU during the trial (2 threads before it, 2 after)".
std::string other_threads_reason(const TrialHealth &h, double limit)
{
    if (!h.process_cpu_s || !(h.wall_s > 0))
        return {};
    const double share = std::max(0.0, *h.process_cpu_s - h.cpu_s) / h.wall_s;
    if (!(share > limit))
        return {};
    std::string why = "other threads of the instance used " + fmt::percent(share) + " of a CPU during the trial";
    if (h.threads_before && h.threads_after)
        why += " (" + std::to_string(*h.threads_before) + " threads before it, " + std::to_string(*h.threads_after) +
               " after)";
    return why;
}

std::string clock_reason(const TrialHealth &h, std::optional<double> fixed_clock_hz, double limit)
{
    if (!h.cycles_per_second || !fixed_clock_hz || !(*fixed_clock_hz > 0))
        return {};
    const double share = *h.cycles_per_second / *fixed_clock_hz;
    if (!(share < limit))
        return {};
    return "ran at " + fmt::percent(share) + " of the fixed clock";
}

} // namespace

double run_speed_probe(int repeats)
{
    static volatile uint64_t sink;
    double fastest = std::numeric_limits<double>::infinity();
    for (int r = 0; r < std::max(1, repeats); ++r) {
        const uint64_t t0 = clock_ns(CLOCK_MONOTONIC_RAW);
        sink = probe_chain(sink + 1);
        const uint64_t t1 = clock_ns(CLOCK_MONOTONIC_RAW);
        fastest = std::min(fastest, static_cast<double>(t1 - t0));
    }
    return fastest;
}

HealthSnapshot take_health_snapshot()
{
    HealthSnapshot s;
    s.cpu = ::sched_getcpu();
    rusage ru{};
    if (::getrusage(RUSAGE_THREAD, &ru) == 0) {
        s.voluntary = ru.ru_nvcsw;
        s.involuntary = ru.ru_nivcsw;
    }
    s.runqueue_wait_ns = runqueue_wait_ns();
    s.steal_ticks = steal_ticks(s.cpu);
    s.threads = thread_count();
    s.thread_cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID);
    s.process_cpu_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
    s.wall_ns = clock_ns(CLOCK_MONOTONIC_RAW);
    return s;
}

TrialHealth health_between(const HealthSnapshot &a, const HealthSnapshot &b, double probe_before_ns,
                           double probe_after_ns)
{
    TrialHealth h;
    h.cpu = a.cpu == b.cpu ? a.cpu : -1; // moved between CPUs: no per-CPU figures
    h.probe_before_ns = probe_before_ns;
    h.probe_after_ns = probe_after_ns;
    h.wall_s = static_cast<double>(b.wall_ns - a.wall_ns) * 1e-9;
    h.cpu_s = static_cast<double>(b.thread_cpu_ns - a.thread_cpu_ns) * 1e-9;
    if (b.process_cpu_ns >= a.process_cpu_ns)
        h.process_cpu_s = static_cast<double>(b.process_cpu_ns - a.process_cpu_ns) * 1e-9;
    h.threads_before = a.threads;
    h.threads_after = b.threads;
    h.voluntary_switches = static_cast<uint64_t>(std::max(0L, b.voluntary - a.voluntary));
    h.involuntary_switches = static_cast<uint64_t>(std::max(0L, b.involuntary - a.involuntary));
    if (a.runqueue_wait_ns && b.runqueue_wait_ns && *b.runqueue_wait_ns >= *a.runqueue_wait_ns)
        h.runqueue_wait_s = static_cast<double>(*b.runqueue_wait_ns - *a.runqueue_wait_ns) * 1e-9;
    if (h.cpu >= 0 && a.steal_ticks && b.steal_ticks && *b.steal_ticks >= *a.steal_ticks)
        h.steal_s = static_cast<double>(*b.steal_ticks - *a.steal_ticks) / static_cast<double>(::sysconf(_SC_CLK_TCK));
    return h;
}

std::optional<double> cpu_pressure_some_avg60(const std::string &file)
{
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("some ", 0) != 0)
            continue;
        const size_t at = line.find("avg60=");
        if (at == std::string::npos)
            return std::nullopt;
        char *end = nullptr;
        const double v = std::strtod(line.c_str() + at + 6, &end);
        return end != line.c_str() + at + 6 ? std::optional<double>(v) : std::nullopt;
    }
    return std::nullopt;
}

void judge_trial(TrialHealth &h, double fastest_probe_ns, std::optional<double> fixed_clock_hz,
                 const DisturbanceRules &rules)
{
    std::string why;
    for (const std::string &part :
         {probe_reason(h, fastest_probe_ns, rules.probe_slowdown), lost_time_reason(h, rules.lost_share),
          clock_reason(h, fixed_clock_hz, rules.min_clock_share), other_threads_reason(h, rules.other_threads_share)})
        if (!part.empty())
            why += (why.empty() ? "" : "; ") + part;
    h.disturbed = !why.empty();
    h.reason = why;
}

} // namespace kexbench
