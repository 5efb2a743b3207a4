// SPDX-License-Identifier: GPL-3.0-or-later
// Run a campaign: pick operations, mode and CPU, where it runs (this machine
// or other hosts over ssh), start and cancel, follow progress.
#pragma once

#include "core/campaign/campaign.h"
#include "core/campaign/hosted_campaign.h"

#include <QElapsedTimer>
#include <QHash>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QToolButton;
class QVBoxLayout;

namespace kexbench::ui {

class Workbench;
class HostBox;
class CampaignSession;
struct CampaignUpdate;
struct CampaignOutcome;

class RunPage : public QWidget {
    Q_OBJECT
public:
    explicit RunPage(Workbench *workbench, QWidget *parent = nullptr);
    ~RunPage() override;

    // The options the form describes, for the instances checked in the Workbench.
    CampaignOptions options() const;
    // "Other hosts over ssh" is chosen: Start runs the campaign on hosts().
    bool onOtherHosts() const;
    // The hosts listed under Where, as typed ("[user@]host[:port]").
    QStringList hosts() const;
    // options() with the hosts and the ssh config file, for run_hosted_campaign.
    HostedCampaignOptions hostedOptions() const;
    // The ssh options Test connection and a campaign on other hosts use.
    RemoteOptions remoteOptions() const;
    bool testingConnections() const;
    // Why Start is disabled; empty when it is enabled.
    QString startBlocker() const;
    bool running() const;
    CampaignSession *session() const { return session_; }

public slots:
    void start();
    void cancel();
    // Opens an ssh session to every listed host in the background; the page
    // shows each host's architecture, CPU, kernel, governor and free cache space, or why not.
    void testConnections();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void buildUi();
    void buildBanner();
    void buildOperationsBox();
    void buildPlanBox();
    void buildMeasureBox();
    void buildStartControls(QVBoxLayout *leftColumn);
    void connectPlanFields();
    void buildProgressBox();
    void buildLogBox();
    void retranslateUi();
    void retranslateOperations();
    void retranslatePlan();
    void retranslateMeasuring();
    void updateControls();
    void onModeChanged();
    void onOperationToggled();
    void onUpdate(const CampaignUpdate &update);
    void onFinished(const CampaignOutcome &outcome);
    void log(const QString &line);
    void startLogSection(); // the rule above a campaign's lines, scrolled into view
    void appendLogLine(const QString &text);
    void onLogScrolled(int value);
    void setWarnings(const QStringList &warnings, bool beforeStart);
    void chooseOutputFolder();
    void probeEnvironment();
    QString defaultOutputFolder() const;
    void updateOutputTip();
    void updateEstimate();
    // Where: the box keeps the hosts and tests them; the page only asks it.
    void buildWhereBox();
    void loadPlanSettings();
    void savePlanSettings() const;
    void onWhereChanged();
    // Per-host progress of a campaign on other hosts
    void resetHostProgress(const QStringList &hosts);
    void showHostUpdate(const CampaignUpdate &update);
    struct HostRow;
    HostRow &addHostRow(const QString &key);

    Workbench *workbench_;
    CampaignSession *session_;

    // The settings column scrolls vertically; fitSettingsWidth() keeps it as wide as its contents.
    QScrollArea *leftScroll_ = nullptr;
    QWidget *leftPanel_ = nullptr;
    void fitSettingsWidth();
    // Operations
    QGroupBox *operationsBox_ = nullptr;
    QCheckBox *allOps_ = nullptr;
    QList<QCheckBox *> opBoxes_; // exchange, init_a, init_b, passes, derive_a, derive_b
    // Plan
    QGroupBox *planBox_ = nullptr;
    QFormLayout *planForm_ = nullptr;
    // Form labels are members: QFormLayout::addRow with an empty text makes no
    // label at all, so labelForField() could not be used to retranslate them.
    QLabel *modeLabel_ = nullptr, *targetLabel_ = nullptr, *budgetLabel_ = nullptr, *trialsLabel_ = nullptr,
           *precisionLabel_ = nullptr, *orderLabel_ = nullptr, *retriesLabel_ = nullptr;
    QComboBox *order_ = nullptr;  // interleaved | harness
    QSpinBox *retries_ = nullptr; // re-runs of a disturbed trial
    QComboBox *mode_ = nullptr;
    QDoubleSpinBox *target_ = nullptr;
    QDoubleSpinBox *budget_ = nullptr;
    QSpinBox *trials_ = nullptr;
    QDoubleSpinBox *precision_ = nullptr;
    QLabel *warmupNote_ = nullptr;
    // Measuring
    QGroupBox *measureBox_ = nullptr;
    QFormLayout *measureForm_ = nullptr;
    QLabel *cpuLabel_ = nullptr, *systemLabelLabel_ = nullptr;
    QSpinBox *cpu_ = nullptr;
    bool cpuChosen_ = false; // the user set the CPU (hosted campaigns are pinned only then)
    QLineEdit *systemLabel_ = nullptr;
    QLabel *outLabel_ = nullptr;
    QLineEdit *outDir_ = nullptr;
    QToolButton *browse_ = nullptr;
    QCheckBox *kat_ = nullptr;
    QCheckBox *stack_ = nullptr;
    // Where: this machine or other hosts over ssh (kept in QSettings)
    HostBox *hostBox_ = nullptr;
    bool loadingSettings_ = false;
    // Control and progress
    QPushButton *startButton_ = nullptr;
    QPushButton *cancelButton_ = nullptr;
    QLabel *blocker_ = nullptr;
    QLabel *estimate_ = nullptr; // the duration estimate and the folder Start will write into
    QLabel *banner_ = nullptr;
    QScrollArea *bannerArea_ = nullptr; // the banner, scrolling when its warnings are many
    void fitBanner();
    void fitWrappedLabels(); // the labels under Start get the height their wrapped text needs
    QGroupBox *progressBox_ = nullptr;
    QLabel *overallLabel_ = nullptr;
    // How the last campaign ended: the overall label says so again after a language switch.
    enum class CampaignEnd { None, Done, Cancelled, Failed };
    CampaignEnd lastEnd_ = CampaignEnd::None;
    QString overallEndText() const;
    QProgressBar *overall_ = nullptr;
    QLabel *currentLabel_ = nullptr;
    QProgressBar *current_ = nullptr;
    QLabel *currentEta_ = nullptr;
    // One row per host while a campaign runs on other hosts: name, trial bar, what it does.
    struct HostRow {
        QLabel *name = nullptr;
        QProgressBar *bar = nullptr;
        QLabel *status = nullptr;
    };
    QWidget *hostProgress_ = nullptr;
    QHash<QString, HostRow> hostRows_; // by HostAddress::text(), as CampaignEvent::host names it
    bool hostedRun_ = false;           // the running (or last) campaign is on other hosts
    QGroupBox *logBox_ = nullptr;
    QPlainTextEdit *log_ = nullptr;
    int campaignsLogged_ = 0;   // numbers the rule above each campaign's lines
    bool followLog_ = true;     // the log shows its newest line (off while the user reads further up)
    bool appendingLog_ = false; // the bar moves because of an append, not the user

    // Plan settings of the mode not shown, so switching modes keeps each mode's values.
    double otherTarget_ = 0.2, otherBudget_ = 60;
    bool autoOutDir_ = true; // the folder field still holds the generated default
    QStringList warnings_;   // shown in the banner
    bool warningsBeforeStart_ = true;
    QElapsedTimer operationClock_; // since the current operation started
    QString currentInstance_, currentOperation_;
};

} // namespace kexbench::ui
