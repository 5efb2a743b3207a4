// SPDX-License-Identifier: GPL-3.0-or-later
// The one rule for a logarithmic value axis (Distributions, Timeline): the
// labelled ticks must reach the data. QCPAxisTickerLog labels powers of ten
// only, so data inside one or two decades (timings at 200-5000 µs) sat
// between unlabelled sub-ticks. LogAxisTicker picks its ladder by the span:
//   - three decades or more: powers of ten, labelled 10^k, 2..9 as sub-ticks;
//   - less: 1-2-5 per decade labelled (200, 500, 1000, 2000, 5000), the
//     other whole multiples as sub-ticks; up to 1.5 decades 1-2-3-5
//     (300, 500, 1000, 2000, 3000, 5000 for 250-5000);
//   - a range so narrow that 1-2-5 labels fewer than two ticks: linear
//     steps (280, 290, 300), still on the logarithmic scale.
#pragma once

#include <qcustomplot.h>

namespace kexbench::ui {

class LogAxisTicker : public QCPAxisTickerLog {
public:
    enum class Ladder { Decades, OneTwoFive, Linear };
    // The ladder the range gets (the rule above); ranges not above 0 get Decades.
    static Ladder ladderFor(const QCPRange &range);

    void generate(const QCPRange &range, const QLocale &locale, QChar formatChar, int precision, QVector<double> &ticks,
                  QVector<double> *subTicks, QVector<QString> *tickLabels) override;

protected:
    // Powers of ten as "1e+03", which an axis with the 'b' number format draws as 10³.
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;

private:
    QCPAxisTicker linear_; // the narrow ranges' ticks
};

// Makes `axis` logarithmic with LogAxisTicker and the number format it
// expects ("gb": plain numbers, beautified powers).
void setLogAxis(QCPAxis *axis);

} // namespace kexbench::ui
