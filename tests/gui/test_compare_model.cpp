// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare page's data: CompareTableModel under QAbstractItemModelTester on
// the x86_1 vs arm_1 reference campaigns (tested on their trial means) and on
// hand-built datasets with per-iteration samples split into trials (trial
// ratio, CIs, Mann-Whitney p over trials and verdict columns), the bar
// series the charts draw, and the page itself in its empty, one-dataset and
// two-dataset states, grabbed to <tmp>/kexbench-gui-shots for a human to look at.
#include "gui_test_util.h"

#include "comparepage.h"
#include "models/comparetablemodel.h"

#include "core/analysis/compare.h"
#include "core/base/format.h"

#include <QDir>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <algorithm>
#include <cmath>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

QString shotDir()
{
    const QString dir = QDir::temp().filePath(QStringLiteral("kexbench-gui-shots"));
    QDir().mkpath(dir);
    return dir;
}

QString referenceSystem(const char *system)
{
    return QDir::cleanPath(referenceDataset() + QStringLiteral("/../") + QLatin1String(system));
}

std::shared_ptr<const Dataset> loadReference(const char *system)
{
    auto ds = load_dataset(QFile::encodeName(referenceSystem(system)).toStdString());
    return ds ? std::make_shared<const Dataset>(std::move(ds.value())) : nullptr;
}

const QString kDash = QString::fromUtf8(fmt::kMissing);

// Hand-built records and samples, as in tests/unit/test_compare.cpp.
Record record(const std::string &label, const std::string &op, double cycles, double seconds)
{
    Record r;
    r.status = "complete";
    r.candidate = "kex-01";
    r.label = label;
    r.instance = label;
    r.operation = op;
    r.kat = "PASS";
    r.timing_scope = op == "exchange" ? "loop" : "per_call_step";
    r.mean_cycles = cycles;
    r.mean_seconds = seconds;
    r.peak_rss_bytes = 2u << 20;
    r.sizes = {{"total_msg_bytes", 64}, {"pk_bytes", 32}};
    return r;
}

RecordSamples pmu(std::vector<uint64_t> ticks, std::vector<uint64_t> ns)
{
    RecordSamples k;
    k.counter = "perf_event cpu-cycles (rdpmc)";
    k.counter_unit = "cycles";
    k.core_cycles = true;
    k.ticks = std::move(ticks);
    k.ns = std::move(ns);
    return k;
}

// Six trials from `first` in steps of `step`, three iterations each around
// the trial's median, so every trial's median is exactly its value.
RecordSamples sixTrials(uint64_t first, uint64_t step)
{
    std::vector<uint64_t> values;
    for (uint64_t t = 0; t < 6; ++t)
        for (uint64_t m = first + t * step, i = 0; i < 3; ++i)
            values.push_back(m - 1 + i);
    RecordSamples k = pmu(values, values);
    k.trial_sizes.assign(6, 3);
    return k;
}

// A: reference; B: exchange clearly faster, init_a the same, K-256 without samples,
// and a pass only A measured.
std::pair<std::shared_ptr<const Dataset>, std::shared_ptr<const Dataset>> sampledPair()
{
    Record ax = record("K-128", "exchange", 1000, 1e-6), bx = record("K-128", "exchange", 800, 0.8e-6);
    ax.kexbench = sixTrials(1000, 20); // 1000 ... 1100: all above B's
    bx.kexbench = sixTrials(800, 20);  // 800 ... 900
    Record ai = record("K-128", "init_a", 50, 5e-8), bi = record("K-128", "init_a", 50, 5e-8);
    ai.kexbench = sixTrials(50, 2);
    bi.kexbench = sixTrials(50, 2);
    Record a2 = record("K-256", "exchange", 4000, 4e-6), b2 = record("K-256", "exchange", 3000, 3e-6);
    Record onlyA = record("K-256", "pass3", 10, 1e-8);
    auto a = std::make_shared<Dataset>();
    a->system_label = "left";
    a->records = {ax, ai, a2, onlyA};
    auto b = std::make_shared<Dataset>();
    b->system_label = "right";
    b->records = {bx, bi, b2};
    return {a, b};
}

const ReportTable *tableWithId(const std::vector<ReportTable> &tables, const std::string &id)
{
    for (const auto &t : tables)
        if (t.id == id)
            return &t;
    return nullptr;
}

QString text(const QAbstractItemModel &m, int row, int column) { return m.index(row, column).data().toString(); }

} // namespace

