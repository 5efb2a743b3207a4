// SPDX-License-Identifier: GPL-3.0-or-later
// What `kexbench-cli compare` says (issue 15): every note once (no sentence or
// explanation repeated between the intro and the tables' notes), "(the harness
// figures)" only of a side that is harness data, the notes naming the sides as
// the headers do, and --lang zh_CN with no English word left outside code
// spans, the datasets' own names, units and numbers. On the published x86_1 /
// arm_1 campaigns and the kex-05 page (read where they are; skipped without
// them) and on two tiny kexbench campaigns measured here.
#include "cli_helpers.h"
#include "english_gate.h"

#include "core/analysis/compare.h"
#include "core/data/dataset.h"
#include "core/base/i18n.h"
#include "core/data/published_page.h"
#include "core/analysis/report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

const std::string kHarness = std::string(KEXBENCH_SHARED_DIR) + "/reference/ngcc-harness";
const std::string kPage = kHarness + "/kex-05/perf_x86_1.md";
const std::string kPage01 = kHarness + "/kex-01/perf_x86_1.md";

bool have_reference() { return fs::is_directory(kHarness + "/performance/data/x86_1") && fs::is_regular_file(kPage); }

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

size_t count_of(const std::string &text, const std::string &part)
{
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size()))
        ++n;
    return n;
}

// The prose of a compare page: paragraphs only (no headings, no table rows).
std::string prose_of(const std::string &md)
{
    std::string out;
    for (const auto &line : lines_of(md))
        if (!line.empty() && line[0] != '#' && line[0] != '|')
            out += line + "\n";
    return out;
}

// Sentences of the prose (split at ". " and the Chinese full stop), trimmed.
std::vector<std::string> sentences_of(const std::string &prose)
{
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        while (!cur.empty() && (cur.front() == ' ' || cur.front() == '\n'))
            cur.erase(cur.begin());
        if (cur.size() > 12)
            out.push_back(cur);
        cur.clear();
    };
    for (size_t i = 0; i < prose.size(); ++i) {
        if (prose.compare(i, 2, ". ") == 0 || prose[i] == '\n' || prose.compare(i, 3, "\u3002") == 0) {
            flush();
            i += prose[i] == '\n' ? 0 : (prose[i] == '.' ? 1 : 2);
            continue;
        }
        cur += prose[i];
    }
    flush();
    return out;
}

// Every sentence once, and each explanation (a phrase that carries one) once.
void expect_said_once(const std::string &what, const std::string &md)
{
    const std::string prose = prose_of(md);
    std::map<std::string, int> seen;
    for (const auto &s : sentences_of(prose))
        ++seen[s];
    for (const auto &[sentence, n] : seen)
        EXPECT_EQ(n, 1) << what << ": said " << n << " times: " << sentence;
    for (const char *phrase :
         {"excludes 1.00\u00d7 exactly when", "significantly lower", "below 1.00\u00d7", "One value per trial",
          "its median per-iteration", "no verdict is possible", "no significance test and no verdict",
          "unit of replication", "p > \u03b1", "\u201cinconclusive\u201d", "practical margin"})
        EXPECT_LE(count_of(prose, phrase), 1u) << what << ": \"" << phrase << "\" said more than once";
}

ProcessResult cli_compare(std::vector<std::string> args, const std::vector<std::string> &extra = {})
{
    args.insert(args.begin(), "compare");
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args);
}

std::vector<std::string> reference_pair() { return {kHarness, "--system-a", "x86_1", "--system-b", "arm_1"}; }

// Two small kexbench campaigns (2 trials each: no verdict, a row note instead).
struct Campaigns {
    TempDir dir;
    std::string a, b, problem;
};

Campaigns &campaigns()
{
    static Campaigns *c = [] {
        auto *out = new Campaigns;
        for (const char *name : {"sysalpha", "sysbeta"}) {
            const std::string folder = out->dir.path() + "/" + name;
            const ProcessResult run =
                run_cli({"run", "--instance", "X25519-NIKE", "--op", "exchange", "--op", "init_a", "--target", "0.002",
                         "--trials", "2", "--no-memory", "--no-profile", "--system-label", name, "--out", folder},
                        false, 300);
            if (run.exit_code != 0)
                out->problem += run.err + run.out;
            (std::string(name) == "sysalpha" ? out->a : out->b) = folder;
        }
        return out;
    }();
    return *c;
}

// ------------------------------------------------------------------ the English-word gate (english_gate.h)

std::vector<std::string> dataset_words(const std::vector<const Dataset *> &sets)
{
    std::set<std::string> words;
    for (const Dataset *ds : sets) {
        words.insert(ds->system_label);
        for (const auto &r : ds->records) {
            for (const auto &w : {r.candidate, r.label, r.instance, r.operation, r.status})
                words.insert(w);
            if (r.kexbench) {
                words.insert(r.kexbench->counter);
                words.insert(r.kexbench->counter_unit);
            }
        }
    }
    words.erase("");
    std::vector<std::string> out(words.begin(), words.end());
    std::sort(out.begin(), out.end(), [](const std::string &a, const std::string &b) { return a.size() > b.size(); });
    return out;
}

