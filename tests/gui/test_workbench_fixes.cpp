// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 15, item 6 ("workbench fixes"): a campaign's completion marker from
// campaign.json through the dataset list and the report; empty and duplicate
// datasets refused with a message; submission libraries listed again after a
// restart; drops taken as Copy, never Move; the window usable at 1024x700;
// the Run page's output folder and duration estimate.
#include "gui_test_util.h"

#include "campaignworker.h"
#include "distributionspage.h"
#include "mainwindow.h"
#include "models/datasetlistmodel.h"
#include "runpage.h"
#include "submissiondialog.h"

#include "core/base/fsutil.h"
#include "core/data/record.h"
#include "core/analysis/report.h"

#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyleOptionViewItem>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QUrl>

#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

void writeText(const QString &path, const std::string &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly)) << path.toStdString();
    f.write(text.data(), static_cast<qint64>(text.size()));
}

// A campaign folder with one complete record (x25519-nike/X25519-NIKE exchange)
// and a campaign.json; `completion` is its "completion" block (null: none).
void writeCampaign(const QString &dir, const nlohmann::ordered_json &completion,
                   const std::string &started = "2026-12-02T10:00:00.000000+00:00")
{
    Record rec;
    rec.candidate = "x25519-nike";
    rec.label = rec.instance = "X25519-NIKE";
    rec.operation = "exchange";
    rec.status = "complete";
    rec.started_utc = rec.ended_utc = started;
    writeText(QDir(dir).filePath(QString::fromStdString(record_relative_path(rec.candidate, rec.label, rec.operation))),
              record_to_json(rec).dump(1));
    nlohmann::ordered_json campaign = {{"system_id", "fix_1"}, {"started_utc", started}, {"ended_utc", started}};
    if (!completion.is_null())
        campaign["completion"] = completion;
    writeText(QDir(dir).filePath(QStringLiteral("campaign.json")), campaign.dump(1));
}

const nlohmann::ordered_json kCancelled = {
    {"state", "cancelled"},
    {"planned", 3},
    {"measured", 1},
    {"not_measured", {"x25519-nike/X25519-NIKE/init_a", "x25519-nike/X25519-NIKE/init_b"}}};

bool openAndWait(Workbench &workbench, const QString &path)
{
    workbench.openDataset(path);
    return QTest::qWaitFor([&] { return !workbench.busy(); }, 60000);
}

} // namespace

// A campaign whose only instance was refused ends "failed" (issue 33 item 18);
// the list said "(partial)" for it, as if something had been measured.
TEST(WorkbenchFixes, FailedCampaignIsMarkedFailedNotPartial)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("failed"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(dir, {{"state", "failed"}, {"planned", 0}, {"measured", 0}}));
    Workbench workbench;
    DatasetListModel model(&workbench);
    ASSERT_TRUE(openAndWait(workbench, dir));
    ASSERT_EQ(workbench.datasets().size(), 1);
    const QModelIndex label = model.index(0, DatasetListModel::Label);
    EXPECT_EQ(label.data().toString(), QStringLiteral("fix_1 (failed)"));
    EXPECT_EQ(label.data(Qt::DecorationRole).value<QColor>(), QColor(0xc6, 0x28, 0x28));
}

