// SPDX-License-Identifier: GPL-3.0-or-later
// Pure tests for core/record: the sample codec (LEB128 -> zlib -> base64),
// operation order, record paths, reading and writing records from in-memory
// JSON, and the harness statistics. No files, no processes (runs under qemu).
//
// Independent reference values: the encoded strings below were produced by a
// scratch Python script (not in the repo) using Python's own zlib.compress and
// base64.b64encode over LEB128 bytes computed by hand-written Python; the
// statistics are hand arithmetic shown beside each value.
#include "core/data/record.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

using namespace kexbench;
using ojson = nlohmann::ordered_json;

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

std::string decode_error(const std::string &text, size_t max_values = size_t{1} << 26)
{
    auto r = decode_samples(text, max_values);
    return r.ok() ? "(decoded)" : r.error();
}

// --------------------------------------------------------------------------
// Sample codec

TEST(SampleCodec, RoundTripsEdgeValues)
{
    for (const std::vector<uint64_t> &v : std::vector<std::vector<uint64_t>>{
             {}, {0}, {kMax}, {0, kMax, 0}, {127, 128, 16383, 16384, uint64_t(1) << 63}}) {
        auto back = decode_samples(encode_samples(v));
        ASSERT_TRUE(back.ok()) << back.error();
        EXPECT_EQ(*back, v);
    }
}

TEST(SampleCodec, RoundTripsAMillionRandomValues)
{
    std::mt19937_64 rng(20260925);
    std::vector<uint64_t> v(1000000);
    for (auto &x : v)
        x = rng() >> (rng() % 64); // every magnitude, so every varint length occurs
    std::string text = encode_samples(v);
    auto back = decode_samples(text);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(*back, v);
}

TEST(SampleCodec, EncodingIsPaddedStandardBase64)
{
    for (size_t n : {0, 1, 2, 3, 10, 1000}) {
        std::string text = encode_samples(std::vector<uint64_t>(n, 300));
        ASSERT_EQ(text.size() % 4, 0u);
        for (char c : text)
            EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/' || c == '=') << c;
    }
}

TEST(SampleCodec, DecodesDataEncodedByPython)
{
    // LEB128 of 0, 1, 127, 128, 300, 2^64-1 = 00 01 7f 8001 ac02 ffffffffffffffffff01, zlib level 9.
    auto v = decode_samples("eNpjYKxvYFzD9B8GGAFMkAqo");
    ASSERT_TRUE(v.ok()) << v.error();
    EXPECT_EQ(*v, (std::vector<uint64_t>{0, 1, 127, 128, 300, kMax}));
    auto empty = decode_samples("eNoDAAAAAAE="); // zlib of no bytes
    ASSERT_TRUE(empty.ok()) << empty.error();
    EXPECT_TRUE(empty->empty());
}

TEST(SampleCodec, RefusesBadBase64)
{
    EXPECT_EQ(decode_error(""), "empty sample data");
    EXPECT_EQ(decode_error("abc"), "invalid base64: length 3 is not a multiple of 4");
    EXPECT_EQ(decode_error("ab!d"), "invalid base64: character '!' at offset 2");
    EXPECT_EQ(decode_error("ab d"), "invalid base64: character '\\x20' at offset 2");
    EXPECT_EQ(decode_error("A==="), "invalid base64: character '=' at offset 1");
    EXPECT_EQ(decode_error("ab=d"), "invalid base64: character '=' at offset 2");
    EXPECT_EQ(decode_error("Zh=="), "invalid base64: non-zero bits before the padding"); // "f" is Zg==
}

TEST(Base64, MatchesRfc4648Vectors)
{
    // RFC 4648 section 10.
    const std::pair<const char *, const char *> vectors[] = {{"", ""},
                                                             {"f", "Zg=="},
                                                             {"fo", "Zm8="},
                                                             {"foo", "Zm9v"},
                                                             {"foob", "Zm9vYg=="},
                                                             {"fooba", "Zm9vYmE="},
                                                             {"foobar", "Zm9vYmFy"}};
    for (auto [plain, coded] : vectors) {
        EXPECT_EQ(base64_encode(plain), coded);
        auto back = base64_decode(coded);
        ASSERT_TRUE(back.ok()) << back.error();
        EXPECT_EQ(*back, plain);
    }
    EXPECT_EQ(base64_encode(std::string("\xfb\xff", 2)), "+/8=");
}

