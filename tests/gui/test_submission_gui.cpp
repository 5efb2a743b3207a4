// SPDX-License-Identifier: GPL-3.0-or-later
// "Add submission folder…" and the Compare page's Symmetric primitives tab:
// tests/fixtures/submission-toy built through the SubmissionDialog's worker
// API (no file dialog) into a library the Workbench lists, the broken fixture
// refused with a one-line reason and the compiler output kept in the log, and
// the hash/DRNG/rest bars of a dataset `kexbench-cli run` profiled. Screenshots
// go to <tmp>/kexbench-gui-shots for a human to look at.
#include "gui_test_util.h"

#include "comparepage.h"
#include "mainwindow.h"
#include "submissiondialog.h"

#include "core/dataset.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QStackedBarSeries>
#include <QTemporaryDir>

#include <filesystem>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

QString shotPath(const QString &name)
{
    const QString dir = QDir::temp().filePath(QStringLiteral("kexbench-gui-shots"));
    QDir().mkpath(dir);
    return QDir(dir).filePath(name);
}

// A scratch copy of a fixture folder under tmp/src; with_iccs adds the
// clean-room drng/auxfunc the way a submission ships the official ones.
QString submissionCopy(const QTemporaryDir &tmp, const char *fixture, bool with_iccs)
{
    const fs::path dir = fs::path(tmp.path().toStdString()) / "src";
    fs::copy(fs::path(KEXBENCH_SOURCE_DIR) / "tests" / "fixtures" / fixture, dir, fs::copy_options::recursive);
    if (with_iccs)
        for (const char *f : {"drng.c", "drng.h", "auxfunc.c", "auxfunc.h"})
            fs::copy_file(fs::path(KEXBENCH_SOURCE_DIR) / "kex" / "iccs" / f, dir / f);
    return QString::fromStdString(dir.string());
}

// Builds in the dialog's worker and waits for the end; false on a timeout.
bool buildAndWait(SubmissionDialog &dialog, QStringList *liveLines = nullptr)
{
    bool finished = false;
    QObject context;
    QObject::connect(&dialog, &SubmissionDialog::buildFinished, &context, [&] { finished = true; });
    if (liveLines)
        QObject::connect(&dialog, &SubmissionDialog::logLine, &context,
                         [liveLines](const QString &line) { *liveLines << line; });
    if (!dialog.startBuild())
        return false;
    return QTest::qWaitFor([&] { return finished; }, 600000);
}

} // namespace

TEST(SubmissionGui, BuildsToyFolderIntoTheWorkbench)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    Workbench workbench;
    SubmissionDialog dialog(&workbench);
    EXPECT_TRUE(SubmissionDialog::defaultOutputDir().endsWith(QStringLiteral("/instances")));
    dialog.setSourceDir(submissionCopy(tmp, "submission-toy", true));
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    QStringList live;
    bool runningAfterStart = false;
    QObject context;
    QObject::connect(&dialog, &SubmissionDialog::logLine, &context,
                     [&] { runningAfterStart = runningAfterStart || dialog.running(); });
    ASSERT_TRUE(buildAndWait(dialog, &live)) << dialog.logText().toStdString();
    ASSERT_TRUE(dialog.succeeded()) << dialog.error().toStdString() << "\n" << dialog.logText().toStdString();
    EXPECT_EQ(dialog.instance(), QStringLiteral("TOY-KEX-128"));
    EXPECT_TRUE(QFileInfo(dialog.library()).isFile());
    EXPECT_TRUE(QFileInfo(tmp.filePath(QStringLiteral("out/profiled/libTOY-KEX-128.so"))).isFile());
    // Command lines arrived while the worker ran; the log ends with the outcome.
    EXPECT_FALSE(live.isEmpty());
    EXPECT_TRUE(runningAfterStart);
    EXPECT_TRUE(dialog.logText().contains(QStringLiteral("Built TOY-KEX-128")));
    EXPECT_TRUE(dialog.logText().contains(live.front())) << "the build log keeps the command lines";
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
    const int row = instanceRow(workbench, "TOY-KEX-128");
    ASSERT_GE(row, 0);
    EXPECT_EQ(workbench.instances()[row].library, dialog.library());
    ASSERT_TRUE(dialog.grab().save(shotPath(QStringLiteral("submission-dialog-ok.png"))));
}

TEST(SubmissionGui, BrokenFolderFailsWithAReason)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    Workbench workbench;
    SubmissionDialog dialog(&workbench);
    dialog.setSourceDir(submissionCopy(tmp, "submission-broken-compile", false));
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    ASSERT_TRUE(buildAndWait(dialog));
    EXPECT_FALSE(dialog.succeeded());
    EXPECT_FALSE(dialog.error().isEmpty());
    EXPECT_FALSE(dialog.error().contains(QLatin1Char('\n')));
    EXPECT_TRUE(dialog.logText().contains(QStringLiteral("Build failed: ") + dialog.error()));
    // The compiler's own diagnostics stay in the log.
    EXPECT_TRUE(dialog.logText().contains(QStringLiteral("error"), Qt::CaseInsensitive));
    auto *box = dialog.findChild<QMessageBox *>();
    ASSERT_NE(box, nullptr);
    EXPECT_EQ(box->text(), dialog.error());
    EXPECT_TRUE(box->isVisible());
    EXPECT_EQ(workbench.instances().size(), 0);
    ASSERT_TRUE(dialog.grab().save(shotPath(QStringLiteral("submission-dialog-failed.png"))));
    box->close();
    // A missing folder is refused without starting anything.
    dialog.setSourceDir(tmp.filePath(QStringLiteral("missing")));
    EXPECT_FALSE(dialog.startBuild());
    EXPECT_FALSE(dialog.running());
}

