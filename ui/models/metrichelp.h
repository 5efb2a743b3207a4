// SPDX-License-Identifier: GPL-3.0-or-later
// What each figure means, in one place, for column tooltips and headers.
#pragma once

#include <QString>

namespace kexbench::ui {

enum class Metric {
    MeanCycles,
    MedianCycles,
    MeanTime,
    MedianTime,
    OpsPerSecond,
    MedianCi,
    Measurements,
    BaselineRss,
    PeakRss,
    StaticSize,
    Stack,
    Bandwidth,
    Status,
    Counter,
};

QString metricName(Metric metric);
QString metricTooltip(Metric metric);

} // namespace kexbench::ui
