// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli build-instance end to end: a submission folder in the official
// template layout (tests/fixtures/submission-toy) built with the system
// compiler into plain and profiled libraries, checked against a pinned KAT
// digest, measured and profiled by `run`, shown by `report`; broken folders
// refused with one line; nothing shipped in a folder ever run.
#include "cli_helpers.h"

#include "core/campaign/campaign.h"
#include "core/base/fsutil.h"
#include "core/data/record.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

// SHA-256 of TOY-KEX-128's KAT text (10 records, official schedule, kexbench's clean-room DRNG and auxfunc).
constexpr const char *kToyKatDigest = "4e2f5208d336c5a97e021f1531c867abee69557e15957927b6758c831d824f13";

const fs::path kFixtures = fs::path(KEXBENCH_SOURCE_DIR) / "tests" / "fixtures";

struct BuilderTempDir {
    BuilderTempDir()
    {
        char tmpl[] = "/tmp/kexbench-builder-XXXXXX";
        path = ::mkdtemp(tmpl);
    }
    ~BuilderTempDir()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    fs::path operator/(const std::string &name) const { return path / name; }
    fs::path path;
};

void write_text(const fs::path &file, const std::string &text, bool executable = false)
{
    std::ofstream(file) << text;
    if (executable)
        fs::permissions(file, fs::perms::owner_all, fs::perm_options::add);
}

// A scratch copy of a fixture folder; with_iccs adds the clean-room drng/auxfunc
// the way a submission ships the official ones. Traps: files that would leave
// `marker` behind if anything in the folder were ever run.
fs::path submission_copy(const BuilderTempDir &tmp, const std::string &fixture, bool with_iccs)
{
    const fs::path dir = tmp / "src";
    fs::copy(kFixtures / fixture, dir, fs::copy_options::recursive);
    if (with_iccs)
        for (const char *f : {"drng.c", "drng.h", "auxfunc.c", "auxfunc.h"})
            fs::copy_file(fs::path(KEXBENCH_SOURCE_DIR) / "kex" / "iccs" / f, dir / f);
    const std::string touch = "touch '" + (tmp / "marker").string() + "'\n";
    write_text(dir / "build.sh", "#!/bin/sh\n" + touch, true);
    write_text(dir / "configure", "#!/bin/sh\n" + touch, true);
    write_text(dir / "Makefile", "all:\n\t" + touch);
    return dir;
}

ProcessResult build(const fs::path &dir, const fs::path &out, std::vector<std::string> extra = {})
{
    std::vector<std::string> args = {"build-instance", dir.string(), "--out", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_cli(args);
}

std::string last_line(const std::string &text)
{
    auto lines = lines_of(text);
    return lines.empty() ? std::string() : lines.back();
}

nlohmann::json read_json(const fs::path &file)
{
    auto text = read_file(file.string());
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
}

std::string write_manifest(const BuilderTempDir &tmp)
{
    const fs::path m = tmp / "toy.kat.sha256";
    write_text(m, std::string(kToyKatDigest) + " strict TOY-KEX-128/KAT_KEX_TOY-KEX-128.txt\n");
    return m.string();
}

// The toy, built once for the tests that only read the result.
class BuilderToy : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        tmp_ = new BuilderTempDir;
        src_ = submission_copy(*tmp_, "submission-toy", true);
        result_ = new ProcessResult(build(src_, tmp_->path / "lib"));
    }
    static void TearDownTestSuite()
    {
        delete result_;
        delete tmp_;
    }
    static fs::path lib() { return tmp_->path / "lib" / "libTOY-KEX-128.so"; }
    static fs::path profiled() { return tmp_->path / "lib" / "profiled" / "libTOY-KEX-128.so"; }

    static BuilderTempDir *tmp_;
    static fs::path src_;
    static ProcessResult *result_;
};

BuilderTempDir *BuilderToy::tmp_ = nullptr;
fs::path BuilderToy::src_;
ProcessResult *BuilderToy::result_ = nullptr;

} // namespace

