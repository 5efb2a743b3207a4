// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparepage.h"

#include "core/analysis/verdict_check.h"
#include "core/base/discovery.h"

#include "datahome.h"

#include "models/background.h"
#include "models/comparetablemodel.h"
#include "models/coretext.h"
#include "models/reportexport.h"
#include "refreshgate.h"
#include "selectoritems.h"
#include "workbench.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QMessageBox>
#include <QBarCategoryAxis>
#include <QCoreApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QMouseEvent>
#include <QToolTip>
#include <qcustomplot.h>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QFontMetrics>
#include <QSet>
#include <QStackedBarSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLogValueAxis>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace kexbench::ui {

namespace {

const auto kMarginKey = QStringLiteral("compare/margin"); // the verdicts' margin, in %
const auto kModeKey = QStringLiteral("compare/mode");     // "datasets" or "instances"

// The dataset's instances (record labels) in natural order, each once: what compare_instances takes.
QStringList labelsOf(const Dataset *data)
{
    std::set<std::string> seen;
    std::vector<std::string> labels;
    if (data)
        for (const Record &r : data->records)
            if (seen.insert(r.label).second)
                labels.push_back(r.label);
    std::stable_sort(labels.begin(), labels.end(), natural_less);
    QStringList out;
    for (const auto &l : labels)
        out << QString::fromStdString(l);
    return out;
}

// The height at which a small chart still shows its title, its axes and their labels.
constexpr int kChartMinHeight = 240;

QChartView *newChartView(QWidget *parent)
{
    auto *chart = new QChart;
    chart->legend()->hide(); // one legend above all the small charts
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(2, 2, 2, 2));
    auto *view = new QChartView(chart, parent);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(260, kChartMinHeight);
    return view;
}

// A scrolled grid the small charts go into. It asks for one whole row of
// charts (and the scroll bar beneath it): the splitter gave it what was left,
// at 1024x700 about 110 px of a chart, its axis labels cut off.
QScrollArea *newGridArea(QWidget *parent, QWidget **grid)
{
    auto *area = new QScrollArea(parent);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setMinimumHeight(kChartMinHeight + area->horizontalScrollBar()->sizeHint().height());
    *grid = new QWidget(area);
    auto *layout = new QGridLayout(*grid);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    area->setWidget(*grid);
    return area;
}

// "21 row(s) in both · geometric mean of the trial ratios: 0.67× over 21 row(s)": the
// one figure that sums the table up, from the same trial-level ratios as the verdicts.
QString rowSummary(const Comparison &c)
{
    QString text = ComparePage::tr("%n row(s) in both", nullptr, static_cast<int>(c.operations.size()));
    if (c.trial_time_ratio.value)
        text += QStringLiteral(" \u00b7 ") + ComparePage::tr("geometric mean of the trial ratios: %1 over %n row(s)",
                                                             nullptr, static_cast<int>(c.trial_time_ratio.rows))
                                                 .arg(QString::fromStdString(ratio_cell(c.trial_time_ratio.value)));
    return text;
}

// A blue, B orange, on every chart of the page.
const QColor kColorA(0x2b, 0x6c, 0xb0);
const QColor kColorB(0xe0, 0x7b, 0x24);

} // namespace

