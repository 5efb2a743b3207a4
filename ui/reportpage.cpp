// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportpage.h"

#include "models/background.h"
#include "models/coretext.h"
#include "models/reportexport.h"
#include "refreshgate.h"
#include "workbench.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QCoreApplication>
#include <QTextBrowser>
#include <QTextDocument>
#include <QPointer>
#include <QThread>
#include <QVBoxLayout>

#include <utility>

namespace kexbench::ui {

namespace {

// What a background build produced; applied on the GUI thread.
struct Built {
    std::shared_ptr<const Report> report;
    std::string html;
    QString preview;        // html with the Qt style block
    QString accountingPath; // the file used or looked for
    bool accountingFound = false;
    QString error; // an explicitly chosen accounting file could not be read
    // The preview, parsed on the worker (for a large report, parsing the HTML
    // and its style sheets costs the GUI thread seconds); lives on the GUI
    // thread and is deleted there when the last holder lets go.
    std::shared_ptr<QTextDocument> document;
};

// Null when `guiThread` is gone (the application quit while this job ran).
// `width`: the preview's text width when the build started; the tables' columns
// are fitted to it as the PDF's are to the page (words never broken inside).
std::shared_ptr<QTextDocument> previewDocument(const QString &html, double pointSize, qreal width,
                                               const QPointer<QThread> &guiThread)
{
    // Deleted at once in its own thread (a document never handed over dies on
    // the worker, which has no event loop to run a deleteLater), else later
    // in the thread it lives in.
    std::shared_ptr<QTextDocument> document(new QTextDocument, [](QTextDocument *d) {
        if (d->thread() == QThread::currentThread())
            delete d;
        else
            d->deleteLater();
    });
    prepare_report_document(document.get(), pointSize);
    document->setHtml(html);
    if (width > 0)
        fit_report_tables(document.get(), width);
    QThread *target = guiThread.data();
    if (!target || !QCoreApplication::instance())
        return nullptr;
    document->moveToThread(target);
    return document;
}

Built buildReport(const std::shared_ptr<const Dataset> &data, const std::string &candidate,
                  const QString &accountingFile, const std::string &algorithmName, const std::string &language,
                  double pointSize, qreal width, const QPointer<QThread> &guiThread)
{
    Built out;
    Accounting accounting = find_accounting(data->root, accountingFile);
    if (!accounting.error.isEmpty()) {
        out.error = accounting.error;
        return out;
    }
    out.accountingPath = accounting.path;
    out.accountingFound = accounting.entries.has_value();
    ReportOptions options = report_options(candidate, std::move(accounting), algorithmName);
    options.language = language;
    auto report = std::make_shared<const Report>(build_report(*data, options));
    out.html = render_html(*report);
    out.preview = report_html_for_qt(out.html);
    out.document = previewDocument(out.preview, pointSize, width, guiThread);
    out.report = std::move(report);
    return out;
}

} // namespace

ReportPage::ReportPage(Workbench *workbench, QWidget *parent)
    : QWidget(parent), workbench_(workbench),
      // A page that follows the Workbench builds nothing while hidden: showing it builds once.
      gate_(new RefreshGate(
          this, [this] { startBuild(); }, workbench != nullptr))
{
    datasetLabel_ = new QLabel(this);
    datasetBox_ = new QComboBox(this);
    datasetBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    datasetBox_->setMinimumContentsLength(12);
    datasetLabel_->setBuddy(datasetBox_);
    candidateLabel_ = new QLabel(this);
    candidateBox_ = new QComboBox(this);
    candidateBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    candidateBox_->setMinimumContentsLength(10);
    candidateLabel_->setBuddy(candidateBox_);
    nameLabel_ = new QLabel(this);
    nameEdit_ = new QLineEdit(this);
    nameEdit_->setClearButtonEnabled(true);
    nameLabel_->setBuddy(nameEdit_);
    accountingLabel_ = new QLabel(this);
    accountingLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    accountingLabel_->setWordWrap(true);
    accountingButton_ = new QPushButton(this);
    accountingReset_ = new QPushButton(this);
    exportLabel_ = new QLabel(this);
    csvButton_ = new QPushButton(this);
    markdownButton_ = new QPushButton(this);
    htmlButton_ = new QPushButton(this);
    pdfButton_ = new QPushButton(this);

    stack_ = new QStackedWidget(this);
    emptyLabel_ = new QLabel(stack_);
    emptyLabel_->setAlignment(Qt::AlignCenter);
    emptyLabel_->setWordWrap(true);
    emptyLabel_->setMargin(24);
    preview_ = new QTextBrowser(stack_);
    preview_->setOpenLinks(false);
    prepare_report_document(preview_->document(), previewPointSize());
    stack_->addWidget(emptyLabel_);
    stack_->addWidget(preview_);
    statusLabel_ = new QLabel(this);
    statusLabel_->setWordWrap(true);
    statusLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *choose = new QHBoxLayout;
    choose->addWidget(datasetLabel_);
    choose->addWidget(datasetBox_);
    choose->addSpacing(12);
    choose->addWidget(candidateLabel_);
    choose->addWidget(candidateBox_);
    choose->addSpacing(12);
    choose->addWidget(nameLabel_);
    choose->addWidget(nameEdit_, 1);
    auto *accounting = new QHBoxLayout;
    accounting->addWidget(accountingLabel_, 1);
    accounting->addWidget(accountingButton_);
    accounting->addWidget(accountingReset_);
    auto *exports = new QHBoxLayout;
    exports->addWidget(exportLabel_);
    exports->addWidget(csvButton_);
    exports->addWidget(markdownButton_);
    exports->addWidget(htmlButton_);
    exports->addWidget(pdfButton_);
    exports->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(choose);
    layout->addLayout(accounting);
    layout->addLayout(exports);
    layout->addWidget(stack_, 1);
    layout->addWidget(statusLabel_);

    connect(datasetBox_, &QComboBox::currentIndexChanged, this, [this](int index) { setDatasetIndex(index); });
    connect(candidateBox_, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    connect(nameEdit_, &QLineEdit::editingFinished, this, [this] {
        if (nameEdit_->isModified()) {
            nameEdit_->setModified(false);
            rebuild();
        }
    });
    connect(accountingButton_, &QPushButton::clicked, this, &ReportPage::chooseAccounting);
    connect(accountingReset_, &QPushButton::clicked, this, [this] { setAccountingFile({}); });
    connect(csvButton_, &QPushButton::clicked, this, &ReportPage::askCsv);
    connect(markdownButton_, &QPushButton::clicked, this, &ReportPage::askMarkdown);
    connect(htmlButton_, &QPushButton::clicked, this, &ReportPage::askHtml);
    connect(pdfButton_, &QPushButton::clicked, this, &ReportPage::askPdf);
    if (workbench_) {
        connect(workbench_, &Workbench::datasetsChanged, this, &ReportPage::onDatasetsChanged);
        connect(workbench_, &Workbench::datasetChanged, this, &ReportPage::onDatasetChanged);
    }

    retranslateUi();
    onDatasetsChanged();
}

// The preview lets go of its document before the document goes, so neither
// outlives the page waiting for an event loop that no longer runs.
ReportPage::~ReportPage()
{
    if (previewDocument_) {
        preview_->setDocument(nullptr);
        previewDocument_.reset();
    }
}

void ReportPage::retranslateUi()
{
    datasetLabel_->setText(tr("D&ataset:"));
    datasetBox_->setToolTip(tr("The dataset (campaign folder or bundle) to report."));
    candidateLabel_->setText(tr("Ca&ndidate:"));
    candidateBox_->setToolTip(tr("The candidate to report; \"All candidates\" reports every one, "
                                 "as kexbench-cli report does for a campaign with several."));
    if (candidateBox_->count() > 0)
        candidateBox_->setItemText(0, tr("All candidates"));
    nameLabel_->setText(tr("Algor&ithm name:"));
    nameEdit_->setPlaceholderText(tr("optional display name for the title and section 1"));
    nameEdit_->setToolTip(tr("Shown in the title and in section 1 instead of the candidate id, "
                             "e.g. the algorithm's full (or Chinese) name. Empty: the report of kexbench-cli."));
    accountingButton_->setText(tr("Accountin&g file…"));
    accountingButton_->setToolTip(tr("Choose the kex_bandwidth.csv that section 6 takes protocol bytes and "
                                     "public keys from (like --accounting)."));
    accountingReset_->setText(tr("Defa&ult"));
    accountingReset_->setToolTip(tr("Look for kex_bandwidth.csv two folders above the campaign, "
                                    "as kexbench-cli report does."));
    exportLabel_->setText(tr("Export:"));
    csvButton_->setText(tr("C&SV…"));
    csvButton_->setToolTip(tr("One RFC 4180 CSV file per table (<dataset-label>-<table-id>.csv) into a folder; "
                              "asks before replacing files of those names."));
    markdownButton_->setText(tr("Mar&kdown…"));
    markdownButton_->setToolTip(tr("The report in the Markdown layout of the published pages."));
    htmlButton_->setText(tr("HT&ML…"));
    htmlButton_->setToolTip(tr("A self-contained HTML page (no scripts, no external resources)."));
    pdfButton_->setText(tr("PDF…"));
    pdfButton_->setToolTip(tr("The preview laid out on A4 pages."));
    emptyLabel_->setText(tr("No dataset is open.\n\nOpen a campaign folder or a bundle (File ▸ Open dataset…), "
                            "or measure one on the Run page; its report of sections 1–7 appears here, "
                            "ready to export as CSV, Markdown, HTML or PDF."));
    showState();
}

void ReportPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        // The report's own texts follow the UI language: build it again in the
        // new one (also when a build in the old one may still be on its way).
        if (data_ && (gate_->busy() || !report_ || report_->language != coreLanguageName()))
            rebuild();
    }
    QWidget::changeEvent(event);
}

