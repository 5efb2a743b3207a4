// SPDX-License-Identifier: GPL-3.0-or-later
// The Run page's Where box: this machine or other hosts over ssh. The choice,
// the host list and the ssh config file outlive the page (QSettings, in Qt's
// test folder); Test connection opens a real ssh session to a real sshd the
// test starts on 127.0.0.1 (tests/integration/sshd_fixture.h) and shows what
// that host is, and shows a closed port's one-line error; Start runs a tiny
// campaign there with a progress row for the host.
#include "gui_test_util.h"

#include "campaignworker.h"
#include "runpage.h"

#include "../integration/sshd_fixture.h"

#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QToolButton>

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <memory>

using namespace kexbench;
using namespace kexbench::ui;
using namespace kexbench::ui::test;

namespace {

// The Where settings start empty and are removed again, so no other test's
// Run page opens on "Other hosts over ssh".
class WhereSettingsGuard {
public:
    WhereSettingsGuard() { clear(); }
    ~WhereSettingsGuard() { clear(); }

private:
    static void clear()
    {
        QSettings settings;
        settings.remove(QStringLiteral("run"));
        settings.sync();
    }
};

template <class W>
W *child(QWidget *parent, const char *name)
{
    W *w = parent->findChild<W *>(QLatin1String(name));
    EXPECT_NE(w, nullptr) << name;
    return w;
}

// Types a host into the entry field and presses Add.
void addHost(RunPage *page, const QString &host)
{
    auto *entry = child<QLineEdit>(page, "hostEntry");
    auto *add = child<QToolButton>(page, "addHost");
    ASSERT_TRUE(entry && add);
    entry->setText(host);
    add->click();
}

QStringList listedHosts(RunPage *page)
{
    QStringList out;
    auto *list = child<QListWidget>(page, "hostList");
    for (int i = 0; list && i < list->count(); ++i)
        out << list->item(i)->text();
    return out;
}

// With KEXBENCH_TEST_SHOTS=<folder> the picture goes there too; /tmp always, to look at the layout.
void shoot(QWidget &page, const char *name)
{
    // Wrapped labels in a scroll area settle over a few posted layout passes: let them, for the picture.
    QTest::qWait(200);
    const QImage image = page.grab().toImage();
    EXPECT_TRUE(image.save(QStringLiteral("/tmp/%1.png").arg(QLatin1String(name))));
    if (const QString folder = qEnvironmentVariable("KEXBENCH_TEST_SHOTS"); !folder.isEmpty()) {
        EXPECT_TRUE(image.save(QDir(folder).filePath(QLatin1String(name) + QStringLiteral(".png"))));
    }
}

} // namespace

TEST(RunPageWhere, ChoiceHostsAndSshConfigOutliveThePage)
{
    WhereSettingsGuard guard;
    Workbench workbench;
    auto page = std::make_unique<RunPage>(&workbench);
    auto *local = child<QRadioButton>(page.get(), "whereLocal");
    auto *ssh = child<QRadioButton>(page.get(), "whereSsh");
    ASSERT_TRUE(local && ssh);
    EXPECT_TRUE(local->isChecked()) << "a first start measures this machine";
    EXPECT_FALSE(page->onOtherHosts());

    ssh->click();
    EXPECT_TRUE(page->onOtherHosts());
    ASSERT_NO_FATAL_FAILURE(addHost(page.get(), QStringLiteral("bench@board:2222")));
    ASSERT_NO_FATAL_FAILURE(addHost(page.get(), QStringLiteral("pi")));
    // Not an address: refused with the parser's reason, the list unchanged.
    ASSERT_NO_FATAL_FAILURE(addHost(page.get(), QStringLiteral("board:port")));
    EXPECT_EQ(listedHosts(page.get()), (QStringList{QStringLiteral("bench@board:2222"), QStringLiteral("pi")}));
    auto *report = child<QLabel>(page.get(), "connectionReport");
    ASSERT_NE(report, nullptr);
    EXPECT_FALSE(report->isHidden());
    EXPECT_FALSE(report->text().isEmpty());
    EXPECT_EQ(child<QLineEdit>(page.get(), "hostEntry")->text(), QStringLiteral("board:port")) << "kept to correct it";
    child<QLineEdit>(page.get(), "sshConfig")->setText(QStringLiteral("/etc/kexbench/ssh_config"));

    const HostedCampaignOptions hosted = page->hostedOptions();
    EXPECT_EQ(hosted.hosts, (std::vector<std::string>{"bench@board:2222", "pi"}));
    EXPECT_EQ(hosted.remote.ssh_config, "/etc/kexbench/ssh_config");

    // A new page (the next session) opens where this one was left.
    page = std::make_unique<RunPage>(&workbench);
    EXPECT_TRUE(child<QRadioButton>(page.get(), "whereSsh")->isChecked());
    EXPECT_TRUE(page->onOtherHosts());
    EXPECT_EQ(listedHosts(page.get()), (QStringList{QStringLiteral("bench@board:2222"), QStringLiteral("pi")}));
    EXPECT_EQ(child<QLineEdit>(page.get(), "sshConfig")->text(), QStringLiteral("/etc/kexbench/ssh_config"));

    // Removing a host and going back to this machine are kept as well.
    auto *list = child<QListWidget>(page.get(), "hostList");
    list->item(0)->setSelected(true);
    child<QToolButton>(page.get(), "removeHost")->click();
    EXPECT_EQ(listedHosts(page.get()), QStringList{QStringLiteral("pi")});
    child<QRadioButton>(page.get(), "whereLocal")->click();
    page = std::make_unique<RunPage>(&workbench);
    EXPECT_TRUE(child<QRadioButton>(page.get(), "whereLocal")->isChecked());
    EXPECT_FALSE(page->onOtherHosts());
    EXPECT_EQ(listedHosts(page.get()), QStringList{QStringLiteral("pi")}) << "the list waits for the next ssh campaign";
}

