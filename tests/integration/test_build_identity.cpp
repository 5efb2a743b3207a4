// SPDX-License-Identifier: GPL-3.0-or-later
// A library's build record (lib<name>.so.build.json) as `run` and `kat` use
// it: the candidate id names every folder and field, the flags profile reaches
// build.json and the records, the KAT the build was gated on is checked again;
// a record of other bytes is ignored with a warning. KAT logs in the harness
// layout, and the profile's iteration count. Real runner children, real
// fixture libraries copied into a temporary folder.
#include "cli_helpers.h"

#include "core/campaign/build_info.h"
#include "core/campaign/campaign.h"
#include "core/base/fsutil.h"
#include "core/campaign/kat_check.h"
#include "core/data/record.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <regex>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

const char *kInstance = "hostile-honest"; // a fixture no shipped manifest knows

nlohmann::json read_json(const fs::path &file)
{
    auto text = read_file(file.string());
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
}

// The fixture library copied into dir, so a build record can sit beside it.
std::string copy_fixture(const TempDir &dir)
{
    const std::string lib = dir / (std::string("lib") + kInstance + ".so");
    fs::copy_file(fixture(kInstance), lib, fs::copy_options::overwrite_existing);
    return lib;
}

// The library's true KAT digest, from a kat run: the last word of its line.
std::string kat_digest_of(const std::string &lib)
{
    ProcessResult r = run_cli({"kat", lib});
    const auto lines = lines_of(r.out);
    return lines.empty() || lines.front().size() < 64 ? std::string() : lines.front().substr(lines.front().size() - 64);
}

// A record as build-instance writes it: candidate kex-77, the harness-default
// rebuild of a failed guide build, gated on a reference with this digest.
BuildInfo build_record(const std::string &lib, const std::string &digest)
{
    BuildInfo b;
    b.candidate = "kex-77";
    b.instance = kInstance;
    b.algorithm = "hostile";
    b.variant = "reference";
    b.flags = "harness-default";
    b.guide_result = "MISMATCH";
    b.compiler = "gcc 12.2.0";
    b.compiler_version = "gcc (Debian 12.2.0-14) 12.2.0";
    b.build_flags = "-O2 -fPIC -std=gnu11";
    b.arch = "x86_64";
    b.source_dir = "Reference_Implementation/hostile-honest";
    b.library_sha256 = library_sha256(lib);
    b.kat = BuildKat{"PASS",
                     "",
                     "reference Test_Vectors/KAT_KEX_hostile-honest.txt",
                     "strict",
                     digest,
                     digest,
                     "hostile-honest.log"};
    return b;
}

std::vector<std::string> quick_run(const std::string &lib, const std::string &out)
{
    return {"run",      "--instance", lib,        "--op", "exchange",  "--no-memory", "--no-profile",
            "--target", "0.002",      "--trials", "1",    "--retries", "0",           "--timeout",
            "20",       "--out",      out};
}

// What kind of line a KAT log line is, without its values: "key:library" for
// a padded header line, or the name of one of the harness's fixed shapes.
std::string line_shape(const std::string &line)
{
    static const std::regex header(R"(^([a-z_]+) *= .*$)");
    static const std::vector<std::pair<std::regex, const char *>> shapes = {
        {std::regex(R"(^timing  full exchange [0-9]+\.[0-9]{3} ms \(avg over [0-9]+\)$)"), "timing"},
        {std::regex(R"(^wrote  kat/\S*KAT_KEX_\S+\.txt \([0-9]+ bytes\)$)"), "wrote"},
        {std::regex(R"(^manifest [0-9a-f]{64} (strict|nolen)(:[0-9]+)? KAT_KEX_\S+\.txt$)"), "manifest"},
        {std::regex(R"(^RESULT \S+ \S+ PASS $)"), "result-pass"},
    };
    std::smatch m;
    if (std::regex_match(line, m, header)) {
        const std::string key = m[1];
        // The key is padded to 11 characters, then " = ".
        const bool padded =
            key.size() <= 11 && line.compare(0, 14, key + std::string(11 - key.size(), ' ') + " = ") == 0;
        return "key:" + key + (padded ? "" : " (not padded to 11)");
    }
    for (const auto &[re, name] : shapes)
        if (std::regex_match(line, re))
            return name;
    return "unknown line: " + line;
}

