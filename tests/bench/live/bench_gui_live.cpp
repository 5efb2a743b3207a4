// SPDX-License-Identifier: GPL-3.0-or-later
// The workbench at scale, measured in the real program: the GUI thread's
// longest gap while a campaign writes ~1000 records into a live dataset (the
// pages the reader looks at switching every few seconds), the time to open
// that campaign (until the Results page shows every row), and the time to
// draw a distribution of 10^6 samples as histogram, box plot and ECDF. It
// prints figures; it asserts nothing about speed (a shared VM's speed varies).
//
//   ninja -C build/release bench-gui-live          # builds the instances, runs this
//   kexbench_bench_gui_live [--records N] [--keep DIR] [--instances DIR] [--float]
//     The runner children are pinned as the Run page pins them by default (the
//     last CPU, the workbench's threads kept off it); --float leaves them unpinned.
//   kexbench_bench_gui_live --open DIR     # only open and draw a finished campaign
#include "campaignworker.h"
#include "comparepage.h"
#include "distributionspage.h"
#include "mainwindow.h"
#include "models/resultstablemodel.h"
#include "reportpage.h"
#include "resultspage.h"
#include "timelinepage.h"
#include "workbench.h"

#include "../../gui/stall_meter.h"
#include "cpu_stall_watch.h"
#include "thread_state_sampler.h"

#include "core/base/affinity.h"
#include "core/base/discovery.h"
#include "core/data/dataset.h"
#include "core/data/record.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>
#include <QTimer>

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace kexbench;
using namespace kexbench::ui;
using kexbench::ui::test::StallMeter;

namespace {

constexpr int kOperationsPerInstance = 7; // a 2-pass exchange: exchange, init_a/b, pass1/2, derive_a/b
constexpr qint64 kWaitMs = 30 * 60 * 1000;
constexpr int kOpenWaitMs = 60 * 1000; // opening 1000 records takes a second or two

struct Args {
    int records = 1000;
    QString keep; // keep the campaign here (default: a temporary folder)
    QString open; // skip the live campaign: open and draw this finished one
    QString instances = QStringLiteral(KEXBENCH_BENCH_INSTANCE_DIR);
    bool floating = false; // --float: runner children not pinned ("none" on the Run page)
};

bool parse(int argc, char **argv, Args &args)
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--records" && hasValue)
            args.records = std::max(1, std::atoi(argv[++i]));
        else if (a == "--keep" && hasValue)
            args.keep = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--open" && hasValue)
            args.open = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--instances" && hasValue)
            args.instances = QString::fromLocal8Bit(argv[++i]);
        else if (a == "--float")
            args.floating = true;
        else
            return false;
    }
    return true;
}

// The copies of the null fixture (libnull-2p-<i>.so), in their natural order.
std::vector<std::string> benchLibraries(const QString &dir, int wanted)
{
    std::vector<std::string> libs = discover_instance_files({dir.toStdString()}).libraries;
    std::sort(libs.begin(), libs.end(), natural_less);
    if (libs.size() > static_cast<size_t>(wanted))
        libs.resize(static_cast<size_t>(wanted));
    return libs;
}

CampaignOptions planFor(std::vector<std::string> libraries, const QString &out, bool floating)
{
    CampaignOptions o;
    if (const int cpu = default_measuring_cpu(); !floating && cpu >= 0)
        o.cpu = cpu; // as the Run page's default
    o.libraries = std::move(libraries);
    o.mode = "fixed";
    o.planning.trials = 5; // the published method's count: 5 runner children per record
    o.planning.trial_target_s = 0.01;
    o.planning.max_iters_per_trial = 200; // ~1000 samples per record
    o.kat = false;                        // the null fixture has no KAT vectors
    o.stack = false;
    o.heap = false;
    o.profile = false;
    o.system_label = "bench_gui_live";
    o.out_dir = out.toStdString();
    return o;
}

