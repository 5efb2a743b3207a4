// SPDX-License-Identifier: GPL-3.0-or-later
// Reading instance recipes from harness-style candidate Makefiles as text:
// synthetic Makefiles in temporary folders for each construct and error, and
// the submission-tree fixture's own Makefile.
#include "core/build/harness_makefile.h"

#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <set>

using namespace kexbench;

namespace {

namespace fs = std::filesystem;

using Paths = std::vector<std::string>;

class HarnessMakefile : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string pattern = (fs::temp_directory_path() / "kexbench-mk-XXXXXX").string();
        ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
        dir_ = fs::canonical(pattern).string();
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    // A file below the temporary folder; sources get a line of C.
    void write(const std::string &rel, const std::string &text = "int x;\n")
    {
        const fs::path p = fs::path(dir_) / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }
    // The candidate folder is cand/, as in a harness checkout (<harness>/<cand>/Makefile).
    std::string makefile(const std::string &text)
    {
        write("cand/Makefile", text);
        return in_cand("Makefile");
    }
    std::string in_cand(const std::string &rel) const { return (fs::path(dir_) / "cand" / rel).string(); }
    Paths in_cand(const Paths &rels) const
    {
        Paths out;
        for (const auto &r : rels)
            out.push_back(in_cand(r));
        return out;
    }
    std::string dir_;
};

TEST_F(HarnessMakefile, ReadsEveryPerLabelVariable)
{
    write("cand/Impl/X-1/a.c");
    write("cand/Impl/X-1/sub/b.c");
    fs::create_directories(in_cand("Impl/X-1/inc"));
    const std::string mk = makefile(R"(# a candidate in the harness's style
NGCC_ID   := kex-42
NGCC_TYPE := kex
NGCC_ALG  := X
include ../api/link_rules.mk

REF := Impl
NGCC_KAT_DIR := TV

SRCS_X-1     := a.c sub/b.c
INC_X-1      := -Isrc/X-1/inc -I shared
DEFS_X-1     := -DLEVEL=1 -DFAST -D MODE='"ref"'
CFLAGS_X-1   := -O3 -Isrc/X-1/inc
CXXFLAGS_X-1 := -std=c++17
LDLIBS_X-1   := -lgmp -Llib
NOAUX_X-1    := 1
NODRNG_X-1   := 0
KATDIR_X-1   := TV/X-1
KATNAME_X-1  := X_ONE
SHIMDEFS_X-1 := -DNGCC_INSTANCE_HEADER='"api.h"'
TESTFLAGS_X-1 := --count 3
$(eval $(call ngcc_instance,X-1,$(REF)/X-1))

include ../api/link_finish.mk
)");
    auto r = read_harness_recipe(mk, "X-1");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->makefile, mk);
    EXPECT_EQ(r->label, "X-1");
    EXPECT_EQ(r->source_dir, in_cand("Impl/X-1"));
    ASSERT_TRUE(r->sources.has_value());
    EXPECT_EQ(*r->sources, in_cand(Paths{"Impl/X-1/a.c", "Impl/X-1/sub/b.c"}));
    EXPECT_EQ(r->include_dirs, in_cand(Paths{"Impl/X-1/inc", "shared"}));
    EXPECT_EQ(r->defines, (Paths{"LEVEL=1", "FAST", "MODE=\"ref\""}));
    EXPECT_EQ(r->cflags, (Paths{"-O3", "-I" + in_cand("Impl/X-1/inc")}));
    EXPECT_EQ(r->cxxflags, (Paths{"-std=c++17"}));
    EXPECT_EQ(r->ldlibs, (Paths{"-lgmp", "-L" + in_cand("lib")}));
    EXPECT_TRUE(r->no_aux);
    EXPECT_FALSE(r->no_drng); // the harness tests for exactly 1
    EXPECT_EQ(r->kat_dir, in_cand("TV/X-1"));
    EXPECT_EQ(r->kat_name, "X_ONE");
    EXPECT_EQ(r->candidate_kat_dir, in_cand("TV"));
    EXPECT_EQ(r->candidate_id, "kex-42");
    EXPECT_EQ(r->algorithm, "X");
    EXPECT_EQ(r->type, "kex");
    EXPECT_EQ(r->shim_defines, (Paths{"-DNGCC_INSTANCE_HEADER=\"api.h\""}));
    EXPECT_EQ(r->test_flags, (Paths{"--count", "3"}));
}

