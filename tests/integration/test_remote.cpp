// SPDX-License-Identifier: GPL-3.0-or-later
// RemoteSession against a real sshd of the test's own on 127.0.0.1
// (sshd_fixture.h): the probe, the sha256-keyed cache, runner children through
// runner_host(), a runner that ends with its connection, and every failure as
// its one plain line.
#include "cli_helpers.h"
#include "sshd_fixture.h"

#include "core/base/digest.h"
#include "core/base/discovery.h"
#include "core/base/elf_file.h"
#include "core/base/fsutil.h"
#include "core/campaign/remote.h"
#include "core/campaign/runner_client.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

const std::string kLibrary = std::string(KEXBENCH_INSTANCE_DIR) + "/libX25519-NIKE.so";

RemoteOptions options_for(const TestSshd &sshd, const std::string &cache, const std::string &config = {})
{
    RemoteOptions o;
    o.ssh_config = config.empty() ? sshd.ssh_config() : config;
    o.cache_dir = cache;
    o.connect_timeout = std::chrono::seconds(10);
    return o;
}

Result<std::unique_ptr<RemoteSession>> open_session(const TestSshd &sshd, const std::string &cache,
                                                    const std::string &config = {})
{
    auto address = parse_host_address(sshd.address());
    if (!address)
        return fail(address.error());
    return RemoteSession::open(*address, options_for(sshd, cache, config));
}

// Live processes whose executable lies under `folder` (the remote runner runs on this machine here).
std::vector<pid_t> processes_running_from(const std::string &folder)
{
    std::vector<pid_t> found;
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return found;
    while (const dirent *e = ::readdir(dir)) {
        const pid_t pid = static_cast<pid_t>(std::atoi(e->d_name));
        if (pid <= 0)
            continue;
        std::error_code ec;
        const std::string exe = fs::read_symlink("/proc/" + std::to_string(pid) + "/exe", ec).string();
        std::string state;
        std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
        std::getline(stat, state);
        const size_t paren = state.rfind(')');
        const bool zombie = paren != std::string::npos && paren + 2 < state.size() && state[paren + 2] == 'Z';
        if (!ec && !zombie && exe.rfind(folder, 0) == 0)
            found.push_back(pid);
    }
    ::closedir(dir);
    return found;
}

std::string file_sha256(const std::string &path)
{
    auto bytes = read_file(path);
    return bytes ? sha256_hex(*bytes) : std::string();
}

bool wait_until(const std::function<bool()> &done, std::chrono::seconds patience)
{
    const auto deadline = std::chrono::steady_clock::now() + patience;
    while (!done()) {
        if (std::chrono::steady_clock::now() >= deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
}

// A runner child that would measure for hours: only its connection ending stops it.
std::vector<std::string> endless_measure(const RunnerHost &host)
{
    ChildLimits limits;
    limits.timeout = std::chrono::hours(1);
    return host.argv({"measure", host.child_path(kLibrary), "--op", "exchange", "--iterations", "100000000"}, limits);
}

} // namespace

TEST(HostAddress, ParsesUserHostAndPortAndPrintsThemBack)
{
    auto a = parse_host_address("bench@10.0.0.7:2222");
    ASSERT_TRUE(a) << a.error();
    EXPECT_EQ(a->user, "bench");
    EXPECT_EQ(a->host, "10.0.0.7");
    EXPECT_EQ(a->port, 2222);
    EXPECT_EQ(a->text(), "bench@10.0.0.7:2222");
    auto plain = parse_host_address("pi");
    ASSERT_TRUE(plain) << plain.error();
    EXPECT_EQ(plain->text(), "pi");
    EXPECT_EQ(plain->port, 0);
    auto v6 = parse_host_address("[::1]:22");
    ASSERT_TRUE(v6) << v6.error();
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->text(), "[::1]:22");
    for (const char *bad : {"", "-oProxyCommand=x", "a b", "h:", "h:99999", "u@", "h:2x", "@h"})
        EXPECT_FALSE(parse_host_address(bad)) << bad;
    EXPECT_EQ(parse_host_address("h:0x").error(), "'h:0x' is not a host ([user@]host[:port]): bad port");
}

// What shell_quote makes of a word reaches a real sh unchanged.
TEST(ShellQuote, EveryWordReachesTheShellUnchanged)
{
    for (const std::string word : {"plain", "it's", "a b", "", "$HOME", "`x`", "\"q\"", "~", "*", "a\nb", "--op=x"}) {
        ProcessSpec spec;
        spec.argv = {"sh", "-c", "printf %s " + shell_quote(word)};
        spec.timeout = std::chrono::seconds(10);
        const ProcessResult r = run_process(spec);
        ASSERT_TRUE(r.succeeded()) << r.describe_end();
        EXPECT_EQ(r.out, word);
    }
    EXPECT_EQ(shell_quote("it's"), "'it'\\''s'");
}

