// SPDX-License-Identifier: GPL-3.0-or-later
#include "runpage.h"

#include "campaignworker.h"
#include "datahome.h"
#include "hostbox.h"
#include "models/background.h"
#include "workbench.h"

#include "core/base/affinity.h"
#include "core/base/clock.h"
#include "core/base/format.h"
#include "core/campaign/environment.h"
#include "core/campaign/operations.h"
#include "core/campaign/progress_plan.h"
#include "core/campaign/planner.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSysInfo>
#include <QThread>
#include <QTime>
#include <QToolButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <algorithm>

namespace kexbench::ui {

namespace {

// The operation checkboxes, in the order of the published tables. "passes"
// stands for pass1 ... passN of each instance.
const char *const kOperations[] = {"exchange", "init_a", "init_b", "passes", "derive_a", "derive_b"};

constexpr double kFixedTarget = 0.5, kFixedBudget = 300;      // the CLI's fixed-mode defaults
constexpr double kAdaptiveTarget = 0.2, kAdaptiveBudget = 60; // and adaptive ones
constexpr int kProgressSteps = 1000;

// QSettings keys of the Run page (the Where box keeps its own, hostbox.cpp).
namespace keys {
// The plan, as last set: a workstation program remembers what its user chose.
const auto plan = QStringLiteral("run/plan"); // a map: mode, target/budget per mode, trials, precision, order, retries
} // namespace keys

// A form row's label; the &-mnemonic in its text focuses the field.
QLabel *formLabel(QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setBuddy(buddy);
    return label;
}

// The host as CampaignEvent::host names it (HostAddress::text()); the text itself when it does not parse.
QString canonicalHost(const QString &host)
{
    auto address = parse_host_address(host.trimmed().toStdString());
    return address ? QString::fromStdString(address->text()) : host.trimmed();
}

// A duration as a clock reading (core's one format: "4:05", "--:--" before it is known).
QString clockText(double seconds) { return QString::fromStdString(fmt::clock_duration(seconds)); }

// A rough duration before Start, when no operation is calibrated yet: the
// campaign's own progress plan as it stands before calibration
// (core/campaign/progress_plan.h). Adaptive: from its minimum trials to the
// whole budget per operation.
struct DurationEstimate {
    double low_s = 0, high_s = 0;
    int records = 0;
};

DurationEstimate estimateDuration(const CampaignOptions &o, const QVector<InstanceEntry> &instances)
{
    DurationEstimate e;
    for (const InstanceEntry &entry : instances) {
        if (!entry.checked)
            continue;
        const int ops = o.operations.empty()
                            ? static_cast<int>(operations_for(static_cast<unsigned>(entry.info.caps.passes)).size())
                            : static_cast<int>(o.operations.size());
        e.records += ops;
        e.low_s += instance_preparation_s(o) + ops * assumed_operation_s(o);
        e.high_s += instance_preparation_s(o) + ops * assumed_operation_s(o, true);
    }
    return e;
}

// Where generated campaign folders go.
QString defaultOutputBase() { return dataHomePath(QStringLiteral("campaigns")); }

// A warning as kept (core's English, "[host] " in front for a host of a
// campaign on other hosts) in the window's language.
QString shownWarning(const QString &warning)
{
    if (warning.startsWith(QLatin1Char('['))) {
        const qsizetype end = warning.indexOf(QLatin1String("] "));
        if (end > 0)
            return warning.left(end + 2) + coreText(warning.mid(end + 2));
    }
    return coreText(warning);
}

// This machine's host warnings, in core's English: translated when shown.
QStringList hostWarnings(int cpu)
{
    std::string whyNotPmu;
    const CycleCounter counter = CycleCounter::open_best(&whyNotPmu);
    const Environment env = read_environment("", cpu);
    QStringList out;
    for (const auto &w : environment_warnings(env, counter, whyNotPmu))
        out << QString::fromStdString(w);
    return out;
}

} // namespace

RunPage::RunPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent), workbench_(workbench), session_(new CampaignSession(workbench, this))
{
    buildUi();
    hostBox_->loadSettings();
    loadPlanSettings();
    retranslateUi();
    outDir_->setText(defaultOutputFolder());
    updateControls();

    connect(workbench_, &Workbench::instancesChanged, this, &RunPage::updateControls);
    connect(session_, &CampaignSession::update, this, &RunPage::onUpdate);
    connect(session_, &CampaignSession::finished, this, &RunPage::onFinished);
    probeEnvironment();
}

RunPage::~RunPage() = default;

void RunPage::buildUi()
{
    auto *root = new QVBoxLayout(this);
    buildBanner();
    root->addWidget(bannerArea_);

    auto *columns = new QHBoxLayout;
    root->addLayout(columns, 1);

    // Left: what to measure and how, scrollable so the page fits short
    // screens and the longer Chinese labels.
    leftPanel_ = new QWidget(this);
    auto *left = new QVBoxLayout(leftPanel_);
    left->setContentsMargins(0, 0, 0, 0);
    leftScroll_ = new QScrollArea(this);
    leftScroll_->setObjectName(QStringLiteral("runSettingsScroll"));
    leftScroll_->setFrameShape(QFrame::NoFrame);
    leftScroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    leftScroll_->setWidgetResizable(true);
    // Start, Cancel and what Start will do stay below the scrolling form, always in view.
    auto *leftColumn = new QVBoxLayout;
    leftColumn->addWidget(leftScroll_, 1);
    columns->addLayout(leftColumn, 0);

    buildOperationsBox();
    left->addWidget(operationsBox_);
    buildPlanBox();
    left->addWidget(planBox_);
    buildMeasureBox();
    buildWhereBox();
    left->addWidget(hostBox_);
    left->addWidget(measureBox_);
    buildStartControls(leftColumn);
    connectPlanFields();
    left->addStretch(1);
    leftScroll_->setWidget(leftPanel_);
    connect(startButton_, &QPushButton::clicked, this, &RunPage::start);
    connect(cancelButton_, &QPushButton::clicked, this, &RunPage::cancel);

    for (QWidget *w : {static_cast<QWidget *>(operationsBox_), static_cast<QWidget *>(planBox_),
                       static_cast<QWidget *>(measureBox_), static_cast<QWidget *>(hostBox_)})
        w->setMaximumWidth(460);

    // Right: progress and the live log.
    auto *right = new QVBoxLayout;
    columns->addLayout(right, 1);
    buildProgressBox();
    right->addWidget(progressBox_);
    buildLogBox();
    right->addWidget(logBox_, 1);
}