TEST_F(HarnessMakefile, TemplatesThroughDefineCallAndEvalDeclareLabelsInFileOrder)
{
    // The style of the harness's candidate Makefiles: a source folder with spaces,
    // a shared source list with continuations, one template call per level.
    for (const char *level : {"512", "128", "256"}) {
        const std::string inst = std::string("Impl and TV/Ref/T-") + level + "/";
        for (const char *f : {"api.c", "src/common/c.c", "src/ref/r.c"})
            write("cand/" + inst + f);
        write("cand/" + inst + "src/ref/t-" + level + "/p.c");
    }
    const std::string mk = makefile(R"(REF := Impl and TV/Ref
T_SRCS := api.c \
          src/common/c.c   \
    src/ref/r.c

# label, level
define T
SRCS_$(1) := $(T_SRCS) src/ref/t-$2/p.c
INC_$(1)  := -Isrc/$(1)/src/common -Isrc/$(1)/src/ref/t-$(2)
DEFS_$(1) := -DLEVEL=$(2)
$$(eval $$(call ngcc_instance,$(1),$(REF)/$(1)))
endef

$(eval $(call T,T-512,512))
$(eval $(call T,T-128,128))
$(eval $(call T,T-256,256))
)");
    auto labels = harness_labels(mk);
    ASSERT_TRUE(labels.ok()) << labels.error();
    EXPECT_EQ(*labels, (Paths{"T-512", "T-128", "T-256"}));

    auto r = read_harness_recipe(mk, "T-128");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->source_dir, in_cand("Impl and TV/Ref/T-128"));
    EXPECT_EQ(*r->sources,
              in_cand(Paths{"Impl and TV/Ref/T-128/api.c", "Impl and TV/Ref/T-128/src/common/c.c",
                            "Impl and TV/Ref/T-128/src/ref/r.c", "Impl and TV/Ref/T-128/src/ref/t-128/p.c"}));
    EXPECT_EQ(r->include_dirs,
              in_cand(Paths{"Impl and TV/Ref/T-128/src/common", "Impl and TV/Ref/T-128/src/ref/t-128"}));
    EXPECT_EQ(r->defines, (Paths{"LEVEL=128"}));
}

TEST_F(HarnessMakefile, AssignmentFlavoursCommentsAndContinuationsFollowMake)
{
    for (const char *f : {"late.c", "c.c", "d1.c", "d2.c", "e1.c", "e2.c", "g.c"})
        write(std::string("cand/I/X/") + f);
    const std::string text = "A = $(LATER)        # '=': expanded where it is used\n"
                             "B := $(LATER)       # ':=': expanded now, LATER is still empty\n"
                             "LATER := late.c\n"
                             "C ?= c.c\n"
                             "C ?= not-this.c\n"
                             "D = d1.c\n"
                             "D += $(LATE2)\n"
                             "LATE2 := d2.c\n"
                             "E := e1.c\n"
                             "E += e2.c\n"
                             "E := $(E)\n"
                             "F = ${E}\n"
                             "# a comment line that continues \\\n"
                             "SRCS_X := $(THIS_IS_STILL_A_COMMENT)\n"
                             "SRCS_X := $(A) $(B) $(C) $(D) \\\n"
                             "    $(F) \\\n"
                             "\tg.c\n"
                             "KATNAME_X := a\\#b # the escaped # stays\n"
                             "$(eval $(call ngcc_instance,X,I/X))\n";
    const Paths expected =
        in_cand(Paths{"I/X/late.c", "I/X/c.c", "I/X/d1.c", "I/X/d2.c", "I/X/e1.c", "I/X/e2.c", "I/X/g.c"});

    auto r = read_harness_recipe(makefile(text), "X");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r->sources, expected);
    EXPECT_EQ(r->kat_name, "a#b");

    std::string crlf;
    for (char c : text)
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    auto from_crlf = read_harness_recipe(makefile(crlf), "X");
    ASSERT_TRUE(from_crlf.ok()) << from_crlf.error();
    EXPECT_EQ(*from_crlf->sources, expected);
    EXPECT_EQ(from_crlf->kat_name, "a#b");
}