TEST(CompareTableModel, PassesTheModelTesterOnX86VersusArm1)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    auto x86 = loadReference("x86_1");
    auto arm = loadReference("arm_1");
    ASSERT_TRUE(x86 && arm);
    auto comparison = std::make_shared<const Comparison>(compare_datasets(*x86, *arm));

    ModelTesterLog log;
    CompareTableModel model;
    auto tester = attachTester(&model);
    EXPECT_EQ(model.rowCount(), 0);
    model.setComparison(comparison, "x86_1", "arm_1");
    model.retranslate();
    model.clear();
    model.setComparison(comparison); // labels from the comparison
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join('\n').toStdString();

    const auto &ops = comparison->operations;
    ASSERT_EQ(model.rowCount(), static_cast<int>(ops.size()));
    EXPECT_EQ(model.rowCount(), 21); // 3 instances x 7 operations on both systems
    EXPECT_EQ(model.columnCount(), CompareTableModel::ColumnCount);
    EXPECT_EQ(model.labelA(), "x86_1");
    EXPECT_EQ(model.labelB(), "arm_1");
    EXPECT_EQ(model.headerData(CompareTableModel::CyclesRatio, Qt::Horizontal).toString(), "Mean cycles arm_1 / x86_1");
    EXPECT_EQ(model.headerData(CompareTableModel::MedianRatio, Qt::Horizontal).toString(), "Trial ratio arm_1 / x86_1");
    EXPECT_EQ(model.headerData(CompareTableModel::Trials, Qt::Horizontal).toString(), "Trials x86_1 / arm_1");
    EXPECT_TRUE(model.headerData(CompareTableModel::CiA, Qt::Horizontal).toString().contains("95% CI"));

    // Every cell of the timings table is core's, without the Markdown code marks.
    const auto tables = comparison_tables(*comparison);
    const ReportTable *timings = tableWithId(tables, "compare-timings");
    ASSERT_NE(timings, nullptr);
    const int mapped[] = {CompareTableModel::Instance, CompareTableModel::Operation,   CompareTableModel::CyclesA,
                          CompareTableModel::CyclesB,  CompareTableModel::CyclesRatio, CompareTableModel::TimeA,
                          CompareTableModel::TimeB,    CompareTableModel::TimeRatio,   CompareTableModel::Notes};
    for (int r = 0; r < model.rowCount(); ++r)
        for (size_t c = 0; c < std::size(mapped); ++c)
            EXPECT_EQ(text(model, r, mapped[c]).toStdString(), plain_text(timings->rows[r][c])) << r << "," << c;
    EXPECT_EQ(text(model, 0, CompareTableModel::Instance), "ADKEX-128");
    EXPECT_EQ(text(model, 0, CompareTableModel::CyclesA), "1.52 M");
    EXPECT_EQ(text(model, 0, CompareTableModel::CyclesRatio), QString::fromUtf8("0.87\u00d7"));

    // Harness campaigns have trial totals only: each trial's mean time is its
    // value, 5 a side, and the columns are core's compare-samples cells.
    const ReportTable *samples = tableWithId(tables, "compare-samples");
    ASSERT_NE(samples, nullptr);
    ASSERT_EQ(samples->rows.size(), ops.size());
    const std::pair<int, size_t> sampleColumns[] = {
        {CompareTableModel::MedianA, 4},  {CompareTableModel::CiA, 5},     {CompareTableModel::MedianB, 6},
        {CompareTableModel::CiB, 7},      {CompareTableModel::Trials, 8},  {CompareTableModel::MedianRatio, 9},
        {CompareTableModel::RatioCi, 10}, {CompareTableModel::PValue, 11}, {CompareTableModel::VerdictColumn, 12}};
    for (int r = 0; r < model.rowCount(); ++r) {
        for (const auto &[column, core] : sampleColumns)
            EXPECT_EQ(text(model, r, column).toStdString(), samples->rows[r][core]) << r << "," << column;
        ASSERT_TRUE(ops[r].time_test);
        EXPECT_EQ(model.index(r, 0).data(CompareTableModel::VerdictRole).toInt(),
                  static_cast<int>(ops[r].time_test->verdict));
        EXPECT_EQ(text(model, r, CompareTableModel::Trials), "5 / 5");
        EXPECT_EQ(text(model, r, CompareTableModel::CiA), "n/a: 5 trials reach 93.8 % only");
        EXPECT_DOUBLE_EQ(model.index(r, CompareTableModel::MedianRatio).data(CompareTableModel::SortRole).toDouble(),
                         ops[r].time_test->median_ratio);
        EXPECT_EQ(model.index(r, 0).data(CompareTableModel::CandidateRole).toString(), "kex-01");
    }
    // arm_1's five ADKEX-128 exchanges all beat x86_1's: exact p = 2 / C(10, 5).
    EXPECT_EQ(text(model, 0, CompareTableModel::VerdictColumn), "faster");
    EXPECT_NEAR(model.index(0, CompareTableModel::PValue).data(CompareTableModel::SortRole).toDouble(), 2.0 / 252,
                1e-12);
    const QStringList notes = model.notes();
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const QString &n) {
        return n.startsWith("Significance: the trial (one fresh runner child process) is the unit of replication");
    })) << notes.join('\n').toStdString();
    EXPECT_FALSE(
        std::any_of(notes.begin(), notes.end(), [](const QString &n) { return n.contains("no significance test"); }));
    EXPECT_TRUE(std::any_of(notes.begin(), notes.end(),
                            [](const QString &n) { return n.contains("Both sides count core cycles"); }));
    EXPECT_TRUE(model.oneSided().isEmpty());

    // SortRole holds the numbers: sorting by the cycles ratio orders them.
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(CompareTableModel::SortRole);
    auto proxyTester = attachTester(&proxy);
    proxy.sort(CompareTableModel::CyclesRatio);
    for (int r = 1; r < proxy.rowCount(); ++r)
        EXPECT_LE(proxy.index(r - 1, CompareTableModel::CyclesRatio).data(CompareTableModel::SortRole).toDouble(),
                  proxy.index(r, CompareTableModel::CyclesRatio).data(CompareTableModel::SortRole).toDouble());
    EXPECT_DOUBLE_EQ(model.index(0, CompareTableModel::CyclesA).data(CompareTableModel::SortRole).toDouble(),
                     *ops[0].cycles_a);
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join('\n').toStdString();
}

