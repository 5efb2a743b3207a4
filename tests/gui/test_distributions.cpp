// SPDX-License-Identifier: GPL-3.0-or-later
// The Distributions page on real data: per-iteration samples of a kexbench
// campaign made here with real runner children, the trial totals of the
// published arm_1/x86_1 harness campaigns, and two campaigns that used
// different counters. Checks the figures (computeDistribution) and what the
// page puts into QCustomPlot, exports, and saves screenshots to look at.
#include "fixture_campaign.h"
#include "gui_test_util.h"

#include "distributionspage.h"

#include "core/campaign/campaign.h"
#include "core/data/dataset.h"
#include "core/analysis/stats.h"

#include <qcustomplot.h>

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <cmath>
#include <numeric>
#include <random>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

QString x86Reference()
{
    return QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/../shared/reference/ngcc-harness/performance/data/x86_1");
}

std::shared_ptr<const Dataset> load(const QString &path)
{
    auto d = load_dataset(path.toStdString());
    return d ? std::make_shared<const Dataset>(std::move(d.value())) : nullptr;
}

// A real campaign in a private folder, made once per counter. "auto" is
// whatever the host offers (TSC on x86, cntvct/PMU on ARM); "ns" is
// clock_monotonic_raw, a different counter on every host that has another.
std::shared_ptr<const Dataset> campaign(const std::string &counter)
{
    static std::map<std::string, std::shared_ptr<const Dataset>> made;
    static QTemporaryDir dir;
    if (auto it = made.find(counter); it != made.end())
        return it->second;
    CampaignOptions o = shortCampaignOptions({"ECDHE-P256", "X25519-NIKE"}, "dist_" + counter,
                                             dir.filePath(QString::fromStdString("campaign_" + counter)).toStdString());
    if (counter != "auto")
        o.operations = {"exchange", "derive_b"};
    o.kat = false;
    o.stack = false;
    o.heap = false;
    o.counter = counter;
    const std::shared_ptr<const Dataset> result = runAndLoad(o);
    made[counter] = result;
    return result;
}

const Record *recordOf(const Dataset &d, const std::string &label, const std::string &op)
{
    return d.record_for(label, op);
}

double sum(const std::vector<double> &v) { return std::accumulate(v.begin(), v.end(), 0.0); }

template <class T>
QList<T *> plottables(QCustomPlot *plot)
{
    QList<T *> out;
    for (int i = 0; i < plot->plottableCount(); ++i)
        if (auto *p = qobject_cast<T *>(plot->plottable(i)))
            out << p;
    return out;
}

QString shot(const QString &name)
{
    return QDir::temp().filePath(QStringLiteral("kexbench-distributions-%1.png").arg(name));
}

} // namespace

