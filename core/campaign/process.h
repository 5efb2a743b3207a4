// SPDX-License-Identifier: GPL-3.0-or-later
// Running a child process (the kexbench-runner) with captured output, an
// optional CPU pin and a wall-clock timeout, and describing how it ended.
#pragma once

#include <atomic>
#include <cstdint>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct ProcessSpec {
    std::vector<std::string> argv;              // argv[0] is the executable path
    std::chrono::milliseconds timeout{60000};   // killed with SIGKILL after this
    std::optional<int> cpu;                     // sched_setaffinity in the child before exec
    std::vector<std::string> extra_env;         // "NAME=value" added to the environment
    std::string stdin_data;                     // written to the child's stdin, then closed
    const std::atomic<bool> *cancel = nullptr;  // when it turns true the child is killed (checked every 50 ms)
    uint64_t memory_limit_bytes = 0;            // 0: none; a child whose resident memory passes it is killed
    size_t out_limit_bytes = size_t{256} << 20; // stdout kept; a child printing more is a failure
    size_t err_tail_bytes = size_t{64} << 10;   // the tail of stderr kept; the rest is drained and counted
};

struct ProcessResult {
    bool started = false; // false: fork/exec failed; see error
    bool timed_out = false;
    bool cancelled = false; // killed because spec.cancel turned true
    int exit_code = -1;     // valid when exited normally
    int signal = 0;         // > 0 when killed by a signal
    std::string out;        // stdout
    std::string err;        // stderr
    double wall_seconds = 0;
    double timeout_seconds = 0;      // the spec's timeout, for describe_end()
    std::string error;               // why it could not be started
    bool memory_exceeded = false;    // killed for passing spec.memory_limit_bytes
    uint64_t memory_limit_bytes = 0; // the spec's limit, for describe_end()
    bool out_overflow = false;       // stdout passed spec.out_limit_bytes (out holds the first part)
    uint64_t out_bytes = 0;          // everything the child wrote to stdout, kept or not
    uint64_t err_bytes = 0;          // everything the child wrote to stderr (err holds the tail)
    double cpu_seconds = 0;          // user + system CPU of the child, from wait4
    // The child's peak resident set, from wait4; 0 when it was not above our own peak,
    // which exec copies into it (see child_peak_rss_bytes in process.cpp).
    uint64_t max_rss_bytes = 0;
    int leftover_processes = 0;   // processes the child left running, killed after it ended
    uint64_t out_limit_bytes = 0; // the spec's stdout limit, for describe_end()

    // Exit code 0, and none of: timeout, cancel, memory limit, too much stdout, processes left running.
    bool succeeded() const;
    // "exit code 3", "killed by signal 11 (Segmentation fault)", "timed out after 5 s",
    // "exceeded the memory limit of 256 MiB", "left 1 process running (killed)", ...
    std::string describe_end() const;
};

// Runs one child and blocks the calling thread until it and everything it left behind have ended
// (several threads may call it at once). The calling process becomes a child subreaper
// (PR_SET_CHILD_SUBREAPER) so that what a child leaves behind is re-parented to it, killed and counted;
// the child dies with the calling thread (PR_SET_PDEATHSIG) and has an RLIMIT_CPU derived from the timeout.
ProcessResult run_process(const ProcessSpec &spec);

// "512 bytes", "64 KiB", "256 MiB", "1.5 GiB".
std::string bytes_text(uint64_t bytes);
// "0", "4096", "512K", "512M", "8G", "1.5GiB" (binary units, case-insensitive); nullopt when not a size.
std::optional<uint64_t> parse_bytes(const std::string &text);

// min(8 GiB, half the RAM): the default memory limit of a runner child.
uint64_t default_memory_limit_bytes();

// name itself when it contains '/', else the first executable name on $PATH;
// empty when there is none.
std::string find_executable(const std::string &name);

} // namespace kexbench
