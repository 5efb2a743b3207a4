// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultspage.h"

#include "models/background.h"
#include "models/coretext.h"
#include "refreshgate.h"
#include "models/resultstablemodel.h"
#include "workbench.h"

#include "core/analysis/consistency.h"
#include "core/data/dataset.h"
#include "core/analysis/report.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QTimer>
#include <QEvent>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace kexbench::ui {

namespace {

constexpr int kCopiedNoticeMs = 4000;
const char *const kHiddenColumnsKey = "results/hiddenColumns";
constexpr int kKeyColumns = ResultsTableModel::KeyColumnCount;
// Rows fitColumns() measures per column (QHeaderView::resizeContentsPrecision).
constexpr int kFitSampleRows = 200;
} // namespace

ResultsPage::ResultsPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent), workbench_(workbench), model_(new ResultsTableModel(this)), proxy_(new ResultsFilterModel(this))
{
    proxy_->setSourceModel(model_);

    filter_ = new QLineEdit(this);
    filter_->setClearButtonEnabled(true);
    filter_->setObjectName(QStringLiteral("resultsFilter"));
    failedOnly_ = new QCheckBox(this);
    failedOnly_->setObjectName(QStringLiteral("resultsFailedOnly"));
    copy_ = new QPushButton(this);
    copy_->setObjectName(QStringLiteral("resultsCopyCsv"));
    columns_ = new QToolButton(this);
    columns_->setObjectName(QStringLiteral("resultsColumns"));
    columns_->setPopupMode(QToolButton::InstantPopup);
    columnsMenu_ = new QMenu(this);
    columnsMenu_->setObjectName(QStringLiteral("resultsColumnsMenu"));
    columns_->setMenu(columnsMenu_);
    count_ = new QLabel(this);
    hostWarnings_ = new QLabel(this);
    hostWarnings_->setObjectName(QStringLiteral("resultsHostWarnings"));
    hostWarnings_->setWordWrap(true);
    hostWarnings_->setTextFormat(Qt::RichText);
    hostWarnings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    hostWarnings_->hide();

    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("resultsTable"));
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    // The model's order (dataset, natural label, operation) until a header is clicked.
    view_->sortByColumn(-1, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setAlternatingRowColors(true);
    view_->setWordWrap(false);
    view_->verticalHeader()->setVisible(false);
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);
    view_->horizontalHeader()->setSectionsMovable(true);
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->horizontalHeader()->setHighlightSections(false);
    // Right-click on the header: the column chooser.
    view_->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view_->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            [this](const QPoint &pos) { columnsMenu_->popup(view_->horizontalHeader()->mapToGlobal(pos)); });
    // The key columns stay first (the frozen view covers them): a drag may
    // reorder the figures, never move a key column or a figure before them.
    connect(view_->horizontalHeader(), &QHeaderView::sectionMoved, this,
            [this](int logical, int oldVisual, int newVisual) {
                if (logical >= kKeyColumns && newVisual >= kKeyColumns)
                    return;
                QHeaderView *header = view_->horizontalHeader();
                const QSignalBlocker block(header);
                header->moveSection(newVisual, oldVisual);
            });
    setUpFrozenView();
    buildColumnsMenu();
    restoreHiddenColumns();

    // Ctrl+C in the table copies CSV too, so the button is not the only way.
    auto *copyAction = new QAction(this);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view_->addAction(copyAction);
    connect(copyAction, &QAction::triggered, this, &ResultsPage::copyCsv);

    auto *bar = new QHBoxLayout;
    bar->addWidget(filter_, 1);
    bar->addWidget(failedOnly_);
    bar->addWidget(columns_);
    bar->addWidget(copy_);
    bar->addWidget(count_);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(hostWarnings_);
    layout->addWidget(view_, 1);

    connect(filter_, &QLineEdit::textChanged, proxy_, &ResultsFilterModel::setText);
    connect(failedOnly_, &QCheckBox::toggled, proxy_, &ResultsFilterModel::setFailedOnly);
    connect(copy_, &QPushButton::clicked, this, &ResultsPage::copyCsv);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &ResultsPage::updateCount);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &ResultsPage::updateCount);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &ResultsPage::updateCount);
    // A reset may give the headers fresh sections: the chosen columns stay hidden.
    connect(proxy_, &QAbstractItemModel::modelReset, this, [this] {
        applyColumnVisibility();
        for (int c = 0; c < ResultsTableModel::ColumnCount; ++c) {
            frozen_->setColumnHidden(c, c >= kKeyColumns);
            if (c < kKeyColumns)
                frozen_->setColumnWidth(c, view_->columnWidth(c));
        }
        updateFrozenGeometry();
    });
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &ResultsPage::updateCount);
    // From the model, not the Workbench, so the tests' setSnapshots() shows them too.
    connect(model_, &ResultsTableModel::snapshotsApplied, this, &ResultsPage::updateHostWarnings);
    connect(model_, &ResultsTableModel::snapshotsApplied, this, &ResultsPage::updateEmptyColumns);

    if (workbench_) {
        gate_ = new RefreshGate(this, [this] { startPrepare(); });
        connect(workbench_, &Workbench::datasetsChanged, this, &ResultsPage::refresh);
        connect(workbench_, &Workbench::datasetChanged, this, &ResultsPage::refresh);
    }
    retranslateUi();
    refresh();
}

