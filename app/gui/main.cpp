// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench: the Qt workbench.
//
//   kexbench [DATASET...] [--page run|results|distributions|compare|report]
//            [--lang zh_CN] [--screenshot FILE]
//
// --screenshot loads the datasets synchronously (so the picture has data),
// shows the page, waits until the background work is done, saves the window
// as an image and exits: 0 when the image was written, 1 on a bad dataset or
// a write error. It needs no display (the offscreen platform is the default
// for it) and neither reads nor writes the saved settings.
#include "mainwindow.h"
#include "workbench.h"

#include "core/dataset.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QPixmap>
#include <QThread>

#include <cstdio>
#include <cstring>
#include <functional>

#ifndef KEXBENCH_VERSION
#define KEXBENCH_VERSION "unknown"
#endif

namespace {

using kexbench::ui::MainWindow;
using kexbench::ui::Workbench;

// Processes events until pred() holds or ms pass; true when it holds.
bool processEventsUntil(const std::function<bool()> &pred, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (!pred()) {
        if (clock.elapsed() > ms)
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return true;
}

void printError(const QString &text) { std::fprintf(stderr, "kexbench: %s\n", text.toLocal8Bit().constData()); }

bool wantsScreenshot(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--screenshot", 12) == 0)
            return true;
    return false;
}

} // namespace

int main(int argc, char **argv)
{
    // A screenshot needs no screen: default to the offscreen platform unless one is chosen.
    if (wantsScreenshot(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kexbench"));
    QApplication::setApplicationName(QStringLiteral("kexbench"));
    QApplication::setApplicationVersion(QStringLiteral(KEXBENCH_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Workbench for measuring ICCS key-exchange instance libraries."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("dataset"),
                                 QCoreApplication::translate("main", "Campaign folders or .kxb bundles to open."),
                                 QStringLiteral("[DATASET...]"));
    const QCommandLineOption pageOption(
        QStringLiteral("page"), QCoreApplication::translate("main", "Page to show: run, results, distributions, compare, report."),
        QStringLiteral("name"));
    const QCommandLineOption langOption(QStringLiteral("lang"),
                                        QCoreApplication::translate("main", "Language: en or zh_CN."), QStringLiteral("code"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Save a picture of the window to FILE and exit."), QStringLiteral("FILE"));
    parser.addOption(pageOption);
    parser.addOption(langOption);
    parser.addOption(screenshotOption);
    parser.process(app); // --help, --version and unknown options end here

    int page = MainWindow::RunPageIndex;
    if (parser.isSet(pageOption)) {
        page = MainWindow::pageFromName(parser.value(pageOption));
        if (page < 0) {
            printError(QCoreApplication::translate("main", "unknown page '%1' (run, results, distributions, compare, report)")
                           .arg(parser.value(pageOption)));
            return 1;
        }
    }
    const QStringList datasets = parser.positionalArguments();
    const bool screenshot = parser.isSet(screenshotOption);

    Workbench workbench;
    if (screenshot) {
        // Synchronous on purpose: the picture must show the data.
        for (const QString &path : datasets) {
            auto loaded = kexbench::load_dataset(path.toStdString());
            if (!loaded) {
                printError(QCoreApplication::translate("main", "cannot open dataset %1: %2")
                               .arg(path, QString::fromStdString(loaded.error())));
                return 1;
            }
            // A plain int for %n: lupdate 6.4 does not see a translate() call
            // whose count argument is a static_cast<int>(...).
            const int skipped = static_cast<int>(loaded->problems.size());
            if (skipped > 0)
                printError(QCoreApplication::translate("main", "%1: %n file(s) skipped", nullptr, skipped).arg(path));
            workbench.addDataset(std::make_shared<const kexbench::Dataset>(std::move(loaded.value())), path);
        }
    }

    MainWindow window(&workbench, /*useSettings=*/!screenshot);
    if (parser.isSet(langOption) && !window.setLanguage(parser.value(langOption)))
        printError(QCoreApplication::translate("main", "language %1 is not available").arg(parser.value(langOption)));
    if (screenshot)
        window.resize(1400, 900);
    window.setPage(page);
    workbench.requestDefaultSelection();
    workbench.discoverInstances();
    if (!screenshot)
        for (const QString &path : datasets)
            workbench.openDataset(path);
    window.show();

    if (!screenshot)
        return app.exec();

    // Describing instances runs runner children, and the Compare and Report
    // pages build their figures in the background: wait for all of it, then
    // let the pages lay out and paint what they received.
    // A page may start its work only when an event reaches it, so "not busy"
    // must hold for a while (600 ms) before the picture is taken.
    QElapsedTimer idle;
    idle.start();
    const bool settled = processEventsUntil(
        [&] {
            if (window.busy())
                idle.restart();
            return idle.elapsed() > 600;
        },
        60000);
    if (!settled)
        printError(QCoreApplication::translate("main", "background work did not finish in 60 s; saving anyway"));

    const QString file = parser.value(screenshotOption);
    const QPixmap picture = window.grab();
    if (picture.isNull() || !picture.save(file)) {
        printError(QCoreApplication::translate("main", "cannot write the screenshot %1").arg(file));
        return 1;
    }
    return 0;
}
