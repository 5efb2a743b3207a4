// SPDX-License-Identifier: GPL-3.0-or-later
// Running a child process (the kexbench-runner) with captured output, an
// optional CPU pin and a wall-clock timeout, and describing how it ended.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct ProcessSpec {
    std::vector<std::string> argv;                 // argv[0] is the executable path
    std::chrono::milliseconds timeout{60000};      // killed with SIGKILL after this
    std::optional<int> cpu;                        // sched_setaffinity in the child before exec
    std::vector<std::string> extra_env;            // "NAME=value" added to the environment
    std::string stdin_data;                        // written to the child's stdin, then closed
    const std::atomic<bool> *cancel = nullptr;     // when it turns true the child is killed (checked every 50 ms)
};

struct ProcessResult {
    bool started = false;       // false: fork/exec failed; see error
    bool timed_out = false;
    bool cancelled = false;     // killed because spec.cancel turned true
    int exit_code = -1;         // valid when exited normally
    int signal = 0;             // > 0 when killed by a signal
    std::string out;            // stdout
    std::string err;            // stderr
    double wall_seconds = 0;
    double timeout_seconds = 0; // the spec's timeout, for describe_end()
    std::string error;          // why it could not be started

    bool succeeded() const { return started && !timed_out && signal == 0 && exit_code == 0; }
    // "exit code 3", "killed by signal 11 (Segmentation fault)", "timed out after 5 s", ...
    std::string describe_end() const;
};

ProcessResult run_process(const ProcessSpec &spec);

// name itself when it contains '/', else the first executable name on $PATH;
// empty when there is none.
std::string find_executable(const std::string &name);

} // namespace kexbench
