// The hash functions of FIPS 203 4.1 on OpenSSL 3 EVP, and SampleNTT (Algorithm 7).
// The EVP_MD objects are fetched once per process, and within one ML-KEM
// operation every hash of a kind reuses one EVP_MD_CTX, so a hash costs no fetch
// and at most one context allocation per kind and operation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlkem_internal.h"

#include <openssl/evp.h>

#include <initializer_list>
#include <vector>

namespace kexbench::mlkem::detail {

namespace {

enum Fn { kSha3_256, kSha3_512, kShake128, kShake256, kFnCount };

struct Mds {
    EVP_MD *md[kFnCount]{};
    bool ok = true;
    Mds()
    {
        const char *names[kFnCount] = {"SHA3-256", "SHA3-512", "SHAKE128", "SHAKE256"};
        for (int i = 0; i < kFnCount; ++i) {
            md[i] = EVP_MD_fetch(nullptr, names[i], nullptr);
            ok = ok && md[i] != nullptr;
        }
    }
    Mds(const Mds &) = delete;
    Mds &operator=(const Mds &) = delete;
    ~Mds()
    {
        for (EVP_MD *m : md)
            EVP_MD_free(m);
    }
};

// Fetched on first use. The destructor frees them when an instance library is
// unloaded (dlclose), or at exit, and always before OpenSSL's own cleanup: a
// function-local static registers its destructor after it is built, and building
// it (EVP_MD_fetch) is what initialised OpenSSL and registered that cleanup.
const Mds &mds()
{
    static const Mds fetched;
    return fetched;
}

// One context per function and thread, alive only during one ML-KEM operation:
// hash_scrub() frees them when the operation ends. Deliberately no thread_local
// object with a destructor: an instance library that holds one can be unmapped by
// dlclose before exit runs the destructor (seen under qemu-aarch64: the runner
// crashed after answering), so nothing here may outlive an operation.
thread_local EVP_MD_CTX *t_ctx[kFnCount];

EVP_MD_CTX *ctx_for(Fn fn)
{
    EVP_MD_CTX *&c = t_ctx[fn];
    if (c == nullptr)
        c = EVP_MD_CTX_new();
    return c;
}

struct Piece {
    const std::uint8_t *p;
    std::size_t n;
};

EVP_MD_CTX *start(Fn fn, std::initializer_list<Piece> in)
{
    const Mds &m = mds();
    EVP_MD_CTX *c = m.ok ? ctx_for(fn) : nullptr;
    if (c == nullptr || EVP_DigestInit_ex2(c, m.md[fn], nullptr) != 1)
        return nullptr;
    for (const Piece &piece : in)
        if (piece.n != 0 && EVP_DigestUpdate(c, piece.p, piece.n) != 1)
            return nullptr;
    return c;
}

bool fixed(Fn fn, std::initializer_list<Piece> in, std::uint8_t *out)
{
    EVP_MD_CTX *c = start(fn, in);
    unsigned int len = 0;
    return c != nullptr && EVP_DigestFinal_ex(c, out, &len) == 1;
}

bool xof(Fn fn, std::initializer_list<Piece> in, std::uint8_t *out, std::size_t outlen)
{
    EVP_MD_CTX *c = start(fn, in);
    return c != nullptr && EVP_DigestFinalXOF(c, out, outlen) == 1;
}

// Parses 3-byte groups buf[from, to) into up to 256 coefficients below q,
// appending after the n already accepted; returns the new count. Every group
// is read and every candidate stored (an accepted one advances the count by
// one, a rejected one is overwritten next), with no branch on the bytes: the
// matrix comes from the public seed, but a branch per candidate made the time
// of every step that expands it depend on that seed (kexbench-cli ct flagged
// keygen, encapsulation and decapsulation for it).
int parse_candidates(Poly &out, int n, const std::uint8_t *buf, std::size_t from, std::size_t to)
{
    std::int16_t accepted[kN + 2]; // the last two slots take candidates past the 256th
    for (int i = 0; i < n; ++i)
        accepted[i] = out.c[i];
    for (std::size_t pos = from; pos + 3 <= to; pos += 3) {
        const int d1 = buf[pos] | ((buf[pos + 1] & 0x0F) << 8);
        const int d2 = (buf[pos + 1] >> 4) | (buf[pos + 2] << 4);
        accepted[n] = static_cast<std::int16_t>(d1);
        n += static_cast<int>(static_cast<unsigned>(d1 - kQ) >> 31); // d1 < q without a branch
        accepted[n] = static_cast<std::int16_t>(d2);
        n += static_cast<int>(static_cast<unsigned>(d2 - kQ) >> 31);
        n -= static_cast<int>(static_cast<unsigned>(kN - 1 - n) >> 31) * (n - kN); // n = min(n, kN)
    }
    for (int i = 0; i < n; ++i)
        out.c[i] = accepted[i];
    return n;
}

// OpenSSL 3.0 squeezes a SHAKE context only once, so the rare continuation
// re-absorbs the seed and squeezes a longer prefix of the same output stream.
bool sample_ntt_continue(Poly &out, int n, const std::uint8_t seed[34], std::size_t done)
{
    std::vector<std::uint8_t> buf;
    for (std::size_t len = 2 * kSampleFirstBytes; n < kN; len *= 2) {
        while (len <= done)
            len *= 2;
        buf.resize(len);
        if (!xof(kShake128, {{seed, 34}}, buf.data(), len))
            return false;
        n = parse_candidates(out, n, buf.data(), done, len);
        done = len;
    }
    return true;
}

} // namespace

bool hash_h(const std::uint8_t *in, std::size_t len, std::uint8_t out[32])
{
    return fixed(kSha3_256, {{in, len}}, out);
}

bool hash_g(const std::uint8_t *a, std::size_t alen, const std::uint8_t *b, std::size_t blen, std::uint8_t out[64])
{
    return fixed(kSha3_512, {{a, alen}, {b, blen}}, out);
}

bool hash_j(const std::uint8_t z[32], const std::uint8_t *c, std::size_t clen, std::uint8_t out[32])
{
    return xof(kShake256, {{z, 32}, {c, clen}}, out, 32);
}

bool prf(const std::uint8_t s[32], std::uint8_t n, std::uint8_t *out, std::size_t outlen)
{
    return xof(kShake256, {{s, 32}, {&n, 1}}, out, outlen);
}

bool sample_ntt(Poly &out, const std::uint8_t rho[32], std::uint8_t b0, std::uint8_t b1, std::size_t first_bytes)
{
    if (first_bytes == 0 || first_bytes % 3 != 0 || first_bytes > kSampleFirstBytes)
        return false;
    std::uint8_t seed[34];
    for (int i = 0; i < 32; ++i)
        seed[i] = rho[i];
    seed[32] = b0;
    seed[33] = b1;
    std::uint8_t buf[kSampleFirstBytes];
    if (!xof(kShake128, {{seed, sizeof seed}}, buf, first_bytes))
        return false;
    const int n = parse_candidates(out, 0, buf, 0, first_bytes);
    return n == kN || sample_ntt_continue(out, n, seed, first_bytes);
}

// Freeing the contexts is what cleanses them (a re-init would leave the last
// absorbed block in place); the next operation allocates them again.
void hash_scrub()
{
    for (EVP_MD_CTX *&c : t_ctx) {
        EVP_MD_CTX_free(c);
        c = nullptr;
    }
}

} // namespace kexbench::mlkem::detail