TEST(RemoteSession, OpensAndProbesTheHost)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache");
    ASSERT_TRUE(s) << s.error();
    const RemoteProbe &p = (*s)->probe();
    EXPECT_EQ(p.address, sshd->address());
    EXPECT_EQ(p.uname_machine, this_uname_machine());
    EXPECT_EQ(p.elf_machine, elf_machine_name(host_elf_machine()));
    EXPECT_EQ(p.kernel.rfind("Linux ", 0), 0u) << p.kernel;
    EXPECT_GT(p.cpus, 0);
    EXPECT_GT(p.cache_free_bytes, 0u) << "df of the cache folder's existing parent";
    EXPECT_EQ(p.to_json()["uname_machine"], this_uname_machine());
    EXPECT_TRUE((*s)->alive());
    EXPECT_FALSE(fs::exists(tmp / "cache")) << "probing copies nothing";
}

TEST(RemoteSession, SyncCopiesWhatIsMissingOnlyAndKeysItBySha256)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache");
    ASSERT_TRUE(s) << s.error();
    auto copied = (*s)->sync(runner_path(), {kLibrary});
    ASSERT_TRUE(copied) << copied.error();
    EXPECT_EQ(*copied, 2);
    for (const std::string &local : {runner_path(), kLibrary}) {
        auto bytes = read_file(local);
        ASSERT_TRUE(bytes);
        const std::string cached = tmp / ("cache/" + sha256_hex(*bytes) + "/" + fs::path(local).filename().string());
        auto copy = read_file(cached);
        ASSERT_TRUE(copy) << copy.error();
        EXPECT_TRUE(*copy == *bytes) << cached;
    }
    EXPECT_EQ(::access((tmp / ("cache/" + file_sha256(runner_path()) + "/kexbench-runner")).c_str(), X_OK), 0);

    auto again = (*s)->sync(runner_path(), {kLibrary});
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(*again, 0) << "the same bytes are there already";

    // A second session finds the cache as the first left it.
    auto other = open_session(*sshd, tmp / "cache");
    ASSERT_TRUE(other) << other.error();
    auto third = (*other)->sync(runner_path(), {kLibrary});
    ASSERT_TRUE(third) << third.error();
    EXPECT_EQ(*third, 0);
}

TEST(RemoteSession, RunnerHostDescribesAnInstanceAndFetchesAKatFile)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache");
    ASSERT_TRUE(s) << s.error();
    auto synced = (*s)->sync(runner_path(), {kLibrary});
    ASSERT_TRUE(synced) << synced.error();
    const auto host = (*s)->runner_host();
    EXPECT_EQ(host->kind(), "ssh");
    EXPECT_EQ(host->where(), sshd->address());
    EXPECT_EQ(host->machine(), elf_machine_name(host_elf_machine()));
    EXPECT_FALSE(host->local_process());
    EXPECT_GT(host->startup_allowance_s(), 0);
    EXPECT_NE(host->child_path(kLibrary).find(tmp / "cache/"), std::string::npos) << host->child_path(kLibrary);

    RunnerOptions options;
    options.host = host;
    auto info = describe_instance(kLibrary, options);
    ASSERT_TRUE(info) << info.error();
    EXPECT_EQ(info->meta.instance, "X25519-NIKE");
    EXPECT_EQ(info->path, kLibrary);

    // The KAT file is written in the remote scratch folder and fetched here.
    const std::string remote_kat = tmp / "remote.kat", local_kat = tmp / "local.kat";
    auto kat = run_kat_child(kLibrary, remote_kat, 3, options);
    ASSERT_TRUE(kat) << kat.error();
    EXPECT_EQ(kat->status, "complete");
    auto local = run_kat_child(kLibrary, local_kat, 3, RunnerOptions{});
    ASSERT_TRUE(local) << local.error();
    auto remote_text = read_file(remote_kat), local_text = read_file(local_kat);
    ASSERT_TRUE(remote_text) << remote_text.error();
    ASSERT_TRUE(local_text);
    EXPECT_FALSE(remote_text->empty());
    EXPECT_TRUE(*remote_text == *local_text) << "the same KAT over ssh and here";
}

// Through a local run_process the runner's connection watcher ends right
// after the runner: no process is left behind and the answer is intact.
TEST(RunnerEndWithConnection, AnswersNormallyWhileItsAnswerIsRead)
{
    ProcessSpec spec;
    spec.argv = {runner_path(), "--end-with-connection", "describe", kLibrary};
    spec.timeout = std::chrono::seconds(60);
    const ProcessResult r = run_process(spec);
    EXPECT_TRUE(r.succeeded()) << r.describe_end() << ": " << r.err;
    EXPECT_EQ(r.leftover_processes, 0);
    EXPECT_FALSE(runner_answer(r.out).is_null()) << r.out;
}

