// SPDX-License-Identifier: GPL-3.0-or-later
// Writing timing records in the ngcc-harness schema 2 field order.
//
// The `kexbench` object (absent from harness records) is written as
//   { "counter", "counter_unit", "core_cycles", "ticks_per_second", "time_source",
//     "overhead_ticks", "overhead_ns", "ticks": <encode_samples>, "ns": <encode_samples>,
//     "trial_sizes": [..], "mode", "ci_relative_width", "stack_bytes",
//     "secret_mismatches", "audits": [..], "reason", ...extra }
// Samples are encoded because a record may hold millions of them; the harness
// fields stay plain JSON so harness tooling reads our records unchanged.
#include "core/data/record.h"

#include <cmath>

namespace kexbench {

using ojson = nlohmann::ordered_json;

namespace {

ojson opt(const std::optional<double> &v) { return v ? ojson(*v) : ojson(nullptr); }
ojson opt(const std::optional<uint64_t> &v) { return v ? ojson(*v) : ojson(nullptr); }
ojson opt(const std::optional<int> &v) { return v ? ojson(*v) : ojson(nullptr); }

// Counter totals are whole numbers; writing them as integers keeps our files
// textually like the harness's (585570974, not 585570974.0).
ojson count_value(const std::optional<double> &v)
{
    if (v && *v >= 0 && *v < 9007199254740992.0 && std::floor(*v) == *v)
        return ojson(static_cast<uint64_t>(*v));
    return opt(v);
}

ojson trial_json(const TrialTotals &t)
{
    return ojson{{"measurements", t.measurements}, {"seconds", t.seconds}, {"cycles", count_value(t.cycles)}};
}

ojson trials_json(const std::vector<TrialTotals> &trials)
{
    ojson a = ojson::array();
    for (const auto &t : trials)
        a.push_back(trial_json(t));
    return a;
}

template <class V>
ojson pairs_json(const std::vector<std::pair<std::string, V>> &pairs)
{
    ojson o = ojson::object();
    for (const auto &[k, v] : pairs)
        o[k] = v;
    return o;
}

void append_extra(ojson &j, const ojson &extra)
{
    if (extra.is_object())
        for (const auto &[k, v] : extra.items())
            j[k] = v;
}

ojson process_json(const RecordProcess &p)
{
    ojson j;
    j["status"] = p.status;
    if (p.status == "hard_timeout") { // the harness writes only these four for a killed process
        j["timeout_s"] = opt(p.timeout_s);
        j["command"] = p.command;
        j["wall_s"] = p.wall_s;
    } else {
        j["exit_code"] = opt(p.exit_code);
        j["meta"] = pairs_json(p.meta);
        j["trials"] = trials_json(p.trials);
        j["stderr"] = p.stderr_tail;
        j["command"] = p.command;
        j["wall_s"] = p.wall_s;
        j["disturbed_retries"] = p.disturbed_retries;
        if (p.timeout_s)
            j["timeout_s"] = *p.timeout_s;
    }
    append_extra(j, p.extra);
    return j;
}

ojson load_json(const std::optional<std::array<double, 3>> &v)
{
    return v ? ojson{(*v)[0], (*v)[1], (*v)[2]} : ojson(nullptr);
}

ojson health_json(const TrialHealth &h)
{
    return ojson{{"trial", h.trial},
                 {"attempt", h.attempt},
                 {"round", opt(h.round)},
                 {"cpu", h.cpu},
                 {"probe_before_ns", h.probe_before_ns},
                 {"probe_after_ns", h.probe_after_ns},
                 {"wall_s", h.wall_s},
                 {"cpu_s", h.cpu_s},
                 {"voluntary_switches", h.voluntary_switches},
                 {"involuntary_switches", h.involuntary_switches},
                 {"runqueue_wait_s", opt(h.runqueue_wait_s)},
                 {"steal_s", opt(h.steal_s)},
                 {"cycles_per_second", opt(h.cycles_per_second)},
                 {"process_cpu_s", opt(h.process_cpu_s)},
                 {"threads_before", opt(h.threads_before)},
                 {"threads_after", opt(h.threads_after)},
                 {"disturbed", h.disturbed},
                 {"reason", h.reason}};
}

ojson samples_json(const RecordSamples &s)
{
    ojson j;
    j["counter"] = s.counter;
    j["counter_unit"] = s.counter_unit;
    j["core_cycles"] = s.core_cycles;
    j["ticks_per_second"] = s.ticks_per_second;
    j["time_source"] = s.time_source;
    j["overhead_ticks"] = s.overhead_ticks;
    j["overhead_ns"] = s.overhead_ns;
    j["ticks"] = encode_samples(s.ticks);
    j["ns"] = encode_samples(s.ns);
    j["trial_sizes"] = s.trial_sizes;
    j["mode"] = s.mode;
    j["ci_relative_width"] = opt(s.ci_relative_width);
    j["stack_bytes"] = opt(s.stack_bytes);
    j["heap_peak_bytes"] = opt(s.heap_peak_bytes);
    j["heap_allocations"] = opt(s.heap_allocations);
    j["heap_bytes_total"] = opt(s.heap_bytes_total);
    j["heap_exchanges"] = opt(s.heap_exchanges);
    j["secret_mismatches"] = s.secret_mismatches;
    j["audits"] = s.audits;
    j["reason"] = s.reason;
    j["disturbed"] = s.disturbed;
    j["dropped_tick_pairs"] = s.dropped_tick_pairs;
    j["probe_fastest_ns"] = s.probe_fastest_ns;
    j["health"] = ojson::array();
    for (const auto &h : s.health)
        j["health"].push_back(health_json(h));
    j["retried"] = ojson::array();
    for (const auto &r : s.retried)
        j["retried"].push_back(ojson{{"health", health_json(r.health)},
                                     {"totals", trial_json(r.totals)},
                                     {"ticks", encode_samples(r.ticks)},
                                     {"ns", encode_samples(r.ns)}});
    append_extra(j, s.extra);
    return j;
}

void write_provenance(ojson &j, const Record &r)
{
    j["schema"] = r.schema;
    j["status"] = r.status;
    j["candidate"] = r.candidate;
    j["label"] = r.label;
    j["instance"] = r.instance;
    j["variant"] = r.variant;
    j["flags"] = r.flags;
    j["operation"] = r.operation;
    j["input_bytes"] = r.input_bytes;
    j["plan"] = ojson{{"iterations_per_trial", r.plan.iterations_per_trial},
                      {"warmups", r.plan.warmups},
                      {"trials", r.plan.trials},
                      {"separate_processes", r.plan.separate_processes},
                      {"estimated_s", r.plan.estimated_s},
                      {"timeout_per_process_s", r.plan.timeout_per_process_s}};
    j["kat"] = r.kat;
    j["kat_not_passed"] = r.kat_not_passed;
    j["disturbed_retries"] = r.disturbed_retries;
    j["library"] = r.library;
    j["library_sha256"] = r.library_sha256;
    j["kat_log"] = r.kat_log;
    j["kat_log_sha256"] = r.kat_log_sha256;
    j["started_utc"] = r.started_utc;
    j["ended_utc"] = r.ended_utc;
    j["load_average_start"] = load_json(r.load_average_start);
    j["load_average_end"] = load_json(r.load_average_end);
    j["environment"] = r.environment;
}

void write_results(ojson &j, const Record &r)
{
    j["trials"] = trials_json(r.trials);
    j["measurements"] = r.measurements;
    j["guide_100_measurements_met"] = r.guide_100_measurements_met;
    j["mean_seconds"] = opt(r.mean_seconds);
    j["median_trial_seconds"] = opt(r.median_trial_seconds);
    j["min_trial_seconds"] = opt(r.min_trial_seconds);
    j["max_trial_seconds"] = opt(r.max_trial_seconds);
    j["mean_cycles"] = opt(r.mean_cycles);
    j["median_trial_cycles"] = opt(r.median_trial_cycles);
    j["operations_per_second"] = opt(r.operations_per_second);
    j["throughput_MB_per_second"] = opt(r.throughput_MB_per_second);
    j["sizes"] = pairs_json(r.sizes);
    j["kex"] = pairs_json(r.kex);
    j["build_flags"] = r.build_flags;
    j["baseline_rss_bytes"] = opt(r.baseline_rss_bytes);
    j["peak_rss_bytes"] = opt(r.peak_rss_bytes);
    j["timing_scope"] = r.timing_scope;
}

} // namespace

ojson record_to_json(const Record &r)
{
    ojson j = ojson::object();
    write_provenance(j, r);
    ojson procs = ojson::array();
    for (const auto &p : r.processes)
        procs.push_back(process_json(p));
    j["processes"] = std::move(procs);
    if (!r.trials.empty()) // as the harness: the result block exists only when trials do
        write_results(j, r);
    append_extra(j, r.extra);
    if (r.kexbench)
        j["kexbench"] = samples_json(*r.kexbench);
    return j;
}

ojson trial_health_json(const TrialHealth &health) { return health_json(health); }

} // namespace kexbench
