// SPDX-License-Identifier: GPL-3.0-or-later
// Running the real kexbench-cli of this build tree from tests.
#pragma once

#include "core/process.h"

#include <string>
#include <vector>

namespace kexbench::test {

inline std::string cli_path() { return std::string(KEXBENCH_BIN_DIR) + "/kexbench-cli"; }

// Runs kexbench-cli with args; fixtures are on the instance path when with_fixtures.
inline ProcessResult run_cli(const std::vector<std::string> &args, bool with_fixtures = false, int timeout_s = 120)
{
    ProcessSpec spec;
    spec.argv.push_back(cli_path());
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = std::chrono::seconds(timeout_s);
    spec.extra_env.push_back(std::string("KEXBENCH_INSTANCE_PATH=") + (with_fixtures ? KEXBENCH_FIXTURE_DIR : ""));
    return run_process(spec);
}

inline std::vector<std::string> lines_of(const std::string &text)
{
    std::vector<std::string> lines;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        lines.push_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return lines;
}

inline std::string fixture(const std::string &name) { return std::string(KEXBENCH_FIXTURE_DIR) + "/lib" + name + ".so"; }

} // namespace kexbench::test
