// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli run end to end: real runner children measuring real libraries,
// records on disk in the schema-2 layout, hostile instances, resuming.
#include "cli_helpers.h"

#include "core/data/dataset.h"
#include "core/base/discovery.h"
#include "core/base/fsutil.h"
#include "core/data/record.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <filesystem>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

extern char **environ;

namespace {

// Small plans: these tests check what is written, not how fast anything is.
std::vector<std::string> quick(std::vector<std::string> args)
{
    // No retries: disturbance handling has its own tests (test_disturbance.cpp), and a busy
    // test machine would otherwise re-run many of these tiny trials.
    for (const char *a : {"--target", "0.002", "--budget", "5", "--trials", "3", "--timeout", "20", "--retries", "0"})
        args.push_back(a);
    return args;
}

Record load(const fs::path &file)
{
    auto rec = read_record_file(file.string());
    EXPECT_TRUE(rec.ok()) << rec.error();
    return rec.ok() ? *rec : Record{};
}

nlohmann::json raw(const fs::path &file)
{
    auto text = read_file(file.string());
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
}

} // namespace

TEST(Campaign, WritesCompleteSchema2RecordsWithSamples)
{
    TempDir dir;
    ProcessResult r = run_cli(
        quick({"run", "--instance", "X25519-NIKE", "ECDHE-P256", "--system-label", "test_1", "--out", dir.path()}));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    // 7 steps of the 2-pass ECDHE, 5 of the 0-pass NIKE (no pass step: P = min(claimed, run) = 0).
    EXPECT_NE(r.out.find("12 record(s) written, 0 resumed, 0 failed"), std::string::npos) << r.out;

    for (const char *f : {"campaign.json", "build.json", "kat/ecdhe/ECDHE-P256.log", "kat/x25519-nike/X25519-NIKE.log"})
        EXPECT_TRUE(fs::exists(fs::path(dir.path()) / f)) << f;
    auto campaign = raw(fs::path(dir.path()) / "campaign.json");
    EXPECT_EQ(campaign["system_id"], "test_1");
    EXPECT_TRUE(campaign["environment_at_start"].contains("cpu_model"));
    EXPECT_FALSE(campaign["kexbench"]["counter"].get<std::string>().empty());

    const fs::path records = fs::path(dir.path()) / "records";
    for (const char *op : {"exchange", "init_a", "init_b", "pass1", "pass2", "derive_a", "derive_b"}) {
        Record rec = load(records / "ecdhe" / (std::string("ECDHE-P256__") + op + ".json"));
        EXPECT_EQ(rec.status, "complete") << op;
        EXPECT_EQ(rec.schema, 2);
        EXPECT_EQ(rec.kat, "PASS");
        EXPECT_EQ(rec.trials.size(), 3u);
        EXPECT_EQ(rec.measurements, 3 * rec.plan.iterations_per_trial) << op;
        EXPECT_GE(rec.plan.iterations_per_trial, 20u);
        ASSERT_TRUE(rec.kexbench.has_value());
        EXPECT_EQ(rec.kexbench->ticks.size(), rec.measurements);
        EXPECT_EQ(rec.kexbench->ns.size(), rec.measurements);
        EXPECT_FALSE(rec.kexbench->counter.empty());
#if defined(__SANITIZE_ADDRESS__)
        EXPECT_NE(rec.kexbench->extra.value("stack_note", "").find("AddressSanitizer"), std::string::npos) << op;
#else
        EXPECT_TRUE(rec.kexbench->stack_bytes.has_value()) << op;
#endif
        EXPECT_EQ(rec.size("msg1_bytes"), 65);
        EXPECT_EQ(rec.size("msg2_bytes"), 65);
        EXPECT_EQ(rec.size("total_msg_bytes"), 130);
        EXPECT_EQ(rec.timing_scope, std::string(op) == "exchange" ? "loop" : "per_call_step");
        EXPECT_GT(*rec.peak_rss_bytes, 0u);
    }
    // The 0-pass NIKE runs three empty passes like the official driver, but the
    // harness times pass1..pass_P with P = min(kex_passes, kex_passes_run) = 0.
    Record nike = load(records / "x25519-nike" / "X25519-NIKE__exchange.json");
    EXPECT_EQ(nike.status, "complete");
    EXPECT_EQ(nike.size("total_msg_bytes"), 0);
    const std::vector<std::pair<std::string, int64_t>> passes = {{"kex_passes", 0}, {"kex_passes_run", 3}};
    EXPECT_EQ(nike.kex, passes);
    for (const char *op : {"init_a", "init_b", "derive_a", "derive_b"})
        EXPECT_TRUE(fs::exists(records / "x25519-nike" / (std::string("X25519-NIKE__") + op + ".json"))) << op;
    for (const char *op : {"pass1", "pass2", "pass3"})
        EXPECT_FALSE(fs::exists(records / "x25519-nike" / (std::string("X25519-NIKE__") + op + ".json"))) << op;

    // Harness tooling field names: every record has the schema-2 keys.
    auto j = raw(records / "ecdhe" / "ECDHE-P256__pass1.json");
    for (const char *key : {"schema",
                            "status",
                            "candidate",
                            "label",
                            "instance",
                            "operation",
                            "plan",
                            "kat",
                            "processes",
                            "trials",
                            "measurements",
                            "mean_seconds",
                            "median_trial_seconds",
                            "mean_cycles",
                            "operations_per_second",
                            "sizes",
                            "kex",
                            "baseline_rss_bytes",
                            "peak_rss_bytes",
                            "timing_scope",
                            "environment",
                            "kexbench"})
        EXPECT_TRUE(j.contains(key)) << key;
}

