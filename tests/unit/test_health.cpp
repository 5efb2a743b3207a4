// SPDX-License-Identifier: GPL-3.0-or-later
// The disturbance rules, the runner-answer check and the health block's
// round trip through a record, on values worked out by hand.
#include "core/campaign/health.h"
#include "core/data/record.h"
#include "core/campaign/runner_client.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <thread>
#include <time.h>
#include <fstream>
#include <unistd.h>

using namespace kexbench;
using nlohmann::json;

namespace {

TrialHealth clean_trial()
{
    TrialHealth h;
    h.cpu = 1;
    h.probe_before_ns = 100000;
    h.probe_after_ns = 101000;
    h.wall_s = 1.0;
    h.cpu_s = 0.999;
    h.runqueue_wait_s = 0.0005;
    h.steal_s = 0;
    return h;
}

json sound_answer(uint64_t samples, uint64_t dropped)
{
    json a = {{"ok", true},
              {"ticks", std::vector<uint64_t>(samples, 7)},
              {"ns", std::vector<uint64_t>(samples, 3)},
              {"dropped_tick_pairs", dropped},
              {"meta", json::array({json::array({"id", "x"})})},
              {"counter", "tsc"},
              {"counter_unit", "TSC ticks"},
              {"time_source", "tsc-derived"},
              {"core_cycles", false},
              {"counter_hz", 2.1e9},
              {"overhead", {{"min_ticks", 20}, {"min_ns", 9.5}}},
              {"baseline_rss_bytes", 1},
              {"peak_rss_bytes", 2},
              {"secret_mismatches", 0},
              {"passes_run", 2},
              {"audits", json::array()},
              {"health", json::parse(trial_health_json(clean_trial()).dump())}};
    return a;
}

} // namespace

TEST(Disturbance, ACleanTrialPassesEveryRule)
{
    TrialHealth h = clean_trial();
    judge_trial(h, 100000, std::nullopt);
    EXPECT_FALSE(h.disturbed) << h.reason;
    EXPECT_TRUE(h.reason.empty());
}

// 3 % is the limit: 102 900 ns against a fastest 100 000 ns passes, 103 500 does not.
TEST(Disturbance, AProbeMoreThanThreePercentSlowerThanTheFastestIsDisturbed)
{
    TrialHealth h = clean_trial();
    h.probe_after_ns = 102900;
    judge_trial(h, 100000, std::nullopt);
    EXPECT_FALSE(h.disturbed) << h.reason;
    h.probe_after_ns = 103500;
    judge_trial(h, 100000, std::nullopt);
    EXPECT_TRUE(h.disturbed);
    EXPECT_EQ(h.reason, "speed probe 3.5 % slower than the campaign's fastest on CPU 1");
}

TEST(Disturbance, LosingMoreThanOnePercentOfTheWallTimeIsDisturbed)
{
    TrialHealth waited = clean_trial();
    waited.cpu_s = 0.95;
    waited.runqueue_wait_s = 0.05;
    judge_trial(waited, 100000, std::nullopt);
    EXPECT_TRUE(waited.disturbed);
    EXPECT_EQ(waited.reason, "lost 5.0 % of its wall time (not running 5.0 %, run-queue wait 5.0 %, steal 0.0 %)");

    TrialHealth stolen = clean_trial();
    stolen.steal_s = 0.02; // steal can hide inside the thread's CPU time on some hypervisors
    judge_trial(stolen, 100000, std::nullopt);
    EXPECT_TRUE(stolen.disturbed);
    EXPECT_NE(stolen.reason.find("steal 2.0 %"), std::string::npos) << stolen.reason;

    TrialHealth edge = clean_trial();
    edge.cpu_s = 0.9901; // 0.99 %: within the rule
    judge_trial(edge, 100000, std::nullopt);
    EXPECT_FALSE(edge.disturbed) << edge.reason;
}

// The harness's PMU rule: cycles per second below 0.95 x the fixed clock.
TEST(Disturbance, APmuTrialBelowNinetyFivePercentOfTheFixedClockIsDisturbed)
{
    TrialHealth h = clean_trial();
    h.cycles_per_second = 2.9e9;
    judge_trial(h, 100000, 3.0e9);
    EXPECT_FALSE(h.disturbed) << h.reason;
    h.cycles_per_second = 2.8e9;
    judge_trial(h, 100000, 3.0e9);
    EXPECT_EQ(h.reason, "ran at 93.3 % of the fixed clock");
    judge_trial(h, 100000, std::nullopt); // no fixed clock known: no verdict from cycles
    EXPECT_FALSE(h.disturbed);
}

