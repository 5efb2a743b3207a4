// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 34 item 5: the Compare page's first chart is the ratios themselves, a
// forest plot: one row per instance x operation with a trial-level test, B / A
// of the trial medians as a point with its interval on a log axis centred on
// 1.00x, the margin band 1 ± Δ shaded, coloured by verdict. Before it the page
// opened on bars of absolute cycles, where 0.87x was a few pixels. The
// published x86_1 and arm_1 data are read at run time from ../shared/reference;
// the page tests skip without them.
#include "gui_test_util.h"

#include "comparepage.h"
#include "models/ratioplot.h"
#include "workbench.h"

#include "core/analysis/compare.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolTip>

#include <qcustomplot.h>

#include <cmath>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

const QString kData =
    QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/../shared/reference/ngcc-harness/performance/data");

bool havePair()
{
    return QFileInfo(kData + QStringLiteral("/x86_1")).isDir() && QFileInfo(kData + QStringLiteral("/arm_1")).isDir();
}

std::shared_ptr<const Dataset> load(const QString &path)
{
    auto ds = load_dataset(QFile::encodeName(path).toStdString());
    return ds ? std::make_shared<const Dataset>(std::move(ds.value())) : nullptr;
}

// The published pair, x86_1 as A and arm_1 as B, at the margin given (percent).
struct PublishedPair {
    Workbench workbench;
    ComparePage page;
    QDoubleSpinBox *margin = nullptr;

    explicit PublishedPair(double marginPercent, QSize size = QSize(1400, 900)) : page(&workbench)
    {
        // The box is remembered: a previous test's margin must not leak into this one.
        margin = page.findChild<QDoubleSpinBox *>(QStringLiteral("marginBox"));
        margin->setValue(marginPercent);
        workbench.addDataset(load(kData + QStringLiteral("/x86_1")), kData + QStringLiteral("/x86_1"));
        workbench.addDataset(load(kData + QStringLiteral("/arm_1")), kData + QStringLiteral("/arm_1"));
        page.resize(size);
        page.show();
        page.setDatasets(0, 1);
    }
    ~PublishedPair() { QSettings().remove(QStringLiteral("compare/margin")); }
    bool compared()
    {
        return QTest::qWaitFor([&] { return !page.busy() && page.comparison(); }, 60000);
    }
    // Waits for the comparison at margin Δ (a fraction).
    bool comparedAt(double margin)
    {
        return QTest::qWaitFor(
            [&] {
                return !page.busy() && page.comparison() &&
                       std::fabs(page.comparison()->options.margin - margin) < 1e-9;
            },
            60000);
    }
};

// The comparison's rows that have a verdict test, in its order: what the plot draws.
std::vector<const OperationComparison *> testedRows(const Comparison &c)
{
    std::vector<const OperationComparison *> rows;
    for (const auto &op : c.operations)
        if (op.verdict_test())
            rows.push_back(&op);
    return rows;
}

QCPItemRect *marginBand(QCustomPlot *plot)
{
    for (int i = 0; i < plot->itemCount(); ++i)
        if (plot->item(i)->objectName() == QLatin1String("marginBand"))
            return qobject_cast<QCPItemRect *>(plot->item(i));
    return nullptr;
}

// Every drawn point as (row, x, colour), and every error bar as (row, low, high).
struct Drawn {
    struct Point {
        int row;
        double x;
        QColor color;
        bool hollow;
    };
    struct Bar {
        int row;
        double low, high;
    };
    std::vector<Point> points;
    std::vector<Bar> bars;
};

