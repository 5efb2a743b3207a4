// SPDX-License-Identifier: GPL-3.0-or-later
// "Add submission folder…": builds a submission folder (official ICCS template
// layout) into lib<instance>.so and its profiled/ variant with core's builder
// in a worker thread, shows the build log, and on success lists the new
// instance in the Workbench (described in a runner child like any library).
//
// core's builder reports each command line as it starts (BuildOptions::
// on_command): those lines reach the log live through queued calls. The
// compilers' own output is captured per step, so it is shown when the build
// ends: the whole build log (every command and its output) replaces the live
// lines then, on success and on failure alike.
#pragma once

#include "core/builder.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QString>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace kexbench::ui {

class Workbench;

class SubmissionDialog : public QDialog {
    Q_OBJECT
public:
    explicit SubmissionDialog(Workbench *workbench, QWidget *parent = nullptr);
    ~SubmissionDialog() override; // waits for a build in flight

    // <AppDataLocation>/instances: where built libraries go unless the user picks another folder.
    static QString defaultOutputDir();

    void setSourceDir(const QString &dir);
    QString sourceDir() const;
    void setOutputDir(const QString &dir);
    QString outputDir() const;
    // Shows a QMessageBox (window-modal, not blocking) with the reason of a failed build; on by default.
    void setShowFailureBox(bool on) { showFailureBox_ = on; }

    // The worker API: builds sourceDir() into outputDir() in a worker thread;
    // false (and nothing started) when a build runs or a folder is missing.
    bool startBuild();
    bool running() const;
    // Of the last finished build.
    bool succeeded() const { return succeeded_; }
    QString instance() const { return instance_; }
    QString library() const { return library_; }
    QString error() const { return error_; }
    QString logText() const;

signals:
    void logLine(const QString &line);   // one command line as it starts (GUI thread)
    void buildFinished(bool ok);         // the log shows the whole build; the instance is being described

protected:
    void changeEvent(QEvent *event) override;
    void reject() override; // not while a build runs

private:
    void retranslateUi();
    void browseSource();
    void browseOutput();
    void onFinished();
    void updateState();

    Workbench *workbench_;
    QFutureWatcher<BuildOutcome> *watcher_;
    bool showFailureBox_ = true;
    bool succeeded_ = false;
    QString instance_, library_, error_;

    QLabel *intro_;
    QLabel *sourceLabel_;
    QLineEdit *sourceEdit_;
    QPushButton *sourceBrowse_;
    QLabel *outputLabel_;
    QLineEdit *outputEdit_;
    QPushButton *outputBrowse_;
    QLabel *statusLabel_;
    QPlainTextEdit *log_;
    QDialogButtonBox *buttons_;
    QPushButton *buildButton_;
};

} // namespace kexbench::ui
