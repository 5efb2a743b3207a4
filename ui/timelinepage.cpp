// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelinepage.h"
#include "logaxis.h"

#include "models/background.h"
#include "models/coretext.h"

#include "refreshgate.h"
#include "selectoritems.h"
#include "workbench.h"

#include "core/data/dataset.h"
#include "core/base/discovery.h"
#include "core/data/record.h"

#include <qcustomplot.h>

#include <QAbstractItemView>
#include <QComboBox>
#include <QSettings>
#include <QCheckBox>
#include <QEvent>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QSignalBlocker>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <cmath>
#include <map>
#include <set>

namespace kexbench::ui {

namespace {

const auto kLogScaleKey = QStringLiteral("timeline/logScale");

QString number(double v, int significant = 6) { return QLocale().toString(v, 'g', significant); }

const QColor kSampleColor(31, 119, 180);       // blue, as the Distributions page's first series
const QColor kMedianColor(230, 97, 1);         // orange: told apart from blue also in greyscale
const QColor kDisturbedColor(214, 39, 40, 45); // translucent red band
const QColor kBoundaryColor(120, 120, 120);

// A box of names: a few characters at the least, the longest name's width preferred.
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

// The value range worth showing: the bulk up to the 99.9th percentile with
// room above, so one descheduled iteration at 100x does not flatten the rest.
// Nothing is dropped: zooming out or dragging shows the far points.
QCPRange viewRange(const std::vector<double> &y, std::size_t *above)
{
    std::vector<double> sorted = y;
    std::sort(sorted.begin(), sorted.end());
    const double low = sorted.front();
    const double high = sorted[static_cast<std::size_t>(std::floor(0.999 * static_cast<double>(sorted.size() - 1)))];
    double top = high + (high - low) * 0.25;
    if (top >= sorted.back())
        top = sorted.back();
    *above = static_cast<std::size_t>(sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), top));
    const double span = top - low > 0 ? top - low : std::max(1.0, std::abs(low) * 0.01);
    return QCPRange(low - span * 0.05, top + span * 0.05);
}

// Every value with a margin; on a log axis every positive value, the margin a
// fraction of a decade, so nothing need be cut off to keep the bulk readable.
QCPRange wholeRange(const std::vector<double> &y, bool log)
{
    double low = std::numeric_limits<double>::max(), high = -std::numeric_limits<double>::max();
    for (double v : y)
        if (!log || v > 0) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
    if (low > high)
        return QCPRange(1, 10);
    if (log)
        return QCPRange(low / 1.25, high * 1.25);
    const double span = high - low > 0 ? high - low : std::max(1.0, std::abs(low) * 0.01);
    return QCPRange(low - span * 0.05, high + span * 0.05);
}

} // namespace

TimelinePage::TimelinePage(Workbench *workbench, QWidget *parent)
    : QWidget(parent), workbench_(workbench), gate_(new RefreshGate(this, [this] { startComputing(); }))
{
    dataset_ = new NameCombo(this);
    instance_ = new NameCombo(this);
    operation_ = new NameCombo(this);
    unit_ = new QComboBox(this);
    unit_->addItem(QString(), static_cast<int>(TimelineUnit::Counter));
    unit_->addItem(QString(), static_cast<int>(TimelineUnit::Time));
    summary_ = new QLabel(this);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    logScale_ = new QCheckBox(this);
    logScale_->setChecked(QSettings().value(kLogScaleKey, false).toBool());

    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("timelinePlot"));
    plot_->setMinimumSize(300, 300);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->setMouseTracking(true);
    plot_->setFocusPolicy(Qt::ClickFocus);
    plot_->installEventFilter(this);
    // Title above the axis rect, notes in a row of their own while there are
    // any, the legend in a row below: exported figures keep them, and the
    // legend never covers samples.
    plot_->plotLayout()->insertRow(0);
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    title_ = new QCPTextElement(plot_, QString(), titleFont);
    plotNote_ = new QCPTextElement(plot_, QString(), font());
    plotNote_->setTextColor(QColor(110, 60, 0)); // dark amber: a caveat, not an error
    plot_->plotLayout()->addElement(0, 0, title_);
    legendRow_ = new QCPLayoutGrid;
    plot_->plotLayout()->addElement(2, 0, legendRow_);
    legendRow_->setMargins(QMargins(5, 0, 5, 5));
    legendRow_->addElement(0, 0, plot_->legend);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setVisible(true);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    plot_->plotLayout()->setRowStretchFactor(2, 0.001);

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
    caption(1, 0, unit_);
    controls->addWidget(logScale_, 1, 2, 1, 2);
    controls->addWidget(summary_, 1, 4, 1, 2);
    for (QComboBox *box : {dataset_, instance_, operation_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(5);
    }
    unit_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (QComboBox *box : {dataset_, instance_, operation_, unit_}) {
        box->view()->setTextElideMode(Qt::ElideNone);
        box->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }
    for (int column : {1, 3, 5})
        controls->setColumnStretch(column, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(plot_, 1);

    connect(dataset_, &QComboBox::currentIndexChanged, this, [this] {
        fillInstances();
        recompute();
    });
    connect(instance_, &QComboBox::currentIndexChanged, this, [this] {
        fillOperations();
        recompute();
    });
    connect(operation_, &QComboBox::currentIndexChanged, this, &TimelinePage::recompute);
    connect(unit_, &QComboBox::currentIndexChanged, this, &TimelinePage::recompute);
    connect(logScale_, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(kLogScaleKey, on);
        render(); // the same series on another axis
    });
    if (workbench_) {
        connect(workbench_, &Workbench::datasetsChanged, this, &TimelinePage::refresh);
        connect(workbench_, &Workbench::datasetChanged, this, &TimelinePage::refresh);
    }
    retranslateUi();
    refresh();
}