TEST_F(HarnessMakefile, ValuesAreTakenWhenTheHarnessRulesUseThem)
{
    write("cand/I/X/a.c");
    write("cand/I/X/b.c");
    const std::string mk = makefile("SRCS_X := a.c\n"
                                    "$(eval $(call ngcc_instance,X,I/X))\n"
                                    "SRCS_X += b.c      # too late: the list was made in the call\n"
                                    "DEFS_X := -DLATE   # recipes read it when they run: used\n"
                                    "SRCS_Y :=\n"
                                    "$(eval $(call ngcc_instance,Y,I/X))\n"
                                    "$(eval $(call ngcc_instance,Z,I/X))\n");
    auto x = read_harness_recipe(mk, "X");
    ASSERT_TRUE(x.ok()) << x.error();
    EXPECT_EQ(*x->sources, in_cand(Paths{"I/X/a.c"}));
    EXPECT_EQ(x->defines, (Paths{"LATE"}));

    auto y = read_harness_recipe(mk, "Y");
    ASSERT_TRUE(y.ok()) << y.error();
    ASSERT_TRUE(y->sources.has_value()) << "SRCS_Y is defined, as an empty list";
    EXPECT_TRUE(y->sources->empty());

    auto z = read_harness_recipe(mk, "Z");
    ASSERT_TRUE(z.ok()) << z.error();
    EXPECT_FALSE(z->sources.has_value()) << "no SRCS_Z: the harness's default list";
}

TEST_F(HarnessMakefile, WildcardIsExpandedAgainstTheMakefilesFolder)
{
    for (const char *f : {"src/b.c", "src/a.c", "src/.hidden.c", "src/n.h", "top1.c"})
        write(std::string("cand/I/X/") + f);
    fs::create_directories(in_cand("Test_Vectors/X"));
    const std::string mk = makefile("DIR := I/X\n"
                                    "SRCS_X := $(patsubst $(DIR)/%,%,$(wildcard $(DIR)/src/*.c)) "
                                    "$(notdir $(wildcard $(DIR)/top?.c $(DIR)/none*.c))\n"
                                    "KATDIR_X := $(wildcard T*_V*)/X\n"
                                    "$(eval $(call ngcc_instance,X,$(DIR)))\n"
                                    "# src/<label> is the harness's link to a declared label's folder\n"
                                    "INC_Y := $(addprefix -I,$(wildcard src/X/s[r]c))\n"
                                    "$(eval $(call ngcc_instance,Y,$(DIR)))\n");
    // The test runs in another folder: the patterns must not depend on it.
    ASSERT_NE(fs::current_path(), fs::path(in_cand("")));
    auto x = read_harness_recipe(mk, "X");
    ASSERT_TRUE(x.ok()) << x.error();
    EXPECT_EQ(*x->sources, in_cand(Paths{"I/X/src/a.c", "I/X/src/b.c", "I/X/top1.c"}));
    EXPECT_EQ(x->kat_dir, in_cand("Test_Vectors/X"));

    auto y = read_harness_recipe(mk, "Y");
    ASSERT_TRUE(y.ok()) << y.error();
    EXPECT_EQ(y->include_dirs, in_cand(Paths{"I/X/src"}));
}

TEST_F(HarnessMakefile, AddprefixAndMakesTextFunctions)
{
    for (const char *f : {"src/a.c", "src/b.c", "x.c", "y.c", "z.c", "p.c", "q.c", "w.c", "v.c", "k.c", "u.c"})
        write(std::string("cand/I/X/") + f);
    const std::string mk =
        makefile("OBJS := k.o\n"
                 "SRCS_X := $(addprefix src/,$(sort b.c a.c a.c)) $(filter-out %_test.c,x.c x_test.c) "
                 "$(subst .cc,.c,y.cc) $(addsuffix .c,z) $(foreach f,p q,$(f).c) "
                 "$(if $(EMPTY),no.c,w.c) $(strip   v.c   ) $(OBJS:.o=.c) $(patsubst %.s,%.c,u.s) "
                 "$(filter x.c,$(dir src/a.c) x.c)\n"
                 "KATNAME_X := $(origin OBJS) $(origin NOPE) $(info ignored)$(warning ignored)\n"
                 "$(eval $(call ngcc_instance,X,I/X))\n");
    auto r = read_harness_recipe(mk, "X");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r->sources, in_cand(Paths{"I/X/src/a.c", "I/X/src/b.c", "I/X/x.c", "I/X/y.c", "I/X/z.c", "I/X/p.c",
                                         "I/X/q.c", "I/X/w.c", "I/X/v.c", "I/X/k.c", "I/X/u.c", "I/X/x.c"}));
    EXPECT_EQ(r->kat_name, "file undefined");
}

