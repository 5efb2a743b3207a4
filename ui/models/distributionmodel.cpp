// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/distributionmodel.h"
#include "models/coretext.h"
#include "models/timelineseries.h"
#include "models/tukeyfences.h"

#include "core/data/dataset.h"
#include "core/base/format.h"
#include "core/data/counter_unit.h"
#include "core/data/record.h"
#include "core/analysis/stats.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <set>
#include <span>
#include <tuple>

namespace kexbench::ui {

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

constexpr std::size_t kMaxEcdfPoints = 2000; // ~1/2000 of a step: finer than a screen shows
constexpr double kTukeyK = 1.5;

bool hasSamples(const Record &r) { return r.kexbench && (!r.kexbench->ticks.empty() || !r.kexbench->ns.empty()); }

// Trials whose totals can be divided into a per-call mean.
std::vector<const TrialTotals *> usableTrials(const Record &r)
{
    std::vector<const TrialTotals *> out;
    for (const TrialTotals &t : r.trials)
        if (t.measurements > 0)
            out.push_back(&t);
    return out;
}

bool counterAvailable(const Record &r)
{
    if (hasSamples(r))
        return !r.kexbench->ticks.empty();
    const auto trials = usableTrials(r);
    return !trials.empty() &&
           std::all_of(trials.begin(), trials.end(), [](const TrialTotals *t) { return t->cycles.has_value(); });
}

// What made the counter values: two records are comparable in counter units
// only when this is equal. Harness drivers count core cycles via perf_event.
QString counterIdentity(const Record &r)
{
    if (r.kexbench && !r.kexbench->counter.empty())
        return qs(r.kexbench->counter);
    return QCoreApplication::translate("kexbench::ui::DistributionsPage", "cycles (harness)");
}

std::vector<double> trialMeans(const Record &r, ValueUnit unit)
{
    std::vector<double> out;
    for (const TrialTotals *t : usableTrials(r))
        out.push_back(unit == ValueUnit::Counter ? t->mean_count_per_call() : t->mean_ns_per_call());
    return out;
}

// Histogram bins: the width Freedman-Diaconis (core) picks for the bulk,
// on a grid extended over every shown value; only non-empty bins are kept,
// so a tail far away costs a few bins, not millions. In log10 space on a
// log axis. Every value lands in exactly one bin.
//
// Overlaid series share one grid (commonGrid): the finest of their own
// Freedman-Diaconis widths, so the narrowest distribution keeps its shape,
// from the lowest origin; then every series has the same bin edges and their
// densities compare bin for bin.
struct GridSpec {
    double origin = 0, width = 1;
    double top = 0;           // the bulk's upper end (in f-space)
    long long closedBin = -1; // a value at `top` on this bin's upper edge stays in it (-1: none)
};

double toBinSpace(double v, bool logScale) { return logScale ? std::log10(v) : v; }
double fromBinSpace(double v, bool logScale) { return logScale ? std::pow(10.0, v) : v; }

GridSpec gridFor(std::span<const double> bulk, bool logScale)
{
    auto f = [logScale](double v) { return toBinSpace(v, logScale); };
    GridSpec g;
    if (bulk.front() == bulk.back()) {
        // One value (e.g. a 20 ns operation at timer resolution): a bin one
        // raw unit wide around it, as numpy does, also on a log axis.
        g.origin = f(bulk.front() - 0.5);
        g.width = f(bulk.front() + 0.5) - g.origin;
        g.top = g.origin + g.width;
        g.closedBin = 1;
    } else {
        std::vector<double> transformed(bulk.size());
        std::transform(bulk.begin(), bulk.end(), transformed.begin(), f);
        const stats::Histogram h = stats::freedman_diaconis(transformed);
        g.origin = h.edges.front();
        g.width = h.bin_width;
        g.top = h.edges.back();
        g.closedBin = static_cast<long long>(h.counts.size());
    }
    return g;
}

GridSpec commonGrid(const std::vector<GridSpec> &specs)
{
    if (specs.size() == 1)
        return specs.front();
    GridSpec g = specs.front();
    for (const GridSpec &s : specs) {
        g.origin = std::min(g.origin, s.origin);
        g.width = std::min(g.width, s.width);
        g.top = std::max(g.top, s.top);
    }
    // The closed last bin only where the top falls on an edge of the common grid.
    const double q = (g.top - g.origin) / g.width;
    g.closedBin = std::abs(q - std::round(q)) < 1e-9 * std::max(1.0, std::abs(q)) ? std::llround(q) : -1;
    return g;
}

// (bin index, count) of the non-empty bins, ascending.
std::vector<std::pair<long long, double>> binOn(const GridSpec &g, std::span<const double> shown, bool logScale)
{
    std::vector<std::pair<long long, double>> out;
    for (double v : shown) { // sorted, so bin indices never decrease
        const double x = toBinSpace(v, logScale);
        auto k = static_cast<long long>(std::floor((x - g.origin) / g.width));
        if (k == g.closedBin && k > 0 && x <= g.top)
            k = g.closedBin - 1; // the bulk's last bin is closed, as in stats::freedman_diaconis
        if (out.empty() || out.back().first != k)
            out.emplace_back(k, 0.0);
        out.back().second += 1;
    }
    return out;
}

// Keeps the first and last point and evenly spaced ones between.
void thinEcdf(std::vector<std::pair<double, double>> &points)
{
    if (points.size() <= kMaxEcdfPoints)
        return;
    std::vector<std::pair<double, double>> out;
    out.reserve(kMaxEcdfPoints);
    const double step = static_cast<double>(points.size() - 1) / static_cast<double>(kMaxEcdfPoints - 1);
    for (std::size_t i = 0; i < kMaxEcdfPoints; ++i)
        out.push_back(points[static_cast<std::size_t>(std::llround(static_cast<double>(i) * step))]);
    out.back() = points.back();
    points = std::move(out);
}

} // namespace

