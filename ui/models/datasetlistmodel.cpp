// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/datasetlistmodel.h"

#include "models/metrichelp.h"
#include "workbench.h"

#include "core/base/format.h"

#include <QColor>
#include <QDateTime>
#include <QFileInfo>
#include <QFont>
#include <QRegularExpression>

namespace kexbench::ui {

namespace {

const QString kMissing = QString::fromUtf8(fmt::kMissing);

QString jsonString(const nlohmann::ordered_json &object, const char *key)
{
    if (!object.is_object())
        return {};
    auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

QString startedOf(const Dataset &d)
{
    if (d.campaign && !d.campaign->started_utc.empty())
        return QString::fromStdString(d.campaign->started_utc);
    for (const auto &rec : d.records)
        if (!rec.started_utc.empty())
            return QString::fromStdString(rec.started_utc);
    return {};
}

QDateTime parseUtc(const QString &text)
{
    QDateTime when = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!when.isValid())
        when = QDateTime::fromString(text, Qt::ISODate);
    return when.isValid() ? when.toUTC() : QDateTime();
}

// "12th Gen Intel(R) Core(TM) i7-12700" -> "12th Gen Intel Core i7-12700":
// trademark marks, the word "CPU" and a trailing "@ 2.10GHz" add width, not information,
// in a narrow dock. The tooltip keeps the model name as recorded.
QString compactCpu(const QString &cpu)
{
    static const QRegularExpression marks(QStringLiteral(R"(\((R|TM|tm|r)\))"));
    static const QRegularExpression clock(QStringLiteral(R"(\s*@\s*[0-9.]+\s*[GM]Hz\s*$)"));
    static const QRegularExpression cpuWord(QStringLiteral(R"(\bCPU\b)"));
    QString text = cpu;
    text.remove(marks);
    text.remove(clock);
    text.remove(cpuWord);
    return text.simplified();
}

} // namespace

DatasetListModel::DatasetListModel(Workbench *workbench, QObject *parent)
    : QAbstractTableModel(parent), workbench_(workbench), rows_(workbench->datasets())
{
    connect(workbench_, &Workbench::datasetsChanged, this, &DatasetListModel::onDatasetsChanged);
    connect(workbench_, &Workbench::datasetChanged, this, &DatasetListModel::onDatasetChanged);
}

namespace {

QVector<const Dataset *> identities(const QVector<DatasetEntry> &entries)
{
    QVector<const Dataset *> ids;
    ids.reserve(entries.size());
    for (const auto &entry : entries)
        ids << entry.data.get();
    return ids;
}

} // namespace

void DatasetListModel::onDatasetsChanged()
{
    const QVector<DatasetEntry> &now = workbench_->datasets();
    const QVector<const Dataset *> before = identities(rows_), after = identities(now);
    const auto oldSize = before.size();
    if (after == before) {
        // Renamed (or nothing visible changed): same rows, new text.
        rows_ = now;
        if (!rows_.isEmpty())
            emit dataChanged(index(0, 0), index(static_cast<int>(rows_.size()) - 1, ColumnCount - 1));
        return;
    }
    if (after.size() > oldSize && std::equal(before.begin(), before.end(), after.begin())) {
        beginInsertRows({}, static_cast<int>(oldSize), static_cast<int>(after.size()) - 1);
        rows_ = now;
        endInsertRows();
        return;
    }
    if (after.size() == oldSize - 1) {
        qsizetype gone = 0;
        while (gone < after.size() && after[gone] == before[gone])
            ++gone;
        QVector<const Dataset *> without = before;
        without.remove(gone);
        if (without == after) {
            beginRemoveRows({}, static_cast<int>(gone), static_cast<int>(gone));
            rows_ = now;
            endRemoveRows();
            return;
        }
    }
    beginResetModel();
    rows_ = now;
    endResetModel();
}

void DatasetListModel::onDatasetChanged(int row)
{
    const auto &datasets = workbench_->datasets();
    if (datasets.size() != rows_.size()) {
        onDatasetsChanged(); // should not happen; resynchronise rather than show a wrong row
        return;
    }
    if (row < 0 || row >= rows_.size())
        return;
    rows_[row] = datasets[row];
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int DatasetListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int DatasetListModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString DatasetListModel::counterOf(const Dataset &d)
{
    if (d.campaign)
        if (auto it = d.campaign->raw.find("kexbench"); it != d.campaign->raw.end())
            if (QString c = jsonString(*it, "counter"); !c.isEmpty())
                return c;
    for (const auto &rec : d.records)
        if (rec.kexbench && !rec.kexbench->counter.empty())
            return QString::fromStdString(rec.kexbench->counter);
    if (d.kind == kPublishedPageKind) // the page's "mean cycles" column, as printed
        return std::any_of(d.records.begin(), d.records.end(),
                           [](const Record &r) { return r.mean_cycles.has_value(); })
                   ? tr("cycles (published page)")
                   : tr("time only (published page)");
    // Harness records say only whether the driver had a cycle counter.
    for (const auto &rec : d.records)
        for (const auto &process : rec.processes)
            for (const auto &[key, value] : process.meta)
                if (key == "cpu_cycles_available")
                    return value == "yes" ? tr("cycles (harness)") : tr("time only (harness)");
    return {};
}

QString DatasetListModel::cpuOf(const Dataset &d)
{
    if (d.campaign)
        if (QString cpu = jsonString(d.campaign->environment_at_start, "cpu_model"); !cpu.isEmpty())
            return cpu;
    for (const auto &rec : d.records)
        if (QString cpu = jsonString(rec.environment, "cpu_model"); !cpu.isEmpty())
            return cpu;
    return {};
}

QString DatasetListModel::incompleteStateOf(const Dataset &d)
{
    if (!d.campaign || !d.campaign->completion || d.campaign->completion->complete())
        return {};
    return QString::fromStdString(d.campaign->completion->state);
}

QVariant DatasetListModel::data(const QModelIndex &index, int role) const
{
    // Views and QAbstractItemModelTester ask about the invalid index on
    // purpose: answer nothing, quietly (checkIndex would log a warning).
    if (!index.isValid())
        return {};
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid));
    if (index.row() >= rows_.size())
        return {};
    const DatasetEntry &entry = rows_[index.row()];
    const Dataset &d = *entry.data;
    const int column = index.column();