TEST_F(BuilderToy, BuildsAPlainAndAProfiledLibraryAndLeavesOutTheDrivers)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->out << result_->err;
    EXPECT_TRUE(fs::is_regular_file(lib()));
    EXPECT_TRUE(fs::is_regular_file(profiled()));
    EXPECT_NE(result_->out.find("left out: KAT_KEX.c"), std::string::npos) << result_->out;
    EXPECT_NE(result_->out.find("left out: toy_driver.c (defines main()"), std::string::npos) << result_->out;
    // The command lines are kept beside the library.
    auto log = read_file(lib().string() + ".build.log");
    ASSERT_TRUE(log.ok()) << log.error();
    EXPECT_NE(log->find("-Wl,--version-script="), std::string::npos);
    EXPECT_NE(log->find("-Wl,--wrap=sm3hash"), std::string::npos);
    EXPECT_NE(log->find("-Wl,--no-undefined"), std::string::npos);
    // The folder brings its own DRNG and auxfunc: kexbench's are not compiled.
    EXPECT_EQ(log->find("sdk/drng.c"), std::string::npos);
    EXPECT_NE(log->find((src_ / "drng.c").string()), std::string::npos);
}

TEST_F(BuilderToy, NeverRunsAnythingShippedInTheFolder)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->err;
    EXPECT_FALSE(fs::exists(tmp_->path / "marker"));
}

TEST_F(BuilderToy, DescribesItselfAsASubmission)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->err;
    ProcessSpec spec;
    spec.argv = {std::string(KEXBENCH_BIN_DIR) + "/kexbench-runner", "describe", lib().string()};
    ProcessResult r = run_process(spec);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto meta = nlohmann::json::parse(last_line(r.out))["instance"]["meta"];
    EXPECT_EQ(meta["instance"], "TOY-KEX-128");
    EXPECT_EQ(meta["family"], "TOY-KEX");
    EXPECT_EQ(meta["parameter_set"], "128");
    EXPECT_EQ(meta["group"], "submission");
    EXPECT_EQ(meta["variant"], "reference");
    EXPECT_EQ(meta["compiler"].get<std::string>().rfind("GNU ", 0), 0u) << meta["compiler"];
    // The guide's reference flags by default, as the published builds used (MEASUREMENT-METHOD §2).
    EXPECT_EQ(
        meta["build_flags"].get<std::string>().rfind("-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE", 0),
        0u)
        << meta["build_flags"];

    spec.argv.back() = profiled().string();
    r = run_process(spec);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(last_line(r.out))["instance"]["meta"]["variant"], "profiled");
}

TEST_F(BuilderToy, KatIsNokatWithoutAManifestAndPassesWithThePinnedOne)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->err;
    ProcessResult nokat = run_cli({"kat", lib().string()});
    EXPECT_EQ(nokat.exit_code, 1);
    EXPECT_EQ(last_line(nokat.out), std::string("TOY-KEX-128  NOKAT no KAT vectors supplied  ") + kToyKatDigest);

    BuilderTempDir tmp;
    ProcessResult pass = run_cli({"kat", lib().string(), "--manifest", write_manifest(tmp)});
    EXPECT_EQ(pass.exit_code, 0) << pass.out << pass.err;
    EXPECT_EQ(last_line(pass.out), std::string("TOY-KEX-128  PASS  ") + kToyKatDigest);
    // The profiled build computes exactly the same protocol.
    ProcessResult profiled_kat = run_cli({"kat", profiled().string(), "--manifest", write_manifest(tmp)});
    EXPECT_EQ(profiled_kat.exit_code, 0) << profiled_kat.out;
}

