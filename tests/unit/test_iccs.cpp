// SPDX-License-Identifier: GPL-3.0-or-later
// Tests for the clean-room ICCS layer (kex/iccs). The C code must match the
// official package bit for bit, so every function is checked against something
// independent: OpenSSL's SM3/HMAC for byte-aligned inputs, and a deliberately
// naive bit-by-bit SM3 written here for the bit-level cases OpenSSL cannot do.
extern "C" {
#include "auxfunc.h"
#include "drng.h"
}

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;
using Digest = std::array<std::uint8_t, 32>;
// One element per bit, 0 or 1: slow but obviously right for concatenations.
using Bits = std::vector<std::uint8_t>;

constexpr std::uint8_t kCanary = 0xA5;
constexpr std::size_t kCanaryLen = 16;

Bytes fromHex(const std::string &hex)
{
    Bytes out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
        out.push_back(static_cast<std::uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    return out;
}

template <typename Range>
std::string toHex(const Range &r)
{
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (std::uint8_t b : r) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

Bytes randomBytes(std::mt19937_64 &rng, std::size_t n)
{
    Bytes b(n);
    for (auto &x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

std::size_t bytesFor(std::uint64_t bits) { return static_cast<std::size_t>((bits + 7) / 8); }

// ---- OpenSSL side (byte-aligned only) ------------------------------------------

Digest osslSm3(const Bytes &m)
{
    Digest d{};
    unsigned len = 0;
    EXPECT_EQ(EVP_Digest(m.data(), m.size(), d.data(), &len, EVP_sm3(), nullptr), 1);
    EXPECT_EQ(len, 32u);
    return d;
}

Digest osslHmacSm3(const Bytes &key, const Bytes &m)
{
    Digest d{};
    unsigned len = 0;
    EXPECT_NE(HMAC(EVP_sm3(), key.data(), static_cast<int>(key.size()), m.data(), m.size(), d.data(), &len), nullptr);
    EXPECT_EQ(len, 32u);
    return d;
}

Bytes cat(std::initializer_list<Bytes> parts)
{
    Bytes out;
    for (const auto &p : parts)
        out.insert(out.end(), p.begin(), p.end());
    return out;
}

Bytes asBytes(const Digest &d) { return Bytes(d.begin(), d.end()); }

// ---- naive reference SM3 (textbook GB/T 32905, written independently) ------------

namespace ref {

std::uint32_t rotl(std::uint32_t x, unsigned n)
{
    n %= 32;
    return n == 0 ? x : (x << n) | (x >> (32 - n));
}
std::uint32_t p0(std::uint32_t x) { return x ^ rotl(x, 9) ^ rotl(x, 17); }
std::uint32_t p1(std::uint32_t x) { return x ^ rotl(x, 15) ^ rotl(x, 23); }

void compress(std::array<std::uint32_t, 8> &v, const std::uint8_t *blk)
{
    std::uint32_t w[68], w1[64];
    for (int j = 0; j < 16; ++j)
        w[j] = std::uint32_t(blk[4 * j]) << 24 | std::uint32_t(blk[4 * j + 1]) << 16 |
               std::uint32_t(blk[4 * j + 2]) << 8 | std::uint32_t(blk[4 * j + 3]);
    for (int j = 16; j < 68; ++j)
        w[j] = p1(w[j - 16] ^ w[j - 9] ^ rotl(w[j - 3], 15)) ^ rotl(w[j - 13], 7) ^ w[j - 6];
    for (int j = 0; j < 64; ++j)
        w1[j] = w[j] ^ w[j + 4];

    std::uint32_t A = v[0], B = v[1], C = v[2], D = v[3], E = v[4], F = v[5], G = v[6], H = v[7];
    for (unsigned j = 0; j < 64; ++j) {
        const std::uint32_t T = j < 16 ? 0x79cc4519u : 0x7a879d8au;
        const std::uint32_t ff = j < 16 ? (A ^ B ^ C) : ((A & B) | (A & C) | (B & C));
        const std::uint32_t gg = j < 16 ? (E ^ F ^ G) : ((E & F) | (~E & G));
        const std::uint32_t ss1 = rotl(rotl(A, 12) + E + rotl(T, j), 7);
        const std::uint32_t ss2 = ss1 ^ rotl(A, 12);
        const std::uint32_t tt1 = ff + D + ss2 + w1[j];
        const std::uint32_t tt2 = gg + H + ss1 + w[j];
        D = C;
        C = rotl(B, 9);
        B = A;
        A = tt1;
        H = G;
        G = rotl(F, 19);
        F = E;
        E = p0(tt2);
    }
    v[0] ^= A, v[1] ^= B, v[2] ^= C, v[3] ^= D, v[4] ^= E, v[5] ^= F, v[6] ^= G, v[7] ^= H;
}

// SM3 of the first L bits of msg, with the 64-bit length field given explicitly so the
// official length quirk can be modelled. Whole 512-bit blocks come straight from msg;
// the remainder is padded one bit at a time.
Digest sm3(const std::uint8_t *msg, std::uint64_t L, std::uint64_t lengthField)
{
    std::array<std::uint32_t, 8> v = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
                                      0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};
    const std::uint64_t full = L / 512;
    for (std::uint64_t b = 0; b < full; ++b)
        compress(v, msg + 64 * b);

    Bits tail;
    for (std::uint64_t i = full * 512; i < L; ++i)
        tail.push_back((msg[i / 8] >> (7 - i % 8)) & 1);
    tail.push_back(1);
    while (tail.size() % 512 != 448)
        tail.push_back(0);
    for (int i = 63; i >= 0; --i)
        tail.push_back((lengthField >> i) & 1);

    Bytes packed(tail.size() / 8, 0);
    for (std::size_t i = 0; i < tail.size(); ++i)
        packed[i / 8] |= static_cast<std::uint8_t>(tail[i] << (7 - i % 8));
    for (std::size_t off = 0; off < packed.size(); off += 64)
        compress(v, packed.data() + off);

    Digest d{};
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 4; ++k)
            d[4 * i + k] = static_cast<std::uint8_t>(v[i] >> (24 - 8 * k));
    return d;
}

Bits bitsOf(const std::uint8_t *p, std::uint64_t L)
{
    Bits b;
    for (std::uint64_t i = 0; i < L; ++i)
        b.push_back((p[i / 8] >> (7 - i % 8)) & 1);
    return b;
}
Bits bitsOf(const Bytes &p) { return bitsOf(p.data(), 8 * p.size()); }
Bits bitsOf(const Digest &p) { return bitsOf(p.data(), 256); }

Bits cat(std::initializer_list<Bits> parts)
{
    Bits out;
    for (const auto &p : parts)
        out.insert(out.end(), p.begin(), p.end());
    return out;
}

Digest sm3(const Bits &bits)
{
    Bytes packed(bytesFor(bits.size()), 0);
    for (std::size_t i = 0; i < bits.size(); ++i)
        packed[i / 8] |= static_cast<std::uint8_t>(bits[i] << (7 - i % 8));
    return sm3(packed.data(), bits.size(), bits.size());
}

} // namespace ref

// ---- library wrappers ---------------------------------------------------------------

Digest iccsSm3(const std::uint8_t *m, std::uint64_t bits)
{
    Digest d{};
    EXPECT_EQ(sm3hash(256, m, bits, d.data()), 0);
    return d;
}

Bytes iccsPseudohash(int digestBits, const std::uint8_t *m, std::uint64_t bits)
{
    Bytes out(static_cast<std::size_t>(digestBits) / 8 + kCanaryLen, kCanary);
    EXPECT_EQ(pseudohash(digestBits, m, bits, out.data()), 0);
    for (std::size_t i = static_cast<std::size_t>(digestBits) / 8; i < out.size(); ++i)
        EXPECT_EQ(out[i], kCanary) << "pseudohash wrote past its digest";
    out.resize(static_cast<std::size_t>(digestBits) / 8);
    return out;
}

Bytes iccsXof(std::uint64_t outBits, const std::uint8_t *m, std::uint64_t bits)
{
    Bytes out(bytesFor(outBits) + kCanaryLen, kCanary);
    EXPECT_EQ(pseudoXOF(outBits, m, bits, out.data()), 0);
    for (std::size_t i = bytesFor(outBits); i < out.size(); ++i)
        EXPECT_EQ(out[i], kCanary) << "pseudoXOF wrote past ceil(n/8)";
    out.resize(bytesFor(outBits));
    return out;
}

// The fixed HMAC key as documented for the official auxfunc.c.
const Bytes &documentedKey()
{
    static const Bytes key = fromHex("5307f6d5eb6a3ced3d24c53cc9c82cce2f8936397023f0695c26c80c1ab182a7"
                                     "1db02ba92f544018115a96e719662ca32b7c7efc0a6d2482150766ba6f655b8e");
    return key;
}

std::uint8_t tagFor(int digestBits) { return static_cast<std::uint8_t>(digestBits / 256); }

// pseudohash rebuilt from OpenSSL's SM3 and HMAC (byte-aligned messages only).
Bytes osslPseudohash(int digestBits, const Bytes &m)
{
    const Bytes t = {tagFor(digestBits), 0x00};
    const Bytes &key = documentedKey();
    const Digest k1 = osslHmacSm3(key, cat({t, m}));
    const Digest h1 = osslSm3(cat({m, t}));
    const Digest h2 = osslSm3(cat({asBytes(k1), asBytes(h1)}));
    Bytes out = cat({asBytes(h1), asBytes(h2)});
    if (digestBits >= 768) {
        const Digest k2 = osslHmacSm3(key, asBytes(h1));
        const Digest h3 = osslSm3(cat({asBytes(h2), asBytes(k2)}));
        out = cat({out, asBytes(h3)});
        if (digestBits == 1024) {
            const Digest k3 = osslHmacSm3(key, asBytes(h2));
            const Digest k4 = osslHmacSm3(key, asBytes(h3));
            out = cat({out, asBytes(osslSm3(cat({asBytes(k3), asBytes(h3), asBytes(k4)})))});
        }
    }
    return out;
}

// pseudohash rebuilt from the naive bit-level SM3 with true bit concatenation.
Bytes refPseudohash(int digestBits, const std::uint8_t *m, std::uint64_t L)
{
    Bits k1pad, k2pad;
    for (std::uint8_t b : documentedKey()) {
        const Bits i = ref::bitsOf(Bytes{static_cast<std::uint8_t>(b ^ 0x36)});
        const Bits o = ref::bitsOf(Bytes{static_cast<std::uint8_t>(b ^ 0x5C)});
        k1pad.insert(k1pad.end(), i.begin(), i.end());
        k2pad.insert(k2pad.end(), o.begin(), o.end());
    }
    auto hmac = [&](const Bits &x) { return ref::sm3(ref::cat({k2pad, ref::bitsOf(ref::sm3(ref::cat({k1pad, x})))})); };

    const Bits M = ref::bitsOf(m, L);
    const Bits T = ref::bitsOf(Bytes{tagFor(digestBits), 0x00});
    const Digest k1 = hmac(ref::cat({T, M}));
    const Digest h1 = ref::sm3(ref::cat({M, T}));
    const Digest h2 = ref::sm3(ref::cat({ref::bitsOf(k1), ref::bitsOf(h1)}));
    Bytes out = cat({asBytes(h1), asBytes(h2)});
    if (digestBits >= 768) {
        const Digest k2 = hmac(ref::bitsOf(h1));
        const Digest h3 = ref::sm3(ref::cat({ref::bitsOf(h2), ref::bitsOf(k2)}));
        out = cat({out, asBytes(h3)});
        if (digestBits == 1024) {
            const Digest k3 = hmac(ref::bitsOf(h2));
            const Digest k4 = hmac(ref::bitsOf(h3));
            out = cat({out, asBytes(ref::sm3(ref::cat({ref::bitsOf(k3), ref::bitsOf(h3), ref::bitsOf(k4)})))});
        }
    }
    return out;
}

Bytes be32(std::uint32_t x)
{
    return {static_cast<std::uint8_t>(x >> 24), static_cast<std::uint8_t>(x >> 16), static_cast<std::uint8_t>(x >> 8),
            static_cast<std::uint8_t>(x)};
}

void truncateBits(Bytes &out, std::uint64_t n)
{
    out.resize(bytesFor(n));
    if (n % 8)
        out.back() &= static_cast<std::uint8_t>(0xFF << (8 - n % 8));
}

// GB/T 32918.4-2016 5.4.3 KDF with OpenSSL's SM3 (byte-aligned Z).
Bytes osslKdf(const Bytes &z, std::uint64_t n)
{
    Bytes out;
    for (std::uint32_t ct = 1; out.size() < bytesFor(n); ++ct)
        out = cat({out, asBytes(osslSm3(cat({z, be32(ct)})))});
    truncateBits(out, n);
    return out;
}

Bytes refKdf(const std::uint8_t *m, std::uint64_t L, std::uint64_t n)
{
    const Bits M = ref::bitsOf(m, L);
    Bytes out;
    for (std::uint32_t ct = 1; out.size() < bytesFor(n); ++ct)
        out = cat({out, asBytes(ref::sm3(ref::cat({M, ref::bitsOf(be32(ct))})))});
    truncateBits(out, n);
    return out;
}

// Sets every bit beyond L in the last byte, which all three functions must ignore.
Bytes dirtyTail(Bytes m, std::uint64_t L)
{
    if (L % 8)
        m[L / 8] |= static_cast<std::uint8_t>(0xFF >> (L % 8));
    return m;
}

Bytes cleanTail(Bytes m, std::uint64_t L)
{
    if (L % 8)
        m[L / 8] &= static_cast<std::uint8_t>(0xFF << (8 - L % 8));
    return m;
}

// ---- Hash_DRBG model over OpenSSL SM3, written from SP 800-90A ----------------------

struct DrbgModel {
    using Word = std::array<std::uint8_t, SEEDLEN>;
    Word V{}, C{}, counter{};

    static void addInto(Word &acc, const std::uint8_t *x, std::size_t n)
    {
        // Right-align x under acc and add with carry, dropping the carry out of the top byte.
        int carry = 0;
        for (std::size_t i = 0; i < SEEDLEN; ++i) {
            const std::size_t pos = SEEDLEN - 1 - i;
            const int add = i < n ? x[n - 1 - i] : 0;
            const int s = acc[pos] + add + carry;
            acc[pos] = static_cast<std::uint8_t>(s & 0xFF);
            carry = s >> 8;
        }
    }

    static Word df(const Bytes &input)
    {
        Bytes t;
        for (std::uint8_t ctr = 1; ctr <= 2; ++ctr)
            t = cat({t, asBytes(osslSm3(cat({Bytes{ctr, 0x00, 0x00, 0x01, 0xB8}, input})))});
        Word w{};
        std::memcpy(w.data(), t.data(), SEEDLEN);
        return w;
    }

    void instantiate(const Bytes &seed)
    {
        V = df(seed);
        C = df(cat({Bytes{0x00}, Bytes(V.begin(), V.end())}));
        counter = {};
        counter[SEEDLEN - 1] = 1;
    }

    Bytes generate(std::uint64_t n)
    {
        Bytes out;
        Word data = V;
        const std::uint8_t one = 1;
        while (out.size() < bytesFor(n)) {
            out = cat({out, asBytes(osslSm3(Bytes(data.begin(), data.end())))});
            addInto(data, &one, 1);
        }
        truncateBits(out, n);
        const Digest h = osslSm3(cat({Bytes{0x03}, Bytes(V.begin(), V.end())}));
        addInto(V, h.data(), h.size());
        addInto(V, C.data(), SEEDLEN);
        addInto(V, counter.data(), SEEDLEN);
        addInto(counter, &one, 1);
        return out;
    }
};

Bytes seedTimes16()
{
    Bytes s;
    for (int i = 0; i < 16; ++i)
        s.insert(s.end(), {'s', 'e', 'e', 'd'});
    return s;
}

Bytes draw(DRNG_ctx &ctx, std::uint64_t n)
{
    Bytes out(bytesFor(n) + kCanaryLen, kCanary);
    EXPECT_EQ(get_random_number(&ctx, out.data(), n), 0);
    for (std::size_t i = bytesFor(n); i < out.size(); ++i)
        EXPECT_EQ(out[i], kCanary) << "get_random_number wrote past ceil(n/8)";
    out.resize(bytesFor(n));
    return out;
}

} // namespace

// ================================ SM3 =================================================

TEST(IccsSm3, GbtVectorAbc)
{
    const Bytes m = {'a', 'b', 'c'};
    EXPECT_EQ(toHex(iccsSm3(m.data(), 24)), "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0");
}

TEST(IccsSm3, GbtVectorAbcdTimes16)
{
    Bytes m;
    for (int i = 0; i < 16; ++i)
        m.insert(m.end(), {'a', 'b', 'c', 'd'});
    EXPECT_EQ(toHex(iccsSm3(m.data(), 512)), "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732");
}

TEST(IccsSm3, EmptyMessageMatchesOpenSsl) { EXPECT_EQ(iccsSm3(nullptr, 0), osslSm3({})); }

TEST(IccsSm3, ByteAlignedMatchesOpenSslForEveryLengthUpTo1000)
{
    std::mt19937_64 rng(0x53'4d'33);
    for (std::size_t n = 0; n <= 1000; ++n) {
        const Bytes m = randomBytes(rng, n);
        ASSERT_EQ(iccsSm3(m.data(), 8 * n), osslSm3(m)) << "length " << n << " bytes";
    }
}

TEST(IccsSm3, ByteAlignedMatchesOpenSslForRandomLongerLengths)
{
    std::mt19937_64 rng(7);
    for (int i = 0; i < 40; ++i) {
        const std::size_t n = static_cast<std::size_t>(rng() % 200000);
        const Bytes m = randomBytes(rng, n);
        ASSERT_EQ(iccsSm3(m.data(), 8 * n), osslSm3(m)) << "length " << n << " bytes";
    }
}

TEST(IccsSm3, NaiveReferenceAgreesWithOpenSsl)
{
    // Validates the test's own reference before it is trusted for bit lengths.
    std::mt19937_64 rng(11);
    for (std::size_t n : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 119u, 120u, 128u, 300u}) {
        const Bytes m = randomBytes(rng, n);
        ASSERT_EQ(ref::sm3(m.data(), 8 * n, 8 * n), osslSm3(m)) << n;
    }
}

