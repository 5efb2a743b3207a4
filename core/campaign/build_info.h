// SPDX-License-Identifier: GPL-3.0-or-later
// What `build-instance` knows about a library it built, kept beside it as
// lib<name>.so.build.json: the candidate id, the flag profile and whether it
// replaced a failing guide build, the compiler, and the KAT the build was
// gated on. A campaign reads it for the library it measures, so a rebuilt
// submission lines up with the published data (records/kex-09/...) and a KAT
// that passed at build time is checked again against the same reference
// instead of turning into NOKAT. It describes one exact file: an entry whose
// library_sha256 differs from the library's bytes is ignored.
#pragma once

#include "core/campaign/kat_manifest.h"
#include "core/base/result.h"

#include <optional>
#include <string>

namespace kexbench {

// The KAT the build was checked against.
struct BuildKat {
    std::string status;          // "PASS", "MISMATCH", "NOKAT", "OVERFLOW", "ERROR", or "not run"
    std::string reason;          // one line when not PASS
    std::string reference;       // "manifest <file>" or "reference <KAT file>"
    std::string mode;            // manifest mode ("strict", "nolen:5")
    std::string expected_sha256; // the reference's digest in that mode
    std::string sha256;          // the generated text's digest
    std::string log;             // the harness-style KAT log, a file name beside the library

    // A manifest entry for the instance from the reference above; nullopt without an expected digest.
    std::optional<KatManifestEntry> manifest_entry(const std::string &instance) const;
};

struct BuildInfo {
    int schema = 1;
    std::string candidate;        // "kex-09"; empty: derived from the family as before
    std::string instance;         // ALGORITHM_INSTANCE
    std::string algorithm;        // the family as named in the sources ("TriQ-KEX")
    std::string variant;          // "reference" or "optimized"
    std::string flags;            // "guide", "harness-default" or "kexbench"
    std::string guide_result;     // the guide build's KAT status when harness-default replaced it
    std::string compiler;         // "gcc 12.2.0"
    std::string compiler_version; // first line of `cc --version`
    std::string build_flags;      // the full compile flag string
    std::string arch;             // "x86_64", "aarch64"
    std::string source_dir;
    std::string library_sha256;
    std::string profiled_library_sha256; // empty when no profiled variant was built
    std::optional<BuildKat> kat;         // absent: nothing to check against (kat_note says so)
    std::string kat_note;                // "no KAT vectors supplied", "not run: cross build for aarch64", ...
};

// <library>.build.json
std::string build_info_path(const std::string &library);

Result<void> write_build_info(const std::string &library, const BuildInfo &info);

// The entry for this exact library. nullopt when there is none; when there is
// one that cannot be read or that describes other bytes (rebuilt or replaced
// since), nullopt with *problem set to one line saying so.
std::optional<BuildInfo> read_build_info(const std::string &library, std::string *problem = nullptr);

} // namespace kexbench
