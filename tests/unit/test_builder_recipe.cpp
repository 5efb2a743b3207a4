// SPDX-License-Identifier: GPL-3.0-or-later
// The pure parts of the submission builder: recipe files, names, defines,
// the harness's file-name rules, flag splitting, compiler descriptions.
#include "core/build/builder.h"

#include <gtest/gtest.h>

using namespace kexbench;

TEST(BuilderRecipe, ReadsEveryKey)
{
    auto r = parse_recipe(R"({"name": "MY-KEX-256", "defines": ["PARAMS=256", "FAST"],
                              "cflags": "-O3 -DX='a b'", "exclude": ["*_ref.c", "gen*.c"]})",
                          "kexbench-instance.json");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->name, "MY-KEX-256");
    EXPECT_EQ(r->defines, (std::vector<std::string>{"PARAMS=256", "FAST"}));
    EXPECT_EQ(r->cflags, (std::vector<std::string>{"-O3", "-DX=a b"}));
    EXPECT_EQ(r->exclude, (std::vector<std::string>{"*_ref.c", "gen*.c"}));
}

TEST(BuilderRecipe, ReadsTheTreeKeysAndWritesThemBack)
{
    auto r = parse_recipe(R"({"name": "TriQ-KEX-128", "candidate": "kex-09", "flags": "harness-default",
                              "sources": ["src/**/*.c", "KEX_AlgorithmInstance.c"], "include_dirs": ["src/common"],
                              "ldlibs": "-lgmp -lm", "kat": "../KAT/KAT_KEX_TriQ-KEX-128.txt", "manifest": "kat.sha256",
                              "no_aux": true, "no_drng": false})",
                          "r.json");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->candidate, "kex-09");
    EXPECT_EQ(r->flags, "harness-default");
    EXPECT_EQ(r->sources, (std::vector<std::string>{"src/**/*.c", "KEX_AlgorithmInstance.c"}));
    EXPECT_EQ(r->include_dirs, (std::vector<std::string>{"src/common"}));
    EXPECT_EQ(r->ldlibs, (std::vector<std::string>{"-lgmp", "-lm"}));
    EXPECT_EQ(r->kat, "../KAT/KAT_KEX_TriQ-KEX-128.txt");
    EXPECT_EQ(r->manifest, "kat.sha256");
    EXPECT_TRUE(r->no_aux);
    EXPECT_FALSE(r->no_drng);
    // The resolved recipe a build writes is read back as the same recipe.
    auto again = parse_recipe(recipe_json(*r), "resolved.json");
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(recipe_json(*again), recipe_json(*r));
    EXPECT_EQ(again->sources, r->sources);
    EXPECT_EQ(again->no_aux, true);
}

TEST(BuilderFlags, TheProfilesAreTheMethodsExactSets)
{
    auto text = [](const std::vector<std::string> &w) {
        std::string t;
        for (const auto &x : w)
            t += (t.empty() ? "" : " ") + x;
        return t;
    };
    const std::string permissive = "-Wno-error=implicit-function-declaration -Wno-error=incompatible-pointer-types "
                                   "-Wno-error=int-conversion -Wno-error=implicit-int";
    EXPECT_EQ(text(profile_flags("guide", false)),
              "-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE " + permissive);
    EXPECT_EQ(text(profile_flags("harness-default", false)),
              "-O2 -fPIC -std=gnu11 -Wall -Wno-unused -Wno-unknown-pragmas -fno-strict-aliasing -fwrapv "
              "-fno-omit-frame-pointer -D_GNU_SOURCE " +
                  permissive);
    EXPECT_EQ(text(profile_flags("harness-default", true)),
              "-O2 -fPIC -std=gnu++17 -Wall -Wno-unused -Wno-unknown-pragmas -fno-strict-aliasing -fwrapv "
              "-fno-omit-frame-pointer -D_GNU_SOURCE");
    EXPECT_EQ(text(profile_flags("kexbench", false)), "-O3 -DNDEBUG -fPIC -std=gnu11 -D_GNU_SOURCE " + permissive);
    EXPECT_TRUE(profile_flags("fast", false).empty());
    EXPECT_FALSE(is_flag_profile("fast"));
}

