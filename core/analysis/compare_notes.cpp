// SPDX-License-Identifier: GPL-3.0-or-later
// The notes of a whole comparison: clocks, counters, tests, probes, consistency, emulation.
#include "core/analysis/compare_internal.h"

#include "core/data/environment_facts.h"
#include "core/analysis/consistency.h"
#include "core/base/format.h"
#include "core/base/text.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace kexbench {

using namespace compare_detail;

namespace {

// ------------------------------------------------------------------ whole-comparison notes

const Record *record_of(const Dataset &ds, const OperationComparison &row)
{
    for (const Record &r : ds.records)
        if (r.label == row.label && r.operation == row.operation)
            return &r;
    return nullptr;
}

// Clock issues over the matched records' environments (the measured state), in first-seen order.
std::vector<std::string> side_clock_issues(const Dataset &ds, const Comparison &c)
{
    std::vector<std::string> issues;
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row))
            for (const auto &issue : clock_issues(r->environment))
                add_unique(issues, issue);
    return issues;
}

// A loop-timed record counts core cycles and seconds over one window, so their
// quotient is the clock the core actually ran at.
std::optional<double> effective_clock_hz(const Record &r)
{
    if (r.timing_scope != "loop" || !counter_of(r).core_cycles || r.trials.empty())
        return std::nullopt;
    double cycles = 0, seconds = 0;
    for (const TrialTotals &t : r.trials) {
        if (!t.cycles)
            return std::nullopt;
        cycles += *t.cycles;
        seconds += t.seconds;
    }
    return seconds > 0 ? std::optional<double>(cycles / seconds) : std::nullopt;
}

// "; its loop-timed trials ran at 2.09 GHz (cycles ÷ seconds)", empty without such records.
std::string effective_clock_text(const Dataset &ds, const Comparison &c)
{
    std::optional<double> low, high;
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row))
            if (const auto hz = effective_clock_hz(*r)) {
                low = std::min(low.value_or(*hz), *hz);
                high = std::max(high.value_or(*hz), *hz);
            }
    if (!low)
        return "";
    const std::string range = ghz(*low) == ghz(*high) ? ghz(*low) : ghz(*low) + " \u2013 " + ghz(*high);
    return trf(lang_of(c.options), "; its loop-timed trials ran at {} (cycles \u00f7 seconds)", {range});
}

void add_clock_note(Comparison &c, const Dataset &ds, const std::string &system)
{
    const Language lang = lang_of(c.options);
    std::vector<std::string> issues = side_clock_issues(ds, c);
    for (auto &issue : issues)
        issue = tr_text(lang, issue);
    if (!issues.empty())
        c.notes.push_back(trf(lang,
                              "{}: the clock was not fixed ({}), so its times depend on the frequency the CPU ran at "
                              "(core-cycle counts much less so){}.",
                              {system, joined(issues, list_sep(lang)), effective_clock_text(ds, c)}));
}

std::optional<double> side_clock_hz(const Dataset &ds, const Comparison &c)
{
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row))
            if (const auto hz = nominal_clock_hz(r->environment))
                return hz;
    return std::nullopt;
}

// Equal core-cycle counts at different clocks are different times: say which ratio means what.
void add_core_clock_note(Comparison &c, const Dataset &a, const Dataset &b)
{
    const bool all_core = !c.operations.empty() &&
                          std::all_of(c.operations.begin(), c.operations.end(),
                                      [](const auto &r) { return r.counter_a.core_cycles && r.counter_b.core_cycles; });
    const auto ha = side_clock_hz(a, c), hb = side_clock_hz(b, c);
    if (!all_core || !ha || !hb || std::fabs(*ha - *hb) <= 1e-3 * std::max(*ha, *hb))
        return;
    c.notes.push_back(trf(lang_of(c.options),
                          "Both sides count core cycles, at different clocks ({} {}, {} {}): the cycles ratio compares "
                          "work per clock cycle, the time ratio also includes the clock difference.",
                          {c.system_a, ghz(*ha), c.system_b, ghz(*hb)}));
}

