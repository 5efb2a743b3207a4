// SPDX-License-Identifier: GPL-3.0-or-later
// A measuring campaign: instances x operations, each trial in its own pinned
// runner child, evidence written as it is made (campaign.json, build.json,
// kat/, records/ in the harness layout). Long work that reports progress
// through an observer and stops cleanly when asked; a folder that already
// holds complete records resumes where it stopped.
#pragma once

#include "core/data/campaign_folder.h"
#include "core/campaign/build_info.h"
#include "core/campaign/kat_manifest.h"
#include "core/campaign/planner.h"
#include "core/data/record.h"
#include "core/campaign/runner_client.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct CampaignOptions {
    std::vector<std::string> libraries; // instance libraries to measure
    // Empty, or one per library: "" or the variant label it is measured under
    // ("TriQ-KEX-128@opt": filed under that label, run --instance NAME@opt=PATH),
    // so two builds of one algorithm can be measured side by side; unnamed, one
    // name with two libraries is refused. The library must be instance NAME.
    std::vector<std::string> variants;
    std::vector<std::string> operations; // empty: every operation of each instance
    std::string mode = "fixed";          // fixed | adaptive
    PlanningConstants planning;          // fixed mode (trial target, budget, trials)
    AdaptiveSettings adaptive;           // adaptive mode
    std::optional<int> cpu;              // pin every child here
    std::string system_label;            // e.g. "x86_1"; default: the host name
    std::string out_dir;
    bool kat = true; // KAT-check each instance before timing (timed either way)
    // The memory child per operation (untimed) has two passes, each switched on its own:
    bool stack = true;   // the stack probe (high-water mark); --no-stack
    bool heap = true;    // the heap pass (peak, allocations); off with the probe: --no-memory
    bool profile = true; // hash/DRNG shares of exchange from <lib dir>/profiled/lib<name>.so, when present
    std::vector<KatManifestEntry> manifest;
    // true: the manifest was named (--manifest), so an instance it lacks is
    // "the manifest has no entry for ..."; false: found beside the built-ins,
    // and lacking an entry means nothing was supplied ("no KAT vectors supplied").
    bool manifest_given = false;
    // Profiled exchanges per profiling child; 0: the harness rule from the
    // exchange calibration's t1 (plan_profile()), whatever the timing plan.
    uint64_t profile_iterations = 0;
    std::string counter = "auto"; // passed to the children
    // Trial order: "interleaved" runs the trials of all (instance, operation)
    // pairs in rounds, each round in a seeded random order, so slow drifts of
    // the machine hit every row alike; "harness" measures pair after pair.
    std::string order = "interleaved";
    std::optional<uint64_t> seed; // interleaving seed; default: drawn, and kept in campaign.json
    int retries = 3;              // re-runs of a disturbed trial (harness: 3 attempts in total)
    double calibration_timeout_s = 60;
    RunnerOptions runner;
    // Set by run_hosted_campaign for one host's share of a sharded campaign
    // ("bench@board:22"): the coordinator holds the folder lock and writes
    // campaign.json, so the share takes no lock, merges its build.json entries
    // into the file under a lock of its own, and hands the campaign.json block
    // it would have written back in CampaignSummary::campaign_json.
    std::string shard_host;
};

struct CampaignEvent {
    enum Kind {
        Started, // message: counter and environment summary
        Warning, // message: one environment or measurement warning
        InstanceStarted,
        InstanceProblem, // message: why an instance is not (fully) measured
        OperationStarted,
        TrialDone,     // trial / trials of the operation
        RecordWritten, // record points at the record
        RecordResumed, // an existing complete record was kept
        Finished,
        // message: an instance's KAT check passed ("X25519-NIKE: KAT PASS (1000 vectors)");
        // one that did not pass is a Warning ("X25519-NIKE: KAT NOKAT no KAT vectors supplied").
        KatPassed,
    };
    Kind kind = Started;
    std::string instance, operation, message;
    std::string host; // the host (HostAddress::text()) a sharded campaign ran it on; empty: this machine
    int trial = 0, trials = 0;
    double fraction_done = 0; // 0..1 over the whole campaign
    double eta_s = -1;        // -1 unknown
    const Record *record = nullptr;
    // RecordWritten of a record this campaign wrote before (the end-of-campaign
    // disturbance sweep changed it): why this one replaces the earlier figures,
    // in English (core's catalogue has it); empty for a record's first write.
    std::string replaces;
};

class CampaignObserver {
public:
    virtual ~CampaignObserver() = default;
    virtual void on_event(const CampaignEvent &event) = 0;
};

