// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/instancetreemodel.h"

#include "models/coretext.h"
#include "models/marks.h"
#include "models/metrichelp.h"
#include "workbench.h"

#include "core/base/discovery.h"
#include "core/base/format.h"

#include <QColor>
#include <QMap>

#include <algorithm>

namespace kexbench::ui {

namespace {

// Top-level order: what ships with kexbench, then reference baselines, then everything else.
const QStringList kGroupOrder = {QStringLiteral("builtin"), QStringLiteral("baseline"), QStringLiteral("submission")};

QString groupKey(const InstanceMeta &meta)
{
    if (meta.group == "builtin" || meta.group == "baseline")
        return QString::fromStdString(meta.group);
    return QStringLiteral("submission");
}

QString familyOf(const InstanceMeta &meta)
{
    return QString::fromStdString(meta.family.empty() ? meta.instance : meta.family);
}

QString nameOf(const InstanceEntry &entry)
{
    if (!entry.info.meta.instance.empty())
        return QString::fromStdString(entry.info.meta.instance);
    return entry.library;
}

bool naturalLess(const QString &a, const QString &b) { return natural_less(a.toStdString(), b.toStdString()); }

const QString kMissing = QString::fromUtf8(fmt::kMissing);

} // namespace

InstanceTreeModel::InstanceTreeModel(Workbench *workbench, QObject *parent)
    : QAbstractItemModel(parent), workbench_(workbench)
{
    connect(workbench_, &Workbench::instancesChanged, this, &InstanceTreeModel::onInstancesChanged);
    rebuild();
    structure_ = structureOf();
}

QStringList InstanceTreeModel::structureOf() const
{
    QStringList s;
    for (const auto &entry : workbench_->instances())
        s << entry.library + QChar(0x1f) + groupKey(entry.info.meta) + QChar(0x1f) + familyOf(entry.info.meta) +
                 QChar(0x1f) + nameOf(entry);
    return s;
}

void InstanceTreeModel::onInstancesChanged()
{
    QStringList now = structureOf();
    if (now == structure_) {
        // Same rows: only check states (or re-described figures) changed.
        // Update in place so the view keeps its expansion and selection.
        for (int top : std::as_const(top_))
            emitChangedBelow(top);
        if (!top_.isEmpty())
            emit dataChanged(index(0, 0), index(static_cast<int>(top_.size()) - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    rebuild();
    structure_ = std::move(now);
    endResetModel();
}

void InstanceTreeModel::emitChangedBelow(int node)
{
    const Node &n = nodes_[node];
    if (n.children.isEmpty())
        return;
    const QModelIndex parentIndex = createIndex(n.row, 0, static_cast<quintptr>(node));
    emit dataChanged(index(0, 0, parentIndex),
                     index(static_cast<int>(n.children.size()) - 1, ColumnCount - 1, parentIndex));
    for (int child : n.children)
        emitChangedBelow(child);
}

void InstanceTreeModel::rebuild()
{
    nodes_.clear();
    top_.clear();
    const auto &instances = workbench_->instances();
    // group -> family -> workbench rows
    QMap<QString, QMap<QString, QVector<int>>> tree;
    for (int i = 0; i < instances.size(); ++i)
        tree[groupKey(instances[i].info.meta)][familyOf(instances[i].info.meta)] << i;

    for (const QString &group : kGroupOrder) {
        if (!tree.contains(group))
            continue;
        const int groupNode = static_cast<int>(nodes_.size());
        nodes_.append(Node{GroupNode, -1, static_cast<int>(top_.size()), {}, group, -1});
        top_ << groupNode;
        const auto &families = tree[group];
        QStringList familyNames = families.keys();
        std::sort(familyNames.begin(), familyNames.end(), naturalLess);
        for (const QString &family : familyNames) {
            const int familyNode = static_cast<int>(nodes_.size());
            nodes_.append(
                Node{FamilyNode, groupNode, static_cast<int>(nodes_[groupNode].children.size()), {}, family, -1});
            nodes_[groupNode].children << familyNode;
            QVector<int> rows = families[family];
            std::sort(rows.begin(), rows.end(),
                      [&](int a, int b) { return naturalLess(nameOf(instances[a]), nameOf(instances[b])); });
            for (int row : rows) {
                const int leaf = static_cast<int>(nodes_.size());
                nodes_.append(
                    Node{InstanceNode, familyNode, static_cast<int>(nodes_[familyNode].children.size()), {}, {}, row});
                nodes_[familyNode].children << leaf;
            }
        }
    }
}

QModelIndex InstanceTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (parent.isValid() && parent.column() != 0)
        return {};
    const QVector<int> &children = parent.isValid() ? nodes_[static_cast<int>(parent.internalId())].children : top_;
    if (row >= children.size())
        return {};
    return createIndex(row, column, static_cast<quintptr>(children[row]));
}

QModelIndex InstanceTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    const int p = nodes_[static_cast<int>(child.internalId())].parent;
    if (p < 0)
        return {};
    return createIndex(nodes_[p].row, 0, static_cast<quintptr>(p));
}

int InstanceTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return static_cast<int>(top_.size());
    if (parent.column() != 0)
        return 0;
    return static_cast<int>(nodes_[static_cast<int>(parent.internalId())].children.size());
}

int InstanceTreeModel::columnCount(const QModelIndex &) const { return ColumnCount; }

QModelIndex InstanceTreeModel::indexOfInstance(int workbenchRow) const
{
    for (int i = 0; i < nodes_.size(); ++i)
        if (nodes_[i].kind == InstanceNode && nodes_[i].instance == workbenchRow)
            return createIndex(nodes_[i].row, 0, static_cast<quintptr>(i));
    return {};
}

void InstanceTreeModel::collectLeaves(int node, QVector<int> &rows) const
{
    const Node &n = nodes_[node];
    if (n.kind == InstanceNode) {
        rows << n.instance;
        return;
    }
    for (int child : n.children)
        collectLeaves(child, rows);
}

Qt::CheckState InstanceTreeModel::checkState(int node) const
{
    QVector<int> rows;
    collectLeaves(node, rows);
    const auto &instances = workbench_->instances();
    const auto checked =
        std::count_if(rows.begin(), rows.end(), [&](int r) { return r < instances.size() && instances[r].checked; });
    if (checked == 0)
        return Qt::Unchecked;
    return checked == rows.size() ? Qt::Checked : Qt::PartiallyChecked;
}

QString InstanceTreeModel::groupTitle(const QString &key) const
{
    if (key == QLatin1String("builtin"))
        return tr("Built-in");
    if (key == QLatin1String("baseline"))
        return tr("Baselines");
    return tr("Submissions");
}

QString InstanceTreeModel::leafTooltip(int instanceRow) const
{
    const InstanceEntry &entry = workbench_->instances()[instanceRow];
    const InstanceMeta &m = entry.info.meta;
    auto line = [](const QString &name, const std::string &value) {
        return value.empty()
                   ? QString()
                   : QStringLiteral("<br><b>%1:</b> %2").arg(name, QString::fromStdString(value).toHtmlEscaped());
    };
    QString tip =
        QStringLiteral("<b>%1</b>")
            .arg(QString::fromStdString(m.display_name.empty() ? m.instance : m.display_name).toHtmlEscaped());
    tip += line(tr("Parameter set"), m.parameter_set);
    tip += line(tr("Variant"), m.variant);
    tip += line(tr("Compiler"), m.compiler);
    tip += line(tr("Build flags"), m.build_flags);
    tip += line(tr("Machine"), entry.info.machine);
    if (entry.info.elf_load_bytes > 0)
        tip += QStringLiteral("<br><b>%1:</b> %2")
                   .arg(metricName(Metric::StaticSize),
                        tr("%n byte(s)", nullptr, static_cast<int>(entry.info.elf_load_bytes)));
    tip += QStringLiteral("<br><b>%1:</b> %2").arg(tr("Library"), entry.library.toHtmlEscaped());
    if (const QString kat = katConcern(entry); !kat.isEmpty())
        tip = QStringLiteral("<b>%1</b><br>").arg(kat.toHtmlEscaped()) + tip;
    if (!entry.variant.isEmpty())
        tip += QStringLiteral("<br><b>%1:</b> %2")
                   .arg(tr("Measured as"),
                        tr("%1, a variant of %2: its records are filed under this label, beside other builds of %2.")
                            .arg(measuredLabel(entry), QString::fromStdString(m.instance))
                            .toHtmlEscaped());
    if (!entry.clash.isEmpty())
        tip = QStringLiteral("<b>%1</b> %2<br>%3<br>")
                  .arg(tr("Name clash:"), entry.clash.toHtmlEscaped(),
                       tr("To measure both side by side, right-click one and choose Measure as variant….")
                           .toHtmlEscaped()) +
              tip;
    return tip;
}

// Why the library's answers are unchecked or wrong, as its build record says;
// empty when they were checked and passed, or there is no record.
QString InstanceTreeModel::katConcern(const InstanceEntry &entry) const
{
    switch (entry.buildKat) {
    case BuildKatState::Unchecked:
        return tr("%1: answers not checked").arg(coreText(entry.buildKatText));
    case BuildKatState::Failed:
        return tr("KAT did not pass at build time (%1): campaigns mark its results").arg(coreText(entry.buildKatText));
    default:
        return {};
    }
}

QVariant InstanceTreeModel::data(const QModelIndex &index, int role) const
{
    // Views and QAbstractItemModelTester ask about the invalid index on
    // purpose: answer nothing, quietly (checkIndex would log a warning).
    if (!index.isValid())
        return {};
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid));
    const int nodeIndex = static_cast<int>(index.internalId());
    const Node &node = nodes_[nodeIndex];
    const int column = index.column();

    if (role == NodeKindRole)
        return node.kind;
    if (role == InstanceRowRole)
        return node.instance;

    if (node.kind != InstanceNode) {
        if (column != Name)
            return {};
        switch (role) {
        case Qt::DisplayRole:
            return node.kind == GroupNode ? groupTitle(node.key) : node.key;
        case Qt::CheckStateRole:
            return checkState(nodeIndex);
        case SortRole:
            return node.kind == GroupNode ? QVariant(static_cast<int>(kGroupOrder.indexOf(node.key)))
                                          : QVariant(node.key);
        case Qt::ToolTipRole:
            if (node.kind == GroupNode) {
                if (node.key == QLatin1String("builtin"))
                    return tr("Reference instances built with kexbench.");
                if (node.key == QLatin1String("baseline"))
                    return tr("Standard references to judge candidates against: ML-KEM (FIPS 203) key exchanges and "
                              "SM2 key exchange (GB/T 32918.3).");
                return tr("Candidate libraries added from outside kexbench.");
            }
            return tr("Check to measure every instance of this family.");
        default:
            return {};
        }
    }

    // The Workbench changes its list before it signals; until the tree is
    // rebuilt a leaf may point past the end of it.
    if (node.instance >= workbench_->instances().size())
        return {};
    const InstanceEntry &entry = workbench_->instances()[node.instance];
    const Capacities &caps = entry.info.caps;
    auto number = [&](unsigned long long v) -> QVariant {
        if (role == SortRole)
            return static_cast<qulonglong>(v);
        return QString::number(v);
    };
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        switch (column) {
        case Name:
            return entry.variant.isEmpty() ? nameOf(entry) : measuredLabel(entry); // as a campaign files it
        case Passes:
            return number(caps.passes);
        case SecurityBits:
            if (entry.info.meta.claimed_security_bits == 0)
                return role == SortRole ? QVariant(0) : QVariant(kMissing);
            return number(entry.info.meta.claimed_security_bits);
        case PkBytes:
            return number(caps.pk);
        case SkBytes:
            return number(caps.sk);
        case SsBytes:
            return number(caps.ss);
        case MessageBytes:
            return number(caps.total_msg);
        default:
            return {};
        }
    case Qt::CheckStateRole:
        if (column == Name)
            return entry.checked ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::TextAlignmentRole:
        if (column != Name)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        return leafTooltip(node.instance);
    case Qt::DecorationRole:
        // The same amber mark as suspect figures in Results; the tooltip says why.
        if (column == Name && !katConcern(entry).isEmpty())
            return warningMark();
        return {};
    case Qt::ForegroundRole:
        // Both libraries of a name clash stand out; the tooltip says why.
        if (column == Name && !entry.clash.isEmpty())
            return QColor(Qt::red);
        return {};
    case ClashRole:
        return entry.clash;
    case LibraryRole:
        return entry.library;
    default:
        return {};
    }
}

