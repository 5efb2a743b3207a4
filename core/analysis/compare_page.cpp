// SPDX-License-Identifier: GPL-3.0-or-later
// A published page beside a campaign: its figures, no verdict.
#include "core/analysis/compare_internal.h"

#include "core/base/format.h"
#include "core/base/text.h"

#include <algorithm>

namespace kexbench {

using namespace compare_detail;

namespace {

// ------------------------------------------------------------------ a published page

bool is_page(const Dataset &ds) { return ds.kind == kPublishedPageKind && ds.page; }

const PublishedTiming *timing_of(const Dataset &ds, const Record &r)
{
    if (!is_page(ds))
        return nullptr;
    for (const auto &t : ds.page->timings)
        if (t.label == r.label && t.operation == r.operation)
            return &t;
    return nullptr;
}

PublishedSideFigures side_figures(const Dataset &ds, const Record &r, bool in_a, Language lang)
{
    PublishedSideFigures f;
    f.candidate = r.candidate;
    f.label = r.label;
    f.operation = r.operation;
    f.in_a = in_a;
    f.cycles = r.mean_cycles;
    f.seconds = r.mean_seconds;
    f.ops_per_second = r.operations_per_second;
    if (!f.ops_per_second && r.mean_seconds && *r.mean_seconds > 0)
        f.ops_per_second = 1.0 / *r.mean_seconds;
    if (const PublishedTiming *t = timing_of(ds, r)) {
        f.published = true;
        std::vector<std::string> precision;
        f.cycles_text = t->mean_cycles ? t->mean_cycles->text : fmt::kMissing;
        f.seconds_text = t->mean_seconds ? t->mean_seconds->text : fmt::kMissing;
        f.ops_text = t->ops_per_second ? t->ops_per_second->text : fmt::kMissing;
        if (t->mean_cycles)
            precision.push_back(published_precision_text(*t->mean_cycles, tr(lang, "cycles")));
        if (t->mean_seconds)
            precision.push_back(published_time_precision_text(*t->mean_seconds));
        if (t->ops_per_second)
            precision.push_back(published_precision_text(*t->ops_per_second, tr(lang, "ops/s")));
        f.precision = joined(precision, list_sep(lang));
        f.trials = t->trials > 0 ? trf(lang, "{} \u00d7 {} (no trial values)",
                                       {std::to_string(t->trials), std::to_string(t->iterations_per_trial)})
                                 : tr(lang, "no trial values");
    } else {
        f.cycles_text = fmt::fmt_int(f.cycles);
        f.seconds_text = fmt::fmt_time(f.seconds);
        f.ops_text = f.ops_per_second ? fmt::fmt_ops(*f.ops_per_second) : std::string(fmt::kMissing);
        f.precision = fmt::kMissing;
        f.trials = trf(lang, r.trials.size() == 1 ? "{} trial" : "{} trials", {std::to_string(r.trials.size())});
    }
    return f;
}

} // namespace

namespace compare_detail {

// Every instance x operation of both sides with its figures; no verdict: the page has no trials.
void add_published_page_figures(Comparison &c, const Dataset &a, const Dataset &b)
{
    if (!is_page(a) && !is_page(b))
        return;
    const Language lang = lang_of(c.options);
    for (const auto *side : {&a, &b})
        for (const Record &r : side->records)
            if (c.options.candidate.empty() || r.candidate == c.options.candidate || is_page(*side))
                c.figures.push_back(side_figures(*side, r, side == &a, lang));
    const std::string who =
        is_page(a) && is_page(b) ? and_text(lang, c.system_a, c.system_b) : (is_page(a) ? c.system_a : c.system_b);
    const std::string verdict = trf(lang, "no verdict: {} has no trials", {who});
    for (OperationComparison &row : c.operations) {
        auto &notes = row.notes;
        notes.erase(std::remove(notes.begin(), notes.end(), tr(lang, kNoTrialValues)), notes.end());
        if (std::find(notes.begin(), notes.end(), verdict) == notes.end())
            notes.push_back(verdict);
    }
}

void add_published_page_note(Comparison &c)
{
    if (c.figures.empty())
        return;
    const Language lang = lang_of(c.options);
    auto page = [&](bool in_a) {
        return std::any_of(c.figures.begin(), c.figures.end(),
                           [&](const auto &f) { return f.published && f.in_a == in_a; });
    };
    const bool page_a = page(true), page_b = page(false);
    const std::string who =
        page_a && page_b ? and_text(lang, c.system_a, c.system_b) : (page_a ? c.system_a : c.system_b);
    c.notes.push_back(trf(lang,
                          "{}: trial-level figures only (the page's means as printed, no per-trial values, no "
                          "per-iteration samples), so no verdict is possible (one side has no trials) and no "
                          "significance is given.",
                          {who}));
}

} // namespace compare_detail

} // namespace kexbench
