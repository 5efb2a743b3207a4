// SPDX-License-Identifier: GPL-3.0-or-later
// The parent side of the runner protocol: every use of candidate code happens
// in a kexbench-runner child, which answers with one JSON object on stdout.
// A child that crashes, hangs or prints nonsense becomes an Error here.
#pragma once

#include "core/base/elf_file.h"
#include "core/campaign/host_description.h"
#include "core/campaign/instance_info.h"
#include "core/campaign/process.h"
#include "core/base/result.h"
#include "core/campaign/runner_host.h"
#include "core/campaign/runner_protocol.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct RunnerOptions {
    std::string runner = {}; // empty: runner_path()
    std::chrono::milliseconds timeout{60000};
    const std::atomic<bool> *cancel = nullptr;                  // a child is killed when it turns true
    uint64_t memory_limit_bytes = default_memory_limit_bytes(); // per child; 0: none
    std::shared_ptr<const RunnerHost> host;                     // where children run; null: local_runner_host(runner)
};

// options.host, else the local host of options.runner.
std::shared_ptr<const RunnerHost> runner_host_of(const RunnerOptions &options);

// The one way a runner child is started (describe, kat, measure, stack,
// profile, host alike): the host's argv for `args` ({"measure", lib, "--op",
// ...}) with the library (args[1], when there is one) and the --out file made
// absolute and mapped through host->child_path(), the timeout plus the host's
// start-up allowance, the cancel flag, and the memory limit and CPU pin
// enforced here for a local process, passed to the host otherwise. Its argv is
// what a record keeps as the child's command.
ProcessSpec runner_process_spec(const RunnerOptions &options, const std::vector<std::string> &args,
                                std::chrono::milliseconds timeout, std::optional<int> cpu = std::nullopt);

// The machine the host's runner runs, as check_loadable() words it:
// "this host" for a local runner, "the runner emulated by qemu-aarch64 -L ..." otherwise.
std::string runner_host_words(const RunnerHost &host);

// Why a library cannot go to the host's runner (not a shared object, built
// for another machine than the host's), checked without loading it.
Result<ElfInfo> check_loadable_for(const std::string &library, const RunnerHost &host);

// What came over a child's answer channel (its stdout): exactly one JSON
// object on one line. `problem` says why a channel that holds something is
// refused ("answered twice: ..."); both are empty when the child never answered.
struct ChannelAnswer {
    nlohmann::json answer; // the one object; null when there is none or it is refused
    std::string problem;
};
ChannelAnswer read_answer_channel(const std::string &child_stdout);

// The runner's answer, or a null json when there is none usable (a crash, an
// exit before answering, two answers, not JSON).
nlohmann::json runner_answer(const std::string &child_stdout);

// Why an answer disagrees with how its child ended (ok:true with a non-zero
// exit code); empty when they agree.
std::string answer_exit_problem(const ProcessResult &proc, const nlohmann::json &answer);

// Why the parent's own measurements contradict a measure answer that passed
// measure_answer_problem(): implausibly many dropped tick pairs, measured
// calls that add up to more than the child's wall time, or (for a timed whole
// exchange) a child whose wall or CPU time vastly exceeds what its calls,
// warm-ups and start-up can take (startup_allowance_s: the host's extra
// start-up time, RunnerHost::startup_allowance_s()). Empty when nothing
// contradicts it.
std::string measure_time_problem(const MeasureAnswer &answer, const ProcessResult &proc, const std::string &op,
                                 uint64_t iterations, uint64_t warmups, double startup_allowance_s = 0);

// The instance a runner answer says it ran: the "instance" META pair of a
// measure/profile answer, "instance_name" of a stack answer, or
// instance.meta.instance of describe/kat. Empty when the answer names none.
std::string answer_instance_name(const nlohmann::json &answer);

// The path as a child must receive it: absolute, so an instance that changes
// its working directory cannot redirect it.
std::string absolute_for_child(const std::string &path);

// Why a `measure` child's answer cannot be used, checked before any of its
// numbers is: the fields (measure_answer_from_json, runner_protocol.h), then
// the sample arrays (ticks and ns of one length, plus the dropped tick pairs
// equal to the iterations asked, each sample within what a record can hold).
// Empty when the answer is sound. A child is candidate code's host, so
// nothing it prints is trusted into a figure unchecked.
std::string measure_answer_problem(const MeasureAnswer &answer, uint64_t iterations_asked);
std::string measure_answer_problem(const nlohmann::json &answer, uint64_t iterations_asked);
// Type tests the answer checks use: a non-negative integer; ["key", "value"].
bool json_is_uint(const nlohmann::json &v);
bool json_is_string_pair(const nlohmann::json &v);

// Checks the file as ELF for the runner's host (no loading), then asks a child to load and describe it.
Result<InstanceInfo> describe_instance(const std::string &library, const RunnerOptions &options = {});

// The machine the host's runner children run on: described in this process
// for a local host, by a `kexbench-runner host` child (pinned to cpu) otherwise.
Result<HostDescription> describe_runner_host(const RunnerOptions &options, const std::string &counter,
                                             std::optional<int> cpu);

struct KatChildResult {
    InstanceInfo info;
    std::string status; // "complete", or the exchange status that stopped it ("overflow", "cryptofail", ...)
    std::string reason; // one line when status != complete
    int records = 0;
    double exchange_ms_avg = 0;
};

// The child writes the KAT text to kat_file (fetched from the host when it
// runs elsewhere) and reports how the run went.
Result<KatChildResult> run_kat_child(const std::string &library, const std::string &kat_file, int records,
                                     const RunnerOptions &options = {});

// A `kexbench-runner ct` child's measurements of one operation
// (core/runner/measure.h, CtResult): ticks and classes in measuring order.
struct CtChildResult {
    std::string instance, counter, counter_unit, stop;
    double elapsed_s = 0;
    uint64_t dropped_tick_pairs = 0;
    std::vector<uint64_t> ticks;
    std::vector<unsigned char> classes; // 0 fixed, 1 random
};

Result<CtChildResult> run_ct_child(const std::string &library, const std::string &operation, double budget_s,
                                   const RunnerOptions &options = {});

} // namespace kexbench
