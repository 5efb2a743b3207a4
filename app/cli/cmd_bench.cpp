// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli bench: figures about kexbench itself, measured the same way it
// measures instances (runner children), printed as ratios and medians.
#include "cli.h"

#include "core/campaign/campaign.h"
#include "core/data/dataset.h"
#include "core/base/affinity.h"
#include "core/base/discovery.h"
#include "core/base/format.h"
#include "core/base/fsutil.h"
#include "core/campaign/stability.h"
#include "core/analysis/stats.h"
#include "core/analysis/trial_stats.h"

#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <algorithm>
#include <chrono>
#include <iterator>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace fs = std::filesystem;

namespace kexbench::cli {

namespace {

const char *kHelp = "usage: kexbench-cli bench floor [--instance NAME|LIB] [--cpu N]\n"
                    "       kexbench-cli bench spread [--instance NAME|LIB] [--runs N] [--cpu N]\n"
                    "       kexbench-cli bench stability [--instance NAME|LIB] [--op OP] [--runs K]\n"
                    "                                    [--load off|alternate] [--mode adaptive|fixed]\n"
                    "                                    [--precision P] [--budget S] [--cpu N]\n"
                    "       kexbench-cli bench verdicts [--campaigns K] [--rounds R] [--margin PCT]\n"
                    "                                   [--target S] [--cpu N] [--over MIN] [--out FILE] [--keep DIR]\n"
                    "       kexbench-cli bench io\n"
                    "\n"
                    "floor      the timer floor: the cost of timing a step that does nothing (default the\n"
                    "           null-2p test fixture; put its folder on KEXBENCH_INSTANCE_PATH), raw and after\n"
                    "           subtracting the timer overhead, per operation\n"
                    "spread     the relative spread of N (default 5) repeated fixed-mode campaigns of one\n"
                    "           operation (default X25519-NIKE exchange): (max - min) / median of their means\n"
                    "           and of their medians\n"
                    "stability  whether the trial-level 95 % CI holds across K (default 10) independent\n"
                    "           campaigns of one instance (default X25519-NIKE) and operation (--op, default\n"
                    "           exchange), each in a fresh folder, pinned to --cpu (default: the last CPU this\n"
                    "           process may use): per run the trials, the median of trial medians, its CI,\n"
                    "           disturbed retries; then the between-run spread, how many other runs' central\n"
                    "           values each CI covers, and Mann-Whitney verdicts between consecutive runs\n"
                    "           --mode       adaptive (default; --precision, default 0.005, and --budget,\n"
                    "                        default 60 s per run) or fixed (the harness plan; --budget\n"
                    "                        default 300 s; 5 trials give no 95 % CI)\n"
                    "           --load       off (default) or alternate: runs 2, 4, 6 ... have a spinning\n"
                    "                        integer loop pinned to another CPU, started and stopped by\n"
                    "                        the command itself (its pid is printed); needs 2 CPUs\n"
                    "verdicts   how often kexbench's verdicts are wrong on this host, where the truth is known:\n"
                    "           K (default 6) interleaved campaigns of R (default 90) rounds of the built-in\n"
                    "           self-check workloads (identical twins SELFCHECK-A and -TWIN, siblings doing\n"
                    "           2 % and 5 % more work), each compared round by round, and consecutive\n"
                    "           campaigns compared unpaired; prints the A/A false-call rate and the power\n"
                    "           with Clopper-Pearson 95 % intervals and the host's campaign-to-campaign\n"
                    "           spread, and keeps them in FILE (default <data home>/kexbench/verdict-check.json,\n"
                    "           which compare and the workbench read); --margin (default 1), --target\n"
                    "           seconds per trial (default 0.05), --over MIN spreads the campaigns evenly over\n"
                    "           MIN minutes (a campaign that is early waits), --keep DIR keeps the campaign folders\n"
                    "io         the cost of writing one record with 20 000 samples and of bundling a campaign\n";

// A quiet observer: bench prints only its figures.
struct Silent : CampaignObserver {
    void on_event(const CampaignEvent &) override {}
};

struct TempDir {
    TempDir()
    {
        char tmpl[] = "/tmp/kexbench-bench-XXXXXX";
        path = ::mkdtemp(tmpl);
    }
    ~TempDir() { fs::remove_all(path); }
    std::string path;
};

Result<std::string> library_for(const Args &args, const std::string &fallback)
{
    const DiscoveredFiles found = discover_instance_files(instance_search_path());
    std::string name = args.value("--instance").value_or(fallback);
    auto lib = resolve_instance(name, found);
    if (!lib)
        return fail(lib.error() + " (KEXBENCH_INSTANCE_PATH)");
    return *lib;
}

// Runs one campaign and reads back what it wrote.
Result<std::vector<Record>> run_and_load(const CampaignOptions &options, const std::atomic<bool> &cancel)
{
    Silent quiet;
    auto summary = run_campaign(options, quiet, cancel);
    if (!summary)
        return fail(summary.error());
    if (summary->cancelled)
        return fail("cancelled");
    auto data = load_dataset(options.out_dir);
    if (!data)
        return fail(data.error());
    if (data->records.empty() && !summary->problems.empty())
        return fail(names_or_none(summary->problems));
    return data->records;
}

Result<std::vector<Record>> campaign(const std::string &lib, const std::vector<std::string> &ops, const Args &args,
                                     const std::string &dir)
{
    CampaignOptions o;
    o.libraries = {lib};
    o.operations = ops;
    o.out_dir = dir;
    o.kat = false;
    o.stack = false;
    o.heap = false; // no memory child: bench times campaigns
    o.planning.trial_target_s = 0.5;
    o.planning.op_budget_s = 300;
    if (auto cpu = args.value("--cpu"))
        o.cpu = std::atoi(cpu->c_str());
    std::atomic<bool> cancel{false};
    return run_and_load(o, cancel);
}

double median_of(const std::vector<uint64_t> &v) { return stats::median(std::vector<double>(v.begin(), v.end())); }

int floor(const Args &args)
{
    auto lib = library_for(args, "null-2p");
    if (!lib) {
        std::fprintf(stderr, "kexbench-cli bench floor: %s\n", lib.error().c_str());
        return kExitFailure;
    }
    TempDir dir;
    auto records = campaign(*lib, {"init_a", "pass1", "pass2", "derive_a"}, args, dir.path);
    if (!records) {
        std::fprintf(stderr, "kexbench-cli bench floor: %s\n", records.error().c_str());
        return kExitFailure;
    }
    std::printf("timer floor of %s (per timed step)\n", lib->c_str());
    std::printf("%-9s %-22s %12s %12s %12s %12s\n", "operation", "counter", "median raw", "min raw", "overhead",
                "median - ovh");
    for (const auto &r : *records) {
        if (!r.kexbench || r.kexbench->ticks.empty())
            continue;
        const auto &s = *r.kexbench;
        const double med = median_of(s.ticks);
        const uint64_t mn = *std::min_element(s.ticks.begin(), s.ticks.end());
        std::printf("%-9s %-22s %12.0f %12llu %12.0f %12.0f  (%s, n = %zu)\n", r.operation.c_str(), s.counter.c_str(),
                    med, static_cast<unsigned long long>(mn), s.overhead_ticks, med - s.overhead_ticks,
                    s.counter_unit.c_str(), s.ticks.size());
    }
    return kExitOk;
}

int spread(const Args &args)
{
    auto lib = library_for(args, "X25519-NIKE");
    if (!lib) {
        std::fprintf(stderr, "kexbench-cli bench spread: %s\n", lib.error().c_str());
        return kExitFailure;
    }
    const int runs = std::max(2, std::atoi(args.value("--runs").value_or("5").c_str()));
    std::vector<double> means, medians;
    for (int i = 0; i < runs; ++i) {
        TempDir dir;
        auto records = campaign(*lib, {"exchange"}, args, dir.path);
        if (!records || records->empty() || !records->front().mean_seconds || !records->front().kexbench) {
            std::fprintf(stderr, "kexbench-cli bench spread: run %d failed\n", i + 1);
            return kExitFailure;
        }
        means.push_back(*records->front().mean_seconds);
        medians.push_back(median_of(records->front().kexbench->ns) / 1e9);
        std::printf("run %d: mean %s, median %s\n", i + 1, fmt::fmt_time(means.back()).c_str(),
                    fmt::fmt_time(medians.back()).c_str());
    }
    auto rel = [](const std::vector<double> &v) {
        auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        return (*hi - *lo) / stats::median(v);
    };
    std::printf("relative spread over %d fixed-mode runs: means %.2f %%, medians %.2f %%\n", runs, 100 * rel(means),
                100 * rel(medians));
    return kExitOk;
}

int io()
{
    TempDir dir;
    Record rec;
    rec.status = "complete";
    rec.candidate = "bench";
    rec.label = "BENCH";
    rec.instance = "BENCH";
    rec.operation = "exchange";
    RecordSamples s;
    for (uint64_t i = 0; i < 20000; ++i) {
        s.ticks.push_back(200000 + (i * 7919) % 5000);
        s.ns.push_back(77000 + (i * 104729) % 2000);
    }
    rec.kexbench = s;
    using C = std::chrono::steady_clock;
    std::vector<double> write_s;
    for (int i = 0; i < 20; ++i) {
        auto t0 = C::now();
        auto path = fs::path(dir.path) / "records" / "bench" / ("BENCH__exchange" + std::to_string(i) + ".json");
        if (auto written = write_file_atomic(path.string(), record_to_json(rec).dump(1)); !written) {
            std::fprintf(stderr, "kexbench-cli bench io: %s\n", written.error().c_str());
            return kExitFailure;
        }
        write_s.push_back(std::chrono::duration<double>(C::now() - t0).count());
    }
    std::vector<double> bundle_s;
    uint64_t bytes = 0;
    for (int i = 0; i < 5; ++i) {
        auto t0 = C::now();
        if (auto bundled = write_bundle(dir.path, dir.path + ".kxb"); !bundled) {
            std::fprintf(stderr, "kexbench-cli bench io: %s\n", bundled.error().c_str());
            return kExitFailure;
        }
        bundle_s.push_back(std::chrono::duration<double>(C::now() - t0).count());
        std::error_code ec;
        bytes = fs::file_size(dir.path + ".kxb", ec);
    }
    fs::remove(dir.path + ".kxb");
    std::printf("record with 20000 samples: encode + atomic write, median %s over 20\n",
                fmt::fmt_time(stats::median(write_s)).c_str());
    std::printf("bundle of 20 such records: median %s over 5, %llu bytes\n",
                fmt::fmt_time(stats::median(bundle_s)).c_str(), static_cast<unsigned long long>(bytes));
    return kExitOk;
}

// ------------------------------------------------------------------ stability

struct StabilitySettings {
    std::string library, instance, operation;
    int runs = 10;
    bool alternate_load = false;
    std::string mode = "adaptive";
    double precision = AdaptiveSettings{}.precision;
    std::optional<double> budget_s;
    int cpu = 0;
};

std::atomic<bool> g_stability_cancel{false};

void on_stability_signal(int) { g_stability_cancel.store(true); }

bool parse_bounded(const std::optional<std::string> &text, double lo, double hi, double &out)
{
    if (!text)
        return true;
    char *end = nullptr;
    const double v = std::strtod(text->c_str(), &end);
    if (end == text->c_str() || *end != '\0' || !(v >= lo && v <= hi))
        return false;
    out = v;
    return true;
}

// Fills settings from the arguments; an empty string means success.
std::string configure_stability(const Args &args, StabilitySettings &s)
{
    double runs = s.runs, budget = 0, cpu = -1;
    if (!parse_bounded(args.value("--runs"), 2, 1000, runs) || runs != static_cast<int>(runs))
        return "--runs takes a whole number from 2 to 1000";
    s.runs = static_cast<int>(runs);
    s.operation = args.value("--op").value_or("exchange");
    s.mode = args.value("--mode").value_or("adaptive");
    if (s.mode != "adaptive" && s.mode != "fixed")
        return "--mode is adaptive or fixed";
    const std::string load = args.value("--load").value_or("off");
    if (load != "off" && load != "alternate")
        return "--load is off or alternate";
    s.alternate_load = load == "alternate";
    if (!parse_bounded(args.value("--precision"), 1e-6, 1, s.precision))
        return "--precision takes a fraction (e.g. 0.005)";
    if (!parse_bounded(args.value("--budget"), 0.01, 86400, budget))
        return "--budget takes seconds (0.01 to 86400)";
    if (args.value("--budget"))
        s.budget_s = budget;
    if (!parse_bounded(args.value("--cpu"), 0, CPU_SETSIZE - 1, cpu) || cpu != static_cast<int>(cpu))
        return "--cpu takes a CPU number";
    s.cpu = static_cast<int>(cpu);
    return {};
}

// A spinning dependent integer chain in a child process pinned to one CPU:
// the co-runner of a loaded run. It is a separate process, not a thread, so it
// can be pinned apart from the CLI and seen (and checked gone) by its pid.
// Stopped by stop() or the destructor, so no return path of the command
// leaves it running; PR_SET_PDEATHSIG covers the CLI being killed.
class BackgroundLoad {
public:
    BackgroundLoad() = default;
    BackgroundLoad(const BackgroundLoad &) = delete;
    BackgroundLoad &operator=(const BackgroundLoad &) = delete;
    ~BackgroundLoad() { stop(); }

