// SPDX-License-Identifier: GPL-3.0-or-later
// The runner protocol (core/campaign/runner_protocol.h): each answer survives
// to_json and its from_json unchanged, and from_json refuses a missing field,
// a wrong type and an impossible count, naming the field.
#include "core/campaign/runner_protocol.h"

#include <gtest/gtest.h>

#include <string>

using namespace kexbench;
using nlohmann::json;

namespace {

InstanceInfo some_instance()
{
    InstanceInfo info;
    info.meta.instance = "X25519-NIKE";
    info.meta.display_name = "X25519";
    info.machine = "x86_64";
    info.elf_load_bytes = 4096;
    return info;
}

MeasureAnswer some_measure()
{
    MeasureAnswer a;
    a.ok = true;
    a.meta = {{"instance", "X25519-NIKE"}, {"pk_bytes", "32"}};
    a.ticks = {70, 71, 72};
    a.ns = {30, 31, 32};
    a.counter = "tsc";
    a.counter_unit = "TSC ticks";
    a.time_source = "tsc-derived";
    a.counter_hz = 2.1e9;
    a.overhead = {100000, 20, 22, 9.5};
    a.baseline_rss_bytes = 1 << 20;
    a.peak_rss_bytes = 2 << 20;
    a.warmups = 2;
    a.passes_run = 2;
    a.msg_bytes = {32, 32};
    a.audits = {"pass2 never wrote its message length m2_len; counted as 0 bytes"};
    a.dropped_tick_pairs = 1;
    a.health.cpu = 1;
    a.health.wall_s = 0.5;
    return a;
}

ProfileAnswer some_profile()
{
    ProfileAnswer a;
    a.ok = true;
    a.meta = {{"instance", "SM2-KEX"}};
    a.operations = 10;
    a.total_ticks = 5000;
    a.calls = {{"sm3hash", 512, 256, 40, 1200}, {"drng", 0, 256, 10, 300}};
    a.tick_source = "tsc";
    a.tick_hz = 2.1e9;
    a.warmups = 1;
    return a;
}

MemoryAnswer some_memory()
{
    MemoryAnswer a;
    a.instance_name = "X25519-NIKE";
    a.stack_bytes = 2048;
    a.heap = HeapAnswer{8, 640, 16, 1280, 2, 2};
    return a;
}

CtAnswer some_ct()
{
    CtAnswer a;
    a.instance_name = "X25519-NIKE";
    a.counter = "tsc";
    a.counter_unit = "TSC ticks";
    a.stop = "budget";
    a.elapsed_s = 1.5;
    a.ticks = {100, 101, 99, 102};
    a.classes = {0, 1, 1, 0};
    return a;
}

KatAnswer some_kat()
{
    KatAnswer a;
    a.status = "complete";
    a.records = 100;
    a.exchange_ms_avg = 0.25;
    a.instance = some_instance();
    return a;
}

// The error of a from_json on `j`, or "accepted".
template <class F>
std::string refusal(F from_json, const json &j)
{
    auto r = from_json(j);
    return r ? std::string("accepted") : r.error();
}

} // namespace

// Every answer goes to JSON and back unchanged: writing the read answer gives the same text.
TEST(RunnerProtocol, EachAnswerRoundTrips)
{
    const json measure = to_json(some_measure());
    auto m = measure_answer_from_json(measure);
    ASSERT_TRUE(m) << m.error();
    EXPECT_EQ(to_json(*m).dump(), measure.dump());
    EXPECT_EQ(m->ticks, some_measure().ticks);
    EXPECT_EQ(m->meta, some_measure().meta);

    const json profile = to_json(some_profile());
    auto p = profile_answer_from_json(profile);
    ASSERT_TRUE(p) << p.error();
    EXPECT_EQ(to_json(*p).dump(), profile.dump());

    const json memory = to_json(some_memory());
    auto mem = memory_answer_from_json(memory);
    ASSERT_TRUE(mem) << mem.error();
    EXPECT_EQ(to_json(*mem).dump(), memory.dump());

    const json ct = to_json(some_ct());
    auto c = ct_answer_from_json(ct);
    ASSERT_TRUE(c) << c.error();
    EXPECT_EQ(to_json(*c).dump(), ct.dump());
    EXPECT_EQ(c->classes, some_ct().classes);

    const json kat = to_json(some_kat());
    auto k = kat_answer_from_json(kat);
    ASSERT_TRUE(k) << k.error();
    EXPECT_EQ(to_json(*k).dump(), kat.dump());
    EXPECT_EQ(k->instance.meta.instance, "X25519-NIKE");

    const json describe = to_json(DescribeAnswer{some_instance()});
    auto d = describe_answer_from_json(describe);
    ASSERT_TRUE(d) << d.error();
    EXPECT_EQ(to_json(*d).dump(), describe.dump());
}

