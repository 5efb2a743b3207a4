// SPDX-License-Identifier: GPL-3.0-or-later
// What an instance can no longer make the parent believe (issue 12, items 2,
// 7, 12, 13): forged and repeated answers, impossible sample counts and times,
// another instance's identity, escape codes in reasons, its own working
// directory; and Ctrl-C during the describe and KAT steps. Real runner children
// with the tests/fixtures/forger and hostile libraries.
#include "cli_helpers.h"

#include "core/campaign/campaign.h"
#include "core/base/fsutil.h"
#include "core/data/record.h"
#include "core/campaign/runner_client.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

extern char **environ;

namespace {

class Quiet : public CampaignObserver {
public:
    void on_event(const CampaignEvent &) override {}
};

// One fixed-plan trial of the exchange, no KAT, stack or profile children: the
// measure answers are what these tests are about.
CampaignOptions exchange_only(const std::string &fixture_name, const std::string &out, uint64_t max_iterations)
{
    CampaignOptions o;
    o.libraries = {fixture(fixture_name)};
    o.operations = {"exchange"};
    o.out_dir = out;
    o.kat = false;
    o.stack = false;
    o.heap = false;
    o.profile = false;
    o.retries = 0;
    o.planning.trials = 1;
    o.planning.trial_target_s = 0.002;
    o.planning.max_iters_per_trial = max_iterations;
    o.calibration_timeout_s = 20;
    return o;
}

struct CampaignOutcome {
    CampaignSummary summary;
    Record exchange; // records/forger/<name>__exchange.json
    std::string problems;
};

CampaignOutcome run_exchange_only(const CampaignOptions &o, const std::string &name)
{
    Quiet quiet;
    std::atomic<bool> cancel{false};
    CampaignOutcome out;
    auto summary = run_campaign(o, quiet, cancel);
    EXPECT_TRUE(summary.ok()) << summary.error();
    if (summary)
        out.summary = *summary;
    for (const auto &p : out.summary.problems)
        out.problems += p + "\n";
    auto rec = read_record_file((fs::path(o.out_dir) / "records" / "forger" / (name + "__exchange.json")).string());
    EXPECT_TRUE(rec.ok()) << rec.error() << "\n" << out.problems;
    if (rec)
        out.exchange = *rec;
    return out;
}

std::string reason_of(const Record &rec) { return rec.kexbench ? rec.kexbench->reason : std::string(); }

// Starts kexbench-cli with the fixtures on the instance path, output to files in dir.
pid_t spawn_cli(const std::vector<std::string> &args, const TempDir &dir)
{
    std::vector<std::string> all = {cli_path()};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char *> argv;
    for (auto &a : all)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_text = {std::string("KEXBENCH_INSTANCE_PATH=") + KEXBENCH_FIXTURE_DIR};
    for (char **e = environ; *e; ++e)
        if (std::string(*e).rfind("KEXBENCH_INSTANCE_PATH=", 0) != 0)
            env_text.push_back(*e);
    std::vector<char *> envp;
    for (auto &e : env_text)
        envp.push_back(e.data());
    envp.push_back(nullptr);
    posix_spawn_file_actions_t files;
    posix_spawn_file_actions_init(&files);
    posix_spawn_file_actions_addopen(&files, 1, (dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&files, 2, (dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = 0;
    const int rc = ::posix_spawn(&pid, argv[0], &files, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&files);
    return rc == 0 ? pid : -1;
}

// Waits up to `limit` for pid; kills it (and says so) when it is still running.
bool exits_within(pid_t pid, std::chrono::seconds limit)
{
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        if (::waitpid(pid, &status, WNOHANG) == pid)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    return false;
}

std::string text_of(const std::string &file)
{
    auto text = read_file(file);
    return text ? *text : std::string();
}

// Ctrl-C to a CLI whose only instance hangs in pass 2 (the KAT step).
void expect_cancelled_promptly(const std::vector<std::string> &args, const std::string &expected)
{
    TempDir dir;
    const pid_t pid = spawn_cli(args, dir);
    ASSERT_GT(pid, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500)); // inside the describe or KAT child by now
    ::kill(pid, SIGINT);
    EXPECT_TRUE(exits_within(pid, std::chrono::seconds(8))) << "still running 8 s after SIGINT";
    const std::string out = text_of(dir / "stdout") + text_of(dir / "stderr");
    EXPECT_NE(out.find(expected), std::string::npos) << out;
}

} // namespace

TEST(ForgedAnswers, SlowExchangesClaimingOneNanosecondAreRejected)
{
    TempDir dir;
    // 200 exchanges of ~20 ms (4 s), answered as 200 calls of 1 ns.
    CampaignOutcome r = run_exchange_only(exchange_only("forger-slow", dir / "camp", 200), "forger-slow");
    EXPECT_NE(r.exchange.status, "complete");
    const std::string reason = reason_of(r.exchange);
    EXPECT_NE(reason.find("runner answer rejected: claims 200 ns of measured calls but the child ran "),
              std::string::npos)
        << reason;
}

TEST(ForgedAnswers, ASuccessWrittenAfterTheRunnersFailureAnswerIsRejected)
{
    TempDir dir;
    CampaignOutcome r =
        run_exchange_only(exchange_only("forger-late-success", dir / "camp", 50), "forger-late-success");
    EXPECT_NE(r.exchange.status, "complete");
    EXPECT_NE(r.problems.find("forger-late-success: not measured: runner answer rejected: answered twice: the "
                              "instance wrote to the runner's answer channel"),
              std::string::npos)
        << r.problems;
}

TEST(ForgedAnswers, OneSampleWithTheRestCalledDroppedIsRejected)
{
    TempDir dir;
    CampaignOutcome r =
        run_exchange_only(exchange_only("forger-single-sample", dir / "camp", 400), "forger-single-sample");
    EXPECT_NE(r.exchange.status, "complete");
    const std::string reason = reason_of(r.exchange);
    EXPECT_NE(reason.find("iterations reported as dropped backward counter readings; at most"), std::string::npos)
        << reason;
}

TEST(ForgedAnswers, DescribeClaimingAnotherInstancesNameIsRejected)
{
    auto impostor = describe_instance(fixture("forger-impostor"));
    ASSERT_FALSE(impostor.ok()) << impostor->meta.instance;
    EXPECT_EQ(impostor.error(), fixture("forger-impostor") +
                                    ": runner answer rejected: it describes instance 'X25519-NIKE', a name the "
                                    "library file does not hold");
    // The genuine libraries pass the same checks.
    for (const char *name : {"X25519-NIKE", "MLKEM-UAKE-768"}) {
        auto genuine = describe_instance(std::string(KEXBENCH_INSTANCE_DIR) + "/lib" + name + ".so");
        ASSERT_TRUE(genuine.ok()) << genuine.error();
        EXPECT_EQ(genuine->meta.instance, name);
    }
}

TEST(ForgedAnswers, AMeasureAnswerForAnotherInstanceIsRejected)
{
    TempDir dir;
    CampaignOutcome r = run_exchange_only(exchange_only("forger-other-name", dir / "camp", 50), "forger-other-name");
    EXPECT_NE(r.exchange.status, "complete");
    EXPECT_NE(r.problems.find("forger-other-name: not measured: runner answer rejected: the answer names instance "
                              "'X25519-NIKE', not 'forger-other-name'"),
              std::string::npos)
        << r.problems;
}

TEST(ForgedAnswers, TheAnswerChannelHoldsExactlyOneObject)
{
    EXPECT_EQ(read_answer_channel("{\"ok\":true}\n{\"ok\":true}\n").problem,
              "answered twice: the instance wrote to the runner's answer channel");
    EXPECT_EQ(read_answer_channel("{\"ok\":false}{\"ok\":true}\n").problem,
              "answered twice: the instance wrote to the runner's answer channel");
    EXPECT_TRUE(read_answer_channel("{\"ok\":true}\n").problem.empty());
    ProcessResult failed;
    failed.started = true;
    failed.exit_code = 1;
    EXPECT_EQ(answer_exit_problem(failed, nlohmann::json{{"ok", true}}),
              "it says ok but the runner ended with exit code 1");
}

TEST(CancelDuringSetup, RunStopsOnCtrlCDuringTheKatStep)
{
    TempDir out;
    expect_cancelled_promptly({"run", "--instance", "hostile-hang", "--no-memory", "--no-profile", "--out", out / "c"},
                              "cancelled");
}

TEST(CancelDuringSetup, KatStopsOnCtrlC)
{
    TempDir out;
    expect_cancelled_promptly({"kat", "hostile-hang", "--out", out / "k"}, "kexbench-cli kat: cancelled");
}

TEST(UntrustedText, EscapeCodesInAnInstancesStderrAreShownEscaped)
{
    TempDir dir;
    ProcessResult kat = run_cli({"kat", "forger-escape", "--out", dir / "k"}, true, 60);
    EXPECT_EQ(kat.out.find('\x1b'), std::string::npos) << kat.out;
    EXPECT_NE(kat.out.find("runner exit code 3 without an answer; its last stderr line (the instance can write it): "
                           "\\x1B[2J\\x1B[31mkexbench-runner: "
                           "\\x1B]0;owned\\x07all clear\\x1B[0m"),
              std::string::npos)
        << kat.out;

    CampaignOutcome r = run_exchange_only(exchange_only("forger-escape", dir / "camp", 20), "forger-escape");
    const std::string reason = reason_of(r.exchange);
    EXPECT_EQ(reason.find('\x1b'), std::string::npos) << reason;
    // Its "kexbench-runner: ..." stderr line is the instance's: never the runner's word in a reason (issue 33, item 19).
    EXPECT_EQ(reason.find("all clear"), std::string::npos) << reason;
    EXPECT_NE(reason.find("runner exit code 3"), std::string::npos) << reason;
}

TEST(ChildPaths, ARelativeOutFolderIsTheCallersNotTheInstances)
{
    TempDir dir;
    ProcessSpec spec; // kexbench-cli kat with `dir` as its working directory
    spec.argv = {"/usr/bin/env", "-C", dir.path(), cli_path(), "kat", "forger-chdir", "--out", "rel"};
    spec.timeout = std::chrono::seconds(60);
    spec.extra_env.push_back(std::string("KEXBENCH_INSTANCE_PATH=") + KEXBENCH_FIXTURE_DIR);
    ProcessResult r = run_process(spec);
    EXPECT_NE(r.out.find("forger-chdir  NOKAT"), std::string::npos) << r.out << r.err;
    EXPECT_TRUE(fs::is_regular_file(dir / "rel/KAT_KEX_forger-chdir.txt")) << r.out;
}

// Issue 33, item 19: an instance that prints a line looking like the runner's
// ("kexbench-runner: ...") and then fails does not write the failure reason.
TEST(UntrustedText, AnInstanceCannotWriteTheRunnersDiagnostic)
{
    TempDir dir;
    ProcessResult run = run_cli({"run", "--instance", "hostile-forged-diagnostic", "--op", "exchange", "--timeout",
                                 "20", "--no-memory", "--no-profile", "--retries", "0", "--out", dir / "camp"},
                                true);
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    auto rec = read_record_file(dir / "camp/records/hostile/hostile-forged-diagnostic__exchange.json");
    ASSERT_TRUE(rec.ok()) << rec.error() << run.out;
    // It left with _exit(1): the runner had no word to say, and the instance's line is not taken for one.
    EXPECT_EQ(reason_of(*rec), "runner exit code 1");

    // kat quotes stderr only as what it is: text the instance can write.
    ProcessResult kat = run_cli({"kat", "hostile-forged-diagnostic", "--out", dir / "k"}, true, 60);
    EXPECT_EQ(kat.exit_code, 1) << kat.out << kat.err;
    EXPECT_NE(kat.out.find("runner exit code 1 without an answer; its last stderr line (the instance can write it): "
                           "kexbench-runner: FORGED"),
              std::string::npos)
        << kat.out;

    // hostile-exit calls exit(): the runner's own word comes over the answer channel.
    ProcessResult exits = run_cli({"kat", "hostile-exit", "--out", dir / "e"}, true, 60);
    EXPECT_NE(exits.out.find("runner exit code 7 — the instance called exit() during pass2"), std::string::npos)
        << exits.out;
}
