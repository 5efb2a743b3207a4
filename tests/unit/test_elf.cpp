// SPDX-License-Identifier: GPL-3.0-or-later
// read_elf / check_loadable on ELF files synthesized byte by byte, so every
// header field, and every way of lying in it, is under the test's control.
// No processes and no dlopen: this also runs on aarch64 under qemu-user.
#include "core/base/elf_file.h"

#include <gtest/gtest.h>

#include <elf.h>
#include <stdlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using kexbench::check_loadable;
using kexbench::elf_machine_name;
using kexbench::host_elf_machine;
using kexbench::read_elf;

namespace {

struct Segment {
    uint32_t type;
    uint64_t memsz;
    uint64_t offset = 0;
    uint64_t filesz = 0;
};

void put(std::string &b, size_t at, uint64_t v, size_t n)
{
    if (b.size() < at + n)
        b.resize(at + n, '\0');
    for (size_t i = 0; i < n; ++i)
        b[at + i] = static_cast<char>(i < 8 ? (v >> (8 * i)) & 0xff : 0); // wider fields are zero-extended
}

// A little-endian ELF64 header followed directly by its program headers.
struct ElfImage {
    uint16_t type = ET_DYN;
    uint16_t machine = EM_X86_64;
    std::vector<Segment> segments;

    std::string bytes() const
    {
        std::string b(sizeof(Elf64_Ehdr) + segments.size() * sizeof(Elf64_Phdr), '\0');
        const unsigned char ident[] = {0x7f, 'E', 'L', 'F', ELFCLASS64, ELFDATA2LSB, EV_CURRENT};
        for (size_t i = 0; i < sizeof ident; ++i)
            b[i] = static_cast<char>(ident[i]);
        put(b, offsetof(Elf64_Ehdr, e_type), type, 2);
        put(b, offsetof(Elf64_Ehdr, e_machine), machine, 2);
        put(b, offsetof(Elf64_Ehdr, e_version), EV_CURRENT, 4);
        put(b, offsetof(Elf64_Ehdr, e_phoff), sizeof(Elf64_Ehdr), 8);
        put(b, offsetof(Elf64_Ehdr, e_ehsize), sizeof(Elf64_Ehdr), 2);
        put(b, offsetof(Elf64_Ehdr, e_phentsize), sizeof(Elf64_Phdr), 2);
        put(b, offsetof(Elf64_Ehdr, e_phnum), segments.size(), 2);
        for (size_t i = 0; i < segments.size(); ++i) {
            size_t at = sizeof(Elf64_Ehdr) + i * sizeof(Elf64_Phdr);
            put(b, at + offsetof(Elf64_Phdr, p_type), segments[i].type, 4);
            put(b, at + offsetof(Elf64_Phdr, p_offset), segments[i].offset, 8);
            put(b, at + offsetof(Elf64_Phdr, p_filesz), segments[i].filesz, 8);
            put(b, at + offsetof(Elf64_Phdr, p_memsz), segments[i].memsz, 8);
        }
        return b;
    }
};

// Three PT_LOADs between segments whose sizes must not be counted.
ElfImage library(uint16_t machine)
{
    ElfImage img;
    img.machine = machine;
    img.segments = {{PT_PHDR, 0x1c0},  {PT_LOAD, 0x1290}, {PT_NOTE, 0x99999},      {PT_LOAD, 0x3d59},
                    {PT_GNU_STACK, 0}, {PT_LOAD, 0x608},  {PT_GNU_RELRO, 0x290000}};
    return img;
}
constexpr uint64_t kLibraryLoadBytes = 0x1290 + 0x3d59 + 0x608;

const char *host_name() { return host_elf_machine() == EM_X86_64 ? "x86-64" : "aarch64"; }

class ElfFile : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string tmpl = (fs::temp_directory_path() / "kexbench-elf-XXXXXX").string();
        ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl;
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }

    std::string write(const std::string &name, const std::string &bytes)
    {
        std::string path = (dir_ / name).string();
        std::ofstream(path, std::ios::binary) << bytes;
        return path;
    }

    fs::path dir_;
};

} // namespace

