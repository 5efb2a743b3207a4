// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/runner_client.h"

#include "core/base/discovery.h"
#include "core/base/elf_file.h"
#include "core/base/fsutil.h"
#include "core/campaign/process.h"
#include "core/campaign/runner_protocol.h"
#include "core/data/record.h"
#include "core/data/sample_encoding.h"
#include "core/base/untrusted.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <numeric>

#include <nlohmann/json.hpp>

namespace kexbench {

namespace {

std::string last_line(const std::string &text)
{
    size_t end = text.find_last_not_of("\n\r ");
    if (end == std::string::npos)
        return {};
    size_t start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1,
                       end + 1 - (start == std::string::npos ? 0 : start + 1));
}

std::string answer_string(const nlohmann::json &answer, const char *key)
{
    const auto it = answer.find(key);
    return it != answer.end() && it->is_string() ? printable(it->get<std::string>()) : std::string();
}

// The child's last stderr line, escaped and labelled: it is the instance's
// text as much as ours, so it is never presented as the runner's word.
std::string err_context(const ProcessResult &proc)
{
    return proc.err.empty() ? std::string()
                            : "; its last stderr line (the instance can write it): " + printable(last_line(proc.err));
}

// Why a child ended, as the runner said it over the answer channel
// (app/runner/main.cpp, answer_diagnostic): " — crashed (...) during pass2".
std::string diagnostic_context(const ChannelAnswer &channel)
{
    if (!channel.problem.empty() || !channel.answer.is_object())
        return {};
    const std::string said = answer_string(channel.answer, "runner_diagnostic");
    return said.empty() ? std::string() : " — " + said;
}

// The child's JSON answer, or why there is none.
Result<nlohmann::json> ask_runner(const std::vector<std::string> &args, const std::string &library,
                                  const RunnerOptions &options)
{
    const ProcessSpec spec = runner_process_spec(options, args, options.timeout);
    ProcessResult proc = run_process(spec);
    if (!proc.started)
        return fail(proc.error);
    if (proc.cancelled)
        return fail(library + ": cancelled");
    // Whatever the answer says, a child that ran away (time, memory, output, processes left) has failed.
    ChannelAnswer channel = read_answer_channel(proc.out);
    if (proc.timed_out || proc.signal != 0 || proc.memory_exceeded || proc.out_overflow || proc.leftover_processes > 0)
        return fail(library + ": runner " + proc.describe_end() + diagnostic_context(channel) + err_context(proc));
    if (!channel.problem.empty())
        return fail(library + ": runner answer rejected: " + channel.problem);
    const nlohmann::json &answer = channel.answer;
    if (!answer.is_object())
        return fail(library + ": runner " + proc.describe_end() + " without an answer" + err_context(proc));
    if (std::string problem = answer_exit_problem(proc, answer); !problem.empty())
        return fail(library + ": runner answer rejected: " + problem);
    if (!answer.value("ok", false) && !answer.contains("status")) {
        const std::string error = answer_string(answer, "error");
        if (!error.empty())
            return fail(error);
        return fail(library + ": runner " + proc.describe_end() + diagnostic_context(channel) + err_context(proc));
    }
    return answer;
}

// True when text occurs in bytes followed by a NUL: as a string of its own or,
// since linkers merge a string into the tail of a longer one, as such a tail.
bool holds_c_string(const std::string &bytes, const std::string &text)
{
    return !text.empty() && bytes.find(text + '\0') != std::string::npos;
}

std::string pass_symbol(unsigned k)
{
    return "kex_generate_pass" + std::to_string(k) + "_msg_" + (k % 2 == 0 ? "b" : "a");
}

// What a describe answer claims that the file, read without loading it, contradicts.
std::string identity_problem(const InstanceInfo &claimed, const ElfInfo &elf, const std::string &file_bytes)
{
    if (claimed.machine != elf.machine_name)
        return "it describes a library built for " + printable(claimed.machine) + ", the file is for " +
               elf.machine_name;
    if (claimed.elf_load_bytes != elf.load_bytes)
        return "it describes an image of " + std::to_string(claimed.elf_load_bytes) +
               " bytes, the file's loadable segments hold " + std::to_string(elf.load_bytes);
    if (!holds_c_string(file_bytes, claimed.meta.instance))
        return "it describes instance '" + printable(claimed.meta.instance) +
               "', a name the library file does not hold";
    for (unsigned k : claimed.exported_passes)
        if (k < 1 || k > 64 || !holds_c_string(file_bytes, pass_symbol(k)))
            return "it describes pass " + std::to_string(k) +
                   " as exported, but the library file holds no such symbol name";
    return {};
}

// The free-text metadata is shown in lists and logs; names are checked, not escaped.
void escape_meta_text(InstanceMeta &meta)
{
    for (std::string *text :
         {&meta.display_name, &meta.parameter_set, &meta.group, &meta.variant, &meta.compiler, &meta.build_flags})
        *text = printable(*text);
}

} // namespace

