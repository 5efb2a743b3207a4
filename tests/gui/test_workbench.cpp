// SPDX-License-Identifier: GPL-3.0-or-later
// The Workbench and campaigns with real runner children: loading the
// reference dataset, describing the built-in instances, a tiny campaign
// through CampaignSession/CampaignWorker that fills a live dataset, and
// cancelling one.
#include "gui_test_util.h"

#include "campaignworker.h"
#include "core/base/affinity.h"
#include "core/base/discovery.h"
#include "core/data/record.h"

#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <sched.h>

#include <algorithm>
#include <fstream>
#include <set>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

QString libraryOf(const Workbench &workbench, const std::string &name)
{
    const int row = instanceRow(workbench, name);
    return row < 0 ? QString() : workbench.instances()[row].library;
}

CampaignOptions tinyPlan(const QString &library, const QString &outDir, std::vector<std::string> operations,
                         double target)
{
    CampaignOptions o;
    o.libraries = {library.toStdString()};
    o.operations = std::move(operations);
    o.mode = "fixed";
    o.planning.trials = 2;
    o.planning.trial_target_s = target;
    o.planning.op_budget_s = 30;
    o.retries = 0; // disturbance retries have their own tests; keep the trial counts exact
    o.kat = false; // the KAT path has its own integration tests; keep this one short
    o.stack = false;
    o.heap = false;
    o.system_label = "gui_test";
    o.out_dir = outDir.toStdString();
    return o;
}

int datasetRowOf(const Workbench &workbench, const QString &origin)
{
    const QString canonical = QFileInfo(origin).canonicalFilePath();
    for (int i = 0; i < workbench.datasets().size(); ++i)
        if (workbench.datasets()[i].origin == canonical)
            return i;
    return -1;
}

// What every campaign test starts from: a workbench that knows the built-in
// instances, the ECDHE-P256 baseline's library, and a throw-away campaign folder.
struct EcdheCampaignSetup {
    Workbench workbench;
    QTemporaryDir tmp;
    QString lib;
    QString out = tmp.filePath(QStringLiteral("campaign"));
    EcdheCampaignSetup()
    {
        if (describeBuiltins(workbench))
            lib = libraryOf(workbench, "ECDHE-P256");
    }
    bool ready() const { return tmp.isValid() && !lib.isEmpty(); }
};

} // namespace

TEST(Workbench, LoadsTheReferenceDatasetInTheBackground)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    Workbench workbench;
    QSignalSpy added(&workbench, &Workbench::datasetsChanged);
    QSignalSpy problems(&workbench, &Workbench::datasetProblem);
    workbench.openDataset(referenceDataset());
    EXPECT_TRUE(workbench.busy());
    EXPECT_TRUE(workbench.datasets().isEmpty()); // nothing is loaded on the GUI thread
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    ASSERT_EQ(workbench.datasets().size(), 1);
    EXPECT_EQ(added.count(), 1);
    const DatasetEntry &entry = workbench.datasets()[0];
    EXPECT_EQ(entry.label, QStringLiteral("arm_1"));
    EXPECT_FALSE(entry.live);
    EXPECT_FALSE(entry.data->records.empty());
    EXPECT_TRUE(entry.data->campaign.has_value());
    // One message per problem line of the dataset.
    EXPECT_EQ(static_cast<size_t>(problems.count()), entry.data->problems.size());
    EXPECT_EQ(workbench.datasetOrigins(), QStringList{entry.origin});

    // A refresh swaps in a new snapshot; a view holding the old one keeps it intact.
    const std::shared_ptr<const Dataset> old = entry.data;
    QSignalSpy changed(&workbench, &Workbench::datasetChanged);
    workbench.refreshDataset(0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    ASSERT_EQ(changed.count(), 1);
    EXPECT_NE(workbench.datasets()[0].data, old);
    EXPECT_EQ(old->records.size(), workbench.datasets()[0].data->records.size());
}

