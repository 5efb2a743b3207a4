// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/comparetablemodel.h"
#include "models/coretext.h"

#include "core/base/format.h"
#include "core/base/i18n.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace kexbench::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const ReportTable *tableWithId(const std::vector<ReportTable> &tables, const char *id)
{
    for (const auto &t : tables)
        if (t.id == id)
            return &t;
    return nullptr;
}

QString cell(const std::vector<std::string> &row, size_t column)
{
    return column < row.size() ? QString::fromStdString(plain_text(row[column])) : QString::fromUtf8(fmt::kMissing);
}

double number(const std::optional<double> &v) { return v ? *v : kNaN; }

bool isFigure(int column)
{
    return column != CompareTableModel::Instance && column != CompareTableModel::Operation &&
           column != CompareTableModel::VerdictColumn && column != CompareTableModel::Notes &&
           column != CompareTableModel::CiA && column != CompareTableModel::CiB && column != CompareTableModel::RatioCi;
}

// An interval's lower end for sorting; NaN when it was not reached (its cell says why).
double intervalLow(const stats::Interval &ci) { return ci.reached ? ci.low : kNaN; }

QString methodText(stats::MannWhitney::Method method)
{
    switch (method) {
    case stats::MannWhitney::Method::exact:
        return CompareTableModel::tr("exact");
    case stats::MannWhitney::Method::normal:
        return CompareTableModel::tr("normal approximation");
    case stats::MannWhitney::Method::none:
        break;
    }
    return CompareTableModel::tr("not run");
}

QString signedRankMethodText(stats::SignedRank::Method method)
{
    switch (method) {
    case stats::SignedRank::Method::exact:
        return CompareTableModel::tr("exact");
    case stats::SignedRank::Method::normal:
        return CompareTableModel::tr("normal approximation");
    case stats::SignedRank::Method::none:
        break;
    }
    return CompareTableModel::tr("not run");
}

QString statisticText(TrialStatistic statistic)
{
    return statistic == TrialStatistic::median_of_trial_medians ? CompareTableModel::tr("median of trial medians")
                                                                : CompareTableModel::tr("median of trial means");
}

} // namespace

CompareTableModel::CompareTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void CompareTableModel::clear()
{
    beginResetModel();
    comparison_.reset();
    rows_.clear();
    notes_.clear();
    oneSided_.clear();
    hasOperationMemory_ = false;
    labelA_.clear();
    labelB_.clear();
    endResetModel();
}

