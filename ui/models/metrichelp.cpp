// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/metrichelp.h"

#include <QCoreApplication>

namespace kexbench::ui {

namespace {
// lupdate files these strings under the namespace's context.
QString tr(const char *text) { return QCoreApplication::translate("kexbench::ui", text); }
} // namespace

QString metricName(Metric metric)
{
    switch (metric) {
    case Metric::MeanCycles:
        return tr("Mean cycles");
    case Metric::MedianCycles:
        return tr("Median cycles");
    case Metric::MeanTime:
        return tr("Mean time");
    case Metric::MedianTime:
        return tr("Median time");
    case Metric::OpsPerSecond:
        return tr("Ops/s");
    case Metric::MedianCi:
        return tr("95% CI of median");
    case Metric::Measurements:
        return tr("n");
    case Metric::BaselineRss:
        return tr("Baseline RSS");
    case Metric::PeakRss:
        return tr("Peak RSS");
    case Metric::StaticSize:
        return tr("ELF image");
    case Metric::Stack:
        return tr("Stack");
    case Metric::Bandwidth:
        return tr("Bandwidth");
    case Metric::Status:
        return tr("Status");
    case Metric::Counter:
        return tr("Counter");
    }
    return {};
}

QString metricTooltip(Metric metric)
{
    switch (metric) {
    case Metric::MeanCycles:
        return tr("Arithmetic mean of the counter over all timed calls (the guide's metric). "
                  "Core cycles with a PMU; TSC or timer ticks otherwise (see Counter).");
    case Metric::MedianCycles:
        return tr("Median of the per-iteration counter values; robust against interruptions.");
    case Metric::MeanTime:
        return tr("Total timed wall time divided by the number of timed calls.");
    case Metric::MedianTime:
        return tr("Median of the per-iteration times.");
    case Metric::OpsPerSecond:
        return tr("Timed calls per second of timed wall time (1 / mean time).");
    case Metric::MedianCi:
        return tr("Distribution-free 95% confidence interval of the median, from order statistics of the samples.");
    case Metric::Measurements:
        return tr("Number of timed calls: trials x iterations per trial.");
    case Metric::BaselineRss:
        return tr("Resident memory of the measuring process after setup, before timing.");
    case Metric::PeakRss:
        return tr("High-water mark of resident memory (VmHWM), driver and libc included.");
    case Metric::StaticSize:
        return tr("Sum of the library's loadable ELF segments (code, data, bss).");
    case Metric::Stack:
        return tr("Deepest stack use of the operation, from a painted private stack.");
    case Metric::Bandwidth:
        return tr("Protocol messages plus each required long-term public key, once each.");
    case Metric::Status:
        return tr("complete, or why the record is incomplete (crash, timeout, overflow, mismatch).");
    case Metric::Counter:
        return tr("The counter that made the figures: perf_event cycles, TSC, cntvct_el0 or ns.");
    }
    return {};
}

} // namespace kexbench::ui
