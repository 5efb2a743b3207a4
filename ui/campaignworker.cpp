// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaignworker.h"

#include "workbench.h"

#include "core/base/affinity.h"
#include "core/base/discovery.h"
#include "core/base/format.h"
#include "core/analysis/trial_stats.h"
#include "core/campaign/kat_manifest.h"
#include "core/analysis/stats.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSysInfo>
#include <QThread>

namespace kexbench::ui {

namespace {

void registerTypes()
{
    // Queued connections copy the arguments: the types must be known by name.
    static const bool once = [] {
        qRegisterMetaType<CampaignUpdate>("kexbench::ui::CampaignUpdate");
        qRegisterMetaType<CampaignOutcome>("kexbench::ui::CampaignOutcome");
        qRegisterMetaType<HostProbeResult>("kexbench::ui::HostProbeResult");
        return true;
    }();
    (void)once;
}

// The published method's mean over calls, then kexbench's median of trial
// medians: the same figures `kexbench-cli run` prints.
QString summaryOf(const Record &rec)
{
    if (rec.status != "complete" || !rec.mean_seconds)
        return {};
    QString text =
        CampaignWorker::tr("%1 mean over calls").arg(QString::fromStdString(fmt::fmt_time(rec.mean_seconds)));
    if (auto t = trial_estimate(rec); t && t->statistic == TrialStatistic::median_of_trial_medians)
        text += CampaignWorker::tr(", %1 median of %2 trial medians")
                    .arg(QString::fromStdString(fmt::fmt_time(t->center * 1e-9)))
                    .arg(t->trials());
    text += CampaignWorker::tr(", n = %1").arg(rec.measurements);
    if (rec.disturbed_retries > 0)
        text += CampaignWorker::tr(", %1 disturbed trial(s) retried").arg(rec.disturbed_retries);
    if (rec.kexbench && rec.kexbench->disturbed)
        text += (coreLanguage() == Language::zh_CN ? QStringLiteral("；") : QStringLiteral("; ")) +
                coreText(rec.kexbench->reason);
    return text;
}

// Copies each event out of the engine (whose Record pointer dies with the
// callback) and emits it; the receiver lives on the GUI thread, so Qt queues it.
class Forwarder : public CampaignObserver {
public:
    explicit Forwarder(CampaignWorker *worker) : worker_(worker) {}
    void on_event(const CampaignEvent &e) override
    {
        CampaignUpdate u;
        u.kind = e.kind;
        u.instance = QString::fromStdString(e.instance);
        u.operation = QString::fromStdString(e.operation);
        u.message = QString::fromStdString(e.message);
        u.host = QString::fromStdString(e.host);
        u.trial = e.trial;
        u.trials = e.trials;
        u.fractionDone = e.fraction_done;
        u.etaSeconds = e.eta_s;
        u.replaces = QString::fromStdString(e.replaces);
        if (e.record) {
            u.recordStatus = QString::fromStdString(e.record->status);
            u.recordSummary = summaryOf(*e.record);
            u.recordPath =
                QString::fromStdString(record_relative_path(e.record->candidate, e.record->label, e.record->operation));
        }
        emit worker_->update(u);
    }

private:
    CampaignWorker *worker_;
};

} // namespace

CampaignWorker::CampaignWorker(QObject *parent) : QObject(parent) { registerTypes(); }

void CampaignWorker::loadKatManifests(CampaignObserver &observer, CampaignOptions &options)
{
    if (!options.kat || !options.manifest.empty())
        return;
    // Reading manifests is file I/O: it belongs on this thread, not the GUI's.
    for (const auto &file : discover_instance_files(instance_search_path()).manifests) {
        auto entries = read_kat_manifest(file);
        if (!entries) {
            CampaignEvent warning;
            warning.kind = CampaignEvent::Warning;
            warning.message = entries.error();
            observer.on_event(warning);
            continue;
        }
        options.manifest.insert(options.manifest.end(), entries->begin(), entries->end());
    }
}

namespace {

CampaignOutcome outcomeOf(const Result<CampaignSummary> &summary, const std::string &outDir, bool cancelled)
{
    CampaignOutcome outcome;
    outcome.outDir = QString::fromStdString(outDir);
    if (!summary) {
        outcome.error = QString::fromStdString(summary.error());
        outcome.cancelled = cancelled;
        return outcome;
    }
    outcome.ok = true;
    outcome.recordsWritten = summary->records_written;
    outcome.recordsResumed = summary->records_resumed;
    outcome.recordsFailed = summary->records_failed;
    outcome.cancelled = summary->cancelled;
    for (const auto &p : summary->problems)
        outcome.problems << QString::fromStdString(p);
    return outcome;
}

} // namespace

void CampaignWorker::run(CampaignOptions options, bool loadManifests)
{
    Forwarder forwarder(this);
    if (loadManifests)
        loadKatManifests(forwarder, options);
    const auto summary = run_campaign(options, forwarder, cancel_);
    emit finished(outcomeOf(summary, options.out_dir, cancel_.load()));
}

void CampaignWorker::runHosted(HostedCampaignOptions options, bool loadManifests)
{
    Forwarder forwarder(this);
    if (loadManifests)
        loadKatManifests(forwarder, options.campaign);
    options.remote.cancel = &cancel_; // a host still connecting gives up on Cancel too
    const auto hosted = run_hosted_campaign(options, forwarder, cancel_);
    const Result<CampaignSummary> summary =
        hosted ? Result<CampaignSummary>(hosted->summary) : Result<CampaignSummary>(fail(hosted.error()));
    CampaignOutcome outcome = outcomeOf(summary, options.campaign.out_dir, cancel_.load());
    if (hosted)
        for (const auto &share : hosted->shares)
            outcome.hostShares.append({QString::fromStdString(share.host), static_cast<int>(share.instances.size()),
                                       share.wall_s, QString::fromStdString(share.dropped)});
    emit finished(outcome);
}

CampaignSession::CampaignSession(Workbench *workbench, QObject *parent) : QObject(parent), workbench_(workbench)
{
    registerTypes();
}

CampaignSession::~CampaignSession()
{
    if (!thread_)
        return;
    // Closing the window mid-campaign: stop the child, keep the finished records.
    worker_->requestCancel();
    thread_->quit();
    thread_->wait();
    delete thread_;
    keptOff_.reset();
}

int CampaignSession::keptOffCpu() const { return keptOff_ && keptOff_->keptOff() ? keptOff_->cpu() : -1; }

int CampaignSession::datasetRow() const
{
    const auto &datasets = workbench_->datasets();
    for (int i = 0; i < datasets.size(); ++i)
        if (datasets[i].origin == outDir_)
            return i;
    return -1;
}

bool CampaignSession::start(const CampaignOptions &options, QString *why, bool loadManifests)
{
    if (!launch(options, QSysInfo::machineHostName(), why,
                [loadManifests](CampaignWorker *worker, CampaignOptions opts) {
                    worker->run(std::move(opts), loadManifests);
                }))
        return false;
    // On a CPU shared with a runner child the GUI thread waits for its turn
    // (tens of ms at equal priority) and its painting disturbs the child's
    // timing; off that CPU it does neither.
    if (options.cpu)
        keptOff_ = std::make_unique<ThreadsKeptOffCpu>(*options.cpu);
    return true;
}

bool CampaignSession::start(const HostedCampaignOptions &options, QString *why, bool loadManifests)
{
    if (options.hosts.empty()) {
        if (why)
            *why = tr("No host is given.");
        return false;
    }
    // The live dataset is named like the engine names it until campaign.json says otherwise.
    QString firstHost = QString::fromStdString(options.hosts.front());
    if (auto address = parse_host_address(options.hosts.front()))
        firstHost = QString::fromStdString(address->host);
    return launch(options.campaign, firstHost, why,
                  [hosted = options, loadManifests](CampaignWorker *worker, CampaignOptions opts) mutable {
                      hosted.campaign = std::move(opts);
                      worker->runHosted(std::move(hosted), loadManifests);
                  });
}

bool CampaignSession::launch(const CampaignOptions &options, const QString &defaultLabel, QString *why,
                             std::function<void(CampaignWorker *, CampaignOptions)> body)
{
    auto refuse = [why](const QString &text) {
        if (why)
            *why = text;
        return false;
    };
    if (thread_)
        return refuse(tr("A campaign is already running."));
    if (options.libraries.empty())
        return refuse(tr("No instance is selected."));
    if (options.out_dir.empty())
        return refuse(tr("No output folder is given."));
    if (!QDir().mkpath(QString::fromStdString(options.out_dir)))
        return refuse(tr("Cannot create the output folder %1.").arg(QString::fromStdString(options.out_dir)));

    // The dataset row is keyed by its origin: the same normalised path the Workbench uses.
    outDir_ = QFileInfo(QString::fromStdString(options.out_dir)).canonicalFilePath();
    CampaignOptions opts = options;
    opts.out_dir = outDir_.toStdString();

    if (int row = datasetRow(); row >= 0) {
        // Resuming into a folder that is already open: that row goes live.
        workbench_->setLive(row, true);
    } else {
        auto empty = std::make_shared<Dataset>();
        empty->root = opts.out_dir;
        empty->system_label = opts.system_label.empty() ? defaultLabel.toStdString() : opts.system_label;
        workbench_->addDataset(std::move(empty), outDir_, true);
    }
    // A resumed folder already holds records: show them now.
    if (QFileInfo::exists(outDir_ + QStringLiteral("/campaign.json")))
        workbench_->refreshDataset(datasetRow());

    thread_ = new QThread;
    thread_->setObjectName(QStringLiteral("kexbench-campaign"));
    worker_ = new CampaignWorker;
    worker_->moveToThread(thread_);
    connect(thread_, &QThread::finished, worker_, &QObject::deleteLater);
    connect(worker_, &CampaignWorker::update, this, &CampaignSession::onUpdate);
    connect(worker_, &CampaignWorker::finished, this, &CampaignSession::onFinished);
    thread_->start();
    CampaignWorker *worker = worker_;
    QMetaObject::invokeMethod(
        worker_, [worker, opts = std::move(opts), body = std::move(body)]() mutable { body(worker, std::move(opts)); },
        Qt::QueuedConnection);
    return true;
}

void CampaignSession::cancel()
{
    if (worker_)
        worker_->requestCancel();
}

void CampaignSession::onUpdate(const CampaignUpdate &u)
{
    // Every record on disk makes a new snapshot, so partial results appear
    // while the campaign runs: the Workbench adds the one file in the
    // background instead of reading the whole folder again.
    if (u.kind == CampaignEvent::RecordWritten && !u.recordPath.isEmpty())
        workbench_->addWrittenRecords(datasetRow(), {u.recordPath});
    else if (u.kind == CampaignEvent::RecordWritten || u.kind == CampaignEvent::RecordResumed)
        workbench_->refreshDataset(datasetRow());
    emit update(u);
}

void CampaignSession::onFinished(const CampaignOutcome &outcome)
{
    thread_->quit();
    thread_->wait(); // the worker has returned from run(): this is immediate
    delete thread_;  // the worker was deleted when its thread finished
    thread_ = nullptr;
    worker_ = nullptr;
    keptOff_.reset(); // the workbench may use every CPU again
    if (int row = datasetRow(); row >= 0) {
        workbench_->setLive(row, false);
        workbench_->refreshDataset(row); // campaign.json's end time and the last record
    }
    emit finished(outcome);
}

namespace {

// Opens the session (the master connection and the probe), closes it again
// on this thread (ssh -O exit waits for the remote) and says what it learnt.
HostProbeResult probeHost(const QString &host, const RemoteOptions &options)
{
    HostProbeResult result;
    result.host = host;
    auto address = parse_host_address(host.toStdString());
    if (!address) {
        result.error = QString::fromStdString(address.error());
        return result;
    }
    auto session = RemoteSession::open(*address, options);
    if (!session) {
        result.error = QString::fromStdString(session.error());
        return result;
    }
    result.ok = true;
    result.probe = (*session)->probe();
    // A host is only usable with a runner of its architecture: say so now, not at Start.
    if (auto build = runner_build_for(result.probe.uname_machine); !build)
        result.runnerProblem = QString::fromStdString(build.error());
    return result;
}

} // namespace

ConnectionTest::ConnectionTest(QObject *parent) : QObject(parent) { registerTypes(); }

ConnectionTest::~ConnectionTest()
{
    cancel_.store(true);
    for (QThread *thread : std::as_const(threads_)) {
        thread->wait();
        delete thread;
    }
}

bool ConnectionTest::start(const QStringList &hosts, const RemoteOptions &options)
{
    if (running())
        return false;
    cancel_.store(false);
    RemoteOptions opts = options;
    opts.cancel = &cancel_;
    if (hosts.isEmpty()) {
        QMetaObject::invokeMethod(this, &ConnectionTest::finished, Qt::QueuedConnection);
        return true;
    }
    for (const QString &host : hosts) {
        QThread *thread = QThread::create([this, host, opts] {
            const HostProbeResult result = probeHost(host, opts);
            // Queued to this object's (the GUI) thread; dropped if it is gone by then.
            QMetaObject::invokeMethod(
                this, [this, result] { emit hostTested(result); }, Qt::QueuedConnection);
        });
        thread->setObjectName(QStringLiteral("kexbench-ssh-test"));
        // Emitted on that thread after the result was posted: queued behind it.
        connect(
            thread, &QThread::finished, this, [this, thread] { onThreadFinished(thread); }, Qt::QueuedConnection);
        threads_ << thread;
        thread->start();
    }
    return true;
}

void ConnectionTest::onThreadFinished(QThread *thread)
{
    if (!threads_.removeOne(thread))
        return;
    thread->wait();
    delete thread;
    if (threads_.isEmpty())
        emit finished();
}

} // namespace kexbench::ui
