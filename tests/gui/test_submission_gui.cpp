// SPDX-License-Identifier: GPL-3.0-or-later
// "Add submission folder…" and the Compare page's Symmetric primitives tab:
// tests/fixtures/submission-toy built through the SubmissionDialog's worker
// API (no file dialog) into a library the Workbench lists, the nested
// tests/fixtures/submission-tree built as shipped through the dialog's own
// fields (candidate id, flag profile, KAT manifest) with the build record
// they lead to, a library whose KAT fails kept with a warning, the broken fixture
// refused with a one-line reason and the compiler output kept in the log, the
// dialog building only when Build is pressed, its default output folder, the
// Algorithms mark of a library without KAT vectors (or with a failed KAT), and
// the hash/DRNG/rest bars of a dataset `kexbench-cli run` profiled. Screenshots
// go to <tmp>/kexbench-gui-shots for a human to look at.
#include "gui_test_util.h"

#include "comparepage.h"
#include "mainwindow.h"
#include "models/instancetreemodel.h"
#include "submissiondialog.h"

#include "core/campaign/build_info.h"
#include "core/data/dataset.h"
#include "core/base/untrusted.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProcess>
#include <QStandardPaths>
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

// A scratch copy of the realistic submission (tests/fixtures/submission-tree/QUILT-KEX,
// with its Test_Vectors); returns its reference implementation's folder.
QString nestedSubmissionCopy(const QTemporaryDir &tmp)
{
    const fs::path root = fs::path(tmp.path().toStdString()) / "src" / "QUILT-KEX";
    fs::create_directories(root.parent_path());
    fs::copy(fs::path(KEXBENCH_SOURCE_DIR) / "tests" / "fixtures" / "submission-tree" / "QUILT-KEX", root,
             fs::copy_options::recursive);
    return QString::fromStdString((root / "Implementations" / "Reference_Implementation" / "QUILT-KEX-128").string());
}

template <typename W>
W *child(const SubmissionDialog &dialog, const char *name)
{
    return dialog.findChild<W *>(QString::fromLatin1(name));
}

// Clicks Build, as a user does, and waits for the end; false when nothing started or on a timeout.
bool clickBuildAndWait(SubmissionDialog &dialog)
{
    bool finished = false;
    QObject context;
    QObject::connect(&dialog, &SubmissionDialog::buildFinished, &context, [&] { finished = true; });
    auto *build = child<QPushButton>(dialog, "buildButton");
    if (!build || !build->isEnabled())
        return false;
    QTest::mouseClick(build, Qt::LeftButton);
    if (!dialog.running())
        return false;
    return QTest::qWaitFor([&] { return finished; }, 600000);
}

void typeInto(SubmissionDialog &dialog, const char *field, const QString &text)
{
    auto *edit = child<QLineEdit>(dialog, field);
    ASSERT_NE(edit, nullptr) << field;
    edit->clear();
    QTest::keyClicks(edit, text);
}

// Answers every folder picker that opens while it lives: with `dir` (accepted)
// or, when dir is empty, by cancelling; counts them. A picker nobody answers
// would block the test for ever.
class PickerAnswer {
public:
    explicit PickerAnswer(QString dir = {}) : dir_(std::move(dir))
    {
        QObject::connect(&timer_, &QTimer::timeout, [this] { answer(); });
        timer_.start(20);
    }
    int opened() const { return opened_; }

private:
    void answer()
    {
        auto *picker = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!picker)
            return;
        ++opened_;
        if (dir_.isEmpty()) {
            picker->reject();
            return;
        }
        // With nothing typed, a folder picker answers the folder it shows.
        picker->setDirectory(dir_);
        QMetaObject::invokeMethod(picker, "accept"); // a protected slot
    }
    QString dir_;
    QTimer timer_;
    int opened_ = 0;
};

// The instance tree's row of a Workbench row.
QModelIndex treeIndex(const InstanceTreeModel &model, const Workbench &workbench, const char *instance)
{
    return model.indexOfInstance(instanceRow(workbench, instance));
}

