// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "core/campaign/campaign.h"
#include "core/base/discovery.h"
#include "core/base/format.h"
#include "core/campaign/hosted_campaign.h"
#include "core/analysis/stats.h"
#include "core/analysis/trial_stats.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace kexbench::cli {

namespace {

const char *kHelp = "usage: kexbench-cli run [--instance NAME...] [--op OP...] [--mode fixed|adaptive]\n"
                    "                        [--target S] [--budget S] [--trials N] [--precision P]\n"
                    "                        [--cpu N] [--system-label L] [--counter auto|perf|tsc|cntvct|ns]\n"
                    "                        [--manifest FILE] [--timeout S] [--order interleaved|harness]\n"
                    "                        [--seed N] [--retries N] [--memory-limit SIZE] [--no-kat]\n"
                    "                        [--no-stack] [--no-memory] [--no-profile] [--profile-iterations N]\n"
                    "                        [--host [user@]host[:port]...] [--ssh-config FILE]\n"
                    "                        [--remote-cache DIR] [--wall-times-from DIR]\n"
                    "                        [--runner FILE] [--runner-wrapper CMD] --out DIR\n"
                    "\n"
                    "Measures instances (names or .so paths; --instance may repeat or list several;\n"
                    "without it the default selection X25519-NIKE, SM2-KEX and MLKEM-UAKE-768)\n"
                    "in pinned kexbench-runner children and writes a campaign folder: campaign.json,\n"
                    "build.json, kat/<candidate>/<label>.log, records/<candidate>/<label>__<op>.json.\n"
                    "Two builds of one algorithm are measured side by side when named as variants:\n"
                    "--instance NAME@ref=PATH --instance NAME@opt=PATH2 (labels NAME@ref, NAME@opt; compare\n"
                    "them with compare DIR --a NAME@ref --b NAME@opt). Unnamed, two libraries of one name\n"
                    "are refused.\n"
                    "\n"
                    "  --op OP         exchange, init_a, init_b, pass<k>, derive_a, derive_b (default: all)\n"
                    "  --mode          fixed: the published harness plan (5 trials of max(ceil(target/t1), 20)\n"
                    "                  iterations, at most 20000); adaptive: trials (each a fresh child, at\n"
                    "                  least 6) until the 95 % CI over trials of the median of trial medians\n"
                    "                  is within --precision (default 0.005) or --budget ends\n"
                    "  --order         interleaved (default): the trials of all instance x operation pairs in\n"
                    "                  rounds, each round in a seeded random order (the seed is kept in\n"
                    "                  campaign.json; --seed N fixes it); a disturbed trial's re-run takes\n"
                    "                  the other instances' trials of that round with it, and adaptive\n"
                    "                  instances of one operation stop together; harness: one pair after\n"
                    "                  the other\n"
                    "  --retries N     re-runs of a disturbed trial (default 3): slower speed probe than the\n"
                    "                  campaign's fastest by > 3 %, > 1 % of its wall time lost to\n"
                    "                  preemption, steal or waiting, or other threads of the instance using\n"
                    "                  > 5 % of a CPU during it; every attempt stays in the record\n"
                    "  --target S      seconds per trial (fixed default 0.5, adaptive default 0.2)\n"
                    "  --budget S      seconds per operation (fixed default 300, adaptive default 60)\n"
                    "  --cpu N         pin every child to CPU N (default: none)\n"
                    "  --timeout S     seconds added to every timed child's timeout; also the whole timeout\n"
                    "                  of the KAT, describe and calibration children (default 60 s)\n"
                    "  --memory-limit SIZE  resident memory of each runner child, e.g. 512M or 8G (0: none;\n"
                    "                  default min(8 GiB, half the RAM)); a child passing it is killed and\n"
                    "                  its record fails: \"exceeded the memory limit of ...\"\n"
                    "  --no-stack      skip the stack probe of the memory pass (one untimed child per\n"
                    "                  operation); its heap pass still runs, so records keep heap_peak_bytes,\n"
                    "                  heap_allocations, heap_bytes_total and heap_exchanges; stack_bytes is absent\n"
                    "                  and kexbench.stack_note says why\n"
                    "  --no-memory     skip the whole memory pass (stack probe and heap pass, no extra child):\n"
                    "                  no stack or heap figures; kexbench.memory_passes_off in each record names\n"
                    "                  the passes that were off\n"
                    "  --no-profile    skip the hash/DRNG profile of exchange; by default an instance with a\n"
                    "                  profiled build (profiled/lib<name>.so beside it) also gets\n"
                    "                  profile/<candidate>/<label>__exchange.json (the report's Symmetric primitives)\n"
                    "  --profile-iterations N  profiled exchanges (default: the harness rule from the exchange\n"
                    "                  calibration's time t1, min(1000, max(3, ceil(1 s / t1))), 1 when t1 > 60 s;\n"
                    "                  never the timing plan); the profile JSON says which rule chose the count\n"
                    "\n"
                    "  --runner FILE   the kexbench-runner every child runs (default: the one beside kexbench-cli)\n"
                    "  --runner-wrapper CMD  start each child as CMD FILE ..., e.g. --runner-wrapper\n"
                    "                  \"qemu-aarch64 -L /usr/aarch64-linux-gnu\" with an aarch64 --runner and\n"
                    "                  KEXBENCH_INSTANCE_PATH naming that build's instances: an emulated campaign,\n"
                    "                  labelled emulated in its records and reports (its timings are not of\n"
                    "                  ARM hardware; use it to test a campaign's path, not to measure)\n"
                    "\n"
                    "  --host H        run the trials on another machine over ssh (repeat for several hosts of\n"
                    "                  one system: they share the campaign, instances dealt longest first);\n"
                    "                  kexbench copies its runner and the instances built for that machine's\n"
                    "                  architecture into a cache there (by sha256; only what changed travels)\n"
                    "                  and writes every record here as it arrives. Needs sshd and a POSIX shell\n"
                    "                  on the host and key authentication (BatchMode: no password prompts)\n"
                    "  --ssh-config FILE  passed to ssh -F\n"
                    "  --remote-cache DIR  the cache folder on the hosts (default ~/.cache/kexbench)\n"
                    "  --wall-times-from DIR  an earlier campaign whose wall times deal the instances\n"
                    "                  (default: this folder's own records; a calibration child for the rest)\n"
                    "\n"
                    "A library built by build-instance carries its build record (lib<name>.so.build.json): its\n"
                    "candidate id names the folders (records/<candidate>/...), its flags go to build.json, and\n"
                    "the KAT it was gated on is checked again when --manifest has no entry for the instance.\n"
                    "\n"
                    "An interrupted campaign (Ctrl-C, kill) resumes with the same command: complete records\n"
                    "are kept. Exit code 0 when every record is complete, 1 otherwise.\n";

std::atomic<bool> g_cancel{false};

void on_interrupt(int) { g_cancel.store(true); }

// Progress bar on a terminal, one plain line per event otherwise.
class Progress : public CampaignObserver {
public:
    explicit Progress(bool tty) : tty_(tty) {}

