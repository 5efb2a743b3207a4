// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runner/measure.h"

#include "core/campaign/health.h"
#include "core/runner/heap_tracker.h"
#include "core/analysis/ct.h"

#include "kex/profile/kexbench_profile.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <tuple>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

namespace kexbench {

namespace {

// Names by step, static so a crash handler can print them without allocating.
constexpr std::array<const char *, kMaxPasses + 1> kPassNames = {
    "pass0", "pass1",  "pass2",  "pass3",  "pass4",  "pass5",  "pass6",  "pass7", "pass8",
    "pass9", "pass10", "pass11", "pass12", "pass13", "pass14", "pass15", "pass16"};

const char *volatile g_current_step = "setup";

const char *static_step_name(const Step &s)
{
    switch (s.kind) {
    case StepKind::InitA:
        return "init_a";
    case StepKind::InitB:
        return "init_b";
    case StepKind::Pass:
        return s.pass <= kMaxPasses ? kPassNames[s.pass] : "pass?";
    case StepKind::DeriveA:
        return "derive_a";
    case StepKind::DeriveB:
        return "derive_b";
    }
    return "?";
}

// The counter window of an operation opens before this step and closes after it.
bool opens_window(const Operation &op, const Step &s)
{
    return op.whole_exchange ? s.kind == StepKind::InitA : same_step(s, op.step);
}
bool closes_window(const Operation &op, const Step &s)
{
    return op.whole_exchange ? s.kind == StepKind::DeriveB : same_step(s, op.step);
}

// Tracks the running step for crash reports; times nothing.
struct StepTracker {
    void before(const Step &s) { g_current_step = static_step_name(s); }
    void after(const Step &, const ExchangeBuffers &) {}
};

// Brackets exactly the selected step (or the whole exchange) with the counter.
// Nanoseconds come from the counter itself when it runs at a known constant
// rate, which keeps clock reads out of the window; otherwise from
// CLOCK_MONOTONIC_RAW read just outside the counter reads.
struct StepTimer {
    const CycleCounter &counter;
    Operation op;
    bool read_ns;
    uint64_t c0 = 0, c1 = 0, n0 = 0, n1 = 0;

