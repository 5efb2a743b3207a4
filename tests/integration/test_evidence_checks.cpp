// SPDX-License-Identifier: GPL-3.0-or-later
// Evidence that cannot be trusted is never passed on silently: a failed
// unbundle leaves nothing behind, `report` on broken or impossible records
// exits 1 naming the files, and an exchange whose derives write a 0-byte
// secret is a failure, not two matching secrets. Real campaigns made by
// kexbench-cli with real runner children and fixture libraries.
#include "cli_helpers.h"

#include "core/base/fsutil.h"
#include "core/data/record.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;
using ojson = nlohmann::ordered_json;

namespace {

const char *kExchange = "records/hostile/hostile-honest__exchange.json";
const char *kInitA = "records/hostile/hostile-honest__init_a.json";

std::string slurp(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void spit(const fs::path &p, const std::string &bytes)
{
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

// Everything below dir, as relative paths (hidden ones included).
std::vector<std::string> listing(const fs::path &dir)
{
    std::vector<std::string> names;
    std::error_code ec;
    for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        names.push_back(it->path().lexically_relative(dir).string());
    std::sort(names.begin(), names.end());
    return names;
}

// One small real campaign (two records of the honest hostile fixture), made once for the suite.
class Evidence : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = new TempDir;
        campaign_ = (*dir_) / "camp";
        ProcessResult r = run_cli({"run",
                                   "--instance",
                                   fixture("hostile-honest"),
                                   "--op",
                                   "exchange",
                                   "--op",
                                   "init_a",
                                   "--order",
                                   "harness",
                                   "--target",
                                   "0.002",
                                   "--budget",
                                   "5",
                                   "--trials",
                                   "3",
                                   "--timeout",
                                   "20",
                                   "--retries",
                                   "0",
                                   "--no-kat",
                                   "--no-memory",
                                   "--no-profile",
                                   "--out",
                                   campaign_});
        made_ =
            r.exit_code == 0 && fs::exists(fs::path(campaign_) / kExchange) && fs::exists(fs::path(campaign_) / kInitA);
        if (!made_)
            std::fprintf(stderr, "campaign failed: %s%s\n", r.out.c_str(), r.err.c_str());
    }
    static void TearDownTestSuite()
    {
        delete dir_;
        dir_ = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(made_) << "the campaign the tests start from could not be made"; }

    // A private copy of the campaign to damage.
    fs::path copy_campaign(const TempDir &into) const
    {
        fs::path to = fs::path(into.path()) / "copy";
        fs::copy(campaign_, to, fs::copy_options::recursive);
        return to;
    }

    static TempDir *dir_;
    static std::string campaign_;
    static bool made_;
};

TempDir *Evidence::dir_ = nullptr;
std::string Evidence::campaign_;
bool Evidence::made_ = false;

// Item 8: a truncated or corrupted bundle made by `bundle` leaves no file, no
// folder and no temporary folder behind; the error names the bundle.
TEST_F(Evidence, AFailedUnbundleLeavesNothingBehind)
{
    TempDir tmp;
    const fs::path kxb = fs::path(tmp.path()) / "camp.kxb";
    ProcessResult packed = run_cli({"bundle", campaign_, kxb.string()});
    ASSERT_EQ(packed.exit_code, 0) << packed.err;
    const std::string whole = slurp(kxb);
    ASSERT_GT(whole.size(), 200u);

    std::string corrupt = whole;
    corrupt[corrupt.size() / 2] = char(corrupt[corrupt.size() / 2] ^ 0x5a);
    const std::vector<std::pair<std::string, std::string>> damaged = {
        {"cut-half.kxb", whole.substr(0, whole.size() / 2)},
        {"cut-tail.kxb", whole.substr(0, whole.size() - 3)},
        {"corrupt.kxb", corrupt},
    };
    fs::path work = fs::path(tmp.path()) / "work";
    fs::create_directories(work);
    for (const auto &[name, bytes] : damaged) {
        spit(work / name, bytes);
        const fs::path target = work / "nested" / "out";
        ProcessResult r = run_cli({"unbundle", (work / name).string(), target.string()});
        EXPECT_EQ(r.exit_code, 1) << name << ": " << r.out;
        EXPECT_EQ(r.err.rfind("kexbench-cli unbundle: " + (work / name).string() + ": ", 0), 0u) << r.err;
        EXPECT_EQ(listing(work), std::vector<std::string>{name}) << name << " left files behind";
        fs::remove(work / name);
    }

    // An empty folder given as the target stays, empty; a non-empty one is refused untouched.
    const fs::path empty = work / "empty";
    fs::create_directories(empty);
    spit(work / "cut.kxb", whole.substr(0, whole.size() / 2));
    EXPECT_EQ(run_cli({"unbundle", (work / "cut.kxb").string(), empty.string()}).exit_code, 1);
    EXPECT_TRUE(fs::is_directory(empty));
    EXPECT_TRUE(fs::is_empty(empty));
    spit(empty / "mine.txt", "keep me");
    ProcessResult busy = run_cli({"unbundle", kxb.string(), empty.string()});
    EXPECT_EQ(busy.exit_code, 1);
    EXPECT_NE(busy.err.find(empty.string() + " exists and is not empty (unbundle into a new or empty folder)"),
              std::string::npos)
        << busy.err;
    EXPECT_EQ(listing(empty), std::vector<std::string>{"mine.txt"});

    // The sound bundle unpacks whole, and its report is clean.
    const fs::path out = work / "good";
    ProcessResult good = run_cli({"unbundle", kxb.string(), out.string()});
    ASSERT_EQ(good.exit_code, 0) << good.err;
    // Everything but the campaign folder's lock, which stays with the folder it guards.
    std::vector<std::string> evidence = listing(campaign_);
    evidence.erase(std::remove(evidence.begin(), evidence.end(), ".kexbench.lock"), evidence.end());
    EXPECT_EQ(listing(out), evidence);
    ProcessResult report = run_cli({"report", out.string()});
    EXPECT_EQ(report.exit_code, 0) << report.err;
    EXPECT_EQ(report.err, "");
}

// Item 8: `report` on a folder whose evidence is broken still writes what it
// can, but names every unreadable file and exits 1.
TEST_F(Evidence, ReportOnBrokenEvidenceNamesTheFilesAndExitsOne)
{
    TempDir tmp;
    const fs::path camp = copy_campaign(tmp);
    const std::string text = slurp(camp / kInitA);
    spit(camp / kInitA, text.substr(0, text.size() / 2)); // as a partial extraction would leave it
    ProcessResult r = run_cli({"report", camp.string()});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find(std::string("warning: ") + kInitA + ": invalid JSON"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("kexbench-cli report: 1 problem(s) in the evidence of " + camp.string() +
                         " (listed above); the report leaves those files out"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.out.find("hostile-honest"), std::string::npos) << "the readable exchange record is still reported";
}

// Item 10: valid JSON with impossible numbers is a problem naming the file and
// the field, the record is left out, and the value never reaches the report.
TEST_F(Evidence, ReportRefusesRecordsWithImpossibleNumbers)
{
    TempDir tmp;
    const fs::path camp = copy_campaign(tmp);
    auto edit = [&](const char *rel, auto change) {
        auto j = detail::parse_json_text(slurp(camp / rel), rel);
        ASSERT_TRUE(j.ok()) << j.error();
        change(*j);
        spit(camp / rel, j->dump(1));
    };
    edit(kExchange, [](ojson &j) {
        ASSERT_GE(j["trials"].size(), 2u);
        j["trials"][1]["cycles"] = -5;
    });
    edit(kInitA, [](ojson &j) { j["mean_seconds"] = 1e308; });

    ProcessResult r = run_cli({"report", camp.string()});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find(std::string("warning: ") + kExchange + ": trial 2 cycles -5 is not a plausible cycle count"),
              std::string::npos)
        << r.err;
    // Both bad records are left out, so nothing remains to report; the problems are still named.
    EXPECT_NE(
        r.err.find(std::string("warning: ") + kInitA + ": mean_seconds 1e+308 is not a plausible time in seconds"),
        std::string::npos)
        << r.err;
    EXPECT_EQ(r.out.find("1e+308"), std::string::npos);
    EXPECT_EQ(r.out.find("-5"), std::string::npos);

    // With only the exchange record broken, init_a is reported and the exchange's figures are not.
    spit(camp / kInitA, slurp(fs::path(campaign_) / kInitA));
    ProcessResult one = run_cli({"report", camp.string()});
    EXPECT_EQ(one.exit_code, 1) << one.err;
    EXPECT_NE(one.err.find("1 problem(s) in the evidence"), std::string::npos) << one.err;
    EXPECT_NE(one.out.find("hostile-honest"), std::string::npos) << one.out;
}

// Item 11: derives that both write a 0-byte secret fail the KAT and the run,
// with the reason naming the function.
TEST(EmptySecret, IsAFailureInTheKatAndInTheRun)
{
    TempDir tmp;
    ProcessResult kat = run_cli({"kat", fixture("hostile-empty-secret"), "--timeout", "20", "--out", tmp / "kat"});
    EXPECT_EQ(kat.exit_code, 1) << kat.out << kat.err;
    EXPECT_NE(kat.out.find("ERROR record 0: kex_derive_ss_a wrote a 0-byte shared secret"), std::string::npos)
        << kat.out << kat.err;

    ProcessResult run = run_cli({"run",      "--instance",  fixture("hostile-empty-secret"),
                                 "--op",     "exchange",    "--target",
                                 "0.002",    "--budget",    "5",
                                 "--trials", "3",           "--timeout",
                                 "20",       "--retries",   "0",
                                 "--no-kat", "--no-memory", "--no-profile",
                                 "--out",    tmp / "camp"});
    EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
    auto rec = read_record_file(tmp / "camp/records/hostile/hostile-empty-secret__exchange.json");
    ASSERT_TRUE(rec.ok()) << rec.error();
    EXPECT_EQ(rec->status, "failed_or_partial");
    ASSERT_TRUE(rec->kexbench);
    EXPECT_NE(rec->kexbench->reason.find("kex_derive_ss_a wrote a 0-byte shared secret"), std::string::npos)
        << rec->kexbench->reason;
    EXPECT_NE(run.out.find("hostile-empty-secret: not measured: "), std::string::npos) << run.out;
}

} // namespace