    void on_event(const CampaignEvent &e) override
    {
        // A campaign shared by several hosts interleaves their lines: each names its host.
        prefix_ = e.host.empty() ? std::string() : "[" + e.host + "] ";
        switch (e.kind) {
        case CampaignEvent::Started:
            line("kexbench: " + e.message);
            break;
        case CampaignEvent::Warning:
            line("WARNING: " + e.message);
            break;
        case CampaignEvent::InstanceStarted:
            line(e.instance);
            break;
        case CampaignEvent::KatPassed:
            line("  " + e.message);
            break; // a KAT that did not pass is a WARNING
        case CampaignEvent::InstanceProblem:
            line("PROBLEM: " + e.message);
            break;
        case CampaignEvent::RecordResumed:
            line("  " + e.operation + ": resumed (record already complete)");
            break;
        case CampaignEvent::RecordWritten:
            written(e);
            break;
        case CampaignEvent::TrialDone:
        case CampaignEvent::OperationStarted:
            bar(e);
            break;
        case CampaignEvent::Finished:
            line(e.message == "cancelled" ? "cancelled: finished records kept" : "done");
            break;
        }
    }

private:
    // Interleaved campaigns finish records in any order, so each line names its instance.
    void written(const CampaignEvent &e)
    {
        std::string text = "  " + e.instance + " " + e.operation + ": ";
        const Record *r = e.record;
        if (r && r->status == "complete" && r->mean_seconds) {
            text += fmt::fmt_time(r->mean_seconds) + " mean over calls";
            if (auto t = trial_estimate(*r); t && t->statistic == TrialStatistic::median_of_trial_medians) {
                text += ", " + fmt::fmt_time(t->center * 1e-9) + " median of " + std::to_string(t->trials()) +
                        " trial medians (95 % CI ";
                text += t->ci.reached ? fmt::fmt_time(t->ci.low * 1e-9) + " \u2013 " + fmt::fmt_time(t->ci.high * 1e-9)
                                      : ci_unavailable_reason(*t);
                text += ")";
            }
            text += ", n = " + std::to_string(r->measurements);
            if (r->disturbed_retries > 0)
                text += ", " + std::to_string(r->disturbed_retries) + " disturbed trial(s) retried";
            if (r->kexbench && r->kexbench->disturbed)
                text += "; " + r->kexbench->reason; // "disturbed: no clean attempt of trial ..."
        } else {
            text += "FAILED " + e.message;
        }
        if (!e.replaces.empty()) // the sweep wrote the record again: say which line stands
            text += "; " + e.replaces;
        line(text);
    }
    void bar(const CampaignEvent &e)
    {
        if (!tty_)
            return;
        const int width = 30;
        const int filled = static_cast<int>(e.fraction_done * width);
        std::string b(filled, '#');
        b.resize(width, '.');
        std::string trial = e.trials > 0  ? " trial " + std::to_string(e.trial) + "/" + std::to_string(e.trials)
                            : e.trial > 0 ? " trial " + std::to_string(e.trial)
                                          : "";
        std::fprintf(stderr, "\r\033[K[%s] %3.0f%%  ETA %s  %s %s%s", b.c_str(), e.fraction_done * 100,
                     fmt::clock_duration(e.eta_s).c_str(), e.instance.c_str(), e.operation.c_str(), trial.c_str());
        std::fflush(stderr);
        bar_shown_ = true;
    }
    void line(const std::string &text)
    {
        if (bar_shown_)
            std::fprintf(stderr, "\r\033[K");
        bar_shown_ = false;
        std::printf("%s%s\n", prefix_.c_str(), text.c_str());
        std::fflush(stdout);
    }

