/* X25519-NIKE: static-static X25519 Diffie-Hellman behind the ICCS KEX API.
 *
 * A 0-pass protocol: each party's long-term key pair is all it needs, so the
 * passes exchange nothing and both sides derive from their own secret key and
 * the peer's public key alone.
 *
 * Byte layouts:
 *   pk  (32) = X25519 public key u-coordinate (RFC 7748 encoding)
 *   sk  (64) = raw private key (32 DRNG bytes, clamped by X25519 itself) || own pk (32)
 *   sta, stb, m1, m2, m3: empty (length 0)
 *   ss  (32) = SM3(DH || pk_A || pk_B), DH = X25519(own sk, peer pk);
 *              the initiator's key always comes first, so both sides hash the same bytes.
 *
 * sk carries the own public key because derive has to put it into the hash and
 * OpenSSL 3 recomputes the public key (a fixed-base multiplication) whenever a
 * private key is imported without it; with it, derive costs exactly one X25519.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "auxfunc.h"
#include "kex_api.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <string.h>

enum {
    NIKE_KEY_BYTES = 32,
    NIKE_PK_BYTES = NIKE_KEY_BYTES,
    NIKE_SK_BYTES = 2 * NIKE_KEY_BYTES,
    NIKE_SS_BYTES = 32,
};

/* Error codes (the API reserves -1 .. -99). */
enum {
    NIKE_ERR_ARGUMENT = -1, /* NULL pointer or wrong length */
    NIKE_ERR_CRYPTO = -2,   /* OpenSSL failed (allocation, key import) */
    NIKE_ERR_PEER = -3,     /* peer key gives an all-zero (low-order) shared value */
    NIKE_ERR_HASH = -4,     /* sm3hash failed */
};

unsigned long long kex_get_passes_num(void) { return 0; }
unsigned long long kex_get_pk_len_bytes(void) { return NIKE_PK_BYTES; }
unsigned long long kex_get_sk_len_bytes(void) { return NIKE_SK_BYTES; }
unsigned long long kex_get_sta_len_bytes(void) { return 0; }
unsigned long long kex_get_stb_len_bytes(void) { return 0; }
unsigned long long kex_get_ss_len_bytes(void) { return NIKE_SS_BYTES; }
/* No messages at all; drivers may allocate zero-sized message buffers. */
unsigned long long kex_get_total_msg_len_bytes(void) { return 0; }

/* Key generation shared by both parties: they are symmetric in a NIKE. */
static int nike_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk, unsigned long long *sk_len,
                       unsigned long long *st_len)
{
    if (pk == NULL || pk_len == NULL || sk == NULL || sk_len == NULL || st_len == NULL)
        return NIKE_ERR_ARGUMENT;
    /* Always write the lengths, so a failed call never leaves stale sizes behind. */
    *pk_len = 0;
    *sk_len = 0;
    *st_len = 0;

    unsigned char priv[NIKE_KEY_BYTES];
    get_random_number(&drng_algorithm, priv, 8 * NIKE_KEY_BYTES);

    int rc = NIKE_ERR_CRYPTO;
    ERR_set_mark();
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, sizeof priv);
    size_t pub_len = NIKE_PK_BYTES;
    if (key != NULL && EVP_PKEY_get_raw_public_key(key, pk, &pub_len) == 1 && pub_len == NIKE_PK_BYTES) {
        memcpy(sk, priv, NIKE_KEY_BYTES);
        memcpy(sk + NIKE_KEY_BYTES, pk, NIKE_PK_BYTES);
        *pk_len = NIKE_PK_BYTES;
        *sk_len = NIKE_SK_BYTES;
        rc = 0;
    }
    EVP_PKEY_free(key);
    ERR_pop_to_mark();
    OPENSSL_cleanse(priv, sizeof priv);
    return rc;
}

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes, unsigned char *ska,
               unsigned long long *ska_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes)
{
    (void)sta; /* no state: its capacity is 0 */
    return nike_keygen(pka, pka_len_bytes, ska, ska_len_bytes, sta_len_bytes);
}

int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes, unsigned char *skb,
               unsigned long long *skb_len_bytes, unsigned char *stb, unsigned long long *stb_len_bytes)
{
    (void)stb;
    return nike_keygen(pkb, pkb_len_bytes, skb, skb_len_bytes, stb_len_bytes);
}

/* The passes exist because the official driver calls passes 1-3 for a 0-pass protocol.
 * They send nothing, but write both lengths: drivers that preset a message length to the
 * buffer capacity would otherwise count a phantom message. */
static int nike_empty_pass(unsigned long long *st_len, unsigned long long *m_len)
{
    if (st_len == NULL || m_len == NULL)
        return NIKE_ERR_ARGUMENT;
    *st_len = 0;
    *m_len = 0;
    return 0;
}

int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                             unsigned long long pkb_len_bytes, unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes)
{
    (void)ska, (void)ska_len_bytes, (void)pkb, (void)pkb_len_bytes, (void)sta, (void)m1;
    return nike_empty_pass(sta_len_bytes, m1_len_bytes);
}

int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                             unsigned long long pka_len_bytes, unsigned char *m1, unsigned long long m1_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes, unsigned char *m2,
                             unsigned long long *m2_len_bytes)
{
    (void)skb, (void)skb_len_bytes, (void)pka, (void)pka_len_bytes, (void)m1, (void)m1_len_bytes, (void)stb, (void)m2;
    return nike_empty_pass(stb_len_bytes, m2_len_bytes);
}

