// SPDX-License-Identifier: GPL-3.0-or-later
// The constant-time checks (core/data/ct_record.h) of every open source as one
// table row per (source, instance, operation): the largest |t| and its crop,
// the measurements per class, the verdict and the counter. A source is a
// dataset's folder or a folder `kexbench-cli ct --out DIR` wrote; its records
// are DIR/ct/*.json. Rows are ordered by instance, operation, then source, so
// an x86-64 and an aarch64 check of one operation sit one under the other.
// Data only: the Constant time page puts a view and a plot in front of it.
//
// The t-test is recomputed from the stored measurements (CtRecord::battery()),
// never taken from the summary a record carries. Reading and recomputing run
// in prepare(), which is safe on a worker thread; apply() swaps the rows in.
#pragma once

#include "core/analysis/ct.h"
#include "core/data/ct_record.h"

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>
#include <QVector>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace kexbench::ui {

// A folder that may hold ct/*.json, and the name its rows show.
struct CtSource {
    QString label;
    QString folder;
};

// The folder to read for a path the reader picked: the path itself when it
// holds ct/, its parent when it is a ct/ folder; empty when it is neither.
// Touches the file system (two stats), nothing more.
QString ctSourceFolder(const QString &picked);

// One class's measurements, ready to draw: the ECDF as step points (x, the
// fraction of the class at or below x) and a histogram on bins shared by both
// classes. Measurements past the view's upper end are left out of both
// drawings and counted in `beyond`.
struct CtClassSeries {
    QVector<double> ecdfX, ecdfY;
    QVector<double> binCenter, density; // density: fraction of the class per counter unit
    uint64_t count = 0;                 // measurements of the class drawn from (shown and beyond)
    uint64_t beyond = 0;
};

struct CtPlotData {
    CtClassSeries fixed, random;
    double viewLow = 0, viewHigh = 0; // the x range: the pooled minimum to the pooled `cutQuantile`
    double cutQuantile = 0.99;
    double binWidth = 1;
    bool calibrationLeftOut = false; // the first kCtCalibrationMeasurements are not drawn (nor tested)
    bool empty() const { return fixed.count == 0 && random.count == 0; }
};

// The measurements the test used (those after calibration; all of them when
// there are too few to calibrate), per class, cut at `cutQuantile` of both classes.
CtPlotData computeCtPlot(const CtRecord &record, double cutQuantile = 0.99, int maxEcdfPoints = 2000);

class CtResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        DatasetColumn, // the source's label: the dataset (system) or the folder's name
        Instance,
        Operation,
        Machine, // the library's ELF machine
        MaxAbsT,
        Crop,       // the test with the largest |t|: uncropped or "below pN"
        FixedCount, // measurements per class in the uncropped test
        RandomCount,
        Seconds,
        Verdict,
        Counter,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole, // raw number or text behind the cell
        VerdictRole,             // QString: ct_verdict()'s untranslated word ("leak", "no leak detected", "n/a")
        SourceIndexRole,         // int: position of the row's source in the sources given to prepare()
        PathRole,                // QString: the record file
    };

    struct Row {
        int source = 0;
        QString sourceLabel;
        std::shared_ptr<const CtRecord> record;
        std::optional<double> maxAbsT;        // nullopt: no t (too few measurements, or no variance)
        std::optional<double> cropPercentile; // the strongest test's crop; nullopt: uncropped
        double cropThreshold = 0;             // its bound, in counter units
        uint64_t fixed = 0, random = 0;       // measurements in the uncropped test
        CtVerdict verdict = CtVerdict::not_available;
        CtPlotData plot;
    };
    struct Prepared {
        std::vector<Row> rows;
        QStringList problems; // files that could not be read, one line each
    };

    explicit CtResultsModel(QObject *parent = nullptr);
    ~CtResultsModel() override;

    // Reads every source's ct/ folder and runs the test over each record.
    // Touches no model: safe on a worker thread.
    static std::shared_ptr<Prepared> prepare(std::vector<CtSource> sources);
    void apply(std::shared_ptr<Prepared> prepared);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const Row *row(int row) const;
    // Identifies a row across reloads (source, instance, operation), to keep a selection.
    QString rowKey(int row) const;
    int rowOfKey(const QString &key) const; // -1 when absent
    QStringList problems() const { return problems_; }

    // The words a verdict shows, in the UI's language from core's one table, and how a crop
    // reads ("below p50.0").
    static QString verdictText(CtVerdict verdict);
    static QString cropText(const std::optional<double> &percentile);
    // Where the runner ran: "this host" in the UI's language, an emulator or remote command as recorded.
    static QString hostText(const std::string &host);

public slots:
    // Headers and the words in cells follow the installed translator.
    void retranslate();

private:
    QVariant display(const Row &row, int column) const;
    QVariant sortKey(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;
    QString columnMeaning(int column) const;

    std::vector<Row> rows_;
    QStringList problems_;
};

} // namespace kexbench::ui
