// SPDX-License-Identifier: GPL-3.0-or-later
#include "distributionspage.h"
#include "logaxis.h"
#include "models/timelineseries.h"
#include "refreshgate.h"
#include "selectoritems.h"

#include "models/background.h"
#include "models/coretext.h"

#include "workbench.h"

#include "core/data/dataset.h"
#include "core/base/discovery.h"
#include "core/base/format.h"
#include "core/data/record.h"
#include "core/analysis/stats.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QSettings>
#include <QAbstractItemView>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>
#include <tuple>
#include <cmath>
#include <set>
#include <span>

namespace kexbench::ui {

// ---------------------------------------------------------------------------

namespace {

const auto kOptionsKey = QStringLiteral("distributions/options"); // kind, unit, log, hideOutliers

// Blue and orange: told apart also by colour-blind readers and in greyscale print.
QColor seriesColor(std::size_t i, int alpha = 255)
{
    QColor c = i % 2 == 0 ? QColor(31, 119, 180) : QColor(230, 97, 1);
    c.setAlpha(alpha);
    return c;
}

// A box of names: its minimum is a few characters (a long name never widens
// the window), its preferred width that of its longest name, so a layout with
// room to spare shows every name whole.
class NameCombo : public QComboBox {
public:
    using QComboBox::QComboBox;
    QSize sizeHint() const override
    {
        const QSize base = QComboBox::sizeHint();
        int text = 0;
        for (int i = 0; i < count(); ++i)
            text = std::max(text, fontMetrics().horizontalAdvance(itemText(i)));
        QStyleOptionComboBox opt;
        initStyleOption(&opt);
        const QSize full = style()->sizeFromContents(QStyle::CT_ComboBox, &opt, QSize(text, base.height()), this);
        return QSize(std::max(base.width(), full.width()), base.height());
    }
};

} // namespace

DistributionsPage::DistributionsPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent), workbench_(workbench),
      // A page that follows the Workbench does no work while hidden; one
      // without draws what its caller hands it, shown or not.
      gate_(new RefreshGate(
          this, [this] { startComputing(); }, workbench != nullptr))
{
    dataset_ = new NameCombo(this);
    instance_ = new NameCombo(this);
    operation_ = new NameCombo(this);
    overlay_ = new NameCombo(this);
    kind_ = new QComboBox(this);
    unit_ = new QComboBox(this);
    kind_->addItem(QString(), static_cast<int>(PlotKind::Histogram));
    kind_->addItem(QString(), static_cast<int>(PlotKind::Box));
    kind_->addItem(QString(), static_cast<int>(PlotKind::Ecdf));
    unit_->addItem(QString(), static_cast<int>(ValueUnit::Counter));
    unit_->addItem(QString(), static_cast<int>(ValueUnit::Time));
    log_ = new QCheckBox(this);
    hideOutliers_ = new QCheckBox(this);
    restoreOptions();
    savePng_ = new QPushButton(this);
    savePdf_ = new QPushButton(this);

    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("distributionsPlot"));
    // 300 px wide at the least: with the controls beside it and the docks, the window still fits 1024 px.
    plot_->setMinimumSize(300, 300);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Hover values without a button held; click focus so Home reaches the page.
    plot_->setMouseTracking(true);
    plot_->setFocusPolicy(Qt::ClickFocus);
    plot_->installEventFilter(this);
    // Title (and notes, in a row of their own while there are any) above the
    // axis rect, the legend in a row below it: exported figures carry them,
    // and the legend never covers data.
    plot_->plotLayout()->insertRow(0);
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    title_ = new QCPTextElement(plot_, QString(), titleFont);
    plotNote_ = new QCPTextElement(plot_, QString(), font());
    plotNote_->setTextColor(QColor(110, 60, 0)); // dark amber: a caveat, not an error
    plot_->plotLayout()->addElement(0, 0, title_);
    // plotNote_ joins the layout in render(), while there is a note.
    auto *legendRow = new QCPLayoutGrid;
    legendRow_ = legendRow;
    plot_->plotLayout()->addElement(2, 0, legendRow);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, plot_->legend);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setVisible(true);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    plot_->plotLayout()->setRowStretchFactor(2, 0.001);

    // Three rows, so that at 1024 px (with the docks beside the page) every
    // box is wide enough for its text: the names (dataset, instance,
    // operation), then overlay and plot options, then toggles and exports.
    auto *controls = new QGridLayout;
    auto caption = [&](int row, int column, QWidget *w) {
        auto *l = new QLabel(this);
        l->setBuddy(w);
        captions_ << l;
        controls->addWidget(l, row, column);
        controls->addWidget(w, row, column + 1);
    };
    caption(0, 0, dataset_);
    caption(0, 2, instance_);
    caption(0, 4, operation_);
    caption(1, 0, overlay_);
    caption(1, 2, kind_);
    caption(1, 4, unit_);
    // Long dataset and instance names must not widen the window past 1024 px:
    // the name boxes may shrink to a few characters (their lists show every
    // name whole), but ask for the width of their longest name, and the
    // columns share what is left. Plot and unit hold fixed short texts: always whole.
    for (QComboBox *box : {dataset_, instance_, operation_, overlay_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(5);
    }
    for (QComboBox *box : {kind_, unit_})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (QComboBox *box : {dataset_, instance_, operation_, overlay_, kind_, unit_}) {
        box->view()->setTextElideMode(Qt::ElideNone);
        box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    for (int column : {1, 3, 5})
        controls->setColumnStretch(column, 1);
    auto *toggles = new QHBoxLayout;
    toggles->addWidget(log_);
    toggles->addWidget(hideOutliers_);
    toggles->addStretch(1);
    toggles->addWidget(savePng_);
    toggles->addWidget(savePdf_);
    controls->addLayout(toggles, 2, 0, 1, 6);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(plot_, 1);

    connect(dataset_, &QComboBox::currentIndexChanged, this, [this] {
        fillInstances();
        replot();
    });
    connect(instance_, &QComboBox::currentIndexChanged, this, [this] {
        fillOperations();
        replot();
    });
    for (QComboBox *c : {operation_, overlay_, kind_, unit_})
        connect(c, &QComboBox::currentIndexChanged, this, &DistributionsPage::replot);
    connect(log_, &QCheckBox::toggled, this, &DistributionsPage::replot);
    connect(hideOutliers_, &QCheckBox::toggled, this, &DistributionsPage::replot);
    for (QComboBox *c : {kind_, unit_})
        connect(c, &QComboBox::currentIndexChanged, this, &DistributionsPage::saveOptions);
    for (QCheckBox *c : {log_, hideOutliers_})
        connect(c, &QCheckBox::toggled, this, &DistributionsPage::saveOptions);
    connect(savePng_, &QPushButton::clicked, this, [this] { saveAs(false); });
    connect(savePdf_, &QPushButton::clicked, this, [this] { saveAs(true); });

    if (workbench_) {
        connect(workbench_, &Workbench::datasetsChanged, this, &DistributionsPage::refresh);
        connect(workbench_, &Workbench::datasetChanged, this, &DistributionsPage::refresh);
    }
    retranslateUi();
    refresh();
}

// The plot's options as the reader last set them (a workstation program remembers).
void DistributionsPage::restoreOptions()
{
    const QVariantMap options = QSettings().value(kOptionsKey).toMap();
    if (const int kind = kind_->findData(options.value(QStringLiteral("kind"), -1)); kind >= 0)
        kind_->setCurrentIndex(kind);
    if (const int unit = unit_->findData(options.value(QStringLiteral("unit"), -1)); unit >= 0)
        unit_->setCurrentIndex(unit);
    log_->setChecked(options.value(QStringLiteral("log"), log_->isChecked()).toBool());
    hideOutliers_->setChecked(options.value(QStringLiteral("hideOutliers"), hideOutliers_->isChecked()).toBool());
}

void DistributionsPage::saveOptions() const
{
    QVariantMap options;
    options[QStringLiteral("kind")] = kind_->currentData();
    options[QStringLiteral("unit")] = unit_->currentData();
    options[QStringLiteral("log")] = log_->isChecked();
    options[QStringLiteral("hideOutliers")] = hideOutliers_->isChecked();
    QSettings().setValue(kOptionsKey, options);
}

DistributionsPage::~DistributionsPage()
{
    // Rows taken out of the plot layout are not deleted with it: put them back.
    QCPLayoutGrid *layout = plot_->plotLayout();
    for (QCPLayoutElement *e :
         {static_cast<QCPLayoutElement *>(plotNote_), static_cast<QCPLayoutElement *>(legendRow_)})
        if (e && !e->layout())
            layout->addElement(layout->rowCount(), 0, e);
}

void DistributionsPage::refresh()
{
    if (!workbench_)
        return;
    // The snapshots are taken when the computation starts: a live campaign's
    // snapshots arriving meanwhile are read once, not each.
    snapshotsStale_ = true;
    gate_->requestFor(*workbench_);
}

void DistributionsPage::setSnapshots(Snapshots snapshots)
{
    takeSnapshots(std::move(snapshots));
    replot();
}

void DistributionsPage::takeSnapshots(Snapshots snapshots)
{
    // The cache is keyed by record address: a replaced snapshot has new records.
    cache_ = std::make_shared<SampleCache>();
    snapshots_ = std::move(snapshots);
    fillDatasets();
}

bool DistributionsPage::busy() const { return gate_->busy(); }

void DistributionsPage::fillDatasets()
{
    // Keep the reader's choice across refreshes (a live campaign refreshes often).
    const QString primary = dataset_->currentText();
    const QString overlay = overlay_->currentIndex() > 0 ? overlay_->currentText() : QString();
    SelectorItems names, overlays{{tr("None"), -1}};
    for (std::size_t i = 0; i < snapshots_.size(); ++i) {
        names.push_back({snapshots_[i].first, static_cast<int>(i)});
        overlays.push_back({snapshots_[i].first, static_cast<int>(i)});
    }
    if (setItems(dataset_, names)) {
        const QSignalBlocker block(dataset_);
        dataset_->setCurrentIndex(std::max(0, dataset_->findText(primary)));
        dataset_->updateGeometry(); // NameCombo: the preferred width follows the names
    }
    if (setItems(overlay_, overlays)) {
        const QSignalBlocker block(overlay_);
        overlay_->setCurrentIndex(overlay.isEmpty() ? 0 : std::max(0, overlay_->findText(overlay)));
        overlay_->updateGeometry();
    }
    fillInstances();
}

const Dataset *DistributionsPage::currentDataset() const
{
    const int d = dataset_->currentData().toInt();
    if (dataset_->currentIndex() < 0 || d < 0 || static_cast<std::size_t>(d) >= snapshots_.size())
        return nullptr;
    return snapshots_[static_cast<std::size_t>(d)].second.get();
}

void DistributionsPage::fillInstances()
{
    const QString previous = instance_->currentData().toString();
    const Dataset *data = currentDataset();
    if (setItems(instance_, data ? instanceItems(*data) : SelectorItems())) {
        const QSignalBlocker block(instance_);
        instance_->setCurrentIndex(std::max(0, instance_->findData(previous)));
        instance_->updateGeometry();
    }
    fillOperations();
}

void DistributionsPage::fillOperations()
{
    fillOperationBox(operation_, currentDataset(), instance_->currentData().toString());
}

const Record *DistributionsPage::recordFor(int dataset) const
{
    if (dataset < 0 || static_cast<std::size_t>(dataset) >= snapshots_.size() || !snapshots_[dataset].second)
        return nullptr;
    const QStringList key = instance_->currentData().toString().split(QChar(0x1f));
    if (key.size() != 2)
        return nullptr;
    const std::string candidate = key[0].toStdString(), label = key[1].toStdString();
    const std::string op = operation_->currentText().toStdString();
    const Dataset &data = *snapshots_[dataset].second;
    // Same candidate first; an overlay from another campaign may file the
    // instance under another candidate name, so fall back to the label.
    const Record *byLabel = nullptr;
    for (const Record &r : data.records)
        if (r.label == label && r.operation == op) {
            if (r.candidate == candidate)
                return &r;
            if (!byLabel)
                byLabel = &r;
        }
    return byLabel;
}

bool DistributionsPage::select(int dataset, const QString &label, const QString &operation)
{
    const int d = dataset_->findData(dataset);
    if (d < 0)
        return false;
    dataset_->setCurrentIndex(d);
    int i = -1;
    for (int k = 0; k < instance_->count() && i < 0; ++k)
        if (instance_->itemData(k).toString().section(QChar(0x1f), 1) == label)
            i = k;
    if (i < 0)
        return false;
    instance_->setCurrentIndex(i);
    const int o = operation_->findText(operation);
    if (o < 0)
        return false;
    operation_->setCurrentIndex(o);
    replot(); // also when nothing changed (the combos did not signal)
    return true;
}

void DistributionsPage::setOverlay(int dataset) { overlay_->setCurrentIndex(std::max(0, overlay_->findData(dataset))); }

void DistributionsPage::setOptions(const DistributionOptions &options)
{
    {
        const QSignalBlocker b1(kind_), b2(unit_), b3(log_), b4(hideOutliers_);
        kind_->setCurrentIndex(kind_->findData(static_cast<int>(options.kind)));
        unit_->setCurrentIndex(unit_->findData(static_cast<int>(options.unit)));
        log_->setChecked(options.logScale);
        hideOutliers_->setChecked(options.hideOutliers);
    }
    saveOptions();
    replot();
}

DistributionOptions DistributionsPage::options() const
{
    DistributionOptions o;
    o.kind = static_cast<PlotKind>(kind_->currentData().toInt());
    o.unit = static_cast<ValueUnit>(unit_->currentData().toInt());
    o.logScale = log_->isChecked();
    o.hideOutliers = hideOutliers_->isChecked();
    return o;
}

QString DistributionsPage::noteText() const { return plotNote_->text(); }

void DistributionsPage::replot() { gate_->request(); }

void DistributionsPage::startComputing()
{
    if (workbench_ && std::exchange(snapshotsStale_, false)) {
        Snapshots snapshots;
        for (const DatasetEntry &e : workbench_->datasets())
            snapshots.emplace_back(e.label, e.data);
        takeSnapshots(std::move(snapshots));
    }
    std::vector<DistributionInput> inputs;
    const int primary = dataset_->currentData().toInt();
    if (dataset_->currentIndex() >= 0 && operation_->currentIndex() >= 0) {
        inputs.push_back({dataset_->currentText(), recordFor(primary)});
        const int overlay = overlay_->currentData().toInt();
        if (overlay_->currentIndex() > 0 && overlay != primary)
            inputs.push_back({overlay_->currentText(), recordFor(overlay)});
    }
    using Watcher = QFutureWatcher<DistributionPlot>;
    auto *watcher = new Watcher(this);
    connect(watcher, &Watcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        // A result the reader's later choice has overtaken is not drawn; an
        // older live snapshot is (the next one follows).
        if (!gate_->overtaken()) {
            current_ = watcher->result();
            render();
            emit plotReady();
        }
        gate_->finished();
    });
    // The job keeps the snapshots its record pointers point into.
    watcher->setFuture(runInBackground([inputs = std::move(inputs), opts = options(), cache = cache_,
                                        keep = snapshots_] { return computeDistribution(inputs, opts, *cache); }));
}