TEST(SampleCodec, RefusesBadZlibAndVarints)
{
    EXPECT_EQ(decode_error("aGVsbG8gd29ybGQsIG5vdCB6bGli"), "sample data invalid zlib data (incorrect header check)");
    EXPECT_EQ(decode_error("eNpjYKxvYFzD9B8GGAFM"), "sample data truncated zlib data"); // trailer cut
    EXPECT_EQ(decode_error("eNpjBQAABgAGeHk="), "sample data trailing bytes after the zlib data");
    EXPECT_EQ(decode_error("eNprAAAAgQCB"), "truncated varint at byte 1");             // 80
    EXPECT_EQ(decode_error("eNr7/x8KmAA11gj6"), "varint overflows 64 bits at byte 9"); // ff*9 02
    EXPECT_EQ(decode_error("eNr7/x8GGAFAywn4"), "varint overflows 64 bits at byte 9"); // ff*10 01
}

TEST(SampleCodec, RefusesTruncatedEncodings)
{
    std::string text = encode_samples(std::vector<uint64_t>(5000, 123456789));
    for (size_t cut = 4; cut < text.size(); cut += 4) {
        auto r = decode_samples(text.substr(0, cut));
        EXPECT_FALSE(r.ok()) << "cut at " << cut;
    }
}

TEST(SampleCodec, StopsInflatingAtTheValueLimit)
{
    // 10 million zero values are 10 MB of varints but only ~10 kB compressed.
    std::string bomb = encode_samples(std::vector<uint64_t>(10000000, 0));
    EXPECT_LT(bomb.size(), 20000u);
    EXPECT_EQ(decode_error(bomb, 1000), "sample data inflates past 10000 bytes");
    EXPECT_EQ(decode_error(encode_samples(std::vector<uint64_t>(11, 0)), 10), "more than 10 values");
    auto exact = decode_samples(encode_samples(std::vector<uint64_t>(10, 0)), 10);
    ASSERT_TRUE(exact.ok()) << exact.error();
}

TEST(SampleCodec, NeverCrashesOnGarbage)
{
    std::mt19937 rng(7);
    const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    std::string valid = encode_samples({1, 2, 3, 4, 5, 600000, kMax});
    for (int i = 0; i < 3000; ++i) {
        std::string text;
        if (i % 2) {
            text = valid; // flip characters of a valid encoding
            for (int k = 0; k < 1 + i % 4; ++k)
                text[rng() % text.size()] = alphabet[rng() % alphabet.size()];
        } else {
            text.resize(rng() % 64);
            for (auto &c : text)
                c = i % 4 ? alphabet[rng() % alphabet.size()] : char(rng());
        }
        (void)decode_samples(text, 1000);
    }
    SUCCEED();
}

// --------------------------------------------------------------------------
// Operations and paths

TEST(OperationRank, FollowsThePublishedTableOrder)
{
    std::vector<std::string> order = {"keygen", "enc", "dec", "sign", "verify", "exchange", "init_a", "init_b"};
    for (int k = 1; k <= 16; ++k)
        order.push_back("pass" + std::to_string(k));
    order.insert(order.end(), {"derive_a", "derive_b", "hash"});
    for (size_t i = 0; i < order.size(); ++i) {
        EXPECT_GE(operation_rank(order[i]), 0) << order[i];
        if (i > 0) {
            EXPECT_LT(operation_rank(order[i - 1]), operation_rank(order[i])) << order[i - 1] << " < " << order[i];
        }
    }
    for (const char *bad :
         {"", "pass0", "pass01", "pass17", "pass100", "pass", "PASS1", "derive", "hash_64", "exchange ", "pass1x"})
        EXPECT_EQ(operation_rank(bad), -1) << bad;
}

TEST(RecordPath, IsRecordsCandidateLabelOperation)
{
    EXPECT_EQ(record_relative_path("kex-01", "ADKEX-128", "pass1"), "records/kex-01/ADKEX-128__pass1.json");
    EXPECT_EQ(record_relative_path("hash-03", "X-256", "hash_1024"), "records/hash-03/X-256__hash_1024.json");
}

// --------------------------------------------------------------------------
// Records from memory

ojson minimal_record()
{
    return ojson{
        {"schema", 2}, {"status", "complete"}, {"candidate", "kex-01"}, {"label", "L-128"}, {"operation", "exchange"}};
}

