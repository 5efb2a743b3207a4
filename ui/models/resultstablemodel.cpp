// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/resultstablemodel.h"

#include "models/coretext.h"
#include "models/marks.h"
#include "models/metrichelp.h"
#include "models/reportexport.h"

#include "core/analysis/consistency.h"
#include "core/data/dataset.h"
#include "core/base/discovery.h"
#include "core/base/format.h"
#include "core/data/counter_unit.h"
#include "core/data/record.h"
#include "core/analysis/transmission.h"
#include "core/analysis/trial_stats.h"
#include "core/base/untrusted.h"

#include <QColor>
#include <QFileInfo>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <map>
#include <set>

namespace kexbench::ui {

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }
QString missing() { return QString::fromUtf8(fmt::kMissing); }

QString bytesText(std::optional<double> bytes)
{
    return bytes ? QString::number(static_cast<qulonglong>(*bytes)) : missing();
}
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
// only has its processes' status, exit code and stderr. Both come from a
// file that may hold an instance's own text, so control characters are
// shown escaped.
QString failureReason(const Record &r)
{
    if (r.kexbench && !r.kexbench->reason.empty())
        return qs(printable(r.kexbench->reason));
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
            text += QStringLiteral(": ") + qs(printable(tail));
        return text;
    }
    return r.status.empty() ? QString() : qs(r.status);
}

Metric metricOf(int column)
{
    switch (column) {
    case ResultsTableModel::MeanCycles:
        return Metric::MeanCycles;
    case ResultsTableModel::MeanTime:
        return Metric::MeanTime;
    case ResultsTableModel::OpsPerSecond:
        return Metric::OpsPerSecond;
    case ResultsTableModel::Measurements:
        return Metric::Measurements;
    case ResultsTableModel::BaselineRss:
        return Metric::BaselineRss;
    case ResultsTableModel::PeakRss:
        return Metric::PeakRss;
    case ResultsTableModel::ElfImage:
        return Metric::StaticSize;
    case ResultsTableModel::Stack:
        return Metric::Stack;
    case ResultsTableModel::Bandwidth:
        return Metric::Bandwidth;
    case ResultsTableModel::Counter:
        return Metric::Counter;
    default:
        return Metric::Status;
    }
}

bool isNumeric(int column)
{
    return (column >= ResultsTableModel::MeanCycles && column <= ResultsTableModel::Trials) ||
           (column >= ResultsTableModel::Measurements && column <= ResultsTableModel::Bandwidth);
}

// Rates with one rule for the whole column: three significant digits and an
// SI prefix chosen before rounding moves it ("742", "7.23 k", "1.52 M"), so a
// column never shows "742" above "7.23e+03".
QString rateText(double v)
{
    if (!std::isfinite(v))
        return QString::fromStdString(fmt::py_format(v, 'g', 3));
    static const std::pair<double, const char *> prefixes[] = {{1e9, " G"}, {1e6, " M"}, {1e3, " k"}, {1, ""}};
    size_t i = 0;
    while (i + 1 < std::size(prefixes) && std::fabs(v) < prefixes[i].first)
        ++i;
    for (;; --i) {
        const double scaled = v / prefixes[i].first;
        const double a = std::fabs(scaled);
        const int decimals = a >= 99.95 ? 0 : a >= 9.995 ? 1 : 2;
        const QString text = QString::number(scaled, 'f', decimals);
        if (std::fabs(text.toDouble()) >= 1000 && i > 0)
            continue; // 999.7 -> "1.00 k": the next prefix up
        return text + QString::fromLatin1(prefixes[i].second);
    }
}

QString statisticName(TrialStatistic statistic)
{
    return statistic == TrialStatistic::median_of_trial_medians ? ResultsTableModel::tr("median of trial medians")
                                                                : ResultsTableModel::tr("median of trial means");
}

// Kept trials counted as the report counts them: the runner's health blocks
// (one per kept trial), else the trials the samples split into, else the
// harness trial totals.
int keptTrials(const Record &r, const std::optional<TrialEstimate> &byTime, const std::optional<TrialEstimate> &byTicks)
{
    if (r.kexbench && !r.kexbench->health.empty())
        return static_cast<int>(r.kexbench->health.size());
    if (byTicks)
        return static_cast<int>(byTicks->trials());
    if (byTime)
        return static_cast<int>(byTime->trials());
    return static_cast<int>(r.trials.size());
}

// "trial 2 (attempt 4): lost 21.7 % of its wall time ..." for every kept
// trial that never ran clean: the reader sees why the record is marked.
QStringList disturbedTrialReasons(const Record &r)
{
    QStringList reasons;
    if (!r.kexbench)
        return reasons;
    for (const TrialHealth &h : r.kexbench->health)
        if (h.disturbed)
            reasons << ResultsTableModel::tr("trial %1 (attempt %2): %3")
                           .arg(h.trial)
                           .arg(h.attempt + 1) // attempt 0 is the first one
                           .arg(h.reason.empty() ? ResultsTableModel::tr("no reason recorded") : qs(h.reason));
    return reasons;
}

QString measurementsText(const Record &r)
{
    const RecordSamples *k = r.kexbench ? &*r.kexbench : nullptr;
    const bool even = !k || k->trial_sizes.empty() ||
                      std::all_of(k->trial_sizes.begin(), k->trial_sizes.end(),
                                  [&](uint64_t s) { return s == r.plan.iterations_per_trial; });
    if (r.measurements == 0)
        return missing();
    if (even)
        return QStringLiteral("%1 (%2 \u00d7 %3)")
            .arg(r.measurements)
            .arg(r.plan.trials)
            .arg(r.plan.iterations_per_trial);
    // adaptive trials differ in length
    return QStringLiteral("%1 (%2 \u00d7 \u2026)").arg(r.measurements).arg(k->trial_sizes.size());
}

