// SPDX-License-Identifier: GPL-3.0-or-later
// Shared pieces of the kexbench-cli subcommands.
#pragma once

#include "core/base/text.h"
#include "core/analysis/report.h"
#include "core/campaign/runner_client.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kexbench::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

// Parsed "--flag", "--key value" and positional arguments of one subcommand.
// Options not in the subcommand's vocabulary are usage errors.
class Args {
public:
    // value_options take a value; flag_options do not; repeatable value options collect every value.
    // A value option spelled with a trailing "..." (as "--op..." for the usage's "[--op OP...]") takes
    // every word after it up to the next option, so "--op exchange derive_a" is two operations.
    Args(const std::vector<std::string> &argv, const std::vector<std::string> &value_options,
         const std::vector<std::string> &flag_options);

    bool ok() const { return error_.empty(); }
    const std::string &error() const { return error_; }
    bool flag(const std::string &name) const;
    std::optional<std::string> value(const std::string &name) const;
    std::vector<std::string> values(const std::string &name) const;
    const std::vector<std::string> &positional() const { return positional_; }

private:
    std::map<std::string, std::vector<std::string>> values_;
    std::vector<std::string> flags_;
    std::vector<std::string> positional_;
    std::string error_;
};

int usage_error(const std::string &command, const std::string &message);
// An option's number: absent leaves `out` as it is (true); a number within
// [lo, hi] is stored (true); anything else is false and `out` is unchanged.
bool parse_number(const std::optional<std::string> &text, double &out, double lo, double hi);
// kexbench-cli bench verdicts (cmd_bench_verdicts.cpp).
int bench_verdicts(const Args &args);

// --memory-limit SIZE ("512M", "8G", "0" = none) into limit, which keeps its default when the option is
// absent; false when the value is not a size.
bool parse_memory_limit(const Args &args, uint64_t &limit);

// --runner FILE and --runner-wrapper "CMD" into options.runner and options.host;
// empty on success, else the one line saying why they cannot work (a runner
// that is not an ELF file, a wrapper not on PATH, a foreign runner unwrapped).
std::string parse_runner_options(const Args &args, RunnerOptions &options);

// Text to stdout, or atomically to the named file; failures named on stderr.
int write_text_output(const std::string &command, const std::string &text, const std::optional<std::string> &out);
// One RFC 4180 <table-id>.csv per table into dir.
int write_csv_tables(const std::string &command, const std::vector<ReportTable> &tables, const std::string &dir);

// Each subcommand registers itself from its own cmd_<name>.cpp, so adding one
// touches no shared file.
struct Command {
    const char *name;
    const char *summary; // one line for the command list
    int (*run)(const std::vector<std::string> &argv);
};

bool register_command(const Command &command);
const std::vector<Command> &commands(); // sorted by name

} // namespace kexbench::cli
