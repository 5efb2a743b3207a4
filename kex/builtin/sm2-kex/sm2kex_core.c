/* SM2 key agreement core (GB/T 32918.3-2016 6.1), see sm2kex_core.h.
 *
 * OpenSSL supplies the curve arithmetic only; SM3 and the KDF are the ICCS
 * functions (sm3hash, pseudoXOF = the GB/T 32918.4 5.4.3 KDF with SM3), so the
 * benchmark's hash accounting sees every hash the protocol makes.
 *
 * Both parties do the same computation with the roles swapped:
 *   t     = (d + x̄_own * r) mod n              (B4 / A5)
 *   W     = [t](P_peer + [x̄_peer] R_peer)      (B6 -> V / A7 -> U)
 *   K     = KDF(x_W || y_W || Z_A || Z_B, klen)  (B7 / A8)
 *   inner = SM3(x_W || Z_A || Z_B || x1 || y1 || x2 || y2)
 *   tag02 = SM3(0x02 || y_W || inner)           (S_B in B8, S_1 in A9)
 *   tag03 = SM3(0x03 || y_W || inner)           (S_A in A10, S_2 in B10)
 * with x̄ = 2^w + (x mod 2^w), w = 127, for x1 = x(R_A) and x2 = x(R_B).
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sm2kex_core.h"

#include "auxfunc.h"

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>

#include <string.h>

enum {
    CURVE_BITS = 8 * SM2KEX_COORD_BYTES,
    /* x̄ keeps the low w = 127 bits of x and sets bit 127: it is 16 bytes long. */
    XBAR_BYTES = 16,
    KDF_INPUT_BYTES = 2 * SM2KEX_COORD_BYTES + 2 * SM2KEX_HASH_BYTES,
    INNER_INPUT_BYTES = SM2KEX_COORD_BYTES + 2 * SM2KEX_HASH_BYTES + 4 * SM2KEX_COORD_BYTES,
    TAG_INPUT_BYTES = 1 + SM2KEX_COORD_BYTES + SM2KEX_HASH_BYTES,
    /* Generous bound that keeps pseudoXOF's bit count and allocation sane. */
    MAX_KLEN_BYTES = 1 << 16,
};

int sm2kex_group_supported(const EC_GROUP *g)
{
    if (g == NULL)
        return 0;
    const BIGNUM *n = EC_GROUP_get0_order(g), *h = EC_GROUP_get0_cofactor(g);
    return EC_GROUP_get_field_type(g) == NID_X9_62_prime_field && EC_GROUP_get_degree(g) == CURVE_BITS && n != NULL &&
           BN_num_bits(n) == CURVE_BITS && h != NULL && BN_is_one(h) && EC_GROUP_get0_generator(g) != NULL;
}

int sm2kex_group_order(const EC_GROUP *g, unsigned char n[SM2KEX_SCALAR_BYTES])
{
    if (!sm2kex_group_supported(g) || n == NULL)
        return SM2KEX_ERR_CRYPTO;
    return BN_bn2binpad(EC_GROUP_get0_order(g), n, SM2KEX_SCALAR_BYTES) == SM2KEX_SCALAR_BYTES ? 0 : SM2KEX_ERR_CRYPTO;
}

unsigned sm2kex_scalar_in_range(const unsigned char k[SM2KEX_SCALAR_BYTES], const unsigned char n[SM2KEX_SCALAR_BYTES],
                                unsigned slack)
{
    /* bound = n - slack; n is public, so this subtraction may branch. */
    unsigned char bound[SM2KEX_SCALAR_BYTES];
    unsigned borrow = slack;
    for (int i = SM2KEX_SCALAR_BYTES - 1; i >= 0; i--) {
        unsigned v = (unsigned)n[i] - borrow;
        bound[i] = (unsigned char)v;
        borrow = (v >> 8) & 1u;
    }
    /* k < bound and k != 0, without branching on k's bytes. */
    unsigned lt = 0, eq = 1, any = 0;
    for (int i = 0; i < SM2KEX_SCALAR_BYTES; i++) {
        unsigned a = k[i], b = bound[i];
        lt |= eq & ((a - b) >> 8) & 1u;   /* first differing byte has a < b */
        eq &= (((a ^ b) - 1u) >> 8) & 1u; /* still equal so far */
        any |= a;
    }
    return lt & ((any + 0xFFu) >> 8) & (borrow ^ 1u);
}