const std::vector<double> &SampleCache::sorted(const Record &record, ValueUnit unit)
{
    const auto key = std::make_pair(&record, static_cast<int>(unit));
    if (auto it = cache_.find(key); it != cache_.end())
        return it->second;
    if (cache_.size() >= 16) // a few records' worth; switching back and forth stays cached
        cache_.clear();
    std::vector<double> &values = cache_[key];
    if (record.kexbench) {
        // Sort the integers, then convert: same order, and integer sorting is the cheaper of the two.
        std::vector<uint64_t> raw = unit == ValueUnit::Counter ? record.kexbench->ticks : record.kexbench->ns;
        std::sort(raw.begin(), raw.end());
        values.assign(raw.begin(), raw.end());
        ++sorts_;
    }
    return values;
}

namespace {

// The inputs that have a record; a note for each that has none.
std::vector<DistributionInput> presentInputs(const std::vector<DistributionInput> &inputs, DistributionPlot &plot)
{
    std::vector<DistributionInput> present;
    for (const DistributionInput &in : inputs) {
        if (in.record)
            present.push_back(in);
        else
            plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage",
                                                      "%1 has no record for this instance and operation")
                              .arg(in.dataset);
    }
    return present;
}

// Counter values of different counters (TSC ticks vs core cycles, or
// ticks vs nanoseconds) are not comparable: fall back to time, which every
// record has, and say so.
ValueUnit comparableUnit(const std::vector<DistributionInput> &present, ValueUnit unit, DistributionPlot &plot)
{
    if (unit == ValueUnit::Counter) {
        for (const DistributionInput &in : present)
            if (!counterAvailable(*in.record)) {
                plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage",
                                                          "time: %1 has no counter values")
                                  .arg(in.dataset);
                return ValueUnit::Time;
            }
    }
    if (unit == ValueUnit::Counter && present.size() >= 2) {
        QStringList ids;
        for (const DistributionInput &in : present)
            ids << counterIdentity(*in.record);
        ids.removeDuplicates();
        if (ids.size() > 1) {
            plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage",
                                                      "time-normalised: counters differ (%1)")
                              .arg(ids.join(QStringLiteral(" / ")));
            return ValueUnit::Time;
        }
    }
    return unit;
}

