// SPDX-License-Identifier: GPL-3.0-or-later
// Reading just enough of an ELF file to refuse what cannot be loaded (not ELF,
// not a shared object, another architecture) before anything is dlopened, and
// to measure the static image size (sum of p_memsz over PT_LOAD segments).
#pragma once

#include "core/base/result.h"

#include <cstdint>
#include <string>

namespace kexbench {

struct ElfInfo {
    uint16_t machine = 0;        // e_machine (62 = x86-64, 183 = aarch64)
    std::string machine_name;    // "x86-64", "aarch64", or "e_machine <n>"
    bool shared_object = false;  // e_type == ET_DYN and not a PIE executable
    uint64_t load_bytes = 0;     // sum of p_memsz over PT_LOAD: the "ELF image size"
    uint16_t type = 0;           // e_type (2 = ET_EXEC, 3 = ET_DYN)
    bool pie_executable = false; // ET_DYN marked DF_1_PIE: a program, not a library
};

// Parses an ELF64 little-endian file; errors name the path and the problem.
Result<ElfInfo> read_elf(const std::string &path);

// e_machine of the running process's architecture.
uint16_t host_elf_machine();
std::string elf_machine_name(uint16_t machine);

// Ok when path is an ELF64 LE shared object for this host's architecture.
Result<ElfInfo> check_loadable(const std::string &path);
// ... for `machine` (an elf_machine_name()) instead: the machine a runner
// runs elsewhere or under emulation. `whose` names it in the refusal:
// "<path>: built for x86-64, <whose> is aarch64".
Result<ElfInfo> check_loadable(const std::string &path, const std::string &machine, const std::string &whose);

} // namespace kexbench