/* Decodes an uncompressed point and checks that it is a finite point on g. The
 * 0x04 test matters: oct2point also takes the 65-byte hybrid forms 0x06/0x07.
 * With cofactor 1 a finite curve point is in the prime-order group. */
static int decode_point(const EC_GROUP *g, const unsigned char *in, EC_POINT *p, BN_CTX *ctx)
{
    return in[0] == 0x04 && EC_POINT_oct2point(g, p, in, SM2KEX_POINT_BYTES, ctx) == 1 &&
           EC_POINT_is_on_curve(g, p, ctx) == 1 && !EC_POINT_is_at_infinity(g, p);
}

/* Loads a secret scalar; the flag steers OpenSSL onto its constant-time paths. */
static int load_secret(BIGNUM *b, const unsigned char *k)
{
    if (BN_bin2bn(k, SM2KEX_SCALAR_BYTES, b) == NULL)
        return 0;
    BN_set_flags(b, BN_FLG_CONSTTIME);
    return 1;
}

/* x̄ = 2^127 + (x mod 2^127) from an encoded point (x is bytes 1..32): the low
 * 16 bytes of x with the top bit forced to 1. */
static void x_bar(const unsigned char point[SM2KEX_POINT_BYTES], unsigned char out[XBAR_BYTES])
{
    memcpy(out, point + 1 + SM2KEX_COORD_BYTES - XBAR_BYTES, XBAR_BYTES);
    out[0] |= 0x80;
}

int sm2kex_point_valid(const EC_GROUP *g, const unsigned char point[SM2KEX_POINT_BYTES])
{
    if (g == NULL || point == NULL)
        return 0;
    ERR_set_mark();
    BN_CTX *ctx = BN_CTX_new();
    EC_POINT *p = EC_POINT_new(g);
    int ok = ctx != NULL && p != NULL && decode_point(g, point, p, ctx);
    EC_POINT_free(p);
    BN_CTX_free(ctx);
    ERR_pop_to_mark();
    return ok;
}

int sm2kex_base_mul(const EC_GROUP *g, const unsigned char k[SM2KEX_SCALAR_BYTES],
                    unsigned char point[SM2KEX_POINT_BYTES])
{
    unsigned char n[SM2KEX_SCALAR_BYTES];
    if (k == NULL || point == NULL)
        return SM2KEX_ERR_ARGUMENT;
    if (sm2kex_group_order(g, n) != 0)
        return SM2KEX_ERR_CRYPTO;
    if (!sm2kex_scalar_in_range(k, n, 0))
        return SM2KEX_ERR_ARGUMENT;

    int rc = SM2KEX_ERR_CRYPTO;
    ERR_set_mark();
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *kb = BN_new();
    EC_POINT *r = EC_POINT_new(g);
    if (ctx != NULL && kb != NULL && r != NULL && load_secret(kb, k) && EC_POINT_mul(g, r, kb, NULL, NULL, ctx) == 1 &&
        !EC_POINT_is_at_infinity(g, r) &&
        EC_POINT_point2oct(g, r, POINT_CONVERSION_UNCOMPRESSED, point, SM2KEX_POINT_BYTES, ctx) == SM2KEX_POINT_BYTES)
        rc = 0;
    EC_POINT_clear_free(r);
    BN_clear_free(kb);
    BN_CTX_free(ctx);
    ERR_pop_to_mark();
    return rc;
}

