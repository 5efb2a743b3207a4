// SPDX-License-Identifier: GPL-3.0-or-later
// A test's own OpenSSH server on 127.0.0.1: a free port, a throw-away host key
// and client key in a private temporary folder, and an ssh_config for `ssh -F`
// that logs in as the current user with that key and trusts only that host
// key. Nothing of the system's ssh setup is read or touched (the only thing
// made outside the folder is sshd's privilege separation folder /run/sshd when
// running as root and it is missing). Header-only: the integration and the GUI
// tests both use it.
//
//   std::string why;
//   auto sshd = TestSshd::start(&why);   // null and a reason when there is no sshd
//   if (!sshd) GTEST_SKIP() << why;
//   ... RemoteOptions.ssh_config = sshd->ssh_config(), address sshd->address() ...
#pragma once

#include "core/base/fsutil.h"
#include "core/campaign/process.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace kexbench {

// A TCP port on 127.0.0.1 that nothing listens on now: bound by the kernel's
// choice, then closed again (for a server to take, or to find refused).
inline int unused_local_port()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

class TestSshd {
public:
    static constexpr const char *kSshd = "/usr/sbin/sshd";

    // A running sshd, or null with the reason in *why_not (no sshd or
    // ssh-keygen, or it would not start).
    static std::unique_ptr<TestSshd> start(std::string *why_not)
    {
        std::unique_ptr<TestSshd> s(new TestSshd());
        std::string why = s->prepare();
        for (int attempt = 0; why.empty() && attempt < 5; ++attempt) {
            why = s->launch();
            if (why.empty())
                return s;
            if (why.find("Address already in use") == std::string::npos && why.find("Cannot bind") == std::string::npos)
                break; // only a port taken since we looked is worth another try
        }
        if (why_not)
            *why_not = why;
        return nullptr;
    }

    ~TestSshd()
    {
        stop();
        std::error_code ec;
        if (!dir_.empty())
            std::filesystem::remove_all(dir_, ec);
    }
    TestSshd(const TestSshd &) = delete;
    TestSshd &operator=(const TestSshd &) = delete;

    int port() const { return port_; }
    std::string address() const { return "127.0.0.1:" + std::to_string(port_); }
    std::string ssh_config() const { return dir_ + "/ssh_config"; }
    std::string dir() const { return dir_; }
    std::string user() const { return user_; }
    // sshd's own log (-e) so far: the tail run_process keeps, once stopped.
    std::string log() const { return stopped_ ? result_.err : std::string(); }
    bool running() const { return thread_.joinable() && !ended_; }

    // Ends sshd and every connection it serves, as if the host went away.
    // (The sessions' own processes only see their pipes closed, as sshd leaves them.)
    void stop()
    {
        // The connections' sshd processes run in sessions of their own and rename
        // themselves, so run_process cannot tell them as sshd's: they are found first.
        const std::vector<pid_t> connections = thread_.joinable() ? sshd_processes() : std::vector<pid_t>();
        stop_ = true;
        if (thread_.joinable())
            thread_.join();
        for (pid_t pid : connections)
            if (program_of(pid) == kSshd)
                ::kill(pid, SIGKILL);
        for (pid_t pid : connections)
            reap(pid);
        stopped_ = true;
    }

    // An ssh_config like ssh_config() but with a client key the server does not know.
    std::string ssh_config_with_wrong_identity()
    {
        const std::string key = dir_ + "/wrong_key";
        if (!std::filesystem::exists(key))
            keygen(key);
        return write_config(dir_ + "/ssh_config_wrong_identity", key, dir_ + "/known_hosts");
    }

    // An ssh_config like ssh_config() whose known_hosts holds another key for
    // this host: to ssh, the host key has changed.
    std::string ssh_config_with_other_host_key()
    {
        const std::string key = dir_ + "/other_host_key";
        if (!std::filesystem::exists(key))
            keygen(key);
        const std::string known = dir_ + "/known_hosts_other";
        (void)write_file_atomic(known, known_hosts_line(key + ".pub"));
        return write_config(dir_ + "/ssh_config_other_host_key", dir_ + "/client_key", known);
    }

