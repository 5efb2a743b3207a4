// SPDX-License-Identifier: GPL-3.0-or-later
// Timing records in the ngcc-harness schema 2: reading, writing, statistics and
// the compact sample encoding of kexbench's additions.
//
// The `kexbench` object (absent from harness records) is written as
//   { "counter", "counter_unit", "core_cycles", "ticks_per_second", "time_source",
//     "overhead_ticks", "overhead_ns", "ticks": <encode_samples>, "ns": <encode_samples>,
//     "trial_sizes": [..], "mode", "ci_relative_width", "stack_bytes",
//     "secret_mismatches", "audits": [..], "reason", ...extra }
// Samples are encoded because a record may hold millions of them; the harness
// fields stay plain JSON so harness tooling reads our records unchanged.
#include "core/data/record.h"

#include <zlib.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

namespace kexbench {

using ojson = nlohmann::ordered_json;
using detail::JsonFieldError;
using detail::JsonFields;

// ---------------------------------------------------------------------------
// Typed JSON field access

namespace detail {

namespace {

const char *describe(const ojson &v)
{
    switch (v.type()) {
    case ojson::value_t::null: return "null";
    case ojson::value_t::boolean: return "a boolean";
    case ojson::value_t::string: return "a string";
    case ojson::value_t::object: return "an object";
    case ojson::value_t::array: return "an array";
    case ojson::value_t::number_unsigned: return "an integer";
    case ojson::value_t::number_integer: return v.get<int64_t>() < 0 ? "a negative integer" : "an integer";
    case ojson::value_t::number_float: return "a fractional number";
    default: return "binary data";
    }
}

// Integral floats are accepted where integers are expected: another writer
// may print 1363 as 1363.0 and mean the same count.
bool integral_float(const ojson &v, double lo, double hi)
{
    if (!v.is_number_float())
        return false;
    double d = v.get<double>();
    return std::isfinite(d) && std::floor(d) == d && d >= lo && d < hi;
}

} // namespace

void json_type_error(const ojson &v, const std::string &path, const char *expected)
{
    throw JsonFieldError{std::string("field '").append(path).append("' is ").append(describe(v))
                             .append(", expected ").append(expected)};
}

std::string json_string(const ojson &v, const std::string &path)
{
    if (!v.is_string())
        json_type_error(v, path, "a string");
    return v.get<std::string>();
}

uint64_t json_uint(const ojson &v, const std::string &path)
{
    if (v.is_number_unsigned())
        return v.get<uint64_t>();
    if (v.is_number_integer() && v.get<int64_t>() >= 0)
        return static_cast<uint64_t>(v.get<int64_t>());
    if (integral_float(v, 0.0, 18446744073709551616.0))
        return static_cast<uint64_t>(v.get<double>());
    json_type_error(v, path, "an unsigned integer");
}

int64_t json_int64(const ojson &v, const std::string &path)
{
    if (v.is_number_unsigned() && v.get<uint64_t>() <= uint64_t(std::numeric_limits<int64_t>::max()))
        return static_cast<int64_t>(v.get<uint64_t>());
    if (v.is_number_integer())
        return v.get<int64_t>();
    if (integral_float(v, -9223372036854775808.0, 9223372036854775808.0))
        return static_cast<int64_t>(v.get<double>());
    json_type_error(v, path, "an integer");
}

double json_double(const ojson &v, const std::string &path)
{
    if (!v.is_number())
        json_type_error(v, path, "a number");
    return v.get<double>();
}

JsonFields::JsonFields(const ojson &object, std::string prefix) : object_(object), prefix_(std::move(prefix))
{
    if (object.is_object())
        return;
    if (prefix_.empty())
        throw JsonFieldError{std::string("not a JSON object but ").append(describe(object))};
    json_type_error(object, prefix_.substr(0, prefix_.size() - 1), "an object");
}

const ojson *JsonFields::get(const std::string &key) const
{
    auto it = object_.find(key);
    return it == object_.end() || it->is_null() ? nullptr : &*it;
}

const ojson &JsonFields::require(const std::string &key, const char *expected) const
{
    if (const ojson *v = get(key))
        return *v;
    throw JsonFieldError{std::string("missing field '").append(path(key)).append("' (expected ")
                             .append(expected).append(")")};
}

void JsonFields::read(const std::string &key, std::string &out) const
{
    if (const ojson *v = get(key))
        out = json_string(*v, path(key));
}

void JsonFields::read(const std::string &key, bool &out) const
{
    if (const ojson *v = get(key)) {
        if (!v->is_boolean())
            json_type_error(*v, path(key), "a boolean");
        out = v->get<bool>();
    }
}

void JsonFields::read(const std::string &key, int &out) const
{
    if (const ojson *v = get(key)) {
        int64_t x = json_int64(*v, path(key));
        if (x < INT_MIN || x > INT_MAX)
            throw JsonFieldError{std::string("field '").append(path(key)).append("' is out of range (")
                                     .append(std::to_string(x)).append(")")};
        out = static_cast<int>(x);
    }
}

void JsonFields::read(const std::string &key, int64_t &out) const
{
    if (const ojson *v = get(key))
        out = json_int64(*v, path(key));
}

void JsonFields::read(const std::string &key, uint64_t &out) const
{
    if (const ojson *v = get(key))
        out = json_uint(*v, path(key));
}

void JsonFields::read(const std::string &key, double &out) const
{
    if (const ojson *v = get(key))
        out = json_double(*v, path(key));
}

void JsonFields::read(const std::string &key, std::optional<int> &out) const
{
    if (get(key)) {
        int x = 0;
        read(key, x);
        out = x;
    }
}

void JsonFields::read(const std::string &key, std::optional<uint64_t> &out) const
{
    if (const ojson *v = get(key))
        out = json_uint(*v, path(key));
}

void JsonFields::read(const std::string &key, std::optional<double> &out) const
{
    if (const ojson *v = get(key))
        out = json_double(*v, path(key));
}

void JsonFields::read(const std::string &key, std::vector<std::string> &out) const
{
    const ojson *v = get(key);
    if (!v)
        return;
    if (!v->is_array())
        json_type_error(*v, path(key), "an array of strings");
    out.clear();
    for (size_t i = 0; i < v->size(); ++i)
        out.push_back(json_string((*v)[i], path(key) + "[" + std::to_string(i) + "]"));
}

void JsonFields::read(const std::string &key, std::vector<std::pair<std::string, std::string>> &out) const
{
    const ojson *v = get(key);
    if (!v)
        return;
    JsonFields sub(*v, path(key) + ".");
    out.clear();
    for (const auto &[k, x] : v->items())
        if (!x.is_null())
            out.emplace_back(k, json_string(x, sub.path(k)));
}

void JsonFields::read(const std::string &key, std::vector<std::pair<std::string, int64_t>> &out) const
{
    const ojson *v = get(key);
    if (!v)
        return;
    JsonFields sub(*v, path(key) + ".");
    out.clear();
    for (const auto &[k, x] : v->items())
        if (!x.is_null())
            out.emplace_back(k, json_int64(x, sub.path(k)));
}

namespace {

// nlohmann parses iteratively but copies and prints recursively, so a file of
// a million '[' would overflow the stack later; no record nests deeper than ~6.
constexpr int kMaxJsonDepth = 128;

bool nests_too_deep(const std::string &text)
{
    int depth = 0;
    bool in_string = false, escaped = false;
    for (char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

} // namespace

Result<ojson> parse_json_text(const std::string &text, const std::string &origin)
{
    if (nests_too_deep(text))
        return fail(std::string(origin).append(": invalid JSON: nested deeper than ")
                        .append(std::to_string(kMaxJsonDepth)).append(" levels"));
    try {
        return ojson::parse(text);
    } catch (const nlohmann::json::exception &e) {
        // Drop nlohmann's "[json.exception.parse_error.101] " tag; keep the position and reason.
        std::string what = e.what();
        if (auto close = what.find("] "); what.rfind("[json.exception.", 0) == 0 && close != std::string::npos)
            what.erase(0, close + 2);
        return fail(std::string(origin).append(": invalid JSON: ").append(what));
    }
}

Result<std::string> read_file_limited(const std::string &path, uint64_t max_bytes, const std::string &name)
{
    // O_NONBLOCK: opening a FIFO must not hang; it is refused below as not a regular file.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return fail(std::string(name).append(": cannot open: ").append(std::strerror(errno)));
    std::unique_ptr<int, void (*)(int *)> guard(&fd, [](int *p) { ::close(*p); });
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return fail(std::string(name).append(": not a regular file"));
    // Checked before reading a byte, so a huge (or sparse) file costs nothing.
    if (static_cast<uint64_t>(st.st_size) > max_bytes)
        return fail(std::string(name).append(": ").append(std::to_string(st.st_size))
                        .append(" bytes, larger than the ").append(std::to_string(max_bytes))
                        .append("-byte limit"));
    std::string data(static_cast<size_t>(st.st_size), '\0');
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::read(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return fail(std::string(name).append(": cannot read: ").append(std::strerror(errno)));
        if (n == 0)
            break; // shrank while reading: keep what is there, the parser judges it
        done += static_cast<size_t>(n);
    }
    data.resize(done);
    return data;
}

std::string one_line(std::string text)
{
    for (char &c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return text;
}

} // namespace detail

// ---------------------------------------------------------------------------
// Operations

namespace {

// pass1 ... pass16 -> 1 ... 16; 0 for anything else ("pass01", "pass17").
int pass_number(const std::string &op)
{
    if (op.size() < 5 || op.size() > 6 || op.compare(0, 4, "pass") != 0 || op[4] == '0')
        return 0;
    int k = 0;
    for (size_t i = 4; i < op.size(); ++i) {
        if (op[i] < '0' || op[i] > '9')
            return 0;
        k = k * 10 + (op[i] - '0');
    }
    return k <= 16 ? k : 0;
}

} // namespace

int operation_rank(const std::string &operation)
{
    static constexpr std::array<std::string_view, 8> head = {"keygen", "enc",      "dec",    "sign",
                                                             "verify", "exchange", "init_a", "init_b"};
    for (size_t i = 0; i < head.size(); ++i)
        if (operation == head[i])
            return static_cast<int>(i);
    if (int k = pass_number(operation))
        return 7 + k;
    if (operation == "derive_a")
        return 24;
    if (operation == "derive_b")
        return 25;
    if (operation == "hash")
        return 26;
    return -1;
}

std::string record_relative_path(const std::string &candidate, const std::string &label, const std::string &operation)
{
    return std::string("records/").append(candidate).append("/").append(label).append("__").append(operation)
        .append(".json");
}

std::optional<int64_t> Record::size(const std::string &key) const
{
    for (const auto &[k, v] : sizes)
        if (k == key)
            return v;
    return std::nullopt;
}

// ---------------------------------------------------------------------------
// Statistics

namespace {

// Python's statistics.median: the middle value, or the mean of the two middle values.
double median_of(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void clear_statistics(Record &r)
{
    r.measurements = 0;
    r.guide_100_measurements_met = false;
    r.mean_seconds = r.median_trial_seconds = r.min_trial_seconds = r.max_trial_seconds = std::nullopt;
    r.mean_cycles = r.median_trial_cycles = std::nullopt;
    r.operations_per_second = r.throughput_MB_per_second = std::nullopt;
}

} // namespace

void compute_trial_statistics(Record &r)
{
    // The harness flattens the processes' trials; do the same when the caller has not.
    if (r.trials.empty())
        for (const auto &p : r.processes)
            r.trials.insert(r.trials.end(), p.trials.begin(), p.trials.end());
    clear_statistics(r);
    uint64_t n = 0;
    double seconds = 0, cycles = 0;
    bool all_cycles = true;
    std::vector<double> per_call_s, per_call_c;
    for (const auto &t : r.trials) {
        n += t.measurements;
        seconds += t.seconds;
        all_cycles = all_cycles && t.cycles && *t.cycles != 0;
        cycles += t.cycles.value_or(0);
        if (t.measurements == 0)
            continue; // no per-call figure for an empty trial
        per_call_s.push_back(t.seconds / double(t.measurements));
        per_call_c.push_back(t.cycles.value_or(0) / double(t.measurements));
    }
    r.measurements = n;
    r.guide_100_measurements_met = n >= 100;
    if (n == 0)
        return;
    r.mean_seconds = seconds / double(n);
    if (all_cycles)
        r.mean_cycles = cycles / double(n);
    if (!per_call_s.empty()) {
        r.median_trial_seconds = median_of(per_call_s);
        r.min_trial_seconds = *std::min_element(per_call_s.begin(), per_call_s.end());
        r.max_trial_seconds = *std::max_element(per_call_s.begin(), per_call_s.end());
        if (all_cycles)
            r.median_trial_cycles = median_of(per_call_c);
    }
    if (seconds > 0) {
        r.operations_per_second = double(n) / seconds;
        if (r.input_bytes > 0)
            r.throughput_MB_per_second = double(r.input_bytes) * double(n) / seconds / 1e6;
    }
}

// ---------------------------------------------------------------------------
// Reading

namespace {

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

// ---------------------------------------------------------------------------
// Plausibility: valid JSON can still hold numbers no measurement can produce
// (a negative cycle count, 1e308 seconds, a sample of 2^64 ticks). The bounds
// below are far past anything real, so only corrupt or forged records cross
// them, and such a record is refused whole: its value never reaches a figure.

struct Plausible {
    const char *kind; // "a plausible <kind>"
    double max;
};

// 1e7 s is 116 days; a trial, a process and a campaign step are bounded by
// their timeouts to hours.
constexpr Plausible kSeconds{"time in seconds", 1e7};
// A 10 GHz counter running for 1e7 s counts 1e17; ten times that is unreachable.
constexpr Plausible kCycles{"cycle count", kMaxPlausibleCycles};
// Nanosecond figures (samples, probes, overheads) of at most 1e7 s.
constexpr Plausible kNanoseconds{"time in nanoseconds", kMaxPlausibleNanoseconds};
// One operation per nanosecond for 1e7 s.
constexpr Plausible kCount{"count", 1e16};
// 1 PiB: far above any machine's memory, key or message size.
constexpr Plausible kBytes{"byte count", 1125899906842624.0};
// Operations (or MB, or counter ticks) per second: one per picosecond is beyond any CPU.
constexpr Plausible kRate{"rate", 1e12};
// A load average of a million runnable tasks.
constexpr Plausible kLoad{"load average", 1e6};

std::string number_text(double v)
{
    if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

void check_plausible(double v, const std::string &what, const Plausible &p)
{
    if (std::isfinite(v) && v >= 0 && v <= p.max)
        return;
    throw JsonFieldError{std::string(what).append(" ").append(number_text(v)).append(" is not a plausible ")
                             .append(p.kind)};
}

void check_plausible(const std::optional<double> &v, const std::string &what, const Plausible &p)
{
    if (v)
        check_plausible(*v, what, p);
}

// what_trial: "trial 2", "processes[0] trial 1", "kexbench.retried[3].totals".
void check_trial_totals(const TrialTotals &t, const std::string &what_trial)
{
    check_plausible(static_cast<double>(t.measurements), what_trial + " measurements", kCount);
    check_plausible(t.seconds, what_trial + " seconds", kSeconds);
    check_plausible(t.cycles, what_trial + " cycles", kCycles);
}

void check_trials(const std::vector<TrialTotals> &trials, const std::string &prefix)
{
    for (size_t i = 0; i < trials.size(); ++i)
        check_trial_totals(trials[i], prefix + "trial " + std::to_string(i + 1));
}

void check_sample_values(const std::vector<uint64_t> &values, const std::string &what, const Plausible &p)
{
    for (size_t i = 0; i < values.size(); ++i)
        if (static_cast<double>(values[i]) > p.max)
            throw JsonFieldError{std::string(what).append(" sample ").append(std::to_string(i + 1)).append(" ")
                                     .append(std::to_string(values[i])).append(" is not a plausible ").append(p.kind)};
}

void check_health(const TrialHealth &h, const std::string &path)
{
    check_plausible(h.probe_before_ns, path + ".probe_before_ns", kNanoseconds);
    check_plausible(h.probe_after_ns, path + ".probe_after_ns", kNanoseconds);
    check_plausible(h.wall_s, path + ".wall_s", kSeconds);
    check_plausible(h.cpu_s, path + ".cpu_s", kSeconds);
    check_plausible(h.process_cpu_s, path + ".process_cpu_s", kSeconds);
    check_plausible(h.runqueue_wait_s, path + ".runqueue_wait_s", kSeconds);
    check_plausible(h.steal_s, path + ".steal_s", kSeconds);
    check_plausible(h.cycles_per_second, path + ".cycles_per_second", kRate);
    for (const auto &[name, n] : {std::pair{".threads_before", h.threads_before}, std::pair{".threads_after", h.threads_after}})
        if (n && *n < 1)
            throw JsonFieldError{path + name + " " + std::to_string(*n) + " is not a plausible thread count"};
}

void check_samples_plausible(const RecordSamples &s)
{
    check_plausible(s.ticks_per_second, "kexbench.ticks_per_second", kRate);
    check_plausible(s.overhead_ticks, "kexbench.overhead_ticks", kCycles);
    check_plausible(s.overhead_ns, "kexbench.overhead_ns", kNanoseconds);
    check_plausible(s.probe_fastest_ns, "kexbench.probe_fastest_ns", kNanoseconds);
    if (s.stack_bytes)
        check_plausible(static_cast<double>(*s.stack_bytes), "kexbench.stack_bytes", kBytes);
    check_sample_values(s.ticks, "kexbench.ticks", kCycles);
    check_sample_values(s.ns, "kexbench.ns", kNanoseconds);
    for (size_t i = 0; i < s.retried.size(); ++i) {
        const std::string at = "kexbench.retried[" + std::to_string(i) + "]";
        check_trial_totals(s.retried[i].totals, at + ".totals");
        check_sample_values(s.retried[i].ticks, at + ".ticks", kCycles);
        check_sample_values(s.retried[i].ns, at + ".ns", kNanoseconds);
    }
}

void check_record_plausible(const Record &r)
{
    check_plausible(static_cast<double>(r.input_bytes), "input_bytes", kBytes);
    check_plausible(static_cast<double>(r.plan.iterations_per_trial), "plan.iterations_per_trial", kCount);
    check_plausible(r.plan.warmups, "plan.warmups", kCount);
    check_plausible(r.plan.trials, "plan.trials", kCount);
    check_plausible(r.plan.estimated_s, "plan.estimated_s", kSeconds);
    check_plausible(r.plan.timeout_per_process_s, "plan.timeout_per_process_s", kSeconds);
    for (const auto &[name, load] : {std::pair{"load_average_start", r.load_average_start},
                                     std::pair{"load_average_end", r.load_average_end}})
        if (load)
            for (double v : *load)
                check_plausible(v, name, kLoad);
    for (size_t i = 0; i < r.processes.size(); ++i) {
        const RecordProcess &p = r.processes[i];
        const std::string at = "process " + std::to_string(i + 1);
        check_plausible(p.wall_s, at + " wall_s", kSeconds);
        check_plausible(p.timeout_s, at + " timeout_s", kSeconds);
        check_trials(p.trials, at + " ");
    }
    check_trials(r.trials, "");
    check_plausible(static_cast<double>(r.measurements), "measurements", kCount);
    for (const auto &[name, v] : {std::pair{"mean_seconds", r.mean_seconds}, std::pair{"median_trial_seconds", r.median_trial_seconds},
                                  std::pair{"min_trial_seconds", r.min_trial_seconds}, std::pair{"max_trial_seconds", r.max_trial_seconds}})
        check_plausible(v, name, kSeconds);
    check_plausible(r.mean_cycles, "mean_cycles", kCycles);
    check_plausible(r.median_trial_cycles, "median_trial_cycles", kCycles);
    check_plausible(r.operations_per_second, "operations_per_second", kRate);
    check_plausible(r.throughput_MB_per_second, "throughput_MB_per_second", kRate);
    for (const auto &[key, v] : r.sizes)
        check_plausible(static_cast<double>(v), "sizes." + key, kBytes);
    for (const auto &[key, v] : r.kex)
        check_plausible(static_cast<double>(v), "kex." + key, kCount);
    for (const auto &[name, v] : {std::pair{"baseline_rss_bytes", r.baseline_rss_bytes},
                                  std::pair{"peak_rss_bytes", r.peak_rss_bytes}})
        if (v)
            check_plausible(static_cast<double>(*v), name, kBytes);
    if (r.kexbench)
        check_samples_plausible(*r.kexbench);
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
        throw JsonFieldError{std::string("kexbench.trial_sizes add up to ").append(std::to_string(total))
                                 .append(" but kexbench.ticks holds ").append(std::to_string(s.ticks.size()))};
    if (!s.ns.empty() && s.ns.size() != s.ticks.size())
        throw JsonFieldError{std::string("kexbench.ns holds ").append(std::to_string(s.ns.size()))
                                 .append(" values but kexbench.ticks holds ").append(std::to_string(s.ticks.size()))};
}

constexpr std::array<std::string_view, 21> kSampleKeys = {
    "counter",     "counter_unit", "core_cycles", "ticks_per_second",  "time_source", "overhead_ticks",
    "overhead_ns", "ticks",        "ns",          "trial_sizes",       "mode",        "ci_relative_width",
    "stack_bytes", "audits",       "reason",      "secret_mismatches", "health",      "retried",
    "disturbed",   "dropped_tick_pairs", "probe_fastest_ns"};

TrialHealth parse_health(const ojson &j, const std::string &path)
{
    JsonFields f(j, path + ".");
    TrialHealth h;
    f.read("trial", h.trial);
    f.read("attempt", h.attempt);
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
        throw JsonFieldError{std::string("schema ").append(std::to_string(schema)).append(", expected ")
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

constexpr std::array<std::string_view, 41> kRecordKeys = {
    "schema", "status", "candidate", "label", "instance", "variant", "flags", "operation", "input_bytes", "plan",
    "kat", "kat_not_passed", "disturbed_retries", "library", "library_sha256", "kat_log", "kat_log_sha256",
    "started_utc", "ended_utc", "load_average_start", "load_average_end", "environment", "processes", "trials",
    "measurements", "guide_100_measurements_met", "mean_seconds", "median_trial_seconds", "min_trial_seconds",
    "max_trial_seconds", "mean_cycles", "median_trial_cycles", "operations_per_second",
    "throughput_MB_per_second", "sizes", "kex", "build_flags", "baseline_rss_bytes", "peak_rss_bytes",
    "timing_scope", "kexbench"};

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

// ---------------------------------------------------------------------------
// Writing

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
    j["plan"] = ojson{{"iterations_per_trial", r.plan.iterations_per_trial}, {"warmups", r.plan.warmups},
                      {"trials", r.plan.trials}, {"separate_processes", r.plan.separate_processes},
                      {"estimated_s", r.plan.estimated_s}, {"timeout_per_process_s", r.plan.timeout_per_process_s}};
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

// ---------------------------------------------------------------------------
// Base64 (RFC 4648, padded)

namespace {

constexpr char kBase64Alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

std::string bad_base64_char(std::string_view text, size_t at)
{
    unsigned char c = static_cast<unsigned char>(text[at]);
    std::string shown = c >= 0x21 && c < 0x7f ? std::string(1, char(c)) : std::string("\\x") + "0123456789abcdef"[c >> 4] + "0123456789abcdef"[c & 15];
    return std::string("invalid base64: character '").append(shown).append("' at offset ").append(std::to_string(at));
}

} // namespace

std::string base64_encode(std::string_view bytes)
{
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8 | uint8_t(bytes[i + 2]);
        for (int s = 18; s >= 0; s -= 6)
            out += kBase64Alphabet[(v >> s) & 63];
    }
    size_t rest = bytes.size() - i;
    if (rest == 0)
        return out;
    uint32_t v = uint32_t(uint8_t(bytes[i])) << 16 | (rest == 2 ? uint32_t(uint8_t(bytes[i + 1])) << 8 : 0);
    out += kBase64Alphabet[(v >> 18) & 63];
    out += kBase64Alphabet[(v >> 12) & 63];
    out += rest == 2 ? kBase64Alphabet[(v >> 6) & 63] : '=';
    out += '=';
    return out;
}

Result<std::string> base64_decode(std::string_view text)
{
    if (text.size() % 4 != 0)
        return fail(std::string("invalid base64: length ").append(std::to_string(text.size()))
                        .append(" is not a multiple of 4"));
    size_t pad = 0;
    if (!text.empty() && text.back() == '=')
        pad = text[text.size() - 2] == '=' ? 2 : 1;
    std::string out;
    out.reserve(text.size() / 4 * 3);
    uint32_t acc = 0;
    for (size_t i = 0; i < text.size() - pad; ++i) {
        int v = base64_value(text[i]);
        if (v < 0)
            return fail(bad_base64_char(text, i));
        acc = acc << 6 | uint32_t(v);
        if (i % 4 == 3) {
            out += char(acc >> 16);
            out += char(acc >> 8);
            out += char(acc);
            acc = 0;
        }
    }
    if (pad == 0)
        return out;
    // Canonical form only: the bits that padding drops must be zero.
    if ((pad == 1 && (acc & 3)) || (pad == 2 && (acc & 15)))
        return fail(std::string("invalid base64: non-zero bits before the padding"));
    if (pad == 1) {
        out += char(acc >> 10);
        out += char(acc >> 2);
    } else {
        out += char(acc >> 4);
    }
    return out;
}

// ---------------------------------------------------------------------------
// Samples: LEB128 -> zlib -> base64

namespace {

std::string zlib_compress(const std::string &raw)
{
    uLongf size = compressBound(static_cast<uLong>(raw.size()));
    std::string out(size, '\0');
    int rc = compress2(reinterpret_cast<Bytef *>(out.data()), &size, reinterpret_cast<const Bytef *>(raw.data()),
                       static_cast<uLong>(raw.size()), Z_DEFAULT_COMPRESSION);
    if (rc != Z_OK)
        throw std::bad_alloc(); // compress2 into a compressBound buffer fails only without memory
    out.resize(size);
    return out;
}

// Inflates in 64 KiB steps and stops as soon as the output passes `limit`.
Result<std::string> zlib_inflate_limited(const std::string &in, size_t limit)
{
    if (in.size() > UINT_MAX)
        return fail(std::string("compressed data too large"));
    z_stream zs{};
    if (inflateInit(&zs) != Z_OK)
        return fail(std::string("zlib initialisation failed"));
    std::unique_ptr<z_stream, int (*)(z_stream *)> guard(&zs, inflateEnd);
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    zs.avail_in = static_cast<uInt>(in.size());
    std::string out;
    unsigned char buf[65536];
    for (;;) {
        zs.next_out = buf;
        zs.avail_out = sizeof buf;
        int rc = inflate(&zs, Z_NO_FLUSH);
        out.append(reinterpret_cast<char *>(buf), sizeof buf - zs.avail_out);
        if (out.size() > limit)
            return fail(std::string("inflates past ").append(std::to_string(limit)).append(" bytes"));
        if (rc == Z_STREAM_END)
            break;
        if (rc == Z_BUF_ERROR || (rc == Z_OK && zs.avail_in == 0 && zs.avail_out != 0))
            return fail(std::string("truncated zlib data"));
        if (rc != Z_OK)
            return fail(std::string("invalid zlib data (").append(zs.msg ? zs.msg : "error").append(")"));
    }
    if (zs.avail_in != 0)
        return fail(std::string("trailing bytes after the zlib data"));
    return out;
}

Result<std::vector<uint64_t>> parse_varints(const std::string &bytes, size_t max_values)
{
    std::vector<uint64_t> values;
    size_t i = 0;
    while (i < bytes.size()) {
        if (values.size() == max_values)
            return fail(std::string("more than ").append(std::to_string(max_values)).append(" values"));
        uint64_t v = 0;
        for (int shift = 0;; shift += 7, ++i) {
            if (i == bytes.size())
                return fail(std::string("truncated varint at byte ").append(std::to_string(i)));
            uint8_t b = static_cast<uint8_t>(bytes[i]);
            // The tenth byte holds only bit 63: anything more overflows 64 bits.
            if (shift == 63 && b > 1)
                return fail(std::string("varint overflows 64 bits at byte ").append(std::to_string(i)));
            v |= uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80)) {
                ++i;
                break;
            }
        }
        values.push_back(v);
    }
    return values;
}

} // namespace

std::string encode_samples(const std::vector<uint64_t> &values)
{
    std::string raw;
    raw.reserve(values.size() * 3);
    for (uint64_t v : values) {
        while (v >= 0x80) {
            raw += char(uint8_t(v) | 0x80);
            v >>= 7;
        }
        raw += char(v);
    }
    return base64_encode(zlib_compress(raw));
}

Result<std::vector<uint64_t>> decode_samples(const std::string &text, size_t max_values)
{
    if (text.empty())
        return fail(std::string("empty sample data"));
    auto compressed = base64_decode(text);
    if (!compressed)
        return fail(compressed.error());
    size_t limit = max_values > std::numeric_limits<size_t>::max() / 10 ? std::numeric_limits<size_t>::max()
                                                                        : max_values * 10;
    auto raw = zlib_inflate_limited(*compressed, limit);
    if (!raw)
        return fail(std::string("sample data ").append(raw.error()));
    return parse_varints(*raw, max_values);
}

ojson trial_health_json(const TrialHealth &health) { return health_json(health); }

} // namespace kexbench
