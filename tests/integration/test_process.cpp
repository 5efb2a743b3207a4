// SPDX-License-Identifier: GPL-3.0-or-later
// run_process with real children: large output on both streams, stdin, exit
// codes, signals, timeouts, CPU pinning, exec failures and concurrent callers.
#include "core/process.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

using kexbench::ProcessResult;
using kexbench::ProcessSpec;
using kexbench::run_process;
using namespace std::chrono_literals;

namespace {

ProcessResult run(std::vector<std::string> argv, std::chrono::milliseconds timeout = 30s)
{
    ProcessSpec spec;
    spec.argv = std::move(argv);
    spec.timeout = timeout;
    return run_process(spec);
}

ProcessResult sh(const std::string &script, std::chrono::milliseconds timeout = 30s)
{
    return run({"/bin/sh", "-c", script}, timeout);
}

std::string random_bytes(size_t n)
{
    std::mt19937 rng(7);
    std::string s(n, '\0');
    for (char &c : s)
        c = static_cast<char>(rng());
    return s;
}

} // namespace

TEST(Process, CapturesLargeStdout)
{
    auto r = run({"head", "-c", "5000000", "/dev/zero"});
    ASSERT_TRUE(r.started) << r.error;
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_EQ(r.out.size(), 5000000u);
    EXPECT_EQ(r.out.find_first_not_of('\0'), std::string::npos);
    EXPECT_TRUE(r.err.empty());
}

// A child that fills stderr while we wait on stdout would deadlock a naive reader.
TEST(Process, CapturesLargeStdoutAndStderrTogether)
{
    auto r = sh("head -c 3000000 /dev/zero >&2; head -c 3000000 /dev/zero; head -c 1000 /dev/zero >&2");
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_EQ(r.out.size(), 3000000u);
    EXPECT_EQ(r.err.size(), 3001000u);
}

TEST(Process, SeparatesTheStreams)
{
    auto r = sh("echo to-out; echo to-err >&2");
    EXPECT_EQ(r.out, "to-out\n");
    EXPECT_EQ(r.err, "to-err\n");
    EXPECT_EQ(r.describe_end(), "exit code 0");
}

TEST(Process, ReportsTheExitCode)
{
    auto r = sh("exit 3");
    EXPECT_TRUE(r.started);
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.signal, 0);
    EXPECT_EQ(r.describe_end(), "exit code 3");
}

TEST(Process, ReportsTheKillingSignal)
{
    auto r = sh("kill -SEGV $$");
    EXPECT_FALSE(r.succeeded());
    EXPECT_FALSE(r.timed_out);
    EXPECT_EQ(r.signal, 11);
    EXPECT_EQ(r.describe_end(), "killed by signal 11 (Segmentation fault)");
}

TEST(Process, KillsAChildThatOverrunsItsTimeout)
{
    auto start = std::chrono::steady_clock::now();
    auto r = run({"sleep", "30"}, 300ms);
    double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(r.started);
    EXPECT_TRUE(r.timed_out);
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.signal, SIGKILL);
    EXPECT_LT(took, 3.0);
    EXPECT_GE(r.wall_seconds, 0.25);
    EXPECT_EQ(r.describe_end(), "timed out after 0.3 s");
}

// The whole process group dies: a grandchild must not outlive a timed-out runner.
TEST(Process, TimeoutKillsTheGrandchildrenToo)
{
    auto r = sh("sleep 30 & echo $!; wait", 300ms);
    ASSERT_TRUE(r.timed_out);
    pid_t grandchild = std::stoi(r.out);
    bool gone = false;
    for (int i = 0; i < 200 && !gone; ++i) {
        std::ifstream stat("/proc/" + std::to_string(grandchild) + "/stat");
        std::string pid, comm, state;
        gone = !(stat >> pid >> comm >> state) || state == "Z" || comm != "(sleep)";
        if (!gone)
            std::this_thread::sleep_for(10ms);
    }
    EXPECT_TRUE(gone) << "sleep " << grandchild << " survived the timeout";
}

// The child is done, but a background grandchild still holds stdout: no waiting for the full timeout.
TEST(Process, DoesNotWaitForDescendantsHoldingThePipes)
{
    auto start = std::chrono::steady_clock::now();
    auto r = sh("sleep 30 & echo started", 20s);
    double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_EQ(r.out, "started\n");
    EXPECT_LT(took, 5.0);
}

TEST(Process, StillRunningAfterClosingItsStreamsIsTimedOut)
{
    auto r = sh("exec >&- 2>&-; sleep 30", 300ms);
    EXPECT_TRUE(r.timed_out);
    EXPECT_EQ(r.describe_end(), "timed out after 0.3 s");
}

