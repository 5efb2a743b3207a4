// SPDX-License-Identifier: GPL-3.0-or-later
#include "campaignworker.h"

#include "workbench.h"

#include "core/discovery.h"
#include "core/format.h"
#include "core/trial_stats.h"
#include "core/kat.h"
#include "core/stats.h"

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
    QString text = CampaignWorker::tr("%1 mean over calls").arg(QString::fromStdString(fmt::fmt_time(rec.mean_seconds)));
    if (auto t = trial_estimate(rec); t && t->statistic == TrialStatistic::median_of_trial_medians)
        text += CampaignWorker::tr(", %1 median of %2 trial medians")
                    .arg(QString::fromStdString(fmt::fmt_time(t->center * 1e-9)))
                    .arg(t->trials());
    text += CampaignWorker::tr(", n = %1").arg(rec.measurements);
    if (rec.disturbed_retries > 0)
        text += CampaignWorker::tr(", %1 disturbed trial(s) retried").arg(rec.disturbed_retries);
    if (rec.kexbench && rec.kexbench->disturbed)
        text += QStringLiteral("; ") + QString::fromStdString(rec.kexbench->reason);
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
        u.trial = e.trial;
        u.trials = e.trials;
        u.fractionDone = e.fraction_done;
        u.etaSeconds = e.eta_s;
        if (e.record) {
            u.recordStatus = QString::fromStdString(e.record->status);
            u.recordSummary = summaryOf(*e.record);
        }
        emit worker_->update(u);
    }

private:
    CampaignWorker *worker_;
};

} // namespace

CampaignWorker::CampaignWorker(QObject *parent) : QObject(parent) { registerTypes(); }

void CampaignWorker::run(CampaignOptions options, bool loadManifests)
{
    Forwarder forwarder(this);
    if (loadManifests && options.kat && options.manifest.empty()) {
        // Reading manifests is file I/O: it belongs on this thread, not the GUI's.
        for (const auto &file : discover_instance_files(instance_search_path()).manifests) {
            auto entries = read_kat_manifest(file);
            if (!entries) {
                CampaignEvent warning;
                warning.kind = CampaignEvent::Warning;
                warning.message = entries.error();
                forwarder.on_event(warning);
                continue;
            }
            options.manifest.insert(options.manifest.end(), entries->begin(), entries->end());
        }
    }
    CampaignOutcome outcome;
    outcome.outDir = QString::fromStdString(options.out_dir);
    auto summary = run_campaign(options, forwarder, cancel_);
    if (!summary) {
        outcome.error = QString::fromStdString(summary.error());
        outcome.cancelled = cancel_.load();
    } else {
        outcome.ok = true;
        outcome.recordsWritten = summary->records_written;
        outcome.recordsResumed = summary->records_resumed;
        outcome.recordsFailed = summary->records_failed;
        outcome.cancelled = summary->cancelled;
        for (const auto &p : summary->problems)
            outcome.problems << QString::fromStdString(p);
    }
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
}

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
        empty->system_label = opts.system_label.empty() ? QSysInfo::machineHostName().toStdString() : opts.system_label;
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
        worker_, [worker, opts = std::move(opts), loadManifests] { worker->run(opts, loadManifests); },
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
    // while the campaign runs. The Workbench loads it in the background.
    if (u.kind == CampaignEvent::RecordWritten || u.kind == CampaignEvent::RecordResumed)
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
    if (int row = datasetRow(); row >= 0) {
        workbench_->setLive(row, false);
        workbench_->refreshDataset(row); // campaign.json's end time and the last record
    }
    emit finished(outcome);
}

} // namespace kexbench::ui
