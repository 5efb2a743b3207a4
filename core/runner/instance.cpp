// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runner/instance.h"

#include "core/base/elf_file.h"
#include "core/runner/instance_info.h"
#include "kex/shim/kexbench_shim.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <iterator>

namespace kexbench {

namespace {

// Metadata strings come from untrusted code: bound them so garbage cannot run away.
constexpr size_t kMaxMetaString = 4096;

const char *const kGetterNames[] = {
    "kex_get_passes_num",    "kex_get_pk_len_bytes", "kex_get_sk_len_bytes",        "kex_get_sta_len_bytes",
    "kex_get_stb_len_bytes", "kex_get_ss_len_bytes", "kex_get_total_msg_len_bytes",
};

// dlsym gives void *; memcpy is the portable way to turn that into a function pointer.
template <class Fn>
Fn lookup(void *handle, const std::string &name)
{
    void *p = ::dlsym(handle, name.c_str());
    Fn fn = nullptr;
    static_assert(sizeof fn == sizeof p);
    std::memcpy(&fn, &p, sizeof fn);
    return fn;
}

std::string copy_string(const char *s) { return s ? std::string(s, ::strnlen(s, kMaxMetaString)) : std::string(); }

// dlerror() repeats the file name and may span lines; keep one line, name the path once.
std::string dl_failure(const std::string &path, const std::string &opened)
{
    const char *raw = ::dlerror();
    std::string msg = raw ? raw : "unknown dynamic loader error";
    for (const std::string &prefix : {opened + ": ", path + ": "})
        if (msg.compare(0, prefix.size(), prefix) == 0) {
            msg.erase(0, prefix.size());
            break;
        }
    for (char &c : msg)
        if (c == '\n' || c == '\r')
            c = ' ';
    return path + ": cannot load: " + msg;
}

std::string pass_name(unsigned k)
{
    return "kex_generate_pass" + std::to_string(k) + "_msg_" + (k % 2 == 0 ? "b" : "a");
}

std::string hex32(uint32_t v)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", v);
    return buf;
}

std::string not_an_instance(const std::string &path, const char *what)
{
    return path + ": not a kexbench instance (no " + what +
           "); build it with kexbench_add_instance or kexbench-cli build-instance";
}

Result<InstanceMeta> read_meta(void *handle, const std::string &path)
{
    using MetaFn = const kexbench_meta *(*)();
    auto meta_fn = lookup<MetaFn>(handle, KEXBENCH_META_SYMBOL);
    if (!meta_fn)
        return fail(not_an_instance(path, KEXBENCH_META_SYMBOL));
    const kexbench_meta *m = meta_fn();
    if (!m)
        return fail(path + ": " KEXBENCH_META_SYMBOL "() returned no metadata");
    if (m->magic != KEXBENCH_META_MAGIC)
        return fail(path + ": bad kexbench metadata magic " + hex32(m->magic) + " (expected " +
                    hex32(KEXBENCH_META_MAGIC) + ")");
    if (m->abi_version != KEXBENCH_ABI_VERSION)
        return fail(path + ": kexbench instance ABI version " + std::to_string(m->abi_version) +
                    ", this kexbench reads version " + std::to_string(KEXBENCH_ABI_VERSION));
    InstanceMeta meta;
    meta.instance = copy_string(m->instance);
    meta.display_name = copy_string(m->display_name);
    meta.family = copy_string(m->family);
    meta.parameter_set = copy_string(m->parameter_set);
    meta.group = copy_string(m->group);
    meta.variant = copy_string(m->variant);
    meta.compiler = copy_string(m->compiler);
    meta.build_flags = copy_string(m->build_flags);
    meta.claimed_security_bits = m->claimed_security_bits;
    meta.abi_version = m->abi_version;
    // The name becomes file and folder names of every campaign: refuse it here, before anything is written.
    if (std::string bad = meta_name_problem(meta); !bad.empty())
        return fail(path + ": " + bad);
    return meta;
}

// Remembers the first missing name so the error points at one concrete symbol.
template <class Fn>
void require(void *handle, const std::string &name, Fn &out, std::string &missing)
{
    out = lookup<Fn>(handle, name);
    if (!out && missing.empty())
        missing = name;
}

Result<Capacities> read_capacities(void *handle, const std::string &path)
{
    GetterFn getters[std::size(kGetterNames)] = {};
    std::string missing;
    for (size_t i = 0; i < std::size(kGetterNames); ++i)
        require(handle, kGetterNames[i], getters[i], missing);
    if (!missing.empty())
        return fail(path + ": missing required symbol " + missing);
    Capacities c;
    unsigned long long *slots[] = {&c.passes, &c.pk, &c.sk, &c.sta, &c.stb, &c.ss, &c.total_msg};
    for (size_t i = 0; i < std::size(kGetterNames); ++i)
        *slots[i] = getters[i]();
    return c;
}

Result<InstanceApi> resolve_api(void *handle, const std::string &path)
{
    InstanceApi api;
    std::string missing;
    require(handle, "kex_init_a", api.init_a, missing);
    require(handle, "kex_init_b", api.init_b, missing);
    require(handle, "kex_generate_pass1_msg_a", api.pass1, missing);
    require(handle, "kex_derive_ss_a", api.derive_a, missing);
    require(handle, "kex_derive_ss_b", api.derive_b, missing);
    if (!missing.empty())
        return fail(path + ": missing required symbol " + missing);
    for (unsigned k = 2; k <= kMaxPasses; ++k)
        api.pass[k] = lookup<PassFn>(handle, pass_name(k));
    api.seed = lookup<SeedFn>(handle, KEXBENCH_SEED_SYMBOL);
    return api;
}

// The getters are the buffer sizes the runner will allocate: refuse what cannot be honoured.
std::string check_capacities(const std::string &path, const Capacities &c)
{
    if (c.passes > kMaxPasses)
        return path + ": claims " + std::to_string(c.passes) + " passes, kexbench supports at most " +
               std::to_string(kMaxPasses);
    const unsigned long long sizes[] = {c.pk, c.sk, c.sta, c.stb, c.ss, c.total_msg};
    for (size_t i = 0; i < std::size(sizes); ++i)
        if (sizes[i] > kMaxCapacityBytes)
            return path + ": absurd capacity: " + kGetterNames[i + 1] + "() returns " + std::to_string(sizes[i]) +
                   " bytes (limit " + std::to_string(kMaxCapacityBytes) + ")";
    if (c.ss == 0)
        return path + ": kex_get_ss_len_bytes() returns 0, an exchange must produce a shared secret";
    if (c.passes > 0 && c.total_msg == 0)
        return path + ": kex_get_total_msg_len_bytes() returns 0 but the protocol claims " + std::to_string(c.passes) +
               " passes";
    return {};
}

// Every pass up to the claimed count must exist; passes beyond it are allowed (0-pass NIKEs keep pass1..3).
std::string check_passes(const std::string &path, const Capacities &c, const InstanceApi &api)
{
    for (unsigned k = 2; k <= c.passes; ++k)
        if (!api.pass[k])
            return path + ": claims " + std::to_string(c.passes) + " passes but does not export " + pass_name(k);
    return {};
}

} // namespace