void ResultsPage::refresh()
{
    if (workbench_)
        gate_->requestFor(*workbench_);
}

bool ResultsPage::busy() const { return gate_ && gate_->busy(); }

void ResultsPage::startPrepare()
{
    ResultsTableModel::Snapshots snapshots;
    for (const DatasetEntry &e : workbench_->datasets())
        snapshots.emplace_back(e.label, e.data);
    using Watcher = QFutureWatcher<std::shared_ptr<ResultsTableModel::Prepared>>;
    auto *watcher = new Watcher(this);
    connect(watcher, &Watcher::finished, this, [this, watcher] {
        watcher->deleteLater();
        showPrepared(watcher->result()); // also when overtaken: newer rows follow
        gate_->finished();
    });
    watcher->setFuture(runInBackground(&ResultsTableModel::prepare, std::move(snapshots)));
}

void ResultsPage::showPrepared(std::shared_ptr<ResultsTableModel::Prepared> prepared)
{
    // A reset drops the reader's selection: keep it by row key. (A live
    // campaign's next snapshot is applied in place, and the selection stays by itself.)
    QSet<QString> selected;
    if (auto *sel = view_->selectionModel())
        for (const QModelIndex &i : sel->selectedRows())
            selected.insert(model_->rowKey(proxy_->mapToSource(i).row()));

    const bool reset = model_->apply(std::move(prepared));

    if (reset && !selected.isEmpty()) {
        QItemSelection selection;
        for (int r = 0; r < model_->rowCount(); ++r)
            if (selected.contains(model_->rowKey(r))) {
                const QModelIndex i = proxy_->mapFromSource(model_->index(r, 0));
                if (i.isValid())
                    selection.select(i, i.siblingAtColumn(ResultsTableModel::ColumnCount - 1));
            }
        view_->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    }
    if (shouldFitColumns()) {
        fitColumns();
        sizedRows_ = model_->rowCount();
    }
    updateCount();
}

// Fit the columns when rows arrive that the last fit did not see (a dataset
// added, a finished campaign's rows): measuring a few hundred rows of two
// dozen columns is the costliest thing the page does on the GUI thread, so
// while a campaign is live it fits only the first rows, and the campaign's
// final snapshot fits them all. A refresh that only replaces figures keeps
// the widths the reader has dragged.
bool ResultsPage::shouldFitColumns() const
{
    const int rows = model_->rowCount();
    if (rows <= sizedRows_)
        return false;
    if (sizedRows_ == 0)
        return true;
    if (workbench_ && workbench_->anyLive())
        return false;
    // Rows added otherwise (tests feed the model directly): when the table has grown by a quarter.
    return rows >= sizedRows_ + std::max(8, sizedRows_ / 4);
}

