// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/data/environment_facts.h"

#include "core/base/format.h"

#include <cstdint>

namespace kexbench {

using Json = nlohmann::ordered_json;

std::optional<std::string> env_string(const Json &env, const char *key)
{
    if (!env.is_object())
        return std::nullopt;
    const auto it = env.find(key);
    if (it == env.end())
        return std::nullopt;
    if (it->is_string())
        return it->get<std::string>();
    if (it->is_number_integer())
        return it->is_number_unsigned() ? std::to_string(it->get<uint64_t>()) : std::to_string(it->get<int64_t>());
    if (it->is_number())
        return fmt::py_format(it->get<double>(), 'g', 17);
    if (it->is_boolean())
        return it->get<bool>() ? "true" : "false";
    return std::nullopt;
}

std::optional<double> env_number(const Json &env, const char *key)
{
    if (!env.is_object())
        return std::nullopt;
    const auto it = env.find(key);
    if (it == env.end())
        return std::nullopt;
    if (it->is_number())
        return it->get<double>();
    if (!it->is_string())
        return std::nullopt;
    const std::string s = it->get<std::string>();
    try {
        size_t used = 0;
        const double d = std::stod(s, &used);
        if (used == s.size())
            return d;
    } catch (...) {
    }
    return std::nullopt;
}

std::optional<TurboState> turbo_state(const std::optional<std::string> &no_turbo,
                                      const std::optional<std::string> &boost)
{
    if (no_turbo == "1" || no_turbo == "0")
        return TurboState{*no_turbo == "0", true};
    if (boost == "1" || boost == "0")
        return TurboState{*boost == "1", false};
    return std::nullopt;
}

std::optional<TurboState> turbo_state(const Json &env)
{
    return turbo_state(env_string(env, "intel_pstate_no_turbo"), env_string(env, "cpufreq_boost"));
}

std::vector<std::string> clock_issues(const Json &env)
{
    std::vector<std::string> issues;
    const auto min_khz = env_number(env, "cpufreq_min_khz"), max_khz = env_number(env, "cpufreq_max_khz");
    if (min_khz && max_khz && *min_khz != *max_khz)
        issues.push_back("cpufreq minimum " + *env_string(env, "cpufreq_min_khz") + " kHz \u2260 maximum " +
                         *env_string(env, "cpufreq_max_khz") + " kHz");
    if (const auto governor = env_string(env, "cpufreq_governor"); governor && *governor != "performance")
        issues.push_back("governor " + *governor);
    // Each source that says "on" is named, even where intel_pstate would decide.
    if (const auto turbo = turbo_state(env_string(env, "intel_pstate_no_turbo"), std::nullopt); turbo && turbo->on)
        issues.push_back("turbo on");
    if (const auto boost = turbo_state(std::nullopt, env_string(env, "cpufreq_boost")); boost && boost->on)
        issues.push_back("boost on");
    return issues;
}

} // namespace kexbench