TEST(RunPageWhere, OtherHostsNeedAHostBeforeStart)
{
    WhereSettingsGuard guard;
    Workbench workbench;
    RunPage page(&workbench);
    child<QRadioButton>(&page, "whereSsh")->click();
    auto *test = child<QPushButton>(&page, "testConnection");
    ASSERT_NE(test, nullptr);
    EXPECT_FALSE(test->isEnabled()) << "nothing to test";
    ASSERT_NO_FATAL_FAILURE(addHost(&page, QStringLiteral("pi")));
    EXPECT_TRUE(test->isEnabled());
}

TEST(RunPageWhere, TestConnectionShowsTheHostOrItsOneLineError)
{
    WhereSettingsGuard guard;
    std::string whyNot;
    const auto sshd = TestSshd::start(&whyNot);
    if (!sshd)
        GTEST_SKIP() << "no test sshd: " << whyNot;
    const int closedPort = unused_local_port();
    ASSERT_GT(closedPort, 0);
    const QString good = QString::fromStdString(sshd->address());
    const QString bad = QStringLiteral("127.0.0.1:%1").arg(closedPort);

    Workbench workbench;
    RunPage page(&workbench);
    page.resize(1280, 860);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    child<QRadioButton>(&page, "whereSsh")->click();
    child<QLineEdit>(&page, "sshConfig")->setText(QString::fromStdString(sshd->ssh_config()));
    ASSERT_NO_FATAL_FAILURE(addHost(&page, good));
    ASSERT_NO_FATAL_FAILURE(addHost(&page, bad));
    ASSERT_EQ(listedHosts(&page), (QStringList{good, bad}));

    auto *test = child<QPushButton>(&page, "testConnection");
    auto *report = child<QLabel>(&page, "connectionReport");
    ASSERT_TRUE(test && report);
    QSignalSpy tested(page.findChild<ConnectionTest *>(), &ConnectionTest::hostTested);
    ASSERT_TRUE(tested.isValid());
    test->click();
    EXPECT_TRUE(page.testingConnections());
    EXPECT_FALSE(test->isEnabled()) << "one test at a time";
    ASSERT_TRUE(QTest::qWaitFor([&] { return !page.testingConnections(); }, 120000));
    EXPECT_TRUE(test->isEnabled());
    ASSERT_EQ(tested.count(), 2);

    // What the host is, from the session's probe, and the closed port's error.
    HostProbeResult goodResult, badResult;
    for (const auto &args : std::as_const(tested)) {
        const auto r = args.first().value<HostProbeResult>();
        (r.host == good ? goodResult : badResult) = r;
    }
    ASSERT_TRUE(goodResult.ok) << goodResult.error.toStdString();
    EXPECT_EQ(QString::fromStdString(goodResult.probe.uname_machine), QString::fromStdString(this_uname_machine()));
    EXPECT_GT(goodResult.probe.cpus, 0);
    EXPECT_FALSE(badResult.ok);
    EXPECT_TRUE(badResult.error.contains(bad)) << badResult.error.toStdString();
    EXPECT_FALSE(badResult.error.contains(QLatin1Char('\n'))) << badResult.error.toStdString();

    const QString shown = report->text();
    EXPECT_FALSE(report->isHidden());
    EXPECT_TRUE(shown.contains(QStringLiteral("x86_64")) ||
                QString::fromStdString(this_uname_machine()) != QLatin1String("x86_64"))
        << shown.toStdString();
    EXPECT_TRUE(shown.contains(QString::fromStdString(this_uname_machine()))) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QString::fromStdString(goodResult.probe.kernel).toHtmlEscaped())) << shown.toStdString();
    EXPECT_TRUE(shown.contains(badResult.error.toHtmlEscaped())) << shown.toStdString();
    shoot(page, "runpage-where");
}

