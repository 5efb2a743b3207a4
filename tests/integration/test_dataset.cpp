// SPDX-License-Identifier: GPL-3.0-or-later
// Datasets from files: the ngcc-harness's published campaign data (read at
// run time from ../shared/reference, never copied into the repository), bad
// files beside good ones, and bundles, including hostile hand-made ones.
//
// The reference values checked here come from the harness itself: its
// published statistics, build.json digests and sizes, and the method notes
// (ADKEX-128's ELF image: 34525 B on x86_1, 30100 B on arm_1).
#include "core/data/dataset.h"
#include "core/base/digest.h"
#include "core/data/record.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace kexbench;
using ojson = nlohmann::ordered_json;

namespace {

const fs::path kPerformance = fs::path(KEXBENCH_SOURCE_DIR) / "../shared/reference/ngcc-harness/performance";

fs::path system_dir(const std::string &system) { return kPerformance / "data" / system; }

#define SKIP_WITHOUT_REFERENCE(where)                                                                                  \
    do {                                                                                                               \
        if (!fs::exists(where))                                                                                        \
            GTEST_SKIP() << "ngcc-harness reference data not found at " << fs::path(where).string()                    \
                         << " (../shared/reference is not checked out beside the source tree)";                        \
    } while (0)

std::string slurp(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void spit(const fs::path &p, const std::string &data)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << data;
}

ojson read_json(const fs::path &p) { return ojson::parse(slurp(p)); }

std::vector<fs::path> record_files(const std::string &system)
{
    std::vector<fs::path> files;
    for (const auto &e : fs::recursive_directory_iterator(system_dir(system) / "records"))
        if (e.is_regular_file())
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

class TempDir {
public:
    TempDir()
    {
        std::string tmpl = (fs::temp_directory_path() / "kexbench-test-XXXXXX").string();
        EXPECT_NE(::mkdtemp(tmpl.data()), nullptr);
        path_ = tmpl;
    }
    ~TempDir()
    {
        std::error_code ec;
        make_writable(path_);
        fs::remove_all(path_, ec);
    }
    const fs::path &path() const { return path_; }

    // The reference tree is read-only; copies must be writable to be modified and removed.
    static void make_writable(const fs::path &root)
    {
        std::error_code ec;
        fs::permissions(root, fs::perms::owner_all, fs::perm_options::add, ec);
        for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec))
            if (!it->is_symlink())
                fs::permissions(it->path(),
                                fs::perms::owner_read | fs::perms::owner_write |
                                    (it->is_directory() ? fs::perms::owner_exec : fs::perms::none),
                                fs::perm_options::add, ec);
    }

private:
    fs::path path_;
};

fs::path copy_system(const std::string &system, const fs::path &to)
{
    fs::copy(system_dir(system), to, fs::copy_options::recursive);
    TempDir::make_writable(to);
    return to;
}

bool near(double a, double b) { return a == b || std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b)); }

void expect_near_json(const std::optional<double> &ours, const ojson &theirs, const std::string &what)
{
    if (theirs.is_null()) {
        EXPECT_FALSE(ours) << what;
        return;
    }
    ASSERT_TRUE(ours) << what;
    EXPECT_TRUE(near(*ours, theirs.get<double>())) << what << ": " << *ours << " vs " << theirs.dump();
}

// --------------------------------------------------------------------------
// The published reference systems

struct SystemCase {
    const char *system;
    uint64_t adkex128_elf_bytes;
};

void PrintTo(const SystemCase &c, std::ostream *os) { *os << c.system; }

class ReferenceSystem : public ::testing::TestWithParam<SystemCase> {};

TEST_P(ReferenceSystem, LoadsEverythingWithoutProblems)
{
    SKIP_WITHOUT_REFERENCE(system_dir(GetParam().system));
    auto ds = load_dataset(system_dir(GetParam().system).string());
    ASSERT_TRUE(ds.ok()) << ds.error();
    for (const auto &p : ds->problems)
        ADD_FAILURE() << p;
    EXPECT_EQ(ds->system_label, GetParam().system);
    ASSERT_TRUE(ds->campaign);
    EXPECT_EQ(ds->campaign->system_id, GetParam().system);
    EXPECT_EQ(ds->records.size(), 21u);
    EXPECT_EQ(ds->profiles.size(), 3u);
    EXPECT_EQ(ds->kat_logs.size(), 3u);
    EXPECT_EQ(ds->builds.size(), 3u);
    const BuildEntry *b = ds->build_for("kex-01", "ADKEX-128");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->elf_load_bytes, GetParam().adkex128_elf_bytes);
    EXPECT_EQ(b->kat_log, "kat/kex-01/ADKEX-128.log");
    for (const auto &r : ds->records) {
        EXPECT_EQ(r.status, "complete") << r.source_path;
        EXPECT_EQ(r.trials.size(), 5u) << r.source_path;
    }
    for (const auto &p : ds->profiles) {
        EXPECT_EQ(p.operation, "exchange");
        EXPECT_EQ(p.status, "complete");
        ASSERT_TRUE(p.hash_share) << p.source_path;
        double sum = 0; // hash_share = every share except drng
        for (const auto &[fn, share] : p.share)
            sum += fn == "drng" ? 0 : share;
        EXPECT_TRUE(near(sum, *p.hash_share)) << p.source_path;
    }
}

