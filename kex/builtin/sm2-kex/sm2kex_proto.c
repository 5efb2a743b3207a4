/* SM2 key agreement as a 3-pass ICCS KEX protocol, see sm2kex_proto.h; the
 * byte layouts are in the header comment of sm2_kex.c.
 *
 * Argument rules, the same in every function:
 *  - a NULL length pointer is an error; every non-NULL output length is set
 *    to 0 first, so a failed call never leaves a stale length behind;
 *  - the own secret key and the peer's public key must be present at their
 *    exact sizes in every pass and derive, also where the step does not read
 *    them, so a driver that passes NULL fails at once, not only at some pass;
 *  - messages and states must have their exact lengths; pointer-passed
 *    lengths are never read, only written (drivers leave anything in them).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sm2kex_proto.h"

#include <openssl/crypto.h>

#include <string.h>

const unsigned char sm2kex_default_id[SM2KEX_DEFAULT_ID_BYTES] = {'1', '2', '3', '4', '5', '6', '7', '8',
                                                                  '1', '2', '3', '4', '5', '6', '7', '8'};

static int keys_present(const unsigned char *sk, unsigned long long sk_len, const unsigned char *peer_pk,
                        unsigned long long peer_pk_len)
{
    return sk != NULL && sk_len == SM2KEX_SK_BYTES && peer_pk != NULL && peer_pk_len == SM2KEX_PK_BYTES;
}

static int setup_usable(const sm2kex_setup *s)
{
    return s != NULL && sm2kex_group_supported(s->group) && (s->id_a != NULL || s->id_a_len == 0) &&
           s->id_a_len <= SM2KEX_MAX_ID_BYTES && (s->id_b != NULL || s->id_b_len == 0) &&
           s->id_b_len <= SM2KEX_MAX_ID_BYTES && s->drng != NULL;
}

/* Rejection sampling keeps the scalar uniform in [1, n-1-slack] and the draw
 * sequence deterministic for a given DRNG state. */
static int draw_scalar(const sm2kex_setup *s, unsigned slack, unsigned char k[SM2KEX_SCALAR_BYTES])
{
    unsigned char n[SM2KEX_SCALAR_BYTES];
    if (sm2kex_group_order(s->group, n) != 0)
        return SM2KEX_ERR_CRYPTO;
    for (int i = 0; i < SM2KEX_MAX_DRAWS; i++) {
        get_random_number(s->drng, k, 8 * SM2KEX_SCALAR_BYTES);
        if (sm2kex_scalar_in_range(k, n, slack))
            return 0;
    }
    OPENSSL_cleanse(k, SM2KEX_SCALAR_BYTES);
    return SM2KEX_ERR_DRNG;
}

static sm2kex_parties parties_of(const sm2kex_setup *s, const unsigned char *pub_a, const unsigned char *pub_b)
{
    sm2kex_parties p = {s->id_a, s->id_a_len, pub_a, s->id_b, s->id_b_len, pub_b};
    return p;
}

int sm2kex_proto_init(const sm2kex_setup *s, unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
                      unsigned long long *sk_len_bytes, unsigned char *st, unsigned long long *st_len_bytes)
{
    (void)st; /* the state starts in pass 1 */
    if (pk_len_bytes == NULL || sk_len_bytes == NULL || st_len_bytes == NULL)
        return SM2KEX_ERR_ARGUMENT;
    *pk_len_bytes = *sk_len_bytes = *st_len_bytes = 0;
    if (pk == NULL || sk == NULL)
        return SM2KEX_ERR_ARGUMENT;
    if (!setup_usable(s))
        return SM2KEX_ERR_CRYPTO;

    unsigned char d[SM2KEX_SCALAR_BYTES], p[SM2KEX_POINT_BYTES];
    int rc = draw_scalar(s, 1, d); /* d in [1, n-2] (GB/T 32918.1 6.1) */
    if (rc == 0)
        rc = sm2kex_base_mul(s->group, d, p);
    if (rc == 0) {
        memcpy(sk, d, SM2KEX_SCALAR_BYTES);
        memcpy(sk + SM2KEX_SCALAR_BYTES, p, SM2KEX_POINT_BYTES);
        memcpy(pk, p, SM2KEX_POINT_BYTES);
        *sk_len_bytes = SM2KEX_SK_BYTES;
        *pk_len_bytes = SM2KEX_PK_BYTES;
    }
    OPENSSL_cleanse(d, sizeof d);
    return rc;
}