std::string absolute_for_child(const std::string &path)
{
    if (path.empty())
        return path;
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    return ec ? path : abs.lexically_normal().string();
}

std::shared_ptr<const RunnerHost> runner_host_of(const RunnerOptions &options)
{
    return options.host ? options.host : local_runner_host(options.runner);
}

namespace {

// The runner commands whose second word is an instance library.
bool takes_library(const std::string &command)
{
    for (const char *c : {"describe", "kat", "measure", "stack", "profile"})
        if (command == c)
            return true;
    return false;
}

} // namespace

ProcessSpec runner_process_spec(const RunnerOptions &options, const std::vector<std::string> &args,
                                std::chrono::milliseconds timeout, std::optional<int> cpu)
{
    const std::shared_ptr<const RunnerHost> host = runner_host_of(options);
    // Paths absolute, so an instance that changes its working directory cannot redirect them.
    std::vector<std::string> mapped = args;
    if (mapped.size() > 1 && takes_library(mapped[0]))
        mapped[1] = host->child_path(absolute_for_child(mapped[1]));
    for (size_t i = 1; i + 1 < mapped.size(); ++i)
        if (mapped[i] == "--out")
            mapped[i + 1] = host->child_path(absolute_for_child(mapped[i + 1]));
    const auto allowance = std::chrono::milliseconds(static_cast<long long>(host->startup_allowance_s() * 1000));
    ChildLimits limits;
    limits.timeout = timeout + allowance;
    limits.memory_limit_bytes = options.memory_limit_bytes;
    limits.cpu = cpu;
    ProcessSpec spec;
    spec.argv = host->argv(mapped, limits);
    spec.timeout = limits.timeout; // a remote child's connection ends with it, too
    spec.cancel = options.cancel;
    if (host->local_process()) {
        spec.memory_limit_bytes = limits.memory_limit_bytes;
        spec.cpu = cpu;
    }
    return spec;
}

std::string runner_host_words(const RunnerHost &host)
{
    const std::string kind = host.kind();
    if (kind == "local")
        return "this host";
    if (kind == "emulated")
        return "the runner emulated by " + host.where();
    return "the runner on " + host.where();
}

Result<ElfInfo> check_loadable_for(const std::string &library, const RunnerHost &host)
{
    return check_loadable(library, host.machine(), runner_host_words(host));
}

ChannelAnswer read_answer_channel(const std::string &child_stdout)
{
    ChannelAnswer result;
    size_t lines = 0;
    std::string only;
    for (size_t pos = 0; pos < child_stdout.size();) {
        size_t end = child_stdout.find('\n', pos);
        if (end == std::string::npos)
            end = child_stdout.size();
        std::string line = child_stdout.substr(pos, end - pos);
        if (line.find_first_not_of(" \r\t") != std::string::npos) {
            ++lines;
            only = std::move(line);
        }
        pos = end + 1;
    }
    const std::string twice = "answered twice: the instance wrote to the runner's answer channel";
    if (lines == 0)
        return result;
    if (lines > 1) {
        result.problem = twice;
        return result;
    }
    nlohmann::json answer = nlohmann::json::parse(only, nullptr, false);
    if (!answer.is_object()) {
        // Two objects on one line are a second answer too; anything else is not one.
        const bool two = only.find("}{") != std::string::npos || only.find("} {") != std::string::npos;
        result.problem = two ? twice : "the answer channel does not hold one JSON object";
        return result;
    }
    result.answer = std::move(answer);
    return result;
}

