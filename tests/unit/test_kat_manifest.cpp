// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/digest.h"
#include "core/base/discovery.h"
#include "core/campaign/kat_manifest.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

using namespace kexbench;

TEST(KatManifest, ParsesModesRecordsAndNames)
{
    const std::string a(64, 'a'), b(64, 'b');
    auto parsed = parse_kat_manifest(
        "# comment\n" + a + " strict X/KAT_KEX_X.txt\r\n\n" + b + "   nolen:5  KAT_KEX_Y.txt\n", "m.sha256");
    ASSERT_TRUE(parsed.ok()) << parsed.error();
    ASSERT_EQ(parsed->size(), 2u);
    EXPECT_FALSE((*parsed)[0].nolen);
    EXPECT_FALSE((*parsed)[0].records.has_value());
    EXPECT_TRUE((*parsed)[1].nolen);
    EXPECT_EQ((*parsed)[1].records, 5);
    EXPECT_EQ((*parsed)[1].mode_text(), "nolen:5");
    EXPECT_EQ(find_kat_entry(*parsed, "X"), &(*parsed)[0]);
    EXPECT_EQ(find_kat_entry(*parsed, "Y"), &(*parsed)[1]);
    EXPECT_EQ(find_kat_entry(*parsed, "Z"), nullptr);
}

TEST(KatManifest, RejectsMalformedLinesWithFileAndLine)
{
    EXPECT_EQ(parse_kat_manifest("xyz strict a.txt\n", "m").error(), "m:1: 'xyz' is not 64 lower-case hex digits");
    EXPECT_EQ(parse_kat_manifest(std::string(64, 'A') + " strict a.txt\n", "m").error(),
              "m:1: '" + std::string(64, 'A') + "' is not 64 lower-case hex digits");
    const std::string loose = std::string("\n").append(64, 'a').append(" loose a.txt\n");
    EXPECT_EQ(parse_kat_manifest(loose, "m").error(), "m:2: unknown mode 'loose' (expected strict or nolen)");
    EXPECT_EQ(parse_kat_manifest(std::string(64, 'a') + " strict:0 a.txt\n", "m").error(),
              "m:1: bad record count in mode 'strict:0'");
    EXPECT_EQ(parse_kat_manifest(std::string(64, 'a') + " strict\n", "m").error(),
              "m:1: expected '<sha256> <mode> <name>'");
}

TEST(KatManifest, ReadsThePublishedCandidateManifests)
{
    const std::filesystem::path dir = std::filesystem::path(KEXBENCH_SOURCE_DIR) / "../shared/reference/kat";
    if (!std::filesystem::exists(dir))
        GTEST_SKIP() << "reference manifests not present at " << dir << " (../shared/reference is optional)";
    int files = 0;
    for (const auto &f : std::filesystem::directory_iterator(dir)) {
        auto entries = read_kat_manifest(f.path().string());
        ASSERT_TRUE(entries.ok()) << entries.error();
        EXPECT_FALSE(entries->empty()) << f.path();
        ++files;
    }
    EXPECT_GT(files, 0);
    auto adkex = read_kat_manifest((dir / "kex-01.kat.sha256").string());
    ASSERT_TRUE(adkex.ok());
    EXPECT_NE(find_kat_entry(*adkex, "ADKEX-128"), nullptr);
}

TEST(KatCanonical, StripsBlanksTrailingSpaceAndCarriageReturns)
{
    EXPECT_EQ(canonical_kat_text("Count = 0\r\nPKa = \n\n\tSS = AB \t\n", false, std::nullopt),
              "Count = 0\nPKa =\n\tSS = AB\n");
    EXPECT_EQ(canonical_kat_text("", false, std::nullopt), "");
    EXPECT_EQ(canonical_kat_text("no newline at end", false, std::nullopt), "no newline at end\n");
}

TEST(KatCanonical, NolenDropsLengthKeysOnly)
{
    const std::string text = "Count = 0\nSeed_Len = 64\nSeed = 00\nM1_Len =\nM1 = 01\nPass_Num = 2\nSS_Len  = 32\n";
    EXPECT_EQ(canonical_kat_text(text, true, std::nullopt), "Count = 0\nSeed = 00\nM1 = 01\nPass_Num = 2\n");
}

TEST(KatCanonical, RecordLimitStopsBeforeTheNextCount)
{
    const std::string text = "Count = 0\nA = 1\n\nCount = 1\nA = 2\n\nCount = 2\nA = 3\n";
    EXPECT_EQ(canonical_kat_text(text, false, 2), "Count = 0\nA = 1\nCount = 1\nA = 2\n");
    EXPECT_EQ(count_kat_records(text), 3);
    KatManifestEntry entry;
    entry.records = 1;
    EXPECT_EQ(kat_digest(text, &entry), sha256_hex("Count = 0\nA = 1\n"));
}

TEST(Digest, Sha256OfKnownStrings)
{
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const unsigned char bytes[] = {0x00, 0xAB, 0xFF};
    EXPECT_EQ(to_hex(bytes, 3), "00ABFF");
    EXPECT_EQ(to_hex(bytes, 3, false), "00abff");
}

TEST(NaturalOrder, ComparesDigitRunsAsNumbers)
{
    std::vector<std::string> labels = {"ADKEX-1024", "ADKEX-256", "ADKEX-128", "ADKEX-512", "A", "ADKEX-0128x"};
    std::sort(labels.begin(), labels.end(), natural_less);
    EXPECT_EQ(labels,
              (std::vector<std::string>{"A", "ADKEX-128", "ADKEX-0128x", "ADKEX-256", "ADKEX-512", "ADKEX-1024"}));
    EXPECT_FALSE(natural_less("x", "x"));
}
