// SPDX-License-Identifier: GPL-3.0-or-later
#include "ctpage.h"

#include "models/background.h"
#include "workbench.h"

#include "core/analysis/ct.h"
#include "core/base/discovery.h"
#include "core/data/dataset.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QProcess>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <utility>

namespace kexbench::ui {

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

// The Distributions page's blue and orange: told apart by colour-blind readers and in greyscale.
const QColor kFixedColor(31, 119, 180);
const QColor kRandomColor(230, 97, 1);

QString count(uint64_t n) { return QLocale().toString(static_cast<qulonglong>(n)); }

// One spelling per folder, so a dataset's folder opened again on the page is listed once.
QString sameFolder(const QString &path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return QDir::cleanPath(canonical.isEmpty() ? info.absoluteFilePath() : canonical);
}

} // namespace

CtPage::CtPage(Workbench *workbench, QWidget *parent) : QWidget(parent), workbench_(workbench)
{
    model_ = new CtResultsModel(this);

    openButton_ = new QPushButton(this);
    reloadButton_ = new QPushButton(this);
    closeButton_ = new QPushButton(this);
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(openButton_);
    buttons->addWidget(reloadButton_);
    buttons->addWidget(closeButton_);
    buttons->addWidget(status_, 1);

    budgetCaption_ = new QLabel(this);
    budget_ = new QDoubleSpinBox(this);
    budget_->setRange(0.5, 3600);
    budget_->setDecimals(1);
    budget_->setValue(10); // the CLI's default
    budgetCaption_->setBuddy(budget_);
    checkButton_ = new QPushButton(this);
    cancelButton_ = new QPushButton(this);
    checkStatus_ = new QLabel(this);
    checkStatus_->setWordWrap(true);
    checkStatus_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *checkRow = new QHBoxLayout;
    checkRow->addWidget(budgetCaption_);
    checkRow->addWidget(budget_);
    checkRow->addWidget(checkButton_);
    checkRow->addWidget(cancelButton_);
    checkRow->addWidget(checkStatus_, 1);

    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("ctTable"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);

    summary_ = new QLabel(this);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    plotCaption_ = new QLabel(this);
    kind_ = new QComboBox(this);
    kind_->addItem(QString(), static_cast<int>(EcdfPlot));
    kind_->addItem(QString(), static_cast<int>(HistogramPlot));
    kind_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    plotCaption_->setBuddy(kind_);
    // The summary beside them wraps; the caption and the box keep their whole width.
    plotCaption_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    kind_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    auto *plotControls = new QHBoxLayout;
    plotControls->addWidget(summary_, 1);
    plotControls->addWidget(plotCaption_);
    plotControls->addWidget(kind_);

    plot_ = new QCustomPlot(this);
    plot_->setObjectName(QStringLiteral("ctPlot"));
    plot_->setMinimumSize(300, 220);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Title and the note on what is drawn sit in the plot: a saved or grabbed picture keeps them.
    plot_->plotLayout()->insertRow(0);
    QFont titleFont = font();
    titleFont.setBold(true);
    title_ = new QCPTextElement(plot_, QString(), titleFont);
    plot_->plotLayout()->addElement(0, 0, title_);
    plot_->plotLayout()->insertRow(1);
    note_ = new QCPTextElement(plot_, QString(), font());
    note_->setTextColor(QColor(110, 60, 0)); // dark amber: a caveat, not an error
    plot_->plotLayout()->addElement(1, 0, note_);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    plot_->plotLayout()->setRowStretchFactor(1, 0.001);
    plot_->legend->setVisible(true);

    caveat_ = new QLabel(this);
    caveat_->setObjectName(QStringLiteral("ctCaveat"));
    caveat_->setWordWrap(true);

    auto *plotPanel = new QWidget(this);
    auto *plotLayout = new QVBoxLayout(plotPanel);
    plotLayout->setContentsMargins(0, 0, 0, 0);
    plotLayout->addLayout(plotControls);
    plotLayout->addWidget(plot_, 1);
    plotLayout->addWidget(caveat_);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(table_);
    splitter->addWidget(plotPanel);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addLayout(checkRow);
    layout->addWidget(splitter, 1);

    connect(openButton_, &QPushButton::clicked, this, &CtPage::openCtResults);
    connect(reloadButton_, &QPushButton::clicked, this, &CtPage::reload);
    connect(closeButton_, &QPushButton::clicked, this, &CtPage::closeOpenedFolders);
    connect(checkButton_, &QPushButton::clicked, this, &CtPage::checkCheckedInstances);
    connect(cancelButton_, &QPushButton::clicked, this, &CtPage::cancelCheck);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &CtPage::render);
    connect(kind_, &QComboBox::currentIndexChanged, this, &CtPage::render);
    if (workbench_) {
        connect(workbench_, &Workbench::datasetsChanged, this, &CtPage::refresh);
        connect(workbench_, &Workbench::datasetChanged, this, &CtPage::refresh);
    }
    retranslateUi();
    refresh();
}