TEST(WorkbenchFixes, CancelledCampaignIsMarkedInTheListAndTheReport)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("cancelled"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(dir, kCancelled));

    ModelTesterLog log;
    Workbench workbench;
    DatasetListModel model(&workbench);
    auto tester = attachTester(&model);
    ASSERT_TRUE(openAndWait(workbench, dir));
    ASSERT_EQ(workbench.datasets().size(), 1);
    const Dataset &data = *workbench.datasets()[0].data;
    EXPECT_TRUE(data.problems.empty()) << data.problems.front();
    ASSERT_TRUE(data.campaign && data.campaign->completion);
    const CampaignCompletion &done = *data.campaign->completion;
    EXPECT_EQ(done.state, "cancelled");
    EXPECT_EQ(done.planned, 3);
    EXPECT_EQ(done.measured, 1);
    EXPECT_EQ(done.not_measured.size(), 2u);

    const QModelIndex label = model.index(0, DatasetListModel::Label);
    EXPECT_EQ(label.data().toString(), QStringLiteral("fix_1 (cancelled)"));
    EXPECT_EQ(label.data(Qt::EditRole).toString(), QStringLiteral("fix_1")); // the name itself is unchanged
    EXPECT_EQ(label.data(DatasetListModel::CompletionRole).toString(), QStringLiteral("cancelled"));
    const QString tip = label.data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.contains(QStringLiteral("1 of 3 planned"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("x25519-nike/X25519-NIKE/init_b"))) << tip.toStdString();
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();

    const Report report = build_report(data, {});
    std::string intro;
    for (const auto &p : report.intro)
        intro += p + "\n";
    EXPECT_NE(intro.find("cancelled; 1 of 3 planned records were measured"), std::string::npos) << intro;
    EXPECT_NE(intro.find("Planned but not measured: x25519-nike/X25519-NIKE/init_a, x25519-nike/X25519-NIKE/init_b"),
              std::string::npos)
        << intro;
}

TEST(WorkbenchFixes, CompleteAndUnmarkedCampaignsLookAsBefore)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString complete = tmp.filePath(QStringLiteral("complete")), old = tmp.filePath(QStringLiteral("old")),
                  bad = tmp.filePath(QStringLiteral("bad"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(
        complete, {{"state", "complete"}, {"planned", 1}, {"measured", 1}, {"not_measured", nlohmann::json::array()}}));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(old, nullptr, "2026-12-02T11:00:00.000000+00:00"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(bad, {{"state", "done"}}, "2026-12-02T12:00:00.000000+00:00"));
    Workbench workbench;
    DatasetListModel model(&workbench);
    for (const QString &dir : {complete, old, bad})
        ASSERT_TRUE(openAndWait(workbench, dir));
    ASSERT_EQ(workbench.datasets().size(), 3);
    for (int row = 0; row < 3; ++row) {
        const QString shown = model.index(row, DatasetListModel::Label).data().toString();
        EXPECT_FALSE(shown.contains(QStringLiteral("cancelled")) || shown.contains(QStringLiteral("partial")))
            << shown.toStdString();
        EXPECT_TRUE(model.index(row, DatasetListModel::Label).data(DatasetListModel::CompletionRole).toString() !=
                    QStringLiteral("cancelled"));
        const Dataset &d = *workbench.datasets()[row].data;
        for (const auto &p : build_report(d, {}).intro)
            EXPECT_EQ(p.find("not measured"), std::string::npos) << p;
    }
    EXPECT_TRUE(workbench.datasets()[0].data->campaign->completion->complete());
    EXPECT_FALSE(workbench.datasets()[1].data->campaign->completion.has_value());
    // A bad block is named, and the rest of campaign.json still holds.
    const Dataset &b = *workbench.datasets()[2].data;
    ASSERT_TRUE(b.campaign.has_value());
    EXPECT_EQ(b.campaign->system_id, "fix_1");
    EXPECT_FALSE(b.campaign->completion.has_value());
    ASSERT_EQ(b.problems.size(), 1u);
    EXPECT_NE(b.problems[0].find("completion.state"), std::string::npos) << b.problems[0];
}

