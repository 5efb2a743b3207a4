// SPDX-License-Identifier: GPL-3.0-or-later
// build_report(): Dataset -> Report model. Cell texts follow MEASUREMENT-METHOD
// §13 (numbers), §8 (profile shares) and §9 (bandwidth); the table layouts are
// those of the published candidate pages, so their rows can be compared cell by
// cell. kexbench's own additions go into extra tables, never extra columns.
#include "core/analysis/report.h"

#include "core/analysis/consistency.h"
#include "core/base/i18n.h"
#include "core/base/discovery.h"
#include "core/base/format.h"
#include "core/analysis/stats.h"
#include "core/analysis/transmission.h"
#include "core/analysis/trial_stats.h"
#include "core/base/untrusted.h"
#include "core/data/counter_unit.h"
#include "core/data/environment_facts.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>

namespace kexbench {

namespace {

using Json = nlohmann::ordered_json;
using Row = std::vector<std::string>;

const std::string kWarn = "\u26a0";
const std::string kTimes = " \u00d7 ";
const std::string kEllipsis = "\u2026";

std::string code(const std::string &s) { return std::string("`").append(s).append("`"); }

// ------------------------------------------------------------------ machine-readable twins
using DataRow = std::vector<DataValue>;

// The column word of the unit the record's counts are in (core/data/counter_unit.h).
std::string record_unit_slug(const Record &r) { return unit_column_word(counter_unit(r)); }

// The units of the records, cycles first, each once.
std::vector<std::string> unit_slugs(const std::vector<const Record *> &records, bool kexbench_only)
{
    std::vector<std::string> out;
    for (const Record *r : records)
        if (!kexbench_only || r->kexbench)
            add_unit_column_word(out, record_unit_slug(*r));
    return out;
}

// One value per unit column: the value under its own unit, empty elsewhere.
void push_by_unit(DataRow &row, const std::vector<std::string> &units, const std::string &unit, const DataValue &v)
{
    for (const auto &u : units)
        row.push_back(u == unit ? v : DataValue());
}

DataValue text_value(const std::string &s) { return s.empty() ? DataValue() : DataValue(s); }

std::string join(const std::vector<std::string> &parts, const std::string &sep)
{
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i)
        out.append(i ? sep : "").append(parts[i]);
    return out;
}

// ------------------------------------------------------------------ selection

// Unknown operations sort after every known one, then by name.
int rank_key(const std::string &operation)
{
    const int rank = operation_rank(operation);
    return rank < 0 ? 1 << 20 : rank;
}

bool label_less(const std::string &cand_a, const std::string &label_a, const std::string &cand_b,
                const std::string &label_b)
{
    if (cand_a != cand_b)
        return cand_a < cand_b;
    return natural_less(label_a, label_b);
}

template <class T>
bool table_order(const T &a, const T &b)
{
    if (a.candidate != b.candidate || a.label != b.label)
        return label_less(a.candidate, a.label, b.candidate, b.label);
    return std::make_tuple(rank_key(a.operation), a.operation) < std::make_tuple(rank_key(b.operation), b.operation);
}

template <class T>
std::vector<const T *> select_sorted(const std::vector<T> &all, const std::string &candidate)
{
    std::vector<const T *> out;
    for (const auto &item : all)
        if (candidate.empty() || item.candidate == candidate)
            out.push_back(&item);
    std::stable_sort(out.begin(), out.end(), [](const T *a, const T *b) { return table_order(*a, *b); });
    return out;
}

struct LabelKey {
    std::string candidate, label;
};

// Every instance with a record or a build entry, in table order.
std::vector<LabelKey> selected_labels(const Dataset &ds, const std::vector<const Record *> &records,
                                      const std::string &candidate)
{
    std::vector<LabelKey> out;
    auto add = [&](const std::string &c, const std::string &l) {
        for (const auto &k : out)
            if (k.candidate == c && k.label == l)
                return;
        out.push_back({c, l});
    };
    for (const Record *r : records)
        add(r->candidate, r->label);
    for (const auto &b : ds.builds)
        if (candidate.empty() || b.candidate == candidate)
            add(b.candidate, b.label);
    std::stable_sort(out.begin(), out.end(), [](const LabelKey &a, const LabelKey &b) {
        return label_less(a.candidate, a.label, b.candidate, b.label);
    });
    return out;
}

struct KatState {
    std::string status;
    bool passed = true;
};

using InstanceKey = std::pair<std::string, std::string>; // candidate, label

// Everything build_report needs, gathered once.
struct Context {
    const Dataset &ds;
    const ReportOptions &options;
    std::vector<const Record *> records;
    std::vector<const Profile *> profiles;
    std::vector<LabelKey> labels;
    const Json *environment = nullptr;
    std::map<InstanceKey, KatState> kats;
    std::string algorithm; // the name for title and section 1; empty when the dataset does not tell one
    Language lang = Language::en;

    // Texts for people in the report's language (core/base/i18n.h).
    std::string t(std::string_view en) const { return tr(lang, en); }
    std::string f(std::string_view en, std::initializer_list<std::string> args) const { return trf(lang, en, args); }
    std::string text(std::string_view en) const { return tr_text(lang, en); }
    bool zh() const { return lang == Language::zh_CN; }
    std::string list_sep() const { return zh() ? "\u3001" : ", "; }
    std::string phrase_sep() const { return zh() ? "\uff1b" : "; "; }
    std::string paren(const std::string &a, const std::string &b) const
    {
        return zh() ? a + "\uff08" + b + "\uff09" : a + " (" + b + ")";
    }
    std::string colon() const { return zh() ? "\uff1a" : ": "; }

