// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 34 item 1, the GUI part: the Compare page's "two instances of one
// dataset" mode. A real campaign (runner children, interleaved rounds) of the
// fixture instances WORK-1 and WORK-5 (tests/fixtures/work: the same exchange,
// WORK-5 with 5 % more integer work) is opened in a real ComparePage; what the
// page shows must be core's compare_instances of the same dataset with the
// same options, row for row and byte for byte (one source of truth).
#include "gui_test_util.h"
#include "fixture_campaign.h"

#include "comparepage.h"
#include "models/comparetablemodel.h"
#include "models/reportexport.h"
#include "workbench.h"

#include "core/analysis/compare.h"
#include "core/analysis/report.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <QToolButton>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

constexpr int kRounds = 8;
const auto kModeKey = QStringLiteral("compare/mode");
const auto kMarginKey = QStringLiteral("compare/margin");

// The campaign, measured once per test process: WORK-1 and WORK-5, exchange only, kRounds interleaved rounds.
struct Campaign {
    QTemporaryDir dir;
    std::shared_ptr<const Dataset> data;
    QString path;
};

const Campaign &campaign()
{
    static Campaign *c = [] {
        auto *made = new Campaign;
        made->path = made->dir.filePath(QStringLiteral("pairs"));
        CampaignOptions o = shortCampaignOptions({}, "pairs", made->path.toStdString());
        for (const char *name : {"WORK-1", "WORK-5"})
            o.libraries.push_back(std::string(KEXBENCH_FIXTURE_DIR) + "/lib" + name + ".so");
        o.operations = {"exchange"};
        o.planning.trials = kRounds;
        o.kat = false;
        o.heap = false;
        o.stack = false;
        o.profile = false;
        made->data = runAndLoad(o);
        return made;
    }();
    return *c;
}

// The same dataset with some records left out, or its campaign's order changed: still real measurements.
std::shared_ptr<const Dataset> variant(const Dataset &d, const std::string &onlyLabel, const std::string &order = {})
{
    auto copy = std::make_shared<Dataset>(d);
    if (!onlyLabel.empty())
        std::erase_if(copy->records, [&](const Record &r) { return r.label != onlyLabel; });
    if (!order.empty() && copy->campaign)
        copy->campaign->raw["kexbench"]["order"] = order;
    return copy;
}

// A page on a Workbench holding `data`, shown (the page compares only while shown).
struct Page {
    Workbench workbench;
    ComparePage page;
    QComboBox *mode = nullptr;

    explicit Page(std::shared_ptr<const Dataset> data, const QString &origin, double marginPercent = 2.5)
        : page(&workbench)
    {
        page.findChild<QDoubleSpinBox *>(QStringLiteral("marginBox"))->setValue(marginPercent);
        mode = page.findChild<QComboBox *>(QStringLiteral("modeBox"));
        workbench.addDataset(std::move(data), origin);
        page.resize(1400, 900);
        page.show();
    }
    ~Page()
    {
        QSettings().remove(kModeKey); // the next test starts in the default mode
        QSettings().remove(kMarginKey);
    }
    // Waits until the page shows a comparison of instances a and b.
    bool compared(const std::string &a, const std::string &b)
    {
        return QTest::qWaitFor(
            [&] {
                const Comparison *c = page.comparison();
                return !page.busy() && c && c->system_a == a && c->system_b == b;
            },
            120000);
    }
};

CompareOptions optionsAt(double margin)
{
    CompareOptions o;
    o.margin = margin;
    o.language = "en";
    return o;
}

const ReportTable *tableWithId(const std::vector<ReportTable> &tables, const std::string &id)
{
    for (const auto &t : tables)
        if (t.id == id)
            return &t;
    return nullptr;
}

QString readAll(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QStringLiteral("<unreadable %1>").arg(file);
}

} // namespace

