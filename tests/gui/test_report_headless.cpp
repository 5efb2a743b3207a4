// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 15 on a real campaign made here (X25519-NIKE and SM2-KEX, real runner
// children, KAT and profile included, as a fresh campaign of the Run page):
//
// - `kexbench DATASET --export-report FILE.pdf` writes the Report page's
//   report without a window (no display, no QT_QPA_PLATFORM), exit 0 and
//   nothing on stdout; bad datasets give one line on stderr and status 1.
// - The PDF shows every heading, intro paragraph, list item, table caption and
//   table note of core's report model: the text a reader sees (pdftotext
//   cropped to the page body, so clipped text outside the page does not
//   count), also for page geometries that move headings to the next page
//   (the layout bug that dropped "Symmetric primitives" and "7. Raw evidence
//   index" from page 3).
// - The Results table's bandwidth is the report's section 6 bandwidth for
//   every row (MEASUREMENT-METHOD §9: protocol messages + pk A + pk B), with
//   and without an accounting file.
#include "fixture_campaign.h"
#include "gui_test_util.h"

#include "models/reportexport.h"
#include "models/resultstablemodel.h"

#include "core/campaign/campaign.h"
#include "core/data/dataset.h"
#include "core/analysis/report.h"
#include "core/analysis/transmission.h"

#include <QBuffer>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFontMetricsF>
#include <QPdfWriter>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextDocument>

#include <cmath>
#include <map>
#include <random>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// The campaign, made once per test run (about 15 s): every operation of both
// baselines, KAT and the hash/DRNG profile as by default.
const QString &campaignDir()
{
    static QTemporaryDir dir;
    static QString path;
    static bool tried = false;
    if (tried)
        return path;
    tried = true;
    CampaignOptions o = shortCampaignOptions({"X25519-NIKE", "SM2-KEX"}, "headless_test",
                                             dir.filePath(QStringLiteral("campaign")).toStdString());
    o.planning.op_budget_s = 20;
    if (runAndLoad(o))
        path = QString::fromStdString(o.out_dir);
    return path;
}

std::shared_ptr<const Dataset> load(const QString &dir)
{
    auto d = load_dataset(QFile::encodeName(dir).toStdString());
    if (!d) {
        ADD_FAILURE() << d.error();
        return nullptr;
    }
    return std::make_shared<const Dataset>(std::move(d.value()));
}

// What the Report page (and --export-report) builds for a dataset.
Report pageReport(const Dataset &ds)
{
    return build_report(ds, report_options(default_candidate(ds), find_accounting(ds.root)));
}

struct ExportRun {
    int exitCode = -1;
    QByteArray out, err;
};

// The real GUI binary with no display and no platform chosen: --export-report must pick offscreen itself.
ExportRun runKexbench(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *var : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(var));
    p.setProcessEnvironment(env);
    p.start(QString(KEXBENCH_GUI_EXE), args);
    ExportRun r;
    if (!p.waitForStarted(10000) || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

bool havePdftotext() { return !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty(); }

// Compared text: compatibility-normalised (pdftotext gives ligatures such as
// U+FB01), no hyphens (it joins words hyphenated at a line end), no code
// marks, whitespace collapsed.
QString normalised(QString text)
{
    text = text.normalized(QString::NormalizationForm_KC);
    text.remove(QLatin1Char('`'));
    text.remove(QLatin1Char('-'));
    return text.simplified();
}

// One word of a PDF as pdftotext -bbox places it (points, y downwards).
struct PdfWord {
    int page = 0; // from 1
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    QString text; // entities decoded
};

// Every word of the PDF in pdftotext's order; empty when pdftotext fails.
std::vector<PdfWord> pdfWordBoxes(const QString &pdf)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-bbox"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    static const QRegularExpression word(
        QStringLiteral(R"re(<word xMin="([^"]*)" yMin="([^"]*)" xMax="([^"]*)" yMax="([^"]*)">([^<]*)</word>)re"));
    std::vector<PdfWord> out;
    int page = 0;
    for (const QString &line : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'))) {
        if (line.contains(QLatin1String("<page "))) {
            ++page;
            continue;
        }
        const auto m = word.match(line);
        if (!m.hasMatch())
            continue;
        QString w = m.captured(5);
        w.replace(QLatin1String("&lt;"), QLatin1String("<"))
            .replace(QLatin1String("&gt;"), QLatin1String(">"))
            .replace(QLatin1String("&quot;"), QLatin1String("\""))
            .replace(QLatin1String("&apos;"), QLatin1String("'"))
            .replace(QLatin1String("&amp;"), QLatin1String("&"));
        out.push_back({page, m.captured(1).toDouble(), m.captured(2).toDouble(), m.captured(3).toDouble(),
                       m.captured(4).toDouble(), w});
    }
    return out;
}