TEST(WorkbenchFixes, EmptyAndDuplicateDatasetsAreRefusedWithAMessage)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    Workbench workbench;
    QSignalSpy problems(&workbench, &Workbench::datasetProblem);
    QSignalSpy changed(&workbench, &Workbench::datasetsChanged);

    const QString empty = tmp.filePath(QStringLiteral("empty"));
    ASSERT_TRUE(QDir().mkpath(empty));
    ASSERT_TRUE(openAndWait(workbench, empty));
    EXPECT_TRUE(workbench.datasets().isEmpty());
    EXPECT_EQ(changed.count(), 0);
    ASSERT_EQ(problems.count(), 1);
    EXPECT_TRUE(problems.last().first().toString().contains(QStringLiteral("no timing records")))
        << problems.last().first().toString().toStdString();

    const QString dir = tmp.filePath(QStringLiteral("campaign"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(dir, kCancelled));
    ASSERT_TRUE(openAndWait(workbench, dir));
    ASSERT_EQ(workbench.datasets().size(), 1);
    EXPECT_EQ(problems.count(), 1);

    // The same folder again (another spelling of its path): reloaded, said so, no second row.
    ASSERT_TRUE(openAndWait(workbench, dir + QStringLiteral("/./")));
    EXPECT_EQ(workbench.datasets().size(), 1);
    ASSERT_EQ(problems.count(), 2);
    EXPECT_TRUE(problems.last().first().toString().contains(QStringLiteral("already open")))
        << problems.last().first().toString().toStdString();

    // A copy of the same campaign elsewhere: not added again either.
    const QString copy = tmp.filePath(QStringLiteral("copy"));
    fs::copy(dir.toStdString(), copy.toStdString(), fs::copy_options::recursive);
    ASSERT_TRUE(openAndWait(workbench, copy));
    EXPECT_EQ(workbench.datasets().size(), 1);
    ASSERT_EQ(problems.count(), 3);
    EXPECT_TRUE(problems.last().first().toString().contains(QStringLiteral("already open as fix_1")))
        << problems.last().first().toString().toStdString();

    // The messages reach the user: the main window's messages panel and status bar.
    MainWindow window(&workbench, /*useSettings=*/false);
    ASSERT_TRUE(openAndWait(workbench, empty));
    EXPECT_TRUE(window.messages().last().contains(QStringLiteral("no timing records")));
    EXPECT_EQ(workbench.datasets().size(), 1);
}

TEST(WorkbenchFixes, DropsAreTakenAsCopyNeverMove)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("dropped"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(dir, nullptr));
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dir)});
    const QPoint at(10, 10);

    // A file manager proposing Move (Shift held): taken as Copy.
    QDragEnterEvent enter(at, Qt::CopyAction | Qt::MoveAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
    enter.setDropAction(Qt::MoveAction);
    ASSERT_EQ(enter.proposedAction(), Qt::MoveAction);
    QCoreApplication::sendEvent(&window, &enter);
    EXPECT_TRUE(enter.isAccepted());
    EXPECT_EQ(enter.dropAction(), Qt::CopyAction);

    QDropEvent drop(QPointF(at), Qt::CopyAction | Qt::MoveAction, &mime, Qt::LeftButton, Qt::ShiftModifier);
    drop.setDropAction(Qt::MoveAction);
    QCoreApplication::sendEvent(&window, &drop);
    EXPECT_TRUE(drop.isAccepted());
    EXPECT_EQ(drop.dropAction(), Qt::CopyAction);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_EQ(workbench.datasets().size(), 1);

    // A source that offers only Move: refused, nothing opened.
    QDragEnterEvent moveOnly(at, Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &moveOnly);
    EXPECT_FALSE(moveOnly.isAccepted());
    QDropEvent moveDrop(QPointF(at), Qt::MoveAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &moveDrop);
    EXPECT_FALSE(moveDrop.isAccepted());
    EXPECT_EQ(workbench.datasets().size(), 1);
    EXPECT_TRUE(QFileInfo(dir).isDir());
}

