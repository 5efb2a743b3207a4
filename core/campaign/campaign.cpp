// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/campaign.h"

#include "core/base/clock.h"
#include "core/base/digest.h"
#include "core/base/discovery.h"
#include "core/campaign/environment.h"
#include "core/base/fsutil.h"
#include "core/campaign/kat_check.h"
#include "core/campaign/operations.h"
#include "core/campaign/process.h"
#include "core/campaign/progress_plan.h"
#include "core/campaign/health.h"
#include "core/campaign/host_description.h"
#include "core/campaign/runner_protocol.h"
#include "core/analysis/stats.h"
#include "core/analysis/trial_stats.h"
#include "core/base/format.h"
#include "core/base/untrusted.h"
#include "core/base/utc_time.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>
#include <numeric>
#include <random>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;

namespace kexbench {

namespace {

using Clock = std::chrono::steady_clock;

std::array<double, 3> load_average()
{
    std::array<double, 3> avg{};
    if (::getloadavg(avg.data(), 3) != 3)
        avg.fill(0);
    return avg;
}

std::string tail(const std::string &text, size_t n) { return text.size() <= n ? text : text.substr(text.size() - n); }

// One runner child and what it answered.
struct ChildRun {
    ProcessResult proc;
    json answer;           // null when the child gave no answer
    bool complete = false; // finished, answered ok, and (measure) the answer passed validation
    // A measure child's answer, typed, once it passed validation: every figure is read from here.
    std::optional<MeasureAnswer> measured;
    std::string reason; // when not complete
    std::vector<std::string> argv;
    TrialHealth health; // measure children with a valid answer; judged by the campaign
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
    std::shared_ptr<const RunnerHost> host = runner_host_of(opt.runner); // where every child runs
    std::string counter_name;
    double counter_hz = 0;
    std::optional<double> fixed_clock_hz; // for the PMU cycles/second rule; only with core cycles
    ordered_json environment;
    ordered_json campaign;
    ordered_json build = ordered_json{{"instances", ordered_json::object()}};
    CampaignSummary summary;
    Clock::time_point start = Clock::now();
    double units_total = 0, units_done = 0, last_fraction = 0;
    std::map<int, double> fastest_probe_ns;  // by CPU, over every measured attempt
    std::map<std::string, BuildInfo> builds; // by library path: the build records that describe them
    std::vector<double> probes_ns;           // each attempt's fastest probe, for the campaign's probe figures
    int round = 0;                           // the round being run (interleaved order), 1-based

    fs::path out() const { return opt.out_dir; }
    bool cancelled() const { return cancel.load(); }