    Result<pid_t> start(int cpu)
    {
        stop();
        const pid_t parent = ::getpid();
        const pid_t pid = ::fork();
        if (pid < 0)
            return fail(std::string("cannot start the load process: ") + std::strerror(errno));
        if (pid == 0)
            run_child(parent); // never returns
        pid_ = pid;
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        if (::sched_setaffinity(pid, sizeof set, &set) != 0) {
            const int err = errno;
            stop();
            return fail("cannot pin the load process to CPU " + std::to_string(cpu) + ": " + std::strerror(err));
        }
        return pid;
    }

    void stop()
    {
        if (pid_ <= 0)
            return;
        ::kill(pid_, SIGKILL);
        while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
        }
        pid_ = -1;
    }

private:
    // Only async-signal-safe calls here: the parent may have had threads when it forked.
    [[noreturn]] static void run_child(pid_t parent)
    {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) // the CLI died before the line above took effect
            ::_exit(0);
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        // Hold none of the CLI's descriptors: a reader waiting for the CLI's
        // stdout to close must not wait for the load too.
        ::close_range(0, ~0U, 0);
        spin();
    }

    [[noreturn]] static void spin()
    {
        [[maybe_unused]] volatile uint64_t sink = 0; // a side effect per step: the loop is neither removed nor UB
        uint64_t x = 0x9e3779b97f4a7c15ULL;
        for (;;) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL; // each step needs the last one
            sink = x;
        }
    }

    pid_t pid_ = -1;
};