// The text a reader sees: of every page, the words whose middle lies in the
// body (the page layout's margins, without the page-number footer). Qt also
// draws, clipped, the lines that only touch a page, so a PDF carries them in
// the margins; a word's middle is outside the body exactly when it is clipped
// away, where a crop by the words' edges depends on fractions of a point.
QString visibleText(const QString &pdf, const PdfOptions &options = {})
{
    // The body as write_pdf lays it out: A4 less the margins, less the footer
    // of 2.5 lines of the page-number font. In points.
    const double pt = 72.0 / 25.4;
    QBuffer sink;
    sink.open(QIODevice::WriteOnly);
    QPdfWriter writer(&sink);
    QTextDocument document;
    prepare_report_document(&document, options.point_size);
    QFont footerFont = document.defaultFont();
    footerFont.setPointSizeF(options.point_size * 0.85);
    const double footer =
        options.page_numbers ? QFontMetricsF(footerFont, &writer).height() * 2.5 * 72.0 / writer.resolution() : 0;
    const double top = options.margins_mm.top() * pt;
    const double bottom = (297.0 - options.margins_mm.bottom()) * pt - footer;
    QString text;
    double lineTop = -1;
    int page = 0;
    for (const PdfWord &w : pdfWordBoxes(pdf)) {
        if (w.page != page) {
            page = w.page;
            lineTop = -1;
        }
        const double middle = (w.y0 + w.y1) / 2;
        if (middle < top || middle > bottom)
            continue;
        // A word hyphenated at a line end goes on with the next line's first word, as pdftotext's text does.
        const bool newLine = std::abs(w.y0 - lineTop) > 1;
        if (!text.isEmpty() && !(newLine && text.endsWith(QLatin1Char('-'))))
            text += QLatin1Char(' ');
        text += w.text;
        lineTop = w.y0;
    }
    return text;
}

// Words drawn over other words on one page (a table header Qt repeated on top
// of the text after the table): "page 3: 'instance' over 'Memory'" for each.
QStringList overlappingWords(const QString &pdf)
{
    const std::vector<PdfWord> words = pdfWordBoxes(pdf);
    if (words.empty())
        return {QStringLiteral("pdftotext failed or found no words")};
    QStringList out;
    for (size_t i = 0; i < words.size(); ++i)
        for (size_t j = i + 1; j < words.size() && words[j].page == words[i].page; ++j) {
            const PdfWord &a = words[i], &b = words[j];
            const double w = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
            const double h = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
            // Half the smaller word's height: neighbours on a line or in a cell touch, they do not cover.
            if (w > 1 && h > 0.5 * std::min(a.y1 - a.y0, b.y1 - b.y0))
                out << QStringLiteral("page %1: '%2' over '%3'").arg(a.page).arg(a.text, b.text);
        }
    return out;
}

