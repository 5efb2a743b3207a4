// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "comparepage.h"
#include "ctpage.h"
#include "distributionspage.h"
#include "timelinepage.h"
#include "models/coretext.h"
#include "models/datasetlistmodel.h"
#include "models/instancetreemodel.h"
#include "reportpage.h"
#include "resultspage.h"
#include "runpage.h"
#include "submissiondialog.h"
#include "workbench.h"

#include "core/data/dataset.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QScrollBar>
#include <QLabel>
#include <QLibraryInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QLocale>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QTimer>
#include <QTranslator>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

#include <openssl/crypto.h>
#include <qcustomplot.h>

#ifndef KEXBENCH_VERSION
#define KEXBENCH_VERSION "unknown"
#endif

// The workbench's resources (method text, translations' container) are compiled
// into the static kexbench_ui library; nothing references that object file, so
// the linker would drop it without this explicit initialisation. It must be
// called outside any namespace.
static void initKexbenchResources() { Q_INIT_RESOURCE(kexbench); }

namespace kexbench::ui {

namespace {

const char *const kPageNames[] = {"run", "results", "distributions", "timeline", "compare", "report", "ct"};

// Chinese (CJK ideographs and full-width punctuation) next to Chinese.
const QString kCjk = QStringLiteral("[\\x{3000}-\\x{303F}\\x{3400}-\\x{9FFF}\\x{FF00}-\\x{FFEF}]");

// Markdown turns a line break inside a paragraph into a space: right for
// English, a stray space in Chinese text wrapped at 120 columns. A break
// between two Chinese characters is joined without one.
QString joinWrappedCjkLines(const QString &markdown)
{
    static const QRegularExpression wrap(QStringLiteral("(%1)\n[ \t]*(?=%1)").arg(kCjk));
    return QString(markdown).replace(wrap, QStringLiteral("\\1"));
}

// Help ▸ Method: docs/method.md, or its Chinese translation docs/method.zh_CN.md
// when the window speaks Chinese (English when that file is missing).
void showMethodText(QTextBrowser *browser, const QString &language)
{
    QFile file(language == QLatin1String("zh_CN") ? QStringLiteral(":/kexbench/method.zh_CN.md")
                                                  : QStringLiteral(":/kexbench/method.md"));
    if (!file.exists())
        file.setFileName(QStringLiteral(":/kexbench/method.md"));
    if (file.open(QIODevice::ReadOnly))
        browser->setMarkdown(joinWrappedCjkLines(QString::fromUtf8(file.readAll())));
    else
        browser->setPlainText(MainWindow::tr("The method description is missing from this build."));
}

namespace keys {
const auto geometry = QStringLiteral("window/geometry");
const auto state = QStringLiteral("window/state");
const auto datasets = QStringLiteral("datasets/open");
const auto language = QStringLiteral("language");
// Libraries built from submission folders in the GUI: listed again at the next start.
const auto submissions = QStringLiteral("instances/submissions");
const auto comparePair = QStringLiteral("compare/pair");           // origins of A and B
const auto checkedInstances = QStringLiteral("instances/checked"); // library paths ticked in Algorithms
} // namespace keys

QWidget *buttonRow(QWidget *parent, std::initializer_list<QPushButton *> buttons)
{
    auto *row = new QWidget(parent);
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    for (auto *b : buttons)
        layout->addWidget(b);
    layout->addStretch(1);
    return row;
}

} // namespace

MainWindow::MainWindow(Workbench *workbench, bool useSettings, QWidget *parent)
    : QMainWindow(parent), workbench_(workbench), useSettings_(useSettings)
{
    initKexbenchResources();
    setObjectName(QStringLiteral("kexbenchMainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);

    instanceModel_ = new InstanceTreeModel(workbench_, this);
    datasetModel_ = new DatasetListModel(workbench_, this);

    pages_ = new QTabWidget(this);
    pages_->setDocumentMode(true);
    runPage_ = new RunPage(workbench_, pages_);
    pages_->addTab(runPage_, QString());
    pages_->addTab(new ResultsPage(workbench_, pages_), QString());
    pages_->addTab(new DistributionsPage(workbench_, pages_), QString());
    pages_->addTab(new TimelinePage(workbench_, pages_), QString());
    pages_->addTab(new ComparePage(workbench_, pages_), QString());
    pages_->addTab(new ReportPage(workbench_, pages_), QString());
    pages_->addTab(new CtPage(workbench_, pages_), QString());
    setCentralWidget(pages_);

    buildActions();
    buildDocks();
    buildMenus();

    busyLabel_ = new QLabel(this);
    statusBar()->addPermanentWidget(busyLabel_);
    // busy() has no signal of its own: poll it cheaply while something runs.
    busyTimer_ = new QTimer(this);
    busyTimer_->setInterval(250);
    connect(busyTimer_, &QTimer::timeout, this, &MainWindow::updateBusy);
    busyTimer_->start();

    connect(workbench_, &Workbench::datasetProblem, this, &MainWindow::appendMessage);
    connect(workbench_, &Workbench::instanceProblem, this, &MainWindow::appendMessage);
    connect(workbench_, &Workbench::datasetsChanged, this, &MainWindow::updateDatasetActions);

    retranslateUi();
    resize(1400, 900);
    if (useSettings_)
        restoreSettings();
    updateDatasetActions();
    updateInstanceActions();
    updateBusy();
}

MainWindow::~MainWindow()
{
    if (appTranslator_)
        QCoreApplication::removeTranslator(appTranslator_);
    if (qtTranslator_)
        QCoreApplication::removeTranslator(qtTranslator_);
}

// Construction ---------------------------------------------------------------

void MainWindow::buildActions()
{
    openFolderAction_ = new QAction(this);
    openFolderAction_->setShortcut(QKeySequence::Open);
    connect(openFolderAction_, &QAction::triggered, this, &MainWindow::openDatasetFolder);
    openBundleAction_ = new QAction(this);
    openBundleAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    connect(openBundleAction_, &QAction::triggered, this, &MainWindow::openBundle);
    addLibraryAction_ = new QAction(this);
    addLibraryAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(addLibraryAction_, &QAction::triggered, this, &MainWindow::addInstanceLibrary);
    addSubmissionAction_ = new QAction(this);
    connect(addSubmissionAction_, &QAction::triggered, this, &MainWindow::addSubmissionFolder);
    rescanAction_ = new QAction(this);
    rescanAction_->setShortcut(QKeySequence::Refresh);
    connect(rescanAction_, &QAction::triggered, workbench_, &Workbench::discoverInstances);
    variantAction_ = new QAction(this);
    variantAction_->setObjectName(QStringLiteral("measureAsVariant"));
    connect(variantAction_, &QAction::triggered, this, &MainWindow::measureAsVariant);
    removeDatasetAction_ = new QAction(this);
    removeDatasetAction_->setShortcut(QKeySequence::Delete);
    removeDatasetAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(removeDatasetAction_, &QAction::triggered, this, &MainWindow::removeSelectedDatasets);
    quitAction_ = new QAction(this);
    quitAction_->setShortcut(QKeySequence::Quit);
    quitAction_->setMenuRole(QAction::QuitRole);
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);

    for (int i = 0; i < PageCount; ++i) {
        auto *action = new QAction(this);
        action->setShortcut(QKeySequence(Qt::CTRL | static_cast<Qt::Key>(Qt::Key_1 + i)));
        action->setCheckable(true);
        connect(action, &QAction::triggered, this, [this, i] { setPage(i); });
        pageActions_ << action;
    }
    connect(pages_, &QTabWidget::currentChanged, this, [this](int index) {
        for (int i = 0; i < pageActions_.size(); ++i)
            pageActions_[i]->setChecked(i == index);
    });
    pageActions_.first()->setChecked(true);

    languageGroup_ = new QActionGroup(this);
    // Language names are written in their own language, never translated.
    englishAction_ = new QAction(QStringLiteral("English"), languageGroup_);
    chineseAction_ = new QAction(QStringLiteral("简体中文"), languageGroup_);
    englishAction_->setCheckable(true);
    chineseAction_->setCheckable(true);
    englishAction_->setChecked(true);
    connect(englishAction_, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("en")); });
    connect(chineseAction_, &QAction::triggered, this, [this] { setLanguage(QStringLiteral("zh_CN")); });

