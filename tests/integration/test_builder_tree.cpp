// SPDX-License-Identifier: GPL-3.0-or-later
// build-instance on a submission laid out as real ones are shipped
// (tests/fixtures/submission-tree: sources in src/common, src/ref,
// src/ref/128, headers by bare name across folders, an Optimized_Implementation
// sibling, CRLF files, the reference KAT in Test_Vectors/): built with no
// options and gated on its shipped KAT; the variant clash refused with the
// recipe line that picks one; the same tree from a harness-style Makefile; the
// guide flags with the harness-default fallback; the candidate id reaching
// records, KAT logs and the accounting lookup; a cross build for aarch64.
#include "cli_helpers.h"

#include "core/campaign/build_info.h"
#include "core/base/elf_file.h"
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

const fs::path kFixtures = fs::path(KEXBENCH_SOURCE_DIR) / "tests" / "fixtures";
const fs::path kTree = kFixtures / "submission-tree";
const fs::path kSubmission = kTree / "QUILT-KEX";
const fs::path kReference = kSubmission / "Implementations" / "Reference_Implementation" / "QUILT-KEX-128";
const fs::path kShippedKat = kSubmission / "Test_Vectors" / "QUILT-KEX-128" / "KAT_KEX_QUILT-KEX-128.txt";
// SHA-256 of TOY-KEX-128's KAT text (as in test_builder.cpp).
constexpr const char *kToyKatDigest = "4e2f5208d336c5a97e021f1531c867abee69557e15957927b6758c831d824f13";

struct TreeTempDir {
    TreeTempDir()
    {
        char tmpl[] = "/tmp/kexbench-tree-XXXXXX";
        path = ::mkdtemp(tmpl);
    }
    ~TreeTempDir()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    fs::path operator/(const std::string &name) const { return path / name; }
    fs::path path;
};

ProcessResult build(const std::vector<std::string> &args) { return run_cli(args, false, 300); }

bool has(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

nlohmann::json read_json(const fs::path &file)
{
    auto text = read_file(file.string());
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
}

std::vector<std::string> strings_of(const nlohmann::json &array)
{
    std::vector<std::string> out;
    for (const auto &v : array)
        out.push_back(v.get<std::string>());
    return out;
}

bool contains(const std::vector<std::string> &v, const std::string &x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

// The reference tree built once with no options, for the tests that read the result.
class QuiltTree : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        tmp_ = new TreeTempDir;
        result_ =
            new ProcessResult(build({"build-instance", kReference.string(), "--out", (tmp_->path / "lib").string()}));
    }
    static void TearDownTestSuite()
    {
        delete result_;
        delete tmp_;
    }
    static std::string lib() { return (tmp_->path / "lib" / "libQUILT-KEX-128.so").string(); }

    static TreeTempDir *tmp_;
    static ProcessResult *result_;
};

TreeTempDir *QuiltTree::tmp_ = nullptr;
ProcessResult *QuiltTree::result_ = nullptr;

} // namespace

TEST_F(QuiltTree, BuildsWithNoOptionsAndPassesTheKatShippedBesideIt)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->out << result_->err;
    EXPECT_TRUE(has(result_->out, "  KAT: PASS against " + kShippedKat.lexically_normal().string())) << result_->out;
    EXPECT_TRUE(has(result_->out, "left out: KAT_KEX.c (")) << result_->out;
    EXPECT_TRUE(has(result_->out, "  flags: guide (-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE"))
        << result_->out;
    EXPECT_TRUE(fs::is_regular_file(tmp_->path / "lib" / "profiled" / "libQUILT-KEX-128.so"));

    std::string problem;
    auto info = read_build_info(lib(), &problem);
    ASSERT_TRUE(info) << problem;
    EXPECT_EQ(info->instance, "QUILT-KEX-128");
    EXPECT_EQ(info->algorithm, "QUILT-KEX");
    EXPECT_EQ(info->variant, "reference");
    EXPECT_EQ(info->flags, "guide");
    EXPECT_EQ(info->guide_result, "");
    EXPECT_EQ(info->compiler.rfind("GNU ", 0), 0u) << info->compiler;
    ASSERT_TRUE(info->kat);
    EXPECT_EQ(info->kat->status, "PASS");
    EXPECT_EQ(info->kat->reference, "reference " + kShippedKat.lexically_normal().string());
    EXPECT_EQ(info->kat->expected_sha256, info->kat->sha256);
    EXPECT_TRUE(fs::is_regular_file(tmp_->path / "lib" / info->kat->log)) << info->kat->log;
}

