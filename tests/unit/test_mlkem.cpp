// ML-KEM (FIPS 203) tests: the C2SP accumulated vectors, the input checks of
// section 7, implicit rejection, and the ring arithmetic against plain formulas.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlkem.h"
#include "mlkem_internal.h"

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

namespace mk = kexbench::mlkem;
namespace dt = kexbench::mlkem::detail;
using Bytes = std::vector<std::uint8_t>;

std::string hex(const std::uint8_t *p, std::size_t n)
{
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}

struct MdCtxFree {
    void operator()(EVP_MD_CTX *c) const { EVP_MD_CTX_free(c); }
};
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;

MdCtx new_xof(const char *name)
{
    MdCtx c(EVP_MD_CTX_new());
    EVP_MD *md = EVP_MD_fetch(nullptr, name, nullptr);
    const bool ok = c && md && EVP_DigestInit_ex2(c.get(), md, nullptr) == 1;
    EVP_MD_free(md);
    return ok ? std::move(c) : nullptr;
}

// One squeeze of `outlen` bytes: OpenSSL 3.0 cannot squeeze a context twice.
Bytes xof(const char *name, const Bytes &in, std::size_t outlen)
{
    MdCtx c = new_xof(name);
    Bytes out(outlen);
    if (!c || EVP_DigestUpdate(c.get(), in.data(), in.size()) != 1 ||
        EVP_DigestFinalXOF(c.get(), out.data(), outlen) != 1)
        ADD_FAILURE() << name << " failed";
    return out;
}

const mk::Params *const kAllSets[] = {&mk::kMlKem512, &mk::kMlKem768, &mk::kMlKem1024};

// ---- C2SP CCTV accumulated vectors -----------------------------------------
// Source: https://github.com/C2SP/CCTV/tree/main/ML-KEM, README section
// "Accumulated pq-crystals vectors" (FIPS 203 final). The inputs come from one
// SHAKE-128 stream of the empty string; per test it yields d, z, m and a random
// (invalid) ciphertext, and ek, dk, ct, K and the implicit-rejection key of the
// random ciphertext are absorbed, in that order, into a second SHAKE-128 whose
// first 32 bytes after 10 000 tests are the published digests below.
// All three sets run the full count under qemu-user too (about 31 s there in
// total when measured), so no set is skipped on aarch64.
constexpr int kAccumulatedTests = 10000;

std::string accumulated_digest(const mk::Params &p, int tests)
{
    const std::size_t per_test = 3 * mk::kSeedBytes + p.ct_bytes;
    const Bytes rng = xof("SHAKE128", {}, per_test * tests);
    EXPECT_EQ(hex(rng.data(), 16), "7f9c2ba4e88f827d616045507605853e");
    MdCtx acc = new_xof("SHAKE128");
    if (!acc)
        return "no SHAKE128";
    Bytes ek(p.ek_bytes), dk(p.dk_bytes), ct(p.ct_bytes);
    std::uint8_t key[32], key2[32], rejected[32];
    for (int t = 0; t < tests; ++t) {
        const std::uint8_t *d = rng.data() + t * per_test, *z = d + 32, *m = d + 64, *bad_ct = d + 96;
        if (mk::keygen_internal(p, d, z, ek.data(), dk.data()) != mk::Status::ok ||
            mk::encaps_internal(p, ek.data(), m, ct.data(), key) != mk::Status::ok ||
            mk::decaps(p, dk.data(), ct.data(), key2) != mk::Status::ok ||
            mk::decaps(p, dk.data(), bad_ct, rejected) != mk::Status::ok)
            return "operation failed in test " + std::to_string(t);
        if (std::memcmp(key, key2, 32) != 0)
            return "decaps disagrees with encaps in test " + std::to_string(t);
        EVP_DigestUpdate(acc.get(), ek.data(), ek.size());
        EVP_DigestUpdate(acc.get(), dk.data(), dk.size());
        EVP_DigestUpdate(acc.get(), ct.data(), ct.size());
        EVP_DigestUpdate(acc.get(), key, 32);
        EVP_DigestUpdate(acc.get(), rejected, 32);
    }
    std::uint8_t digest[32];
    EVP_DigestFinalXOF(acc.get(), digest, 32);
    return hex(digest, 32);
}

TEST(MlKemCctv, Accumulated512)
{
    EXPECT_EQ(accumulated_digest(mk::kMlKem512, kAccumulatedTests),
              "705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13");
}

TEST(MlKemCctv, Accumulated768)
{
    EXPECT_EQ(accumulated_digest(mk::kMlKem768, kAccumulatedTests),
              "f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1");
}