// The display unit follows the largest median, so "83.5 µs" reads as it does in the table.
void chooseDisplayUnit(DistributionPlot &plot, const std::vector<DistributionInput> &present, SampleCache &cache)
{
    if (plot.unit == ValueUnit::Time) {
        double largest = 0;
        for (const DistributionInput &in : present) {
            const Record &r = *in.record;
            const double median = hasSamples(r) ? stats::quantile_sorted(cache.sorted(r, plot.unit), 0.5)
                                                : stats::median(trialMeans(r, plot.unit));
            if (std::isfinite(median))
                largest = std::max(largest, median);
        }
        std::tie(plot.scale, plot.unitName) = timeDisplayUnit(largest);
        plot.valueLabel =
            QCoreApplication::translate("kexbench::ui::DistributionsPage", "time per call (%1)").arg(plot.unitName);
    } else {
        plot.unitName =
            present.empty() ? coreText(std::string("cycles")) : coreText(counter_unit(*present.front().record));
        plot.valueLabel =
            QCoreApplication::translate("kexbench::ui::DistributionsPage", "%1 per call").arg(plot.unitName);
    }
}

// Five trial totals are five numbers, not a distribution: show them as points.
DistributionSeries trialOnlySeries(const DistributionInput &in, const DistributionPlot &plot)
{
    DistributionSeries s;
    s.dataset = in.dataset;
    s.trialOnly = true;
    for (double m : trialMeans(*in.record, plot.unit))
        s.trialMeans.push_back(m / plot.scale);
    s.n = s.shown = s.trialMeans.size();
    s.name = QCoreApplication::translate("kexbench::ui::DistributionsPage",
                                         "%1: trial means only (n = %2 trials) \u2014 not a distribution")
                 .arg(in.dataset)
                 .arg(s.n);
    return s;
}

// A histogram series waits for every series' grid before it is binned.
struct HistogramInput {
    std::size_t series;
    std::span<const double> shown;
    GridSpec grid;
};

// One series' sorted samples and the part of them drawn.
struct SampleRange {
    std::span<const double> all;    // sorted, not empty
    SortedFences fences;            // Tukey's, on all
    std::size_t first = 0, end = 0; // the shown samples, [first, end) of all

    std::span<const double> shown() const { return all.subspan(first, end - first); }
    // Within the fences: what FD bins and what the axis zooms to.
    std::span<const double> bulk() const
    {
        const std::size_t from = std::max(first, fences.firstIn), to = std::min(end, fences.endIn);
        return from < to ? all.subspan(from, to - from) : shown();
    }
};

// Drops the outliers (when asked) and what a log axis cannot show, with a note for each.
SampleRange shownRange(std::span<const double> all, const DistributionOptions &options, DistributionSeries &s,
                       DistributionPlot &plot)
{
    SampleRange range{all, tukeyFencesSorted(all, kTukeyK), 0, all.size()};
    if (options.hideOutliers) {
        range.first = range.fences.firstIn;
        range.end = range.fences.endIn;
        s.hidden = all.size() - (range.end - range.first);
        if (s.hidden > 0)
            plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage",
                                                      "%1: %2 Tukey outlier(s) hidden")
                              .arg(s.dataset)
                              .arg(s.hidden);
    }
    if (options.logScale) {
        const auto from = all.begin() + static_cast<std::ptrdiff_t>(range.first);
        const auto to = all.begin() + static_cast<std::ptrdiff_t>(range.end);
        const auto positive = static_cast<std::size_t>(std::upper_bound(from, to, 0.0) - all.begin());
        const std::size_t nonPositive = positive - range.first;
        range.first = positive;
        if (nonPositive > 0)
            plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage",
                                                      "%1: %2 value(s) \u2264 0 not shown on the log axis")
                              .arg(s.dataset)
                              .arg(nonPositive);
    }
    return range;
}

void fillBox(DistributionSeries &s, const SampleRange &range, double scale)
{
    const std::span<const double> all = range.all;
    s.q1 = range.fences.q1 / scale;
    s.median = stats::quantile_sorted(all, 0.5) / scale;
    s.q3 = range.fences.q3 / scale;
    s.whiskerLow = (range.fences.firstIn != all.size() ? all[range.fences.firstIn] : all.front()) / scale;
    s.whiskerHigh = (range.fences.endIn != 0 ? all[range.fences.endIn - 1] : all.back()) / scale;
}

