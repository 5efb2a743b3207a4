// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/data/ct_record.h"

#include "core/base/fsutil.h"
#include "core/base/json_fields.h"
#include "core/data/record.h"
#include "core/data/sample_encoding.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace kexbench {

using detail::JsonFieldError;
using detail::JsonFields;
using ojson = nlohmann::ordered_json;

namespace {

constexpr size_t kMaxCtMeasurements = size_t{1} << 26;

} // namespace

ojson ct_record_to_json(const CtRecord &r, ojson summary)
{
    ojson j;
    j["kind"] = "kexbench-ct";
    j["schema"] = r.schema;
    j["instance"] = r.instance;
    j["operation"] = r.operation;
    j["library"] = r.library;
    j["library_sha256"] = r.library_sha256;
    j["machine"] = r.machine;
    j["host"] = r.host;
    j["counter"] = r.counter;
    j["counter_unit"] = r.counter_unit;
    j["started_utc"] = r.started_utc;
    j["budget_s"] = r.budget_s;
    j["elapsed_s"] = r.elapsed_s;
    j["stop"] = r.stop;
    j["dropped_tick_pairs"] = r.dropped_tick_pairs;
    j["summary"] = std::move(summary);
    j["ticks"] = encode_samples(r.ticks);
    j["classes"] = encode_samples(std::vector<uint64_t>(r.classes.begin(), r.classes.end()));
    return j;
}

Result<CtRecord> ct_record_from_json(const ojson &j, const std::string &origin)
{
    try {
        JsonFields f(j);
        std::string kind;
        f.read("kind", kind);
        if (kind != "kexbench-ct")
            return fail(origin + ": not a constant-time record (kind '" + kind + "')");
        CtRecord r;
        f.read("schema", r.schema);
        if (r.schema != kCtRecordSchema)
            return fail(origin + ": constant-time record schema " + std::to_string(r.schema) + ", expected " +
                        std::to_string(kCtRecordSchema));
        for (auto [key, out] : {std::pair{"instance", &r.instance},
                                {"operation", &r.operation},
                                {"library", &r.library},
                                {"library_sha256", &r.library_sha256},
                                {"machine", &r.machine},
                                {"host", &r.host},
                                {"counter", &r.counter},
                                {"counter_unit", &r.counter_unit},
                                {"started_utc", &r.started_utc},
                                {"stop", &r.stop}})
            f.read(key, *out);
        f.read("budget_s", r.budget_s);
        f.read("elapsed_s", r.elapsed_s);
        f.read("dropped_tick_pairs", r.dropped_tick_pairs);
        auto ticks = decode_samples(detail::json_string(f.require("ticks", "a string"), "ticks"), kMaxCtMeasurements);
        auto classes =
            decode_samples(detail::json_string(f.require("classes", "a string"), "classes"), kMaxCtMeasurements);
        if (!ticks)
            return fail(origin + ": ticks: " + ticks.error());
        if (!classes)
            return fail(origin + ": classes: " + classes.error());
        if (ticks->size() != classes->size())
            return fail(origin + ": ticks and classes hold different counts");
        if (std::any_of(classes->begin(), classes->end(), [](uint64_t c) { return c > 1; }))
            return fail(origin + ": a class other than 0 (fixed) or 1 (random)");
        r.ticks = std::move(*ticks);
        r.classes.assign(classes->begin(), classes->end());
        if (operation_rank(r.operation) < 0 || r.instance.empty())
            return fail(origin + ": no instance or an unknown operation '" + r.operation + "'");
        return r;
    } catch (const JsonFieldError &e) {
        return fail(origin + ": " + e.message);
    }
}

Result<CtRecord> read_ct_record_file(const std::string &path)
{
    auto text = read_file(path, size_t{512} << 20);
    if (!text)
        return fail(text.error());
    ojson j = ojson::parse(*text, nullptr, false);
    if (j.is_discarded())
        return fail(path + ": not JSON");
    auto r = ct_record_from_json(j, path);
    if (r)
        r->source_path = path;
    return r;
}

std::string ct_record_relative_path(const std::string &instance, const std::string &operation)
{
    return "ct/" + instance + "__" + operation + ".json";
}

std::vector<CtRecord> read_ct_records(const std::string &folder, std::vector<std::string> *problems)
{
    std::vector<CtRecord> out;
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::path(folder) / "ct";
    if (!std::filesystem::is_directory(dir, ec))
        return out;
    for (const auto &entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() != ".json" || !entry.is_regular_file(ec))
            continue;
        auto r = read_ct_record_file(entry.path().string());
        if (r)
            out.push_back(std::move(*r));
        else if (problems)
            problems->push_back(r.error());
    }
    std::sort(out.begin(), out.end(), [](const CtRecord &a, const CtRecord &b) {
        return a.instance != b.instance ? a.instance < b.instance
                                        : operation_rank(a.operation) < operation_rank(b.operation);
    });
    return out;
}

} // namespace kexbench
