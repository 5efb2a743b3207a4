// SPDX-License-Identifier: GPL-3.0-or-later
// The built-in instances (X25519-NIKE, ECDHE-P256, ECDHE-SM2), the baselines'
// sizes and common properties (their protocol checks: test_baseline_instances.cpp)
// and the null-2p fixture, loaded with dlopen exactly as a driver would and run through the ICCS
// calling sequence. Besides "both sides agree", the secrets are recomputed here
// from the exported keys and states with OpenSSL and the ICCS helpers, so an
// instance that agrees with itself on the wrong value still fails.
#include "instance_driver.h"

#include "auxfunc.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace kexbench::test;

// ---------------------------------------------------------------------------
// Properties every instance shares.

struct InstanceSpec {
    const char *name;
    bool fixture;
    const char *group;
    const char *family;
    const char *parameter_set;
    unsigned security_bits;
    Capacities caps;
    std::vector<unsigned long long> msg_lens; // per pass that runs
    bool random_secret;                       // false: the secret is the same every exchange
};

// ML-KEM sizes (FIPS 203 Table 3): ek, dk, ct. A's pass-1 state is dk_e || K_B || sm3(m1).
constexpr unsigned long long kEk512 = 800, kDk512 = 1632, kCt512 = 768;
constexpr unsigned long long kEk768 = 1184, kDk768 = 2400, kCt768 = 1088;
constexpr unsigned long long kEk1024 = 1568, kDk1024 = 3168, kCt1024 = 1568;

const InstanceSpec kSpecs[] = {
    {"X25519-NIKE", false, "builtin", "X25519-NIKE", "X25519", 128, {0, 32, 64, 0, 0, 32, 0}, {0, 0, 0}, true},
    {"ECDHE-P256", false, "builtin", "ECDHE", "P-256", 128, {2, 0, 0, 97, 97, 32, 130}, {65, 65}, true},
    {"ECDHE-SM2", false, "builtin", "ECDHE", "SM2", 128, {2, 0, 0, 97, 97, 32, 130}, {65, 65}, true},
    {"MLKEM-UAKE-512",
     false,
     "baseline",
     "MLKEM-UAKE",
     "ML-KEM-512",
     128,
     {2, kEk512, kDk512, kDk512 + 64, 96, 32, kEk512 + 2 * kCt512},
     {kEk512 + kCt512, kCt512},
     true},
    {"MLKEM-UAKE-768",
     false,
     "baseline",
     "MLKEM-UAKE",
     "ML-KEM-768",
     192,
     {2, kEk768, kDk768, kDk768 + 64, 96, 32, kEk768 + 2 * kCt768},
     {kEk768 + kCt768, kCt768},
     true},
    {"MLKEM-UAKE-1024",
     false,
     "baseline",
     "MLKEM-UAKE",
     "ML-KEM-1024",
     256,
     {2, kEk1024, kDk1024, kDk1024 + 64, 96, 32, kEk1024 + 2 * kCt1024},
     {kEk1024 + kCt1024, kCt1024},
     true},
    {"MLKEM-AKE-512",
     false,
     "baseline",
     "MLKEM-AKE",
     "ML-KEM-512",
     128,
     {2, kEk512, kDk512, kDk512 + 64, 128, 32, kEk512 + 3 * kCt512},
     {kEk512 + kCt512, 2 * kCt512},
     true},
    {"MLKEM-AKE-768",
     false,
     "baseline",
     "MLKEM-AKE",
     "ML-KEM-768",
     192,
     {2, kEk768, kDk768, kDk768 + 64, 128, 32, kEk768 + 3 * kCt768},
     {kEk768 + kCt768, 2 * kCt768},
     true},
    {"MLKEM-AKE-1024",
     false,
     "baseline",
     "MLKEM-AKE",
     "ML-KEM-1024",
     256,
     {2, kEk1024, kDk1024, kDk1024 + 64, 128, 32, kEk1024 + 3 * kCt1024},
     {kEk1024 + kCt1024, 2 * kCt1024},
     true},
    {"MLKEM-AKE-KC-768",
     false,
     "baseline",
     "MLKEM-AKE-KC",
     "ML-KEM-768",
     192,
     {4, kEk768, kDk768, kDk768 + 64, 96, 32, kEk768 + 3 * kCt768 + 64},
     {kEk768 + kCt768, 2 * kCt768, 32, 32},
     true},
    {"SM2-KEX",
     false,
     "baseline",
     "SM2-KEX",
     "SM2 (GB/T 32918.3)",
     128,
     {3, 65, 97, 97, 64, 32, 194},
     {65, 97, 32},
     true},
    {"null-2p", true, "fixture", "null", "2p", 0, {2, 0, 0, 0, 0, 32, 1}, {0, 0}, false},
};