// When the reader of its stdout, the answer channel, goes away (sshd closing
// a dead session's pipes), the runner is killed, even in hours of measuring.
TEST(RunnerEndWithConnection, EndsWhenNobodyReadsItsAnswerChannelAnyMore)
{
    int out_pipe[2];
    ASSERT_EQ(::pipe2(out_pipe, O_CLOEXEC), 0);
    const std::string runner = runner_path();
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::dup2(out_pipe[1], STDOUT_FILENO);
        const int null = ::open("/dev/null", O_RDWR);
        ::dup2(null, STDIN_FILENO);
        ::dup2(null, STDERR_FILENO);
        ::execl(runner.c_str(), runner.c_str(), "--end-with-connection", "measure", kLibrary.c_str(), "--op",
                "exchange", "--iterations", "100000000", static_cast<char *>(nullptr));
        ::_exit(127);
    }
    ::close(out_pipe[1]);
    std::this_thread::sleep_for(std::chrono::milliseconds(300)); // let it start measuring
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, WNOHANG), 0) << "still measuring";
    ::close(out_pipe[0]);
    const bool ended = wait_until([&] { return ::waitpid(pid, &status, WNOHANG) == pid; }, std::chrono::seconds(20));
    if (!ended) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
    }
    ASSERT_TRUE(ended) << "the runner kept measuring without a reader";
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
}

// A child whose local ssh is killed (a timeout, a cancel) or whose master
// connection ends takes its remote runner with it.
TEST(RemoteSession, TheRemoteRunnerEndsWithItsConnection)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache");
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE((*s)->sync(runner_path(), {kLibrary}));
    const auto host = (*s)->runner_host();
    const std::string cached_runner = tmp / "cache/";

    auto remote_runners = [&] { return processes_running_from(cached_runner); };
    // 1. The local ssh is killed (run_process cancelled).
    {
        std::atomic<bool> cancel{false};
        ProcessSpec spec;
        spec.argv = endless_measure(*host);
        spec.timeout = std::chrono::hours(1);
        spec.cancel = &cancel;
        ProcessResult r;
        std::thread child([&] { r = run_process(spec); });
        const bool started = wait_until([&] { return !remote_runners().empty(); }, std::chrono::seconds(30));
        cancel = true;
        child.join();
        ASSERT_TRUE(started) << "the remote runner never showed up: " << r.describe_end() << ": " << r.err;
        EXPECT_TRUE(r.cancelled);
        EXPECT_TRUE(wait_until([&] { return remote_runners().empty(); }, std::chrono::seconds(20)))
            << remote_runners().size() << " remote runner process(es) outlived the connection";
    }
    // 2. The master connection ends (the session is closed) while a child runs.
    {
        ProcessSpec spec;
        spec.argv = endless_measure(*host);
        spec.timeout = std::chrono::hours(1);
        ProcessResult r;
        std::thread child([&] { r = run_process(spec); });
        const bool started = wait_until([&] { return !remote_runners().empty(); }, std::chrono::seconds(30));
        s.value().reset();
        const bool ssh_ended = wait_until([&] { return remote_runners().empty(); }, std::chrono::seconds(20));
        child.join();
        ASSERT_TRUE(started) << "the remote runner never showed up: " << r.err;
        EXPECT_TRUE(ssh_ended) << remote_runners().size() << " remote runner process(es) outlived the master";
        EXPECT_FALSE(r.succeeded());
    }
}

TEST(RemoteSessionErrors, AClosedPortIsUnreachable)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    const int port = unused_local_port();
    const std::string address = "127.0.0.1:" + std::to_string(port);
    auto s = RemoteSession::open(*parse_host_address(address), options_for(*sshd, tmp / "cache"));
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(), address + ": unreachable (Connection refused)");
}

TEST(RemoteSessionErrors, AWrongKeyIsRefusedWithoutAPasswordPrompt)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache", sshd->ssh_config_with_wrong_identity());
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(), sshd->address() + ": authentication refused (no password prompts: BatchMode)");
}

TEST(RemoteSessionErrors, AChangedHostKeyIsRefused)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache", sshd->ssh_config_with_other_host_key());
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(), sshd->address() + ": the host key has changed (ssh refuses to connect; check known_hosts)");
}

TEST(RemoteSessionErrors, AnUnknownHostKeyIsRefused)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache", sshd->ssh_config_with_unknown_host_key());
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error(),
              sshd->address() + ": the host key is not known (ssh refuses to connect; add it to known_hosts)");
}

TEST(RemoteSessionErrors, AHostThatWentAwayIsNoLongerAlive)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache");
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE((*s)->alive());
    sshd->stop();
    EXPECT_TRUE(wait_until([&] { return !(*s)->alive(); }, std::chrono::seconds(20)));
    auto copied = (*s)->sync(runner_path(), {kLibrary});
    ASSERT_FALSE(copied);
    EXPECT_EQ(copied.error(), sshd->address() + ": unreachable (Connection refused)");
}