void expect_chinese(const std::string &what, const std::string &md, const std::vector<const Dataset *> &sets)
{
    ASSERT_FALSE(md.empty()) << what;
    const auto words = english_words(md, /*html=*/false, dataset_words(sets));
    std::string list;
    for (size_t i = 0; i < std::min<size_t>(words.size(), 30); ++i)
        list += "\n  " + words[i];
    EXPECT_TRUE(words.empty()) << what << ": " << words.size() << " English word(s) left:" << list;
}

Dataset load(const std::string &path)
{
    auto ds = load_dataset(path);
    EXPECT_TRUE(ds.ok()) << path << ": " << (ds.ok() ? "" : ds.error());
    return ds.ok() ? std::move(ds.value()) : Dataset();
}

} // namespace

TEST(CompareNotes, EveryNoteIsSaidOnceOnTheReferenceCampaigns)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kHarness;
    for (const std::vector<std::string> &extra :
         {std::vector<std::string>{}, std::vector<std::string>{"--candidate", "kex-01"}}) {
        const ProcessResult r = cli_compare(reference_pair(), extra);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        expect_said_once("x86_1 vs arm_1", r.out);
        // Both sides are harness data: said of both, once.
        EXPECT_EQ(count_of(r.out, "(the harness figures of x86_1 and arm_1)"), 1u) << r.out;
        EXPECT_EQ(count_of(r.out, "the harness figures"), 1u);
    }
}

TEST(CompareNotes, TwoKexbenchCampaignsSayEachNoteOnceAndAreNoHarnessFigures)
{
    Campaigns &c = campaigns();
    ASSERT_TRUE(c.problem.empty()) << c.problem;
    const ProcessResult r = cli_compare({c.a, c.b});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_said_once("two campaigns", r.out);
    EXPECT_FALSE(contains(r.out, "harness figures")) << r.out; // neither side is harness data
    EXPECT_TRUE(contains(r.out, "The published method: means over all timed calls.")) << r.out;
    // The sample tables' notes are said once, under the first of them.
    EXPECT_LE(count_of(r.out, "Each side shows the median of its trial values"), 1u);
    // The row's "n/a: 2 vs 2 trials cannot reach ..." is the verdict cell, not also a timings note.
    EXPECT_FALSE(contains(r.out, "Every row: n/a: 2 vs 2 trials")) << r.out;
}

TEST(CompareNotes, APublishedPageBesideACampaignSaysItOnce)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kHarness;
    Campaigns &c = campaigns();
    ASSERT_TRUE(c.problem.empty()) << c.problem;
    for (const auto &pair : {std::vector<std::string>{kPage, c.a},
                             std::vector<std::string>{kPage01, kHarness + "/performance/data/x86_1"}}) {
        const ProcessResult r = cli_compare(pair);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        expect_said_once(pair[0] + " vs " + pair[1], r.out);
        EXPECT_FALSE(contains(r.out, "(published page) is a published page")) << r.out;
        EXPECT_FALSE(contains(r.out, "has no trials (published page)")) << r.out;
        EXPECT_TRUE(contains(r.out, "## Figures side by side")) << r.out;
        EXPECT_FALSE(contains(r.out, "Every row: no verdict")) << r.out; // the intro says it
    }
    // The campaign of our own is no harness data: "(the harness figures of ...)" never names it.
    const ProcessResult mixed = cli_compare({kPage01, c.a});
    EXPECT_FALSE(contains(mixed.out, "harness figures of x86_1 (published page) and sysalpha")) << mixed.out;
}

// The notes name the sides with the labels the headers use: the given labels
// (the GUI's dataset labels), never a system label that differs from them.
TEST(CompareNotes, NotesNameTheSidesAsTheHeadersDo)
{
    Campaigns &c = campaigns();
    ASSERT_TRUE(c.problem.empty()) << c.problem;
    const Dataset a = load(c.a), b = load(c.b);
    CompareOptions options;
    options.label_a = "first run";
    options.label_b = "second run";
    const Comparison cmp = compare_datasets(a, b, options);
    EXPECT_EQ(cmp.system_a, "first run");
    EXPECT_EQ(cmp.system_b, "second run");
    const std::string md = render_markdown(comparison_report(cmp));
    EXPECT_FALSE(contains(md, "sysalpha")) << md;
    EXPECT_FALSE(contains(md, "sysbeta")) << md;
    EXPECT_TRUE(contains(md, "Ratios are B / A = second run / first run")) << md;
    EXPECT_TRUE(contains(md, "| mean time first run |")) << md;
    // Equal labels are told apart alike in headers and notes.
    options.label_a = options.label_b = "twin";
    const Comparison same = compare_datasets(a, b, options);
    EXPECT_EQ(same.system_a, "twin (A)");
    EXPECT_EQ(same.system_b, "twin (B)");
    const std::string same_md = render_markdown(comparison_report(same));
    EXPECT_TRUE(contains(same_md, "Ratios are B / A = twin (B) / twin (A)")) << same_md;
    for (size_t at = same_md.find("twin"); at != std::string::npos; at = same_md.find("twin", at + 1))
        EXPECT_TRUE(same_md.compare(at, 8, "twin (A)") == 0 || same_md.compare(at, 8, "twin (B)") == 0)
            << same_md.substr(at, 40);
}