// gtest names parameters by these instead of dumping their bytes.
void PrintTo(const InstanceSpec &spec, std::ostream *os) { *os << spec.name; }

std::string library_path(const InstanceSpec &spec) { return kexbench::test::library_path(spec.name, spec.fixture); }

class BuiltinInstance : public testing::TestWithParam<InstanceSpec> {
protected:
    void SetUp() override
    {
        std::string error;
        lib_ = InstanceLib::open(library_path(GetParam()), error);
        ASSERT_NE(lib_, nullptr) << library_path(GetParam()) << ": " << error;
    }
    std::unique_ptr<InstanceLib> lib_;
};

TEST_P(BuiltinInstance, ClaimsDocumentedSizesAndMetadata)
{
    const InstanceSpec &spec = GetParam();
    EXPECT_EQ(lib_->caps, spec.caps);
    const kexbench_meta *meta = lib_->meta();
    ASSERT_NE(meta, nullptr);
    EXPECT_EQ(meta->magic, KEXBENCH_META_MAGIC);
    EXPECT_STREQ(meta->instance, spec.name);
    EXPECT_STREQ(meta->family, spec.family);
    EXPECT_STREQ(meta->parameter_set, spec.parameter_set);
    EXPECT_STREQ(meta->group, spec.group);
    EXPECT_EQ(meta->claimed_security_bits, spec.security_bits);
}

TEST_P(BuiltinInstance, FiftyExchangesAgreeAndDiffer)
{
    const InstanceSpec &spec = GetParam();
    ASSERT_TRUE(lib_->reseed(harness_seed()));
    std::vector<Bytes> secrets;
    for (unsigned i = 0; i < kExchanges; i++) {
        Transcript t;
        ASSERT_TRUE(run_exchange(*lib_, t)) << "exchange " << i;
        ASSERT_EQ(t.m.size() - 1, spec.msg_lens.size()) << "passes run in exchange " << i;
        for (size_t k = 1; k < t.m.size(); k++)
            EXPECT_EQ(t.m[k].size(), spec.msg_lens[k - 1]) << "m" << k << " in exchange " << i;
        EXPECT_EQ(t.ssa.size(), spec.caps.ss);
        secrets.push_back(t.ssa);
    }
    for (size_t i = 0; i < secrets.size(); i++) {
        if (!spec.random_secret) {
            EXPECT_EQ(secrets[i], Bytes(spec.caps.ss, 0)) << "exchange " << i;
            continue;
        }
        for (size_t j = 0; j < i; j++)
            EXPECT_NE(secrets[i], secrets[j]) << "exchanges " << j << " and " << i << " share a secret";
    }
}

TEST_P(BuiltinInstance, ReseedingReproducesTheExchange)
{
    ASSERT_TRUE(lib_->reseed(harness_seed()));
    Transcript first, other, again;
    ASSERT_TRUE(run_exchange(*lib_, first));
    ASSERT_TRUE(run_exchange(*lib_, other));
    ASSERT_TRUE(lib_->reseed(harness_seed()));
    ASSERT_TRUE(run_exchange(*lib_, again));
    EXPECT_EQ(again.ssa, first.ssa);
    EXPECT_EQ(again.m, first.m);
    EXPECT_EQ(again.pka, first.pka);
    EXPECT_EQ(again.skb, first.skb);
    if (GetParam().random_secret) {
        EXPECT_NE(other.ssa, first.ssa);
    }
}

