// SPDX-License-Identifier: GPL-3.0-or-later
// A real campaign driven the way a user drives it: instances checked in the
// Algorithms model, the plan typed into the Run page's own widgets, Start and
// Cancel clicked. Runner children measure the built-in instances; the live
// dataset and the Results page must show what was measured. Both tests also
// measure how long the GUI thread stalls while a campaign runs (the figure
// the issue asks for): a 10 ms QTimer on the GUI thread records the longest
// gap between its ticks. The figure is printed, not asserted: it depends on
// the machine and its load.
#include "gui_test_util.h"
#include "stall_meter.h"

#include "campaignworker.h"
#include "mainwindow.h"
#include "models/instancetreemodel.h"
#include "models/resultstablemodel.h"
#include "resultspage.h"
#include "runpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <set>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// Finds an instance leaf by name anywhere in the tree (group -> family -> instance).
QModelIndex findInstance(const QAbstractItemModel &model, const QString &name, const QModelIndex &parent = {})
{
    for (int r = 0; r < model.rowCount(parent); ++r) {
        const QModelIndex i = model.index(r, 0, parent);
        if (i.data(InstanceTreeModel::NodeKindRole).toInt() == InstanceTreeModel::InstanceNode) {
            if (i.data().toString() == name)
                return i;
        } else if (QModelIndex found = findInstance(model, name, i); found.isValid()) {
            return found;
        }
    }
    return {};
}

template <class W>
W *child(QWidget *parent, const char *name)
{
    W *w = parent->findChild<W *>(QLatin1String(name));
    EXPECT_NE(w, nullptr) << name;
    return w;
}

// Types a tiny plan into the Run page: the given operations only, 2 trials of
// `target` seconds, no stack probe (one child fewer per operation), into `out`.
void enterTinyPlan(RunPage *run, const QStringList &operations, double target, const QString &out)
{
    auto *all = child<QCheckBox>(run, "allOperations");
    ASSERT_NE(all, nullptr);
    all->setChecked(false);
    for (auto *box : run->findChildren<QCheckBox *>()) {
        const QString op = box->property("operation").toString();
        if (!op.isEmpty()) {
            EXPECT_TRUE(box->isEnabled()) << op.toStdString();
            box->setChecked(operations.contains(op));
        }
    }
    auto *target_ = child<QDoubleSpinBox>(run, "trialTarget");
    auto *trials = child<QSpinBox>(run, "trials");
    auto *folder = child<QLineEdit>(run, "outputFolder");
    auto *stack = child<QCheckBox>(run, "stackDepth");
    auto *label = child<QLineEdit>(run, "systemLabel");
    auto *retries = child<QSpinBox>(run, "retries");
    auto *order = child<QComboBox>(run, "order");
    ASSERT_TRUE(target_ && trials && folder && stack && label && retries && order);
    target_->setValue(target);
    trials->setValue(2);
    // Exact trial counts: no disturbance retries (they have tests of their own); the harness order.
    retries->setValue(0);
    order->setCurrentIndex(order->findData(QStringLiteral("harness")));
    folder->setText(out);
    stack->setChecked(false);
    label->setText(QStringLiteral("gui_campaign"));
}

int datasetRowOf(const Workbench &workbench, const QString &origin)
{
    const QString canonical = QFileInfo(origin).canonicalFilePath();
    for (int i = 0; i < workbench.datasets().size(); ++i)
        if (workbench.datasets()[i].origin == canonical)
            return i;
    return -1;
}

// Rows of the Results page's model that belong to the dataset labelled `label`.
int resultRowsOf(ResultsPage *results, const QString &label)
{
    const ResultsTableModel *model = results->model();
    int n = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->index(r, ResultsTableModel::DatasetColumn).data().toString() == label)
            ++n;
    return n;
}

