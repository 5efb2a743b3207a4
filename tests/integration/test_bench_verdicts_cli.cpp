// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli bench verdicts end to end (issue 34 item 4): real interleaved
// campaigns of the built-in self-check workloads, the tallies it keeps in the
// data home (never judged here: they are timings), and compare reading the
// campaign spread it measured into its unpaired intervals.
#include "cli_helpers.h"

#include "core/analysis/verdict_check.h"
#include "core/base/fsutil.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

ProcessResult run_cli_home(const std::vector<std::string> &args, const std::string &home)
{
    ProcessSpec spec;
    spec.argv.push_back(cli_path());
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = std::chrono::seconds(300);
    spec.extra_env = {"KEXBENCH_INSTANCE_PATH=", "XDG_DATA_HOME=" + home};
    return run_process(spec);
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

} // namespace

TEST(BenchVerdicts, TalliesEveryComparisonAndKeepsTheCampaignSpread)
{
    TempDir dir;
    const std::string home = dir / "home", kept = dir / "kept";
    const ProcessResult r = run_cli_home(
        {"bench", "verdicts", "--campaigns", "3", "--rounds", "6", "--target", "0.01", "--keep", kept}, home);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    for (int k = 1; k <= 3; ++k)
        EXPECT_TRUE(contains(r.out, "campaign " + std::to_string(k) + "/3 (")) << r.out;
    EXPECT_TRUE(contains(r.out, "Verdicts where the truth is known (margin \u00b11 %)")) << r.out;

    const std::string file = home + "/kexbench/verdict-check.json";
    const auto text = read_file(file);
    ASSERT_TRUE(text.ok()) << file << ": " << text.error();
    const auto check = parse_verdict_check(*text);
    ASSERT_TRUE(check);
    EXPECT_EQ(check->campaigns, 3);
    EXPECT_EQ(check->rounds, 6);
    ASSERT_EQ(check->rows.size(), 5u);
    // Three campaigns give three paired comparisons of each kind and two across.
    for (const char *id : {"twins-paired", "sibling2-paired", "sibling5-paired"})
        EXPECT_EQ(check->row(id)->count.total(), 3u) << id;
    for (const char *id : {"twins-across", "sibling2-across"})
        EXPECT_EQ(check->row(id)->count.total(), 2u) << id;
    ASSERT_TRUE(check->campaign_spread);
    EXPECT_GT(*check->campaign_spread, 0);
    EXPECT_TRUE(contains(r.out, verdict_check_summary(*check))) << r.out;
    // Every paired comparison was paired: six rounds reach p <= 0.05 (2 / 2^6), so none is n/a.
    EXPECT_EQ(check->row("twins-paired")->count.na, 0u);

    // compare reads the spread into its unpaired intervals, or takes it from the option.
    const std::string a = kept + "/campaign-1", b = kept + "/campaign-2";
    const ProcessResult with = run_cli_home({"compare", a, b}, home);
    ASSERT_EQ(with.exit_code, 0) << with.err;
    EXPECT_TRUE(contains(with.out, "campaign-to-campaign spread of ")) << with.out;
    EXPECT_TRUE(contains(with.out, "(kexbench-cli bench verdicts on ")) << with.out;
    const ProcessResult none = run_cli_home({"compare", a, b, "--campaign-spread", "0"}, home);
    ASSERT_EQ(none.exit_code, 0) << none.err;
    EXPECT_TRUE(contains(none.out, "campaign-to-campaign spread has not been measured")) << none.out;
    const ProcessResult given = run_cli_home({"compare", a, b, "--campaign-spread", "2.5"}, home);
    EXPECT_TRUE(contains(given.out, "spread of 2.50 % (given with --campaign-spread)")) << given.out;
    EXPECT_EQ(run_cli_home({"compare", a, b, "--campaign-spread", "x"}, home).exit_code, 2);
    // Inside one interleaved campaign the pairs need no spread.
    const ProcessResult pairs = run_cli_home({"compare", a, "--a", kSelfCheckA, "--b", kSelfCheck105}, home);
    EXPECT_TRUE(contains(pairs.out, "Paired by round")) << pairs.out;
    EXPECT_FALSE(contains(pairs.out, "campaign-to-campaign spread")) << pairs.out;
}

// --over spreads the campaigns over a span: the second of two waits for the
// end of the span, however fast the first was (a lower bound on a wait the
// command makes, not a speed).
TEST(BenchVerdicts, OverSpreadsTheCampaignsOverTheSpan)
{
    TempDir dir;
    const auto begun = std::chrono::steady_clock::now();
    const ProcessResult r = run_cli_home(
        {"bench", "verdicts", "--campaigns", "2", "--rounds", "6", "--target", "0.005", "--over", "0.15"}, dir / "h");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(contains(r.out, "margin \u00b11 %, spread over 0.15 min\n")) << r.out;
    EXPECT_TRUE(contains(r.out, "campaign 2/2 (")) << r.out;
    EXPECT_GE(seconds, 9.0);
}

TEST(BenchVerdicts, RefusesTooFewRoundsOrCampaigns)
{
    TempDir dir;
    EXPECT_EQ(run_cli_home({"bench", "verdicts", "--over", "-1"}, dir / "h").exit_code, 2);
    EXPECT_EQ(run_cli_home({"bench", "verdicts", "--rounds", "5"}, dir / "h").exit_code, 2);
    EXPECT_EQ(run_cli_home({"bench", "verdicts", "--campaigns", "1"}, dir / "h").exit_code, 2);
    EXPECT_FALSE(fs::exists(dir / "h"));
}
