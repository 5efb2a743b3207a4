// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli compare end to end: the published harness data of x86_1 and
// arm_1 (read at run time from ../shared/reference, third-party material that
// is never copied into this repository; the tests skip without it), tested on
// their trial means, and two tiny kexbench campaigns measured here, which carry
// per-iteration samples but too few trials for a verdict.
#include "cli_helpers.h"
#include "named_campaign.h"

#include "core/analysis/compare.h"
#include "core/data/environment_facts.h"
#include "core/analysis/trial_stats.h"
#include "core/data/dataset.h"
#include "core/base/format.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <fstream>
#include <map>
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
    EXPECT_EQ(table[0][4], "mean cycles ratio arm_1 / x86_1");
    EXPECT_EQ(table[0][7], "mean time ratio arm_1 / x86_1");

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

    // Harness records carry trial totals only: each trial's mean time is its value.
    EXPECT_FALSE(contains(md, "no significance test")) << md;
    const auto trials = table_under(md, "Trial-level times: arm_1 / x86_1");
    ASSERT_EQ(trials.size(), 1u + 21u) << md;
    EXPECT_EQ(trials[0][8], "trials x86_1 / arm_1");
    EXPECT_EQ(trials[0][11], "p (Mann\u2013Whitney U over trials)");
    const Cells &exchange = trials[1];
    ASSERT_EQ(exchange[0], "`ADKEX-128`");
    ASSERT_EQ(exchange[1], "exchange");
    EXPECT_EQ(exchange[2], ratio_cell(*rb->mean_seconds / *ra->mean_seconds)); // the published mean ratio
    EXPECT_EQ(exchange[3], "median of trial means");
    EXPECT_EQ(exchange[8], "5 / 5");
    // Five trials have no 95 % interval of their median: [min, max] reaches 1 - 2^-4.
    EXPECT_EQ(exchange[5], "n/a: 5 trials reach 93.8 % only");
    EXPECT_EQ(exchange[7], "n/a: 5 trials reach 93.8 % only");
    // The trial ratio, from the records' trial totals by hand.
    auto median_trial_mean = [](const Record &r) {
        std::vector<double> means;
        for (const TrialTotals &t : r.trials)
            means.push_back(t.seconds / static_cast<double>(t.measurements));
        std::sort(means.begin(), means.end());
        return means[means.size() / 2]; // 5 trials: the third
    };
    ASSERT_EQ(ra->trials.size(), 5u);
    ASSERT_EQ(rb->trials.size(), 5u);
    EXPECT_EQ(exchange[9], ratio_cell(median_trial_mean(*rb) / median_trial_mean(*ra)));
    // arm_1's five exchange trials are all faster than x86_1's: U = 25 of 25, exact p = 2 / C(10, 5).
    EXPECT_EQ(exchange[11], "0.00794");
    EXPECT_EQ(exchange[12], "faster");
    EXPECT_TRUE(contains(md, "Geometric mean of the ratios arm_1 / x86_1: trial-level time ratio")) << md;
    EXPECT_TRUE(contains(md, "The 21 tests are not corrected for multiplicity")) << md;
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
        peak = peak ||
               (row[0] == "`ADKEX-128`" && row[1] == "peak_rss_bytes" && row[4].find("\u00d7") != std::string::npos);
    EXPECT_TRUE(peak);

    // Both systems' build.json give each instance's ELF image under the same candidate id: both values shown.
    auto x86 = load_dataset(kData + "/x86_1");
    auto arm = load_dataset(kData + "/arm_1");
    ASSERT_TRUE(x86.ok() && arm.ok());
    size_t elf_rows = 0;
    for (const Cells &row : memory) {
        if (row[1] != "elf_load_bytes")
            continue;
        ++elf_rows;
        const std::string label = row[0].substr(1, row[0].size() - 2);
        const BuildEntry *a = x86->build_for("kex-01", label);
        const BuildEntry *b = arm->build_for("kex-01", label);
        ASSERT_TRUE(a && b && a->elf_load_bytes && b->elf_load_bytes) << label;
        EXPECT_EQ(row[2], std::to_string(*a->elf_load_bytes)) << label;
        EXPECT_EQ(row[3], std::to_string(*b->elf_load_bytes)) << label;
        EXPECT_NE(row[4], "\u2013") << label;
    }
    EXPECT_EQ(elf_rows, 3u); // ADKEX-128, -256, -512
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
    for (const char *id : {"compare-timings", "compare-samples", "compare-bandwidth", "compare-memory"})
        EXPECT_TRUE(fs::is_regular_file(out + "/" + id + ".csv")) << id;
    const std::string timings = read_text(out + "/compare-timings.csv");
    // Machine-readable: plain numbers, the unit in the column name (test_report_data.cpp checks every field).
    EXPECT_EQ(
        timings.rfind("candidate,instance,operation,system_a,system_b,mean_cycles_a,mean_cycles_b,mean_count_ratio,"
                      "mean_seconds_a,mean_seconds_b,mean_time_ratio,notes\r\n",
                      0),
        0u);
    size_t records = 0;
    for (size_t pos = 0; (pos = timings.find("\r\n", pos)) != std::string::npos; pos += 2)
        ++records;
    EXPECT_EQ(records, 1u + 21u);
    EXPECT_TRUE(contains(timings, "\r\nkex-01,ADKEX-128,exchange,x86_1,arm_1,")); // code marks dropped
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
    EXPECT_EQ(run_cli({"compare", kHarness}).exit_code, 2);                                  // B missing
    EXPECT_EQ(run_cli({"compare", kHarness, "--system-a", "x86_1"}).exit_code, 2);           // B missing
    EXPECT_EQ(run_cli({"compare", kHarness, kHarness, "--system-a", "x86_1"}).exit_code, 2); // which B system
    EXPECT_EQ(compare_reference({"--format", "html"}).exit_code, 2);
    EXPECT_EQ(compare_reference({"--format", "csv"}).exit_code, 2); // csv needs --out DIR
    const ProcessResult unknown_system = run_cli({"compare", kHarness, "--system-a", "x86_1", "--system-b", "riscv_9"});
    EXPECT_EQ(unknown_system.exit_code, 2);
    EXPECT_TRUE(contains(unknown_system.err, "no system riscv_9")) << unknown_system.err;
    for (const char *bad : {"-1", "51", "x", "1%"}) {
        const ProcessResult margin = compare_reference({"--margin", bad});
        EXPECT_EQ(margin.exit_code, 2) << bad;
        EXPECT_TRUE(contains(margin.err, "--margin takes a percentage")) << margin.err;
    }
    const ProcessResult unknown_candidate = compare_reference({"--candidate", "kex-99"});
    EXPECT_EQ(unknown_candidate.exit_code, 1);
    EXPECT_TRUE(contains(unknown_candidate.err, "no candidate kex-99")) << unknown_candidate.err;
}

