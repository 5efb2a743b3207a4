// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "core/builder.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace kexbench::cli {

namespace {

const char *kHelp =
    "usage: kexbench-cli build-instance DIR [--name N] [-D NAME[=VAL]]... [--cflags \"...\"]\n"
    "                                   [--exclude GLOB]... [--timeout S] [--no-profiled]\n"
    "                                   [--verbose] --out LIBDIR\n"
    "\n"
    "Builds one submission folder in the official ICCS template layout into\n"
    "LIBDIR/lib<instance>.so with the system compiler ($CC/$CXX, default cc/c++), as\n"
    "the ngcc-harness links instances: every *.c *.cpp *.cc *.S directly in DIR except\n"
    "driver, test and benchmark files (KAT_*, main*, test*, bench*, *_test.*, ...),\n"
    "--exclude globs and files that define main(); the folder's drng.c/auxfunc.c, or\n"
    "kexbench's clean-room ones when it has none; the kexbench shim and export list.\n"
    "LIBDIR/profiled/lib<instance>.so is the same build with hash/DRNG wrappers, which\n"
    "`kexbench-cli run` uses for the report's Symmetric primitives table.\n"
    "\n"
    "  --name N        instance name (default: ALGORITHM_INSTANCE of KEX_AlgorithmInstance.h)\n"
    "  -D NAME[=VAL]   preprocessor definition for the folder's sources (may repeat)\n"
    "  --cflags \"..\"   extra compiler flags after the harness defaults\n"
    "                  (-O2 -fPIC -std=gnu11 -Wall ... -D_GNU_SOURCE, permissive set)\n"
    "  --exclude GLOB  leave out matching file names (may repeat)\n"
    "  --timeout S     bound for each compiler and linker run (default 300)\n"
    "  --no-profiled   build only the plain library\n"
    "  --verbose       print every command line (they are always in lib<instance>.so.build.log)\n"
    "\n"
    "DIR/kexbench-instance.json (optional) holds the same settings as keys name, defines,\n"
    "cflags and exclude; the command line wins. Nothing in DIR is ever run: no Makefile,\n"
    "script or binary. The finished library is loaded once in a kexbench-runner child to\n"
    "check it. Exit code 0 when the library is built and loads, 1 otherwise.\n";

const std::vector<std::string> kValueOptions = {"--name", "-D", "--cflags", "--exclude", "--timeout", "--out"};

// "-DNAME=VAL" in one word, as compilers accept it, becomes "-D" "NAME=VAL"
// (but not as the value of another option: --cflags -DX stays whole).
std::vector<std::string> split_glued_defines(const std::vector<std::string> &argv)
{
    std::vector<std::string> out;
    for (const auto &a : argv) {
        const bool is_value = !out.empty() && std::find(kValueOptions.begin(), kValueOptions.end(), out.back()) !=
                                                  kValueOptions.end();
        if (!is_value && a.size() > 2 && a.compare(0, 2, "-D") == 0) {
            out.push_back("-D");
            out.push_back(a.substr(2));
        } else {
            out.push_back(a);
        }
    }
    return out;
}

// Fills the command-line recipe; an empty string means success.
std::string configure(const Args &args, BuildOptions &o)
{
    if (args.positional().size() != 1)
        return "name exactly one submission folder";
    o.source_dir = args.positional().front();
    o.out_dir = args.value("--out").value_or("");
    if (o.out_dir.empty())
        return "--out LIBDIR is required";
    if (auto name = args.value("--name")) {
        if (std::string why = name_problem(*name); !why.empty())
            return why;
        o.command_line.name = *name;
    }
    for (const auto &d : args.values("-D")) {
        if (std::string why = define_problem(d); !why.empty())
            return why;
        o.command_line.defines.push_back(d);
    }
    for (const auto &text : args.values("--cflags")) {
        auto words = split_flags(text);
        if (!words)
            return "--cflags: " + words.error();
        o.command_line.cflags.insert(o.command_line.cflags.end(), words->begin(), words->end());
    }
    o.command_line.exclude = args.values("--exclude");
    if (auto t = args.value("--timeout")) {
        char *end = nullptr;
        const double s = std::strtod(t->c_str(), &end);
        if (*end != '\0' || !(s >= 1 && s <= 86400))
            return "--timeout takes seconds (1 to 86400)";
        o.timeout = std::chrono::seconds(static_cast<long long>(s));
    }
    o.profiled = !args.flag("--no-profiled");
    return {};
}

void print_outcome(const BuildOutcome &b)
{
    std::printf("%s: built %s\n", b.instance.c_str(), b.library.c_str());
    if (!b.profiled_library.empty())
        std::printf("  profiled: %s\n", b.profiled_library.c_str());
    for (const auto &l : b.left_out)
        std::printf("  left out: %s\n", l.c_str());
    for (const auto &n : b.notes)
        std::printf("  note: %s\n", n.c_str());
    std::printf("  build log: %s\n", b.log_file.c_str());
}

// Compiler output first, so the one-line reason is the last thing on the screen.
void print_failure(const BuildOutcome &b)
{
    if (!b.tool_output.empty()) {
        std::fputs(b.tool_output.c_str(), stderr);
        if (b.tool_output.back() != '\n')
            std::fputc('\n', stderr);
    }
    std::fprintf(stderr, "kexbench-cli build-instance: %s\n", b.error.c_str());
}

int cmd_build_instance(const std::vector<std::string> &argv)
{
    Args args(split_glued_defines(argv), kValueOptions,
              {"--no-profiled", "--verbose", "--help", "-h"});
    if (!args.ok())
        return usage_error("build-instance", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    BuildOptions options;
    if (std::string error = configure(args, options); !error.empty())
        return usage_error("build-instance", error);
    if (args.flag("--verbose"))
        options.on_command = [](const std::string &line) {
            std::printf("$ %s\n", line.c_str());
            std::fflush(stdout);
        };
    const BuildOutcome outcome = build_instance(options);
    if (!outcome.ok) {
        print_failure(outcome);
        return kExitFailure;
    }
    print_outcome(outcome);
    return kExitOk;
}

const bool registered = register_command(
    {"build-instance", "compile a submission folder into an instance library (plain and profiled)", cmd_build_instance});

} // namespace
} // namespace kexbench::cli
