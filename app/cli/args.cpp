// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "core/base/discovery.h"
#include "core/base/elf_file.h"
#include "core/base/fsutil.h"
#include "core/campaign/process.h"

#include <algorithm>
#include <filesystem>
#include <cstdio>

namespace kexbench::cli {

Args::Args(const std::vector<std::string> &argv, const std::vector<std::string> &value_options,
           const std::vector<std::string> &flag_options)
{
    auto known = [](const std::vector<std::string> &set, const std::string &s) {
        return std::find(set.begin(), set.end(), s) != set.end();
    };
    auto is_option = [](const std::string &s) { return s.size() >= 2 && s[0] == '-'; };
    bool options_done = false;
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string &a = argv[i];
        if (options_done || !is_option(a)) {
            positional_.push_back(a);
        } else if (a == "--") {
            options_done = true;
        } else if (known(flag_options, a)) {
            flags_.push_back(a);
        } else if (known(value_options, a) || known(value_options, a + "...")) {
            if (i + 1 >= argv.size()) {
                error_ = a + " needs a value";
                return;
            }
            values_[a].push_back(argv[++i]);
            // "--op OP...": the usage promises a list, so the words up to the next option all belong to it.
            if (known(value_options, a + "..."))
                while (i + 1 < argv.size() && !is_option(argv[i + 1]))
                    values_[a].push_back(argv[++i]);
        } else {
            error_ = "unknown option " + a;
            return;
        }
    }
}

bool Args::flag(const std::string &name) const { return std::find(flags_.begin(), flags_.end(), name) != flags_.end(); }

std::optional<std::string> Args::value(const std::string &name) const
{
    auto it = values_.find(name);
    if (it == values_.end() || it->second.empty())
        return std::nullopt;
    return it->second.back();
}

std::vector<std::string> Args::values(const std::string &name) const
{
    auto it = values_.find(name);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
}

namespace {
std::vector<Command> &registry()
{
    static std::vector<Command> all;
    return all;
}
} // namespace

bool register_command(const Command &command)
{
    auto &all = registry();
    auto pos =
        std::find_if(all.begin(), all.end(), [&](const Command &c) { return std::string(c.name) > command.name; });
    all.insert(pos, command);
    return true;
}

const std::vector<Command> &commands() { return registry(); }

bool parse_memory_limit(const Args &args, uint64_t &limit)
{
    const auto text = args.value("--memory-limit");
    if (!text)
        return true;
    const auto bytes = parse_bytes(*text);
    if (!bytes)
        return false;
    limit = *bytes;
    return true;
}

std::string parse_runner_options(const Args &args, RunnerOptions &options)
{
    const auto runner = args.value("--runner");
    const auto wrapper_text = args.value("--runner-wrapper");
    if (!runner && !wrapper_text)
        return {};
    const std::string file = runner ? absolute_for_child(*runner) : runner_path();
    auto elf = read_elf(file);
    if (!elf)
        return "--runner: " + elf.error();
    std::vector<std::string> wrapper;
    if (wrapper_text) {
        auto words = split_command_words(*wrapper_text);
        if (!words)
            return "--runner-wrapper: " + words.error();
        if (words->empty())
            return "--runner-wrapper needs a command, e.g. \"qemu-aarch64 -L /usr/aarch64-linux-gnu\"";
        if (find_executable(words->front()).empty())
            return "--runner-wrapper: " + words->front() + " is not an executable on PATH";
        wrapper = std::move(*words);
    } else if (elf->machine != host_elf_machine()) {
        return "--runner " + file + " is built for " + elf->machine_name + ", this host is " +
               elf_machine_name(host_elf_machine()) +
               ": give --runner-wrapper (e.g. \"qemu-aarch64 -L /usr/aarch64-linux-gnu\")";
    }
    options.runner = file;
    options.host = local_runner_host(file, wrapper);
    return {};
}

int usage_error(const std::string &command, const std::string &message)
{
    std::fprintf(stderr, "kexbench-cli %s: %s\nTry 'kexbench-cli %s --help'.\n", command.c_str(), message.c_str(),
                 command.c_str());
    return kExitUsage;
}

int write_text_output(const std::string &command, const std::string &text, const std::optional<std::string> &out)
{
    if (!out) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return kExitOk;
    }
    if (auto written = write_file_atomic(*out, text); !written) {
        std::fprintf(stderr, "kexbench-cli %s: %s\n", command.c_str(), written.error().c_str());
        return kExitFailure;
    }
    return kExitOk;
}

int write_csv_tables(const std::string &command, const std::vector<ReportTable> &tables, const std::string &dir)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        std::fprintf(stderr, "kexbench-cli %s: cannot create %s: %s\n", command.c_str(), dir.c_str(),
                     ec.message().c_str());
        return kExitFailure;
    }
    for (const auto &table : tables) {
        const std::string path = (std::filesystem::path(dir) / (table.id + ".csv")).string();
        if (int rc = write_text_output(command, render_csv(table), path); rc != kExitOk)
            return rc;
    }
    return kExitOk;
}

bool parse_number(const std::optional<std::string> &text, double &out, double lo, double hi)
{
    if (!text)
        return true;
    char *end = nullptr;
    double v = std::strtod(text->c_str(), &end);
    if (*end != '\0' || !(v >= lo && v <= hi))
        return false;
    out = v;
    return true;
}

} // namespace kexbench::cli
