// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/ctresultsmodel.h"
#include "models/coretext.h"

#include "core/analysis/ct.h"
#include "core/base/discovery.h"
#include "core/data/record.h"

#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <utility>

namespace kexbench::ui {

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

const QColor kLeakForeground(0xc0, 0x39, 0x2b);      // the Results page's failed red
const QColor kNoVerdictForeground(0x5d, 0x6d, 0x7e); // slate: nothing was decided
constexpr int kHistogramBins = 60;

// The value at quantile q of sorted values (nearest rank below, as core's crops take it).
double quantileOfSorted(const std::vector<double> &sorted, double q)
{
    const auto i = static_cast<size_t>(q * static_cast<double>(sorted.size() - 1));
    return sorted[std::min(i, sorted.size() - 1)];
}

// ECDF steps of sorted values up to `high`: (x, fraction of all values <= x),
// starting at 0 and thinned to about maxPoints steps (the last one kept, so
// the curve reaches the edge of the view at its true height).
void fillEcdf(const std::vector<double> &sorted, double high, int maxPoints, CtClassSeries &out)
{
    std::vector<std::pair<double, double>> steps;
    const double n = static_cast<double>(sorted.size());
    for (size_t i = 0; i < sorted.size() && sorted[i] <= high; ++i)
        if (i + 1 == sorted.size() || sorted[i + 1] != sorted[i])
            steps.emplace_back(sorted[i], static_cast<double>(i + 1) / n);
    if (steps.empty())
        return;
    const size_t stride = std::max<size_t>(1, (steps.size() + maxPoints - 1) / static_cast<size_t>(maxPoints));
    out.ecdfX << steps.front().first;
    out.ecdfY << 0.0;
    for (size_t i = 0; i < steps.size(); i += stride) {
        out.ecdfX << steps[i].first;
        out.ecdfY << steps[i].second;
    }
    if ((steps.size() - 1) % stride != 0) {
        out.ecdfX << steps.back().first;
        out.ecdfY << steps.back().second;
    }
    out.ecdfX << high; // flat to the edge of the view
    out.ecdfY << steps.back().second;
}

// Bins of `width` counter units from low - 0.5 (counts are integers: a bin
// holds whole values), density as the fraction of the class per unit.
void fillHistogram(const std::vector<double> &sorted, double low, double width, int bins, CtClassSeries &out)
{
    std::vector<uint64_t> counts(static_cast<size_t>(bins), 0);
    const double origin = low - 0.5;
    for (double v : sorted) {
        const auto b = static_cast<long long>(std::floor((v - origin) / width));
        if (b >= 0 && b < bins)
            ++counts[static_cast<size_t>(b)];
    }
    const double scale = sorted.empty() ? 0.0 : 1.0 / (static_cast<double>(sorted.size()) * width);
    for (int b = 0; b < bins; ++b) {
        out.binCenter << origin + (b + 0.5) * width;
        out.density << static_cast<double>(counts[static_cast<size_t>(b)]) * scale;
    }
}

QString fixedText(double v, int digits) { return QLocale().toString(v, 'f', digits); }

} // namespace

QString ctSourceFolder(const QString &picked)
{
    if (picked.isEmpty())
        return QString();
    const QFileInfo info(picked);
    if (QFileInfo(QDir(picked).filePath(QStringLiteral("ct"))).isDir())
        return QDir::cleanPath(info.absoluteFilePath());
    if (info.isDir() && info.fileName() == QLatin1String("ct"))
        return QDir::cleanPath(info.absolutePath());
    return QString();
}