// NULL pointers with nonzero claimed sizes and NULL length pointers: an error code, not a crash.
TEST_P(BuiltinInstance, RejectsNullPointersWithoutCrashing)
{
    ASSERT_TRUE(lib_->reseed(harness_seed()));
    unsigned long long a = kUnwritten, b = kUnwritten;
    unsigned char buf[256] = {};
    EXPECT_LT(lib_->init_a(buf, nullptr, buf, &a, buf, &b), 0);
    EXPECT_LT(lib_->init_b(buf, &a, buf, nullptr, buf, &b), 0);
    EXPECT_LT(lib_->init_a(buf, &a, buf, &b, buf, nullptr), 0);
    EXPECT_LT(lib_->pass1(buf, 0, buf, 0, buf, nullptr, buf, &a), 0);
    EXPECT_LT(lib_->pass1(buf, 0, buf, 0, buf, &a, buf, nullptr), 0);
    if (lib_->pass2 != nullptr) {
        EXPECT_LT(lib_->pass2(buf, 0, buf, 0, buf, 0, buf, nullptr, buf, nullptr), 0);
    }
    EXPECT_LT(lib_->derive_a(buf, 0, buf, 0, buf, 0, buf, 0, buf, nullptr), 0);
    EXPECT_LT(lib_->derive_b(buf, 0, buf, 0, buf, 0, buf, 0, buf, nullptr), 0);
    const Capacities &c = lib_->caps;
    if (c.ss > 0) {
        EXPECT_LT(lib_->derive_a(buf, c.sk, buf, c.pk, buf, 0, buf, c.sta, nullptr, &a), 0);
    }
    if (c.pk > 0) {
        EXPECT_LT(lib_->init_a(nullptr, &a, buf, &b, buf, &b), 0);
        EXPECT_LT(lib_->derive_b(buf, c.sk, nullptr, c.pk, buf, 0, buf, c.stb, buf, &a), 0);
    }
    if (c.sk > 0) {
        EXPECT_LT(lib_->derive_a(nullptr, c.sk, buf, c.pk, buf, 0, buf, c.sta, buf, &a), 0);
    }
    if (c.sta > 0) {
        EXPECT_LT(lib_->pass1(buf, 0, buf, 0, nullptr, &a, buf, &b), 0);
    }
}

INSTANTIATE_TEST_SUITE_P(Builtin, BuiltinInstance, testing::ValuesIn(kSpecs),
                         [](const testing::TestParamInfo<InstanceSpec> &info) {
                             std::string n = info.param.name;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

// ---------------------------------------------------------------------------
// X25519-NIKE: recompute the secret from the exported keys.

const InstanceSpec &spec_named(const char *name)
{
    for (const InstanceSpec &s : kSpecs)
        if (std::strcmp(s.name, name) == 0)
            return s;
    throw std::logic_error(name);
}

using PkeyPtr = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)>;

// OpenSSL's EVP derive of own (private) with peer (public).
Bytes evp_derive(EVP_PKEY *own, EVP_PKEY *peer)
{
    PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr), EVP_PKEY_CTX_free);
    size_t len = 0;
    if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 || EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1 ||
        EVP_PKEY_derive(ctx.get(), nullptr, &len) != 1)
        return {};
    Bytes out(len);
    if (EVP_PKEY_derive(ctx.get(), out.data(), &len) != 1)
        return {};
    out.resize(len);
    return out;
}

Bytes x25519_public(const Bytes &priv)
{
    PkeyPtr key(EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, priv.data(), priv.size()), EVP_PKEY_free);
    Bytes pub(32);
    size_t len = pub.size();
    if (!key || EVP_PKEY_get_raw_public_key(key.get(), pub.data(), &len) != 1)
        return {};
    return pub;
}

Bytes x25519_dh(const Bytes &priv, const Bytes &peer_pub)
{
    PkeyPtr own(EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, priv.data(), priv.size()), EVP_PKEY_free);
    PkeyPtr peer(EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr, peer_pub.data(), peer_pub.size()),
                 EVP_PKEY_free);
    return own && peer ? evp_derive(own.get(), peer.get()) : Bytes{};
}

class X25519Nike : public testing::Test {
protected:
    void SetUp() override
    {
        std::string error;
        lib_ = InstanceLib::open(library_path(spec_named("X25519-NIKE")), error);
        ASSERT_NE(lib_, nullptr) << error;
        ASSERT_TRUE(lib_->reseed(harness_seed()));
    }
    // derive_a with a hand-made secret key; returns the rc, the secret in ss.
    int derive_a(Bytes ska, Bytes pkb, Bytes &ss)
    {
        unsigned long long len = kUnwritten;
        ss.assign(32, 0);
        int rc =
            lib_->derive_a(ska.data(), ska.size(), pkb.data(), pkb.size(), nullptr, 0, nullptr, 0, ss.data(), &len);
        ss.resize(rc == 0 ? len : 0);
        return rc;
    }
    std::unique_ptr<InstanceLib> lib_;
};

