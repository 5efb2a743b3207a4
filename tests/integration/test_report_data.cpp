// SPDX-License-Identifier: GPL-3.0-or-later
// Machine-readable exports (issue 15, item 1): every CSV of `kexbench-cli
// report` and `compare` holds plain numbers in base units with the unit in the
// column name, and `report --format json` the same tables as JSON. Real data:
// the published ngcc-harness x86_1 / arm_1 campaigns (read at run time from
// ../shared/reference; skipped when absent).
#include "cli_helpers.h"
#include "named_campaign.h"

#include "core/data/dataset.h"
#include "core/base/fsutil.h"
#include "core/analysis/report.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <charconv>
#include <filesystem>
#include <map>
#include <set>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

const std::string kHarness = std::string(KEXBENCH_SOURCE_DIR) + "/../shared/reference/ngcc-harness";
std::string system_dir(const std::string &system) { return kHarness + "/performance/data/" + system; }

#define SKIP_WITHOUT_DATA(system)                                                                                      \
    if (!fs::is_directory(system_dir(system)))                                                                         \
    GTEST_SKIP() << "reference data absent: " << system_dir(system)

// A tiny RFC 4180 reader: quoted fields with doubled quotes, CRLF records.
std::vector<std::vector<std::string>> parse_csv(const std::string &text)
{
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> record;
    std::string field;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (quoted) {
            if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                field += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            record.push_back(std::move(field));
            field.clear();
        } else if (ch == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            record.push_back(std::move(field));
            field.clear();
            records.push_back(std::move(record));
            record.clear();
            ++i;
        } else {
            field += ch;
        }
    }
    EXPECT_TRUE(field.empty() && record.empty()) << "the last record must end in CRLF";
    return records;
}

// The whole field is one number (std::from_chars consumes every character).
bool is_number(const std::string &field)
{
    double v = 0;
    const auto res = std::from_chars(field.data(), field.data() + field.size(), v);
    return !field.empty() && res.ec == std::errc() && res.ptr == field.data() + field.size();
}

const std::set<std::string> kTextColumns = {
    "candidate",        "instance", "operation", "status",   "counter",   "counter_unit", "checks",
    "ci_note",          "item",     "value",     "file",     "warning",   "build_flags",  "kat_status",
    "bandwidth_source", "quantity", "system_a",  "system_b", "statistic", "verdict",      "notes",
    "only_in",          "check",    "result",    "dataset",  "reason"};

// A numeric column names its unit or says it is a count, ratio, flag or fraction.
bool names_a_unit(const std::string &column)
{
    for (const char *word : {"_seconds", "per_second", "_cycles", "_ticks", "bytes", "n_", "ratio", "_fraction",
                             "disturbed", "passes", "p_value", "kat_passed", "secret_mismatches", "per_operation"})
        if (column.find(word) != std::string::npos)
            return true;
    return false;
}

// Every field of a numeric column is empty or a whole number; text columns are
// known and hold no code marks or display units.
void expect_machine_readable(const std::string &file, const std::vector<std::vector<std::string>> &records)
{
    ASSERT_FALSE(records.empty()) << file;
    const auto &header = records.front();
    for (size_t col = 0; col < header.size(); ++col) {
        const std::string &name = header[col];
        EXPECT_EQ(name.find(' '), std::string::npos) << file << ": column '" << name << "' is no plain name";
        const bool text = kTextColumns.count(name) > 0;
        if (!text)
            EXPECT_TRUE(names_a_unit(name)) << file << ": column '" << name << "' names no unit";
        for (size_t row = 1; row < records.size(); ++row) {
            ASSERT_EQ(records[row].size(), header.size()) << file << " row " << row;
            const std::string &field = records[row][col];
            EXPECT_EQ(field.find('`'), std::string::npos) << file << ": " << field;
            if (!text && !field.empty())
                EXPECT_TRUE(is_number(field)) << file << ": " << name << " = '" << field << "'";
        }
    }
}

std::string slurp(const std::string &path)
{
    auto text = read_file(path);
    EXPECT_TRUE(text.ok()) << path;
    return text.ok() ? *text : std::string();
}

} // namespace