TEST(CompareTableModel, SampledRowsShowIntervalsPValueAndVerdict)
{
    auto [a, b] = sampledPair();
    auto comparison = std::make_shared<const Comparison>(compare_datasets(*a, *b));
    ModelTesterLog log;
    CompareTableModel model;
    auto tester = attachTester(&model);
    model.setComparison(comparison, "left", "right");
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join('\n').toStdString();

    const auto tables = comparison_tables(*comparison);
    const ReportTable *samples = tableWithId(tables, "compare-samples");
    ASSERT_NE(samples, nullptr);
    ASSERT_EQ(samples->rows.size(), 2u);
    const int mapped[] = {CompareTableModel::MedianA, CompareTableModel::CiA,    CompareTableModel::MedianB,
                          CompareTableModel::CiB,     CompareTableModel::Trials, CompareTableModel::MedianRatio,
                          CompareTableModel::RatioCi, CompareTableModel::PValue, CompareTableModel::VerdictColumn};
    for (int r = 0; r < 2; ++r)
        for (size_t c = 0; c < std::size(mapped); ++c)
            EXPECT_EQ(text(model, r, mapped[c]).toStdString(), samples->rows[r][c + 4]) << r << "," << c;

    // 6 vs 6 separated trials: exact p = 2 / C(12, 6), B's trial median 850 against 1050.
    EXPECT_EQ(text(model, 0, CompareTableModel::VerdictColumn), "faster");
    EXPECT_EQ(model.index(0, 0).data(CompareTableModel::VerdictRole).toInt(), static_cast<int>(Verdict::faster));
    EXPECT_TRUE(model.index(0, CompareTableModel::VerdictColumn).data(Qt::ForegroundRole).isValid());
    EXPECT_EQ(text(model, 0, CompareTableModel::Trials), "6 / 6");
    EXPECT_EQ(text(model, 0, CompareTableModel::MedianRatio), QString::fromUtf8("0.81\u00d7")); // 850 / 1050
    EXPECT_TRUE(text(model, 0, CompareTableModel::CiA).contains(QString::fromUtf8(" \u2013 ")));
    EXPECT_TRUE(text(model, 0, CompareTableModel::RatioCi).contains(QString::fromUtf8("\u00d7 \u2013 ")));
    EXPECT_NEAR(model.index(0, CompareTableModel::PValue).data(CompareTableModel::SortRole).toDouble(), 2.0 / 924,
                1e-12);
    EXPECT_DOUBLE_EQ(model.index(0, CompareTableModel::MedianRatio).data(CompareTableModel::SortRole).toDouble(),
                     850.0 / 1050.0);
    // The mean ratio stays, as the published method's column.
    EXPECT_EQ(text(model, 0, CompareTableModel::TimeRatio), QString::fromUtf8("0.80\u00d7"));
    EXPECT_TRUE(model.index(0, CompareTableModel::VerdictColumn).data(Qt::ToolTipRole).toString().contains("Mann"));
    EXPECT_EQ(text(model, 1, CompareTableModel::VerdictColumn), "inconclusive");
    EXPECT_FALSE(model.index(1, CompareTableModel::VerdictColumn).data(Qt::ForegroundRole).isValid());
    EXPECT_EQ(text(model, 2, CompareTableModel::VerdictColumn), kDash); // K-256: no samples
    EXPECT_TRUE(std::isnan(model.index(2, CompareTableModel::MedianA).data(CompareTableModel::SortRole).toDouble()));
    EXPECT_EQ(model.oneSided(), QStringList{"K-256 pass3 (only in left)"});
    const QStringList notes = model.notes();
    EXPECT_EQ(
        std::count_if(notes.begin(), notes.end(), [](const QString &n) { return n.contains("distribution-free"); }), 1)
        << "the time and counter sample tables share their note; it is shown once";
}