TEST(IccsSm3, BitLengthsMatchNaiveBitLevelReference)
{
    std::mt19937_64 rng(13);
    for (std::uint64_t L = 0; L <= 1100; ++L) {
        const Bytes m = cleanTail(randomBytes(rng, bytesFor(L)), L);
        ASSERT_EQ(iccsSm3(m.data(), L), ref::sm3(m.data(), L, L)) << "L = " << L;
    }
}

TEST(IccsSm3, BitsBeyondLengthDoNotMatter)
{
    std::mt19937_64 rng(17);
    for (std::uint64_t L = 1; L <= 600; ++L) {
        if (L % 8 == 0)
            continue;
        const Bytes m = randomBytes(rng, bytesFor(L));
        ASSERT_EQ(iccsSm3(m.data(), L), iccsSm3(cleanTail(m, L).data(), L)) << L;
        ASSERT_EQ(iccsSm3(m.data(), L), iccsSm3(dirtyTail(m, L).data(), L)) << L;
    }
}

TEST(IccsSm3, PartialBitsDifferFromNeighbours)
{
    // Guards against a padding that silently rounds L up or down to whole bytes.
    const Bytes m = {0xFF, 0xFF};
    EXPECT_NE(iccsSm3(m.data(), 9), iccsSm3(m.data(), 8));
    EXPECT_NE(iccsSm3(m.data(), 9), iccsSm3(m.data(), 16));
    EXPECT_NE(iccsSm3(m.data(), 1), iccsSm3(nullptr, 0));
}

