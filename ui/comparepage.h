// SPDX-License-Identifier: GPL-3.0-or-later
// Two datasets side by side, or two instances of one dataset (paired by round
// when the campaign was interleaved: compare_instances): first the ratios B / A with their intervals (a
// forest plot, QCustomPlot, from ratio_plot_data()), then grouped bars (Qt
// Charts) and the A/B ratio table. The comparison is core's (compare_datasets or
// compare_instances, computed off the GUI thread); the table is a CompareTableModel, the bars come
// from timing_bars() and quantity_bars(). Ratios read B / A, as in `kexbench-cli compare`.
#pragma once

#include "core/analysis/compare.h"
#include "models/ratioplot.h"

#include <QList>
#include <QWidget>

#include <memory>

class QChartView;
class QCustomPlot;
class QMouseEvent;
class QScrollArea;
class QCheckBox;
class QDoubleSpinBox;
class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;

namespace kexbench {
struct VerdictCheck;
}

namespace kexbench::ui {

class Workbench;
struct DatasetEntry;
class RefreshGate;
class CompareTableModel;
class CompareFiguresModel;
struct CompareBars;

class ComparePage : public QWidget {
    Q_OBJECT
public:
    // Chart tabs: the ratios B / A with their intervals (the first and default),
    // timings, sizes, and the exchange's hash/DRNG/rest shares (from profiles).
    enum ChartTab { RatiosTab, TimingsTab, SizesTab, SharesTab };
    // What A and B are: two datasets (Workbench rows), or two instances of one dataset.
    enum Mode { DatasetsMode, InstancesMode };

    explicit ComparePage(Workbench *workbench, QWidget *parent = nullptr);
    ~ComparePage() override;

    // For tests and the main window: the controls' actions without the mouse.
    void setDatasets(int a, int b); // Workbench rows
    // The reader's choice of mode (the selector's), remembered in QSettings as the margin is.
    void setMode(Mode mode);
    Mode mode() const;
    // Instances mode: the dataset (a Workbench row) and instances A and B (labels, as in its records).
    void setInstanceDataset(int row);
    void setInstances(const QString &a, const QString &b);
    QStringList instanceLabels() const; // the dataset's instances the A and B boxes offer
    QString instanceA() const;
    QString instanceB() const;
    void swapSides(); // the swap button: A and B datasets, or A and B instances
    // The instances to compare, named on the command line: the instances mode
    // with these (once the first dataset is open), not remembered.
    void preferInstances(const QString &a, const QString &b);
    void setCandidate(const QString &candidate); // "" = every candidate
    void setLogScale(bool on);
    void setChartTab(ChartTab tab);
    // The pair to compare once both datasets are open (origins as Workbench::originOf
    // gives them): the datasets named on the command line, or the pair of the
    // last session. Until then the page compares its defaults.
    void preferPair(const QString &originA, const QString &originB);
    QStringList pairOrigins() const; // A's and B's origins; empty when there is no pair
    bool busy() const;               // a comparison runs or waits (for the live interval, or for the one running)
    // The ratio table as CSV (core's comparison_tables, as kexbench-cli compare
    // --format csv writes it); empty without a comparison.
    QString csv(int *rows = nullptr) const; // rows: how many rows the table holds
    void copyCsv();
    // Every comparison table into dir as <A>-vs-<B>-<table-id>.csv; false and why on failure.
    bool exportCsv(const QString &dir, QString *error, QStringList *files = nullptr);
    // The chart tab shown, as a PNG image; the Ratios tab also as PDF (a file
    // named *.pdf), drawn as vectors.
    bool saveChartImage(const QString &file, QString *error);
    ChartTab chartTab() const;
    // The Ratios tab: its data (rows, colours, axis range, band), its plot, and
    // whether it shows a message instead (no row has a trial-level test).
    const RatioPlotData &ratios() const { return ratios_; }
    QCustomPlot *ratiosPlot() const { return ratiosPlot_; }
    bool ratiosEmpty() const;
    // What hovering at pos (the plot's coordinates) shows: the row's figures; empty off the rows.
    QString ratioToolTipAt(const QPoint &pos) const;
    const Comparison *comparison() const { return comparison_.get(); }
    CompareTableModel *tableModel() const { return model_; }
    // Beside a published page: both sides' figures (core's compare-figures table); empty otherwise.
    CompareFiguresModel *figuresModel() const { return figuresModel_; }
    QTableView *figuresView() const { return figuresTable_; }
    // The Symmetric primitives tab: its chart, and whether it shows the "no profiles" message instead.
    QChartView *sharesView() const { return sharesView_; }
    bool sharesEmpty() const;
    // The latest `kexbench-cli bench verdicts` result the page reads (dataHomePath(kVerdictCheckFile)),
    // again whenever it compares: its campaign spread goes into the options (apply_campaign_spread)
    // and its summary line above the notes; without it the line says how to make one.
    static QString verdictCheckFile();
    const VerdictCheck *verdictCheck() const { return verdictCheck_.get(); }

signals:
    void comparisonReady(); // the charts and the table show a new comparison (or why there is none)

protected:
    void changeEvent(QEvent *event) override;

private:
    QStringList preferred_; // origins of A and B still to be opened
    void retranslateUi();
    void onDatasetsChanged();
    void applyPreferredPair(const QVector<DatasetEntry> &datasets, int &a, int &b);
    void onDatasetChanged(int index);
    void applyMode();
    void takeInstanceSnapshot(int row);
    void fillInstances();
    void fillCandidates();
    void recompute();
    void startComparing();
    void takeSnapshots(int a, int b);
    void showComparison();
    void updateCharts();
    void updateNotes();
    void updateShares();
    void readVerdictCheck();
    void updateVerdictCheck();
    QWidget *newRatiosTab();
    void updateRatios();
    void drawRatioAxes();
    void drawRatioBand();
    void drawRatioRows();
    void showRatioToolTip(QMouseEvent *event);
    void onChartTabChanged();
    void updateEmptyText();
    void showState();
    // Appends one small chart per group of `bars` to `grid` and `views`, all on one value axis range.
    void addCharts(QWidget *grid, QList<QChartView *> &views, const CompareBars &bars, int columns);
    void fillChart(QChartView *view, const CompareBars &bars, const QString &title, const QString &unit, double low,
                   double high, int chartWidth);
    QString groupTitle(const QString &group) const;

