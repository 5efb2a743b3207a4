// SPDX-License-Identifier: GPL-3.0-or-later
// A campaign on one or more other hosts over ssh (core/campaign/remote.h): the hosts of
// one system share it, instances dealt out greedily, longest first, by an
// earlier campaign's wall time (unknown ones by a calibration child), all
// operations of one instance on one host. Records are written locally as the
// answers arrive; a host that drops out hands its unfinished instances to the
// others and nothing measured is lost. Hosts of different architectures or
// CPU models are refused: they are two systems, two datasets.
#pragma once

#include "core/campaign/campaign.h"
#include "core/campaign/remote.h"

#include <atomic>
#include <string>
#include <vector>

namespace kexbench {

struct HostedCampaignOptions {
    CampaignOptions campaign;       // libraries are this machine's builds; each host gets its architecture's namesakes
    std::vector<std::string> hosts; // "[user@]host[:port]", at least one
    RemoteOptions remote;           // ssh -F config, control folder, cache folder
    std::string wall_times_from;    // an earlier campaign folder to deal by; empty: the out folder's own records
};

// Per host: which instances it measured (library file names) and how it ended.
struct HostShare {
    std::string host;
    std::vector<std::string> instances;
    double wall_s = 0;
    std::string dropped; // why the host dropped out mid-campaign; empty when it did not
};

struct HostedCampaignSummary {
    CampaignSummary summary;
    std::vector<HostShare> shares;
};

// Why these hosts cannot share one campaign (another architecture or CPU
// model than the first host's), naming both; empty when they are one system.
std::string different_systems_problem(const std::vector<RemoteProbe> &probes);

// Greedy longest-processing-time dealing of (library, expected seconds): the
// longest first, each to the host with the least work so far (the first such
// host on a tie). Returns each host's libraries in the order dealt.
std::vector<std::vector<std::string>> deal_longest_first(const std::vector<std::pair<std::string, double>> &work,
                                                         size_t hosts);

Result<HostedCampaignSummary> run_hosted_campaign(const HostedCampaignOptions &options, CampaignObserver &observer,
                                                  const std::atomic<bool> &cancel);

} // namespace kexbench
