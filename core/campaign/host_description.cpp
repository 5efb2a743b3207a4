// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/host_description.h"

#include "core/base/clock.h"
#include "core/campaign/environment.h"
#include "core/base/format.h"
#include "core/campaign/health.h"
#include "core/base/untrusted.h"

namespace kexbench {

namespace {

using nlohmann::json;
using nlohmann::ordered_json;

// The fixed clock of the PMU cycles/second rule: the cpufreq maximum, else the probed core clock.
std::optional<double> fixed_clock_of(const Environment &env)
{
    if (env.cpufreq_max_khz) {
        try {
            return std::stod(*env.cpufreq_max_khz) * 1000;
        } catch (...) {
        }
    }
    return env.core_clock_hz;
}

// A named counter other than the PMU's means no PMU by choice, not by lack.
bool may_use_pmu(const std::string &counter) { return counter == "auto" || counter == "perf"; }

// Every string in the block, escaped: it may come from another machine's runner.
void escape_strings(ordered_json &j)
{
    if (j.is_string())
        j = printable(j.get<std::string>());
    else if (j.is_structured())
        for (auto &v : j)
            escape_strings(v);
}

} // namespace

HostDescription describe_this_host(const std::string &counter_choice, std::optional<int> cpu)
{
    HostDescription d;
    std::string why_not_pmu;
    CycleCounter counter = CycleCounter::open_best(&why_not_pmu);
    if (!may_use_pmu(counter_choice))
        why_not_pmu = "counter " + counter_choice + " chosen";
    d.counter = counter.name();
    d.counter_hz = counter.ticks_per_second();
    ClockProbe probe;
    if (counter.kind() == CounterKind::Tsc || counter.kind() == CounterKind::PerfCycles) {
        probe = probe_clock(counter);
        if (counter.kind() == CounterKind::Tsc) {
            d.counter_hz = probe.median_hz;
            counter.set_ticks_per_second(probe.median_hz);
        }
    }
    if (probe.windows > 0)
        d.counter_steady = probe.steady();
    Environment env = read_environment("", cpu.value_or(0));
    if (counter.is_core_cycles()) {
        set_core_clock(env, probe);
        if (may_use_pmu(counter_choice))
            d.fixed_clock_hz = fixed_clock_of(env);
    }
    env.warnings = environment_warnings(env, counter, why_not_pmu);
    if (auto psi = cpu_pressure_some_avg60(); psi && *psi >= kCpuPressureWarningPercent)
        env.warnings.push_back("CPU pressure at the start: tasks waited for a CPU " + fmt::py_format(*psi, 'f', 1) +
                               " % of the last minute (/proc/pressure/cpu)");
    d.pmu_unavailable = why_not_pmu;
    d.warnings = env.warnings;
    d.environment = ordered_json::parse(to_json(env).dump());
    return d;
}

ordered_json to_json(const HostDescription &d)
{
    ordered_json j;
    j["counter"] = d.counter;
    j["counter_hz"] = d.counter_hz;
    j["counter_steady"] = d.counter_steady ? ordered_json(*d.counter_steady) : ordered_json(nullptr);
    j["pmu_unavailable"] = d.pmu_unavailable;
    j["fixed_clock_hz"] = d.fixed_clock_hz ? ordered_json(*d.fixed_clock_hz) : ordered_json(nullptr);
    j["environment"] = d.environment;
    j["warnings"] = d.warnings;
    return j;
}

Result<HostDescription> host_description_from_json(const json &j, const std::string &origin)
{
    auto bad = [&](const char *field, const char *what) {
        return fail(origin + ": field '" + field + "' is not " + what);
    };
    if (!j.is_object())
        return fail(origin + ": not a JSON object");
    HostDescription d;
    const json counter = j.value("counter", json()), hz = j.value("counter_hz", json()),
               steady = j.value("counter_steady", json()), pmu = j.value("pmu_unavailable", json()),
               fixed = j.value("fixed_clock_hz", json()), env = j.value("environment", json()),
               warnings = j.value("warnings", json());
    if (!counter.is_string())
        return bad("counter", "a string");
    if (!hz.is_number() || hz.get<double>() < 0)
        return bad("counter_hz", "a number >= 0");
    if (!steady.is_null() && !steady.is_boolean())
        return bad("counter_steady", "a boolean or null");
    if (!pmu.is_string())
        return bad("pmu_unavailable", "a string");
    if (!fixed.is_null() && !(fixed.is_number() && fixed.get<double>() > 0))
        return bad("fixed_clock_hz", "a number > 0 or null");
    if (!env.is_object())
        return bad("environment", "an object");
    if (!warnings.is_array() ||
        !std::all_of(warnings.begin(), warnings.end(), [](const json &w) { return w.is_string(); }))
        return bad("warnings", "an array of strings");
    d.counter = printable(counter.get<std::string>());
    d.counter_hz = hz.get<double>();
    if (steady.is_boolean())
        d.counter_steady = steady.get<bool>();
    d.pmu_unavailable = printable(pmu.get<std::string>());
    if (!fixed.is_null())
        d.fixed_clock_hz = fixed.get<double>();
    d.environment = ordered_json::parse(env.dump());
    escape_strings(d.environment);
    for (const auto &w : warnings)
        d.warnings.push_back(printable(w.get<std::string>()));
    return d;
}

} // namespace kexbench
