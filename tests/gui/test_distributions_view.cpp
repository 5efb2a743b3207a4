// SPDX-License-Identifier: GPL-3.0-or-later
// The Distributions page as a reader uses it (issue 15): overlays on one set
// of bins as densities, zoom reset by double-click and Home, values under the
// mouse, the empty plot filling its area, and readable controls in a
// 1024x700 main window. Synthetic records of known size and shape; the
// screenshots go to /tmp/kexbench-gui-shots/distributions-*.png.
#include "gui_test_util.h"

#include "distributionspage.h"
#include "logaxis.h"
#include "mainwindow.h"

#include "core/data/dataset.h"
#include "core/data/record.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDockWidget>
#include <QDir>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QTabWidget>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>
#include <numeric>
#include <random>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// n iterations of one call, normal around `mean` ticks (TSC) with the same time in ns.
Record sampled(const std::string &label, const std::string &op, std::size_t n, double mean, double sd, unsigned seed)
{
    Record r;
    r.status = "complete";
    r.candidate = label;
    r.label = label;
    r.instance = label;
    r.operation = op;
    r.kexbench.emplace();
    r.kexbench->counter = "tsc";
    r.kexbench->counter_unit = "TSC ticks";
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> d(mean, sd);
    for (std::size_t i = 0; i < n; ++i) {
        const auto v = static_cast<uint64_t>(std::max(1.0, d(rng)));
        r.kexbench->ticks.push_back(v);
        r.kexbench->ns.push_back(v / 3);
    }
    return r;
}

std::shared_ptr<const Dataset> dataset(const std::string &system, std::size_t n, unsigned seed)
{
    auto d = std::make_shared<Dataset>();
    d->root = "/nonexistent/" + system;
    d->system_label = system;
    unsigned k = 0;
    for (const char *label : {"ECDHE-P256", "X25519-NIKE"})
        for (const char *op : {"exchange", "derive_b"})
            d->records.push_back(sampled(label, op, n, 30000 + 5000 * k, 900, seed + k++));
    return d;
}

QString shot(const QString &name)
{
    QDir().mkpath(QStringLiteral("/tmp/kexbench-gui-shots"));
    return QStringLiteral("/tmp/kexbench-gui-shots/distributions-%1.png").arg(name);
}

double integral(const DistributionSeries &s)
{
    double total = 0;
    for (std::size_t b = 0; b < s.density.size(); ++b)
        total += s.density[b] *
                 (s.logBins ? std::log10(s.binHigh[b]) - std::log10(s.binLow[b]) : s.binHigh[b] - s.binLow[b]);
    return total;
}

struct Ranges {
    QCPRange x, y;
};
Ranges ranges(QCustomPlot *p) { return {p->xAxis->range(), p->yAxis->range()}; }
void expectSame(const Ranges &a, const Ranges &b)
{
    EXPECT_DOUBLE_EQ(a.x.lower, b.x.lower);
    EXPECT_DOUBLE_EQ(a.x.upper, b.x.upper);
    EXPECT_DOUBLE_EQ(a.y.lower, b.y.lower);
    EXPECT_DOUBLE_EQ(a.y.upper, b.y.upper);
}

QPoint centreOf(QCustomPlot *p) { return p->axisRect()->rect().center(); }

void wheel(QCustomPlot *p, QPoint at, int steps)
{
    QWheelEvent e(QPointF(at), QPointF(p->mapToGlobal(at)), QPoint(), QPoint(0, 120 * steps), Qt::NoButton,
                  Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(p, &e);
}

} // namespace

