// SPDX-License-Identifier: GPL-3.0-or-later
// The Constant time page and its table model: ct/*.json records of two
// systems side by side (written here through core's own serializer, with
// measurements whose verdict is known by construction), and the real
// `kexbench-cli ct` check of the fixture with a secret-dependent branch,
// opened in the page and drawn. Pictures are kept under /tmp to look at.
#include "gui_test_util.h"

#include "ctpage.h"
#include "mainwindow.h"
#include "models/ctresultsmodel.h"

#include "core/analysis/ct.h"
#include "core/data/ct_record.h"
#include "core/data/dataset.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>

#include <qcustomplot.h>

#include <fstream>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

enum class Timing { Leaks, Equal };

// Measurements in pairs (fixed, random): with Equal both of a pair take the
// same time, so every test of the battery sees identical classes (t = 0);
// with Leaks the random one is 30 ticks slower.
CtRecord syntheticRecord(const std::string &instance, const std::string &op, const std::string &machine, Timing timing,
                         size_t measurements = 6000)
{
    CtRecord r;
    r.instance = instance;
    r.operation = op;
    r.library = "/lib/lib" + instance + ".so";
    r.library_sha256 = std::string(64, 'a');
    r.machine = machine;
    r.host = machine == "aarch64" ? "qemu-aarch64 -L /usr/aarch64-linux-gnu" : "this host";
    r.counter = "tsc";
    r.counter_unit = "TSC ticks";
    r.started_utc = "2026-12-03T12:00:00Z";
    r.budget_s = 10;
    r.elapsed_s = 1.5;
    r.stop = timing == Timing::Leaks ? "leak" : "budget";
    for (size_t k = 0; 2 * k < measurements; ++k) {
        const uint64_t base = 1000 + (k * 7919) % 41;
        r.ticks.push_back(base);
        r.classes.push_back(0);
        r.ticks.push_back(timing == Timing::Leaks ? base + 30 : base);
        r.classes.push_back(1);
    }
    return r;
}

void writeRecord(const QString &folder, const CtRecord &r)
{
    const std::string path =
        QDir(folder).filePath(QString::fromStdString(ct_record_relative_path(r.instance, r.operation))).toStdString();
    std::ofstream(path) << ct_record_to_json(r, ct_summary_json(r)).dump();
}

// Two systems' ct/ folders: x86-64 with three checks (a leak, none, too few
// measurements), aarch64 with one operation of the same instance and a file
// that is not a record.
struct TwoSystems {
    QTemporaryDir tmp;
    QString x86, arm;
    TwoSystems()
    {
        x86 = tmp.filePath(QStringLiteral("x86_1"));
        arm = tmp.filePath(QStringLiteral("arm_1"));
        for (const QString &f : {x86, arm})
            QDir().mkpath(f + QStringLiteral("/ct"));
        writeRecord(x86, syntheticRecord("fixture-a", "derive_a", "x86-64", Timing::Leaks));
        writeRecord(x86, syntheticRecord("fixture-a", "init_a", "x86-64", Timing::Equal));
        writeRecord(x86, syntheticRecord("zz-late", "derive_b", "x86-64", Timing::Equal, kCtCalibrationMeasurements));
        writeRecord(arm, syntheticRecord("fixture-a", "derive_a", "aarch64", Timing::Equal));
        QFile broken(arm + QStringLiteral("/ct/broken.json"));
        broken.open(QIODevice::WriteOnly);
        broken.write("not json");
    }
};

QString cell(const QAbstractItemModel &m, int row, int column, int role = Qt::DisplayRole)
{
    return m.index(row, column).data(role).toString();
}

// The rows as "dataset instance operation verdict", to compare the order at a glance.
QStringList rowsOf(const CtResultsModel &m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        out << QStringList{cell(m, r, CtResultsModel::DatasetColumn), cell(m, r, CtResultsModel::Instance),
                           cell(m, r, CtResultsModel::Operation), cell(m, r, 0, CtResultsModel::VerdictRole)}
                   .join(QLatin1Char(' '));
    return out;
}