// Organisation and application names as app/gui/main.cpp sets them, for one test.
class InstalledAppNames {
public:
    InstalledAppNames()
        : organisation_(QCoreApplication::organizationName()), application_(QCoreApplication::applicationName())
    {
        QCoreApplication::setOrganizationName(QStringLiteral("kexbench"));
        QCoreApplication::setApplicationName(QStringLiteral("kexbench"));
    }
    ~InstalledAppNames()
    {
        QCoreApplication::setOrganizationName(organisation_);
        QCoreApplication::setApplicationName(application_);
    }

private:
    QString organisation_, application_;
};

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

TEST(SubmissionGui, BuildsNestedSubmissionWithCandidateAndItsKat)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    Workbench workbench;
    SubmissionDialog dialog(&workbench);
    dialog.setSourceDir(nestedSubmissionCopy(tmp));
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    typeInto(dialog, "candidateEdit", QStringLiteral("kex-96"));
    EXPECT_EQ(dialog.flagsProfile(), QStringLiteral("guide")) << "guide is the default";
    EXPECT_TRUE(dialog.manifest().isEmpty());
    ASSERT_TRUE(clickBuildAndWait(dialog)) << dialog.statusText().toStdString();
    ASSERT_TRUE(dialog.succeeded()) << dialog.error().toStdString() << "\n" << dialog.logText().toStdString();
    EXPECT_FALSE(dialog.katFailed());
    EXPECT_EQ(dialog.instance(), QStringLiteral("QUILT-KEX-128"));
    // The Test_Vectors KAT beside the implementation was found and passed.
    EXPECT_TRUE(dialog.katStatus().startsWith(QStringLiteral("PASS against ")));
    EXPECT_TRUE(dialog.katStatus().endsWith(QStringLiteral("Test_Vectors/QUILT-KEX-128/KAT_KEX_QUILT-KEX-128.txt")))
        << dialog.katStatus().toStdString();
    const QString log = dialog.logText();
    EXPECT_TRUE(log.contains(QStringLiteral("\nKAT: PASS against "))) << log.toStdString();
    EXPECT_TRUE(log.contains(QStringLiteral("\nCandidate: kex-96\n")));
    EXPECT_TRUE(log.contains(QStringLiteral("\nFlags: guide (-std=c99 ")));
    EXPECT_TRUE(
        log.contains(QStringLiteral("\nResolved recipe: ") + dialog.library() + QStringLiteral(".recipe.json")));
    EXPECT_TRUE(log.contains(QStringLiteral("\"src/ref/quilt_poly.c\"")))
        << "the resolved recipe lists the nested sources";
    const QString status = dialog.statusText();
    EXPECT_TRUE(status.startsWith(QStringLiteral("Built QUILT-KEX-128; "))) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("Candidate: kex-96 · flags: guide\n"))) << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("\nKAT: PASS against ")));
    EXPECT_TRUE(
        status.contains(QStringLiteral("\nResolved recipe: ") + dialog.library() + QStringLiteral(".recipe.json")));
    EXPECT_FALSE(child<QLabel>(dialog, "statusIcon")->isVisible()) << "no warning for a passed KAT";

    // The build record beside the library carries what the fields chose.
    std::string problem;
    const auto info = read_build_info(dialog.library().toStdString(), &problem);
    ASSERT_TRUE(info.has_value()) << problem;
    EXPECT_EQ(info->candidate, "kex-96");
    EXPECT_EQ(info->flags, "guide");
    EXPECT_TRUE(info->guide_result.empty());
    ASSERT_TRUE(info->kat.has_value());
    EXPECT_EQ(info->kat->status, "PASS");

    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
    EXPECT_GE(instanceRow(workbench, "QUILT-KEX-128"), 0);
    ASSERT_TRUE(dialog.grab().save(shotPath(QStringLiteral("submission-dialog-nested.png"))));
}

