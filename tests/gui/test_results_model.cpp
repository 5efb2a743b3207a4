// SPDX-License-Identifier: GPL-3.0-or-later
// The results table on real data: the arm_1 reference campaign of the
// published harness (trial totals only) and a small kexbench campaign made
// here with real runner children (per-iteration samples), under
// QAbstractItemModelTester; numeric sorting, filtering, failed records and
// "Copy as CSV" through the Results page. Records built in memory pin the
// trial-level figures (median of trial medians, its CI over trials) and the
// consistency checks to known values.
#include "fixture_campaign.h"
#include "gui_test_util.h"

#include "models/resultstablemodel.h"
#include "resultspage.h"

#include "core/campaign/campaign.h"
#include "core/data/dataset.h"
#include "core/base/format.h"
#include "core/analysis/report.h"
#include "core/analysis/trial_stats.h"

#include <QApplication>
#include <QClipboard>
#include <QColor>
#include <QDir>
#include <QImage>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QHeaderView>
#include <QMenu>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>

#include "core/campaign/kat_manifest.h"

#include <charconv>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

std::shared_ptr<const Dataset> loadReference()
{
    auto d = load_dataset(referenceDataset().toStdString());
    return d ? std::make_shared<const Dataset>(std::move(d.value())) : nullptr;
}

// The brief's campaign (ECDHE-P256 and X25519-NIKE, 0.01 s trials), made
// once per test run in a private folder; KATs are skipped to keep it short
// (they have tests of their own), stack depth is kept for the Stack column.
std::shared_ptr<const Dataset> sampledCampaign()
{
    static QTemporaryDir dir;
    static std::shared_ptr<const Dataset> dataset;
    static bool tried = false;
    if (tried)
        return dataset;
    tried = true;
    CampaignOptions o = shortCampaignOptions({"ECDHE-P256", "X25519-NIKE"}, "results_test",
                                             dir.filePath(QStringLiteral("campaign")).toStdString());
    o.kat = false;
    dataset = runAndLoad(o);
    return dataset;
}

int findRow(const QAbstractItemModel &m, const QString &dataset, const QString &instance, const QString &op)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, ResultsTableModel::DatasetColumn).data().toString() == dataset &&
            m.index(r, ResultsTableModel::Instance).data().toString() == instance &&
            m.index(r, ResultsTableModel::Operation).data().toString() == op)
            return r;
    return -1;
}

QString cell(const QAbstractItemModel &m, int row, int column, int role = Qt::DisplayRole)
{
    return m.index(row, column).data(role).toString();
}

QStringList csvLines(const QString &csv)
{
    QStringList lines = csv.split(QStringLiteral("\r\n"));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast(); // every record ends in CRLF
    return lines;
}

// A complete kexbench record whose trials timed the given calls (ns, one
// vector per trial), counted by a 1 GHz counter (ticks = ns), with the
// published statistics computed from its trial totals as the runner does.
Record sampledRecord(const std::string &label, const std::string &op, const std::vector<std::vector<uint64_t>> &trials)
{
    Record r;
    r.status = "complete";
    r.candidate = "memory";
    r.label = label;
    r.instance = label;
    r.operation = op;
    RecordSamples k;
    k.counter = "tsc";
    k.counter_unit = "TSC ticks";
    k.ticks_per_second = 1e9;
    k.overhead_ticks = 10;
    for (const auto &calls : trials) {
        TrialTotals t;
        t.measurements = calls.size();
        for (uint64_t ns : calls) {
            k.ns.push_back(ns);
            k.ticks.push_back(ns);
            t.seconds += static_cast<double>(ns) * 1e-9;
            t.cycles = t.cycles.value_or(0) + static_cast<double>(ns);
        }
        k.trial_sizes.push_back(calls.size());
        r.trials.push_back(t);
    }
    r.plan.trials = static_cast<int>(trials.size());
    r.plan.iterations_per_trial = trials.empty() ? 0 : trials.front().size();
    r.kexbench = std::move(k);
    compute_trial_statistics(r);
    return r;
}

// Trials of three calls each whose medians are the given values; the slow
// third call keeps the per-trial means (the published figures) away from them.
std::vector<std::vector<uint64_t>> trialsWithMedians(const std::vector<uint64_t> &medians)
{
    std::vector<std::vector<uint64_t>> trials;
    for (uint64_t m : medians)
        trials.push_back({m - 4, m, m + 300});
    return trials;
}

std::vector<std::vector<uint64_t>> constantTrials(uint64_t ns, int trials = 6)
{
    return std::vector<std::vector<uint64_t>>(static_cast<size_t>(trials), std::vector<uint64_t>(4, ns));
}

std::shared_ptr<const Dataset> memoryDataset(std::vector<Record> records)
{
    Dataset d;
    d.root = "memory";
    d.system_label = "memory";
    d.records = std::move(records);
    return std::make_shared<const Dataset>(std::move(d));
}

} // namespace

TEST(ResultsTableModel, ReferenceCampaignRowsMatchThePublishedTable)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    const auto arm = loadReference();
    ASSERT_TRUE(arm);
    ModelTesterLog log;
    ResultsTableModel model;
    auto tester = attachTester(&model);
    model.setSnapshots({{QStringLiteral("arm_1"), arm}});
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();

    ASSERT_EQ(model.rowCount(), static_cast<int>(arm->records.size()));
    EXPECT_EQ(model.columnCount(), ResultsTableModel::ColumnCount);
    // Natural label order, then the published operation order.
    EXPECT_EQ(cell(model, 0, ResultsTableModel::Instance), QStringLiteral("ADKEX-128"));
    EXPECT_EQ(cell(model, 0, ResultsTableModel::Operation), QStringLiteral("exchange"));
    EXPECT_EQ(cell(model, 1, ResultsTableModel::Operation), QStringLiteral("init_a"));
    EXPECT_EQ(cell(model, model.rowCount() - 1, ResultsTableModel::Instance), QStringLiteral("ADKEX-512"));
    EXPECT_EQ(cell(model, model.rowCount() - 1, ResultsTableModel::Operation), QStringLiteral("derive_b"));

    // Every figure the published performance table shows is displayed identically.
    ReportOptions options;
    const Report report = build_report(*arm, options);
    const ReportTable *perf = report.table("performance");
    ASSERT_NE(perf, nullptr);
    int compared = 0;
    for (const auto &row : perf->rows) {
        const int r = findRow(model, QStringLiteral("arm_1"),
                              QString::fromStdString(plain_text(row[0])).section(QLatin1Char(' '), 0, 0),
                              QString::fromStdString(row[1]));
        ASSERT_GE(r, 0) << row[0] << " " << row[1];
        EXPECT_EQ(cell(model, r, ResultsTableModel::MeanCycles).toStdString(), row[2]);
        EXPECT_EQ(cell(model, r, ResultsTableModel::MeanTime).toStdString(), row[3]);
        // Rates: the same figure, in the column's one format (3 significant digits, SI prefix).
        EXPECT_DOUBLE_EQ(model.index(r, ResultsTableModel::OpsPerSecond).data(ResultsTableModel::SortRole).toDouble(),
                         *model.record(r)->operations_per_second);
        EXPECT_FALSE(cell(model, r, ResultsTableModel::OpsPerSecond).contains(QLatin1Char('e')));
        EXPECT_EQ(cell(model, r, ResultsTableModel::MedianTrial).toStdString(), row[5]); // the median trial
        EXPECT_EQ(cell(model, r, ResultsTableModel::Measurements).toStdString(), row[6]);
        ++compared;
    }
    EXPECT_EQ(compared, model.rowCount());

    const int ex = findRow(model, QStringLiteral("arm_1"), QStringLiteral("ADKEX-128"), QStringLiteral("exchange"));
    const Record *rec = model.record(ex);
    ASSERT_NE(rec, nullptr);
    // No samples: kexbench's figure is the median of the trial means (the
    // median trial's value), its CI over the harness's 5 trials is n/a; the
    // counter's trial figure is in the cycles column (HarnessCycles... below).
    const auto byTime = trial_estimate(*rec, TrialQuantity::time_ns);
    ASSERT_TRUE(byTime.has_value());
    EXPECT_EQ(byTime->statistic, TrialStatistic::median_of_trial_means);
    EXPECT_EQ(cell(model, ex, ResultsTableModel::TrialTime).toStdString(), fmt::fmt_time(rec->median_trial_seconds));
    EXPECT_TRUE(cell(model, ex, ResultsTableModel::TrialTime, Qt::ToolTipRole)
                    .contains(QStringLiteral("median of trial means")));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::TrialTicks), QString::fromUtf8(fmt::kMissing));
    EXPECT_FALSE(model.index(ex, ResultsTableModel::TrialTicks).data(ResultsTableModel::SortRole).isValid());
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Trials), QString::number(rec->trials.size()));
    if (rec->trials.size() < 6) {
        EXPECT_EQ(cell(model, ex, ResultsTableModel::TrialCi), QStringLiteral("n/a"));
        EXPECT_FALSE(model.index(ex, ResultsTableModel::TrialCi).data(ResultsTableModel::SortRole).isValid());
        EXPECT_TRUE(cell(model, ex, ResultsTableModel::TrialCi, Qt::ToolTipRole)
                        .contains(QString::fromStdString(ci_unavailable_reason(*byTime))));
    }
    // Sizes: build.json's ELF image, total_msg_bytes 2400 + pk_bytes 800.
    EXPECT_EQ(cell(model, ex, ResultsTableModel::ElfImage),
              QString::number(*arm->build_for(rec->candidate, rec->label)->elf_load_bytes));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Bandwidth), QStringLiteral("3200"));
    EXPECT_DOUBLE_EQ(model.index(ex, ResultsTableModel::Bandwidth).data(ResultsTableModel::SortRole).toDouble(),
                     3200.0);
    EXPECT_EQ(cell(model, ex, ResultsTableModel::BaselineRss),
              QStringLiteral("%1 KiB").arg(*rec->baseline_rss_bytes / 1024));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Counter), QStringLiteral("cycles (harness)"));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Status), QStringLiteral("complete"));
    EXPECT_FALSE(model.index(ex, 0).data(Qt::ForegroundRole).isValid());
    // Header tooltips explain the metric and, for cycles, name the counter units.
    EXPECT_TRUE(model.headerData(ResultsTableModel::MeanCycles, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("cycles (arm_1)")));
    EXPECT_FALSE(model.headerData(ResultsTableModel::PeakRss, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
}

TEST(ResultsTableModel, SampledCampaignUnderTheModelTester)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    ASSERT_FALSE(camp->records.empty());
    ModelTesterLog log;
    ResultsTableModel model;
    auto tester = attachTester(&model);
    std::shared_ptr<const Dataset> arm = haveReference() ? loadReference() : nullptr;
    ResultsTableModel::Snapshots both{{QStringLiteral("campaign"), camp}};
    if (arm)
        both.emplace_back(QStringLiteral("arm_1"), arm);
    model.setSnapshots(both);
    model.setSnapshots({{QStringLiteral("campaign"), camp}}); // a second reset, watched too
    model.setSnapshots(both);
    model.retranslate();
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(model.rowCount(), static_cast<int>(camp->records.size() + (arm ? arm->records.size() : 0)));

    // The X25519-NIKE row of the campaign: figures from the samples.
    const int ex =
        findRow(model, QStringLiteral("campaign"), QStringLiteral("X25519-NIKE"), QStringLiteral("exchange"));
    ASSERT_GE(ex, 0);
    const Record *rec = model.record(ex);
    ASSERT_TRUE(rec && rec->kexbench);
    const RecordSamples &k = *rec->kexbench;
    // kexbench's figures are the median of the trial medians, never a median over all iterations.
    const auto byTicks = trial_estimate(*rec, TrialQuantity::ticks);
    const auto byTime = trial_estimate(*rec, TrialQuantity::time_ns);
    ASSERT_TRUE(byTicks && byTime);
    EXPECT_EQ(byTicks->statistic, TrialStatistic::median_of_trial_medians);
    // Counts in the column of their unit: core cycles, or the counter's ticks.
    const int countColumn = k.core_cycles ? ResultsTableModel::TrialCycles : ResultsTableModel::TrialTicks;
    const int otherColumn = k.core_cycles ? ResultsTableModel::TrialTicks : ResultsTableModel::TrialCycles;
    EXPECT_EQ(cell(model, ex, countColumn).toStdString(), fmt::fmt_int(byTicks->center));
    EXPECT_DOUBLE_EQ(model.index(ex, countColumn).data(ResultsTableModel::SortRole).toDouble(), byTicks->center);
    EXPECT_EQ(cell(model, ex, otherColumn), QString::fromUtf8(fmt::kMissing));
    EXPECT_FALSE(model.index(ex, otherColumn).data(ResultsTableModel::SortRole).isValid());
    EXPECT_EQ(cell(model, ex, ResultsTableModel::TrialTime).toStdString(), fmt::fmt_time(byTime->center * 1e-9));
    EXPECT_DOUBLE_EQ(model.index(ex, ResultsTableModel::TrialTime).data(ResultsTableModel::SortRole).toDouble(),
                     byTime->center * 1e-9);
    // The fixed plan runs 5 trials: too few for a 95 % interval over trials.
    EXPECT_EQ(cell(model, ex, ResultsTableModel::TrialCi), QStringLiteral("n/a"));
    EXPECT_TRUE(cell(model, ex, ResultsTableModel::TrialCi, Qt::ToolTipRole)
                    .contains(QString::fromStdString(ci_unavailable_reason(*byTime))));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::MedianTrial).toStdString(), fmt::fmt_time(rec->median_trial_seconds));
    EXPECT_TRUE(cell(model, ex, countColumn, Qt::ToolTipRole)
                    .contains(QStringLiteral("From %1 per-iteration sample").arg(k.ticks.size())));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Counter),
              QStringLiteral("%1 (%2)").arg(QString::fromStdString(k.counter),
                                            k.core_cycles ? QStringLiteral("cycles")
                                                          : QString::fromStdString(k.counter_unit)));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Measurements), QStringLiteral("%1 (%2 \u00d7 %3)")
                                                                    .arg(rec->measurements)
                                                                    .arg(rec->plan.trials)
                                                                    .arg(rec->plan.iterations_per_trial));
    // Ticks are never passed off as cycles: each unit has its own column and header.
    EXPECT_EQ(model.headerData(ResultsTableModel::MeanCycles, Qt::Horizontal).toString(),
              QStringLiteral("Mean cycles"));
    model.setSnapshots({{QStringLiteral("campaign"), camp}});
    EXPECT_EQ(model.headerData(ResultsTableModel::MeanCycles, Qt::Horizontal).toString(),
              QStringLiteral("Mean cycles"));
    if (!k.core_cycles)
        EXPECT_EQ(model.headerData(ResultsTableModel::MeanTicks, Qt::Horizontal).toString(),
                  QStringLiteral("Mean ") + QString::fromStdString(k.counter_unit));
