// SPDX-License-Identifier: GPL-3.0-or-later
// What one thread was doing, sampled from outside it: every 5 ms a plain
// thread reads the watched thread's scheduler state (/proc/.../stat) and the
// system call it sleeps in (/proc/.../syscall). A GUI-thread gap whose time is
// neither "ran" nor "waited for a CPU" was spent asleep; these samples say
// where: in the event loop's poll (the loop was idle: its timer woke late),
// in a futex (a lock, or a wait on another thread), or in a read or write of
// a socket (the X server's answer). The probe prints that per long gap.
#pragma once

#include <sys/syscall.h>
#include <sys/types.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "cpu_stall_watch.h"

namespace kexbench::bench {

class ThreadStateSampler {
public:
    static constexpr int64_t kPeriodNs = 5'000'000;
    struct Sample {
        int64_t ns = 0;
        char state = '?';  // R running or runnable, S asleep, D asleep uninterruptibly
        long syscall = -1; // what it sleeps in; -1 running or unknown
    };

    explicit ThreadStateSampler(pid_t tid)
        : statFd_(openTaskFile(tid, "stat")), syscallFd_(openTaskFile(tid, "syscall")), sampler_([this] { run(); })
    {
    }
    ~ThreadStateSampler()
    {
        stop();
        for (int fd : {statFd_, syscallFd_})
            if (fd >= 0)
                ::close(fd);
    }
    ThreadStateSampler(const ThreadStateSampler &) = delete;
    ThreadStateSampler &operator=(const ThreadStateSampler &) = delete;

    void stop()
    {
        stopping_ = true;
        if (sampler_.joinable())
            sampler_.join();
    }

    // Where the thread was in [fromNs, toNs], as "poll 40 ms, running 10 ms"
    // (each sample counts for one period), or "" with no sample there.
    std::string where(int64_t fromNs, int64_t toNs) const
    {
        std::map<std::string, int> counts;
        {
            std::lock_guard lock(mutex_);
            for (const Sample &s : samples_)
                if (s.ns >= fromNs && s.ns <= toNs)
                    ++counts[nameOf(s)];
        }
        std::string text;
        for (const auto &[name, n] : counts) {
            char part[64];
            std::snprintf(part, sizeof part, "%s%s %lld ms", text.empty() ? "" : ", ", name.c_str(),
                          static_cast<long long>(n * kPeriodNs / 1'000'000));
            text += part;
        }
        return text;
    }

private:
    static std::string callName(long syscall)
    {
        switch (syscall) {
        case SYS_poll:
        case SYS_ppoll:
            return "poll (event loop)";
        case SYS_futex:
            return "futex (lock or thread wait)";
        case SYS_read:
        case SYS_recvmsg:
        case SYS_recvfrom:
            return "read (socket or file)";
        case SYS_write:
        case SYS_writev:
        case SYS_sendmsg:
        case SYS_sendto:
            return "write (socket or file)";
        case -1:
            return "unknown";
        default:
            return "syscall " + std::to_string(syscall);
        }
    }
    static std::string nameOf(const Sample &s)
    {
        if (s.state == 'R')
            return "on or waiting for a CPU";
        return (s.state == 'D' ? "uninterruptible " : "") + callName(s.syscall);
    }

    static int openTaskFile(pid_t tid, const char *name)
    {
        const std::string path = "/proc/self/task/" + std::to_string(tid) + "/" + name;
        return ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    }
    // Both files are opened once and re-read from the start: no open and close every 5 ms.
    static bool readText(int fd, char *text, size_t size)
    {
        const ssize_t n = fd < 0 ? -1 : ::pread(fd, text, size - 1, 0);
        if (n <= 0)
            return false;
        text[n] = '\0';
        return true;
    }

    Sample sample() const
    {
        Sample s{CpuStallWatch::nowNs()};
        char text[512];
        // stat: "tid (comm) S ..."; comm may hold spaces and parentheses, so the state follows the last ')'.
        if (readText(statFd_, text, sizeof text))
            if (const char *close = std::strrchr(text, ')'); close && close[1] == ' ')
                s.state = close[2];
        // syscall: "running", or the number of the call it is in followed by its arguments.
        if (s.state != 'R' && readText(syscallFd_, text, sizeof text) && text[0] >= '0' && text[0] <= '9')
            s.syscall = std::strtol(text, nullptr, 10);
        return s;
    }

    void run()
    {
        while (!stopping_) {
            const Sample s = sample();
            {
                std::lock_guard lock(mutex_);
                samples_.push_back(s);
            }
            std::this_thread::sleep_for(std::chrono::nanoseconds(kPeriodNs));
        }
    }

    const int statFd_;
    const int syscallFd_;
    std::atomic<bool> stopping_{false};
    mutable std::mutex mutex_;
    std::vector<Sample> samples_;
    std::thread sampler_; // last: it starts once everything it reads is ready
};

} // namespace kexbench::bench