CtPage::~CtPage()
{
    // The CLI stops on SIGTERM and ends its runner children; it is killed only if it does not.
    if (check_) {
        check_->disconnect(this);
        check_->terminate();
        if (!check_->waitForFinished(10000))
            check_->kill();
        check_->waitForFinished(2000);
    }
}

// Sources and reading ------------------------------------------------------------

std::vector<CtSource> CtPage::sources() const
{
    std::vector<CtSource> out;
    QStringList folders;
    if (workbench_)
        for (const DatasetEntry &e : workbench_->datasets()) {
            // A bundle is unpacked into a temporary folder that is gone once it is loaded,
            // and a published page has no measurements: only campaign folders have ct/.
            if (e.data->kind != "campaign")
                continue;
            const QString folder = sameFolder(qs(e.data->root));
            if (!folders.contains(folder)) {
                folders << folder;
                out.push_back({e.label, folder});
            }
        }
    for (const QString &folder : opened_)
        if (!folders.contains(folder)) {
            folders << folder;
            out.push_back({QFileInfo(folder).fileName(), folder});
        }
    return out;
}

void CtPage::refresh()
{
    // A hidden page does no work: showEvent picks the change up.
    if (!isVisible()) {
        dirty_ = true;
        return;
    }
    reload();
}

void CtPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (std::exchange(dirty_, false))
        reload();
}

void CtPage::reload()
{
    dirty_ = false;
    // One read at a time: sources changed while one runs become one more read.
    if (loading_) {
        loadAgain_ = true;
        return;
    }
    loading_ = true;
    updateStatus();
    using Watcher = QFutureWatcher<std::shared_ptr<CtResultsModel::Prepared>>;
    auto *watcher = new Watcher(this);
    connect(watcher, &Watcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        loading_ = false;
        if (std::exchange(loadAgain_, false)) {
            reload(); // this result is already out of date
            return;
        }
        showPrepared(watcher->result());
    });
    watcher->setFuture(runInBackground(&CtResultsModel::prepare, sources()));
}

void CtPage::showPrepared(std::shared_ptr<CtResultsModel::Prepared> prepared)
{
    // Keep the reader's row across reloads; the first row otherwise, so the plot shows something.
    const QString key = model_->rowKey(currentRow());
    model_->apply(std::move(prepared));
    const int again = model_->rowOfKey(key);
    if (model_->rowCount() > 0)
        selectRow(again >= 0 ? again : 0);
    render();
    updateStatus();
    emit resultsReady();
}

bool CtPage::openCtFolder(const QString &path)
{
    const QString folder = sameFolder(ctSourceFolder(path));
    if (ctSourceFolder(path).isEmpty()) {
        openProblem_ = tr("%1 holds no ct/ folder: open the folder given to kexbench-cli ct --out, or its ct/ folder.")
                           .arg(QDir::toNativeSeparators(path));
        updateStatus();
        return false;
    }
    openProblem_.clear();
    if (!opened_.contains(folder))
        opened_ << folder;
    reload();
    return true;
}

void CtPage::openCtResults()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Open constant-time results"));
    if (!path.isEmpty())
        openCtFolder(path);
}

void CtPage::closeOpenedFolders()
{
    opened_.clear();
    openProblem_.clear();
    reload();
}

// Running a check -------------------------------------------------------------------

QString CtPage::cliPath() { return QDir(qs(executable_dir())).filePath(QStringLiteral("kexbench-cli")); }

bool CtPage::checking() const { return check_ != nullptr; }