TEST(IccsSm3, DigestMayAliasMessage)
{
    std::mt19937_64 rng(19);
    Bytes m = randomBytes(rng, 100);
    const Digest expect = osslSm3(m);
    ASSERT_EQ(sm3hash(256, m.data(), 800, m.data()), 0);
    EXPECT_EQ(0, std::memcmp(m.data(), expect.data(), expect.size()));
}

TEST(IccsSm3, RejectsUnsupportedDigestLengthsAndWritesNothing)
{
    const Bytes m = {'a', 'b', 'c'};
    for (int bits : {255, 512, 0, 257, 224, -256}) {
        Bytes out(64, kCanary);
        testing::internal::CaptureStderr();
        EXPECT_EQ(sm3hash(bits, m.data(), 24, out.data()), -4) << bits;
        const std::string err = testing::internal::GetCapturedStderr();
        EXPECT_NE(err.find("ERROR: Digestbitlen not in the limitation."), std::string::npos) << err;
        EXPECT_EQ(out, Bytes(64, kCanary)) << bits;
    }
}

// Standard SM3 and the official code part ways at 2^32 bits because of how the
// official code builds the high length word. Hashing 512 MiB takes seconds, so this
// runs only on request: KEXBENCH_ICCS_LONG_TESTS=1.
TEST(IccsSm3, LengthFieldQuirkAtAndAbove2To32Bits)
{
    if (!std::getenv("KEXBENCH_ICCS_LONG_TESTS"))
        GTEST_SKIP() << "set KEXBENCH_ICCS_LONG_TESTS=1 to hash 512 MiB";

    const std::uint64_t L = (std::uint64_t{1} << 32) + 13;
    // calloc'ed zero pages are shared until written, so this costs address space only.
    std::unique_ptr<std::uint8_t, decltype(&std::free)> msg(static_cast<std::uint8_t *>(std::calloc(bytesFor(L), 1)),
                                                            &std::free);
    ASSERT_NE(msg, nullptr);
    msg.get()[bytesFor(L) - 1] = 0xB5; // a distinctive partial tail

    const std::uint64_t blocks = L / 512;
    const std::uint64_t quirkHigh = ((blocks >> 32) << 9) & 0xFFFFFFFFu;
    const std::uint64_t quirkField = quirkHigh << 32 | (L & 0xFFFFFFFFu);
    ASSERT_NE(quirkField, L) << "the chosen L must exercise the quirk";

    const Digest got = iccsSm3(msg.get(), L);
    EXPECT_EQ(got, ref::sm3(msg.get(), L, quirkField));
}