void RunPage::buildBanner()
{
    // Host conditions that make timings noisy are easy to miss in a log: a banner.
    banner_ = new QLabel(this);
    banner_->setWordWrap(true);
    banner_->setTextFormat(Qt::RichText);
    banner_->setObjectName(QStringLiteral("environmentBanner"));
    banner_->setStyleSheet(QStringLiteral("QLabel#environmentBanner { background: #fff4b8; color: #3d3000;"
                                          " border: 1px solid #d9b300; border-radius: 4px; padding: 6px 10px; }"));
    banner_->hide();
    // Five warnings at 1024x700 took the height the form needed: the banner
    // scrolls beyond a few lines (fitBanner).
    bannerArea_ = new QScrollArea(this);
    bannerArea_->setObjectName(QStringLiteral("environmentBannerArea"));
    bannerArea_->setFrameShape(QFrame::NoFrame);
    bannerArea_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    bannerArea_->setWidgetResizable(true);
    bannerArea_->setWidget(banner_);
    bannerArea_->hide();
}

void RunPage::buildOperationsBox()
{
    operationsBox_ = new QGroupBox(this);
    auto *opsGrid = new QGridLayout(operationsBox_);
    allOps_ = new QCheckBox(operationsBox_);
    allOps_->setObjectName(QStringLiteral("allOperations"));
    allOps_->setChecked(true);
    opsGrid->addWidget(allOps_, 0, 0, 1, 3);
    int i = 0;
    for (const char *op : kOperations) {
        auto *box = new QCheckBox(QString::fromLatin1(op), operationsBox_);
        box->setChecked(true);
        box->setProperty("operation", QString::fromLatin1(op));
        box->setObjectName(QStringLiteral("operation_") + QString::fromLatin1(op));
        opsGrid->addWidget(box, 1 + i / 3, i % 3);
        opBoxes_ << box;
        connect(box, &QCheckBox::toggled, this, &RunPage::updateControls);
        ++i;
    }
    connect(allOps_, &QCheckBox::toggled, this, &RunPage::onOperationToggled);
}

void RunPage::buildPlanBox()
{
    planBox_ = new QGroupBox(this);
    planForm_ = new QFormLayout(planBox_);
    mode_ = new QComboBox(planBox_);
    mode_->setObjectName(QStringLiteral("mode"));
    mode_->addItem(QString(), QStringLiteral("fixed"));
    mode_->addItem(QString(), QStringLiteral("adaptive"));
    target_ = new QDoubleSpinBox(planBox_);
    target_->setObjectName(QStringLiteral("trialTarget"));
    target_->setDecimals(4);
    target_->setRange(0.0001, 3600);
    target_->setSingleStep(0.1);
    target_->setValue(kFixedTarget);
    budget_ = new QDoubleSpinBox(planBox_);
    budget_->setObjectName(QStringLiteral("budget"));
    budget_->setDecimals(1);
    budget_->setRange(0.1, 86400);
    budget_->setSingleStep(10);
    budget_->setValue(kFixedBudget);
    trials_ = new QSpinBox(planBox_);
    trials_->setObjectName(QStringLiteral("trials"));
    trials_->setRange(1, 1000);
    trials_->setValue(PlanningConstants{}.trials);
    precision_ = new QDoubleSpinBox(planBox_);
    precision_->setObjectName(QStringLiteral("precision"));
    precision_->setDecimals(2);
    precision_->setRange(0.01, 100);
    precision_->setSingleStep(0.1);
    precision_->setValue(AdaptiveSettings{}.precision * 100);
    order_ = new QComboBox(planBox_);
    order_->setObjectName(QStringLiteral("order"));
    order_->addItem(QString(), QStringLiteral("interleaved"));
    order_->addItem(QString(), QStringLiteral("harness"));
    // The plan's choices are read whole, never elided ("Fixed (harness…"): the
    // boxes ask for their longest item, in whichever language.
    for (QComboBox *box : {mode_, order_})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    retries_ = new QSpinBox(planBox_);
    retries_->setObjectName(QStringLiteral("retries"));
    retries_->setRange(0, 100);
    retries_->setValue(CampaignOptions{}.retries);
    warmupNote_ = new QLabel(planBox_);
    warmupNote_->setWordWrap(true);
    modeLabel_ = formLabel(mode_, planBox_);
    targetLabel_ = formLabel(target_, planBox_);
    budgetLabel_ = formLabel(budget_, planBox_);
    trialsLabel_ = formLabel(trials_, planBox_);
    precisionLabel_ = formLabel(precision_, planBox_);
    orderLabel_ = formLabel(order_, planBox_);
    retriesLabel_ = formLabel(retries_, planBox_);
    planForm_->addRow(modeLabel_, mode_);
    planForm_->addRow(targetLabel_, target_);
    planForm_->addRow(budgetLabel_, budget_);
    planForm_->addRow(trialsLabel_, trials_);
    planForm_->addRow(precisionLabel_, precision_);
    planForm_->addRow(orderLabel_, order_);
    planForm_->addRow(retriesLabel_, retries_);
    planForm_->addRow(warmupNote_);
    connect(mode_, &QComboBox::currentIndexChanged, this, &RunPage::onModeChanged);
}

void RunPage::buildMeasureBox()
{
    measureBox_ = new QGroupBox(this);
    measureForm_ = new QFormLayout(measureBox_);
    cpu_ = new QSpinBox(measureBox_);
    cpu_->setObjectName(QStringLiteral("cpu"));
    cpu_->setRange(-1, std::max(0, QThread::idealThreadCount() - 1));
    // Pinned like the published method's taskset, to the last CPU; -1 ("none") when unreadable.
    cpu_->setValue(default_measuring_cpu());
    systemLabel_ = new QLineEdit(measureBox_);
    systemLabel_->setObjectName(QStringLiteral("systemLabel"));
    outDir_ = new QLineEdit(measureBox_);
    outDir_->setObjectName(QStringLiteral("outputFolder"));
    browse_ = new QToolButton(measureBox_);
    auto *outRow = new QHBoxLayout;
    outRow->addWidget(outDir_, 1);
    outRow->addWidget(browse_);
    kat_ = new QCheckBox(measureBox_);
    kat_->setObjectName(QStringLiteral("katCheck"));
    kat_->setChecked(true);
    stack_ = new QCheckBox(measureBox_);
    stack_->setObjectName(QStringLiteral("stackDepth"));
    stack_->setChecked(true);
    cpuLabel_ = formLabel(cpu_, measureBox_);
    systemLabelLabel_ = formLabel(systemLabel_, measureBox_);
    measureForm_->addRow(cpuLabel_, cpu_);
    measureForm_->addRow(systemLabelLabel_, systemLabel_);
    outLabel_ = new QLabel(measureBox_);
    outLabel_->setBuddy(outDir_);
    measureForm_->addRow(outLabel_, outRow);
    measureForm_->addRow(kat_);
    measureForm_->addRow(stack_);
    connect(outDir_, &QLineEdit::textEdited, this, [this] { autoOutDir_ = false; });
    connect(outDir_, &QLineEdit::textChanged, this, &RunPage::updateControls);
    connect(outDir_, &QLineEdit::textChanged, this, &RunPage::updateOutputTip);
    connect(browse_, &QToolButton::clicked, this, &RunPage::chooseOutputFolder);
    connect(cpu_, &QSpinBox::valueChanged, this, [this] {
        cpuChosen_ = true;
        if (!running())
            probeEnvironment();
    });
}

