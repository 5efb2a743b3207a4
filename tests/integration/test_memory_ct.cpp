// SPDX-License-Identifier: GPL-3.0-or-later
// The exact memory pass (heap tracker, stack thunk) and the constant-time
// check, end to end: real runner children on the probe fixtures
// (tests/fixtures/memory), records written by kexbench-cli.
#include "cli_helpers.h"

#include "core/analysis/ct.h"
#include "core/data/ct_record.h"
#include "core/data/record.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>

using namespace kexbench;
using namespace kexbench::test;
namespace fs = std::filesystem;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

nlohmann::json memory_answer(const std::string &instance, const std::string &op)
{
    ProcessSpec spec;
    spec.argv = {std::string(KEXBENCH_BIN_DIR) + "/kexbench-runner", "stack", fixture(instance), "--op", op};
    spec.timeout = std::chrono::seconds(60);
    ProcessResult r = run_process(spec);
    // Under a sanitizer neither figure can be measured, and an answer with neither fails.
    EXPECT_EQ(r.exit_code, kSanitized ? 1 : 0) << r.out << r.err;
    return nlohmann::json::parse(r.out, nullptr, false);
}

} // namespace

TEST(MemoryPass, HeapFiguresAreTheFixturesExactRequests)
{
    if (kSanitized) {
        auto a = memory_answer("fixture-memory", "init_a");
        EXPECT_NE(a.value("heap_reason", "").find("sanitizer"), std::string::npos) << a.dump();
        return;
    }
    // init_a: one malloc(10000); init_b: malloc(3000) and calloc(5, 1000), both live at once.
    auto a = memory_answer("fixture-memory", "init_a");
    ASSERT_TRUE(a.contains("heap")) << a.dump();
    EXPECT_EQ(a["heap"]["peak_bytes"], 10000);
    EXPECT_EQ(a["heap"]["exchanges"], 8);
    EXPECT_EQ(a["heap"]["allocations"], 8);
    EXPECT_EQ(a["heap"]["bytes_total"], 80000);
    auto b = memory_answer("fixture-memory", "init_b");
    EXPECT_EQ(b["heap"]["peak_bytes"], 8000);
    EXPECT_EQ(b["heap"]["min_allocations"], 2);
    EXPECT_EQ(b["heap"]["max_allocations"], 2);
    EXPECT_EQ(b["heap"]["bytes_total"], 64000);
    // derive_a allocates nothing; the whole exchange's peak is init_a's block.
    EXPECT_EQ(memory_answer("fixture-memory", "derive_a")["heap"]["allocations"], 0);
    auto ex = memory_answer("fixture-memory", "exchange");
    EXPECT_EQ(ex["heap"]["peak_bytes"], 10000);
    EXPECT_EQ(ex["heap"]["allocations"], 24);
}

TEST(MemoryPass, StackCountsFromTheStepsEntryToTheWord)
{
    if (kSanitized)
        GTEST_SKIP() << "the stack probe does not run under AddressSanitizer (it reports why instead)";
    // The same helper shape around a 4096- and a 4112-byte array.
    const auto da = memory_answer("fixture-memory", "derive_a");
    const auto db = memory_answer("fixture-memory", "derive_b");
    ASSERT_TRUE(da.contains("stack_bytes") && db.contains("stack_bytes")) << da.dump() << db.dump();
    const uint64_t a = da["stack_bytes"], b = db["stack_bytes"];
    EXPECT_EQ(b - a, 16u);
    EXPECT_GE(a, 4096u);
    EXPECT_LE(a, 4096u + 128u) << "frames of two small functions around the array";
    // A step that calls nothing and keeps nothing on the stack uses none.
    EXPECT_EQ(memory_answer("null-2p", "derive_a")["stack_bytes"], 0);
}

