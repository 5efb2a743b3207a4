// SPDX-License-Identifier: GPL-3.0-or-later
// The open datasets, one row each: label (editable: renames the dataset in the
// Workbench), system, CPU, start date, counter, records, origin. A dataset a
// campaign is still writing into is marked live. Data only: no widgets.
#pragma once

#include "workbench.h"

#include <QAbstractTableModel>
#include <QVector>

namespace kexbench::ui {

class Workbench;

class DatasetListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Kind: "campaign", "bundle" or "published page" (Dataset::kind; a page has trial-level figures only).
    enum Column { Label, System, Cpu, Started, Counter, Records, Origin, Kind, ColumnCount };
    enum Role {
        LiveRole = Qt::UserRole + 1, // bool
        OriginRole,                  // QString
        SortRole,                    // numbers and dates as such
        CompletionRole, // QString: campaign.json completion state ("complete", "cancelled", "partial"), empty when not recorded
        KindRole, // QString: Dataset::kind as stored ("campaign", "bundle", "published page"), untranslated
    };

    explicit DatasetListModel(Workbench *workbench, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // What the Counter column shows for a dataset: kexbench's counter name,
    // or what a harness campaign recorded about its cycle counter.
    static QString counterOf(const Dataset &dataset);
    static QString cpuOf(const Dataset &dataset);
    // The campaign's completion state when it is not complete ("cancelled", "partial"); empty otherwise.
    static QString incompleteStateOf(const Dataset &dataset);

public slots:
    void retranslate();

private:
    void onDatasetsChanged();
    void onDatasetChanged(int index);

    Workbench *workbench_;
    // The rows as last announced to views. The Workbench has already changed
    // when its signal arrives, so data() must answer from this copy: between
    // beginRemoveRows() and endRemoveRows() views (and the model tester) still
    // read the old rows. Entries are cheap to copy (a shared_ptr and strings).
    // Rows are matched by snapshot identity: a rename keeps them, an addition
    // appends, a removal drops one, so most changes are row insertions or
    // removals instead of resets.
    QVector<DatasetEntry> rows_;
};

} // namespace kexbench::ui
