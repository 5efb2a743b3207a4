// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/hosted_campaign.h"

#include "core/base/fsutil.h"
#include "core/data/record.h"
#include "core/campaign/runner_client.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

namespace kexbench {

namespace fs = std::filesystem;
using ordered_json = nlohmann::ordered_json;

namespace {

using Clock = std::chrono::steady_clock;

std::string file_name(const std::string &path) { return fs::path(path).filename().string(); }

// One host with its connection and the libraries it runs (its architecture's namesakes of the local ones).
struct Host {
    std::unique_ptr<RemoteSession> session;
    std::map<std::string, std::string> library_for; // local library -> the one this host's runner loads
    std::string dropped;                            // why it dropped out; empty while it serves
    double wall_s = 0;
    std::vector<std::string> measured; // local libraries it measured to the end
};

std::string system_of(const RemoteProbe &p)
{
    return p.uname_machine + ", " + (p.cpu_model.empty() ? "unknown CPU" : p.cpu_model);
}

// The library this host's runner loads for a local library: the library itself
// on a host of this architecture, else the namesake in that architecture's build.
Result<std::string> namesake_for(const std::string &local, const RunnerBuild &build, const RemoteProbe &probe)
{
    if (probe.uname_machine == this_uname_machine())
        return local;
    const std::string name = file_name(local);
    for (const std::string &dir : build.instance_search_path) {
        const fs::path candidate = fs::path(dir) / name;
        std::error_code ec;
        if (fs::is_regular_file(candidate, ec))
            return candidate.string();
    }
    return fail(probe.address + ": no " + probe.uname_machine + " build of " + name + " (looked in " +
                (build.instance_search_path.empty() ? std::string("no folder") : build.instance_search_path.front()) +
                "; build it for " + probe.uname_machine + ", e.g. make build-aarch64)");
}

// What travels to a host: each library and, when present, its profiled build
// (profiled/lib<name>.so beside it), which a campaign's profile child loads.
std::vector<std::string> files_to_sync(const std::map<std::string, std::string> &library_for)
{
    std::vector<std::string> files;
    for (const auto &[local, remote_lib] : library_for) {
        files.push_back(remote_lib);
        const fs::path profiled = fs::path(remote_lib).parent_path() / "profiled" / file_name(remote_lib);
        std::error_code ec;
        if (fs::is_regular_file(profiled, ec))
            files.push_back(profiled.string());
    }
    return files;
}

Result<Host> open_host(const std::string &text, const HostedCampaignOptions &options)
{
    auto address = parse_host_address(text);
    if (!address)
        return fail(address.error());
    auto session = RemoteSession::open(*address, options.remote);
    if (!session)
        return fail(session.error());
    Host host;
    host.session = std::move(*session);
    const RemoteProbe &probe = host.session->probe();
    auto build = runner_build_for(probe.uname_machine);
    if (!build)
        return fail(probe.address + ": " + build.error());
    for (const std::string &local : options.campaign.libraries) {
        auto lib = namesake_for(local, *build, probe);
        if (!lib)
            return fail(lib.error());
        host.library_for[local] = *lib;
    }
    if (auto synced = host.session->sync(build->runner, files_to_sync(host.library_for)); !synced)
        return fail(synced.error());
    return host;
}

// The file name of the first shared library a child's command names; a
// wrapper or ssh puts words before the runner's, and ssh passes the runner's
// words as one shell command line, so words are searched, not counted.
std::string library_in(const std::vector<std::string> &command)
{
    for (const std::string &word : command) {
        for (size_t at = word.find(".so"); at != std::string::npos; at = word.find(".so", at + 1)) {
            const size_t end = at + 3;
            if (end < word.size() && word[end] != ' ' && word[end] != '\'' && word[end] != '"')
                continue;
            const size_t start = word.find_last_of("/ '\"", at);
            return word.substr(start == std::string::npos ? 0 : start + 1,
                               end - (start == std::string::npos ? 0 : start + 1));
        }
    }
    return {};
}

// Seconds each library took in an earlier campaign: the wall time of every
// child of its records, found by the library file name the children were given.
std::map<std::string, double> earlier_wall_times(const std::string &folder)
{
    std::map<std::string, double> seconds;
    std::error_code ec;
    const fs::path records = fs::path(folder) / "records";
    if (folder.empty() || !fs::is_directory(records, ec))
        return seconds;
    for (auto it = fs::recursive_directory_iterator(records, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (!it->is_regular_file(ec) || it->path().extension() != ".json")
            continue;
        auto record = read_record_file(it->path().string());
        if (!record)
            continue;
        for (const RecordProcess &p : record->processes)
            if (std::string lib = library_in(p.command); !lib.empty())
                seconds[lib] += p.wall_s;
    }
    return seconds;
}

// A calibration child on the first host for a library without an earlier
// wall time: one exchange, timed there, scaled by the plan's trial count and
// target to the seconds its operations will take (a share estimate only).
double calibrated_estimate(const Host &host, const std::string &local, const CampaignOptions &campaign)
{
    RunnerOptions runner = campaign.runner;
    runner.host = host.session->runner_host();
    const auto start = Clock::now();
    auto info = describe_instance(host.library_for.at(local), runner);
    const double describe_s = std::chrono::duration<double>(Clock::now() - start).count();
    // A KEX has exchange, init_a, init_b, derive_a, derive_b and its passes.
    const double ops = !campaign.operations.empty() ? static_cast<double>(campaign.operations.size())
                       : info                       ? 5.0 + static_cast<double>(info->exported_passes.size())
                                                    : 6.0;
    const double target =
        campaign.mode == "adaptive" ? campaign.adaptive.trial_target_s : campaign.planning.trial_target_s;
    const double trials = campaign.mode == "adaptive" ? campaign.adaptive.min_trials : campaign.planning.trials;
    return ops * trials * (target + describe_s);
}

// The hosts still serving get the work, dealt as deal_longest_first() does;
// the result is indexed by host (empty for the others).
std::vector<std::vector<std::string>> deal(const std::vector<std::pair<std::string, double>> &work,
                                           const std::vector<size_t> &serving, size_t host_count)
{
    const auto dealt = deal_longest_first(work, serving.size());
    std::vector<std::vector<std::string>> shares(host_count);
    for (size_t i = 0; i < serving.size(); ++i)
        shares[serving[i]] = dealt[i];
    return shares;
}

// Passes a shard's events on with its host named, one at a time (shards run on
// threads of their own), and notices when a failure is the connection's.
class ShardObserver : public CampaignObserver {
public:
    ShardObserver(CampaignObserver &to, std::mutex &mutex, const Host &host, std::atomic<bool> &stop)
        : to_(to), mutex_(mutex), host_(host), stop_(stop)
    {
    }
    void on_event(const CampaignEvent &event) override
    {
        const bool failure =
            event.kind == CampaignEvent::InstanceProblem ||
            (event.kind == CampaignEvent::RecordWritten && event.record && event.record->status != "complete");
        if (failure && !host_.session->alive()) {
            stop_.store(true); // the connection is gone: stop here, the others take the rest
            return;            // its failures are the connection's, not the instance's
        }
        if ((stop_.load() && failure) || event.kind == CampaignEvent::Finished)
            return; // the campaign, not each share, finishes once
        CampaignEvent e = event;
        e.host = host_.session->address().text();
        std::lock_guard<std::mutex> lock(mutex_);
        to_.on_event(e);
    }

private:
    CampaignObserver &to_;
    std::mutex &mutex_;
    const Host &host_;
    std::atomic<bool> &stop_;
};

struct ShardOutcome {
    Result<CampaignSummary> summary = fail("not run");
    std::vector<std::string> libraries;
    bool host_lost = false;
};

// One host measures its share into the common folder; a watcher stops it when
// the user cancels or its connection drops.
ShardOutcome run_shard(Host &host, const std::vector<std::string> &libraries, const HostedCampaignOptions &options,
                       CampaignObserver &observer, std::mutex &observer_mutex, const std::atomic<bool> &cancel)
{
    ShardOutcome outcome;
    outcome.libraries = libraries;
    CampaignOptions shard = options.campaign;
    shard.libraries.clear();
    shard.variants.clear();
    std::vector<bool> taken(options.campaign.libraries.size(), false);
    for (const std::string &local : libraries) {
        shard.libraries.push_back(host.library_for.at(local));
        // Its variant label goes with it (the same file may be named as two variants: each its own).
        for (size_t i = 0; i < options.campaign.libraries.size(); ++i)
            if (!taken[i] && options.campaign.libraries[i] == local) {
                taken[i] = true;
                shard.variants.push_back(i < options.campaign.variants.size() ? options.campaign.variants[i] : "");
                break;
            }
    }
    shard.runner.host = host.session->runner_host();
    shard.shard_host = host.session->address().text();
    std::atomic<bool> stop{false}, done{false};
    std::thread watcher([&] {
        while (!done.load()) {
            // The flag, not `ssh -O check`: a process five times a second would disturb the trials.
            if (cancel.load() || !host.session->connected()) {
                stop.store(true);
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
    });
    ShardObserver relay(observer, observer_mutex, host, stop);
    const auto start = Clock::now();
    outcome.summary = run_campaign(shard, relay, stop);
    done.store(true);
    watcher.join();
    host.wall_s += std::chrono::duration<double>(Clock::now() - start).count();
    outcome.host_lost = !cancel.load() && !host.session->alive();
    return outcome;
}

// The folder's campaign.json for a sharded campaign: the first host's block
// as the campaign's environment (§2 of the report), every host's beside it.
ordered_json hosted_campaign_json(const std::vector<Host> &hosts, const std::vector<ordered_json> &shard_blocks,
                                  const HostedCampaignOptions &options)
{
    ordered_json campaign = ordered_json::object();
    for (const ordered_json &block : shard_blocks)
        if (block.is_object() && !block.empty()) {
            campaign = block; // the first host that measured something
            break;
        }
    if (!campaign.contains("planning"))
        campaign["planning"] = campaign_planning_json(options.campaign);
    if (!campaign.contains("system_id"))
        campaign["system_id"] = hosts.front().session->address().host;
    std::string where;
    for (const Host &h : hosts)
        where += (where.empty() ? "" : ", ") + h.session->address().text();
    campaign["runner_host"] = {
        {"kind", "ssh"}, {"where", where}, {"machine", hosts.front().session->probe().elf_machine}};
    ordered_json list = ordered_json::array();
    for (size_t i = 0; i < hosts.size(); ++i) {
        ordered_json h;
        h["host"] = hosts[i].session->address().text();
        h["probe"] = ordered_json::parse(hosts[i].session->probe().to_json().dump());
        std::vector<std::string> names;
        for (const std::string &lib : hosts[i].measured)
            names.push_back(file_name(lib));
        h["instances"] = names;
        h["wall_s"] = hosts[i].wall_s;
        h["dropped"] = hosts[i].dropped;
        if (i < shard_blocks.size() && shard_blocks[i].contains("environment_at_start"))
            h["environment_at_start"] = shard_blocks[i]["environment_at_start"];
        list.push_back(h);
    }
    campaign["hosts"] = list;
    if (!options.campaign.system_label.empty())
        campaign["system_id"] = options.campaign.system_label;
    return campaign;
}

// Before any share runs, a new folder gets campaign.json with its planning, so
// an interrupted campaign resumes, and is refused under other planning, like a
// local one; the shares check it as they start. A folder that has one keeps it.
Result<void> write_first_campaign_json(const std::vector<Host> &hosts, const HostedCampaignOptions &options)
{
    const fs::path path = fs::path(options.campaign.out_dir) / "campaign.json";
    std::error_code ec;
    if (fs::exists(path, ec))
        return {};
    const ordered_json first = hosted_campaign_json(hosts, {}, options);
    return write_file_atomic(path.string(), first.dump(2) + "\n");
}

// The campaign's "completion" block (core/campaign/campaign.cpp completion_json) over
// every host's share: the shares' blocks that stand (a lost host's share stands
// only when nobody measured its instances again) added up, and one
// "<library>/*" entry for each library no share reported on (cancelled before
// it was dealt). The state is the whole campaign's (completion_state): "failed"
// when no share measured anything, "partial" when a host dropped out and no
// other measured its part, a record failed or an instance was refused.
ordered_json merged_completion(const std::vector<ordered_json> &blocks, const std::vector<std::string> &uncovered,
                               bool cancelled)
{
    int planned = 0, measured = 0;
    std::vector<std::string> not_measured, refused;
    for (const ordered_json &b : blocks) {
        if (!b.is_object())
            continue;
        if (b.contains("refused") && b["refused"].is_array())
            for (const auto &line : b["refused"])
                if (line.is_string())
                    refused.push_back(line.get<std::string>());
        if (b.contains("planned") && b["planned"].is_number_integer())
            planned += b["planned"].get<int>();
        if (b.contains("measured") && b["measured"].is_number_integer())
            measured += b["measured"].get<int>();
        if (b.contains("not_measured") && b["not_measured"].is_array())
            for (const auto &name : b["not_measured"])
                if (name.is_string())
                    not_measured.push_back(name.get<std::string>());
    }
    for (const std::string &lib : uncovered) {
        ++planned;
        not_measured.push_back(file_name(lib) + "/*");
    }
    std::sort(not_measured.begin(), not_measured.end());
    const std::string state = completion_state(cancelled, measured, not_measured.size(), refused.size());
    ordered_json block{{"state", state},
                       {"planned", planned},
                       {"measured", measured},
                       {"not_measured", not_measured},
                       {"refused", refused}};
    if (state == "failed")
        block["reason"] = completion_failure_reason(refused);
    return block;
}

// A share's completion block, or null when its campaign.json block has none.
ordered_json completion_of(const ordered_json &block)
{
    return block.is_object() && block.contains("completion") && block["completion"].is_object() ? block["completion"]
                                                                                                : ordered_json();
}

void add_summary(CampaignSummary &total, const CampaignSummary &part, bool host_lost)
{
    // A lost host's failed records are the connection's: another host measures them again.
    total.records_written += host_lost ? part.records_written - part.records_failed : part.records_written;
    total.records_resumed += part.records_resumed;
    if (!host_lost) {
        total.records_failed += part.records_failed;
        total.problems.insert(total.problems.end(), part.problems.begin(), part.problems.end());
    }
}

} // namespace

std::string different_systems_problem(const std::vector<RemoteProbe> &probes)
{
    for (const RemoteProbe &p : probes) {
        const RemoteProbe &first = probes.front();
        if (p.uname_machine != first.uname_machine || p.cpu_model != first.cpu_model)
            return first.address + " (" + system_of(first) + ") and " + p.address + " (" + system_of(p) +
                   ") are different systems: measure each as its own campaign and put the two side by side on Compare";
    }
    return {};
}

std::vector<std::vector<std::string>> deal_longest_first(const std::vector<std::pair<std::string, double>> &work,
                                                         size_t hosts)
{
    std::vector<std::vector<std::string>> shares(hosts);
    if (hosts == 0)
        return shares;
    std::vector<std::pair<std::string, double>> longest_first = work;
    std::stable_sort(longest_first.begin(), longest_first.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    std::vector<double> load(hosts, 0.0);
    for (const auto &[lib, seconds] : longest_first) {
        const size_t least = static_cast<size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        shares[least].push_back(lib);
        load[least] += seconds;
    }
    return shares;
}

namespace {

// The hosts named on the command line, opened and checked to be one kind of system.
Result<std::vector<Host>> open_matching_hosts(HostedCampaignOptions &options)
{
    std::vector<Host> hosts;
    for (const std::string &text : options.hosts) {
        auto host = open_host(text, options);
        if (!host)
            return fail(host.error());
        hosts.push_back(std::move(*host));
    }
    std::vector<RemoteProbe> probes;
    for (const Host &h : hosts)
        probes.push_back(h.session->probe());
    if (std::string problem = different_systems_problem(probes); !problem.empty())
        return fail(problem);
    // The measured system is the host's, not this machine's: without --system-label it is named after the first host.
    if (options.campaign.system_label.empty())
        options.campaign.system_label = hosts.front().session->address().host;
    return hosts;
}

// Longest first by an earlier campaign's wall time; a calibration child for the rest.
std::vector<std::pair<std::string, double>> estimated_work(const std::vector<Host> &hosts,
                                                           const HostedCampaignOptions &options)
{
    const std::map<std::string, double> earlier =
        earlier_wall_times(options.wall_times_from.empty() ? options.campaign.out_dir : options.wall_times_from);
    std::vector<std::pair<std::string, double>> work;
    for (const std::string &local : options.campaign.libraries) {
        const auto it = earlier.find(file_name(local));
        work.emplace_back(local, it != earlier.end() ? it->second
                                 : hosts.size() > 1  ? calibrated_estimate(hosts.front(), local, options.campaign)
                                                     : 1.0);
    }
    return work;
}

// What the rounds gather for the final campaign.json.
struct HostedRounds {
    std::vector<ordered_json> blocks; // each host's last campaign block
    // Completion over all shares: those that stand, and the last round's lost
    // hosts' (superseded when another round measures their instances again).
    std::vector<ordered_json> standing, lost;
    std::vector<std::string> covered; // libraries a standing or lost block reports on
    std::vector<std::string> lost_libraries;
};

// Takes in one host's outcome of a round; returns its share's work when the host was lost.
std::vector<std::pair<std::string, double>> take_outcome(Host &host, const std::vector<std::string> &share,
                                                         const ShardOutcome &o,
                                                         const std::vector<std::pair<std::string, double>> &work,
                                                         ordered_json &block_of_host, HostedRounds &rounds)
{
    const ordered_json block = o.summary->campaign_json.empty()
                                   ? ordered_json()
                                   : ordered_json::parse(o.summary->campaign_json, nullptr, false);
    if (!block.is_null())
        block_of_host = block;
    const ordered_json completion = completion_of(block); // this round's share only
    if (!completion.is_null()) {
        (o.host_lost ? rounds.lost : rounds.standing).push_back(completion);
        auto &libraries = o.host_lost ? rounds.lost_libraries : rounds.covered;
        libraries.insert(libraries.end(), share.begin(), share.end());
    }
    std::vector<std::pair<std::string, double>> orphaned;
    if (o.host_lost) {
        host.dropped = "the connection dropped mid-campaign";
        for (const std::string &lib : share)
            for (const auto &w : work)
                if (w.first == lib)
                    orphaned.push_back(w);
    } else {
        host.measured.insert(host.measured.end(), share.begin(), share.end());
    }
    return orphaned;
}

// Tells the observer which hosts dropped out and where their orphaned work goes.
void warn_dropped_hosts(const std::vector<Host> &hosts, const std::vector<size_t> &serving, size_t orphaned,
                        CampaignObserver &observer, std::mutex &observer_mutex, CampaignSummary &summary)
{
    for (const Host &h : hosts)
        if (!h.dropped.empty() && orphaned > 0) {
            const std::string line = h.session->address().text() + " dropped out (" + h.dropped + "); " +
                                     std::to_string(orphaned) + " instance(s) go to the other hosts";
            std::lock_guard<std::mutex> lock(observer_mutex);
            CampaignEvent e;
            e.kind = CampaignEvent::Warning;
            e.host = h.session->address().text();
            e.message = serving.empty() ? h.session->address().text() + " dropped out (" + h.dropped +
                                              "); no host is left: resume with the same command"
                                        : line;
            observer.on_event(e);
            summary.problems.push_back(e.message);
        }
}

// One round: the work dealt to the serving hosts, measured in parallel; returns the lost hosts' work.
Result<std::vector<std::pair<std::string, double>>> run_round(std::vector<Host> &hosts, std::vector<size_t> &serving,
                                                              const std::vector<std::pair<std::string, double>> &work,
                                                              const HostedCampaignOptions &options,
                                                              CampaignObserver &observer, std::mutex &observer_mutex,
                                                              const std::atomic<bool> &cancel, HostedRounds &rounds,
                                                              CampaignSummary &summary)
{
    rounds.lost.clear(); // this round measures the previous round's lost work again
    rounds.lost_libraries.clear();
    const auto shares = deal(work, serving, hosts.size());
    std::vector<ShardOutcome> outcomes(hosts.size());
    std::vector<std::thread> threads;
    for (size_t h : serving)
        if (!shares[h].empty())
            threads.emplace_back(
                [&, h] { outcomes[h] = run_shard(hosts[h], shares[h], options, observer, observer_mutex, cancel); });
    for (std::thread &t : threads)
        t.join();
    std::vector<std::pair<std::string, double>> orphaned;
    for (size_t h : serving) {
        ShardOutcome &o = outcomes[h];
        if (shares[h].empty())
            continue;
        if (!o.summary)
            return fail(hosts[h].session->address().text() + ": " + o.summary.error());
        add_summary(summary, *o.summary, o.host_lost);
        auto lost_work = take_outcome(hosts[h], shares[h], o, work, rounds.blocks[h], rounds);
        orphaned.insert(orphaned.end(), lost_work.begin(), lost_work.end());
    }
    serving.erase(std::remove_if(serving.begin(), serving.end(), [&](size_t h) { return !hosts[h].dropped.empty(); }),
                  serving.end());
    warn_dropped_hosts(hosts, serving, orphaned.size(), observer, observer_mutex, summary);
    return orphaned;
}

// campaign.json over all hosts, its completion merged from every share; a write failure becomes a problem.
void write_final_campaign_json(const std::vector<Host> &hosts, HostedRounds &rounds,
                               const HostedCampaignOptions &options, CampaignSummary &summary)
{
    std::vector<ordered_json> present;
    for (const ordered_json &b : rounds.blocks)
        present.push_back(b.is_object() ? b : ordered_json::object());
    ordered_json campaign = hosted_campaign_json(hosts, present, options);
    std::vector<ordered_json> standing = rounds.standing;
    standing.insert(standing.end(), rounds.lost.begin(), rounds.lost.end());
    std::vector<std::string> covered = rounds.covered;
    covered.insert(covered.end(), rounds.lost_libraries.begin(), rounds.lost_libraries.end());
    std::vector<std::string> uncovered;
    for (const std::string &lib : options.campaign.libraries)
        if (std::find(covered.begin(), covered.end(), lib) == covered.end())
            uncovered.push_back(lib);
    campaign["completion"] = merged_completion(standing, uncovered, summary.cancelled);
    if (auto w =
            write_file_atomic((fs::path(options.campaign.out_dir) / "campaign.json").string(), campaign.dump(2) + "\n");
        !w)
        summary.problems.push_back(w.error());
}

} // namespace

Result<HostedCampaignSummary> run_hosted_campaign(const HostedCampaignOptions &given, CampaignObserver &observer,
                                                  const std::atomic<bool> &cancel)
{
    HostedCampaignOptions options = given;
    if (options.hosts.empty())
        return fail("no host given");
    if (options.campaign.out_dir.empty())
        return fail("no output folder given");
    std::error_code ec;
    fs::create_directories(options.campaign.out_dir, ec);
    if (ec)
        return fail(options.campaign.out_dir + ": cannot create: " + ec.message());
    CampaignFolderLock lock; // the shares take none: one campaign per folder, however many hosts
    if (std::string busy = lock.take(options.campaign.out_dir); !busy.empty())
        return fail(busy);
    auto opened = open_matching_hosts(options);
    if (!opened)
        return fail(opened.error());
    std::vector<Host> &hosts = *opened;
    std::vector<std::pair<std::string, double>> work = estimated_work(hosts, options);
    if (auto w = write_first_campaign_json(hosts, options); !w)
        return fail(w.error());

    HostedCampaignSummary result;
    result.summary.out_dir = options.campaign.out_dir;
    HostedRounds rounds;
    rounds.blocks.resize(hosts.size());
    std::mutex observer_mutex;
    std::vector<size_t> serving(hosts.size());
    for (size_t i = 0; i < hosts.size(); ++i)
        serving[i] = i;
    while (!work.empty() && !serving.empty() && !cancel.load()) {
        auto orphaned =
            run_round(hosts, serving, work, options, observer, observer_mutex, cancel, rounds, result.summary);
        if (!orphaned)
            return fail(orphaned.error());
        work = std::move(*orphaned);
    }
    result.summary.cancelled = cancel.load();
    write_final_campaign_json(hosts, rounds, options, result.summary);
    for (const Host &h : hosts)
        result.shares.push_back({h.session->address().text(), h.measured, h.wall_s, h.dropped});
    CampaignEvent finished;
    finished.kind = CampaignEvent::Finished;
    finished.message = result.summary.cancelled ? "cancelled" : "finished";
    finished.fraction_done = 1;
    observer.on_event(finished);
    return result;
}

} // namespace kexbench