TEST(SubmissionGui, InvalidCandidateIdDisablesBuild)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    SubmissionDialog dialog(nullptr);
    dialog.setSourceDir(nestedSubmissionCopy(tmp));
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    auto *build = child<QPushButton>(dialog, "buildButton");
    auto *problem = child<QLabel>(dialog, "candidateProblem");
    ASSERT_NE(build, nullptr);
    ASSERT_NE(problem, nullptr);
    EXPECT_TRUE(build->isEnabled());
    EXPECT_FALSE(problem->isVisible());

    typeInto(dialog, "candidateEdit", QStringLiteral("../x"));
    EXPECT_FALSE(build->isEnabled());
    EXPECT_TRUE(problem->isVisible());
    EXPECT_EQ(problem->text(), QString::fromStdString(name_problem("../x", "candidate id")));
    EXPECT_TRUE(problem->text().contains(QStringLiteral("may only hold letters, digits")))
        << problem->text().toStdString();
    EXPECT_EQ(dialog.candidateProblem(), problem->text());
    EXPECT_FALSE(dialog.startBuild()) << "the worker API refuses it too";
    EXPECT_FALSE(dialog.running());
    EXPECT_FALSE(QFileInfo::exists(tmp.filePath(QStringLiteral("out/libQUILT-KEX-128.so"))));
    ASSERT_TRUE(dialog.grab().save(shotPath(QStringLiteral("submission-dialog-bad-candidate.png"))));

    // What was typed is quoted as text, never as markup.
    typeInto(dialog, "candidateEdit", QStringLiteral("<b>x"));
    EXPECT_FALSE(build->isEnabled());
    EXPECT_EQ(problem->textFormat(), Qt::PlainText);
    EXPECT_TRUE(problem->text().contains(QStringLiteral("'<b>x'")));

    typeInto(dialog, "candidateEdit", QStringLiteral("kex-96"));
    EXPECT_TRUE(build->isEnabled());
    EXPECT_FALSE(problem->isVisible());
    // An empty id is fine: campaigns derive one from the family.
    typeInto(dialog, "candidateEdit", QString());
    EXPECT_TRUE(build->isEnabled());
    // The intro describes submissions as shipped, not only the template layout.
    bool introShipped = false;
    for (auto *label : dialog.findChildren<QLabel *>())
        introShipped = introShipped || (label->text().contains(QStringLiteral("as it is shipped")) &&
                                        !label->text().contains(QStringLiteral("official ICCS template layout")));
    EXPECT_TRUE(introShipped);
}

TEST(SubmissionGui, FlagsComboReachesTheBuild)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    SubmissionDialog dialog(nullptr);
    dialog.setSourceDir(nestedSubmissionCopy(tmp));
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    auto *combo = child<QComboBox>(dialog, "flagsCombo");
    ASSERT_NE(combo, nullptr);
    ASSERT_EQ(combo->count(), 3);
    EXPECT_EQ(combo->currentIndex(), 0);
    EXPECT_EQ(combo->itemText(0), QStringLiteral("guide (default)"));
    // Each entry's tooltip gives its flags.
    EXPECT_TRUE(combo->itemData(0, Qt::ToolTipRole).toString().contains(QStringLiteral("-std=c99 -Wpedantic")));
    EXPECT_TRUE(combo->itemData(1, Qt::ToolTipRole).toString().contains(QStringLiteral("-fwrapv")));
    EXPECT_TRUE(combo->itemData(2, Qt::ToolTipRole).toString().contains(QStringLiteral("-O3 -DNDEBUG")));

    combo->setCurrentIndex(combo->findText(QStringLiteral("kexbench")));
    EXPECT_EQ(dialog.flagsProfile(), QStringLiteral("kexbench"));
    EXPECT_TRUE(combo->toolTip().contains(QStringLiteral("-O3 -DNDEBUG"))) << "the closed combo explains its choice";
    ASSERT_TRUE(clickBuildAndWait(dialog)) << dialog.statusText().toStdString();
    ASSERT_TRUE(dialog.succeeded()) << dialog.error().toStdString() << "\n" << dialog.logText().toStdString();
    EXPECT_FALSE(dialog.katFailed());
    EXPECT_TRUE(dialog.logText().contains(QStringLiteral("\nFlags: kexbench (-O3 -DNDEBUG ")));
    EXPECT_TRUE(dialog.logText().contains(QStringLiteral("\nCandidate: none given")));
    EXPECT_TRUE(dialog.statusText().contains(QStringLiteral("Candidate: none given · flags: kexbench\n")));
    const auto info = read_build_info(dialog.library().toStdString());
    ASSERT_TRUE(info.has_value());
    EXPECT_EQ(info->flags, "kexbench");
    EXPECT_TRUE(info->candidate.empty());
}

