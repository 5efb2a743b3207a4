// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostbox.h"

#include "core/campaign/remote.h"

#include <QButtonGroup>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace kexbench::ui {

namespace {

// QSettings keys of the Where box: the choice survives the page and the session.
namespace keys {
const auto where = QStringLiteral("run/where"); // "local" | "ssh"
const auto hosts = QStringLiteral("run/hosts");
const auto sshConfig = QStringLiteral("run/sshConfig");
} // namespace keys

QListWidgetItem *addEditableItem(const QString &host, QListWidget *list)
{
    auto *item = new QListWidgetItem(host, list);
    item->setFlags(item->flags() | Qt::ItemIsEditable);
    return item;
}

QString errorSpan(const QString &text)
{
    return QStringLiteral("<span style=\"color:#b00020;\">%1</span>").arg(text.toHtmlEscaped());
}

} // namespace

HostBox::HostBox(QWidget *parent) : QGroupBox(parent), connectionTest_(new ConnectionTest(this))
{
    setObjectName(QStringLiteral("whereBox"));
    buildChoice();
    layout()->addWidget(buildHostsPanel());
    connectSignals();
}

HostBox::~HostBox() = default;

// The two choices: this machine, or other hosts over ssh.
void HostBox::buildChoice()
{
    auto *layout = new QVBoxLayout(this);
    whereLocal_ = new QRadioButton(this);
    whereLocal_->setObjectName(QStringLiteral("whereLocal"));
    whereLocal_->setChecked(true);
    whereSsh_ = new QRadioButton(this);
    whereSsh_->setObjectName(QStringLiteral("whereSsh"));
    whereGroup_ = new QButtonGroup(this);
    whereGroup_->addButton(whereLocal_);
    whereGroup_->addButton(whereSsh_);
    layout->addWidget(whereLocal_);
    layout->addWidget(whereSsh_);
}

// The host settings belong to the second choice: indented under it, hidden for this machine.
QWidget *HostBox::buildHostsPanel()
{
    hostsPanel_ = new QWidget(this);
    auto *panel = new QVBoxLayout(hostsPanel_);
    panel->setContentsMargins(20, 0, 0, 0);
    hostsLabel_ = new QLabel(hostsPanel_);
    hostsLabel_->setWordWrap(true);
    panel->addWidget(hostsLabel_);
    hostList_ = new QListWidget(hostsPanel_);
    hostList_->setObjectName(QStringLiteral("hostList"));
    hostList_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    hostList_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    hostList_->setMaximumHeight(hostList_->fontMetrics().height() * 5 + 8); // a few hosts; it scrolls beyond
    panel->addWidget(hostList_);
    auto *entryRow = new QHBoxLayout;
    hostEntry_ = new QLineEdit(hostsPanel_);
    hostEntry_->setObjectName(QStringLiteral("hostEntry"));
    addHost_ = new QToolButton(hostsPanel_);
    addHost_->setObjectName(QStringLiteral("addHost"));
    removeHost_ = new QToolButton(hostsPanel_);
    removeHost_->setObjectName(QStringLiteral("removeHost"));
    entryRow->addWidget(hostEntry_, 1);
    entryRow->addWidget(addHost_);
    entryRow->addWidget(removeHost_);
    panel->addLayout(entryRow);
    auto *configRow = new QHBoxLayout;
    sshConfigLabel_ = new QLabel(hostsPanel_);
    sshConfig_ = new QLineEdit(hostsPanel_);
    sshConfig_->setObjectName(QStringLiteral("sshConfig"));
    sshConfigLabel_->setBuddy(sshConfig_);
    sshConfigBrowse_ = new QToolButton(hostsPanel_);
    configRow->addWidget(sshConfigLabel_);
    configRow->addWidget(sshConfig_, 1);
    configRow->addWidget(sshConfigBrowse_);
    panel->addLayout(configRow);
    auto *testRow = new QHBoxLayout;
    testButton_ = new QPushButton(hostsPanel_);
    testButton_->setObjectName(QStringLiteral("testConnection"));
    testRow->addWidget(testButton_);
    testRow->addStretch(1);
    panel->addLayout(testRow);
    connectionReport_ = new QLabel(hostsPanel_);
    connectionReport_->setObjectName(QStringLiteral("connectionReport"));
    connectionReport_->setWordWrap(true);
    connectionReport_->setTextFormat(Qt::RichText);
    connectionReport_->setTextInteractionFlags(Qt::TextSelectableByMouse); // errors are worth copying
    connectionReport_->hide();
    panel->addWidget(connectionReport_);
    return hostsPanel_;
}

