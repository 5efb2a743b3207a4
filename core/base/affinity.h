// SPDX-License-Identifier: GPL-3.0-or-later
// Which CPUs this process may use, and keeping this process's own threads off
// the CPU its runner children measure on.
#pragma once

#include <sched.h>
#include <sys/types.h>

#include <map>
#include <vector>

namespace kexbench {

// The CPUs this process may run on, ascending (sched_getaffinity; in a container
// or under taskset that is narrower than the online set). Empty when unreadable.
std::vector<int> usable_cpus();

// The CPU a campaign measures on unless told otherwise: the last usable one,
// as the published method pins every driver call with taskset. -1 when the
// CPU set cannot be read.
int default_measuring_cpu();

// While it lives, every thread of this process that may run on `cpu` and on
// some other CPU is kept off `cpu`; threads created meanwhile inherit that from
// their creator. A thread pinned to `cpu` alone is left where it is (it chose
// that CPU). The destructor gives each moved thread, and each new thread still
// holding the narrowed set, its CPU back. Used by the workbench during a local
// campaign: its GUI and jobs then neither wait behind a runner child for a CPU
// nor disturb the CPU being measured.
class ThreadsKeptOffCpu {
public:
    explicit ThreadsKeptOffCpu(int cpu);
    ~ThreadsKeptOffCpu();
    ThreadsKeptOffCpu(const ThreadsKeptOffCpu &) = delete;
    ThreadsKeptOffCpu &operator=(const ThreadsKeptOffCpu &) = delete;

    int cpu() const { return cpu_; }
    // False when this process may use no CPU but `cpu` (or its set is unreadable):
    // then nothing was moved.
    bool keptOff() const { return kept_off_; }

private:
    // One pass over /proc/self/task; the number of threads it moved.
    int narrow_pass();

    int cpu_;
    bool kept_off_ = false;
    cpu_set_t base_{};                 // this thread's set when the object was made
    cpu_set_t narrowed_{};             // base_ without cpu_
    std::map<pid_t, cpu_set_t> moved_; // thread id -> its set before it was narrowed
};

} // namespace kexbench