TEST(CompareBars, CyclesWhenComparableElseTimeAndQuantities)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    auto x86 = loadReference("x86_1");
    auto arm = loadReference("arm_1");
    ASSERT_TRUE(x86 && arm);
    const Comparison c = compare_datasets(*x86, *arm);
    const CompareBars timing = timing_bars(c);
    EXPECT_FALSE(timing.time); // both count core cycles
    EXPECT_EQ(timing.unit, "cycles");
    ASSERT_EQ(timing.categories.size(), 21);
    EXPECT_EQ(timing.categories.front(), "ADKEX-128 exchange");
    EXPECT_EQ(timing.groups.front(), "ADKEX-128");
    EXPECT_EQ(timing.items.front(), "exchange");
    EXPECT_EQ(timing.groups.back(), "ADKEX-512");
    EXPECT_EQ(timing.items.back(), "derive_b");
    EXPECT_EQ(QSet<QString>(timing.categories.begin(), timing.categories.end()).size(), 21)
        << "category labels must be unique";
    EXPECT_DOUBLE_EQ(timing.a.front(), *c.operations.front().cycles_a);
    EXPECT_DOUBLE_EQ(timing.b.front(), *c.operations.front().cycles_b);

    const CompareBars bandwidth = quantity_bars(c.bandwidth, {"total_msg_bytes", "pk_bytes"});
    EXPECT_EQ(bandwidth.categories,
              (QStringList{"ADKEX-128 total_msg_bytes", "ADKEX-128 pk_bytes", "ADKEX-256 total_msg_bytes",
                           "ADKEX-256 pk_bytes", "ADKEX-512 total_msg_bytes", "ADKEX-512 pk_bytes"}));
    EXPECT_EQ(bandwidth.groups.front(), "total_msg_bytes");
    EXPECT_EQ(bandwidth.items.front(), "ADKEX-128");
    EXPECT_EQ(bandwidth.a.front(), 2400);
    EXPECT_EQ(bandwidth.unit, "bytes");
    const CompareBars memory = quantity_bars(c.memory, {"elf_load_bytes", "peak_rss_bytes"}, true);
    ASSERT_EQ(memory.categories.size(), 6);
    EXPECT_EQ(memory.unit, "KiB");
    EXPECT_DOUBLE_EQ(memory.a.front(), 34525.0 / 1024);

    // A TSC on one side and a PMU on the other: the bars fall back to time.
    auto [a, b] = sampledPair();
    Dataset tsc = *a;
    for (auto &r : tsc.records) {
        r.kexbench = RecordSamples{};
        r.kexbench->counter = "tsc";
        r.kexbench->counter_unit = "TSC ticks";
    }
    const CompareBars time = timing_bars(compare_datasets(tsc, *b));
    EXPECT_TRUE(time.time);
    EXPECT_EQ(time.unit, QString::fromUtf8("\u00b5s")); // largest: 4 µs
    EXPECT_NEAR(time.a[2], 4.0, 1e-9);
}