// Issue 7's "done when": a campaign over every baseline completes and its report renders,
// with the 2-, 3- and 4-pass shapes each in their own rows.
TEST(Campaign, EveryBaselineCompletesAndTheReportRenders)
{
    TempDir dir;
    const std::vector<std::string> baselines = {"MLKEM-UAKE-512", "MLKEM-UAKE-768", "MLKEM-UAKE-1024",  "MLKEM-AKE-512",
                                                "MLKEM-AKE-768",  "MLKEM-AKE-1024", "MLKEM-AKE-KC-768", "SM2-KEX"};
    std::vector<std::string> args = {"run", "--no-memory", "--out", dir.path(), "--instance"};
    args.insert(args.end(), baselines.begin(), baselines.end());
    // 59 records of eight instances: about 90 s under ASan on the 2-core VM, so a generous bound.
    ProcessResult r = run_cli(quick(args), false, 600);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    // 7 records per 2-pass instance (exchange, init_a/b, pass1-2, derive_a/b), 8 for SM2-KEX, 9 for KC.
    EXPECT_NE(r.out.find("59 record(s) written, 0 resumed, 0 failed"), std::string::npos) << r.out;

    const fs::path records = fs::path(dir.path()) / "records";
    Record kc = load(records / "mlkem-ake-kc" / "MLKEM-AKE-KC-768__pass4.json");
    EXPECT_EQ(kc.status, "complete");
    EXPECT_EQ(kc.kat, "PASS");
    EXPECT_EQ(kc.size("msg4_bytes"), 32);
    Record sm2 = load(records / "sm2-kex" / "SM2-KEX__exchange.json");
    EXPECT_EQ(sm2.status, "complete");
    EXPECT_EQ(sm2.kat, "PASS");
    EXPECT_EQ(sm2.size("total_msg_bytes"), 65 + 97 + 32);

    ProcessResult report = run_cli({"report", dir.path()});
    ASSERT_EQ(report.exit_code, 0) << report.err;
    for (const auto &name : baselines)
        EXPECT_NE(report.out.find(name), std::string::npos) << name << " missing from the report";
    EXPECT_NE(report.out.find("pass4"), std::string::npos);
    // UAKE's initiator has no static key: the bandwidth counts the key lengths the
    // exchange wrote (0 / 1184), not the shared pk capacity twice.
    EXPECT_NE(report.out.find("| `MLKEM-UAKE-768` | 2 | 2272 / 1088 | 3360 | 0 / 1184 | 4544 |"), std::string::npos)
        << report.out;
    EXPECT_NE(report.out.find("| `SM2-KEX` | 3 | 65 / 97 / 32 | 194 | 65 / 65 | 324 |"), std::string::npos);
}

// Without --instance, run measures the default selection, which holds a post-quantum baseline.
TEST(Campaign, WithoutInstancesRunMeasuresTheDefaultSelection)
{
    TempDir dir;
    ProcessResult r = run_cli(quick({"run", "--op", "exchange", "--no-memory", "--no-profile", "--out", dir.path()}));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const fs::path records = fs::path(dir.path()) / "records";
    for (const char *file : {"x25519-nike/X25519-NIKE__exchange.json", "sm2-kex/SM2-KEX__exchange.json",
                             "mlkem-uake/MLKEM-UAKE-768__exchange.json"})
        EXPECT_EQ(load(records / file).status, "complete") << file;
    ProcessResult help = run_cli({"run", "--help"});
    for (const std::string &name : default_selection())
        EXPECT_NE(help.out.find(name), std::string::npos) << "run --help does not name the default " << name;
}