std::string read_error(const ojson &j)
{
    auto r = record_from_json(j, "rec.json");
    return r.ok() ? "(loaded)" : r.error();
}

TEST(RecordJson, NamesTheFieldAndTypeOfEachProblem)
{
    ojson j = minimal_record();
    j["schema"] = 3;
    EXPECT_EQ(read_error(j), "rec.json: schema 3, expected 2");
    j = minimal_record();
    j.erase("label");
    EXPECT_EQ(read_error(j), "rec.json: missing field 'label' (expected a string)");
    j = minimal_record();
    j["status"] = 1;
    EXPECT_EQ(read_error(j), "rec.json: field 'status' is an integer, expected a string");
    j = minimal_record();
    j["operation"] = "pass17";
    EXPECT_EQ(read_error(j), "rec.json: unknown operation 'pass17'");
    j = minimal_record();
    j["measurements"] = "6815";
    EXPECT_EQ(read_error(j), "rec.json: field 'measurements' is a string, expected an unsigned integer");
    j = minimal_record();
    j["processes"] = ojson::array({ojson{{"trials", ojson::array({ojson{{"seconds", "x"}}})}}});
    EXPECT_EQ(read_error(j), "rec.json: field 'processes[0].trials[0].seconds' is a string, expected a number");
    j = minimal_record();
    j["plan"] = ojson{{"trials", -5.5}};
    EXPECT_EQ(read_error(j), "rec.json: field 'plan.trials' is a fractional number, expected an integer");
    j = minimal_record();
    j["load_average_start"] = ojson::array({1.0, 2.0});
    EXPECT_EQ(read_error(j), "rec.json: field 'load_average_start' is an array, expected an array of 3 numbers");
    EXPECT_EQ(read_error(ojson::array()), "rec.json: not a JSON object but an array");
    j = minimal_record();
    j["operation"] = "bad\nop";
    EXPECT_EQ(read_error(j), "rec.json: unknown operation 'bad?op'"); // stays one line
}

TEST(RecordJson, ToleratesNullsAndAbsentOptionalFields)
{
    ojson j = minimal_record();
    j["status"] = "failed_or_partial";
    j["mean_cycles"] = nullptr;
    j["environment"] = nullptr;
    j["plan"] = nullptr;
    j["processes"] =
        ojson::array({ojson{{"status", "hard_timeout"}, {"timeout_s", 12.5}, {"command", {"a"}}, {"wall_s", 13.0}}});
    auto r = record_from_json(j, "rec.json");
    ASSERT_TRUE(r.ok()) << r.error();
    EXPECT_EQ(r->status, "failed_or_partial");
    EXPECT_FALSE(r->mean_cycles);
    ASSERT_EQ(r->processes.size(), 1u);
    EXPECT_EQ(r->processes[0].timeout_s, 12.5);
    EXPECT_EQ(record_to_json(*r)["processes"][0], j["processes"][0]);
}

TEST(RecordJson, KeepsUnmodelledFieldsAndKexbenchSamples)
{
    Record r;
    r.status = "complete";
    r.label = "L-128";
    r.operation = "init_a";
    r.trials = {{10, 0.5, 1000.0}};
    compute_trial_statistics(r);
    r.processes.push_back({});
    r.processes[0].status = "complete";
    r.processes[0].extra = ojson{{"reused_calibration", true}, {"t1_s", 0.25}};
    r.extra = ojson{{"future_field", "x"}};
    RecordSamples s;
    s.counter = "tsc";
    s.ticks = {5, uint64_t(1) << 59,
               0}; // the largest a sample may be is below 2^60 (RecordJson.RefusesImpossibleNumbers)
    s.ns = {1, 2, 3};
    s.trial_sizes = {3};
    s.stack_bytes = 4096;
    s.audits = {"pass4 never wrote its message length"};
    s.extra = ojson{{"note", 1}};
    r.kexbench = s;

    ojson j = record_to_json(r);
    EXPECT_EQ(j.items().begin().key(), "schema");
    EXPECT_EQ((--j.end()).key(), "kexbench"); // kexbench last
    EXPECT_TRUE(j["kexbench"]["ticks"].is_string());
    auto back = record_from_json(j, "mem");
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_TRUE(back->kexbench);
    EXPECT_EQ(back->kexbench->ticks, s.ticks);
    EXPECT_EQ(back->kexbench->ns, s.ns);
    EXPECT_EQ(back->kexbench->stack_bytes, 4096u);
    EXPECT_EQ(back->kexbench->audits, s.audits);
    EXPECT_EQ(record_to_json(*back), j);

    r.kexbench.reset();
    EXPECT_FALSE(record_to_json(r).contains("kexbench"));
}

