// SPDX-License-Identifier: GPL-3.0-or-later
// What `kexbench-cli bench verdicts` found on this host: how often kexbench's
// verdicts are wrong where the truth is known. Built-in twins (one source, two
// names) and siblings doing 2 % and 5 % more of the same work are measured in
// K interleaved campaigns; each comparison's verdict is tallied: the A/A
// false-call rate (twins called faster or slower) and the power (a sibling
// called slower), paired inside a campaign and across consecutive campaigns,
// each with its Clopper-Pearson interval. The campaigns also give the host's
// campaign-to-campaign spread, which unpaired comparisons add to their
// intervals (CompareOptions::campaign_spread). Plain data and arithmetic here;
// the campaigns are run by the CLI.
#pragma once

#include "core/analysis/compare.h"
#include "core/analysis/stats.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// The self-check's workloads (kex/selfcheck): file names under <instances>/selfcheck.
inline constexpr const char *kSelfCheckA = "SELFCHECK-A";
inline constexpr const char *kSelfCheckTwin = "SELFCHECK-A-TWIN";
inline constexpr const char *kSelfCheck102 = "SELFCHECK-A-102";
inline constexpr const char *kSelfCheck105 = "SELFCHECK-A-105";

struct VerdictCount {
    size_t faster = 0, slower = 0, equivalent = 0, inconclusive = 0, na = 0;
    void add(Verdict v);
    size_t total() const { return faster + slower + equivalent + inconclusive + na; }
};

// One kind of comparison with a known true ratio B / A.
struct VerdictCheckRow {
    std::string id;        // "twins-paired", "sibling2-paired", "sibling5-paired", "twins-across", "sibling2-across"
    double true_ratio = 1; // 1.00 twins, 1.02 and 1.05 siblings
    bool paired = false;   // inside one campaign, round by round; else across consecutive campaigns
    VerdictCount count;
};

// The rate a row is judged by, with its Clopper-Pearson 95 % interval: for
// twins the false calls (faster or slower: should be <= 5 %), for siblings the
// calls "slower" (the power: should be >= 90 % at 2 %, 100 % at 5 %).
struct VerdictRate {
    size_t hits = 0, n = 0;
    stats::Interval ci;
    bool false_calls = false; // twins: hits are false calls; siblings: hits are correct calls
    double fraction() const { return n ? static_cast<double>(hits) / static_cast<double>(n) : stats::kNaN; }
};
VerdictRate rate_of(const VerdictCheckRow &row);
// Equivalent calls of twins ("equivalent within ±Δ": should be >= 80 %), with their interval.
VerdictRate equivalent_rate(const VerdictCheckRow &row);

struct VerdictCheck {
    double margin = 0.01;
    int campaigns = 0, rounds = 0;
    std::string host, started_utc, ended_utc;
    double seconds = 0; // wall time of the whole check
    std::vector<VerdictCheckRow> rows;
    // The host's campaign-to-campaign spread: the relative standard deviation of
    // one instance's campaign-level central value (median of trial medians)
    // across the campaigns, pooled over the four workloads; nullopt below 3 campaigns.
    std::optional<double> campaign_spread;
    VerdictCheckRow *row(const std::string &id);
    const VerdictCheckRow *row(const std::string &id) const;
};

// Rows in their printing order, counts zero.
VerdictCheck empty_verdict_check(double margin);

// Pooled relative SD: log_centres[w][c] is workload w's log central value in
// campaign c; each workload's mean is removed, the squares pooled over
// sum(c_w - 1) degrees of freedom, and exp(sd) - 1 returned. nullopt with no degree of freedom.
std::optional<double> pooled_campaign_spread(const std::vector<std::vector<double>> &log_centres);

// One line for the workbench and the CLI: "Verdict self-check on host (date, 8 campaigns
// of 12 rounds, ±1 %): twins called different 0 of 8 (0–37 %), 2 % sibling called
// slower 8 of 8 (63–100 %), ...; campaign-to-campaign spread 0.9 %". In en or zh_CN.
std::string verdict_check_summary(const VerdictCheck &check, const std::string &language = "en");
// The table `bench verdicts` prints (and a Markdown renderer can show).
ReportTable verdict_check_table(const VerdictCheck &check, const std::string &language = "en");

nlohmann::ordered_json verdict_check_json(const VerdictCheck &check);
// nullopt when the text is not a verdict check (a missing field, a wrong type).
std::optional<VerdictCheck> parse_verdict_check(const std::string &json_text);

// The check's campaign spread into options: campaign_spread and its source
// ("kexbench-cli bench verdicts on vm, 2026-12-07"); nothing without a spread.
void apply_campaign_spread(CompareOptions &options, const VerdictCheck &check);

// Where the latest check is kept: <data home>/kexbench/verdict-check.json
// ($XDG_DATA_HOME or ~/.local/share), the file the workbench shows.
inline constexpr const char *kVerdictCheckFile = "verdict-check.json";

} // namespace kexbench
