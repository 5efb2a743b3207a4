// SPDX-License-Identifier: GPL-3.0-or-later
// Names from candidate code become paths (records, KAT files and logs,
// build.json keys): bad names are refused where they are read, an impostor
// is refused rather than overwriting the genuine instance, a campaign folder
// has one campaign at a time, and `kat` cleans up its temporary folder.
// Real CLI runs, real runner children, the fixture libraries of
// tests/fixtures/badname.
#include "cli_helpers.h"

#include "core/base/digest.h"
#include "core/base/fsutil.h"
#include "core/data/dataset.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <set>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

// Small and quick: the names are under test, not the figures.
std::vector<std::string> quick_run(const std::string &out, const std::vector<std::string> &instances,
                                   const std::string &trials = "1")
{
    std::vector<std::string> args = {"run",          "--op",  "exchange",  "--target",  "0.002",
                                     "--trials",     trials,  "--retries", "0",         "--no-memory",
                                     "--no-profile", "--out", out,         "--instance"};
    args.insert(args.end(), instances.begin(), instances.end());
    return args;
}

// Every path under dir, relative to it.
std::set<std::string> tree_of(const fs::path &dir)
{
    std::set<std::string> paths;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        paths.insert(it->path().lexically_relative(dir).string());
    return paths;
}

std::string builtin(const std::string &name) { return std::string(KEXBENCH_INSTANCE_DIR) + "/lib" + name + ".so"; }

std::string text_of(const fs::path &file)
{
    auto text = read_file(file.string());
    return text ? *text : std::string();
}

nlohmann::json build_json(const fs::path &out)
{
    auto build = nlohmann::json::parse(text_of(out / "build.json"), nullptr, false);
    return build.is_object() && build["instances"].is_object()
               ? build
               : nlohmann::json{{"instances", nlohmann::json::object()}};
}

std::set<std::string> kat_temp_folders()
{
    std::set<std::string> found;
    std::error_code ec;
    for (fs::directory_iterator it("/tmp", ec), end; !ec && it != end; it.increment(ec))
        if (it->path().filename().string().rfind("kexbench-kat-", 0) == 0)
            found.insert(it->path().string());
    return found;
}

pid_t spawn_cli(const std::vector<std::string> &args)
{
    std::vector<std::string> full = {cli_path()};
    full.insert(full.end(), args.begin(), args.end());
    std::vector<char *> argv;
    for (auto &a : full)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t quiet;
    posix_spawn_file_actions_init(&quiet);
    posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&quiet, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int rc = ::posix_spawn(&pid, argv[0], &quiet, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&quiet);
    return rc == 0 ? pid : -1;
}

// The (name, what the user is told) of each bad-name fixture.
const std::vector<std::pair<std::string, std::string>> kBadNames = {
    {"badname-traversal", "instance name '../../../escaped/PWNED' may only hold letters, digits, '.', '-' and '_'"},
    {"badname-leading-dot", "instance name '.hidden-instance' starts with '.'"},
    {"badname-too-long", "instance name '" + std::string(65, 'A') + "' is longer than 64 characters"},
    // The escapes themselves are printable()'s business; here: one line, no raw control character.
    {"badname-control-chars", "instance name 'bad\\"},
    {"badname-family-traversal", "family '../../../escaped' may only hold letters, digits, '.', '-' and '_'"},
};

} // namespace

TEST(BadNames, RunWritesNothingOutsideOutAndNamesEachLibrary)
{
    TempDir tmp;
    const std::string out = tmp / "out";
    std::vector<std::string> libs;
    for (const auto &[name, message] : kBadNames)
        libs.push_back(fixture(name));
    ProcessResult r = run_cli(quick_run(out, libs));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    for (const auto &[name, message] : kBadNames)
        EXPECT_NE(r.out.find("PROBLEM: " + fixture(name) + ": " + message), std::string::npos)
            << name << " not refused as expected:\n"
            << r.out;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "a terminal escape reached the output";
    EXPECT_NE(r.out.find("line2' may only hold letters, digits, '.', '-' and '_'\n"), std::string::npos) << r.out;
    EXPECT_EQ(tree_of(tmp.path()), (std::set<std::string>{"out", "out/.kexbench.lock", "out/campaign.json"}));
}

