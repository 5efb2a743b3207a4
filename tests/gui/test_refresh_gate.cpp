// SPDX-License-Identifier: GPL-3.0-or-later
// RefreshGate, the rule the Results, Distributions, Timeline and Report pages
// start their off-thread jobs by: nothing while hidden, one job at a time,
// a live campaign's snapshots coalesced, the reader's changes at once.
#include "fixture_campaign.h"
#include "gui_test_util.h"

#include "distributionspage.h"
#include "refreshgate.h"
#include "timelinepage.h"
#include "workbench.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QWidget>

#include <algorithm>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// A page whose job is started by the gate and finished by the test.
struct Page {
    QWidget widget;
    int started = 0;
    bool finishAtOnce = false;
    RefreshGate gate{&widget, [this] {
                         ++started;
                         if (finishAtOnce)
                             gate.finished();
                     }};
    bool show()
    {
        widget.resize(200, 100);
        widget.show();
        return QTest::qWaitForWindowExposed(&widget);
    }
};

} // namespace

TEST(RefreshGate, AHiddenPageRunsNothingAndRunsOnceWhenShown)
{
    Page page;
    page.finishAtOnce = true;
    page.gate.request();
    page.gate.request(RefreshGate::Pace::Live);
    page.gate.request();
    EXPECT_EQ(page.started, 0);
    EXPECT_TRUE(page.gate.outOfDate());
    EXPECT_FALSE(page.gate.busy());
    ASSERT_TRUE(page.show());
    EXPECT_EQ(page.started, 1);
    EXPECT_FALSE(page.gate.outOfDate());
    page.widget.hide();
    page.widget.show(); // nothing changed meanwhile: nothing to run
    EXPECT_EQ(page.started, 1);
}

TEST(RefreshGate, ChangesWhileAJobRunsMakeOneMoreRun)
{
    Page page;
    ASSERT_TRUE(page.show());
    page.gate.setLiveInterval(0); // live snapshots as fast as they come: only the one-job rule applies
    page.gate.request();
    EXPECT_EQ(page.started, 1);
    for (int i = 0; i < 5; ++i)
        page.gate.request(RefreshGate::Pace::Live);
    EXPECT_EQ(page.started, 1);
    EXPECT_TRUE(page.gate.busy());
    EXPECT_FALSE(page.gate.overtaken()) << "an older live snapshot is still worth drawing";
    page.gate.finished();
    EXPECT_EQ(page.started, 2) << "five snapshots, one more run";
    page.gate.request(); // the reader chose something else while run 2 runs
    EXPECT_TRUE(page.gate.overtaken());
    page.gate.finished();
    EXPECT_EQ(page.started, 3);
    EXPECT_FALSE(page.gate.overtaken());
    page.gate.finished();
    EXPECT_FALSE(page.gate.busy());
    EXPECT_EQ(page.started, 3);
}

TEST(RefreshGate, LiveSnapshotsWaitForTheIntervalTheReadersChangesDoNot)
{
    Page page;
    page.finishAtOnce = true;
    ASSERT_TRUE(page.show());
    page.gate.setLiveInterval(60 * 60 * 1000); // an hour: the wait never ends within the test
    page.gate.request(RefreshGate::Pace::Live);
    EXPECT_EQ(page.started, 1) << "the first snapshot is drawn at once";
    page.gate.request(RefreshGate::Pace::Live);
    page.gate.request(RefreshGate::Pace::Live);
    EXPECT_EQ(page.started, 1);
    EXPECT_TRUE(page.gate.busy()) << "a run waits for the interval";
    page.gate.request(); // the campaign's final snapshot, or the reader's choice
    EXPECT_EQ(page.started, 2);
    EXPECT_FALSE(page.gate.busy()) << "the waiting run was that one";
}

// A live campaign's next snapshot usually has the boxes' items already: the
// Distributions and Timeline pages then leave the boxes alone (no clearing
// and refilling, no new size, no repaint) and the reader's choice stays.
TEST(RefreshGate, ASnapshotWithTheSameItemsLeavesTheSelectorsAlone)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    CampaignOptions o = shortCampaignOptions({"X25519-NIKE"}, "selectors", tmp.filePath("campaign").toStdString());
    o.operations = {"exchange", "derive_b"};
    o.kat = false;
    o.stack = false;
    o.heap = false;
    ASSERT_TRUE(runAndLoad(o));
    Workbench workbench;
    DistributionsPage distributions(&workbench);
    TimelinePage timeline(&workbench);
    for (QWidget *page : {static_cast<QWidget *>(&distributions), static_cast<QWidget *>(&timeline)}) {
        page->resize(1000, 700);
        page->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(page));
    }
    workbench.openDataset(tmp.filePath("campaign"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy() && workbench.datasets().size() == 1; }, 60000));
    ASSERT_TRUE(settle(distributions));
    ASSERT_TRUE(settle(timeline));
    ASSERT_TRUE(distributions.select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("derive_b")));
    ASSERT_TRUE(timeline.select(0, QStringLiteral("X25519-NIKE"), QStringLiteral("derive_b")));
    ASSERT_TRUE(settle(distributions));
    ASSERT_TRUE(settle(timeline));

    std::vector<std::unique_ptr<QSignalSpy>> cleared;
    const QList<QComboBox *> boxes = distributions.findChildren<QComboBox *>() + timeline.findChildren<QComboBox *>();
    for (QComboBox *box : boxes)
        cleared.push_back(std::make_unique<QSignalSpy>(box->model(), &QAbstractItemModel::rowsRemoved));
    QSignalSpy drawn(&distributions, &DistributionsPage::plotReady);
    const int computed = timeline.computations();
    const auto before = workbench.datasets()[0].data;
    workbench.refreshDataset(0); // a new snapshot of the same records
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy() && workbench.datasets()[0].data != before; }, 60000));
    ASSERT_TRUE(settle(distributions));
    ASSERT_TRUE(settle(timeline));
    EXPECT_GE(drawn.count(), 1) << "the page drew the new snapshot";
    EXPECT_GT(timeline.computations(), computed);
    for (int i = 0; i < boxes.size(); ++i)
        EXPECT_EQ(cleared[static_cast<size_t>(i)]->count(), 0) << "box " << i << " was refilled";
    // The reader's choice stays: each page's operation box still shows derive_b.
    for (QWidget *page : {static_cast<QWidget *>(&distributions), static_cast<QWidget *>(&timeline)}) {
        const QList<QComboBox *> own = page->findChildren<QComboBox *>();
        EXPECT_TRUE(std::any_of(own.begin(), own.end(), [](const QComboBox *b) {
            return b->currentText() == QStringLiteral("derive_b");
        })) << page->metaObject()->className();
    }
}
