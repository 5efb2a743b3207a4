// SPDX-License-Identifier: GPL-3.0-or-later
// A constant-time check's record: ct/<instance>__<operation>.json in the
// output folder of `kexbench-cli ct` (or of a campaign). It keeps every
// measurement with its class, so the test can be recomputed and compared
// across systems (x86-64 beside aarch64: a leak may show on one only). The
// summary written with it is derived (core/analysis/ct.h): readers recompute
// it from the samples.
#pragma once

#include "core/base/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

constexpr int kCtRecordSchema = 1;

struct CtRecord {
    int schema = kCtRecordSchema;
    std::string instance, operation, library, library_sha256;
    std::string machine; // the library's ELF machine ("x86-64", "aarch64")
    std::string host;    // where the runner ran ("this host", "qemu-aarch64 ...")
    std::string counter, counter_unit;
    std::string started_utc;
    double budget_s = 0, elapsed_s = 0;
    std::string stop; // leak | budget | measurement cap
    uint64_t dropped_tick_pairs = 0;
    std::vector<uint64_t> ticks;        // per measurement, in measuring order
    std::vector<unsigned char> classes; // 0 fixed, 1 random, beside ticks
    std::string source_path;            // not serialized
};

// `summary` goes in as given, for readers without kexbench: the derived
// figures (core/analysis/ct.h ct_summary_json); kexbench recomputes them.
nlohmann::ordered_json ct_record_to_json(const CtRecord &record, nlohmann::ordered_json summary);
Result<CtRecord> ct_record_from_json(const nlohmann::ordered_json &j, const std::string &origin);
Result<CtRecord> read_ct_record_file(const std::string &path);

// "ct/<instance>__<operation>.json"
std::string ct_record_relative_path(const std::string &instance, const std::string &operation);

// Every ct/*.json under folder, by instance then operation order; files that
// do not parse are named in `problems` and skipped.
std::vector<CtRecord> read_ct_records(const std::string &folder, std::vector<std::string> *problems = nullptr);

} // namespace kexbench
