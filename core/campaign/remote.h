// SPDX-License-Identifier: GPL-3.0-or-later
// Campaigns on another machine through OpenSSH, with nothing installed there
// but sshd and a POSIX shell: one multiplexed connection per host
// (ControlMaster/ControlPersist, BatchMode so a password is never asked for in
// hiding), the Qt-free runner of the remote's architecture and the instance
// libraries copied into a cache folder keyed by sha256 (only what changed
// travels), and every runner child started there as `ssh host -- runner ...`
// whose answer comes back over the connection's stdout. The local campaign
// folder stays the one source of truth.
#pragma once

#include "core/campaign/process.h"
#include "core/base/result.h"
#include "core/campaign/runner_host.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace kexbench {

// "[user@]host[:port]" as given to --host.
struct HostAddress {
    std::string user; // empty: ssh's default (or the ssh config's User)
    std::string host;
    int port = 0;             // 0: ssh's default (or the ssh config's Port)
    std::string text() const; // back to "[user@]host[:port]"
};
Result<HostAddress> parse_host_address(const std::string &text);

struct RemoteOptions {
    std::string ssh_config;  // passed as ssh -F (tests never touch ~/.ssh); empty: ssh's default
    std::string ssh = "ssh"; // the ssh client executable
    std::string control_dir; // where the ControlPath socket lives; empty: a private folder under /tmp
    std::string cache_dir = "~/.cache/kexbench"; // on the remote; "~" is the remote user's home
    std::chrono::seconds connect_timeout{10};
    const std::atomic<bool> *cancel = nullptr;
};

// What `Test connection` and a campaign learn of a remote before anything is copied.
struct RemoteProbe {
    std::string address;       // HostAddress::text()
    std::string uname_machine; // `uname -m`: "aarch64", "x86_64"
    std::string
        elf_machine; // the ELF machine name kexbench's libraries need there ("aarch64", "x86-64": elf_machine_name())
    std::string kernel;            // `uname -sr`
    std::string cpu_model;         // from /proc/cpuinfo ("model name", else "CPU part"/"Hardware"), may be empty
    int cpus = 0;                  // online CPUs (getconf _NPROCESSORS_ONLN)
    std::string governor;          // cpu0's scaling_governor, may be empty
    uint64_t cache_free_bytes = 0; // free space where the cache lives (df -Pk)
    nlohmann::json to_json() const;
};

// One remote host with its connection open. Errors are one line that names
// the host and the cause in plain words: "bench@10.0.0.7:22: unreachable
// (Connection refused)", "...: authentication refused (no password prompts:
// BatchMode)", "...: the host key has changed (ssh refuses to connect; check
// known_hosts)", "...: the remote disk is full (No space left on device) while
// copying libkex.so", "...: no aarch64 runner (build it: make build-aarch64)".
class RemoteSession {
public:
    // Opens the master connection and probes the remote (uname, cpuinfo, ...).
    static Result<std::unique_ptr<RemoteSession>> open(const HostAddress &address, const RemoteOptions &options);
    ~RemoteSession(); // closes the master connection (ssh -O exit)

    const HostAddress &address() const { return address_; }
    const RemoteProbe &probe() const { return probe_; }

    // The ssh argv that runs `remote_command` (a shell command line) on the
    // host over the master connection.
    std::vector<std::string> ssh_argv(const std::string &remote_command) const;

    // Copies the files into the cache (<cache>/<sha256>/<file name>) unless
    // the same bytes are there already; returns how many were copied. The
    // runner first: it must be built for probe().elf_machine.
    Result<int> sync(const std::string &runner, const std::vector<std::string> &libraries);

    // A RunnerHost that starts the synced runner on the host with the synced
    // libraries (child_path() maps a local library to its cache copy; output
    // files go to a remote scratch folder and fetch() copies them back). The
    // remote command enforces ChildLimits there (ulimit -t / -v) and the
    // runner ends when the connection does.
    std::shared_ptr<const RunnerHost> runner_host() const;

    // Whether the master connection still answers (ssh -O check: a process).
    bool alive() const;
    // Whether the master connection has not ended: no process, so it can be
    // asked often (the master ends when the host goes away or stops answering,
    // ServerAliveInterval/CountMax).
    bool connected() const;

private:
    RemoteSession() = default;
    Result<void> start_master();
    Result<void> run_probe();
    ProcessResult run_remote(const std::string &command, std::chrono::milliseconds timeout,
                             const std::string &stdin_data = {}) const;
    HostAddress address_;
    RemoteOptions options_;
    RemoteProbe probe_;
    std::string control_path_;
    std::string runner_remote_;                               // cache path of the synced runner
    std::vector<std::pair<std::string, std::string>> synced_; // local path, remote path
    std::string scratch_remote_;                              // remote scratch folder for output files
    struct Connection; // the master ssh process's thread and what it learned (remote.cpp)
    std::shared_ptr<Connection> connection_;
    friend class SshRunnerHost;
};

// The runner and instance-library folder kexbench uses for a remote whose
// `uname -m` is `machine`: this build's for the host's own architecture,
// build/aarch64 for aarch64 beside an x86 build (the layout of make build-aarch64),
// $KEXBENCH_RUNNER_<MACHINE> / $KEXBENCH_INSTANCE_PATH_<MACHINE> first. Error
// when there is none: "no aarch64 runner (build it: make build-aarch64)".
struct RunnerBuild {
    std::string runner;
    std::vector<std::string> instance_search_path;
};
Result<RunnerBuild> runner_build_for(const std::string &uname_machine);

// `uname -m` of this machine ("x86_64"), to compare with a remote's.
std::string this_uname_machine();

// A shell word: 'it'\''s' quoting, so an argument reaches the remote runner unchanged.
std::string shell_quote(const std::string &word);

} // namespace kexbench
