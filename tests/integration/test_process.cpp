// SPDX-License-Identifier: GPL-3.0-or-later
// run_process with real children: large output on both streams, stdin, exit
// codes, signals, timeouts, CPU pinning, exec failures and concurrent callers.
#include "core/campaign/process.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
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
    ProcessSpec spec;
    spec.argv = {"/bin/sh", "-c",
                 "head -c 3000000 /dev/zero >&2; head -c 3000000 /dev/zero; head -c 1000 /dev/zero >&2"};
    spec.err_tail_bytes = 8 << 20;
    auto r = run_process(spec);
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

// The child is done, but a background grandchild still holds stdout: no waiting for the full timeout;
// the grandchild is killed and the child blamed for it.
TEST(Process, DoesNotWaitForDescendantsHoldingThePipes)
{
    auto start = std::chrono::steady_clock::now();
    auto r = sh("sleep 30 & echo started", 20s);
    double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.leftover_processes, 1);
    EXPECT_EQ(r.describe_end(), "left 1 process running (killed)");
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

// Page faults this thread took while writing once to every page of a buffer it had written before.
long faultsRewriting(char *buffer, size_t bytes)
{
    rusage before{}, after{};
    ::getrusage(RUSAGE_THREAD, &before);
    for (size_t i = 0; i < bytes; i += 4096)
        buffer[i] = static_cast<char>(buffer[i] + 1);
    ::getrusage(RUSAGE_THREAD, &after);
    return after.ru_minflt - before.ru_minflt;
}

// A forked child would leave every page of ours copy-on-write: the GUI thread
// then paid a page fault (and a TLB flush on both CPUs) per page it painted,
// after each of the five runner children of every record.
TEST(Process, RunningAChildLeavesOurMemoryWritable)
{
    constexpr size_t kBytes = size_t{32} << 20, kPages = kBytes / 4096;
    void *mapped = ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(mapped, MAP_FAILED);
    ::madvise(mapped, kBytes, MADV_NOHUGEPAGE); // one fault per 4 KiB page, whatever the THP setting
    char *buffer = static_cast<char *>(mapped);
    std::memset(buffer, 1, kBytes);
    const long untouched = faultsRewriting(buffer, kBytes);

    ProcessSpec spec;
    spec.argv = {"/bin/true"};
    ASSERT_TRUE(run_process(spec).succeeded());
    const long afterChild = faultsRewriting(buffer, kBytes);
    ::munmap(mapped, kBytes);
    EXPECT_LT(afterChild, static_cast<long>(kPages / 8))
        << afterChild << " page faults rewriting " << kPages << " pages after one child (" << untouched
        << " before it): the child made our memory copy-on-write";
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
    spec.argv = {"/bin/sh", "-c",
                 "echo \"$KEXBENCH_TEST_ADDED $KEXBENCH_TEST_OVERRIDE\"; env | grep -c KEXBENCH_TEST_OVERRIDE"};
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

// --- Runaway children: output, leftovers, parent death, CPU and memory bounds -----------------------

namespace {

const std::string kChild = KEXBENCH_PROCESS_CHILD;

long status_kib(const char *field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(field, 0) == 0)
            return std::stol(line.substr(std::strlen(field)));
    return -1;
}

// Running means: the pid exists and is not a zombie (a zombie re-parented to us is reaped here).
bool running(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    size_t paren = text.rfind(')');
    if (paren == std::string::npos || paren + 2 >= text.size())
        return false;
    if (text[paren + 2] == 'Z') {
        ::waitpid(pid, nullptr, WNOHANG);
        return false;
    }
    return true;
}

bool gone_within(pid_t pid, std::chrono::milliseconds patience)
{
    auto give_up = std::chrono::steady_clock::now() + patience;
    while (running(pid)) {
        if (std::chrono::steady_clock::now() > give_up)
            return false;
        std::this_thread::sleep_for(10ms);
    }
    return true;
}

std::vector<pid_t> pids_in(const std::string &text)
{
    std::vector<pid_t> pids;
    std::istringstream in(text);
    for (long pid; in >> pid;)
        pids.push_back(static_cast<pid_t>(pid));
    return pids;
}

} // namespace

