// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/resultstablemodel.h"

#include "models/metrichelp.h"

#include "core/dataset.h"
#include "core/discovery.h"
#include "core/format.h"
#include "core/record.h"
#include "core/stats.h"

#include <QColor>

#include <algorithm>
#include <map>
#include <set>

namespace kexbench::ui {

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }
QString missing() { return QString::fromUtf8(fmt::kMissing); }

// Type-7 median without sorting: nth_element is O(n), so a reset over
// campaigns of 100 000 samples per record stays cheap on the GUI thread.
// Same value as stats::median (the mean of the two middle values for even n).
std::optional<double> sampleMedian(const std::vector<uint64_t> &values)
{
    if (values.empty())
        return std::nullopt;
    std::vector<uint64_t> v(values);
    const size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid), v.end());
    const double high = static_cast<double>(v[mid]);
    if (v.size() % 2 == 1)
        return high;
    const double low = static_cast<double>(*std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(mid)));
    return low + 0.5 * (high - low);
}

// The unit the record's counter counts in, as core's report names it.
std::string counterUnit(const Record &r)
{
    if (r.kexbench) {
        if (r.kexbench->core_cycles)
            return "cycles";
        return r.kexbench->counter_unit.empty() ? "counter ticks" : r.kexbench->counter_unit;
    }
    return "cycles"; // the harness driver counts core cycles (perf_event) when it counts at all
}

QString bytesText(std::optional<double> bytes) { return bytes ? QString::number(static_cast<qulonglong>(*bytes)) : missing(); }
// Resident memory in KiB as the published pages print it (section 5).
QString kibText(std::optional<double> bytes)
{
    return bytes ? QString::number(static_cast<qulonglong>(*bytes) / 1024) + QStringLiteral(" KiB") : missing();
}

std::optional<double> opt(const std::optional<uint64_t> &v)
{
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

// Why a record is not complete: kexbench writes a reason; a harness record
// only has its processes' status, exit code and stderr.
QString failureReason(const Record &r)
{
    if (r.kexbench && !r.kexbench->reason.empty())
        return qs(r.kexbench->reason);
    for (const auto &p : r.processes) {
        if (p.status == "complete")
            continue;
        QString text = qs(p.status);
        if (p.exit_code)
            text += QStringLiteral(" (exit code %1)").arg(*p.exit_code);
        std::string tail = p.stderr_tail;
        while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r' || tail.back() == ' '))
            tail.pop_back();
        if (const auto nl = tail.rfind('\n'); nl != std::string::npos)
            tail = tail.substr(nl + 1);
        if (!tail.empty())
            text += QStringLiteral(": ") + qs(detail::one_line(tail));
        return text;
    }
    return r.status.empty() ? QString() : qs(r.status);
}

Metric metricOf(int column)
{
    switch (column) {
    case ResultsTableModel::MeanCycles: return Metric::MeanCycles;
    case ResultsTableModel::MedianCycles: return Metric::MedianCycles;
    case ResultsTableModel::MeanTime: return Metric::MeanTime;
    case ResultsTableModel::MedianTime: return Metric::MedianTime;
    case ResultsTableModel::OpsPerSecond: return Metric::OpsPerSecond;
    case ResultsTableModel::MedianCi: return Metric::MedianCi;
    case ResultsTableModel::Measurements: return Metric::Measurements;
    case ResultsTableModel::BaselineRss: return Metric::BaselineRss;
    case ResultsTableModel::PeakRss: return Metric::PeakRss;
    case ResultsTableModel::ElfImage: return Metric::StaticSize;
    case ResultsTableModel::Stack: return Metric::Stack;
    case ResultsTableModel::Bandwidth: return Metric::Bandwidth;
    case ResultsTableModel::Counter: return Metric::Counter;
    default: return Metric::Status;
    }
}

} // namespace

