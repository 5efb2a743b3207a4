// SPDX-License-Identifier: GPL-3.0-or-later
// Known-answer tests in the official KAT_KEX format, and the SHA-256 manifests
// (kat.sha256) they are checked against.
#pragma once

#include "core/runner/exchange.h"
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
    bool nolen = false;                // drop *_Len lines before hashing
    std::optional<int> records;        // the run must have exactly this many records
    std::string name;                  // "<label>/KAT_KEX_<instance>.txt" or a bare file name
    std::string mode_text() const;     // "strict", "nolen:5", ...
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

// Generating the KAT text of a loaded instance (runner children only).
struct KatGeneration {
    std::string text;
    ExchangeOutcome outcome;  // first failure, with "record <i>: " in front of its reason
    int records_done = 0;
    double exchange_seconds_total = 0; // wall time of the complete exchanges
};

// Official schedule: master DRNG instantiated with "seed"x16; per record a
// 512-bit seed is drawn, the instance's DRNG instantiated with it, every
// length reset to its capacity (message lengths to 0) and the passes
// continued past 3 up to the claimed count.
KatGeneration generate_kat(const Instance &inst, int records = kKatRecords);

} // namespace kexbench
