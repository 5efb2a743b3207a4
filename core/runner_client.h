// SPDX-License-Identifier: GPL-3.0-or-later
// The parent side of the runner protocol: every use of candidate code happens
// in a kexbench-runner child, which answers with one JSON object on stdout.
// A child that crashes, hangs or prints nonsense becomes an Error here.
#pragma once

#include "core/instance_info.h"
#include "core/result.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

namespace kexbench {

struct RunnerOptions {
    std::string runner = {};                        // empty: runner_path()
    std::chrono::milliseconds timeout{60000};
};

// The runner's answer: the JSON object on the last non-empty line of its stdout,
// or a null json when there is none (a crash, an exit before answering).
nlohmann::json runner_answer(const std::string &child_stdout);

// Why a `measure` child's answer cannot be used, checked field by field
// before any of its numbers is: types, the sample arrays (unsigned integers,
// ticks and ns of one length, plus the dropped tick pairs equal to the
// iterations asked), META as string pairs, the health block. Empty when the
// answer is sound. A child is candidate code's host, so nothing it prints is
// trusted into a figure unchecked.
std::string measure_answer_problem(const nlohmann::json &answer, uint64_t iterations_asked);
// Type tests the answer checks use: a non-negative integer; ["key", "value"].
bool json_is_uint(const nlohmann::json &v);
bool json_is_string_pair(const nlohmann::json &v);

// Checks the file as ELF for this host (no loading), then asks a child to load and describe it.
Result<InstanceInfo> describe_instance(const std::string &library, const RunnerOptions &options = {});

struct KatChildResult {
    InstanceInfo info;
    std::string status;  // "complete", or the exchange status that stopped it ("overflow", "cryptofail", ...)
    std::string reason;  // one line when status != complete
    int records = 0;
    double exchange_ms_avg = 0;
};

// The child writes the KAT text to kat_file and reports how the run went.
Result<KatChildResult> run_kat_child(const std::string &library, const std::string &kat_file, int records,
                                     const RunnerOptions &options = {});

} // namespace kexbench