struct ResultsTableModel::Row {
    int dataset = 0;
    const Record *record = nullptr;
    QString datasetLabel, instance, operation;
    int labelRank = 0; // natural order of the label over every dataset
    int opRank = 0;
    bool failed = false;
    bool sampled = false; // per-iteration samples present
    size_t samples = 0;
    bool harnessCounter = false;
    bool ciReached = true;
    std::optional<double> meanCycles, medianCycles, meanSeconds, medianSeconds, ops, ci;
    std::optional<double> baselineRss, peakRss, elf, stack, bandwidth, pk, totalMsg;
    double measurements = 0;
    QString measurementsText, counter, unit, reason;
};

ResultsTableModel::ResultsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

ResultsTableModel::~ResultsTableModel() = default;

int ResultsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

void ResultsTableModel::setSnapshots(Snapshots snapshots)
{
    beginResetModel();
    snapshots_ = std::move(snapshots);
    rows_.clear();

    // One label order for all datasets, so sorting by instance interleaves
    // x86_1 and arm_1 rows of the same instance instead of ordering bytewise.
    std::set<std::string, decltype(&natural_less)> labels(&natural_less);
    for (const auto &[label, data] : snapshots_)
        if (data)
            for (const Record &r : data->records)
                labels.insert(r.label);
    std::map<std::string, int> labelRank;
    for (const std::string &l : labels)
        labelRank.emplace(l, static_cast<int>(labelRank.size()));

    QStringList units;
    std::set<std::string> allUnits;
    for (size_t d = 0; d < snapshots_.size(); ++d) {
        const auto &[datasetLabel, data] = snapshots_[d];
        if (!data)
            continue;
        std::set<std::string> datasetUnits;
        const size_t first = rows_.size();
        for (const Record &r : data->records) {
            Row row;
            row.dataset = static_cast<int>(d);
            row.record = &r;
            row.datasetLabel = datasetLabel;
            row.instance = qs(r.label);
            row.operation = qs(r.operation);
            row.labelRank = labelRank[r.label];
            const int rank = operation_rank(r.operation);
            row.opRank = rank < 0 ? 1000 : rank; // unknown operations after the known ones
            row.failed = r.status != "complete";
            if (row.failed)
                row.reason = failureReason(r);

            const RecordSamples *k = r.kexbench ? &*r.kexbench : nullptr;
            row.sampled = k && (!k->ticks.empty() || !k->ns.empty());
            row.samples = k ? std::max(k->ticks.size(), k->ns.size()) : 0;
            row.meanCycles = r.mean_cycles;
            row.medianCycles = k && !k->ticks.empty() ? sampleMedian(k->ticks) : r.median_trial_cycles;
            row.meanSeconds = r.mean_seconds;
            row.medianSeconds = r.median_trial_seconds;
            if (k && !k->ns.empty())
                row.medianSeconds = *sampleMedian(k->ns) * 1e-9;
            row.ops = r.operations_per_second;
            if (k && k->ci_relative_width) {
                row.ci = k->ci_relative_width;
            } else if (k && k->ns.size() >= 2) {
                // Written before kexbench stored the width, or too few samples
                // to reach 95 %: compute it as the campaign does (of the median time).
                const std::vector<double> ns(k->ns.begin(), k->ns.end());
                const stats::Interval ci = stats::median_ci(ns);
                row.ciReached = ci.reached;
                if (ci.reached)
                    row.ci = stats::relative_ci_width(ci, stats::median(ns));
            }
            row.measurements = static_cast<double>(r.measurements);
            const bool even = !k || k->trial_sizes.empty() ||
                              std::all_of(k->trial_sizes.begin(), k->trial_sizes.end(),
                                          [&](uint64_t s) { return s == r.plan.iterations_per_trial; });
            if (r.measurements == 0)
                row.measurementsText = missing();
            else if (even)
                row.measurementsText = QStringLiteral("%1 (%2 \u00d7 %3)")
                                           .arg(r.measurements)
                                           .arg(r.plan.trials)
                                           .arg(r.plan.iterations_per_trial);
            else // adaptive trials differ in length
                row.measurementsText =
                    QStringLiteral("%1 (%2 \u00d7 \u2026)").arg(r.measurements).arg(k->trial_sizes.size());
            row.baselineRss = opt(r.baseline_rss_bytes);
            row.peakRss = opt(r.peak_rss_bytes);
            if (const BuildEntry *b = data->build_for(r.candidate, r.label))
                row.elf = opt(b->elf_load_bytes);
            if (k)
                row.stack = opt(k->stack_bytes);
            const auto total = r.size("total_msg_bytes");
            const auto pk = r.size("pk_bytes");
            if (total)
                row.totalMsg = static_cast<double>(*total);
            if (pk)
                row.pk = static_cast<double>(*pk);
            if (total && pk)
                row.bandwidth = static_cast<double>(*total + *pk);
            row.unit = qs(counterUnit(r));
            if (k) {
                row.counter = k->counter.empty() ? missing() : qs(k->counter);
                datasetUnits.insert(counterUnit(r));
            } else {
                row.harnessCounter = true;
                if (r.mean_cycles)
                    datasetUnits.insert(counterUnit(r));
            }
            rows_.push_back(std::move(row));
        }
        std::stable_sort(rows_.begin() + static_cast<std::ptrdiff_t>(first), rows_.end(),
                         [](const Row &a, const Row &b) {
                             if (a.labelRank != b.labelRank)
                                 return a.labelRank < b.labelRank;
                             if (a.record->candidate != b.record->candidate)
                                 return a.record->candidate < b.record->candidate;
                             if (a.opRank != b.opRank)
                                 return a.opRank < b.opRank;
                             return a.record->operation < b.record->operation;
                         });
        QStringList u;
        for (const auto &s : datasetUnits) {
            u << qs(s);
            allUnits.insert(s);
        }
        if (!u.isEmpty())
            units << QStringLiteral("%1 (%2)").arg(u.join(QStringLiteral(", ")), datasetLabel);
    }
    counterUnits_ = units.join(QStringLiteral("; "));
    headerUnits_.clear();
    for (const auto &u : allUnits)
        headerUnits_ << qs(u);
    endResetModel();
}

