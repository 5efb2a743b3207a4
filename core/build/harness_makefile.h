// SPDX-License-Identifier: GPL-3.0-or-later
// Reading one instance's recipe from an ngcc-harness candidate Makefile
// (MEASUREMENT-METHOD §2): the `ngcc_instance,<label>,<srcdir>` call and the
// per-label SRCS_, INC_, DEFS_, CFLAGS_, CXXFLAGS_, LDLIBS_, NOAUX_, NODRNG_,
// KATDIR_, KATNAME_ variables, with the Makefile's own simple variables
// (REF := ..., X = ..., +=) expanded, so existing harness recipes work
// unchanged. The Makefile is read as text; make is never run.
//
// What is understood: comments, line continuations, =, :=, ::=, ?=, +=,
// $(VAR) ${VAR} $1 references (depth-bounded, self-references are errors),
// define/endef templates with $(call ...) and $(eval ...) (the style every
// harness candidate Makefile uses), ifeq/ifneq/ifdef/ifndef/else/endif,
// include (the harness's own link_rules.mk/link_finish.mk are skipped: kexbench
// does what they do), $(wildcard ...) against the file system relative to the
// Makefile's folder, $(addprefix ...) and the pure text functions addsuffix,
// subst, patsubst, $(VAR:a=b), filter, filter-out, sort, strip, dir, notdir,
// foreach, if, origin (info/warning expand to nothing). Rules and recipes are
// skipped unread. Anything else ($(shell ...), !=, ...) is an Error naming the
// Makefile, the line and the construct, raised only when a value kexbench
// needs depends on it.
//
// Paths as make resolves them for `make -C <cand>`: the working folder is the
// Makefile's folder. <srcdir>, INC_, KATDIR_ and NGCC_KAT_DIR are relative to
// it, where src/<label>/... is the harness's symlink to that label's source
// folder; SRCS_ paths are relative to the label's source folder. Flags reach
// the compiler through the shell, so INC_/DEFS_/CFLAGS_/... are split as shell
// words ('...' and "..." group).
#pragma once

#include "core/base/result.h"

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct HarnessRecipe {
    std::string makefile; // absolute path
    std::string label;
    std::string source_dir; // absolute: the call's <srcdir>, relative to the Makefile's folder
    std::optional<std::vector<std::string>>
        sources; // SRCS_<label>: absolute paths, wildcards expanded; nullopt: the default list
    std::vector<std::string>
        include_dirs;                 // INC_<label> without -I, absolute (the harness adds the source folder itself)
    std::vector<std::string> defines; // DEFS_<label> without -D ("NAME" or "NAME=VALUE")
    std::vector<std::string> cflags,
        cxxflags;                    // CFLAGS_<label>, CXXFLAGS_<label>; relative -I/-iquote/-isystem/-idirafter
                                     // paths made absolute; words of INC_/DEFS_ that are not -I/-D go to both
    std::vector<std::string> ldlibs; // LDLIBS_<label> ("-lgmp", ...; relative -L made absolute)
    bool no_aux = false;             // NOAUX_<label> is 1 (the harness's test): no auxfunc.c is added
    bool no_drng = false;            // NODRNG_<label> is 1: no drng.c is added
    std::string kat_dir;             // KATDIR_<label>, absolute; empty if unset
    std::string kat_name;            // KATNAME_<label>; empty if unset
    // Added with the implementation (issue 13): what else the harness reads for this instance.
    std::string
        candidate_kat_dir;    // NGCC_KAT_DIR (the harness's --kat-dir when KATDIR_ is unset), absolute; empty if unset
    std::string candidate_id; // NGCC_ID, e.g. "kex-09"; empty if unset
    std::string algorithm;    // NGCC_ALG, e.g. "TriQ-KEX"; empty if unset
    std::string type;         // NGCC_TYPE: kem, sig, kex or hash; empty if unset
    std::vector<std::string> shim_defines; // SHIMDEFS_<label> words, e.g. -DNGCC_INSTANCE_HEADER="loom/KEX_X.h"
    std::vector<std::string> test_flags;   // TESTFLAGS_<label> words (harness KAT options, e.g. --count 3)
};

// The labels the Makefile declares with ngcc_instance, in file order.
Result<std::vector<std::string>> harness_labels(const std::string &makefile);

// An Error names the Makefile and the problem: no such label (listing the
// labels it has), a variable kexbench cannot expand (a construct outside the
// list above, with its line), a source folder or source that does not exist.
Result<HarnessRecipe> read_harness_recipe(const std::string &makefile, const std::string &label);

} // namespace kexbench
