// SPDX-License-Identifier: GPL-3.0-or-later
// A child for test_process.cpp that misbehaves in one way per mode:
//   touch MIB [S]     touches MIB MiB, then sleeps S seconds (default 5: long enough to be seen)
//   stderr MIB        prints MIB MiB to stderr, then "the last line"
//   hide              starts 5 processes that print their pid, close their descriptors and
//                     sleep; two call setsid, one of those after a double fork; then exits 0
//   run-hanging FILE  runs, with run_process, a child that writes its pid to FILE and sleeps
//                     (the test then kills this process with SIGKILL)
#include "core/campaign/process.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Held until exit on purpose; reachable from here, so a leak checker does not count it.
volatile unsigned char *touched = nullptr;

int touch(size_t mib, unsigned seconds)
{
    size_t bytes = mib << 20;
    auto *block = static_cast<volatile unsigned char *>(std::malloc(bytes));
    if (!block)
        return 2;
    touched = block;
    for (size_t i = 0; i < bytes; i += 4096)
        block[i] = 1;
    ::sleep(seconds);
    return 0;
}

int flood_stderr(size_t mib)
{
    std::vector<char> line(1024, 'e');
    line.back() = '\n';
    for (size_t i = 0; i < mib * 1024; ++i)
        if (::write(2, line.data(), line.size()) < 0)
            return 2;
    const char last[] = "the last line\n";
    return ::write(2, last, sizeof last - 1) < 0 ? 2 : 0;
}

[[noreturn]] void announce_and_hide()
{
    char line[32];
    int n = std::snprintf(line, sizeof line, "%d\n", static_cast<int>(::getpid()));
    if (::write(1, line, static_cast<size_t>(n)) != n)
        ::_exit(2);
    for (int fd = 0; fd < 1024; ++fd)
        ::close(fd);
    ::sleep(600);
    ::_exit(0);
}

int hide()
{
    constexpr int kProcesses = 5;
    for (int i = 0; i < kProcesses; ++i) {
        if (::fork() != 0)
            continue;
        if (i >= kProcesses - 2)
            ::setsid();
        if (i == kProcesses - 1 && ::fork() != 0)
            ::_exit(0); // the grandchild is orphaned at once
        announce_and_hide();
    }
    ::usleep(300 * 1000); // time for every pid line to be written
    return 0;
}

int run_hanging(const std::string &pid_file)
{
    kexbench::ProcessSpec spec;
    spec.argv = {"/bin/sh", "-c", "echo $$ > '" + pid_file + "'; exec sleep 600"};
    spec.timeout = std::chrono::seconds(600);
    kexbench::run_process(spec);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    std::string mode = argc > 1 ? argv[1] : "";
    std::string arg = argc > 2 ? argv[2] : "";
    if (mode == "touch")
        return touch(std::strtoul(arg.c_str(), nullptr, 10), argc > 3 ? std::atoi(argv[3]) : 5);
    if (mode == "stderr")
        return flood_stderr(std::strtoul(arg.c_str(), nullptr, 10));
    if (mode == "hide")
        return hide();
    if (mode == "run-hanging")
        return run_hanging(arg);
    std::fprintf(stderr, "usage: kexbench_process_child touch MIB [S] | stderr MIB | hide | run-hanging FILE\n");
    return 2;
}