TEST(MemoryPass, CampaignRecordsCarryTheHeapFigures)
{
    TempDir dir;
    ProcessResult r = run_cli({"run", "--instance", "fixture-memory", "--op", "init_b", "--target", "0.002", "--budget",
                               "5", "--trials", "3", "--timeout", "20", "--retries", "0", "--out", dir.path()},
                              true);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    fs::path file;
    for (const auto &e : fs::recursive_directory_iterator(fs::path(dir.path()) / "records"))
        if (e.path().filename() == "fixture-memory__init_b.json")
            file = e.path();
    auto rec = read_record_file(file.string());
    ASSERT_TRUE(rec.ok()) << rec.error();
    ASSERT_TRUE(rec->kexbench.has_value());
    if (kSanitized) {
        EXPECT_FALSE(rec->kexbench->heap_peak_bytes.has_value());
        EXPECT_NE(rec->kexbench->extra.value("heap_note", "").find("sanitizer"), std::string::npos);
        return;
    }
    EXPECT_EQ(rec->kexbench->heap_peak_bytes, 8000u);
    EXPECT_EQ(rec->kexbench->heap_allocations, 2.0);
    EXPECT_EQ(rec->kexbench->heap_bytes_total, 8000.0);
    EXPECT_EQ(rec->kexbench->heap_exchanges, 8u);
}

namespace {

// The fixture-memory init_b record of a one-trial campaign run with `memory_switch`.
Record memory_record_with(const std::string &memory_switch, const TempDir &dir)
{
    ProcessResult r =
        run_cli({"run", "--instance", "fixture-memory", "--op", "init_b", "--target", "0.002", "--trials", "1",
                 "--timeout", "20", "--retries", "0", "--no-kat", "--no-profile", memory_switch, "--out", dir.path()},
                true);
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    fs::path file;
    for (const auto &e : fs::recursive_directory_iterator(fs::path(dir.path()) / "records"))
        if (e.path().filename() == "fixture-memory__init_b.json")
            file = e.path();
    auto rec = read_record_file(file.string());
    EXPECT_TRUE(rec.ok()) << rec.error();
    return rec.ok() ? *rec : Record{};
}

} // namespace

// Issue 33, item 4: --no-stack skips the stack probe only; the heap figures stay, and the
// record says which pass was off and why stack_bytes is absent.
TEST(MemoryPass, NoStackKeepsTheHeapFiguresAndSaysWhatWasSkipped)
{
    TempDir dir;
    const Record rec = memory_record_with("--no-stack", dir);
    ASSERT_TRUE(rec.kexbench.has_value());
    EXPECT_FALSE(rec.kexbench->stack_bytes.has_value());
    EXPECT_EQ(rec.kexbench->extra.value("stack_note", ""),
              "skipped: the stack probe was off in this campaign (--no-stack)");
    EXPECT_EQ(rec.kexbench->extra["memory_passes_off"], nlohmann::ordered_json::array({"stack"}));
    if (!kSanitized) {
        EXPECT_EQ(rec.kexbench->heap_peak_bytes, 8000u);
    }
}

TEST(MemoryPass, NoMemorySkipsBothPassesAndSaysSo)
{
    TempDir dir;
    const Record rec = memory_record_with("--no-memory", dir);
    ASSERT_TRUE(rec.kexbench.has_value());
    EXPECT_FALSE(rec.kexbench->stack_bytes.has_value());
    EXPECT_FALSE(rec.kexbench->heap_peak_bytes.has_value());
    EXPECT_EQ(rec.kexbench->extra["memory_passes_off"], nlohmann::ordered_json::array({"stack", "heap"}));
    EXPECT_EQ(rec.kexbench->extra.value("heap_note", ""),
              "skipped: the heap pass was off in this campaign (--no-memory)");
}

