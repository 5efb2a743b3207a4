// SPDX-License-Identifier: GPL-3.0-or-later
// Describing a loaded instance library (runner children only). The description
// itself is plain data the parent holds: core/campaign/instance_info.h.
#pragma once

#include "core/campaign/instance_info.h"
#include "core/runner/instance.h"

namespace kexbench {

InstanceInfo describe_loaded(const Instance &inst);

} // namespace kexbench
