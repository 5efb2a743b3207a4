// SPDX-License-Identifier: GPL-3.0-or-later
// Instance identity in the GUI: a library that calls itself X25519-NIKE
// beside the built-in one is shown as a clash on both rows of the Algorithms
// tree, and the Run page refuses a campaign with both checked, unless they are
// given variant names (issue 34 item 1): then one campaign measures both side
// by side, as NAME@variant. Real runner children describe (and measure) the
// built-ins and the fixture tests/fixtures/badname.
#include "gui_test_util.h"

#include "mainwindow.h"
#include "models/instancetreemodel.h"
#include "runpage.h"

#include "campaignworker.h"

#include <QAction>
#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QInputDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTreeView>

#include <set>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

const QString kImpostor = QString(KEXBENCH_FIXTURE_DIR) + QStringLiteral("/libbadname-impostor.so");

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
        EXPECT_TRUE(clash.startsWith(QStringLiteral("two libraries call themselves X25519-NIKE: ")))
            << clash.toStdString();
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
    EXPECT_TRUE(log->toPlainText().contains(QStringLiteral("Cannot start: ") + clash))
        << log->toPlainText().toStdString();

    // One of the two is measurable again once the other is unchecked.
    ASSERT_TRUE(model->setData(model->indexOfInstance(rows[1]), Qt::Unchecked, Qt::CheckStateRole));
    EXPECT_TRUE(workbench.checkedClash().isEmpty());
    EXPECT_NE(run->startBlocker(), clash);
}

namespace {

// While alive, answers the next QInputDialog that opens with `text` (accepted).
class InputDialogAnswerer {
public:
    explicit InputDialogAnswerer(const QString &text)
    {
        poll_.setInterval(20);
        QObject::connect(&poll_, &QTimer::timeout, [this, text] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            label_ = dialog->labelText();
            dialog->setTextValue(text);
            dialog->accept();
            poll_.stop();
        });
        poll_.start();
    }
    QString label() const { return label_; }

private:
    QTimer poll_;
    QString label_;
};

} // namespace