// Disturbed rows: a light amber band with dark text, readable on light and
// dark palettes alike because both colours are set.
const QColor kDisturbedBackground(0xfd, 0xeb, 0xc8);
const QColor kDisturbedForeground(0x6b, 0x45, 0x00);
const QColor kFailedForeground(0xc0, 0x39, 0x2b); // red-ish, readable on light and dark bases

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
    std::optional<double> meanCycles, meanSeconds, medianTrialSeconds, ops;
    std::optional<TrialEstimate> byTime, byTicks; // kexbench's trial-level figures
    int trials = 0, retried = 0;
    QStringList flags;                   // the Checks cell, phrase by phrase
    std::optional<StepSumCheck> stepSum; // exchange rows of instances with every step measured
    bool disturbed = false;
    std::optional<double> baselineRss, peakRss, elf, stack;
    OperationMemory memory; // the report's section 5 figures (core operation_memory), with why one is missing
    std::optional<TransmissionFigures> transmission; // the instance's, as the report's section 6 has them
    std::optional<double> bandwidth;                 // transmission->bandwidth
    double measurements = 0;
    QString measurementsText, counter, unit, reason;
    bool cycles = true; // the counts are core cycles (else they go in the ticks columns)
    int kat = ResultsTableModel::KatNotRun;
    QString katStatus, katReason, katLog; // the status word, the KAT log's RESULT reason, the log's path
};

// Everything setSnapshots() computes, made without touching the model.
struct ResultsTableModel::Prepared {
    Snapshots snapshots;
    std::vector<Row> rows;
    QString counterUnits;
    QStringList tickUnits, accountingFiles;
};

namespace {

using StepSumChecks = std::map<std::string, StepSumCheck>; // candidate '\n' label -> check

StepSumChecks stepSumChecks(const std::vector<Record> &records)
{
    StepSumChecks checks;
    for (StepSumCheck &c : exchange_vs_steps(records))
        checks.emplace(c.candidate + '\n' + c.label, std::move(c));
    return checks;
}

void fillTrialFigures(ResultsTableModel::Row &row, const Record &r)
{
    row.byTime = trial_estimate(r, TrialQuantity::time_ns);
    row.byTicks = trial_estimate(r, TrialQuantity::ticks);
    // Harness records have one count per trial: the median of their means per call.
    if (!row.byTicks)
        row.byTicks = harness_count_estimate(r);
    row.trials = keptTrials(r, row.byTime, row.byTicks);
    row.retried = r.disturbed_retries;
}

void fillChecks(ResultsTableModel::Row &row, const Record &r, const StepSumChecks &checks)
{
    for (const std::string &flag : record_flags(r))
        row.flags << qs(flag);
    row.disturbed = r.kexbench && r.kexbench->disturbed;
    if (r.operation != "exchange")
        return;
    if (const auto it = checks.find(r.candidate + '\n' + r.label); it != checks.end()) {
        row.stepSum = it->second;
        if (it->second.inconsistent)
            row.flags << qs(it->second.text());
    }
}

// The instance's transmission figures come from core (core/analysis/transmission.h)
// with the dataset's accounting file, exactly as the report's section 6.
void fillSizes(ResultsTableModel::Row &row, const Record &r, const Dataset &data,
               const std::optional<std::vector<BandwidthEntry>> &accounting)
{
    row.baselineRss = opt(r.baseline_rss_bytes);
    row.peakRss = opt(r.peak_rss_bytes);
    if (const BuildEntry *b = data.build_for(r.candidate, r.label))
        row.elf = opt(b->elf_load_bytes);
    row.memory = operation_memory(r);
    row.stack = opt(row.memory.stack_bytes);
    row.transmission = instance_transmission(data, r.candidate, r.label, accounting);
    if (row.transmission && row.transmission->bandwidth)
        row.bandwidth = static_cast<double>(*row.transmission->bandwidth);
}

// The instance's KAT as the report's section 3 reads it: build.json's status
// word, else the record's; a record flagged kat_not_passed fails it. NOKAT is
// "no KAT file" when a check ran (it left a log saying why), "not run" when
// the campaign skipped the KATs (no log).
void fillKat(ResultsTableModel::Row &row, const Record &r, const Dataset &data)
{
    const BuildEntry *b = data.build_for(r.candidate, r.label);
    const std::string status = b && !b->kat.empty() ? b->kat : r.kat;
    const KatLog *log = data.kat_log_for(r.candidate, r.label);
    row.katStatus = qs(printable(status));
    if (log) {
        row.katLog = qs(log->relative_path);
        // "RESULT <candidate> <label> <STATUS> <reason...>": the words after the status.
        const QStringList words = qs(printable(log->result_line)).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        row.katReason = words.mid(4).join(QLatin1Char(' '));
    }
    if (status == "PASS" && !r.kat_not_passed)
        row.kat = ResultsTableModel::KatPassed;
    else if (status.empty() || status == "NOKAT")
        row.kat = log ? ResultsTableModel::KatNoFile : ResultsTableModel::KatNotRun;
    else
        row.kat = ResultsTableModel::KatFailed;
}

} // namespace

ResultsTableModel::ResultsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

