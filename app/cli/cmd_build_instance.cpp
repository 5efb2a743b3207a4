// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "core/build/builder.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace kexbench::cli {

namespace {

const char *kHelp =
    "usage: kexbench-cli build-instance DIR [options] --out LIBDIR\n"
    "       kexbench-cli build-instance --harness-makefile CAND/Makefile --label L [options] --out LIBDIR\n"
    "\n"
    "Builds one submission folder, laid out as it is shipped, into LIBDIR/lib<instance>.so\n"
    "and LIBDIR/profiled/lib<instance>.so (hash/DRNG wrappers for the report's Symmetric\n"
    "primitives table) the way the ngcc-harness links instances, with the system compiler\n"
    "($CC/$CXX, default cc/c++). Without a recipe it compiles every *.c *.cpp *.cc *.S below\n"
    "DIR except driver, test and benchmark files (KAT_*, main*, test*, bench*, *_test.*, ...\n"
    "and files that define main()), with every folder that holds headers as an include\n"
    "folder; same-named sources in two folders (an Optimized_Implementation or avx2/ copy)\n"
    "are refused with the recipe line that picks one. The folder's drng.c/auxfunc.c are\n"
    "used, or kexbench's clean-room ones when it has none.\n"
    "\n"
    "KAT gate: with --manifest, a recipe \"kat\"/\"manifest\", or KAT_KEX_<instance>.txt in or\n"
    "beside DIR (a Test_Vectors-style folder), the library's KAT runs at once; a guide build\n"
    "that does not pass is rebuilt with the harness-default flags, as the harness does. The\n"
    "outcome is kept beside the library (lib<instance>.so.build.json, kat/) and `run` checks\n"
    "the library against the same reference again, so it is never reported as NOKAT.\n"
    "\n"
    "  --candidate ID    the candidate id campaigns file it under (records/ID/..., KAT log,\n"
    "                    accounting lookup), e.g. kex-09 to line up with published data\n"
    "  --flags P         guide (default: -std=c99 -Wpedantic -Wall -Wextra -O2 plus -fPIC\n"
    "                    -D_GNU_SOURCE and the permissive -Wno-error set), harness-default\n"
    "                    (-O2 -fPIC -std=gnu11 -Wall -Wno-unused ... -D_GNU_SOURCE, permissive\n"
    "                    set) or kexbench (-O3 -DNDEBUG, as kexbench's own instances); a profile\n"
    "                    named here is kept even when its KAT fails\n"
    "  --sources GLOB    compile these instead of discovering (paths or globs below DIR, '**'\n"
    "                    allowed; may repeat)\n"
    "  -I DIR            include folder below DIR, searched before the discovered ones (may repeat)\n"
    "  -D NAME[=VAL]     preprocessor definition for the folder's sources (may repeat)\n"
    "  --cflags \"..\"     extra compiler flags after the profile's\n"
    "  --ldlibs \"..\"     extra libraries, e.g. \"-lgmp\"\n"
    "  --exclude GLOB    leave out matching paths below DIR ('**' allowed) or file names (may repeat)\n"
    "  --name N          instance name (default: ALGORITHM_INSTANCE of KEX_AlgorithmInstance.h)\n"
    "  --manifest FILE   a kat.sha256 manifest to gate the build on\n"
    "  --kat FILE        the reference KAT_KEX_<instance>.txt to gate the build on\n"
    "  --no-kat          build without the KAT gate\n"
    "  --recipe FILE     read this recipe instead of DIR/kexbench-instance.json, e.g. the\n"
    "                    resolved LIBDIR/lib<instance>.so.recipe.json after editing it\n"
    "  --harness-makefile FILE --label L   the label's SRCS_, INC_, DEFS_, CFLAGS_, LDLIBS_,\n"
    "                    NOAUX_, NODRNG_, KATDIR_, KATNAME_ from a harness candidate Makefile\n"
    "                    (read as text; make is never run)\n"
    "  --arch aarch64    cross build with Debian's aarch64-linux-gnu-gcc for a board (no load\n"
    "                    check or KAT here: run `kexbench-cli kat` on the board)\n"
    "  --timeout S       bound for each compiler and linker run (default 300)\n"
    "  --no-profiled     build only the plain library\n"
    "  --verbose         print every command line (they are always in lib<instance>.so.build.log)\n"
    "\n"
    "DIR/kexbench-instance.json holds the same settings as keys name, candidate, flags,\n"
    "sources, include_dirs, defines, cflags, ldlibs, exclude, kat, manifest, no_aux, no_drng;\n"
    "paths in it, and -I/--sources/--exclude, are relative to DIR; the command line wins.\n"
    "The resolved recipe is printed and written to LIBDIR/lib<instance>.so.recipe.json. Nothing\n"
    "in DIR is ever run: no Makefile, script or binary. Exit code 0 when the library is\n"
    "built, loads and its KAT passes (or there is none to check), 1 otherwise.\n";

const std::vector<std::string> kValueOptions = {
    "--name",      "-D",        "-I",         "--cflags", "--ldlibs", "--exclude",          "--sources",
    "--candidate", "--flags",   "--manifest", "--kat",    "--recipe", "--harness-makefile", "--label",
    "--arch",      "--timeout", "--out"};

// "-DNAME=VAL" and "-Idir" in one word, as compilers accept them, become two
// words (but not as the value of another option: --cflags -DX stays whole).
std::vector<std::string> split_glued_options(const std::vector<std::string> &argv)
{
    std::vector<std::string> out;
    for (const auto &a : argv) {
        const bool is_value =
            !out.empty() && std::find(kValueOptions.begin(), kValueOptions.end(), out.back()) != kValueOptions.end();
        if (!is_value && a.size() > 2 && (a.compare(0, 2, "-D") == 0 || a.compare(0, 2, "-I") == 0)) {
            out.push_back(a.substr(0, 2));
            out.push_back(a.substr(2));
        } else {
            out.push_back(a);
        }
    }
    return out;
}

// Files named on the command line are relative to where the command runs.
std::string from_here(const std::string &path) { return std::filesystem::absolute(path).lexically_normal().string(); }

std::string add_words(const Args &args, const std::string &option, std::vector<std::string> &to)
{
    for (const auto &text : args.values(option)) {
        auto words = split_flags(text);
        if (!words)
            return option + ": " + words.error();
        to.insert(to.end(), words->begin(), words->end());
    }
    return {};
}

std::string configure_identity(const Args &args, BuildRecipe &r)
{
    if (auto name = args.value("--name")) {
        if (std::string why = name_problem(*name); !why.empty())
            return why;
        r.name = *name;
    }
    if (auto id = args.value("--candidate")) {
        if (std::string why = name_problem(*id, "candidate id"); !why.empty())
            return "--candidate: " + why;
        r.candidate = *id;
    }
    if (auto flags = args.value("--flags")) {
        if (!is_flag_profile(*flags))
            return "--flags is guide, harness-default or kexbench";
        r.flags = *flags;
    }
    return {};
}

// Fills the command-line recipe; an empty string means success.
std::string configure(const Args &args, BuildOptions &o)
{
    if (args.positional().size() > 1 || (args.positional().empty() && !args.value("--harness-makefile")))
        return "name exactly one submission folder (or --harness-makefile FILE --label L)";
    if (!args.positional().empty())
        o.source_dir = args.positional().front();
    o.out_dir = args.value("--out").value_or("");
    if (o.out_dir.empty())
        return "--out LIBDIR is required";
    BuildRecipe &r = o.command_line;
    if (std::string why = configure_identity(args, r); !why.empty())
        return why;
    for (const auto &d : args.values("-D")) {
        if (std::string why = define_problem(d); !why.empty())
            return why;
        r.defines.push_back(d);
    }
    if (std::string why = add_words(args, "--cflags", r.cflags); !why.empty())
        return why;
    if (std::string why = add_words(args, "--ldlibs", r.ldlibs); !why.empty())
        return why;
    r.exclude = args.values("--exclude");
    r.sources = args.values("--sources");
    r.include_dirs = args.values("-I");
    if (auto m = args.value("--manifest"))
        r.manifest = from_here(*m);
    if (auto k = args.value("--kat"))
        r.kat = from_here(*k);
    if (auto recipe = args.value("--recipe"))
        o.recipe_file = from_here(*recipe);
    if (auto mk = args.value("--harness-makefile"))
        o.harness_makefile = from_here(*mk);
    o.harness_label = args.value("--label").value_or("");
    if (!o.harness_makefile.empty() && o.harness_label.empty())
        return "--harness-makefile needs --label L (the instance label)";
    o.arch = args.value("--arch").value_or("");
    if (!o.arch.empty() && o.arch != "aarch64" && o.arch != "x86_64")
        return "--arch is aarch64 (or x86_64)";
    if (auto t = args.value("--timeout")) {
        char *end = nullptr;
        const double s = std::strtod(t->c_str(), &end);
        if (*end != '\0' || !(s >= 1 && s <= 86400))
            return "--timeout takes seconds (1 to 86400)";
        o.timeout = std::chrono::seconds(static_cast<long long>(s));
    }
    o.profiled = !args.flag("--no-profiled");
    o.kat = !args.flag("--no-kat");
    return {};
}

void print_indented(const std::string &text, const char *indent)
{
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        std::printf("%s%s\n", indent, text.substr(pos, end - pos).c_str());
        pos = end + 1;
    }
}

