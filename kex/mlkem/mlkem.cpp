// K-PKE (FIPS 203 section 5) and ML-KEM (sections 6 and 7) on the ring
// arithmetic of poly.cpp and the hashes of hash.cpp.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mlkem.h"

#include "mlkem_internal.h"

#include <openssl/crypto.h>

#include <cstring>
#include <initializer_list>

namespace kexbench::mlkem {

namespace {

using namespace detail;

// Secret temporaries live in one of these, so every return path wipes them.
template <class T>
struct Wiped : T {
    Wiped() : T{} {}
    Wiped(const Wiped &) = delete;
    Wiped &operator=(const Wiped &) = delete;
    ~Wiped() { OPENSSL_cleanse(static_cast<T *>(this), sizeof(T)); }
};

// The library's own copy of the set with this k; a caller's struct whose other
// fields disagree with FIPS 203 Table 2 is rejected rather than trusted.
const Params *canonical(const Params &p)
{
    for (const Params *c : {&kMlKem512, &kMlKem768, &kMlKem1024}) {
        if (p.k != c->k)
            continue;
        const bool same = p.eta1 == c->eta1 && p.eta2 == c->eta2 && p.du == c->du && p.dv == c->dv &&
                          p.ek_bytes == c->ek_bytes && p.dk_bytes == c->dk_bytes && p.ct_bytes == c->ct_bytes;
        return same ? c : nullptr;
    }
    return nullptr;
}

// Row `row` of Â (or of Â^T when `transposed`): Â[i][j] = SampleNTT(rho || j || i).
bool sample_row(Poly *out, const std::uint8_t rho[32], int k, int row, bool transposed)
{
    for (int col = 0; col < k; ++col) {
        const auto r = static_cast<std::uint8_t>(row), c = static_cast<std::uint8_t>(col);
        if (!(transposed ? sample_ntt(out[col], rho, r, c) : sample_ntt(out[col], rho, c, r)))
            return false;
    }
    return true;
}

// SamplePolyCBD_eta(PRF_eta(seed, n)), optionally moved to the NTT domain.
bool sample_noise(Poly &f, const std::uint8_t seed[32], int n, int eta, bool to_ntt)
{
    struct PrfOut {
        std::uint8_t b[64 * 3]; // 64 eta bytes, eta <= 3
    };
    Wiped<PrfOut> prf_out;
    if (!prf(seed, static_cast<std::uint8_t>(n), prf_out.b, 64 * static_cast<std::size_t>(eta)))
        return false;
    poly_cbd(f, prf_out.b, eta);
    if (to_ntt)
        poly_ntt(f);
    return true;
}

// K-PKE.KeyGen (Algorithm 13).
bool pke_keygen(const Params &p, const std::uint8_t d[32], std::uint8_t *ek_pke, std::uint8_t *dk_pke)
{
    struct Secrets {
        std::uint8_t in[33], g[64];
        Poly s[kMaxK], e[kMaxK], a_row[kMaxK], t;
    };
    Wiped<Secrets> w;
    std::memcpy(w.in, d, 32);
    w.in[32] = static_cast<std::uint8_t>(p.k); // FIPS 203 final: domain separation by k
    if (!hash_g(w.in, 33, nullptr, 0, w.g))
        return false;
    const std::uint8_t *rho = w.g, *sigma = w.g + 32;
    for (int i = 0; i < p.k; ++i)
        if (!sample_noise(w.s[i], sigma, i, p.eta1, true) || !sample_noise(w.e[i], sigma, p.k + i, p.eta1, true))
            return false;
    for (int i = 0; i < p.k; ++i) {
        if (!sample_row(w.a_row, rho, p.k, i, false))
            return false;
        polyvec_basemul_acc(w.t, w.a_row, w.s, p.k);
        poly_to_plain(w.t);
        poly_add(w.t, w.e[i]);
        poly_reduce_positive(w.t);
        poly_encode12(ek_pke + i * kPolyBytes, w.t);
    }
    std::memcpy(ek_pke + p.k * kPolyBytes, rho, 32);
    for (int i = 0; i < p.k; ++i) {
        poly_reduce_positive(w.s[i]);
        poly_encode12(dk_pke + i * kPolyBytes, w.s[i]);
    }
    return true;
}

// Scratch of K-PKE.Encrypt: ŷ, one row of Â^T (or t̂), a sum and a noise polynomial.
struct EncryptScratch {
    Poly y[kMaxK], row[kMaxK], acc, noise;
};

// Finishes a ciphertext polynomial: NTT^-1 of the basemul sum in w.acc, plus
// w.noise, compressed to d bits.
void encrypt_finish(EncryptScratch &w, std::uint8_t *out, int d)
{
    poly_inv_ntt_from_mont(w.acc);
    poly_add(w.acc, w.noise);
    poly_reduce_positive(w.acc);
    poly_compress_encode(out, w.acc, d);
}

// K-PKE.Encrypt (Algorithm 14). PRF counters: y uses 0..k-1, e1 k..2k-1, e2 2k.
bool pke_encrypt(const Params &p, const std::uint8_t *ek_pke, const std::uint8_t m[32], const std::uint8_t r[32],
                 std::uint8_t *c)
{
    Wiped<EncryptScratch> w;
    const std::uint8_t *rho = ek_pke + p.k * kPolyBytes;
    const std::size_t u_bytes = 32 * static_cast<std::size_t>(p.du);
    for (int i = 0; i < p.k; ++i)
        if (!sample_noise(w.y[i], r, i, p.eta1, true))
            return false;
    for (int i = 0; i < p.k; ++i) { // u = NTT^-1(Â^T ŷ) + e1
        if (!sample_row(w.row, rho, p.k, i, true) || !sample_noise(w.noise, r, p.k + i, p.eta2, false))
            return false;
        polyvec_basemul_acc(w.acc, w.row, w.y, p.k);
        encrypt_finish(w, c + i * u_bytes, p.du);
    }
    for (int j = 0; j < p.k; ++j) // v = NTT^-1(t̂^T ŷ) + e2 + Decompress_1(m)
        poly_decode12(w.row[j], ek_pke + j * kPolyBytes);
    if (!sample_noise(w.noise, r, 2 * p.k, p.eta2, false))
        return false;
    polyvec_basemul_acc(w.acc, w.row, w.y, p.k);
    poly_from_msg(w.row[0], m);
    poly_add(w.noise, w.row[0]);
    encrypt_finish(w, c + p.k * u_bytes, p.dv);
    return true;
}

// K-PKE.Decrypt (Algorithm 15).
void pke_decrypt(const Params &p, const std::uint8_t *dk_pke, const std::uint8_t *c, std::uint8_t m[32])
{
    struct Secrets {
        Poly u[kMaxK], s[kMaxK], w, v;
    };
    Wiped<Secrets> w;
    const std::size_t u_bytes = 32 * static_cast<std::size_t>(p.du);
    for (int i = 0; i < p.k; ++i) {
        poly_decode_decompress(w.u[i], c + i * u_bytes, p.du);
        poly_ntt(w.u[i]);
        poly_decode12(w.s[i], dk_pke + i * kPolyBytes);
    }
    polyvec_basemul_acc(w.w, w.s, w.u, p.k);
    poly_inv_ntt_from_mont(w.w);
    poly_decode_decompress(w.v, c + p.k * u_bytes, p.dv);
    poly_sub(w.v, w.w);
    poly_reduce_positive(w.v);
    poly_to_msg(m, w.v);
}

// All-ones when a and b differ anywhere, else zero; time independent of the contents.
std::uint32_t differ_mask(const std::uint8_t *a, const std::uint8_t *b, std::size_t n)
{
    std::uint32_t acc = 0;
    for (std::size_t i = 0; i < n; ++i)
        acc |= static_cast<std::uint32_t>(a[i] ^ b[i]);
    return 0u - value_barrier((acc | (0u - acc)) >> 31);
}

Status finish(Status s)
{
    hash_scrub();
    return s;
}

} // namespace

Status keygen_internal(const Params &p, const std::uint8_t d[kSeedBytes], const std::uint8_t z[kSeedBytes],
                       std::uint8_t *ek, std::uint8_t *dk)
{
    const Params *c = canonical(p);
    if (c == nullptr)
        return Status::bad_params;
    const std::size_t pke_bytes = c->k * kPolyBytes;
    if (!pke_keygen(*c, d, ek, dk))
        return finish(Status::crypto_failure);
    // dk = dk_PKE || ek || H(ek) || z (Algorithm 16)
    std::memcpy(dk + pke_bytes, ek, c->ek_bytes);
    if (!hash_h(ek, c->ek_bytes, dk + pke_bytes + c->ek_bytes))
        return finish(Status::crypto_failure);
    std::memcpy(dk + pke_bytes + c->ek_bytes + 32, z, kSeedBytes);
    return finish(Status::ok);
}

namespace {

// Algorithm 17 for an ek that already passed the 7.2 check.
Status encaps_checked(const Params &c, const std::uint8_t *ek, const std::uint8_t m[kSeedBytes], std::uint8_t *ct,
                      std::uint8_t key[kSharedBytes])
{
    struct Secrets {
        std::uint8_t in[64], g[64];
    };
    Wiped<Secrets> w;
    std::memcpy(w.in, m, 32);
    // (K, r) = G(m || H(ek)) (Algorithm 17)
    if (!hash_h(ek, c.ek_bytes, w.in + 32) || !hash_g(w.in, 64, nullptr, 0, w.g) ||
        !pke_encrypt(c, ek, m, w.g + 32, ct))
        return finish(Status::crypto_failure);
    std::memcpy(key, w.g, kSharedBytes);
    return finish(Status::ok);
}

} // namespace

Status encaps_internal(const Params &p, const std::uint8_t *ek, const std::uint8_t m[kSeedBytes], std::uint8_t *ct,
                       std::uint8_t key[kSharedBytes])
{
    const Params *c = canonical(p);
    if (c == nullptr)
        return Status::bad_params;
    if (!encoding12_is_canonical(ek, c->k * kPolyBytes)) // 7.2 modulus check
        return Status::bad_key;
    return encaps_checked(*c, ek, m, ct, key);
}

Status decaps(const Params &p, const std::uint8_t *dk, const std::uint8_t *ct, std::uint8_t key[kSharedBytes])
{
    const Params *c = canonical(p);
    if (c == nullptr)
        return Status::bad_params;
    const std::size_t pke_bytes = c->k * kPolyBytes;
    const std::uint8_t *ek = dk + pke_bytes, *h = ek + c->ek_bytes, *z = h + 32;
    struct Secrets {
        std::uint8_t hash[32], in[64], g[64], reject[32], ct2[kMaxCtBytes];
    };
    Wiped<Secrets> w;
    if (!hash_h(ek, c->ek_bytes, w.hash))
        return finish(Status::crypto_failure);
    if (CRYPTO_memcmp(w.hash, h, 32) != 0) // 7.3 hash check
        return finish(Status::bad_key);
    // Algorithm 18: m' = Decrypt(c); (K', r') = G(m' || h); K̄ = J(z || c); c' = Encrypt(m', r')
    pke_decrypt(*c, dk, ct, w.in);
    std::memcpy(w.in + 32, h, 32);
    if (!hash_g(w.in, 64, nullptr, 0, w.g) || !hash_j(z, ct, c->ct_bytes, w.reject) ||
        !pke_encrypt(*c, ek, w.in, w.g + 32, w.ct2))
        return finish(Status::crypto_failure);
    const std::uint32_t mask = differ_mask(ct, w.ct2, c->ct_bytes);
    for (std::size_t i = 0; i < kSharedBytes; ++i)
        key[i] = static_cast<std::uint8_t>(w.g[i] ^ (mask & (w.g[i] ^ w.reject[i])));
    return finish(Status::ok);
}

namespace {

// Draws one 256-bit FIPS 203 seed from the caller's DRNG.
bool draw_seed(DRNG_ctx &drng, std::uint8_t out[kSeedBytes])
{
    return get_random_number(&drng, out, 8 * kSeedBytes) == 0;
}

} // namespace

Status keygen(const Params &p, DRNG_ctx &drng, std::uint8_t *ek, std::uint8_t *dk)
{
    if (canonical(p) == nullptr)
        return Status::bad_params;
    struct Seeds {
        std::uint8_t d[kSeedBytes], z[kSeedBytes];
    };
    Wiped<Seeds> s;
    if (!draw_seed(drng, s.d) || !draw_seed(drng, s.z))
        return Status::crypto_failure;
    return keygen_internal(p, s.d, s.z, ek, dk);
}

Status encaps(const Params &p, DRNG_ctx &drng, const std::uint8_t *ek, std::uint8_t *ct, std::uint8_t key[kSharedBytes])
{
    const Params *c = canonical(p);
    if (c == nullptr)
        return Status::bad_params;
    // 7.2 modulus check before the draw, so a rejected ek leaves the DRNG untouched.
    if (!encoding12_is_canonical(ek, c->k * kPolyBytes))
        return Status::bad_key;
    struct Seed {
        std::uint8_t m[kSeedBytes];
    };
    Wiped<Seed> s;
    if (!draw_seed(drng, s.m))
        return Status::crypto_failure;
    return encaps_checked(*c, ek, s.m, ct, key); // the check above stands; not repeated
}

} // namespace kexbench::mlkem