TEST(MlKemCctv, Accumulated1024)
{
    EXPECT_EQ(accumulated_digest(mk::kMlKem1024, kAccumulatedTests),
              "e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5");
}

// ---- sizes, round trips and the section 7 checks ---------------------------

TEST(MlKemParams, SizesFollowTable3)
{
    for (const mk::Params *p : kAllSets) {
        SCOPED_TRACE(p->name);
        const auto k = static_cast<std::size_t>(p->k);
        EXPECT_EQ(p->ek_bytes, 384 * k + 32);
        EXPECT_EQ(p->dk_bytes, 768 * k + 96);
        EXPECT_EQ(p->ct_bytes, 32 * (static_cast<std::size_t>(p->du) * k + static_cast<std::size_t>(p->dv)));
        EXPECT_LE(p->ek_bytes, mk::kMaxEkBytes);
        EXPECT_LE(p->dk_bytes, mk::kMaxDkBytes);
        EXPECT_LE(p->ct_bytes, mk::kMaxCtBytes);
    }
    EXPECT_EQ(mk::kMlKem512.ek_bytes, 800u);
    EXPECT_EQ(mk::kMlKem512.dk_bytes, 1632u);
    EXPECT_EQ(mk::kMlKem512.ct_bytes, 768u);
    EXPECT_EQ(mk::kMlKem768.ek_bytes, 1184u);
    EXPECT_EQ(mk::kMlKem768.dk_bytes, 2400u);
    EXPECT_EQ(mk::kMlKem768.ct_bytes, 1088u);
    EXPECT_EQ(mk::kMlKem1024.ek_bytes, 1568u);
    EXPECT_EQ(mk::kMlKem1024.dk_bytes, 3168u);
    EXPECT_EQ(mk::kMlKem1024.ct_bytes, 1568u);
}

DRNG_ctx seeded_drng(std::uint8_t tag)
{
    DRNG_ctx drng;
    std::uint8_t seed[48];
    for (std::size_t i = 0; i < sizeof seed; ++i)
        seed[i] = static_cast<std::uint8_t>(tag + 7 * i);
    EXPECT_EQ(init_random_number(&drng, seed, sizeof seed), 0);
    return drng;
}

// A fresh key pair and one encapsulation to it, from a seeded DRNG.
struct Exchange {
    Bytes ek, dk, ct;
    std::array<std::uint8_t, 32> key{};

    explicit Exchange(const mk::Params &p, std::uint8_t tag = 1) : ek(p.ek_bytes), dk(p.dk_bytes), ct(p.ct_bytes)
    {
        DRNG_ctx drng = seeded_drng(tag);
        EXPECT_EQ(mk::keygen(p, drng, ek.data(), dk.data()), mk::Status::ok);
        EXPECT_EQ(mk::encaps(p, drng, ek.data(), ct.data(), key.data()), mk::Status::ok);
    }
};

TEST(MlKemKem, RoundTripWithDrng)
{
    for (const mk::Params *p : kAllSets) {
        SCOPED_TRACE(p->name);
        Exchange x(*p);
        std::array<std::uint8_t, 32> key2{};
        ASSERT_EQ(mk::decaps(*p, x.dk.data(), x.ct.data(), key2.data()), mk::Status::ok);
        EXPECT_EQ(key2, x.key);
        // dk embeds ek, and the same DRNG seed repeats the whole exchange.
        EXPECT_EQ(0, std::memcmp(x.dk.data() + 384 * p->k, x.ek.data(), p->ek_bytes));
        Exchange again(*p);
        EXPECT_EQ(again.ek, x.ek);
        EXPECT_EQ(again.ct, x.ct);
        Exchange other(*p, 2);
        EXPECT_NE(other.key, x.key);
    }
}

// The randomized entry points draw d, z (keygen) and m (encaps) as 256-bit draws, in that order.
TEST(MlKemKem, RandomizedMatchesInternalWithDrawnSeeds)
{
    const mk::Params &p = mk::kMlKem768;
    Exchange x(p, 9);
    DRNG_ctx drng = seeded_drng(9);
    std::uint8_t d[32], z[32], m[32];
    get_random_number(&drng, d, 256);
    get_random_number(&drng, z, 256);
    get_random_number(&drng, m, 256);
    Bytes ek(p.ek_bytes), dk(p.dk_bytes), ct(p.ct_bytes);
    std::array<std::uint8_t, 32> key{};
    ASSERT_EQ(mk::keygen_internal(p, d, z, ek.data(), dk.data()), mk::Status::ok);
    ASSERT_EQ(mk::encaps_internal(p, ek.data(), m, ct.data(), key.data()), mk::Status::ok);
    EXPECT_EQ(ek, x.ek);
    EXPECT_EQ(dk, x.dk);
    EXPECT_EQ(ct, x.ct);
    EXPECT_EQ(key, x.key);
}

