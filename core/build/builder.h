// SPDX-License-Identifier: GPL-3.0-or-later
// Building a submission as it is shipped into kexbench instance libraries
// with the system (or Debian's aarch64 cross) compiler, the way the harness
// links its instances (MEASUREMENT-METHOD §2): the sources of the folder's
// tree (discovered, or named by a recipe: kexbench-instance.json, options, or
// a harness candidate Makefile), every folder holding headers as an include
// folder, the folder's drng.c/auxfunc.c or kexbench's clean-room ones, the
// kexbench shim and the export list, with one of the flag profiles guide,
// harness-default or kexbench. Two variants: the plain library and a profiled
// one (hash/DRNG wrappers, §8) in profiled/. With KAT vectors (a manifest, the
// recipe's kat file, or a Test_Vectors-style file in or beside the folder) the
// build is gated on its KAT as the harness does: a guide build that does not
// pass is rebuilt with harness-default. The result is kept beside the library
// in lib<name>.so.build.json (core/campaign/build_info.h) and the resolved recipe in
// lib<name>.so.recipe.json.
//
// Nothing shipped in the folder is ever run: only the compiler, nm and runner
// children that load the finished library to check it and run its KAT.
#pragma once

#include "core/base/shell_words.h"
#include "core/base/result.h"
#include "core/base/untrusted.h" // name_problem(): the ALGORITHM_INSTANCE rule

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kexbench {

// ---- pure pieces (unit-tested) ---------------------------------------------

// Optional kexbench-instance.json in the folder; every key optional. Paths
// are relative to the submission folder (absolute ones are kept).
struct BuildRecipe {
    std::optional<std::string> name;       // ALGORITHM_INSTANCE override
    std::vector<std::string> defines;      // "NAME" or "NAME=VALUE"
    std::vector<std::string> cflags;       // extra compiler flags, after the profile's
    std::vector<std::string> exclude;      // globs over relative paths ("**" allowed) or file names
    std::vector<std::string> sources;      // paths or globs; empty: every source below the folder
    std::vector<std::string> include_dirs; // searched before the discovered ones
    std::vector<std::string> ldlibs;       // "-lgmp", "-lcrypto", ...
    std::optional<std::string> candidate;  // "kex-09": the id campaigns file records under
    std::optional<std::string> flags;      // "guide", "harness-default" or "kexbench"
    std::optional<std::string> kat;        // the reference KAT file
    std::optional<std::string> manifest;   // a kat.sha256 manifest
    bool no_aux = false;                   // do not add auxfunc.c (harness NOAUX_)
    bool no_drng = false;                  // do not add drng.c (harness NODRNG_)
};

constexpr const char *kRecipeFileName = "kexbench-instance.json";

// Keys: name, candidate, flags, kat, manifest (strings); defines (array of
// strings, or object NAME -> string/number/null); cflags and ldlibs (a string
// split like a shell word list, or an array of strings); sources,
// include_dirs, exclude (arrays of strings); no_aux, no_drng (booleans).
// Unknown keys and wrong types are errors naming origin.
Result<BuildRecipe> parse_recipe(std::string_view json_text, const std::string &origin);

// The recipe as kexbench-instance.json text (what parse_recipe reads back).
std::string recipe_json(const BuildRecipe &recipe);

// The command line over the recipe: its name, candidate, flags, kat and
// manifest win; its defines replace the recipe's of the same NAME; its cflags
// come after the recipe's (so they win); its sources replace the recipe's;
// include folders, libraries and exclusions add up.
BuildRecipe merge_recipes(const BuildRecipe &from_file, const BuildRecipe &from_command_line);

// The flag profiles of MEASUREMENT-METHOD §2: "guide" (the guide's reference
// flags plus the harness additions -fPIC -D_GNU_SOURCE and the permissive
// set), "harness-default" (the harness's fallback) and "kexbench" (the -O3
// of kexbench's own built-in instances). Empty for another name.
std::vector<std::string> profile_flags(const std::string &profile, bool cxx);
bool is_flag_profile(const std::string &profile);

// Empty when the -D argument is NAME or NAME=VALUE with a C identifier NAME and a one-line VALUE.
std::string define_problem(const std::string &define);

// The string of `#define ALGORITHM_INSTANCE "..."` in the header text (the first one).
std::optional<std::string> parse_algorithm_instance(std::string_view header_text);

// True for file names the harness leaves out as drivers, tests and benchmarks
// (KAT_*, PQCgenKAT*, main*, test*, bench*, ..., *_test.*, *_main.*, ...).
bool harness_excluded(const std::string &file_name);
// True when file_name matches one of the globs (fnmatch).
bool glob_excluded(const std::string &file_name, const std::vector<std::string> &globs);
// True for *.c, *.cpp, *.cc and *.S.
bool is_source_name(const std::string &file_name);

// "ADKEX" for "ADKEX-128"; the folder name when the instance name has no '-'.
std::string family_for(const std::string &instance, const std::string &folder_name);
// "128" for "ADKEX-128"; the whole name when it has no '-'.
std::string parameter_set_for(const std::string &instance);

// Splits a flag string into words (core/base/shell_words.h).
inline Result<std::vector<std::string>> split_flags(const std::string &text)
{
    return split_shell_words(text, "flags");
}
// "GNU 12.2.0", "Clang 14.0.6" from the output of `cc --version`; the first line otherwise.
std::string compiler_description(const std::string &version_output);
// text as the contents of a C string literal ("..." with \ " and control bytes escaped).
std::string c_string_literal(const std::string &text);

// ---- building --------------------------------------------------------------

struct BuildOptions {
    std::string source_dir; // may be empty with a harness Makefile (its ngcc_instance call names it)
    std::string out_dir;
    BuildRecipe command_line;          // --name, -D, --cflags, --exclude, --sources, -I, --ldlibs, --candidate, ...
    std::string recipe_file;           // --recipe: used instead of <folder>/kexbench-instance.json
    std::string harness_makefile;      // --harness-makefile: the label's recipe from a harness candidate Makefile
    std::string harness_label;         // --label
    std::string arch;                  // empty: the host; "aarch64": Debian's cross compiler
    bool kat = true;                   // gate on the KAT when there are vectors to check against
    std::string sdk_dir;               // empty: sdk_path()
    std::string runner;                // empty: runner_path()
    std::chrono::seconds timeout{300}; // per compiler/linker child
    bool profiled = true;              // also build <out>/profiled/lib<name>.so
    bool load_check = true;            // describe the result in a runner child
    // Every command line as it starts (for --verbose); may be empty.
    std::function<void(const std::string &)> on_command;
};

struct BuildOutcome {
    bool ok = false;
    bool kat_failed = false; // built, but its KAT did not pass (the library is kept and says so)
    std::string instance;
    std::string candidate;    // empty: campaigns derive it from the family
    std::string flags;        // the profile the library was built with
    std::string guide_result; // the guide build's KAT status when harness-default replaced it
    std::string build_flags;  // the compile flags of its C sources
    std::string compiler;
    std::string kat;                   // "PASS against <file>", "no KAT vectors supplied", ...
    std::string kat_log;               // the harness-style KAT log, when a KAT ran
    std::string build_info_file;       // <out>/lib<name>.so.build.json
    std::string recipe_file;           // <out>/lib<name>.so.recipe.json: the resolved recipe
    std::string recipe_text;           // its contents
    std::string library;               // <out>/lib<name>.so
    std::string profiled_library;      // <out>/profiled/lib<name>.so, empty when not built
    std::string log_file;              // <out>/lib<name>.so.build.log
    std::vector<std::string> compiled; // source paths in the library
    std::vector<std::string> left_out; // "KAT_KEX.c (harness driver-file rule)", ...
    std::vector<std::string> notes;    // one line each, e.g. why no profiled variant
    std::string tool_output;           // compiler/linker output of the step that failed
    std::string error;                 // one line when !ok
};

// Where the builder's sources live: $KEXBENCH_SDK_DIR, else
// <dir of this executable>/../share/kexbench/sdk.
std::string sdk_path();

BuildOutcome build_instance(const BuildOptions &options);

} // namespace kexbench
