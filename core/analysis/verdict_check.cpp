// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/verdict_check.h"

#include "core/base/format.h"
#include "core/base/i18n.h"

#include <cmath>

namespace kexbench {

namespace {

using json = nlohmann::ordered_json;

Language language_of(const std::string &name) { return parse_language(name).value_or(Language::en); }

std::string rate_text(const VerdictRate &r)
{
    if (r.n == 0)
        return "n/a";
    return std::to_string(r.hits) + " / " + std::to_string(r.n) + " = " + fmt::percent(r.fraction(), 0) + " (" +
           fmt::percent(r.ci.low, 0) + " \u2013 " + fmt::percent(r.ci.high, 0) + ")";
}

// What a row compares, for people.
std::string row_words(const VerdictCheckRow &row, Language lang)
{
    if (row.id == "twins-paired")
        return tr(lang, "identical twins, one campaign (paired by round)");
    if (row.id == "sibling2-paired")
        return tr(lang, "2 % more work, one campaign (paired by round)");
    if (row.id == "sibling5-paired")
        return tr(lang, "5 % more work, one campaign (paired by round)");
    if (row.id == "twins-across")
        return tr(lang, "one twin, consecutive campaigns");
    return tr(lang, "2 % more work, consecutive campaigns");
}

json count_json(const VerdictCount &c)
{
    return json{{"faster", c.faster},
                {"slower", c.slower},
                {"equivalent", c.equivalent},
                {"inconclusive", c.inconclusive},
                {"n/a", c.na}};
}

} // namespace

void VerdictCount::add(Verdict v)
{
    switch (v) {
    case Verdict::faster:
        ++faster;
        break;
    case Verdict::slower:
        ++slower;
        break;
    case Verdict::equivalent:
        ++equivalent;
        break;
    case Verdict::inconclusive:
        ++inconclusive;
        break;
    case Verdict::too_few_trials:
        ++na;
        break;
    }
}

VerdictRate rate_of(const VerdictCheckRow &row)
{
    VerdictRate r;
    r.n = row.count.total();
    r.false_calls = row.true_ratio == 1;
    r.hits = r.false_calls ? row.count.faster + row.count.slower : row.count.slower;
    r.ci = stats::clopper_pearson(r.hits, r.n);
    return r;
}

VerdictRate equivalent_rate(const VerdictCheckRow &row)
{
    VerdictRate r;
    r.n = row.count.total();
    r.hits = row.count.equivalent;
    r.ci = stats::clopper_pearson(r.hits, r.n);
    return r;
}

VerdictCheckRow *VerdictCheck::row(const std::string &id)
{
    for (VerdictCheckRow &r : rows)
        if (r.id == id)
            return &r;
    return nullptr;
}

const VerdictCheckRow *VerdictCheck::row(const std::string &id) const
{
    return const_cast<VerdictCheck *>(this)->row(id);
}

VerdictCheck empty_verdict_check(double margin)
{
    VerdictCheck c;
    c.margin = margin;
    c.rows = {{"twins-paired", 1.0, true, {}},
              {"sibling2-paired", 1.02, true, {}},
              {"sibling5-paired", 1.05, true, {}},
              {"twins-across", 1.0, false, {}},
              {"sibling2-across", 1.02, false, {}}};
    return c;
}

std::optional<double> pooled_campaign_spread(const std::vector<std::vector<double>> &log_centres)
{
    double squares = 0;
    size_t freedom = 0;
    for (const auto &w : log_centres) {
        if (w.size() < 2)
            continue;
        double mean = 0;
        for (double x : w)
            mean += x;
        mean /= static_cast<double>(w.size());
        for (double x : w)
            squares += (x - mean) * (x - mean);
        freedom += w.size() - 1;
    }
    if (freedom == 0)
        return std::nullopt;
    return std::expm1(std::sqrt(squares / static_cast<double>(freedom)));
}

std::string verdict_check_summary(const VerdictCheck &check, const std::string &language)
{
    const Language lang = language_of(language);
    std::string s = trf(lang, "Verdict self-check on {} ({}, {} campaigns of {} rounds, margin {}):",
                        {check.host, check.ended_utc.substr(0, 10), std::to_string(check.campaigns),
                         std::to_string(check.rounds), margin_text(check.margin)});
    const char *sep = " ";
    for (const VerdictCheckRow &row : check.rows) {
        const VerdictRate r = rate_of(row);
        s += sep + row_words(row, lang) + ": " +
             trf(lang, r.false_calls ? "called different {}" : "called slower {}", {rate_text(r)});
        sep = "; ";
    }
    s += "; " + (check.campaign_spread
                     ? trf(lang, "campaign-to-campaign spread {}", {fmt::percent(*check.campaign_spread, 2)})
                     : tr(lang, "campaign-to-campaign spread n/a (fewer than 3 campaigns)"));
    return s;
}

ReportTable verdict_check_table(const VerdictCheck &check, const std::string &language)
{
    const Language lang = language_of(language);
    ReportTable t;
    t.id = "verdict-check";
    t.title = trf(lang, "Verdicts where the truth is known (margin {})", {margin_text(check.margin)});
    t.header = {tr(lang, "comparison"),
                tr(lang, "true ratio"),
                tr(lang, "comparisons"),
                tr(lang, "faster"),
                tr(lang, "slower"),
                tr(lang, "equivalent"),
                tr(lang, "inconclusive"),
                "n/a",
                tr(lang, "rate (Clopper\u2013Pearson 95 %)"),
                tr(lang, "target")};
    t.data_header = {"comparison",   "true_ratio", "comparisons", "faster",   "slower",    "equivalent",
                     "inconclusive", "na",         "rate",        "rate_low", "rate_high", "rate_is"};
    for (const VerdictCheckRow &row : check.rows) {
        const VerdictCount &c = row.count;
        const VerdictRate r = rate_of(row);
        const std::string target = r.false_calls           ? tr(lang, "called different \u2264 5 %")
                                   : row.true_ratio < 1.03 ? tr(lang, "called slower \u2265 90 %")
                                                           : tr(lang, "called slower 100 %");
        t.rows.push_back({row_words(row, lang), ratio_cell(row.true_ratio), std::to_string(c.total()),
                          std::to_string(c.faster), std::to_string(c.slower), std::to_string(c.equivalent),
                          std::to_string(c.inconclusive), std::to_string(c.na), rate_text(r), target});
        t.data_rows.push_back({row.id, row.true_ratio, static_cast<int64_t>(c.total()), static_cast<int64_t>(c.faster),
                               static_cast<int64_t>(c.slower), static_cast<int64_t>(c.equivalent),
                               static_cast<int64_t>(c.inconclusive), static_cast<int64_t>(c.na), r.fraction(), r.ci.low,
                               r.ci.high, std::string(r.false_calls ? "false_calls" : "called_slower")});
    }
    if (const VerdictCheckRow *twins = check.row("twins-paired"))
        t.notes.push_back(trf(lang, "Twins in one campaign called \"equivalent within {}\": {} (target \u2265 80 %).",
                              {margin_text(check.margin), rate_text(equivalent_rate(*twins))}));
    t.notes.push_back(check.campaign_spread
                          ? trf(lang,
                                "Campaign-to-campaign spread of this host: {} (relative SD of a campaign's "
                                "median of trial medians, pooled over the four workloads); unpaired "
                                "comparisons add it to their intervals.",
                                {fmt::percent(*check.campaign_spread, 2)})
                          : tr(lang, "Campaign-to-campaign spread: n/a (fewer than 3 campaigns)."));
    return t;
}

void apply_campaign_spread(CompareOptions &options, const VerdictCheck &check)
{
    if (!check.campaign_spread)
        return;
    options.campaign_spread = *check.campaign_spread;
    options.campaign_spread_source =
        "kexbench-cli bench verdicts on " + check.host + ", " + check.ended_utc.substr(0, 10);
}

json verdict_check_json(const VerdictCheck &check)
{
    json j;
    j["kind"] = "kexbench verdict check";
    j["margin"] = check.margin;
    j["campaigns"] = check.campaigns;
    j["rounds"] = check.rounds;
    j["host"] = check.host;
    j["started_utc"] = check.started_utc;
    j["ended_utc"] = check.ended_utc;
    j["seconds"] = check.seconds;
    j["campaign_spread"] = check.campaign_spread ? json(*check.campaign_spread) : json(nullptr);
    j["rows"] = json::array();
    for (const VerdictCheckRow &row : check.rows)
        j["rows"].push_back(json{{"id", row.id},
                                 {"true_ratio", row.true_ratio},
                                 {"paired", row.paired},
                                 {"verdicts", count_json(row.count)}});
    return j;
}

std::optional<VerdictCheck> parse_verdict_check(const std::string &text)
{
    try {
        const json j = json::parse(text);
        if (j.at("kind").get<std::string>() != "kexbench verdict check")
            return std::nullopt;
        VerdictCheck c;
        c.margin = j.at("margin").get<double>();
        c.campaigns = j.at("campaigns").get<int>();
        c.rounds = j.at("rounds").get<int>();
        c.host = j.at("host").get<std::string>();
        c.started_utc = j.at("started_utc").get<std::string>();
        c.ended_utc = j.at("ended_utc").get<std::string>();
        c.seconds = j.at("seconds").get<double>();
        if (!j.at("campaign_spread").is_null())
            c.campaign_spread = j.at("campaign_spread").get<double>();
        for (const json &r : j.at("rows")) {
            VerdictCheckRow row{
                r.at("id").get<std::string>(), r.at("true_ratio").get<double>(), r.at("paired").get<bool>(), {}};
            const json &v = r.at("verdicts");
            row.count = {v.at("faster").get<size_t>(), v.at("slower").get<size_t>(), v.at("equivalent").get<size_t>(),
                         v.at("inconclusive").get<size_t>(), v.at("n/a").get<size_t>()};
            c.rows.push_back(std::move(row));
        }
        return c;
    } catch (const json::exception &) {
        return std::nullopt;
    }
}

} // namespace kexbench