    Workbench *workbench_;
    std::shared_ptr<const Dataset> a_, b_;         // the snapshots compared
    std::shared_ptr<const Comparison> comparison_; // of a_ and b_, or of two instances of one_
    std::shared_ptr<const Dataset> one_;           // instances mode: the dataset
    QStringList preferredInstances_;               // from the command line, until the dataset is open
    CompareTableModel *model_;
    CompareFiguresModel *figuresModel_;
    QSortFilterProxyModel *proxy_;
    RefreshGate *gate_; // starts startComparing(): hidden, one at a time, paced while live

    QLabel *modeLabel_;
    QComboBox *modeBox_; // two datasets, or two instances of one dataset; remembered
    QLabel *datasetLabel_;
    QComboBox *datasetBox_;                   // instances mode: the dataset (Workbench rows)
    QComboBox *instanceABox_, *instanceBBox_; // instances mode: its instances, in place of aBox_ and bBox_
    QLabel *aLabel_;
    QComboBox *aBox_;
    QToolButton *swapButton_;
    QLabel *bLabel_;
    QComboBox *bBox_;
    QLabel *candidateLabel_;
    QComboBox *candidateBox_;
    QCheckBox *logBox_; // in the chart tabs' corner: it acts on the charts only
    QLabel *marginLabel_;
    QDoubleSpinBox *marginBox_; // the verdicts' practical margin ±Δ, in %, remembered
    QToolButton *copyButton_;   // the ratio table as CSV to the clipboard (also Ctrl+C in the table)
    QToolButton *exportButton_; // every comparison table as CSV files (kexbench-cli compare --format csv)
    QToolButton *imageButton_;  // the charts shown as a PNG
    QLabel *statusLabel_;
    QStackedWidget *stack_;
    QLabel *emptyLabel_;
    QLabel *legendLabel_;
    QTabWidget *charts_;
    QLabel *timingCaption_;
    QWidget *timingGrid_;
    QWidget *sizesGrid_;
    QList<QChartView *> timingViews_, sizeViews_;
    RatioPlotData ratios_;
    QStackedWidget *ratiosStack_;
    QLabel *ratiosMessage_;
    QLabel *ratiosCaption_;
    QScrollArea *ratiosArea_;
    QCustomPlot *ratiosPlot_;
    QStackedWidget *sharesStack_;
    QLabel *sharesMessage_;
    QChartView *sharesView_;
    QTableView *table_;
    QLabel *figuresTitle_;
    QTableView *figuresTable_;
    QLabel *notesLabel_;
    QLabel *verdictCheckLabel_; // the latest self-check's summary, or how to run one
    std::shared_ptr<const VerdictCheck> verdictCheck_;
    bool verdictCheckUnreadable_ = false; // the file is there but is no verdict check
};

} // namespace kexbench::ui
