// SPDX-License-Identifier: GPL-3.0-or-later
// The file is read with explicit little-endian decoding at offsetof() positions
// of the <elf.h> structures, never by casting the bytes: candidate libraries are
// untrusted input, so every offset and count is checked against the real file
// size before it is used.
#include "core/base/elf_file.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <vector>

namespace kexbench {

namespace {

uint64_t le(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;)
        v = (v << 8) | p[i];
    return v;
}

template <class Field>
Field field(const std::vector<unsigned char> &buf, size_t base, size_t offset)
{
    return static_cast<Field>(le(buf.data() + base + offset, sizeof(Field)));
}

#define ELF_FIELD(buf, base, type, member) field<decltype(type::member)>(buf, base, offsetof(type, member))

// An open file that knows its size; every read is bounds-checked against it.
class File {
public:
    explicit File(const std::string &path) : path_(path)
    {
        fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd_ < 0) {
            error_ = path + ": cannot open: " + std::strerror(errno);
            return;
        }
        struct stat st {};
        if (::fstat(fd_, &st) != 0)
            error_ = path + ": cannot read: " + std::strerror(errno);
        else if (!S_ISREG(st.st_mode))
            error_ = path + ": not a regular file";
        else
            size_ = static_cast<uint64_t>(st.st_size);
    }
    ~File()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    File(const File &) = delete;
    File &operator=(const File &) = delete;

    const std::string &open_error() const { return error_; }
    uint64_t size() const { return size_; }

    // True when [offset, offset + count * entry) lies inside the file (overflow-safe).
    bool holds(uint64_t offset, uint64_t count, uint64_t entry) const
    {
        if (offset > size_)
            return false;
        if (entry != 0 && count > (size_ - offset) / entry)
            return false;
        return true;
    }

    // Reads exactly n bytes at offset; callers check holds() first.
    bool read(uint64_t offset, size_t n, std::vector<unsigned char> &out) const
    {
        out.assign(n, 0);
        size_t done = 0;
        while (done < n) {
            ssize_t got = ::pread(fd_, out.data() + done, n - done, static_cast<off_t>(offset + done));
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0)
                return false;
            done += static_cast<size_t>(got);
        }
        return true;
    }

private:
    std::string path_;
    int fd_ = -1;
    uint64_t size_ = 0;
    std::string error_;
};

std::string type_name(uint16_t type)
{
    switch (type) {
    case ET_NONE:
        return "NONE";
    case ET_REL:
        return "REL";
    case ET_EXEC:
        return "EXEC";
    case ET_DYN:
        return "DYN";
    case ET_CORE:
        return "CORE";
    default:
        return std::to_string(type);
    }
}

// Identification bytes: magic, class (ELF64 only) and data encoding (LE only).
std::string check_ident(const std::string &path, const File &file, std::vector<unsigned char> &ident)
{
    size_t have = file.size() < EI_NIDENT ? static_cast<size_t>(file.size()) : EI_NIDENT;
    if (have < SELFMAG || !file.read(0, have, ident) || std::memcmp(ident.data(), ELFMAG, SELFMAG) != 0)
        return path + ": not an ELF file";
    if (have < EI_NIDENT)
        return path + ": truncated ELF header (" + std::to_string(have) + " of " + std::to_string(sizeof(Elf64_Ehdr)) +
               " bytes)";
    if (ident[EI_CLASS] == ELFCLASS32)
        return path + ": is an ELF32 file, kexbench needs ELF64";
    if (ident[EI_CLASS] != ELFCLASS64)
        return path + ": unknown ELF class " + std::to_string(ident[EI_CLASS]);
    if (ident[EI_DATA] == ELFDATA2MSB)
        return path + ": big-endian ELF, kexbench needs little-endian";
    if (ident[EI_DATA] != ELFDATA2LSB)
        return path + ": unknown ELF data encoding " + std::to_string(ident[EI_DATA]);
    return {};
}

struct PhdrTable {
    uint64_t offset = 0;
    uint64_t count = 0;
    uint16_t entry = 0;
};

// With e_phnum == PN_XNUM the real count lives in section header 0's sh_info.
Result<uint64_t> extended_phnum(const std::string &path, const File &file, const std::vector<unsigned char> &eh)
{
    uint64_t shoff = ELF_FIELD(eh, 0, Elf64_Ehdr, e_shoff);
    if (shoff == 0 || !file.holds(shoff, 1, sizeof(Elf64_Shdr)))
        return fail(path + ": program header count escapes to a section header past end of file");
    std::vector<unsigned char> sh;
    if (!file.read(shoff, sizeof(Elf64_Shdr), sh))
        return fail(path + ": cannot read section header 0");
    return static_cast<uint64_t>(ELF_FIELD(sh, 0, Elf64_Shdr, sh_info));
}

Result<PhdrTable> phdr_table(const std::string &path, const File &file, const std::vector<unsigned char> &eh)
{
    PhdrTable t;
    t.offset = ELF_FIELD(eh, 0, Elf64_Ehdr, e_phoff);
    t.entry = ELF_FIELD(eh, 0, Elf64_Ehdr, e_phentsize);
    t.count = ELF_FIELD(eh, 0, Elf64_Ehdr, e_phnum);
    if (t.count == PN_XNUM) {
        auto real = extended_phnum(path, file, eh);
        if (!real)
            return fail(real.error());
        t.count = *real;
    }
    if (t.count == 0)
        return t;
    if (t.entry < sizeof(Elf64_Phdr))
        return fail(path + ": bad program header entry size " + std::to_string(t.entry) + " (expected " +
                    std::to_string(sizeof(Elf64_Phdr)) + ")");
    if (!file.holds(t.offset, t.count, t.entry))
        return fail(path + ": program header table past end of file (" + std::to_string(t.count) + " entries of " +
                    std::to_string(t.entry) + " bytes at offset " + std::to_string(t.offset) + ", file is " +
                    std::to_string(file.size()) + " bytes)");
    return t;
}