struct CampaignSummary {
    int records_written = 0, records_resumed = 0, records_failed = 0;
    bool cancelled = false;
    std::vector<std::string> problems;
    std::string out_dir;
    std::string campaign_json; // a shard's campaign.json block (CampaignOptions::shard_host); empty otherwise
};

// campaign.json's completion.state from its counts: "cancelled" on request;
// "failed" when nothing was measured (every instance refused, every record
// failed): nothing measured is not complete; "partial" when a planned record
// or a named instance (`refused`: libraries that could not be measured at
// all) is missing; else "complete". The hosted campaign merges with it too.
std::string completion_state(bool cancelled, int measured, size_t not_measured, size_t refused);
// completion.reason of a failed campaign: "nothing measured: ..." with each refused library and why.
std::string completion_failure_reason(const std::vector<std::string> &refused);

// Refuses (Error) only what makes the whole campaign impossible: no output
// folder, a folder measured with other planning. Everything else is reported
// per instance/operation and the campaign goes on.
Result<CampaignSummary> run_campaign(const CampaignOptions &options, CampaignObserver &observer,
                                     const std::atomic<bool> &cancel);

// The harness's hashprof plan for one profiling child: iterations =
// min(1000, max(3, ceil(1/t1))) (1 when t1 > 60 s), one warm-up when t1 < 5 s,
// timeout 3 (iterations + warm-ups) t1 + 3 setup + slack.
struct ProfilePlan {
    uint64_t iterations = 1;
    int warmups = 0;
    double timeout_s = 0;
};
// iterations > 0 replaces the rule's count (--profile-iterations); the timeout follows it.
ProfilePlan plan_profile(double exchange_t1, double setup_s, double slack_s, uint64_t iterations = 0);

// The lock of a campaign folder: its open .kexbench.lock under flock, held
// until this object is destroyed. The kernel drops the lock when the
// descriptor closes, also when the process dies, so the file a killed campaign
// leaves behind is never in the way.
class CampaignFolderLock {
public:
    CampaignFolderLock() = default;
    CampaignFolderLock(const CampaignFolderLock &) = delete;
    CampaignFolderLock &operator=(const CampaignFolderLock &) = delete;
    ~CampaignFolderLock();
    // Empty when the folder is now this process's, else why not ("DIR is in use by pid 123").
    std::string take(const std::string &dir);

private:
    int fd_ = -1;
};

// The "planning" block of campaign.json: a folder keeps the planning it was started with.
nlohmann::ordered_json campaign_planning_json(const CampaignOptions &options);

// "ecdhe", "x25519-nike": the candidate folder name records go under.
std::string candidate_id(const InstanceMeta &meta);

// The candidate id a campaign files a library under (records/<id>/, kat/<id>/,
// profile/<id>/, the build.json key, record.candidate, the KAT log's id): the
// one its build record gives (build-instance --candidate kex-09) when it is a
// valid name, else candidate_id(meta).
std::string candidate_for(const InstanceMeta &meta, const BuildInfo *build);
// The build record's candidate id when it is a usable name (name_problem()), else empty.
std::string recorded_candidate(const BuildInfo *build);

// Instance identity is (name, library sha256). The name is the key a campaign
// files an instance under ("x25519-nike/X25519-NIKE": records, KAT file and
// log, build.json entry); two different libraries with one key would
// overwrite each other's evidence, so they are never measured together.
std::string instance_key(const InstanceMeta &meta);
// The same under the candidate id candidate_for() gives ("kex-09/TriQ-KEX-128").
std::string instance_key(const InstanceMeta &meta, const BuildInfo *build);
// SHA-256 (hex) of a library file; empty when it cannot be read.
std::string library_sha256(const std::string &path);
// "sha256 1234abcd…": enough of a digest to tell two libraries apart in a message.
std::string short_sha256(const std::string &sha256_hex);
// "two libraries call themselves X25519-NIKE: /a/lib1.so (sha256 1234abcd…)
// and /b/lib2.so (sha256 5678ef01…); measure one at a time or rename one"
std::string identity_clash_message(const std::string &name, const std::string &library_a, const std::string &sha_a,
                                   const std::string &library_b, const std::string &sha_b);

struct LibraryIdentity {
    std::string library;
    InstanceMeta meta;
    std::string sha256;
};
struct IdentityClash {
    size_t first = 0, second = 0; // indices into the list given
    std::string message;          // identity_clash_message()
};
// Every pair of entries that claim one instance key with different contents.
std::vector<IdentityClash> find_identity_clashes(const std::vector<LibraryIdentity> &libraries);
// The same when library i is filed under candidates[i] (candidate_for()), not candidate_id() of its metadata.
std::vector<IdentityClash> find_identity_clashes(const std::vector<LibraryIdentity> &libraries,
                                                 const std::vector<std::string> &candidates);

} // namespace kexbench