    const Record *first_record(const LabelKey &k) const
    {
        const Record *exchange = nullptr, *first = nullptr;
        for (const Record *r : records) {
            if (r->candidate != k.candidate || r->label != k.label)
                continue;
            if (!first)
                first = r;
            if (!exchange && r->operation == "exchange")
                exchange = r;
        }
        return exchange ? exchange : first;
    }
};

// ------------------------------------------------------------------ environment values

// The state the timings were taken in: a record's environment. campaign.json's
// environment_at_start can predate the host fixes (x86_1 starts with the
// powersave governor and turbo on; arm_1 without cpufreq at all), and the
// published pages describe the measured state.
const Json *measured_environment(const Dataset &ds, const std::vector<const Record *> &records)
{
    for (const Record *r : records)
        if (r->environment.is_object() && !r->environment.empty())
            return &r->environment;
    if (ds.campaign) {
        if (ds.campaign->environment_at_end.is_object() && !ds.campaign->environment_at_end.empty())
            return &ds.campaign->environment_at_end;
        if (ds.campaign->environment_at_start.is_object())
            return &ds.campaign->environment_at_start;
    }
    return nullptr;
}

std::string architecture_name(const std::string &arch)
{
    if (arch == "aarch64")
        return "AArch64";
    if (arch == "x86_64")
        return "x86-64";
    return arch;
}

// ------------------------------------------------------------------ the algorithm's name

// The family part of an instance name, as build-instance derives it: "TriQ-KEX-128" -> "TriQ-KEX".
std::string family_of_instance(const std::string &instance)
{
    const size_t dash = instance.rfind('-');
    return dash == std::string::npos || dash == 0 ? std::string() : instance.substr(0, dash);
}

// ALGORITHM_INSTANCE of a label: the build's, else a record's, else the label ("-avx2" labels share one).
std::string instance_name(const Context &c, const LabelKey &key)
{
    if (const BuildEntry *b = c.ds.build_for(key.candidate, key.label); b && !b->instance.empty())
        return b->instance;
    if (const Record *r = c.first_record(key); r && !r->instance.empty())
        return r->instance;
    return key.label;
}

// What the evidence calls the instance's algorithm: build.json, else its KAT log's header, else its name.
std::string algorithm_of(const Context &c, const LabelKey &key)
{
    if (const BuildEntry *b = c.ds.build_for(key.candidate, key.label); b && !b->algorithm.empty())
        return printable(b->algorithm); // from the submission's sources, via build-instance
    if (const KatLog *log = c.ds.kat_log_for(key.candidate, key.label); log && !log->algorithm.empty())
        return log->algorithm;
    return family_of_instance(instance_name(c, key));
}

// The name every reported instance agrees on; empty when they name none or several.
std::string dataset_algorithm(const Context &c)
{
    if (!c.options.algorithm_name.empty())
        return c.options.algorithm_name;
    std::string agreed;
    for (const auto &key : c.labels) {
        const std::string name = algorithm_of(c, key);
        if (name.empty())
            continue;
        if (!agreed.empty() && name != agreed)
            return {};
        agreed = name;
    }
    return agreed;
}

// True when `id` is only `name` in lower case with '-' for other characters, as a
// campaign derives a folder id from the family ("triq-kex" for "TriQ-KEX"): the
// title then shows the name alone rather than the same word twice.
bool id_spells_name(const std::string &id, const std::string &name)
{
    if (id.size() != name.size())
        return false;
    for (size_t i = 0; i < id.size(); ++i) {
        const unsigned char ch = static_cast<unsigned char>(name[i]);
        if (id[i] != (std::isalnum(ch) ? static_cast<char>(std::tolower(ch)) : '-'))
            return false;
    }
    return true;
}

// ------------------------------------------------------------------ section 1

std::string algorithm_text(const Context &c)
{
    if (!c.algorithm.empty())
        return c.algorithm;
    return c.options.candidate.empty() ? c.t("all candidates in the dataset") : c.options.candidate;
}

std::vector<std::string> variants(const Context &c)
{
    std::vector<std::string> out;
    auto add = [&](const std::string &v) {
        if (!v.empty() && std::find(out.begin(), out.end(), v) == out.end())
            out.push_back(v);
    };
    for (const auto &k : c.labels)
        if (const BuildEntry *b = c.ds.build_for(k.candidate, k.label))
            add(b->variant);
    for (const Record *r : c.records)
        add(r->variant);
    return out;
}

ReportSection basic_section(const Context &c)
{
    ReportSection s{"basic", "1", c.t("Basic information"), {}, {}, {}};
    std::vector<std::string> sets;
    for (const auto &k : c.labels)
        sets.push_back(code(k.label));
    s.items.push_back(c.t("Category: public-key algorithm; function: key exchange"));
    s.items.push_back(c.f("Algorithm: {}", {algorithm_text(c)}));
    auto v = variants(c);
    if (c.zh()) // variant names are the builds' own words
        for (auto &name : v)
            name = code(name);
    s.items.push_back(
        c.f("Implementation versions measured: {}", {v.empty() ? std::string(fmt::kMissing) : join(v, c.list_sep())}));
    s.items.push_back(
        c.f("Parameter sets: {}", {sets.empty() ? std::string(fmt::kMissing) : join(sets, c.list_sep())}));
    return s;
}

// ------------------------------------------------------------------ section 2

// "fixed 2.71 GHz (governor performance, minimum = maximum)" when cpufreq pins
// the clock, "max 2.10 GHz, governor performance" when it only caps it.
std::string frequency_text(const Json &env, Language lang)
{
    const auto max_khz = env_number(env, "cpufreq_max_khz");
    const auto min_khz = env_number(env, "cpufreq_min_khz");
    const auto governor = env_string(env, "cpufreq_governor");
    if (max_khz) {
        const std::string ghz = fmt::py_format(*max_khz / 1e6, 'f', 2) + " GHz";
        if (min_khz && *min_khz == *max_khz)
            return governor ? trf(lang, "fixed {} (governor {}, minimum = maximum)", {ghz, *governor})
                            : trf(lang, "fixed {} (minimum = maximum)", {ghz});
        return governor ? trf(lang, "max {}, governor {}", {ghz, *governor}) : trf(lang, "max {}", {ghz});
    }
    if (const auto hz = env_number(env, "core_clock_hz"))
        return trf(lang, "measured {} (no cpufreq limit)", {fmt::py_format(*hz / 1e9, 'f', 2) + " GHz"});
    return tr(lang, "no cpufreq or clock-probe data");
}

std::optional<std::string> turbo_text(const Json &env, Language lang)
{
    const auto turbo = turbo_state(env);
    if (!turbo)
        return std::nullopt;
    if (turbo->intel_pstate)
        return tr(lang, turbo->on ? "turbo on" : "turbo off");
    return tr(lang, turbo->on ? "boost on" : "boost off");
}

std::optional<std::string> smt_text(const Json &env, Language lang)
{
    const auto smt = env_string(env, "smt_control");
    if (!smt)
        return std::nullopt;
    if (*smt == "off" || *smt == "forceoff")
        return tr(lang, "SMT off");
    if (*smt == "notsupported" || *smt == "notimplemented")
        return tr(lang, "SMT none");
    return trf(lang, "SMT {}", {*smt});
}

std::string clock_text(const Json &env, Language lang)
{
    std::string text = frequency_text(env, lang);
    if (const auto t = turbo_text(env, lang))
        text.append(tr(lang, ", ")).append(*t);
    if (const auto s = smt_text(env, lang))
        text.append(tr(lang, ", ")).append(*s);
    return text;
}

// The timing CPU: the first host check that found nothing wrong (harness
// campaigns), else the CPU the environment block describes.
std::optional<std::string> timing_cpu(const Context &c)
{
    const Json *checks =
        c.ds.campaign && c.ds.campaign->raw.contains("host_checks") ? &c.ds.campaign->raw.at("host_checks") : nullptr;
    if (checks && checks->is_array())
        for (const auto &check : *checks)
            if (check.is_object() && check.value("problems", Json::array()).empty() && check.contains("cpu"))
                if (auto cpu = env_string(check, "cpu"))
                    return cpu;
    return c.environment ? env_string(*c.environment, "cpu_number") : std::nullopt;
}

std::string cut19(const std::string &s) { return s.substr(0, 19); }

std::string campaign_span(const Context &c)
{
    std::string start, end;
    if (c.ds.campaign) {
        start = c.ds.campaign->started_utc;
        end = c.ds.campaign->ended_utc;
    }
    for (const Record *r : c.records) {
        if (!c.ds.campaign && !r->started_utc.empty() && (start.empty() || r->started_utc < start))
            start = r->started_utc;
        if (!c.ds.campaign && r->ended_utc > end)
            end = r->ended_utc;
    }
    return (start.empty() ? std::string(fmt::kMissing) : cut19(start)) + " / " +
           (end.empty() ? std::string(fmt::kMissing) : cut19(end));
}

std::string or_missing(const std::optional<std::string> &s)
{
    return s && !s->empty() ? *s : std::string(fmt::kMissing);
}

std::vector<Row> environment_rows(const Context &c)
{
    static const Json empty = Json::object();
    const Json &env = c.environment ? *c.environment : empty;
    std::vector<Row> rows;
    const auto cpu = timing_cpu(c);
    rows.push_back(
        {c.t("processor"), or_missing(env_string(env, "cpu_model")) + (cpu ? c.f(" (CPU {}, one core)", {*cpu}) : "")});
    if (const auto machine = env_string(env, "machine"); machine && !machine->empty())
        rows.push_back({c.t("machine"), *machine});
    rows.push_back({c.t("clock"), clock_text(env, c.lang)});
    const auto kib = env_number(env, "memory_total_kib");
    rows.push_back({c.t("memory"), kib ? std::to_string(static_cast<uint64_t>(*kib) / 1024) + " MiB" : fmt::kMissing});
    rows.push_back(
        {c.t("OS / kernel"), or_missing(env_string(env, "os")) + " / " + or_missing(env_string(env, "kernel"))});
    rows.push_back({c.t("compiler / build tool"),
                    or_missing(env_string(env, "compiler")) + " / " + or_missing(env_string(env, "cmake"))});
    rows.push_back({c.t("campaign start / end (UTC)"), campaign_span(c)});
    if (const RunnerHostInfo &host = c.ds.runner_host; host.kind != "local") // a local runner needs no row
        rows.push_back({c.t("runner"), c.text(host.kind) + (host.where.empty() ? "" : c.colon() + c.text(host.where)) +
                                           (host.machine.empty() ? "" : c.f(" ({} libraries)", {host.machine}))});
    return rows;
}

// kexbench records carry the warnings their environment raised (frequency
// scaling, SMT, no PMU, load); harness records have none.
std::optional<ReportTable> warnings_table(const Context &c)
{
    std::vector<std::pair<std::string, size_t>> seen;
    for (const Record *r : c.records) {
        if (!r->environment.is_object() || !r->environment.contains("warnings") ||
            !r->environment.at("warnings").is_array())
            continue;
        for (const auto &w : r->environment.at("warnings")) {
            if (!w.is_string())
                continue;
            auto it =
                std::find_if(seen.begin(), seen.end(), [&](const auto &p) { return p.first == w.get<std::string>(); });
            if (it == seen.end())
                seen.emplace_back(w.get<std::string>(), 1);
            else
                ++it->second;
        }
    }
    if (seen.empty())
        return std::nullopt;
    ReportTable t{"environment-warnings",
                  c.t("Environment warnings recorded with the measurements"),
                  {c.t("warning"), c.t("records")},
                  {},
                  {}};
    for (const auto &[text, count] : seen)
        t.rows.push_back({c.text(text), std::to_string(count)});
    t.data_header = {"warning", "n_records"};
    for (const auto &[text, count] : seen)
        t.data_rows.push_back({text, static_cast<int64_t>(count)});
    return t;
}

ReportSection environment_section(const Context &c)
{
    ReportSection s{"environment", "2", c.t("Assessment environment"), {}, {}, {}};
    ReportTable env{"environment", "", {c.t("item"), c.t("value")}, environment_rows(c), {}};
    env.data_header = {"item", "value"};
    Context en = c; // machine-readable texts stay English
    en.lang = Language::en;
    for (const Row &row : environment_rows(en))
        env.data_rows.push_back({text_value(plain_text(row[0])), text_value(plain_text(row[1]))});
    // The memory as a number in bytes, next to the display text.
    static const Json no_env = Json::object();
    if (const auto kib = env_number(c.environment ? *c.environment : no_env, "memory_total_kib"))
        env.data_rows.push_back({std::string("memory_bytes"), static_cast<int64_t>(*kib * 1024)});
    s.tables.push_back(std::move(env));
    if (auto w = warnings_table(c))
        s.tables.push_back(std::move(*w));
    return s;
}

// ------------------------------------------------------------------ section 3

// build.json's status word, else the records'; any record flagged
// kat_not_passed also marks the instance.
std::map<InstanceKey, KatState> kat_states(const Dataset &ds, const std::vector<const Record *> &records)
{
    std::map<InstanceKey, KatState> out;
    std::set<InstanceKey> flagged;
    for (const auto &b : ds.builds)
        out[{b.candidate, b.label}].status = b.kat;
    for (const Record *r : records) {
        KatState &k = out[{r->candidate, r->label}];
        if (k.status.empty())
            k.status = r->kat;
        if (r->kat_not_passed)
            flagged.insert({r->candidate, r->label});
    }
    for (auto &[key, k] : out)
        k.passed = !flagged.count(key) && (k.status.empty() || k.status == "PASS");
    return out;
}

KatState kat_state(const Context &c, const std::string &candidate, const std::string &label)
{
    const auto it = c.kats.find({candidate, label});
    return it == c.kats.end() ? KatState{} : it->second;
}

// `label` plus " (AVX2)" for -avx2 builds and " ⚠ KAT <STATUS>" when the KAT did not pass.
std::string instance_cell(const Context &c, const std::string &candidate, const std::string &label)
{
    std::string cell = code(label);
    const std::string avx2 = "-avx2";
    if (label.size() > avx2.size() && label.compare(label.size() - avx2.size(), avx2.size(), avx2) == 0)
        cell += " (AVX2)";
    const KatState k = kat_state(c, candidate, label);
    if (!k.passed)
        cell.append(" ")
            .append(kWarn)
            .append(c.zh() ? " KAT\uff1a" : " KAT ")
            .append(k.status.empty() ? c.t("unknown") : c.text(k.status));
    return cell;
}

ReportSection kat_section(const Context &c)
{
    ReportSection s{"kat", "3", c.t("Functional testing (KAT)"), {}, {}, {}};
    s.paragraphs.push_back(c.t("Every library's known-answer tests were run before timing; the status is the one "
                               "recorded at build time, and section 7 lists each KAT log with its digest."));
    ReportTable t{"kat", "", {c.t("instance"), c.t("build flags"), c.t("KAT")}, {}, {}};
    for (const auto &k : c.labels) {
        const BuildEntry *b = c.ds.build_for(k.candidate, k.label);
        const Record *r = c.first_record(k);
        const std::string flags = b ? b->flags : r ? r->flags : "";
        const KatState kat = kat_state(c, k.candidate, k.label);
        t.rows.push_back({instance_cell(c, k.candidate, k.label), flags.empty() ? fmt::kMissing : flags,
                          kat.status.empty() ? std::string(fmt::kMissing) : c.text(kat.status)});
        t.data_rows.push_back({k.candidate, k.label, text_value(flags), text_value(kat.status),
                               static_cast<int64_t>(kat.passed ? 1 : 0)});
    }
    t.data_header = {"candidate", "instance", "build_flags", "kat_status", "kat_passed"};
    s.tables.push_back(std::move(t));
    return s;
}

// ------------------------------------------------------------------ section 4

bool complete(const Record &r) { return r.status == "complete"; }

std::string unit_of(const RecordSamples &k, Language lang) { return tr_text(lang, counter_unit(k)); }

// "mean cycles" unless kexbench counted something other than core cycles:
// then the unit it did count ("mean TSC ticks").
std::string mean_header(const std::vector<const Record *> &records, Language lang)
{
    std::set<std::string> units;
    bool non_core = false;
    for (const Record *r : records)
        if (r->kexbench) {
            units.insert(unit_of(*r->kexbench, lang));
            non_core = non_core || !r->kexbench->core_cycles;
        }
    if (!non_core)
        return tr(lang, "mean cycles");
    return units.size() == 1 ? trf(lang, "mean {}", {*units.begin()}) : tr(lang, "mean cycles / ticks");
}

std::string count_cell(const Record &r)
{
    return std::to_string(r.measurements) + " (" + std::to_string(r.plan.trials) + kTimes +
           std::to_string(r.plan.iterations_per_trial) + ")";
}

// A record whose trials never ran clean is marked in every table that shows it.
std::string operation_cell(const Context &c, const Record &r)
{
    return r.kexbench && r.kexbench->disturbed ? c.f("{} (disturbed)", {r.operation}) : r.operation;
}

Row performance_row(const Context &c, const Record &r)
{
    Row row{instance_cell(c, r.candidate, r.label), operation_cell(c, r)};
    if (!complete(r)) {
        row.insert(row.end(), 4, c.t("failed"));
        row.push_back(r.measurements ? count_cell(r) : fmt::kMissing);
        return row;
    }
    row.push_back(r.mean_cycles ? fmt::fmt_int(r.mean_cycles) : fmt::fmt_time(r.mean_seconds));
    row.push_back(fmt::fmt_time(r.mean_seconds));
    row.push_back(r.operations_per_second ? fmt::fmt_ops(*r.operations_per_second) : fmt::kMissing);
    row.push_back(fmt::fmt_time(r.median_trial_seconds));
    row.push_back(count_cell(r));
    return row;
}

// performance.csv: the values behind performance_row, in base units; the mean
// count goes into the column of the record's own unit (mean_cycles, mean_tsc_ticks).
std::vector<std::string> performance_data_header(const std::vector<std::string> &units)
{
    std::vector<std::string> h{"candidate", "instance", "operation", "status", "disturbed"};
    for (const auto &u : units)
        h.push_back("mean_" + u);
    h.insert(h.end(),
             {"mean_seconds", "ops_per_second", "median_trial_seconds", "n_measurements", "n_trials", "n_iterations"});
    return h;
}

DataRow performance_data_row(const Record &r, const std::vector<std::string> &units)
{
    const bool ok = complete(r);
    DataRow row{r.candidate, r.label, r.operation, text_value(r.status),
                static_cast<int64_t>(r.kexbench && r.kexbench->disturbed ? 1 : 0)};
    push_by_unit(row, units, record_unit_slug(r), ok ? data_value(r.mean_cycles) : DataValue());
    row.push_back(ok ? data_value(r.mean_seconds) : DataValue());
    row.push_back(ok ? data_value(r.operations_per_second) : DataValue());
    row.push_back(ok ? data_value(r.median_trial_seconds) : DataValue());
    row.push_back(r.measurements ? DataValue(static_cast<int64_t>(r.measurements)) : DataValue());
    row.push_back(r.measurements ? DataValue(static_cast<int64_t>(r.plan.trials)) : DataValue());
    row.push_back(r.measurements ? DataValue(static_cast<int64_t>(r.plan.iterations_per_trial)) : DataValue());
    return row;
}

std::vector<double> as_doubles(const std::vector<uint64_t> &v) { return {v.begin(), v.end()}; }

// Long texts of a table's cells as numbered notes: the cell keeps a short
// word and the note's key, so a narrow column stays narrow on a page (the PDF
// has no room for a sentence per row). One note per distinct text.
class TableFootnotes {
public:
    std::string key(const std::string &text)
    {
        auto it = std::find(texts_.begin(), texts_.end(), text);
        if (it == texts_.end())
            it = texts_.insert(texts_.end(), text);
        return "[" + std::to_string(it - texts_.begin() + 1) + "]";
    }
    void append_to(ReportTable &t, const Context &c) const
    {
        for (size_t i = 0; i < texts_.size(); ++i)
            t.notes.push_back("[" + std::to_string(i + 1) + "] " + c.text(texts_[i]));
    }

private:
    std::vector<std::string> texts_;
};

// The trial-level interval, or n/a and the key of the note saying why: never a width over iterations.
std::string trial_ci_cell(const std::optional<TrialEstimate> &e, TableFootnotes &notes)
{
    if (!e)
        return fmt::kMissing;
    if (!e->ci.reached)
        return "n/a " + notes.key(ci_unavailable_reason(*e));
    return fmt::fmt_int(e->ci.low) + " \u2013 " + fmt::fmt_int(e->ci.high);
}

std::string trials_cell(const Record &r, const RecordSamples &k, Language lang)
{
    std::string cell =
        std::to_string(k.health.empty() ? trial_medians(k, TrialQuantity::ticks).size() : k.health.size());
    if (r.disturbed_retries > 0)
        cell += trf(lang, " (+{} retried)", {std::to_string(r.disturbed_retries)});
    return cell;
}

std::optional<double> overhead_subtracted_value(const Record &r, const RecordSamples &k,
                                                const std::vector<double> &ticks)
{
    std::optional<double> mean = r.mean_cycles;
    if (!ticks.empty()) {
        double sum = 0;
        for (double t : ticks)
            sum += t;
        mean = sum / static_cast<double>(ticks.size());
    }
    if (!mean)
        return std::nullopt;
    return std::max(0.0, *mean - k.overhead_ticks);
}

std::string overhead_subtracted_mean(const Record &r, const RecordSamples &k, const std::vector<double> &ticks)
{
    const auto v = overhead_subtracted_value(r, k, ticks);
    return v ? fmt::fmt_int(*v) : std::string(fmt::kMissing);
}

// The flags by name: their whole phrases (a disturbance reason runs to two
// lines) are rows of the Consistency checks table, keyed by instance and
// operation, so this column stays a few words wide on a page.
std::string checks_cell(const Context &c, const Record &r)
{
    std::string cell;
    for (const auto &flag : record_flag_names(r))
        cell.append(cell.empty() ? "" : c.list_sep()).append(c.t(flag));
    return cell.empty() ? std::string(fmt::kMissing) : cell;
}

std::string counter_text(const Context &c, const RecordSamples &k)
{
    return c.paren(k.counter.empty() ? std::string(fmt::kMissing) : k.counter, unit_of(k, c.lang));
}

// The counter of every kexbench record when they all used one, said once in a
// note instead of a column repeating it.
std::optional<std::string> common_counter(const Context &c)
{
    std::set<std::string> counters;
    for (const Record *r : c.records)
        if (r->kexbench)
            counters.insert(counter_text(c, *r->kexbench));
    return counters.size() == 1 ? std::optional<std::string>(*counters.begin()) : std::nullopt;
}

// The operation without the "(disturbed)" mark of other tables: this table's
// checks column names the flag.
Row samples_row(const Context &c, const Record &r, bool counter_column, TableFootnotes &notes)
{
    const RecordSamples &k = *r.kexbench;
    const std::vector<double> ticks = as_doubles(k.ticks);
    const auto by_ticks = trial_estimate(r, TrialQuantity::ticks);
    const auto by_time = k.ns.empty() ? std::nullopt : trial_estimate(r, TrialQuantity::time_ns);
    Row row{instance_cell(c, r.candidate, r.label), r.operation};
    if (counter_column)
        row.push_back(counter_text(c, k));
    row.insert(row.end(), {trials_cell(r, k, c.lang), by_ticks ? fmt::fmt_int(by_ticks->center) : fmt::kMissing,
                           trial_ci_cell(by_ticks, notes), overhead_subtracted_mean(r, k, ticks),
                           by_time ? fmt::fmt_time(by_time->center * 1e-9) : fmt::kMissing,
                           k.stack_bytes ? std::to_string(*k.stack_bytes) : fmt::kMissing,
                           std::to_string(k.secret_mismatches), checks_cell(c, r)});
    return row;
}

std::vector<std::string> samples_data_header(const std::vector<std::string> &units)
{
    std::vector<std::string> h{"candidate", "instance",     "operation", "status",          "disturbed",
                               "counter",   "counter_unit", "n_trials",  "n_retried_trials"};
    for (const char *what : {"median_trial_median_", "ci_low_", "ci_high_", "mean_minus_overhead_"})
        for (const auto &u : units)
            h.push_back(what + u);
    h.insert(h.end(), {"ci_note", "median_trial_median_seconds", "stack_bytes", "secret_mismatches", "checks"});
    return h;
}

// The values behind samples_row; counts in the columns of the record's unit.
DataRow samples_data_row(const Record &r, const std::vector<std::string> &units)
{
    const RecordSamples &k = *r.kexbench;
    const auto by_ticks = trial_estimate(r, TrialQuantity::ticks);
    const auto by_time = k.ns.empty() ? std::nullopt : trial_estimate(r, TrialQuantity::time_ns);
    const std::string unit = record_unit_slug(r);
    const bool ci = by_ticks && by_ticks->ci.reached;
    DataRow row{
        r.candidate,
        r.label,
        r.operation,
        text_value(r.status),
        static_cast<int64_t>(k.disturbed ? 1 : 0),
        text_value(k.counter),
        text_value(counter_unit(k)),
        static_cast<int64_t>(k.health.empty() ? trial_medians(k, TrialQuantity::ticks).size() : k.health.size()),
        static_cast<int64_t>(r.disturbed_retries)};
    push_by_unit(row, units, unit, by_ticks ? data_value(by_ticks->center) : DataValue());
    push_by_unit(row, units, unit, ci ? data_value(by_ticks->ci.low) : DataValue());
    push_by_unit(row, units, unit, ci ? data_value(by_ticks->ci.high) : DataValue());
    push_by_unit(row, units, unit, data_value(overhead_subtracted_value(r, k, as_doubles(k.ticks))));
    row.push_back(by_ticks && !ci ? text_value(ci_unavailable_reason(*by_ticks)) : DataValue());
    row.push_back(by_time ? data_value(by_time->center * 1e-9) : DataValue());
    row.push_back(data_uint(k.stack_bytes));
    row.push_back(static_cast<int64_t>(k.secret_mismatches));
    std::string checks;
    for (const auto &flag : record_flags(r))
        checks.append(checks.empty() ? "" : "; ").append(flag);
    row.push_back(text_value(checks));
    return row;
}

std::optional<ReportTable> samples_table(const Context &c)
{
    const std::optional<std::string> counter = common_counter(c);
    ReportTable t{
        "performance-kexbench", c.t("Trial-level figures (kexbench)"), {c.t("instance"), c.t("operation")}, {}, {}};
    if (!counter)
        t.header.push_back(c.t("counter (unit)"));
    t.header.insert(t.header.end(), {c.t("trials"), c.t("median of trial medians"), c.t("95 % CI over trials"),
                                     c.t("mean \u2212 timer overhead"), c.t("median of trial medians (time)"),
                                     c.t("stack (bytes)"), c.t("secret mismatches"), c.t("checks")});
    TableFootnotes footnotes;
    for (const Record *r : c.records) {
        if (!r->kexbench)
            continue;
        t.rows.push_back(samples_row(c, *r, !counter, footnotes));
        t.data_rows.push_back(samples_data_row(*r, unit_slugs(c.records, true)));
        if (!complete(*r) && !r->kexbench->reason.empty())
            t.notes.push_back(code(r->label) + " " + r->operation + c.colon() + c.text(r->kexbench->reason));
    }
    if (t.rows.empty())
        return std::nullopt;
    t.data_header = samples_data_header(unit_slugs(c.records, true));
    t.notes.insert(
        t.notes.begin(),
        c.t("Counts are in the counter's unit. Each trial is one fresh runner process; its value is the median "
            "of its timed calls, and the central figure is the median of those trial medians. The interval "
            "is the distribution-free order-statistic 95 % confidence interval over trials (at least 6 trials "
            "are needed; with fewer the coverage [min, max] reaches is shown instead). The published "
            "method's figures above (mean over all timed calls, median trial) are unchanged. The overhead is "
            "the cheapest empty timer start/stop pair. A trial is retried when its speed probe ran more than "
            "3 % slower than the campaign's fastest or it lost more than 1 % of its wall time."));
    const bool flagged = std::any_of(c.records.begin(), c.records.end(),
                                     [](const Record *r) { return r->kexbench && !record_flags(*r).empty(); });
    size_t next_note = 1;
    if (counter)
        t.notes.insert(t.notes.begin() + next_note++, c.f("Counter of every row: {}.", {*counter}));
    if (flagged)
        t.notes.insert(t.notes.begin() + next_note++, c.t("The checks column names each record's flags; the "
                                                          "Consistency checks table below gives each in full."));
    footnotes.append_to(t, c);
    return t;
}

// Exchange against the sum of its steps, per instance, and the campaign's measured host load.
std::optional<ReportTable> checks_table(const Context &c)
{
    std::vector<Record> records;
    for (const Record *r : c.records)
        records.push_back(*r);
    ReportTable t{
        "performance-checks", c.t("Consistency checks"), {c.t("instance"), c.t("check"), c.t("result")}, {}, {}};
    for (const StepSumCheck &s : exchange_vs_steps(records))
        t.rows.push_back({instance_cell(c, s.candidate, s.label), c.t("exchange vs sum of steps"),
                          c.f(s.inconsistent ? "differs: {}" : "consistent: {}", {c.text(s.text())})});
    for (const StepSumCheck &s : exchange_vs_steps(records))
        t.data_rows.push_back({s.candidate, s.label, std::string("exchange"), std::string("exchange vs sum of steps"),
                               std::string(s.inconsistent ? "differs: " : "consistent: ") + s.text()});
    for (const Record *r : c.records)
        for (const auto &flag : record_flags(*r)) {
            t.rows.push_back({instance_cell(c, r->candidate, r->label), r->operation, c.text(flag)});
            t.data_rows.push_back({r->candidate, r->label, r->operation, std::string("record flag"), flag});
        }
    t.data_header = {"candidate", "instance", "operation", "check", "result"};
    for (const auto &w : measured_host_warnings(c.ds))
        t.notes.push_back(c.f("Measured host load: {}.", {c.text(w)}));
    if (t.rows.empty() && t.notes.empty())
        return std::nullopt;
    t.notes.insert(t.notes.begin(),
                   c.t("An exchange that differs from the sum of its own steps by more than 15 % was "
                       "disturbed or is not what its steps add up to; both figures are the mean over "
                       "calls. A step within 20 counter ticks of the timer overhead is timer-limited."));
    return t;
}

ReportSection performance_section(const Context &c)
{
    ReportSection s{"performance", "4", c.t("Performance"), {}, {}, {}};
    ReportTable t{"performance",
                  "",
                  {c.t("instance"), c.t("operation"), mean_header(c.records, c.lang), c.t("mean time"), c.t("ops/s"),
                   c.t("median trial"), c.t("n (trials \u00d7 iters)")},
                  {},
                  {}};
    const std::vector<std::string> units = unit_slugs(c.records, false);
    t.data_header = performance_data_header(units);
    for (const Record *r : c.records) {
        t.rows.push_back(performance_row(c, *r));
        t.data_rows.push_back(performance_data_row(*r, units));
    }
    s.tables.push_back(std::move(t));
    if (auto k = samples_table(c))
        s.tables.push_back(std::move(*k));
    if (auto k = checks_table(c))
        s.tables.push_back(std::move(*k));
    return s;
}

// ------------------------------------------------------------------ section 5

std::string kib_cell(const std::optional<uint64_t> &bytes)
{
    return bytes ? std::to_string(*bytes / 1024) + " KiB" : std::string(fmt::kMissing);
}

// kexbench's memory per operation. Its own table (the published layout gets no
// extra columns), with peak RSS repeated so the process figure stands beside
// the operation's own.

std::string memory_cell(const Context &c, const std::optional<double> &v)
{
    return v ? memory_count_text(*v) : c.t("n/a");
}

std::optional<double> as_double(const std::optional<uint64_t> &v)
{
    return v ? std::optional<double>(static_cast<double>(*v)) : std::nullopt;
}

// One n/a reason and the rows it holds for, in first-seen order.
struct MissingFigure {
    std::string what;   // "heap peak and allocations/op", "stack peak", or both
    std::string reason; // English, as stored
    std::vector<std::string> rows;
};

void add_missing(std::vector<MissingFigure> &missing, const std::string &what, const std::string &reason,
                 const std::string &row)
{
    for (auto &m : missing)
        if (m.what == what && m.reason == reason) {
            m.rows.push_back(row);
            return;
        }
    missing.push_back({what, reason, {row}});
}

// The row's missing figures: one reason for both when heap and stack share it.
void note_missing(std::vector<MissingFigure> &missing, const OperationMemory &m, const std::string &row)
{
    if (!m.heap_reason.empty() && m.heap_reason == m.stack_reason) {
        add_missing(missing, "heap peak, allocations/op and stack peak", m.heap_reason, row);
        return;
    }
    if (!m.heap_reason.empty())
        add_missing(missing, "heap peak and allocations/op", m.heap_reason, row);
    if (!m.stack_reason.empty())
        add_missing(missing, "stack peak", m.stack_reason, row);
}

std::string memory_notes_text(const OperationMemory &m)
{
    std::string out;
    if (!m.heap_reason.empty())
        out = "heap: " + m.heap_reason;
    if (!m.stack_reason.empty())
        out.append(out.empty() ? "" : "; ").append("stack: " + m.stack_reason);
    return out;
}

// What the columns count; the number of exchanges when every record used the same.
std::string operation_memory_intro(const Context &c)
{
    std::set<uint64_t> exchanges;
    for (const Record *r : c.records)
        if (r->kexbench && r->kexbench->heap_exchanges)
            exchanges.insert(*r->kexbench->heap_exchanges);
    const std::string over = exchanges.size() == 1 ? c.f("the largest over {} exchanges after one warm-up exchange",
                                                         {std::to_string(*exchanges.begin())})
                                                   : c.t("the largest over the exchanges of the memory pass");
    return c.f("Memory per operation is kexbench's measurement of the operation alone, in an untimed pass of its own "
               "runner child (`docs/method.md`, \u201cMemory per operation\u201d). Heap peak: the highest level of "
               "live requested bytes above the level at the step's start, {}; allocations/op: allocating calls per "
               "operation, the mean over those exchanges; stack peak: the deepest stack use below the step's entry "
               "stack pointer, to the word, the return address not counted. `glibc`'s rounding of each block up to "
               "its usable size is not included. Peak RSS is the published method's column above, repeated here.",
               {over});
}

std::optional<ReportTable> operation_memory_table(const Context &c)
{
    if (std::none_of(c.records.begin(), c.records.end(), [](const Record *r) { return r->kexbench.has_value(); }))
        return std::nullopt; // harness data: nothing kexbench measured
    ReportTable t{"resources-kexbench",
                  c.t("Memory per operation (kexbench)"),
                  {c.t("instance"), c.t("operation"), c.t("peak RSS"), c.t("heap peak (bytes)"), c.t("allocations/op"),
                   c.t("stack peak (bytes)")},
                  {},
                  {operation_memory_intro(c)}};
    t.data_header = {"candidate",
                     "instance",
                     "operation",
                     "peak_rss_bytes",
                     "heap_peak_bytes",
                     "heap_allocations_per_operation",
                     "heap_bytes_per_operation",
                     "n_heap_exchanges",
                     "stack_bytes",
                     "notes"};
    std::vector<MissingFigure> missing;
    for (const Record *r : c.records) {
        const OperationMemory m = operation_memory(*r);
        t.rows.push_back({instance_cell(c, r->candidate, r->label), r->operation, kib_cell(r->peak_rss_bytes),
                          memory_cell(c, as_double(m.heap_peak_bytes)), memory_cell(c, m.heap_allocations),
                          memory_cell(c, as_double(m.stack_bytes))});
        t.data_rows.push_back({r->candidate, r->label, r->operation, data_uint(r->peak_rss_bytes),
                               data_uint(m.heap_peak_bytes), data_value(m.heap_allocations),
                               data_value(m.heap_bytes_total), data_uint(m.heap_exchanges), data_uint(m.stack_bytes),
                               text_value(memory_notes_text(m))});
        note_missing(missing, m, code(r->label) + " " + r->operation);
    }
    for (const auto &m : missing) {
        const std::string rows =
            m.rows.size() == c.records.size() ? c.t("every operation") : join(m.rows, c.list_sep());
        t.notes.push_back(c.f("{} n/a for {}: {}.", {c.t(m.what), rows, c.text(m.reason)}));
    }
    return t;
}

ReportSection resources_section(const Context &c)
{
    ReportSection s{"resources", "5", c.t("Resource consumption"), {}, {}, {}};
    s.paragraphs.push_back(c.t("Static memory is the sum of the library's loadable ELF segments (code, data and bss). "
                               "Baseline and peak RSS belong to the whole measuring process, driver and libc "
                               "included, so both figures are upper bounds for the algorithm itself."));
    ReportTable t{
        "resources",
        "",
        {c.t("instance"), c.t("operation"), c.t("static: ELF image (bytes)"), c.t("baseline RSS"), c.t("peak RSS")},
        {},
        {}};
    for (const Record *r : c.records) {
        const BuildEntry *b = c.ds.build_for(r->candidate, r->label);
        const bool elf = b && b->elf_load_bytes;
        t.rows.push_back({instance_cell(c, r->candidate, r->label), r->operation,
                          elf ? std::to_string(*b->elf_load_bytes) : fmt::kMissing, kib_cell(r->baseline_rss_bytes),
                          kib_cell(r->peak_rss_bytes)});
        t.data_rows.push_back({r->candidate, r->label, r->operation, elf ? data_uint(b->elf_load_bytes) : DataValue(),
                               data_uint(r->baseline_rss_bytes), data_uint(r->peak_rss_bytes)});
    }
    t.data_header = {"candidate", "instance", "operation", "elf_load_bytes", "baseline_rss_bytes", "peak_rss_bytes"};
    s.tables.push_back(std::move(t));
    if (auto m = operation_memory_table(c))
        s.tables.push_back(std::move(*m));
    return s;
}

// ------------------------------------------------------------------ section 6

// The sizes and the bandwidth come from core/analysis/transmission.h, which the
// workbench's Results table calls too: both always show the same figures.
using KexSizes = TransmissionFigures;

std::string num(const std::optional<int64_t> &v) { return v ? std::to_string(*v) : std::string(fmt::kMissing); }

std::string messages_cell(const KexSizes &k)
{
    if (k.messages.empty())
        return fmt::kMissing;
    std::vector<std::string> parts;
    for (int64_t m : k.messages)
        parts.push_back(std::to_string(m));
    return join(parts, " / ");
}

// The accounting row of (candidate id, ALGORITHM_INSTANCE): "kex-09;TriQ-KEX-128;...".
const BandwidthEntry *accounting_for(const Context &c, const LabelKey &key)
{
    if (!c.options.accounting)
        return nullptr;
    return find_bandwidth_entry(*c.options.accounting, key.candidate, instance_name(c, key));
}

// k: transmission_figures() of the instance's record with its accounting row.
Row transmission_row_v2(const Context &c, const LabelKey &key, const KexSizes &k)
{
    return {instance_cell(c, key.candidate, key.label), num(k.passes),    messages_cell(k), num(k.protocol_bytes),
            num(k.pk_a) + " / " + num(k.pk_b),          num(k.bandwidth), num(k.sk),        num(k.ss)};
}

Row transmission_row_v1(const Context &c, const LabelKey &key, const KexSizes &k)
{
    return {instance_cell(c, key.candidate, key.label),
            num(k.passes),
            messages_cell(k),
            num(k.total),
            num(k.pk) + " / " + num(k.sk),
            num(k.ss)};
}

std::vector<std::string> transmission_header(ReportLayout layout, const Context &c)
{
    std::vector<std::string> header = layout == ReportLayout::v1 ? std::vector<std::string>{"instance",
                                                                                            "passes",
                                                                                            "messages (bytes)",
                                                                                            "total message bytes",
                                                                                            "public key / secret key",
                                                                                            "shared secret"}
                                                                 : std::vector<std::string>{"instance",
                                                                                            "passes",
                                                                                            "messages (bytes; raw API)",
                                                                                            "protocol-message bytes",
                                                                                            "public key A / B",
                                                                                            "bandwidth (bytes)",
                                                                                            "long-term sk (API cap)",
                                                                                            "shared secret"};
    for (auto &h : header)
        h = c.t(h);
    return header;
}

// kexbench audits name passes that returned without writing their length
// (MEASUREMENT-METHOD §10); the raw size of such a pass is a phantom message.
void phantom_notes(const Context &c, const LabelKey &key, std::vector<std::string> &notes)
{
    std::set<std::string> seen;
    for (const Record *r : c.records) {
        if (r->candidate != key.candidate || r->label != key.label || !r->kexbench)
            continue;
        for (const auto &audit : r->kexbench->audits)
            if (audit.find("never wrote") != std::string::npos && seen.insert(audit).second)
                notes.push_back(c.f("{}: {}. A driver that presets the length to the message capacity, as the harness "
                                    "does, records a phantom full-size message here.",
                                    {code(key.label), c.text(audit)}));
    }
}

void accounting_paragraphs(const Context &c, const LabelKey &key, const BandwidthEntry *e, ReportSection &s)
{
    if (!e)
        return;
    if (e->pk_a_bytes == 0 && e->pk_b_bytes > 0)
        s.paragraphs.push_back(c.f("{}: only the responder (B) needs a long-term public key, so the initiator is not "
                                   "authenticated; compare with mutually authenticated exchanges with care.",
                                   {code(key.label)}));
    if (e->protocol_message_bytes == 0)
        s.paragraphs.push_back(
            c.f("{}: no protocol message is sent; the bandwidth is the two public keys alone.", {code(key.label)}));
}

// "kex-01 … kex-09": the ids the accounting file holds, in natural order; first and last when more than two.
std::string accounting_ids(const Context &c, const std::vector<BandwidthEntry> &rows)
{
    std::vector<std::string> ids;
    for (const auto &e : rows)
        if (!e.id.empty() && std::find(ids.begin(), ids.end(), e.id) == ids.end())
            ids.push_back(e.id);
    std::sort(ids.begin(), ids.end(), natural_less);
    if (c.zh()) // the file's ids, as identifiers
        for (auto &id : ids)
            id = code(id);
    if (ids.size() > 2)
        return ids.front() + " " + kEllipsis + " " + ids.back();
    return join(ids, c.list_sep());
}

// An instance the file lists under another id: the usual cause is a campaign
// whose candidate id was derived from the family ("triq-kex") instead of given.
std::vector<std::string> listed_elsewhere(const Context &c, const std::vector<LabelKey> &missing)
{
    std::vector<std::string> out;
    for (const auto &key : missing) {
        const std::string instance = instance_name(c, key);
        for (const auto &e : *c.options.accounting)
            if (e.instance == instance && !e.id.empty() && e.id != key.candidate) {
                out.push_back(c.f("{} is listed under {}: build the library with `build-instance --candidate {}` so "
                                  "its campaign uses that id",
                                  {code(instance), code(e.id), e.id}));
                break;
            }
    }
    return out;
}

// "No entry for `kex-09/TriQ-KEX-128` in `kex_bandwidth.csv` (it has kex-01 … kex-09 rows for other instances)".
std::string missing_entries_text(const Context &c, const std::vector<LabelKey> &missing)
{
    std::vector<std::string> keys;
    for (const auto &key : missing)
        keys.push_back(code(key.candidate + "/" + instance_name(c, key)));
    const std::string ids = accounting_ids(c, *c.options.accounting);
    const auto elsewhere = listed_elsewhere(c, missing); // only ever non-empty when ids is not
    const std::string why = ids.empty()         ? c.t("it has no rows with an ID")
                            : elsewhere.empty() ? c.f("it has {} rows for other instances", {ids})
                                                : c.f("it has {} rows; {}", {ids, join(elsewhere, c.phrase_sep())});
    return c.f("No entry for {} in {} ({})", {join(keys, c.list_sep()), code(c.options.accounting_file), why});
}

void fallback_note(const Context &c, const std::vector<LabelKey> &unaccounted, ReportTable &t)
{
    if (unaccounted.empty() || c.options.layout == ReportLayout::v1)
        return;
    std::string note;
    if (c.options.accounting) {
        note = missing_entries_text(c, unaccounted);
    } else {
        std::vector<std::string> labels;
        for (const auto &key : unaccounted)
            labels.push_back(code(key.label));
        note = c.f("No bandwidth accounting entry for {}", {join(labels, c.list_sep())});
    }
    note += c.t(": protocol-message bytes are the API's total_msg_bytes and the public keys are the lengths "
                "init_a and init_b wrote in the measured exchange (the API's pk_bytes capacity for records "
                "without them), so the bandwidth is an API-based estimate.");
    if (!c.options.accounting_note.empty())
        note += (c.zh() ? "" : " ") + c.text(c.options.accounting_note);
    t.notes.push_back(note);
}

struct SizedInstance {
    LabelKey key;
    KexSizes sizes;
    const BandwidthEntry *accounting = nullptr;
};

// transmission.csv: the byte counts behind the rows, one msg<k>_bytes column per pass.
void transmission_data(ReportLayout layout, const std::vector<SizedInstance> &sized, ReportTable &t)
{
    size_t passes = 0;
    for (const auto &s : sized)
        passes = std::max(passes, s.sizes.messages.size());
    t.data_header = {"candidate", "instance", "passes"};
    for (size_t i = 1; i <= passes; ++i)
        t.data_header.push_back("msg" + std::to_string(i) + "_bytes");
    if (layout == ReportLayout::v1)
        t.data_header.insert(t.data_header.end(), {"total_msg_bytes", "pk_bytes", "sk_bytes", "ss_bytes"});
    else
        t.data_header.insert(t.data_header.end(), {"protocol_message_bytes", "pk_a_bytes", "pk_b_bytes",
                                                   "bandwidth_bytes", "sk_bytes", "ss_bytes", "bandwidth_source"});
    for (const auto &s : sized) {
        const KexSizes &k = s.sizes;
        DataRow row{s.key.candidate, s.key.label, data_int(k.passes)};
        for (size_t i = 0; i < passes; ++i)
            row.push_back(i < k.messages.size() ? DataValue(k.messages[i]) : DataValue());
        if (layout == ReportLayout::v1) {
            row.insert(row.end(), {data_int(k.total), data_int(k.pk), data_int(k.sk), data_int(k.ss)});
        } else {
            // k already holds the accounting row's figures (core/analysis/transmission.h).
            row.insert(row.end(),
                       {data_int(k.protocol_bytes), data_int(k.pk_a), data_int(k.pk_b), data_int(k.bandwidth),
                        data_int(k.sk), data_int(k.ss),
                        std::string(k.source == TransmissionFigures::Source::accounting ? "accounting" : "api")});
        }
        t.data_rows.push_back(std::move(row));
    }
}

ReportSection transmission_section(const Context &c)
{
    ReportSection s{"transmission", "6", c.t("Transmission and storage overhead"), {}, {}, {}};
    s.paragraphs.push_back(
        c.t("Bandwidth adds every specified protocol message and each required long-term public key "
            "once; public keys are transmitted too. Certificates, identities supplied out of band and "
            "transport framing are not counted. The raw timing records are left unchanged."));
    ReportTable t{"transmission", "", transmission_header(c.options.layout, c), {}, {}};
    std::vector<LabelKey> unaccounted;
    std::vector<SizedInstance> sized;
    for (const auto &key : c.labels) {
        const Record *r = c.first_record(key);
        if (!r)
            continue;
        const BandwidthEntry *e = accounting_for(c, key);
        const KexSizes k = transmission_figures(*r, e);
        if (c.options.layout == ReportLayout::v1) {
            t.rows.push_back(transmission_row_v1(c, key, k));
        } else {
            t.rows.push_back(transmission_row_v2(c, key, k));
            accounting_paragraphs(c, key, e, s);
            if (!e)
                unaccounted.push_back(key);
        }
        phantom_notes(c, key, t.notes);
        sized.push_back({key, k, e});
    }
    fallback_note(c, unaccounted, t);
    transmission_data(c.options.layout, sized, t);
    s.tables.push_back(std::move(t));
    return s;
}

// ------------------------------------------------------------------ symmetric primitives

// "drng 3, pseudoXOF 6, sm3hash 563": Σcalls / operations per fn, fns in code-point order.
std::string calls_cell(const Profile &p)
{
    if (p.total_operations == 0 || p.calls.empty())
        return fmt::kMissing;
    std::map<std::string, uint64_t> calls; // std::string's < is byte (code-point) order
    for (const auto &call : p.calls)
        calls[call.fn] += call.calls;
    std::vector<std::string> parts;
    for (const auto &[fn, n] : calls)
        parts.push_back(fn + " " + fmt::fmt_g3(static_cast<double>(n) / static_cast<double>(p.total_operations)));
    return join(parts, ", ");
}

Row symmetric_row(const Context &c, const Profile &p)
{
    Row row{instance_cell(c, p.candidate, p.label), p.operation};
    if (p.status != "complete") {
        row.insert(row.end(), 3, c.t("failed"));
        return row;
    }
    const auto drng = p.share.find("drng");
    row.push_back(fmt::pct(p.hash_share));
    row.push_back(drng == p.share.end() ? std::string(fmt::kMissing) : fmt::pct(drng->second));
    row.push_back(calls_cell(p));
    return row;
}

// symmetric.csv: shares as fractions of the operation's time, calls per operation by function.
void symmetric_data(const std::vector<const Profile *> &profiles, ReportTable &t)
{
    std::set<std::string> fns; // code-point order, as calls_cell
    for (const Profile *p : profiles)
        for (const auto &call : p->calls)
            fns.insert(call.fn);
    t.data_header = {"candidate", "instance", "operation", "status", "hash_share_fraction", "drng_share_fraction"};
    for (const auto &fn : fns)
        t.data_header.push_back("calls_per_operation_" + fn);
    for (const Profile *p : profiles) {
        const bool ok = p->status == "complete";
        const auto drng = p->share.find("drng");
        DataRow row{p->candidate,
                    p->label,
                    p->operation,
                    text_value(p->status),
                    ok ? data_value(p->hash_share) : DataValue(),
                    ok && drng != p->share.end() ? DataValue(drng->second) : DataValue()};
        std::map<std::string, uint64_t> calls;
        for (const auto &call : p->calls)
            calls[call.fn] += call.calls;
        for (const auto &fn : fns) {
            const auto it = calls.find(fn);
            row.push_back(ok && p->total_operations > 0 && it != calls.end()
                              ? DataValue(static_cast<double>(it->second) / static_cast<double>(p->total_operations))
                              : DataValue());
        }
        t.data_rows.push_back(std::move(row));
    }
}

ReportSection symmetric_section(const Context &c)
{
    ReportSection s{"symmetric", "", c.t("Symmetric primitives"), {}, {}, {}};
    if (c.profiles.empty()) {
        s.paragraphs.push_back(c.t("The dataset holds no hash/DRNG profiles for these instances."));
        return s;
    }
    s.paragraphs.push_back(c.t("Share of each profiled operation's time spent in the ICCS placeholder hash functions "
                               "(pseudohash, pseudoXOF, sm3hash) and in the ICCS DRNG, from link-time wrappers around "
                               "those functions in a reference build."));
    ReportTable t{
        "symmetric",
        "",
        {c.t("instance"), c.t("operation"), c.t("pseudohash/XOF/sm3"), c.t("DRNG"), c.t("calls per operation")},
        {},
        {}};
    for (const Profile *p : c.profiles)
        t.rows.push_back(symmetric_row(c, *p));
    symmetric_data(c.profiles, t);
    s.tables.push_back(std::move(t));
    return s;
}

// ------------------------------------------------------------------ section 7

struct KatEvidence {
    std::string path, sha256;
};

KatEvidence kat_evidence(const Context &c, const LabelKey &key)
{
    if (const BuildEntry *b = c.ds.build_for(key.candidate, key.label); b && !b->kat_log.empty())
        return {b->kat_log, b->kat_log_sha256};
    for (const auto &log : c.ds.kat_logs)
        if (log.candidate == key.candidate && log.label == key.label)
            return {log.relative_path, log.sha256};
    if (const Record *r = c.first_record(key); r && !r->kat_log.empty())
        return {r->kat_log, r->kat_log_sha256};
    return {};
}

void evidence_rows(const Context &c, const LabelKey &key, std::vector<Row> &rows)
{
    const std::string inst = instance_cell(c, key.candidate, key.label);
    if (const KatEvidence kat = kat_evidence(c, key); !kat.path.empty()) {
        const std::string digest =
            kat.sha256.empty() ? std::string(fmt::kMissing) : kat.sha256.substr(0, 16) + kEllipsis;
        rows.push_back({inst, c.f("KAT log (sha256 {})", {code(digest)}), code(kat.path)});
    }
    std::vector<std::string> ops;
    for (const Record *r : c.records)
        if (r->candidate == key.candidate && r->label == key.label)
            ops.push_back(r->operation);
    std::sort(ops.begin(), ops.end());
    for (const auto &op : ops)
        rows.push_back({inst, c.f("timing {}", {op}), code(record_relative_path(key.candidate, key.label, op))});
    std::vector<std::string> profiled;
    for (const Profile *p : c.profiles)
        if (p->candidate == key.candidate && p->label == key.label)
            profiled.push_back(p->operation);
    std::sort(profiled.begin(), profiled.end());
    for (const auto &op : profiled)
        rows.push_back({inst, c.f("hash profile {}", {op}),
                        code("profile/" + key.candidate + "/" + key.label + "__" + op + ".json")});
}

ReportSection evidence_section(const Context &c)
{
    ReportSection s{"evidence", "7", c.t("Raw evidence index"), {}, {}, {}};
    s.paragraphs.push_back(c.f("Paths are relative to the campaign folder of system {}; every JSON file holds its "
                               "commands, environment and raw trials.",
                               {code(c.ds.system_label)}));
    ReportTable t{"evidence", "", {c.t("instance"), c.t("item"), c.t("file")}, {}, {}};
    for (const auto &key : c.labels)
        evidence_rows(c, key, t.rows);
    t.data_header = {"candidate", "instance", "item", "file"};
    Context en = c; // machine-readable texts stay English
    en.lang = Language::en;
    for (const auto &key : c.labels) {
        std::vector<Row> rows;
        evidence_rows(en, key, rows);
        for (const Row &row : rows)
            t.data_rows.push_back({key.candidate, key.label, plain_text(row[1]), plain_text(row[2])});
    }
    s.tables.push_back(std::move(t));
    return s;
}

// ------------------------------------------------------------------ report

// "kex-09 TriQ-KEX", "TriQ-KEX" for a campaign whose id is the derived "triq-kex", "All candidates".
std::string report_title(const Context &c)
{
    std::string who = c.options.candidate.empty() ? c.t("All candidates") : c.options.candidate;
    if (!c.algorithm.empty())
        who = id_spells_name(c.options.candidate, c.algorithm) ? c.algorithm : who + " " + c.algorithm;
    const auto arch = c.environment ? env_string(*c.environment, "architecture") : std::nullopt;
    const std::string &system = c.ds.system_label;
    if (arch)
        return c.ds.runner_host.emulated()
                   ? c.f("{} \u2014 performance on {} (emulated) (system {})", {who, architecture_name(*arch), system})
                   : c.f("{} \u2014 performance on {} (system {})", {who, architecture_name(*arch), system});
    return c.ds.runner_host.emulated() ? c.f("{} \u2014 performance (emulated) (system {})", {who, system})
                                       : c.f("{} \u2014 performance (system {})", {who, system});
}

std::vector<std::string> intro(const Context &c)
{
    size_t own = 0;
    for (const Record *r : c.records)
        own += r->kexbench ? 1 : 0;
    std::string origin = own == 0
                             ? c.t("Rendered by kexbench from campaign data in the ngcc-harness layout.")
                             : c.f("Measured and rendered by kexbench; {} of {} timing records carry per-iteration "
                                   "samples.",
                                   {std::to_string(own), std::to_string(c.records.size())});
    std::vector<std::string> paragraphs = {origin +
                                           c.t(" Sections follow the self-assessment report items (1)\u2013(7).")};
    if (const RunnerHostInfo &host = c.ds.runner_host; host.emulated()) {
        std::string warning = emulation_warning(host.where.empty() ? "an emulator" : host.where,
                                                host.machine.empty() ? "the target" : host.machine);
        if (c.zh()) {
            paragraphs.push_back(c.text(warning) + "\u3002");
        } else {
            warning[0] = 'E';
            paragraphs.push_back(warning + ".");
        }
    }
    // A campaign that stopped early says so, and which planned records it never measured.
    if (c.ds.campaign && c.ds.campaign->completion && !c.ds.campaign->completion->complete()) {
        const CampaignCompletion &done = *c.ds.campaign->completion;
        std::string missing;
        size_t shown = 0;
        for (const std::string &name : done.not_measured)
            if (c.options.candidate.empty() || name.rfind(c.options.candidate + "/", 0) == 0)
                missing += (shown++ ? ", " : "") + name;
        const char *pattern =
            done.state == "cancelled"
                ? "This campaign is incomplete: it was cancelled; {} of {} planned records were measured."
            : done.state == "failed" ? "This campaign failed: it measured nothing ({} of {} planned records)."
                                     : "This campaign is partial; {} of {} planned records were measured.";
        std::string note = c.f(pattern, {std::to_string(done.measured), std::to_string(done.planned)});
        if (shown > 0)
            note += c.f(" Planned but not measured: {}.", {missing});
        paragraphs.push_back(note);
    }
    return paragraphs;
}

} // namespace

