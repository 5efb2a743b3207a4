# SPDX-License-Identifier: GPL-3.0-or-later
# The layers of core/ are one-way (cmake/KexbenchLayerMap.cmake): a layer's
# library is compiled only after its include check passed, and the check runs
# again whenever one of its files changes, so an upward include fails the
# build naming the file and the line.
include(KexbenchLayerMap)

function(kexbench_check_layer_includes target layer)
  file(GLOB files CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/core/${layer}/*.h" "${CMAKE_SOURCE_DIR}/core/${layer}/*.cpp")
  set(stamp "${CMAKE_CURRENT_BINARY_DIR}/layer-check-${layer}.stamp")
  add_custom_command(OUTPUT "${stamp}"
    COMMAND "${CMAKE_COMMAND}" -DCORE_DIR=${CMAKE_SOURCE_DIR}/core -DLAYER=${layer} -DSTAMP=${stamp}
            -P "${CMAKE_SOURCE_DIR}/cmake/KexbenchLayerCheck.cmake"
    DEPENDS ${files} "${CMAKE_SOURCE_DIR}/cmake/KexbenchLayerCheck.cmake" "${CMAKE_SOURCE_DIR}/cmake/KexbenchLayerMap.cmake"
    COMMENT "Checking the includes of core/${layer}/"
    VERBATIM)
  add_custom_target(${target}_layer_check DEPENDS "${stamp}")
  add_dependencies(${target} ${target}_layer_check)
endfunction()