CampaignOptions stability_options(const StabilitySettings &s, int run, const std::string &dir)
{
    CampaignOptions o;
    o.libraries = {s.library};
    o.operations = {s.operation};
    o.out_dir = dir;
    o.kat = false;
    o.stack = false;
    o.heap = false; // no memory child: bench times campaigns
    o.profile = false;
    o.cpu = s.cpu;
    o.mode = s.mode;
    o.order = "interleaved";
    o.seed = static_cast<uint64_t>(run); // one pair makes the order moot; a fixed seed keeps campaign.json repeatable
    o.retries = 3;
    o.planning.trial_target_s = 0.5; // the fixed plan of `run`
    o.planning.op_budget_s = 300;
    o.adaptive.precision = s.precision;
    if (s.budget_s)
        (s.mode == "adaptive" ? o.adaptive.budget_s : o.planning.op_budget_s) = *s.budget_s;
    return o;
}

// One independent campaign in a folder of its own; the record of the operation.
Result<Record> stability_run(const StabilitySettings &s, int run)
{
    TempDir dir;
    auto records = run_and_load(stability_options(s, run, dir.path), g_stability_cancel);
    if (!records)
        return fail(records.error());
    for (Record &r : *records)
        if (r.operation == s.operation)
            return std::move(r);
    return fail("the campaign wrote no record of " + s.operation);
}