// Start with "Other hosts over ssh" runs the campaign through
// run_hosted_campaign on the test sshd (the runner and one built-in instance
// travel there); the progress box has a row for the host and the log names it.
TEST(RunPageWhere, StartRunsTheCampaignOnTheListedHostWithARowOfProgressForIt)
{
    WhereSettingsGuard guard;
    std::string whyNot;
    const auto sshd = TestSshd::start(&whyNot);
    if (!sshd)
        GTEST_SKIP() << "no test sshd: " << whyNot;
    const QString host = QString::fromStdString(sshd->address());

    Workbench workbench;
    ASSERT_TRUE(describeBuiltins(workbench));
    const int row = instanceRow(workbench, "X25519-NIKE");
    ASSERT_GE(row, 0) << "the built-in X25519-NIKE is not described";
    for (int i = 0; i < workbench.instances().size(); ++i)
        workbench.setChecked(i, i == row);
    ASSERT_EQ(workbench.checkedLibraries().size(), 1);

    RunPage page(&workbench);
    page.resize(1280, 860);
    page.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&page));
    QTemporaryDir tmp;
    ASSERT_TRUE(tmp.isValid());
    // A tiny plan: init_a only, 2 trials of 2 ms, no stack child, no retries.
    child<QCheckBox>(&page, "allOperations")->setChecked(false);
    for (auto *box : page.findChildren<QCheckBox *>())
        if (const QString op = box->property("operation").toString(); !op.isEmpty())
            box->setChecked(op == QLatin1String("init_a"));
    child<QDoubleSpinBox>(&page, "trialTarget")->setValue(0.002);
    child<QSpinBox>(&page, "trials")->setValue(2);
    child<QSpinBox>(&page, "retries")->setValue(0);
    child<QCheckBox>(&page, "stackDepth")->setChecked(false);
    child<QLineEdit>(&page, "outputFolder")->setText(tmp.filePath(QStringLiteral("campaign")));
    child<QRadioButton>(&page, "whereSsh")->click();
    child<QLineEdit>(&page, "sshConfig")->setText(QString::fromStdString(sshd->ssh_config()));
    EXPECT_EQ(page.startBlocker(), QStringLiteral("Add at least one host to run on other hosts."));
    ASSERT_NO_FATAL_FAILURE(addHost(&page, host));
    ASSERT_TRUE(page.startBlocker().isEmpty()) << page.startBlocker().toStdString();

    QSignalSpy finished(page.session(), &CampaignSession::finished);
    QStringList hostsSeen;
    QObject::connect(page.session(), &CampaignSession::update, &page, [&](const CampaignUpdate &u) {
        if (!u.host.isEmpty() && !hostsSeen.contains(u.host))
            hostsSeen << u.host;
    });
    child<QPushButton>(&page, "startButton")->click();
    ASSERT_TRUE(page.running());
    auto *hostProgress = page.findChild<QWidget *>(QStringLiteral("hostProgress"));
    ASSERT_NE(hostProgress, nullptr);
    EXPECT_FALSE(hostProgress->isHidden());
    ASSERT_TRUE(QTest::qWaitFor([&] { return finished.count() == 1; }, 600000));

    const auto outcome = finished.first().first().value<CampaignOutcome>();
    ASSERT_TRUE(outcome.ok) << outcome.error.toStdString();
    EXPECT_FALSE(outcome.cancelled);
    EXPECT_EQ(outcome.recordsWritten, 1);
    EXPECT_EQ(outcome.recordsFailed, 0);
    ASSERT_EQ(outcome.hostShares.size(), 1);
    EXPECT_TRUE(outcome.hostShares.front().dropped.isEmpty()) << outcome.hostShares.front().dropped.toStdString();
    EXPECT_EQ(outcome.hostShares.front().instances, 1);

    // The events named the host, and the page shows it: a progress row and the log's prefix.
    ASSERT_FALSE(hostsSeen.isEmpty());
    QStringList rowNames;
    for (auto *label : hostProgress->findChildren<QLabel *>(QStringLiteral("hostProgressName")))
        rowNames << label->text();
    for (const QString &seen : std::as_const(hostsSeen))
        EXPECT_TRUE(rowNames.contains(seen))
            << seen.toStdString() << " has no progress row: " << rowNames.join(QStringLiteral(", ")).toStdString();
    const QString log = child<QPlainTextEdit>(&page, "campaignLog")->toPlainText();
    EXPECT_TRUE(log.contains(QStringLiteral("[%1] ").arg(hostsSeen.front()))) << log.toStdString();
    shoot(page, "runpage-hosted");
}