TEST(WorkbenchFixes, SubmissionLibrariesAreListedAgainAfterARestart)
{
    ASSERT_TRUE(QStandardPaths::isTestModeEnabled());
    QSettings().clear();
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subrestart-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    const fs::path src = fs::path(tmp.path().toStdString()) / "src";
    fs::copy(fs::path(KEXBENCH_SOURCE_DIR) / "tests" / "fixtures" / "submission-toy", src, fs::copy_options::recursive);
    for (const char *f : {"drng.c", "drng.h", "auxfunc.c", "auxfunc.h"})
        fs::copy_file(fs::path(KEXBENCH_SOURCE_DIR) / "kex" / "iccs" / f, src / f);
    QString library;
    {
        Workbench workbench;
        MainWindow window(&workbench, /*useSettings=*/true);
        SubmissionDialog *dialog = window.submissionDialog();
        dialog->setShowFailureBox(false);
        dialog->setSourceDir(QString::fromStdString(src.string()));
        dialog->setOutputDir(tmp.filePath(QStringLiteral("out")));
        bool finished = false;
        QObject::connect(dialog, &SubmissionDialog::buildFinished, &window, [&] { finished = true; });
        ASSERT_TRUE(dialog->startBuild());
        ASSERT_TRUE(QTest::qWaitFor([&] { return finished; }, 600000));
        ASSERT_TRUE(dialog->succeeded()) << dialog->error().toStdString();
        library = dialog->library();
        ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
        ASSERT_GE(instanceRow(workbench, "TOY-KEX-128"), 0);
    }
    {
        // The next start: the library is described again without building anything.
        Workbench workbench;
        MainWindow window(&workbench, /*useSettings=*/true);
        ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
        const int row = instanceRow(workbench, "TOY-KEX-128");
        ASSERT_GE(row, 0);
        EXPECT_EQ(workbench.instances()[row].library, QFileInfo(library).canonicalFilePath());
    }
    {
        // Its file gone: reported once and forgotten.
        ASSERT_TRUE(QFile::remove(library));
        Workbench workbench;
        MainWindow window(&workbench, /*useSettings=*/true);
        ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
        EXPECT_LT(instanceRow(workbench, "TOY-KEX-128"), 0);
        ASSERT_FALSE(window.messages().isEmpty());
        EXPECT_TRUE(window.messages().last().contains(QStringLiteral("is gone")))
            << window.messages().last().toStdString();
        EXPECT_TRUE(QSettings().value(QStringLiteral("instances/submissions")).toStringList().isEmpty());
    }
    QSettings().clear();
}

TEST(WorkbenchFixes, EveryPageFitsAt1024x700)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    // Two datasets open, as an analyst comparing systems has them: Compare and
    // Distributions then show every control they have.
    if (haveReference()) {
        for (const QString &system : {QStringLiteral("arm_1"), QStringLiteral("x86_1")})
            ASSERT_TRUE(openAndWait(workbench, QDir(referenceDataset()).filePath(QStringLiteral("../") + system)));
        ASSERT_EQ(workbench.datasets().size(), 2);
    }
    window.resize(1024, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_LE(window.minimumSizeHint().width(), 1000);
    auto *pages = window.findChild<QTabWidget *>();
    ASSERT_NE(pages, nullptr);
    if (qEnvironmentVariableIsSet("KEXBENCH_SIZE_DEBUG")) {
        for (QWidget *w : window.findChildren<QWidget *>())
            if (qobject_cast<DistributionsPage *>(w->parentWidget()) || w->minimumSizeHint().width() > 200)
                std::printf("%s %s (in %s) hint %d min %d\n", w->metaObject()->className(), qPrintable(w->objectName()),
                            w->parentWidget() ? w->parentWidget()->metaObject()->className() : "-",
                            w->minimumSizeHint().width(), w->minimumWidth());
    }
    for (int page = 0; page < pages->count(); ++page) {
        pages->setCurrentIndex(page);
        // A shown page computes its contents off the GUI thread: measure it once they are in.
        ASSERT_TRUE(QTest::qWaitFor([&] { return !window.busy(); }, 60000));
        QCoreApplication::processEvents();
        EXPECT_LE(window.minimumSizeHint().width(), 1000) << "page " << page;
        EXPECT_LE(window.width(), 1024) << "page " << page;
        window.grab().save(QDir::temp().filePath(QStringLiteral("kexbench-1024x700-page%1.png").arg(page)));
        for (QLabel *label : pages->widget(page)->findChildren<QLabel *>()) {
            if (!label->isVisible() || label->text().isEmpty() || label->wordWrap())
                continue;
            EXPECT_GE(label->width(), label->minimumSizeHint().width())
                << "page " << page << ": " << label->text().toStdString();
        }
        const QStringList cut = comboTextsThatDoNotFit(pages->widget(page), /*everyItem=*/false);
        EXPECT_TRUE(cut.isEmpty()) << "page " << page << ", elided:\n" << cut.join(QLatin1Char('\n')).toStdString();
    }
}