bool InstanceTreeModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::CheckStateRole || !index.isValid() || index.column() != Name)
        return false;
    const bool checked = static_cast<Qt::CheckState>(value.toInt()) != Qt::Unchecked;
    QVector<int> rows;
    collectLeaves(static_cast<int>(index.internalId()), rows);
    // Workbench::setChecked emits instancesChanged, which updates this model in place.
    for (int row : std::as_const(rows))
        workbench_->setChecked(row, checked);
    return true;
}

Qt::ItemFlags InstanceTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid));
    const Node &node = nodes_[static_cast<int>(index.internalId())];
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == Name)
        f |= Qt::ItemIsUserCheckable;
    if (node.kind == InstanceNode)
        f |= Qt::ItemNeverHasChildren;
    return f;
}

QVariant InstanceTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name:
            return tr("Instance");
        case Passes:
            return tr("Passes");
        case SecurityBits:
            return tr("Bits"); // short: the dock is narrow; the tooltip says what it is
        case PkBytes:
            return tr("pk (B)");
        case SkBytes:
            return tr("sk (B)");
        case SsBytes:
            return tr("ss (B)");
        case MessageBytes:
            return tr("Messages (B)");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Name:
            return tr("ALGORITHM_INSTANCE, grouped by family. Check the instances to measure.");
        case Passes:
            return tr("Protocol passes the library declares (kex_get_passes).");
        case SecurityBits:
            return tr("Security level the library claims, in bits.");
        case PkBytes:
            return tr("Long-term public key capacity in bytes (kex_get_pk_bytes).");
        case SkBytes:
            return tr("Long-term secret key capacity in bytes (kex_get_sk_bytes).");
        case SsBytes:
            return tr("Shared secret length in bytes (kex_get_ss_bytes).");
        case MessageBytes:
            return tr("Capacity of all protocol messages together, in bytes (kex_get_total_msg_bytes). %1")
                .arg(metricTooltip(Metric::Bandwidth));
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && section != Name)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

void InstanceTreeModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!top_.isEmpty())
        emit dataChanged(index(0, 0), index(static_cast<int>(top_.size()) - 1, ColumnCount - 1));
}

} // namespace kexbench::ui