std::vector<std::string> shapes_of(const std::string &text)
{
    std::vector<std::string> shapes;
    for (const auto &line : lines_of(text))
        shapes.push_back(line_shape(line));
    return shapes;
}

// One campaign over the copied fixture with its build record, shared by the tests that read it.
class BuildRecordRun : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = new TempDir;
        lib_ = copy_fixture(*dir_);
        digest_ = kat_digest_of(lib_);
        ASSERT_EQ(digest_.size(), 64u);
        ASSERT_TRUE(write_build_info(lib_, build_record(lib_, digest_)).ok());
        run_ = run_cli(quick_run(lib_, *dir_ / "camp"));
    }
    static void TearDownTestSuite()
    {
        delete dir_;
        dir_ = nullptr;
    }
    static fs::path camp() { return fs::path(*dir_ / "camp"); }

    static TempDir *dir_;
    static std::string lib_, digest_;
    static ProcessResult run_;
};

TempDir *BuildRecordRun::dir_ = nullptr;
std::string BuildRecordRun::lib_, BuildRecordRun::digest_;
ProcessResult BuildRecordRun::run_;

} // namespace

TEST_F(BuildRecordRun, FilesEverythingUnderTheRecordedCandidate)
{
    ASSERT_EQ(run_.exit_code, 0) << run_.out << run_.err;
    const fs::path record = camp() / "records" / "kex-77" / "hostile-honest__exchange.json";
    ASSERT_TRUE(fs::exists(record)) << run_.out;
    EXPECT_FALSE(fs::exists(camp() / "records" / "hostile")) << "the family's id must not be used";
    auto rec = read_record_file(record.string());
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->candidate, "kex-77");
    EXPECT_EQ(rec->flags, "harness-default");
    EXPECT_EQ(rec->kat_log, "kat/kex-77/hostile-honest.log");

    const auto build = read_json(camp() / "build.json");
    ASSERT_TRUE(build["instances"].contains("kex-77/hostile-honest")) << build.dump(1);
    const auto &e = build["instances"]["kex-77/hostile-honest"];
    EXPECT_EQ(e["candidate"], "kex-77");
    EXPECT_EQ(e["flags"], "harness-default");
    EXPECT_EQ(e["guide_result"], "MISMATCH");
    EXPECT_EQ(e["compiler"], "gcc 12.2.0");
    EXPECT_EQ(e["compiler_version"], "gcc (Debian 12.2.0-14) 12.2.0");
    EXPECT_EQ(e["variant"], "reference");
    EXPECT_EQ(e["kat_log"], "kat/kex-77/hostile-honest.log");
}

TEST_F(BuildRecordRun, ChecksTheKatTheBuildWasGatedOnInsteadOfNokat)
{
    ASSERT_EQ(run_.exit_code, 0) << run_.out << run_.err;
    EXPECT_EQ(run_.out.find("NOKAT"), std::string::npos) << run_.out;
    auto rec = read_record_file((camp() / "records" / "kex-77" / "hostile-honest__exchange.json").string());
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->kat, "PASS");
    EXPECT_FALSE(rec->kat_not_passed);
    EXPECT_EQ(read_json(camp() / "build.json")["instances"]["kex-77/hostile-honest"]["kat"], "PASS");
    auto log = read_file((camp() / "kat" / "kex-77" / "hostile-honest.log").string());
    ASSERT_TRUE(log.ok()) << log.error();
    const auto lines = lines_of(*log);
    EXPECT_NE(std::find(lines.begin(), lines.end(), "id          = kex-77"), lines.end()) << *log;
    EXPECT_NE(std::find(lines.begin(), lines.end(), "source_dir  = Reference_Implementation/hostile-honest"),
              lines.end())
        << *log;
    EXPECT_NE(std::find(lines.begin(), lines.end(), "manifest " + digest_ + " strict KAT_KEX_hostile-honest.txt"),
              lines.end())
        << *log;
    EXPECT_EQ(lines.back(), "RESULT kex-77 hostile-honest PASS ") << *log;
}