// The mode selector switches to WORK-1 against WORK-5 (the first two
// instances); the table, the CSV, every exported file, the Ratios rows and the
// notes are core's comparison_tables(compare_instances(...)) at the page's
// margin, and the trials are paired by round.
TEST(CompareInstancesPage, ShowsCoresPairedComparisonOfTwoInstances)
{
    const Campaign &camp = campaign();
    ASSERT_TRUE(camp.data);
    Page p(camp.data, camp.path);
    ASSERT_NE(p.mode, nullptr);
    p.mode->setCurrentIndex(ComparePage::InstancesMode); // as the reader picks it
    EXPECT_EQ(p.page.mode(), ComparePage::InstancesMode);
    EXPECT_EQ(p.page.instanceLabels(), (QStringList{QStringLiteral("WORK-1"), QStringLiteral("WORK-5")}));
    EXPECT_EQ(p.page.instanceA(), QStringLiteral("WORK-1"));
    EXPECT_EQ(p.page.instanceB(), QStringLiteral("WORK-5"));
    ASSERT_TRUE(p.compared("WORK-1", "WORK-5"));

    const Comparison expected = compare_instances(*camp.data, "WORK-1", "WORK-5", optionsAt(0.025));
    const Comparison &shown = *p.page.comparison();
    EXPECT_DOUBLE_EQ(shown.options.margin, 0.025);
    ASSERT_TRUE(expected.options.paired) << "the campaign ran in interleaved rounds";
    EXPECT_TRUE(shown.options.paired);
    const std::vector<ReportTable> tables = comparison_tables(expected);
    ASSERT_FALSE(tables.empty());

    // The CSV the page copies is core's first table.
    int rows = 0;
    EXPECT_EQ(p.page.csv(&rows).toStdString(), render_csv(tables.front()));
    EXPECT_EQ(rows, static_cast<int>(tables.front().rows.size()));

    // The table: one row (WORK-5 / WORK-1 · exchange), its cells core's.
    const ReportTable *samples = tableWithId(tables, "compare-samples");
    ASSERT_NE(samples, nullptr);
    ASSERT_EQ(samples->rows.size(), 1u);
    CompareTableModel *model = p.page.tableModel();
    ASSERT_EQ(model->rowCount(), 1);
    auto cell = [&](int column) { return model->index(0, column).data().toString().toStdString(); };
    // (Core's cells are Markdown: the table shows them as plain text.)
    std::vector<std::string> core;
    for (const std::string &c : samples->rows.front())
        core.push_back(plain_text(c));
    EXPECT_EQ(cell(CompareTableModel::Instance), core[0]);
    EXPECT_EQ(cell(CompareTableModel::Trials), core[8]);
    EXPECT_EQ(cell(CompareTableModel::MedianRatio), core[9]);
    EXPECT_EQ(cell(CompareTableModel::RatioCi), core[10]);
    EXPECT_EQ(cell(CompareTableModel::PValue), core[11]);
    EXPECT_EQ(cell(CompareTableModel::VerdictColumn), core[12]);
    const ReportTable *timings = tableWithId(tables, "compare-timings");
    ASSERT_NE(timings, nullptr);
    EXPECT_EQ(cell(CompareTableModel::TimeRatio), plain_text(timings->rows.front()[7]));

    // Paired: the rounds are counted where the reader looks, and the test is the signed-rank test's.
    EXPECT_EQ(cell(CompareTableModel::Trials), std::to_string(kRounds) + " / " + std::to_string(kRounds));
    const SampleTest &test = *expected.operations.front().time_test;
    ASSERT_TRUE(test.paired);
    EXPECT_EQ(test.paired->rounds, static_cast<size_t>(kRounds));
    EXPECT_TRUE(
        model->headerData(CompareTableModel::PValue, Qt::Horizontal).toString().contains(QStringLiteral("Wilcoxon")));
    EXPECT_TRUE(model->index(0, CompareTableModel::PValue)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("%1 round").arg(kRounds)));
    auto *caption = p.page.findChild<QLabel *>(QStringLiteral("ratiosCaption"));
    ASSERT_NE(caption, nullptr);
    EXPECT_EQ(caption->text(), QString::fromStdString(expected.pairing));
    EXPECT_TRUE(caption->text().startsWith(QStringLiteral("Paired by round: %1 interleaved rounds").arg(kRounds)))
        << caption->text().toStdString();
    // Every note is core's, in core's words: also the one explaining the pairing.
    for (const std::string &note : expected.notes)
        EXPECT_TRUE(model->notes().contains(QString::fromStdString(plain_text(note)))) << note;
    EXPECT_TRUE(std::any_of(expected.notes.begin(), expected.notes.end(), [](const std::string &n) {
        return n.rfind("Paired by round: WORK-1 and WORK-5", 0) == 0;
    }));

    // The Ratios plot draws the row with core's ratio and interval.
    ASSERT_EQ(p.page.ratios().rows.size(), 1);
    EXPECT_DOUBLE_EQ(p.page.ratios().rows.front().ratio, test.median_ratio);
    EXPECT_EQ(p.page.ratios().rows.front().verdict, test.verdict);

    // Export: every file is the one core's report of the same comparison gives.
    QTemporaryDir out, reference;
    QStringList files;
    QString error;
    ASSERT_TRUE(p.page.exportCsv(out.path(), &error, &files)) << error.toStdString();
    const QString prefix = QStringLiteral("pairs-WORK-1-vs-WORK-5");
    const ExportResult wanted = export_csv_tables(comparison_report(expected), reference.path(), prefix);
    ASSERT_TRUE(wanted.ok) << wanted.error.toStdString();
    ASSERT_EQ(files.size(), wanted.files.size());
    for (qsizetype i = 0; i < files.size(); ++i) {
        EXPECT_EQ(QFileInfo(files[i]).fileName(), QFileInfo(wanted.files[i]).fileName());
        EXPECT_EQ(readAll(files[i]), readAll(wanted.files[i])) << files[i].toStdString();
    }
    // The chart image is the plot of that row.
    const QString png = out.filePath(QStringLiteral("ratios.png"));
    ASSERT_TRUE(p.page.saveChartImage(png, &error)) << error.toStdString();
    EXPECT_FALSE(QImage(png).isNull());
}

