// SPDX-License-Identifier: GPL-3.0-or-later
// Generating known-answer tests in the official KAT_KEX format with a loaded
// instance (runner children only). The manifests they are checked against are
// parent-side: core/campaign/kat_manifest.h.
#pragma once

#include "core/campaign/kat_manifest.h"
#include "core/runner/exchange.h"

#include <string>

namespace kexbench {

// Generating the KAT text of a loaded instance (runner children only).
struct KatGeneration {
    std::string text;
    ExchangeOutcome outcome; // first failure, with "record <i>: " in front of its reason
    int records_done = 0;
    double exchange_seconds_total = 0; // wall time of the complete exchanges
};

// Official schedule: master DRNG instantiated with "seed"x16; per record a
// 512-bit seed is drawn, the instance's DRNG instantiated with it, every
// length reset to its capacity (message lengths to 0) and the passes
// continued past 3 up to the claimed count.
KatGeneration generate_kat(const Instance &inst, int records = kKatRecords);

} // namespace kexbench