TEST(WorkbenchFixes, RunPageShowsItsFolderAndADurationEstimate)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    ASSERT_TRUE(describeBuiltins(workbench));
    RunPage *run = window.runPage();
    auto *folder = run->findChild<QLineEdit *>(QStringLiteral("outputFolder"));
    auto *estimate = run->findChild<QLabel *>(QStringLiteral("durationEstimate"));
    ASSERT_TRUE(folder && estimate);
    // One application folder, not <organisation>/<application>.
    const QString app = QCoreApplication::applicationName();
    EXPECT_TRUE(folder->text().contains(QLatin1Char('/') + app + QStringLiteral("/campaigns/")))
        << folder->text().toStdString();
    EXPECT_FALSE(folder->text().contains(app + QLatin1Char('/') + app)) << folder->text().toStdString();

    ASSERT_FALSE(workbench.instances().isEmpty());
    for (int row = 0; row < workbench.instances().size(); ++row)
        workbench.setChecked(row, false);
    EXPECT_TRUE(estimate->text().isEmpty());
    workbench.setChecked(instanceRow(workbench, "X25519-NIKE"), true);
    const QString one = estimate->text();
    EXPECT_TRUE(one.startsWith(QStringLiteral("Estimated duration: about"))) << one.toStdString();
    EXPECT_TRUE(one.contains(QStringLiteral("named after the time of Start"))) << one.toStdString();
    // Twice the trials: a longer estimate.
    auto *trials = run->findChild<QSpinBox *>(QStringLiteral("trials"));
    ASSERT_NE(trials, nullptr);
    trials->setValue(trials->value() * 2);
    EXPECT_NE(estimate->text(), one);
    // A folder the user typed is named as such.
    folder->setText(QStringLiteral("/tmp/my-campaign"));
    QTest::keyClick(folder, Qt::Key_End); // textEdited: no longer the generated folder
    QTest::keyClicks(folder, QStringLiteral("x"));
    EXPECT_TRUE(estimate->text().contains(QStringLiteral("Writes into /tmp/my-campaignx.")))
        << estimate->text().toStdString();
}

// The host load a campaign measured (campaign.json measured_warnings, core's
// English) is shown on the Results page in the window's language, and the
// tick column's header names its unit in it too.
TEST(WorkbenchFixes, ResultsShowTheMeasuredHostLoadInTheWindowsLanguage)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("loaded"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(dir, nullptr));
    {
        QFile f(QDir(dir).filePath(QStringLiteral("campaign.json")));
        ASSERT_TRUE(f.open(QIODevice::ReadOnly));
        auto campaign = nlohmann::ordered_json::parse(f.readAll().toStdString());
        f.close();
        campaign["measured_warnings"] = {
            "the hypervisor stole 0.16 s of CPU time during timed trials",
            "CPU pressure: tasks waited for a CPU 99.0 % of the last minute (/proc/pressure/cpu)"};
        writeText(f.fileName(), campaign.dump(1));
    }
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.show(); // the Results page computes its rows (and these lines) when shown
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.setPage(MainWindow::ResultsPageIndex);
    ASSERT_TRUE(openAndWait(workbench, dir));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.busy(); }, 60000));
    auto *load = window.findChild<QLabel *>(QStringLiteral("resultsHostWarnings"));
    ASSERT_NE(load, nullptr);
    EXPECT_TRUE(load->text().contains(QStringLiteral("the hypervisor stole 0.16 s"))) << load->text().toStdString();

    // The language change reaches the pages as a posted event.
    const QString english = load->text();
    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return load->text() != english; }, 5000));
    const QString zh = load->text();
    EXPECT_FALSE(zh.contains(QStringLiteral("hypervisor"))) << zh.toStdString();
    EXPECT_FALSE(zh.contains(QStringLiteral("CPU pressure"))) << zh.toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("0.16 s"))) << zh.toStdString();
    EXPECT_TRUE(zh.contains(QStringLiteral("99.0 %"))) << zh.toStdString();
    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    EXPECT_TRUE(QTest::qWaitFor([&] { return load->text() == english; }, 5000)) << load->text().toStdString();
}

