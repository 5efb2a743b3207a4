/* ECDHE: ephemeral, unauthenticated 2-pass elliptic-curve Diffie-Hellman behind
 * the ICCS KEX API, for a 256-bit prime-order curve picked at build time by
 * ECDHE_CURVE_NID (NIST P-256, or the SM2 curve used as a plain ECDH group; this
 * is not the GB/T 32918.3 SM2 key-exchange protocol).
 *
 * Protocol: A sends Q_A = k_A*G, B answers Q_B = k_B*G; both take x = x(k_A*k_B*G).
 *
 * Byte layouts (points are uncompressed SEC 1: 0x04 || X || Y, 65 bytes; scalars
 * and coordinates are 32-byte big-endian):
 *   pk, sk     : none (length 0)
 *   m1    (65) = Q_A
 *   m2    (65) = Q_B
 *   sta   (97) = k_A (32) || m1 (65)   after pass 1 (0 bytes after init)
 *   stb   (97) = x   (32) || m2 (65)   after pass 2 (0 bytes after init)
 *   ss    (32) = pseudoXOF(256 bits, x || m1 || m2)
 * derive_a recomputes x from k_A and m2; derive_b only hashes, taking m1 from
 * its ma argument, so a party fed a different transcript ends up with a different key.
 *
 * Scalars come from the ICCS DRNG (256-bit draws, redrawn until 1 <= k < n) so
 * known-answer tests repeat; OpenSSL supplies only the curve arithmetic.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "auxfunc.h"
#include "kex_api.h"

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>

#include <pthread.h>
#include <string.h>

#ifndef ECDHE_CURVE_NID
#error "ECDHE_CURVE_NID must name the OpenSSL curve (set in CMakeLists.txt)"
#endif

enum {
    ECDHE_SCALAR_BYTES = 32,
    ECDHE_COORD_BYTES = 32,
    ECDHE_POINT_BYTES = 1 + 2 * ECDHE_COORD_BYTES,
    ECDHE_STATE_BYTES = ECDHE_SCALAR_BYTES + ECDHE_POINT_BYTES,
    ECDHE_SS_BYTES = 32,
    ECDHE_TRANSCRIPT_BYTES = ECDHE_COORD_BYTES + 2 * ECDHE_POINT_BYTES,
    /* A draw is rejected with probability < 2^-32 on both curves; 64 rejections in a
     * row mean the DRNG is broken, not unlucky. */
    ECDHE_MAX_DRAWS = 64,
};

/* Error codes (the API reserves -1 .. -99). */
enum {
    ECDHE_ERR_ARGUMENT = -1, /* NULL pointer, wrong length or corrupt state */
    ECDHE_ERR_CRYPTO = -2,   /* OpenSSL failed (allocation, arithmetic) */
    ECDHE_ERR_PEER = -3,     /* peer message is not an uncompressed point on the curve */
    ECDHE_ERR_HASH = -4,     /* pseudoXOF failed */
    ECDHE_ERR_DRNG = -5,     /* no scalar in range after ECDHE_MAX_DRAWS draws */
};

unsigned long long kex_get_passes_num(void) { return 2; }
unsigned long long kex_get_pk_len_bytes(void) { return 0; }
unsigned long long kex_get_sk_len_bytes(void) { return 0; }
unsigned long long kex_get_sta_len_bytes(void) { return ECDHE_STATE_BYTES; }
unsigned long long kex_get_stb_len_bytes(void) { return ECDHE_STATE_BYTES; }
unsigned long long kex_get_ss_len_bytes(void) { return ECDHE_SS_BYTES; }
unsigned long long kex_get_total_msg_len_bytes(void) { return 2 * ECDHE_POINT_BYTES; }

/* The group is built once per process: constructing it (Montgomery contexts,
 * generator) costs a noticeable fraction of a scalar multiplication, and a
 * benchmark baseline should time the exchange, not the setup. OpenSSL only reads
 * an EC_GROUP during arithmetic, so sharing it between threads is safe. */
static EC_GROUP *curve_group_ptr;
static unsigned char curve_order[ECDHE_SCALAR_BYTES];
static pthread_once_t curve_once = PTHREAD_ONCE_INIT;