TEST(ComparePage, EmptyOneAndTwoDatasetStates)
{
    Workbench workbench;
    ComparePage page(&workbench);
    page.resize(1280, 860);
    page.show();
    QTest::qWait(20);
    EXPECT_EQ(page.comparison(), nullptr);
    ASSERT_TRUE(page.grab().save(QDir(shotDir()).filePath("comparepage-empty.png")));

    auto [a, b] = sampledPair();
    workbench.addDataset(a, QString());
    EXPECT_EQ(page.comparison(), nullptr);
    ASSERT_TRUE(page.grab().save(QDir(shotDir()).filePath("comparepage-one.png")));

    QSignalSpy ready(&page, &ComparePage::comparisonReady);
    workbench.addDataset(b, QString());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.comparison(); }, 60000));
    EXPECT_EQ(page.tableModel()->rowCount(), 3);
    EXPECT_EQ(page.tableModel()->labelA(), "left");
    EXPECT_EQ(page.tableModel()->labelB(), "right");
    QTest::qWait(50);
    ASSERT_TRUE(page.grab().save(QDir(shotDir()).filePath("comparepage-samples.png")));

    // Swapping the sides turns "faster" into "slower"; A == B is refused.
    page.setDatasets(1, 0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.comparison(); }, 60000));
    EXPECT_EQ(page.tableModel()->index(0, CompareTableModel::VerdictColumn).data().toString(), "slower");
    page.setDatasets(0, 0);
    EXPECT_EQ(page.comparison(), nullptr);
    EXPECT_EQ(page.tableModel()->rowCount(), 0);
    EXPECT_GE(ready.count(), 3);

    workbench.removeDataset(1);
    workbench.removeDataset(0);
    EXPECT_EQ(page.comparison(), nullptr);
}

TEST(ComparePage, ChartsAndTableOfX86VersusArm1)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    auto x86 = loadReference("x86_1");
    auto arm = loadReference("arm_1");
    ASSERT_TRUE(x86 && arm);
    Workbench workbench;
    ComparePage page(&workbench);
    page.resize(1280, 900);
    page.show();
    workbench.addDataset(x86, referenceSystem("x86_1"));
    workbench.addDataset(arm, referenceSystem("arm_1"));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.comparison(); }, 60000));
    EXPECT_EQ(page.tableModel()->rowCount(), 21);
    EXPECT_EQ(page.tableModel()->labelA(), "x86_1");
    // Harness campaigns have no memory pass: the memory columns are hidden.
    for (QTableView *view : page.findChildren<QTableView *>()) {
        auto *proxy = qobject_cast<QSortFilterProxyModel *>(view->model());
        if (proxy && proxy->sourceModel() == page.tableModel()) {
            EXPECT_TRUE(view->isColumnHidden(CompareTableModel::HeapPeakA));
            EXPECT_TRUE(view->isColumnHidden(CompareTableModel::StackRatio));
            EXPECT_FALSE(view->isColumnHidden(CompareTableModel::Notes));
        }
    }
    QTest::qWait(50);
    ASSERT_TRUE(page.grab().save(QDir(shotDir()).filePath("comparepage-timings-log.png")));
    page.setLogScale(false);
    QTest::qWait(50);
    ASSERT_TRUE(page.grab().save(QDir(shotDir()).filePath("comparepage-timings-linear.png")));
    page.setLogScale(true);
    page.setChartTab(ComparePage::SizesTab);
    QTest::qWait(50);
    ASSERT_TRUE(page.grab().save(QDir(shotDir()).filePath("comparepage-sizes.png")));

    page.setCandidate("kex-01");
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.comparison(); }, 60000));
    EXPECT_EQ(page.comparison()->options.candidate, "kex-01");
    EXPECT_EQ(page.tableModel()->rowCount(), 21);
}

