// SPDX-License-Identifier: GPL-3.0-or-later
// The results table on real data: the arm_1 reference campaign of the
// published harness (trial totals only) and a small kexbench campaign made
// here with real runner children (per-iteration samples), under
// QAbstractItemModelTester; numeric sorting, filtering, failed records and
// "Copy as CSV" through the Results page.
#include "gui_test_util.h"

#include "models/resultstablemodel.h"
#include "resultspage.h"

#include "core/campaign.h"
#include "core/dataset.h"
#include "core/format.h"
#include "core/report.h"
#include "core/stats.h"

#include <QApplication>
#include <QClipboard>
#include <QColor>
#include <QDir>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QTableView>
#include <QTemporaryDir>

#include <atomic>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

struct Silent : CampaignObserver {
    void on_event(const CampaignEvent &) override {}
};

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
    CampaignOptions o;
    for (const char *name : {"ECDHE-P256", "X25519-NIKE"})
        o.libraries.push_back(std::string(KEXBENCH_INSTANCE_DIR) + "/lib" + name + ".so");
    o.mode = "fixed";
    o.planning.trial_target_s = 0.01;
    o.planning.op_budget_s = 30;
    o.kat = false;
    o.system_label = "results_test";
    o.out_dir = dir.filePath(QStringLiteral("campaign")).toStdString();
    Silent observer;
    std::atomic<bool> cancel{false};
    auto summary = run_campaign(o, observer, cancel);
    if (!summary) {
        ADD_FAILURE() << summary.error();
        return nullptr;
    }
    auto d = load_dataset(o.out_dir);
    if (!d) {
        ADD_FAILURE() << d.error();
        return nullptr;
    }
    dataset = std::make_shared<const Dataset>(std::move(d.value()));
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
        const int r = findRow(model, QStringLiteral("arm_1"), QString::fromStdString(plain_text(row[0])).section(QLatin1Char(' '), 0, 0),
                              QString::fromStdString(row[1]));
        ASSERT_GE(r, 0) << row[0] << " " << row[1];
        EXPECT_EQ(cell(model, r, ResultsTableModel::MeanCycles).toStdString(), row[2]);
        EXPECT_EQ(cell(model, r, ResultsTableModel::MeanTime).toStdString(), row[3]);
        EXPECT_EQ(cell(model, r, ResultsTableModel::OpsPerSecond).toStdString(), row[4]);
        EXPECT_EQ(cell(model, r, ResultsTableModel::MedianTime).toStdString(), row[5]); // the median trial
        EXPECT_EQ(cell(model, r, ResultsTableModel::Measurements).toStdString(), row[6]);
        ++compared;
    }
    EXPECT_EQ(compared, model.rowCount());

    const int ex = findRow(model, QStringLiteral("arm_1"), QStringLiteral("ADKEX-128"), QStringLiteral("exchange"));
    const Record *rec = model.record(ex);
    ASSERT_NE(rec, nullptr);
    // No samples: the median is the median trial, the CI cannot be given.
    EXPECT_EQ(cell(model, ex, ResultsTableModel::MedianCycles).toStdString(), fmt::fmt_int(rec->median_trial_cycles));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::MedianCi), QString::fromUtf8(fmt::kMissing));
    EXPECT_FALSE(model.index(ex, ResultsTableModel::MedianCi).data(ResultsTableModel::SortRole).isValid());
    EXPECT_TRUE(cell(model, ex, ResultsTableModel::MedianCi, Qt::ToolTipRole).contains(QStringLiteral("Trial totals only")));
    // Sizes: build.json's ELF image, total_msg_bytes 2400 + pk_bytes 800.
    EXPECT_EQ(cell(model, ex, ResultsTableModel::ElfImage),
              QString::number(*arm->build_for(rec->candidate, rec->label)->elf_load_bytes));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Bandwidth), QStringLiteral("3200"));
    EXPECT_DOUBLE_EQ(model.index(ex, ResultsTableModel::Bandwidth).data(ResultsTableModel::SortRole).toDouble(), 3200.0);
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
    const int ex = findRow(model, QStringLiteral("campaign"), QStringLiteral("X25519-NIKE"), QStringLiteral("exchange"));
    ASSERT_GE(ex, 0);
    const Record *rec = model.record(ex);
    ASSERT_TRUE(rec && rec->kexbench);
    const RecordSamples &k = *rec->kexbench;
    const std::vector<double> ticks(k.ticks.begin(), k.ticks.end()), ns(k.ns.begin(), k.ns.end());
    EXPECT_EQ(cell(model, ex, ResultsTableModel::MedianCycles).toStdString(), fmt::fmt_int(stats::median(ticks)));
    EXPECT_DOUBLE_EQ(model.index(ex, ResultsTableModel::MedianCycles).data(ResultsTableModel::SortRole).toDouble(),
                     stats::median(ticks));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::MedianTime).toStdString(), fmt::fmt_time(stats::median(ns) * 1e-9));
    ASSERT_TRUE(k.ci_relative_width.has_value());
    EXPECT_EQ(cell(model, ex, ResultsTableModel::MedianCi).toStdString(), fmt::py_format(*k.ci_relative_width, '%', 2));
    EXPECT_TRUE(cell(model, ex, ResultsTableModel::MedianCycles, Qt::ToolTipRole)
                    .contains(QStringLiteral("From %1 per-iteration sample").arg(k.ticks.size())));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Counter),
              QStringLiteral("%1 (%2)").arg(QString::fromStdString(k.counter),
                                            k.core_cycles ? QStringLiteral("cycles") : QString::fromStdString(k.counter_unit)));
    EXPECT_EQ(cell(model, ex, ResultsTableModel::Measurements),
              QStringLiteral("%1 (%2 \u00d7 %3)").arg(rec->measurements).arg(rec->plan.trials).arg(rec->plan.iterations_per_trial));
    // Ticks are not passed off as cycles in the header: mixed units say so.
    const QString meanHeader = model.headerData(ResultsTableModel::MeanCycles, Qt::Horizontal).toString();
    if (arm && !k.core_cycles) {
        EXPECT_EQ(meanHeader, QStringLiteral("Mean cycles / ticks"));
    }
    model.setSnapshots({{QStringLiteral("campaign"), camp}});
    EXPECT_EQ(model.headerData(ResultsTableModel::MeanCycles, Qt::Horizontal).toString(),
              k.core_cycles ? QStringLiteral("Mean cycles") : QStringLiteral("Mean ") + QString::fromStdString(k.counter_unit));
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

    for (int column : {int(ResultsTableModel::MeanCycles), int(ResultsTableModel::MeanTime),
                       int(ResultsTableModel::OpsPerSecond), int(ResultsTableModel::PeakRss)}) {
        proxy.sort(column, Qt::AscendingOrder);
        double previous = -1;
        QStringList texts;
        for (int r = 0; r < proxy.rowCount(); ++r) {
            const QVariant v = proxy.index(r, column).data(ResultsTableModel::SortRole);
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
        EXPECT_FALSE(proxy.index(proxy.rowCount() - 1, ResultsTableModel::Stack).data(ResultsTableModel::SortRole).isValid());
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
    const int r = findRow(model, QStringLiteral("broken"), QString::fromStdString(badLabel), QString::fromStdString(badOp));
    ASSERT_GE(r, 0);
    EXPECT_EQ(cell(model, r, ResultsTableModel::Status), QStringLiteral("failed"));
    EXPECT_EQ(cell(model, r, ResultsTableModel::Reason), QStringLiteral("trial 3: child killed by SIGSEGV, core dumped"));
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
    EXPECT_EQ(proxy.rowCount(), static_cast<int>(std::count_if(camp->records.begin(), camp->records.end(),
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
    ASSERT_EQ(page.model()->rowCount(), static_cast<int>(camp->records.size()));

    // Nothing selected: every row, header first, CRLF line ends, RFC 4180 quoting.
    const QString all = page.csv();
    QStringList lines = csvLines(all);
    ASSERT_EQ(lines.size(), page.model()->rowCount() + 1);
    QStringList header;
    for (int c = 0; c < ResultsTableModel::ColumnCount; ++c)
        header << page.model()->headerData(c, Qt::Horizontal).toString();
    EXPECT_EQ(lines[0], header.join(QLatin1Char(',')));
    EXPECT_TRUE(lines[0].startsWith(QStringLiteral("Dataset,Instance,Operation,Mean ")));
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
    EXPECT_TRUE(lines[1].startsWith(label + QLatin1Char(',') + first)) << lines[1].toStdString();
    page.copyCsv();
    EXPECT_EQ(QApplication::clipboard()->text(), page.csv());

    // The filter narrows the "all rows" copy too.
    page.view()->clearSelection();
    page.filterEdit()->setText(QStringLiteral("derive_b"));
    EXPECT_EQ(csvLines(page.csv()).size(), 1 + page.proxy()->rowCount());
    EXPECT_EQ(page.proxy()->rowCount(), 2);
    page.filterEdit()->clear();

    // Workbench changes reach the table: a rename, a second dataset, a removal.
    workbench.renameDataset(0, QStringLiteral("renamed"));
    EXPECT_EQ(page.model()->index(0, ResultsTableModel::DatasetColumn).data().toString(), QStringLiteral("renamed"));
    workbench.addDataset(camp, QString());
    EXPECT_EQ(page.model()->rowCount(), 2 * static_cast<int>(camp->records.size()));
    workbench.removeDataset(0);
    EXPECT_EQ(page.model()->rowCount(), static_cast<int>(camp->records.size()));
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
    page.view()->sortByColumn(ResultsTableModel::MeanCycles, Qt::DescendingOrder);
    const QString path = QDir::temp().filePath(QStringLiteral("kexbench-results-page.png"));
    ASSERT_TRUE(page.grab().save(path));
    EXPECT_GT(QFileInfo(path).size(), 0);
}