TEST_P(ReferenceSystem, RecomputedStatisticsEqualThePublishedOnes)
{
    SKIP_WITHOUT_REFERENCE(system_dir(GetParam().system));
    for (const auto &file : record_files(GetParam().system)) {
        SCOPED_TRACE(file.string());
        ojson j = read_json(file);
        auto r = record_from_json(j, file.string());
        ASSERT_TRUE(r.ok()) << r.error();
        Record fresh = *r;
        fresh.trials.clear(); // recompute from the processes' raw trials, as validate.py does
        compute_trial_statistics(fresh);
        ASSERT_EQ(fresh.trials.size(), r->trials.size());
        EXPECT_EQ(fresh.measurements, j["measurements"].get<uint64_t>());
        EXPECT_EQ(fresh.guide_100_measurements_met, j["guide_100_measurements_met"].get<bool>());
        for (const char *key :
             {"mean_seconds", "median_trial_seconds", "min_trial_seconds", "max_trial_seconds", "mean_cycles",
              "median_trial_cycles", "operations_per_second", "throughput_MB_per_second"}) {
            const std::map<std::string, std::optional<double>> ours = {
                {"mean_seconds", fresh.mean_seconds},
                {"median_trial_seconds", fresh.median_trial_seconds},
                {"min_trial_seconds", fresh.min_trial_seconds},
                {"max_trial_seconds", fresh.max_trial_seconds},
                {"mean_cycles", fresh.mean_cycles},
                {"median_trial_cycles", fresh.median_trial_cycles},
                {"operations_per_second", fresh.operations_per_second},
                {"throughput_MB_per_second", fresh.throughput_MB_per_second}};
            expect_near_json(ours.at(key), j[key], key);
        }
    }
}

TEST_P(ReferenceSystem, KatLogDigestsMatchBuildJsonAndRecords)
{
    SKIP_WITHOUT_REFERENCE(system_dir(GetParam().system));
    auto ds = load_dataset(system_dir(GetParam().system).string());
    ASSERT_TRUE(ds.ok()) << ds.error();
    for (const auto &b : ds->builds) {
        const KatLog *log = ds->kat_log_for(b.candidate, b.label);
        ASSERT_NE(log, nullptr) << b.key;
        EXPECT_EQ(log->relative_path, b.kat_log);
        EXPECT_EQ(log->sha256, b.kat_log_sha256) << b.key;
        EXPECT_EQ(log->sha256, sha256_hex(slurp(system_dir(GetParam().system) / b.kat_log)));
        EXPECT_EQ(log->status, b.kat) << log->result_line;
        EXPECT_EQ(log->result_line,
                  std::string("RESULT ").append(b.candidate).append(" ").append(b.instance).append(" PASS"));
    }
    for (const auto &r : ds->records)
        EXPECT_EQ(r.kat_log_sha256, ds->build_for(r.candidate, r.label)->kat_log_sha256) << r.source_path;
}

TEST_P(ReferenceSystem, RecordsRoundTripFieldForField)
{
    SKIP_WITHOUT_REFERENCE(system_dir(GetParam().system));
    for (const auto &file : record_files(GetParam().system)) {
        SCOPED_TRACE(file.string());
        std::string text = slurp(file);
        ojson j = ojson::parse(text);
        auto r = record_from_json(j, file.string());
        ASSERT_TRUE(r.ok()) << r.error();
        ojson out = record_to_json(*r);
        EXPECT_EQ(nlohmann::json(out), nlohmann::json(j)); // every value
        EXPECT_EQ(out, j);                                 // and the harness's field order
        // (The text itself may differ: nlohmann prints some doubles with 17
        // digits where Python prints the shortest form of the same value.)
        // The unordered overload reads the same values.
        auto unordered = record_from_json(nlohmann::json::parse(text), "x");
        ASSERT_TRUE(unordered.ok()) << unordered.error();
        EXPECT_EQ(nlohmann::json(record_to_json(*unordered)), nlohmann::json(j));
    }
}