Drawn drawn(QCustomPlot *plot)
{
    Drawn d;
    for (int i = 0; i < plot->graphCount(); ++i) {
        const QCPGraph *g = plot->graph(i);
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            d.points.push_back({static_cast<int>(std::lround(it->value)), it->key, g->scatterStyle().pen().color(),
                                g->scatterStyle().shape() == QCPScatterStyle::ssCircle});
    }
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto *bars = qobject_cast<QCPErrorBars *>(plot->plottable(i))) {
            auto *g = qobject_cast<QCPGraph *>(bars->dataPlottable());
            EXPECT_NE(g, nullptr);
            if (!g)
                continue;
            EXPECT_EQ(bars->dataCount(), g->dataCount());
            for (int k = 0; k < g->dataCount(); ++k) {
                const QCPGraphData *point = g->data()->at(k);
                const QCPErrorBarsData &e = bars->data()->at(k);
                d.bars.push_back(
                    {static_cast<int>(std::lround(point->value)), point->key - e.errorMinus, point->key + e.errorPlus});
            }
        }
    return d;
}

bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

} // namespace

TEST(CompareRatios, TheFirstTabIsAForestPlotOfEveryTestedRow)
{
    if (!havePair())
        GTEST_SKIP() << "reference data absent: " << kData.toStdString() << " (the published ngcc-harness data)";
    PublishedPair pair(1.0);
    ASSERT_TRUE(pair.compared());
    ComparePage &page = pair.page;
    auto *tabs = page.findChild<QTabWidget *>();
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->currentIndex(), 0);
    EXPECT_EQ(page.chartTab(), ComparePage::RatiosTab);
    EXPECT_EQ(tabs->tabText(0), ComparePage::tr("Ratios"));
    ASSERT_FALSE(page.ratiosEmpty());

    const auto rows = testedRows(*page.comparison());
    ASSERT_FALSE(rows.empty());
    ASSERT_EQ(page.ratios().rows.size(), static_cast<qsizetype>(rows.size()));
    QCustomPlot *plot = page.ratiosPlot();
    const Drawn d = drawn(plot);
    ASSERT_EQ(d.points.size(), rows.size()) << "one point per instance x operation with a test";
    std::vector<int> seen(rows.size(), 0);
    for (const auto &p : d.points) {
        ASSERT_GE(p.row, 0);
        ASSERT_LT(p.row, static_cast<int>(rows.size()));
        ++seen[p.row];
        const SampleTest &test = *rows[p.row]->verdict_test();
        EXPECT_TRUE(near(p.x, test.median_ratio)) << rows[p.row]->label << " " << rows[p.row]->operation;
        EXPECT_EQ(p.color, verdict_color(test.verdict));
        EXPECT_EQ(p.hollow, !test.ratio_ci.reached);
        if (test.verdict == Verdict::slower)
            EXPECT_EQ(p.color, QColor(0xb0, 0x2a, 0x1e));
        if (test.verdict == Verdict::faster)
            EXPECT_EQ(p.color, QColor(0x1b, 0x7f, 0x3a));
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<long>(rows.size())) << "each row once";
    // The rows top to bottom in the table's order, labelled "instance · operation".
    auto *ticker = dynamic_cast<QCPAxisTickerText *>(plot->yAxis->ticker().data());
    ASSERT_NE(ticker, nullptr);
    for (size_t i = 0; i < rows.size(); ++i)
        EXPECT_EQ(ticker->ticks().value(static_cast<double>(i)),
                  QString::fromStdString(rows[i]->label + " \u00b7 " + rows[i]->operation));
    EXPECT_TRUE(plot->yAxis->rangeReversed()) << "the first row at the top";

    // Each bar is the ratio's interval; a row without one has no bar.
    size_t withInterval = 0;
    for (const auto *op : rows)
        withInterval += op->verdict_test()->ratio_ci.reached ? 1 : 0;
    EXPECT_EQ(d.bars.size(), withInterval);
    double low = 1, high = 1;
    for (const auto &b : d.bars) {
        const stats::Interval &ci = rows[b.row]->verdict_test()->ratio_ci;
        EXPECT_TRUE(near(b.low, ci.low)) << b.low << " vs " << ci.low;
        EXPECT_TRUE(near(b.high, ci.high)) << b.high << " vs " << ci.high;
        low = std::min(low, ci.low);
        high = std::max(high, ci.high);
    }
    for (const auto &p : d.points) {
        low = std::min(low, p.x);
        high = std::max(high, p.x);
    }

    // A log axis symmetric about 1 that holds every point and interval.
    const QCPRange x = plot->xAxis->range();
    EXPECT_EQ(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
    EXPECT_NEAR(std::log(x.lower) + std::log(x.upper), 0.0, 1e-9);
    EXPECT_LE(x.lower, low);
    EXPECT_GE(x.upper, high);
    auto *ratioTicks = dynamic_cast<QCPAxisTickerText *>(plot->xAxis->ticker().data());
    ASSERT_NE(ratioTicks, nullptr);
    EXPECT_EQ(ratioTicks->ticks().value(1.0), QStringLiteral("1\u00d7"));

    // The band is 1 ± Δ and follows the Margin box.
    QCPItemRect *band = marginBand(plot);
    ASSERT_NE(band, nullptr);
    EXPECT_NEAR(band->topLeft->coords().x(), 0.99, 1e-12);
    EXPECT_NEAR(band->bottomRight->coords().x(), 1.01, 1e-12);
    pair.margin->setValue(5.0);
    ASSERT_TRUE(pair.comparedAt(0.05));
    band = marginBand(plot);
    ASSERT_NE(band, nullptr);
    EXPECT_NEAR(band->topLeft->coords().x(), 0.95, 1e-12);
    EXPECT_NEAR(band->bottomRight->coords().x(), 1.05, 1e-12);
    EXPECT_NEAR(page.ratios().bandLow, 0.95, 1e-12);

    // The candidate filter: the plot redraws from the filtered comparison.
    const std::vector<std::string> candidates = pair.workbench.datasets()[0].data->candidates();
    ASSERT_FALSE(candidates.empty());
    page.setCandidate(QString::fromStdString(candidates.front()));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !page.busy() && page.comparison() && page.comparison()->options.candidate == candidates.front(); },
        60000));
    const auto filtered = testedRows(*page.comparison());
    EXPECT_EQ(page.ratios().rows.size(), static_cast<qsizetype>(filtered.size()));
    EXPECT_EQ(drawn(plot).points.size(), filtered.size());
    for (const auto *op : filtered)
        EXPECT_EQ(op->candidate, candidates.front());
}

