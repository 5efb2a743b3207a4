// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli report: a candidate page (Markdown, HTML or one CSV per table)
// from a campaign folder, a bundle or an ngcc-harness checkout.
#include "cli.h"

#include "core/data/dataset.h"
#include "core/data/dataset_source.h"
#include "core/base/fsutil.h"
#include "core/base/i18n.h"
#include "core/analysis/report.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace kexbench::cli {

namespace {

namespace fs = std::filesystem;

const char *kHelp =
    "usage: kexbench-cli report DIR [--system LABEL] [--candidate ID] [--format md|csv|html|json]\n"
    "                           [--out FILE|DIR] [--accounting FILE] [--lang en|zh_CN]\n"
    "\n"
    "Renders the performance report of one candidate in the layout of the published\n"
    "ngcc.dev pages: environment, KAT, timings, memory, message sizes and bandwidth,\n"
    "hash/DRNG shares and the evidence index; kexbench campaigns add their sample\n"
    "statistics and their memory per operation (heap peak, allocations/op, stack peak,\n"
    "table resources-kexbench) in separate tables.\n"
    "\n"
    "DIR is a campaign folder (campaign.json, build.json, records/, ...), a bundle file,\n"
    "or an ngcc-harness checkout, where --system picks performance/data/LABEL (needed only\n"
    "when there are several systems; DIR may also be performance/ or performance/data/).\n"
    "DIR may also be a published report page (perf_<system>.md in the ngcc.dev layout): its\n"
    "sections and tables are given back cell for cell, marked as a published page with\n"
    "trial-level figures only (no per-iteration samples, no distributions).\n"
    "\n"
    "  --candidate ID     candidate to report, e.g. kex-01 (default: the only one, else all)\n"
    "  --format FORMAT    md (default), html, csv (one <table-id>.csv per table, needs --out DIR; plain\n"
    "                     numbers in base units, the unit in the column name: mean_seconds, peak_rss_bytes)\n"
    "                     or json (every table's columns and rows of numbers, strings and null)\n"
    "  --out PATH         output file (md, html, json; default stdout) or directory (csv)\n"
    "  --accounting FILE  kex_bandwidth.csv (default: <campaign>/kex_bandwidth.csv, else in the harness\n"
    "                     layout performance/kex_bandwidth.csv); rows are found by candidate id and\n"
    "                     instance; without one section 6 falls back to the API sizes and says so\n"
    "  --lang LANG        language of the report's text: en (default) or zh_CN (also zh, zh-CN);\n"
    "                     identifiers, file names, units and numbers stay as they are\n"
    "\n"
    "Problems found in the dataset (files that cannot be read, impossible values) are printed to\n"
    "stderr, one per line; the report is still written without those files, and the exit code is 1.\n"
    "Exit codes: 0 written from evidence without problems, 1 the evidence has problems, nothing to\n"
    "report, or a file could not be read/written, 2 usage error.\n";

// The named candidate, or the dataset's only one; empty = every candidate.
std::optional<std::string> pick_candidate(const Dataset &ds, const std::optional<std::string> &wanted)
{
    const auto all = ds.candidates();
    if (!wanted)
        return all.size() == 1 ? all.front() : std::string();
    for (const auto &c : all)
        if (c == *wanted)
            return c;
    std::fprintf(stderr, "kexbench-cli report: no candidate %s in %s (candidates: %s)\n", wanted->c_str(),
                 ds.root.c_str(), names_or_none(all).c_str());
    return std::nullopt;
}

std::vector<ReportTable> tables_of(const Report &report)
{
    std::vector<ReportTable> tables;
    for (const auto &section : report.sections)
        tables.insert(tables.end(), section.tables.begin(), section.tables.end());
    return tables;
}

int write_report(const Report &report, const std::string &format, const std::optional<std::string> &out)
{
    if (format == "csv")
        return write_csv_tables("report", tables_of(report), *out);
    if (format == "json")
        return write_text_output("report", render_json(report), out);
    return write_text_output("report", format == "md" ? render_markdown(report) : render_html(report), out);
}

int run_report(const Args &args)
{
    const std::string format = args.value("--format").value_or("md");
    if (format != "md" && format != "csv" && format != "html" && format != "json")
        return usage_error("report", "--format must be md, csv, html or json");
    if (format == "csv" && !args.value("--out"))
        return usage_error("report", "--format csv writes one file per table and needs --out DIR");
    const auto language = parse_language(args.value("--lang").value_or("en"));
    if (!language) { // one line: the language asked for and the ones there are
        std::fprintf(stderr, "kexbench-cli report: unknown language '%s' for --lang (use en or zh_CN)\n",
                     args.value("--lang")->c_str());
        return kExitUsage;
    }
    const auto source = locate_campaign(args.positional().front(), args.value("--system"));
    if (!source)
        return usage_error("report", source.error());
    auto dataset = load_dataset(*source);
    if (!dataset) {
        std::fprintf(stderr, "kexbench-cli report: %s\n", dataset.error().c_str());
        return kExitFailure;
    }
    for (const auto &problem : dataset->problems)
        std::fprintf(stderr, "warning: %s\n", problem.c_str());
    const auto candidate = pick_candidate(*dataset, args.value("--candidate"));
    if (!candidate)
        return kExitFailure;
    if (dataset->records.empty()) {
        std::fprintf(stderr, "kexbench-cli report: no timing records in %s\n", source->c_str());
        return kExitFailure;
    }
    Accounting accounting = load_accounting(*source, args.value("--accounting"));
    if (!accounting.error.empty()) {
        std::fprintf(stderr, "kexbench-cli report: %s\n", accounting.error.c_str());
        return kExitFailure;
    }
    ReportOptions options;
    options.candidate = *candidate;
    options.accounting = std::move(accounting.entries);
    options.accounting_note = accounting.note;
    options.language = language_name(*language);
    if (!accounting.path.empty())
        options.accounting_file = fs::path(accounting.path).filename().string();
    const Report report = build_report(*dataset, options);
    const int written = write_report(report, format, args.value("--out"));
    if (written != kExitOk || dataset->problems.empty())
        return written;
    // A report missing part of its evidence must not pass for a complete one in a script.
    std::fprintf(
        stderr,
        "kexbench-cli report: %zu problem(s) in the evidence of %s (listed above); the report leaves those files out\n",
        dataset->problems.size(), source->c_str());
    return kExitFailure;
}

int cmd_report(const std::vector<std::string> &argv)
{
    Args args(argv, {"--system", "--candidate", "--format", "--out", "--accounting", "--lang"}, {"--help", "-h"});
    if (!args.ok())
        return usage_error("report", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    if (args.positional().size() != 1)
        return usage_error("report", args.positional().empty() ? "DIR is missing" : "exactly one DIR expected");
    return run_report(args);
}

const bool registered =
    register_command({"report", "a candidate report (md, html, csv, json) from a campaign", cmd_report});

} // namespace
} // namespace kexbench::cli
