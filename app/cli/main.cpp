// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli: the headless front end. It never loads candidate code itself;
// every instance is loaded and run by kexbench-runner children.
#include "cli.h"

#include <cstdio>
#include <algorithm>
#include <string>
#include <vector>

namespace {

std::string usage_text()
{
    std::string text = "kexbench-cli — measure ICCS key-exchange (KEX) instances\n"
                       "\n"
                       "usage: kexbench-cli <command> [options]\n"
                       "\n"
                       "commands:\n";
    // One column for the summaries, two spaces past the longest name ("build-instance" filled 14 columns alone).
    size_t width = 0;
    for (const auto &c : kexbench::cli::commands())
        width = std::max(width, std::string(c.name).size() + 2);
    for (const auto &c : kexbench::cli::commands()) {
        std::string name = c.name;
        name.resize(width, ' ');
        text += "  " + name + c.summary + "\n";
    }
    text += "\n"
            "Instances are found in $KEXBENCH_INSTANCE_PATH (':'-separated folders or .so files)\n"
            "and in lib/kexbench/instances beside this program's bin/.\n"
            "'kexbench-cli <command> --help' describes a command.\n"
            "Exit codes: 0 success, 1 a failure (named on stderr or in the output), 2 a usage error.\n";
    return text;
}

} // namespace

int main(int argc, char **argv)
{
    using namespace kexbench::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::fputs(usage_text().c_str(), stderr);
        return kExitUsage;
    }
    const std::string command = args.front();
    args.erase(args.begin());
    if (command == "--help" || command == "-h" || command == "help") {
        std::fputs(usage_text().c_str(), stdout);
        return kExitOk;
    }
    for (const auto &c : commands())
        if (command == c.name)
            return c.run(args);
    std::fprintf(stderr, "kexbench-cli: unknown command '%s'\n\n%s", command.c_str(), usage_text().c_str());
    return kExitUsage;
}
