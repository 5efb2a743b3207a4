// SPDX-License-Identifier: GPL-3.0-or-later
// Campaigns on other hosts through real sshd instances of the test's own
// (tests/integration/sshd_fixture.h): one host, two hosts sharing a
// campaign, a host that drops out, a connection killed mid-campaign and resumed.
#include "cli_helpers.h"
#include "sshd_fixture.h"

#include "core/base/discovery.h"
#include "core/base/fsutil.h"
#include "core/campaign/hosted_campaign.h"
#include "core/data/record.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <set>

namespace fs = std::filesystem;
using namespace kexbench;
using namespace kexbench::test;

namespace {

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

nlohmann::json read_json(const std::string &path)
{
    auto text = read_file(path);
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
}

// Every record file of a campaign folder, as records/<candidate>/<file>.
std::set<std::string> record_files(const std::string &dir)
{
    std::set<std::string> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(fs::path(dir) / "records", ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file())
            files.insert(fs::relative(it->path(), dir).string());
    return files;
}

std::vector<std::string> cheap_run(const std::string &out, const std::vector<std::string> &instances)
{
    std::vector<std::string> args{"run", "--op",        "init_a",       "--target", "0.002", "--trials",
                                  "2",   "--no-memory", "--no-profile", "--out",    out};
    for (const auto &i : instances) {
        args.push_back("--instance");
        args.push_back(i);
    }
    return args;
}

std::vector<std::string> with_host(std::vector<std::string> args, const TestSshd &sshd, const std::string &cache)
{
    args.insert(args.end(), {"--host", sshd.address(), "--ssh-config", sshd.ssh_config(), "--remote-cache", cache});
    return args;
}

// One ssh config for two test sshd's: both client keys, both known_hosts files
// (the port comes from each --host).
std::string shared_ssh_config(const TestSshd &a, const TestSshd &b, const std::string &path)
{
    const std::string c = "Host 127.0.0.1\n"
                          "  User " +
                          a.user() + "\n" + "  IdentityFile " + a.dir() + "/client_key\n" + "  IdentityFile " +
                          b.dir() + "/client_key\n" +
                          "  IdentitiesOnly yes\n"
                          "  IdentityAgent none\n"
                          "  UserKnownHostsFile " +
                          a.dir() + "/known_hosts " + b.dir() + "/known_hosts\n" +
                          "  GlobalKnownHostsFile /dev/null\n"
                          "  StrictHostKeyChecking yes\n"
                          "  CheckHostIP no\n"
                          "  BatchMode yes\n";
    (void)write_file_atomic(path, c);
    return path;
}

// Two cheap operations of each named built-in, two short trials each, into out.
HostedCampaignOptions cheap_hosted_campaign(const std::vector<std::string> &names, const std::string &out)
{
    HostedCampaignOptions options;
    const DiscoveredFiles found = discover_instance_files(instance_search_path());
    for (const std::string &name : names)
        options.campaign.libraries.push_back(resolve_instance(name, found).value());
    options.campaign.operations = {"init_a", "init_b"};
    options.campaign.planning.trial_target_s = 0.002;
    options.campaign.planning.trials = 2;
    options.campaign.stack = false;
    options.campaign.heap = false;
    options.campaign.profile = false;
    options.campaign.out_dir = out;
    return options;
}

bool record_complete(const std::string &path)
{
    auto r = read_record_file(path);
    return r && r->status == "complete";
}

size_t complete_records(const std::string &dir)
{
    size_t n = 0;
    for (const std::string &f : record_files(dir))
        n += record_complete(dir + "/" + f) ? 1 : 0;
    return n;
}

// campaign.json's completion block must account for every instance of the
// campaign, whichever host's share it was in: each label is measured or named
// as not measured, and the counts add up.
void expect_completion_covers(const nlohmann::json &completion, const std::string &dir,
                              const std::vector<std::string> &labels)
{
    ASSERT_TRUE(completion.is_object()) << completion.dump(2);
    const int planned = completion["planned"], measured = completion["measured"];
    EXPECT_EQ(measured, static_cast<int>(complete_records(dir))) << completion.dump(2);
    EXPECT_EQ(measured + static_cast<int>(completion["not_measured"].size()), planned) << completion.dump(2);
    const std::set<std::string> files = record_files(dir);
    for (const std::string &label : labels) {
        bool seen = false;
        for (const std::string &f : files)
            seen = seen || (contains(f, "/" + label + "__") && record_complete(dir + "/" + f));
        for (const auto &name : completion["not_measured"])
            seen = seen || contains(name.get<std::string>(), "/" + label + "/");
        EXPECT_TRUE(seen) << label << " is neither measured nor listed as not measured: " << completion.dump(2);
    }
}

} // namespace