    methodAction_ = new QAction(this);
    methodAction_->setShortcut(QKeySequence::HelpContents);
    connect(methodAction_, &QAction::triggered, this, &MainWindow::showMethod);
    aboutAction_ = new QAction(this);
    aboutAction_->setMenuRole(QAction::AboutRole);
    connect(aboutAction_, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::buildMenus()
{
    fileMenu_ = menuBar()->addMenu(QString());
    fileMenu_->addAction(openFolderAction_);
    fileMenu_->addAction(openBundleAction_);
    fileMenu_->addSeparator();
    fileMenu_->addAction(addLibraryAction_);
    fileMenu_->addAction(addSubmissionAction_);
    fileMenu_->addAction(rescanAction_);
    fileMenu_->addSeparator();
    fileMenu_->addAction(quitAction_);

    viewMenu_ = menuBar()->addMenu(QString());
    viewMenu_->addActions(pageActions_);
    viewMenu_->addSeparator();
    viewMenu_->addAction(algorithmsDock_->toggleViewAction());
    viewMenu_->addAction(datasetsDock_->toggleViewAction());
    viewMenu_->addAction(messagesDock_->toggleViewAction());

    languageMenu_ = menuBar()->addMenu(QString());
    languageMenu_->addAction(englishAction_);
    languageMenu_->addAction(chineseAction_);

    helpMenu_ = menuBar()->addMenu(QString());
    helpMenu_->addAction(methodAction_);
    helpMenu_->addSeparator();
    helpMenu_->addAction(aboutAction_);
}

void MainWindow::buildDocks()
{
    // Algorithms: the instances to measure, checkable.
    algorithmsDock_ = new QDockWidget(this);
    algorithmsDock_->setObjectName(QStringLiteral("algorithmsDock"));
    auto *algorithms = new QWidget(algorithmsDock_);
    auto *algorithmsLayout = new QVBoxLayout(algorithms);
    algorithmsLayout->setContentsMargins(4, 4, 4, 4);
    instanceView_ = new QTreeView(algorithms);
    instanceView_->setModel(instanceModel_);
    instanceView_->setUniformRowHeights(true);
    instanceView_->setAlternatingRowColors(true);
    instanceView_->setSelectionMode(QAbstractItemView::SingleSelection);
    instanceView_->setIndentation(14); // three levels (group, family, instance) in a narrow dock
    // Every column as wide as its contents, the name first: a Stretch name
    // column would be squeezed to nothing by the figures when the dock is
    // narrow; a horizontal scroll bar is the better loss.
    instanceView_->header()->setStretchLastSection(false);
    instanceView_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // Right-click on a library: measure it as a variant (two builds of one instance side by side).
    instanceView_->setContextMenuPolicy(Qt::ActionsContextMenu);
    instanceView_->addAction(variantAction_);
    connect(instanceView_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::updateInstanceActions);
    connect(workbench_, &Workbench::instancesChanged, this, &MainWindow::updateInstanceActions);
    auto expand = [this] { instanceView_->expandAll(); };
    connect(instanceModel_, &QAbstractItemModel::modelReset, this, expand);
    connect(instanceModel_, &QAbstractItemModel::rowsInserted, this, expand);
    addLibraryButton_ = new QPushButton(algorithms);
    connect(addLibraryButton_, &QPushButton::clicked, this, &MainWindow::addInstanceLibrary);
    addSubmissionButton_ = new QPushButton(algorithms);
    connect(addSubmissionButton_, &QPushButton::clicked, this, &MainWindow::addSubmissionFolder);
    rescanButton_ = new QPushButton(algorithms);
    connect(rescanButton_, &QPushButton::clicked, workbench_, &Workbench::discoverInstances);
    algorithmsLayout->addWidget(instanceView_, 1);
    algorithmsLayout->addWidget(buttonRow(algorithms, {addLibraryButton_, rescanButton_}));
    // A row of its own: three buttons side by side would widen the dock.
    algorithmsLayout->addWidget(buttonRow(algorithms, {addSubmissionButton_}));
    algorithmsDock_->setWidget(algorithms);
    addDockWidget(Qt::LeftDockWidgetArea, algorithmsDock_);

    // Datasets: what the result pages show.
    datasetsDock_ = new QDockWidget(this);
    datasetsDock_->setObjectName(QStringLiteral("datasetsDock"));
    auto *datasets = new QWidget(datasetsDock_);
    auto *datasetsLayout = new QVBoxLayout(datasets);
    datasetsLayout->setContentsMargins(4, 4, 4, 4);
    datasetView_ = new QTableView(datasets);
    datasetView_->setModel(datasetModel_);
    datasetView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    datasetView_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    datasetView_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    datasetView_->verticalHeader()->hide();
    // Every column as wide as its contents: a stretched CPU column was squeezed
    // to "Int…" in the default dock (issue 33). What does not fit scrolls; the
    // dock keeps the label and system in view (fitDatasetsDock), and each cell's
    // tooltip has its whole text; the origin path is in the label's tooltip.
    datasetView_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    datasetView_->horizontalHeader()->setStretchLastSection(true);
    datasetView_->setColumnHidden(DatasetListModel::Origin, true);
    // Elided in the middle: both ends of a CPU name or a label say more than its start alone.
    datasetView_->setTextElideMode(Qt::ElideMiddle);
    datasetView_->setWordWrap(false);
    datasetView_->addAction(removeDatasetAction_);
    connect(datasetView_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateDatasetActions);
    openFolderButton_ = new QPushButton(datasets);
    connect(openFolderButton_, &QPushButton::clicked, this, &MainWindow::openDatasetFolder);
    openBundleButton_ = new QPushButton(datasets);
    connect(openBundleButton_, &QPushButton::clicked, this, &MainWindow::openBundle);
    removeButton_ = new QPushButton(datasets);
    connect(removeButton_, &QPushButton::clicked, this, &MainWindow::removeSelectedDatasets);
    datasetsLayout->addWidget(datasetView_, 1);
    datasetsLayout->addWidget(buttonRow(datasets, {openFolderButton_, openBundleButton_, removeButton_}));
    datasetsDock_->setWidget(datasets);
    // Never narrower than its buttons and a label with its system beside it (fitDatasetsDock).
    connect(datasetView_->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == DatasetListModel::Label || section == DatasetListModel::System)
            fitDatasetsDock();
    });
    addDockWidget(Qt::LeftDockWidgetArea, datasetsDock_);

