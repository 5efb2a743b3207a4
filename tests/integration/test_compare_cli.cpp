// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli compare end to end: the published harness data of x86_1 and
// arm_1 (read at run time from ../shared/reference, third-party material that
// is never copied into this repository; the tests skip without it), and two
// tiny kexbench campaigns measured here, which carry per-iteration samples.
#include "cli_helpers.h"

#include "core/compare.h"
#include "core/dataset.h"
#include "core/format.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

const std::string kHarness = std::string(KEXBENCH_SHARED_DIR) + "/reference/ngcc-harness";
const std::string kData = kHarness + "/performance/data";

bool have_reference() { return fs::is_directory(kData + "/x86_1") && fs::is_directory(kData + "/arm_1"); }

using Cells = std::vector<std::string>;

// The table under "## heading": its header first, the separator dropped.
std::vector<Cells> table_under(const std::string &markdown, const std::string &heading)
{
    std::vector<Cells> rows;
    bool inside = false;
    for (const auto &line : lines_of(markdown)) {
        if (line.rfind("## ", 0) == 0)
            inside = line == "## " + heading;
        else if (inside && line.rfind("|", 0) == 0 && line.rfind("|---", 0) != 0)
            rows.push_back(split_row(line));
    }
    return rows;
}

std::string read_text(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

ProcessResult compare_reference(const std::vector<std::string> &extra = {})
{
    std::vector<std::string> args{"compare", kHarness, "--system-a", "x86_1", "--system-b", "arm_1"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args);
}

} // namespace

TEST(CompareCli, ReferenceX86VsArmRatios)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kData;
    const ProcessResult r = compare_reference({"--candidate", "kex-01"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string &md = r.out;
    EXPECT_EQ(md.rfind("# Comparison: arm_1 vs x86_1\n", 0), 0u) << md.substr(0, 200);

    const auto table = table_under(md, "Timings: arm_1 / x86_1");
    ASSERT_EQ(table.size(), 1u + 21u) << md; // header + 3 instances x 7 operations
    EXPECT_EQ(table[0][4], "cycles ratio arm_1 / x86_1");
    EXPECT_EQ(table[0][7], "time ratio arm_1 / x86_1");

    // The ratio cells are the loaded records' means, divided B / A.
    auto x86 = load_dataset(kData + "/x86_1");
    auto arm = load_dataset(kData + "/arm_1");
    ASSERT_TRUE(x86 && arm);
    const Record *ra = x86->record_for("ADKEX-128", "exchange");
    const Record *rb = arm->record_for("ADKEX-128", "exchange");
    ASSERT_TRUE(ra && rb && ra->mean_cycles && rb->mean_cycles);
    bool found = false;
    for (const Cells &row : table) {
        if (row[0] != "`ADKEX-128`" || row[1] != "exchange")
            continue;
        found = true;
        EXPECT_EQ(row[2], fmt::fmt_int(ra->mean_cycles));
        EXPECT_EQ(row[3], fmt::fmt_int(rb->mean_cycles));
        EXPECT_EQ(row[4], ratio_cell(*rb->mean_cycles / *ra->mean_cycles));
        EXPECT_EQ(row[7], ratio_cell(*rb->mean_seconds / *ra->mean_seconds));
    }
    EXPECT_TRUE(found);

    // Harness records carry trial totals only.
    EXPECT_TRUE(contains(md, "Every row: trial totals only: no significance test")) << md;
    EXPECT_FALSE(contains(md, "## Per-iteration times"));
    // The clock notes follow the records' environments.
    for (const auto &[ds, label] : {std::pair{&*x86, "x86_1"}, std::pair{&*arm, "arm_1"}}) {
        const bool unfixed = !clock_issues(ds->record_for("ADKEX-128", "exchange")->environment).empty();
        EXPECT_EQ(contains(md, std::string(label) + ": the clock was not fixed"), unfixed) << label;
    }
    // Both count core cycles, at 2.10 and 2.71 GHz.
    EXPECT_TRUE(contains(md, "Both sides count core cycles, at different clocks")) << md;
    EXPECT_FALSE(contains(md, "counters differ"));
    EXPECT_FALSE(contains(md, "## Present on one side only"));
}

TEST(CompareCli, ReferenceSizesAndMemory)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kData;
    const ProcessResult r = compare_reference();
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto sizes = table_under(r.out, "Message and key sizes");
    ASSERT_GT(sizes.size(), 1u);
    bool total = false;
    for (const Cells &row : sizes)
        if (row[0] == "`ADKEX-128`" && row[1] == "total_msg_bytes") {
            total = true;
            EXPECT_EQ(row[2], "2400");
            EXPECT_EQ(row[3], "2400");
            EXPECT_EQ(row[4], "1.00\u00d7");
        }
    EXPECT_TRUE(total);
    const auto memory = table_under(r.out, "Memory");
    ASSERT_GT(memory.size(), 1u);
    EXPECT_EQ(memory[0], (Cells{"instance", "quantity (bytes)", "x86_1", "arm_1", "ratio arm_1 / x86_1"}));
    bool peak = false;
    for (const Cells &row : memory)
        peak = peak || (row[0] == "`ADKEX-128`" && row[1] == "peak_rss_bytes" && row[4].find("\u00d7") != std::string::npos);
    EXPECT_TRUE(peak);
}