TEST(BadNames, KatWritesNothingOutsideOut)
{
    TempDir tmp;
    const std::string out = tmp / "out";
    ProcessResult r = run_cli({"kat", fixture("badname-traversal"), "--out", out});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("ERROR " + fixture("badname-traversal") + ": " + kBadNames[0].second), std::string::npos)
        << r.out;
    EXPECT_EQ(tree_of(tmp.path()), std::set<std::string>{"out"});
}

TEST(Identity, AnImpostorIsRefusedBeforeAnythingIsWritten)
{
    TempDir tmp;
    const std::string out = tmp / "out";
    ProcessResult r = run_cli(quick_run(out, {builtin("X25519-NIKE"), fixture("badname-impostor")}));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    const std::string expected =
        "kexbench-cli run: two libraries call themselves X25519-NIKE: " + builtin("X25519-NIKE") + " (sha256 ";
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(") and " + fixture("badname-impostor") + " (sha256 "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("…); measure one at a time or rename one"), std::string::npos) << r.err;
    EXPECT_EQ(tree_of(out), std::set<std::string>{".kexbench.lock"});
}

TEST(Identity, TheSameLibraryGivenTwiceIsMeasuredOnce)
{
    TempDir tmp;
    ProcessResult r = run_cli(quick_run(tmp / "out", {"X25519-NIKE", builtin("X25519-NIKE")}));
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("1 record(s) written, 0 resumed, 0 failed"), std::string::npos) << r.out;
}

TEST(Identity, ResumingWithAnImpostorIsRefusedAndKeepsTheGenuineEntry)
{
    TempDir tmp;
    const fs::path out = tmp / "out";
    ProcessResult genuine = run_cli(quick_run(out, {"X25519-NIKE"}));
    ASSERT_EQ(genuine.exit_code, 0) << genuine.out << genuine.err;
    const auto before = read_file((out / "build.json").string());
    ASSERT_TRUE(before.ok());

    ProcessResult impostor = run_cli(quick_run(out, {fixture("badname-impostor")}));
    EXPECT_EQ(impostor.exit_code, 1) << impostor.out << impostor.err;
    EXPECT_NE(impostor.err.find((out / "build.json").string() + ": X25519-NIKE was measured here from " +
                                builtin("X25519-NIKE") + " (sha256 "),
              std::string::npos)
        << impostor.err;
    EXPECT_NE(impostor.err.find(fixture("badname-impostor") + " (sha256 "), std::string::npos) << impostor.err;
    EXPECT_NE(impostor.err.find("calls itself X25519-NIKE too; measure it into another folder or rename it"),
              std::string::npos)
        << impostor.err;
    EXPECT_EQ(*read_file((out / "build.json").string()), *before);
    const auto lib = read_file(builtin("X25519-NIKE"));
    ASSERT_TRUE(lib.ok());
    EXPECT_EQ(build_json(out)["instances"]["x25519-nike/X25519-NIKE"]["library_sha256"], sha256_hex(*lib));
}

TEST(CampaignLock, ASecondCampaignFailsAtOnceAndADeadOneIsNotInTheWay)
{
    TempDir tmp;
    const fs::path out = tmp / "out";
    // Long enough to be running when the second one starts; killed as soon as that is checked.
    const std::vector<std::string> slow = quick_run(out.string(), {"ECDHE-P256"}, "40");
    const pid_t first = spawn_cli(slow);
    ASSERT_GT(first, 0);
    const std::string pid_line = std::to_string(first) + "\n";
    // Holding the lock, with its first build entry written (after the KAT).
    for (int i = 0; i < 400 && (text_of(out / ".kexbench.lock") != pid_line ||
                                !build_json(out)["instances"].contains("ecdhe/ECDHE-P256"));
         ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(25));

    ProcessResult second = run_cli(slow);
    EXPECT_EQ(second.exit_code, 1) << second.out << second.err;
    EXPECT_NE(second.err.find("kexbench-cli run: " + out.string() + " is in use by pid " + std::to_string(first)),
              std::string::npos)
        << second.err;

    ::kill(first, SIGKILL);
    int status = 0;
    ::waitpid(first, &status, 0);
    // The killed campaign's lock file stays behind; flock went with the process.
    ASSERT_TRUE(fs::exists(out / ".kexbench.lock"));
    ProcessResult third = run_cli(quick_run(out.string(), {"X25519-NIKE"}, "40"));
    EXPECT_EQ(third.exit_code, 0) << third.out << third.err;
    const auto instances = build_json(out)["instances"];
    EXPECT_TRUE(instances.contains("ecdhe/ECDHE-P256")) << instances.dump();
    EXPECT_TRUE(instances.contains("x25519-nike/X25519-NIKE")) << instances.dump();
}