TEST(CompareRatios, HoverShowsTheRowsFigures)
{
    if (!havePair())
        GTEST_SKIP() << "reference data absent: " << kData.toStdString() << " (the published ngcc-harness data)";
    PublishedPair pair(1.0);
    ASSERT_TRUE(pair.compared());
    ComparePage &page = pair.page;
    QCustomPlot *plot = page.ratiosPlot();
    const auto rows = testedRows(*page.comparison());
    ASSERT_FALSE(rows.empty());
    const SampleTest &test = *rows.front()->verdict_test();
    // The first row's point, in the plot's pixels.
    const QPoint at(static_cast<int>(plot->xAxis->coordToPixel(test.median_ratio)),
                    static_cast<int>(plot->yAxis->coordToPixel(0)));
    const QString tip = page.ratioToolTipAt(at);
    EXPECT_TRUE(tip.contains(QString::fromStdString(rows.front()->label))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QString::fromStdString(ratio_cell(test.median_ratio)))) << tip.toStdString();
    if (test.ratio_ci.reached) {
        EXPECT_TRUE(tip.contains(QString::fromStdString(ratio_cell(test.ratio_ci.low)))) << tip.toStdString();
        EXPECT_TRUE(tip.contains(QString::fromStdString(ratio_cell(test.ratio_ci.high)))) << tip.toStdString();
    }
    EXPECT_TRUE(tip.contains(QStringLiteral("p = "))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QString::fromStdString(verdict_words(test.verdict, 0.01, "en")))) << tip.toStdString();
    EXPECT_TRUE(page.ratioToolTipAt(QPoint(2, 2)).isEmpty()) << "off the rows: nothing";
    // The mouse shows it (from elsewhere first: a move to where the cursor already is sends nothing).
    QTest::mouseMove(plot, QPoint(3, 3));
    QTest::mouseMove(plot, at);
    EXPECT_TRUE(QTest::qWaitFor([&] { return QToolTip::isVisible() && QToolTip::text() == tip; }, 2000))
        << QToolTip::text().toStdString();
    QToolTip::hideText();
}