    void before(const Step &s)
    {
        g_current_step = static_step_name(s);
        if (opens_window(op, s)) {
            if (read_ns)
                n0 = now_ns();
            c0 = counter.start();
        }
    }
    void after(const Step &s, const ExchangeBuffers &)
    {
        if (closes_window(op, s)) {
            c1 = counter.stop();
            if (read_ns)
                n1 = now_ns();
        }
    }
};

uint64_t read_status_kib(const char *key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    const size_t key_len = std::strlen(key);
    while (std::getline(in, line))
        if (line.compare(0, key_len, key) == 0)
            return std::strtoull(line.c_str() + key_len, nullptr, 10);
    return 0;
}

ExchangeShape shape_of(const ExchangeBuffers &b)
{
    ExchangeShape shape;
    shape.passes_run = b.passes_run;
    for (unsigned k = 1; k <= b.passes_run; ++k) {
        shape.msg_bytes.push_back(b.msg_len[k]);
        shape.total_msg_bytes += b.msg_len[k];
    }
    shape.ss_actual_bytes = b.ssa_len;
    shape.pk_a_actual_bytes = b.pka_len;
    shape.pk_b_actual_bytes = b.pkb_len;
    for (unsigned k : b.untouched_passes)
        shape.audits.push_back(untouched_audit(k) + "; counted as 0 bytes");
    return shape;
}

std::string with_audits(std::string reason, const std::vector<std::string> &audits)
{
    for (const auto &a : audits)
        reason.append(" (audit: ").append(a).append(")");
    return reason;
}

CycleCounter open_counter(const std::string &which, std::string *why)
{
    const std::pair<const char *, CounterKind> kinds[] = {{"perf", CounterKind::PerfCycles},
                                                          {"tsc", CounterKind::Tsc},
                                                          {"cntvct", CounterKind::Cntvct},
                                                          {"ns", CounterKind::MonotonicNs}};
    for (const auto &[name, kind] : kinds)
        if (which == name)
            if (auto c = CycleCounter::open(kind))
                return std::move(*c);
    return CycleCounter::open_best(why);
}

void add_meta(MeasureResult &r, const std::string &key, const std::string &value) { r.meta.emplace_back(key, value); }

void fill_meta_head(MeasureResult &r, const Instance &inst, const std::string &op)
{
    const auto &m = inst.meta();
    const auto &c = inst.capacities();
    add_meta(r, "id", m.family);
    add_meta(r, "instance", m.instance);
    add_meta(r, "variant", m.variant);
    add_meta(r, "operation", op);
    add_meta(r, "input_bytes", "0");
    add_meta(r, "build_flags", m.build_flags);
    add_meta(r, "baseline_rss_bytes", std::to_string(r.baseline_rss_bytes));
    add_meta(r, "pk_bytes", std::to_string(c.pk));
    add_meta(r, "sk_bytes", std::to_string(c.sk));
    add_meta(r, "ct_bytes", "0");
    add_meta(r, "ss_bytes", std::to_string(c.ss));
    add_meta(r, "signature_bytes", "0");
    add_meta(r, "digest_bytes", "0");
    add_meta(r, "kex_passes", std::to_string(c.passes));
    add_meta(r, "kex_passes_run", std::to_string(r.shape.passes_run));
    add_meta(r, "sta_bytes", std::to_string(c.sta));
    add_meta(r, "stb_bytes", std::to_string(c.stb));
    for (size_t k = 0; k < r.shape.msg_bytes.size(); ++k)
        add_meta(r, "msg" + std::to_string(k + 1) + "_bytes", std::to_string(r.shape.msg_bytes[k]));
    add_meta(r, "total_msg_bytes", std::to_string(r.shape.total_msg_bytes));
    add_meta(r, "ss_actual_bytes", std::to_string(r.shape.ss_actual_bytes));
    add_meta(r, "pk_a_actual_bytes", std::to_string(r.shape.pk_a_actual_bytes));
    add_meta(r, "pk_b_actual_bytes", std::to_string(r.shape.pk_b_actual_bytes));
}

void fill_meta_tail(MeasureResult &r, const Operation &op)
{
    add_meta(r, "mode", "fixed_iterations");
    add_meta(r, "cpu_cycles_available", r.core_cycles ? "yes" : "no");
    add_meta(r, "timing_scope", op.whole_exchange ? "loop" : "per_call_step");
    add_meta(r, "warmups", std::to_string(r.warmups_done));
    add_meta(r, "peak_rss_bytes", std::to_string(r.peak_rss_bytes));
    add_meta(r, "measurement_count", std::to_string(r.ticks.size()));
    add_meta(r, "guide_100_measurements", r.ticks.size() >= 100 ? "met" : "not_met");
    add_meta(r, "counter", r.counter);
    add_meta(r, "time_source", r.time_source);
}

// The untimed honest exchange every measurement starts with: it must succeed,
// and it fixes the message sizes reported.
bool setup_exchange(const Instance &inst, ExchangeBuffers &b, MeasureResult &r)
{
    StepTracker tracker;
    ExchangeOutcome out = run_exchange(inst, b, measuring_options(), tracker);
    r.shape = shape_of(b);
    if (!out.ok()) {
        r.reason = with_audits("setup exchange: " + out.reason, r.shape.audits);
        return false;
    }
    return true;
}

// The setup exchange, and that it reaches op's step; why not, or empty.
std::string setup_reaching(const Instance &inst, ExchangeBuffers &b, const Operation &op, MeasureResult &r)
{
    if (!setup_exchange(inst, b, r))
        return r.reason;
    if (op.step.kind == StepKind::Pass && op.step.pass > r.shape.passes_run)
        return "the exchange runs " + std::to_string(r.shape.passes_run) + " passes, there is no " + op.name();
    return {};
}

} // namespace

const char *current_step_name() { return g_current_step; }
void note_current_step(const Step &step) { g_current_step = static_step_name(step); }

std::string Operation::name() const { return whole_exchange ? "exchange" : step_name(step); }

std::optional<Operation> parse_operation(const std::string &name)
{
    if (name == "exchange")
        return Operation{};
    const std::pair<const char *, StepKind> fixed[] = {{"init_a", StepKind::InitA},
                                                       {"init_b", StepKind::InitB},
                                                       {"derive_a", StepKind::DeriveA},
                                                       {"derive_b", StepKind::DeriveB}};
    for (const auto &[text, kind] : fixed)
        if (name == text)
            return Operation{false, Step{kind, 0}};
    if (name.size() > 4 && name.compare(0, 4, "pass") == 0 &&
        name.find_first_not_of("0123456789", 4) == std::string::npos && name.size() <= 6 && name[4] != '0') {
        unsigned k = static_cast<unsigned>(std::stoul(name.substr(4)));
        if (k >= 1 && k <= kMaxPasses)
            return Operation{false, Step{StepKind::Pass, k}};
    }
    return std::nullopt;
}

std::vector<unsigned char> harness_seed()
{
    std::vector<unsigned char> seed(48);
    for (size_t i = 0; i < seed.size(); ++i)
        seed[i] = static_cast<unsigned char>(i);
    return seed;
}

uint64_t current_rss_bytes()
{
    std::ifstream in("/proc/self/statm");
    uint64_t size = 0, resident = 0;
    in >> size >> resident;
    return resident * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
}

uint64_t peak_rss_bytes() { return read_status_kib("VmHWM:") * 1024; }

MeasureResult measure_operation(const Instance &inst, const MeasureRequest &req)
{
    MeasureResult r;
    auto op = parse_operation(req.operation);
    if (!op) {
        r.reason = "unknown operation '" + req.operation + "'";
        return r;
    }
    inst.api().seed(req.seed.data(), req.seed.size());
    ExchangeBuffers buffers(inst.capacities());
    if (std::string why = setup_reaching(inst, buffers, *op, r); !why.empty()) {
        r.reason = why;
        return r;
    }
    r.baseline_rss_bytes = current_rss_bytes();
    fill_meta_head(r, inst, op->name());

    std::string why_not_pmu;
    CycleCounter counter = open_counter(req.counter, &why_not_pmu);
    r.counter = counter.name();
    r.counter_unit = counter.unit();
    r.core_cycles = counter.is_core_cycles();
    r.counter_hz = counter.ticks_per_second() > 0 ? counter.ticks_per_second() : req.counter_hz;
    const bool constant_rate = counter.kind() == CounterKind::Tsc || counter.kind() == CounterKind::Cntvct;
    const bool derive_ns = (constant_rate && r.counter_hz > 0) || counter.kind() == CounterKind::MonotonicNs;
    r.time_source = derive_ns ? std::string(counter.name()) + "-derived" : "clock_monotonic_raw";
    if (counter.kind() == CounterKind::Tsc && r.counter_hz > 0)
        counter.set_ticks_per_second(r.counter_hz);
    r.overhead = measure_overhead(counter);

    StepTimer timer{counter, *op, !derive_ns};
    // Full checks after every step, except around a timed whole exchange.
    const ExchangeOptions options = measuring_options(!op->whole_exchange);
    for (int w = 0; w < req.warmups; ++w, ++r.warmups_done)
        if (auto out = run_exchange(inst, buffers, options, timer);
            !out.ok() && out.status != ExchangeStatus::SecretMismatch) {
            r.reason = with_audits("warm-up " + std::to_string(w) + ": " + out.reason, r.shape.audits);
            return r;
        }
    r.ticks.reserve(req.iterations);
    r.ns.reserve(req.iterations);
    const double ns_per_tick = derive_ns && counter.kind() != CounterKind::MonotonicNs ? 1e9 / r.counter_hz : 1.0;
    const double probe_before = run_speed_probe(kProbeRepeats);
    const HealthSnapshot health_start = take_health_snapshot();
    for (uint64_t i = 0; i < req.iterations; ++i) {
        ExchangeOutcome out = run_exchange(inst, buffers, options, timer);
        if (!out.ok() && out.status != ExchangeStatus::SecretMismatch) {
            r.reason = with_audits("iteration " + std::to_string(i) + ": " + out.reason, r.shape.audits);
            return r;
        }
        r.secret_mismatches += out.status == ExchangeStatus::SecretMismatch;
        if (timer.c1 < timer.c0) { // unsigned subtraction would wrap to ~1.8e19
            ++r.dropped_tick_pairs;
            continue;
        }
        const uint64_t ticks = timer.c1 - timer.c0;
        r.ticks.push_back(ticks);
        r.ns.push_back(derive_ns ? static_cast<uint64_t>(static_cast<double>(ticks) * ns_per_tick + 0.5)
                                 : timer.n1 - timer.n0);
    }
    const HealthSnapshot health_end = take_health_snapshot();
    r.health = health_between(health_start, health_end, probe_before, run_speed_probe(kProbeRepeats));
    g_current_step = "report";
    r.peak_rss_bytes = peak_rss_bytes();
    fill_meta_tail(r, *op);
    r.complete = r.secret_mismatches == 0;
    if (!r.complete)
        r.reason = std::to_string(r.secret_mismatches) + " of " + std::to_string(req.iterations) +
                   " exchanges produced different shared secrets for A and B";
    return r;
}

// ---- hash/DRNG profiling ---------------------------------------------------

namespace {

// The accessors wrap.c exports from a profiled build.
struct ProfileAccess {
    void (*enable)(int) = nullptr;
    void (*reset)() = nullptr;
    int (*snapshot)(kexbench_profile_row *, int, uint64_t *) = nullptr;
    uint64_t (*ticks)() = nullptr;
    const char *(*tick_source)() = nullptr;
    void *handle = nullptr; // a second reference to the loaded library, for dlsym

