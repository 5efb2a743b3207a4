// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: bundle extraction and loading with tiny limits. Inputs
// whose first byte is odd are used as the bundle file itself; the others are
// wrapped as a valid header plus a zlib stream of the remaining bytes, so the
// fuzzer reaches the entry parser instead of stopping at zlib's checksum.
#include "core/data/dataset.h"

#include <zlib.h>

#include <stdlib.h>

#include <cstddef>
#include <cstdlib>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

const fs::path &work_dir()
{
    static const fs::path dir = [] {
        std::string tmpl = (fs::temp_directory_path() / "kexbench-fuzz-XXXXXX").string();
        if (!::mkdtemp(tmpl.data()))
            abort();
        return fs::path(tmpl);
    }();
    // Registered after `dir` is built, so it runs before `dir` is destroyed.
    static const bool cleanup = std::atexit([] {
                                    std::error_code ec;
                                    fs::remove_all(work_dir(), ec);
                                }) == 0;
    (void)cleanup;
    return dir;
}

std::string wrapped(const uint8_t *data, size_t size)
{
    uLongf bound = compressBound(static_cast<uLong>(size));
    std::string z(bound, '\0');
    if (compress2(reinterpret_cast<Bytef *>(z.data()), &bound, data, static_cast<uLong>(size), 1) != Z_OK)
        abort();
    z.resize(bound);
    std::string out(kexbench::kBundleMagic, sizeof kexbench::kBundleMagic);
    out += std::string("\x01\x00\x00\x00", 4);
    return out + z;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string bytes = size > 0 && (data[0] & 1) ? std::string(reinterpret_cast<const char *>(data), size)
                                                  : wrapped(data + (size > 0), size - (size > 0));
    fs::path bundle = work_dir() / "in.kxb";
    std::ofstream(bundle, std::ios::binary | std::ios::trunc) << bytes;
    kexbench::LoadLimits limits;
    limits.max_file_bytes = 1 << 16;
    limits.max_bundle_bytes = 1 << 20;
    fs::path out = work_dir() / "out";
    (void)kexbench::extract_bundle(bundle.string(), out.string(), limits);
    std::error_code ec;
    fs::remove_all(out, ec);
    (void)kexbench::load_dataset(bundle.string(), limits);
    return 0;
}