// Start, Cancel, why Start is disabled and what it will do, below the scrolling form.
void RunPage::buildStartControls(QVBoxLayout *leftColumn)
{
    auto *buttons = new QHBoxLayout;
    startButton_ = new QPushButton(this);
    startButton_->setObjectName(QStringLiteral("startButton"));
    startButton_->setDefault(true);
    cancelButton_ = new QPushButton(this);
    cancelButton_->setObjectName(QStringLiteral("cancelButton"));
    buttons->addWidget(startButton_);
    buttons->addWidget(cancelButton_);
    buttons->addStretch(1);
    leftColumn->addLayout(buttons);
    blocker_ = new QLabel(this);
    blocker_->setWordWrap(true);
    blocker_->setStyleSheet(QStringLiteral("color: palette(mid);"));
    leftColumn->addWidget(blocker_);
    estimate_ = new QLabel(this);
    estimate_->setObjectName(QStringLiteral("durationEstimate"));
    estimate_->setWordWrap(true);
    estimate_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    leftColumn->addWidget(estimate_);
}

// A changed plan updates the estimate and is remembered.
void RunPage::connectPlanFields()
{
    for (QDoubleSpinBox *box : {target_, budget_})
        connect(box, &QDoubleSpinBox::valueChanged, this, &RunPage::updateEstimate);
    for (QDoubleSpinBox *box : {target_, budget_, precision_})
        connect(box, &QDoubleSpinBox::valueChanged, this, [this] { savePlanSettings(); });
    for (QSpinBox *box : {trials_, retries_})
        connect(box, &QSpinBox::valueChanged, this, [this] { savePlanSettings(); });
    connect(order_, &QComboBox::currentIndexChanged, this, [this] { savePlanSettings(); });
    connect(trials_, &QSpinBox::valueChanged, this, &RunPage::updateEstimate);
    connect(mode_, &QComboBox::currentIndexChanged, this, &RunPage::updateEstimate);
    connect(stack_, &QCheckBox::toggled, this, &RunPage::updateEstimate);
    connect(kat_, &QCheckBox::toggled, this, &RunPage::updateEstimate);
}

void RunPage::buildProgressBox()
{
    progressBox_ = new QGroupBox(this);
    auto *progress = new QGridLayout(progressBox_);
    overallLabel_ = new QLabel(progressBox_);
    overallLabel_->setObjectName(QStringLiteral("overallLabel"));
    overall_ = new QProgressBar(progressBox_);
    overall_->setObjectName(QStringLiteral("overallProgress"));
    overall_->setRange(0, kProgressSteps);
    overall_->setValue(0);
    currentLabel_ = new QLabel(progressBox_);
    currentLabel_->setTextFormat(Qt::PlainText);
    current_ = new QProgressBar(progressBox_);
    current_->setRange(0, 1);
    current_->setValue(0);
    currentEta_ = new QLabel(progressBox_);
    progress->addWidget(overallLabel_, 0, 0);
    progress->addWidget(overall_, 1, 0);
    progress->addWidget(currentLabel_, 2, 0);
    progress->addWidget(current_, 3, 0);
    progress->addWidget(currentEta_, 4, 0);
    // A campaign on other hosts runs one instance per host at a time: a row each.
    hostProgress_ = new QWidget(progressBox_);
    hostProgress_->setObjectName(QStringLiteral("hostProgress"));
    auto *hostGrid = new QGridLayout(hostProgress_);
    hostGrid->setContentsMargins(0, 0, 0, 0);
    hostGrid->setColumnStretch(2, 1);
    hostProgress_->hide();
    progress->addWidget(hostProgress_, 5, 0);
}

void RunPage::buildLogBox()
{
    logBox_ = new QGroupBox(this);
    auto *logLayout = new QVBoxLayout(logBox_);
    log_ = new QPlainTextEdit(logBox_);
    log_->setObjectName(QStringLiteral("campaignLog"));
    log_->setReadOnly(true);
    log_->setMaximumBlockCount(20000); // a long campaign must not grow the log without bound
    // Long lines (paths, summaries with their interval) wrap: nothing hides to the right.
    log_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    log_->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    connect(log_->verticalScrollBar(), &QScrollBar::valueChanged, this, &RunPage::onLogScrolled);
    // Laying out wrapped lines (or a narrower log) adds lines below: a following log keeps its end in view.
    connect(log_->verticalScrollBar(), &QScrollBar::rangeChanged, this, [this](int, int max) {
        if (!followLog_)
            return;
        appendingLog_ = true;
        log_->verticalScrollBar()->setValue(max);
        appendingLog_ = false;
    });
    logLayout->addWidget(log_);
}

void RunPage::buildWhereBox()
{
    hostBox_ = new HostBox(this);
    connect(hostBox_, &HostBox::whereChanged, this, &RunPage::onWhereChanged);
    connect(hostBox_, &HostBox::changed, this, &RunPage::updateControls);
}

