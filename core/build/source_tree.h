// SPDX-License-Identifier: GPL-3.0-or-later
// What to compile in a submission folder laid out as submissions are shipped:
// sources in nested folders (src/common, src/ref, src/ref/<level>), headers
// included by bare name from several folders, sibling variants such as
// Optimized_Implementation/ or avx2/ holding same-named copies, and the
// reference KAT file in a Test_Vectors-style folder in or beside the tree.
// Pure file-system reading: nothing here runs or compiles anything.
#pragma once

#include "core/base/result.h"

#include <string>
#include <vector>

namespace kexbench {

// Glob over '/'-separated relative paths: '*', '?' and [...] stay inside one
// path component, "**" as a whole component matches zero or more components
// ("src/**/*.c" matches src/a.c and src/x/y/a.c). A pattern without '/'
// matches the file name in any folder ("extra_*.c").
bool path_glob_match(const std::string &pattern, const std::string &relative_path);

// True for the header names whose folders become include folders: *.h, *.hpp, *.hh, *.inc.
bool is_header_name(const std::string &file_name);

struct SourceTree {
    std::vector<std::string> sources;      // relative to the root, sorted
    std::vector<std::string> include_dirs; // relative folders holding kept headers; "." (the root) first, then sorted
    std::vector<std::string> left_out;     // "src/ref/KAT_KEX.c (driver, test or benchmark file by the harness rules)",
                                           // "extra.c (--exclude 'extra*.c')", ...
    std::vector<std::string> notes;        // e.g. a header name held by two include folders and which one wins
};

// Every *.c *.cpp *.cc *.S below root except hidden folders, files that are
// not regular or resolve outside root (symlinks), harness driver/benchmark
// names (harness_excluded()) and paths matching an exclude glob. Two kept
// sources with one file name in different folders are alternative
// implementations: an Error that lists each clash with its paths and gives
// the recipe line that keeps one, e.g.
//   "...: poly.c is in Optimized_Implementation/src and Reference_Implementation/src: alternative
//    implementations, kexbench will not guess. Keep one with the recipe line
//    \"exclude\": [\"Optimized_Implementation/**\"] in kexbench-instance.json (or --exclude 'Optimized_Implementation/**')"
Result<SourceTree> discover_sources(const std::string &root, const std::vector<std::string> &exclude_globs);

// The files matching the globs (relative to root, "**" allowed, or plain
// relative paths), minus the exclude globs, sorted and without duplicates; the
// include folders are found as discover_sources() finds them. An Error names a
// pattern that matches nothing, or a match outside root. No clash refusal:
// naming sources is how a user picks one variant.
Result<SourceTree> select_sources(const std::string &root, const std::vector<std::string> &patterns,
                                  const std::vector<std::string> &exclude_globs);

// The reference KAT file KAT_KEX_<instance>.txt for a folder: first below root
// (the shallowest match), then in Test_Vectors-like folders (Test_Vectors,
// TestVectors, KAT, KATs, Known_Answer_Tests, any case and separators) that
// sit in root's parent, grandparent or great-grandparent (the submission root
// of the official layout <sub>/Implementations/Reference_Implementation/<instance>),
// searched two levels deep inside them; never in /, /tmp, /var/tmp, /home or
// /usr themselves. Empty when there is none.
std::string find_reference_kat(const std::string &root, const std::string &instance);

// The first file with this name below root (shallowest, then sorted), e.g. KEX_AlgorithmInstance.h; empty if none.
std::string find_file_below(const std::string &root, const std::string &file_name);

} // namespace kexbench