void print_outcome(const BuildOutcome &b)
{
    std::printf("%s: built %s\n", b.instance.c_str(), b.library.c_str());
    if (!b.profiled_library.empty())
        std::printf("  profiled: %s\n", b.profiled_library.c_str());
    std::printf("  candidate: %s\n", b.candidate.empty() ? "(none given: campaigns derive one from the family; "
                                                           "--candidate ID sets it)"
                                                         : b.candidate.c_str());
    std::printf("  flags: %s (%s), %s\n", b.flags.c_str(), b.build_flags.c_str(), b.compiler.c_str());
    if (!b.guide_result.empty())
        std::printf("  guide build: %s, replaced by the harness-default build\n", b.guide_result.c_str());
    std::printf("  KAT: %s\n", b.kat.c_str());
    if (!b.kat_log.empty())
        std::printf("  KAT log: %s\n", b.kat_log.c_str());
    for (const auto &l : b.left_out)
        std::printf("  left out: %s\n", l.c_str());
    for (const auto &n : b.notes)
        std::printf("  note: %s\n", n.c_str());
    std::printf("  resolved recipe (%s; edit it and rebuild with --recipe FILE):\n", b.recipe_file.c_str());
    print_indented(b.recipe_text, "    ");
    std::printf("  build record: %s\n", b.build_info_file.c_str());
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
    Args args(split_glued_options(argv), kValueOptions, {"--no-profiled", "--no-kat", "--verbose", "--help", "-h"});
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
    if (outcome.kat_failed) {
        std::fprintf(stderr, "kexbench-cli build-instance: %s built, but its KAT did not pass: %s\n",
                     outcome.instance.c_str(), outcome.kat.c_str());
        return kExitFailure;
    }
    return kExitOk;
}

const bool registered =
    register_command({"build-instance", "compile a submission folder into an instance library (plain and profiled)",
                      cmd_build_instance});

} // namespace
} // namespace kexbench::cli
