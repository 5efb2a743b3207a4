// SPDX-License-Identifier: GPL-3.0-or-later
// Checking an instance against a KAT manifest or a reference KAT file: a
// runner child generates the KAT text, the parent hashes its canonical form
// and compares, and writes a log in the ngcc-harness layout as evidence.
#pragma once

#include "core/campaign/build_info.h"
#include "core/campaign/kat_manifest.h"
#include "core/campaign/runner_client.h"

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

enum class KatVerdict { Pass, Mismatch, NoKat, Overflow, Error };

const char *kat_verdict_word(KatVerdict verdict); // "PASS", "MISMATCH", "NOKAT", "OVERFLOW", "ERROR"

struct KatCheck {
    std::string library;
    std::string instance; // from the library's metadata (the library path when it could not be loaded)
    KatVerdict verdict = KatVerdict::Error;
    std::string sha256;                // digest of the generated text (canonical form of the manifest entry's mode)
    std::string expected;              // the manifest's digest, when there is an entry
    std::string mode;                  // manifest mode used ("strict" without an entry)
    std::string reference;             // what it was compared with: "manifest", "reference <file>", the
                                       // recorded entry's origin; empty when there was nothing (NOKAT)
    std::string reason;                // one line for MISMATCH/NOKAT/OVERFLOW/ERROR
    std::string kat_file;              // where the generated text is
    std::string log_file;              // harness-style log
    std::vector<std::string> warnings; // what the KAT text shows besides the verdict (kat_text_warnings)
    double exchange_ms_avg = 0;
    int records = 0;
    bool has_info = false;
    InstanceInfo info;

    // "PASS", "ERROR <reason>", ...: the first words of the CLI line.
    std::string summary() const;
};

// What a check compares with besides the manifest, and what its log says.
// The manifest's entry for the instance comes first, then `reference_file`,
// then `recorded` (the entry the library's build was gated on).
struct KatCheckOptions {
    std::optional<KatManifestEntry> recorded;
    std::string recorded_origin = "build record"; // KatCheck::reference when `recorded` is used
    std::string reference_file;                   // a Test_Vectors-style KAT file, compared in canonical strict form
    // false: the manifest was found, not named (the *.kat.sha256 beside the
    // built-in instances), so its lacking the instance means nothing was
    // supplied for this library: NOKAT "no KAT vectors supplied".
    bool manifest_given = true;
    std::string candidate;  // the log's id and RESULT id (empty: candidate_id() of the metadata)
    std::string source_dir; // the log's source_dir line (left out when empty)
    std::string log_root;   // the log names the KAT file relative to this folder (empty: out_dir)
    // The label the files and the RESULT line go by (KAT_KEX_<label>.txt, <label>.log):
    // a variant's ("TriQ-KEX-128@opt"); empty: the instance name.
    std::string label;
};

// What a library's build record lends a check: the entry it was gated on, the
// source folder and its candidate id (when a usable name, as candidate_for() rules).
KatCheckOptions kat_options_from_build(const std::string &library, const BuildInfo &build);

// out_dir receives KAT_KEX_<instance>.txt and <instance>.log.
KatCheck check_kat(const std::string &library, const std::vector<KatManifestEntry> &manifest,
                   const std::string &out_dir, const RunnerOptions &options = {});
KatCheck check_kat(const std::string &library, const std::vector<KatManifestEntry> &manifest,
                   const std::string &out_dir, const RunnerOptions &options, const KatCheckOptions &how);

// Compares a generated KAT text with a reference KAT text in canonical strict
// form: empty when equal, else one line naming the first differing line of
// each (numbered as in its file) and both lines, shortened and escaped.
std::string kat_reference_difference(const std::string &generated, const std::string &reference,
                                     const std::string &reference_name);

// What a generated KAT text shows that no digest comparison does: "ignores
// its DRNG" when two or more vectors with different seeds have the same
// messages (M<k>) and shared secret (SS), as an instance that resets or never
// reads drng_algorithm gives. A manifest pinned from such an instance passes,
// so this is said whatever the verdict.
std::vector<std::string> kat_text_warnings(const std::string &kat_text);

// The harness layout (MEASUREMENT-METHOD.md section 12); `how` gives the id,
// source_dir and the folder the KAT file is named relative to.
std::string kat_log_text(const KatCheck &check, const KatCheckOptions &how = {});

} // namespace kexbench
