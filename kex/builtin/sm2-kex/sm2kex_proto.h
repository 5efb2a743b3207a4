/* SM2 key agreement with key confirmation as a 3-pass ICCS KEX protocol: the
 * protocol layer behind the SM2-KEX instance (sm2_kex.c).
 *
 * Each sm2kex_proto_* function has the ICCS KEX function's parameters and
 * semantics (argument checks, lengths always written, return 1 on the last
 * pass), plus an explicit setup: the curve, both identities and the DRNG. The
 * instance binds them to the SM2 curve, the default identities and the global
 * drng_algorithm; the unit tests drive the same code in-process with their own
 * DRNG and other identities. The byte layouts are documented in sm2_kex.c.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef KEXBENCH_SM2KEX_PROTO_H
#define KEXBENCH_SM2KEX_PROTO_H

#include "drng.h"
#include "sm2kex_core.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    SM2KEX_PASSES = 3,
    SM2KEX_PK_BYTES = SM2KEX_POINT_BYTES,                       /* P */
    SM2KEX_SK_BYTES = SM2KEX_SCALAR_BYTES + SM2KEX_POINT_BYTES, /* d || P */
    SM2KEX_SS_BYTES = 32,                                       /* klen = 256 bits */
    SM2KEX_M1_BYTES = SM2KEX_POINT_BYTES,                       /* R_A */
    SM2KEX_M2_BYTES = SM2KEX_POINT_BYTES + SM2KEX_HASH_BYTES,   /* R_B || S_B */
    SM2KEX_M3_BYTES = SM2KEX_HASH_BYTES,                        /* S_A */
    SM2KEX_TOTAL_MSG_BYTES = SM2KEX_M1_BYTES + SM2KEX_M2_BYTES + SM2KEX_M3_BYTES,
    SM2KEX_STA_PASS1_BYTES = SM2KEX_SCALAR_BYTES + SM2KEX_POINT_BYTES, /* r_A || R_A */
    SM2KEX_STA_PASS3_BYTES = SM2KEX_SS_BYTES,                          /* K_A */
    SM2KEX_STB_BYTES = SM2KEX_SS_BYTES + SM2KEX_HASH_BYTES,            /* K_B || S_2 */
    SM2KEX_STA_MAX_BYTES = SM2KEX_STA_PASS1_BYTES,
    SM2KEX_STB_MAX_BYTES = SM2KEX_STB_BYTES,
    SM2KEX_DEFAULT_ID_BYTES = 16,
    /* A draw is rejected with probability < 2^-32 on the SM2 curve (about 1/2 on
     * the standard's example curve); 64 rejections in a row mean a broken DRNG. */
    SM2KEX_MAX_DRAWS = 64,
};

/* "1234567812345678": the default user identity of GM/T 0009 (ENTL = 0x0080). */
extern const unsigned char sm2kex_default_id[SM2KEX_DEFAULT_ID_BYTES];

typedef struct {
    const EC_GROUP *group; /* must satisfy sm2kex_group_supported */
    const unsigned char *id_a;
    size_t id_a_len;
    const unsigned char *id_b;
    size_t id_b_len;
    DRNG_ctx *drng; /* every scalar comes from here */
} sm2kex_setup;

/* kex_init_a and kex_init_b: a static key pair d in [1, n-2], P = [d]G; empty state. */
int sm2kex_proto_init(const sm2kex_setup *s, unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
                      unsigned long long *sk_len_bytes, unsigned char *st, unsigned long long *st_len_bytes);

int sm2kex_proto_pass1(const sm2kex_setup *s, unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                       unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
                       unsigned char *m1, unsigned long long *m1_len_bytes);

int sm2kex_proto_pass2(const sm2kex_setup *s, unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                       unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
                       unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
                       unsigned long long *m2_len_bytes);

/* Returns 1 (last pass), or SM2KEX_ERR_CONFIRM_B when S_B does not match. */
int sm2kex_proto_pass3(const sm2kex_setup *s, unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                       unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes,
                       unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3,
                       unsigned long long *m3_len_bytes);

/* The derives need no curve: A's key was fixed in pass 3, B's in pass 2. */
int sm2kex_proto_derive_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                          unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
                          unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
                          unsigned long long *ssa_len_bytes);

/* Returns SM2KEX_ERR_CONFIRM_A when S_A (ma = m3) does not match S_2. */
int sm2kex_proto_derive_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                          unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
                          unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
                          unsigned long long *ssb_len_bytes);

#ifdef __cplusplus
}
#endif
#endif
