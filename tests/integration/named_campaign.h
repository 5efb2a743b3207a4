// SPDX-License-Identifier: GPL-3.0-or-later
// A real kexbench campaign of the fixture named like a published instance
// (tests/fixtures/named-family: the toy exchange as TriQ-KEX-128, family
// TriQ-KEX), measured by `kexbench-cli run` from a copy of the library. With a
// candidate id the copy gets the lib<name>.so.build.json sidecar that
// `build-instance --candidate` writes (core/campaign/build_info.h), so the campaign uses
// that id as a rebuilt submission's campaign does; without one the campaign
// derives its id from the family ("triq-kex").
#pragma once

#include "cli_helpers.h"

#include "core/campaign/build_info.h"
#include "core/base/digest.h"
#include "core/base/fsutil.h"

#include <filesystem>
#include <string>

namespace kexbench::test {

inline const std::string kNamedInstance = "TriQ-KEX-128";

struct NamedCampaign {
    std::string folder;  // the campaign folder
    std::string problem; // empty when the campaign was measured
};

// Measures the exchange of the fixture (2 short trials, no stack or profile
// run) into `folder`, with system label `system`; the library copy goes to
// <folder>-lib/ so nothing is left in the shared fixture folder.
inline NamedCampaign measure_named_fixture(const std::string &folder, const std::string &system,
                                           const std::string &candidate = {})
{
    namespace fs = std::filesystem;
    NamedCampaign c{folder, {}};
    const fs::path lib_dir = folder + "-lib";
    const fs::path lib = lib_dir / ("lib" + kNamedInstance + ".so");
    std::error_code ec;
    fs::create_directories(lib_dir, ec);
    fs::copy_file(fixture(kNamedInstance), lib, fs::copy_options::overwrite_existing, ec);
    if (ec) {
        c.problem = "cannot copy " + fixture(kNamedInstance) + ": " + ec.message();
        return c;
    }
    if (!candidate.empty()) {
        auto bytes = read_file(lib.string());
        if (!bytes) {
            c.problem = bytes.error();
            return c;
        }
        BuildInfo info;
        info.candidate = candidate;
        info.instance = kNamedInstance;
        info.algorithm = "TriQ-KEX";
        info.variant = "reference";
        info.flags = "guide";
        info.library_sha256 = sha256_hex(*bytes);
        info.kat_note = "no KAT vectors supplied";
        if (auto written = write_build_info(lib.string(), info); !written) {
            c.problem = written.error();
            return c;
        }
    }
    const ProcessResult run =
        run_cli({"run", "--instance", lib.string(), "--op", "exchange", "--target", "0.002", "--trials", "2",
                 "--no-memory", "--no-profile", "--system-label", system, "--out", folder},
                false, 120);
    if (run.exit_code != 0)
        c.problem = "kexbench-cli run exited " + std::to_string(run.exit_code) + ":\n" + run.err + run.out;
    return c;
}

} // namespace kexbench::test