TEST(CampaignLock, SequentialCampaignsKeepTheEarlierInstancesInBuildJson)
{
    TempDir tmp;
    const std::string out = tmp / "out";
    ASSERT_EQ(run_cli(quick_run(out, {"X25519-NIKE"})).exit_code, 0);
    ASSERT_EQ(run_cli(quick_run(out, {"ECDHE-P256"})).exit_code, 0);
    const auto instances = build_json(out)["instances"];
    EXPECT_TRUE(instances.contains("x25519-nike/X25519-NIKE")) << instances.dump();
    EXPECT_TRUE(instances.contains("ecdhe/ECDHE-P256")) << instances.dump();

    // The lock belongs to this machine's folder, not to the evidence a bundle carries.
    ASSERT_TRUE(fs::exists(fs::path(out) / ".kexbench.lock"));
    const std::string bundle = tmp / "out.kxb", unpacked = tmp / "unpacked";
    ASSERT_EQ(run_cli({"bundle", out, bundle}).exit_code, 0);
    ASSERT_EQ(run_cli({"unbundle", bundle, unpacked}).exit_code, 0);
    EXPECT_TRUE(fs::exists(fs::path(unpacked) / "build.json"));
    EXPECT_FALSE(fs::exists(fs::path(unpacked) / ".kexbench.lock"));
}

