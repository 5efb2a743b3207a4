// SPDX-License-Identifier: GPL-3.0-or-later
// How long the GUI thread went without running its event loop: a precise
// 10 ms timer on that thread, and the longest time between two of its ticks.
// A gap of G ms means an input event could have waited G ms for an answer.
// Shared by the GUI tests (which print it) and the workbench benchmark probe.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <fcntl.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace kexbench::ui::test {

class StallMeter {
public:
    // A gap long enough to look into: when it ended (CLOCK_MONOTONIC) and on
    // which CPU the GUI thread woke, so a probe can tell whether that CPU
    // itself was unavailable meanwhile.
    struct LongGap {
        qint64 ms = 0;
        qint64 endNs = 0;
        int cpu = -1;
        qint64 ranNs = -1;      // the GUI thread on a CPU during the gap (-1: unknown)
        qint64 runnableNs = -1; // ready to run, waiting for a CPU
    };
    static constexpr qint64 kLongGapMs = 20;

    StallMeter()
    {
        timer_.setInterval(10);
        timer_.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            record(clock_.restart());
            ++ticks_;
        });
    }
    ~StallMeter()
    {
        if (schedstat_ >= 0)
            ::close(schedstat_);
    }
    StallMeter(const StallMeter &) = delete;
    StallMeter &operator=(const StallMeter &) = delete;

    // Call on the thread to watch (the GUI thread).
    void start()
    {
        if (schedstat_ < 0) // this thread's CPU and wait times, read at every tick
            schedstat_ = ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
        lastSched_ = readSchedstat(schedstat_);
        gaps_.clear();
        longGaps_.clear();
        maxGapMs_ = 0;
        ticks_ = 0;
        clock_.start();
        timer_.start();
    }
    void stop()
    {
        timer_.stop();
        record(clock_.elapsed());
    }
    qint64 maxGapMs() const { return maxGapMs_; }
    int ticks() const { return ticks_; }
    const std::vector<LongGap> &longGaps() const { return longGaps_; }
    // A thread's schedstat (open file, re-read with pread): ns on a CPU, ns runnable but waiting; -1 unknown.
    struct Sched {
        qint64 ranNs = -1, runnableNs = -1;
    };
    static Sched readSchedstat(int fd)
    {
        char text[128];
        const ssize_t n = fd < 0 ? -1 : ::pread(fd, text, sizeof text - 1, 0);
        if (n <= 0)
            return {};
        text[n] = '\0';
        long long ran = 0, runnable = 0;
        return std::sscanf(text, "%lld %lld", &ran, &runnable) == 2 ? Sched{ran, runnable} : Sched{};
    }

    // The gap that `fraction` of all gaps do not exceed (0.99: the 99th percentile).
    qint64 gapQuantileMs(double fraction) const
    {
        if (gaps_.empty())
            return 0;
        std::vector<qint64> sorted = gaps_;
        const auto k = static_cast<std::size_t>(fraction * static_cast<double>(sorted.size() - 1));
        std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(k), sorted.end());
        return sorted[k];
    }

private:
    void record(qint64 gap)
    {
        gaps_.push_back(gap);
        maxGapMs_ = std::max(maxGapMs_, gap);
        const Sched now = readSchedstat(schedstat_);
        if (gap >= kLongGapMs) {
            timespec t{};
            clock_gettime(CLOCK_MONOTONIC, &t);
            LongGap g{gap, qint64(t.tv_sec) * 1000000000 + t.tv_nsec, sched_getcpu()};
            if (now.ranNs >= 0 && lastSched_.ranNs >= 0) {
                g.ranNs = now.ranNs - lastSched_.ranNs;
                g.runnableNs = now.runnableNs - lastSched_.runnableNs;
            }
            longGaps_.push_back(g);
        }
        lastSched_ = now;
    }
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 maxGapMs_ = 0;
    int ticks_ = 0;
    std::vector<qint64> gaps_;
    std::vector<LongGap> longGaps_;
    int schedstat_ = -1;
    Sched lastSched_;
};

} // namespace kexbench::ui::test