TEST_P(ReferenceSystem, QueriesFollowTheTableOrder)
{
    SKIP_WITHOUT_REFERENCE(system_dir(GetParam().system));
    auto ds = load_dataset(system_dir(GetParam().system).string() + "/");
    ASSERT_TRUE(ds.ok()) << ds.error();
    EXPECT_EQ(ds->candidates(), std::vector<std::string>{"kex-01"});
    EXPECT_EQ(ds->labels("kex-01"), (std::vector<std::string>{"ADKEX-128", "ADKEX-256", "ADKEX-512"}));
    EXPECT_TRUE(ds->labels("kex-99").empty());
    const Record *r = ds->record_for("ADKEX-256", "pass2");
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->source_path, "records/kex-01/ADKEX-256__pass2.json");
    EXPECT_EQ(r->size("msg2_bytes"), 1600);
    EXPECT_EQ(ds->record_for("ADKEX-256", "pass3"), nullptr);
    std::vector<std::string> ops;
    for (const auto &rec : ds->records)
        if (rec.label == "ADKEX-128")
            ops.push_back(rec.operation);
    EXPECT_EQ(ops,
              (std::vector<std::string>{"exchange", "init_a", "init_b", "pass1", "pass2", "derive_a", "derive_b"}));
}

// A live campaign's snapshot grows record by record (add_written_records)
// and must end equal to a load of the whole folder: same records in the same
// order, and the build, KAT and profile files that appeared beside them.
TEST_P(ReferenceSystem, RecordsAddedOneByOneEqualALoadOfTheWholeFolder)
{
    SKIP_WITHOUT_REFERENCE(system_dir(GetParam().system));
    TempDir tmp;
    const fs::path live = tmp.path() / "live";
    fs::create_directories(live);
    auto ds = load_dataset(live.string());
    ASSERT_TRUE(ds.ok()) << ds.error();
    ASSERT_TRUE(ds->records.empty());

    // The campaign writes its build entries and KAT logs before the records.
    for (const char *beside : {"campaign.json", "build.json", "kat", "profile"})
        fs::copy(system_dir(GetParam().system) / beside, live / beside, fs::copy_options::recursive);
    TempDir::make_writable(live);
    std::vector<fs::path> files = record_files(GetParam().system);
    std::reverse(files.begin(), files.end()); // not the folder's order: the result must be sorted anyway
    for (const fs::path &file : files) {
        const std::string rel = fs::relative(file, system_dir(GetParam().system)).string();
        spit(live / rel, slurp(file));
        add_written_records(*ds, {rel});
    }
    auto whole = load_dataset(live.string());
    ASSERT_TRUE(whole.ok()) << whole.error();
    EXPECT_EQ(ds->problems, whole->problems);
    ASSERT_EQ(ds->records.size(), whole->records.size());
    for (size_t i = 0; i < ds->records.size(); ++i) {
        EXPECT_EQ(ds->records[i].source_path, whole->records[i].source_path) << i;
        EXPECT_EQ(nlohmann::json(record_to_json(ds->records[i])), nlohmann::json(record_to_json(whole->records[i])))
            << ds->records[i].source_path;
    }
    EXPECT_EQ(ds->builds.size(), whole->builds.size());
    EXPECT_EQ(ds->kat_logs.size(), whole->kat_logs.size());
    EXPECT_EQ(ds->profiles.size(), whole->profiles.size());
    ASSERT_TRUE(ds->campaign);
    EXPECT_EQ(ds->system_label, GetParam().system);

    // A record file written again (a resumed campaign re-measures it) replaces its record.
    const std::string rel = "records/kex-01/ADKEX-256__pass2.json";
    ojson changed = read_json(live / rel);
    changed["status"] = "failed";
    spit(live / rel, changed.dump());
    add_written_records(*ds, {rel});
    EXPECT_EQ(ds->records.size(), whole->records.size());
    ASSERT_NE(ds->record_for("ADKEX-256", "pass2"), nullptr);
    EXPECT_EQ(ds->record_for("ADKEX-256", "pass2")->status, "failed");

    // Only record files inside the campaign are read.
    add_written_records(*ds, {"records/../../outside.json", "build.json"});
    EXPECT_EQ(ds->records.size(), whole->records.size());
    EXPECT_EQ(ds->problems.size(), whole->problems.size() + 2) << ::testing::PrintToString(ds->problems);
}

TEST_P(ReferenceSystem, LoadTime)
{
    SKIP_WITHOUT_REFERENCE(system_dir(GetParam().system));
    constexpr int runs = 5;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < runs; ++i)
        ASSERT_TRUE(load_dataset(system_dir(GetParam().system).string()).ok());
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / runs;
    std::cout << "[ timing   ] load_dataset(" << GetParam().system << "): " << ms << " ms wall per load\n";
    RecordProperty("load_ms", std::to_string(ms));
}

INSTANTIATE_TEST_SUITE_P(Harness, ReferenceSystem,
                         ::testing::Values(SystemCase{"x86_1", 34525}, SystemCase{"arm_1", 30100}),
                         [](const auto &info) { return std::string(info.param.system); });

