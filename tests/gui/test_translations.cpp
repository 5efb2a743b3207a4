// SPDX-License-Identifier: GPL-3.0-or-later
// The zh_CN translation: the .ts in the source tree must be complete (lrelease
// silently drops unfinished entries, so a gap would only show as English text
// in a Chinese window), and switching the running window to zh_CN must change
// what the user sees. CTest labels these "gui;i18n".
#include "gui_test_util.h"

#include "mainwindow.h"
#include "reportpage.h"
#include "runpage.h"
#include "models/distributionmodel.h"
#include "models/timelineseries.h"

#include "core/data/dataset.h"
#include "core/data/record.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QLibraryInfo>
#include <QPushButton>
#include <QTextBrowser>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QXmlStreamReader>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

struct TsMessage {
    QString context, source, type; // type: "", "unfinished", "vanished", "obsolete"
    bool numerus = false;
    QStringList translations; // one, or one per numerus form
    qint64 line = 0;
};

// Every <message> of a Qt Linguist file. Parse errors are returned in `error`.
QVector<TsMessage> readTs(const QString &path, QString *error)
{
    QVector<TsMessage> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return out;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    bool inMessage = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name") && !inMessage) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                inMessage = true;
                current = TsMessage{};
                current.context = context;
                current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
                current.line = xml.lineNumber();
            } else if (inMessage && name == QLatin1String("source")) {
                current.source = xml.readElementText();
            } else if (inMessage && name == QLatin1String("translation")) {
                current.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!current.numerus)
                    current.translations << xml.readElementText();
            } else if (inMessage && name == QLatin1String("numerusform")) {
                current.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            inMessage = false;
            out << current;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber());
    return out;
}

// %1 ... %9 and %n: a translation that loses or invents one shows wrong text.
QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(?:[1-9]|n)"));
    QSet<QString> found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured());
    return found;
}

// A keyboard mnemonic ("&File", "R&esults"), not "&&" and not an HTML entity ("&amp;").
bool hasMnemonic(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("&(?!&)(?![A-Za-z]+;)[^\\s&]"));
    return re.match(text).hasMatch();
}

const QString kTsFile = QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/translations/kexbench_zh_CN.ts");

} // namespace

TEST(Translations, ZhCnIsCompleteAndConsistent)
{
    QString error;
    const QVector<TsMessage> messages = readTs(kTsFile, &error);
    ASSERT_TRUE(error.isEmpty()) << kTsFile.toStdString() << ": " << error.toStdString();
    ASSERT_GT(messages.size(), 100) << "too few messages: is lupdate run over ui/, ui/models/ and app/gui/?";

    QStringList problems;
    auto problem = [&](const TsMessage &m, const QString &what) {
        problems << QStringLiteral("line %1 [%2] \"%3\": %4").arg(m.line).arg(m.context, m.source.left(60), what);
    };
    for (const TsMessage &m : messages) {
        if (m.type == QLatin1String("unfinished"))
            problem(m, QStringLiteral("unfinished"));
        else if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete"))
            problem(m, QStringLiteral("%1 (run lupdate with -no-obsolete)").arg(m.type));
        if (m.translations.isEmpty())
            problem(m, QStringLiteral("no translation"));
        for (const QString &t : m.translations) {
            if (t.trimmed().isEmpty()) {
                problem(m, QStringLiteral("empty translation"));
                continue;
            }
            // %n may be left out of a Chinese numerus form only when the
            // source has no other way to show the number; require it too.
            if (placeholders(t) != placeholders(m.source))
                problem(m, QStringLiteral("placeholders differ: \"%1\"").arg(t.left(60)));
            if (hasMnemonic(m.source) && !hasMnemonic(t))
                problem(m, QStringLiteral("keyboard mnemonic lost: \"%1\"").arg(t.left(60)));
        }
    }
    EXPECT_TRUE(problems.isEmpty()) << problems.size() << " problem(s) in " << kTsFile.toStdString() << ":\n"
                                    << problems.mid(0, 40).join(QLatin1Char('\n')).toStdString();
}

