// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli bench verdicts: how often kexbench's verdicts are wrong on
// this host, where the truth is known. K interleaved campaigns of the built-in
// self-check workloads (kex/selfcheck: twins and siblings with 2 % and 5 %
// more work), each compared round by round inside the campaign and against
// the campaign before it; the tallies, their Clopper-Pearson intervals and
// the host's campaign-to-campaign spread go to <data home>/verdict-check.json,
// which compare and the workbench read (core/analysis/verdict_check.h).
#include "cli.h"

#include "core/analysis/verdict_check.h"
#include "core/base/affinity.h"
#include "core/base/discovery.h"
#include "core/base/format.h"
#include "core/base/fsutil.h"
#include "core/base/text_table.h"
#include "core/base/utc_time.h"
#include "core/campaign/campaign.h"
#include "core/data/dataset.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>

namespace fs = std::filesystem;

namespace kexbench::cli {

namespace {

std::atomic<bool> g_verdicts_cancel{false};
void on_verdicts_signal(int) { g_verdicts_cancel = true; }

struct Quiet : CampaignObserver {
    void on_event(const CampaignEvent &) override {}
};

struct Settings {
    int campaigns = 6, rounds = 90;
    double margin = 0.01, target_s = 0.05;
    double over_s = 0; // campaign k starts no earlier than (k - 1) / (K - 1) of this span
    std::optional<int> cpu;
    std::string out_file, keep_dir;
};

std::string host_name()
{
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return host;
}

std::string configure(const Args &args, Settings &s)
{
    double campaigns = s.campaigns, rounds = s.rounds, margin = 100 * s.margin, cpu = -1, over_min = 0;
    if (!parse_number(args.value("--campaigns"), campaigns, 2, 1000))
        return "--campaigns takes 2 to 1000";
    if (!parse_number(args.value("--rounds"), rounds, 6, 1000))
        return "--rounds takes 6 to 1000 (fewer rounds cannot reach p <= 0.05)";
    if (!parse_number(args.value("--margin"), margin, 0, 50))
        return "--margin takes a percentage from 0 to 50";
    if (!parse_number(args.value("--target"), s.target_s, 0.001, 10))
        return "--target takes seconds per trial (0.001 to 10)";
    if (!parse_number(args.value("--cpu"), cpu, 0, 4095))
        return "--cpu takes a CPU number";
    if (!parse_number(args.value("--over"), over_min, 0, 7 * 24 * 60))
        return "--over takes minutes (0 to a week)";
    s.over_s = 60 * over_min;
    s.campaigns = static_cast<int>(campaigns);
    s.rounds = static_cast<int>(rounds);
    s.margin = margin / 100;
    s.cpu =
        cpu >= 0 ? std::optional<int>(static_cast<int>(cpu)) : std::optional<int>(std::max(0, default_measuring_cpu()));
    s.out_file = args.value("--out").value_or((fs::path(user_data_home()) / kVerdictCheckFile).string());
    s.keep_dir = args.value("--keep").value_or("");
    return {};
}

std::vector<std::string> selfcheck_libraries()
{
    std::vector<std::string> libs;
    for (const char *name : {kSelfCheckA, kSelfCheckTwin, kSelfCheck102, kSelfCheck105})
        libs.push_back((fs::path(selfcheck_instance_dir()) / ("lib" + std::string(name) + ".so")).string());
    return libs;
}

// One interleaved campaign of the four workloads, exchange only, read back.
Result<Dataset> run_one(const Settings &s, const std::string &dir)
{
    CampaignOptions o;
    o.libraries = selfcheck_libraries();
    o.operations = {"exchange"};
    o.order = "interleaved";
    o.planning.trials = s.rounds;
    o.planning.trial_target_s = s.target_s;
    o.cpu = s.cpu;
    o.kat = o.stack = o.heap = o.profile = false;
    o.out_dir = dir;
    Quiet quiet;
    auto summary = run_campaign(o, quiet, g_verdicts_cancel);
    if (!summary)
        return fail(summary.error());
    if (summary->cancelled)
        return fail("cancelled");
    if (summary->records_written != 4)
        return fail("the campaign wrote " + std::to_string(summary->records_written) + " of 4 records" +
                    (summary->problems.empty() ? std::string() : ": " + names_or_none(summary->problems)));
    return load_dataset(dir);
}

// The exchange row's verdict test of a comparison; nullptr when it has none.
const SampleTest *exchange_test(const Comparison &c)
{
    for (const OperationComparison &row : c.operations)
        if (row.operation == "exchange")
            return row.verdict_test();
    return nullptr;
}

std::string verdict_cell(const SampleTest *t, double margin)
{
    if (!t)
        return "n/a";
    return ratio_cell(t->median_ratio) + " " + verdict_words(t->verdict, margin, "en");
}

// One workload of a dataset, named `as` (so two campaigns' different workloads can be compared).
Dataset only(const Dataset &d, const std::string &label, const std::string &as)
{
    Dataset one = d;
    one.records.clear();
    for (const Record &r : d.records)
        if (r.label == label) {
            Record copy = r;
            copy.label = copy.instance = as;
            one.records.push_back(std::move(copy));
        }
    return one;
}

Verdict tally(VerdictCheck &check, const std::string &row, const SampleTest *t)
{
    const Verdict v = t ? t->verdict : Verdict::too_few_trials;
    check.row(row)->count.add(v);
    return v;
}

void paired_verdicts(VerdictCheck &check, const Dataset &d, std::string &line)
{
    CompareOptions o;
    o.margin = check.margin;
    const std::pair<const char *, const char *> rows[] = {
        {"twins-paired", kSelfCheckTwin}, {"sibling2-paired", kSelfCheck102}, {"sibling5-paired", kSelfCheck105}};
    for (const auto &[row, b] : rows) {
        const Comparison c = compare_instances(d, kSelfCheckA, b, o);
        const SampleTest *t = exchange_test(c);
        tally(check, row, t);
        line += std::string(line.empty() ? "" : "; ") + b + " " + verdict_cell(t, check.margin);
    }
}

// Consecutive campaigns, unpaired, with the campaign spread the whole check measured.
void across_verdicts(VerdictCheck &check, const std::vector<Dataset> &campaigns)
{
    CompareOptions o;
    o.margin = check.margin;
    o.campaign_spread = check.campaign_spread.value_or(0);
    o.campaign_spread_source = "this check's own campaigns";
    for (size_t i = 1; i < campaigns.size(); ++i) {
        const Dataset before = only(campaigns[i - 1], kSelfCheckA, kSelfCheckA);
        tally(check, "twins-across",
              exchange_test(compare_datasets(before, only(campaigns[i], kSelfCheckA, kSelfCheckA), o)));
        tally(check, "sibling2-across",
              exchange_test(compare_datasets(before, only(campaigns[i], kSelfCheck102, kSelfCheckA), o)));
    }
}

std::optional<double> spread_of(const std::vector<Dataset> &campaigns)
{
    std::vector<std::vector<double>> centres(4);
    const char *names[] = {kSelfCheckA, kSelfCheckTwin, kSelfCheck102, kSelfCheck105};
    for (const Dataset &d : campaigns)
        for (size_t w = 0; w < 4; ++w)
            if (const Record *r = d.record_for(names[w], "exchange"))
                if (auto e = trial_estimate(*r); e && e->center > 0)
                    centres[w].push_back(std::log(e->center));
    if (campaigns.size() < 3)
        return std::nullopt;
    return pooled_campaign_spread(centres);
}

// --over spreads the campaigns over a span, so the check meets the host's
// phases of a whole afternoon rather than of one busy quarter hour: campaign k
// waits, if it is early, for its share (k - 1) / (K - 1) of the span.
bool wait_for_slot(const Settings &s, int k, std::chrono::steady_clock::time_point start)
{
    if (s.over_s <= 0 || s.campaigns < 2)
        return true;
    const auto due = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(s.over_s * (k - 1) / (s.campaigns - 1)));
    while (std::chrono::steady_clock::now() < due) {
        if (g_verdicts_cancel)
            return false;
        ::usleep(200 * 1000);
    }
    return !g_verdicts_cancel;
}

int refuse(const std::string &why)
{
    std::fprintf(stderr, "kexbench-cli bench verdicts: %s\n", why.c_str());
    return kExitFailure;
}

void print_result(const VerdictCheck &check)
{
    const ReportTable table = verdict_check_table(check);
    TextTable text(table.header);
    text.align_right({1, 2, 3, 4, 5, 6, 7});
    for (const auto &row : table.rows)
        text.add_row(row);
    std::printf("\n%s\n%s", table.title.c_str(), text.render().c_str());
    for (const auto &note : table.notes)
        std::printf("%s\n", note.c_str());
}

} // namespace

