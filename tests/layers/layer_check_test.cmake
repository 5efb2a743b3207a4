# SPDX-License-Identifier: GPL-3.0-or-later
# The include check of core/'s layers (cmake/KexbenchLayerCheck.cmake), run as
# the build runs it: it passes on the tree as it is, and fails, naming the file
# and the line, on a copy with one upward include and on one with a Qt include.
#   cmake -DSOURCE_DIR=<repo> -DBINARY_DIR=<build tree> -DWORK_DIR=<scratch> -P layer_check_test.cmake
cmake_minimum_required(VERSION 3.25)
include("${SOURCE_DIR}/cmake/KexbenchLayerMap.cmake")
set(check "${SOURCE_DIR}/cmake/KexbenchLayerCheck.cmake")

function(run_check core layer out_result out_text)
  execute_process(COMMAND "${CMAKE_COMMAND}" -DCORE_DIR=${core} -DLAYER=${layer} -P "${check}"
                  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${out_result} "${result}" PARENT_SCOPE)
  set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()

# The tree as it is: every layer passes, and the build ran every check.
foreach(layer IN LISTS KEXBENCH_CORE_LAYERS)
  run_check("${SOURCE_DIR}/core" ${layer} result text)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "core/${layer}/ fails its include check:\n${text}")
  endif()
  if(NOT EXISTS "${BINARY_DIR}/core/layer-check-${layer}.stamp")
    message(FATAL_ERROR "the build did not run the include check of core/${layer}/ (no ${BINARY_DIR}/core/layer-check-${layer}.stamp)")
  endif()
endforeach()

# A copy with one upward include: data/record.cpp includes the campaign layer.
file(REMOVE_RECURSE "${WORK_DIR}")
file(COPY "${SOURCE_DIR}/core" DESTINATION "${WORK_DIR}")
file(APPEND "${WORK_DIR}/core/data/record.cpp" "#include \"core/campaign/campaign.h\"\n")
run_check("${WORK_DIR}/core" data result text)
if(result EQUAL 0)
  message(FATAL_ERROR "an upward include (core/data/record.cpp -> core/campaign/) passed the check")
endif()
foreach(expected "core/data/record.cpp: #include \"core/campaign/campaign.h\" reaches up into core/campaign/"
                 "core/data/ may use: data, base")
  string(FIND "${text}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the check's message lacks '${expected}':\n${text}")
  endif()
endforeach()
# The layer below is not blamed for it.
run_check("${WORK_DIR}/core" base result text)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "core/base/ was blamed for data's include:\n${text}")
endif()

# A copy with Qt in core.
file(APPEND "${WORK_DIR}/core/base/format.h" "#include <QString>\n")
run_check("${WORK_DIR}/core" base result text)
string(FIND "${text}" "core/base/format.h: #include <QString> (core/ has no Qt" at)
if(result EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "a Qt include in core/base/format.h was not named:\n${text}")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
message(STATUS "core/ layers: the tree passes; an upward include and a Qt include fail, named")