// What an unpaired interval covers: the campaign level when it is known.
std::string campaign_spread_note(const CompareOptions &o, Language lang)
{
    if (o.campaign_spread > 0)
        return trf(lang,
                   "Each interval also carries this host's campaign-to-campaign spread of {} ({}): two campaigns of "
                   "the same code differ by about that much, which the trials of one campaign cannot show; it was "
                   "measured on this machine, so a campaign from another machine may vary more or less.",
                   {fmt::percent(o.campaign_spread, 2), o.campaign_spread_source});
    return tr(lang, "The intervals cover the trials of each campaign only: this host's campaign-to-campaign spread "
                    "has not been measured (`kexbench-cli bench verdicts` measures it), and two campaigns of the same "
                    "code can differ by more than the trials show.");
}

// Round by round (compare_instances of an interleaved campaign).
std::string paired_test_note(const Comparison &c)
{
    return trf(lang_of(c.options),
               "Paired by round: {} and {} ran in one interleaved campaign, trial k of each in round k, so a slow "
               "phase of the host hits both. Each round gives one ratio of their trial values (median per-iteration "
               "time, else mean time) {} \u00f7 {}; the figure is the Hodges\u2013Lehmann centre of the rounds' log "
               "ratios, its {} % interval the signed-rank interval over rounds (exact up to 50 rounds), the test the "
               "two-sided Wilcoxon signed-rank test, \u03b1 = {}. The verdict reads that interval against a practical "
               "margin of {}: \u201cfaster\u201d/\u201cslower\u201d when it lies wholly beyond the margin, "
               "\u201cequivalent\u201d when it lies wholly inside, \u201cinconclusive\u201d when it straddles a bound; "
               "fewer than 6 rounds cannot reach \u03b1 = 0.05.",
               {c.system_a, c.system_b, c.system_b, c.system_a, fmt::py_format(100 * (1 - c.options.alpha), 'g', 3),
                alpha_text(c.options.alpha), margin_text(c.options.margin)});
}

void add_test_notes(Comparison &c)
{
    const Language lang = lang_of(c.options);
    const auto tested = std::count_if(c.operations.begin(), c.operations.end(),
                                      [](const auto &r) { return r.verdict_test() != nullptr; });
    if (tested == 0) {
        if (!c.operations.empty() && c.figures.empty()) // beside a published page its own note says why
            c.notes.push_back(tr(lang, "No row has trial values on both sides: no significance test."));
        return;
    }
    const std::string alpha = alpha_text(c.options.alpha);
    const std::string level = fmt::py_format(100 * (1 - c.options.alpha), 'g', 3);
    // The one place the test is explained: the sample tables' notes only add what is their own.
    std::string note =
        c.options.paired ? paired_test_note(c)
                         : trf(lang,
                               "Significance: the trial (one fresh runner child process) is the unit of replication, "
                               "so each trial gives "
                               "one value: its median per-iteration time (kexbench samples), else its mean time "
                               "(harness trial totals, "
                               "seconds \u00f7 measurements); counter ticks likewise where both sides' counters are "
                               "comparable. The two "
                               "sides' trial values go into a two-sided Mann\u2013Whitney U test, exact when both "
                               "sides have at most 20 "
                               "trials and no tied values, else the normal approximation with tie and continuity "
                               "correction; \u03b1 = {}. "
                               "The ratio's {} % interval comes from the order statistics of the pairwise trial ratios "
                               "{} \u00f7 {}, ranked "
                               "by the same U distribution, so it excludes 1.00\u00d7 exactly when the test is "
                               "significant. The verdict "
                               "reads that interval against a practical margin of {}: "
                               "\u201cfaster\u201d/\u201cslower\u201d when it lies "
                               "wholly beyond the margin (and the ratio of the medians points the same way), "
                               "\u201cequivalent\u201d when it "
                               "lies wholly inside, \u201cinconclusive\u201d when it straddles a bound. With few "
                               "trials no outcome can "
                               "reach \u03b1 (3 vs 3 trials: p \u2265 0.1), and the row says so instead of a verdict.",
                               {alpha, level, c.system_b, c.system_a, margin_text(c.options.margin)});
    if (tested > 1)
        note += trf(lang,
                    " The {} tests are not corrected for multiplicity: at \u03b1 = {} some rows without a real "
                    "difference beyond the margin can still read faster or slower.",
                    {std::to_string(tested), alpha});
    if (!c.options.paired)
        note += " " + campaign_spread_note(c.options, lang);
    c.notes.push_back(std::move(note));
}

