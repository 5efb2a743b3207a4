// SPDX-License-Identifier: GPL-3.0-or-later
// Run a campaign: pick operations, mode and CPU, start and cancel, follow progress.
#pragma once

#include "core/campaign.h"

#include <QElapsedTimer>
#include <QStringList>
#include <QWidget>

class QButtonGroup;
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

namespace kexbench::ui {

class Workbench;
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
    // Why Start is disabled; empty when it is enabled.
    QString startBlocker() const;
    bool running() const;
    CampaignSession *session() const { return session_; }

public slots:
    void start();
    void cancel();

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildUi();
    void retranslateUi();
    void updateControls();
    void onModeChanged();
    void onOperationToggled();
    void onUpdate(const CampaignUpdate &update);
    void onFinished(const CampaignOutcome &outcome);
    void log(const QString &line);
    void setWarnings(const QStringList &warnings, bool beforeStart);
    void chooseOutputFolder();
    void probeEnvironment();
    QString defaultOutputFolder() const;
    void updateOutputTip();

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
    QComboBox *order_ = nullptr;   // interleaved | harness
    QSpinBox *retries_ = nullptr;  // re-runs of a disturbed trial
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
    QLineEdit *systemLabel_ = nullptr;
    QLabel *outLabel_ = nullptr;
    QLineEdit *outDir_ = nullptr;
    QToolButton *browse_ = nullptr;
    QCheckBox *kat_ = nullptr;
    QCheckBox *stack_ = nullptr;
    // Control and progress
    QPushButton *startButton_ = nullptr;
    QPushButton *cancelButton_ = nullptr;
    QLabel *blocker_ = nullptr;
    QLabel *banner_ = nullptr;
    QGroupBox *progressBox_ = nullptr;
    QLabel *overallLabel_ = nullptr;
    QProgressBar *overall_ = nullptr;
    QLabel *currentLabel_ = nullptr;
    QProgressBar *current_ = nullptr;
    QLabel *currentEta_ = nullptr;
    QGroupBox *logBox_ = nullptr;
    QPlainTextEdit *log_ = nullptr;

    // Plan settings of the mode not shown, so switching modes keeps each mode's values.
    double otherTarget_ = 0.2, otherBudget_ = 60;
    bool autoOutDir_ = true;         // the folder field still holds the generated default
    QStringList warnings_;           // shown in the banner
    bool warningsBeforeStart_ = true;
    QElapsedTimer operationClock_;   // since the current operation started
    QString currentInstance_, currentOperation_;
};

} // namespace kexbench::ui
