// SPDX-License-Identifier: GPL-3.0-or-later
// The runner's answers written and read field by field (runner_protocol.h).
#include "core/campaign/runner_protocol.h"

#include "core/data/sample_encoding.h"

#include <limits>

namespace kexbench {

using nlohmann::json;

namespace {

// Thrown by the readers below and caught in each *_answer_from_json, so a
// problem never leaves this file as an exception.
struct AnswerError {
    std::string message;
};

[[noreturn]] void refuse(const std::string &path, const char *what)
{
    throw AnswerError{"field '" + path + "' is not " + what};
}

const json &field(const json &o, const std::string &key, const std::string &path)
{
    const auto it = o.find(key);
    if (it == o.end())
        throw AnswerError{"field '" + path + "' is missing"};
    return *it;
}

// Nested fields are named by their path ("heap.exchanges"), top-level ones by their key.
std::string path_of(const std::string &prefix, const std::string &key)
{
    return prefix.empty() ? key : prefix + "." + key;
}

bool is_uint(const json &v) { return v.is_number_unsigned() || (v.is_number_integer() && v.get<int64_t>() >= 0); }

uint64_t uint_of(const json &v, const std::string &path)
{
    if (!is_uint(v))
        refuse(path, "an unsigned integer");
    return v.get<uint64_t>();
}

int64_t int_of(const json &v, const std::string &path)
{
    const bool fits = v.is_number_integer() &&
                      (!v.is_number_unsigned() || v.get<uint64_t>() <= uint64_t(std::numeric_limits<int64_t>::max()));
    if (!fits)
        refuse(path, "an integer");
    return v.get<int64_t>();
}

std::string string_of(const json &v, const std::string &path)
{
    if (!v.is_string())
        refuse(path, "a string");
    return v.get<std::string>();
}

bool bool_of(const json &v, const std::string &path)
{
    if (!v.is_boolean())
        refuse(path, "a boolean");
    return v.get<bool>();
}

// Rates and times: a negative one is as impossible as a negative count.
double nonnegative_of(const json &v, const std::string &path)
{
    if (!v.is_number() || !(v.get<double>() >= 0))
        refuse(path, "a number >= 0");
    return v.get<double>();
}

std::vector<uint64_t> uints_of(const json &v, const std::string &path)
{
    if (!v.is_array())
        refuse(path, "an array of unsigned integers");
    std::vector<uint64_t> out;
    out.reserve(v.size());
    for (const json &e : v) {
        if (!is_uint(e))
            refuse(path, "an array of unsigned integers");
        out.push_back(e.get<uint64_t>());
    }
    return out;
}

std::vector<std::string> strings_of(const json &v, const std::string &path)
{
    if (!v.is_array())
        refuse(path, "an array of strings");
    std::vector<std::string> out;
    for (const json &e : v) {
        if (!e.is_string())
            refuse(path, "an array of strings");
        out.push_back(e.get<std::string>());
    }
    return out;
}

bool is_string_pair(const json &v) { return v.is_array() && v.size() == 2 && v[0].is_string() && v[1].is_string(); }

AnswerMeta meta_of(const json &v, const std::string &path)
{
    if (!v.is_array())
        refuse(path, "an array of string pairs");
    AnswerMeta out;
    for (const json &kv : v) {
        if (!is_string_pair(kv))
            refuse(path, "an array of string pairs");
        out.emplace_back(kv[0].get<std::string>(), kv[1].get<std::string>());
    }
    return out;
}

json meta_json(const AnswerMeta &meta)
{
    json out = json::array();
    for (const auto &[k, v] : meta)
        out.push_back({k, v});
    return out;
}

// InstanceInfo has nlohmann's throwing from_json (instance_info.h); its message names the part.
InstanceInfo instance_of(const json &v, const std::string &path)
{
    if (!v.is_object())
        refuse(path, "an object");
    try {
        return v.get<InstanceInfo>();
    } catch (const json::exception &e) {
        throw AnswerError{"field '" + path + "' is malformed: " + e.what()};
    }
}

// Runs a reader that throws AnswerError and turns that into a Result.
template <class T, class F>
Result<T> checked(const json &j, F read)
{
    if (!j.is_object())
        return fail("no JSON object");
    try {
        return read(j);
    } catch (const AnswerError &e) {
        return fail(e.message);
    }
}

// "status" mirrors "ok" on the wire; the parent reads only "ok".
const char *status_word(bool ok) { return ok ? "complete" : "failed"; }

} // namespace

AnswerMeta answer_meta(const json &j)
{
    AnswerMeta out;
    const auto it = j.is_object() ? j.find("meta") : j.end();
    if (it != j.end() && it->is_array())
        for (const json &kv : *it)
            if (is_string_pair(kv))
                out.emplace_back(kv[0].get<std::string>(), kv[1].get<std::string>());
    return out;
}

json to_json(const ErrorAnswer &a)
{
    json j = {{"ok", false}, {"error", a.error}};
    if (a.instance)
        j["instance"] = *a.instance;
    return j;
}

// ---- measure

json to_json(const MeasureAnswer &a)
{
    json j = {{"ok", a.ok},
              {"status", status_word(a.ok)},
              {"meta", meta_json(a.meta)},
              {"ticks", a.ticks},
              {"ns", a.ns},
              {"counter", a.counter},
              {"counter_unit", a.counter_unit},
              {"core_cycles", a.core_cycles},
              {"counter_hz", a.counter_hz},
              {"time_source", a.time_source},
              {"overhead",
               {{"pairs", a.overhead.pairs},
                {"min_ticks", a.overhead.min_ticks},
                {"median_ticks", a.overhead.median_ticks},
                {"min_ns", a.overhead.min_ns}}},
              {"baseline_rss_bytes", a.baseline_rss_bytes},
              {"peak_rss_bytes", a.peak_rss_bytes},
              {"secret_mismatches", a.secret_mismatches},
              {"warmups", a.warmups},
              {"passes_run", a.passes_run},
              {"msg_bytes", a.msg_bytes},
              {"audits", a.audits},
              {"dropped_tick_pairs", a.dropped_tick_pairs},
              // Through text: trial_health_json is an ordered_json, the answer a sorted one.
              {"health", json::parse(trial_health_json(a.health).dump())}};
    if (!a.ok)
        j["reason"] = a.reason;
    return j;
}

namespace {

OverheadAnswer overhead_of(const json &v)
{
    // One message for the whole block: the parent uses min_ticks and min_ns only.
    const auto has = [&](const char *k) { return v.contains(k) && is_uint(v[k]); };
    if (!v.is_object() || !has("min_ticks") || !v.contains("min_ns") || !v["min_ns"].is_number())
        refuse("overhead", "an object with min_ticks and min_ns");
    OverheadAnswer o;
    o.min_ticks = v["min_ticks"].get<uint64_t>();
    o.min_ns = v["min_ns"].get<double>();
    if (v.contains("pairs"))
        o.pairs = uint_of(v["pairs"], "overhead.pairs");
    if (v.contains("median_ticks"))
        o.median_ticks = uint_of(v["median_ticks"], "overhead.median_ticks");
    return o;
}

TrialHealth health_of(const json &v)
{
    if (!v.is_object())
        refuse("health", "an object");
    auto health = trial_health_from_json(nlohmann::ordered_json(v), "field 'health'");
    if (!health)
        throw AnswerError{health.error()};
    return *health;
}

// The fields are checked in the order the parent has always checked them, so
// a forged answer with several bad fields is refused naming the same one.
MeasureAnswer read_measure(const json &j)
{
    MeasureAnswer a;
    a.ok = bool_of(field(j, "ok", "ok"), "ok");
    a.ticks = uints_of(field(j, "ticks", "ticks"), "ticks");
    a.ns = uints_of(field(j, "ns", "ns"), "ns");
    a.dropped_tick_pairs = uint_of(field(j, "dropped_tick_pairs", "dropped_tick_pairs"), "dropped_tick_pairs");
    a.meta = meta_of(field(j, "meta", "meta"), "meta");
    a.counter = string_of(field(j, "counter", "counter"), "counter");
    a.counter_unit = string_of(field(j, "counter_unit", "counter_unit"), "counter_unit");
    a.time_source = string_of(field(j, "time_source", "time_source"), "time_source");
    a.core_cycles = bool_of(field(j, "core_cycles", "core_cycles"), "core_cycles");
    a.counter_hz = nonnegative_of(field(j, "counter_hz", "counter_hz"), "counter_hz");
    a.overhead = overhead_of(field(j, "overhead", "overhead"));
    a.baseline_rss_bytes = uint_of(field(j, "baseline_rss_bytes", "baseline_rss_bytes"), "baseline_rss_bytes");
    a.peak_rss_bytes = uint_of(field(j, "peak_rss_bytes", "peak_rss_bytes"), "peak_rss_bytes");
    a.secret_mismatches = uint_of(field(j, "secret_mismatches", "secret_mismatches"), "secret_mismatches");
    a.passes_run = uint_of(field(j, "passes_run", "passes_run"), "passes_run");
    a.audits = strings_of(field(j, "audits", "audits"), "audits");
    a.health = health_of(field(j, "health", "health"));
    // Not used for a figure: checked when present, not required.
    if (j.contains("warmups"))
        a.warmups = int_of(j["warmups"], "warmups");
    if (j.contains("msg_bytes"))
        a.msg_bytes = uints_of(j["msg_bytes"], "msg_bytes");
    if (j.contains("reason"))
        a.reason = string_of(j["reason"], "reason");
    return a;
}

} // namespace

Result<MeasureAnswer> measure_answer_from_json(const json &j) { return checked<MeasureAnswer>(j, read_measure); }

// ---- profile

json to_json(const ProfileAnswer &a)
{
    json calls = json::array();
    for (const auto &c : a.calls)
        calls.push_back(
            {{"fn", c.fn}, {"in_bits", c.in_bits}, {"out_bits", c.out_bits}, {"calls", c.calls}, {"ticks", c.ticks}});
    json j = {{"ok", a.ok},
              {"status", status_word(a.ok)},
              {"meta", meta_json(a.meta)},
              {"total", {{"operations", a.operations}, {"ticks", a.total_ticks}}},
              {"calls", calls},
              {"tick_source", a.tick_source},
              {"tick_hz", a.tick_hz},
              {"overflow_calls", a.overflow_calls},
              {"secret_mismatches", a.secret_mismatches},
              {"warmups", a.warmups}};
    if (!a.ok)
        j["reason"] = a.reason;
    return j;
}

namespace {

ProfileCallAnswer call_of(const json &v, const std::string &path)
{
    if (!v.is_object())
        refuse(path, "an object");
    ProfileCallAnswer c;
    c.fn = string_of(field(v, "fn", path + ".fn"), path + ".fn");
    c.in_bits = uint_of(field(v, "in_bits", path + ".in_bits"), path + ".in_bits");
    c.out_bits = uint_of(field(v, "out_bits", path + ".out_bits"), path + ".out_bits");
    c.calls = uint_of(field(v, "calls", path + ".calls"), path + ".calls");
    c.ticks = uint_of(field(v, "ticks", path + ".ticks"), path + ".ticks");
    return c;
}

ProfileAnswer read_profile(const json &j)
{
    ProfileAnswer a;
    a.ok = bool_of(field(j, "ok", "ok"), "ok");
    a.meta = meta_of(field(j, "meta", "meta"), "meta");
    const json &total = field(j, "total", "total");
    if (!total.is_object())
        refuse("total", "an object");
    a.operations = uint_of(field(total, "operations", "total.operations"), "total.operations");
    a.total_ticks = uint_of(field(total, "ticks", "total.ticks"), "total.ticks");
    const json &calls = field(j, "calls", "calls");
    if (!calls.is_array())
        refuse("calls", "an array");
    for (size_t i = 0; i < calls.size(); ++i)
        a.calls.push_back(call_of(calls[i], "calls." + std::to_string(i)));
    a.tick_source = string_of(field(j, "tick_source", "tick_source"), "tick_source");
    a.tick_hz = nonnegative_of(field(j, "tick_hz", "tick_hz"), "tick_hz");
    a.overflow_calls = uint_of(field(j, "overflow_calls", "overflow_calls"), "overflow_calls");
    a.secret_mismatches = uint_of(field(j, "secret_mismatches", "secret_mismatches"), "secret_mismatches");
    a.warmups = int_of(field(j, "warmups", "warmups"), "warmups");
    if (j.contains("reason"))
        a.reason = string_of(j["reason"], "reason");
    return a;
}

} // namespace

Result<ProfileAnswer> profile_answer_from_json(const json &j) { return checked<ProfileAnswer>(j, read_profile); }

// ---- stack (memory)

std::string MemoryAnswer::reason() const
{
    return stack_reason == heap_reason ? stack_reason : stack_reason + "; " + heap_reason;
}

json to_json(const MemoryAnswer &a)
{
    json j = {{"ok", a.ok()}, {"instance_name", a.instance_name}, {"status", status_word(a.ok())}};
    if (a.stack_bytes)
        j["stack_bytes"] = *a.stack_bytes;
    else
        j["stack_reason"] = a.stack_reason;
    if (a.heap)
        j["heap"] = {{"exchanges", a.heap->exchanges},
                     {"peak_bytes", a.heap->peak_bytes},
                     {"allocations", a.heap->allocations},
                     {"bytes_total", a.heap->bytes_total},
                     {"min_allocations", a.heap->min_allocations},
                     {"max_allocations", a.heap->max_allocations}};
    else
        j["heap_reason"] = a.heap_reason;
    if (!a.ok())
        j["reason"] = a.reason();
    return j;
}

namespace {

HeapAnswer heap_of(const json &v)
{
    if (!v.is_object())
        refuse("heap", "an object");
    HeapAnswer h;
    h.exchanges = uint_of(field(v, "exchanges", "heap.exchanges"), "heap.exchanges");
    h.peak_bytes = uint_of(field(v, "peak_bytes", "heap.peak_bytes"), "heap.peak_bytes");
    h.allocations = uint_of(field(v, "allocations", "heap.allocations"), "heap.allocations");
    h.bytes_total = uint_of(field(v, "bytes_total", "heap.bytes_total"), "heap.bytes_total");
    // Shown nowhere yet: checked when present.
    if (v.contains("min_allocations"))
        h.min_allocations = uint_of(v["min_allocations"], "heap.min_allocations");
    if (v.contains("max_allocations"))
        h.max_allocations = uint_of(v["max_allocations"], "heap.max_allocations");
    return h;
}

// Each pass has its figure or its reason; an answer with neither leaves the
// reason empty, and the parent says which figure the answer lacks.
MemoryAnswer read_memory(const json &j)
{
    MemoryAnswer a;
    if (j.contains("instance_name"))
        a.instance_name = string_of(j["instance_name"], "instance_name");
    if (j.contains("stack_bytes"))
        a.stack_bytes = uint_of(j["stack_bytes"], "stack_bytes");
    if (j.contains("stack_reason"))
        a.stack_reason = string_of(j["stack_reason"], "stack_reason");
    if (j.contains("heap"))
        a.heap = heap_of(j["heap"]);
    if (j.contains("heap_reason"))
        a.heap_reason = string_of(j["heap_reason"], "heap_reason");
    return a;
}

} // namespace

Result<MemoryAnswer> memory_answer_from_json(const json &j) { return checked<MemoryAnswer>(j, read_memory); }

// ---- ct

json to_json(const CtAnswer &a)
{
    return {{"ok", true},
            {"status", "complete"},
            {"instance_name", a.instance_name},
            {"counter", a.counter},
            {"counter_unit", a.counter_unit},
            {"stop", a.stop},
            {"elapsed_s", a.elapsed_s},
            {"dropped_tick_pairs", a.dropped_tick_pairs},
            {"ticks", encode_samples(a.ticks)},
            {"classes", encode_samples(std::vector<uint64_t>(a.classes.begin(), a.classes.end()))}};
}

json ct_failure_json(const std::string &reason) { return {{"ok", false}, {"status", "failed"}, {"reason", reason}}; }

namespace {

std::vector<uint64_t> samples_of(const json &j, const char *key)
{
    auto samples = decode_samples(string_of(field(j, key, key), key));
    if (!samples)
        throw AnswerError{"field '" + std::string(key) + "': " + samples.error()};
    return std::move(*samples);
}

CtAnswer read_ct(const json &j)
{
    CtAnswer a;
    a.instance_name = string_of(field(j, "instance_name", "instance_name"), "instance_name");
    a.counter = string_of(field(j, "counter", "counter"), "counter");
    a.counter_unit = string_of(field(j, "counter_unit", "counter_unit"), "counter_unit");
    a.stop = string_of(field(j, "stop", "stop"), "stop");
    a.elapsed_s = nonnegative_of(field(j, "elapsed_s", "elapsed_s"), "elapsed_s");
    a.dropped_tick_pairs = uint_of(field(j, "dropped_tick_pairs", "dropped_tick_pairs"), "dropped_tick_pairs");
    a.ticks = samples_of(j, "ticks");
    const std::vector<uint64_t> classes = samples_of(j, "classes");
    if (a.ticks.size() != classes.size())
        throw AnswerError{"ticks and classes differ in count"};
    for (uint64_t c : classes) {
        if (c > 1)
            throw AnswerError{"a class other than 0 or 1"};
        a.classes.push_back(static_cast<unsigned char>(c));
    }
    return a;
}

} // namespace

Result<CtAnswer> ct_answer_from_json(const json &j) { return checked<CtAnswer>(j, read_ct); }

// ---- kat, describe, host

json to_json(const KatAnswer &a)
{
    json j = {{"ok", a.ok()},
              {"status", a.status},
              {"records", a.records},
              {"exchange_ms_avg", a.exchange_ms_avg},
              {"instance", a.instance}};
    if (!a.ok())
        j["reason"] = a.reason;
    return j;
}

namespace {

KatAnswer read_kat(const json &j)
{
    KatAnswer a;
    a.instance = instance_of(field(j, "instance", "instance"), "instance");
    a.status = string_of(field(j, "status", "status"), "status");
    a.records = int_of(field(j, "records", "records"), "records");
    if (a.records < 0)
        refuse("records", "a count >= 0");
    a.exchange_ms_avg = nonnegative_of(field(j, "exchange_ms_avg", "exchange_ms_avg"), "exchange_ms_avg");
    if (j.contains("reason"))
        a.reason = string_of(j["reason"], "reason");
    return a;
}

DescribeAnswer read_describe(const json &j) { return {instance_of(field(j, "instance", "instance"), "instance")}; }

} // namespace

Result<KatAnswer> kat_answer_from_json(const json &j) { return checked<KatAnswer>(j, read_kat); }

json to_json(const DescribeAnswer &a) { return {{"ok", true}, {"instance", a.instance}}; }

Result<DescribeAnswer> describe_answer_from_json(const json &j) { return checked<DescribeAnswer>(j, read_describe); }

json to_json(const HostAnswer &a)
{
    // Through text: the description is an ordered_json, the answer a sorted one.
    return {{"ok", true}, {"host", json::parse(kexbench::to_json(a.host).dump())}};
}

Result<HostAnswer> host_answer_from_json(const json &j, const std::string &origin)
{
    auto host = host_description_from_json(j.is_object() ? j.value("host", json()) : json(), origin + " answer");
    if (!host)
        return fail(host.error());
    return HostAnswer{std::move(*host)};
}

} // namespace kexbench
