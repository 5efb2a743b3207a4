# SPDX-License-Identifier: GPL-3.0-or-later
# kexbench installed like a desktop program: docs, menu entry, icon and AppStream
# metainfo beside the binaries and instances (which app/ and KexbenchInstance.cmake
# install), and the Debian package `cpack -G DEB` (`make package`) makes of them.
#
# The programs find their instances and SDK relative to their own bin/, so the
# package's /usr prefix needs nothing compiled in: CMAKE_INSTALL_PREFIX stays as
# configured for `cmake --install`, and only the .deb is laid out under /usr.

set(KEXBENCH_APP_ID "io.github.kexbench.kexbench")
set(KEXBENCH_DESKTOP_DIR "${CMAKE_SOURCE_DIR}/resources/desktop")

install(FILES
  "${CMAKE_SOURCE_DIR}/README.md"
  "${CMAKE_SOURCE_DIR}/LICENSE"
  "${CMAKE_SOURCE_DIR}/docs/method.md"
  "${CMAKE_SOURCE_DIR}/docs/method.zh_CN.md"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}")
# Debian looks for the license as /usr/share/doc/<package>/copyright.
install(FILES "${CMAKE_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}" RENAME copyright)

if(KEXBENCH_GUI)
  install(FILES "${KEXBENCH_DESKTOP_DIR}/${KEXBENCH_APP_ID}.desktop"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
  install(FILES "${KEXBENCH_DESKTOP_DIR}/${KEXBENCH_APP_ID}.metainfo.xml"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
  install(FILES "${KEXBENCH_DESKTOP_DIR}/${KEXBENCH_APP_ID}.svg"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
endif()

# ---------------------------------------------------------------- Debian package
set(CPACK_GENERATOR DEB)
# Values reach CPackConfig.cmake as written here (the description's lines, regex backslashes).
set(CPACK_VERBATIM_VARIABLES ON)
set(CPACK_PACKAGE_NAME kexbench)
set(CPACK_PACKAGE_VENDOR "The kexbench developers")
set(CPACK_PACKAGE_CONTACT "kexbench maintainers <kexbench@users.noreply.github.com>")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/kexbench/kexbench")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "workbench for measuring ICCS key-exchange implementations")
set(CPACK_PACKAGE_DESCRIPTION
  "kexbench loads key-exchange (KEX) implementations that speak the ICCS KEX API as
instance libraries in an isolated runner process, checks them against known-answer
tests and measures every pass of the exchange over repeated trials.
.
The package holds the Qt 6 workbench (kexbench), the command line (kexbench-cli),
the runner (kexbench-runner), the built-in instances with their profiled variants
and the SDK that `kexbench-cli build-instance` compiles submissions with.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
# dpkg-shlibdeps names the Qt 6, QCustomPlot, OpenSSL and zlib packages the binaries link.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# `kexbench-cli build-instance` runs the system compiler and linker on submissions.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gcc, g++, binutils")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# `make package_source`: the tree without build output or git metadata.
set(CPACK_SOURCE_GENERATOR TXZ)
# Anchored: core/build/ is source.
set(CPACK_SOURCE_IGNORE_FILES "^${CMAKE_SOURCE_DIR}/\\.git/" "^${CMAKE_SOURCE_DIR}/build/")

include(CPack)

# ---------------------------------------------------------------- test
# Builds the .deb into a scratch folder, validates its control fields, desktop
# entry and metainfo, and runs the programs extracted from it (CTest label package).
if(KEXBENCH_TESTS AND KEXBENCH_GUI AND NOT CMAKE_CROSSCOMPILING)
  add_test(NAME package.deb_installs_and_runs
    COMMAND bash "${CMAKE_SOURCE_DIR}/scripts/check-package.sh" "${CMAKE_BINARY_DIR}" "${CMAKE_SOURCE_DIR}")
  set_tests_properties(package.deb_installs_and_runs PROPERTIES LABELS package SKIP_RETURN_CODE 77 TIMEOUT 600)
endif()
