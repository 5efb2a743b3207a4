// SPDX-License-Identifier: GPL-3.0-or-later
#include "background.h"

#include <QCoreApplication>
#include <QThread>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

namespace kexbench::ui {

namespace {

// The application's pool of that name, created on first use.
QThreadPool *applicationPool(const char *name, int maxThreads)
{
    QCoreApplication *app = QCoreApplication::instance();
    if (!app)
        return QThreadPool::globalInstance(); // no application: nothing to keep responsive
    if (auto *pool = app->findChild<QThreadPool *>(QLatin1String(name), Qt::FindDirectChildrenOnly))
        return pool;
    auto *pool = new QThreadPool(app);
    pool->setObjectName(QLatin1String(name));
    pool->setMaxThreadCount(maxThreads);
    return pool;
}

} // namespace

QThreadPool *backgroundPool()
{
    return applicationPool("kexbenchBackgroundPool", std::max(2, QThread::idealThreadCount()));
}

QThreadPool *reclaimPool() { return applicationPool("kexbenchReclaimPool", 1); }

QThreadPool *processPool()
{
    // Its jobs mostly wait for their children: more of them than CPUs.
    return applicationPool("kexbenchProcessPool", std::max(4, QThread::idealThreadCount()));
}

void lowerThisThreadForBackgroundWork()
{
    // A thread that waits for a job not yet started runs it itself (QFuture
    // steals the runnable): the GUI thread must not be lowered for good.
    const QCoreApplication *app = QCoreApplication::instance();
    if (app && QThread::currentThread() == app->thread())
        return;
    thread_local bool lowered = false;
    if (lowered)
        return;
    lowered = true;
    // Linux applies PRIO_PROCESS with a thread id to that thread alone. A
    // failure leaves the job at normal priority: slower GUI, same results.
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    const int now = ::getpriority(PRIO_PROCESS, tid);
    if (now < kBackgroundNice)
        ::setpriority(PRIO_PROCESS, tid, kBackgroundNice);
}

} // namespace kexbench::ui