// ============================ pseudohash ==============================================

TEST(IccsPseudoHash, KeyIsSm3OfPiAndE)
{
    const std::string pi = "3.14159265358979", e = "2.71828182845904";
    const Bytes viaOpenSsl =
        cat({asBytes(osslSm3(Bytes(pi.begin(), pi.end()))), asBytes(osslSm3(Bytes(e.begin(), e.end())))});
    EXPECT_EQ(viaOpenSsl, documentedKey());
    const Bytes viaIccs = cat({asBytes(iccsSm3(reinterpret_cast<const std::uint8_t *>(pi.data()), 8 * pi.size())),
                               asBytes(iccsSm3(reinterpret_cast<const std::uint8_t *>(e.data()), 8 * e.size()))});
    EXPECT_EQ(viaIccs, documentedKey());
}

TEST(IccsPseudoHash, MatchesOpenSslReconstructionForByteAlignedMessages)
{
    std::mt19937_64 rng(23);
    for (int bits : {512, 768, 1024}) {
        for (std::size_t n = 0; n <= 200; ++n) {
            const Bytes m = randomBytes(rng, n);
            ASSERT_EQ(iccsPseudohash(bits, m.data(), 8 * n), osslPseudohash(bits, m)) << bits << "/" << n;
        }
        for (std::size_t n : {1000u, 4096u, 65537u}) {
            const Bytes m = randomBytes(rng, n);
            ASSERT_EQ(iccsPseudohash(bits, m.data(), 8 * n), osslPseudohash(bits, m)) << bits << "/" << n;
        }
    }
}

