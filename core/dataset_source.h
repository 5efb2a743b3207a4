// SPDX-License-Identifier: GPL-3.0-or-later
// Where a dataset is, from what a person points at: a campaign folder, a
// bundle, or an ngcc-harness checkout (or its performance/ or performance/data/
// folder) plus a system label. Shared by `report`, `compare` and the workbench
// so all of them accept the same paths and say the same things.
#pragma once

#include "core/dataset.h"
#include "core/result.h"

#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// The path load_dataset should read. option names the flag that picks a system
// ("--system", "--system-a") for the message when one is needed.
Result<std::string> locate_campaign(const std::string &path, const std::optional<std::string> &system,
                                    const std::string &option = "--system");

// Campaign folders (system labels) directly inside a harness checkout's data folder.
std::vector<std::string> systems_in_checkout(const std::string &path);

struct Accounting {
    std::optional<std::vector<BandwidthEntry>> entries;
    std::string note;  // why there are no entries (shown under section 6)
    std::string error; // an explicitly named file that could not be read
};

// The named file, else the harness layout's performance/kex_bandwidth.csv two
// folders above the campaign.
Accounting load_accounting(const std::string &campaign, const std::optional<std::string> &explicit_path);

} // namespace kexbench