void CompareTableModel::setComparison(std::shared_ptr<const Comparison> comparison, const QString &labelA,
                                      const QString &labelB)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    rows_.clear();
    notes_.clear();
    oneSided_.clear();
    hasOperationMemory_ = false;
    labelA_ = labelA;
    labelB_ = labelB;
    if (comparison_) {
        const Comparison &c = *comparison_;
        if (labelA_.isEmpty())
            labelA_ = QString::fromStdString(c.system_a);
        if (labelB_.isEmpty())
            labelB_ = QString::fromStdString(c.system_b);
        // Core formats every cell; its tables list the rows in c.operations'
        // order (the sample tables only the rows that have that test).
        const std::vector<ReportTable> tables = comparison_tables(c);
        const ReportTable *timings = tableWithId(tables, "compare-timings");
        const ReportTable *byTime = tableWithId(tables, "compare-samples");
        const ReportTable *byCount = tableWithId(tables, "compare-samples-counter");
        const ReportTable *figures = tableWithId(tables, "compare-figures");
        const ReportTable *memory = tableWithId(tables, "compare-operation-memory");
        hasOperationMemory_ = memory != nullptr;
        static const std::vector<std::string> none;
        size_t timeRow = 0, countRow = 0;
        for (size_t i = 0; i < c.operations.size(); ++i) {
            const OperationComparison &op = c.operations[i];
            Row row;
            row.op = &op;
            row.test = op.verdict_test();
            const auto &t = timings && i < timings->rows.size() ? timings->rows[i] : none;
            // The verdict's test: the time samples when both sides have them, else the counts.
            const std::vector<std::string> *s = nullptr;
            if (op.time_test && byTime && timeRow < byTime->rows.size())
                s = &byTime->rows[timeRow];
            else if (!op.time_test && op.count_test && byCount && countRow < byCount->rows.size())
                s = &byCount->rows[countRow];
            if (op.time_test)
                ++timeRow;
            if (op.count_test)
                ++countRow;
            const auto &samples = s ? *s : none;
            // Core's columns: timings: instance, operation, cycles A, cycles B, cycles ratio,
            // time A, time B, time ratio, notes; samples: instance, operation, mean ratio,
            // statistic, median A, CI A, median B, CI B, trials, trial ratio, its CI, p, verdict.
            row.cells.resize(ColumnCount);
            row.cells[Instance] = QString::fromStdString(op.label);
            row.cells[Operation] = QString::fromStdString(op.operation);
            row.cells[CyclesA] = cell(t, 2);
            row.cells[CyclesB] = cell(t, 3);
            row.cells[CyclesRatio] = cell(t, 4);
            row.cells[TimeA] = cell(t, 5);
            row.cells[TimeB] = cell(t, 6);
            row.cells[TimeRatio] = cell(t, 7);
            row.cells[Notes] = cell(t, 8);
            row.cells[MedianA] = cell(samples, 4);
            row.cells[CiA] = cell(samples, 5);
            row.cells[MedianB] = cell(samples, 6);
            row.cells[CiB] = cell(samples, 7);
            row.cells[Trials] = cell(samples, 8);
            row.cells[MedianRatio] = cell(samples, 9);
            row.cells[RatioCi] = cell(samples, 10);
            row.cells[PValue] = cell(samples, 11);
            row.cells[VerdictColumn] = cell(samples, 12);
            // compare-operation-memory lists every row: instance, operation, then A, B,
            // ratio of heap peak, allocations/op and stack peak.
            const auto &m = memory && i < memory->rows.size() ? memory->rows[i] : none;
            for (int column = HeapPeakA; column <= StackRatio; ++column)
                row.cells[column] = memory ? cell(m, static_cast<size_t>(column - HeapPeakA + 2)) : tr("n/a");
            rows_ << row;
        }
        auto addNote = [this](const std::string &note) { // the two sample tables share theirs
            const QString text = QString::fromStdString(plain_text(note));
            if (!notes_.contains(text))
                notes_ << text;
        };
        for (const auto &n : c.notes)
            addNote(n);
        for (const ReportTable *table : {timings, byTime, byCount, memory, figures})
            if (table)
                for (const auto &n : table->notes)
                    addNote(n);
        for (const auto &r : c.one_sided)
            oneSided_ << tr("%1 %2 (only in %3)")
                             .arg(QString::fromStdString(r.label), QString::fromStdString(r.operation),
                                  r.in_a ? labelA_ : labelB_);
    }
    endResetModel();
}

int CompareTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CompareTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CompareTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = rows_[index.row()];
    const OperationComparison &op = *row.op;
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return row.cells.value(column);
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(
            Qt::Alignment(isFigure(column) ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter));
    case CandidateRole:
        return QString::fromStdString(op.candidate);
    case VerdictRole:
        return row.test ? static_cast<int>(row.test->verdict) : -1;
    case Qt::ForegroundRole:
        if (column == VerdictColumn && row.test)
            switch (row.test->verdict) {
            case Verdict::faster:
                return QBrush(QColor(0x1b, 0x7f, 0x3a));
            case Verdict::slower:
                return QBrush(QColor(0xb0, 0x2a, 0x1e));
            case Verdict::equivalent:
                return QBrush(QColor(0x2b, 0x5c, 0x8a));
            default:
                break;
            }
        return {};
    case SortRole:
        switch (column) {
        case CyclesA:
            return number(op.cycles_a);
        case CyclesB:
            return number(op.cycles_b);
        case CyclesRatio:
            return number(op.cycles_ratio);
        case TimeA:
            return number(op.seconds_a);
        case TimeB:
            return number(op.seconds_b);
        case TimeRatio:
            return number(op.time_ratio);
        case MedianA:
            return row.test ? row.test->a.center : kNaN;
        case MedianB:
            return row.test ? row.test->b.center : kNaN;
        case MedianRatio:
            return row.test ? row.test->median_ratio : kNaN;
        case RatioCi:
            return row.test ? intervalLow(row.test->ratio_ci) : kNaN;
        case PValue:
            return row.test ? row.test->p_value() : kNaN; // paired: the signed-rank test's
        case Trials:
            return row.test ? static_cast<double>(std::min(row.test->a.trials(), row.test->b.trials())) : kNaN;
        case CiA:
            return row.test ? intervalLow(row.test->a.ci) : kNaN;
        case CiB:
            return row.test ? intervalLow(row.test->b.ci) : kNaN;
        case HeapPeakA:
            return number(op.heap_peak.a);
        case HeapPeakB:
            return number(op.heap_peak.b);
        case HeapPeakRatio:
            return number(op.heap_peak.ratio);
        case AllocationsA:
            return number(op.allocations.a);
        case AllocationsB:
            return number(op.allocations.b);
        case AllocationsRatio:
            return number(op.allocations.ratio);
        case StackA:
            return number(op.stack.a);
        case StackB:
            return number(op.stack.b);
        case StackRatio:
            return number(op.stack.ratio);
        default:
            return row.cells.value(column);
        }
    case Qt::ToolTipRole:
        switch (column) {
        case Instance:
            return tr("Candidate %1, instance %2").arg(QString::fromStdString(op.candidate), row.cells.value(column));
        case CyclesA:
        case CyclesB: {
            const CounterInfo &counter = column == CyclesA ? op.counter_a : op.counter_b;
            if (counter.name.empty())
                return tr("No cycle counter on this side.");
            return tr("Counter: %1 (%2)")
                .arg(QString::fromStdString(counter.name), QString::fromStdString(counter.unit));
        }
        case CyclesRatio:
            return op.counters_comparable
                       ? tr("%1 / %2: below 1.00× %1 needs fewer cycles.").arg(labelB_, labelA_)
                       : tr("The counters are not comparable (different counters, or tick rates unknown or "
                            "different): no cycles ratio.");
        case TimeRatio:
            return tr("%1 / %2: below 1.00× %1 needs less time.").arg(labelB_, labelA_);
        case MedianA:
        case MedianB:
            return row.test ? QVariant(statisticText(row.test->a.statistic)) : QVariant();
        case PValue:
        case VerdictColumn:
            return row.test ? testToolTip(*row.test) : tr("No significance test: a side has no trial values.");
        case Notes:
            return op.notes.empty() ? QVariant() : QVariant(row.cells.value(column));
        default:
            if (isMemoryColumn(column)) {
                const QString why = memoryToolTip(op, column);
                return why.isEmpty() ? QVariant() : QVariant(why);
            }
            return {};
        }
    default:
        return {};
    }
}

// Why a memory cell is n/a: the side's reason as core stores it (in the comparison's language).
QString CompareTableModel::memoryToolTip(const OperationComparison &op, int column) const
{
    const Language lang = parse_language(comparison_ ? comparison_->options.language : "en").value_or(Language::en);
    auto reason = [&](const OperationMemory &m, bool stack) {
        const std::string &why = stack ? m.stack_reason : m.heap_reason;
        return QString::fromStdString(plain_text(tr_text(lang, why)));
    };
    const int offset = (column - HeapPeakA) % 3; // A, B, ratio
    const bool stack = column >= StackA;
    const QString a = reason(op.memory_a, stack), b = reason(op.memory_b, stack);
    if (offset == 0)
        return a.isEmpty() ? QString() : tr("%1: %2").arg(labelA_, a);
    if (offset == 1)
        return b.isEmpty() ? QString() : tr("%1: %2").arg(labelB_, b);
    QStringList parts;
    if (!a.isEmpty())
        parts << tr("%1: %2").arg(labelA_, a);
    if (!b.isEmpty())
        parts << tr("%1: %2").arg(labelB_, b);
    const MemoryFigure &f = stack ? op.stack : column == HeapPeakRatio ? op.heap_peak : op.allocations;
    if (parts.isEmpty() && !f.ratio)
        parts << tr("%1 has 0 here: no ratio.").arg(labelA_);
    return parts.join(QLatin1Char('\n'));
}

