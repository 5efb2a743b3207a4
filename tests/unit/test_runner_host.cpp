// SPDX-License-Identifier: GPL-3.0-or-later
// Where runner children run: the wrapper command's words, and what a local or
// wrapped (emulated) host says of itself and the argv it starts.
#include "core/base/elf_file.h"
#include "core/campaign/runner_host.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace kexbench;

namespace {

std::vector<std::string> words(const std::string &command)
{
    auto split = split_command_words(command);
    EXPECT_TRUE(split.ok()) << split.error();
    return split ? *split : std::vector<std::string>{};
}

// An ELF file that surely exists: this test program.
std::string this_program() { return std::filesystem::read_symlink("/proc/self/exe").string(); }

} // namespace

TEST(SplitCommandWords, SplitsLikeAShellWithoutExpansion)
{
    using W = std::vector<std::string>;
    EXPECT_EQ(words("qemu-aarch64 -L /usr/aarch64-linux-gnu"), (W{"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"}));
    EXPECT_EQ(words("  qemu-aarch64\t -L  /x  "), (W{"qemu-aarch64", "-L", "/x"}));
    EXPECT_EQ(words("env 'A=b c' \"D=e f\" x\\ y"), (W{"env", "A=b c", "D=e f", "x y"}));
    EXPECT_EQ(words("say \"a \\\"quoted\\\" word\""), (W{"say", "a \"quoted\" word"}));
    EXPECT_EQ(words("echo '' $HOME *"), (W{"echo", "", "$HOME", "*"})); // no expansion, empty word kept
    EXPECT_EQ(words(""), W{});
}

TEST(SplitCommandWords, AnUnterminatedQuoteIsAnErrorNamingTheCommand)
{
    auto split = split_command_words("qemu-aarch64 -L '/usr/aarch64");
    ASSERT_FALSE(split.ok());
    EXPECT_EQ(split.error(), "unterminated quote in command 'qemu-aarch64 -L '/usr/aarch64'");
    EXPECT_FALSE(split_command_words("a \"b").ok());
}

TEST(LocalRunnerHost, WithoutAWrapperItIsThisMachine)
{
    auto host = local_runner_host("/opt/kexbench/bin/kexbench-runner");
    EXPECT_EQ(host->kind(), "local");
    EXPECT_EQ(host->where(), "this machine");
    EXPECT_EQ(host->machine(), elf_machine_name(host_elf_machine()));
    EXPECT_TRUE(host->local_process());
    EXPECT_EQ(host->startup_allowance_s(), 0);
    EXPECT_EQ(host->argv({"describe", "/abs/lib.so"}, {}),
              (std::vector<std::string>{"/opt/kexbench/bin/kexbench-runner", "describe", "/abs/lib.so"}));
    EXPECT_EQ(host->child_path("/abs/lib.so"), "/abs/lib.so");
}

TEST(LocalRunnerHost, AWrappedRunnerIsEmulatedWithTheRunnerFilesMachine)
{
    const std::string runner = this_program();
    auto host = local_runner_host(runner, {"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"});
    EXPECT_EQ(host->kind(), "emulated");
    EXPECT_EQ(host->where(), "qemu-aarch64 -L /usr/aarch64-linux-gnu");
    EXPECT_EQ(host->machine(), read_elf(runner)->machine_name);
    EXPECT_TRUE(host->local_process()); // the parent still watches the emulator's memory
    EXPECT_GT(host->startup_allowance_s(), 1);
    EXPECT_EQ(host->argv({"measure", "/abs/lib.so", "--op", "init_a"}, {}),
              (std::vector<std::string>{"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu", runner, "measure",
                                        "/abs/lib.so", "--op", "init_a"}));
    // This program is x86-64 here and aarch64 when the cross build's tests run under qemu.
    const std::string hardware = host->machine() == "aarch64" ? "aarch64 (ARM)" : host->machine();
    EXPECT_EQ(emulation_warning(*host), "emulated with qemu-aarch64 -L /usr/aarch64-linux-gnu: timings are not "
                                        "measurements of " +
                                            hardware + " hardware");
}

TEST(LocalRunnerHost, AnUnreadableWrappedRunnerSaysSoInItsMachine)
{
    auto host = local_runner_host("/nonexistent/kexbench-runner", {"qemu-aarch64"});
    EXPECT_EQ(host->machine().rfind("unknown (/nonexistent/kexbench-runner: cannot open", 0), 0u) << host->machine();
}

TEST(EmulationWarning, NamesArmForAarch64)
{
    EXPECT_EQ(emulation_warning("qemu-aarch64", "aarch64"),
              "emulated with qemu-aarch64: timings are not measurements of aarch64 (ARM) hardware");
}
