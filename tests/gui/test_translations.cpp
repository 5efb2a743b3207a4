// SPDX-License-Identifier: GPL-3.0-or-later
// The zh_CN translation: the .ts in the source tree must be complete (lrelease
// silently drops unfinished entries, so a gap would only show as English text
// in a Chinese window), and switching the running window to zh_CN must change
// what the user sees. CTest labels these "gui;i18n".
#include "gui_test_util.h"

#include "mainwindow.h"
#include "runpage.h"

#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
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
    QStringList translations;      // one, or one per numerus form
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

const QString kTsFile = QStringLiteral(KEXBENCH_SOURCE_DIR "/translations/kexbench_zh_CN.ts");

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
