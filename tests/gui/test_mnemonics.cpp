// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 33 item 16: Alt+D on the Report page focused its "Dataset" box, not
// the Distributions tab. On every page, in English and zh_CN, the Alt
// letters a reader can press at once (the menu bar, the page tabs and the
// page's visible controls) are each taken once.
#include "gui_test_util.h"

#include "mainwindow.h"

#include <QAbstractButton>
#include <QApplication>
#include <QTest>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QTabBar>
#include <QTabWidget>
#include <QComboBox>
#include <QSettings>

#include <map>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// The mnemonic letter of a text ("R&esults" -> 'e'), 0 without one.
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i)
        if (text[i] == QLatin1Char('&')) {
            if (text[i + 1] == QLatin1Char('&')) {
                ++i;
                continue;
            }
            return text[i + 1].toLower();
        }
    return QChar();
}

// Who uses each letter on the page shown: "E: tab R&esults, button Exp&ort".
std::map<QChar, QStringList> lettersInUse(MainWindow &window, QTabWidget *pages)
{
    std::map<QChar, QStringList> used;
    auto take = [&](const QString &text, const QString &what) {
        if (const QChar c = mnemonicOf(text); !c.isNull())
            used[c] << what + QStringLiteral(" \"") + text + QLatin1Char('"');
    };
    for (QAction *menu : window.menuBar()->actions())
        take(menu->text(), QStringLiteral("menu"));
    for (int i = 0; i < pages->count(); ++i)
        take(pages->tabText(i), QStringLiteral("tab"));
    QWidget *page = pages->currentWidget();
    for (QLabel *label : page->findChildren<QLabel *>())
        if (label->isVisibleTo(page) && label->buddy())
            take(label->text(), QStringLiteral("label"));
    for (QAbstractButton *button : page->findChildren<QAbstractButton *>())
        if (button->isVisibleTo(page))
            take(button->text(), QStringLiteral("button"));
    for (QGroupBox *box : page->findChildren<QGroupBox *>())
        if (box->isVisibleTo(page) && box->isCheckable())
            take(box->title(), QStringLiteral("group"));
    return used;
}

} // namespace

TEST(Mnemonics, EachAltLetterOfAPageIsTakenOnce)
{
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        Workbench workbench;
        MainWindow window(&workbench, false);
        window.resize(1400, 900);
        ASSERT_TRUE(window.setLanguage(language));
        window.show();
        auto *pages = window.findChild<QTabWidget *>();
        ASSERT_NE(pages, nullptr);
        for (int p = 0; p < pages->count(); ++p) {
            window.setPage(p);
            QCoreApplication::processEvents();
            for (const auto &[letter, users] : lettersInUse(window, pages))
                EXPECT_EQ(users.size(), 1)
                    << language.toStdString() << ", page " << pages->tabText(p).toStdString() << ": Alt+"
                    << QString(letter).toStdString() << " is " << users.join(QStringLiteral(", ")).toStdString();
        }
    }
}

// The report of item 16 itself: Alt+D pressed on the Report page opens the
// Distributions page (Alt+D is no longer also the Report page's Dataset box).
TEST(Mnemonics, AltDOnTheReportPageOpensDistributions)
{
    Workbench workbench;
    MainWindow window(&workbench, false);
    window.resize(1400, 900);
    window.show();
    QApplication::setActiveWindow(&window);
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    auto *pages = window.findChild<QTabWidget *>();
    ASSERT_NE(pages, nullptr);
    window.setPage(MainWindow::ReportPageIndex);
    QCoreApplication::processEvents();
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &window, Qt::Key_D, Qt::AltModifier);
    QCoreApplication::processEvents();
    EXPECT_EQ(pages->currentIndex(), int(MainWindow::DistributionsPageIndex));
}

// The Compare page's "two instances of one dataset" mode shows other boxes
// (the dataset, the instances) in place of the datasets and the candidate:
// their letters are each taken once too, in both languages.
TEST(Mnemonics, TheComparePagesInstanceModeTakesEachLetterOnce)
{
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        Workbench workbench;
        MainWindow window(&workbench, false);
        window.resize(1400, 900);
        ASSERT_TRUE(window.setLanguage(language));
        window.show();
        auto *pages = window.findChild<QTabWidget *>();
        ASSERT_NE(pages, nullptr);
        window.setPage(MainWindow::ComparePageIndex);
        auto *mode = pages->currentWidget()->findChild<QComboBox *>(QStringLiteral("modeBox"));
        ASSERT_NE(mode, nullptr);
        mode->setCurrentIndex(1); // two instances of one dataset
        QCoreApplication::processEvents();
        const auto used = lettersInUse(window, pages);
        for (const auto &[letter, users] : used)
            EXPECT_EQ(users.size(), 1) << language.toStdString() << ": Alt+" << QString(letter).toStdString() << " is "
                                       << users.join(QStringLiteral(", ")).toStdString();
        EXPECT_TRUE(used.count(QLatin1Char('s'))) << "the dataset box has its letter";
        mode->setCurrentIndex(0);
    }
    QSettings().remove(QStringLiteral("compare/mode"));
}