ComparePage::ComparePage(Workbench *workbench, QWidget *parent)
    : QWidget(parent), workbench_(workbench),
      // A page that follows the Workbench compares nothing while hidden: showing it compares once.
      gate_(new RefreshGate(
          this, [this] { startComparing(); }, workbench != nullptr))
{
    modeLabel_ = new QLabel(this);
    modeBox_ = new QComboBox(this);
    modeBox_->setObjectName(QStringLiteral("modeBox"));
    modeBox_->addItem(QString(), QStringLiteral("datasets"));
    modeBox_->addItem(QString(), QStringLiteral("instances"));
    modeBox_->setCurrentIndex(QSettings().value(kModeKey).toString() == QLatin1String("instances") ? InstancesMode
                                                                                                   : DatasetsMode);
    modeLabel_->setBuddy(modeBox_);
    datasetLabel_ = new QLabel(this);
    datasetBox_ = new QComboBox(this);
    datasetBox_->setObjectName(QStringLiteral("instanceDatasetBox"));
    datasetBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    datasetBox_->setMinimumContentsLength(10);
    datasetLabel_->setBuddy(datasetBox_);
    instanceABox_ = new QComboBox(this);
    instanceABox_->setObjectName(QStringLiteral("instanceABox"));
    instanceBBox_ = new QComboBox(this);
    instanceBBox_->setObjectName(QStringLiteral("instanceBBox"));
    for (QComboBox *box : {instanceABox_, instanceBBox_}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        box->setMinimumContentsLength(8);
    }
    aLabel_ = new QLabel(this);
    aBox_ = new QComboBox(this);
    aBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    aBox_->setMinimumContentsLength(10);
    aLabel_->setBuddy(aBox_);
    swapButton_ = new QToolButton(this);
    swapButton_->setObjectName(QStringLiteral("swapButton"));
    swapButton_->setText(QStringLiteral("⇄"));
    bLabel_ = new QLabel(this);
    bBox_ = new QComboBox(this);
    bBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    bBox_->setMinimumContentsLength(10);
    bLabel_->setBuddy(bBox_);
    candidateLabel_ = new QLabel(this);
    candidateBox_ = new QComboBox(this);
    candidateBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    candidateBox_->setMinimumContentsLength(10);
    candidateLabel_->setBuddy(candidateBox_);
    logBox_ = new QCheckBox(this);
    logBox_->setChecked(true); // cheap steps and whole exchanges differ by orders of magnitude
    marginLabel_ = new QLabel(this);
    marginBox_ = new QDoubleSpinBox(this);
    marginBox_->setObjectName(QStringLiteral("marginBox"));
    // Up to ±50 %: across architectures a reader may call a factor of 1.5 "the same class".
    marginBox_->setRange(0.0, 50.0);
    marginBox_->setDecimals(1);
    marginBox_->setSingleStep(0.5);
    marginBox_->setPrefix(QStringLiteral("\u00b1"));
    marginBox_->setSuffix(QStringLiteral(" %"));
    marginBox_->setValue(QSettings().value(kMarginKey, 100 * CompareOptions{}.margin).toDouble());
    marginLabel_->setBuddy(marginBox_);
    copyButton_ = new QToolButton(this);
    exportButton_ = new QToolButton(this);
    imageButton_ = new QToolButton(this);
    statusLabel_ = new QLabel(this);

    model_ = new CompareTableModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(CompareTableModel::SortRole);
    figuresModel_ = new CompareFiguresModel(this);

    stack_ = new QStackedWidget(this);
    emptyLabel_ = new QLabel(stack_);
    emptyLabel_->setObjectName(QStringLiteral("compareEmpty"));
    emptyLabel_->setAlignment(Qt::AlignCenter);
    emptyLabel_->setWordWrap(true);
    emptyLabel_->setMargin(24);

    auto *content = new QSplitter(Qt::Vertical, stack_);
    auto *chartPane = new QWidget(content);
    legendLabel_ = new QLabel(chartPane);
    legendLabel_->setTextFormat(Qt::RichText);
    charts_ = new QTabWidget(chartPane);
    auto *timingTab = new QWidget(charts_);
    timingCaption_ = new QLabel(timingTab);
    timingCaption_->setWordWrap(true);
    auto *timingLayout = new QVBoxLayout(timingTab);
    timingLayout->setContentsMargins(4, 4, 4, 4);
    timingLayout->addWidget(timingCaption_);
    timingLayout->addWidget(newGridArea(timingTab, &timingGrid_), 1);
    timingGrid_->setObjectName(QStringLiteral("timingGrid"));
    auto *sizesTab = new QWidget(charts_);
    auto *sizesLayout = new QVBoxLayout(sizesTab);
    sizesLayout->setContentsMargins(4, 4, 4, 4);
    sizesLayout->addWidget(newGridArea(sizesTab, &sizesGrid_), 1);
    sharesStack_ = new QStackedWidget(charts_);
    sharesMessage_ = new QLabel(sharesStack_);
    sharesMessage_->setAlignment(Qt::AlignCenter);
    sharesMessage_->setWordWrap(true);
    sharesMessage_->setMargin(24);
    sharesView_ = new QChartView(new QChart, sharesStack_);
    sharesView_->setRenderHint(QPainter::Antialiasing);
    sharesStack_->addWidget(sharesMessage_);
    sharesStack_->addWidget(sharesView_);
    charts_->addTab(newRatiosTab(), QString());
    charts_->addTab(timingTab, QString());
    charts_->addTab(sizesTab, QString());
    charts_->addTab(sharesStack_, QString());
    auto *chartLayout = new QVBoxLayout(chartPane);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    charts_->setCornerWidget(logBox_, Qt::TopRightCorner);
    chartLayout->addWidget(charts_, 1);
    chartLayout->addWidget(legendLabel_, 0, Qt::AlignHCenter);

    auto *tablePane = new QWidget(content);
    table_ = new QTableView(tablePane);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(-1, Qt::AscendingOrder); // core's order until the user sorts
    table_->setAlternatingRowColors(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setWordWrap(false);
    table_->verticalHeader()->setVisible(false);
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    figuresTitle_ = new QLabel(tablePane);
    figuresTitle_->setWordWrap(true);
    figuresTable_ = new QTableView(tablePane);
    figuresTable_->setModel(figuresModel_);
    figuresTable_->setAlternatingRowColors(true);
    figuresTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    figuresTable_->setWordWrap(false);
    figuresTable_->verticalHeader()->setVisible(false);
    figuresTable_->verticalHeader()->setDefaultSectionSize(figuresTable_->fontMetrics().height() + 6);
    figuresTable_->horizontalHeader()->setStretchLastSection(true);
    figuresTitle_->setVisible(false);
    figuresTable_->setVisible(false);
    // The latest verdict self-check of this machine, one wrapping line above the notes.
    verdictCheckLabel_ = new QLabel;
    verdictCheckLabel_->setObjectName(QStringLiteral("verdictCheck"));
    verdictCheckLabel_->setWordWrap(true);
    verdictCheckLabel_->setTextFormat(Qt::PlainText); // the host name is the file's, not markup
    verdictCheckLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    verdictCheckLabel_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    notesLabel_ = new QLabel;
    notesLabel_->setWordWrap(true);
    notesLabel_->setTextFormat(Qt::RichText);
    notesLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    notesLabel_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto *tableLayout = new QVBoxLayout(tablePane);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(table_, 1);
    tableLayout->addWidget(figuresTitle_);
    tableLayout->addWidget(figuresTable_, 1);
    // The notes scroll in a pane of their own: at 1024x700 they are longer
    // than the page and pushed the tables down to two rows.
    auto *notesArea = new QScrollArea(content);
    notesArea->setObjectName(QStringLiteral("compareNotes"));
    notesArea->setWidgetResizable(true);
    notesArea->setFrameShape(QFrame::NoFrame);
    auto *notesPane = new QWidget(notesArea);
    auto *notesLayout = new QVBoxLayout(notesPane);
    notesLayout->setContentsMargins(0, 0, 0, 0);
    notesLayout->setSpacing(2);
    notesLayout->addWidget(verdictCheckLabel_);
    notesLayout->addWidget(notesLabel_);
    notesLayout->addStretch(1);
    notesArea->setWidget(notesPane);
    content->addWidget(chartPane);
    content->addWidget(tablePane);
    content->addWidget(notesArea);
    content->setStretchFactor(0, 3);
    content->setStretchFactor(1, 3);
    content->setStretchFactor(2, 1);
    content->setChildrenCollapsible(false);
    stack_->addWidget(emptyLabel_);
    stack_->addWidget(content);

    // Three lines, each within the 1024 px window's width: what is compared and
    // the ways out of the page (copy, export, image); the sides (in the
    // instances mode the dataset, then its instances A and B), the candidate
    // and the margin; the status (rows in both, the geometric mean), wrapping.
    // On one line the boxes and the buttons set the window's minimum width
    // beyond 1024 px, and the status's length did too (1122 px).
    auto *modeRow = new QHBoxLayout;
    modeRow->addWidget(modeLabel_);
    modeRow->addWidget(modeBox_);
    modeRow->addStretch(1);
    modeRow->addWidget(copyButton_);
    modeRow->addWidget(exportButton_);
    modeRow->addWidget(imageButton_);
    auto *controls = new QHBoxLayout;
    controls->addWidget(datasetLabel_);
    controls->addWidget(datasetBox_);
    controls->addSpacing(12);
    controls->addWidget(aLabel_);
    controls->addWidget(aBox_);
    controls->addWidget(instanceABox_);
    controls->addWidget(swapButton_);
    controls->addWidget(bLabel_);
    controls->addWidget(bBox_);
    controls->addWidget(instanceBBox_);
    controls->addSpacing(12);
    controls->addWidget(candidateLabel_);
    controls->addWidget(candidateBox_);
    controls->addSpacing(12);
    controls->addWidget(marginLabel_);
    controls->addWidget(marginBox_);
    controls->addStretch(1);
    statusLabel_->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    // The three lines close together: at 1024x700 the ratio table keeps five rows beneath a row of charts.
    layout->setSpacing(3);
    layout->addLayout(modeRow);
    layout->addLayout(controls);
    layout->addWidget(statusLabel_);
    layout->addWidget(stack_, 1);

    connect(aBox_, &QComboBox::currentIndexChanged, this,
            [this] { setDatasets(aBox_->currentIndex(), bBox_->currentIndex()); });
    connect(bBox_, &QComboBox::currentIndexChanged, this,
            [this] { setDatasets(aBox_->currentIndex(), bBox_->currentIndex()); });
    connect(swapButton_, &QToolButton::clicked, this, &ComparePage::swapSides);
    connect(modeBox_, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(kModeKey, modeBox_->currentData());
        applyMode();
    });
    connect(datasetBox_, &QComboBox::currentIndexChanged, this,
            [this] { setInstanceDataset(datasetBox_->currentIndex()); });
    for (QComboBox *box : {instanceABox_, instanceBBox_})
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            showState();
            recompute();
        });
    connect(candidateBox_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(logBox_, &QCheckBox::toggled, this, [this] { updateCharts(); });
    connect(charts_, &QTabWidget::currentChanged, this, &ComparePage::onChartTabChanged);
    connect(marginBox_, &QDoubleSpinBox::valueChanged, this, [this](double percent) {
        QSettings().setValue(kMarginKey, percent);
        recompute();
    });
    connect(copyButton_, &QToolButton::clicked, this, &ComparePage::copyCsv);
    connect(exportButton_, &QToolButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Export the comparison's tables as CSV"));
        QString error;
        QStringList files;
        if (!dir.isEmpty() && !exportCsv(dir, &error, &files))
            QMessageBox::warning(this, tr("Export CSV"), error);
        else if (!dir.isEmpty())
            statusLabel_->setText(tr("Wrote %n CSV file(s) to %1.", nullptr, static_cast<int>(files.size()))
                                      .arg(QDir::toNativeSeparators(dir)));
    });
    connect(imageButton_, &QToolButton::clicked, this, [this] {
        // The forest plot is QCustomPlot's, which also writes vectors (PDF; Qt's SVG module is not a dependency).
        const QString filter = chartTab() == RatiosTab && !ratiosEmpty() ? tr("PNG image (*.png);;PDF document (*.pdf)")
                                                                         : tr("PNG image (*.png)");
        const QString file = QFileDialog::getSaveFileName(this, tr("Save the charts as an image"), QString(), filter);
        QString error;
        if (!file.isEmpty() && !saveChartImage(file, &error))
            QMessageBox::warning(this, tr("Save image"), error);
    });
    // Ctrl+C in the table copies the table as CSV, not the one cell under the cursor.
    auto *copyAction = new QAction(this);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    table_->addAction(copyAction);
    connect(copyAction, &QAction::triggered, this, &ComparePage::copyCsv);
    if (workbench_) {
        connect(workbench_, &Workbench::datasetsChanged, this, &ComparePage::onDatasetsChanged);
        connect(workbench_, &Workbench::datasetChanged, this, &ComparePage::onDatasetChanged);
    }

    readVerdictCheck();
    retranslateUi();
    onChartTabChanged();
    onDatasetsChanged();
    applyMode();
}

