// SPDX-License-Identifier: GPL-3.0-or-later
// The main window (pages, shortcuts, language switch, the Run page's Start
// guard) and `kexbench --screenshot` end to end in a separate process.
#include "gui_test_util.h"

#include "mainwindow.h"
#include "runpage.h"

#include "core/base/affinity.h"
#include "core/data/dataset.h"

#include <QLocale>
#include <QSpinBox>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTimer>

#include <openssl/crypto.h>
#include <qcustomplot.h>

#include <cstdio>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

void addReferenceIfPresent(Workbench &workbench)
{
    if (!haveReference())
        return;
    auto loaded = load_dataset(referenceDataset().toStdString());
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    workbench.addDataset(std::make_shared<const Dataset>(std::move(loaded.value())), referenceDataset());
}

QString menuTitles(const QMainWindow &window)
{
    QStringList titles;
    for (QAction *a : window.menuBar()->actions())
        titles << a->text();
    return titles.join(QLatin1Char('|'));
}

// The menu-bar menu whose title is `title` ("&Help").
QMenu *menuNamed(const QMainWindow &window, const QString &title)
{
    for (QAction *a : window.menuBar()->actions())
        if (a->text() == title)
            return a->menu();
    return nullptr;
}

QAction *actionNamed(QMenu *menu, const QString &text)
{
    if (!menu)
        return nullptr;
    for (QAction *a : menu->actions())
        if (a->text() == text)
            return a;
    return nullptr;
}

} // namespace

TEST(MainWindow, SwitchesPagesAndLanguages)
{
    Workbench workbench;
    addReferenceIfPresent(workbench);
    MainWindow window(&workbench, /*useSettings=*/false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_EQ(window.page(), MainWindow::RunPageIndex);

    auto *tabs = window.findChild<QTabWidget *>();
    ASSERT_NE(tabs, nullptr);
    ASSERT_EQ(tabs->count(), MainWindow::PageCount);
    for (int i = 0; i < MainWindow::PageCount; ++i) {
        window.setPage(i);
        QTest::qWait(20);
        EXPECT_EQ(window.page(), i);
        EXPECT_EQ(tabs->currentIndex(), i);
    }
    // Ctrl+1 ... Ctrl+5 through the View menu's actions.
    for (int i = MainWindow::PageCount - 1; i >= 0; --i) {
        bool found = false;
        for (QAction *action : window.findChildren<QAction *>())
            if (action->shortcut() == QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i))) {
                action->trigger();
                found = true;
            }
        EXPECT_TRUE(found) << "Ctrl+" << i + 1;
        EXPECT_EQ(window.page(), i);
    }
    EXPECT_EQ(MainWindow::pageFromName(QStringLiteral("distributions")), MainWindow::DistributionsPageIndex);
    EXPECT_EQ(MainWindow::pageFromName(QStringLiteral("timeline")), MainWindow::TimelinePageIndex);
    EXPECT_EQ(MainWindow::pageFromName(QStringLiteral("Report")), MainWindow::ReportPageIndex);
    EXPECT_EQ(MainWindow::pageFromName(QStringLiteral("nope")), -1);

    const QString english = menuTitles(window);
    const QString englishTitle = window.windowTitle();
    EXPECT_TRUE(english.contains(QStringLiteral("&File"))) << english.toStdString();
    EXPECT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange is posted
    EXPECT_EQ(window.language(), QStringLiteral("zh_CN"));
    EXPECT_NE(menuTitles(window), english) << menuTitles(window).toStdString();
    EXPECT_NE(window.windowTitle(), englishTitle);
    for (int i = 0; i < MainWindow::PageCount; ++i) {
        window.setPage(i);
        QTest::qWait(10);
    }
    EXPECT_TRUE(window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(window.language(), QStringLiteral("en"));
    EXPECT_EQ(menuTitles(window), english);
    EXPECT_EQ(window.windowTitle(), englishTitle);
}