TEST(SubmissionGui, FailedKatIsKeptWithAWarning)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    // A manifest whose digest no build can give.
    const QString manifest = tmp.filePath(QStringLiteral("wrong.sha256"));
    {
        QFile file(manifest);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(64, '0') + " strict QUILT-KEX-128/KAT_KEX_QUILT-KEX-128.txt\n");
    }
    Workbench workbench;
    SubmissionDialog dialog(&workbench);
    dialog.setSourceDir(nestedSubmissionCopy(tmp));
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    typeInto(dialog, "manifestEdit", manifest);
    ASSERT_TRUE(clickBuildAndWait(dialog)) << dialog.statusText().toStdString();
    // Built, but not passed: the guide build was replaced by harness-default, which did not pass either.
    ASSERT_TRUE(dialog.succeeded()) << dialog.error().toStdString() << "\n" << dialog.logText().toStdString();
    EXPECT_TRUE(dialog.katFailed());
    EXPECT_TRUE(dialog.katStatus().startsWith(QStringLiteral("MISMATCH"))) << dialog.katStatus().toStdString();
    EXPECT_TRUE(dialog.katStatus().endsWith(QStringLiteral(" against manifest ") + manifest))
        << dialog.katStatus().toStdString();
    const QString status = dialog.statusText();
    EXPECT_TRUE(status.startsWith(QStringLiteral("Built QUILT-KEX-128, but its KAT did not pass.")))
        << status.toStdString();
    EXPECT_TRUE(status.contains(
        QStringLiteral("flags: harness-default (guide build: MISMATCH, replaced by the harness-default build)")))
        << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("\nKAT: MISMATCH")));
    EXPECT_TRUE(child<QLabel>(dialog, "statusIcon")->isVisible()) << "a warning icon beside the status";
    const QString log = dialog.logText();
    EXPECT_TRUE(log.contains(QStringLiteral("\nGuide build: MISMATCH, replaced by the harness-default build\n")));
    EXPECT_TRUE(log.contains(QStringLiteral("\nThe KAT did not pass: the library is kept")));
    EXPECT_EQ(dialog.findChild<QMessageBox *>(), nullptr) << "not a failed build";
    const auto info = read_build_info(dialog.library().toStdString());
    ASSERT_TRUE(info.has_value());
    EXPECT_EQ(info->flags, "harness-default");
    EXPECT_EQ(info->guide_result, "MISMATCH");
    // Kept and listed, as any built library, with a mark saying its KAT failed.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
    EXPECT_GE(instanceRow(workbench, "QUILT-KEX-128"), 0);
    InstanceTreeModel model(&workbench);
    const QModelIndex leaf = treeIndex(model, workbench, "QUILT-KEX-128");
    EXPECT_FALSE(leaf.data(Qt::DecorationRole).value<QImage>().isNull());
    EXPECT_TRUE(
        leaf.data(Qt::ToolTipRole).toString().contains(QStringLiteral("KAT did not pass at build time (MISMATCH")))
        << leaf.data(Qt::ToolTipRole).toString().toStdString();
    ASSERT_TRUE(dialog.grab().save(shotPath(QStringLiteral("submission-dialog-kat-failed.png"))));
}