TEST(Distributions, HistogramCountsSumToTheSamples)
{
    const auto camp = campaign("auto");
    ASSERT_TRUE(camp);
    const Record *r = recordOf(*camp, "ECDHE-P256", "exchange");
    ASSERT_TRUE(r && r->kexbench);
    const std::size_t n = r->kexbench->ticks.size();
    ASSERT_GE(n, 100u); // the plan guarantees the guide's 100 measurements, even on a loaded machine
    SampleCache cache;
    DistributionOptions o;
    for (bool log : {false, true}) {
        o.logScale = log;
        const DistributionPlot p = computeDistribution({{QStringLiteral("camp"), r}}, o, cache);
        ASSERT_EQ(p.series.size(), 1u);
        EXPECT_EQ(p.unit, ValueUnit::Counter);
        const DistributionSeries &s = p.series[0];
        EXPECT_FALSE(s.trialOnly);
        EXPECT_EQ(s.n, n);
        EXPECT_DOUBLE_EQ(sum(s.counts), static_cast<double>(n)) << "log " << log;
        ASSERT_EQ(s.binLow.size(), s.counts.size());
        ASSERT_EQ(s.binHigh.size(), s.counts.size());
        EXPECT_EQ(s.logBins, log);
        // One grid: bins ascend without overlapping, and they cover every sample.
        for (std::size_t b = 0; b < s.counts.size(); ++b) {
            EXPECT_LT(s.binLow[b], s.binHigh[b]);
            EXPECT_GT(s.counts[b], 0);
            if (b > 0) {
                EXPECT_LE(s.binHigh[b - 1], s.binLow[b] * (1 + 1e-9));
            }
        }
        const auto [lo, hi] = std::minmax_element(r->kexbench->ticks.begin(), r->kexbench->ticks.end());
        EXPECT_LE(s.binLow.front(), static_cast<double>(*lo) * (1 + 1e-12));
        EXPECT_GE(s.binHigh.back(), static_cast<double>(*hi) * (1 - 1e-12));
    }

    // Hiding outliers leaves out exactly what stats::tukey_outliers flags.
    o.logScale = false;
    o.hideOutliers = true;
    const std::vector<double> ticks(r->kexbench->ticks.begin(), r->kexbench->ticks.end());
    const auto flags = stats::tukey_outliers(ticks);
    const auto outliers = static_cast<std::size_t>(std::count(flags.begin(), flags.end(), true));
    const DistributionPlot hidden = computeDistribution({{QStringLiteral("camp"), r}}, o, cache);
    EXPECT_EQ(hidden.series[0].hidden, outliers);
    EXPECT_DOUBLE_EQ(sum(hidden.series[0].counts), static_cast<double>(n - outliers));

    // Box plot: the quartiles and median of the samples, whiskers inside the fences.
    o.kind = PlotKind::Box;
    o.hideOutliers = false;
    const DistributionPlot box = computeDistribution({{QStringLiteral("camp"), r}}, o, cache);
    const stats::Summary sum = stats::summarize(ticks);
    const DistributionSeries &b = box.series[0];
    EXPECT_DOUBLE_EQ(b.median, sum.median);
    EXPECT_DOUBLE_EQ(b.q1, sum.q1);
    EXPECT_DOUBLE_EQ(b.q3, sum.q3);
    EXPECT_GE(b.whiskerLow, sum.q1 - 1.5 * sum.iqr);
    EXPECT_LE(b.whiskerHigh, sum.q3 + 1.5 * sum.iqr);
    for (double v : b.outliers)
        EXPECT_TRUE(v < sum.q1 - 1.5 * sum.iqr || v > sum.q3 + 1.5 * sum.iqr) << v;

    // ECDF: ends at 1, steps up.
    o.kind = PlotKind::Ecdf;
    const DistributionPlot e = computeDistribution({{QStringLiteral("camp"), r}}, o, cache);
    ASSERT_FALSE(e.series[0].ecdfY.empty());
    EXPECT_DOUBLE_EQ(e.series[0].ecdfY.back(), 1.0);
    EXPECT_TRUE(std::is_sorted(e.series[0].ecdfY.begin(), e.series[0].ecdfY.end()));

    // Time in a readable unit: an exchange of tens of µs is shown in µs.
    o.kind = PlotKind::Histogram;
    o.unit = ValueUnit::Time;
    const DistributionPlot t = computeDistribution({{QStringLiteral("camp"), r}}, o, cache);
    EXPECT_EQ(t.unit, ValueUnit::Time);
    const double medianNs = stats::median(std::vector<double>(r->kexbench->ns.begin(), r->kexbench->ns.end()));
    EXPECT_EQ(t.unitName, medianNs >= 1e6   ? QStringLiteral("ms")
                          : medianNs >= 1e3 ? QStringLiteral("\u00b5s")
                                            : QStringLiteral("ns"));
    EXPECT_TRUE(t.valueLabel.contains(t.unitName));
}