nlohmann::json runner_answer(const std::string &child_stdout) { return read_answer_channel(child_stdout).answer; }

std::string answer_exit_problem(const ProcessResult &proc, const nlohmann::json &answer)
{
    const auto ok = answer.find("ok");
    const bool says_ok = ok != answer.end() && ok->is_boolean() && ok->get<bool>();
    const bool exited = proc.started && !proc.timed_out && !proc.cancelled && proc.signal == 0;
    if (says_ok && exited && proc.exit_code != 0)
        return "it says ok but the runner ended with exit code " + std::to_string(proc.exit_code);
    if (says_ok && !exited)
        return "it says ok but the runner ended: " + proc.describe_end();
    return {};
}

std::string answer_instance_name(const nlohmann::json &answer)
{
    if (!answer.is_object())
        return {};
    if (auto it = answer.find("meta"); it != answer.end() && it->is_array())
        for (const auto &kv : *it)
            if (json_is_string_pair(kv) && kv[0] == "instance")
                return kv[1].get<std::string>();
    if (auto it = answer.find("instance_name"); it != answer.end() && it->is_string())
        return it->get<std::string>();
    if (auto it = answer.find("instance"); it != answer.end() && it->is_object()) {
        const auto meta = it->find("meta");
        if (meta != it->end() && meta->is_object() && meta->contains("instance") && (*meta)["instance"].is_string())
            return (*meta)["instance"].get<std::string>();
    }
    return {};
}

using nlohmann::json;

bool json_is_uint(const json &v) { return v.is_number_unsigned() || (v.is_number_integer() && v.get<int64_t>() >= 0); }

bool json_is_string_pair(const json &v)
{
    return v.is_array() && v.size() == 2 && v[0].is_string() && v[1].is_string();
}

namespace {

// "tick sample 3 is 9223372036854775808, beyond any real measurement".
std::string implausible_sample(const std::vector<uint64_t> &samples, double max, const char *what)
{
    for (size_t i = 0; i < samples.size(); ++i)
        if (static_cast<double>(samples[i]) > max)
            return std::string(what) + " sample " + std::to_string(i) + " is " + std::to_string(samples[i]) +
                   ", beyond any real measurement";
    return {};
}

} // namespace

std::string measure_answer_problem(const MeasureAnswer &a, uint64_t iterations_asked)
{
    const uint64_t ticks = a.ticks.size(), ns = a.ns.size();
    if (ticks != ns)
        return std::to_string(ticks) + " tick samples but " + std::to_string(ns) + " time samples";
    if (ticks + a.dropped_tick_pairs != iterations_asked)
        return std::to_string(ticks) + " samples and " + std::to_string(a.dropped_tick_pairs) +
               " dropped tick pairs for " + std::to_string(iterations_asked) + " iterations asked";
    if (ticks == 0)
        return "no sample for " + std::to_string(iterations_asked) + " iterations asked";
    if (std::string problem = implausible_sample(a.ticks, kMaxPlausibleCycles, "tick"); !problem.empty())
        return problem;
    return implausible_sample(a.ns, kMaxPlausibleNanoseconds, "time");
}

std::string measure_answer_problem(const json &a, uint64_t iterations_asked)
{
    auto parsed = measure_answer_from_json(a);
    return parsed ? measure_answer_problem(*parsed, iterations_asked) : parsed.error();
}