// Valid JSON, impossible measurements: the record is refused, naming the field and the value.
TEST(RecordJson, RefusesImpossibleNumbers)
{
    auto with_trials = [](ojson trial) {
        ojson j = minimal_record();
        j["trials"] = ojson::array({ojson{{"measurements", 10}, {"seconds", 0.5}, {"cycles", 1000}}, trial});
        return j;
    };
    EXPECT_EQ(read_error(with_trials({{"measurements", 10}, {"seconds", 0.5}, {"cycles", -5}})),
              "rec.json: trial 2 cycles -5 is not a plausible cycle count");
    EXPECT_EQ(read_error(with_trials({{"measurements", 10}, {"seconds", 1e308}, {"cycles", 7}})),
              "rec.json: trial 2 seconds 1e+308 is not a plausible time in seconds");
    EXPECT_EQ(read_error(with_trials({{"measurements", 10}, {"seconds", -0.25}})),
              "rec.json: trial 2 seconds -0.25 is not a plausible time in seconds");
    EXPECT_EQ(read_error(with_trials({{"measurements", 1e17}, {"seconds", 1.0}})),
              "rec.json: trial 2 measurements 1e+17 is not a plausible count");
    // Text past the double range is refused by the parser; a non-finite value built in memory by the reader.
    EXPECT_EQ(detail::parse_json_text(R"({"mean_cycles": 1e400})", "rec.json").error(),
              "rec.json: invalid JSON: number overflow parsing '1e400'");
    ojson j = minimal_record();
    j["mean_cycles"] = std::numeric_limits<double>::infinity();
    EXPECT_EQ(read_error(j), "rec.json: mean_cycles inf is not a plausible cycle count");
    j["mean_cycles"] = std::nan("");
    EXPECT_EQ(read_error(j), "rec.json: mean_cycles nan is not a plausible cycle count");

    j = minimal_record();
    j["mean_seconds"] = -1.5;
    EXPECT_EQ(read_error(j), "rec.json: mean_seconds -1.5 is not a plausible time in seconds");
    j = minimal_record();
    j["processes"] = ojson::array({ojson{{"status", "complete"},
                                         {"wall_s", 1.0},
                                         {"trials", ojson::array({ojson{{"seconds", 1.0}, {"cycles", 1e19}}})}}});
    EXPECT_EQ(read_error(j), "rec.json: process 1 trial 1 cycles 1e+19 is not a plausible cycle count");
    j = minimal_record();
    j["sizes"] = ojson{{"pk_bytes", -32}};
    EXPECT_EQ(read_error(j), "rec.json: sizes.pk_bytes -32 is not a plausible byte count");
    j = minimal_record();
    j["peak_rss_bytes"] = 1e18;
    EXPECT_EQ(read_error(j), "rec.json: peak_rss_bytes 1e+18 is not a plausible byte count");
    j = minimal_record();
    j["kexbench"] = ojson{{"ticks", encode_samples({1, kMax, 3})}};
    EXPECT_EQ(read_error(j), "rec.json: kexbench.ticks sample 2 18446744073709551615 is not a plausible cycle count");
    j = minimal_record();
    j["kexbench"] = ojson{{"health", ojson::array({ojson{{"trial", 1}, {"wall_s", 0.1}, {"cpu_s", -0.1}}})}};
    EXPECT_EQ(read_error(j), "rec.json: kexbench.health[0].cpu_s -0.1 is not a plausible time in seconds");

    // The largest real figures stay far inside the bounds.
    j = with_trials({{"measurements", 20000000}, {"seconds", 36000.0}, {"cycles", 1.8e14}});
    j["peak_rss_bytes"] = uint64_t(64) << 30;
    EXPECT_EQ(read_error(j), "(loaded)");
}

