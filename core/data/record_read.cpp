// SPDX-License-Identifier: GPL-3.0-or-later
// Reading timing records: parsing and checking a record's JSON, reading a record file.
#include "core/data/record.h"

#include "core/data/record_limits.h"

#include <algorithm>
#include <array>

namespace kexbench {

using ojson = nlohmann::ordered_json;
using detail::JsonFieldError;
using detail::JsonFields;

namespace {

using detail::check_health;
using detail::check_record_plausible;
using detail::json_double;
using detail::json_string;
using detail::json_uint;

std::string indexed(const std::string &path, size_t i)
{
    return std::string(path).append("[").append(std::to_string(i)).append("]");
}

const ojson &require_array(const JsonFields &f, const std::string &key, const ojson &empty)
{
    const ojson *v = f.get(key);
    if (!v)
        return empty;
    if (!v->is_array())
        detail::json_type_error(*v, f.path(key), "an array");
    return *v;
}

template <size_t N>
void keep_unknown(const ojson &object, const std::array<std::string_view, N> &known, ojson &extra)
{
    for (const auto &[k, v] : object.items())
        if (std::find(known.begin(), known.end(), k) == known.end())
            extra[k] = v;
}

TrialTotals parse_trial(const ojson &j, const std::string &path)
{
    JsonFields f(j, path + ".");
    TrialTotals t;
    f.read("measurements", t.measurements);
    f.read("seconds", t.seconds);
    f.read("cycles", t.cycles);
    return t;
}

// An array field (absent = empty) of objects, each read by parse(element, "key[i]").
template <class Parse>
auto parse_object_array(const JsonFields &f, const std::string &key, Parse parse)
{
    const ojson empty = ojson::array();
    const ojson &a = require_array(f, key, empty);
    std::vector<decltype(parse(a, std::string()))> out;
    for (size_t i = 0; i < a.size(); ++i)
        out.push_back(parse(a[i], indexed(f.path(key), i)));
    return out;
}

std::vector<TrialTotals> parse_trials(const JsonFields &f, const std::string &key)
{
    return parse_object_array(f, key, parse_trial);
}

constexpr std::array<std::string_view, 9> kProcessKeys = {
    "status", "exit_code", "meta", "trials", "stderr", "command", "wall_s", "disturbed_retries", "timeout_s"};

RecordProcess parse_process(const ojson &j, const std::string &path)
{
    JsonFields f(j, path + ".");
    RecordProcess p;
    f.read("status", p.status);
    f.read("exit_code", p.exit_code);
    f.read("meta", p.meta);
    p.trials = parse_trials(f, "trials");
    f.read("stderr", p.stderr_tail);
    f.read("command", p.command);
    f.read("wall_s", p.wall_s);
    f.read("disturbed_retries", p.disturbed_retries);
    f.read("timeout_s", p.timeout_s);
    p.extra = ojson::object();
    keep_unknown(j, kProcessKeys, p.extra);
    return p;
}

RecordPlan parse_plan(const JsonFields &top)
{
    RecordPlan plan;
    const ojson *v = top.get("plan");
    if (!v)
        return plan;
    JsonFields f(*v, "plan.");
    f.read("iterations_per_trial", plan.iterations_per_trial);
    f.read("warmups", plan.warmups);
    f.read("trials", plan.trials);
    f.read("separate_processes", plan.separate_processes);
    f.read("estimated_s", plan.estimated_s);
    f.read("timeout_per_process_s", plan.timeout_per_process_s);
    return plan;
}

std::optional<std::array<double, 3>> parse_load_average(const JsonFields &f, const std::string &key)
{
    const ojson *v = f.get(key);
    if (!v)
        return std::nullopt;
    if (!v->is_array() || v->size() != 3)
        detail::json_type_error(*v, f.path(key), "an array of 3 numbers");
    std::array<double, 3> out{};
    for (size_t i = 0; i < 3; ++i)
        out[i] = json_double((*v)[i], indexed(f.path(key), i));
    return out;
}

std::vector<uint64_t> parse_samples(const JsonFields &f, const std::string &key)
{
    const ojson *v = f.get(key);
    if (!v)
        return {};
    auto decoded = decode_samples(json_string(*v, f.path(key)));
    if (!decoded)
        throw JsonFieldError{std::string("field '").append(f.path(key)).append("': ").append(decoded.error())};
    return std::move(*decoded);
}

std::vector<uint64_t> parse_uint_array(const JsonFields &f, const std::string &key)
{
    const ojson empty = ojson::array();
    const ojson &a = require_array(f, key, empty);
    std::vector<uint64_t> out;
    for (size_t i = 0; i < a.size(); ++i)
        out.push_back(json_uint(a[i], indexed(f.path(key), i)));
    return out;
}

// The samples must split back into trials, or every consumer would have to guard against it.
void check_samples(const RecordSamples &s)
{
    uint64_t total = 0;
    for (uint64_t n : s.trial_sizes)
        total += n;
    if (!s.trial_sizes.empty() && total != s.ticks.size())
        throw JsonFieldError{std::string("kexbench.trial_sizes add up to ")
                                 .append(std::to_string(total))
                                 .append(" but kexbench.ticks holds ")
                                 .append(std::to_string(s.ticks.size()))};
    if (!s.ns.empty() && s.ns.size() != s.ticks.size())
        throw JsonFieldError{std::string("kexbench.ns holds ")
                                 .append(std::to_string(s.ns.size()))
                                 .append(" values but kexbench.ticks holds ")
                                 .append(std::to_string(s.ticks.size()))};
}

constexpr std::array<std::string_view, 25> kSampleKeys = {"counter",
                                                          "counter_unit",
                                                          "core_cycles",
                                                          "ticks_per_second",
                                                          "time_source",
                                                          "overhead_ticks",
                                                          "overhead_ns",
                                                          "ticks",
                                                          "ns",
                                                          "trial_sizes",
                                                          "mode",
                                                          "ci_relative_width",
                                                          "stack_bytes",
                                                          "audits",
                                                          "reason",
                                                          "secret_mismatches",
                                                          "health",
                                                          "retried",
                                                          "disturbed",
                                                          "dropped_tick_pairs",
                                                          "probe_fastest_ns",
                                                          "heap_peak_bytes",
                                                          "heap_allocations",
                                                          "heap_bytes_total",
                                                          "heap_exchanges"};

TrialHealth parse_health(const ojson &j, const std::string &path)
{
    JsonFields f(j, path + ".");
    TrialHealth h;
    f.read("trial", h.trial);
    f.read("attempt", h.attempt);
    f.read("round", h.round);
    f.read("cpu", h.cpu);
    f.read("probe_before_ns", h.probe_before_ns);
    f.read("probe_after_ns", h.probe_after_ns);
    f.read("wall_s", h.wall_s);
    f.read("cpu_s", h.cpu_s);
    f.read("voluntary_switches", h.voluntary_switches);
    f.read("involuntary_switches", h.involuntary_switches);
    f.read("runqueue_wait_s", h.runqueue_wait_s);
    f.read("steal_s", h.steal_s);
    f.read("cycles_per_second", h.cycles_per_second);
    f.read("process_cpu_s", h.process_cpu_s);
    f.read("threads_before", h.threads_before);
    f.read("threads_after", h.threads_after);
    f.read("disturbed", h.disturbed);
    f.read("reason", h.reason);
    check_health(h, path);
    return h;
}

RetriedAttempt parse_retried_attempt(const ojson &j, const std::string &path)
{
    JsonFields f(j, path + ".");
    RetriedAttempt r;
    r.health = parse_health(f.require("health", "an object"), path + ".health");
    r.totals = parse_trial(f.require("totals", "an object"), path + ".totals");
    r.ticks = parse_samples(f, "ticks");
    r.ns = parse_samples(f, "ns");
    if (!r.ns.empty() && r.ns.size() != r.ticks.size())
        throw JsonFieldError{"field '" + path + ".ns' holds another count of values than its ticks"};
    return r;
}

RecordSamples parse_samples_object(const ojson &j)
{
    JsonFields f(j, "kexbench.");
    RecordSamples s;
    f.read("counter", s.counter);
    f.read("counter_unit", s.counter_unit);
    f.read("core_cycles", s.core_cycles);
    f.read("ticks_per_second", s.ticks_per_second);
    f.read("time_source", s.time_source);
    f.read("overhead_ticks", s.overhead_ticks);
    f.read("overhead_ns", s.overhead_ns);
    s.ticks = parse_samples(f, "ticks");
    s.ns = parse_samples(f, "ns");
    s.trial_sizes = parse_uint_array(f, "trial_sizes");
    f.read("mode", s.mode);
    f.read("ci_relative_width", s.ci_relative_width);
    f.read("stack_bytes", s.stack_bytes);
    f.read("heap_peak_bytes", s.heap_peak_bytes);
    f.read("heap_allocations", s.heap_allocations);
    f.read("heap_bytes_total", s.heap_bytes_total);
    f.read("heap_exchanges", s.heap_exchanges);
    f.read("secret_mismatches", s.secret_mismatches);
    f.read("audits", s.audits);
    f.read("reason", s.reason);
    s.health = parse_object_array(f, "health", parse_health);
    s.retried = parse_object_array(f, "retried", parse_retried_attempt);
    f.read("disturbed", s.disturbed);
    f.read("dropped_tick_pairs", s.dropped_tick_pairs);
    f.read("probe_fastest_ns", s.probe_fastest_ns);
    s.extra = ojson::object();
    keep_unknown(j, kSampleKeys, s.extra);
    check_samples(s);
    return s;
}

// schema, status, label and operation identify a record; without them it is not one.
void parse_identity(const JsonFields &f, Record &r)
{
    int64_t schema = detail::json_int64(f.require("schema", "an integer"), "schema");
    if (schema != kRecordSchema)
        throw JsonFieldError{std::string("schema ")
                                 .append(std::to_string(schema))
                                 .append(", expected ")
                                 .append(std::to_string(kRecordSchema))};
    r.schema = kRecordSchema;
    r.status = json_string(f.require("status", "a string"), "status");
    r.label = json_string(f.require("label", "a string"), "label");
    r.operation = json_string(f.require("operation", "a string"), "operation");
    if (operation_rank(r.operation) < 0)
        throw JsonFieldError{std::string("unknown operation '").append(r.operation.substr(0, 64)).append("'")};
}

void parse_provenance(const JsonFields &f, Record &r)
{
    f.read("candidate", r.candidate);
    f.read("instance", r.instance);
    f.read("variant", r.variant);
    f.read("flags", r.flags);
    f.read("input_bytes", r.input_bytes);
    r.plan = parse_plan(f);
    f.read("kat", r.kat);
    f.read("kat_not_passed", r.kat_not_passed);
    f.read("disturbed_retries", r.disturbed_retries);
    f.read("library", r.library);
    f.read("library_sha256", r.library_sha256);
    f.read("kat_log", r.kat_log);
    f.read("kat_log_sha256", r.kat_log_sha256);
    f.read("started_utc", r.started_utc);
    f.read("ended_utc", r.ended_utc);
    r.load_average_start = parse_load_average(f, "load_average_start");
    r.load_average_end = parse_load_average(f, "load_average_end");
    if (const ojson *env = f.get("environment"))
        r.environment = *env;
}

void parse_results(const JsonFields &f, Record &r)
{
    const ojson empty = ojson::array();
    const ojson &procs = require_array(f, "processes", empty);
    for (size_t i = 0; i < procs.size(); ++i)
        r.processes.push_back(parse_process(procs[i], indexed("processes", i)));
    r.trials = parse_trials(f, "trials");
    f.read("measurements", r.measurements);
    f.read("guide_100_measurements_met", r.guide_100_measurements_met);
    f.read("mean_seconds", r.mean_seconds);
    f.read("median_trial_seconds", r.median_trial_seconds);
    f.read("min_trial_seconds", r.min_trial_seconds);
    f.read("max_trial_seconds", r.max_trial_seconds);
    f.read("mean_cycles", r.mean_cycles);
    f.read("median_trial_cycles", r.median_trial_cycles);
    f.read("operations_per_second", r.operations_per_second);
    f.read("throughput_MB_per_second", r.throughput_MB_per_second);
    f.read("sizes", r.sizes);
    f.read("kex", r.kex);
    f.read("build_flags", r.build_flags);
    f.read("baseline_rss_bytes", r.baseline_rss_bytes);
    f.read("peak_rss_bytes", r.peak_rss_bytes);
    f.read("timing_scope", r.timing_scope);
}

constexpr std::array<std::string_view, 41> kRecordKeys = {"schema",
                                                          "status",
                                                          "candidate",
                                                          "label",
                                                          "instance",
                                                          "variant",
                                                          "flags",
                                                          "operation",
                                                          "input_bytes",
                                                          "plan",
                                                          "kat",
                                                          "kat_not_passed",
                                                          "disturbed_retries",
                                                          "library",
                                                          "library_sha256",
                                                          "kat_log",
                                                          "kat_log_sha256",
                                                          "started_utc",
                                                          "ended_utc",
                                                          "load_average_start",
                                                          "load_average_end",
                                                          "environment",
                                                          "processes",
                                                          "trials",
                                                          "measurements",
                                                          "guide_100_measurements_met",
                                                          "mean_seconds",
                                                          "median_trial_seconds",
                                                          "min_trial_seconds",
                                                          "max_trial_seconds",
                                                          "mean_cycles",
                                                          "median_trial_cycles",
                                                          "operations_per_second",
                                                          "throughput_MB_per_second",
                                                          "sizes",
                                                          "kex",
                                                          "build_flags",
                                                          "baseline_rss_bytes",
                                                          "peak_rss_bytes",
                                                          "timing_scope",
                                                          "kexbench"};

Record parse_record(const ojson &j)
{
    JsonFields f(j);
    Record r;
    parse_identity(f, r);
    parse_provenance(f, r);
    parse_results(f, r);
    if (const ojson *k = f.get("kexbench"))
        r.kexbench = parse_samples_object(*k);
    r.extra = ojson::object();
    keep_unknown(j, kRecordKeys, r.extra);
    check_record_plausible(r);
    return r;
}

} // namespace

Result<Record> record_from_json(const ojson &j, const std::string &origin)
{
    try {
        Record r = parse_record(j);
        r.source_path = origin;
        return r;
    } catch (const JsonFieldError &e) {
        return fail(detail::one_line(std::string(origin).append(": ").append(e.message)));
    }
}

Result<Record> record_from_json(const nlohmann::json &j, const std::string &origin)
{
    return record_from_json(ojson(j), origin);
}

Result<TrialHealth> trial_health_from_json(const ojson &j, const std::string &origin)
{
    try {
        return parse_health(j, "health");
    } catch (const JsonFieldError &e) {
        return fail(detail::one_line(std::string(origin).append(": ").append(e.message)));
    }
}

Result<Record> read_record_file(const std::string &path, size_t max_bytes)
{
    auto text = detail::read_file_limited(path, max_bytes, path);
    if (!text)
        return fail(text.error());
    auto j = detail::parse_json_text(*text, path);
    if (!j)
        return fail(j.error());
    return record_from_json(*j, path);
}

} // namespace kexbench