ComparePage::~ComparePage() = default;

QString ComparePage::csv(int *rows) const
{
    if (!comparison_)
        return {};
    const std::vector<ReportTable> tables = comparison_tables(*comparison_);
    if (tables.empty())
        return {};
    if (rows) // from the table: a quoted cell may hold a line break, so the CSV's lines are no count
        *rows = static_cast<int>(tables.front().rows.size());
    return QString::fromStdString(render_csv(tables.front()));
}

void ComparePage::copyCsv()
{
    int rows = 0;
    const QString text = csv(&rows);
    if (QClipboard *clipboard = QApplication::clipboard(); clipboard && !text.isEmpty()) {
        clipboard->setText(text);
        statusLabel_->setText(tr("Copied the ratio table (%n row(s)) as CSV.", nullptr, rows));
    }
}

bool ComparePage::exportCsv(const QString &dir, QString *error, QStringList *files)
{
    if (!comparison_) {
        if (error)
            *error = tr("There is no comparison to export.");
        return false;
    }
    // Named after both sides, so exports of other pairs into one folder keep their files.
    const QString prefix = mode() == InstancesMode
                               ? QStringLiteral("%1-%2-vs-%3").arg(datasetBox_->currentText(), instanceA(), instanceB())
                               : QStringLiteral("%1-vs-%2").arg(aBox_->currentText(), bBox_->currentText());
    const ExportResult result = export_csv_tables(comparison_report(*comparison_), dir, prefix);
    if (!result.ok && error)
        *error = result.error;
    if (files)
        *files = result.files;
    return result.ok;
}

bool ComparePage::saveChartImage(const QString &file, QString *error)
{
    const bool pdf = file.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive);
    const bool ratios = chartTab() == RatiosTab && !ratiosEmpty();
    if (pdf && !ratios) {
        if (error)
            *error = tr("Only the Ratios chart saves as PDF; the other charts save as PNG.");
        return false;
    }
    // The forest plot renders itself whole, also the rows scrolled out of view.
    QWidget *shown = charts_->currentWidget();
    const bool written = ratios ? (pdf ? ratiosPlot_->savePdf(file) : ratiosPlot_->savePng(file))
                                : shown && shown->grab().save(file, "PNG");
    if (!written) {
        if (error)
            *error = tr("Cannot write the image %1.").arg(QDir::toNativeSeparators(file));
        return false;
    }
    return true;
}

void ComparePage::retranslateUi()
{
    modeLabel_->setText(tr("Compar&ing:"));
    modeBox_->setItemText(DatasetsMode, tr("Two datasets"));
    modeBox_->setItemText(InstancesMode, tr("Two instances of one dataset"));
    modeBox_->setToolTip(tr("Two datasets (e.g. two machines), or two instances of one dataset: in a campaign that "
                            "ran its trials in interleaved rounds, trial k of A is compared with trial k of B "
                            "(paired by round), so the host's slow phases hit both alike."));
    datasetLabel_->setText(tr("Data&set:"));
    datasetBox_->setToolTip(tr("The dataset whose instances A and B are compared."));
    instanceABox_->setToolTip(tr("The reference instance: ratios are B / A."));
    instanceBBox_->setToolTip(tr("The instance compared with A."));
    aLabel_->setText(tr("&A:"));
    aBox_->setToolTip(tr("The reference dataset: ratios are B / A."));
    bLabel_->setText(tr("&B:"));
    bBox_->setToolTip(tr("The dataset compared with A."));
    swapButton_->setToolTip(tr("Swap A and B."));
    candidateLabel_->setText(tr("Ca&ndidate:"));
    candidateBox_->setToolTip(tr("Compare only this candidate's instances."));
    if (candidateBox_->count() > 0)
        candidateBox_->setItemText(0, tr("All candidates"));
    marginLabel_->setText(tr("&Margin:"));
    marginBox_->setToolTip(tr("The practical margin ±Δ of the verdicts: “faster” or “slower” only when the ratio's "
                              "interval lies wholly beyond 1 ± Δ, “equivalent” when wholly inside, “inconclusive” "
                              "when it straddles a bound. 0 gives the bare significance test."));
    logBox_->setText(tr("Lo&garithmic scale"));
    logBox_->setToolTip(tr("Bars on a logarithmic value axis: cheap steps and whole exchanges differ by "
                           "orders of magnitude."));
    copyButton_->setText(tr("Copy as CSV"));
    copyButton_->setToolTip(tr("The ratio table as CSV to the clipboard (Ctrl+C in the table does the same)."));
    exportButton_->setText(tr("Export CSV…"));
    exportButton_->setToolTip(tr("Every table of the comparison as CSV files, as kexbench-cli compare --format csv "
                                 "writes them."));
    imageButton_->setText(tr("Save image…"));
    imageButton_->setToolTip(tr("The charts shown, as a PNG image (the Ratios chart also as PDF)."));
    charts_->setTabText(RatiosTab, tr("Ratios"));
    charts_->setTabToolTip(RatiosTab, tr("B / A of the trial medians per instance and operation, with the ratio's "
                                         "interval, the margin 1 ± Δ shaded, coloured by verdict."));
    charts_->setTabText(TimingsTab, tr("Timings"));
    charts_->setTabToolTip(TimingsTab, tr("Mean cycles per instance and operation (mean time when the two "
                                          "sides' counters are not comparable)."));
    charts_->setTabText(SizesTab, tr("Bandwidth and memory"));
    charts_->setTabToolTip(SizesTab, tr("Message and public-key sizes; ELF image (static) and peak RSS."));
    charts_->setTabText(SharesTab, tr("Symmetric primitives"));
    charts_->setTabToolTip(SharesTab, tr("Share of the exchange's time in the ICCS hash functions, in the DRNG "
                                         "and in the rest, from each dataset's hash/DRNG profiles."));
    sharesMessage_->setText(tr("Neither dataset holds hash/DRNG profiles of the exchange operation.\n\n"
                               "kexbench-cli run writes them by default, from the profiled variants of the "
                               "instances; datasets measured without profiling have none."));
    model_->retranslate();
    updateEmptyText();
    updateCharts();
    updateNotes();
    updateVerdictCheck();
    showState();
}

QString ComparePage::verdictCheckFile() { return dataHomePath(QString::fromLatin1(kVerdictCheckFile)); }

// Read at every comparison: `kexbench-cli bench verdicts` may finish while the
// workbench runs. The CLI's rule: a file that is missing, too large or no
// verdict check adds nothing to the options.
void ComparePage::readVerdictCheck()
{
    verdictCheck_.reset();
    verdictCheckUnreadable_ = false;
    QFile file(verdictCheckFile());
    if (file.exists()) {
        constexpr qint64 kLimit = 1 << 20; // as kexbench-cli compare reads it
        if (file.open(QIODevice::ReadOnly) && file.size() <= kLimit)
            if (auto check = parse_verdict_check(file.read(kLimit).toStdString()))
                verdictCheck_ = std::make_shared<const VerdictCheck>(std::move(*check));
        verdictCheckUnreadable_ = !verdictCheck_;
    }
    updateVerdictCheck();
}