void RunPage::loadPlanSettings()
{
    const QVariantMap plan = QSettings().value(keys::plan).toMap();
    if (plan.isEmpty())
        return;
    loadingSettings_ = true;
    const bool adaptive = plan.value(QStringLiteral("mode")).toString() == QLatin1String("adaptive");
    {
        const QSignalBlocker block(mode_); // its handler swaps the targets: set them all here instead
        mode_->setCurrentIndex(mode_->findData(adaptive ? QStringLiteral("adaptive") : QStringLiteral("fixed")));
    }
    const QString here = adaptive ? QStringLiteral("adaptive") : QStringLiteral("fixed");
    const QString other = adaptive ? QStringLiteral("fixed") : QStringLiteral("adaptive");
    target_->setValue(plan.value(here + QStringLiteral("/target"), target_->value()).toDouble());
    budget_->setValue(plan.value(here + QStringLiteral("/budget"), budget_->value()).toDouble());
    otherTarget_ = plan.value(other + QStringLiteral("/target"), otherTarget_).toDouble();
    otherBudget_ = plan.value(other + QStringLiteral("/budget"), otherBudget_).toDouble();
    trials_->setValue(plan.value(QStringLiteral("trials"), trials_->value()).toInt());
    precision_->setValue(plan.value(QStringLiteral("precision"), precision_->value()).toDouble());
    if (const int order = order_->findData(plan.value(QStringLiteral("order")).toString()); order >= 0)
        order_->setCurrentIndex(order);
    retries_->setValue(plan.value(QStringLiteral("retries"), retries_->value()).toInt());
    loadingSettings_ = false;
}

void RunPage::savePlanSettings() const
{
    if (loadingSettings_)
        return;
    const bool adaptive = mode_->currentData().toString() == QLatin1String("adaptive");
    const QString here = adaptive ? QStringLiteral("adaptive") : QStringLiteral("fixed");
    const QString other = adaptive ? QStringLiteral("fixed") : QStringLiteral("adaptive");
    QVariantMap plan;
    plan[QStringLiteral("mode")] = here;
    plan[here + QStringLiteral("/target")] = target_->value();
    plan[here + QStringLiteral("/budget")] = budget_->value();
    plan[other + QStringLiteral("/target")] = otherTarget_;
    plan[other + QStringLiteral("/budget")] = otherBudget_;
    plan[QStringLiteral("trials")] = trials_->value();
    plan[QStringLiteral("precision")] = precision_->value();
    plan[QStringLiteral("order")] = order_->currentData().toString();
    plan[QStringLiteral("retries")] = retries_->value();
    QSettings().setValue(keys::plan, plan);
}

void RunPage::onWhereChanged()
{
    setWarnings(warnings_, warningsBeforeStart_); // this machine's warnings matter only when it measures
    updateControls();
    fitSettingsWidth();
}

bool RunPage::onOtherHosts() const { return hostBox_->onOtherHosts(); }

QStringList RunPage::hosts() const { return hostBox_->hosts(); }

RemoteOptions RunPage::remoteOptions() const { return hostBox_->remoteOptions(); }

HostedCampaignOptions RunPage::hostedOptions() const
{
    HostedCampaignOptions hosted;
    hosted.campaign = options();
    // This machine's last CPU says nothing of theirs: pin there only to a CPU the user chose.
    if (!cpuChosen_)
        hosted.campaign.cpu.reset();
    for (const QString &host : hosts())
        hosted.hosts.push_back(host.toStdString());
    hosted.remote = remoteOptions();
    return hosted;
}

bool RunPage::testingConnections() const { return hostBox_->testingConnections(); }

void RunPage::testConnections() { hostBox_->testConnections(); }

void RunPage::resetHostProgress(const QStringList &hosts)
{
    for (const HostRow &row : std::as_const(hostRows_)) {
        delete row.name;
        delete row.bar;
        delete row.status;
    }
    hostRows_.clear();
    for (const QString &host : hosts)
        addHostRow(canonicalHost(host));
}

RunPage::HostRow &RunPage::addHostRow(const QString &key)
{
    if (auto it = hostRows_.find(key); it != hostRows_.end())
        return *it;
    HostRow row;
    row.name = new QLabel(key, hostProgress_);
    row.name->setTextFormat(Qt::PlainText);
    row.name->setObjectName(QStringLiteral("hostProgressName"));
    row.bar = new QProgressBar(hostProgress_);
    row.bar->setObjectName(QStringLiteral("hostProgressBar"));
    row.bar->setRange(0, 1);
    row.bar->setValue(0);
    row.bar->setMaximumWidth(120);
    row.status = new QLabel(tr("waiting"), hostProgress_);
    row.status->setTextFormat(Qt::PlainText);
    row.status->setObjectName(QStringLiteral("hostProgressStatus"));
    auto *grid = static_cast<QGridLayout *>(hostProgress_->layout());
    const int r = grid->rowCount();
    grid->addWidget(row.name, r, 0);
    grid->addWidget(row.bar, r, 1);
    grid->addWidget(row.status, r, 2);
    return *hostRows_.insert(key, row);
}

void RunPage::showHostUpdate(const CampaignUpdate &u)
{
    if (u.host.isEmpty())
        return;
    HostRow &row = addHostRow(u.host); // a host the engine names differently gets a row of its own
    switch (u.kind) {
    case CampaignEvent::InstanceStarted:
        row.status->setText(tr("%1: checking and calibrating…").arg(u.instance));
        row.bar->setRange(0, 0);
        break;
    case CampaignEvent::OperationStarted:
        row.status->setText(tr("%1 · %2").arg(u.instance, u.operation));
        row.bar->setRange(0, 0);
        break;
    case CampaignEvent::TrialDone:
        if (u.trials > 0) {
            row.bar->setRange(0, u.trials);
            row.bar->setValue(u.trial);
            row.status->setText(tr("%1 · %2 — trial %3 of %4").arg(u.instance, u.operation).arg(u.trial).arg(u.trials));
        } else {
            row.bar->setRange(0, 0);
            row.status->setText(tr("%1 · %2 — trial %3 (adaptive)").arg(u.instance, u.operation).arg(u.trial));
        }
        break;
    case CampaignEvent::RecordWritten:
    case CampaignEvent::RecordResumed:
        row.bar->setRange(0, 1);
        row.bar->setValue(1);
        break;
    default:
        break;
    }
}

void RunPage::fitSettingsWidth()
{
    leftPanel_->adjustSize();
    const int scrollbar = leftScroll_->verticalScrollBar()->sizeHint().width();
    leftScroll_->setMinimumWidth(leftPanel_->sizeHint().width() + scrollbar);
}