TEST(DistributionsView, OverlaysShareBinsAndAreDensities)
{
    // Same distribution, n = 6355 against n = 447: as drawn, both have area 1 on the same bins.
    const Record big = sampled("X", "exchange", 6355, 50000, 1200, 1);
    const Record small = sampled("X", "exchange", 447, 50000, 1200, 2);
    SampleCache cache;
    for (bool log : {false, true}) {
        DistributionOptions o;
        o.logScale = log;
        const DistributionPlot p =
            computeDistribution({{QStringLiteral("big"), &big}, {QStringLiteral("small"), &small}}, o, cache);
        ASSERT_EQ(p.series.size(), 2u);
        const DistributionSeries &a = p.series[0], &b = p.series[1];
        EXPECT_EQ(a.n, 6355u);
        EXPECT_EQ(b.n, 447u);
        ASSERT_FALSE(a.binLow.empty());
        EXPECT_EQ(a.binLow, b.binLow) << "log " << log;
        EXPECT_EQ(a.binHigh, b.binHigh) << "log " << log;
        ASSERT_EQ(a.density.size(), a.counts.size());
        ASSERT_EQ(b.density.size(), b.counts.size());
        EXPECT_NEAR(integral(a), 1.0, 1e-9) << "log " << log;
        EXPECT_NEAR(integral(b), 1.0, 1e-9) << "log " << log;
        EXPECT_DOUBLE_EQ(std::accumulate(a.counts.begin(), a.counts.end(), 0.0), 6355.0);
        EXPECT_DOUBLE_EQ(std::accumulate(b.counts.begin(), b.counts.end(), 0.0), 447.0);
        // Same shape, so the peak densities are alike although the counts differ 14-fold.
        const double peakA = *std::max_element(a.density.begin(), a.density.end());
        const double peakB = *std::max_element(b.density.begin(), b.density.end());
        EXPECT_LT(std::abs(peakA - peakB) / peakA, 0.6) << peakA << " vs " << peakB;
        const double countA = *std::max_element(a.counts.begin(), a.counts.end());
        const double countB = *std::max_element(b.counts.begin(), b.counts.end());
        EXPECT_GT(countA / countB, 5.0);
    }

    // Distributions far apart (x86 against ARM): still one grid, each keeps bins of its own shape.
    const Record fast = sampled("X", "exchange", 2000, 10000, 100, 3);
    const Record slow = sampled("X", "exchange", 300, 100000, 3000, 4);
    const DistributionPlot p =
        computeDistribution({{QStringLiteral("fast"), &fast}, {QStringLiteral("slow"), &slow}}, {}, cache);
    EXPECT_EQ(p.series[0].binLow, p.series[1].binLow);
    EXPECT_NEAR(integral(p.series[0]), 1.0, 1e-9);
    EXPECT_NEAR(integral(p.series[1]), 1.0, 1e-9);
    const auto nonEmpty = [](const DistributionSeries &s) {
        return std::count_if(s.counts.begin(), s.counts.end(), [](double c) { return c > 0; });
    };
    EXPECT_GE(nonEmpty(p.series[0]), 10);
    EXPECT_GE(nonEmpty(p.series[1]), 10);

    // On the plot: bars of densities, the axis says so.
    DistributionsPage page(nullptr);
    page.resize(1000, 700);
    auto one = std::make_shared<Dataset>(), two = std::make_shared<Dataset>();
    one->system_label = "x86_big";
    one->records.push_back(big);
    two->system_label = "x86_small";
    two->records.push_back(small);
    page.setSnapshots({{QStringLiteral("x86_big"), one}, {QStringLiteral("x86_small"), two}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("X"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    page.setOverlay(1);
    ASSERT_TRUE(settle(page));
    ASSERT_EQ(page.plot()->plottableCount(), 2);
    EXPECT_TRUE(page.plot()->yAxis->label().startsWith(QStringLiteral("density")))
        << page.plot()->yAxis->label().toStdString();
    for (int i = 0; i < 2; ++i) {
        auto *bars = qobject_cast<QCPBars *>(page.plot()->plottable(i));
        ASSERT_TRUE(bars);
        double area = 0;
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
            area += it->value * bars->width();
        EXPECT_NEAR(area, 1.0, 1e-9);
    }
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("overlay-density"))));
}

