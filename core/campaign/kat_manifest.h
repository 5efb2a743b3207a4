// SPDX-License-Identifier: GPL-3.0-or-later
// The SHA-256 manifests (kat.sha256) that known-answer tests in the official
// KAT_KEX format are checked against, and the canonical text they hash.
// Parent-side: checking a KAT needs no instance loaded (core/runner/kat.h
// generates one inside a runner child).
#pragma once

#include "core/base/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kexbench {

constexpr int kKatRecords = 10;

// One line of a kat.sha256 manifest: "<64 hex> <strict|nolen>[:<records>] <name>".
struct KatManifestEntry {
    std::string sha256;
    bool nolen = false;            // drop *_Len lines before hashing
    std::optional<int> records;    // the run must have exactly this many records
    std::string name;              // "<label>/KAT_KEX_<instance>.txt" or a bare file name
    std::string mode_text() const; // "strict", "nolen:5", ...
};

Result<std::vector<KatManifestEntry>> parse_kat_manifest(std::string_view text, const std::string &origin);
Result<std::vector<KatManifestEntry>> read_kat_manifest(const std::string &path);

// The entry whose file name is KAT_KEX_<instance>.txt, or nullptr.
const KatManifestEntry *find_kat_entry(const std::vector<KatManifestEntry> &entries, const std::string &instance);

std::string kat_file_name(const std::string &instance);

// The canonical form the manifests hash: LF-split, trailing CR/space/tab
// stripped, empty lines dropped, *_Len lines dropped for nolen, cut after
// `records` records; every kept line followed by "\n".
std::string canonical_kat_text(std::string_view text, bool nolen, std::optional<int> records);
std::string kat_digest(std::string_view text, const KatManifestEntry *entry);

// Number of "Count = " records in a KAT text.
int count_kat_records(std::string_view text);

} // namespace kexbench