    switch (role) {
    case LiveRole:
        return entry.live;
    case OriginRole:
        return entry.origin;
    case CompletionRole:
        return d.campaign && d.campaign->completion ? QString::fromStdString(d.campaign->completion->state) : QString();
    case KindRole:
        return QString::fromStdString(d.kind);
    case Qt::EditRole:
        if (column == Label)
            return entry.label;
        [[fallthrough]];
    case Qt::DisplayRole:
    case SortRole:
        switch (column) {
        case Label:
            if (role != Qt::DisplayRole)
                return entry.label;
            if (entry.live)
                return tr("%1 (live)").arg(entry.label);
            if (const QString state = incompleteStateOf(d); state == QLatin1String("cancelled"))
                return tr("%1 (cancelled)").arg(entry.label);
            else if (state == QLatin1String("failed")) // nothing measured: not "partial"
                return tr("%1 (failed)").arg(entry.label);
            else if (!state.isEmpty())
                return tr("%1 (partial)").arg(entry.label);
            if (d.kind == kPublishedPageKind) // trial-level figures only: said wherever the row is shown
                return tr("%1 (published page)").arg(entry.label);
            return entry.label;
        case System:
            return QString::fromStdString(d.system_label);
        case Cpu: {
            const QString cpu = cpuOf(d);
            if (role != Qt::DisplayRole)
                return cpu;
            return cpu.isEmpty() ? kMissing : compactCpu(cpu);
        }
        case Started: {
            // The date only: the time of day (UTC) is the tooltip.
            const QString text = startedOf(d);
            const QDateTime when = parseUtc(text);
            if (role == SortRole)
                return when.isValid() ? QVariant(when) : QVariant(text);
            if (when.isValid())
                return when.toString(QStringLiteral("yyyy-MM-dd"));
            return text.isEmpty() ? kMissing : text;
        }
        case Counter: {
            const QString c = counterOf(d);
            return c.isEmpty() && role == Qt::DisplayRole ? kMissing : c;
        }
        case Records:
            if (role == SortRole)
                return static_cast<qulonglong>(d.records.size());
            return QString::number(d.records.size());
        case Origin:
            return entry.origin;
        case Kind:
            return d.kind == kPublishedPageKind ? tr("published page")
                   : d.kind == "bundle"         ? tr("bundle")
                                                : tr("campaign");
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        if (column == Records)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::DecorationRole:
        // A coloured mark beside a live dataset's label: views show it without any delegate.
        if (column == Label && entry.live)
            return QColor(0x2e, 0x9d, 0x4f);
        if (column == Label && incompleteStateOf(d) == QLatin1String("failed")) // a red mark
            return QColor(0xc6, 0x28, 0x28);
        if (column == Label && !incompleteStateOf(d).isEmpty()) // cancelled or partial: an amber mark
            return QColor(0xd9, 0x82, 0x1e);
        return {};
    case Qt::FontRole:
        if (entry.live) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole: {
        switch (column) {
        case Label: {
            QString tip =
                tr("%1: %n record(s)", nullptr, static_cast<int>(d.records.size())).arg(entry.label.toHtmlEscaped());
            tip += QStringLiteral("<br>") + tr("%n profile(s)", nullptr, static_cast<int>(d.profiles.size()));
            tip += QStringLiteral("<br>") + tr("%n KAT log(s)", nullptr, static_cast<int>(d.kat_logs.size()));
            if (!d.problems.empty())
                tip += QStringLiteral("<br>") + tr("%n file(s) could not be read; see the messages panel.", nullptr,
                                                   static_cast<int>(d.problems.size()));
            if (entry.live)
                tip += QStringLiteral("<br><i>") + tr("Live: a campaign is still writing into this dataset.") +
                       QStringLiteral("</i>");
            else if (!incompleteStateOf(d).isEmpty()) {
                const CampaignCompletion &done = *d.campaign->completion;
                tip += QStringLiteral("<br><b>") +
                       (done.state == "cancelled" ? tr("Cancelled: %1 of %2 planned records measured.")
                                                  : tr("Partial: %1 of %2 planned records measured."))
                           .arg(done.measured)
                           .arg(done.planned) +
                       QStringLiteral("</b>");
                if (!done.not_measured.empty()) {
                    QStringList names;
                    for (const std::string &name : done.not_measured)
                        names << QString::fromStdString(name).toHtmlEscaped();
                    const qsizetype kShown = 12;
                    QString list = names.mid(0, kShown).join(QStringLiteral(", "));
                    if (names.size() > kShown)
                        list += QStringLiteral(", …");
                    tip += QStringLiteral("<br>") + tr("Not measured: %1").arg(list);
                }
            }
            if (d.kind == kPublishedPageKind)
                tip += QStringLiteral("<br><b>") +
                       tr("Published page: trial-level figures only (no per-trial values, no per-iteration samples, "
                          "no distributions); comparisons with it give no verdict.") +
                       QStringLiteral("</b>");
            if (!entry.origin.isEmpty())
                tip += QStringLiteral("<br>") + tr("From %1").arg(entry.origin.toHtmlEscaped());
            tip += QStringLiteral("<br>") + tr("Double-click to rename.");
            return tip;
        }
        case Cpu: {
            // The processor as recorded, and the machine it is in.
            QStringList lines;
            if (QString cpu = cpuOf(d); !cpu.isEmpty())
                lines << cpu;
            if (d.campaign)
                if (QString machine = jsonString(d.campaign->environment_at_start, "machine"); !machine.isEmpty())
                    lines << machine;
            return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
        }
        // The narrow dock may cut or elide a cell: its tooltip starts with the whole text.
        case Counter: {
            const QString c = counterOf(d);
            return c.isEmpty() ? metricTooltip(Metric::Counter)
                               : c + QLatin1Char('\n') + metricTooltip(Metric::Counter);
        }
        case System:
        case Records:
        case Kind:
            return data(index, Qt::DisplayRole);
        case Started: {
            const QString text = startedOf(d);
            const QDateTime when = parseUtc(text);
            return when.isValid() ? when.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")) : text;
        }
        case Origin:
            return entry.origin;
        default:
            return {};
        }
    }
    default:
        return {};
    }
}

bool DatasetListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rows_.size() || index.column() != Label)
        return false;
    const QString label = value.toString().trimmed();
    if (label.isEmpty())
        return false;
    // The Workbench announces the rename (datasetsChanged), which updates this row.
    workbench_->renameDataset(index.row(), label);
    return true;
}

Qt::ItemFlags DatasetListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid));
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == Label)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant DatasetListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Label:
            return tr("Label");
        case System:
            return tr("System");
        case Cpu:
            return tr("CPU");
        case Started:
            return tr("Started");
        case Counter:
            return metricName(Metric::Counter);
        case Records:
            return tr("Records");
        case Origin:
            return tr("Origin");
        case Kind:
            return tr("Kind");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Label:
            return tr("Name shown in tables and legends; double-click to rename.");
        case System:
            return tr("System identifier the campaign recorded (campaign.json system_id, else the folder name).");
        case Cpu:
            return tr("Processor model the campaign ran on.");
        case Started:
            return tr("When the campaign started (UTC).");
        case Counter:
            return metricTooltip(Metric::Counter);
        case Records:
            return tr("Timing records (instance x operation) in the dataset.");
        case Origin:
            return tr("Folder or bundle the dataset was loaded from.");
        case Kind:
            return tr("Campaign folder, bundle, or published page (trial-level figures only).");
        default:
            return {};
        }
    }
    return {};
}

void DatasetListModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!rows_.isEmpty())
        emit dataChanged(index(0, 0), index(static_cast<int>(rows_.size()) - 1, ColumnCount - 1));
}

} // namespace kexbench::ui
