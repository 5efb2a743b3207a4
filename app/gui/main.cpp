// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench: the Qt workbench.
//
//   kexbench [DATASET...] [--page run|results|distributions|timeline|compare|report|ct]
//            [--compare-instances A,B] [--lang zh_CN] [--screenshot FILE [--window-size WxH]]
//   kexbench DATASET --export-report FILE.pdf|.html|.md [--lang zh_CN] [--candidate C]
//
// --screenshot loads the datasets synchronously (so the picture has data),
// shows the page, waits until the background work is done, saves the window
// as an image and exits: 0 when the image was written, 1 on a bad dataset or
// a write error. It needs no display (the offscreen platform is the default
// for it) and neither reads nor writes the saved settings. The window is
// 1400x900 unless --window-size says otherwise (1024x700: a small laptop).
//
// --compare-instances A,B opens the Compare page's "two instances of one
// dataset" mode on instances A and B of the first dataset (as kexbench-cli
// compare DATASET --a A --b B).
//
// --export-report writes the Report page's report of one dataset (the same
// candidate default, accounting file and options, models/reportexport.h) as
// PDF, HTML or Markdown by the file's suffix and exits without showing a
// window: 0 and nothing on stdout when written, 1 and one line on stderr
// otherwise. It also defaults to the offscreen platform.
#include "mainwindow.h"
#include "models/reportexport.h"
#include "workbench.h"

#include "core/data/dataset.h"
#include "core/analysis/report.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QPixmap>
#include <QSize>
#include <QThread>
#include <QTranslator>

#include <algorithm>
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

bool wantsOption(int argc, char **argv, const char *name)
{
    const size_t n = std::strlen(name);
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], name, n) == 0 && (argv[i][n] == '\0' || argv[i][n] == '='))
            return true;
    return false;
}

