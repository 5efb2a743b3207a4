// SPDX-License-Identifier: GPL-3.0-or-later
#include "ratioplot.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

namespace kexbench::ui {

namespace {

QString ratioText(double r) { return QString::fromStdString(ratio_cell(r)); }

// Trials, p and the verdict, as a reader hovering a row wants them.
QString rowToolTip(const Comparison &c, const OperationComparison &op, const SampleTest &test)
{
    const QString side =
        QStringLiteral("%1 / %2").arg(QString::fromStdString(c.system_b), QString::fromStdString(c.system_a));
    QStringList lines;
    lines << QStringLiteral("%1 \u00b7 %2").arg(QString::fromStdString(op.label), QString::fromStdString(op.operation));
    lines << (test.paired
                  ? QCoreApplication::translate("RatioPlot", "%1 = %2 (Hodges–Lehmann centre of the round ratios)")
                  : QCoreApplication::translate("RatioPlot", "%1 = %2 (median of the trial values)"))
                 .arg(side, ratioText(test.median_ratio));
    if (test.ratio_ci.reached)
        lines << QCoreApplication::translate("RatioPlot", "%1 % interval: %2 – %3")
                     .arg(QLocale::c().toString(100 * (1 - c.options.alpha), 'g', 3), ratioText(test.ratio_ci.low),
                          ratioText(test.ratio_ci.high));
    else // the reason is core's: too few trials for the level, or ties
        lines << QCoreApplication::translate("RatioPlot", "No interval: %1")
                     .arg(QString::fromStdString(test.ratio_ci_reason.empty() ? test.verdict_note
                                                                              : test.ratio_ci_reason));
    const int rounds = test.paired ? static_cast<int>(test.paired->rounds) : 0;
    if (test.paired && std::isfinite(test.p_value()))
        lines << QCoreApplication::translate("RatioPlot", "p = %1 (paired by round: %n round(s))", nullptr, rounds)
                     .arg(QLocale::c().toString(test.p_value(), 'g', 3));
    else if (std::isfinite(test.p_value()))
        lines << QCoreApplication::translate("RatioPlot", "p = %1 (%2 vs %3 trials)")
                     .arg(QLocale::c().toString(test.p_value(), 'g', 3))
                     .arg(test.a.trials())
                     .arg(test.b.trials());
    lines << QCoreApplication::translate("RatioPlot", "Verdict: %1")
                 .arg(QString::fromStdString(verdict_words(test.verdict, c.options.margin, c.options.language)));
    if (test.verdict == Verdict::too_few_trials && !test.verdict_note.empty())
        lines << QString::fromStdString(test.verdict_note);
    return lines.join(QLatin1Char('\n'));
}

// Every value the axis must show: the points, their intervals and the band's edges.
double largestLogDistance(const RatioPlotData &d)
{
    double h = 0;
    auto take = [&h](double v) {
        if (v > 0 && std::isfinite(v))
            h = std::max(h, std::fabs(std::log(v)));
    };
    for (const RatioRow &r : d.rows) {
        take(r.ratio);
        if (r.interval) {
            take(r.low);
            take(r.high);
        }
    }
    take(d.bandLow);
    take(d.bandHigh);
    return h;
}

} // namespace

QColor verdict_color(Verdict verdict)
{
    switch (verdict) {
    case Verdict::faster:
        return QColor(0x1b, 0x7f, 0x3a);
    case Verdict::slower:
        return QColor(0xb0, 0x2a, 0x1e);
    case Verdict::equivalent:
        return QColor(0x2b, 0x5c, 0x8a);
    case Verdict::inconclusive:
        return QColor(0x80, 0x80, 0x80);
    case Verdict::too_few_trials:
        break;
    }
    return QColor(0xbb, 0xbb, 0xbb);
}

RatioPlotData ratio_plot_data(const Comparison &c)
{
    RatioPlotData d;
    d.margin = c.options.margin;
    d.bandLow = 1 - c.options.margin;
    d.bandHigh = 1 + c.options.margin;
    for (const OperationComparison &op : c.operations) {
        const SampleTest *test = op.verdict_test();
        if (!test || !(test->median_ratio > 0) || !std::isfinite(test->median_ratio)) {
            ++d.withoutTest;
            continue;
        }
        RatioRow row;
        row.label =
            QStringLiteral("%1 \u00b7 %2").arg(QString::fromStdString(op.label), QString::fromStdString(op.operation));
        row.ratio = test->median_ratio;
        row.interval = test->ratio_ci.reached && test->ratio_ci.low > 0 && std::isfinite(test->ratio_ci.high);
        if (row.interval) {
            row.low = test->ratio_ci.low;
            row.high = test->ratio_ci.high;
        }
        row.verdict = test->verdict;
        row.color = verdict_color(row.verdict);
        row.toolTip = rowToolTip(c, op, *test);
        ++d.counts[static_cast<size_t>(row.verdict)];
        d.rows << row;
    }
    // Symmetric in log about 1, so 0.8x and 1.25x sit equally far from the
    // centre line; a tenth more than the farthest value, at least ±5 %.
    const double h = 1.1 * std::max(largestLogDistance(d), std::log(1.05));
    d.axisLow = std::exp(-h);
    d.axisHigh = std::exp(h);
    d.axisTitle =
        (c.options.paired
             ? QCoreApplication::translate("RatioPlot", "B / A = %1 / %2, paired by round (logarithmic)")
             : QCoreApplication::translate("RatioPlot", "B / A = %1 / %2, median of the trial values (logarithmic)"))
            .arg(QString::fromStdString(c.system_b), QString::fromStdString(c.system_a));
    // Two instances of one dataset: how their trials were compared, core's line (Comparison::pairing).
    d.pairing = QString::fromStdString(c.pairing);
    if (d.withoutTest > 0)
        d.caption =
            QCoreApplication::translate("RatioPlot",
                                        "%n row(s) of the table left out: no trial values on both sides (a published "
                                        "page has none), so no test and no interval.",
                                        nullptr, d.withoutTest);
    if (d.rows.isEmpty() && c.operations.empty())
        d.emptyText = QCoreApplication::translate(
            "RatioPlot", "No instance and operation is in both datasets: there is no ratio to draw.");
    // (A count in a variable: lupdate skips a translate() whose argument is a static_cast.)
    const int operations = static_cast<int>(c.operations.size());
    if (d.rows.isEmpty() && operations > 0)
        d.emptyText = QCoreApplication::translate("RatioPlot",
                                                  "None of the %n row(s) has trial values on both sides, so there "
                                                  "is no ratio interval to draw. The table below lists the "
                                                  "published method's ratios.",
                                                  nullptr, operations);
    return d;
}

QVector<double> ratio_ticks(double low, double high)
{
    // Upper ticks whose reciprocals read well (1.25 and 0.8, 2 and 0.5).
    static const double ladder[] = {1.01, 1.02, 1.05, 1.1, 1.25, 2, 4, 10, 20, 50, 100, 1000};
    static const double reciprocal[] = {0.99, 0.98, 0.95, 0.9, 0.8, 0.5, 0.25, 0.1, 0.05, 0.02, 0.01, 0.001};
    const double h = std::log(std::min(high, 1 / low));
    QVector<double> upper, lower;
    double kept = std::numeric_limits<double>::infinity();
    // From the farthest fitting tick inwards: a tick joins when it is at
    // least a third of the half-axis from the last one kept, and not crowding 1.
    for (int i = static_cast<int>(std::size(ladder)) - 1; i >= 0; --i) {
        const double u = std::log(ladder[i]);
        if (u > h || kept - u < h / 3 || u < h / 6)
            continue;
        kept = u;
        upper.prepend(ladder[i]);
        if (reciprocal[i] >= low)
            lower.append(reciprocal[i]);
    }
    QVector<double> ticks = lower;
    ticks << 1.0 << upper;
    return ticks;
}

QString ratio_tick_label(double ratio) { return QLocale::c().toString(ratio, 'g', 3) + QStringLiteral("\u00d7"); }

} // namespace kexbench::ui