TEST(Distributions, FarOutliersDoNotSquashTheBulk)
{
    // 1000 iterations around 10 000 ticks and 5 interrupted ones at 500 000,
    // as a preempted run leaves them.
    Record r;
    r.status = "complete";
    r.kexbench.emplace();
    r.kexbench->counter = "tsc";
    r.kexbench->counter_unit = "TSC ticks";
    std::mt19937_64 rng(7);
    std::normal_distribution<double> bulk(10000, 100);
    for (int i = 0; i < 1000; ++i)
        r.kexbench->ticks.push_back(static_cast<uint64_t>(bulk(rng)));
    for (int i = 0; i < 5; ++i)
        r.kexbench->ticks.push_back(500000 + 1000 * static_cast<uint64_t>(i));
    r.kexbench->ns = r.kexbench->ticks;
    SampleCache cache;
    DistributionOptions o;
    const DistributionPlot p = computeDistribution({{QStringLiteral("synthetic"), &r}}, o, cache);
    const DistributionSeries &s = p.series[0];
    EXPECT_DOUBLE_EQ(sum(s.counts), 1005.0); // the outliers are still counted
    EXPECT_GT(s.counts.size(), 10u);         // the bulk has bins of its own, not one
    EXPECT_EQ(s.beyondView, 5u);
    EXPECT_LT(p.viewHigh, 20000.0);
    EXPECT_GT(p.viewLow, 5000.0);
    EXPECT_TRUE(
        p.notes.join(QLatin1Char(' ')).contains(QStringLiteral("5 outlier(s) beyond it, up to 504.0 k TSC ticks")))
        << p.notes.join(QLatin1Char(' ')).toStdString();
    // On a log axis nothing is zoomed away.
    o.logScale = true;
    const DistributionPlot l = computeDistribution({{QStringLiteral("synthetic"), &r}}, o, cache);
    EXPECT_EQ(l.series[0].beyondView, 0u);
    EXPECT_DOUBLE_EQ(l.viewHigh, 504000.0);
    EXPECT_DOUBLE_EQ(sum(l.series[0].counts), 1005.0);
    // Nor once the outliers are hidden: then the range is the bulk's.
    o.logScale = false;
    o.hideOutliers = true;
    const DistributionPlot h = computeDistribution({{QStringLiteral("synthetic"), &r}}, o, cache);
    const std::vector<double> values(r.kexbench->ticks.begin(), r.kexbench->ticks.end());
    const auto flags = stats::tukey_outliers(values);
    EXPECT_EQ(h.series[0].hidden, static_cast<std::size_t>(std::count(flags.begin(), flags.end(), true)));
    EXPECT_GE(h.series[0].hidden, 5u);
    EXPECT_EQ(h.series[0].beyondView, 0u);
    EXPECT_LT(h.viewHigh, 20000.0);
}

// What keeps 100 000 samples cheap is structural: they are sorted once, and
// changing the plot kind or the scale reuses that sort and draws a thinned
// ECDF. (How fast that is belongs to a benchmark, not to a test's assert.)
TEST(Distributions, HundredThousandSamplesAreSortedOnceAndThinned)
{
    const auto camp = campaign("auto");
    ASSERT_TRUE(camp);
    const Record *real = recordOf(*camp, "X25519-NIKE", "exchange");
    ASSERT_TRUE(real && real->kexbench);
    // 100 000 samples drawn from the real ones (with a little noise so they are not all ties).
    Record big = *real;
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<std::size_t> pick(0, real->kexbench->ticks.size() - 1);
    std::uniform_int_distribution<int> noise(-50, 50);
    big.kexbench->ticks.clear();
    big.kexbench->ns.clear();
    for (int i = 0; i < 100000; ++i) {
        const std::size_t j = pick(rng);
        big.kexbench->ticks.push_back(real->kexbench->ticks[j] + 100 + noise(rng));
        big.kexbench->ns.push_back(real->kexbench->ns[j] + 100 + noise(rng));
    }
    SampleCache cache;
    DistributionOptions o;
    DistributionPlot p = computeDistribution({{QStringLiteral("big"), &big}}, o, cache);
    EXPECT_DOUBLE_EQ(sum(p.series[0].counts), 100000.0);
    EXPECT_EQ(cache.sorts(), 1u);
    for (PlotKind kind : {PlotKind::Histogram, PlotKind::Box, PlotKind::Ecdf})
        for (bool log : {false, true}) {
            o.kind = kind;
            o.logScale = log;
            p = computeDistribution({{QStringLiteral("big"), &big}}, o, cache);
            if (kind == PlotKind::Ecdf) {
                EXPECT_LE(p.series[0].ecdfX.size(), 2000u); // thinned for drawing
            }
        }
    EXPECT_EQ(cache.sorts(), 1u) << "an option change sorted the samples again";
}