    ProfileAccess() = default;
    ProfileAccess(const ProfileAccess &) = delete;
    ProfileAccess &operator=(const ProfileAccess &) = delete;
    ~ProfileAccess()
    {
        if (handle)
            ::dlclose(handle);
    }
};

template <class Fn>
void resolve(void *handle, const char *name, Fn &out)
{
    void *p = ::dlsym(handle, name);
    static_assert(sizeof out == sizeof p);
    std::memcpy(&out, &p, sizeof out);
}

// The Instance keeps its dlopen handle private; RTLD_NOLOAD takes another
// reference to the same mapping without loading anything new.
std::string open_profile_access(const Instance &inst, ProfileAccess &p)
{
    const std::string &path = inst.path();
    const std::string opened = path.find('/') == std::string::npos ? "./" + path : path;
    p.handle = ::dlopen(opened.c_str(), RTLD_NOW | RTLD_NOLOAD);
    if (!p.handle)
        return path + ": cannot reach the loaded library";
    resolve(p.handle, KEXBENCH_PROFILE_ENABLE_SYMBOL, p.enable);
    resolve(p.handle, KEXBENCH_PROFILE_RESET_SYMBOL, p.reset);
    resolve(p.handle, KEXBENCH_PROFILE_SNAPSHOT_SYMBOL, p.snapshot);
    resolve(p.handle, KEXBENCH_PROFILE_TICKS_SYMBOL, p.ticks);
    resolve(p.handle, KEXBENCH_PROFILE_TICK_SOURCE_SYMBOL, p.tick_source);
    if (!p.enable || !p.reset || !p.snapshot || !p.ticks || !p.tick_source)
        return path + ": not a profiled build (no " KEXBENCH_PROFILE_SNAPSHOT_SYMBOL
                      "); use profiled/lib<name>.so from kexbench-cli build-instance or the built-in tree";
    return {};
}

// Accounting on only inside the operation's window, whose length is read
// with the wrappers' tick counter (the TOTAL the shares are fractions of).
struct ProfileWindow {
    const ProfileAccess &access;
    Operation op;
    uint64_t t0 = 0, t1 = 0;