TEST(MainWindow, RunPageStartNeedsACheckedInstance)
{
    Workbench workbench;
    MainWindow window(&workbench, false);
    RunPage *run = window.runPage();
    ASSERT_NE(run, nullptr);
    ASSERT_TRUE(describeBuiltins(workbench));
    EXPECT_FALSE(run->startBlocker().isEmpty());
    const int row = instanceRow(workbench, "ECDHE-P256");
    ASSERT_GE(row, 0);
    workbench.setChecked(row, true);
    EXPECT_TRUE(run->startBlocker().isEmpty()) << run->startBlocker().toStdString();
    const CampaignOptions o = run->options();
    ASSERT_EQ(o.libraries.size(), 1u);
    EXPECT_EQ(o.libraries[0], workbench.instances()[row].library.toStdString());
    EXPECT_TRUE(o.operations.empty()); // "all" is the default
    EXPECT_EQ(o.mode, "fixed");
    // Pinned like the published method (taskset), to the last CPU this process may use.
    EXPECT_EQ(o.cpu, std::optional<int>(default_measuring_cpu()));
    // Other hosts' CPUs are not this machine's: there, children are pinned only to a chosen CPU.
    EXPECT_FALSE(run->hostedOptions().campaign.cpu.has_value());
    auto *cpu = run->findChild<QSpinBox *>(QStringLiteral("cpu"));
    ASSERT_NE(cpu, nullptr);
    cpu->setValue(0);
    EXPECT_EQ(run->hostedOptions().campaign.cpu, std::optional<int>(0));
    cpu->setValue(-1); // "none"
    EXPECT_FALSE(run->options().cpu.has_value());
    EXPECT_FALSE(o.out_dir.empty());
    EXPECT_TRUE(o.kat);
    EXPECT_TRUE(o.stack);
    workbench.setChecked(row, false);
    EXPECT_FALSE(run->startBlocker().isEmpty());
}

TEST(MainWindow, HelpShowsTheMethodAndAboutNamesTheVersions)
{
    Workbench workbench;
    MainWindow window(&workbench, false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QMenu *help = menuNamed(window, QStringLiteral("&Help"));
    ASSERT_NE(help, nullptr) << menuTitles(window).toStdString();

    // Help -> Method: docs/method.md, compiled in as :/kexbench/method.md.
    QAction *method = actionNamed(help, QStringLiteral("&Method"));
    ASSERT_NE(method, nullptr);
    method->trigger();
    QTextBrowser *browser = nullptr;
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            for (auto *b : window.findChildren<QTextBrowser *>())
                if (b->window() != &window && b->isVisible())
                    browser = b;
            return browser != nullptr;
        },
        5000));
    QFile source(QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/docs/method.md"));
    ASSERT_TRUE(source.open(QIODevice::ReadOnly));
    const QString firstLine = QString::fromUtf8(source.readLine()).trimmed(); // "# How kexbench measures"
    ASSERT_TRUE(firstLine.startsWith(QStringLiteral("# ")));
    const QString shown = browser->toPlainText();
    EXPECT_TRUE(shown.startsWith(firstLine.mid(2))) << shown.left(200).toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("kexbench-runner")));
    EXPECT_FALSE(shown.contains(QStringLiteral("## "))); // rendered as Markdown, not shown raw
    EXPECT_EQ(browser->window()->windowTitle(), QStringLiteral("How kexbench measures"));
    // Triggered again, the same dialog comes forward instead of a second one.
    // (The Report page has a QTextBrowser of its own: count dialogs.)
    method->trigger();
    int methodDialogs = 0;
    for (auto *dialog : window.findChildren<QDialog *>())
        if (dialog->isVisible() && dialog->windowTitle() == QStringLiteral("How kexbench measures"))
            ++methodDialogs;
    EXPECT_EQ(methodDialogs, 1);
    browser->window()->close();

    // About: the versions this process runs with.
    const QString about = window.aboutText();
    EXPECT_TRUE(about.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion()))) << about.toStdString();
    EXPECT_TRUE(about.contains(QStringLiteral("QCustomPlot " QCUSTOMPLOT_VERSION_STR))) << about.toStdString();
    EXPECT_TRUE(about.contains(QString::fromLatin1(OpenSSL_version(OPENSSL_VERSION)))) << about.toStdString();
    EXPECT_TRUE(about.contains(QStringLiteral("OpenSSL 3."))) << about.toStdString();
    // The menu action opens a modal box: read it and close it from inside its event loop.
    QAction *aboutAction = actionNamed(help, QStringLiteral("&About kexbench"));
    ASSERT_NE(aboutAction, nullptr);
    QString boxText;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            boxText = box->text();
            box->done(0);
        }
    });
    poll.start();
    QTimer::singleShot(10000, [] { // never hang the suite on a box nobody closes
        if (QWidget *w = QApplication::activeModalWidget())
            w->close();
    });
    aboutAction->trigger();
    poll.stop();
    EXPECT_EQ(boxText, about);
}