// Why a record has no trials, in the campaign's words when it gave any.
std::string failure_of(const Record &r)
{
    if (r.kexbench && !r.kexbench->reason.empty())
        return r.kexbench->reason;
    return "record " + r.status;
}

std::string ci_text(const TrialEstimate &e)
{
    if (!e.ci.reached)
        return "95 % CI " + ci_unavailable_reason(e);
    return "95 % CI " + fmt::fmt_time(e.ci.low / 1e9) + " \u2013 " + fmt::fmt_time(e.ci.high / 1e9) + " (" +
           fmt::percent(e.relative_width().value_or(stats::kNaN), 2) + " wide)";
}

void print_run(int run, bool loaded, const Record &r, const TrialEstimate &e)
{
    const bool disturbed = r.kexbench && r.kexbench->disturbed;
    std::string stop;
    if (r.kexbench && r.kexbench->extra.contains("adaptive_stop") && r.kexbench->extra["adaptive_stop"].is_string())
        stop = ", stop: " + r.kexbench->extra["adaptive_stop"].get<std::string>();
    std::printf("run %d: load %s, %zu trials, center %s, %s, disturbed retries %d, disturbed %s%s\n", run,
                loaded ? "on" : "off", e.trials(), fmt::fmt_time(e.center / 1e9).c_str(), ci_text(e).c_str(),
                r.disturbed_retries, disturbed ? "yes" : "no", stop.c_str());
    std::fflush(stdout);
}

