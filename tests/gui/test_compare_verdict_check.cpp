// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare page and `kexbench-cli bench verdicts` (issue 34 item 4): with
// the check's file in the data home, a comparison of two campaigns carries
// the host's campaign-to-campaign spread exactly as `kexbench-cli compare`
// does (core's compare_datasets with apply_campaign_spread), and the page
// shows the check's summary line; without the file the spread is 0 and the
// line says how to make one. Two real short campaigns of the fixture WORK-1
// (runner children); the file lives in the test-mode data home
// (QStandardPaths test mode, gui_main.cpp) and is removed after each test.
#include "gui_test_util.h"
#include "fixture_campaign.h"

#include "comparepage.h"
#include "datahome.h"
#include "models/comparetablemodel.h"
#include "workbench.h"

#include "core/analysis/compare.h"
#include "core/analysis/report.h"
#include "core/analysis/verdict_check.h"

#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>

#include <algorithm>
#include <memory>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// Two campaigns of WORK-1 (exchange, 6 trials of 10 ms), measured once per test process.
struct Campaigns {
    QTemporaryDir dir;
    std::shared_ptr<const Dataset> a, b;
};

const Campaigns &campaigns()
{
    static Campaigns *c = [] {
        auto *made = new Campaigns;
        for (auto [side, label] : {std::pair{&made->a, "vc_a"}, std::pair{&made->b, "vc_b"}}) {
            CampaignOptions o = shortCampaignOptions({}, label, made->dir.filePath(QLatin1String(label)).toStdString());
            o.libraries.push_back(std::string(KEXBENCH_FIXTURE_DIR) + "/libWORK-1.so");
            o.operations = {"exchange"};
            o.planning.trials = 6;
            o.kat = false;
            o.stack = false;
            o.heap = false;
            o.profile = false;
            *side = runAndLoad(o);
        }
        return made;
    }();
    return *c;
}

// A check as `bench verdicts` writes it: 4 campaigns, a spread of 3 %.
VerdictCheck sampleCheck()
{
    VerdictCheck check = empty_verdict_check(0.01);
    check.campaigns = 4;
    check.rounds = 6;
    check.host = "gui-test-host";
    check.started_utc = "2026-03-01T10:00:00Z";
    check.ended_utc = "2026-03-01T10:20:00Z";
    check.seconds = 1200;
    check.campaign_spread = 0.03;
    for (VerdictCheckRow &row : check.rows) {
        row.count.equivalent = 3;
        row.count.slower = row.true_ratio > 1 ? 4 : 0;
        row.count.inconclusive = 1;
    }
    return check;
}

// The file in the data home while alive; gone before and after (also a stale one from a crashed run).
class VerdictCheckFile {
public:
    explicit VerdictCheckFile(const VerdictCheck *check)
    {
        QFile::remove(path());
        if (!check)
            return;
        EXPECT_TRUE(QDir().mkpath(QFileInfo(path()).path()));
        QFile file(path());
        EXPECT_TRUE(file.open(QIODevice::WriteOnly)) << path().toStdString();
        file.write(QByteArray::fromStdString(verdict_check_json(*check).dump(2)));
    }
    ~VerdictCheckFile() { QFile::remove(path()); }
    static QString path() { return dataHomePath(QString::fromLatin1(kVerdictCheckFile)); }
};

// A shown page comparing campaign A with campaign B at a margin of ±1 %.
struct Page {
    Workbench workbench;
    ComparePage page{&workbench};
    explicit Page(const Campaigns &c)
    {
        page.setMode(ComparePage::DatasetsMode);
        page.findChild<QDoubleSpinBox *>(QStringLiteral("marginBox"))->setValue(1.0);
        workbench.addDataset(c.a, QStringLiteral("/vc/a"));
        workbench.addDataset(c.b, QStringLiteral("/vc/b"));
        page.resize(1400, 900);
        page.show();
        page.setDatasets(0, 1);
    }
    ~Page()
    {
        QSettings().remove(QStringLiteral("compare/mode"));
        QSettings().remove(QStringLiteral("compare/margin"));
    }
    bool compared()
    {
        return QTest::qWaitFor([&] { return !page.busy() && page.comparison(); }, 60000);
    }
    // core's comparison of the same two datasets, as kexbench-cli compare makes it with this check's file.
    Comparison expected(const VerdictCheck *check) const
    {
        CompareOptions o;
        o.margin = 0.01;
        o.label_a = workbench.datasets()[0].label.toStdString();
        o.label_b = workbench.datasets()[1].label.toStdString();
        if (check)
            apply_campaign_spread(o, *check);
        return compare_datasets(*workbench.datasets()[0].data, *workbench.datasets()[1].data, o);
    }
    QString line() const
    {
        auto *label = page.findChild<QLabel *>(QStringLiteral("verdictCheck"));
        EXPECT_NE(label, nullptr);
        return label ? label->text() : QString();
    }
};

const ReportTable *tableWithId(const std::vector<ReportTable> &tables, const std::string &id)
{
    for (const ReportTable &t : tables)
        if (t.id == id)
            return &t;
    return nullptr;
}

} // namespace

