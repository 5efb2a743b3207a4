// SPDX-License-Identifier: GPL-3.0-or-later
// Timeline of one record (QCustomPlot): every timed iteration against its
// index across the trials, trial boundaries as vertical lines, disturbed
// trials shaded, each trial's median as a step line. Drift over a campaign
// and bursts of noise are seen here; the Distributions page mixes them in.
//
// The series comes from computeTimeline() (models/timelineseries.h), run off
// the GUI thread, one at a time (RefreshGate): a result the reader's newer
// selection has overtaken is dropped. While hidden the page does no work: a
// change waits for it to be shown.
#pragma once

#include "models/timelineseries.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPLayoutGrid;
class QCPTextElement;
class QKeyEvent;
class QLabel;

namespace kexbench {
struct Dataset;
struct Record;
} // namespace kexbench

namespace kexbench::ui {

class Workbench;
class RefreshGate;

class TimelinePage : public QWidget {
    Q_OBJECT
public:
    using Snapshots = std::vector<std::pair<QString, std::shared_ptr<const Dataset>>>;

    // workbench may be null (tests): then setSnapshots() provides the datasets.
    explicit TimelinePage(Workbench *workbench, QWidget *parent = nullptr);
    ~TimelinePage() override;

    void setSnapshots(Snapshots snapshots);
    // The same selection as the Distributions page: dataset index, instance label, operation.
    bool select(int dataset, const QString &label, const QString &operation);
    void setUnit(TimelineUnit unit);
    // A logarithmic value axis: the bulk and outliers decades away both readable (remembered).
    void setLogScale(bool on);
    bool logScale() const;

    // The series drawn now (null before the first result arrives).
    const TimelineSeries *series() const { return series_.get(); }
    // A computation is in flight, or one waits for the page to be shown.
    bool busy() const;
    // When it is computed (hidden, one at a time, paced while live).
    const RefreshGate *refreshGate() const { return gate_; }
    // Series computed so far: a hidden page must not add to it.
    int computations() const { return computations_; }

    QCustomPlot *plot() const { return plot_; }
    QCPGraph *samplesGraph() const { return samples_; }
    int boundaryLines() const { return boundaryLines_; }
    QStringList legendNames() const;
    QString noteText() const;
    // The hover tooltip's text at a point of the plot widget: "trial k, iteration i: value"
    // for the sample nearest the cursor; empty away from the samples.
    QString hoverTextAt(const QPointF &plotPos) const;
    bool isZoomed() const;

public slots:
    void refresh();   // re-reads the Workbench's datasets
    void resetZoom(); // double-click on the plot, Home

signals:
    void seriesReady();

protected:
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslateUi();
    void fillDatasets();
    void fillInstances();
    void fillOperations();
    void recompute();
    void startComputing();
    const Dataset *currentDataset() const;
    void render();
    void drawTrials(const TimelineSeries &s);
    void placeLegend(bool any);
    const Record *currentRecord(std::shared_ptr<const Dataset> *owner) const;

    Workbench *workbench_;
    Snapshots snapshots_;
    std::shared_ptr<const TimelineSeries> series_;
    RefreshGate *gate_;           // starts startComputing()
    bool snapshotsStale_ = false; // the Workbench's datasets changed since they were taken
    int computations_ = 0;

    QComboBox *dataset_ = nullptr;
    QComboBox *instance_ = nullptr;
    QComboBox *operation_ = nullptr;
    QComboBox *unit_ = nullptr;
    QCheckBox *logScale_ = nullptr;
    QLabel *summary_ = nullptr;
    QList<QLabel *> captions_;
    QCustomPlot *plot_ = nullptr;
    QCPTextElement *title_ = nullptr;
    QCPTextElement *plotNote_ = nullptr;
    QCPLayoutGrid *legendRow_ = nullptr;
    QCPGraph *samples_ = nullptr;
    int boundaryLines_ = 0;
    double fullRanges_[2][2] = {{0, 0}, {0, 0}};
};

} // namespace kexbench::ui