struct CliRun {
    int exitCode = -1;
    QString output;
};

// The real kexbench-cli of this build, beside the test binary, with the fixtures on the instance path.
CliRun runCli(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("KEXBENCH_INSTANCE_PATH"), QString(KEXBENCH_FIXTURE_DIR));
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("kexbench-cli")), args);
    CliRun r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.output = QString::fromUtf8(p.readAll());
    return r;
}

int graphPoints(const QCustomPlot &plot, int graph) { return plot.graph(graph)->data()->size(); }

} // namespace

TEST(CtResultsModel, ListsEverySystemsChecksSideBySide)
{
    TwoSystems systems;
    ModelTesterLog log;
    CtResultsModel model;
    auto tester = attachTester(&model);
    model.apply(
        CtResultsModel::prepare({{QStringLiteral("x86_1"), systems.x86}, {QStringLiteral("arm_1"), systems.arm}}));

    // Instance, operation (in the steps' order), then the sources' order.
    EXPECT_EQ(rowsOf(model), (QStringList{QStringLiteral("x86_1 fixture-a init_a no leak detected"),
                                          QStringLiteral("x86_1 fixture-a derive_a leak"),
                                          QStringLiteral("arm_1 fixture-a derive_a no leak detected"),
                                          QStringLiteral("x86_1 zz-late derive_b n/a")}));
    ASSERT_EQ(model.problems().size(), 1);
    EXPECT_TRUE(model.problems().front().contains(QStringLiteral("broken.json")))
        << model.problems().front().toStdString();

    // The leak: recomputed from the measurements, after the 1000 that calibrate.
    const CtResultsModel::Row *leak = model.row(1);
    ASSERT_NE(leak, nullptr);
    ASSERT_TRUE(leak->maxAbsT.has_value());
    EXPECT_GT(*leak->maxAbsT, kCtLeakThreshold);
    const uint64_t perClass = (6000 - kCtCalibrationMeasurements) / 2;
    EXPECT_EQ(leak->fixed, perClass);
    EXPECT_EQ(leak->random, perClass);
    EXPECT_EQ(cell(model, 1, CtResultsModel::FixedCount), QLocale().toString(static_cast<qulonglong>(perClass)));
    EXPECT_EQ(cell(model, 1, CtResultsModel::Verdict), QStringLiteral("leak"));
    EXPECT_EQ(cell(model, 1, CtResultsModel::Machine), QStringLiteral("x86-64"));
    EXPECT_EQ(cell(model, 2, CtResultsModel::Machine), QStringLiteral("aarch64"));
    EXPECT_EQ(cell(model, 1, CtResultsModel::Counter), QStringLiteral("tsc (TSC ticks)"));
    EXPECT_EQ(model.index(1, CtResultsModel::MaxAbsT).data(CtResultsModel::SortRole).toDouble(), *leak->maxAbsT);
    EXPECT_TRUE(cell(model, 1, CtResultsModel::Machine, Qt::ToolTipRole).contains(QStringLiteral("this host")));
    EXPECT_TRUE(cell(model, 2, CtResultsModel::Machine, Qt::ToolTipRole).contains(QStringLiteral("qemu-aarch64")));

    // Identical classes: t = 0 on every test, uncropped is the first with it.
    EXPECT_EQ(cell(model, 2, CtResultsModel::MaxAbsT), QLocale().toString(0.0, 'f', 2));
    EXPECT_EQ(cell(model, 2, CtResultsModel::Crop), QStringLiteral("uncropped"));
    // Too few measurements to calibrate: no t, no crop, no counts.
    EXPECT_EQ(cell(model, 3, CtResultsModel::MaxAbsT), QStringLiteral("n/a"));
    EXPECT_EQ(cell(model, 3, CtResultsModel::Crop), QStringLiteral("n/a"));
    EXPECT_EQ(cell(model, 3, CtResultsModel::FixedCount), QStringLiteral("0"));

    for (int c = 0; c < CtResultsModel::ColumnCount; ++c) {
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal).toString().isEmpty()) << c;
        EXPECT_FALSE(model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty()) << c;
    }
    // A row is found again by its key after a reload; a source that is gone takes its rows along.
    const QString key = model.rowKey(2);
    model.apply(
        CtResultsModel::prepare({{QStringLiteral("arm_1"), systems.arm}, {QStringLiteral("x86_1"), systems.x86}}));
    EXPECT_EQ(model.rowOfKey(key), 1);
    model.apply(CtResultsModel::prepare({{QStringLiteral("arm_1"), systems.arm}}));
    EXPECT_EQ(rowsOf(model), QStringList{QStringLiteral("arm_1 fixture-a derive_a no leak detected")});
    model.retranslate();
    model.apply(nullptr);
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(CtResultsModel, PlotDataCutsAtThePercentileAndCountsWhatIsBeyond)
{
    CtRecord r = syntheticRecord("fixture-a", "derive_a", "x86-64", Timing::Leaks);
    // A far tail of the random class, under 1 % of all measurements: one pair in 200.
    uint64_t tailPastCalibration = 0;
    for (size_t k = 7; 2 * k + 1 < r.ticks.size(); k += 200) {
        r.ticks[2 * k + 1] = 5000;
        tailPastCalibration += 2 * k >= kCtCalibrationMeasurements ? 1 : 0;
    }
    const CtPlotData p = computeCtPlot(r, 0.99, 50);
    EXPECT_TRUE(p.calibrationLeftOut);
    EXPECT_EQ(p.fixed.count + p.random.count, r.ticks.size() - kCtCalibrationMeasurements);
    EXPECT_EQ(p.viewLow, 1000);
    EXPECT_LE(p.viewHigh, 1000 + 40 + 30); // the tail is cut off the view
    EXPECT_EQ(p.random.beyond, tailPastCalibration);
    EXPECT_EQ(p.fixed.beyond, 0u);
    for (const CtClassSeries *s : {&p.fixed, &p.random}) {
        ASSERT_GE(s->ecdfX.size(), 2);
        EXPECT_LE(s->ecdfX.size(), 50 + 3); // thinned; start, last step and the edge added
        EXPECT_EQ(s->ecdfY.front(), 0.0);
        for (int i = 1; i < s->ecdfY.size(); ++i) {
            EXPECT_LE(s->ecdfY[i - 1], s->ecdfY[i]);
            EXPECT_LE(s->ecdfX[i - 1], s->ecdfX[i]);
        }
        EXPECT_NEAR(s->ecdfY.back(), 1.0 - static_cast<double>(s->beyond) / static_cast<double>(s->count), 1e-12);
        EXPECT_EQ(s->ecdfX.back(), p.viewHigh);
        // The histogram holds what is not beyond: density x width sums to that fraction.
        double mass = 0;
        for (double d : s->density)
            mass += d * p.binWidth;
        EXPECT_NEAR(mass, s->ecdfY.back(), 1e-9);
    }
    // No more measurements than calibration needs: all of them are drawn.
    const CtPlotData few =
        computeCtPlot(syntheticRecord("zz", "init_a", "x86-64", Timing::Equal, kCtCalibrationMeasurements));
    EXPECT_FALSE(few.calibrationLeftOut);
    EXPECT_EQ(few.fixed.count + few.random.count, kCtCalibrationMeasurements);
    EXPECT_TRUE(computeCtPlot(CtRecord{}).empty());
}