TEST(CompareVerdictCheck, TheSelfCheckFileWidensUnpairedIntervalsAsInTheCli)
{
    const Campaigns &c = campaigns();
    ASSERT_TRUE(c.a && c.b);
    const VerdictCheck check = sampleCheck();
    VerdictCheckFile file(&check);
    Page p(c);
    ASSERT_TRUE(p.compared());

    const Comparison &shown = *p.page.comparison();
    EXPECT_DOUBLE_EQ(shown.options.campaign_spread, 0.03);
    EXPECT_EQ(shown.options.campaign_spread_source, "kexbench-cli bench verdicts on gui-test-host, 2026-03-01");
    ASSERT_NE(p.page.verdictCheck(), nullptr);
    EXPECT_EQ(p.page.verdictCheck()->host, "gui-test-host");
    ASSERT_EQ(shown.operations.size(), 1u);
    const SampleTest *test = shown.operations.front().verdict_test();
    ASSERT_NE(test, nullptr);
    ASSERT_TRUE(test->trial_ratio_ci.has_value()) << "the interval was widened by the spread";
    EXPECT_LT(test->ratio_ci.low, test->trial_ratio_ci->low);
    EXPECT_GT(test->ratio_ci.high, test->trial_ratio_ci->high);

    // Every table is core's with the file's spread (the CSV the page copies is
    // the first); the trial-level one, with the interval, differs from core's without it.
    const Comparison expected = p.expected(&check);
    const std::vector<ReportTable> tables = comparison_tables(expected), shownTables = comparison_tables(shown);
    ASSERT_EQ(shownTables.size(), tables.size());
    for (size_t i = 0; i < tables.size(); ++i)
        EXPECT_EQ(render_csv(shownTables[i]), render_csv(tables[i])) << tables[i].id;
    EXPECT_EQ(p.page.csv().toStdString(), render_csv(tables.front()));
    const ReportTable *samples = tableWithId(tables, "compare-samples");
    const std::vector<ReportTable> trialsOnlyTables = comparison_tables(p.expected(nullptr));
    const ReportTable *trialsOnly = tableWithId(trialsOnlyTables, "compare-samples");
    ASSERT_TRUE(samples && trialsOnly);
    EXPECT_NE(render_csv(*samples), render_csv(*trialsOnly));
    // The page's table, cell for cell, is a table of core's comparison (the widened interval, its verdict).
    CompareTableModel core;
    core.setComparison(std::make_shared<const Comparison>(expected));
    CompareTableModel *model = p.page.tableModel();
    ASSERT_EQ(model->rowCount(), core.rowCount());
    for (int row = 0; row < core.rowCount(); ++row)
        for (int column = 0; column < CompareTableModel::ColumnCount; ++column)
            EXPECT_EQ(model->index(row, column).data().toString(), core.index(row, column).data().toString())
                << "row " << row << ", column " << column;
    QStringList notes;
    for (const std::string &n : expected.notes)
        notes << QString::fromStdString(plain_text(n));
    for (const QString &n : notes)
        EXPECT_TRUE(p.page.tableModel()->notes().contains(n)) << n.toStdString();
    EXPECT_TRUE(notes.join(QString()).contains(QStringLiteral("campaign-to-campaign spread of 3.00 %")))
        << notes.join(QStringLiteral("\n")).toStdString();

    // The summary line, as `bench verdicts` prints it.
    EXPECT_EQ(p.line().toStdString(), verdict_check_summary(check, "en"));
}

// Without the file nothing widens and the line says how to make one; a check
// written while the page is open counts from the next comparison on.
TEST(CompareVerdictCheck, WithoutTheFileTheSpreadIsZeroAndTheLineSaysHowToMakeOne)
{
    const Campaigns &c = campaigns();
    ASSERT_TRUE(c.a && c.b);
    VerdictCheckFile none(nullptr);
    ASSERT_FALSE(QFileInfo::exists(VerdictCheckFile::path()));
    Page p(c);
    ASSERT_TRUE(p.compared());
    EXPECT_EQ(p.page.comparison()->options.campaign_spread, 0.0);
    EXPECT_TRUE(p.page.comparison()->options.campaign_spread_source.empty());
    EXPECT_EQ(p.page.verdictCheck(), nullptr);
    EXPECT_EQ(p.page.csv().toStdString(), render_csv(comparison_tables(p.expected(nullptr)).front()));
    EXPECT_EQ(p.line(), QStringLiteral("No verdict self-check on this machine yet: kexbench-cli bench verdicts "
                                       "measures how often verdicts are wrong here and the campaign-to-campaign "
                                       "spread."));

    const VerdictCheck check = sampleCheck();
    VerdictCheckFile file(&check);
    const Comparison *before = p.page.comparison();
    p.page.setDatasets(0, 1); // compares again, reading the file again
    ASSERT_TRUE(QTest::qWaitFor([&] { return !p.page.busy() && p.page.comparison() != before; }, 60000));
    EXPECT_DOUBLE_EQ(p.page.comparison()->options.campaign_spread, 0.03);
    EXPECT_EQ(p.page.csv().toStdString(), render_csv(comparison_tables(p.expected(&check)).front()));
    EXPECT_EQ(p.line().toStdString(), verdict_check_summary(check, "en"));

    // A file that is no verdict check counts as none, and the line says so.
    {
        QFile broken(VerdictCheckFile::path());
        ASSERT_TRUE(broken.open(QIODevice::WriteOnly | QIODevice::Truncate));
        broken.write("{\"kind\": \"something else\"}");
    }
    before = p.page.comparison();
    p.page.setDatasets(0, 1);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !p.page.busy() && p.page.comparison() != before; }, 60000));
    EXPECT_EQ(p.page.comparison()->options.campaign_spread, 0.0);
    EXPECT_TRUE(p.line().contains(QStringLiteral("cannot be read"))) << p.line().toStdString();
}