// With KEXBENCH_TEST_SHOTS=<folder>, saves a picture of the window there, to
// look at the Run page during and after a real campaign.
void shoot(QWidget &window, const char *name)
{
    const QString folder = qEnvironmentVariable("KEXBENCH_TEST_SHOTS");
    if (folder.isEmpty())
        return;
    const QString file = QDir(folder).filePath(QLatin1String(name) + QStringLiteral(".png"));
    EXPECT_TRUE(window.grab().save(file)) << file.toStdString();
}

void printStall(const char *what, const StallMeter &meter, qint64 campaignMs)
{
    std::printf("[ stall    ] %s: longest GUI-thread gap %lld ms (10 ms timer, %d ticks over %lld ms of campaign)%s\n",
                what, static_cast<long long>(meter.maxGapMs()), meter.ticks(), static_cast<long long>(campaignMs),
                qEnvironmentVariableIsEmpty("KEXBENCH_TEST_SHOTS") ? "" : " [includes the window grabs]");
    std::fflush(stdout);
    ::testing::Test::RecordProperty("max_gui_gap_ms", static_cast<int>(meter.maxGapMs()));
}

struct GuiCampaign {
    Workbench workbench;
    MainWindow window{&workbench, /*useSettings=*/false};
    RunPage *run = nullptr;
    ResultsPage *results = nullptr;

    // Shows the window, describes the built-ins and checks the named instances in the Algorithms model.
    void prepare(const QStringList &instances)
    {
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        run = window.runPage();
        results = window.findChild<ResultsPage *>();
        ASSERT_NE(run, nullptr);
        ASSERT_NE(results, nullptr);
        ASSERT_TRUE(describeBuiltins(workbench));
        InstanceTreeModel *model = window.instanceModel();
        for (const QString &name : instances) {
            const QModelIndex leaf = findInstance(*model, name);
            ASSERT_TRUE(leaf.isValid()) << name.toStdString() << " is not in the Algorithms tree";
            ASSERT_TRUE(model->setData(leaf, Qt::Checked, Qt::CheckStateRole));
            EXPECT_EQ(leaf.data(Qt::CheckStateRole).toInt(), Qt::Checked);
        }
        EXPECT_EQ(workbench.checkedLibraries().size(), instances.size());
    }
};

} // namespace

