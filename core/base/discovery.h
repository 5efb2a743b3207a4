// SPDX-License-Identifier: GPL-3.0-or-later
// Where kexbench finds instance libraries, KAT manifests and its runner:
// KEXBENCH_INSTANCE_PATH first, then lib/kexbench/instances beside bin/ of
// the running executable (the same layout in the build and install trees).
#pragma once

#include "core/base/result.h"

#include <string>
#include <vector>

namespace kexbench {

// Directory of the running executable.
std::string executable_dir();

// Directories and files searched, in order, without duplicates.
std::vector<std::string> instance_search_path();
// The built-in instances beside the executable: <bin>/../lib/kexbench/instances.
std::string builtin_instance_dir();
// The verdict self-check's workloads (kex/selfcheck): <builtin_instance_dir()>/selfcheck,
// which discovery does not list.
std::string selfcheck_instance_dir();
// Where kexbench keeps what it makes for this user: $XDG_DATA_HOME/kexbench, else
// ~/.local/share/kexbench (the workbench's data home, ui/datahome.h, by the same rule).
std::string user_data_home();

struct DiscoveredFiles {
    std::vector<std::string> libraries; // lib*.so, natural order within each directory
    std::vector<std::string> manifests; // *.kat.sha256
};

DiscoveredFiles discover_instance_files(const std::vector<std::string> &search_path);

// The runner executable: $KEXBENCH_RUNNER, else kexbench-runner beside this executable.
std::string runner_path();

// "ADKEX-128" < "ADKEX-256" < "ADKEX-1024": digit runs compare as numbers.
bool natural_less(const std::string &a, const std::string &b);

} // namespace kexbench

namespace kexbench {

// A library path as given (contains '/' or ends in .so), or the discovered
// lib<name>.so. Refused, naming why: no such library, or two different
// libraries (by content) both lib<name>.so in the search path, naming both
// paths and their sha256 (the first would silently win: an impostor put on
// KEXBENCH_INSTANCE_PATH would replace a built-in). Every lookup of a name
// the user typed goes through here (the CLI's run, kat, ct, bench); the
// workbench lists described libraries instead and marks two that call
// themselves by one name (find_identity_clashes in core/campaign/campaign.h).
Result<std::string> resolve_instance(const std::string &name_or_path, const DiscoveredFiles &found);

// What a campaign measures when nobody chose: one built-in, the national classical
// baseline and one post-quantum baseline, so every first report has references.
// `kexbench-cli run` without --instance and the workbench's first start use it.
const std::vector<std::string> &default_selection();

} // namespace kexbench
