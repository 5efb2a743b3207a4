// SPDX-License-Identifier: GPL-3.0-or-later
// Options whose usage says "..." take several values: every word after the
// option up to the next option (issue 33, item 3). Real CLI runs on every
// subcommand that has such an option, real runner children.
#include "cli_helpers.h"

#include "core/data/record.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

std::vector<std::string> quick_run(const std::string &out)
{
    return {"run", "--target", "0.002",      "--trials",     "1",     "--retries",
            "0",   "--no-kat", "--no-stack", "--no-profile", "--out", out};
}

} // namespace

TEST(CliLists, RunTakesSeveralOperationsAndInstancesAfterOneOption)
{
    TempDir dir;
    std::vector<std::string> args = quick_run(dir.path());
    for (const char *a : {"--op", "exchange", "derive_a", "--instance", "null-2p", "X25519-NIKE"})
        args.push_back(a);
    ProcessResult r = run_cli(args, true);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("4 record(s) written, 0 resumed, 0 failed"), std::string::npos) << r.out;
    for (const char *file : {"null-2p__exchange.json", "null-2p__derive_a.json", "X25519-NIKE__exchange.json",
                             "X25519-NIKE__derive_a.json"}) {
        bool found = false;
        for (const auto &entry : fs::recursive_directory_iterator(fs::path(dir.path()) / "records"))
            found = found || entry.path().filename() == file;
        EXPECT_TRUE(found) << file << " missing";
    }
}

TEST(CliLists, ARunListEndsAtTheNextOption)
{
    // "--op exchange --instance null-2p": the list of --op is one word long, the rest are options again.
    TempDir dir;
    std::vector<std::string> args = quick_run(dir.path());
    for (const char *a : {"--op", "exchange", "--instance", "null-2p"})
        args.push_back(a);
    ProcessResult r = run_cli(args, true);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("1 record(s) written, 0 resumed, 0 failed"), std::string::npos) << r.out;
}

TEST(CliLists, CtTakesSeveralOperationsAndSeveralStoredFolders)
{
    TempDir dir;
    const std::string first = dir / "first";
    ProcessResult r = run_cli({"ct", "null-2p", "--op", "derive_a", "init_a", "--budget", "0.3", "--out", first}, true);
    ASSERT_NE(r.exit_code, 2) << r.out << r.err;
    int rows = 0;
    for (const auto &line : lines_of(r.out))
        rows += line.rfind("null-2p ", 0) == 0;
    EXPECT_EQ(rows, 2) << r.out;

    const std::string second = dir / "second";
    fs::copy(first, second, fs::copy_options::recursive);
    ProcessResult shown = run_cli({"ct", "--from", first, second}, true);
    ASSERT_NE(shown.exit_code, 2) << shown.out << shown.err;
    int first_rows = 0, second_rows = 0;
    for (const auto &line : lines_of(shown.out)) {
        first_rows += line.find(first + " (") != std::string::npos;
        second_rows += line.find(second + " (") != std::string::npos;
    }
    EXPECT_EQ(first_rows, 2) << shown.out;
    EXPECT_EQ(second_rows, 2) << shown.out;
}

TEST(CliLists, CtInstanceTakesSeveralNames)
{
    ProcessResult r =
        run_cli({"ct", "--instance", "null-2p", "fixture-good-2p", "--op", "init_a", "--budget", "0.2"}, true);
    ASSERT_NE(r.exit_code, 2) << r.out << r.err;
    int rows = 0;
    for (const auto &line : lines_of(r.out))
        rows += line.rfind("null-2p ", 0) == 0 || line.rfind("fixture-good-2p ", 0) == 0;
    EXPECT_EQ(rows, 2) << r.out;
}