TEST(GuiCampaign, RunsFromTheRunPageIntoALiveDatasetAndTheResultsPage)
{
    GuiCampaign gui;
    ASSERT_NO_FATAL_FAILURE(gui.prepare({QStringLiteral("ECDHE-P256"), QStringLiteral("X25519-NIKE")}));
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("campaign"));
    ASSERT_NO_FATAL_FAILURE(enterTinyPlan(gui.run, {QStringLiteral("init_a")}, 0.002, out));

    const CampaignOptions planned = gui.run->options();
    EXPECT_EQ(planned.operations, std::vector<std::string>{"init_a"});
    EXPECT_EQ(planned.libraries.size(), 2u);
    EXPECT_DOUBLE_EQ(planned.planning.trial_target_s, 0.002);
    EXPECT_EQ(planned.planning.trials, 2);
    EXPECT_EQ(planned.retries, 0);
    EXPECT_EQ(planned.order, "harness");
    ASSERT_TRUE(gui.run->startBlocker().isEmpty()) << gui.run->startBlocker().toStdString();

    QSignalSpy finished(gui.run->session(), &CampaignSession::finished);
    bool shotDuring = false;
    QObject::connect(gui.run->session(), &CampaignSession::update, gui.run, [&](const CampaignUpdate &u) {
        if (u.kind == CampaignEvent::RecordWritten && !shotDuring) {
            shotDuring = true;
            shoot(gui.window, "campaign-running");
        }
    });
    StallMeter meter;
    QElapsedTimer campaign;
    meter.start();
    campaign.start();
    auto *start = child<QPushButton>(gui.run, "startButton");
    auto *cancel = child<QPushButton>(gui.run, "cancelButton");
    ASSERT_TRUE(start && cancel);
    EXPECT_TRUE(start->isEnabled());
    EXPECT_FALSE(cancel->isEnabled());
    start->click();
    EXPECT_TRUE(gui.run->running());
    EXPECT_FALSE(start->isEnabled());
    EXPECT_TRUE(cancel->isEnabled());
    // The campaign folder is a live dataset from the first moment.
    const int liveRow = datasetRowOf(gui.workbench, out);
    ASSERT_GE(liveRow, 0);
    EXPECT_TRUE(gui.workbench.datasets()[liveRow].live);

    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 300000));
    const qint64 campaignMs = campaign.elapsed();
    meter.stop();
    printStall("two instances, init_a, 2 trials of 2 ms, KAT on", meter, campaignMs);

    const auto outcome = finished.first().first().value<CampaignOutcome>();
    EXPECT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_FALSE(outcome.cancelled);
    EXPECT_EQ(outcome.recordsWritten, 2);
    EXPECT_EQ(outcome.recordsFailed, 0);
    EXPECT_FALSE(gui.run->running());
    EXPECT_TRUE(start->isEnabled());

    // The dataset's last snapshot is loaded in the background: wait for it.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !gui.window.busy(); }, 60000));
    const int row = datasetRowOf(gui.workbench, out);
    ASSERT_GE(row, 0);
    const DatasetEntry &entry = gui.workbench.datasets()[row];
    EXPECT_FALSE(entry.live);
    EXPECT_EQ(entry.label, QStringLiteral("gui_campaign"));
    ASSERT_EQ(entry.data->records.size(), 2u);
    std::set<std::string> instances;
    for (const auto &rec : entry.data->records) {
        instances.insert(rec.instance);
        EXPECT_EQ(rec.operation, "init_a");
        EXPECT_EQ(rec.status, "complete");
        EXPECT_EQ(rec.plan.trials, 2);
    }
    EXPECT_EQ(instances, (std::set<std::string>{"ECDHE-P256", "X25519-NIKE"}));

    // The Results page follows the Workbench: both records are rows there.
    shoot(gui.window, "campaign-finished");
    gui.window.setPage(MainWindow::ResultsPageIndex);
    EXPECT_TRUE(QTest::qWaitFor([&] { return resultRowsOf(gui.results, entry.label) == 2; }, 10000))
        << "Results rows of the campaign: " << resultRowsOf(gui.results, entry.label);
    QTest::qWait(50);
    shoot(gui.window, "campaign-results");

    // The log says what happened, in the page's own words.
    auto *log = child<QPlainTextEdit>(gui.run, "campaignLog");
    ASSERT_NE(log, nullptr);
    EXPECT_TRUE(log->toPlainText().contains(QStringLiteral("Finished: 2 record(s) written")))
        << log->toPlainText().toStdString();
    // Each instance's KAT outcome, in the words `kexbench-cli run` prints (the built-ins' pinned manifest).
    for (const char *name : {"ECDHE-P256", "X25519-NIKE"})
        EXPECT_TRUE(
            QRegularExpression(QStringLiteral("\\]   %1: KAT PASS \\([1-9][0-9]* vectors\\)").arg(QLatin1String(name)))
                .match(log->toPlainText())
                .hasMatch())
            << name << "\n"
            << log->toPlainText().toStdString();
}