TEST(CtResultsModel, SourceFolderIsTheOneHoldingCt)
{
    TwoSystems systems;
    EXPECT_EQ(ctSourceFolder(systems.x86), QDir::cleanPath(systems.x86));
    EXPECT_EQ(ctSourceFolder(systems.x86 + QStringLiteral("/ct")), QDir::cleanPath(systems.x86));
    EXPECT_EQ(ctSourceFolder(systems.tmp.path()), QString());
    EXPECT_EQ(ctSourceFolder(QString()), QString());
}

// The real check: the fixture's derive_b branches on a secret, so the CLI
// reports a leak there; derive_a is its control. The page must say what the
// CLI said, recomputed from the records, and draw both classes.
TEST(CtPage, ShowsTheRealCheckOfTheSecretBranchFixture)
{
    QTemporaryDir out;
    ASSERT_TRUE(out.isValid());
    const QString cli = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("kexbench-cli"));
    ASSERT_TRUE(QFileInfo(cli).isExecutable()) << cli.toStdString() << " is not built: ninja kexbench-cli";
    const CliRun run = runCli({QStringLiteral("ct"), QStringLiteral("fixture-secret-branch"), QStringLiteral("--op"),
                               QStringLiteral("derive_b"), QStringLiteral("--op"), QStringLiteral("derive_a"),
                               QStringLiteral("--budget"), QStringLiteral("2"), QStringLiteral("--out"), out.path()});
    ASSERT_EQ(run.exitCode, 1) << run.output.toStdString(); // 1: a leak was found
    // The CLI's table: instance, operation, max |t|, crop, fixed, random, seconds, verdict.
    QMap<QString, QStringList> printed;
    for (const QString &line : run.output.split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("fixture-secret-branch ")))
            printed.insert(line.section(QLatin1Char(' '), 1, 1, QString::SectionSkipEmpty),
                           line.split(QRegularExpression(QStringLiteral("\\s{2,}"))));
    ASSERT_EQ(printed.size(), 2) << run.output.toStdString();
    ASSERT_EQ(printed.value(QStringLiteral("derive_b")).value(7), QStringLiteral("leak")) << run.output.toStdString();

    Workbench workbench;
    CtPage page(&workbench);
    page.resize(1000, 700);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    EXPECT_FALSE(page.openCtFolder(out.path() + QStringLiteral("/nothing-here")));
    EXPECT_TRUE(page.statusText().contains(QStringLiteral("no ct/ folder"))) << page.statusText().toStdString();
    ASSERT_TRUE(page.openCtFolder(out.path()));
    ASSERT_TRUE(settle(page));

    const CtResultsModel &model = *page.model();
    ASSERT_EQ(model.rowCount(), 2);
    for (int r = 0; r < 2; ++r) {
        const QString op = cell(model, r, CtResultsModel::Operation);
        EXPECT_EQ(op, r == 0 ? QStringLiteral("derive_a") : QStringLiteral("derive_b")); // the steps' order
        const QStringList cli = printed.value(op);
        ASSERT_EQ(cli.size(), 8) << op.toStdString();
        EXPECT_EQ(cell(model, r, CtResultsModel::Instance), QStringLiteral("fixture-secret-branch"));
        EXPECT_EQ(cell(model, r, 0, CtResultsModel::VerdictRole), cli[7]) << op.toStdString();
        EXPECT_EQ(
            QString::number(model.index(r, CtResultsModel::MaxAbsT).data(CtResultsModel::SortRole).toDouble(), 'f', 2),
            cli[2])
            << op.toStdString();
        EXPECT_EQ(QString::number(model.row(r)->fixed), cli[4]) << op.toStdString();
        EXPECT_EQ(QString::number(model.row(r)->random), cli[5]) << op.toStdString();
        EXPECT_EQ(cell(model, r, CtResultsModel::DatasetColumn), QFileInfo(out.path()).fileName());
    }
    EXPECT_EQ(cell(model, 1, CtResultsModel::Verdict), QStringLiteral("leak"));
    EXPECT_GT(model.index(1, CtResultsModel::MaxAbsT).data(CtResultsModel::SortRole).toDouble(), kCtLeakThreshold);
    EXPECT_GE(model.row(1)->fixed, kCtMinPerClass);
    EXPECT_GE(model.row(1)->random, kCtMinPerClass);
    EXPECT_EQ(page.currentRow(), 0);
    ASSERT_TRUE(page.selectRow(1));

    // Both classes, with data, in either drawing; the cut and the caveat are stated.
    for (CtPage::PlotKind kind : {CtPage::HistogramPlot, CtPage::EcdfPlot}) {
        page.setPlotKind(kind);
        QCustomPlot *plot = page.plot();
        ASSERT_EQ(plot->graphCount(), 2) << kind;
        EXPECT_GT(graphPoints(*plot, 0), 1) << kind;
        EXPECT_GT(graphPoints(*plot, 1), 1) << kind;
        EXPECT_TRUE(plot->graph(0)->name().startsWith(QStringLiteral("fixed inputs")))
            << plot->graph(0)->name().toStdString();
        EXPECT_TRUE(plot->graph(1)->name().startsWith(QStringLiteral("random inputs")))
            << plot->graph(1)->name().toStdString();
    }
    EXPECT_TRUE(page.plotNoteText().contains(QStringLiteral("99th percentile"))) << page.plotNoteText().toStdString();
    EXPECT_TRUE(page.summaryText().contains(QStringLiteral("leak"))) << page.summaryText().toStdString();
    EXPECT_TRUE(page.caveatText().contains(QStringLiteral("cannot prove there is none")))
        << page.caveatText().toStdString();
    EXPECT_TRUE(page.caveatText().contains(QStringLiteral("cannot tell secret from public inputs")));

    const QString shot = QStringLiteral("/tmp/kexbench-ct-page.png");
    const QImage image = page.grab().toImage();
    ASSERT_FALSE(image.isNull());
    EXPECT_TRUE(image.save(shot));
    std::printf("[   NOTE   ] Constant time page: %s\n", qPrintable(shot));

    page.closeOpenedFolders();
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(page.plot()->graphCount(), 0);
}

