// SPDX-License-Identifier: GPL-3.0-or-later
// Results table of every dataset: instance x operation figures, sortable and
// filterable, copied as CSV, with the host load each campaign measured above
// it. A thin view over ResultsTableModel (the figures) and ResultsFilterModel
// (the text and "failed only" filters).
#pragma once

#include "models/resultstablemodel.h"

#include <memory>

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QMenu;
class QPushButton;
class QTableView;
class QToolButton;

namespace kexbench::ui {

class Workbench;
class ResultsFilterModel;
class RefreshGate;

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    // workbench may be null (tests): then model()->setSnapshots() feeds the table.
    explicit ResultsPage(Workbench *workbench, QWidget *parent = nullptr);

    ResultsTableModel *model() const { return model_; }
    ResultsFilterModel *proxy() const { return proxy_; }
    QTableView *view() const { return view_; }
    // The key columns (dataset, instance, operation) over the left edge of
    // view(): same model, selection and vertical scroll, so they stay in view
    // when the figures scroll horizontally.
    QTableView *frozenView() const { return frozen_; }
    // One checkable action per column (the header's context menu and the
    // Columns button); the key columns cannot be hidden.
    QMenu *columnsMenu() const { return columnsMenu_; }
    QToolButton *columnsButton() const { return columns_; }
    // Shows or hides a figure column and stores the choice (QSettings
    // "results/hiddenColumns", by ResultsTableModel::columnKey).
    // A column without a figure in any row (ResultsTableModel::columnIsEmpty)
    // stays hidden whatever the choice, and its menu entry says so.
    void setColumnShown(int column, bool shown);
    bool isColumnShown(int column) const;
    QLineEdit *filterEdit() const { return filter_; }
    QCheckBox *failedOnlyBox() const { return failedOnly_; }
    // The measured host warnings of every dataset (hidden when there are none).
    QLabel *hostWarningsLabel() const { return hostWarnings_; }

    // RFC 4180 text of the selected rows, or of every shown row when none is
    // selected, in the view's order (what "Copy as CSV" puts on the clipboard);
    // only the fields of the shown columns.
    QString csv(int *rows = nullptr) const; // rows: how many records it holds

public slots:
    void copyCsv();
    // Re-reads the Workbench's datasets (keeps the selection where it can).
    // The rows are computed on a worker thread and swapped in when ready;
    // a hidden page only remembers that it is out of date.
    void refresh();

public:
    // A computation of the rows is running (or wanted, for a shown page).
    bool busy() const;
    // When the rows are computed (hidden, one at a time, paced while live).
    const RefreshGate *refreshGate() const { return gate_; }

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslateUi();
    void updateCount();
    void updateHostWarnings();
    void fitColumns();
    bool shouldFitColumns() const;
    void setUpFrozenView();
    void updateFrozenGeometry();
    void buildColumnsMenu();
    void restoreHiddenColumns();
    void updateEmptyColumns();
    void applyColumnVisibility();
    QString columnActionText(int column) const;
    void startPrepare();
    void showPrepared(std::shared_ptr<ResultsTableModel::Prepared> prepared);

    Workbench *workbench_;
    ResultsTableModel *model_;
    ResultsFilterModel *proxy_;
    QTableView *view_ = nullptr;
    QTableView *frozen_ = nullptr;
    QMenu *columnsMenu_ = nullptr;
    QToolButton *columns_ = nullptr;
    QLineEdit *filter_ = nullptr;
    QCheckBox *failedOnly_ = nullptr;
    QPushButton *copy_ = nullptr;
    QLabel *count_ = nullptr;
    QLabel *hostWarnings_ = nullptr;
    int sizedRows_ = 0;           // rows the column widths were last fitted to
    RefreshGate *gate_ = nullptr; // starts startPrepare()
    QList<int> hiddenColumns_;    // the reader's choice, applied again after a model reset
    QList<int> emptyColumns_;     // no row has a figure there: hidden, not part of the choice
};

} // namespace kexbench::ui