int sm2kex_proto_pass1(const sm2kex_setup *s, unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                       unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
                       unsigned char *m1, unsigned long long *m1_len_bytes)
{
    if (sta_len_bytes == NULL || m1_len_bytes == NULL)
        return SM2KEX_ERR_ARGUMENT;
    *sta_len_bytes = *m1_len_bytes = 0;
    if (!keys_present(ska, ska_len_bytes, pkb, pkb_len_bytes) || sta == NULL || m1 == NULL)
        return SM2KEX_ERR_ARGUMENT;
    if (!setup_usable(s))
        return SM2KEX_ERR_CRYPTO;

    /* A1-A3: r_A in [1, n-1], R_A = [r_A]G. */
    unsigned char r[SM2KEX_SCALAR_BYTES], rp[SM2KEX_POINT_BYTES];
    int rc = draw_scalar(s, 0, r);
    if (rc == 0)
        rc = sm2kex_base_mul(s->group, r, rp);
    if (rc == 0) {
        memcpy(sta, r, SM2KEX_SCALAR_BYTES);
        memcpy(sta + SM2KEX_SCALAR_BYTES, rp, SM2KEX_POINT_BYTES);
        memcpy(m1, rp, SM2KEX_POINT_BYTES);
        *sta_len_bytes = SM2KEX_STA_PASS1_BYTES;
        *m1_len_bytes = SM2KEX_M1_BYTES;
    }
    OPENSSL_cleanse(r, sizeof r);
    return rc;
}

int sm2kex_proto_pass2(const sm2kex_setup *s, unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                       unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
                       unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
                       unsigned long long *m2_len_bytes)
{
    if (stb_len_bytes == NULL || m2_len_bytes == NULL)
        return SM2KEX_ERR_ARGUMENT;
    *stb_len_bytes = *m2_len_bytes = 0;
    if (!keys_present(skb, skb_len_bytes, pka, pka_len_bytes) || m1 == NULL || m1_len_bytes != SM2KEX_M1_BYTES ||
        stb == NULL || m2 == NULL)
        return SM2KEX_ERR_ARGUMENT;
    if (!setup_usable(s))
        return SM2KEX_ERR_CRYPTO;

    /* Everything checkable is checked before r_B is drawn, so bad input does not
     * move the DRNG: R_A and P_A are curve points (B5), d_B is a private key. */
    unsigned char n[SM2KEX_SCALAR_BYTES];
    if (sm2kex_group_order(s->group, n) != 0)
        return SM2KEX_ERR_CRYPTO;
    if (!sm2kex_point_valid(s->group, m1) || !sm2kex_point_valid(s->group, pka))
        return SM2KEX_ERR_PEER;
    if (!sm2kex_scalar_in_range(skb, n, 1) || skb[SM2KEX_SCALAR_BYTES] != 0x04)
        return SM2KEX_ERR_ARGUMENT;

    unsigned char r[SM2KEX_SCALAR_BYTES], rp[SM2KEX_POINT_BYTES], k[SM2KEX_SS_BYTES];
    unsigned char s_b[SM2KEX_HASH_BYTES], s_2[SM2KEX_HASH_BYTES];
    const sm2kex_parties parties = parties_of(s, pka, skb + SM2KEX_SCALAR_BYTES);
    int rc = draw_scalar(s, 0, r); /* B1 */
    if (rc == 0)
        rc = sm2kex_responder(s->group, &parties, skb, r, m1, SM2KEX_SS_BYTES, rp, k, s_b, s_2);
    if (rc == 0) {
        memcpy(stb, k, SM2KEX_SS_BYTES);
        memcpy(stb + SM2KEX_SS_BYTES, s_2, SM2KEX_HASH_BYTES);
        memcpy(m2, rp, SM2KEX_POINT_BYTES);
        memcpy(m2 + SM2KEX_POINT_BYTES, s_b, SM2KEX_HASH_BYTES);
        *stb_len_bytes = SM2KEX_STB_BYTES;
        *m2_len_bytes = SM2KEX_M2_BYTES;
    }
    OPENSSL_cleanse(r, sizeof r);
    OPENSSL_cleanse(k, sizeof k);
    OPENSSL_cleanse(s_2, sizeof s_2);
    return rc;
}

