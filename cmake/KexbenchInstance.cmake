# SPDX-License-Identifier: GPL-3.0-or-later
# kexbench_add_instance(NAME <ALGORITHM_INSTANCE>
#   SOURCES <files...> [LIBRARIES <targets...>] [DEFINITIONS <defs...>]
#   [DISPLAY_NAME <text>] [FAMILY <text>] [PARAMETER_SET <text>] [SECURITY_BITS <n>]
#   [GROUP builtin|baseline|fixture] [VARIANT <text>] [KAT_MANIFEST <file>] [FIXTURE])
#
# Builds lib<NAME>.so: the instance's sources, the clean-room ICCS layer and the
# kexbench shim (DRNG global, seeding entry, metadata block). Only the ICCS KEX API
# and the shim are exported. FIXTURE instances go to the test tree, hidden from users.
#
# Every other instance also gets a profiled variant, <out_dir>/profiled/lib<NAME>.so:
# the same objects plus kex/profile/wrap.c, linked with -Wl,--wrap for the ICCS
# hash functions and the DRNG, exactly as `kexbench-cli build-instance` links
# submissions. Discovery reads only the top folder, so users see one instance.

set(KEXBENCH_SHIM_SOURCE "${CMAKE_CURRENT_LIST_DIR}/../kex/shim/kexbench_shim.c")
set(KEXBENCH_EXPORTS_MAP "${CMAKE_CURRENT_LIST_DIR}/../kex/shim/exports.map")
get_filename_component(KEXBENCH_SHIM_SOURCE "${KEXBENCH_SHIM_SOURCE}" ABSOLUTE)
get_filename_component(KEXBENCH_EXPORTS_MAP "${KEXBENCH_EXPORTS_MAP}" ABSOLUTE)
get_filename_component(KEXBENCH_PROFILE_WRAP_SOURCE "${CMAKE_CURRENT_LIST_DIR}/../kex/profile/wrap.c" ABSOLUTE)
option(KEXBENCH_PROFILED_VARIANTS "Also build profiled/lib<NAME>.so (hash/DRNG wrappers) for every built-in instance" ON)

# The functions a profiled build wraps; every instance links the whole ICCS layer, so all are defined.
set(KEXBENCH_PROFILE_WRAPPED sm3hash pseudohash pseudoXOF get_random_number)

function(kexbench_instance_link_options target)
  set(opts "LINKER:--version-script=${KEXBENCH_EXPORTS_MAP}" "LINKER:-Bsymbolic"
           "LINKER:-z,noexecstack" "LINKER:-z,relro")
  # Sanitizer runtimes resolve their symbols from the executable, so a
  # sanitized shared object has undefined symbols by design.
  if(NOT CMAKE_C_FLAGS MATCHES "-fsanitize" AND NOT CMAKE_CXX_FLAGS MATCHES "-fsanitize")
    list(APPEND opts "LINKER:--no-undefined")
  endif()
  target_link_options(${target} PRIVATE ${opts})
endfunction()

# The profiled twin of <target>: same sources and definitions, its own shim
# (variant "profiled"), the wrappers, and --wrap for each wrapped function.
function(_kexbench_add_profiled_variant target name out_dir sources libraries definitions shim_defs)
  set(ptarget ${target}_profiled)
  set(shim "${CMAKE_CURRENT_BINARY_DIR}/${ptarget}_shim.c")
  file(CONFIGURE OUTPUT "${shim}" CONTENT "#include \"${KEXBENCH_SHIM_SOURCE}\"\n")
  add_library(${ptarget} MODULE ${sources} "${shim}" "${KEXBENCH_PROFILE_WRAP_SOURCE}")
  set_target_properties(${ptarget} PROPERTIES
    OUTPUT_NAME "${name}" PREFIX "lib"
    LIBRARY_OUTPUT_DIRECTORY "${out_dir}/profiled")
  target_include_directories(${ptarget} PRIVATE "${CMAKE_SOURCE_DIR}/kex/shim")
  target_compile_definitions(${ptarget} PRIVATE ${definitions})
  set_source_files_properties("${shim}" PROPERTIES COMPILE_DEFINITIONS "${shim_defs}")
  target_link_libraries(${ptarget} PRIVATE kexbench_iccs ${libraries})
  kexbench_instance_link_options(${ptarget})
  foreach(fn ${KEXBENCH_PROFILE_WRAPPED})
    target_link_options(${ptarget} PRIVATE "LINKER:--wrap=${fn}")
  endforeach()
  set_property(GLOBAL APPEND PROPERTY KEXBENCH_INSTANCE_TARGETS ${ptarget})
  install(TARGETS ${ptarget} LIBRARY DESTINATION "${KEXBENCH_INSTANCE_SUBDIR}/profiled")
endfunction()

