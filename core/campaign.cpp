// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign.h"

#include "core/clock.h"
#include "core/digest.h"
#include "core/discovery.h"
#include "core/environment.h"
#include "core/fsutil.h"
#include "core/kat_check.h"
#include "core/measure.h"
#include "core/process.h"
#include "core/stats.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <numeric>
#include <unistd.h>

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;

namespace kexbench {

namespace {

using Clock = std::chrono::steady_clock;

std::string utc_now()
{
    auto now = std::chrono::system_clock::now();
    std::time_t t = std::chrono::system_clock::to_time_t(now);
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() % 1000000;
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%06lld+00:00", tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<long long>(micros));
    return buf;
}

std::array<double, 3> load_average()
{
    std::array<double, 3> avg{};
    if (::getloadavg(avg.data(), 3) != 3)
        avg.fill(0);
    return avg;
}

std::string last_line_with(const std::string &text, const std::string &needle)
{
    size_t pos = text.rfind(needle);
    if (pos == std::string::npos)
        return {};
    size_t end = text.find('\n', pos);
    return text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
}

std::string tail(const std::string &text, size_t n) { return text.size() <= n ? text : text.substr(text.size() - n); }

// One runner child and what it answered.
struct ChildRun {
    ProcessResult proc;
    json answer;            // null when the child gave no answer
    bool complete = false;
    std::string reason;     // when not complete
    std::vector<std::string> argv;
};

// Everything one campaign shares while it runs.
CampaignEvent ev(CampaignEvent::Kind kind, std::string instance = {}, std::string operation = {},
                 std::string message = {})
{
    CampaignEvent e;
    e.kind = kind;
    e.instance = std::move(instance);
    e.operation = std::move(operation);
    e.message = std::move(message);
    return e;
}

struct Context {
    Context(const CampaignOptions &o, CampaignObserver &obs, const std::atomic<bool> &c)
        : opt(o), observer(obs), cancel(c)
    {
    }
    const CampaignOptions &opt;
    CampaignObserver &observer;
    const std::atomic<bool> &cancel;
    std::string counter_name;
    double counter_hz = 0;
    ordered_json environment;
    ordered_json campaign;
    ordered_json build = ordered_json{{"instances", ordered_json::object()}};
    CampaignSummary summary;
    Clock::time_point start = Clock::now();
    double units_total = 0, units_done = 0;

    fs::path out() const { return opt.out_dir; }
    bool cancelled() const { return cancel.load(); }