void TimelinePage::setLogScale(bool on) { logScale_->setChecked(on); }

bool TimelinePage::logScale() const { return logScale_->isChecked(); }

TimelinePage::~TimelinePage()
{
    // Rows taken out of the plot layout are not deleted with it: put them back.
    QCPLayoutGrid *layout = plot_->plotLayout();
    for (QCPLayoutElement *e :
         {static_cast<QCPLayoutElement *>(plotNote_), static_cast<QCPLayoutElement *>(legendRow_)})
        if (e && !e->layout())
            layout->addElement(layout->rowCount(), 0, e);
}

void TimelinePage::refresh()
{
    if (!workbench_)
        return;
    // The snapshots are taken when the computation starts: a live campaign's
    // snapshots arriving meanwhile are read once, not each (and not at all while hidden).
    snapshotsStale_ = true;
    gate_->requestFor(*workbench_);
}

void TimelinePage::setSnapshots(Snapshots snapshots)
{
    snapshots_ = std::move(snapshots);
    fillDatasets();
    recompute();
}

bool TimelinePage::busy() const { return gate_->busy(); }

void TimelinePage::fillDatasets()
{
    // Keep the reader's choice across refreshes (a live campaign refreshes often).
    const QString previous = dataset_->currentText();
    SelectorItems names;
    for (std::size_t i = 0; i < snapshots_.size(); ++i)
        names.push_back({snapshots_[i].first, static_cast<int>(i)});
    if (setItems(dataset_, names)) {
        const QSignalBlocker block(dataset_);
        dataset_->setCurrentIndex(std::max(0, dataset_->findText(previous)));
        dataset_->updateGeometry();
    }
    fillInstances();
}

const Dataset *TimelinePage::currentDataset() const
{
    const int d = dataset_->currentData().toInt();
    if (dataset_->currentIndex() < 0 || d < 0 || static_cast<std::size_t>(d) >= snapshots_.size())
        return nullptr;
    return snapshots_[static_cast<std::size_t>(d)].second.get();
}

void TimelinePage::fillInstances()
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

void TimelinePage::fillOperations()
{
    fillOperationBox(operation_, currentDataset(), instance_->currentData().toString());
}

const Record *TimelinePage::currentRecord(std::shared_ptr<const Dataset> *owner) const
{
    const int d = dataset_->currentData().toInt();
    if (dataset_->currentIndex() < 0 || d < 0 || static_cast<std::size_t>(d) >= snapshots_.size() ||
        !snapshots_[d].second)
        return nullptr;
    const QStringList key = instance_->currentData().toString().split(QChar(0x1f));
    if (key.size() != 2)
        return nullptr;
    const std::string candidate = key[0].toStdString(), label = key[1].toStdString();
    const std::string op = operation_->currentText().toStdString();
    for (const Record &r : snapshots_[d].second->records)
        if (r.candidate == candidate && r.label == label && r.operation == op) {
            *owner = snapshots_[d].second;
            return &r;
        }
    return nullptr;
}

