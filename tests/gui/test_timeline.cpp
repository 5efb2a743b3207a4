// SPDX-License-Identifier: GPL-3.0-or-later
// The Timeline page (issue 16 item 2): every iteration against its index,
// trial boundaries where the record's trials start, disturbed trials marked
// only where the record's health says so, and no work while the page is
// hidden. Synthetic records of known trial structure.
#include "gui_test_util.h"

#include "timelinepage.h"
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
