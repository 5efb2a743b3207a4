// SPDX-License-Identifier: GPL-3.0-or-later
// Published report pages as datasets. Some candidates (NIIKE, Loom, ...) exist
// only as the ngcc.dev candidate pages (perf_<system>.md in the published
// Markdown layout: "# title", "## n. Title" sections, pipe tables, notes), with
// no raw timing records behind them. parse_published_page() reads such a page
// into a model; load_dataset() of a .md file in that layout returns a Dataset
// of kind "published page" that carries the model and one Record per row of
// its section 4, holding the page's figures parsed back into numbers (mean
// cycles, mean time, ops/s, median trial, n) and nothing else: a page has
// trial-level figures only, no per-trial values, no per-iteration samples, so
// no distribution and no significance test can ever come from it.
#pragma once

#include "core/base/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kexbench {

struct Dataset;

inline constexpr const char *kPublishedPageKind = "published page";

// One pipe table; cells are the page's Markdown inline text ("`LoomKEX-128`"), '\|' unescaped.
struct PublishedTable {
    std::string title; // a "**caption**" line right above it; usually empty
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows; // as printed (a short row is padded with empty cells)
    std::vector<std::string> notes;             // paragraphs after the table, before the next table or section
};

struct PublishedSection {
    std::string number;                  // "4"; empty for "## Symmetric primitives"
    std::string title;                   // "Performance"
    std::vector<std::string> paragraphs; // before the first table
    std::vector<std::string> items;      // "- " lines
    std::vector<PublishedTable> tables;
};

// A number as a page prints it: "548.9 k" -> 548900 with precision 50 (half a
// unit of the last printed digit, so the true figure lies within value ± precision).
struct PublishedFigure {
    double value = 0;
    double precision = 0;
    std::string text; // the cell as printed
};

// "548.9 k", "30.90 M", "4246" (cycles); "14.8 ms", "262 µs" (seconds);
// "67.8", "3.81e+03" (plain numbers). nullopt for "–" and anything else.
std::optional<PublishedFigure> parse_published_count(std::string_view cell);
std::optional<PublishedFigure> parse_published_time(std::string_view cell);
std::optional<PublishedFigure> parse_published_number(std::string_view cell);

// One row of section 4.
struct PublishedTiming {
    std::string label, operation;               // "LoomKEX-128", "pass1"
    std::optional<PublishedFigure> mean_cycles; // only when the column is "mean cycles"
    std::optional<PublishedFigure> mean_seconds, ops_per_second, median_trial_seconds;
    uint64_t measurements = 0;         // n of "230 (5 × 46)"
    int trials = 0;                    // 5
    uint64_t iterations_per_trial = 0; // 46
};

struct PublishedPage {
    std::string title;              // the "# " line
    std::string candidate;          // "kex-05": the folder name, else the title's first word
    std::string algorithm;          // section 1 "Algorithm: ...", else the title's second part
    std::string system;             // "x86_1": perf_<system>.md, else the title's "(system X)"
    std::vector<std::string> intro; // paragraphs between the title and the first section
    std::vector<PublishedSection> sections;
    std::vector<PublishedTiming> timings; // section 4's rows
    std::vector<std::string> problems;    // rows or cells that could not be read back

    const PublishedSection *section(std::string_view number) const; // "4"; nullptr when absent
};

// Parses a page's text. Fails when it is not in the published layout (no "# "
// title, or no "## 4. Performance" section with an instance/operation table).
// `path` gives the candidate folder and the perf_<system>.md file name.
Result<PublishedPage> parse_published_page(const std::string &text, const std::string &path);

// True when the path names a Markdown file (".md", any case).
bool is_markdown_page(const std::string &path);

// The page as a Dataset (kind "published page"): one Record per section 4 row
// (its figures, no trials; KAT and flags from section 3, RSS from section 5),
// one BuildEntry per instance (ELF image from section 5). Section 6 sizes stay
// in the page model only (no Record::sizes). No campaign.json: two pages of one
// harness campaign are two datasets.
Result<Dataset> load_published_page(const std::string &path);

// The sentence every view of a page dataset shows, in "en" or "zh_CN".
std::string published_page_notice(const std::string &system, const std::string &language = "en");

// "± 50" (half a unit of the figure's last printed digit) with the unit after it when one is given;
// "± 0.5 µs" for a time.
std::string published_precision_text(const PublishedFigure &figure, const std::string &unit);
std::string published_time_precision_text(const PublishedFigure &figure);

} // namespace kexbench
