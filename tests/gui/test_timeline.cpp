// SPDX-License-Identifier: GPL-3.0-or-later
// The Timeline page (issue 16 item 2): every iteration against its index,
// trial boundaries where the record's trials start, disturbed trials marked
// only where the record's health says so, and no work while the page is
// hidden. Synthetic records of known trial structure.
#include "gui_test_util.h"

#include "timelinepage.h"
#include "logaxis.h"
#include "models/timelineseries.h"

#include "core/data/dataset.h"
#include "core/data/record.h"

#include <qcustomplot.h>

#include <QDir>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// Trials of the given sizes; trial k's samples are 1000 * (k + 1) + i ticks, time a third of that.
Record trialRecord(const std::vector<uint64_t> &sizes, int disturbedTrial)
{
    Record r;
    r.status = "complete";
    r.candidate = r.label = r.instance = "X25519-NIKE";
    r.operation = "exchange";
    r.kexbench.emplace();
    r.kexbench->counter = "tsc";
    r.kexbench->counter_unit = "TSC ticks";
    r.kexbench->trial_sizes = sizes;
    for (std::size_t t = 0; t < sizes.size(); ++t) {
        for (uint64_t i = 0; i < sizes[t]; ++i) {
            const uint64_t v = 1000 * (t + 1) + i;
            r.kexbench->ticks.push_back(v);
            r.kexbench->ns.push_back(v / 3);
        }
        TrialHealth h;
        h.trial = static_cast<int>(t) + 1;
        if (static_cast<int>(t) == disturbedTrial) {
            h.disturbed = true;
            h.reason = "probe 40 % slower after the trial";
        }
        r.kexbench->health.push_back(h);
    }
    return r;
}

TimelinePage::Snapshots snapshotsOf(Record r)
{
    auto d = std::make_shared<Dataset>();
    d->root = "/nonexistent/timeline";
    d->system_label = "x86_t";
    d->records.push_back(std::move(r));
    return {{QStringLiteral("x86_t"), d}};
}

} // namespace

TEST(TimelineSeries, HoldsEverySampleWithTheRecordsTrialStartsAndDisturbedTrials)
{
    const Record r = trialRecord({50, 60, 40}, 1);
    const TimelineSeries s = computeTimeline(r, TimelineUnit::Counter);
    ASSERT_EQ(s.size(), 150u);
    EXPECT_EQ(s.boundaries(), (std::vector<std::size_t>{50, 110}));
    ASSERT_EQ(s.trials.size(), 3u);
    EXPECT_FALSE(s.trials[0].disturbed);
    EXPECT_TRUE(s.trials[1].disturbed);
    EXPECT_EQ(s.trials[1].reason, QStringLiteral("probe 40 % slower after the trial"));
    EXPECT_FALSE(s.trials[2].disturbed);
    EXPECT_EQ(s.disturbedTrials(), 1u);
    // Sample order is kept: index 50 is trial 2's first sample.
    EXPECT_EQ(s.x[50], 50.0);
    EXPECT_DOUBLE_EQ(s.y[50] * s.scale, 2000.0);
    EXPECT_EQ(s.trialOf(49), 0);
    EXPECT_EQ(s.trialOf(50), 1);
    EXPECT_EQ(s.trialOf(150), -1);
}

TEST(TimelineSeries, ARecordWithoutSamplesGivesAnEmptySeriesAndSaysWhy)
{
    Record r;
    r.status = "complete";
    r.operation = "exchange";
    const TimelineSeries s = computeTimeline(r, TimelineUnit::Time);
    EXPECT_TRUE(s.empty());
    EXPECT_FALSE(s.notes.isEmpty());
}

TEST(TimelinePage, DrawsEverySampleAndOneLinePerTrialBoundary)
{
    TimelinePage page(nullptr);
    page.resize(900, 600);
    page.show();
    page.setSnapshots(snapshotsOf(trialRecord({50, 60, 40}, 1)));
    ASSERT_TRUE(page.select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("exchange")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.series(); }, 10000));
    ASSERT_NE(page.samplesGraph(), nullptr);
    EXPECT_EQ(page.samplesGraph()->data()->size(), 150);
    EXPECT_EQ(page.boundaryLines(), 2);
    EXPECT_TRUE(page.legendNames().contains(TimelinePage::tr("disturbed trial")));
    QDir().mkpath(QStringLiteral("/tmp/kexbench-gui-shots"));
    page.grab().save(QStringLiteral("/tmp/kexbench-gui-shots/timeline-disturbed.png"));
}

TEST(TimelinePage, NamesNoDisturbedTrialWhenAllAreClean)
{
    TimelinePage page(nullptr);
    page.resize(900, 600);
    page.show();
    page.setSnapshots(snapshotsOf(trialRecord({30, 30, 30, 30}, -1)));
    ASSERT_TRUE(page.select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("exchange")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.series(); }, 10000));
    EXPECT_EQ(page.samplesGraph()->data()->size(), 120);
    EXPECT_EQ(page.boundaryLines(), 3);
    EXPECT_FALSE(page.legendNames().contains(TimelinePage::tr("disturbed trial")));
}