    void emit(CampaignEvent e)
    {
        e.fraction_done = units_total > 0 ? std::min(1.0, units_done / units_total) : 0;
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        e.eta_s = e.fraction_done > 0.01 ? elapsed * (1 - e.fraction_done) / e.fraction_done : -1;
        observer.on_event(e);
    }
    void problem(const std::string &instance, const std::string &message)
    {
        summary.problems.push_back(message);
        emit(ev(CampaignEvent::InstanceProblem, instance, "", message));
    }
};

ChildRun run_child(Context &ctx, std::vector<std::string> args, double timeout_s)
{
    ChildRun run;
    ProcessSpec spec;
    spec.argv.push_back(ctx.opt.runner.runner.empty() ? runner_path() : ctx.opt.runner.runner);
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = std::chrono::milliseconds(static_cast<long long>(timeout_s * 1000));
    spec.cpu = ctx.opt.cpu;
    spec.cancel = &ctx.cancel;
    run.argv = spec.argv;
    run.proc = run_process(spec);
    run.answer = runner_answer(run.proc.out);
    run.complete = run.proc.succeeded() && run.answer.is_object() && run.answer.value("ok", false);
    if (run.complete)
        return run;
    if (run.answer.is_object() && run.answer.contains("reason"))
        run.reason = run.answer["reason"].get<std::string>();
    else if (run.answer.is_object() && run.answer.contains("error"))
        run.reason = run.answer["error"].get<std::string>();
    else {
        run.reason = "runner " + run.proc.describe_end();
        std::string context = last_line_with(run.proc.err, "kexbench-runner:");
        if (!context.empty())
            run.reason += " — " + context.substr(std::string("kexbench-runner: ").size());
    }
    return run;
}

std::vector<std::string> measure_args(const Context &ctx, const std::string &lib, const std::string &op,
                                      uint64_t iters, int warmups)
{
    char hz[64];
    std::snprintf(hz, sizeof hz, "%.0f", ctx.counter_hz);
    return {"measure", lib, "--op", op, "--iterations", std::to_string(iters), "--warmups",
            std::to_string(warmups), "--counter", ctx.opt.counter, "--counter-hz", hz};
}

RecordProcess process_entry(const ChildRun &run)
{
    RecordProcess p;
    p.status = run.complete ? "complete" : run.proc.timed_out ? "hard_timeout" : "failed";
    if (run.proc.started && !run.proc.timed_out && run.proc.signal == 0)
        p.exit_code = run.proc.exit_code;
    p.command = run.argv;
    p.wall_s = run.proc.wall_seconds;
    p.stderr_tail = tail(run.proc.err, 2000);
    if (run.proc.timed_out)
        p.timeout_s = run.proc.timeout_seconds;
    if (!run.answer.is_object())
        return p;
    for (const auto &kv : run.answer.value("meta", json::array()))
        p.meta.emplace_back(kv.at(0).get<std::string>(), kv.at(1).get<std::string>());
    auto ticks = run.answer.value("ticks", std::vector<uint64_t>{});
    auto ns = run.answer.value("ns", std::vector<uint64_t>{});
    if (!ticks.empty() && ticks.size() == ns.size()) {
        TrialTotals t;
        t.measurements = ticks.size();
        t.seconds = static_cast<double>(std::accumulate(ns.begin(), ns.end(), uint64_t{0})) / 1e9;
        t.cycles = static_cast<double>(std::accumulate(ticks.begin(), ticks.end(), uint64_t{0}));
        p.trials.push_back(t);
    }
    return p;
}

bool is_numeric(const std::string &s) { return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos; }

void sizes_from_meta(Record &rec)
{
    if (rec.processes.empty())
        return;
    for (const auto &[key, value] : rec.processes.front().meta) {
        const bool bytes = key.size() > 6 && key.compare(key.size() - 6, 6, "_bytes") == 0;
        if (bytes && key != "baseline_rss_bytes" && key != "peak_rss_bytes" && is_numeric(value))
            rec.sizes.emplace_back(key, std::stoll(value));
        if (key.rfind("kex_", 0) == 0 && is_numeric(value))
            rec.kex.emplace_back(key, std::stoll(value));
        if (key == "build_flags")
            rec.build_flags = value;
        if (key == "timing_scope")
            rec.timing_scope = value;
    }
}

// The operation's evidence from its children, in the schema-2 layout plus kexbench's samples.
struct OperationRun {
    std::string op;
    Plan plan;
    std::vector<ChildRun> trials;
    std::optional<uint64_t> stack_bytes;
    std::string stack_note;
    std::string started_utc, ended_utc;
    std::array<double, 3> load_start{}, load_end{};
    std::string stop_reason; // adaptive: why it stopped
};

void add_samples(Record &rec, const OperationRun &run, const Context &ctx)
{
    RecordSamples s;
    s.mode = ctx.opt.mode;
    std::string reason;
    for (const auto &t : run.trials) {
        if (!t.answer.is_object())
            continue;
        auto ticks = t.answer.value("ticks", std::vector<uint64_t>{});
        auto ns = t.answer.value("ns", std::vector<uint64_t>{});
        s.ticks.insert(s.ticks.end(), ticks.begin(), ticks.end());
        s.ns.insert(s.ns.end(), ns.begin(), ns.end());
        s.trial_sizes.push_back(ticks.size());
        s.counter = t.answer.value("counter", s.counter);
        s.counter_unit = t.answer.value("counter_unit", s.counter_unit);
        s.core_cycles = t.answer.value("core_cycles", false);
        s.ticks_per_second = t.answer.value("counter_hz", 0.0);
        s.time_source = t.answer.value("time_source", s.time_source);
        if (auto o = t.answer.find("overhead"); o != t.answer.end() && o->is_object()) {
            const double min_ticks = o->value("min_ticks", 0.0);
            s.overhead_ticks = s.overhead_ticks == 0 ? min_ticks : std::min(s.overhead_ticks, min_ticks);
            s.overhead_ns = o->value("min_ns", 0.0);
        }
        s.secret_mismatches += t.answer.value("secret_mismatches", uint64_t{0});
        for (const auto &a : t.answer.value("audits", std::vector<std::string>{}))
            if (std::find(s.audits.begin(), s.audits.end(), a) == s.audits.end())
                s.audits.push_back(a);
    }
    if (s.ns.size() >= 2) {
        std::vector<double> ns(s.ns.begin(), s.ns.end());
        auto ci = stats::median_ci(ns);
        if (ci.reached)
            s.ci_relative_width = stats::relative_ci_width(ci, stats::median(ns));
    }
    s.stack_bytes = run.stack_bytes;
    if (!run.stack_note.empty())
        s.extra["stack_note"] = run.stack_note;
    if (!run.stop_reason.empty())
        s.extra["adaptive_stop"] = run.stop_reason;
    for (const auto &t : run.trials)
        if (!t.complete) {
            s.reason = t.reason;
            break;
        }
    rec.kexbench = std::move(s);
}

Record assemble_record(const Context &ctx, const InstanceInfo &info, const KatCheck *kat, const OperationRun &run)
{
    Record rec;
    rec.candidate = candidate_id(info.meta);
    rec.label = info.meta.instance;
    rec.instance = info.meta.instance;
    rec.variant = info.meta.variant;
    rec.flags = "kexbench";
    rec.operation = run.op;
    rec.plan = RecordPlan{run.plan.iterations_per_trial, run.plan.warmups, static_cast<int>(run.trials.size()),
                          true, run.plan.estimated_s, run.plan.timeout_per_process_s};
    rec.kat = kat ? kat_verdict_word(kat->verdict) : "NOKAT";
    rec.kat_not_passed = !kat || kat->verdict != KatVerdict::Pass;
    rec.library = info.path;
    if (auto bytes = read_file(info.path))
        rec.library_sha256 = sha256_hex(*bytes);
    if (kat && !kat->log_file.empty()) {
        rec.kat_log = fs::relative(kat->log_file, ctx.out()).string();
        if (auto log = read_file(kat->log_file))
            rec.kat_log_sha256 = sha256_hex(*log);
    }
    rec.started_utc = run.started_utc;
    rec.ended_utc = run.ended_utc;
    rec.load_average_start = run.load_start;
    rec.load_average_end = run.load_end;
    rec.environment = ctx.environment;
    bool all_complete = !run.trials.empty();
    for (const auto &t : run.trials) {
        rec.processes.push_back(process_entry(t));
        all_complete = all_complete && t.complete;
    }
    const bool planned_count = ctx.opt.mode == "adaptive" || static_cast<int>(run.trials.size()) == run.plan.trials;
    rec.status = all_complete && planned_count ? "complete" : "failed_or_partial";
    for (const auto &p : rec.processes)
        rec.trials.insert(rec.trials.end(), p.trials.begin(), p.trials.end());
    sizes_from_meta(rec);
    for (const auto &t : run.trials)
        if (t.answer.is_object()) {
            const uint64_t base = t.answer.value("baseline_rss_bytes", uint64_t{0});
            const uint64_t peak = t.answer.value("peak_rss_bytes", uint64_t{0});
            rec.baseline_rss_bytes = std::max(rec.baseline_rss_bytes.value_or(0), base);
            rec.peak_rss_bytes = std::max(rec.peak_rss_bytes.value_or(0), peak);
        }
    if (!rec.trials.empty())
        compute_trial_statistics(rec);
    add_samples(rec, run, ctx);
    if (rec.timing_scope.empty())
        rec.timing_scope = run.op == "exchange" ? "loop" : "per_call_step";
    return rec;
}

fs::path record_path(const Context &ctx, const InstanceInfo &info, const std::string &op)
{
    return ctx.out() / record_relative_path(candidate_id(info.meta), info.meta.instance, op);
}

// Children's stderr can carry bytes that are not UTF-8; they are replaced, never a reason to lose a record.
Result<bool> write_json(const fs::path &path, const ordered_json &j)
{
    return write_file_atomic(path, j.dump(1, ' ', false, ordered_json::error_handler_t::replace) + "\n");
}

bool write_record(Context &ctx, const InstanceInfo &info, const Record &rec)
{
    auto written = write_json(record_path(ctx, info, rec.operation), record_to_json(rec));
    if (!written) {
        ctx.problem(info.meta.instance, written.error());
        return false;
    }
    ++ctx.summary.records_written;
    if (rec.status != "complete")
        ++ctx.summary.records_failed;
    CampaignEvent e = ev(CampaignEvent::RecordWritten, info.meta.instance, rec.operation);
    e.record = &rec;
    e.message = rec.status == "complete" ? "complete" : rec.kexbench ? rec.kexbench->reason : rec.status;
    ctx.emit(e);
    return true;
}

bool resumable(const Context &ctx, const InstanceInfo &info, const std::string &op)
{
    fs::path path = record_path(ctx, info, op);
    std::error_code ec;
    if (!fs::exists(path, ec))
        return false;
    auto rec = read_record_file(path.string(), 64ull << 20);
    return rec && rec->status == "complete" && rec->kexbench && rec->kexbench->mode == ctx.opt.mode;
}

void measure_stack_of(Context &ctx, const std::string &lib, OperationRun &run, double timeout_s)
{
    ChildRun child = run_child(ctx, {"stack", lib, "--op", run.op}, timeout_s);
    if (child.complete)
        run.stack_bytes = child.answer.value("stack_bytes", uint64_t{0});
    else
        run.stack_note = child.reason;
}

// Trials of one operation until the plan (fixed) or the stop rule (adaptive) is met.
void run_trials(Context &ctx, const std::string &lib, const InstanceInfo &info, OperationRun &run)
{
    const bool adaptive = ctx.opt.mode == "adaptive";
    const int planned = adaptive ? ctx.opt.adaptive.max_trials : run.plan.trials;
    const auto op_start = Clock::now();
    std::vector<double> ns;
    for (int trial = 0; trial < planned && !ctx.cancelled(); ++trial) {
        ChildRun child = run_child(ctx, measure_args(ctx, lib, run.op, run.plan.iterations_per_trial, run.plan.warmups),
                                   run.plan.timeout_per_process_s);
        if (child.proc.cancelled)
            break;
        const bool ok = child.complete;
        if (ok)
            for (uint64_t v : child.answer.value("ns", std::vector<uint64_t>{}))
                ns.push_back(static_cast<double>(v));
        run.trials.push_back(std::move(child));
        CampaignEvent e = ev(CampaignEvent::TrialDone, info.meta.instance, run.op);
        e.trial = trial + 1;
        e.trials = adaptive ? 0 : planned;
        ctx.emit(e);
        if (!ok)
            break; // the harness also stops at the first process that does not complete
        if (adaptive) {
            std::optional<double> width;
            if (auto ci = stats::median_ci(ns); ci.reached)
                width = stats::relative_ci_width(ci, stats::median(ns));
            const double elapsed = std::chrono::duration<double>(Clock::now() - op_start).count();
            auto verdict = adaptive_should_stop(ctx.opt.adaptive, trial + 1, elapsed, width);
            if (verdict.stop) {
                run.stop_reason = verdict.why;
                break;
            }
        }
    }
}

void measure_operation_of(Context &ctx, const std::string &lib, const InstanceInfo &info, const KatCheck *kat,
                          const std::string &op, double exchange_t1, double setup_s)
{
    if (resumable(ctx, info, op)) {
        ++ctx.summary.records_resumed;
        ctx.units_done += 1;
        ctx.emit(ev(CampaignEvent::RecordResumed, info.meta.instance, op, "kept the complete record"));
        return;
    }
    OperationRun run;
    run.op = op;
    PlanningConstants constants = ctx.opt.planning;
    if (ctx.opt.mode == "adaptive")
        constants.trial_target_s = ctx.opt.adaptive.trial_target_s;
    run.plan = plan_fixed(exchange_t1, setup_s, exchange_t1, constants);
    run.started_utc = utc_now();
    run.load_start = load_average();
    ctx.emit(ev(CampaignEvent::OperationStarted, info.meta.instance, op));
    run_trials(ctx, lib, info, run);
    if (ctx.cancelled() && run.trials.empty())
        return;
    if (ctx.opt.stack && !ctx.cancelled())
        measure_stack_of(ctx, lib, run, run.plan.timeout_per_process_s);
    run.ended_utc = utc_now();
    run.load_end = load_average();
    Record rec = assemble_record(ctx, info, kat, run);
    if (!ctx.cancelled() || rec.status == "complete")
        write_record(ctx, info, rec);
    ctx.units_done += 1;
}

void add_build_entry(Context &ctx, const InstanceInfo &info, const KatCheck *kat)
{
    const std::string cand = candidate_id(info.meta);
    ordered_json e;
    e["candidate"] = cand;
    e["label"] = info.meta.instance;
    e["instance"] = info.meta.instance;
    e["variant"] = info.meta.variant;
    e["flags"] = "kexbench";
    e["kat"] = kat ? kat_verdict_word(kat->verdict) : "NOKAT";
    e["library"] = info.path;
    if (auto bytes = read_file(info.path))
        e["library_sha256"] = sha256_hex(*bytes);
    e["elf_load_bytes"] = info.elf_load_bytes;
    if (kat && !kat->log_file.empty()) {
        e["kat_log"] = fs::relative(kat->log_file, ctx.out()).string();
        if (auto log = read_file(kat->log_file))
            e["kat_log_sha256"] = sha256_hex(*log);
    }
    e["build_flags"] = info.meta.build_flags;
    e["compiler"] = info.meta.compiler;
    ctx.build["instances"][cand + "/" + info.meta.instance] = e;
    if (auto w = write_json(ctx.out() / "build.json", ctx.build); !w)
        ctx.problem(info.meta.instance, w.error());
}

// Calibration: one exchange, no warm-up. Its t1 sizes every operation's plan
// because each iteration of a step runs a whole exchange.
bool calibrate(Context &ctx, const std::string &lib, const InstanceInfo &info, const KatCheck *kat, double &t1,
               double &setup_s, unsigned &passes_run)
{
    OperationRun run;
    run.op = "exchange";
    run.started_utc = utc_now();
    run.load_start = load_average();
    ChildRun child = run_child(ctx, measure_args(ctx, lib, "exchange", 1, 0), ctx.opt.calibration_timeout_s);
    if (child.complete) {
        auto ns = child.answer.value("ns", std::vector<uint64_t>{0});
        t1 = std::max(1e-9, static_cast<double>(ns.empty() ? 0 : ns[0]) / 1e9);
        setup_s = std::max(0.0, child.proc.wall_seconds - t1);
        passes_run = child.answer.value("passes_run", 0u);
        return true;
    }
    if (child.proc.cancelled)
        return false;
    // The calibration failure is the instance's evidence: a failed exchange record with the reason.
    run.plan.trials = 1;
    run.trials.push_back(std::move(child));
    run.ended_utc = utc_now();
    run.load_end = load_average();
    Record rec = assemble_record(ctx, info, kat, run);
    write_record(ctx, info, rec);
    ctx.problem(info.meta.instance, info.meta.instance + ": not measured: " + rec.kexbench->reason);
    return false;
}

std::vector<std::string> chosen_operations(Context &ctx, const InstanceInfo &info, unsigned passes_run)
{
    std::vector<std::string> all = operations_for(passes_run);
    if (ctx.opt.operations.empty())
        return all;
    std::vector<std::string> chosen;
    for (const auto &op : ctx.opt.operations) {
        if (std::find(all.begin(), all.end(), op) != all.end())
            chosen.push_back(op);
        else
            ctx.problem(info.meta.instance, info.meta.instance + ": no operation " + op + " (its exchange runs " +
                                                std::to_string(passes_run) + " passes)");
    }
    return chosen;
}

double expected_units(const CampaignOptions &opt, unsigned long long passes)
{
    return opt.operations.empty() ? 5.0 + static_cast<double>(std::max(passes, 3ull)) : opt.operations.size();
}

// ---- hash/DRNG profile (harness §8): profile/<cand>/<label>__exchange.json

fs::path profiled_library(const std::string &lib)
{
    const fs::path p(lib);
    return p.parent_path() / "profiled" / p.filename();
}

bool profile_complete(const fs::path &file)
{
    auto text = read_file(file.string(), 64u << 20);
    json j = text ? json::parse(*text, nullptr, false) : json();
    return j.is_object() && j.value("status", "") == "complete";
}

// share[fn] = ticks(fn) / TOTAL ticks; hash_share = every share except the DRNG's.
void add_shares(ordered_json &j, const json &answer)
{
    const double total = answer["total"].value("ticks", 0.0);
    if (!(total > 0))
        return;
    std::map<std::string, double> ticks;
    for (const auto &c : answer.value("calls", json::array()))
        ticks[c.value("fn", "")] += c.value("ticks", 0.0);
    ordered_json share = ordered_json::object();
    double hash = 0;
    for (const auto &[fn, t] : ticks) {
        share[fn] = t / total;
        if (fn != "drng")
            hash += t / total;
    }
    j["share"] = share;
    j["hash_share"] = hash;
}

// CALL rows in the harness's key order (the child's JSON sorts keys).
ordered_json profile_calls(const json &answer)
{
    ordered_json calls = ordered_json::array();
    for (const auto &c : answer.value("calls", json::array()))
        calls.push_back({{"fn", c.value("fn", "")},
                         {"in_bits", c.value("in_bits", uint64_t{0})},
                         {"out_bits", c.value("out_bits", uint64_t{0})},
                         {"calls", c.value("calls", uint64_t{0})},
                         {"ticks", c.value("ticks", uint64_t{0})}});
    return calls;
}

ordered_json profile_json(const InstanceInfo &info, const std::string &profiled, const ChildRun &child,
                          const std::string &reason)
{
    ordered_json j;
    j["schema"] = kRecordSchema;
    j["candidate"] = candidate_id(info.meta);
    j["label"] = info.meta.instance;
    j["operation"] = "exchange";
    j["input_bytes"] = 0;
    j["status"] = reason.empty() ? "complete" : "failed";
    j["command"] = child.argv;
    j["stderr"] = tail(child.proc.err, 2000);
    ordered_json meta = ordered_json::object();
    const json &a = child.answer;
    if (a.is_object()) {
        for (const auto &kv : a.value("meta", json::array()))
            meta[kv.at(0).get<std::string>()] = kv.at(1).get<std::string>();
        j["meta"] = meta;
        if (a.contains("total") && a["total"].is_object()) {
            j["total"] = {{"operations", a["total"].value("operations", uint64_t{0})},
                          {"ticks", a["total"].value("ticks", uint64_t{0})}};
            j["calls"] = profile_calls(a);
            if (reason.empty())
                add_shares(j, a);
        }
    }
    ordered_json k = {{"library", profiled}};
    if (auto bytes = read_file(profiled))
        k["library_sha256"] = sha256_hex(*bytes);
    if (!reason.empty())
        k["reason"] = reason;
    j["kexbench"] = k;
    return j;
}

// A stale profiled/ library of another instance must not lend its shares.
std::string profile_problem(const InstanceInfo &info, const ChildRun &child)
{
    if (!child.complete)
        return child.reason.empty() ? "profiling failed" : child.reason;
    for (const auto &kv : child.answer.value("meta", json::array()))
        if (kv.at(0) == "instance" && kv.at(1) != info.meta.instance)
            return "profiled library is instance " + kv.at(1).get<std::string>() + ", not " + info.meta.instance;
    return {};
}

// One profiling child after the timed trials, when the instance has a profiled build.
void measure_profile_of(Context &ctx, const std::string &lib, const InstanceInfo &info, double t1, double setup_s)
{
    const fs::path profiled = profiled_library(lib);
    std::error_code ec;
    if (!fs::is_regular_file(profiled, ec))
        return;
    const fs::path out = ctx.out() / "profile" / candidate_id(info.meta) / (info.meta.instance + "__exchange.json");
    if (profile_complete(out))
        return; // resuming: the shares are already measured
    const ProfilePlan plan = plan_profile(t1, setup_s, ctx.opt.planning.timeout_slack_s);
    ChildRun child = run_child(ctx,
                               {"profile", profiled.string(), "--op", "exchange", "--iterations",
                                std::to_string(plan.iterations), "--warmups", std::to_string(plan.warmups)},
                               plan.timeout_s);
    if (child.proc.cancelled)
        return;
    const std::string problem = profile_problem(info, child);
    if (auto w = write_json(out, profile_json(info, profiled.string(), child, problem)); !w)
        ctx.problem(info.meta.instance, w.error());
    if (!problem.empty())
        ctx.emit(ev(CampaignEvent::Warning, info.meta.instance, "exchange",
                    info.meta.instance + ": hash/DRNG profile failed: " + problem));
}

void measure_instance(Context &ctx, const std::string &lib, const InstanceInfo &info)
{
    ctx.emit(ev(CampaignEvent::InstanceStarted, info.meta.instance));
    std::optional<KatCheck> kat;
    if (ctx.opt.kat) {
        kat = check_kat(lib, ctx.opt.manifest, (ctx.out() / "kat" / candidate_id(info.meta)).string(), ctx.opt.runner);
        if (kat->verdict != KatVerdict::Pass)
            ctx.emit(ev(CampaignEvent::Warning, info.meta.instance, "", info.meta.instance + ": KAT " + kat->summary()));
    }
    add_build_entry(ctx, info, kat ? &*kat : nullptr);
    const double expected = expected_units(ctx.opt, info.caps.passes);
    double t1 = 0, setup = 0;
    unsigned passes_run = 0;
    if (!calibrate(ctx, lib, info, kat ? &*kat : nullptr, t1, setup, passes_run)) {
        ctx.units_done += expected;
        return;
    }
    auto ops = chosen_operations(ctx, info, passes_run);
    ctx.units_total += static_cast<double>(ops.size()) - expected;
    for (const auto &op : ops) {
        if (ctx.cancelled())
            return;
        measure_operation_of(ctx, lib, info, kat ? &*kat : nullptr, op, t1, setup);
    }
    // The harness profiles only the exchange of a KEX, so the profile accompanies the exchange record.
    if (ctx.opt.profile && !ctx.cancelled() && std::find(ops.begin(), ops.end(), "exchange") != ops.end())
        measure_profile_of(ctx, lib, info, t1, setup);
}

ordered_json planning_json(const CampaignOptions &opt)
{
    ordered_json p;
    p["mode"] = opt.mode;
    p["trials"] = opt.planning.trials;
    p["trial_target_s"] = opt.mode == "adaptive" ? opt.adaptive.trial_target_s : opt.planning.trial_target_s;
    p["min_total"] = opt.planning.min_total;
    p["max_iters_per_trial"] = opt.planning.max_iters_per_trial;
    p["op_budget_s"] = opt.mode == "adaptive" ? opt.adaptive.budget_s : opt.planning.op_budget_s;
    p["separate_process_setup_s"] = opt.planning.separate_process_setup_s;
    if (opt.mode == "adaptive") {
        p["precision"] = opt.adaptive.precision;
        p["min_trials"] = opt.adaptive.min_trials;
        p["max_trials"] = opt.adaptive.max_trials;
    }
    return p;
}

// A folder keeps the planning it was started with; resuming under other
// constants would mix incomparable records.
Result<bool> check_resume(Context &ctx)
{
    fs::path path = ctx.out() / "campaign.json";
    std::error_code ec;
    if (!fs::exists(path, ec))
        return true;
    auto text = read_file(path.string(), 16u << 20);
    ordered_json old = text ? ordered_json::parse(*text, nullptr, false) : ordered_json();
    if (old.is_discarded() || !old.is_object())
        return fail(path.string() + ": unreadable; move it away or choose another --out");
    if (old.value("planning", ordered_json()) != ctx.campaign["planning"])
        return fail(path.string() + ": this folder was measured with other planning (" +
                    old.value("planning", ordered_json()).dump() + "); choose another --out");
    ctx.campaign["started_utc"] = old.value("started_utc", ctx.campaign["started_utc"].get<std::string>());
    if (auto b = read_file((ctx.out() / "build.json").string(), 64u << 20)) {
        ordered_json build = ordered_json::parse(*b, nullptr, false);
        if (build.is_object() && build.contains("instances"))
            ctx.build = build;
    }
    return true;
}

void describe_host(Context &ctx)
{
    std::string why_not_pmu;
    CycleCounter counter = CycleCounter::open_best(&why_not_pmu);
    if (ctx.opt.counter != "auto" && ctx.opt.counter != "perf")
        why_not_pmu = "counter " + ctx.opt.counter + " chosen";
    ctx.counter_name = counter.name();
    ctx.counter_hz = counter.ticks_per_second();
    ClockProbe probe;
    if (counter.kind() == CounterKind::Tsc || counter.kind() == CounterKind::PerfCycles) {
        probe = probe_clock(counter);
        if (counter.kind() == CounterKind::Tsc) {
            ctx.counter_hz = probe.median_hz;
            counter.set_ticks_per_second(probe.median_hz);
        }
    }
    Environment env = read_environment("", ctx.opt.cpu.value_or(0));
    if (counter.is_core_cycles())
        set_core_clock(env, probe);
    env.warnings = environment_warnings(env, counter, why_not_pmu);
    ctx.environment = ordered_json::parse(to_json(env).dump());
    ctx.campaign["kexbench"] = {{"counter", ctx.counter_name},
                                {"counter_hz", ctx.counter_hz},
                                {"counter_steady", probe.windows > 0 ? json(probe.steady()) : json(nullptr)},
                                {"pmu_unavailable", why_not_pmu}};
    ctx.campaign["host_problems"] = env.warnings;
}

} // namespace

ProfilePlan plan_profile(double t1, double setup_s, double slack_s)
{
    ProfilePlan p;
    p.iterations = t1 > 60 ? 1 : static_cast<uint64_t>(std::min(1000.0, std::max(3.0, std::ceil(1.0 / t1))));
    p.warmups = t1 < 5 ? 1 : 0;
    p.timeout_s = 3 * static_cast<double>(p.iterations + static_cast<uint64_t>(p.warmups)) * t1 + 3 * setup_s + slack_s;
    return p;
}

std::string candidate_id(const InstanceMeta &meta)
{
    std::string id = meta.family.empty() ? meta.instance : meta.family;
    for (char &c : id)
        c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                                                         : '-';
    return id;
}

Result<CampaignSummary> run_campaign(const CampaignOptions &options, CampaignObserver &observer,
                                     const std::atomic<bool> &cancel)
{
    if (options.out_dir.empty())
        return fail("no output folder given");
    if (options.mode != "fixed" && options.mode != "adaptive")
        return fail("unknown mode '" + options.mode + "' (fixed or adaptive)");
    std::error_code ec;
    fs::create_directories(options.out_dir, ec);
    if (ec)
        return fail(options.out_dir + ": cannot create: " + ec.message());

    Context ctx{options, observer, cancel};
    ctx.summary.out_dir = options.out_dir;
    char host[256] = "host";
    ::gethostname(host, sizeof host - 1);
    ctx.campaign["system_id"] = options.system_label.empty() ? std::string(host) : options.system_label;
    ctx.campaign["started_utc"] = utc_now();
    ctx.campaign["planning"] = planning_json(options);
    if (auto ok = check_resume(ctx); !ok)
        return fail(ok.error());
    describe_host(ctx);
    ctx.campaign["environment_at_start"] = ctx.environment;
    if (auto w = write_json(ctx.out() / "campaign.json", ctx.campaign); !w)
        return fail(w.error());
    ctx.emit(ev(CampaignEvent::Started, "", "", "counter " + ctx.counter_name));
    for (const auto &w : ctx.campaign["host_problems"])
        ctx.emit(ev(CampaignEvent::Warning, "", "", w.get<std::string>()));

    std::vector<InstanceInfo> infos;
    std::vector<std::string> libs;
    for (const auto &lib : options.libraries) {
        auto info = describe_instance(lib, options.runner);
        if (!info) {
            ctx.problem(lib, info.error());
            continue;
        }
        ctx.units_total += expected_units(options, info->caps.passes);
        infos.push_back(*info);
        libs.push_back(lib);
    }
    for (size_t i = 0; i < infos.size() && !ctx.cancelled(); ++i)
        measure_instance(ctx, libs[i], infos[i]);

    ctx.summary.cancelled = ctx.cancelled();
    ctx.campaign["ended_utc"] = utc_now();
    ctx.campaign["environment_at_end"] = ordered_json::parse(to_json(read_environment("", options.cpu.value_or(0))).dump());
    ctx.campaign["instance_problems"] = ctx.summary.problems;
    if (auto w = write_json(ctx.out() / "campaign.json", ctx.campaign); !w)
        ctx.summary.problems.push_back(w.error());
    ctx.units_done = ctx.units_total;
    ctx.emit(ev(CampaignEvent::Finished, "", "", ctx.summary.cancelled ? "cancelled" : "finished"));
    return ctx.summary;
}

} // namespace kexbench
