// SPDX-License-Identifier: GPL-3.0-or-later
// Distributions of per-iteration samples: histogram, box plot, ECDF (QCustomPlot).
//
// The figures are computed by computeDistribution(), a pure function of the
// records and the options (no widgets, so tests check the numbers); the page
// only turns a DistributionPlot into QCustomPlot plottables. Harness records
// carry trial totals only: they become per-trial means drawn as points and
// labelled as such, never a histogram made up from five numbers.
#pragma once

#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstddef>
#include <limits>
#include <map>
#include <memory>
#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPTextElement;
class QCPLayoutGrid;
class QKeyEvent;
class QLabel;
class QPushButton;

namespace kexbench {
struct Dataset;
struct Record;
} // namespace kexbench

namespace kexbench::ui {

class Workbench;

enum class PlotKind { Histogram, Box, Ecdf };
enum class ValueUnit { Counter, Time };

struct DistributionOptions {
    PlotKind kind = PlotKind::Histogram;
    ValueUnit unit = ValueUnit::Counter;
    bool logScale = false;     // value axis logarithmic (histogram bins become log-spaced)
    bool hideOutliers = false; // drop Tukey outliers (1.5 IQR) from histogram/ECDF, and the box's outlier points
};

struct DistributionInput {
    QString dataset;                // legend label of the dataset
    const Record *record = nullptr; // null: the dataset has no record for the selection
};

struct DistributionSeries {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    QString dataset;
    QString name;            // legend entry
    bool trialOnly = false;  // no per-iteration samples: trialMeans only
    std::size_t n = 0;       // samples (or trials) the record has in this unit
    std::size_t shown = 0;   // of them, drawn (after hiding outliers / non-positive values on a log axis)
    std::size_t hidden = 0;  // Tukey outliers left out
    std::size_t beyondView = 0; // drawn but outside viewLow..viewHigh (the axis zooms to the bulk)
    // Values below are in the plot's display unit (raw / DistributionPlot::scale).
    // Histogram: the non-empty bins of one regular grid (in log10 on a log
    // axis) whose width Freedman-Diaconis chose for the bulk (inside Tukey's
    // fences), extended over the outliers so a far tail cannot squash the
    // bulk into one bin. The counts sum to `shown`.
    // Overlaid series share that grid (the finest of their own widths) and
    // list the same bins, zero where a series has none; density = count /
    // (shown x width), width in display units (in log10 units on a log axis),
    // so each series' area is 1 and n = 6355 reads beside n = 447.
    std::vector<double> binLow, binHigh, counts, density;
    bool logBins = false;
    double viewLow = kNaN, viewHigh = kNaN; // value range worth showing
    double whiskerLow = kNaN, q1 = kNaN, median = kNaN, q3 = kNaN, whiskerHigh = kNaN; // box
    std::vector<double> outliers;     // box: beyond the 1.5 IQR fences, distinct values
    std::vector<double> ecdfX, ecdfY; // ECDF steps (thinned to a few thousand points)
    std::vector<double> trialMeans;   // trialOnly: per-trial mean of one call
};

struct DistributionPlot {
    PlotKind kind = PlotKind::Histogram;
    bool logScale = false;
    ValueUnit unit = ValueUnit::Counter; // effective (Counter may be forced to Time)
    QString unitName;                    // "TSC ticks", "cycles", "ns", "µs", "ms"
    double scale = 1;                    // display value = raw value / scale
    QString valueLabel;                  // value-axis label with its unit
    QStringList notes;                   // shown above the plot
    double viewLow = DistributionSeries::kNaN, viewHigh = DistributionSeries::kNaN; // value axis, before margins
    double binWidth = DistributionSeries::kNaN; // histogram: the common bin width (raw units, or log10 on a log axis)
    std::vector<DistributionSeries> series;
};

// Sorted sample values per record and unit. Sorting 100 000 samples is the
// only costly step, so it happens once per record, not on every option change.
class SampleCache {
public:
    const std::vector<double> &sorted(const Record &record, ValueUnit unit);
    void clear() { cache_.clear(); }
    // How many times samples were sorted: an option change that needs no new sort must not add one.
    size_t sorts() const { return sorts_; }

private:
    std::map<std::pair<const Record *, int>, std::vector<double>> cache_;
    size_t sorts_ = 0;
};

DistributionPlot computeDistribution(const std::vector<DistributionInput> &inputs, const DistributionOptions &options,
                                     SampleCache &cache);

class DistributionsPage : public QWidget {
    Q_OBJECT
public:
    using Snapshots = std::vector<std::pair<QString, std::shared_ptr<const Dataset>>>;

    // workbench may be null (tests): then setSnapshots() provides the datasets.
    explicit DistributionsPage(Workbench *workbench, QWidget *parent = nullptr);
    ~DistributionsPage() override;

    void setSnapshots(Snapshots snapshots);

    // Selection and options, as the controls set them.
    bool select(int dataset, const QString &label, const QString &operation);
    void setOverlay(int dataset); // -1: none
    void setOptions(const DistributionOptions &options);
    DistributionOptions options() const;

    const DistributionPlot &current() const { return current_; }
    // The notes shown above the plot (in the plot, so exported figures keep them).
    QString noteText() const;
    QCustomPlot *plot() const { return plot_; }

    bool savePng(const QString &path);
    bool savePdf(const QString &path);

    // The text the hover tooltip shows for a point of the plot widget (empty
    // outside the axis rect): histogram bin range and each series' density
    // and count there; ECDF fraction; box quartiles.
    QString hoverTextAt(const QPointF &plotPos) const;
    // What the last mouse move over the plot showed.
    QString hoverText() const { return hoverText_; }
    // The axis ranges the plot was drawn with (what resetZoom() restores).
    bool isZoomed() const;

public slots:
    void refresh(); // re-reads the Workbench's datasets
    void resetZoom(); // back to the full ranges (double-click on the plot, Home)

protected:
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslateUi();
    void fillDatasets();
    void fillInstances();
    void fillOperations();
    void replot();
    void render();
    void saveAs(bool pdf);
    const Record *recordFor(int dataset) const;

    Workbench *workbench_;
    Snapshots snapshots_;
    SampleCache cache_;
    DistributionPlot current_;

    QComboBox *dataset_ = nullptr;
    QComboBox *instance_ = nullptr;
    QComboBox *operation_ = nullptr;
    QComboBox *overlay_ = nullptr;
    QComboBox *kind_ = nullptr;
    QComboBox *unit_ = nullptr;
    QCheckBox *log_ = nullptr;
    QCheckBox *hideOutliers_ = nullptr;
    QPushButton *savePng_ = nullptr;
    QPushButton *savePdf_ = nullptr;
    QList<QLabel *> captions_;
    QCustomPlot *plot_ = nullptr;
    QCPTextElement *title_ = nullptr;
    QCPTextElement *plotNote_ = nullptr;
    QCPLayoutGrid *legendRow_ = nullptr; // in the plot layout only while there is a legend
    // Ranges set by render(): x, y, y2.
    double fullRanges_[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    QString hoverText_;
};

} // namespace kexbench::ui