// A check started on the page runs the CLI as a child process (never the
// candidate in the GUI) and lists its records as they are written.
TEST(CtPage, RunsACheckThroughTheCli)
{
    ASSERT_TRUE(QFileInfo(CtPage::cliPath()).isExecutable()) << CtPage::cliPath().toStdString();
    QTemporaryDir out;
    ASSERT_TRUE(out.isValid());
    Workbench workbench;
    CtPage page(&workbench);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    EXPECT_FALSE(page.startCheck({}, 1, out.path())); // nothing checked
    EXPECT_TRUE(page.checkStatusText().contains(QStringLiteral("Algorithms"))) << page.checkStatusText().toStdString();

    const QString lib = QString(KEXBENCH_FIXTURE_DIR) + QStringLiteral("/libfixture-secret-branch.so");
    QSignalSpy finished(&page, &CtPage::checkFinished);
    ASSERT_TRUE(page.startCheck({lib}, 2, out.path(), {QStringLiteral("derive_b")}));
    EXPECT_TRUE(page.checking());
    EXPECT_TRUE(page.busy());
    EXPECT_FALSE(page.startCheck({lib}, 2, out.path())); // one check at a time
    ASSERT_TRUE(finished.wait(120000));
    EXPECT_EQ(finished.front().front().toInt(), 1); // the CLI's exit code: a leak
    ASSERT_TRUE(settle(page));
    ASSERT_EQ(page.model()->rowCount(), 1);
    EXPECT_EQ(cell(*page.model(), 0, CtResultsModel::Operation), QStringLiteral("derive_b"));
    EXPECT_EQ(cell(*page.model(), 0, CtResultsModel::Verdict), QStringLiteral("leak"));
    EXPECT_EQ(page.openedFolders().size(), 1);
    EXPECT_TRUE(page.checkStatusText().contains(QStringLiteral("a leak was found")))
        << page.checkStatusText().toStdString();

    // Cancelled: the CLI stops on SIGTERM and the page says so; the earlier record stays listed.
    ASSERT_TRUE(page.startCheck({lib}, 60, out.path(), {QStringLiteral("derive_a")}));
    page.cancelCheck();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.checking(); }, 60000));
    EXPECT_TRUE(page.checkStatusText().contains(QStringLiteral("cancelled"))) << page.checkStatusText().toStdString();
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.model()->rowCount(), 1);
}