void ComparePage::updateVerdictCheck()
{
    const QString file = QDir::toNativeSeparators(verdictCheckFile());
    if (verdictCheck_) {
        verdictCheckLabel_->setText(QString::fromStdString(verdict_check_summary(*verdictCheck_, coreLanguageName())));
        verdictCheckLabel_->setToolTip(
            tr("From %1, written by kexbench-cli bench verdicts. Comparisons of two campaigns add its "
               "campaign-to-campaign spread to their intervals, as kexbench-cli compare does.")
                .arg(file));
    } else if (verdictCheckUnreadable_) {
        verdictCheckLabel_->setText(tr("The verdict self-check %1 cannot be read: kexbench-cli bench verdicts "
                                       "writes it anew.")
                                        .arg(file));
        verdictCheckLabel_->setToolTip(QString());
    } else {
        verdictCheckLabel_->setText(tr("No verdict self-check on this machine yet: kexbench-cli bench verdicts "
                                       "measures how often verdicts are wrong here and the campaign-to-campaign "
                                       "spread."));
        verdictCheckLabel_->setToolTip(tr("It writes %1, which this page reads.").arg(file));
    }
}

void ComparePage::updateEmptyText()
{
    const int count = workbench_ ? static_cast<int>(workbench_->datasets().size()) : 0;
    if (mode() == InstancesMode) {
        const QStringList labels = instanceLabels();
        const QString dataset = datasetBox_->currentText();
        if (count == 0 || !one_)
            emptyLabel_->setText(
                tr("Nothing to compare yet.\n\nOpen a dataset (File ▸ Open dataset…) or measure one "
                   "on the Run page, then choose it and two of its instances here. Ratios read B / A."));
        else if (labels.isEmpty())
            emptyLabel_->setText(tr("%1 holds no records yet: there are no instances to compare.").arg(dataset));
        else if (labels.size() == 1)
            emptyLabel_->setText(tr("%1 holds one instance only (%2): there is no second instance to compare it "
                                    "with.\n\nChoose a dataset with two or more instances above, or measure two "
                                    "instances in one campaign; run in interleaved rounds (the default), their trials "
                                    "are compared round by round.")
                                     .arg(dataset, labels.front()));
        else
            emptyLabel_->setText(tr("A and B are the same instance.\n\nChoose two different instances above."));
        return;
    }
    if (count == 0)
        emptyLabel_->setText(tr("Nothing to compare yet.\n\nOpen two datasets (File ▸ Open dataset…) or measure "
                                "them on the Run page, then choose A (the reference) and B here. Ratios read B / A."));
    else if (count == 1)
        emptyLabel_->setText(
            tr("Only one dataset is open (%1).\n\nOpen a second one (File ▸ Open dataset…) or run "
               "another campaign, then compare it with this one here. Ratios read B / A.")
                .arg(workbench_->datasets().front().label) +
            QStringLiteral("\n\n") +
            tr("Or compare two of its instances: choose “%1” above.").arg(modeBox_->itemText(InstancesMode)));
    else
        emptyLabel_->setText(tr("A and B are the same dataset.\n\nChoose two different datasets above."));
}

void ComparePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        // core's notes, cells and verdicts follow the UI language: compare again in the new one.
        if (comparison_ && comparison_->options.language != coreLanguageName())
            recompute();
    }
    QWidget::changeEvent(event);
}

void ComparePage::onDatasetsChanged()
{
    const QVector<DatasetEntry> none;
    const auto &datasets = workbench_ ? workbench_->datasets() : none;
    int a = -1, b = -1;
    {
        const QSignalBlocker blockA(aBox_), blockB(bBox_);
        aBox_->clear();
        bBox_->clear();
        for (int i = 0; i < datasets.size(); ++i) {
            for (QComboBox *box : {aBox_, bBox_}) {
                box->addItem(datasets[i].label);
                box->setItemData(i, datasets[i].origin, Qt::ToolTipRole);
            }
            if (a_ && datasets[i].data == a_)
                a = i;
            if (b_ && datasets[i].data == b_ && i != a)
                b = i;
        }
        // Defaults: the first two datasets; a newly opened one becomes B while A stays.
        if (a < 0 && !datasets.isEmpty())
            a = 0;
        if (b < 0 && datasets.size() > 1)
            b = a == static_cast<int>(datasets.size()) - 1 ? 0 : static_cast<int>(datasets.size()) - 1;
        applyPreferredPair(datasets, a, b);
    }
    // Instances mode: the dataset chosen stays; else A's.
    int one = -1;
    {
        const QSignalBlocker block(datasetBox_);
        datasetBox_->clear();
        for (int i = 0; i < datasets.size(); ++i) {
            datasetBox_->addItem(datasets[i].label);
            datasetBox_->setItemData(i, datasets[i].origin, Qt::ToolTipRole);
            if (one_ && datasets[i].data == one_)
                one = i;
        }
    }
    if (one < 0)
        one = a;
    takeInstanceSnapshot(one);
    updateEmptyText(); // it names the open dataset
    setDatasets(a, b);
}

ComparePage::Mode ComparePage::mode() const { return static_cast<Mode>(std::max(0, modeBox_->currentIndex())); }

void ComparePage::setMode(Mode mode) { modeBox_->setCurrentIndex(mode); } // remembered, applied

void ComparePage::applyMode()
{
    const bool instances = mode() == InstancesMode;
    // Instances mode: one dataset and two of its instances; the candidate box does not apply
    // (compare_instances: the two instances are the selection, as with kexbench-cli compare --a --b).
    for (QWidget *w : {static_cast<QWidget *>(datasetLabel_), static_cast<QWidget *>(datasetBox_),
                       static_cast<QWidget *>(instanceABox_), static_cast<QWidget *>(instanceBBox_)})
        w->setVisible(instances);
    for (QWidget *w : {static_cast<QWidget *>(aBox_), static_cast<QWidget *>(bBox_),
                       static_cast<QWidget *>(candidateLabel_), static_cast<QWidget *>(candidateBox_)})
        w->setVisible(!instances);
    aLabel_->setBuddy(instances ? instanceABox_ : aBox_);
    bLabel_->setBuddy(instances ? instanceBBox_ : bBox_);
    updateEmptyText();
    showState();
    recompute();
}

void ComparePage::setInstanceDataset(int row)
{
    takeInstanceSnapshot(row);
    updateEmptyText();
    showState();
    recompute();
}

void ComparePage::takeInstanceSnapshot(int row)
{
    const int count = workbench_ ? static_cast<int>(workbench_->datasets().size()) : 0;
    const bool valid = row >= 0 && row < count;
    {
        const QSignalBlocker block(datasetBox_);
        datasetBox_->setCurrentIndex(valid ? row : -1);
    }
    one_ = valid ? workbench_->datasets()[row].data : nullptr;
    fillInstances();
}

void ComparePage::fillInstances()
{
    const QStringList labels = labelsOf(one_.get());
    QString a = instanceA(), b = instanceB();
    SelectorItems items;
    for (const QString &l : labels)
        items.push_back({l, l});
    // A live campaign's snapshots keep their instances: the boxes are left alone then.
    const bool changed = setItems(instanceABox_, items);
    setItems(instanceBBox_, items);
    if (!changed && preferredInstances_.isEmpty())
        return;
    if (preferredInstances_.size() == 2 && labels.contains(preferredInstances_[0]) &&
        labels.contains(preferredInstances_[1])) {
        a = preferredInstances_[0];
        b = preferredInstances_[1];
        preferredInstances_.clear(); // from now on the reader's choice
    }
    // Kept while the dataset has them; else the first two distinct instances.
    if (!labels.contains(a))
        a = labels.value(0);
    if (!labels.contains(b))
        b = labels.value(labels.indexOf(a) == 0 ? 1 : 0);
    const QSignalBlocker blockA(instanceABox_), blockB(instanceBBox_);
    instanceABox_->setCurrentIndex(instanceABox_->findData(a));
    instanceBBox_->setCurrentIndex(instanceBBox_->findData(b));
}

