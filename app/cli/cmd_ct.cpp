// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli ct: the constant-time check (core/analysis/ct.h) of each
// operation of each named instance, one runner child per operation.
#include "cli.h"

#include "core/base/utc_time.h"
#include "core/analysis/ct.h"
#include "core/base/digest.h"
#include "core/base/discovery.h"
#include "core/base/fsutil.h"
#include "core/base/text_table.h"
#include "core/base/untrusted.h"
#include "core/campaign/operations.h"
#include "core/data/ct_record.h"

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>

namespace kexbench::cli {

namespace {

const char *kHelp =
    "usage: kexbench-cli ct (INSTANCE|LIB.so)... [--op OP...] [--budget S] [--out DIR]\n"
    "                       [--timeout S] [--memory-limit SIZE] [--runner FILE [--runner-wrapper CMD]]\n"
    "       kexbench-cli ct --instance NAME... (the same as naming them)\n"
    "       kexbench-cli ct --all ...\n"
    "       kexbench-cli ct --from DIR...  (the stored results, systems side by side)\n"
    "\n"
    "Checks whether an operation's time depends on its inputs, in the manner of dudect\n"
    "(Reparaz, Balasch, Verbauwhede, DATE 2017). In one runner child per operation,\n"
    "exchanges of two classes run in random order: \"fixed\" (every exchange from the\n"
    "same DRNG seed: the same secrets and public values each time) and \"random\" (a\n"
    "fresh seed each time). Each exchange's time of the operation is kept with its class.\n"
    "After a warm-up of 100 exchanges, the first 200 measurements set the crop\n"
    "thresholds; on the rest Welch's t-test compares the classes, uncropped and with\n"
    "the upper tail cropped at 10 percentiles\n"
    "(50 % ... 99.9 %). The child stops when |t| > 4.5 with at least 500 measurements\n"
    "per class, or when --budget seconds (default 10, per operation) are spent.\n"
    "Operations: --op, one or more (init_a, init_b, pass<k>, derive_a, derive_b,\n"
    "exchange); default every step of the instance.\n"
    "Prints one line per operation: the largest |t| and its crop, the measurements\n"
    "per class and the verdict \"leak\" (|t| > 4.5) or \"no leak detected\".\n"
    "A t-test can find a dependence, not prove there is none, and it cannot tell a\n"
    "secret input from a public one: both classes change both. A step whose time\n"
    "depends on public values only (say, rejection sampling from a public seed) can\n"
    "show a difference too; see docs/method.md, \"Constant-time check\".\n"
    "--out DIR keeps one record per operation, DIR/ct/<instance>__<op>.json, with every\n"
    "measurement and its class (the workbench's Constant time page reads them and puts\n"
    "systems side by side). --from DIR measures nothing: it prints the records in DIR/ct\n"
    "(several --from: one row per system, by instance and operation), with the machine\n"
    "and host each ran on. --timeout bounds each child beyond its budget (default 60 s).\n"
    "Exit code 0 when no leak was detected, 1 when one was or a check failed.\n";

std::atomic<bool> g_ct_cancel{false};

void on_ct_interrupt(int) { g_ct_cancel.store(true); }

std::string fixed(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string crop_words(const CtCrop *crop)
{
    if (!crop || !crop->percentile)
        return "uncropped";
    return "below p" + fixed(*crop->percentile * 100, 1);
}

// The steps of the instance (or the --op list).
std::vector<std::string> operations_of(const InstanceInfo &info, const Args &args)
{
    if (!args.values("--op").empty())
        return args.values("--op");
    std::vector<std::string> ops;
    for (const auto &op : operations_for(static_cast<unsigned>(info.caps.passes)))
        if (op != "exchange")
            ops.push_back(op);
    return ops;
}

struct CtLine {
    std::vector<std::string> cells;
    bool leak = false;
};

const std::vector<std::string> kColumns = {"instance", "operation", "max |t|", "crop",
                                           "fixed",    "random",    "seconds", "verdict"};

CtLine line_of(const CtRecord &r)
{
    const std::optional<CtBattery> battery = ct_battery_of(r);
    const CtVerdict verdict = ct_verdict(battery);
    const CtCrop *strongest = battery ? battery->strongest() : nullptr;
    const WelchTest none;
    const WelchTest &all = battery ? battery->crops().front().test : none;
    return {{r.instance, r.operation, strongest ? fixed(battery->max_abs_t(), 2) : "n/a", crop_words(strongest),
             std::to_string(all.count(CtClass::Fixed)), std::to_string(all.count(CtClass::Random)),
             fixed(r.elapsed_s, 1), ct_verdict_word(verdict)},
            verdict == CtVerdict::leak};
}

// The stored results of one or more folders, one row per record, a system column first.
int show_stored(const std::vector<std::string> &folders)
{
    struct Row {
        std::string system;
        CtRecord record;
    };
    std::vector<Row> rows;
    bool clean = true;
    for (const auto &folder : folders) {
        std::vector<std::string> problems;
        for (auto &r : read_ct_records(folder, &problems)) {
            const std::string system = folder + " (" + r.machine + ", " + r.host + ")";
            rows.push_back({system, std::move(r)});
        }
        for (const auto &p : problems) {
            std::fprintf(stderr, "kexbench-cli ct: %s\n", printable(p).c_str());
            clean = false;
        }
    }
    if (rows.empty()) {
        std::fprintf(stderr, "kexbench-cli ct: no constant-time records under %s\n",
                     printable(names_or_none(folders)).c_str());
        return kExitFailure;
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        if (a.record.instance != b.record.instance)
            return a.record.instance < b.record.instance;
        return operation_rank(a.record.operation) < operation_rank(b.record.operation);
    });
    std::vector<std::string> header = kColumns;
    header.push_back("system");
    TextTable table(header);
    table.align_right({2, 4, 5, 6});
    for (const Row &row : rows) {
        CtLine line = line_of(row.record);
        clean = clean && !line.leak;
        line.cells.push_back(row.system);
        for (auto &cell : line.cells)
            cell = printable(cell); // a record file is data from elsewhere
        table.add_row(std::move(line.cells));
    }
    std::fputs(table.render().c_str(), stdout);
    return clean ? kExitOk : kExitFailure;
}

Result<CtRecord> check_one(const std::string &lib, const InstanceInfo &info, const std::string &op, double budget_s,
                           const RunnerOptions &runner)
{
    CtRecord r;
    r.started_utc = utc_now();
    auto child = run_ct_child(lib, op, budget_s, runner);
    if (!child)
        return fail(child.error());
    r.instance = info.meta.instance;
    r.operation = op;
    r.library = std::filesystem::absolute(lib).string();
    r.library_sha256 = file_sha256_hex(lib);
    r.machine = info.machine;
    r.host = runner_host_words(*runner_host_of(runner));
    r.counter = child->counter;
    r.counter_unit = child->counter_unit;
    r.budget_s = budget_s;
    r.elapsed_s = child->elapsed_s;
    r.stop = child->stop;
    r.dropped_tick_pairs = child->dropped_tick_pairs;
    r.ticks = std::move(child->ticks);
    r.classes = std::move(child->classes);
    return r;
}

bool write_record(const std::string &out_dir, const CtRecord &r)
{
    const std::filesystem::path path =
        std::filesystem::path(out_dir) / ct_record_relative_path(r.instance, r.operation);
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    auto written = write_file_atomic(path.string(), ct_record_to_json(r, ct_summary_json(r)).dump() + "\n");
    if (!written)
        std::fprintf(stderr, "kexbench-cli ct: %s\n", written.error().c_str());
    return static_cast<bool>(written);
}

int cmd_ct(const std::vector<std::string> &argv)
{
    Args args(argv,
              {"--op...", "--budget", "--out", "--instance...", "--from...", "--timeout", "--memory-limit", "--runner",
               "--runner-wrapper"},
              {"--all", "--help", "-h"});
    if (!args.ok())
        return usage_error("ct", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    if (!args.values("--from").empty()) {
        if (!args.positional().empty() || args.flag("--all") || !args.values("--instance").empty())
            return usage_error("ct", "--from shows stored results: it takes no instances");
        return show_stored(args.values("--from"));
    }
    std::vector<std::string> names = args.positional();
    for (const auto &n : args.values("--instance"))
        names.push_back(n);
    const bool all = args.flag("--all");
    if (all == !names.empty())
        return usage_error("ct", all ? "--all takes no instance names" : "name at least one instance, or --all");
    double budget_s = 10;
    if (auto b = args.value("--budget")) {
        char *end = nullptr;
        budget_s = std::strtod(b->c_str(), &end);
        if (*end != '\0' || !(budget_s > 0 && budget_s <= 86400))
            return usage_error("ct", "--budget takes seconds between 0 and 86400");
    }
    for (const auto &op : args.values("--op"))
        if (operation_rank(op) < 0)
            return usage_error("ct", "unknown operation '" + op + "'");
    RunnerOptions runner;
    if (auto timeout = args.value("--timeout")) {
        char *end = nullptr;
        const double seconds = std::strtod(timeout->c_str(), &end);
        if (*end != '\0' || !(seconds > 0 && seconds <= 86400))
            return usage_error("ct", "--timeout takes seconds between 0 and 86400");
        runner.timeout = std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
    }
    if (!parse_memory_limit(args, runner.memory_limit_bytes))
        return usage_error("ct", "--memory-limit takes a size such as 512M or 8G (0: none)");
    if (std::string bad = parse_runner_options(args, runner); !bad.empty())
        return usage_error("ct", bad);

    const DiscoveredFiles found = discover_instance_files(instance_search_path());
    std::vector<std::string> libraries = all ? found.libraries : std::vector<std::string>{};
    for (const auto &name : names) {
        auto lib = resolve_instance(name, found);
        if (!lib) {
            std::fprintf(stderr, "kexbench-cli ct: %s\n", lib.error().c_str());
            return kExitFailure;
        }
        libraries.push_back(*lib);
    }
    runner.cancel = &g_ct_cancel;
    struct sigaction sa {};
    sa.sa_handler = on_ct_interrupt;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);

    const std::optional<std::string> out_dir = args.value("--out");
    TextTable table(kColumns);
    table.align_right({2, 4, 5, 6});
    bool clean = !libraries.empty();
    for (const auto &lib : libraries) {
        auto info = describe_instance(lib, runner);
        if (!info) {
            std::fprintf(stderr, "kexbench-cli ct: %s\n", printable(info.error()).c_str());
            clean = false;
            continue;
        }
        for (const auto &op : operations_of(*info, args)) {
            auto record = check_one(lib, *info, op, budget_s, runner);
            if (g_ct_cancel.load()) {
                std::fprintf(stderr, "kexbench-cli ct: cancelled\n");
                return kExitFailure;
            }
            if (!record) {
                std::fprintf(stderr, "kexbench-cli ct: %s\n", printable(record.error()).c_str());
                clean = false;
                continue;
            }
            CtLine line = line_of(*record);
            std::fprintf(stderr, "%s\n", printable(names_or_none(line.cells)).c_str()); // progress while the rest runs
            clean = clean && !line.leak && line.cells[2] != "n/a";
            table.add_row(std::move(line.cells));
            if (out_dir && !write_record(*out_dir, *record))
                clean = false;
        }
    }
    std::fputs(table.render().c_str(), stdout);
    std::printf("leak: |t| > %.1f on the whole sample or a crop. Both classes change secrets and public values:\n"
                "a flagged step may depend on public values only (docs/method.md, \"Constant-time check\").\n",
                kCtLeakThreshold);
    if (out_dir)
        std::printf("records: %s/ct/\n", out_dir->c_str());
    return clean ? kExitOk : kExitFailure;
}

const bool registered =
    register_command({"ct", "a dudect-style constant-time check of each operation (fixed vs random inputs)", cmd_ct});

} // namespace
} // namespace kexbench::cli