bool TimelinePage::select(int dataset, const QString &label, const QString &operation)
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
    recompute(); // also when nothing changed (the combos did not signal)
    return true;
}

void TimelinePage::setUnit(TimelineUnit unit) { unit_->setCurrentIndex(unit_->findData(static_cast<int>(unit))); }

void TimelinePage::recompute() { gate_->request(); }

void TimelinePage::startComputing()
{
    if (workbench_ && std::exchange(snapshotsStale_, false)) {
        snapshots_.clear();
        for (const DatasetEntry &e : workbench_->datasets())
            snapshots_.emplace_back(e.label, e.data);
        fillDatasets();
    }
    std::shared_ptr<const Dataset> owner;
    const Record *record = currentRecord(&owner);
    if (!record) {
        series_.reset();
        render();
        emit seriesReady();
        gate_->finished();
        return;
    }
    const auto unit = static_cast<TimelineUnit>(unit_->currentData().toInt());
    ++computations_;
    using Watcher = QFutureWatcher<std::shared_ptr<const TimelineSeries>>;
    auto *watcher = new Watcher(this);
    connect(watcher, &Watcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        // A series the reader's later choice has overtaken is not drawn; an
        // older live snapshot's is (the next one follows).
        if (!gate_->overtaken()) {
            series_ = watcher->result();
            render();
            emit seriesReady();
        }
        gate_->finished();
    });
    // The dataset snapshot is immutable and held by the job, so a dataset
    // closed meanwhile stays alive until the job is done.
    watcher->setFuture(runInBackground(
        [owner, record, unit] { return std::make_shared<const TimelineSeries>(computeTimeline(*record, unit)); }));
}

void TimelinePage::drawTrials(const TimelineSeries &s)
{
    // Disturbed trials: a translucent band over their iterations, named once in the legend.
    for (const TimelineTrial &t : s.trials) {
        if (!t.disturbed || t.count == 0)
            continue;
        auto *band = new QCPItemRect(plot_);
        band->setClipToAxisRect(true);
        for (QCPItemPosition *p : {band->topLeft, band->bottomRight}) {
            p->setTypeX(QCPItemPosition::ptPlotCoords);
            p->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        band->topLeft->setCoords(static_cast<double>(t.start) - 0.5, 0);
        band->bottomRight->setCoords(static_cast<double>(t.start + t.count) - 0.5, 1);
        band->setPen(Qt::NoPen);
        band->setBrush(kDisturbedColor);
        band->setSelectable(false);
        band->setLayer(QStringLiteral("background"));
    }
    if (s.disturbedTrials() > 0) {
        // Items have no legend entry: an empty bar series with the band's brush carries it.
        auto *key = new QCPBars(plot_->xAxis, plot_->yAxis);
        key->setPen(QPen(QColor(214, 39, 40, 160), 1));
        QColor solid = kDisturbedColor;
        solid.setAlpha(90);
        key->setBrush(solid);
        key->setName(tr("disturbed trial"));
    }
    // Trial boundaries: a line between the last iteration of one trial and the first of the next.
    boundaryLines_ = 0;
    for (std::size_t start : s.boundaries()) {
        auto *line = new QCPItemStraightLine(plot_);
        const double x = static_cast<double>(start) - 0.5;
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(kBoundaryColor, 1, Qt::DashLine));
        line->setSelectable(false);
        ++boundaryLines_;
    }
}