TEST(HostedCampaign, OneHostWritesItsRecordsHere)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir dir;
    const std::string out = dir / "campaign";
    const ProcessResult r =
        run_cli(with_host(cheap_run(out, {"X25519-NIKE"}), *sshd, dir / "remote-cache"), false, 300);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    const std::string record = out + "/records/x25519-nike/X25519-NIKE__init_a.json";
    EXPECT_TRUE(record_complete(record)) << record;
    // The children ran on the host from its cache copy, and the cache holds the runner and the library.
    auto rec = read_record_file(record);
    ASSERT_TRUE(rec) << rec.error();
    ASSERT_FALSE(rec->processes.empty());
    const std::vector<std::string> &command = rec->processes.front().command;
    ASSERT_GT(command.size(), 2u);
    EXPECT_EQ(command.front(), "ssh") << command.front();
    bool from_cache = false;
    for (const std::string &word : command)
        from_cache = from_cache || word.find(dir / "remote-cache") != std::string::npos;
    EXPECT_TRUE(from_cache) << "the remote runner is not the cache copy";
    const nlohmann::json campaign = read_json(out + "/campaign.json");
    ASSERT_TRUE(campaign.is_object());
    EXPECT_EQ(campaign["runner_host"]["kind"], "ssh");
    ASSERT_EQ(campaign["hosts"].size(), 1u);
    EXPECT_EQ(campaign["hosts"][0]["host"], sshd->address());
    EXPECT_EQ(campaign["hosts"][0]["probe"]["uname_machine"], "x86_64");
    EXPECT_TRUE(campaign["environment_at_start"].is_object()) << campaign.dump(2);
    EXPECT_EQ(campaign["planning"]["trials"], 2) << "resuming compares the planning";
    EXPECT_EQ(campaign["system_id"], "127.0.0.1") << "the system measured is the host, not this machine";
    EXPECT_TRUE(contains(r.out, sshd->address() + ": 1 instance(s)")) << r.out;

    // A second campaign sends nothing again: the cache already holds these bytes.
    const ProcessResult again =
        run_cli(with_host(cheap_run(dir / "second", {"X25519-NIKE"}), *sshd, dir / "remote-cache"), false, 300);
    EXPECT_EQ(again.exit_code, 0) << again.err;
}

TEST(HostedCampaign, TwoHostsShareOneCampaign)
{
    auto a = start_test_sshd(), b = start_test_sshd();
    if (!a || !b)
        return;
    TempDir dir;
    const std::string out = dir / "campaign";
    std::vector<std::string> args = cheap_run(out, {"X25519-NIKE", "ECDHE-P256", "SM2-KEX"});
    args.insert(args.end(), {"--host", a->address(), "--host", b->address(), "--ssh-config",
                             shared_ssh_config(*a, *b, dir / "ssh_config"), "--remote-cache", dir / "cache"});
    const ProcessResult r = run_cli(args, false, 600);
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(record_files(out).size(), 3u) << r.out;
    const nlohmann::json campaign = read_json(out + "/campaign.json");
    ASSERT_EQ(campaign["hosts"].size(), 2u) << campaign.dump(2);
    size_t dealt = 0;
    for (const auto &h : campaign["hosts"]) {
        EXPECT_FALSE(h["instances"].empty()) << "a host got nothing: " << campaign["hosts"].dump(2);
        dealt += h["instances"].size();
    }
    EXPECT_EQ(dealt, 3u);
    // The completion covers both hosts' shares, not the first host's alone.
    const nlohmann::json &completion = campaign["completion"];
    EXPECT_EQ(completion["state"], "complete") << completion.dump(2);
    EXPECT_EQ(completion["planned"], 3) << completion.dump(2);
    EXPECT_EQ(completion["measured"], 3) << completion.dump(2);
    EXPECT_TRUE(completion["not_measured"].empty()) << completion.dump(2);
    // The interleaved progress lines name their host.
    EXPECT_TRUE(contains(r.out, "[" + a->address() + "] ")) << r.out;
    EXPECT_TRUE(contains(r.out, "[" + b->address() + "] ")) << r.out;
}