#if defined(__SANITIZE_ADDRESS__)
    // The stack probe does not run under AddressSanitizer: the cell shows the dash.
    EXPECT_FALSE(k.stack_bytes.has_value());
#else
    ASSERT_TRUE(k.stack_bytes.has_value());
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Stack), QString::number(*k.stack_bytes));
#endif
    EXPECT_EQ(cell(model, ex, ResultsTableModel::ElfImage),
              QString::number(*camp->build_for(rec->candidate, rec->label)->elf_load_bytes));
}

TEST(ResultsTableModel, SortsNumericallyBySortRole)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    std::shared_ptr<const Dataset> arm = haveReference() ? loadReference() : nullptr;
    ResultsTableModel model;
    ResultsTableModel::Snapshots snapshots{{QStringLiteral("campaign"), camp}};
    if (arm)
        snapshots.emplace_back(QStringLiteral("arm_1"), arm);
    model.setSnapshots(snapshots);
    ResultsFilterModel proxy;
    ModelTesterLog log;
    auto tester = attachTester(&proxy);
    proxy.setSourceModel(&model);

    for (int column :
         {int(ResultsTableModel::MeanCycles), int(ResultsTableModel::MeanTicks), int(ResultsTableModel::MeanTime),
          int(ResultsTableModel::OpsPerSecond), int(ResultsTableModel::PeakRss)}) {
        proxy.sort(column, Qt::AscendingOrder);
        double previous = -1;
        QStringList texts;
        bool missingSeen = false; // the counts of the other unit column: missing, sorted last
        for (int r = 0; r < proxy.rowCount(); ++r) {
            const QVariant v = proxy.index(r, column).data(ResultsTableModel::SortRole);
            if (column == ResultsTableModel::MeanCycles || column == ResultsTableModel::MeanTicks) {
                if (!v.isValid()) {
                    missingSeen = true;
                    continue;
                }
                EXPECT_FALSE(missingSeen) << "column " << column << " row " << r << ": a figure after a missing one";
            }
            ASSERT_TRUE(v.isValid()) << "column " << column << " row " << r;
            EXPECT_LE(previous, v.toDouble()) << "column " << column << " row " << r;
            previous = v.toDouble();
            texts << proxy.index(r, column).data().toString();
        }
        // The texts ("19.3 ns" < "101 µs" numerically) are not in string order:
        // the sort really used the numbers.
        QStringList lexical = texts;
        lexical.sort();
        if (column == ResultsTableModel::MeanTime) {
            EXPECT_NE(texts, lexical);
        }
    }
    // Missing figures (harness records have no stack) sort last, ascending.
#if defined(__SANITIZE_ADDRESS__)
    const bool stacks_measured = false; // no stack probe under AddressSanitizer
#else
    const bool stacks_measured = true;
#endif
    if (arm && stacks_measured) {
        proxy.sort(ResultsTableModel::Stack, Qt::AscendingOrder);
        EXPECT_TRUE(proxy.index(0, ResultsTableModel::Stack).data(ResultsTableModel::SortRole).isValid());
        EXPECT_FALSE(
            proxy.index(proxy.rowCount() - 1, ResultsTableModel::Stack).data(ResultsTableModel::SortRole).isValid());
        // Instances sort in natural order, not bytewise, across datasets.
        proxy.sort(ResultsTableModel::Instance, Qt::AscendingOrder);
        EXPECT_EQ(proxy.index(0, ResultsTableModel::Instance).data().toString(), QStringLiteral("ADKEX-128"));
    }
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(ResultsTableModel, FailedRecordsAreRedWithTheirReasonAndFilterable)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    // A campaign in which one record failed, as a crashed child leaves it.
    Dataset copy = *camp;
    Record &bad = copy.records.front();
    bad.status = "failed_or_partial";
    ASSERT_TRUE(bad.kexbench.has_value());
    bad.kexbench->reason = "trial 3: child killed by SIGSEGV, core dumped";
    const std::string badLabel = bad.label, badOp = bad.operation;
    auto failed = std::make_shared<const Dataset>(std::move(copy));

    ResultsTableModel model;
    ModelTesterLog log;
    auto tester = attachTester(&model);
    model.setSnapshots({{QStringLiteral("broken"), failed}});
    const int r =
        findRow(model, QStringLiteral("broken"), QString::fromStdString(badLabel), QString::fromStdString(badOp));
    ASSERT_GE(r, 0);
    EXPECT_EQ(cell(model, r, ResultsTableModel::Status), QStringLiteral("failed"));
    EXPECT_EQ(cell(model, r, ResultsTableModel::Reason),
              QStringLiteral("trial 3: child killed by SIGSEGV, core dumped"));
    EXPECT_TRUE(cell(model, r, ResultsTableModel::Status, Qt::ToolTipRole).contains(QStringLiteral("SIGSEGV")));
    EXPECT_TRUE(cell(model, r, ResultsTableModel::MeanCycles, Qt::ToolTipRole).contains(QStringLiteral("SIGSEGV")));
    const QVariant fg = model.index(r, ResultsTableModel::Instance).data(Qt::ForegroundRole);
    ASSERT_TRUE(fg.canConvert<QColor>());
    const QColor c = fg.value<QColor>();
    EXPECT_GT(c.red(), 2 * c.green());
    EXPECT_TRUE(model.index(r, 0).data(ResultsTableModel::FailedRole).toBool());

    ResultsFilterModel proxy;
    proxy.setSourceModel(&model);
    proxy.setFailedOnly(true);
    ASSERT_EQ(proxy.rowCount(), 1);
    EXPECT_EQ(proxy.index(0, ResultsTableModel::Reason).data().toString(), cell(model, r, ResultsTableModel::Reason));
    proxy.setFailedOnly(false);
    EXPECT_EQ(proxy.rowCount(), model.rowCount());
    // Status sorts failed after complete.
    proxy.sort(ResultsTableModel::Status, Qt::DescendingOrder);
    EXPECT_EQ(proxy.index(0, ResultsTableModel::Status).data().toString(), QStringLiteral("failed"));
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(ResultsTableModel, FailureTextFromAFileIsShownWithControlCharactersEscaped)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    Dataset copy = *camp;
    Record &kexbenchRecord = copy.records.at(0);
    kexbenchRecord.status = "failed_or_partial";
    ASSERT_TRUE(kexbenchRecord.kexbench.has_value());
    kexbenchRecord.kexbench->reason = "runner exit code 3: \x1b[2Jowned\x07";
    // A harness record has no reason, only its process's stderr.
    Record &harnessRecord = copy.records.at(1);
    harnessRecord.status = "failed_or_partial";
    harnessRecord.kexbench.reset();
    RecordProcess p;
    p.status = "failed";
    p.exit_code = 3;
    p.stderr_tail = "first line\n\x1b]0;title\x07\x1b[31mboom\x1b[0m\n";
    harnessRecord.processes = {p};
    const std::string labels[] = {kexbenchRecord.label, harnessRecord.label};
    const std::string ops[] = {kexbenchRecord.operation, harnessRecord.operation};
    auto data = std::make_shared<const Dataset>(std::move(copy));

    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("escapes"), data}});
    const int a =
        findRow(model, QStringLiteral("escapes"), QString::fromStdString(labels[0]), QString::fromStdString(ops[0]));
    const int b =
        findRow(model, QStringLiteral("escapes"), QString::fromStdString(labels[1]), QString::fromStdString(ops[1]));
    ASSERT_GE(a, 0);
    ASSERT_GE(b, 0);
    EXPECT_EQ(cell(model, a, ResultsTableModel::Reason), QStringLiteral("runner exit code 3: \\x1B[2Jowned\\x07"));
    EXPECT_EQ(cell(model, b, ResultsTableModel::Reason),
              QStringLiteral("failed (exit code 3): \\x1B]0;title\\x07\\x1B[31mboom\\x1B[0m"));
}

