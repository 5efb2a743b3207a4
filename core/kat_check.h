// SPDX-License-Identifier: GPL-3.0-or-later
// Checking an instance against a KAT manifest: a runner child generates the
// KAT text, the parent hashes its canonical form and compares, and writes a
// log in the ngcc-harness layout as evidence.
#pragma once

#include "core/kat.h"
#include "core/runner_client.h"

#include <string>
#include <vector>

namespace kexbench {

enum class KatVerdict { Pass, Mismatch, NoKat, Overflow, Error };

const char *kat_verdict_word(KatVerdict verdict); // "PASS", "MISMATCH", "NOKAT", "OVERFLOW", "ERROR"

struct KatCheck {
    std::string library;
    std::string instance;     // from the library's metadata (the library path when it could not be loaded)
    KatVerdict verdict = KatVerdict::Error;
    std::string sha256;       // digest of the generated text (canonical form of the manifest entry's mode)
    std::string expected;     // the manifest's digest, when there is an entry
    std::string mode;         // manifest mode used ("strict" without an entry)
    std::string reason;       // one line for MISMATCH/NOKAT/OVERFLOW/ERROR
    std::string kat_file;     // where the generated text is
    std::string log_file;     // harness-style log
    double exchange_ms_avg = 0;
    int records = 0;
    bool has_info = false;
    InstanceInfo info;

    // "PASS", "ERROR <reason>", ...: the first words of the CLI line.
    std::string summary() const;
};

// out_dir receives KAT_KEX_<instance>.txt and <instance>.log.
KatCheck check_kat(const std::string &library, const std::vector<KatManifestEntry> &manifest,
                   const std::string &out_dir, const RunnerOptions &options = {});

std::string kat_log_text(const KatCheck &check);

} // namespace kexbench
