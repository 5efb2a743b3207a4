// SPDX-License-Identifier: GPL-3.0-or-later
// A published report page (perf_<system>.md) opened in the Workbench is listed
// as a dataset of kind "published page", and says so in its label and tooltip.
// The page is read at run time from ../shared/reference; the test skips without it.
#include "gui_test_util.h"
#include "models/datasetlistmodel.h"

#include <QFileInfo>

namespace kexbench::ui {
namespace {

using test::attachTester;
using test::ModelTesterLog;

const QString kPage =
    QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/../shared/reference/ngcc-harness/kex-05/perf_x86_1.md");

TEST(DatasetListModel, ListsAPublishedPageByItsKind)
{
    if (!QFileInfo(kPage).isFile())
        GTEST_SKIP() << "reference data absent: " << kPage.toStdString() << " (the published ngcc-harness pages)";
    ModelTesterLog log;
    Workbench workbench;
    DatasetListModel model(&workbench);
    auto tester = attachTester(&model);
    workbench.openDataset(kPage);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    ASSERT_EQ(model.rowCount(), 1);

    const Dataset &data = *workbench.datasets()[0].data;
    EXPECT_EQ(data.kind, "published page");
    auto cell = [&](int column, int role = Qt::DisplayRole) { return model.index(0, column).data(role); };
    EXPECT_EQ(cell(DatasetListModel::Kind).toString(), QStringLiteral("published page"));
    EXPECT_EQ(cell(DatasetListModel::Label, DatasetListModel::KindRole).toString(), QStringLiteral("published page"));
    EXPECT_EQ(cell(DatasetListModel::Label).toString(), QStringLiteral("x86_1 (published page)"));
    EXPECT_EQ(cell(DatasetListModel::Label, Qt::EditRole).toString(), QStringLiteral("x86_1"));
    EXPECT_EQ(cell(DatasetListModel::System).toString(), QStringLiteral("x86_1"));
    EXPECT_TRUE(
        cell(DatasetListModel::Label, Qt::ToolTipRole).toString().contains(QStringLiteral("trial-level figures only")));
    EXPECT_EQ(cell(DatasetListModel::Counter).toString(), QStringLiteral("cycles (published page)"));
    EXPECT_EQ(cell(DatasetListModel::Records).toString(), QString::number(data.records.size()));
    EXPECT_EQ(data.records.size(), 27u); // 3 instances x 9 operations, as section 4 lists them
    EXPECT_EQ(model.headerData(DatasetListModel::Kind, Qt::Horizontal).toString(), QStringLiteral("Kind"));

    // A campaign folder is of kind "campaign".
    auto campaign = std::make_shared<Dataset>();
    campaign->system_label = "mine";
    const int row = workbench.addDataset(campaign, QString());
    EXPECT_EQ(model.index(row, DatasetListModel::Kind).data().toString(), QStringLiteral("campaign"));
    EXPECT_EQ(model.index(row, DatasetListModel::Label).data().toString(), QStringLiteral("mine"));

    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

} // namespace
} // namespace kexbench::ui