TEST(DistributionsView, DoubleClickAndHomeResetTheZoom)
{
    DistributionsPage page(nullptr);
    page.resize(1000, 700);
    page.setSnapshots(
        {{QStringLiteral("x86"), dataset("x86", 3000, 10)}, {QStringLiteral("arm"), dataset("arm", 400, 20)}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("ECDHE-P256"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    page.setOverlay(1);
    ASSERT_TRUE(settle(page));
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    QCustomPlot *plot = page.plot();
    const Ranges full = ranges(plot);
    EXPECT_FALSE(page.isZoomed());

    for (PlotKind kind : {PlotKind::Histogram, PlotKind::Ecdf, PlotKind::Box}) {
        DistributionOptions o;
        o.kind = kind;
        page.setOptions(o);
        ASSERT_TRUE(settle(page));
        const Ranges drawn = ranges(plot);
        // A real wheel turn over the axis rect zooms in.
        wheel(plot, centreOf(plot), 3);
        EXPECT_TRUE(page.isZoomed());
        EXPECT_LT(plot->xAxis->range().size(), drawn.x.size());
        // A double-click restores the full ranges.
        QMouseEvent dbl(QEvent::MouseButtonDblClick, QPointF(centreOf(plot)),
                        QPointF(plot->mapToGlobal(centreOf(plot))), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(plot, &dbl);
        EXPECT_FALSE(page.isZoomed());
        expectSame(ranges(plot), drawn);

        // Zoom and pan with the ranges as a wheel would set them, then Home on the plot, then on the page.
        plot->xAxis->scaleRange(0.25, plot->xAxis->range().center());
        plot->yAxis->moveRange(plot->yAxis->range().size() * 0.3);
        EXPECT_TRUE(page.isZoomed());
        QKeyEvent home(QEvent::KeyPress, Qt::Key_Home, Qt::NoModifier);
        QCoreApplication::sendEvent(plot, &home);
        expectSame(ranges(plot), drawn);
        wheel(plot, centreOf(plot), -2);
        EXPECT_TRUE(page.isZoomed());
        QKeyEvent homeOnPage(QEvent::KeyPress, Qt::Key_Home, Qt::NoModifier);
        QCoreApplication::sendEvent(&page, &homeOnPage);
        expectSame(ranges(plot), drawn);
    }
    page.setOptions({});
    ASSERT_TRUE(settle(page));
    expectSame(ranges(plot), full);
}

TEST(DistributionsView, HoverShowsTheBinAndEachSeries)
{
    DistributionsPage page(nullptr);
    page.resize(1000, 700);
    page.setSnapshots(
        {{QStringLiteral("x86"), dataset("x86", 3000, 10)}, {QStringLiteral("arm"), dataset("arm", 400, 20)}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("ECDHE-P256"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    page.setOverlay(1);
    ASSERT_TRUE(settle(page));
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    QCustomPlot *plot = page.plot();
    // Copies: changing the options below replaces the page's current plot.
    const DistributionPlot p = page.current();
    ASSERT_EQ(p.series.size(), 2u);
    // The fullest bin of the first series.
    const DistributionSeries &a = p.series[0], &b = p.series[1];
    const auto peak = static_cast<std::size_t>(std::max_element(a.counts.begin(), a.counts.end()) - a.counts.begin());
    const double centre = (a.binLow[peak] + a.binHigh[peak]) / 2;
    const QPoint at(qRound(plot->xAxis->coordToPixel(centre)), centreOf(plot).y());
    QMouseEvent move(QEvent::MouseMove, QPointF(at), QPointF(plot->mapToGlobal(at)), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &move);
    const QString text = page.hoverText();
    const QLocale locale;
    EXPECT_TRUE(text.contains(locale.toString(a.binLow[peak], 'g', 6) + QStringLiteral(" \u2013 ") +
                              locale.toString(a.binHigh[peak], 'g', 6)))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("x86: density %1, %2 of 3000 iterations")
                                  .arg(locale.toString(a.density[peak], 'g', 3))
                                  .arg(static_cast<qulonglong>(a.counts[peak]))))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("arm: density %1, %2 of 400 iterations")
                                  .arg(locale.toString(b.density[peak], 'g', 3))
                                  .arg(static_cast<qulonglong>(b.counts[peak]))))
        << text.toStdString();
    EXPECT_EQ(QToolTip::text(), text);
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("hover"))));

    // ECDF: the fraction at or below the cursor, per series.
    DistributionOptions o;
    o.kind = PlotKind::Ecdf;
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    const QPoint median(qRound(plot->xAxis->coordToPixel(a.median)), centreOf(plot).y());
    QMouseEvent move2(QEvent::MouseMove, QPointF(median), QPointF(plot->mapToGlobal(median)), Qt::NoButton,
                      Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &move2);
    EXPECT_TRUE(page.hoverText().contains(QStringLiteral("x86: "))) << page.hoverText().toStdString();
    EXPECT_TRUE(page.hoverText().contains(QStringLiteral("% of iterations"))) << page.hoverText().toStdString();

    // Outside the axis rect: nothing.
    QMouseEvent out(QEvent::MouseMove, QPointF(2, 2), QPointF(plot->mapToGlobal(QPoint(2, 2))), Qt::NoButton,
                    Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &out);
    EXPECT_TRUE(page.hoverText().isEmpty());
}