TEST(ElfMachine, NamesKnownMachinesAndNumbersTheRest)
{
    EXPECT_EQ(elf_machine_name(62), "x86-64");
    EXPECT_EQ(elf_machine_name(183), "aarch64");
    EXPECT_EQ(elf_machine_name(3), "i386");
    EXPECT_EQ(elf_machine_name(40), "arm");
    EXPECT_EQ(elf_machine_name(243), "riscv");
    EXPECT_EQ(elf_machine_name(999), "e_machine 999");
}

TEST(ElfMachine, HostMatchesTheCompilerTarget)
{
#if defined(__x86_64__)
    EXPECT_EQ(host_elf_machine(), 62);
#elif defined(__aarch64__)
    EXPECT_EQ(host_elf_machine(), 183);
#endif
}

TEST_F(ElfFile, SumsOnlyLoadSegmentsForX86_64)
{
    std::string path = write("x86.so", library(EM_X86_64).bytes());
    auto info = read_elf(path);
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_EQ(info->machine, 62);
    EXPECT_EQ(info->machine_name, "x86-64");
    EXPECT_EQ(info->load_bytes, kLibraryLoadBytes);
    EXPECT_EQ(info->type, ET_DYN);
    EXPECT_TRUE(info->shared_object);
    EXPECT_FALSE(info->pie_executable);
}

TEST_F(ElfFile, SumsOnlyLoadSegmentsForAarch64)
{
    std::string path = write("arm.so", library(EM_AARCH64).bytes());
    auto info = read_elf(path);
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_EQ(info->machine, 183);
    EXPECT_EQ(info->machine_name, "aarch64");
    EXPECT_EQ(info->load_bytes, kLibraryLoadBytes);
}

TEST_F(ElfFile, AcceptsOnlyTheHostArchitecture)
{
    for (uint16_t machine : {uint16_t(EM_X86_64), uint16_t(EM_AARCH64), uint16_t(EM_RISCV)}) {
        std::string path = write("lib" + std::to_string(machine) + ".so", library(machine).bytes());
        auto loadable = check_loadable(path);
        if (machine == host_elf_machine()) {
            EXPECT_TRUE(loadable.ok()) << loadable.error();
            continue;
        }
        ASSERT_FALSE(loadable.ok());
        EXPECT_EQ(loadable.error(),
                  path + ": built for " + elf_machine_name(machine) + ", this host is " + host_name());
    }
}

TEST_F(ElfFile, NoLoadSegmentsMeansZeroBytes)
{
    ElfImage img;
    img.segments = {{PT_NOTE, 0x40}};
    auto info = read_elf(write("noload.so", img.bytes()));
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_EQ(info->load_bytes, 0u);
}

TEST_F(ElfFile, RefusesAnExecutable)
{
    ElfImage img = library(host_elf_machine());
    img.type = ET_EXEC;
    std::string path = write("prog", img.bytes());
    auto info = read_elf(path);
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_FALSE(info->shared_object);
    EXPECT_EQ(check_loadable(path).error(), path + ": not a shared object (ELF type EXEC)");
}

TEST_F(ElfFile, RefusesARelocatableObject)
{
    ElfImage img;
    img.type = ET_REL;
    std::string path = write("x.o", img.bytes());
    EXPECT_EQ(check_loadable(path).error(), path + ": not a shared object (ELF type REL)");
}

// A PIE program is ET_DYN like a library; DT_FLAGS_1 with DF_1_PIE tells them apart.
TEST_F(ElfFile, RefusesAPositionIndependentExecutable)
{
    ElfImage img = library(host_elf_machine());
    const uint64_t dyn_at = 0x400;
    img.segments.push_back({PT_DYNAMIC, 3 * sizeof(Elf64_Dyn), dyn_at, 3 * sizeof(Elf64_Dyn)});
    std::string bytes = img.bytes();
    put(bytes, dyn_at, DT_FLAGS, 8);
    put(bytes, dyn_at + 8, DF_BIND_NOW, 8);
    put(bytes, dyn_at + 16, DT_FLAGS_1, 8);
    put(bytes, dyn_at + 24, DF_1_NOW | DF_1_PIE, 8);
    put(bytes, dyn_at + 32, DT_NULL, 16);
    std::string path = write("pie", bytes);
    auto info = read_elf(path);
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_TRUE(info->pie_executable);
    EXPECT_FALSE(info->shared_object);
    EXPECT_EQ(check_loadable(path).error(), path + ": not a shared object (position-independent executable)");

    put(bytes, dyn_at + 24, DF_1_NOW, 8); // the same file without DF_1_PIE is a library
    EXPECT_TRUE(check_loadable(write("notpie.so", bytes)).ok());
}