// The box plot's outlier points, each distinct value once.
void fillBoxOutliers(DistributionSeries &s, const SampleRange &range, double scale)
{
    auto add = [&](std::span<const double> values) {
        for (double v : values)
            if (s.outliers.empty() || s.outliers.back() != v / scale)
                s.outliers.push_back(v / scale);
    };
    add(range.all.first(range.fences.firstIn));
    add(range.all.subspan(range.fences.endIn));
}

void fillEcdf(DistributionSeries &s, std::span<const double> shown, double scale)
{
    auto points = stats::ecdf(shown);
    thinEcdf(points);
    for (const auto &[x, f] : points) {
        s.ecdfX.push_back(x / scale);
        s.ecdfY.push_back(f);
    }
}

// The value range to show. A few interrupted iterations 50x slower
// than the rest would leave the bulk as one bar at the axis' edge, so
// a linear axis zooms to the whiskers when the outliers would squeeze
// them into less than a third of it, and says how much lies beyond.
// A log axis shows everything: that is what it is for.
void chooseView(DistributionSeries &s, const SampleRange &range, const DistributionOptions &options,
                DistributionPlot &plot)
{
    const std::span<const double> shown = range.shown();
    if (shown.empty())
        return;
    const double scale = plot.scale;
    double low = shown.front(), high = shown.back();
    if (!options.logScale && !options.hideOutliers) {
        const double median = stats::quantile_sorted(range.all, 0.5);
        const double wLow = s.whiskerLow * scale, wHigh = s.whiskerHigh * scale;
        const double span = std::max(wHigh - wLow, 0.05 * std::abs(median));
        if (span > 0 && high - low > 3 * span) {
            low = std::max(low, wLow - 0.15 * span);
            high = std::min(high, wHigh + 0.15 * span);
            s.beyondView =
                static_cast<std::size_t>((std::lower_bound(shown.begin(), shown.end(), low) - shown.begin()) +
                                         (shown.end() - std::upper_bound(shown.begin(), shown.end(), high)));
            if (s.beyondView > 0)
                plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage",
                                                          "%1: axis zoomed to the bulk; %2 outlier(s) beyond it, "
                                                          "up to %3 (drag to pan, or use Log scale)")
                                  .arg(s.dataset)
                                  .arg(s.beyondView)
                                  .arg(plot.unit == ValueUnit::Time
                                           ? qs(fmt::fmt_time(shown.back() * 1e-9))
                                           : qs(fmt::fmt_int(shown.back())) + QLatin1Char(' ') + plot.unitName);
        }
    }
    s.viewLow = low / scale;
    s.viewHigh = high / scale;
}

// A series of one record's samples; a histogram's bins wait in `histogramInputs`.
DistributionSeries sampleSeries(const DistributionInput &in, const std::vector<double> &all,
                                const DistributionOptions &options, DistributionPlot &plot,
                                std::vector<HistogramInput> &histogramInputs)
{
    DistributionSeries s;
    s.dataset = in.dataset;
    s.n = all.size();
    if (all.empty()) {
        plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage", "%1: no samples in this unit")
                          .arg(in.dataset);
        s.name = in.dataset;
        return s;
    }
    const SampleRange range = shownRange(all, options, s, plot);
    s.shown = range.shown().size();
    fillBox(s, range, plot.scale);
    switch (options.kind) {
    case PlotKind::Histogram:
        // Binned later, once every series' grid is known.
        if (s.shown > 0)
            histogramInputs.push_back({plot.series.size(), range.shown(), gridFor(range.bulk(), options.logScale)});
        break;
    case PlotKind::Box:
        if (!options.hideOutliers)
            fillBoxOutliers(s, range, plot.scale);
        break;
    case PlotKind::Ecdf:
        fillEcdf(s, range.shown(), plot.scale);
        break;
    }
    chooseView(s, range, options, plot);
    s.name =
        s.shown == s.n
            ? QCoreApplication::translate("kexbench::ui::DistributionsPage", "%1 (n = %2)").arg(in.dataset).arg(s.n)
            : QCoreApplication::translate("kexbench::ui::DistributionsPage", "%1 (%2 of n = %3 shown)")
                  .arg(in.dataset)
                  .arg(s.shown)
                  .arg(s.n);
    return s;
}