void ReportPage::onDatasetsChanged()
{
    const QVector<DatasetEntry> none;
    const auto &datasets = workbench_ ? workbench_->datasets() : none;
    int select = -1;
    {
        const QSignalBlocker block(datasetBox_);
        datasetBox_->clear();
        for (int i = 0; i < datasets.size(); ++i) {
            datasetBox_->addItem(datasets[i].label);
            datasetBox_->setItemData(i, datasets[i].origin, Qt::ToolTipRole);
            if (data_ && datasets[i].data == data_)
                select = i;
        }
        if (select < 0 && !datasets.isEmpty())
            select = 0;
        datasetBox_->setCurrentIndex(select);
    }
    if (select < 0) {
        gate_->request(); // a build still running is for a closed dataset: not shown
        data_.reset();
        report_.reset();
        html_.clear();
        reportError_.clear();
        accountingShown_.clear();
        accountingFound_ = false;
        preview_->clear();
        fillCandidates();
        showState();
        emit reportReady();
        return;
    }
    if (datasets[select].data != data_)
        setDatasetIndex(select);
    else
        showState();
}

double ReportPage::previewPointSize() const { return font().pointSizeF() > 0 ? font().pointSizeF() : 9.5; }

void ReportPage::onDatasetChanged(int index)
{
    if (!workbench_ || index != datasetBox_->currentIndex() || index < 0 || index >= workbench_->datasets().size())
        return;
    data_ = workbench_->datasets()[index].data;
    fillCandidates();
    gate_->requestFor(*workbench_); // a live campaign's snapshots: a few builds a second at most
}

