// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/discovery.h"

#include "core/base/digest.h"
#include "core/base/elf_file.h"
#include "core/base/untrusted.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

#ifndef KEXBENCH_INSTANCE_SUBDIR
#define KEXBENCH_INSTANCE_SUBDIR "lib/kexbench/instances"
#endif

namespace kexbench {

std::string executable_dir()
{
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string(".") : exe.parent_path().string();
}

std::vector<std::string> instance_search_path()
{
    std::vector<std::string> path;
    auto add = [&path](const std::string &p) {
        if (!p.empty() && std::find(path.begin(), path.end(), p) == path.end())
            path.push_back(p);
    };
    if (const char *env = std::getenv("KEXBENCH_INSTANCE_PATH")) {
        std::string list = env;
        size_t start = 0;
        while (start <= list.size()) {
            size_t colon = list.find(':', start);
            if (colon == std::string::npos)
                colon = list.size();
            add(list.substr(start, colon - start));
            start = colon + 1;
        }
    }
    add(builtin_instance_dir());
    return path;
}

std::string builtin_instance_dir()
{
    return (fs::path(executable_dir()).parent_path() / KEXBENCH_INSTANCE_SUBDIR).lexically_normal().string();
}

std::string selfcheck_instance_dir() { return (fs::path(builtin_instance_dir()) / "selfcheck").string(); }

std::string user_data_home()
{
    const char *xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && *xdg == '/')
        return (fs::path(xdg) / "kexbench").string();
    const char *home = std::getenv("HOME");
    return (fs::path(home && *home ? home : "/tmp") / ".local/share/kexbench").string();
}

namespace {

bool ends_with(const std::string &s, const std::string &suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool is_library_name(const std::string &name) { return name.rfind("lib", 0) == 0 && ends_with(name, ".so"); }

void classify(const fs::path &file, DiscoveredFiles &found)
{
    const std::string name = file.filename().string();
    if (ends_with(name, ".kat.sha256"))
        found.manifests.push_back(file.string());
    else if (ends_with(name, ".so"))
        found.libraries.push_back(file.string());
}

} // namespace

DiscoveredFiles discover_instance_files(const std::vector<std::string> &search_path)
{
    DiscoveredFiles found;
    for (const auto &entry : search_path) {
        std::error_code ec;
        if (fs::is_regular_file(entry, ec)) {
            classify(entry, found);
            continue;
        }
        if (!fs::is_directory(entry, ec))
            continue;
        std::vector<fs::path> files;
        for (const auto &f : fs::directory_iterator(entry, ec))
            if (f.is_regular_file(ec) &&
                (is_library_name(f.path().filename().string()) || ends_with(f.path().string(), ".kat.sha256")))
                files.push_back(f.path());
        std::sort(files.begin(), files.end(),
                  [](const fs::path &a, const fs::path &b) { return natural_less(a.filename(), b.filename()); });
        for (const auto &f : files)
            classify(f, found);
    }
    return found;
}

std::string runner_path()
{
    if (const char *env = std::getenv("KEXBENCH_RUNNER"); env && *env)
        return env;
    return (fs::path(executable_dir()) / "kexbench-runner").string();
}

bool natural_less(const std::string &a, const std::string &b)
{
    size_t i = 0, j = 0;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            size_t si = i, sj = j;
            while (si < a.size() && a[si] == '0')
                ++si;
            while (sj < b.size() && b[sj] == '0')
                ++sj;
            size_t ei = si, ej = sj;
            while (ei < a.size() && digit(a[ei]))
                ++ei;
            while (ej < b.size() && digit(b[ej]))
                ++ej;
            if (ei - si != ej - sj)
                return ei - si < ej - sj;
            if (int c = a.compare(si, ei - si, b, sj, ej - sj); c != 0)
                return c < 0;
            i = ei;
            j = ej;
        } else {
            if (a[i] != b[j])
                return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

} // namespace kexbench

namespace kexbench {

namespace {

// The architecture a library is built for; 0 when it is not ELF (it then clashes with anything).
uint16_t machine_of(const std::string &lib)
{
    auto elf = read_elf(lib);
    return elf ? elf->machine : 0;
}

} // namespace

// Two libraries of one name and one architecture with different bytes are an
// impostor and its victim: refused, naming both. The same name built for two
// architectures (the aarch64 tree on KEXBENCH_INSTANCE_PATH beside the native
// built-ins, measured under qemu) is one instance per machine: the first in
// search-path order is taken, as before.
Result<std::string> resolve_instance(const std::string &name_or_path, const DiscoveredFiles &found)
{
    if (name_or_path.find('/') != std::string::npos || ends_with(name_or_path, ".so"))
        return name_or_path;
    const std::string file = "lib" + name_or_path + ".so";
    std::string first, first_sha256;
    uint16_t first_machine = 0;
    for (const auto &lib : found.libraries) {
        if (fs::path(lib).filename() != file)
            continue;
        if (first.empty()) {
            first = lib;
            first_sha256 = file_sha256_hex(lib);
            first_machine = machine_of(lib);
            continue;
        }
        const uint16_t machine = machine_of(lib);
        if (machine != first_machine && machine != 0 && first_machine != 0)
            continue;
        // The same bytes twice (one folder listed twice, a copy) is one instance; different bytes are two.
        const std::string sha256 = file_sha256_hex(lib);
        if (sha256 != first_sha256 || sha256.empty())
            return fail("two different libraries are called " + printable(name_or_path) + ": " + printable(first) +
                        " (sha256 " + (first_sha256.empty() ? "unreadable" : first_sha256) + ") and " + printable(lib) +
                        " (sha256 " + (sha256.empty() ? "unreadable" : sha256) +
                        "); remove or rename one, or give the library's path");
    }
    if (first.empty())
        return fail("no instance library " + printable(file) + " in the search path");
    return first;
}

const std::vector<std::string> &default_selection()
{
    static const std::vector<std::string> names{"X25519-NIKE", "SM2-KEX", "MLKEM-UAKE-768"};
    return names;
}

} // namespace kexbench