TEST(ResultsTableModel, FilterMatchesDatasetInstanceAndOperationWords)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("campaign"), camp}, {QStringLiteral("arm_1"), loadReference()}});
    ResultsFilterModel proxy;
    proxy.setSourceModel(&model);
    proxy.setText(QStringLiteral("ARM pass1"));
    ASSERT_EQ(proxy.rowCount(), 3); // ADKEX-128/256/512 pass1
    for (int r = 0; r < proxy.rowCount(); ++r) {
        EXPECT_EQ(proxy.index(r, ResultsTableModel::DatasetColumn).data().toString(), QStringLiteral("arm_1"));
        EXPECT_EQ(proxy.index(r, ResultsTableModel::Operation).data().toString(), QStringLiteral("pass1"));
    }
    proxy.setText(QStringLiteral("x25519"));
    EXPECT_EQ(proxy.rowCount(),
              static_cast<int>(std::count_if(camp->records.begin(), camp->records.end(),
                                             [](const Record &r) { return r.label == "X25519-NIKE"; })));
    proxy.setText(QString());
    EXPECT_EQ(proxy.rowCount(), model.rowCount());
}

TEST(ResultsPage, CopiesSelectedOrAllRowsAsCsvAndFollowsTheWorkbench)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    Dataset copy = *camp;
    copy.records.front().status = "failed_or_partial";
    copy.records.front().kexbench->reason = "timeout, \"hard\" after 30 s";
    Workbench workbench;
    ResultsPage page(&workbench);
    page.resize(1500, 700);
    workbench.addDataset(std::make_shared<const Dataset>(std::move(copy)), QString());
    const QString label = workbench.datasets().front().label;
    // A hidden page does no work; shown, it computes its rows off the GUI thread.
    EXPECT_EQ(page.model()->rowCount(), 0);
    EXPECT_FALSE(page.busy());
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    ASSERT_TRUE(settle(page));
    ASSERT_EQ(page.model()->rowCount(), static_cast<int>(camp->records.size()));

    // Nothing selected: every row, header first, CRLF line ends, RFC 4180 quoting.
    const QString all = page.csv();
    QStringList lines = csvLines(all);
    ASSERT_EQ(lines.size(), page.model()->rowCount() + 1);
    // Machine-readable columns: never the translated display headers.
    EXPECT_TRUE(lines[0].startsWith(QStringLiteral("dataset,candidate,instance,operation,mean_")))
        << lines[0].toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("\"timeout, \"\"hard\"\" after 30 s\"")));
    EXPECT_FALSE(all.contains(QLatin1Char('`')));

    // Two rows selected, in view order after sorting by mean time descending.
    page.view()->sortByColumn(ResultsTableModel::MeanTime, Qt::DescendingOrder);
    page.view()->selectionModel()->select(page.proxy()->index(1, 0),
                                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    page.view()->selectionModel()->select(page.proxy()->index(0, 0),
                                          QItemSelectionModel::Select | QItemSelectionModel::Rows);
    lines = csvLines(page.csv());
    ASSERT_EQ(lines.size(), 3);
    const QString first = page.proxy()->index(0, ResultsTableModel::Instance).data().toString() + QLatin1Char(',') +
                          page.proxy()->index(0, ResultsTableModel::Operation).data().toString() + QLatin1Char(',');
    EXPECT_TRUE(lines[1].startsWith(label + QLatin1Char(','))) << lines[1].toStdString();
    EXPECT_TRUE(lines[1].contains(QLatin1Char(',') + first)) << lines[1].toStdString();
    page.copyCsv();
    EXPECT_EQ(QApplication::clipboard()->text(), page.csv());
    // The copy says what it did (issue 33 item 16: no feedback), where the row count is shown.
    bool said = false;
    for (const QLabel *l : page.findChildren<QLabel *>())
        said = said || l->text() == ResultsPage::tr("Copied %n row(s) as CSV.", nullptr, 2);
    EXPECT_TRUE(said) << "no label says the two rows were copied";

    // The filter narrows the "all rows" copy too.
    page.view()->clearSelection();
    page.filterEdit()->setText(QStringLiteral("derive_b"));
    EXPECT_EQ(csvLines(page.csv()).size(), 1 + page.proxy()->rowCount());
    EXPECT_EQ(page.proxy()->rowCount(), 2);
    page.filterEdit()->clear();

    // Workbench changes reach the table: a rename, a second dataset, a removal.
    workbench.renameDataset(0, QStringLiteral("renamed"));
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.model()->index(0, ResultsTableModel::DatasetColumn).data().toString(), QStringLiteral("renamed"));
    workbench.addDataset(camp, QString());
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.model()->rowCount(), 2 * static_cast<int>(camp->records.size()));
    workbench.removeDataset(0);
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.model()->rowCount(), static_cast<int>(camp->records.size()));

    // Hidden again: changes wait for the next showing, then all arrive at once.
    page.hide();
    workbench.addDataset(camp, QString());
    EXPECT_FALSE(page.busy());
    EXPECT_EQ(page.model()->rowCount(), static_cast<int>(camp->records.size()));
    page.show();
    ASSERT_TRUE(settle(page));
    EXPECT_EQ(page.model()->rowCount(), 2 * static_cast<int>(camp->records.size()));
}

// Copy as CSV is machine-readable: plain numbers in base units (a field is one
// whole number for std::from_chars), the unit in the column name, and the
// arm_1 harness cycles and the campaign's own counter unit in separate columns.
TEST(ResultsPage, CopyAsCsvHoldsPlainNumbersInBaseUnits)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    ResultsPage page(nullptr);
    ResultsTableModel::Snapshots snapshots{{QStringLiteral("campaign"), camp}};
    const auto arm = haveReference() ? loadReference() : nullptr;
    if (arm)
        snapshots.emplace_back(QStringLiteral("arm_1"), arm);
    page.model()->setSnapshots(snapshots);
    const QStringList lines = csvLines(page.csv());
    ASSERT_EQ(lines.size(), 1 + page.model()->rowCount());
    const QStringList header = lines[0].split(QLatin1Char(','));
    const QSet<QString> text{QStringLiteral("dataset"),      QStringLiteral("candidate"), QStringLiteral("instance"),
                             QStringLiteral("operation"),    QStringLiteral("checks"),    QStringLiteral("counter"),
                             QStringLiteral("counter_unit"), QStringLiteral("status"),    QStringLiteral("reason"),
                             QStringLiteral("kat_status"),   QStringLiteral("kat_reason")};
    size_t numbers = 0;
    for (int row = 1; row < lines.size(); ++row) {
        if (lines[row].contains(QLatin1Char('"')))
            continue; // a quoted text field (checks with a comma): the fields are not split by ','
        const QStringList fields = lines[row].split(QLatin1Char(','));
        ASSERT_EQ(fields.size(), header.size()) << lines[row].toStdString();
        for (int col = 0; col < header.size(); ++col) {
            if (text.contains(header[col]) || fields[col].isEmpty())
                continue;
            const std::string f = fields[col].toStdString();
            double v = 0;
            const auto res = std::from_chars(f.data(), f.data() + f.size(), v);
            EXPECT_TRUE(res.ec == std::errc() && res.ptr == f.data() + f.size())
                << header[col].toStdString() << " = '" << f << "'";
            ++numbers;
        }
    }
    EXPECT_GT(numbers, 0u);
    for (const char *name : {"mean_seconds", "ops_per_second", "peak_rss_bytes", "n_trials", "n_measurements"})
        EXPECT_TRUE(header.contains(QString::fromUtf8(name))) << name;
    const int seconds = header.indexOf(QStringLiteral("mean_seconds"));
    const Record *r = page.model()->record(0);
    ASSERT_NE(r, nullptr);
    if (r->mean_seconds && !lines[1].contains(QLatin1Char('"')))
        EXPECT_EQ(std::stod(lines[1].split(QLatin1Char(','))[seconds].toStdString()), *r->mean_seconds);
    // Each counter unit has its own column: never cycles and TSC ticks in one.
    const QString campaignUnit = page.model()->index(0, ResultsTableModel::Counter).data().toString();
    if (arm) {
        EXPECT_TRUE(header.contains(QStringLiteral("mean_cycles")));
        if (!campaignUnit.contains(QStringLiteral("(cycles)")))
            EXPECT_GE(header.filter(QStringLiteral("mean_")).size(), 3) << lines[0].toStdString();
    }
}

