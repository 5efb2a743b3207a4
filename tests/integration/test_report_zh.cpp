// SPDX-License-Identifier: GPL-3.0-or-later
// The whole report in Chinese (issue 15, item 4): `kexbench-cli report DIR
// --lang zh_CN` renders every heading, column name, note, warning and verdict
// in Chinese. The gate: from the Markdown and the HTML page of real datasets
// (the published ngcc-harness campaigns, read where they are, and fresh
// kexbench campaigns), code spans, the dataset's own names and values (labels,
// operations, CPU model, OS, compiler, build flags, paths), units and numbers
// are removed; any English word left (a run of two or more ASCII letters not in
// a short acronym list) fails the test, with the line it is on.
#include "cli_helpers.h"
#include "english_gate.h"
#include "named_campaign.h"

#include "core/base/clock.h"
#include "core/data/dataset.h"
#include "core/campaign/environment.h"
#include "core/base/fsutil.h"
#include "core/campaign/health.h"
#include "core/base/i18n.h"
#include "core/analysis/report.h"
#include "core/campaign/runner_host.h"
#include "core/analysis/trial_stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

const std::string kHarness = std::string(KEXBENCH_SOURCE_DIR) + "/../shared/reference/ngcc-harness";

// The dataset's own names and values: they appear as the evidence spells them.
std::vector<std::string> dataset_words(const Dataset &ds)
{
    std::set<std::string> words = {ds.system_label, ds.runner_host.where, ds.runner_host.machine};
    auto env_values = [&](const nlohmann::ordered_json &env) {
        if (!env.is_object())
            return;
        for (const char *key : {"cpu_model", "os", "kernel", "compiler", "cmake", "machine", "architecture"})
            if (env.contains(key) && env.at(key).is_string())
                words.insert(env.at(key).get<std::string>());
    };
    for (const auto &r : ds.records) {
        for (const auto &w : {r.candidate, r.label, r.instance, r.variant, r.flags, r.operation, r.build_flags})
            words.insert(w);
        if (r.kexbench)
            words.insert(r.kexbench->counter);
        env_values(r.environment);
    }
    if (ds.campaign) {
        env_values(ds.campaign->environment_at_start);
        env_values(ds.campaign->environment_at_end);
    }
    for (const auto &b : ds.builds)
        for (const auto &w : {b.candidate, b.label, b.instance, b.algorithm, b.variant, b.flags})
            words.insert(w);
    for (const auto &log : ds.kat_logs)
        words.insert(log.algorithm);
    for (const auto &p : ds.profiles)
        for (const auto &call : p.calls)
            words.insert(call.fn);
    words.erase("");
    std::vector<std::string> out(words.begin(), words.end());
    std::sort(out.begin(), out.end(), [](const std::string &a, const std::string &b) { return a.size() > b.size(); });
    return out;
}

void expect_chinese(const std::string &what, const std::string &rendered, bool html, const Dataset &ds)
{
    ASSERT_FALSE(rendered.empty()) << what;
    const auto words = english_words(rendered, html, dataset_words(ds));
    std::string list;
    for (size_t i = 0; i < std::min<size_t>(words.size(), 40); ++i)
        list += "\n  " + words[i];
    EXPECT_TRUE(words.empty()) << what << ": " << words.size() << " English word(s) left:" << list;
    if (html)
        EXPECT_NE(rendered.find("<html lang=\"zh-CN\">"), std::string::npos) << what;
}

// The report of `dir` through the CLI, Markdown and HTML, both checked.
void check_cli(const std::string &what, const std::vector<std::string> &args, const Dataset &ds)
{
    for (const char *format : {"md", "html"}) {
        std::vector<std::string> argv = args;
        argv.insert(argv.end(), {"--lang", "zh_CN", "--format", format});
        const ProcessResult r = run_cli(argv);
        ASSERT_EQ(r.exit_code, 0) << what << " (" << format << "): " << r.err;
        expect_chinese(what + " (" + format + ")", r.out, std::string(format) == "html", ds);
    }
}

std::string write_accounting(const std::string &path, const std::string &text)
{
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    EXPECT_TRUE(write_file_atomic(path, text).ok()) << path;
    return path;
}

} // namespace