// DF_1_PIE in DT_FLAGS_1 is what tells a PIE program from a library: both are ET_DYN.
Result<bool> has_pie_flag(const std::string &path, const File &file, uint64_t offset, uint64_t size)
{
    if (!file.holds(offset, size, 1))
        return fail(path + ": dynamic segment past end of file");
    std::vector<unsigned char> dyn;
    if (!file.read(offset, static_cast<size_t>(size), dyn))
        return fail(path + ": cannot read the dynamic segment");
    for (size_t at = 0; at + sizeof(Elf64_Dyn) <= dyn.size(); at += sizeof(Elf64_Dyn)) {
        auto tag = static_cast<int64_t>(le(dyn.data() + at, 8));
        uint64_t val = le(dyn.data() + at + 8, 8);
        if (tag == DT_NULL)
            break;
        if (tag == DT_FLAGS_1 && (val & DF_1_PIE) != 0)
            return true;
    }
    return false;
}

// Walks the program headers: sums PT_LOAD p_memsz and looks at PT_DYNAMIC.
Result<ElfInfo> scan_segments(const std::string &path, const File &file, const PhdrTable &t, ElfInfo info)
{
    std::vector<unsigned char> ph;
    if (t.count != 0 && !file.read(t.offset, static_cast<size_t>(t.count * t.entry), ph))
        return fail(path + ": cannot read the program header table");
    bool dynamic_seen = false;
    for (uint64_t i = 0; i < t.count; ++i) {
        size_t base = static_cast<size_t>(i * t.entry);
        uint32_t type = ELF_FIELD(ph, base, Elf64_Phdr, p_type);
        if (type == PT_LOAD) {
            uint64_t memsz = ELF_FIELD(ph, base, Elf64_Phdr, p_memsz);
            if (memsz > UINT64_MAX - info.load_bytes)
                return fail(path + ": PT_LOAD sizes overflow 64 bits");
            info.load_bytes += memsz;
        } else if (type == PT_DYNAMIC && !dynamic_seen && info.type == ET_DYN) {
            dynamic_seen = true;
            auto pie = has_pie_flag(path, file, ELF_FIELD(ph, base, Elf64_Phdr, p_offset),
                                    ELF_FIELD(ph, base, Elf64_Phdr, p_filesz));
            if (!pie)
                return fail(pie.error());
            info.pie_executable = *pie;
        }
    }
    info.shared_object = info.type == ET_DYN && !info.pie_executable;
    return info;
}

} // namespace

Result<ElfInfo> read_elf(const std::string &path)
{
    File file(path);
    if (!file.open_error().empty())
        return fail(file.open_error());
    std::vector<unsigned char> eh;
    if (std::string bad = check_ident(path, file, eh); !bad.empty())
        return fail(bad);
    if (file.size() < sizeof(Elf64_Ehdr) || !file.read(0, sizeof(Elf64_Ehdr), eh))
        return fail(path + ": truncated ELF header (" + std::to_string(file.size()) + " of " +
                    std::to_string(sizeof(Elf64_Ehdr)) + " bytes)");
    ElfInfo info;
    info.type = ELF_FIELD(eh, 0, Elf64_Ehdr, e_type);
    info.machine = ELF_FIELD(eh, 0, Elf64_Ehdr, e_machine);
    info.machine_name = elf_machine_name(info.machine);
    auto table = phdr_table(path, file, eh);
    if (!table)
        return fail(table.error());
    return scan_segments(path, file, *table, std::move(info));
}

uint16_t host_elf_machine()
{
#if defined(__x86_64__)
    return EM_X86_64;
#elif defined(__aarch64__)
    return EM_AARCH64;
#else
#error "kexbench supports x86-64 and aarch64 hosts"
#endif
}

std::string elf_machine_name(uint16_t machine)
{
    switch (machine) {
    case EM_X86_64:
        return "x86-64";
    case EM_AARCH64:
        return "aarch64";
    case EM_386:
        return "i386";
    case EM_ARM:
        return "arm";
    case EM_RISCV:
        return "riscv";
    default:
        return "e_machine " + std::to_string(machine);
    }
}

Result<ElfInfo> check_loadable(const std::string &path)
{
    return check_loadable(path, elf_machine_name(host_elf_machine()), "this host");
}

Result<ElfInfo> check_loadable(const std::string &path, const std::string &machine, const std::string &whose)
{
    auto info = read_elf(path);
    if (!info)
        return info;
    if (info->type != ET_DYN)
        return fail(path + ": not a shared object (ELF type " + type_name(info->type) + ")");
    if (info->pie_executable)
        return fail(path + ": not a shared object (position-independent executable)");
    if (info->machine_name != machine)
        return fail(path + ": built for " + info->machine_name + ", " + whose + " is " + machine);
    return info;
}

#undef ELF_FIELD

} // namespace kexbench