TEST(ResultsTableModel, SixTrialsGiveTheMedianOfTrialMediansAndItsCi)
{
    // Trial medians 1000 ... 1060 ns: the center is (1020 + 1040) / 2 = 1030 ns,
    // and with 6 trials the 95 % order-statistic interval is [min, max] = [1000, 1060].
    const auto data =
        memoryDataset({sampledRecord("X-1", "exchange", trialsWithMedians({1060, 1000, 1040, 1010, 1050, 1020}))});
    ModelTesterLog log;
    ResultsTableModel model;
    auto tester = attachTester(&model);
    model.setSnapshots({{QStringLiteral("memory"), data}});
    ASSERT_EQ(model.rowCount(), 1);

    EXPECT_EQ(cell(model, 0, ResultsTableModel::TrialTime), QString::fromUtf8("1.03 \u00b5s"));
    EXPECT_NEAR(model.index(0, ResultsTableModel::TrialTime).data(ResultsTableModel::SortRole).toDouble(), 1030e-9,
                1e-15);
    EXPECT_EQ(cell(model, 0, ResultsTableModel::TrialTicks), QStringLiteral("1030"));
    EXPECT_DOUBLE_EQ(model.index(0, ResultsTableModel::TrialTicks).data(ResultsTableModel::SortRole).toDouble(),
                     1030.0);
    // Relative width (1060 - 1000) / 1030.
    EXPECT_EQ(cell(model, 0, ResultsTableModel::TrialCi), QStringLiteral("5.83%"));
    EXPECT_NEAR(model.index(0, ResultsTableModel::TrialCi).data(ResultsTableModel::SortRole).toDouble(), 60.0 / 1030.0,
                1e-12);
    const QString ciTip = cell(model, 0, ResultsTableModel::TrialCi, Qt::ToolTipRole);
    EXPECT_TRUE(ciTip.contains(QStringLiteral("median of trial medians over 6 trial"))) << ciTip.toStdString();
    EXPECT_TRUE(ciTip.contains(QString::fromUtf8("95 % CI: 1 \u00b5s \u2013 1.06 \u00b5s"))) << ciTip.toStdString();
    EXPECT_EQ(cell(model, 0, ResultsTableModel::Trials), QStringLiteral("6"));
    EXPECT_EQ(model.index(0, ResultsTableModel::Trials).data(ResultsTableModel::SortRole).toInt(), 6);
    // The published figures stay the means: each trial's mean is its median + 98.7 ns.
    EXPECT_EQ(cell(model, 0, ResultsTableModel::MedianTrial), QString::fromUtf8("1.13 \u00b5s"));
    EXPECT_EQ(cell(model, 0, ResultsTableModel::MeanTime), QString::fromUtf8("1.13 \u00b5s"));
    EXPECT_TRUE(cell(model, 0, ResultsTableModel::Checks).isEmpty());
    EXPECT_FALSE(model.index(0, ResultsTableModel::Checks).data(Qt::DecorationRole).isValid());
    EXPECT_FALSE(model.index(0, ResultsTableModel::Instance).data(Qt::BackgroundRole).isValid());
    // Each header says which statistic its figure is.
    auto headerTip = [&](int column) { return model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString(); };
    EXPECT_TRUE(headerTip(ResultsTableModel::MeanTime)
                    .contains(QStringLiteral("Mean over all timed calls (published method)")));
    EXPECT_TRUE(headerTip(ResultsTableModel::MeanCycles)
                    .contains(QStringLiteral("Mean over all timed calls (published method)")));
    EXPECT_TRUE(headerTip(ResultsTableModel::MedianTrial)
                    .contains(QStringLiteral("Median trial: median of the per-trial means (published method)")));
    EXPECT_TRUE(
        headerTip(ResultsTableModel::TrialTime)
            .contains(QStringLiteral("Median of trial medians (kexbench): each trial is one fresh runner process")));
    EXPECT_TRUE(headerTip(ResultsTableModel::TrialTicks).contains(QStringLiteral("Median of trial medians")));
    EXPECT_TRUE(headerTip(ResultsTableModel::TrialCi).contains(QStringLiteral("over trials")));
    EXPECT_EQ(model.headerData(ResultsTableModel::TrialTicks, Qt::Horizontal).toString(),
              QStringLiteral("kexbench median TSC ticks"));
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(ResultsTableModel, FiveTrialsHaveNoCiAndSayWhy)
{
    const auto data =
        memoryDataset({sampledRecord("X-1", "exchange", trialsWithMedians({1000, 1010, 1020, 1030, 1040}))});
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("memory"), data}});
    EXPECT_EQ(cell(model, 0, ResultsTableModel::TrialTime), QString::fromUtf8("1.02 \u00b5s"));
    EXPECT_EQ(cell(model, 0, ResultsTableModel::TrialCi), QStringLiteral("n/a"));
    EXPECT_FALSE(model.index(0, ResultsTableModel::TrialCi).data(ResultsTableModel::SortRole).isValid());
    const QString tip = cell(model, 0, ResultsTableModel::TrialCi, Qt::ToolTipRole);
    EXPECT_TRUE(tip.contains(QStringLiteral("n/a: 5 trials reach 93.8 % only"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("at least 6 trials"))) << tip.toStdString();
    EXPECT_EQ(cell(model, 0, ResultsTableModel::Trials), QStringLiteral("5"));
}

TEST(ResultsTableModel, DisturbedRecordIsMarkedWithItsReasons)
{
    Record r = sampledRecord("X-1", "init_a", constantTrials(45000));
    RecordSamples &k = *r.kexbench;
    for (int t = 1; t <= 6; ++t) {
        TrialHealth h;
        h.trial = t;
        if (t == 2) { // every attempt of trial 2 lost time to the run queue; the last one was kept
            h.attempt = 3;
            h.disturbed = true;
            h.reason = "lost 21.7 % of its wall time (run-queue wait 21.7 %)";
        }
        k.health.push_back(h);
    }
    k.disturbed = true;
    k.reason = "disturbed: no clean attempt of trial 2 in 4";
    r.disturbed_retries = 3;
    const auto data = memoryDataset({sampledRecord("X-1", "init_b", constantTrials(45000)), r});
    ModelTesterLog log;
    ResultsTableModel model;
    auto tester = attachTester(&model);
    model.setSnapshots({{QStringLiteral("memory"), data}});
    const int row = findRow(model, QStringLiteral("memory"), QStringLiteral("X-1"), QStringLiteral("init_a"));
    const int clean = findRow(model, QStringLiteral("memory"), QStringLiteral("X-1"), QStringLiteral("init_b"));
    ASSERT_GE(row, 0);
    ASSERT_GE(clean, 0);

    EXPECT_EQ(cell(model, row, ResultsTableModel::Checks),
              QStringLiteral("disturbed: no clean attempt of trial 2 in 4"));
    EXPECT_EQ(cell(model, row, ResultsTableModel::Trials), QStringLiteral("6 (+3 retried)"));
    EXPECT_EQ(model.index(row, ResultsTableModel::Trials).data(ResultsTableModel::SortRole).toInt(), 6);
    const QString tip = cell(model, row, ResultsTableModel::Checks, Qt::ToolTipRole);
    EXPECT_TRUE(tip.contains(QStringLiteral("trial 2 (attempt 4): lost 21.7 % of its wall time"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("3 disturbed attempt(s) were run again"))) << tip.toStdString();
    EXPECT_TRUE(
        cell(model, row, ResultsTableModel::Instance, Qt::ToolTipRole).contains(QStringLiteral("trial 2 (attempt 4)")));
    // Marked on the whole row, and never filtered away.
    EXPECT_TRUE(model.index(row, 0).data(ResultsTableModel::DisturbedRole).toBool());
    EXPECT_FALSE(model.index(clean, 0).data(ResultsTableModel::DisturbedRole).toBool());
    for (int c = 0; c < ResultsTableModel::ColumnCount; ++c) {
        EXPECT_TRUE(model.index(row, c).data(Qt::BackgroundRole).canConvert<QColor>()) << "column " << c;
        EXPECT_FALSE(model.index(clean, c).data(Qt::BackgroundRole).isValid()) << "column " << c;
    }
    EXPECT_TRUE(model.index(row, ResultsTableModel::Instance).data(Qt::DecorationRole).canConvert<QImage>());
    EXPECT_TRUE(model.index(row, ResultsTableModel::Checks).data(Qt::DecorationRole).canConvert<QImage>());
    EXPECT_FALSE(model.index(clean, ResultsTableModel::Instance).data(Qt::DecorationRole).isValid());
    EXPECT_EQ(cell(model, clean, ResultsTableModel::Trials), QStringLiteral("6"));
    ResultsFilterModel proxy;
    proxy.setSourceModel(&model);
    EXPECT_EQ(proxy.rowCount(), 2);
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(ResultsTableModel, TimerLimitedStepIsFlagged)
{
    // 25 ticks per call against a 10-tick timer overhead: within 20 ticks of it.
    const auto data = memoryDataset(
        {sampledRecord("X-1", "pass1", constantTrials(25)), sampledRecord("X-1", "init_a", constantTrials(45000))});
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("memory"), data}});
    const int pass1 = findRow(model, QStringLiteral("memory"), QStringLiteral("X-1"), QStringLiteral("pass1"));
    const int initA = findRow(model, QStringLiteral("memory"), QStringLiteral("X-1"), QStringLiteral("init_a"));
    ASSERT_GE(pass1, 0);
    EXPECT_EQ(cell(model, pass1, ResultsTableModel::Checks),
              QStringLiteral("timer-limited (median 25 ticks, timer overhead 10 ticks)"));
    EXPECT_TRUE(model.index(pass1, ResultsTableModel::Checks).data(Qt::DecorationRole).canConvert<QImage>());
    // Needs care, but it is not a disturbed record.
    EXPECT_FALSE(model.index(pass1, ResultsTableModel::Instance).data(Qt::BackgroundRole).isValid());
    EXPECT_TRUE(cell(model, initA, ResultsTableModel::Checks).isEmpty());
    EXPECT_EQ(cell(model, initA, ResultsTableModel::Checks, Qt::ToolTipRole),
              QStringLiteral("No check flagged this record."));
}

// An exchange of 120 µs per call against steps of 10 µs each (5 steps, one
// pass): 2.4 times the sum of its steps, as the Checks cell says it.
const QString kStepSumText =
    QString::fromUtf8("exchange 120 \u00b5s vs 50 \u00b5s for the sum of its 5 steps (+140 %, mean over calls)");

std::vector<Record> exchangeAndSteps(uint64_t exchangeNs)
{
    std::vector<Record> records;
    Record exchange = sampledRecord("X-1", "exchange", constantTrials(exchangeNs));
    exchange.kex = {{"kex_passes", 1}, {"kex_passes_run", 1}};
    records.push_back(exchange);
    for (const char *op : {"init_a", "init_b", "pass1", "derive_a", "derive_b"})
        records.push_back(sampledRecord("X-1", op, constantTrials(10000)));
    return records;
}

TEST(ResultsTableModel, ExchangeFarFromTheSumOfItsStepsShowsBothFigures)
{
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("memory"), memoryDataset(exchangeAndSteps(120000))}});
    const int ex = findRow(model, QStringLiteral("memory"), QStringLiteral("X-1"), QStringLiteral("exchange"));
    ASSERT_GE(ex, 0);
    const QString text = cell(model, ex, ResultsTableModel::Checks);
    EXPECT_EQ(text, kStepSumText);
    EXPECT_TRUE(model.index(ex, ResultsTableModel::Checks).data(Qt::DecorationRole).canConvert<QImage>());
    // The steps themselves carry no check.
    const int pass1 = findRow(model, QStringLiteral("memory"), QStringLiteral("X-1"), QStringLiteral("pass1"));
    EXPECT_TRUE(cell(model, pass1, ResultsTableModel::Checks).isEmpty());

    // Within 15 %: nothing in the cell, the figures in the tooltip.
    model.setSnapshots({{QStringLiteral("memory"), memoryDataset(exchangeAndSteps(52000))}});
    EXPECT_TRUE(cell(model, ex, ResultsTableModel::Checks).isEmpty());
    EXPECT_TRUE(cell(model, ex, ResultsTableModel::Checks, Qt::ToolTipRole)
                    .contains(QString::fromUtf8("within 15 %: exchange 52 \u00b5s vs 50 \u00b5s")));
}

