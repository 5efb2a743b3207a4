// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-cli list / kat end to end: real runner children, real libraries.
#include "cli_helpers.h"

#include "core/base/fsutil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

// The single output line of `kat` for one library.
std::string kat_line(const std::string &lib, const std::vector<std::string> &extra = {}, int *exit_code = nullptr)
{
    std::vector<std::string> args = {"kat", lib};
    args.insert(args.end(), extra.begin(), extra.end());
    ProcessResult r = run_cli(args, true);
    if (exit_code)
        *exit_code = r.exit_code;
    auto lines = lines_of(r.out);
    EXPECT_EQ(lines.size(), 1u) << r.out << r.err;
    return lines.empty() ? std::string() : lines.front();
}

} // namespace

TEST(CliList, ShowsTheBuiltInInstancesButNoFixtures)
{
    ProcessResult r = run_cli({"list"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char *name : {"X25519-NIKE", "ECDHE-P256", "ECDHE-SM2"})
        EXPECT_NE(r.out.find(name), std::string::npos) << name << " missing from:\n" << r.out;
    EXPECT_EQ(r.out.find("null-2p"), std::string::npos);
    EXPECT_EQ(r.out.find("hostile"), std::string::npos);
    bool row_found = false;
    for (const auto &line : lines_of(r.out))
        if (line.rfind("ECDHE-P256 ", 0) == 0) {
            row_found = true;
            EXPECT_NE(line.find(" ECDHE "), std::string::npos) << line; // instance, then family
            EXPECT_NE(line.find(" 130 "), std::string::npos) << line;   // message capacity
        }
    EXPECT_TRUE(row_found) << r.out;
}

TEST(CliList, NamesAnUnloadableLibraryAndGoesOn)
{
    TempDir dir;
    std::ofstream(dir / "libbroken.so") << "this is not a library\n";
    ProcessSpec spec;
    spec.argv = {cli_path(), "list"};
    spec.extra_env.push_back("KEXBENCH_INSTANCE_PATH=" + dir.path());
    ProcessResult r = run_process(spec);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.err.find("libbroken.so: not an ELF file"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("X25519-NIKE"), std::string::npos);
}

TEST(CliKat, EveryBuiltInPassesItsPinnedManifest)
{
    TempDir out;
    ProcessResult r = run_cli({"kat", "--all", "--out", out.path()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    auto lines = lines_of(r.out);
    ASSERT_GE(lines.size(), 3u) << r.out;
    for (const auto &line : lines)
        EXPECT_NE(line.find("  PASS  "), std::string::npos) << line;
    // Evidence kept: the KAT text and a log ending in the RESULT line.
    auto log = read_file(out / "ECDHE-P256.log");
    ASSERT_TRUE(log.ok()) << log.error();
    // The campaign's candidate id, and the published PASS line's trailing space.
    EXPECT_NE(log->find("\nRESULT ecdhe ECDHE-P256 PASS \n"), std::string::npos) << *log;
    EXPECT_TRUE(fs::exists(out / "KAT_KEX_ECDHE-P256.txt"));
}

TEST(CliKat, AWrongManifestIsAMismatch)
{
    TempDir dir;
    std::ofstream(dir / "wrong.kat.sha256") << std::string(64, 'a') << " strict X25519-NIKE/KAT_KEX_X25519-NIKE.txt\n";
    int code = -1;
    std::string line = kat_line("X25519-NIKE", {"--manifest", dir / "wrong.kat.sha256"}, &code);
    EXPECT_EQ(code, 1);
    EXPECT_EQ(line.rfind("X25519-NIKE  MISMATCH manifest expects " + std::string(64, 'a'), 0), 0u) << line;
}

TEST(CliKat, ACorruptLibraryGivesOneLineAndExitCodeOne)
{
    TempDir dir;
    std::ofstream(dir / "libcorrupt.so") << "\x7f"
                                            "ELF but then nothing useful";
    int code = -1;
    std::string line = kat_line(dir / "libcorrupt.so", {}, &code);
    EXPECT_EQ(code, 1);
    EXPECT_NE(line.find("ERROR " + (dir / "libcorrupt.so") + ":"), std::string::npos) << line;
}

TEST(CliKat, AnUnknownInstanceNameIsAFailure)
{
    int code = -1;
    std::string line = kat_line("NO-SUCH-KEX", {}, &code);
    EXPECT_EQ(code, 1);
    EXPECT_NE(line.find("ERROR no instance library libNO-SUCH-KEX.so"), std::string::npos) << line;
}

struct HostileCase {
    const char *fixture;
    const char *expected; // what the line must contain
};

class CliKatHostile : public ::testing::TestWithParam<HostileCase> {};

TEST_P(CliKatHostile, IsNamedAndSurvived)
{
    const HostileCase &c = GetParam();
    int code = -1;
    std::string line = kat_line(fixture(c.fixture), {"--timeout", "2"}, &code);
    EXPECT_EQ(code, 1);
    EXPECT_NE(line.find(c.expected), std::string::npos) << line;
}

INSTANTIATE_TEST_SUITE_P(
    Fixtures, CliKatHostile,
    ::testing::Values(HostileCase{"hostile-segfault", "ERROR"}, HostileCase{"hostile-segfault", "signal 11"},
                      HostileCase{"hostile-abort", "signal 6"}, HostileCase{"hostile-exit", "exit code 7"},
                      HostileCase{"hostile-hang", "timed out"},
                      HostileCase{"hostile-overflow", "OVERFLOW record 0: pass2 wrote outside the m2 buffer"},
                      HostileCase{"hostile-length-above-capacity",
                                  "OVERFLOW record 0: pass2 returned message length 65 above its capacity 64"},
                      HostileCase{"hostile-secret-mismatch", "ERROR record 0: the shared secrets of A and B differ"},
                      HostileCase{"hostile-crypto-fail", "ERROR record 0: pass2 returned -7"},
                      HostileCase{"hostile-honest", "NOKAT no KAT vectors supplied"}),
    [](const auto &info) {
        std::string name = std::string(info.param.fixture).substr(8) + "_" + std::to_string(info.index);
        for (char &ch : name)
            if (ch == '-')
                ch = '_';
        return name;
    });

TEST(CliKat, ANamedManifestWithoutTheInstanceSaysSo)
{
    TempDir dir;
    std::ofstream(dir / "other.kat.sha256") << std::string(64, 'a') << " strict X25519-NIKE/KAT_KEX_X25519-NIKE.txt\n";
    int code = -1;
    std::string line = kat_line(fixture("hostile-honest"), {"--manifest", dir / "other.kat.sha256"}, &code);
    EXPECT_EQ(code, 1);
    EXPECT_EQ(line.rfind("hostile-honest  NOKAT the manifest has no entry for KAT_KEX_hostile-honest.txt  ", 0), 0u)
        << line;
}

// A submission's Test_Vectors file: compared in canonical form, the first differing line named.
TEST(CliKat, ComparesWithAReferenceKatFile)
{
    TempDir out;
    kat_line(fixture("hostile-honest"), {"--out", out.path()});
    auto text = read_file(out / "KAT_KEX_hostile-honest.txt");
    ASSERT_TRUE(text.ok()) << text.error();
    // As shipped: CRLF line endings and an extra empty line still match.
    std::string shipped;
    for (const auto &line : lines_of(*text))
        shipped += line + "\r\n";
    std::ofstream(out / "ref.txt", std::ios::binary) << "\r\n" << shipped;
    int code = -1;
    std::string line = kat_line(fixture("hostile-honest"), {"--reference", out / "ref.txt"}, &code);
    EXPECT_EQ(code, 0);
    EXPECT_EQ(line.rfind("hostile-honest  PASS  ", 0), 0u) << line;

    // Line 3 of the file (Seed of record 0, after the extra empty line) changed in its last digit.
    auto lines = lines_of(*text);
    ASSERT_EQ(lines[2].rfind("Seed = ", 0), 0u);
    lines[2].back() = lines[2].back() == '0' ? '1' : '0';
    std::string changed = "\n";
    for (const auto &l : lines)
        changed += l + "\n";
    std::ofstream(out / "ref.txt", std::ios::binary | std::ios::trunc) << changed;
    line = kat_line(fixture("hostile-honest"), {"--reference", out / "ref.txt"}, &code);
    EXPECT_EQ(code, 1);
    const std::string expected = "hostile-honest  MISMATCH differs from " + (out / "ref.txt") +
                                 " at line 4 (line 3 of the generated text): reference \"Seed = \u2026";
    EXPECT_EQ(line.rfind(expected, 0), 0u) << line;
    EXPECT_NE(line.find("\", generated \"Seed = \u2026"), std::string::npos) << line;

    ProcessResult two = run_cli({"kat", "X25519-NIKE", "ECDHE-P256", "--reference", out / "ref.txt"});
    EXPECT_EQ(two.exit_code, 2);
    EXPECT_NE(two.err.find("--reference is the KAT file of one instance: name exactly one"), std::string::npos)
        << two.err;
    ProcessResult help = run_cli({"kat", "--help"});
    EXPECT_NE(help.out.find("--reference"), std::string::npos);
}

TEST(CliKat, AnInstanceThatPrintsToStdoutCannotForgeTheAnswer)
{
    TempDir out;
    int code = -1;
    std::string line = kat_line(fixture("hostile-chatty"), {"--out", out.path()}, &code);
    EXPECT_NE(line.find("hostile-chatty  NOKAT"), std::string::npos) << line;
    // Same protocol and DRNG stream as the honest control: the same KAT digest.
    std::string honest = kat_line(fixture("hostile-honest"));
    EXPECT_EQ(line.substr(line.size() - 64), honest.substr(honest.size() - 64));
}

TEST(KatFile, FollowsTheOfficialLayoutAndSeedSchedule)
{
    TempDir out;
    kat_line(fixture("hostile-honest"), {"--out", out.path()});
    auto text = read_file(out / "KAT_KEX_hostile-honest.txt");
    ASSERT_TRUE(text.ok()) << text.error();
    auto lines = lines_of(*text);
    const std::vector<std::string> keys = {
        "Count",         "Seed_Len",  "Seed",    "Pass_Num", "PKa_Len",       "PKa",       "SKa_Len",      "SKa",
        "Init_Sta_Len",  "Init_Sta",  "PKb_Len", "PKb",      "SKb_Len",       "SKb",       "Init_Stb_Len", "Init_Stb",
        "Pass1_Sta_Len", "Pass1_Sta", "M1_Len",  "M1",       "Pass2_Stb_Len", "Pass2_Stb", "M2_Len",       "M2",
        "SS_Len",        "SS",        ""};
    ASSERT_EQ(lines.size(), 10 * keys.size());
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string &key = keys[i % keys.size()];
        if (key.empty())
            EXPECT_EQ(lines[i], "") << "line " << i;
        else
            EXPECT_EQ(lines[i].rfind(key + " = ", 0), 0u) << "line " << i << ": " << lines[i];
    }
    // The master DRNG ("seed" x 16) gives the documented first two record seeds.
    EXPECT_EQ(lines[2], "Seed = 927F06B594798A4DDFAA4F03F92AAAF04E1D453F6ED1DE19B86D3AADE048A65483DF4754049B5CD3F58640"
                        "6CF2C64875C51EDB576DF342B5A970F40EABC15D3C");
    EXPECT_EQ(lines[keys.size() + 2],
              "Seed = 58561187CBBF6CDC0ECFB2D25965F936BE05AA961542D0E23E4ADFA8B6D0E3FDC043ED72AC1C28F03CF831FBB6A8BC6D"
              "B9EE0475520EE8578B1970E407EE0352");
    EXPECT_EQ(lines[0], "Count = 0");
    EXPECT_EQ(lines[3], "Pass_Num = 2");
    EXPECT_EQ(lines[5], "PKa = "); // an empty byte string keeps the space after '='
    EXPECT_EQ(lines[18], "M1_Len = 16");
    EXPECT_EQ(lines[24], "SS_Len = 32");
    EXPECT_EQ(lines[keys.size()], "Count = 1");
}

TEST(CliHelp, EverySubcommandHasHelpAndRejectsUnknownOptions)
{
    for (const char *cmd : {"list", "kat"}) {
        ProcessResult help = run_cli({cmd, "--help"});
        EXPECT_EQ(help.exit_code, 0) << cmd;
        EXPECT_NE(help.out.find("usage: kexbench-cli"), std::string::npos) << cmd;
        ProcessResult bad = run_cli({cmd, "--no-such-option"});
        EXPECT_EQ(bad.exit_code, 2) << cmd;
        EXPECT_NE(bad.err.find("unknown option --no-such-option"), std::string::npos) << bad.err;
    }
    EXPECT_EQ(run_cli({}).exit_code, 2);
    EXPECT_EQ(run_cli({"frobnicate"}).exit_code, 2);
    EXPECT_EQ(run_cli({"--help"}).exit_code, 0);
}

// The command list is two columns: every name, even the longest
// (build-instance), stands apart from its summary.
TEST(CliHelp, EveryCommandNameStandsApartFromItsSummary)
{
    const ProcessResult help = run_cli({"--help"});
    ASSERT_EQ(help.exit_code, 0);
    for (const char *name : {"list", "kat", "run", "report", "compare", "bundle", "bench", "build-instance"})
        EXPECT_NE(help.out.find(std::string("\n  ") + name + "  "), std::string::npos) << name << "\n" << help.out;
}

// Issue 33, item 20: an instance that resets its DRNG before every draw gives the
// same vectors for every seed; kat and run say so by name.
TEST(KatWarnings, AnInstanceThatIgnoresItsDrngIsNamed)
{
    const std::string warning =
        "WARNING: hostile-ignores-drng: KAT: ignores its DRNG: all 10 KAT vectors have the same messages and "
        "shared secret for 10 different seeds";
    TempDir dir;
    ProcessResult kat = run_cli({"kat", "hostile-ignores-drng", "--out", dir / "k"}, true);
    EXPECT_EQ(lines_of(kat.out).size(), 1u) << kat.out;
    EXPECT_NE(kat.err.find(warning), std::string::npos) << kat.err;

    ProcessResult honest = run_cli({"kat", "hostile-honest", "--out", dir / "h"}, true);
    EXPECT_EQ(honest.err.find("WARNING"), std::string::npos) << honest.err;
    EXPECT_NE(run_cli({"kat", "--help"}).out.find("ignores its DRNG"), std::string::npos);

    ProcessResult run = run_cli({"run", "--instance", "hostile-ignores-drng", "--op", "exchange", "--target", "0.002",
                                 "--trials", "1", "--retries", "0", "--no-memory", "--no-profile", "--out", dir / "c"},
                                true);
    EXPECT_NE(run.out.find(warning), std::string::npos) << run.out;
    auto campaign = nlohmann::json::parse(read_file(dir / "c/campaign.json").value(), nullptr, false);
    ASSERT_TRUE(campaign.is_object());
    ASSERT_EQ(campaign["kat_warnings"].size(), 1u) << campaign.dump(2);
    EXPECT_EQ(campaign["kat_warnings"][0].get<std::string>().rfind("hostile-ignores-drng: KAT: ignores its DRNG: ", 0),
              0u);
}