TEST_F(QuiltTree, TheResolvedRecipeNamesTheTreeAndRebuildsTheSameInstance)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->out << result_->err;
    const fs::path recipe_file = lib() + ".recipe.json";
    const auto recipe = read_json(recipe_file);
    ASSERT_TRUE(recipe.is_object()) << recipe_file;
    const auto sources = strings_of(recipe["sources"]);
    for (const char *s : {"KEX_AlgorithmInstance.c", "src/common/quilt_hash.c", "src/common/quilt_util.c",
                          "src/ref/quilt_exchange.c", "src/ref/quilt_poly.c", "src/ref/128/quilt_params.c"})
        EXPECT_TRUE(contains(sources, s)) << s << " not in " << recipe.dump();
    EXPECT_FALSE(contains(sources, "KAT_KEX.c"));
    const auto includes = strings_of(recipe["include_dirs"]);
    for (const char *d : {".", "src/common", "src/ref", "src/ref/128"})
        EXPECT_TRUE(contains(includes, d)) << d << " not in " << recipe.dump();
    EXPECT_EQ(recipe["flags"], "guide");
    // It is printed too, so a user sees what was built without opening a file.
    EXPECT_TRUE(has(result_->out, "\"src/ref/128/quilt_params.c\"")) << result_->out;

    TreeTempDir tmp;
    ProcessResult again = build(
        {"build-instance", kReference.string(), "--recipe", recipe_file.string(), "--out", (tmp / "lib").string()});
    ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
    auto first = read_build_info(lib());
    auto second = read_build_info((tmp / "lib" / "libQUILT-KEX-128.so").string());
    ASSERT_TRUE(first && second);
    EXPECT_EQ(second->kat->status, "PASS");
    EXPECT_EQ(second->kat->sha256, first->kat->sha256);
}

TEST_F(QuiltTree, RunChecksTheBuildsKatAgainAndNeverSaysNokat)
{
    ASSERT_EQ(result_->exit_code, 0) << result_->out << result_->err;
    TreeTempDir tmp;
    const fs::path camp = tmp / "camp";
    ProcessResult r = run_cli({"run", "--instance", lib(), "--op", "exchange", "--target", "0.002", "--trials", "1",
                               "--no-memory", "--no-profile", "--out", camp.string()},
                              false, 300);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto rec = read_record_file((camp / "records" / "quilt-kex" / "QUILT-KEX-128__exchange.json").string());
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->kat, "PASS");
    EXPECT_EQ(rec->flags, "guide");
}

TEST(BuilderTree, AlternativeImplementationsAreRefusedWithTheRecipeLineThatPicksOne)
{
    TreeTempDir tmp;
    const fs::path implementations = kSubmission / "Implementations";
    ProcessResult r = build({"build-instance", implementations.string(), "--out", (tmp / "lib").string()});
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_TRUE(has(r.err, "Optimized_Implementation and Reference_Implementation hold the same 6 source names ("))
        << r.err;
    EXPECT_TRUE(has(r.err, "quilt_poly.c")) << r.err;
    EXPECT_TRUE(has(r.err, "\"exclude\": [\"Optimized_Implementation/**\"]")) << r.err;
    EXPECT_FALSE(fs::exists(tmp / "lib" / "libQUILT-KEX-128.so"));

    // The line it suggests works.
    ProcessResult picked = build({"build-instance", implementations.string(), "--exclude",
                                  "Optimized_Implementation/**", "--out", (tmp / "lib").string()});
    ASSERT_EQ(picked.exit_code, 0) << picked.out << picked.err;
    EXPECT_TRUE(has(picked.out, "  KAT: PASS against ")) << picked.out;
}