std::string ReportSection::heading() const { return number.empty() ? title : number + ". " + title; }

OperationMemory operation_memory(const Record &r)
{
    OperationMemory m;
    if (!r.kexbench) {
        m.heap_reason = m.stack_reason = "not measured by kexbench (the record has no kexbench samples)";
        return m;
    }
    const RecordSamples &k = *r.kexbench;
    m.kexbench_record = true;
    m.heap_peak_bytes = k.heap_peak_bytes;
    m.heap_allocations = k.heap_allocations;
    m.heap_bytes_total = k.heap_bytes_total;
    m.heap_exchanges = k.heap_exchanges;
    m.stack_bytes = k.stack_bytes;
    auto why = [&](const char *key) {
        const auto it = k.extra.find(key);
        if (it != k.extra.end() && it->is_string() && !it->get<std::string>().empty())
            return it->get<std::string>();
        return std::string("not in the record: the memory pass did not run (`--no-memory`) or the record predates it");
    };
    if (!m.heap_peak_bytes || !m.heap_allocations)
        m.heap_reason = why("heap_note");
    if (!m.stack_bytes)
        m.stack_reason = why("stack_note");
    return m;
}

std::string memory_count_text(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 9e15)
        return std::to_string(static_cast<long long>(value));
    return fmt::py_format(value, 'f', 2);
}

