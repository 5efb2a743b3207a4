// SPDX-License-Identifier: GPL-3.0-or-later
// Disturbed trials with real runner children: a fixture that slows chosen
// children down (sleeping, or a second thread spinning on its CPU), a CPU hog
// started by the test on the measuring CPU, and a runner whose answers are
// tampered with. What the records must say about each.
#include "cli_helpers.h"

#include "core/base/affinity.h"
#include "core/base/fsutil.h"
#include "core/campaign/campaign.h"
#include "core/data/dataset.h"
#include "core/data/record.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

// The CPU the campaigns are pinned to: the last one, away from CPU 0's interrupts.
int measuring_cpu() { return std::max(0, default_measuring_cpu()); }

ProcessResult run_cli_env(const std::vector<std::string> &args, const std::vector<std::string> &env,
                          int timeout_s = 240)
{
    ProcessSpec spec;
    spec.argv.push_back(cli_path());
    spec.argv.insert(spec.argv.end(), args.begin(), args.end());
    spec.timeout = std::chrono::seconds(timeout_s);
    spec.extra_env.push_back(std::string("KEXBENCH_INSTANCE_PATH=") + KEXBENCH_FIXTURE_DIR);
    spec.extra_env.insert(spec.extra_env.end(), env.begin(), env.end());
    return run_process(spec);
}

// Five trials of disturbed-2p's exchange in harness order, pinned, each about 0.05 s.
std::vector<std::string> campaign_args(const std::string &out, int retries)
{
    return {"run",
            "--instance",
            "disturbed-2p",
            "--op",
            "exchange",
            "--order",
            "harness",
            "--trials",
            "5",
            "--target",
            "0.05",
            "--retries",
            std::to_string(retries),
            "--cpu",
            std::to_string(measuring_cpu()),
            "--no-memory",
            "--no-kat",
            "--no-profile",
            "--out",
            out};
}

Record exchange_record(const std::string &out)
{
    auto rec = read_record_file(out + "/records/disturbed/disturbed-2p__exchange.json");
    EXPECT_TRUE(rec.ok()) << rec.error();
    return rec.ok() ? *rec : Record{};
}

std::vector<std::string> disturb(const TempDir &dir, const std::string &ordinals, const std::string &mode)
{
    return {"KEXBENCH_TEST_DISTURB_COUNTER=" + dir / "ordinals", "KEXBENCH_TEST_DISTURB_TRIALS=" + ordinals,
            "KEXBENCH_TEST_DISTURB_MODE=" + mode};
}

const RetriedAttempt *retried_attempt(const RecordSamples &k, int trial, int attempt)
{
    for (const auto &r : k.retried)
        if (r.health.trial == trial && r.health.attempt == attempt)
            return &r;
    return nullptr;
}

// A busy loop pinned to one CPU, for as long as the object lives.
class CpuHog {
public:
    explicit CpuHog(int cpu)
    {
        pid_ = ::fork();
        if (pid_ == 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(cpu, &set);
            ::sched_setaffinity(0, sizeof set, &set);
            volatile unsigned long x = 1;
            for (;;)
                x = x * 3 + 1;
        }
    }
    ~CpuHog()
    {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    bool started() const { return pid_ > 0; }

private:
    pid_t pid_ = -1;
};

} // namespace

