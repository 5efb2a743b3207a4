// SPDX-License-Identifier: GPL-3.0-or-later
// The figures of the Distributions page: histogram, box plot and ECDF of the
// per-iteration samples, computed by computeDistribution(), a pure function
// of the records and the options (no widgets, so tests check the numbers and
// a worker thread may compute them). Harness records carry trial totals only:
// they become per-trial means, labelled as such, never a histogram made up
// from five numbers.
#pragma once

#include <QString>
#include <QStringList>

#include <cstddef>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace kexbench {
struct Record;
} // namespace kexbench

namespace kexbench::ui {

enum class PlotKind { Histogram, Box, Ecdf };
enum class ValueUnit { Counter, Time };

struct DistributionOptions {
    PlotKind kind = PlotKind::Histogram;
    ValueUnit unit = ValueUnit::Counter;
    bool logScale = false;     // value axis logarithmic (histogram bins become log-spaced)
    bool hideOutliers = false; // drop Tukey outliers (1.5 IQR) from histogram/ECDF, and the box's outlier points
};

struct DistributionInput {
    QString dataset;                // legend label of the dataset
    const Record *record = nullptr; // null: the dataset has no record for the selection
};

struct DistributionSeries {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    QString dataset;
    QString name;               // legend entry
    bool trialOnly = false;     // no per-iteration samples: trialMeans only
    std::size_t n = 0;          // samples (or trials) the record has in this unit
    std::size_t shown = 0;      // of them, drawn (after hiding outliers / non-positive values on a log axis)
    std::size_t hidden = 0;     // Tukey outliers left out
    std::size_t beyondView = 0; // drawn but outside viewLow..viewHigh (the axis zooms to the bulk)
    // Values below are in the plot's display unit (raw / DistributionPlot::scale).
    // Histogram: the non-empty bins of one regular grid (in log10 on a log
    // axis) whose width Freedman-Diaconis chose for the bulk (inside Tukey's
    // fences), extended over the outliers so a far tail cannot squash the
    // bulk into one bin. The counts sum to `shown`.
    // Overlaid series share that grid (the finest of their own widths) and
    // list the same bins, zero where a series has none; density = count /
    // (shown x width), width in display units (in log10 units on a log axis),
    // so each series' area is 1 and n = 6355 reads beside n = 447.
    std::vector<double> binLow, binHigh, counts, density;
    bool logBins = false;
    double viewLow = kNaN, viewHigh = kNaN;                                            // value range worth showing
    double whiskerLow = kNaN, q1 = kNaN, median = kNaN, q3 = kNaN, whiskerHigh = kNaN; // box
    std::vector<double> outliers;     // box: beyond the 1.5 IQR fences, distinct values
    std::vector<double> ecdfX, ecdfY; // ECDF steps (thinned to a few thousand points)
    std::vector<double> trialMeans;   // trialOnly: per-trial mean of one call
};

struct DistributionPlot {
    PlotKind kind = PlotKind::Histogram;
    bool logScale = false;
    ValueUnit unit = ValueUnit::Counter; // effective (Counter may be forced to Time)
    QString unitName;                    // "TSC ticks", "cycles", "ns", "µs", "ms"
    double scale = 1;                    // display value = raw value / scale
    QString valueLabel;                  // value-axis label with its unit
    QStringList notes;                   // shown above the plot
    double viewLow = DistributionSeries::kNaN, viewHigh = DistributionSeries::kNaN; // value axis, before margins
    double binWidth = DistributionSeries::kNaN; // histogram: the common bin width (raw units, or log10 on a log axis)
    std::vector<DistributionSeries> series;
};

// Sorted sample values per record and unit. Sorting 100 000 samples is the
// only costly step, so it happens once per record, not on every option change.
class SampleCache {
public:
    const std::vector<double> &sorted(const Record &record, ValueUnit unit);
    void clear() { cache_.clear(); }
    // How many times samples were sorted: an option change that needs no new sort must not add one.
    size_t sorts() const { return sorts_; }

private:
    std::map<std::pair<const Record *, int>, std::vector<double>> cache_;
    size_t sorts_ = 0;
};

DistributionPlot computeDistribution(const std::vector<DistributionInput> &inputs, const DistributionOptions &options,
                                     SampleCache &cache);

} // namespace kexbench::ui
