// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 33 item 9: the published data as an analyst has it. The harness
// checkout that `kexbench-cli report` and `compare` take with --system opens
// in the workbench as one dataset per system (it was refused: "holds no timing
// records"), and the Compare page compares the pair named on the command line
// (or kept from the last session) rather than whatever opened first. The
// checkout is read at run time from ../shared/reference; the tests skip without it.
#include "gui_test_util.h"

#include "comparepage.h"
#include "distributionspage.h"
#include "workbench.h"

#include <qcustomplot.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

const QString kCheckout = QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/../shared/reference/ngcc-harness");

QStringList systemsOpen(const Workbench &workbench)
{
    QStringList out;
    for (const auto &d : workbench.datasets())
        out << QFileInfo(d.origin).fileName();
    out.sort();
    return out;
}

} // namespace

TEST(OpenCheckout, AHarnessCheckoutOpensEverySystemAsADataset)
{
    if (!QFileInfo(kCheckout + QStringLiteral("/performance/data")).isDir())
        GTEST_SKIP() << "reference data absent: " << kCheckout.toStdString()
                     << " (the published ngcc-harness checkout)";
    const QStringList systems =
        QDir(kCheckout + QStringLiteral("/performance/data")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    ASSERT_GE(systems.size(), 2);
    // The checkout, its performance/ folder and its data/ folder name the same systems.
    for (const QString &path :
         {kCheckout, kCheckout + QStringLiteral("/performance"), kCheckout + QStringLiteral("/performance/data")}) {
        EXPECT_EQ(Workbench::datasetPathsIn(path).size(), systems.size()) << path.toStdString();
        Workbench workbench;
        QStringList problems;
        QObject::connect(&workbench, &Workbench::datasetProblem, [&](const QString &p) { problems << p; });
        workbench.openDataset(path);
        ASSERT_TRUE(QTest::qWaitFor([&] { return workbench.datasets().size() == systems.size(); }, 60000))
            << path.toStdString() << ": " << problems.join(QLatin1Char('\n')).toStdString();
        EXPECT_EQ(systemsOpen(workbench), systems);
        EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
    }
    // A campaign folder stays one dataset.
    const QString one = kCheckout + QStringLiteral("/performance/data/") + systems.front();
    EXPECT_EQ(Workbench::datasetPathsIn(one), QStringList{one});
}

TEST(OpenCheckout, ComparePageComparesThePreferredPairOnceBothAreOpen)
{
    if (!QFileInfo(kCheckout + QStringLiteral("/performance/data")).isDir())
        GTEST_SKIP() << "reference data absent: " << kCheckout.toStdString()
                     << " (the published ngcc-harness checkout)";
    const QStringList paths = Workbench::datasetPathsIn(kCheckout);
    ASSERT_GE(paths.size(), 2);
    Workbench workbench;
    ComparePage page(&workbench);
    page.resize(1200, 800);
    page.show();
    // The second system as A and the first as B: the default would be the other way round.
    page.preferPair(Workbench::originOf(paths[1]), Workbench::originOf(paths[0]));
    for (const QString &p : paths)
        workbench.openDataset(p);
    ASSERT_TRUE(QTest::qWaitFor([&] { return workbench.datasets().size() == paths.size(); }, 60000));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy(); }, 60000));
    EXPECT_EQ(page.pairOrigins(), (QStringList{Workbench::originOf(paths[1]), Workbench::originOf(paths[0])}));
    // Once applied the reader's choice rules: another dataset opened later does not take the pair back.
    page.setDatasets(0, 1);
    workbench.openDataset(paths[0]); // reloaded, not added
    QTest::qWait(200);
    EXPECT_EQ(page.pairOrigins(), (QStringList{workbench.datasets()[0].origin, workbench.datasets()[1].origin}));
}

// Issue 33 item 16: hovering a harness trial point named "no samples in a bin
// here"; it names the trial and its mean per call.
TEST(OpenCheckout, HoveringATrialPointNamesTheTrial)
{
    const QString x86 = kCheckout + QStringLiteral("/performance/data/x86_1");
    if (!QFileInfo(x86).isDir())
        GTEST_SKIP() << "reference data absent: " << x86.toStdString();
    auto loaded = load_dataset(QFile::encodeName(x86).toStdString());
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    auto data = std::make_shared<const Dataset>(std::move(loaded.value()));
    DistributionsPage page(nullptr);
    page.resize(900, 640);
    page.show();
    page.setSnapshots({{QStringLiteral("x86_1"), data}});
    ASSERT_TRUE(page.select(0, QStringLiteral("ADKEX-128"), QStringLiteral("exchange")));
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.busy(); }, 20000));
    ASSERT_FALSE(page.current().series.empty());
    const auto &series = page.current().series.front();
    ASSERT_TRUE(series.trialOnly);
    ASSERT_GE(series.trialMeans.size(), 2u);
    page.plot()->replot();
    const double x = page.plot()->xAxis->coordToPixel(series.trialMeans[1]);
    const double y = page.plot()->axisRect()->center().y();
    const QString text = page.hoverTextAt(QPointF(x, y));
    EXPECT_TRUE(text.contains(QStringLiteral("trial 2"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("no samples in a bin"))) << text.toStdString();
}