// The new fields are translated, and a Chinese dialog still fits its default size (screenshot).
TEST(SubmissionGui, ChineseDialogShowsTheNewFields)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    SubmissionDialog *dialog = window.submissionDialog();
    ASSERT_NE(dialog, nullptr);
    dialog->show();
    typeInto(*dialog, "candidateEdit", QStringLiteral("../x"));
    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange is posted
    bool candidateLabel = false;
    for (auto *label : dialog->findChildren<QLabel *>())
        candidateLabel = candidateLabel || label->text() == QString::fromUtf8("候选算法标识(&C)：");
    EXPECT_TRUE(candidateLabel);
    auto *combo = child<QComboBox>(*dialog, "flagsCombo");
    ASSERT_NE(combo, nullptr);
    EXPECT_EQ(combo->itemText(0), QString::fromUtf8("guide（默认）"));
    EXPECT_EQ(combo->itemData(0).toString(), QStringLiteral("guide")) << "the profile itself is not translated";
    QTest::qWait(20); // the relayout for the longer texts is posted too
    ASSERT_TRUE(dialog->grab().save(shotPath(QStringLiteral("submission-dialog-zh_CN.png"))));
    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
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
                           QStringLiteral("--no-memory"), QStringLiteral("--out"), run});
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
    EXPECT_EQ(axis->categories(), QStringList({QStringLiteral("X25519-NIKE (A)"), QStringLiteral("X25519-NIKE (B)")}));
    for (QBarSet *set : sets)
        ASSERT_EQ(set->count(), 2);
    EXPECT_NEAR(sets[0]->at(0), 100.0 * *exchange->hash_share, 1e-9);
    EXPECT_NEAR(sets[1]->at(0), 100.0 * drng, 1e-9);
    EXPECT_NEAR(sets[0]->at(0) + sets[1]->at(0) + sets[2]->at(0), 100.0, 1e-9);
    EXPECT_EQ(sets[0]->at(1) + sets[1]->at(1) + sets[2]->at(1), 0.0);
    QTest::qWait(50);
    ASSERT_TRUE(page.grab().save(shotPath(QStringLiteral("comparepage-shares.png"))));
}

// "Add submission folder…" opens the dialog without a folder picker of its own
// and without building: the candidate id, flag profile and manifest are set
// first, and only the Build button starts the build, with them.
TEST(SubmissionGui, AddSubmissionFolderBuildsOnlyOnBuild)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    PickerAnswer cancel;
    window.addSubmissionFolder();
    SubmissionDialog *dialog = window.submissionDialog();
    EXPECT_EQ(cancel.opened(), 0) << "no folder picker before the dialog";
    ASSERT_TRUE(dialog->isVisible());
    dialog->setSourceDir(submissionCopy(tmp, "submission-toy", true));
    dialog->setOutputDir(tmp.filePath(QStringLiteral("out")));
    QTest::qWait(200); // a build started by the folder would have logged its first command by now
    EXPECT_FALSE(dialog->running());
    EXPECT_TRUE(dialog->logText().isEmpty()) << dialog->logText().toStdString();
    EXPECT_TRUE(child<QPushButton>(*dialog, "buildButton")->isEnabled());
    EXPECT_FALSE(QFileInfo::exists(tmp.filePath(QStringLiteral("out"))));
    typeInto(*dialog, "candidateEdit", QStringLiteral("kex-77"));
    dialog->setFlagsProfile(QStringLiteral("kexbench"));
    ASSERT_TRUE(clickBuildAndWait(*dialog)) << dialog->statusText().toStdString();
    ASSERT_TRUE(dialog->succeeded()) << dialog->error().toStdString();
    const auto info = read_build_info(dialog->library().toStdString());
    ASSERT_TRUE(info.has_value());
    EXPECT_EQ(info->candidate, "kex-77");
    EXPECT_EQ(info->flags, "kexbench");
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
}

// The dialog's own Browse… only fills the folder field.
TEST(SubmissionGui, BrowseOnlyFillsTheFolder)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    const QString source = submissionCopy(tmp, "submission-toy", true);
    Workbench workbench;
    SubmissionDialog dialog(&workbench);
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    PickerAnswer pick(source);
    QTest::mouseClick(child<QPushButton>(dialog, "sourceBrowse"), Qt::LeftButton); // returns once answered
    EXPECT_EQ(pick.opened(), 1);
    EXPECT_EQ(QDir::cleanPath(dialog.sourceDir()), QDir::cleanPath(source));
    QTest::qWait(200);
    EXPECT_FALSE(dialog.running());
    EXPECT_TRUE(dialog.logText().isEmpty()) << dialog.logText().toStdString();
    EXPECT_TRUE(child<QPushButton>(dialog, "buildButton")->isEnabled());
    EXPECT_FALSE(QFileInfo::exists(tmp.filePath(QStringLiteral("out"))));
}

