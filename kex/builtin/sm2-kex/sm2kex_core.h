/* SM2 key agreement (GB/T 32918.3-2016 section 6.1, with the optional key
 * confirmation steps B8, A9, A10 and B10): the algorithm core.
 *
 * Every function takes the curve and all inputs explicitly as big-endian byte
 * strings. Nothing here draws randomness, so the standard's worked example can
 * be replayed exactly. The ICCS-shaped protocol layer (sm2kex_proto.h) draws
 * the scalars from the DRNG and calls these functions.
 *
 * Curves: any prime-field curve with a 256-bit field, a 256-bit order n and
 * cofactor h = 1 (the SM2 recommended curve and the 256-bit example curve of
 * the standard's Annex A both qualify). h = 1 makes the [h] factor in steps
 * B6/A7 a no-op, and a 256-bit n fixes w = ceil(ceil(log2 n)/2) - 1 = 127.
 *
 * Points are uncompressed SEC 1 / GB/T 32918.1 encodings: 0x04 || X || Y.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef KEXBENCH_SM2KEX_CORE_H
#define KEXBENCH_SM2KEX_CORE_H

#include <openssl/ec.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SM2KEX_SCALAR_BYTES = 32,
    SM2KEX_COORD_BYTES = 32,
    SM2KEX_POINT_BYTES = 1 + 2 * SM2KEX_COORD_BYTES,
    SM2KEX_HASH_BYTES = 32, /* SM3 output: Z values and the confirmation tags S_B, S_A */
    /* ENTL is a 16-bit count of identity BITS. */
    SM2KEX_MAX_ID_BYTES = 0xFFFF / 8,
};

/* Error codes, shared with the protocol layer and the instance (the ICCS API
 * reserves -1 .. -99 for them). */
enum {
    SM2KEX_ERR_ARGUMENT = -1,  /* NULL pointer, wrong length, scalar out of range, corrupt state */
    SM2KEX_ERR_CRYPTO = -2,    /* OpenSSL failed (allocation, arithmetic) or unsupported curve */
    SM2KEX_ERR_PEER = -3,      /* a received point or public key is not a finite curve point */
    SM2KEX_ERR_HASH = -4,      /* sm3hash or pseudoXOF failed */
    SM2KEX_ERR_DRNG = -5,      /* no scalar in range after many DRNG draws */
    SM2KEX_ERR_INFINITY = -6,  /* V (step B6) or U (step A6) is the point at infinity */
    SM2KEX_ERR_CONFIRM_B = -7, /* step A9: S_1 != S_B, confirmation from B failed */
    SM2KEX_ERR_CONFIRM_A = -8, /* step B10: S_2 != S_A, confirmation from A failed */
};

/* The two parties' identities and static public keys. Z_A and Z_B are derived
 * from these; both sides must use the same values in the same roles. */
typedef struct {
    const unsigned char *id_a; /* ID_A, id_a_len bytes (at most SM2KEX_MAX_ID_BYTES) */
    size_t id_a_len;
    const unsigned char *pub_a; /* P_A, SM2KEX_POINT_BYTES */
    const unsigned char *id_b;
    size_t id_b_len;
    const unsigned char *pub_b; /* P_B */
} sm2kex_parties;

/* 1 when g has a 256-bit prime field, a 256-bit order and cofactor 1, else 0. */
int sm2kex_group_supported(const EC_GROUP *g);

/* n as 32 big-endian bytes (for range checks and rejection sampling). Returns 0 or an error. */
int sm2kex_group_order(const EC_GROUP *g, unsigned char n[SM2KEX_SCALAR_BYTES]);

/* 1 when 1 <= k <= n - 1 - slack, without branching on k (slack 0: ephemeral
 * scalars r in [1, n-1]; slack 1: private keys d in [1, n-2], GB/T 32918.1 6.1). */
unsigned sm2kex_scalar_in_range(const unsigned char k[SM2KEX_SCALAR_BYTES], const unsigned char n[SM2KEX_SCALAR_BYTES],
                                unsigned slack);

/* point = [k]G for 1 <= k <= n-1 (key pairs in step "P = dG", ephemerals in A1-A2 / B1-B2). */
int sm2kex_base_mul(const EC_GROUP *g, const unsigned char k[SM2KEX_SCALAR_BYTES],
                    unsigned char point[SM2KEX_POINT_BYTES]);

/* 1 when point is an uncompressed encoding of a finite point on g (the checks of steps B5 and A6). */
int sm2kex_point_valid(const EC_GROUP *g, const unsigned char point[SM2KEX_POINT_BYTES]);

/* Z = SM3(ENTL || ID || a || b || xG || yG || xP || yP) (GB/T 32918.2 5.5 / 32918.3 6.1). */
int sm2kex_compute_z(const EC_GROUP *g, const unsigned char *id, size_t id_len,
                     const unsigned char pub[SM2KEX_POINT_BYTES], unsigned char z[SM2KEX_HASH_BYTES]);

/* Responder B, steps B2-B8 plus the S_2 of step B10 (B1, drawing r_b, is the
 * caller's): from R_A (r_a_point), B's private key d_b and its ephemeral scalar
 * r_b, computes R_B = [r_b]G, K_B (klen_bytes), the tag S_B sent to A and the
 * tag S_2 that A's S_A must match. R_A and P_A are checked to be curve points.
 * Outputs are written only on success (k_b is zeroed if the KDF itself fails). */
int sm2kex_responder(const EC_GROUP *g, const sm2kex_parties *parties, const unsigned char d_b[SM2KEX_SCALAR_BYTES],
                     const unsigned char r_b[SM2KEX_SCALAR_BYTES], const unsigned char r_a_point[SM2KEX_POINT_BYTES],
                     size_t klen_bytes, unsigned char r_b_point[SM2KEX_POINT_BYTES], unsigned char *k_b,
                     unsigned char s_b[SM2KEX_HASH_BYTES], unsigned char s_2[SM2KEX_HASH_BYTES]);

/* Initiator A, steps A4-A10 (A2 is sm2kex_base_mul): from its ephemeral pair
 * (r_a, R_A = r_a_point), its private key d_a and B's R_B, computes K_A, the tag
 * S_1 that B's S_B must match, and the tag S_A sent to B. R_B and P_B are checked
 * to be curve points. The comparison S_1 == S_B of step A9 is the caller's, so
 * that it can decide what a mismatch means. Outputs are written only on success
 * (k_a is zeroed if the KDF itself fails). */
int sm2kex_initiator(const EC_GROUP *g, const sm2kex_parties *parties, const unsigned char d_a[SM2KEX_SCALAR_BYTES],
                     const unsigned char r_a[SM2KEX_SCALAR_BYTES], const unsigned char r_a_point[SM2KEX_POINT_BYTES],
                     const unsigned char r_b_point[SM2KEX_POINT_BYTES], size_t klen_bytes, unsigned char *k_a,
                     unsigned char s_1[SM2KEX_HASH_BYTES], unsigned char s_a[SM2KEX_HASH_BYTES]);

#ifdef __cplusplus
}
#endif
#endif
