// SPDX-License-Identifier: GPL-3.0-or-later
// The Run page's "Where" box: this machine, or other hosts over ssh. It keeps
// the list of hosts and the ssh config file (in QSettings), checks what is
// typed, and tests the connections; the page asks it where to run.
#pragma once

#include "campaignworker.h" // HostProbeResult, kept by value

#include "core/campaign/remote.h"

#include <QGroupBox>
#include <QMap>
#include <QSet>
#include <QStringList>

class QButtonGroup;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QRadioButton;
class QToolButton;

namespace kexbench::ui {

class ConnectionTest;

class HostBox : public QGroupBox {
    Q_OBJECT
public:
    explicit HostBox(QWidget *parent = nullptr);
    ~HostBox() override;

    // Restores the choice, the hosts and the ssh config file as last set.
    void loadSettings();
    // "Other hosts over ssh" is chosen.
    bool onOtherHosts() const;
    // The hosts listed, as typed ("[user@]host[:port]").
    QStringList hosts() const;
    QString hostProblem() const; // the first listed host that is not "[user@]host[:port]"
    // The ssh options Test connection and a campaign on other hosts use.
    RemoteOptions remoteOptions() const;
    bool testingConnections() const;
    // Enables what may change: nothing while a campaign runs (`busy`).
    void updateControls(bool busy);
    void retranslateUi();

public slots:
    // Opens an ssh session to every listed host in the background; the box
    // shows each host's architecture, CPU, kernel, governor and free cache space, or why not.
    void testConnections();

signals:
    void whereChanged(); // this machine <-> other hosts
    void changed();      // the hosts, their selection or a test's state changed: the page re-checks Start

private:
    void buildChoice();
    QWidget *buildHostsPanel();
    void connectSignals();
    void saveSettings() const;
    void onWhereToggled();
    void addHostFromEntry();
    void removeSelectedHosts();
    void onHostEdited(QListWidgetItem *item);
    void removeEmptyHosts();
    void chooseSshConfig();
    void onHostTested(const HostProbeResult &result);
    void renderConnectionReport();
    QString probeLine(const QString &host, const HostProbeResult &result) const;

    QButtonGroup *whereGroup_ = nullptr;
    QRadioButton *whereLocal_ = nullptr, *whereSsh_ = nullptr;
    QWidget *hostsPanel_ = nullptr; // shown for "Other hosts over ssh"
    QLabel *hostsLabel_ = nullptr;
    QListWidget *hostList_ = nullptr; // editable in place
    QLineEdit *hostEntry_ = nullptr;
    QToolButton *addHost_ = nullptr, *removeHost_ = nullptr;
    QLabel *sshConfigLabel_ = nullptr;
    QLineEdit *sshConfig_ = nullptr;
    QToolButton *sshConfigBrowse_ = nullptr;
    QPushButton *testButton_ = nullptr;
    QLabel *connectionReport_ = nullptr; // one line per tested host
    ConnectionTest *connectionTest_ = nullptr;
    QMap<QString, HostProbeResult> tested_; // by host as listed; kept so a language change re-renders it
    QSet<QString> testing_;                 // hosts whose test has not answered yet
    QString entryProblem_;                  // why the last Add was refused
    bool loadingSettings_ = false;
};

} // namespace kexbench::ui