TEST(ResultsPage, CsvHasTheTrialColumnsAndThePageTheHostWarnings)
{
    Record disturbed = sampledRecord("X-1", "init_a", constantTrials(10000));
    disturbed.kexbench->disturbed = true;
    disturbed.kexbench->reason = "disturbed: no clean attempt of trial 2 in 4";
    disturbed.disturbed_retries = 2;
    std::vector<Record> records = exchangeAndSteps(120000);
    records[1] = disturbed; // the init_a step, as fast as before
    Dataset d;
    d.system_label = "memory";
    d.records = std::move(records);
    d.campaign = CampaignInfo{};
    d.campaign->raw["measured_warnings"] =
        nlohmann::ordered_json::array({"the speed probe varied by 17.6 % during the campaign",
                                       "CPU pressure: tasks waited for a CPU 80.2 % of the last minute"});
    ResultsPage page(nullptr);
    EXPECT_TRUE(page.hostWarningsLabel()->isHidden());
    const auto quiet = memoryDataset({sampledRecord("Y-1", "exchange", constantTrials(1000))});
    page.model()->setSnapshots({{QStringLiteral("loaded <box>"), std::make_shared<const Dataset>(std::move(d))},
                                {QStringLiteral("quiet"), quiet}});

    const QStringList lines = csvLines(page.csv());
    ASSERT_EQ(lines.size(), 1 + 7);
    for (const char *header :
         {"mean_seconds", "median_trial_seconds", "ops_per_second", "trial_median_seconds", "trial_ci_low_seconds",
          "trial_ci_high_seconds", "trial_median_tsc_ticks", "n_trials", "n_retried_trials", "checks"})
        EXPECT_TRUE(lines[0].split(QLatin1Char(',')).contains(QString::fromUtf8(header))) << header;
    // The cells as displayed: the step-sum text (quoted, it holds a comma), the flag, the retries.
    const QString all = lines.join(QLatin1Char('\n'));
    EXPECT_TRUE(all.contains(QLatin1Char('"') + kStepSumText + QLatin1Char('"')));
    EXPECT_TRUE(all.contains(QStringLiteral(",6,2,disturbed: no clean attempt of trial 2 in 4,")));
    EXPECT_FALSE(lines[0].split(QLatin1Char(',')).contains(QStringLiteral("mean_cycles"))); // TSC ticks are no cycles
    EXPECT_TRUE(all.contains(QStringLiteral(",6,")));

    QLabel *warnings = page.hostWarningsLabel();
    EXPECT_FALSE(warnings->isHidden());
    EXPECT_TRUE(warnings->wordWrap());
    EXPECT_TRUE(warnings->text().contains(QStringLiteral("loaded &lt;box&gt;"))) << warnings->text().toStdString();
    EXPECT_TRUE(warnings->text().contains(
        QStringLiteral("the speed probe varied by 17.6 % during the campaign; CPU pressure")));
    EXPECT_FALSE(warnings->text().contains(QStringLiteral("quiet")));
    page.model()->setSnapshots({{QStringLiteral("quiet"), quiet}});
    EXPECT_TRUE(warnings->isHidden());
}

TEST(ResultsPage, Screenshot)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    Workbench workbench;
    ResultsPage page(&workbench);
    workbench.addDataset(loadReference(), QString());
    workbench.addDataset(camp, QString());
    page.resize(1600, 760);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    ASSERT_TRUE(settle(page));
    page.view()->sortByColumn(ResultsTableModel::MeanCycles, Qt::DescendingOrder);
    const QString path = QDir::temp().filePath(QStringLiteral("kexbench-results-page.png"));
    ASSERT_TRUE(page.grab().save(path));
    EXPECT_GT(QFileInfo(path).size(), 0);
    // The trial columns and the checks, scrolled into view.
    page.view()->scrollTo(page.proxy()->index(0, ResultsTableModel::Checks), QAbstractItemView::PositionAtCenter);
    const QString checksPath = QDir::temp().filePath(QStringLiteral("kexbench-results-page-checks.png"));
    ASSERT_TRUE(page.grab().save(checksPath));
    EXPECT_GT(QFileInfo(checksPath).size(), 0);
}

// ---------------------------------------------------------------------------
// Issue 15, Results page: key columns in view, the column chooser, the KAT
// column, one unit per count column, one number format per column.

namespace {

QString shotPath(const QString &name)
{
    const QString dir = QDir::temp().filePath(QStringLiteral("kexbench-gui-shots"));
    QDir().mkpath(dir);
    return QDir(dir).filePath(name);
}

std::shared_ptr<const Dataset> loadDataset(const QString &path)
{
    auto d = load_dataset(path.toStdString());
    return d ? std::make_shared<const Dataset>(std::move(d.value())) : nullptr;
}

// The reference campaign of the other system (x86_1), beside arm_1.
QString x86Reference() { return QFileInfo(referenceDataset()).dir().filePath(QStringLiteral("x86_1")); }

// A campaign with KATs checked against a manifest: ECDHE-P256's real digest
// (passes), a digest no X25519-NIKE build gives (MISMATCH), and no entry for
// SM2-KEX (NOKAT: no KAT file); only the exchange is timed, to keep it short.
std::shared_ptr<const Dataset> katCampaign()
{
    static QTemporaryDir dir;
    static std::shared_ptr<const Dataset> dataset;
    static bool tried = false;
    if (tried)
        return dataset;
    tried = true;
    CampaignOptions o = shortCampaignOptions({"ECDHE-P256", "X25519-NIKE", "SM2-KEX"}, "kat_test",
                                             dir.filePath(QStringLiteral("campaign")).toStdString());
    auto manifest = read_kat_manifest(std::string(KEXBENCH_INSTANCE_DIR) + "/ecdhe.kat.sha256");
    if (!manifest) {
        ADD_FAILURE() << manifest.error();
        return nullptr;
    }
    for (const KatManifestEntry &e : *manifest)
        if (e.name.find("ECDHE-P256") != std::string::npos)
            o.manifest.push_back(e);
    KatManifestEntry wrong;
    wrong.sha256 = std::string(64, 'a');
    wrong.name = "X25519-NIKE/KAT_KEX_X25519-NIKE.txt";
    o.manifest.push_back(wrong);
    o.manifest_given = true;
    o.kat = true;
    o.operations = {"exchange"};
    o.stack = false;
    o.heap = false;
    o.profile = false;
    dataset = runAndLoad(o);
    return dataset;
}

ResultsTableModel::Snapshots realSnapshots()
{
    ResultsTableModel::Snapshots snapshots;
    if (auto camp = sampledCampaign())
        snapshots.emplace_back(QStringLiteral("campaign"), camp);
    if (haveReference()) {
        snapshots.emplace_back(QStringLiteral("arm_1"), loadReference());
        if (auto x86 = loadDataset(x86Reference()))
            snapshots.emplace_back(QStringLiteral("x86_1"), x86);
    }
    return snapshots;
}

// The proxy rows the view shows at its top (y inside the viewport).
int rowAt(const QTableView *view, int y) { return view->indexAt(QPoint(4, y)).row(); }

} // namespace

TEST(ResultsPage, KeyColumnsStayInViewWhenScrolledSortedAndFiltered)
{
    const auto snapshots = realSnapshots();
    ASSERT_FALSE(snapshots.empty());
    ResultsPage page(nullptr);
    ModelTesterLog log;
    auto tester = attachTester(page.proxy());
    page.model()->setSnapshots(snapshots);
    page.resize(1024, 700);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    QTableView *view = page.view();
    QTableView *frozen = page.frozenView();
    ASSERT_NE(frozen, nullptr);
    EXPECT_EQ(frozen->model(), view->model());
    EXPECT_EQ(frozen->selectionModel(), view->selectionModel());
    for (int c = 0; c < ResultsTableModel::ColumnCount; ++c)
        EXPECT_EQ(frozen->isColumnHidden(c), c >= ResultsTableModel::KeyColumnCount) << c;

    auto checkAligned = [&](const char *when) {
        QCoreApplication::processEvents();
        EXPECT_TRUE(frozen->isVisible()) << when;
        int keys = 0;
        for (int c = 0; c < ResultsTableModel::KeyColumnCount; ++c) {
            EXPECT_EQ(frozen->columnWidth(c), view->columnWidth(c)) << when;
            keys += view->columnWidth(c);
        }
        EXPECT_EQ(frozen->width(), keys) << when;
        EXPECT_EQ(frozen->geometry().left(), view->viewport()->geometry().left()) << when;
        EXPECT_EQ(frozen->verticalScrollBar()->value(), view->verticalScrollBar()->value()) << when;
        // The same rows at the same heights, and the key cells are the frozen view's.
        const int rowHeight = view->verticalHeader()->defaultSectionSize();
        for (int y = 2; y < view->viewport()->height(); y += rowHeight) {
            const int row = rowAt(view, y);
            const QModelIndex key = frozen->indexAt(QPoint(4, y));
            EXPECT_EQ(key.row(), row) << when << " y " << y;
            if (row < 0)
                continue;
            EXPECT_EQ(key.column(), ResultsTableModel::DatasetColumn) << when;
            // In the page's coordinates the frozen view sits over the main view's first pixels.
            const QPoint global = view->viewport()->mapToGlobal(QPoint(4, y));
            EXPECT_EQ(frozen->viewport()->mapFromGlobal(global), QPoint(4, y)) << when;
        }
    };
    checkAligned("at first");

    // Scrolled to the right: the main view's first visible column is a figure, the key columns still show.
    view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum());
    ASSERT_GT(view->horizontalScrollBar()->maximum(), 0) << "the table fits at 1024 px: nothing to scroll";
    QCoreApplication::processEvents();
    EXPECT_GE(view->columnAt(4), ResultsTableModel::KeyColumnCount);
    checkAligned("scrolled right");
    const QString firstInstance = page.proxy()->index(rowAt(view, 2), ResultsTableModel::Instance).data().toString();
    EXPECT_EQ(
        frozen->indexAt(QPoint(frozen->columnViewportPosition(ResultsTableModel::Instance) + 2, 2)).data().toString(),
        firstInstance);
    ASSERT_TRUE(page.grab().save(shotPath(QStringLiteral("results-scrolled-right.png"))));

    // Moving the current cell to a figure left of the view brings it out from under the key columns.
    view->setCurrentIndex(page.proxy()->index(rowAt(view, 2), ResultsTableModel::MeanCycles));
    QCoreApplication::processEvents();
    EXPECT_GE(view->columnViewportPosition(ResultsTableModel::MeanCycles), frozen->width());
    EXPECT_LT(view->columnViewportPosition(ResultsTableModel::MeanCycles), frozen->width() + 4);
    view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum());

    // Sorted (by a figure, then by a key header of the frozen view) and filtered.
    view->sortByColumn(ResultsTableModel::MeanTime, Qt::DescendingOrder);
    checkAligned("sorted by mean time");
    EXPECT_EQ(frozen->horizontalHeader()->sortIndicatorSection(), int(ResultsTableModel::MeanTime));
    frozen->horizontalHeader()->sectionClicked(ResultsTableModel::Instance);
    EXPECT_EQ(view->horizontalHeader()->sortIndicatorSection(), int(ResultsTableModel::Instance));
    EXPECT_EQ(view->horizontalHeader()->sortIndicatorOrder(), Qt::AscendingOrder);
    checkAligned("sorted by instance");
    page.filterEdit()->setText(QStringLiteral("exchange"));
    checkAligned("filtered");
    for (int r = 0; r < page.proxy()->rowCount(); ++r)
        EXPECT_EQ(page.proxy()->index(r, ResultsTableModel::Operation).data().toString(), QStringLiteral("exchange"));
    page.filterEdit()->clear();
    view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum());
    checkAligned("scrolled down");
    // A selection made in the key columns is the row's selection.
    frozen->selectRow(rowAt(view, 2));
    EXPECT_EQ(view->selectionModel()->selectedRows().size(), 1);
    // A key column cannot be dragged away from the left edge.
    view->horizontalHeader()->moveSection(view->horizontalHeader()->visualIndex(ResultsTableModel::Instance), 8);
    EXPECT_EQ(view->horizontalHeader()->visualIndex(ResultsTableModel::Instance), int(ResultsTableModel::Instance));
    // A new model reset keeps the frozen view as it was.
    page.model()->setSnapshots(snapshots);
    checkAligned("after a reset");
    for (int c = 0; c < ResultsTableModel::ColumnCount; ++c)
        EXPECT_EQ(frozen->isColumnHidden(c), c >= ResultsTableModel::KeyColumnCount) << c;
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(ResultsPage, ColumnChooserHidesShowsAndPersists)
{
    QSettings().remove(QStringLiteral("results/hiddenColumns"));
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    {
        ResultsPage page(nullptr);
        page.model()->setSnapshots({{QStringLiteral("campaign"), camp}});
        QMenu *menu = page.columnsMenu();
        ASSERT_NE(menu, nullptr);
        EXPECT_EQ(page.columnsButton()->menu(), menu);
        int checkable = 0;
        for (QAction *a : menu->actions())
            if (a->isCheckable()) {
                ++checkable;
                EXPECT_TRUE(a->isChecked());
                // Key columns and columns without a figure in any record cannot be chosen.
                const int c = a->data().toInt();
                EXPECT_EQ(a->isEnabled(), c >= ResultsTableModel::KeyColumnCount && !page.model()->columnIsEmpty(c));
            }
        EXPECT_EQ(checkable, int(ResultsTableModel::ColumnCount));
        emit menu->aboutToShow();
        auto *peak = menu->findChild<QAction *>(QStringLiteral("resultsColumn_peak_rss"));
        if (!peak)
            for (QAction *a : menu->actions())
                if (a->objectName() == QStringLiteral("resultsColumn_peak_rss"))
                    peak = a;
        ASSERT_NE(peak, nullptr);
        EXPECT_EQ(peak->text(), page.model()->headerData(ResultsTableModel::PeakRss, Qt::Horizontal).toString());
        auto *copy = page.findChild<QPushButton *>(QStringLiteral("resultsCopyCsv"));
        ASSERT_NE(copy, nullptr);
        EXPECT_TRUE(copy->toolTip().contains(QStringLiteral("Only the shown columns are copied")))
            << copy->toolTip().toStdString();
        peak->trigger(); // unchecks
        EXPECT_TRUE(page.view()->isColumnHidden(ResultsTableModel::PeakRss));
        EXPECT_FALSE(page.isColumnShown(ResultsTableModel::PeakRss));
        EXPECT_EQ(QSettings().value(QStringLiteral("results/hiddenColumns")).toStringList(),
                  QStringList{QStringLiteral("peak_rss")});
        // Copy as CSV copies the shown columns: no peak RSS field, every other one.
        QStringList header = csvLines(page.csv()).front().split(QLatin1Char(','));
        EXPECT_FALSE(header.contains(QStringLiteral("peak_rss_bytes")));
        EXPECT_TRUE(header.contains(QStringLiteral("baseline_rss_bytes")));
        page.setColumnShown(ResultsTableModel::Kat, false);
        header = csvLines(page.csv()).front().split(QLatin1Char(','));
        EXPECT_FALSE(header.contains(QStringLiteral("kat_status")));
        EXPECT_EQ(csvLines(page.csv()).size(), 1 + page.model()->rowCount());
        // Key columns cannot be hidden.
        page.setColumnShown(ResultsTableModel::Instance, false);
        EXPECT_FALSE(page.view()->isColumnHidden(ResultsTableModel::Instance));
        // A model reset keeps the choice.
        page.model()->setSnapshots({{QStringLiteral("campaign"), camp}});
        EXPECT_TRUE(page.view()->isColumnHidden(ResultsTableModel::PeakRss));
        EXPECT_TRUE(page.view()->isColumnHidden(ResultsTableModel::Kat));
    }
    {
        // A new page (a new session) restores it.
        ResultsPage page(nullptr);
        page.model()->setSnapshots({{QStringLiteral("campaign"), camp}});
        EXPECT_TRUE(page.view()->isColumnHidden(ResultsTableModel::PeakRss));
        EXPECT_TRUE(page.view()->isColumnHidden(ResultsTableModel::Kat));
        EXPECT_FALSE(page.view()->isColumnHidden(ResultsTableModel::BaselineRss));
        QAction *all = nullptr;
        for (QAction *a : page.columnsMenu()->actions()) {
            if (a->objectName() == QStringLiteral("resultsColumn_peak_rss")) {
                EXPECT_FALSE(a->isChecked());
                a->trigger(); // checks: shown again
            }
            if (a->objectName() == QStringLiteral("resultsShowAllColumns"))
                all = a;
        }
        EXPECT_FALSE(page.view()->isColumnHidden(ResultsTableModel::PeakRss));
        EXPECT_EQ(QSettings().value(QStringLiteral("results/hiddenColumns")).toStringList(),
                  QStringList{QStringLiteral("kat")});
        ASSERT_NE(all, nullptr);
        all->trigger();
        for (int c = 0; c < ResultsTableModel::ColumnCount; ++c)
            EXPECT_EQ(page.view()->isColumnHidden(c), page.model()->columnIsEmpty(c)) << c;
        EXPECT_FALSE(QSettings().contains(QStringLiteral("results/hiddenColumns")));
        EXPECT_TRUE(csvLines(page.csv()).front().split(QLatin1Char(',')).contains(QStringLiteral("peak_rss_bytes")));
    }
    QSettings().remove(QStringLiteral("results/hiddenColumns"));
}