/* a || b || xG || yG of g, 32 bytes each: the curve part of every Z. */
static int curve_constants(const EC_GROUP *g, unsigned char out[4 * SM2KEX_COORD_BYTES])
{
    int rc = SM2KEX_ERR_CRYPTO;
    ERR_set_mark();
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *v[4] = {BN_new(), BN_new(), BN_new(), BN_new()};
    if (ctx != NULL && v[0] != NULL && v[1] != NULL && v[2] != NULL && v[3] != NULL &&
        EC_GROUP_get_curve(g, NULL, v[0], v[1], ctx) == 1 &&
        EC_POINT_get_affine_coordinates(g, EC_GROUP_get0_generator(g), v[2], v[3], ctx) == 1) {
        rc = 0;
        for (int i = 0; i < 4; i++)
            if (BN_bn2binpad(v[i], out + i * SM2KEX_COORD_BYTES, SM2KEX_COORD_BYTES) != SM2KEX_COORD_BYTES)
                rc = SM2KEX_ERR_CRYPTO;
    }
    for (int i = 0; i < 4; i++)
        BN_free(v[i]);
    BN_CTX_free(ctx);
    ERR_pop_to_mark();
    return rc;
}

int sm2kex_compute_z(const EC_GROUP *g, const unsigned char *id, size_t id_len,
                     const unsigned char pub[SM2KEX_POINT_BYTES], unsigned char z[SM2KEX_HASH_BYTES])
{
    if ((id == NULL && id_len != 0) || id_len > SM2KEX_MAX_ID_BYTES || pub == NULL || z == NULL || pub[0] != 0x04)
        return SM2KEX_ERR_ARGUMENT;
    if (!sm2kex_group_supported(g))
        return SM2KEX_ERR_CRYPTO;

    /* ENTL (2 bytes, the identity's length in bits) || ID || a || b || xG || yG || xP || yP;
     * the identity has no fixed bound below 8191 bytes, so the buffer is allocated. */
    const size_t len = 2 + id_len + 6 * SM2KEX_COORD_BYTES;
    unsigned char *buf = OPENSSL_malloc(len);
    if (buf == NULL)
        return SM2KEX_ERR_CRYPTO;
    buf[0] = (unsigned char)((8 * id_len) >> 8);
    buf[1] = (unsigned char)(8 * id_len);
    if (id_len != 0)
        memcpy(buf + 2, id, id_len);
    int rc = curve_constants(g, buf + 2 + id_len);
    if (rc == 0) {
        memcpy(buf + 2 + id_len + 4 * SM2KEX_COORD_BYTES, pub + 1, 2 * SM2KEX_COORD_BYTES);
        rc = sm3hash(256, buf, 8ull * len, z) == 0 ? 0 : SM2KEX_ERR_HASH;
    }
    OPENSSL_free(buf);
    return rc;
}

/* W = [t](P_peer + [x̄_peer] R_peer) with t = (d + x̄_own * r) mod n; writes
 * x_W || y_W (64 bytes). The caller has checked d, r and the two peer points. */
