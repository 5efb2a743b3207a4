# SPDX-License-Identifier: GPL-3.0-or-later
# Cross-compiles the Qt-free part of kexbench (core, kex, CLI, runner, unit tests)
# for 64-bit ARM with Debian's g++-aarch64-linux-gnu and the arm64 multiarch
# -dev packages of OpenSSL and zlib. Configure with -DKEXBENCH_GUI=OFF.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
# Libraries from the arm64 multiarch tree; header-only packages (nlohmann-json)
# and cmake package files live in the shared /usr tree.
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(OPENSSL_ROOT_DIR /usr)
set(OPENSSL_CRYPTO_LIBRARY /usr/lib/aarch64-linux-gnu/libcrypto.so)
set(OPENSSL_INCLUDE_DIR /usr/include)
set(ZLIB_LIBRARY /usr/lib/aarch64-linux-gnu/libz.so)
set(ZLIB_INCLUDE_DIR /usr/include)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/usr/aarch64-linux-gnu)