namespace {

// Backward counter readings are rare (a migration between CPUs whose counters
// disagree); more than 1 % of the iterations, or any beyond one in a tiny
// trial, is a made-up sample count, not a clock.
uint64_t plausible_dropped_pairs(uint64_t iterations) { return std::max<uint64_t>(1, iterations / 100); }

// Time a child spends outside its timed calls: start-up, loading the library,
// the counter-overhead loop, the speed probes and the answer. Measured at 0.04-0.07 s
// on release builds and 0.2-0.25 s under ASan (X25519, ML-KEM-768, SM2); the
// margin covers a busy machine.
constexpr double kChildStartupAllowanceS = 3.0;
// Untimed work per iteration (buffer resets, checks) next to a timed whole
// exchange is a fraction of it; four times the claimed calls is far above it.
constexpr double kUntimedPerCallFactor = 4.0;

std::string seconds_text(double s)
{
    char buf[64];
    if (s < 1e-6)
        std::snprintf(buf, sizeof buf, "%.0f ns", s * 1e9);
    else if (s < 1e-3)
        std::snprintf(buf, sizeof buf, "%.0f µs", s * 1e6);
    else if (s < 1)
        std::snprintf(buf, sizeof buf, "%.1f ms", s * 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.1f s", s);
    return buf;
}

double claimed_calls_seconds(const MeasureAnswer &a)
{
    double ns = 0;
    for (uint64_t v : a.ns)
        ns += static_cast<double>(v);
    return ns / 1e9;
}

} // namespace

std::string measure_time_problem(const MeasureAnswer &a, const ProcessResult &proc, const std::string &op,
                                 uint64_t iterations, uint64_t warmups, double startup_allowance_s)
{
    const uint64_t dropped = a.dropped_tick_pairs;
    if (dropped > plausible_dropped_pairs(iterations))
        return std::to_string(dropped) + " of " + std::to_string(iterations) +
               " iterations reported as dropped backward counter readings; at most " +
               std::to_string(plausible_dropped_pairs(iterations)) + " are plausible";
    const double claimed = claimed_calls_seconds(a);
    if (claimed > 1.05 * proc.wall_seconds + 0.01)
        return "claims " + seconds_text(claimed) + " of measured calls but the child ran " +
               seconds_text(proc.wall_seconds);
    // Only a timed whole exchange covers (nearly) all the work of an iteration;
    // a timed step is a part of an exchange of unknown share.
    if (op != "exchange" || a.ns.empty())
        return {};
    const double per_call = claimed / static_cast<double>(a.ns.size());
    const double limit = kUntimedPerCallFactor * per_call * static_cast<double>(iterations + warmups) +
                         kChildStartupAllowanceS + startup_allowance_s;
    if (proc.wall_seconds > limit)
        return "claims " + seconds_text(claimed) + " of measured calls but the child ran " +
               seconds_text(proc.wall_seconds);
    if (proc.cpu_seconds > limit)
        return "claims " + seconds_text(claimed) + " of measured calls but the child used " +
               seconds_text(proc.cpu_seconds) + " of CPU time";
    return {};
}

Result<InstanceInfo> describe_instance(const std::string &library, const RunnerOptions &options)
{
    auto elf = check_loadable_for(library, *runner_host_of(options));
    if (!elf)
        return fail(elf.error());
    auto answer = ask_runner({"describe", library}, library, options);
    if (!answer)
        return fail(answer.error());
    auto described = describe_answer_from_json(*answer);
    if (!described)
        return fail(library + ": runner answer is malformed: " + described.error());
    InstanceInfo info = std::move(described->instance);
    auto bytes = read_file(library);
    if (!bytes)
        return fail(bytes.error());
    if (std::string problem = identity_problem(info, *elf, *bytes); !problem.empty())
        return fail(library + ": runner answer rejected: " + problem);
    info.path = library; // ours, not the child's
    // The child's loader refuses such names, unless it lies; names become paths, so check again here.
    if (std::string bad = info_name_problem(info); !bad.empty())
        return fail(bad);
    escape_meta_text(info.meta);
    return info;
}

Result<HostDescription> describe_runner_host(const RunnerOptions &options, const std::string &counter,
                                             std::optional<int> cpu)
{
    const std::shared_ptr<const RunnerHost> host = runner_host_of(options);
    if (host->kind() == "local")
        return describe_this_host(counter, cpu);
    std::vector<std::string> args = {"host", "--counter", counter};
    if (cpu) {
        args.push_back("--cpu");
        args.push_back(std::to_string(*cpu));
    }
    const std::string origin = "the runner's host (" + host->where() + ")";
    const ProcessSpec spec = runner_process_spec(options, args, options.timeout, cpu);
    const ProcessResult proc = run_process(spec);
    if (!proc.started)
        return fail(origin + ": " + proc.error);
    if (proc.cancelled)
        return fail(origin + ": cancelled");
    ChannelAnswer channel = read_answer_channel(proc.out);
    if (!proc.succeeded() || !channel.problem.empty() || !channel.answer.is_object())
        return fail(origin + ": runner " + proc.describe_end() +
                    (channel.problem.empty() ? std::string(" without a host description") : ": " + channel.problem) +
                    err_context(proc));
    if (!channel.answer.value("ok", false))
        return fail(origin + ": " + answer_string(channel.answer, "error"));
    auto answered = host_answer_from_json(channel.answer, origin);
    if (!answered)
        return fail(answered.error());
    return std::move(answered->host);
}

Result<CtChildResult> run_ct_child(const std::string &library, const std::string &operation, double budget_s,
                                   const RunnerOptions &options)
{
    const std::shared_ptr<const RunnerHost> host = runner_host_of(options);
    if (auto elf = check_loadable_for(library, *host); !elf)
        return fail(elf.error());
    RunnerOptions timed = options;
    timed.timeout = std::chrono::milliseconds(static_cast<long long>(budget_s * 1000)) + options.timeout;
    char budget[32];
    std::snprintf(budget, sizeof budget, "%.3f", budget_s);
    auto answer = ask_runner({"ct", library, "--op", operation, "--budget", budget}, library, timed);
    if (!answer)
        return fail(answer.error());
    if (!answer->value("ok", false)) {
        const std::string reason = answer_string(*answer, "reason");
        return fail(library + ": " + operation + ": " + (reason.empty() ? "runner failed" : reason));
    }
    auto ct = ct_answer_from_json(*answer);
    if (!ct)
        return fail(library + ": runner answer is malformed: " + ct.error());
    CtChildResult r;
    r.instance = printable(ct->instance_name);
    r.counter = printable(ct->counter);
    r.counter_unit = printable(ct->counter_unit);
    r.stop = printable(ct->stop);
    r.elapsed_s = ct->elapsed_s;
    r.dropped_tick_pairs = ct->dropped_tick_pairs;
    r.ticks = std::move(ct->ticks);
    r.classes = std::move(ct->classes);
    return r;
}

Result<KatChildResult> run_kat_child(const std::string &library, const std::string &kat_file, int records,
                                     const RunnerOptions &options)
{
    const std::shared_ptr<const RunnerHost> host = runner_host_of(options);
    if (auto elf = check_loadable_for(library, *host); !elf)
        return fail(elf.error());
    auto answer =
        ask_runner({"kat", library, "--out", kat_file, "--records", std::to_string(records)}, library, options);
    if (!answer)
        return fail(answer.error());
    if (auto fetched = host->fetch(absolute_for_child(kat_file)); !fetched)
        return fail(library + ": " + fetched.error());
    // An answer without "status" was refused by ask_runner with its error; this one says how the run went.
    auto kat = kat_answer_from_json(*answer);
    if (!kat)
        return fail(library + ": runner answer is malformed: " + kat.error());
    KatChildResult result;
    result.info = std::move(kat->instance);
    result.info.path = library;
    result.status = printable(kat->status);
    result.reason = printable(kat->reason);
    result.records = static_cast<int>(std::min<int64_t>(kat->records, std::numeric_limits<int>::max()));
    result.exchange_ms_avg = kat->exchange_ms_avg;
    return result;
}

} // namespace kexbench