static void curve_setup(void)
{
    ERR_set_mark();
    EC_GROUP *g = EC_GROUP_new_by_curve_name(ECDHE_CURVE_NID);
    /* The fixed layouts above assume a 256-bit field and a 256-bit order. */
    if (g != NULL && EC_GROUP_get_degree(g) == 8 * ECDHE_COORD_BYTES &&
        BN_num_bytes(EC_GROUP_get0_order(g)) == ECDHE_SCALAR_BYTES &&
        BN_bn2binpad(EC_GROUP_get0_order(g), curve_order, ECDHE_SCALAR_BYTES) == ECDHE_SCALAR_BYTES)
        curve_group_ptr = g;
    else
        EC_GROUP_free(g);
    ERR_pop_to_mark();
}

static const EC_GROUP *curve_group(void)
{
    if (pthread_once(&curve_once, curve_setup) != 0)
        return NULL;
    return curve_group_ptr;
}

/* Frees the cached group when the library is unloaded, so dlclose does not leak it. */
__attribute__((destructor)) static void curve_teardown(void)
{
    EC_GROUP_free(curve_group_ptr);
    curve_group_ptr = NULL;
}

/* 1 when 0 < k < n (32-byte big-endian), computed without branching on k's bytes. */
static unsigned scalar_in_range(const unsigned char *k)
{
    unsigned lt = 0, eq = 1, any = 0;
    for (int i = 0; i < ECDHE_SCALAR_BYTES; i++) {
        unsigned a = k[i], b = curve_order[i];
        lt |= eq & ((a - b) >> 8) & 1u;   /* first differing byte has a < b */
        eq &= (((a ^ b) - 1u) >> 8) & 1u; /* still equal so far */
        any |= a;
    }
    return lt & ((any + 0xFFu) >> 8);
}

/* Rejection sampling keeps the scalar uniform in [1, n-1] and the draw sequence deterministic. */
static int draw_scalar(unsigned char k[ECDHE_SCALAR_BYTES])
{
    for (int i = 0; i < ECDHE_MAX_DRAWS; i++) {
        get_random_number(&drng_algorithm, k, 8 * ECDHE_SCALAR_BYTES);
        if (scalar_in_range(k))
            return 0;
    }
    return ECDHE_ERR_DRNG;
}

/* Decodes an uncompressed point and checks it is a finite point on the curve.
 * The 0x04 test matters: oct2point also takes the 65-byte hybrid forms 0x06/0x07.
 * Both curves have cofactor 1, so a point on the curve is in the prime-order group. */
static int decode_point(const EC_GROUP *g, const unsigned char *in, EC_POINT *p, BN_CTX *ctx)
{
    return in[0] == 0x04 && EC_POINT_oct2point(g, p, in, ECDHE_POINT_BYTES, ctx) == 1 &&
           EC_POINT_is_on_curve(g, p, ctx) == 1 && !EC_POINT_is_at_infinity(g, p);
}

/* k*P (P == NULL: the generator). Writes the encoded point to point_out and/or its
 * x-coordinate to x_out (either may be NULL). */
static int scalar_mul(const EC_GROUP *g, const unsigned char *k, const EC_POINT *p, unsigned char *point_out,
                      unsigned char *x_out, BN_CTX *ctx)
{
    int rc = ECDHE_ERR_CRYPTO;
    EC_POINT *r = EC_POINT_new(g);
    BN_CTX_start(ctx);
    BIGNUM *kb = BN_CTX_get(ctx);
    BIGNUM *x = BN_CTX_get(ctx);
    if (r == NULL || x == NULL || BN_bin2bn(k, ECDHE_SCALAR_BYTES, kb) == NULL)
        goto done;
    BN_set_flags(kb, BN_FLG_CONSTTIME); /* the secret scalar takes OpenSSL's constant-time paths */
    if (EC_POINT_mul(g, r, p == NULL ? kb : NULL, p, p == NULL ? NULL : kb, ctx) != 1 || EC_POINT_is_at_infinity(g, r))
        goto done;
    if (point_out != NULL &&
        EC_POINT_point2oct(g, r, POINT_CONVERSION_UNCOMPRESSED, point_out, ECDHE_POINT_BYTES, ctx) != ECDHE_POINT_BYTES)
        goto done;
    if (x_out != NULL && (EC_POINT_get_affine_coordinates(g, r, x, NULL, ctx) != 1 ||
                          BN_bn2binpad(x, x_out, ECDHE_COORD_BYTES) != ECDHE_COORD_BYTES))
        goto done;
    rc = 0;
done:
    if (x != NULL) { /* BN_CTX_end does not wipe; kb exists whenever x does */
        BN_clear(kb);
        BN_clear(x);
    }
    BN_CTX_end(ctx);
    EC_POINT_clear_free(r);
    return rc;
}

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
               unsigned long long *ska_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes)
{
    (void)pka, (void)ska, (void)sta; /* no long-term keys; the state starts in pass 1 */
    if (pka_len_bytes == NULL || ska_len_bytes == NULL || sta_len_bytes == NULL)
        return ECDHE_ERR_ARGUMENT;
    *pka_len_bytes = *ska_len_bytes = *sta_len_bytes = 0;
    return 0;
}