namespace {

// Writes a complete record of `label`'s exchange into folder/records/cand/ as a campaign does.
void writeRecordFile(const QString &folder, const std::string &label)
{
    Record r;
    r.status = "complete";
    r.candidate = "cand";
    r.label = r.instance = label;
    r.operation = "exchange";
    QDir().mkpath(folder + QStringLiteral("/records/cand"));
    std::ofstream(folder.toStdString() + "/records/cand/" + label + "__exchange.json") << record_to_json(r).dump();
}

} // namespace

// A live campaign asks for a reload after every record: asks that come while
// one is in flight are answered by a single reload that starts after it, so
// the folder is not re-read once per ask and the newest record still arrives.
TEST(Workbench, ReloadsAskedForWhileOneIsInFlightBecomeOneMore)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    writeRecordFile(dir.path(), "A-1");
    Workbench workbench;
    workbench.openDataset(dir.path());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    ASSERT_EQ(workbench.datasets().size(), 1);
    ASSERT_EQ(workbench.datasets()[0].data->records.size(), 1u);

    QSignalSpy changed(&workbench, &Workbench::datasetChanged);
    for (int i = 0; i < 5; ++i)
        workbench.refreshDataset(0);
    writeRecordFile(dir.path(), "A-2"); // perhaps after the first reload read the folder
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_EQ(changed.count(), 2);
    EXPECT_EQ(workbench.datasets()[0].data->records.size(), 2u);
}

TEST(Workbench, ABadDatasetPathIsReportedByName)
{
    Workbench workbench;
    QSignalSpy problems(&workbench, &Workbench::datasetProblem);
    const QString bad = QStringLiteral("/nonexistent/kexbench/campaign");
    workbench.openDataset(bad);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_TRUE(workbench.datasets().isEmpty());
    ASSERT_EQ(problems.count(), 1);
    EXPECT_TRUE(problems.first().first().toString().contains(bad)) << problems.first().first().toString().toStdString();

    // A file that is neither a folder nor a bundle.
    QTemporaryDir dir;
    QFile junk(dir.filePath(QStringLiteral("junk.kxb")));
    ASSERT_TRUE(junk.open(QIODevice::WriteOnly));
    junk.write("not a bundle");
    junk.close();
    workbench.openDataset(junk.fileName());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_TRUE(workbench.datasets().isEmpty());
    ASSERT_EQ(problems.count(), 2);
    EXPECT_TRUE(problems.last().first().toString().contains(QStringLiteral("junk.kxb")));
}

TEST(Workbench, DescribesTheBuiltinInstancesAndDropsStaleDiscoveries)
{
    Workbench workbench;
    QSignalSpy changed(&workbench, &Workbench::instancesChanged);
    // Two discoveries in a row: only the newer one's answer is applied.
    workbench.discoverInstances();
    workbench.discoverInstances();
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_EQ(changed.count(), 1);
    std::set<std::string> names;
    for (const auto &entry : workbench.instances()) {
        names.insert(entry.info.meta.instance);
        EXPECT_TRUE(QFileInfo(entry.library).isAbsolute());
        EXPECT_FALSE(entry.checked);
    }
    EXPECT_TRUE(names.count("ECDHE-P256")) << "instances: " << names.size();
    EXPECT_TRUE(names.count("ECDHE-SM2"));
    EXPECT_TRUE(names.count("X25519-NIKE"));
    EXPECT_TRUE(workbench.checkedLibraries().isEmpty());
    workbench.setChecked(instanceRow(workbench, "X25519-NIKE"), true);
    EXPECT_EQ(workbench.checkedLibraries(), QStringList{libraryOf(workbench, "X25519-NIKE")});
    workbench.setChecked(-1, true); // out of range: ignored
    workbench.setChecked(1000, true);
    EXPECT_EQ(workbench.checkedLibraries().size(), 1);
}