TEST(ResultsTableModel, KatColumnShowsPassedFailedNoFileAndNotRun)
{
    const auto kat = katCampaign();
    ASSERT_TRUE(kat);
    const auto camp = sampledCampaign(); // KATs skipped
    ASSERT_TRUE(camp);
    ModelTesterLog log;
    ResultsTableModel model;
    auto tester = attachTester(&model);
    ResultsTableModel::Snapshots snapshots{{QStringLiteral("kat"), kat}, {QStringLiteral("campaign"), camp}};
    if (haveReference())
        snapshots.emplace_back(QStringLiteral("arm_1"), loadReference());
    model.setSnapshots(snapshots);
    EXPECT_EQ(model.headerData(ResultsTableModel::Kat, Qt::Horizontal).toString(), QStringLiteral("KAT"));

    const int passed = findRow(model, QStringLiteral("kat"), QStringLiteral("ECDHE-P256"), QStringLiteral("exchange"));
    const int failed = findRow(model, QStringLiteral("kat"), QStringLiteral("X25519-NIKE"), QStringLiteral("exchange"));
    const int nofile = findRow(model, QStringLiteral("kat"), QStringLiteral("SM2-KEX"), QStringLiteral("exchange"));
    const int notrun =
        findRow(model, QStringLiteral("campaign"), QStringLiteral("ECDHE-P256"), QStringLiteral("exchange"));
    ASSERT_GE(passed, 0);
    ASSERT_GE(failed, 0);
    ASSERT_GE(nofile, 0);
    ASSERT_GE(notrun, 0);
    EXPECT_EQ(cell(model, passed, ResultsTableModel::Kat), QStringLiteral("passed"));
    const QString failure = cell(model, failed, ResultsTableModel::Kat);
    EXPECT_TRUE(failure.startsWith(QStringLiteral("failed: MISMATCH "))) << failure.toStdString();
    EXPECT_TRUE(failure.contains(QString(64, QLatin1Char('a')).left(16)))
        << failure.toStdString(); // the reason names the digest
    EXPECT_EQ(cell(model, nofile, ResultsTableModel::Kat), QStringLiteral("no KAT file"));
    EXPECT_TRUE(cell(model, nofile, ResultsTableModel::Kat, Qt::ToolTipRole).contains(QStringLiteral("NOKAT")));
    EXPECT_EQ(cell(model, notrun, ResultsTableModel::Kat), QStringLiteral("not run"));
    // The failed KAT is red as a failed record is, in its cell (the figures of a timed record stay readable).
    const QVariant fg = model.index(failed, ResultsTableModel::Kat).data(Qt::ForegroundRole);
    ASSERT_TRUE(fg.canConvert<QColor>());
    EXPECT_GT(fg.value<QColor>().red(), 2 * fg.value<QColor>().green());
    // A passed KAT is not red (a busy machine may mark the record disturbed: amber, never red).
    const QVariant passedFg = model.index(passed, ResultsTableModel::Kat).data(Qt::ForegroundRole);
    EXPECT_TRUE(!passedFg.isValid() || passedFg.value<QColor>() != fg.value<QColor>());
    const QString tip = cell(model, failed, ResultsTableModel::Kat, Qt::ToolTipRole);
    EXPECT_TRUE(tip.contains(QStringLiteral("Log: kat/"))) << tip.toStdString();
    if (haveReference()) {
        const int arm =
            findRow(model, QStringLiteral("arm_1"), QStringLiteral("ADKEX-128"), QStringLiteral("exchange"));
        EXPECT_EQ(cell(model, arm, ResultsTableModel::Kat), QStringLiteral("passed"));
    }

    // Sortable: passed, not run, no KAT file, failed.
    ResultsFilterModel proxy;
    auto proxyTester = attachTester(&proxy);
    proxy.setSourceModel(&model);
    proxy.sort(ResultsTableModel::Kat, Qt::AscendingOrder);
    int previous = -1;
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const int v = proxy.index(r, ResultsTableModel::Kat).data(ResultsTableModel::SortRole).toInt();
        EXPECT_LE(previous, v) << r;
        previous = v;
    }
    EXPECT_TRUE(proxy.index(proxy.rowCount() - 1, ResultsTableModel::Kat)
                    .data()
                    .toString()
                    .startsWith(QStringLiteral("failed")));
    EXPECT_EQ(proxy.index(0, ResultsTableModel::Kat).data().toString(), QStringLiteral("passed"));

    // The CSV twin: status word, passed as 0/1, the reason.
    const ReportTable table = model.toReportTable({failed, passed});
    const auto &h = table.data_header;
    for (const char *name : {"kat_status", "kat_passed", "kat_reason"})
        EXPECT_NE(std::find(h.begin(), h.end(), name), h.end()) << name;
    const std::string csv = render_csv(table);
    EXPECT_NE(csv.find("MISMATCH"), std::string::npos);
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();

    // Screenshot: the KAT column beside the key columns.
    ResultsPage page(nullptr);
    page.model()->setSnapshots(snapshots);
    page.resize(1024, 700);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    page.view()->sortByColumn(ResultsTableModel::Kat, Qt::DescendingOrder);
    page.view()->scrollTo(page.proxy()->index(0, ResultsTableModel::Kat), QAbstractItemView::PositionAtCenter);
    QCoreApplication::processEvents();
    ASSERT_TRUE(page.grab().save(shotPath(QStringLiteral("results-kat.png"))));
}