TEST(DistributionsView, EmptyPlotFillsItsArea)
{
    Workbench workbench;
    DistributionsPage page(&workbench);
    page.resize(900, 640);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    QCoreApplication::processEvents();
    QCustomPlot *plot = page.plot();
    EXPECT_EQ(plot->plottableCount(), 0);
    EXPECT_GT(plot->width(), 800);
    EXPECT_GT(plot->height(), 450);
    EXPECT_EQ(plot->viewport(), plot->rect());
    // The drawn axis rect spans the widget, not a corner of it.
    const QRect axes = plot->axisRect()->outerRect();
    EXPECT_GT(axes.width(), plot->width() * 8 / 10) << axes.width() << " of " << plot->width();
    EXPECT_GT(axes.height(), plot->height() * 6 / 10) << axes.height() << " of " << plot->height();
    // And what is painted: the bottom axis line lies in the lower part of the widget's image.
    const QImage image = plot->grab().toImage();
    EXPECT_EQ(image.size() / image.devicePixelRatio(), plot->size());
    EXPECT_GT(plot->xAxis->axisRect()->bottom(), plot->height() * 7 / 10);
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("empty"))));
}

namespace {

// Every item of every box fits the closed box's text field.
void expectWholeTexts(QWidget *page)
{
    EXPECT_EQ(page->findChildren<QComboBox *>().size(), 6);
    const QStringList cut = comboTextsThatDoNotFit(page, /*everyItem=*/true);
    EXPECT_TRUE(cut.isEmpty()) << cut.join(QLatin1Char('\n')).toStdString();
}

} // namespace

TEST(DistributionsView, ControlsReadableAt1024x700)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    workbench.addDataset(dataset("x86_1", 500, 30), QString());
    workbench.addDataset(dataset("arm_1", 300, 40), QString());
    window.resize(1024, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    auto *pages = window.findChild<QTabWidget *>();
    ASSERT_TRUE(pages);
    DistributionsPage *page = window.findChild<DistributionsPage *>();
    ASSERT_TRUE(page);
    pages->setCurrentWidget(page);
    ASSERT_TRUE(page->select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(*page));
    page->setOverlay(1);
    ASSERT_TRUE(settle(*page));
    QCoreApplication::processEvents();

    // What this page asks of the window: the docks and tab frame around it,
    // plus its own minimum, stay within 1000 px. (The window's minimum is the
    // largest page's; the other pages have tests of their own.)
    int largestPage = 0;
    for (int i = 0; i < pages->count(); ++i)
        largestPage = std::max(largestPage, pages->widget(i)->minimumSizeHint().width());
    const int around = window.minimumSizeHint().width() - largestPage;
    EXPECT_LE(around + page->minimumSizeHint().width(), 1000)
        << "around " << around << ", page " << page->minimumSizeHint().width();
    expectWholeTexts(page);
    EXPECT_TRUE(window.grab().save(shot(QStringLiteral("1024x700"))));

    // The same page at exactly the width a 1024 px window leaves it.
    const int width = 1024 - around;
    DistributionsPage alone(&workbench);
    alone.resize(width, 560);
    alone.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&alone));
    ASSERT_TRUE(alone.select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(alone));
    alone.setOverlay(1);
    ASSERT_TRUE(settle(alone));
    QCoreApplication::processEvents();
    EXPECT_EQ(alone.width(), width);
    expectWholeTexts(&alone);
    EXPECT_TRUE(alone.grab().save(shot(QStringLiteral("page-at-1024"))));
}

