// SPDX-License-Identifier: GPL-3.0-or-later
// Two datasets compared (core/analysis/compare.h): one row per instance x operation
// present in both, with both sides' mean cycles and time and their ratios B / A
// (the published method), then the trial-level figures: the ratio of the
// medians of trial values with its interval, the verdict and p of the
// Mann-Whitney U test over trials, the trial counts, each side's median of
// trial values with its interval, kexbench's memory per operation (heap peak,
// allocations/op, stack peak of both sides and B / A), and the row's notes. Cell text is core's
// (comparison_tables: the cells of `kexbench-cli compare`); SortRole holds the
// numbers. The free functions below turn a Comparison into bar-chart series
// for the Compare page. Data only: no widgets.
#pragma once

#include "core/analysis/compare.h"

#include <QAbstractTableModel>
#include <QStringList>
#include <QVector>

#include <memory>
#include <string>
#include <vector>

namespace kexbench::ui {

class CompareTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Instance,
        Operation,
        CyclesA,
        CyclesB,
        CyclesRatio, // the published method's means
        TimeA,
        TimeB,
        TimeRatio,
        MedianRatio,
        RatioCi, // trial level: median of trial values B / A
        VerdictColumn,
        PValue, // the rank test over trials, next to its ratio
        Trials,
        MedianA,
        CiA,
        MedianB,
        CiB,
        HeapPeakA,
        HeapPeakB,
        HeapPeakRatio, // kexbench's memory pass: bytes, B / A
        AllocationsA,
        AllocationsB,
        AllocationsRatio, // allocating calls per operation
        StackA,
        StackB,
        StackRatio, // bytes below the step's entry stack pointer
        Notes,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // double for figures (NaN when absent), text otherwise
        CandidateRole,               // QString
        VerdictRole,                 // int: -1 no test, else kexbench::Verdict (of verdict_test())
    };

    explicit CompareTableModel(QObject *parent = nullptr);

    // labelA / labelB name the sides in the headers; empty: the comparison's
    // system_a / system_b, which are the names its notes use (the Compare page
    // passes the Workbench labels to core as CompareOptions::label_a / label_b).
    void setComparison(std::shared_ptr<const Comparison> comparison, const QString &labelA = {},
                       const QString &labelB = {});
    void clear();
    const Comparison *comparison() const { return comparison_.get(); }
    QString labelA() const { return labelA_; }
    QString labelB() const { return labelB_; }

    // Under the table: the whole-comparison notes, then each table's notes
    // (the timings table's, the sample tables'), as core words them.
    const QStringList &notes() const { return notes_; }
    // The rows present on one side only, "ADKEX-128 pass3 (only in arm_1)".
    const QStringList &oneSided() const { return oneSided_; }
    // A side of some row has a heap or stack figure (core's compare-operation-memory
    // table exists); without one the page hides the memory columns.
    bool hasOperationMemory() const { return hasOperationMemory_; }
    static bool isMemoryColumn(int column) { return column >= HeapPeakA && column <= StackRatio; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

public slots:
    void retranslate();

private:
    QString testToolTip(const SampleTest &test) const;
    QString memoryToolTip(const OperationComparison &op, int column) const;

    struct Row {
        const OperationComparison *op = nullptr;
        const SampleTest *test = nullptr; // verdict_test()
        QStringList cells;                // ColumnCount texts
    };
    std::shared_ptr<const Comparison> comparison_;
    QString labelA_, labelB_;
    QVector<Row> rows_;
    QStringList notes_;
    QStringList oneSided_;
    bool hasOperationMemory_ = false;
};

// Beside a published page (Comparison::figures): core's compare-figures table,
// every instance x operation of both sides with its own figures (the page's as
// printed, with their precision) and no verdict. Empty otherwise.
class CompareFiguresModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit CompareFiguresModel(QObject *parent = nullptr);
    void setComparison(std::shared_ptr<const Comparison> comparison);
    void clear() { setComparison(nullptr); }
    QString title() const { return title_; }
    const QStringList &notes() const { return notes_; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Comparison> comparison_;
    QString title_;
    QStringList header_, notes_;
    QVector<QStringList> rows_;
};

// Grouped bars: one category per instance x operation (or quantity x instance),
// one value per side; NaN where a side has no value. `groups` and `items` split
// each category for small multiples: timing bars group by instance (items are
// operations), quantity bars by quantity (items are instances).
struct CompareBars {
    QStringList categories; // unique: "<group> <item>" (timing) or "<item> <group>" (quantities)
    QStringList groups, items;
    QVector<double> a, b;
    QString unit;      // of the values: "cycles", "µs", "KiB", ...
    bool time = false; // timing bars show mean time (the counters differ)
};

// Mean cycles per instance x operation when both sides' counters are comparable
// for every row, else mean time in the unit that suits the largest value.
CompareBars timing_bars(const Comparison &comparison);
// The listed quantities (e.g. "total_msg_bytes", "pk_bytes") of rows, in row
// order; bytes, or KiB when `kib`.
CompareBars quantity_bars(const std::vector<QuantityComparison> &rows, const std::vector<std::string> &quantities,
                          bool kib = false);

} // namespace kexbench::ui