    // Units are the seconds of work the plan expects (core/campaign/progress_plan.h).
    // The bar never goes backwards and reaches 100 % only when the campaign has
    // finished; the ETA is the work still planned at the pace seen so far, so a
    // queued retry lengthens it even while the bar holds.
    void emit(CampaignEvent e)
    {
        const double fraction = units_total > 0 ? std::clamp(units_done / units_total, 0.0, 1.0) : 0;
        const bool finished = e.kind == CampaignEvent::Finished;
        last_fraction = std::max(last_fraction, finished ? fraction : std::min(fraction, kUnfinishedFraction));
        e.fraction_done = last_fraction;
        const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
        const double remaining = std::max(0.0, units_total - units_done);
        e.eta_s = finished ? 0 : fraction > 0.01 ? elapsed * remaining / units_done : -1;
        observer.on_event(e);
    }
    static constexpr double kUnfinishedFraction = 0.999;
    void problem(const std::string &instance, const std::string &message)
    {
        summary.problems.push_back(message);
        emit(ev(CampaignEvent::InstanceProblem, instance, "", message));
    }
    double fastest_probe_on(int cpu) const
    {
        const auto it = fastest_probe_ns.find(cpu);
        return it == fastest_probe_ns.end() ? 0 : it->second;
    }
    void note_probe(const TrialHealth &h)
    {
        const double p = fastest_probe_of(h);
        if (!(p > 0))
            return;
        probes_ns.push_back(p);
        auto [it, inserted] = fastest_probe_ns.emplace(h.cpu, p);
        if (!inserted)
            it->second = std::min(it->second, p);
    }
};

// The build record of a library (lib<name>.so.build.json), when one describes these bytes.
const BuildInfo *build_of(const Context &ctx, const InstanceInfo &info)
{
    const auto it = ctx.builds.find(info.path);
    return it == ctx.builds.end() ? nullptr : &it->second;
}

// The one place a campaign asks which candidate an instance belongs to.
std::string candidate_of(const Context &ctx, const InstanceInfo &info)
{
    return candidate_for(info.meta, build_of(ctx, info));
}

std::string key_of(const Context &ctx, const InstanceInfo &info)
{
    return candidate_of(ctx, info) + "/" + label_of(info);
}

// What the build record says, else what kexbench says of a library it did not build.
std::string flags_of(const BuildInfo *b) { return b && !b->flags.empty() ? b->flags : "kexbench"; }
std::string variant_of(const BuildInfo *b, const InstanceInfo &info)
{
    return b && !b->variant.empty() ? b->variant : info.meta.variant;
}

std::string string_field(const json &answer, const char *key)
{
    const auto it = answer.find(key);
    return it != answer.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Text in an answer comes from the child, which hosts candidate code: its
// reason, error and META strings are escaped once, here where they come in.
void escape_answer_text(json &answer)
{
    for (const char *key : {"reason", "error"})
        if (auto it = answer.find(key); it != answer.end() && it->is_string())
            *it = printable(it->get<std::string>());
    if (auto meta = answer.find("meta"); meta != answer.end() && meta->is_array())
        for (auto &kv : *meta)
            if (json_is_string_pair(kv))
                kv = json::array({printable(kv[0].get<std::string>()), printable(kv[1].get<std::string>())});
}

// The runner's own diagnostic in an answer (escaped), or empty.
std::string runner_diagnostic(const json &answer)
{
    return answer.is_object() ? printable(string_field(answer, "runner_diagnostic")) : std::string();
}

std::string failure_reason(const ChildRun &run)
{
    if (run.answer.is_object()) {
        for (const char *key : {"reason", "error"})
            if (std::string why = string_field(run.answer, key); !why.empty())
                return why;
    }
    // The runner's word on a crash or exit() comes over the answer channel
    // (app/runner/main.cpp, answer_diagnostic), never from stderr: any stderr
    // line, "kexbench-runner: ..." included, may be the instance's. stderr
    // stays in the record (stderr_tail), unattributed.
    std::string reason = "runner " + run.proc.describe_end();
    if (std::string diagnostic = runner_diagnostic(run.answer); !diagnostic.empty())
        reason += " — " + diagnostic;
    return reason;
}

// Why the answer channel or the answer itself cannot be taken, before its ok
// is believed: a second answer, ok with a failed exit, another instance named.
std::string answer_refusal(const ChannelAnswer &channel, const ProcessResult &proc,
                           const std::string &expected_instance)
{
    if (!channel.problem.empty())
        return channel.problem;
    if (!channel.answer.is_object())
        return {};
    if (std::string problem = answer_exit_problem(proc, channel.answer); !problem.empty())
        return problem;
    const std::string named = answer_instance_name(channel.answer);
    const bool says_ok = channel.answer.value("ok", false) == true;
    if (says_ok && !expected_instance.empty() && named != expected_instance)
        return "the answer names instance '" + printable(named) + "', not '" + printable(expected_instance) + "'";
    return {};
}

// expected_instance: the name the describe step found; a later answer that
// names another one is refused (empty: not checked).
ChildRun run_child(Context &ctx, const std::vector<std::string> &args, double timeout_s,
                   const std::string &expected_instance = {})
{
    ChildRun run;
    // On the campaign's runner host, with the library made absolute there (ctx.opt.runner carries the cancel flag).
    const ProcessSpec spec = runner_process_spec(
        ctx.opt.runner, args, std::chrono::milliseconds(static_cast<long long>(timeout_s * 1000)), ctx.opt.cpu);
    run.argv = spec.argv;
    run.proc = run_process(spec);
    ChannelAnswer channel = read_answer_channel(run.proc.out);
    if (std::string refused = answer_refusal(channel, run.proc, expected_instance); !refused.empty()) {
        run.reason = "runner answer rejected: " + refused;
        return run; // no answer: nothing of it reaches a record
    }
    run.answer = std::move(channel.answer);
    if (run.answer.is_object())
        escape_answer_text(run.answer);
    const auto ok = run.answer.is_object() ? run.answer.find("ok") : run.answer.end();
    run.complete =
        run.proc.succeeded() && run.answer.is_object() && ok != run.answer.end() && ok->is_boolean() && ok->get<bool>();
    if (!run.complete)
        run.reason = failure_reason(run);
    return run;
}

std::vector<std::string> measure_args(const Context &ctx, const std::string &lib, const std::string &op, uint64_t iters,
                                      int warmups)
{
    char hz[64];
    std::snprintf(hz, sizeof hz, "%.0f", ctx.counter_hz);
    return {"measure",      lib,
            "--op",         op,
            "--iterations", std::to_string(iters),
            "--warmups",    std::to_string(warmups),
            "--counter",    ctx.opt.counter,
            "--counter-hz", hz};
}

// What one measure child is asked, and about which instance.
struct MeasureAsk {
    std::string instance, op;
    uint64_t iterations = 1;
    int warmups = 0;
};

// A measure child: the answer must pass the field-by-field check, and agree
// with what the parent measured of the child, before any figure is used.
ChildRun run_measure_child(Context &ctx, const std::string &lib, const MeasureAsk &ask, double timeout_s)
{
    ChildRun run = run_child(ctx, measure_args(ctx, lib, ask.op, ask.iterations, ask.warmups), timeout_s, ask.instance);
    if (!run.complete)
        return run;
    auto measured = measure_answer_from_json(run.answer);
    std::string problem = measured ? measure_answer_problem(*measured, ask.iterations) : measured.error();
    if (problem.empty())
        problem = measure_time_problem(*measured, run.proc, ask.op, ask.iterations, static_cast<uint64_t>(ask.warmups),
                                       ctx.host->startup_allowance_s());
    if (!problem.empty()) {
        run.complete = false;
        run.reason = "runner answer rejected: " + problem;
        return run;
    }
    run.health = measured->health;
    run.measured = std::move(*measured);
    return run;
}

// Sample arrays of a child; only complete (validated) measure answers have them.
const std::vector<uint64_t> &ticks_of(const ChildRun &run)
{
    static const std::vector<uint64_t> none;
    return run.complete && run.measured ? run.measured->ticks : none;
}
const std::vector<uint64_t> &ns_of(const ChildRun &run)
{
    static const std::vector<uint64_t> none;
    return run.complete && run.measured ? run.measured->ns : none;
}

std::optional<TrialTotals> totals_of(const ChildRun &run)
{
    const auto &ticks = ticks_of(run);
    const auto &ns = ns_of(run);
    if (ticks.empty())
        return std::nullopt;
    TrialTotals t;
    t.measurements = ticks.size();
    t.seconds = static_cast<double>(std::accumulate(ns.begin(), ns.end(), uint64_t{0})) / 1e9;
    t.cycles = static_cast<double>(std::accumulate(ticks.begin(), ticks.end(), uint64_t{0}));
    return t;
}

RecordProcess process_entry(const ChildRun &run, int attempt)
{
    RecordProcess p;
    p.status = run.complete ? "complete" : run.proc.timed_out ? "hard_timeout" : "failed";
    if (run.proc.started && !run.proc.timed_out && run.proc.signal == 0)
        p.exit_code = run.proc.exit_code;
    p.command = run.argv;
    p.wall_s = run.proc.wall_seconds;
    p.stderr_tail = tail(run.proc.err, 2000);
    p.disturbed_retries = attempt;
    if (run.proc.timed_out)
        p.timeout_s = run.proc.timeout_seconds;
    // A failed child's META goes into the record too, so it is read leniently here.
    p.meta = answer_meta(run.answer);
    if (auto t = totals_of(run))
        p.trials.push_back(*t);
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

// One kept trial of an operation: the child whose figures count, and which
// attempt it was (0 = first; each disturbed attempt before it is in `retried`).
struct KeptTrial {
    ChildRun child;
    int attempt = 0;
};

// The memory child's heap pass, per operation.
struct HeapFigures {
    uint64_t peak_bytes = 0, exchanges = 0;
    double allocations = 0, bytes_total = 0; // per operation
};

// Per-operation heap figures from the heap pass's totals; none from a pass that counted no exchange.
std::optional<HeapFigures> heap_figures(const std::optional<HeapAnswer> &h)
{
    if (!h || h->exchanges == 0)
        return std::nullopt;
    HeapFigures f;
    f.exchanges = h->exchanges;
    f.peak_bytes = h->peak_bytes;
    f.allocations = static_cast<double>(h->allocations) / static_cast<double>(f.exchanges);
    f.bytes_total = static_cast<double>(h->bytes_total) / static_cast<double>(f.exchanges);
    return f;
}

// The operation's evidence from its children, in the schema-2 layout plus kexbench's samples.
struct OperationRun {
    std::string op;
    Plan plan;
    std::vector<KeptTrial> trials; // one per trial slot
    std::vector<ChildRun> retried; // attempts judged disturbed and run again
    std::optional<uint64_t> stack_bytes;
    std::string stack_note;
    std::optional<HeapFigures> heap;
    std::string heap_note;
    std::string started_utc, ended_utc;
    std::array<double, 3> load_start{}, load_end{};
    std::string stop_reason; // adaptive: why it stopped
    // Clean trials run again only because a round partner's trial of the same
    // slot was disturbed and re-run (interleaved order): the pair stays in one phase.
    int partner_reruns = 0;
};

// Counter description, overhead and audits: the same in every child of an operation.
void add_counter_facts(RecordSamples &s, const MeasureAnswer &a)
{
    s.counter = a.counter;
    s.counter_unit = a.counter_unit;
    s.core_cycles = a.core_cycles;
    s.ticks_per_second = a.counter_hz;
    s.time_source = a.time_source;
    const double min_ticks = static_cast<double>(a.overhead.min_ticks);
    s.overhead_ticks = s.overhead_ticks == 0 ? min_ticks : std::min(s.overhead_ticks, min_ticks);
    s.overhead_ns = a.overhead.min_ns;
    s.secret_mismatches += a.secret_mismatches;
    s.dropped_tick_pairs += a.dropped_tick_pairs;
    for (const auto &audit : a.audits)
        if (std::find(s.audits.begin(), s.audits.end(), audit) == s.audits.end())
            s.audits.push_back(audit);
}

RetriedAttempt retried_attempt(const ChildRun &run)
{
    RetriedAttempt r;
    r.health = run.health;
    r.totals = totals_of(run).value_or(TrialTotals{});
    r.ticks = ticks_of(run);
    r.ns = ns_of(run);
    return r;
}

const TrialHealth &first_disturbed(const RecordSamples &s)
{
    return *std::find_if(s.health.begin(), s.health.end(), [](const TrialHealth &h) { return h.disturbed; });
}

// A memory figure that is absent because the user switched its pass off says
// so, instead of looking like a pass that failed or a record that predates it.
void add_memory_passes_off(RecordSamples &s, const CampaignOptions &opt)
{
    ordered_json off = ordered_json::array();
    if (!opt.stack) {
        off.push_back("stack");
        s.extra["stack_note"] = "skipped: the stack probe was off in this campaign (--no-stack)";
    }
    if (!opt.heap) {
        off.push_back("heap");
        s.extra["heap_note"] = "skipped: the heap pass was off in this campaign (--no-memory)";
    }
    s.extra["memory_passes_off"] = off;
}

void add_samples(Record &rec, const OperationRun &run, const Context &ctx)
{
    RecordSamples s;
    s.mode = ctx.opt.mode;
    for (const KeptTrial &t : run.trials) {
        if (!t.child.complete || !t.child.measured)
            continue;
        const auto &ticks = ticks_of(t.child);
        const auto &ns = ns_of(t.child);
        s.ticks.insert(s.ticks.end(), ticks.begin(), ticks.end());
        s.ns.insert(s.ns.end(), ns.begin(), ns.end());
        s.trial_sizes.push_back(ticks.size());
        add_counter_facts(s, *t.child.measured);
        s.health.push_back(t.child.health);
        s.disturbed = s.disturbed || t.child.health.disturbed;
    }
    for (const ChildRun &r : run.retried)
        s.retried.push_back(retried_attempt(r));
    if (!s.health.empty())
        s.probe_fastest_ns = ctx.fastest_probe_on(s.health.front().cpu);
    // kexbench's central value is over trials, not iterations (core/analysis/trial_stats.h).
    s.ci_relative_width = estimate_over_trials(trial_medians(s, TrialQuantity::time_ns),
                                               TrialStatistic::median_of_trial_medians, TrialQuantity::time_ns)
                              .relative_width();
    s.stack_bytes = run.stack_bytes;
    if (!run.stack_note.empty())
        s.extra["stack_note"] = run.stack_note;
    if (run.heap) {
        s.heap_peak_bytes = run.heap->peak_bytes;
        s.heap_allocations = run.heap->allocations;
        s.heap_bytes_total = run.heap->bytes_total;
        s.heap_exchanges = run.heap->exchanges;
    } else if (!run.heap_note.empty()) {
        s.extra["heap_note"] = run.heap_note;
    }
    add_memory_passes_off(s, ctx.opt); // after the child's notes: a pass switched off says so
    if (!run.stop_reason.empty())
        s.extra["adaptive_stop"] = run.stop_reason;
    if (run.partner_reruns > 0)
        s.extra["partner_reruns"] = run.partner_reruns;
    for (const KeptTrial &t : run.trials)
        if (!t.child.complete) {
            s.reason = t.child.reason;
            break;
        }
    if (s.reason.empty() && s.disturbed)
        s.reason = "disturbed: no clean attempt of trial " + std::to_string(first_disturbed(s).trial) + " in " +
                   std::to_string(first_disturbed(s).attempt + 1) + " attempts (" + first_disturbed(s).reason + ")";
    rec.kexbench = std::move(s);
}

Record assemble_record(const Context &ctx, const InstanceInfo &info, const KatCheck *kat, const OperationRun &run)
{
    Record rec;
    rec.candidate = candidate_of(ctx, info);
    rec.label = label_of(info);
    rec.instance = info.meta.instance;
    rec.variant = variant_of(build_of(ctx, info), info);
    rec.flags = flags_of(build_of(ctx, info));
    rec.operation = run.op;
    rec.plan = RecordPlan{run.plan.iterations_per_trial,
                          run.plan.warmups,
                          static_cast<int>(run.trials.size()),
                          true,
                          run.plan.estimated_s,
                          run.plan.timeout_per_process_s};
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
    for (const KeptTrial &t : run.trials) {
        rec.processes.push_back(process_entry(t.child, t.attempt));
        rec.disturbed_retries += t.attempt;
        all_complete = all_complete && t.child.complete;
    }
    const bool planned_count = ctx.opt.mode == "adaptive" || static_cast<int>(run.trials.size()) == run.plan.trials;
    rec.status = all_complete && planned_count ? "complete" : "failed_or_partial";
    for (const auto &p : rec.processes)
        rec.trials.insert(rec.trials.end(), p.trials.begin(), p.trials.end());
    sizes_from_meta(rec);
    for (const KeptTrial &t : run.trials)
        if (t.child.complete && t.child.measured) {
            rec.baseline_rss_bytes = std::max(rec.baseline_rss_bytes.value_or(0), t.child.measured->baseline_rss_bytes);
            rec.peak_rss_bytes = std::max(rec.peak_rss_bytes.value_or(0), t.child.measured->peak_rss_bytes);
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
    return ctx.out() / record_relative_path(candidate_of(ctx, info), label_of(info), op);
}

// Children's stderr can carry bytes that are not UTF-8; they are replaced, never a reason to lose a record.
Result<void> write_json(const fs::path &path, const ordered_json &j)
{
    return write_file_atomic(path, j.dump(1, ' ', false, ordered_json::error_handler_t::replace) + "\n");
}

bool write_record(Context &ctx, const InstanceInfo &info, const Record &rec, const std::string &replaces = {})
{
    auto written = write_json(record_path(ctx, info, rec.operation), record_to_json(rec));
    if (!written) {
        ctx.problem(label_of(info), written.error());
        return false;
    }
    ++ctx.summary.records_written;
    if (rec.status != "complete")
        ++ctx.summary.records_failed;
    CampaignEvent e = ev(CampaignEvent::RecordWritten, label_of(info), rec.operation);
    e.record = &rec;
    e.message = rec.status == "complete" ? "complete" : rec.kexbench ? rec.kexbench->reason : rec.status;
    e.replaces = replaces;
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

// The shares of a sharded campaign write build.json from threads of their own:
// each adds its entry to what the file holds now, one at a time, so none
// overwrites another's.
Result<void> merge_build_entry(const fs::path &path, const std::string &key, const ordered_json &entry)
{
    static std::mutex build_file_mutex;
    std::lock_guard<std::mutex> lock(build_file_mutex);
    ordered_json build = ordered_json{{"instances", ordered_json::object()}};
    if (auto text = read_file(path.string(), 64u << 20)) {
        ordered_json old = ordered_json::parse(*text, nullptr, false);
        if (old.is_object() && old.contains("instances") && old["instances"].is_object())
            build = std::move(old);
    }
    build["instances"][key] = entry;
    return write_json(path, build);
}

// The memory child: the passes the options leave on (at least one).
void measure_memory_of(Context &ctx, const std::string &lib, const std::string &instance, OperationRun &run,
                       double timeout_s)
{
    const std::string passes = ctx.opt.stack && ctx.opt.heap ? "stack,heap" : ctx.opt.stack ? "stack" : "heap";
    ChildRun child = run_child(ctx, {"stack", lib, "--op", run.op, "--passes", passes}, timeout_s, instance);
    auto answer = child.complete ? memory_answer_from_json(child.answer) : Result<MemoryAnswer>(fail(child.reason));
    if (child.complete && !answer)
        answer = fail("runner answer rejected: " + answer.error());
    // A pass without its figure says why: the child's reason, or which figure its answer lacks.
    auto note = [&](const std::string &reason, const char *what) {
        if (!answer)
            return answer.error();
        return reason.empty() ? std::string("runner answer without ") + what : reason;
    };
    if (answer && answer->stack_bytes)
        run.stack_bytes = *answer->stack_bytes;
    else
        run.stack_note = note(answer ? answer->stack_reason : std::string(), "stack_bytes");
    run.heap = answer ? heap_figures(answer->heap) : std::nullopt;
    if (!run.heap)
        run.heap_note = note(answer ? answer->heap_reason : std::string(), "heap figures");
}

void add_build_entry(Context &ctx, const InstanceInfo &info, const KatCheck *kat)
{
    const BuildInfo *b = build_of(ctx, info);
    ordered_json e;
    e["candidate"] = candidate_of(ctx, info);
    e["label"] = label_of(info);
    e["instance"] = info.meta.instance;
    e["variant"] = variant_of(b, info);
    e["flags"] = flags_of(b);
    if (b && !b->guide_result.empty())
        e["guide_result"] = b->guide_result;
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
    e["build_flags"] = b && !b->build_flags.empty() ? b->build_flags : info.meta.build_flags;
    e["compiler"] = b && !b->compiler.empty() ? b->compiler : info.meta.compiler;
    if (b && !b->compiler_version.empty())
        e["compiler_version"] = b->compiler_version;
    ctx.build["instances"][key_of(ctx, info)] = e;
    if (auto w = merge_build_entry(ctx.out() / "build.json", key_of(ctx, info), e); !w)
        ctx.problem(label_of(info), w.error());
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
    ChildRun child = run_measure_child(ctx, lib, {info.meta.instance, "exchange", 1, 0}, ctx.opt.calibration_timeout_s);
    if (child.complete) {
        const auto &ns = ns_of(child);
        t1 = std::max(1e-9, static_cast<double>(ns.empty() ? 0 : ns[0]) / 1e9);
        setup_s = std::max(0.0, child.proc.wall_seconds - t1);
        passes_run = static_cast<unsigned>(child.measured->passes_run);
        return true;
    }
    if (child.proc.cancelled)
        return false;
    // The calibration failure is the instance's evidence: a failed exchange record with the reason.
    run.plan.trials = 1;
    run.trials.push_back({std::move(child), 0});
    run.ended_utc = utc_now();
    run.load_end = load_average();
    Record rec = assemble_record(ctx, info, kat, run);
    write_record(ctx, info, rec);
    ctx.problem(label_of(info), label_of(info) + ": not measured: " + rec.kexbench->reason);
    return false;
}

std::vector<std::string> chosen_operations(Context &ctx, const InstanceInfo &info, unsigned passes_run)
{
    const unsigned timed = timed_passes(info.caps.passes, passes_run);
    std::vector<std::string> all = operations_for(timed);
    if (ctx.opt.operations.empty())
        return all;
    std::vector<std::string> chosen;
    for (const auto &op : ctx.opt.operations) {
        if (std::find(all.begin(), all.end(), op) != all.end())
            chosen.push_back(op);
        else
            ctx.problem(label_of(info), label_of(info) + ": no operation " + op + " (it claims " +
                                            std::to_string(info.caps.passes) + " passes and its exchange runs " +
                                            std::to_string(passes_run) + ": pass steps are timed up to " +
                                            std::to_string(timed) + ")");
    }
    return chosen;
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
void add_shares(ordered_json &j, const ProfileAnswer &answer)
{
    const double total = static_cast<double>(answer.total_ticks);
    if (!(total > 0))
        return;
    std::map<std::string, double> ticks;
    for (const auto &c : answer.calls)
        ticks[c.fn] += static_cast<double>(c.ticks);
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
ordered_json profile_calls(const ProfileAnswer &answer)
{
    ordered_json calls = ordered_json::array();
    for (const auto &c : answer.calls)
        calls.push_back(
            {{"fn", c.fn}, {"in_bits", c.in_bits}, {"out_bits", c.out_bits}, {"calls", c.calls}, {"ticks", c.ticks}});
    return calls;
}

// The profile answer's rows, also from a failed child (its record keeps them); none when malformed.
std::optional<ProfileAnswer> profile_rows(const ChildRun &child)
{
    auto parsed = profile_answer_from_json(child.answer);
    return parsed ? std::optional<ProfileAnswer>(std::move(*parsed)) : std::nullopt;
}

// How the profile's iteration count was chosen, kept with it (harness rule or --profile-iterations).
struct ProfileChoice {
    ProfilePlan plan;
    std::string rule; // "harness" or "--profile-iterations"
    double t1 = 0;    // the exchange calibration's seconds the rule was applied to
};

ordered_json profile_json(const Context &ctx, const InstanceInfo &info, const std::string &profiled,
                          const ChildRun &child, const ProfileChoice &choice, const std::string &reason)
{
    ordered_json j;
    j["schema"] = kRecordSchema;
    j["candidate"] = candidate_of(ctx, info);
    j["label"] = label_of(info);
    j["operation"] = "exchange";
    j["input_bytes"] = 0;
    j["status"] = reason.empty() ? "complete" : "failed";
    j["command"] = child.argv;
    j["stderr"] = tail(child.proc.err, 2000);
    ordered_json meta = ordered_json::object();
    if (child.answer.is_object()) {
        for (const auto &[key, value] : answer_meta(child.answer))
            meta[key] = value;
        j["meta"] = meta;
        if (const auto rows = profile_rows(child)) {
            j["total"] = {{"operations", rows->operations}, {"ticks", rows->total_ticks}};
            j["calls"] = profile_calls(*rows);
            if (reason.empty())
                add_shares(j, *rows);
        }
    }
    ordered_json k = {{"library", profiled}};
    if (auto bytes = read_file(profiled))
        k["library_sha256"] = sha256_hex(*bytes);
    k["iterations"] = choice.plan.iterations;
    k["warmups"] = choice.plan.warmups;
    k["iterations_rule"] = choice.rule;
    k["calibration_t1_s"] = choice.t1;
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
    auto rows = profile_answer_from_json(child.answer);
    if (!rows)
        return "runner answer rejected: " + rows.error();
    for (const auto &[key, value] : rows->meta)
        if (key == "instance" && value != info.meta.instance)
            return "profiled library is instance " + value + ", not " + info.meta.instance;
    return {};
}

// One profiling child after the timed trials, when the instance has a profiled build.
void measure_profile_of(Context &ctx, const std::string &lib, const InstanceInfo &info, double t1, double setup_s)
{
    const fs::path profiled = profiled_library(lib);
    std::error_code ec;
    if (!fs::is_regular_file(profiled, ec))
        return;
    const fs::path out = ctx.out() / "profile" / candidate_of(ctx, info) / (label_of(info) + "__exchange.json");
    if (profile_complete(out))
        return; // resuming: the shares are already measured
    // Only the calibration's t1 (or the user's count) decides: never the timing plan, target or mode.
    ProfileChoice choice;
    choice.plan = plan_profile(t1, setup_s, ctx.opt.planning.timeout_slack_s, ctx.opt.profile_iterations);
    choice.rule = ctx.opt.profile_iterations > 0 ? "--profile-iterations" : "harness";
    choice.t1 = t1;
    const ProfilePlan &plan = choice.plan;
    ChildRun child = run_child(ctx,
                               {"profile", profiled.string(), "--op", "exchange", "--iterations",
                                std::to_string(plan.iterations), "--warmups", std::to_string(plan.warmups)},
                               plan.timeout_s, info.meta.instance);
    if (child.proc.cancelled)
        return;
    const std::string problem = profile_problem(info, child);
    if (auto w = write_json(out, profile_json(ctx, info, profiled.string(), child, choice, problem)); !w)
        ctx.problem(label_of(info), w.error());
    if (!problem.empty())
        ctx.emit(ev(CampaignEvent::Warning, label_of(info), "exchange",
                    label_of(info) + ": hash/DRNG profile failed: " + problem));
}

// ---- scheduling the trials of every (instance, operation) pair

// An instance ready to measure: KAT-checked and calibrated.
struct InstanceWork {
    std::string lib;
    InstanceInfo info;
    std::optional<KatCheck> kat;
    double t1 = 0, setup_s = 0;
    std::vector<std::string> ops;         // the operations measured (resumed ones left out)
    std::vector<std::string> planned_ops; // every operation chosen for it, resumed ones included
    bool measure_exchange = false;
    const KatCheck *kat_check() const { return kat ? &*kat : nullptr; }
};

// Every operation of a calibrated instance gets this plan: each iteration of a
// step runs a whole exchange, so t1 sizes them all.
Plan plan_of(const Context &ctx, const InstanceWork &w)
{
    PlanningConstants constants = ctx.opt.planning;
    if (ctx.opt.mode == "adaptive")
        constants.trial_target_s = ctx.opt.adaptive.trial_target_s;
    return plan_fixed(w.t1, w.setup_s, w.t1, constants);
}

bool has_profiled_build(const std::string &lib)
{
    std::error_code ec;
    return fs::is_regular_file(profiled_library(lib), ec);
}

// The progress plan's share of one instance past its preparation: assumed from
// the options until it is calibrated (assumed_instance_work_s), then its real
// plan (instance_work_s).
double assumed_instance_work_s(const Context &ctx, const InstanceInfo &info)
{
    const size_t ops = ctx.opt.operations.empty() ? operations_for(static_cast<unsigned>(info.caps.passes)).size()
                                                  : ctx.opt.operations.size();
    const double profile =
        has_profiled_build(info.path) ? profile_child_s(ctx.opt, kAssumedCallS, kAssumedChildSetupS) : 0;
    return static_cast<double>(ops) * assumed_operation_s(ctx.opt) + profile;
}

double instance_work_s(const Context &ctx, const InstanceWork &w)
{
    const Plan plan = plan_of(ctx, w);
    const double per_op = planned_trials(ctx.opt, plan) * trial_work_s(plan) + stack_child_s(ctx.opt, w.t1, w.setup_s);
    const double profile =
        w.measure_exchange && has_profiled_build(w.lib) ? profile_child_s(ctx.opt, w.t1, w.setup_s) : 0;
    return static_cast<double>(w.ops.size()) * per_op + profile;
}

// One (instance, operation) pair and the state of its trials.
struct PairWork {
    size_t instance = 0;
    OperationRun run;
    std::vector<size_t> retry_slots; // trial slots whose disturbed attempt is to be run again
    // Those of retry_slots whose attempt was clean: queued to stay in phase
    // with a round partner's retry (sync_round_partners), not for a disturbance of its own.
    std::vector<size_t> partner_slots;
    int planned = 0;                      // fixed: the plan's trials; adaptive: the minimum it counts on
    bool stopped = false;                 // no new trials: the adaptive rule was met, or a child failed
    bool failed = false;                  // a child failed: stopped for good, whatever the adaptive rule says
    bool announced = false;               // OperationStarted sent
    bool written = false;                 // its record is on disk
    bool written_failed = false;          // ... as a failed record
    bool changed = false;                 // something changed since it was written
    int retried_since_written = 0;        // trials run again after it was written (the sweep's retries)
    int partner_reruns_since_written = 0; // ... of those, clean ones run again beside a partner's retry
    double spent_s = 0;                   // its children's wall time (the adaptive budget)
    double trial_s = 0, stack_s = 0;      // the progress plan's seconds per trial and for the stack child
    bool unrun_dropped = false;           // the planned trials it will not run are out of the progress plan
};

bool wants_new_trial(const Context &ctx, const PairWork &p)
{
    if (p.stopped)
        return false;
    if (ctx.opt.mode == "adaptive")
        return static_cast<int>(p.run.trials.size()) < ctx.opt.adaptive.max_trials;
    return static_cast<int>(p.run.trials.size()) < p.run.plan.trials;
}

bool has_work(const Context &ctx, const PairWork &p) { return !p.retry_slots.empty() || wants_new_trial(ctx, p); }

// Trials of every pair in rounds: trial slot k of each ran in round k.
bool interleaved(const Context &ctx) { return ctx.opt.order == "interleaved"; }

// The round partners of an interleaved campaign: the pairs of one operation,
// whose slot-k trials are compared round by round (compare_instances).
std::vector<std::vector<size_t>> partner_groups(const std::vector<PairWork> &pairs)
{
    std::vector<std::vector<size_t>> groups;
    std::vector<std::string> ops;
    for (size_t i = 0; i < pairs.size(); ++i) {
        const auto at = std::find(ops.begin(), ops.end(), pairs[i].run.op);
        if (at == ops.end()) {
            ops.push_back(pairs[i].run.op);
            groups.push_back({i});
        } else {
            groups[static_cast<size_t>(at - ops.begin())].push_back(i);
        }
    }
    return groups;
}

struct TrialTask {
    size_t pair = 0;
    std::optional<size_t> retry_slot; // nullopt: a new trial
};

TrialTask task_for(size_t index, const PairWork &p)
{
    if (!p.retry_slots.empty())
        return {index, p.retry_slots.front()};
    return {index, std::nullopt};
}

// The next round of trials. Interleaved: one trial of every pair that has
// work, in a fresh random order from the campaign's seeded generator, so a
// slow phase of the machine hits all rows alike. Harness: the first pair
// with work, alone, until it is done.
std::vector<TrialTask> next_round(const Context &ctx, const std::vector<PairWork> &pairs, std::mt19937_64 &rng)
{
    std::vector<TrialTask> round;
    for (size_t i = 0; i < pairs.size(); ++i) {
        if (!has_work(ctx, pairs[i]))
            continue;
        round.push_back(task_for(i, pairs[i]));
        if (ctx.opt.order == "harness")
            return round;
    }
    std::shuffle(round.begin(), round.end(), rng);
    return round;
}

// Judged against the fastest probe the campaign has seen on that CPU so far
// (the end-of-campaign sweep judges again against the final fastest).
void judge(const Context &ctx, TrialHealth &h, const OperationRun &run)
{
    std::optional<double> clock;
    if (run.op == "exchange") // the harness exempts per_call_step: its wall time is not the counter window
        clock = ctx.fixed_clock_hz;
    judge_trial(h, ctx.fastest_probe_on(h.cpu), clock);
}

void add_cycles_per_second(const Context &ctx, ChildRun &child)
{
    if (!ctx.fixed_clock_hz)
        return;
    if (auto t = totals_of(child); t && t->seconds > 0.01 && t->cycles)
        child.health.cycles_per_second = *t->cycles / t->seconds;
}

void check_adaptive_stop(Context &ctx, PairWork &p)
{
    std::vector<double> medians;
    for (const KeptTrial &t : p.run.trials) {
        RecordSamples one;
        one.ns = ns_of(t.child);
        for (double m : trial_medians(one, TrialQuantity::time_ns))
            medians.push_back(m);
    }
    const auto width =
        estimate_over_trials(medians, TrialStatistic::median_of_trial_medians, TrialQuantity::time_ns).relative_width();
    auto verdict = adaptive_should_stop(ctx.opt.adaptive, static_cast<int>(p.run.trials.size()), p.spent_s, width);
    p.stopped = verdict.stop;
    p.run.stop_reason = verdict.why;
}

// A new attempt takes its slot; the disturbed one it replaces moves to `retried`.
size_t keep_attempt(PairWork &p, const TrialTask &task, ChildRun child)
{
    if (!task.retry_slot) {
        p.run.trials.push_back({std::move(child), 0});
        return p.run.trials.size() - 1;
    }
    KeptTrial &slot = p.run.trials[*task.retry_slot];
    p.retried_since_written += p.written ? 1 : 0;
    p.retry_slots.erase(p.retry_slots.begin());
    const auto partner = std::find(p.partner_slots.begin(), p.partner_slots.end(), *task.retry_slot);
    if (partner != p.partner_slots.end()) { // a clean attempt is replaced, not counted as a disturbed one
        p.partner_slots.erase(partner);
        ++p.run.partner_reruns;
        p.partner_reruns_since_written += p.written ? 1 : 0;
        slot.child = std::move(child);
        return *task.retry_slot;
    }
    p.run.retried.push_back(std::move(slot.child));
    slot.child = std::move(child);
    ++slot.attempt;
    return *task.retry_slot;
}

// The progress plan after one trial: it is done work; a trial past the
// planned count (adaptive) or a retry is work the plan had not counted (a
// retry was added when queued); planned trials a stopped pair will not run
// and retries it dropped leave the plan.
void drop_unrun_trials(Context &ctx, PairWork &p)
{
    if (p.stopped && !p.unrun_dropped && static_cast<int>(p.run.trials.size()) < p.planned) {
        ctx.units_total -= (p.planned - static_cast<int>(p.run.trials.size())) * p.trial_s;
        p.unrun_dropped = true;
    }
}

void count_progress(Context &ctx, PairWork &p, bool was_retry, size_t retries_dropped)
{
    ctx.units_done += p.trial_s;
    if (!was_retry && static_cast<int>(p.run.trials.size()) > p.planned)
        ctx.units_total += p.trial_s;
    ctx.units_total -= static_cast<double>(retries_dropped) * p.trial_s;
    drop_unrun_trials(ctx, p);
}

void queue_retry(Context &ctx, PairWork &p, size_t slot)
{
    p.retry_slots.push_back(slot);
    ctx.units_total += p.trial_s;
}

void run_trial(Context &ctx, const std::vector<InstanceWork> &instances, PairWork &p, const TrialTask &task)
{
    const InstanceWork &w = instances[p.instance];
    if (!p.announced) {
        p.announced = true;
        ctx.emit(ev(CampaignEvent::OperationStarted, label_of(w.info), p.run.op));
    }
    ChildRun child = run_measure_child(
        ctx, w.lib, {w.info.meta.instance, p.run.op, p.run.plan.iterations_per_trial, p.run.plan.warmups},
        p.run.plan.timeout_per_process_s);
    if (child.proc.cancelled)
        return;
    p.spent_s += child.proc.wall_seconds;
    const bool ok = child.complete;
    if (ok) {
        add_cycles_per_second(ctx, child);
        ctx.note_probe(child.health);
        judge(ctx, child.health, p.run);
    }
    const size_t slot = keep_attempt(p, task, std::move(child));
    KeptTrial &kept = p.run.trials[slot];
    kept.child.health.trial = static_cast<int>(slot) + 1;
    kept.child.health.attempt = kept.attempt;
    if (interleaved(ctx))
        kept.child.health.round = ctx.round;
    p.changed = true;
    size_t retries_dropped = 0;
    if (!ok) {
        p.stopped = p.failed = true; // the harness also stops at the first process that does not complete
        retries_dropped = p.retry_slots.size();
        p.retry_slots.clear();
        p.partner_slots.clear();
    } else if (kept.child.health.disturbed && kept.attempt < ctx.opt.retries) {
        queue_retry(ctx, p, slot);
    }
    // A retry replaces a trial value, so the rule is checked again: an
    // operation stopped on precision goes on when its interval widened.
    // Interleaved, the round partners decide together at the round's end.
    if (ok && ctx.opt.mode == "adaptive" && !interleaved(ctx))
        check_adaptive_stop(ctx, p);
    count_progress(ctx, p, task.retry_slot.has_value(), retries_dropped);
    CampaignEvent e = ev(CampaignEvent::TrialDone, label_of(w.info), p.run.op,
                         kept.child.health.disturbed ? "disturbed: " + kept.child.health.reason : std::string());
    e.trial = static_cast<int>(p.run.trials.size());
    e.trials = ctx.opt.mode == "adaptive" ? 0 : p.run.plan.trials;
    ctx.emit(e);
}

// Why a pair written before is written again: the sweep judged its trials
// against the campaign's final fastest probe, and ran the newly disturbed ones
// again or only changed their verdicts. Observers print both lines; this says
// which one stands (issue 33: the same record's summary twice, unexplained).
std::string replacement_reason(const PairWork &p)
{
    if (!p.written)
        return {};
    if (p.partner_reruns_since_written > 0 && p.partner_reruns_since_written == p.retried_since_written)
        return "replaces the earlier figures: " + std::to_string(p.partner_reruns_since_written) +
               " trial(s) were run again beside a round partner's disturbed trial";
    if (p.retried_since_written > 0)
        return "replaces the earlier figures: " + std::to_string(p.retried_since_written) +
               " trial(s) found disturbed at the campaign's end were run again";
    return "replaces the earlier record: its trials were judged again at the campaign's end";
}

// Stack child, record, written: when the pair has no work left. A pair the
// end-of-campaign sweep changes is written again (the same file, counted once).
void finish_pair(Context &ctx, const std::vector<InstanceWork> &instances, PairWork &p)
{
    const InstanceWork &w = instances[p.instance];
    if (!p.written && (ctx.opt.stack || ctx.opt.heap) && !ctx.cancelled()) {
        measure_memory_of(ctx, w.lib, w.info.meta.instance, p.run, p.run.plan.timeout_per_process_s);
        ctx.units_done += p.stack_s;
    }
    p.run.ended_utc = utc_now();
    p.run.load_end = load_average();
    Record rec = assemble_record(ctx, w.info, w.kat_check(), p.run);
    if (ctx.cancelled() && rec.status != "complete")
        return;
    const std::string replaces = replacement_reason(p);
    if (p.written) {
        --ctx.summary.records_written;
        ctx.summary.records_failed -= p.written_failed ? 1 : 0;
    }
    if (write_record(ctx, w.info, rec, replaces)) {
        p.written = true;
        p.written_failed = rec.status != "complete";
        p.changed = false;
        p.retried_since_written = 0;
        p.partner_reruns_since_written = 0;
    }
}

// The fastest probe is known only at the end: judge every kept trial again
// against it, and queue the newly disturbed ones that still have retries.
// Returns whether any retry was queued.
bool sweep_disturbed(Context &ctx, std::vector<PairWork> &pairs)
{
    bool queued = false;
    for (PairWork &p : pairs)
        for (size_t slot = 0; slot < p.run.trials.size(); ++slot) {
            KeptTrial &t = p.run.trials[slot];
            if (!t.child.complete)
                continue;
            const bool was = t.child.health.disturbed;
            const std::string why = t.child.health.reason;
            judge(ctx, t.child.health, p.run);
            if (was != t.child.health.disturbed || why != t.child.health.reason)
                p.changed = true;
            // Queued for a partner but now disturbed itself: its re-run is a retry of its own.
            if (const auto at = std::find(p.partner_slots.begin(), p.partner_slots.end(), slot);
                t.child.health.disturbed && at != p.partner_slots.end())
                p.partner_slots.erase(at);
            if (t.child.health.disturbed && t.attempt < ctx.opt.retries &&
                std::find(p.retry_slots.begin(), p.retry_slots.end(), slot) == p.retry_slots.end()) {
                queue_retry(ctx, p, slot);
                queued = true;
            }
        }
    return queued;
}

// A retry of slot k runs in a later round than its partners' slot-k trials,
// in another phase of the host. So when one pair of an operation queues slot
// k again, its partners run their clean slot-k trials again too, and all of
// them in the same round: every partner's queue holds the same slots in the
// same order. A failed pair has no partners' work.
void sync_round_partners(Context &ctx, std::vector<PairWork> &pairs)
{
    if (!interleaved(ctx))
        return;
    for (const auto &group : partner_groups(pairs)) {
        std::vector<size_t> slots;
        for (size_t i : group)
            slots.insert(slots.end(), pairs[i].retry_slots.begin(), pairs[i].retry_slots.end());
        for (size_t i : group) {
            PairWork &p = pairs[i];
            if (p.failed)
                continue;
            for (size_t slot : slots)
                if (slot < p.run.trials.size() && p.run.trials[slot].child.complete &&
                    std::find(p.retry_slots.begin(), p.retry_slots.end(), slot) == p.retry_slots.end()) {
                    queue_retry(ctx, p, slot);
                    p.partner_slots.push_back(slot);
                }
            std::sort(p.retry_slots.begin(), p.retry_slots.end());
        }
    }
}

// Adaptive and interleaved: the pairs of one operation stop together, at a
// round's end, so each has as many trials as its partners (issue 34: 15
// trials of one twin against 37 of the other). They stop when every one has
// its precision, or when one has spent its budget or reached the trial limit;
// a pair stopped by a partner says so.
void stop_round_partners_together(Context &ctx, std::vector<PairWork> &pairs)
{
    if (ctx.opt.mode != "adaptive" || !interleaved(ctx))
        return;
    for (const auto &group : partner_groups(pairs)) {
        std::vector<PairWork *> live;
        for (size_t i : group)
            if (!pairs[i].failed && !pairs[i].run.trials.empty())
                live.push_back(&pairs[i]);
        bool all_stop = !live.empty(), one_ends = false;
        std::string why;
        for (PairWork *p : live) {
            check_adaptive_stop(ctx, *p);
            all_stop = all_stop && p->stopped;
            if (p->stopped && p->run.stop_reason != "precision reached" && !one_ends) {
                one_ends = true;
                why = p->run.stop_reason;
            }
        }
        for (PairWork *p : live) {
            const bool own = p->stopped;
            p->stopped = all_stop || one_ends;
            if (p->stopped && !own)
                p->run.stop_reason = "stopped with its round partners (" + why + ")";
            if (!p->stopped)
                p->run.stop_reason.clear();
            drop_unrun_trials(ctx, *p);
        }
    }
}

void run_all_trials(Context &ctx, const std::vector<InstanceWork> &instances, std::vector<PairWork> &pairs,
                    uint64_t seed)
{
    std::mt19937_64 rng(seed);
    for (;;) {
        std::vector<TrialTask> round = next_round(ctx, pairs, rng);
        if (round.empty()) {
            const bool queued = sweep_disturbed(ctx, pairs);
            sync_round_partners(ctx, pairs);
            if (!queued)
                break;
            continue;
        }
        ++ctx.round;
        for (const TrialTask &task : round) {
            if (ctx.cancelled())
                return;
            run_trial(ctx, instances, pairs[task.pair], task);
        }
        // Partners' retries and the joint stop are decided on the whole round,
        // so a pair is written once its partners can no longer change its work.
        sync_round_partners(ctx, pairs);
        stop_round_partners_together(ctx, pairs);
        for (const TrialTask &task : round) {
            PairWork &p = pairs[task.pair];
            if (!has_work(ctx, p) && p.changed && !ctx.cancelled())
                finish_pair(ctx, instances, p);
        }
    }
    for (PairWork &p : pairs) // verdicts the sweep changed without a retry left
        if (p.changed && !ctx.cancelled())
            finish_pair(ctx, instances, p);
}

// The campaign's manifest first; then the entry the library's build was gated
// on, so a KAT that passed at build time is checked again, never NOKAT.
KatCheckOptions kat_options_for(const Context &ctx, const InstanceInfo &info)
{
    const BuildInfo *b = build_of(ctx, info);
    KatCheckOptions how = b ? kat_options_from_build(info.path, *b) : KatCheckOptions{};
    how.candidate = candidate_of(ctx, info);
    how.manifest_given = ctx.opt.manifest_given;
    how.log_root = ctx.out().string();
    how.label = info.label;
    return how;
}

// What the KAT text showed besides its verdict: said now, and kept in
// campaign.json "kat_warnings" ("<instance>: KAT: ...") with the campaign's other warnings.
void note_kat_warnings(Context &ctx, const InstanceInfo &info, const KatCheck &kat)
{
    for (const std::string &warning : kat.warnings) {
        const std::string line = label_of(info) + ": KAT: " + warning;
        ctx.campaign["kat_warnings"].push_back(line);
        ctx.emit(ev(CampaignEvent::Warning, label_of(info), "", line));
    }
}

// KAT, build entry, calibration and the operations still to measure.
std::optional<InstanceWork> prepare_instance(Context &ctx, const std::string &lib, const InstanceInfo &info)
{
    ctx.emit(ev(CampaignEvent::InstanceStarted, label_of(info)));
    InstanceWork w;
    w.lib = lib;
    w.info = info;
    if (ctx.opt.kat) {
        w.kat = check_kat(lib, ctx.opt.manifest, (ctx.out() / "kat" / candidate_of(ctx, info)).string(), ctx.opt.runner,
                          kat_options_for(ctx, info));
        if (ctx.cancelled())
            return std::nullopt;
        if (w.kat->verdict != KatVerdict::Pass)
            ctx.emit(ev(CampaignEvent::Warning, label_of(info), "", label_of(info) + ": KAT " + w.kat->summary()));
        else // every instance's KAT outcome is said, the pass too
            ctx.emit(ev(CampaignEvent::KatPassed, label_of(info), "",
                        label_of(info) + ": KAT PASS (" + std::to_string(w.kat->records) + " vectors)"));
        note_kat_warnings(ctx, info, *w.kat);
    }
    add_build_entry(ctx, info, w.kat_check());
    unsigned passes_run = 0;
    const bool calibrated = calibrate(ctx, lib, info, w.kat_check(), w.t1, w.setup_s, passes_run);
    ctx.units_done += instance_preparation_s(ctx.opt);
    ctx.units_total -= assumed_instance_work_s(ctx, info);
    if (!calibrated)
        return std::nullopt;
    for (const auto &op : chosen_operations(ctx, info, passes_run)) {
        w.measure_exchange = w.measure_exchange || op == "exchange";
        w.planned_ops.push_back(op);
        if (!resumable(ctx, info, op)) {
            w.ops.push_back(op);
            continue;
        }
        ++ctx.summary.records_resumed;
        ctx.emit(ev(CampaignEvent::RecordResumed, label_of(info), op, "kept the complete record"));
    }
    ctx.units_total += instance_work_s(ctx, w);
    return w;
}

std::vector<PairWork> pairs_of(Context &ctx, const std::vector<InstanceWork> &instances)
{
    std::vector<PairWork> pairs;
    for (size_t i = 0; i < instances.size(); ++i)
        for (const auto &op : instances[i].ops) {
            PairWork p;
            p.instance = i;
            p.run.op = op;
            p.run.plan = plan_of(ctx, instances[i]);
            p.run.started_utc = utc_now();
            p.run.load_start = load_average();
            p.planned = planned_trials(ctx.opt, p.run.plan);
            p.trial_s = trial_work_s(p.run.plan);
            p.stack_s = stack_child_s(ctx.opt, instances[i].t1, instances[i].setup_s);
            pairs.push_back(std::move(p));
        }
    return pairs;
}

} // namespace

std::string completion_state(bool cancelled, int measured, size_t not_measured, size_t refused)
{
    if (cancelled)
        return "cancelled";
    if (measured == 0)
        return "failed";
    return not_measured == 0 && refused == 0 ? "complete" : "partial";
}

std::string completion_failure_reason(const std::vector<std::string> &refused)
{
    std::string why = "nothing measured";
    if (refused.empty())
        return why + ": no planned record was measured";
    for (size_t i = 0; i < refused.size(); ++i)
        why += (i ? "; " : ": every instance was refused: ") + refused[i];
    return why;
}

namespace {

// The "completion" block of campaign.json: whether the campaign measured
// every record it planned. state: completion_state(); planned / measured count records;
// not_measured names each planned record without a complete record as
// "candidate/label/operation", "candidate/label/*" when the instance stopped
// before its operations were chosen (cancelled or not calibrated); refused
// names each library that was never measured ("<library>: <why>"; its name
// is not trusted, so it is not among the planned records), and reason says
// why a campaign failed.
ordered_json completion_json(const Context &ctx, const std::vector<InstanceInfo> &infos,
                             const std::vector<InstanceWork> &instances,
                             const std::vector<std::pair<std::string, std::string>> &refused_libraries)
{
    int planned = 0, measured = 0;
    std::vector<std::string> not_measured;
    for (const InstanceInfo &info : infos) {
        const InstanceWork *work = nullptr;
        for (const InstanceWork &w : instances)
            if (w.info.path == info.path)
                work = &w;
        const std::string key = candidate_of(ctx, info) + "/" + label_of(info) + "/";
        std::vector<std::string> ops = work ? work->planned_ops : ctx.opt.operations;
        if (!work && ops.empty()) { // its operations were never chosen: one entry for all of them
            ++planned;
            not_measured.push_back(key + "*");
            continue;
        }
        for (const std::string &op : ops) {
            ++planned;
            if (resumable(ctx, info, op))
                ++measured;
            else
                not_measured.push_back(key + op);
        }
    }
    std::vector<std::string> refused;
    for (const auto &refusal : refused_libraries)
        refused.push_back(refusal.second); // describe's errors name the library first
    const std::string state = completion_state(ctx.cancelled(), measured, not_measured.size(), refused.size());
    ordered_json block{{"state", state},
                       {"planned", planned},
                       {"measured", measured},
                       {"not_measured", not_measured},
                       {"refused", refused}};
    if (state == "failed")
        block["reason"] = completion_failure_reason(refused);
    return block;
}

// The probe figures of the campaign, for comparing machines and runs ("B ran 23 % slower per probe").
ordered_json probe_json(const Context &ctx)
{
    ordered_json by_cpu = ordered_json::object();
    for (const auto &[cpu, ns] : ctx.fastest_probe_ns)
        by_cpu[std::to_string(cpu)] = ns;
    const auto [lo, hi] = std::minmax_element(ctx.probes_ns.begin(), ctx.probes_ns.end());
    return {{"kernel", "dependent 64-bit multiply-add chain, fastest of " + std::to_string(kProbeRepeats) +
                           " repeats before and after each trial"},
            {"attempts", ctx.probes_ns.size()},
            {"fastest_ns", ctx.probes_ns.empty() ? json(nullptr) : json(*lo)},
            {"median_ns", ctx.probes_ns.empty() ? json(nullptr) : json(stats::median(ctx.probes_ns))},
            {"slowest_ns", ctx.probes_ns.empty() ? json(nullptr) : json(*hi)},
            {"fastest_ns_by_cpu", by_cpu}};
}

// CPU pressure (PSI "some avg60") from which the host counts as loaded.
constexpr double kPressureWarningPercent = kCpuPressureWarningPercent;

// Host-load warnings from what the campaign measured, not the load average.
std::vector<std::string> measured_warnings(const Context &ctx, const std::vector<PairWork> &pairs)
{
    std::vector<std::string> w;
    if (ctx.probes_ns.size() >= 2) {
        const auto [lo, hi] = std::minmax_element(ctx.probes_ns.begin(), ctx.probes_ns.end());
        if (*hi > 1.03 * *lo)
            w.push_back("the speed probe varied by " + fmt::percent(*hi / *lo - 1) +
                        " during the campaign: the machine's speed changed while it ran");
    }
    int attempts = 0, disturbed = 0, flagged = 0;
    double steal = 0;
    for (const PairWork &p : pairs) {
        attempts += static_cast<int>(p.run.trials.size() + p.run.retried.size());
        disturbed += static_cast<int>(p.run.retried.size());
        for (const KeptTrial &t : p.run.trials) {
            disturbed += t.child.health.disturbed;
            flagged += t.child.health.disturbed;
            steal += t.child.health.steal_s.value_or(0);
        }
        for (const ChildRun &r : p.run.retried)
            steal += r.health.steal_s.value_or(0);
    }
    if (disturbed > 0)
        w.push_back(std::to_string(disturbed) + " of " + std::to_string(attempts) + " trial attempts were disturbed" +
                    (flagged > 0 ? "; " + std::to_string(flagged) + " kept trial(s) never got a clean attempt"
                                 : std::string(", and every one was run again cleanly")));
    if (steal > 0)
        w.push_back("the hypervisor stole " + fmt::py_format(steal, 'f', 2) + " s of CPU time during timed trials");
    if (auto psi = cpu_pressure_some_avg60(); psi && *psi >= kPressureWarningPercent)
        w.push_back("CPU pressure: tasks waited for a CPU " + fmt::py_format(*psi, 'f', 1) +
                    " % of the last minute (/proc/pressure/cpu)");
    return w;
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
Result<void> check_resume(Context &ctx)
{
    // Earlier instances stay in build.json: a campaign adds its entries, never replaces the file.
    if (auto b = read_file((ctx.out() / "build.json").string(), 64u << 20)) {
        ordered_json build = ordered_json::parse(*b, nullptr, false);
        if (build.is_object() && build.contains("instances") && build["instances"].is_object())
            ctx.build = build;
    }
    fs::path path = ctx.out() / "campaign.json";
    std::error_code ec;
    if (!fs::exists(path, ec))
        return {};
    auto text = read_file(path.string(), 16u << 20);
    ordered_json old = text ? ordered_json::parse(*text, nullptr, false) : ordered_json();
    if (old.is_discarded() || !old.is_object())
        return fail(path.string() + ": unreadable; move it away or choose another --out");
    if (old.value("planning", ordered_json()) != ctx.campaign["planning"])
        return fail(path.string() + ": this folder was measured with other planning (" +
                    old.value("planning", ordered_json()).dump() + "); choose another --out");
    ctx.campaign["started_utc"] = old.value("started_utc", ctx.campaign["started_utc"].get<std::string>());
    return {};
}

// What campaign.json and every record's environment say of where the children ran.
ordered_json runner_host_json(const RunnerHost &host)
{
    return {{"kind", host.kind()}, {"where", host.where()}, {"machine", host.machine()}};
}

// The machine the children run on, described there (core/campaign/host_description.h).
Result<void> describe_host(Context &ctx)
{
    auto described = describe_runner_host(ctx.opt.runner, ctx.opt.counter, ctx.opt.cpu);
    if (!described)
        return fail("cannot describe the runner's machine: " + described.error());
    HostDescription &d = *described;
    ctx.counter_name = d.counter;
    ctx.counter_hz = d.counter_hz;
    ctx.fixed_clock_hz = d.fixed_clock_hz;
    if (ctx.host->kind() == "emulated") // a campaign warning, so every record and report carries it
        d.warnings.push_back(emulation_warning(*ctx.host));
    ctx.environment = d.environment;
    ctx.environment["warnings"] = d.warnings;
    ctx.environment["runner_host"] = runner_host_json(*ctx.host);
    ctx.campaign["runner_host"] = runner_host_json(*ctx.host);
    ctx.campaign["kexbench"] = {{"counter", ctx.counter_name},
                                {"counter_hz", ctx.counter_hz},
                                {"counter_steady", d.counter_steady ? json(*d.counter_steady) : json(nullptr)},
                                {"pmu_unavailable", d.pmu_unavailable},
                                {"order", ctx.opt.order},
                                {"retries", ctx.opt.retries}};
    ctx.campaign["host_problems"] = d.warnings;
    return {};
}

// The environment when the campaign ended, read where the children ran; its
// warnings are the start's business (campaign.json host_problems).
ordered_json environment_at_end(const Context &ctx)
{
    ordered_json env;
    if (ctx.host->kind() == "local") {
        env = ordered_json::parse(to_json(read_environment("", ctx.opt.cpu.value_or(0))).dump());
    } else if (auto d = describe_runner_host(ctx.opt.runner, ctx.opt.counter, ctx.opt.cpu)) {
        env = d->environment;
        env["warnings"] = ordered_json::array();
    } else {
        return ordered_json{{"error", d.error()}, {"runner_host", runner_host_json(*ctx.host)}};
    }
    env["runner_host"] = runner_host_json(*ctx.host);
    return env;
}

// campaign.json, or for one host's share of a sharded campaign the block the
// coordinator folds into the one campaign.json it writes.
Result<void> write_campaign_json(Context &ctx)
{
    if (!ctx.opt.shard_host.empty()) {
        ctx.summary.campaign_json = ctx.campaign.dump();
        return {};
    }
    return write_json(ctx.out() / "campaign.json", ctx.campaign);
}

uint64_t campaign_seed(const CampaignOptions &opt)
{
    if (opt.seed)
        return *opt.seed;
    std::random_device device;
    return (static_cast<uint64_t>(device()) << 32) ^ device();
}

// The libraries of a campaign as described by runner children, one per
// identity: the same library (name and contents) given twice is measured once.
struct Described {
    std::vector<InstanceInfo> infos;
    std::vector<std::string> libs, sha256s;
    std::vector<std::optional<BuildInfo>> builds;              // each library's build record, when it describes it
    std::vector<std::pair<std::string, std::string>> problems; // library, why it cannot be measured
    std::vector<std::string> warnings;                         // build records that were not taken, one line each

    const BuildInfo *build(size_t i) const { return builds[i] ? &*builds[i] : nullptr; }
    std::string key(size_t i) const { return instance_key(filed_meta(i), build(i)); }
    // Its metadata under the name it is filed under (label_of): keys and clashes go by that name.
    InstanceMeta filed_meta(size_t i) const
    {
        InstanceMeta meta = infos[i].meta;
        meta.instance = label_of(infos[i]);
        return meta;
    }
};

// The build record beside a library, when it describes these bytes; why not, in `warnings`.
std::optional<BuildInfo> build_record_of(const std::string &lib, const InstanceMeta &meta,
                                         std::vector<std::string> &warnings)
{
    std::string problem;
    std::optional<BuildInfo> build = read_build_info(lib, &problem);
    if (!problem.empty())
        warnings.push_back(printable(problem));
    if (build && !build->candidate.empty())
        if (std::string bad = name_problem(build->candidate, "candidate id"); !bad.empty())
            warnings.push_back(printable(build_info_path(lib)) + ": " + printable(bad) + "; filed under " +
                               candidate_for(meta, nullptr) + " instead");
    return build;
}

Described describe_libraries(const Context &ctx)
{
    Described d;
    for (size_t l = 0; l < ctx.opt.libraries.size(); ++l) {
        const std::string &lib = ctx.opt.libraries[l];
        if (ctx.cancelled())
            break;
        auto info = describe_instance(lib, ctx.opt.runner);
        if (!info) {
            d.problems.emplace_back(lib, info.error());
            continue;
        }
        if (l < ctx.opt.variants.size() && !ctx.opt.variants[l].empty()) {
            if (std::string bad = variant_label_problem(ctx.opt.variants[l], info->meta.instance); !bad.empty()) {
                d.problems.emplace_back(lib, bad);
                continue;
            }
            info->label = ctx.opt.variants[l];
        }
        const std::string sha = library_sha256(lib);
        std::vector<std::string> warnings;
        std::optional<BuildInfo> build = build_record_of(lib, info->meta, warnings);
        InstanceMeta filed = info->meta;
        filed.instance = label_of(*info);
        const std::string key = instance_key(filed, build ? &*build : nullptr);
        bool seen = false;
        for (size_t i = 0; i < d.infos.size() && !seen; ++i)
            seen = d.key(i) == key && d.sha256s[i] == sha;
        if (seen)
            continue;
        d.infos.push_back(*info);
        d.libs.push_back(lib);
        d.sha256s.push_back(sha);
        d.builds.push_back(std::move(build));
        d.warnings.insert(d.warnings.end(), warnings.begin(), warnings.end());
    }
    return d;
}

// Two different libraries under one name would overwrite each other's
// records, KAT file and build entry: refused before anything is written,
// within the campaign and against what the folder already holds.
std::string identity_problem(const Context &ctx, const Described &d)
{
    std::vector<LibraryIdentity> ids;
    std::vector<std::string> candidates;
    for (size_t i = 0; i < d.infos.size(); ++i) {
        ids.push_back({d.libs[i], d.filed_meta(i), d.sha256s[i]});
        candidates.push_back(candidate_for(d.infos[i].meta, d.build(i)));
    }
    if (auto clashes = find_identity_clashes(ids, candidates); !clashes.empty())
        return clashes.front().message;
    const auto &entries = ctx.build["instances"];
    for (size_t i = 0; i < d.infos.size(); ++i) {
        const auto it = entries.find(d.key(i));
        if (it == entries.end() || !it->is_object())
            continue;
        const std::string old_sha = it->value("library_sha256", std::string());
        if (old_sha.empty() || old_sha == d.sha256s[i])
            continue;
        const std::string name = printable(label_of(d.infos[i]));
        return (ctx.out() / "build.json").string() + ": " + name + " was measured here from " +
               printable(it->value("library", std::string("another library"))) + " (" + short_sha256(old_sha) + "); " +
               printable(d.libs[i]) + " (" + short_sha256(d.sha256s[i]) + ") calls itself " + name +
               " too; measure it into another folder or rename it";
    }
    return {};
}

} // namespace

ProfilePlan plan_profile(double t1, double setup_s, double slack_s, uint64_t iterations)
{
    ProfilePlan p;
    p.iterations = iterations > 0 ? iterations
                   : t1 > 60      ? 1
                                  : static_cast<uint64_t>(std::min(1000.0, std::max(3.0, std::ceil(1.0 / t1))));
    p.warmups = t1 < 5 ? 1 : 0;
    p.timeout_s = 3 * static_cast<double>(p.iterations + static_cast<uint64_t>(p.warmups)) * t1 + 3 * setup_s + slack_s;
    return p;
}

ordered_json campaign_planning_json(const CampaignOptions &options) { return planning_json(options); }

namespace {

// Options a campaign cannot start with; empty when they are fine.
std::string options_problem(const CampaignOptions &options)
{
    if (options.out_dir.empty())
        return "no output folder given";
    if (options.mode != "fixed" && options.mode != "adaptive")
        return "unknown mode '" + options.mode + "' (fixed or adaptive)";
    if (options.order != "interleaved" && options.order != "harness")
        return "unknown order '" + options.order + "' (interleaved or harness)";
    if (options.retries < 0)
        return "retries must be 0 or more";
    return {};
}

// What campaign.json says before anything is measured: the system, the start, the planning.
void stamp_campaign_start(Context &ctx)
{
    char host[256] = "host";
    ::gethostname(host, sizeof host - 1);
    ctx.campaign["system_id"] = ctx.opt.system_label.empty() ? std::string(host) : ctx.opt.system_label;
    ctx.campaign["started_utc"] = utc_now();
    ctx.campaign["planning"] = planning_json(ctx.opt);
}

// Resume check, libraries and host described, seed chosen, the first campaign.json written:
// everything that can refuse the campaign before its first trial.
Result<Described> start_campaign(Context &ctx, uint64_t &seed)
{
    stamp_campaign_start(ctx);
    if (auto ok = check_resume(ctx); !ok)
        return fail(ok.error());
    Described described = describe_libraries(ctx);
    if (std::string clash = identity_problem(ctx, described); !clash.empty())
        return fail(clash);
    if (auto described_host = describe_host(ctx); !described_host)
        return fail(described_host.error());
    seed = campaign_seed(ctx.opt);
    ctx.campaign["kexbench"]["seed"] = seed;
    ctx.campaign["environment_at_start"] = ctx.environment;
    if (auto w = write_campaign_json(ctx); !w)
        return fail(w.error());
    return described;
}

// The start's warnings said, the build records kept, the refused libraries counted as problems.
void announce_start(Context &ctx, const Described &described)
{
    ctx.emit(ev(CampaignEvent::Started, "", "", "counter " + ctx.counter_name));
    for (const auto &w : ctx.campaign["host_problems"])
        ctx.emit(ev(CampaignEvent::Warning, "", "", w.get<std::string>()));

    for (const auto &w : described.warnings)
        ctx.emit(ev(CampaignEvent::Warning, "", "", w));
    for (size_t i = 0; i < described.infos.size(); ++i)
        if (const BuildInfo *b = described.build(i))
            ctx.builds.emplace(described.infos[i].path, *b);
    for (const auto &[lib, why] : described.problems)
        ctx.problem(lib, why);
}

// Each instance prepared (KAT, calibration), then the trials of every pair and the profiles.
void measure_instances(Context &ctx, const Described &described, uint64_t seed, std::vector<InstanceWork> &instances,
                       std::vector<PairWork> &pairs)
{
    const CampaignOptions &options = ctx.opt;
    const std::vector<InstanceInfo> &infos = described.infos;
    const std::vector<std::string> &libs = described.libs;
    // Each instance's preparation and its work as assumed before calibration.
    for (const InstanceInfo &info : infos)
        ctx.units_total += instance_preparation_s(options) + assumed_instance_work_s(ctx, info);
    for (size_t i = 0; i < infos.size() && !ctx.cancelled(); ++i)
        if (auto w = prepare_instance(ctx, libs[i], infos[i]))
            instances.push_back(std::move(*w));
    pairs = pairs_of(ctx, instances);
    if (!ctx.cancelled())
        run_all_trials(ctx, instances, pairs, seed);
    // The harness profiles only the exchange of a KEX, so the profile accompanies the exchange record.
    for (const InstanceWork &w : instances)
        if (options.profile && !ctx.cancelled() && w.measure_exchange) {
            measure_profile_of(ctx, w.lib, w.info, w.t1, w.setup_s);
            if (has_profiled_build(w.lib))
                ctx.units_done += profile_child_s(options, w.t1, w.setup_s);
        }
}

// campaign.json's end: environment, problems, probe figures, warnings and completion; the last event.
void finish_campaign(Context &ctx, const Described &described, const std::vector<InstanceWork> &instances,
                     const std::vector<PairWork> &pairs)
{
    ctx.summary.cancelled = ctx.cancelled();
    ctx.campaign["ended_utc"] = utc_now();
    ctx.campaign["environment_at_end"] = environment_at_end(ctx);
    ctx.campaign["instance_problems"] = ctx.summary.problems;
    ctx.campaign["kexbench"]["probe"] = probe_json(ctx);
    const std::vector<std::string> measured = measured_warnings(ctx, pairs);
    ctx.campaign["measured_warnings"] = measured;
    ctx.campaign["completion"] = completion_json(ctx, described.infos, instances, described.problems);
    if (auto w = write_campaign_json(ctx); !w)
        ctx.summary.problems.push_back(w.error());
    for (const auto &w : measured)
        ctx.emit(ev(CampaignEvent::Warning, "", "", w));
    if (!ctx.summary.cancelled) // a cancelled campaign's bar stays where it stopped
        ctx.units_done = ctx.units_total;
    ctx.emit(ev(CampaignEvent::Finished, "", "", ctx.summary.cancelled ? "cancelled" : "finished"));
}

} // namespace

Result<CampaignSummary> run_campaign(const CampaignOptions &options, CampaignObserver &observer,
                                     const std::atomic<bool> &cancel)
{
    if (std::string problem = options_problem(options); !problem.empty())
        return fail(problem);
    std::error_code ec;
    fs::create_directories(options.out_dir, ec);
    if (ec)
        return fail(options.out_dir + ": cannot create: " + ec.message());
    CampaignFolderLock lock;        // held until the campaign returns: one campaign per folder at a time
    if (options.shard_host.empty()) // a shard's coordinator holds it
        if (std::string busy = lock.take(options.out_dir); !busy.empty())
            return fail(busy);

    CampaignOptions cancellable = options; // every child kind, describe and KAT included, stops on cancel
    cancellable.runner.cancel = &cancel;
    cancellable.runner.host = runner_host_of(options.runner); // one host for describe, KAT, measure, stack, profile
    Context ctx{cancellable, observer, cancel};
    ctx.summary.out_dir = options.out_dir;
    uint64_t seed = 0;
    auto described = start_campaign(ctx, seed);
    if (!described)
        return fail(described.error());
    announce_start(ctx, *described);
    std::vector<InstanceWork> instances;
    std::vector<PairWork> pairs;
    measure_instances(ctx, *described, seed, instances, pairs);
    finish_campaign(ctx, *described, instances, pairs);
    return ctx.summary;
}

} // namespace kexbench