// Waits in a real event loop, as the program's own exec() does. QTest::qWaitFor
// sleeps 10 ms between rounds of events, which the gap figures would count
// as the workbench's (the GUI thread seen asleep in clock_nanosleep).
bool waitUntil(const std::function<bool()> &done)
{
    QEventLoop loop;
    QElapsedTimer clock;
    clock.start();
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (done() || clock.elapsed() > kWaitMs)
            loop.quit();
    });
    poll.start(5);
    if (!done())
        loop.exec();
    return done();
}

int resultRows(MainWindow &window) { return window.findChild<ResultsPage *>()->model()->rowCount(); }

// What keeps the window busy, when opening does not finish.
QString busyParts(MainWindow &window, const Workbench &workbench)
{
    QStringList parts;
    if (workbench.busy())
        parts << QStringLiteral("Workbench");
    auto check = [&](const auto *page) {
        if (page && page->busy())
            parts << QLatin1String(page->metaObject()->className());
    };
    check(window.findChild<ResultsPage *>());
    check(window.findChild<DistributionsPage *>());
    check(window.findChild<TimelinePage *>());
    check(window.findChild<ReportPage *>());
    check(window.findChild<ComparePage *>());
    return parts.isEmpty() ? QStringLiteral("another page") : parts.join(QStringLiteral(", "));
}

// Times every event the GUI thread delivers (outermost delivery only), by
// receiver class and event type, so a gap can be traced to the code that
// caused it, or shown to be the thread waiting for a CPU (little time spent
// in events, much time runnable but not running: schedstat's run delay).
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject *receiver, QEvent *event) override
    {
        // Other threads deliver their own objects' events through here too
        // (the campaign thread runs the whole campaign inside one).
        if (thread() != QThread::currentThread())
            return QApplication::notify(receiver, event);
        if (depth_++ > 0) {
            // A window's paint (one UpdateRequest) paints widget by widget:
            // time each widget's paint event, so the slow one is named.
            if (event->type() != QEvent::Paint) {
                const bool handled = QApplication::notify(receiver, event);
                --depth_;
                return handled;
            }
            QElapsedTimer clock;
            clock.start();
            const bool handled = QApplication::notify(receiver, event);
            add(paints_[paintKey(receiver)], clock.nsecsElapsed());
            --depth_;
            return handled;
        }
        // A future watcher is named by its owner: the page or the Workbench whose result arrived.
        const QObject *who =
            receiver->inherits("QFutureWatcherBase") && receiver->parent() ? receiver->parent() : receiver;
        const QString key = QStringLiteral("%1%2 (event type %3)")
                                .arg(who == receiver ? QString() : QStringLiteral("watcher of "),
                                     QLatin1String(who->metaObject()->className()))
                                .arg(static_cast<int>(event->type()));
        QElapsedTimer clock;
        clock.start();
        const qint64 cpuBefore = threadCpuNs();
        const qint64 delayBefore = guiRunDelayNs();
        const bool handled = QApplication::notify(receiver, event);
        const qint64 wallNs = clock.nsecsElapsed();
        add(costs_[key], wallNs);
        noteLongest({wallNs, threadCpuNs() - cpuBefore, guiRunDelayNs() - delayBefore, key,
                     wall_.isValid() ? wall_.elapsed() : 0});
        --depth_;
        return handled;
    }
    void startWatch()
    {
        costs_.clear();
        paints_.clear();
        longest_.clear();
        runDelayAtStart_ = guiRunDelayNs();
        wall_.start();
    }
    void printWatch(const char *what, int count = 8)
    {
        const double wallMs = static_cast<double>(wall_.nsecsElapsed()) / 1e6;
        std::vector<std::pair<QString, Cost>> sorted(costs_.begin(), costs_.end());
        std::sort(sorted.begin(), sorted.end(),
                  [](const auto &a, const auto &b) { return a.second.totalNs > b.second.totalNs; });
        double busyMs = 0;
        for (const auto &[key, c] : sorted)
            busyMs += static_cast<double>(c.totalNs) / 1e6;
        const double waitMs = static_cast<double>(guiRunDelayNs() - runDelayAtStart_) / 1e6;
        std::printf("  GUI thread %s: %.0f ms in events (%.1f %% of %.0f ms), %.0f ms runnable but waiting for a CPU\n",
                    what, busyMs, 100 * busyMs / wallMs, wallMs, waitMs);
        printCosts(sorted, count);
        std::vector<std::pair<QString, Cost>> paints(paints_.begin(), paints_.end());
        std::sort(paints.begin(), paints.end(),
                  [](const auto &a, const auto &b) { return a.second.totalNs > b.second.totalNs; });
        std::printf("  of which widgets' paint events:\n");
        printCosts(paints, count);
        // Wall time far above the thread's CPU time: the thread was not running.
        // Runnable but waiting: another thread or process had the CPU. The rest
        // (wall - CPU - waiting): blocked (on the X server, a lock), or the whole
        // virtual CPU stalled by the host, which the guest cannot tell apart.
        std::printf(
            "  the longest events (wall ms / GUI-thread CPU ms / runnable but waiting ms, at s since start):\n");
        for (const Event &e : longest_)
            std::printf("    %7.1f / %6.1f / %6.1f ms at %6.1f s: %s\n", static_cast<double>(e.wallNs) / 1e6,
                        static_cast<double>(e.cpuNs) / 1e6, static_cast<double>(e.runDelayNs) / 1e6,
                        static_cast<double>(e.atMs) / 1e3, qPrintable(e.key));
    }