// The swap button makes WORK-5 the reference: the ratio turns into its reciprocal.
TEST(CompareInstancesPage, SwapReversesTheRatio)
{
    const Campaign &camp = campaign();
    ASSERT_TRUE(camp.data);
    Page p(camp.data, camp.path);
    p.page.setMode(ComparePage::InstancesMode);
    ASSERT_TRUE(p.compared("WORK-1", "WORK-5"));
    const double forward = p.page.ratios().rows.value(0).ratio;
    ASSERT_GT(forward, 0);

    auto *swap = p.page.findChild<QToolButton *>(QStringLiteral("swapButton"));
    ASSERT_NE(swap, nullptr);
    ASSERT_TRUE(swap->isEnabled());
    swap->click();
    EXPECT_EQ(p.page.instanceA(), QStringLiteral("WORK-5"));
    EXPECT_EQ(p.page.instanceB(), QStringLiteral("WORK-1"));
    ASSERT_TRUE(p.compared("WORK-5", "WORK-1"));
    const double backward = p.page.ratios().rows.value(0).ratio;
    EXPECT_NEAR(forward * backward, 1.0, 1e-9) << forward << " then " << backward;
    EXPECT_EQ(
        p.page.csv().toStdString(),
        render_csv(comparison_tables(compare_instances(*camp.data, "WORK-5", "WORK-1", optionsAt(0.025))).front()));
}