bool CtPage::startCheck(const QStringList &libraries, double budgetSeconds, const QString &outDir,
                        const QStringList &operations)
{
    if (check_ || libraries.isEmpty() || outDir.isEmpty()) {
        checkProgress_ = check_ ? tr("A check is already running.")
                                : tr("Check instances in the Algorithms dock, then pick a folder for the records.");
        updateCheckControls();
        return false;
    }
    QStringList args{QStringLiteral("ct")};
    args << libraries;
    for (const QString &op : operations)
        args << QStringLiteral("--op") << op;
    args << QStringLiteral("--budget") << QString::number(budgetSeconds, 'g', 6) << QStringLiteral("--out") << outDir;
    check_ = new QProcess(this);
    check_->setStandardOutputFile(QProcess::nullDevice()); // the records carry everything its table says
    checkFolder_ = outDir;
    checkErrors_.clear();
    cancelRequested_ = false;
    checkProgress_ = tr("Checking %n instance(s)\u2026", nullptr, static_cast<int>(libraries.size()));
    connect(check_, &QProcess::readyReadStandardError, this, &CtPage::onCheckOutput);
    connect(check_, &QProcess::finished, this,
            [this](int code, QProcess::ExitStatus status) { onCheckFinished(code, status == QProcess::NormalExit); });
    connect(check_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) // no finished() follows
            onCheckFinished(-1, false);
    });
    check_->start(cliPath(), args);
    updateCheckControls();
    return true;
}

void CtPage::checkCheckedInstances()
{
    const QStringList libraries = workbench_ ? workbench_->checkedLibraries() : QStringList();
    if (libraries.isEmpty()) {
        startCheck(libraries, budget_->value(), QString()); // says what is missing
        return;
    }
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the check's records"));
    if (!folder.isEmpty())
        startCheck(libraries, budget_->value(), folder);
}

void CtPage::cancelCheck()
{
    if (!check_)
        return;
    cancelRequested_ = true;
    checkProgress_ = tr("Cancelling\u2026");
    updateCheckControls();
    check_->terminate();
}

namespace {

// The last non-empty line of a child's output.
QString lastLine(const QByteArray &output)
{
    const QStringList lines = QString::fromUtf8(output).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return lines.isEmpty() ? QString() : lines.back().trimmed();
}

} // namespace

// The CLI prints a line on stderr as each operation's record is written: list it then.
void CtPage::onCheckOutput()
{
    if (!check_)
        return;
    checkErrors_ += check_->readAllStandardError();
    constexpr int kKeep = 16 * 1024; // enough for the last lines, whatever the child prints
    if (checkErrors_.size() > kKeep)
        checkErrors_ = checkErrors_.right(kKeep);
    if (!checkErrors_.endsWith('\n'))
        return; // wait for the whole line
    if (!cancelRequested_)
        checkProgress_ = tr("Checked: %1").arg(lastLine(checkErrors_));
    updateCheckControls();
    listCheckFolder();
}

void CtPage::onCheckFinished(int exitCode, bool normalExit)
{
    if (!check_)
        return;
    checkErrors_ += check_->readAllStandardError();
    const QString why = normalExit ? lastLine(checkErrors_) : check_->errorString();
    check_->deleteLater();
    check_ = nullptr;
    if (cancelRequested_)
        checkProgress_ = tr("Check cancelled; the records written so far are listed.");
    else if (!normalExit || exitCode < 0)
        checkProgress_ = tr("The check did not finish: %1").arg(why);
    else if (exitCode == 0)
        checkProgress_ = tr("Check finished: no leak detected.");
    else if (exitCode == 1)
        checkProgress_ = tr("Check finished: a leak was found, or an operation could not be checked (see the rows).");
    else
        checkProgress_ = tr("The check could not run: %1").arg(why);
    updateCheckControls();
    listCheckFolder();
    updateStatus();
    emit checkFinished(normalExit ? exitCode : -1);
}

void CtPage::listCheckFolder()
{
    const QString folder = ctSourceFolder(checkFolder_);
    if (folder.isEmpty())
        return; // no record written yet
    if (!opened_.contains(sameFolder(folder)))
        opened_ << sameFolder(folder);
    reload();
}

void CtPage::updateCheckControls()
{
    checkButton_->setEnabled(!check_);
    budget_->setEnabled(!check_);
    cancelButton_->setEnabled(check_ != nullptr);
    checkStatus_->setText(checkProgress_);
}

QString CtPage::checkStatusText() const { return checkStatus_->text(); }

// Selection ------------------------------------------------------------------------

int CtPage::currentRow() const
{
    const QModelIndex current = table_->selectionModel()->currentIndex();
    return current.isValid() ? current.row() : -1;
}

