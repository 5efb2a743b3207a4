// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli bench stability end to end: real campaigns of X25519-NIKE with a
// tiny fixed plan, the shape of the per-run and summary lines (never their
// values: they are timings), and the background load's lifetime — it must be
// gone once the command has ended, however it ended.
#include "cli_helpers.h"
#include "core/base/affinity.h"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

using namespace kexbench;
using namespace kexbench::test;

namespace {

// A small plan: 5 trials of a few milliseconds per run.
const std::vector<std::string> kQuick = {"bench", "stability", "--runs", "2", "--mode", "fixed", "--budget", "0.05"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string> &more)
{
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

bool has_line(const std::string &out, const std::string &pattern)
{
    const std::regex re(pattern);
    for (const std::string &line : lines_of(out))
        if (std::regex_match(line, re))
            return true;
    return false;
}

// Every "load: on for run N, pid P on CPU C" line's pid.
std::vector<pid_t> load_pids(const std::string &out)
{
    static const std::regex re("load: on for run [0-9]+, pid ([0-9]+) on CPU [0-9]+");
    std::vector<pid_t> pids;
    std::smatch m;
    for (const std::string &line : lines_of(out))
        if (std::regex_match(line, m, re))
            pids.push_back(static_cast<pid_t>(std::stol(m[1])));
    return pids;
}

// Gone = no such process, or only a zombie left for init to reap (an orphan
// whose new parent has not waited yet runs no code).
bool process_gone(pid_t pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    if (!stat)
        return true;
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t close = text.rfind(')');
    return close != std::string::npos && close + 2 < text.size() && text[close + 2] == 'Z';
}

int usable_cpu_count() { return static_cast<int>(usable_cpus().size()); }

const char *kNumber = "[0-9.]+(e[-+][0-9]+)?";
const char *kTime = "[0-9.]+(e[-+][0-9]+)? (s|ms|µs|ns)";

// The CLI with stdout and stderr on one pipe, read line by line, so a test can
// act in the middle of a command (at the moment the load is started).
class LiveCli {
public:
    explicit LiveCli(const std::vector<std::string> &args)
    {
        int fds[2];
        if (::pipe(fds) != 0)
            return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::dup2(fds[1], STDOUT_FILENO);
            ::dup2(fds[1], STDERR_FILENO);
            ::close(fds[0]);
            ::close(fds[1]);
            ::setenv("KEXBENCH_INSTANCE_PATH", "", 1);
            std::vector<std::string> all = {cli_path()};
            all.insert(all.end(), args.begin(), args.end());
            std::vector<char *> argv;
            for (auto &a : all)
                argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::close(fds[1]);
        out_ = ::fdopen(fds[0], "r");
    }
    ~LiveCli()
    {
        if (pid_ > 0 && !waited_) {
            ::kill(pid_, SIGKILL);
            wait();
        }
        if (out_)
            std::fclose(out_);
    }

    // Reads lines until one contains `part`; false at end of output.
    bool read_until(const std::string &part, std::string &line)
    {
        char buffer[4096];
        while (out_ && std::fgets(buffer, sizeof buffer, out_)) {
            line = buffer;
            text_ += line;
            if (line.find(part) != std::string::npos)
                return true;
        }
        return false;
    }
    void signal(int sig) { ::kill(pid_, sig); }
    int wait()
    {
        int status = 0;
        if (pid_ <= 0) // never started: waitpid(-1) would wait for any child of the test
            return -1;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
        waited_ = true;
        return status;
    }
    const std::string &text() const { return text_; }

private:
    pid_t pid_ = -1;
    FILE *out_ = nullptr;
    bool waited_ = false;
    std::string text_;
};

// Starts a loaded stability run, stops the CLI with `sig` as soon as the load is
// on, and returns the load's pid (0 when the line never came) and the CLI's status.
std::pair<pid_t, int> interrupt_loaded_run(int sig)
{
    LiveCli cli(with(kQuick, {"--load", "alternate"}));
    std::string line;
    if (!cli.read_until("load: on for run", line)) {
        ADD_FAILURE() << "no load line in:\n" << cli.text();
        return {0, cli.wait()};
    }
    const std::vector<pid_t> pids = load_pids(line);
    cli.signal(sig);
    const int status = cli.wait();
    return {pids.empty() ? 0 : pids.front(), status};
}

} // namespace

TEST(BenchStabilityCli, PrintsEachRunAndTheSummary)
{
    ProcessResult r = run_cli(kQuick, false, 300);
    ASSERT_TRUE(r.succeeded()) << r.describe_end() << "\n" << r.err << r.out;
    EXPECT_TRUE(has_line(r.out, "stability of X25519-NIKE exchange: 2 independent campaigns \\(fixed.*\\), "
                                "measuring on CPU [0-9]+"))
        << r.out;
    for (const std::string run : {"1", "2"})
        EXPECT_TRUE(has_line(r.out, "run " + run + ": load off, 5 trials, center " + kTime +
                                        ", 95 % CI n/a: 5 trials reach 93.8 % only, disturbed retries [0-9]+, "
                                        "disturbed (yes|no)"))
            << "run " << run << " in:\n"
            << r.out;
    EXPECT_TRUE(has_line(r.out, std::string("between-run spread: ") + kNumber + " % .*")) << r.out;
    // Fixed mode's 5 trials reach no 95 % CI, so there is nothing to cover with.
    EXPECT_TRUE(has_line(r.out, "run 1: no 95 % CI \\(n/a: 5 trials reach 93.8 % only\\)")) << r.out;
    EXPECT_TRUE(has_line(r.out, "CI coverage of other runs: 0 of 0 \\(n/a: no run reached a 95 % CI\\)")) << r.out;
    EXPECT_TRUE(
        has_line(r.out, std::string("run 1 -> run 2: (faster|slower|equivalent within \u00b11 %|inconclusive|n/a: .*) "
                                    "\\(Mann-Whitney U over trial values, p = ") +
                            kNumber + ", alpha 0.05, margin \u00b11 %\\)"))
        << r.out;
    EXPECT_TRUE(has_line(r.out, "consecutive pairs not called faster or slower: [01] of 1")) << r.out;
    EXPECT_TRUE(load_pids(r.out).empty()) << "--load off started a load";
}

TEST(BenchStabilityCli, AlternateLoadRunsDuringEvenRunsAndIsGoneAfterwards)
{
    if (usable_cpu_count() < 2)
        GTEST_SKIP() << "one usable CPU: --load alternate refuses (tested below)";
    ProcessResult r = run_cli(with(kQuick, {"--load", "alternate"}), false, 300);
    ASSERT_TRUE(r.succeeded()) << r.describe_end() << "\n" << r.err << r.out;
    const std::vector<pid_t> pids = load_pids(r.out);
    ASSERT_EQ(pids.size(), 1u) << "one loaded run of 2:\n" << r.out;
    EXPECT_TRUE(process_gone(pids.front())) << "load process " << pids.front() << " still runs";
    EXPECT_TRUE(
        has_line(r.out, "load: alternate, a spinning integer loop on CPU [0-9]+ during runs 2, 4, 6 \\.\\.\\."));
    EXPECT_TRUE(has_line(r.out, "run 1: load off, .*")) << r.out;
    EXPECT_TRUE(has_line(r.out, "run 2: load on, .*")) << r.out;
    EXPECT_TRUE(has_line(r.out, "  spread without load n/a \\(1 run\\), with load n/a \\(1 run\\); loaded / "
                                "unloaded median of central values [0-9.]+"))
        << r.out;
    EXPECT_TRUE(has_line(r.out, "run 1 -> run 2: .*, load off -> on\\)")) << r.out;
}

TEST(BenchStabilityCli, LoadIsStoppedWhenTheCommandIsTerminated)
{
    if (usable_cpu_count() < 2)
        GTEST_SKIP() << "one usable CPU: no load to stop";
    auto [pid, status] = interrupt_loaded_run(SIGTERM);
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(process_gone(pid)) << "load process " << pid << " outlived a terminated bench stability";
    // SIGTERM cancels the campaign: a failure, unless the run had already finished.
    EXPECT_TRUE(WIFEXITED(status)) << "status " << status;
}

TEST(BenchStabilityCli, LoadDiesWithAKilledCommand)
{
    if (usable_cpu_count() < 2)
        GTEST_SKIP() << "one usable CPU: no load to stop";
    auto [pid, status] = interrupt_loaded_run(SIGKILL);
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(WIFSIGNALED(status) || WIFEXITED(status));
    // PR_SET_PDEATHSIG delivers SIGKILL as the CLI dies; give the kernel a moment to finish the exit.
    for (int i = 0; i < 100 && !process_gone(pid); ++i)
        ::usleep(20000);
    EXPECT_TRUE(process_gone(pid)) << "load process " << pid << " outlived a killed bench stability";
}

TEST(BenchStabilityCli, AlternateLoadRefusesWithOneCpu)
{
    ProcessSpec spec;
    spec.argv = with({cli_path()}, with(kQuick, {"--load", "alternate"}));
    spec.cpu = 0; // the CLI (and so its view of usable CPUs) is confined to one CPU
    spec.extra_env.push_back("KEXBENCH_INSTANCE_PATH=");
    ProcessResult r = run_process(spec);
    EXPECT_EQ(r.exit_code, 1) << r.describe_end() << "\n" << r.err << r.out;
    EXPECT_NE(r.err.find("--load alternate needs a second CPU"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("run 1:"), std::string::npos) << "measured although it refused:\n" << r.out;
}

TEST(BenchStabilityCli, HelpAndUsageErrors)
{
    ProcessResult help = run_cli({"bench", "--help"});
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_NE(help.out.find("kexbench-cli bench stability [--instance NAME|LIB] [--op OP] [--runs K]"),
              std::string::npos)
        << help.out;
    for (const auto &bad : std::vector<std::vector<std::string>>{
             {"--runs", "1"}, {"--load", "sometimes"}, {"--mode", "lucky"}, {"--precision", "2"}, {"--cpu", "x"}}) {
        ProcessResult r = run_cli(with({"bench", "stability"}, bad));
        EXPECT_EQ(r.exit_code, 2) << bad.front() << ": " << r.err;
    }
}
