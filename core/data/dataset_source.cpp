// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/data/dataset_source.h"
#include "core/base/text.h"

#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace kexbench {

namespace {

bool is_campaign_dir(const fs::path &dir)
{
    std::error_code ec;
    return fs::is_regular_file(dir / "campaign.json", ec) || fs::is_directory(dir / "records", ec) ||
           fs::is_regular_file(dir / "build.json", ec);
}

std::vector<std::string> systems_in(const fs::path &dir)
{
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec))
        if (entry.is_directory(ec) && is_campaign_dir(entry.path()))
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// performance/data of a checkout, data/ of performance/, or dir itself when it holds systems.
std::optional<fs::path> data_dir(const fs::path &dir)
{
    std::error_code ec;
    for (const auto &candidate : {dir / "performance" / "data", dir / "data"})
        if (fs::is_directory(candidate, ec))
            return candidate;
    if (!systems_in(dir).empty())
        return dir;
    return std::nullopt;
}

Result<std::string> pick_system(const fs::path &dir, const std::optional<std::string> &system,
                                const std::string &option)
{
    const auto data = data_dir(dir);
    if (!data)
        return fail(std::string("not a campaign folder, bundle or harness checkout: ").append(dir.string()));
    const auto names = systems_in(*data);
    if (!system && names.size() == 1)
        return (*data / names.front()).string();
    if (!system)
        return fail("pick a system with " + option + " (" + names_or_none(names) + " in " + data->string() + ")");
    if (is_campaign_dir(*data / *system))
        return (*data / *system).string();
    return fail("no system " + *system + " in " + data->string() + " (" + names_or_none(names) + ")");
}

} // namespace

Result<std::string> locate_campaign(const std::string &path, const std::optional<std::string> &system,
                                    const std::string &option)
{
    std::error_code ec;
    if (fs::is_regular_file(path, ec))
        return path;
    if (!fs::is_directory(path, ec))
        return fail(std::string("no such file or directory: ").append(path));
    if (is_campaign_dir(path))
        return path;
    return pick_system(path, system, option);
}

std::vector<std::string> systems_in_checkout(const std::string &path)
{
    auto data = data_dir(path);
    return data ? systems_in(*data) : std::vector<std::string>{};
}

namespace {

const char *const kAccountingFile = "kex_bandwidth.csv";

// The harness publishes performance/kex_bandwidth.csv beside performance/data/<system>/.
bool in_harness_layout(const fs::path &campaign_dir)
{
    return campaign_dir.parent_path().parent_path().filename() == "performance";
}

// Where to look when no file is named; empty when nowhere is a default.
std::string default_accounting_path(const std::string &campaign)
{
    std::error_code ec;
    fs::path dir = fs::absolute(campaign, ec).lexically_normal();
    if (!dir.has_filename()) // "data/arm_1/" names the same folder as "data/arm_1"
        dir = dir.parent_path();
    if (!fs::is_directory(dir, ec)) // a bundle carries no accounting file kexbench reads
        return {};
    if (fs::is_regular_file(dir / kAccountingFile, ec))
        return (dir / kAccountingFile).string();
    if (in_harness_layout(dir))
        return (dir.parent_path().parent_path() / kAccountingFile).string();
    return {};
}

} // namespace

Accounting load_accounting(const std::string &campaign, const std::optional<std::string> &explicit_path)
{
    Accounting a;
    a.path = explicit_path ? *explicit_path : default_accounting_path(campaign);
    std::error_code ec;
    if (a.path.empty()) {
        a.note = "(No accounting file was given: pass a kex_bandwidth.csv with --accounting FILE, or put one in "
                 "the campaign folder.)";
        return a;
    }
    if (!explicit_path && !fs::is_regular_file(a.path, ec)) {
        a.note = "(No kex_bandwidth.csv was found at " + a.path + "; pass one with --accounting.)";
        return a;
    }
    auto rows = read_bandwidth_csv(a.path);
    if (!rows) {
        if (explicit_path)
            a.error = rows.error();
        else
            a.note = "(The accounting file could not be read: " + rows.error() + ")";
        return a;
    }
    a.entries = std::move(rows.value());
    return a;
}

} // namespace kexbench