TEST(ReportChinese, LanguageNames)
{
    EXPECT_EQ(parse_language("en"), Language::en);
    for (const char *zh : {"zh_CN", "zh", "zh-CN"})
        EXPECT_EQ(parse_language(zh), Language::zh_CN) << zh;
    EXPECT_FALSE(parse_language("fr"));
    EXPECT_FALSE(parse_language(""));
    EXPECT_EQ(tr(Language::en, "Performance"), "Performance");
    EXPECT_EQ(tr(Language::zh_CN, "Performance"), "性能");
    EXPECT_EQ(tr(Language::zh_CN, "not in the catalogue"), "not in the catalogue");
    EXPECT_EQ(trf(Language::en, "it has {} rows; {}", {"a", "b"}), "it has a rows; b");
    EXPECT_EQ(trf(Language::zh_CN, "No entry for {} in {} ({})", {"x", "f", "why"}), "f 中没有 x 的条目（why）");
    // Stored English texts: templates matched, their open parts kept (and translated where they can be).
    EXPECT_EQ(tr_text(Language::zh_CN, "n/a: 2 trials reach 50.0 % only"), "不适用：2 次试验仅达到 50.0 %");
    EXPECT_EQ(
        tr_text(Language::zh_CN, "disturbed: no clean attempt of trial 1 in 3 attempts (ran at 80.0 % of the "
                                 "fixed clock; lost 5.0 % of its wall time (not running 5.0 %))"),
        "受干扰：试验 1 的 3 次尝试均受到干扰（仅以固定时钟的 80.0 % 运行；损失了 5.0 % 的墙钟时间（未运行 5.0 %））");
    EXPECT_EQ(tr_text(Language::zh_CN, "pass1 never wrote its message length m1_len; counted as 0 bytes"),
              "`pass1` 未写入其消息长度 `m1_len`；按 0 字节计");
    EXPECT_EQ(tr_text(Language::en, "turbo on"), "turbo on");
    // Issue 33 item 16: nested templates read as one sentence ("数值为频率 未探测的频率 的 TSC 计数" before).
    EXPECT_EQ(tr_text(Language::zh_CN, "no PMU: perf_event_open cpu-cycles unavailable; figures are TSC ticks at "
                                       "an unprobed rate, not core cycles"),
              "无 PMU：`perf_event_open` 的 `cpu-cycles` 不可用；数值为 TSC 计数（频率：未探测），而非核心周期数");
    EXPECT_EQ(tr_text(Language::zh_CN, "no PMU: x; figures are TSC ticks at 2.60 GHz, not core cycles"),
              "无 PMU：x；数值为 TSC 计数（频率：2.60 GHz），而非核心周期数");
}