TEST(CliKatTemp, WithoutOutNoFolderIsLeftInTmp)
{
    const std::set<std::string> before = kat_temp_folders();
    ProcessResult pass = run_cli({"kat", "X25519-NIKE"});
    EXPECT_EQ(pass.exit_code, 0) << pass.out << pass.err;
    ProcessResult error = run_cli({"kat", fixture("badname-traversal")});
    EXPECT_EQ(error.exit_code, 1) << error.out << error.err;
    std::set<std::string> left;
    for (const auto &dir : kat_temp_folders())
        if (!before.count(dir))
            left.insert(dir);
    EXPECT_TRUE(left.empty()) << *left.begin();

    ProcessResult kept = run_cli({"kat", "X25519-NIKE", "--keep"});
    EXPECT_EQ(kept.exit_code, 0) << kept.out << kept.err;
    const std::string said = "kexbench-cli kat: KAT files and logs kept in ";
    const size_t at = kept.err.find(said);
    ASSERT_NE(at, std::string::npos) << kept.err;
    const std::string dir = kept.err.substr(at + said.size(), kept.err.find('\n', at) - at - said.size());
    EXPECT_TRUE(fs::exists(fs::path(dir) / "KAT_KEX_X25519-NIKE.txt")) << dir;
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// Issue 33, item 17: a library named libX25519-NIKE.so on KEXBENCH_INSTANCE_PATH
// with other bytes than the built-in is refused wherever the name is looked up.
namespace {

ProcessResult run_cli_on_path(const std::vector<std::string> &args, const std::string &instance_path)
{
    ProcessSpec spec;
    spec.argv = {cli_path()};
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = std::chrono::seconds(120);
    spec.extra_env.push_back("KEXBENCH_INSTANCE_PATH=" + instance_path);
    return run_process(spec);
}

std::string full_sha256(const std::string &file)
{
    auto bytes = read_file(file);
    return bytes ? sha256_hex(*bytes) : std::string();
}

} // namespace

TEST(Identity, ANameThatResolvesToTwoDifferentLibrariesIsRefusedEverywhere)
{
    TempDir tmp;
    const std::string impostor = tmp / "libX25519-NIKE.so";
    fs::copy_file(fixture("badname-impostor"), impostor);
    const std::string both = "two different libraries are called X25519-NIKE: " + impostor + " (sha256 " +
                             full_sha256(impostor) + ") and " + builtin("X25519-NIKE") + " (sha256 " +
                             full_sha256(builtin("X25519-NIKE")) + ")";

    ProcessResult kat = run_cli_on_path({"kat", "X25519-NIKE", "--out", tmp / "k"}, tmp.path());
    EXPECT_EQ(kat.exit_code, 1) << kat.out << kat.err;
    EXPECT_NE(kat.out.find("X25519-NIKE  ERROR " + both), std::string::npos) << kat.out;
    EXPECT_FALSE(fs::exists(tmp / "k")) << "nothing was tested";

    const std::string out = tmp / "camp";
    ProcessResult run = run_cli_on_path(quick_run(out, {"X25519-NIKE"}), tmp.path());
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    EXPECT_NE(run.err.find("kexbench-cli run: " + both), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(out)) << "nothing was measured";

    ProcessResult ct = run_cli_on_path({"ct", "X25519-NIKE", "--op", "init_a", "--budget", "0.2"}, tmp.path());
    EXPECT_EQ(ct.exit_code, 1) << ct.out << ct.err;
    EXPECT_NE(ct.err.find("kexbench-cli ct: " + both), std::string::npos) << ct.err;

    // list shows both rows, and says they are two libraries with one name.
    ProcessResult list = run_cli_on_path({"list"}, tmp.path());
    EXPECT_EQ(list.exit_code, 0) << list.err;
    EXPECT_NE(list.err.find("WARNING: two libraries call themselves X25519-NIKE: " + impostor + " (sha256 "),
              std::string::npos)
        << list.err;
}

TEST(Identity, AByteForByteCopyOfALibraryIsStillOneInstance)
{
    TempDir tmp;
    fs::copy_file(builtin("X25519-NIKE"), tmp / "libX25519-NIKE.so");
    ProcessResult kat = run_cli_on_path({"kat", "X25519-NIKE", "--out", tmp / "k"}, tmp.path());
    EXPECT_EQ(kat.exit_code, 0) << kat.out << kat.err;
    EXPECT_NE(kat.out.find("X25519-NIKE  PASS"), std::string::npos) << kat.out;
}

// Issue 33, item 18: a campaign that measured nothing is not complete.
namespace {

nlohmann::json completion_of(const fs::path &out)
{
    auto campaign = nlohmann::json::parse(text_of(out / "campaign.json"), nullptr, false);
    return campaign.is_object() ? campaign["completion"] : nlohmann::json();
}

} // namespace

TEST(Completion, ACampaignWhoseOnlyInstanceHasABadNameFailed)
{
    TempDir tmp;
    const fs::path out = tmp / "out";
    ProcessResult r = run_cli(quick_run(out.string(), {fixture("badname-traversal")}));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    const nlohmann::json completion = completion_of(out);
    EXPECT_EQ(completion["state"], "failed") << completion.dump(2);
    EXPECT_EQ(completion["measured"], 0) << completion.dump(2);
    const std::string reason = completion.value("reason", "");
    EXPECT_EQ(reason.rfind("nothing measured: every instance was refused: " + fixture("badname-traversal") + ": ", 0),
              0u)
        << reason;
    ASSERT_EQ(completion["refused"].size(), 1u) << completion.dump(2);
}

TEST(Completion, ACampaignWhoseOnlyInstanceCrashesAsItLoadsFailed)
{
    TempDir tmp;
    const fs::path out = tmp / "out";
    ProcessResult r = run_cli(quick_run(out.string(), {fixture("hostile-constructor-crash")}));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    const nlohmann::json completion = completion_of(out);
    EXPECT_EQ(completion["state"], "failed") << completion.dump(2);
    const std::string reason = completion.value("reason", "");
    EXPECT_NE(reason.find(fixture("hostile-constructor-crash")), std::string::npos) << reason;
    EXPECT_NE(reason.find("crashed (Segmentation fault) during setup"), std::string::npos) << reason;
}

TEST(Completion, ARefusedInstanceBesideAMeasuredOneMakesItPartial)
{
    TempDir tmp;
    const fs::path out = tmp / "out";
    ProcessResult r = run_cli(quick_run(out.string(), {"X25519-NIKE", fixture("badname-traversal")}));
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    const nlohmann::json completion = completion_of(out);
    EXPECT_EQ(completion["state"], "partial") << completion.dump(2);
    EXPECT_EQ(completion["measured"], 1) << completion.dump(2);
    EXPECT_EQ(completion["refused"].size(), 1u) << completion.dump(2);
}

// Issue 34: two builds of one algorithm side by side, named as variants. The
// genuine X25519-NIKE and the impostor (another library calling itself
// X25519-NIKE) are measured in one campaign under the labels NAME@ref and
// NAME@imp: each gets its own records, KAT log and build.json entry, and
// compare pairs them by round. Unnamed, the same two are still refused, and a
// variant label must name the library's own instance.
TEST(Identity, VariantsOfOneNameAreMeasuredSideBySide)
{
    TempDir tmp;
    const fs::path out = tmp / "out";
    const std::string ref = "X25519-NIKE@ref", imp = "X25519-NIKE@imp";
    ProcessResult r =
        run_cli(quick_run(out, {ref + "=" + builtin("X25519-NIKE"), imp + "=" + fixture("badname-impostor")}, "6"));
    ASSERT_NE(r.out.find("2 record(s) written, 0 resumed, 0 failed"), std::string::npos) << r.out << r.err;
    const auto data = load_dataset(out.string());
    ASSERT_TRUE(data.ok()) << data.error();
    const Record *a = data->record_for(ref, "exchange"), *b = data->record_for(imp, "exchange");
    ASSERT_TRUE(a && b) << r.out;
    EXPECT_EQ(a->instance, "X25519-NIKE");
    EXPECT_EQ(b->instance, "X25519-NIKE");
    EXPECT_EQ(a->library, builtin("X25519-NIKE"));
    EXPECT_EQ(b->library, fixture("badname-impostor"));
    EXPECT_NE(a->library_sha256, b->library_sha256);
    const std::string candidate = a->candidate;
    EXPECT_TRUE(fs::is_regular_file(out / "kat" / candidate / (ref + ".log")));
    EXPECT_TRUE(fs::is_regular_file(out / "kat" / candidate / (imp + ".log")));
    const auto build = read_file((out / "build.json").string());
    ASSERT_TRUE(build.ok());
    const auto entries = nlohmann::json::parse(*build)["instances"];
    EXPECT_TRUE(entries.contains(candidate + "/" + ref)) << entries.dump();
    EXPECT_TRUE(entries.contains(candidate + "/" + imp)) << entries.dump();

    ProcessResult compared = run_cli({"compare", out.string(), "--a", ref, "--b", imp});
    EXPECT_EQ(compared.exit_code, 0) << compared.err;
    EXPECT_NE(compared.out.find("Paired by round"), std::string::npos) << compared.out;

    // A named variant beside the two unnamed: the unnamed clash is refused.
    ProcessResult clash = run_cli(quick_run(
        tmp / "clash", {ref + "=" + builtin("X25519-NIKE"), builtin("X25519-NIKE"), fixture("badname-impostor")}));
    EXPECT_EQ(clash.exit_code, 1) << clash.out;
    EXPECT_NE(clash.err.find("two libraries call themselves X25519-NIKE: " + builtin("X25519-NIKE")), std::string::npos)
        << clash.err;

    // A label naming another instance is refused for that library, with the reason.
    ProcessResult wrong = run_cli(quick_run(tmp / "wrong", {"SM2-KEX@x=" + builtin("X25519-NIKE")}));
    EXPECT_EQ(wrong.exit_code, 1) << wrong.out;
    EXPECT_NE(wrong.out.find("the library is instance X25519-NIKE, not SM2-KEX named in SM2-KEX@x"), std::string::npos)
        << wrong.out << wrong.err;
}