// Every text block core's report model has outside the table cells, as the
// renderers show it (plain_text drops the code marks).
QStringList expectedBlocks(const Report &report)
{
    QStringList out;
    auto add = [&](const std::string &markdown) { out << QString::fromStdString(plain_text(markdown)); };
    for (const auto &p : report.intro)
        add(p);
    for (const auto &s : report.sections) {
        add(s.heading());
        for (const auto &p : s.paragraphs)
            add(p);
        for (const auto &i : s.items)
            add(i);
        for (const auto &t : s.tables) {
            if (!t.title.empty())
                add(t.title);
            for (const auto &n : t.notes)
                add(n);
        }
    }
    return out;
}

QStringList missingFrom(const QString &pdfText, const QStringList &blocks)
{
    const QString text = normalised(pdfText);
    QStringList missing;
    for (const QString &b : blocks)
        if (!text.contains(normalised(b)))
            missing << b;
    return missing;
}

} // namespace

TEST(HeadlessReport, ExportsThePdfWithEveryHeadingParagraphAndNote)
{
    if (!havePdftotext())
        GTEST_SKIP() << "pdftotext (poppler-utils) not installed";
    const QString campaign = campaignDir();
    ASSERT_FALSE(campaign.isEmpty());
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString pdf = tmp.filePath(QStringLiteral("report.pdf"));
    const ExportRun run = runKexbench({campaign, QStringLiteral("--export-report"), pdf});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.out.isEmpty()) << run.out.toStdString();
    ASSERT_TRUE(QFile::exists(pdf));

    const auto ds = load(campaign);
    ASSERT_TRUE(ds);
    const Report report = pageReport(*ds);
    ASSERT_NE(report.section("symmetric"), nullptr) << "the campaign has a hash/DRNG profile";
    ASSERT_NE(report.section("evidence"), nullptr);
    const QStringList blocks = expectedBlocks(report);
    ASSERT_GE(blocks.size(), 12);
    const QString text = visibleText(pdf);
    ASSERT_FALSE(text.isEmpty());
    const QStringList missing = missingFrom(text, blocks);
    EXPECT_TRUE(missing.isEmpty()) << "not in the PDF:\n" << missing.join(QStringLiteral("\n")).toStdString();

    // Markdown and HTML by suffix: core's renderers, byte for byte.
    const QString md = tmp.filePath(QStringLiteral("report.md"));
    const QString html = tmp.filePath(QStringLiteral("report.html"));
    for (const QString &file : {md, html}) {
        const ExportRun r = runKexbench({campaign, QStringLiteral("--export-report"), file});
        EXPECT_EQ(r.exitCode, 0) << r.err.toStdString();
        EXPECT_TRUE(r.out.isEmpty());
    }
    QFile mdFile(md), htmlFile(html);
    ASSERT_TRUE(mdFile.open(QIODevice::ReadOnly) && htmlFile.open(QIODevice::ReadOnly));
    EXPECT_EQ(mdFile.readAll().toStdString(), render_markdown(report));
    EXPECT_EQ(htmlFile.readAll().toStdString(), render_html(report));
}