// 300 MB on stderr: we keep the tail, count everything, and our own memory barely grows.
TEST(ProcessRunaway, KeepsOnlyTheTailOfAHugeStderr)
{
    std::ofstream("/proc/self/clear_refs") << "5"; // resets our peak resident set (VmHWM)
    const long rss_before = status_kib("VmRSS:");
    ProcessSpec spec;
    spec.argv = {kChild, "stderr", "300"};
    auto r = run_process(spec);
    const long peak = status_kib("VmHWM:");
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_EQ(r.err_bytes, (uint64_t{300} << 20) + 14);
    EXPECT_EQ(r.err.size(), spec.err_tail_bytes);
    EXPECT_TRUE(r.err.size() > 14 && r.err.compare(r.err.size() - 14, 14, "the last line\n") == 0);
    EXPECT_LT(peak - rss_before, 32 * 1024) << "KiB of growth while the child printed 300 MiB";
}

TEST(ProcessRunaway, StdoutPastItsLimitIsAFailure)
{
    ProcessSpec spec;
    spec.argv = {"head", "-c", "3000000", "/dev/zero"};
    spec.out_limit_bytes = 1 << 20;
    auto r = run_process(spec);
    EXPECT_FALSE(r.succeeded());
    EXPECT_TRUE(r.out_overflow);
    EXPECT_EQ(r.out.size(), size_t{1} << 20);
    EXPECT_EQ(r.out_bytes, 3000000u);
    EXPECT_EQ(r.describe_end(), "printed more than 1 MiB on its answer channel");
}

// Descriptors closed, setsid, a double fork: all five are found, killed and counted; a process of
// our own that run_process did not start is left alone.
TEST(ProcessRunaway, KillsAndCountsWhatAChildLeavesRunning)
{
    pid_t ours = ::fork();
    if (ours == 0) {
        ::sleep(60);
        ::_exit(0);
    }
    auto r = run({kChild, "hide"});
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.leftover_processes, 5);
    EXPECT_EQ(r.describe_end(), "left 5 processes running (killed)");
    std::vector<pid_t> hidden = pids_in(r.out);
    EXPECT_EQ(hidden.size(), 5u) << r.out;
    for (pid_t pid : hidden)
        EXPECT_TRUE(gone_within(pid, 2s)) << pid << " survived";
    EXPECT_TRUE(running(ours)) << "a child run_process did not start was killed";
    ::kill(ours, SIGKILL);
    ::waitpid(ours, nullptr, 0);
}

// The GUI runs children from several threads: each call is blamed for its own leftovers only.
TEST(ProcessRunaway, ConcurrentCallersCountTheirOwnLeftovers)
{
    std::vector<ProcessResult> results(3);
    std::vector<std::thread> threads;
    for (auto &result : results)
        threads.emplace_back([&result] { result = run({kChild, "hide"}); });
    for (auto &t : threads)
        t.join();
    for (const auto &result : results) {
        EXPECT_EQ(result.leftover_processes, 5) << result.out;
        for (pid_t pid : pids_in(result.out))
            EXPECT_TRUE(gone_within(pid, 2s)) << pid << " survived";
    }
}

// kill -9 of the process that ran the child: the child dies too (PR_SET_PDEATHSIG).
TEST(ProcessRunaway, AChildDiesWithItsParent)
{
    const std::string pid_file = std::filesystem::temp_directory_path() / ("kexbench-hang-" + std::to_string(getpid()));
    std::filesystem::remove(pid_file);
    pid_t parent = ::fork();
    if (parent == 0) {
        ::execl(kChild.c_str(), kChild.c_str(), "run-hanging", pid_file.c_str(), static_cast<char *>(nullptr));
        ::_exit(127);
    }
    pid_t hanging = 0;
    for (int i = 0; i < 500 && hanging == 0; ++i) {
        std::ifstream(pid_file) >> hanging;
        if (hanging == 0)
            std::this_thread::sleep_for(10ms);
    }
    ::kill(parent, SIGKILL);
    ::waitpid(parent, nullptr, 0);
    std::filesystem::remove(pid_file);
    ASSERT_GT(hanging, 0) << "the hanging child never started";
    bool gone = gone_within(hanging, 5s);
    if (!gone)
        ::kill(hanging, SIGKILL);
    EXPECT_TRUE(gone) << "the child of a killed parent is still running";
}

TEST(ProcessRunaway, ChildHasACpuTimeLimitDerivedFromItsTimeout)
{
    auto r = sh("ulimit -t", 10s);
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_EQ(r.out, std::to_string(10 * ::sysconf(_SC_NPROCESSORS_ONLN) + 60) + "\n");
}

