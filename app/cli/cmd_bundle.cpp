// SPDX-License-Identifier: GPL-3.0-or-later
// bundle / unbundle: carry a campaign between machines (an ARM board without
// Qt measures, the workbench elsewhere analyses) as one compressed file.
#include "cli.h"

#include "core/data/dataset.h"

#include <cstdio>
#include <filesystem>

namespace kexbench::cli {

namespace {

const char *kBundleHelp = "usage: kexbench-cli bundle CAMPAIGN_DIR OUT.kxb\n"
                          "\n"
                          "Packs every file of a campaign folder into one zlib-compressed bundle.\n";
const char *kUnbundleHelp = "usage: kexbench-cli unbundle BUNDLE.kxb TARGET_DIR\n"
                            "\n"
                            "Unpacks a bundle into TARGET_DIR, which must be new or an empty folder. Entries\n"
                            "whose paths are absolute or escape TARGET_DIR, and bundles that inflate past\n"
                            "1 GiB, are refused with the reason. The files are unpacked beside TARGET_DIR and\n"
                            "moved into place only when the whole bundle checked out: a truncated, corrupt or\n"
                            "refused bundle leaves nothing behind.\n";

int two_paths(const std::vector<std::string> &argv, const char *name, const char *help,
              Result<uint64_t> (*action)(const std::string &, const std::string &))
{
    Args args(argv, {}, {"--help", "-h"});
    if (!args.ok())
        return usage_error(name, args.error());
    if (args.flag("--help") || args.flag("-h")) {
        std::fputs(help, stdout);
        return kExitOk;
    }
    if (args.positional().size() != 2)
        return usage_error(name, "expects two paths");
    auto done = action(args.positional()[0], args.positional()[1]);
    if (!done) {
        std::fprintf(stderr, "kexbench-cli %s: %s\n", name, done.error().c_str());
        return kExitFailure;
    }
    std::error_code ec;
    const auto size = std::filesystem::is_regular_file(args.positional()[1], ec)
                          ? std::filesystem::file_size(args.positional()[1], ec)
                          : 0;
    std::printf("%s: %llu file(s)%s\n", args.positional()[1].c_str(), static_cast<unsigned long long>(*done),
                size ? (", " + std::to_string(size) + " bytes").c_str() : "");
    return kExitOk;
}

int cmd_bundle(const std::vector<std::string> &argv)
{
    return two_paths(argv, "bundle", kBundleHelp,
                     [](const std::string &dir, const std::string &out) { return write_bundle(dir, out); });
}

int cmd_unbundle(const std::vector<std::string> &argv)
{
    return two_paths(argv, "unbundle", kUnbundleHelp,
                     [](const std::string &in, const std::string &dir) { return extract_bundle(in, dir); });
}

const bool registered_bundle =
    register_command({"bundle", "pack a campaign folder into one compressed file", cmd_bundle});
const bool registered_unbundle =
    register_command({"unbundle", "unpack a bundle (refusing paths that escape the target)", cmd_unbundle});

} // namespace
} // namespace kexbench::cli