void RunPage::retranslateUi()
{
    retranslateOperations();
    retranslatePlan();
    retranslateMeasuring();
    hostBox_->retranslateUi();

    startButton_->setText(tr("&Start"));
    startButton_->setToolTip(tr("Measure the checked instances (Ctrl+R)."));
    startButton_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    cancelButton_->setText(tr("Cancel"));
    cancelButton_->setToolTip(tr("Stop the campaign; the running child is killed and finished records are kept."));

    progressBox_->setTitle(tr("Progress"));
    logBox_->setTitle(tr("Log"));
    setWarnings(warnings_, warningsBeforeStart_);
    updateControls();
    if (!running()) {
        overallLabel_->setText(overallEndText());
        currentLabel_->setText(hostedRun_ ? tr("Hosts") : tr("Current operation"));
        currentEta_->clear();
    }
    fitSettingsWidth(); // translated labels change the column's width
}

void RunPage::retranslateOperations()
{
    operationsBox_->setTitle(tr("Operations to time"));
    allOps_->setText(tr("All operations of each instance"));
    allOps_->setToolTip(tr("exchange, init_a, init_b, every pass and both derivations, as the instance defines them."));
    const QStringList opTips = {
        tr("One whole key exchange, both parties, every pass."),
        tr("Party A's initialisation (kex_init_a)."),
        tr("Party B's initialisation (kex_init_b)."),
        tr("Each protocol pass on its own (pass1 ... passN of each instance); an instance with fewer passes "
           "reports the ones it does not have."),
        tr("Party A's shared-secret derivation (kex_derive_ss_a)."),
        tr("Party B's shared-secret derivation (kex_derive_ss_b)."),
    };
    for (int i = 0; i < opBoxes_.size(); ++i)
        opBoxes_[i]->setToolTip(opTips.value(i));
}

void RunPage::retranslatePlan()
{
    planBox_->setTitle(tr("Plan"));
    mode_->setItemText(0, tr("Fixed (harness plan)"));
    mode_->setItemText(1, tr("Adaptive (until precise)"));
    mode_->setToolTip(tr("Fixed follows the published harness plan so figures are comparable with it; adaptive adds "
                         "trials until the median is known to the chosen precision or the budget ends."));
    modeLabel_->setText(tr("&Mode:"));
    targetLabel_->setText(tr("Trial tar&get:"));
    budgetLabel_->setText(tr("&Budget per operation:"));
    trialsLabel_->setText(tr("Tr&ials:"));
    precisionLabel_->setText(tr("Precisio&n:"));
    target_->setSuffix(tr(" s"));
    budget_->setSuffix(tr(" s"));
    precision_->setSuffix(tr(" %"));
    target_->setToolTip(tr("Seconds of timed calls per trial (fixed default 0.5 s, adaptive default 0.2 s)."));
    budget_->setToolTip(tr("Upper bound on the time spent on one operation (fixed default 300 s, adaptive 60 s)."));
    trials_->setToolTip(tr("Trials per operation, each in its own runner process (fixed mode)."));
    precision_->setToolTip(tr("Adaptive mode stops when the 95% confidence interval over trials of the median of "
                              "trial medians is this wide, relative to it (at least 6 trials, each a fresh process)."));
    orderLabel_->setText(tr("Trial order:"));
    order_->setItemText(0, tr("Interleaved (seeded random rounds)"));
    order_->setItemText(1, tr("Harness (one operation after another)"));
    order_->setToolTip(tr("Interleaved runs one trial of every instance and operation per round, in a random order "
                          "kept in campaign.json, so a slow phase of the machine hits every row alike."));
    retriesLabel_->setText(tr("Dist&urbed retries:"));
    retries_->setToolTip(tr("How often a disturbed trial is run again: its speed probe was more than 3% slower than "
                            "the campaign's fastest, or it lost more than 1% of its wall time. Every attempt is kept "
                            "in the record."));
    warmupNote_->setText(tr("Warm-ups are set by the plan: 3 when one exchange takes under 50 ms, 1 under 5 s, "
                            "none above."));
}

void RunPage::retranslateMeasuring()
{
    measureBox_->setTitle(tr("Measuring"));
    cpuLabel_->setText(tr("Pin to CPU:"));
    systemLabelLabel_->setText(tr("S&ystem label:"));
    outLabel_->setText(tr("Output folder:"));
    cpu_->setSpecialValueText(tr("none"));
    cpu_->setToolTip(tr("Every runner child is pinned to this CPU (default: the last one), and the workbench keeps its "
                        "own threads off it while the campaign runs; none lets the scheduler move the children. On "
                        "other hosts the children are pinned only when you choose a CPU here."));
    systemLabel_->setPlaceholderText(QSysInfo::machineHostName());
    systemLabel_->setToolTip(tr("Names the system in the campaign (e.g. x86_1); default: the host name."));
    updateOutputTip();
    browse_->setText(tr("Browse…"));
    browse_->setToolTip(tr("Choose the campaign folder."));
    kat_->setText(tr("Check known-answer tests first"));
    kat_->setToolTip(tr("Runs each instance's KAT before timing and records the verdict; instances are timed "
                        "either way."));
    stack_->setText(tr("Measure stack depth"));
    stack_->setToolTip(tr("One extra child per operation measures its deepest stack use."));
}

QString RunPage::overallEndText() const
{
    switch (lastEnd_) {
    case CampaignEnd::Done:
        return tr("Overall: done");
    case CampaignEnd::Cancelled:
        return tr("Overall: cancelled");
    case CampaignEnd::Failed:
        return tr("Overall: failed");
    case CampaignEnd::None:
        break;
    }
    return tr("Overall");
}

void RunPage::fitBanner()
{
    // As tall as its warnings, up to about five lines; more scroll.
    const int most = fontMetrics().lineSpacing() * 5 + 24;
    const int width = bannerArea_->width() - bannerArea_->verticalScrollBar()->sizeHint().width();
    bannerArea_->setFixedHeight(std::min(banner_->heightForWidth(std::max(width, 100)), most));
}

void RunPage::fitWrappedLabels()
{
    // The nested column layouts do not pass height-for-width down: without a
    // minimum, a wrapped estimate got a line less than its text (issue 33).
    for (QLabel *label : {blocker_, estimate_})
        label->setMinimumHeight(label->text().isEmpty() ? 0 : label->heightForWidth(label->width()));
}

void RunPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (bannerArea_->isVisible())
        fitBanner();
    fitWrappedLabels();
}

void RunPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

