// SPDX-License-Identifier: GPL-3.0-or-later
// A test driver for instance libraries: loads one with dlopen exactly as a
// driver would and runs the ICCS calling sequence with guarded buffers, so the
// instance tests can check both agreement and the bytes that went over the wire.
#pragma once

#include "core/runner/instance.h"
#include "kex/shim/kexbench_shim.h"

#include "auxfunc.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace kexbench::test {

using Bytes = std::vector<unsigned char>;

// The ICCS function types are the loader's own.
using kexbench::DeriveFn;
using kexbench::GetterFn;
using kexbench::InitFn;
using kexbench::Pass1Fn;
using kexbench::PassFn;
using kexbench::SeedFn;
using MetaFn = const kexbench_meta *(*)();

constexpr unsigned kExchanges = 50;
// Pointer-passed lengths are preset to this before every call: an instance that
// does not write a length it owns shows up as an absurd value.
constexpr unsigned long long kUnwritten = ~0ull;
constexpr size_t kGuardBytes = 64;
constexpr unsigned char kGuardByte = 0xA5;

// The harness seed: 00 01 02 ... 2F.
inline Bytes harness_seed()
{
    Bytes seed(48);
    for (size_t i = 0; i < seed.size(); i++)
        seed[i] = static_cast<unsigned char>(i);
    return seed;
}

inline Bytes from_hex(const std::string &hex)
{
    Bytes out;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<unsigned char>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    return out;
}

inline Bytes concat(std::initializer_list<const Bytes *> parts)
{
    Bytes out;
    for (const Bytes *p : parts)
        out.insert(out.end(), p->begin(), p->end());
    return out;
}

// A caller-owned buffer of the claimed capacity with guard bytes on both sides,
// so writes outside the capacity are caught (as the harness KAT runner does).
class GuardedBuffer {
public:
    explicit GuardedBuffer(unsigned long long capacity)
        : capacity_(static_cast<size_t>(capacity)), mem_(capacity_ + 2 * kGuardBytes, kGuardByte)
    {
        std::fill_n(data(), capacity_, 0);
    }
    unsigned char *data() { return mem_.data() + kGuardBytes; }
    size_t capacity() const { return capacity_; }
    bool guards_intact() const
    {
        auto is_guard = [](unsigned char b) { return b == kGuardByte; };
        return std::all_of(mem_.begin(), mem_.begin() + kGuardBytes, is_guard) &&
               std::all_of(mem_.end() - kGuardBytes, mem_.end(), is_guard);
    }
    Bytes prefix(unsigned long long len) const
    {
        const unsigned char *p = mem_.data() + kGuardBytes;
        return Bytes(p, p + std::min<size_t>(static_cast<size_t>(len), capacity_));
    }

private:
    size_t capacity_;
    Bytes mem_;
};

struct Capacities {
    unsigned long long passes, pk, sk, sta, stb, ss, total_msg;
    bool operator==(const Capacities &) const = default;
};

class InstanceLib {
public:
    static std::unique_ptr<InstanceLib> open(const std::string &path, std::string &error)
    {
        std::unique_ptr<InstanceLib> lib(new InstanceLib);
        lib->handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (lib->handle_ == nullptr) {
            error = dlerror();
            return nullptr;
        }
        bool ok = true;
        auto need = [&](const char *name) {
            void *sym = dlsym(lib->handle_, name);
            if (sym == nullptr) {
                error += std::string(error.empty() ? "" : ", ") + "missing " + name;
                ok = false;
            }
            return sym;
        };
        auto getter = [&](const char *name) {
            auto fn = reinterpret_cast<GetterFn>(need(name));
            return fn != nullptr ? fn() : 0;
        };
        lib->caps = {getter("kex_get_passes_num"),         getter("kex_get_pk_len_bytes"),
                     getter("kex_get_sk_len_bytes"),       getter("kex_get_sta_len_bytes"),
                     getter("kex_get_stb_len_bytes"),      getter("kex_get_ss_len_bytes"),
                     getter("kex_get_total_msg_len_bytes")};
        lib->init_a = reinterpret_cast<InitFn>(need("kex_init_a"));
        lib->init_b = reinterpret_cast<InitFn>(need("kex_init_b"));
        lib->pass1 = reinterpret_cast<Pass1Fn>(need("kex_generate_pass1_msg_a"));
        for (unsigned k = 2; k < lib->pass.size(); k++) { // optional: the protocol decides how many
            char name[40];
            std::snprintf(name, sizeof name, "kex_generate_pass%u_msg_%c", k, k % 2 == 1 ? 'a' : 'b');
            lib->pass[k] = reinterpret_cast<PassFn>(dlsym(lib->handle_, name));
        }
        lib->pass2 = lib->pass[2];
        lib->pass3 = lib->pass[3];
        lib->derive_a = reinterpret_cast<DeriveFn>(need("kex_derive_ss_a"));
        lib->derive_b = reinterpret_cast<DeriveFn>(need("kex_derive_ss_b"));
        lib->seed = reinterpret_cast<SeedFn>(need(KEXBENCH_SEED_SYMBOL));
        lib->meta = reinterpret_cast<MetaFn>(need(KEXBENCH_META_SYMBOL));
        return ok ? std::move(lib) : nullptr;
    }
    // Unloading runs the instances' destructors (ECDHE frees its cached group), which
    // the sanitizer build then checks for leaks.
    ~InstanceLib()
    {
        if (handle_ != nullptr)
            dlclose(handle_);
    }