TEST(DistributionsPage, TrialTotalsAreDrawnAsPointsNotAHistogram)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    const auto arm = load(referenceDataset());
    ASSERT_TRUE(arm);
    DistributionsPage page(nullptr);
    page.resize(1200, 800);
    page.setSnapshots({{QStringLiteral("arm_1"), arm}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("ADKEX-128"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    for (PlotKind kind : {PlotKind::Histogram, PlotKind::Box, PlotKind::Ecdf}) {
        DistributionOptions o;
        o.kind = kind;
        page.setOptions(o);
        ASSERT_TRUE(settle(page));
        EXPECT_TRUE(
            page.noteText().contains(QStringLiteral("trial means only (n = 5 trials) \u2014 not a distribution")))
            << page.noteText().toStdString();
        EXPECT_TRUE(plottables<QCPBars>(page.plot()).isEmpty());
        EXPECT_TRUE(plottables<QCPStatisticalBox>(page.plot()).isEmpty());
        const auto graphs = plottables<QCPGraph>(page.plot());
        ASSERT_EQ(graphs.size(), 1);
        EXPECT_EQ(graphs[0]->dataCount(), 5);
        EXPECT_EQ(graphs[0]->lineStyle(), QCPGraph::lsNone);
        EXPECT_NE(graphs[0]->scatterStyle().shape(), QCPScatterStyle::ssNone);
        EXPECT_TRUE(graphs[0]->name().contains(QStringLiteral("not a distribution")));
    }
    // The points are the per-trial means of the record.
    const Record *r = arm->record_for("ADKEX-128", "exchange");
    ASSERT_TRUE(r);
    const auto &series = page.current().series;
    ASSERT_EQ(series.size(), 1u);
    ASSERT_EQ(series[0].trialMeans.size(), r->trials.size());
    EXPECT_DOUBLE_EQ(series[0].trialMeans[0], *r->trials[0].cycles / static_cast<double>(r->trials[0].measurements));
}

TEST(DistributionsPage, SampledHistogramOnThePlotSumsToN)
{
    const auto camp = campaign("auto");
    ASSERT_TRUE(camp);
    DistributionsPage page(nullptr);
    page.resize(1200, 800);
    page.setSnapshots({{QStringLiteral("campaign"), camp}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("ECDHE-P256"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    page.setOptions({});
    ASSERT_TRUE(settle(page));
    const auto bars = plottables<QCPBars>(page.plot());
    ASSERT_EQ(bars.size(), 1);
    // The bars are densities (area 1); the series' counts still sum to n.
    double area = 0;
    for (auto it = bars[0]->data()->constBegin(); it != bars[0]->data()->constEnd(); ++it)
        area += it->value * bars[0]->width();
    EXPECT_NEAR(area, 1.0, 1e-9);
    EXPECT_DOUBLE_EQ(sum(page.current().series[0].counts),
                     static_cast<double>(camp->record_for("ECDHE-P256", "exchange")->kexbench->ticks.size()));
    EXPECT_TRUE(page.plot()->yAxis->label().startsWith(QStringLiteral("density")))
        << page.plot()->yAxis->label().toStdString();
    EXPECT_FALSE(page.plot()->xAxis->label().isEmpty());
    EXPECT_FALSE(page.plot()->yAxis->label().isEmpty());
    // Counter units kept: no note about time (far outliers may add a zoom note).
    EXPECT_FALSE(page.noteText().contains(QStringLiteral("time"))) << page.noteText().toStdString();
    EXPECT_EQ(page.current().unit, ValueUnit::Counter);

    // Log axis: QCPAxisTickerLog on the value axis; box plot: one QCPStatisticalBox.
    DistributionOptions o;
    o.logScale = true;
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
    EXPECT_TRUE(page.plot()->xAxis->ticker().dynamicCast<QCPAxisTickerLog>());
    o.kind = PlotKind::Box;
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    ASSERT_EQ(plottables<QCPStatisticalBox>(page.plot()).size(), 1);
    o.kind = PlotKind::Ecdf;
    o.logScale = false;
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    ASSERT_EQ(plottables<QCPGraph>(page.plot()).size(), 1);
    EXPECT_EQ(plottables<QCPGraph>(page.plot())[0]->lineStyle(), QCPGraph::lsStepLeft);
}

TEST(DistributionsPage, OverlayOfDifferentCountersSwitchesToTime)
{
    const auto tsc = campaign("auto");
    const auto ns = campaign("ns");
    ASSERT_TRUE(tsc && ns);
    const Record *a = tsc->record_for("ECDHE-P256", "exchange");
    const Record *b = ns->record_for("ECDHE-P256", "exchange");
    ASSERT_TRUE(a && b && a->kexbench && b->kexbench);
    if (a->kexbench->counter == b->kexbench->counter)
        GTEST_SKIP() << "this host has no counter other than " << a->kexbench->counter;

    DistributionsPage page(nullptr);
    page.resize(1200, 800);
    page.setSnapshots({{QStringLiteral("auto counter"), tsc}, {QStringLiteral("ns counter"), ns}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("ECDHE-P256"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    page.setOptions({}); // asks for counter units
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.current().unit, ValueUnit::Counter);
    page.setOverlay(1);
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.current().unit, ValueUnit::Time);
    EXPECT_TRUE(page.noteText().contains(QStringLiteral("time-normalised: counters differ")))
        << page.noteText().toStdString();
    ASSERT_EQ(plottables<QCPBars>(page.plot()).size(), 2);
    EXPECT_TRUE(page.plot()->xAxis->label().startsWith(QStringLiteral("time per call")));
    EXPECT_EQ(page.plot()->legend->itemCount(), 2);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("overlay-counters"))));
    page.setOverlay(-1);
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.current().unit, ValueUnit::Counter);
}

TEST(DistributionsPage, ArmAgainstX86HarnessDataKeepsCyclesAndExports)
{
    if (!haveReference() || !QFileInfo(x86Reference()).isDir())
        GTEST_SKIP() << "reference datasets absent";
    const auto arm = load(referenceDataset());
    const auto x86 = load(x86Reference());
    ASSERT_TRUE(arm && x86);
    DistributionsPage page(nullptr);
    page.resize(1200, 800);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    page.setSnapshots({{QStringLiteral("x86_1"), x86}, {QStringLiteral("arm_1"), arm}});
    ASSERT_TRUE(settle(page));
    ASSERT_TRUE(page.select(0, QStringLiteral("ADKEX-256"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    page.setOverlay(1);
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.current().unit, ValueUnit::Counter); // both count core cycles
    EXPECT_EQ(plottables<QCPGraph>(page.plot()).size(), 2);
    EXPECT_EQ(page.noteText().count(QStringLiteral("trial means only (n = 5 trials)")), 2);
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("harness-overlay"))));

    QTemporaryDir out;
    const QString png = out.filePath(QStringLiteral("plot.png")), pdf = out.filePath(QStringLiteral("plot.pdf"));
    ASSERT_TRUE(page.savePng(png));
    EXPECT_GT(QFileInfo(png).size(), 1000);
    QImage image(png);
    EXPECT_FALSE(image.isNull());
    EXPECT_EQ(image.width(), 2 * page.plot()->width());
    ASSERT_TRUE(page.savePdf(pdf));
    EXPECT_GT(QFileInfo(pdf).size(), 1000);
    QFile f(pdf);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.read(5) == "%PDF-");
}