// The stored texts this host's campaigns cannot produce (frequency scaling,
// turbo, SMT, virtualisation, every counter, disturbed trials, emulation), made
// by the functions that write them into records, come out without English.
TEST(ReportChinese, StoredWarningsAndReasonsTranslate)
{
    std::vector<std::string> texts;
    Environment env;
    env.cpu_number = 3;
    env.cpufreq_governor = "powersave";
    env.cpufreq_min_khz = "800000";
    env.cpufreq_max_khz = "4700000";
    env.intel_pstate_no_turbo = "0";
    env.cpufreq_boost = "1";
    env.thread_siblings_list = "3,11";
    env.virtualized = true;
    for (const auto &w : environment_warnings(env, counter_warning(CounterKind::Tsc, 2.4e9, "")))
        texts.push_back(w);
    for (const auto &why : {std::string("perf_event_open cpu-cycles failed (EACCES)"),
                            std::string("perf_event_open cpu-cycles opened but the counter does not advance")})
        for (CounterKind kind : {CounterKind::Cntvct, CounterKind::MonotonicNs})
            texts.push_back(counter_warning(kind, 24e6, why));
    texts.push_back(counter_warning(CounterKind::Tsc, 0, "counter tsc chosen"));
    TrialHealth h;
    h.cpu = 2;
    h.probe_before_ns = 130;
    h.wall_s = 1;
    h.cpu_s = 0.8;
    h.runqueue_wait_s = 0.15;
    h.steal_s = 0.05;
    h.cycles_per_second = 2e9;
    h.process_cpu_s = 1.3;
    h.threads_before = 2;
    h.threads_after = 3;
    judge_trial(h, 100, 2.5e9);
    ASSERT_TRUE(h.disturbed);
    texts.push_back(h.reason);
    texts.push_back("disturbed: no clean attempt of trial 2 in 4 attempts (" + h.reason + ")");
    texts.push_back(emulation_warning("qemu-aarch64 -L /usr/aarch64-linux-gnu", "aarch64"));
    texts.push_back(emulation_warning("an emulator", "the target"));
    TrialEstimate e;
    texts.push_back(ci_unavailable_reason(e));
    e.values = {1.0};
    texts.push_back(ci_unavailable_reason(e));
    for (const char *w :
         {"the speed probe varied by 4.2 % during the campaign: the machine's speed changed while it ran",
          "3 of 12 trial attempts were disturbed; 1 kept trial(s) never got a clean attempt",
          "3 of 12 trial attempts were disturbed, and every one was run again cleanly",
          "the hypervisor stole 0.12 s of CPU time during timed trials",
          "CPU pressure: tasks waited for a CPU 12.0 % of the last minute (/proc/pressure/cpu)",
          "timer-limited (median 31 ticks, timer overhead 22 ticks)", "disturbed: no clean attempt of some trial",
          "2 tick pair(s) dropped (stop before start)",
          "pass2 never wrote its message length m2_len; counted as 0 bytes",
          "(No kex_bandwidth.csv was found at /x/performance/kex_bandwidth.csv; pass one with --accounting.)",
          "exchange 40.4 ms vs 16.8 ms for the sum of its 6 steps (+140 %, mean over calls)",
          // the memory pass's reasons (core/runner/measure.cpp, stack_probe.cpp, core/campaign/campaign.cpp)
          "not measured under a sanitizer (it owns the allocator)",
          "not measured under AddressSanitizer (it does not follow private stacks)",
          "the stack probe has no thunk for this architecture", "cannot map a probe stack",
          "more than 65536 blocks allocated in the window were live at once", "runner answer without stack_bytes",
          "runner answer without heap figures", "probe exchange: cannot map a probe stack"})
        texts.push_back(w);
    const std::vector<std::string> names = {"qemu-aarch64 -L /usr/aarch64-linux-gnu", "powersave"};
    for (const auto &text : texts) {
        const std::string zh = tr_text(Language::zh_CN, text);
        const auto words = english_words(zh, false, names);
        EXPECT_TRUE(words.empty()) << text << "\n -> " << zh << "\n  " << (words.empty() ? "" : words.front());
        EXPECT_EQ(tr_text(Language::en, text), text);
    }
}