// One grid for all series; every series lists the same bins (the
// union of the non-empty ones, zero where it has none), and its bar
// heights are densities: count / (shown x bin width), area 1.
void binHistograms(DistributionPlot &plot, const std::vector<HistogramInput> &histogramInputs, bool logScale)
{
    std::vector<GridSpec> specs;
    for (const HistogramInput &h : histogramInputs)
        specs.push_back(h.grid);
    const GridSpec grid = commonGrid(specs);
    std::vector<std::vector<std::pair<long long, double>>> binned;
    std::set<long long> keys;
    for (const HistogramInput &h : histogramInputs) {
        binned.push_back(binOn(grid, h.shown, logScale));
        for (const auto &kc : binned.back())
            keys.insert(kc.first);
    }
    plot.binWidth = grid.width;
    const double scale = plot.scale;
    for (std::size_t i = 0; i < histogramInputs.size(); ++i) {
        DistributionSeries &s = plot.series[histogramInputs[i].series];
        s.logBins = logScale;
        const double shown = static_cast<double>(histogramInputs[i].shown.size());
        auto it = binned[i].begin();
        for (long long k : keys) {
            double count = 0;
            if (it != binned[i].end() && it->first == k)
                count = (it++)->second;
            const double low = fromBinSpace(grid.origin + static_cast<double>(k) * grid.width, logScale) / scale;
            const double high = fromBinSpace(grid.origin + static_cast<double>(k + 1) * grid.width, logScale) / scale;
            s.binLow.push_back(low);
            s.binHigh.push_back(high);
            s.counts.push_back(count);
            // Per display unit on a linear axis; per decade (log10 unit) on a log axis,
            // so that the area drawn on either axis is 1.
            s.density.push_back(count / (shown * (logScale ? grid.width : high - low)));
        }
    }
}

// The plot's range: the union of the series' ranges.
void unionOfViews(DistributionPlot &plot)
{
    for (const DistributionSeries &s : plot.series) {
        double low = s.viewLow, high = s.viewHigh;
        if (s.trialOnly && !s.trialMeans.empty()) {
            low = *std::min_element(s.trialMeans.begin(), s.trialMeans.end());
            high = *std::max_element(s.trialMeans.begin(), s.trialMeans.end());
        }
        if (std::isnan(low))
            continue;
        plot.viewLow = std::isnan(plot.viewLow) ? low : std::min(plot.viewLow, low);
        plot.viewHigh = std::isnan(plot.viewHigh) ? high : std::max(plot.viewHigh, high);
    }
}

} // namespace

DistributionPlot computeDistribution(const std::vector<DistributionInput> &inputs, const DistributionOptions &options,
                                     SampleCache &cache)
{
    DistributionPlot plot;
    plot.kind = options.kind;
    plot.logScale = options.logScale;
    const std::vector<DistributionInput> present = presentInputs(inputs, plot);
    plot.unit = comparableUnit(present, options.unit, plot);
    chooseDisplayUnit(plot, present, cache);

    std::vector<HistogramInput> histogramInputs;
    for (const DistributionInput &in : present) {
        const Record &r = *in.record;
        if (r.status != "complete")
            plot.notes << QCoreApplication::translate("kexbench::ui::DistributionsPage", "%1: incomplete record")
                              .arg(in.dataset);
        if (!hasSamples(r)) {
            DistributionSeries s = trialOnlySeries(in, plot);
            plot.notes << s.name;
            plot.series.push_back(std::move(s));
            continue;
        }
        plot.series.push_back(sampleSeries(in, cache.sorted(r, plot.unit), options, plot, histogramInputs));
    }
    if (!histogramInputs.empty())
        binHistograms(plot, histogramInputs, options.logScale);
    unionOfViews(plot);
    return plot;
}

} // namespace kexbench::ui
