// SPDX-License-Identifier: GPL-3.0-or-later
// ThreadsKeptOffCpu on real threads of this process: every thread that may
// run elsewhere leaves the CPU, one pinned there stays, threads created
// meanwhile inherit the narrowed set, and the destructor gives back only the
// sets it narrowed.
#include "core/base/affinity.h"

#include <gtest/gtest.h>

#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

using namespace kexbench;

namespace {

pid_t current_tid() { return static_cast<pid_t>(::syscall(SYS_gettid)); }

cpu_set_t set_of(pid_t tid)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    EXPECT_EQ(::sched_getaffinity(tid, sizeof set, &set), 0);
    return set;
}

bool may_run_on(pid_t tid, int cpu)
{
    const cpu_set_t set = set_of(tid);
    return CPU_ISSET(cpu, &set);
}

// A thread that runs `setup`, reports its id and then waits until told to end.
class ParkedThread {
public:
    explicit ParkedThread(std::function<void()> setup = {})
        : thread_([this, setup = std::move(setup)] {
              if (setup)
                  setup();
              std::unique_lock lock(mutex_);
              tid_ = current_tid();
              changed_.notify_all();
              changed_.wait(lock, [this] { return done_; });
          })
    {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return tid_ != 0; });
    }
    ~ParkedThread()
    {
        {
            std::lock_guard lock(mutex_);
            done_ = true;
        }
        changed_.notify_all();
        thread_.join();
    }
    pid_t tid() const { return tid_; }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    pid_t tid_ = 0;
    bool done_ = false;
    std::thread thread_;
};

void pin_calling_thread(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    ASSERT_EQ(::sched_setaffinity(0, sizeof set, &set), 0);
}

} // namespace

TEST(Affinity, UsableCpusAreThisProcessesSetAscending)
{
    const std::vector<int> cpus = usable_cpus();
    ASSERT_FALSE(cpus.empty());
    EXPECT_TRUE(std::is_sorted(cpus.begin(), cpus.end()));
    const cpu_set_t set = set_of(0);
    EXPECT_EQ(static_cast<int>(cpus.size()), CPU_COUNT(&set));
    EXPECT_EQ(default_measuring_cpu(), cpus.back());
}

TEST(Affinity, EveryThreadLeavesTheMeasuringCpuAndGetsItBack)
{
    const std::vector<int> cpus = usable_cpus();
    if (cpus.size() < 2)
        GTEST_SKIP() << "this process may use one CPU only: there is no other CPU to keep its threads on";
    const int measuring = cpus.back(), other = cpus.front();
    const pid_t main_tid = current_tid();
    ParkedThread before;
    ParkedThread pinned([measuring] { pin_calling_thread(measuring); });
    ASSERT_TRUE(may_run_on(before.tid(), measuring));

    std::optional<ThreadsKeptOffCpu> kept(std::in_place, measuring);
    ASSERT_TRUE(kept->keptOff());
    EXPECT_EQ(kept->cpu(), measuring);
    EXPECT_FALSE(may_run_on(main_tid, measuring));
    EXPECT_FALSE(may_run_on(before.tid(), measuring));
    EXPECT_TRUE(may_run_on(before.tid(), other));
    // A thread pinned to that CPU alone chose it: it stays.
    EXPECT_TRUE(may_run_on(pinned.tid(), measuring));
    // A thread created meanwhile inherits the narrowed set ...
    ParkedThread during;
    EXPECT_FALSE(may_run_on(during.tid(), measuring));
    // ... and one that picks its own set meanwhile keeps it afterwards (the
    // measuring CPU alone: on two CPUs any other choice equals the narrowed set).
    ParkedThread chooser([measuring] { pin_calling_thread(measuring); });

    kept.reset();
    EXPECT_TRUE(may_run_on(main_tid, measuring));
    EXPECT_TRUE(may_run_on(before.tid(), measuring));
    EXPECT_TRUE(may_run_on(during.tid(), measuring));
    const cpu_set_t pinned_set = set_of(pinned.tid());
    EXPECT_EQ(CPU_COUNT(&pinned_set), 1);
    EXPECT_TRUE(CPU_ISSET(measuring, &pinned_set));
    const cpu_set_t chooser_set = set_of(chooser.tid());
    EXPECT_EQ(CPU_COUNT(&chooser_set), 1);
    EXPECT_TRUE(CPU_ISSET(measuring, &chooser_set));
}

TEST(Affinity, NothingMovesWhenTheCpuIsTheOnlyOneOrNotOneOfOurs)
{
    const std::vector<int> cpus = usable_cpus();
    ASSERT_FALSE(cpus.empty());
    const cpu_set_t wide = set_of(0);
    {
        ThreadsKeptOffCpu outside(CPU_SETSIZE + 1);
        EXPECT_FALSE(outside.keptOff());
        const cpu_set_t now = set_of(0);
        EXPECT_TRUE(CPU_EQUAL(&wide, &now));
    }
    // This thread alone on one CPU (as under `taskset -c N`): nothing to keep off.
    pin_calling_thread(cpus.front());
    {
        ThreadsKeptOffCpu kept(cpus.front());
        EXPECT_FALSE(kept.keptOff());
        EXPECT_TRUE(may_run_on(0, cpus.front()));
    }
    ASSERT_EQ(::sched_setaffinity(0, sizeof wide, &wide), 0);
}
