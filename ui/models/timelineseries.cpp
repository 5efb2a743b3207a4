// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelineseries.h"

#include "coretext.h"

#include "core/data/counter_unit.h"
#include "core/data/record.h"
#include "core/analysis/stats.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace kexbench::ui {

namespace {

// The context lupdate gives tr() outside a class: the namespace (as in metrichelp.cpp).
QString tr(const char *text) { return QCoreApplication::translate("kexbench::ui", text); }

// Time is shown in the unit its median reads best in, as the Results table does.
void chooseTimeScale(TimelineSeries &series, const std::vector<uint64_t> &ns)
{
    std::vector<uint64_t> copy = ns;
    const auto middle = copy.begin() + static_cast<std::ptrdiff_t>(copy.size() / 2);
    std::nth_element(copy.begin(), middle, copy.end());
    const double median = copy.empty() ? 0.0 : static_cast<double>(*middle);
    std::tie(series.scale, series.unitName) = timeDisplayUnit(median);
}

// Trial sizes that split the samples; one trial when the record has none that add up.
std::vector<uint64_t> trialSizes(const RecordSamples &s, std::size_t samples)
{
    uint64_t total = 0;
    for (uint64_t n : s.trial_sizes)
        total += n;
    if (s.trial_sizes.empty() || total != samples)
        return {static_cast<uint64_t>(samples)};
    return s.trial_sizes;
}

} // namespace

// Harness data: each trial's total divided into its mean per call, one point
// per trial in trial order, as the Distributions page draws them.
TimelineSeries trialPointsOf(const Record &record, TimelineUnit unit)
{
    TimelineSeries series;
    series.unit = unit;
    series.trialPoints = true;
    std::vector<double> values;
    auto fill = [&](TimelineUnit u) {
        values.clear();
        for (const TrialTotals &t : record.trials)
            if (t.measurements > 0)
                values.push_back(u == TimelineUnit::Counter ? t.mean_count_per_call() : t.mean_ns_per_call());
        return !values.empty() && std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
    };
    if (!fill(series.unit)) {
        series.unit = series.unit == TimelineUnit::Counter ? TimelineUnit::Time : TimelineUnit::Counter;
        if (!fill(series.unit)) {
            series.notes << tr("This record has no trial totals to draw.");
            return series;
        }
    }
    if (series.unit == TimelineUnit::Counter) {
        series.unitName = coreText(counter_unit(record));
    } else {
        std::vector<uint64_t> ns(values.begin(), values.end());
        chooseTimeScale(series, ns);
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        series.x.push_back(static_cast<double>(i));
        series.y.push_back(values[i] / series.scale);
        TimelineTrial trial;
        trial.start = i;
        trial.count = 1;
        trial.median = series.y.back();
        series.trials.push_back(trial);
    }
    series.notes << tr("Trial totals only: each point is one trial's mean per call (n = %1 trials), not an iteration.")
                        .arg(values.size());
    return series;
}

std::pair<double, QString> timeDisplayUnit(double ns)
{
    if (ns >= 1e6)
        return {1e6, QStringLiteral("ms")};
    if (ns >= 1e3)
        return {1e3, QStringLiteral("\u00b5s")};
    return {1, QStringLiteral("ns")};
}

std::vector<std::size_t> TimelineSeries::boundaries() const
{
    std::vector<std::size_t> out;
    for (std::size_t t = 1; t < trials.size(); ++t)
        out.push_back(trials[t].start);
    return out;
}

std::size_t TimelineSeries::disturbedTrials() const
{
    return static_cast<std::size_t>(
        std::count_if(trials.begin(), trials.end(), [](const TimelineTrial &t) { return t.disturbed; }));
}

int TimelineSeries::trialOf(std::size_t index) const
{
    if (index >= size())
        return -1;
    // The last trial starting at or before index that holds iterations.
    for (std::size_t t = trials.size(); t-- > 0;)
        if (trials[t].count > 0 && trials[t].start <= index)
            return static_cast<int>(t);
    return -1;
}

TimelineSeries computeTimeline(const Record &record, TimelineUnit unit)
{
    TimelineSeries series;
    series.unit = unit;
    const RecordSamples *s = record.kexbench ? &*record.kexbench : nullptr;
    if (!s || (s->ticks.empty() && s->ns.empty()))
        return trialPointsOf(record, unit);
    if (unit == TimelineUnit::Counter && s->ticks.empty()) {
        series.unit = TimelineUnit::Time;
        series.notes << tr("time: this record has no counter values");
    }
    if (unit == TimelineUnit::Time && s->ns.empty()) {
        series.unit = TimelineUnit::Counter;
        series.notes << tr("counter: this record has no nanosecond values");
    }
    const std::vector<uint64_t> &raw = series.unit == TimelineUnit::Counter ? s->ticks : s->ns;
    if (series.unit == TimelineUnit::Counter)
        series.unitName = coreText(counter_unit(*s));
    else
        chooseTimeScale(series, raw);

    series.x.resize(raw.size());
    series.y.resize(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        series.x[i] = static_cast<double>(i);
        series.y[i] = static_cast<double>(raw[i]) / series.scale;
    }

    std::size_t at = 0;
    const std::vector<uint64_t> sizes = trialSizes(*s, raw.size());
    for (std::size_t t = 0; t < sizes.size(); ++t) {
        TimelineTrial trial;
        trial.start = at;
        trial.count = static_cast<std::size_t>(sizes[t]);
        if (trial.count > 0)
            trial.median = stats::median(std::span<const double>(series.y.data() + at, trial.count));
        // health is one entry per kept trial, in trial order (its `trial` is the 1-based slot).
        const auto health = std::find_if(s->health.begin(), s->health.end(),
                                         [&](const TrialHealth &h) { return h.trial == static_cast<int>(t + 1); });
        const TrialHealth *h = health != s->health.end() ? &*health : (t < s->health.size() ? &s->health[t] : nullptr);
        if (h && h->disturbed) {
            trial.disturbed = true;
            trial.reason = QString::fromStdString(h->reason);
        }
        series.trials.push_back(std::move(trial));
        at += static_cast<std::size_t>(sizes[t]);
    }
    return series;
}

} // namespace kexbench::ui