CtPlotData computeCtPlot(const CtRecord &record, double cutQuantile, int maxEcdfPoints)
{
    CtPlotData plot;
    plot.cutQuantile = cutQuantile;
    const size_t n = std::min(record.ticks.size(), record.classes.size());
    const size_t first = n > kCtCalibrationMeasurements ? kCtCalibrationMeasurements : 0;
    plot.calibrationLeftOut = first > 0;
    std::vector<double> fixed, random, pooled;
    for (size_t i = first; i < n; ++i) {
        const auto v = static_cast<double>(record.ticks[i]);
        (record.classes[i] ? random : fixed).push_back(v);
        pooled.push_back(v);
    }
    if (pooled.empty())
        return plot;
    std::sort(fixed.begin(), fixed.end());
    std::sort(random.begin(), random.end());
    std::sort(pooled.begin(), pooled.end());
    plot.viewLow = pooled.front();
    plot.viewHigh = quantileOfSorted(pooled, cutQuantile);
    const double span = plot.viewHigh - plot.viewLow + 1;
    plot.binWidth = std::max(1.0, std::ceil(span / kHistogramBins));
    const int bins = static_cast<int>(std::ceil(span / plot.binWidth));
    for (auto [values, series] : {std::pair{&fixed, &plot.fixed}, std::pair{&random, &plot.random}}) {
        series->count = values->size();
        series->beyond =
            static_cast<uint64_t>(values->end() - std::upper_bound(values->begin(), values->end(), plot.viewHigh));
        fillEcdf(*values, plot.viewHigh, maxEcdfPoints, *series);
        fillHistogram(*values, plot.viewLow, plot.binWidth, bins, *series);
    }
    return plot;
}

// The model -------------------------------------------------------------------

CtResultsModel::CtResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

CtResultsModel::~CtResultsModel() = default;

namespace {

CtResultsModel::Row rowOf(int source, const QString &label, CtRecord record)
{
    CtResultsModel::Row row;
    row.source = source;
    row.sourceLabel = label;
    const std::optional<CtBattery> battery = ct_battery_of(record);
    row.verdict = ct_verdict(battery);
    if (battery) {
        if (const CtCrop *strongest = battery->strongest()) {
            row.maxAbsT = battery->max_abs_t();
            row.cropPercentile = strongest->percentile;
            row.cropThreshold = strongest->threshold;
        }
        const WelchTest &all = battery->crops().front().test;
        row.fixed = all.count(CtClass::Fixed);
        row.random = all.count(CtClass::Random);
    }
    row.plot = computeCtPlot(record);
    row.record = std::make_shared<const CtRecord>(std::move(record));
    return row;
}

} // namespace

std::shared_ptr<CtResultsModel::Prepared> CtResultsModel::prepare(std::vector<CtSource> sources)
{
    auto prepared = std::make_shared<Prepared>();
    for (size_t s = 0; s < sources.size(); ++s) {
        std::vector<std::string> problems;
        std::vector<CtRecord> records = read_ct_records(sources[s].folder.toStdString(), &problems);
        for (CtRecord &r : records)
            prepared->rows.push_back(rowOf(static_cast<int>(s), sources[s].label, std::move(r)));
        for (const std::string &p : problems)
            prepared->problems << qs(p);
    }
    // Instance, operation, then source: one operation's systems stay together.
    std::stable_sort(prepared->rows.begin(), prepared->rows.end(), [](const Row &a, const Row &b) {
        if (a.record->instance != b.record->instance)
            return natural_less(a.record->instance, b.record->instance);
        const int ra = operation_rank(a.record->operation), rb = operation_rank(b.record->operation);
        if (ra != rb)
            return ra < rb;
        return a.source < b.source;
    });
    return prepared;
}

void CtResultsModel::apply(std::shared_ptr<Prepared> prepared)
{
    beginResetModel();
    rows_ = prepared ? std::move(prepared->rows) : std::vector<Row>{};
    problems_ = prepared ? prepared->problems : QStringList{};
    endResetModel();
}

int CtResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CtResultsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

const CtResultsModel::Row *CtResultsModel::row(int r) const
{
    return r >= 0 && static_cast<size_t>(r) < rows_.size() ? &rows_[static_cast<size_t>(r)] : nullptr;
}

