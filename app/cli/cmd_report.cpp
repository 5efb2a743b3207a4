// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli report: a candidate page (Markdown, HTML or one CSV per table)
// from a campaign folder, a bundle or an ngcc-harness checkout.
#include "cli.h"

#include "core/dataset.h"
#include "core/dataset_source.h"
#include "core/fsutil.h"
#include "core/report.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace kexbench::cli {

namespace {

namespace fs = std::filesystem;

const char *kHelp =
    "usage: kexbench-cli report DIR [--system LABEL] [--candidate ID] [--format md|csv|html]\n"
    "                           [--out FILE|DIR] [--accounting FILE]\n"
    "\n"
    "Renders the performance report of one candidate in the layout of the published\n"
    "ngcc.dev pages: environment, KAT, timings, memory, message sizes and bandwidth,\n"
    "hash/DRNG shares and the evidence index; kexbench campaigns add their sample\n"
    "statistics in separate tables.\n"
    "\n"
    "DIR is a campaign folder (campaign.json, build.json, records/, ...), a bundle file,\n"
    "or an ngcc-harness checkout, where --system picks performance/data/LABEL (needed only\n"
    "when there are several systems; DIR may also be performance/ or performance/data/).\n"
    "\n"
    "  --candidate ID     candidate to report, e.g. kex-01 (default: the only one, else all)\n"
    "  --format FORMAT    md (default), html, or csv (one <table-id>.csv per table, needs --out DIR)\n"
    "  --out PATH         output file (md, html; default stdout) or directory (csv)\n"
    "  --accounting FILE  kex_bandwidth.csv (default: <campaign>/kex_bandwidth.csv, else in the harness\n"
    "                     layout performance/kex_bandwidth.csv); rows are found by candidate id and\n"
    "                     instance; without one section 6 falls back to the API sizes and says so\n"
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
                 ds.root.c_str(), joined(all).c_str());
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
    return write_text_output("report", format == "md" ? render_markdown(report) : render_html(report), out);
}

int run_report(const Args &args)
{
    const std::string format = args.value("--format").value_or("md");
    if (format != "md" && format != "csv" && format != "html")
        return usage_error("report", "--format must be md, csv or html");
    if (format == "csv" && !args.value("--out"))
        return usage_error("report", "--format csv writes one file per table and needs --out DIR");
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
    if (!accounting.path.empty())
        options.accounting_file = fs::path(accounting.path).filename().string();
    const Report report = build_report(*dataset, options);
    const int written = write_report(report, format, args.value("--out"));
    if (written != kExitOk || dataset->problems.empty())
        return written;
    // A report missing part of its evidence must not pass for a complete one in a script.
    std::fprintf(stderr, "kexbench-cli report: %zu problem(s) in the evidence of %s (listed above); the report leaves those files out\n",
                 dataset->problems.size(), source->c_str());
    return kExitFailure;
}

int cmd_report(const std::vector<std::string> &argv)
{
    Args args(argv, {"--system", "--candidate", "--format", "--out", "--accounting"}, {"--help", "-h"});
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

const bool registered = register_command({"report", "a candidate report (md, html, csv) from a campaign", cmd_report});

} // namespace
} // namespace kexbench::cli
