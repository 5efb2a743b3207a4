// SPDX-License-Identifier: GPL-3.0-or-later
// Whether the machine itself stopped serving a CPU: one plain thread pinned to
// each CPU sleeps 10 ms at a time (absolute deadlines, nice 0, no Qt) and notes
// every wake-up that came more than 20 ms late. A nice-0 sleeper preempts a
// busy nice-0 task within a few ms (CFS wake-up preemption), so a wake-up
// 100 ms late means that CPU ran nothing for anyone: on this KVM guest, the
// host did not run the vCPU (it reports no steal time to tell us so).
//
// The probe subtracts these intervals from a GUI-thread gap that ended on the
// same CPU, so "the GUI's own gap" is told apart from the machine's stall.
#pragma once

#include <pthread.h>
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace kexbench::bench {

class CpuStallWatch {
public:
    struct Stall {
        int cpu = -1;
        int64_t fromNs = 0; // when the sleeper should have woken
        int64_t toNs = 0;   // when it did
        double ms() const { return static_cast<double>(toNs - fromNs) / 1e6; }
    };
    static constexpr int64_t kPeriodNs = 10'000'000;
    static constexpr int64_t kLateNs = 20'000'000;

    CpuStallWatch()
    {
        const int cpus = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
        for (int cpu = 0; cpu < cpus; ++cpu)
            sleepers_.emplace_back([this, cpu] { sleepOn(cpu); });
    }
    ~CpuStallWatch() { stop(); }
    CpuStallWatch(const CpuStallWatch &) = delete;
    CpuStallWatch &operator=(const CpuStallWatch &) = delete;

    void stop()
    {
        stopping_ = true;
        for (std::thread &t : sleepers_)
            if (t.joinable())
                t.join();
    }
    std::vector<Stall> stalls() const
    {
        std::lock_guard lock(mutex_);
        return stalls_;
    }
    // How much of [fromNs, toNs] the given CPU spent stalled.
    int64_t stalledNs(int cpu, int64_t fromNs, int64_t toNs) const
    {
        std::lock_guard lock(mutex_);
        int64_t sum = 0;
        for (const Stall &s : stalls_)
            if (s.cpu == cpu)
                sum += std::max<int64_t>(0, std::min(toNs, s.toNs) - std::max(fromNs, s.fromNs));
        return sum;
    }

    static int64_t nowNs()
    {
        timespec t{};
        clock_gettime(CLOCK_MONOTONIC, &t);
        return int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
    }

private:
    void sleepOn(int cpu)
    {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0)
            return; // a CPU we may not use is not watched
        int64_t deadline = nowNs();
        while (!stopping_) {
            deadline += kPeriodNs;
            const timespec at{static_cast<time_t>(deadline / 1'000'000'000),
                              static_cast<long>(deadline % 1'000'000'000)};
            clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, nullptr);
            const int64_t woke = nowNs();
            if (woke - deadline > kLateNs) {
                std::lock_guard lock(mutex_);
                stalls_.push_back({cpu, deadline, woke});
            }
            deadline = std::max(deadline, woke - kPeriodNs); // no burst of catch-up wake-ups
        }
    }

    std::atomic<bool> stopping_{false};
    mutable std::mutex mutex_;
    std::vector<Stall> stalls_;
    std::vector<std::thread> sleepers_;
};

} // namespace kexbench::bench
