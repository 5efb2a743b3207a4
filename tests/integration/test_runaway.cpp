// SPDX-License-Identifier: GPL-3.0-or-later
// Runner children that run away, through the real kexbench-cli: an instance that
// touches too much memory, one that leaves processes behind, and a runner that
// hangs while the CLI above it is killed with kill -9.
#include "cli_helpers.h"

#include "core/data/record.h"

#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>
#include <dirent.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;
using namespace std::chrono_literals;

namespace {

// One short trial of the exchange, nothing else.
std::vector<std::string> one_trial(const std::string &instance, const std::string &out)
{
    return {"run", "--instance", instance,      "--op",         "exchange", "--trials",
            "1",   "--target",   "0.002",       "--retries",    "0",        "--timeout",
            "20",  "--no-kat",   "--no-memory", "--no-profile", "--out",    out};
}

ProcessResult run_cli_env(std::vector<std::string> args, const std::vector<std::string> &env)
{
    ProcessSpec spec;
    spec.argv.push_back(cli_path());
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = 120s;
    spec.extra_env.push_back(std::string("KEXBENCH_INSTANCE_PATH=") + KEXBENCH_FIXTURE_DIR);
    spec.extra_env.insert(spec.extra_env.end(), env.begin(), env.end());
    return run_process(spec);
}

std::string exchange_reason(const std::string &out, const std::string &instance)
{
    auto rec = read_record_file(out + "/records/runaway/" + instance + "__exchange.json");
    EXPECT_TRUE(rec.ok()) << rec.error();
    if (!rec.ok())
        return {};
    EXPECT_EQ(rec->status, "failed_or_partial");
    return rec->kexbench ? rec->kexbench->reason : std::string();
}

struct Stat {
    char state = '?';
    pid_t ppid = 0;
    std::string comm;
};

// A /proc file's text, empty when the process is gone: libstdc++'s filebuf
// throws when read() fails with ESRCH, which a process exiting between the
// open and the read gives (seen in CI).
std::string proc_text(const std::string &path)
{
    std::string text;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return text;
    char buf[4096];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;)
        text.append(buf, static_cast<size_t>(n));
    ::close(fd);
    return text;
}

std::optional<Stat> stat_of(pid_t pid)
{
    const std::string text = proc_text("/proc/" + std::to_string(pid) + "/stat");
    size_t open = text.find('('), close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos)
        return std::nullopt;
    Stat st;
    st.comm = text.substr(open + 1, close - open - 1);
    std::istringstream rest(text.substr(close + 1));
    rest >> st.state >> st.ppid;
    return st;
}

// Running: exists and is not a zombie (a zombie re-parented to this test process is reaped).
bool running(pid_t pid)
{
    auto st = stat_of(pid);
    if (st && st->state == 'Z')
        ::waitpid(pid, nullptr, WNOHANG);
    return st && st->state != 'Z';
}

bool gone_within(pid_t pid, std::chrono::milliseconds patience)
{
    const auto give_up = std::chrono::steady_clock::now() + patience;
    while (running(pid)) {
        if (std::chrono::steady_clock::now() > give_up)
            return false;
        std::this_thread::sleep_for(20ms);
    }
    return true;
}

bool is_measure_child(pid_t pid)
{
    const std::string cmdline = proc_text("/proc/" + std::to_string(pid) + "/cmdline");
    return cmdline.find(std::string("\0measure\0", 9)) != std::string::npos;
}

// A measuring kexbench-runner whose parent is pid, or 0.
pid_t measuring_runner_child_of(pid_t parent)
{
    pid_t found = 0;
    DIR *dir = ::opendir("/proc");
    while (dir && found == 0) {
        const dirent *e = ::readdir(dir);
        if (!e)
            break;
        pid_t pid = static_cast<pid_t>(std::atoi(e->d_name));
        auto st = pid > 0 ? stat_of(pid) : std::nullopt;
        if (st && st->ppid == parent && st->comm == "kexbench-runner" && st->state != 'Z' && is_measure_child(pid))
            found = pid;
    }
    if (dir)
        ::closedir(dir);
    return found;
}

} // namespace