TEST_F(HarnessMakefile, ConditionalsTakeTheBranchMakeWould)
{
    write("cand/I/X/ref.c");
    const std::string mk = makefile("MODE := ref\n"
                                    "ifeq ($(MODE),ref)\n"
                                    "SRCS_X := ref.c\n"
                                    "else\n"
                                    "SRCS_X := $(shell never run)\n"
                                    "endif\n"
                                    "ifneq \"$(MODE)\" \"opt\"\n"
                                    "DEFS_X := -DNOT_OPT\n"
                                    "endif\n"
                                    "ifdef UNSET\n"
                                    "DEFS_X += -DWRONG\n"
                                    "else ifeq '$(MODE)' 'ref'\n"
                                    "DEFS_X += -DCHAIN\n"
                                    "else\n"
                                    "DEFS_X += -DWRONG2\n"
                                    "endif\n"
                                    "ifndef UNSET\n"
                                    "  ifeq ($(MODE), )\n"
                                    "  DEFS_X += -DWRONG3\n"
                                    "  define SKIPPED\n"
                                    "endif\n"
                                    "  endef\n"
                                    "  endif\n"
                                    "endif\n"
                                    "$(eval $(call ngcc_instance,X,I/X))\n");
    auto r = read_harness_recipe(mk, "X");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r->sources, in_cand(Paths{"I/X/ref.c"}));
    EXPECT_EQ(r->defines, (Paths{"NOT_OPT", "CHAIN"}));
}

TEST_F(HarnessMakefile, RulesAndRecipesAreNotRead)
{
    write("cand/I/X/a.c");
    const std::string mk = makefile("SRCS_X := a.c\n"
                                    "$(eval $(call ngcc_instance,X,I/X))\n"
                                    ".PHONY: exploit\n"
                                    "exploit: lib/libX.so $(shell never run)\n"
                                    "\t$(CC) $(shell rm -rf nothing) -o $@ \\\n"
                                    "\t  more.c\n"
                                    "\t@echo $$(date)\n"
                                    "build/x: CFLAGS = -O0\n"
                                    "DEFS_X := -DAFTER\n");
    auto r = read_harness_recipe(mk, "X");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->defines, (Paths{"AFTER"}));
    EXPECT_TRUE(r->cflags.empty());
}

TEST_F(HarnessMakefile, AnUnknownLabelListsTheLabelsFound)
{
    const std::string mk = makefile("$(eval $(call ngcc_instance,X,I/X))\n$(eval $(call ngcc_instance,Y,I/Y))\n");
    auto r = read_harness_recipe(mk, "Z");
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error(), mk + ": no instance 'Z'; its instances are X, Y");

    const std::string none = makefile("REF := I\n");
    auto n = read_harness_recipe(none, "X");
    ASSERT_FALSE(n.ok());
    EXPECT_EQ(n.error(), none + ": declares no instance (no $(eval $(call ngcc_instance,<label>,<source folder>)))");
    auto labels = harness_labels(none);
    ASSERT_TRUE(labels.ok()) << labels.error();
    EXPECT_TRUE(labels->empty());
}

TEST_F(HarnessMakefile, AnUnexpandableConstructNamesTheMakefileLineAndConstruct)
{
    write("cand/I/X/a.c");
    const std::string mk = makefile("NGCC_ID := kex-1\n"
                                    "UNUSED := $(shell uname -m)\n"
                                    "LIST = a.c $(shell ls *.c)\n"
                                    "SRCS_X := $(LIST)\n"
                                    "$(eval $(call ngcc_instance,X,I/X))\n"
                                    "DEFS_Y != echo -DX\n"
                                    "$(eval $(call ngcc_instance,Y,I/X))\n"
                                    "CFLAGS_Z := $(realpath .)\n"
                                    "$(eval $(call ngcc_instance,Z,I/X))\n"
                                    "$(eval $(call ngcc_instance,W,I/X))\n");
    auto labels = harness_labels(mk);
    ASSERT_TRUE(labels.ok()) << labels.error();
    EXPECT_EQ(*labels, (Paths{"X", "Y", "Z", "W"}));

    auto x = read_harness_recipe(mk, "X");
    ASSERT_FALSE(x.ok());
    EXPECT_EQ(x.error(), mk + ":3: cannot expand $(shell ls *.c): kexbench reads the Makefile as text and does not "
                              "run make's $(shell ...) (needed for SRCS_X)");
    auto y = read_harness_recipe(mk, "Y");
    ASSERT_FALSE(y.ok());
    EXPECT_EQ(y.error(), mk + ":6: cannot expand DEFS_Y != ...: kexbench reads the Makefile as text and does not run "
                              "its shell commands (needed for DEFS_Y)");
    auto z = read_harness_recipe(mk, "Z");
    ASSERT_FALSE(z.ok());
    EXPECT_EQ(z.error(), mk + ":8: cannot expand $(realpath .): kexbench reads the Makefile as text and does not run "
                              "make's $(realpath ...) (needed for CFLAGS_Z)");
    // The $(shell ...) nobody uses does not matter.
    auto w = read_harness_recipe(mk, "W");
    ASSERT_TRUE(w.ok()) << w.error();
    EXPECT_EQ(w->candidate_id, "kex-1");
}

