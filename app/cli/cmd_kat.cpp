// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "core/campaign/build_info.h"
#include "core/base/discovery.h"
#include "core/campaign/kat_check.h"
#include "core/base/untrusted.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace kexbench::cli {

namespace {

const char *kHelp =
    "usage: kexbench-cli kat (INSTANCE|LIB.so)... [--manifest FILE] [--out DIR | --keep] [--timeout S]\n"
    "                        [--memory-limit SIZE] [--runner FILE [--runner-wrapper CMD]]\n"
    "       kexbench-cli kat (INSTANCE|LIB.so) --reference KAT_KEX_<instance>.txt [--manifest FILE] ...\n"
    "       kexbench-cli kat --all [--manifest FILE] [--out DIR | --keep] [--timeout S] [--memory-limit SIZE]\n"
    "\n"
    "Generates KAT_KEX_<instance>.txt in the official format (10 records, master seed\n"
    "\"seed\"x16, 64 guard bytes of 0xA5 around every buffer) in a runner child, hashes\n"
    "its canonical form and compares it with the manifest entry for the instance.\n"
    "Without --manifest the *.kat.sha256 files beside the instance libraries are used.\n"
    "A library built by build-instance is checked against the KAT its build was gated\n"
    "on (lib<name>.so.build.json) when the manifest has no entry for it. --reference FILE\n"
    "compares with a reference KAT file (a submission's Test_Vectors file) when there is\n"
    "no manifest entry: both in canonical form (trailing white space and empty lines\n"
    "dropped), MISMATCH naming the first line that differs. With nothing to compare\n"
    "with, NOKAT \"no KAT vectors supplied\".\n"
    "Prints one line per instance: PASS, MISMATCH, NOKAT, OVERFLOW or ERROR <reason>,\n"
    "then the SHA-256. A KAT whose vectors are the same for every seed (an instance\n"
    "that ignores its DRNG) gets \"WARNING: <instance>: KAT: ignores its DRNG: ...\"\n"
    "on stderr, whatever its verdict. --out keeps the KAT files and a log per\n"
    "instance; without it they go to a temporary folder that is removed at the end\n"
    "(--keep keeps it and names it). --timeout bounds each runner child (default\n"
    "60 s); a child that crashes or hangs is reported as ERROR with the reason.\n"
    "--memory-limit SIZE bounds the resident memory of each runner child, e.g. 512M\n"
    "or 8G (0: none; default min(8 GiB, half the RAM)): a child passing it is an\n"
    "ERROR \"exceeded the memory limit of ...\". --runner FILE starts that\n"
    "kexbench-runner; --runner-wrapper CMD starts it as CMD FILE ..., e.g.\n"
    "\"qemu-aarch64 -L /usr/aarch64-linux-gnu\" with an aarch64 runner and\n"
    "KEXBENCH_INSTANCE_PATH naming that build's instances.\n"
    "Exit code 0 when every instance passes, 1 otherwise.\n";

// Every entry of every manifest found, or of the one named.
Result<std::vector<KatManifestEntry>> load_manifests(const Args &args, const DiscoveredFiles &found)
{
    std::vector<std::string> files = found.manifests;
    if (auto given = args.value("--manifest"))
        files = {*given};
    std::vector<KatManifestEntry> all;
    for (const auto &file : files) {
        auto entries = read_kat_manifest(file);
        if (!entries)
            return fail(entries.error());
        all.insert(all.end(), entries->begin(), entries->end());
    }
    return all;
}

// Where the KAT files go: --out, or a fresh temporary folder that is removed
// when the command ends (also on an error or Ctrl-C) unless --keep asks for it.
class KatOutDir {
public:
    explicit KatOutDir(const Args &args)
    {
        if (auto out = args.value("--out")) {
            path_ = *out;
            return;
        }
        char tmpl[] = "/tmp/kexbench-kat-XXXXXX";
        if (const char *dir = ::mkdtemp(tmpl)) {
            path_ = dir;
            temporary_ = !args.flag("--keep");
            if (!temporary_)
                std::fprintf(stderr, "kexbench-cli kat: KAT files and logs kept in %s\n", dir);
        }
    }
    ~KatOutDir()
    {
        std::error_code ec;
        if (temporary_)
            std::filesystem::remove_all(path_, ec);
    }
    KatOutDir(const KatOutDir &) = delete;
    KatOutDir &operator=(const KatOutDir &) = delete;
    // Empty when no temporary folder could be made.
    const std::string &path() const { return path_; }

private:
    std::string path_;
    bool temporary_ = false;
};

// Ctrl-C (or SIGTERM) kills the running child and stops before the next instance.
std::atomic<bool> g_kat_cancel{false};

void on_kat_interrupt(int) { g_kat_cancel.store(true); }

void stop_on_interrupt()
{
    struct sigaction sa {};
    sa.sa_handler = on_kat_interrupt;
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

// What the library's build record lends the check (its candidate id, source
// folder and the KAT its build was gated on), and what the command line adds.
KatCheckOptions check_options(const std::string &lib, const Args &args)
{
    std::string problem;
    const std::optional<BuildInfo> build = read_build_info(lib, &problem);
    if (!problem.empty())
        std::fprintf(stderr, "kexbench-cli kat: warning: %s\n", printable(problem).c_str());
    KatCheckOptions how = build ? kat_options_from_build(lib, *build) : KatCheckOptions{};
    how.reference_file = args.value("--reference").value_or("");
    how.manifest_given = args.value("--manifest").has_value();
    return how;
}

void print_check(const KatCheck &check)
{
    std::string line = check.instance + "  " + check.summary();
    if (!check.sha256.empty())
        line += "  " + check.sha256;
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    // On stderr: stdout keeps its one line per instance for scripts.
    for (const std::string &warning : check.warnings)
        std::fprintf(stderr, "WARNING: %s: KAT: %s\n", printable(check.instance).c_str(), warning.c_str());
}

} // namespace

namespace {

int cmd_kat(const std::vector<std::string> &argv)
{
    Args args(argv,
              {"--manifest", "--reference", "--out", "--timeout", "--memory-limit", "--runner", "--runner-wrapper"},
              {"--all", "--keep", "--help", "-h"});
    if (!args.ok())
        return usage_error("kat", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    const bool all = args.flag("--all");
    if (all == !args.positional().empty())
        return usage_error("kat", all ? "--all takes no instance names" : "name at least one instance, or --all");
    if (args.value("--reference") && (all || args.positional().size() != 1))
        return usage_error("kat", "--reference is the KAT file of one instance: name exactly one");

    const DiscoveredFiles found = discover_instance_files(instance_search_path());
    auto manifest = load_manifests(args, found);
    if (!manifest) {
        std::fprintf(stderr, "kexbench-cli kat: %s\n", manifest.error().c_str());
        return kExitFailure;
    }
    std::vector<std::string> libraries = all ? found.libraries : std::vector<std::string>{};
    for (const auto &name : args.positional()) {
        auto lib = resolve_instance(name, found);
        if (!lib) {
            std::printf("%s  ERROR %s\n", printable(name).c_str(), lib.error().c_str());
            return kExitFailure;
        }
        libraries.push_back(*lib);
    }
    RunnerOptions runner;
    if (auto timeout = args.value("--timeout")) {
        char *end = nullptr;
        double seconds = std::strtod(timeout->c_str(), &end);
        if (*end != '\0' || !(seconds > 0 && seconds <= 86400))
            return usage_error("kat", "--timeout takes seconds between 0 and 86400");
        runner.timeout = std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
    }
    if (!parse_memory_limit(args, runner.memory_limit_bytes))
        return usage_error("kat", "--memory-limit takes a size such as 512M or 8G (0: none)");
    if (std::string bad = parse_runner_options(args, runner); !bad.empty())
        return usage_error("kat", bad);
    const KatOutDir out(args);
    if (out.path().empty()) {
        std::fprintf(stderr, "kexbench-cli kat: cannot make a temporary folder in /tmp: %s\n", std::strerror(errno));
        return kExitFailure;
    }
    const std::string &out_dir = out.path();
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);

    runner.cancel = &g_kat_cancel;
    stop_on_interrupt();
    bool all_pass = !libraries.empty();
    for (const auto &lib : libraries) {
        KatCheck check = check_kat(lib, *manifest, out_dir, runner, check_options(lib, args));
        if (g_kat_cancel.load()) {
            std::fprintf(stderr, "kexbench-cli kat: cancelled\n");
            return kExitFailure;
        }
        print_check(check);
        all_pass = all_pass && check.verdict == KatVerdict::Pass;
    }
    return all_pass ? kExitOk : kExitFailure;
}

const bool registered =
    register_command({"kat", "generate known-answer tests and check them against SHA-256 manifests", cmd_kat});

} // namespace
} // namespace kexbench::cli