QString RunPage::defaultOutputFolder() const
{
    return QDir(defaultOutputBase()).filePath(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")));
}

void RunPage::updateOutputTip()
{
    // The field is narrower than most paths: the tooltip shows all of it.
    QString tip = tr("Campaign folder: campaign.json, build.json, kat/ and records/. An existing folder "
                     "measured with the same plan resumes where it stopped.");
    if (!outDir_->text().isEmpty())
        tip += QStringLiteral("\n\n") + outDir_->text();
    outDir_->setToolTip(tip);
}

void RunPage::chooseOutputFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Campaign folder"), outDir_->text());
    if (dir.isEmpty())
        return;
    outDir_->setText(dir);
    autoOutDir_ = false;
}

void RunPage::onModeChanged()
{
    // Each mode keeps its own target and budget: the sensible values differ.
    const double target = target_->value(), budget = budget_->value();
    target_->setValue(otherTarget_);
    budget_->setValue(otherBudget_);
    otherTarget_ = target;
    otherBudget_ = budget;
    savePlanSettings();
    updateControls();
}

void RunPage::onOperationToggled()
{
    if (allOps_->isChecked())
        for (auto *box : std::as_const(opBoxes_))
            box->setChecked(true);
    updateControls();
}

bool RunPage::running() const { return session_->running(); }

QString RunPage::startBlocker() const
{
    if (running())
        return tr("A campaign is running.");
    if (workbench_->checkedLibraries().isEmpty())
        return workbench_->instances().isEmpty() && workbench_->busy()
                   ? tr("Looking for instance libraries…")
                   : tr("Check at least one instance in the Algorithms panel to start.");
    // Two checked libraries of one name would overwrite each other's evidence (core refuses them too).
    if (const QString clash = workbench_->checkedClash(); !clash.isEmpty())
        return clash;
    if (std::none_of(opBoxes_.begin(), opBoxes_.end(), [](const QCheckBox *b) { return b->isChecked(); }))
        return tr("Choose at least one operation to time.");
    if (outDir_->text().trimmed().isEmpty())
        return tr("Choose an output folder.");
    if (onOtherHosts()) {
        if (hosts().isEmpty())
            return tr("Add at least one host to run on other hosts.");
        if (const QString problem = hostBox_->hostProblem(); !problem.isEmpty())
            return problem;
        // A sharded campaign hands each host a share of the libraries, not of their variant labels.
        if (!workbench_->checkedVariants().empty())
            return tr("Libraries with a variant name are measured on this machine only: choose This machine, or "
                      "measure them under their own names.");
    }
    return {};
}

void RunPage::updateControls()
{
    const bool busy = running();
    const bool adaptive = mode_->currentData().toString() == QLatin1String("adaptive");
    for (auto *box : std::as_const(opBoxes_))
        box->setEnabled(!busy && !allOps_->isChecked());
    for (QWidget *w :
         {static_cast<QWidget *>(allOps_), static_cast<QWidget *>(mode_), static_cast<QWidget *>(target_),
          static_cast<QWidget *>(budget_), static_cast<QWidget *>(cpu_), static_cast<QWidget *>(systemLabel_),
          static_cast<QWidget *>(outDir_), static_cast<QWidget *>(browse_), static_cast<QWidget *>(kat_),
          static_cast<QWidget *>(stack_), static_cast<QWidget *>(order_), static_cast<QWidget *>(retries_)})
        w->setEnabled(!busy);
    trials_->setEnabled(!busy && !adaptive);
    precision_->setEnabled(!busy && adaptive);
    hostBox_->updateControls(busy);
    const QString blocker = startBlocker();
    startButton_->setEnabled(blocker.isEmpty());
    cancelButton_->setEnabled(busy);
    blocker_->setText(busy ? QString() : blocker);
    blocker_->setVisible(!blocker_->text().isEmpty());
    updateEstimate();
    fitWrappedLabels();
}

void RunPage::updateEstimate()
{
    if (!estimate_ || running()) {
        if (estimate_)
            estimate_->clear();
        return;
    }
    const CampaignOptions o = options();
    const DurationEstimate e = estimateDuration(o, workbench_->instances());
    if (e.records == 0) {
        estimate_->clear();
        return;
    }
    QString text =
        e.high_s > e.low_s
            ? tr("Estimated duration: %1 to %2 for %n record(s) (adaptive: until the precision or the budget).",
                 nullptr, e.records)
                  .arg(clockText(e.low_s), clockText(e.high_s))
            : tr("Estimated duration: about %1 for %n record(s) (before calibration: operations slower than "
                 "the trial target take longer).",
                 nullptr, e.records)
                  .arg(clockText(e.low_s));
    // The folder Start writes into: the generated one is named after the time of Start.
    const bool generated = autoOutDir_ && QDir::cleanPath(QFileInfo(outDir_->text()).absolutePath()) ==
                                              QDir::cleanPath(defaultOutputBase());
    text += QLatin1Char('\n') + (generated
                                     ? tr("Writes into a new folder named after the time of Start, under %1.")
                                           .arg(QDir::toNativeSeparators(defaultOutputBase()))
                                     : tr("Writes into %1.").arg(QDir::toNativeSeparators(outDir_->text().trimmed())));
    estimate_->setText(text);
    fitWrappedLabels();
}

CampaignOptions RunPage::options() const
{
    CampaignOptions o;
    for (const auto &lib : workbench_->checkedLibraries())
        o.libraries.push_back(lib.toStdString());
    o.variants = workbench_->checkedVariants(); // "NAME@variant" for a library given a variant name
    const bool all = allOps_->isChecked() ||
                     std::all_of(opBoxes_.begin(), opBoxes_.end(), [](const QCheckBox *b) { return b->isChecked(); });
    if (!all) {
        // One operation list serves every instance: "passes" expands to the
        // most passes any checked instance declares.
        unsigned long long passes = 0;
        for (const auto &entry : workbench_->instances())
            if (entry.checked)
                passes = std::max(passes, entry.info.caps.passes);
        for (const auto *box : opBoxes_) {
            if (!box->isChecked())
                continue;
            const std::string op = box->property("operation").toString().toStdString();
            if (op == "passes")
                for (unsigned long long k = 1; k <= passes; ++k)
                    o.operations.push_back("pass" + std::to_string(k));
            else
                o.operations.push_back(op);
        }
    }
    o.mode = mode_->currentData().toString().toStdString();
    if (o.mode == "adaptive") {
        o.adaptive.trial_target_s = target_->value();
        o.adaptive.budget_s = budget_->value();
        o.adaptive.precision = precision_->value() / 100.0;
    } else {
        o.planning.trial_target_s = target_->value();
        o.planning.op_budget_s = budget_->value();
        o.planning.trials = trials_->value();
    }
    if (cpu_->value() >= 0)
        o.cpu = cpu_->value();
    o.system_label = systemLabel_->text().trimmed().toStdString();
    o.out_dir = QDir::cleanPath(outDir_->text().trimmed()).toStdString();
    o.kat = kat_->isChecked();
    o.stack = stack_->isChecked();
    o.order = order_->currentData().toString().toStdString();
    o.retries = retries_->value();
    return o;
}

