// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runner_client.h"

#include "core/discovery.h"
#include "core/elf_file.h"
#include "core/process.h"
#include "core/record.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace kexbench {

namespace {

std::string last_line(const std::string &text)
{
    size_t end = text.find_last_not_of("\n\r ");
    if (end == std::string::npos)
        return {};
    size_t start = text.rfind('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
}

// The child's JSON answer, or why there is none.
Result<nlohmann::json> ask_runner(const std::vector<std::string> &args, const std::string &library,
                                  const RunnerOptions &options)
{
    ProcessSpec spec;
    spec.argv.push_back(options.runner.empty() ? runner_path() : options.runner);
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = options.timeout;
    ProcessResult proc = run_process(spec);
    if (!proc.started)
        return fail(proc.error);
    if (proc.timed_out || proc.signal != 0)
        return fail(library + ": runner " + proc.describe_end() + (proc.err.empty() ? "" : ": " + last_line(proc.err)));
    nlohmann::json answer = runner_answer(proc.out);
    if (!answer.is_object())
        return fail(library + ": runner " + proc.describe_end() + " without an answer" +
                    (proc.err.empty() ? "" : ": " + last_line(proc.err)));
    if (!answer.value("ok", false) && !answer.contains("status"))
        return fail(answer.value("error", library + ": runner failed"));
    return answer;
}

} // namespace

nlohmann::json runner_answer(const std::string &child_stdout)
{
    nlohmann::json answer = nlohmann::json::parse(last_line(child_stdout), nullptr, false);
    return answer.is_object() ? answer : nlohmann::json();
}

using nlohmann::json;

bool json_is_uint(const json &v) { return v.is_number_unsigned() || (v.is_number_integer() && v.get<int64_t>() >= 0); }

bool json_is_string_pair(const json &v) { return v.is_array() && v.size() == 2 && v[0].is_string() && v[1].is_string(); }

namespace {


bool all_of_array(const json &v, bool (*pred)(const json &))
{
    return v.is_array() && std::all_of(v.begin(), v.end(), pred);
}

bool is_string(const json &v) { return v.is_string(); }

// The first field whose type is wrong, as "field 'x' is not <what>".
std::string field_types_problem(const json &a)
{
    struct Check {
        const char *key;
        bool (*ok)(const json &);
        const char *what;
    };
    static const Check checks[] = {
        {"ok", [](const json &v) { return v.is_boolean(); }, "a boolean"},
        {"ticks", [](const json &v) { return all_of_array(v, json_is_uint); }, "an array of unsigned integers"},
        {"ns", [](const json &v) { return all_of_array(v, json_is_uint); }, "an array of unsigned integers"},
        {"dropped_tick_pairs", json_is_uint, "an unsigned integer"},
        {"meta", [](const json &v) { return all_of_array(v, json_is_string_pair); }, "an array of string pairs"},
        {"counter", is_string, "a string"},
        {"counter_unit", is_string, "a string"},
        {"time_source", is_string, "a string"},
        {"core_cycles", [](const json &v) { return v.is_boolean(); }, "a boolean"},
        {"counter_hz", [](const json &v) { return v.is_number() && v.get<double>() >= 0; }, "a number >= 0"},
        {"overhead", [](const json &v) {
             return v.is_object() && v.contains("min_ticks") && v["min_ticks"].is_number() && v.contains("min_ns") &&
                    v["min_ns"].is_number();
         }, "an object with min_ticks and min_ns"},
        {"baseline_rss_bytes", json_is_uint, "an unsigned integer"},
        {"peak_rss_bytes", json_is_uint, "an unsigned integer"},
        {"secret_mismatches", json_is_uint, "an unsigned integer"},
        {"passes_run", json_is_uint, "an unsigned integer"},
        {"audits", [](const json &v) { return all_of_array(v, is_string); }, "an array of strings"},
        {"health", [](const json &v) { return v.is_object(); }, "an object"},
    };
    for (const Check &c : checks) {
        const auto it = a.find(c.key);
        if (it == a.end())
            return std::string("field '") + c.key + "' is missing";
        if (!c.ok(*it))
            return std::string("field '") + c.key + "' is not " + c.what;
    }
    return {};
}

} // namespace

std::string measure_answer_problem(const json &a, uint64_t iterations_asked)
{
    if (!a.is_object())
        return "no JSON object";
    if (std::string problem = field_types_problem(a); !problem.empty())
        return problem;
    const uint64_t ticks = a["ticks"].size(), ns = a["ns"].size();
    if (ticks != ns)
        return std::to_string(ticks) + " tick samples but " + std::to_string(ns) + " time samples";
    const uint64_t dropped = a["dropped_tick_pairs"].get<uint64_t>();
    if (ticks + dropped != iterations_asked)
        return std::to_string(ticks) + " samples and " + std::to_string(dropped) + " dropped tick pairs for " +
               std::to_string(iterations_asked) + " iterations asked";
    if (auto health = trial_health_from_json(nlohmann::ordered_json(a["health"]), "field 'health'"); !health)
        return health.error();
    return {};
}

Result<InstanceInfo> describe_instance(const std::string &library, const RunnerOptions &options)
{
    if (auto elf = check_loadable(library); !elf)
        return fail(elf.error());
    auto answer = ask_runner({"describe", library}, library, options);
    if (!answer)
        return fail(answer.error());
    try {
        return answer->at("instance").get<InstanceInfo>();
    } catch (const nlohmann::json::exception &e) {
        return fail(library + ": runner answer is malformed: " + e.what());
    }
}

Result<KatChildResult> run_kat_child(const std::string &library, const std::string &kat_file, int records,
                                     const RunnerOptions &options)
{
    if (auto elf = check_loadable(library); !elf)
        return fail(elf.error());
    auto answer = ask_runner({"kat", library, "--out", kat_file, "--records", std::to_string(records)}, library,
                             options);
    if (!answer)
        return fail(answer.error());
    try {
        if (!answer->contains("instance"))
            return fail(answer->value("error", library + ": runner failed"));
        KatChildResult result;
        result.info = answer->at("instance").get<InstanceInfo>();
        result.status = answer->at("status").get<std::string>();
        result.reason = answer->value("reason", "");
        result.records = answer->value("records", 0);
        result.exchange_ms_avg = answer->value("exchange_ms_avg", 0.0);
        return result;
    } catch (const nlohmann::json::exception &e) {
        return fail(library + ": runner answer is malformed: " + e.what());
    }
}

} // namespace kexbench