TEST(IccsPseudoHash, NonAlignedMessagesUseBitExactConcatenation)
{
    std::mt19937_64 rng(29);
    for (int bits : {512, 768, 1024}) {
        for (std::uint64_t L = 1; L <= 1100; L += 1 + rng() % 13) {
            const Bytes m = cleanTail(randomBytes(rng, bytesFor(L)), L);
            ASSERT_EQ(iccsPseudohash(bits, m.data(), L), refPseudohash(bits, m.data(), L)) << bits << "/" << L;
        }
    }
}

TEST(IccsPseudoHash, NaiveReferenceAgreesWithOpenSslReconstruction)
{
    std::mt19937_64 rng(31);
    for (int bits : {512, 768, 1024}) {
        const Bytes m = randomBytes(rng, 77);
        ASSERT_EQ(refPseudohash(bits, m.data(), 8 * m.size()), osslPseudohash(bits, m)) << bits;
    }
}

TEST(IccsPseudoHash, TagSeparatesDigestSizes)
{
    // Without the tag, h1 would be shared by all three sizes.
    std::mt19937_64 rng(37);
    const Bytes m = randomBytes(rng, 40);
    const Bytes d512 = iccsPseudohash(512, m.data(), 320);
    const Bytes d768 = iccsPseudohash(768, m.data(), 320);
    EXPECT_NE(Bytes(d512.begin(), d512.begin() + 32), Bytes(d768.begin(), d768.begin() + 32));
}