const Record *ResultsTableModel::record(int row) const
{
    return row >= 0 && row < rowCount() ? rows_[static_cast<size_t>(row)].record : nullptr;
}

QString ResultsTableModel::rowKey(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const Row &r = rows_[static_cast<size_t>(row)];
    return r.datasetLabel + QChar(0x1f) + qs(r.record->candidate) + QChar(0x1f) + r.instance + QChar(0x1f) + r.operation;
}

QVariant ResultsTableModel::display(const Row &r, int column) const
{
    switch (column) {
    case DatasetColumn: return r.datasetLabel;
    case Instance: return r.instance;
    case Operation: return r.operation;
    case MeanCycles: return qs(fmt::fmt_int(r.meanCycles));
    case MedianCycles: return qs(fmt::fmt_int(r.medianCycles));
    case MeanTime: return qs(fmt::fmt_time(r.meanSeconds));
    case MedianTime: return qs(fmt::fmt_time(r.medianSeconds));
    case OpsPerSecond: return r.ops ? qs(fmt::fmt_ops(*r.ops)) : missing();
    case MedianCi: return r.ci ? qs(fmt::py_format(*r.ci, '%', 2)) : missing();
    case Measurements: return r.measurementsText;
    case BaselineRss: return kibText(r.baselineRss);
    case PeakRss: return kibText(r.peakRss);
    case ElfImage: return bytesText(r.elf);
    case Stack: return bytesText(r.stack);
    case Bandwidth: return bytesText(r.bandwidth);
    case Counter:
        if (!r.harnessCounter)
            return QStringLiteral("%1 (%2)").arg(r.counter, r.unit);
        return r.meanCycles ? tr("cycles (harness)") : tr("time only (harness)");
    case Status: return r.failed ? tr("failed") : tr("complete");
    case Reason: return r.reason;
    }
    return {};
}