TEST_F(HarnessMakefile, SelfReferencesAndEndlessCallsAreErrorsNotHangs)
{
    write("cand/I/X/a.c");
    const std::string mk = makefile("A = $(B)\n"
                                    "B = a.c $(A)\n"
                                    "SRCS_X := $(A)\n"
                                    "OK := a.c\n"
                                    "OK := $(OK) $(OK)\n"
                                    "SRCS_Y := $(OK)\n"
                                    "$(eval $(call ngcc_instance,X,I/X))\n"
                                    "$(eval $(call ngcc_instance,Y,I/X))\n");
    auto x = read_harness_recipe(mk, "X");
    ASSERT_FALSE(x.ok());
    EXPECT_EQ(x.error(), mk + ":2: variable 'A' refers to itself (needed for SRCS_X)");
    auto y = read_harness_recipe(mk, "Y");
    ASSERT_TRUE(y.ok()) << y.error();
    EXPECT_EQ(y->sources->size(), 2u);

    const std::string endless = makefile("f = $(call f,x)\n"
                                         "$(call f)\n");
    auto e = harness_labels(endless);
    ASSERT_FALSE(e.ok());
    EXPECT_EQ(e.error(), endless + ":1: expansion nested deeper than 64 levels (a $(call ...), $(eval ...) or "
                                   "include that never ends?)");
}

TEST_F(HarnessMakefile, MissingSourcesAndFoldersAreErrors)
{
    write("cand/I/X/a.c");
    const std::string mk = makefile("SRCS_X := a.c gone.c\n"
                                    "$(eval $(call ngcc_instance,X,I/X))\n"
                                    "$(eval $(call ngcc_instance,Y,I/nope))\n");
    auto x = read_harness_recipe(mk, "X");
    ASSERT_FALSE(x.ok());
    EXPECT_EQ(x.error(), mk + ": SRCS_X: gone.c is not a file (looked for " + in_cand("I/X/gone.c") +
                             "; SRCS_ paths are relative to the instance's source folder)");
    auto y = read_harness_recipe(mk, "Y");
    ASSERT_FALSE(y.ok());
    EXPECT_EQ(y.error(),
              mk + ":3: instance Y: source folder 'I/nope' does not exist (looked for " + in_cand("I/nope") + ")");

    auto missing = harness_labels(in_cand("no-such-Makefile"));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().rfind(in_cand("no-such-Makefile") + ": cannot open", 0), 0u) << missing.error();
}

TEST_F(HarnessMakefile, MalformedMakefilesAreErrors)
{
    const std::pair<std::string, std::string> bad[] = {
        {"SRCS_X := a.c\nifeq ($(A),b)\n", ": an ifeq/ifneq/ifdef/ifndef has no endif"},
        {"\nendif\n", ":2: endif without ifeq/ifneq/ifdef/ifndef"},
        {"else\n", ":1: else without ifeq/ifneq/ifdef/ifndef"},
        {"define T\nx\n", ":1: define T has no endef"},
        {"endef\n", ":1: endef without define"},
        {"$(eval $(call ngcc_instance,X,I/X)\n",
         ":1: unterminated variable reference '$(eval $(call ngcc_instance,X,I/X)'"},
        {"just words\n", ":1: missing separator: 'just words' is not an assignment, a rule or a directive"},
        {"ifeq a b\nendif\n", ":1: cannot read the condition 'a b'"},
        {"$(eval $(call ngcc_instance,X,I/X))\n$(eval $(call ngcc_instance,X,I/X))\n",
         ":2: instance 'X' is declared twice (first at line 1)"},
        {"$(eval $(call ngcc_instance,X))\n",
         ":1: $(call ngcc_instance,<label>,<source folder>) without a label or source folder"},
        {"\n\n$(error stop here)\n", ":3: the Makefile stops here with $(error stop here)"},
    };
    for (const auto &[text, message] : bad) {
        const std::string mk = makefile(text);
        auto r = harness_labels(mk);
        ASSERT_FALSE(r.ok()) << text;
        EXPECT_EQ(r.error(), mk + message) << text;
    }

    write("cand/I/X/a.c");
    const std::string quote = makefile("DEFS_X := -DA='b\n$(eval $(call ngcc_instance,X,I/X))\n");
    auto q = read_harness_recipe(quote, "X");
    ASSERT_FALSE(q.ok());
    EXPECT_EQ(q.error(), quote + ": DEFS_X: unterminated ' in '-DA='b'");
}

