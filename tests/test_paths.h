// SPDX-License-Identifier: GPL-3.0-or-later
// The folders and programs the tests use, which only the build tree knows.
// They are defined in a generated test_paths_<target>.cpp (kexbench_test_paths()
// in tests/CMakeLists.txt), not as compile definitions: a fresh clone in another
// folder then compiles every test with the same command line, and ccache serves
// the objects instead of compiling all of them again. Every test source gets
// this header first (-include).
#pragma once

namespace kexbench::test_paths {
extern const char *const source_dir;    // the checkout
extern const char *const binary_dir;    // the build tree
extern const char *const bin_dir;       // its programs
extern const char *const fixture_dir;   // test-only instance libraries
extern const char *const instance_dir;  // the built-in instance libraries
extern const char *const shared_dir;    // ../shared next to the checkout (reference material)
extern const char *const process_child; // the misbehaving child of test_process.cpp (integration tests)
extern const char *const gui_exe;       // the workbench (GUI tests)
} // namespace kexbench::test_paths

#define KEXBENCH_SOURCE_DIR (::kexbench::test_paths::source_dir)
#define KEXBENCH_BINARY_DIR (::kexbench::test_paths::binary_dir)
#define KEXBENCH_BIN_DIR (::kexbench::test_paths::bin_dir)
#define KEXBENCH_FIXTURE_DIR (::kexbench::test_paths::fixture_dir)
#define KEXBENCH_INSTANCE_DIR (::kexbench::test_paths::instance_dir)
#define KEXBENCH_SHARED_DIR (::kexbench::test_paths::shared_dir)
#define KEXBENCH_PROCESS_CHILD (::kexbench::test_paths::process_child)
#define KEXBENCH_GUI_EXE (::kexbench::test_paths::gui_exe)