    // Messages: why a dataset or an instance could not be (fully) used.
    messagesDock_ = new QDockWidget(this);
    messagesDock_->setObjectName(QStringLiteral("messagesDock"));
    messagesView_ = new QPlainTextEdit(messagesDock_);
    messagesView_->setReadOnly(true);
    messagesView_->setMaximumBlockCount(5000);
    messagesDock_->setWidget(messagesView_);
    addDockWidget(Qt::BottomDockWidgetArea, messagesDock_);
    messagesDock_->hide(); // shown with the first message

    resizeDocks({algorithmsDock_, datasetsDock_}, {500, 500}, Qt::Horizontal);
    resizeDocks({algorithmsDock_, datasetsDock_}, {480, 360}, Qt::Vertical);
}

void MainWindow::fitDatasetsDock()
{
    // The label (never elided: its column fits its contents) and the system are
    // what tells datasets apart; the other columns may scroll. Capped so that a
    // very long label cannot take the window from the pages.
    QHeaderView *header = datasetView_->horizontalHeader();
    const int columns = header->sectionSize(DatasetListModel::Label) + header->sectionSize(DatasetListModel::System);
    const int frame = 2 * datasetView_->frameWidth() + datasetView_->verticalScrollBar()->sizeHint().width();
    const int wanted = std::min(columns + frame, 420);
    datasetView_->setMinimumWidth(std::max(wanted, datasetView_->minimumSizeHint().width()));
}