TEST(RecordJson, RefusesSamplesThatDoNotSplitIntoTrials)
{
    ojson j = minimal_record();
    j["kexbench"] = ojson{{"ticks", encode_samples({1, 2, 3})}, {"trial_sizes", {2}}};
    EXPECT_EQ(read_error(j), "rec.json: kexbench.trial_sizes add up to 2 but kexbench.ticks holds 3");
    j["kexbench"] = ojson{{"ticks", "!!!!"}};
    EXPECT_EQ(read_error(j), "rec.json: field 'kexbench.ticks': invalid base64: character '!' at offset 0");
}

TEST(RecordJson, RefusesNestingThatWouldExhaustTheStack)
{
    std::string deep(200, '[');
    auto r = detail::parse_json_text(deep + std::string(200, ']'), "deep.json");
    EXPECT_EQ(r.error(), "deep.json: invalid JSON: nested deeper than 128 levels");
    // Brackets inside strings do not count.
    auto ok = detail::parse_json_text(std::string("{\"a\": \"").append(deep).append("\\\"\"}"), "s.json");
    ASSERT_TRUE(ok.ok()) << ok.error();
}

// --------------------------------------------------------------------------
// Statistics

TEST(TrialStatistics, ReproduceTheHarnessDefinitions)
{
    Record r;
    // (measurements, seconds, cycles): per call 0.002 s/4 cy, 0.001 s/3 cy, 0.004 s/2 cy, 0.003 s/6 cy.
    r.trials = {{100, 0.2, 400.0}, {100, 0.1, 300.0}, {50, 0.2, 100.0}, {100, 0.3, 600.0}};
    compute_trial_statistics(r);
    EXPECT_EQ(r.measurements, 350u);
    EXPECT_TRUE(r.guide_100_measurements_met);
    EXPECT_DOUBLE_EQ(*r.mean_seconds, 0.8 / 350);      // S / n
    EXPECT_DOUBLE_EQ(*r.mean_cycles, 1400.0 / 350);    // C / n = 4
    EXPECT_DOUBLE_EQ(*r.median_trial_seconds, 0.0025); // (0.002 + 0.003) / 2
    EXPECT_DOUBLE_EQ(*r.median_trial_cycles, 3.5);     // (3 + 4) / 2
    EXPECT_DOUBLE_EQ(*r.min_trial_seconds, 0.001);
    EXPECT_DOUBLE_EQ(*r.max_trial_seconds, 0.004);
    EXPECT_DOUBLE_EQ(*r.operations_per_second, 350 / 0.8); // n / S
    EXPECT_FALSE(r.throughput_MB_per_second);              // input_bytes 0

    r.trials.pop_back();
    r.trials[1].cycles = 0.0; // one trial without a counter: no cycle figures at all
    r.input_bytes = 1000;
    compute_trial_statistics(r);
    EXPECT_EQ(r.measurements, 250u);
    EXPECT_DOUBLE_EQ(*r.median_trial_seconds, 0.002); // odd count: the middle one
    EXPECT_FALSE(r.mean_cycles);
    EXPECT_FALSE(r.median_trial_cycles);
    EXPECT_DOUBLE_EQ(*r.throughput_MB_per_second, 1000.0 * 250 / 0.5 / 1e6);

    r.trials = {{99, 1.0, std::nullopt}};
    compute_trial_statistics(r);
    EXPECT_FALSE(r.guide_100_measurements_met);
    EXPECT_FALSE(r.mean_cycles);
}

TEST(TrialStatistics, FlattensProcessTrialsWhenTheRecordHasNone)
{
    Record r;
    r.processes.resize(2);
    r.processes[0].trials = {{10, 1.0, 10.0}};
    r.processes[1].trials = {{30, 1.0, 90.0}};
    compute_trial_statistics(r);
    ASSERT_EQ(r.trials.size(), 2u);
    EXPECT_EQ(r.measurements, 40u);
    EXPECT_DOUBLE_EQ(*r.mean_cycles, 2.5);
    EXPECT_DOUBLE_EQ(*r.median_trial_cycles, 2.0); // (1 + 3) / 2
}

TEST(TrialStatistics, NoTrialsMeansNoFigures)
{
    Record r;
    r.mean_seconds = 1.0;
    compute_trial_statistics(r);
    EXPECT_EQ(r.measurements, 0u);
    EXPECT_FALSE(r.mean_seconds);
    EXPECT_FALSE(r.operations_per_second);
}

} // namespace
