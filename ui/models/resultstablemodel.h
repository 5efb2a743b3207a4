// SPDX-License-Identifier: GPL-3.0-or-later
// Every record of every open dataset as one table row (dataset x instance x
// operation) with the figures a reader compares: the published method's
// means and median trial, kexbench's trial-level median and its 95 % CI over
// trials (the trial, one fresh runner process, is the unit of replication),
// the consistency checks, memory, sizes, and whether the record is complete.
// Data only: the Results page puts a view and a filter in front of it.
//
// Each role answers one question, so views and exports never re-derive
// numbers: DisplayRole is the text a reader sees (core/format, like the
// published pages), SortRole the raw number behind it (so "1.52 M" sorts
// after "980 k"), ToolTipRole what the figure means or why a record failed.
#pragma once

#include "core/analysis/report.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QString>
#include <QVariant>
#include <QVector>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace kexbench {
struct Dataset;
struct Record;
} // namespace kexbench

namespace kexbench::ui {

class ResultsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        DatasetColumn,
        Instance,
        Operation,
        // The published method, unchanged: means over all timed calls and the median trial.
        // Counts sit in the column of their unit, so a sort never compares cycles with ticks:
        MeanCycles, // core cycles (a PMU counter, or the harness's perf_event count)
        MeanTicks,  // any other counter unit (TSC ticks, counter ticks, ns); grouped by unit when sorted
        MeanTime,
        MedianTrial,
        OpsPerSecond,
        // kexbench's trial-level figures (core/analysis/trial_stats.h).
        TrialTime,   // median of trial medians, time
        TrialCi,     // relative width of its 95 % CI over trials, or "n/a"
        TrialCycles, // median of trial medians, core cycles
        TrialTicks,  // median of trial medians, other counter units (as MeanTicks)
        Trials,      // kept trials, "+N retried"
        Checks,      // core/analysis/consistency.h flags and the exchange-vs-steps check
        Measurements,
        BaselineRss,
        PeakRss,
        // kexbench's memory pass, as the report's section 5 "Memory per operation (kexbench)"
        // has them (core operation_memory):
        HeapPeak,        // peak live requested bytes, the largest over the pass's exchanges
        HeapAllocations, // allocating calls per operation, the mean over those exchanges
        ElfImage,
        Stack,
        Bandwidth,
        Kat, // the instance's KAT result in the dataset: passed, failed (why), no KAT file, not run
        Counter,
        Status,
        Reason,
        ColumnCount,
        // The columns that identify a row: the Results page keeps them in view.
        KeyColumnCount = Operation + 1
    };
    // What the Kat column says (its SortRole, in this order).
    enum KatResult { KatPassed, KatNotRun, KatNoFile, KatFailed };
    enum Role {
        SortRole = Qt::UserRole, // raw number (or sort key) behind the text; invalid when missing
        FailedRole,              // bool: the record is not complete
        DatasetIndexRole,        // int: position of the row's dataset in the snapshots
        DisturbedRole,           // bool: some kept trial never got a clean attempt
        UnitRole,                // QString: the row's counter unit ("cycles", "TSC ticks", ...)
    };

    // A stable, untranslated name of each column ("mean_cycles", "kat"): the
    // Results page stores its hidden columns by these names.
    static QString columnKey(int column);
    static int columnOfKey(const QString &key); // -1 when unknown

    // (label shown in the Dataset column, snapshot); the order is the dataset order.
    using Snapshots = std::vector<std::pair<QString, std::shared_ptr<const Dataset>>>;

    explicit ResultsTableModel(QObject *parent = nullptr);
    ~ResultsTableModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Replaces the rows: the snapshots are immutable, so the rows keep the
    // shared_ptrs and never see a dataset change under them. When the new
    // snapshots hold every row of the old ones in the same order (a live
    // campaign's next snapshot), the rows written since arrive as inserted
    // rows and the others as changed data; anything else is one reset.
    void setSnapshots(Snapshots snapshots);
    // setSnapshots() in two halves, so the slow one runs off the GUI thread:
    // prepare() computes every row (trial statistics over the samples, the
    // accounting files read from disk) without touching any model and is
    // safe on a worker thread; apply() swaps the rows in, and says whether
    // that took a reset (false: inserted and changed rows).
    struct Prepared;
    static std::shared_ptr<Prepared> prepare(Snapshots snapshots);
    bool apply(std::shared_ptr<Prepared> prepared);
    const Snapshots &snapshots() const { return snapshots_; }

    // The record behind a row (valid while the model holds its snapshot).
    const Record *record(int row) const;
    // Identifies a row across resets (dataset, candidate, instance, operation), to restore a selection.
    QString rowKey(int row) const;

    // The given rows (all when empty) as a report table of the displayed
    // texts, header first, for core render_csv; `columns` (display columns,
    // all when empty) picks the columns, and the machine-readable twin keeps
    // the fields that belong to those columns.
    ReportTable toReportTable(const QVector<int> &rows = {}, const QVector<int> &columns = {}) const;

    // No row has a figure in the column (every cell "–" or empty, e.g. Mean
    // cycles of a TSC campaign, Stack of harness data): the Results page hides
    // it, so no blank column stands between the figures. Key columns never are.
    bool columnIsEmpty(int column) const;

    // One table row, defined in the .cpp; public only so that file's helper
    // functions can fill it.
    struct Row;

public slots:
    // Headers and the words in cells follow the installed translator.
    void retranslate();

signals:
    // New snapshots are in (after a reset, or after the inserted and changed rows).
    void snapshotsApplied();

private:
    bool applyInPlace(Prepared &prepared);
    QVariant display(const Row &row, int column) const;
    QVariant sortKey(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;
    QVariant decoration(const Row &row, int column) const;
    QString trialToolTip(const Row &row, int column) const;
    QString memoryToolTip(const Row &row, int column) const;
    QString ticksText(const Row &row, double ticks) const;
    QString checksToolTip(const Row &row) const;
    QString columnMeaning(int column) const;
    static QString retriedText(int retried);

    Snapshots snapshots_;
    std::vector<Row> rows_;
    QString counterUnits_;        // "cycles (arm_1); TSC ticks (x86 run)" for the cycles header tooltips
    QStringList tickUnits_;       // distinct units of the ticks columns (not cycles), for their header and cells
    QStringList accountingFiles_; // per snapshot: the bandwidth accounting file's name; empty when none was read
};

// The Results page's filter: case-insensitive words that must each occur in
// the dataset, instance or operation, and optionally only failed records.
// Sorts by ResultsTableModel::SortRole.
class ResultsFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit ResultsFilterModel(QObject *parent = nullptr);

    void setText(const QString &text);
    QString text() const { return text_; }
    void setFailedOnly(bool failedOnly);
    bool failedOnly() const { return failedOnly_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    // The ticks columns compare the unit first: TSC ticks never sort among counter ticks.
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString text_;
    bool failedOnly_ = false;
};

} // namespace kexbench::ui