TEST(HeadlessReport, PdfKeepsEveryBlockWhenHeadingsMoveToTheNextPage)
{
    if (!havePdftotext())
        GTEST_SKIP() << "pdftotext (poppler-utils) not installed";
    const QString campaign = campaignDir();
    ASSERT_FALSE(campaign.isEmpty());
    const auto ds = load(campaign);
    ASSERT_TRUE(ds);
    // One candidate: the short report of the issue (section 6, Symmetric
    // primitives and 7 share the last page).
    for (const std::string candidate : {"sm2-kex", "x25519-nike"}) {
        const Report report = build_report(*ds, report_options(candidate, find_accounting(ds->root)));
        const QStringList blocks = expectedBlocks(report);
        const QString html = report_html_for_qt(render_html(report));
        QTemporaryDir tmp;
        ASSERT_TRUE(tmp.isValid());
        // Different top margins put different headings at a page's foot, so
        // keep_headings_with_next moves some of them to the next page.
        for (int extra = 0; extra <= 60; extra += 5) {
            PdfOptions options;
            options.margins_mm.setTop(options.margins_mm.top() + extra);
            const QString pdf = tmp.filePath(QStringLiteral("r%1.pdf").arg(extra));
            QString error;
            ASSERT_TRUE(write_pdf(html, pdf, &error, options)) << error.toStdString();
            const QStringList missing = missingFrom(visibleText(pdf, options), blocks);
            EXPECT_TRUE(missing.isEmpty()) << candidate << ", top margin +" << extra << " mm, not in the PDF:\n"
                                           << missing.join(QStringLiteral("\n")).toStdString();
            if (!missing.isEmpty()) { // for a human to look at
                const QString shots = QDir::temp().filePath(QStringLiteral("kexbench-gui-shots"));
                QDir().mkpath(shots);
                const QString kept = QDir(shots).filePath(
                    QStringLiteral("headless-%1-top%2.pdf").arg(QString::fromStdString(candidate)).arg(extra));
                QFile::remove(kept);
                QFile::copy(pdf, kept);
            }
        }
    }
}

