// SPDX-License-Identifier: GPL-3.0-or-later
// The workbench models on real data: the built-in instances described by
// runner children, and the arm_1 reference campaign of the published harness.
// QAbstractItemModelTester watches every model through every change.
#include "gui_test_util.h"

#include "models/datasetlistmodel.h"
#include "models/instancetreemodel.h"

#include <QSignalSpy>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

QModelIndex findChild(const QAbstractItemModel &model, const QModelIndex &parent, const QString &text)
{
    for (int r = 0; r < model.rowCount(parent); ++r) {
        QModelIndex i = model.index(r, 0, parent);
        if (i.data().toString() == text)
            return i;
    }
    return {};
}

} // namespace

TEST(InstanceTreeModel, GroupsFamiliesAndInstancesOfTheBuiltins)
{
    ModelTesterLog log;
    Workbench workbench;
    InstanceTreeModel model(&workbench);
    auto tester = attachTester(&model);
    ASSERT_TRUE(describeBuiltins(workbench));
    ASSERT_GE(workbench.instances().size(), 3) << "built-in instances missing beside the test binary";

    const QModelIndex builtin = findChild(model, {}, QStringLiteral("Built-in"));
    ASSERT_TRUE(builtin.isValid());
    EXPECT_EQ(builtin.data(InstanceTreeModel::NodeKindRole).toInt(), InstanceTreeModel::GroupNode);
    const QModelIndex ecdhe = findChild(model, builtin, QStringLiteral("ECDHE"));
    ASSERT_TRUE(ecdhe.isValid());
    EXPECT_EQ(model.rowCount(ecdhe), 2); // P-256 and SM2
    const QModelIndex p256 = findChild(model, ecdhe, QStringLiteral("ECDHE-P256"));
    ASSERT_TRUE(p256.isValid());
    EXPECT_EQ(p256.data(InstanceTreeModel::NodeKindRole).toInt(), InstanceTreeModel::InstanceNode);
    EXPECT_TRUE(p256.flags() & Qt::ItemIsUserCheckable);
    EXPECT_EQ(model.rowCount(p256), 0);

    // The figures come from the runner's describe, not from loading the library here.
    const int row = p256.data(InstanceTreeModel::InstanceRowRole).toInt();
    const auto &entry = workbench.instances()[row];
    EXPECT_EQ(p256.siblingAtColumn(InstanceTreeModel::Passes).data().toString(),
              QString::number(entry.info.caps.passes));
    EXPECT_EQ(p256.siblingAtColumn(InstanceTreeModel::SecurityBits).data().toString(), QStringLiteral("128"));
    EXPECT_EQ(p256.siblingAtColumn(InstanceTreeModel::PkBytes).data().toString(), QString::number(entry.info.caps.pk));
    EXPECT_EQ(p256.siblingAtColumn(InstanceTreeModel::MessageBytes).data().toString(),
              QString::number(entry.info.caps.total_msg));
    EXPECT_EQ(p256.data(InstanceTreeModel::LibraryRole).toString(), entry.library);
    EXPECT_TRUE(p256.data(Qt::ToolTipRole).toString().contains(entry.library));
    for (int c = 0; c < InstanceTreeModel::ColumnCount; ++c) {
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty());
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    }

    // Checking goes to the Workbench and is updated in place: no reset, so a
    // view keeps its expansion.
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    EXPECT_TRUE(model.setData(p256, Qt::Checked, Qt::CheckStateRole));
    EXPECT_TRUE(workbench.instances()[row].checked);
    EXPECT_EQ(p256.data(Qt::CheckStateRole).toInt(), Qt::Checked);
    EXPECT_EQ(ecdhe.data(Qt::CheckStateRole).toInt(), Qt::PartiallyChecked);
    EXPECT_EQ(builtin.data(Qt::CheckStateRole).toInt(), Qt::PartiallyChecked);
    EXPECT_EQ(workbench.checkedLibraries(), QStringList{entry.library});

    // A group row checks everything under it.
    EXPECT_TRUE(model.setData(builtin, Qt::Checked, Qt::CheckStateRole));
    EXPECT_EQ(ecdhe.data(Qt::CheckStateRole).toInt(), Qt::Checked);
    EXPECT_EQ(workbench.checkedLibraries().size(),
              model.rowCount(ecdhe) + model.rowCount(findChild(model, builtin, QStringLiteral("X25519-NIKE"))));
    EXPECT_TRUE(model.setData(builtin, Qt::Unchecked, Qt::CheckStateRole));
    EXPECT_TRUE(workbench.checkedLibraries().isEmpty());
    EXPECT_EQ(resets.count(), 0);

    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(InstanceTreeModel, LibrariesOutsideKexbenchAreSubmissionsAndBadOnesAreReported)
{
    ModelTesterLog log;
    Workbench workbench;
    InstanceTreeModel model(&workbench);
    auto tester = attachTester(&model);
    ASSERT_TRUE(describeBuiltins(workbench));
    const int before = static_cast<int>(workbench.instances().size());

    // A test fixture (group "fixture") is neither built-in nor a baseline.
    QSignalSpy problems(&workbench, &Workbench::instanceProblem);
    workbench.addInstanceLibrary(QString(KEXBENCH_FIXTURE_DIR) + QStringLiteral("/libfixture-good-2p.so"));
    const QString missing = QStringLiteral("/nonexistent/libnot-there.so");
    workbench.addInstanceLibrary(missing);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_EQ(workbench.instances().size(), before + 1);
    const QModelIndex submissions = findChild(model, {}, QStringLiteral("Submissions"));
    ASSERT_TRUE(submissions.isValid());
    EXPECT_EQ(submissions.row(), model.rowCount() - 1); // after Built-in (and Baselines)
    EXPECT_EQ(model.rowCount(submissions), 1);
    ASSERT_EQ(problems.count(), 1);
    EXPECT_TRUE(problems.first().first().toString().contains(missing))
        << problems.first().first().toString().toStdString();

    // Adding the same library again replaces it rather than listing it twice.
    workbench.addInstanceLibrary(QString(KEXBENCH_FIXTURE_DIR) + QStringLiteral("/libfixture-good-2p.so"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_EQ(workbench.instances().size(), before + 1);

    // A new discovery keeps the added library and the check states.
    workbench.setChecked(0, true);
    ASSERT_TRUE(describeBuiltins(workbench));
    EXPECT_EQ(workbench.instances().size(), before + 1);
    EXPECT_TRUE(workbench.instances()[0].checked);

    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(DatasetListModel, ShowsTheReferenceCampaign)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    ModelTesterLog log;
    Workbench workbench;
    DatasetListModel model(&workbench);
    auto tester = attachTester(&model);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    workbench.openDataset(referenceDataset());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    ASSERT_EQ(model.rowCount(), 1);
    EXPECT_EQ(inserted.count(), 1);

    const Dataset &data = *workbench.datasets()[0].data;
    auto cell = [&](int column, int role = Qt::DisplayRole) { return model.index(0, column).data(role); };
    EXPECT_EQ(cell(DatasetListModel::Label).toString(), QStringLiteral("arm_1"));
    EXPECT_EQ(cell(DatasetListModel::System).toString(), QStringLiteral("arm_1"));
    EXPECT_EQ(cell(DatasetListModel::Cpu).toString(), QStringLiteral("Qualcomm Oryon"));
    EXPECT_EQ(cell(DatasetListModel::Started).toString(), QStringLiteral("2026-09-28"));
    EXPECT_EQ(cell(DatasetListModel::Started, Qt::ToolTipRole).toString(), QStringLiteral("2026-09-28 15:05:46 UTC"));
    EXPECT_TRUE(cell(DatasetListModel::Label, Qt::ToolTipRole).toString().contains(workbench.datasets()[0].origin));
    EXPECT_EQ(cell(DatasetListModel::Counter).toString(), QStringLiteral("cycles (harness)"));
    EXPECT_EQ(cell(DatasetListModel::Records).toString(), QString::number(data.records.size()));
    // The published arm_1 campaign is kex-01 only: 21 records (instances x operations).
    EXPECT_EQ(data.records.size(), 21u);
    EXPECT_EQ(cell(DatasetListModel::Records, DatasetListModel::SortRole).toULongLong(), data.records.size());
    EXPECT_EQ(cell(DatasetListModel::Origin).toString(), workbench.datasets()[0].origin);
    EXPECT_FALSE(cell(DatasetListModel::Counter, Qt::ToolTipRole).toString().isEmpty());
    EXPECT_FALSE(cell(DatasetListModel::Label, DatasetListModel::LiveRole).toBool());

    // Opening the same folder again reloads it instead of adding a second row.
    workbench.openDataset(referenceDataset() + QStringLiteral("/"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_EQ(model.rowCount(), 1);

    // The label is editable and renames the dataset in the Workbench, in place.
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    EXPECT_TRUE(model.flags(model.index(0, DatasetListModel::Label)) & Qt::ItemIsEditable);
    EXPECT_FALSE(model.flags(model.index(0, DatasetListModel::Records)) & Qt::ItemIsEditable);
    EXPECT_TRUE(model.setData(model.index(0, DatasetListModel::Label), QStringLiteral("Oryon")));
    EXPECT_EQ(workbench.datasets()[0].label, QStringLiteral("Oryon"));
    EXPECT_EQ(cell(DatasetListModel::Label, Qt::EditRole).toString(), QStringLiteral("Oryon"));
    EXPECT_FALSE(model.setData(model.index(0, DatasetListModel::Label), QStringLiteral("   ")));
    EXPECT_GE(changed.count(), 1);

    // A live dataset (a campaign writing into it) is marked.
    const int live = workbench.addDataset(std::make_shared<Dataset>(), QString(), true);
    EXPECT_EQ(model.rowCount(), 2);
    EXPECT_TRUE(model.index(live, 0).data(DatasetListModel::LiveRole).toBool());
    EXPECT_TRUE(model.index(live, 0).data(Qt::DecorationRole).isValid());
    EXPECT_TRUE(model.index(live, 0).data().toString().contains(QStringLiteral("live")));
    workbench.setLive(live, false);
    EXPECT_FALSE(model.index(live, 0).data(DatasetListModel::LiveRole).toBool());

    // Removing the first row is a row removal, not a reset.
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    workbench.removeDataset(0);
    EXPECT_EQ(removed.count(), 1);
    EXPECT_EQ(model.rowCount(), 1);
    EXPECT_EQ(resets.count(), 0);

    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(DatasetListModel, DuplicateSystemsGetDistinctLabels)
{
    ModelTesterLog log;
    Workbench workbench;
    DatasetListModel model(&workbench);
    auto tester = attachTester(&model);
    auto data = std::make_shared<Dataset>();
    data->system_label = "x86_1";
    workbench.addDataset(data, QString());
    workbench.addDataset(data, QString());
    ASSERT_EQ(model.rowCount(), 2);
    EXPECT_EQ(model.index(0, 0).data().toString(), QStringLiteral("x86_1"));
    EXPECT_EQ(model.index(1, 0).data().toString(), QStringLiteral("x86_1 (2)"));
    // Empty datasets show the missing-value dash, never garbage.
    EXPECT_EQ(model.index(0, DatasetListModel::Cpu).data().toString(), QString::fromUtf8("\u2013"));
    EXPECT_EQ(model.index(0, DatasetListModel::Records).data().toString(), QStringLiteral("0"));

    // A long processor name is shown without trademarks and clock (the dock is
    // narrow); the tooltip keeps it as recorded.
    auto xeon = std::make_shared<Dataset>();
    xeon->system_label = "xeon";
    xeon->campaign.emplace();
    xeon->campaign->environment_at_start = {{"cpu_model", "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz"},
                                            {"machine", "Rack 7"}};
    const int row = workbench.addDataset(xeon, QString());
    EXPECT_EQ(model.index(row, DatasetListModel::Cpu).data().toString(), QStringLiteral("Intel Xeon E5-2680 v4"));
    EXPECT_EQ(model.index(row, DatasetListModel::Cpu).data(Qt::ToolTipRole).toString(),
              QStringLiteral("Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz\nRack 7"));
    EXPECT_EQ(model.index(row, DatasetListModel::Cpu).data(DatasetListModel::SortRole).toString(),
              QStringLiteral("Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz"));
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}
