// SPDX-License-Identifier: GPL-3.0-or-later
// Where a runner child runs: this machine (the default), this machine through
// a wrapper such as qemu-aarch64 (an emulated campaign), or another host over
// ssh (core/campaign/remote.h). Every runner child of a campaign, describe, KAT,
// measure, stack and profile alike, is started through one RunnerHost, so a
// campaign measures the machine its runner runs on and nothing else.
#pragma once

#include "core/base/result.h"
#include "core/data/dataset.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// Limits the parent asks of one child; a host that cannot enforce them
// locally (ssh) passes them on to where the child runs.
struct ChildLimits {
    std::chrono::milliseconds timeout{60000};
    uint64_t memory_limit_bytes = 0; // 0: none
    std::optional<int> cpu;          // the CPU to pin the child to; a local child is pinned by the parent
};

class RunnerHost {
public:
    virtual ~RunnerHost() = default;
    // "local" | "emulated" | "ssh": kept in campaign.json and every record.
    virtual std::string kind() const = 0;
    // For people: "this machine", "qemu-aarch64 -L /usr/aarch64-linux-gnu", "bench@board:2222".
    virtual std::string where() const = 0;
    // The ELF machine name (elf_machine_name()) of the libraries its runner
    // loads: this host's for a local runner, the runner file's for a wrapped one.
    virtual std::string machine() const = 0;
    // The argv to exec on this machine for a runner invocation (runner_args
    // without the runner itself: {"describe", "/abs/lib.so"}).
    virtual std::vector<std::string> argv(const std::vector<std::string> &runner_args,
                                          const ChildLimits &limits) const = 0;
    // A local library or output path as the runner sees it (ssh: the remote
    // cache copy or a remote scratch file); the path itself by default.
    virtual std::string child_path(const std::string &local_path) const { return local_path; }
    // After a child wrote child_path(local_file), bring it to local_file
    // (ssh copies it back); nothing to do by default.
    virtual Result<void> fetch(const std::string &local_file) const
    {
        (void)local_file;
        return {};
    }
    // Whether the parent measures the child's memory itself (a local child)
    // or the host enforces ChildLimits where the child runs (ssh).
    virtual bool local_process() const { return true; }
    // Seconds a child may take beyond its calls to start and end (qemu and
    // ssh start slower than a native child); used by measure_time_problem().
    virtual double startup_allowance_s() const { return 0; }
};

// The runner on this machine: `runner` (empty: runner_path()), prefixed by
// `wrapper` when that is not empty ({"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"}).
// With a wrapper the host is "emulated" and its machine is the runner file's
// ELF machine; without one it is "local".
std::shared_ptr<const RunnerHost> local_runner_host(const std::string &runner = {},
                                                    const std::vector<std::string> &wrapper = {});

// The warning an emulated campaign carries (core/data/dataset.h).
inline std::string emulation_warning(const RunnerHost &host) { return emulation_warning(host.where(), host.machine()); }

// "qemu-aarch64 -L /usr/aarch64-linux-gnu" split into words as a shell would
// (single and double quotes, backslash escapes; no expansion); an error for
// an unterminated quote.
Result<std::vector<std::string>> split_command_words(const std::string &command);

} // namespace kexbench