QStringList ComparePage::instanceLabels() const
{
    QStringList labels;
    for (int i = 0; i < instanceABox_->count(); ++i)
        labels << instanceABox_->itemData(i).toString();
    return labels;
}

QString ComparePage::instanceA() const { return instanceABox_->currentData().toString(); }

QString ComparePage::instanceB() const { return instanceBBox_->currentData().toString(); }

void ComparePage::setInstances(const QString &a, const QString &b)
{
    {
        const QSignalBlocker blockA(instanceABox_), blockB(instanceBBox_);
        instanceABox_->setCurrentIndex(instanceABox_->findData(a));
        instanceBBox_->setCurrentIndex(instanceBBox_->findData(b));
    }
    updateEmptyText();
    showState();
    recompute();
}

void ComparePage::swapSides()
{
    if (mode() == InstancesMode)
        setInstances(instanceB(), instanceA());
    else
        setDatasets(bBox_->currentIndex(), aBox_->currentIndex());
}

void ComparePage::preferInstances(const QString &a, const QString &b)
{
    preferredInstances_ = {a, b};
    {
        const QSignalBlocker block(modeBox_); // the command line's choice, not the reader's: not remembered
        modeBox_->setCurrentIndex(InstancesMode);
    }
    fillInstances(); // the dataset may be open already
    applyMode();
}

void ComparePage::preferPair(const QString &originA, const QString &originB)
{
    preferred_ = {originA, originB};
    onDatasetsChanged(); // both may be open already
}

QStringList ComparePage::pairOrigins() const
{
    const int a = aBox_->currentIndex(), b = bBox_->currentIndex();
    if (!workbench_ || a < 0 || b < 0 || a >= workbench_->datasets().size() || b >= workbench_->datasets().size())
        return {};
    return {workbench_->datasets()[a].origin, workbench_->datasets()[b].origin};
}

void ComparePage::applyPreferredPair(const QVector<DatasetEntry> &datasets, int &a, int &b)
{
    if (preferred_.size() != 2)
        return;
    int pa = -1, pb = -1;
    for (int i = 0; i < datasets.size(); ++i) {
        if (datasets[i].origin == preferred_[0])
            pa = i;
        else if (datasets[i].origin == preferred_[1])
            pb = i;
    }
    if (pa < 0 || pb < 0)
        return;
    a = pa;
    b = pb;
    preferred_.clear(); // from now on the reader's choice
}

void ComparePage::onDatasetChanged(int index)
{
    if (!workbench_ || index < 0 || index >= workbench_->datasets().size())
        return;
    const bool pair = index == aBox_->currentIndex() || index == bBox_->currentIndex();
    const bool one = index == datasetBox_->currentIndex();
    if (!pair && !one)
        return;
    // A live campaign's next snapshot: the same rows, compared a few times a second at most.
    if (pair)
        takeSnapshots(aBox_->currentIndex(), bBox_->currentIndex());
    if (one) {
        takeInstanceSnapshot(index); // a new instance may have come
        updateEmptyText();
    }
    if (mode() == InstancesMode ? one : pair)
        gate_->requestFor(*workbench_);
}

void ComparePage::setDatasets(int a, int b)
{
    takeSnapshots(a, b);
    recompute();
}

void ComparePage::takeSnapshots(int a, int b)
{
    const int count = workbench_ ? static_cast<int>(workbench_->datasets().size()) : 0;
    {
        const QSignalBlocker blockA(aBox_), blockB(bBox_);
        aBox_->setCurrentIndex(a >= 0 && a < count ? a : -1);
        bBox_->setCurrentIndex(b >= 0 && b < count ? b : -1);
    }
    auto snapshot = [&](int i) {
        return i >= 0 && i < count ? workbench_->datasets()[i].data : std::shared_ptr<const Dataset>();
    };
    a_ = snapshot(a);
    b_ = snapshot(b);
    fillCandidates();
}

void ComparePage::setCandidate(const QString &candidate)
{
    const int row = candidate.isEmpty() ? 0 : candidateBox_->findData(candidate);
    if (row >= 0 && row != candidateBox_->currentIndex())
        candidateBox_->setCurrentIndex(row); // recomputes
}

void ComparePage::setLogScale(bool on) { logBox_->setChecked(on); }

void ComparePage::setChartTab(ChartTab tab) { charts_->setCurrentIndex(tab); }

ComparePage::ChartTab ComparePage::chartTab() const { return static_cast<ChartTab>(charts_->currentIndex()); }

void ComparePage::fillCandidates()
{
    const QString previous = candidateBox_->currentData().toString();
    SelectorItems items{{tr("All candidates"), QString()}};
    std::set<std::string> names;
    for (const auto &data : {a_, b_})
        if (data)
            for (const auto &c : data->candidates())
                names.insert(c);
    for (const auto &c : names)
        items.push_back({QString::fromStdString(c), QString::fromStdString(c)});
    // A live campaign's snapshots keep their candidates: the box is left alone then.
    if (!setItems(candidateBox_, items))
        return;
    const QSignalBlocker block(candidateBox_);
    const int row = previous.isEmpty() ? 0 : candidateBox_->findData(previous);
    candidateBox_->setCurrentIndex(row < 0 ? 0 : row);
}

void ComparePage::recompute() { gate_->request(); }

bool ComparePage::busy() const { return gate_->busy(); }

void ComparePage::startComparing()
{
    const bool instances = mode() == InstancesMode;
    const QString instanceA = this->instanceA(), instanceB = this->instanceB();
    if (instances ? !one_ || instanceA.isEmpty() || instanceB.isEmpty() || instanceA == instanceB
                  : !a_ || !b_ || a_ == b_) {
        comparison_.reset();
        gate_->finished();
        showComparison();
        emit comparisonReady();
        return;
    }
    showState();
    CompareOptions options;
    options.language = coreLanguageName();
    options.margin = marginBox_->value() / 100.0;
    // This machine's campaign-to-campaign spread widens unpaired intervals, as in kexbench-cli compare.
    readVerdictCheck();
    if (verdictCheck_)
        apply_campaign_spread(options, *verdictCheck_);
    using Future = QFutureWatcher<std::shared_ptr<const Comparison>>;
    auto *watcher = new Future(this);
    connect(watcher, &Future::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (gate_->overtaken()) { // the reader chose other datasets or a candidate meanwhile: on its way
            gate_->finished();
            showState();
            return;
        }
        comparison_ = watcher->result();
        gate_->finished(); // may start the next comparison (a newer live snapshot)
        showComparison();
        emit comparisonReady();
    });
    if (instances) {
        // Core names the sides after the instances and pairs the trials by round when it may.
        watcher->setFuture(
            runInBackground([one = one_, a = instanceA.toStdString(), b = instanceB.toStdString(), options] {
                return std::make_shared<const Comparison>(compare_instances(*one, a, b, options));
            }));
        return;
    }
    options.candidate = candidateBox_->currentData().toString().toStdString();
    // The notes name the sides as the headers and the dataset list do.
    const int a = aBox_->currentIndex(), b = bBox_->currentIndex();
    const int count = workbench_ ? static_cast<int>(workbench_->datasets().size()) : 0;
    if (a >= 0 && a < count && b >= 0 && b < count) {
        options.label_a = workbench_->datasets()[a].label.toStdString();
        options.label_b = workbench_->datasets()[b].label.toStdString();
    }
    // The rank tests sort every sample: with kexbench campaigns that is seconds of work.
    watcher->setFuture(runInBackground(
        [a = a_, b = b_, options] { return std::make_shared<const Comparison>(compare_datasets(*a, *b, options)); }));
}