void HostBox::connectSignals()
{
    connect(whereSsh_, &QRadioButton::toggled, this, &HostBox::onWhereToggled);
    connect(addHost_, &QToolButton::clicked, this, &HostBox::addHostFromEntry);
    connect(hostEntry_, &QLineEdit::returnPressed, this, &HostBox::addHostFromEntry);
    connect(hostEntry_, &QLineEdit::textEdited, this, [this] {
        if (!entryProblem_.isEmpty()) { // the refusal was about the old text
            entryProblem_.clear();
            renderConnectionReport();
        }
    });
    connect(removeHost_, &QToolButton::clicked, this, &HostBox::removeSelectedHosts);
    connect(hostList_, &QListWidget::itemChanged, this, &HostBox::onHostEdited);
    connect(hostList_, &QListWidget::itemSelectionChanged, this, &HostBox::changed);
    connect(sshConfig_, &QLineEdit::textChanged, this, [this] { saveSettings(); });
    connect(sshConfigBrowse_, &QToolButton::clicked, this, &HostBox::chooseSshConfig);
    connect(testButton_, &QPushButton::clicked, this, &HostBox::testConnections);
    connect(connectionTest_, &ConnectionTest::hostTested, this, &HostBox::onHostTested);
    connect(connectionTest_, &ConnectionTest::finished, this, [this] {
        testing_.clear();
        renderConnectionReport();
        emit changed();
    });
}

void HostBox::loadSettings()
{
    loadingSettings_ = true; // the widgets' change signals must not write back half-loaded values
    const QSettings settings;
    for (const QString &host : settings.value(keys::hosts).toStringList())
        addEditableItem(host, hostList_);
    sshConfig_->setText(settings.value(keys::sshConfig).toString());
    const bool ssh = settings.value(keys::where).toString() == QLatin1String("ssh");
    (ssh ? whereSsh_ : whereLocal_)->setChecked(true);
    hostsPanel_->setVisible(ssh);
    loadingSettings_ = false;
}

void HostBox::saveSettings() const
{
    if (loadingSettings_)
        return;
    QSettings settings;
    settings.setValue(keys::where, onOtherHosts() ? QStringLiteral("ssh") : QStringLiteral("local"));
    settings.setValue(keys::hosts, hosts());
    settings.setValue(keys::sshConfig, sshConfig_->text().trimmed());
}

void HostBox::onWhereToggled()
{
    hostsPanel_->setVisible(onOtherHosts());
    saveSettings();
    emit whereChanged();
}

void HostBox::addHostFromEntry()
{
    const QString text = hostEntry_->text().trimmed();
    if (text.isEmpty())
        return;
    auto address = parse_host_address(text.toStdString());
    if (!address) {
        entryProblem_ = QString::fromStdString(address.error());
    } else if (hosts().contains(text)) {
        entryProblem_ = tr("%1 is listed already.").arg(text);
    } else {
        entryProblem_.clear();
        addEditableItem(text, hostList_);
        hostEntry_->clear();
        saveSettings();
    }
    renderConnectionReport();
    emit changed();
}

void HostBox::removeSelectedHosts()
{
    for (QListWidgetItem *item : hostList_->selectedItems()) {
        tested_.remove(item->text());
        delete item;
    }
    saveSettings();
    renderConnectionReport();
    emit changed();
}

void HostBox::onHostEdited(QListWidgetItem *item)
{
    if (loadingSettings_)
        return;
    const QString trimmed = item->text().trimmed();
    if (trimmed != item->text()) {
        item->setText(trimmed); // re-enters with the trimmed text
        return;
    }
    if (trimmed.isEmpty()) {
        // Editing a host to nothing removes it; not inside the list's own signal.
        QMetaObject::invokeMethod(
            this, [this] { removeEmptyHosts(); }, Qt::QueuedConnection);
        return;
    }
    // An earlier test was of the old text: drop results of hosts no longer listed.
    const QStringList listed = hosts();
    for (auto it = tested_.begin(); it != tested_.end();)
        it = listed.contains(it.key()) ? std::next(it) : tested_.erase(it);
    saveSettings();
    renderConnectionReport();
    emit changed();
}

void HostBox::removeEmptyHosts()
{
    for (int i = hostList_->count() - 1; i >= 0; --i)
        if (hostList_->item(i)->text().trimmed().isEmpty())
            delete hostList_->takeItem(i);
    saveSettings();
    renderConnectionReport();
    emit changed();
}

void HostBox::chooseSshConfig()
{
    const QString start =
        sshConfig_->text().isEmpty() ? QDir::homePath() + QStringLiteral("/.ssh") : sshConfig_->text();
    const QString file = QFileDialog::getOpenFileName(this, tr("ssh configuration file"), start);
    if (!file.isEmpty())
        sshConfig_->setText(file);
}

bool HostBox::onOtherHosts() const { return whereSsh_->isChecked(); }

QStringList HostBox::hosts() const
{
    QStringList out;
    for (int i = 0; i < hostList_->count(); ++i)
        if (const QString host = hostList_->item(i)->text().trimmed(); !host.isEmpty())
            out << host;
    return out;
}

QString HostBox::hostProblem() const
{
    for (const QString &host : hosts())
        if (auto address = parse_host_address(host.toStdString()); !address)
            return QString::fromStdString(address.error());
    return {};
}

RemoteOptions HostBox::remoteOptions() const
{
    RemoteOptions remote;
    remote.ssh_config = sshConfig_->text().trimmed().toStdString();
    return remote;
}

bool HostBox::testingConnections() const { return connectionTest_->running(); }