TEST_F(ElfFile, RefusesADynamicSegmentPastEndOfFile)
{
    ElfImage img = library(host_elf_machine());
    img.segments.push_back({PT_DYNAMIC, 0x100, 0x10000, 0x100});
    std::string path = write("dyn.so", img.bytes());
    EXPECT_EQ(read_elf(path).error(), path + ": dynamic segment past end of file");
}

TEST_F(ElfFile, RefusesElf32)
{
    std::string bytes = library(EM_386).bytes();
    bytes[EI_CLASS] = ELFCLASS32;
    std::string path = write("lib32.so", bytes);
    EXPECT_EQ(read_elf(path).error(), path + ": is an ELF32 file, kexbench needs ELF64");
    EXPECT_EQ(check_loadable(path).error(), path + ": is an ELF32 file, kexbench needs ELF64");
}

TEST_F(ElfFile, RefusesBigEndian)
{
    std::string bytes = library(EM_AARCH64).bytes();
    bytes[EI_DATA] = ELFDATA2MSB;
    std::string path = write("be.so", bytes);
    EXPECT_EQ(read_elf(path).error(), path + ": big-endian ELF, kexbench needs little-endian");
}

TEST_F(ElfFile, RefusesUnknownClassAndEncoding)
{
    std::string bytes = library(EM_X86_64).bytes();
    bytes[EI_CLASS] = 7;
    std::string path = write("class7.so", bytes);
    EXPECT_EQ(read_elf(path).error(), path + ": unknown ELF class 7");
    bytes[EI_CLASS] = ELFCLASS64;
    bytes[EI_DATA] = 0;
    path = write("data0.so", bytes);
    EXPECT_EQ(read_elf(path).error(), path + ": unknown ELF data encoding 0");
}

TEST_F(ElfFile, RefusesATruncatedHeader)
{
    std::string bytes = library(EM_X86_64).bytes();
    std::string path = write("short.so", bytes.substr(0, 40));
    EXPECT_EQ(read_elf(path).error(), path + ": truncated ELF header (40 of 64 bytes)");
    path = write("shorter.so", bytes.substr(0, 10));
    EXPECT_EQ(read_elf(path).error(), path + ": truncated ELF header (10 of 64 bytes)");
}

TEST_F(ElfFile, RefusesAProgramHeaderTablePastEndOfFile)
{
    std::string bytes = library(EM_X86_64).bytes();
    std::string path = write("cut.so", bytes.substr(0, sizeof(Elf64_Ehdr) + 2 * sizeof(Elf64_Phdr)));
    EXPECT_EQ(read_elf(path).error(),
              path + ": program header table past end of file (7 entries of 56 bytes at offset 64, file is 176 bytes)");
}

TEST_F(ElfFile, SurvivesOffsetsChosenToOverflow)
{
    std::string bytes = library(EM_X86_64).bytes();
    put(bytes, offsetof(Elf64_Ehdr, e_phoff), 0xfffffffffffffff0ull, 8);
    std::string path = write("phoff.so", bytes);
    EXPECT_NE(read_elf(path).error().find(": program header table past end of file"), std::string::npos);

    bytes = library(EM_X86_64).bytes();
    put(bytes, offsetof(Elf64_Ehdr, e_phentsize), 0xffff, 2);
    put(bytes, offsetof(Elf64_Ehdr, e_phnum), 0xfffe, 2);
    path = write("phnum.so", bytes);
    EXPECT_NE(read_elf(path).error().find(": program header table past end of file"), std::string::npos);
}

TEST_F(ElfFile, RefusesATooSmallProgramHeaderEntry)
{
    std::string bytes = library(EM_X86_64).bytes();
    put(bytes, offsetof(Elf64_Ehdr, e_phentsize), 32, 2);
    std::string path = write("phent.so", bytes);
    EXPECT_EQ(read_elf(path).error(), path + ": bad program header entry size 32 (expected 56)");
}