// Issue 33 item 16 (c): on a log axis the labelled ticks reach the data, not
// only the powers of ten around it (a bulk at ≈ 295 µs, a tail to 5 ms).
TEST(DistributionsView, LogAxisLabelsTicksWhereTheDataIs)
{
    auto generate = [](double low, double high) {
        LogAxisTicker ticker;
        QVector<double> ticks, subTicks;
        QVector<QString> labels;
        ticker.generate(QCPRange(low, high), QLocale::c(), QLatin1Char('g'), 6, ticks, &subTicks, &labels);
        return std::pair{ticks, labels};
    };
    // Up to 1.5 decades: 1-2-3-5 per decade, so the bulk at ≈ 295 has 300 beside it.
    const auto [ticks, labels] = generate(250, 5000);
    EXPECT_EQ(ticks, (QVector<double>{300, 500, 1000, 2000, 3000, 5000}));
    EXPECT_EQ(labels, (QVector<QString>{QStringLiteral("300"), QStringLiteral("500"), QStringLiteral("1000"),
                                        QStringLiteral("2000"), QStringLiteral("3000"), QStringLiteral("5000")}));
    // Under three decades: 1-2-5 per decade.
    EXPECT_EQ(generate(150, 50000).first, (QVector<double>{200, 500, 1000, 2000, 5000, 10000, 20000, 50000}));
    // Narrower than two 1-2-5 steps: linear steps, all inside.
    const auto narrow = generate(280, 310).first;
    EXPECT_GE(narrow.size(), 2);
    for (double t : narrow)
        EXPECT_TRUE(t >= 280 && t <= 310) << t;
    // Many decades: the powers of ten, drawn as 10^k.
    const auto [wide, wideLabels] = generate(1, 1e6);
    EXPECT_EQ(wide.front(), 1.0);
    for (const QString &label : wideLabels)
        EXPECT_TRUE(label.contains(QLatin1Char('e'))) << label.toStdString();

    // On the page: 900 calls around 295 µs, 100 spread up to 5000 µs.
    Record r = sampled("X", "exchange", 1000, 30000, 900, 7);
    std::mt19937_64 rng(7);
    std::normal_distribution<double> bulk(295000, 3000);
    std::uniform_real_distribution<double> tail(300000, 5000000);
    for (std::size_t i = 0; i < r.kexbench->ns.size(); ++i)
        r.kexbench->ns[i] = static_cast<uint64_t>(i % 10 == 9 ? tail(rng) : bulk(rng));
    auto data = std::make_shared<Dataset>();
    data->system_label = "x86";
    data->records.push_back(r);
    DistributionsPage page(nullptr);
    page.resize(1000, 700);
    page.show();
    page.setSnapshots({{QStringLiteral("x86"), data}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("X"), QStringLiteral("exchange")));
    DistributionOptions o;
    o.unit = ValueUnit::Time;
    o.logScale = true;
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    QCPAxis *axis = page.plot()->xAxis;
    ASSERT_EQ(axis->scaleType(), QCPAxis::stLogarithmic);
    ASSERT_TRUE(axis->label().contains(QString::fromUtf8("\u00b5s"))) << axis->label().toStdString();
    page.plot()->replot();
    const QVector<double> shown = axis->tickVector();
    const QVector<QString> shownLabels = axis->tickVectorLabels();
    ASSERT_EQ(shown.size(), shownLabels.size());
    int nearBulk = 0;
    for (int i = 0; i < shown.size(); ++i)
        if (axis->range().contains(shown[i]) && shown[i] >= 250 && shown[i] < 400 && !shownLabels[i].isEmpty())
            ++nearBulk;
    EXPECT_GE(nearBulk, 1) << "range " << axis->range().lower << " - " << axis->range().upper << ", labels "
                           << QStringList(shownLabels.begin(), shownLabels.end()).join(QLatin1Char(' ')).toStdString();
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("log-axis-labels"))));
}