    // An ssh_config like ssh_config() whose known_hosts is empty: to ssh, the host is unknown.
    std::string ssh_config_with_unknown_host_key()
    {
        const std::string known = dir_ + "/known_hosts_empty";
        (void)write_file_atomic(known, "");
        return write_config(dir_ + "/ssh_config_unknown_host_key", dir_ + "/client_key", known);
    }

private:
    TestSshd() = default;

    static bool contains(const std::string &text, const std::string &part)
    {
        return text.find(part) != std::string::npos;
    }

    static std::string program_of(pid_t pid)
    {
        std::error_code ec;
        return std::filesystem::read_symlink("/proc/" + std::to_string(pid) + "/exe", ec).string();
    }

    static pid_t parent_of(pid_t pid)
    {
        auto stat = read_file("/proc/" + std::to_string(pid) + "/stat", 4096);
        const size_t paren = stat ? stat->rfind(')') : std::string::npos;
        if (paren == std::string::npos || paren + 4 > stat->size())
            return 0;
        return static_cast<pid_t>(std::atoi(stat->c_str() + paren + 4)); // ") S PPID"
    }

    // The listener (its PidFile) and the sshd processes below it.
    std::vector<pid_t> sshd_processes() const
    {
        auto text = read_file(dir_ + "/sshd.pid", 64);
        const pid_t listener = text ? static_cast<pid_t>(std::atoi(text->c_str())) : 0;
        std::vector<pid_t> found;
        if (listener <= 0)
            return found;
        std::vector<std::pair<pid_t, pid_t>> all; // pid, parent
        for (const auto &e : std::filesystem::directory_iterator("/proc")) {
            const pid_t pid = static_cast<pid_t>(std::atoi(e.path().filename().c_str()));
            if (pid > 0)
                all.emplace_back(pid, parent_of(pid));
        }
        found.push_back(listener);
        for (size_t i = 0; i < found.size(); ++i)
            for (const auto &[pid, parent] : all)
                if (parent == found[i] && program_of(pid) == kSshd)
                    found.push_back(pid);
        return found;
    }