    bool tty_;
    bool bar_shown_ = false;
    std::string prefix_; // "[host] " of the event being shown; empty on this machine
};

// --instance NAME@VARIANT=PATH (or NAME@VARIANT: NAME found as usual): the
// library measured under the label NAME@VARIANT; anything else is a name or a path.
struct NamedVariant {
    std::string label;   // "TriQ-KEX-128@opt"; empty: not a variant
    std::string library; // what resolve_instance is given
};

NamedVariant named_variant(const std::string &argument)
{
    const size_t at = argument.find('@');
    if (at == std::string::npos || at == 0 || argument.find('/') < at)
        return {"", argument};
    const size_t eq = argument.find('=', at);
    if (eq == std::string::npos)
        return {argument, argument.substr(0, at)};
    return {argument.substr(0, eq), argument.substr(eq + 1)};
}

// Fills options from the arguments; an empty string means success.
std::string configure(const Args &args, CampaignOptions &o)
{
    o.mode = args.value("--mode").value_or("fixed");
    if (o.mode != "fixed" && o.mode != "adaptive")
        return "--mode is fixed or adaptive";
    o.planning.trial_target_s = 0.5;
    o.planning.op_budget_s = 300;
    double trials = o.planning.trials, cpu = -1, slack = o.planning.timeout_slack_s;
    double &target = o.mode == "fixed" ? o.planning.trial_target_s : o.adaptive.trial_target_s;
    double &budget = o.mode == "fixed" ? o.planning.op_budget_s : o.adaptive.budget_s;
    if (!parse_number(args.value("--target"), target, 1e-4, 3600))
        return "--target takes seconds (0.0001 to 3600)";
    if (!parse_number(args.value("--budget"), budget, 0.01, 86400))
        return "--budget takes seconds (0.01 to 86400)";
    if (!parse_number(args.value("--trials"), trials, 1, 1000))
        return "--trials takes 1 to 1000";
    if (!parse_number(args.value("--precision"), o.adaptive.precision, 1e-6, 1))
        return "--precision takes a fraction (e.g. 0.005)";
    if (!parse_number(args.value("--cpu"), cpu, 0, 4095))
        return "--cpu takes a CPU number";
    if (!parse_number(args.value("--timeout"), slack, 0.1, 86400))
        return "--timeout takes seconds";
    double retries = o.retries, seed = -1;
    if (!parse_number(args.value("--retries"), retries, 0, 100))
        return "--retries takes 0 to 100";
    if (!parse_number(args.value("--seed"), seed, 0, 9007199254740991.0))
        return "--seed takes a whole number";
    if (!parse_memory_limit(args, o.runner.memory_limit_bytes))
        return "--memory-limit takes a size such as 512M or 8G (0: none)";
    o.retries = static_cast<int>(retries);
    if (seed >= 0)
        o.seed = static_cast<uint64_t>(seed);
    o.order = args.value("--order").value_or("interleaved");
    if (o.order != "interleaved" && o.order != "harness")
        return "--order is interleaved or harness";
    o.planning.trials = static_cast<int>(trials);
    if (cpu >= 0)
        o.cpu = static_cast<int>(cpu);
    o.planning.timeout_slack_s = slack;
    if (args.value("--timeout")) {
        // One bound for the children that have no plan yet: KAT check, describe, calibration.
        o.calibration_timeout_s = slack;
        o.runner.timeout = std::chrono::milliseconds(static_cast<long long>(slack * 1000));
    }
    o.operations = args.values("--op");
    o.system_label = args.value("--system-label").value_or("");
    o.counter = args.value("--counter").value_or("auto");
    o.kat = !args.flag("--no-kat");
    o.stack = !args.flag("--no-stack") && !args.flag("--no-memory");
    o.heap = !args.flag("--no-memory");
    o.profile = !args.flag("--no-profile");
    double profile_iterations = 0;
    if (!parse_number(args.value("--profile-iterations"), profile_iterations, 1, 100000000) ||
        profile_iterations != static_cast<double>(static_cast<uint64_t>(profile_iterations)))
        return "--profile-iterations takes a whole number from 1 to 100000000";
    o.profile_iterations = static_cast<uint64_t>(profile_iterations);
    o.out_dir = args.value("--out").value_or("");
    if (o.out_dir.empty())
        return "--out DIR is required";
    return parse_runner_options(args, o.runner);
}

// A campaign on other hosts over ssh: the same folder, records written here.
int run_on_hosts(const Args &args, CampaignOptions options, CampaignObserver &progress)
{
    HostedCampaignOptions hosted;
    hosted.campaign = std::move(options);
    hosted.hosts = args.values("--host");
    hosted.remote.ssh_config = args.value("--ssh-config").value_or("");
    hosted.remote.cache_dir = args.value("--remote-cache").value_or(hosted.remote.cache_dir);
    hosted.remote.cancel = &g_cancel;
    hosted.wall_times_from = args.value("--wall-times-from").value_or("");
    auto result = run_hosted_campaign(hosted, progress, g_cancel);
    if (!result) {
        std::fprintf(stderr, "kexbench-cli run: %s\n", result.error().c_str());
        return kExitFailure;
    }
    const CampaignSummary &summary = result->summary;
    for (const HostShare &share : result->shares)
        std::printf("%s: %zu instance(s) in %.1f s%s\n", share.host.c_str(), share.instances.size(), share.wall_s,
                    share.dropped.empty() ? "" : (" (dropped out: " + share.dropped + ")").c_str());
    std::printf("%d record(s) written, %d resumed, %d failed; campaign in %s\n", summary.records_written,
                summary.records_resumed, summary.records_failed, summary.out_dir.c_str());
    const bool clean = !summary.cancelled && summary.records_failed == 0 && summary.problems.empty();
    return clean ? kExitOk : kExitFailure;
}

int cmd_run(const std::vector<std::string> &argv)
{
    Args args(
        argv,
        {"--instance...", "--op...",      "--mode",         "--target",          "--budget",   "--trials",
         "--precision",   "--cpu",        "--system-label", "--counter",         "--manifest", "--timeout",
         "--order",       "--seed",       "--retries",      "--memory-limit",    "--out",      "--profile-iterations",
         "--host...",     "--ssh-config", "--remote-cache", "--wall-times-from", "--runner",   "--runner-wrapper"},
        {"--no-kat", "--no-stack", "--no-memory", "--no-profile", "--help", "-h"});
    if (!args.ok())
        return usage_error("run", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    CampaignOptions options;
    if (std::string error = configure(args, options); !error.empty())
        return usage_error("run", error);
    // Instances named after --instance, and as plain words (a .so path anywhere).
    std::vector<std::string> names = args.values("--instance");
    names.insert(names.end(), args.positional().begin(), args.positional().end());
    if (names.empty())
        names = default_selection();

    const DiscoveredFiles found = discover_instance_files(instance_search_path());
    for (const auto &name : names) {
        const NamedVariant named = named_variant(name);
        auto lib = resolve_instance(named.library, found);
        if (!lib) {
            std::fprintf(stderr, "kexbench-cli run: %s\n", lib.error().c_str());
            return kExitFailure;
        }
        options.libraries.push_back(*lib);
        options.variants.push_back(named.label);
    }
    std::vector<std::string> manifests = found.manifests;
    if (auto m = args.value("--manifest")) {
        manifests = {*m};
        options.manifest_given = true;
    }
    for (const auto &file : manifests) {
        auto entries = read_kat_manifest(file);
        if (!entries) {
            std::fprintf(stderr, "kexbench-cli run: %s\n", entries.error().c_str());
            return kExitFailure;
        }
        options.manifest.insert(options.manifest.end(), entries->begin(), entries->end());
    }

    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    Progress progress(::isatty(STDERR_FILENO));
    if (!args.values("--host").empty())
        return run_on_hosts(args, std::move(options), progress);
    auto summary = run_campaign(options, progress, g_cancel);
    if (!summary) {
        std::fprintf(stderr, "kexbench-cli run: %s\n", summary.error().c_str());
        return kExitFailure;
    }
    std::printf("%d record(s) written, %d resumed, %d failed; campaign in %s\n", summary->records_written,
                summary->records_resumed, summary->records_failed, summary->out_dir.c_str());
    const bool clean = !summary->cancelled && summary->records_failed == 0 && summary->problems.empty();
    return clean ? kExitOk : kExitFailure;
}

const bool registered =
    register_command({"run", "measure instances into a campaign folder (records, KAT, environment)", cmd_run});

} // namespace
} // namespace kexbench::cli
