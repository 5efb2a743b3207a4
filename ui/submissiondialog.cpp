// SPDX-License-Identifier: GPL-3.0-or-later
#include "submissiondialog.h"

#include "datahome.h"
#include "models/background.h"
#include "workbench.h"

#include "core/base/untrusted.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTextCursor>
#include <QVBoxLayout>

namespace kexbench::ui {

namespace {

const char *const kProfiles[] = {"guide", "harness-default", "kexbench"};

// A profile's C flags in short: the four -Wno-error=... of the permissive set
// are named as a set by the tooltip instead of spelt out.
QString shortFlags(const char *profile)
{
    QStringList words;
    for (const auto &f : profile_flags(profile, /*cxx=*/false))
        if (f.rfind("-Wno-error=", 0) != 0)
            words << QString::fromStdString(f);
    return words.join(QLatin1Char(' '));
}

// Readable on light and dark palettes alike.
QColor toneColour(const QPalette &palette, bool error)
{
    const bool dark = palette.color(QPalette::Window).lightness() < 128;
    if (error)
        return dark ? QColor(255, 120, 110) : QColor(180, 20, 20);
    return dark ? QColor(255, 180, 80) : QColor(150, 80, 0);
}

QString indented(const std::string &text)
{
    QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    for (QString &l : lines)
        l.prepend(QStringLiteral("    "));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

SubmissionDialog::SubmissionDialog(Workbench *workbench, QWidget *parent)
    : QDialog(parent), workbench_(workbench), watcher_(new QFutureWatcher<BuildOutcome>(this))
{
    intro_ = new QLabel(this);
    intro_->setWordWrap(true);
    sourceLabel_ = new QLabel(this);
    sourceEdit_ = new QLineEdit(this);
    sourceLabel_->setBuddy(sourceEdit_);
    sourceBrowse_ = new QPushButton(this);
    sourceBrowse_->setObjectName(QStringLiteral("sourceBrowse"));
    outputLabel_ = new QLabel(this);
    outputEdit_ = new QLineEdit(defaultOutputDir(), this);
    outputLabel_->setBuddy(outputEdit_);
    outputBrowse_ = new QPushButton(this);
    candidateLabel_ = new QLabel(this);
    candidateEdit_ = new QLineEdit(this);
    candidateEdit_->setObjectName(QStringLiteral("candidateEdit"));
    candidateLabel_->setBuddy(candidateEdit_);
    candidateProblem_ = new QLabel(this);
    candidateProblem_->setObjectName(QStringLiteral("candidateProblem"));
    candidateProblem_->setWordWrap(true);
    candidateProblem_->setTextFormat(Qt::PlainText); // it quotes what was typed
    candidateProblem_->hide();
    {
        QPalette p = candidateProblem_->palette();
        p.setColor(QPalette::WindowText, toneColour(p, /*error=*/true));
        candidateProblem_->setPalette(p);
    }
    flagsLabel_ = new QLabel(this);
    flagsCombo_ = new QComboBox(this);
    flagsCombo_->setObjectName(QStringLiteral("flagsCombo"));
    flagsLabel_->setBuddy(flagsCombo_);
    for (const char *profile : kProfiles)
        flagsCombo_->addItem(QString::fromLatin1(profile), QString::fromLatin1(profile));
    manifestLabel_ = new QLabel(this);
    manifestEdit_ = new QLineEdit(this);
    manifestEdit_->setObjectName(QStringLiteral("manifestEdit"));
    manifestLabel_->setBuddy(manifestEdit_);
    manifestBrowse_ = new QPushButton(this);
    statusIcon_ = new QLabel(this);
    statusIcon_->setObjectName(QStringLiteral("statusIcon"));
    statusIcon_->hide();
    statusLabel_ = new QLabel(this);
    statusLabel_->setObjectName(QStringLiteral("statusLabel"));
    statusLabel_->setWordWrap(true);
    statusLabel_->setTextFormat(Qt::PlainText); // paths and KAT messages, never markup
    statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    log_ = new QPlainTextEdit(this);
    log_->setReadOnly(true);
    log_->setLineWrapMode(QPlainTextEdit::NoWrap);
    log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Room for a five-line status (a KAT mismatch with its paths) in the default size.
    log_->setMinimumSize(640, 200);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buildButton_ = buttons_->addButton(QString(), QDialogButtonBox::ActionRole);
    buildButton_->setObjectName(QStringLiteral("buildButton"));
    buildButton_->setDefault(true);

    auto *grid = new QGridLayout;
    grid->addWidget(sourceLabel_, 0, 0);
    grid->addWidget(sourceEdit_, 0, 1);
    grid->addWidget(sourceBrowse_, 0, 2);
    grid->addWidget(outputLabel_, 1, 0);
    grid->addWidget(outputEdit_, 1, 1);
    grid->addWidget(outputBrowse_, 1, 2);
    // Candidate id and flag profile share a row: both are short.
    auto *identity = new QHBoxLayout;
    identity->addWidget(candidateEdit_, 1);
    identity->addSpacing(12);
    identity->addWidget(flagsLabel_);
    identity->addWidget(flagsCombo_);
    grid->addWidget(candidateLabel_, 2, 0);
    grid->addLayout(identity, 2, 1, 1, 2);
    grid->addWidget(candidateProblem_, 3, 1, 1, 2);
    grid->addWidget(manifestLabel_, 4, 0);
    grid->addWidget(manifestEdit_, 4, 1);
    grid->addWidget(manifestBrowse_, 4, 2);
    auto *status = new QHBoxLayout;
    status->addWidget(statusIcon_, 0, Qt::AlignTop);
    status->addWidget(statusLabel_, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro_);
    layout->addLayout(grid);
    layout->addWidget(log_, 1);
    layout->addLayout(status);
    layout->addWidget(buttons_);

    connect(sourceBrowse_, &QPushButton::clicked, this, &SubmissionDialog::browseSource);
    connect(outputBrowse_, &QPushButton::clicked, this, &SubmissionDialog::browseOutput);
    connect(manifestBrowse_, &QPushButton::clicked, this, &SubmissionDialog::browseManifest);
    connect(candidateEdit_, &QLineEdit::textChanged, this, &SubmissionDialog::updateState);
    // The closed combo shows the chosen profile's flags too, not only the popup's entries.
    connect(flagsCombo_, &QComboBox::currentIndexChanged, this,
            [this] { flagsCombo_->setToolTip(flagsCombo_->currentData(Qt::ToolTipRole).toString()); });
    connect(buildButton_, &QPushButton::clicked, this, [this] { startBuild(); });
    connect(buttons_, &QDialogButtonBox::rejected, this, &SubmissionDialog::reject);
    connect(sourceEdit_, &QLineEdit::textChanged, this, &SubmissionDialog::updateState);
    connect(outputEdit_, &QLineEdit::textChanged, this, &SubmissionDialog::updateState);
    connect(watcher_, &QFutureWatcher<BuildOutcome>::finished, this, &SubmissionDialog::onFinished);
    connect(this, &SubmissionDialog::logLine, this, [this](const QString &line) {
        log_->appendPlainText(QStringLiteral("$ ") + line);
        log_->verticalScrollBar()->setValue(log_->verticalScrollBar()->maximum());
    });

    retranslateUi();
    resize(820, 580);
}

SubmissionDialog::~SubmissionDialog()
{
    // The worker posts to this object: it must not outlive it.
    watcher_->disconnect(this);
    watcher_->waitForFinished();
}

QString SubmissionDialog::defaultOutputDir() { return dataHomePath(QStringLiteral("instances")); }

void SubmissionDialog::setSourceDir(const QString &dir) { sourceEdit_->setText(dir); }
QString SubmissionDialog::sourceDir() const { return sourceEdit_->text().trimmed(); }
void SubmissionDialog::setOutputDir(const QString &dir) { outputEdit_->setText(dir); }
QString SubmissionDialog::outputDir() const { return outputEdit_->text().trimmed(); }
bool SubmissionDialog::running() const { return watcher_->isRunning(); }
QString SubmissionDialog::logText() const { return log_->toPlainText(); }
QString SubmissionDialog::statusText() const { return statusLabel_->text(); }
void SubmissionDialog::setCandidate(const QString &id) { candidateEdit_->setText(id); }
QString SubmissionDialog::candidate() const { return candidateEdit_->text().trimmed(); }
void SubmissionDialog::setManifest(const QString &file) { manifestEdit_->setText(file); }
QString SubmissionDialog::manifest() const { return manifestEdit_->text().trimmed(); }
QString SubmissionDialog::flagsProfile() const { return flagsCombo_->currentData().toString(); }

void SubmissionDialog::setFlagsProfile(const QString &profile)
{
    if (const int index = flagsCombo_->findData(profile); index >= 0)
        flagsCombo_->setCurrentIndex(index);
}

// The one name rule of core: the id becomes a folder name (records/<candidate>/...).
QString SubmissionDialog::candidateProblem() const
{
    if (candidate().isEmpty())
        return {};
    return QString::fromStdString(name_problem(candidate().toStdString(), "candidate id"));
}

void SubmissionDialog::retranslateUi()
{
    setWindowTitle(tr("Add submission folder"));
    intro_->setText(tr("Builds a submission as it is shipped (sources in nested folders such as src/common and "
                       "src/ref, headers included by bare name) into an instance library and a profiled variant for "
                       "the Symmetric primitives, with the system compiler, and checks it against its KAT (the "
                       "Test_Vectors file beside it, or a manifest). Pick one implementation's folder, e.g. "
                       "Reference_Implementation/<instance>. Nothing in the folder is run: no Makefile, script or "
                       "binary."));
    sourceLabel_->setText(tr("&Submission folder:"));
    sourceBrowse_->setText(tr("Browse…"));
    outputLabel_->setText(tr("&Output folder:"));
    outputEdit_->setToolTip(tr("lib<instance>.so goes here, the profiled variant into its profiled/ folder."));
    outputBrowse_->setText(tr("Browse…"));
    candidateLabel_->setText(tr("&Candidate id:"));
    candidateEdit_->setPlaceholderText(tr("optional, e.g. kex-09"));
    candidateEdit_->setToolTip(tr("The id campaigns file the library under (records/<id>/…, KAT log, accounting "
                                  "lookup), so a rebuilt submission lines up with published data. Empty: derived "
                                  "from the family."));
    flagsLabel_->setText(tr("&Flags:"));
    fillFlagsCombo();
    manifestLabel_->setText(tr("&KAT manifest:"));
    manifestEdit_->setPlaceholderText(
        tr("optional: the submission's own Test_Vectors KAT file is found automatically"));
    manifestEdit_->setToolTip(tr("A kat.sha256 manifest to check the build against instead of the KAT file "
                                 "beside the folder."));
    manifestBrowse_->setText(tr("Browse…"));
    buildButton_->setText(tr("&Build"));
    log_->setPlaceholderText(tr("The compiler command lines appear here as the build runs; the whole build log, "
                                "with the compiler output, when it ends."));
    updateState();
}

// Item texts are the profile names (what build.json records); the tooltips give each profile's flags in short.
void SubmissionDialog::fillFlagsCombo()
{
    const QString permissive = tr("with the permissive -Wno-error=… set");
    flagsCombo_->setItemText(0, tr("guide (default)"));
    flagsCombo_->setItemData(0,
                             tr("The guide's reference flags: %1, %2. A build whose KAT fails is rebuilt with "
                                "harness-default, as the harness does. Flags named by the folder's "
                                "kexbench-instance.json win.")
                                 .arg(shortFlags("guide"), permissive),
                             Qt::ToolTipRole);
    flagsCombo_->setItemData(1,
                             tr("The harness's fallback flags: %1, %2. Kept even when the KAT fails.")
                                 .arg(shortFlags("harness-default"), permissive),
                             Qt::ToolTipRole);
    flagsCombo_->setItemData(2,
                             tr("The flags of kexbench's own instances: %1, %2. Kept even when the KAT fails.")
                                 .arg(shortFlags("kexbench"), permissive),
                             Qt::ToolTipRole);
    flagsCombo_->setToolTip(flagsCombo_->currentData(Qt::ToolTipRole).toString());
}

void SubmissionDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void SubmissionDialog::reject()
{
    if (!running())
        QDialog::reject();
}

void SubmissionDialog::browseSource()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Submission folder"), sourceDir());
    if (!dir.isEmpty())
        setSourceDir(dir);
}

void SubmissionDialog::browseOutput()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Output folder"), outputDir());
    if (!dir.isEmpty())
        setOutputDir(dir);
}

void SubmissionDialog::browseManifest()
{
    const QString start = manifest().isEmpty() ? sourceDir() : QFileInfo(manifest()).absolutePath();
    const QString file =
        QFileDialog::getOpenFileName(this, tr("KAT manifest"), start, tr("KAT manifests (*.sha256);;All files (*)"));
    if (!file.isEmpty())
        setManifest(file);
}

void SubmissionDialog::updateState()
{
    const bool busy = running();
    const QString problem = candidateProblem();
    candidateProblem_->setText(problem);
    candidateProblem_->setVisible(!problem.isEmpty());
    buildButton_->setEnabled(!busy && !sourceDir().isEmpty() && !outputDir().isEmpty() && problem.isEmpty());
    for (QWidget *w : std::initializer_list<QWidget *>{sourceEdit_, sourceBrowse_, outputEdit_, outputBrowse_,
                                                       candidateEdit_, flagsCombo_, manifestEdit_, manifestBrowse_})
        w->setEnabled(!busy);
    if (QPushButton *close = buttons_->button(QDialogButtonBox::Close))
        close->setEnabled(!busy);
    if (busy)
        setStatus(tr("Building %1…").arg(QDir::toNativeSeparators(sourceDir())), Tone::Normal);
}

// The status line's text, with a warning or error icon and colour for an outcome that needs attention.
void SubmissionDialog::setStatus(const QString &text, Tone tone)
{
    statusLabel_->setText(text);
    QPalette palette; // nothing set: the label inherits the dialog's colours
    if (tone != Tone::Normal)
        palette.setColor(QPalette::WindowText, toneColour(this->palette(), tone == Tone::Error));
    statusLabel_->setPalette(palette);
    if (tone == Tone::Normal) {
        statusIcon_->hide();
        return;
    }
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    const QIcon icon =
        style()->standardIcon(tone == Tone::Error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning);
    statusIcon_->setPixmap(icon.pixmap(size, size));
    statusIcon_->show();
}

// The fields as the CLI's options: an empty field is an option not given, and
// "guide" is the default, so the builder keeps its harness-default rebuild.
BuildOptions SubmissionDialog::buildOptions() const
{
    BuildOptions options;
    options.source_dir = QDir::cleanPath(sourceDir()).toStdString();
    options.out_dir = QDir::cleanPath(outputDir()).toStdString();
    if (!candidate().isEmpty())
        options.command_line.candidate = candidate().toStdString();
    if (flagsProfile() != QLatin1String("guide"))
        options.command_line.flags = flagsProfile().toStdString();
    if (!manifest().isEmpty())
        options.command_line.manifest = QFileInfo(manifest()).absoluteFilePath().toStdString();
    return options;
}

bool SubmissionDialog::startBuild()
{
    if (running() || sourceDir().isEmpty() || outputDir().isEmpty() || !candidateProblem().isEmpty())
        return false;
    QString refusal;
    if (!QFileInfo(sourceDir()).isDir())
        refusal = tr("%1 is not a folder.").arg(sourceDir());
    else if (!manifest().isEmpty() && !QFileInfo(manifest()).isFile())
        refusal = tr("The KAT manifest %1 is not a file.").arg(manifest());
    if (!refusal.isEmpty()) {
        error_ = refusal;
        succeeded_ = false;
        setStatus(error_, Tone::Error);
        return false;
    }
    succeeded_ = false;
    katFailed_ = false;
    instance_.clear();
    library_.clear();
    error_.clear();
    katStatus_.clear();
    log_->clear();

    BuildOptions options = buildOptions();
    // Runs in the worker: each line reaches the GUI thread as a queued call
    // (the destructor waits for the worker, so `this` outlives it).
    options.on_command = [this](const std::string &line) {
        QMetaObject::invokeMethod(
            this, [this, text = QString::fromStdString(line)] { emit logLine(text); }, Qt::QueuedConnection);
    };
    watcher_->setFuture(runStartingProcesses([options] { return build_instance(options); }));
    updateState();
    return true;
}

// The outcome is at the end of the log. The status line has just grown to
// several lines, which shrinks the log: lay the dialog out first, or the end
// would sit just below the visible part.
void SubmissionDialog::showLogEnd()
{
    if (layout())
        layout()->activate();
    log_->moveCursor(QTextCursor::End);
    log_->ensureCursorVisible();
}

// What `kexbench-cli build-instance` prints after a build, for the end of the log.
QStringList SubmissionDialog::outcomeLines(const BuildOutcome &outcome) const
{
    QStringList lines;
    lines << tr("Built %1: %2").arg(instance_, library_);
    if (!outcome.profiled_library.empty())
        lines << tr("Profiled variant: %1").arg(QString::fromStdString(outcome.profiled_library));
    lines << (outcome.candidate.empty() ? tr("Candidate: none given (campaigns derive one from the family)")
                                        : tr("Candidate: %1").arg(QString::fromStdString(outcome.candidate)));
    lines << tr("Flags: %1 (%2), %3")
                 .arg(QString::fromStdString(outcome.flags), QString::fromStdString(outcome.build_flags),
                      QString::fromStdString(outcome.compiler));
    if (!outcome.guide_result.empty())
        lines << tr("Guide build: %1, replaced by the harness-default build")
                     .arg(QString::fromStdString(outcome.guide_result));
    lines << tr("KAT: %1").arg(katStatus_);
    if (!outcome.kat_log.empty())
        lines << tr("KAT log: %1").arg(QString::fromStdString(outcome.kat_log));
    if (outcome.kat_failed)
        lines << tr("The KAT did not pass: the library is kept and added to the Workbench; campaigns mark its "
                    "results.");
    for (const auto &l : outcome.left_out)
        lines << tr("Left out: %1").arg(QString::fromStdString(l));
    for (const auto &n : outcome.notes)
        lines << tr("Note: %1").arg(QString::fromStdString(n));
    lines << tr("Resolved recipe: %1 (to change the build, save an edited copy as kexbench-instance.json in the "
                "submission folder):")
                 .arg(QString::fromStdString(outcome.recipe_file));
    lines << indented(outcome.recipe_text);
    lines << tr("Build record: %1").arg(QString::fromStdString(outcome.build_info_file));
    return lines;
}

// The status line after a build that produced a library: the verdict first, then the identity and the recipe.
QString SubmissionDialog::outcomeStatus(const BuildOutcome &outcome) const
{
    QStringList lines;
    lines << (outcome.kat_failed
                  ? tr("Built %1, but its KAT did not pass. It is added to the Algorithms dock "
                       "anyway; campaigns mark its results.")
                        .arg(instance_)
                  : tr("Built %1; it is being described and will appear in the Algorithms dock.").arg(instance_));
    const QString candidate = outcome.candidate.empty() ? tr("none given") : QString::fromStdString(outcome.candidate);
    const QString flags = QString::fromStdString(outcome.flags);
    lines << (outcome.guide_result.empty()
                  ? tr("Candidate: %1 · flags: %2").arg(candidate, flags)
                  : tr("Candidate: %1 · flags: %2 (guide build: %3, replaced by the harness-default build)")
                        .arg(candidate, flags, QString::fromStdString(outcome.guide_result)));
    lines << tr("KAT: %1").arg(katStatus_);
    lines << tr("Resolved recipe: %1").arg(QString::fromStdString(outcome.recipe_file));
    return lines.join(QLatin1Char('\n'));
}

void SubmissionDialog::onFinished()
{
    const BuildOutcome outcome = watcher_->result();
    succeeded_ = outcome.ok;
    katFailed_ = outcome.ok && outcome.kat_failed;
    instance_ = QString::fromStdString(outcome.instance);
    library_ = QString::fromStdString(outcome.library);
    error_ = QString::fromStdString(outcome.error);
    katStatus_ = QString::fromStdString(outcome.kat);

    // The build log holds every command with its output; without it, what the outcome carries.
    QString text;
    if (!outcome.log_file.empty()) {
        QFile file(QString::fromStdString(outcome.log_file));
        if (file.open(QIODevice::ReadOnly))
            text = QString::fromUtf8(file.readAll());
    }
    if (text.isEmpty())
        text = log_->toPlainText() + QLatin1Char('\n') + QString::fromStdString(outcome.tool_output);
    QStringList tail;
    if (outcome.ok)
        tail = outcomeLines(outcome);
    else
        tail << tr("Build failed: %1").arg(error_);
    if (!outcome.log_file.empty())
        tail << tr("Build log: %1").arg(QString::fromStdString(outcome.log_file));
    log_->setPlainText(text.trimmed() + QStringLiteral("\n\n") + tail.join(QLatin1Char('\n')));

    updateState();
    if (outcome.ok) {
        // A library whose KAT failed is added too: campaigns mark it, and the user may still want to look at it.
        setStatus(outcomeStatus(outcome), katFailed_ ? Tone::Warning : Tone::Normal);
        if (workbench_)
            workbench_->addInstanceLibrary(library_);
    } else {
        setStatus(tr("Build failed: %1").arg(error_), Tone::Error);
        if (showFailureBox_) {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Build failed"), error_, QMessageBox::Ok, this);
            box->setInformativeText(tr("The log keeps the compiler output."));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    }
    showLogEnd();
    emit buildFinished(outcome.ok);
}

} // namespace kexbench::ui