    bool reseed(const Bytes &s) const { return seed(s.data(), s.size()) == 0; }

    Capacities caps{};
    InitFn init_a = nullptr, init_b = nullptr;
    Pass1Fn pass1 = nullptr;
    PassFn pass2 = nullptr, pass3 = nullptr;
    std::array<PassFn, kexbench::kMaxPasses + 1> pass{}; // pass[k] for k = 2..16, as the harness drivers
    DeriveFn derive_a = nullptr, derive_b = nullptr;
    SeedFn seed = nullptr;
    MetaFn meta = nullptr;

private:
    InstanceLib() = default;
    void *handle_ = nullptr;
};

// Everything one exchange produced, copied out at the lengths the instance returned.
struct Transcript {
    Bytes pka, ska, pkb, skb;
    std::vector<Bytes> m{Bytes{}}; // m[k] for k >= 1; m[0] unused
    std::vector<int> pass_rc{0};
    Bytes sta, stb; // final states
    Bytes ssa, ssb;
};

// One complete exchange in the order of the official KAT driver: init_a, init_b,
// passes 1.. until one returns 1 (a 0-pass protocol runs passes 1-3, all returning 0),
// derive_a with B's last message, derive_b with A's last message.
// Called after pass k with its message (and its length, which it may change), before
// the peer sees it: the tests' man in the middle.
using Tamper = std::function<void(unsigned k, unsigned char *msg, unsigned long long &len)>;

