// SPDX-License-Identifier: GPL-3.0-or-later
// Results table of every dataset: instance x operation figures, sortable and
// filterable, copied as CSV, with the host load each campaign measured above
// it. A thin view over ResultsTableModel (the figures) and ResultsFilterModel
// (the text and "failed only" filters).
#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace kexbench::ui {

class Workbench;
class ResultsTableModel;
class ResultsFilterModel;

class ResultsPage : public QWidget {
    Q_OBJECT
public:
    // workbench may be null (tests): then model()->setSnapshots() feeds the table.
    explicit ResultsPage(Workbench *workbench, QWidget *parent = nullptr);

    ResultsTableModel *model() const { return model_; }
    ResultsFilterModel *proxy() const { return proxy_; }
    QTableView *view() const { return view_; }
    QLineEdit *filterEdit() const { return filter_; }
    QCheckBox *failedOnlyBox() const { return failedOnly_; }
    // The measured host warnings of every dataset (hidden when there are none).
    QLabel *hostWarningsLabel() const { return hostWarnings_; }

    // RFC 4180 text of the selected rows, or of every shown row when none is
    // selected, in the view's order (what "Copy as CSV" puts on the clipboard).
    QString csv() const;

public slots:
    void copyCsv();
    // Re-reads the Workbench's datasets (keeps the selection where it can).
    void refresh();

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateCount();
    void updateHostWarnings();
    void fitColumns();

    Workbench *workbench_;
    ResultsTableModel *model_;
    ResultsFilterModel *proxy_;
    QTableView *view_ = nullptr;
    QLineEdit *filter_ = nullptr;
    QCheckBox *failedOnly_ = nullptr;
    QPushButton *copy_ = nullptr;
    QLabel *count_ = nullptr;
    QLabel *hostWarnings_ = nullptr;
    int sizedRows_ = 0; // rows the column widths were last fitted to
};

} // namespace kexbench::ui