TEST(RemoteSessionErrors, AFullRemoteDiskSaysSo)
{
    if (::geteuid() != 0)
        GTEST_SKIP() << "a tiny tmpfs for the remote cache needs root to mount";
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    const std::string cache = tmp / "tiny";
    fs::create_directories(cache);
    if (::mount("tmpfs", cache.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=256k") != 0)
        GTEST_SKIP() << "cannot mount a tmpfs for the remote cache: " << std::strerror(errno);
    struct Unmount {
        std::string path;
        ~Unmount() { ::umount2(path.c_str(), MNT_DETACH); }
    } unmount{cache};
    auto s = open_session(*sshd, cache);
    ASSERT_TRUE(s) << s.error();
    EXPECT_LE((*s)->probe().cache_free_bytes, 256u * 1024);
    auto copied = (*s)->sync(runner_path(), {kLibrary});
    ASSERT_FALSE(copied);
    EXPECT_EQ(copied.error(), sshd->address() + ": the remote disk is full (No space left on device) while copying " +
                                  "kexbench-runner");
    // Nothing half-copied is left to be taken for the runner later.
    for (const auto &e : fs::recursive_directory_iterator(cache))
        EXPECT_FALSE(e.is_regular_file()) << e.path();
}

TEST(RunnerBuildFor, ThisMachineUsesThisBuildAndOthersNeedTheirOwn)
{
    auto here = runner_build_for(this_uname_machine());
    ASSERT_TRUE(here) << here.error();
    EXPECT_EQ(here->runner, runner_path());
    EXPECT_EQ(here->instance_search_path, instance_search_path());

    auto riscv = runner_build_for("riscv64");
    ASSERT_FALSE(riscv);
    EXPECT_EQ(riscv.error(), "no riscv64 runner (kexbench builds for x86_64 and aarch64; set KEXBENCH_RUNNER_RISCV64 "
                             "and KEXBENCH_INSTANCE_PATH_RISCV64)");

    if (this_uname_machine() == "x86_64") {
        // build/aarch64 beside this build tree, as make build-aarch64 lays it out.
        const fs::path arm = (fs::path(executable_dir()) / "../../aarch64").lexically_normal();
        auto aarch64 = runner_build_for("aarch64");
        if (::access((arm / "bin/kexbench-runner").c_str(), X_OK) == 0) {
            ASSERT_TRUE(aarch64) << aarch64.error();
            EXPECT_EQ(aarch64->runner, (arm / "bin/kexbench-runner").string());
        } else {
            ASSERT_FALSE(aarch64);
            EXPECT_EQ(aarch64.error(), "no aarch64 runner (build it: make build-aarch64)");
        }
        // The environment names another build.
        ::setenv("KEXBENCH_RUNNER_AARCH64", runner_path().c_str(), 1);
        ::setenv("KEXBENCH_INSTANCE_PATH_AARCH64", "/a:/b", 1);
        auto chosen = runner_build_for("arm64");
        ::unsetenv("KEXBENCH_RUNNER_AARCH64");
        ::unsetenv("KEXBENCH_INSTANCE_PATH_AARCH64");
        ASSERT_TRUE(chosen) << chosen.error();
        EXPECT_EQ(chosen->runner, runner_path());
        EXPECT_EQ(chosen->instance_search_path, (std::vector<std::string>{"/a", "/b"}));
    }
}

TEST(RemoteSessionErrors, ARunnerOfAnotherMachineIsNotCopied)
{
    const std::string arm_library =
        (fs::path(executable_dir()) / "../../aarch64/lib/kexbench/instances/libMLKEM-AKE-768.so").lexically_normal();
    if (this_uname_machine() != "x86_64" || !fs::exists(arm_library))
        GTEST_SKIP() << "needs the aarch64 cross build's libraries (make build-aarch64)";
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir tmp;
    auto s = open_session(*sshd, tmp / "cache");
    ASSERT_TRUE(s) << s.error();
    auto copied = (*s)->sync(runner_path(), {arm_library});
    ASSERT_FALSE(copied);
    EXPECT_EQ(copied.error(), arm_library + ": built for aarch64, the runner on " + sshd->address() + " is x86-64");
    // Any aarch64 ELF file stands in for an aarch64 runner here: only its machine is looked at first.
    auto wrong_runner = (*s)->sync(arm_library, {});
    ASSERT_FALSE(wrong_runner);
    EXPECT_EQ(wrong_runner.error(), sshd->address() + ": no x86_64 runner: " + arm_library + " is built for aarch64");
    EXPECT_FALSE(fs::exists(tmp / "cache")) << "nothing copied";
}
