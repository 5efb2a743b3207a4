// SPDX-License-Identifier: GPL-3.0-or-later
// Where the workbench computes what it shows, off the GUI thread: the rows of
// the Results table, distributions, timelines, comparisons, reports and the
// datasets it opens or follows live.
//
// These jobs run on a pool of their own whose threads are reniced below the
// GUI thread (and below runner children). On a two-core machine a live
// campaign keeps one core busy with its runner child; were the jobs equal in
// priority to the GUI thread, the scheduler would share the other core between
// them and the GUI thread would wait for a CPU — tens of milliseconds when a
// job re-sorts a thousand records. Reniced, they yield to it at once, and
// they take less from the runner child being measured.
//
// The renice sticks to the thread (an unprivileged thread cannot raise its
// priority back), so the jobs have their own pool. Jobs here must not start
// processes: a child inherits its thread's nice. Those that do (describing a
// library, host checks, building a submission) run on processPool().
//
// Neither is Qt's global pool, and nothing of ours may be: Qt 6.4's raster
// paint engine splits a large fill across QThreadPool::globalInstance() and
// the painting thread waits for every part. A job there that waits seconds
// for a child, or frees a large snapshot, stalls the GUI's next paint for as
// long (the workbench probe saw 70-100 ms paints with 3 ms of GUI CPU, all
// blocked in QRasterPaintEngine::drawRects on a QSemaphore).
#pragma once

#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <type_traits>
#include <utility>

namespace kexbench::ui {

// How far below the GUI thread the jobs run (nice 0 → this).
constexpr int kBackgroundNice = 10;

// The pool (a child of the application object, created on first use).
QThreadPool *backgroundPool();

// The pool for jobs that start processes (a child of the application object):
// its threads keep the application's priority.
QThreadPool *processPool();

// The pool that frees large snapshots (one thread, reniced by its jobs): a
// burst of frees, as when a campaign's window closes, must not queue the jobs
// of backgroundPool() a reader is waiting for.
QThreadPool *reclaimPool();

// Renices the calling thread to kBackgroundNice once; the jobs call it first.
// Never the application's (GUI) thread, which runs a job itself when it waits
// for one that has not started.
void lowerThisThreadForBackgroundWork();

// QtConcurrent::run on `pool`, the job's thread reniced first.
template <typename Function, typename... Args>
auto runInBackgroundOn(QThreadPool *pool, Function &&function, Args &&...args)
{
    return QtConcurrent::run(
        pool,
        [](std::decay_t<Function> f, std::decay_t<Args>... a) {
            lowerThisThreadForBackgroundWork();
            return std::invoke(std::move(f), std::move(a)...);
        },
        std::forward<Function>(function), std::forward<Args>(args)...);
}

// The same on backgroundPool().
template <typename Function, typename... Args>
auto runInBackground(Function &&function, Args &&...args)
{
    return runInBackgroundOn(backgroundPool(), std::forward<Function>(function), std::forward<Args>(args)...);
}

// QtConcurrent::run on processPool(), at the application's priority.
template <typename Function, typename... Args>
auto runStartingProcesses(Function &&function, Args &&...args)
{
    return QtConcurrent::run(processPool(), std::forward<Function>(function), std::forward<Args>(args)...);
}

} // namespace kexbench::ui