TEST(Process, MissingExecutableIsNotStarted)
{
    auto r = run({"/nonexistent/kexbench-runner"});
    EXPECT_FALSE(r.started);
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.error, "cannot run /nonexistent/kexbench-runner: No such file or directory");
    EXPECT_EQ(r.describe_end(), "not started: cannot run /nonexistent/kexbench-runner: No such file or directory");

    r = run({"kexbench-no-such-program-anywhere"});
    EXPECT_FALSE(r.started);
    EXPECT_EQ(r.error, "cannot run kexbench-no-such-program-anywhere: No such file or directory");
}

TEST(Process, NonExecutableFileIsNotStarted)
{
    std::string path = std::filesystem::temp_directory_path() / ("kexbench-noexec-" + std::to_string(getpid()));
    std::ofstream(path) << "echo hi\n";
    auto r = run({path});
    std::filesystem::remove(path);
    EXPECT_FALSE(r.started);
    EXPECT_EQ(r.error, "cannot run " + path + ": Permission denied");
}

TEST(Process, EmptyCommandLineIsNotStarted)
{
    auto r = run({});
    EXPECT_FALSE(r.started);
    EXPECT_EQ(r.error, "cannot run: empty command line");
}

TEST(Process, PinsTheChildToTheRequestedCpu)
{
    ProcessSpec spec;
    spec.argv = {"/bin/sh", "-c", "grep Cpus_allowed_list /proc/self/status"};
    spec.cpu = 0;
    auto r = run_process(spec);
    EXPECT_TRUE(r.succeeded()) << r.describe_end() << r.error;
    EXPECT_EQ(r.out, "Cpus_allowed_list:\t0\n");
}

TEST(Process, ImpossibleCpuIsReported)
{
    ProcessSpec spec;
    spec.argv = {"/bin/true"};
    spec.cpu = -1;
    auto r = run_process(spec);
    EXPECT_FALSE(r.started);
    EXPECT_EQ(r.error, "cannot run /bin/true: CPU -1 is out of range");

    spec.cpu = 1000; // far above any CPU this machine has
    r = run_process(spec);
    EXPECT_FALSE(r.started);
    EXPECT_EQ(r.error, "cannot pin /bin/true to CPU 1000: Invalid argument");
}

TEST(Process, PassesStdinThrough)
{
    ProcessSpec spec;
    spec.argv = {"cat"};
    spec.stdin_data = "hello runner\n";
    auto r = run_process(spec);
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_EQ(r.out, "hello runner\n");
}

// Megabytes both ways at once: the pipe buffers fill on both sides unless writes and reads interleave.
TEST(Process, StreamsLargeStdinWhileReadingLargeStdout)
{
    ProcessSpec spec;
    spec.argv = {"cat"};
    spec.stdin_data = random_bytes(4 << 20);
    auto r = run_process(spec);
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_TRUE(r.out == spec.stdin_data);
}

// The child never reads: writing must neither block forever nor kill us with SIGPIPE.
TEST(Process, ChildIgnoringStdinDoesNotHurtTheCaller)
{
    ProcessSpec spec;
    spec.argv = {"/bin/true"};
    spec.stdin_data = random_bytes(8 << 20);
    auto r = run_process(spec);
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
}

TEST(Process, AddsAndOverridesEnvironmentVariables)
{
    ::setenv("KEXBENCH_TEST_OVERRIDE", "old", 1);
    ProcessSpec spec;
    spec.argv = {"/bin/sh", "-c", "echo \"$KEXBENCH_TEST_ADDED $KEXBENCH_TEST_OVERRIDE\"; env | grep -c KEXBENCH_TEST_OVERRIDE"};
    spec.extra_env = {"KEXBENCH_TEST_ADDED=added", "KEXBENCH_TEST_OVERRIDE=new"};
    auto r = run_process(spec);
    ::unsetenv("KEXBENCH_TEST_OVERRIDE");
    EXPECT_EQ(r.out, "added new\n1\n");
}

// Several GUI workers may run children at once; no descriptor may leak between them.
TEST(Process, ConcurrentCallersGetTheirOwnOutput)
{
    constexpr int kThreads = 6;
    std::vector<std::string> outs(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([t, &outs] {
            for (int i = 0; i < 5; ++i) {
                auto r = sh("head -c 200000 /dev/zero | tr '\\0' x >/dev/null; echo " + std::to_string(t));
                outs[t] += r.out;
            }
        });
    for (auto &th : threads)
        th.join();
    for (int t = 0; t < kThreads; ++t) {
        std::string expected;
        for (int i = 0; i < 5; ++i)
            expected += std::to_string(t) + "\n";
        EXPECT_EQ(outs[t], expected);
    }
}

TEST(ProcessEnd, DescribesEveryEnding)
{
    ProcessResult r;
    r.started = true;
    r.exit_code = 0;
    EXPECT_EQ(r.describe_end(), "exit code 0");
    r.exit_code = -1;
    r.signal = 6;
    EXPECT_EQ(r.describe_end(), "killed by signal 6 (Aborted)");
    r.timed_out = true;
    r.signal = 9;
    r.timeout_seconds = 5;
    EXPECT_EQ(r.describe_end(), "timed out after 5 s");
}