// The workbench's first start checks the default selection, which holds the
// post-quantum and the national baselines; a later rescan leaves the user's choice alone.
TEST(Workbench, FirstStartChecksTheDefaultSelectionWithItsBaselines)
{
    Workbench workbench;
    workbench.requestDefaultSelection();
    ASSERT_TRUE(describeBuiltins(workbench));
    std::set<std::string> checked;
    for (const auto &entry : workbench.instances())
        if (entry.checked)
            checked.insert(entry.info.meta.instance);
    const auto &defaults = default_selection();
    EXPECT_EQ(checked, std::set<std::string>(defaults.begin(), defaults.end()));
    EXPECT_TRUE(checked.count("MLKEM-UAKE-768")) << "no post-quantum baseline in the default selection";
    EXPECT_EQ(workbench.instances()[instanceRow(workbench, "MLKEM-UAKE-768")].info.meta.group, "baseline");
    EXPECT_EQ(workbench.instances()[instanceRow(workbench, "SM2-KEX")].info.meta.group, "baseline");

    workbench.setChecked(instanceRow(workbench, "SM2-KEX"), false);
    workbench.requestDefaultSelection(); // something is still checked: the choice stays
    ASSERT_TRUE(describeBuiltins(workbench));
    EXPECT_FALSE(workbench.instances()[instanceRow(workbench, "SM2-KEX")].checked);
    EXPECT_EQ(workbench.checkedLibraries().size(), static_cast<int>(defaults.size()) - 1);
}

// What a live campaign does after each record: the written file is added to
// the snapshot (no folder reload), files written meanwhile go in together,
// and an addition asked for while a reload runs starts from that reload.
TEST(Workbench, WrittenRecordsAreAddedWithoutReloadingTheFolder)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    writeRecordFile(dir.path(), "A-1");
    Workbench workbench;
    workbench.openDataset(dir.path());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    ASSERT_EQ(workbench.datasets().size(), 1);
    const std::shared_ptr<const Dataset> first = workbench.datasets()[0].data;

    // A file the snapshot never saw that no one announces stays out: only
    // announced files are read, so the snapshot did not come from a reload.
    writeRecordFile(dir.path(), "B-1");
    QSignalSpy changed(&workbench, &Workbench::datasetChanged);
    for (const char *label : {"A-2", "A-3", "A-4"}) {
        writeRecordFile(dir.path(), label);
        workbench.addWrittenRecords(0, {QStringLiteral("records/cand/%1__exchange.json").arg(QLatin1String(label))});
    }
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    EXPECT_LE(changed.count(), 2); // the first file alone, then the two written meanwhile together
    EXPECT_GE(changed.count(), 1);
    std::vector<std::string> labels;
    for (const Record &r : workbench.datasets()[0].data->records)
        labels.push_back(r.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"A-1", "A-2", "A-3", "A-4"}));
    EXPECT_EQ(first->records.size(), 1u) << "the old snapshot was changed under its holders";

    // A reload in flight, then an addition: the addition starts from the reload (B-1 stays).
    writeRecordFile(dir.path(), "A-5");
    workbench.refreshDataset(0);
    workbench.addWrittenRecords(0, {QStringLiteral("records/cand/A-5__exchange.json")});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    labels.clear();
    for (const Record &r : workbench.datasets()[0].data->records)
        labels.push_back(r.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"A-1", "A-2", "A-3", "A-4", "A-5", "B-1"}));
}

