// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli bench: figures about kexbench itself, measured the same way it
// measures instances (runner children), printed as ratios and medians.
#include "cli.h"

#include "core/campaign.h"
#include "core/dataset.h"
#include "core/discovery.h"
#include "core/format.h"
#include "core/fsutil.h"
#include "core/stats.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace kexbench::cli {

namespace {

const char *kHelp =
    "usage: kexbench-cli bench floor [--instance NAME|LIB] [--cpu N]\n"
    "       kexbench-cli bench spread [--instance NAME|LIB] [--runs N] [--cpu N]\n"
    "       kexbench-cli bench io\n"
    "\n"
    "floor   the timer floor: the cost of timing a step that does nothing (default the\n"
    "        null-2p test fixture; put its folder on KEXBENCH_INSTANCE_PATH), raw and after\n"
    "        subtracting the timer overhead, per operation\n"
    "spread  the relative spread of N (default 5) repeated fixed-mode campaigns of one\n"
    "        operation (default X25519-NIKE exchange): (max - min) / median of their means\n"
    "        and of their medians\n"
    "io      the cost of writing one record with 20 000 samples and of bundling a campaign\n";

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
    std::string lib = resolve_instance(name, found);
    if (lib.empty())
        return fail("no instance library lib" + name + ".so in the search path (KEXBENCH_INSTANCE_PATH)");
    return lib;
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
    o.planning.trial_target_s = 0.5;
    o.planning.op_budget_s = 300;
    if (auto cpu = args.value("--cpu"))
        o.cpu = std::atoi(cpu->c_str());
    Silent quiet;
    std::atomic<bool> cancel{false};
    auto summary = run_campaign(o, quiet, cancel);
    if (!summary)
        return fail(summary.error());
    auto data = load_dataset(dir);
    if (!data)
        return fail(data.error());
    return data->records;
}

double median_of(const std::vector<uint64_t> &v)
{
    return stats::median(std::vector<double>(v.begin(), v.end()));
}

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
        write_file_atomic(path.string(), record_to_json(rec).dump(1));
        write_s.push_back(std::chrono::duration<double>(C::now() - t0).count());
    }
    std::vector<double> bundle_s;
    uint64_t bytes = 0;
    for (int i = 0; i < 5; ++i) {
        auto t0 = C::now();
        write_bundle(dir.path, dir.path + ".kxb");
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

int cmd_bench(const std::vector<std::string> &argv)
{
    Args args(argv, {"--instance", "--runs", "--cpu"}, {"--help", "-h"});
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
    if (what == "io")
        return io();
    return usage_error("bench", "choose floor, spread or io");
}

const bool registered = register_command({"bench", "figures about kexbench itself: timer floor, run-to-run spread, I/O", cmd_bench});

} // namespace
} // namespace kexbench::cli