std::string geomean_text(const RatioMean &m, bool trial_level, Language lang)
{
    const char *one = trial_level ? "trial-level time ratio (median of trial values) {} over {} row"
                                  : "mean time ratio (published method) {} over {} row";
    const char *many = trial_level ? "trial-level time ratio (median of trial values) {} over {} rows"
                                   : "mean time ratio (published method) {} over {} rows";
    return trf(lang, m.rows == 1 ? one : many, {ratio_cell(m.value), std::to_string(m.rows)});
}

void add_geomean_note(Comparison &c)
{
    const Language lang = lang_of(c.options);
    std::vector<std::string> parts;
    if (c.trial_time_ratio.value)
        parts.push_back(geomean_text(c.trial_time_ratio, true, lang));
    if (c.mean_time_ratio.value)
        parts.push_back(geomean_text(c.mean_time_ratio, false, lang));
    if (!parts.empty())
        c.notes.push_back(trf(lang, "Geometric mean of the ratios {} / {}: {}.",
                              {c.system_b, c.system_a, joined(parts, list_sep(lang))}));
}

void add_probe_note(Comparison &c)
{
    if (!c.probe)
        return;
    const Language lang = lang_of(c.options);
    const ProbeSpeed &p = *c.probe;
    const double percent = (p.ratio - 1) * 100;
    const std::string figures =
        trf(lang,
            "median probe {} against {}, {}; the probe is a fixed reference kernel timed in "
            "every runner child, so it measures the machines, not the code",
            {fmt::fmt_time(p.median_ns_b * 1e-9), fmt::fmt_time(p.median_ns_a * 1e-9), ratio_cell(p.ratio)});
    if (std::fabs(percent) < 0.5)
        c.notes.push_back(
            trf(lang, "{} ran at the same speed per probe as {} ({}).", {c.system_b, c.system_a, figures}));
    else
        c.notes.push_back(trf(lang,
                              percent > 0 ? "{} ran {} % slower per probe than {} ({})."
                                          : "{} ran {} % faster per probe than {} ({}).",
                              {c.system_b, fmt::py_format(std::fabs(percent), 'f', 0), c.system_a, figures}));
}

void add_step_note(Comparison &c)
{
    const bool steps = std::any_of(c.operations.begin(), c.operations.end(),
                                   [](const auto &r) { return r.timing_scope == "per_call_step"; });
    if (steps)
        c.notes.push_back(tr(lang_of(c.options),
                             "Single steps (timing scope per_call_step) include the timer's own start/stop cost in "
                             "every call, which can differ between systems: ratios of very cheap steps mostly "
                             "compare those costs."));
}

// The same checks the report and the Results page show, per side.
void add_consistency_notes(Comparison &c, const Dataset &ds, const std::string &system)
{
    const Language lang = lang_of(c.options);
    for (const StepSumCheck &check : exchange_vs_steps(ds.records))
        if (check.inconsistent && (c.options.candidate.empty() || check.candidate == c.options.candidate))
            c.notes.push_back(lang == Language::en ? system + ": " + code(check.label) + " " + check.text() + "."
                                                   : system + "\uff1a" + code(check.label) + " " +
                                                         tr_text(lang, check.text()) + "\u3002");
    for (const auto &w : measured_host_warnings(ds))
        c.notes.push_back(trf(lang, "{} measured host load: {}.", {system, tr_text(lang, w)}));
}

// An emulated side's timings measure the emulator on its host, so a ratio against it says nothing of hardware.
void add_emulation_note(Comparison &c, const Dataset &ds, const std::string &system)
{
    const RunnerHostInfo &host = ds.runner_host;
    if (host.emulated())
        c.notes.push_back(
            trf(lang_of(c.options), "{} was {}; its ratios compare an emulator, not two machines.",
                {system,
                 tr_text(lang_of(c.options), emulation_warning(host.where.empty() ? "an emulator" : host.where,
                                                               host.machine.empty() ? "the target" : host.machine))}));
}