TEST(GuiCampaign, CancelFromTheRunPageKeepsTheFinishedRecords)
{
    GuiCampaign gui;
    ASSERT_NO_FATAL_FAILURE(gui.prepare({QStringLiteral("ECDHE-P256")}));
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("campaign"));
    const QStringList ops = {QStringLiteral("exchange"), QStringLiteral("init_a"), QStringLiteral("init_b"),
                             QStringLiteral("derive_a"), QStringLiteral("derive_b")};
    ASSERT_NO_FATAL_FAILURE(enterTinyPlan(gui.run, ops, 0.05, out));

    CampaignSession *session = gui.run->session();
    QSignalSpy finished(session, &CampaignSession::finished);
    auto *cancel = child<QPushButton>(gui.run, "cancelButton");
    ASSERT_NE(cancel, nullptr);
    // Cancel the way a user does, as soon as the first record is on disk.
    int records = 0;
    QObject::connect(session, &CampaignSession::update, cancel, [&](const CampaignUpdate &u) {
        if (u.kind == CampaignEvent::RecordWritten && ++records == 1) {
            EXPECT_TRUE(cancel->isEnabled());
            cancel->click();
        }
    });
    StallMeter meter;
    QElapsedTimer campaign;
    meter.start();
    campaign.start();
    child<QPushButton>(gui.run, "startButton")->click();
    ASSERT_TRUE(gui.run->running());
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 300000));
    meter.stop();
    printStall("one instance, cancelled after the first record", meter, campaign.elapsed());

    const auto outcome = finished.first().first().value<CampaignOutcome>();
    EXPECT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_GE(outcome.recordsWritten, 1);
    EXPECT_LT(outcome.recordsWritten, static_cast<int>(ops.size()));

    ASSERT_TRUE(QTest::qWaitFor([&] { return !gui.window.busy(); }, 60000));
    const int row = datasetRowOf(gui.workbench, out);
    ASSERT_GE(row, 0);
    const DatasetEntry &entry = gui.workbench.datasets()[row];
    EXPECT_FALSE(entry.live);
    EXPECT_EQ(entry.data->records.size(), static_cast<size_t>(outcome.recordsWritten));
    for (const auto &rec : entry.data->records)
        EXPECT_EQ(rec.status, "complete") << rec.operation;
    // The Results page computes its rows when shown (a hidden page does no work).
    gui.window.setPage(MainWindow::ResultsPageIndex);
    EXPECT_TRUE(
        QTest::qWaitFor([&] { return resultRowsOf(gui.results, entry.label) == outcome.recordsWritten; }, 10000));

    auto *log = child<QPlainTextEdit>(gui.run, "campaignLog");
    ASSERT_NE(log, nullptr);
    EXPECT_TRUE(log->toPlainText().contains(QStringLiteral("Cancelled:"))) << log->toPlainText().toStdString();
    // Cancelled is never shown as complete: the bar short of 100 %, campaign.json's completion marker.
    auto *bar = gui.run->findChild<QProgressBar *>(QStringLiteral("overallProgress"));
    ASSERT_NE(bar, nullptr);
    EXPECT_LT(bar->value(), bar->maximum());
    ASSERT_TRUE(entry.data->campaign && entry.data->campaign->completion);
    const CampaignCompletion &done = *entry.data->campaign->completion;
    EXPECT_EQ(done.state, "cancelled");
    EXPECT_EQ(done.planned, static_cast<int>(ops.size()));
    EXPECT_EQ(done.measured, outcome.recordsWritten);
    EXPECT_EQ(done.not_measured.size(), ops.size() - static_cast<size_t>(outcome.recordsWritten));
    for (const std::string &name : done.not_measured)
        EXPECT_NE(name.find("/ECDHE-P256/"), std::string::npos) << name;
    EXPECT_TRUE(child<QPushButton>(gui.run, "startButton")->isEnabled());

    // Issue 33 item 16: after a language switch the label still says how the campaign ended ("总体" alone before).
    auto *overall = child<QLabel>(gui.run, "overallLabel");
    ASSERT_NE(overall, nullptr);
    ASSERT_TRUE(gui.window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // the LanguageChange events are posted
    EXPECT_EQ(overall->text(), QString::fromUtf8("总体：已取消"));
    ASSERT_TRUE(gui.window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(overall->text(), QStringLiteral("Overall: cancelled"));
}

namespace {

// ASCII words of a text that are English prose, not an identifier, unit or
// path: paths (a '/' in the word), words with a digit, '_' or '-' (X25519-NIKE,
// init_a, cpu-cycles), acronyms in capitals (KAT, CPU, TSC, PMU) and the
// identifiers and units core's Chinese catalogue keeps as they are are left out.
QStringList englishWords(const QString &text)
{
    static const QSet<QString> kept = {
        // units
        QStringLiteral("n"), QStringLiteral("s"), QStringLiteral("ms"), QStringLiteral("ns"), QStringLiteral("kHz"),
        QStringLiteral("MHz"), QStringLiteral("GHz"), QStringLiteral("KiB"), QStringLiteral("MiB"),
        QStringLiteral("GiB"),
        // counters, operations, kernel interfaces and cpufreq governors: identifiers in the catalogue's Chinese texts
        QStringLiteral("perf"), QStringLiteral("tsc"), QStringLiteral("exchange"), QStringLiteral("cpufreq"),
        QStringLiteral("boost"), QStringLiteral("performance"), QStringLiteral("powersave"),
        QStringLiteral("schedutil"), QStringLiteral("ondemand"), QStringLiteral("conservative"),
        QStringLiteral("userspace"), QStringLiteral("pseudohash"), QStringLiteral("pseudoXOF"),
        QStringLiteral("sm3hash")};
    QStringList found;
    static const QRegularExpression word(QStringLiteral("[^\\s，：；（）、。]+"));
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString token = it.next().captured();
        if (token.contains(QLatin1Char('/')))
            continue; // a path
        static const QRegularExpression ascii(QStringLiteral("[A-Za-z][A-Za-z0-9_\\-\\.]*"));
        for (auto w = ascii.globalMatch(token); w.hasNext();) {
            QString candidate = w.next().captured();
            while (candidate.endsWith(QLatin1Char('.')))
                candidate.chop(1);
            static const QRegularExpression identifier(QStringLiteral("[0-9_\\-]"));
            if (candidate.contains(identifier) || candidate == candidate.toUpper() || kept.contains(candidate))
                continue;
            found << candidate;
        }
    }
    return found;
}

} // namespace

