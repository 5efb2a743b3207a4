// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultspage.h"

#include "models/resultstablemodel.h"
#include "workbench.h"

#include "core/consistency.h"
#include "core/dataset.h"
#include "core/report.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kexbench::ui {

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

    // Ctrl+C in the table copies CSV too, so the button is not the only way.
    auto *copyAction = new QAction(this);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view_->addAction(copyAction);
    connect(copyAction, &QAction::triggered, this, &ResultsPage::copyCsv);

    auto *bar = new QHBoxLayout;
    bar->addWidget(filter_, 1);
    bar->addWidget(failedOnly_);
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
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &ResultsPage::updateCount);
    // From the model, not the Workbench, so the tests' setSnapshots() shows them too.
    connect(model_, &QAbstractItemModel::modelReset, this, &ResultsPage::updateHostWarnings);

    if (workbench_) {
        connect(workbench_, &Workbench::datasetsChanged, this, &ResultsPage::refresh);
        connect(workbench_, &Workbench::datasetChanged, this, &ResultsPage::refresh);
    }
    retranslateUi();
    refresh();
}

void ResultsPage::refresh()
{
    if (!workbench_)
        return;
    // A live campaign replaces its snapshot after every record: keep what the
    // reader selected instead of dropping it on each reset.
    QSet<QString> selected;
    if (auto *sel = view_->selectionModel())
        for (const QModelIndex &i : sel->selectedRows())
            selected.insert(model_->rowKey(proxy_->mapToSource(i).row()));

    ResultsTableModel::Snapshots snapshots;
    for (const DatasetEntry &e : workbench_->datasets())
        snapshots.emplace_back(e.label, e.data);
    model_->setSnapshots(std::move(snapshots));

    if (!selected.isEmpty()) {
        QItemSelection selection;
        for (int r = 0; r < model_->rowCount(); ++r)
            if (selected.contains(model_->rowKey(r))) {
                const QModelIndex i = proxy_->mapFromSource(model_->index(r, 0));
                if (i.isValid())
                    selection.select(i, i.siblingAtColumn(ResultsTableModel::ColumnCount - 1));
            }
        view_->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    }
    // Fit the columns when rows arrive that the last fit did not see (a
    // dataset added, a live campaign's new records); a refresh that only
    // replaces figures keeps the widths the reader has dragged.
    if (model_->rowCount() > sizedRows_) {
        fitColumns();
        sizedRows_ = model_->rowCount();
    }
    updateCount();
}

void ResultsPage::fitColumns()
{
    view_->resizeColumnsToContents();
    // The text columns can hold sentences (a step-sum check, a crash's
    // stderr): cap them so the figures stay in view; the tooltip has it all.
    const int cap = view_->fontMetrics().averageCharWidth() * 64;
    for (int column : {ResultsTableModel::Checks, ResultsTableModel::Reason})
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
            warnings << QString::fromStdString(w).toHtmlEscaped();
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

QString ResultsPage::csv() const
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
    return QString::fromStdString(render_csv(model_->toReportTable(sourceRows)));
}

void ResultsPage::copyCsv()
{
    if (QClipboard *clipboard = QApplication::clipboard())
        clipboard->setText(csv());
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
    copy_->setToolTip(tr("Copy the selected rows (all shown rows when none is selected) as RFC 4180 CSV."));
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