// Layout: sk = private key || own public key; ss = SM3(X25519(a, B) || pk_A || pk_B).
TEST_F(X25519Nike, SecretIsSm3OfDhAndBothPublicKeysInInitiatorOrder)
{
    for (unsigned i = 0; i < 10; i++) {
        Transcript t;
        ASSERT_TRUE(run_exchange(*lib_, t));
        ASSERT_EQ(t.ska.size(), 64u);
        ASSERT_EQ(t.skb.size(), 64u);
        const Bytes a_priv(t.ska.begin(), t.ska.begin() + 32), b_priv(t.skb.begin(), t.skb.begin() + 32);
        EXPECT_EQ(Bytes(t.ska.begin() + 32, t.ska.end()), t.pka);
        EXPECT_EQ(Bytes(t.skb.begin() + 32, t.skb.end()), t.pkb);
        EXPECT_EQ(x25519_public(a_priv), t.pka);
        EXPECT_EQ(x25519_public(b_priv), t.pkb);
        const Bytes dh = x25519_dh(a_priv, t.pkb);
        ASSERT_EQ(dh.size(), 32u);
        EXPECT_EQ(x25519_dh(b_priv, t.pka), dh);
        EXPECT_EQ(t.ssa, sm3(concat({&dh, &t.pka, &t.pkb})));
    }
}