TEST(ReportData, PerformanceCsvHoldsPlainNumbersInBaseUnits)
{
    SKIP_WITHOUT_DATA("x86_1");
    TempDir tmp;
    const ProcessResult r = run_cli({"report", system_dir("x86_1"), "--format", "csv", "--out", tmp.path()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto perf = parse_csv(slurp(tmp.path() + "/performance.csv"));
    expect_machine_readable("performance.csv", perf);
    const std::vector<std::string> expected_header = {"candidate",      "instance",       "operation",
                                                      "status",         "disturbed",      "mean_cycles",
                                                      "mean_seconds",   "ops_per_second", "median_trial_seconds",
                                                      "n_measurements", "n_trials",       "n_iterations"};
    EXPECT_EQ(perf.front(), expected_header);
    ASSERT_GT(perf.size(), 1u);
    std::map<std::string, size_t> col;
    for (size_t i = 0; i < perf.front().size(); ++i)
        col[perf.front()[i]] = i;
    size_t complete = 0;
    for (size_t row = 1; row < perf.size(); ++row) {
        const auto &f = perf[row];
        EXPECT_EQ(f[col["instance"]].find('`'), std::string::npos);
        if (f[col["status"]] != "complete")
            continue;
        ++complete;
        // Seconds, not "262 µs": a mean time of a KEX step is well below a second and above a nanosecond.
        const double seconds = std::stod(f[col["mean_seconds"]]);
        EXPECT_GT(seconds, 1e-9);
        EXPECT_LT(seconds, 10.0);
        // ops/s is 1 / mean time of the same computed value (not re-parsed "548.9 k").
        const double ops = std::stod(f[col["ops_per_second"]]);
        EXPECT_NEAR(ops * seconds, 1.0, 1e-6) << f[col["instance"]] << " " << f[col["operation"]];
        // n = trials x iterations, as three integers.
        const long long n = std::stoll(f[col["n_measurements"]]);
        EXPECT_EQ(n, std::stoll(f[col["n_trials"]]) * std::stoll(f[col["n_iterations"]]));
    }
    EXPECT_GT(complete, 0u);

    // Every table has its file, and every file is machine-readable.
    for (const auto &entry : fs::directory_iterator(tmp.path()))
        expect_machine_readable(entry.path().filename().string(), parse_csv(slurp(entry.path().string())));
    for (const char *id : {"environment", "kat", "resources", "transmission", "symmetric", "evidence"})
        EXPECT_TRUE(fs::is_regular_file(tmp.path() + "/" + id + ".csv")) << id;
    const auto resources = parse_csv(slurp(tmp.path() + "/resources.csv"));
    EXPECT_EQ(resources.front(), (std::vector<std::string>{"candidate", "instance", "operation", "elf_load_bytes",
                                                           "baseline_rss_bytes", "peak_rss_bytes"}));
}

// The data twin is built from the same numbers as the display cells.
TEST(ReportData, TwinHoldsTheSameValuesAsTheDisplayCells)
{
    SKIP_WITHOUT_DATA("arm_1");
    auto ds = load_dataset(system_dir("arm_1"));
    ASSERT_TRUE(ds.ok()) << ds.error();
    const Report report = build_report(*ds, ReportOptions{});
    for (const auto &section : report.sections)
        for (const auto &t : section.tables) {
            EXPECT_FALSE(t.data_header.empty()) << t.id << " has no machine-readable twin";
            for (const auto &row : t.data_rows)
                EXPECT_EQ(row.size(), t.data_header.size()) << t.id;
        }
    const ReportTable *perf = report.table("performance");
    ASSERT_NE(perf, nullptr);
    ASSERT_EQ(perf->data_rows.size(), perf->rows.size());
    for (size_t i = 0; i < perf->rows.size(); ++i) {
        // The instance cell "`ADKEX-128`" is the plain label in the twin.
        EXPECT_EQ(plain_text(perf->rows[i][0]).rfind(std::get<std::string>(perf->data_rows[i][1]), 0), 0u);
        const Record *r = nullptr;
        for (const auto &rec : ds->records)
            if (rec.label == std::get<std::string>(perf->data_rows[i][1]) &&
                rec.operation == std::get<std::string>(perf->data_rows[i][2]))
                r = &rec;
        ASSERT_NE(r, nullptr);
        if (r->status == "complete" && r->mean_seconds)
            EXPECT_EQ(std::get<double>(perf->data_rows[i][6]), *r->mean_seconds);
    }
    EXPECT_EQ(data_text(DataValue(0.1)), "0.1"); // shortest round trip
    EXPECT_EQ(data_text(DataValue(2.62e-4)), "0.000262");
    EXPECT_EQ(data_text(DataValue()), "");
    EXPECT_EQ(data_text(DataValue(int64_t{447})), "447");
}

TEST(ReportData, JsonExportHasEveryTableWithNumbersAndNulls)
{
    SKIP_WITHOUT_DATA("x86_1");
    TempDir tmp;
    const ProcessResult r =
        run_cli({"report", system_dir("x86_1"), "--format", "json", "--out", tmp.path() + "/r.json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto doc = nlohmann::json::parse(slurp(tmp.path() + "/r.json"));
    EXPECT_EQ(doc.at("system"), "x86_1");
    EXPECT_FALSE(doc.at("title").get<std::string>().empty());
    const nlohmann::json *perf = nullptr;
    size_t tables = 0;
    for (const auto &s : doc.at("sections"))
        for (const auto &t : s.at("tables")) {
            ++tables;
            for (const auto &row : t.at("rows"))
                EXPECT_EQ(row.size(), t.at("columns").size()) << t.at("id");
            if (t.at("id") == "performance")
                perf = &t;
        }
    EXPECT_GE(tables, 6u);
    ASSERT_NE(perf, nullptr);
    const auto &columns = perf->at("columns");
    const auto seconds = std::find(columns.begin(), columns.end(), "mean_seconds") - columns.begin();
    const auto trials = std::find(columns.begin(), columns.end(), "n_trials") - columns.begin();
    ASSERT_LT(static_cast<size_t>(seconds), columns.size());
    ASSERT_FALSE(perf->at("rows").empty());
    for (const auto &row : perf->at("rows")) {
        EXPECT_TRUE(row.at(seconds).is_number_float() || row.at(seconds).is_null()) << row.dump();
        EXPECT_TRUE(row.at(trials).is_number_integer() || row.at(trials).is_null()) << row.dump();
        EXPECT_TRUE(row.at(1).is_string());
    }
    // On stdout without --out, and the same text.
    const ProcessResult out = run_cli({"report", system_dir("x86_1"), "--format", "json"});
    ASSERT_EQ(out.exit_code, 0) << out.err;
    EXPECT_EQ(out.out, slurp(tmp.path() + "/r.json"));
}

TEST(ReportData, CompareCsvHoldsPlainNumbersWithUnitNames)
{
    SKIP_WITHOUT_DATA("x86_1");
    SKIP_WITHOUT_DATA("arm_1");
    TempDir tmp;
    const ProcessResult r = run_cli(
        {"compare", kHarness, "--system-a", "x86_1", "--system-b", "arm_1", "--format", "csv", "--out", tmp.path()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const auto &entry : fs::directory_iterator(tmp.path()))
        expect_machine_readable(entry.path().filename().string(), parse_csv(slurp(entry.path().string())));
    const auto timings = parse_csv(slurp(tmp.path() + "/compare-timings.csv"));
    const auto &h = timings.front();
    for (const char *name :
         {"mean_cycles_a", "mean_cycles_b", "mean_count_ratio", "mean_seconds_a", "mean_seconds_b", "mean_time_ratio"})
        EXPECT_NE(std::find(h.begin(), h.end(), name), h.end()) << name;
    EXPECT_EQ(timings.size(), 1u + 21u);
}

// A real kexbench campaign (the named fixture, per-iteration samples): the
// trial-level table too is machine-readable, and its counts sit in the column
// of the campaign's own counter unit (mean_cycles only for core cycles).
TEST(ReportData, KexbenchCampaignCsvNamesItsCounterUnit)
{
    TempDir tmp;
    const NamedCampaign c = measure_named_fixture(tmp.path() + "/camp", "camp");
    ASSERT_TRUE(c.problem.empty()) << c.problem;
    const ProcessResult r = run_cli({"report", c.folder, "--format", "csv", "--out", tmp.path() + "/csv"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const auto &entry : fs::directory_iterator(tmp.path() + "/csv"))
        expect_machine_readable(entry.path().filename().string(), parse_csv(slurp(entry.path().string())));
    const auto samples = parse_csv(slurp(tmp.path() + "/csv/performance-kexbench.csv"));
    const auto perf = parse_csv(slurp(tmp.path() + "/csv/performance.csv"));
    ASSERT_GT(samples.size(), 1u);
    const auto &h = samples.front();
    const size_t unit_col = std::find(h.begin(), h.end(), "counter_unit") - h.begin();
    ASSERT_LT(unit_col, h.size());
    std::string slug;
    for (unsigned char ch : samples[1][unit_col])
        slug += std::isalnum(ch) ? static_cast<char>(std::tolower(ch)) : '_';
    EXPECT_NE(std::find(h.begin(), h.end(), "median_trial_median_" + slug), h.end()) << slug;
    EXPECT_NE(std::find(perf.front().begin(), perf.front().end(), "mean_" + slug), perf.front().end()) << slug;
    if (slug != "cycles") {
        EXPECT_EQ(std::find(perf.front().begin(), perf.front().end(), "mean_cycles"), perf.front().end());
    }
}
