// SPDX-License-Identifier: GPL-3.0-or-later
// Published report pages (perf_<system>.md) as datasets of kind "published
// page": every page under the reference ngcc-harness loads, its report gives
// back sections 4-6 cell for cell, and `kexbench-cli compare` puts a page
// beside a campaign of our own with both figures and no verdict. The pages are
// read at run time from ../shared/reference (never copied); tests skip without them.
#include "cli_helpers.h"

#include "core/analysis/compare.h"
#include "core/data/dataset.h"
#include "core/base/fsutil.h"
#include "core/data/published_page.h"
#include "core/analysis/report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kexbench {
namespace {

namespace fs = std::filesystem;
using test::lines_of;
using test::run_cli;
using test::split_row;

const std::string kHarness = std::string(KEXBENCH_SOURCE_DIR) + "/../shared/reference/ngcc-harness";

std::vector<std::string> published_pages()
{
    std::vector<std::string> pages;
    std::error_code ec;
    if (!fs::is_directory(kHarness, ec))
        return pages;
    for (const auto &entry : fs::recursive_directory_iterator(kHarness, ec)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file() && name.rfind("perf_", 0) == 0 && entry.path().extension() == ".md")
            pages.push_back(entry.path().string());
    }
    std::sort(pages.begin(), pages.end());
    return pages;
}