TEST(IccsPseudoHash, IgnoresBitsBeyondLength)
{
    std::mt19937_64 rng(41);
    for (int bits : {512, 768, 1024}) {
        for (std::uint64_t L : {1u, 7u, 9u, 250u, 505u, 511u, 513u, 1001u}) {
            const Bytes m = randomBytes(rng, bytesFor(L));
            const Bytes clean = iccsPseudohash(bits, cleanTail(m, L).data(), L);
            ASSERT_EQ(iccsPseudohash(bits, dirtyTail(m, L).data(), L), clean) << bits << "/" << L;
            ASSERT_EQ(iccsPseudohash(bits, m.data(), L), clean) << bits << "/" << L;
        }
    }
}

TEST(IccsPseudoHash, RejectsUnsupportedDigestLengthsAndWritesNothing)
{
    const Bytes m = {1, 2, 3};
    for (int bits : {256, 513, 0, 1023, 2048, -512}) {
        Bytes out(160, kCanary);
        testing::internal::CaptureStderr();
        EXPECT_EQ(pseudohash(bits, m.data(), 24, out.data()), -4) << bits;
        const std::string err = testing::internal::GetCapturedStderr();
        EXPECT_NE(err.find("ERROR: Digestbitlen not in the limitation."), std::string::npos) << err;
        EXPECT_EQ(out, Bytes(160, kCanary)) << bits;
    }
}

TEST(IccsPseudoHash, DigestMayAliasMessage)
{
    std::mt19937_64 rng(43);
    Bytes m = randomBytes(rng, 128);
    const Bytes expect = osslPseudohash(1024, m);
    ASSERT_EQ(pseudohash(1024, m.data(), 8 * m.size(), m.data()), 0);
    EXPECT_EQ(m, expect);
}

// ============================= pseudoXOF ==============================================

TEST(IccsPseudoXof, MatchesGbt32918KdfForByteAlignedInput)
{
    std::mt19937_64 rng(47);
    for (std::size_t n = 0; n <= 150; n += 1 + rng() % 5) {
        const Bytes z = randomBytes(rng, n);
        for (std::uint64_t out : {1u, 8u, 255u, 256u, 257u, 512u, 1000u, 8192u, 8195u})
            ASSERT_EQ(iccsXof(out, z.data(), 8 * n), osslKdf(z, out)) << n << " bytes -> " << out << " bits";
    }
}

