// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/affinity.h"

#include <dirent.h>

#include <cstdlib>
#include <string>

namespace kexbench {

namespace {

bool read_set(pid_t tid, cpu_set_t &set)
{
    CPU_ZERO(&set);
    return ::sched_getaffinity(tid, sizeof set, &set) == 0;
}

cpu_set_t without(cpu_set_t set, int cpu)
{
    CPU_CLR(cpu, &set);
    return set;
}

bool same(const cpu_set_t &a, const cpu_set_t &b) { return CPU_EQUAL(&a, &b); }

// The ids of this process's threads, as /proc lists them now.
std::vector<pid_t> thread_ids()
{
    std::vector<pid_t> ids;
    DIR *dir = ::opendir("/proc/self/task");
    if (!dir)
        return ids;
    while (const dirent *entry = ::readdir(dir)) {
        char *end = nullptr;
        const long id = std::strtol(entry->d_name, &end, 10);
        if (end != entry->d_name && *end == '\0' && id > 0)
            ids.push_back(static_cast<pid_t>(id));
    }
    ::closedir(dir);
    return ids;
}

} // namespace

std::vector<int> usable_cpus()
{
    cpu_set_t set;
    std::vector<int> cpus;
    if (!read_set(0, set))
        return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus.push_back(cpu);
    return cpus;
}

int default_measuring_cpu()
{
    const std::vector<int> cpus = usable_cpus();
    return cpus.empty() ? -1 : cpus.back();
}

ThreadsKeptOffCpu::ThreadsKeptOffCpu(int cpu) : cpu_(cpu)
{
    if (cpu < 0 || cpu >= CPU_SETSIZE || !read_set(0, base_) || !CPU_ISSET(cpu, &base_) || CPU_COUNT(&base_) < 2)
        return;
    narrowed_ = without(base_, cpu);
    kept_off_ = true;
    // A thread this pass did not list yet may have been created by one it had
    // not narrowed yet, so it kept the wide set: pass again until none moves.
    for (int pass = 0; pass < 4 && narrow_pass() > 0; ++pass) {
    }
}

int ThreadsKeptOffCpu::narrow_pass()
{
    int moved = 0;
    for (pid_t tid : thread_ids()) {
        cpu_set_t set;
        if (!read_set(tid, set) || !CPU_ISSET(cpu_, &set) || CPU_COUNT(&set) < 2)
            continue;
        const cpu_set_t narrowed = without(set, cpu_);
        if (::sched_setaffinity(tid, sizeof narrowed, &narrowed) != 0)
            continue; // the thread ended meanwhile
        moved_.emplace(tid, set);
        ++moved;
    }
    return moved;
}

ThreadsKeptOffCpu::~ThreadsKeptOffCpu()
{
    if (!kept_off_)
        return;
    for (pid_t tid : thread_ids()) {
        cpu_set_t now;
        if (!read_set(tid, now))
            continue;
        // Only a set this object made is widened again: one a thread chose since stays.
        const auto it = moved_.find(tid);
        if (it != moved_.end() && same(now, without(it->second, cpu_)))
            ::sched_setaffinity(tid, sizeof it->second, &it->second);
        else if (it == moved_.end() && same(now, narrowed_))
            ::sched_setaffinity(tid, sizeof base_, &base_);
    }
}

} // namespace kexbench