TEST(MainWindow, SettingsRestoreDatasetsWindowAndLanguage)
{
    // gui_main enables the test mode and a settings folder of its own (…/qttest): never the user's file.
    ASSERT_TRUE(QStandardPaths::isTestModeEnabled());
    const QString settingsFile = QSettings().fileName();
    EXPECT_TRUE(settingsFile.contains(QStringLiteral("qttest"))) << settingsFile.toStdString();
    QSettings().clear();

    // A folder with one record is a dataset (an empty one is refused): the test needs no reference data.
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString folder = tmp.filePath(QStringLiteral("settings_dataset"));
    ASSERT_TRUE(QDir().mkpath(folder + QStringLiteral("/records/x25519-nike")));
    {
        kexbench::Record rec;
        rec.candidate = "x25519-nike";
        rec.label = rec.instance = "X25519-NIKE";
        rec.operation = "exchange";
        rec.status = "complete";
        QFile file(folder + QStringLiteral("/records/x25519-nike/X25519-NIKE__exchange.json"));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(kexbench::record_to_json(rec).dump()));
    }
    const QString canonical = QFileInfo(folder).canonicalFilePath();
    const QSize size(1100, 720);
    {
        Workbench workbench;
        MainWindow window(&workbench, /*useSettings=*/true);
        EXPECT_EQ(window.language(), QStringLiteral("en")); // nothing saved yet
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        workbench.openDataset(folder);
        ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
        ASSERT_EQ(workbench.datasetOrigins(), QStringList{canonical});
        ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
        window.resize(size);
        window.findChild<QDockWidget *>(QStringLiteral("datasetsDock"))->hide();
        QCoreApplication::processEvents();
        EXPECT_TRUE(window.close()); // closeEvent saves
    }
    {
        Workbench workbench;
        MainWindow window(&workbench, /*useSettings=*/true);
        EXPECT_EQ(window.language(), QStringLiteral("zh_CN"));
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
        EXPECT_EQ(workbench.datasetOrigins(), QStringList{canonical});
        EXPECT_EQ(window.size(), size);
        EXPECT_FALSE(window.findChild<QDockWidget *>(QStringLiteral("datasetsDock"))->isVisible());
        // The restored language is what the user sees.
        EXPECT_EQ(window.findChild<QTabWidget *>()->tabText(MainWindow::RunPageIndex), QString::fromUtf8("运行(&R)"));
        window.setLanguage(QStringLiteral("en"));
    }
    {
        // Without settings (screenshots, tests) nothing is read.
        Workbench workbench;
        MainWindow window(&workbench, /*useSettings=*/false);
        EXPECT_EQ(window.language(), QStringLiteral("en"));
        EXPECT_FALSE(workbench.busy());
        EXPECT_TRUE(workbench.datasets().isEmpty());
    }
    QSettings().clear();
}