// The genuine X25519-NIKE and the impostor, both checked: refused unnamed (the
// existing message), and also under one variant label; named apart (one by the
// Algorithms panel's "Measure as variant…", one by the Workbench) they run in
// one campaign from the Run page, whose dataset has a record of each, labelled
// X25519-NIKE@ref and X25519-NIKE@imp.
TEST(InstanceIdentity, TwoLibrariesOfOneNameRunSideBySideAsVariants)
{
    Workbench workbench;
    MainWindow window{&workbench, /*useSettings=*/false};
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(describeBuiltins(workbench));
    workbench.addInstanceLibrary(kImpostor);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    for (int row = 0; row < workbench.instances().size(); ++row)
        workbench.setChecked(row, false);
    const QVector<int> rows = rowsNamed(workbench, "X25519-NIKE");
    ASSERT_EQ(rows.size(), 2);
    const int genuine = workbench.instances()[rows[0]].library == kImpostor ? rows[1] : rows[0];
    const int impostor = genuine == rows[0] ? rows[1] : rows[0];
    ASSERT_EQ(workbench.instances()[impostor].library, kImpostor);
    workbench.setChecked(genuine, true);
    workbench.setChecked(impostor, true);

    // Unnamed: refused with the message there was before variants.
    RunPage *run = window.runPage();
    ASSERT_NE(run, nullptr);
    const QString unnamed = workbench.checkedClash();
    ASSERT_TRUE(unnamed.startsWith(QStringLiteral("two libraries call themselves X25519-NIKE: ")))
        << unnamed.toStdString();
    EXPECT_EQ(run->startBlocker(), unnamed);
    EXPECT_TRUE(run->options().variants.empty());

    // A name that cannot be a file name is refused and changes nothing.
    EXPECT_FALSE(workbench.setVariant(impostor, QStringLiteral("a/b")).isEmpty());
    EXPECT_TRUE(workbench.instances()[impostor].variant.isEmpty());
    EXPECT_EQ(workbench.checkedClash(), unnamed);

    // Both under one label: still two libraries under one name.
    EXPECT_TRUE(workbench.setVariant(genuine, QStringLiteral("same")).isEmpty());
    EXPECT_TRUE(workbench.setVariant(impostor, QStringLiteral("X25519-NIKE@same")).isEmpty()) << "NAME@ typed whole";
    EXPECT_EQ(workbench.instances()[impostor].variant, QStringLiteral("same"));
    EXPECT_TRUE(workbench.checkedClash().startsWith(QStringLiteral("two libraries call themselves X25519-NIKE@same: ")))
        << workbench.checkedClash().toStdString();
    EXPECT_FALSE(run->startBlocker().isEmpty());

    // Named apart: the genuine one by the Workbench, the impostor through the context menu's dialog.
    EXPECT_TRUE(workbench.setVariant(genuine, QStringLiteral("ref")).isEmpty());
    InstanceTreeModel *model = window.instanceModel();
    QTreeView *view = nullptr;
    for (QTreeView *v : window.findChildren<QTreeView *>())
        if (v->model() == model)
            view = v;
    ASSERT_NE(view, nullptr);
    auto *action = window.findChild<QAction *>(QStringLiteral("measureAsVariant"));
    ASSERT_NE(action, nullptr);
    EXPECT_TRUE(view->actions().contains(action)) << "in the Algorithms panel's context menu";
    view->setCurrentIndex(model->index(0, 0)); // a group row: nothing to name
    EXPECT_FALSE(action->isEnabled());
    view->setCurrentIndex(model->indexOfInstance(impostor));
    ASSERT_TRUE(action->isEnabled());
    {
        InputDialogAnswerer answer(QStringLiteral("imp"));
        action->trigger();
        EXPECT_TRUE(answer.label().contains(QStringLiteral("X25519-NIKE@variant"))) << answer.label().toStdString();
    }
    EXPECT_EQ(workbench.instances()[impostor].variant, QStringLiteral("imp"));
    EXPECT_TRUE(workbench.checkedClash().isEmpty()) << workbench.checkedClash().toStdString();
    EXPECT_TRUE(model->indexOfInstance(impostor).data(InstanceTreeModel::ClashRole).toString().isEmpty());
    EXPECT_EQ(model->indexOfInstance(impostor).data().toString(), QStringLiteral("X25519-NIKE@imp"));
    EXPECT_EQ(model->indexOfInstance(genuine).data().toString(), QStringLiteral("X25519-NIKE@ref"));
    EXPECT_TRUE(
        model->indexOfInstance(impostor).data(Qt::ToolTipRole).toString().contains(QStringLiteral("X25519-NIKE@imp")));
    // With KEXBENCH_TEST_SHOTS=<folder>: a picture of the Algorithms panel showing the variants.
    if (const QString shots = qEnvironmentVariable("KEXBENCH_TEST_SHOTS"); !shots.isEmpty())
        view->window()->grab().save(shots + QStringLiteral("/variants-algorithms.png"));

    // The Run page's campaign: exchange only, 6 quick trials each, no KAT, into a folder of the test's.
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("variants"));
    auto *all = run->findChild<QCheckBox *>(QStringLiteral("allOperations"));
    ASSERT_NE(all, nullptr);
    all->setChecked(false);
    for (auto *box : run->findChildren<QCheckBox *>())
        if (const QString op = box->property("operation").toString(); !op.isEmpty())
            box->setChecked(op == QLatin1String("exchange"));
    auto *target = run->findChild<QDoubleSpinBox *>(QStringLiteral("trialTarget"));
    auto *trials = run->findChild<QSpinBox *>(QStringLiteral("trials"));
    auto *retries = run->findChild<QSpinBox *>(QStringLiteral("retries"));
    auto *folder = run->findChild<QLineEdit *>(QStringLiteral("outputFolder"));
    auto *stack = run->findChild<QCheckBox *>(QStringLiteral("stackDepth"));
    ASSERT_TRUE(target && trials && retries && folder && stack);
    target->setValue(0.002);
    trials->setValue(6);
    retries->setValue(0);
    stack->setChecked(false);
    folder->setText(out);
    const CampaignOptions planned = run->options();
    ASSERT_EQ(planned.libraries.size(), 2u);
    ASSERT_EQ(planned.variants.size(), 2u);
    std::set<std::pair<std::string, std::string>> pairs;
    for (size_t i = 0; i < 2; ++i)
        pairs.insert({planned.libraries[i], planned.variants[i]});
    EXPECT_EQ(pairs, (std::set<std::pair<std::string, std::string>>{
                         {workbench.instances()[genuine].library.toStdString(), "X25519-NIKE@ref"},
                         {kImpostor.toStdString(), "X25519-NIKE@imp"}}));
    ASSERT_TRUE(run->startBlocker().isEmpty()) << run->startBlocker().toStdString();

    // On other hosts each host gets a share of the libraries, not of their labels: refused there.
    auto *local = run->findChild<QRadioButton *>(QStringLiteral("whereLocal"));
    auto *ssh = run->findChild<QRadioButton *>(QStringLiteral("whereSsh"));
    auto *entry = run->findChild<QLineEdit *>(QStringLiteral("hostEntry"));
    auto *list = run->findChild<QListWidget *>(QStringLiteral("hostList"));
    ASSERT_TRUE(local && ssh && entry && list);
    ssh->setChecked(true);
    entry->setText(QStringLiteral("bench@board.invalid"));
    QTest::keyClick(entry, Qt::Key_Return);
    ASSERT_EQ(run->hosts(), QStringList{QStringLiteral("bench@board.invalid")});
    EXPECT_TRUE(run->startBlocker().startsWith(QStringLiteral("Libraries with a variant name are measured on this "
                                                              "machine only")))
        << run->startBlocker().toStdString();
    list->clear(); // as the test found them: no hosts, this machine
    local->setChecked(true);
    ASSERT_TRUE(run->startBlocker().isEmpty()) << run->startBlocker().toStdString();

    QSignalSpy finished(run->session(), &CampaignSession::finished);
    run->start();
    ASSERT_TRUE(run->running());
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 300000));
    const auto outcome = finished.first().first().value<CampaignOutcome>();
    EXPECT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(outcome.recordsWritten, 2);
    EXPECT_EQ(outcome.recordsFailed, 0);

    const auto data = load_dataset(out.toStdString());
    ASSERT_TRUE(data.ok()) << data.error();
    const Record *ref = data->record_for("X25519-NIKE@ref", "exchange");
    const Record *imp = data->record_for("X25519-NIKE@imp", "exchange");
    ASSERT_TRUE(ref && imp);
    EXPECT_EQ(ref->instance, "X25519-NIKE");
    EXPECT_EQ(imp->instance, "X25519-NIKE");
    EXPECT_EQ(QString::fromStdString(ref->library), workbench.instances()[genuine].library);
    EXPECT_EQ(QString::fromStdString(imp->library), kImpostor);
    EXPECT_EQ(data->records.size(), 2u);

    // Cleared, the pair clashes again, with the message of old.
    EXPECT_TRUE(workbench.setVariant(genuine, QString()).isEmpty());
    EXPECT_TRUE(workbench.setVariant(impostor, QString()).isEmpty());
    EXPECT_EQ(workbench.checkedClash(), unnamed);
    EXPECT_EQ(run->startBlocker(), unnamed);
}
