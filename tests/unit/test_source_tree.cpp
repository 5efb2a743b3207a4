// SPDX-License-Identifier: GPL-3.0-or-later
// What to compile in a submission laid out as shipped: globs over relative
// paths, discovery below a folder (nested sources, include folders, variant
// clashes), named sources, and the reference KAT beside the tree. Each test
// builds a small tree in its own temporary folder.
#include "core/build/source_tree.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace kexbench;
namespace fs = std::filesystem;

using Strings = std::vector<std::string>;

// ---- globs -------------------------------------------------------------------

TEST(PathGlob, DoubleStarMatchesZeroOrMoreFolders)
{
    EXPECT_TRUE(path_glob_match("**/x.c", "x.c"));
    EXPECT_TRUE(path_glob_match("**/x.c", "a/x.c"));
    EXPECT_TRUE(path_glob_match("**/x.c", "a/b/c/x.c"));
    EXPECT_FALSE(path_glob_match("**/x.c", "a/y.c"));
    EXPECT_FALSE(path_glob_match("**/x.c", "ax.c"));

    EXPECT_TRUE(path_glob_match("a/**", "a/b.c"));
    EXPECT_TRUE(path_glob_match("a/**", "a/x/y/b.c"));
    EXPECT_FALSE(path_glob_match("a/**", "ab/c.c"));
    EXPECT_FALSE(path_glob_match("a/**", "b/a/c.c"));

    EXPECT_TRUE(path_glob_match("a/**/b/*.c", "a/b/x.c"));
    EXPECT_TRUE(path_glob_match("a/**/b/*.c", "a/q/r/b/x.c"));
    EXPECT_FALSE(path_glob_match("a/**/b/*.c", "a/b/q/x.c"));
    EXPECT_FALSE(path_glob_match("a/**/b/*.c", "a/xb/x.c"));
    EXPECT_FALSE(path_glob_match("a/**/b/*.c", "a/b/x.h"));

    EXPECT_TRUE(path_glob_match("src/**/*.c", "src/a.c"));
    EXPECT_TRUE(path_glob_match("src/**/*.c", "src/x/y/a.c"));
    EXPECT_TRUE(path_glob_match("**/**/x.c", "x.c"));
}

TEST(PathGlob, StarQuestionMarkAndBracketsStayInsideOneComponent)
{
    EXPECT_TRUE(path_glob_match("src/*.c", "src/a.c"));
    EXPECT_FALSE(path_glob_match("src/*.c", "src/x/a.c"));
    EXPECT_FALSE(path_glob_match("s*/a.c", "s/x/a.c"));
    EXPECT_TRUE(path_glob_match("src/?.c", "src/a.c"));
    EXPECT_FALSE(path_glob_match("src?a.c", "src/a.c"));
    EXPECT_FALSE(path_glob_match("src/a?b.c", "src/a/b.c"));
    EXPECT_TRUE(path_glob_match("src/[ab].c", "src/b.c"));
    EXPECT_FALSE(path_glob_match("src/[ab].c", "src/c.c"));
    EXPECT_FALSE(path_glob_match("src[/]a.c", "src/a.c"));
}

TEST(PathGlob, ABareNameMatchesTheFileNameInAnyFolder)
{
    EXPECT_TRUE(path_glob_match("*.c", "a.c"));
    EXPECT_TRUE(path_glob_match("*.c", "src/a.c"));
    EXPECT_TRUE(path_glob_match("extra_*.c", "x/y/extra_1.c"));
    EXPECT_FALSE(path_glob_match("extra_*.c", "extra_1/x.c"));
    EXPECT_FALSE(path_glob_match("*.c", "src/a.h"));
}

TEST(PathGlob, DotSlashAnchorsAtTheRootAndATrailingSlashMeansEverythingBelow)
{
    EXPECT_TRUE(path_glob_match("./poly.c", "poly.c"));
    EXPECT_FALSE(path_glob_match("./poly.c", "avx2/poly.c"));
    EXPECT_TRUE(path_glob_match("Optimized_Implementation/", "Optimized_Implementation/X/src/a.c"));
    EXPECT_FALSE(path_glob_match("Optimized_Implementation/", "Reference_Implementation/X/src/a.c"));
    EXPECT_TRUE(path_glob_match("src//ref/./*.c", "src/ref/a.c"));
}