TEST(Translations, SwitchingToChineseChangesWhatTheWindowShows)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    auto *tabs = window.findChild<QTabWidget *>();
    ASSERT_NE(tabs, nullptr);
    auto *algorithms = window.findChild<QDockWidget *>(QStringLiteral("algorithmsDock"));
    ASSERT_NE(algorithms, nullptr);
    EXPECT_EQ(tabs->tabText(MainWindow::RunPageIndex), QStringLiteral("&Run"));
    EXPECT_EQ(algorithms->windowTitle(), QStringLiteral("Algorithms"));

    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents(); // LanguageChange is posted to the window
    EXPECT_EQ(tabs->tabText(MainWindow::RunPageIndex), QString::fromUtf8("运行(&R)"));
    EXPECT_EQ(tabs->tabText(MainWindow::ResultsPageIndex), QString::fromUtf8("结果(&E)"));
    EXPECT_EQ(tabs->tabText(MainWindow::ReportPageIndex), QString::fromUtf8("报告(&P)"));
    EXPECT_EQ(algorithms->windowTitle(), QString::fromUtf8("算法"));
    EXPECT_EQ(window.windowTitle(), QString::fromUtf8("kexbench 工作台"));
    // A page retranslates itself: the Run page's first group box.
    bool runPageChinese = false;
    for (auto *box : window.runPage()->findChildren<QGroupBox *>())
        runPageChinese = runPageChinese || box->title() == QString::fromUtf8("计时的操作");
    EXPECT_TRUE(runPageChinese);

    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(tabs->tabText(MainWindow::RunPageIndex), QStringLiteral("&Run"));
    EXPECT_EQ(algorithms->windowTitle(), QStringLiteral("Algorithms"));
}

namespace {

// At least one CJK ideograph (or CJK punctuation): the text is Chinese, not English.
bool hasChinese(const QString &text)
{
    for (const QChar c : text)
        if ((c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF) || (c.unicode() >= 0x3000 && c.unicode() <= 0x303F))
            return true;
    return false;
}

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

const QString kMethodEn = QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/docs/method.md");
const QString kMethodZh = QString(KEXBENCH_SOURCE_DIR) + QStringLiteral("/docs/method.zh_CN.md");

} // namespace

// Notes made outside any widget (the pure series functions, which worker
// threads run) follow the language too: the context they are translated in
// at run time must be the one lupdate filed their texts under.
TEST(Translations, NotesOfThePureSeriesFunctionsAreChineseInZhCn)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    Record harness; // trial totals only, no per-iteration samples
    harness.status = "complete";
    harness.label = "ADKEX-128";
    harness.operation = "exchange";
    const TimelineSeries timeline = computeTimeline(harness, TimelineUnit::Time);
    ASSERT_FALSE(timeline.notes.isEmpty());
    EXPECT_TRUE(hasChinese(timeline.notes.join(QLatin1Char(' '))))
        << timeline.notes.join(QLatin1Char(' ')).toStdString();
    SampleCache cache;
    const DistributionPlot plot = computeDistribution({{QStringLiteral("x86_1"), nullptr}}, {}, cache);
    ASSERT_FALSE(plot.notes.isEmpty());
    EXPECT_TRUE(hasChinese(plot.notes.join(QLatin1Char(' ')))) << plot.notes.join(QLatin1Char(' ')).toStdString();
    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    EXPECT_FALSE(hasChinese(computeTimeline(harness, TimelineUnit::Time).notes.join(QLatin1Char(' '))));
}

