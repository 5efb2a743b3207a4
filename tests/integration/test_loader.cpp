// SPDX-License-Identifier: GPL-3.0-or-later
// Instance::load on real libraries: the loader fixtures (tests/fixtures/loader),
// libraries compiled here at test time (a plain .so, an aarch64 .so, an
// executable) and files that are not libraries at all. Every refusal must name
// the path and the one problem.
#include "core/base/elf_file.h"
#include "core/runner/instance.h"
#include "core/campaign/process.h"

#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using kexbench::Instance;

namespace {

std::string fixture(const std::string &name) { return std::string(KEXBENCH_FIXTURE_DIR) + "/lib" + name + ".so"; }

std::string load_error(const std::string &path)
{
    auto inst = Instance::load(path);
    return inst.ok() ? "(loaded)" : inst.error();
}

kexbench::ProcessResult run(std::vector<std::string> argv)
{
    kexbench::ProcessSpec spec;
    spec.argv = std::move(argv);
    spec.timeout = std::chrono::seconds(120);
    return kexbench::run_process(spec);
}

// Compiles C source with the given compiler; empty result means the compiler is not installed.
std::string compile(const fs::path &dir, const std::string &compiler, const std::string &name,
                    const std::string &source, std::vector<std::string> flags)
{
    fs::path src = dir / (name + ".c");
    std::ofstream(src) << source;
    std::vector<std::string> argv = {compiler};
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.insert(argv.end(), {"-o", (dir / name).string(), src.string()});
    auto r = run(argv);
    if (!r.started)
        return {};
    EXPECT_TRUE(r.succeeded()) << compiler << " " << r.describe_end() << "\n" << r.err;
    return (dir / name).string();
}

// Sum of MemSiz over LOAD lines of `readelf -lW`, the independent reading of the same file.
std::optional<uint64_t> readelf_load_bytes(const std::string &path)
{
    auto r = run({"readelf", "-lW", path});
    if (!r.succeeded())
        return std::nullopt;
    std::istringstream lines(r.out);
    uint64_t sum = 0;
    for (std::string line; std::getline(lines, line);) {
        std::istringstream fields(line);
        std::string type, offset, vaddr, paddr, filesz, memsz;
        if (fields >> type >> offset >> vaddr >> paddr >> filesz >> memsz && type == "LOAD")
            sum += std::stoull(memsz, nullptr, 16);
    }
    return sum;
}

class Loader : public ::testing::Test {
protected:
    void SetUp() override
    {
        std::string tmpl = (fs::temp_directory_path() / "kexbench-loader-XXXXXX").string();
        ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
        dir_ = tmpl;
    }
    void TearDown() override
    {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    fs::path dir_;
};

// A shim-like library built at test time: the metadata block and the ICCS API, with variants by -D.
const char *kHandmadeInstance = R"(#include "kexbench_shim.h"
#ifndef MAGIC
#define MAGIC KEXBENCH_META_MAGIC
#endif
#ifndef ABI
#define ABI KEXBENCH_ABI_VERSION
#endif
static const kexbench_meta meta = {MAGIC, ABI, "handmade", 0, 0, 0, 0, 0, 0, 0, 7, 0};
const kexbench_meta *kexbench_meta_block(void) { return &meta; }
#ifndef NO_SEED
int kexbench_seed(const unsigned char *s, unsigned long long n) { (void)s; (void)n; return 0; }
#endif
unsigned long long kex_get_passes_num(void) { return 1; }
unsigned long long kex_get_pk_len_bytes(void) { return 0; }
unsigned long long kex_get_sk_len_bytes(void) { return 0; }
unsigned long long kex_get_sta_len_bytes(void) { return 0; }
unsigned long long kex_get_stb_len_bytes(void) { return 0; }
unsigned long long kex_get_ss_len_bytes(void) { return 16; }
unsigned long long kex_get_total_msg_len_bytes(void) { return 16; }
int kex_init_a(void) { return 0; }
int kex_init_b(void) { return 0; }
int kex_generate_pass1_msg_a(void) { return 1; }
int kex_derive_ss_a(void) { return 0; }
int kex_derive_ss_b(void) { return 0; }
)";

std::vector<std::string> shared_flags(std::vector<std::string> extra = {})
{
    std::vector<std::string> flags = {"-shared", "-fPIC", std::string("-I") + KEXBENCH_SOURCE_DIR + "/kex/shim"};
    flags.insert(flags.end(), extra.begin(), extra.end());
    return flags;
}

} // namespace

