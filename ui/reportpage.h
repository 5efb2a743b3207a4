// SPDX-License-Identifier: GPL-3.0-or-later
// The report of sections 1-7 as core renders it, with CSV/Markdown/HTML/PDF export.
// The preview shows core's render_html of the report `kexbench-cli report`
// builds for the same dataset, candidate and accounting file; the report is
// built off the GUI thread. Export logic lives in models/reportexport.h.
#pragma once

#include "core/analysis/report.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <string>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;
class QTextBrowser;
class QTextDocument;

namespace kexbench {
struct Dataset;
}

namespace kexbench::ui {

class Workbench;
class RefreshGate;

class ReportPage : public QWidget {
    Q_OBJECT
public:
    explicit ReportPage(Workbench *workbench, QWidget *parent = nullptr);
    ~ReportPage() override;

    // For tests and the main window: the same actions as the controls, without dialogs.
    void setDatasetIndex(int index);             // Workbench row
    void setCandidate(const QString &candidate); // "" = every candidate
    void setAlgorithmName(const QString &name);
    void setAccountingFile(const QString &path); // "" = the CLI's default lookup
    bool busy() const; // a build runs or waits (for the live interval, or for the one running)
    bool hasReport() const { return report_ != nullptr; }
    const Report *report() const { return report_.get(); }
    QString previewHtml() const; // what the preview shows (core's HTML with the Qt style block)

    // <dataset-label>-<table-id>.csv files; replaces files of those names without asking.
    bool exportCsv(const QString &dir, QString *error = nullptr);
    // What the CSV button does once the folder is chosen: asks before replacing
    // any file of those names, then exports (a warning box when that fails).
    bool exportCsvAsking(const QString &dir);
    QString csvPrefix() const; // the current dataset's label, usable in a file name
    bool exportMarkdown(const QString &path, QString *error = nullptr);
    bool exportHtml(const QString &path, QString *error = nullptr);
    bool exportPdf(const QString &path, QString *error = nullptr);

signals:
    void reportReady(); // the preview shows a newly built report (or why there is none)

protected:
    void changeEvent(QEvent *event) override;

private:
    qreal previewTextWidth() const;
    void retranslateUi();
    void onDatasetsChanged();
    void onDatasetChanged(int index);
    void fillCandidates();
    void rebuild();
    void startBuild();
    void showState();
    void chooseAccounting();
    void askCsv();
    void askMarkdown();
    void askHtml();
    void askPdf();
    QString suggestedName(const QString &suffix) const;
    bool confirmReplace(const QString &dir, const QStringList &names);
    void reportExport(bool ok, const QString &what, const QString &error);

    Workbench *workbench_;
    std::shared_ptr<const Dataset> data_; // the snapshot the report is built from
    std::shared_ptr<const Report> report_;
    std::string html_; // core's render_html(report_)
    QString accountingFile_;
    QString accountingShown_; // the file the current report used or looked for
    bool accountingFound_ = false;
    QString reportError_;
    QString lastDir_;
    RefreshGate *gate_;                              // starts startBuild(): hidden, one at a time, paced while live
    std::shared_ptr<QTextDocument> previewDocument_; // the preview's document, parsed on a worker
    double previewPointSize() const;

    QLabel *datasetLabel_;
    QComboBox *datasetBox_;
    QLabel *candidateLabel_;
    QComboBox *candidateBox_;
    QLabel *nameLabel_;
    QLineEdit *nameEdit_;
    QLabel *accountingLabel_;
    QPushButton *accountingButton_;
    QPushButton *accountingReset_;
    QLabel *exportLabel_;
    QPushButton *csvButton_;
    QPushButton *markdownButton_;
    QPushButton *htmlButton_;
    QPushButton *pdfButton_;
    QStackedWidget *stack_;
    QLabel *emptyLabel_;
    QTextBrowser *preview_;
    QLabel *statusLabel_;
};

} // namespace kexbench::ui