// campaign.json kexbench.probe.median_ns, when it is a positive number.
std::optional<double> probe_median_ns(const Dataset &ds)
{
    if (!ds.campaign || !ds.campaign->raw.is_object())
        return std::nullopt;
    const Json &raw = ds.campaign->raw;
    const auto kexbench = raw.find("kexbench");
    if (kexbench == raw.end() || !kexbench->is_object())
        return std::nullopt;
    const auto probe = kexbench->find("probe");
    if (probe == kexbench->end() || !probe->is_object())
        return std::nullopt;
    const auto median = probe->find("median_ns");
    if (median == probe->end() || !median->is_number())
        return std::nullopt;
    const double ns = median->get<double>();
    return ns > 0 && std::isfinite(ns) ? std::optional<double>(ns) : std::nullopt;
}

} // namespace

namespace compare_detail {

void add_notes(Comparison &c, const Dataset &a, const Dataset &b)
{
    const Language lang = lang_of(c.options);
    c.notes.push_back(trf(lang,
                          "Ratios are B / A = {} / {}: below 1.00\u00d7 {} needs fewer cycles or less time than {}.",
                          {c.system_b, c.system_a, c.system_b, c.system_a}));
    add_emulation_note(c, a, c.system_a);
    add_emulation_note(c, b, c.system_b);
    if (!c.options.candidate.empty())
        c.notes.push_back(trf(lang, "Only candidate {} is compared.", {code(c.options.candidate)}));
    if (c.operations.empty())
        c.notes.push_back(tr(lang, "No instance \u00d7 operation is present on both sides."));
    add_published_page_note(c);
    add_core_clock_note(c, a, b);
    add_clock_note(c, a, c.system_a);
    add_clock_note(c, b, c.system_b);
    add_probe_note(c);
    add_geomean_note(c);
    add_test_notes(c);
    add_step_note(c);
    add_consistency_notes(c, a, c.system_a);
    add_consistency_notes(c, b, c.system_b);
}

std::optional<ProbeSpeed> probe_speed(const Dataset &a, const Dataset &b)
{
    const auto pa = probe_median_ns(a), pb = probe_median_ns(b);
    if (!pa || !pb)
        return std::nullopt;
    return ProbeSpeed{*pa, *pb, *pb / *pa};
}

void summarize_ratios(Comparison &c)
{
    std::vector<double> trial, mean;
    for (const auto &row : c.operations) {
        if (row.time_test && std::isfinite(row.time_test->median_ratio))
            trial.push_back(row.time_test->median_ratio);
        if (row.time_ratio)
            mean.push_back(*row.time_ratio);
    }
    c.trial_time_ratio = geometric_mean(trial);
    c.mean_time_ratio = geometric_mean(mean);
}

// The sides' names, as every header, cell and note of the comparison gives them.
Labels display_labels(const Dataset &a, const Dataset &b, const CompareOptions &o)
{
    const Language lang = lang_of(o);
    const std::string page = paren_text(lang, tr(lang, kPublishedPageKind)); // said in every header and note
    auto label = [&](const Dataset &ds, const std::string &given, const char *fallback) {
        std::string l = !given.empty() ? given : (ds.system_label.empty() ? std::string(fallback) : ds.system_label);
        if (ds.kind == kPublishedPageKind && l.find(page) == std::string::npos)
            l += page;
        return l;
    };
    const std::string la = label(a, o.label_a, "A"), lb = label(b, o.label_b, "B");
    if (la != lb)
        return {la, lb, lang};
    return {la + " (A)", lb + " (B)", lang};
}

// Harness data: records without kexbench's per-iteration samples (the harness
// driver's trial totals), or a published page of harness figures.
bool harness_side(const Dataset &ds, const Comparison &c)
{
    if (ds.kind == kPublishedPageKind)
        return true;
    bool any = false;
    for (const auto &row : c.operations)
        if (const Record *r = record_of(ds, row)) {
            if (r->kexbench)
                return false;
            any = true;
        }
    return any;
}

} // namespace compare_detail

} // namespace kexbench
