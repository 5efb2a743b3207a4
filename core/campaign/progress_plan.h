// SPDX-License-Identifier: GPL-3.0-or-later
// The work a campaign expects, in seconds of children's wall time: the unit of
// its progress bar and ETA. Every child a campaign starts is in the plan: the
// KAT check and calibration of each instance, every trial (a disturbed trial's
// retry is added when it is queued, by the end-of-campaign sweep too), the
// stack child of each operation and the hash/DRNG profile child. Before an
// instance is calibrated its work is assumed from the options alone (the same
// figures the Run page shows before Start); its calibration replaces that.
#pragma once

#include "core/campaign/planner.h"

namespace kexbench {

struct CampaignOptions;

// Figures for an operation whose call time is not known yet.
inline constexpr double kAssumedCallS = 1e-3;
// A runner child's start, load and exit around its timed calls.
inline constexpr double kAssumedChildSetupS = 0.1;

// The KAT check, the describe and the calibration child of one instance.
double instance_preparation_s(const CampaignOptions &options);
// One trial child of a calibrated operation (its plan's estimate per trial).
double trial_work_s(const Plan &plan);
// The memory (stack/heap) child of an operation and the profile child of an exchange: one
// child each running a few calls.
double stack_child_s(const CampaignOptions &options, double t1, double setup_s);
double profile_child_s(const CampaignOptions &options, double t1, double setup_s);
// The trials an operation is planned with before any has run: fixed mode its
// plan's trials, adaptive mode the fewest it may stop at.
int planned_trials(const CampaignOptions &options, const Plan &plan);

// One operation's whole work, assumed before calibration (trials and stack
// child); adaptive_high: an adaptive operation that runs to its budget.
double assumed_operation_s(const CampaignOptions &options, bool adaptive_high = false);

} // namespace kexbench