// ---- trees on disk -----------------------------------------------------------------

class TempTree : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string pattern = (fs::temp_directory_path() / "kexbench-tree-XXXXXX").string();
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        dir_ = pattern;
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    void write(const std::string &rel, const std::string &text = "int x;\n")
    {
        const fs::path p = fs::path(dir_) / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p) << text;
    }
    std::string at(const std::string &rel) const { return (fs::path(dir_) / rel).string(); }
    // The official layout's files for one implementation of QUILT-KEX-128.
    void write_implementation(const std::string &folder)
    {
        for (const char *f :
             {"KEX_AlgorithmInstance.c", "KEX_AlgorithmInstance.h", "KAT_KEX.c", "src/common/quilt_hash.c",
              "src/common/quilt_hash.h", "src/common/quilt_util.c", "src/common/quilt_util.h",
              "src/ref/quilt_exchange.c", "src/ref/quilt_exchange.h", "src/ref/quilt_poly.c", "src/ref/quilt_poly.h",
              "src/ref/128/quilt_params.c", "src/ref/128/params.h"})
            write(folder + "/" + f);
    }
    std::string dir_;
};

class SourceTreeDiscovery : public TempTree {};
class SourceTreeSelection : public TempTree {};
class SourceTreeKat : public TempTree {};

TEST_F(SourceTreeDiscovery, FindsNestedSourcesSortedWithEveryHeaderFolder)
{
    write_implementation("Q");
    write("Q/README.md", "not a source\n");
    write("Q/src/ref/bench_poly.c");
    auto t = discover_sources(at("Q"), {});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->sources, (Strings{"KEX_AlgorithmInstance.c", "src/common/quilt_hash.c", "src/common/quilt_util.c",
                                   "src/ref/128/quilt_params.c", "src/ref/quilt_exchange.c", "src/ref/quilt_poly.c"}));
    EXPECT_EQ(t->include_dirs, (Strings{".", "src/common", "src/ref", "src/ref/128"}));
    EXPECT_EQ(t->left_out, (Strings{"KAT_KEX.c (driver, test or benchmark file by the harness rules)",
                                    "src/ref/bench_poly.c (driver, test or benchmark file by the harness rules)"}));
    EXPECT_TRUE(t->notes.empty());
}

TEST_F(SourceTreeDiscovery, TheRootComesFirstAmongIncludeFoldersOnlyWhenItHoldsHeaders)
{
    write("R/a.c");
    write("R/z/z.h");
    write("R/b/b.hpp");
    write("R/c/c.hh");
    write("R/d/d.inc");
    auto t = discover_sources(at("R"), {});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->include_dirs, (Strings{"b", "c", "d", "z"}));
    write("R/api.h");
    t = discover_sources(at("R"), {});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->include_dirs, (Strings{".", "b", "c", "d", "z"}));
}

TEST_F(SourceTreeDiscovery, SkipsHiddenFoldersAndLinksThatLeaveTheTree)
{
    write("T/a.c");
    write("T/.git/hook.c");
    write("T/.cache/x.h");
    write("outside/evil.c");
    write("outside/sub/evil2.c");
    fs::create_symlink(at("outside/evil.c"), at("T/linked.c"));
    fs::create_symlink(at("outside/sub"), at("T/linked_dir"));
    fs::create_symlink("..", at("T/loop"));     // canonical path is the parent of T
    fs::create_symlink(".", at("T/self"));      // the root itself: already searched
    fs::create_symlink("a.c", at("T/alias.c")); // inside: the real a.c is kept, the link is a duplicate
    fs::create_symlink("missing.c", at("T/gone.c"));
    auto t = discover_sources(at("T"), {});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->sources, (Strings{"a.c"}));
    EXPECT_TRUE(t->include_dirs.empty());
    const std::string outside = fs::canonical(at("outside")).string();
    EXPECT_EQ(
        t->left_out,
        (Strings{".cache/ (hidden folder)", ".git/ (hidden folder)", "alias.c (the same file as a.c)",
                 "gone.c (broken symbolic link)",
                 "linked.c (symbolic link to " + outside + "/evil.c, outside the folder: not followed)",
                 "linked_dir/ (symbolic link to " + outside + "/sub, outside the folder: not followed)",
                 "loop/ (symbolic link to " + fs::canonical(dir_).string() + ", outside the folder: not followed)",
                 "self/ (a link to a folder already searched)"}));
}