TEST_F(BuilderToy, RunWritesRecordsAndAProfileThatTheReportShows)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->err;
    BuilderTempDir tmp;
    const fs::path camp = tmp / "camp";
    ProcessResult r = run_cli({"run", "--instance", lib().string(), "--target", "0.002", "--trials", "2", "--manifest",
                               write_manifest(tmp), "--out", camp.string()},
                              false, 300);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    for (const char *op : {"exchange", "init_a", "init_b", "pass1", "pass2", "derive_a", "derive_b"}) {
        auto rec =
            read_record_file((camp / "records" / "toy-kex" / (std::string("TOY-KEX-128__") + op + ".json")).string());
        ASSERT_TRUE(rec.ok()) << op << ": " << rec.error();
        EXPECT_EQ(rec->status, "complete") << op;
        EXPECT_EQ(rec->kat, "PASS") << op;
    }
    const auto prof = read_json(camp / "profile" / "toy-kex" / "TOY-KEX-128__exchange.json");
    ASSERT_TRUE(prof.is_object());
    EXPECT_EQ(prof["schema"], 2);
    EXPECT_EQ(prof["status"], "complete");
    EXPECT_EQ(prof["label"], "TOY-KEX-128");
    EXPECT_EQ(prof["meta"]["overflow_calls"], "0");
    std::vector<std::string> fns;
    for (const auto &[fn, share] : prof["share"].items()) {
        fns.push_back(fn);
        EXPECT_GT(share.get<double>(), 0) << fn;
    }
    EXPECT_EQ(fns, (std::vector<std::string>{"drng", "pseudoXOF", "sm3hash"}));
    EXPECT_NEAR(prof["hash_share"].get<double>(),
                prof["share"]["pseudoXOF"].get<double>() + prof["share"]["sm3hash"].get<double>(), 1e-12);
    EXPECT_LT(prof["hash_share"].get<double>() + prof["share"]["drng"].get<double>(), 1.0);

    ProcessResult report = run_cli({"report", camp.string()});
    ASSERT_EQ(report.exit_code, 0) << report.err;
    ASSERT_NE(report.out.find("## Symmetric primitives"), std::string::npos) << report.out;
    bool row = false;
    const std::string symmetric = report.out.substr(report.out.find("## Symmetric primitives"));
    for (const auto &line : lines_of(symmetric.substr(0, symmetric.find("\n## "))))
        if (line.rfind("| `TOY-KEX-128` | exchange | ", 0) == 0) {
            row = true;
            EXPECT_NE(line.find("| drng 4, pseudoXOF 2, sm3hash 7 |"), std::string::npos) << line;
        }
    EXPECT_TRUE(row) << report.out;
}

TEST_F(BuilderToy, NoProfileSkipsTheProfilingPass)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->err;
    BuilderTempDir tmp;
    ProcessResult r = run_cli({"run", "--instance", lib().string(), "--op", "exchange", "--target", "0.002", "--trials",
                               "1", "--no-kat", "--no-memory", "--no-profile", "--out", (tmp / "c").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(fs::exists(tmp / "c" / "records" / "toy-kex" / "TOY-KEX-128__exchange.json"));
    EXPECT_FALSE(fs::exists(tmp / "c" / "profile"));
}

TEST_F(BuilderToy, ThePlainLibraryCannotBeProfiled)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->err;
    ProcessSpec spec;
    spec.argv = {std::string(KEXBENCH_BIN_DIR) + "/kexbench-runner",
                 "profile",
                 lib().string(),
                 "--op",
                 "exchange",
                 "--iterations",
                 "3"};
    ProcessResult r = run_process(spec);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.out.find("not a profiled build"), std::string::npos) << r.out;
}

TEST(Builder, UsesTheCleanRoomIccsLayerWhenTheFolderHasNone)
{
    BuilderTempDir tmp;
    const fs::path src = submission_copy(tmp, "submission-toy", false);
    ProcessResult r =
        build(src.string() + "/", tmp.path.string() + "/lib/"); // trailing separators name the same folders
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto log = read_file((tmp / "lib" / "libTOY-KEX-128.so.build.log").string());
    ASSERT_TRUE(log.ok());
    EXPECT_NE(log->find("sdk/drng.c"), std::string::npos);
    EXPECT_NE(log->find("sdk/auxfunc.c"), std::string::npos);
    ProcessResult kat =
        run_cli({"kat", (tmp / "lib" / "libTOY-KEX-128.so").string(), "--manifest", write_manifest(tmp)});
    EXPECT_EQ(kat.exit_code, 0) << kat.out;
    EXPECT_FALSE(fs::exists(tmp / "marker"));
}