QString CtResultsModel::rowKey(int r) const
{
    const Row *row = this->row(r);
    if (!row)
        return QString();
    return QStringList{row->sourceLabel, qs(row->record->source_path), qs(row->record->instance),
                       qs(row->record->operation)}
        .join(QChar(0x1f));
}

int CtResultsModel::rowOfKey(const QString &key) const
{
    for (int r = 0; r < rowCount(); ++r)
        if (rowKey(r) == key)
            return r;
    return -1;
}

QString CtResultsModel::verdictText(CtVerdict verdict) { return qs(ct_verdict_text(verdict, coreLanguage())); }

QString CtResultsModel::cropText(const std::optional<double> &percentile)
{
    if (!percentile)
        return tr("uncropped");
    return tr("below p%1").arg(fixedText(*percentile * 100, 1));
}

QString CtResultsModel::hostText(const std::string &host) { return host == "this host" ? tr("this host") : qs(host); }

QVariant CtResultsModel::display(const Row &row, int column) const
{
    const CtRecord &r = *row.record;
    switch (column) {
    case DatasetColumn:
        return row.sourceLabel;
    case Instance:
        return qs(r.instance);
    case Operation:
        return qs(r.operation);
    case Machine:
        return r.machine.empty() ? tr("unknown") : qs(r.machine);
    case MaxAbsT:
        return row.maxAbsT ? fixedText(*row.maxAbsT, 2) : tr("n/a");
    case Crop:
        return row.maxAbsT ? cropText(row.cropPercentile) : tr("n/a");
    case FixedCount:
        return QLocale().toString(static_cast<qulonglong>(row.fixed));
    case RandomCount:
        return QLocale().toString(static_cast<qulonglong>(row.random));
    case Seconds:
        return fixedText(r.elapsed_s, 1);
    case Verdict:
        return verdictText(row.verdict);
    case Counter:
        return r.counter_unit.empty() || r.counter_unit == r.counter
                   ? qs(r.counter)
                   : QStringLiteral("%1 (%2)").arg(qs(r.counter), qs(r.counter_unit));
    default:
        return {};
    }
}

QVariant CtResultsModel::sortKey(const Row &row, int column) const
{
    switch (column) {
    case MaxAbsT:
        return row.maxAbsT ? QVariant(*row.maxAbsT) : QVariant();
    case Crop:
        return row.cropPercentile ? QVariant(*row.cropPercentile) : QVariant(0.0);
    case FixedCount:
        return static_cast<qulonglong>(row.fixed);
    case RandomCount:
        return static_cast<qulonglong>(row.random);
    case Seconds:
        return row.record->elapsed_s;
    case Operation:
        return operation_rank(row.record->operation);
    case Verdict:
        return qs(ct_verdict_word(row.verdict));
    default:
        return display(row, column);
    }
}

