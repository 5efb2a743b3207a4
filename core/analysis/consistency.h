// SPDX-License-Identifier: GPL-3.0-or-later
// Checks that say when a dataset's figures do not hang together, shown the
// same way by the report, the Results page and Compare: an exchange whose
// time is far from the sum of its own steps, steps so short that the timer's
// own cost dominates them, trials that never ran clean, dropped tick pairs,
// and the host-load warnings the campaign measured.
#pragma once

#include "core/data/dataset.h"
#include "core/data/record.h"

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// Exchange against the sum of its steps (init_a, init_b, pass1..N, derive_a,
// derive_b), both as the published method's mean over calls.
struct StepSumCheck {
    std::string candidate, label;
    double exchange_s = 0, steps_s = 0;
    double difference = 0;     // exchange / steps - 1
    bool inconsistent = false; // |difference| > kStepSumTolerance
    std::string text() const;  // "exchange 40.4 ms vs 16.8 ms for the sum of its 6 steps (+140 %)"
    int steps = 0;
};
inline constexpr double kStepSumTolerance = 0.15;

// One per instance that has an exchange record and a record of every step it runs.
std::vector<StepSumCheck> exchange_vs_steps(const std::vector<Record> &records);

// A step is timer-limited when its median per-call ticks is within this many
// ticks of the timer's own start/stop overhead.
inline constexpr double kTimerLimitTicks = 20;

// Why this one record's figures need care, each a short phrase: "timer-limited
// (median 31 ticks, timer overhead 22 ticks)", "disturbed: no clean attempt of
// trial 1 ...", "3 tick pairs dropped". Empty when none.
std::vector<std::string> record_flags(const Record &record);
// The same flags by name only ("timer-limited", "disturbed", "dropped tick
// pairs"), in the same order: what fits a table column, where the whole phrase
// goes into a note or the Consistency checks table keyed by the row.
std::vector<std::string> record_flag_names(const Record &record);
bool timer_limited(const Record &record);

// The host-load warnings the campaign measured (campaign.json
// measured_warnings: probe spread, disturbed attempts, steal, CPU pressure).
std::vector<std::string> measured_host_warnings(const Dataset &dataset);

} // namespace kexbench
