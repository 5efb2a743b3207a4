/* SM2-KEX: the SM2 key agreement protocol of GB/T 32918.3-2016 (section 6.1)
 * with its optional key confirmation, behind the ICCS KEX API as 3 passes:
 *
 *   pass 1, A: m1 = R_A = [r_A]G                                   (A1-A3)
 *   pass 2, B: checks R_A, m2 = R_B || S_B, keeps K_B and S_2        (B1-B9)
 *   pass 3, A: checks R_B, K_A, S_1 == S_B, m3 = S_A; last pass      (A4-A10)
 *   derive_a : K_A;  derive_b: checks S_A == S_2 (B10), K_B
 *
 * Parameters: the SM2 recommended curve (OpenSSL NID_sm2), SM3 and the KDF from
 * the ICCS layer (sm3hash, pseudoXOF), both identities the GM/T 0009 default
 * "1234567812345678" (ENTL = 0x0080). The protocol authenticates the static
 * keys: each side's key depends on its own private key and the peer's public
 * key, and the tags prove to each side that the other derived the same key.
 *
 * Shared-secret length: klen = 256 bits, i.e. 32 bytes. The standard's worked
 * example uses klen = 128, but every instance in this suite gives a 256-bit
 * secret, so the benchmark compares like with like; the KDF costs the same
 * single SM3 block either way (one SM3 call yields 256 bits).
 *
 * Byte layouts (points are uncompressed 0x04 || X || Y, 65 bytes; scalars,
 * coordinates and hashes are 32-byte big-endian):
 *   pk   (65) = P = [d]G
 *   sk   (97) = d || P      P is kept so Z of the own side needs no pk argument
 *   m1   (65) = R_A
 *   m2   (97) = R_B || S_B
 *   m3   (32) = S_A
 *   sta  ( 0) after init; (97) = r_A || R_A after pass 1; (32) = K_A after pass 3
 *              (r_A is wiped then; the buffer capacity is 97)
 *   stb  ( 0) after init; (64) = K_B || S_2 after pass 2
 *   ss   (32) = K_A = K_B
 * with Z = SM3(ENTL || ID || a || b || xG || yG || xP || yP),
 *      K = KDF(x || y || Z_A || Z_B, 256) for (x, y) = V on B's side, U on A's,
 *      S_B = SM3(0x02 || y || SM3(x || Z_A || Z_B || x1 || y1 || x2 || y2)),
 *      S_A = SM3(0x03 || y || the same inner hash),  (x1, y1) = R_A, (x2, y2) = R_B.
 *
 * Scalars come from the ICCS DRNG by rejection sampling of 256-bit draws
 * (d in [1, n-2], r in [1, n-1]), so known-answer tests repeat. Draw order:
 * init_a d_A, init_b d_B, pass 1 r_A, pass 2 r_B (after its inputs are checked).
 *
 * Errors (negative, see sm2kex_core.h): -1 argument, -2 OpenSSL, -3 a point or
 * public key not on the curve, -4 hash, -5 DRNG, -6 V or U at infinity,
 * -7 confirmation from B failed (pass 3), -8 confirmation from A failed (derive_b).
 *
 * This file only binds the protocol layer (sm2kex_proto.c, in the static
 * library kexbench_sm2kex that the unit tests also link) to the process's curve,
 * the default identities and the global drng_algorithm.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "kex_api.h"
#include "sm2kex_proto.h"

#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>

#include <pthread.h>

unsigned long long kex_get_passes_num(void) { return SM2KEX_PASSES; }
unsigned long long kex_get_pk_len_bytes(void) { return SM2KEX_PK_BYTES; }
unsigned long long kex_get_sk_len_bytes(void) { return SM2KEX_SK_BYTES; }
unsigned long long kex_get_sta_len_bytes(void) { return SM2KEX_STA_MAX_BYTES; }
unsigned long long kex_get_stb_len_bytes(void) { return SM2KEX_STB_MAX_BYTES; }
unsigned long long kex_get_ss_len_bytes(void) { return SM2KEX_SS_BYTES; }
unsigned long long kex_get_total_msg_len_bytes(void) { return SM2KEX_TOTAL_MSG_BYTES; }

/* The group is built once per process: constructing it costs a noticeable
 * fraction of a scalar multiplication, and the benchmark should time the
 * exchange, not the setup. OpenSSL only reads an EC_GROUP during arithmetic,
 * so sharing it between threads is safe. */
static EC_GROUP *curve_group_ptr;
static pthread_once_t curve_once = PTHREAD_ONCE_INIT;

static void curve_setup(void)
{
    ERR_set_mark();
    EC_GROUP *g = EC_GROUP_new_by_curve_name(NID_sm2);
    if (sm2kex_group_supported(g))
        curve_group_ptr = g;
    else
        EC_GROUP_free(g);
    ERR_pop_to_mark();
}

/* Frees the cached group when the library is unloaded, so dlclose does not leak it. */
__attribute__((destructor)) static void curve_teardown(void)
{
    EC_GROUP_free(curve_group_ptr);
    curve_group_ptr = NULL;
}

/* The instance's fixed parameters. A NULL group (setup failed) makes the
 * protocol layer return SM2KEX_ERR_CRYPTO after its argument checks. */
static sm2kex_setup instance_setup(void)
{
    const EC_GROUP *g = pthread_once(&curve_once, curve_setup) == 0 ? curve_group_ptr : NULL;
    sm2kex_setup s = {
        g, sm2kex_default_id, SM2KEX_DEFAULT_ID_BYTES, sm2kex_default_id, SM2KEX_DEFAULT_ID_BYTES, &drng_algorithm};
    return s;
}

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
               unsigned long long *ska_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes)
{
    const sm2kex_setup s = instance_setup();
    return sm2kex_proto_init(&s, pka, pka_len_bytes, ska, ska_len_bytes, sta, sta_len_bytes);
}

int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
               unsigned long long *skb_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes)
{
    const sm2kex_setup s = instance_setup();
    return sm2kex_proto_init(&s, pkb, pkb_len_bytes, skb, skb_len_bytes, stb, stb_len_bytes);
}

int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                             unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes)
{
    const sm2kex_setup s = instance_setup();
    return sm2kex_proto_pass1(&s, ska, ska_len_bytes, pkb, pkb_len_bytes, sta, sta_len_bytes, m1, m1_len_bytes);
}

int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                             unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
                             unsigned long long *m2_len_bytes)
{
    const sm2kex_setup s = instance_setup();
    return sm2kex_proto_pass2(&s, skb, skb_len_bytes, pka, pka_len_bytes, m1, m1_len_bytes, stb, stb_len_bytes, m2,
                              m2_len_bytes);
}

int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                             unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3,
                             unsigned long long *m3_len_bytes)
{
    const sm2kex_setup s = instance_setup();
    return sm2kex_proto_pass3(&s, ska, ska_len_bytes, pkb, pkb_len_bytes, m2, m2_len_bytes, sta, sta_len_bytes, m3,
                              m3_len_bytes);
}

int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                    unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
                    unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
                    unsigned long long *ssa_len_bytes)
{
    return sm2kex_proto_derive_a(ska, ska_len_bytes, pkb, pkb_len_bytes, mb, mb_len_bytes, sta, sta_len_bytes, ssa,
                                 ssa_len_bytes);
}

int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                    unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
                    unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
                    unsigned long long *ssb_len_bytes)
{
    return sm2kex_proto_derive_b(skb, skb_len_bytes, pka, pka_len_bytes, ma, ma_len_bytes, stb, stb_len_bytes, ssb,
                                 ssb_len_bytes);
}
