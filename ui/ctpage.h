// SPDX-License-Identifier: GPL-3.0-or-later
// The Constant time page: the dudect-style checks (`kexbench-cli ct`) of every
// open dataset (its folder's ct/) and of folders opened here directly, one row
// per (source, instance, operation) so systems sit side by side, and for the
// selected row both classes' distributions (fixed against random inputs).
//
// Records are read and the t-tests recomputed off the GUI thread
// (CtResultsModel::prepare); the page only draws what that produced. A check
// started here runs `kexbench-cli ct` as a child process: the workbench never
// loads candidate code.
#pragma once

#include "models/ctresultsmodel.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QProcess;
class QCPTextElement;
class QLabel;
class QPushButton;
class QTableView;

namespace kexbench::ui {

class Workbench;

class CtPage : public QWidget {
    Q_OBJECT
public:
    enum PlotKind { EcdfPlot, HistogramPlot };

    // workbench may be null: then only folders opened here are listed.
    explicit CtPage(Workbench *workbench, QWidget *parent = nullptr);
    ~CtPage() override;

    // Lists the records of a folder `kexbench-cli ct --out DIR` wrote (DIR, or
    // DIR/ct); false (and a line in the status text) when it has no ct/ folder.
    bool openCtFolder(const QString &path);
    QStringList openedFolders() const { return opened_; }

    CtResultsModel *model() const { return model_; }
    QTableView *table() const { return table_; }
    QCustomPlot *plot() const { return plot_; }
    int currentRow() const;
    bool selectRow(int row);
    void setPlotKind(PlotKind kind);
    PlotKind plotKind() const;

    // The selected check in a line, what the plot shows (and cuts), and what a t-test can tell.
    QString summaryText() const;
    QString plotNoteText() const;
    QString caveatText() const;
    QString statusText() const;
    QString checkStatusText() const;

    // Runs `kexbench-cli ct LIB... --budget S --out DIR [--op OP]...` (the CLI
    // beside this executable) and lists DIR's records as each operation's is
    // written. False, with the reason in the status text, when a check is
    // already running or there is nothing to check.
    bool startCheck(const QStringList &libraries, double budgetSeconds, const QString &outDir,
                    const QStringList &operations = {});
    bool checking() const;
    static QString cliPath();

    // Reading runs on a worker thread, a check in a child process; busy() while
    // either does, resultsReady() after each reading.
    bool busy() const { return loading_ || loadAgain_ || checking(); }

signals:
    void resultsReady();
    void checkFinished(int exitCode); // -1: the CLI did not start or did not exit normally

public slots:
    // Reads the sources again; a hidden page only remembers that it is out of date.
    void refresh();
    // Picks a folder with a file dialog and opens it (openCtFolder).
    void openCtResults();
    void closeOpenedFolders();
    // Checks the instances checked in the Algorithms dock into a folder picked with a file dialog.
    void checkCheckedInstances();
    // Stops the running check (SIGTERM: the CLI keeps the records already written).
    void cancelCheck();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    std::vector<CtSource> sources() const;
    void reload();
    void showPrepared(std::shared_ptr<CtResultsModel::Prepared> prepared);
    void render();
    void renderEmpty();
    void drawClasses(const CtResultsModel::Row &row);
    void updateStatus();
    void updateCheckControls();
    void retranslateUi();
    void onCheckOutput();
    void onCheckFinished(int exitCode, bool normalExit);
    void listCheckFolder();

    Workbench *workbench_;
    CtResultsModel *model_ = nullptr;
    QStringList opened_;        // folders opened on this page (each holds ct/)
    QString openProblem_;       // why the last folder picked could not be opened
    bool dirty_ = false;        // the Workbench changed while the page was hidden
    bool loading_ = false;      // a read is running
    bool loadAgain_ = false;    // ... and the sources changed meanwhile
    QProcess *check_ = nullptr; // the running `kexbench-cli ct`, null between checks
    QString checkFolder_;       // its --out folder
    QString checkProgress_;     // its last progress line, or how it ended
    QByteArray checkErrors_;    // its stderr so far, for the reason a check failed
    bool cancelRequested_ = false;

    QPushButton *openButton_ = nullptr;
    QPushButton *reloadButton_ = nullptr;
    QPushButton *closeButton_ = nullptr;
    QLabel *status_ = nullptr;
    QLabel *budgetCaption_ = nullptr;
    QDoubleSpinBox *budget_ = nullptr;
    QPushButton *checkButton_ = nullptr;
    QPushButton *cancelButton_ = nullptr;
    QLabel *checkStatus_ = nullptr;
    QTableView *table_ = nullptr;
    QLabel *summary_ = nullptr;
    QLabel *plotCaption_ = nullptr;
    QComboBox *kind_ = nullptr;
    QCustomPlot *plot_ = nullptr;
    QCPTextElement *title_ = nullptr;
    QCPTextElement *note_ = nullptr;
    QLabel *caveat_ = nullptr;
};

} // namespace kexbench::ui
