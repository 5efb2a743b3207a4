// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/environment.h"

#include "core/base/clock.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using kexbench::Environment;

namespace {

// A throw-away /proc + /sys tree in a fresh temp dir.
class FakeRoot {
public:
    FakeRoot()
    {
        std::string tmpl = (fs::temp_directory_path() / "kexbench-env-XXXXXX").string();
        if (::mkdtemp(tmpl.data()))
            root_ = tmpl;
    }
    ~FakeRoot()
    {
        std::error_code ec;
        if (!root_.empty())
            fs::remove_all(root_, ec);
    }
    FakeRoot(const FakeRoot &) = delete;
    FakeRoot &operator=(const FakeRoot &) = delete;

    const std::string &path() const { return root_; }

    void write(const std::string &rel, const std::string &text) const
    {
        fs::path p = fs::path(root_) / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << text;
    }

    void remove(const std::string &rel) const { fs::remove(fs::path(root_) / rel); }

private:
    std::string root_;
};

const char kCpuinfo[] = "processor\t: 0\n"
                        "vendor_id\t: GenuineIntel\n"
                        "model name\t: 12th Gen Intel(R) Core(TM) i7-12700\n"
                        "flags\t\t: fpu tsc constant_tsc rdtscp\n"
                        "\n"
                        "processor\t: 1\n"
                        "model name\t: something else\n";

// A host that passes every check for CPU 2: x86_1 of the method notes.
void write_quiet_host(const FakeRoot &r)
{
    r.write("proc/cpuinfo", kCpuinfo);
    r.write("proc/meminfo", "MemTotal:       16318412 kB\nMemFree:         1000 kB\n");
    r.write("proc/loadavg", "0.25 0.50 0.75 1/200 12345\n");
    r.write("proc/sys/kernel/hostname", "bench-host\n");
    r.write("proc/sys/kernel/osrelease", "6.1.0-18-amd64\n");
    r.write("proc/sys/kernel/arch", "x86_64\n");
    r.write("proc/sys/kernel/perf_event_paranoid", "2\n");
    r.write("etc/os-release", "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\n");
    r.write("sys/class/dmi/id/product_name", "OptiPlex 7000\n");
    r.write("sys/devices/system/cpu/online", "0-3,6-7\n");
    r.write("sys/devices/system/cpu/smt/control", "off\n");
    r.write("sys/devices/system/cpu/intel_pstate/no_turbo", "1\n");
    r.write("sys/devices/system/cpu/cpufreq/boost", "0\n");
    const std::string cpu = "sys/devices/system/cpu/cpu2/";
    r.write(cpu + "topology/thread_siblings_list", "2\n");
    r.write(cpu + "cpufreq/scaling_governor", "performance\n");
    r.write(cpu + "cpufreq/scaling_driver", "intel_pstate\n");
    r.write(cpu + "cpufreq/scaling_min_freq", "2100000\n");
    r.write(cpu + "cpufreq/scaling_max_freq", "2100000\n");
    r.write(cpu + "cpufreq/cpuinfo_avg_freq", "2099000\n");
}

bool has_warning(const std::vector<std::string> &w, const std::string &part)
{
    return std::any_of(w.begin(), w.end(), [&](const std::string &s) { return s.find(part) != std::string::npos; });
}

std::vector<std::string> warnings_for(const FakeRoot &r, const std::string &counter_warning = "")
{
    return kexbench::environment_warnings(kexbench::read_environment(r.path(), 2), counter_warning);
}

} // namespace

TEST(EnvironmentParse, ReadsFakeTree)
{
    FakeRoot r;
    ASSERT_FALSE(r.path().empty());
    write_quiet_host(r);
    Environment env = kexbench::read_environment(r.path(), 2, "gcc (Debian 12.2.0-14) 12.2.0");
    EXPECT_EQ(env.hostname, "bench-host");
    EXPECT_EQ(env.architecture, "x86_64");
    EXPECT_EQ(env.cpu_model, "12th Gen Intel(R) Core(TM) i7-12700");
    EXPECT_EQ(env.machine, "OptiPlex 7000");
    EXPECT_EQ(env.cpu_number, 2);
    EXPECT_EQ(env.logical_cpus_online, 6);
    EXPECT_FALSE(env.virtualized);
    EXPECT_EQ(env.memory_total_kib, 16318412u);
    EXPECT_EQ(env.os, "Debian GNU/Linux 12 (bookworm)");
    EXPECT_EQ(env.kernel, "6.1.0-18-amd64");
    EXPECT_EQ(env.compiler, "gcc (Debian 12.2.0-14) 12.2.0");
    EXPECT_EQ(env.perf_event_paranoid, "2");
    EXPECT_EQ(env.cpufreq_governor, "performance");
    EXPECT_EQ(env.cpufreq_driver, "intel_pstate");
    EXPECT_EQ(env.cpufreq_min_khz, "2100000");
    EXPECT_EQ(env.cpufreq_max_khz, "2100000");
    EXPECT_EQ(env.cpufreq_avg_khz, "2099000");
    EXPECT_EQ(env.intel_pstate_no_turbo, "1");
    EXPECT_EQ(env.cpufreq_boost, "0");
    EXPECT_EQ(env.smt_control, "off");
    EXPECT_EQ(env.thread_siblings_list, "2");
    ASSERT_TRUE(env.load_average);
    EXPECT_DOUBLE_EQ((*env.load_average)[0], 0.25);
    EXPECT_DOUBLE_EQ((*env.load_average)[2], 0.75);
    EXPECT_FALSE(env.core_clock_hz);
    EXPECT_TRUE(env.warnings.empty()); // computed separately
}