TEST_F(SourceTreeDiscovery, ExcludeGlobsApplyToPathsAndBareNamesToFileNames)
{
    write("E/main_ok.h");
    write("E/src/common/extra_1.c");
    write("E/src/common/util.c");
    write("E/src/common/util.h");
    write("E/src/avx2/poly.c");
    write("E/src/avx2/poly.h");
    write("E/src/ref/poly.c");
    auto t = discover_sources(at("E"), {"extra*.c", "src/avx2/**"});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->sources, (Strings{"src/common/util.c", "src/ref/poly.c"}));
    // src/avx2 held the only other header folder: excluded, it adds no -I.
    EXPECT_EQ(t->include_dirs, (Strings{".", "src/common"}));
    EXPECT_EQ(t->left_out,
              (Strings{"src/avx2/ (--exclude 'src/avx2/**')", "src/common/extra_1.c (--exclude 'extra*.c')"}));
    // A bare name that is a folder's name leaves the folder out too.
    t = discover_sources(at("E"), {"avx2"});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->left_out, (Strings{"src/avx2/ (--exclude 'avx2')"}));
}

TEST_F(SourceTreeDiscovery, RefusesAlternativeImplementationsAndGivesTheRecipeLine)
{
    write_implementation("Implementations/Optimized_Implementation/QUILT-KEX-128");
    write_implementation("Implementations/Reference_Implementation/QUILT-KEX-128");
    const std::string root = at("Implementations");
    auto t = discover_sources(root, {});
    ASSERT_FALSE(t.ok());
    // One sentence for the whole sibling copy, not one per file.
    EXPECT_EQ(t.error(),
              root + ": Optimized_Implementation and Reference_Implementation hold the same 6 source names "
                     "(KEX_AlgorithmInstance.c, quilt_exchange.c, quilt_hash.c, quilt_params.c, quilt_poly.c, "
                     "quilt_util.c): alternative implementations, kexbench will not guess. Keep one with the recipe "
                     "line \"exclude\": [\"Optimized_Implementation/**\"] in kexbench-instance.json "
                     "(or --exclude 'Optimized_Implementation/**')");

    // The line it gives works.
    t = discover_sources(root, {"Optimized_Implementation/**"});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->sources.size(), 6u);
    for (const auto &s : t->sources)
        EXPECT_EQ(s.rfind("Reference_Implementation/QUILT-KEX-128/", 0), 0u) << s;
    EXPECT_EQ(t->include_dirs.front(), "Reference_Implementation/QUILT-KEX-128");
    EXPECT_TRUE(t->notes.empty());
}

TEST_F(SourceTreeDiscovery, WithoutAReferenceCopyItKeepsTheBaseOrTheFirstInSortOrder)
{
    // Variant folders side by side: the first in sort order is kept.
    write("V/src/portable/poly.c");
    write("V/src/avx2/poly.c");
    auto t = discover_sources(at("V"), {});
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().find("poly.c is in src/avx2 and src/portable: alternative implementations"), std::string::npos)
        << t.error();
    EXPECT_NE(
        t.error().find("\"exclude\": [\"src/portable/**\"] in kexbench-instance.json (or --exclude 'src/portable/**')"),
        std::string::npos)
        << t.error();

    // A copy in the shared folder is the base; subfolders are its variants.
    write("W/hash.c");
    write("W/avx2/hash.c");
    write("W/neon/hash.c");
    t = discover_sources(at("W"), {});
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().find("hash.c is in avx2, . and neon: "), std::string::npos) << t.error();
    EXPECT_NE(t.error().find("[\"avx2/**\", \"neon/**\"] in kexbench-instance.json (or --exclude 'avx2/**' --exclude "
                             "'neon/**')"),
              std::string::npos)
        << t.error();

    // ...unless a variant is named as the reference: then the base itself is the one left out.
    write("X/hash.c");
    write("X/ref/hash.c");
    t = discover_sources(at("X"), {});
    ASSERT_FALSE(t.ok());
    EXPECT_NE(t.error().find("\"exclude\": [\"./hash.c\"]"), std::string::npos) << t.error();
    t = discover_sources(at("X"), {"./hash.c"});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->sources, (Strings{"ref/hash.c"}));
}

