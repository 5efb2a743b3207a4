// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli compare: two datasets (e.g. x86_1 and arm_1) side by side, as
// ratios B / A, rank tests over the trials, sizes and memory.
#include "cli.h"

#include "core/analysis/compare.h"
#include "core/analysis/verdict_check.h"
#include "core/base/discovery.h"
#include "core/data/dataset.h"
#include "core/data/dataset_source.h"
#include "core/base/fsutil.h"
#include "core/base/i18n.h"
#include "core/analysis/report.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace kexbench::cli {

namespace {

namespace fs = std::filesystem;

const char *kHelp = "usage: kexbench-cli compare A [B] [--system-a LABEL] [--system-b LABEL] [--candidate ID]\n"
                    "       kexbench-cli compare DATASET --a INSTANCE --b INSTANCE\n"
                    "                            [--margin PERCENT] [--campaign-spread PERCENT]\n"
                    "                            [--format md|csv] [--out FILE|DIR] [--lang en|zh_CN]\n"
                    "\n"
                    "Compares two datasets instance by instance and operation by operation: mean cycles\n"
                    "and mean time of each side with the ratios B / A (the published method), and a\n"
                    "trial-level test: each trial (one runner child) gives one value, its median\n"
                    "per-iteration time (kexbench samples) or its mean time (harness trial totals); each\n"
                    "side shows the median of its trial values with its 95 % interval, the ratio B / A\n"
                    "of those medians with its interval, and a two-sided Mann-Whitney U test over the\n"
                    "trials (alpha 0.05). The verdict reads the ratio's interval against a practical\n"
                    "margin: faster/slower when it lies wholly beyond 1 +/- margin, equivalent when wholly\n"
                    "inside, inconclusive when it straddles a bound; too few trials to ever reach alpha\n"
                    "(3 vs 3) give n/a.\n"
                    "Message sizes and memory side by side; kexbench's memory per operation (heap peak,\n"
                    "allocations/op, stack peak) of both sides with B / A, n/a with the reason where a\n"
                    "side has no figure (table compare-operation-memory); the rows present on one side only.\n"
                    "Notes say when the counters differ or their tick rates are unknown (then there is\n"
                    "no cycles ratio), a clock was not fixed, a trial was disturbed, a KAT did not pass,\n"
                    "and how fast each machine ran its speed probe.\n"
                    "\n"
                    "A and B are campaign folders, bundle files or ngcc-harness checkouts; in a checkout\n"
                    "--system-a / --system-b pick performance/data/LABEL. With one checkout, give it once\n"
                    "(or twice) with both options:\n"
                    "  kexbench-cli compare ngcc-harness --system-a x86_1 --system-b arm_1\n"
                    "With --a and --b, two instances of one dataset are compared, B against A. When the\n"
                    "campaign ran its trials in interleaved rounds (the default order), trial k of each ran\n"
                    "in round k: they are paired round by round (the Hodges-Lehmann ratio of the rounds\n"
                    "with its signed-rank interval, and the Wilcoxon signed-rank test), so the host's slow\n"
                    "phases cancel out; otherwise they are two samples and a note says so.\n"
                    "  kexbench-cli compare CAMPAIGN --a TriQ-KEX-128 --b TriQ-KEX-128-opt\n"
                    "A or B may also be a published report page (perf_<system>.md in the ngcc.dev layout):\n"
                    "it has trial-level figures only (no trials), so its figures are shown beside the other\n"
                    "side's (table compare-figures, with the precision they were printed to) and no verdict\n"
                    "is given; then nothing in common is not a failure.\n"
                    "\n"
                    "  --candidate ID   compare only this candidate, e.g. kex-01 (default: every candidate)\n"
                    "  --margin PERCENT the verdicts' practical margin, 0 to 50 (default 1: +/-1 %; 0 gives\n"
                    "                   the bare significance test)\n"
                    "  --campaign-spread PERCENT\n"
                    "                   the host's campaign-to-campaign spread (relative SD), added to the\n"
                    "                   interval of every unpaired verdict (two datasets, or a campaign not\n"
                    "                   run interleaved); default: the latest kexbench-cli bench verdicts\n"
                    "                   (<data home>/kexbench/verdict-check.json), else none and a note says\n"
                    "                   the intervals cover the trials only; 0: none\n"
                    "  --format FORMAT  md (default) or csv (one <table-id>.csv per table, needs --out DIR)\n"
                    "  --out PATH       output file (md; default stdout) or directory (csv)\n"
                    "  --lang LANG      language of the headings, columns, notes and verdicts: en (default)\n"
                    "                   or zh_CN (also zh, zh-CN); CSV column names stay English\n"
                    "\n"
                    "Problems found in the datasets are printed to stderr, one per line.\n"
                    "Exit codes: 0 written, 1 a dataset could not be read, a file could not be written, or\n"
                    "nothing in common (the one-sided rows are still written), 2 usage error.\n";

// ------------------------------------------------------------------ output

// ------------------------------------------------------------------ the command

// The host's campaign-to-campaign spread for unpaired verdicts: --campaign-spread
// PERCENT, else the latest `bench verdicts` (<data home>/verdict-check.json),
// else none (the note says it was not measured). False: a malformed option.
bool add_campaign_spread(const Args &args, CompareOptions &options)
{
    if (const auto given = args.value("--campaign-spread")) {
        double percent = -1;
        if (!parse_number(given, percent, 0, 50) || given->empty())
            return false;
        options.campaign_spread = percent / 100;
        options.campaign_spread_source = "given with --campaign-spread";
        return true;
    }
    const auto text = read_file((fs::path(user_data_home()) / kVerdictCheckFile).string(), 1 << 20);
    if (!text)
        return true;
    if (const auto check = parse_verdict_check(*text))
        apply_campaign_spread(options, *check);
    return true;
}

std::optional<Dataset> load(const std::string &path)
{
    auto dataset = load_dataset(path);
    if (!dataset) {
        std::fprintf(stderr, "kexbench-cli compare: %s\n", dataset.error().c_str());
        return std::nullopt;
    }
    for (const auto &problem : dataset->problems)
        std::fprintf(stderr, "warning: %s\n", problem.c_str());
    return std::move(dataset.value());
}

bool has_candidate(const Dataset &a, const Dataset &b, const std::string &candidate)
{
    const auto ca = a.candidates(), cb = b.candidates();
    if (std::find(ca.begin(), ca.end(), candidate) != ca.end() ||
        std::find(cb.begin(), cb.end(), candidate) != cb.end())
        return true;
    std::fprintf(stderr, "kexbench-cli compare: no candidate %s (%s: %s; %s: %s)\n", candidate.c_str(), a.root.c_str(),
                 names_or_none(ca).c_str(), b.root.c_str(), names_or_none(cb).c_str());
    return false;
}

int emit(const Comparison &comparison, const std::string &format, const std::optional<std::string> &out)
{
    const int rc = format == "csv" ? write_csv_tables("compare", comparison_tables(comparison), *out)
                                   : write_text_output("compare", render_markdown(comparison_report(comparison)), out);
    if (rc == kExitOk && comparison.operations.empty()) {
        std::fputs("kexbench-cli compare: no instance \u00d7 operation in common\n", stderr);
        // Beside a published page the figures side by side are the answer (compare-figures).
        return comparison.figures.empty() ? kExitFailure : kExitOk;
    }
    return rc;
}

// What every form shares: the output format, the language and the margin.
// nullopt after the usage error is printed (rc holds the exit code).
std::optional<CompareOptions> common_options(const Args &args, int &rc)
{
    rc = kExitUsage;
    const std::string format = args.value("--format").value_or("md");
    if (format != "md" && format != "csv") {
        rc = usage_error("compare", "--format must be md or csv");
        return std::nullopt;
    }
    if (format == "csv" && !args.value("--out")) {
        rc = usage_error("compare", "--format csv writes one file per table and needs --out DIR");
        return std::nullopt;
    }
    const auto language = parse_language(args.value("--lang").value_or("en"));
    if (!language) { // one line: the language asked for and the ones there are
        std::fprintf(stderr, "kexbench-cli compare: unknown language '%s' for --lang (use en or zh_CN)\n",
                     args.value("--lang")->c_str());
        return std::nullopt;
    }
    CompareOptions options;
    if (const auto margin = args.value("--margin")) {
        char *end = nullptr;
        const double percent = std::strtod(margin->c_str(), &end);
        if (margin->empty() || *end != '\0' || !(percent >= 0 && percent <= 50)) {
            rc = usage_error("compare", "--margin takes a percentage from 0 to 50, e.g. 1 or 0.5");
            return std::nullopt;
        }
        options.margin = percent / 100;
    }
    options.language = language_name(*language);
    if (!add_campaign_spread(args, options)) {
        rc = usage_error("compare", "--campaign-spread takes a percentage from 0 to 50 (0: none)");
        return std::nullopt;
    }
    return options;
}

int run_compare(const Args &args, CompareOptions options, const std::string &path_a, const std::string &path_b)
{
    const auto a = locate_campaign(path_a, args.value("--system-a"), "--system-a");
    const auto b = locate_campaign(path_b, args.value("--system-b"), "--system-b");
    if (!a || !b)
        return usage_error("compare", a ? b.error() : a.error());
    const auto da = load(*a);
    const auto db = da ? load(*b) : std::nullopt;
    if (!da || !db)
        return kExitFailure;
    options.candidate = args.value("--candidate").value_or("");
    if (!options.candidate.empty() && !has_candidate(*da, *db, options.candidate))
        return kExitFailure;
    return emit(compare_datasets(*da, *db, options), args.value("--format").value_or("md"), args.value("--out"));
}

// Both instances must be in the dataset: a misspelt name is one line naming the ones there are.
bool has_instance(const Dataset &d, const std::string &label)
{
    std::vector<std::string> labels;
    for (const std::string &candidate : d.candidates())
        for (const std::string &l : d.labels(candidate)) {
            if (l == label)
                return true;
            labels.push_back(l);
        }
    std::fprintf(stderr, "kexbench-cli compare: no instance %s in %s (instances: %s)\n", label.c_str(), d.root.c_str(),
                 names_or_none(labels).c_str());
    return false;
}

int run_compare_instances(const Args &args, const CompareOptions &options, const std::string &path)
{
    const auto located = locate_campaign(path, args.value("--system-a"), "--system-a");
    if (!located)
        return usage_error("compare", located.error());
    const auto d = load(*located);
    if (!d)
        return kExitFailure;
    const std::string a = *args.value("--a"), b = *args.value("--b");
    if (!has_instance(*d, a) || !has_instance(*d, b))
        return kExitFailure;
    return emit(compare_instances(*d, a, b, options), args.value("--format").value_or("md"), args.value("--out"));
}

int cmd_compare(const std::vector<std::string> &argv)
{
    Args args(argv,
              {"--system-a", "--system-b", "--candidate", "--margin", "--campaign-spread", "--format", "--out",
               "--lang", "--a", "--b"},
              {"--help", "-h"});
    if (!args.ok())
        return usage_error("compare", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    const auto &pos = args.positional();
    int rc = kExitUsage;
    const auto options = common_options(args, rc);
    if (!options)
        return rc;
    if (args.value("--a") || args.value("--b")) { // two instances of one dataset
        if (!args.value("--a") || !args.value("--b"))
            return usage_error("compare", "--a and --b name the two instances: give both");
        if (pos.size() != 1)
            return usage_error("compare", "with --a and --b, give one dataset");
        if (args.value("--candidate") || args.value("--system-b"))
            return usage_error("compare", "--a and --b pick the instances; --candidate and --system-b do not apply");
        return run_compare_instances(args, *options, pos.front());
    }
    if (pos.empty() || pos.size() > 2)
        return usage_error("compare", pos.empty() ? "A is missing" : "at most two datasets, A and B");
    // One checkout holding both systems: the --system options tell them apart.
    if (pos.size() == 1 && (!args.value("--system-a") || !args.value("--system-b")))
        return usage_error("compare", "B is missing (with one harness checkout, give --system-a and --system-b)");
    return run_compare(args, *options, pos.front(), pos.back());
}

const bool registered =
    register_command({"compare", "two datasets side by side: ratios, trial-level tests, sizes", cmd_compare});

} // namespace
} // namespace kexbench::cli
