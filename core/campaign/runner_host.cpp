// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/runner_host.h"
#include "core/base/text.h"

#include "core/base/shell_words.h"
#include "core/base/discovery.h"
#include "core/base/elf_file.h"

namespace kexbench {

namespace {

// Seconds an emulated child may need beyond a native one to start and end:
// qemu translates the runner's start-up, library loading, counter-overhead
// loop and speed probes instead of running them. Measured under qemu-aarch64
// 7.2 on a shared 2-core x86-64 host: 0.08 s for a describe child, 0.3 s for
// a 20-iteration init_a of X25519-NIKE (0.02 s natively), 0.3-0.7 s for one
// exchange of ML-KEM-768 or SM2-KEX beyond its timed calls. Ten seconds leave
// room for a busy machine and for larger instances, and still catch a child
// whose claimed calls are a small part of its run.
constexpr double kEmulatedStartupAllowanceS = 10.0;

// The machine a wrapped runner's libraries are built for: its own ELF machine.
// A runner that cannot be read says so in the name, so a check against it
// fails with the reason instead of a guess.
std::string runner_machine(const std::string &runner)
{
    auto elf = read_elf(runner);
    return elf ? elf->machine_name : "unknown (" + elf.error() + ")";
}

class LocalRunnerHost final : public RunnerHost {
public:
    LocalRunnerHost(std::string runner, std::vector<std::string> wrapper)
        : runner_(std::move(runner)), wrapper_(std::move(wrapper)),
          machine_(wrapper_.empty() ? elf_machine_name(host_elf_machine()) : runner_machine(runner_))
    {
    }
    std::string kind() const override { return wrapper_.empty() ? "local" : "emulated"; }
    std::string where() const override { return wrapper_.empty() ? "this machine" : joined(wrapper_, " "); }
    std::string machine() const override { return machine_; }
    std::vector<std::string> argv(const std::vector<std::string> &runner_args, const ChildLimits &) const override
    {
        // The parent enforces the limits on this machine (ProcessSpec), wrapper or not.
        std::vector<std::string> argv = wrapper_;
        argv.push_back(runner_);
        argv.insert(argv.end(), runner_args.begin(), runner_args.end());
        return argv;
    }
    double startup_allowance_s() const override { return wrapper_.empty() ? 0 : kEmulatedStartupAllowanceS; }

private:
    std::string runner_;
    std::vector<std::string> wrapper_;
    std::string machine_;
};

} // namespace

std::shared_ptr<const RunnerHost> local_runner_host(const std::string &runner, const std::vector<std::string> &wrapper)
{
    return std::make_shared<LocalRunnerHost>(runner.empty() ? runner_path() : runner, wrapper);
}

Result<std::vector<std::string>> split_command_words(const std::string &command)
{
    auto words = split_shell_words(command, "command");
    if (!words)
        return fail("unterminated quote in command '" + command + "'");
    return words;
}

} // namespace kexbench