TEST(MlKemKem, ModifiedCiphertextGivesImplicitRejectionKey)
{
    for (const mk::Params *p : kAllSets) {
        SCOPED_TRACE(p->name);
        Exchange x(*p);
        for (std::size_t pos : {std::size_t{0}, p->ct_bytes / 2, p->ct_bytes - 1}) {
            Bytes bad = x.ct;
            bad[pos] ^= 0x04;
            std::array<std::uint8_t, 32> key{};
            ASSERT_EQ(mk::decaps(*p, x.dk.data(), bad.data(), key.data()), mk::Status::ok);
            EXPECT_NE(key, x.key);
            // K̄ = J(z || c) = SHAKE256(z || c, 32), z being the last 32 bytes of dk.
            Bytes zc(x.dk.end() - 32, x.dk.end());
            zc.insert(zc.end(), bad.begin(), bad.end());
            const Bytes expected = xof("SHAKE256", zc, 32);
            EXPECT_EQ(0, std::memcmp(key.data(), expected.data(), 32)) << "byte " << pos;
        }
    }
}

// Sets coefficient `index` of t̂'s ByteEncode_12 encoding to `value`.
void set_coeff12(Bytes &ek, std::size_t index, unsigned value)
{
    std::uint8_t *g = ek.data() + 3 * (index / 2);
    if (index % 2 == 0) {
        g[0] = static_cast<std::uint8_t>(value);
        g[1] = static_cast<std::uint8_t>((g[1] & 0xF0) | (value >> 8));
    } else {
        g[1] = static_cast<std::uint8_t>((g[1] & 0x0F) | ((value & 0x0F) << 4));
        g[2] = static_cast<std::uint8_t>(value >> 4);
    }
}

TEST(MlKemKem, EncapsulationKeyModulusCheck)
{
    for (const mk::Params *p : kAllSets) {
        SCOPED_TRACE(p->name);
        Exchange x(*p);
        const std::size_t last = 256 * static_cast<std::size_t>(p->k) - 1;
        std::uint8_t m[32] = {1, 2, 3};
        Bytes ct(p->ct_bytes);
        std::array<std::uint8_t, 32> key{};
        for (std::size_t index : {std::size_t{0}, std::size_t{1}, last}) {
            for (unsigned value : {3329u, 4095u}) {
                Bytes ek = x.ek;
                set_coeff12(ek, index, value);
                EXPECT_EQ(mk::encaps_internal(*p, ek.data(), m, ct.data(), key.data()), mk::Status::bad_key)
                    << "coefficient " << index << " = " << value;
                DRNG_ctx drng = seeded_drng(3);
                EXPECT_EQ(mk::encaps(*p, drng, ek.data(), ct.data(), key.data()), mk::Status::bad_key);
            }
            Bytes ek = x.ek;
            set_coeff12(ek, index, 3328u); // q - 1 is a valid coefficient
            EXPECT_EQ(mk::encaps_internal(*p, ek.data(), m, ct.data(), key.data()), mk::Status::ok);
        }
    }
}

TEST(MlKemKem, DecapsulationKeyHashCheck)
{
    for (const mk::Params *p : kAllSets) {
        SCOPED_TRACE(p->name);
        Exchange x(*p);
        const std::size_t h = 768 * static_cast<std::size_t>(p->k) + 32;
        std::array<std::uint8_t, 32> key{};
        for (std::size_t pos : {h, h + 31, std::size_t{384} * p->k}) { // H(ek) itself, or the ek it covers
            Bytes dk = x.dk;
            dk[pos] ^= 0x80;
            EXPECT_EQ(mk::decaps(*p, dk.data(), x.ct.data(), key.data()), mk::Status::bad_key) << "byte " << pos;
        }
    }
}