void ComparePage::showComparison()
{
    const int count = workbench_ ? static_cast<int>(workbench_->datasets().size()) : 0;
    const int a = aBox_->currentIndex(), b = bBox_->currentIndex();
    // The headers take core's side names, the ones its notes use (the Workbench labels, CompareOptions;
    // the instances' names).
    if (comparison_ && (mode() == InstancesMode || (a >= 0 && a < count && b >= 0 && b < count))) {
        model_->setComparison(comparison_);
        figuresModel_->setComparison(comparison_);
    } else {
        model_->clear();
        figuresModel_->clear();
    }
    const bool figures = figuresModel_->rowCount() > 0;
    figuresTitle_->setText(figuresModel_->title());
    figuresTitle_->setVisible(figures);
    figuresTable_->setVisible(figures);
    if (figures)
        figuresTable_->resizeColumnsToContents();
    // Harness data has no memory pass: its memory columns would be n/a in every row.
    for (int column = CompareTableModel::HeapPeakA; column <= CompareTableModel::StackRatio; ++column)
        table_->setColumnHidden(column, !model_->hasOperationMemory());
    table_->resizeColumnsToContents();
    if (table_->columnWidth(CompareTableModel::Notes) > 480)
        table_->setColumnWidth(CompareTableModel::Notes, 480);
    updateCharts();
    updateNotes();
    showState();
}

QString ComparePage::groupTitle(const QString &group) const
{
    if (group == QLatin1String("total_msg_bytes"))
        return tr("Protocol messages (total_msg_bytes)");
    if (group == QLatin1String("pk_bytes"))
        return tr("Public key (pk_bytes)");
    if (group == QLatin1String("elf_load_bytes"))
        return tr("Static: ELF image (elf_load_bytes)");
    if (group == QLatin1String("peak_rss_bytes"))
        return tr("Peak RSS (peak_rss_bytes)");
    return group; // an instance
}

void ComparePage::addCharts(QWidget *grid, QList<QChartView *> &views, const CompareBars &bars, int columns)
{
    auto *layout = static_cast<QGridLayout *>(grid->layout());
    // One value range for the charts of one call, so bar heights compare across them.
    double low = 0, high = 0;
    for (const auto *values : {&bars.a, &bars.b})
        for (double v : *values)
            if (std::isfinite(v) && v > 0) {
                low = low > 0 ? std::min(low, v) : v;
                high = std::max(high, v);
            }
    // The width each chart will get, once laid out (before that: a typical one).
    const int chartWidth = grid->width() > 200 ? grid->width() / columns : 320;
    QStringList groups;
    for (const QString &g : bars.groups)
        if (!groups.contains(g))
            groups << g;
    for (int i = 0; i < groups.size(); ++i) {
        CompareBars part;
        for (int k = 0; k < bars.groups.size(); ++k)
            if (bars.groups[k] == groups[i]) {
                part.categories << bars.items[k];
                part.a << bars.a[k];
                part.b << bars.b[k];
            }
        auto *view = newChartView(grid);
        fillChart(view, part, groupTitle(groups[i]), bars.unit, low, high, chartWidth);
        const int position = static_cast<int>(views.size());
        layout->addWidget(view, position / columns, position % columns);
        views << view;
    }
}

void ComparePage::fillChart(QChartView *view, const CompareBars &bars, const QString &title, const QString &unit,
                            double low, double high, int chartWidth)
{
    QChart *chart = view->chart();
    chart->setTitle(title);
    const bool log = logBox_->isChecked();
    // Log axis: whole decades around the data; a missing value sits on the floor.
    const double floor = low > 0 ? std::pow(10.0, std::floor(std::log10(low))) : 1.0;
    const double ceiling = high > 0 ? std::pow(10.0, std::ceil(std::log10(high))) : 10.0;

    auto *series = new QBarSeries;
    const QColor colors[] = {kColorA, kColorB};
    int side = 0;
    for (const auto *values : {&bars.a, &bars.b}) {
        auto *set = new QBarSet(side == 0 ? model_->labelA() : model_->labelB());
        set->setColor(colors[side]);
        set->setBorderColor(colors[side].darker(130));
        for (double v : *values)
            set->append(std::isfinite(v) && v > 0 ? v : (log ? floor : 0.0));
        series->append(set);
        ++side;
    }
    // Bars of a chart with few categories stay as slim as in the others.
    series->setBarWidth(std::min(0.8, 0.25 * static_cast<double>(bars.categories.size())));
    chart->addSeries(series);

    auto *x = new QBarCategoryAxis;
    x->append(bars.categories);
    QFont small = x->labelsFont();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
    x->setLabelsFont(small);
    // Upright when the names fit side by side in a chart of ordinary width,
    // else vertical: Qt Charts elides a label (also a slanted one) wider than
    // its category, but a vertical label only needs the height of a line.
    const QFontMetrics metrics(small);
    int widest = 0;
    for (const QString &c : bars.categories)
        widest = std::max(widest, metrics.horizontalAdvance(c));
    // (A category axis gives each label the plot width / (categories + 1).)
    const auto labelSlots = bars.categories.size() + 1;
    x->setLabelsAngle((widest + 16) * labelSlots > std::max(120, chartWidth - 70) ? -90 : 0);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);

    QAbstractAxis *y = nullptr;
    if (log) {
        auto *axis = new QLogValueAxis;
        axis->setBase(10);
        // One style for every power of ten ("%g" gave "100000" beside "1e+08").
        axis->setLabelFormat(QStringLiteral("%.0e"));
        axis->setRange(floor, ceiling > floor ? ceiling : floor * 10);
        axis->setMinorTickCount(-1);
        y = axis;
    } else {
        auto *axis = new QValueAxis;
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setRange(0, high > 0 ? high * 1.05 : 1.0);
        axis->applyNiceNumbers();
        y = axis;
    }
    y->setTitleText(unit);
    y->setLabelsFont(small);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
}

bool ComparePage::sharesEmpty() const { return sharesStack_->currentWidget() == sharesMessage_; }