inline testing::AssertionResult run_exchange(const InstanceLib &lib, Transcript &t, const Tamper &tamper = {})
{
    const Capacities &c = lib.caps;
    GuardedBuffer pka(c.pk), ska(c.sk), pkb(c.pk), skb(c.sk), sta(c.sta), stb(c.stb), ssa(c.ss), ssb(c.ss);
    const unsigned max_pass = c.passes == 0 ? 3u : static_cast<unsigned>(c.passes);
    std::vector<GuardedBuffer> m;
    for (unsigned k = 0; k <= max_pass; k++)
        m.emplace_back(c.total_msg);
    std::vector<unsigned long long> m_len(max_pass + 1, 0);
    unsigned long long pka_len = kUnwritten, ska_len = kUnwritten, sta_len = kUnwritten;
    unsigned long long pkb_len = kUnwritten, skb_len = kUnwritten, stb_len = kUnwritten;

    auto within = [](const char *what, unsigned long long len, unsigned long long cap) {
        if (len <= cap)
            return testing::AssertionSuccess();
        return testing::AssertionFailure() << what << " length " << len << " exceeds capacity " << cap;
    };

    if (int rc = lib.init_a(pka.data(), &pka_len, ska.data(), &ska_len, sta.data(), &sta_len); rc != 0)
        return testing::AssertionFailure() << "kex_init_a returned " << rc;
    if (int rc = lib.init_b(pkb.data(), &pkb_len, skb.data(), &skb_len, stb.data(), &stb_len); rc != 0)
        return testing::AssertionFailure() << "kex_init_b returned " << rc;
    for (auto r : {within("pka", pka_len, c.pk), within("ska", ska_len, c.sk), within("sta", sta_len, c.sta),
                   within("pkb", pkb_len, c.pk), within("skb", skb_len, c.sk), within("stb", stb_len, c.stb)})
        if (!r)
            return r;
    t.pka = pka.prefix(pka_len);
    t.ska = ska.prefix(ska_len);
    t.pkb = pkb.prefix(pkb_len);
    t.skb = skb.prefix(skb_len);

    unsigned last = 0;
    for (unsigned k = 1; k <= max_pass && last == 0; k++) {
        m_len[k] = c.total_msg; // what the harness timing driver presets
        const bool by_a = (k % 2) == 1;
        unsigned long long &st_len = by_a ? sta_len : stb_len;
        st_len = kUnwritten;
        int rc;
        if (k == 1) {
            rc = lib.pass1(ska.data(), ska_len, pkb.data(), pkb_len, sta.data(), &sta_len, m[1].data(), &m_len[1]);
        } else {
            PassFn fn = k < lib.pass.size() ? lib.pass[k] : nullptr;
            if (fn == nullptr)
                return testing::AssertionFailure() << "pass " << k << " is not exported";
            rc = by_a ? fn(ska.data(), ska_len, pkb.data(), pkb_len, m[k - 1].data(), m_len[k - 1], sta.data(),
                           &sta_len, m[k].data(), &m_len[k])
                      : fn(skb.data(), skb_len, pka.data(), pka_len, m[k - 1].data(), m_len[k - 1], stb.data(),
                           &stb_len, m[k].data(), &m_len[k]);
        }
        t.pass_rc.push_back(rc);
        if (rc < 0 || rc > 1)
            return testing::AssertionFailure() << "pass " << k << " returned " << rc;
        if (auto r = within("message", m_len[k], c.total_msg); !r)
            return r << " (pass " << k << ")";
        if (auto r = within("state", st_len, by_a ? c.sta : c.stb); !r)
            return r << " (pass " << k << ")";
        if (tamper)
            tamper(k, m[k].data(), m_len[k]);
        t.m.push_back(m[k].prefix(m_len[k]));
        if (rc == 1) {
            if (k != c.passes)
                return testing::AssertionFailure() << "pass " << k << " finished a " << c.passes << "-pass protocol";
            last = k;
        }
    }
    const unsigned ran = static_cast<unsigned>(t.m.size() - 1);
    if (c.passes != 0 && last == 0)
        return testing::AssertionFailure() << "no pass returned 1";

    // The last message each party sent: B sends even passes, A odd ones.
    const unsigned last_b = ran >= 2 ? (ran % 2 == 0 ? ran : ran - 1) : 0;
    const unsigned last_a = ran % 2 == 1 ? ran : ran - 1;
    unsigned long long ssa_len = kUnwritten, ssb_len = kUnwritten;
    unsigned char *mb = last_b != 0 ? m[last_b].data() : nullptr;
    if (int rc = lib.derive_a(ska.data(), ska_len, pkb.data(), pkb_len, mb, last_b != 0 ? m_len[last_b] : 0, sta.data(),
                              sta_len, ssa.data(), &ssa_len);
        rc != 0)
        return testing::AssertionFailure() << "kex_derive_ss_a returned " << rc;
    if (int rc = lib.derive_b(skb.data(), skb_len, pka.data(), pka_len, m[last_a].data(), m_len[last_a], stb.data(),
                              stb_len, ssb.data(), &ssb_len);
        rc != 0)
        return testing::AssertionFailure() << "kex_derive_ss_b returned " << rc;
    if (ssa_len != c.ss || ssb_len != c.ss)
        return testing::AssertionFailure() << "secret lengths " << ssa_len << "/" << ssb_len << ", claimed " << c.ss;

    for (GuardedBuffer *b : {&pka, &ska, &pkb, &skb, &sta, &stb, &ssa, &ssb})
        if (!b->guards_intact())
            return testing::AssertionFailure() << "a key, state or secret buffer was written out of bounds";
    for (const GuardedBuffer &b : m)
        if (!b.guards_intact())
            return testing::AssertionFailure() << "a message buffer was written out of bounds";

    t.sta = sta.prefix(sta_len);
    t.stb = stb.prefix(stb_len);
    t.ssa = ssa.prefix(ssa_len);
    t.ssb = ssb.prefix(ssb_len);
    if (t.ssa != t.ssb)
        return testing::AssertionFailure() << "shared secrets differ";
    return testing::AssertionSuccess();
}

// The ICCS sm3hash of a byte string, as the instances call it.
inline Bytes sm3(const Bytes &msg)
{
    Bytes out(32);
    EXPECT_EQ(sm3hash(256, msg.data(), 8ull * msg.size(), out.data()), 0);
    return out;
}

inline std::string library_path(const std::string &name, bool fixture = false)
{
    return std::string(fixture ? KEXBENCH_FIXTURE_DIR : KEXBENCH_INSTANCE_DIR) + "/lib" + name + ".so";
}

} // namespace kexbench::test