void TimelinePage::render()
{
    plot_->clearPlottables();
    plot_->clearItems();
    samples_ = nullptr;
    boundaryLines_ = 0;
    const TimelineSeries *s = series_.get();

    const QString instance = instance_->currentText(), op = operation_->currentText();
    title_->setText(instance.isEmpty()
                        ? tr("No data: open a dataset")
                        : QStringLiteral("%1 \u00b7 %2 \u00b7 %3").arg(dataset_->currentText(), instance, op));
    QStringList notes = s ? s->notes : QStringList();
    if (!instance.isEmpty() && !s)
        notes << tr("No record for this instance and operation.");

    const bool any = s && !s->empty();
    const bool log = logScale_->isChecked();
    for (QCPAxis *a : {plot_->xAxis, plot_->yAxis}) {
        a->setScaleType(QCPAxis::stLinear);
        a->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        a->setNumberFormat(QStringLiteral("gbd"));
        a->setNumberPrecision(6);
    }
    if (log)
        setLogAxis(plot_->yAxis); // the Distributions page's rule (logaxis.h)
    plot_->xAxis->setLabel(s && s->trialPoints ? tr("trial") : tr("iteration (all trials in order)"));
    if (s && s->trialPoints) { // trials are numbered from 1, as the hover text and the records number them
        auto trials = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
        for (std::size_t i = 0; i < s->size(); ++i)
            trials->addTick(static_cast<double>(i), QString::number(i + 1));
        plot_->xAxis->setTicker(trials);
    }
    plot_->yAxis->setLabel(!s                              ? QString()
                           : s->unit == TimelineUnit::Time ? tr("time per call (%1)").arg(s->unitName)
                                                           : tr("%1 per call").arg(s->unitName));
    if (any) {
        if (!s->trialPoints) // one point per trial: no bands or boundaries between iterations
            drawTrials(*s);
        samples_ = new QCPGraph(plot_->xAxis, plot_->yAxis);
        samples_->setLineStyle(QCPGraph::lsNone);
        // Small dots; QCustomPlot thins scatters adaptively (several points per pixel drawn as one),
        // so 10^5 and more iterations stay quick to draw.
        QColor dot = kSampleColor;
        dot.setAlpha(s->size() > 20000 ? 110 : 170);
        const double dotSize = s->trialPoints ? 8 : s->size() > 5000 ? 2.5 : 4;
        samples_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, dot, dot, dotSize));
        samples_->setAdaptiveSampling(true);
        samples_->setData(QVector<double>(s->x.begin(), s->x.end()), QVector<double>(s->y.begin(), s->y.end()), true);
        const QString count = QLocale().toString(static_cast<qulonglong>(s->size()));
        samples_->setName(s->trialPoints ? tr("trial means per call (n = %1)").arg(count)
                                         : tr("iterations (n = %1)").arg(count));

        if (!s->trialPoints) {
            auto *medians = new QCPGraph(plot_->xAxis, plot_->yAxis);
            medians->setLineStyle(QCPGraph::lsStepLeft);
            medians->setPen(QPen(kMedianColor, 2));
            for (const TimelineTrial &t : s->trials)
                if (t.count > 0) {
                    medians->addData(static_cast<double>(t.start) - 0.5, t.median);
                    medians->addData(static_cast<double>(t.start + t.count) - 0.5, t.median);
                }
            medians->setName(tr("trial median"));
        }

        std::size_t above = 0;
        // A few trial points are all shown; iterations may leave far outliers above the view.
        plot_->yAxis->setRange(log || s->trialPoints ? wholeRange(s->y, log) : viewRange(s->y, &above));
        plot_->xAxis->setRange(-0.5 - s->size() * 0.01, static_cast<double>(s->size()) - 0.5 + s->size() * 0.01);
        if (above > 0)
            notes << tr("%n iteration(s) above the view: drag or zoom out to see them.", nullptr,
                        static_cast<int>(above));
        summary_->setText(tr("%n trial(s), %1 disturbed", nullptr, static_cast<int>(s->trials.size()))
                              .arg(static_cast<qulonglong>(s->disturbedTrials())));
    } else {
        plot_->xAxis->setRange(0, 1);
        plot_->yAxis->setRange(0, 1);
        summary_->clear();
    }
    fullRanges_[0][0] = plot_->xAxis->range().lower;
    fullRanges_[0][1] = plot_->xAxis->range().upper;
    fullRanges_[1][0] = plot_->yAxis->range().lower;
    fullRanges_[1][1] = plot_->yAxis->range().upper;

    notes.removeDuplicates();
    plotNote_->setText(notes.join(QLatin1Char('\n')));
    // An empty text element would still take a row's height: the note row exists only while there is a note.
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
    placeLegend(plot_->plottableCount() > 0);
    plot_->replot();
}

void TimelinePage::placeLegend(bool any)
{
    // The legend's row exists only while there is a legend: an empty legend
    // caps the layout's width and would draw the empty plot small.
    plot_->legend->setVisible(any);
    QCPLayoutGrid *layout = plot_->plotLayout();
    const bool placed = legendRow_->layout() != nullptr;
    if (any && !placed) {
        const int row = layout->rowCount();
        layout->insertRow(row);
        layout->addElement(row, 0, legendRow_);
        layout->setRowStretchFactor(row, 0.001);
    } else if (!any && placed) {
        layout->take(legendRow_);
        layout->simplify();
    }
}