    // Waits (briefly) for a killed process to go, reaping it when it became our child.
    static void reap(pid_t pid)
    {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
        while (std::chrono::steady_clock::now() < deadline) {
            if (::waitpid(pid, nullptr, WNOHANG) == pid || (::kill(pid, 0) != 0 && errno == ESRCH))
                return;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }

    // Folder, keys, authorized_keys; empty when all is there.
    std::string prepare()
    {
        if (::access(kSshd, X_OK) != 0)
            return std::string(kSshd) + " is not installed (openssh-server)";
        if (find_executable("ssh-keygen").empty() || find_executable("ssh").empty())
            return "ssh or ssh-keygen is not installed (openssh-client)";
        const passwd *pw = ::getpwuid(::geteuid());
        if (!pw)
            return "the current user has no passwd entry";
        user_ = pw->pw_name;
        if (::geteuid() == 0) {
            // sshd as root insists on its privilege separation folder; a runtime folder, safe to create.
            ::mkdir("/run/sshd", 0755);
        }
        std::string pattern = (std::filesystem::temp_directory_path() / "kexbench-sshd-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            return "cannot create a temporary folder for sshd";
        dir_ = pattern;
        for (const char *key : {"host_key", "client_key"})
            if (std::string why = keygen(dir_ + "/" + key); !why.empty())
                return why;
        auto client = read_file(dir_ + "/client_key.pub");
        if (!client)
            return client.error();
        if (auto w = write_file_atomic(dir_ + "/authorized_keys", *client); !w)
            return w.error();
        return {};
    }

    std::string keygen(const std::string &path)
    {
        ProcessSpec spec;
        spec.argv = {"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "kexbench-test", "-f", path};
        spec.timeout = std::chrono::seconds(30);
        const ProcessResult r = run_process(spec);
        return r.succeeded() ? std::string() : "ssh-keygen failed: " + r.describe_end() + ": " + r.err;
    }

    bool accepts_connections() const
    {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0)
            return false;
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(static_cast<uint16_t>(port_));
        const bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
        ::close(fd);
        return ok;
    }

    std::string server_config(bool penalties_option) const
    {
        std::string c = "ListenAddress 127.0.0.1:" + std::to_string(port_) + "\n" + "HostKey " + dir_ + "/host_key\n" +
                        "PidFile " + dir_ + "/sshd.pid\n" + "AuthorizedKeysFile " + dir_ + "/authorized_keys\n" +
                        "AllowUsers " + user_ +
                        "\n"
                        "StrictModes no\n"
                        "UsePAM no\n"
                        "PubkeyAuthentication yes\n"
                        "PasswordAuthentication no\n"
                        "KbdInteractiveAuthentication no\n"
                        "PermitRootLogin prohibit-password\n"
                        "UseDNS no\n"
                        "PrintMotd no\n"
                        "MaxSessions 64\n"
                        "MaxStartups 64\n"
                        "LoginGraceTime 30\n";
        if (penalties_option)
            c += "PerSourcePenalties no\n"; // newer sshd would slow down a test that kills connections on purpose
        return c;
    }

    std::string known_hosts_line(const std::string &pub_file) const
    {
        auto pub = read_file(pub_file);
        std::string key = pub ? *pub : std::string();
        // "ssh-ed25519 AAAA... comment": the type and the key.
        const size_t second_space = key.find(' ', key.find(' ') + 1);
        key = key.substr(0, second_space);
        return "[127.0.0.1]:" + std::to_string(port_) + " " + key + "\n";
    }

    std::string write_config(const std::string &path, const std::string &identity, const std::string &known_hosts) const
    {
        const std::string c = "Host 127.0.0.1 kexbench-test\n"
                              "  HostName 127.0.0.1\n"
                              "  Port " +
                              std::to_string(port_) + "\n" + "  User " + user_ + "\n" + "  IdentityFile " + identity +
                              "\n" +
                              "  IdentitiesOnly yes\n"
                              "  IdentityAgent none\n"
                              "  UserKnownHostsFile " +
                              known_hosts + "\n" +
                              "  GlobalKnownHostsFile /dev/null\n"
                              "  StrictHostKeyChecking yes\n"
                              "  UpdateHostKeys no\n"
                              "  CheckHostIP no\n"
                              "  BatchMode yes\n"
                              "  PasswordAuthentication no\n"
                              "  KbdInteractiveAuthentication no\n";
        (void)write_file_atomic(path, c);
        return path;
    }

    // Writes the configs for a fresh port and starts sshd; empty when it accepts connections.
    std::string launch()
    {
        port_ = unused_local_port();
        if (port_ <= 0)
            return "no free port on 127.0.0.1";
        const std::string config = dir_ + "/sshd_config";
        bool penalties = true;
        for (;;) {
            (void)write_file_atomic(config, server_config(penalties));
            ProcessSpec check;
            check.argv = {kSshd, "-t", "-f", config};
            check.timeout = std::chrono::seconds(30);
            const ProcessResult r = run_process(check);
            if (r.succeeded())
                break;
            if (penalties && contains(r.err, "PerSourcePenalties")) {
                penalties = false;
                continue;
            }
            return "sshd refuses its test configuration: " + r.err;
        }
        (void)write_file_atomic(dir_ + "/known_hosts", known_hosts_line(dir_ + "/host_key.pub"));
        write_config(ssh_config(), dir_ + "/client_key", dir_ + "/known_hosts");

        // In a thread of its own through run_process: stop() cancels it, which
        // kills sshd and (as processes it left) the connections it forked.
        stop_ = false;
        ended_ = false;
        stopped_ = false;
        ProcessSpec spec;
        spec.argv = {kSshd, "-D", "-e", "-f", config};
        spec.timeout = std::chrono::hours(24);
        spec.cancel = &stop_;
        thread_ = std::thread([this, spec] {
            result_ = run_process(spec);
            ended_ = true;
        });
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!accepts_connections()) {
            if (ended_ || std::chrono::steady_clock::now() >= deadline) {
                stop();
                return "sshd did not start: " + (result_.err.empty() ? result_.describe_end() : result_.err);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return {};
    }

    std::string dir_, user_;
    int port_ = 0;
    std::thread thread_;
    std::atomic<bool> stop_{false}, ended_{false};
    bool stopped_ = false;
    ProcessResult result_;
};

// A started test sshd, or null after recording a test failure that says why:
// sshd is part of what make test installs, so its absence is a failure, not a skip.
inline std::unique_ptr<TestSshd> start_test_sshd()
{
    std::string why;
    auto sshd = TestSshd::start(&why);
    if (!sshd)
        ADD_FAILURE() << "no test sshd: " << why;
    return sshd;
}

} // namespace kexbench
