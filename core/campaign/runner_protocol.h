// SPDX-License-Identifier: GPL-3.0-or-later
// The runner protocol in one place: the JSON answer of each kexbench-runner
// command (app/runner/main.cpp) as a typed struct. The runner writes an answer
// with to_json only, the parent (core/campaign) reads it with the checked
// *_answer_from_json only, so a key or a type cannot drift between the two.
//
// The child hosts candidate code, so a from_json trusts nothing: a missing
// field, a wrong type or a negative count is an Error naming the field
// ("field 'ticks' is not an array of unsigned integers"). The wording is the
// protocol's own (not core/base/json_fields.h's): tests and the zh_CN
// translation pin it, and the checks are stricter (no integral floats).
//
// The wire format is what it was before this header existed: `nlohmann::json`
// sorts keys, so the bytes a runner writes did not change.
#pragma once

#include "core/base/result.h"
#include "core/campaign/host_description.h"
#include "core/campaign/instance_info.h"
#include "core/data/record.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kexbench {

using AnswerMeta = std::vector<std::pair<std::string, std::string>>; // harness META pairs, in order

// Any command that cannot start (no library, an unknown operation):
// {"ok":false,"error":"..."}; kat adds the instance when only the --out file failed.
struct ErrorAnswer {
    std::string error;
    std::optional<InstanceInfo> instance;
};
nlohmann::json to_json(const ErrorAnswer &a);

// The empty start()/stop() pair of the measuring counter.
struct OverheadAnswer {
    uint64_t pairs = 0, min_ticks = 0, median_ticks = 0;
    double min_ns = 0;
};

// `measure`: the samples of one trial and the facts a record keeps with them.
struct MeasureAnswer {
    bool ok = false;
    std::string reason; // written only when !ok
    AnswerMeta meta;
    std::vector<uint64_t> ticks, ns;
    std::string counter, counter_unit, time_source;
    bool core_cycles = false;
    double counter_hz = 0;
    OverheadAnswer overhead;
    uint64_t baseline_rss_bytes = 0, peak_rss_bytes = 0, secret_mismatches = 0;
    int64_t warmups = 0;
    uint64_t passes_run = 0;
    std::vector<uint64_t> msg_bytes;
    std::vector<std::string> audits;
    uint64_t dropped_tick_pairs = 0;
    TrialHealth health;
};
nlohmann::json to_json(const MeasureAnswer &a);
// The field checks only; the counts against what was asked are measure_answer_problem's (runner_client.h).
Result<MeasureAnswer> measure_answer_from_json(const nlohmann::json &j);

// `profile`: the TOTAL and CALL rows of a profiled build.
struct ProfileCallAnswer {
    std::string fn;
    uint64_t in_bits = 0, out_bits = 0, calls = 0, ticks = 0;
};
struct ProfileAnswer {
    bool ok = false;
    std::string reason; // written only when !ok
    AnswerMeta meta;
    uint64_t operations = 0, total_ticks = 0;
    std::vector<ProfileCallAnswer> calls;
    std::string tick_source;
    double tick_hz = 0;
    uint64_t overflow_calls = 0, secret_mismatches = 0;
    int64_t warmups = 0;
};
nlohmann::json to_json(const ProfileAnswer &a);
Result<ProfileAnswer> profile_answer_from_json(const nlohmann::json &j);

// The heap pass: totals over `exchanges` counted exchanges.
struct HeapAnswer {
    uint64_t exchanges = 0, peak_bytes = 0, allocations = 0, bytes_total = 0, min_allocations = 0, max_allocations = 0;
};

// `stack` (the memory child): each pass gives its figure or the reason it has none.
struct MemoryAnswer {
    std::string instance_name;
    std::optional<uint64_t> stack_bytes;
    std::string stack_reason; // when !stack_bytes
    std::optional<HeapAnswer> heap;
    std::string heap_reason; // when !heap
    bool ok() const { return stack_bytes.has_value() || heap.has_value(); }
    // Written only when !ok(): both reasons, once when they are the same.
    std::string reason() const;
};
nlohmann::json to_json(const MemoryAnswer &a);
Result<MemoryAnswer> memory_answer_from_json(const nlohmann::json &j);

// `ct`: ticks and classes in measuring order, in the compact sample encoding
// on the wire. A failed ct answers {"ok":false,"status":"failed","reason":...}.
struct CtAnswer {
    std::string instance_name, counter, counter_unit, stop;
    double elapsed_s = 0;
    uint64_t dropped_tick_pairs = 0;
    std::vector<uint64_t> ticks;
    std::vector<unsigned char> classes; // 0 fixed, 1 random
};
nlohmann::json to_json(const CtAnswer &a);
nlohmann::json ct_failure_json(const std::string &reason);
Result<CtAnswer> ct_answer_from_json(const nlohmann::json &j);

// `kat`: how the generation went; the KAT text itself is in the --out file.
struct KatAnswer {
    std::string status; // "complete" or the exchange status that stopped it
    std::string reason; // written only when status != complete
    int64_t records = 0;
    double exchange_ms_avg = 0;
    InstanceInfo instance;
    bool ok() const { return status == "complete"; }
};
nlohmann::json to_json(const KatAnswer &a);
Result<KatAnswer> kat_answer_from_json(const nlohmann::json &j);

// `describe`: what the loaded library says it is.
struct DescribeAnswer {
    InstanceInfo instance;
};
nlohmann::json to_json(const DescribeAnswer &a);
Result<DescribeAnswer> describe_answer_from_json(const nlohmann::json &j);

// `host`: the runner's machine, as a campaign records it. Errors start with origin + " answer".
struct HostAnswer {
    HostDescription host;
};
nlohmann::json to_json(const HostAnswer &a);
Result<HostAnswer> host_answer_from_json(const nlohmann::json &j, const std::string &origin);

// The META pairs of any answer, skipping what is not a pair of strings: a
// failed child's META still goes into its record.
AnswerMeta answer_meta(const nlohmann::json &j);

} // namespace kexbench