private:
    struct Cost {
        qint64 count = 0, totalNs = 0, maxNs = 0;
        std::vector<qint64> ns; // each event's, for the median
    };
    struct Event {
        qint64 wallNs, cpuNs, runDelayNs;
        QString key;
        qint64 atMs;
    };
    static constexpr std::size_t kLongestKept = 8;
    static void add(Cost &c, qint64 ns)
    {
        ++c.count;
        c.totalNs += ns;
        c.maxNs = std::max(c.maxNs, ns);
        c.ns.push_back(ns);
    }
    static qint64 threadCpuNs()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return static_cast<qint64>(t.tv_sec) * 1000000000 + t.tv_nsec;
    }
    void noteLongest(Event e)
    {
        if (longest_.size() == kLongestKept && e.wallNs <= longest_.back().wallNs)
            return;
        longest_.push_back(std::move(e));
        std::sort(longest_.begin(), longest_.end(), [](const Event &a, const Event &b) { return a.wallNs > b.wallNs; });
        if (longest_.size() > kLongestKept)
            longest_.pop_back();
    }
    static double medianMs(std::vector<qint64> ns)
    {
        if (ns.empty())
            return 0;
        auto mid = ns.begin() + static_cast<std::ptrdiff_t>(ns.size() / 2);
        std::nth_element(ns.begin(), mid, ns.end());
        return static_cast<double>(*mid) / 1e6;
    }
    // The widget's class and the nearest object name up its parents ("QWidget in resultsTable").
    static QString paintKey(const QObject *widget)
    {
        const QObject *named = widget;
        while (named && (named->objectName().isEmpty() || named->objectName().startsWith(QLatin1String("qt_"))))
            named = named->parent();
        return QStringLiteral("paint of %1%2")
            .arg(QLatin1String(widget->metaObject()->className()),
                 named ? QStringLiteral(" in ") + named->objectName() : QString());
    }
    static void printCosts(const std::vector<std::pair<QString, Cost>> &sorted, int count)
    {
        for (int i = 0; i < count && i < static_cast<int>(sorted.size()); ++i)
            std::printf("    %7.1f ms in %6lld events, median %5.1f, longest %6.1f ms: %s\n",
                        static_cast<double>(sorted[i].second.totalNs) / 1e6,
                        static_cast<long long>(sorted[i].second.count), medianMs(sorted[i].second.ns),
                        static_cast<double>(sorted[i].second.maxNs) / 1e6, qPrintable(sorted[i].first));
    }
    // The GUI thread's time runnable but not running (the second field of its
    // schedstat), read at every event: the file stays open, pread regenerates it.
    static qint64 guiRunDelayNs()
    {
        static const int fd = ::open(QStringLiteral("/proc/self/task/%1/schedstat")
                                         .arg(QCoreApplication::applicationPid())
                                         .toLocal8Bit()
                                         .constData(),
                                     O_RDONLY | O_CLOEXEC);
        return std::max<qint64>(0, StallMeter::readSchedstat(fd).runnableNs);
    }
    int depth_ = 0;
    std::map<QString, Cost> costs_;
    std::map<QString, Cost> paints_; // by widget class and object name
    std::vector<Event> longest_;     // the outermost events that took longest, longest first
    qint64 runDelayAtStart_ = 0;
    QElapsedTimer wall_;
};