// A dataset's folder with ct/ is listed with the dataset's label, and leaves
// with it; two datasets of one instance sit together.
TEST(CtPage, ListsTheCtFoldersOfOpenDatasets)
{
    TwoSystems systems;
    Workbench workbench;
    CtPage page(&workbench);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.model()->rowCount(), 0);
    for (const QString &folder : {systems.x86, systems.arm}) {
        Dataset d;
        d.root = folder.toStdString();
        d.system_label = QFileInfo(folder).fileName().toStdString();
        workbench.addDataset(std::make_shared<const Dataset>(std::move(d)), folder);
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.model()->rowCount() == 4; }, 60000));
    EXPECT_EQ(rowsOf(*page.model()).mid(1, 2),
              (QStringList{QStringLiteral("x86_1 fixture-a derive_a leak"),
                           QStringLiteral("arm_1 fixture-a derive_a no leak detected")}));
    EXPECT_TRUE(page.statusText().contains(QStringLiteral("broken.json"))) << page.statusText().toStdString();
    // Opening a dataset's folder again on the page lists it once.
    ASSERT_TRUE(page.openCtFolder(systems.arm));
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.model()->rowCount(), 4);

    workbench.removeDataset(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.model()->rowCount() == 1; }, 60000));
    EXPECT_EQ(cell(*page.model(), 0, CtResultsModel::DatasetColumn), QStringLiteral("arm_1"));
}