int bench_verdicts(const Args &args)
{
    Settings s;
    if (std::string error = configure(args, s); !error.empty())
        return usage_error("bench", error);
    for (const std::string &lib : selfcheck_libraries())
        if (!fs::is_regular_file(lib))
            return refuse("the self-check workload " + lib + " is missing (it is built with kexbench, kex/selfcheck)");
    struct sigaction sa {};
    sa.sa_handler = on_verdicts_signal;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    VerdictCheck check = empty_verdict_check(s.margin);
    check.campaigns = s.campaigns;
    check.rounds = s.rounds;
    check.host = host_name();
    check.started_utc = utc_now();
    std::printf("verdict self-check: %d interleaved campaigns of %d rounds (%s, %s, %s, %s; exchange, %s s a "
                "trial, CPU %d), margin %s%s\n",
                s.campaigns, s.rounds, kSelfCheckA, kSelfCheckTwin, kSelfCheck102, kSelfCheck105,
                fmt::py_format(s.target_s, 'g', 3).c_str(), *s.cpu, margin_text(s.margin).c_str(),
                s.over_s > 0 ? (", spread over " + fmt::py_format(s.over_s / 60, 'g', 4) + " min").c_str() : "");
    std::fflush(stdout);
    const auto start = std::chrono::steady_clock::now();
    std::vector<Dataset> campaigns;
    char tmpl[] = "/tmp/kexbench-verdicts-XXXXXX";
    const std::string work = s.keep_dir.empty() ? std::string(::mkdtemp(tmpl)) : s.keep_dir;
    for (int k = 1; k <= s.campaigns; ++k) {
        if (!wait_for_slot(s, k, start))
            return refuse("cancelled before campaign " + std::to_string(k));
        const auto begun = std::chrono::steady_clock::now();
        const std::string dir = (fs::path(work) / ("campaign-" + std::to_string(k))).string();
        auto data = run_one(s, dir);
        if (s.keep_dir.empty())
            fs::remove_all(dir);
        if (!data)
            return refuse("campaign " + std::to_string(k) + ": " + data.error());
        std::string line;
        paired_verdicts(check, *data, line);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
        std::printf("campaign %d/%d (%.0f s): %s\n", k, s.campaigns, seconds, line.c_str());
        std::fflush(stdout);
        campaigns.push_back(std::move(*data));
    }
    if (s.keep_dir.empty())
        fs::remove_all(work);
    check.campaign_spread = spread_of(campaigns);
    across_verdicts(check, campaigns);
    check.ended_utc = utc_now();
    check.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    print_result(check);
    std::printf("%s\n", verdict_check_summary(check).c_str());
    std::error_code ec;
    fs::create_directories(fs::path(s.out_file).parent_path(), ec);
    if (auto written = write_file_atomic(s.out_file, verdict_check_json(check).dump(2) + "\n"); !written)
        return refuse(s.out_file + ": " + written.error());
    std::printf("kept in %s (the workbench and compare read it)\n", s.out_file.c_str());
    return kExitOk;
}

} // namespace kexbench::cli