TEST(LoaderFixture, GoodTwoPassLoadsWithMetadataAndCapacities)
{
    const std::string path = fixture("fixture-good-2p");
    auto inst = Instance::load(path);
    ASSERT_TRUE(inst.ok()) << inst.error();
    const Instance &in = **inst;
    EXPECT_EQ(in.path(), path);
    EXPECT_EQ(in.meta().instance, "fixture-good-2p");
    EXPECT_EQ(in.meta().display_name, "loader fixture (2-pass)");
    EXPECT_EQ(in.meta().family, "loader-fixture");
    EXPECT_EQ(in.meta().parameter_set, "2p");
    EXPECT_EQ(in.meta().group, "fixture");
    EXPECT_EQ(in.meta().variant, "reference");
    EXPECT_FALSE(in.meta().compiler.empty());
    EXPECT_EQ(in.meta().claimed_security_bits, 128u);
    EXPECT_EQ(in.meta().abi_version, 1u);
    EXPECT_EQ(kexbench::describe_capacities(in.capacities()),
              "passes 2, pk 32 B, sk 32 B, sta 32 B, stb 64 B, ss 32 B, total msg 64 B");
    EXPECT_TRUE(in.has_pass(1));
    EXPECT_TRUE(in.has_pass(2));
    EXPECT_FALSE(in.has_pass(3));
    EXPECT_FALSE(in.has_pass(0));
    EXPECT_FALSE(in.has_pass(17));
    EXPECT_NE(in.api().seed, nullptr);
}

namespace {

// One exchange through the resolved API, the way a runner child drives it.
std::array<unsigned char, 32> shared_secret(const Instance &in, unsigned char seed_byte, bool *agree)
{
    const auto &api = in.api();
    std::vector<unsigned char> seed(64, seed_byte);
    EXPECT_EQ(api.seed(seed.data(), seed.size()), 0);
    unsigned char pka[32], ska[32], pkb[32], skb[32], sta[32], stb[64], m1[64], m2[64];
    unsigned long long pka_len, ska_len, pkb_len, skb_len, sta_len, stb_len, m1_len, m2_len;
    EXPECT_EQ(api.init_a(pka, &pka_len, ska, &ska_len, sta, &sta_len), 0);
    EXPECT_EQ(api.init_b(pkb, &pkb_len, skb, &skb_len, stb, &stb_len), 0);
    EXPECT_EQ(api.pass1(ska, ska_len, pkb, pkb_len, sta, &sta_len, m1, &m1_len), 0);
    EXPECT_EQ(api.pass[2](skb, skb_len, pka, pka_len, m1, m1_len, stb, &stb_len, m2, &m2_len), 1);
    std::array<unsigned char, 32> ssa{}, ssb{};
    unsigned long long ssa_len = 0, ssb_len = 0;
    EXPECT_EQ(api.derive_a(ska, ska_len, pkb, pkb_len, m2, m2_len, sta, sta_len, ssa.data(), &ssa_len), 0);
    EXPECT_EQ(api.derive_b(skb, skb_len, pka, pka_len, m1, m1_len, stb, stb_len, ssb.data(), &ssb_len), 0);
    *agree = ssa_len == 32 && ssb_len == 32 && ssa == ssb;
    return ssa;
}

} // namespace

TEST(LoaderFixture, GoodTwoPassAgreesDeterministically)
{
    auto inst = Instance::load(fixture("fixture-good-2p"));
    ASSERT_TRUE(inst.ok()) << inst.error();
    bool agree1 = false, agree2 = false, agree3 = false;
    auto first = shared_secret(**inst, 's', &agree1);
    auto again = shared_secret(**inst, 's', &agree2);
    auto other = shared_secret(**inst, 't', &agree3);
    EXPECT_TRUE(agree1 && agree2 && agree3);
    EXPECT_EQ(first, again);
    EXPECT_NE(first, other);
}