void print_spreads(const StabilitySummary &sum)
{
    std::printf("between-run spread: %s ((max - min) / median of the %zu runs' central values)\n",
                fmt::percent(sum.spread, 2).c_str(), sum.runs);
    if (!sum.load_ratio)
        return;
    auto group = [](double spread) {
        return std::isfinite(spread) ? fmt::percent(spread, 2) : std::string("n/a (1 run)");
    };
    std::printf("  spread without load %s, with load %s; loaded / unloaded median of central values %s\n",
                group(sum.spread_unloaded).c_str(), group(sum.spread_loaded).c_str(),
                fmt::py_format(*sum.load_ratio, 'f', 4).c_str());
}

void print_coverage(const StabilitySummary &sum, const std::vector<StabilityRun> &runs)
{
    for (size_t i = 0; i < sum.coverage.size(); ++i) {
        const RunCoverage &c = sum.coverage[i];
        if (c.has_ci)
            std::printf("run %d: its CI covers %zu of %zu other runs' central values\n", runs[i].number, c.covered,
                        c.others);
        else
            std::printf("run %d: no 95 %% CI (%s)\n", runs[i].number, ci_unavailable_reason(runs[i].estimate).c_str());
    }
    const auto fraction = sum.coverage_fraction();
    std::printf("CI coverage of other runs: %zu of %zu (%s)\n", sum.covered, sum.coverable,
                fraction ? fmt::percent(*fraction, 1).c_str() : "n/a: no run reached a 95 % CI");
}

void print_verdicts(const StabilitySummary &sum, const std::vector<StabilityRun> &runs)
{
    for (const ConsecutiveVerdict &v : sum.consecutive) {
        std::string load;
        if (v.load_changed)
            load = runs[v.first].loaded ? ", load on -> off" : ", load off -> on";
        std::printf(
            "run %d -> run %d: %s (Mann-Whitney U over trial values, p = %s, alpha 0.05, margin \u00b11 %%%s)\n",
            runs[v.first].number, runs[v.first + 1].number, v.verdict.c_str(),
            fmt::py_format(v.p_value, 'g', 3).c_str(), load.c_str());
    }
    std::printf("consecutive pairs not called faster or slower: %zu of %zu\n", sum.consecutive_not_called,
                sum.consecutive.size());
}

void print_summary_of(const std::vector<StabilityRun> &runs)
{
    const StabilitySummary sum = summarize_stability(runs);
    print_spreads(sum);
    print_coverage(sum, runs);
    print_verdicts(sum, runs);
}

// Every run first; then, when some were flagged, the runs an analyst keeps:
// a disturbed run is shown, never silently averaged in.
void print_stability_summary(const StabilitySettings &s, const std::vector<StabilityRun> &runs)
{
    std::printf("summary of %zu runs of %s %s:\n", runs.size(), s.instance.c_str(), s.operation.c_str());
    print_summary_of(runs);
    std::vector<StabilityRun> clean;
    std::copy_if(runs.begin(), runs.end(), std::back_inserter(clean),
                 [](const StabilityRun &r) { return !r.disturbed; });
    if (clean.size() == runs.size())
        return;
    std::printf("summary of the %zu runs not marked disturbed (%zu disturbed):\n", clean.size(),
                runs.size() - clean.size());
    if (clean.size() < 2) {
        std::printf("n/a: fewer than 2 runs not marked disturbed\n");
        return;
    }
    print_summary_of(clean);
}

std::string cpu_list(const std::vector<int> &cpus)
{
    std::string text;
    for (int cpu : cpus)
        text += (text.empty() ? "" : ", ") + std::to_string(cpu);
    return text;
}