TEST(IccsPseudoXof, NonAlignedInputAppendsCounterBitExactly)
{
    std::mt19937_64 rng(53);
    for (std::uint64_t L = 1; L <= 1100; L += 1 + rng() % 11) {
        const Bytes m = cleanTail(randomBytes(rng, bytesFor(L)), L);
        for (std::uint64_t out : {3u, 256u, 520u})
            ASSERT_EQ(iccsXof(out, m.data(), L), refKdf(m.data(), L, out)) << L << " -> " << out;
    }
}

TEST(IccsPseudoXof, ShorterOutputsArePrefixesOfLongerOnes)
{
    std::mt19937_64 rng(59);
    for (std::uint64_t L : {0u, 5u, 24u, 447u, 448u, 480u, 509u, 512u, 1000u}) {
        const Bytes m = randomBytes(rng, bytesFor(L) + 1);
        const Bytes longest = iccsXof(1100, m.data(), L);
        for (std::uint64_t n = 1; n < 1100; ++n) {
            const Bytes shorter = iccsXof(n, m.data(), L);
            Bytes expect(longest.begin(), longest.begin() + static_cast<std::ptrdiff_t>(bytesFor(n)));
            truncateBits(expect, n);
            ASSERT_EQ(shorter, expect) << "L = " << L << ", n = " << n;
        }
        for (std::uint64_t n : {255u, 256u, 257u, 512u})
            ASSERT_EQ(iccsXof(n, m.data(), L).size(), bytesFor(n));
    }
}

TEST(IccsPseudoXof, TrailingOutputBitsAreZero)
{
    const Bytes m = {0xDE, 0xAD};
    for (std::uint64_t n = 1; n <= 64; ++n) {
        if (n % 8 == 0)
            continue;
        const Bytes out = iccsXof(n, m.data(), 16);
        EXPECT_EQ(out.back() & (0xFF >> (n % 8)), 0) << n;
    }
}

TEST(IccsPseudoXof, ZeroOutputWritesNothingAndSucceeds)
{
    const Bytes m = {1, 2, 3};
    Bytes out(32, kCanary);
    EXPECT_EQ(pseudoXOF(0, m.data(), 24, out.data()), 0);
    EXPECT_EQ(out, Bytes(32, kCanary));
}

TEST(IccsPseudoXof, IgnoresBitsBeyondLength)
{
    std::mt19937_64 rng(61);
    for (std::uint64_t L : {1u, 3u, 7u, 9u, 100u, 479u, 481u, 511u, 513u, 999u}) {
        const Bytes m = randomBytes(rng, bytesFor(L));
        const Bytes clean = iccsXof(777, cleanTail(m, L).data(), L);
        ASSERT_EQ(iccsXof(777, dirtyTail(m, L).data(), L), clean) << L;
        ASSERT_EQ(iccsXof(777, m.data(), L), clean) << L;
    }
}

// =============================== DRNG =================================================

TEST(IccsDrng, ContextLayoutMatchesOfficialHeader)
{
    static_assert(SEEDLEN == 55);
    static_assert(sizeof(DRNG_ctx) == 165);
    static_assert(offsetof(DRNG_ctx, C) == 55);
    static_assert(offsetof(DRNG_ctx, reseed_counter) == 110);
}

TEST(IccsDrng, SeedTimes16KnownDraws)
{
    const Bytes seed = seedTimes16();
    ASSERT_EQ(seed.size(), 64u);
    DRNG_ctx ctx;
    ASSERT_EQ(init_random_number(&ctx, seed.data(), seed.size()), 0);
    EXPECT_EQ(toHex(draw(ctx, 512)), "927f06b594798a4ddfaa4f03f92aaaf04e1d453f6ed1de19b86d3aade048a654"
                                     "83df4754049b5cd3f586406cf2c64875c51edb576df342b5a970f40eabc15d3c");
    EXPECT_EQ(toHex(draw(ctx, 512)), "58561187cbbf6cdc0ecfb2d25965f936be05aa961542d0e23e4adfa8b6d0e3fd"
                                     "c043ed72ac1c28f03cf831fbb6a8bc6db9ee0475520ee8578b1970e407ee0352");
    EXPECT_EQ(toHex(draw(ctx, 512)), "439838dd1f4b359c4d4bc2e19395daf5007b3b682831fa554bfe3c8862e29877"
                                     "74ee95ac841fb3880239c0415b1d2ae696d4c419a250b1c215743dbc4a5e375d");
}

