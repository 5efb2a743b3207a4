// SPDX-License-Identifier: GPL-3.0-or-later
// Candidate reports in the layout of the published ngcc.dev performance pages
// (sections 1-7 and "Symmetric primitives"). build_report() turns a Dataset
// into a model whose display cells are text, every number already formatted
// as the pages format it (core/base/format.h), and whose tables each carry a
// machine-readable twin of the same computed values (data_header/data_rows:
// plain numbers in base units). Markdown and HTML lay out the display cells,
// so they show identical text; CSV and JSON write the twin.
//
// Cell and paragraph text is Markdown inline text: `code` spans only (labels,
// file paths). render_csv drops the backticks; render_html turns them into <code>.
#pragma once

#include "core/data/dataset.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace kexbench {

// Section 6 layouts of the harness's report.py versions (MEASUREMENT-METHOD §9).
// v1 printed the raw API sizes; v2 (the current pages, both arm_1 and x86_1)
// takes protocol bytes and public keys from the bandwidth catalog.
enum class ReportLayout { v1, v2 };

struct ReportOptions {
    std::string candidate;                                 // e.g. "kex-01"; empty = every candidate
    std::optional<std::vector<BandwidthEntry>> accounting; // kex_bandwidth.csv rows, when available
    std::string accounting_note;                           // why there is no accounting (shown in section 6)
    ReportLayout layout = ReportLayout::v2;
    // Display name for title and section 1; empty: the dataset's own (build.json
    // "algorithm", the KAT logs' "algorithm = " line, else the instances' common
    // family, "TriQ-KEX" for TriQ-KEX-128 and TriQ-KEX-256).
    std::string algorithm_name;
    std::string accounting_file = "kex_bandwidth.csv"; // how section 6's notes name the accounting file
    std::string language = "en";                       // "en" or "zh_CN": the language of every text shown to people
};

// One machine-readable cell: nothing (missing), an integer, a number or plain text.
using DataValue = std::variant<std::monostate, int64_t, double, std::string>;

// Optional numbers as DataValues: nullopt (or a non-finite double) -> empty.
DataValue data_value(const std::optional<double> &v);
DataValue data_int(const std::optional<int64_t> &v);
DataValue data_uint(const std::optional<uint64_t> &v);
// A cell's text for CSV: "" for empty, shortest round-trip text for doubles (std::to_chars).
std::string data_text(const DataValue &v);

struct ReportTable {
    std::string id;    // file-name safe; a section's main table has the section's id
    std::string title; // caption; empty for the harness-layout tables
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows; // each as long as header
    std::vector<std::string> notes;             // paragraphs shown under the table
    // The machine-readable twin of header/rows (CSV and JSON exports): the same
    // computed values in base units (seconds, bytes, cycles ...) with the unit in
    // the column name ("mean_seconds", "peak_rss_bytes"), never translated;
    // text without code marks. Empty data_header: the exports fall back to the
    // display cells.
    std::vector<std::string> data_header;
    std::vector<std::vector<DataValue>> data_rows; // each as long as data_header
};

struct ReportSection {
    std::string id;                      // "environment", "performance", "symmetric", ...
    std::string number;                  // "2"; empty for the unnumbered "Symmetric primitives"
    std::string title;                   // "Assessment environment"
    std::vector<std::string> paragraphs; // before the list and the tables
    std::vector<std::string> items;      // bullet list
    std::vector<ReportTable> tables;

    std::string heading() const; // "4. Performance", "Symmetric primitives"
};

struct Report {
    std::string title;
    std::string system;          // dataset system label, e.g. "arm_1"
    std::string candidate;       // as requested; empty = all
    std::string language = "en"; // the language of its texts: "en" or "zh_CN" (ReportOptions::language)
    std::vector<std::string> intro;
    std::vector<ReportSection> sections; // 1-6, Symmetric primitives, 7

    const ReportSection *section(std::string_view id) const; // nullptr when absent
    const ReportTable *table(std::string_view id) const;     // searched in every section
};

// Never fails: missing data becomes "–" cells or an explanatory paragraph.
Report build_report(const Dataset &dataset, const ReportOptions &options);

// build_report() of a published-page dataset (core/data/published_page.h): the
// page's own sections and tables cell for cell, with an intro paragraph (and a
// title suffix) saying it is a published page with trial-level figures only.
Report published_page_report(const Dataset &dataset, const ReportOptions &options);

// The published page layout: "# title", "## 4. Performance", "| a | b |" rows
// under a "|---|---|" separator.
std::string render_markdown(const Report &report);
// RFC 4180: fields with a comma, quote, CR or LF are quoted and quotes doubled;
// every record ends in CRLF; UTF-8 without a byte-order mark. Header row first.
// Writes the table's machine-readable twin (data_header/data_rows) when it has
// one, else the display cells without code marks.
std::string render_csv(const ReportTable &table);
// Every table of the report as JSON: {"title", "system", "candidate", "language",
// "sections": [{"id", "title", "tables": [{"id", "title", "columns": [...],
// "rows": [[number|string|null, ...]]}]}]}; columns and rows are the data twin.
std::string render_json(const Report &report);
// A self-contained HTML5 page (embedded stylesheet, no scripts, no external
// resources); all text escaped.
std::string render_html(const Report &report);

// kexbench's memory figures of one operation (core/data/record.h RecordSamples,
// core/runner/heap_tracker.h), or why the record has none. Section 5's
// resources-kexbench table and compare-operation-memory show them.
struct OperationMemory {
    std::optional<uint64_t> heap_peak_bytes; // peak live requested bytes above the step's start level
    std::optional<double> heap_allocations;  // allocating calls per operation (mean over heap_exchanges)
    std::optional<double> heap_bytes_total;  // bytes requested per operation (mean)
    std::optional<uint64_t> heap_exchanges;
    std::optional<uint64_t> stack_bytes; // below the step's entry stack pointer
    // English, as stored or as kexbench says it (tr_text translates them); empty when the figure is there.
    std::string heap_reason, stack_reason;
    bool kexbench_record = false; // a kexbench record: figures, or the memory pass's own reasons
};
OperationMemory operation_memory(const Record &record);

// A byte count or a mean count: "10000", a mean that is not whole as "2.50".
std::string memory_count_text(double value);

// Strips the Markdown code marks of a cell or paragraph: "`ADKEX-128` ⚠" -> "ADKEX-128 ⚠".
std::string plain_text(std::string_view markdown_inline);

} // namespace kexbench