// Each numeric column has one format: every cell is the column's formatter
// applied to the number behind it (SortRole), over real campaigns.
TEST(ResultsTableModel, OneNumberFormatPerColumn)
{
    auto snapshots = realSnapshots();
    ASSERT_FALSE(snapshots.empty());
    if (auto kat = katCampaign())
        snapshots.emplace_back(QStringLiteral("kat"), kat);
    ResultsTableModel model;
    model.setSnapshots(snapshots);
    ASSERT_GT(model.rowCount(), 0);
    const QString dash = QString::fromUtf8(fmt::kMissing);
    const QRegularExpression counts(QStringLiteral("^(\\d+|\\d+\\.\\d k|\\d+\\.\\d\\d [MG])$"));
    const QRegularExpression time(QString::fromUtf8("^\\d+(\\.\\d+)? (s|ms|\u00b5s|ns)$"));
    const QRegularExpression rate(QStringLiteral("^(\\d{3}|\\d{2}\\.\\d|\\d\\.\\d\\d)( [kMG])?$"));
    const QRegularExpression ci(QStringLiteral("^(\\d+\\.\\d\\d%|n/a)$"));
    const QRegularExpression trials(QStringLiteral("^\\d+( \\(\\+\\d+ retried\\))?$"));
    const QRegularExpression measurements(QString::fromUtf8("^\\d+ \\(\\d+ \u00d7 (\\d+|\u2026)\\)$"));
    const QRegularExpression kib(QStringLiteral("^\\d+ KiB$"));
    const QRegularExpression bytes(QStringLiteral("^\\d+$"));
    const QRegularExpression memoryCount(QStringLiteral("^\\d+(\\.\\d\\d)?$")); // core memory_count_text
    std::map<int, const QRegularExpression *> rule{{ResultsTableModel::MeanCycles, &counts},
                                                   {ResultsTableModel::MeanTicks, &counts},
                                                   {ResultsTableModel::TrialCycles, &counts},
                                                   {ResultsTableModel::TrialTicks, &counts},
                                                   {ResultsTableModel::MeanTime, &time},
                                                   {ResultsTableModel::MedianTrial, &time},
                                                   {ResultsTableModel::TrialTime, &time},
                                                   {ResultsTableModel::OpsPerSecond, &rate},
                                                   {ResultsTableModel::TrialCi, &ci},
                                                   {ResultsTableModel::Trials, &trials},
                                                   {ResultsTableModel::Measurements, &measurements},
                                                   {ResultsTableModel::BaselineRss, &kib},
                                                   {ResultsTableModel::PeakRss, &kib},
                                                   {ResultsTableModel::ElfImage, &bytes},
                                                   {ResultsTableModel::Stack, &bytes},
                                                   {ResultsTableModel::Bandwidth, &bytes},
                                                   {ResultsTableModel::HeapPeak, &bytes},
                                                   {ResultsTableModel::HeapAllocations, &memoryCount}};
    std::map<int, int> checked;
    for (int r = 0; r < model.rowCount(); ++r)
        for (const auto &[column, re] : rule) {
            const QString text = cell(model, r, column);
            if (text == dash)
                continue;
            EXPECT_TRUE(re->match(text).hasMatch())
                << "column " << model.headerData(column, Qt::Horizontal).toString().toStdString() << " row " << r
                << ": '" << text.toStdString() << "'";
            EXPECT_FALSE(text.contains(QStringLiteral("e+")) || text.contains(QStringLiteral("e-")))
                << text.toStdString();
            ++checked[column];
            // The same formatter for every row: the text comes back from the number behind it.
            const double v = model.index(r, column).data(ResultsTableModel::SortRole).toDouble();
            if (re == &counts)
                EXPECT_EQ(text.toStdString(), fmt::fmt_int(v)) << r;
            if (re == &time)
                EXPECT_EQ(text.toStdString(), fmt::fmt_time(v)) << r;
        }
    for (int column : {int(ResultsTableModel::MeanTime), int(ResultsTableModel::OpsPerSecond),
                       int(ResultsTableModel::TrialTime), int(ResultsTableModel::PeakRss)})
        EXPECT_GT(checked[column], 0) << column;
    if (haveReference())
        EXPECT_GT(checked[ResultsTableModel::MeanCycles], 0);
}

TEST(ResultsTableModel, RatesHaveThreeSignificantDigitsAndAPrefix)
{
    std::vector<Record> records;
    const std::pair<double, const char *> cases[] = {{742, "742"},       {7230, "7.23 k"}, {999.7, "1.00 k"},
                                                     {1.52e6, "1.52 M"}, {3.5, "3.50"},    {48750, "48.8 k"}};
    for (size_t i = 0; i < std::size(cases); ++i) {
        Record r = sampledRecord("R-" + std::to_string(i + 1), "exchange", constantTrials(1000));
        r.operations_per_second = cases[i].first;
        records.push_back(r);
    }
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("memory"), memoryDataset(records)}});
    for (size_t i = 0; i < std::size(cases); ++i) {
        const int r =
            findRow(model, QStringLiteral("memory"), QStringLiteral("R-%1").arg(i + 1), QStringLiteral("exchange"));
        ASSERT_GE(r, 0);
        EXPECT_EQ(cell(model, r, ResultsTableModel::OpsPerSecond), QString::fromUtf8(cases[i].second))
            << cases[i].first;
    }
}

// Counts of different units never share a sortable column: cycles in one,
// ticks in another, and two tick units in one table sort apart and say their unit.
TEST(ResultsTableModel, CyclesAndTicksNeverShareASortedColumn)
{
    Record tsc = sampledRecord("T-1", "exchange", constantTrials(5000)); // TSC ticks
    Record cycles = sampledRecord("C-1", "exchange", constantTrials(3000));
    cycles.kexbench->core_cycles = true;
    cycles.kexbench->counter = "perf_event cpu-cycles (rdpmc)";
    cycles.kexbench->counter_unit = "cycles";
    Record cntvct = sampledRecord("V-1", "exchange", constantTrials(4000));
    cntvct.kexbench->counter = "cntvct_el0";
    cntvct.kexbench->counter_unit = "counter ticks";
    ModelTesterLog log;
    ResultsTableModel model;
    auto tester = attachTester(&model);
    model.setSnapshots({{QStringLiteral("memory"), memoryDataset({tsc, cycles})}});
    const int t = findRow(model, QStringLiteral("memory"), QStringLiteral("T-1"), QStringLiteral("exchange"));
    const int c = findRow(model, QStringLiteral("memory"), QStringLiteral("C-1"), QStringLiteral("exchange"));
    const QString dash = QString::fromUtf8(fmt::kMissing);
    EXPECT_EQ(cell(model, c, ResultsTableModel::MeanTicks), dash);
    EXPECT_EQ(cell(model, t, ResultsTableModel::MeanCycles), dash);
    EXPECT_NE(cell(model, c, ResultsTableModel::MeanCycles), dash);
    EXPECT_NE(cell(model, t, ResultsTableModel::MeanTicks), dash);
    EXPECT_EQ(cell(model, t, ResultsTableModel::TrialTicks), QStringLiteral("5000"));
    EXPECT_EQ(cell(model, c, ResultsTableModel::TrialCycles), QStringLiteral("3000"));
    EXPECT_EQ(model.headerData(ResultsTableModel::MeanTicks, Qt::Horizontal).toString(),
              QStringLiteral("Mean TSC ticks"));
    // CSV twin as core's report names it: mean_cycles and mean_tsc_ticks.
    const ReportTable table = model.toReportTable();
    for (const char *name : {"mean_cycles", "mean_tsc_ticks", "trial_median_cycles", "trial_median_tsc_ticks"})
        EXPECT_NE(std::find(table.data_header.begin(), table.data_header.end(), name), table.data_header.end()) << name;

    // Two tick units: the header says ticks, each cell its unit, and a sort keeps each unit together.
    model.setSnapshots(
        {{QStringLiteral("memory"), memoryDataset({tsc, cycles, cntvct})},
         {QStringLiteral("more"), memoryDataset({sampledRecord("T-2", "exchange", constantTrials(3500))})}});
    EXPECT_EQ(model.headerData(ResultsTableModel::MeanTicks, Qt::Horizontal).toString(), QStringLiteral("Mean ticks"));
    const int v = findRow(model, QStringLiteral("memory"), QStringLiteral("V-1"), QStringLiteral("exchange"));
    EXPECT_EQ(cell(model, v, ResultsTableModel::TrialTicks), QStringLiteral("4000 counter ticks"));
    ResultsFilterModel proxy;
    proxy.setSourceModel(&model);
    proxy.sort(ResultsTableModel::TrialTicks, Qt::AscendingOrder);
    QStringList order;
    for (int r = 0; r < proxy.rowCount(); ++r)
        order << proxy.index(r, ResultsTableModel::Instance).data().toString();
    // TSC ticks (3500, 5000), then counter ticks (4000, though it lies between them), then the cycles row (missing here).
    EXPECT_EQ(order, (QStringList{QStringLiteral("T-2"), QStringLiteral("T-1"), QStringLiteral("V-1"),
                                  QStringLiteral("C-1")}));
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

TEST(ResultsPage, ScreenshotsAt1024x700)
{
    const auto snapshots = realSnapshots();
    ASSERT_FALSE(snapshots.empty());
    QSettings().remove(QStringLiteral("results/hiddenColumns"));
    {
        // The page never holds the main window wider than 1000 px (its bar gained the Columns button).
        ResultsPage bare(nullptr);
        EXPECT_LE(bare.minimumSizeHint().width(), 1000) << bare.minimumSizeHint().width();
    }
    // Through a Workbench, as the application shows it (the columns fitted to their contents).
    Workbench workbench;
    ResultsPage page(&workbench);
    for (const auto &[label, data] : snapshots)
        workbench.addDataset(data, QString());
    page.resize(1024, 700);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    ASSERT_TRUE(settle(page));
    ASSERT_EQ(page.model()->rowCount() > 0, true);
    page.view()->sortByColumn(ResultsTableModel::MeanTime, Qt::DescendingOrder);
    QCoreApplication::processEvents();
    // The fitted key columns are the frozen view's too.
    int keys = 0;
    for (int c = 0; c < ResultsTableModel::KeyColumnCount; ++c) {
        EXPECT_EQ(page.frozenView()->columnWidth(c), page.view()->columnWidth(c)) << c;
        keys += page.view()->columnWidth(c);
    }
    EXPECT_EQ(page.frozenView()->width(), keys);
    ASSERT_TRUE(page.grab().save(shotPath(QStringLiteral("results-1024x700.png"))));
    page.view()->horizontalScrollBar()->setValue(page.view()->horizontalScrollBar()->maximum() / 2);
    QCoreApplication::processEvents();
    ASSERT_TRUE(page.grab().save(shotPath(QStringLiteral("results-scrolled-half.png"))));
    page.setColumnShown(ResultsTableModel::Checks, false);
    page.columnsMenu()->popup(page.mapToGlobal(QPoint(400, 40)));
    QCoreApplication::processEvents();
    ASSERT_TRUE(page.columnsMenu()->grab().save(shotPath(QStringLiteral("results-columns-menu.png"))));
    page.columnsMenu()->hide();
    page.setColumnShown(ResultsTableModel::Checks, true);
    QSettings().remove(QStringLiteral("results/hiddenColumns"));
}

// A live campaign's next snapshot holds the last one's rows plus the record
// just written: the record arrives as an inserted row at its place in the
// order (not a reset, which would drop the reader's scroll position and make
// a sorted view sort every row again), the others as changed data.
TEST(ResultsTableModel, ARecordWrittenIntoALiveDatasetArrivesAsAnInsertedRow)
{
    const Record x1 = sampledRecord("X-1", "exchange", constantTrials(1000));
    const Record x3 = sampledRecord("X-3", "exchange", constantTrials(3000));
    const Record x2 = sampledRecord("X-2", "exchange", constantTrials(2000));
    ResultsTableModel model;
    auto tester = attachTester(&model);
    ModelTesterLog log;
    model.setSnapshots({{QStringLiteral("live"), memoryDataset({x1, x3})}});
    ASSERT_EQ(model.rowCount(), 2);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy inserts(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);

    model.setSnapshots({{QStringLiteral("live"), memoryDataset({x1, x3, x2})}});
    EXPECT_EQ(resets.count(), 0);
    ASSERT_EQ(inserts.count(), 1);
    EXPECT_EQ(inserts[0][1].toInt(), 1) << "X-2 sorts between X-1 and X-3";
    EXPECT_EQ(inserts[0][2].toInt(), 1);
    EXPECT_GE(changes.count(), 1);
    ASSERT_EQ(model.rowCount(), 3);
    EXPECT_EQ(cell(model, 1, ResultsTableModel::Instance), QStringLiteral("X-2"));
    // Every row reads the newest snapshot: its records, not the replaced ones.
    const auto &newest = model.snapshots().front().second;
    for (int r = 0; r < model.rowCount(); ++r) {
        const Record *record = model.record(r);
        ASSERT_NE(record, nullptr);
        EXPECT_TRUE(record >= newest->records.data() && record < newest->records.data() + newest->records.size()) << r;
    }

    // A row gone (another campaign, a dataset renamed) is a reset.
    model.setSnapshots({{QStringLiteral("live"), memoryDataset({x1, x2})}});
    EXPECT_EQ(resets.count(), 1);
    model.setSnapshots({{QStringLiteral("renamed"), memoryDataset({x1, x2})}});
    EXPECT_EQ(resets.count(), 2);
    EXPECT_EQ(cell(model, 0, ResultsTableModel::DatasetColumn), QStringLiteral("renamed"));
    EXPECT_TRUE(log.failures().isEmpty()) << log.failures().join(QLatin1Char('\n')).toStdString();
}

// The Results page keeps what the reader selected while live rows arrive in place.
TEST(ResultsPage, KeepsTheSelectionWhileLiveRowsArrive)
{
    const Record x1 = sampledRecord("X-1", "exchange", constantTrials(1000));
    const Record x3 = sampledRecord("X-3", "exchange", constantTrials(3000));
    ResultsPage page(nullptr);
    page.resize(1000, 600);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    page.model()->setSnapshots({{QStringLiteral("live"), memoryDataset({x1, x3})}});
    page.view()->selectRow(1);
    QSignalSpy resets(page.model(), &QAbstractItemModel::modelReset);
    page.model()->setSnapshots(
        {{QStringLiteral("live"), memoryDataset({x1, x3, sampledRecord("X-2", "exchange", constantTrials(2000))})}});
    ASSERT_EQ(page.model()->rowCount(), 3);
    EXPECT_EQ(resets.count(), 0);
    const QModelIndexList selected = page.view()->selectionModel()->selectedRows();
    ASSERT_EQ(selected.size(), 1);
    EXPECT_EQ(selected.front().siblingAtColumn(ResultsTableModel::Instance).data().toString(), QStringLiteral("X-3"));
    EXPECT_EQ(page.proxy()->rowCount(), 3);
}

// Issue 33 item 16 (a): no blank column. A column no record has a figure in
// (Mean cycles of a TSC campaign, Stack and heap of harness data, Reason when
// nothing failed) is hidden, for kexbench and harness data alike.
TEST(ResultsPage, NoShownColumnIsEmptyInEveryRow)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    std::vector<ResultsTableModel::Snapshots> cases{{{QStringLiteral("campaign"), camp}}};
    if (haveReference())
        cases.push_back({{QStringLiteral("arm_1"), loadReference()}});
    const QString dash = QString::fromUtf8(fmt::kMissing);
    for (const auto &snapshots : cases) {
        ResultsPage page(nullptr);
        page.model()->setSnapshots(snapshots);
        ASSERT_GT(page.model()->rowCount(), 0);
        int shown = 0;
        for (int c = 0; c < ResultsTableModel::ColumnCount; ++c) {
            if (!page.isColumnShown(c))
                continue;
            ++shown;
            bool any = false;
            for (int r = 0; r < page.model()->rowCount() && !any; ++r) {
                const QString text = cell(*page.model(), r, c);
                any = !text.isEmpty() && text != dash;
            }
            EXPECT_TRUE(any) << snapshots.front().first.toStdString() << ": column "
                             << page.model()->headerData(c, Qt::Horizontal).toString().toStdString()
                             << " is empty in every row";
        }
        EXPECT_GT(shown, ResultsTableModel::KeyColumnCount + 5);
        // Nor a blank strip between the key columns laid over the table and the figures.
        page.resize(1200, 700);
        page.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
        QCoreApplication::processEvents();
        QTableView *keys = page.frozenView();
        int keyWidth = 0;
        for (int c = 0; c < ResultsTableModel::KeyColumnCount; ++c) {
            EXPECT_EQ(keys->columnWidth(c), page.view()->columnWidth(c)) << c;
            keyWidth += keys->columnWidth(c);
        }
        EXPECT_EQ(keys->width(), keyWidth);
        EXPECT_EQ(keys->horizontalHeader()->length(), keyWidth);
        EXPECT_EQ(keys->viewport()->width(), keyWidth);
        EXPECT_TRUE(page.isColumnShown(ResultsTableModel::MeanTime));
        // The chooser says why such a column cannot be shown.
        for (QAction *action : page.columnsMenu()->actions())
            if (action->isCheckable() && page.model()->columnIsEmpty(action->data().toInt()))
                EXPECT_FALSE(action->isEnabled()) << action->text().toStdString();
    }
}