QString ResultsTableModel::columnKey(int column)
{
    static const char *const keys[ColumnCount] = {"dataset",    "instance",     "operation",    "mean_cycles",
                                                  "mean_ticks", "mean_seconds", "median_trial", "ops_per_second",
                                                  "trial_time", "trial_ci",     "trial_cycles", "trial_ticks",
                                                  "trials",     "checks",       "measurements", "baseline_rss",
                                                  "peak_rss",   "elf_image",    "heap_peak",    "heap_allocations",
                                                  "stack",      "bandwidth",    "kat",          "counter",
                                                  "status",     "reason"};
    return column >= 0 && column < ColumnCount ? QString::fromLatin1(keys[column]) : QString();
}

int ResultsTableModel::columnOfKey(const QString &key)
{
    for (int c = 0; c < ColumnCount; ++c)
        if (columnKey(c) == key)
            return c;
    return -1;
}

ResultsTableModel::~ResultsTableModel() = default;

int ResultsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ResultsTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::shared_ptr<ResultsTableModel::Prepared> ResultsTableModel::prepare(Snapshots snapshots)
{
    auto prepared = std::make_shared<Prepared>();
    prepared->snapshots = std::move(snapshots);
    const Snapshots &snaps = prepared->snapshots;
    std::vector<Row> &rows = prepared->rows;
    QStringList &accountingFiles = prepared->accountingFiles;

    // One label order for all datasets, so sorting by instance interleaves
    // x86_1 and arm_1 rows of the same instance instead of ordering bytewise.
    std::set<std::string, decltype(&natural_less)> labels(&natural_less);
    for (const auto &[label, data] : snaps)
        if (data)
            for (const Record &r : data->records)
                labels.insert(r.label);
    std::map<std::string, int> labelRank;
    for (const std::string &l : labels)
        labelRank.emplace(l, static_cast<int>(labelRank.size()));

    QStringList units;
    std::set<std::string> allUnits;
    accountingFiles.clear();
    for (size_t d = 0; d < snaps.size(); ++d)
        accountingFiles << QString();
    for (size_t d = 0; d < snaps.size(); ++d) {
        const auto &[datasetLabel, data] = snaps[d];
        if (!data)
            continue;
        std::set<std::string> datasetUnits;
        const size_t first = rows.size();
        const StepSumChecks checks = stepSumChecks(data->records);
        const Accounting accounting = find_accounting(data->root); // the Report page's file
        accountingFiles[d] = accounting.entries ? QFileInfo(accounting.path).fileName() : QString();
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
            row.meanSeconds = r.mean_seconds;
            row.medianTrialSeconds = r.median_trial_seconds;
            row.ops = r.operations_per_second;
            fillTrialFigures(row, r);
            fillChecks(row, r, checks);
            row.measurements = static_cast<double>(r.measurements);
            row.measurementsText = measurementsText(r);
            fillSizes(row, r, *data, accounting.entries);
            fillKat(row, r, *data);
            row.unit = qs(counter_unit(r));
            row.cycles = counter_unit(r) == "cycles";
            if (k) {
                row.counter = k->counter.empty() ? missing() : qs(k->counter);
                datasetUnits.insert(counter_unit(r));
            } else {
                row.harnessCounter = true;
                if (r.mean_cycles)
                    datasetUnits.insert(counter_unit(r));
            }
            rows.push_back(std::move(row));
        }
        std::stable_sort(rows.begin() + static_cast<std::ptrdiff_t>(first), rows.end(), [](const Row &a, const Row &b) {
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
    prepared->counterUnits = units.join(QStringLiteral("; "));
    for (const auto &u : allUnits)
        if (u != "cycles")
            prepared->tickUnits << qs(u);
    return prepared;
}

bool ResultsTableModel::apply(std::shared_ptr<Prepared> prepared)
{
    const bool inPlace = applyInPlace(*prepared);
    if (!inPlace) {
        beginResetModel();
        snapshots_ = std::move(prepared->snapshots);
        rows_ = std::move(prepared->rows);
        counterUnits_ = std::move(prepared->counterUnits);
        tickUnits_ = std::move(prepared->tickUnits);
        accountingFiles_ = std::move(prepared->accountingFiles);
        endResetModel();
    }
    emit snapshotsApplied();
    return !inPlace;
}

namespace {

bool sameKey(const ResultsTableModel::Row &a, const ResultsTableModel::Row &b);

} // namespace

// A live campaign's next snapshot holds every row of the last one, in the
// same order, plus the records written since: those arrive as inserted rows
// and the others as changed data, so views keep their scroll position,
// selection and column widths, and a sorted proxy places the few new rows
// instead of sorting every row again. Anything else (a dataset added,
// renamed or closed, a row gone) is a reset.
bool ResultsTableModel::applyInPlace(Prepared &prepared)
{
    if (rows_.empty() || prepared.snapshots.size() != snapshots_.size())
        return false;
    for (size_t d = 0; d < snapshots_.size(); ++d)
        if (snapshots_[d].first != prepared.snapshots[d].first)
            return false;
    std::vector<Row> &next = prepared.rows;
    // Which rows of the next snapshot are new: the old rows must be a subsequence of them.
    std::vector<bool> added(next.size(), false);
    size_t kept = 0;
    for (size_t i = 0; i < next.size(); ++i) {
        if (kept < rows_.size() && sameKey(rows_[kept], next[i]))
            ++kept;
        else
            added[i] = true;
    }
    if (kept != rows_.size())
        return false;

    const bool headersChange = counterUnits_ != prepared.counterUnits || tickUnits_ != prepared.tickUnits;
    // The texts of the ticks columns and the accounting file name are read
    // while the views take the new rows in: the next snapshot's from now on.
    counterUnits_ = std::move(prepared.counterUnits);
    tickUnits_ = std::move(prepared.tickUnits);
    accountingFiles_ = std::move(prepared.accountingFiles);
    // New rows point into the next snapshot (alive in `prepared` until it
    // replaces snapshots_), old ones into the last: both valid throughout.
    for (size_t i = 0; i < next.size();) {
        if (!added[i]) {
            ++i;
            continue;
        }
        size_t end = i;
        while (end < next.size() && added[end])
            ++end;
        beginInsertRows({}, static_cast<int>(i), static_cast<int>(end - 1));
        rows_.insert(rows_.begin() + static_cast<std::ptrdiff_t>(i), next.begin() + static_cast<std::ptrdiff_t>(i),
                     next.begin() + static_cast<std::ptrdiff_t>(end));
        endInsertRows();
        i = end;
    }
    // Every row now takes its figures from the next snapshot (a record's
    // checks can change with records written after it, e.g. the exchange
    // against the sum of its steps).
    rows_ = std::move(next);
    snapshots_ = std::move(prepared.snapshots);
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    if (headersChange)
        emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    return true;
}

namespace {

bool sameKey(const ResultsTableModel::Row &a, const ResultsTableModel::Row &b)
{
    return a.dataset == b.dataset && a.instance == b.instance && a.operation == b.operation &&
           a.record->candidate == b.record->candidate;
}

} // namespace

void ResultsTableModel::setSnapshots(Snapshots snapshots) { apply(prepare(std::move(snapshots))); }

const Record *ResultsTableModel::record(int row) const
{
    return row >= 0 && row < rowCount() ? rows_[static_cast<size_t>(row)].record : nullptr;
}

QString ResultsTableModel::rowKey(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const Row &r = rows_[static_cast<size_t>(row)];
    return r.datasetLabel + QChar(0x1f) + qs(r.record->candidate) + QChar(0x1f) + r.instance + QChar(0x1f) +
           r.operation;
}

QVariant ResultsTableModel::display(const Row &r, int column) const
{
    switch (column) {
    case DatasetColumn:
        return r.datasetLabel;
    case Instance:
        return r.instance;
    case Operation:
        return r.operation;
    case MeanCycles:
        return r.cycles ? qs(fmt::fmt_int(r.meanCycles)) : missing();
    case MeanTicks:
        return r.cycles || !r.meanCycles ? missing() : ticksText(r, *r.meanCycles);
    case MeanTime:
        return qs(fmt::fmt_time(r.meanSeconds));
    case MedianTrial:
        return qs(fmt::fmt_time(r.medianTrialSeconds));
    case OpsPerSecond:
        return r.ops ? rateText(*r.ops) : missing();
    case TrialTime:
        return r.byTime ? qs(fmt::fmt_time(r.byTime->center * 1e-9)) : missing();
    case TrialCi:
        if (!r.byTime)
            return missing();
        if (!r.byTime->ci.reached)
            return tr("n/a");
        if (const auto width = r.byTime->relative_width())
            return qs(fmt::py_format(*width, '%', 2));
        return missing();
    case TrialCycles:
        if (r.cycles && r.byTicks)
            return qs(fmt::fmt_int(r.byTicks->center));
        return r.harnessCounter ? tr("n/a") : missing(); // the tooltip says why
    case TrialTicks:
        return !r.cycles && r.byTicks ? ticksText(r, r.byTicks->center) : missing();
    case Trials:
        if (r.trials == 0)
            return missing();
        return r.retried > 0 ? tr("%1 (+%2 retried)").arg(r.trials).arg(r.retried) : QString::number(r.trials);
    case Checks:
        return r.flags.join(QStringLiteral("; "));
    case Measurements:
        return r.measurementsText;
    case BaselineRss:
        return kibText(r.baselineRss);
    case PeakRss:
        return kibText(r.peakRss);
    case HeapPeak:
        return r.memory.heap_peak_bytes ? qs(memory_count_text(static_cast<double>(*r.memory.heap_peak_bytes)))
                                        : missing();
    case HeapAllocations:
        return r.memory.heap_allocations ? qs(memory_count_text(*r.memory.heap_allocations)) : missing();
    case ElfImage:
        return bytesText(r.elf);
    case Stack:
        return bytesText(r.stack);
    case Bandwidth:
        return bytesText(r.bandwidth);
    case Kat:
        switch (r.kat) {
        case KatPassed:
            return tr("passed");
        case KatNoFile:
            return tr("no KAT file");
        case KatNotRun:
            return tr("not run");
        default:
            return r.katReason.isEmpty() ? tr("failed: %1").arg(r.katStatus)
                                         : tr("failed: %1 %2").arg(r.katStatus, r.katReason);
        }
    case Counter:
        if (!r.harnessCounter)
            return QStringLiteral("%1 (%2)").arg(r.counter, r.unit);
        return r.meanCycles ? tr("cycles (harness)") : tr("time only (harness)");
    case Status:
        return r.failed ? tr("failed") : tr("complete");
    case Reason:
        return r.reason;
    }
    return {};
}

QVariant ResultsTableModel::sortKey(const Row &r, int column) const
{
    auto num = [](const std::optional<double> &v) { return v ? QVariant(*v) : QVariant(); };
    switch (column) {
    case DatasetColumn:
        return r.dataset;
    case Instance:
        return r.labelRank;
    case Operation:
        return r.opRank;
    case MeanCycles:
        return r.cycles ? num(r.meanCycles) : QVariant();
    case MeanTicks:
        return r.cycles ? QVariant() : num(r.meanCycles);
    case MeanTime:
        return num(r.meanSeconds);
    case MedianTrial:
        return num(r.medianTrialSeconds);
    case OpsPerSecond:
        return num(r.ops);
    // Trial-level figures sort in the unit they are shown in (seconds), the CI by its relative width.
    case TrialTime:
        return r.byTime ? QVariant(r.byTime->center * 1e-9) : QVariant();
    case TrialCi:
        return r.byTime ? num(r.byTime->relative_width()) : QVariant();
    case TrialCycles:
        return r.cycles && r.byTicks ? QVariant(r.byTicks->center) : QVariant();
    case TrialTicks:
        return !r.cycles && r.byTicks ? QVariant(r.byTicks->center) : QVariant();
    case Trials:
        return r.trials > 0 ? QVariant(r.trials) : QVariant();
    case Measurements:
        return r.measurements > 0 ? QVariant(r.measurements) : QVariant();
    case BaselineRss:
        return num(r.baselineRss);
    case PeakRss:
        return num(r.peakRss);
    case HeapPeak:
        return r.memory.heap_peak_bytes ? QVariant(static_cast<double>(*r.memory.heap_peak_bytes)) : QVariant();
    case HeapAllocations:
        return num(r.memory.heap_allocations);
    case ElfImage:
        return num(r.elf);
    case Stack:
        return num(r.stack);
    case Bandwidth:
        return num(r.bandwidth);
    case Status:
        return r.failed ? 1 : 0;
    case Kat:
        return r.kat;
    default:
        return display(r, column);
    }
}

// What the column's figure is, for its header and its cells: every figure
// names its statistic, so the published method's means are never read as
// kexbench's trial medians or the other way round.
QString ResultsTableModel::columnMeaning(int column) const
{
    switch (column) {
    case MeanCycles:
        return tr("Mean over all timed calls (published method): the counter summed over every timed call, divided "
                  "by the number of calls, in core cycles (a PMU counter or the harness's cycle count).");
    case MeanTicks:
        return tr("Mean over all timed calls (published method): the counter summed over every timed call, divided "
                  "by the number of calls, for counters that do not count core cycles (TSC or timer ticks, see "
                  "Counter). Sorting keeps each unit together.");
    case MeanTime:
        return tr("Mean over all timed calls (published method): total timed wall time divided by the number of "
                  "timed calls.");
    case MedianTrial:
        return tr("Median trial: median of the per-trial means (published method).");
    case OpsPerSecond:
        return tr("Timed calls per second of timed wall time: 1 / the mean over all timed calls (published method).");
    case TrialTime:
        return tr("Median of trial medians (kexbench): each trial is one fresh runner process, its value the median "
                  "of its timed calls. Harness records without samples: the median of trial means.");
    case TrialCi:
        return tr("95 % confidence interval over trials of the median of trial medians (kexbench), as relative "
                  "width (high \u2212 low) / median; distribution-free, so n/a below 6 trials.");
    case TrialCycles:
    case TrialTicks:
        return tr("Median of trial medians of the counter (kexbench): each trial is one fresh runner process. "
                  "Harness records without samples: the median of trial means (each trial's cycle count divided "
                  "by its calls).");
    case HeapPeak:
        return tr("Heap peak, from kexbench's memory pass (an untimed pass of its own runner child): the highest "
                  "level of live requested bytes above the level at the step's start, the largest over the pass's "
                  "exchanges; glibc's rounding up to usable block sizes is not included. As in the report's "
                  "section 5, \"Memory per operation (kexbench)\".");
    case HeapAllocations:
        return tr("Allocations per operation, from kexbench's memory pass: allocating calls per operation, the mean "
                  "over the pass's exchanges. As in the report's section 5, \"Memory per operation (kexbench)\".");
    case Stack:
        return tr("Stack peak, from kexbench's memory pass: the deepest stack use below the step's entry stack "
                  "pointer, to the word, the return address not counted. As in the report's section 5.");
    case Kat:
        return tr("The instance's known-answer test in this dataset (build.json, its KAT log): passed, failed "
                  "(with the log's reason), no KAT file (the check found nothing to compare with) or not run "
                  "(the campaign skipped the KATs).");
    case Trials:
        return tr("Kept trials, kexbench's unit of replication (one fresh runner process each); \"+N retried\": "
                  "disturbed attempts that were run again.");
    case Checks:
        return tr("Consistency checks: timer-limited steps, disturbed trials, dropped tick pairs, and an exchange "
                  "more than 15 % away from the sum of its steps (mean over calls).");
    default:
        return metricTooltip(metricOf(column));
    }
}

QString ResultsTableModel::trialToolTip(const Row &r, int column) const
{
    const bool counts = column == TrialTicks || column == TrialCycles;
    const std::optional<TrialEstimate> &e = counts ? r.byTicks : r.byTime;
    if (!e) {
        if (counts && r.harnessCounter)
            return tr("n/a: the harness recorded no cycle count for some trial (it counted time only), so there "
                      "is no median of trial means in cycles.");
        return tr("No trial values: the record has no samples or trial totals.");
    }
    QString tip = tr("%1 over %n trial(s).", nullptr, static_cast<int>(e->trials())).arg(statisticName(e->statistic));
    if (column == TrialCi) {
        if (!e->ci.reached)
            return tip + QLatin1Char('\n') + qs(ci_unavailable_reason(*e)) + QLatin1Char('\n') +
                   tr("A distribution-free 95 % interval of the median needs at least 6 trials.");
        return tip + QLatin1Char('\n') +
               tr("95 % CI: %1 \u2013 %2")
                   .arg(qs(fmt::fmt_time(e->ci.low * 1e-9)), qs(fmt::fmt_time(e->ci.high * 1e-9)));
    }
    if (counts)
        tip += QLatin1Char('\n') + tr("Unit: %1").arg(r.unit);
    return tip + QLatin1Char('\n') +
           (r.sampled ? tr("From %n per-iteration sample(s).", nullptr, static_cast<int>(r.samples))
                      : tr("Imported harness record: trial totals only."));
}

// The figure's statistic, and for a missing one the memory pass's own reason
// (the report's notes under its section 5 table say the same).
QString ResultsTableModel::memoryToolTip(const Row &r, int column) const
{
    QString tip = columnMeaning(column);
    const OperationMemory &m = r.memory;
    const bool heap = column != Stack;
    const bool present = column == HeapPeak          ? m.heap_peak_bytes.has_value()
                         : column == HeapAllocations ? m.heap_allocations.has_value()
                                                     : m.stack_bytes.has_value();
    if (!present) {
        const std::string &why = heap ? m.heap_reason : m.stack_reason;
        return tip + QLatin1Char('\n') + tr("n/a: %1").arg(why.empty() ? missing() : coreText(why));
    }
    if (heap && m.heap_exchanges)
        tip += QLatin1Char('\n') + tr("Memory pass of %n exchange(s).", nullptr, static_cast<int>(*m.heap_exchanges));
    return tip;
}

QString ResultsTableModel::retriedText(int retried)
{
    return tr("%n disturbed attempt(s) were run again; they stay in the record, outside the statistics.", nullptr,
              retried);
}

QString ResultsTableModel::checksToolTip(const Row &r) const
{
    QStringList lines = r.flags;
    // Built here, not at reset, so the words follow a language switch.
    if (const QStringList reasons = disturbedTrialReasons(*r.record); !reasons.isEmpty())
        lines << tr("Disturbed kept trials:") + QLatin1Char('\n') + reasons.join(QLatin1Char('\n'));
    if (r.stepSum && !r.stepSum->inconsistent)
        lines << tr("Exchange vs sum of its steps, within 15 %: %1").arg(qs(r.stepSum->text()));
    if (r.retried > 0)
        lines << retriedText(r.retried);
    return lines.isEmpty() ? tr("No check flagged this record.") : lines.join(QLatin1Char('\n'));
}

QVariant ResultsTableModel::toolTip(const Row &r, int column) const
{
    QString tip;
    switch (column) {
    case DatasetColumn:
        tip = tr("Dataset %1").arg(r.datasetLabel);
        break;
    case Instance:
        tip = tr("%1 (candidate %2)").arg(r.instance, qs(r.record->candidate));
        if (r.disturbed)
            tip += QLatin1Char('\n') + checksToolTip(r);
        break;
    case Operation:
        tip = tr("Timed operation %1").arg(r.operation);
        break;
    case Status:
    case Reason:
        tip = r.failed ? tr("Incomplete record: %1").arg(r.reason.isEmpty() ? qs(r.record->status) : r.reason)
                       : tr("complete: every trial finished");
        break;
    case Checks:
        tip = checksToolTip(r);
        break;
    case Kat:
        tip = columnMeaning(column) + QLatin1Char('\n') +
              tr("Status: %1").arg(r.katStatus.isEmpty() ? missing() : r.katStatus);
        if (!r.katReason.isEmpty())
            tip += QLatin1Char('\n') + r.katReason;
        if (!r.katLog.isEmpty())
            tip += QLatin1Char('\n') + tr("Log: %1").arg(r.katLog);
        break;
    case HeapPeak:
    case HeapAllocations:
    case Stack:
        tip = memoryToolTip(r, column);
        break;
    case TrialTime:
    case TrialCi:
    case TrialCycles:
    case TrialTicks:
        if ((column == TrialCycles && !r.cycles) || (column == TrialTicks && r.cycles)) {
            tip = columnMeaning(column) + QLatin1Char('\n') +
                  tr("This record counts in %1: see the %2 column.")
                      .arg(r.unit,
                           headerData(column == TrialCycles ? TrialTicks : TrialCycles, Qt::Horizontal).toString());
            break;
        }
        tip = trialToolTip(r, column);
        if (r.failed)
            tip += QLatin1Char('\n') + tr("Incomplete record: %1").arg(r.reason);
        break;
    default: {
        tip = columnMeaning(column);
        if (column == MeanCycles || column == MeanTicks)
            tip += QLatin1Char('\n') + tr("Unit: %1").arg(r.unit);
        if (column == Bandwidth && r.bandwidth) {
            const TransmissionFigures &t = *r.transmission;
            const QString sum = tr("protocol messages %1 + public key A %2 + public key B %3")
                                    .arg(static_cast<qlonglong>(*t.protocol_bytes))
                                    .arg(static_cast<qlonglong>(*t.pk_a))
                                    .arg(static_cast<qlonglong>(*t.pk_b));
            const QString file = r.dataset < accountingFiles_.size() ? accountingFiles_[r.dataset] : QString();
            tip += QLatin1Char('\n') + sum + QLatin1Char('\n') +
                   (t.source == TransmissionFigures::Source::accounting
                        ? tr("From the bandwidth accounting file %1, as in the report's section 6.").arg(file)
                        : tr("API sizes of the instance's exchange record (no accounting entry), as in the report's "
                             "section 6."));
        }
        if (column == Counter && r.harnessCounter)
            tip += QLatin1Char('\n') + tr("Imported harness record: trial totals only.");
        if (column == Trials && r.retried > 0)
            tip += QLatin1Char('\n') + retriedText(r.retried);
        if (r.failed)
            tip += QLatin1Char('\n') + tr("Incomplete record: %1").arg(r.reason);
    }
    }
    return tip;
}

// A mark where the eye starts (Instance) and where the explanation is
// (Checks): amber when the figures are suspect, slate when they need care.
QVariant ResultsTableModel::decoration(const Row &r, int column) const
{
    const bool suspect = r.disturbed || (r.stepSum && r.stepSum->inconsistent);
    if (column == Instance && r.disturbed)
        return warningMark();
    if (column == Checks && suspect)
        return warningMark();
    if (column == Checks && !r.flags.isEmpty())
        return noticeMark();
    return {};
}

QVariant ResultsTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = rows_[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(r, index.column());
    case SortRole:
        return sortKey(r, index.column());
    case Qt::ToolTipRole:
        return toolTip(r, index.column());
    case Qt::DecorationRole:
        return decoration(r, index.column());
    case FailedRole:
        return r.failed;
    case DatasetIndexRole:
        return r.dataset;
    case DisturbedRole:
        return r.disturbed;
    case UnitRole:
        return r.unit;
    case Qt::ForegroundRole:
        if (r.failed || (index.column() == Kat && r.kat == KatFailed))
            return kFailedForeground;
        if (r.disturbed)
            return kDisturbedForeground;
        return {};
    case Qt::BackgroundRole:
        if (r.disturbed)
            return kDisturbedBackground;
        return {};
    case Qt::TextAlignmentRole:
        if (isNumeric(index.column()))
            return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant ResultsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case DatasetColumn:
            return tr("Dataset");
        case Instance:
            return tr("Instance");
        case Operation:
            return tr("Operation");
        case Reason:
            return tr("Reason");
        case Measurements:
            return tr("n (trials \u00d7 iters)");
        case MeanCycles:
            return metricName(Metric::MeanCycles);
        case MeanTicks:
            // The unit when there is one; TSC ticks never pass for cycles.
            if (tickUnits_.size() == 1)
                return tr("Mean %1").arg(coreText(tickUnits_.front()));
            return tr("Mean ticks");
        case MedianTrial:
            return tr("Median trial");
        case TrialTime:
            return tr("kexbench median");
        case TrialCi:
            return tr("95 % CI (trials)");
        case TrialCycles:
            return tr("kexbench median cycles");
        case TrialTicks:
            if (tickUnits_.size() == 1)
                return tr("kexbench median %1").arg(coreText(tickUnits_.front()));
            return tr("kexbench median ticks");
        case Kat:
            return tr("KAT");
        case Trials:
            return tr("Trials");
        case Checks:
            return tr("Checks");
        case ElfImage:
            return tr("%1 (bytes)").arg(metricName(Metric::StaticSize));
        // Named as the report's section 5 names them: each says its statistic.
        case HeapPeak:
            return tr("Heap peak (bytes)");
        case HeapAllocations:
            return tr("Allocations/op (mean)");
        case Stack:
            return tr("Stack peak (bytes)");
        case Bandwidth:
            return tr("%1 (bytes)").arg(metricName(Metric::Bandwidth));
        default:
            return metricName(metricOf(section));
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case DatasetColumn:
            return tr("The dataset (campaign) the record belongs to.");
        case Instance:
            return tr("Instance label, in natural order (ADKEX-128 before ADKEX-1024).");
        case Operation:
            return tr("Timed operation, in the order of the published tables.");
        case Reason:
            return tr("Why the record is incomplete, when it is.");
        case MeanCycles:
        case MeanTicks:
        case TrialCycles:
        case TrialTicks:
            return columnMeaning(section) + QLatin1Char('\n') +
                   tr("Counter units: %1").arg(counterUnits_.isEmpty() ? missing() : counterUnits_);
        default:
            return columnMeaning(section);
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

QString ResultsTableModel::ticksText(const Row &r, double ticks) const
{
    // One number rule for the column (core's cycles format); the unit beside
    // it only when the column holds several, so no count is read in another's unit.
    const QString text = qs(fmt::fmt_int(ticks));
    return tickUnits_.size() > 1 ? text + QLatin1Char(' ') + coreText(r.unit) : text;
}

ReportTable ResultsTableModel::toReportTable(const QVector<int> &rows, const QVector<int> &columns) const
{
    QVector<int> shown = columns;
    if (shown.isEmpty())
        for (int c = 0; c < ColumnCount; ++c)
            shown << c;
    shown.erase(std::remove_if(shown.begin(), shown.end(), [](int c) { return c < 0 || c >= ColumnCount; }),
                shown.end());
    auto isShown = [&](int column) { return shown.contains(column); };

    ReportTable table;
    table.id = "results";
    table.title = tr("Results").toStdString();
    for (int c : shown)
        table.header.push_back(headerData(c, Qt::Horizontal).toString().toStdString());
    std::vector<int> picked;
    if (rows.isEmpty()) {
        for (int r = 0; r < rowCount(); ++r)
            picked.push_back(r);
    } else {
        for (int r : rows)
            if (r >= 0 && r < rowCount())
                picked.push_back(r);
    }
    for (int r : picked) {
        std::vector<std::string> cells;
        for (int c : shown)
            cells.push_back(display(rows_[static_cast<size_t>(r)], c).toString().toStdString());
        table.rows.push_back(std::move(cells));
    }

    // The machine-readable twin (render_csv writes it): plain numbers in base
    // units, the unit in the column name; counts in the column of their own
    // unit, so cycles and TSC ticks never share one (core's mean_cycles,
    // mean_tsc_ticks). Never translated. Each field belongs to a display
    // column and is written when that column is.
    std::vector<std::string> units;
    for (int r : picked)
        add_unit_column_word(units, unit_column_word(rows_[static_cast<size_t>(r)].unit.toStdString()));
    auto unitColumn = [](const std::string &u, int cyclesColumn, int ticksColumn) {
        return u == "cycles" ? cyclesColumn : ticksColumn;
    };
    // (field name, display column it belongs to), in the CSV's order.
    std::vector<std::pair<std::string, int>> fields{
        {"dataset", DatasetColumn}, {"candidate", Instance}, {"instance", Instance}, {"operation", Operation}};
    for (const auto &u : units)
        fields.emplace_back("mean_" + u, unitColumn(u, MeanCycles, MeanTicks));
    fields.insert(fields.end(), {{"mean_seconds", MeanTime},
                                 {"median_trial_seconds", MedianTrial},
                                 {"ops_per_second", OpsPerSecond},
                                 {"trial_median_seconds", TrialTime},
                                 {"trial_ci_low_seconds", TrialCi},
                                 {"trial_ci_high_seconds", TrialCi},
                                 {"trial_ci_relative_width", TrialCi}});
    for (const auto &u : units)
        fields.emplace_back("trial_median_" + u, unitColumn(u, TrialCycles, TrialTicks));
    fields.insert(fields.end(), {{"n_trials", Trials},
                                 {"n_retried_trials", Trials},
                                 {"checks", Checks},
                                 {"n_measurements", Measurements},
                                 {"baseline_rss_bytes", BaselineRss},
                                 {"peak_rss_bytes", PeakRss},
                                 {"heap_peak_bytes", HeapPeak},
                                 {"heap_allocations_per_operation", HeapAllocations},
                                 {"elf_load_bytes", ElfImage},
                                 {"stack_bytes", Stack},
                                 {"bandwidth_bytes", Bandwidth},
                                 {"kat_status", Kat},
                                 {"kat_passed", Kat},
                                 {"kat_reason", Kat},
                                 {"counter", Counter},
                                 {"counter_unit", Counter},
                                 {"status", Status},
                                 {"reason", Reason}});
    for (const auto &[name, column] : fields)
        if (isShown(column))
            table.data_header.push_back(name);

    auto bytes = [](const std::optional<double> &v) { return v ? DataValue(static_cast<int64_t>(*v)) : DataValue(); };
    auto text = [](const QString &s) { return s.isEmpty() ? DataValue() : DataValue(s.toStdString()); };
    for (int index : picked) {
        const Row &r = rows_[static_cast<size_t>(index)];
        const std::string unit = unit_column_word(r.unit.toStdString());
        const bool ci = r.byTime && r.byTime->ci.reached;
        std::vector<DataValue> cells{text(r.datasetLabel), r.record ? DataValue(r.record->candidate) : DataValue(),
                                     text(r.instance), r.record ? DataValue(r.record->operation) : text(r.operation)};
        for (const auto &u : units)
            cells.push_back(u == unit ? data_value(r.meanCycles) : DataValue());
        cells.insert(cells.end(), {data_value(r.meanSeconds), data_value(r.medianTrialSeconds), data_value(r.ops),
                                   r.byTime ? data_value(r.byTime->center * 1e-9) : DataValue(),
                                   ci ? data_value(r.byTime->ci.low * 1e-9) : DataValue(),
                                   ci ? data_value(r.byTime->ci.high * 1e-9) : DataValue(),
                                   r.byTime && ci ? data_value(r.byTime->relative_width()) : DataValue()});
        for (const auto &u : units)
            cells.push_back(u == unit && r.byTicks ? data_value(r.byTicks->center) : DataValue());
        const bool katRun = r.kat == KatPassed || r.kat == KatFailed;
        cells.insert(
            cells.end(),
            {r.trials > 0 ? DataValue(static_cast<int64_t>(r.trials)) : DataValue(), static_cast<int64_t>(r.retried),
             text(r.flags.join(QStringLiteral("; "))),
             r.measurements > 0 ? DataValue(static_cast<int64_t>(r.measurements)) : DataValue(), bytes(r.baselineRss),
             bytes(r.peakRss),
             r.memory.heap_peak_bytes ? DataValue(static_cast<int64_t>(*r.memory.heap_peak_bytes)) : DataValue(),
             data_value(r.memory.heap_allocations), bytes(r.elf), bytes(r.stack), bytes(r.bandwidth), text(r.katStatus),
             katRun ? DataValue(static_cast<int64_t>(r.kat == KatPassed ? 1 : 0)) : DataValue(), text(r.katReason),
             r.harnessCounter ? DataValue() : text(r.counter), DataValue(r.unit.toStdString()),
             std::string(r.failed ? "failed" : "complete"), text(r.reason)});
        std::vector<DataValue> kept;
        for (size_t f = 0; f < fields.size() && f < cells.size(); ++f)
            if (isShown(fields[f].second))
                kept.push_back(std::move(cells[f]));
        table.data_rows.push_back(std::move(kept));
    }
    return table;
}

bool ResultsTableModel::columnIsEmpty(int column) const
{
    if (column < KeyColumnCount || column >= ColumnCount)
        return false;
    const QString none = missing();
    return std::all_of(rows_.begin(), rows_.end(), [&](const Row &r) {
        const QString text = display(r, column).toString();
        return text.isEmpty() || text == none;
    });
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

bool ResultsFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const int column = left.column();
    if (column == ResultsTableModel::MeanTicks || column == ResultsTableModel::TrialTicks) {
        const QVariant a = left.data(sortRole()), b = right.data(sortRole());
        if (a.isValid() && b.isValid()) {
            const QString ua = left.data(ResultsTableModel::UnitRole).toString();
            const QString ub = right.data(ResultsTableModel::UnitRole).toString();
            if (ua != ub)
                return ua < ub;
        }
    }
    return QSortFilterProxyModel::lessThan(left, right);
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