void DistributionsPage::render()
{
    const DistributionPlot &p = current_;
    plot_->clearPlottables();
    plot_->clearItems();

    const QString instance = instance_->currentText(), op = operation_->currentText();
    title_->setText(instance.isEmpty() ? tr("No data: open a dataset")
                                       : QStringLiteral("%1 \u00b7 %2").arg(instance, op));
    QStringList notes = p.notes;
    notes.removeDuplicates();
    plotNote_->setText(notes.join(QLatin1Char('\n')));
    // An empty text element would still take a row's height: the note row
    // exists only while there is a note.
    QCPLayoutGrid *layout = plot_->plotLayout();
    const bool placed = plotNote_->layout() != nullptr;
    if (!notes.isEmpty() && !placed) {
        layout->insertRow(1);
        layout->addElement(1, 0, plotNote_);
        layout->setRowStretchFactor(1, 0.001);
    } else if (notes.isEmpty() && placed) {
        layout->take(plotNote_);
        layout->simplify();
    }

    QCPAxis *valueAxis = p.kind == PlotKind::Box ? plot_->yAxis : plot_->xAxis;
    QCPAxis *otherAxis = p.kind == PlotKind::Box ? plot_->xAxis : plot_->yAxis;
    const bool anySampled = std::any_of(p.series.begin(), p.series.end(), [](const auto &s) { return !s.trialOnly; });
    const bool anyTrials = std::any_of(p.series.begin(), p.series.end(), [](const auto &s) { return s.trialOnly; });
    // Trial means in histogram/ECDF mode stand on a "trial" axis of their own:
    // the right one beside counts or fractions, the left one when alone.
    QCPAxis *trialAxis = anySampled ? plot_->yAxis2 : plot_->yAxis;

    // Reset every axis to linear, then set up this plot's.
    for (QCPAxis *a : {plot_->xAxis, plot_->yAxis, plot_->yAxis2}) {
        a->setScaleType(QCPAxis::stLinear);
        a->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        a->setNumberFormat(QStringLiteral("gbd"));
        a->setNumberPrecision(6);
        a->setLabel(QString());
    }
    plot_->yAxis2->setVisible(false);
    if (p.logScale)
        setLogAxis(valueAxis); // labelled ticks where the data is (logaxis.h)
    valueAxis->setLabel(p.valueLabel);

    for (std::size_t i = 0; i < p.series.size(); ++i) {
        const DistributionSeries &s = p.series[i];
        const QColor line = seriesColor(i), fill = seriesColor(i, 90);
        if (s.trialOnly) {
            const bool box = p.kind == PlotKind::Box;
            auto *g = new QCPGraph(plot_->xAxis, box ? plot_->yAxis : trialAxis);
            g->setLineStyle(QCPGraph::lsNone);
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, line, line, 8));
            for (std::size_t t = 0; t < s.trialMeans.size(); ++t) {
                if (box) // at the box position, spread a little so equal means stay visible
                    g->addData(static_cast<double>(i + 1) + (static_cast<double>(t) - 2.0) * 0.04, s.trialMeans[t]);
                else
                    g->addData(s.trialMeans[t], static_cast<double>(t + 1));
            }
            g->setName(s.name);
            continue;
        }
        switch (p.kind) {
        case PlotKind::Histogram: {
            if (s.counts.empty())
                break;
            if (!s.logBins) {
                auto *bars = new QCPBars(plot_->xAxis, plot_->yAxis);
                bars->setWidth(s.binHigh[0] - s.binLow[0]); // one grid: every bin is as wide
                bars->setPen(QPen(line, 1));
                bars->setBrush(fill);
                QVector<double> keys, values;
                for (std::size_t b = 0; b < s.counts.size(); ++b) {
                    keys << (s.binLow[b] + s.binHigh[b]) / 2;
                    values << s.density[b];
                }
                bars->setData(keys, values, true);
                bars->setName(s.name);
            } else {
                // QCPBars has one width per series in plot coordinates; log-spaced
                // bins each have their own, so they are drawn as a filled step
                // outline instead, dropping to zero across empty bins.
                auto *g = new QCPGraph(plot_->xAxis, plot_->yAxis);
                g->setLineStyle(QCPGraph::lsStepLeft);
                g->setPen(QPen(line, 1.5));
                g->setBrush(fill);
                g->addData(s.binLow.front(), 0);
                for (std::size_t b = 0; b < s.counts.size(); ++b) {
                    g->addData(s.binLow[b], s.density[b]);
                    if (b + 1 == s.counts.size() || s.binLow[b + 1] > s.binHigh[b] * (1 + 1e-9))
                        g->addData(s.binHigh[b], 0);
                }
                g->setName(s.name);
            }
            break;
        }
        case PlotKind::Box: {
            auto *box = new QCPStatisticalBox(plot_->xAxis, plot_->yAxis);
            box->setPen(QPen(line, 1.5));
            box->setBrush(fill);
            box->setWhiskerPen(QPen(line, 1.2, Qt::SolidLine));
            box->setWhiskerBarPen(QPen(line, 1.5));
            box->setMedianPen(QPen(line.darker(150), 3));
            box->setOutlierStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, line, 4));
            box->setWidth(0.5);
            box->addData(static_cast<double>(i + 1), s.whiskerLow, s.q1, s.median, s.q3, s.whiskerHigh,
                         QVector<double>(s.outliers.begin(), s.outliers.end()));
            box->setName(s.name);
            break;
        }
        case PlotKind::Ecdf: {
            auto *g = new QCPGraph(plot_->xAxis, plot_->yAxis);
            g->setLineStyle(QCPGraph::lsStepLeft);
            g->setPen(QPen(line, 2));
            g->setData(QVector<double>(s.ecdfX.begin(), s.ecdfX.end()), QVector<double>(s.ecdfY.begin(), s.ecdfY.end()),
                       true);
            g->setName(s.name);
            break;
        }
        }
    }

    // Axes: labels with units, ranges that show all of the data.
    plot_->rescaleAxes();
    if (p.kind == PlotKind::Box) {
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        for (std::size_t i = 0; i < p.series.size(); ++i)
            ticker->addTick(static_cast<double>(i + 1), p.series[i].dataset);
        otherAxis->setTicker(ticker);
        otherAxis->setRange(0.4, static_cast<double>(std::max<std::size_t>(1, p.series.size())) + 0.6);
        otherAxis->setLabel(tr("dataset"));
    } else {
        if (anySampled) {
            if (p.kind == PlotKind::Histogram)
                otherAxis->setLabel(p.logScale ? tr("density (per decade of %1)").arg(p.unitName)
                                               : tr("density (1/%1)").arg(p.unitName));
            else
                otherAxis->setLabel(tr("fraction of iterations \u2264 x"));
            if (p.kind == PlotKind::Ecdf)
                otherAxis->setRange(0, 1.04);
            else
                otherAxis->setRange(0, otherAxis->range().upper * 1.08);
        }
        if (anyTrials) {
            std::size_t trials = 0;
            for (const auto &s : p.series)
                trials = std::max(trials, s.trialMeans.size());
            trialAxis->setVisible(true);
            trialAxis->setLabel(tr("trial"));
            QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
            ticker->setTickStep(1);
            trialAxis->setTicker(ticker);
            trialAxis->setRange(0.5, static_cast<double>(trials) + 0.5);
        }
    }
    // The range worth showing (zoomed to the bulk past far outliers), with
    // breathing room, multiplicative on a log axis.
    QCPRange r = valueAxis->range();
    if (!std::isnan(p.viewLow))
        r = QCPRange(p.viewLow, p.viewHigh);
    if (p.logScale && r.lower > 0)
        valueAxis->setRange(r.lower / 1.15, r.upper * 1.15);
    else if (r.size() > 0)
        valueAxis->setRange(r.lower - r.size() * 0.04, r.upper + r.size() * 0.04);
    else
        valueAxis->setRange(r.lower - 1, r.upper + 1);

    const QCPAxis *axes[3] = {plot_->xAxis, plot_->yAxis, plot_->yAxis2};
    for (int a = 0; a < 3; ++a) {
        fullRanges_[a][0] = axes[a]->range().lower;
        fullRanges_[a][1] = axes[a]->range().upper;
    }
    const bool any = plot_->plottableCount() > 0;
    plot_->legend->setVisible(any);
    // The legend's row exists only while there is a legend: an empty legend
    // reports a maximum width of its margins, which caps the plot layout's one
    // column and left the empty plot drawn small in its top-left corner.
    const bool legendPlaced = legendRow_->layout() != nullptr;
    if (any && !legendPlaced) {
        const int row = layout->rowCount();
        layout->insertRow(row);
        layout->addElement(row, 0, legendRow_);
        layout->setRowStretchFactor(row, 0.001);
    } else if (!any && legendPlaced) {
        layout->take(legendRow_);
        layout->simplify();
    }
    plot_->replot();
    savePng_->setEnabled(any);
    savePdf_->setEnabled(any);
}