TEST(EnvironmentParse, EmptyTreeGivesNulls)
{
    FakeRoot r;
    ASSERT_FALSE(r.path().empty());
    Environment env = kexbench::read_environment(r.path(), 0);
    EXPECT_FALSE(env.hostname);
    EXPECT_FALSE(env.architecture); // never the real host's uname under a fake root
    EXPECT_FALSE(env.kernel);
    EXPECT_FALSE(env.cpu_model);
    EXPECT_FALSE(env.memory_total_kib);
    EXPECT_FALSE(env.cpufreq_governor);
    EXPECT_FALSE(env.load_average);
    EXPECT_FALSE(env.virtualized);
    EXPECT_EQ(env.compiler, kexbench::build_compiler());
    nlohmann::json j = kexbench::to_json(env);
    EXPECT_TRUE(j["cpufreq_governor"].is_null());
    EXPECT_TRUE(j["memory_total_kib"].is_null());
}

TEST(EnvironmentParse, Aarch64DeviceTreeAndMidr)
{
    FakeRoot r;
    ASSERT_FALSE(r.path().empty());
    r.write("proc/cpuinfo", "processor\t: 0\nBogoMIPS\t: 38.40\nFeatures\t: fp asimd\n"
                            "CPU implementer\t: 0x51\nCPU part\t: 0x001\n");
    r.write("sys/firmware/devicetree/base/model", std::string("Snapdragon X Elite CRD\0", 23));
    r.write("etc/os-release", "PRETTY_NAME='Ubuntu 24.04 LTS'\n");
    r.write("sys/devices/system/cpu/cpu0/cpufreq/boost", "0\n"); // per-policy boost
    Environment env = kexbench::read_environment(r.path(), 0);
    EXPECT_EQ(env.cpu_model, "implementer 0x51 part 0x001");
    EXPECT_EQ(env.machine, "Snapdragon X Elite CRD");
    EXPECT_EQ(env.os, "Ubuntu 24.04 LTS");
    EXPECT_EQ(env.cpufreq_boost, "0");
}

TEST(EnvironmentParse, CoreClockFromProbe)
{
    kexbench::ClockProbe p = kexbench::summarize_windows({2694810952.0, 2690000000.0, 2699000000.0});
    p.core_clock_hz = p.median_hz;
    Environment env;
    kexbench::set_core_clock(env, p);
    EXPECT_EQ(env.core_clock_hz, 2694810952.0);
    EXPECT_EQ(env.core_clock_min_hz, 2690000000.0);
    EXPECT_EQ(env.core_clock_max_hz, 2699000000.0);
    EXPECT_EQ(env.core_clock_mhz, 2700);
    EXPECT_EQ(kexbench::core_clock_mhz(2107000000.0), 2100);

    Environment none;
    kexbench::set_core_clock(none, kexbench::summarize_windows({1e9})); // no core clock
    EXPECT_FALSE(none.core_clock_hz);
}

TEST(EnvironmentWarnings, QuietHostHasNone)
{
    FakeRoot r;
    write_quiet_host(r);
    auto w = warnings_for(r);
    EXPECT_TRUE(w.empty()) << w.front();
}

TEST(EnvironmentWarnings, GovernorNotPerformance)
{
    FakeRoot r;
    write_quiet_host(r);
    r.write("sys/devices/system/cpu/cpu2/cpufreq/scaling_governor", "schedutil\n");
    auto w = warnings_for(r);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_TRUE(has_warning(w, "governor is 'schedutil'")) << w[0];
}

TEST(EnvironmentWarnings, MinFrequencyBelowMax)
{
    FakeRoot r;
    write_quiet_host(r);
    r.write("sys/devices/system/cpu/cpu2/cpufreq/scaling_min_freq", "800000\n");
    auto w = warnings_for(r);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_TRUE(has_warning(w, "min 800000 kHz != max 2100000 kHz")) << w[0];
}

TEST(EnvironmentWarnings, TurboAndBoost)
{
    FakeRoot r;
    write_quiet_host(r);
    r.write("sys/devices/system/cpu/intel_pstate/no_turbo", "0\n");
    r.write("sys/devices/system/cpu/cpufreq/boost", "1\n");
    auto w = warnings_for(r);
    ASSERT_EQ(w.size(), 2u);
    EXPECT_TRUE(has_warning(w, "intel_pstate/no_turbo is 0"));
    EXPECT_TRUE(has_warning(w, "boost is 1"));
}

