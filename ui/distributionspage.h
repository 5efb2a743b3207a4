// SPDX-License-Identifier: GPL-3.0-or-later
// Distributions of per-iteration samples: histogram, box plot, ECDF (QCustomPlot).
//
// The figures come from computeDistribution() (models/distributionmodel.h);
// the page only turns a DistributionPlot into QCustomPlot plottables.
#pragma once

#include "models/distributionmodel.h"

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
class RefreshGate;

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

    // The plot is computed on a worker thread (computeDistribution) and drawn
    // when ready; busy() while that runs, plotReady() after each drawing.
    bool busy() const;
    // When it is computed (hidden, one at a time, paced while live).
    const RefreshGate *refreshGate() const { return gate_; }

signals:
    void plotReady();

public slots:
    // Re-reads the Workbench's datasets; a hidden page only remembers that it is out of date.
    void refresh();
    void resetZoom(); // back to the full ranges (double-click on the plot, Home)

protected:
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QString trialPointHover(const QPointF &pos) const;
    void restoreOptions();
    void saveOptions() const;
    void retranslateUi();
    void fillDatasets();
    void fillInstances();
    void fillOperations();
    void replot();
    void startComputing();
    void takeSnapshots(Snapshots snapshots);
    const Dataset *currentDataset() const;
    void render();
    void saveAs(bool pdf);
    const Record *recordFor(int dataset) const;

    Workbench *workbench_;
    Snapshots snapshots_;
    // Handed to one computation at a time (never touched on the GUI thread
    // while one runs); replaced with the snapshots, whose record addresses key it.
    std::shared_ptr<SampleCache> cache_ = std::make_shared<SampleCache>();
    RefreshGate *gate_;           // starts startComputing()
    bool snapshotsStale_ = false; // the Workbench's datasets changed since they were taken
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