// RFC 7748 section 6.1 keys through derive_a; the DH value there is published.
TEST_F(X25519Nike, DeriveMatchesRfc7748Vector)
{
    const Bytes a_priv = from_hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    const Bytes a_pub = from_hex("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    const Bytes b_pub = from_hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    const Bytes k = from_hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    Bytes ss;
    ASSERT_EQ(derive_a(concat({&a_priv, &a_pub}), b_pub, ss), 0);
    EXPECT_EQ(ss, sm3(concat({&k, &a_pub, &b_pub})));
}

TEST_F(X25519Nike, RejectsLowOrderPeerAndWrongLengths)
{
    Transcript t;
    ASSERT_TRUE(run_exchange(*lib_, t));
    Bytes ss;
    EXPECT_LT(derive_a(t.ska, Bytes(32, 0), ss), 0) << "all-zero DH value accepted";
    EXPECT_LT(derive_a(t.ska, from_hex("0100000000000000000000000000000000000000000000000000000000000000"), ss), 0);
    EXPECT_LT(derive_a(t.ska, Bytes(t.pkb.begin(), t.pkb.end() - 1), ss), 0);
    EXPECT_LT(derive_a(Bytes(t.ska.begin(), t.ska.begin() + 32), t.pkb, ss), 0);
}

// ---------------------------------------------------------------------------
// ECDHE: recompute x from A's scalar (sta) and B's point (m2) with OpenSSL.

struct EcdheCase {
    const char *name;
    int nid;
};

void PrintTo(const EcdheCase &c, std::ostream *os) { *os << c.name; }

class Ecdhe : public testing::TestWithParam<EcdheCase> {
protected:
    void SetUp() override
    {
        std::string error;
        lib_ = InstanceLib::open(library_path(spec_named(GetParam().name)), error);
        ASSERT_NE(lib_, nullptr) << error;
        ASSERT_TRUE(lib_->reseed(harness_seed()));
        group_.reset(EC_GROUP_new_by_curve_name(GetParam().nid));
        ASSERT_NE(group_, nullptr);
    }

    // Uncompressed k*G (P == nullptr) or x(k*P), computed here, independently of the instance.
    Bytes mul(const Bytes &k, const Bytes *point, bool x_only)
    {
        std::unique_ptr<BN_CTX, decltype(&BN_CTX_free)> ctx(BN_CTX_new(), BN_CTX_free);
        std::unique_ptr<BIGNUM, decltype(&BN_free)> kb(BN_bin2bn(k.data(), static_cast<int>(k.size()), nullptr),
                                                       BN_free);
        std::unique_ptr<BIGNUM, decltype(&BN_free)> x(BN_new(), BN_free);
        std::unique_ptr<EC_POINT, decltype(&EC_POINT_free)> r(EC_POINT_new(group_.get()), EC_POINT_free);
        std::unique_ptr<EC_POINT, decltype(&EC_POINT_free)> p(EC_POINT_new(group_.get()), EC_POINT_free);
        if (!ctx || !kb || !x || !r || !p)
            return {};
        if (point != nullptr) {
            if (EC_POINT_oct2point(group_.get(), p.get(), point->data(), point->size(), ctx.get()) != 1 ||
                EC_POINT_mul(group_.get(), r.get(), nullptr, p.get(), kb.get(), ctx.get()) != 1)
                return {};
        } else if (EC_POINT_mul(group_.get(), r.get(), kb.get(), nullptr, nullptr, ctx.get()) != 1) {
            return {};
        }
        Bytes out(65);
        if (x_only) {
            out.resize(32);
            if (EC_POINT_get_affine_coordinates(group_.get(), r.get(), x.get(), nullptr, ctx.get()) != 1 ||
                BN_bn2binpad(x.get(), out.data(), 32) != 32)
                return {};
        } else if (EC_POINT_point2oct(group_.get(), r.get(), POINT_CONVERSION_UNCOMPRESSED, out.data(), out.size(),
                                      ctx.get()) != out.size()) {
            return {};
        }
        return out;
    }

    // Pass 1 only; returns m1 and A's state.
    void pass1(Bytes &m1, Bytes &sta)
    {
        unsigned long long sta_len = kUnwritten, m1_len = kUnwritten;
        m1.assign(130, 0);
        sta.assign(97, 0);
        ASSERT_EQ(lib_->pass1(nullptr, 0, nullptr, 0, sta.data(), &sta_len, m1.data(), &m1_len), 0);
        ASSERT_EQ(m1_len, 65u);
        ASSERT_EQ(sta_len, 97u);
        m1.resize(m1_len);
    }

    // Pass 2 on an arbitrary m1; the lengths it wrote go to stb_len / m2_len.
    int pass2(Bytes m1, Bytes &stb, Bytes &m2, unsigned long long &stb_len, unsigned long long &m2_len)
    {
        stb.assign(97, 0);
        m2.assign(130, 0);
        stb_len = m2_len = kUnwritten;
        return lib_->pass2(nullptr, 0, nullptr, 0, m1.empty() ? nullptr : m1.data(), m1.size(), stb.data(), &stb_len,
                           m2.data(), &m2_len);
    }

    int derive_a(Bytes sta, Bytes mb, Bytes &ss)
    {
        unsigned long long len = kUnwritten;
        ss.assign(32, 0);
        int rc = lib_->derive_a(nullptr, 0, nullptr, 0, mb.data(), mb.size(), sta.data(), sta.size(), ss.data(), &len);
        ss.resize(rc == 0 ? len : 0);
        return rc;
    }

    int derive_b(Bytes stb, Bytes ma, Bytes &ss)
    {
        unsigned long long len = kUnwritten;
        ss.assign(32, 0);
        int rc = lib_->derive_b(nullptr, 0, nullptr, 0, ma.data(), ma.size(), stb.data(), stb.size(), ss.data(), &len);
        ss.resize(rc == 0 ? len : 0);
        return rc;
    }

    std::unique_ptr<InstanceLib> lib_;
    std::unique_ptr<EC_GROUP, decltype(&EC_GROUP_free)> group_{nullptr, EC_GROUP_free};
};

Bytes pseudo_xof_256(const Bytes &msg)
{
    Bytes out(32);
    EXPECT_EQ(pseudoXOF(256, msg.data(), 8ull * msg.size(), out.data()), 0);
    return out;
}

// Layouts: sta = k_A || m1, stb = x || m2, ss = pseudoXOF(256, x || m1 || m2).
TEST_P(Ecdhe, SecretIsXofOfSharedXAndTranscript)
{
    for (unsigned i = 0; i < 10; i++) {
        Transcript t;
        ASSERT_TRUE(run_exchange(*lib_, t));
        ASSERT_EQ(t.sta.size(), 97u);
        ASSERT_EQ(t.stb.size(), 97u);
        const Bytes &m1 = t.m[1], &m2 = t.m[2];
        const Bytes k_a(t.sta.begin(), t.sta.begin() + 32);
        EXPECT_EQ(Bytes(t.sta.begin() + 32, t.sta.end()), m1);
        EXPECT_EQ(Bytes(t.stb.begin() + 32, t.stb.end()), m2);
        EXPECT_EQ(mul(k_a, nullptr, false), m1) << "m1 is not k_A * G";
        const Bytes x = mul(k_a, &m2, true);
        ASSERT_EQ(x.size(), 32u);
        EXPECT_EQ(Bytes(t.stb.begin(), t.stb.begin() + 32), x);
        EXPECT_EQ(t.ssa, pseudo_xof_256(concat({&x, &m1, &m2})));
    }
}

// For P-256 also through OpenSSL's ECDH provider (EVP_PKEY_derive), a separate code path.
TEST_P(Ecdhe, SharedXMatchesEvpDeriveOnP256)
{
    if (GetParam().nid != NID_X9_62_prime256v1)
        GTEST_SKIP() << "OpenSSL 3.0 has no EVP ECDH for SM2 keys";
    Transcript t;
    ASSERT_TRUE(run_exchange(*lib_, t));
    auto make_key = [](const Bytes *priv, const Bytes &pub) -> PkeyPtr {
        PkeyPtr none(nullptr, EVP_PKEY_free);
        std::unique_ptr<OSSL_PARAM_BLD, decltype(&OSSL_PARAM_BLD_free)> bld(OSSL_PARAM_BLD_new(), OSSL_PARAM_BLD_free);
        std::unique_ptr<BIGNUM, decltype(&BN_free)> d(
            priv ? BN_bin2bn(priv->data(), static_cast<int>(priv->size()), nullptr) : nullptr, BN_free);
        if (!bld || OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) != 1 ||
            OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, pub.data(), pub.size()) != 1 ||
            (d && OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, d.get()) != 1))
            return none;
        std::unique_ptr<OSSL_PARAM, decltype(&OSSL_PARAM_free)> params(OSSL_PARAM_BLD_to_param(bld.get()),
                                                                       OSSL_PARAM_free);
        PkeyCtxPtr ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr), EVP_PKEY_CTX_free);
        EVP_PKEY *key = nullptr;
        if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
            EVP_PKEY_fromdata(ctx.get(), &key, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params.get()) != 1)
            return none;
        return PkeyPtr(key, EVP_PKEY_free);
    };
    const Bytes k_a(t.sta.begin(), t.sta.begin() + 32);
    PkeyPtr own = make_key(&k_a, t.m[1]);
    PkeyPtr peer = make_key(nullptr, t.m[2]);
    ASSERT_TRUE(own && peer);
    const Bytes x = evp_derive(own.get(), peer.get());
    ASSERT_EQ(x.size(), 32u);
    EXPECT_EQ(t.ssa, pseudo_xof_256(concat({&x, &t.m[1], &t.m[2]})));
}