// `kexbench DATASET --export-report FILE [--candidate C] [--lang L]`: the
// Report page's report, written without a window. 0 when written.
int exportReport(const QStringList &datasets, const QString &file, const QString &candidateArg, const QString &language)
{
    using namespace kexbench;
    using namespace kexbench::ui;
    if (datasets.size() != 1) {
        printError(QCoreApplication::translate("main", "--export-report needs exactly one dataset (%1 given)")
                       .arg(datasets.size()));
        return 1;
    }
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (suffix != QLatin1String("pdf") && suffix != QLatin1String("html") && suffix != QLatin1String("htm") &&
        suffix != QLatin1String("md")) {
        printError(
            QCoreApplication::translate("main", "cannot tell the format of %1: name it .pdf, .html or .md").arg(file));
        return 1;
    }
    if (language != QLatin1String("en") && language != QLatin1String("zh_CN")) {
        printError(QCoreApplication::translate("main", "language %1 is not available (en, zh_CN)").arg(language));
        return 1;
    }
    // The PDF's page numbers and the exports' messages are Qt strings.
    QTranslator translator;
    if (language == QLatin1String("zh_CN") && translator.load(QStringLiteral(":/i18n/kexbench_zh_CN.qm")))
        QCoreApplication::installTranslator(&translator);

    const QString path = datasets.front();
    auto loaded = load_dataset(QFile::encodeName(path).toStdString());
    if (!loaded) {
        printError(QCoreApplication::translate("main", "cannot open dataset %1: %2")
                       .arg(path, QString::fromStdString(loaded.error())));
        return 1;
    }
    const Dataset &dataset = loaded.value();
    if (dataset.records.empty()) {
        printError(QCoreApplication::translate("main", "cannot open dataset %1: it has no records").arg(path));
        return 1;
    }
    std::string candidate = candidateArg.toStdString();
    if (candidateArg.isEmpty()) {
        candidate = default_candidate(dataset);
    } else {
        const auto all = dataset.candidates();
        if (std::find(all.begin(), all.end(), candidate) == all.end()) {
            QStringList names;
            for (const auto &c : all)
                names << QString::fromStdString(c);
            printError(QCoreApplication::translate("main", "dataset %1 has no candidate '%2' (it has: %3)")
                           .arg(path, candidateArg, names.join(QStringLiteral(", "))));
            return 1;
        }
    }
    Accounting accounting = find_accounting(dataset.root);
    if (!accounting.error.isEmpty()) {
        printError(accounting.error);
        return 1;
    }
    ReportOptions options = report_options(candidate, std::move(accounting));
    // KEXBENCH-LANG: the report's language (core/analysis/report.h ReportOptions::language).
    options.language = language.toStdString();
    const Report report = build_report(dataset, options);

    QString why;
    bool ok = false;
    if (suffix == QLatin1String("pdf")) {
        PdfOptions pdf;
        pdf.title = QString::fromStdString(report.title);
        ok = write_pdf(report_html_for_qt(render_html(report)), file, &why, pdf);
    } else if (suffix == QLatin1String("md")) {
        ok = export_markdown(report, file, &why);
    } else {
        ok = export_html(report, file, &why);
    }
    if (!ok) {
        printError(why.isEmpty() ? QCoreApplication::translate("main", "cannot write %1").arg(file) : why);
        return 1;
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    // A screenshot needs no screen: default to the offscreen platform unless one is chosen.
    if ((wantsOption(argc, argv, "--screenshot") || wantsOption(argc, argv, "--export-report")) &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("kexbench"));
    QApplication::setApplicationName(QStringLiteral("kexbench"));
    QApplication::setApplicationVersion(QStringLiteral(KEXBENCH_VERSION));
    // Wayland compositors and docks match the window to its menu entry and icon by this id
    // (resources/desktop/io.github.kexbench.kexbench.desktop).
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.kexbench.kexbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "Workbench for measuring ICCS key-exchange instance libraries."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("dataset"),
                                 QCoreApplication::translate("main", "Campaign folders or .kxb bundles to open."),
                                 QStringLiteral("[DATASET...]"));
    const QCommandLineOption pageOption(
        QStringLiteral("page"),
        QCoreApplication::translate("main",
                                    "Page to show: run, results, distributions, timeline, compare, report, ct."),
        QStringLiteral("name"));
    const QCommandLineOption langOption(
        QStringLiteral("lang"), QCoreApplication::translate("main", "Language: en or zh_CN."), QStringLiteral("code"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate("main", "Save a picture of the window to FILE and exit."), QStringLiteral("FILE"));
    const QCommandLineOption exportOption(
        QStringLiteral("export-report"),
        QCoreApplication::translate("main", "Write the dataset's report to FILE (.pdf, .html or .md) and exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption candidateOption(
        QStringLiteral("candidate"),
        QCoreApplication::translate("main",
                                    "With --export-report: the candidate to report (default: the only one, else all)."),
        QStringLiteral("name"));
    const QCommandLineOption sizeOption(
        QStringLiteral("window-size"),
        QCoreApplication::translate("main", "With --screenshot: the window's size, e.g. 1024x700 (default 1400x900)."),
        QStringLiteral("WxH"));
    const QCommandLineOption instancesOption(
        QStringLiteral("compare-instances"),
        QCoreApplication::translate("main", "Compare two instances of the first dataset on the Compare page, e.g. "
                                            "WORK-1,WORK-5 (A,B)."),
        QStringLiteral("A,B"));
    parser.addOption(pageOption);
    parser.addOption(instancesOption);
    parser.addOption(sizeOption);
    parser.addOption(langOption);
    parser.addOption(screenshotOption);
    parser.addOption(exportOption);
    parser.addOption(candidateOption);
    parser.process(app); // --help, --version and unknown options end here

    if (parser.isSet(exportOption))
        return exportReport(parser.positionalArguments(), parser.value(exportOption), parser.value(candidateOption),
                            parser.isSet(langOption) ? parser.value(langOption) : QStringLiteral("en"));

    int page = MainWindow::RunPageIndex;
    if (parser.isSet(pageOption)) {
        page = MainWindow::pageFromName(parser.value(pageOption));
        if (page < 0) {
            printError(QCoreApplication::translate(
                           "main", "unknown page '%1' (run, results, distributions, timeline, compare, report, ct)")
                           .arg(parser.value(pageOption)));
            return 1;
        }
    }
    // A harness checkout names one dataset per system, as report and compare take it.
    QStringList instances;
    if (parser.isSet(instancesOption)) {
        instances = parser.value(instancesOption).split(QLatin1Char(','));
        if (instances.size() != 2 || instances[0].isEmpty() || instances[1].isEmpty()) {
            printError(QCoreApplication::translate("main", "bad instance pair '%1' (A,B, e.g. WORK-1,WORK-5)")
                           .arg(parser.value(instancesOption)));
            return 1;
        }
    }
    QStringList datasets;
    for (const QString &path : parser.positionalArguments())
        datasets << Workbench::datasetPathsIn(path);
    const bool screenshot = parser.isSet(screenshotOption);
    QSize windowSize(1400, 900);
    if (parser.isSet(sizeOption)) {
        const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x'));
        bool wOk = false, hOk = false;
        if (wh.size() == 2)
            windowSize = QSize(wh[0].toInt(&wOk), wh[1].toInt(&hOk));
        if (!wOk || !hOk || windowSize.width() < 200 || windowSize.height() < 200) {
            printError(QCoreApplication::translate("main", "bad window size '%1' (WxH, e.g. 1024x700)")
                           .arg(parser.value(sizeOption)));
            return 1;
        }
    }

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
        window.resize(windowSize);
    window.setPage(page);
    if (datasets.size() >= 2) // what the command line names, not the last session's pair
        window.preferComparePair(datasets[0], datasets[1]);
    if (instances.size() == 2)
        window.preferCompareInstances(instances[0], instances[1]);
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