// Qt's own dialogs (file dialog, message boxes, standard buttons) speak Chinese
// too: MainWindow::setLanguage installs Qt's qtbase_zh_CN.qm beside kexbench's
// (Debian package qt6-translations-l10n, scripts/install-deps.sh).
TEST(Translations, QtOwnDialogStringsAreChineseInZhCn)
{
    const QString qtQm =
        QDir(QLibraryInfo::path(QLibraryInfo::TranslationsPath)).filePath(QStringLiteral("qtbase_zh_CN.qm"));
    ASSERT_TRUE(QFileInfo::exists(qtQm)) << qtQm.toStdString()
                                         << " is missing: install qt6-translations-l10n (scripts/install-deps.sh)";
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    EXPECT_EQ(QCoreApplication::translate("QFileDialog", "Look in:"), QStringLiteral("Look in:"));

    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    const QString lookIn = QCoreApplication::translate("QFileDialog", "Look in:");
    EXPECT_TRUE(hasChinese(lookIn)) << lookIn.toStdString();
    const QString cancel = QCoreApplication::translate("QPlatformTheme", "Cancel");
    EXPECT_TRUE(hasChinese(cancel)) << cancel.toStdString();
    {
        QDialogButtonBox box(QDialogButtonBox::Cancel | QDialogButtonBox::Close | QDialogButtonBox::Open);
        for (QAbstractButton *button : box.buttons())
            EXPECT_TRUE(hasChinese(button->text())) << button->text().toStdString();
        EXPECT_EQ(box.button(QDialogButtonBox::Cancel)->text(), cancel);
    }
    // kexbench's own strings are still there beside Qt's.
    EXPECT_EQ(window.windowTitle(), QString::fromUtf8("kexbench 工作台"));

    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    EXPECT_EQ(QCoreApplication::translate("QFileDialog", "Look in:"), QStringLiteral("Look in:"));
    EXPECT_EQ(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("Cancel"));
}

// docs/method.zh_CN.md translates docs/method.md whole: the same headings and
// table rows, every `code` span kept, and no line left in English.
TEST(Translations, MethodTranslationIsCompleteAndChinese)
{
    const QString en = readText(kMethodEn), zh = readText(kMethodZh);
    ASSERT_FALSE(en.isEmpty()) << kMethodEn.toStdString();
    ASSERT_FALSE(zh.isEmpty()) << kMethodZh.toStdString();
    auto count = [](const QString &text, const QRegularExpression &re) {
        int n = 0;
        for (auto it = re.globalMatch(text); it.hasNext(); it.next())
            ++n;
        return n;
    };
    const QRegularExpression heading(QStringLiteral("^#+ "), QRegularExpression::MultilineOption);
    const QRegularExpression tableRow(QStringLiteral("^\\|"), QRegularExpression::MultilineOption);
    const QRegularExpression bullet(QStringLiteral("^\\s*(?:- |\\d+\\. )"), QRegularExpression::MultilineOption);
    EXPECT_EQ(count(zh, heading), count(en, heading));
    EXPECT_EQ(count(zh, tableRow), count(en, tableRow));
    EXPECT_EQ(count(zh, bullet), count(en, bullet));

    // A span may run over a line break: compare with all white space as single spaces.
    const QRegularExpression span(QStringLiteral("`[^`]+`"));
    const QString zhFlat = zh.simplified();
    QStringList missing;
    for (auto it = span.globalMatch(en.simplified()); it.hasNext();) {
        const QString text = it.next().captured();
        if (!zhFlat.contains(text) && !missing.contains(text))
            missing << text;
    }
    const QRegularExpression code(QStringLiteral("`[^`\\n]+`"));
    EXPECT_TRUE(missing.isEmpty()) << "code spans missing from the translation: "
                                   << missing.join(QStringLiteral(", ")).toStdString();

    // A line with six or more English words and no Chinese (code spans aside) is untranslated.
    const QRegularExpression words(QStringLiteral("[A-Za-z]{2,}"));
    QStringList english;
    const QStringList lines = zh.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines[i];
        line.remove(code);
        if (!hasChinese(line) && count(line, words) >= 6)
            english << QStringLiteral("line %1: %2").arg(i + 1).arg(lines[i].left(80));
    }
    EXPECT_TRUE(english.isEmpty()) << english.join(QLatin1Char('\n')).toStdString();
}