// Flipping the low bit of y leaves the curve: pass 2 must refuse, write zero lengths
// and not touch the DRNG (the retry with the intact message answers as without the failure).
TEST_P(Ecdhe, OffCurvePointIsRejectedInPass2)
{
    Bytes m1, sta, stb, m2, reference_m2;
    unsigned long long stb_len = 0, m2_len = 0;
    pass1(m1, sta);
    ASSERT_EQ(pass2(m1, stb, reference_m2, stb_len, m2_len), 1);

    ASSERT_TRUE(lib_->reseed(harness_seed()));
    pass1(m1, sta);
    Bytes bad = m1;
    bad[64] ^= 1;
    EXPECT_LT(pass2(bad, stb, m2, stb_len, m2_len), 0);
    EXPECT_EQ(stb_len, 0u);
    EXPECT_EQ(m2_len, 0u);
    ASSERT_EQ(pass2(m1, stb, m2, stb_len, m2_len), 1) << "the intact message must still work";
    EXPECT_EQ(m2, reference_m2);
}

TEST_P(Ecdhe, MalformedFirstMessagesAreRejected)
{
    Bytes m1, sta, stb, m2;
    unsigned long long stb_len = 0, m2_len = 0;
    pass1(m1, sta);
    Bytes compressed_prefix = m1, hybrid = m1, all_ff(65, 0xFF), zero(65, 0);
    compressed_prefix[0] = 0x02;
    hybrid[0] = static_cast<unsigned char>(0x06 | (m1[64] & 1)); // a valid hybrid encoding of the same point
    all_ff[0] = 0x04;                                            // coordinates >= p
    zero[0] = 0x04;                                              // (0, 0) is not on either curve
    for (const Bytes *bad : {&compressed_prefix, &hybrid, &all_ff, &zero})
        EXPECT_LT(pass2(*bad, stb, m2, stb_len, m2_len), 0);
    EXPECT_LT(pass2(Bytes(m1.begin(), m1.end() - 1), stb, m2, stb_len, m2_len), 0) << "64-byte message";
    EXPECT_LT(pass2(Bytes{0x00}, stb, m2, stb_len, m2_len), 0) << "point at infinity";
    EXPECT_LT(pass2(Bytes{}, stb, m2, stb_len, m2_len), 0) << "NULL message";
    EXPECT_LT(lib_->pass2(nullptr, 0, nullptr, 0, nullptr, 65, stb.data(), &stb_len, m2.data(), &m2_len), 0);
}