TimedApplication *timedApp() { return static_cast<TimedApplication *>(QCoreApplication::instance()); }

void printGaps(const char *what, const StallMeter &meter, qint64 ms)
{
    std::printf(
        "%-44s longest GUI-thread gap %4lld ms, 99th percentile %3lld ms (%d ticks of a 10 ms timer over %.1f s)\n",
        what, static_cast<long long>(meter.maxGapMs()), static_cast<long long>(meter.gapQuantileMs(0.99)),
        meter.ticks(), static_cast<double>(ms) / 1000.0);
}

// The longest GUI-thread gaps with the part during which the CPU they ended
// on was stalled for everyone (see CpuStallWatch), and the stalls themselves:
// what is left is the GUI's own gap; and where the GUI thread slept meanwhile.
void printStalls(const StallMeter &meter, const bench::CpuStallWatch &watch, const bench::ThreadStateSampler &gui)
{
    std::map<int, std::pair<int, double>> perCpu; // count, longest ms
    for (const bench::CpuStallWatch::Stall &s : watch.stalls()) {
        auto &[count, longest] = perCpu[s.cpu];
        ++count;
        longest = std::max(longest, s.ms());
    }
    std::printf("  CPU stalls (a pinned 10 ms sleeper outside Qt woke over 20 ms late):");
    if (perCpu.empty())
        std::printf(" none");
    for (const auto &[cpu, c] : perCpu)
        std::printf(" cpu %d: %d, longest %.0f ms;", cpu, c.first, c.second);
    std::printf("\n");

    struct Split {
        qint64 gapMs, stalledMs;
        int cpu;
        double ranMs, runnableMs;
        std::string where;
    };
    std::vector<Split> splits;
    for (const StallMeter::LongGap &g : meter.longGaps()) {
        const int64_t startNs = g.endNs - g.ms * 1'000'000;
        const int64_t stalled = watch.stalledNs(g.cpu, startNs, g.endNs);
        splits.push_back({g.ms, static_cast<qint64>(stalled / 1'000'000), g.cpu, static_cast<double>(g.ranNs) / 1e6,
                          static_cast<double>(g.runnableNs) / 1e6, gui.where(startNs, g.endNs)});
    }
    qint64 own = 0;
    for (const Split &s : splits)
        own = std::max(own, s.gapMs - s.stalledMs);
    std::sort(splits.begin(), splits.end(), [](const Split &a, const Split &b) { return a.gapMs > b.gapMs; });
    std::printf("  GUI-thread gaps of %lld ms or more: %zu; the longest less its CPU's stall: %s\n",
                static_cast<long long>(StallMeter::kLongGapMs), splits.size(),
                splits.empty() ? "none" : qPrintable(QStringLiteral("%1 ms").arg(own)));
    for (std::size_t i = 0; i < std::min<std::size_t>(splits.size(), 6); ++i)
        std::printf("    %4lld ms, woke on cpu %d, which was stalled %lld ms of it; the GUI thread ran %.1f ms, waited "
                    "for a CPU %.1f ms\n      sampled every 5 ms: %s\n",
                    static_cast<long long>(splits[i].gapMs), splits[i].cpu, static_cast<long long>(splits[i].stalledMs),
                    splits[i].ranMs, splits[i].runnableMs,
                    splits[i].where.empty() ? "no sample" : splits[i].where.c_str());
}