// A real campaign from the Run page of a Chinese window: every log line and
// host warning is Chinese (core's English event messages translated through
// its catalogue where they are shown), the KAT outcome included; only
// identifiers, units and paths stay as they are.
TEST(GuiCampaign, TheLogAndTheHostWarningsAreChineseInAChineseWindow)
{
    GuiCampaign gui;
    ASSERT_NO_FATAL_FAILURE(gui.prepare({QStringLiteral("X25519-NIKE")}));
    ASSERT_TRUE(gui.window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange reaches the pages
    ASSERT_EQ(coreLanguage(), Language::zh_CN);
    // The words of a KAT that did not pass, as core composes them.
    EXPECT_EQ(coreText(std::string("X25519-NIKE: KAT NOKAT no KAT vectors supplied")),
              QString::fromUtf8("X25519-NIKE：KAT 无测试向量：未提供 KAT 测试向量"));
    EXPECT_EQ(coreText(std::string("X25519-NIKE: KAT PASS (10 vectors)")),
              QString::fromUtf8("X25519-NIKE：KAT 通过（10 个测试向量）"));

    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString out = tmp.filePath(QStringLiteral("campaign"));
    ASSERT_NO_FATAL_FAILURE(enterTinyPlan(gui.run, {QStringLiteral("init_a")}, 0.002, out));
    QSignalSpy finished(gui.run->session(), &CampaignSession::finished);
    QStringList bannerWhileRunning;
    auto *banner = gui.run->findChild<QLabel *>(QStringLiteral("environmentBanner"));
    ASSERT_NE(banner, nullptr);
    QObject::connect(gui.run->session(), &CampaignSession::update, gui.run, [&](const CampaignUpdate &u) {
        if (u.kind == CampaignEvent::RecordWritten && bannerWhileRunning.isEmpty()) {
            bannerWhileRunning << banner->text();
            const QString folder = QStringLiteral("/tmp/kexbench-gui-shots");
            if (QDir().mkpath(folder))
                gui.run->grab().save(folder + QStringLiteral("/run-zh-running.png"));
        }
    });
    child<QPushButton>(gui.run, "startButton")->click();
    ASSERT_TRUE(gui.run->running());
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 300000));
    const auto outcome = finished.first().first().value<CampaignOutcome>();
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_EQ(outcome.recordsWritten, 1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !gui.window.busy(); }, 60000));
    QTest::qWait(50);
    {
        const QString folder = QStringLiteral("/tmp/kexbench-gui-shots");
        if (QDir().mkpath(folder))
            gui.run->grab().save(folder + QStringLiteral("/run-zh-finished.png"));
    }

    auto *log = child<QPlainTextEdit>(gui.run, "campaignLog");
    ASSERT_NE(log, nullptr);
    const QString text = log->toPlainText();
    std::printf("[ log      ]\n%s\n", text.toStdString().c_str());
    EXPECT_TRUE(
        QRegularExpression(QString::fromUtf8("X25519-NIKE：KAT 通过（[1-9][0-9]* 个测试向量）")).match(text).hasMatch())
        << text.toStdString();
    EXPECT_TRUE(text.contains(QString::fromUtf8("测量任务已开始：计数器 "))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::fromUtf8("已完成：写入 1 条记录"))) << text.toStdString();
    const QStringList english = englishWords(text);
    EXPECT_TRUE(english.isEmpty()) << "English words in the log: " << english.join(QStringLiteral(", ")).toStdString()
                                   << "\n"
                                   << text.toStdString();
    // The banner: the host warnings the campaign reported (shown while it ran and after it).
    QString bannerText = banner->isVisible() ? banner->text() : QString();
    bannerWhileRunning << bannerText;
    for (const QString &html : std::as_const(bannerWhileRunning)) {
        QString plain = html;
        plain.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        const QStringList words = englishWords(plain);
        EXPECT_TRUE(words.isEmpty()) << "English words in the host warnings: "
                                     << words.join(QStringLiteral(", ")).toStdString() << "\n"
                                     << plain.toStdString();
    }
    ASSERT_TRUE(gui.window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    // The banner keeps core's English and follows the language back.
    if (banner->isVisible()) {
        QString plain = banner->text();
        plain.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        EXPECT_FALSE(englishWords(plain).isEmpty()) << plain.toStdString();
    }
}