int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
               unsigned long long *skb_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes)
{
    (void)pkb, (void)skb, (void)stb;
    if (pkb_len_bytes == NULL || skb_len_bytes == NULL || stb_len_bytes == NULL)
        return ECDHE_ERR_ARGUMENT;
    *pkb_len_bytes = *skb_len_bytes = *stb_len_bytes = 0;
    return 0;
}

int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                             unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes)
{
    (void)ska, (void)ska_len_bytes, (void)pkb, (void)pkb_len_bytes; /* unauthenticated */
    if (sta_len_bytes == NULL || m1_len_bytes == NULL)
        return ECDHE_ERR_ARGUMENT;
    *sta_len_bytes = *m1_len_bytes = 0; /* lengths are always written, also on failure */
    if (sta == NULL || m1 == NULL)
        return ECDHE_ERR_ARGUMENT;
    const EC_GROUP *g = curve_group();
    if (g == NULL)
        return ECDHE_ERR_CRYPTO;

    unsigned char k[ECDHE_SCALAR_BYTES], q[ECDHE_POINT_BYTES];
    ERR_set_mark();
    BN_CTX *ctx = BN_CTX_new();
    int rc = ctx == NULL ? ECDHE_ERR_CRYPTO : draw_scalar(k);
    if (rc == 0)
        rc = scalar_mul(g, k, NULL, q, NULL, ctx);
    if (rc == 0) {
        memcpy(sta, k, ECDHE_SCALAR_BYTES);
        memcpy(sta + ECDHE_SCALAR_BYTES, q, ECDHE_POINT_BYTES);
        memcpy(m1, q, ECDHE_POINT_BYTES);
        *sta_len_bytes = ECDHE_STATE_BYTES;
        *m1_len_bytes = ECDHE_POINT_BYTES;
    }
    BN_CTX_free(ctx);
    ERR_pop_to_mark();
    OPENSSL_cleanse(k, sizeof k);
    return rc;
}

int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                             unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
                             unsigned long long *m2_len_bytes)
{
    (void)skb, (void)skb_len_bytes, (void)pka, (void)pka_len_bytes;
    if (stb_len_bytes == NULL || m2_len_bytes == NULL)
        return ECDHE_ERR_ARGUMENT;
    *stb_len_bytes = *m2_len_bytes = 0;
    if (m1 == NULL || m1_len_bytes != ECDHE_POINT_BYTES || stb == NULL || m2 == NULL)
        return ECDHE_ERR_ARGUMENT;
    const EC_GROUP *g = curve_group();
    if (g == NULL)
        return ECDHE_ERR_CRYPTO;

    unsigned char k[ECDHE_SCALAR_BYTES], q[ECDHE_POINT_BYTES], x[ECDHE_COORD_BYTES];
    int rc;
    ERR_set_mark();
    BN_CTX *ctx = BN_CTX_new();
    EC_POINT *peer = EC_POINT_new(g);
    if (ctx == NULL || peer == NULL)
        rc = ECDHE_ERR_CRYPTO;
    else if (!decode_point(g, m1, peer, ctx)) /* before drawing: bad input does not move the DRNG */
        rc = ECDHE_ERR_PEER;
    else
        rc = draw_scalar(k);
    if (rc == 0)
        rc = scalar_mul(g, k, NULL, q, NULL, ctx);
    if (rc == 0)
        rc = scalar_mul(g, k, peer, NULL, x, ctx);
    if (rc == 0) {
        memcpy(stb, x, ECDHE_COORD_BYTES);
        memcpy(stb + ECDHE_COORD_BYTES, q, ECDHE_POINT_BYTES);
        memcpy(m2, q, ECDHE_POINT_BYTES);
        *stb_len_bytes = ECDHE_STATE_BYTES;
        *m2_len_bytes = ECDHE_POINT_BYTES;
        rc = 1; /* last pass */
    }
    EC_POINT_free(peer);
    BN_CTX_free(ctx);
    ERR_pop_to_mark();
    OPENSSL_cleanse(k, sizeof k);
    OPENSSL_cleanse(x, sizeof x);
    return rc;
}