TEST_F(HarnessMakefile, IncludeReadsOtherMakefilesButNotTheHarnessRules)
{
    write("cand/I/X/a.c");
    write("cand/common.mk", "COMMON := a.c\n");
    const std::string mk = makefile("include ../api/link_rules.mk\n"
                                    "include common.mk\n"
                                    "-include missing.mk\n"
                                    "SRCS_X := $(COMMON)\n"
                                    "$(eval $(call ngcc_instance,X,I/X))\n"
                                    "include ../api/link_finish.mk\n");
    auto r = read_harness_recipe(mk, "X");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(*r->sources, in_cand(Paths{"I/X/a.c"}));

    const std::string required = makefile("\ninclude nope.mk\n");
    auto n = harness_labels(required);
    ASSERT_FALSE(n.ok());
    EXPECT_EQ(n.error(), required + ":2: include: nope.mk is not a file (looked for " + in_cand("nope.mk") + ")");
}

// The fixture's Makefile, read against the fixture's sources (written for issue 13).
TEST(HarnessMakefileFixture, ReadsTheSubmissionTreeMakefile)
{
    const fs::path tree = fs::path(KEXBENCH_SOURCE_DIR) / "tests/fixtures/submission-tree";
    const fs::path instance = tree / "QUILT-KEX/Implementations/Reference_Implementation/QUILT-KEX-128";
    if (!fs::exists(tree / "Makefile") || !fs::exists(instance / "KEX_AlgorithmInstance.c"))
        GTEST_SKIP() << "the submission-tree fixture (Makefile and QUILT-KEX sources) is not in " << tree;
    const std::string mk = (tree / "Makefile").string();

    auto labels = harness_labels(mk);
    ASSERT_TRUE(labels.ok()) << labels.error();
    EXPECT_EQ(*labels, (Paths{"QUILT-KEX-128"}));

    auto r = read_harness_recipe(mk, "QUILT-KEX-128");
    ASSERT_TRUE(r.ok()) << r.error();
    const fs::path root = fs::canonical(instance);
    EXPECT_EQ(r->source_dir, root.string());
    EXPECT_EQ(r->candidate_id, "kex-quilt");
    EXPECT_EQ(r->algorithm, "QUILT-KEX");
    EXPECT_EQ(r->type, "kex");
    ASSERT_TRUE(r->sources.has_value());
    const Paths expected = {
        (root / "KEX_AlgorithmInstance.c").string(), (root / "src/common/quilt_hash.c").string(),
        (root / "src/common/quilt_util.c").string(), (root / "src/ref/quilt_exchange.c").string(),
        (root / "src/ref/quilt_poly.c").string(),    (root / "src/ref/128/quilt_params.c").string()};
    EXPECT_EQ(*r->sources, expected);
    // Every C file the submission ships is in the list except its driver.
    std::set<std::string> shipped, listed(r->sources->begin(), r->sources->end());
    for (const auto &e : fs::recursive_directory_iterator(root))
        if (e.path().extension() == ".c" && e.path().filename() != "KAT_KEX.c")
            shipped.insert(e.path().string());
    EXPECT_EQ(listed, shipped);
    EXPECT_EQ(r->include_dirs,
              (Paths{(root / "src/common").string(), (root / "src/ref").string(), (root / "src/ref/128").string()}));
    for (const auto &d : r->include_dirs)
        EXPECT_TRUE(fs::is_directory(d)) << d;
    EXPECT_TRUE(r->defines.empty());
    EXPECT_FALSE(r->no_aux);
    EXPECT_FALSE(r->no_drng);
    EXPECT_TRUE(fs::is_regular_file(fs::path(r->kat_dir) / "KAT_KEX_QUILT-KEX-128.txt")) << r->kat_dir;
    EXPECT_EQ(r->candidate_kat_dir, fs::canonical(tree / "QUILT-KEX/Test_Vectors").string());
}

} // namespace