function(kexbench_add_instance)
  # EXCLUDE_FROM_ALL (fixtures only): built on demand, into OUTPUT_DIRECTORY,
  # and not among the instances the integration tests depend on.
  cmake_parse_arguments(ARG "FIXTURE;EXCLUDE_FROM_ALL"
    "NAME;DISPLAY_NAME;FAMILY;PARAMETER_SET;SECURITY_BITS;GROUP;VARIANT;KAT_MANIFEST;OUTPUT_DIRECTORY;SUBDIR"
    "SOURCES;LIBRARIES;DEFINITIONS" ${ARGN})
  if(NOT ARG_NAME OR NOT ARG_SOURCES)
    message(FATAL_ERROR "kexbench_add_instance: NAME and SOURCES are required")
  endif()
  if(NOT ARG_NAME MATCHES "^[A-Za-z0-9_-]+$")
    message(FATAL_ERROR "kexbench_add_instance: '${ARG_NAME}' is not a valid ALGORITHM_INSTANCE")
  endif()
  foreach(var DISPLAY_NAME FAMILY PARAMETER_SET)
    if(NOT ARG_${var})
      set(ARG_${var} "${ARG_NAME}")
    endif()
  endforeach()
  if(NOT ARG_SECURITY_BITS)
    set(ARG_SECURITY_BITS 0)
  endif()
  if(NOT ARG_VARIANT)
    set(ARG_VARIANT reference)
  endif()
  if(ARG_EXCLUDE_FROM_ALL AND NOT ARG_FIXTURE)
    message(FATAL_ERROR "kexbench_add_instance: EXCLUDE_FROM_ALL is for fixtures only")
  endif()
  if(ARG_FIXTURE)
    set(ARG_GROUP fixture)
    set(out_dir "${KEXBENCH_FIXTURE_DIR}")
    if(ARG_OUTPUT_DIRECTORY)
      set(out_dir "${ARG_OUTPUT_DIRECTORY}")
    endif()
  else()
    if(NOT ARG_GROUP)
      set(ARG_GROUP builtin)
    endif()
    set(out_dir "${KEXBENCH_INSTANCE_DIR}")
  endif()
  # SUBDIR (built-ins only): a folder below the instances, which discovery does
  # not list: kexbench's own workloads (the verdict self-check), not algorithms.
  set(install_dir "${KEXBENCH_INSTANCE_SUBDIR}")
  if(ARG_SUBDIR)
    if(ARG_FIXTURE)
      message(FATAL_ERROR "kexbench_add_instance: SUBDIR is for built-ins only")
    endif()
    set(out_dir "${out_dir}/${ARG_SUBDIR}")
    set(install_dir "${install_dir}/${ARG_SUBDIR}")
  endif()

  string(MAKE_C_IDENTIFIER "kexinst_${ARG_NAME}" target)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" build_type)
  string(STRIP "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${build_type}}" flags)

  # Source-file properties are per directory, and one folder adds several
  # instances: each gets its own shim translation unit to carry its metadata.
  set(shim "${CMAKE_CURRENT_BINARY_DIR}/${target}_shim.c")
  file(CONFIGURE OUTPUT "${shim}" CONTENT "#include \"${KEXBENCH_SHIM_SOURCE}\"\n")

  set(exclude)
  if(ARG_EXCLUDE_FROM_ALL)
    set(exclude EXCLUDE_FROM_ALL)
  endif()
  add_library(${target} MODULE ${exclude} ${ARG_SOURCES} "${shim}")
  # Visibility stays default: the version script alone decides what leaves the library.
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME "${ARG_NAME}" PREFIX "lib"
    LIBRARY_OUTPUT_DIRECTORY "${out_dir}")
  target_include_directories(${target} PRIVATE "${CMAKE_SOURCE_DIR}/kex/shim")
  target_compile_definitions(${target} PRIVATE ${ARG_DEFINITIONS})
  set(shim_defs "KEXBENCH_INSTANCE=\"${ARG_NAME}\";KEXBENCH_DISPLAY_NAME=\"${ARG_DISPLAY_NAME}\";KEXBENCH_FAMILY=\"${ARG_FAMILY}\";KEXBENCH_PARAMETER_SET=\"${ARG_PARAMETER_SET}\";KEXBENCH_GROUP=\"${ARG_GROUP}\";KEXBENCH_VARIANT=\"${ARG_VARIANT}\";KEXBENCH_COMPILER=\"${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}\";KEXBENCH_BUILD_FLAGS=\"${flags}\";KEXBENCH_SECURITY_BITS=${ARG_SECURITY_BITS}")
  set_source_files_properties("${shim}" PROPERTIES COMPILE_DEFINITIONS "${shim_defs}")
  target_link_libraries(${target} PRIVATE kexbench_iccs ${ARG_LIBRARIES})
  kexbench_instance_link_options(${target})
  if(NOT ARG_EXCLUDE_FROM_ALL)
    set_property(GLOBAL APPEND PROPERTY KEXBENCH_INSTANCE_TARGETS ${target})
  endif()
  if(NOT ARG_FIXTURE AND NOT ARG_SUBDIR AND KEXBENCH_PROFILED_VARIANTS)
    set(profiled_defs "${shim_defs}")
    list(TRANSFORM profiled_defs REPLACE "^KEXBENCH_VARIANT=.*" "KEXBENCH_VARIANT=\"profiled\"")
    _kexbench_add_profiled_variant(${target} "${ARG_NAME}" "${out_dir}" "${ARG_SOURCES}" "${ARG_LIBRARIES}"
                                   "${ARG_DEFINITIONS}" "${profiled_defs}")
  endif()

  if(ARG_KAT_MANIFEST)
    get_filename_component(manifest "${ARG_KAT_MANIFEST}" ABSOLUTE)
    get_filename_component(manifest_name "${manifest}" NAME)
    configure_file("${manifest}" "${out_dir}/${manifest_name}" COPYONLY)
  endif()
  if(NOT ARG_FIXTURE)
    install(TARGETS ${target} LIBRARY DESTINATION "${install_dir}")
    if(ARG_KAT_MANIFEST)
      install(FILES "${manifest}" DESTINATION "${KEXBENCH_INSTANCE_SUBDIR}")
    endif()
  endif()
endfunction()
