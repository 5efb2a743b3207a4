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