TEST_F(SourceTreeDiscovery, SameNamedHeadersAreANoteNotARefusal)
{
    write("H/src/a/config.h");
    write("H/src/b/config.h");
    write("H/src/a/x.c");
    write("H/src/b/y.c");
    write("H/config.h");
    auto t = discover_sources(at("H"), {});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->include_dirs, (Strings{".", "src/a", "src/b"}));
    EXPECT_EQ(t->notes, (Strings{"config.h is in ., src/a and src/b: a bare #include \"config.h\" from another folder "
                                 "gets ./config.h, the first on the include path"}));
}

TEST_F(SourceTreeDiscovery, NamesAFolderThatIsNotThere)
{
    auto t = discover_sources(at("nothing"), {});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error(), at("nothing") + ": No such file or directory");
    write("f.c");
    t = discover_sources(at("f.c"), {});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error(), at("f.c") + ": not a folder");
}

// ---- naming sources ------------------------------------------------------------------

TEST_F(SourceTreeSelection, GlobsAndPathsPickOneVariantWithoutARefusal)
{
    write_implementation("I/Optimized_Implementation/Q");
    write_implementation("I/Reference_Implementation/Q");
    const std::string root = at("I");
    auto t =
        select_sources(root,
                       {"Reference_Implementation/Q/src/**/*.c", "Reference_Implementation/Q/KEX_AlgorithmInstance.c",
                        "Reference_Implementation/Q/KAT_KEX.c", "Reference_Implementation/Q/src/ref/quilt_poly.c"},
                       {"quilt_util.c"});
    ASSERT_TRUE(t.ok()) << t.error();
    // Named explicitly, the driver is compiled; duplicates appear once; the exclusion applies after.
    EXPECT_EQ(t->sources,
              (Strings{"Reference_Implementation/Q/KAT_KEX.c", "Reference_Implementation/Q/KEX_AlgorithmInstance.c",
                       "Reference_Implementation/Q/src/common/quilt_hash.c",
                       "Reference_Implementation/Q/src/ref/128/quilt_params.c",
                       "Reference_Implementation/Q/src/ref/quilt_exchange.c",
                       "Reference_Implementation/Q/src/ref/quilt_poly.c"}));
    EXPECT_EQ(t->left_out, (Strings{"Reference_Implementation/Q/src/common/quilt_util.c (--exclude 'quilt_util.c')"}));
    // Include folders are found as discovery finds them: both variants' unless excluded.
    EXPECT_EQ(t->include_dirs.size(), 8u);
    t = select_sources(root, {"Reference_Implementation/Q/"}, {"Optimized_Implementation"});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->sources.size(), 6u);
    EXPECT_EQ(t->left_out,
              (Strings{"Reference_Implementation/Q/KAT_KEX.c (driver, test or benchmark file by the harness rules)"}));
    EXPECT_EQ(t->include_dirs,
              (Strings{"Reference_Implementation/Q", "Reference_Implementation/Q/src/common",
                       "Reference_Implementation/Q/src/ref", "Reference_Implementation/Q/src/ref/128"}));
    EXPECT_EQ(t->notes.size(), 0u);
}

TEST_F(SourceTreeSelection, APatternThatMatchesNothingOrLeavesTheTreeIsAnError)
{
    write("S/src/a.c");
    write("x.c");
    const std::string root = at("S");
    auto t = select_sources(root, {"src/x/*.c"}, {});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error(), "sources: 'src/x/*.c' matches no file below " + root);
    t = select_sources(root, {"src/b.c"}, {});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error(), "sources: 'src/b.c' matches no file below " + root);
    t = select_sources(root, {"../x.c"}, {});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error(), "sources: '../x.c' is outside " + root);
    t = select_sources(root, {"src/../../*.c"}, {});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error(), "sources: 'src/../../*.c' is outside " + root);
    fs::create_symlink(at("x.c"), at("S/src/link.c"));
    t = select_sources(root, {"src/link.c"}, {});
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error(),
              "sources: 'src/link.c' resolves to " + fs::canonical(at("x.c")).string() + ", outside " + root);
    t = select_sources(root, {"src/*.c"}, {});
    ASSERT_TRUE(t.ok()) << t.error();
    EXPECT_EQ(t->sources, (Strings{"src/a.c"})); // the link out of the tree is not a match
}

// ---- the reference KAT and single files ----------------------------------------------

