// SPDX-License-Identifier: GPL-3.0-or-later
// The short real campaigns GUI tests run as fixtures: built-in instances in
// runner children, fixed-mode trials of 10 ms, no disturbance retries (those
// have tests of their own; on a busy machine they would multiply the fixture).
#pragma once

#include "core/campaign/campaign.h"
#include "core/data/dataset.h"

#include <gtest/gtest.h>

#include <atomic>
#include <initializer_list>
#include <memory>
#include <string>

namespace kexbench::ui::test {

// The options of such a campaign of the named built-in instances into out_dir;
// callers change what their test needs (operations, counter, KAT, stack).
inline CampaignOptions shortCampaignOptions(std::initializer_list<const char *> instances, const std::string &label,
                                            const std::string &out_dir)
{
    CampaignOptions o;
    for (const char *name : instances)
        o.libraries.push_back(std::string(KEXBENCH_INSTANCE_DIR) + "/lib" + name + ".so");
    o.mode = "fixed";
    o.planning.trial_target_s = 0.01;
    o.planning.op_budget_s = 30;
    o.retries = 0;
    o.system_label = label;
    o.out_dir = out_dir;
    return o;
}

// Runs the campaign and loads its folder; nullptr (and a test failure) when either fails.
inline std::shared_ptr<const Dataset> runAndLoad(const CampaignOptions &options)
{
    struct Quiet : CampaignObserver {
        void on_event(const CampaignEvent &) override {}
    } observer;
    std::atomic<bool> cancel{false};
    if (auto summary = run_campaign(options, observer, cancel); !summary) {
        ADD_FAILURE() << summary.error();
        return nullptr;
    }
    auto d = load_dataset(options.out_dir);
    if (!d) {
        ADD_FAILURE() << d.error();
        return nullptr;
    }
    return std::make_shared<const Dataset>(std::move(d.value()));
}

} // namespace kexbench::ui::test