TEST(IccsDrng, MatchesIndependentHashDrbgModel)
{
    std::mt19937_64 rng(67);
    Bytes harnessSeed;
    for (int i = 0; i < 48; ++i)
        harnessSeed.push_back(static_cast<std::uint8_t>(i));
    std::vector<Bytes> seeds = {{},
                                {0x00},
                                harnessSeed,
                                seedTimes16(),
                                randomBytes(rng, 55),
                                randomBytes(rng, 56),
                                randomBytes(rng, 123),
                                randomBytes(rng, 4000)};

    for (const Bytes &seed : seeds) {
        DRNG_ctx ctx;
        DrbgModel model;
        ASSERT_EQ(init_random_number(&ctx, seed.data(), seed.size()), 0);
        model.instantiate(seed);
        ASSERT_EQ(0, std::memcmp(ctx.V, model.V.data(), SEEDLEN)) << seed.size();
        ASSERT_EQ(0, std::memcmp(ctx.C, model.C.data(), SEEDLEN)) << seed.size();
        ASSERT_EQ(0, std::memcmp(ctx.reseed_counter, model.counter.data(), SEEDLEN)) << seed.size();

        for (int i = 0; i < 25; ++i) {
            const std::uint64_t n = i == 0 ? 0 : rng() % 1600;
            ASSERT_EQ(draw(ctx, n), model.generate(n))
                << "seed " << seed.size() << " bytes, draw " << i << ", n = " << n;
            ASSERT_EQ(0, std::memcmp(ctx.V, model.V.data(), SEEDLEN));
            ASSERT_EQ(0, std::memcmp(ctx.reseed_counter, model.counter.data(), SEEDLEN));
        }
    }
}

TEST(IccsDrng, PartialBitDrawsArePrefixesWithLowBitsCleared)
{
    const Bytes seed = seedTimes16();
    for (std::uint64_t n : {1u, 3u, 11u, 255u, 257u, 263u, 511u, 513u}) {
        DRNG_ctx a, b;
        ASSERT_EQ(init_random_number(&a, seed.data(), seed.size()), 0);
        ASSERT_EQ(init_random_number(&b, seed.data(), seed.size()), 0);
        const Bytes partial = draw(a, n);
        const Bytes whole = draw(b, 8 * bytesFor(n));
        ASSERT_EQ(partial.size(), bytesFor(n));
        const unsigned lowBits = static_cast<unsigned>(8 - n % 8);
        EXPECT_EQ(partial.back() & ((1u << lowBits) - 1), 0u) << n;
        EXPECT_EQ(partial.back(), whole.back() & (0xFFu << lowBits) & 0xFFu) << n;
        EXPECT_TRUE(std::equal(partial.begin(), partial.end() - 1, whole.begin())) << n;
        // The state update does not depend on n, so both contexts stay in step.
        EXPECT_EQ(0, std::memcmp(&a, &b, sizeof a)) << n;
    }
}

TEST(IccsDrng, ElevenBitDraw)
{
    const Bytes seed = seedTimes16();
    DRNG_ctx ctx;
    ASSERT_EQ(init_random_number(&ctx, seed.data(), seed.size()), 0);
    const Bytes out = draw(ctx, 11);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_EQ(out[0], 0x92);
    EXPECT_EQ(out[1], 0x7F & 0xE0);
}

TEST(IccsDrng, ZeroBitDrawWritesNothingButAdvancesState)
{
    const Bytes seed = seedTimes16();
    DRNG_ctx ctx, fresh;
    ASSERT_EQ(init_random_number(&ctx, seed.data(), seed.size()), 0);
    fresh = ctx;
    Bytes out(16, kCanary);
    EXPECT_EQ(get_random_number(&ctx, out.data(), 0), 0);
    EXPECT_EQ(out, Bytes(16, kCanary));
    EXPECT_NE(0, std::memcmp(ctx.V, fresh.V, SEEDLEN));
    EXPECT_EQ(ctx.reseed_counter[SEEDLEN - 1], 2);
    // The documented second draw is what follows the first update.
    EXPECT_EQ(toHex(draw(ctx, 512)).substr(0, 16), "58561187cbbf6cdc");
}

TEST(IccsDrng, ReinstantiateResetsState)
{
    const Bytes seed = seedTimes16();
    DRNG_ctx ctx;
    std::memset(&ctx, 0xEE, sizeof ctx);
    ASSERT_EQ(init_random_number(&ctx, seed.data(), seed.size()), 0);
    (void)draw(ctx, 300);
    ASSERT_EQ(init_random_number(&ctx, seed.data(), seed.size()), 0);
    EXPECT_EQ(toHex(draw(ctx, 64)), "927f06b594798a4d");
}