TEST_F(SourceTreeKat, FindsTheKatInTheSubmissionsTestVectorsFolder)
{
    write_implementation("QUILT-KEX/Implementations/Reference_Implementation/QUILT-KEX-128");
    write("QUILT-KEX/Test_Vectors/QUILT-KEX-128/KAT_KEX_QUILT-KEX-128.txt", "count = 0\n");
    write("QUILT-KEX/Test_Vectors/QUILT-KEX-256/KAT_KEX_QUILT-KEX-256.txt", "count = 0\n");
    const std::string impl = at("QUILT-KEX/Implementations/Reference_Implementation/QUILT-KEX-128");
    EXPECT_EQ(find_reference_kat(impl, "QUILT-KEX-128"),
              at("QUILT-KEX/Test_Vectors/QUILT-KEX-128/KAT_KEX_QUILT-KEX-128.txt"));
    EXPECT_EQ(find_reference_kat(impl + "/", "QUILT-KEX-128"),
              at("QUILT-KEX/Test_Vectors/QUILT-KEX-128/KAT_KEX_QUILT-KEX-128.txt"));
    EXPECT_EQ(find_reference_kat(impl, "QUILT-KEX-192"), "");
    EXPECT_EQ(find_reference_kat(impl, "../x"), "");
    // A copy inside the folder comes first.
    write("QUILT-KEX/Implementations/Reference_Implementation/QUILT-KEX-128/kat/KAT_KEX_QUILT-KEX-128.txt");
    EXPECT_EQ(find_reference_kat(impl, "QUILT-KEX-128"), impl + "/kat/KAT_KEX_QUILT-KEX-128.txt");
}

TEST_F(SourceTreeKat, SearchesOnlyThreeLevelsUpTwoLevelsDeepAndNeverThroughLinksOut)
{
    write("a/b/c/d/inst/x.c");
    write("a/KAT/KAT_KEX_I.txt"); // four levels up from a/b/c/d/inst: too far
    EXPECT_EQ(find_reference_kat(at("a/b/c/d/inst"), "I"), "");
    EXPECT_EQ(find_reference_kat(at("a/b/c/d"), "I"), at("a/KAT/KAT_KEX_I.txt"));
    write("p/q/TestVectors/1/2/3/KAT_KEX_J.txt"); // three levels inside the vector folder: too deep
    write("p/q/inst/x.c");
    EXPECT_EQ(find_reference_kat(at("p/q/inst"), "J"), "");
    write("elsewhere/J/KAT_KEX_J.txt");
    fs::create_symlink(at("elsewhere"), at("p/q/TestVectors/linked"));
    EXPECT_EQ(find_reference_kat(at("p/q/inst"), "J"), "");
    // Scratch folders whose names merely hold "kat" are somebody else's output, never a reference.
    write("p/q/kexbench-kat-1a2b3c/KAT_KEX_J.txt");
    write("p/q/my_kat_runs/KAT_KEX_J.txt");
    EXPECT_EQ(find_reference_kat(at("p/q/inst"), "J"), "");
    write("p/q/Known_Answer_Tests/J/KAT_KEX_J.txt");
    EXPECT_EQ(find_reference_kat(at("p/q/inst"), "J"), at("p/q/Known_Answer_Tests/J/KAT_KEX_J.txt"));
}

TEST_F(SourceTreeKat, FindFileBelowTakesTheShallowestThenTheFirstInSortOrder)
{
    write("F/src/z/KEX_AlgorithmInstance.h");
    write("F/src/b/deeper/KEX_AlgorithmInstance.h");
    write("F/src/a/KEX_AlgorithmInstance.h");
    write("F/.hidden/KEX_AlgorithmInstance.h");
    EXPECT_EQ(find_file_below(at("F"), "KEX_AlgorithmInstance.h"), at("F/src/a/KEX_AlgorithmInstance.h"));
    write("F/KEX_AlgorithmInstance.h");
    EXPECT_EQ(find_file_below(at("F"), "KEX_AlgorithmInstance.h"), at("F/KEX_AlgorithmInstance.h"));
    EXPECT_EQ(find_file_below(at("F"), "missing.h"), "");
    write("out/only.h");
    fs::create_symlink(at("out"), at("F/out"));
    EXPECT_EQ(find_file_below(at("F"), "only.h"), "");
}