TEST(Disturbance, SeveralCausesAreAllNamed)
{
    TrialHealth h = clean_trial();
    h.probe_before_ns = 120000;
    h.cpu_s = 0.5;
    judge_trial(h, 100000, std::nullopt);
    EXPECT_TRUE(h.disturbed);
    EXPECT_NE(h.reason.find("speed probe 20.0 % slower"), std::string::npos) << h.reason;
    EXPECT_NE(h.reason.find("; lost 50.0 %"), std::string::npos) << h.reason;
}

TEST(Disturbance, TheProbeAndTheSnapshotsMeasureThisThread)
{
    const double probe = run_speed_probe(3);
    EXPECT_GT(probe, 0);
    const HealthSnapshot a = take_health_snapshot();
    volatile double x = 0;
    for (int i = 0; i < 2000000; ++i)
        x = x + 1;
    const HealthSnapshot b = take_health_snapshot();
    TrialHealth h = health_between(a, b, probe, probe);
    EXPECT_GT(h.cpu_s, 0) << "the thread's own CPU time over the span";
    EXPECT_EQ(fastest_probe_of(h), probe);
}

// Other threads of the instance using CPU during the trial: 5 % of a CPU is the limit.
TEST(Disturbance, OtherThreadsUsingMoreThanFivePercentOfACpuAreADisturbance)
{
    TrialHealth h = clean_trial();
    h.process_cpu_s = 1.039; // 0.04 s beyond the measuring thread's 0.999 s
    h.threads_before = h.threads_after = 2;
    judge_trial(h, 100000, std::nullopt);
    EXPECT_FALSE(h.disturbed) << h.reason;
    h.process_cpu_s = 1.479;
    judge_trial(h, 100000, std::nullopt);
    EXPECT_TRUE(h.disturbed);
    EXPECT_EQ(h.reason, "other threads of the instance used 48.0 % of a CPU during the trial "
                        "(2 threads before it, 2 after)");
    // A spinning thread on another CPU can take more than the wall time.
    h.process_cpu_s = 2.0;
    h.threads_after = 3;
    judge_trial(h, 100000, std::nullopt);
    EXPECT_EQ(h.reason, "other threads of the instance used 100.1 % of a CPU during the trial "
                        "(2 threads before it, 3 after)");
    // Records made before the process figures existed get no verdict from them.
    TrialHealth old = clean_trial();
    judge_trial(old, 100000, std::nullopt);
    EXPECT_FALSE(old.disturbed) << old.reason;
}

// A second thread that burns 30 ms of its own CPU time between the snapshots
// shows in the process figures and in the thread counts.
TEST(Disturbance, TheSnapshotsSeeAnotherThreadsCpuTime)
{
    const HealthSnapshot a = take_health_snapshot();
    std::atomic<bool> started{false};
    std::thread spinner([&] {
        started = true;
        timespec t{};
        do
            ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        while (t.tv_sec == 0 && t.tv_nsec < 30000000);
    });
    while (!started)
        std::this_thread::yield();
    const HealthSnapshot during = take_health_snapshot();
    spinner.join();
    const HealthSnapshot b = take_health_snapshot();
    TrialHealth h = health_between(a, b, 1000, 1000);
    ASSERT_TRUE(h.process_cpu_s.has_value());
    EXPECT_GE(*h.process_cpu_s - h.cpu_s, 0.03) << "the spinner's 30 ms";
    ASSERT_TRUE(a.threads && during.threads && b.threads);
    EXPECT_EQ(*during.threads, *a.threads + 1);
    EXPECT_EQ(*b.threads, *a.threads);
}

TEST(Disturbance, CpuPressureIsReadFromThePsiFile)
{
    char name[] = "/tmp/kexbench-psi-XXXXXX";
    const int fd = ::mkstemp(name);
    ASSERT_GE(fd, 0);
    ::close(fd);
    std::ofstream(name) << "some avg10=7.14 avg60=12.50 avg300=1.84 total=7012338\n"
                           "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
    EXPECT_EQ(cpu_pressure_some_avg60(name), 12.5);
    std::ofstream(name) << "garbage\n";
    EXPECT_FALSE(cpu_pressure_some_avg60(name).has_value());
    std::remove(name);
    EXPECT_FALSE(cpu_pressure_some_avg60("/nonexistent/pressure").has_value());
}

TEST(RunnerAnswer, ASoundAnswerPasses)
{
    EXPECT_EQ(measure_answer_problem(sound_answer(10, 0), 10), "");
    EXPECT_EQ(measure_answer_problem(sound_answer(9, 1), 10), "") << "dropped pairs count towards the iterations";
}