void DistributionsPage::resetZoom()
{
    QCPAxis *axes[3] = {plot_->xAxis, plot_->yAxis, plot_->yAxis2};
    for (int a = 0; a < 3; ++a)
        axes[a]->setRange(fullRanges_[a][0], fullRanges_[a][1]);
    plot_->replot();
}

bool DistributionsPage::isZoomed() const
{
    const QCPAxis *axes[3] = {plot_->xAxis, plot_->yAxis, plot_->yAxis2};
    for (int a = 0; a < 3; ++a)
        if (axes[a]->range().lower != fullRanges_[a][0] || axes[a]->range().upper != fullRanges_[a][1])
            return true;
    return false;
}

namespace {

QString number(double v, int significant = 6) { return QLocale().toString(v, 'g', significant); }

// The fraction of an ECDF's samples at or below x (its steps are (x, F) at the last of each run of ties).
double ecdfAt(const DistributionSeries &s, double x)
{
    const auto it = std::upper_bound(s.ecdfX.begin(), s.ecdfX.end(), x);
    return it == s.ecdfX.begin() ? 0.0 : s.ecdfY[static_cast<std::size_t>(it - s.ecdfX.begin()) - 1];
}

} // namespace

// The trial means within a few pixels of the cursor (along the value axis),
// each as "x86_1: trial 2: 1.52·10⁶ cycles per call (the trial's mean)".
QString DistributionsPage::trialPointHover(const QPointF &pos) const
{
    constexpr double kReach = 6; // pixels
    const DistributionPlot &p = current_;
    QCPAxis *values = p.kind == PlotKind::Box ? plot_->yAxis : plot_->xAxis;
    const double cursor = p.kind == PlotKind::Box ? pos.y() : pos.x();
    QStringList lines;
    for (const DistributionSeries &s : p.series)
        for (std::size_t i = 0; i < s.trialMeans.size(); ++i)
            if (std::abs(values->coordToPixel(s.trialMeans[i]) - cursor) <= kReach)
                lines << tr("%1: trial %2: %3 %4 per call (the trial's mean)")
                             .arg(s.dataset)
                             .arg(i + 1)
                             .arg(number(s.trialMeans[i]), p.unitName);
    if (lines.isEmpty())
        lines << tr("Trial means only (harness data): point at a trial to read it.");
    return lines.join(QLatin1Char('\n'));
}