// With the installed program's names (organisation and application both
// "kexbench"), built libraries go to <data home>/kexbench/instances, beside the
// Run page's campaigns, not to …/kexbench/kexbench/instances.
TEST(SubmissionGui, DefaultOutputDirIsOneKexbenchFolder)
{
    InstalledAppNames names;
    const QString dir = SubmissionDialog::defaultOutputDir();
    EXPECT_FALSE(dir.contains(QStringLiteral("kexbench/kexbench"))) << dir.toStdString();
    EXPECT_TRUE(dir.endsWith(QStringLiteral("/kexbench/instances"))) << dir.toStdString();
    const QString dataHome = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    EXPECT_EQ(dir, dataHome + QStringLiteral("/kexbench/instances"));
    Workbench workbench;
    SubmissionDialog dialog(&workbench);
    EXPECT_EQ(dialog.outputDir(), dir) << "the field starts with it";
}

// submission-toy ships no Test_Vectors: its library is listed with a warning
// mark and says its answers were not checked. The mark comes from the build
// record beside the library, so a later session (a new Workbench adding the
// library) shows it too, and a copy without the record has none.
TEST(SubmissionGui, LibraryWithoutKatVectorsIsMarked)
{
    QTemporaryDir tmp(QDir::temp().filePath(QStringLiteral("kexbench-subgui-XXXXXX")));
    ASSERT_TRUE(tmp.isValid());
    Workbench workbench;
    InstanceTreeModel model(&workbench);
    SubmissionDialog dialog(&workbench);
    dialog.setSourceDir(submissionCopy(tmp, "submission-toy", true));
    dialog.setOutputDir(tmp.filePath(QStringLiteral("out")));
    dialog.show();
    ASSERT_TRUE(clickBuildAndWait(dialog)) << dialog.statusText().toStdString();
    ASSERT_TRUE(dialog.succeeded()) << dialog.error().toStdString();
    ASSERT_TRUE(dialog.katStatus().startsWith(QStringLiteral("no KAT vectors supplied")))
        << dialog.katStatus().toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 120000));
    auto expectMark = [](const QModelIndex &leaf) {
        ASSERT_TRUE(leaf.isValid());
        EXPECT_FALSE(leaf.data(Qt::DecorationRole).value<QImage>().isNull());
        const QString tip = leaf.data(Qt::ToolTipRole).toString();
        EXPECT_TRUE(tip.contains(QStringLiteral("no KAT vectors supplied"))) << tip.toStdString();
        EXPECT_TRUE(tip.contains(QStringLiteral("answers not checked"))) << tip.toStdString();
    };
    expectMark(treeIndex(model, workbench, "TOY-KEX-128"));

    Workbench later;
    InstanceTreeModel laterModel(&later);
    later.addInstanceLibrary(dialog.library());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !later.busy(); }, 120000));
    expectMark(treeIndex(laterModel, later, "TOY-KEX-128"));

    const QString bare = tmp.filePath(QStringLiteral("bare/libTOY-KEX-128.so"));
    ASSERT_TRUE(QDir().mkpath(QFileInfo(bare).path()));
    ASSERT_TRUE(QFile::copy(dialog.library(), bare));
    Workbench other;
    InstanceTreeModel otherModel(&other);
    other.addInstanceLibrary(bare);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !other.busy(); }, 120000));
    const QModelIndex unmarked = treeIndex(otherModel, other, "TOY-KEX-128");
    ASSERT_TRUE(unmarked.isValid());
    EXPECT_FALSE(unmarked.data(Qt::DecorationRole).isValid()) << "no build record, no mark";
}