    void before(const Step &s)
    {
        g_current_step = static_step_name(s);
        if (opens_window(op, s)) {
            access.enable(1);
            t0 = access.ticks();
        }
    }
    void after(const Step &s, const ExchangeBuffers &)
    {
        if (closes_window(op, s)) {
            t1 = access.ticks();
            access.enable(0);
        }
    }
};

// Ticks per second of the wrappers' counter: a 100 ms busy wait against
// CLOCK_MONOTONIC_RAW, as the harness's hashprof does.
double probe_tick_hz(const ProfileAccess &p)
{
    const uint64_t n0 = now_ns(), c0 = p.ticks();
    uint64_t n1 = n0;
    while (n1 - n0 < 100000000u)
        n1 = now_ns();
    const uint64_t c1 = p.ticks();
    return static_cast<double>(c1 - c0) * 1e9 / static_cast<double>(n1 - n0);
}

const char *profile_fn_name(uint32_t fn)
{
    switch (fn) {
    case KEXBENCH_PROF_SM3HASH:
        return "sm3hash";
    case KEXBENCH_PROF_PSEUDOHASH:
        return "pseudohash";
    case KEXBENCH_PROF_PSEUDOXOF:
        return "pseudoXOF";
    case KEXBENCH_PROF_DRNG:
        return "drng";
    }
    return "unknown";
}

std::vector<ProfileCallRow> read_profile_rows(const ProfileAccess &p, uint64_t &overflow)
{
    std::vector<kexbench_profile_row> rows(64);
    int used = p.snapshot(rows.data(), static_cast<int>(rows.size()), &overflow);
    if (used > static_cast<int>(rows.size())) {
        rows.resize(static_cast<size_t>(used));
        used = p.snapshot(rows.data(), used, &overflow);
    }
    std::vector<ProfileCallRow> out;
    for (int i = 0; i < used && i < static_cast<int>(rows.size()); ++i) {
        const auto &r = rows[static_cast<size_t>(i)];
        out.push_back({profile_fn_name(r.fn), r.in_bits, r.out_bits, r.calls, r.ticks});
    }
    std::sort(out.begin(), out.end(), [](const ProfileCallRow &a, const ProfileCallRow &b) {
        return std::tie(a.fn, a.in_bits, a.out_bits) < std::tie(b.fn, b.in_bits, b.out_bits);
    });
    return out;
}

void fill_profile_meta(ProfileResult &r, const Instance &inst, const std::string &op)
{
    char hz[64];
    std::snprintf(hz, sizeof hz, "%.0f", r.tick_hz);
    r.meta = {{"id", inst.meta().family},
              {"instance", inst.meta().instance},
              {"operation", op},
              {"tick_source", r.tick_source},
              {"tick_hz", hz},
              {"warmups", std::to_string(r.warmups_done)},
              {"overflow_calls", std::to_string(r.overflow_calls)},
              {"iterations", std::to_string(r.operations)}};
}

// Untimed warm-ups with accounting off, so only the timed windows reach the table.
bool profile_warmups(const Instance &inst, ExchangeBuffers &b, const ExchangeOptions &options, ProfileResult &r,
                     int warmups)
{
    StepTracker tracker;
    for (int w = 0; w < warmups; ++w, ++r.warmups_done)
        if (auto out = run_exchange(inst, b, options, tracker);
            !out.ok() && out.status != ExchangeStatus::SecretMismatch) {
            r.reason = "warm-up " + std::to_string(w) + ": " + out.reason;
            return false;
        }
    return true;
}

} // namespace

ProfileResult profile_operation(const Instance &inst, const ProfileRequest &req)
{
    ProfileResult r;
    auto op = parse_operation(req.operation);
    if (!op) {
        r.reason = "unknown operation '" + req.operation + "'";
        return r;
    }
    ProfileAccess access;
    if (std::string why = open_profile_access(inst, access); !why.empty()) {
        r.reason = why;
        return r;
    }
    access.enable(0);
    inst.api().seed(req.seed.data(), req.seed.size());
    ExchangeBuffers buffers(inst.capacities());
    MeasureResult setup;
    if (std::string why = setup_reaching(inst, buffers, *op, setup); !why.empty()) {
        r.reason = why;
        return r;
    }
    const ExchangeOptions options = measuring_options(!op->whole_exchange);
    if (!profile_warmups(inst, buffers, options, r, req.warmups))
        return r;
    r.tick_source = access.tick_source();
    r.tick_hz = probe_tick_hz(access);
    access.reset();
    ProfileWindow window{access, *op};
    for (uint64_t i = 0; i < req.iterations; ++i) {
        ExchangeOutcome out = run_exchange(inst, buffers, options, window);
        access.enable(0); // a failed step may have left the window open
        if (!out.ok() && out.status != ExchangeStatus::SecretMismatch) {
            r.reason = "iteration " + std::to_string(i) + ": " + out.reason;
            return r;
        }
        r.secret_mismatches += out.status == ExchangeStatus::SecretMismatch;
        r.total_ticks += window.t1 - window.t0;
        ++r.operations;
    }
    g_current_step = "report";
    r.calls = read_profile_rows(access, r.overflow_calls);
    fill_profile_meta(r, inst, op->name());
    r.complete = r.secret_mismatches == 0;
    if (!r.complete)
        r.reason = std::to_string(r.secret_mismatches) + " of " + std::to_string(req.iterations) +
                   " exchanges produced different shared secrets for A and B";
    return r;
}

// ---- exact heap per operation ----------------------------------------------

namespace {

// Opens the runner's heap window right before the selected step (or init_a)
// and closes it right after the step (or derive_b): the same window the
// timing loop reads its counter over.
struct HeapWindow {
    Operation op;
    bool counted = true;
    bool ran = false; // the window closed at least once
    HeapCounts last;