// Kills the second host's sshd when its first record arrives: its unfinished
// instances go to the first host, and every record ends complete.
class KillOnFirstRecord : public CampaignObserver {
public:
    KillOnFirstRecord(TestSshd &victim) : victim_(victim) {}
    void on_event(const CampaignEvent &e) override
    {
        events.push_back(e.kind == CampaignEvent::Warning ? e.message : std::string());
        if (e.kind == CampaignEvent::RecordWritten && e.host == victim_.address() && !killed) {
            killed = true;
            victim_.stop();
        }
    }
    std::vector<std::string> events;
    bool killed = false;

private:
    TestSshd &victim_;
};

TEST(HostedCampaign, AHostThatDropsOutHandsItsInstancesOn)
{
    auto a = start_test_sshd(), b = start_test_sshd();
    if (!a || !b)
        return;
    TempDir dir;
    HostedCampaignOptions options =
        cheap_hosted_campaign({"X25519-NIKE", "ECDHE-P256", "SM2-KEX", "MLKEM-UAKE-768"}, dir / "campaign");
    options.hosts = {a->address(), b->address()};
    options.remote.ssh_config = shared_ssh_config(*a, *b, dir / "ssh_config");
    options.remote.cache_dir = dir / "cache";
    KillOnFirstRecord observer(*b);
    std::atomic<bool> cancel{false};
    auto result = run_hosted_campaign(options, observer, cancel);
    ASSERT_TRUE(result) << result.error();
    ASSERT_TRUE(observer.killed) << "the second host never wrote a record";
    EXPECT_EQ(result->summary.records_failed, 0);
    const std::set<std::string> files = record_files(options.campaign.out_dir);
    EXPECT_EQ(files.size(), 8u);
    for (const std::string &f : files)
        EXPECT_TRUE(record_complete(options.campaign.out_dir + "/" + f)) << f;
    ASSERT_EQ(result->shares.size(), 2u);
    EXPECT_FALSE(result->shares[1].dropped.empty());
    EXPECT_TRUE(result->shares[0].dropped.empty());
    bool said = false;
    for (const std::string &w : observer.events)
        said = said || contains(w, b->address() + " dropped out");
    EXPECT_TRUE(said) << "no warning names the host that dropped out";
    // The first host measured the dropped host's part: the campaign is complete, all 8 records of it.
    const nlohmann::json completion = read_json(options.campaign.out_dir + "/campaign.json")["completion"];
    EXPECT_EQ(completion["state"], "complete") << completion.dump(2);
    EXPECT_EQ(completion["planned"], 8) << completion.dump(2);
    EXPECT_EQ(completion["measured"], 8) << completion.dump(2);
    EXPECT_TRUE(completion["not_measured"].empty()) << completion.dump(2);
}

// Kills each host's sshd when that host's first record arrives: nobody is
// left to measure the rest, so the campaign is partial, and its completion
// names what both shares did not measure.
class KillEachOnItsFirstRecord : public CampaignObserver {
public:
    explicit KillEachOnItsFirstRecord(std::vector<TestSshd *> victims) : victims_(std::move(victims)) {}
    void on_event(const CampaignEvent &e) override
    {
        if (e.kind != CampaignEvent::RecordWritten)
            return;
        for (TestSshd *v : victims_)
            if (e.host == v->address() && v->running()) {
                v->stop();
                ++killed;
            }
    }
    int killed = 0;

private:
    std::vector<TestSshd *> victims_;
};

const std::vector<std::string> kFourInstances{"X25519-NIKE", "ECDHE-P256", "SM2-KEX", "MLKEM-UAKE-768"};

TEST(HostedCampaign, CompletionIsPartialWhenEveryHostDropsOut)
{
    auto a = start_test_sshd(), b = start_test_sshd();
    if (!a || !b)
        return;
    TempDir dir;
    HostedCampaignOptions options = cheap_hosted_campaign(kFourInstances, dir / "campaign");
    options.campaign.order = "harness"; // each host's records one after the other: work is left after its first
    options.hosts = {a->address(), b->address()};
    options.remote.ssh_config = shared_ssh_config(*a, *b, dir / "ssh_config");
    options.remote.cache_dir = dir / "cache";
    KillEachOnItsFirstRecord observer({a.get(), b.get()});
    std::atomic<bool> cancel{false};
    auto result = run_hosted_campaign(options, observer, cancel);
    ASSERT_TRUE(result) << result.error();
    ASSERT_EQ(observer.killed, 2) << "a host never wrote a record";
    EXPECT_FALSE(result->summary.cancelled);
    const nlohmann::json completion = read_json(options.campaign.out_dir + "/campaign.json")["completion"];
    EXPECT_EQ(completion["state"], "partial") << completion.dump(2);
    EXPECT_FALSE(completion["not_measured"].empty()) << completion.dump(2);
    EXPECT_GE(completion["measured"].get<int>(), 2) << "each host's first record is kept: " << completion.dump(2);
    EXPECT_LT(completion["measured"].get<int>(), 8) << completion.dump(2);
    expect_completion_covers(completion, options.campaign.out_dir,
                             {"X25519-NIKE", "ECDHE-P256", "SM2-KEX", "MLKEM-UAKE-768"});
}