namespace {

// A copy of the campaign without some of its records (seeded): a campaign
// with other operations measured, whose tables, and so page breaks, differ.
// Each instance keeps its exchange record.
QString campaignVariant(const QString &campaign, const QString &into, unsigned seed)
{
    if (QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-r"), campaign, into}) != 0)
        return {};
    std::mt19937 rng(seed);
    std::bernoulli_distribution drop(0.35);
    QDirIterator it(QDir(into).filePath(QStringLiteral("records")), {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort();
    for (const QString &file : files)
        if (!file.endsWith(QLatin1String("__exchange.json")) && drop(rng))
            QFile::remove(file);
    return into;
}

} // namespace

// Issue 33 item 1: a fresh machine's campaign lost the caption "Memory per
// operation (kexbench)" from the PDF. Page breaks depend on the campaign's
// numbers and records, so every block is checked over 30 different campaigns
// (made from the real one by leaving records out), each candidate and the
// whole dataset, and a different top margin each.
TEST(HeadlessReport, PdfKeepsEveryBlockOverThirtyCampaigns)
{
    if (!havePdftotext())
        GTEST_SKIP() << "pdftotext (poppler-utils) not installed";
    const QString campaign = campaignDir();
    ASSERT_FALSE(campaign.isEmpty());
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const std::string candidates[] = {"", "x25519-nike", "sm2-kex"};
    for (unsigned variant = 0; variant < 30; ++variant) {
        const QString dir = campaignVariant(campaign, tmp.filePath(QStringLiteral("c%1").arg(variant)), variant);
        ASSERT_FALSE(dir.isEmpty());
        const auto ds = load(dir);
        ASSERT_TRUE(ds);
        const std::string &candidate = candidates[variant % 3];
        const Report report = build_report(*ds, report_options(candidate, find_accounting(ds->root)));
        PdfOptions options;
        options.margins_mm.setTop(options.margins_mm.top() + (variant * 7) % 61);
        const QString pdf = tmp.filePath(QStringLiteral("r%1.pdf").arg(variant));
        QString error;
        ASSERT_TRUE(write_pdf(report_html_for_qt(render_html(report)), pdf, &error, options)) << error.toStdString();
        const QStringList missing = missingFrom(visibleText(pdf, options), expectedBlocks(report));
        const QStringList overlaps = overlappingWords(pdf);
        EXPECT_TRUE(overlaps.isEmpty()) << "variant " << variant << ": text drawn over text:\n"
                                        << overlaps.join(QStringLiteral("\n")).toStdString();
        EXPECT_TRUE(missing.isEmpty()) << "variant " << variant << " (" << ds->records.size() << " records, candidate '"
                                       << candidate << "', top margin +" << (variant * 7) % 61
                                       << " mm), not in the PDF:\n"
                                       << missing.join(QStringLiteral("\n")).toStdString();
        if (!missing.isEmpty() || !overlaps.isEmpty())
            QFile::copy(pdf, QDir::temp().filePath(QStringLiteral("kexbench-variant-%1.pdf").arg(variant)));
    }
}

namespace {

// Every word pdftotext finds in the PDF, as laid out (a word broken at a line end is two words).
QStringList pdfWords(const QString &pdf)
{
    QStringList out;
    for (const PdfWord &w : pdfWordBoxes(pdf))
        out << w.text;
    return out;
}

} // namespace

// Issue 33 item 5: a three-instance report whose every record of one instance
// is disturbed (the disturbed-2p fixture sleeps in every measuring child).
// The trial-level table's checks column holds flag names, the reasons are in
// the Consistency checks table; no header or cell word is broken inside; the
// PDF stays a handful of pages (24 before, 15 of them that table).
TEST(HeadlessReport, ThreeInstanceReportWithDisturbedTrialsFitsInAFewPages)
{
    if (!havePdftotext())
        GTEST_SKIP() << "pdftotext (poppler-utils) not installed";
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const std::string ordinals = tmp.filePath(QStringLiteral("ordinals")).toStdString();
    ::setenv("KEXBENCH_TEST_DISTURB_COUNTER", ordinals.c_str(), 1);
    ::setenv("KEXBENCH_TEST_DISTURB_MODE", "sleep", 1);
    std::string every;
    for (int i = 1; i <= 400; ++i)
        every += (i > 1 ? "," : "") + std::to_string(i);
    ::setenv("KEXBENCH_TEST_DISTURB_TRIALS", every.c_str(), 1);
    CampaignOptions o = shortCampaignOptions({"X25519-NIKE", "SM2-KEX"}, "three",
                                             tmp.filePath(QStringLiteral("campaign")).toStdString());
    o.libraries.push_back(std::string(KEXBENCH_FIXTURE_DIR) + "/libdisturbed-2p.so");
    o.kat = false;
    const auto ds = runAndLoad(o);
    for (const char *var :
         {"KEXBENCH_TEST_DISTURB_COUNTER", "KEXBENCH_TEST_DISTURB_MODE", "KEXBENCH_TEST_DISTURB_TRIALS"})
        ::unsetenv(var);
    ASSERT_TRUE(ds);
    const Report report = build_report(*ds, report_options("", find_accounting(ds->root)));
    const ReportTable *trials = report.table("performance-kexbench");
    ASSERT_NE(trials, nullptr);
    int disturbedRows = 0;
    for (const auto &row : trials->rows) {
        EXPECT_LE(row.back().size(), 40u) << "the checks cell holds names, not reasons: " << row.back();
        disturbedRows += row.back().find("disturbed") != std::string::npos ? 1 : 0;
    }
    ASSERT_GE(disturbedRows, 5) << "disturbed-2p's records must be disturbed";
    const ReportTable *checks = report.table("performance-checks");
    ASSERT_NE(checks, nullptr);
    int reasons = 0;
    for (const auto &row : checks->rows)
        reasons += row.back().find("no clean attempt") != std::string::npos ? 1 : 0;
    EXPECT_GE(reasons, disturbedRows) << "every disturbed row's reason is in the Consistency checks table";

    const QString pdf = tmp.filePath(QStringLiteral("report.pdf"));
    QString error;
    int pages = 0;
    ASSERT_TRUE(write_pdf(report_html_for_qt(render_html(report)), pdf, &error, {}, &pages)) << error.toStdString();
    EXPECT_LE(pages, 10) << "kept at " << QDir::temp().filePath(QStringLiteral("kexbench-three.pdf")).toStdString();
    const QStringList words = pdfWords(pdf);
    for (const char *whole : {"instance", "operation", "mismatches", "overhead", "medians", "disturbed", "exchange"})
        EXPECT_TRUE(words.contains(QString::fromLatin1(whole))) << whole << " is broken inside or missing";
    for (const QString &broken :
         {QStringLiteral("instan"), QStringLiteral("mismat"), QStringLiteral("disturb"), QStringLiteral("exchan")})
        EXPECT_FALSE(words.contains(broken)) << broken.toStdString() << ": a word broken inside";
    const QStringList overlaps = overlappingWords(pdf);
    EXPECT_TRUE(overlaps.isEmpty()) << overlaps.join(QStringLiteral("\n")).toStdString();
    if (::testing::Test::HasFailure())
        QFile::copy(pdf, QDir::temp().filePath(QStringLiteral("kexbench-three.pdf")));
}

TEST(HeadlessReport, BadDatasetsFailWithOneLineAndNoFile)
{
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString pdf = tmp.filePath(QStringLiteral("report.pdf"));
    QDir(tmp.path()).mkdir(QStringLiteral("empty"));
    const QStringList bad{tmp.filePath(QStringLiteral("no-such-campaign")), tmp.filePath(QStringLiteral("empty"))};
    for (const QString &dataset : bad) {
        const ExportRun run = runKexbench({dataset, QStringLiteral("--export-report"), pdf});
        EXPECT_EQ(run.exitCode, 1) << dataset.toStdString();
        EXPECT_TRUE(run.out.isEmpty());
        // Qt may add its own platform notes; kexbench's error is one line naming the dataset.
        const QStringList lines = QString::fromLocal8Bit(run.err)
                                      .split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                                      .filter(QStringLiteral("kexbench: "));
        ASSERT_EQ(lines.size(), 1) << run.err.toStdString();
        EXPECT_TRUE(lines.front().contains(dataset)) << lines.front().toStdString();
        EXPECT_FALSE(QFile::exists(pdf));
    }
    const QString campaign = campaignDir();
    ASSERT_FALSE(campaign.isEmpty());
    // An unknown candidate and an unknown format are refused the same way.
    for (const QStringList &args :
         {QStringList{campaign, QStringLiteral("--export-report"), pdf, QStringLiteral("--candidate"),
                      QStringLiteral("nope")},
          QStringList{campaign, QStringLiteral("--export-report"), tmp.filePath(QStringLiteral("report.doc"))}}) {
        const ExportRun run = runKexbench(args);
        EXPECT_EQ(run.exitCode, 1) << args.join(QLatin1Char(' ')).toStdString();
        EXPECT_TRUE(run.out.isEmpty());
        EXPECT_FALSE(QFile::exists(pdf));
    }
}

namespace {

// Section 6's bandwidth cell of every instance (display and data twin), by label.
std::map<std::string, std::string> reportBandwidths(const Report &report)
{
    std::map<std::string, std::string> out;
    const ReportTable *t = report.table("transmission");
    if (!t)
        return out;
    const auto col = std::find(t->header.begin(), t->header.end(), "bandwidth (bytes)") - t->header.begin();
    if (col >= static_cast<std::ptrdiff_t>(t->header.size()))
        return out;
    for (const auto &row : t->rows) {
        std::string label = plain_text(row.front());
        if (const auto space = label.find(' '); space != std::string::npos)
            label.resize(space); // "SM2-KEX ⚠" marks
        out[label] = row[static_cast<size_t>(col)];
    }
    return out;
}

void expectResultsMatchTheReport(const Dataset &ds, const std::shared_ptr<const Dataset> &snapshot,
                                 const std::map<std::string, int64_t> &expected)
{
    const Report report = pageReport(ds);
    const auto fromReport = reportBandwidths(report);
    ASSERT_EQ(fromReport.size(), expected.size());
    ResultsTableModel model;
    model.setSnapshots({{QStringLiteral("campaign"), snapshot}});
    ASSERT_EQ(model.rowCount(), static_cast<int>(ds.records.size()));
    for (int row = 0; row < model.rowCount(); ++row) {
        const std::string label = model.index(row, ResultsTableModel::Instance).data().toString().toStdString();
        const QModelIndex cell = model.index(row, ResultsTableModel::Bandwidth);
        ASSERT_TRUE(fromReport.count(label)) << label;
        EXPECT_EQ(cell.data().toString().toStdString(), fromReport.at(label)) << label;
        EXPECT_EQ(cell.data(ResultsTableModel::SortRole).toLongLong(), expected.at(label)) << label;
    }
    // The CSV twin of section 6 has the same number, when the report has one.
    if (const ReportTable *t = report.table("transmission"); t && !t->data_header.empty()) {
        const auto col =
            std::find(t->data_header.begin(), t->data_header.end(), "bandwidth_bytes") - t->data_header.begin();
        const auto inst = std::find(t->data_header.begin(), t->data_header.end(), "instance") - t->data_header.begin();
        if (col < static_cast<std::ptrdiff_t>(t->data_header.size()) &&
            inst < static_cast<std::ptrdiff_t>(t->data_header.size())) {
            for (const auto &row : t->data_rows) {
                EXPECT_EQ(data_text(row[static_cast<size_t>(col)]),
                          std::to_string(expected.at(data_text(row[static_cast<size_t>(inst)]))));
            }
        }
    }
}

} // namespace

TEST(HeadlessReport, ResultsBandwidthIsTheReportsSection6Bandwidth)
{
    const QString campaign = campaignDir();
    ASSERT_FALSE(campaign.isEmpty());
    const auto ds = load(campaign);
    ASSERT_TRUE(ds);
    ASSERT_FALSE(find_accounting(ds->root).entries) << "a fresh campaign has no accounting file";
    // MEASUREMENT-METHOD §9: protocol messages + public key A + public key B.
    // X25519-NIKE sends no message and two 32-byte keys; SM2-KEX 194 message
    // bytes and two 65-byte keys (the issue's 32 and 259 counted one key).
    std::map<std::string, int64_t> expected;
    // Built-in instances without a --candidate id get their label, lower-cased, as the candidate.
    for (const auto &[candidate, label] :
         std::vector<std::pair<std::string, std::string>>{{"x25519-nike", "X25519-NIKE"}, {"sm2-kex", "SM2-KEX"}}) {
        const Record *r = transmission_record(*ds, candidate, label);
        ASSERT_NE(r, nullptr) << label;
        ASSERT_TRUE(r->size("total_msg_bytes") && r->size("pk_a_actual_bytes") && r->size("pk_b_actual_bytes"));
        expected[label] = *r->size("total_msg_bytes") + *r->size("pk_a_actual_bytes") + *r->size("pk_b_actual_bytes");
    }
    EXPECT_EQ(expected.at("X25519-NIKE"), 64);
    EXPECT_EQ(expected.at("SM2-KEX"), 324);
    expectResultsMatchTheReport(*ds, ds, expected);

    // With an accounting file in the campaign folder both take its figures.
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    const QString copy = tmp.filePath(QStringLiteral("campaign"));
    ASSERT_EQ(QProcess::execute(QStringLiteral("cp"), {QStringLiteral("-r"), campaign, copy}), 0);
    {
        QFile csv(QDir(copy).filePath(QStringLiteral("kex_bandwidth.csv")));
        ASSERT_TRUE(csv.open(QIODevice::WriteOnly));
        csv.write("ID;Instance;PkABytes;PkBBytes;ProtocolMessageBytes\n"
                  "x25519-nike;X25519-NIKE;32;32;10\n"
                  "sm2-kex;SM2-KEX;65;65;200\n");
    }
    const auto withAccounting = load(copy);
    ASSERT_TRUE(withAccounting);
    ASSERT_TRUE(find_accounting(withAccounting->root).entries);
    expectResultsMatchTheReport(*withAccounting, withAccounting, {{"X25519-NIKE", 74}, {"SM2-KEX", 330}});
}