QString DistributionsPage::hoverTextAt(const QPointF &pos) const
{
    const DistributionPlot &p = current_;
    if (p.series.empty() || plot_->plottableCount() == 0 || !plot_->axisRect()->rect().contains(pos.toPoint()))
        return QString();
    const QString unit = p.unitName;
    QStringList lines;
    // Harness data only: five trial means are points, not bins; name the trial under the cursor.
    if (std::all_of(p.series.begin(), p.series.end(), [](const DistributionSeries &s) { return s.trialOnly; }))
        return trialPointHover(pos);
    switch (p.kind) {
    case PlotKind::Histogram: {
        const double x = plot_->xAxis->pixelToCoord(pos.x());
        // The series share one grid: the bin under the cursor is the same in each.
        const DistributionSeries *binned = nullptr;
        for (const DistributionSeries &s : p.series)
            if (!s.trialOnly && !s.binLow.empty()) {
                binned = &s;
                break;
            }
        std::ptrdiff_t bin = -1;
        if (binned) {
            const auto it = std::upper_bound(binned->binLow.begin(), binned->binLow.end(), x);
            const std::ptrdiff_t b = (it - binned->binLow.begin()) - 1;
            if (b >= 0 && x < binned->binHigh[static_cast<std::size_t>(b)])
                bin = b;
        }
        if (bin >= 0) {
            const auto b = static_cast<std::size_t>(bin);
            lines << tr("%1 \u2013 %2 %3").arg(number(binned->binLow[b]), number(binned->binHigh[b]), unit);
        } else {
            lines << tr("%1 %2: no samples in a bin here").arg(number(x), unit);
        }
        for (const DistributionSeries &s : p.series) {
            if (s.trialOnly) {
                lines << tr("%1: trial means only").arg(s.dataset);
                continue;
            }
            if (bin < 0 || s.density.size() != binned->density.size()) {
                lines << tr("%1: density 0").arg(s.dataset);
                continue;
            }
            const auto b = static_cast<std::size_t>(bin);
            lines << tr("%1: density %2, %3 of %4 iterations")
                         .arg(s.dataset, number(s.density[b], 3))
                         .arg(static_cast<qulonglong>(s.counts[b]))
                         .arg(static_cast<qulonglong>(s.shown));
        }
        break;
    }
    case PlotKind::Ecdf: {
        const double x = plot_->xAxis->pixelToCoord(pos.x());
        lines << QStringLiteral("%1 %2").arg(number(x), unit);
        for (const DistributionSeries &s : p.series) {
            if (s.trialOnly)
                lines << tr("%1: trial means only").arg(s.dataset);
            else if (!s.ecdfX.empty())
                lines << tr("%1: %2 % of iterations \u2264 this").arg(s.dataset, number(100 * ecdfAt(s, x), 3));
        }
        break;
    }
    case PlotKind::Box: {
        const double v = plot_->yAxis->pixelToCoord(pos.y());
        lines << QStringLiteral("%1 %2").arg(number(v), unit);
        const auto i = static_cast<long long>(std::llround(plot_->xAxis->pixelToCoord(pos.x()))) - 1;
        if (i >= 0 && static_cast<std::size_t>(i) < p.series.size()) {
            const DistributionSeries &s = p.series[static_cast<std::size_t>(i)];
            if (s.trialOnly)
                lines << tr("%1: trial means only").arg(s.dataset);
            else if (!std::isnan(s.median))
                lines << tr("%1: median %2, quartiles %3 \u2013 %4, whiskers %5 \u2013 %6")
                             .arg(s.dataset, number(s.median), number(s.q1), number(s.q3), number(s.whiskerLow),
                                  number(s.whiskerHigh));
        }
        break;
    }
    }
    return lines.join(QLatin1Char('\n'));
}