QString CompareTableModel::testToolTip(const SampleTest &test) const
{
    const CompareOptions options = comparison_ ? comparison_->options : CompareOptions{};
    const QString trials = tr("%1 vs %2 trials").arg(test.a.trials()).arg(test.b.trials());
    if (test.verdict == Verdict::too_few_trials && !(test.min_p <= options.alpha))
        return tr("No outcome of %1 can reach p ≤ %2: the smallest possible p is %3. Measure more trials.")
            .arg(trials, QLocale::c().toString(options.alpha, 'g', 3), QLocale::c().toString(test.min_p, 'g', 3));
    if (test.verdict == Verdict::too_few_trials)
        return QString::fromStdString(test.verdict_note);
    // (A count in a variable: lupdate skips a tr() whose count is a static_cast.)
    const int rounds = test.paired ? static_cast<int>(test.paired->rounds) : 0;
    if (test.paired) // two instances of one interleaved campaign, round by round
        return tr("Two-sided Wilcoxon signed-rank test over %n round(s) of %1 ÷ %2 (%3, %4): p = %5.\n"
                  "The verdict reads the ratio's interval against the margin %6: “faster”/“slower” when it lies "
                  "wholly beyond 1 ± Δ, “equivalent” when wholly inside, “inconclusive” when it straddles a bound.",
                  nullptr, rounds)
            .arg(labelB_, labelA_, QString::fromStdString(test.unit), signedRankMethodText(test.paired->test.method))
            .arg(test.paired->test.p_value, 0, 'g', 3)
            .arg(QString::fromStdString(margin_text(options.margin)));
    return tr("Two-sided Mann–Whitney U test over the trial values (%1, %2): p = %3, %4, P(%5 > %6) = %7.\n"
              "The verdict reads the ratio's interval against the margin %8: “faster”/“slower” when it lies wholly "
              "beyond 1 ± Δ, “equivalent” when wholly inside, “inconclusive” when it straddles a bound.")
        .arg(QString::fromStdString(test.unit), methodText(test.test.method))
        .arg(test.test.p_value, 0, 'g', 3)
        .arg(trials, labelA_, labelB_)
        .arg(test.test.effect_size, 0, 'f', 3)
        .arg(QString::fromStdString(margin_text(options.margin)));
}

