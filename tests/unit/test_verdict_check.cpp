// SPDX-License-Identifier: GPL-3.0-or-later
// The verdict self-check's arithmetic (core/analysis/verdict_check.h): tallies,
// rates with Clopper-Pearson intervals, the pooled campaign spread, its JSON.
#include "core/analysis/verdict_check.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace kexbench;

TEST(VerdictCheck, RatesCountFalseCallsForTwinsAndSlowerCallsForSiblings)
{
    VerdictCheck c = empty_verdict_check(0.01);
    for (Verdict v :
         {Verdict::equivalent, Verdict::equivalent, Verdict::faster, Verdict::inconclusive, Verdict::slower})
        c.row("twins-paired")->count.add(v);
    for (Verdict v : {Verdict::slower, Verdict::slower, Verdict::inconclusive, Verdict::too_few_trials})
        c.row("sibling2-paired")->count.add(v);
    const VerdictRate twins = rate_of(*c.row("twins-paired"));
    EXPECT_TRUE(twins.false_calls);
    EXPECT_EQ(twins.hits, 2u); // faster and slower
    EXPECT_EQ(twins.n, 5u);
    EXPECT_NEAR(twins.ci.low, stats::clopper_pearson(2, 5).low, 1e-15);
    EXPECT_EQ(equivalent_rate(*c.row("twins-paired")).hits, 2u);
    const VerdictRate sibling = rate_of(*c.row("sibling2-paired"));
    EXPECT_FALSE(sibling.false_calls);
    EXPECT_EQ(sibling.hits, 2u);
    EXPECT_EQ(sibling.n, 4u); // n/a counts: a comparison that gave no verdict did not find the difference
    EXPECT_DOUBLE_EQ(sibling.fraction(), 0.5);
}

// Two workloads over three campaigns: log centres {0, 0.02, 0.04} and
// {1, 1, 1.03}; squares 0.0008 + 0.0006 over 2 + 2 degrees of freedom.
TEST(VerdictCheck, CampaignSpreadPoolsEachWorkloadsDeviations)
{
    const auto s = pooled_campaign_spread({{0, 0.02, 0.04}, {1, 1, 1.03}, {5}});
    ASSERT_TRUE(s);
    EXPECT_NEAR(*s, std::expm1(std::sqrt(0.0014 / 4)), 1e-12);
    EXPECT_FALSE(pooled_campaign_spread({{1}, {2}}));
}

TEST(VerdictCheck, JsonRoundTripAndSummary)
{
    VerdictCheck c = empty_verdict_check(0.015);
    c.campaigns = 8;
    c.rounds = 30;
    c.host = "vm";
    c.started_utc = "2026-12-07T20:00:00Z";
    c.ended_utc = "2026-12-07T20:10:00Z";
    c.seconds = 600;
    c.campaign_spread = 0.0091;
    c.row("sibling5-paired")->count.slower = 8;
    c.row("twins-across")->count.inconclusive = 7;
    const auto back = parse_verdict_check(verdict_check_json(c).dump());
    ASSERT_TRUE(back);
    EXPECT_EQ(verdict_check_json(*back), verdict_check_json(c));
    EXPECT_FALSE(parse_verdict_check("{}"));
    EXPECT_FALSE(parse_verdict_check("not json"));
    const std::string line = verdict_check_summary(c);
    EXPECT_NE(line.find("Verdict self-check on vm (2026-12-07, 8 campaigns of 30 rounds, margin \u00b11.5 %)"),
              std::string::npos)
        << line;
    EXPECT_NE(
        line.find("5 % more work, one campaign (paired by round): called slower 8 / 8 = 100 % (63 % \u2013 100 %)"),
        std::string::npos)
        << line;
    EXPECT_NE(line.find("campaign-to-campaign spread 0.91 %"), std::string::npos) << line;
    const std::string zh = verdict_check_summary(c, "zh_CN");
    EXPECT_EQ(zh.find("campaign"), std::string::npos) << zh;
    const ReportTable t = verdict_check_table(c);
    ASSERT_EQ(t.rows.size(), 5u);
    EXPECT_EQ(t.rows[2][4], "8");
    EXPECT_EQ(t.data_rows.size(), 5u);
}