void MainWindow::retranslateUi()
{
    setWindowTitle(tr("kexbench workbench"));
    const QString pageTitles[] = {tr("&Run"),     tr("R&esults"), tr("&Distributions"), tr("&Timeline"),
                                  tr("&Compare"), tr("Re&port"),  tr("C&onstant time")};
    const QString pageTips[] = {
        tr("Measure the checked instances into a new campaign folder."),
        tr("Figures of every dataset: instance x operation, sortable and filterable."),
        tr("Per-iteration distributions of one operation."),
        tr("Every iteration of one operation in order, trial by trial: drift and disturbed trials."),
        tr("Two datasets or instances side by side."),
        tr("The published report layout for a dataset, with export."),
        tr("Constant-time checks (kexbench-cli ct): each system's verdict side by side, and the time "
           "distributions of fixed against random inputs."),
    };
    for (int i = 0; i < PageCount; ++i) {
        pages_->setTabText(i, pageTitles[i]);
        pages_->setTabToolTip(i, pageTips[i]);
        QString plain = pageTitles[i];
        pageActions_[i]->setText(plain);
        pageActions_[i]->setToolTip(pageTips[i]);
    }

    fileMenu_->setTitle(tr("&File"));
    viewMenu_->setTitle(tr("&View"));
    languageMenu_->setTitle(tr("&Language"));
    helpMenu_->setTitle(tr("&Help"));
    openFolderAction_->setText(tr("Open dataset &folder…"));
    openFolderAction_->setToolTip(tr("Open a campaign folder (harness or kexbench layout)."));
    openBundleAction_->setText(tr("Open &bundle…"));
    openBundleAction_->setToolTip(tr("Open a kexbench bundle (.kxb)."));
    addLibraryAction_->setText(tr("Add instance &library…"));
    addLibraryAction_->setToolTip(tr("Describe an ICCS instance library (.so) in a runner child and list it."));
    rescanAction_->setText(tr("&Rescan instances"));
    rescanAction_->setToolTip(tr("Look for instance libraries on the search path again."));
    removeDatasetAction_->setText(tr("&Remove dataset"));
    variantAction_->setText(tr("Measure as &variant…"));
    variantAction_->setToolTip(tr("Give this library a variant name: a campaign files it as NAME@variant, so two "
                                  "builds of one instance are measured side by side."));
    quitAction_->setText(tr("&Quit"));
    methodAction_->setText(tr("&Method"));
    methodAction_->setToolTip(tr("How kexbench measures, and what every figure means."));
    aboutAction_->setText(tr("&About kexbench"));

    algorithmsDock_->setWindowTitle(tr("Algorithms"));
    datasetsDock_->setWindowTitle(tr("Datasets"));
    messagesDock_->setWindowTitle(tr("Messages"));
    instanceView_->setToolTip(tr("Check the instances to measure on the Run page."));
    addLibraryButton_->setText(tr("Add instance library…"));
    addLibraryButton_->setToolTip(addLibraryAction_->toolTip() + QStringLiteral(" (Ctrl+L)"));
    addSubmissionAction_->setText(tr("Add &submission folder…"));
    addSubmissionAction_->setToolTip(tr("Build a submission folder as it is shipped into an instance library "
                                        "with the system compiler, check its KAT and list it."));
    addSubmissionButton_->setText(tr("Add submission folder…"));
    addSubmissionButton_->setToolTip(addSubmissionAction_->toolTip());
    rescanButton_->setText(tr("Rescan"));
    rescanButton_->setToolTip(rescanAction_->toolTip());
    datasetView_->setToolTip(tr("Open datasets. Drop campaign folders or .kxb bundles onto the window to open them; "
                                "double-click a label to rename it."));
    openFolderButton_->setText(tr("Open folder…"));
    openFolderButton_->setToolTip(openFolderAction_->toolTip() + QStringLiteral(" (Ctrl+O)"));
    openBundleButton_->setText(tr("Open bundle…"));
    openBundleButton_->setToolTip(openBundleAction_->toolTip() + QStringLiteral(" (Ctrl+Shift+O)"));
    removeButton_->setText(tr("Remove"));
    removeButton_->setToolTip(tr("Close the selected datasets (the files stay on disk) (Del)."));

    instanceModel_->retranslate();
    datasetModel_->retranslate();
    if (methodDialog_) {
        methodDialog_->setWindowTitle(tr("How kexbench measures"));
        if (auto *browser = methodDialog_->findChild<QTextBrowser *>(QStringLiteral("methodText")))
            showMethodText(browser, language_);
    }
    updateBusy();
}