void RunPage::start()
{
    if (const QString why = startBlocker(); !why.isEmpty()) {
        log(tr("Cannot start: %1").arg(why));
        return;
    }
    // The generated folder is named now, after the time of Start, not after the previous run.
    // (Only a folder the page generated: one set by setText() from elsewhere is kept as given.)
    if (autoOutDir_ &&
        QDir::cleanPath(QFileInfo(outDir_->text()).absolutePath()) == QDir::cleanPath(defaultOutputBase()))
        outDir_->setText(defaultOutputFolder());
    const CampaignOptions opts = options();
    QString why;
    startLogSection();
    const bool hosted = onOtherHosts();
    const int count = static_cast<int>(opts.libraries.size());
    if (hosted)
        log(tr("Starting a campaign of %n instance(s) on %1 into %2", nullptr, count)
                .arg(hosts().join(QStringLiteral(", ")), QString::fromStdString(opts.out_dir)));
    else
        log(tr("Starting a campaign of %n instance(s) into %1", nullptr, count)
                .arg(QString::fromStdString(opts.out_dir)));
    const bool started = hosted ? session_->start(hostedOptions(), &why) : session_->start(opts, &why);
    if (!started) {
        log(tr("Cannot start: %1").arg(why));
        updateControls();
        return;
    }
    if (!hosted && opts.cpu)
        log(session_->keptOffCpu() == *opts.cpu
                ? tr("The runner children measure on CPU %1; the workbench keeps its own threads off it until the "
                     "campaign ends.")
                      .arg(*opts.cpu)
                : tr("The runner children measure on CPU %1; the workbench may use no other CPU, so its threads "
                     "share that one with them.")
                      .arg(*opts.cpu));
    warnings_.clear();
    warningsBeforeStart_ = false;
    setWarnings(warnings_, false);
    overall_->setValue(0);
    lastEnd_ = CampaignEnd::None;
    overallLabel_->setText(tr("Overall: starting…"));
    current_->setRange(0, 0);
    currentLabel_->setText(hosted ? tr("Connecting to the hosts and describing the instances…")
                                  : tr("Describing the host and the instances…"));
    currentEta_->clear();
    // Several hosts measure at once: a progress row each; the single current row is for this machine.
    hostedRun_ = hosted;
    resetHostProgress(hosted ? hosts() : QStringList{});
    hostProgress_->setVisible(hosted);
    current_->setVisible(!hosted);
    currentEta_->setVisible(!hosted);
    updateControls();
}

void RunPage::cancel()
{
    if (!running())
        return;
    session_->cancel();
    cancelButton_->setEnabled(false);
    log(tr("Cancelling: the running child is stopped; finished records are kept."));
}

void RunPage::startLogSection()
{
    // A campaign's lines start under a rule of their own, and the log follows
    // them even when the reader had scrolled back into the previous campaign.
    ++campaignsLogged_;
    followLog_ = true;
    const QString rule(8, QChar(0x2500));
    const QString title = QStringLiteral("%1 %2 %1").arg(rule, tr("Campaign %1").arg(campaignsLogged_));
    appendLogLine(log_->document()->isEmpty() ? title : QLatin1Char('\n') + title);
}

