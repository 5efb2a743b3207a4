// SPDX-License-Identifier: GPL-3.0-or-later
// The workbench's off-thread jobs run reniced below the GUI thread, on a pool
// of their own, so a live campaign's re-sorting and re-binning cannot keep
// the GUI thread waiting for a CPU; jobs that start processes run on another
// at normal priority; neither uses Qt's global pool (ui/models/background.h).
#include "gui_test_util.h"
#include "models/background.h"
#include "workbench.h"

#include <QCoreApplication>
#include <QSemaphore>
#include <QtConcurrent/QtConcurrentRun>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <set>
#include <vector>

#include <gtest/gtest.h>

using namespace kexbench::ui;
using kexbench::ui::test::describeBuiltins;

namespace {

int niceOfThisThread() { return ::getpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid))); }

} // namespace

TEST(BackgroundJobs, RunBelowTheGuiThread)
{
    const int guiNice = niceOfThisThread();
    ASSERT_LT(guiNice, kBackgroundNice) << "the tests run at nice " << guiNice << " already: nothing to lower";
    // More jobs than the pool has threads, each holding its thread a moment,
    // so every thread of the pool runs one.
    std::vector<QFuture<int>> jobs;
    for (int i = 0; i < 2 * backgroundPool()->maxThreadCount(); ++i)
        jobs.push_back(runInBackground(
            [](int ms) {
                ::usleep(static_cast<useconds_t>(ms) * 1000);
                return niceOfThisThread();
            },
            20));
    for (auto &job : jobs)
        EXPECT_EQ(job.result(), kBackgroundNice);
    EXPECT_EQ(niceOfThisThread(), guiNice) << "the calling (GUI) thread must keep its priority";
}

TEST(BackgroundJobs, HaveAPoolOfTheirOwnSoProcessJobsKeepTheirPriority)
{
    const int guiNice = niceOfThisThread();
    ASSERT_NE(backgroundPool(), QThreadPool::globalInstance());
    ASSERT_NE(processPool(), QThreadPool::globalInstance());
    ASSERT_NE(processPool(), backgroundPool());
    ASSERT_NE(reclaimPool(), backgroundPool()) << "freeing snapshots must not queue the reader's jobs";
    ASSERT_NE(reclaimPool(), QThreadPool::globalInstance());
    ASSERT_EQ(backgroundPool()->parent(), QCoreApplication::instance());
    EXPECT_EQ(backgroundPool(), backgroundPool()) << "one pool per application";
    EXPECT_EQ(processPool(), processPool()) << "one pool per application";
    // The GUI thread waits for a job the busy pool has not started: QFuture
    // runs it on the waiting thread, which must keep its priority (and so
    // must the threads it starts afterwards, the process pool's among them).
    std::vector<QFuture<void>> busy;
    for (int i = 0; i < backgroundPool()->maxThreadCount(); ++i)
        busy.push_back(runInBackground([] { ::usleep(100 * 1000); }));
    EXPECT_EQ(runInBackground([] { return niceOfThisThread(); }).result(), guiNice)
        << "stolen by the waiting GUI thread";
    EXPECT_EQ(niceOfThisThread(), guiNice);
    for (auto &b : busy)
        b.waitForFinished();
    // Jobs that start processes (a child inherits its thread's nice) run at
    // the GUI thread's priority, on every thread of their pool.
    std::vector<QFuture<int>> jobs;
    for (int i = 0; i < 2 * processPool()->maxThreadCount(); ++i)
        jobs.push_back(runStartingProcesses([] {
            ::usleep(20 * 1000);
            return niceOfThisThread();
        }));
    for (auto &job : jobs)
        EXPECT_EQ(job.result(), guiNice);
}

// Qt 6.4's raster engine splits large fills across Qt's global pool and the
// painting thread waits for them: the workbench must leave that pool free.
// Here it is taken whole; describing the built-in instances (runner children)
// must still finish, which it could not if it were queued behind.
TEST(BackgroundJobs, LeaveQtsGlobalPoolToItsPaintEngine)
{
    QThreadPool *global = QThreadPool::globalInstance();
    QSemaphore started, release;
    const int threads = global->maxThreadCount();
    for (int i = 0; i < threads; ++i)
        global->start([&] {
            started.release();
            release.acquire();
        });
    struct Release {
        QSemaphore &s;
        int n;
        ~Release()
        {
            s.release(n);
            QThreadPool::globalInstance()->waitForDone(); // the jobs hold `s` until they return
        }
    } releaseAtEnd{release, threads};
    ASSERT_TRUE(started.tryAcquire(threads, 10000)) << "Qt's global pool did not start " << threads << " jobs";

    Workbench workbench;
    ASSERT_TRUE(describeBuiltins(workbench)) << "describing the instances waited for Qt's global pool";
    EXPECT_FALSE(workbench.instances().empty());
    EXPECT_EQ(global->activeThreadCount(), threads) << "only the test's own jobs hold Qt's global pool";
}

TEST(BackgroundJobs, RunOnTheGivenPoolWithArgumentsAndMemberFunctions)
{
    QThreadPool pool;
    pool.setMaxThreadCount(1);
    struct Sum {
        static int of(std::vector<int> v)
        {
            int s = 0;
            for (int x : v)
                s += x;
            return s + 1000 * niceOfThisThread();
        }
    };
    EXPECT_EQ(runInBackgroundOn(&pool, &Sum::of, std::vector<int>{1, 2, 3}).result(), 6 + 1000 * kBackgroundNice);
}