void DistributionsPage::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Home && event->modifiers() == Qt::NoModifier) {
        resetZoom();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool DistributionsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == plot_) {
        switch (event->type()) {
        case QEvent::MouseButtonDblClick:
            if (static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton)
                resetZoom();
            break;
        case QEvent::MouseMove: {
            auto *e = static_cast<QMouseEvent *>(event);
            if (e->buttons() != Qt::NoButton) // dragging: no tooltip in the way
                break;
            hoverText_ = hoverTextAt(e->position());
            if (hoverText_.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(e->globalPosition().toPoint(), hoverText_, plot_);
            break;
        }
        case QEvent::Leave:
            hoverText_.clear();
            QToolTip::hideText();
            break;
        case QEvent::KeyPress: {
            auto *e = static_cast<QKeyEvent *>(event);
            if (e->key() == Qt::Key_Home && e->modifiers() == Qt::NoModifier) {
                resetZoom();
                return true;
            }
            break;
        }
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool DistributionsPage::savePng(const QString &path)
{
    // Twice the on-screen resolution: crisp in documents, still small files.
    return plot_->savePng(path, plot_->width(), plot_->height(), 2.0);
}

bool DistributionsPage::savePdf(const QString &path) { return plot_->savePdf(path, plot_->width(), plot_->height()); }

void DistributionsPage::saveAs(bool pdf)
{
    const QString suggested = QStringLiteral("%1_%2.%3")
                                  .arg(instance_->currentText(), operation_->currentText(),
                                       pdf ? QStringLiteral("pdf") : QStringLiteral("png"));
    const QString path = QFileDialog::getSaveFileName(this, pdf ? tr("Save PDF") : tr("Save PNG"), suggested,
                                                      pdf ? tr("PDF files (*.pdf)") : tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (!(pdf ? savePdf(path) : savePng(path)))
        QMessageBox::warning(this, tr("Save failed"), tr("Could not write %1.").arg(path));
}

void DistributionsPage::retranslateUi()
{
    const QStringList captions = {tr("D&ataset:"), tr("&Instance:"), tr("Operatio&n:"),
                                  tr("Overla&y:"), tr("Plot:"),      tr("&Unit:")};
    for (int i = 0; i < captions_.size() && i < captions.size(); ++i)
        captions_[i]->setText(captions[i]);
    overlay_->setToolTip(tr("A second dataset to draw over the first, e.g. x86 against ARM."));
    if (overlay_->count() > 0)
        overlay_->setItemText(0, tr("None"));
    kind_->setItemText(0, tr("Histogram"));
    kind_->setItemText(1, tr("Box plot"));
    kind_->setItemText(2, tr("ECDF"));
    kind_->setToolTip(tr("Histogram: Freedman–Diaconis bins. Box plot: median, quartiles, whiskers at 1.5 IQR, "
                         "outliers beyond. ECDF: fraction of iterations at or below each value."));
    unit_->setItemText(0, tr("Cycles (counter ticks)"));
    unit_->setItemText(1, tr("Time"));
    unit_->setToolTip(tr("Counter values are comparable only between records of the same counter; "
                         "otherwise time is shown."));
    log_->setText(tr("Log scale"));
    hideOutliers_->setText(tr("Hide outliers"));
    hideOutliers_->setToolTip(tr("Leave out samples beyond Tukey's fences (1.5 IQR outside the quartiles)."));
    savePng_->setText(tr("Save PNG\u2026"));
    savePdf_->setText(tr("Save PDF\u2026"));
    // Notes, legend and axis labels are built from translated text: rebuild them.
    replot();
}

void DistributionsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace kexbench::ui