TEST(CompareRatios, AWideMarginTurnsRowsEquivalentAndBlue)
{
    if (!havePair())
        GTEST_SKIP() << "reference data absent: " << kData.toStdString() << " (the published ngcc-harness data)";
    PublishedPair pair(50.0);
    ASSERT_TRUE(pair.comparedAt(0.5));
    ComparePage &page = pair.page;
    const int equivalent = page.ratios().counts[static_cast<size_t>(Verdict::equivalent)];
    EXPECT_GT(equivalent, 0);
    int blue = 0;
    for (const auto &p : drawn(page.ratiosPlot()).points)
        blue += p.color == QColor(0x2b, 0x5c, 0x8a) ? 1 : 0;
    EXPECT_EQ(blue, equivalent);
    QCPItemRect *band = marginBand(page.ratiosPlot());
    ASSERT_NE(band, nullptr);
    EXPECT_NEAR(band->topLeft->coords().x(), 0.5, 1e-12);
    EXPECT_NEAR(band->bottomRight->coords().x(), 1.5, 1e-12);
    // The axis still holds the band, symmetric about 1.
    EXPECT_LE(page.ratiosPlot()->xAxis->range().lower, 0.5);
    EXPECT_GE(page.ratiosPlot()->xAxis->range().upper, 2.0 - 1e-12);
    // The legend names the verdict with its margin and count.
    bool named = false;
    for (int i = 0; i < page.ratiosPlot()->graphCount(); ++i)
        named = named || page.ratiosPlot()->graph(i)->name() ==
                             QStringLiteral("%1 (%2)")
                                 .arg(QString::fromStdString(verdict_words(Verdict::equivalent, 0.5, "en")))
                                 .arg(equivalent);
    EXPECT_TRUE(named);
}

