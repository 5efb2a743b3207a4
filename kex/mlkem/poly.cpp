// Polynomial arithmetic of ML-KEM (FIPS 203 sections 4.2.1, 4.3): NTT and its
// inverse with Montgomery multiplication, base-case multiplication, compression,
// the byte codings and centered binomial sampling. Every routine that touches
// secret coefficients is straight-line arithmetic: loop bounds and memory
// indices depend only on public parameters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlkem_internal.h"

#include <array>

namespace kexbench::mlkem::detail {

namespace {

constexpr std::int32_t kR = (1 << 16) % kQ; // Montgomery radix mod q

constexpr std::int32_t pow_mod(std::int32_t base, int exp)
{
    std::int32_t r = 1;
    for (int i = 0; i < exp; ++i)
        r = r * base % kQ;
    return r;
}

constexpr int bit_rev7(int i)
{
    int r = 0;
    for (int b = 0; b < 7; ++b)
        r |= ((i >> b) & 1) << (6 - b);
    return r;
}

// x * R mod q as a centered int16, so fqmul by it is a plain multiplication by x.
constexpr std::int16_t to_mont_centered(std::int32_t x)
{
    std::int32_t v = x * kR % kQ;
    if (v > kQ / 2)
        v -= kQ;
    return static_cast<std::int16_t>(v);
}

// zeta^BitRev7(i) with zeta = 17, the primitive 256th root of unity (Algorithms 9, 10).
constexpr auto kZetas = [] {
    std::array<std::int16_t, 128> z{};
    for (int i = 0; i < 128; ++i)
        z[i] = to_mont_centered(pow_mod(17, bit_rev7(i)));
    return z;
}();

// zeta^(2 BitRev7(i) + 1), the moduli X^2 - gamma of the base-case products (Algorithm 11).
constexpr auto kGammas = [] {
    std::array<std::int16_t, 128> g{};
    for (int i = 0; i < 128; ++i)
        g[i] = to_mont_centered(pow_mod(17, 2 * bit_rev7(i) + 1));
    return g;
}();

// R^2 mod q: fqmul by it turns x R^-1 into x.
constexpr std::int16_t kRSquared = static_cast<std::int16_t>(kR * kR % kQ);
// R^2 / 128 mod q: the inverse NTT's final 1/128 (3303 in Algorithm 10) that
// also cancels the R^-1 left by the base-case multiplication sums.
constexpr std::int16_t kInvNttScale = static_cast<std::int16_t>(kR * kR % kQ * 3303 % kQ);
static_assert(128 * 3303 % 3329 == 1);

// floor(n / q) = (n * kDivMul) >> 36 for every n < 2^23, enough for
// (x << 11) + q/2 with x < q: division-free, so no data-dependent latency.
constexpr std::uint64_t kDivMul = ((std::uint64_t{1} << 36) + kQ - 1) / kQ;

} // namespace

void poly_ntt(Poly &f)
{
    int k = 1;
    for (int len = 128; len >= 2; len >>= 1) {
        for (int start = 0; start < kN; start += 2 * len) {
            const std::int16_t zeta = kZetas[k++];
            for (int j = start; j < start + len; ++j) {
                const std::int16_t t = fqmul(zeta, f.c[j + len]);
                f.c[j + len] = static_cast<std::int16_t>(f.c[j] - t);
                f.c[j] = static_cast<std::int16_t>(f.c[j] + t);
            }
        }
    }
    // Inputs below q grow by less than q per layer: under 8q before this reduction.
    for (auto &x : f.c)
        x = barrett_reduce(x);
}

void poly_inv_ntt_from_mont(Poly &f)
{
    int k = 127;
    for (int len = 2; len <= 128; len <<= 1) {
        for (int start = 0; start < kN; start += 2 * len) {
            const std::int16_t zeta = kZetas[k--];
            for (int j = start; j < start + len; ++j) {
                const std::int16_t t = f.c[j];
                f.c[j] = barrett_reduce(static_cast<std::int16_t>(t + f.c[j + len]));
                f.c[j + len] = fqmul(zeta, static_cast<std::int16_t>(f.c[j + len] - t));
            }
        }
    }
    for (auto &x : f.c)
        x = fqmul(x, kInvNttScale);
}

void poly_add(Poly &r, const Poly &a)
{
    for (int i = 0; i < kN; ++i)
        r.c[i] = static_cast<std::int16_t>(r.c[i] + a.c[i]);
}

void poly_sub(Poly &r, const Poly &a)
{
    for (int i = 0; i < kN; ++i)
        r.c[i] = static_cast<std::int16_t>(r.c[i] - a.c[i]);
}

void poly_reduce_positive(Poly &f)
{
    for (auto &x : f.c)
        x = to_positive(barrett_reduce(x));
}

void poly_to_plain(Poly &f)
{
    for (auto &x : f.c)
        x = fqmul(x, kRSquared);
}

// For |a|, |b| < q each term of c0 or c1 is below 2 q^2, so four terms (8 q^2)
// stay under the q * 2^15 that montgomery_reduce accepts: one reduction suffices.
void polyvec_basemul_acc(Poly &r, const Poly *a, const Poly *b, int k)
{
    for (int i = 0; i < kN / 2; ++i) {
        std::int32_t c0 = 0;
        std::int32_t c1 = 0;
        for (int m = 0; m < k; ++m) {
            const std::int32_t a0 = a[m].c[2 * i], a1 = a[m].c[2 * i + 1];
            const std::int32_t b0 = b[m].c[2 * i], b1 = b[m].c[2 * i + 1];
            c0 += a0 * b0 +
                  static_cast<std::int32_t>(fqmul(static_cast<std::int16_t>(a1), static_cast<std::int16_t>(b1))) *
                      kGammas[i];
            c1 += a0 * b1 + a1 * b0;
        }
        r.c[2 * i] = montgomery_reduce(c0);
        r.c[2 * i + 1] = montgomery_reduce(c1);
    }
}

std::uint16_t compress(std::uint16_t x, int d)
{
    const std::uint64_t n = (std::uint64_t{x} << d) + kQ / 2;
    return static_cast<std::uint16_t>(((n * kDivMul) >> 36) & ((1u << d) - 1));
}

std::uint16_t decompress(std::uint16_t y, int d)
{
    return static_cast<std::uint16_t>((std::uint32_t{y} * kQ + (1u << (d - 1))) >> d);
}

// ByteEncode_d packs little-endian bit strings: value i occupies bits d*i .. d*i + d - 1.
void poly_compress_encode(std::uint8_t *out, const Poly &f, int d)
{
    std::uint64_t acc = 0;
    int bits = 0;
    for (int i = 0; i < kN; ++i) {
        acc |= std::uint64_t{compress(static_cast<std::uint16_t>(f.c[i]), d)} << bits;
        bits += d;
        while (bits >= 8) {
            *out++ = static_cast<std::uint8_t>(acc);
            acc >>= 8;
            bits -= 8;
        }
    }
}

void poly_decode_decompress(Poly &f, const std::uint8_t *in, int d)
{
    std::uint64_t acc = 0;
    int bits = 0;
    const std::uint64_t mask = (std::uint64_t{1} << d) - 1;
    for (int i = 0; i < kN; ++i) {
        while (bits < d) {
            acc |= std::uint64_t{*in++} << bits;
            bits += 8;
        }
        f.c[i] = static_cast<std::int16_t>(decompress(static_cast<std::uint16_t>(acc & mask), d));
        acc >>= d;
        bits -= d;
    }
}

void poly_encode12(std::uint8_t out[kPolyBytes], const Poly &f)
{
    for (int i = 0; i < kN / 2; ++i) {
        const auto a = static_cast<std::uint16_t>(f.c[2 * i]);
        const auto b = static_cast<std::uint16_t>(f.c[2 * i + 1]);
        out[3 * i] = static_cast<std::uint8_t>(a);
        out[3 * i + 1] = static_cast<std::uint8_t>((a >> 8) | (b << 4));
        out[3 * i + 2] = static_cast<std::uint8_t>(b >> 4);
    }
}

namespace {
// A 12-bit value (below 2q) mod q, by a subtraction undone under a sign mask.
std::int16_t reduce_once(std::uint16_t v) { return to_positive(static_cast<std::int16_t>(v - kQ)); }
} // namespace

void poly_decode12(Poly &f, const std::uint8_t in[kPolyBytes])
{
    for (int i = 0; i < kN / 2; ++i) {
        const std::uint16_t b0 = in[3 * i], b1 = in[3 * i + 1], b2 = in[3 * i + 2];
        f.c[2 * i] = reduce_once(static_cast<std::uint16_t>(b0 | ((b1 & 0x0F) << 8)));
        f.c[2 * i + 1] = reduce_once(static_cast<std::uint16_t>((b1 >> 4) | (b2 << 4)));
    }
}

bool encoding12_is_canonical(const std::uint8_t *in, std::size_t len)
{
    for (std::size_t i = 0; i + 3 <= len; i += 3) {
        const unsigned a = in[i] | ((in[i + 1] & 0x0Fu) << 8);
        const unsigned b = (in[i + 1] >> 4) | (unsigned{in[i + 2]} << 4);
        if (a >= static_cast<unsigned>(kQ) || b >= static_cast<unsigned>(kQ))
            return false;
    }
    return true;
}

void poly_from_msg(Poly &f, const std::uint8_t m[32])
{
    constexpr std::uint32_t kHalfQ = (kQ + 1) / 2; // Decompress_1(1)
    for (int i = 0; i < kN; ++i) {
        const std::uint32_t bit = value_barrier((m[i / 8] >> (i % 8)) & 1u);
        f.c[i] = static_cast<std::int16_t>((0u - bit) & kHalfQ);
    }
}

void poly_to_msg(std::uint8_t m[32], const Poly &f)
{
    for (int i = 0; i < 32; ++i) {
        std::uint8_t byte = 0;
        for (int b = 0; b < 8; ++b)
            byte = static_cast<std::uint8_t>(byte | (compress(static_cast<std::uint16_t>(f.c[8 * i + b]), 1) << b));
        m[i] = byte;
    }
}

namespace {

std::uint32_t load_le(const std::uint8_t *p, int n)
{
    std::uint32_t v = 0;
    for (int i = 0; i < n; ++i)
        v |= std::uint32_t{p[i]} << (8 * i);
    return v;
}

// eta = 2: each coefficient uses 4 bits, x = b0 + b1 and y = b2 + b3.
void cbd2(Poly &f, const std::uint8_t *bytes)
{
    for (int w = 0; w < kN / 8; ++w) {
        const std::uint32_t v = load_le(bytes + 4 * w, 4);
        const std::uint32_t t = (v & 0x55555555u) + ((v >> 1) & 0x55555555u);
        for (int j = 0; j < 8; ++j) {
            const auto x = static_cast<std::int16_t>((t >> (4 * j)) & 3u);
            const auto y = static_cast<std::int16_t>((t >> (4 * j + 2)) & 3u);
            f.c[8 * w + j] = static_cast<std::int16_t>(x - y);
        }
    }
}

// eta = 3: each coefficient uses 6 bits, x = b0 + b1 + b2 and y = b3 + b4 + b5.
void cbd3(Poly &f, const std::uint8_t *bytes)
{
    for (int w = 0; w < kN / 4; ++w) {
        const std::uint32_t v = load_le(bytes + 3 * w, 3);
        const std::uint32_t t = (v & 0x249249u) + ((v >> 1) & 0x249249u) + ((v >> 2) & 0x249249u);
        for (int j = 0; j < 4; ++j) {
            const auto x = static_cast<std::int16_t>((t >> (6 * j)) & 7u);
            const auto y = static_cast<std::int16_t>((t >> (6 * j + 3)) & 7u);
            f.c[4 * w + j] = static_cast<std::int16_t>(x - y);
        }
    }
}

} // namespace

void poly_cbd(Poly &f, const std::uint8_t *bytes, int eta)
{
    if (eta == 2)
        cbd2(f, bytes);
    else
        cbd3(f, bytes);
}

} // namespace kexbench::mlkem::detail