TEST(SubmissionGui, MainWindowOffersTheFolder)
{
    Workbench workbench;
    MainWindow window(&workbench, false);
    bool button = false;
    for (auto *b : window.findChildren<QPushButton *>())
        button = button || b->text() == QStringLiteral("Add submission folder…");
    EXPECT_TRUE(button);
    bool action = false;
    for (auto *a : window.findChildren<QAction *>())
        action = action || a->text() == QStringLiteral("Add &submission folder…");
    EXPECT_TRUE(action);
    ASSERT_NE(window.submissionDialog(), nullptr);
    EXPECT_EQ(window.submissionDialog(), window.submissionDialog());
}

TEST(SubmissionGui, SharesTabShowsProfiledExchange)
{
    const QString cli = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("kexbench-cli"));
    ASSERT_TRUE(QFileInfo(cli).isExecutable()) << "build kexbench-cli beside the tests: " << cli.toStdString();
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    const QString run = tmp.filePath(QStringLiteral("run"));
    QProcess cliProcess;
    cliProcess.setProcessChannelMode(QProcess::MergedChannels);
    cliProcess.start(cli, {QStringLiteral("run"), QStringLiteral("--instance"), QStringLiteral("X25519-NIKE"),
                           QStringLiteral("--op"), QStringLiteral("exchange"), QStringLiteral("--target"),
                           QStringLiteral("0.01"), QStringLiteral("--trials"), QStringLiteral("2"),
                           QStringLiteral("--no-stack"), QStringLiteral("--out"), run});
    ASSERT_TRUE(cliProcess.waitForFinished(600000));
    ASSERT_EQ(cliProcess.exitCode(), 0) << cliProcess.readAll().toStdString();
    // The same campaign without its profiles.
    const QString bare = tmp.filePath(QStringLiteral("bare"));
    fs::copy(run.toStdString(), bare.toStdString(), fs::copy_options::recursive);
    fs::remove_all(fs::path(bare.toStdString()) / "profile");

    auto profiled = load_dataset(run.toStdString());
    ASSERT_TRUE(profiled) << profiled.error();
    const Profile *exchange = nullptr;
    for (const auto &p : profiled->profiles)
        if (p.label == "X25519-NIKE" && p.operation == "exchange" && p.status == "complete")
            exchange = &p;
    ASSERT_NE(exchange, nullptr);
    ASSERT_TRUE(exchange->hash_share.has_value());
    const double drng = exchange->share.count("drng") ? exchange->share.at("drng") : 0.0;
    auto withoutA = load_dataset(bare.toStdString());
    auto withoutB = load_dataset(bare.toStdString());
    ASSERT_TRUE(withoutA && withoutB);
    EXPECT_TRUE(withoutA->profiles.empty());

    Workbench workbench;
    workbench.addDataset(std::make_shared<const Dataset>(std::move(*profiled)), run);
    workbench.addDataset(std::make_shared<const Dataset>(std::move(*withoutA)), bare);
    workbench.addDataset(std::make_shared<const Dataset>(std::move(*withoutB)), bare);
    ComparePage page(&workbench);
    page.resize(1100, 800);
    page.show();
    page.setChartTab(ComparePage::SharesTab);

    // Neither side profiled: the message.
    page.setDatasets(1, 2);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy(); }, 60000));
    EXPECT_TRUE(page.sharesEmpty());
    ASSERT_TRUE(page.grab().save(shotPath(QStringLiteral("comparepage-shares-none.png"))));

    // A profiled, B not: A's bar is hash + DRNG + rest = 100 %, B's is empty.
    page.setDatasets(0, 1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy(); }, 60000));
    ASSERT_FALSE(page.sharesEmpty());
    QChart *chart = page.sharesView()->chart();
    ASSERT_EQ(chart->series().size(), 1);
    auto *series = qobject_cast<QStackedBarSeries *>(chart->series().front());
    ASSERT_NE(series, nullptr);
    const auto sets = series->barSets();
    ASSERT_EQ(sets.size(), 3);
    EXPECT_EQ(sets[0]->label(), QStringLiteral("Hash functions"));
    EXPECT_EQ(sets[1]->label(), QStringLiteral("DRNG"));
    EXPECT_EQ(sets[2]->label(), QStringLiteral("Rest"));
    auto *axis = qobject_cast<QBarCategoryAxis *>(chart->axes(Qt::Horizontal).value(0));
    ASSERT_NE(axis, nullptr);
    EXPECT_EQ(axis->categories(),
              QStringList({QStringLiteral("X25519-NIKE (A)"), QStringLiteral("X25519-NIKE (B)")}));
    for (QBarSet *set : sets)
        ASSERT_EQ(set->count(), 2);
    EXPECT_NEAR(sets[0]->at(0), 100.0 * *exchange->hash_share, 1e-9);
    EXPECT_NEAR(sets[1]->at(0), 100.0 * drng, 1e-9);
    EXPECT_NEAR(sets[0]->at(0) + sets[1]->at(0) + sets[2]->at(0), 100.0, 1e-9);
    EXPECT_EQ(sets[0]->at(1) + sets[1]->at(1) + sets[2]->at(1), 0.0);
    QTest::qWait(50);
    ASSERT_TRUE(page.grab().save(shotPath(QStringLiteral("comparepage-shares.png"))));
}
