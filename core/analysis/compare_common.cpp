// SPDX-License-Identifier: GPL-3.0-or-later
// Small rules the comparison's files share: joiners, ratios, counters and their comparability.
#include "core/analysis/compare_internal.h"

#include "core/data/environment_facts.h"
#include "core/base/format.h"

#include <algorithm>
#include <cmath>

namespace kexbench {

namespace compare_detail {

std::string code(const std::string &s) { return std::string("`").append(s).append("`"); }

void add_unique(std::vector<std::string> &list, const std::string &item)
{
    if (std::find(list.begin(), list.end(), item) == list.end())
        list.push_back(item);
}

// A ratio only between two finite figures with a non-zero denominator.
std::optional<double> ratio_of(std::optional<double> a, std::optional<double> b)
{
    if (!a || !b || *a == 0 || !std::isfinite(*a) || !std::isfinite(*b))
        return std::nullopt;
    return *b / *a;
}

std::optional<double> as_double(const std::optional<uint64_t> &v)
{
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

std::optional<double> as_double(const std::optional<int64_t> &v)
{
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

// The fixed clock of §3 of the method notes: cpufreq maximum, else the probed core clock.
std::optional<double> nominal_clock_hz(const Json &env)
{
    if (const auto khz = env_number(env, "cpufreq_max_khz"))
        return *khz * 1000;
    return env_number(env, "core_clock_hz");
}

// Harness records carry no counter name; the driver's META says whether its
// perf cpu-cycles event opened. Without META, cycles mean it did.
bool harness_counted_cycles(const Record &r)
{
    for (const auto &p : r.processes)
        for (const auto &[key, value] : p.meta)
            if (key == "cpu_cycles_available")
                return value == "yes";
    return r.mean_cycles.has_value();
}

std::string ghz(double hz) { return fmt::py_format(hz / 1e9, 'f', 2) + " GHz"; }

Language lang_of(const CompareOptions &o) { return parse_language(o.language).value_or(Language::en); }

// Joiners too short for the catalogue (whose templates also match stored texts): by language.
std::string and_text(Language lang, const std::string &a, const std::string &b)
{
    return lang == Language::en ? a + " and " + b : a + " \u548c " + b;
}

std::string paren_text(Language lang, const std::string &inner)
{
    return lang == Language::en ? " (" + inner + ")" : "\uff08" + inner + "\uff09";
}

std::string list_sep(Language lang) { return lang == Language::en ? "; " : "\uff1b"; }

// A counter's name is the evidence's own text: code in the Chinese text (the harness driver's has a translation).
std::string counter_text(const CounterInfo &c, Language lang)
{
    if (c.unit.empty())
        return tr(lang, "no counter");
    if (lang == Language::en)
        return c.unit + " (" + c.name + ")";
    const std::string name =
        c.name == kHarnessCounter || c.name == "unknown counter" ? tr(lang, c.name) : "`" + c.name + "`";
    return tr_text(lang, c.unit) + paren_text(lang, name);
}

// Constant-rate counters (TSC, cntvct) tick at a per-machine rate, so equal
// units are comparable only at rates both records state and that agree. An
// unknown rate (0) matches nothing, not even another unknown one: two TSCs of
// unknown rate may tick at 2.1 and 3.0 GHz.
bool same_known_tick_rate(const Record &a, const Record &b)
{
    const double ra = a.kexbench ? a.kexbench->ticks_per_second : 0;
    const double rb = b.kexbench ? b.kexbench->ticks_per_second : 0;
    if (!(ra > 0) || !(rb > 0))
        return false;
    return std::fabs(ra - rb) <= 1e-3 * std::max(ra, rb);
}

bool same_counter(const CounterInfo &a, const CounterInfo &b)
{
    return a.core_cycles == b.core_cycles && a.unit == b.unit && a.name == b.name;
}

bool counters_comparable(const Record &ra, const Record &rb, const CounterInfo &a, const CounterInfo &b)
{
    if (a.unit.empty() || b.unit.empty())
        return false;
    if (a.core_cycles && b.core_cycles) // core cycles are the same unit on every machine
        return true;
    return same_counter(a, b) && same_known_tick_rate(ra, rb);
}

} // namespace compare_detail

} // namespace kexbench