namespace {

// The log's line (block) shown at the bottom of its viewport.
int lastVisibleBlock(QPlainTextEdit *log)
{
    return log->cursorForPosition(QPoint(2, log->viewport()->height() - 2)).blockNumber();
}

int firstBlockContaining(QPlainTextEdit *log, const QString &text)
{
    for (QTextBlock b = log->document()->begin(); b.isValid(); b = b.next())
        if (b.text().contains(text))
            return b.blockNumber();
    return -1;
}

} // namespace

// Issue 33, item 7: a second campaign's lines stayed scrolled off below the
// first one's, and long lines did not wrap.
TEST(GuiCampaign, TheLogShowsTheSecondCampaignsLinesUnderARuleAndWraps)
{
    GuiCampaign gui;
    ASSERT_NO_FATAL_FAILURE(gui.prepare({QStringLiteral("ECDHE-P256"), QStringLiteral("X25519-NIKE")}));
    gui.window.resize(1024, 700);
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QStringList ops = {QStringLiteral("init_a"), QStringLiteral("init_b")};
    ASSERT_NO_FATAL_FAILURE(enterTinyPlan(gui.run, ops, 0.002, tmp.filePath(QStringLiteral("first"))));
    QSignalSpy finished(gui.run->session(), &CampaignSession::finished);
    auto *start = child<QPushButton>(gui.run, "startButton");
    auto *log = child<QPlainTextEdit>(gui.run, "campaignLog");
    ASSERT_TRUE(start && log);
    start->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 300000));
    QCoreApplication::processEvents();
    ASSERT_GT(log->verticalScrollBar()->maximum(), 0) << "the first campaign's lines must fill the log for this test";

    // Reading the first campaign from its top, the user starts the second one.
    log->verticalScrollBar()->setValue(0);
    const QString second = tmp.filePath(QStringLiteral("second-campaign-with-a-long-folder-name-that-must-wrap"));
    child<QLineEdit>(gui.run, "outputFolder")->setText(second);
    start->click();
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 2; }, 300000));
    QCoreApplication::processEvents();

    const int secondStarts = firstBlockContaining(log, QDir::toNativeSeparators(second));
    ASSERT_GT(secondStarts, 0) << log->toPlainText().toStdString();
    // The log follows the second campaign to its last line.
    EXPECT_GE(lastVisibleBlock(log), secondStarts);
    EXPECT_EQ(lastVisibleBlock(log), log->document()->blockCount() - 1)
        << "last visible line: "
        << log->cursorForPosition(QPoint(2, log->viewport()->height() - 2)).block().text().toStdString();
    // A rule of its own above the second campaign's first line.
    const int rule = firstBlockContaining(log, QStringLiteral("Campaign 2"));
    EXPECT_TRUE(rule >= 0 && rule < secondStarts) << log->toPlainText().toStdString();
    // Lines wrap: nothing is hidden to the right.
    EXPECT_NE(log->lineWrapMode(), QPlainTextEdit::NoWrap);
    EXPECT_EQ(log->horizontalScrollBar()->maximum(), 0);
    const QString shots = QStringLiteral("/tmp/kexbench-gui-shots");
    if (QDir().mkpath(shots))
        gui.window.grab().save(shots + QStringLiteral("/run-log-two-campaigns.png"));

    // A record of a real campaign written twice (the sweep judged its trials
    // again: on a busy machine it happens, it cannot be forced) says so the second time.
    static const QRegularExpression recordLine(QStringLiteral("^\\[[0-9:]+\\]   (\\S+ \\S+): "));
    QSet<QString> seen;
    for (const QString &line : log->toPlainText().split(QLatin1Char('\n'))) {
        if (line.contains(QStringLiteral("Campaign 2")))
            seen.clear();
        const auto m = recordLine.match(line);
        if (!m.hasMatch())
            continue;
        if (seen.contains(m.captured(1)))
            EXPECT_TRUE(line.contains(QStringLiteral("replaces the earlier"))) << line.toStdString();
        seen.insert(m.captured(1));
    }

    // A record the end-of-campaign sweep wrote again, as core announces it:
    // its line says that it replaces the earlier one, and why.
    CampaignUpdate again;
    again.kind = CampaignEvent::RecordWritten;
    again.instance = QStringLiteral("X25519-NIKE");
    again.operation = QStringLiteral("exchange");
    again.recordStatus = QStringLiteral("complete");
    again.recordSummary = QStringLiteral("255 µs mean over calls, n = 100");
    again.replaces = QStringLiteral("replaces the earlier figures: 2 trial(s) found disturbed at the campaign's end "
                                    "were run again");
    emit gui.run->session()->update(again);
    const QString last = log->document()->lastBlock().text();
    EXPECT_TRUE(last.contains(QStringLiteral("X25519-NIKE exchange: 255 µs mean over calls, n = 100; replaces the "
                                             "earlier figures: 2 trial(s)")))
        << last.toStdString();
    // In a Chinese window the reason is Chinese too (core's catalogue).
    ASSERT_TRUE(gui.window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    emit gui.run->session()->update(again);
    const QString zh = log->document()->lastBlock().text();
    EXPECT_TRUE(zh.contains(QString::fromUtf8("；取代之前的数值：在测量任务结束时发现受干扰的 2 次试验已重新运行")))
        << zh.toStdString();
    ASSERT_TRUE(gui.window.setLanguage(QStringLiteral("en")));
}