// Help ▸ Method shows docs/method.zh_CN.md in a Chinese window and follows a
// language switch while it is open.
TEST(Translations, HelpMethodFollowsTheLanguage)
{
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    window.showMethod();
    auto *browser = window.findChild<QTextBrowser *>(QStringLiteral("methodText"));
    ASSERT_NE(browser, nullptr);
    QString text = browser->toPlainText();
    EXPECT_TRUE(text.startsWith(QString::fromUtf8("kexbench 如何测量"))) << text.left(80).toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("This page says how every figure"))) << text.left(200).toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("Every iteration runs one complete, honest exchange")));
    EXPECT_TRUE(text.contains(QStringLiteral("kex_derive_ss_b")));
    // Issue 33 item 16: the source's line wraps gave stray spaces inside Chinese sentences.
    const QRegularExpression strayCjkSpace(
        QStringLiteral("[\\x{3400}-\\x{9FFF}\\x{3000}-\\x{303F}\\x{FF00}-\\x{FFEF}] "
                       "[\\x{3400}-\\x{9FFF}\\x{3000}-\\x{303F}\\x{FF00}-\\x{FFEF}]"));
    // A bold lead-in closes before its full stop (Markdown closes no "**" between "。" and a character).
    EXPECT_TRUE(text.contains(QString::fromUtf8("什么约束着子进程。无论")))
        << "an emphasis that Markdown did not close";
    const QRegularExpressionMatch stray = strayCjkSpace.match(text);
    EXPECT_FALSE(stray.hasMatch()) << "a space between Chinese characters: \""
                                   << text.mid(std::max<qsizetype>(0, stray.capturedStart() - 20), 40).toStdString()
                                   << '"';
    auto *dialog = qobject_cast<QDialog *>(browser->window());
    ASSERT_NE(dialog, nullptr);
    EXPECT_TRUE(hasChinese(dialog->windowTitle())) << dialog->windowTitle().toStdString();
    auto *buttons = dialog->findChild<QDialogButtonBox *>();
    ASSERT_NE(buttons, nullptr);
    ASSERT_NE(buttons->button(QDialogButtonBox::Close), nullptr);
    EXPECT_TRUE(hasChinese(buttons->button(QDialogButtonBox::Close)->text()))
        << buttons->button(QDialogButtonBox::Close)->text().toStdString();

    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    text = browser->toPlainText();
    EXPECT_TRUE(text.startsWith(QStringLiteral("How kexbench measures"))) << text.left(80).toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("This page says how every figure")));
    EXPECT_FALSE(hasChinese(buttons->button(QDialogButtonBox::Close)->text()))
        << buttons->button(QDialogButtonBox::Close)->text().toStdString();
    dialog->close();
}

// The Report page builds the report (ReportOptions::language) in the UI's
// language, and builds it again when the language changes.
TEST(Translations, ReportPageRendersTheReportInTheUiLanguage)
{
    if (!haveReference())
        GTEST_SKIP() << "reference dataset absent: " << referenceDataset().toStdString();
    auto ds = load_dataset(QFile::encodeName(referenceDataset()).toStdString());
    ASSERT_TRUE(ds) << ds.error();
    Workbench workbench;
    MainWindow window(&workbench, /*useSettings=*/false);
    auto *page = window.findChild<ReportPage *>();
    ASSERT_NE(page, nullptr);
    window.show(); // the Report page builds its report when shown
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.setPage(MainWindow::ReportPageIndex);
    workbench.addDataset(std::make_shared<const Dataset>(std::move(ds.value())), referenceDataset());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page->busy() && page->hasReport(); }, 60000));
    EXPECT_EQ(page->report()->language, "en");
    EXPECT_FALSE(hasChinese(QString::fromStdString(page->report()->title)));

    ASSERT_TRUE(window.setLanguage(QStringLiteral("zh_CN")));
    ASSERT_TRUE(QTest::qWaitFor(
        [&] { return !page->busy() && page->hasReport() && page->report()->language == "zh_CN"; }, 60000));
    EXPECT_TRUE(hasChinese(QString::fromStdString(page->report()->title))) << page->report()->title;
    int chineseSections = 0;
    for (const auto &section : page->report()->sections)
        chineseSections += hasChinese(QString::fromStdString(section.title)) ? 1 : 0;
    EXPECT_GT(chineseSections, 0);
    EXPECT_TRUE(page->previewHtml().contains(QString::fromStdString(page->report()->sections.front().title)));

    ASSERT_TRUE(window.setLanguage(QStringLiteral("en")));
    ASSERT_TRUE(
        QTest::qWaitFor([&] { return !page->busy() && page->hasReport() && page->report()->language == "en"; }, 60000));
    EXPECT_FALSE(hasChinese(QString::fromStdString(page->report()->title)));
}
