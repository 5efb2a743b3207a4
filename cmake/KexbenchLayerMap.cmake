# SPDX-License-Identifier: GPL-3.0-or-later
# The layers of core/, bottom first, and which layers each may include. The
# one home of this rule: core/CMakeLists.txt builds a library per layer from
# it and cmake/KexbenchLayerCheck.cmake checks every include against it.
set(KEXBENCH_CORE_LAYERS base data analysis campaign build runner)
set(KEXBENCH_LAYER_USES_base "")
set(KEXBENCH_LAYER_USES_data base)
set(KEXBENCH_LAYER_USES_analysis base data)
set(KEXBENCH_LAYER_USES_campaign base data analysis)
set(KEXBENCH_LAYER_USES_build base data analysis campaign)
set(KEXBENCH_LAYER_USES_runner base data analysis campaign)
