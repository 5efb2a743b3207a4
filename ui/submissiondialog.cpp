// SPDX-License-Identifier: GPL-3.0-or-later
#include "submissiondialog.h"

#include "workbench.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace kexbench::ui {

SubmissionDialog::SubmissionDialog(Workbench *workbench, QWidget *parent)
    : QDialog(parent), workbench_(workbench), watcher_(new QFutureWatcher<BuildOutcome>(this))
{
    intro_ = new QLabel(this);
    intro_->setWordWrap(true);
    sourceLabel_ = new QLabel(this);
    sourceEdit_ = new QLineEdit(this);
    sourceLabel_->setBuddy(sourceEdit_);
    sourceBrowse_ = new QPushButton(this);
    outputLabel_ = new QLabel(this);
    outputEdit_ = new QLineEdit(defaultOutputDir(), this);
    outputLabel_->setBuddy(outputEdit_);
    outputBrowse_ = new QPushButton(this);
    statusLabel_ = new QLabel(this);
    statusLabel_->setWordWrap(true);
    statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    log_ = new QPlainTextEdit(this);
    log_->setReadOnly(true);
    log_->setLineWrapMode(QPlainTextEdit::NoWrap);
    log_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    log_->setMinimumSize(640, 300);
    buttons_ = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buildButton_ = buttons_->addButton(QString(), QDialogButtonBox::ActionRole);
    buildButton_->setDefault(true);

    auto *grid = new QGridLayout;
    grid->addWidget(sourceLabel_, 0, 0);
    grid->addWidget(sourceEdit_, 0, 1);
    grid->addWidget(sourceBrowse_, 0, 2);
    grid->addWidget(outputLabel_, 1, 0);
    grid->addWidget(outputEdit_, 1, 1);
    grid->addWidget(outputBrowse_, 1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro_);
    layout->addLayout(grid);
    layout->addWidget(log_, 1);
    layout->addWidget(statusLabel_);
    layout->addWidget(buttons_);

    connect(sourceBrowse_, &QPushButton::clicked, this, &SubmissionDialog::browseSource);
    connect(outputBrowse_, &QPushButton::clicked, this, &SubmissionDialog::browseOutput);
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
    resize(820, 520);
}

SubmissionDialog::~SubmissionDialog()
{
    // The worker posts to this object: it must not outlive it.
    watcher_->disconnect(this);
    watcher_->waitForFinished();
}

QString SubmissionDialog::defaultOutputDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/instances");
}

void SubmissionDialog::setSourceDir(const QString &dir) { sourceEdit_->setText(dir); }
QString SubmissionDialog::sourceDir() const { return sourceEdit_->text().trimmed(); }
void SubmissionDialog::setOutputDir(const QString &dir) { outputEdit_->setText(dir); }
QString SubmissionDialog::outputDir() const { return outputEdit_->text().trimmed(); }
bool SubmissionDialog::running() const { return watcher_->isRunning(); }
QString SubmissionDialog::logText() const { return log_->toPlainText(); }

void SubmissionDialog::retranslateUi()
{
    setWindowTitle(tr("Add submission folder"));
    intro_->setText(tr("Builds a submission folder in the official ICCS template layout into an instance "
                       "library (and a profiled variant for the Symmetric primitives) with the system compiler. "
                       "Nothing in the folder is run: no Makefile, script or binary."));
    sourceLabel_->setText(tr("&Submission folder:"));
    sourceBrowse_->setText(tr("Browse…"));
    outputLabel_->setText(tr("&Output folder:"));
    outputEdit_->setToolTip(tr("lib<instance>.so goes here, the profiled variant into its profiled/ folder."));
    outputBrowse_->setText(tr("Browse…"));
    buildButton_->setText(tr("&Build"));
    log_->setPlaceholderText(tr("The compiler command lines appear here as the build runs; the whole build log, "
                                "with the compiler output, when it ends."));
    updateState();
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

void SubmissionDialog::updateState()
{
    const bool busy = running();
    buildButton_->setEnabled(!busy && !sourceDir().isEmpty() && !outputDir().isEmpty());
    for (QWidget *w : {static_cast<QWidget *>(sourceEdit_), static_cast<QWidget *>(sourceBrowse_),
                       static_cast<QWidget *>(outputEdit_), static_cast<QWidget *>(outputBrowse_)})
        w->setEnabled(!busy);
    if (QPushButton *close = buttons_->button(QDialogButtonBox::Close))
        close->setEnabled(!busy);
    if (busy)
        statusLabel_->setText(tr("Building %1…").arg(QDir::toNativeSeparators(sourceDir())));
}

bool SubmissionDialog::startBuild()
{
    if (running() || sourceDir().isEmpty() || outputDir().isEmpty())
        return false;
    if (!QFileInfo(sourceDir()).isDir()) {
        error_ = tr("%1 is not a folder.").arg(sourceDir());
        succeeded_ = false;
        statusLabel_->setText(error_);
        return false;
    }
    succeeded_ = false;
    instance_.clear();
    library_.clear();
    error_.clear();
    log_->clear();

    BuildOptions options;
    options.source_dir = QDir::cleanPath(sourceDir()).toStdString();
    options.out_dir = QDir::cleanPath(outputDir()).toStdString();
    // Runs in the worker: each line reaches the GUI thread as a queued call
    // (the destructor waits for the worker, so `this` outlives it).
    options.on_command = [this](const std::string &line) {
        QMetaObject::invokeMethod(
            this, [this, text = QString::fromStdString(line)] { emit logLine(text); }, Qt::QueuedConnection);
    };
    watcher_->setFuture(QtConcurrent::run([options] { return build_instance(options); }));
    updateState();
    return true;
}

void SubmissionDialog::onFinished()
{
    const BuildOutcome outcome = watcher_->result();
    succeeded_ = outcome.ok;
    instance_ = QString::fromStdString(outcome.instance);
    library_ = QString::fromStdString(outcome.library);
    error_ = QString::fromStdString(outcome.error);

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
    if (outcome.ok) {
        tail << tr("Built %1: %2").arg(instance_, library_);
        if (!outcome.profiled_library.empty())
            tail << tr("Profiled variant: %1").arg(QString::fromStdString(outcome.profiled_library));
        for (const auto &l : outcome.left_out)
            tail << tr("Left out: %1").arg(QString::fromStdString(l));
        for (const auto &n : outcome.notes)
            tail << tr("Note: %1").arg(QString::fromStdString(n));
    } else {
        tail << tr("Build failed: %1").arg(error_);
    }
    if (!outcome.log_file.empty())
        tail << tr("Build log: %1").arg(QString::fromStdString(outcome.log_file));
    log_->setPlainText(text.trimmed() + QStringLiteral("\n\n") + tail.join(QLatin1Char('\n')));
    log_->verticalScrollBar()->setValue(log_->verticalScrollBar()->maximum());

    updateState();
    if (outcome.ok) {
        statusLabel_->setText(tr("Built %1; it is being described and will appear in the Algorithms dock.")
                                  .arg(instance_));
        if (workbench_)
            workbench_->addInstanceLibrary(library_);
    } else {
        statusLabel_->setText(tr("Build failed: %1").arg(error_));
        if (showFailureBox_) {
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Build failed"), error_, QMessageBox::Ok, this);
            box->setInformativeText(tr("The log keeps the compiler output."));
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
    }
    emit buildFinished(outcome.ok);
}

} // namespace kexbench::ui
