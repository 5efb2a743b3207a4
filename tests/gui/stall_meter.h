// SPDX-License-Identifier: GPL-3.0-or-later
// How long the GUI thread went without running its event loop: a precise
// 10 ms timer on that thread, and the longest time between two of its ticks.
// A gap of G ms means an input event could have waited G ms for an answer.
// Shared by the GUI tests (which print it) and the workbench benchmark probe.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace kexbench::ui::test {

class StallMeter {
public:
    StallMeter()
    {
        timer_.setInterval(10);
        timer_.setTimerType(Qt::PreciseTimer);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            record(clock_.restart());
            ++ticks_;
        });
    }
    void start()
    {
        gaps_.clear();
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
    }
    QTimer timer_;
    QElapsedTimer clock_;
    qint64 maxGapMs_ = 0;
    int ticks_ = 0;
    std::vector<qint64> gaps_;
};

} // namespace kexbench::ui::test
