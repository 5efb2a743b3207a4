// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline of one record: every timed iteration against its index across
// the trials, with the trial boundaries, each trial's median and whether the
// trial was judged disturbed (docs/method.md, "Disturbed trials"). Drift over
// a campaign and bursts of noise show here, where a histogram mixes them in.
//
// computeTimeline() is a pure function of the record (no widgets, callable
// from any thread): the Timeline page runs it off the GUI thread and only
// turns the result into plottables.
#pragma once

#include <QString>
#include <QStringList>

#include <cstddef>
#include <limits>
#include <utility>
#include <vector>

namespace kexbench {
struct Record;
} // namespace kexbench

namespace kexbench::ui {

enum class TimelineUnit { Counter, Time };

struct TimelineTrial {
    std::size_t start = 0;                                    // index of its first iteration in TimelineSeries::x/y
    std::size_t count = 0;                                    // its iterations (0 for an empty trial slot)
    double median = std::numeric_limits<double>::quiet_NaN(); // in the display unit
    bool disturbed = false;                                   // no clean attempt of this trial (TrialHealth::disturbed)
    QString reason;                                           // why, in English as core wrote it; empty when clean
};

struct TimelineSeries {
    TimelineUnit unit = TimelineUnit::Counter; // effective: Counter falls back to Time without ticks
    QString unitName;         // "TSC ticks", "cycles", "ns", "µs", "ms" (counter names in the window's language)
    double scale = 1;         // display value = raw value / scale
    std::vector<double> x, y; // iteration index (0-based, across trials) and value
    std::vector<TimelineTrial> trials; // in record order
    QStringList notes;                 // why something is missing or substituted
    bool trialPoints = false;          // harness data: one point per trial (its mean per call), x is the trial

    std::size_t size() const { return y.size(); }
    bool empty() const { return y.empty(); }
    // The first index of every trial after the first: where boundary lines go.
    std::vector<std::size_t> boundaries() const;
    std::size_t disturbedTrials() const;
    // The trial (0-based) the iteration at `index` belongs to; -1 outside.
    int trialOf(std::size_t index) const;
};

// The unit a time of this size in nanoseconds reads best in: (divisor, "ns" | "µs" | "ms").
// One rule for the Timeline and Distributions pages.
std::pair<double, QString> timeDisplayUnit(double ns);

// The record's samples in the chosen unit (ticks for Counter, ns for Time,
// shown in ns, µs or ms by their median). A record without per-iteration
// samples (a harness record) gives an empty series with a note.
TimelineSeries computeTimeline(const Record &record, TimelineUnit unit);
// A record without per-iteration samples (harness data): one point per trial.
TimelineSeries trialPointsOf(const Record &record, TimelineUnit unit);

} // namespace kexbench::ui