void ReportPage::setDatasetIndex(int index)
{
    if (!workbench_ || index < 0 || index >= workbench_->datasets().size())
        return;
    if (datasetBox_->currentIndex() != index) {
        const QSignalBlocker block(datasetBox_);
        datasetBox_->setCurrentIndex(index);
    }
    data_ = workbench_->datasets()[index].data;
    fillCandidates();
    rebuild();
}

void ReportPage::setCandidate(const QString &candidate)
{
    const int row = candidate.isEmpty() ? 0 : candidateBox_->findData(candidate);
    if (row >= 0 && row != candidateBox_->currentIndex())
        candidateBox_->setCurrentIndex(row); // rebuilds
}

void ReportPage::setAlgorithmName(const QString &name)
{
    if (name == nameEdit_->text())
        return;
    nameEdit_->setText(name);
    nameEdit_->setModified(false);
    rebuild();
}

void ReportPage::setAccountingFile(const QString &path)
{
    if (path == accountingFile_)
        return;
    accountingFile_ = path;
    rebuild();
}

void ReportPage::fillCandidates()
{
    const QString previous = candidateBox_->currentData().toString();
    const QSignalBlocker block(candidateBox_);
    candidateBox_->clear();
    candidateBox_->addItem(tr("All candidates"), QString());
    if (!data_)
        return;
    for (const auto &c : data_->candidates())
        candidateBox_->addItem(QString::fromStdString(c), QString::fromStdString(c));
    // Keep a chosen candidate the new snapshot has; otherwise the CLI's default
    // (the only candidate, else all of them).
    int row = previous.isEmpty() ? -1 : candidateBox_->findData(previous);
    if (row < 0) {
        const std::string fallback = default_candidate(*data_);
        row = fallback.empty() ? 0 : candidateBox_->findData(QString::fromStdString(fallback));
    }
    candidateBox_->setCurrentIndex(row < 0 ? 0 : row);
}