void ComparePage::updateShares()
{
    // Per instance and side: shares of the exchange (complete profiles only), in percent.
    struct Shares {
        double hash = 0, drng = 0, rest = 0;
    };
    // Two instances of one dataset: A's profile on side A, B's on side B.
    const bool pair = mode() == InstancesMode;
    const QString candidate = pair ? QString() : candidateBox_->currentData().toString();
    const std::string only[2] = {pair ? instanceA().toStdString() : std::string(),
                                 pair ? instanceB().toStdString() : std::string()};
    std::map<std::string, Shares> sides[2];
    int side = 0;
    for (const auto *data : {pair ? &one_ : &a_, pair ? &one_ : &b_}) {
        if (*data)
            for (const Profile &p : (*data)->profiles) {
                if (p.operation != "exchange" || p.status != "complete")
                    continue;
                if (!candidate.isEmpty() && QString::fromStdString(p.candidate) != candidate)
                    continue;
                if (pair && p.label != only[side])
                    continue;
                const auto drng = p.share.find("drng");
                Shares s;
                s.drng = drng == p.share.end() ? 0.0 : drng->second;
                if (p.hash_share) {
                    s.hash = *p.hash_share;
                } else {
                    for (const auto &[fn, v] : p.share)
                        if (fn != "drng")
                            s.hash += v;
                }
                s.hash = std::clamp(100.0 * s.hash, 0.0, 100.0);
                s.drng = std::clamp(100.0 * s.drng, 0.0, 100.0 - s.hash);
                s.rest = 100.0 - s.hash - s.drng;
                sides[side][p.label] = s;
            }
        ++side;
    }
    std::set<std::string> instances;
    for (const auto &m : sides)
        for (const auto &[label, s] : m)
            instances.insert(label);

    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(2, 2, 2, 2));
    QChart *old = sharesView_->chart();
    sharesView_->setChart(chart);
    delete old;
    sharesStack_->setCurrentWidget(instances.empty() ? static_cast<QWidget *>(sharesMessage_) : sharesView_);
    if (instances.empty())
        return;

    chart->setTitle(pair ? tr("Share of the exchange time: instance A and instance B side by side")
                         : tr("Share of the exchange time: A and B side by side per instance"));
    auto *series = new QStackedBarSeries;
    auto *hash = new QBarSet(tr("Hash functions"));
    auto *drng = new QBarSet(tr("DRNG"));
    auto *rest = new QBarSet(tr("Rest"));
    const QColor colors[] = {QColor(0x6a, 0x3d, 0x9a), QColor(0x33, 0xa0, 0x2c), QColor(0xbb, 0xbb, 0xbb)};
    int k = 0;
    for (QBarSet *set : {hash, drng, rest}) {
        set->setColor(colors[k]);
        set->setBorderColor(colors[k].darker(130));
        ++k;
    }
    QStringList categories;
    const QString sideName[] = {tr("A"), tr("B")};
    for (const auto &instance : pair ? std::set<std::string>{std::string()} : instances)
        for (int i = 0; i < 2; ++i) {
            const std::string &label = pair ? only[i] : instance;
            categories << tr("%1 (%2)").arg(QString::fromStdString(label), sideName[i]);
            const auto found = sides[i].find(label);
            const Shares s = found == sides[i].end() ? Shares{} : found->second; // no profile: an empty bar
            hash->append(s.hash);
            drng->append(s.drng);
            rest->append(s.rest);
        }
    series->append(hash);
    series->append(drng);
    series->append(rest);
    // Few instances: bars as slim as among many, not a wall of colour.
    series->setBarWidth(std::min(0.7, 0.15 * static_cast<double>(categories.size())));
    chart->addSeries(series);
    chart->legend()->setAlignment(Qt::AlignBottom);

    auto *x = new QBarCategoryAxis;
    x->append(categories);
    QFont small = x->labelsFont();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
    x->setLabelsFont(small);
    const QFontMetrics metrics(small);
    int widest = 0;
    for (const QString &c : categories)
        widest = std::max(widest, metrics.horizontalAdvance(c));
    const int plotWidth = std::max(200, sharesView_->width() > 200 ? sharesView_->width() - 90 : 700);
    x->setLabelsAngle((widest + 12) * (categories.size() + 1) > plotWidth ? -90 : 0);
    chart->addAxis(x, Qt::AlignBottom);
    series->attachAxis(x);
    auto *y = new QValueAxis;
    y->setRange(0, 100);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTickCount(6);
    y->setTitleText(tr("% of the exchange time"));
    y->setLabelsFont(small);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(y);
}

QWidget *ComparePage::newRatiosTab()
{
    ratiosStack_ = new QStackedWidget(charts_);
    ratiosMessage_ = new QLabel(ratiosStack_);
    ratiosMessage_->setAlignment(Qt::AlignCenter);
    ratiosMessage_->setWordWrap(true);
    ratiosMessage_->setMargin(24);
    auto *content = new QWidget(ratiosStack_);
    ratiosCaption_ = new QLabel(content);
    ratiosCaption_->setWordWrap(true);
    ratiosCaption_->setObjectName(QStringLiteral("ratiosCaption"));
    // Many rows (21 for the published pair) scroll at a readable height rather than squeeze.
    ratiosArea_ = new QScrollArea(content);
    ratiosArea_->setWidgetResizable(true);
    ratiosArea_->setFrameShape(QFrame::NoFrame);
    ratiosArea_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    ratiosArea_->setMinimumHeight(kChartMinHeight);
    ratiosPlot_ = new QCustomPlot(ratiosArea_);
    ratiosPlot_->setObjectName(QStringLiteral("ratiosPlot"));
    ratiosPlot_->setMinimumWidth(300);
    ratiosPlot_->setMouseTracking(true); // hover shows a row's figures
    ratiosArea_->setWidget(ratiosPlot_);
    // The verdicts' legend in a row above the axis rect: exports carry it and it never covers a row.
    ratiosPlot_->plotLayout()->insertRow(0);
    auto *legendRow = new QCPLayoutGrid;
    ratiosPlot_->plotLayout()->addElement(0, 0, legendRow);
    legendRow->setMargins(QMargins(5, 4, 5, 0));
    legendRow->addElement(0, 0, ratiosPlot_->legend);
    ratiosPlot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    ratiosPlot_->legend->setBorderPen(Qt::NoPen);
    ratiosPlot_->legend->setMargins(QMargins(4, 0, 4, 0)); // the rows get the height
    ratiosPlot_->legend->setVisible(true);
    ratiosPlot_->plotLayout()->setRowStretchFactor(0, 0.001);
    connect(ratiosPlot_, &QCustomPlot::mouseMove, this, &ComparePage::showRatioToolTip);
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(ratiosCaption_);
    layout->addWidget(ratiosArea_, 1);
    ratiosStack_->addWidget(ratiosMessage_);
    ratiosStack_->addWidget(content);
    return ratiosStack_;
}

bool ComparePage::ratiosEmpty() const { return ratiosStack_->currentWidget() == ratiosMessage_; }

void ComparePage::updateRatios()
{
    ratios_ = comparison_ ? ratio_plot_data(*comparison_) : RatioPlotData{};
    ratiosPlot_->clearPlottables();
    ratiosPlot_->clearItems();
    // Two instances: paired by round or not (and why) first, as core says it.
    QStringList caption;
    for (const QString &line : {ratios_.pairing, ratios_.caption})
        if (!line.isEmpty())
            caption << line;
    ratiosCaption_->setText(caption.join(QLatin1Char('\n')));
    ratiosCaption_->setVisible(!caption.isEmpty());
    ratiosMessage_->setText(ratios_.emptyText);
    const bool empty = ratios_.rows.isEmpty();
    ratiosStack_->setCurrentWidget(empty ? ratiosMessage_ : ratiosStack_->widget(1));
    if (!empty) {
        drawRatioAxes();
        drawRatioBand();
        drawRatioRows();
        // A readable line per row; the scroll area takes what does not fit.
        const int rowHeight = fontMetrics().height() + 6;
        const int chrome = 5 * fontMetrics().height() + 48; // legend, both ratio axes, the axis title
        ratiosPlot_->setMinimumHeight(chrome + rowHeight * static_cast<int>(ratios_.rows.size()));
    }
    ratiosPlot_->replot();
}

void ComparePage::drawRatioAxes()
{
    QCPAxis *x = ratiosPlot_->xAxis, *y = ratiosPlot_->yAxis;
    // One row per integer, the first at the top.
    QSharedPointer<QCPAxisTickerText> rowTicker(new QCPAxisTickerText);
    for (int i = 0; i < ratios_.rows.size(); ++i)
        rowTicker->addTick(i, ratios_.rows[i].label);
    y->setTicker(rowTicker);
    y->setRangeReversed(true);
    y->setRange(-0.6, ratios_.rows.size() - 0.4);
    y->setTickLength(0, 0);
    y->setSubTicks(false);
    y->grid()->setPen(QPen(QColor(0xe4, 0xe4, 0xe4), 1));
    // Log in the ratio, so 0.8× and 1.25× lie equally far from 1.
    QSharedPointer<QCPAxisTickerText> ratioTicker(new QCPAxisTickerText);
    for (double t : ratio_ticks(ratios_.axisLow, ratios_.axisHigh))
        ratioTicker->addTick(t, ratio_tick_label(t));
    // The scale is set before the range: a log axis refuses a range it cannot take.
    for (QCPAxis *axis : {x, ratiosPlot_->xAxis2}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(ratioTicker);
        axis->setSubTicks(false);
        axis->setRange(ratios_.axisLow, ratios_.axisHigh);
    }
    // Ticks on top too: with many rows the bottom axis is scrolled out of view.
    ratiosPlot_->xAxis2->setVisible(true);
    ratiosPlot_->xAxis2->setTickLabels(true);
    x->setLabel(ratios_.axisTitle);
}

