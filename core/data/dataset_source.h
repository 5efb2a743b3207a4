// SPDX-License-Identifier: GPL-3.0-or-later
// Where a dataset is, from what a person points at: a campaign folder, a
// bundle, or an ngcc-harness checkout (or its performance/ or performance/data/
// folder) plus a system label. Shared by `report`, `compare` and the workbench
// so all of them accept the same paths and say the same things.
#pragma once

#include "core/data/dataset.h"
#include "core/base/result.h"

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
    std::string path;  // the file read or looked for; empty when there was none to look for
    std::string note;  // why there are no entries (shown under section 6)
    std::string error; // an explicitly named file that could not be read
};

// The named file; else <campaign>/kex_bandwidth.csv; else, only when the
// campaign sits in the harness layout (two folders up is named performance, as
// in performance/data/<system>/), performance/kex_bandwidth.csv. Anywhere else
// there is no default, and the note says how to give one. The CLI and the
// workbench both call this, so they look in the same places and say the same.
Accounting load_accounting(const std::string &campaign, const std::optional<std::string> &explicit_path);

} // namespace kexbench
