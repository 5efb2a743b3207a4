// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare page's first chart, as data: one row per instance x operation
// with a trial-level test (OperationComparison::verdict_test()), its ratio
// B / A of the trial medians and that ratio's interval, coloured by verdict,
// on a logarithmic axis centred on 1.00x with the margin band 1 ± Δ. The page
// draws it (a forest plot); everything that decides what is drawn is here, so
// it is tested without painting. Data only: no widgets.
#pragma once

#include "core/analysis/compare.h"

#include <QColor>
#include <QString>
#include <QVector>

#include <array>

namespace kexbench::ui {

// One row of the plot.
struct RatioRow {
    QString label;         // "ADKEX-128 · exchange"
    double ratio = 0;      // median_ratio: B / A of the trial medians
    bool interval = false; // ratio_ci reached: low and high hold it
    double low = 0, high = 0;
    Verdict verdict = Verdict::too_few_trials;
    QColor color;    // verdict_color(verdict)
    QString toolTip; // ratio, interval, p, verdict words; "n/a" and why without an interval
};

struct RatioPlotData {
    QVector<RatioRow> rows;           // in the comparison's (the table's) order
    int withoutTest = 0;              // rows of the comparison left out: no trial-level test
    double margin = 0;                // Δ as a fraction
    double bandLow = 1, bandHigh = 1; // 1 - Δ, 1 + Δ
    double axisLow = 1, axisHigh = 1; // axisLow * axisHigh == 1: symmetric in log about 1
    std::array<int, 5> counts{};      // rows per Verdict (indexed by its value)
    QString axisTitle;                // "B / A: arm_1 / x86_1 (logarithmic)"
    QString caption;                  // why rows are left out; empty when none is
    QString pairing;                  // two instances of one dataset: paired by round (N rounds) or why not; else empty
    QString emptyText;                // when no row has a test: what the tab says instead
};

// A comparison's rows, values, colours and axis range.
RatioPlotData ratio_plot_data(const Comparison &comparison);

// faster green, slower red, equivalent blue, inconclusive grey, n/a light grey.
QColor verdict_color(Verdict verdict);

// Tick positions for a log ratio axis on [low, high]: 1 and a few reciprocal
// pairs (2 and 0.5, 1.25 and 0.8, ...) that fit, evenly spread in log.
QVector<double> ratio_ticks(double low, double high);
// "0.5×", "1×", "1.25×".
QString ratio_tick_label(double ratio);

} // namespace kexbench::ui