// A hidden page does no work for a changed Workbench (a live campaign changes
// it after every record): it computes once, when it is shown.
TEST(DistributionsPage, AHiddenPageComputesOnlyWhenShown)
{
    const auto camp = campaign("auto");
    ASSERT_TRUE(camp);
    Workbench workbench;
    DistributionsPage page(&workbench);
    page.resize(1200, 800);
    QSignalSpy drawn(&page, &DistributionsPage::plotReady);
    workbench.addDataset(camp, QString());
    workbench.renameDataset(0, QStringLiteral("renamed"));
    QCoreApplication::processEvents();
    EXPECT_FALSE(page.busy());
    EXPECT_EQ(drawn.count(), 0);
    EXPECT_EQ(page.plot()->plottableCount(), 0);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(drawn.count(), 1);
    EXPECT_GT(page.plot()->plottableCount(), 0);
    ASSERT_FALSE(page.current().series.empty());
    EXPECT_EQ(page.current().series[0].dataset, QStringLiteral("renamed"));
}

TEST(DistributionsPage, FollowsTheWorkbenchAndScreenshots)
{
    const auto camp = campaign("auto");
    ASSERT_TRUE(camp);
    Workbench workbench;
    DistributionsPage page(&workbench);
    page.resize(1200, 800);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    EXPECT_EQ(page.plot()->plottableCount(), 0); // nothing open yet
    workbench.addDataset(camp, QString());
    ASSERT_TRUE(settle(page));
    ASSERT_GT(page.plot()->plottableCount(), 0);
    ASSERT_TRUE(page.select(0, QStringLiteral("ECDHE-P256"), QStringLiteral("exchange")));
    ASSERT_TRUE(settle(page));
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("histogram"))));

    DistributionOptions o;
    o.kind = PlotKind::Box;
    o.unit = ValueUnit::Time;
    if (haveReference()) {
        workbench.addDataset(load(referenceDataset()), QString());
        ASSERT_TRUE(settle(page));
        page.setOverlay(1); // arm_1 has no ECDHE-P256: a note says so
        ASSERT_TRUE(settle(page));
        EXPECT_TRUE(page.noteText().contains(QStringLiteral("has no record"))) << page.noteText().toStdString();
    }
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("box"))));
    page.setOverlay(-1);
    ASSERT_TRUE(settle(page));
    o.kind = PlotKind::Ecdf;
    o.logScale = true;
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("ecdf-log"))));
    o.kind = PlotKind::Histogram;
    page.setOptions(o);
    ASSERT_TRUE(settle(page));
    EXPECT_TRUE(page.grab().save(shot(QStringLiteral("histogram-log"))));

    // A dataset's snapshot replaced (live campaign): the selection stays.
    workbench.renameDataset(0, QStringLiteral("renamed"));
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.current().series.size(), 1u);
    EXPECT_EQ(page.current().series[0].dataset, QStringLiteral("renamed"));
    workbench.removeDataset(0);
    ASSERT_TRUE(settle(page));
    if (haveReference()) { // arm_1 is left: its first instance and operation
        EXPECT_EQ(page.current().series.size(), 1u);
        EXPECT_TRUE(page.current().series[0].trialOnly);
        EXPECT_TRUE(page.grab().save(shot(QStringLiteral("trial-only"))));
    }
}