void ComparePage::drawRatioBand()
{
    // The margin 1 ± Δ, the whole height: a point whose bar stays inside it is 'equivalent'.
    if (ratios_.margin > 0) {
        auto *band = new QCPItemRect(ratiosPlot_);
        band->setObjectName(QStringLiteral("marginBand"));
        band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        band->topLeft->setCoords(ratios_.bandLow, 0);
        band->bottomRight->setCoords(ratios_.bandHigh, 1);
        band->setPen(Qt::NoPen);
        QColor fill = verdict_color(Verdict::equivalent);
        fill.setAlpha(36);
        band->setBrush(fill);
        band->setLayer(QStringLiteral("grid")); // beneath the points
    }
    auto *one = new QCPItemStraightLine(ratiosPlot_);
    one->setObjectName(QStringLiteral("oneLine"));
    one->point1->setCoords(1, 0);
    one->point2->setCoords(1, 1);
    one->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.2));
    one->setLayer(QStringLiteral("grid"));
}

void ComparePage::drawRatioRows()
{
    const Verdict order[] = {Verdict::faster, Verdict::slower, Verdict::equivalent, Verdict::inconclusive,
                             Verdict::too_few_trials};
    for (Verdict v : order) {
        const int count = ratios_.counts[static_cast<size_t>(v)];
        if (count == 0)
            continue;
        const QColor color = verdict_color(v);
        // Per verdict a graph of the rows with an interval (filled, with bars) and one of
        // those without (hollow); one legend entry of the verdict with its count.
        bool named = false;
        for (const bool withInterval : {true, false}) {
            // QCPGraph keeps its points sorted by x; the error bars follow that order.
            QVector<QPair<double, int>> points;
            for (int i = 0; i < ratios_.rows.size(); ++i)
                if (ratios_.rows[i].verdict == v && ratios_.rows[i].interval == withInterval)
                    points << qMakePair(ratios_.rows[i].ratio, i);
            if (points.isEmpty())
                continue;
            std::sort(points.begin(), points.end());
            auto *graph = ratiosPlot_->addGraph();
            graph->setLineStyle(QCPGraph::lsNone);
            graph->setScatterStyle(withInterval
                                       ? QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 8)
                                       : QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.6), Qt::white, 8));
            QVector<double> keys, values, minus, plus;
            for (const auto &[ratio, row] : points) {
                keys << ratio;
                values << row;
                minus << ratio - ratios_.rows[row].low;
                plus << ratios_.rows[row].high - ratio;
            }
            graph->setData(keys, values, true);
            graph->setName(
                QStringLiteral("%1 (%2)")
                    .arg(QString::fromStdString(verdict_words(v, ratios_.margin, comparison_->options.language)))
                    .arg(count));
            if (named)
                graph->removeFromLegend();
            named = true;
            if (!withInterval)
                continue;
            auto *bars = new QCPErrorBars(ratiosPlot_->xAxis, ratiosPlot_->yAxis);
            bars->setDataPlottable(graph);
            bars->setErrorType(QCPErrorBars::etKeyError);
            bars->setData(minus, plus);
            bars->setPen(QPen(color, 1.6));
            bars->setWhiskerWidth(7);
            bars->removeFromLegend();
        }
    }
}

QString ComparePage::ratioToolTipAt(const QPoint &pos) const
{
    if (ratiosEmpty() || !ratiosPlot_->axisRect()->rect().contains(pos))
        return {};
    const int row = static_cast<int>(std::lround(ratiosPlot_->yAxis->pixelToCoord(pos.y())));
    return row >= 0 && row < ratios_.rows.size() ? ratios_.rows[row].toolTip : QString();
}

void ComparePage::showRatioToolTip(QMouseEvent *event)
{
    // Anywhere on a row's line: the point is small, the row is not.
    const QString text = ratioToolTipAt(event->position().toPoint());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, ratiosPlot_);
}

void ComparePage::onChartTabChanged()
{
    // The A/B colours and the log switch belong to the bar charts; the ratios have their own legend and axis.
    const bool bars = chartTab() != RatiosTab;
    legendLabel_->setVisible(bars);
    logBox_->setVisible(bars);
}

void ComparePage::updateCharts()
{
    updateShares();
    updateRatios();
    qDeleteAll(timingViews_);
    timingViews_.clear();
    qDeleteAll(sizeViews_);
    sizeViews_.clear();
    if (!comparison_) {
        timingCaption_->clear();
        legendLabel_->clear();
        return;
    }
    auto square = [](const QColor &c) {
        return QStringLiteral("<span style=\"color:%1\">&#9632;</span>").arg(c.name());
    };
    legendLabel_->setText(
        tr("%1 A: %2 &nbsp;&nbsp; %3 B: %4")
            .arg(square(kColorA), model_->labelA().toHtmlEscaped(), square(kColorB), model_->labelB().toHtmlEscaped()));
    const CompareBars timing = timing_bars(*comparison_);
    timingCaption_->setText(timing.time ? tr("Mean time per operation, one chart per instance. The two sides' "
                                             "counters are not comparable, so cycles are not drawn.")
                                        : tr("Mean cycles per operation, one chart per instance."));
    const auto instances = QSet<QString>(timing.groups.begin(), timing.groups.end()).size();
    addCharts(timingGrid_, timingViews_, timing, std::clamp(static_cast<int>(instances), 1, 3));
    // Bandwidth and memory side by side, each pair on its own value axis range.
    addCharts(sizesGrid_, sizeViews_, quantity_bars(comparison_->bandwidth, {"total_msg_bytes", "pk_bytes"}), 4);
    addCharts(sizesGrid_, sizeViews_, quantity_bars(comparison_->memory, {"elf_load_bytes", "peak_rss_bytes"}, true),
              4);
}

void ComparePage::updateNotes()
{
    QStringList items;
    for (const QString &n : model_->notes())
        items << QStringLiteral("<li>%1</li>").arg(n.toHtmlEscaped());
    if (!model_->oneSided().isEmpty())
        items << QStringLiteral("<li>%1</li>")
                     .arg(tr("Present on one side only: %1")
                              .arg(model_->oneSided().join(QStringLiteral(", ")))
                              .toHtmlEscaped());
    notesLabel_->setText(items.isEmpty()
                             ? QString()
                             : QStringLiteral("<ul style=\"margin-left:-24px\">%1</ul>").arg(items.join(QString())));
    notesLabel_->setVisible(!items.isEmpty());
}

void ComparePage::showState()
{
    const int count = workbench_ ? static_cast<int>(workbench_->datasets().size()) : 0;
    if (mode() == InstancesMode) {
        const bool two = one_ && instanceLabels().size() >= 2;
        datasetBox_->setEnabled(count > 0);
        for (QWidget *w :
             {static_cast<QWidget *>(instanceABox_), static_cast<QWidget *>(instanceBBox_),
              static_cast<QWidget *>(swapButton_), static_cast<QWidget *>(logBox_), static_cast<QWidget *>(marginBox_)})
            w->setEnabled(two);
        stack_->setCurrentIndex(two && instanceA() != instanceB() ? 1 : 0);
    } else {
        const bool two = count >= 2;
        for (QWidget *w : {static_cast<QWidget *>(aBox_), static_cast<QWidget *>(bBox_),
                           static_cast<QWidget *>(swapButton_), static_cast<QWidget *>(candidateBox_),
                           static_cast<QWidget *>(logBox_), static_cast<QWidget *>(marginBox_)})
            w->setEnabled(two);
        const bool same = a_ && a_ == b_;
        stack_->setCurrentIndex(two && !same ? 1 : 0);
    }
    if (gate_->busy())
        statusLabel_->setText(tr("Comparing…"));
    else if (comparison_)
        statusLabel_->setText(rowSummary(*comparison_));
    else
        statusLabel_->clear();
}

} // namespace kexbench::ui