// A failed answer keeps its reason on the wire, and a failed memory answer both passes' reasons.
TEST(RunnerProtocol, FailedAnswersCarryTheirReasons)
{
    MeasureAnswer m = some_measure();
    m.ok = false;
    m.reason = "pass2 failed";
    const json mj = to_json(m);
    EXPECT_EQ(mj["status"], "failed");
    EXPECT_EQ(measure_answer_from_json(mj)->reason, "pass2 failed");

    MemoryAnswer mem;
    mem.stack_reason = "cannot map a probe stack";
    mem.heap_reason = "not asked for (--passes stack)";
    const json memj = to_json(mem);
    EXPECT_EQ(memj["ok"], false);
    EXPECT_EQ(memj["reason"], "cannot map a probe stack; not asked for (--passes stack)");
    auto back = memory_answer_from_json(memj);
    ASSERT_TRUE(back) << back.error();
    EXPECT_FALSE(back->stack_bytes);
    EXPECT_FALSE(back->heap);
    EXPECT_EQ(to_json(*back).dump(), memj.dump());

    KatAnswer k = some_kat();
    k.status = "cryptofail";
    k.reason = "record 3: shared secrets differ";
    EXPECT_EQ(to_json(k)["ok"], false);
    EXPECT_EQ(kat_answer_from_json(to_json(k))->reason, k.reason);

    EXPECT_EQ(ct_failure_json("no counter").dump(), R"({"ok":false,"reason":"no counter","status":"failed"})");
    EXPECT_EQ(to_json(ErrorAnswer{"cannot load", std::nullopt}).dump(), R"({"error":"cannot load","ok":false})");
}

// The keys and value types the parent and older records know, written as before.
TEST(RunnerProtocol, TheWireFormatKeepsItsKeys)
{
    const json m = to_json(some_measure());
    for (const char *key : {"ok",
                            "status",
                            "meta",
                            "ticks",
                            "ns",
                            "counter",
                            "counter_unit",
                            "core_cycles",
                            "counter_hz",
                            "time_source",
                            "overhead",
                            "baseline_rss_bytes",
                            "peak_rss_bytes",
                            "secret_mismatches",
                            "warmups",
                            "passes_run",
                            "msg_bytes",
                            "audits",
                            "dropped_tick_pairs",
                            "health"})
        EXPECT_TRUE(m.contains(key)) << key;
    EXPECT_EQ(m.size(), 20u) << m.dump();
    EXPECT_TRUE(m["overhead"]["min_ticks"].is_number_unsigned());
    EXPECT_TRUE(m["counter_hz"].is_number_float());
    EXPECT_EQ(m["meta"][0], json::array({"instance", "X25519-NIKE"}));
    const json ct = to_json(some_ct());
    EXPECT_TRUE(ct["ticks"].is_string()) << "ct samples go in the compact encoding";
}

TEST(RunnerProtocol, AMissingFieldIsNamed)
{
    json m = to_json(some_measure());
    m.erase("counter_unit");
    EXPECT_EQ(refusal(measure_answer_from_json, m), "field 'counter_unit' is missing");
    json p = to_json(some_profile());
    p["total"].erase("ticks");
    EXPECT_EQ(refusal(profile_answer_from_json, p), "field 'total.ticks' is missing");
    json c = to_json(some_ct());
    c.erase("stop");
    EXPECT_EQ(refusal(ct_answer_from_json, c), "field 'stop' is missing");
    json k = to_json(some_kat());
    k.erase("instance");
    EXPECT_EQ(refusal(kat_answer_from_json, k), "field 'instance' is missing");
    json mem = to_json(some_memory());
    mem["heap"].erase("peak_bytes");
    EXPECT_EQ(refusal(memory_answer_from_json, mem), "field 'heap.peak_bytes' is missing");
    EXPECT_EQ(refusal(describe_answer_from_json, json{{"ok", true}}), "field 'instance' is missing");
    EXPECT_EQ(refusal(measure_answer_from_json, json::array()), "no JSON object");
}