namespace {

// The text a view cell shows: its display text elided to the column's width as the view elides it.
bool cellTextFits(QTableView *view, const QModelIndex &index)
{
    QStyleOptionViewItem option;
    option.initFrom(view);
    option.font = view->font();
    const QRect cell = view->visualRect(index);
    const int decoration = index.data(Qt::DecorationRole).isValid() ? view->iconSize().width() + 8 : 0;
    const int margin = 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
    return view->fontMetrics().horizontalAdvance(index.data().toString()) + decoration + margin <= cell.width();
}

} // namespace

// Issue 33, item 10: the Datasets dock clipped its texts ("Int…", "x8…") at the
// default width, and a cancelled dataset's label was lost to the elision.
TEST(WorkbenchFixes, DatasetsDockShowsWholeLabelsAtTheDefaultWidth)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString cancelled = tmp.filePath(QStringLiteral("Intel-Xeon-Gold-6338-campaign"));
    ASSERT_NO_FATAL_FAILURE(writeCampaign(cancelled, kCancelled));
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.resize(1024, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    if (haveReference())
        for (const QString &system : {QStringLiteral("arm_1"), QStringLiteral("x86_1")})
            ASSERT_TRUE(openAndWait(workbench, QDir(referenceDataset()).filePath(QStringLiteral("../") + system)));
    ASSERT_TRUE(openAndWait(workbench, cancelled));
    workbench.renameDataset(static_cast<int>(workbench.datasets().size()) - 1,
                            QStringLiteral("Intel-Xeon-Gold-6338-campaign"));
    QCoreApplication::processEvents();
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("datasetsDock"));
    auto *view = dock ? dock->findChild<QTableView *>() : nullptr;
    ASSERT_TRUE(dock && view);
    dock->grab().save(QStringLiteral("/tmp/kexbench-datasets-dock.png"));
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex label = view->model()->index(row, DatasetListModel::Label);
        const QString shown = label.data().toString();
        EXPECT_TRUE(cellTextFits(view, label))
            << shown.toStdString() << " in " << view->visualRect(label).width() << " px";
        // The whole label and where the dataset came from are in the tooltip either way.
        const QString tip = label.data(Qt::ToolTipRole).toString();
        EXPECT_TRUE(tip.contains(workbench.datasets()[row].label.toHtmlEscaped())) << tip.toStdString();
        EXPECT_TRUE(tip.contains(workbench.datasets()[row].origin.toHtmlEscaped())) << tip.toStdString();
        // Inside the view's visible area, not scrolled off to the right.
        EXPECT_LE(view->visualRect(label).right(), view->viewport()->width()) << shown.toStdString();
    }
    // Every other cell is whole and in view, or its tooltip carries its whole text.
    for (int row = 0; row < view->model()->rowCount(); ++row)
        for (int column = 0; column < view->model()->columnCount(); ++column) {
            const QModelIndex cell = view->model()->index(row, column);
            if (view->isColumnHidden(column) || cell.data().toString() == QString::fromUtf8("–"))
                continue; // "not recorded": nothing to read
            const bool whole = cellTextFits(view, cell) && view->visualRect(cell).right() <= view->viewport()->width();
            // The CPU column shows the recorded name without (R) and (TM).
            const QString full = column == DatasetListModel::Cpu ? cell.data(DatasetListModel::SortRole).toString()
                                                                 : cell.data().toString();
            EXPECT_TRUE(whole || cell.data(Qt::ToolTipRole).toString().contains(full))
                << "column " << column << ": " << cell.data().toString().toStdString() << " cut, tooltip "
                << cell.data(Qt::ToolTipRole).toString().toStdString();
        }
    const QModelIndex last = view->model()->index(view->model()->rowCount() - 1, DatasetListModel::Label);
    EXPECT_TRUE(last.data().toString().contains(QStringLiteral("(cancelled)"))) << last.data().toString().toStdString();
    // The longer Chinese marks fit as well.
    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    dock->grab().save(QStringLiteral("/tmp/kexbench-datasets-dock-zh.png"));
    for (int row = 0; row < view->model()->rowCount(); ++row) {
        const QModelIndex label = view->model()->index(row, DatasetListModel::Label);
        EXPECT_TRUE(cellTextFits(view, label) && view->visualRect(label).right() <= view->viewport()->width())
            << label.data().toString().toStdString();
    }
    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
}