QVariant ResultsTableModel::sortKey(const Row &r, int column) const
{
    auto num = [](const std::optional<double> &v) { return v ? QVariant(*v) : QVariant(); };
    switch (column) {
    case DatasetColumn: return r.dataset;
    case Instance: return r.labelRank;
    case Operation: return r.opRank;
    case MeanCycles: return num(r.meanCycles);
    case MedianCycles: return num(r.medianCycles);
    case MeanTime: return num(r.meanSeconds);
    case MedianTime: return num(r.medianSeconds);
    case OpsPerSecond: return num(r.ops);
    case MedianCi: return num(r.ci);
    case Measurements: return r.measurements > 0 ? QVariant(r.measurements) : QVariant();
    case BaselineRss: return num(r.baselineRss);
    case PeakRss: return num(r.peakRss);
    case ElfImage: return num(r.elf);
    case Stack: return num(r.stack);
    case Bandwidth: return num(r.bandwidth);
    case Status: return r.failed ? 1 : 0;
    default: return display(r, column);
    }
}

QVariant ResultsTableModel::toolTip(const Row &r, int column) const
{
    QString tip;
    switch (column) {
    case DatasetColumn: tip = tr("Dataset %1").arg(r.datasetLabel); break;
    case Instance: tip = tr("%1 (candidate %2)").arg(r.instance, qs(r.record->candidate)); break;
    case Operation: tip = tr("Timed operation %1").arg(r.operation); break;
    case Status:
    case Reason:
        tip = r.failed ? tr("Incomplete record: %1").arg(r.reason.isEmpty() ? qs(r.record->status) : r.reason)
                       : tr("complete: every trial finished");
        break;
    default: {
        tip = metricTooltip(metricOf(column));
        if (column == MeanCycles || column == MedianCycles)
            tip += QLatin1Char('\n') + tr("Unit: %1").arg(r.unit);
        if (column == MedianCycles || column == MedianTime)
            tip += QLatin1Char('\n') +
                   (r.sampled ? tr("From %n per-iteration sample(s).", nullptr, static_cast<int>(r.samples))
                              : tr("No per-iteration samples: the median of the per-trial means."));
        if (column == MedianCi && !r.sampled)
            tip += QLatin1Char('\n') + tr("Trial totals only: no per-iteration samples to compute it from.");
        else if (column == MedianCi && !r.ciReached)
            tip += QLatin1Char('\n') + tr("Too few samples to reach 95 % coverage.");
        else if (column == MedianCi && r.ci)
            tip += QLatin1Char('\n') + tr("Relative width (high \u2212 low) / median of the median time.");
        if (column == Bandwidth && r.bandwidth)
            tip += QLatin1Char('\n') + tr("total_msg_bytes %1 + pk_bytes %2 (API sizes from the record)")
                                           .arg(static_cast<qulonglong>(*r.totalMsg))
                                           .arg(static_cast<qulonglong>(*r.pk));
        if (column == Counter && r.harnessCounter)
            tip += QLatin1Char('\n') + tr("Imported harness record: trial totals only.");
        if (r.failed)
            tip += QLatin1Char('\n') + tr("Incomplete record: %1").arg(r.reason);
    }
    }
    return tip;
}