TEST(CompareChinese, ReferenceCampaignsHaveNoEnglishLeft)
{
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kHarness;
    const Dataset x86 = load(kHarness + "/performance/data/x86_1"), arm = load(kHarness + "/performance/data/arm_1");
    for (const std::vector<std::string> &extra :
         {std::vector<std::string>{}, std::vector<std::string>{"--candidate", "kex-01"}}) {
        std::vector<std::string> args = extra;
        args.insert(args.end(), {"--lang", "zh_CN"});
        const ProcessResult r = cli_compare(reference_pair(), args);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        expect_chinese("x86_1 vs arm_1", r.out, {&x86, &arm});
        EXPECT_TRUE(contains(r.out, "# 比较：arm_1 对比 x86_1")) << r.out.substr(0, 200);
        expect_said_once("x86_1 vs arm_1 (zh_CN)", r.out);
    }
    // The verdicts in Chinese; the CSV's column names and verdict values stay machine-readable English.
    EXPECT_EQ(verdict_text(Verdict::faster, "zh_CN"), "更快");
    EXPECT_EQ(verdict_text(Verdict::slower, "zh_CN"), "更慢");
    EXPECT_EQ(verdict_text(Verdict::inconclusive, "zh_CN"), "无定论");
    EXPECT_EQ(verdict_words(Verdict::equivalent, 0.01, "zh_CN"), "在 \u00b11 % 之内等效");
    EXPECT_EQ(verdict_words(Verdict::equivalent, 0.005, "en"), "equivalent within \u00b10.5 %");
    EXPECT_EQ(verdict_text(Verdict::faster, "en"), "faster");
    TempDir dir;
    const ProcessResult csv =
        cli_compare(reference_pair(), {"--lang", "zh_CN", "--format", "csv", "--out", dir.path() + "/csv"});
    ASSERT_EQ(csv.exit_code, 0) << csv.err;
    EXPECT_TRUE(fs::is_regular_file(dir.path() + "/csv/compare-samples.csv"));
}

TEST(CompareChinese, CampaignsAndAPublishedPageHaveNoEnglishLeft)
{
    Campaigns &c = campaigns();
    ASSERT_TRUE(c.problem.empty()) << c.problem;
    const Dataset a = load(c.a), b = load(c.b);
    const ProcessResult r = cli_compare({c.a, c.b}, {"--lang", "zh_CN"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    expect_chinese("two campaigns", r.out, {&a, &b});
    EXPECT_TRUE(contains(r.out, "不适用：2 对 2 次试验无法达到 p \u2264 0.05")) << r.out; // the verdict cell
    if (!have_reference())
        GTEST_SKIP() << "no reference data at " << kHarness;
    const Dataset page = load(kPage), page01 = load(kPage01), x86 = load(kHarness + "/performance/data/x86_1");
    const ProcessResult p = cli_compare({kPage, c.a}, {"--lang", "zh"});
    ASSERT_EQ(p.exit_code, 0) << p.err;
    expect_chinese("page vs campaign", p.out, {&page, &a});
    EXPECT_TRUE(contains(p.out, "x86_1（已发布页面）")) << p.out;
    const ProcessResult q = cli_compare({kPage01, kHarness + "/performance/data/x86_1"}, {"--lang", "zh-CN"});
    ASSERT_EQ(q.exit_code, 0) << q.err;
    expect_chinese("kex-01 page vs harness x86_1", q.out, {&page01, &x86});
}

TEST(CompareChinese, UnknownLanguageIsAUsageErrorInOneLine)
{
    const ProcessResult r = run_cli({"compare", "/nonexistent/a", "/nonexistent/b", "--lang", "fr"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_TRUE(contains(run_cli({"compare", "--help"}).out, "--lang"));
}

// The intro notice of a published page's report follows --lang.
TEST(PublishedPageChinese, TheReportsNoticeIsTranslated)
{
    if (!fs::is_regular_file(kPage))
        GTEST_SKIP() << "reference data absent: " << kPage;
    const Dataset page = load(kPage);
    ReportOptions options;
    options.language = "zh_CN";
    options.candidate = "kex-01"; // not the page's: that sentence too
    const Report report = build_report(page, options);
    ASSERT_GE(report.intro.size(), 2u);
    EXPECT_TRUE(contains(report.intro[0], "已发布页面")) << report.intro[0];
    for (size_t i = 0; i < 2; ++i)
        expect_chinese("intro " + std::to_string(i), report.intro[i], {&page});
    EXPECT_EQ(published_page_notice("x86_1", "en").rfind("This is a published page (x86_1)", 0), 0u);
    const Report en = build_report(page, ReportOptions{});
    EXPECT_EQ(en.intro.front().rfind("This is a published page (x86_1), not a campaign", 0), 0u) << en.intro.front();
}