TEST(RunnerProtocol, AWrongTypeIsNamed)
{
    json m = to_json(some_measure());
    m["audits"] = "none";
    EXPECT_EQ(refusal(measure_answer_from_json, m), "field 'audits' is not an array of strings");
    m = to_json(some_measure());
    m["core_cycles"] = 1;
    EXPECT_EQ(refusal(measure_answer_from_json, m), "field 'core_cycles' is not a boolean");
    json p = to_json(some_profile());
    p["calls"][1]["fn"] = 7;
    EXPECT_EQ(refusal(profile_answer_from_json, p), "field 'calls.1.fn' is not a string");
    json c = to_json(some_ct());
    c["classes"] = json::array({0, 1});
    EXPECT_EQ(refusal(ct_answer_from_json, c), "field 'classes' is not a string");
    json k = to_json(some_kat());
    k["status"] = true;
    EXPECT_EQ(refusal(kat_answer_from_json, k), "field 'status' is not a string");
    json mem = to_json(some_memory());
    mem["heap"] = "big";
    EXPECT_EQ(refusal(memory_answer_from_json, mem), "field 'heap' is not an object");
    json d = to_json(DescribeAnswer{some_instance()});
    d["instance"]["meta"] = 5;
    EXPECT_NE(refusal(describe_answer_from_json, d).find("field 'instance' is malformed: "), std::string::npos)
        << refusal(describe_answer_from_json, d);
}

// Counts are unsigned and fit 64 bits: a negative one or one past 2^64 (read as a float) is refused.
TEST(RunnerProtocol, ANegativeOrOverflowingCountIsNamed)
{
    json m = to_json(some_measure());
    m["dropped_tick_pairs"] = -1;
    EXPECT_EQ(refusal(measure_answer_from_json, m), "field 'dropped_tick_pairs' is not an unsigned integer");
    m = to_json(some_measure());
    m["peak_rss_bytes"] = json::parse("18446744073709551616");
    EXPECT_EQ(refusal(measure_answer_from_json, m), "field 'peak_rss_bytes' is not an unsigned integer");
    m = to_json(some_measure());
    m["ns"][1] = -3;
    EXPECT_EQ(refusal(measure_answer_from_json, m), "field 'ns' is not an array of unsigned integers");
    json p = to_json(some_profile());
    p["calls"][0]["calls"] = -40;
    EXPECT_EQ(refusal(profile_answer_from_json, p), "field 'calls.0.calls' is not an unsigned integer");
    json c = to_json(some_ct());
    c["dropped_tick_pairs"] = json::parse("1e30");
    EXPECT_EQ(refusal(ct_answer_from_json, c), "field 'dropped_tick_pairs' is not an unsigned integer");
    json k = to_json(some_kat());
    k["records"] = -5;
    EXPECT_EQ(refusal(kat_answer_from_json, k), "field 'records' is not a count >= 0");
    k["records"] = json::parse("9223372036854775808");
    EXPECT_EQ(refusal(kat_answer_from_json, k), "field 'records' is not an integer");
    json mem = to_json(some_memory());
    mem["stack_bytes"] = -2048;
    EXPECT_EQ(refusal(memory_answer_from_json, mem), "field 'stack_bytes' is not an unsigned integer");
}

// The ct answer's sample strings must decode to as many classes as ticks, each 0 or 1.
TEST(RunnerProtocol, CtSamplesAreChecked)
{
    CtAnswer a = some_ct();
    a.classes.pop_back();
    EXPECT_EQ(refusal(ct_answer_from_json, to_json(a)), "ticks and classes differ in count");
    a = some_ct();
    a.classes[2] = 2;
    EXPECT_EQ(refusal(ct_answer_from_json, to_json(a)), "a class other than 0 or 1");
    json j = to_json(some_ct());
    j["ticks"] = "not samples";
    EXPECT_EQ(refusal(ct_answer_from_json, j).rfind("field 'ticks': ", 0), 0u) << refusal(ct_answer_from_json, j);
}

// A failed child's META still reaches its record: pairs of strings are kept, the rest skipped.
TEST(RunnerProtocol, AnswerMetaIsLenient)
{
    const json j = {{"meta", json::array({json::array({"instance", "A"}), json::array({"x", 5}), "y"})}};
    EXPECT_EQ(answer_meta(j), (AnswerMeta{{"instance", "A"}}));
    EXPECT_TRUE(answer_meta(json()).empty());
}
