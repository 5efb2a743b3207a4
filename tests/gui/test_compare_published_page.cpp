// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare page beside a published report page (issue 15): a perf_<system>.md
// page opened as a dataset next to a campaign shows core's compare-figures
// table (both sides' figures, the page's as printed, no verdict) under the
// ratio table, and the notes name the sides exactly as the column headers do
// (the Workbench labels, passed to core). The page and the campaign are read
// at run time from ../shared/reference; the test skips without them.
#include "gui_test_util.h"

#include "comparepage.h"
#include "models/comparetablemodel.h"

#include "core/analysis/compare.h"
#include "core/data/dataset.h"

#include <QFileInfo>
#include <QTableView>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

const QString kPage =
    QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/../shared/reference/ngcc-harness/kex-01/perf_x86_1.md");
const QString kCampaign =
    QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/../shared/reference/ngcc-harness/performance/data/x86_1");

std::shared_ptr<const Dataset> load(const QString &path)
{
    auto ds = load_dataset(QFile::encodeName(path).toStdString());
    return ds ? std::make_shared<const Dataset>(std::move(ds.value())) : nullptr;
}

} // namespace

TEST(ComparePublishedPage, ShowsTheFiguresTableAndNamesSidesAsTheHeaders)
{
    if (!QFileInfo(kPage).isFile() || !QFileInfo(kCampaign).isDir())
        GTEST_SKIP() << "reference data absent: " << kPage.toStdString();
    const auto page = load(kPage), campaign = load(kCampaign);
    ASSERT_TRUE(page && campaign);
    ASSERT_EQ(page->kind, "published page");
    ModelTesterLog log;
    Workbench workbench;
    workbench.addDataset(page, kPage);
    workbench.addDataset(campaign, kCampaign); // the same system label: the Workbench calls it "x86_1 (2)"
    ComparePage comparePage(&workbench);
    comparePage.resize(1200, 800);
    comparePage.show();
    auto tester = attachTester(comparePage.figuresModel());
    comparePage.setDatasets(0, 1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !comparePage.busy() && comparePage.comparison(); }, 60000));

    const Comparison &c = *comparePage.comparison();
    const QString labelA = workbench.datasets()[0].label, labelB = workbench.datasets()[1].label;
    EXPECT_EQ(QString::fromStdString(c.system_a), labelA + QStringLiteral(" (published page)"));
    EXPECT_EQ(QString::fromStdString(c.system_b), labelB);
    // The headers name the sides as core's notes do.
    CompareTableModel *model = comparePage.tableModel();
    EXPECT_EQ(model->labelA(), QString::fromStdString(c.system_a));
    EXPECT_EQ(model->labelB(), QString::fromStdString(c.system_b));
    EXPECT_TRUE(model->headerData(CompareTableModel::TimeA, Qt::Horizontal).toString().contains(model->labelA()));
    ASSERT_GT(model->rowCount(), 0); // kex-01 is on both sides
    bool named = false;
    for (const QString &note : model->notes()) {
        EXPECT_FALSE(note.contains(QStringLiteral("x86_1 (A)")) || note.contains(QStringLiteral("x86_1 (B)")))
            << note.toStdString();
        named = named || note.contains(labelB);
    }
    EXPECT_TRUE(named);
    QStringList notes = model->notes();
    EXPECT_EQ(notes.removeDuplicates(), 0);

    // The figures table, shown under the ratio table.
    CompareFiguresModel *figures = comparePage.figuresModel();
    ASSERT_GT(figures->rowCount(), 0);
    EXPECT_TRUE(comparePage.figuresView()->isVisible());
    EXPECT_EQ(figures->headerData(2, Qt::Horizontal).toString(), QStringLiteral("dataset"));
    EXPECT_EQ(figures->headerData(7, Qt::Horizontal).toString(), QStringLiteral("precision (published page)"));
    bool pageRow = false, campaignRow = false;
    for (int r = 0; r < figures->rowCount(); ++r) {
        const QString side = figures->index(r, 2).data().toString();
        pageRow = pageRow || side == QString::fromStdString(c.system_a);
        campaignRow = campaignRow || side == QString::fromStdString(c.system_b);
        EXPECT_NE(figures->index(r, 3).data().toString(), QString());
    }
    EXPECT_TRUE(pageRow);
    EXPECT_TRUE(campaignRow);
    EXPECT_TRUE(figures->notes().join(QLatin1Char(' ')).contains(QStringLiteral("as printed")));
    // No verdict anywhere: the page has no trials.
    for (int r = 0; r < model->rowCount(); ++r)
        EXPECT_EQ(model->index(r, CompareTableModel::VerdictColumn).data(CompareTableModel::VerdictRole).toInt(), -1);

    // Two campaigns: no figures table.
    auto other = load(kCampaign);
    workbench.addDataset(other, kCampaign);
    comparePage.setDatasets(1, 2);
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !comparePage.busy() && comparePage.comparison() && comparePage.comparison()->figures.empty(); },
        60000));
    EXPECT_EQ(figures->rowCount(), 0);
    EXPECT_FALSE(comparePage.figuresView()->isVisible());
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}