TEST(CompareRatios, TheRatiosSaveAsPngAndPdf)
{
    if (!havePair())
        GTEST_SKIP() << "reference data absent: " << kData.toStdString() << " (the published ngcc-harness data)";
    PublishedPair pair(1.0, QSize(1024, 700));
    ASSERT_TRUE(pair.compared());
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QString error;
    const QString png = dir.filePath(QStringLiteral("ratios.png"));
    ASSERT_TRUE(pair.page.saveChartImage(png, &error)) << error.toStdString();
    QFile pngFile(png);
    ASSERT_TRUE(pngFile.open(QIODevice::ReadOnly));
    EXPECT_EQ(pngFile.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    // The whole plot, also the rows scrolled out of view at 1024x700.
    const QImage image(png);
    EXPECT_GE(image.height(), pair.page.ratiosPlot()->minimumHeight());
    const QString pdf = dir.filePath(QStringLiteral("ratios.pdf"));
    ASSERT_TRUE(pair.page.saveChartImage(pdf, &error)) << error.toStdString();
    QFile pdfFile(pdf);
    ASSERT_TRUE(pdfFile.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdfFile.read(5) == QByteArray("%PDF-"));
    EXPECT_GT(pdfFile.size(), 1000);
    // The bar charts are raster only: PDF is refused with a reason, PNG still works.
    pair.page.setChartTab(ComparePage::TimingsTab);
    EXPECT_FALSE(pair.page.saveChartImage(dir.filePath(QStringLiteral("timings.pdf")), &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(pair.page.saveChartImage(dir.filePath(QStringLiteral("timings.png")), &error));
}

// The pure part: which rows, their values, the axis and its ticks, without painting.
TEST(CompareRatios, RowsWithoutATestAreLeftOutAndSaidSo)
{
    Comparison c;
    c.system_a = "x86_1";
    c.system_b = "arm_1";
    c.options.margin = 0.02;
    auto row = [](const char *label, const char *operation, double ratio, double low, double high, Verdict v) {
        OperationComparison op;
        op.label = label;
        op.operation = operation;
        SampleTest t;
        t.median_ratio = ratio;
        t.ratio_ci.low = low;
        t.ratio_ci.high = high;
        t.ratio_ci.reached = std::isfinite(low);
        t.verdict = v;
        if (!t.ratio_ci.reached) {
            t.ratio_ci_reason = "n/a: 3 vs 3 trials reach 90.0 % only";
            t.verdict_note = "n/a: 3 vs 3 trials cannot reach p ≤ 0.05";
        }
        op.time_test = t;
        return op;
    };
    c.operations.push_back(row("ADKEX-128", "exchange", 0.87, 0.85, 0.89, Verdict::faster));
    OperationComparison published;
    published.label = "ADKEX-128";
    published.operation = "init_a";
    c.operations.push_back(published); // a published page's row: no trial values
    c.operations.push_back(row("ADKEX-256", "exchange", 1.3, 1.1, 2.5, Verdict::slower));
    c.operations.push_back(row("ADKEX-512", "exchange", 1.01, stats::kNaN, stats::kNaN, Verdict::too_few_trials));

    const RatioPlotData d = ratio_plot_data(c);
    ASSERT_EQ(d.rows.size(), 3);
    EXPECT_EQ(d.rows[0].label, QStringLiteral("ADKEX-128 \u00b7 exchange"));
    EXPECT_EQ(d.rows[1].label, QStringLiteral("ADKEX-256 \u00b7 exchange"));
    EXPECT_EQ(d.withoutTest, 1);
    EXPECT_TRUE(d.caption.contains(QLatin1String("1 row"))) << d.caption.toStdString();
    EXPECT_TRUE(d.emptyText.isEmpty());
    EXPECT_FALSE(d.rows[2].interval);
    EXPECT_EQ(d.rows[2].color, QColor(0xbb, 0xbb, 0xbb));
    EXPECT_TRUE(d.rows[2].toolTip.contains(QLatin1String("n/a"))) << d.rows[2].toolTip.toStdString();
    EXPECT_TRUE(d.rows[2].toolTip.contains(QLatin1String("90.0 % only"))) << "why there is no interval";
    EXPECT_EQ(d.counts[static_cast<size_t>(Verdict::faster)], 1);
    EXPECT_EQ(d.counts[static_cast<size_t>(Verdict::slower)], 1);
    EXPECT_EQ(d.counts[static_cast<size_t>(Verdict::too_few_trials)], 1);
    EXPECT_NEAR(d.bandLow, 0.98, 1e-12);
    EXPECT_NEAR(d.bandHigh, 1.02, 1e-12);
    // Symmetric in log about 1 and wide enough for 2.5x, so 0.4x too.
    EXPECT_NEAR(d.axisLow * d.axisHigh, 1.0, 1e-12);
    EXPECT_GE(d.axisHigh, 2.5);
    EXPECT_LE(d.axisLow, 0.4);

    // Nothing with a test: a message, not an empty plot.
    Comparison none;
    none.operations.push_back(published);
    const RatioPlotData empty = ratio_plot_data(none);
    EXPECT_TRUE(empty.rows.isEmpty());
    EXPECT_FALSE(empty.emptyText.isEmpty());
}

TEST(CompareRatios, TicksArePairsOfReciprocalsAroundOne)
{
    const QVector<double> t = ratio_ticks(1 / 2.2, 2.2);
    EXPECT_EQ(t, (QVector<double>{0.5, 0.8, 1, 1.25, 2}));
    QStringList labels;
    for (double v : t)
        labels << ratio_tick_label(v);
    EXPECT_EQ(labels.join(QLatin1Char(' ')), QString::fromUtf8("0.5× 0.8× 1× 1.25× 2×"));
    // Every tick inside the range, 1 always among them.
    for (const double h : {1.06, 1.3, 3.0, 12.0, 150.0}) {
        const QVector<double> ticks = ratio_ticks(1 / h, h);
        EXPECT_TRUE(ticks.contains(1.0));
        EXPECT_GE(ticks.size(), 3) << h;
        for (double v : ticks) {
            EXPECT_GE(v, 1 / h) << h;
            EXPECT_LE(v, h) << h;
        }
    }
}