void ReportPage::rebuild() { gate_->request(); }

bool ReportPage::busy() const { return gate_->busy(); }

void ReportPage::startBuild()
{
    if (!data_) {
        gate_->finished();
        showState();
        return;
    }
    showState();
    auto *watcher = new QFutureWatcher<Built>(this);
    connect(watcher, &QFutureWatcher<Built>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (gate_->overtaken()) { // the reader asked for another report meanwhile: it is on its way
            gate_->finished();
            showState();
            return;
        }
        Built built = watcher->result();
        reportError_ = built.error;
        accountingShown_ = built.accountingPath;
        accountingFound_ = built.accountingFound;
        report_ = std::move(built.report);
        html_ = std::move(built.html);
        if (report_) {
            const int scroll = preview_->verticalScrollBar()->value();
            preview_->setDocument(built.document.get());
            previewDocument_ = std::move(built.document); // the one shown before goes
            preview_->verticalScrollBar()->setValue(scroll);
        } else {
            preview_->clear();
        }
        gate_->finished(); // may start the next build (a newer live snapshot)
        showState();
        emit reportReady();
    });
    watcher->setFuture(runInBackground(buildReport, data_, candidateBox_->currentData().toString().toStdString(),
                                       accountingFile_, nameEdit_->text().trimmed().toStdString(), coreLanguageName(),
                                       previewPointSize(), previewTextWidth(), QPointer<QThread>(thread())));
}

qreal ReportPage::previewTextWidth() const
{
    return preview_->viewport()->width() - 2 * preview_->document()->documentMargin();
}

