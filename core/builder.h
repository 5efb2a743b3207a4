// SPDX-License-Identifier: GPL-3.0-or-later
// Building a submission folder (official ICCS template layout) into kexbench
// instance libraries with the system compiler, the way the harness links its
// instances (MEASUREMENT-METHOD §2): every C/C++ source directly in the
// folder except driver files, the folder's drng.c/auxfunc.c or kexbench's
// clean-room ones, the kexbench shim and the export list. Two variants: the
// plain library and a profiled one (hash/DRNG wrappers, §8) in profiled/.
//
// Nothing shipped in the folder is ever run: only the compiler, nm and a
// runner child that loads the finished library to check it.
#pragma once

#include "core/result.h"
#include "core/untrusted.h" // name_problem(): the ALGORITHM_INSTANCE rule

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kexbench {

// ---- pure pieces (unit-tested) ---------------------------------------------

// Optional kexbench-instance.json in the folder; every key optional.
struct BuildRecipe {
    std::optional<std::string> name;  // ALGORITHM_INSTANCE override
    std::vector<std::string> defines; // "NAME" or "NAME=VALUE"
    std::vector<std::string> cflags;  // extra compiler flags, after the defaults
    std::vector<std::string> exclude; // file-name globs left out
};

constexpr const char *kRecipeFileName = "kexbench-instance.json";

// Keys: name (string), defines (array of strings, or object NAME -> string/number/null),
// cflags (string split like a shell word list, or array of strings), exclude
// (array of globs). Unknown keys and wrong types are errors naming origin.
Result<BuildRecipe> parse_recipe(std::string_view json_text, const std::string &origin);

// The command line over the recipe: its name wins, its defines replace the
// recipe's of the same NAME, its cflags come after the recipe's (so they win),
// exclusions add up.
BuildRecipe merge_recipes(const BuildRecipe &from_file, const BuildRecipe &from_command_line);

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

// Splits a flag string into words: white space separates, '...' and "..." group, \ escapes.
Result<std::vector<std::string>> split_flags(const std::string &text);
// "GNU 12.2.0", "Clang 14.0.6" from the output of `cc --version`; the first line otherwise.
std::string compiler_description(const std::string &version_output);
// text as the contents of a C string literal ("..." with \ " and control bytes escaped).
std::string c_string_literal(const std::string &text);

// ---- building --------------------------------------------------------------

struct BuildOptions {
    std::string source_dir;
    std::string out_dir;
    BuildRecipe command_line;         // --name, -D, --cflags, --exclude
    std::string sdk_dir;              // empty: sdk_path()
    std::string runner;               // empty: runner_path()
    std::chrono::seconds timeout{300}; // per compiler/linker child
    bool profiled = true;             // also build <out>/profiled/lib<name>.so
    bool load_check = true;           // describe the result in a runner child
    // Every command line as it starts (for --verbose); may be empty.
    std::function<void(const std::string &)> on_command;
};

struct BuildOutcome {
    bool ok = false;
    std::string instance;
    std::string library;          // <out>/lib<name>.so
    std::string profiled_library; // <out>/profiled/lib<name>.so, empty when not built
    std::string log_file;         // <out>/lib<name>.so.build.log
    std::vector<std::string> compiled;  // source paths in the library
    std::vector<std::string> left_out;  // "KAT_KEX.c (harness driver-file rule)", ...
    std::vector<std::string> notes;     // one line each, e.g. why no profiled variant
    std::string tool_output;            // compiler/linker output of the step that failed
    std::string error;                  // one line when !ok
};

// Where the builder's sources live: $KEXBENCH_SDK_DIR, else
// <dir of this executable>/../share/kexbench/sdk.
std::string sdk_path();

BuildOutcome build_instance(const BuildOptions &options);

} // namespace kexbench