static int shared_point(const EC_GROUP *g, const unsigned char *d, const unsigned char *r,
                        const unsigned char *own_r_point, const EC_POINT *peer_p, const unsigned char *peer_r_point,
                        const EC_POINT *peer_r, unsigned char xy[2 * SM2KEX_COORD_BYTES], BN_CTX *ctx)
{
    unsigned char xbar_own[XBAR_BYTES], xbar_peer[XBAR_BYTES];
    x_bar(own_r_point, xbar_own);
    x_bar(peer_r_point, xbar_peer);

    int rc = SM2KEX_ERR_CRYPTO;
    EC_POINT *q = EC_POINT_new(g), *w = EC_POINT_new(g);
    BN_CTX_start(ctx);
    BIGNUM *db = BN_CTX_get(ctx), *rb = BN_CTX_get(ctx), *t = BN_CTX_get(ctx);
    BIGNUM *xo = BN_CTX_get(ctx), *xp = BN_CTX_get(ctx), *x = BN_CTX_get(ctx), *y = BN_CTX_get(ctx);
    const BIGNUM *n = EC_GROUP_get0_order(g);
    if (q == NULL || w == NULL || y == NULL || !load_secret(db, d) || !load_secret(rb, r) ||
        BN_bin2bn(xbar_own, XBAR_BYTES, xo) == NULL || BN_bin2bn(xbar_peer, XBAR_BYTES, xp) == NULL)
        goto done;
    BN_set_flags(t, BN_FLG_CONSTTIME);
    /* t = (d + x̄_own * r) mod n (B4 / A5) */
    if (BN_mod_mul(t, xo, rb, n, ctx) != 1 || BN_mod_add(t, t, db, n, ctx) != 1)
        goto done;
    /* Q = P_peer + [x̄_peer] R_peer: public inputs only. */
    if (EC_POINT_mul(g, q, NULL, peer_r, xp, ctx) != 1 || EC_POINT_add(g, q, q, peer_p, ctx) != 1)
        goto done;
    /* W = [h t] Q with h = 1; infinity (also for Q = O or t = 0) makes the exchange fail (B6 / A7). */
    if (EC_POINT_is_at_infinity(g, q) || BN_is_zero(t)) {
        rc = SM2KEX_ERR_INFINITY;
        goto done;
    }
    if (EC_POINT_mul(g, w, NULL, q, t, ctx) != 1)
        goto done;
    if (EC_POINT_is_at_infinity(g, w)) {
        rc = SM2KEX_ERR_INFINITY;
        goto done;
    }
    if (EC_POINT_get_affine_coordinates(g, w, x, y, ctx) != 1 ||
        BN_bn2binpad(x, xy, SM2KEX_COORD_BYTES) != SM2KEX_COORD_BYTES ||
        BN_bn2binpad(y, xy + SM2KEX_COORD_BYTES, SM2KEX_COORD_BYTES) != SM2KEX_COORD_BYTES)
        goto done;
    rc = 0;
done:
    if (y != NULL) { /* BN_CTX_end does not wipe; all of them exist whenever y does */
        BN_clear(db);
        BN_clear(rb);
        BN_clear(t);
        BN_clear(x);
        BN_clear(y);
    }
    BN_CTX_end(ctx);
    EC_POINT_clear_free(q);
    EC_POINT_clear_free(w);
    return rc;
}

/* From W = (x, y): both Z values, K = KDF(x || y || Z_A || Z_B, klen) and the
 * tags 0x02 / 0x03 over the same inner hash. k is zeroed if the KDF fails. */
static int derive_outputs(const EC_GROUP *g, const sm2kex_parties *parties,
                          const unsigned char xy[2 * SM2KEX_COORD_BYTES], const unsigned char *r_a_point,
                          const unsigned char *r_b_point, size_t klen_bytes, unsigned char *k,
                          unsigned char tag02[SM2KEX_HASH_BYTES], unsigned char tag03[SM2KEX_HASH_BYTES])
{
    unsigned char kdf_in[KDF_INPUT_BYTES], inner_in[INNER_INPUT_BYTES], tag_in[TAG_INPUT_BYTES];
    unsigned char z_a[SM2KEX_HASH_BYTES], z_b[SM2KEX_HASH_BYTES];
    int rc = sm2kex_compute_z(g, parties->id_a, parties->id_a_len, parties->pub_a, z_a);
    if (rc == 0)
        rc = sm2kex_compute_z(g, parties->id_b, parties->id_b_len, parties->pub_b, z_b);
    if (rc != 0)
        return rc;
    const unsigned char *x = xy, *y = xy + SM2KEX_COORD_BYTES;

    /* inner input: x || Z_A || Z_B || x1 || y1 || x2 || y2 */
    memcpy(inner_in, x, SM2KEX_COORD_BYTES);
    memcpy(inner_in + SM2KEX_COORD_BYTES, z_a, SM2KEX_HASH_BYTES);
    memcpy(inner_in + SM2KEX_COORD_BYTES + SM2KEX_HASH_BYTES, z_b, SM2KEX_HASH_BYTES);
    memcpy(inner_in + SM2KEX_COORD_BYTES + 2 * SM2KEX_HASH_BYTES, r_a_point + 1, 2 * SM2KEX_COORD_BYTES);
    memcpy(inner_in + 3 * SM2KEX_COORD_BYTES + 2 * SM2KEX_HASH_BYTES, r_b_point + 1, 2 * SM2KEX_COORD_BYTES);
    tag_in[0] = 0x02;
    memcpy(tag_in + 1, y, SM2KEX_COORD_BYTES);
    if (sm3hash(256, inner_in, 8ull * sizeof inner_in, tag_in + 1 + SM2KEX_COORD_BYTES) != 0 ||
        sm3hash(256, tag_in, 8ull * sizeof tag_in, tag02) != 0)
        rc = SM2KEX_ERR_HASH;
    tag_in[0] = 0x03;
    if (rc == 0 && sm3hash(256, tag_in, 8ull * sizeof tag_in, tag03) != 0)
        rc = SM2KEX_ERR_HASH;

    if (rc == 0) {
        memcpy(kdf_in, xy, 2 * SM2KEX_COORD_BYTES);
        memcpy(kdf_in + 2 * SM2KEX_COORD_BYTES, z_a, SM2KEX_HASH_BYTES);
        memcpy(kdf_in + 2 * SM2KEX_COORD_BYTES + SM2KEX_HASH_BYTES, z_b, SM2KEX_HASH_BYTES);
        if (pseudoXOF(8ull * klen_bytes, kdf_in, 8ull * sizeof kdf_in, k) != 0) {
            OPENSSL_cleanse(k, klen_bytes);
            rc = SM2KEX_ERR_HASH;
        }
    }
    /* All three buffers hold x_W or y_W, i.e. the shared secret. */
    OPENSSL_cleanse(kdf_in, sizeof kdf_in);
    OPENSSL_cleanse(inner_in, sizeof inner_in);
    OPENSSL_cleanse(tag_in, sizeof tag_in);
    return rc;
}

