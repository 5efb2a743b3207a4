// SPDX-License-Identifier: GPL-3.0-or-later
// Names in a campaign folder that layers above data share: the campaign loop
// (core/campaign) holds the lock, bundles (core/data/bundle.h) leave it out.
#pragma once

namespace kexbench {

// The lock file of a campaign folder (held with flock while a campaign runs;
// never part of a bundle: it is about this machine, not the evidence).
inline constexpr const char *kCampaignLockFile = ".kexbench.lock";

} // namespace kexbench