void MainWindow::changeEvent(QEvent *event)
{
    // Installing or removing a translator sends LanguageChange to every
    // widget; the pages retranslate themselves, the window does its own part.
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

// Pages and language ------------------------------------------------------------

int MainWindow::page() const { return pages_->currentIndex(); }

void MainWindow::setPage(int page)
{
    if (page >= 0 && page < PageCount)
        pages_->setCurrentIndex(page);
}

int MainWindow::pageFromName(const QString &name)
{
    for (int i = 0; i < PageCount; ++i)
        if (name.compare(QLatin1String(kPageNames[i]), Qt::CaseInsensitive) == 0)
            return i;
    return -1;
}

bool MainWindow::setLanguage(const QString &code)
{
    const bool chinese = code.startsWith(QLatin1String("zh"));
    if (appTranslator_) {
        QCoreApplication::removeTranslator(appTranslator_);
        delete appTranslator_;
        appTranslator_ = nullptr;
    }
    if (qtTranslator_) {
        QCoreApplication::removeTranslator(qtTranslator_);
        delete qtTranslator_;
        qtTranslator_ = nullptr;
    }
    bool ok = true;
    if (chinese) {
        appTranslator_ = new QTranslator(this);
        if (appTranslator_->load(QStringLiteral(":/i18n/kexbench_zh_CN.qm"))) {
            QCoreApplication::installTranslator(appTranslator_);
        } else {
            delete appTranslator_;
            appTranslator_ = nullptr;
            ok = false;
        }
        // Qt's own strings (standard buttons, file dialogs), when Qt's translations are installed.
        qtTranslator_ = new QTranslator(this);
        if (qtTranslator_->load(QStringLiteral("qtbase_zh_CN"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(qtTranslator_);
        else {
            delete qtTranslator_;
            qtTranslator_ = nullptr;
        }
    }
    language_ = chinese && ok ? QStringLiteral("zh_CN") : QStringLiteral("en");
    (language_ == QLatin1String("en") ? englishAction_ : chineseAction_)->setChecked(true);
    if (!ok)
        appendMessage(tr("The %1 translation is not available; staying with English.").arg(code));
    return ok;
}

// Datasets and instances -------------------------------------------------------

void MainWindow::openDatasetFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open dataset folder"));
    if (!dir.isEmpty())
        workbench_->openDataset(dir);
    updateBusy();
}

void MainWindow::openBundle()
{
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Open bundle"), QString(),
                                      tr("kexbench bundles (*.kxb);;Published pages (perf_*.md *.md);;All files (*)"));
    for (const auto &file : files)
        workbench_->openDataset(file);
    updateBusy();
}

void MainWindow::addInstanceLibrary()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add instance library"), QString(),
                                                            tr("Instance libraries (*.so);;All files (*)"));
    // Described in runner children: the workbench never loads candidate code itself.
    for (const auto &file : files)
        workbench_->addInstanceLibrary(file);
    updateBusy();
}