static int parties_valid(const sm2kex_parties *p)
{
    return p != NULL && (p->id_a != NULL || p->id_a_len == 0) && p->id_a_len <= SM2KEX_MAX_ID_BYTES &&
           (p->id_b != NULL || p->id_b_len == 0) && p->id_b_len <= SM2KEX_MAX_ID_BYTES && p->pub_a != NULL &&
           p->pub_b != NULL;
}

/* The work shared by both roles. own_* belong to the caller's side. */
static int agree(const EC_GROUP *g, const sm2kex_parties *parties, const unsigned char *own_d,
                 const unsigned char *own_r, const unsigned char *own_r_point, const unsigned char *peer_pub,
                 const unsigned char *peer_r_point, const unsigned char *r_a_point, const unsigned char *r_b_point,
                 size_t klen_bytes, unsigned char *k, unsigned char *tag02, unsigned char *tag03)
{
    unsigned char xy[2 * SM2KEX_COORD_BYTES];
    int rc;
    ERR_set_mark();
    BN_CTX *ctx = BN_CTX_new();
    EC_POINT *peer_p = EC_POINT_new(g), *peer_r = EC_POINT_new(g);
    if (ctx == NULL || peer_p == NULL || peer_r == NULL)
        rc = SM2KEX_ERR_CRYPTO;
    else if (!decode_point(g, peer_r_point, peer_r, ctx) || !decode_point(g, peer_pub, peer_p, ctx))
        rc = SM2KEX_ERR_PEER; /* B5 / A6: the peer's R (and its static key) must be curve points */
    else
        rc = shared_point(g, own_d, own_r, own_r_point, peer_p, peer_r_point, peer_r, xy, ctx);
    EC_POINT_free(peer_p);
    EC_POINT_free(peer_r);
    BN_CTX_free(ctx);
    ERR_pop_to_mark();
    if (rc == 0)
        rc = derive_outputs(g, parties, xy, r_a_point, r_b_point, klen_bytes, k, tag02, tag03);
    OPENSSL_cleanse(xy, sizeof xy);
    return rc;
}