// (a): the heap columns are the report's section 5 "Memory per operation
// (kexbench)" figures of the same records, and their headers name the statistic.
TEST(ResultsTableModel, HeapColumnsShowTheReportsMemoryFigures)
{
    const auto camp = sampledCampaign();
    ASSERT_TRUE(camp);
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("campaign"), camp}});
    const Report report = build_report(*camp, ReportOptions{});
    const ReportTable *memory = report.table("resources-kexbench");
    ASSERT_NE(memory, nullptr);
    auto field = [&](const char *name) {
        const auto it = std::find(memory->data_header.begin(), memory->data_header.end(), name);
        return static_cast<size_t>(it - memory->data_header.begin());
    };
    auto number = [](const DataValue &v) -> std::optional<double> {
        if (const auto *i = std::get_if<int64_t>(&v))
            return static_cast<double>(*i);
        if (const auto *d = std::get_if<double>(&v))
            return *d;
        return std::nullopt;
    };
    auto sortValue = [&](int row, int column) -> std::optional<double> {
        const QVariant v = model.index(row, column).data(ResultsTableModel::SortRole);
        return v.isValid() ? std::optional<double>(v.toDouble()) : std::nullopt;
    };
    int compared = 0, heapFigures = 0;
    for (const auto &row : memory->data_rows) {
        const auto text = [&](size_t f) { return QString::fromStdString(std::get<std::string>(row[f])); };
        const int r = findRow(model, QStringLiteral("campaign"), text(field("instance")), text(field("operation")));
        ASSERT_GE(r, 0);
        for (const auto &[name, column] :
             {std::pair{"heap_peak_bytes", int(ResultsTableModel::HeapPeak)},
              std::pair{"heap_allocations_per_operation", int(ResultsTableModel::HeapAllocations)},
              std::pair{"stack_bytes", int(ResultsTableModel::Stack)}}) {
            const std::optional<double> expected = number(row[field(name)]);
            EXPECT_EQ(sortValue(r, column), expected) << name << " row " << r;
            EXPECT_EQ(cell(model, r, column).toStdString(),
                      expected ? memory_count_text(*expected) : std::string(fmt::kMissing))
                << name << " row " << r;
            if (expected && column != ResultsTableModel::Stack)
                ++heapFigures;
        }
        ++compared;
    }
    EXPECT_EQ(compared, model.rowCount());
#if defined(__SANITIZE_ADDRESS__)
    // The heap pass does not run under AddressSanitizer (it owns the allocator): every cell is the dash, as in §5.
    EXPECT_EQ(heapFigures, 0);
#else
    EXPECT_GT(heapFigures, 0) << "the fixture campaign's memory pass measured no heap figure";
#endif
    EXPECT_EQ(model.headerData(ResultsTableModel::HeapPeak, Qt::Horizontal).toString(),
              QStringLiteral("Heap peak (bytes)"));
    EXPECT_EQ(model.headerData(ResultsTableModel::HeapAllocations, Qt::Horizontal).toString(),
              QStringLiteral("Allocations/op (mean)"));
    EXPECT_EQ(model.headerData(ResultsTableModel::Stack, Qt::Horizontal).toString(),
              QStringLiteral("Stack peak (bytes)"));
    auto headerTip = [&](int column) { return model.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString(); };
    EXPECT_TRUE(
        headerTip(ResultsTableModel::HeapPeak).contains(QStringLiteral("the largest over the pass's exchanges")));
    EXPECT_TRUE(
        headerTip(ResultsTableModel::HeapAllocations).contains(QStringLiteral("the mean over the pass's exchanges")));
    EXPECT_TRUE(headerTip(ResultsTableModel::Stack).contains(QStringLiteral("deepest stack use")));
}

// (b): harness data counts cycles per trial, so "kexbench median cycles" is
// the median of the trial means in cycles; without a count for every trial
// it says n/a and why.
TEST(ResultsTableModel, HarnessCyclesGiveTheMedianOfTrialMeans)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    const auto arm = loadReference();
    ASSERT_TRUE(arm);
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("arm_1"), arm}});
    ASSERT_GT(model.rowCount(), 0);
    for (int r = 0; r < model.rowCount(); ++r) {
        std::vector<double> means; // each trial's cycles per call, computed here from the record
        for (const TrialTotals &t : model.record(r)->trials)
            if (t.measurements > 0 && t.cycles)
                means.push_back(*t.cycles / static_cast<double>(t.measurements));
        ASSERT_FALSE(means.empty()) << r;
        std::sort(means.begin(), means.end());
        const size_t n = means.size();
        const double median = n % 2 ? means[n / 2] : (means[n / 2 - 1] + means[n / 2]) / 2;
        EXPECT_EQ(cell(model, r, ResultsTableModel::TrialCycles).toStdString(), fmt::fmt_int(median)) << r;
        EXPECT_DOUBLE_EQ(model.index(r, ResultsTableModel::TrialCycles).data(ResultsTableModel::SortRole).toDouble(),
                         median);
        const QString tip = cell(model, r, ResultsTableModel::TrialCycles, Qt::ToolTipRole);
        EXPECT_TRUE(tip.contains(QStringLiteral("median of trial means over %1 trial").arg(n))) << tip.toStdString();
    }

    // A harness record with a trial the driver counted no cycles for.
    Record r = *model.record(0);
    r.trials.at(1).cycles.reset();
    ResultsTableModel timeOnly;
    timeOnly.setSnapshots({{QStringLiteral("memory"), memoryDataset({r})}});
    EXPECT_EQ(cell(timeOnly, 0, ResultsTableModel::TrialCycles), QStringLiteral("n/a"));
    EXPECT_FALSE(timeOnly.index(0, ResultsTableModel::TrialCycles).data(ResultsTableModel::SortRole).isValid());
    EXPECT_TRUE(cell(timeOnly, 0, ResultsTableModel::TrialCycles, Qt::ToolTipRole)
                    .contains(QStringLiteral("no cycle count for some trial")));
}
