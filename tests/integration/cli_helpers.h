// SPDX-License-Identifier: GPL-3.0-or-later
// Running the real kexbench-cli of this build tree from tests.
#pragma once

#include "core/campaign/process.h"

#include <cstdlib>
#include <filesystem>
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

// A fresh folder under /tmp, removed with everything in it at the end of the test.
class TempDir {
public:
    TempDir()
    {
        char tmpl[] = "/tmp/kexbench-test-XXXXXX";
        const char *made = ::mkdtemp(tmpl);
        path_ = made ? made : "";
    }
    ~TempDir()
    {
        std::error_code ec;
        if (!path_.empty())
            std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const std::string &path() const { return path_; }
    std::string operator/(const std::string &name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

// "| a | b |" -> {"a", "b"}: the cells of one Markdown table row (no escaped '|' inside).
inline std::vector<std::string> split_row(const std::string &line)
{
    std::vector<std::string> cells;
    size_t pos = 1;
    while (pos < line.size()) {
        const size_t bar = line.find(" |", pos);
        if (bar == std::string::npos)
            break;
        cells.push_back(line.substr(pos + 1, bar - pos - 1));
        pos = bar + 2;
    }
    return cells;
}

inline std::string fixture(const std::string &name)
{
    return std::string(KEXBENCH_FIXTURE_DIR) + "/lib" + name + ".so";
}

} // namespace kexbench::test