/* Checks shared by both roles: pointers, klen, the curve, d in [1, n-2], r in [1, n-1]. */
static int check_inputs(const EC_GROUP *g, const sm2kex_parties *parties, const unsigned char *d,
                        const unsigned char *r, const void *in_point, size_t klen_bytes, const void *k,
                        const void *tag02, const void *tag03)
{
    unsigned char n[SM2KEX_SCALAR_BYTES];
    if (!parties_valid(parties) || d == NULL || r == NULL || in_point == NULL || k == NULL || tag02 == NULL ||
        tag03 == NULL || klen_bytes == 0 || klen_bytes > MAX_KLEN_BYTES)
        return SM2KEX_ERR_ARGUMENT;
    if (sm2kex_group_order(g, n) != 0)
        return SM2KEX_ERR_CRYPTO;
    if (!sm2kex_scalar_in_range(d, n, 1) || !sm2kex_scalar_in_range(r, n, 0))
        return SM2KEX_ERR_ARGUMENT;
    return 0;
}

int sm2kex_responder(const EC_GROUP *g, const sm2kex_parties *parties, const unsigned char d_b[SM2KEX_SCALAR_BYTES],
                     const unsigned char r_b[SM2KEX_SCALAR_BYTES], const unsigned char r_a_point[SM2KEX_POINT_BYTES],
                     size_t klen_bytes, unsigned char r_b_point[SM2KEX_POINT_BYTES], unsigned char *k_b,
                     unsigned char s_b[SM2KEX_HASH_BYTES], unsigned char s_2[SM2KEX_HASH_BYTES])
{
    int rc = check_inputs(g, parties, d_b, r_b, r_a_point, klen_bytes, k_b, s_b, s_2);
    if (rc != 0)
        return rc;
    if (r_b_point == NULL)
        return SM2KEX_ERR_ARGUMENT;
    unsigned char rb_point[SM2KEX_POINT_BYTES], tag02[SM2KEX_HASH_BYTES], tag03[SM2KEX_HASH_BYTES];
    rc = sm2kex_base_mul(g, r_b, rb_point); /* B2 */
    if (rc == 0)
        rc = agree(g, parties, d_b, r_b, rb_point, parties->pub_a, r_a_point, r_a_point, rb_point, klen_bytes, k_b,
                   tag02, tag03);
    if (rc == 0) {
        memcpy(r_b_point, rb_point, SM2KEX_POINT_BYTES);
        memcpy(s_b, tag02, SM2KEX_HASH_BYTES);
        memcpy(s_2, tag03, SM2KEX_HASH_BYTES);
    }
    OPENSSL_cleanse(tag03, sizeof tag03); /* S_2 is what A must prove it knows */
    return rc;
}

int sm2kex_initiator(const EC_GROUP *g, const sm2kex_parties *parties, const unsigned char d_a[SM2KEX_SCALAR_BYTES],
                     const unsigned char r_a[SM2KEX_SCALAR_BYTES], const unsigned char r_a_point[SM2KEX_POINT_BYTES],
                     const unsigned char r_b_point[SM2KEX_POINT_BYTES], size_t klen_bytes, unsigned char *k_a,
                     unsigned char s_1[SM2KEX_HASH_BYTES], unsigned char s_a[SM2KEX_HASH_BYTES])
{
    int rc = check_inputs(g, parties, d_a, r_a, r_b_point, klen_bytes, k_a, s_1, s_a);
    if (rc != 0)
        return rc;
    /* R_A is A's own point; only its encoding is used (x1, y1 and x̄1). */
    if (r_a_point == NULL || r_a_point[0] != 0x04)
        return SM2KEX_ERR_ARGUMENT;
    unsigned char tag02[SM2KEX_HASH_BYTES], tag03[SM2KEX_HASH_BYTES];
    rc = agree(g, parties, d_a, r_a, r_a_point, parties->pub_b, r_b_point, r_a_point, r_b_point, klen_bytes, k_a, tag02,
               tag03);
    if (rc == 0) {
        memcpy(s_1, tag02, SM2KEX_HASH_BYTES);
        memcpy(s_a, tag03, SM2KEX_HASH_BYTES);
    }
    OPENSSL_cleanse(tag02, sizeof tag02);
    return rc;
}