namespace {

struct Shot {
    int exitCode = -1;
    QString stderrText;
};

Shot runScreenshot(const QStringList &args)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(QString(KEXBENCH_GUI_EXE), args);
    Shot shot;
    if (!process.waitForStarted(10000) || !process.waitForFinished(180000)) {
        process.kill();
        process.waitForFinished();
        shot.stderrText = QStringLiteral("did not finish: ") + process.errorString();
        return shot;
    }
    shot.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    shot.stderrText = QString::fromLocal8Bit(process.readAllStandardError());
    return shot;
}

} // namespace

namespace {

// Distinct colours on a coarse grid: a blank or half-painted window has a handful.
int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}

} // namespace

TEST(Screenshot, EveryPageMakesAPicture)
{
    if (!haveReference())
        std::printf("[   NOTE   ] reference dataset absent (%s): pages are shot without data\n",
                    qPrintable(referenceDataset()));
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    for (const char *lang : {"en", "zh_CN"}) {
        for (const char *page : {"run", "results", "distributions", "timeline", "compare", "report"}) {
            const QString file =
                tmp.filePath(QStringLiteral("%1-%2.png").arg(QLatin1String(page), QLatin1String(lang)));
            QStringList args;
            if (haveReference())
                args << referenceDataset();
            args << QStringLiteral("--page") << QLatin1String(page) << QStringLiteral("--lang") << QLatin1String(lang)
                 << QStringLiteral("--screenshot") << file;
            const Shot shot = runScreenshot(args);
            EXPECT_EQ(shot.exitCode, 0) << page << " " << lang << ": " << shot.stderrText.toStdString();
            EXPECT_FALSE(shot.stderrText.contains(QStringLiteral("not available"))) << shot.stderrText.toStdString();
            const QImage image(file);
            ASSERT_FALSE(image.isNull()) << page << " " << lang;
            EXPECT_EQ(image.size(), QSize(1400, 900)) << page;
            EXPECT_GT(distinctColours(image), 20) << page << " " << lang << ": the picture looks blank";
        }
    }
}

TEST(Screenshot, ABadDatasetFailsWithItsName)
{
    QTemporaryDir tmp;
    const QString bad = QStringLiteral("/nonexistent/kexbench-dataset");
    const QString file = tmp.filePath(QStringLiteral("bad.png"));
    const Shot shot = runScreenshot({bad, QStringLiteral("--screenshot"), file});
    EXPECT_EQ(shot.exitCode, 1);
    EXPECT_TRUE(shot.stderrText.contains(bad)) << shot.stderrText.toStdString();
    EXPECT_FALSE(QFileInfo::exists(file));

    const Shot page =
        runScreenshot({QStringLiteral("--page"), QStringLiteral("nowhere"), QStringLiteral("--screenshot"), file});
    EXPECT_EQ(page.exitCode, 1);
    EXPECT_TRUE(page.stderrText.contains(QStringLiteral("nowhere"))) << page.stderrText.toStdString();
}

// An installed workbench started on a Chinese desktop for the first time
// speaks Chinese; traditional-script and other locales get English (the only
// other translation) until the reader picks a language, which is remembered.
TEST(MainWindow, AFirstStartFollowsASimplifiedChineseDesktop)
{
    EXPECT_EQ(MainWindow::languageForLocale(QLocale(QStringLiteral("zh_CN"))), QStringLiteral("zh_CN"));
    EXPECT_EQ(MainWindow::languageForLocale(QLocale(QStringLiteral("zh_SG"))), QStringLiteral("zh_CN"));
    EXPECT_EQ(MainWindow::languageForLocale(QLocale(QStringLiteral("zh_TW"))), QStringLiteral("en"));
    EXPECT_EQ(MainWindow::languageForLocale(QLocale(QStringLiteral("en_US"))), QStringLiteral("en"));
    EXPECT_EQ(MainWindow::languageForLocale(QLocale(QStringLiteral("de_DE"))), QStringLiteral("en"));
    EXPECT_EQ(MainWindow::languageForLocale(QLocale::c()), QStringLiteral("en"));
}