TEST(MlKemKem, BadParamsRejected)
{
    const mk::Params k5{"ML-KEM-bogus", 5, 2, 2, 11, 5, 384 * 5 + 32, 768 * 5 + 96, 32 * (11 * 5 + 5)};
    mk::Params mixed = mk::kMlKem768;
    mixed.du = 11; // k = 3 with another set's compression
    std::vector<std::uint8_t> buf(8192);
    std::uint8_t seed[32] = {}, key[32];
    for (const mk::Params *p : {&k5, static_cast<const mk::Params *>(&mixed)}) {
        SCOPED_TRACE(p->name);
        DRNG_ctx drng = seeded_drng(4);
        EXPECT_EQ(mk::keygen_internal(*p, seed, seed, buf.data(), buf.data() + 4096), mk::Status::bad_params);
        EXPECT_EQ(mk::encaps_internal(*p, buf.data(), seed, buf.data() + 4096, key), mk::Status::bad_params);
        EXPECT_EQ(mk::decaps(*p, buf.data(), buf.data() + 4096, key), mk::Status::bad_params);
        EXPECT_EQ(mk::keygen(*p, drng, buf.data(), buf.data() + 4096), mk::Status::bad_params);
        EXPECT_EQ(mk::encaps(*p, drng, buf.data(), buf.data() + 4096, key), mk::Status::bad_params);
    }
}

// ---- internals against plain formulas ---------------------------------------

int mod_q(long long x) { return static_cast<int>(((x % dt::kQ) + dt::kQ) % dt::kQ); }

TEST(MlKemArith, BarrettReduceEveryInt16)
{
    for (int a = -32768; a <= 32767; ++a) {
        const int r = dt::barrett_reduce(static_cast<std::int16_t>(a));
        ASSERT_EQ(mod_q(r), mod_q(a)) << a;
        ASSERT_LE(r, (dt::kQ - 1) / 2) << a;
        ASSERT_GE(r, -(dt::kQ - 1) / 2) << a;
    }
}

TEST(MlKemArith, MontgomeryReduce)
{
    std::mt19937 gen(5);
    const int r_inv = 169; // 2^16 * 169 = 1 mod 3329
    ASSERT_EQ((65536LL * r_inv) % dt::kQ, 1);
    std::uniform_int_distribution<std::int32_t> dist(-dt::kQ * 32768 + 1, dt::kQ * 32768 - 1);
    for (int i = 0; i < 200000; ++i) {
        const std::int32_t a = dist(gen);
        const int r = dt::montgomery_reduce(a);
        ASSERT_EQ(mod_q(r), mod_q(static_cast<long long>(a) * r_inv)) << a;
        ASSERT_LT(std::abs(r), dt::kQ) << a;
    }
}

TEST(MlKemArith, CompressMatchesRoundedDivision)
{
    for (int d : {1, 4, 5, 10, 11}) {
        for (int x = 0; x < dt::kQ; ++x) {
            // round(2^d x / q) mod 2^d, by exact integer arithmetic
            const int want = ((2 * (x << d) + dt::kQ) / (2 * dt::kQ)) % (1 << d);
            ASSERT_EQ(dt::compress(static_cast<std::uint16_t>(x), d), want) << "d=" << d << " x=" << x;
        }
        for (int y = 0; y < (1 << d); ++y) {
            const int want = (2 * y * dt::kQ + (1 << d)) / (2 << d); // round(q y / 2^d)
            ASSERT_EQ(dt::decompress(static_cast<std::uint16_t>(y), d), want) << "d=" << d << " y=" << y;
        }
    }
}

dt::Poly random_poly(std::mt19937 &gen)
{
    std::uniform_int_distribution<int> dist(0, dt::kQ - 1);
    dt::Poly f;
    for (auto &c : f.c)
        c = static_cast<std::int16_t>(dist(gen));
    return f;
}

// NTT, base-case multiplication and the inverse NTT together must be the
// product in Z_q[X]/(X^256 + 1).
TEST(MlKemArith, NttProductIsNegacyclicProduct)
{
    std::mt19937 gen(7);
    for (int round = 0; round < 20; ++round) {
        const dt::Poly a = random_poly(gen), b = random_poly(gen);
        long long want[256] = {};
        for (int i = 0; i < 256; ++i)
            for (int j = 0; j < 256; ++j) {
                const long long prod = static_cast<long long>(a.c[i]) * b.c[j];
                if (i + j < 256)
                    want[i + j] += prod;
                else
                    want[i + j - 256] -= prod;
            }
        dt::Poly ah = a, bh = b, r;
        dt::poly_ntt(ah);
        dt::poly_ntt(bh);
        dt::polyvec_basemul_acc(r, &ah, &bh, 1);
        dt::poly_inv_ntt_from_mont(r);
        dt::poly_reduce_positive(r);
        for (int i = 0; i < 256; ++i)
            ASSERT_EQ(r.c[i], mod_q(want[i])) << "round " << round << " coefficient " << i;
    }
}