int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                             unsigned long long pkb_len_bytes, unsigned char *m2, unsigned long long m2_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes, unsigned char *m3,
                             unsigned long long *m3_len_bytes)
{
    (void)ska, (void)ska_len_bytes, (void)pkb, (void)pkb_len_bytes, (void)m2, (void)m2_len_bytes, (void)sta, (void)m3;
    return nike_empty_pass(sta_len_bytes, m3_len_bytes);
}

/* X25519(sk, peer) into dh. The key pair is imported with its public half so OpenSSL
 * does not recompute it; the peer key needs no validation beyond its length, and
 * OpenSSL itself refuses an all-zero result (a low-order peer point). */
static int nike_dh(const unsigned char *sk, const unsigned char *peer_pk, unsigned char dh[NIKE_KEY_BYTES])
{
    unsigned char priv[NIKE_KEY_BYTES], pub[NIKE_PK_BYTES];
    memcpy(priv, sk, NIKE_KEY_BYTES); /* OSSL_PARAM wants non-const buffers */
    memcpy(pub, sk + NIKE_KEY_BYTES, NIKE_PK_BYTES);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv, sizeof priv),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub),
        OSSL_PARAM_construct_end(),
    };

    int rc = NIKE_ERR_CRYPTO;
    ERR_set_mark();
    EVP_PKEY *own = NULL;
    EVP_PKEY_CTX *dctx = NULL;
    EVP_PKEY_CTX *kctx = EVP_PKEY_CTX_new_from_name(NULL, "X25519", NULL);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer_pk, NIKE_PK_BYTES);
    if (kctx == NULL || peer == NULL || EVP_PKEY_fromdata_init(kctx) != 1 ||
        EVP_PKEY_fromdata(kctx, &own, EVP_PKEY_KEYPAIR, params) != 1)
        goto done;
    dctx = EVP_PKEY_CTX_new_from_pkey(NULL, own, NULL);
    if (dctx == NULL || EVP_PKEY_derive_init(dctx) != 1 || EVP_PKEY_derive_set_peer(dctx, peer) != 1)
        goto done;
    size_t dh_len = NIKE_KEY_BYTES;
    if (EVP_PKEY_derive(dctx, dh, &dh_len) != 1 || dh_len != NIKE_KEY_BYTES) {
        rc = NIKE_ERR_PEER; /* the only way derive fails with a well-formed key pair */
        goto done;
    }
    rc = 0;
done:
    EVP_PKEY_CTX_free(dctx);
    EVP_PKEY_free(own);
    EVP_PKEY_free(peer);
    EVP_PKEY_CTX_free(kctx);
    ERR_pop_to_mark();
    OPENSSL_cleanse(priv, sizeof priv);
    return rc;
}

/* ss = SM3(DH || pk_A || pk_B): binding both public keys makes the secret depend on
 * who talked to whom, not only on the DH value. */
static int nike_derive(const unsigned char *own_sk, const unsigned char *peer_pk, int own_is_initiator,
                       unsigned char *ss, unsigned long long *ss_len)
{
    unsigned char buf[NIKE_KEY_BYTES + 2 * NIKE_PK_BYTES];
    const unsigned char *own_pk = own_sk + NIKE_KEY_BYTES;
    int rc = nike_dh(own_sk, peer_pk, buf);
    if (rc == 0) {
        memcpy(buf + NIKE_KEY_BYTES, own_is_initiator ? own_pk : peer_pk, NIKE_PK_BYTES);
        memcpy(buf + NIKE_KEY_BYTES + NIKE_PK_BYTES, own_is_initiator ? peer_pk : own_pk, NIKE_PK_BYTES);
        if (sm3hash(8 * NIKE_SS_BYTES, buf, 8ull * sizeof buf, ss) != 0)
            rc = NIKE_ERR_HASH;
        else
            *ss_len = NIKE_SS_BYTES;
    }
    OPENSSL_cleanse(buf, sizeof buf);
    return rc;
}

int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes, unsigned char *pkb,
                    unsigned long long pkb_len_bytes, unsigned char *mb, unsigned long long mb_len_bytes,
                    unsigned char *sta, unsigned long long sta_len_bytes, unsigned char *ssa,
                    unsigned long long *ssa_len_bytes)
{
    (void)mb, (void)mb_len_bytes, (void)sta, (void)sta_len_bytes; /* nothing was exchanged */
    if (ssa_len_bytes == NULL)
        return NIKE_ERR_ARGUMENT;
    *ssa_len_bytes = 0;
    if (ska == NULL || ska_len_bytes != NIKE_SK_BYTES || pkb == NULL || pkb_len_bytes != NIKE_PK_BYTES || ssa == NULL)
        return NIKE_ERR_ARGUMENT;
    return nike_derive(ska, pkb, 1, ssa, ssa_len_bytes);
}

int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes, unsigned char *pka,
                    unsigned long long pka_len_bytes, unsigned char *ma, unsigned long long ma_len_bytes,
                    unsigned char *stb, unsigned long long stb_len_bytes, unsigned char *ssb,
                    unsigned long long *ssb_len_bytes)
{
    (void)ma, (void)ma_len_bytes, (void)stb, (void)stb_len_bytes;
    if (ssb_len_bytes == NULL)
        return NIKE_ERR_ARGUMENT;
    *ssb_len_bytes = 0;
    if (skb == NULL || skb_len_bytes != NIKE_SK_BYTES || pka == NULL || pka_len_bytes != NIKE_PK_BYTES || ssb == NULL)
        return NIKE_ERR_ARGUMENT;
    return nike_derive(skb, pka, 0, ssb, ssb_len_bytes);
}
