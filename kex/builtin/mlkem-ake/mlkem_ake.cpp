// ML-KEM-based authenticated key exchange behind the ICCS KEX API: the KEM
// constructions of the Kyber paper (Bos et al., "CRYSTALS-Kyber: a CCA-secure
// module-lattice-based KEM", EuroS&P 2018, section 5), built on FIPS 203 ML-KEM.
// One source, three protocols, picked at build time by MLKEM_AKE_MODE, and the
// ML-KEM parameter set by MLKEM_AKE_PARAMS (see CMakeLists.txt).
//
//   MLKEM_AKE_UAKE (2 passes, only B has a static key; the shape of ADKEX)
//     pass 1, A:  (ek_e, dk_e) <- KeyGen; (c_B, K_B) <- Encaps(ek_B)     m1 = ek_e || c_B
//     pass 2, B:  K_B <- Decaps(dk_B, c_B); (c_e, K_e) <- Encaps(ek_e)   m2 = c_e
//     key = KDF(K_e || K_B || transcript)
//   MLKEM_AKE_MUTUAL (2 passes, both parties have static keys)
//     pass 1 as above; pass 2, B also encapsulates to A: (c_A, K_A) <- Encaps(ek_A)
//                                                                        m2 = c_A || c_e
//     key = KDF(K_e || K_B || K_A || transcript)
//   MLKEM_AKE_KC (4 passes: the mutual AKE plus explicit key confirmation)
//     passes 1, 2 as MUTUAL; the KDF also yields two confirmation tags
//     pass 3, A:  checks nothing yet, sends m3 = tag_A
//     pass 4, B:  checks tag_A (a mismatch fails the pass), sends m4 = tag_B
//     derive_a checks tag_B; derive_b re-checks m3 and outputs the key.
//
// Decisions the paper leaves open (also in docs/method.md):
//   - KDF = the ICCS pseudoXOF (NGCC submissions must use the ICCS layer) over
//       label || K_e || K_B [|| K_A] || sm3hash(m1) || sm3hash(m2)
//     The label names protocol and parameter set, so no two instances share keys.
//     FIPS 203 keys do not depend on the ciphertext, so the transcript hashes
//     are what bind the key to the messages actually exchanged.
//   - The KDF output is ss (32 bytes), and for KC also tag_A and tag_B (32 each):
//     tags and key are disjoint blocks of one KDF output, so revealing the tags
//     says nothing about ss.
//   - pk = ek (FIPS 203 encapsulation key), sk = dk (the decapsulation key, which
//     already embeds ek, H(ek) and z). UAKE's initiator has no static key: its
//     pk and sk are empty.
//   - All randomness (static and ephemeral keys, encapsulation seeds) is drawn
//     from the ICCS DRNG drng_algorithm, so KATs repeat.
//
// States (all lengths fixed per instance; capacities are the largest):
//   sta after pass 1 = dk_e || K_B || sm3hash(m1)
//   sta after pass 3 = ss || tag_B                                (KC only)
//   stb after pass 2 = K_e || K_B [|| K_A] || sm3hash(m2)        (UAKE, MUTUAL)
//   stb after pass 2 = ss || tag_A || tag_B                       (KC; pass 4 keeps it)
// SPDX-License-Identifier: GPL-3.0-or-later
#include "auxfunc.h"
#include "kex_api.h"
#include "mlkem.h"

#include <openssl/crypto.h>

#include <cstring>

#define MLKEM_AKE_UAKE 1
#define MLKEM_AKE_MUTUAL 2
#define MLKEM_AKE_KC 3

#if !defined(MLKEM_AKE_MODE) || !defined(MLKEM_AKE_PARAMS) || !defined(MLKEM_AKE_LABEL)
#error "MLKEM_AKE_MODE, MLKEM_AKE_PARAMS and MLKEM_AKE_LABEL must be set (CMakeLists.txt)"
#endif