TEST(BuilderTree, TheOptimizedSiblingBuildsAsTheOptimizedVariantWithTheSameAnswers)
{
    TreeTempDir tmp;
    const fs::path optimized = kSubmission / "Implementations" / "Optimized_Implementation" / "QUILT-KEX-128";
    ProcessResult r = build({"build-instance", optimized.string(), "--no-profiled", "--out", (tmp / "lib").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto info = read_build_info((tmp / "lib" / "libQUILT-KEX-128.so").string());
    ASSERT_TRUE(info && info->kat);
    EXPECT_EQ(info->variant, "optimized");
    EXPECT_EQ(info->kat->status, "PASS");
}

TEST(BuilderTree, TheHarnessMakefileBuildsTheTreeUnchanged)
{
    TreeTempDir tmp;
    ProcessResult r = build({"build-instance", "--harness-makefile", (kTree / "Makefile").string(), "--label",
                             "QUILT-KEX-128", "--no-profiled", "--out", (tmp / "lib").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(has(r.out, "  KAT: PASS against " + kShippedKat.lexically_normal().string())) << r.out; // KATDIR_
    EXPECT_TRUE(has(r.out, "  candidate: kex-quilt")) << r.out;                                         // its NGCC_ID
    ProcessResult unknown = build({"build-instance", "--harness-makefile", (kTree / "Makefile").string(), "--label",
                                   "QUILT-KEX-999", "--out", (tmp / "lib2").string()});
    EXPECT_EQ(unknown.exit_code, 1);
    EXPECT_TRUE(has(unknown.err, "QUILT-KEX-128")) << unknown.err; // the labels it has
}

TEST(BuilderTree, TheCandidateIdReachesRecordsKatLogsAndTheAccountingLookup)
{
    TreeTempDir tmp;
    const fs::path libs = tmp / "lib";
    ProcessResult b = build({"build-instance", kReference.string(), "--candidate", "kex-97", "--out", libs.string()});
    ASSERT_EQ(b.exit_code, 0) << b.out << b.err;
    EXPECT_TRUE(has(b.out, "  candidate: kex-97")) << b.out;

    const fs::path camp = tmp / "camp";
    ProcessResult r =
        run_cli({"run", "--instance", (libs / "libQUILT-KEX-128.so").string(), "--op", "exchange", "--target", "0.002",
                 "--trials", "1", "--no-memory", "--profile-iterations", "10", "--out", camp.string()},
                false, 300);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto rec = read_record_file((camp / "records" / "kex-97" / "QUILT-KEX-128__exchange.json").string());
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->candidate, "kex-97");
    EXPECT_EQ(rec->kat, "PASS");
    auto log = read_file((camp / "kat" / "kex-97" / "QUILT-KEX-128.log").string());
    ASSERT_TRUE(log.ok()) << log.error();
    EXPECT_TRUE(has(*log, "id          = kex-97\n")) << *log;
    // The harness's words: its NGCC_VARIANT and "gcc <version>".
    EXPECT_TRUE(has(*log, "variant     = Reference_Implementation\n")) << *log;
    EXPECT_TRUE(has(*log, "compiler    = gcc ")) << *log;
    EXPECT_TRUE(has(*log, "RESULT kex-97 QUILT-KEX-128 PASS")) << *log;
    const auto profile = read_json(camp / "profile" / "kex-97" / "QUILT-KEX-128__exchange.json");
    ASSERT_TRUE(profile.is_object());
    EXPECT_EQ(profile["total"]["operations"], 10);

    const fs::path accounting = tmp / "kex_bandwidth.csv";
    std::ofstream(accounting) << "ID;Instance;PkABytes;PkBBytes;ProtocolMessageBytes\nkex-97;QUILT-KEX-128;11;22;333\n";
    ProcessResult report = run_cli({"report", camp.string(), "--accounting", accounting.string()});
    ASSERT_EQ(report.exit_code, 0) << report.err;
    EXPECT_EQ(report.out.rfind("# kex-97 QUILT-KEX", 0), 0u) << report.out.substr(0, 200);
    EXPECT_TRUE(has(report.out, "| 333 | 11 / 22 | 366 |")) << report.out;
}

namespace {

// The toy with a flag-dependent slip: built with strict ISO C (-std=c99, the
// guide's flags) its shared secret differs from the pinned KAT, as legacy
// code relying on GNU C sometimes does; with gnu11 it is the toy again.
fs::path toy_that_needs_gnu_c(const TreeTempDir &tmp)
{
    const fs::path dir = tmp / "toy";
    fs::copy(kFixtures / "submission-toy", dir, fs::copy_options::recursive);
    const fs::path source = dir / "KEX_AlgorithmInstance.c";
    std::string text = read_file(source.string()).value();
    const std::string anchor = "    *ss_len = TOY_SS_BYTES;\n";
    const size_t at = text.find(anchor);
    EXPECT_NE(at, std::string::npos);
    text.insert(at + anchor.size(), "#ifdef __STRICT_ANSI__\n    ss[0] ^= 1;\n#endif\n");
    std::ofstream(source) << text;
    return dir;
}

std::string toy_manifest(const TreeTempDir &tmp)
{
    const fs::path m = tmp / "toy.kat.sha256";
    std::ofstream(m) << kToyKatDigest << " strict TOY-KEX-128/KAT_KEX_TOY-KEX-128.txt\n";
    return m.string();
}

} // namespace

TEST(BuilderFlags, AGuideBuildWhoseKatFailsIsRebuiltWithTheHarnessDefaults)
{
    TreeTempDir tmp;
    ProcessResult r = build({"build-instance", toy_that_needs_gnu_c(tmp).string(), "--manifest", toy_manifest(tmp),
                             "--no-profiled", "--out", (tmp / "lib").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(has(r.out, "  guide build: MISMATCH, replaced by the harness-default build")) << r.out;
    EXPECT_TRUE(has(r.out, "  flags: harness-default (-O2 -fPIC -std=gnu11")) << r.out;
    auto info = read_build_info((tmp / "lib" / "libTOY-KEX-128.so").string());
    ASSERT_TRUE(info && info->kat);
    EXPECT_EQ(info->flags, "harness-default");
    EXPECT_EQ(info->guide_result, "MISMATCH");
    EXPECT_EQ(info->kat->status, "PASS");
    EXPECT_EQ(info->kat->reference, "manifest " + toy_manifest(tmp));
}

TEST(BuilderFlags, RunAfterABuildWithAManifestRecordsKatPassWithoutBeingToldAgain)
{
    TreeTempDir tmp;
    const fs::path dir = tmp / "toy";
    fs::copy(kFixtures / "submission-toy", dir, fs::copy_options::recursive);
    const fs::path libs = tmp / "lib";
    ProcessResult b = build(
        {"build-instance", dir.string(), "--manifest", toy_manifest(tmp), "--no-profiled", "--out", libs.string()});
    ASSERT_EQ(b.exit_code, 0) << b.out << b.err;
    EXPECT_TRUE(has(b.out, "  KAT: PASS against manifest " + toy_manifest(tmp))) << b.out;
    fs::remove(toy_manifest(tmp)); // the campaign has only what the build kept
    const fs::path camp = tmp / "camp";
    ProcessResult r = run_cli({"run", "--instance", (libs / "libTOY-KEX-128.so").string(), "--op", "exchange",
                               "--target", "0.002", "--trials", "1", "--no-memory", "--out", camp.string()},
                              false, 300);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    auto rec = read_record_file((camp / "records" / "toy-kex" / "TOY-KEX-128__exchange.json").string());
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->kat, "PASS");
    const auto build_json = read_json(camp / "build.json");
    EXPECT_EQ(build_json["instances"]["toy-kex/TOY-KEX-128"]["kat"], "PASS") << build_json.dump();
    EXPECT_EQ(build_json["instances"]["toy-kex/TOY-KEX-128"]["flags"], "guide") << build_json.dump();
}

TEST(BuilderFlags, AProfileNamedOnTheCommandLineIsKeptAndItsFailedKatSaysSo)
{
    TreeTempDir tmp;
    ProcessResult r = build({"build-instance", toy_that_needs_gnu_c(tmp).string(), "--flags", "guide", "--manifest",
                             toy_manifest(tmp), "--no-profiled", "--out", (tmp / "lib").string()});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_TRUE(has(r.err, "TOY-KEX-128 built, but its KAT did not pass: MISMATCH")) << r.err;
    auto info = read_build_info((tmp / "lib" / "libTOY-KEX-128.so").string());
    ASSERT_TRUE(info && info->kat);
    EXPECT_EQ(info->flags, "guide");
    EXPECT_EQ(info->kat->status, "MISMATCH");
}

TEST(BuilderFlags, WithoutVectorsTheBuildSaysSoInPlainWords)
{
    TreeTempDir tmp;
    const fs::path dir = tmp / "toy";
    fs::copy(kFixtures / "submission-toy", dir, fs::copy_options::recursive);
    ProcessResult r = build({"build-instance", dir.string(), "--no-profiled", "--out", (tmp / "lib").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(has(r.out, "  KAT: no KAT vectors supplied (no manifest, no kat file in the recipe, no "
                           "KAT_KEX_TOY-KEX-128.txt in or beside the folder)"))
        << r.out;
    auto info = read_build_info((tmp / "lib" / "libTOY-KEX-128.so").string());
    ASSERT_TRUE(info);
    EXPECT_FALSE(info->kat);
    EXPECT_EQ(info->flags, "guide");
}

TEST(BuilderCross, Aarch64BuildsAnArmLibraryAndItsProfiledVariant)
{
    if (find_executable("aarch64-linux-gnu-gcc").empty())
        GTEST_SKIP() << "aarch64-linux-gnu-gcc is not installed (Debian package gcc-aarch64-linux-gnu)";
    TreeTempDir tmp;
    ProcessResult r =
        build({"build-instance", kReference.string(), "--arch", "aarch64", "--out", (tmp / "lib").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_TRUE(has(r.out, "  KAT: not run: a cross build for aarch64; run `kexbench-cli kat` on the board")) << r.out;
    for (const fs::path lib : {tmp / "lib" / "libQUILT-KEX-128.so", tmp / "lib" / "profiled" / "libQUILT-KEX-128.so"}) {
        auto elf = read_elf(lib.string());
        ASSERT_TRUE(elf.ok()) << elf.error();
        EXPECT_EQ(elf->machine, 183) << lib;
        EXPECT_TRUE(elf->shared_object) << lib;
    }
    auto info = read_build_info((tmp / "lib" / "libQUILT-KEX-128.so").string());
    ASSERT_TRUE(info);
    EXPECT_EQ(info->arch, "aarch64");
    EXPECT_EQ(info->compiler.rfind("GNU ", 0), 0u) << info->compiler;
}
