// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/consistency.h"

#include "core/base/format.h"
#include "core/analysis/trial_stats.h"

#include <cmath>
#include <map>

namespace kexbench {

namespace {

bool is_step(const std::string &op)
{
    return op == "init_a" || op == "init_b" || op == "derive_a" || op == "derive_b" ||
           (op.size() > 4 && op.compare(0, 4, "pass") == 0);
}

// The number of passes the exchange ran, from its record's kex block.
std::optional<int64_t> passes_run(const Record &r)
{
    for (const auto &[key, value] : r.kex)
        if (key == "kex_passes_run")
            return value;
    return std::nullopt;
}

struct InstanceRecords {
    const Record *exchange = nullptr;
    std::map<std::string, const Record *> steps;
};

bool usable(const Record *r) { return r && r->status == "complete" && r->mean_seconds && *r->mean_seconds > 0; }

std::optional<StepSumCheck> check_instance(const InstanceRecords &in)
{
    if (!usable(in.exchange))
        return std::nullopt;
    const auto passes = passes_run(*in.exchange);
    if (!passes)
        return std::nullopt;
    std::vector<std::string> wanted = {"init_a", "init_b"};
    for (int64_t k = 1; k <= *passes; ++k)
        wanted.push_back("pass" + std::to_string(k));
    wanted.insert(wanted.end(), {"derive_a", "derive_b"});
    StepSumCheck c;
    c.candidate = in.exchange->candidate;
    c.label = in.exchange->label;
    c.exchange_s = *in.exchange->mean_seconds;
    for (const auto &op : wanted) {
        const auto it = in.steps.find(op);
        if (it == in.steps.end() || !usable(it->second))
            return std::nullopt;
        c.steps_s += *it->second->mean_seconds;
        ++c.steps;
    }
    c.difference = c.exchange_s / c.steps_s - 1;
    c.inconsistent = std::fabs(c.difference) > kStepSumTolerance;
    return c;
}

} // namespace

std::string StepSumCheck::text() const
{
    const std::string sign = difference >= 0 ? "+" : "\u2212";
    return "exchange " + fmt::fmt_time(exchange_s) + " vs " + fmt::fmt_time(steps_s) + " for the sum of its " +
           std::to_string(steps) + " steps (" + sign + fmt::py_format(std::fabs(difference) * 100, 'f', 0) +
           " %, mean over calls)";
}

std::vector<StepSumCheck> exchange_vs_steps(const std::vector<Record> &records)
{
    std::map<std::string, InstanceRecords> by_instance;
    std::vector<std::string> order;
    for (const Record &r : records) {
        const std::string key = r.candidate + '\n' + r.label;
        if (!by_instance.count(key))
            order.push_back(key);
        InstanceRecords &in = by_instance[key];
        if (r.operation == "exchange")
            in.exchange = &r;
        else if (is_step(r.operation))
            in.steps[r.operation] = &r;
    }
    std::vector<StepSumCheck> out;
    for (const auto &key : order)
        if (auto c = check_instance(by_instance[key]))
            out.push_back(*c);
    return out;
}

bool timer_limited(const Record &r)
{
    if (!r.kexbench || r.kexbench->ticks.empty() || r.timing_scope == "loop")
        return false;
    const auto e = trial_estimate(r, TrialQuantity::ticks);
    return e && e->center - r.kexbench->overhead_ticks < kTimerLimitTicks;
}

namespace {

struct RecordFlag {
    const char *name;
    std::string phrase;
};

// The one list of a record's flags: both record_flags and record_flag_names read it.
std::vector<RecordFlag> flags_of(const Record &r)
{
    std::vector<RecordFlag> flags;
    if (timer_limited(r)) {
        const auto e = trial_estimate(r, TrialQuantity::ticks);
        flags.push_back({"timer-limited", "timer-limited (median " + fmt::py_format(e->center, 'f', 0) +
                                              " ticks, timer overhead " +
                                              fmt::py_format(r.kexbench->overhead_ticks, 'f', 0) + " ticks)"});
    }
    if (r.kexbench && r.kexbench->disturbed)
        flags.push_back({"disturbed", r.kexbench->reason.empty()
                                          ? std::string("disturbed: no clean attempt of some trial")
                                          : r.kexbench->reason});
    if (r.kexbench && r.kexbench->dropped_tick_pairs > 0)
        flags.push_back({"dropped tick pairs",
                         std::to_string(r.kexbench->dropped_tick_pairs) + " tick pair(s) dropped (stop before start)"});
    return flags;
}

} // namespace

std::vector<std::string> record_flags(const Record &r)
{
    std::vector<std::string> out;
    for (auto &flag : flags_of(r))
        out.push_back(std::move(flag.phrase));
    return out;
}

std::vector<std::string> record_flag_names(const Record &r)
{
    std::vector<std::string> out;
    for (const auto &flag : flags_of(r))
        out.push_back(flag.name);
    return out;
}

std::vector<std::string> measured_host_warnings(const Dataset &d)
{
    std::vector<std::string> out;
    if (!d.campaign || !d.campaign->raw.is_object())
        return out;
    const auto it = d.campaign->raw.find("measured_warnings");
    if (it == d.campaign->raw.end() || !it->is_array())
        return out;
    for (const auto &w : *it)
        if (w.is_string())
            out.push_back(w.get<std::string>());
    return out;
}

} // namespace kexbench