TEST(BandwidthCatalog, ReadsTheHarnessCatalog)
{
    fs::path csv = kPerformance / "kex_bandwidth.csv";
    SKIP_WITHOUT_REFERENCE(csv);
    auto rows = read_bandwidth_csv(csv.string());
    ASSERT_TRUE(rows.ok()) << rows.error();
    ASSERT_GE(rows->size(), 3u);
    const auto &first = rows->front();
    EXPECT_EQ(first.id, "kex-01");
    EXPECT_EQ(first.instance, "ADKEX-128");
    EXPECT_EQ(first.pk_a_bytes, 0u);
    EXPECT_EQ(first.pk_b_bytes, 800u);
    EXPECT_EQ(first.protocol_message_bytes, 2400u); // bandwidth 3200 (method notes, §9)
}

TEST(BandwidthCatalog, ErrorsNameFileAndLine)
{
    TempDir tmp;
    fs::path csv = tmp.path() / "bw.csv";
    auto error = [&](const std::string &text) {
        spit(csv, text);
        auto r = read_bandwidth_csv(csv.string());
        return r.ok() ? "(read)" : r.error();
    };
    const std::string header = "ID;Instance;PkABytes;PkBBytes;ProtocolMessageBytes\n";
    std::string p = csv.string();
    EXPECT_EQ(error("# only a comment\n"), p + ": no header row");
    EXPECT_EQ(error("# c\nID;Instance;PkA\n"),
              p + ":2: expected the header '" + header.substr(0, header.size() - 1) + "'");
    EXPECT_EQ(error("# c\n" + header + "k;X;1;2\n"), p + ":3: expected 5 fields, found 4");
    EXPECT_EQ(error(header + "\nk;X;1;-2;3\n"), p + ":3: PkBBytes '-2' is not a byte count");
    EXPECT_EQ(error(header + "k;X;1;2;99999999999999999999999\n"),
              p + ":2: ProtocolMessageBytes '99999999999999999999999' is not a byte count");
    auto ok = read_bandwidth_csv((spit(csv, header + "k;X; 1 ;2;3\r\n# x\n"), csv.string()));
    ASSERT_TRUE(ok.ok()) << ok.error();
    EXPECT_EQ(ok->size(), 1u);
}

// --------------------------------------------------------------------------
// Bad files beside good ones

std::string record_text(const std::string &system, const std::string &name)
{
    return slurp(system_dir(system) / "records/kex-01" / name);
}

ojson record_json(const std::string &name) { return ojson::parse(record_text("x86_1", name)); }