const ReportSection *Report::section(std::string_view id) const
{
    for (const auto &s : sections)
        if (s.id == id)
            return &s;
    return nullptr;
}

const ReportTable *Report::table(std::string_view id) const
{
    for (const auto &s : sections)
        for (const auto &t : s.tables)
            if (t.id == id)
                return &t;
    return nullptr;
}

Report build_report(const Dataset &dataset, const ReportOptions &options)
{
    if (dataset.kind == kPublishedPageKind &&
        dataset.page) // the page itself, cell for cell (core/data/published_page.h)
        return published_page_report(dataset, options);
    Context c{dataset,
              options,
              select_sorted(dataset.records, options.candidate),
              select_sorted(dataset.profiles, options.candidate),
              {},
              nullptr,
              {},
              {}};
    c.lang = parse_language(options.language).value_or(Language::en);
    c.labels = selected_labels(dataset, c.records, options.candidate);
    c.environment = measured_environment(dataset, c.records);
    c.kats = kat_states(dataset, c.records);
    c.algorithm = dataset_algorithm(c);

    Report report;
    report.title = report_title(c);
    report.system = dataset.system_label;
    report.candidate = options.candidate;
    report.language = language_name(c.lang);
    report.intro = intro(c);
    report.sections.push_back(basic_section(c));
    report.sections.push_back(environment_section(c));
    report.sections.push_back(kat_section(c));
    report.sections.push_back(performance_section(c));
    report.sections.push_back(resources_section(c));
    report.sections.push_back(transmission_section(c));
    report.sections.push_back(symmetric_section(c));
    report.sections.push_back(evidence_section(c));
    return report;
}

} // namespace kexbench