void ResultsPage::setUpFrozenView()
{
    // Qt's frozen-column pattern: a second view over the same proxy, on top of
    // the left edge of the main one, showing only the key columns; rows,
    // order, filter and selection are the main view's by construction.
    frozen_ = new QTableView(view_);
    frozen_->setObjectName(QStringLiteral("resultsKeyColumns"));
    frozen_->setModel(proxy_);
    frozen_->setSelectionModel(view_->selectionModel());
    frozen_->setFocusPolicy(Qt::NoFocus);
    frozen_->setSelectionBehavior(QAbstractItemView::SelectRows);
    frozen_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    frozen_->setAlternatingRowColors(true);
    frozen_->setWordWrap(false);
    frozen_->setFrameShape(QFrame::NoFrame);
    frozen_->verticalHeader()->setVisible(false);
    frozen_->verticalHeader()->setDefaultSectionSize(view_->verticalHeader()->defaultSectionSize());
    frozen_->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    frozen_->horizontalHeader()->setHighlightSections(false);
    frozen_->horizontalHeader()->setSectionsClickable(true);
    frozen_->horizontalHeader()->setSortIndicatorShown(true);
    frozen_->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    frozen_->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    frozen_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    frozen_->setVerticalScrollMode(view_->verticalScrollMode());
    for (int c = kKeyColumns; c < ResultsTableModel::ColumnCount; ++c)
        frozen_->setColumnHidden(c, true);
    view_->viewport()->stackUnder(frozen_);

    // A click on a key header sorts the main view, whose indicator both show.
    connect(frozen_->horizontalHeader(), &QHeaderView::sectionClicked, this, [this](int logical) {
        QHeaderView *main = view_->horizontalHeader();
        const Qt::SortOrder order =
            main->sortIndicatorSection() == logical && main->sortIndicatorOrder() == Qt::AscendingOrder
                ? Qt::DescendingOrder
                : Qt::AscendingOrder;
        view_->sortByColumn(logical, order);
    });
    connect(view_->horizontalHeader(), &QHeaderView::sortIndicatorChanged, frozen_->horizontalHeader(),
            &QHeaderView::setSortIndicator);
    connect(frozen_->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            [this](const QPoint &pos) { columnsMenu_->popup(frozen_->horizontalHeader()->mapToGlobal(pos)); });
    connect(view_->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical < kKeyColumns) {
            frozen_->setColumnWidth(logical, size);
            updateFrozenGeometry();
        }
    });
    connect(frozen_->verticalScrollBar(), &QAbstractSlider::valueChanged, view_->verticalScrollBar(),
            &QAbstractSlider::setValue);
    connect(view_->verticalScrollBar(), &QAbstractSlider::valueChanged, frozen_->verticalScrollBar(),
            &QAbstractSlider::setValue);
    // Pixel scrolling, and a current cell moved (keys, a click at the edge) under the key columns scrolls out from under them.
    view_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        if (!current.isValid() || current.column() < kKeyColumns)
            return;
        const int x = view_->columnViewportPosition(current.column());
        if (x < frozen_->width())
            view_->horizontalScrollBar()->setValue(view_->horizontalScrollBar()->value() + x - frozen_->width());
    });
    view_->installEventFilter(this);
    updateFrozenGeometry();
    frozen_->show();
}

void ResultsPage::updateFrozenGeometry()
{
    if (!frozen_)
        return;
    // The overlay's columns take the table's widths here too, not only on
    // sectionResized: a width the overlay missed left a blank strip between
    // Operation and the first figure.
    int width = 0;
    for (int c = 0; c < kKeyColumns; ++c) {
        if (frozen_->columnWidth(c) != view_->columnWidth(c))
            frozen_->setColumnWidth(c, view_->columnWidth(c));
        width += view_->columnWidth(c);
    }
    const int headerHeight = view_->horizontalHeader()->height();
    frozen_->horizontalHeader()->setFixedHeight(headerHeight);
    const QRect viewport = view_->viewport()->geometry();
    frozen_->setGeometry(viewport.x(), view_->frameWidth(), std::min(width, viewport.width()),
                         viewport.height() + headerHeight);
}

bool ResultsPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == view_ &&
        (event->type() == QEvent::Resize || event->type() == QEvent::Show || event->type() == QEvent::LayoutRequest))
        updateFrozenGeometry();
    return QWidget::eventFilter(watched, event);
}