TEST(Campaign, ATinyCampaignFillsALiveDataset)
{
    EcdheCampaignSetup setup;
    ASSERT_TRUE(setup.ready()) << "no ECDHE-P256 instance or no temporary folder";
    Workbench &workbench = setup.workbench;
    const QString &lib = setup.lib, &out = setup.out;

    CampaignSession session(&workbench);
    QSignalSpy updates(&session, &CampaignSession::update);
    QSignalSpy finished(&session, &CampaignSession::finished);
    QString why;
    ASSERT_TRUE(session.start(tinyPlan(lib, out, {"init_a"}, 0.002), &why)) << why.toStdString();
    EXPECT_TRUE(session.running());
    EXPECT_FALSE(session.start(tinyPlan(lib, out, {"init_a"}, 0.002), &why)); // one at a time
    EXPECT_FALSE(why.isEmpty());

    // The campaign is a dataset from the first moment, marked live.
    const int row = datasetRowOf(workbench, out);
    ASSERT_GE(row, 0);
    EXPECT_TRUE(workbench.datasets()[row].live);
    EXPECT_EQ(workbench.datasets()[row].label, QStringLiteral("gui_test"));

    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 180000));
    EXPECT_FALSE(session.running());
    const auto outcome = finished.first().first().value<CampaignOutcome>();
    EXPECT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_FALSE(outcome.cancelled);
    EXPECT_EQ(outcome.recordsWritten, 1);
    EXPECT_EQ(outcome.recordsFailed, 0);

    // Progress: both trials of init_a, the record, and a fraction that reaches 1.
    int trialsDone = 0, written = 0;
    double lastFraction = -1;
    bool monotonic = true;
    for (const auto &args : updates) {
        const auto u = args.first().value<CampaignUpdate>();
        if (u.kind == CampaignEvent::TrialDone && u.operation == QLatin1String("init_a")) {
            ++trialsDone;
            EXPECT_EQ(u.trials, 2);
        }
        if (u.kind == CampaignEvent::RecordWritten) {
            ++written;
            EXPECT_EQ(u.operation, QStringLiteral("init_a"));
            EXPECT_EQ(u.recordStatus, QStringLiteral("complete"));
            EXPECT_FALSE(u.recordSummary.isEmpty());
        }
        monotonic = monotonic && u.fractionDone >= lastFraction;
        lastFraction = u.fractionDone;
    }
    EXPECT_EQ(trialsDone, 2);
    // One record; the end-of-campaign sweep writes it again when it re-judges a
    // trial as disturbed (same file, counted once in recordsWritten above).
    EXPECT_GE(written, 1);
    EXPECT_TRUE(monotonic);
    EXPECT_DOUBLE_EQ(lastFraction, 1.0);
    EXPECT_EQ(updates.last().first().value<CampaignUpdate>().kind, CampaignEvent::Finished);

    // The live dataset ends with the record, no longer live.
    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    const int after = datasetRowOf(workbench, out);
    ASSERT_GE(after, 0);
    const DatasetEntry &entry = workbench.datasets()[after];
    EXPECT_FALSE(entry.live);
    ASSERT_EQ(entry.data->records.size(), 1u);
    EXPECT_EQ(entry.data->records[0].operation, "init_a");
    EXPECT_EQ(entry.data->records[0].status, "complete");
    EXPECT_EQ(entry.data->records[0].plan.trials, 2);
    EXPECT_TRUE(entry.data->campaign.has_value());
}

// The Run page pins runner children to the last CPU by default; while they
// measure there, no thread of the workbench may run on it, and afterwards
// every thread may again. The children still run where they were pinned,
// although they are started from a thread kept off that CPU.
TEST(Campaign, APinnedCampaignKeepsTheWorkbenchOffItsCpu)
{
    const std::vector<int> cpus = usable_cpus();
    if (cpus.size() < 2)
        GTEST_SKIP() << "this process may use one CPU only: the workbench cannot keep off the runner's";
    EcdheCampaignSetup setup;
    ASSERT_TRUE(setup.ready()) << "no ECDHE-P256 instance or no temporary folder";
    Workbench &workbench = setup.workbench;
    const QString &lib = setup.lib, &out = setup.out;
    const int measuring = default_measuring_cpu();
    CampaignOptions plan = tinyPlan(lib, out, {"init_a", "init_b"}, 0.05);
    plan.cpu = measuring;

    auto threadsOnMeasuringCpu = [measuring] {
        int on = 0;
        for (const auto &task : QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            cpu_set_t set;
            CPU_ZERO(&set);
            if (::sched_getaffinity(task.toInt(), sizeof set, &set) == 0 && CPU_ISSET(measuring, &set))
                ++on;
        }
        return on;
    };
    ASSERT_GT(threadsOnMeasuringCpu(), 0);

    CampaignSession session(&workbench);
    QSignalSpy finished(&session, &CampaignSession::finished);
    int onDuringRecords = -1;
    QObject::connect(&session, &CampaignSession::update, &session, [&](const CampaignUpdate &u) {
        if (u.kind == CampaignEvent::RecordWritten)
            onDuringRecords = std::max(onDuringRecords, threadsOnMeasuringCpu());
    });
    QString why;
    ASSERT_TRUE(session.start(plan, &why)) << why.toStdString();
    EXPECT_EQ(session.keptOffCpu(), measuring);
    EXPECT_EQ(threadsOnMeasuringCpu(), 0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 180000));
    EXPECT_EQ(onDuringRecords, 0); // the campaign's and the pools' threads too, while records came in
    EXPECT_EQ(session.keptOffCpu(), -1);
    EXPECT_GT(threadsOnMeasuringCpu(), 0);
    cpu_set_t gui;
    CPU_ZERO(&gui);
    ASSERT_EQ(::sched_getaffinity(0, sizeof gui, &gui), 0);
    EXPECT_TRUE(CPU_ISSET(measuring, &gui));

    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    const int row = datasetRowOf(workbench, out);
    ASSERT_GE(row, 0);
    const auto &records = workbench.datasets()[row].data->records;
    ASSERT_EQ(records.size(), 2u);
    for (const auto &rec : records) {
        ASSERT_TRUE(rec.kexbench.has_value()) << rec.operation;
        ASSERT_FALSE(rec.kexbench->health.empty()) << rec.operation;
        for (const auto &trial : rec.kexbench->health)
            EXPECT_EQ(trial.cpu, measuring) << rec.operation;
    }
}