namespace {

namespace mlkem = kexbench::mlkem;
using u64 = unsigned long long;

constexpr const mlkem::Params &kParams = mlkem::MLKEM_AKE_PARAMS;
constexpr bool kStaticA = MLKEM_AKE_MODE != MLKEM_AKE_UAKE; // does B encapsulate to A too?
constexpr bool kConfirm = MLKEM_AKE_MODE == MLKEM_AKE_KC;
constexpr char kLabel[] = MLKEM_AKE_LABEL;

constexpr u64 kKey = mlkem::kSharedBytes; // one ML-KEM key, a hash, a tag: all 32 bytes
constexpr u64 kEk = kParams.ek_bytes;
constexpr u64 kDk = kParams.dk_bytes;
constexpr u64 kCt = kParams.ct_bytes;
constexpr u64 kKemKeys = kStaticA ? 3 : 2; // K_e, K_B [, K_A]

constexpr u64 kM1 = kEk + kCt;
constexpr u64 kM2 = kStaticA ? 2 * kCt : kCt;
constexpr u64 kTag = kKey;
constexpr u64 kKdfOut = kConfirm ? 3 * kKey : kKey; // ss [|| tag_A || tag_B]
constexpr u64 kStaAfterPass1 = kDk + 2 * kKey;
constexpr u64 kStbAfterPass2 = kConfirm ? kKdfOut : kKemKeys * kKey + kKey;
constexpr u64 kLabelBytes = sizeof kLabel - 1;
constexpr u64 kKdfIn = kLabelBytes + kKemKeys * kKey + 2 * kKey;

static_assert(kStaAfterPass1 >= 2 * kKey, "pass 3's state fits where pass 1's was");

// Error codes (the API reserves -1 .. -99).
enum : int {
    kErrArgument = -1, // NULL pointer, wrong length or a state no pass wrote
    kErrCrypto = -2,   // ML-KEM could not hash (OpenSSL) or own key is corrupt
    kErrPeer = -3,     // peer public key or ephemeral key fails the FIPS 203 input check
    kErrHash = -4,     // sm3hash / pseudoXOF failed
    kErrConfirm = -5,  // a key-confirmation tag does not match
};

int status_error(mlkem::Status s, int bad_key_error)
{
    switch (s) {
    case mlkem::Status::ok:
        return 0;
    case mlkem::Status::bad_key:
        return bad_key_error;
    default:
        return kErrCrypto;
    }
}

// The pointer-passed lengths are outputs: always written, 0 until a pass succeeds.
bool clear_lengths(u64 *a, u64 *b)
{
    if (a == nullptr || b == nullptr)
        return false;
    *a = *b = 0;
    return true;
}

// Constant-time equality of two 32-byte values.
bool same_tag(const unsigned char *x, const unsigned char *y) { return CRYPTO_memcmp(x, y, kTag) == 0; }

int transcript_hash(const unsigned char *msg, u64 len, unsigned char out[kKey])
{
    return sm3hash(256, msg, 8 * len, out) == 0 ? 0 : kErrHash;
}

// KDF(label || keys || h1 || h2) -> out (kKdfOut bytes). keys holds kKemKeys keys.
int kdf(const unsigned char *keys, const unsigned char h1[kKey], const unsigned char h2[kKey], unsigned char *out)
{
    unsigned char in[kKdfIn];
    unsigned char *p = in;
    std::memcpy(p, kLabel, kLabelBytes), p += kLabelBytes;
    std::memcpy(p, keys, kKemKeys * kKey), p += kKemKeys * kKey;
    std::memcpy(p, h1, kKey), p += kKey;
    std::memcpy(p, h2, kKey);
    const int rc = pseudoXOF(8 * kKdfOut, in, 8 * kKdfIn, out) == 0 ? 0 : kErrHash;
    OPENSSL_cleanse(in, sizeof in);
    return rc;
}

int make_static_key(unsigned char *pk, u64 *pk_len, unsigned char *sk, u64 *sk_len)
{
    if (pk == nullptr || sk == nullptr)
        return kErrArgument;
    if (int rc = status_error(mlkem::keygen(kParams, drng_algorithm, pk, sk), kErrCrypto); rc != 0)
        return rc;
    *pk_len = kEk;
    *sk_len = kDk;
    return 0;
}

// A's side of passes 1..2: K_e and (MUTUAL, KC) K_A from m2, K_B from the state.
int initiator_key_material(const unsigned char *ska, u64 ska_len, const unsigned char *m2, const unsigned char *sta,
                           unsigned char *out)
{
    if (kStaticA && (ska == nullptr || ska_len != kDk))
        return kErrArgument;
    unsigned char keys[kKemKeys * kKey], h2[kKey];
    const unsigned char *c_e = kStaticA ? m2 + kCt : m2;
    int rc = status_error(mlkem::decaps(kParams, sta, c_e, keys), kErrArgument);
    if (rc == 0) {
        std::memcpy(keys + kKey, sta + kDk, kKey); // K_B
        if (kStaticA)
            rc = status_error(mlkem::decaps(kParams, ska, m2, keys + 2 * kKey), kErrCrypto); // K_A
    }
    if (rc == 0)
        rc = transcript_hash(m2, kM2, h2);
    if (rc == 0)
        rc = kdf(keys, sta + kDk + kKey, h2, out);
    OPENSSL_cleanse(keys, sizeof keys);
    return rc;
}

int write_secret(const unsigned char *ss, unsigned char *out, u64 *out_len)
{
    std::memcpy(out, ss, kKey);
    *out_len = kKey;
    return 0;
}

} // namespace