TEST(DatasetProblems, EachBadRecordIsOneNamedProblemAndTheRestLoads)
{
    SKIP_WITHOUT_REFERENCE(system_dir("x86_1"));
    TempDir tmp;
    fs::path root = copy_system("x86_1", tmp.path() / "x86_1");
    fs::path dir = root / "records/kex-01";

    std::string good = record_text("x86_1", "ADKEX-128__pass1.json");
    spit(dir / "bad-truncated.json", good.substr(0, good.find("\"processes\""))); // ends after a comma
    ojson j = record_json("ADKEX-128__pass1.json");
    j["schema"] = 3;
    spit(dir / "bad-schema3.json", j.dump(1));
    j = record_json("ADKEX-128__pass2.json");
    j["status"] = "failed_or_partial";
    spit(dir / "ok-failed.json", j.dump(1));
    j = record_json("ADKEX-256__pass1.json");
    j.erase("label");
    spit(dir / "bad-nolabel.json", j.dump(1));
    j = record_json("ADKEX-256__pass2.json");
    j["measurements"] = "6815";
    spit(dir / "bad-measurements.json", j.dump(1));
    j = record_json("ADKEX-512__pass2.json");
    j["operation"] = "pass17";
    spit(dir / "bad-pass17.json", j.dump(1));
    {
        int fd = ::open((dir / "bad-huge.json").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ASSERT_GE(fd, 0);
        ASSERT_EQ(::ftruncate(fd, off_t(2) << 30), 0); // 2 GiB, sparse
        ::close(fd);
    }
    spit(tmp.path() / "outside/ADKEX-128__pass1.json", good); // valid: following the link would load it
    fs::create_symlink(tmp.path() / "outside/ADKEX-128__pass1.json", dir / "bad-escape.json");

    auto start = std::chrono::steady_clock::now();
    auto ds = load_dataset(root.string());
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(ds.ok()) << ds.error();
    EXPECT_LT(ms, 2000) << "the 2 GiB file must be refused by its size, not read";

    const std::string r = "records/kex-01/";
    std::vector<std::string> expected = {
        r + "bad-escape.json: symbolic link leads outside the campaign folder",
        r + "bad-huge.json: 2147483648 bytes, larger than the 268435456-byte limit",
        r + "bad-measurements.json: field 'measurements' is a string, expected an unsigned integer",
        r + "bad-nolabel.json: missing field 'label' (expected a string)",
        r + "bad-pass17.json: unknown operation 'pass17'",
        r + "bad-schema3.json: schema 3, expected 2",
    };
    for (const auto &p : ds->problems)
        std::cout << "[ problem  ] " << p << "\n";
    ASSERT_EQ(ds->problems.size(), expected.size() + 1) << ::testing::PrintToString(ds->problems);
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_EQ(ds->problems[i], expected[i]);
    const std::string &truncated = ds->problems.back();
    EXPECT_EQ(truncated.rfind(r + "bad-truncated.json: invalid JSON: parse error at line ", 0), 0u) << truncated;
    EXPECT_NE(truncated.find("unexpected end of input"), std::string::npos) << truncated;
    EXPECT_EQ(truncated.find('\n'), std::string::npos);

    EXPECT_EQ(ds->records.size(), 22u); // 21 + the failed_or_partial one
    size_t failed = 0;
    for (const auto &rec : ds->records)
        failed += rec.status == "failed_or_partial" && rec.source_path == r + "ok-failed.json";
    EXPECT_EQ(failed, 1u);
    EXPECT_EQ(ds->profiles.size(), 3u);
    EXPECT_EQ(ds->kat_logs.size(), 3u);
    EXPECT_EQ(ds->builds.size(), 3u);
    EXPECT_EQ(ds->system_label, "x86_1");

    auto direct = read_record_file((dir / "bad-huge.json").string());
    EXPECT_EQ(direct.error(),
              (dir / "bad-huge.json").string() + ": 2147483648 bytes, larger than the 268435456-byte limit");
    auto ok = read_record_file((dir / "ok-failed.json").string());
    ASSERT_TRUE(ok.ok()) << ok.error();
    EXPECT_EQ(ok->status, "failed_or_partial");
}

TEST(DatasetProblems, OtherFileKindsAreCheckedToo)
{
    SKIP_WITHOUT_REFERENCE(system_dir("arm_1"));
    TempDir tmp;
    fs::path root = copy_system("arm_1", tmp.path() / "folder-name");

    // build.json: one bad entry, the others stay.
    ojson build = read_json(root / "build.json");
    build["instances"]["kex-01/ADKEX-256"]["elf_load_bytes"] = "35589";
    spit(root / "build.json", build.dump(1));
    // A profile without status, a KAT log without RESULT, a FIFO that must not block.
    ojson prof = read_json(root / "profile/kex-01/ADKEX-512__exchange.json");
    prof.erase("status");
    spit(root / "profile/kex-01/ADKEX-512__exchange.json", prof.dump(1));
    spit(root / "kat/kex-01/ADKEX-999.log", "library = x\n");
    ASSERT_EQ(::mkfifo((root / "records/kex-01/fifo.json").c_str(), 0644), 0);
    // campaign.json with a mistyped system_id: the folder name labels the system.
    ojson campaign = read_json(root / "campaign.json");
    campaign["system_id"] = 7;
    spit(root / "campaign.json", campaign.dump(1));
    // A link that stays inside the folder is fine.
    fs::create_symlink("ADKEX-128__pass1.json", root / "records/kex-01/ADKEX-128__pass1-link.json");
    // Ignored: other extensions, and files outside the layout.
    spit(root / "records/kex-01/notes.txt", "x");
    spit(root / "records/stray.json", "{");

    auto ds = load_dataset(root.string());
    ASSERT_TRUE(ds.ok()) << ds.error();
    std::vector<std::string> expected = {
        "campaign.json: field 'system_id' is an integer, expected a string",
        "build.json: field 'instances.kex-01/ADKEX-256.elf_load_bytes' is a string, expected an unsigned integer",
        "records/kex-01/fifo.json: not a regular file",
        "profile/kex-01/ADKEX-512__exchange.json: missing field 'status' (expected a string)",
        "kat/kex-01/ADKEX-999.log: no RESULT line",
    };
    EXPECT_EQ(ds->problems, expected);
    EXPECT_FALSE(ds->campaign);
    EXPECT_EQ(ds->system_label, "folder-name");
    EXPECT_EQ(ds->builds.size(), 2u);
    EXPECT_EQ(ds->records.size(), 22u);
    EXPECT_EQ(ds->profiles.size(), 2u);
    EXPECT_EQ(ds->kat_logs.size(), 3u);
}

TEST(DatasetProblems, PathsThatAreNotDatasets)
{
    TempDir tmp;
    spit(tmp.path() / "plain.txt", "hello");
    auto missing = load_dataset((tmp.path() / "nope").string());
    EXPECT_EQ(missing.error(), (tmp.path() / "nope").string() + ": cannot open: No such file or directory");
    auto plain = load_dataset((tmp.path() / "plain.txt").string());
    EXPECT_EQ(plain.error(), (tmp.path() / "plain.txt").string() + ": neither a campaign folder nor a kexbench bundle");
    fs::create_directories(tmp.path() / "empty");
    auto empty = load_dataset((tmp.path() / "empty").string());
    ASSERT_TRUE(empty.ok()) << empty.error();
    EXPECT_TRUE(empty->problems.empty());
    EXPECT_EQ(empty->system_label, "empty");
}

// --------------------------------------------------------------------------
// Bundles

std::string le(uint64_t v, int bytes)
{
    std::string s;
    for (int i = 0; i < bytes; ++i)
        s += char(uint8_t(v >> (8 * i)));
    return s;
}

std::string zlib(const std::string &raw)
{
    uLongf size = compressBound(raw.size());
    std::string out(size, '\0');
    EXPECT_EQ(compress2(reinterpret_cast<Bytef *>(out.data()), &size, reinterpret_cast<const Bytef *>(raw.data()),
                        raw.size(), 9),
              Z_OK);
    out.resize(size);
    return out;
}

// An entry as the format defines it, with an optional lie about its size.
std::string entry(const std::string &path, const std::string &data, std::optional<uint64_t> claimed = {})
{
    return le(path.size(), 4) + path + le(claimed.value_or(data.size()), 8) + data;
}

std::string bundle_bytes(const std::string &payload, uint32_t version = 1)
{
    return std::string("KXBUNDLE") + le(version, 4) + zlib(payload);
}

std::string extract_error(const fs::path &bundle, const fs::path &target, LoadLimits limits = {})
{
    auto r = extract_bundle(bundle.string(), target.string(), limits);
    return r.ok() ? "(extracted)" : r.error();
}

uint64_t bytes_under(const fs::path &dir)
{
    uint64_t total = 0;
    std::error_code ec;
    for (const auto &e : fs::recursive_directory_iterator(dir, ec))
        if (e.is_regular_file())
            total += e.file_size();
    return total;
}

TEST(Bundle, RoundTripKeepsEveryFileByteForByte)
{
    SKIP_WITHOUT_REFERENCE(system_dir("x86_1"));
    TempDir tmp;
    fs::path kxb = tmp.path() / "x86_1.kxb";
    auto n = write_bundle(system_dir("x86_1").string(), kxb.string());
    ASSERT_TRUE(n.ok()) << n.error();
    EXPECT_EQ(*n, 29u);
    EXPECT_TRUE(is_bundle_file(kxb.string()));
    EXPECT_FALSE(fs::exists(kxb.string() + ".tmp." + std::to_string(::getpid())));

    fs::path out = tmp.path() / "out";
    auto m = extract_bundle(kxb.string(), out.string());
    ASSERT_TRUE(m.ok()) << m.error();
    EXPECT_EQ(*m, 29u);
    size_t compared = 0;
    for (const auto &e : fs::recursive_directory_iterator(system_dir("x86_1"))) {
        if (!e.is_regular_file())
            continue;
        fs::path rel = e.path().lexically_relative(system_dir("x86_1"));
        EXPECT_EQ(slurp(out / rel), slurp(e.path())) << rel;
        ++compared;
    }
    EXPECT_EQ(compared, 29u);
    EXPECT_EQ(bytes_under(out), bytes_under(system_dir("x86_1")));

    // Loading the bundle gives what loading the folder gives.
    auto from_bundle = load_dataset(kxb.string());
    auto from_folder = load_dataset(system_dir("x86_1").string());
    ASSERT_TRUE(from_bundle.ok()) << from_bundle.error();
    ASSERT_TRUE(from_folder.ok());
    EXPECT_EQ(from_bundle->root, kxb.string());
    EXPECT_EQ(from_bundle->system_label, "x86_1");
    EXPECT_TRUE(from_bundle->problems.empty()) << ::testing::PrintToString(from_bundle->problems);
    ASSERT_EQ(from_bundle->records.size(), from_folder->records.size());
    for (size_t i = 0; i < from_folder->records.size(); ++i)
        EXPECT_EQ(record_to_json(from_bundle->records[i]), record_to_json(from_folder->records[i]));
    EXPECT_EQ(from_bundle->kat_logs.size(), 3u);
    EXPECT_EQ(from_bundle->profiles.size(), 3u);
}

TEST(Bundle, DoesNotPackItselfOrLinks)
{
    TempDir tmp;
    fs::path dir = tmp.path() / "camp";
    spit(dir / "records/k/a__exchange.json", "{}");
    spit(tmp.path() / "secret", "outside");
    fs::create_symlink(tmp.path() / "secret", dir / "records/k/link.json");
    auto n = write_bundle(dir.string(), (dir / "self.kxb").string());
    ASSERT_TRUE(n.ok()) << n.error();
    EXPECT_EQ(*n, 1u);
    auto again = write_bundle(dir.string(), (dir / "self.kxb").string()); // the old bundle is not packed either
    ASSERT_TRUE(again.ok()) << again.error();
    EXPECT_EQ(*again, 1u);
    EXPECT_EQ(write_bundle((tmp.path() / "none").string(), (tmp.path() / "x.kxb").string()).error(),
              (tmp.path() / "none").string() + ": not a folder");
}

TEST(Bundle, RefusesAZlibBombByItsClaim)
{
    TempDir tmp;
    fs::path kxb = tmp.path() / "bomb.kxb";
    std::string zeros(64u << 20, '\0');
    spit(kxb, bundle_bytes(entry("records/kex-01/bomb.json", zeros) + le(0, 4)));
    EXPECT_LT(fs::file_size(kxb), 128u << 10); // 64 MiB of zeros compress ~1000:1
    LoadLimits small;
    small.max_bundle_bytes = 1u << 20;
    EXPECT_EQ(extract_error(kxb, tmp.path() / "out", small),
              kxb.string() + ": entry 'records/kex-01/bomb.json' claims 67108864 bytes, past the 1048576-byte limit");
    EXPECT_EQ(bytes_under(tmp.path() / "out"), 0u);
    auto ds = load_dataset(kxb.string(), small);
    EXPECT_FALSE(ds.ok());
}

TEST(Bundle, StopsInflatingAtTheLimit)
{
    TempDir tmp;
    fs::path kxb = tmp.path() / "bomb.kxb";
    // A modest claim followed by 64 MiB of zeros that inflate regardless of the claims.
    spit(kxb, bundle_bytes(entry("a.json", "{}") + std::string(64u << 20, '\0')));
    LoadLimits small;
    small.max_bundle_bytes = 4096;
    EXPECT_EQ(extract_error(kxb, tmp.path() / "out", small), kxb.string() + ": inflates past the 4096-byte limit");
    EXPECT_LE(bytes_under(tmp.path() / "out"), 4096u);
    // Within a generous limit the zeros are still refused: they follow the end marker.
    EXPECT_EQ(extract_error(kxb, tmp.path() / "out2"), kxb.string() + ": data after the end marker");
}

TEST(Bundle, RefusesUnsafeEntryPaths)
{
    TempDir tmp;
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"../evil", "entry '../evil' refused: contains '..'"},
        {"records/../../evil", "entry 'records/../../evil' refused: contains '..'"},
        {"/abs", "entry '/abs' refused: absolute path"},
        {"a//b", "entry 'a//b' refused: empty path component"},
        {"a/", "entry 'a/' refused: empty path component"},
        {"./a", "entry './a' refused: contains '.'"},
        {std::string("a\0b", 3), "entry 'a?b' refused: contains NUL"},
    };
    for (size_t i = 0; i < cases.size(); ++i) {
        fs::path kxb = tmp.path() / std::string("evil").append(std::to_string(i)).append(".kxb");
        spit(kxb, bundle_bytes(entry("ok.json", "{}") + entry(cases[i].first, "pwned") + le(0, 4)));
        fs::path out = tmp.path() / "out" / std::to_string(i);
        EXPECT_EQ(extract_error(kxb, out), kxb.string() + ": " + cases[i].second);
        EXPECT_EQ(load_dataset(kxb.string()).error(), kxb.string() + ": " + cases[i].second);
    }
    EXPECT_FALSE(fs::exists(tmp.path() / "evil"));
    EXPECT_FALSE(fs::exists(tmp.path() / "out/evil"));
    EXPECT_FALSE(fs::exists("/abs"));

    fs::path longname = tmp.path() / "long.kxb";
    spit(longname, bundle_bytes(le(5000, 4) + std::string(5000, 'a')));
    EXPECT_EQ(extract_error(longname, tmp.path() / "o"), longname.string() + ": entry path length 5000 is over 4096");
    fs::path dup = tmp.path() / "dup.kxb";
    spit(dup, bundle_bytes(entry("a.json", "1") + entry("a.json", "2") + le(0, 4)));
    EXPECT_EQ(extract_error(dup, tmp.path() / "d"), dup.string() + ": duplicate entry 'a.json'");
}