// Phase 1: a live campaign, the reader switching between the pages that follow it.
bool liveCampaign(const Args &args, const QString &out, int &records)
{
    const int instances = (args.records + kOperationsPerInstance - 1) / kOperationsPerInstance;
    std::vector<std::string> libs = benchLibraries(args.instances, instances);
    if (libs.size() < static_cast<size_t>(instances)) {
        std::fprintf(stderr, "need %d instance copies in %s, found %zu: build the bench-gui-live target\n", instances,
                     qPrintable(args.instances), libs.size());
        return false;
    }
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    const int pages[] = {MainWindow::ResultsPageIndex, MainWindow::DistributionsPageIndex,
                         MainWindow::TimelinePageIndex};
    int next = 0;
    window.setPage(pages[0]);
    QTimer switcher;
    QObject::connect(&switcher, &QTimer::timeout, [&] { window.setPage(pages[++next % 3]); });
    switcher.start(3000);

    CampaignSession session(&workbench);
    bool finished = false;
    CampaignOutcome outcome;
    QObject::connect(&session, &CampaignSession::finished, [&](const CampaignOutcome &o) {
        outcome = o;
        finished = true;
    });
    StallMeter meter;
    bench::CpuStallWatch stalls;
    bench::ThreadStateSampler guiState(static_cast<pid_t>(::syscall(SYS_gettid)));
    QElapsedTimer clock;
    QString why;
    timedApp()->startWatch();
    meter.start();
    clock.start();
    if (!session.start(planFor(std::move(libs), out, args.floating), &why, /*loadManifests=*/false)) {
        std::fprintf(stderr, "campaign refused: %s\n", qPrintable(why));
        return false;
    }
    if (args.floating)
        std::printf("runner children unpinned (--float)\n");
    else if (session.keptOffCpu() >= 0)
        std::printf("runner children pinned to CPU %d, the workbench's threads kept off it\n", session.keptOffCpu());
    else
        std::printf("runner children pinned, the workbench's threads beside them (no other CPU)\n");
    if (!waitUntil([&] { return finished; }))
        return false;
    const qint64 campaignMs = clock.elapsed();
    meter.stop();
    switcher.stop();
    records = outcome.recordsWritten;
    std::printf("live campaign: %d instances, %d records written (%d failed) in %.1f s\n", instances,
                outcome.recordsWritten, outcome.recordsFailed, static_cast<double>(campaignMs) / 1000.0);
    if (!outcome.ok)
        std::fprintf(stderr, "the campaign could not run: %s\n", qPrintable(outcome.error));
    stalls.stop();
    guiState.stop();
    printGaps("  during the campaign:", meter, campaignMs);
    printStalls(meter, stalls, guiState);
    timedApp()->printWatch("during the campaign");
    return outcome.ok;
}

// Phase 2: opening the finished campaign with the Results page shown.
bool openCampaign(const QString &out, int records)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    window.setPage(MainWindow::ResultsPageIndex);
    StallMeter meter;
    QElapsedTimer clock;
    timedApp()->startWatch();
    meter.start();
    clock.start();
    workbench.openDataset(out);
    const bool ok = QTest::qWaitFor([&] { return !window.busy() && resultRows(window) == records; }, kOpenWaitMs);
    const qint64 ms = clock.elapsed();
    meter.stop();
    std::printf("open the %d-record campaign (Results page shown, every row in it): %lld ms%s\n", records,
                static_cast<long long>(ms),
                ok ? ""
                   : qPrintable(QStringLiteral(" [did not finish: %1 rows; still busy: %2]")
                                    .arg(resultRows(window))
                                    .arg(busyParts(window, workbench))));
    printGaps("  while opening:", meter, ms);
    timedApp()->printWatch("while opening");
    return ok;
}

