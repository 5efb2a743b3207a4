// SPDX-License-Identifier: GPL-3.0-or-later
#include "workbench.h"

#include "models/background.h"
#include "core/campaign/build_info.h"
#include "core/campaign/campaign.h"
#include "core/base/discovery.h"
#include "core/campaign/runner_client.h"
#include "core/data/dataset_source.h"

#include <QDir>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QSet>
#include <QThreadPool>
#include <QThread>

#include <algorithm>
#include <functional>
#include <utility>

namespace kexbench::ui {

namespace {

// What a background describe produced; applied on the GUI thread.
struct DescribeOutcome {
    QVector<InstanceEntry> entries;
    QStringList problems;
};

// What a background load produced; applied on the GUI thread.
struct LoadOutcome {
    QString origin;
    std::shared_ptr<const Dataset> data; // null when the load failed
    QString error;
};

// The pool that loads datasets has exactly one thread, so loads finish in the
// order they were requested: when two refreshes of a live dataset overlap,
// the later (newer) snapshot is always the one left in place. It is a child
// of the Workbench so that destroying the Workbench waits for a load in flight.
const auto kLoaderName = QStringLiteral("kexbench-dataset-loader");

QString normalizedPath(const QString &path)
{
    if (path.isEmpty())
        return path;
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return QDir::cleanPath(canonical.isEmpty() ? info.absoluteFilePath() : canonical);
}

// The KAT verdict the build record beside the library keeps (none when the
// record is missing or describes other bytes).
void readBuildKat(InstanceEntry &entry, const std::string &library)
{
    const std::optional<BuildInfo> build = read_build_info(library);
    if (!build)
        return;
    if (!build->kat) {
        entry.buildKat = BuildKatState::Unchecked;
        entry.buildKatText = QString::fromStdString(build->kat_note);
        return;
    }
    const kexbench::BuildKat &kat = *build->kat;
    entry.buildKat = kat.status == "PASS" ? BuildKatState::Passed : BuildKatState::Failed;
    entry.buildKatText = QString::fromStdString(kat.reason.empty() ? kat.status : kat.status + ": " + kat.reason);
}

DescribeOutcome describeLibraries(const std::vector<std::string> &libraries)
{
    DescribeOutcome out;
    for (const auto &lib : libraries) {
        auto info = describe_instance(lib);
        if (!info) {
            out.problems << QString::fromStdString(info.error());
            continue;
        }
        InstanceEntry entry;
        entry.info = std::move(info.value());
        entry.library = normalizedPath(QString::fromStdString(lib));
        entry.sha256 = QString::fromStdString(library_sha256(lib));
        readBuildKat(entry, lib);
        out.entries << std::move(entry);
    }
    return out;
}

// Freeing a large campaign's snapshot (every record's samples) takes
// milliseconds, and its last holder is often the GUI thread (a page swapping
// in the next snapshot of a live campaign): there it is freed on a pool thread.
void freeSnapshot(const Dataset *data)
{
    const QCoreApplication *app = QCoreApplication::instance();
    if (app && QThread::currentThread() == app->thread())
        reclaimPool()->start([data] {
            lowerThisThreadForBackgroundWork();
            delete data;
        });
    else
        delete data;
}

std::shared_ptr<const Dataset> shareSnapshot(Dataset data)
{
    return std::shared_ptr<const Dataset>(new Dataset(std::move(data)), &freeSnapshot);
}

LoadOutcome loadFrom(const QString &origin)
{
    LoadOutcome out;
    out.origin = origin;
    auto loaded = load_dataset(origin.toStdString());
    if (loaded)
        out.data = shareSnapshot(std::move(loaded.value()));
    else
        out.error = QString::fromStdString(loaded.error());
    return out;
}

// The snapshot with the record files a live campaign just wrote: a copy (the
// old snapshot stays untouched for whoever holds it) plus those files.
LoadOutcome addRecordsTo(const QString &origin, const Dataset &base, const std::vector<std::string> &paths)
{
    Dataset grown = base;
    add_written_records(grown, paths);
    return {origin, shareSnapshot(std::move(grown)), {}};
}

// Runs `apply` on the GUI thread (the watcher lives there) once the future is
// done. The watcher is a child of `owner`: if the owner goes away first, the
// result is simply never applied.
template <class T, class Apply>
void whenDone(QObject *owner, QFuture<T> future, Apply apply)
{
    auto *watcher = new QFutureWatcher<T>(owner);
    QObject::connect(watcher, &QFutureWatcher<T>::finished, owner, [watcher, apply = std::move(apply)]() mutable {
        apply(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(std::move(future));
}

} // namespace

Workbench::Workbench(QObject *parent) : QObject(parent)
{
    auto *loader = new QThreadPool(this);
    loader->setObjectName(kLoaderName);
    loader->setMaxThreadCount(1);
}

Workbench::~Workbench()
{
    // Results of jobs still running are dropped with their watchers; the
    // loader pool (a child) waits for its one job when it is destroyed.
    if (auto *loader = findChild<QThreadPool *>(kLoaderName, Qt::FindDirectChildrenOnly))
        loader->waitForDone();
}

QString measuredLabel(const InstanceEntry &entry)
{
    const QString name = QString::fromStdString(entry.info.meta.instance);
    return entry.variant.isEmpty() ? name : name + QLatin1Char('@') + entry.variant;
}

bool Workbench::busy() const { return pending_ > 0; }

// Instances ----------------------------------------------------------------

QStringList Workbench::checkedLibraries() const
{
    QStringList libs;
    for (const auto &entry : instances_)
        if (entry.checked)
            libs << entry.library;
    return libs;
}

namespace {

// Each library under the name a campaign would file it under: a variant's
// label is a name of its own, so two builds of one instance only clash when
// they end up under one label (as core's identity check in run_campaign sees them).
std::vector<LibraryIdentity> identitiesOf(const QVector<InstanceEntry> &entries)
{
    std::vector<LibraryIdentity> ids;
    for (const auto &entry : entries) {
        InstanceMeta filed = entry.info.meta;
        filed.instance = measuredLabel(entry).toStdString();
        ids.push_back({entry.library.toStdString(), filed, entry.sha256.toStdString()});
    }
    return ids;
}

} // namespace

QString Workbench::checkedClash() const
{
    QVector<InstanceEntry> checked;
    for (const auto &entry : instances_)
        if (entry.checked)
            checked << entry;
    const auto clashes = find_identity_clashes(identitiesOf(checked));
    return clashes.empty() ? QString() : QString::fromStdString(clashes.front().message);
}

// Both rows of a clash carry its reason, so the list shows the pair.
void Workbench::markClashes()
{
    for (auto &entry : instances_)
        entry.clash.clear();
    for (const auto &clash : find_identity_clashes(identitiesOf(instances_))) {
        const QString why = QString::fromStdString(clash.message);
        for (size_t row : {clash.first, clash.second})
            if (instances_[static_cast<int>(row)].clash.isEmpty())
                instances_[static_cast<int>(row)].clash = why;
    }
}

std::vector<std::string> Workbench::checkedVariants() const
{
    std::vector<std::string> labels;
    bool any = false;
    for (const auto &entry : instances_)
        if (entry.checked) {
            labels.push_back(entry.variant.isEmpty() ? std::string() : measuredLabel(entry).toStdString());
            any = any || !entry.variant.isEmpty();
        }
    return any ? labels : std::vector<std::string>();
}

QString Workbench::setVariant(int row, const QString &variant)
{
    if (row < 0 || row >= instances_.size())
        return {};
    InstanceEntry &entry = instances_[row];
    QString name = variant.trimmed();
    // "X25519-NIKE@opt" typed whole is the variant "opt" of X25519-NIKE.
    const QString prefix = QString::fromStdString(entry.info.meta.instance) + QLatin1Char('@');
    if (name.startsWith(prefix))
        name = name.mid(prefix.size());
    if (!name.isEmpty()) {
        const std::string instance = entry.info.meta.instance;
        if (const std::string why = variant_label_problem(instance + "@" + name.toStdString(), instance); !why.empty())
            return QString::fromStdString(why);
    }
    if (entry.variant == name)
        return {};
    entry.variant = name;
    markClashes();
    emit instancesChanged();
    return {};
}

void Workbench::setChecked(int row, bool checked)
{
    if (row < 0 || row >= instances_.size() || instances_[row].checked == checked)
        return;
    instances_[row].checked = checked;
    // The check state is part of the instance list; models compare the
    // structure and update in place when only check states changed.
    emit instancesChanged();
}

void Workbench::discoverInstances()
{
    const unsigned generation = ++generation_;
    ++pending_;
    auto future = runStartingProcesses([] {
        const DiscoveredFiles found = discover_instance_files(instance_search_path());
        return describeLibraries(found.libraries);
    });
    whenDone(this, std::move(future), [this, generation](const DescribeOutcome &out) {
        --pending_;
        if (generation != generation_) {
            // A newer discovery was requested meanwhile; its answer wins.
            return;
        }
        QSet<QString> discovered;
        QVector<InstanceEntry> merged;
        for (InstanceEntry entry : out.entries) {
            discovered.insert(entry.library);
            for (const auto &old : std::as_const(instances_))
                if (old.library == entry.library) {
                    entry.checked = old.checked;
                    entry.variant = old.variant;
                }
            merged << std::move(entry);
        }
        // Libraries added by hand (outside the search path) stay while their file exists.
        for (const auto &old : std::as_const(instances_))
            if (!discovered.contains(old.library) && QFileInfo::exists(old.library))
                merged << old;
        instances_ = std::move(merged);
        markClashes();
        applyDefaultSelection();
        emit instancesChanged();
        for (const auto &problem : out.problems)
            emit instanceProblem(problem);
    });
}

void Workbench::applyDefaultSelection()
{
    if (selectionNext_) {
        for (auto &entry : instances_)
            entry.checked = selectionNext_->contains(entry.library);
        selectionNext_.reset();
        checkDefaultsNext_ = false; // the user's own choice, even an empty one
        return;
    }
    if (!checkDefaultsNext_)
        return;
    checkDefaultsNext_ = false;
    if (std::any_of(instances_.begin(), instances_.end(), [](const InstanceEntry &e) { return e.checked; }))
        return; // the user chose already
    const auto &names = default_selection();
    for (auto &entry : instances_)
        entry.checked = std::find(names.begin(), names.end(), entry.info.meta.instance) != names.end();
}

void Workbench::addInstanceLibrary(const QString &path)
{
    const QString library = normalizedPath(path);
    if (library.isEmpty()) {
        emit instanceProblem(tr("No instance library given."));
        return;
    }
    ++pending_;
    auto future = runStartingProcesses([library] { return describeLibraries({library.toStdString()}); });
    whenDone(this, std::move(future), [this](const DescribeOutcome &out) {
        --pending_;
        for (const auto &entry : out.entries) {
            auto it = std::find_if(instances_.begin(), instances_.end(),
                                   [&](const InstanceEntry &e) { return e.library == entry.library; });
            if (it != instances_.end()) {
                const bool checked = it->checked;
                const QString variant = it->variant;
                *it = entry;
                it->checked = checked;
                it->variant = variant;
            } else {
                instances_ << entry;
            }
        }
        markClashes();
        emit instancesChanged();
        for (const auto &problem : out.problems)
            emit instanceProblem(problem);
    });
}

// Datasets -----------------------------------------------------------------

namespace {

int indexOfOrigin(const QVector<DatasetEntry> &datasets, const QString &origin)
{
    if (origin.isEmpty())
        return -1;
    for (int i = 0; i < datasets.size(); ++i)
        if (datasets[i].origin == origin)
            return i;
    // A live campaign's folder is named before it exists (no canonical path yet): compare again now.
    for (int i = 0; i < datasets.size(); ++i)
        if (!datasets[i].origin.isEmpty() && normalizedPath(datasets[i].origin) == origin)
            return i;
    return -1;
}

// The open dataset that is the same campaign (its campaign.json names the same
// system and start time), -1 when there is none.
int sameCampaignAs(const QVector<DatasetEntry> &datasets, const Dataset &data)
{
    if (!data.campaign || data.campaign->started_utc.empty())
        return -1;
    for (int i = 0; i < datasets.size(); ++i) {
        const auto &other = datasets[i].data->campaign;
        if (other && other->started_utc == data.campaign->started_utc && other->system_id == data.campaign->system_id)
            return i;
    }
    return -1;
}

} // namespace

QString Workbench::originOf(const QString &path) { return normalizedPath(path); }

QStringList Workbench::datasetPathsIn(const QString &path)
{
    const std::string local = QFile::encodeName(path).toStdString();
    if (path.isEmpty() || locate_campaign(local, std::nullopt))
        return {path};
    QStringList out;
    for (const auto &system : systems_in_checkout(local))
        if (auto folder = locate_campaign(local, system))
            out << QFile::decodeName(QByteArray::fromStdString(*folder));
    return out.isEmpty() ? QStringList{path} : out;
}

void Workbench::openDataset(const QString &path)
{
    // The harness checkout that report and compare take with --system: every system it holds.
    if (const QStringList paths = datasetPathsIn(path); paths != QStringList{path}) {
        for (const QString &folder : paths)
            openDataset(folder);
        return;
    }
    const QString origin = normalizedPath(path);
    if (origin.isEmpty()) {
        emit datasetProblem(tr("No dataset folder or bundle given."));
        return;
    }
    // The same folder twice would only confuse every comparison: reload it instead, and say so.
    if (const int existing = indexOfOrigin(datasets_, origin); existing >= 0) {
        emit datasetProblem(tr("%1 is already open as %2; reloaded it instead of adding it again.")
                                .arg(QDir::toNativeSeparators(origin), datasets_[existing].label));
        refreshDataset(existing);
        return;
    }
    auto *loader = findChild<QThreadPool *>(kLoaderName, Qt::FindDirectChildrenOnly);
    ++pending_;
    whenDone(this, runInBackgroundOn(loader, [origin] { return loadFrom(origin); }), [this](const LoadOutcome &out) {
        --pending_;
        if (!out.data) {
            emit datasetProblem(tr("Cannot open dataset: %1").arg(out.error));
            return;
        }
        int index = indexOfOrigin(datasets_, out.origin);
        const QString shown = QDir::toNativeSeparators(out.origin);
        if (index < 0 && out.data->records.empty() && out.data->profiles.empty()) {
            // Nothing any page could show: an empty row would only look like a dataset.
            emit datasetProblem(tr("%1 holds no timing records; it was not added to the datasets.").arg(shown));
            return;
        }
        if (const int same = index < 0 ? sameCampaignAs(datasets_, *out.data) : -1; same >= 0) {
            // The same campaign from another place (a copy, its bundle): one row, or every comparison is with itself.
            emit datasetProblem(
                tr("%1 is the campaign already open as %2; it was not added again.").arg(shown, datasets_[same].label));
            return;
        }
        if (index >= 0) {
            // Opened twice before the first load finished: keep one row.
            datasets_[index].data = out.data;
            emit datasetChanged(index);
        } else {
            index = addDataset(out.data, out.origin, false);
        }
        const QString label = datasets_[index].label;
        for (const auto &problem : out.data->problems)
            emit datasetProblem(tr("%1: %2").arg(label, QString::fromStdString(problem)));
    });
}

int Workbench::addDataset(std::shared_ptr<const Dataset> data, const QString &origin, bool live)
{
    if (!data)
        data = std::make_shared<const Dataset>();
    DatasetEntry entry;
    entry.origin = origin.isEmpty() ? origin : normalizedPath(origin);
    QString base = QString::fromStdString(data->system_label);
    if (base.isEmpty())
        base = QFileInfo(entry.origin).fileName();
    if (base.isEmpty())
        base = tr("Dataset");
    // Two datasets of the same system ("arm_1" measured twice) must stay
    // distinguishable in every legend and column header.
    QString label = base;
    for (int n = 2;; ++n) {
        const bool taken =
            std::any_of(datasets_.begin(), datasets_.end(), [&](const DatasetEntry &e) { return e.label == label; });
        if (!taken)
            break;
        label = QStringLiteral("%1 (%2)").arg(base).arg(n);
    }
    entry.label = label;
    entry.data = std::move(data);
    entry.live = live;
    datasets_ << std::move(entry);
    emit datasetsChanged();
    return static_cast<int>(datasets_.size() - 1);
}

void Workbench::refreshDataset(int index)
{
    if (index < 0 || index >= datasets_.size() || datasets_[index].origin.isEmpty())
        return;
    const QString origin = datasets_[index].origin;
    work_[origin].reload = true;
    startDatasetWork(origin);
}

void Workbench::addWrittenRecords(int index, const QStringList &recordPaths)
{
    if (index < 0 || index >= datasets_.size() || datasets_[index].origin.isEmpty())
        return;
    const QString origin = datasets_[index].origin;
    DatasetWork &work = work_[origin];
    for (const QString &path : recordPaths)
        if (!work.records.contains(path))
            work.records << path;
    startDatasetWork(origin);
}

void Workbench::startDatasetWork(const QString &origin)
{
    DatasetWork &work = work_[origin];
    if (work.inFlight || (!work.reload && work.records.isEmpty()))
        return;
    const int row = indexOfOrigin(datasets_, origin);
    if (row < 0) {
        work_.remove(origin); // closed meanwhile
        return;
    }
    std::function<LoadOutcome()> job;
    if (work.reload) {
        job = [origin] { return loadFrom(origin); };
    } else {
        std::vector<std::string> paths;
        for (const QString &path : std::as_const(work.records))
            paths.push_back(path.toStdString());
        job = [origin, base = datasets_[row].data, paths = std::move(paths)] {
            return addRecordsTo(origin, *base, paths);
        };
    }
    work.inFlight = true;
    work.reload = false;
    work.records.clear();
    auto *loader = findChild<QThreadPool *>(kLoaderName, Qt::FindDirectChildrenOnly);
    ++pending_;
    whenDone(this, runInBackgroundOn(loader, std::move(job)), [this](const LoadOutcome &out) {
        --pending_;
        work_[out.origin].inFlight = false;
        applyReload(out.origin, out.data, out.error);
        startDatasetWork(out.origin);
    });
}

void Workbench::applyReload(const QString &origin, const std::shared_ptr<const Dataset> &data, const QString &error)
{
    // Rows may have moved or gone while the load ran: find the row again by its origin.
    const int row = indexOfOrigin(datasets_, origin);
    if (row < 0)
        return;
    DatasetEntry &entry = datasets_[row];
    if (!data) {
        // A live campaign's folder may not exist until its first record: not a problem yet.
        if (!entry.live)
            emit datasetProblem(tr("Cannot reload dataset %1: %2").arg(entry.label, error));
        return;
    }
    // Report only the problems this snapshot adds, so a live refresh does not repeat them.
    const auto &before = entry.data->problems;
    QStringList fresh;
    for (const auto &problem : data->problems)
        if (std::find(before.begin(), before.end(), problem) == before.end())
            fresh << QString::fromStdString(problem);
    entry.data = data;
    const QString label = entry.label;
    emit datasetChanged(row);
    for (const auto &problem : fresh)
        emit datasetProblem(tr("%1: %2").arg(label, problem));
}

void Workbench::setLive(int index, bool live)
{
    if (index < 0 || index >= datasets_.size() || datasets_[index].live == live)
        return;
    datasets_[index].live = live;
    emit datasetChanged(index);
}

bool Workbench::anyLive() const
{
    return std::any_of(datasets_.begin(), datasets_.end(), [](const DatasetEntry &e) { return e.live; });
}

void Workbench::renameDataset(int index, const QString &label)
{
    const QString trimmed = label.trimmed();
    if (index < 0 || index >= datasets_.size() || trimmed.isEmpty() || datasets_[index].label == trimmed)
        return;
    datasets_[index].label = trimmed;
    emit datasetsChanged();
}

void Workbench::removeDataset(int index)
{
    if (index < 0 || index >= datasets_.size())
        return;
    datasets_.remove(index);
    emit datasetsChanged();
}

QStringList Workbench::datasetOrigins() const
{
    QStringList origins;
    for (const auto &entry : datasets_)
        if (!entry.origin.isEmpty())
            origins << entry.origin;
    return origins;
}

} // namespace kexbench::ui