// The measuring CPU and, with load, a different one for the load; an error when there is no second CPU.
Result<int> choose_cpus(const Args &args, StabilitySettings &s)
{
    const std::vector<int> cpus = usable_cpus();
    if (cpus.empty())
        return fail("cannot read this process's CPU set (sched_getaffinity)");
    if (!args.value("--cpu"))
        s.cpu = cpus.back();
    else if (std::find(cpus.begin(), cpus.end(), s.cpu) == cpus.end())
        return fail("CPU " + std::to_string(s.cpu) + " is not one this process may run on (" + cpu_list(cpus) + ")");
    if (!s.alternate_load)
        return -1;
    for (int cpu : cpus)
        if (cpu != s.cpu)
            return cpu;
    return fail("--load alternate needs a second CPU for the load, but this process can use CPU " +
                std::to_string(cpus.front()) + " only; refusing to load the measuring CPU");
}

void print_stability_header(const StabilitySettings &s, int load_cpu)
{
    std::string plan =
        s.mode == "adaptive" ? "adaptive, precision " + fmt::percent(s.precision, 2) : std::string("fixed");
    if (s.budget_s)
        plan += ", budget " + fmt::py_format(*s.budget_s, 'g', 6) + " s per run";
    std::printf("stability of %s %s: %d independent campaigns (%s), measuring on CPU %d\n", s.instance.c_str(),
                s.operation.c_str(), s.runs, plan.c_str(), s.cpu);
    if (load_cpu >= 0)
        std::printf("load: alternate, a spinning integer loop on CPU %d during runs 2, 4, 6 ...\n", load_cpu);
    std::fflush(stdout);
}

int stability(const Args &args)
{
    auto refuse = [](const std::string &why) {
        std::fprintf(stderr, "kexbench-cli bench stability: %s\n", why.c_str());
        return kExitFailure;
    };
    StabilitySettings s;
    if (std::string error = configure_stability(args, s); !error.empty())
        return usage_error("bench", error);
    s.instance = args.value("--instance").value_or("X25519-NIKE");
    auto lib = library_for(args, s.instance);
    if (!lib)
        return refuse(lib.error());
    s.library = *lib;
    auto load_cpu = choose_cpus(args, s);
    if (!load_cpu)
        return refuse(load_cpu.error());

    struct sigaction sa {};
    sa.sa_handler = on_stability_signal;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    print_stability_header(s, *load_cpu);

    BackgroundLoad load;
    std::vector<StabilityRun> runs;
    for (int run = 1; run <= s.runs; ++run) {
        const bool loaded = s.alternate_load && run % 2 == 0;
        if (loaded) {
            auto pid = load.start(*load_cpu);
            if (!pid)
                return refuse(pid.error());
            std::printf("load: on for run %d, pid %d on CPU %d\n", run, static_cast<int>(*pid), *load_cpu);
            std::fflush(stdout);
        }
        auto record = stability_run(s, run);
        load.stop();
        if (!record)
            return refuse("run " + std::to_string(run) + ": " + record.error());
        auto estimate = trial_estimate(*record);
        if (!estimate)
            return refuse("run " + std::to_string(run) + " has no timed trial: " + failure_of(*record));
        print_run(run, loaded, *record, *estimate);
        runs.push_back({std::move(*estimate), loaded, record->kexbench && record->kexbench->disturbed, run});
    }
    print_stability_summary(s, runs);
    return kExitOk;
}

int cmd_bench(const std::vector<std::string> &argv)
{
    Args args(argv,
              {"--instance", "--runs", "--cpu", "--op", "--load", "--mode", "--precision", "--budget", "--campaigns",
               "--rounds", "--margin", "--target", "--over", "--out", "--keep"},
              {"--help", "-h"});
    if (!args.ok())
        return usage_error("bench", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    const std::string what = args.positional().empty() ? "" : args.positional().front();
    if (what == "floor")
        return floor(args);
    if (what == "spread")
        return spread(args);
    if (what == "stability")
        return stability(args);
    if (what == "io")
        return io();
    if (what == "verdicts")
        return bench_verdicts(args);
    return usage_error("bench", "choose floor, spread, stability, verdicts or io");
}

const bool registered = register_command(
    {"bench", "figures about kexbench itself: timer floor, run-to-run spread, CI stability, verdicts, I/O", cmd_bench});

} // namespace
} // namespace kexbench::cli