TEST(MemoryPass, RunHelpExplainsWhatEachMemorySwitchSkips)
{
    ProcessResult r = run_cli({"run", "--help"});
    ASSERT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("  --no-stack      skip the stack probe of the memory pass"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("its heap pass still runs"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  --no-memory     skip the whole memory pass"), std::string::npos) << r.out;
}

// derive_b branches on a secret bit: flagged well inside the default budget.
// derive_a does the same amount of work every time: the control.
TEST(ConstantTimeCheck, FlagsTheSecretBranchNotTheControlAndKeepsRecords)
{
    TempDir dir;
    ProcessResult r = run_cli(
        {"ct", "fixture-secret-branch", "--op", "derive_b", "--op", "derive_a", "--budget", "4", "--out", dir.path()},
        true, 120);
    EXPECT_EQ(r.exit_code, 1) << "a leak makes the exit code 1\n" << r.out << r.err;
    std::map<std::string, std::string> verdict;
    for (const auto &l : lines_of(r.out))
        if (l.rfind("fixture-secret-branch", 0) == 0)
            verdict[l.substr(23, 8)] = l.substr(l.rfind("  ") + 2);
    EXPECT_EQ(verdict["derive_b"], "leak") << r.out;
    EXPECT_EQ(verdict["derive_a"], "no leak detected") << r.out;

    const std::string file = dir / ct_record_relative_path("fixture-secret-branch", "derive_b");
    auto rec = read_ct_record_file(file);
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->stop, "leak") << "stopped on the leak, not at the budget";
    auto battery = ct_battery_of(*rec);
    ASSERT_TRUE(battery.has_value());
    EXPECT_GT(battery->max_abs_t(), kCtLeakThreshold);
    EXPECT_EQ(rec->ticks.size(), rec->classes.size());
    // What the file says about itself is what kexbench recomputes from its samples.
    auto text = nlohmann::json::parse(std::ifstream(file));
    EXPECT_DOUBLE_EQ(text["summary"]["max_abs_t"].get<double>(), battery->max_abs_t());
    EXPECT_EQ(text["summary"]["verdict"], "leak");

    auto control = read_ct_record_file(dir / ct_record_relative_path("fixture-secret-branch", "derive_a"));
    ASSERT_TRUE(control.ok()) << control.error();
    EXPECT_EQ(control->stop, "budget");
    EXPECT_GT(control->ticks.size(), 2000u) << "the control ran its whole budget";

    // --from prints the stored results again, with the system they came from.
    ProcessResult shown = run_cli({"ct", "--from", dir.path()}, true);
    EXPECT_EQ(shown.exit_code, 1) << shown.out << shown.err;
    ASSERT_FALSE(control->machine.empty());
    EXPECT_NE(shown.out.find("(" + control->machine + ", this host)"), std::string::npos) << shown.out;
    EXPECT_NE(shown.out.find("no leak detected"), std::string::npos) << shown.out;
}

TEST(ConstantTimeCheck, RefusesUnknownOperationsAndNamesMissingInstances)
{
    ProcessResult bad = run_cli({"ct", "fixture-secret-branch", "--op", "derive_c"}, true);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.err.find("unknown operation 'derive_c'"), std::string::npos) << bad.err;
    ProcessResult missing = run_cli({"ct", "no-such-instance"}, true);
    EXPECT_EQ(missing.exit_code, 1);
    EXPECT_NE(missing.err.find("libno-such-instance.so"), std::string::npos) << missing.err;
}

// A pass the exchange never reaches gets no figure at all, not a zero.
TEST(MemoryPass, AStepTheExchangeNeverRunsHasNoFigure)
{
    ProcessSpec spec;
    spec.argv = {std::string(KEXBENCH_BIN_DIR) + "/kexbench-runner", "stack", fixture("null-2p"), "--op", "pass4"};
    spec.timeout = std::chrono::seconds(60);
    ProcessResult r = run_process(spec);
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    auto a = nlohmann::json::parse(r.out, nullptr, false);
    EXPECT_FALSE(a.value("ok", true));
    EXPECT_FALSE(a.contains("stack_bytes"));
    EXPECT_FALSE(a.contains("heap"));
    EXPECT_EQ(a.value("reason", ""), kSanitized ? a.value("reason", "") : "the exchange never runs pass4");
}