// A flipped x bit either leaves the curve (rejected) or lands on another point,
// in which case the two parties must end with different secrets.
TEST_P(Ecdhe, CorruptedXCoordinateNeverYieldsAgreement)
{
    for (unsigned bit = 0; bit < 8; bit++) {
        Bytes m1, sta, stb, m2;
        unsigned long long stb_len = 0, m2_len = 0;
        pass1(m1, sta);
        Bytes bad = m1;
        bad[1 + bit * 4] ^= static_cast<unsigned char>(1u << bit);
        int rc = pass2(bad, stb, m2, stb_len, m2_len);
        if (rc < 0)
            continue;
        ASSERT_EQ(rc, 1);
        stb.resize(stb_len);
        m2.resize(m2_len);
        Bytes ssa, ssb;
        ASSERT_EQ(derive_a(sta, m2, ssa), 0);
        ASSERT_EQ(derive_b(stb, bad, ssb), 0);
        EXPECT_NE(ssa, ssb) << "bit " << bit;
    }
}

TEST_P(Ecdhe, DerivesRejectBadStateAndMessages)
{
    Bytes m1, sta, stb, m2, ss;
    unsigned long long stb_len = 0, m2_len = 0;
    pass1(m1, sta);
    ASSERT_EQ(pass2(m1, stb, m2, stb_len, m2_len), 1);
    m2.resize(m2_len);
    ASSERT_EQ(derive_a(sta, m2, ss), 0);
    const Bytes good = ss;

    Bytes bad_m2 = m2;
    bad_m2[64] ^= 1;
    EXPECT_LT(derive_a(sta, bad_m2, ss), 0) << "off-curve m2";
    EXPECT_LT(derive_a(sta, Bytes(m2.begin(), m2.end() - 1), ss), 0) << "short m2";
    EXPECT_LT(derive_a(Bytes(sta.begin(), sta.end() - 1), m2, ss), 0) << "short state";
    Bytes zero_scalar = sta;
    std::fill_n(zero_scalar.begin(), 32, 0);
    EXPECT_LT(derive_a(zero_scalar, m2, ss), 0) << "scalar 0";
    Bytes big_scalar = sta;
    std::fill_n(big_scalar.begin(), 32, 0xFF);
    EXPECT_LT(derive_a(big_scalar, m2, ss), 0) << "scalar >= n";
    EXPECT_LT(derive_b(stb, Bytes(m1.begin(), m1.end() - 1), ss), 0) << "short m1";
    EXPECT_LT(derive_b(Bytes(stb.begin(), stb.end() - 1), m1, ss), 0) << "short state";

    // derive_b hashes the ma it is given: another m1 gives another key.
    Bytes other_m1 = m2;
    ASSERT_EQ(derive_b(stb, other_m1, ss), 0);
    EXPECT_NE(ss, good);
    ASSERT_EQ(derive_b(stb, m1, ss), 0);
    EXPECT_EQ(ss, good);
}

INSTANTIATE_TEST_SUITE_P(Curves, Ecdhe,
                         testing::Values(EcdheCase{"ECDHE-P256", NID_X9_62_prime256v1},
                                         EcdheCase{"ECDHE-SM2", NID_sm2}),
                         [](const testing::TestParamInfo<EcdheCase> &info) {
                             return info.param.nid == NID_sm2 ? std::string("SM2") : std::string("P256");
                         });

} // namespace
