/* SPDX-License-Identifier: GPL-3.0-or-later */
/* kexbench clean-room ICCS DRNG: an SP 800-90A Hash_DRBG with SM3 (outlen 256,
 * seedlen 440), without reseed, nonce, personalisation or additional input, so
 * that KAT seeds and every later draw match the official package bit for bit.
 * All state words are 55-byte big-endian integers, arithmetic is mod 2^440.
 * Plain C11 on purpose: submission folders compile it beside auxfunc.c only. */

#include "drng.h"

#include "auxfunc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DIGEST_BYTES 32u

/* Every SM3 here covers whole bytes; sm3hash counts bits. */
static void sm3_bytes(const unsigned char *in, size_t len, unsigned char out[DIGEST_BYTES])
{
    (void)sm3hash(256, in, 8ull * (unsigned long long)len, out);
}

/* acc = acc + x mod 2^440, x big-endian and right-aligned (xlen <= SEEDLEN).
 * Every byte is visited: stopping when the carry dies out would make the time
 * depend on the secret state V, and the constant-time check (kexbench-cli ct)
 * flags every step that draws from the DRNG when it does. */
static void add_be(unsigned char acc[SEEDLEN], const unsigned char *x, size_t xlen)
{
    unsigned carry = 0;
    size_t i = SEEDLEN, k = xlen;
    while (i-- > 0) {
        unsigned sum = acc[i] + carry + (k > 0 ? x[--k] : 0u);
        acc[i] = (unsigned char)sum;
        carry = sum >> 8;
    }
}

static void increment_be(unsigned char acc[SEEDLEN])
{
    static const unsigned char one = 1;
    add_be(acc, &one, 1);
}

/* SM3_df with no_of_bits_to_return = 440: two SM3 blocks (counter 1 and 2),
 * each over counter || BE32(440) || input, truncated to 55 bytes. */
static int sm3_df(const unsigned char *input, unsigned long long len, unsigned char out[SEEDLEN])
{
    unsigned char local[5 + 2 * SEEDLEN];
    unsigned char *buf = local;
    unsigned char w[2 * DIGEST_BYTES];

    if (len > sizeof local - 5) {
        /* sm3hash takes one contiguous message, so long seeds need a heap copy. */
        if (len > (unsigned long long)SIZE_MAX - 5u)
            return -2;
        buf = malloc((size_t)len + 5u);
        if (!buf)
            return -2;
    }
    buf[1] = 0x00;
    buf[2] = 0x00;
    buf[3] = 0x01;
    buf[4] = 0xB8;
    if (len)
        memcpy(buf + 5, input, (size_t)len);
    for (unsigned ctr = 1; ctr <= 2; ctr++) {
        buf[0] = (unsigned char)ctr;
        sm3_bytes(buf, (size_t)len + 5u, w + (ctr - 1u) * DIGEST_BYTES);
    }
    memcpy(out, w, SEEDLEN);

    if (buf != local)
        free(buf);
    return 0;
}

int init_random_number(DRNG_ctx *drng, const unsigned char *seed, unsigned long long seed_len_bytes)
{
    unsigned char zv[1 + SEEDLEN];
    int rc;

    memset(drng, 0, sizeof *drng);
    rc = sm3_df(seed, seed_len_bytes, drng->V);
    if (rc)
        return rc;
    zv[0] = 0x00;
    memcpy(zv + 1, drng->V, SEEDLEN);
    rc = sm3_df(zv, sizeof zv, drng->C);
    if (rc)
        return rc;
    drng->reseed_counter[SEEDLEN - 1] = 1;
    return 0;
}

int get_random_number(DRNG_ctx *drng, unsigned char *random_number, unsigned long long random_number_len_bits)
{
    const unsigned long long n = random_number_len_bits;
    const unsigned long long nbytes = n / 8u + ((n & 7u) != 0);
    unsigned char data[SEEDLEN], w[DIGEST_BYTES];
    unsigned char hv[1 + SEEDLEN];

    memcpy(data, drng->V, SEEDLEN);
    for (unsigned long long done = 0; done < nbytes;) {
        unsigned long long take = nbytes - done < DIGEST_BYTES ? nbytes - done : DIGEST_BYTES;
        sm3_bytes(data, SEEDLEN, w);
        memcpy(random_number + done, w, (size_t)take);
        done += take;
        increment_be(data);
    }
    if (n & 7u)
        random_number[nbytes - 1] &= (unsigned char)(0xFFu << (8u - (unsigned)(n & 7u)));

    /* The state advances even for n = 0, as in the official generator. */
    hv[0] = 0x03;
    memcpy(hv + 1, drng->V, SEEDLEN);
    sm3_bytes(hv, sizeof hv, w);
    add_be(drng->V, w, DIGEST_BYTES);
    add_be(drng->V, drng->C, SEEDLEN);
    add_be(drng->V, drng->reseed_counter, SEEDLEN);
    increment_be(drng->reseed_counter);
    return 0;
}
