// SPDX-License-Identifier: GPL-3.0-or-later
#include "logaxis.h"

#include <cmath>
#include <initializer_list>

namespace kexbench::ui {

namespace {

// From this many decades on, powers of ten alone label the data often enough.
constexpr double kDecadesForPowers = 3;
// Up to this many decades the 1-2-5 ladder also labels 3 × 10^k.
constexpr double kDecadesForThrees = 1.5;

// Every m × 10^k inside the range, for the given mantissas m, in ascending order.
QVector<double> multiplesIn(const QCPRange &range, std::initializer_list<int> mantissas)
{
    QVector<double> out;
    const int first = static_cast<int>(std::floor(std::log10(range.lower)));
    const int last = static_cast<int>(std::floor(std::log10(range.upper)));
    for (int k = first; k <= last; ++k) {
        const double decade = std::pow(10.0, k);
        for (int m : mantissas) {
            const double v = m * decade;
            if (v >= range.lower && v <= range.upper)
                out << v;
        }
    }
    return out;
}

} // namespace

LogAxisTicker::Ladder LogAxisTicker::ladderFor(const QCPRange &range)
{
    if (!(range.lower > 0) || !(range.upper > range.lower) || !std::isfinite(range.upper))
        return Ladder::Decades; // QCPAxisTickerLog's own handling of a degenerate range
    if (std::log10(range.upper / range.lower) >= kDecadesForPowers)
        return Ladder::Decades;
    if (multiplesIn(range, {1, 2, 5}).size() < 2)
        return Ladder::Linear;
    return Ladder::OneTwoFive;
}

void LogAxisTicker::generate(const QCPRange &range, const QLocale &locale, QChar formatChar, int precision,
                             QVector<double> &ticks, QVector<double> *subTicks, QVector<QString> *tickLabels)
{
    switch (ladderFor(range)) {
    case Ladder::Decades:
        QCPAxisTickerLog::generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
        return;
    case Ladder::Linear:
        linear_.generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
        return;
    case Ladder::OneTwoFive:
        break;
    }
    // Up to one and a half decades 3 × 10^k is labelled too, so a bulk at
    // 250-350 has a number beside it, not only the 200 or 500 around it.
    const bool short_span = std::log10(range.upper / range.lower) <= kDecadesForThrees;
    ticks = short_span ? multiplesIn(range, {1, 2, 3, 5}) : multiplesIn(range, {1, 2, 5});
    if (subTicks)
        *subTicks = short_span ? multiplesIn(range, {4, 6, 7, 8, 9}) : multiplesIn(range, {3, 4, 6, 7, 8, 9});
    if (tickLabels) {
        tickLabels->clear();
        // Six significant digits show every 1-2-5 value exactly ("200", "0.005").
        for (double t : ticks)
            *tickLabels << locale.toString(t, 'g', 6);
    }
}

QString LogAxisTicker::getTickLabel(double tick, const QLocale &locale, QChar, int)
{
    return locale.toString(tick, 'e', 0);
}

void setLogAxis(QCPAxis *axis)
{
    QSharedPointer<LogAxisTicker> ticker(new LogAxisTicker);
    ticker->setSubTickCount(8); // 2..9 × 10^k between the powers of ten
    axis->setTicker(ticker);
    axis->setScaleType(QCPAxis::stLogarithmic);
    axis->setNumberFormat(QStringLiteral("gb"));
    axis->setNumberPrecision(6);
}

} // namespace kexbench::ui