// One record of 10^6 samples: a log-normal bulk around 1 µs with a 1 % tail ten times slower.
std::shared_ptr<const Dataset> millionSamples(const QString &out)
{
    auto loaded = load_dataset(out.toStdString());
    if (!loaded || loaded->records.empty())
        return nullptr;
    Dataset ds;
    ds.root = loaded->root;
    ds.system_label = "million";
    Record r = loaded->records.front();
    std::mt19937_64 rng(20261203);
    std::lognormal_distribution<double> bulk(std::log(1000.0), 0.08);
    std::uniform_real_distribution<double> unit(0, 1);
    RecordSamples &k = *r.kexbench;
    k.ns.resize(1000000);
    k.ticks.resize(k.ns.size());
    for (size_t i = 0; i < k.ns.size(); ++i) {
        const double ns = bulk(rng) * (unit(rng) < 0.01 ? 10.0 : 1.0);
        k.ns[i] = static_cast<uint64_t>(ns);
        k.ticks[i] = static_cast<uint64_t>(ns * 2.4);
    }
    k.trial_sizes.assign(5, k.ns.size() / 5);
    ds.records.push_back(std::move(r));
    return std::make_shared<const Dataset>(std::move(ds));
}

// Phase 3: drawing it (computed on a worker, drawn on the GUI thread), per plot kind.
bool drawMillion(const QString &out)
{
    const auto data = millionSamples(out);
    if (!data)
        return false;
    const Record &r = data->records.front();
    DistributionsPage page(nullptr);
    page.resize(1200, 800);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page))
        return false;
    page.setSnapshots({{QStringLiteral("million"), data}});
    page.select(0, QString::fromStdString(r.label), QString::fromStdString(r.operation));
    if (!waitUntil([&] { return !page.busy(); }))
        return false;
    int drawn = 0;
    QObject::connect(&page, &DistributionsPage::plotReady, [&] { ++drawn; });
    const std::pair<PlotKind, const char *> kinds[] = {
        {PlotKind::Box, "box plot"}, {PlotKind::Ecdf, "ECDF"}, {PlotKind::Histogram, "histogram"}};
    for (const auto &[kind, name] : kinds) {
        DistributionOptions o;
        o.kind = kind;
        o.unit = ValueUnit::Time;
        StallMeter meter;
        QElapsedTimer clock;
        const int before = drawn;
        meter.start();
        clock.start();
        page.setOptions(o);
        if (!waitUntil([&] { return drawn > before; }))
            return false;
        QCoreApplication::processEvents(); // the plot's own repaint
        const qint64 ms = clock.elapsed();
        meter.stop();
        std::printf("draw 10^6 samples as %-9s: %4lld ms to drawn, longest GUI-thread gap %lld ms\n", name,
                    static_cast<long long>(ms), static_cast<long long>(meter.maxGapMs()));
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Line by line, so a run stopped early (or watched in a log) keeps its figures.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    TimedApplication app(argc, argv);
    Args args;
    if (!parse(argc, argv, args)) {
        std::fprintf(stderr, "usage: %s [--records N] [--keep DIR] [--instances DIR] [--float] | --open DIR\n",
                     argv[0]);
        return 2;
    }
    QTemporaryDir tmp;
    const QString out = args.keep.isEmpty() ? tmp.filePath(QStringLiteral("campaign")) : args.keep;
    std::printf("kexbench workbench at scale (%d cores)\n", QThread::idealThreadCount());
    int records = 0;
    if (!args.open.isEmpty()) {
        auto loaded = load_dataset(args.open.toStdString());
        if (!loaded) {
            std::fprintf(stderr, "%s\n", loaded.error().c_str());
            return 1;
        }
        records = static_cast<int>(loaded->records.size());
        const bool opened = openCampaign(args.open, records);
        return drawMillion(args.open) && opened ? 0 : 1;
    }
    if (!liveCampaign(args, out, records))
        return 1;
    // The drawing figures are worth having also when opening did not finish.
    const bool opened = openCampaign(out, records);
    if (!drawMillion(out) || !opened)
        return 1;
    return 0;
}