QVariant CompareTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QString a = labelA_.isEmpty() ? tr("A") : labelA_;
    const QString b = labelB_.isEmpty() ? tr("B") : labelB_;
    const double confidence = comparison_ ? comparison_->options.confidence : CompareOptions{}.confidence;
    const double alpha = comparison_ ? comparison_->options.alpha : CompareOptions{}.alpha;
    const QString conf = QLocale::c().toString(confidence * 100, 'g', 3);
    const QString level = QLocale::c().toString((1 - alpha) * 100, 'g', 3);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Instance:
            return tr("Instance");
        case Operation:
            return tr("Operation");
        case CyclesA:
            return tr("Mean cycles %1").arg(a);
        case CyclesB:
            return tr("Mean cycles %1").arg(b);
        case CyclesRatio:
            return tr("Mean cycles %1 / %2").arg(b, a);
        case TimeA:
            return tr("Mean time %1").arg(a);
        case TimeB:
            return tr("Mean time %1").arg(b);
        case TimeRatio:
            return tr("Mean time %1 / %2").arg(b, a);
        case MedianRatio:
            return comparison_ && comparison_->options.paired ? tr("Round ratio %1 / %2").arg(b, a)
                                                              : tr("Trial ratio %1 / %2").arg(b, a);
        case RatioCi:
            return tr("%1% CI of the ratio").arg(level);
        case Trials:
            return tr("Trials %1 / %2").arg(a, b);
        case MedianA:
            return tr("Median of trials %1").arg(a);
        case CiA:
            return tr("%1% CI %2").arg(conf, a);
        case MedianB:
            return tr("Median of trials %1").arg(b);
        case CiB:
            return tr("%1% CI %2").arg(conf, b);
        case PValue:
            return comparison_ && comparison_->options.paired ? tr("p (Wilcoxon signed-rank, rounds)")
                                                              : tr("p (Mann–Whitney, trials)");
        case VerdictColumn:
            return tr("%1 vs %2 (α = %3, margin %4)")
                .arg(b, a, QLocale::c().toString(alpha, 'g', 3),
                     QString::fromStdString(
                         margin_text(comparison_ ? comparison_->options.margin : CompareOptions{}.margin)));
        case HeapPeakA:
            return tr("Heap peak %1").arg(a);
        case HeapPeakB:
            return tr("Heap peak %1").arg(b);
        case HeapPeakRatio:
            return tr("Heap peak %1 / %2").arg(b, a);
        case AllocationsA:
            return tr("Allocations/op %1").arg(a);
        case AllocationsB:
            return tr("Allocations/op %1").arg(b);
        case AllocationsRatio:
            return tr("Allocations/op %1 / %2").arg(b, a);
        case StackA:
            return tr("Stack peak %1").arg(a);
        case StackB:
            return tr("Stack peak %1").arg(b);
        case StackRatio:
            return tr("Stack peak %1 / %2").arg(b, a);
        case Notes:
            return tr("Notes");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CyclesA:
        case CyclesB:
            return tr("Mean counter value over all timed calls, in the side's own counter unit.");
        case CyclesRatio:
            return tr("Mean cycles of %1 divided by those of %2, the published method (means over all calls); only "
                      "when the counters are comparable.")
                .arg(b, a);
        case TimeA:
        case TimeB:
            return tr("Mean time over all timed calls.");
        case TimeRatio:
            return tr("Mean time of %1 divided by that of %2, the published method (means over all calls).").arg(b, a);
        case MedianRatio:
            return tr("Median of %1's trial values divided by that of %2's: the ratio the verdict is about.").arg(b, a);
        case RatioCi:
            return tr("Interval of the trial ratio at 1 − α, from the pairwise trial ratios: it excludes 1.00× "
                      "exactly when p ≤ α.");
        case Trials:
            return tr("Trials (runner children) on each side: the sample sizes of the test.");
        case MedianA:
        case MedianB:
            return tr("Median of the trial values: each trial's median per-iteration value (kexbench samples) or "
                      "its mean (harness trial totals).");
        case CiA:
        case CiB:
            return tr("Distribution-free confidence interval of the median over trials, from order statistics; "
                      "below 6 trials none exists and the coverage reached is shown instead.");
        case PValue:
            return tr("Two-sided p-value of the Mann–Whitney U test over the trial values.");
        case VerdictColumn:
            return tr("“faster”: the interval of %1 / %2 lies wholly below 1 − Δ; “slower”: wholly above 1 + Δ; "
                      "“equivalent”: wholly inside 1 ± Δ; “inconclusive”: it straddles a bound; “n/a”: too few "
                      "trials to reach α, or no interval.")
                .arg(b, a);
        case HeapPeakA:
        case HeapPeakB:
            return tr("Bytes: the highest level of live requested heap bytes above the level at the step's start, "
                      "largest over the memory pass's exchanges (glibc's rounding not included).");
        case AllocationsA:
        case AllocationsB:
            return tr("Allocating calls per operation, the mean over the memory pass's exchanges.");
        case StackA:
        case StackB:
            return tr("Bytes of stack the operation used below its entry stack pointer, to the word (the return "
                      "address not counted).");
        case HeapPeakRatio:
        case AllocationsRatio:
        case StackRatio:
            return tr("%1 divided by %2; n/a when a side has no figure or %2's is 0.").arg(b, a);
        case Notes:
            return tr("Reasons this row's ratios may mislead.");
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(
            Qt::Alignment(isFigure(section) ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter));
    return {};
}

void CompareTableModel::retranslate()
{
    if (comparison_) // oneSided_ carries translated words
        setComparison(comparison_, labelA_, labelB_);
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

// ------------------------------------------------------------------ figures beside a published page

CompareFiguresModel::CompareFiguresModel(QObject *parent) : QAbstractTableModel(parent) {}

void CompareFiguresModel::setComparison(std::shared_ptr<const Comparison> comparison)
{
    beginResetModel();
    comparison_ = std::move(comparison);
    title_.clear();
    header_.clear();
    notes_.clear();
    rows_.clear();
    if (comparison_ && !comparison_->figures.empty()) {
        const std::vector<ReportTable> tables = comparison_tables(*comparison_);
        if (const ReportTable *t = tableWithId(tables, "compare-figures")) {
            title_ = QString::fromStdString(plain_text(t->title));
            for (const auto &h : t->header)
                header_ << QString::fromStdString(plain_text(h));
            for (const auto &n : t->notes)
                notes_ << QString::fromStdString(plain_text(n));
            for (const auto &row : t->rows) {
                QStringList cells;
                for (size_t i = 0; i < t->header.size(); ++i)
                    cells << cell(row, i);
                rows_ << cells;
            }
        }
    }
    endResetModel();
}

int CompareFiguresModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CompareFiguresModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(header_.size());
}