TEST(RunnerAnswer, EachKindOfForgeryIsNamed)
{
    EXPECT_EQ(measure_answer_problem(json(), 10), "no JSON object");
    EXPECT_EQ(measure_answer_problem(sound_answer(10, 0), 11),
              "10 samples and 0 dropped tick pairs for 11 iterations asked");
    json a = sound_answer(10, 0);
    a["ticks"][3] = -1;
    EXPECT_EQ(measure_answer_problem(a, 10), "field 'ticks' is not an array of unsigned integers");
    a = sound_answer(10, 0);
    a["ns"].push_back(1);
    EXPECT_EQ(measure_answer_problem(a, 10), "10 tick samples but 11 time samples");
    a = sound_answer(10, 0);
    a["meta"] = json::array({json::array({"id", 5})});
    EXPECT_EQ(measure_answer_problem(a, 10), "field 'meta' is not an array of string pairs");
    a = sound_answer(10, 0);
    a.erase("health");
    EXPECT_EQ(measure_answer_problem(a, 10), "field 'health' is missing");
    a = sound_answer(10, 0);
    a["health"]["wall_s"] = "long";
    EXPECT_NE(measure_answer_problem(a, 10).find("wall_s"), std::string::npos) << measure_answer_problem(a, 10);
    a = sound_answer(10, 0);
    a["counter_hz"] = -5;
    EXPECT_EQ(measure_answer_problem(a, 10), "field 'counter_hz' is not a number >= 0");
    // Past the record reader's bounds: written, such a record could not be read back.
    a = sound_answer(10, 0);
    a["ticks"][2] = uint64_t{1} << 63;
    EXPECT_EQ(measure_answer_problem(a, 10), "tick sample 2 is 9223372036854775808, beyond any real measurement");
    a = sound_answer(10, 0);
    a["ns"][4] = uint64_t{1} << 60;
    EXPECT_EQ(measure_answer_problem(a, 10), "time sample 4 is 1152921504606846976, beyond any real measurement");
}

TEST(RecordHealth, TheHealthBlockAndRetriedAttemptsSurviveARoundTrip)
{
    Record r;
    r.status = "complete";
    r.label = "X";
    r.operation = "exchange";
    RecordSamples s;
    s.ticks = {5, 6};
    s.ns = {2, 3};
    s.trial_sizes = {2};
    TrialHealth h = clean_trial();
    h.trial = 1;
    h.attempt = 1;
    h.cycles_per_second = 2.5e9;
    s.health = {h};
    RetriedAttempt retried;
    retried.health = clean_trial();
    retried.health.disturbed = true;
    retried.health.reason = "lost 5.0 % of its wall time";
    retried.totals = {3, 0.5, 30.0};
    retried.ticks = {9, 10, 11};
    retried.ns = {4, 5, 6};
    s.retried = {retried};
    s.disturbed = true;
    s.dropped_tick_pairs = 2;
    s.probe_fastest_ns = 99000;
    r.kexbench = s;

    auto back = record_from_json(record_to_json(r), "round trip");
    ASSERT_TRUE(back.ok()) << back.error();
    const RecordSamples &k = *back->kexbench;
    ASSERT_EQ(k.health.size(), 1u);
    EXPECT_EQ(k.health[0].attempt, 1);
    EXPECT_EQ(k.health[0].cycles_per_second, 2.5e9);
    EXPECT_EQ(k.health[0].runqueue_wait_s, 0.0005);
    ASSERT_EQ(k.retried.size(), 1u);
    EXPECT_TRUE(k.retried[0].health.disturbed);
    EXPECT_EQ(k.retried[0].health.reason, "lost 5.0 % of its wall time");
    EXPECT_EQ(k.retried[0].ticks, (std::vector<uint64_t>{9, 10, 11}));
    EXPECT_EQ(k.retried[0].totals.measurements, 3u);
    EXPECT_TRUE(k.disturbed);
    EXPECT_EQ(k.dropped_tick_pairs, 2u);
    EXPECT_EQ(k.probe_fastest_ns, 99000);
    EXPECT_TRUE(k.extra.empty()) << k.extra.dump();
}

// The process CPU time and thread counts are kept, and a health block without them (older records) still loads.
TEST(RecordHealth, TheOtherThreadFiguresRoundTripAndAreOptional)
{
    TrialHealth h = clean_trial();
    h.process_cpu_s = 1.5;
    h.threads_before = 2;
    h.threads_after = 3;
    auto back = trial_health_from_json(trial_health_json(h), "answer");
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->process_cpu_s, 1.5);
    EXPECT_EQ(back->threads_before, 2);
    EXPECT_EQ(back->threads_after, 3);

    nlohmann::ordered_json old = trial_health_json(clean_trial());
    for (const char *key : {"process_cpu_s", "threads_before", "threads_after"})
        old.erase(key);
    auto loaded = trial_health_from_json(old, "old record");
    ASSERT_TRUE(loaded.ok()) << loaded.error();
    EXPECT_FALSE(loaded->process_cpu_s);
    EXPECT_FALSE(loaded->threads_before);

    old["process_cpu_s"] = -3.0;
    EXPECT_EQ(trial_health_from_json(old, "answer").error(),
              "answer: health.process_cpu_s -3 is not a plausible time in seconds");
}