// In the main window, in Chinese: the tab, the table's words and the caveat.
TEST(CtPage, SpeaksChineseInTheMainWindow)
{
    TwoSystems systems;
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.resize(1280, 800);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_EQ(MainWindow::pageFromName(QStringLiteral("ct")), MainWindow::CtPageIndex);
    window.setPage(MainWindow::CtPageIndex);
    auto *page = window.findChild<CtPage *>();
    ASSERT_NE(page, nullptr);
    ASSERT_TRUE(page->openCtFolder(systems.x86));
    ASSERT_TRUE(page->openCtFolder(systems.arm));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !window.busy() && page->model()->rowCount() == 4; }, 60000));
    ASSERT_TRUE(page->selectRow(1));

    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    auto *tabs = window.findChild<QTabWidget *>();
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->tabText(MainWindow::CtPageIndex), QString::fromUtf8("恒定时间(&O)"));
    EXPECT_EQ(cell(*page->model(), 1, CtResultsModel::Verdict), QString::fromUtf8("泄漏"));
    EXPECT_EQ(page->model()->headerData(CtResultsModel::Verdict, Qt::Horizontal).toString(), QString::fromUtf8("结论"));
    EXPECT_TRUE(page->caveatText().startsWith(QString::fromUtf8("t 检验"))) << page->caveatText().toStdString();
    EXPECT_TRUE(page->plot()->graph(0)->name().startsWith(QString::fromUtf8("固定输入")))
        << page->plot()->graph(0)->name().toStdString();
    // The relayout after the longer Chinese texts is posted: let it run before the picture.
    QTest::qWait(50);
    const QString shot = QStringLiteral("/tmp/kexbench-ct-page-zh.png");
    EXPECT_TRUE(window.grab().toImage().save(shot));
    std::printf("[   NOTE   ] Constant time page in Chinese: %s\n", qPrintable(shot));

    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(cell(*page->model(), 1, CtResultsModel::Verdict), QStringLiteral("leak"));
}
