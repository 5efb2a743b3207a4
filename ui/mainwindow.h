// SPDX-License-Identifier: GPL-3.0-or-later
// The workbench window: docks for the instances ("Algorithms") and the open
// datasets, the seven pages (Run, Results, Distributions, Timeline, Compare, Report, Constant time) in
// the centre, menus, a run-time language switch and the saved window state.
// It only arranges views: state lives in the Workbench, data in the models.
#pragma once

#include <QMainWindow>
#include <QPointer>

class QAction;
class QActionGroup;
class QDialog;
class QDockWidget;
class QLabel;
class QMenu;
class QLocale;
class QMimeData;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;
class QTimer;
class QTranslator;
class QTreeView;

namespace kexbench::ui {

class Workbench;
class InstanceTreeModel;
class DatasetListModel;
class RunPage;
class SubmissionDialog;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    enum Page {
        RunPageIndex,
        ResultsPageIndex,
        DistributionsPageIndex,
        TimelinePageIndex,
        ComparePageIndex,
        ReportPageIndex,
        CtPageIndex,
        PageCount
    };

    // useSettings: restore the saved geometry, datasets and language now and
    // save them on close (off for screenshots and tests).
    explicit MainWindow(Workbench *workbench, bool useSettings = true, QWidget *parent = nullptr);
    ~MainWindow() override;

    int page() const;
    void setPage(int page);
    // The Compare page compares these two datasets once both are open (paths as given).
    void preferComparePair(const QString &a, const QString &b);
    // The Compare page compares two instances (labels) of the first dataset
    // open, e.g. from the command line; not remembered as the reader's mode.
    void preferCompareInstances(const QString &a, const QString &b);
    // "run", "results", "distributions", "timeline", "compare", "report", "ct" -> Page; -1 when unknown.
    static int pageFromName(const QString &name);

    // "en" or "zh_CN". Installs the translator (all windows retranslate
    // through LanguageChange); false when that translation is not available.
    bool setLanguage(const QString &code);
    // The language a first start shows for the desktop's locale: "zh_CN" for
    // Chinese in simplified script, else "en". Used until the reader picks one.
    static QString languageForLocale(const QLocale &locale);
    QString language() const { return language_; }

    RunPage *runPage() const { return runPage_; }
    // The build dialog, created on first use (for tests: its worker API without a file dialog).
    SubmissionDialog *submissionDialog();
    InstanceTreeModel *instanceModel() const { return instanceModel_; }
    DatasetListModel *datasetModel() const { return datasetModel_; }
    // Messages (dataset and instance problems) shown so far, one per line.
    QStringList messages() const;
    // Background work anywhere in the window: the Workbench describing or
    // loading, or a page computing a comparison or a report.
    bool busy() const;
    // The About box's text (rich text): versions of kexbench, Qt, QCustomPlot and OpenSSL.
    QString aboutText() const;

public slots:
    void openDatasetFolder();
    void openBundle();
    void addInstanceLibrary();
    // Shows the SubmissionDialog; it builds only when its Build button is pressed.
    void addSubmissionFolder();
    void removeSelectedDatasets();
    // The Algorithms panel's context menu: asks for a variant name for the
    // library of the current row (Workbench::setVariant); empty measures it under its own name.
    void measureAsVariant();
    void showMethod();
    void showAbout();

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void fitDatasetsDock(); // minimum width: the label and system columns
    void buildActions();
    void buildMenus();
    void buildDocks();
    void retranslateUi();
    void restoreSettings();
    void saveSettings() const;
    void appendMessage(const QString &text);
    void updateBusy();
    void updateDatasetActions();
    void updateInstanceActions();
    int currentInstanceRow() const; // the Workbench row of the Algorithms panel's current leaf; -1 otherwise
    static QStringList droppablePaths(const QMimeData *mime);
    static bool acceptAsCopy(QDropEvent *event);

    Workbench *workbench_;
    bool useSettings_;
    QString language_ = QStringLiteral("en");
    QTranslator *appTranslator_ = nullptr;
    QTranslator *qtTranslator_ = nullptr;

    InstanceTreeModel *instanceModel_ = nullptr;
    DatasetListModel *datasetModel_ = nullptr;

    QTabWidget *pages_ = nullptr;
    RunPage *runPage_ = nullptr;

    QDockWidget *algorithmsDock_ = nullptr;
    QTreeView *instanceView_ = nullptr;
    QPushButton *addLibraryButton_ = nullptr;
    QPushButton *addSubmissionButton_ = nullptr;
    QPushButton *rescanButton_ = nullptr;
    QDockWidget *datasetsDock_ = nullptr;
    QTableView *datasetView_ = nullptr;
    QPushButton *openFolderButton_ = nullptr;
    QPushButton *openBundleButton_ = nullptr;
    QPushButton *removeButton_ = nullptr;
    QDockWidget *messagesDock_ = nullptr;
    QPlainTextEdit *messagesView_ = nullptr;
    QLabel *busyLabel_ = nullptr;
    QTimer *busyTimer_ = nullptr;
    QPointer<QDialog> methodDialog_;
    QPointer<SubmissionDialog> submissionDialog_;

    QMenu *fileMenu_ = nullptr, *viewMenu_ = nullptr, *languageMenu_ = nullptr, *helpMenu_ = nullptr;
    QAction *openFolderAction_ = nullptr, *openBundleAction_ = nullptr, *addLibraryAction_ = nullptr;
    QAction *rescanAction_ = nullptr, *removeDatasetAction_ = nullptr, *quitAction_ = nullptr;
    QAction *addSubmissionAction_ = nullptr;
    QAction *variantAction_ = nullptr; // the Algorithms panel's context menu: "Measure as variant…"
    QList<QAction *> pageActions_;
    QActionGroup *languageGroup_ = nullptr;
    QAction *englishAction_ = nullptr, *chineseAction_ = nullptr;
    QAction *methodAction_ = nullptr, *aboutAction_ = nullptr;
};

} // namespace kexbench::ui
