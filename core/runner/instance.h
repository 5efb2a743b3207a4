// SPDX-License-Identifier: GPL-3.0-or-later
// Loading an ICCS KEX instance library (dlopen/dlsym) and validating what it
// exports. Only runner children load instances: the CLI and the GUI never map
// candidate code into their own process.
#pragma once

#include "core/base/result.h"
#include "core/campaign/instance_info.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace kexbench {

constexpr unsigned kMaxPasses = 16;
constexpr unsigned long long kMaxCapacityBytes = 64ull << 20; // 64 MiB: anything above is absurd

using GetterFn = unsigned long long (*)();
using InitFn = int (*)(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *, unsigned char *,
                       unsigned long long *);
using Pass1Fn = int (*)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
                        unsigned long long *, unsigned char *, unsigned long long *);
using PassFn = int (*)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
                       unsigned long long, unsigned char *, unsigned long long *, unsigned char *,
                       unsigned long long *);
using DeriveFn = int (*)(unsigned char *, unsigned long long, unsigned char *, unsigned long long, unsigned char *,
                         unsigned long long, unsigned char *, unsigned long long, unsigned char *,
                         unsigned long long *);
using SeedFn = int (*)(const unsigned char *, unsigned long long);

struct InstanceApi {
    InitFn init_a = nullptr;
    InitFn init_b = nullptr;
    Pass1Fn pass1 = nullptr;
    std::array<PassFn, kMaxPasses + 1> pass{}; // pass[k] for k = 2..16, by name kex_generate_pass<k>_msg_<a|b>
    DeriveFn derive_a = nullptr;
    DeriveFn derive_b = nullptr;
    SeedFn seed = nullptr; // kexbench_seed: instantiates the library's drng_algorithm
};

class Instance {
public:
    // Validates the file (ELF, architecture), dlopens it (RTLD_NOW | RTLD_LOCAL),
    // resolves the API and the kexbench shim and checks the claimed capacities.
    // Every problem becomes an Error whose message starts with the path.
    static Result<std::unique_ptr<Instance>> load(const std::string &path);

    ~Instance();
    Instance(const Instance &) = delete;
    Instance &operator=(const Instance &) = delete;

    const std::string &path() const { return path_; }
    const InstanceMeta &meta() const { return meta_; }
    const Capacities &capacities() const { return caps_; }
    const InstanceApi &api() const { return api_; }
    // True when pass k (1..16) is exported.
    bool has_pass(unsigned k) const;

private:
    Instance() = default;
    std::string path_;
    void *handle_ = nullptr;
    InstanceMeta meta_;
    Capacities caps_;
    InstanceApi api_;
};

} // namespace kexbench