    void before(const Step &s)
    {
        g_current_step = static_step_name(s);
        if (counted && opens_window(op, s))
            heap_window_open();
    }
    void after(const Step &s, const ExchangeBuffers &)
    {
        if (counted && closes_window(op, s)) {
            last = heap_window_close();
            ran = true;
        }
    }
};

} // namespace

HeapResult measure_heap(const Instance &inst, const Operation &op, unsigned exchanges)
{
    HeapResult r;
    if (!heap_tracking_available()) {
        r.reason = "not measured under a sanitizer (it owns the allocator)";
        return r;
    }
    HeapWindow window{op};
    ExchangeBuffers buffers(inst.capacities());
    window.counted = false; // the first exchange may allocate once-only state: not counted
    for (unsigned i = 0; i <= exchanges; ++i) {
        ExchangeOutcome outcome = run_exchange(inst, buffers, measuring_options(), window);
        if (!outcome.ok()) {
            heap_window_close();
            r.reason = "heap exchange: " + outcome.reason;
            return r;
        }
        if (i == 0) {
            window.counted = true;
            continue;
        }
        if (!window.ran) {
            r.reason = "the exchange never runs " + op.name();
            return r;
        }
        if (window.last.overflow) {
            r.reason = "more than 65536 blocks allocated in the window were live at once";
            return r;
        }
        r.peak_bytes = std::max(r.peak_bytes, window.last.peak_bytes);
        r.allocations += window.last.allocations;
        r.bytes_total += window.last.bytes_total;
        r.min_allocations = i == 1 ? window.last.allocations : std::min(r.min_allocations, window.last.allocations);
        r.max_allocations = std::max(r.max_allocations, window.last.allocations);
    }
    r.exchanges = exchanges;
    r.complete = exchanges > 0;
    return r;
}

// ---- constant-time check ----------------------------------------------------

namespace {

// Exchanges prepared at a time; the clock is read once a batch and the first
// batch is a warm-up.
constexpr size_t kCtBatch = 100;

// One batch's classes and seeds, drawn before the batch runs (as dudect
// prepares its inputs), so both classes run exactly the same code between
// measurements: copy a prepared seed, seed, exchange. The generator is the
// harness's, not the DRNG under test.
struct CtBatch {
    std::vector<CtClass> classes;
    std::vector<std::vector<unsigned char>> seeds;
};

CtBatch prepare_batch(std::mt19937_64 &rng, const std::vector<unsigned char> &fixed)
{
    CtBatch b;
    b.classes.reserve(kCtBatch);
    b.seeds.reserve(kCtBatch);
    for (size_t i = 0; i < kCtBatch; ++i) {
        const CtClass c = (rng() & 1) ? CtClass::Random : CtClass::Fixed;
        std::vector<unsigned char> seed = fixed;
        if (c == CtClass::Random)
            for (auto &byte : seed)
                byte = static_cast<unsigned char>(rng());
        b.classes.push_back(c);
        b.seeds.push_back(std::move(seed));
    }
    return b;
}

// Early stops are looked for at 1, 2, 4, 8 ... thousand tested measurements
// only: looking after every batch would cross 4.5 by chance far more often.
bool ct_look_due(uint64_t tested, uint64_t &next_look)
{
    if (tested < next_look)
        return false;
    while (next_look <= tested)
        next_look *= 2;
    return true;
}

} // namespace

CtResult ct_operation(const Instance &inst, const CtRequest &req)
{
    CtResult r;
    auto op = parse_operation(req.operation);
    if (!op) {
        r.reason = "unknown operation '" + req.operation + "'";
        return r;
    }
    std::string why_not_pmu;
    CycleCounter counter = open_counter(req.counter, &why_not_pmu);
    r.counter = counter.name();
    r.counter_unit = counter.unit();
    StepTimer timer{counter, *op, false};
    ExchangeBuffers buffers(inst.capacities());
    const ExchangeOptions options = measuring_options(!op->whole_exchange);
    const std::vector<unsigned char> fixed = harness_seed();
    inst.api().seed(fixed.data(), fixed.size());
    MeasureResult setup;
    if (std::string why = setup_reaching(inst, buffers, *op, setup); !why.empty()) {
        r.reason = why;
        return r;
    }
    std::mt19937_64 rng(req.rng_seed ? req.rng_seed : std::random_device{}());
    std::optional<CtBattery> battery;
    uint64_t next_look = 1000;
    const uint64_t start_ns = now_ns();
    const double budget_ns = req.budget_s * 1e9;
    r.stop = "budget";
    // The first batch warms caches, predictors and the clock up and is not kept.
    for (bool warm_up = true; r.ticks.size() < req.max_measurements; warm_up = false) {
        if (static_cast<double>(now_ns() - start_ns) >= budget_ns)
            break;
        const CtBatch batch = prepare_batch(rng, fixed);
        for (size_t i = 0; i < kCtBatch; ++i) {
            inst.api().seed(batch.seeds[i].data(), batch.seeds[i].size());
            ExchangeOutcome out = run_exchange(inst, buffers, options, timer);
            if (!out.ok()) {
                r.reason = "exchange " + std::to_string(r.ticks.size()) + ": " + out.reason;
                return r;
            }
            if (warm_up)
                continue;
            if (timer.c1 < timer.c0) {
                ++r.dropped_tick_pairs;
                continue;
            }
            r.ticks.push_back(timer.c1 - timer.c0);
            r.classes.push_back(static_cast<unsigned char>(batch.classes[i]));
            if (r.ticks.size() == kCtCalibrationMeasurements)
                battery.emplace(std::vector<double>(r.ticks.begin(), r.ticks.end()));
            else if (battery)
                battery->add(batch.classes[i], static_cast<double>(r.ticks.back()));
        }
        if (!battery)
            continue;
        const WelchTest &all = battery->crops().front().test;
        const uint64_t tested = all.count(CtClass::Fixed) + all.count(CtClass::Random);
        if (all.count(CtClass::Fixed) >= kCtMinPerClass && all.count(CtClass::Random) >= kCtMinPerClass &&
            ct_look_due(tested, next_look) && battery->leak()) {
            r.stop = "leak";
            break;
        }
    }
    if (r.ticks.size() >= req.max_measurements)
        r.stop = "measurement cap";
    r.elapsed_s = static_cast<double>(now_ns() - start_ns) / 1e9;
    r.complete = true;
    return r;
}

} // namespace kexbench