extern "C" {

u64 kex_get_passes_num(void) { return kConfirm ? 4 : 2; }
u64 kex_get_pk_len_bytes(void) { return kEk; }
u64 kex_get_sk_len_bytes(void) { return kDk; }
u64 kex_get_sta_len_bytes(void) { return kStaAfterPass1; }
u64 kex_get_stb_len_bytes(void) { return kStbAfterPass2; }
u64 kex_get_ss_len_bytes(void) { return kKey; }
u64 kex_get_total_msg_len_bytes(void) { return kM1 + kM2 + (kConfirm ? 2 * kTag : 0); }

int kex_init_a(unsigned char *pka, u64 *pka_len_bytes, unsigned char *ska, u64 *ska_len_bytes, unsigned char *sta,
               u64 *sta_len_bytes)
{
    (void)sta; // the state starts in pass 1
    if (pka_len_bytes == nullptr || ska_len_bytes == nullptr || sta_len_bytes == nullptr)
        return kErrArgument;
    *pka_len_bytes = *ska_len_bytes = *sta_len_bytes = 0;
    // The claimed pk/sk capacities are B's sizes, so a caller always owes buffers,
    // even to UAKE's initiator, which leaves them empty.
    if (pka == nullptr || ska == nullptr)
        return kErrArgument;
    return kStaticA ? make_static_key(pka, pka_len_bytes, ska, ska_len_bytes) : 0;
}

int kex_init_b(unsigned char *pkb, u64 *pkb_len_bytes, unsigned char *skb, u64 *skb_len_bytes, unsigned char *stb,
               u64 *stb_len_bytes)
{
    (void)stb;
    if (pkb_len_bytes == nullptr || skb_len_bytes == nullptr || stb_len_bytes == nullptr)
        return kErrArgument;
    *pkb_len_bytes = *skb_len_bytes = *stb_len_bytes = 0;
    return make_static_key(pkb, pkb_len_bytes, skb, skb_len_bytes);
}

int kex_generate_pass1_msg_a(unsigned char *ska, u64 ska_len_bytes, unsigned char *pkb, u64 pkb_len_bytes,
                             unsigned char *sta, u64 *sta_len_bytes, unsigned char *m1, u64 *m1_len_bytes)
{
    (void)ska, (void)ska_len_bytes; // A's static key is used when m2 arrives
    if (!clear_lengths(sta_len_bytes, m1_len_bytes))
        return kErrArgument;
    if (sta == nullptr || m1 == nullptr || pkb == nullptr || pkb_len_bytes != kEk)
        return kErrArgument;
    // m1 = ek_e || c_B; sta = dk_e || K_B || sm3hash(m1)
    int rc = status_error(mlkem::encaps(kParams, drng_algorithm, pkb, m1 + kEk, sta + kDk), kErrPeer);
    if (rc == 0)
        rc = status_error(mlkem::keygen(kParams, drng_algorithm, m1, sta), kErrCrypto);
    if (rc == 0)
        rc = transcript_hash(m1, kM1, sta + kDk + kKey);
    if (rc != 0) {
        OPENSSL_cleanse(sta, kStaAfterPass1);
        return rc;
    }
    *sta_len_bytes = kStaAfterPass1;
    *m1_len_bytes = kM1;
    return 0;
}

int kex_generate_pass2_msg_b(unsigned char *skb, u64 skb_len_bytes, unsigned char *pka, u64 pka_len_bytes,
                             unsigned char *m1, u64 m1_len_bytes, unsigned char *stb, u64 *stb_len_bytes,
                             unsigned char *m2, u64 *m2_len_bytes)
{
    if (!clear_lengths(stb_len_bytes, m2_len_bytes))
        return kErrArgument;
    if (skb == nullptr || skb_len_bytes != kDk || m1 == nullptr || m1_len_bytes != kM1 || stb == nullptr ||
        m2 == nullptr || (kStaticA && (pka == nullptr || pka_len_bytes != kEk)))
        return kErrArgument;

    // keys = K_e || K_B [|| K_A]; m2 = [c_A ||] c_e
    unsigned char keys[kKemKeys * kKey], h[2 * kKey];
    unsigned char *c_e = kStaticA ? m2 + kCt : m2;
    int rc = status_error(mlkem::decaps(kParams, skb, m1 + kEk, keys + kKey), kErrCrypto);
    if (rc == 0) // the ephemeral key is checked before any draw, so bad input does not move the DRNG
        rc = status_error(mlkem::encaps(kParams, drng_algorithm, m1, c_e, keys), kErrPeer);
    if (rc == 0 && kStaticA)
        rc = status_error(mlkem::encaps(kParams, drng_algorithm, pka, m2, keys + 2 * kKey), kErrPeer);
    if (rc == 0)
        rc = transcript_hash(m2, kM2, h + kKey);
    if (rc == 0 && kConfirm) {
        rc = transcript_hash(m1, kM1, h);
        if (rc == 0)
            rc = kdf(keys, h, h + kKey, stb); // ss || tag_A || tag_B
    } else if (rc == 0) {
        std::memcpy(stb, keys, sizeof keys);
        std::memcpy(stb + sizeof keys, h + kKey, kKey);
    }
    OPENSSL_cleanse(keys, sizeof keys);
    if (rc != 0)
        return rc;
    *stb_len_bytes = kStbAfterPass2;
    *m2_len_bytes = kM2;
    return kConfirm ? 0 : 1;
}

int kex_derive_ss_a(unsigned char *ska, u64 ska_len_bytes, unsigned char *pkb, u64 pkb_len_bytes, unsigned char *mb,
                    u64 mb_len_bytes, unsigned char *sta, u64 sta_len_bytes, unsigned char *ssa, u64 *ssa_len_bytes)
{
    (void)pkb, (void)pkb_len_bytes;
    if (ssa_len_bytes == nullptr)
        return kErrArgument;
    *ssa_len_bytes = 0;
    if (ssa == nullptr || sta == nullptr || mb == nullptr)
        return kErrArgument;
    if (kConfirm) { // mb = m4 = tag_B; sta = ss || tag_B
        if (sta_len_bytes != 2 * kKey || mb_len_bytes != kTag)
            return kErrArgument;
        return same_tag(mb, sta + kKey) ? write_secret(sta, ssa, ssa_len_bytes) : kErrConfirm;
    }
    if (sta_len_bytes != kStaAfterPass1 || mb_len_bytes != kM2)
        return kErrArgument;
    unsigned char ss[kKdfOut];
    int rc = initiator_key_material(ska, ska_len_bytes, mb, sta, ss);
    if (rc == 0)
        rc = write_secret(ss, ssa, ssa_len_bytes);
    OPENSSL_cleanse(ss, sizeof ss);
    return rc;
}

int kex_derive_ss_b(unsigned char *skb, u64 skb_len_bytes, unsigned char *pka, u64 pka_len_bytes, unsigned char *ma,
                    u64 ma_len_bytes, unsigned char *stb, u64 stb_len_bytes, unsigned char *ssb, u64 *ssb_len_bytes)
{
    (void)skb, (void)skb_len_bytes, (void)pka, (void)pka_len_bytes;
    if (ssb_len_bytes == nullptr)
        return kErrArgument;
    *ssb_len_bytes = 0;
    if (ssb == nullptr || stb == nullptr || ma == nullptr || stb_len_bytes != kStbAfterPass2)
        return kErrArgument;
    if (kConfirm) { // ma = m3 = tag_A, already checked in pass 4; checked again so derive_b stands alone
        if (ma_len_bytes != kTag)
            return kErrArgument;
        return same_tag(ma, stb + kKey) ? write_secret(stb, ssb, ssb_len_bytes) : kErrConfirm;
    }
    if (ma_len_bytes != kM1)
        return kErrArgument;
    unsigned char h1[kKey], ss[kKdfOut];
    int rc = transcript_hash(ma, kM1, h1);
    if (rc == 0)
        rc = kdf(stb, h1, stb + kKemKeys * kKey, ss);
    if (rc == 0)
        rc = write_secret(ss, ssb, ssb_len_bytes);
    OPENSSL_cleanse(ss, sizeof ss);
    return rc;
}

#if MLKEM_AKE_MODE == MLKEM_AKE_KC
// Pass 3 (A): decapsulate, derive ss and both tags, send tag_A; keep ss || tag_B.
int kex_generate_pass3_msg_a(unsigned char *ska, u64 ska_len_bytes, unsigned char *pkb, u64 pkb_len_bytes,
                             unsigned char *m2, u64 m2_len_bytes, unsigned char *sta, u64 *sta_len_bytes,
                             unsigned char *m3, u64 *m3_len_bytes)
{
    (void)pkb, (void)pkb_len_bytes;
    if (sta_len_bytes == nullptr || m3_len_bytes == nullptr)
        return kErrArgument;
    // *sta_len_bytes is output-only (its value on entry is undefined), so pass 1's
    // fixed layout is what this pass reads.
    *m3_len_bytes = 0;
    if (sta == nullptr || m2 == nullptr || m2_len_bytes != kM2 || m3 == nullptr)
        return kErrArgument;
    unsigned char out[kKdfOut];
    int rc = initiator_key_material(ska, ska_len_bytes, m2, sta, out);
    OPENSSL_cleanse(sta, kStaAfterPass1);
    *sta_len_bytes = 0;
    if (rc == 0) {
        std::memcpy(m3, out + kKey, kTag);             // tag_A
        std::memcpy(sta, out, kKey);                   // ss
        std::memcpy(sta + kKey, out + 2 * kKey, kTag); // tag_B
        *sta_len_bytes = 2 * kKey;
        *m3_len_bytes = kTag;
    }
    OPENSSL_cleanse(out, sizeof out);
    return rc;
}

// Pass 4 (B): accept A only if tag_A matches, then confirm with tag_B.
int kex_generate_pass4_msg_b(unsigned char *skb, u64 skb_len_bytes, unsigned char *pka, u64 pka_len_bytes,
                             unsigned char *m3, u64 m3_len_bytes, unsigned char *stb, u64 *stb_len_bytes,
                             unsigned char *m4, u64 *m4_len_bytes)
{
    (void)skb, (void)skb_len_bytes, (void)pka, (void)pka_len_bytes;
    if (stb_len_bytes == nullptr || m4_len_bytes == nullptr)
        return kErrArgument;
    *m4_len_bytes = 0;
    if (stb == nullptr || m3 == nullptr || m3_len_bytes != kTag || m4 == nullptr)
        return kErrArgument;
    if (!same_tag(m3, stb + kKey))
        return kErrConfirm;
    std::memcpy(m4, stb + 2 * kKey, kTag);
    *stb_len_bytes = kStbAfterPass2;
    *m4_len_bytes = kTag;
    return 1;
}
#endif

} // extern "C"