// Two real kexbench campaigns of one cheap step: both have per-iteration
// samples, thousands of iterations but 2 trials each. The trial is the unit of
// replication, and 2 vs 2 trials can never give p <= 0.05 (the smallest exact p
// is 2 / C(4, 2) = 1/3): no verdict, however many iterations there are.
TEST(CompareCli, TwoKexbenchCampaignsOfTwoTrialsHaveNoVerdict)
{
    TempDir dir;
    for (const char *name : {"r1", "r2"}) {
        const ProcessResult run =
            run_cli({"run", "--instance", "ECDHE-P256", "--op", "init_a", "--target", "0.002", "--trials", "2",
                     "--no-memory", "--system-label", name, "--out", dir.path() + "/" + name},
                    false, 300);
        ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
    }
    const ProcessResult r = run_cli({"compare", dir.path() + "/r1", dir.path() + "/r2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string &md = r.out;
    EXPECT_EQ(md.rfind("# Comparison: r2 vs r1\n", 0), 0u) << md.substr(0, 200);
    EXPECT_FALSE(contains(md, "no significance test")) << md;
    EXPECT_TRUE(contains(md, "Mann\u2013Whitney U")) << md;

    const auto times = table_under(md, "Trial-level times: r2 / r1");
    ASSERT_EQ(times.size(), 2u) << md;
    EXPECT_EQ(times[0][11], "p (Mann\u2013Whitney U over trials)");
    EXPECT_EQ(times[0][12], "r2 vs r1 (\u03b1 = 0.05, margin \u00b11 %)");
    const Cells &row = times[1];
    EXPECT_EQ(row[0], "`ECDHE-P256`");
    EXPECT_EQ(row[1], "init_a");
    EXPECT_EQ(row[3], "median of trial medians");
    EXPECT_EQ(row[8], "2 / 2");
    EXPECT_EQ(row[5], "n/a: 2 trials reach 50.0 % only");
    EXPECT_EQ(row[10], "n/a: 2 vs 2 trials reach 66.7 % only"); // [min, max] of 4 ratios: 1 - 2/6
    const double p = std::strtod(row[11].c_str(), nullptr);
    EXPECT_GE(p, 0.333) << row[11]; // the smallest p 2 vs 2 trials can give (1/3, printed to 3 digits)
    EXPECT_LE(p, 1.0) << row[11];
    EXPECT_EQ(row[12], "n/a: 2 vs 2 trials cannot reach p \u2264 0.05");
    EXPECT_TRUE(contains(md, "n/a: 2 vs 2 trials cannot reach p \u2264 0.05")) << md;

    // The same host and counter on both sides: counter ticks are tested too when
    // the counters are comparable (core cycles, or one constant rate both state).
    const auto timings = table_under(md, "Timings: r2 / r1");
    ASSERT_EQ(timings.size(), 2u);
    const bool counts = !table_under(md, "Trial-level counter ticks: r2 / r1").empty();
    EXPECT_EQ(counts, timings[1][4] != "\u2013") << md; // a cycles ratio exactly when counts are comparable
    EXPECT_FALSE(contains(md, "counters differ"));
}

// PENDING on the campaign side of issue 13 (a build sidecar's candidate id).
// Two real campaigns of one library, one under the id derived from the family
// ("triq-kex") and one built as kex-09: compare pairs the instance by its
// label, and the ELF image row shows both sides' build.json values instead of
// "–" for the side whose id differs.
TEST(CompareCli, CampaignsUnderTwoCandidateIdsShowBothElfSizes)
{
    TempDir dir;
    const NamedCampaign derived = measure_named_fixture(dir / "derived", "derived");
    const NamedCampaign built = measure_named_fixture(dir / "built", "built", "kex-09");
    ASSERT_TRUE(derived.problem.empty()) << derived.problem;
    ASSERT_TRUE(built.problem.empty()) << built.problem;
    ASSERT_TRUE(fs::is_directory(derived.folder + "/records/triq-kex"));
    ASSERT_TRUE(fs::is_directory(built.folder + "/records/kex-09"))
        << "the campaign does not use the build's candidate id";

    const ProcessResult r = run_cli({"compare", derived.folder, built.folder});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto memory = table_under(r.out, "Memory");
    bool elf = false;
    for (const Cells &row : memory)
        if (row[0] == "`TriQ-KEX-128`" && row[1] == "elf_load_bytes") {
            elf = true;
            EXPECT_NE(row[2], "\u2013") << r.out;
            EXPECT_EQ(row[3], row[2]) << r.out; // one library, one image
            EXPECT_EQ(row[4], "1.00\u00d7") << r.out;
        }
    EXPECT_TRUE(elf) << r.out;
}

// Two real campaigns of the memory fixture (tests/fixtures/memory: init_a asks
// for one 10000-byte block, init_b for 3000 bytes and 5 x 1000 bytes, derive_a
// for nothing): heap peak, allocations/op and stack peak side by side with B / A.
TEST(CompareCli, MemoryPerOperationSideBySide)
{
    TempDir dir;
    for (const char *name : {"m1", "m2"}) {
        const ProcessResult run = run_cli({"run",       "--instance",   "fixture-memory",
                                           "--op",      "init_a",       "--op",
                                           "init_b",    "--op",         "derive_a",
                                           "--target",  "0.002",        "--budget",
                                           "5",         "--trials",     "2",
                                           "--timeout", "20",           "--retries",
                                           "0",         "--no-profile", "--system-label",
                                           name,        "--out",        dir.path() + "/" + name},
                                          true);
        ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
    }
    const ProcessResult r = run_cli({"compare", dir.path() + "/m1", dir.path() + "/m2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto table = table_under(r.out, "Memory per operation: m2 / m1");
    ASSERT_EQ(table.size(), 4u) << r.out;
    EXPECT_EQ(table[0], (Cells{"instance", "operation", "heap peak m1", "heap peak m2", "heap peak ratio m2 / m1",
                               "allocations/op m1", "allocations/op m2", "allocations/op ratio m2 / m1",
                               "stack peak m1", "stack peak m2", "stack peak ratio m2 / m1"}));
#if defined(__SANITIZE_ADDRESS__)
    EXPECT_EQ(table[1][2], "n/a");
    EXPECT_TRUE(contains(r.out, "not measured under a sanitizer (it owns the allocator)")) << r.out;
#else
    std::map<std::string, Cells> by_op;
    for (size_t i = 1; i < table.size(); ++i)
        by_op[table[i][1]] = table[i];
    EXPECT_EQ(Cells(by_op["init_a"].begin(), by_op["init_a"].begin() + 8),
              (Cells{"`fixture-memory`", "init_a", "10000", "10000", "1.00\u00d7", "1", "1", "1.00\u00d7"}));
    EXPECT_EQ(Cells(by_op["init_b"].begin() + 2, by_op["init_b"].begin() + 8),
              (Cells{"8000", "8000", "1.00\u00d7", "2", "2", "1.00\u00d7"}));
    // derive_a allocates nothing: 0 on both sides, no ratio; its 4096-byte array is on the stack.
    EXPECT_EQ(Cells(by_op["derive_a"].begin() + 2, by_op["derive_a"].begin() + 8),
              (Cells{"0", "0", "n/a", "0", "0", "n/a"}));
    EXPECT_GE(std::stoll(by_op["derive_a"][8]), 4096);
    EXPECT_EQ(by_op["derive_a"][8], by_op["derive_a"][9]) << "the same code, the same stack";
    EXPECT_EQ(by_op["derive_a"][10], "1.00\u00d7");
#endif

    // A side without the figures (a sanitizer build's records): n/a, and the reason once under the table.
    auto a = load_dataset(dir.path() + "/m1");
    auto b = load_dataset(dir.path() + "/m2");
    ASSERT_TRUE(a.ok() && b.ok());
    for (auto &rec : b->records) {
        rec.kexbench->heap_peak_bytes.reset();
        rec.kexbench->heap_allocations.reset();
        rec.kexbench->extra["heap_note"] = "not measured under a sanitizer (it owns the allocator)";
    }
    const Comparison c = compare_datasets(*a, *b);
    ASSERT_EQ(c.operations.size(), 3u);
    const auto tables = comparison_tables(c);
    const auto memory = std::find_if(tables.begin(), tables.end(),
                                     [](const ReportTable &t) { return t.id == "compare-operation-memory"; });
    ASSERT_NE(memory, tables.end());
    for (const auto &row : memory->rows) {
        EXPECT_EQ(row[3], "n/a") << row[1];
        EXPECT_EQ(row[4], "n/a") << row[1];
        EXPECT_EQ(row[6], "n/a") << row[1];
        EXPECT_EQ(row[7], "n/a") << row[1];
    }
    EXPECT_TRUE(std::find(memory->notes.begin(), memory->notes.end(),
                          "m2: heap peak and allocations/op n/a for every operation: not measured under a sanitizer "
                          "(it owns the allocator).") != memory->notes.end())
        << memory->notes.back();
    CompareOptions zh;
    zh.language = "zh_CN";
    const auto zh_tables = comparison_tables(compare_datasets(*a, *b, zh));
    for (const auto &t : zh_tables)
        if (t.id == "compare-operation-memory") {
            EXPECT_EQ(t.header[2], "m1 堆峰值");
            EXPECT_EQ(t.rows[0][3], "不适用");
            EXPECT_NE(
                std::find(
                    t.notes.begin(), t.notes.end(),
                    "m2：所有操作 的堆峰值与每次操作的分配次数不适用：在内存检测工具下不测量（内存分配器由其接管）。"),
                t.notes.end());
        }
}

// Issue 34: the verdicts' practical margin is an option. On the published pair
// (x86_1 against arm_1, 5 trials a side: arm_1 takes 0.5-0.9x the time) a
// margin of ±50 % turns the rows whose ratio interval lies inside it into
// "equivalent", and the header says the margin.
TEST(CompareCli, TheMarginDecidesBetweenADifferenceAndAnEquivalence)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kData;
    const ProcessResult narrow = compare_reference({});
    ASSERT_EQ(narrow.exit_code, 0) << narrow.err;
    EXPECT_TRUE(contains(narrow.out, "margin \u00b11 %)")) << narrow.out.substr(0, 400);
    const ProcessResult wide = compare_reference({"--margin", "50"});
    ASSERT_EQ(wide.exit_code, 0) << wide.err;
    EXPECT_TRUE(contains(wide.out, "margin \u00b150 %)"));
    EXPECT_TRUE(contains(wide.out, "| equivalent within \u00b150 % |")) << wide.out;
    EXPECT_FALSE(contains(narrow.out, "equivalent within"));
    // The same rows, fewer of them called faster or slower.
    auto called = [](const std::string &md) {
        size_t n = 0;
        for (const std::string word : {"| faster |", "| slower |"})
            for (size_t at = md.find(word); at != std::string::npos; at = md.find(word, at + 1))
                ++n;
        return n;
    };
    EXPECT_LT(called(wide.out), called(narrow.out));
}

// Issue 34: two instances of one interleaved campaign, compared round by round.
// Real runner children measure WORK-1 and WORK-5 (the same exchange with 5 %
// more integer work, tests/fixtures/work) in 12 interleaved rounds. The table
// pairs trial slot k of one with slot k of the other: its ratio and interval
// are the Hodges-Lehmann centre and signed-rank interval of those 12 round
// ratios, recomputed here from the records, and the verdict is what that
// interval says against the ±1 % margin. (Whether a 5 % difference is found
// on a loaded host is a benchmark's question, not this test's: with most
// trials disturbed the honest answer can be "inconclusive".)
TEST(CompareCli, TwoInstancesOfOneCampaignArePairedByRound)
{
    TempDir dir;
    const std::string camp = dir / "camp";
    const ProcessResult run = run_cli({"run", "--instance", "WORK-1", "--instance", "WORK-5", "--op", "exchange",
                                       "--trials", "12", "--target", "0.02", "--no-memory", "--no-kat", "--out", camp},
                                      true, 300);
    ASSERT_EQ(run.exit_code, 0) << run.err << run.out;

    const ProcessResult r = run_cli({"compare", camp, "--a", "WORK-1", "--b", "WORK-5"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("# Comparison: WORK-5 vs WORK-1\n", 0), 0u) << r.out.substr(0, 200);
    EXPECT_TRUE(contains(r.out, "Paired by round")) << r.out;
    const auto times = table_under(r.out, "Trial-level times: WORK-5 / WORK-1");
    ASSERT_EQ(times.size(), 2u) << r.out;
    EXPECT_EQ(times[0][11], "p (Wilcoxon signed-rank over rounds)");
    const Cells &row = times[1];
    EXPECT_EQ(row[0], "`WORK-5 / WORK-1`");
    EXPECT_EQ(row[8], "12 / 12");

    // The same figures from the records, slot by slot.
    const auto data = load_dataset(camp);
    ASSERT_TRUE(data) << data.error();
    const Record *a = data->record_for("WORK-1", "exchange");
    const Record *b = data->record_for("WORK-5", "exchange");
    ASSERT_TRUE(a && b);
    const auto ta = trial_estimate(*a), tb = trial_estimate(*b);
    ASSERT_TRUE(ta && tb);
    ASSERT_EQ(ta->values.size(), 12u);
    ASSERT_EQ(tb->values.size(), 12u);
    std::vector<double> rounds;
    for (size_t k = 0; k < 12; ++k)
        rounds.push_back(std::log(tb->values[k] / ta->values[k]));
    const auto hl = stats::hodges_lehmann(rounds, 0.95);
    EXPECT_EQ(row[9], ratio_cell(std::exp(hl.estimate)));
    ASSERT_TRUE(hl.ci.reached); // 12 rounds reach 95 %
    const double low = std::exp(hl.ci.low), high = std::exp(hl.ci.high);
    EXPECT_EQ(row[10], ratio_cell(low) + " \u2013 " + ratio_cell(high));
    Verdict expected = margin_verdict(low, high, 0.01);
    if ((expected == Verdict::slower && !(hl.estimate > 0)) || (expected == Verdict::faster && !(hl.estimate < 0)))
        expected = Verdict::inconclusive;
    EXPECT_EQ(row[12], verdict_words(expected, 0.01, "en")) << "interval " << row[10];

    // One line naming what is there when an instance is not.
    const ProcessResult missing = run_cli({"compare", camp, "--a", "WORK-1", "--b", "WORK-9"});
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_EQ(lines_of(missing.err).size(), 1u) << missing.err;
    EXPECT_TRUE(contains(missing.err, "no instance WORK-9")) << missing.err;
    EXPECT_TRUE(contains(missing.err, "WORK-5")) << missing.err;
    EXPECT_EQ(run_cli({"compare", camp, "--a", "WORK-1"}).exit_code, 2);
    EXPECT_EQ(run_cli({"compare", camp, camp, "--a", "WORK-1", "--b", "WORK-5"}).exit_code, 2);
}

// Issue 34, done when: real runner children measure the twins WORK-1 and
// WORK-1B and the sibling WORK-5 (5 % more of the same work) in one
// interleaved campaign of 24 rounds; compared round by round, the twins are
// "equivalent" and the sibling "slower" with the margin. The margins leave room
// for this shared host (its phases move a round's ratio by a percent or two;
// the ±1 % rates are bench verdicts' question): twins within ±3 %, the sibling
// beyond +2 % (the true difference is about 5 %).
//
// One fresh-clone CI run saw WORK-1 about 10 % slower than both others in all
// 24 rounds (twins 0.90x - 0.91x, sibling 0.93x - 0.95x), which neither 40
// benchmark campaigns nor eight copies of one library side by side here ever
// showed (offsets under 1 %). Until its cause is known, a campaign that misses
// is followed by one more, independent one, and the test fails only when both
// miss; the first one's figures are printed so a rerun keeps the evidence.
TEST(CompareCli, PairedTwinsAreEquivalentAndTheSiblingIsSlower)
{
    TempDir dir;
    auto campaign_verdicts = [&](const std::string &camp) -> std::pair<std::string, std::string> {
        const ProcessResult run =
            run_cli({"run", "--instance", "WORK-1", "--instance", "WORK-1B", "--instance", "WORK-5", "--op", "exchange",
                     "--trials", "24", "--target", "0.02", "--no-memory", "--no-kat", "--out", camp},
                    true, 600);
        EXPECT_EQ(run.exit_code, 0) << run.err << run.out;
        auto verdict = [&](const std::string &b, const std::string &margin) {
            const ProcessResult r = run_cli({"compare", camp, "--a", "WORK-1", "--b", b, "--margin", margin});
            EXPECT_EQ(r.exit_code, 0) << r.err;
            const auto times = table_under(r.out, "Trial-level times: " + b + " / WORK-1");
            EXPECT_EQ(times.size(), 2u) << r.out;
            return times.size() == 2 ? times[1][10] + " -> " + times[1][12] : r.out;
        };
        return {verdict("WORK-1B", "3"), verdict("WORK-5", "2")};
    };
    auto as_expected = [](const std::pair<std::string, std::string> &v) {
        return v.first.find("-> equivalent within \u00b13 %") != std::string::npos &&
               v.second.find("-> slower") != std::string::npos;
    };
    auto verdicts = campaign_verdicts(dir / "camp");
    if (!as_expected(verdicts)) {
        std::cout << "first campaign missed: twins " << verdicts.first << "; sibling " << verdicts.second << "\n";
        verdicts = campaign_verdicts(dir / "camp2");
    }
    EXPECT_NE(verdicts.first.find("-> equivalent within \u00b13 %"), std::string::npos) << verdicts.first;
    EXPECT_NE(verdicts.second.find("-> slower"), std::string::npos) << verdicts.second;
}
