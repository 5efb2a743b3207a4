// SPDX-License-Identifier: GPL-3.0-or-later
// The one reader of a record's environment block (the harness's field names,
// sysfs strings, some numbers) and the one rule for the state of the clock:
// the report's §2, the comparisons' clock notes and the campaign's own host
// warnings all decide "turbo on" and "clock not fixed" here.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// A value of the block as text: strings as they are, integers in decimal,
// other numbers in the shortest exact form, booleans "true"/"false"; absent,
// null or a structure gives nullopt.
std::optional<std::string> env_string(const nlohmann::ordered_json &env, const char *key);

// A value of the block as a number: a number, or a string that is wholly one.
std::optional<double> env_number(const nlohmann::ordered_json &env, const char *key);

// Whether the CPU may run above its base clock. intel_pstate's no_turbo
// decides where the host has it ("1": off, "0": on), else cpufreq's boost
// ("1": on, "0": off). Any other value, or neither, is unknown (nullopt):
// an unreadable value is not taken for "on".
struct TurboState {
    bool on = false;
    bool intel_pstate = false; // decided by intel_pstate/no_turbo, not cpufreq/boost
};
std::optional<TurboState> turbo_state(const std::optional<std::string> &intel_pstate_no_turbo,
                                      const std::optional<std::string> &cpufreq_boost);
std::optional<TurboState> turbo_state(const nlohmann::ordered_json &env);

// Why the clock of an environment block is not fixed, in English, one short
// phrase each: cpufreq minimum != maximum, a governor other than
// performance, "turbo on" (intel_pstate) and "boost on" (cpufreq), each source
// that says so. Empty when nothing says it moves.
std::vector<std::string> clock_issues(const nlohmann::ordered_json &env);

} // namespace kexbench