QVariant ResultsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = rows_[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return display(r, index.column());
    case SortRole: return sortKey(r, index.column());
    case Qt::ToolTipRole: return toolTip(r, index.column());
    case FailedRole: return r.failed;
    case DatasetIndexRole: return r.dataset;
    case Qt::ForegroundRole:
        if (r.failed)
            return QColor(0xc0, 0x39, 0x2b); // red-ish, readable on light and dark bases
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= MeanCycles && index.column() <= Bandwidth)
            return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case DatasetColumn: return tr("Dataset");
        case Instance: return tr("Instance");
        case Operation: return tr("Operation");
        case Reason: return tr("Reason");
        case Measurements: return tr("n (trials \u00d7 iters)");
        case MeanCycles:
        case MedianCycles:
            // As the published tables do: "cycles" unless a counter counted
            // something else, then that unit, so TSC ticks never pass for cycles.
            if (headerUnits_.isEmpty() || headerUnits_ == QStringList{QStringLiteral("cycles")})
                return metricName(metricOf(section));
            if (headerUnits_.size() == 1)
                return section == MeanCycles ? tr("Mean %1").arg(headerUnits_.front())
                                             : tr("Median %1").arg(headerUnits_.front());
            return section == MeanCycles ? tr("Mean cycles / ticks") : tr("Median cycles / ticks");
        case ElfImage: return tr("%1 (bytes)").arg(metricName(Metric::StaticSize));
        case Stack: return tr("%1 (bytes)").arg(metricName(Metric::Stack));
        case Bandwidth: return tr("%1 (bytes)").arg(metricName(Metric::Bandwidth));
        default: return metricName(metricOf(section));
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case DatasetColumn: return tr("The dataset (campaign) the record belongs to.");
        case Instance: return tr("Instance label, in natural order (ADKEX-128 before ADKEX-1024).");
        case Operation: return tr("Timed operation, in the order of the published tables.");
        case Reason: return tr("Why the record is incomplete, when it is.");
        case MeanCycles:
        case MedianCycles:
            return metricTooltip(metricOf(section)) + QLatin1Char('\n') +
                   tr("Counter units: %1").arg(counterUnits_.isEmpty() ? missing() : counterUnits_);
        default: return metricTooltip(metricOf(section));
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

ReportTable ResultsTableModel::toReportTable(const QVector<int> &rows) const
{
    ReportTable table;
    table.id = "results";
    table.title = tr("Results").toStdString();
    for (int c = 0; c < ColumnCount; ++c)
        table.header.push_back(headerData(c, Qt::Horizontal).toString().toStdString());
    auto add = [&](int row) {
        std::vector<std::string> cells;
        for (int c = 0; c < ColumnCount; ++c)
            cells.push_back(display(rows_[static_cast<size_t>(row)], c).toString().toStdString());
        table.rows.push_back(std::move(cells));
    };
    if (rows.isEmpty()) {
        for (int r = 0; r < rowCount(); ++r)
            add(r);
    } else {
        for (int r : rows)
            if (r >= 0 && r < rowCount())
                add(r);
    }
    return table;
}

void ResultsTableModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::DisplayRole, Qt::ToolTipRole});
}

// ---------------------------------------------------------------------------

ResultsFilterModel::ResultsFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(ResultsTableModel::SortRole);
    setDynamicSortFilter(true);
}

void ResultsFilterModel::setText(const QString &text)
{
    const QString t = text.trimmed();
    if (t == text_)
        return;
    // Qt 6.4 has no begin/endFilterChange; invalidateFilter re-runs filterAcceptsRow.
    text_ = t;
    invalidateFilter();
}

void ResultsFilterModel::setFailedOnly(bool failedOnly)
{
    if (failedOnly == failedOnly_)
        return;
    failedOnly_ = failedOnly;
    invalidateFilter();
}

bool ResultsFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *m = sourceModel();
    if (!m)
        return true;
    if (failedOnly_ && !m->index(sourceRow, 0, sourceParent).data(ResultsTableModel::FailedRole).toBool())
        return false;
    if (text_.isEmpty())
        return true;
    // Every whitespace-separated word must match one of the three key columns,
    // so "arm pass1" finds pass1 of every instance in arm_1.
    const QStringList words = text_.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &word : words) {
        bool found = false;
        for (int c : {ResultsTableModel::DatasetColumn, ResultsTableModel::Instance, ResultsTableModel::Operation})
            if (m->index(sourceRow, c, sourceParent).data().toString().contains(word, Qt::CaseInsensitive)) {
                found = true;
                break;
            }
        if (!found)
            return false;
    }
    return true;
}

} // namespace kexbench::ui