// The second measuring child sleeps in every pass2 (a voluntary context
// switch per iteration): it is judged disturbed by the time it spent off the
// CPU, run again, and the record keeps both attempts. Other trials may be
// retried too when the machine is busy; the sleeping attempt is found by its
// switches, not by its position. A sleep is not always counted as a switch:
// when the host stalls the guest past the 200 us timer, the thread finds it
// expired and never leaves the CPU (CI saw the sleeping attempt a few short of
// one per iteration). Half the iterations still sets it far apart from a
// compute-only attempt, which blocks a handful of times at most.
TEST(Disturbance, ATrialThatSleepsIsRetriedAndBothAttemptsAreRecorded)
{
    TempDir dir;
    ProcessResult r = run_cli_env(campaign_args(dir / "camp", 3), disturb(dir, "2", "sleep"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const Record rec = exchange_record(dir / "camp");
    ASSERT_TRUE(rec.kexbench);
    const RecordSamples &k = *rec.kexbench;
    EXPECT_EQ(rec.status, "complete");
    ASSERT_EQ(k.health.size(), 5u);
    ASSERT_EQ(rec.processes.size(), 5u);
    const uint64_t iterations = rec.plan.iterations_per_trial;

    auto slept = [&](const TrialHealth &h) { return 2 * h.voluntary_switches >= iterations; };
    std::string attempts_seen; // for a failure message: every attempt's switches and verdict
    auto describe = [&](const TrialHealth &h) {
        attempts_seen += "\n  trial " + std::to_string(h.trial) + " attempt " + std::to_string(h.attempt) + ": " +
                         std::to_string(h.voluntary_switches) + " voluntary switches, " +
                         (h.disturbed ? "disturbed (" + h.reason + ")" : std::string("clean"));
    };
    for (const auto &a : k.retried)
        describe(a.health);
    for (const auto &h : k.health)
        describe(h);
    int sleeping_attempts = 0;
    for (const auto &a : k.retried)
        if (slept(a.health)) {
            ++sleeping_attempts;
            EXPECT_TRUE(a.health.disturbed);
            EXPECT_NE(a.health.reason.find("of its wall time"), std::string::npos) << a.health.reason;
            EXPECT_EQ(a.ticks.size(), a.totals.measurements);
            EXPECT_EQ(a.totals.measurements, iterations);
        }
    EXPECT_EQ(sleeping_attempts, 1) << "the sleeping child must be retried and kept in the record; " << iterations
                                    << " iterations per trial; attempts:" << attempts_seen;
    for (const auto &h : k.health)
        EXPECT_FALSE(slept(h)) << "trial " << h.trial << " kept the sleeping attempt; attempts:" << attempts_seen;

    // Every retry is counted where the harness counts it, and every attempt is kept.
    int attempts = 0;
    for (size_t t = 0; t < k.health.size(); ++t) {
        attempts += k.health[t].attempt;
        EXPECT_EQ(rec.processes[t].disturbed_retries, k.health[t].attempt);
    }
    EXPECT_GE(rec.disturbed_retries, 1);
    EXPECT_EQ(rec.disturbed_retries, attempts);
    EXPECT_EQ(k.retried.size(), static_cast<size_t>(attempts));
    // The published-method figures use the kept trials only.
    EXPECT_EQ(rec.measurements, 5 * iterations);
}

// A second thread spinning on the measuring CPU in every attempt of trial 1:
// all four attempts are disturbed (run-queue wait), and the record says so.
TEST(Disturbance, ATrialThatNeverRunsCleanMarksTheRecordDisturbed)
{
    TempDir dir;
    ProcessResult r = run_cli_env(campaign_args(dir / "camp", 3), disturb(dir, "1,2,3,4", "spin"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const Record rec = exchange_record(dir / "camp");
    ASSERT_TRUE(rec.kexbench);
    const RecordSamples &k = *rec.kexbench;
    ASSERT_EQ(k.health.size(), 5u);
    EXPECT_TRUE(k.health[0].disturbed);
    EXPECT_EQ(k.health[0].attempt, 3);
    EXPECT_NE(k.health[0].reason.find("run-queue wait"), std::string::npos) << k.health[0].reason;
    EXPECT_NE(k.health[0].reason.find("other threads of the instance used"), std::string::npos) << k.health[0].reason;
    for (int attempt = 0; attempt < 3; ++attempt)
        EXPECT_NE(retried_attempt(k, 1, attempt), nullptr) << "attempt " << attempt;
    EXPECT_TRUE(k.disturbed);
    EXPECT_NE(k.reason.find("disturbed"), std::string::npos) << k.reason;
    EXPECT_NE(r.out.find("trial attempts were disturbed"), std::string::npos) << r.out;
}

// A thread the instance leaves spinning, the children not pinned: the spinner
// may get a CPU of its own, so the run queue need not show it, but the
// process's CPU time beyond the measuring thread's does. Trial 1's attempts
// (children 1 and 2) are flagged with that reason and retried; the record
// says it stayed disturbed.
TEST(Disturbance, AThreadLeftSpinningByTheInstanceIsFlaggedAndRetried)
{
    TempDir dir;
    std::vector<std::string> args = campaign_args(dir / "camp", 1);
    const auto cpu = std::find(args.begin(), args.end(), "--cpu");
    ASSERT_NE(cpu, args.end());
    args.erase(cpu, cpu + 2);
    args[8] = "2"; // --trials 2
    ProcessResult r = run_cli_env(args, disturb(dir, "1,2", "spin"));
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const Record rec = exchange_record(dir / "camp");
    ASSERT_TRUE(rec.kexbench);
    const RecordSamples &k = *rec.kexbench;
    ASSERT_EQ(k.health.size(), 2u);
    const TrialHealth &kept = k.health[0];
    EXPECT_TRUE(kept.disturbed);
    EXPECT_EQ(kept.attempt, 1);
    EXPECT_NE(kept.reason.find("other threads of the instance used "), std::string::npos) << kept.reason;
    EXPECT_NE(kept.reason.find(" % of a CPU during the trial ("), std::string::npos) << kept.reason;
    const RetriedAttempt *first = retried_attempt(k, 1, 0);
    ASSERT_NE(first, nullptr);
    EXPECT_NE(first->health.reason.find("other threads of the instance used "), std::string::npos)
        << first->health.reason;
    ASSERT_TRUE(kept.process_cpu_s && kept.threads_before);
    EXPECT_GT(*kept.process_cpu_s, kept.cpu_s);
    // The second trial's children start no thread: nothing of the kind is said about it.
    EXPECT_EQ(k.health[1].reason.find("other threads"), std::string::npos) << k.health[1].reason;
    ASSERT_TRUE(k.health[1].threads_before);
    EXPECT_EQ(*kept.threads_before, *k.health[1].threads_before + 1) << "the spinner is one more thread";
    EXPECT_TRUE(k.disturbed);
    EXPECT_NE(r.out.find("trial attempts were disturbed"), std::string::npos) << r.out;
}

// A CPU hog started on the measuring CPU: every attempt of every trial is detected.
TEST(Disturbance, AHogOnTheMeasuringCpuIsDetectedInEveryTrial)
{
    TempDir dir;
    CpuHog hog(measuring_cpu());
    ASSERT_TRUE(hog.started());
    std::vector<std::string> args = campaign_args(dir / "camp", 1);
    args[8] = "2"; // --trials 2
    args[10] = "0.1";
    ProcessResult r = run_cli_env(args, {});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const Record rec = exchange_record(dir / "camp");
    ASSERT_TRUE(rec.kexbench);
    const RecordSamples &k = *rec.kexbench;
    ASSERT_EQ(k.health.size(), 2u);
    ASSERT_EQ(k.retried.size(), 2u);
    for (const auto &h : k.health) {
        EXPECT_TRUE(h.disturbed) << "trial " << h.trial;
        ASSERT_TRUE(h.runqueue_wait_s.has_value());
        EXPECT_NE(h.reason.find("run-queue wait"), std::string::npos) << "trial " << h.trial << ": " << h.reason;
    }
    for (const auto &a : k.retried)
        EXPECT_TRUE(a.health.disturbed);
    EXPECT_TRUE(k.disturbed);
}

// A runner whose measure answers are tampered with (forged sample types, one
// sample more than the iterations asked): the record is failed with the reason.
TEST(Disturbance, AMalformedRunnerAnswerBecomesAFailedRecord)
{
    const std::pair<const char *, const char *> cases[] = {
        {R"(s/"ticks":\[/"ticks":["forged",/)", "field 'ticks' is not an array of unsigned integers"},
        {R"(s/"ns":\[/"ns":[7,/; s/"ticks":\[/"ticks":[7,/)", "dropped tick pairs for"},
        {R"(s/"health":{[^}]*}/"health":"fine"/)", "field 'health' is not an object"},
    };
    for (const auto &[edit, expected] : cases) {
        TempDir dir;
        const std::string script = dir / "tampering-runner";
        ASSERT_TRUE(write_file_atomic(script, "#!/bin/sh\n"
                                              "real='" +
                                                  std::string(KEXBENCH_BIN_DIR) +
                                                  "/kexbench-runner'\n"
                                                  "case \" $* \" in\n"
                                                  "  *' measure '*' --iterations 1 '*) exec \"$real\" \"$@\" ;;\n"
                                                  "  *' measure '*) out=$(\"$real\" \"$@\"); rc=$?\n"
                                                  "    printf '%s\\n' \"$out\" | sed '" +
                                                  edit +
                                                  "'; exit $rc ;;\n"
                                                  "esac\n"
                                                  "exec \"$real\" \"$@\"\n")
                        .ok());
        fs::permissions(script, fs::perms::owner_all);
        ProcessResult r = run_cli_env(campaign_args(dir / "camp", 0), {"KEXBENCH_RUNNER=" + script});
        EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
        EXPECT_NE(r.out.find("1 record(s) written, 0 resumed, 1 failed"), std::string::npos) << r.out << r.err;
        const Record rec = exchange_record(dir / "camp");
        EXPECT_EQ(rec.status, "failed_or_partial");
        ASSERT_TRUE(rec.kexbench);
        EXPECT_NE(rec.kexbench->reason.find("runner answer rejected: "), std::string::npos) << rec.kexbench->reason;
        EXPECT_NE(rec.kexbench->reason.find(expected), std::string::npos) << rec.kexbench->reason;
        EXPECT_TRUE(rec.kexbench->ticks.empty()) << "a rejected answer's samples must not be used";
    }
}

namespace {

struct ProgressEvent {
    CampaignEvent::Kind kind;
    double fraction, eta;
    std::string message;
    std::string instance;
};

class ProgressLog : public CampaignObserver {
public:
    void on_event(const CampaignEvent &e) override
    {
        events.push_back({e.kind, e.fraction_done, e.eta_s, e.message, e.instance});
    }
    std::vector<ProgressEvent> events;
};

// setenv for the runner children of an in-process campaign, undone on scope exit.
class ScopedEnv {
public:
    explicit ScopedEnv(const std::vector<std::string> &assignments)
    {
        for (const auto &a : assignments) {
            const auto eq = a.find('=');
            names_.push_back(a.substr(0, eq));
            ::setenv(names_.back().c_str(), a.substr(eq + 1).c_str(), 1);
        }
    }
    ~ScopedEnv()
    {
        for (const auto &n : names_)
            ::unsetenv(n.c_str());
    }
    ScopedEnv(const ScopedEnv &) = delete;
    ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
    std::vector<std::string> names_;
};

std::string progress_trace(const std::vector<ProgressEvent> &events)
{
    std::string out;
    for (const auto &e : events)
        out += "\n  kind " + std::to_string(e.kind) + " " + std::to_string(e.fraction * 100) + " % ETA " +
               std::to_string(e.eta) + " s " + e.message;
    return out;
}

} // namespace

// Issue 33 item 6: a retried trial and the stack child are part of the plan
// the bar shows. Every trial child, a retry too, moves the bar; the bar reaches
// 100 % with the Finished event and not before (the stack child and the
// record still to come), and until then the ETA says there is work left.
TEST(Disturbance, ProgressCountsEveryRetryAndReachesTheEndOnlyWhenTheCampaignDoes)
{
    TempDir dir;
    ScopedEnv env(disturb(dir, "2", "sleep"));
    CampaignOptions o;
    o.libraries = {fixture("disturbed-2p")};
    o.operations = {"exchange"};
    o.order = "harness";
    o.planning.trials = 5;
    o.planning.trial_target_s = 0.05;
    o.retries = 3;
    o.cpu = measuring_cpu();
    o.kat = false;
    o.profile = false;
    o.stack = true;
    o.out_dir = dir / "camp";
    ProgressLog log;
    std::atomic<bool> cancel{false};
    auto summary = run_campaign(o, log, cancel);
    ASSERT_TRUE(summary.ok()) << summary.error();
    const std::string trace = progress_trace(log.events);
    ASSERT_FALSE(log.events.empty());
    ASSERT_EQ(log.events.back().kind, CampaignEvent::Finished);
    EXPECT_DOUBLE_EQ(log.events.back().fraction, 1.0);

    const Record rec = exchange_record(dir / "camp");
    ASSERT_TRUE(rec.kexbench);
    ASSERT_GE(rec.disturbed_retries, 1) << "the sleeping trial must have been retried" << trace;
    // Until the record is first written, every trial child (a retry too) moves
    // the bar and leaves work to come (the memory child, the record). The
    // end-of-campaign sweep may then queue more retries: the bar holds below
    // 100 % while they run, and each is still counted as a trial child.
    int trials_done = 0;
    bool written = false;
    double last_trial_fraction = 0, last_fraction = 0;
    for (size_t i = 0; i + 1 < log.events.size(); ++i) {
        const ProgressEvent &e = log.events[i];
        EXPECT_LT(e.fraction, 1.0) << "event " << i << " before the end shows 100 %" << trace;
        EXPECT_GE(e.fraction, last_fraction) << "event " << i << trace;
        last_fraction = e.fraction;
        written = written || e.kind == CampaignEvent::RecordWritten;
        if (e.kind != CampaignEvent::TrialDone)
            continue;
        ++trials_done;
        if (written)
            continue;
        EXPECT_GT(e.fraction, last_trial_fraction) << "trial child " << trials_done << " did not move the bar" << trace;
        EXPECT_GT(e.eta, 0) << "trial child " << trials_done << ": the memory child and the record are still to come"
                            << trace;
        last_trial_fraction = e.fraction;
    }
    // Every child that ran a trial: the five kept and each retried attempt.
    EXPECT_EQ(trials_done, 5 + rec.disturbed_retries) << trace;
}

namespace {

// A campaign of disturbed-2p beside WORK-1 (tests/fixtures/work), exchange
// only, interleaved: trial slot k of each runs in round k.
CampaignOptions partnered_campaign(const TempDir &dir)
{
    CampaignOptions o;
    o.libraries = {fixture("disturbed-2p"), fixture("WORK-1")};
    o.operations = {"exchange"};
    o.order = "interleaved";
    o.planning.trial_target_s = 0.05;
    o.adaptive.trial_target_s = 0.05;
    o.cpu = measuring_cpu();
    o.kat = false;
    o.profile = false;
    o.stack = o.heap = false;
    o.out_dir = dir / "camp";
    return o;
}

struct PartneredRecords {
    Record disturbed, work;
    int work_children = 0; // WORK-1's trial children (TrialDone events)
};

PartneredRecords run_partnered(const CampaignOptions &o)
{
    ProgressLog log;
    std::atomic<bool> cancel{false};
    auto summary = run_campaign(o, log, cancel);
    EXPECT_TRUE(summary.ok()) << (summary.ok() ? "" : summary.error());
    const auto data = load_dataset(o.out_dir);
    EXPECT_TRUE(data.ok()) << (data.ok() ? "" : data.error());
    if (!data.ok())
        return {};
    const Record *d = data->record_for("disturbed-2p", "exchange"), *w = data->record_for("WORK-1", "exchange");
    EXPECT_TRUE(d && w);
    if (!d || !w || !d->kexbench || !w->kexbench)
        return {};
    PartneredRecords r{*d, *w};
    for (const ProgressEvent &e : log.events)
        r.work_children += e.kind == CampaignEvent::TrialDone && e.instance == "WORK-1";
    return r;
}

std::string rounds_of(const RecordSamples &k)
{
    std::string s;
    for (const TrialHealth &h : k.health)
        s += " " + (h.round ? std::to_string(*h.round) : std::string("-")) + (h.disturbed ? "d" : "");
    return s;
}

} // namespace

// Issue 34: a disturbed trial re-runs its round's partner too. One measuring
// child of disturbed-2p sleeps: it is disturbed and its slot runs again in a
// later round, and WORK-1's trial of that slot runs again in that same round,
// so slot k of both comes from one round, one phase of the host. (On a busy
// host other attempts are disturbed too, so the sleeping one is found by its
// switches, not by its position.) A clean attempt replaced only to stay beside
// its partner is a partner re-run, not a disturbed retry.
TEST(Disturbance, ADisturbedTrialRerunsItsRoundPartner)
{
    TempDir dir;
    ScopedEnv env(disturb(dir, "2", "sleep"));
    CampaignOptions o = partnered_campaign(dir);
    o.planning.trials = 4;
    o.retries = 3;
    const PartneredRecords r = run_partnered(o);
    ASSERT_TRUE(r.disturbed.kexbench && r.work.kexbench);
    const RecordSamples &d = *r.disturbed.kexbench, &w = *r.work.kexbench;
    ASSERT_EQ(d.health.size(), 4u);
    ASSERT_EQ(w.health.size(), 4u);
    const std::string rounds = "; rounds of disturbed-2p:" + rounds_of(d) + ", of WORK-1:" + rounds_of(w);
    for (size_t k = 0; k < 4; ++k) {
        ASSERT_TRUE(d.health[k].round && w.health[k].round) << "slot " << k + 1;
        EXPECT_EQ(*d.health[k].round, *w.health[k].round) << "slot " << k + 1 << " ran in two rounds" << rounds;
    }
    const uint64_t iterations = r.disturbed.plan.iterations_per_trial;
    const auto sleeping = std::find_if(d.retried.begin(), d.retried.end(), [&](const RetriedAttempt &a) {
        return 2 * a.health.voluntary_switches >= iterations;
    });
    ASSERT_NE(sleeping, d.retried.end()) << "the sleeping child was run again" << rounds;
    ASSERT_TRUE(sleeping->health.round);
    const size_t slot = static_cast<size_t>(sleeping->health.trial - 1);
    ASSERT_LT(slot, 4u);
    EXPECT_GT(*w.health[slot].round, *sleeping->health.round)
        << "WORK-1's trial " << slot + 1 << " stayed in the sleeping round" << rounds;
    // Every WORK-1 child is a kept trial, a disturbed retry or a partner re-run.
    const int partner = w.extra.value("partner_reruns", 0);
    int own = 0;
    for (const TrialHealth &h : w.health)
        own += h.attempt;
    EXPECT_EQ(r.work.disturbed_retries, own);
    EXPECT_EQ(w.retried.size(), static_cast<size_t>(own));
    EXPECT_EQ(r.work_children, 4 + own + partner) << rounds;
    EXPECT_EQ(r.work.status, "complete");
}

// Issue 34: adaptive and interleaved, the instances of one operation stop
// together. disturbed-2p's first three children sleep and are kept (no
// retries), so its trial medians need many more trials to reach the precision
// than WORK-1's; each used to stop on its own (15 trials of one twin against
// 37 of the other). Now both have as many trials, and the one stopped by its
// partner keeps its own reason or says it stopped with its partners.
TEST(Disturbance, AdaptiveRoundPartnersStopTogether)
{
    TempDir dir;
    ScopedEnv env(disturb(dir, "1,2,3", "sleep"));
    CampaignOptions o = partnered_campaign(dir);
    o.mode = "adaptive";
    o.retries = 0;
    o.adaptive.precision = 0.02;
    o.adaptive.budget_s = 8;
    const PartneredRecords r = run_partnered(o);
    ASSERT_TRUE(r.disturbed.kexbench && r.work.kexbench);
    const RecordSamples &d = *r.disturbed.kexbench, &w = *r.work.kexbench;
    EXPECT_EQ(d.health.size(), w.health.size())
        << "disturbed-2p: " << d.extra.value("adaptive_stop", "") << "; WORK-1: " << w.extra.value("adaptive_stop", "");
    EXPECT_GT(d.health.size(), 6u) << "three slow trials of six cannot give 2 % precision";
    for (size_t k = 0; k < std::min(d.health.size(), w.health.size()); ++k)
        EXPECT_EQ(d.health[k].round, w.health[k].round) << "slot " << k + 1;
    const std::string why = w.extra.value("adaptive_stop", "");
    EXPECT_TRUE(why == "precision reached" || why.rfind("stopped with its round partners (", 0) == 0 ||
                why == "budget spent")
        << why;
}