TEST(MlKemArith, ByteCodingsRoundTrip)
{
    std::mt19937 gen(11);
    const dt::Poly f = random_poly(gen);
    std::uint8_t buf[dt::kPolyBytes];
    dt::poly_encode12(buf, f);
    EXPECT_TRUE(dt::encoding12_is_canonical(buf, sizeof buf));
    dt::Poly g;
    dt::poly_decode12(g, buf);
    EXPECT_EQ(0, std::memcmp(f.c, g.c, sizeof f.c));
    // ByteDecode_12 reduces values in [q, 4096) mod q.
    buf[0] = 0xFF;
    buf[1] |= 0x0F;
    dt::poly_decode12(g, buf);
    EXPECT_EQ(g.c[0], 4095 - dt::kQ);
    EXPECT_FALSE(dt::encoding12_is_canonical(buf, sizeof buf));
    // Compress then decompress lands within q / 2^(d+1) of the original.
    for (int d : {4, 5, 10, 11}) {
        std::uint8_t packed[32 * 11];
        dt::poly_compress_encode(packed, f, d);
        dt::poly_decode_decompress(g, packed, d);
        for (int i = 0; i < 256; ++i) {
            int diff = std::abs(f.c[i] - g.c[i]);
            diff = std::min(diff, dt::kQ - diff);
            ASSERT_LE(diff, (dt::kQ + (1 << d)) / (2 << d)) << "d=" << d << " i=" << i;
        }
    }
    std::uint8_t msg[32], back[32];
    for (auto &b : msg)
        b = static_cast<std::uint8_t>(gen());
    dt::poly_from_msg(g, msg);
    dt::poly_to_msg(back, g);
    EXPECT_EQ(0, std::memcmp(msg, back, 32));
}

TEST(MlKemArith, CbdFollowsBitSums)
{
    std::mt19937 gen(13);
    for (int eta : {2, 3}) {
        std::uint8_t bytes[192];
        for (auto &b : bytes)
            b = static_cast<std::uint8_t>(gen());
        dt::Poly f;
        dt::poly_cbd(f, bytes, eta);
        auto bit = [&](int i) { return (bytes[i / 8] >> (i % 8)) & 1; };
        for (int i = 0; i < 256; ++i) {
            int x = 0, y = 0;
            for (int j = 0; j < eta; ++j) {
                x += bit(2 * i * eta + j);
                y += bit(2 * i * eta + eta + j);
            }
            ASSERT_EQ(f.c[i], x - y) << "eta=" << eta << " i=" << i;
        }
    }
}

// SampleNTT must give the same polynomial whatever its first squeeze holds:
// the short first squeezes force the re-absorb-and-squeeze-longer path that
// real seeds take only rarely.
TEST(MlKemSampleNtt, LongOutputPathMatchesNormalPath)
{
    std::mt19937 gen(17);
    for (int round = 0; round < 8; ++round) {
        std::uint8_t rho[32];
        for (auto &b : rho)
            b = static_cast<std::uint8_t>(gen());
        const auto i = static_cast<std::uint8_t>(round % 4), j = static_cast<std::uint8_t>(round / 2);
        dt::Poly normal, tiny, partial;
        ASSERT_TRUE(dt::sample_ntt(normal, rho, j, i));
        ASSERT_TRUE(dt::sample_ntt(tiny, rho, j, i, 3));
        ASSERT_TRUE(dt::sample_ntt(partial, rho, j, i, 2 * 168)); // at most 224 candidates: never enough
        EXPECT_EQ(0, std::memcmp(normal.c, tiny.c, sizeof normal.c));
        EXPECT_EQ(0, std::memcmp(normal.c, partial.c, sizeof normal.c));
        // And the result is the plain Algorithm 7 parse of one long XOF output.
        Bytes seed(rho, rho + 32);
        seed.push_back(j);
        seed.push_back(i);
        const Bytes stream = xof("SHAKE128", seed, 1024);
        int n = 0;
        for (std::size_t pos = 0; n < 256; pos += 3) {
            ASSERT_LT(pos + 3, stream.size());
            const int d1 = stream[pos] | ((stream[pos + 1] & 15) << 8);
            const int d2 = (stream[pos + 1] >> 4) | (stream[pos + 2] << 4);
            if (d1 < dt::kQ) {
                ASSERT_EQ(normal.c[n++], d1);
            }
            if (d2 < dt::kQ && n < 256) {
                ASSERT_EQ(normal.c[n++], d2);
            }
        }
    }
    dt::Poly out;
    EXPECT_FALSE(dt::sample_ntt(out, nullptr, 0, 0, 4)) << "a first squeeze that is no multiple of 3";
}

} // namespace