SubmissionDialog *MainWindow::submissionDialog()
{
    if (submissionDialog_)
        return submissionDialog_;
    submissionDialog_ = new SubmissionDialog(workbench_, this);
    // Saved at once (not only on close): a built library stays listed even after a crash.
    connect(submissionDialog_, &SubmissionDialog::buildFinished, this, [this](bool ok) {
        if (!ok || !useSettings_ || !submissionDialog_ || submissionDialog_->library().isEmpty())
            return;
        QSettings settings;
        QStringList libraries = settings.value(keys::submissions).toStringList();
        const QString library = QFileInfo(submissionDialog_->library()).absoluteFilePath();
        if (!libraries.contains(library))
            settings.setValue(keys::submissions, libraries << library);
    });
    return submissionDialog_;
}

// Only opens the dialog: the folder is picked there, beside the candidate id,
// flag profile and manifest, which must be set before the build, not after.
void MainWindow::addSubmissionFolder()
{
    SubmissionDialog *dialog = submissionDialog();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
    updateBusy();
}

void MainWindow::removeSelectedDatasets()
{
    QList<int> rows;
    for (const auto &index : datasetView_->selectionModel()->selectedRows())
        rows << index.row();
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (int row : std::as_const(rows)) {
        if (workbench_->datasets().value(row).live) {
            appendMessage(tr("%1 is still being measured; cancel the campaign before removing it.")
                              .arg(workbench_->datasets()[row].label));
            continue;
        }
        workbench_->removeDataset(row);
    }
}

int MainWindow::currentInstanceRow() const
{
    const QModelIndex current = instanceView_->currentIndex();
    if (!current.isValid() || current.data(InstanceTreeModel::NodeKindRole).toInt() != InstanceTreeModel::InstanceNode)
        return -1;
    const int row = current.data(InstanceTreeModel::InstanceRowRole).toInt();
    return row >= 0 && row < workbench_->instances().size() ? row : -1;
}

void MainWindow::updateInstanceActions() { variantAction_->setEnabled(currentInstanceRow() >= 0); }