bool CtPage::selectRow(int row)
{
    if (row < 0 || row >= model_->rowCount())
        return false;
    table_->selectionModel()->setCurrentIndex(model_->index(row, 0),
                                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return true;
}

void CtPage::setPlotKind(PlotKind kind)
{
    kind_->setCurrentIndex(std::max(0, kind_->findData(static_cast<int>(kind))));
}

CtPage::PlotKind CtPage::plotKind() const { return static_cast<PlotKind>(kind_->currentData().toInt()); }

// Drawing ---------------------------------------------------------------------------

QString CtPage::summaryText() const { return summary_->text(); }
QString CtPage::plotNoteText() const { return note_->text(); }
QString CtPage::caveatText() const { return caveat_->text(); }
QString CtPage::statusText() const { return status_->text(); }

void CtPage::render()
{
    plot_->clearPlottables();
    plot_->clearItems();
    const CtResultsModel::Row *row = model_->row(currentRow());
    if (!row || row->plot.empty()) {
        renderEmpty();
        if (row) // a record without measurements still says what it is
            title_->setText(QStringLiteral("%1 \u00b7 %2").arg(qs(row->record->instance), qs(row->record->operation)));
        plot_->replot();
        return;
    }
    const CtRecord &r = *row->record;
    title_->setText(QStringLiteral("%1 \u00b7 %2 \u00b7 %3").arg(qs(r.instance), qs(r.operation), row->sourceLabel));
    summary_->setText(tr("%1 on %2 (%3): max |t| %4 (%5) over %6 fixed and %7 random measurements: %8.")
                          .arg(row->sourceLabel, r.machine.empty() ? tr("unknown machine") : qs(r.machine),
                               CtResultsModel::hostText(r.host),
                               row->maxAbsT ? QLocale().toString(*row->maxAbsT, 'f', 2) : tr("n/a"),
                               CtResultsModel::cropText(row->cropPercentile), count(row->fixed), count(row->random),
                               CtResultsModel::verdictText(row->verdict)));
    drawClasses(*row);
    plot_->replot();
}

void CtPage::renderEmpty()
{
    title_->setText(model_->rowCount() == 0 ? tr("No constant-time results") : tr("No row selected"));
    note_->setText(tr("Open a folder written by kexbench-cli ct --out DIR, or a dataset whose folder has ct/."));
    summary_->setText(QString());
    plot_->legend->setVisible(false);
    plot_->xAxis->setLabel(QString());
    plot_->yAxis->setLabel(QString());
}

void CtPage::drawClasses(const CtResultsModel::Row &row)
{
    const CtPlotData &p = row.plot;
    const CtRecord &r = *row.record;
    const bool ecdf = plotKind() == EcdfPlot;
    const QString unit = r.counter_unit.empty() ? tr("counter units") : qs(r.counter_unit);
    auto draw = [&](const CtClassSeries &s, const QColor &color, const QString &name) {
        auto *g = new QCPGraph(plot_->xAxis, plot_->yAxis);
        g->setName(name.arg(count(s.count)));
        if (ecdf) {
            g->setLineStyle(QCPGraph::lsStepLeft);
            g->setPen(QPen(color, 2));
            g->setData(s.ecdfX, s.ecdfY, true);
        } else {
            QColor fill = color;
            fill.setAlpha(70);
            g->setLineStyle(QCPGraph::lsStepCenter);
            g->setPen(QPen(color, 1.5));
            g->setBrush(fill);
            g->setData(s.binCenter, s.density, true);
        }
    };
    draw(p.fixed, kFixedColor, tr("fixed inputs (%1)"));
    draw(p.random, kRandomColor, tr("random inputs (%1)"));
    plot_->legend->setVisible(true);
    // Where the curves leave room: below an ECDF's right end, above a histogram's tail.
    plot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | (ecdf ? Qt::AlignBottom : Qt::AlignTop));

    const double span = std::max(1.0, p.viewHigh - p.viewLow);
    plot_->xAxis->setRange(p.viewLow - span * 0.03, p.viewHigh + span * 0.03);
    plot_->xAxis->setLabel(unit);
    if (ecdf) {
        plot_->yAxis->setLabel(tr("fraction of the class \u2264 x"));
        plot_->yAxis->setRange(0, 1.04);
    } else {
        plot_->yAxis->setLabel(tr("fraction of the class per %1").arg(unit));
        plot_->rescaleAxes(true);
        plot_->xAxis->setRange(p.viewLow - span * 0.03, p.viewHigh + span * 0.03);
        plot_->yAxis->setRange(0, plot_->yAxis->range().upper * 1.08);
    }

    QStringList notes;
    notes << tr("x cut at the %1th percentile of both classes (%2 %3): %4 fixed and %5 random measurements lie beyond.")
                 .arg(QLocale().toString(p.cutQuantile * 100, 'g', 3), QLocale().toString(p.viewHigh, 'f', 0), unit,
                      count(p.fixed.beyond), count(p.random.beyond));
    if (p.calibrationLeftOut)
        notes << tr("Drawn and tested: the measurements after the first %1, which set the crops.")
                     .arg(kCtCalibrationMeasurements);
    if (!ecdf)
        notes << tr("Bins of %1 %2.").arg(QLocale().toString(p.binWidth, 'f', 0), unit);
    // The crop the largest |t| came from, where it cuts.
    if (row.maxAbsT && row.cropPercentile && row.cropThreshold <= p.viewHigh) {
        auto *line = new QCPItemStraightLine(plot_);
        line->point1->setCoords(row.cropThreshold, 0);
        line->point2->setCoords(row.cropThreshold, 1);
        line->setPen(QPen(QColor(90, 90, 90), 1, Qt::DashLine));
        notes << tr("Dashed line: the crop with the largest |t| (%1, at or below %2 %3).")
                     .arg(CtResultsModel::cropText(row.cropPercentile), QLocale().toString(row.cropThreshold, 'f', 0),
                          unit);
    }
    note_->setText(notes.join(QLatin1Char('\n')));
}

