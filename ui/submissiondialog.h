// SPDX-License-Identifier: GPL-3.0-or-later
// "Add submission folder…": builds a submission folder as it is shipped
// (nested sources, headers by bare name, the KAT file of its Test_Vectors
// folder) into lib<instance>.so and its profiled/ variant with core's builder
// in a worker thread, shows the build log, and on success lists the new
// instance in the Workbench (described in a runner child like any library).
// Nothing is built until Build is pressed: picking a folder only fills its
// field, so the candidate id, flags and manifest can be set first.
// The fields beside the folders are the CLI's --candidate, --flags and
// --manifest; the outcome shows what `kexbench-cli build-instance` prints:
// candidate, flag profile, KAT verdict and the resolved recipe. A library
// whose KAT did not pass is still added (campaigns mark it) but the status
// line says so with a warning icon.
//
// core's builder reports each command line as it starts (BuildOptions::
// on_command): those lines reach the log live through queued calls. The
// compilers' own output is captured per step, so it is shown when the build
// ends: the whole build log (every command and its output) replaces the live
// lines then, on success and on failure alike.
#pragma once

#include "core/build/builder.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QString>

class QComboBox;
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

    // <data home>/kexbench/instances (datahome.h): where built libraries go unless the user picks another folder.
    static QString defaultOutputDir();

    void setSourceDir(const QString &dir);
    QString sourceDir() const;
    void setOutputDir(const QString &dir);
    QString outputDir() const;
    // Optional: the id campaigns file the library under (--candidate); empty: derived from the family.
    void setCandidate(const QString &id);
    QString candidate() const;
    // Why candidate() cannot be used (core's name rule), empty when it can; Build stays disabled meanwhile.
    QString candidateProblem() const;
    // "guide" (the default: the folder's recipe flags if it names any, else the
    // guide flags with the harness-default rebuild when the KAT fails),
    // "harness-default" or "kexbench" (kept even when the KAT fails, like --flags).
    void setFlagsProfile(const QString &profile);
    QString flagsProfile() const;
    // Optional kat.sha256 manifest (--manifest); empty: the folder's own KAT file is found.
    void setManifest(const QString &file);
    QString manifest() const;
    // Shows a QMessageBox (window-modal, not blocking) with the reason of a failed build; on by default.
    void setShowFailureBox(bool on) { showFailureBox_ = on; }

    // The worker API: builds sourceDir() into outputDir() in a worker thread;
    // false (and nothing started) when a build runs, a folder or the manifest
    // is missing, or the candidate id is invalid.
    bool startBuild();
    bool running() const;
    // Of the last finished build.
    bool succeeded() const { return succeeded_; }
    QString instance() const { return instance_; }
    QString library() const { return library_; }
    QString error() const { return error_; }
    // Built (succeeded()), but its KAT did not pass: the library is kept and added anyway.
    bool katFailed() const { return katFailed_; }
    QString katStatus() const { return katStatus_; } // "PASS against <file>", "no KAT vectors supplied (...)", ...
    QString statusText() const;
    QString logText() const;

signals:
    void logLine(const QString &line); // one command line as it starts (GUI thread)
    void buildFinished(bool ok);       // the log shows the whole build; the instance is being described

protected:
    void changeEvent(QEvent *event) override;
    void reject() override; // not while a build runs

private:
    void retranslateUi();
    void browseSource();
    void browseOutput();
    void browseManifest();
    void onFinished();
    void showLogEnd();
    void updateState();
    void fillFlagsCombo();
    BuildOptions buildOptions() const;
    QStringList outcomeLines(const BuildOutcome &outcome) const;
    QString outcomeStatus(const BuildOutcome &outcome) const;
    enum class Tone { Normal, Warning, Error };
    void setStatus(const QString &text, Tone tone);

    Workbench *workbench_;
    QFutureWatcher<BuildOutcome> *watcher_;
    bool showFailureBox_ = true;
    bool succeeded_ = false;
    bool katFailed_ = false;
    QString instance_, library_, error_, katStatus_;

    QLabel *intro_;
    QLabel *sourceLabel_;
    QLineEdit *sourceEdit_;
    QPushButton *sourceBrowse_;
    QLabel *outputLabel_;
    QLineEdit *outputEdit_;
    QPushButton *outputBrowse_;
    QLabel *candidateLabel_;
    QLineEdit *candidateEdit_;
    QLabel *candidateProblem_;
    QLabel *flagsLabel_;
    QComboBox *flagsCombo_;
    QLabel *manifestLabel_;
    QLineEdit *manifestEdit_;
    QPushButton *manifestBrowse_;
    QLabel *statusIcon_;
    QLabel *statusLabel_;
    QPlainTextEdit *log_;
    QDialogButtonBox *buttons_;
    QPushButton *buildButton_;
};

} // namespace kexbench::ui