TEST(Bundle, NeverWritesThroughLinksInTheTarget)
{
    TempDir tmp;
    fs::create_directories(tmp.path() / "target");
    fs::create_directories(tmp.path() / "elsewhere");
    fs::create_symlink(tmp.path() / "elsewhere", tmp.path() / "target/records");
    fs::path kxb = tmp.path() / "b.kxb";
    spit(kxb, bundle_bytes(entry("records/x.json", "{}") + le(0, 4)));
    // A target holding anything (here a link) is refused before a byte is written ...
    EXPECT_EQ(extract_error(kxb, tmp.path() / "target"),
              kxb.string() + ": " + (tmp.path() / "target").string() +
                  " exists and is not empty (unbundle into a new or empty folder)");
    // ... and so is a target that is itself a link.
    fs::create_symlink(tmp.path() / "elsewhere", tmp.path() / "link");
    EXPECT_EQ(extract_error(kxb, tmp.path() / "link"),
              kxb.string() + ": " + (tmp.path() / "link").string() + " exists and is not a folder");
    EXPECT_TRUE(fs::is_empty(tmp.path() / "elsewhere"));
}

// A bundle that fails part-way leaves neither the target nor a temporary folder.
TEST(Bundle, AFailedExtractionLeavesNothing)
{
    TempDir tmp;
    fs::path kxb = tmp.path() / "b.kxb";
    spit(kxb, bundle_bytes(entry("records/k/a.json", "{}") + entry("records/k/b.json", "{}") + entry("../evil", "x") +
                           le(0, 4)));
    fs::path target = tmp.path() / "deep/er/target";
    EXPECT_EQ(extract_error(kxb, target), kxb.string() + ": entry '../evil' refused: contains '..'");
    std::vector<std::string> left;
    for (const auto &e : fs::recursive_directory_iterator(tmp.path()))
        left.push_back(e.path().filename().string());
    EXPECT_EQ(left, std::vector<std::string>{"b.kxb"});
    // The same bundle without the bad entry lands whole in the same place.
    spit(kxb, bundle_bytes(entry("records/k/a.json", "{}") + entry("records/k/b.json", "{}") + le(0, 4)));
    auto n = extract_bundle(kxb.string(), target.string());
    ASSERT_TRUE(n.ok()) << n.error();
    EXPECT_EQ(*n, 2u);
    EXPECT_TRUE(fs::is_regular_file(target / "records/k/b.json"));
}

