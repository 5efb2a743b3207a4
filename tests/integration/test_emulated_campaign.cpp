// SPDX-License-Identifier: GPL-3.0-or-later
// An emulated campaign end to end: the aarch64 cross build's runner and
// instances under qemu-aarch64, started by this build's kexbench-cli with
// --runner-wrapper. Skipped when the aarch64 tree (cmake --preset aarch64 &&
// cmake --build --preset aarch64) or qemu-aarch64 is not there. Kept tiny
// (one step, two short trials): qemu is slow.
#include "cli_helpers.h"

#include "core/analysis/compare.h"
#include "core/data/dataset.h"
#include "core/base/fsutil.h"
#include "core/analysis/report.h"
#include "core/campaign/runner_client.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

const std::string kArmBuild = std::string(KEXBENCH_SOURCE_DIR) + "/build/aarch64";
const std::string kArmRunner = kArmBuild + "/bin/kexbench-runner";
const std::string kArmInstances = kArmBuild + "/lib/kexbench/instances";
const std::vector<std::string> kQemu = {"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"};
const std::string kQemuText = "qemu-aarch64 -L /usr/aarch64-linux-gnu";

// Why the emulated tests cannot run here; empty when they can.
std::string missing_tools()
{
    if (find_executable("qemu-aarch64").empty())
        return "qemu-aarch64 is not installed (apt-get install qemu-user)";
    for (const std::string &file : {kArmRunner, kArmInstances + "/libX25519-NIKE.so"})
        if (!fs::exists(file))
            return file + " is absent (cmake --preset aarch64 && cmake --build --preset aarch64)";
    return {};
}

ProcessResult run_emulated_cli(const std::vector<std::string> &args, int timeout_s = 600)
{
    ProcessSpec spec;
    spec.argv = {cli_path()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = std::chrono::seconds(timeout_s);
    spec.extra_env.push_back("KEXBENCH_INSTANCE_PATH=" + kArmInstances);
    return run_process(spec);
}

nlohmann::json read_json(const std::string &path)
{
    auto text = read_file(path);
    EXPECT_TRUE(text.ok()) << text.error();
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
}

} // namespace

TEST(EmulatedCampaign, MeasuresTheAarch64BuildUnderQemuAndSaysSoEverywhere)
{
    if (std::string missing = missing_tools(); !missing.empty())
        GTEST_SKIP() << "no emulated aarch64 run: " << missing;
    TempDir out;
    ProcessResult r =
        run_emulated_cli({"run", "--runner", kArmRunner, "--runner-wrapper", kQemuText, "--instance", "X25519-NIKE",
                          "--op", "init_a", "--target", "0.002", "--trials", "2", "--no-memory", "--out", out.path()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("WARNING: emulated with " + kQemuText +
                         ": timings are not measurements of aarch64 (ARM) "
                         "hardware"),
              std::string::npos)
        << r.out;

    const nlohmann::json campaign = read_json(out / "campaign.json");
    ASSERT_TRUE(campaign.contains("runner_host")) << campaign.dump();
    EXPECT_EQ(campaign["runner_host"]["kind"], "emulated");
    EXPECT_EQ(campaign["runner_host"]["where"], kQemuText);
    EXPECT_EQ(campaign["runner_host"]["machine"], "aarch64");
    // The emulated runner described its machine (qemu-user reports aarch64), not this host.
    EXPECT_EQ(campaign["environment_at_start"]["architecture"], "aarch64") << campaign["environment_at_start"].dump();
    EXPECT_EQ(campaign["kexbench"]["counter"], "cntvct_el0");

    auto rec = read_record_file(out / "records/x25519-nike/X25519-NIKE__init_a.json");
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->status, "complete");
    ASSERT_TRUE(rec->kexbench.has_value());
    EXPECT_EQ(rec->kexbench->counter, "cntvct_el0");
    EXPECT_EQ(rec->kexbench->health.size(), 2u);
    EXPECT_EQ(rec->environment["runner_host"]["kind"], "emulated");
    ASSERT_FALSE(rec->processes.empty());
    const std::vector<std::string> &command = rec->processes.front().command;
    ASSERT_GE(command.size(), 5u);
    EXPECT_EQ(std::vector<std::string>(command.begin(), command.begin() + 3), kQemu); // the command as it ran
    EXPECT_EQ(command[3], kArmRunner);

    auto ds = load_dataset(out.path());
    ASSERT_TRUE(ds.ok()) << ds.error();
    EXPECT_TRUE(ds->runner_host.emulated());
    EXPECT_EQ(ds->runner_host.machine, "aarch64");
    const Report report = build_report(*ds, {});
    EXPECT_NE(report.title.find("(emulated)"), std::string::npos) << report.title;
    const std::string markdown = render_markdown(report);
    EXPECT_NE(markdown.find("Emulated with " + kQemuText + ": timings are not measurements of aarch64 (ARM) hardware."),
              std::string::npos)
        << markdown;
    EXPECT_NE(markdown.find("| runner | emulated: " + kQemuText + " (aarch64 libraries) |"), std::string::npos)
        << markdown;
    const Comparison comparison = compare_datasets(*ds, *ds);
    EXPECT_TRUE(std::any_of(comparison.notes.begin(), comparison.notes.end(),
                            [](const std::string &n) { return n.find("was emulated with") != std::string::npos; }));
}

