// SPDX-License-Identifier: GPL-3.0-or-later
// The workbench's shared state: the instances it can measure and the datasets
// it shows. Pages read it and react to its signals; nothing here loads
// candidate code (instances are described by runner children) and slow work
// (describing, loading datasets) runs off the GUI thread. Datasets are
// immutable snapshots: a refresh swaps in a new shared_ptr, so a view holding
// the old one is never changed under it.
#pragma once

#include "core/data/dataset.h"
#include "core/campaign/instance_info.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kexbench::ui {

// What a library's build record (lib<name>.so.build.json, written by
// build-instance and the submission dialog) says about its KAT.
enum class BuildKatState {
    Unknown, // no record for these bytes: kexbench's own instances, libraries built elsewhere
    Passed,
    Unchecked, // built without checking its answers: no KAT vectors supplied, or not run
    Failed,    // checked, and it did not pass: the library was kept anyway
};

struct InstanceEntry {
    InstanceInfo info;    // from a runner child's describe
    QString library;      // path of the .so
    bool checked = false; // selected for the next campaign
    // Identity is (name, library sha256): another listed library with this
    // name but other contents would overwrite this one's evidence. `clash`
    // says so (core's identity_clash_message), empty when there is none.
    QString sha256;
    QString clash;
    // Read with the description, so the mark holds wherever the library is
    // listed from (discovery, Add library, a later session), not only just after a build.
    BuildKatState buildKat = BuildKatState::Unknown;
    QString buildKatText; // core's English: the record's note, or "MISMATCH: reason"
    // The variant name the analyst gave it ("opt"): a campaign files it as
    // NAME@opt (CampaignOptions::variants, as run --instance NAME@opt=PATH), so
    // two builds of one instance are measured side by side. Empty: its own name.
    QString variant;
};

// What a campaign files the entry under: "X25519-NIKE@opt" with a variant name, else its instance name.
QString measuredLabel(const InstanceEntry &entry);

struct DatasetEntry {
    std::shared_ptr<const Dataset> data; // never null
    QString label;                       // shown everywhere; the user may rename it
    QString origin;                      // folder or bundle it was loaded from
    bool live = false;                   // a campaign is still writing into it
};

class Workbench : public QObject {
    Q_OBJECT
public:
    explicit Workbench(QObject *parent = nullptr);
    ~Workbench() override;

    // Instances ------------------------------------------------------------
    const QVector<InstanceEntry> &instances() const { return instances_; }
    QStringList checkedLibraries() const;
    // Why the checked libraries cannot be measured together (two of them
    // claim one name: the instance's, or the variant label they are measured
    // under), empty when they can.
    QString checkedClash() const;
    // The variant labels of the checked libraries, in checkedLibraries() order:
    // "" or "NAME@variant" each (CampaignOptions::variants); empty when none has a variant name.
    std::vector<std::string> checkedVariants() const;
    void setChecked(int row, bool checked);
    // Measures the library as variant `variant` of its instance (NAME@variant);
    // "" measures it under its own name again. Why not, in core's English
    // (variant_label_problem: "variant name ..."), when the name cannot be used; empty when set.
    QString setVariant(int row, const QString &variant);
    // Finds libraries on the instance search path and describes each in a
    // runner child, in the background; instancesChanged() when done.
    void discoverInstances();
    // The next discovery checks kexbench's default selection (core's
    // default_selection()) if nothing is checked by then: the workbench's first start.
    void requestDefaultSelection() { checkDefaultsNext_ = true; }
    // The next discovery checks exactly these libraries (the last session's
    // ticks), instead of the default selection; those no longer found are left out.
    void requestSelection(const QStringList &libraries) { selectionNext_ = libraries; }
    // Describes one more library; instanceProblem() names it when it cannot be used.
    void addInstanceLibrary(const QString &path);
    bool busy() const; // background work in flight

    // Datasets -------------------------------------------------------------
    const QVector<DatasetEntry> &datasets() const { return datasets_; }
    // Loads a campaign folder or bundle in the background; datasetsChanged() when added.
    // A harness checkout (or its performance/ or data/ folder) opens every system's folder.
    void openDataset(const QString &path);
    // The dataset paths a path names: each system folder of a harness checkout,
    // else the path itself (core's locate_campaign rule, as report and compare use it).
    static QStringList datasetPathsIn(const QString &path);
    // A dataset's origin as datasets() keeps it: absolute, clean, links resolved.
    static QString originOf(const QString &path);
    // Adds a dataset now (e.g. built in tests or just loaded synchronously).
    int addDataset(std::shared_ptr<const Dataset> data, const QString &origin, bool live = false);
    // Reloads a (live) dataset from its folder in the background; datasetChanged(index).
    // Asked again while a reload is in flight: one more reload follows it, not one per call.
    void refreshDataset(int index);
    // A live campaign wrote these record files (relative to the dataset's
    // folder): they are added to its snapshot in the background without
    // reading the folder again (core's add_written_records); datasetChanged(index).
    // Files written while an addition or reload runs are added together after it.
    void addWrittenRecords(int index, const QStringList &recordPaths);
    void setLive(int index, bool live);
    // A campaign is writing into one of the datasets: pages pace their redraws (RefreshGate::Pace::Live).
    bool anyLive() const;
    void renameDataset(int index, const QString &label);
    void removeDataset(int index);
    // Paths of the datasets, for QSettings.
    QStringList datasetOrigins() const;

signals:
    void instancesChanged();
    void instanceProblem(const QString &message);
    void datasetsChanged();                      // rows added, removed or renamed
    void datasetChanged(int index);              // one dataset's snapshot replaced
    void datasetProblem(const QString &message); // a dataset could not be loaded, or loaded with problems

private:
    QVector<InstanceEntry> instances_;
    QVector<DatasetEntry> datasets_;
    int pending_ = 0;
    unsigned generation_ = 0; // discovery results older than the latest request are dropped
    bool checkDefaultsNext_ = false;
    std::optional<QStringList> selectionNext_;
    void applyDefaultSelection();
    // Swaps in a reloaded snapshot of the dataset opened from `origin` (data null: the load failed).
    void applyReload(const QString &origin, const std::shared_ptr<const Dataset> &data, const QString &error);
    // Background work on one dataset runs one job at a time, so every job
    // starts from the snapshot the previous one left: a reload, or an
    // addition of the record files written since.
    struct DatasetWork {
        bool inFlight = false;
        bool reload = false; // a whole-folder reload is wanted
        QStringList records; // record files to add (dropped when a reload reads them anyway)
    };
    QHash<QString, DatasetWork> work_; // by origin
    void startDatasetWork(const QString &origin);
    void markClashes();
};

} // namespace kexbench::ui
