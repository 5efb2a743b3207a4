// SPDX-License-Identifier: GPL-3.0-or-later
// Running a measuring campaign from the workbench. CampaignWorker lives on a
// QThread of its own and runs the engine's run_campaign (or, on other hosts
// over ssh, run_hosted_campaign) there (it blocks for minutes to hours);
// every CampaignEvent is copied into a CampaignUpdate and
// emitted, so it reaches the GUI thread as a queued signal. CampaignSession
// is the GUI-side owner: it starts the thread, turns the campaign folder into
// a live dataset of the Workbench the moment the campaign starts, reloads it
// after every record and cancels (the engine kills the running child).
// ConnectionTest opens an ssh session to each listed host, each on a thread
// of its own, and reports what the host is (Test connection on the Run page).
#pragma once

#include "core/campaign/campaign.h"
#include "core/campaign/hosted_campaign.h"
#include "core/campaign/remote.h"
#include "models/coretext.h"

#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <QList>

#include <atomic>
#include <functional>
#include <memory>

class QThread;

namespace kexbench {
class ThreadsKeptOffCpu;
}

namespace kexbench::ui {

class Workbench;

// A CampaignEvent without pointers into the engine's memory.
struct CampaignUpdate {
    CampaignEvent::Kind kind = CampaignEvent::Started;
    QString instance, operation, message; // message: as core composed it, in English (coreText() shows it)
    QString host;                         // the host a campaign on other hosts ran it on; empty: this machine
    int trial = 0, trials = 0;            // TrialDone: trial of trials (trials 0: adaptive, open-ended)
    double fractionDone = 0;              // 0..1 over the whole campaign
    double etaSeconds = -1;               // -1: unknown
    // RecordWritten: the record's status and a one-line summary ("12.3 µs mean, 45.6 µs median, n = 100").
    QString recordStatus, recordSummary;
    // RecordWritten: the record's file relative to the campaign folder ("records/<candidate>/<label>__<op>.json").
    QString recordPath;
    // RecordWritten again for the same record: why it replaces the earlier line (English; coreText() shows it).
    QString replaces;
};

// What run_campaign returned.
struct CampaignOutcome {
    bool ok = false; // false: the campaign could not run at all (error says why)
    QString error;
    int recordsWritten = 0, recordsResumed = 0, recordsFailed = 0;
    bool cancelled = false;
    QStringList problems;
    QString outDir;
    // A campaign on other hosts: what each host measured, or why it dropped out.
    struct HostShare {
        QString host;
        int instances = 0;
        double wallSeconds = 0;
        QString dropped; // empty: the host stayed to the end
    };
    QList<HostShare> hostShares;
};

class CampaignWorker : public QObject {
    Q_OBJECT
public:
    explicit CampaignWorker(QObject *parent = nullptr);

    // Thread-safe (an atomic store): the campaign is blocking this object's
    // thread, so cancelling cannot wait for a queued slot.
    void requestCancel() { cancel_.store(true); }
    bool cancelRequested() const { return cancel_.load(); }

    // Runs the campaign on the calling thread (the worker's thread) and emits
    // updates while it runs, finished() at the end. With loadManifests, the
    // KAT manifests found on the instance search path are read first.
    void run(kexbench::CampaignOptions options, bool loadManifests);
    // The same on other hosts over ssh (run_hosted_campaign).
    void runHosted(kexbench::HostedCampaignOptions options, bool loadManifests);

signals:
    void update(const kexbench::ui::CampaignUpdate &update);
    void finished(const kexbench::ui::CampaignOutcome &outcome);

private:
    // Reads the KAT manifests beside the instances into `options` (warnings for unreadable ones).
    void loadKatManifests(CampaignObserver &observer, CampaignOptions &options);
    std::atomic<bool> cancel_{false};
};

class CampaignSession : public QObject {
    Q_OBJECT
public:
    explicit CampaignSession(Workbench *workbench, QObject *parent = nullptr);
    // Cancels a running campaign and waits for its thread.
    ~CampaignSession() override;

    bool running() const { return thread_ != nullptr; }
    QString outDir() const { return outDir_; }
    // While a campaign on this machine pins its children to a CPU, the workbench's
    // own threads stay off that CPU; that CPU, or -1 (none pinned, hosted, or
    // this process may use no other CPU).
    int keptOffCpu() const;

    // Starts a campaign in the background; false (with why) when one is running
    // or the options cannot work. The campaign folder becomes a live dataset at once.
    bool start(const kexbench::CampaignOptions &options, QString *why = nullptr, bool loadManifests = true);
    // The same on the hosts of options.hosts over ssh; this machine keeps the campaign folder.
    bool start(const kexbench::HostedCampaignOptions &options, QString *why = nullptr, bool loadManifests = true);

public slots:
    void cancel();

signals:
    void update(const kexbench::ui::CampaignUpdate &update);
    void finished(const kexbench::ui::CampaignOutcome &outcome);

private:
    void onUpdate(const kexbench::ui::CampaignUpdate &update);
    void onFinished(const kexbench::ui::CampaignOutcome &outcome);
    int datasetRow() const;
    // Checks the options, opens the live dataset and runs `body` on the worker's thread.
    bool launch(const kexbench::CampaignOptions &options, const QString &defaultLabel, QString *why,
                std::function<void(CampaignWorker *worker, kexbench::CampaignOptions normalised)> body);

    Workbench *workbench_;
    std::unique_ptr<ThreadsKeptOffCpu> keptOff_;
    QThread *thread_ = nullptr;
    CampaignWorker *worker_ = nullptr;
    QString outDir_;
};

// What Test connection learnt of one host: its probe, or the one-line reason it could not be reached.
struct HostProbeResult {
    QString host; // as listed on the page
    bool ok = false;
    QString error; // !ok: the session's one-line error
    kexbench::RemoteProbe probe;
    QString runnerProblem; // ok, but this build has no runner for the host's architecture
};

// Opens a RemoteSession to each host off the GUI thread (one thread per host,
// so an unreachable host does not hold up the others) and closes it again.
class ConnectionTest : public QObject {
    Q_OBJECT
public:
    explicit ConnectionTest(QObject *parent = nullptr);
    // Cancels the sessions still opening and waits for their threads.
    ~ConnectionTest() override;

    bool running() const { return !threads_.isEmpty(); }
    // False when a test is still running.
    bool start(const QStringList &hosts, const kexbench::RemoteOptions &options);
    void cancel() { cancel_.store(true); }

signals:
    void hostTested(const kexbench::ui::HostProbeResult &result); // one per host, as each answers
    void finished();                                              // after the last host

private:
    void onThreadFinished(QThread *thread);

    QList<QThread *> threads_;
    std::atomic<bool> cancel_{false};
};

} // namespace kexbench::ui

Q_DECLARE_METATYPE(kexbench::ui::CampaignUpdate)
Q_DECLARE_METATYPE(kexbench::ui::CampaignOutcome)
Q_DECLARE_METATYPE(kexbench::ui::HostProbeResult)