void RunPage::log(const QString &line)
{
    appendLogLine(QStringLiteral("[%1] %2").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss")), line));
}

void RunPage::appendLogLine(const QString &text)
{
    // Our own appends and scrolls move the bar too: only the user's moves decide following.
    // (The bar's signals cannot be blocked: the view scrolls through them.)
    const bool follow = followLog_;
    appendingLog_ = true;
    log_->appendPlainText(text);
    if (follow) {
        // Wrapped lines are laid out lazily, so the bar's maximum can be short of
        // the end: the cursor, put on the last line, is scrolled into view instead.
        log_->moveCursor(QTextCursor::End);
        log_->ensureCursorVisible();
    }
    appendingLog_ = false;
    followLog_ = follow;
}

void RunPage::onLogScrolled(int value)
{
    // Following stops while the user reads further up and resumes at the end.
    if (!appendingLog_)
        followLog_ = value >= log_->verticalScrollBar()->maximum();
}

void RunPage::setWarnings(const QStringList &warnings, bool beforeStart)
{
    warnings_ = warnings;
    warningsBeforeStart_ = beforeStart;
    // Before a start, the warnings are this machine's: they say nothing of other hosts.
    if (warnings.isEmpty() || (beforeStart && onOtherHosts())) {
        banner_->hide();
        bannerArea_->hide();
        return;
    }
    QString html = QStringLiteral("<b>%1</b><ul style=\"margin: 2px 0 0 -20px;\">")
                       .arg(beforeStart ? tr("This host makes timings noisy or not comparable:")
                                        : tr("Environment warnings for this campaign:"));
    for (const auto &w : warnings)
        html += QStringLiteral("<li>%1</li>").arg(shownWarning(w).toHtmlEscaped());
    html += QStringLiteral("</ul>");
    banner_->setText(html);
    banner_->show();
    bannerArea_->show();
    fitBanner();
}

void RunPage::probeEnvironment()
{
    // Reading /proc and /sys and opening the cycle counter take a moment; the
    // newest probe wins when the CPU is changed quickly.
    const int cpu = std::max(0, cpu_->value());
    auto *watcher = new QFutureWatcher<QStringList>(this);
    connect(watcher, &QFutureWatcher<QStringList>::finished, this, [this, watcher, cpu] {
        watcher->deleteLater();
        if (running() || !warningsBeforeStart_ || cpu != std::max(0, cpu_->value()))
            return;
        setWarnings(watcher->result(), true);
    });
    watcher->setFuture(runStartingProcesses([cpu] { return hostWarnings(cpu); }));
}

void RunPage::onUpdate(const CampaignUpdate &u)
{
    // Which host an event came from, in front of its log line (nothing for this machine).
    const QString from = u.host.isEmpty() ? QString() : QStringLiteral("[%1] ").arg(u.host);
    auto log = [this, &from](const QString &line) { RunPage::log(from + line); };
    if (hostedRun_) {
        showHostUpdate(u);
        if (!u.host.isEmpty() && u.kind != CampaignEvent::Started && u.kind != CampaignEvent::Finished)
            currentLabel_->setText(tr("Hosts at work:"));
    }
    // A cancelled campaign's bar stays where it stopped: never a 100 % that looks complete.
    const bool cancelledEnd = u.kind == CampaignEvent::Finished && u.message == QLatin1String("cancelled");
    if (!cancelledEnd) {
        overall_->setValue(static_cast<int>(u.fractionDone * kProgressSteps));
        overallLabel_->setText(
            tr("Overall: %1% — ETA %2").arg(static_cast<int>(u.fractionDone * 100)).arg(clockText(u.etaSeconds)));
    }
    switch (u.kind) {
    case CampaignEvent::Started:
        log(tr("Campaign started: %1").arg(coreText(u.message)));
        break;
    case CampaignEvent::Warning:
        log(tr("WARNING: %1").arg(coreText(u.message)));
        if (u.instance.isEmpty()) // host conditions go to the banner; instance ones stay in the log
            setWarnings(warnings_ + QStringList{from + u.message}, false);
        break;
    case CampaignEvent::InstanceStarted:
        currentInstance_ = u.instance;
        log(tr("Instance %1").arg(u.instance));
        currentLabel_->setText(tr("%1: checking and calibrating…").arg(u.instance));
        current_->setRange(0, 0);
        currentEta_->clear();
        break;
    case CampaignEvent::InstanceProblem:
        log(tr("PROBLEM: %1").arg(coreText(u.message)));
        break;
    case CampaignEvent::KatPassed: // a KAT that did not pass came as a Warning: "X: KAT NOKAT no KAT vectors supplied"
        log(QStringLiteral("  ") + coreText(u.message));
        break;
    case CampaignEvent::OperationStarted:
        currentOperation_ = u.operation;
        operationClock_.start();
        currentLabel_->setText(tr("%1 · %2").arg(u.instance, u.operation));
        current_->setRange(0, 0); // busy until the first trial says how many there are
        currentEta_->setText(tr("ETA --:--"));
        break;
    case CampaignEvent::TrialDone: {
        const double elapsed = operationClock_.isValid() ? operationClock_.elapsed() / 1000.0 : 0;
        if (!u.message.isEmpty()) // a disturbed attempt: it is retried or flagged, never silently kept
            log(tr("  %1 %2 trial %3: %4").arg(u.instance, u.operation).arg(u.trial).arg(coreText(u.message)));
        if (u.trials > 0) {
            current_->setRange(0, u.trials);
            current_->setValue(u.trial);
            currentLabel_->setText(
                tr("%1 · %2 — trial %3 of %4").arg(u.instance, u.operation).arg(u.trial).arg(u.trials));
            // Interleaved trials of other operations run in between: the campaign's ETA is the honest one.
            currentEta_->setText(tr("ETA %1").arg(clockText(u.etaSeconds)));
        } else {
            // Adaptive: the number of trials is not known in advance.
            current_->setRange(0, 0);
            currentLabel_->setText(tr("%1 · %2 — trial %3 (adaptive)").arg(u.instance, u.operation).arg(u.trial));
            currentEta_->setText(tr("Elapsed %1").arg(clockText(elapsed)));
        }
        break;
    }
    case CampaignEvent::RecordWritten: {
        QString line =
            u.recordStatus == QLatin1String("complete")
                ? tr("  %1 %2: %3")
                      .arg(u.instance, u.operation, u.recordSummary.isEmpty() ? u.recordStatus : u.recordSummary)
                : tr("  %1 %2: FAILED %3").arg(u.instance, u.operation, coreText(u.message));
        if (!u.replaces.isEmpty()) // written again by the end-of-campaign sweep: which line stands
            line += (coreLanguage() == Language::zh_CN ? QStringLiteral("；") : QStringLiteral("; ")) +
                    coreText(u.replaces);
        log(line);
        current_->setRange(0, 1);
        current_->setValue(1);
        break;
    }
    case CampaignEvent::RecordResumed:
        log(tr("  %1: resumed (record already complete)").arg(u.operation));
        break;
    case CampaignEvent::Finished:
        break; // onFinished has the summary
    }
}

void RunPage::onFinished(const CampaignOutcome &o)
{
    if (!o.ok) {
        log(tr("The campaign could not run: %1").arg(coreText(o.error)));
    } else {
        log(tr("%1: %2 record(s) written, %3 resumed, %4 failed; campaign in %5")
                .arg(o.cancelled ? tr("Cancelled") : tr("Finished"))
                .arg(o.recordsWritten)
                .arg(o.recordsResumed)
                .arg(o.recordsFailed)
                .arg(o.outDir));
    }
    for (const auto &share : o.hostShares) {
        if (share.dropped.isEmpty())
            log(tr("  %1: %n instance(s) in %2", nullptr, share.instances)
                    .arg(share.host, clockText(share.wallSeconds)));
        else
            log(tr("  %1 dropped out after %n instance(s): %2", nullptr, share.instances)
                    .arg(share.host, coreText(share.dropped)));
    }
    // Cancelled: where it stopped, and short of 100 % even when only the last step was left.
    overall_->setValue(o.ok && !o.cancelled ? kProgressSteps
                       : o.cancelled        ? std::min(overall_->value(), kProgressSteps - 1)
                                            : overall_->value());
    lastEnd_ = o.cancelled ? CampaignEnd::Cancelled : o.ok ? CampaignEnd::Done : CampaignEnd::Failed;
    overallLabel_->setText(overallEndText());
    current_->setRange(0, 1);
    current_->setValue(o.ok && !o.cancelled ? 1 : 0);
    currentLabel_->setText(hostedRun_ ? tr("Hosts") : tr("Current operation"));
    currentEta_->clear();
    if (hostedRun_) // the rows stay for a last look; their bars stop
        for (const HostRow &row : std::as_const(hostRows_)) {
            row.bar->setRange(0, 1);
            row.bar->setValue(o.ok && !o.cancelled ? 1 : 0);
            row.status->setText(o.cancelled ? tr("cancelled") : o.ok ? tr("done") : tr("failed"));
        }
    for (const auto &share : o.hostShares)
        if (!share.dropped.isEmpty() && hostRows_.contains(share.host))
            hostRows_[share.host].status->setText(tr("dropped out: %1").arg(coreText(share.dropped)));
    if (autoOutDir_) // the next campaign gets a folder of its own
        outDir_->setText(defaultOutputFolder());
    updateControls();
}

} // namespace kexbench::ui