/* ss = pseudoXOF(256, x || m1 || m2); wipes the transcript, which holds x. */
static int transcript_kdf(unsigned char t[ECDHE_TRANSCRIPT_BYTES], unsigned char *ss, unsigned long long *ss_len)
{
    int rc = pseudoXOF(8 * ECDHE_SS_BYTES, t, 8ull * ECDHE_TRANSCRIPT_BYTES, ss) == 0 ? 0 : ECDHE_ERR_HASH;
    if (rc == 0)
        *ss_len = ECDHE_SS_BYTES;
    OPENSSL_cleanse(t, ECDHE_TRANSCRIPT_BYTES);
    return rc;
}

int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                    unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
                    unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
                    unsigned long long *ssa_len_bytes)
{
    (void)ska, (void)ska_len_bytes, (void)pkb, (void)pkb_len_bytes;
    if (ssa_len_bytes == NULL)
        return ECDHE_ERR_ARGUMENT;
    *ssa_len_bytes = 0;
    if (ssa == NULL || sta == NULL || sta_len_bytes != ECDHE_STATE_BYTES || mb == NULL ||
        mb_len_bytes != ECDHE_POINT_BYTES)
        return ECDHE_ERR_ARGUMENT;
    const EC_GROUP *g = curve_group();
    if (g == NULL)
        return ECDHE_ERR_CRYPTO;
    if (!scalar_in_range(sta)) /* not a state pass 1 wrote */
        return ECDHE_ERR_ARGUMENT;

    unsigned char t[ECDHE_TRANSCRIPT_BYTES];
    int rc;
    ERR_set_mark();
    BN_CTX *ctx = BN_CTX_new();
    EC_POINT *peer = EC_POINT_new(g);
    if (ctx == NULL || peer == NULL)
        rc = ECDHE_ERR_CRYPTO;
    else if (!decode_point(g, mb, peer, ctx))
        rc = ECDHE_ERR_PEER;
    else
        rc = scalar_mul(g, sta, peer, NULL, t, ctx);
    EC_POINT_free(peer);
    BN_CTX_free(ctx);
    ERR_pop_to_mark();
    if (rc == 0) {
        memcpy(t + ECDHE_COORD_BYTES, sta + ECDHE_SCALAR_BYTES, ECDHE_POINT_BYTES); /* m1 */
        memcpy(t + ECDHE_COORD_BYTES + ECDHE_POINT_BYTES, mb, ECDHE_POINT_BYTES);   /* m2 */
        rc = transcript_kdf(t, ssa, ssa_len_bytes);
    }
    OPENSSL_cleanse(t, sizeof t);
    return rc;
}

int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                    unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
                    unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
                    unsigned long long *ssb_len_bytes)
{
    (void)skb, (void)skb_len_bytes, (void)pka, (void)pka_len_bytes;
    if (ssb_len_bytes == NULL)
        return ECDHE_ERR_ARGUMENT;
    *ssb_len_bytes = 0;
    if (ssb == NULL || stb == NULL || stb_len_bytes != ECDHE_STATE_BYTES || ma == NULL ||
        ma_len_bytes != ECDHE_POINT_BYTES)
        return ECDHE_ERR_ARGUMENT;

    /* x was computed in pass 2; B only has to rebuild the transcript. */
    unsigned char t[ECDHE_TRANSCRIPT_BYTES];
    memcpy(t, stb, ECDHE_COORD_BYTES);
    memcpy(t + ECDHE_COORD_BYTES, ma, ECDHE_POINT_BYTES);
    memcpy(t + ECDHE_COORD_BYTES + ECDHE_POINT_BYTES, stb + ECDHE_COORD_BYTES, ECDHE_POINT_BYTES);
    return transcript_kdf(t, ssb, ssb_len_bytes);
}