void MainWindow::measureAsVariant()
{
    const int row = currentInstanceRow();
    if (row < 0)
        return;
    const InstanceEntry &entry = workbench_->instances()[row];
    const QString name = QString::fromStdString(entry.info.meta.instance);
    QString variant = entry.variant;
    for (;;) {
        bool ok = false;
        variant = QInputDialog::getText(
            this, tr("Measure as variant"),
            tr("Variant name for %1 (%2): a campaign files it as %1@variant, beside other builds of %1 "
               "(e.g. ref, opt). Empty: measured under its own name.")
                .arg(name, QDir::toNativeSeparators(entry.library)),
            QLineEdit::Normal, variant, &ok);
        if (!ok)
            return;
        const QString why = workbench_->setVariant(row, variant);
        if (why.isEmpty())
            return;
        QMessageBox::warning(this, tr("Measure as variant"), coreText(why.toStdString()));
    }
}

void MainWindow::updateDatasetActions()
{
    const bool selected = datasetView_->selectionModel() && datasetView_->selectionModel()->hasSelection();
    removeDatasetAction_->setEnabled(selected);
    removeButton_->setEnabled(selected);
}

void MainWindow::appendMessage(const QString &text)
{
    messagesView_->appendPlainText(text);
    if (!messagesDock_->isVisible())
        messagesDock_->show();
    statusBar()->showMessage(text, 10000);
}