TEST(EmulatedCampaign, AnX86LibraryIsRefusedByTheAarch64RunnerInOneLine)
{
    if (std::string missing = missing_tools(); !missing.empty())
        GTEST_SKIP() << "no emulated aarch64 run: " << missing;
    const std::string x86_lib = std::string(KEXBENCH_INSTANCE_DIR) + "/libX25519-NIKE.so";
    const std::string expected = x86_lib + ": built for x86-64, the runner emulated by " + kQemuText + " is aarch64";
    RunnerOptions options;
    options.host = local_runner_host(kArmRunner, kQemu);
    auto info = describe_instance(x86_lib, options);
    ASSERT_FALSE(info.ok());
    EXPECT_EQ(info.error(), expected);

    TempDir out;
    ProcessResult r =
        run_emulated_cli({"run", "--runner", kArmRunner, "--runner-wrapper", kQemuText, "--instance", x86_lib, "--op",
                          "init_a", "--trials", "2", "--no-memory", "--out", out.path()});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    size_t lines = 0;
    for (const auto &line : lines_of(r.out))
        lines += line.find(x86_lib) != std::string::npos;
    EXPECT_EQ(lines, 1u) << r.out;
    EXPECT_NE(r.out.find("PROBLEM: " + expected + "\n"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(out / "records"));
}

TEST(EmulatedCampaign, AForeignRunnerWithoutAWrapperIsAUsageError)
{
    if (!fs::exists(kArmRunner))
        GTEST_SKIP() << "no aarch64 runner at " << kArmRunner
                     << " (cmake --preset aarch64 && cmake --build --preset aarch64)";
    TempDir out;
    ProcessResult r =
        run_emulated_cli({"run", "--runner", kArmRunner, "--instance", "X25519-NIKE", "--out", out.path()});
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(
        r.err.find("--runner " + kArmRunner + " is built for aarch64, this host is x86-64: give --runner-wrapper"),
        std::string::npos)
        << r.err;
}

TEST(RunnerHostCommand, TheNativeRunnerDescribesThisMachine)
{
    ProcessSpec spec;
    spec.argv = {std::string(KEXBENCH_BIN_DIR) + "/kexbench-runner", "host", "--cpu", "0", "--counter", "auto"};
    ProcessResult r = run_process(spec);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json answer = runner_answer(r.out);
    ASSERT_TRUE(answer.is_object()) << r.out;
    EXPECT_EQ(answer.value("ok", false), true);
    auto d = host_description_from_json(answer["host"], "host answer");
    ASSERT_TRUE(d.ok()) << d.error();
    EXPECT_FALSE(d->counter.empty());
    EXPECT_EQ(d->environment.value("cpu_number", -1), 0);
    EXPECT_EQ(d->environment["warnings"].size(), d->warnings.size());
    // A malformed answer is refused naming the field.
    nlohmann::json bad = answer["host"];
    bad["counter_hz"] = "fast";
    EXPECT_EQ(host_description_from_json(bad, "host answer").error(),
              "host answer: field 'counter_hz' is not a number >= 0");
}