void HostBox::testConnections()
{
    if (testingConnections() || hosts().isEmpty())
        return;
    tested_.clear();
    const QStringList listed = hosts();
    testing_ = QSet<QString>(listed.begin(), listed.end());
    connectionTest_->start(listed, remoteOptions());
    renderConnectionReport();
    emit changed();
}

void HostBox::onHostTested(const HostProbeResult &result)
{
    testing_.remove(result.host);
    if (hosts().contains(result.host)) // a host removed while it was tested has no line
        tested_.insert(result.host, result);
    renderConnectionReport();
}

// What a host that answered is: architecture, CPU, kernel, governor, cache space.
QString HostBox::probeLine(const QString &host, const HostProbeResult &result) const
{
    const QString name = QStringLiteral("<b>%1</b>").arg(host.toHtmlEscaped());
    const RemoteProbe &p = result.probe;
    QStringList facts;
    facts << QString::fromStdString(p.uname_machine);
    facts << (p.cpu_model.empty() ? tr("CPU model unknown") : QString::fromStdString(p.cpu_model));
    facts << tr("%n CPU(s)", nullptr, p.cpus);
    facts << QString::fromStdString(p.kernel);
    facts << (p.governor.empty() ? tr("no cpufreq governor")
                                 : tr("governor %1").arg(QString::fromStdString(p.governor)));
    facts << tr("%1 free for the cache").arg(locale().formattedDataSize(static_cast<qint64>(p.cache_free_bytes)));
    QString line = QStringLiteral("%1: %2").arg(name, facts.join(QStringLiteral(" · ")).toHtmlEscaped());
    if (!result.runnerProblem.isEmpty())
        line +=
            QStringLiteral("<br><span style=\"color:#8a5a00;\">%1</span>").arg(result.runnerProblem.toHtmlEscaped());
    return line;
}

void HostBox::renderConnectionReport()
{
    QStringList lines;
    if (!entryProblem_.isEmpty())
        lines << errorSpan(entryProblem_);
    for (const QString &host : hosts()) {
        if (testing_.contains(host)) {
            lines << tr("%1: connecting…").arg(QStringLiteral("<b>%1</b>").arg(host.toHtmlEscaped()));
            continue;
        }
        const auto it = tested_.constFind(host);
        if (it == tested_.constEnd())
            continue;
        // A failed session's error names the host itself.
        lines << (it->ok ? probeLine(host, *it) : errorSpan(it->error));
    }
    connectionReport_->setText(lines.join(QStringLiteral("<br>")));
    connectionReport_->setVisible(!lines.isEmpty());
}

void HostBox::updateControls(bool busy)
{
    for (QWidget *w :
         {static_cast<QWidget *>(whereLocal_), static_cast<QWidget *>(whereSsh_), static_cast<QWidget *>(hostList_),
          static_cast<QWidget *>(hostEntry_), static_cast<QWidget *>(addHost_), static_cast<QWidget *>(sshConfig_),
          static_cast<QWidget *>(sshConfigBrowse_)})
        w->setEnabled(!busy);
    removeHost_->setEnabled(!busy && !hostList_->selectedItems().isEmpty());
    const bool testing = testingConnections();
    testButton_->setEnabled(!busy && !testing && !hosts().isEmpty());
    testButton_->setText(testing ? tr("Testing…") : tr("Test connection"));
}

void HostBox::retranslateUi()
{
    setTitle(tr("Where"));
    whereLocal_->setText(tr("This m&achine"));
    whereLocal_->setToolTip(tr("Runner children run here, pinned as set under Measuring."));
    whereSsh_->setText(tr("Other hosts over ssh"));
    whereSsh_->setToolTip(tr("Runner children run on the hosts below through OpenSSH (key or agent login, no password "
                             "prompts); the runner and the instance libraries are copied there and the records are "
                             "written here. Hosts of one campaign must be one system: same architecture and CPU."));
    hostsLabel_->setText(tr("Hosts (double-click one to edit it):"));
    hostEntry_->setPlaceholderText(tr("[user@]host[:port]"));
    hostEntry_->setToolTip(tr("A host as ssh knows it: a name from the ssh config file, or user@address:port. "
                              "Enter adds it."));
    addHost_->setText(tr("Add"));
    addHost_->setToolTip(tr("Add the host typed on the left."));
    removeHost_->setText(tr("Remove"));
    removeHost_->setToolTip(tr("Remove the selected hosts."));
    sshConfigLabel_->setText(tr("ssh config file:"));
    sshConfig_->setPlaceholderText(tr("ssh's default"));
    sshConfig_->setToolTip(tr("Passed to ssh as -F: host names, users, ports and keys for the hosts; empty: "
                              "ssh's own (~/.ssh/config)."));
    sshConfigBrowse_->setText(tr("Browse…"));
    sshConfigBrowse_->setToolTip(tr("Choose the ssh configuration file."));
    testButton_->setToolTip(tr("Connect to every listed host and show what it is: architecture, CPU, kernel, "
                               "governor and the free space for kexbench's cache."));
    renderConnectionReport();
}

} // namespace kexbench::ui
