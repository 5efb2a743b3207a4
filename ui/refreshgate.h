// SPDX-License-Identifier: GPL-3.0-or-later
// When a page that follows the Workbench starts its off-thread job (the rows
// of the Results table, a plot, a report). One rule for every such page:
//
//  - hidden: a change only marks the page out of date; showing it runs the job once;
//  - one job at a time: changes made while it runs make one more run after
//    it, not one each;
//  - live: while a campaign writes into a dataset, its snapshots (one per
//    record) start the job at most once per liveInterval(): the reader still
//    sees the campaign grow a few times a second, and the GUI thread does not
//    swap in and paint every record. A change that is not live (the reader's
//    choice, the campaign's final snapshot) runs at once.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>

class QWidget;

namespace kexbench::ui {

class Workbench;

class RefreshGate : public QObject {
    Q_OBJECT
public:
    enum class Pace {
        Now,  // the reader changed something, or data that is no longer live
        Live, // a live campaign's next snapshot: at most once per liveInterval()
    };
    static constexpr int kDefaultLiveIntervalMs = 400;

    // `start` begins the job; the page calls finished() when it is done (also
    // from within `start`, when there is nothing to compute). With
    // followsVisibility false (a page shown no Workbench, in tests) the job
    // runs also while the page is hidden.
    RefreshGate(QWidget *page, std::function<void()> start, bool followsVisibility = true);

    void request(Pace pace = Pace::Now);
    // A change of the Workbench's datasets: Live while a campaign writes into one.
    void requestFor(const Workbench &workbench);
    void finished();

    // The job runs, or a run is waiting (after the job, or for the live interval).
    bool busy() const { return running_ || again_ || timer_.isActive(); }
    // A Now request came while the job ran: its result shows what the reader
    // no longer asked for. (Live snapshots do not overtake: an older snapshot
    // is still worth drawing, and one more run follows.)
    bool overtaken() const { return overtaken_; }
    // The page is hidden and a change waits for it to be shown.
    bool outOfDate() const { return dirty_; }
    // Runs started so far (tests count them).
    int runs() const { return runs_; }

    int liveInterval() const { return liveIntervalMs_; }
    void setLiveInterval(int ms) { liveIntervalMs_ = ms; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool mayRun() const;
    void run();
    void onTimeout();

    QWidget *page_;
    std::function<void()> start_;
    bool followsVisibility_;
    int liveIntervalMs_ = kDefaultLiveIntervalMs;
    bool running_ = false;
    bool again_ = false;    // a change came while the job ran
    bool againNow_ = false; // ... and one of them was a Now change
    bool overtaken_ = false;
    bool dirty_ = false;
    int runs_ = 0;
    QElapsedTimer sinceStart_; // since the last run started
    QTimer timer_;             // the rest of the live interval
};

} // namespace kexbench::ui
