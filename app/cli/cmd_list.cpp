// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include "core/base/discovery.h"
#include "core/campaign/campaign.h"
#include "core/campaign/runner_client.h"
#include "core/base/text_table.h"

#include <cstdio>

namespace kexbench::cli {

namespace {

const char *kHelp = "usage: kexbench-cli list [--group NAME]\n"
                    "\n"
                    "Lists every instance library found, one row each: instance, family, claimed passes,\n"
                    "public-key, secret-key, shared-secret and message capacity in bytes (the kex_get_*\n"
                    "getters), and the library path. Libraries that cannot be loaded are named on stderr\n"
                    "with the reason. --group keeps one group (builtin, baseline, submission).\n";

} // namespace

namespace {

int cmd_list(const std::vector<std::string> &argv)
{
    Args args(argv, {"--group"}, {"--help", "-h"});
    if (!args.ok())
        return usage_error("list", args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(kHelp, stdout);
        return kExitOk;
    }
    if (!args.positional().empty())
        return usage_error("list", "unexpected argument " + args.positional().front());

    const DiscoveredFiles found = discover_instance_files(instance_search_path());
    TextTable table({"instance", "family", "passes", "pk B", "sk B", "ss B", "msg B", "library"});
    table.align_right({2, 3, 4, 5, 6});
    int unusable = 0;
    std::vector<LibraryIdentity> listed;
    for (const auto &lib : found.libraries) {
        auto info = describe_instance(lib);
        if (!info) {
            std::fprintf(stderr, "skipped %s\n", info.error().c_str());
            ++unusable;
            continue;
        }
        if (auto group = args.value("--group"); group && info->meta.group != *group)
            continue;
        listed.push_back({lib, info->meta, library_sha256(lib)});
        const auto &c = info->caps;
        table.add_row({info->meta.instance, info->meta.family, std::to_string(c.passes), std::to_string(c.pk),
                       std::to_string(c.sk), std::to_string(c.ss), std::to_string(c.total_msg), lib});
    }
    std::fputs(table.render().c_str(), stdout);
    // Two rows with one name are two different libraries: say which, as run and kat refuse them.
    for (const IdentityClash &clash : find_identity_clashes(listed))
        std::fprintf(stderr, "WARNING: %s\n", clash.message.c_str());
    std::printf("%zu instance(s)%s\n", table.rows(),
                unusable ? (", " + std::to_string(unusable) + " library(ies) skipped").c_str() : "");
    return kExitOk;
}

const bool registered = register_command({"list", "the instances kexbench finds, with passes and sizes", cmd_list});

} // namespace
} // namespace kexbench::cli