TEST_F(ElfFile, RefusesLoadSizesThatOverflow)
{
    ElfImage img;
    img.segments = {{PT_LOAD, 1ull << 63}, {PT_LOAD, 1ull << 63}};
    std::string path = write("huge.so", img.bytes());
    EXPECT_EQ(read_elf(path).error(), path + ": PT_LOAD sizes overflow 64 bits");
}

// e_phnum == PN_XNUM: the real count is sh_info of section header 0.
TEST_F(ElfFile, ReadsAnExtendedProgramHeaderCount)
{
    ElfImage img;
    img.segments = {{PT_LOAD, 0x1000}, {PT_LOAD, 0x20}};
    std::string bytes = img.bytes();
    const uint64_t shoff = bytes.size();
    put(bytes, offsetof(Elf64_Ehdr, e_phnum), PN_XNUM, 2);
    put(bytes, offsetof(Elf64_Ehdr, e_shoff), shoff, 8);
    put(bytes, shoff + offsetof(Elf64_Shdr, sh_info), 2, 4);
    put(bytes, shoff + sizeof(Elf64_Shdr) - 1, 0, 1);
    auto info = read_elf(write("xnum.so", bytes));
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_EQ(info->load_bytes, 0x1020u);

    put(bytes, offsetof(Elf64_Ehdr, e_shoff), 0x7fffffff, 8);
    std::string path = write("xnum-bad.so", bytes);
    EXPECT_EQ(read_elf(path).error(), path + ": program header count escapes to a section header past end of file");
}

TEST_F(ElfFile, RefusesATextFile)
{
    std::string path = write("readme.so", "This is not a library.\n");
    EXPECT_EQ(read_elf(path).error(), path + ": not an ELF file");
    EXPECT_EQ(check_loadable(path).error(), path + ": not an ELF file");
}

TEST_F(ElfFile, RefusesAnEmptyFile)
{
    std::string path = write("empty.so", "");
    EXPECT_EQ(read_elf(path).error(), path + ": not an ELF file");
}

TEST_F(ElfFile, RefusesAMissingFile)
{
    std::string path = (dir_ / "absent.so").string();
    EXPECT_EQ(read_elf(path).error(), path + ": cannot open: No such file or directory");
    EXPECT_EQ(check_loadable(path).error(), path + ": cannot open: No such file or directory");
}

TEST_F(ElfFile, RefusesADirectory)
{
    std::string path = dir_.string();
    EXPECT_EQ(read_elf(path).error(), path + ": not a regular file");
}

// Every prefix of a valid file and two thousand corrupted headers: an answer each time, never a crash.
TEST_F(ElfFile, GarbageGivesErrorsNotCrashes)
{
    ElfImage img = library(EM_X86_64);
    img.segments.push_back({PT_DYNAMIC, 0x20, 0x200, 0x20});
    std::string good = img.bytes();
    good.resize(0x300, '\0');
    for (size_t n = 0; n < good.size(); n += 7) {
        std::string path = write("prefix-" + std::to_string(n) + ".so", good.substr(0, n));
        auto info = read_elf(path);
        if (!info.ok()) {
            EXPECT_EQ(info.error().rfind(path + ": ", 0), 0u) << info.error();
        }
    }
    std::mt19937_64 rng(20240611);
    for (int round = 0; round < 2000; ++round) {
        std::string bytes = good;
        // Corrupt the headers and the dynamic section (everything before 0x220), never the ident bytes.
        for (int flips = 0; flips < 6; ++flips)
            bytes[EI_NIDENT + rng() % (0x220 - EI_NIDENT)] = static_cast<char>(rng());
        // A new file each round: truncating and rewriting one file makes ext4 flush it every time.
        std::string path = write("fuzz-" + std::to_string(round) + ".so", bytes);
        auto info = read_elf(path);
        if (!info.ok()) {
            EXPECT_EQ(info.error().rfind(path + ": ", 0), 0u) << info.error();
            EXPECT_EQ(info.error().find('\n'), std::string::npos) << info.error();
        }
    }
}
