// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/trial_stats.h"

#include "core/base/format.h"

#include <cmath>

namespace kexbench {

const char *trial_statistic_name(TrialStatistic s)
{
    return s == TrialStatistic::median_of_trial_medians ? "median of trial medians" : "median of trial means";
}

std::optional<double> TrialEstimate::relative_width() const
{
    if (!ci.reached || !(center > 0))
        return std::nullopt;
    return stats::relative_ci_width(ci, center);
}

std::vector<double> trial_medians(const RecordSamples &samples, TrialQuantity quantity)
{
    const std::vector<uint64_t> &all = quantity == TrialQuantity::ticks ? samples.ticks : samples.ns;
    std::vector<double> medians;
    if (all.empty())
        return medians;
    std::vector<uint64_t> sizes = samples.trial_sizes;
    uint64_t total = 0;
    for (uint64_t s : sizes)
        total += s;
    if (sizes.empty() || total != all.size())
        sizes = {all.size()};
    size_t at = 0;
    for (uint64_t size : sizes) {
        if (size == 0)
            continue;
        std::vector<double> one(all.begin() + static_cast<std::ptrdiff_t>(at),
                                all.begin() + static_cast<std::ptrdiff_t>(at + size));
        medians.push_back(stats::median(one));
        at += size;
    }
    return medians;
}

TrialEstimate estimate_over_trials(std::vector<double> values, TrialStatistic statistic, TrialQuantity quantity,
                                   double confidence)
{
    TrialEstimate e;
    e.statistic = statistic;
    e.quantity = quantity;
    e.values = std::move(values);
    e.center = stats::median(e.values);
    e.ci = stats::median_ci(e.values, confidence);
    return e;
}

std::optional<TrialEstimate> trial_estimate(const Record &record, TrialQuantity quantity, double confidence)
{
    if (record.kexbench) {
        std::vector<double> medians = trial_medians(*record.kexbench, quantity);
        if (!medians.empty())
            return estimate_over_trials(std::move(medians), TrialStatistic::median_of_trial_medians, quantity,
                                        confidence);
    }
    if (quantity != TrialQuantity::time_ns)
        return std::nullopt; // harness tick totals are in the driver's unit; times are comparable, counts need care
    std::vector<double> means;
    for (const TrialTotals &t : record.trials)
        if (t.measurements > 0)
            means.push_back(t.seconds / static_cast<double>(t.measurements) * 1e9);
    if (means.empty())
        return std::nullopt;
    return estimate_over_trials(std::move(means), TrialStatistic::median_of_trial_means, quantity, confidence);
}

std::optional<TrialEstimate> harness_count_estimate(const Record &record, double confidence)
{
    if (record.kexbench)
        return std::nullopt; // its counter figure comes from its per-iteration samples
    std::vector<double> means;
    for (const TrialTotals &t : record.trials) {
        if (t.measurements == 0)
            continue; // no call to divide by, as for the trial times
        if (!t.cycles)
            return std::nullopt; // one trial without a count: a median of the others would hide it
        means.push_back(t.mean_count_per_call());
    }
    if (means.empty())
        return std::nullopt;
    return estimate_over_trials(std::move(means), TrialStatistic::median_of_trial_means, TrialQuantity::ticks,
                                confidence);
}

std::string ci_unavailable_reason(const TrialEstimate &e)
{
    if (e.values.empty())
        return "n/a: no trials";
    if (e.values.size() == 1)
        return "n/a: 1 trial";
    return "n/a: " + std::to_string(e.values.size()) + " trials reach " +
           fmt::py_format(100 * e.ci.confidence, 'f', 1) + " % only";
}

} // namespace kexbench