// MEASUREMENT-METHOD.md section 12 against a published log: the same keys in
// the same order and the same line shapes (values differ, of course).
TEST_F(BuildRecordRun, KatLogFollowsThePublishedHarnessLayout)
{
    const fs::path published = fs::path(KEXBENCH_SHARED_DIR) / "reference" / "ngcc-harness" / "performance" / "data" /
                               "x86_1" / "kat" / "kex-01" / "ADKEX-128.log";
    if (!fs::exists(published))
        GTEST_SKIP() << "the published harness KAT log is not here: " << published.string();
    auto reference = read_file(published.string());
    ASSERT_TRUE(reference.ok()) << reference.error();
    auto ours = read_file((camp() / "kat" / "kex-77" / "hostile-honest.log").string());
    ASSERT_TRUE(ours.ok()) << ours.error() << run_.out;
    EXPECT_EQ(shapes_of(*ours), shapes_of(*reference)) << "ours:\n" << *ours << "published:\n" << *reference;
    // The wrote line names the file as the campaign folder holds it.
    EXPECT_NE(ours->find("\nwrote  kat/kex-77/KAT_KEX_hostile-honest.txt ("), std::string::npos) << *ours;
}

TEST(BuildRecord, OneOfOtherBytesIsIgnoredWithOneWarning)
{
    TempDir dir;
    const std::string lib = copy_fixture(dir);
    BuildInfo stale = build_record(lib, std::string(64, 'b'));
    stale.library_sha256 = std::string(64, '0'); // a record of an earlier build
    ASSERT_TRUE(write_build_info(lib, stale).ok());
    ProcessResult r = run_cli(quick_run(lib, dir / "camp"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::string warning = "WARNING: " + lib +
                                ".build.json: describes another build of the library (its sha256 differs); "
                                "ignored. Rebuild with build-instance";
    const auto lines = lines_of(r.out);
    EXPECT_EQ(std::count(lines.begin(), lines.end(), warning), 1) << r.out;
    // The family's id as before, and nothing to check the KAT against.
    EXPECT_TRUE(fs::exists(fs::path(dir / "camp") / "records" / "hostile" / "hostile-honest__exchange.json")) << r.out;
    EXPECT_FALSE(fs::exists(fs::path(dir / "camp") / "records" / "kex-77"));
    EXPECT_NE(r.out.find("WARNING: hostile-honest: KAT NOKAT no KAT vectors supplied"), std::string::npos) << r.out;
    EXPECT_EQ(read_json(fs::path(dir / "camp") / "build.json")["instances"]["hostile/hostile-honest"]["flags"],
              "kexbench");
}

TEST(BuildRecord, KatUsesItsCandidateAndGatedEntry)
{
    TempDir dir;
    const std::string lib = copy_fixture(dir);
    const std::string digest = kat_digest_of(lib);
    ASSERT_EQ(digest.size(), 64u);
    ASSERT_TRUE(write_build_info(lib, build_record(lib, digest)).ok());
    ProcessResult r = run_cli({"kat", lib, "--out", dir / "out"});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.out, "hostile-honest  PASS  " + digest + "\n");
    auto log = read_file(dir / "out/hostile-honest.log");
    ASSERT_TRUE(log.ok()) << log.error();
    EXPECT_EQ(lines_of(*log).back(), "RESULT kex-77 hostile-honest PASS ");

    // The recorded digest is what is compared: another one is a MISMATCH, not a PASS by the record's word.
    ASSERT_TRUE(write_build_info(lib, build_record(lib, std::string(64, 'c'))).ok());
    ProcessResult wrong = run_cli({"kat", lib});
    EXPECT_EQ(wrong.exit_code, 1);
    EXPECT_EQ(wrong.out.rfind("hostile-honest  MISMATCH manifest expects " + std::string(64, 'c'), 0), 0u) << wrong.out;
}

TEST(KatReference, CanonicalFormIgnoresLineEndingsAndEmptyLines)
{
    const std::string generated = "Count = 0\nSeed = 00AA\n\nCount = 1\nSeed = 00BB\n";
    EXPECT_EQ(kat_reference_difference(
                  generated, "Count = 0  \r\nSeed = 00AA\r\n\r\n\r\nCount = 1\r\nSeed = 00BB\t\r\n", "ref.txt"),
              "");
    // Numbered as in each file: the reference has an extra empty line before it.
    EXPECT_EQ(kat_reference_difference(generated, "Count = 0\nSeed = 00AA\n\n\nCount = 1\nSeed = 00BC\n", "ref.txt"),
              "differs from ref.txt at line 6 (line 5 of the generated text): reference \"Seed = 00BC\", generated "
              "\"Seed = 00BB\"");
    EXPECT_EQ(kat_reference_difference(generated, "Count = 0\nSeed = 00AA\n", "ref.txt"),
              "differs from ref.txt at line 3 (line 4 of the generated text): reference (end of file), generated "
              "\"Count = 1\"");
    // A long line is shown from a little before the first differing character, its key kept.
    const std::string hex(100, 'A');
    EXPECT_EQ(kat_reference_difference("PKa = " + hex + "\n",
                                       "PKa = " + hex.substr(0, 80) + "B" + hex.substr(81) + "\n", "ref.txt"),
              "differs from ref.txt at line 1: reference \"PKa = \u2026" + std::string(16, 'A') + "B" +
                  std::string(19, 'A') + "\", generated \"PKa = \u2026" + std::string(36, 'A') + "\"");
}

TEST(ProfileIterations, TheOptionSetsTheCount)
{
    TempDir dir;
    ProcessResult r = run_cli({"run", "--instance", "X25519-NIKE", "--op", "exchange", "--target", "0.002", "--trials",
                               "1", "--no-memory", "--no-kat", "--profile-iterations", "7", "--out", dir / "c"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto prof = read_json(fs::path(dir / "c") / "profile" / "x25519-nike" / "X25519-NIKE__exchange.json");
    ASSERT_TRUE(prof.is_object()) << r.out;
    EXPECT_EQ(prof["status"], "complete") << prof.dump();
    EXPECT_EQ(prof["total"]["operations"], 7);
    EXPECT_EQ(prof["kexbench"]["iterations_rule"], "--profile-iterations");
}

TEST(ProfileIterations, WithoutTheOptionTheHarnessRuleAppliesToTheCalibration)
{
    TempDir dir;
    // A large trial target: the timing plan must not change the profile's count.
    ProcessResult r = run_cli({"run", "--instance", "X25519-NIKE", "--op", "exchange", "--target", "0.05", "--trials",
                               "1", "--no-memory", "--no-kat", "--out", dir / "c"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const auto prof = read_json(fs::path(dir / "c") / "profile" / "x25519-nike" / "X25519-NIKE__exchange.json");
    ASSERT_TRUE(prof.is_object()) << r.out;
    EXPECT_EQ(prof["kexbench"]["iterations_rule"], "harness");
    const double t1 = prof["kexbench"]["calibration_t1_s"].get<double>();
    ASSERT_GT(t1, 0);
    const double rule = t1 > 60 ? 1 : std::min(1000.0, std::max(3.0, std::ceil(1.0 / t1)));
    EXPECT_EQ(prof["total"]["operations"].get<double>(), rule) << "t1 " << t1;
}

TEST(ProfileIterations, ARunRefusesABadCount)
{
    ProcessResult r = run_cli({"run", "--profile-iterations", "0", "--out", "/tmp/unused"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--profile-iterations takes a whole number from 1 to 100000000"), std::string::npos) << r.err;
}