TEST(Builder, AFolderThatDefinesTheDrngGlobalKeepsIt)
{
    BuilderTempDir tmp;
    const fs::path src = submission_copy(tmp, "submission-toy", true);
    write_text(src / "rng_global.c", "/* owns the DRNG context, as some submissions do */\n#include \"drng.h\"\n"
                                     "DRNG_ctx drng_algorithm;\n");
    ProcessResult r = build(src, tmp / "lib", {"--verbose"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("-DKEXBENCH_NO_DRNG"), std::string::npos) << r.out;
    ProcessResult kat =
        run_cli({"kat", (tmp / "lib" / "libTOY-KEX-128.so").string(), "--manifest", write_manifest(tmp)});
    EXPECT_EQ(kat.exit_code, 0) << kat.out;
}

TEST(Builder, TheRecipeFileAppliesAndTheCommandLineWins)
{
    BuilderTempDir tmp;
    const fs::path src = submission_copy(tmp, "submission-toy", true);
    write_text(src / "kexbench-instance.json",
               R"({"name": "TOY-RECIPE-1", "exclude": ["toy_*.c"], "defines": ["TOY_UNUSED=1"], "cflags": "-O1"})");
    ProcessResult r = build(src, tmp / "lib", {"--verbose"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(fs::exists(tmp / "lib" / "libTOY-RECIPE-1.so"));
    EXPECT_NE(r.out.find("left out: toy_driver.c (--exclude 'toy_*.c')"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("-DTOY_UNUSED=1 -O1 -c"), std::string::npos) << r.out;

    ProcessResult named = build(src, tmp / "lib2", {"--name", "TOY-CLI-2", "-DTOY_UNUSED=2"});
    ASSERT_EQ(named.exit_code, 0) << named.out << named.err;
    EXPECT_TRUE(fs::exists(tmp / "lib2" / "libTOY-CLI-2.so"));
    auto log = read_file((tmp / "lib2" / "libTOY-CLI-2.so.build.log").string());
    ASSERT_TRUE(log.ok());
    EXPECT_NE(log->find("-DTOY_UNUSED=2"), std::string::npos);
    EXPECT_EQ(log->find("-DTOY_UNUSED=1"), std::string::npos);
}

TEST(Builder, ACompileErrorShowsTheCompilerAndOneLine)
{
    BuilderTempDir tmp;
    ProcessResult r = build(submission_copy(tmp, "submission-broken-compile", false), tmp / "lib");
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("KEX_AlgorithmInstance.c:8:"), std::string::npos) << r.err; // the compiler's own message
    EXPECT_NE(r.err.find("error:"), std::string::npos) << r.err;
    EXPECT_EQ(last_line(r.err),
              "kexbench-cli build-instance: KEX_AlgorithmInstance.c: compile error; see above. "
              "For a header that is not found, add its folder with -I DIR (recipe \"include_dirs\"); else fix "
              "the source, pass -D/--cflags, or --exclude the file");
    EXPECT_FALSE(fs::exists(tmp / "lib" / "libBROKEN-COMPILE-1.so"));
    EXPECT_TRUE(fs::exists(tmp / "lib" / "libBROKEN-COMPILE-1.so.build.log"));
    EXPECT_FALSE(fs::exists(tmp / "marker"));
}

TEST(Builder, AMissingGetterIsNamedAndNoLibraryIsLeft)
{
    BuilderTempDir tmp;
    ProcessResult r = build(submission_copy(tmp, "submission-missing-getter", false), tmp / "lib");
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    const std::string lib = (tmp / "lib" / "libMISSING-GETTER-1.so").string();
    EXPECT_EQ(last_line(r.err),
              "kexbench-cli build-instance: " + lib + ": missing required symbol kex_get_ss_len_bytes");
    EXPECT_FALSE(fs::exists(lib));
    EXPECT_FALSE(fs::exists(tmp / "lib" / "profiled" / "libMISSING-GETTER-1.so"));
}

TEST(Builder, AFolderWithoutTheHeaderNeedsAName)
{
    BuilderTempDir tmp;
    const fs::path src = submission_copy(tmp, "submission-toy", true);
    fs::rename(src / "KEX_AlgorithmInstance.h", src / "toy_api.h");
    ProcessResult r = build(src, tmp / "lib");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(last_line(r.err), "kexbench-cli build-instance: " + src.string() +
                                    ": no KEX_AlgorithmInstance.h to read ALGORITHM_INSTANCE from; pass --name");
    EXPECT_TRUE(!fs::exists(tmp / "lib") || fs::is_empty(tmp / "lib"));
}

TEST(Builder, RefusesBadNamesAndUsage)
{
    BuilderTempDir tmp;
    const fs::path src = submission_copy(tmp, "submission-toy", true);
    ProcessResult bad_name = build(src, tmp / "lib", {"--name", "bad name"});
    EXPECT_EQ(bad_name.exit_code, 2);
    EXPECT_NE(bad_name.err.find("may only hold letters, digits, '.', '-' and '_'"), std::string::npos) << bad_name.err;
    EXPECT_EQ(run_cli({"build-instance", src.string()}).exit_code, 2); // no --out
    EXPECT_EQ(run_cli({"build-instance", "--out", (tmp / "lib").string()}).exit_code, 2);
    ProcessResult help = run_cli({"build-instance", "--help"});
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_NE(help.out.find("usage: kexbench-cli build-instance"), std::string::npos);
}

TEST(Builder, ACompilerInsideTheFolderIsNeverRun)
{
    BuilderTempDir tmp;
    const fs::path src = submission_copy(tmp, "submission-toy", true);
    write_text(src / "cc", "#!/bin/sh\ntouch '" + (tmp / "marker").string() + "'\nexit 1\n", true);
    ProcessSpec spec;
    spec.argv = {cli_path(), "build-instance", src.string(), "--out", (tmp / "lib").string()};
    spec.extra_env = {"PATH=" + src.string() + ":/usr/local/bin:/usr/bin:/bin"};
    ProcessResult r = run_process(spec);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(last_line(r.err).find("refusing to run a program from the submission folder"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(tmp / "marker"));
}

TEST(BuilderProfile, BuiltInsHaveAProfiledVariantThatRunProfiles)
{
    BuilderTempDir tmp;
    const fs::path profiled = fs::path(KEXBENCH_INSTANCE_DIR) / "profiled" / "libX25519-NIKE.so";
    ASSERT_TRUE(fs::exists(profiled));
    ProcessResult r = run_cli({"run", "--instance", "X25519-NIKE", "--op", "exchange", "--target", "0.002", "--trials",
                               "1", "--no-memory", "--out", (tmp / "c").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto prof = read_json(tmp / "c" / "profile" / "x25519-nike" / "X25519-NIKE__exchange.json");
    ASSERT_TRUE(prof.is_object());
    EXPECT_EQ(prof["status"], "complete") << prof.dump();
    EXPECT_TRUE(prof["share"].contains("drng"));
    EXPECT_TRUE(prof["share"].contains("sm3hash"));
    EXPECT_EQ(prof["kexbench"]["library"], profiled.string());
}

TEST(BuilderProfile, PlanFollowsTheHarnessRule)
{
    ProfilePlan fast = plan_profile(1e-6, 0.01, 30);
    EXPECT_EQ(fast.iterations, 1000u);
    EXPECT_EQ(fast.warmups, 1);
    ProfilePlan mid = plan_profile(0.004, 0.01, 30);
    EXPECT_EQ(mid.iterations, 250u);
    ProfilePlan slow = plan_profile(2.0, 0.5, 30);
    EXPECT_EQ(slow.iterations, 3u);
    EXPECT_EQ(slow.warmups, 1);
    EXPECT_DOUBLE_EQ(slow.timeout_s, 3 * 4 * 2.0 + 3 * 0.5 + 30);
    ProfilePlan very_slow = plan_profile(61, 1, 30);
    EXPECT_EQ(very_slow.iterations, 1u);
    EXPECT_EQ(very_slow.warmups, 0);
}