void ResultsPage::buildColumnsMenu()
{
    for (int c = 0; c < ResultsTableModel::ColumnCount; ++c) {
        auto *action = columnsMenu_->addAction(QString());
        action->setObjectName(QStringLiteral("resultsColumn_") + ResultsTableModel::columnKey(c));
        action->setCheckable(true);
        action->setChecked(true);
        action->setData(c);
        action->setEnabled(c >= kKeyColumns); // the key columns identify the row: always shown
        connect(action, &QAction::toggled, this, [this, c](bool on) { setColumnShown(c, on); });
    }
    // The headers name the units of the open datasets ("Mean TSC ticks"): named afresh each time.
    connect(columnsMenu_, &QMenu::aboutToShow, this, [this] {
        for (QAction *action : columnsMenu_->actions())
            if (action->isCheckable())
                action->setText(columnActionText(action->data().toInt()));
    });
    columnsMenu_->addSeparator();
    auto *all = columnsMenu_->addAction(QString());
    all->setObjectName(QStringLiteral("resultsShowAllColumns"));
    connect(all, &QAction::triggered, this, [this] {
        for (int c = kKeyColumns; c < ResultsTableModel::ColumnCount; ++c)
            setColumnShown(c, true);
    });
}

void ResultsPage::restoreHiddenColumns()
{
    const QStringList keys = QSettings().value(QLatin1String(kHiddenColumnsKey)).toStringList();
    for (const QString &key : keys) {
        const int c = ResultsTableModel::columnOfKey(key);
        if (c >= kKeyColumns && !hiddenColumns_.contains(c))
            hiddenColumns_ << c;
    }
    for (QAction *action : columnsMenu_->actions())
        if (action->isCheckable()) {
            const int c = action->data().toInt();
            const QSignalBlocker block(action);
            action->setChecked(!hiddenColumns_.contains(c));
        }
    applyColumnVisibility();
}

// Called after every applied snapshot: a live campaign's first record with a
// figure in a column brings the column back.
void ResultsPage::updateEmptyColumns()
{
    QList<int> empty;
    for (int c = kKeyColumns; c < ResultsTableModel::ColumnCount; ++c)
        if (model_->columnIsEmpty(c))
            empty << c;
    if (empty == emptyColumns_)
        return;
    emptyColumns_ = empty;
    applyColumnVisibility();
}

void ResultsPage::applyColumnVisibility()
{
    for (int c = 0; c < ResultsTableModel::ColumnCount; ++c)
        view_->setColumnHidden(c, hiddenColumns_.contains(c) || emptyColumns_.contains(c));
    for (QAction *action : columnsMenu_->actions())
        if (action->isCheckable()) {
            const int c = action->data().toInt();
            action->setEnabled(c >= kKeyColumns && !emptyColumns_.contains(c));
            action->setText(columnActionText(c));
        }
}

QString ResultsPage::columnActionText(int column) const
{
    const QString header = model_->headerData(column, Qt::Horizontal).toString();
    return emptyColumns_.contains(column) ? tr("%1 (no figure in any record)").arg(header) : header;
}

bool ResultsPage::isColumnShown(int column) const { return !view_->isColumnHidden(column); }

void ResultsPage::setColumnShown(int column, bool shown)
{
    if (column < kKeyColumns || column >= ResultsTableModel::ColumnCount)
        return;
    hiddenColumns_.removeAll(column);
    if (!shown)
        hiddenColumns_ << column;
    view_->setColumnHidden(column, !shown || emptyColumns_.contains(column));
    for (QAction *action : columnsMenu_->actions())
        if (action->isCheckable() && action->data().toInt() == column && action->isChecked() != shown) {
            const QSignalBlocker block(action);
            action->setChecked(shown);
        }
    QStringList keys;
    std::sort(hiddenColumns_.begin(), hiddenColumns_.end());
    for (int c : hiddenColumns_)
        keys << ResultsTableModel::columnKey(c);
    QSettings settings;
    if (keys.isEmpty())
        settings.remove(QLatin1String(kHiddenColumnsKey));
    else
        settings.setValue(QLatin1String(kHiddenColumnsKey), keys);
}

void ResultsPage::fitColumns()
{
    // Sizing to contents measures every cell it looks at: a few hundred rows
    // (those in view first) fit the widths as well as thousands do, at a
    // fraction of the cost on the GUI thread.
    view_->horizontalHeader()->setResizeContentsPrecision(kFitSampleRows);
    view_->resizeColumnsToContents();
    // The text columns can hold sentences (a step-sum check, a crash's
    // stderr): cap them so the figures stay in view; the tooltip has it all.
    const int cap = view_->fontMetrics().averageCharWidth() * 64;
    for (int column : {ResultsTableModel::Checks, ResultsTableModel::Kat, ResultsTableModel::Reason})
        if (view_->columnWidth(column) > cap)
            view_->setColumnWidth(column, cap);
}