TEST(ProcessRunaway, AChildPassingTheMemoryLimitIsKilledEarly)
{
    ProcessSpec spec;
    spec.argv = {kChild, "touch", "1024"};
    spec.memory_limit_bytes = 128 << 20;
    auto r = run_process(spec);
    EXPECT_FALSE(r.succeeded());
    EXPECT_TRUE(r.memory_exceeded);
    EXPECT_FALSE(r.timed_out);
    EXPECT_EQ(r.signal, SIGKILL);
    EXPECT_LT(r.max_rss_bytes, uint64_t{512} << 20) << "killed late";
    EXPECT_EQ(r.describe_end(), "exceeded the memory limit of 128 MiB");
}

// exec copies the outgoing mm's high-water mark into the child's ru_maxrss, and a child execs
// from our mm: a small child of a parent that once held 256 MiB is not over a 128 MiB limit.
TEST(ProcessRunaway, ASmallChildIsNotBlamedForItsParentsPeakMemory)
{
    // Our high-water mark is put back to our resident set afterwards (clear_refs 5), so that the
    // tests after this one, in this process, see their children's own figures again.
    struct ResetPeakAtEnd {
        ~ResetPeakAtEnd()
        {
            if (FILE *f = std::fopen("/proc/self/clear_refs", "we")) {
                std::fputs("5", f);
                std::fclose(f);
            }
        }
    } reset_peak;
    {
        std::vector<char> big(size_t{256} << 20, 1); // every page touched, then given back
        volatile const char *keep = big.data();
        ASSERT_EQ(keep[big.size() - 1], 1);
    }
    ASSERT_GE(status_kib("VmHWM:"), 250 * 1024);
    ASSERT_LT(status_kib("VmRSS:"), 128 * 1024);
    ProcessSpec spec;
    spec.argv = {kChild, "touch", "16", "0"};
    spec.memory_limit_bytes = 128 << 20;
    auto r = run_process(spec);
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_FALSE(r.memory_exceeded);
    EXPECT_EQ(r.max_rss_bytes, 0u) << "wait4's figure is our own peak, not the child's: not known";
    // A child that goes above our peak has its own figure again.
    spec.argv = {kChild, "touch", "320", "0"};
    spec.memory_limit_bytes = 0;
    r = run_process(spec);
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_GE(r.max_rss_bytes, uint64_t{320} << 20);
}

TEST(ProcessRunaway, ReportsCpuTimeAndPeakMemoryOfEveryChild)
{
    auto r = run({kChild, "touch", "64", "0"});
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_GE(r.max_rss_bytes, uint64_t{64} << 20);
    EXPECT_FALSE(r.memory_exceeded);

    r = sh("i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done");
    EXPECT_TRUE(r.succeeded()) << r.describe_end();
    EXPECT_GT(r.cpu_seconds, 0.01);
}

TEST(ProcessEnd, DescribesRunawayEndings)
{
    ProcessResult r;
    r.started = true;
    r.exit_code = 0;
    r.leftover_processes = 1;
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.describe_end(), "left 1 process running (killed)");
    r.exit_code = 3;
    r.leftover_processes = 2;
    EXPECT_EQ(r.describe_end(), "exit code 3 and left 2 processes running (killed)");
    r.leftover_processes = 0;
    r.exit_code = 0;
    r.out_overflow = true;
    r.out_limit_bytes = size_t{256} << 20;
    EXPECT_EQ(r.describe_end(), "printed more than 256 MiB on its answer channel");
    r.memory_exceeded = true;
    r.memory_limit_bytes = uint64_t{3} << 29;
    EXPECT_EQ(r.describe_end(), "exceeded the memory limit of 1.5 GiB");
}

TEST(ProcessEnd, ByteSizesReadAndWrittenInBinaryUnits)
{
    EXPECT_EQ(kexbench::bytes_text(512), "512 bytes");
    EXPECT_EQ(kexbench::bytes_text(64 << 10), "64 KiB");
    EXPECT_EQ(kexbench::bytes_text(uint64_t{8} << 30), "8 GiB");
    EXPECT_EQ(kexbench::parse_bytes("512M"), uint64_t{512} << 20);
    EXPECT_EQ(kexbench::parse_bytes("8G"), uint64_t{8} << 30);
    EXPECT_EQ(kexbench::parse_bytes("1.5GiB"), uint64_t{3} << 29);
    EXPECT_EQ(kexbench::parse_bytes("0"), uint64_t{0});
    EXPECT_EQ(kexbench::parse_bytes("4096"), uint64_t{4096});
    EXPECT_FALSE(kexbench::parse_bytes("lots"));
    EXPECT_FALSE(kexbench::parse_bytes("-1G"));
    EXPECT_FALSE(kexbench::parse_bytes("8X"));
}