TEST(Campaign, CancelKeepsTheFinishedRecords)
{
    EcdheCampaignSetup setup;
    ASSERT_TRUE(setup.ready()) << "no ECDHE-P256 instance or no temporary folder";
    Workbench &workbench = setup.workbench;
    const QString &lib = setup.lib, &out = setup.out;

    CampaignSession session(&workbench);
    QSignalSpy finished(&session, &CampaignSession::finished);
    int recordsSeen = 0;
    QObject::connect(&session, &CampaignSession::update, &session, [&](const CampaignUpdate &u) {
        if (u.kind == CampaignEvent::RecordWritten && ++recordsSeen == 1)
            session.cancel();
    });
    const std::vector<std::string> ops = {"init_a", "init_b", "derive_a", "derive_b", "exchange"};
    // Pair after pair, so the first record comes while the others still have
    // trials to run. (Interleaved, every operation ends in the same last round
    // and its records are written together at that round's end: a cancel that
    // arrives after the first of them finds them all finished.)
    CampaignOptions plan = tinyPlan(lib, out, ops, 0.1);
    plan.order = "harness";
    QString why;
    ASSERT_TRUE(session.start(plan, &why)) << why.toStdString();
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 180000));

    const auto outcome = finished.first().first().value<CampaignOutcome>();
    EXPECT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_GE(outcome.recordsWritten, 1);
    EXPECT_LT(outcome.recordsWritten, static_cast<int>(ops.size()));

    ASSERT_TRUE(QTest::qWaitFor([&] { return !workbench.busy(); }, 60000));
    const int row = datasetRowOf(workbench, out);
    ASSERT_GE(row, 0);
    EXPECT_FALSE(workbench.datasets()[row].live);
    const auto &records = workbench.datasets()[row].data->records;
    EXPECT_EQ(records.size(), static_cast<size_t>(outcome.recordsWritten));
    for (const auto &rec : records)
        EXPECT_EQ(rec.status, "complete") << rec.operation;
}

TEST(Campaign, RefusesWithoutInstancesOrFolder)
{
    Workbench workbench;
    CampaignSession session(&workbench);
    QString why;
    CampaignOptions none;
    none.out_dir = "/tmp/x";
    EXPECT_FALSE(session.start(none, &why));
    EXPECT_FALSE(why.isEmpty());
    CampaignOptions noFolder;
    noFolder.libraries = {"/nonexistent.so"};
    EXPECT_FALSE(session.start(noFolder, &why));
    EXPECT_TRUE(workbench.datasets().isEmpty());
}