// One line per dataset whose campaign measured host load (probe spread,
// disturbed attempts, steal, CPU pressure): figures measured under load need
// that context next to them, not only in the report.
void ResultsPage::updateHostWarnings()
{
    QStringList lines;
    for (const auto &[label, data] : model_->snapshots()) {
        if (!data)
            continue;
        QStringList warnings;
        for (const std::string &w : measured_host_warnings(*data))
            warnings << coreText(w).toHtmlEscaped();
        if (!warnings.isEmpty())
            lines << tr("<b>Host load measured in %1:</b> %2")
                         .arg(label.toHtmlEscaped(), warnings.join(QStringLiteral("; ")));
    }
    hostWarnings_->setText(lines.join(QStringLiteral("<br>")));
    hostWarnings_->setVisible(!lines.isEmpty());
    // A word-wrapped label makes the page height-for-width even while hidden,
    // and that reaches the main window (a restored window came back taller
    // than saved): only a shown label may ask for it.
    QSizePolicy policy = hostWarnings_->sizePolicy();
    policy.setHeightForWidth(!lines.isEmpty());
    hostWarnings_->setSizePolicy(policy);
}

QString ResultsPage::csv(int *rows) const
{
    QVector<int> proxyRows;
    if (auto *sel = view_->selectionModel())
        for (const QModelIndex &i : sel->selectedRows())
            proxyRows << i.row();
    if (proxyRows.isEmpty()) // nothing selected: every row the filter shows
        for (int r = 0; r < proxy_->rowCount(); ++r)
            proxyRows << r;
    std::sort(proxyRows.begin(), proxyRows.end());
    QVector<int> sourceRows;
    for (int r : proxyRows)
        sourceRows << proxy_->mapToSource(proxy_->index(r, 0)).row();
    if (rows)
        *rows = static_cast<int>(sourceRows.size());
    QVector<int> columns;
    for (int c = 0; c < ResultsTableModel::ColumnCount; ++c)
        if (!view_->isColumnHidden(c))
            columns << c;
    return QString::fromStdString(render_csv(model_->toReportTable(sourceRows, columns)));
}

void ResultsPage::copyCsv()
{
    int rows = 0;
    const QString text = csv(&rows);
    QClipboard *clipboard = QApplication::clipboard();
    if (!clipboard)
        return;
    clipboard->setText(text);
    // Said where the row count is, until the count has something new to say.
    count_->setText(tr("Copied %n row(s) as CSV.", nullptr, rows));
    QTimer::singleShot(kCopiedNoticeMs, this, &ResultsPage::updateCount);
}

void ResultsPage::updateCount()
{
    count_->setText(tr("%1 of %n record(s)", nullptr, model_->rowCount()).arg(proxy_->rowCount()));
}

void ResultsPage::retranslateUi()
{
    filter_->setPlaceholderText(tr("Filter by instance, operation or dataset"));
    filter_->setToolTip(tr("Every word must occur in the dataset, instance or operation (case-insensitive)."));
    failedOnly_->setText(tr("Failed only"));
    failedOnly_->setToolTip(tr("Show only records that are not complete."));
    copy_->setText(tr("Copy as CSV"));
    copy_->setToolTip(tr("Copy the selected rows (all shown rows when none is selected) as RFC 4180 CSV: plain "
                         "numbers in base units, the unit in each column name. Only the shown columns are copied; "
                         "columns hidden with the column chooser are left out."));
    columns_->setText(tr("Columns"));
    columns_->setToolTip(tr("Choose the columns to show (also on a right-click on the table header). Dataset, "
                            "instance and operation stay in view when the table scrolls sideways. Copy as CSV "
                            "copies the shown columns."));
    for (QAction *action : columnsMenu_->actions()) {
        if (action->isCheckable())
            action->setText(columnActionText(action->data().toInt()));
        else if (!action->isSeparator())
            action->setText(tr("Show all columns"));
    }
    hostWarnings_->setToolTip(tr("Host load each campaign measured while it ran (campaign.json measured_warnings): "
                                 "figures measured under load can be slower and noisier."));
    model_->retranslate();
    updateCount();
    updateHostWarnings();
}

void ResultsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

} // namespace kexbench::ui