namespace {

// Whether all of `w` is on screen: inside its window and not clipped by a scroll area or the window's edge.
bool whollyVisible(QWidget *w)
{
    const QRect inWindow(w->mapTo(w->window(), QPoint(0, 0)), w->size());
    return w->isVisible() && w->window()->rect().contains(inWindow) && w->visibleRegion().boundingRect() == w->rect();
}

} // namespace

// Issue 33, item 11: at 1024x700 the Run page's Start button was below the
// window's edge, and five host warnings clipped the duration estimate.
TEST(WorkbenchFixes, RunPageStartAndEstimateStayInViewAt1024x700WithFiveWarnings)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.resize(1024, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(describeBuiltins(workbench));
    const int row = instanceRow(workbench, "X25519-NIKE");
    ASSERT_GE(row, 0);
    workbench.setChecked(row, true);
    window.setPage(MainWindow::RunPageIndex);
    RunPage *run = window.runPage();
    // Five host warnings, the way a campaign reports them.
    for (int i = 1; i <= 5; ++i) {
        CampaignUpdate warning;
        warning.kind = CampaignEvent::Warning;
        warning.message = QStringLiteral("CPU pressure: tasks waited for a CPU %1 % of the last minute "
                                         "(/proc/pressure/cpu)")
                              .arg(40 + i);
        emit run->session()->update(warning);
    }
    auto *start = run->findChild<QPushButton *>(QStringLiteral("startButton"));
    auto *cancel = run->findChild<QPushButton *>(QStringLiteral("cancelButton"));
    auto *estimate = run->findChild<QLabel *>(QStringLiteral("durationEstimate"));
    auto *banner = run->findChild<QLabel *>(QStringLiteral("environmentBanner"));
    ASSERT_TRUE(start && cancel && estimate && banner);
    for (const char *language : {"en", "zh_CN"}) {
        ASSERT_TRUE(window.setLanguage(QLatin1String(language)));
        QCoreApplication::processEvents();
        window.grab().save(QStringLiteral("/tmp/kexbench-run-1024x700-%1.png").arg(QLatin1String(language)));
        EXPECT_LE(window.width(), 1024) << language;
        EXPECT_LE(window.height(), 700) << language;
        ASSERT_TRUE(banner->isVisible()) << language;
        EXPECT_TRUE(banner->text().contains(QStringLiteral("45 %"))) << language;
        EXPECT_TRUE(whollyVisible(start)) << language;
        EXPECT_TRUE(whollyVisible(cancel)) << language;
        ASSERT_FALSE(estimate->text().isEmpty()) << language;
        EXPECT_TRUE(whollyVisible(estimate)) << language;
        EXPECT_GE(estimate->height(), estimate->heightForWidth(estimate->width()))
            << language << ": " << estimate->text().toStdString();
    }
    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
}