TEST(Bundle, RefusesTruncatedAndMalformedBundles)
{
    SKIP_WITHOUT_REFERENCE(system_dir("arm_1"));
    TempDir tmp;
    fs::path kxb = tmp.path() / "arm_1.kxb";
    ASSERT_TRUE(write_bundle(system_dir("arm_1").string(), kxb.string()).ok());
    std::string whole = slurp(kxb);
    fs::path cut = tmp.path() / "cut.kxb";
    for (size_t size : {size_t(0), size_t(5), size_t(12), size_t(13), size_t(100), whole.size() / 2, whole.size() - 5,
                        whole.size() - 1}) {
        spit(cut, whole.substr(0, size));
        std::string err = extract_error(cut, tmp.path() / std::string("t").append(std::to_string(size)));
        if (size < 12)
            EXPECT_EQ(err, cut.string() + ": not a kexbench bundle (bad magic)") << size;
        else
            EXPECT_EQ(err.rfind(cut.string() + ": truncated (", 0), 0u) << size << ": " << err;
        EXPECT_FALSE(load_dataset(cut.string()).ok());
    }

    fs::path bad = tmp.path() / "bad.kxb";
    spit(bad, std::string("KXBUNDLX").append(whole.substr(8)));
    EXPECT_EQ(extract_error(bad, tmp.path() / "b1"), bad.string() + ": not a kexbench bundle (bad magic)");
    spit(bad, bundle_bytes(le(0, 4), 2));
    EXPECT_EQ(extract_error(bad, tmp.path() / "b2"),
              bad.string() + ": unsupported bundle format version 2 (expected 1)");
    spit(bad, whole + "x");
    EXPECT_EQ(extract_error(bad, tmp.path() / "b3"), bad.string() + ": trailing bytes after the compressed data");
    spit(bad, bundle_bytes(entry("a.json", "{}"))); // no end marker
    EXPECT_EQ(extract_error(bad, tmp.path() / "b4"), bad.string() + ": truncated (the data ends inside an entry)");
    spit(bad, bundle_bytes(entry("a.json", "{}", 100) + le(0, 4))); // claims more than it holds
    EXPECT_EQ(extract_error(bad, tmp.path() / "b5"), bad.string() + ": truncated (the data ends inside an entry)");
    std::string corrupt = whole;
    corrupt[40] = char(corrupt[40] ^ 0x55);
    spit(bad, corrupt);
    std::string err = extract_error(bad, tmp.path() / "b6");
    EXPECT_EQ(err.rfind(bad.string() + ": ", 0), 0u);
    EXPECT_NE(err, "(extracted)");
    auto empty = extract_bundle((spit(bad, bundle_bytes(le(0, 4))), bad.string()), (tmp.path() / "b7").string());
    ASSERT_TRUE(empty.ok()) << empty.error();
    EXPECT_EQ(*empty, 0u);
}

} // namespace