TEST(Campaign, HostileInstancesEachGetARecordWithAReason)
{
    TempDir dir;
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"hostile-segfault", "killed by signal 11 (Segmentation fault) — crashed (Segmentation fault) during pass2"},
        {"hostile-abort", "killed by signal 6 (Aborted) — crashed (Aborted) during pass2"},
        {"hostile-exit", "exit code 7 — the instance called exit() during pass2"},
        {"hostile-hang", "timed out after"},
        {"hostile-overflow", "pass2 wrote outside the m2 buffer"},
        {"hostile-length-above-capacity", "pass2 returned message length 65 above its capacity 64"},
        {"hostile-length-untouched", "pass2 never wrote its message length m2_len"},
        {"hostile-secret-mismatch", "the shared secrets of A and B differ"},
        {"hostile-crypto-fail", "pass2 returned -7"},
    };
    std::vector<std::string> args = {"run", "--timeout", "2", "--no-memory", "--out", dir.path(), "--instance"};
    for (const auto &[name, reason] : expected)
        args.push_back(fixture(name));
    ProcessResult r = run_cli(args, true, 300);
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("9 record(s) written, 0 resumed, 9 failed"), std::string::npos) << r.out;
    for (const auto &[name, reason] : expected) {
        Record rec = load(fs::path(dir.path()) / "records" / "hostile" / (name + "__exchange.json"));
        EXPECT_EQ(rec.status, "failed_or_partial") << name;
        ASSERT_TRUE(rec.kexbench.has_value()) << name;
        EXPECT_NE(rec.kexbench->reason.find(reason), std::string::npos) << name << ": " << rec.kexbench->reason;
        EXPECT_NE(r.out.find(name + ": not measured: "), std::string::npos) << name;
    }
}

TEST(Campaign, ResumesAfterKillMinus9AndKeepsCompleteRecords)
{
    TempDir dir;
    std::vector<std::string> args =
        quick({cli_path(), "run", "--instance", "ECDHE-P256", "--no-memory", "--out", dir.path()});
    std::vector<char *> argv;
    for (auto &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    ASSERT_EQ(::posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ), 0);
    const fs::path first = fs::path(dir.path()) / "records" / "ecdhe" / "ECDHE-P256__exchange.json";
    for (int i = 0; i < 600 && !fs::exists(first); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(fs::exists(first)) << "no record appeared within 30 s";

    ProcessResult again = run_cli({args.begin() + 1, args.end()});
    EXPECT_EQ(again.exit_code, 0) << again.out << again.err;
    EXPECT_NE(again.out.find("resumed (record already complete)"), std::string::npos) << again.out;
    for (const char *op : {"exchange", "init_a", "init_b", "pass1", "pass2", "derive_a", "derive_b"})
        EXPECT_EQ(
            load(fs::path(dir.path()) / "records" / "ecdhe" / (std::string("ECDHE-P256__") + op + ".json")).status,
            "complete")
            << op;
}

TEST(Campaign, RefusesToMixPlanningInOneFolder)
{
    TempDir dir;
    ProcessResult first =
        run_cli(quick({"run", "--instance", "ECDHE-P256", "--op", "init_a", "--no-memory", "--out", dir.path()}));
    ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
    ProcessResult other =
        run_cli({"run", "--instance", "ECDHE-P256", "--op", "init_a", "--target", "0.3", "--out", dir.path()});
    EXPECT_EQ(other.exit_code, 1);
    EXPECT_NE(other.err.find("measured with other planning"), std::string::npos) << other.err;
}

TEST(Campaign, AdaptiveModeStopsOnARuleAndSaysWhich)
{
    TempDir dir;
    ProcessResult r = run_cli({"run", "--instance", "ECDHE-P256", "--op", "pass1", "--mode", "adaptive", "--target",
                               "0.01", "--budget", "3", "--no-memory", "--out", dir.path()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    Record rec = load(fs::path(dir.path()) / "records" / "ecdhe" / "ECDHE-P256__pass1.json");
    ASSERT_TRUE(rec.kexbench.has_value());
    EXPECT_EQ(rec.kexbench->mode, "adaptive");
    const std::string why = rec.kexbench->extra.value("adaptive_stop", "");
    EXPECT_TRUE(why == "precision reached" || why == "budget spent" || why == "trial limit") << why;
    if (why == "precision reached") {
        ASSERT_TRUE(rec.kexbench->ci_relative_width.has_value());
        EXPECT_LE(*rec.kexbench->ci_relative_width, 0.005);
    }
    // The interval is over trials, so an adaptive operation runs at least 6 of them.
    EXPECT_GE(rec.trials.size(), 6u);
}

TEST(Runner, TimesAStepAndAuditsAPassThatNeverWritesItsLength)
{
    ProcessSpec spec;
    spec.argv = {std::string(KEXBENCH_BIN_DIR) + "/kexbench-runner",
                 "measure",
                 fixture("null-2p"),
                 "--op",
                 "pass1",
                 "--iterations",
                 "1000",
                 "--warmups",
                 "3"};
    ProcessResult r = run_process(spec);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["ticks"].size(), 1000u);
    EXPECT_EQ(j["status"], "complete");
    EXPECT_TRUE(j["audits"].empty());

    spec.argv[2] = fixture("hostile-length-untouched");
    ProcessResult bad = run_process(spec);
    auto b = nlohmann::json::parse(bad.out);
    EXPECT_EQ(b["status"], "failed");
    EXPECT_EQ(b["audits"][0], "pass2 never wrote its message length m2_len; counted as 0 bytes");
}