// The mode is remembered as the margin is: a new page opens in it. The
// command line's instance pair (preferInstances) is not the reader's choice and is not remembered.
TEST(CompareInstancesPage, TheModeSurvivesANewPage)
{
    QSettings().remove(kModeKey);
    const Campaign &camp = campaign();
    ASSERT_TRUE(camp.data);
    {
        Workbench workbench;
        ComparePage page(&workbench);
        EXPECT_EQ(page.mode(), ComparePage::DatasetsMode) << "the default";
        page.setMode(ComparePage::InstancesMode);
    }
    {
        Workbench workbench;
        workbench.addDataset(camp.data, camp.path);
        ComparePage page(&workbench);
        EXPECT_EQ(page.mode(), ComparePage::InstancesMode);
        EXPECT_EQ(page.findChild<QComboBox *>(QStringLiteral("modeBox"))->currentIndex(),
                  int(ComparePage::InstancesMode));
        EXPECT_TRUE(page.findChild<QComboBox *>(QStringLiteral("instanceABox"))->isVisibleTo(&page));
        EXPECT_FALSE(page.findChild<QComboBox *>(QStringLiteral("instanceDatasetBox"))->isHidden());
        page.setMode(ComparePage::DatasetsMode);
    }
    {
        Workbench workbench;
        workbench.addDataset(camp.data, camp.path);
        ComparePage page(&workbench);
        EXPECT_EQ(page.mode(), ComparePage::DatasetsMode);
        EXPECT_TRUE(page.findChild<QComboBox *>(QStringLiteral("instanceABox"))->isHidden());
        page.preferInstances(QStringLiteral("WORK-5"), QStringLiteral("WORK-1"));
        EXPECT_EQ(page.mode(), ComparePage::InstancesMode);
        EXPECT_EQ(page.instanceA(), QStringLiteral("WORK-5"));
        EXPECT_EQ(page.instanceB(), QStringLiteral("WORK-1"));
    }
    Workbench workbench;
    ComparePage page(&workbench);
    EXPECT_EQ(page.mode(), ComparePage::DatasetsMode) << "the command line's pair was remembered";
    QSettings().remove(kModeKey);
}

// A dataset of one instance has nothing to compare in this mode: the page says
// so instead of showing a comparison.
TEST(CompareInstancesPage, ADatasetOfOneInstanceShowsTheMessage)
{
    const Campaign &camp = campaign();
    ASSERT_TRUE(camp.data);
    Page p(variant(*camp.data, "WORK-1"), camp.path);
    p.page.setMode(ComparePage::InstancesMode);
    ASSERT_TRUE(settle(p.page));
    EXPECT_EQ(p.page.instanceLabels(), QStringList{QStringLiteral("WORK-1")});
    EXPECT_EQ(p.page.comparison(), nullptr);
    auto *message = p.page.findChild<QLabel *>(QStringLiteral("compareEmpty"));
    ASSERT_NE(message, nullptr);
    EXPECT_TRUE(message->isVisible());
    EXPECT_TRUE(message->text().contains(QStringLiteral("one instance only (WORK-1)")))
        << message->text().toStdString();
    EXPECT_FALSE(p.page.findChild<QToolButton *>(QStringLiteral("swapButton"))->isEnabled());
    EXPECT_EQ(p.page.tableModel()->rowCount(), 0);
    EXPECT_TRUE(p.page.csv().isEmpty());

    // Back to two datasets: one dataset open, and the message points at the instances mode.
    p.page.setMode(ComparePage::DatasetsMode);
    ASSERT_TRUE(settle(p.page));
    EXPECT_TRUE(message->isVisible());
    EXPECT_TRUE(message->text().contains(QStringLiteral("Two instances of one dataset")))
        << message->text().toStdString();
}

// Not interleaved (the harness order): two samples, and the caption is core's note saying why.
TEST(CompareInstancesPage, TwoSamplesSayWhyTheyAreNotPaired)
{
    const Campaign &camp = campaign();
    ASSERT_TRUE(camp.data);
    const auto harness = variant(*camp.data, {}, "harness");
    Page p(harness, camp.path);
    p.page.setMode(ComparePage::InstancesMode);
    ASSERT_TRUE(p.compared("WORK-1", "WORK-5"));
    const Comparison expected = compare_instances(*harness, "WORK-1", "WORK-5", optionsAt(0.025));
    ASSERT_FALSE(expected.options.paired);
    EXPECT_FALSE(p.page.comparison()->options.paired);
    auto *caption = p.page.findChild<QLabel *>(QStringLiteral("ratiosCaption"));
    ASSERT_NE(caption, nullptr);
    EXPECT_TRUE(caption->text().startsWith(QStringLiteral("Not paired: "))) << caption->text().toStdString();
    EXPECT_EQ(caption->text(), QString::fromStdString(expected.pairing));
    EXPECT_TRUE(p.page.tableModel()->notes().contains(QString::fromStdString(plain_text(expected.pairing))));
    EXPECT_EQ(p.page.csv().toStdString(), render_csv(comparison_tables(expected).front()));
}
