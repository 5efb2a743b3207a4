// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/environment.h"
#include "core/base/text.h"
#include "core/data/environment_facts.h"

#include "core/base/clock.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/utsname.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

namespace kexbench {

namespace {

// Streams rather than stat-sizes: procfs and sysfs files report size 0 or 4096.
std::optional<std::string> read_text(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream data;
    data << in.rdbuf();
    return data.str();
}

// A one-value sysfs/procfs file, trimmed (device-tree strings end in NUL).
std::optional<std::string> read_value(const std::string &path)
{
    auto text = read_text(path);
    if (!text)
        return std::nullopt;
    text->erase(std::find(text->begin(), text->end(), '\0'), text->end());
    return trimmed(*text);
}

std::optional<std::string> first_of(const std::string &root, std::initializer_list<const char *> paths)
{
    for (const char *p : paths)
        if (auto v = read_value(root + p); v && !v->empty())
            return v;
    return std::nullopt;
}

// "key<tabs> : value" lines of /proc/cpuinfo; the first match wins (CPU 0's).
std::optional<std::string> cpuinfo_field(const std::string &cpuinfo, const std::string &key)
{
    std::istringstream in(cpuinfo);
    for (std::string line; std::getline(in, line);) {
        size_t colon = line.find(':');
        if (colon != std::string::npos && trimmed(line.substr(0, colon)) == key)
            return trimmed(line.substr(colon + 1));
    }
    return std::nullopt;
}

bool has_word(const std::string &text, const std::string &word)
{
    std::istringstream in(text);
    for (std::string w; in >> w;)
        if (w == word)
            return true;
    return false;
}

// "0-3,5,7-8" -> {0,1,2,3,5,7,8}; nullopt when malformed.
std::optional<std::vector<int>> parse_cpu_list(const std::string &list)
{
    constexpr int kMaxCpu = 1 << 16; // a corrupt file must not make us allocate gigabytes
    std::vector<int> cpus;
    std::istringstream in(list);
    for (std::string part; std::getline(in, part, ',');) {
        int lo = 0, hi = 0;
        char tail = 0;
        int n = std::sscanf(part.c_str(), "%d-%d%c", &lo, &hi, &tail);
        if (n == 1 && part.find('-') == std::string::npos)
            hi = lo;
        else if (n != 2)
            return std::nullopt;
        if (lo < 0 || hi < lo || hi > kMaxCpu)
            return std::nullopt;
        for (int c = lo; c <= hi; ++c)
            cpus.push_back(c);
    }
    if (cpus.empty())
        return std::nullopt;
    return cpus;
}

std::optional<std::string> cpu_model_from(const std::string &cpuinfo)
{
    if (auto m = cpuinfo_field(cpuinfo, "model name"))
        return m;
    if (auto h = cpuinfo_field(cpuinfo, "Hardware"))
        return h;
    // aarch64 kernels print only the MIDR fields.
    auto impl = cpuinfo_field(cpuinfo, "CPU implementer");
    auto part = cpuinfo_field(cpuinfo, "CPU part");
    if (impl && part)
        return "implementer " + *impl + " part " + *part;
    return std::nullopt;
}

std::optional<uint64_t> mem_total_kib(const std::string &root)
{
    auto text = read_text(root + "/proc/meminfo");
    if (!text)
        return std::nullopt;
    auto v = cpuinfo_field(*text, "MemTotal"); // "16318412 kB"
    if (!v)
        return std::nullopt;
    unsigned long long kib = 0;
    if (std::sscanf(v->c_str(), "%llu", &kib) != 1)
        return std::nullopt;
    return kib;
}

std::optional<std::string> os_pretty_name(const std::string &root)
{
    for (const char *p : {"/etc/os-release", "/usr/lib/os-release"}) {
        auto text = read_text(root + p);
        if (!text)
            continue;
        std::istringstream in(*text);
        for (std::string line; std::getline(in, line);) {
            if (line.rfind("PRETTY_NAME=", 0) != 0)
                continue;
            std::string v = trimmed(line.substr(12));
            if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
                v = v.substr(1, v.size() - 2);
            return v;
        }
    }
    return std::nullopt;
}

std::optional<std::array<double, 3>> load_average(const std::string &root)
{
    auto text = read_text(root + "/proc/loadavg");
    std::array<double, 3> l{};
    if (!text || std::sscanf(text->c_str(), "%lf %lf %lf", &l[0], &l[1], &l[2]) != 3)
        return std::nullopt;
    return l;
}

// The "hypervisor" CPUID flag is what the harness uses; aarch64 has no such
// flag, so also accept the firmware's own admission of being a VM.
bool is_virtualized(const std::string &root, const std::string &cpuinfo, const std::optional<std::string> &machine)
{
    if (auto flags = cpuinfo_field(cpuinfo, "flags"); flags && has_word(*flags, "hypervisor"))
        return true;
    if (first_of(root, {"/sys/hypervisor/type", "/proc/device-tree/hypervisor/compatible"}))
        return true;
    std::string dmi = first_of(root, {"/sys/class/dmi/id/sys_vendor"}).value_or("") + " " + machine.value_or("");
    for (const char *vm :
         {"QEMU", "KVM", "VMware", "VirtualBox", "Virtual Machine", "HVM domU", "Firecracker", "dummy-virt"})
        if (dmi.find(vm) != std::string::npos)
            return true;
    return false;
}

struct Uname {
    std::optional<std::string> machine, release, node;
};

// Only for the real machine: a fake tree under root must not pick up the host.
Uname uname_of(const std::string &root)
{
    utsname u{};
    if (!root.empty() || ::uname(&u) != 0)
        return {};
    return {std::string(u.machine), std::string(u.release), std::string(u.nodename)};
}

std::optional<int> count_cpus(const std::optional<std::string> &list)
{
    if (!list)
        return std::nullopt;
    auto cpus = parse_cpu_list(*list);
    if (!cpus)
        return std::nullopt;
    return static_cast<int>(cpus->size());
}

void read_identity(Environment &env, const std::string &root, const std::string &cpuinfo)
{
    Uname u = uname_of(root);
    env.hostname = first_of(root, {"/proc/sys/kernel/hostname"});
    if (!env.hostname)
        env.hostname = u.node;
    // uname first: under qemu-user it reports the emulated architecture while
    // /proc/sys/kernel/arch still says the host's.
    env.architecture = u.machine ? u.machine : first_of(root, {"/proc/sys/kernel/arch"});
    env.kernel = first_of(root, {"/proc/sys/kernel/osrelease"});
    if (!env.kernel)
        env.kernel = u.release;
    env.cpu_model = cpu_model_from(cpuinfo);
    env.machine = first_of(
        root, {"/sys/firmware/devicetree/base/model", "/proc/device-tree/model", "/sys/class/dmi/id/product_name"});
    env.virtualized = is_virtualized(root, cpuinfo, env.machine);
    env.memory_total_kib = mem_total_kib(root);
    env.os = os_pretty_name(root);
    env.logical_cpus_online = count_cpus(first_of(root, {"/sys/devices/system/cpu/online"}));
}

void read_cpufreq(Environment &env, const std::string &root, int cpu)
{
    std::string sys = root + "/sys/devices/system/cpu/";
    std::string freq = "cpu" + std::to_string(cpu) + "/cpufreq/";
    auto value = [&](const std::string &rel) { return read_value(sys + rel); };
    env.cpufreq_governor = value(freq + "scaling_governor");
    env.cpufreq_driver = value(freq + "scaling_driver");
    env.cpufreq_min_khz = value(freq + "scaling_min_freq");
    env.cpufreq_max_khz = value(freq + "scaling_max_freq");
    env.cpufreq_avg_khz = value(freq + "cpuinfo_avg_freq");
    env.intel_pstate_no_turbo = value("intel_pstate/no_turbo");
    // amd-pstate and newer kernels expose boost per policy instead of globally.
    env.cpufreq_boost = value("cpufreq/boost");
    if (!env.cpufreq_boost)
        env.cpufreq_boost = value(freq + "boost");
    env.smt_control = value("smt/control");
    env.thread_siblings_list = value("cpu" + std::to_string(cpu) + "/topology/thread_siblings_list");
}

#ifdef KEXBENCH_CMAKE_VERSION
const char *const kCmakeVersion = KEXBENCH_CMAKE_VERSION;
#else
const char *const kCmakeVersion = "";
#endif

} // namespace

std::string build_compiler()
{
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown compiler";
#endif
}

Environment read_environment(const std::string &root, int cpu, const std::string &compiler)
{
    Environment env;
    env.cpu_number = cpu;
    read_identity(env, root, read_text(root + "/proc/cpuinfo").value_or(""));
    read_cpufreq(env, root, cpu);
    env.perf_event_paranoid = read_value(root + "/proc/sys/kernel/perf_event_paranoid");
    env.load_average = load_average(root);
    env.compiler = compiler.empty() ? build_compiler() : compiler;
    env.cmake = kCmakeVersion;
    return env;
}

long core_clock_mhz(double hz) { return 50 * std::lround(hz / 50e6); }

void set_core_clock(Environment &env, const ClockProbe &probe)
{
    if (probe.core_clock_hz <= 0)
        return;
    env.core_clock_hz = probe.core_clock_hz;
    env.core_clock_min_hz = probe.min_hz;
    env.core_clock_max_hz = probe.max_hz;
    env.core_clock_mhz = core_clock_mhz(probe.core_clock_hz);
}

namespace {

void scaling_warnings(const Environment &env, std::vector<std::string> &w)
{
    std::string cpu = "CPU " + std::to_string(env.cpu_number);
    if (env.cpufreq_governor && *env.cpufreq_governor != "performance")
        w.push_back("frequency scaling: " + cpu + " cpufreq governor is '" + *env.cpufreq_governor +
                    "', not 'performance'");
    if (env.cpufreq_min_khz && env.cpufreq_max_khz && *env.cpufreq_min_khz != *env.cpufreq_max_khz)
        w.push_back("frequency scaling: " + cpu + " cpufreq min " + *env.cpufreq_min_khz + " kHz != max " +
                    *env.cpufreq_max_khz + " kHz");
    if (const auto turbo = turbo_state(env.intel_pstate_no_turbo, std::nullopt); turbo && turbo->on)
        w.push_back("turbo on: intel_pstate/no_turbo is 0");
    if (const auto boost = turbo_state(std::nullopt, env.cpufreq_boost); boost && boost->on)
        w.push_back("turbo on: cpufreq boost is 1");
}

// SMT is "on for the CPU" when its core lists any sibling besides itself.
void smt_warning(const Environment &env, std::vector<std::string> &w)
{
    if (!env.thread_siblings_list)
        return;
    auto cpus = parse_cpu_list(*env.thread_siblings_list);
    bool alone = cpus && cpus->size() == 1 && cpus->front() == env.cpu_number;
    if (!alone)
        w.push_back("SMT on: CPU " + std::to_string(env.cpu_number) + " shares its core (thread_siblings_list " +
                    *env.thread_siblings_list + ")");
}

} // namespace

std::vector<std::string> environment_warnings(const Environment &env, const std::string &counter_warning)
{
    std::vector<std::string> w;
    scaling_warnings(env, w);
    smt_warning(env, w);
    if (!counter_warning.empty())
        w.push_back(counter_warning);
    if (env.virtualized)
        w.push_back("virtualised: the CPU reports a hypervisor; timings include its noise");
    // No load-average rule: it counts runnable and uninterruptible tasks of
    // the whole machine and fires with the CPUs mostly idle. Host load is
    // judged from what the campaign measures (core/campaign/health.h).
    return w;
}

std::vector<std::string> environment_warnings(const Environment &env, const CycleCounter &counter,
                                              const std::string &why_not_pmu)
{
    return environment_warnings(env, counter_warning(counter, why_not_pmu));
}

namespace {

template <typename T>
nlohmann::json opt(const std::optional<T> &v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// clockprobe prints whole hertz.
nlohmann::json opt_hz(const std::optional<double> &hz)
{
    return hz ? nlohmann::json(std::llround(*hz)) : nlohmann::json(nullptr);
}

} // namespace

nlohmann::json to_json(const Environment &env)
{
    nlohmann::json j = {
        {"hostname", opt(env.hostname)},
        {"architecture", opt(env.architecture)},
        {"cpu_model", opt(env.cpu_model)},
        {"machine", opt(env.machine)},
        {"cpu_number", env.cpu_number},
        {"logical_cpus_online", opt(env.logical_cpus_online)},
        {"virtualized", env.virtualized},
        {"memory_total_kib", opt(env.memory_total_kib)},
        {"os", opt(env.os)},
        {"kernel", opt(env.kernel)},
        {"compiler", env.compiler},
        {"cmake", env.cmake.empty() ? nlohmann::json(nullptr) : nlohmann::json(env.cmake)},
        {"python", nullptr}, // harness key kept for schema parity; kexbench has no Python
        {"perf_event_paranoid", opt(env.perf_event_paranoid)},
        {"cpufreq_governor", opt(env.cpufreq_governor)},
        {"cpufreq_driver", opt(env.cpufreq_driver)},
        {"cpufreq_min_khz", opt(env.cpufreq_min_khz)},
        {"cpufreq_max_khz", opt(env.cpufreq_max_khz)},
        {"cpufreq_avg_khz", opt(env.cpufreq_avg_khz)},
        {"intel_pstate_no_turbo", opt(env.intel_pstate_no_turbo)},
        {"cpufreq_boost", opt(env.cpufreq_boost)},
        {"smt_control", opt(env.smt_control)},
        {"thread_siblings_list", opt(env.thread_siblings_list)},
        {"core_clock_hz", opt_hz(env.core_clock_hz)},
        {"core_clock_min_hz", opt_hz(env.core_clock_min_hz)},
        {"core_clock_max_hz", opt_hz(env.core_clock_max_hz)},
        {"core_clock_mhz", opt(env.core_clock_mhz)},
        {"load_average", opt(env.load_average)},
        {"warnings", env.warnings},
    };
    return j;
}

} // namespace kexbench