QVariant CompareFiguresModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role == Qt::DisplayRole)
        return rows_[index.row()].value(index.column());
    if (role == Qt::TextAlignmentRole) // instance, operation, dataset left; figures right
        return QVariant::fromValue(Qt::Alignment(
            (index.column() >= 3 && index.column() <= 5 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    return {};
}

QVariant CompareFiguresModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < header_.size())
        return header_[section];
    return QAbstractTableModel::headerData(section, orientation, role);
}

// ------------------------------------------------------------------ bars

namespace {

// The instance as bars name it: "kex-01 ADKEX-128" only when there are several candidates.
QString instanceName(bool withCandidate, const std::string &candidate, const std::string &label)
{
    const QString name = QString::fromStdString(label);
    return withCandidate ? QString::fromStdString(candidate) + QLatin1Char(' ') + name : name;
}

} // namespace

CompareBars timing_bars(const Comparison &c)
{
    CompareBars bars;
    std::set<std::string> candidates; // labels carry the candidate only when there are several
    for (const auto &op : c.operations)
        candidates.insert(op.candidate);
    bars.time = c.operations.empty() ||
                !std::all_of(c.operations.begin(), c.operations.end(), [](const OperationComparison &op) {
                    return op.counters_comparable && op.cycles_a && op.cycles_b;
                });
    double largest = 0;
    for (const auto &op : c.operations) {
        bars.groups << instanceName(candidates.size() > 1, op.candidate, op.label);
        bars.items << QString::fromStdString(op.operation);
        bars.categories << bars.groups.back() + QLatin1Char(' ') + bars.items.back();
        const double a = number(bars.time ? op.seconds_a : op.cycles_a);
        const double b = number(bars.time ? op.seconds_b : op.cycles_b);
        bars.a << a;
        bars.b << b;
        for (double v : {a, b})
            if (std::isfinite(v))
                largest = std::max(largest, v);
    }
    if (!bars.time) {
        const std::string unit = c.operations.front().counter_a.unit;
        bars.unit =
            coreText(unit.empty() ? std::string("cycles") : unit); // core's unit names, in the window's language
        return bars;
    }
    // Mean time in the unit of the largest value (seconds in the data).
    struct Unit {
        double scale;
        const char *name;
    };
    static const Unit units[] = {{1, "s"}, {1e3, "ms"}, {1e6, "\u00b5s"}, {1e9, "ns"}};
    Unit unit = units[3];
    for (const Unit &u : units)
        if (largest * u.scale >= 1) {
            unit = u;
            break;
        }
    for (auto *values : {&bars.a, &bars.b})
        for (double &v : *values)
            v *= unit.scale;
    bars.unit = QString::fromUtf8(unit.name);
    return bars;
}

CompareBars quantity_bars(const std::vector<QuantityComparison> &rows, const std::vector<std::string> &quantities,
                          bool kib)
{
    CompareBars bars;
    std::set<std::string> candidates;
    for (const auto &q : rows)
        candidates.insert(q.candidate);
    const double scale = kib ? 1.0 / 1024 : 1.0;
    for (const auto &q : rows) {
        if (std::find(quantities.begin(), quantities.end(), q.quantity) == quantities.end())
            continue;
        bars.groups << QString::fromStdString(q.quantity);
        bars.items << instanceName(candidates.size() > 1, q.candidate, q.label);
        bars.categories << bars.items.back() + QLatin1Char(' ') + bars.groups.back();
        bars.a << number(q.a) * scale;
        bars.b << number(q.b) * scale;
    }
    bars.unit = kib ? QStringLiteral("KiB") : QStringLiteral("bytes");
    return bars;
}

} // namespace kexbench::ui