TEST(LoaderFixture, ZeroPassNikeIsValid)
{
    auto inst = Instance::load(fixture("fixture-nike-0p"));
    ASSERT_TRUE(inst.ok()) << inst.error();
    EXPECT_EQ((*inst)->capacities().passes, 0u);
    EXPECT_EQ((*inst)->capacities().total_msg, 0u);
    EXPECT_TRUE((*inst)->has_pass(1));
}

TEST(LoaderFixture, MissingDeriveBIsNamed)
{
    const std::string path = fixture("fixture-no-derive-b");
    EXPECT_EQ(load_error(path), path + ": missing required symbol kex_derive_ss_b");
}

TEST(LoaderFixture, MoreThanSixteenPassesIsRefused)
{
    const std::string path = fixture("fixture-passes-17");
    EXPECT_EQ(load_error(path), path + ": claims 17 passes, kexbench supports at most 16");
}

TEST(LoaderFixture, MissingPassFunctionIsNamed)
{
    const std::string path = fixture("fixture-missing-pass3");
    EXPECT_EQ(load_error(path), path + ": claims 4 passes but does not export kex_generate_pass3_msg_a");
}

TEST(LoaderFixture, AbsurdCapacityIsNamed)
{
    const std::string path = fixture("fixture-huge-capacity");
    EXPECT_EQ(load_error(path),
              path + ": absurd capacity: kex_get_sk_len_bytes() returns 1099511627776 bytes (limit 67108864)");
}

TEST(LoaderFixture, ZeroSharedSecretIsRefused)
{
    const std::string path = fixture("fixture-zero-ss");
    EXPECT_EQ(load_error(path), path + ": kex_get_ss_len_bytes() returns 0, an exchange must produce a shared secret");
}

TEST(LoaderFixture, ZeroMessageCapacityWithPassesIsRefused)
{
    const std::string path = fixture("fixture-zero-msg");
    EXPECT_EQ(load_error(path), path + ": kex_get_total_msg_len_bytes() returns 0 but the protocol claims 2 passes");
}

TEST_F(Loader, TextFileNamedLikeALibraryIsNotElf)
{
    const std::string path = (dir_ / "libnotes.so").string();
    std::ofstream(path) << "#!/bin/sh\necho this is not a library\n";
    EXPECT_EQ(load_error(path), path + ": not an ELF file");
}

TEST_F(Loader, MissingFileIsNamed)
{
    const std::string path = (dir_ / "libabsent.so").string();
    EXPECT_EQ(load_error(path), path + ": cannot open: No such file or directory");
}

TEST_F(Loader, PieProgramIsNotASharedObject)
{
    EXPECT_EQ(load_error("/bin/true"), "/bin/true: not a shared object (position-independent executable)");
}

TEST_F(Loader, NonPieProgramIsNotASharedObject)
{
    std::string exe = compile(dir_, "cc", "prog", "int main(void) { return 0; }\n", {"-no-pie", "-fno-pie"});
    if (exe.empty())
        GTEST_SKIP() << "no C compiler (cc) installed";
    EXPECT_EQ(load_error(exe), exe + ": not a shared object (ELF type EXEC)");
}

TEST_F(Loader, PlainLibraryIsNotAKexbenchInstance)
{
    std::string lib = compile(dir_, "cc", "libplain.so", "int plain(void) { return 1; }\n", shared_flags());
    if (lib.empty())
        GTEST_SKIP() << "no C compiler (cc) installed";
    EXPECT_EQ(load_error(lib), lib + ": not a kexbench instance (no kexbench_meta_block); build it with "
                                     "kexbench_add_instance or kexbench-cli build-instance");
}

TEST_F(Loader, UnresolvableLibraryReportsTheLoaderErrorOnOneLine)
{
    std::string lib =
        compile(dir_, "cc", "libundef.so",
                "int kexbench_test_absent(void);\nint f(void) { return kexbench_test_absent(); }\n", shared_flags());
    if (lib.empty())
        GTEST_SKIP() << "no C compiler (cc) installed";
    EXPECT_EQ(load_error(lib), lib + ": cannot load: undefined symbol: kexbench_test_absent");
}