std::string slurp(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The minimal independent reader: the table lines ("|" ...) of the section whose heading starts with `heading`.
std::vector<std::string> table_lines(const std::string &markdown, const std::string &heading)
{
    std::vector<std::string> out;
    bool in = false;
    for (const auto &line : lines_of(markdown)) {
        if (line.rfind("## ", 0) == 0) {
            in = line.rfind(heading, 0) == 0;
            continue;
        }
        if (in && line.rfind("|", 0) == 0)
            out.push_back(line);
    }
    return out;
}

struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

// The first table of a section, split into cells (header, separator skipped, rows).
Table first_table(const std::string &markdown, const std::string &heading)
{
    Table t;
    const auto lines = table_lines(markdown, heading);
    for (size_t i = 0; i < lines.size(); ++i) {
        if (i == 0)
            t.header = split_row(lines[i]);
        else if (i == 1)
            continue;
        else if (lines[i].rfind("|---", 0) == 0) // a second table starts (its header was the previous line)
            break;
        else
            t.rows.push_back(split_row(lines[i]));
    }
    return t;
}

#define SKIP_WITHOUT_PAGES(pages)                                                                                      \
    if ((pages).empty())                                                                                               \
    GTEST_SKIP() << "reference data absent: no perf_*.md under " << kHarness << " (the published ngcc-harness pages)"

TEST(PublishedPage, EveryReferencePageReportsSections4To6CellForCell)
{
    const auto pages = published_pages();
    SKIP_WITHOUT_PAGES(pages);
    for (const std::string &path : pages) {
        SCOPED_TRACE(path);
        auto ds = load_dataset(path);
        ASSERT_TRUE(ds) << ds.error();
        EXPECT_EQ(ds->kind, "published page");
        ASSERT_TRUE(ds->page.has_value());
        EXPECT_TRUE(ds->problems.empty()) << ds->problems.front();
        const std::string stem = fs::path(path).stem().string();
        EXPECT_EQ(ds->system_label, stem.substr(5)); // perf_<system>.md
        EXPECT_EQ(ds->candidates(), std::vector<std::string>{fs::path(path).parent_path().filename().string()});
        EXPECT_FALSE(ds->records.empty());
        for (const Record &r : ds->records) // trial-level figures only: no trials, no samples
            EXPECT_TRUE(r.trials.empty() && !r.kexbench && r.mean_seconds) << r.label << " " << r.operation;

        const std::string page = slurp(path);
        ReportOptions options;
        options.candidate = ds->candidates().front();
        const Report report = build_report(*ds, options);
        const std::string rendered = render_markdown(report);
        ASSERT_FALSE(report.intro.empty());
        EXPECT_NE(report.intro.front().find("published page"), std::string::npos);
        EXPECT_NE(report.intro.front().find("trial-level figures only"), std::string::npos);
        EXPECT_NE(report.intro.front().find("no per-iteration samples"), std::string::npos);
        EXPECT_NE(report.title.find("published page"), std::string::npos);

        const std::vector<std::pair<std::string, std::string>> sections = {
            {"## 4.", "performance"}, {"## 5.", "resources"}, {"## 6.", "transmission"}};
        for (const auto &[heading, id] : sections) {
            SCOPED_TRACE(heading);
            // The rendered Markdown's table lines are the page's, line for line.
            const auto want = table_lines(page, heading);
            ASSERT_FALSE(want.empty());
            EXPECT_EQ(table_lines(rendered, heading), want);
            // The model's table is the page's, header and every cell.
            const Table expected = first_table(page, heading);
            const ReportTable *t = report.table(id);
            ASSERT_NE(t, nullptr);
            EXPECT_EQ(t->header, expected.header);
            ASSERT_EQ(t->rows.size(), expected.rows.size());
            for (size_t i = 0; i < expected.rows.size(); ++i)
                EXPECT_EQ(t->rows[i], expected.rows[i]) << "row " << i + 1;
        }
    }
}

TEST(PublishedPage, FiguresAreParsedBackWithTheirPrecision)
{
    const std::string path = kHarness + "/kex-05/perf_x86_1.md";
    if (!fs::is_regular_file(path))
        GTEST_SKIP() << "reference data absent: " << path;
    auto ds = load_dataset(path);
    ASSERT_TRUE(ds) << ds.error();
    const Record *r = ds->record_for("LoomKEX-128", "pass1");
    ASSERT_NE(r, nullptr);
    // "549.6 k" cycles, "262 µs", "3.81e+03" ops/s, "230 (5 × 46)".
    ASSERT_TRUE(r->mean_cycles && r->mean_seconds && r->operations_per_second);
    EXPECT_DOUBLE_EQ(*r->mean_cycles, 549600.0);
    EXPECT_NEAR(*r->mean_seconds, 262e-6, 1e-12);
    EXPECT_DOUBLE_EQ(*r->operations_per_second, 3810.0);
    EXPECT_EQ(r->measurements, 230u);
    EXPECT_EQ(r->plan.trials, 5);
    EXPECT_EQ(r->plan.iterations_per_trial, 46u);
    const auto cycles = parse_published_count("549.6 k");
    ASSERT_TRUE(cycles);
    EXPECT_DOUBLE_EQ(cycles->precision, 50.0);
    EXPECT_NEAR(parse_published_time("1.86 µs")->precision, 0.005e-6, 1e-15);
    EXPECT_NEAR(parse_published_number("3.81e+03")->precision, 5.0, 1e-9);
    EXPECT_FALSE(parse_published_count("\u2013"));
    EXPECT_EQ(ds->build_for("kex-05", "LoomKEX-128")->elf_load_bytes, std::optional<uint64_t>(108105));

    // Rows in common with a side without trials get no verdict, never a made-up significance.
    const Comparison c = compare_datasets(*ds, *ds);
    ASSERT_FALSE(c.operations.empty());
    for (const auto &row : c.operations) {
        EXPECT_EQ(row.verdict_test(), nullptr);
        EXPECT_NE(std::find_if(row.notes.begin(), row.notes.end(),
                               [](const std::string &n) { return n.find("no verdict") != std::string::npos; }),
                  row.notes.end());
    }
    EXPECT_FALSE(c.figures.empty());
}

TEST(PublishedPage, CompareBesideACampaignOfBuiltinInstancesGivesNoVerdict)
{
    const std::string page = kHarness + "/kex-05/perf_x86_1.md";
    if (!fs::is_regular_file(page))
        GTEST_SKIP() << "reference data absent: " << page;
    test::TempDir dir;
    ASSERT_FALSE(dir.path().empty());
    const std::string campaign = dir / "mine";
    const ProcessResult run =
        run_cli({"run", "--instance", "X25519-NIKE", "--op", "exchange", "--target", "0.002", "--trials", "2",
                 "--no-memory", "--no-profile", "--system-label", "mine", "--out", campaign},
                false, 300);
    ASSERT_EQ(run.exit_code, 0) << run.err << run.out;

    const ProcessResult cmp = run_cli({"compare", page, campaign});
    EXPECT_EQ(cmp.exit_code, 0) << cmp.err;
    const std::string &out = cmp.out;
    EXPECT_NE(out.find("x86_1 (published page)"), std::string::npos) << out;
    EXPECT_NE(out.find("no verdict is possible (one side has no trials)"), std::string::npos) << out;
    // No verdict words anywhere: no test ran.
    for (const char *word : {"| faster |", "| slower |", "no significant difference", "Mann\u2013Whitney"})
        EXPECT_EQ(out.find(word), std::string::npos) << word;

    // Both figures, side by side, in the compare-figures table.
    const auto lines = table_lines(out, "## Figures side by side");
    ASSERT_GE(lines.size(), 3u) << out;
    const auto header = split_row(lines[0]);
    ASSERT_EQ(header.size(), 9u);
    EXPECT_EQ(header[3], "mean cycles");
    EXPECT_EQ(header[5], "ops/s");
    bool page_row = false, own_row = false;
    for (size_t i = 2; i < lines.size(); ++i) {
        const auto cells = split_row(lines[i]);
        ASSERT_EQ(cells.size(), header.size()) << lines[i];
        EXPECT_EQ(cells[8], "n/a: no verdict (a side has no trials)");
        if (cells[0] == "`LoomKEX-128`" && cells[1] == "pass1") {
            page_row = true;
            EXPECT_EQ(cells[2], "x86_1 (published page)");
            EXPECT_EQ(cells[3], "549.6 k"); // as printed
            EXPECT_EQ(cells[5], "3.81e+03");
            EXPECT_NE(cells[7].find("\u00b1 50 cycles"), std::string::npos) << cells[7];
        }
        if (cells[0] == "`X25519-NIKE`" && cells[1] == "exchange") {
            own_row = true;
            EXPECT_EQ(cells[2], "mine");
            EXPECT_NE(cells[4], "\u2013"); // its own measured mean time
            EXPECT_NE(cells[5], "\u2013");
        }
    }
    EXPECT_TRUE(page_row) << out;
    EXPECT_TRUE(own_row) << out;
}

TEST(PublishedPage, NonPageMarkdownIsRefused)
{
    test::TempDir dir;
    const std::string path = dir / "notes.md";
    std::ofstream(path) << "# Notes\n\nNothing measured here.\n";
    auto ds = load_dataset(path);
    ASSERT_FALSE(ds);
    EXPECT_NE(ds.error().find("not a published page"), std::string::npos) << ds.error();
}

} // namespace
} // namespace kexbench
