// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runner_client.h"

#include "core/discovery.h"
#include "core/elf_file.h"
#include "core/process.h"

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