QVariant CtResultsModel::toolTip(const Row &row, int column) const
{
    const CtRecord &r = *row.record;
    switch (column) {
    case DatasetColumn:
        return QDir::toNativeSeparators(qs(r.source_path));
    case Machine:
        return tr("Library %1 (%2), run on %3").arg(qs(r.library), qs(r.machine), hostText(r.host));
    case MaxAbsT:
        return tr("The largest |t| of Welch's t-test (fixed against random) over the uncropped test and its "
                  "10 crops; above %1 the check reports a leak.")
            .arg(fixedText(kCtLeakThreshold, 1));
    case Crop:
        if (!row.maxAbsT)
            return tr("No test had a t value: too few measurements, or none varied.");
        if (!row.cropPercentile)
            return tr("The largest |t| came from all measurements.");
        return tr("The largest |t| came from the measurements at or below %1 %2 (the calibration "
                  "measurements' p%3).")
            .arg(QLocale().toString(row.cropThreshold, 'f', 0), qs(r.counter_unit),
                 fixedText(*row.cropPercentile * 100, 1));
    case FixedCount:
    case RandomCount:
        return tr("Measurements of the class in the uncropped test; the first %1 measurements set the crops "
                  "and are left out.")
            .arg(kCtCalibrationMeasurements);
    case Seconds:
        if (r.stop == "leak")
            return tr("Stopped early: |t| passed %1 with enough measurements per class.")
                .arg(fixedText(kCtLeakThreshold, 1));
        if (r.stop == "budget")
            return tr("Stopped when its budget of %1 s was spent.").arg(fixedText(r.budget_s, 1));
        return tr("Stopped: %1").arg(qs(r.stop));
    case Verdict:
        if (row.verdict == CtVerdict::leak)
            return tr("|t| > %1: the time depends on the inputs. Both classes change secrets and public values, "
                      "so the step may depend on public values only.")
                .arg(fixedText(kCtLeakThreshold, 1));
        if (row.verdict == CtVerdict::no_leak_detected)
            return tr("|t| stayed at or below %1. This does not prove the step constant-time: a longer run or "
                      "another system may still find a dependence.")
                .arg(fixedText(kCtLeakThreshold, 1));
        return tr("Too few measurements to test (at least %1 are needed to calibrate).")
            .arg(kCtCalibrationMeasurements + 1);
    case Counter:
        return tr("Counter %1, unit %2, started %3").arg(qs(r.counter), qs(r.counter_unit), qs(r.started_utc));
    default:
        return {};
    }
}

QVariant CtResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = rows_[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case SortRole:
        return sortKey(row, column);
    case VerdictRole:
        return qs(ct_verdict_word(row.verdict));
    case SourceIndexRole:
        return row.source;
    case PathRole:
        return qs(row.record->source_path);
    case Qt::TextAlignmentRole:
        if (column == MaxAbsT || column == FixedCount || column == RandomCount || column == Seconds)
            return QVariant::fromValue<Qt::Alignment>(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if (column != Verdict && column != MaxAbsT)
            return {};
        if (row.verdict == CtVerdict::leak)
            return kLeakForeground;
        if (row.verdict == CtVerdict::not_available)
            return kNoVerdictForeground;
        return {};
    case Qt::FontRole:
        if (column == Verdict && row.verdict == CtVerdict::leak) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QString CtResultsModel::columnMeaning(int column) const
{
    switch (column) {
    case DatasetColumn:
        return tr("The dataset (system) or folder the check's record is in.");
    case Instance:
        return tr("The instance checked.");
    case Operation:
        return tr("The operation timed.");
    case Machine:
        return tr("The ELF machine of the library: a leak may show on one system only.");
    case MaxAbsT:
        return tr("The largest |t| over the uncropped test and its crops; a leak above %1.")
            .arg(fixedText(kCtLeakThreshold, 1));
    case Crop:
        return tr("The test the largest |t| came from: all measurements, or those below a percentile.");
    case FixedCount:
        return tr("Measurements with the fixed inputs (every exchange from one seed).");
    case RandomCount:
        return tr("Measurements with random inputs (a fresh seed for each exchange).");
    case Seconds:
        return tr("How long the check ran.");
    case Verdict:
        return tr("leak, no leak detected, or n/a when there were too few measurements.");
    case Counter:
        return tr("The counter that timed the operation.");
    default:
        return {};
    }
}

QVariant CtResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole)
        return columnMeaning(section);
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case DatasetColumn:
        return tr("Dataset");
    case Instance:
        return tr("Instance");
    case Operation:
        return tr("Operation");
    case Machine:
        return tr("Machine");
    case MaxAbsT:
        return tr("max |t|");
    case Crop:
        return tr("Crop");
    case FixedCount:
        return tr("Fixed");
    case RandomCount:
        return tr("Random");
    case Seconds:
        return tr("Seconds");
    case Verdict:
        return tr("Verdict");
    case Counter:
        return tr("Counter");
    default:
        return {};
    }
}

void CtResultsModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!rows_.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace kexbench::ui