TEST(Runaway, AChildPassingTheMemoryLimitFailsItsRecord)
{
    TempDir dir;
    std::vector<std::string> args = one_trial("runaway-memory", dir / "camp");
    args.insert(args.end() - 2, {"--memory-limit", "256M"});
    ProcessResult r = run_cli_env(args, {"KEXBENCH_TEST_RUNAWAY_MIB=1024"});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    const std::string reason = exchange_reason(dir / "camp", "runaway-memory");
    EXPECT_NE(reason.find("exceeded the memory limit of 256 MiB"), std::string::npos) << reason;
}

TEST(Runaway, ProcessesLeftByAnInstanceAreKilledAndNamed)
{
    TempDir dir;
    ProcessResult r =
        run_cli_env(one_trial("runaway-fork", dir / "camp"), {"KEXBENCH_TEST_RUNAWAY_PIDS=" + dir / "pids"});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    const std::string reason = exchange_reason(dir / "camp", "runaway-fork");
    EXPECT_NE(reason.find("left 5 processes running (killed)"), std::string::npos) << reason;
    std::ifstream pids(dir / "pids");
    int count = 0;
    for (long pid; pids >> pid; ++count)
        EXPECT_TRUE(gone_within(static_cast<pid_t>(pid), 2s)) << "fixture process " << pid << " survived";
    EXPECT_GE(count, 5);
}

// The CLI is killed with kill -9 while its runner hangs in the instance: the runner dies too.
TEST(Runaway, AHangingRunnerDiesWithAKilledCli)
{
    TempDir dir;
    pid_t cli = ::fork();
    if (cli == 0) {
        ::setenv("KEXBENCH_INSTANCE_PATH", KEXBENCH_FIXTURE_DIR, 1);
        int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, 1);
        ::dup2(null, 2);
        std::vector<std::string> args = one_trial("hostile-hang", dir / "camp");
        args.insert(args.begin(), cli_path());
        std::vector<char *> argv;
        for (auto &a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    // Past the describe child, the first measuring child hangs in pass 2 for up to --timeout 20 s.
    pid_t runner = 0;
    for (int i = 0; i < 200 && runner == 0; ++i) {
        std::this_thread::sleep_for(50ms);
        runner = measuring_runner_child_of(cli);
    }
    std::this_thread::sleep_for(300ms); // into the hang
    ::kill(cli, SIGKILL);
    ::waitpid(cli, nullptr, 0);
    ASSERT_GT(runner, 0) << "no runner child was seen";
    bool gone = gone_within(runner, 5s);
    if (!gone)
        ::kill(runner, SIGKILL);
    EXPECT_TRUE(gone) << "runner " << runner << " outlived its killed CLI";
}

// An instance printing 256 MiB to stderr in each measuring child: the CLI keeps only tails, so its
// own peak memory is that of the same campaign printing 1 MiB (within 32 MiB), far below what was
// printed, and the record is still complete. (Compared with itself, not with a fixed bound: a
// sanitizer build's CLI is larger.)
TEST(Runaway, AFloodOfStderrDoesNotGrowTheCli)
{
    auto peak_of = [](int mib) -> uint64_t {
        TempDir dir;
        const ProcessResult r = run_cli_env(one_trial("runaway-stderr", dir / "camp"),
                                            {"KEXBENCH_TEST_RUNAWAY_STDERR_MIB=" + std::to_string(mib)});
        EXPECT_EQ(r.exit_code, 0) << r.out << r.err.substr(0, 2000);
        auto rec = read_record_file(dir / "camp/records/runaway/runaway-stderr__exchange.json");
        EXPECT_TRUE(rec.ok()) << rec.error();
        if (rec.ok())
            EXPECT_EQ(rec->status, "complete");
        EXPECT_GT(r.max_rss_bytes, 0u) << "the CLI's peak must be above this test's own";
        return r.max_rss_bytes;
    };
    const uint64_t quiet = peak_of(1), flood = peak_of(256);
    EXPECT_LT(flood, quiet + (uint64_t{32} << 20))
        << "peak resident set of kexbench-cli and its runners: " << (flood >> 20) << " MiB printing 256 MiB, "
        << (quiet >> 20) << " MiB printing 1 MiB";
}