TEST(EnvironmentWarnings, SmtSiblings)
{
    FakeRoot r;
    write_quiet_host(r);
    r.write("sys/devices/system/cpu/cpu2/topology/thread_siblings_list", "2,10\n");
    auto w = warnings_for(r);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_TRUE(has_warning(w, "SMT on: CPU 2")) << w[0];

    r.write("sys/devices/system/cpu/cpu2/topology/thread_siblings_list", "2-3\n");
    EXPECT_TRUE(has_warning(warnings_for(r), "SMT on"));
}

TEST(EnvironmentWarnings, NoPmu)
{
    FakeRoot r;
    write_quiet_host(r);
    std::string cw =
        kexbench::counter_warning(kexbench::CounterKind::Tsc, 2.6e9, "perf_event_open cpu-cycles failed (ENOENT)");
    auto w = warnings_for(r, cw);
    ASSERT_EQ(w.size(), 1u);
    EXPECT_EQ(w[0], cw);
}

TEST(EnvironmentWarnings, Virtualised)
{
    FakeRoot r;
    write_quiet_host(r);
    r.write("proc/cpuinfo", "model name\t: AMD EPYC\nflags\t\t: fpu tsc hypervisor lm\n");
    Environment env = kexbench::read_environment(r.path(), 2);
    EXPECT_TRUE(env.virtualized);
    auto w = kexbench::environment_warnings(env, "");
    ASSERT_EQ(w.size(), 1u);
    EXPECT_TRUE(has_warning(w, "virtualised")) << w[0];
}

TEST(EnvironmentWarnings, VirtualisedByDmi)
{
    FakeRoot r;
    write_quiet_host(r);
    r.write("sys/class/dmi/id/product_name", "KVM Virtual Machine\n");
    EXPECT_TRUE(kexbench::read_environment(r.path(), 2).virtualized);
}

// The load average alone said "high load" on every run of a 2-vCPU VM that
// was 85 % idle; load is now judged from what a campaign measures.
TEST(EnvironmentWarnings, AHighLoadAverageAloneIsNoWarning)
{
    FakeRoot r;
    write_quiet_host(r);
    r.write("proc/loadavg", "30.01 10.00 5.50 4/300 999\n"); // 6 CPUs online
    Environment env = kexbench::read_environment(r.path(), 2);
    ASSERT_TRUE(env.load_average.has_value());
    EXPECT_DOUBLE_EQ((*env.load_average)[0], 30.01) << "still recorded";
    EXPECT_TRUE(warnings_for(r).empty());
}

TEST(EnvironmentJson, HarnessKeyNames)
{
    FakeRoot r;
    write_quiet_host(r);
    Environment env = kexbench::read_environment(r.path(), 2);
    env.core_clock_hz = 2694810952.4;
    env.core_clock_mhz = kexbench::core_clock_mhz(*env.core_clock_hz);
    env.warnings = {"w1"};
    nlohmann::json j = kexbench::to_json(env);
    for (const char *key : {"hostname",
                            "architecture",
                            "cpu_model",
                            "machine",
                            "cpu_number",
                            "logical_cpus_online",
                            "virtualized",
                            "memory_total_kib",
                            "os",
                            "kernel",
                            "compiler",
                            "cmake",
                            "python",
                            "perf_event_paranoid",
                            "cpufreq_governor",
                            "cpufreq_driver",
                            "cpufreq_min_khz",
                            "cpufreq_max_khz",
                            "cpufreq_avg_khz",
                            "intel_pstate_no_turbo",
                            "cpufreq_boost",
                            "smt_control",
                            "core_clock_hz",
                            "core_clock_min_hz",
                            "core_clock_max_hz",
                            "core_clock_mhz",
                            "load_average",
                            "warnings"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["cpufreq_max_khz"], "2100000"); // sysfs values stay strings
    EXPECT_EQ(j["cpu_number"], 2);
    EXPECT_EQ(j["memory_total_kib"], 16318412);
    EXPECT_EQ(j["core_clock_hz"], 2694810952);
    EXPECT_EQ(j["core_clock_mhz"], 2700);
    EXPECT_TRUE(j["core_clock_min_hz"].is_null());
    EXPECT_EQ(j["load_average"].size(), 3u);
    EXPECT_EQ(j["warnings"][0], "w1");
}

TEST(EnvironmentSmoke, RealMachine)
{
    Environment env = kexbench::read_environment("", 0);
    ASSERT_TRUE(env.architecture);
    EXPECT_FALSE(env.architecture->empty());
    ASSERT_TRUE(env.kernel);
    EXPECT_FALSE(env.compiler.empty());
    EXPECT_TRUE(env.logical_cpus_online.value_or(1) >= 1);
    std::string why;
    kexbench::CycleCounter counter = kexbench::CycleCounter::open_best(&why);
    env.warnings = kexbench::environment_warnings(env, counter, why);
    if (!counter.is_core_cycles()) {
        EXPECT_TRUE(has_warning(env.warnings, "no PMU"));
    }
    nlohmann::json j = kexbench::to_json(env);
    EXPECT_EQ(j["architecture"], *env.architecture);
    EXPECT_TRUE(j["warnings"].is_array());
}