// kexbench's memory per operation: core's compare-operation-memory cells in the
// memory columns, numbers for sorting, the reason of an n/a cell as its tooltip;
// harness campaigns have none and the page hides those columns.
TEST(CompareTableModel, MemoryPerOperationColumnsAreCoresCells)
{
    auto [a, b] = sampledPair();
    auto withMemory = [](std::shared_ptr<const Dataset> ds, uint64_t heap, double allocations, uint64_t stack) {
        auto copy = std::make_shared<Dataset>(*ds);
        for (auto &r : copy->records) {
            if (!r.kexbench)
                continue;
            r.kexbench->heap_peak_bytes = heap;
            r.kexbench->heap_allocations = allocations;
            r.kexbench->stack_bytes = stack;
        }
        return std::shared_ptr<const Dataset>(copy);
    };
    // A: 10000 bytes in 1 call, 712 bytes of stack; B: 8000 bytes in 2 calls, 720. K-256 has no kexbench samples.
    auto comparison = std::make_shared<const Comparison>(
        compare_datasets(*withMemory(a, 10000, 1, 712), *withMemory(b, 8000, 2, 720)));
    CompareTableModel model;
    ModelTesterLog log;
    auto tester = attachTester(&model);
    model.setComparison(comparison);
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join('\n').toStdString();
    ASSERT_TRUE(model.hasOperationMemory());
    ASSERT_EQ(model.rowCount(), 3); // K-128 exchange, K-128 init_a, K-256 exchange
    EXPECT_EQ(model.headerData(CompareTableModel::HeapPeakA, Qt::Horizontal).toString(), "Heap peak left");
    EXPECT_EQ(model.headerData(CompareTableModel::AllocationsRatio, Qt::Horizontal).toString(),
              "Allocations/op right / left");
    EXPECT_EQ(model.headerData(CompareTableModel::StackB, Qt::Horizontal).toString(), "Stack peak right");
    const QStringList first = {"10000", "8000", QString::fromUtf8("0.80\u00d7"),
                               "1",     "2",    QString::fromUtf8("2.00\u00d7"),
                               "712",   "720",  QString::fromUtf8("1.01\u00d7")};
    for (int i = 0; i < first.size(); ++i)
        EXPECT_EQ(text(model, 0, CompareTableModel::HeapPeakA + i), first[i]) << i;
    EXPECT_DOUBLE_EQ(model.index(0, CompareTableModel::HeapPeakRatio).data(CompareTableModel::SortRole).toDouble(),
                     0.8);
    EXPECT_DOUBLE_EQ(model.index(0, CompareTableModel::AllocationsB).data(CompareTableModel::SortRole).toDouble(), 2.0);
    EXPECT_EQ(model.index(0, CompareTableModel::HeapPeakA).data(Qt::ToolTipRole), QVariant());
    // K-256: harness records on both sides, so every memory cell is n/a and says why.
    const int harnessRow = 2;
    for (int column = CompareTableModel::HeapPeakA; column <= CompareTableModel::StackRatio; ++column)
        EXPECT_EQ(text(model, harnessRow, column), "n/a") << column;
    EXPECT_EQ(model.index(harnessRow, CompareTableModel::StackA).data(Qt::ToolTipRole).toString(),
              "left: not measured by kexbench (the record has no kexbench samples)");
    EXPECT_TRUE(
        std::isnan(model.index(harnessRow, CompareTableModel::HeapPeakA).data(CompareTableModel::SortRole).toDouble()));
    const QStringList notes = model.notes();
    EXPECT_TRUE(notes.contains("right: heap peak, allocations/op and stack peak n/a for K-256 exchange: not measured "
                               "by kexbench (the record has no kexbench samples)."))
        << notes.join('\n').toStdString();

    // Harness campaigns on both sides: no memory pass, no memory table, columns n/a (the page hides them).
    if (!haveReference())
        return;
    auto x86 = loadReference("x86_1");
    auto arm = loadReference("arm_1");
    ASSERT_TRUE(x86 && arm);
    model.setComparison(std::make_shared<const Comparison>(compare_datasets(*x86, *arm)));
    EXPECT_FALSE(model.hasOperationMemory());
    EXPECT_EQ(text(model, 0, CompareTableModel::HeapPeakA), "n/a");
}

// A live campaign replaces its snapshot after every record: a hidden Compare
// page compares (and lays out its charts) nothing until it is shown, then once.
TEST(ComparePage, AHiddenPageComparesOnlyWhenShown)
{
    Workbench workbench;
    ComparePage page(&workbench);
    page.resize(1280, 860);
    QSignalSpy ready(&page, &ComparePage::comparisonReady);
    auto [a, b] = sampledPair();
    workbench.addDataset(a, QString());
    workbench.addDataset(b, QString());
    workbench.renameDataset(1, QStringLiteral("renamed"));
    QCoreApplication::processEvents();
    EXPECT_FALSE(page.busy());
    EXPECT_EQ(page.comparison(), nullptr);
    EXPECT_EQ(ready.count(), 0);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy() && page.comparison(); }, 60000));
    EXPECT_EQ(ready.count(), 1);
    EXPECT_EQ(page.tableModel()->labelB(), "renamed");
}