int sm2kex_proto_pass3(const sm2kex_setup *s, unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                       unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes,
                       unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3,
                       unsigned long long *m3_len_bytes)
{
    if (sta_len_bytes == NULL || m3_len_bytes == NULL)
        return SM2KEX_ERR_ARGUMENT;
    *sta_len_bytes = *m3_len_bytes = 0;
    if (!keys_present(ska, ska_len_bytes, pkb, pkb_len_bytes) || m2 == NULL || m2_len_bytes != SM2KEX_M2_BYTES ||
        sta == NULL || m3 == NULL)
        return SM2KEX_ERR_ARGUMENT;
    if (!setup_usable(s))
        return SM2KEX_ERR_CRYPTO;

    /* sta must hold pass 1's r_A || R_A; the core rejects an r_A out of range. */
    unsigned char k[SM2KEX_SS_BYTES], s_1[SM2KEX_HASH_BYTES], s_a[SM2KEX_HASH_BYTES];
    const sm2kex_parties parties = parties_of(s, ska + SM2KEX_SCALAR_BYTES, pkb);
    int rc =
        sm2kex_initiator(s->group, &parties, ska, sta, sta + SM2KEX_SCALAR_BYTES, m2, SM2KEX_SS_BYTES, k, s_1, s_a);
    /* A9: B proves it derived the same key; constant time, as S_1 is secret-derived. */
    if (rc == 0 && CRYPTO_memcmp(s_1, m2 + SM2KEX_POINT_BYTES, SM2KEX_HASH_BYTES) != 0)
        rc = SM2KEX_ERR_CONFIRM_B;
    if (rc == 0) {
        /* From here on A needs only K_A: r_A is wiped, not kept until derive. */
        memcpy(sta, k, SM2KEX_SS_BYTES);
        OPENSSL_cleanse(sta + SM2KEX_SS_BYTES, SM2KEX_STA_MAX_BYTES - SM2KEX_SS_BYTES);
        memcpy(m3, s_a, SM2KEX_HASH_BYTES); /* A10 */
        *sta_len_bytes = SM2KEX_STA_PASS3_BYTES;
        *m3_len_bytes = SM2KEX_M3_BYTES;
        rc = 1; /* last pass */
    }
    OPENSSL_cleanse(k, sizeof k);
    OPENSSL_cleanse(s_1, sizeof s_1);
    return rc;
}

int sm2kex_proto_derive_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                          unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
                          unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
                          unsigned long long *ssa_len_bytes)
{
    if (ssa_len_bytes == NULL)
        return SM2KEX_ERR_ARGUMENT;
    *ssa_len_bytes = 0;
    /* mb is m2, already verified in pass 3; only its size is checked here. */
    if (!keys_present(ska, ska_len_bytes, pkb, pkb_len_bytes) || mb == NULL || mb_len_bytes != SM2KEX_M2_BYTES ||
        sta == NULL || sta_len_bytes != SM2KEX_STA_PASS3_BYTES || ssa == NULL)
        return SM2KEX_ERR_ARGUMENT;
    memcpy(ssa, sta, SM2KEX_SS_BYTES);
    *ssa_len_bytes = SM2KEX_SS_BYTES;
    return 0;
}

int sm2kex_proto_derive_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                          unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
                          unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
                          unsigned long long *ssb_len_bytes)
{
    if (ssb_len_bytes == NULL)
        return SM2KEX_ERR_ARGUMENT;
    *ssb_len_bytes = 0;
    if (!keys_present(skb, skb_len_bytes, pka, pka_len_bytes) || ma == NULL || ma_len_bytes != SM2KEX_M3_BYTES ||
        stb == NULL || stb_len_bytes != SM2KEX_STB_BYTES || ssb == NULL)
        return SM2KEX_ERR_ARGUMENT;
    /* B10: A proves it derived the same key (S_A == S_2), in constant time. */
    if (CRYPTO_memcmp(ma, stb + SM2KEX_SS_BYTES, SM2KEX_HASH_BYTES) != 0)
        return SM2KEX_ERR_CONFIRM_A;
    memcpy(ssb, stb, SM2KEX_SS_BYTES);
    *ssb_len_bytes = SM2KEX_SS_BYTES;
    return 0;
}