TEST(BuilderRecipe, AcceptsDefinesAsAnObjectAndCflagsAsAnArray)
{
    auto r = parse_recipe(R"({"defines": {"A": null, "B": 3, "C": "x y"}, "cflags": ["-O1", "-g"]})", "r.json");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->defines, (std::vector<std::string>{"A", "B=3", "C=x y"}));
    EXPECT_EQ(r->cflags, (std::vector<std::string>{"-O1", "-g"}));
    EXPECT_FALSE(r->name.has_value());
}

TEST(BuilderRecipe, AnEmptyObjectIsAnEmptyRecipe)
{
    auto r = parse_recipe("{}", "r.json");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_FALSE(r->name);
    EXPECT_TRUE(r->defines.empty() && r->cflags.empty() && r->exclude.empty());
}

TEST(BuilderRecipe, RefusesWhatItCannotUseAndNamesTheFile)
{
    const std::pair<const char *, const char *> bad[] = {
        {"[1, 2]", "r.json: not a JSON object"},
        {"{\"name\": \"x\",", "r.json: not a JSON object"},
        {R"({"nmae": "X"})", "r.json: unknown key 'nmae' (known: name, candidate, flags, sources, include_dirs, "
                             "defines, cflags, ldlibs, exclude, kat, manifest, no_aux, no_drng)"},
        {R"({"flags": "fast"})", "r.json: flags: 'fast' is not a profile (guide, harness-default, kexbench)"},
        {R"({"candidate": "../kex-09"})",
         "r.json: candidate: candidate id '../kex-09' may only hold letters, digits, '.', '-' and '_'"},
        {R"({"sources": "src/*.c"})", "r.json: sources must be an array of strings"},
        {R"({"no_aux": 1})", "r.json: no_aux must be true or false"},
        {R"({"name": 5})", "r.json: name must be a string"},
        {R"({"name": "has space"})",
         "r.json: name: instance name 'has space' may only hold letters, digits, '.', '-' and '_'"},
        {R"({"defines": "A=1"})", "r.json: defines must be an array of strings"},
        {R"({"defines": ["1X=2"]})", "r.json: defines: -D 1X=2: '1X' is not a C identifier"},
        {R"({"defines": {"A": 1.5}})", "r.json: defines.A must be a string, an integer or null"},
        {R"({"cflags": "-DX='open"})", "r.json: cflags: unterminated ' in flags '-DX='open'"},
        {R"({"exclude": [1]})", "r.json: exclude must be an array of strings"},
    };
    for (const auto &[text, message] : bad) {
        auto r = parse_recipe(text, "r.json");
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_EQ(r.error(), message) << text;
    }
}

TEST(BuilderRecipe, TheCommandLineWinsOverTheFile)
{
    BuildRecipe file, cli;
    file.name = "FILE-NAME";
    file.defines = {"A=1", "B=2", "C"};
    file.cflags = {"-O3", "-g"};
    file.exclude = {"x*.c", "y.c"};
    cli.name = "CLI-NAME";
    cli.defines = {"B=9"};
    cli.cflags = {"-O1"};
    cli.exclude = {"y.c", "z.c"};
    BuildRecipe m = merge_recipes(file, cli);
    EXPECT_EQ(m.name, "CLI-NAME");
    EXPECT_EQ(m.defines, (std::vector<std::string>{"A=1", "C", "B=9"}));
    EXPECT_EQ(m.cflags, (std::vector<std::string>{"-O3", "-g", "-O1"})); // later flags win in the compiler
    EXPECT_EQ(m.exclude, (std::vector<std::string>{"x*.c", "y.c", "z.c"}));

    file.sources = {"src/**/*.c"};
    file.include_dirs = {"a"};
    file.candidate = "kex-01";
    cli.include_dirs = {"b"};
    cli.flags = "kexbench";
    m = merge_recipes(file, cli);
    EXPECT_EQ(m.sources, file.sources); // no --sources: the file's list stays
    EXPECT_EQ(m.include_dirs, (std::vector<std::string>{"b", "a"}));
    EXPECT_EQ(m.candidate, "kex-01");
    EXPECT_EQ(m.flags, "kexbench");
    cli.sources = {"only.c"};
    EXPECT_EQ(merge_recipes(file, cli).sources, cli.sources);

    BuildRecipe only_file = merge_recipes(file, BuildRecipe{});
    EXPECT_EQ(only_file.name, "FILE-NAME");
    EXPECT_EQ(only_file.defines, file.defines);
}

// The builder follows the one name rule of core/base/untrusted.h.
TEST(BuilderNames, FollowTheAlgorithmInstanceRule)
{
    for (const char *good : {"TOY-KEX-128", "a", "ADKEX_512", "x-1_2-Z", "dot.name"})
        EXPECT_EQ(name_problem(good), "") << good;
    EXPECT_EQ(name_problem(std::string(64, 'A')), "");
    EXPECT_NE(name_problem(std::string(65, 'A')), "");
    EXPECT_EQ(name_problem(""), "the instance name is empty");
    for (const char *bad : {"has space", ".hidden", "slash/name", "../up", "quote\"", "tab\t", "ünicode"})
        EXPECT_NE(name_problem(bad), "") << bad;
}

TEST(BuilderNames, DefinesNeedAnIdentifierAndOneLine)
{
    for (const char *good : {"A", "A=1", "_x=", "PARAMS=a b c", "X=\"quoted\""})
        EXPECT_EQ(define_problem(good), "") << good;
    EXPECT_EQ(define_problem("=1"), "-D =1: '' is not a C identifier");
    EXPECT_EQ(define_problem("9A=1"), "-D 9A=1: '9A' is not a C identifier");
    EXPECT_EQ(define_problem("A B=1"), "-D A B=1: 'A B' is not a C identifier");
    EXPECT_EQ(define_problem("A=1\n#include"), "-D A: the value spans lines");
}

TEST(BuilderNames, ReadsAlgorithmInstanceFromTheHeader)
{
    EXPECT_EQ(parse_algorithm_instance("#ifndef H\n#define OUTPUT_BLANK_TEST_VECTORS 0\n"
                                       "#define ALGORITHM_INSTANCE \"ADKEX-128\"\n#endif\n"),
              "ADKEX-128");
    EXPECT_EQ(parse_algorithm_instance("  #  define\tALGORITHM_INSTANCE   \"X_1\" /* name */\n"), "X_1");
    EXPECT_EQ(parse_algorithm_instance("#define ALGORITHM_INSTANCE \"First\"\n#define ALGORITHM_INSTANCE \"Second\"\n"),
              "First");
    EXPECT_FALSE(parse_algorithm_instance("#define ALGORITHM_INSTANCE_X \"no\"\n"));
    EXPECT_FALSE(parse_algorithm_instance("// #define ALGORITHM_INSTANCE \"commented\"\n"));
    EXPECT_FALSE(parse_algorithm_instance("#define ALGORITHM_INSTANCE NAME_MACRO\n"));
    EXPECT_FALSE(parse_algorithm_instance(""));
}

TEST(BuilderFamily, IsTheNameUpToTheLastDashOrTheFolder)
{
    EXPECT_EQ(family_for("ADKEX-128", "ADKEX-128"), "ADKEX");
    EXPECT_EQ(family_for("AFS-KEX-256", "x"), "AFS-KEX");
    EXPECT_EQ(family_for("Loom", "loom-ref"), "loom-ref");
    EXPECT_EQ(family_for("-lead", "folder"), "folder");
    EXPECT_EQ(parameter_set_for("ADKEX-128"), "128");
    EXPECT_EQ(parameter_set_for("Loom"), "Loom");
    EXPECT_EQ(parameter_set_for("trailing-"), "trailing-");
}

TEST(BuilderSources, FollowTheHarnessExclusionRules)
{
    for (const char *driver :
         {"KAT_KEX.c", "PQCgenKAT_kem.c", "main.c",      "test.c",      "test_vectors.c", "bench.c",
          "speed.c",   "cpucycles.c",     "osfreq.c",    "run_bench.c", "selftest.c",     "self_test.c",
          "example.c", "demo.cpp",        "kat.c",       "kat_gen.c",   "sign_test.c",    "kex_bench.c",
          "x_main.c",  "y_kat.c",         "foo_test.cpp"})
        EXPECT_TRUE(harness_excluded(driver)) << driver;
    for (const char *source : {"KEX_AlgorithmInstance.c", "drng.c", "auxfunc.c", "poly.c", "ntt.S", "kem.cpp",
                               "toy_driver.c", "attest.c", "contest.c", "katana.c"})
        EXPECT_FALSE(harness_excluded(source)) << source;
}

TEST(BuilderSources, GlobsAndSourceNames)
{
    EXPECT_TRUE(glob_excluded("poly_ref.c", {"*_ref.c"}));
    EXPECT_TRUE(glob_excluded("gen1.c", {"x", "gen?.c"}));
    EXPECT_FALSE(glob_excluded("poly.c", {"*_ref.c"}));
    EXPECT_FALSE(glob_excluded("poly.c", {}));
    for (const char *s : {"a.c", "b.cpp", "c.cc", "d.S"})
        EXPECT_TRUE(is_source_name(s)) << s;
    for (const char *s : {"a.h", "b.hpp", "c.s", "Makefile", "build.sh", "x.o", "c.cxx", ".c.swp"})
        EXPECT_FALSE(is_source_name(s)) << s;
}

TEST(BuilderFlags, SplitLikeAShell)
{
    auto words = [](const std::string &t) {
        auto r = split_flags(t);
        EXPECT_TRUE(r.ok()) << r.error();
        return r.ok() ? *r : std::vector<std::string>{};
    };
    EXPECT_EQ(words("  -O3   -march=native\t-g "), (std::vector<std::string>{"-O3", "-march=native", "-g"}));
    EXPECT_EQ(words("-DNAME='\"v a\"' -I\"dir with space\""),
              (std::vector<std::string>{"-DNAME=\"v a\"", "-Idir with space"}));
    EXPECT_EQ(words("a\\ b \"x\\\"y\" ''"), (std::vector<std::string>{"a b", "x\"y", ""}));
    EXPECT_TRUE(words("").empty());
    EXPECT_FALSE(split_flags("\"open").ok());
}

TEST(BuilderCompiler, DescribesGccAndClang)
{
    EXPECT_EQ(compiler_description("cc (Debian 12.2.0-14+deb12u1) 12.2.0\nCopyright (C) 2022 Free Software "
                                   "Foundation, Inc.\n"),
              "GNU 12.2.0");
    EXPECT_EQ(compiler_description("gcc (GCC) 13.1.1 20230614 (Red Hat 13.1.1-4)\n"), "GNU 13.1.1");
    EXPECT_EQ(compiler_description("Debian clang version 14.0.6\nTarget: x86_64-pc-linux-gnu\n"), "Clang 14.0.6");
    EXPECT_EQ(compiler_description("tcc version mystery\n"), "tcc version mystery");
}

TEST(BuilderCompiler, MetadataStringsAreCLiterals)
{
    EXPECT_EQ(c_string_literal("-O2 -DX=\"a\\b\""), "-O2 -DX=\\\"a\\\\b\\\"");
    EXPECT_EQ(c_string_literal(std::string("a\nb\x01", 4)), "a\\012b\\001");
    EXPECT_EQ(c_string_literal("plain"), "plain");
}
