// SPDX-License-Identifier: GPL-3.0-or-later
// Instance identity in the GUI: a library that calls itself X25519-NIKE
// beside the built-in one is shown as a clash on both rows of the Algorithms
// tree, and the Run page refuses a campaign with both checked. Real runner
// children describe the built-ins and the fixture tests/fixtures/badname.
#include "gui_test_util.h"

#include "mainwindow.h"
#include "models/instancetreemodel.h"
#include "runpage.h"

#include <QColor>
#include <QPlainTextEdit>
#include <QPushButton>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

const QString kImpostor = QStringLiteral(KEXBENCH_FIXTURE_DIR "/libbadname-impostor.so");

QVector<int> rowsNamed(const Workbench &workbench, const std::string &name)
{
    QVector<int> rows;
    for (int i = 0; i < workbench.instances().size(); ++i)
        if (workbench.instances()[i].info.meta.instance == name)
            rows << i;
    return rows;
}

} // namespace

TEST(InstanceIdentity, AnImpostorIsMarkedOnBothRowsAndACampaignWithBothIsRefused)
{
    Workbench workbench;
    MainWindow window{&workbench, /*useSettings=*/false};
    window.show();
    ASSERT_TRUE(describeBuiltins(workbench));
    workbench.addInstanceLibrary(kImpostor);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));

    const QVector<int> rows = rowsNamed(workbench, "X25519-NIKE");
    ASSERT_EQ(rows.size(), 2);
    InstanceTreeModel *model = window.instanceModel();
    QString clash;
    for (int row : rows) {
        const QModelIndex leaf = model->indexOfInstance(row);
        ASSERT_TRUE(leaf.isValid());
        clash = leaf.data(InstanceTreeModel::ClashRole).toString();
        EXPECT_TRUE(clash.startsWith(QStringLiteral("two libraries call themselves X25519-NIKE: "))) << clash.toStdString();
        EXPECT_TRUE(clash.contains(kImpostor)) << clash.toStdString();
        EXPECT_TRUE(clash.contains(QStringLiteral("; measure one at a time or rename one"))) << clash.toStdString();
        EXPECT_TRUE(leaf.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Name clash:")));
        EXPECT_EQ(leaf.data(Qt::ForegroundRole).value<QColor>(), QColor(Qt::red));
        ASSERT_TRUE(model->setData(leaf, Qt::Checked, Qt::CheckStateRole));
    }
    const int other = rowsNamed(workbench, "ECDHE-P256").value(0, -1);
    ASSERT_GE(other, 0);
    EXPECT_TRUE(model->indexOfInstance(other).data(InstanceTreeModel::ClashRole).toString().isEmpty());

    RunPage *run = window.runPage();
    ASSERT_NE(run, nullptr);
    EXPECT_EQ(workbench.checkedClash(), clash);
    EXPECT_EQ(run->startBlocker(), clash);
    auto *start = run->findChild<QPushButton *>(QStringLiteral("startButton"));
    ASSERT_NE(start, nullptr);
    EXPECT_FALSE(start->isEnabled());
    run->start();
    EXPECT_FALSE(run->running());
    auto *log = run->findChild<QPlainTextEdit *>(QStringLiteral("campaignLog"));
    ASSERT_NE(log, nullptr);
    EXPECT_TRUE(log->toPlainText().contains(QStringLiteral("Cannot start: ") + clash)) << log->toPlainText().toStdString();

    // One of the two is measurable again once the other is unchecked.
    ASSERT_TRUE(model->setData(model->indexOfInstance(rows[1]), Qt::Unchecked, Qt::CheckStateRole));
    EXPECT_TRUE(workbench.checkedClash().isEmpty());
    EXPECT_NE(run->startBlocker(), clash);
}