Result<std::unique_ptr<Instance>> Instance::load(const std::string &path)
{
    if (auto elf = check_loadable(path); !elf)
        return fail(elf.error());
    // Without a slash dlopen would search the library path instead of the file just checked.
    std::string opened = path.find('/') == std::string::npos ? "./" + path : path;
    std::unique_ptr<Instance> inst(new Instance());
    inst->path_ = path;
    inst->handle_ = ::dlopen(opened.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!inst->handle_)
        return fail(dl_failure(path, opened));

    auto meta = read_meta(inst->handle_, path);
    if (!meta)
        return fail(meta.error());
    if (!lookup<SeedFn>(inst->handle_, KEXBENCH_SEED_SYMBOL))
        return fail(not_an_instance(path, KEXBENCH_SEED_SYMBOL));
    auto caps = read_capacities(inst->handle_, path);
    if (!caps)
        return fail(caps.error());
    auto api = resolve_api(inst->handle_, path);
    if (!api)
        return fail(api.error());
    if (std::string bad = check_capacities(path, *caps); !bad.empty())
        return fail(bad);
    if (std::string bad = check_passes(path, *caps, *api); !bad.empty())
        return fail(bad);

    inst->meta_ = std::move(*meta);
    inst->caps_ = *caps;
    inst->api_ = *api;
    return inst;
}

Instance::~Instance()
{
    if (handle_)
        ::dlclose(handle_);
}

bool Instance::has_pass(unsigned k) const
{
    if (k == 1)
        return api_.pass1 != nullptr;
    return k >= 2 && k <= kMaxPasses && api_.pass[k] != nullptr;
}

} // namespace kexbench