TEST_F(Loader, HandmadeInstanceWithNullStringsLoads)
{
    std::string lib = compile(dir_, "cc", "libhandmade.so", kHandmadeInstance, shared_flags());
    if (lib.empty())
        GTEST_SKIP() << "no C compiler (cc) installed";
    auto inst = Instance::load(lib);
    ASSERT_TRUE(inst.ok()) << inst.error();
    EXPECT_EQ((*inst)->meta().instance, "handmade");
    EXPECT_EQ((*inst)->meta().display_name, "");
    EXPECT_EQ((*inst)->meta().build_flags, "");
    EXPECT_EQ((*inst)->meta().claimed_security_bits, 7u);
}

TEST_F(Loader, BadMagicAndAbiVersionAreRefused)
{
    std::string lib = compile(dir_, "cc", "libmagic.so", kHandmadeInstance, shared_flags({"-DMAGIC=0xDEADBEEF"}));
    if (lib.empty())
        GTEST_SKIP() << "no C compiler (cc) installed";
    EXPECT_EQ(load_error(lib), lib + ": bad kexbench metadata magic 0xDEADBEEF (expected 0x4B584231)");
    lib = compile(dir_, "cc", "libabi.so", kHandmadeInstance, shared_flags({"-DABI=2"}));
    EXPECT_EQ(load_error(lib), lib + ": kexbench instance ABI version 2, this kexbench reads version 1");
}

TEST_F(Loader, MissingSeedEntryIsNotAKexbenchInstance)
{
    std::string lib = compile(dir_, "cc", "libnoseed.so", kHandmadeInstance, shared_flags({"-DNO_SEED"}));
    if (lib.empty())
        GTEST_SKIP() << "no C compiler (cc) installed";
    EXPECT_EQ(load_error(lib), lib + ": not a kexbench instance (no kexbench_seed); build it with "
                                     "kexbench_add_instance or kexbench-cli build-instance");
}

// dlopen searches the library path for a bare name; the loader must open the file it checked.
TEST_F(Loader, BareFileNameMeansTheCurrentDirectory)
{
    fs::copy_file(fixture("fixture-good-2p"), dir_ / "libcopy.so");
    fs::path old = fs::current_path();
    fs::current_path(dir_);
    auto copy = Instance::load("libcopy.so");
    std::string libc_error = load_error("libc.so.6");
    fs::current_path(old);
    ASSERT_TRUE(copy.ok()) << copy.error();
    EXPECT_EQ((*copy)->path(), "libcopy.so");
    EXPECT_EQ(libc_error, "libc.so.6: cannot open: No such file or directory");
}

// The "tested on both" ELF size check: our reading of PT_LOAD agrees with binutils on both architectures.
TEST_F(Loader, Aarch64LibraryIsRefusedAndMeasuredLikeReadelf)
{
    std::string lib = compile(dir_, "aarch64-linux-gnu-gcc", "libarm.so",
                              "int kex_get_passes_num(void) { return 2; }\nstatic char big[12345];\n"
                              "char *p(void) { return big; }\n",
                              {"-shared", "-fPIC"});
    if (lib.empty())
        GTEST_SKIP() << "aarch64-linux-gnu-gcc is not installed (apt-get install gcc-aarch64-linux-gnu)";
    if (kexbench::host_elf_machine() == 62) {
        EXPECT_EQ(load_error(lib), lib + ": built for aarch64, this host is x86-64");
    }
    auto info = kexbench::read_elf(lib);
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_EQ(info->machine, 183);
    auto expected = readelf_load_bytes(lib);
    if (!expected)
        GTEST_SKIP() << "readelf (binutils) is not installed";
    EXPECT_GT(*expected, 12345u);
    EXPECT_EQ(info->load_bytes, *expected);
}

TEST_F(Loader, HostLibrariesAreMeasuredLikeReadelf)
{
    for (const std::string &path : {fixture("fixture-good-2p"), std::string("/bin/true")}) {
        auto info = kexbench::read_elf(path);
        ASSERT_TRUE(info.ok()) << info.error();
        EXPECT_EQ(info->machine, kexbench::host_elf_machine());
        auto expected = readelf_load_bytes(path);
        if (!expected)
            GTEST_SKIP() << "readelf (binutils) is not installed";
        EXPECT_GT(*expected, 0u);
        EXPECT_EQ(info->load_bytes, *expected) << path;
    }
}
