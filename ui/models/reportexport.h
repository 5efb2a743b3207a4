// SPDX-License-Identifier: GPL-3.0-or-later
// The report page's non-widget half: which options a dataset's report is built
// with (the same rules as `kexbench-cli report`, so both show the same cells),
// and the exports (one CSV per table, Markdown, HTML, PDF). Everything here is
// core's report model rendered by core; only the PDF is laid out by Qt
// (QTextDocument on a QPdfWriter), which needs a QGuiApplication.
#pragma once

#include "core/data/dataset.h"
#include "core/analysis/report.h"

#include <QMarginsF>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

class QTextDocument;

namespace kexbench::ui {

// The accounting file (kex_bandwidth.csv) for a campaign, found as the CLI finds it.
struct Accounting {
    std::optional<std::vector<BandwidthEntry>> entries; // the rows, when read
    std::string note;                                   // why there are none (shown in section 6)
    QString path;                                       // the file looked at; empty: none to look at
    QString error;                                      // an explicitly chosen file could not be read
};

// `explicit_path` empty: core's load_accounting default (<campaign>/kex_bandwidth.csv,
// else performance/kex_bandwidth.csv when the campaign is in the harness layout),
// else no accounting and the CLI's note. Otherwise that file, and an error when
// it cannot be read (the report is then not built, as the CLI refuses it too).
Accounting find_accounting(const std::string &campaign_root, const QString &explicit_path = {});

// The CLI's default candidate: the only one, else "" (every candidate).
std::string default_candidate(const Dataset &dataset);

// What `kexbench-cli report <root> [--candidate C] [--accounting F]` builds.
ReportOptions report_options(const std::string &candidate, Accounting accounting,
                             const std::string &algorithm_name = {});

struct ExportResult {
    bool ok = false;
    QStringList files; // written, in table order
    QString error;     // when !ok; names the file
};

// `text` with every character that is not a letter, digit, '-', '_' or '.'
// replaced by '_': a dataset label usable in a file name.
QString file_safe_name(QString text);

// The files export_csv_tables writes: <prefix>-<table-id>.csv in `dir` (plain
// <table-id>.csv without a prefix), in table order. Empty and *error set when a
// table id is not a plain file name or repeats.
QStringList csv_table_paths(const Report &report, const QString &dir, const QString &prefix, QString *error);

// One CSV per table of every section (render_csv, RFC 4180), named as
// csv_table_paths says, into `dir` (created when missing). The prefix (the
// dataset's label, file_safe_name) keeps a second dataset exported into the same
// folder from replacing the first one's files. Table ids that are not plain file
// names, or that repeat, are refused before anything is written.
ExportResult export_csv_tables(const Report &report, const QString &dir, const QString &prefix = {});

// render_markdown / render_html written atomically to `path` (UTF-8).
bool export_markdown(const Report &report, const QString &path, QString *error);
bool export_html(const Report &report, const QString &path, QString *error);

// The fonts every report view uses: DejaVu Sans with "WenQuanYi Micro Hei" as
// fallback for CJK text, then the generic sans-serif family.
QStringList report_font_families();

// Prepares a document for core's report HTML: default font (report_font_families,
// `point_size`) and a style sheet in units Qt's rich-text engine understands
// (core's embedded sheet uses rem and selectors QTextDocument ignores).
void prepare_report_document(QTextDocument *document, double point_size = 9.5);

// Core's report HTML with a second style block appended to its <head>, which Qt
// applies after core's own: font families with the CJK fallback, table borders
// and spacing Qt understands. The text, the tables and their cells are unchanged.
QString report_html_for_qt(const std::string &html);

// Gives every table of a report document laid out `width` wide column widths
// that never break a word inside (the PDF's and the preview's tables).
void fit_report_tables(QTextDocument *document, qreal width);

struct PdfOptions {
    QString title; // PDF metadata; empty = the HTML's <title>
    QMarginsF margins_mm = QMarginsF(18, 16, 18, 16);
    double point_size = 9.0;  // body text
    bool page_numbers = true; // "n / N" centred below the text
};

// Lays `html` out on A4 pages (the document prepared by prepare_report_document;
// pass core's report as report_html_for_qt(render_html(report))) and writes a PDF.
// Needs a QGuiApplication. Returns false and sets *error when the
// file cannot be written. *pages (optional) receives the page count.
bool write_pdf(const QString &html, const QString &path, QString *error, const PdfOptions &options = {},
               int *pages = nullptr);

} // namespace kexbench::ui