void ReportPage::showState()
{
    const bool haveData = data_ != nullptr;
    stack_->setCurrentWidget(haveData ? static_cast<QWidget *>(preview_) : emptyLabel_);
    for (QWidget *w : {static_cast<QWidget *>(datasetBox_), static_cast<QWidget *>(candidateBox_),
                       static_cast<QWidget *>(nameEdit_), static_cast<QWidget *>(accountingButton_)})
        w->setEnabled(haveData);
    accountingReset_->setEnabled(haveData && !accountingFile_.isEmpty());
    const bool canExport = haveData && report_ && !gate_->busy();
    for (QPushButton *b : {csvButton_, markdownButton_, htmlButton_, pdfButton_})
        b->setEnabled(canExport);

    if (!haveData) {
        accountingLabel_->clear();
        statusLabel_->clear();
        return;
    }
    if (!reportError_.isEmpty())
        accountingLabel_->setText(tr("Accounting file: %1").arg(reportError_));
    else if (accountingShown_.isEmpty() && gate_->busy())
        accountingLabel_->setText(tr("Accounting file: …"));
    else if (accountingShown_.isEmpty()) // not in the harness layout, no kex_bandwidth.csv beside the campaign
        accountingLabel_->setText(tr("Accounting file: none given; section 6 falls back to the API sizes and says "
                                     "so. Choose one with “Accounting file…”, or put kex_bandwidth.csv in the "
                                     "campaign folder."));
    else if (accountingFound_)
        accountingLabel_->setText(tr("Accounting file: %1").arg(accountingShown_));
    else
        accountingLabel_->setText(tr("Accounting file: none at %1; section 6 falls back to the API sizes "
                                     "and says so. Choose one with “Accounting file…”.")
                                      .arg(accountingShown_));
    if (gate_->busy())
        statusLabel_->setText(tr("Building the report…"));
    else if (!reportError_.isEmpty())
        statusLabel_->setText(tr("No report: the accounting file could not be read. Choose another one or "
                                 "return to the default."));
    else if (data_->records.empty())
        statusLabel_->setText(tr("This dataset has no timing records yet; sections 4–6 stay empty "
                                 "(kexbench-cli report refuses such a dataset)."));
    else
        statusLabel_->setText(tr("This report has the same tables and cells as kexbench-cli report %1.")
                                  .arg(QDir::cleanPath(QFile::decodeName(data_->root.c_str()))));
}

QString ReportPage::previewHtml() const { return report_ ? report_html_for_qt(html_) : QString(); }

QString ReportPage::csvPrefix() const
{
    const QString label = datasetBox_->currentIndex() >= 0 ? datasetBox_->currentText()
                          : data_                          ? QString::fromStdString(data_->system_label)
                                                           : QString();
    return file_safe_name(label);
}

bool ReportPage::exportCsv(const QString &dir, QString *error)
{
    if (!report_)
        return false;
    const ExportResult result = export_csv_tables(*report_, dir, csvPrefix());
    if (error)
        *error = result.error;
    if (result.ok)
        statusLabel_->setText(
            tr("Wrote %n CSV file(s) to %1.", nullptr, static_cast<int>(result.files.size())).arg(dir));
    return result.ok;
}

bool ReportPage::exportMarkdown(const QString &path, QString *error)
{
    QString why;
    const bool ok = report_ && export_markdown(*report_, path, &why);
    if (error)
        *error = why;
    if (ok)
        statusLabel_->setText(tr("Wrote %1.").arg(path));
    return ok;
}

bool ReportPage::exportHtml(const QString &path, QString *error)
{
    QString why;
    const bool ok = report_ && export_html(*report_, path, &why);
    if (error)
        *error = why;
    if (ok)
        statusLabel_->setText(tr("Wrote %1.").arg(path));
    return ok;
}

bool ReportPage::exportPdf(const QString &path, QString *error)
{
    if (!report_)
        return false;
    QString why;
    int pages = 0;
    PdfOptions options;
    options.title = QString::fromStdString(report_->title);
    // Laying out a long report at 1200 dpi takes a moment; it stays on the GUI
    // thread because the document's fonts and the writer belong to it.
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = write_pdf(previewHtml(), path, &why, options, &pages);
    QGuiApplication::restoreOverrideCursor();
    if (error)
        *error = why;
    if (ok)
        statusLabel_->setText(tr("Wrote %1 (%n page(s)).", nullptr, pages).arg(path));
    return ok;
}