void CtPage::updateStatus()
{
    QStringList lines;
    if (loading_)
        lines << tr("Reading constant-time records\u2026");
    else if (model_->rowCount() == 0)
        lines << tr("No constant-time records. Run kexbench-cli ct INSTANCE --out DIR and open DIR here, "
                    "or open a dataset whose folder has ct/.");
    else
        lines << tr("%n check(s)", nullptr, model_->rowCount());
    if (!openProblem_.isEmpty())
        lines << openProblem_;
    const QStringList problems = model_->problems();
    if (!problems.isEmpty())
        lines
            << tr("%n file(s) could not be read: %1", nullptr, static_cast<int>(problems.size())).arg(problems.front());
    status_->setText(lines.join(QLatin1Char('\n')));
    status_->setToolTip(problems.join(QLatin1Char('\n')));
    closeButton_->setEnabled(!opened_.isEmpty());
}

void CtPage::retranslateUi()
{
    openButton_->setText(tr("Open ct results\u2026"));
    openButton_->setToolTip(tr("Open a folder written by kexbench-cli ct --out DIR (or its ct/ folder)."));
    reloadButton_->setText(tr("Reload"));
    reloadButton_->setToolTip(tr("Read the ct/ folders of the datasets and opened folders again."));
    closeButton_->setText(tr("Close opened folders"));
    closeButton_->setToolTip(tr("Stop listing the folders opened on this page (the files stay on disk)."));
    budgetCaption_->setText(tr("&Budget per operation:"));
    budget_->setSuffix(tr(" s"));
    budget_->setToolTip(tr("Seconds of measuring per operation; a leak ends an operation's check early."));
    checkButton_->setText(tr("Check the checked instances\u2026"));
    checkButton_->setToolTip(tr("Run kexbench-cli ct on the instances checked in the Algorithms dock, every step, "
                                "into a folder you pick; its records are listed here as they are written. The "
                                "check runs in child processes: the workbench loads no candidate code."));
    cancelButton_->setText(tr("Cancel check"));
    cancelButton_->setToolTip(tr("Stop the running check; the records already written are kept."));
    updateCheckControls();
    table_->setToolTip(tr("One row per system, instance and operation: the same operation on x86-64 and "
                          "aarch64 sits side by side."));
    plotCaption_->setText(tr("Plot:"));
    kind_->setItemText(0, tr("ECDF"));
    kind_->setItemText(1, tr("Histogram"));
    kind_->setToolTip(tr("ECDF: the fraction of each class at or below each value. Histogram: both classes on "
                         "shared bins."));
    plot_->legend->setVisible(false);
    caveat_->setText(tr("A t-test finds a dependence of time on the inputs; it cannot prove there is none, and it "
                        "cannot tell secret from public inputs (both classes change both)."));
    model_->retranslate();
    updateStatus();
    render(); // legend, axis labels and notes are built from translated text
}

void CtPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace kexbench::ui
