// SPDX-License-Identifier: GPL-3.0-or-later
// The one home of the counter-unit rule: which unit a record's counts are in,
// and that unit as a machine-readable column word. Reports, comparisons, the
// Results, Distributions and Timeline pages and every CSV read it from here.
#pragma once

#include "core/data/record.h"

#include <string>
#include <vector>

namespace kexbench {

// "cycles" for a core-cycle counter, else the unit the runner named ("TSC
// ticks", "ns"), or "counter ticks" when it named none.
std::string counter_unit(const RecordSamples &samples);

// As above for a kexbench record; a harness record counts core cycles
// (perf_event) when it counts at all, so its unit is "cycles".
std::string counter_unit(const Record &record);

// A unit as a column-name word: "cycles" -> "cycles", "TSC ticks" ->
// "tsc_ticks", "" (no unit named) -> "counter_ticks". Never translated.
std::string unit_column_word(const std::string &unit);

// Adds a column word once, keeping "cycles" first, so cycles and ticks never
// share a column and the column order does not depend on the row order.
void add_unit_column_word(std::vector<std::string> &words, const std::string &word);

} // namespace kexbench
