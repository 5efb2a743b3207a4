# SPDX-License-Identifier: GPL-3.0-or-later
# Candidate code runs only in runner children: kexbench_runner_side (core/runner/,
# the dlopen loader and everything that calls into a loaded instance) may be
# linked by kexbench-runner alone. kexbench_check_not_linked() fails the
# configure step when one of the given targets reaches the forbidden library
# through its link libraries, naming the chain that leads there.

# Link items are target names, generator expressions, paths and flags; keep
# the names of targets. $<LINK_ONLY:x> (how a static library's private
# dependencies reach its users) counts as linking x.
function(_kexbench_link_targets target out)
  set(items)
  foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
    get_target_property(libs ${target} ${property})
    if(libs)
      list(APPEND items ${libs})
    endif()
  endforeach()
  set(found)
  foreach(item IN LISTS items)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.+)>$" "\\1" item "${item}")
    if(NOT TARGET "${item}")
      continue()
    endif()
    get_target_property(aliased "${item}" ALIASED_TARGET)
    if(aliased)
      set(item "${aliased}")
    endif()
    # Imported targets (Qt, OpenSSL, ...) cannot lead back to ours.
    get_target_property(imported "${item}" IMPORTED)
    if(NOT imported)
      list(APPEND found "${item}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES found)
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# Breadth-first from `target`; `path` of each queued target is the chain to it.
function(_kexbench_find_link_path target forbidden out)
  set(queue "${target}")
  set(seen "${target}")
  set(path_${target} "${target}")
  while(queue)
    list(POP_FRONT queue current)
    _kexbench_link_targets(${current} next)
    foreach(dep IN LISTS next)
      if(dep IN_LIST seen)
        continue()
      endif()
      list(APPEND seen "${dep}")
      set(path_${dep} "${path_${current}} -> ${dep}")
      if(dep STREQUAL forbidden)
        set(${out} "${path_${dep}}" PARENT_SCOPE)
        return()
      endif()
      list(APPEND queue "${dep}")
    endforeach()
  endwhile()
  set(${out} "" PARENT_SCOPE)
endfunction()

function(kexbench_check_not_linked forbidden)
  foreach(target IN LISTS ARGN)
    if(NOT TARGET ${target})
      continue()
    endif()
    _kexbench_find_link_path(${target} ${forbidden} path)
    if(path)
      message(FATAL_ERROR
        "${target} links ${forbidden} (${path}). Only kexbench-runner may link it: "
        "the CLI and the workbench never load candidate code, they ask runner children "
        "(core/campaign/runner_client.h). Move what ${target} needs out of core/runner/ "
        "into kexbench_core.")
    endif()
  endforeach()
endfunction()