TEST(TimelinePage, DoesNoWorkWhileHiddenAndCatchesUpWhenShown)
{
    TimelinePage page(nullptr);
    page.resize(900, 600);
    page.show();
    page.setSnapshots(snapshotsOf(trialRecord({20, 20}, -1)));
    ASSERT_TRUE(page.select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("exchange")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.series(); }, 10000));
    const int before = page.computations();

    page.hide();
    page.setSnapshots(snapshotsOf(trialRecord({20, 20, 20}, 2)));
    QTest::qWait(200);
    EXPECT_EQ(page.computations(), before);

    page.show();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.series() && page.series()->size() == 60; }, 10000));
    EXPECT_GT(page.computations(), before);
    EXPECT_EQ(page.boundaryLines(), 2);
    EXPECT_TRUE(page.legendNames().contains(TimelinePage::tr("disturbed trial")));
}

// Issue 33 item 14: harness data (trial totals only) is drawn as one point per
// trial, each trial's mean per call, as the Distributions page draws it (it
// was an empty 0–1 plot).
TEST(TimelineSeries, HarnessTrialTotalsBecomeOnePointPerTrial)
{
    Record r;
    r.status = "complete";
    r.candidate = r.label = r.instance = "ADKEX-128";
    r.operation = "exchange";
    for (double seconds : {0.5, 0.6, 0.4})
        r.trials.push_back({1000, seconds, seconds * 2.1e9});
    const TimelineSeries s = computeTimeline(r, TimelineUnit::Counter);
    ASSERT_EQ(s.size(), 3u);
    EXPECT_TRUE(s.trialPoints);
    EXPECT_DOUBLE_EQ(s.y[1] * s.scale, 0.6 * 2.1e9 / 1000);
    EXPECT_EQ(s.trialOf(2), 2);
    const TimelineSeries t = computeTimeline(r, TimelineUnit::Time);
    ASSERT_EQ(t.size(), 3u);
    EXPECT_DOUBLE_EQ(t.y[2] * t.scale, 0.4 * 1e9 / 1000);

    TimelinePage page(nullptr);
    page.resize(900, 600);
    page.show();
    page.setSnapshots(snapshotsOf(r));
    ASSERT_TRUE(page.select(0, QStringLiteral("ADKEX-128"), QStringLiteral("exchange")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.series(); }, 10000));
    ASSERT_NE(page.samplesGraph(), nullptr);
    EXPECT_EQ(page.samplesGraph()->data()->size(), 3);
    EXPECT_EQ(page.boundaryLines(), 0);
    EXPECT_EQ(page.plot()->xAxis->label(), TimelinePage::tr("trial"));
    // The view holds the points, not the empty plot's 0–1.
    EXPECT_LT(page.plot()->yAxis->range().lower, 0.4 * 2.1e6 / s.scale);
    EXPECT_GT(page.plot()->yAxis->range().upper, 0.6 * 2.1e6 / s.scale);
}

// Issue 33 item 14: outliers decades above the bulk. On the log axis every
// sample is in view and the bulk spans a readable part of it.
TEST(TimelinePage, LogScaleKeepsTheBulkReadableBesideOutliersDecadesAbove)
{
    Record r = trialRecord({200, 200}, -1);
    for (std::size_t i = 0; i < 400; i += 40) // ten iterations at ~10^7 ticks
        r.kexbench->ticks[i] = 10000000 + i;
    TimelinePage page(nullptr);
    page.resize(900, 600);
    page.show();
    page.setLogScale(false);
    page.setSnapshots(snapshotsOf(r));
    ASSERT_TRUE(page.select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("exchange")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.series(); }, 10000));
    page.setLogScale(true);
    EXPECT_TRUE(page.logScale());
    QCPAxis *y = page.plot()->yAxis;
    EXPECT_EQ(y->scaleType(), QCPAxis::stLogarithmic);
    // The Distributions page's tick rule (logaxis.h), one home for both pages.
    EXPECT_TRUE(y->ticker().dynamicCast<LogAxisTicker>());
    EXPECT_LE(y->range().lower, 1000.0);
    EXPECT_GE(y->range().upper, 10000360.0);
    // The bulk (1000..2199 ticks, a third of a decade below outliers four decades
    // up) covers a twentieth of the axis height, where a linear axis holding
    // every sample gives it 0.01 %: under one pixel.
    page.plot()->replot();
    const double bulk = std::abs(y->coordToPixel(1000) - y->coordToPixel(2199));
    EXPECT_GT(bulk, 0.05 * page.plot()->axisRect()->height());
    // Ticks are powers of ten in one style (never "1e+07" beside "100000").
    ASSERT_FALSE(y->tickVectorLabels().isEmpty());
    for (const QString &label : y->tickVectorLabels())
        EXPECT_TRUE(label.contains(QLatin1Char('e'))) << label.toStdString();
    page.setLogScale(false);
    EXPECT_EQ(y->scaleType(), QCPAxis::stLinear);
}