TEST(ReportChinese, CliRejectsAnUnknownLanguageInOneLine)
{
    TempDir tmp;
    const ProcessResult r = run_cli({"report", tmp.path(), "--lang", "fr"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("unknown language 'fr'"), std::string::npos) << r.err;
}

// Every candidate of both published systems: with the published accounting,
// without any (section 6's fallback note and the accounting hint), with one
// that lacks the instances, and in the v1 layout.
TEST(ReportChinese, PublishedCampaignsHaveNoEnglishLeft)
{
    const std::string accounting = kHarness + "/performance/kex_bandwidth.csv";
    if (!fs::is_regular_file(accounting))
        GTEST_SKIP() << "reference data absent: " << kHarness << " (the published ngcc-harness data)";
    TempDir tmp;
    const std::string other =
        write_accounting(tmp / "other/kex_bandwidth.csv", "ID;Instance;PkABytes;PkBBytes;ProtocolMessageBytes\n"
                                                          "kex-02;Made-Up-128;0;11;22\nkex-07;Made-Up-256;3;3;33\n");
    for (const char *system : {"arm_1", "x86_1"}) {
        const std::string dir = kHarness + "/performance/data/" + system;
        auto ds = load_dataset(dir);
        ASSERT_TRUE(ds.ok()) << ds.error();
        for (const auto &candidate : ds->candidates()) {
            const std::string what = std::string(system) + " " + candidate;
            check_cli(what, {"report", kHarness, "--system", system, "--candidate", candidate}, *ds);
            check_cli(what + " no accounting", {"report", dir, "--candidate", candidate}, *ds);
            check_cli(what + " other accounting", {"report", dir, "--candidate", candidate, "--accounting", other},
                      *ds);
            ReportOptions options;
            options.candidate = candidate;
            options.layout = ReportLayout::v1;
            options.language = "zh_CN";
            const Report report = build_report(*ds, options);
            expect_chinese(what + " v1", render_markdown(report), false, *ds);
            expect_chinese(what + " v1", render_html(report), true, *ds);
        }
        check_cli(std::string(system) + " all candidates", {"report", dir}, *ds);
    }
}

// Fresh kexbench campaigns of the fixture (2 trials, so no trial-level
// interval; no hash profiles; the host's own environment warnings), without
// accounting, with an accounting file that lists the instance under another
// id, and with a build sidecar naming the candidate.
TEST(ReportChinese, KexbenchCampaignsHaveNoEnglishLeft)
{
    TempDir tmp;
    const NamedCampaign derived = measure_named_fixture(tmp / "derived", "x86_t");
    ASSERT_TRUE(derived.problem.empty()) << derived.problem;
    auto ds = load_dataset(derived.folder);
    ASSERT_TRUE(ds.ok()) << ds.error();
    check_cli("kexbench campaign", {"report", derived.folder}, *ds);
    const std::string elsewhere =
        write_accounting(tmp / "a/kex_bandwidth.csv", "ID;Instance;PkABytes;PkBBytes;ProtocolMessageBytes\n"
                                                      "kex-01;Made-Up-128;0;11;22\nkex-05;Other-KEX-256;3;3;33\n"
                                                      "kex-09;TriQ-KEX-128;7;9;100\n");
    check_cli("kexbench campaign, instance listed elsewhere", {"report", derived.folder, "--accounting", elsewhere},
              *ds);

    const NamedCampaign named = measure_named_fixture(tmp / "performance/data/x86_n", "x86_n", "kex-09");
    ASSERT_TRUE(named.problem.empty()) << named.problem;
    auto named_ds = load_dataset(named.folder);
    ASSERT_TRUE(named_ds.ok()) << named_ds.error();
    check_cli("kexbench campaign in the harness layout", {"report", named.folder}, *named_ds);
    check_cli("kexbench campaign with its accounting row", {"report", named.folder, "--accounting", elsewhere},
              *named_ds);
}

// Section 5's memory per operation of a real campaign of the memory fixture,
// with every figure, and the same records with the reasons a figure is missing.
TEST(ReportChinese, MemoryPerOperationHasNoEnglishLeft)
{
    TempDir tmp;
    const ProcessResult run = run_cli({"run",       "--instance", "fixture-memory",
                                       "--op",      "init_a",     "--op",
                                       "derive_a",  "--target",   "0.002",
                                       "--budget",  "5",          "--trials",
                                       "2",         "--timeout",  "20",
                                       "--retries", "0",          "--no-profile",
                                       "--out",     tmp.path()},
                                      true);
    ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
    auto ds = load_dataset(tmp.path());
    ASSERT_TRUE(ds.ok()) << ds.error();
    check_cli("memory fixture campaign", {"report", tmp.path()}, *ds);
    ReportOptions options;
    options.language = "zh_CN";
    Dataset missing = *ds;
    for (auto &r : missing.records) {
        ASSERT_TRUE(r.kexbench.has_value());
        r.kexbench->heap_peak_bytes.reset();
        r.kexbench->heap_allocations.reset();
        r.kexbench->stack_bytes.reset();
        r.kexbench->extra["heap_note"] = "not measured under a sanitizer (it owns the allocator)";
        r.kexbench->extra["stack_note"] = "not measured under AddressSanitizer (it does not follow private stacks)";
    }
    const Report report = build_report(missing, options);
    const ReportTable *m = report.table("resources-kexbench");
    ASSERT_NE(m, nullptr);
    EXPECT_EQ(m->rows.front()[3], "不适用");
    expect_chinese("memory reasons", render_markdown(report), false, missing);
    expect_chinese("memory reasons", render_html(report), true, missing);
}

// The same campaign in English is unchanged by the catalogue: --lang en is the default.
TEST(ReportChinese, EnglishIsTheDefault)
{
    const std::string dir = kHarness + "/performance/data/x86_1";
    if (!fs::is_directory(dir))
        GTEST_SKIP() << "reference data absent: " << dir;
    const ProcessResult plain = run_cli({"report", dir, "--candidate", "kex-01"});
    const ProcessResult en = run_cli({"report", dir, "--candidate", "kex-01", "--lang", "en"});
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    EXPECT_EQ(plain.out, en.out);
    EXPECT_NE(plain.out.find("## 4. Performance"), std::string::npos);
    const ProcessResult html = run_cli({"report", dir, "--candidate", "kex-01", "--format", "html"});
    EXPECT_NE(html.out.find("<html lang=\"en\">"), std::string::npos);
}
