// SPDX-License-Identifier: GPL-3.0-or-later
// The instances the workbench can measure, as a tree: group (Built-in,
// Baselines, Submissions) -> family -> instance. Leaves are checkable; a
// check goes to Workbench::setChecked, and group and family rows show and set
// the check state of everything under them. A leaf whose build record says its
// KAT was not checked or did not pass carries a warning mark and says why in
// its tooltip. Data only: no widgets.
#pragma once

#include <QAbstractItemModel>
#include <QVector>

namespace kexbench::ui {

class Workbench;
struct InstanceEntry;

class InstanceTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Name, Passes, SecurityBits, PkBytes, SkBytes, SsBytes, MessageBytes, ColumnCount };
    enum Role {
        LibraryRole = Qt::UserRole + 1, // leaf: library path
        InstanceRowRole,                // leaf: row in Workbench::instances(); -1 otherwise
        NodeKindRole,                   // NodeKind
        SortRole,                       // numbers as numbers for a QSortFilterProxyModel
        ClashRole,                      // leaf: why it clashes with another library of its name; empty otherwise
    };
    enum NodeKind { GroupNode, FamilyNode, InstanceNode };

    explicit InstanceTreeModel(Workbench *workbench, QObject *parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The index of an instance by its Workbench row (invalid when unknown).
    QModelIndex indexOfInstance(int workbenchRow) const;

public slots:
    // Header and group names follow the current translator.
    void retranslate();

private:
    struct Node {
        NodeKind kind = GroupNode;
        int parent = -1;       // node index; -1 for the top level
        int row = 0;           // row under its parent
        QVector<int> children; // node indices
        QString key;           // group id ("builtin", "baseline", "submission") or family name
        int instance = -1;     // Workbench row (leaves)
    };

    void rebuild();
    void onInstancesChanged();
    QStringList structureOf() const;
    Qt::CheckState checkState(int node) const;
    void collectLeaves(int node, QVector<int> &rows) const;
    QString groupTitle(const QString &key) const;
    QString leafTooltip(int instanceRow) const;
    QString katConcern(const InstanceEntry &entry) const;
    void emitChangedBelow(int node);

    Workbench *workbench_;
    QVector<Node> nodes_;
    QVector<int> top_;      // top-level node indices
    QStringList structure_; // what the tree was built from, to tell a check change from a new list
};

} // namespace kexbench::ui