TEST(CompareCli, TwoPathsEqualOneCheckoutTwice)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kData;
    const ProcessResult root = compare_reference();
    const ProcessResult paths = run_cli({"compare", kData + "/x86_1", kData + "/arm_1"});
    const ProcessResult twice = run_cli({"compare", kHarness, kHarness, "--system-a", "x86_1", "--system-b", "arm_1"});
    ASSERT_EQ(root.exit_code, 0) << root.err;
    ASSERT_EQ(paths.exit_code, 0) << paths.err;
    ASSERT_EQ(twice.exit_code, 0) << twice.err;
    EXPECT_EQ(paths.out, root.out);
    EXPECT_EQ(twice.out, root.out);
}

TEST(CompareCli, CsvOneFilePerTable)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kData;
    TempDir dir;
    const std::string out = dir.path() + "/csv";
    const ProcessResult r = compare_reference({"--format", "csv", "--out", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    for (const char *id : {"compare-timings", "compare-bandwidth", "compare-memory"})
        EXPECT_TRUE(fs::is_regular_file(out + "/" + id + ".csv")) << id;
    const std::string timings = read_text(out + "/compare-timings.csv");
    EXPECT_EQ(timings.rfind("instance,operation,cycles x86_1,cycles arm_1,cycles ratio arm_1 / x86_1,", 0), 0u);
    size_t records = 0;
    for (size_t pos = 0; (pos = timings.find("\r\n", pos)) != std::string::npos; pos += 2)
        ++records;
    EXPECT_EQ(records, 1u + 21u);
    EXPECT_TRUE(contains(timings, "\r\nADKEX-128,exchange,")); // code marks dropped
}

TEST(CompareCli, UsageAndFailures)
{
    EXPECT_EQ(run_cli({"compare", "--help"}).exit_code, 0);
    EXPECT_TRUE(contains(run_cli({"compare", "--help"}).out, "usage: kexbench-cli compare A [B]"));
    EXPECT_TRUE(contains(run_cli({"--help"}).out, "compare"));
    EXPECT_EQ(run_cli({"compare"}).exit_code, 2);
    EXPECT_EQ(run_cli({"compare", "a", "b", "c"}).exit_code, 2);
    EXPECT_EQ(run_cli({"compare", "/nonexistent/a", "/nonexistent/b"}).exit_code, 2);
    EXPECT_EQ(run_cli({"compare", "--bogus"}).exit_code, 2);
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kData;
    EXPECT_EQ(run_cli({"compare", kHarness}).exit_code, 2);                            // B missing
    EXPECT_EQ(run_cli({"compare", kHarness, "--system-a", "x86_1"}).exit_code, 2);    // B missing
    EXPECT_EQ(run_cli({"compare", kHarness, kHarness, "--system-a", "x86_1"}).exit_code, 2); // which B system
    EXPECT_EQ(compare_reference({"--format", "html"}).exit_code, 2);
    EXPECT_EQ(compare_reference({"--format", "csv"}).exit_code, 2); // csv needs --out DIR
    const ProcessResult unknown_system = run_cli({"compare", kHarness, "--system-a", "x86_1", "--system-b", "riscv_9"});
    EXPECT_EQ(unknown_system.exit_code, 2);
    EXPECT_TRUE(contains(unknown_system.err, "no system riscv_9")) << unknown_system.err;
    const ProcessResult unknown_candidate = compare_reference({"--candidate", "kex-99"});
    EXPECT_EQ(unknown_candidate.exit_code, 1);
    EXPECT_TRUE(contains(unknown_candidate.err, "no candidate kex-99")) << unknown_candidate.err;
}

// Two real kexbench campaigns of one cheap step: both have per-iteration samples,
// so the rank test runs and the samples tables appear.
TEST(CompareCli, TwoKexbenchCampaignsHaveATest)
{
    TempDir dir;
    for (const char *name : {"r1", "r2"}) {
        const ProcessResult run = run_cli({"run", "--instance", "ECDHE-P256", "--op", "init_a", "--target", "0.002",
                                           "--trials", "2", "--no-stack", "--system-label", name, "--out",
                                           dir.path() + "/" + name},
                                          false, 300);
        ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
    }
    const ProcessResult r = run_cli({"compare", dir.path() + "/r1", dir.path() + "/r2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string &md = r.out;
    EXPECT_EQ(md.rfind("# Comparison: r2 vs r1\n", 0), 0u) << md.substr(0, 200);
    EXPECT_FALSE(contains(md, "trial totals only")) << md;
    EXPECT_TRUE(contains(md, "Mann\u2013Whitney U")) << md;

    const auto times = table_under(md, "Per-iteration times: r2 / r1");
    ASSERT_EQ(times.size(), 2u) << md;
    EXPECT_EQ(times[0][7], "p (Mann\u2013Whitney U)");
    EXPECT_EQ(times[0][8], "r2 vs r1 (\u03b1 = 0.05)");
    const Cells &row = times[1];
    EXPECT_EQ(row[0], "`ECDHE-P256`");
    EXPECT_EQ(row[1], "init_a");
    const double p = std::strtod(row[7].c_str(), nullptr);
    EXPECT_TRUE(p >= 0 && p <= 1) << row[7];
    EXPECT_TRUE(row[8] == "faster" || row[8] == "slower" || row[8] == "~") << row[8];

    // The same host and counter on both sides: the counter ticks are tested too.
    EXPECT_EQ(table_under(md, "Per-iteration counter ticks: r2 / r1").size(), 2u) << md;
    EXPECT_FALSE(contains(md, "counters differ"));
    EXPECT_EQ(table_under(md, "Timings: r2 / r1").size(), 2u);
}