QStringList MainWindow::messages() const
{
    return messagesView_->toPlainText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

void MainWindow::updateBusy() { busyLabel_->setText(workbench_->busy() ? tr("Loading…") : QString()); }

// Drag and drop --------------------------------------------------------------------

QStringList MainWindow::droppablePaths(const QMimeData *mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    for (const QUrl &url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QString path = url.toLocalFile();
        const QFileInfo info(path);
        if (info.isDir() || (info.isFile() && (path.endsWith(QLatin1String(".kxb"), Qt::CaseInsensitive) ||
                                               is_markdown_page(path.toStdString()) || // a published page
                                               is_bundle_file(path.toStdString()))))
            paths << path;
    }
    return paths;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    // Opening a dataset reads it and leaves it where it is: a copy, never a move
    // (a file manager would delete the folder after a Move).
    if (!acceptAsCopy(event))
        return;
    if (!droppablePaths(event->mimeData()).isEmpty())
        event->accept();
    else
        event->ignore();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    if (!acceptAsCopy(event))
        return;
    const QStringList paths = droppablePaths(event->mimeData());
    for (const auto &path : paths)
        workbench_->openDataset(path);
    if (!paths.isEmpty())
        event->accept();
    else
        event->ignore();
    updateBusy();
}

// Copy when the source offers it: the proposed action when it is Copy, else
// Copy set explicitly; false (the event ignored) when Copy is not possible.
bool MainWindow::acceptAsCopy(QDropEvent *event)
{
    if (!(event->possibleActions() & Qt::CopyAction)) {
        event->ignore();
        return false;
    }
    if (event->proposedAction() == Qt::CopyAction)
        event->acceptProposedAction();
    else
        event->setDropAction(Qt::CopyAction);
    return true;
}

// Help -----------------------------------------------------------------------------

void MainWindow::showMethod()
{
    if (!methodDialog_) {
        auto *dialog = new QDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        auto *layout = new QVBoxLayout(dialog);
        auto *browser = new QTextBrowser(dialog);
        browser->setObjectName(QStringLiteral("methodText"));
        browser->setOpenExternalLinks(true);
        showMethodText(browser, language_);
        layout->addWidget(browser);
        auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
        connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
        layout->addWidget(buttons);
        dialog->resize(900, 760);
        methodDialog_ = dialog;
    }
    methodDialog_->setWindowTitle(tr("How kexbench measures"));
    methodDialog_->show();
    methodDialog_->raise();
    methodDialog_->activateWindow();
}

bool MainWindow::busy() const
{
    if (workbench_->busy())
        return true;
    if (const auto *compare = findChild<ComparePage *>(); compare && compare->busy())
        return true;
    if (const auto *report = findChild<ReportPage *>(); report && report->busy())
        return true;
    if (const auto *timeline = findChild<TimelinePage *>(); timeline && timeline->busy())
        return true;
    if (const auto *results = findChild<ResultsPage *>(); results && results->busy())
        return true;
    if (const auto *distributions = findChild<DistributionsPage *>(); distributions && distributions->busy())
        return true;
    if (const auto *ct = findChild<CtPage *>(); ct && ct->busy())
        return true;
    return false;
}

QString MainWindow::aboutText() const
{
    // qVersion() and OpenSSL_version() name the libraries this process runs
    // with, which is what a bug report needs (not the headers it was built with).
    return tr("<h3>kexbench %1</h3>"
              "<p>Measures ICCS key-exchange instance libraries: timing, memory, stack and bandwidth, "
              "in the layout of the published ngcc-harness pages.</p>"
              "<p>Qt %2<br>QCustomPlot %3<br>%4</p>"
              "<p>Licensed under the GNU General Public License, version 3 or later.</p>")
        .arg(QStringLiteral(KEXBENCH_VERSION), QString::fromLatin1(qVersion()), QStringLiteral(QCUSTOMPLOT_VERSION_STR),
             QString::fromLatin1(OpenSSL_version(OPENSSL_VERSION)));
}

void MainWindow::showAbout() { QMessageBox::about(this, tr("About kexbench"), aboutText()); }

// Settings -------------------------------------------------------------------------

QString MainWindow::languageForLocale(const QLocale &locale)
{
    const bool simplifiedChinese =
        locale.language() == QLocale::Chinese &&
        (locale.script() == QLocale::SimplifiedHanScript || locale.script() == QLocale::AnyScript);
    return simplifiedChinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

void MainWindow::preferComparePair(const QString &a, const QString &b)
{
    if (auto *compare = findChild<ComparePage *>())
        compare->preferPair(Workbench::originOf(a), Workbench::originOf(b));
}

void MainWindow::preferCompareInstances(const QString &a, const QString &b)
{
    if (auto *compare = findChild<ComparePage *>())
        compare->preferInstances(a, b);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (const QByteArray geometry = settings.value(keys::geometry).toByteArray(); !geometry.isEmpty())
        restoreGeometry(geometry);
    if (const QByteArray state = settings.value(keys::state).toByteArray(); !state.isEmpty())
        restoreState(state);
    // Never chosen: the desktop's language, as an installed program should.
    const QString language = settings.value(keys::language, languageForLocale(QLocale::system())).toString();
    if (!language.isEmpty() && language != QLatin1String("en"))
        setLanguage(language);
    for (const auto &origin : settings.value(keys::datasets).toStringList()) {
        // A folder that has since gone is reported, not silently dropped.
        workbench_->openDataset(origin);
    }
    if (const QStringList pair = settings.value(keys::comparePair).toStringList(); pair.size() == 2)
        preferComparePair(pair[0], pair[1]);
    if (settings.contains(keys::checkedInstances))
        workbench_->requestSelection(settings.value(keys::checkedInstances).toStringList());
    // Submission libraries built in an earlier session; one whose file has gone is reported and forgotten.
    QStringList kept;
    for (const auto &library : settings.value(keys::submissions).toStringList()) {
        if (QFileInfo(library).isFile()) {
            kept << library;
            workbench_->addInstanceLibrary(library);
        } else {
            appendMessage(tr("The submission library %1 built earlier is gone; it is no longer listed.")
                              .arg(QDir::toNativeSeparators(library)));
        }
    }
    settings.setValue(keys::submissions, kept);
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(keys::geometry, saveGeometry());
    settings.setValue(keys::state, saveState());
    settings.setValue(keys::language, language_);
    settings.setValue(keys::datasets, workbench_->datasetOrigins());
    if (const auto *compare = findChild<ComparePage *>())
        settings.setValue(keys::comparePair, compare->pairOrigins());
    if (!workbench_->instances().isEmpty()) // closed before the libraries were found: keep the last ticks
        settings.setValue(keys::checkedInstances, workbench_->checkedLibraries());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (runPage_->running()) {
        const auto answer = QMessageBox::question(
            this, tr("A campaign is running"),
            tr("Quit and cancel the running campaign? Finished records are kept, and the same output folder resumes "
               "it later."));
        if (answer != QMessageBox::Yes) {
            event->ignore();
            return;
        }
        runPage_->cancel();
    }
    if (useSettings_)
        saveSettings();
    QMainWindow::closeEvent(event);
}

} // namespace kexbench::ui
