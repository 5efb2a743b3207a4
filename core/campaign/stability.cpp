// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/stability.h"

#include <algorithm>
#include <cmath>

namespace kexbench {

namespace {

bool has_center(const StabilityRun &run) { return std::isfinite(run.estimate.center); }

double relative_spread(const std::vector<double> &centers)
{
    if (centers.empty())
        return stats::kNaN;
    auto [lo, hi] = std::minmax_element(centers.begin(), centers.end());
    return (*hi - *lo) / stats::median(centers);
}

// Central values of the runs that have one; with `loaded` set, only the runs of that load state.
std::vector<double> centers_of(const std::vector<StabilityRun> &runs, std::optional<bool> loaded = std::nullopt)
{
    std::vector<double> centers;
    for (const StabilityRun &run : runs)
        if (has_center(run) && (!loaded || run.loaded == *loaded))
            centers.push_back(run.estimate.center);
    return centers;
}

// A spread needs two runs to mean anything; one run's "spread" of 0 would look like perfect agreement.
double group_spread(const std::vector<double> &centers)
{
    return centers.size() < 2 ? stats::kNaN : relative_spread(centers);
}

RunCoverage coverage_of(const std::vector<StabilityRun> &runs, std::size_t index)
{
    RunCoverage c;
    const stats::Interval &ci = runs[index].estimate.ci;
    c.has_ci = ci.reached;
    if (!c.has_ci)
        return c; // [min, max] at a lower level is not the 95 % claim being checked
    for (std::size_t other = 0; other < runs.size(); ++other) {
        if (other == index || !has_center(runs[other]))
            continue;
        ++c.others;
        const double center = runs[other].estimate.center;
        if (center >= ci.low && center <= ci.high)
            ++c.covered;
    }
    return c;
}

// Lower is better, so the later run is "faster" when its trial values tend lower
// (compare.cpp's reading of the same test).
ConsecutiveVerdict verdict_between(const StabilityRun &earlier, const StabilityRun &later, std::size_t first,
                                   double alpha, double margin)
{
    ConsecutiveVerdict v;
    v.first = first;
    v.load_changed = earlier.loaded != later.loaded;
    CompareOptions o;
    o.alpha = alpha;
    o.margin = margin;
    const SampleTest t = compare_trial_values(earlier.estimate, later.estimate, "ns", o);
    v.kind = t.verdict;
    v.verdict = t.verdict_note.empty() ? verdict_words(t.verdict, margin, "en") : t.verdict_note;
    v.p_value = t.p_value();
    return v;
}

} // namespace

std::optional<double> StabilitySummary::coverage_fraction() const
{
    if (coverable == 0)
        return std::nullopt;
    return static_cast<double>(covered) / static_cast<double>(coverable);
}

StabilitySummary summarize_stability(const std::vector<StabilityRun> &runs, double alpha, double margin)
{
    StabilitySummary s;
    s.runs = runs.size();
    s.spread = relative_spread(centers_of(runs));
    const std::vector<double> unloaded = centers_of(runs, false), loaded = centers_of(runs, true);
    s.spread_unloaded = group_spread(unloaded);
    s.spread_loaded = group_spread(loaded);
    if (!unloaded.empty() && !loaded.empty())
        s.load_ratio = stats::median(loaded) / stats::median(unloaded);

    for (std::size_t i = 0; i < runs.size(); ++i) {
        s.coverage.push_back(coverage_of(runs, i));
        s.covered += s.coverage.back().covered;
        s.coverable += s.coverage.back().others;
    }
    for (std::size_t i = 0; i + 1 < runs.size(); ++i) {
        s.consecutive.push_back(verdict_between(runs[i], runs[i + 1], i, alpha, margin));
        if (!s.consecutive.back().significant())
            ++s.consecutive_not_called;
    }
    return s;
}

} // namespace kexbench