// Cancelled on the first record of either host: the completion is
// "cancelled" and plans every instance of both shares.
TEST(HostedCampaign, CompletionOfACancelledSharedCampaignCoversBothHosts)
{
    auto a = start_test_sshd(), b = start_test_sshd();
    if (!a || !b)
        return;
    TempDir dir;
    HostedCampaignOptions options = cheap_hosted_campaign(kFourInstances, dir / "campaign");
    options.campaign.order = "harness";
    options.hosts = {a->address(), b->address()};
    options.remote.ssh_config = shared_ssh_config(*a, *b, dir / "ssh_config");
    options.remote.cache_dir = dir / "cache";
    std::atomic<bool> cancel{false};
    struct CancelOnFirstRecord : CampaignObserver {
        std::atomic<bool> *cancel = nullptr;
        void on_event(const CampaignEvent &e) override
        {
            if (e.kind == CampaignEvent::RecordWritten)
                cancel->store(true);
        }
    } observer;
    observer.cancel = &cancel;
    auto result = run_hosted_campaign(options, observer, cancel);
    ASSERT_TRUE(result) << result.error();
    EXPECT_TRUE(result->summary.cancelled);
    const nlohmann::json completion = read_json(options.campaign.out_dir + "/campaign.json")["completion"];
    EXPECT_EQ(completion["state"], "cancelled") << completion.dump(2);
    EXPECT_GE(completion["measured"].get<int>(), 1) << completion.dump(2);
    EXPECT_FALSE(completion["not_measured"].empty()) << completion.dump(2);
    expect_completion_covers(completion, options.campaign.out_dir,
                             {"X25519-NIKE", "ECDHE-P256", "SM2-KEX", "MLKEM-UAKE-768"});
}

TEST(HostedCampaign, AConnectionKilledMidCampaignResumes)
{
    auto sshd = start_test_sshd();
    if (!sshd)
        return;
    TempDir dir;
    const std::string out = dir / "campaign";
    HostedCampaignOptions options = cheap_hosted_campaign({"X25519-NIKE", "ECDHE-P256"}, out);
    options.campaign.order = "harness";
    options.hosts = {sshd->address()};
    options.remote.ssh_config = sshd->ssh_config();
    options.remote.cache_dir = dir / "cache";
    KillOnFirstRecord observer(*sshd);
    std::atomic<bool> cancel{false};
    auto first = run_hosted_campaign(options, observer, cancel);
    ASSERT_TRUE(first) << first.error();
    ASSERT_TRUE(observer.killed);
    EXPECT_FALSE(first->summary.problems.empty()) << "a lost host must be said";
    const std::set<std::string> kept = record_files(out);
    size_t complete_before = 0;
    for (const std::string &f : kept)
        complete_before += record_complete(out + "/" + f) ? 1 : 0;
    EXPECT_GE(complete_before, 1u);

    // The same campaign again through a new sshd: complete records are kept, the rest measured.
    auto again_sshd = start_test_sshd();
    ASSERT_TRUE(again_sshd);
    options.hosts = {again_sshd->address()};
    options.remote.ssh_config = again_sshd->ssh_config();
    struct Count : CampaignObserver {
        int resumed = 0;
        void on_event(const CampaignEvent &e) override { resumed += e.kind == CampaignEvent::RecordResumed; }
    } count;
    auto second = run_hosted_campaign(options, count, cancel);
    ASSERT_TRUE(second) << second.error();
    EXPECT_EQ(count.resumed, static_cast<int>(complete_before));
    EXPECT_EQ(record_files(out).size(), 4u);
    for (const std::string &f : record_files(out))
        EXPECT_TRUE(record_complete(out + "/" + f)) << f;
}

TEST(HostedCampaign, AnUnreachableHostIsOneLineAndNothingIsWritten)
{
    TempDir dir;
    const ProcessResult r =
        run_cli({"run", "--instance", "X25519-NIKE", "--host", "127.0.0.1:1", "--out", dir / "c"}, false, 120);
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_TRUE(contains(r.err, "127.0.0.1:1: unreachable")) << r.err;
    EXPECT_TRUE(record_files(dir / "c").empty());
}