QString ReportPage::suggestedName(const QString &suffix) const
{
    QString base = data_ ? QString::fromStdString(data_->system_label) : QString();
    if (report_ && !report_->candidate.empty())
        base = QString::fromStdString(report_->candidate) + QLatin1Char('-') + base;
    if (base.isEmpty())
        base = QStringLiteral("report");
    const QString dir = lastDir_.isEmpty() ? QDir::homePath() : lastDir_;
    return QDir(dir).filePath(file_safe_name(base) + suffix);
}

void ReportPage::reportExport(bool ok, const QString &what, const QString &error)
{
    if (!ok)
        QMessageBox::warning(this, tr("Export failed"), tr("The %1 export failed:\n%2").arg(what, error));
}

void ReportPage::chooseAccounting()
{
    const QString start =
        accountingFile_.isEmpty() ? (lastDir_.isEmpty() ? QDir::homePath() : lastDir_) : accountingFile_;
    const QString path = QFileDialog::getOpenFileName(this, tr("Accounting file (kex_bandwidth.csv)"), start,
                                                      tr("Bandwidth accounting (*.csv);;All files (*)"));
    if (!path.isEmpty())
        setAccountingFile(path);
}

void ReportPage::askCsv()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the CSV tables"),
                                                          lastDir_.isEmpty() ? QDir::homePath() : lastDir_);
    if (dir.isEmpty())
        return;
    lastDir_ = dir;
    exportCsvAsking(dir);
}

bool ReportPage::exportCsvAsking(const QString &dir)
{
    if (!report_)
        return false;
    QString error;
    QStringList existing;
    for (const QString &path : csv_table_paths(*report_, dir, csvPrefix(), &error))
        if (QFileInfo::exists(path))
            existing << QFileInfo(path).fileName();
    if (!existing.isEmpty() && !confirmReplace(dir, existing))
        return false;
    const bool ok = exportCsv(dir, &error);
    reportExport(ok, tr("CSV"), error);
    return ok;
}

bool ReportPage::confirmReplace(const QString &dir, const QStringList &names)
{
    // A long list would push the buttons off screen: the first few say enough.
    constexpr int shown = 6;
    QString list = names.mid(0, shown).join(QLatin1Char('\n'));
    if (names.size() > shown)
        list += QLatin1Char('\n') + tr("… and %n more", nullptr, static_cast<int>(names.size() - shown));
    const auto answer = QMessageBox::question(
        this, tr("Replace CSV files?"),
        tr("%n file(s) of this export already exist in %1:", nullptr, static_cast<int>(names.size()))
                .arg(QDir::toNativeSeparators(dir)) +
            QStringLiteral("\n\n") + list + QStringLiteral("\n\n") + tr("Replace them?"),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    return answer == QMessageBox::Yes;
}

void ReportPage::askMarkdown()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Markdown"), suggestedName(QStringLiteral(".md")),
                                                      tr("Markdown (*.md)"));
    if (path.isEmpty())
        return;
    lastDir_ = QFileInfo(path).absolutePath();
    QString error;
    reportExport(exportMarkdown(path, &error), tr("Markdown"), error);
}

void ReportPage::askHtml()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export HTML"), suggestedName(QStringLiteral(".html")),
                                                      tr("HTML (*.html *.htm)"));
    if (path.isEmpty())
        return;
    lastDir_ = QFileInfo(path).absolutePath();
    QString error;
    reportExport(exportHtml(path, &error), tr("HTML"), error);
}

void ReportPage::askPdf()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export PDF"), suggestedName(QStringLiteral(".pdf")), tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    lastDir_ = QFileInfo(path).absolutePath();
    QString error;
    reportExport(exportPdf(path, &error), tr("PDF"), error);
}

} // namespace kexbench::ui