QStringList TimelinePage::legendNames() const
{
    QStringList names;
    for (int i = 0; i < plot_->legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(plot_->legend->item(i)))
            names << item->plottable()->name();
    return names;
}

QString TimelinePage::noteText() const { return plotNote_->layout() ? plotNote_->text() : QString(); }

QString TimelinePage::hoverTextAt(const QPointF &pos) const
{
    const TimelineSeries *s = series_.get();
    if (!s || s->empty() || !samples_ || !plot_->axisRect()->rect().contains(pos.toPoint()))
        return QString();
    // The sample nearest the cursor among those within a few pixels of it:
    // zoomed out, one pixel column holds many iterations.
    constexpr double kReach = 6; // pixels
    const double lowX = plot_->xAxis->pixelToCoord(pos.x() - kReach),
                 highX = plot_->xAxis->pixelToCoord(pos.x() + kReach);
    const auto first = static_cast<long long>(std::ceil(std::max(0.0, lowX)));
    const auto last = static_cast<long long>(std::floor(std::min(static_cast<double>(s->size() - 1), highX)));
    long long best = -1;
    double bestDistance = kReach * kReach;
    for (long long i = first; i <= last; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const double dx = plot_->xAxis->coordToPixel(s->x[k]) - pos.x();
        const double dy = plot_->yAxis->coordToPixel(s->y[k]) - pos.y();
        const double d = dx * dx + dy * dy;
        if (d <= bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    if (best < 0)
        return QString();
    const auto index = static_cast<std::size_t>(best);
    const int trial = s->trialOf(index);
    if (trial < 0)
        return QString();
    const TimelineTrial &t = s->trials[static_cast<std::size_t>(trial)];
    if (s->trialPoints)
        return tr("trial %1: %2 %3 per call (the trial's mean)").arg(trial + 1).arg(number(s->y[index]), s->unitName);
    QString text = tr("trial %1, iteration %2: %3 %4")
                       .arg(trial + 1)
                       .arg(static_cast<qulonglong>(index - t.start + 1))
                       .arg(number(s->y[index]), s->unitName);
    text += QLatin1Char('\n') + tr("trial median %1 %2").arg(number(t.median), s->unitName);
    if (t.disturbed)
        text += QLatin1Char('\n') +
                tr("disturbed: %1").arg(t.reason.isEmpty() ? tr("no clean attempt") : coreText(t.reason));
    return text;
}

void TimelinePage::resetZoom()
{
    plot_->xAxis->setRange(fullRanges_[0][0], fullRanges_[0][1]);
    plot_->yAxis->setRange(fullRanges_[1][0], fullRanges_[1][1]);
    plot_->replot();
}

bool TimelinePage::isZoomed() const
{
    return plot_->xAxis->range().lower != fullRanges_[0][0] || plot_->xAxis->range().upper != fullRanges_[0][1] ||
           plot_->yAxis->range().lower != fullRanges_[1][0] || plot_->yAxis->range().upper != fullRanges_[1][1];
}

void TimelinePage::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Home && event->modifiers() == Qt::NoModifier) {
        resetZoom();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool TimelinePage::eventFilter(QObject *watched, QEvent *event)
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
            const QString text = hoverTextAt(e->position());
            if (text.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(e->globalPosition().toPoint(), text, plot_);
            break;
        }
        case QEvent::Leave:
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

void TimelinePage::retranslateUi()
{
    const QStringList captions = {tr("D&ataset:"), tr("&Instance:"), tr("Operatio&n:"), tr("&Unit:")};
    for (int i = 0; i < captions_.size() && i < captions.size(); ++i)
        captions_[i]->setText(captions[i]);
    unit_->setItemText(0, tr("Cycles (counter ticks)"));
    unit_->setItemText(1, tr("Time"));
    logScale_->setText(tr("Lo&garithmic scale"));
    logScale_->setToolTip(tr("Values on a log axis: the bulk and outliers decades above it are both readable."));
    plot_->setToolTip(QString());
    // Axis labels, legend and notes are built from translated text: rebuild them
    // (from the series already computed; only the unit names would change, and
    // they come with the next computation).
    recompute();
}

void TimelinePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace kexbench::ui
