// ML-KEM (FIPS 203): the module-lattice KEM as kexbench's post-quantum baseline.
//
// Portable C++20. Secret-dependent code has no secret-dependent branches or
// memory indices. SHA3-256/512 and SHAKE128/256 come from OpenSSL 3; the
// library itself draws no randomness: the deterministic entry points take the
// FIPS 203 seeds (d, z, m), and the randomized ones draw them from the ICCS DRNG
// the caller passes, so known-answer tests of the instances built on it repeat.
// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef KEXBENCH_MLKEM_H
#define KEXBENCH_MLKEM_H

#include "drng.h"

#include <cstddef>
#include <cstdint>

namespace kexbench::mlkem {

inline constexpr std::size_t kSeedBytes = 32;   // d, z, m
inline constexpr std::size_t kSharedBytes = 32; // K

// One FIPS 203 parameter set (Table 2) with its derived byte sizes (Table 3).
struct Params {
    const char *name; // "ML-KEM-768"
    int k;
    int eta1;
    int eta2;
    int du;
    int dv;
    std::size_t ek_bytes; // 384k + 32
    std::size_t dk_bytes; // 768k + 96
    std::size_t ct_bytes; // 32(du k + dv)
};

inline constexpr Params kMlKem512{"ML-KEM-512", 2, 3, 2, 10, 4, 800, 1632, 768};
inline constexpr Params kMlKem768{"ML-KEM-768", 3, 2, 2, 10, 4, 1184, 2400, 1088};
inline constexpr Params kMlKem1024{"ML-KEM-1024", 4, 2, 2, 11, 5, 1568, 3168, 1568};

// Largest sizes over the three sets, for stack buffers.
inline constexpr std::size_t kMaxEkBytes = 1568;
inline constexpr std::size_t kMaxDkBytes = 3168;
inline constexpr std::size_t kMaxCtBytes = 1568;

enum class Status {
    ok = 0,
    bad_params,     // k is not 2, 3 or 4
    bad_key,        // ek fails the FIPS 203 7.2 modulus check, or dk fails the 7.3 hash check
    crypto_failure, // OpenSSL could not hash (allocation, missing provider)
};

// ML-KEM.KeyGen_internal (Algorithm 16): ek (ek_bytes), dk (dk_bytes) from d, z.
Status keygen_internal(const Params &p, const std::uint8_t d[kSeedBytes], const std::uint8_t z[kSeedBytes],
                       std::uint8_t *ek, std::uint8_t *dk);

// ML-KEM.Encaps_internal (Algorithm 17) after the 7.2 input check on ek.
Status encaps_internal(const Params &p, const std::uint8_t *ek, const std::uint8_t m[kSeedBytes], std::uint8_t *ct,
                       std::uint8_t key[kSharedBytes]);

// ML-KEM.Decaps (Algorithm 18, with the 7.3 hash check on dk). A ciphertext that
// does not re-encrypt gives the implicit-rejection key, selected in constant time;
// that is Status::ok, as FIPS 203 requires.
Status decaps(const Params &p, const std::uint8_t *dk, const std::uint8_t *ct, std::uint8_t key[kSharedBytes]);

// ML-KEM.KeyGen / ML-KEM.Encaps with d, z (then m) drawn from `drng` as 256-bit draws.
Status keygen(const Params &p, DRNG_ctx &drng, std::uint8_t *ek, std::uint8_t *dk);
Status encaps(const Params &p, DRNG_ctx &drng, const std::uint8_t *ek, std::uint8_t *ct,
              std::uint8_t key[kSharedBytes]);

} // namespace kexbench::mlkem

#endif
