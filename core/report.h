// SPDX-License-Identifier: GPL-3.0-or-later
// Candidate reports in the layout of the published ngcc.dev performance pages
// (sections 1-7 and "Symmetric primitives"). build_report() turns a Dataset
// into a model of plain strings, with every number already formatted as the
// pages format it (core/format.h); the renderers only lay that model out as
// Markdown, CSV or HTML, so all three show identical cells.
//
// Cell and paragraph text is Markdown inline text: `code` spans only (labels,
// file paths). render_csv drops the backticks; render_html turns them into <code>.
#pragma once

#include "core/dataset.h"

#include <optional>
#include <string>
#include <string_view>
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
    std::string accounting_file = "kex_bandwidth.csv";     // how section 6's notes name the accounting file
};

struct ReportTable {
    std::string id;                             // file-name safe; a section's main table has the section's id
    std::string title;                          // caption; empty for the harness-layout tables
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows; // each as long as header
    std::vector<std::string> notes;             // paragraphs shown under the table
};

struct ReportSection {
    std::string id;                      // "environment", "performance", "symmetric", ...
    std::string number;                  // "2"; empty for the unnumbered "Symmetric primitives"
    std::string title;                   // "Assessment environment"
    std::vector<std::string> paragraphs; // before the list and the tables
    std::vector<std::string> items;      // bullet list
    std::vector<ReportTable> tables;

    std::string heading() const;         // "4. Performance", "Symmetric primitives"
};

struct Report {
    std::string title;
    std::string system;                  // dataset system label, e.g. "arm_1"
    std::string candidate;               // as requested; empty = all
    std::vector<std::string> intro;
    std::vector<ReportSection> sections; // 1-6, Symmetric primitives, 7

    const ReportSection *section(std::string_view id) const; // nullptr when absent
    const ReportTable *table(std::string_view id) const;     // searched in every section
};

// Never fails: missing data becomes "–" cells or an explanatory paragraph.
Report build_report(const Dataset &dataset, const ReportOptions &options);

// The published page layout: "# title", "## 4. Performance", "| a | b |" rows
// under a "|---|---|" separator.
std::string render_markdown(const Report &report);
// RFC 4180: fields with a comma, quote, CR or LF are quoted and quotes doubled;
// every record ends in CRLF; UTF-8 without a byte-order mark. Header row first.
std::string render_csv(const ReportTable &table);
// A self-contained HTML5 page (embedded stylesheet, no scripts, no external
// resources); all text escaped.
std::string render_html(const Report &report);

// Strips the Markdown code marks of a cell or paragraph: "`ADKEX-128` ⚠" -> "ADKEX-128 ⚠".
std::string plain_text(std::string_view markdown_inline);

} // namespace kexbench
